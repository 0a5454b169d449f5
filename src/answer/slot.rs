//! Where a response's answer is read from: a dataset-wide convention.

/// Which part of a response holds the answer. The default reads the last
/// answer marker line first (see [`crate::answer::extract`]); some
/// benchmarks grade the FIRST `[[…]]` of a response instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum AnswerSlot {
    /// The default order of [`crate::answer::extract`].
    #[default]
    Default,
    /// The content of the first `[[…]]` (KOR-Bench's
    /// `\[\[\s*(.*?)\s*\]\]`, across lines, the shortest match), trimmed;
    /// the default order when the response has no `[[…]]`.
    FirstBrackets,
}

impl AnswerSlot {
    /// The stable name used in specs and records (`default`, `first_brackets`).
    pub fn name(&self) -> &'static str {
        match self {
            AnswerSlot::Default => "default",
            AnswerSlot::FirstBrackets => "first_brackets",
        }
    }

    /// The slot with this exact name.
    pub fn from_name(s: &str) -> Option<Self> {
        [AnswerSlot::Default, AnswerSlot::FirstBrackets]
            .into_iter()
            .find(|k| k.name() == s)
    }

    /// Every slot name, for messages.
    pub fn names() -> &'static [&'static str] {
        &["default", "first_brackets"]
    }
}
