//! The shipped English word list and word checks shared by the word-puzzle
//! checkers, read here without the library.

use std::collections::BTreeSet;

/// The entries of `wordlists/NAME.txt`, comment lines left out.
pub fn word_list(name: &str) -> BTreeSet<String> {
    let path = super::root().join("wordlists").join(format!("{name}.txt"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// The comma-separated words of the prompt line starting with `head`
/// (`Word list: A, B, C.`), lowercase, the full stop dropped.
pub fn listed(question: &str, head: &str) -> Vec<String> {
    question
        .lines()
        .find_map(|l| l.strip_prefix(head))
        .unwrap_or_else(|| panic!("a line starting {head:?}"))
        .strip_suffix('.')
        .expect("the list ends in a full stop")
        .split(", ")
        .map(str::to_lowercase)
        .collect()
}

/// Whether `w` is a Roman numeral from 1 to 3999 in its standard spelling.
pub fn roman(w: &str) -> bool {
    let value = |c| match c {
        'i' => 1,
        'v' => 5,
        'x' => 10,
        'l' => 50,
        'c' => 100,
        'd' => 500,
        'm' => 1000,
        _ => 0,
    };
    let v: Vec<i32> = w.chars().map(value).collect();
    if v.contains(&0) {
        return false;
    }
    let n: i32 = (0..v.len())
        .map(|i| {
            if v.get(i + 1).is_some_and(|&n| n > v[i]) {
                -v[i]
            } else {
                v[i]
            }
        })
        .sum();
    let table = [
        (1000, "m"),
        (900, "cm"),
        (500, "d"),
        (400, "cd"),
        (100, "c"),
        (90, "xc"),
        (50, "l"),
        (40, "xl"),
        (10, "x"),
        (9, "ix"),
        (5, "v"),
        (4, "iv"),
        (1, "i"),
    ];
    let (mut rest, mut spelled) = (n, String::new());
    for (k, s) in table {
        while rest >= k {
            spelled.push_str(s);
            rest -= k;
        }
    }
    (1..4000).contains(&n) && spelled == w
}
