//! Eval: the expression language at run time (values, environments, the
//! interpreter and the standard library).

pub mod accept;
pub mod arith;
pub mod builtins;
pub mod calendar;
pub mod effort;
pub mod env;
pub mod error;
pub mod explain;
pub mod fuel;
pub mod interp;
pub mod map_index;
pub mod optimum;
pub mod sequences;
pub mod size;
pub mod sym;
pub mod symops;
pub mod value;
pub mod words;

pub use env::Env;
pub use error::{EvalError, EvalErrorKind, EvalResult};
pub use fuel::{Fuel, Limits, Resource};
pub use interp::{Functions, Interp};
pub use value::Value;

/// The source of randomness for sampling expressions. The generator
/// implements it on the project's own ChaCha helpers; evaluation outside
/// `generate` has none, so randomness there is an error.
pub trait Sampler {
    /// Uniform in `0..n`, `n > 0`.
    fn below(&mut self, n: u64) -> u64;
    /// `k <= n` distinct indices of `0..n` in sampled order.
    fn pick_indices(&mut self, n: usize, k: usize) -> Vec<usize>;
    /// A uniformly random order of `0..n`.
    fn permutation(&mut self, n: usize) -> Vec<usize>;
    /// An index chosen with probability proportional to its weight.
    fn weighted(&mut self, weights: &[u64]) -> Result<usize, String>;
}
