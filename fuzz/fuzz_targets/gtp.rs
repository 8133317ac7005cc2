//! A GTP session over the fuzzer's bytes; see `qipan::fuzzing::gtp`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| qipan::fuzzing::gtp(data));
