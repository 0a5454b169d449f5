//! Cipher sub-step checkpoints (`--set steps=true`) of KOR-Bench's inverse
//! shift (rule 1), Alberti (rule 9), four-square variant (rule 11), Bifid
//! (rule 13), Digrafid (rule 14), rotating grille (rule 18), ADFGVX (rule 19),
//! S-box blocks (rule 22) and toy RSA (rule 23): each checkpoint gold is
//! re-derived from the tables, rings, grids, squares, key or numbers the
//! prompt's own rule lists and the text (and parameters) the prompt gives, the
//! prompt asks for it on a `Step N:` line, a response with the right lines and
//! answer is judged correct on all of them, and one with a wrong line is not.
//! With the lever off (every tier) a record has no checkpoint and its prompt
//! asks for no step. 200 items per tier.

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
        assert!(
            !plain.query.contains("Step 1:"),
            "{}: no step asked with the lever off",
            plain.id
        );
    }
    out
}

/// The one checkpoint's gold.
fn checkpoint(r: &puzzlec::dataset::Record) -> String {
    checkpoints(r, 1).remove(0)
}

/// The golds of the record's `n` checkpoints, numbered 1 to `n` in order.
fn checkpoints(r: &puzzlec::dataset::Record, n: usize) -> Vec<String> {
    assert_eq!(r.checkpoints.len(), n, "{}", r.id);
    for (i, c) in r.checkpoints.iter().enumerate() {
        assert_eq!(c.step, i + 1, "{}", r.id);
    }
    r.checkpoints.iter().map(|c| c.gold.clone()).collect()
}

/// A response with one `Step N:` line per step and the record's answer.
fn judged(r: &puzzlec::dataset::Record, steps: &[&str]) -> (Verdict, Vec<Option<Verdict>>) {
    let judge = Judge::from_json(&r.to_json_line()).expect("judge");
    let lines: String = steps
        .iter()
        .enumerate()
        .map(|(i, s)| format!("Step {}: {s}\n", i + 1))
        .collect();
    let j = judge.judge(&format!("Working it out.\n{lines}[[{}]]", r.answer));
    (j.verdict, j.parts)
}

fn check_judging(r: &puzzlec::dataset::Record, gold: &str, wrong: &str) {
    check_judging_steps(r, &[gold.to_string()], &[wrong.to_string()]);
}

/// The prompt asks for every step; the gold lines are judged correct on
/// every step, and a wrong line for one step makes that step, and only it,
/// not correct.
fn check_judging_steps(r: &puzzlec::dataset::Record, golds: &[String], wrongs: &[String]) {
    for i in 1..=golds.len() {
        assert!(
            r.query.contains(&format!("Step {i}: ")),
            "{}: the prompt asks for step {i}",
            r.id
        );
    }
    let right: Vec<&str> = golds.iter().map(String::as_str).collect();
    assert_eq!(
        judged(r, &right),
        (Verdict::Correct, vec![Some(Verdict::Correct); golds.len()]),
        "{}",
        r.id
    );
    for (i, wrong) in wrongs.iter().enumerate() {
        assert_ne!(wrong, &golds[i], "{}: a near miss differs", r.id);
        let mut lines = right.clone();
        lines[i] = wrong;
        let (_, parts) = judged(r, &lines);
        for (j, part) in parts.iter().enumerate() {
            assert_eq!(
                *part == Some(Verdict::Correct),
                i != j,
                "{}: step {} with a wrong step {}",
                r.id,
                j + 1,
                i + 1
            );
        }
    }
}

/// A near miss: the last number one higher, or the last character another.
fn near_miss(gold: &str) -> String {
    match gold.rsplit_once(' ').map_or(("", gold), |(a, b)| (a, b)) {
        (head, last) if last.parse::<u64>().is_ok() => {
            let n: u64 = last.parse().expect("a number");
            let sep = if head.is_empty() { "" } else { " " };
            format!("{head}{sep}{}", n + 1)
        }
        _ => {
            let mut s = gold.to_string();
            let last = s.pop().expect("a character");
            s.push(if last == 'A' { 'B' } else { 'A' });
            s
        }
    }
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

/// The text after `- {name}: ` on a line of the rule, up to the first space.
fn listed(question: &str, name: &str) -> Vec<char> {
    let line = question
        .lines()
        .find_map(|l| l.trim().strip_prefix(&format!("- {name}: ")))
        .unwrap_or_else(|| panic!("the line of {name}"));
    line.split(' ').next().expect("a word").chars().collect()
}

fn index_in(list: &[char], c: char) -> usize {
    list.iter()
        .position(|&x| x == c)
        .unwrap_or_else(|| panic!("{c} is not listed"))
}

/// The kinds of the record's checkpoints: every one `text` here.
fn all_text(r: &puzzlec::dataset::Record) -> bool {
    r.checkpoints.iter().all(|c| c.kind == "text")
}

#[test]
fn shift_positions_are_rederived() {
    let mut directions = [0usize; 2];
    for r in records_with_steps("suites/korbench/kor_cipher_01_shift.puzzle") {
        let alphabet = listed(&r.question, "Standard alphabet");
        let table = listed(&r.question, "Substitution table");
        assert_eq!((alphabet.len(), table.len()), (26, 26), "{}", r.id);
        // The two formulas the rule states, computed here.
        assert!(
            r.question.contains("position (25 - x + 4) mod 26"),
            "{}",
            r.id
        );
        assert!(
            r.question.contains("position 25 - ((y - 4) mod 26)"),
            "{}",
            r.id
        );
        let (encrypt, text) = given_text(&r.query);
        directions[usize::from(encrypt)] += 1;
        let looked_up: Vec<usize> = text
            .chars()
            .map(|c| index_in(if encrypt { &alphabet } else { &table }, c))
            .collect();
        let computed: Vec<usize> = looked_up
            .iter()
            .map(|&v| {
                if encrypt {
                    (25 + 4 - v) % 26
                } else {
                    25 - (v + 26 - 4) % 26
                }
            })
            .collect();
        // The computed positions name the answer's letters.
        let named: String = computed
            .iter()
            .map(|&i| if encrypt { table[i] } else { alphabet[i] })
            .collect();
        assert_eq!(named, r.answer, "{}", r.id);
        let golds = checkpoints(&r, 2);
        assert!(all_text(&r), "{}", r.id);
        assert_eq!(golds, [spaced(looked_up), spaced(computed)], "{}", r.id);
        let wrongs: Vec<String> = golds.iter().map(|g| near_miss(g)).collect();
        check_judging_steps(&r, &golds, &wrongs);
    }
    assert!(directions.iter().all(|&n| n > 0), "both directions occur");
}

/// A parameter line of the question (`period: 3`).
fn parameter(query: &str, name: &str) -> usize {
    query
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{name}: ")))
        .unwrap_or_else(|| panic!("the {name} line"))
        .trim()
        .parse()
        .expect("a number")
}

#[test]
fn alberti_turns_and_positions_are_rederived() {
    let mut directions = [0usize; 2];
    let mut turned_past_26 = false;
    for r in records_with_steps("suites/korbench/kor_cipher_09_alberti.puzzle") {
        let outer = listed(&r.question, "Outer ring");
        let mut inner = listed(&r.question, "Inner ring (starting position)");
        assert_eq!((outer.len(), inner.len()), (26, 26), "{}", r.id);
        let period = parameter(&r.query, "period");
        let increment = parameter(&r.query, "increment");
        let (encrypt, text) = given_text(&r.query);
        directions[usize::from(encrypt)] += 1;
        // Turn a real ring: its first `increment` letters go to its end after
        // every `period` letters.
        let (mut turns, mut total) = (Vec::new(), 0usize);
        let (mut positions, mut out) = (Vec::new(), String::new());
        for (i, c) in text.chars().enumerate() {
            turns.push(total % 26);
            let k = index_in(if encrypt { &outer } else { &inner }, c);
            positions.push(k);
            out.push(if encrypt { inner[k] } else { outer[k] });
            if (i + 1) % period == 0 {
                inner.rotate_left(increment);
                total += increment;
            }
        }
        turned_past_26 |= total > 26;
        assert_eq!(out, r.answer, "{}", r.id);
        let golds = checkpoints(&r, 2);
        assert!(all_text(&r), "{}", r.id);
        assert_eq!(golds, [spaced(turns), spaced(positions)], "{}", r.id);
        let wrongs: Vec<String> = golds.iter().map(|g| near_miss(g)).collect();
        check_judging_steps(&r, &golds, &wrongs);
    }
    assert!(directions.iter().all(|&n| n > 0), "both directions occur");
    assert!(turned_past_26, "some ring turns a full circle or more");
}

/// The template's holes the rule lists: `Its holes are at (row, column)
/// (1,2), (1,3), …`.
fn holes(question: &str) -> Vec<(usize, usize)> {
    let line = question
        .lines()
        .find_map(|l| l.trim().strip_prefix("Its holes are at (row, column) "))
        .expect("the holes line");
    line.split('(')
        .filter_map(|t| t.split_once(')'))
        .map(|(pair, _)| {
            let (a, b) = pair.split_once(',').expect("row,column");
            (a.parse().expect("row"), b.parse().expect("column"))
        })
        .collect()
}

#[test]
fn grille_halfway_states_are_rederived() {
    let mut directions = [0usize; 2];
    let mut blocks_seen = [false; 3];
    for r in records_with_steps("suites/korbench/kor_cipher_18_grille.puzzle") {
        // The four template positions, each filled row by row; a turn moves
        // a hole at (r, c) to (3 - c, r).
        let mut pass = holes(&r.question);
        assert_eq!(pass.len(), 4, "{}", r.id);
        let mut order = Vec::new();
        for _ in 0..4 {
            pass.sort();
            order.extend(pass.iter().map(|&(i, j)| i * 4 + j));
            pass = pass.iter().map(|&(i, j)| (3 - j, i)).collect();
        }
        let (encrypt, text) = given_text(&r.query);
        directions[usize::from(encrypt)] += 1;
        let mut chars: Vec<char> = text.chars().collect();
        while !chars.len().is_multiple_of(16) {
            chars.push('#');
        }
        blocks_seen[chars.len() / 16] = true;
        let mut halfway = Vec::new();
        let mut out = String::new();
        for block in chars.chunks(16) {
            if encrypt {
                let mut grid = ['.'; 16];
                for (k, &cell) in order.iter().enumerate().take(8) {
                    grid[cell] = block[k];
                }
                halfway.push(grid.iter().collect::<String>());
                let mut full = ['.'; 16];
                for (k, &cell) in order.iter().enumerate() {
                    full[cell] = block[k];
                }
                out.extend(full);
            } else {
                let read: String = order.iter().map(|&cell| block[cell]).collect();
                halfway.push(read[..8].to_string());
                out.extend(read.chars().filter(|&c| c != '#'));
            }
        }
        assert_eq!(out, r.answer, "{}", r.id);
        let gold = checkpoint(&r);
        assert!(all_text(&r), "{}", r.id);
        assert_eq!(gold, halfway.join(" "), "{}", r.id);
        check_judging(&r, &gold, &near_miss(&gold));
        // Another near miss: the first two characters swapped, when they differ.
        let swapped: String = {
            let mut c: Vec<char> = gold.chars().collect();
            c.swap(0, 1);
            c.into_iter().collect()
        };
        if !swapped.eq_ignore_ascii_case(&gold) {
            check_judging(&r, &gold, &swapped);
        }
    }
    assert!(directions.iter().all(|&n| n > 0), "both directions occur");
    assert_eq!(blocks_seen, [false, true, true], "one and two blocks occur");
}

fn power_mod(base: u64, exp: u64, modulus: u64) -> u64 {
    let (mut acc, mut b, mut e) = (1, base % modulus, exp);
    while e > 0 {
        if e & 1 == 1 {
            acc = acc * b % modulus;
        }
        b = b * b % modulus;
        e >>= 1;
    }
    acc
}

/// `name = N` on the rule's line that starts with `- first = `
/// (`- e = 263, n = 299.`).
fn constant(question: &str, first: &str, name: &str) -> u64 {
    let line = question
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with(&format!("- {first} = ")))
        .unwrap_or_else(|| panic!("the line of {first}"));
    line[2..]
        .trim_end_matches('.')
        .split(", ")
        .find_map(|t| t.strip_prefix(&format!("{name} = ")))
        .unwrap_or_else(|| panic!("{name}"))
        .parse()
        .expect("a number")
}

#[test]
fn rsa_letter_codes_are_rederived() {
    let mut directions = [0usize; 2];
    for r in records_with_steps("suites/korbench/kor_cipher_23_rsa.puzzle") {
        let (encrypt, text) = given_text(&r.query);
        directions[usize::from(encrypt)] += 1;
        let (e, d) = (
            constant(&r.question, "e", "e"),
            constant(&r.question, "d", "d"),
        );
        let n = constant(&r.question, "e", "n");
        assert_eq!(n, constant(&r.question, "d", "n"), "{}", r.id);
        let codes: Vec<u64> = if encrypt {
            text.bytes().map(u64::from).collect()
        } else {
            text.split(',')
                .map(|c| power_mod(c.parse().expect("a number"), d, n))
                .collect()
        };
        let out = if encrypt {
            codes
                .iter()
                .map(|&x| power_mod(x, e, n).to_string())
                .collect::<Vec<_>>()
                .join(",")
        } else {
            codes.iter().map(|&z| char::from(z as u8)).collect()
        };
        assert_eq!(out, r.answer, "{}", r.id);
        let gold = checkpoint(&r);
        assert!(all_text(&r), "{}", r.id);
        assert_eq!(gold, spaced(codes.iter().map(|&z| z as usize)), "{}", r.id);
        check_judging(&r, &gold, &near_miss(&gold));
    }
    assert!(directions.iter().all(|&n| n > 0), "both directions occur");
}
