//! Errors of the check phase. The checker collects all of them before failing.

use crate::span::Span;
use miette::{Diagnostic, NamedSource};
use thiserror::Error;

/// A spec that parses but does not make sense. One variant per failure.
#[derive(Debug, Error, Diagnostic)]
pub enum CheckError {
    /// A name that nothing defines.
    #[error("unknown name `{name}`")]
    #[diagnostic(code(puzzlec::check::unknown_name))]
    UnknownName {
        /// The name.
        name: String,
        /// A suggestion and what is in scope.
        #[help]
        help: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("not defined here")]
        span: Span,
    },

    /// A constant whose definition calls a function that reads a constant
    /// declared at or below it, which has no value yet when it runs.
    #[error("constant `{name}` reads `{later}` through `{via}` before `{later}` is defined")]
    #[diagnostic(code(puzzlec::check::constant_order))]
    ConstantOrder {
        /// The constant.
        name: String,
        /// The constant read too early.
        later: String,
        /// The function called.
        via: String,
        /// What to change.
        #[help]
        help: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("evaluated before `{later}` has a value")]
        span: Span,
    },

    /// A call of a function that nothing defines.
    #[error("unknown function `{name}`")]
    #[diagnostic(code(puzzlec::check::unknown_function))]
    UnknownFunction {
        /// The name.
        name: String,
        /// A suggestion.
        #[help]
        help: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("no function has this name")]
        span: Span,
    },

    /// `wordlist("…")` naming a list that is not shipped.
    #[error("unknown word list \"{name}\"")]
    #[diagnostic(code(puzzlec::check::unknown_word_list))]
    UnknownWordList {
        /// The name.
        name: String,
        /// A suggestion and the lists there are.
        #[help]
        help: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("no word list has this name")]
        span: Span,
    },

    /// `wordlist(x)` whose name is not written out, so it cannot be checked.
    #[error("the name of a word list must be a string literal")]
    #[diagnostic(
        code(puzzlec::check::word_list_name),
        help("write the list's name in quotes, e.g. `wordlist(\"en\", 5)`; docs/language.md lists the word lists")
    )]
    WordListName {
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("not a plain string")]
        span: Span,
    },

    /// Something declared twice.
    #[error("{what} `{name}` is declared twice")]
    #[diagnostic(
        code(puzzlec::check::duplicate),
        help("rename or remove one of the declarations")
    )]
    Duplicate {
        /// lever, tier, function, ...
        what: &'static str,
        /// The name.
        name: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// The second declaration.
        #[label("declared again here")]
        span: Span,
        /// The first declaration.
        #[label("first declared here")]
        first: Span,
    },

    /// A declaration that may appear only once.
    #[error("`{what}` may appear only once")]
    #[diagnostic(
        code(puzzlec::check::repeated_decl),
        help("keep one `{what}` declaration")
    )]
    Repeated {
        /// The declaration keyword.
        what: &'static str,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// The repeat.
        #[label("repeated here")]
        span: Span,
    },

    /// `answer LANG` or `choices LANG` given twice for one language.
    #[error("`{what} {lang}` may appear only once")]
    #[diagnostic(
        code(puzzlec::check::repeated_language_decl),
        help("each language has one `{what}`: keep one `{what} {lang}` declaration and delete the others")
    )]
    RepeatedLanguage {
        /// `answer` or `choices`.
        what: &'static str,
        /// The language.
        lang: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// The repeat.
        #[label("repeated here")]
        span: Span,
    },

    /// `context LANG` without `query LANG`, or the other way round.
    #[error("`{part} {lang}` needs a `{other} {lang}`")]
    #[diagnostic(
        code(puzzlec::check::lone_prompt_part),
        help("a bundle states each record's `context` and `query` on their own, so a language has both or neither: add `{other} {lang} = EXPR` with the rest of the prompt, or remove this one")
    )]
    LonePromptPart {
        /// The part given.
        part: &'static str,
        /// The part missing.
        other: &'static str,
        /// The language.
        lang: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("no `{other} {lang}` beside it")]
        span: Span,
    },

    /// `choices LANG` in a spec without `choices`.
    #[error(
        "`choices {lang}` replaces the options in one language, but the spec has no `choices`"
    )]
    #[diagnostic(
        code(puzzlec::check::lone_language_choices),
        help("add `choices = EXPR` with the options of the other languages; `choices {lang}` only replaces them in the `{lang}` records")
    )]
    LoneLanguageChoices {
        /// The language.
        lang: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("no `choices` to replace")]
        span: Span,
    },

    /// A required declaration is missing.
    #[error("the spec has no `{what}` declaration")]
    #[diagnostic(code(puzzlec::check::missing_decl))]
    Missing {
        /// The declaration keyword.
        what: &'static str,
        /// How to add it.
        #[help]
        help: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// The puzzle header.
        #[label("in this puzzle")]
        span: Span,
    },

    /// A tier sets a lever that does not exist.
    #[error("tier `{tier}` sets unknown lever `{lever}`")]
    #[diagnostic(code(puzzlec::check::unknown_lever))]
    UnknownLever {
        /// The tier.
        tier: String,
        /// The lever.
        lever: String,
        /// Suggestion.
        #[help]
        help: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("no lever has this name")]
        span: Span,
    },

    /// A tier sets the same lever twice.
    #[error("tier `{tier}` sets `{lever}` twice")]
    #[diagnostic(
        code(puzzlec::check::set_twice),
        help("keep one setting of `{lever}` in this tier")
    )]
    SetTwice {
        /// The tier.
        tier: String,
        /// The lever.
        lever: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// The second setting.
        #[label("set again here")]
        span: Span,
        /// The first setting.
        #[label("first set here")]
        first: Span,
    },

    /// A tier leaves a lever unset.
    #[error("tier `{tier}` does not set lever `{lever}`")]
    #[diagnostic(
        code(puzzlec::check::unset_lever),
        help("every tier sets every lever; add `{lever} = ...` to the tier")
    )]
    UnsetLever {
        /// The tier.
        tier: String,
        /// The lever.
        lever: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// The tier.
        #[label("`{lever}` missing here")]
        span: Span,
    },

    /// A tier value outside the lever's domain or of the wrong type.
    #[error("tier `{tier}` sets `{lever}` to {value}, outside its domain {domain}")]
    #[diagnostic(
        code(puzzlec::check::lever_domain),
        help("choose a value within the domain, or widen the lever's declaration")
    )]
    LeverDomain {
        /// The tier.
        tier: String,
        /// The lever.
        lever: String,
        /// The offending value.
        value: String,
        /// The domain as declared.
        domain: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("outside {domain}")]
        span: Span,
    },

    /// A weight that is not positive.
    #[error("weight {weight} must be positive")]
    #[diagnostic(
        code(puzzlec::check::weight),
        help("use a weight of 1 or more, or drop the choice")
    )]
    Weight {
        /// The weight.
        weight: i64,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("not positive")]
        span: Span,
    },

    /// `family` names an unknown family.
    #[error("unknown family `{name}`")]
    #[diagnostic(code(puzzlec::check::family))]
    UnknownFamily {
        /// The name.
        name: String,
        /// The valid families.
        #[help]
        help: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("not a family")]
        span: Span,
    },

    /// A language code other than `en` or `ko`.
    #[error("unknown language `{name}`")]
    #[diagnostic(
        code(puzzlec::check::language),
        help("the languages are `en` and `ko`")
    )]
    UnknownLanguage {
        /// The code.
        name: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("not a language")]
        span: Span,
    },

    /// The family and the language list disagree.
    #[error("a `{family}` puzzle cannot render {langs}")]
    #[diagnostic(code(puzzlec::check::family_languages))]
    FamilyLanguages {
        /// The family.
        family: String,
        /// The declared languages.
        langs: String,
        /// What the family allows.
        #[help]
        help: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("declared here")]
        span: Span,
    },

    /// A declared language without a template.
    #[error("no template for language `{lang}`")]
    #[diagnostic(code(puzzlec::check::missing_template))]
    MissingTemplate {
        /// The language.
        lang: String,
        /// How to add it.
        #[help]
        help: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// The puzzle header.
        #[label("`{lang}` is rendered but has no template")]
        span: Span,
    },

    /// Text for a language the spec does not render.
    #[error("language `{lang}` is not one of this spec's languages ({langs})")]
    #[diagnostic(
        code(puzzlec::check::extra_language),
        help("remove this text, or add `{lang}` to `languages`")
    )]
    ExtraLanguage {
        /// The language.
        lang: String,
        /// The spec's languages.
        langs: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("not rendered")]
        span: Span,
    },

    /// A `step` or `title` missing one of the spec's languages.
    #[error("{what} has no `{lang}` text")]
    #[diagnostic(
        code(puzzlec::check::missing_text),
        help("give one text per language, e.g. `{what} en \"...\" ko \"...\"`")
    )]
    MissingText {
        /// `step` or `title`.
        what: &'static str,
        /// The missing language.
        lang: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("`{lang}` missing")]
        span: Span,
    },

    /// A `release` naming a format that is not a release format.
    #[error("unknown release format `{name}`")]
    #[diagnostic(
        code(puzzlec::check::release),
        help("`release nolli as NAME` names the spec's task in the reference benchmark's format, the only release format")
    )]
    UnknownRelease {
        /// The name.
        name: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("not a release format")]
        span: Span,
    },
    /// An answer slot that does not exist.
    #[error("unknown answer slot `{name}`")]
    #[diagnostic(code(puzzlec::check::slot))]
    UnknownSlot {
        /// The name.
        name: String,
        /// The valid slots.
        #[help]
        help: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("not an answer slot")]
        span: Span,
    },

    /// An answer kind that does not exist.
    #[error("unknown answer kind `{name}`")]
    #[diagnostic(code(puzzlec::check::answer_kind))]
    UnknownAnswerKind {
        /// The name.
        name: String,
        /// The valid kinds.
        #[help]
        help: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("not an answer kind")]
        span: Span,
    },

    /// A call with the wrong number of arguments.
    #[error("`{name}` takes {expected} argument(s) but this call passes {found}")]
    #[diagnostic(code(puzzlec::check::arity))]
    Arity {
        /// The function.
        name: String,
        /// The expected count.
        expected: String,
        /// The given count.
        found: usize,
        /// The signature.
        #[help]
        help: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("{found} argument(s)")]
        span: Span,
    },

    /// A value of a type the context cannot use.
    #[error("expected {expected}, found {found}")]
    #[diagnostic(code(puzzlec::check::type_mismatch))]
    Type {
        /// What the context needs.
        expected: String,
        /// What the expression is.
        found: String,
        /// Why.
        #[help]
        help: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("this is {found}")]
        span: Span,
    },

    /// A random draw outside `generate`.
    #[error("random choice in {place}")]
    #[diagnostic(
        code(puzzlec::check::randomness),
        help("draw random values in the `generate` block and pass them in; functions, constants, answers and templates must be deterministic")
    )]
    Randomness {
        /// Where it happened.
        place: &'static str,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("draws a random value")]
        span: Span,
    },

    /// A literal `fill_in` pattern that cannot be filled: an unbalanced brace,
    /// a malformed marker or particle, or a key the literal map lacks.
    #[error("this `fill_in` pattern cannot be filled: {message}")]
    #[diagnostic(
        code(puzzlec::check::fill_pattern),
        help("markers are `{{key}}` or `{{key:PARTICLE}}` with a key the map gives; write `{{{{` and `}}}}` for literal braces")
    )]
    FillPattern {
        /// What is wrong.
        message: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("here")]
        span: Span,
    },

    /// A Korean particle the renderer does not know.
    #[error("unknown particle `{particle}`")]
    #[diagnostic(
        code(puzzlec::check::particle),
        help("use one of 은/는, 이/가, 을/를, 과/와, (으)로, 이다/다, 아/야, 이나/나, 이랑/랑, or a copula form 이므로/므로, 이고/고, 이며/며, 이에요/예요, 이라/라, 이었다/였다, 이어서/여서 (either form)")
    )]
    Particle {
        /// The particle.
        particle: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("not a particle")]
        span: Span,
    },

    /// A `limits` setting that names no run-time resource.
    #[error("`{name}` is not a run-time limit")]
    #[diagnostic(code(puzzlec::check::unknown_limit))]
    UnknownLimit {
        /// The name.
        name: String,
        /// A suggestion and the names there are.
        #[help]
        help: String,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("no limit has this name")]
        span: Span,
    },

    /// A numeric setting out of its range.
    #[error("{what} must be between {lo} and {hi}, found {value}")]
    #[diagnostic(
        code(puzzlec::check::out_of_range),
        help("choose a value in the range")
    )]
    OutOfRange {
        /// The setting.
        what: &'static str,
        /// Lowest.
        lo: i64,
        /// Highest.
        hi: i64,
        /// Found.
        value: i64,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("out of range")]
        span: Span,
    },

    /// A name that shadows a builtin, a lever or a constant.
    #[error("`{name}` is already defined as a {what}")]
    #[diagnostic(
        code(puzzlec::check::shadow),
        help("choose another name; shadowing makes specs hard to read")
    )]
    Shadow {
        /// The name.
        name: String,
        /// What it shadows.
        what: &'static str,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("redefined here")]
        span: Span,
    },

    /// A puzzle, tier or language name that cannot be a file name.
    #[error("this {kind} name cannot be a file name ({bytes} bytes)")]
    #[diagnostic(
        code(puzzlec::check::file_name),
        help("the name becomes a folder or file name of the dataset; keep it to at most {max} bytes of letters, digits, `_`, `-` and `.`")
    )]
    FileName {
        /// `puzzle`, `tier` or `language`.
        kind: &'static str,
        /// Its length in bytes.
        bytes: usize,
        /// The limit.
        max: usize,
        /// The file.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("not usable as a file name")]
        span: Span,
    },

    /// A `calibrate` block that does not make sense.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Calibrate(#[from] super::calibrate::CalibrateError),

    /// A problem with the constraint model: a construct where no model can
    /// be, or a proof whose clues the prompt does not state.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Model(#[from] super::model_error::ModelError),
}
