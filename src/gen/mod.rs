//! Gen: seeded sampling and generation. The only module that holds an RNG.

pub mod constraint;
pub mod error;
pub mod gold;
pub mod item;
mod prompt_parts;
pub mod rng;
pub mod sampler;
pub mod seed;

pub use error::{GenError, ItemContext};
pub use item::{generate, Checkpoint, Item, Rendered};
