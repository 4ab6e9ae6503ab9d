//! Fuzzes parlour::checks::picture (see that module for what is checked).
#![no_main]

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| parlour::checks::picture(bytes));
