//! Prototype front ends: one built model's clause store, shared by the
//! copies made of it until one of them changes it.

use super::{propagation, Propagating};
use crate::sat::backend::{BackendCtor, Lit, SatBackend, SatError, Var};
use std::rc::Rc;

/// A front end over a backend made by `ctor` that only stores clauses, to
/// be copied by [`SatBackend::fork`] (unless the front end has been turned
/// off); it does not count as one of the thread's models.
pub(crate) fn prototype(ctor: BackendCtor) -> Box<dyn SatBackend> {
    if !propagation() {
        return ctor();
    }
    let mut front = Propagating::bare(ctor(), false);
    front.ctor = Some(ctor);
    Box::new(Shared {
        front: Rc::new(front),
    })
}

/// A front end shared by a prototype and its forks: whichever of them is
/// first changed or asked while others still share it gets a copy of its
/// own ([`Propagating::copy`]), so a fork that is never solved costs
/// nothing.
struct Shared {
    front: Rc<Propagating>,
}

impl Shared {
    fn own(&mut self) -> &mut Propagating {
        if Rc::get_mut(&mut self.front).is_none() {
            let copy = self.front.copy().unwrap_or_else(|| {
                unreachable!("a shared front end is only forked while it holds every clause")
            });
            self.front = Rc::new(copy);
        }
        Rc::get_mut(&mut self.front).unwrap_or_else(|| unreachable!("the copy is not shared"))
    }
}

impl SatBackend for Shared {
    fn new_var(&mut self) -> Var {
        self.own().new_var()
    }

    fn add_clause(&mut self, lits: &[Lit]) {
        self.own().add_clause(lits);
    }

    fn solve(&mut self, assumptions: &[Lit]) -> Result<bool, SatError> {
        self.own().solve(assumptions)
    }

    fn value(&self, var: Var) -> Option<bool> {
        SatBackend::value(&*self.front, var)
    }

    fn num_vars(&self) -> usize {
        self.front.num_vars()
    }

    fn num_clauses(&self) -> usize {
        self.front.num_clauses()
    }

    fn fork(&self) -> Option<Box<dyn SatBackend>> {
        self.front.is_pristine().then(|| {
            Box::new(Shared {
                front: self.front.clone(),
            }) as Box<dyn SatBackend>
        })
    }
}
