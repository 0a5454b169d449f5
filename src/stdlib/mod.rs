//! General domain libraries callable from specs.

pub mod assignment;
pub mod date;
pub mod ganji;
pub mod hangul;
pub mod holiday;
pub mod lunar;
pub mod numeral;
pub mod wordlist;
