//! Cipher sub-step checkpoints (`--set steps=true`) of KOR-Bench's ADFGVX
//! (rule 19), Bifid (rule 13), Digrafid (rule 14), the S-box blocks (rule 22)
//! and the four-square variant (rule 11): the checkpoint gold is re-derived
//! from the grids, squares or key the prompt's own rule lists and the text the
//! prompt gives, the prompt asks for it on a `Step 1:` line, a response with
//! the right line and answer is judged correct on both, and one with a wrong
//! line is not. With the lever off (every tier) a record has no checkpoint.
//! 200 items per tier.

use crate::common;
use puzzlec::answer::Verdict;
use puzzlec::api::{self, Judge};

const ITEMS: u64 = 200;

/// The grid rows the rule lists: lines of single characters separated by
/// spaces after `- ` (and an optional `X: ` row label).
fn grid(question: &str, width: usize) -> Vec<Vec<char>> {
    question
        .lines()
        .filter_map(|l| l.trim().strip_prefix("- "))
        .map(|l| {
            l.split_once(": ")
                .filter(|(k, _)| k.len() == 1)
                .map_or(l, |(_, r)| r)
        })
        .map(|l| {
            l.split(' ')
                .filter_map(|c| c.chars().next().filter(|_| c.chars().count() == 1))
                .collect::<Vec<char>>()
        })
        .filter(|r| r.len() == width && is_grid_row(r))
        .collect()
}

fn is_grid_row(r: &[char]) -> bool {
    r.iter()
        .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == '#')
}

fn position(grid: &[Vec<char>], c: char) -> (usize, usize) {
    grid.iter()
        .enumerate()
        .find_map(|(i, row)| row.iter().position(|&x| x == c).map(|j| (i, j)))
        .unwrap_or_else(|| panic!("{c} is not in the grid"))
}

fn given_text(query: &str) -> (bool, String) {
    let encrypt = query.starts_with("Plaintext:");
    let text = query
        .split('"')
        .nth(1)
        .expect("the quoted text")
        .to_string();
    (encrypt, text)
}

fn records_with_steps(rel: &str) -> Vec<puzzlec::dataset::Record> {
    let program = common::load(&common::root().join(rel));
    let stepped = api::with_overrides(&program, &["steps=true"]).expect("the lever exists");
    let mut out = Vec::new();
    for tier in stepped.tier_names() {
        for i in 0..ITEMS {
            out.push(api::record(&stepped, tier, "en", i, 1).expect("record"));
        }
        let plain = api::record(&program, tier, "en", 0, 1).expect("record");
        assert!(
            plain.checkpoints.is_empty(),
            "{}: no checkpoint with the lever off",
            plain.id
        );
    }
    out
}

/// The one checkpoint's gold.
fn checkpoint(r: &puzzlec::dataset::Record) -> String {
    assert_eq!(r.checkpoints.len(), 1, "{}", r.id);
    r.checkpoints[0].gold.clone()
}

fn judged(r: &puzzlec::dataset::Record, step: &str) -> (Verdict, Vec<Option<Verdict>>) {
    let judge = Judge::from_json(&r.to_json_line()).expect("judge");
    let j = judge.judge(&format!(
        "Working it out.\nStep 1: {step}\n[[{}]]",
        r.answer
    ));
    (j.verdict, j.parts)
}

fn check_judging(r: &puzzlec::dataset::Record, gold: &str, wrong: &str) {
    assert!(
        r.query.contains("Step 1: "),
        "{}: the prompt asks for the step",
        r.id
    );
    assert_eq!(
        judged(r, gold),
        (Verdict::Correct, vec![Some(Verdict::Correct)]),
        "{}",
        r.id
    );
    let (_, parts) = judged(r, wrong);
    assert_ne!(
        parts,
        vec![Some(Verdict::Correct)],
        "{}: a wrong step is not correct",
        r.id
    );
}

#[test]
fn adfgvx_label_pairs_are_rederived() {
    for r in records_with_steps("suites/korbench/kor_cipher_19_adfgvx.puzzle") {
        let g = grid(&r.question, 6);
        assert_eq!(g.len(), 6, "{}: the 6x6 matrix", r.id);
        let labels: Vec<char> = "ADFGVX".chars().collect();
        let (encrypt, text) = given_text(&r.query);
        let pairs: String = if encrypt {
            text.chars()
                .flat_map(|c| {
                    let (i, j) = position(&g, c);
                    [labels[i], labels[j]]
                })
                .collect()
        } else {
            let (rows, cols) = text.split_at(text.len() / 2);
            rows.chars()
                .zip(cols.chars())
                .flat_map(|(a, b)| [a, b])
                .collect()
        };
        let gold = checkpoint(&r);
        assert_eq!(gold, pairs, "{}", r.id);
        check_judging(&r, &gold, &format!("{gold}A"));
    }
}

/// Numbers separated by single spaces, as a `Step 1:` line lists them.
fn spaced(numbers: impl IntoIterator<Item = usize>) -> String {
    numbers
        .into_iter()
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn bifid_coordinate_streams_are_rederived() {
    for r in records_with_steps("suites/korbench/kor_cipher_13_bifid.puzzle") {
        let g = grid(&r.question, 5);
        assert_eq!(g.len(), 5, "{}: the 5x5 grid", r.id);
        let (encrypt, text) = given_text(&r.query);
        let coords: Vec<(usize, usize)> = text.chars().map(|c| position(&g, c)).collect();
        let stream: Vec<usize> = if encrypt {
            coords
                .iter()
                .map(|c| c.0)
                .chain(coords.iter().map(|c| c.1))
                .collect()
        } else {
            coords.iter().flat_map(|&(i, j)| [i, j]).collect()
        };
        let expected = spaced(stream);
        let gold = checkpoint(&r);
        assert_eq!(gold, expected, "{}", r.id);
        check_judging(&r, &gold, &format!("{gold} 0"));
    }
}

#[test]
fn digrafid_pair_coordinates_are_rederived() {
    for r in records_with_steps("suites/korbench/kor_cipher_14_digrafid.puzzle") {
        // Grid 1 is 3 rows of 9, grid 2 is 9 rows of 3, as the rule lists them.
        let g1 = grid(&r.question, 9);
        let g2 = grid(&r.question, 3);
        assert_eq!((g1.len(), g2.len()), (3, 9), "{}: the two grids", r.id);
        let (encrypt, text) = given_text(&r.query);
        let coords: Vec<[usize; 4]> = if encrypt {
            let mut padded: Vec<char> = text.chars().collect();
            while !padded.len().is_multiple_of(6) {
                padded.push('#');
            }
            padded
                .chunks(2)
                .map(|p| {
                    let (r1, c1) = position(&g1, p[0]);
                    let (r2, c2) = position(&g2, p[1]);
                    [r1, c1, r2, c2]
                })
                .collect()
        } else {
            let digits: Vec<usize> = text
                .chars()
                .map(|c| c.to_digit(10).expect("a digit") as usize)
                .collect();
            let coords: Vec<[usize; 4]> = digits
                .chunks(3)
                .map(|g| [(g[1] - 1) / 3, g[0], g[2], (g[1] - 1) % 3])
                .collect();
            // The coordinates name the plaintext's letters (and the padding).
            let letters: String = coords
                .iter()
                .flat_map(|&[r1, c1, r2, c2]| [g1[r1][c1], g2[r2][c2]])
                .filter(|&c| c != '#')
                .collect();
            assert_eq!(letters, r.answer, "{}", r.id);
            coords
        };
        let expected = spaced(coords.into_iter().flatten());
        let gold = checkpoint(&r);
        assert_eq!(gold, expected, "{}", r.id);
        check_judging(&r, &gold, &format!("{gold} 0"));
    }
}

/// The key bytes the rule lists (`0x31, 0x32, …` on the `Key:` line).
fn key_bytes(question: &str) -> Vec<u8> {
    let line = question
        .lines()
        .find(|l| l.trim().starts_with("- Key:"))
        .expect("the key line");
    line.split([',', ' ', '.'])
        .filter_map(|t| t.strip_prefix("0x"))
        .map(|h| u8::from_str_radix(h, 16).expect("a hex byte"))
        .collect()
}

#[test]
fn sbox_first_stage_bytes_are_rederived() {
    for r in records_with_steps("suites/korbench/kor_cipher_22_sbox.puzzle") {
        let key = key_bytes(&r.question);
        assert_eq!(key.len(), 8, "{}: eight key bytes", r.id);
        let (encrypt, text) = given_text(&r.query);
        let bytes: Vec<u8> = if encrypt {
            let mut b = text.into_bytes();
            while !b.len().is_multiple_of(8) {
                b.push(0);
            }
            b
        } else {
            (0..text.len() / 2)
                .map(|i| u8::from_str_radix(&text[2 * i..2 * i + 2], 16).expect("hex"))
                .collect()
        };
        let expected = bytes
            .iter()
            .enumerate()
            .map(|(i, b)| format!("{:02X}", b ^ key[i % 8]))
            .collect::<Vec<_>>()
            .join(" ");
        let gold = checkpoint(&r);
        assert_eq!(gold, expected, "{}", r.id);
        check_judging(&r, &gold, &format!("{gold} 00"));
    }
}

/// A square the rule writes on one line, rows separated by ` / `
/// (`- Plain square: K L M N O / P R S T U / …`).
fn inline_square(question: &str, name: &str) -> Vec<Vec<char>> {
    let line = question
        .lines()
        .find_map(|l| l.trim().strip_prefix(&format!("- {name}: ")))
        .unwrap_or_else(|| panic!("the line of {name}"));
    line.split(" / ")
        .map(|row| row.split(' ').filter_map(|c| c.chars().next()).collect())
        .collect()
}

#[test]
fn four_square_positions_are_rederived() {
    for r in records_with_steps("suites/korbench/kor_cipher_11_four_square.puzzle") {
        let squares: Vec<Vec<Vec<char>>> = ["Plain square", "Square 2", "Square 3"]
            .iter()
            .map(|n| inline_square(&r.question, n))
            .collect();
        for s in &squares {
            assert!(
                s.len() == 5 && s.iter().all(|row| row.len() == 5),
                "{}: a 5x5 square",
                r.id
            );
        }
        let (encrypt, text) = given_text(&r.query);
        let positions: Vec<(usize, usize)> = if encrypt {
            let mut padded = text.clone();
            if padded.len() % 2 == 1 {
                padded.push('X');
            }
            padded.chars().map(|c| position(&squares[0], c)).collect()
        } else {
            text.chars()
                .enumerate()
                .map(|(i, c)| position(&squares[1 + i % 2], c))
                .collect()
        };
        let expected = spaced(positions.iter().flat_map(|&(i, j)| [i, j]));
        let gold = checkpoint(&r);
        assert_eq!(gold, expected, "{}", r.id);
        check_judging(&r, &gold, &format!("{gold} 0"));
    }
}
