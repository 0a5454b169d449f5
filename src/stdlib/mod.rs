//! General domain libraries callable from specs.

pub mod hangul;
