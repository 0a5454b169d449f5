//! Every name an expression mentions: an over-approximation of what it
//! reads from its environment (names it binds itself are included too).

use super::ast::{CompClause, Expr, ExprKind, IndexArg, StrPart};
use std::collections::BTreeSet;

impl Expr {
    /// Adds every name written in this expression (as a name, not as a
    /// field or a binding pattern) to `out`.
    pub fn mentions(&self, out: &mut BTreeSet<String>) {
        match &self.kind {
            ExprKind::Int(_) | ExprKind::Bool(_) => {}
            ExprKind::Name(ident) => {
                out.insert(ident.name.clone());
            }
            ExprKind::Str(parts) => {
                for part in parts {
                    if let StrPart::Placeholder { expr, .. } = part {
                        expr.mentions(out);
                    }
                }
            }
            ExprKind::List(items) | ExprKind::Tuple(items) => {
                items.iter().for_each(|e| e.mentions(out));
            }
            ExprKind::Comprehension(head, clauses) => {
                head.mentions(out);
                for clause in clauses {
                    match clause {
                        CompClause::For(b) => b.source.mentions(out),
                        CompClause::If(c) => c.mentions(out),
                    }
                }
            }
            ExprKind::Record(fields) => fields.iter().for_each(|(_, _, e)| e.mentions(out)),
            ExprKind::Binary(_, a, b) | ExprKind::SamplePick(a, b) => {
                a.mentions(out);
                b.mentions(out);
            }
            ExprKind::Neg(a)
            | ExprKind::Not(a)
            | ExprKind::Field(a, _)
            | ExprKind::SampleInt(a)
            | ExprKind::SampleOne(a) => a.mentions(out),
            ExprKind::Call(f, args) => {
                f.mentions(out);
                args.iter().for_each(|e| e.mentions(out));
            }
            ExprKind::Index(x, args) => {
                x.mentions(out);
                for arg in args {
                    if let IndexArg::Expr(e) = arg {
                        e.mentions(out);
                    }
                }
            }
            ExprKind::If(c, a, b) => {
                c.mentions(out);
                a.mentions(out);
                b.mentions(out);
            }
            ExprKind::Let(_, v, body) => {
                v.mentions(out);
                body.mentions(out);
            }
            ExprKind::Lambda(_, body) => body.mentions(out),
            ExprKind::SampleWeighted(pairs) => {
                for (v, w) in pairs {
                    v.mentions(out);
                    w.mentions(out);
                }
            }
        }
    }
}
