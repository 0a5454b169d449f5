//! The reasons a `require` statement gives (`require c else "why"`), which
//! name the cause when an item runs out of attempts.

use crate::span::Span;
use crate::syntax::ast::{Block, Stmt};

/// The literal `else "why"` texts of the `require` statements, by span.
pub(super) fn require_reasons(block: &Block) -> Vec<(Span, String)> {
    let mut out = Vec::new();
    for stmt in &block.stmts {
        match stmt {
            Stmt::Require(_, Some(why), span) => {
                if let crate::syntax::ast::ExprKind::Str(parts) = &why.kind {
                    let text: String = parts
                        .iter()
                        .map(|p| match p {
                            crate::syntax::ast::StrPart::Text(t) => t.clone(),
                            crate::syntax::ast::StrPart::Placeholder { .. } => "…".into(),
                        })
                        .collect();
                    out.push((*span, text));
                }
            }
            Stmt::For(_, b, _) | Stmt::Retry(_, b, _) => out.extend(require_reasons(b)),
            Stmt::If(_, a, b, _) => {
                out.extend(require_reasons(a));
                if let Some(b) = b {
                    out.extend(require_reasons(b));
                }
            }
            _ => {}
        }
    }
    out
}
