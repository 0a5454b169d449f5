//! The list of answer kinds and their stable names.

/// How an answer is written and compared. Each kind's canonical form (the
/// text a generator prints as gold) is documented on its variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AnswerKind {
    /// An integer: optional `-`, digits, no leading zeros (`-42`, `0`).
    /// Read with `+`, `,`/space thousands groups (`1,234`, `1 234`),
    /// full-width digits and one trailing unit word of letters or Hangul
    /// (`1234근`, `1234 g`).
    Int,
    /// A sequence of single digits separated by single spaces (`3 1 4`).
    /// Read from digits separated by spaces/commas, or from a bare digit
    /// string where each character is one digit (`314`).
    Digits,
    /// Free text: trimmed, internal whitespace collapsed to one space,
    /// trailing `.`/`。`/`!` removed; compared ignoring ASCII case.
    Text,
    /// Uppercase letters `A`–`Z` only, spaces removed (`HELLOWORLD`).
    Letters,
    /// Any text compared exactly (case, punctuation and inner spaces kept)
    /// after trimming surrounding whitespace: `#@!`, `$AB$`, `8.`. Read from
    /// the answer slot as written, without removing quotes, emphasis or
    /// trailing punctuation.
    Exact,
    /// Hangul only, spaces and surrounding quotes removed (`사과나무`).
    Hangul,
    /// A set of `(row,col)` pairs of non-negative integers, sorted, as
    /// `(0,1), (2,3)`; the empty set is `none`.
    Coords,
    /// A map from names to booleans or integers, sorted by name:
    /// `A=true, B=false`, `A=1, B=2`.
    Assignment,
    /// Rows of space-separated integers, one row per line.
    Grid,
    /// Rows of cells of any text, cells separated by one space and rows by
    /// `,` (`1 2 3,4 5 6`, `X A,2 1`); compared ignoring ASCII case.
    Rows,
    /// Rows of space-separated symbols (`X`, `C`, `→`, `12`), one row per
    /// line; rows may also be read from one line separated by `,`.
    SymbolGrid,
    /// A calendar date `YYYY.M.D` without zero padding (`2001.3.5`).
    Date,
    /// A Korean weekday name `월요일` … `일요일`.
    Weekday,
    /// A sexagenary (60-cycle) name as two Hangul syllables (`갑자`).
    Ganji,
    /// One uppercase letter `A`–`Z` naming an option (`C`).
    Choice,
    /// Text compared exactly (case and punctuation kept) after removing
    /// every whitespace character: `3/2-5i`, `((1,-2),(3,4))`, `m1∨m5;F`.
    /// Surrounding quotes and emphasis and a trailing `.` are removed first.
    Compact,
    /// A finite set written `{a,b,c}`: items sorted (integers numerically,
    /// before any other items, which sort as text) and deduplicated, no
    /// spaces; the empty set is `{}`. Read in any order, with `{}`, `[]` or
    /// `()` around the items or none, items separated by `,`, `;` or
    /// whitespace; `∅`, `none`, `empty` and `empty set` for `{}`.
    Set,
    /// A polynomial in single-letter variables with rational coefficients,
    /// expanded: terms by total degree then by exponents in alphabetical
    /// order of the variables, highest first; a fraction coefficient in
    /// parentheses (`3x^2-(1/2)xy+y-7`, `0`). Read as any expression of
    /// `+ - * /` (by constants), integer powers, brackets, juxtaposed
    /// products and LaTeX `\frac`/`\cdot`; equal polynomials are the same
    /// answer however written (`(x+1)^2` is `x^2+2x+1`).
    Polynomial,
    /// A set of real numbers: its sorted, disjoint pieces joined by ` or `,
    /// each `x<b`, `x≤b`, `x>a`, `x≥a`, `x=a` or `a<x≤b` (`≤` at a closed
    /// end), endpoints integers or reduced fractions (`-3/2`); `ℝ` for all
    /// reals, `∅` for none: `x<1 or x>3`, `-2<x≤5`. Read from inequalities
    /// in any variable letter (`X≥8`, `8 <= x`), `and`/`or`/`∪`, interval
    /// notation (`[8, ∞)`, `(-inf, 1) ∪ (3, +∞)`), `{x | …}`, `x ∈ …`,
    /// decimals and LaTeX (`\geq`, `\infty`); equal when the sets are equal.
    Interval,
}

const ALL: [AnswerKind; 19] = [
    AnswerKind::Int,
    AnswerKind::Digits,
    AnswerKind::Text,
    AnswerKind::Letters,
    AnswerKind::Exact,
    AnswerKind::Hangul,
    AnswerKind::Coords,
    AnswerKind::Assignment,
    AnswerKind::Grid,
    AnswerKind::Rows,
    AnswerKind::SymbolGrid,
    AnswerKind::Date,
    AnswerKind::Weekday,
    AnswerKind::Ganji,
    AnswerKind::Choice,
    AnswerKind::Compact,
    AnswerKind::Set,
    AnswerKind::Polynomial,
    AnswerKind::Interval,
];

impl AnswerKind {
    /// The stable lowercase name used in puzzle definitions (`int`, `grid`, …).
    pub fn name(&self) -> &'static str {
        match self {
            AnswerKind::Int => "int",
            AnswerKind::Digits => "digits",
            AnswerKind::Text => "text",
            AnswerKind::Letters => "letters",
            AnswerKind::Exact => "exact",
            AnswerKind::Hangul => "hangul",
            AnswerKind::Coords => "coords",
            AnswerKind::Assignment => "assignment",
            AnswerKind::Grid => "grid",
            AnswerKind::Rows => "rows",
            AnswerKind::SymbolGrid => "symbol_grid",
            AnswerKind::Date => "date",
            AnswerKind::Weekday => "weekday",
            AnswerKind::Ganji => "ganji",
            AnswerKind::Choice => "choice",
            AnswerKind::Compact => "compact",
            AnswerKind::Set => "set",
            AnswerKind::Polynomial => "polynomial",
            AnswerKind::Interval => "interval",
        }
    }

    /// The kind with this exact name (as returned by [`AnswerKind::name`]).
    pub fn from_name(s: &str) -> Option<Self> {
        ALL.iter().copied().find(|k| k.name() == s)
    }

    /// Every kind, in declaration order.
    pub fn all() -> &'static [AnswerKind] {
        &ALL
    }

    /// Whether the canonical form may span several lines (Grid, SymbolGrid,
    /// Assignment); extraction then reads the lines after an empty `Answer:`
    /// line.
    pub fn is_multiline(&self) -> bool {
        matches!(
            self,
            AnswerKind::Grid | AnswerKind::SymbolGrid | AnswerKind::Assignment
        )
    }
}

impl std::fmt::Display for AnswerKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
