//! Arbitrary text as a movement rule, a rule's condition and an option expression; see `qipan::fuzzing::language`.
#![no_main]
libfuzzer_sys::fuzz_target!(|text: &str| qipan::fuzzing::language(text));
