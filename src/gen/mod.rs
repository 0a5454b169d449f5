//! Gen: seeded sampling and generation. The only module that holds an RNG.

mod constants;
pub mod constraint;
pub mod error;
mod finish;
pub mod gold;
pub mod item;
pub mod profile;
mod prompt_parts;
mod require;
pub mod rng;
pub mod sampler;
pub mod seed;
mod text_checks;

pub use constants::set_constant_reuse;
pub use error::{GenError, ItemContext};
pub use item::{generate, Checkpoint, Item, Rendered};
