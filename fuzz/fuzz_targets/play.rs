//! A `qipan play` session typed by the fuzzer; see `qipan::fuzzing::play`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| qipan::fuzzing::play(data));
