//! Local variable environments: persistent linked frames, cheap to capture.

use super::value::Value;
use std::rc::Rc;

/// An environment of local bindings; cloning shares the frames.
#[derive(Clone, Default)]
pub struct Env {
    head: Option<Rc<Frame>>,
}

struct Frame {
    name: Rc<str>,
    value: Value,
    parent: Option<Rc<Frame>>,
}

impl Env {
    /// The empty environment.
    pub fn new() -> Env {
        Env::default()
    }

    /// A new environment with `name` bound to `value` on top of this one.
    pub fn bind(&self, name: &str, value: Value) -> Env {
        Env {
            head: Some(Rc::new(Frame {
                name: Rc::from(name),
                value,
                parent: self.head.clone(),
            })),
        }
    }

    /// The innermost value bound to `name`.
    pub fn get(&self, name: &str) -> Option<&Value> {
        let mut frame = self.head.as_deref();
        while let Some(f) = frame {
            if &*f.name == name {
                return Some(&f.value);
            }
            frame = f.parent.as_deref();
        }
        None
    }

    /// Every binding, innermost first, shadowed ones included.
    pub fn bindings(&self) -> Vec<(&str, &Value)> {
        let mut out = Vec::new();
        let mut frame = self.head.as_deref();
        while let Some(f) = frame {
            out.push((&*f.name, &f.value));
            frame = f.parent.as_deref();
        }
        out
    }
}
