//! Bytes choosing a shipped game and a sequence of moves and pseudo-moves; see `qipan::fuzzing::sequences`.
#![no_main]
libfuzzer_sys::fuzz_target!(|bytes: &[u8]| qipan::fuzzing::sequences(bytes));
