//! Cryptarithm golds re-derived without the spec language or the SAT
//! backend: a column-by-column backtracking search over every assignment of
//! digits that fits the sum, the digit tables and the revealed symbols
//! collects the values the result word can take, or the assignments. The
//! English spec must have exactly one assignment, of real words from the
//! word list, with the tier's carries and hidden share; the Korean spec's
//! gold must be the only value of the result. The English spec's symbols are letters in three groups; the Korean
//! spec's are jamo, read off the syllables with the Unicode formula, in one
//! group per kind (initial, vowel, final).

use crate::common;

use common::{FINALS, INITIALS, MEDIALS};
use puzzlec::dataset::Record;
use serde_json::Value as J;
use std::collections::BTreeMap;

/// Items per tier checked for each spec (three tiers: 600 per spec).
const PER_TIER: u64 = 200;

/// A cryptarithm over numbered symbols: `operands + … = result`, every word
/// most significant symbol first.
struct Problem {
    /// The digit-table group of each symbol.
    group: Vec<usize>,
    operands: Vec<Vec<usize>>,
    result: Vec<usize>,
    /// Revealed digits.
    fixed: Vec<Option<u8>>,
}

/// The search: symbols get digits column by column from the units.
struct Search<'a> {
    p: &'a Problem,
    /// Operand symbols of each column, units first.
    columns: Vec<Vec<usize>>,
    digit: Vec<Option<u8>>,
    /// `taken[group][d]`: a symbol of the group already stands for `d`.
    taken: Vec<[bool; 10]>,
    /// Symbols that lead a word (never 0).
    leading: Vec<bool>,
    /// Result values found (the search stops at two).
    values: Vec<u64>,
    /// With `Some`, whole assignments are collected instead (up to two),
    /// each the digit of every symbol.
    assignments: Option<Vec<Vec<u8>>>,
}

impl Search<'_> {
    fn can_take(&self, s: usize, d: u8) -> bool {
        let zero_lead = d == 0 && self.leading[s];
        !self.taken[self.p.group[s]][d as usize]
            && !zero_lead
            && self.p.fixed[s].is_none_or(|f| f == d)
    }

    fn set(&mut self, s: usize, d: Option<u8>) {
        let old = std::mem::replace(&mut self.digit[s], d);
        let g = self.p.group[s];
        if let Some(o) = old {
            self.taken[g][o as usize] = false;
        }
        if let Some(n) = d {
            self.taken[g][n as usize] = true;
        }
    }

    /// Column `j` with carry `carry`, operand symbols from position `i` on.
    fn column(&mut self, j: usize, i: usize, carry: u32) {
        if self.values.len() > 1 || self.assignments.as_ref().is_some_and(|a| a.len() > 1) {
            return;
        }
        if j == self.columns.len() {
            if carry == 0 && self.assignments.is_some() {
                let digits = self.digit.iter().map(|d| d.expect("assigned")).collect();
                if let Some(list) = self.assignments.as_mut() {
                    list.push(digits);
                }
            } else if carry == 0 {
                let v = self.p.result.iter().fold(0u64, |acc, &s| {
                    acc * 10 + u64::from(self.digit[s].expect("assigned"))
                });
                if !self.values.contains(&v) {
                    self.values.push(v);
                }
            }
            return;
        }
        if let Some(&s) = self.columns[j].get(i) {
            if self.digit[s].is_some() {
                return self.column(j, i + 1, carry);
            }
            for d in 0..10u8 {
                if self.can_take(s, d) {
                    self.set(s, Some(d));
                    self.column(j, i + 1, carry);
                    self.set(s, None);
                }
            }
            return;
        }
        let sum = carry
            + self.columns[j]
                .iter()
                .map(|&s| u32::from(self.digit[s].expect("assigned")))
                .sum::<u32>();
        let d = (sum % 10) as u8;
        let r = self.p.result[self.p.result.len() - 1 - j];
        match self.digit[r] {
            Some(x) if x == d => self.column(j + 1, 0, sum / 10),
            Some(_) => {}
            None if self.can_take(r, d) => {
                self.set(r, Some(d));
                self.column(j + 1, 0, sum / 10);
                self.set(r, None);
            }
            None => {}
        }
    }
}

/// The result values the puzzle allows: none, one, or the first two found.
fn result_values(p: &Problem) -> Vec<u64> {
    search(p, false).values
}

/// The digit assignments the puzzle allows: none, one, or the first two found.
fn assignments(p: &Problem) -> Vec<Vec<u8>> {
    search(p, true).assignments.expect("collected")
}

fn search(p: &Problem, whole: bool) -> Search<'_> {
    let width = p.result.len();
    let mut columns = vec![Vec::new(); width];
    for w in &p.operands {
        assert!(w.len() <= width, "an operand is longer than the result");
        for (j, &s) in w.iter().rev().enumerate() {
            columns[j].push(s);
        }
    }
    let mut leading = vec![false; p.group.len()];
    for w in p.operands.iter().chain([&p.result]) {
        leading[w[0]] = true;
    }
    let groups = p.group.iter().max().map_or(0, |g| g + 1);
    let mut search = Search {
        p,
        columns,
        digit: vec![None; p.group.len()],
        taken: vec![[false; 10]; groups],
        leading,
        values: Vec::new(),
        assignments: whole.then(Vec::new),
    };
    search.column(0, 0, 0);
    search
}

/// Numbers symbols by name, each with its group.
#[derive(Default)]
struct Symbols {
    ids: BTreeMap<(usize, String), usize>,
    group: Vec<usize>,
}

impl Symbols {
    fn id(&mut self, group: usize, name: &str) -> usize {
        let next = self.group.len();
        let id = *self.ids.entry((group, name.to_string())).or_insert(next);
        if id == next {
            self.group.push(group);
        }
        id
    }
}

fn str_of<'a>(v: &'a J, what: &str) -> &'a str {
    v.as_str()
        .unwrap_or_else(|| panic!("{what} is not a string"))
}

/// A JSON array of strings.
fn strs<'a>(v: &'a J, what: &str) -> Vec<&'a str> {
    v.as_array()
        .unwrap_or_else(|| panic!("{what} is not a list"))
        .iter()
        .map(|x| str_of(x, what))
        .collect()
}

fn english(r: &Record) -> Problem {
    let inst = &r.instance;
    let groups = strs(&inst["groups"], "groups");
    let group_of = |c: char| {
        groups
            .iter()
            .position(|g| g.contains(c))
            .unwrap_or_else(|| panic!("{}: letter {c} is in no group", r.id))
    };
    let mut syms = Symbols::default();
    let word = |w: &str, syms: &mut Symbols| -> Vec<usize> {
        w.chars()
            .map(|c| syms.id(group_of(c), &c.to_string()))
            .collect()
    };
    let operands: Vec<Vec<usize>> = inst["operands"]
        .as_array()
        .expect("operands")
        .iter()
        .map(|w| word(str_of(w, "operand"), &mut syms))
        .collect();
    let result = word(str_of(&inst["result"], "result"), &mut syms);
    let mut fixed = vec![None; syms.group.len()];
    for (letter, d) in inst["revealed"].as_object().expect("revealed") {
        let c = letter.chars().next().expect("letter");
        let id = syms.ids[&(group_of(c), letter.clone())];
        fixed[id] = Some(d.as_u64().expect("digit") as u8);
    }
    Problem {
        group: syms.group,
        operands,
        result,
        fixed,
    }
}

/// The jamo of a syllable block as `(kind, jamo)`: initial, vowel, final.
fn jamo_of(syllable: char) -> Vec<(usize, String)> {
    let code = syllable as u32 - 0xAC00;
    assert!(code < 11172, "{syllable} is not a Hangul syllable");
    let initial = INITIALS
        .chars()
        .nth((code / 588) as usize)
        .expect("initial");
    let medial = MEDIALS
        .chars()
        .nth((code % 588 / 28) as usize)
        .expect("vowel");
    let mut out = vec![(0, initial.to_string()), (1, medial.to_string())];
    if !code.is_multiple_of(28) {
        let f = FINALS.chars().nth((code % 28 - 1) as usize).expect("final");
        out.push((2, f.to_string()));
    }
    out
}

fn korean(r: &Record) -> Problem {
    let inst = &r.instance;
    let mut syms = Symbols::default();
    let word = |w: &J, syms: &mut Symbols| -> Vec<usize> {
        let jamo: Vec<(usize, String)> = str_of(&w["word"], "word")
            .chars()
            .flat_map(jamo_of)
            .collect();
        let listed = strs(&w["jamo"], "jamo");
        let spelled: Vec<&str> = jamo.iter().map(|(_, j)| j.as_str()).collect();
        assert_eq!(spelled, listed, "{}: the jamo list is not the word's", r.id);
        jamo.iter().map(|(k, j)| syms.id(*k, j)).collect()
    };
    let operands: Vec<Vec<usize>> = inst["operands"]
        .as_array()
        .expect("operands")
        .iter()
        .map(|w| word(w, &mut syms))
        .collect();
    let result = word(&inst["result"], &mut syms);
    let mut fixed = vec![None; syms.group.len()];
    for shown in inst["revealed"].as_array().expect("revealed") {
        let kind = ["초성", "중성", "종성"]
            .iter()
            .position(|k| *k == str_of(&shown["kind"], "kind"))
            .expect("a jamo kind");
        let id = syms.ids[&(kind, str_of(&shown["jamo"], "jamo").to_string())];
        fixed[id] = Some(shown["digit"].as_u64().expect("digit") as u8);
    }
    Problem {
        group: syms.group,
        operands,
        result,
        fixed,
    }
}

/// `num / den` rounded to the nearest integer, halves to even (as the
/// reference rounds its hidden count).
fn round_half_even(num: usize, den: usize) -> usize {
    let (q, r) = (num / den, num % den);
    if 2 * r > den || (2 * r == den && q % 2 == 1) {
        q + 1
    } else {
        q
    }
}

/// Columns whose sum carries into the next one, under `digits`.
fn carries(p: &Problem, digits: &[u8]) -> usize {
    let width = p.result.len();
    let mut carry = 0u32;
    let mut count = 0;
    for j in 0..width {
        let sum: u32 = p
            .operands
            .iter()
            .filter(|w| j < w.len())
            .map(|w| u32::from(digits[w[w.len() - 1 - j]]))
            .sum::<u32>()
            + carry;
        carry = sum / 10;
        count += usize::from(carry > 0);
    }
    count
}

/// Checks every item of three tiers; `words` checks the item's words
/// against the word list and returns nothing or panics. Returns the mean
/// hidden share per tier, in percent.
fn check_all(
    spec: &str,
    lang: &str,
    read: fn(&Record) -> Problem,
    words: &dyn Fn(&Record, &Problem),
) -> BTreeMap<String, f64> {
    let records = common::records(&format!("puzzles/{spec}.puzzle"), lang, PER_TIER);
    assert_eq!(records.len() as u64, 3 * PER_TIER);
    let mut shares: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    for r in &records {
        let p = read(r);
        words(r, &p);
        let found = assignments(&p);
        assert_eq!(found.len(), 1, "{}: not exactly one assignment fits", r.id);
        let digits = &found[0];
        let value = p
            .result
            .iter()
            .fold(0u64, |acc, &s| acc * 10 + u64::from(digits[s]));
        assert_eq!(
            value.to_string(),
            r.answer,
            "{}: the gold is not the result's value",
            r.id
        );
        assert!(
            carries(&p, digits) >= common::lever(r, "min_carries"),
            "{}: fewer carries than the tier asks",
            r.id
        );
        let used = p.group.len();
        let hidden = p.fixed.iter().filter(|f| f.is_none()).count();
        let most = round_half_even(common::lever(r, "hidden_percent") * used, 100).max(1);
        assert!(
            (1..=most).contains(&hidden),
            "{}: {hidden} of {used} symbols hidden, the tier allows 1 to {most}",
            r.id
        );
        shares
            .entry(r.tier.clone())
            .or_default()
            .push(100.0 * hidden as f64 / used as f64);
    }
    shares
        .into_iter()
        .map(|(t, v)| (t, v.iter().sum::<f64>() / v.len() as f64))
        .collect()
}

/// Operands of `length` symbols, a result of as many or one more, not an operand.
fn check_lengths(r: &Record, p: &Problem) {
    let length = common::lever(r, "length");
    assert!(
        p.operands.iter().all(|w| w.len() == length),
        "{}: an operand is not {length} symbols long",
        r.id
    );
    assert!(
        [length, length + 1].contains(&p.result.len()),
        "{}: the result is not {length} or {} symbols long",
        r.id,
        length + 1
    );
}

#[test]
fn english_cryptarithms_have_one_key_over_real_words() {
    let list = common::words::word_list("en");
    let shares = check_all("cryptarithmetic_en", "en", english, &|r, p| {
        check_lengths(r, p);
        let inst = &r.instance;
        let result = str_of(&inst["result"], "result");
        let operands = strs(&inst["operands"], "operands");
        assert!(
            !operands.contains(&result),
            "{}: the result is an operand",
            r.id
        );
        for w in operands.iter().chain([&result]) {
            assert!(
                list.contains(&w.to_lowercase()),
                "{}: {w} is not in the word list",
                r.id
            );
        }
    });
    eprintln!("cryptarithmetic_en mean hidden share (%): {shares:?}");
}

/// The Korean spec: the four operands are real nouns of the tier's jamo
/// length (the shipped `ko_noun` list), the gold is the only value the result
/// can take, and the sum uses the reference's fewest distinct finals.
#[test]
fn korean_cryptarithm_golds_are_the_only_result_value() {
    let records = common::records("puzzles/cryptarithmetic_ko.puzzle", "ko", 200);
    assert_eq!(records.len(), 600);
    let nouns: std::collections::HashSet<&str> = include_str!("../../wordlists/ko_noun.txt")
        .lines()
        .map(str::trim)
        .collect();
    // Per tier: hidden jamo, jamo used.
    let mut hidden: std::collections::BTreeMap<String, (usize, usize)> = Default::default();
    for r in &records {
        for op in r.instance["operands"].as_array().expect("operands") {
            let word = op["word"].as_str().expect("a word");
            let jamo = op["jamo"].as_array().expect("jamo").len();
            assert!(
                nouns.contains(word),
                "{}: {word} is not a listed noun",
                r.id
            );
            assert_eq!(jamo, common::lever(r, "length"), "{}: {word}", r.id);
        }
        let p = korean(r);
        // Hidden share: the jamo used whose digit is not revealed.
        let revealed = r.instance["revealed"].as_array().expect("revealed").len();
        let e = hidden.entry(r.tier.clone()).or_default();
        e.0 += p.group.len() - revealed;
        e.1 += p.group.len();
        let values = result_values(&p);
        assert_eq!(
            values,
            vec![r.answer.parse::<u64>().expect("an integer gold")],
            "{}: the result can take these values (the gold first if unique)",
            r.id
        );
        // The reference's fewest distinct finals (2 / 2 / 3), read from the words.
        let finals = p.group.iter().filter(|&&g| g == 2).count();
        let want = if r.tier == "hard" { 3 } else { 2 };
        assert!(
            finals >= want && want == common::lever(r, "min_finals"),
            "{}: {finals} distinct finals, the tier asks {want}",
            r.id
        );
    }
    let shares: Vec<(String, f64)> = hidden
        .iter()
        .map(|(t, (h, n))| (t.clone(), *h as f64 / *n as f64))
        .collect();
    eprintln!("cryptarithmetic_ko hidden share of the jamo used: {shares:?}");
    // Near the reference's realized shares (.45 / .54 / .62), rising by tier.
    assert!(
        shares.iter().all(|(_, x)| (0.35..=0.8).contains(x)),
        "{shares:?}"
    );
}

/// The search itself, on sums small enough to count by hand.
#[test]
fn the_search_finds_every_result_value() {
    // A + A = B over one group: A = 1..=4 gives B = 2, 4, 6, 8: four values
    // (the search stops at two).
    let p = Problem {
        group: vec![0, 0],
        operands: vec![vec![0], vec![0]],
        result: vec![1],
        fixed: vec![None, None],
    };
    assert_eq!(result_values(&p).len(), 2);
    // Revealing A = 3 leaves B = 6 only.
    let p = Problem {
        fixed: vec![Some(3), None],
        ..p
    };
    assert_eq!(result_values(&p), vec![6]);
    // A + B = A has no solution with B ≠ 0 … and B leads a word, so none.
    let p = Problem {
        group: vec![0, 0],
        operands: vec![vec![0], vec![1]],
        result: vec![0],
        fixed: vec![None, None],
    };
    assert!(result_values(&p).is_empty());
    // AB + AB = CDC with separate groups for each letter: A = 5..=9 carries,
    // so C = 1 and D = 2A - 10 + carry; B + B ends in C = 1: impossible, as
    // 2B is even. With the carry out of the units: none either. Empty.
    let p = Problem {
        group: vec![0, 1, 2, 3],
        operands: vec![vec![0, 1], vec![0, 1]],
        result: vec![2, 3, 2],
        fixed: vec![None; 4],
    };
    assert!(result_values(&p).is_empty());
    // AB + AB = CDE, groups as above: E = 2B mod 10, C = 1, so the result
    // takes many values; with A = 7 and B = 4 revealed, only 148.
    let p = Problem {
        group: vec![0, 1, 2, 3, 4],
        operands: vec![vec![0, 1], vec![0, 1]],
        result: vec![2, 3, 4],
        fixed: vec![Some(7), Some(4), None, None, None],
    };
    assert_eq!(result_values(&p), vec![148]);
}
