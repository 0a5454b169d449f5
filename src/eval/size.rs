//! What a value will cost before it is built: the length of its displayed
//! text and the number of elements a deep comparison reads, both counted
//! without allocating and both capped, so a budget check runs before the
//! work it guards. Lists share their elements, so a small program can hold a
//! value whose text would be far larger than memory (a list of a million
//! copies of one long string); counting stops as soon as the cap is passed.

use super::value::Value;

/// The length in bytes of `v.display()`, or any number above `cap` once the
/// length exceeds `cap`. Visits at most about `cap` elements.
pub fn display_len(v: &Value, cap: u64) -> u64 {
    let mut count = Count { total: 0, cap };
    count.display(v);
    count.total
}

/// The elements a deep comparison of `a` with `b` may read: the smaller
/// of the two values' element counts (see [`elements`]), found by counting
/// both up to a growing cap so the work is proportional to the smaller one;
/// any number above `cap` once both exceed it.
pub fn comparison_len(a: &Value, b: &Value, cap: u64) -> u64 {
    let mut step = 64u64;
    loop {
        let limit = step.min(cap);
        let (na, nb) = (elements(a, limit), elements(b, limit));
        if na <= limit || nb <= limit || limit == cap {
            return na.min(nb);
        }
        step = step.saturating_mul(4);
    }
}

/// The elements of `v`: a string's bytes, a list's or tuple's length, a
/// map's entries, plus those of every element; scalars count 0. Any number
/// above `cap` once the count exceeds it.
pub fn elements(v: &Value, cap: u64) -> u64 {
    let mut count = Count { total: 0, cap };
    count.elements(v);
    count.total
}

struct Count {
    total: u64,
    cap: u64,
}

impl Count {
    /// Adds `n`; false once the cap is passed (the caller stops).
    fn add(&mut self, n: u64) -> bool {
        self.total = self.total.saturating_add(n);
        self.total <= self.cap
    }

    fn display(&mut self, v: &Value) -> bool {
        match v {
            Value::Int(i) => self.add(int_len(*i)),
            Value::Bool(b) => self.add(if *b { 4 } else { 5 }),
            Value::Str(s) => self.add(s.len() as u64),
            Value::List(items) => self.display_seq(items),
            Value::Tuple(items) => self.add(2) && self.display_seq(items),
            Value::Map(entries) => {
                let separators = 2 * entries.len().saturating_sub(1) as u64;
                self.add(2 + separators)
                    && entries
                        .iter()
                        .all(|(k, v)| self.add(2) && self.display(k) && self.display(v))
            }
            Value::Func(_) => self.add("<function>".len() as u64),
            Value::Sym(s) => self.add(s.to_string().len() as u64),
        }
    }

    /// Elements joined by `", "`.
    fn display_seq(&mut self, items: &[Value]) -> bool {
        self.add(2 * items.len().saturating_sub(1) as u64) && items.iter().all(|x| self.display(x))
    }

    fn elements(&mut self, v: &Value) -> bool {
        match v {
            Value::Str(s) => self.add(s.len() as u64),
            Value::List(items) | Value::Tuple(items) => {
                self.add(items.len() as u64) && items.iter().all(|x| self.elements(x))
            }
            Value::Map(entries) => {
                self.add(entries.len() as u64)
                    && entries
                        .iter()
                        .all(|(k, v)| self.elements(k) && self.elements(v))
            }
            Value::Int(_) | Value::Bool(_) | Value::Func(_) | Value::Sym(_) => true,
        }
    }
}

/// Digits of `i`, with its sign.
fn int_len(i: i64) -> u64 {
    let mut n = i.unsigned_abs();
    let mut digits = 1;
    while n >= 10 {
        n /= 10;
        digits += 1;
    }
    digits + u64::from(i < 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn samples() -> Vec<Value> {
        let ints = [0, 7, -7, 10, 99, 100, -100, i64::MIN, i64::MAX];
        let mut out: Vec<Value> = ints.iter().map(|&i| Value::Int(i)).collect();
        out.extend([Value::Bool(true), Value::Bool(false)]);
        out.extend(["", "a", "가나다", "x, y"].map(Value::str));
        out.push(Value::list(vec![]));
        out.push(Value::list(out.clone()));
        out.push(Value::Tuple(std::rc::Rc::new(vec![
            Value::Int(1),
            Value::str("b"),
        ])));
        out.push(Value::Tuple(std::rc::Rc::new(vec![])));
        out.push(Value::Map(std::rc::Rc::new(vec![
            (Value::str("k"), Value::Int(-3)),
            (Value::Int(2), Value::list(vec![Value::Bool(true)])),
        ])));
        out.push(Value::Map(std::rc::Rc::new(vec![])));
        out.push(Value::list(vec![
            out[out.len() - 2].clone(),
            out[3].clone(),
        ]));
        out
    }

    #[test]
    fn display_len_is_the_length_of_the_display() {
        for v in samples() {
            assert_eq!(
                display_len(&v, u64::MAX),
                v.display().len() as u64,
                "{}",
                v.display()
            );
        }
    }

    #[test]
    fn display_len_stops_past_the_cap_on_a_shared_giant() {
        let long = Value::str("x".repeat(1000));
        let giant = Value::list(vec![long; 1_000_000]);
        assert!(display_len(&giant, 10_000) > 10_000);
        // Nested sharing: 10^6 copies of 10^6 copies; counting stops early.
        let nested = Value::list(vec![giant; 1_000_000]);
        assert!(display_len(&nested, 10_000) > 10_000);
    }

    #[test]
    fn comparison_len_is_the_smaller_element_count() {
        let small = Value::list(vec![Value::Int(1); 3]);
        let big = Value::list(vec![Value::str("abcd"); 5000]);
        assert_eq!(elements(&small, u64::MAX), 3);
        assert_eq!(elements(&big, u64::MAX), 5000 * 5);
        assert_eq!(comparison_len(&small, &big, u64::MAX), 3);
        assert_eq!(comparison_len(&big, &big, u64::MAX), 25_000);
        assert!(comparison_len(&big, &big, 1000) > 1000);
        assert_eq!(comparison_len(&Value::Int(1), &big, 1000), 0);
    }
}
