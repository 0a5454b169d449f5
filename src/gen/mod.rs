//! Gen: seeded sampling and generation. The only module that holds an RNG.

pub mod constraint;
pub mod error;
mod finish;
pub mod gold;
pub mod item;
mod prompt_parts;
mod require;
pub mod rng;
pub mod sampler;
pub mod seed;
mod text_checks;

pub use error::{GenError, ItemContext};
pub use item::{generate, Checkpoint, Item, Rendered};
