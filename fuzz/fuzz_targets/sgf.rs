//! Arbitrary bytes as an SGF file, parsed and replayed on Go; see `qipan::fuzzing::sgf`.
#![no_main]
libfuzzer_sys::fuzz_target!(|bytes: &[u8]| qipan::fuzzing::sgf(bytes));
