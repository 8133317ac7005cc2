//! Arbitrary UTF-8 as a whole game definition; see `qipan::fuzzing::definition`.
#![no_main]
libfuzzer_sys::fuzz_target!(|text: &str| qipan::fuzzing::definition(text));
