//! A finite-domain engine that answers the generator's satisfiability and
//! uniqueness questions before the SAT backend is asked.
//!
//! A question is the rules, the clues in force (conditions over the
//! unknowns), optionally further conditions, and optionally an assignment
//! to avoid ("is there a solution other than this one?"). The engine keeps
//! one bitset domain per unknown (at most 64 values), prunes it with three
//! propagators (`propagate`: all-different with hidden values, bounds of
//! linear sums and counts, and any other condition tested once all but one
//! of its unknowns are fixed), and searches depth first with a node budget
//! (`search`). Its answer is one of:
//!
//! - [`Answer::Sat`] with a solution, which has been checked by evaluating
//!   every rule, clue and condition on it (so a wrong lowering can only cost
//!   speed, never give a wrong "satisfiable");
//! - [`Answer::Unsat`], when the search covered every branch: propagation
//!   only removes values no solution takes, so no solution was missed;
//! - [`Answer::Unknown`], when the budget ran out, a domain is too large,
//!   or a condition could not be evaluated (an overflow): the caller asks
//!   the SAT backend instead.
//!
//! [`first`] answers the oracle walk of `sample solution` instead: the first
//! solution when the unknowns are tried in a given order and each one's
//! values in its own order, which is the solution the walk's SAT verdicts
//! pick (`first.rs`).
//!
//! [`Propagation`] propagates the rules and a growing list of conditions,
//! without search, and tells which conditions hold in every solution
//! because the unknowns they mention are fixed (`entail.rs`): `reveal`
//! skips implied candidates with it.
//!
//! [`trace`] runs the same propagators from the givens alone and records
//! which constraint fixed which unknown, in order: the deduction trace of
//! the `explain()` builtin (`trace.rs`).
//!
//! A verdict is a mathematical fact, so the generator makes the same records
//! whichever engine answers; the solution an `Sat` answer carries is used
//! only as a proof of satisfiability (as SAT models are), never to steer a
//! choice. [`select_engine`] forces the SAT backend for every question
//! (`--engine sat` or `PUZZLEC_ENGINE=sat` on the command line), which the
//! tests use to show that records do not change.

mod entail;
mod first;
mod net;
mod propagate;
mod search;
mod trace;

pub use entail::Propagation;
pub use first::first;
pub use net::{Base, Question};
pub use search::{solve, Answer};
pub use trace::{trace, Deduction, Reason, Trace};

use std::sync::atomic::{AtomicU8, Ordering};

/// Nodes one question's search may visit before it hands the question to
/// the SAT backend.
pub const NODE_BUDGET: u64 = 400;

/// Which engine answers the generator's questions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// The finite-domain engine first, the SAT backend when it cannot tell.
    Auto,
    /// The SAT backend for every question.
    Sat,
}

static ENGINE: AtomicU8 = AtomicU8::new(0);

/// Chooses the engine for every later question in this process (`auto` or
/// `sat`). Records are the same with either.
pub fn select_engine(name: &str) -> Result<(), String> {
    let code = match name {
        "auto" => 0,
        "sat" => 1,
        other => {
            return Err(format!(
                "unknown constraint engine `{other}`; use `auto` (finite-domain first) or `sat`"
            ))
        }
    };
    ENGINE.store(code, Ordering::Relaxed);
    Ok(())
}

/// The engine chosen by [`select_engine`] (`Auto` unless changed).
pub fn engine() -> Engine {
    match ENGINE.load(Ordering::Relaxed) {
        0 => Engine::Auto,
        _ => Engine::Sat,
    }
}
