//! Filling a pattern string at run time: `{key}` and `{key:PARTICLE}`
//! markers in a string that came from data (a constant list of sentence
//! patterns), replaced by values with the particle rules of templates.
//!
//! A marker is `{`, a key of letters, digits and `_`, optionally `:` and a
//! particle in any notation [`parse_particle`] knows, and `}`. `{{` and `}}`
//! are literal braces, as in templates. Anything else with a brace is a
//! [`FillError`], never silently kept.

use std::fmt;

use super::particle::{attach_read, parse_particle, Particle, Readings};

/// One marker of a pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Marker {
    /// The key between the braces.
    pub key: String,
    /// The particle after `:`, parsed, with its text as written.
    pub particle: Option<(Particle, String)>,
}

/// A piece of a parsed pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    /// Literal text (braces already unescaped).
    Text(String),
    /// A marker to fill.
    Marker(Marker),
}

/// Why a pattern cannot be filled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FillError {
    /// A `{` without a closing `}`, or a lone `}`.
    Brace {
        /// Byte offset of the brace in the pattern.
        offset: usize,
    },
    /// A marker whose key is empty or has characters other than letters,
    /// digits and `_`.
    Key {
        /// The key as written.
        key: String,
    },
    /// A marker whose particle is not one the renderer knows.
    Particle {
        /// The particle as written.
        particle: String,
    },
    /// A key the values do not give.
    Missing {
        /// The key.
        key: String,
    },
    /// The particle form could not be chosen for the value.
    Sound(String),
}

impl fmt::Display for FillError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FillError::Brace { offset } => write!(
                f,
                "unbalanced brace at byte {offset} of the pattern (write `{{{{` or `}}}}` for a literal brace)"
            ),
            FillError::Key { key } => write!(
                f,
                "`{{{key}}}` is not a marker: a key is letters, digits and `_`"
            ),
            FillError::Particle { particle } => {
                write!(f, "unknown particle \"{particle}\" in the pattern")
            }
            FillError::Missing { key } => {
                write!(f, "the pattern's key `{key}` has no value in the map")
            }
            FillError::Sound(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for FillError {}

/// The pieces of `pattern`, or the first error in it.
pub fn parse(pattern: &str) -> Result<Vec<Piece>, FillError> {
    let mut pieces = Vec::new();
    let mut text = String::new();
    let mut rest = pattern;
    while let Some(i) = rest.find(['{', '}']) {
        let offset = pattern.len() - rest.len() + i;
        text.push_str(&rest[..i]);
        let tail = &rest[i..];
        if tail.starts_with("{{") || tail.starts_with("}}") {
            text.push_str(&tail[..1]);
            rest = &tail[2..];
            continue;
        }
        if tail.starts_with('}') {
            return Err(FillError::Brace { offset });
        }
        let end = tail.find('}').ok_or(FillError::Brace { offset })?;
        let inner = &tail[1..end];
        if inner.contains('{') {
            return Err(FillError::Brace { offset });
        }
        if !text.is_empty() {
            pieces.push(Piece::Text(std::mem::take(&mut text)));
        }
        pieces.push(Piece::Marker(marker(inner)?));
        rest = &tail[end + 1..];
    }
    text.push_str(rest);
    if !text.is_empty() {
        pieces.push(Piece::Text(text));
    }
    Ok(pieces)
}

/// The marker written `inner` between braces.
fn marker(inner: &str) -> Result<Marker, FillError> {
    let (key, particle) = match inner.split_once(':') {
        Some((k, p)) => (k.trim(), Some(p)),
        None => (inner.trim(), None),
    };
    let valid = !key.is_empty() && key.chars().all(|c| c.is_alphanumeric() || c == '_');
    if !valid {
        return Err(FillError::Key {
            key: inner.to_string(),
        });
    }
    let particle = particle
        .map(|p| {
            parse_particle(p)
                .map(|kind| (kind, p.trim().to_string()))
                .ok_or_else(|| FillError::Particle {
                    particle: p.trim().to_string(),
                })
        })
        .transpose()?;
    Ok(Marker {
        key: key.to_string(),
        particle,
    })
}

/// `pattern` with every marker replaced by the text `value` gives for its
/// key, followed by the fitting particle form.
pub fn fill(
    pattern: &str,
    value: impl Fn(&str) -> Option<String>,
    readings: &Readings,
) -> Result<String, FillError> {
    let mut out = String::with_capacity(pattern.len());
    for piece in parse(pattern)? {
        match piece {
            Piece::Text(t) => out.push_str(&t),
            Piece::Marker(m) => {
                let word = value(&m.key).ok_or(FillError::Missing { key: m.key })?;
                match m.particle {
                    None => out.push_str(&word),
                    Some((p, _)) => out.push_str(
                        &attach_read(&word, p, readings)
                            .map_err(|e| FillError::Sound(e.to_string()))?,
                    ),
                }
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literal_braces_and_errors() {
        let none = Readings::default();
        let v = |k: &str| (k == "x").then(|| "책".to_string());
        assert_eq!(fill("{{x}} {x:은}", v, &none).as_deref(), Ok("{x} 책은"));
        assert_eq!(fill("{x", v, &none), Err(FillError::Brace { offset: 0 }));
        assert_eq!(fill("a}", v, &none), Err(FillError::Brace { offset: 1 }));
        assert!(matches!(
            fill("{y}", v, &none),
            Err(FillError::Missing { .. })
        ));
        assert!(matches!(
            fill("{x:에}", v, &none),
            Err(FillError::Particle { .. })
        ));
        assert!(matches!(fill("{ }", v, &none), Err(FillError::Key { .. })));
    }
}
