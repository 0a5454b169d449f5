//! The expression-depth limit: the checker, the compiler and the evaluator
//! recurse over expression trees, so no tree may be deeper than they can walk
//! on the smallest stack they run on (a build's worker threads get Rust's
//! default 2 MiB). Measured here without recursion.

use super::ast::{CompClause, Expr, ExprKind, IndexArg, StrPart};
use crate::span::Span;

/// The deepest expression tree accepted: a node inside this many enclosing
/// expressions is refused. An operator chain `a + b + c` nests one level per
/// operator.
pub const MAX_EXPR_DEPTH: usize = 256;

/// The first sub-expression of `root` that lies deeper than
/// [`MAX_EXPR_DEPTH`] levels, in the order written, as its span cut to its
/// first line.
pub fn too_deep(root: &Expr, text: &str) -> Option<Span> {
    let mut stack: Vec<(&Expr, usize)> = vec![(root, 1)];
    while let Some((expr, depth)) = stack.pop() {
        if depth > MAX_EXPR_DEPTH {
            return Some(first_line(expr.span, text));
        }
        let mut children = Vec::new();
        push_children(expr, &mut children);
        // Reversed, so the leftmost child is walked first.
        stack.extend(children.into_iter().rev().map(|c| (c, depth + 1)));
    }
    None
}

/// The direct sub-expressions of `expr`, in the order written.
fn push_children<'e>(expr: &'e Expr, out: &mut Vec<&'e Expr>) {
    match &expr.kind {
        ExprKind::Int(_) | ExprKind::Bool(_) | ExprKind::Name(_) => {}
        ExprKind::Str(parts) => out.extend(parts.iter().filter_map(|p| match p {
            StrPart::Placeholder { expr, .. } => Some(expr),
            StrPart::Text(_) => None,
        })),
        ExprKind::List(items) | ExprKind::Tuple(items) => out.extend(items),
        ExprKind::Comprehension(head, clauses) => {
            out.push(head);
            for clause in clauses {
                out.push(match clause {
                    CompClause::For(binding) => &binding.source,
                    CompClause::If(cond) => cond,
                });
            }
        }
        ExprKind::Record(entries) => out.extend(entries.iter().map(|(_, _, v)| v)),
        ExprKind::Binary(_, a, b) | ExprKind::Let(_, a, b) | ExprKind::SamplePick(a, b) => {
            out.push(a);
            out.push(b);
        }
        ExprKind::Neg(a)
        | ExprKind::Not(a)
        | ExprKind::Field(a, _)
        | ExprKind::SampleInt(a)
        | ExprKind::SampleOne(a) => out.push(a),
        ExprKind::Lambda(_, body) => out.push(body),
        ExprKind::Call(f, args) => {
            out.push(f);
            out.extend(args);
        }
        ExprKind::Index(target, args) => {
            out.push(target);
            out.extend(args.iter().filter_map(|a| match a {
                IndexArg::Expr(e) => Some(e),
                IndexArg::Wildcard(_) => None,
            }));
        }
        ExprKind::If(c, a, b) => {
            out.push(c);
            out.push(a);
            out.push(b);
        }
        ExprKind::SampleWeighted(entries) => {
            for (v, w) in entries {
                out.push(v);
                out.push(w);
            }
        }
    }
}

/// `span` up to the end of its first line (and at most 200 bytes), so a
/// label on a long expression stays readable.
pub(super) fn first_line(span: Span, text: &str) -> Span {
    let start = floor(text, span.start);
    let end = floor(text, span.end.max(span.start));
    let piece = &text[start..end];
    let mut cut = piece.find('\n').unwrap_or(piece.len()).min(200);
    while !piece.is_char_boundary(cut) {
        cut -= 1;
    }
    if cut == 0 {
        cut = piece.chars().next().map_or(0, char::len_utf8);
    }
    Span::new(start, start + cut)
}

fn floor(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}
