//! SAT backend abstraction and a finite-domain constraint-model builder.
//!
//! The [`backend`] module defines solver-independent literals and the
//! [`SatBackend`] trait; only the `*_backend` modules name a solver crate.
//! [`Model`] builds integer variables, reified comparisons, cardinality,
//! linear, element and table constraints on top of any backend (and lazily
//! checked connectivity, [`connected`]), and offers
//! optimisation and uniqueness checks. [`propagate`] puts an incremental
//! unit-propagation front end before the backend.

pub mod backend;
#[cfg(feature = "batsat")]
pub mod batsat_backend;
pub mod cardinality;
pub mod connected;
pub mod global;
pub mod int_var;
pub mod linear;
pub mod logic;
pub mod model;
pub mod optimize;
pub mod order;
pub mod propagate;
pub mod regular;
pub mod runs;
pub mod unique;
pub mod varisat_backend;

pub use backend::{
    available_backends, backend_variants, current_backend, default_backend, prototype_backend,
    select_backend, selected_backend, Limits, Lit, SatBackend, SatError, Var,
};
pub use int_var::IntVar;
pub use linear::LinExpr;
pub use model::Model;
pub use order::CmpOp;
