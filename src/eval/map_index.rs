//! Lookups in large maps by hash. A map value is a list of entries, and a
//! lookup (`m[k]`, `k in m`, `get(m, k, d)`) finds the first entry whose
//! key equals `k`. For a map of [`INDEXED`] entries or more that is looked
//! up a second time, each thread builds an index (key hash → entry
//! positions, ascending) and keeps it for the [`KEPT`] maps it used most
//! recently, so a lookup costs a hash and a comparison instead of a scan.
//!
//! Only keys built from ints, bools, strings, lists and tuples are hashed.
//! Two equal values have the same type all the way down (see
//! [`Value`]'s `PartialEq`), so an entry whose key holds a map, a function
//! or an expression over unknowns can only equal a key that holds one too:
//! such entries are left out of the index, and such keys are looked up by
//! scanning. The answer is the scan's answer in every case.

use super::value::Value;
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

/// The fewest entries a map needs before it is indexed.
pub const INDEXED: usize = 16;

/// How many indexed maps one thread keeps.
pub const KEPT: usize = 8;

type Entries = Rc<Vec<(Value, Value)>>;

/// Positions of the entries with one key hash, ascending.
type Index = HashMap<u64, Vec<u32>, BuildHasherDefault<Passthrough>>;

/// A map seen by [`position`]: its index once it has been looked up twice.
struct Seen {
    entries: Entries,
    index: Option<Index>,
}

thread_local! {
    /// Most recently used last.
    static SEEN: RefCell<Vec<Seen>> = const { RefCell::new(Vec::new()) };
}

/// The position of the first entry whose key equals `key`.
pub fn position(entries: &Entries, key: &Value) -> Option<usize> {
    if entries.len() < INDEXED {
        return scan(entries, key);
    }
    let Some(hash) = key_hash(key) else {
        return scan(entries, key);
    };
    SEEN.with(|seen| {
        let mut seen = seen.borrow_mut();
        let at = seen.iter().position(|s| Rc::ptr_eq(&s.entries, entries));
        let Some(at) = at else {
            if seen.len() == KEPT {
                seen.remove(0);
            }
            seen.push(Seen {
                entries: entries.clone(),
                index: None,
            });
            return scan(entries, key);
        };
        let mut s = seen.remove(at);
        let index = s.index.get_or_insert_with(|| build(&s.entries));
        let found = index.get(&hash).and_then(|bucket| {
            bucket
                .iter()
                .map(|&p| p as usize)
                .find(|&p| s.entries[p].0 == *key)
        });
        seen.push(s);
        found
    })
}

/// The entries of a map made from `(key, value)` pairs in order: a key
/// seen before keeps its first position and takes the later value. Keys
/// are matched by hash ([`group_positions`]), so making a map of `n`
/// entries costs about `n` lookups, not `n²/2` comparisons.
pub fn collect_entries(pairs: Vec<(Value, Value)>) -> Vec<(Value, Value)> {
    let (keys, values): (Vec<Value>, Vec<Value>) = pairs.into_iter().unzip();
    group_positions(&keys)
        .into_iter()
        .map(|g| (keys[g[0]].clone(), values[g[g.len() - 1]].clone()))
        .collect()
}

/// The positions of equal keys, grouped: one group per distinct key, in the
/// order each key first appears, each group's positions ascending. Keys are
/// matched by hash (a scan for keys that cannot be hashed).
pub fn group_positions(keys: &[Value]) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut index = Index::default();
    let mut unhashed: Vec<usize> = Vec::new();
    for (p, k) in keys.iter().enumerate() {
        let same = |g: &usize| keys[groups[*g][0]] == *k;
        let found = match key_hash(k) {
            Some(h) => {
                let bucket = index.entry(h).or_default();
                let found = bucket.iter().map(|&g| g as usize).find(same);
                if found.is_none() {
                    bucket.push(groups.len() as u32);
                }
                found
            }
            None => {
                let found = unhashed.iter().copied().find(same);
                if found.is_none() {
                    unhashed.push(groups.len());
                }
                found
            }
        };
        match found {
            Some(g) => groups[g].push(p),
            None => groups.push(vec![p]),
        }
    }
    groups
}

fn scan(entries: &[(Value, Value)], key: &Value) -> Option<usize> {
    entries.iter().position(|(k, _)| k == key)
}

fn build(entries: &[(Value, Value)]) -> Index {
    let mut index = Index::default();
    for (p, (k, _)) in entries.iter().enumerate() {
        if let Some(h) = key_hash(k) {
            index.entry(h).or_default().push(p as u32);
        }
    }
    index
}

/// The hash of a key made of ints, bools, strings, lists and tuples; equal
/// keys have equal hashes.
fn key_hash(v: &Value) -> Option<u64> {
    let mut h = Mix(0);
    feed(v, &mut h)?;
    Some(h.0)
}

fn feed(v: &Value, h: &mut Mix) -> Option<()> {
    match v {
        Value::Int(i) => {
            h.word(1);
            h.word(*i as u64);
        }
        Value::Bool(b) => {
            h.word(2);
            h.word(u64::from(*b));
        }
        Value::Str(s) => {
            h.word(3);
            h.bytes(s.as_bytes());
        }
        Value::List(items) | Value::Tuple(items) => {
            h.word(if matches!(v, Value::List(_)) { 4 } else { 5 });
            h.word(items.len() as u64);
            for x in items.iter() {
                feed(x, h)?;
            }
        }
        Value::Map(_) | Value::Func(_) | Value::Sym(_) => return None,
    }
    Some(())
}

/// A multiply-rotate mix over 64-bit words (the FxHash step).
struct Mix(u64);

impl Mix {
    fn word(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn bytes(&mut self, b: &[u8]) {
        self.word(b.len() as u64);
        let mut chunks = b.chunks_exact(8);
        for c in &mut chunks {
            self.word(u64::from_le_bytes(c.try_into().expect("eight bytes")));
        }
        let mut last = [0u8; 8];
        last[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
        self.word(u64::from_le_bytes(last));
    }
}

/// The hasher of an index whose keys are already hashes.
#[derive(Default)]
struct Passthrough(u64);

impl Hasher for Passthrough {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = x;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(n: i64) -> Entries {
        Rc::new(
            (0..n)
                .map(|i| {
                    let key = match i % 4 {
                        0 => Value::Int(i),
                        1 => Value::str(format!("k{i}")),
                        2 => Value::tuple(vec![Value::Int(i), Value::str("x")]),
                        _ => Value::list(vec![Value::Bool(i % 8 == 3), Value::Int(i)]),
                    };
                    (key, Value::Int(i))
                })
                .collect(),
        )
    }

    /// Every key of a large map, a repeated key and keys of another type
    /// are found where a scan finds them, before and after indexing.
    #[test]
    fn agrees_with_a_scan() {
        let mut m = map(200).to_vec();
        m.push((Value::Int(4), Value::Int(-1)));
        let m = Rc::new(m);
        let mut probes: Vec<Value> = m.iter().map(|(k, _)| k.clone()).collect();
        probes.push(Value::str("4"));
        probes.push(Value::tuple(vec![Value::Int(6)]));
        probes.push(Value::list(vec![Value::Int(2), Value::str("x")]));
        probes.push(Value::Bool(true));
        for round in 0..3 {
            for p in &probes {
                assert_eq!(position(&m, p), scan(&m, p), "round {round}, key {p:?}");
            }
        }
        assert_eq!(position(&m, &Value::Int(4)), Some(4));
    }

    /// A key that cannot be hashed (it holds a map).
    fn unhashable(i: i64) -> Value {
        Value::Map(Rc::new(vec![(Value::Int(i), Value::Int(0))]))
    }

    /// Collecting pairs keeps each key's first position and last value,
    /// as pushing them one by one after a scan does, for hashable and
    /// unhashable keys alike.
    #[test]
    fn collecting_agrees_with_pushing_after_a_scan() {
        let mut pairs: Vec<(Value, Value)> = map(60).iter().cloned().collect();
        for i in 0..90i64 {
            let key = match i % 5 {
                0 => Value::Int(i % 7),
                1 => Value::str(format!("k{}", i % 9)),
                2 => unhashable(i % 3),
                3 => Value::tuple(vec![Value::Int(i % 4), Value::str("x")]),
                _ => Value::list(vec![unhashable(i % 2)]),
            };
            pairs.push((key, Value::Int(1000 + i)));
        }
        let mut pushed: Vec<(Value, Value)> = Vec::new();
        for (k, v) in pairs.clone() {
            match pushed.iter_mut().find(|(o, _)| *o == k) {
                Some(slot) => slot.1 = v,
                None => pushed.push((k, v)),
            }
        }
        let collected = collect_entries(pairs);
        assert_eq!(collected.len(), pushed.len());
        assert!(pushed.len() < 150, "some keys repeat");
        for ((a, x), (b, y)) in collected.iter().zip(&pushed) {
            assert!(a == b && x == y, "{a:?} => {x:?} against {b:?} => {y:?}");
        }
    }

    /// Grouping by hash gives the groups a quadratic scan gives: keys in
    /// first-seen order, positions ascending, unhashable keys included.
    #[test]
    fn grouping_agrees_with_a_scan() {
        let keys: Vec<Value> = (0..300i64)
            .map(|i| match (i * 7) % 6 {
                0 => Value::Int(i % 11),
                1 => Value::str(format!("k{}", i % 5)),
                2 => unhashable(i % 3),
                3 => Value::tuple(vec![Value::Int(i % 4)]),
                4 => Value::list(vec![unhashable(i % 2), Value::Int(1)]),
                _ => Value::Bool(i % 3 == 0),
            })
            .collect();
        let mut scanned: Vec<Vec<usize>> = Vec::new();
        for (p, k) in keys.iter().enumerate() {
            match scanned.iter_mut().find(|g| keys[g[0]] == *k) {
                Some(g) => g.push(p),
                None => scanned.push(vec![p]),
            }
        }
        assert!(
            scanned.len() > 20 && scanned.len() < 100,
            "{}",
            scanned.len()
        );
        assert_eq!(group_positions(&keys), scanned);
    }

    /// More maps than a thread keeps: each still answers as a scan does.
    #[test]
    fn many_maps() {
        let maps: Vec<Entries> = (0..(KEPT as i64 + 4)).map(|i| map(20 + i)).collect();
        for _ in 0..3 {
            for m in &maps {
                for (k, _) in m.iter() {
                    assert_eq!(position(m, k), scan(m, k));
                }
                assert_eq!(position(m, &Value::Int(-5)), None);
            }
        }
    }
}
