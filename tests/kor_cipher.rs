//! The KOR-Bench cipher specs (`suites/korbench/kor_cipher_*.puzzle`) checked against
//! an independent implementation of each rule, written here from the rule
//! descriptions (KOR-Bench's `rule.jsonl`, as summarised in the project's
//! reference notes), sharing no code or tables with the specs.
//!
//! For every rule: 100 items per tier (300 in all) must have a gold equal to
//! this file's encryption or decryption of the instance's text and key, the
//! prompt must show that text, and the gold must map back to the given text;
//! and this file's decryption must undo its encryption on 500 random texts.

mod common;

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
