//! Constants are evaluated in declaration order, so a constant may read
//! only the constants above it. The resolver enforces that for names a
//! definition mentions itself; this check follows the functions a
//! definition calls, which see every constant by name, and reports a
//! constant that reaches one declared at or below it.

use super::error::CheckError;
use super::{Checker, Parts};
use std::collections::{BTreeMap, BTreeSet};

impl Checker<'_> {
    /// One error per constant whose functions read a constant that has no
    /// value yet when it is evaluated.
    pub(super) fn constant_order(&mut self, parts: &Parts<'_>) {
        let position: BTreeMap<&str, usize> = (parts.consts.iter().enumerate())
            .map(|(i, (ident, _))| (ident.name.as_str(), i))
            .collect();
        for (i, (ident, _)) in parts.consts.iter().enumerate() {
            let Some(used) = self.uses.consts.get(&ident.name) else {
                continue;
            };
            let called = used.iter().filter(|n| self.uses.fns.contains_key(*n));
            let found = called.filter_map(|f| {
                let later = self.constants_read_through(f, &position, i)?;
                Some((f.clone(), later))
            });
            let Some((via, later)) = found.into_iter().next() else {
                continue;
            };
            let line = parts.consts[position[later.as_str()]].0.span;
            let line = self.source.text[..line.start].matches('\n').count() + 1;
            self.errors.push(CheckError::ConstantOrder {
                help: format!(
                    "constants are evaluated in the order they are declared, and `{via}` (or a function it calls) reads `{later}`, declared on line {line}: move `{later}` above `{}`, or pass it to `{via}` as an argument.",
                    ident.name
                ),
                name: ident.name.clone(),
                later,
                via,
                src: self.src(),
                span: ident.span,
            });
        }
    }

    /// The first constant at index `from` or later that function `f`, or a
    /// function it calls, reads by name.
    fn constants_read_through(
        &self,
        f: &str,
        position: &BTreeMap<&str, usize>,
        from: usize,
    ) -> Option<String> {
        let mut seen = BTreeSet::new();
        let mut work = vec![f.to_string()];
        while let Some(g) = work.pop() {
            if !seen.insert(g.clone()) {
                continue;
            }
            for name in self.uses.fns.get(&g).into_iter().flatten() {
                if self.uses.fns.contains_key(name) {
                    work.push(name.clone());
                } else if position.get(name.as_str()).is_some_and(|&j| j >= from) {
                    return Some(name.clone());
                }
            }
        }
        None
    }
}
