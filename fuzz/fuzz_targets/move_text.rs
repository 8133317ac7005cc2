//! Arbitrary text as a move in positions of every shipped game; see `qipan::fuzzing::move_text_input`.
#![no_main]
libfuzzer_sys::fuzz_target!(|text: &str| qipan::fuzzing::move_text_input(text));
