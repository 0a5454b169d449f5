//! Word lists from real dictionaries, shipped inside the binary.
//!
//! The files live in `wordlists/` at the top of the repository and are made
//! by `wordlists/build.py` from maintained dictionary packages (its README
//! names each source, version and licence). They are compiled in with
//! `include_str!`, so every machine sees the same lists, and a record
//! depends on nothing outside the binary and its spec. A list is parsed
//! once per process, on first use, and indexed by length so that asking
//! for the words of one length is a slice.

use std::sync::OnceLock;

/// The shipped lists: name and file text.
const SOURCES: [(&str, &str); 3] = [
    ("en", include_str!("../../wordlists/en.txt")),
    ("ko_noun", include_str!("../../wordlists/ko_noun.txt")),
    (
        "ko_compound",
        include_str!("../../wordlists/ko_compound.txt"),
    ),
];

/// The names of the shipped lists, in a fixed order.
pub fn names() -> impl Iterator<Item = &'static str> {
    SOURCES.iter().map(|(name, _)| *name)
}

/// The position of a list in [`names`], if there is one of that name.
pub fn index(name: &str) -> Option<usize> {
    SOURCES.iter().position(|(n, _)| *n == name)
}

/// One parsed list: its words ordered by length in characters, then by
/// code point, with the start of each length.
#[derive(Debug)]
pub struct WordList {
    words: Vec<&'static str>,
    /// `starts[n]..starts[n + 1]` are the words of `n` characters.
    starts: Vec<usize>,
}

impl WordList {
    /// Parses a list file: one word a line; blank lines and lines that
    /// start with `#` are skipped.
    fn parse(text: &'static str) -> WordList {
        // Each word with its length, counted once (not at every comparison).
        let mut sized: Vec<(usize, &'static str)> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|w| (w.chars().count(), w))
            .collect();
        sized.sort_unstable();
        sized.dedup();
        let longest = sized.last().map_or(0, |&(n, _)| n);
        let mut starts = vec![0; longest + 2];
        for &(n, _) in &sized {
            starts[n + 1] += 1;
        }
        for n in 1..starts.len() {
            starts[n] += starts[n - 1];
        }
        let words = sized.into_iter().map(|(_, w)| w).collect();
        WordList { words, starts }
    }

    /// Every word, shortest first.
    pub fn all(&self) -> &[&'static str] {
        &self.words
    }

    /// The words of exactly `n` characters (Hangul syllables count one
    /// each), in code-point order.
    pub fn of_length(&self, n: usize) -> &[&'static str] {
        if n + 1 >= self.starts.len() {
            return &[];
        }
        &self.words[self.starts[n]..self.starts[n + 1]]
    }

    /// The number of words.
    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// Whether the list has no words.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }
}

/// The list at `index` of [`names`], parsed on first use.
///
/// # Panics
/// If `index` is not a position of [`names`] (use [`index`] first).
pub fn get(index: usize) -> &'static WordList {
    static LISTS: [OnceLock<WordList>; SOURCES.len()] = [const { OnceLock::new() }; SOURCES.len()];
    LISTS[index].get_or_init(|| WordList::parse(SOURCES[index].1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_index_the_sorted_words() {
        let list = WordList::parse("# a comment\nbb\na\nccc\n\nab\nbb\n");
        assert_eq!(list.all(), ["a", "ab", "bb", "ccc"]);
        assert_eq!(list.of_length(2), ["ab", "bb"]);
        assert_eq!(list.of_length(0), [] as [&str; 0]);
        assert_eq!(list.of_length(9), [] as [&str; 0]);
    }

    #[test]
    fn hangul_length_counts_syllables() {
        let list = WordList::parse("가방끈\n나무\n");
        assert_eq!(list.of_length(3), ["가방끈"]);
        assert_eq!(list.of_length(2), ["나무"]);
    }
}
