//! Run-time limits (fuel): every `tests/budgets/*.puzzle` fixture is a valid
//! spec that grows without bound or runs away (doubling strings and lists,
//! nested ranges, 10^14-element comprehensions, a huge grid, 10^8 trace
//! steps, exponential and deep recursion, `attempts` × `retry`, nested
//! retries, shared giants displayed, joined, replaced or compared). Item 0
//! (seed 1) of the tier named by its `# tier: NAME` header must stop with
//! `puzzlec::gen::fuel` for the resource its `# expect: NAME` header names,
//! on a watched thread, so a regression fails instead of hanging; the
//! rendered error is snapshotted as `budgets__<stem>.snap`.
//! Beside them: a budget never changes a record, and it is spent exactly.

use crate::common;

use miette::Diagnostic;
use puzzlec::compile::render_plain;
use puzzlec::eval::{Limits, Resource};
use puzzlec::gen::{generate, GenError, Item};
use std::sync::mpsc;
use std::time::Duration;

/// Far longer than any fixture takes (well under a second on an idle
/// machine): only a hang or runaway growth gets near it.
const DEADLINE: Duration = Duration::from_secs(120);

/// The rendering width of every snapshot.
const WIDTH: usize = 100;

/// The value of the `# KEY: VALUE` header line.
fn header(text: &str, key: &str) -> String {
    let prefix = format!("# {key}: ");
    text.lines()
        .find_map(|l| l.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("fixture has no `{prefix}` header"))
        .trim()
        .to_string()
}

/// The limit of `resource` that the fixture's `limits { … }` sets, if any.
fn header_limit(text: &str, resource: Resource) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with("limits {"))?;
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == resource.name())?;
    words.get(at + 1)?.replace('_', "").parse().ok()
}

/// Generates item `index` of `tier` on a thread of its own, failing the
/// test if it does not finish before the deadline.
fn generate_watched(
    program: puzzlec::check::program::Program,
    tier: &str,
    index: u64,
) -> Result<Item, Box<GenError>> {
    let (send, receive) = mpsc::channel();
    let tier = tier.to_string();
    let name = program.name.name.clone();
    std::thread::spawn(move || {
        let _ = send.send(generate(&program, &tier, index, 1).map_err(Box::new));
    });
    receive
        .recv_timeout(DEADLINE)
        .unwrap_or_else(|_| panic!("`{name}` did not stop within {DEADLINE:?}"))
}

#[test]
fn hostile_specs_stop_with_a_located_budget_error() {
    let dir = common::root().join("tests/budgets");
    let files = common::puzzle_files(&dir);
    assert!(
        files.len() >= 16,
        "expected 16 fixtures, found {}",
        files.len()
    );
    for path in &files {
        let text = std::fs::read_to_string(path).expect("fixture is UTF-8");
        let (tier, expect) = (header(&text, "tier"), header(&text, "expect"));
        let resource = Resource::from_name(&expect)
            .unwrap_or_else(|| panic!("{}: no resource `{expect}`", path.display()));
        let program = common::load(path);
        let stem = program.name.name.clone();
        let error = match generate_watched(program, &tier, 0).map_err(|e| *e) {
            Ok(_) => panic!("{stem}: item 0 was generated, but it must run out of fuel"),
            Err(e) => e,
        };
        let code = error.code().map(|c| c.to_string());
        assert_eq!(
            code.as_deref(),
            Some("puzzlec::gen::fuel"),
            "{stem}: {error}"
        );
        let GenError::Fuel {
            resource: spent,
            limit,
            index,
            ..
        } = &error
        else {
            panic!("{stem}: not a fuel error: {error}");
        };
        assert_eq!(*spent, resource.name(), "{stem}: the wrong budget ran out");
        // The step fixtures lower `steps` so that they stop in well under
        // a second; the others run out of the default.
        let expected = header_limit(&text, resource).unwrap_or(resource.default_limit());
        assert_eq!(*limit, expected, "{stem}");
        assert_eq!(*index, 0, "{stem}");
        let rendered = render_plain(&[&error as &dyn Diagnostic], WIDTH);
        let name = format!("tests/budgets/{stem}.puzzle:");
        assert!(rendered.contains(&name), "{stem}: not located:\n{rendered}");
        assert!(
            rendered.contains(&format!("limits {{ {} N }}", resource.name())),
            "{stem}: the help does not say how to raise it:\n{rendered}"
        );
        insta::with_settings!({
            prepend_module_to_snapshot => false,
            snapshot_path => "../snapshots",
            omit_expression => true,
        }, {
            insta::assert_snapshot!(format!("budgets__{stem}"), rendered);
        });
    }
}

/// The same error, byte for byte, on a second run: fuel is counted, not timed.
#[test]
fn running_out_is_deterministic() {
    let path = common::root().join("tests/budgets/exponential_recursion.puzzle");
    let render = || {
        let error = generate_watched(common::load(&path), "easy", 0)
            .map_err(|e| *e)
            .expect_err("runs out");
        render_plain(&[&error as &dyn Diagnostic], WIDTH)
    };
    assert_eq!(render(), render());
}

/// Shipped specs to probe: a direct one, constraint ones, retry users.
const SHIPPED: [&str; 4] = [
    "puzzles/yacht_dice.puzzle",
    "puzzles/sudoku.puzzle",
    "puzzles/cryptarithmetic_en.puzzle",
    "suites/korbench/kor_puzzle_05_crypto_math.puzzle",
];

/// The resources the evaluator and the generator count themselves.
const COUNTED: [Resource; 5] = [
    Resource::Steps,
    Resource::Values,
    Resource::Depth,
    Resource::Trace,
    Resource::Runs,
];

/// An item's record-shaping parts, for comparisons.
fn shape(item: &Item) -> String {
    format!(
        "{:?}|{}|{}|{:?}|{:?}|{}",
        item.seed, item.answer, item.instance, item.choices, item.renders, item.levers
    )
}

/// A budget of exactly what an item spends makes the same item as the
/// default budget; one unit less of any counted resource stops it, and
/// larger limits change nothing.
#[test]
fn a_budget_never_changes_an_item_and_is_spent_exactly() {
    for rel in SHIPPED {
        let program = common::load(&common::root().join(rel));
        let tier = program.tier_names()[program.tier_names().len() - 1].to_string();
        for index in 0..2 {
            let item = generate(&program, &tier, index, 1).expect("shipped spec generates");
            let used = item.usage;
            let mut exact = program.clone();
            // The model's own checks bound `vars` and `clauses` (with room
            // reserved ahead), so only the counted resources are cut to size.
            let mut limits = Limits::default();
            for r in COUNTED {
                limits.set(r, used.get(r).max(1));
            }
            exact.limits = limits;
            let again = generate(&exact, &tier, index, 1).expect("exact budget suffices");
            assert_eq!(shape(&item), shape(&again), "{rel} {tier} {index}");
            let mut wide = program.clone();
            for r in Resource::ALL {
                wide.limits.set(r, r.max_limit());
            }
            let wide_item = generate(&wide, &tier, index, 1).expect("wide budget");
            assert_eq!(shape(&item), shape(&wide_item), "{rel} {tier} {index}");
            for r in COUNTED.into_iter().filter(|r| used.get(*r) > 0) {
                let mut short = exact.clone();
                short.limits.set(r, used.get(r) - 1);
                match generate(&short, &tier, index, 1) {
                    Err(GenError::Fuel { resource, .. }) => assert_eq!(resource, r.name()),
                    Err(other) => panic!("{rel}: {} - 1: {other}", r.name()),
                    Ok(_) => panic!("{rel}: {} - 1 {} still suffices", used.get(r), r.name()),
                }
            }
        }
    }
}

/// `limits { … }` in the spec raises a budget: the doubling string that
/// stops at the default value limit fits a raised one, and a lowered one
/// stops it earlier, naming the spec's limit.
#[test]
fn a_limits_declaration_overrides_the_defaults() {
    let spec = |limits: &str| {
        let text = format!(
            "puzzle grow\nfamily direct\n{limits}\nlever n: int in 1..=3\ntier easy {{ n = 1 }}\n\
             fn twice(s, k) = if k == 0 then s else twice(s + s, k - 1)\n\
             generate {{\n  let s = twice(\"ab\", 20)\n}}\n\
             answer int = len(s)\ntemplate en \"{{n}}\"\ntemplate ko \"{{n}}\"\n"
        );
        let source = puzzlec::source::SourceFile::new("grow.puzzle", text);
        puzzlec::compile::compile(&source).unwrap_or_else(|e| {
            panic!("{}", render_plain(&e.diagnostics(), WIDTH));
        })
    };
    // 2 × 2^20 bytes is over the default of 1,000,000.
    assert!(matches!(
        generate(&spec(""), "easy", 0, 1),
        Err(GenError::Fuel {
            resource: "values",
            limit: 1_000_000,
            ..
        })
    ));
    let raised = generate(&spec("limits { values 3_000_000 }"), "easy", 0, 1).expect("fits");
    assert_eq!(raised.answer, (2u64 << 20).to_string());
    assert!(matches!(
        generate(&spec("limits { values 64, steps 100_000 }"), "easy", 0, 1),
        Err(GenError::Fuel {
            resource: "values",
            limit: 64,
            ..
        })
    ));
}
