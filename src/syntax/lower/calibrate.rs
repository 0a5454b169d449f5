//! Lowering `calibrate { LEVER in LO..=HI harder up|down ... }`.

use super::{next, trimmed, Lowerer, Result};
use crate::span::Span;
use crate::syntax::ast::{Calibrate, CalibrateLever};
use crate::syntax::parser::Rule;
use pest::iterators::Pair;

impl Lowerer<'_> {
    /// Lowers a `calibrate_decl` pair whose span is `span`.
    pub(super) fn calibrate(&self, pair: Pair<Rule>, span: Span) -> Result<Calibrate> {
        let mut levers = Vec::new();
        for entry in pair.into_inner() {
            let mut inner = entry.clone().into_inner();
            let lever = self.ident(next(&mut inner, &entry)?)?;
            let _in = next(&mut inner, &entry)?;
            let lo_pair = next(&mut inner, &entry)?;
            let range_start = trimmed(&lo_pair).start;
            let lo = self.int(lo_pair)?;
            let op = next(&mut inner, &entry)?;
            let hi_pair = next(&mut inner, &entry)?;
            let range_span = Span::new(range_start, trimmed(&hi_pair).end);
            let hi = self.int(hi_pair)?;
            // `LO..HI` excludes HI; an empty range is the checker's to report.
            let hi = if op.as_str() == ".." {
                hi.saturating_sub(1)
            } else {
                hi
            };
            let harder = self.ident(next(&mut inner, &entry)?)?;
            levers.push(CalibrateLever {
                lever,
                lo,
                hi,
                range_span,
                harder,
            });
        }
        Ok(Calibrate { levers, span })
    }
}
