//! Render: Korean particles and formatting helpers used by templates.

pub mod fill;
pub mod format;
pub mod particle;
pub mod particle_check;
