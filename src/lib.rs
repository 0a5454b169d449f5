//! puzzlec: a compiler for a declarative puzzle language.
