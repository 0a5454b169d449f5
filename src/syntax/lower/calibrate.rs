//! Lowering `calibrate { LEVER PATH ... }`, where a path is an integer range
//! (`in LO..=HI harder up|down`), an ordered list (`in [a, b, c]`) or a
//! mixture (`from weighted { .. } to weighted { .. } steps N`).

use super::{first, next, trimmed, Lowerer, Result};
use crate::span::Span;
use crate::syntax::ast::{Calibrate, CalibrateLever, CalibratePath};
use crate::syntax::parser::Rule;
use pest::iterators::Pair;

impl Lowerer<'_> {
    /// Lowers a `calibrate_decl` pair whose span is `span`.
    pub(super) fn calibrate(&self, pair: Pair<Rule>, span: Span) -> Result<Calibrate> {
        let mut levers = Vec::new();
        for entry in pair.into_inner() {
            let mut inner = entry.clone().into_inner();
            let lever = self.ident(next(&mut inner, &entry)?)?;
            let path_pair = next(&mut inner, &entry)?;
            let path = match path_pair.as_rule() {
                Rule::calibrate_list => self.calibrate_list(path_pair)?,
                Rule::calibrate_mix => self.calibrate_mix(path_pair)?,
                _ => self.calibrate_range(path_pair)?,
            };
            levers.push(CalibrateLever { lever, path });
        }
        Ok(Calibrate { levers, span })
    }

    fn calibrate_range(&self, pair: Pair<Rule>) -> Result<CalibratePath> {
        let mut inner = pair.clone().into_inner();
        let _in = next(&mut inner, &pair)?;
        let lo_pair = next(&mut inner, &pair)?;
        let range_start = trimmed(&lo_pair).start;
        let lo = self.int(lo_pair)?;
        let op = next(&mut inner, &pair)?;
        let hi_pair = next(&mut inner, &pair)?;
        let range_span = Span::new(range_start, trimmed(&hi_pair).end);
        let hi = self.int(hi_pair)?;
        // `LO..HI` excludes HI; an empty range is the checker's to report.
        let hi = if op.as_str() == ".." {
            hi.saturating_sub(1)
        } else {
            hi
        };
        let harder = self.ident(next(&mut inner, &pair)?)?;
        Ok(CalibratePath::Range {
            lo,
            hi,
            range_span,
            harder,
        })
    }

    fn calibrate_list(&self, pair: Pair<Rule>) -> Result<CalibratePath> {
        let span = trimmed(&pair);
        let mut values = Vec::new();
        for p in pair.into_inner().filter(|p| p.as_rule() == Rule::literal) {
            let vspan = trimmed(&p);
            values.push((self.literal(first(p)?)?, vspan));
        }
        Ok(CalibratePath::Ordered(values, span))
    }

    fn calibrate_mix(&self, pair: Pair<Rule>) -> Result<CalibratePath> {
        let span = trimmed(&pair);
        let mut inner = pair.clone().into_inner();
        let from = self.weights(next(&mut inner, &pair)?)?;
        let to = self.weights(next(&mut inner, &pair)?)?;
        let steps = match inner.next() {
            Some(s) => {
                let n = first(s)?;
                let nspan = trimmed(&n);
                Some((self.int(n)?, nspan))
            }
            None => None,
        };
        Ok(CalibratePath::Mixture {
            from,
            to,
            steps,
            span,
        })
    }
}
