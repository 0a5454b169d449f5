//! The KOR-Bench cipher specs (`suites/korbench/kor_cipher_*.puzzle`) checked against
//! an independent implementation of each rule, written here from the rule
//! descriptions (KOR-Bench's `rule.jsonl`, as summarised in the project's
//! reference notes), sharing no code or tables with the specs.
//!
//! For every rule: 100 items per tier (300 in all) must have a gold equal to
//! this file's encryption or decryption of the instance's text and key, the
//! prompt must show that text, and the gold must map back to the given text;
//! and this file's decryption must undo its encryption on 500 random texts.
//! Every gold, answered in `[[…]]`, must also score as correct.

use crate::common;

use puzzlec::answer::{judge, AnswerKind, Verdict};
use puzzlec::dataset::build::record;
use puzzlec::gen::generate;
use serde_json::{json, Value};

const ITEMS: u64 = 100;
const RANDOM_TEXTS: usize = 500;
const AZ: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// SplitMix64: random texts and keys for the round trips.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn text(&mut self, alphabet: &str, len: usize) -> String {
        let a: Vec<char> = alphabet.chars().collect();
        (0..len).map(|_| a[self.below(a.len())]).collect()
    }
}

type Cipher = fn(&str, &Value) -> String;

/// One rule: its spec, the plaintext alphabet, the two directions, what
/// decryption gives back for a plaintext (padding kept, dropped letters
/// gone), and random keys for the round trips.
struct Rule {
    spec: &'static str,
    alphabet: &'static str,
    enc: Cipher,
    dec: Cipher,
    restored: fn(&str) -> String,
    random_key: fn(&mut Rng) -> Value,
    /// Whether a plaintext can be used at all (e.g. no ambiguous ciphertext).
    usable: fn(&str, &Value) -> bool,
}

fn same(s: &str) -> String {
    s.to_string()
}
fn no_key(_: &mut Rng) -> Value {
    json!({})
}
fn always(_: &str, _: &Value) -> bool {
    true
}

fn pos(alphabet: &str, c: char) -> usize {
    alphabet
        .chars()
        .position(|x| x == c)
        .unwrap_or_else(|| panic!("{c:?} not in {alphabet}"))
}
fn at(alphabet: &str, i: usize) -> char {
    alphabet.chars().nth(i).expect("index in alphabet")
}
fn map_chars(text: &str, f: impl Fn(usize, char) -> char) -> String {
    text.chars().enumerate().map(|(i, c)| f(i, c)).collect()
}
fn key_of(k: &Value) -> &str {
    k["key"].as_str().expect("key")
}

fn check(rule: &Rule) {
    let program =
        common::load(&common::root().join(format!("suites/korbench/{}.puzzle", rule.spec)));
    let (mut enc_items, mut dec_items) = (0, 0);
    for tier in program.tier_names() {
        for i in 0..ITEMS {
            let item = generate(&program, tier, i, 1).expect("generate");
            let r = record(&program, &item, "en");
            let inst = &r.instance;
            let text = inst["text"].as_str().expect("text");
            let direction = inst["direction"].as_str().expect("direction");
            let label = if direction == "encrypt" {
                "Plaintext"
            } else {
                "Ciphertext"
            };
            assert!(
                r.question.contains(&format!("{label}: \"{text}\"")),
                "{}: the prompt shows the text",
                r.id
            );
            // The gold, given back in the requested `[[…]]`, scores as correct.
            let kind = AnswerKind::from_name(&r.answer_kind).expect("answer kind");
            assert_eq!(
                judge(kind, &r.answer, &format!("The answer is [[{}]]", r.answer)).0,
                Verdict::Correct,
                "{}",
                r.id
            );
            if direction == "encrypt" {
                enc_items += 1;
                assert!(text.chars().all(|c| rule.alphabet.contains(c)), "{}", r.id);
                assert_eq!(r.answer, (rule.enc)(text, inst), "{}", r.id);
                if (rule.usable)(text, inst) {
                    assert_eq!(
                        (rule.dec)(&r.answer, inst),
                        (rule.restored)(text),
                        "{}",
                        r.id
                    );
                }
            } else {
                dec_items += 1;
                assert!(
                    (rule.usable)(&r.answer, inst),
                    "{}: the ciphertext decrypts uniquely",
                    r.id
                );
                let plain = (rule.dec)(text, inst);
                assert_eq!(r.answer, plain, "{}", r.id);
                // The ciphertext is a real encryption: re-encrypting the gold
                // (with its padding, if the rule keeps it) gives it back.
                assert_eq!((rule.enc)(&r.answer, inst), text, "{}", r.id);
            }
        }
    }
    assert!(
        enc_items >= 50 && dec_items >= 50,
        "{}: both directions are asked ({enc_items} / {dec_items})",
        rule.spec
    );
    let mut rng = Rng(0x5EED ^ rule.spec.len() as u64);
    let mut tried = 0;
    while tried < RANDOM_TEXTS {
        let len = 1 + rng.below(30);
        let plain = rng.text(rule.alphabet, len);
        let key = (rule.random_key)(&mut rng);
        if !(rule.usable)(&plain, &key) {
            continue;
        }
        tried += 1;
        let cipher = (rule.enc)(&plain, &key);
        assert_eq!(
            (rule.dec)(&cipher, &key),
            (rule.restored)(&plain),
            "{}: round trip of {plain} ({key})",
            rule.spec
        );
    }
}

// ---- Rule 1: inverse shift substitution.

const R1_TABLE: &str = "RFDJUHABCEGIKLMNOPQSTVWXYZ";

fn r1_enc(t: &str, _: &Value) -> String {
    map_chars(t, |_, p| at(R1_TABLE, (25 - pos(AZ, p) + 4) % 26))
}
fn r1_dec(t: &str, _: &Value) -> String {
    map_chars(t, |_, c| at(AZ, 25 - (pos(R1_TABLE, c) + 26 - 4) % 26))
}

#[test]
fn rule_01_inverse_shift() {
    // The reference gives the whole substitution as one table.
    assert_eq!(r1_enc(AZ, &json!({})), "JDFRZYXWVTSQPONMLKIGECBAHU");
    check(&Rule {
        spec: "kor_cipher_01_shift",
        alphabet: AZ,
        enc: r1_enc,
        dec: r1_dec,
        restored: same,
        random_key: no_key,
        usable: always,
    });
}

// ---- Rule 5: affine over a fixed letter order.

const R5_ORDER: &str = "XMJQUDONPRGTVBWFAKSHZCYEIL";

fn r5_enc(t: &str, _: &Value) -> String {
    map_chars(t, |_, p| at(R5_ORDER, (3 * pos(R5_ORDER, p) + 5) % 26))
}
fn r5_dec(t: &str, _: &Value) -> String {
    map_chars(t, |_, c| at(R5_ORDER, 9 * (pos(R5_ORDER, c) + 26 - 5) % 26))
}

#[test]
fn rule_05_affine() {
    assert_eq!(r5_enc(AZ, &json!({})), "MSAZYIRGLTUJPXEQWONVKFCDHB");
    check(&Rule {
        spec: "kor_cipher_05_affine",
        alphabet: AZ,
        enc: r5_enc,
        dec: r5_dec,
        restored: same,
        random_key: no_key,
        usable: always,
    });
}

// ---- Rule 8: Porta.

/// The Porta alphabet of key-letter pair `k` (AB = 0 … YZ = 12): the second
/// half of the alphabet shifted right by `k`, then the first half shifted
/// left by `k`.
fn r8_alphabet(k: usize) -> String {
    let second: Vec<char> = "NOPQRSTUVWXYZ".chars().collect();
    let first: Vec<char> = "ABCDEFGHIJKLM".chars().collect();
    let a: String = (0..13).map(|i| second[(i + 13 - k) % 13]).collect();
    let b: String = (0..13).map(|i| first[(i + k) % 13]).collect();
    a + &b
}
fn r8_enc(t: &str, k: &Value) -> String {
    let key: Vec<char> = key_of(k).chars().collect();
    map_chars(t, |i, p| {
        at(&r8_alphabet(pos(AZ, key[i % key.len()]) / 2), pos(AZ, p))
    })
}
fn r8_dec(t: &str, k: &Value) -> String {
    let key: Vec<char> = key_of(k).chars().collect();
    map_chars(t, |i, c| {
        at(AZ, pos(&r8_alphabet(pos(AZ, key[i % key.len()]) / 2), c))
    })
}
fn random_word(rng: &mut Rng, lo: usize, hi: usize) -> String {
    let n = lo + rng.below(hi - lo + 1);
    rng.text(AZ, n)
}

#[test]
fn rule_08_porta() {
    // Two alphabets of the rule text, regenerated from the Porta shape.
    assert_eq!(r8_alphabet(0), "NOPQRSTUVWXYZABCDEFGHIJKLM");
    assert_eq!(r8_alphabet(12), "OPQRSTUVWXYZNMABCDEFGHIJKL");
    check(&Rule {
        spec: "kor_cipher_08_porta",
        alphabet: AZ,
        enc: r8_enc,
        dec: r8_dec,
        restored: same,
        random_key: |rng| json!({ "key": random_word(rng, 1, 10) }),
        usable: always,
    });
}

const NO_J: &str = "ABCDEFGHIKLMNOPQRSTUVWXYZ";
const NO_Q: &str = "ABCDEFGHIJKLMNOPRSTUVWXYZ";

/// A 5x5 square written row by row: the (row, column) of a letter.
fn square_pos(square: &str, c: char) -> (usize, usize) {
    let i = pos(square, c);
    (i / 5, i % 5)
}
fn square_at(square: &str, r: usize, c: usize) -> char {
    at(square, r * 5 + c)
}

// ---- Rule 3: multitap.

const R3_KEYS: [&str; 8] = ["ABC", "DEF", "GHI", "JKL", "MNO", "PQRS", "TUV", "WXYZ"];

fn r3_enc(t: &str, _: &Value) -> String {
    t.chars()
        .map(|p| {
            let k = R3_KEYS.iter().position(|k| k.contains(p)).expect("key");
            format!("{}^{}", k + 2, pos(R3_KEYS[k], p) + 1)
        })
        .collect()
}
fn r3_dec(t: &str, _: &Value) -> String {
    let b: Vec<char> = t.chars().collect();
    b.chunks(3)
        .map(|tok| {
            assert_eq!(tok[1], '^', "token {tok:?}");
            let key = tok[0].to_digit(10).expect("digit") as usize;
            let n = tok[2].to_digit(10).expect("digit") as usize;
            at(R3_KEYS[key - 2], n - 1)
        })
        .collect()
}

#[test]
fn rule_03_multitap() {
    assert_eq!(r3_enc("UO", &json!({})), "8^26^3");
    assert_eq!(r3_enc("SZ", &json!({})), "7^49^4");
    check(&Rule {
        spec: "kor_cipher_03_multitap",
        alphabet: AZ,
        enc: r3_enc,
        dec: r3_dec,
        restored: same,
        random_key: no_key,
        usable: always,
    });
}

// ---- Rule 4: Polybius square, O as 66.

const R4_SQUARE: &str = "RTXFSWCMVHZJAPBLQYGKNEUDI";

fn r4_enc(t: &str, _: &Value) -> String {
    t.chars()
        .map(|p| {
            if p == 'O' {
                "66".to_string()
            } else {
                let (r, c) = square_pos(R4_SQUARE, p);
                format!("{}{}", r + 1, c + 1)
            }
        })
        .collect()
}
fn r4_dec(t: &str, _: &Value) -> String {
    let d: Vec<usize> = t
        .chars()
        .map(|c| c.to_digit(10).expect("digit") as usize)
        .collect();
    d.chunks(2)
        .map(|p| match p {
            [6, 6] => 'O',
            [r, c] => square_at(R4_SQUARE, r - 1, c - 1),
            _ => panic!("odd digit count in {t}"),
        })
        .collect()
}

#[test]
fn rule_04_polybius() {
    check(&Rule {
        spec: "kor_cipher_04_polybius",
        alphabet: AZ,
        enc: r4_enc,
        dec: r4_dec,
        restored: same,
        random_key: no_key,
        usable: always,
    });
}

// ---- Rule 7: Phillips.

const R7_BASE: [&str; 5] = ["PHILS", "ABCDE", "FGKMN", "OQRTU", "VWXYZ"];

/// Grid `g` as rows: grid 0 with its rows moved down by [0,1,2,3,4,0,1,2][g].
fn r7_grid(g: usize) -> Vec<Vec<char>> {
    let s = [0, 1, 2, 3, 4, 0, 1, 2][g];
    (0..5)
        .map(|r| R7_BASE[(r + 5 - s) % 5].chars().collect())
        .collect()
}
fn r7_move(t: &str, d: usize) -> String {
    map_chars(t, |i, ch| {
        let g = r7_grid((i / 5) % 8);
        let (r, c) = (0..5)
            .flat_map(|r| (0..5).map(move |c| (r, c)))
            .find(|&(r, c)| g[r][c] == ch)
            .expect("letter in grid");
        g[(r + d) % 5][(c + d) % 5]
    })
}

#[test]
fn rule_07_phillips() {
    assert_eq!(
        r7_grid(1)
            .iter()
            .map(|r| r.iter().collect::<String>())
            .collect::<Vec<_>>(),
        ["VWXYZ", "PHILS", "ABCDE", "FGKMN", "OQRTU"]
    );
    check(&Rule {
        spec: "kor_cipher_07_phillips",
        alphabet: NO_J,
        enc: |t, _| r7_move(t, 1),
        dec: |t, _| r7_move(t, 4),
        restored: same,
        random_key: no_key,
        usable: always,
    });
}

// ---- Rule 9: Alberti.

const R9_OUTER: &str = "QWERTYUIOPASDFGHJZXCVBNMKL";
const R9_INNER: &str = "JKLZXCVBNMASDFGHJQWERTYUIO";

fn r9_params(k: &Value) -> (usize, usize) {
    (
        k["period"].as_u64().expect("period") as usize,
        k["increment"].as_u64().expect("increment") as usize,
    )
}
/// Runs the disk: `forward` maps outer to inner, else inner (first
/// occurrence) to outer; the inner ring turns left after every period.
fn r9_run(t: &str, k: &Value, forward: bool) -> String {
    let (period, inc) = r9_params(k);
    let mut inner: Vec<char> = R9_INNER.chars().collect();
    let outer: Vec<char> = R9_OUTER.chars().collect();
    let mut out = String::new();
    for (i, ch) in t.chars().enumerate() {
        if forward {
            out.push(inner[outer.iter().position(|&x| x == ch).expect("outer")]);
        } else {
            out.push(outer[inner.iter().position(|&x| x == ch).expect("inner")]);
        }
        if (i + 1) % period == 0 {
            inner.rotate_left(inc);
        }
    }
    out
}

#[test]
fn rule_09_alberti() {
    check(&Rule {
        spec: "kor_cipher_09_alberti",
        alphabet: AZ,
        enc: |t, k| r9_run(t, k, true),
        dec: |t, k| r9_run(t, k, false),
        restored: same,
        random_key: |rng| json!({ "period": 1 + rng.below(14), "increment": 1 + rng.below(5) }),
        // A ciphertext J is ambiguous (J is twice on the inner ring).
        usable: |p, k| !r9_run(p, k, true).contains('J'),
    });
}

// ---- Rule 10: Jefferson wheel.

const R10_REELS: [&str; 25] = [
    "ABCEIGDJFVUYMHTQKZOLRXSPWN",
    "ACDEHFIJKTLMOUVYGZNPQXRWSB",
    "ADKOMJUBGEPHSCZINXFYQRTVWL",
    "AEDCBIFGJHLKMRUOQVPTNWYXZS",
    "AFNQUKDOPITJBRHCYSLWEMZVXG",
    "AGPOCIXLURNDYZHWBJSQFKVMET",
    "AHXJEZBNIKPVROGSYDULCFMQTW",
    "AIHPJOBWKCVFZLQERYNSUMGTDX",
    "AJDSKQOIVTZEFHGYUNLPMBXWCR",
    "AKELBDFJGHONMTPRQSVZUXYWIC",
    "ALTMSXVQPNOHUWDIZYCGKRFBEJ",
    "AMNFLHQGCUJTBYPZKXISRDVEWO",
    "ANCJILDHBMKGXUZTSWQYVORPFE",
    "AODWPKJVIUQHZCTXBLEGNYRSMF",
    "APBVHIYKSGUENTCXOWFQDRLJZM",
    "AQJNUBTGIMWZRVLXCSHDEOKFPY",
    "ARMYOFTHEUSZJXDPCWGQIBKLNV",
    "ASDMCNEQBOZPLGVJRKYTFUIWXH",
    "ATOJYLFXNGWHVCMIRBSEKUPDZQ",
    "AUTRZXQLYIOVBPESNHJWMDGFCK",
    "AVNKHRGOXEYBFSJMUDQCLZWTIP",
    "AWVSFDLIEBHKNRJQZGMXPUCOTY",
    "AXKWREVDTUFOYHMLSIQNJCPGBZ",
    "AYJPXMVKBQWUGLOSTECHNZFRID",
    "AZDNBUHYFWJLVGRCQMPSOEXTKI",
];

fn r10_move(t: &str, d: usize) -> String {
    map_chars(t, |i, ch| {
        let reel = R10_REELS[i % 25];
        at(reel, (pos(reel, ch) + d) % 26)
    })
}

#[test]
fn rule_10_jefferson() {
    for reel in R10_REELS {
        let mut letters: Vec<char> = reel.chars().collect();
        letters.sort_unstable();
        assert_eq!(letters.into_iter().collect::<String>(), AZ, "{reel}");
    }
    check(&Rule {
        spec: "kor_cipher_10_jefferson",
        alphabet: AZ,
        enc: |t, _| r10_move(t, 1),
        dec: |t, _| r10_move(t, 25),
        restored: same,
        random_key: no_key,
        usable: always,
    });
}

// ---- Rule 11: four-square variant, the padding X kept on decryption.

const R11_PLAIN: &str = "KLMNOPRSTUVWXYZABCDEFGHIJ";
const R11_SECOND: &str = "ECHOABDFGIJKLMNPRSTUVWXYZ";
const R11_THIRD: &str = "VORTEXABCDFGHIJKLMNPSUWYZ";

fn r11_padded(p: &str) -> String {
    let t: String = p.chars().filter(|&c| c != 'Q').collect();
    if t.len() % 2 == 1 {
        t + "X"
    } else {
        t
    }
}
fn r11_swap(t: &str, from: [&str; 2], to: [&str; 2]) -> String {
    map_chars(t, |i, c| at(to[i % 2], pos(from[i % 2], c)))
}

#[test]
fn rule_11_four_square() {
    check(&Rule {
        spec: "kor_cipher_11_four_square",
        alphabet: NO_Q,
        enc: |t, _| r11_swap(&r11_padded(t), [R11_PLAIN; 2], [R11_SECOND, R11_THIRD]),
        dec: |t, _| r11_swap(t, [R11_SECOND, R11_THIRD], [R11_PLAIN; 2]),
        restored: r11_padded,
        random_key: no_key,
        usable: always,
    });
}

// ---- Rule 13: Bifid.

const R13_SQUARE: &str = "UBILANTCDEFGHKMOPQRSVWXYZ";

fn r13_enc(t: &str, _: &Value) -> String {
    let coords: Vec<(usize, usize)> = t.chars().map(|c| square_pos(R13_SQUARE, c)).collect();
    let stream: Vec<usize> = coords
        .iter()
        .map(|&(r, _)| r)
        .chain(coords.iter().map(|&(_, c)| c))
        .collect();
    stream
        .chunks(2)
        .map(|p| square_at(R13_SQUARE, p[0], p[1]))
        .collect()
}
fn r13_dec(t: &str, _: &Value) -> String {
    let stream: Vec<usize> = t
        .chars()
        .flat_map(|c| {
            let (r, col) = square_pos(R13_SQUARE, c);
            [r, col]
        })
        .collect();
    let (rows, cols) = stream.split_at(t.len());
    rows.iter()
        .zip(cols)
        .map(|(&r, &c)| square_at(R13_SQUARE, r, c))
        .collect()
}

#[test]
fn rule_13_bifid() {
    check(&Rule {
        spec: "kor_cipher_13_bifid",
        alphabet: NO_J,
        enc: r13_enc,
        dec: r13_dec,
        restored: same,
        random_key: no_key,
        usable: always,
    });
}

// ---- Rule 15: Collon variant.

const R15_SQUARE: &str = "MZSDPKNFLQGAOXUWRYVCBTEHI";

fn r15_enc(t: &str, _: &Value) -> String {
    t.chars()
        .flat_map(|p| {
            let (r, c) = square_pos(R15_SQUARE, p);
            [square_at(R15_SQUARE, r, 0), square_at(R15_SQUARE, 4, c)]
        })
        .collect()
}
fn r15_dec(t: &str, _: &Value) -> String {
    let b: Vec<char> = t.chars().collect();
    b.chunks(2)
        .map(|p| {
            let r = (0..5)
                .find(|&r| square_at(R15_SQUARE, r, 0) == p[0])
                .expect("row");
            let c = (0..5)
                .find(|&c| square_at(R15_SQUARE, 4, c) == p[1])
                .expect("col");
            square_at(R15_SQUARE, r, c)
        })
        .collect()
}

#[test]
fn rule_15_collon() {
    assert_eq!(r15_enc("F", &json!({})), "KE");
    check(&Rule {
        spec: "kor_cipher_15_collon",
        alphabet: NO_J,
        enc: r15_enc,
        dec: r15_dec,
        restored: same,
        random_key: no_key,
        usable: always,
    });
}

// ---- Rule 19: ADFGVX without transposition.

const R19_MATRIX: &str = "RUA0QBD2WKS1H45FTZYCGX7L98I3PN6JVOEM";
const R19_LABELS: &str = "ADFGVX";

fn r19_enc(t: &str, _: &Value) -> String {
    let cells: Vec<usize> = t.chars().map(|c| pos(R19_MATRIX, c)).collect();
    let rows: String = cells.iter().map(|&i| at(R19_LABELS, i / 6)).collect();
    let cols: String = cells.iter().map(|&i| at(R19_LABELS, i % 6)).collect();
    rows + &cols
}
fn r19_dec(t: &str, _: &Value) -> String {
    let b: Vec<char> = t.chars().collect();
    let (rows, cols) = b.split_at(b.len() / 2);
    rows.iter()
        .zip(cols)
        .map(|(&r, &c)| at(R19_MATRIX, pos(R19_LABELS, r) * 6 + pos(R19_LABELS, c)))
        .collect()
}

#[test]
fn rule_19_adfgvx() {
    assert_eq!(r19_enc("A", &json!({})), "AF");
    assert_eq!(r19_enc("PF", &json!({})), "VFVG");
    check(&Rule {
        spec: "kor_cipher_19_adfgvx",
        alphabet: AZ,
        enc: r19_enc,
        dec: r19_dec,
        restored: same,
        random_key: no_key,
        usable: always,
    });
}

// ---- Rules 23 and 24: character codes as numbers.

fn modpow(mut b: u64, mut e: u64, m: u64) -> u64 {
    let mut r = 1;
    b %= m;
    while e > 0 {
        if e & 1 == 1 {
            r = r * b % m;
        }
        b = b * b % m;
        e >>= 1;
    }
    r
}
fn numbers(t: &str) -> Vec<u64> {
    t.split(',').map(|n| n.parse().expect("number")).collect()
}
fn joined(ns: impl Iterator<Item = u64>) -> String {
    ns.map(|n| n.to_string()).collect::<Vec<_>>().join(",")
}

#[test]
fn rule_23_rsa() {
    // p = 13, q = 23: φ = 264 and 263 · 263 ≡ 1 (mod 264), so d = e.
    assert_eq!(263 * 263 % 264, 1);
    check(&Rule {
        spec: "kor_cipher_23_rsa",
        alphabet: AZ,
        enc: |t, _| joined(t.bytes().map(|b| modpow(b as u64, 263, 299))),
        dec: |t, _| {
            numbers(t)
                .into_iter()
                .map(|c| char::from(modpow(c, 263, 299) as u8))
                .collect()
        },
        restored: same,
        random_key: no_key,
        usable: always,
    });
}

#[test]
fn rule_24_ecc() {
    check(&Rule {
        spec: "kor_cipher_24_ecc",
        alphabet: AZ,
        enc: |t, _| joined(t.bytes().map(|b| b as u64 * 12)),
        dec: |t, _| {
            numbers(t)
                .into_iter()
                .map(|c| {
                    assert_eq!(c % 12, 0);
                    char::from((c / 12) as u8)
                })
                .collect()
        },
        restored: same,
        random_key: no_key,
        usable: always,
    });
}

// ---- Rule 25: XOR with SHA-256("SECRET_KEY").

fn r25_key() -> Vec<u8> {
    use sha2::{Digest, Sha256};
    Sha256::digest(b"SECRET_KEY").to_vec()
}
fn r25_enc(t: &str, _: &Value) -> String {
    let key = r25_key();
    t.bytes()
        .enumerate()
        .map(|(i, b)| format!("{:02x}", b ^ key[i % 32]))
        .collect()
}
fn r25_dec(t: &str, _: &Value) -> String {
    let key = r25_key();
    (0..t.len() / 2)
        .map(|i| {
            let b = u8::from_str_radix(&t[2 * i..2 * i + 2], 16).expect("hex");
            char::from(b ^ key[i % 32])
        })
        .collect()
}

#[test]
fn rule_25_sha_xor() {
    check(&Rule {
        spec: "kor_cipher_25_sha_xor",
        alphabet: AZ,
        enc: r25_enc,
        dec: r25_dec,
        restored: same,
        random_key: no_key,
        usable: always,
    });
}

// ---- Rule 16: five-row zigzag, `#` at each turn, rows ended by `*`.

/// The cells of the zigzag in writing order: (row, column, character).
fn r16_cells(t: &str) -> Vec<(usize, usize, char)> {
    let mut cells = Vec::new();
    let (mut row, mut col, mut down) = (0usize, 0usize, true);
    for (i, ch) in t.chars().enumerate() {
        if i > 0 {
            let at_end = if down { row == 4 } else { row == 0 };
            if at_end {
                // A turn: the next column starts with `#` on the same row.
                col += 1;
                down = !down;
                cells.push((row, col, '#'));
            }
            row = if down { row + 1 } else { row - 1 };
        }
        cells.push((row, col, ch));
    }
    cells
}
fn r16_enc(t: &str, _: &Value) -> String {
    let cells = r16_cells(t);
    (0..5)
        .map(|r| {
            let mut row: Vec<(usize, char)> = cells
                .iter()
                .filter(|c| c.0 == r)
                .map(|&(_, col, ch)| (col, ch))
                .collect();
            row.sort_unstable();
            row.into_iter().map(|(_, ch)| ch).collect::<String>() + "*"
        })
        .collect()
}
fn r16_dec(t: &str, _: &Value) -> String {
    let rows: Vec<Vec<char>> = t.split('*').take(5).map(|r| r.chars().collect()).collect();
    assert_eq!(rows.len(), 5, "{t}");
    let width = rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut out = String::new();
    for col in 0..width {
        let order: Vec<usize> = if col % 2 == 0 {
            (0..5).collect()
        } else {
            (0..5).rev().collect()
        };
        for r in order {
            if let Some(&ch) = rows[r].get(col) {
                if ch != '#' {
                    out.push(ch);
                }
            }
        }
    }
    out
}

#[test]
fn rule_16_zigzag() {
    assert_eq!(r16_enc("HELLOWORLD", &json!({})), "HL#*ERD*LO*LW*O#*");
    assert_eq!(r16_enc("HEL", &json!({})), "H*E*L***");
    check(&Rule {
        spec: "kor_cipher_16_zigzag",
        alphabet: AZ,
        enc: r16_enc,
        dec: r16_dec,
        restored: same,
        random_key: no_key,
        usable: always,
    });
}

// ---- Rule 17: rows of five written alternately, read by columns.

/// The (row, column) of letter `k`: even rows run left to right, odd rows
/// right to left (a short odd last row is right-aligned).
fn r17_cell(k: usize) -> (usize, usize) {
    let (row, i) = (k / 5, k % 5);
    (row, if row % 2 == 0 { i } else { 4 - i })
}
fn r17_enc(t: &str, _: &Value) -> String {
    let letters: Vec<char> = t.chars().collect();
    let mut out = String::new();
    for col in 0..5 {
        // Rows ascend with k, so this reads the column top-down.
        for (k, &ch) in letters.iter().enumerate() {
            if r17_cell(k).1 == col {
                out.push(ch);
            }
        }
        out.push('#');
    }
    out
}
fn r17_dec(t: &str, _: &Value) -> String {
    let cols: Vec<Vec<char>> = t.split('#').take(5).map(|c| c.chars().collect()).collect();
    assert_eq!(cols.len(), 5, "{t}");
    let n: usize = cols.iter().map(Vec::len).sum();
    // Letter k sits in its column at the row it was written in.
    (0..n)
        .map(|k| {
            let (row, col) = r17_cell(k);
            cols[col][row]
        })
        .collect()
}

#[test]
fn rule_17_boustrophedon() {
    assert_eq!(r17_enc("LIDAHELLOWORLD", &json!({})), "LWO#IOR#DLL#ALD#HE#");
    check(&Rule {
        spec: "kor_cipher_17_boustrophedon",
        alphabet: AZ,
        enc: r17_enc,
        dec: r17_dec,
        restored: same,
        random_key: no_key,
        usable: always,
    });
}

// ---- Rule 18: 4x4 rotating grille.

/// The cells (row, column) filled by a block's letters 0..16: the template's
/// holes row by row, the template turned a quarter counterclockwise after
/// each pass.
fn r18_order() -> Vec<(usize, usize)> {
    let mut holes = vec![(1, 2), (1, 3), (2, 3), (3, 0)];
    let mut order = Vec::new();
    for _ in 0..4 {
        holes.sort_unstable();
        order.extend(holes.iter().copied());
        holes = holes.iter().map(|&(r, c)| (3 - c, r)).collect();
    }
    order
}
fn r18_enc(t: &str, _: &Value) -> String {
    let order = r18_order();
    let mut letters: Vec<char> = t.chars().collect();
    while !letters.len().is_multiple_of(16) {
        letters.push('#');
    }
    letters
        .chunks(16)
        .flat_map(|block| {
            let mut grid = [[' '; 4]; 4];
            for (k, &(r, c)) in order.iter().enumerate() {
                grid[r][c] = block[k];
            }
            grid.into_iter().flatten()
        })
        .collect()
}
fn r18_dec(t: &str, _: &Value) -> String {
    let order = r18_order();
    let cells: Vec<char> = t.chars().collect();
    assert_eq!(cells.len() % 16, 0, "{t}");
    let text: String = cells
        .chunks(16)
        .flat_map(|block| order.iter().map(|&(r, c)| block[r * 4 + c]))
        .collect();
    text.trim_end_matches('#').to_string()
}

#[test]
fn rule_18_grille() {
    let order = r18_order();
    assert_eq!(
        order,
        [
            (1, 2),
            (1, 3),
            (2, 3),
            (3, 0),
            (0, 1),
            (0, 2),
            (1, 1),
            (3, 3),
            (0, 3),
            (1, 0),
            (2, 0),
            (2, 1),
            (0, 0),
            (2, 2),
            (3, 1),
            (3, 2)
        ]
    );
    check(&Rule {
        spec: "kor_cipher_18_grille",
        alphabet: AZ,
        enc: r18_enc,
        dec: r18_dec,
        restored: same,
        random_key: no_key,
        usable: always,
    });
}

// ---- Rule 21: XOR with 10101010, then a bit permutation.

const R21_KEY: u8 = 0b1010_1010;

/// Bit `i` of `b`, counting from the most significant bit.
fn msb_bit(b: u8, i: usize) -> u8 {
    (b >> (7 - i)) & 1
}
fn r21_enc(t: &str, _: &Value) -> String {
    t.bytes()
        .flat_map(|b| {
            let x = b ^ R21_KEY;
            [2, 0, 3, 1, 4, 6, 5, 7].map(|i| char::from(b'0' + msb_bit(x, i)))
        })
        .collect()
}
fn r21_dec(t: &str, _: &Value) -> String {
    let bits: Vec<u8> = t.bytes().map(|b| b - b'0').collect();
    assert_eq!(bits.len() % 8, 0, "{t}");
    bits.chunks(8)
        .map(|c| {
            let y = [c[1], c[3], c[0], c[2], c[4], c[6], c[5], c[7]]
                .iter()
                .fold(0u8, |acc, &b| acc << 1 | b);
            char::from(y ^ R21_KEY)
        })
        .collect()
}

#[test]
fn rule_21_xor_bits() {
    // I = 0x49: XOR gives 11100011, permuted 11010101.
    assert_eq!(r21_enc("I", &json!({})), "11010101");
    check(&Rule {
        spec: "kor_cipher_21_xor_bits",
        alphabet: AZ,
        enc: r21_enc,
        dec: r21_dec,
        restored: same,
        random_key: no_key,
        usable: always,
    });
}

// ---- Rule 22: S-box blocks of 8 bytes.

const R22_SBOX: [u8; 16] = [
    0xF, 0xA, 0x7, 0x5, 0x9, 0x3, 0xD, 0x0, 0xE, 0x8, 0x4, 0x6, 0x1, 0x2, 0xB, 0xC,
];
const R22_KEY: &[u8; 8] = b"12345678";

fn r22_sub(b: u8, table: &[u8; 16]) -> u8 {
    table[(b >> 4) as usize] << 4 | table[(b & 0xF) as usize]
}
fn r22_inverse() -> [u8; 16] {
    let mut inv = [0u8; 16];
    for (v, &s) in R22_SBOX.iter().enumerate() {
        inv[s as usize] = v as u8;
    }
    inv
}
fn r22_enc(t: &str, _: &Value) -> String {
    let mut bytes = t.as_bytes().to_vec();
    while !bytes.len().is_multiple_of(8) {
        bytes.push(0);
    }
    bytes
        .iter()
        .enumerate()
        .map(|(i, &b)| {
            let k = R22_KEY[i % 8];
            format!("{:02X}", r22_sub(b ^ k, &R22_SBOX).rotate_left(1) ^ k)
        })
        .collect()
}
fn r22_dec(t: &str, _: &Value) -> String {
    let inv = r22_inverse();
    assert_eq!(t.len() % 16, 0, "{t}");
    (0..t.len() / 2)
        .map(|i| {
            let b = u8::from_str_radix(&t[2 * i..2 * i + 2], 16).expect("hex");
            let k = R22_KEY[i % 8];
            r22_sub((b ^ k).rotate_right(1), &inv) ^ k
        })
        .filter(|&b| b != 0)
        .map(char::from)
        .collect()
}

#[test]
fn rule_22_sbox() {
    assert_eq!(r22_enc("A", &json!({})).len(), 16);
    check(&Rule {
        spec: "kor_cipher_22_sbox",
        alphabet: AZ,
        enc: r22_enc,
        dec: r22_dec,
        restored: same,
        random_key: no_key,
        usable: always,
    });
}

// ---- Rule 14: Digrafid variant.

const R14_G1: [&str; 3] = ["QWERTYUIO", "PASDFGHJK", "LZXCVBNM#"];
const R14_G2: [&str; 9] = [
    "QWE", "RTY", "UIO", "PAS", "DFG", "HJK", "LZX", "CVB", "NM#",
];

fn r14_find(grid: &[&str], ch: char) -> (usize, usize) {
    grid.iter()
        .enumerate()
        .find_map(|(r, row)| row.chars().position(|x| x == ch).map(|c| (r, c)))
        .expect("character in grid")
}
fn r14_enc(t: &str, _: &Value) -> String {
    let mut chars: Vec<char> = t.chars().collect();
    while !chars.len().is_multiple_of(6) {
        chars.push('#');
    }
    chars
        .chunks(2)
        .map(|p| {
            let (r1, c1) = r14_find(&R14_G1, p[0]);
            let (r2, c2) = r14_find(&R14_G2, p[1]);
            format!("{c1}{}{r2}", 3 * r1 + c2 + 1)
        })
        .collect()
}
fn r14_dec(t: &str, _: &Value) -> String {
    let d: Vec<usize> = t
        .chars()
        .map(|c| c.to_digit(10).expect("digit") as usize)
        .collect();
    assert_eq!(d.len() % 9, 0, "{t}");
    d.chunks(3)
        .flat_map(|g| {
            let (r1, c2) = ((g[1] - 1) / 3, (g[1] - 1) % 3);
            [at(R14_G1[r1], g[0]), at(R14_G2[g[2]], c2)]
        })
        .filter(|&c| c != '#')
        .collect()
}

#[test]
fn rule_14_digrafid() {
    assert_eq!(&r14_enc("A", &json!({}))[3..], "898898");
    check(&Rule {
        spec: "kor_cipher_14_digrafid",
        alphabet: AZ,
        enc: r14_enc,
        dec: r14_dec,
        restored: same,
        random_key: no_key,
        usable: always,
    });
}

// ---- Rule 6: Solitaire keystream over a fixed letter order.

const R6_LETTERS: &str = "JDWOTRACXQMFYEZGUKPVBSHNLI";
const R6_DECK: [u32; 54] = [
    9, 25, 44, 38, 40, 22, 11, 36, 13, 39, 18, 42, 10, 53, 26, 12, 1, 16, 3, 43, 37, 17, 30, 4, 28,
    48, 27, 41, 32, 15, 47, 29, 20, 51, 6, 7, 52, 34, 35, 5, 50, 9, 54, 46, 23, 31, 24, 14, 8, 33,
    2, 49, 45, 21,
];

fn r6_keystream(n: usize) -> Vec<usize> {
    let mut deck = R6_DECK.to_vec();
    let mut out = Vec::new();
    while out.len() < n {
        for (joker, k) in [(53, 1), (54, 2)] {
            let i = deck.iter().position(|&c| c == joker).expect("joker");
            deck.remove(i);
            let mut j = i + k;
            if j >= 54 {
                j = j % 54 + 1;
            }
            deck.insert(j, joker);
        }
        let p = deck.iter().position(|&c| c == 53).expect("A");
        let q = deck.iter().position(|&c| c == 54).expect("B");
        let (a, b) = (p.min(q), p.max(q));
        deck = [&deck[b + 1..], &deck[a..=b], &deck[..a]].concat();
        let v = deck[53] as usize;
        if v <= 52 {
            deck = [&deck[v..53], &deck[..v], &deck[53..]].concat();
        }
        let t = (deck[0] as usize).min(53);
        let card = deck[t];
        if card <= 52 {
            out.push(card as usize);
        }
    }
    out
}
fn r6_shift(t: &str, forward: bool) -> String {
    let ks = r6_keystream(t.chars().count());
    map_chars(t, |i, c| {
        let k = ks[i] % 26;
        let p = pos(R6_LETTERS, c);
        at(
            R6_LETTERS,
            if forward {
                (p + k) % 26
            } else {
                (p + 26 - k) % 26
            },
        )
    })
}

#[test]
fn rule_06_solitaire() {
    assert_eq!(R6_DECK.iter().filter(|&&c| c == 9).count(), 2);
    assert!(!R6_DECK.contains(&19));
    check(&Rule {
        spec: "kor_cipher_06_solitaire",
        alphabet: AZ,
        enc: |t, _| r6_shift(t, true),
        dec: |t, _| r6_shift(t, false),
        restored: same,
        random_key: no_key,
        usable: always,
    });
}

// ---- Rule 2: symbol substitution (answer kind `exact`).

const R2_TABLE: [(char, char); 26] = [
    ('A', '!'),
    ('B', '@'),
    ('C', '#'),
    ('D', '$'),
    ('E', '%'),
    ('F', '^'),
    ('G', '&'),
    ('H', '*'),
    ('I', '('),
    ('J', ')'),
    ('K', '_'),
    ('L', '+'),
    ('M', '='),
    ('N', '~'),
    ('O', '?'),
    ('P', '/'),
    ('Q', '0'),
    ('R', ':'),
    ('S', ';'),
    ('T', '<'),
    ('U', '>'),
    ('V', '1'),
    ('W', '2'),
    ('X', '3'),
    ('Y', '4'),
    ('Z', '5'),
];

fn r2_lookup(c: char, forward: bool) -> char {
    R2_TABLE
        .iter()
        .find_map(|&(l, s)| match forward {
            true if l == c => Some(s),
            false if s == c => Some(l),
            _ => None,
        })
        .unwrap_or_else(|| panic!("{c:?} not in the table"))
}

#[test]
fn rule_02_symbols() {
    check(&Rule {
        spec: "kor_cipher_02_symbols",
        alphabet: AZ,
        enc: |t, _| t.chars().map(|c| r2_lookup(c, true)).collect(),
        dec: |t, _| t.chars().map(|c| r2_lookup(c, false)).collect(),
        restored: same,
        random_key: no_key,
        usable: always,
    });
}

// ---- Rule 12: Morse code read in pairs as digits (answer kind `exact`).

const R12_MORSE: [&str; 26] = [
    ".-", "-...", "-.-.", "-..", ".", "..-.", "--.", "....", "..", ".---", "-.-", ".-..", "--",
    "-.", "---", ".--.", "--.-", ".-.", "...", "-", "..-", "...-", ".--", "-..-", "-.--", "--..",
];
const R12_PAIRS: [(&str, char); 9] = [
    ("..", '5'),
    (".-", '4'),
    ("./", '9'),
    ("-.", '8'),
    ("--", '6'),
    ("-/", '7'),
    ("/.", '3'),
    ("/-", '1'),
    ("//", '2'),
];

fn r12_enc(t: &str, _: &Value) -> String {
    let morse: Vec<&str> = t.chars().map(|c| R12_MORSE[pos(AZ, c)]).collect();
    let m: Vec<char> = morse.join("/").chars().collect();
    m.chunks(2)
        .map(|p| match p {
            [a, b] => {
                let pair: String = [*a, *b].iter().collect();
                R12_PAIRS
                    .iter()
                    .find(|(s, _)| *s == pair)
                    .expect("pair in table")
                    .1
            }
            [last] => *last,
            _ => unreachable!("chunks of 1 or 2"),
        })
        .collect()
}
fn r12_dec(t: &str, _: &Value) -> String {
    let m: String = t
        .chars()
        .map(|c| match R12_PAIRS.iter().find(|(_, d)| *d == c) {
            Some((pair, _)) => pair.to_string(),
            None => c.to_string(),
        })
        .collect();
    m.split('/')
        .map(|code| {
            let i = R12_MORSE
                .iter()
                .position(|x| *x == code)
                .unwrap_or_else(|| panic!("{code:?} is not a letter's code"));
            at(AZ, i)
        })
        .collect()
}

#[test]
fn rule_12_morse_pairs() {
    assert_eq!(r12_enc("D", &json!({})), "8.");
    assert_eq!(r12_enc("AB", &json!({})), "415.");
    check(&Rule {
        spec: "kor_cipher_12_morse_pairs",
        alphabet: AZ,
        enc: r12_enc,
        dec: r12_dec,
        restored: same,
        random_key: no_key,
        usable: always,
    });
}

// ---- Rule 20: rows of 7 with columns reordered by MISSION (answer kind `exact`).

/// The key's positions sorted by letter, ties by position.
fn r20_order() -> Vec<usize> {
    let key: Vec<char> = "MISSION".chars().collect();
    let mut idx: Vec<usize> = (0..7).collect();
    idx.sort_by_key(|&i| (key[i], i));
    idx
}
fn r20_enc(t: &str, _: &Value) -> String {
    let order = r20_order();
    let mut chars: Vec<char> = t.chars().collect();
    while !chars.len().is_multiple_of(7) {
        chars.push('$');
    }
    chars
        .chunks(7)
        .flat_map(|row| order.iter().map(move |&k| row[k]))
        .collect()
}
fn r20_dec(t: &str, _: &Value) -> String {
    let order = r20_order();
    let chars: Vec<char> = t.chars().collect();
    assert_eq!(chars.len() % 7, 0, "{t}");
    let mut out = String::new();
    for row in chars.chunks(7) {
        let mut back = [' '; 7];
        for (k, &col) in order.iter().enumerate() {
            back[col] = row[k];
        }
        out.extend(back.iter().filter(|&&c| c != '$'));
    }
    out
}

#[test]
fn rule_20_columns() {
    assert_eq!(r20_order(), [1, 4, 0, 6, 5, 2, 3]);
    assert_eq!(r20_enc("ABCDEFG", &json!({})), "BEAGFCD");
    check(&Rule {
        spec: "kor_cipher_20_columns",
        alphabet: AZ,
        enc: r20_enc,
        dec: r20_dec,
        restored: same,
        random_key: no_key,
        usable: always,
    });
}
