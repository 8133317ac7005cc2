//! Arbitrary text as a qipan game record, parsed and replayed; see `qipan::fuzzing::record`.
#![no_main]
libfuzzer_sys::fuzz_target!(|text: &str| qipan::fuzzing::record(text));
