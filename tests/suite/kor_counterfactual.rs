//! KOR-Bench Counterfactual (`kor_counterfactual`): every gold is re-derived
//! from the rendered prompt alone. The story's sentences are read back with
//! this file's own copy of the fact sentences (each must match exactly one
//! fact), the question is matched to a fact or to a two-fact question, its
//! answer is taken from the story's stated values (for two facts: their sum,
//! difference or product, computed here), and exactly one option must say
//! it; its letter must be the gold. The real-world answer, from this file's
//! own table of real values (each checked true when written), must be
//! another option, and `instance.real_life` must be its letter. The story's
//! length and its number of changed facts must be the tier's levers. 300
//! items per tier; every fact, every two-fact question, and every letter as
//! gold and as the real-life option occur.

use crate::common;
use puzzlec::dataset::Record;
use std::collections::{BTreeMap, BTreeSet};

const SPEC: &str = "suites/korbench/kor_counterfactual.puzzle";

/// A fact sentence `before VALUE after` and the question on it, with the
/// real-world value as the story would write it.
struct Fact {
    id: &'static str,
    before: &'static str,
    after: &'static str,
    ask: &'static str,
    real: &'static str,
}

/// The facts, their sentences and their real values (one a line).
#[rustfmt::skip]
const FACTS: &[Fact] = &[
    Fact { id: "spider_legs", before: "a spider has ", after: "", ask: "how many legs does a spider have?", real: "8 legs" },
    Fact { id: "ant_legs", before: "an ant has ", after: "", ask: "how many legs does an ant have?", real: "6 legs" },
    Fact { id: "octopus_arms", before: "an octopus has ", after: "", ask: "how many arms does an octopus have?", real: "8 arms" },
    Fact { id: "starfish_arms", before: "a common starfish has ", after: "", ask: "how many arms does a common starfish have?", real: "5 arms" },
    Fact { id: "heart_chambers", before: "the human heart has ", after: "", ask: "how many chambers does the human heart have?", real: "4 chambers" },
    Fact { id: "adult_bones", before: "an adult human skeleton has ", after: "", ask: "how many bones does an adult human skeleton have?", real: "206 bones" },
    Fact { id: "blood_colour", before: "human blood is ", after: "", ask: "what colour is human blood?", real: "red" },
    Fact { id: "body_temperature", before: "a healthy person's body temperature is about ", after: "", ask: "what is a healthy person's body temperature?", real: "37 °C" },
    Fact { id: "tallest_animal", before: "the tallest land animal is the ", after: "", ask: "which is the tallest land animal?", real: "giraffe" },
    Fact { id: "fastest_animal", before: "the fastest land animal is the ", after: "", ask: "which is the fastest land animal?", real: "cheetah" },
    Fact { id: "largest_animal", before: "the largest animal alive today is the ", after: "", ask: "which is the largest animal alive today?", real: "blue whale" },
    Fact { id: "plant_gas", before: "plants take in ", after: " from the air to make their food", ask: "which gas do plants take in from the air to make their food?", real: "carbon dioxide" },
    Fact { id: "breathing_gas", before: "people must breathe in ", after: " to stay alive", ask: "which gas must people breathe in to stay alive?", real: "oxygen" },
    Fact { id: "leaf_colour", before: "the leaves of most trees are ", after: " in summer", ask: "what colour are the leaves of most trees in summer?", real: "green" },
    Fact { id: "water_boils", before: "pure water boils at ", after: " at sea level", ask: "at what temperature does pure water boil at sea level?", real: "100 °C" },
    Fact { id: "water_freezes", before: "pure water freezes at ", after: "", ask: "at what temperature does pure water freeze?", real: "0 °C" },
    Fact { id: "liquid_metal", before: "the metal that is liquid at room temperature is ", after: "", ask: "which metal is liquid at room temperature?", real: "mercury" },
    Fact { id: "gold_symbol", before: "the chemical symbol of gold is ", after: "", ask: "what is the chemical symbol of gold?", real: "Au" },
    Fact { id: "sodium_symbol", before: "the chemical symbol of sodium is ", after: "", ask: "what is the chemical symbol of sodium?", real: "Na" },
    Fact { id: "water_formula", before: "the chemical formula of water is ", after: "", ask: "what is the chemical formula of water?", real: "H2O" },
    Fact { id: "air_gas", before: "the gas that makes up most of the air is ", after: "", ask: "which gas makes up most of the air?", real: "nitrogen" },
    Fact { id: "hardest_mineral", before: "the hardest natural mineral is ", after: "", ask: "which is the hardest natural mineral?", real: "diamond" },
    Fact { id: "light_speed", before: "light travels at about ", after: "", ask: "about how fast does light travel?", real: "300,000 km per second" },
    Fact { id: "gravity", before: "objects near the ground fall with an acceleration of about ", after: "", ask: "about how fast do falling objects near the ground accelerate?", real: "9.8 m/s²" },
    Fact { id: "planets", before: "the Solar System has ", after: "", ask: "how many planets does the Solar System have?", real: "8 planets" },
    Fact { id: "earth_moons", before: "Earth has ", after: "", ask: "how many moons does Earth have?", real: "1 moon" },
    Fact { id: "mars_moons", before: "Mars has ", after: "", ask: "how many moons does Mars have?", real: "2 moons" },
    Fact { id: "largest_planet", before: "the largest planet in the Solar System is ", after: "", ask: "which is the largest planet in the Solar System?", real: "Jupiter" },
    Fact { id: "closest_planet", before: "the planet closest to the Sun is ", after: "", ask: "which planet is closest to the Sun?", real: "Mercury" },
    Fact { id: "orbit_days", before: "Earth takes about ", after: " to travel once around the Sun", ask: "about how long does Earth take to travel once around the Sun?", real: "365 days" },
    Fact { id: "sunrise", before: "the Sun rises in the ", after: "", ask: "in which direction does the Sun rise?", real: "east" },
    Fact { id: "sky_colour", before: "the sky on a clear day is ", after: "", ask: "what colour is the sky on a clear day?", real: "blue" },
    Fact { id: "capital_australia", before: "the capital of Australia is ", after: "", ask: "what is the capital of Australia?", real: "Canberra" },
    Fact { id: "capital_canada", before: "the capital of Canada is ", after: "", ask: "what is the capital of Canada?", real: "Ottawa" },
    Fact { id: "capital_japan", before: "the capital of Japan is ", after: "", ask: "what is the capital of Japan?", real: "Tokyo" },
    Fact { id: "capital_brazil", before: "the capital of Brazil is ", after: "", ask: "what is the capital of Brazil?", real: "Brasília" },
    Fact { id: "capital_egypt", before: "the capital of Egypt is ", after: "", ask: "what is the capital of Egypt?", real: "Cairo" },
    Fact { id: "largest_ocean", before: "the largest ocean is the ", after: "", ask: "which is the largest ocean?", real: "Pacific Ocean" },
    Fact { id: "highest_mountain", before: "the highest mountain above sea level is ", after: "", ask: "which is the highest mountain above sea level?", real: "Mount Everest" },
    Fact { id: "largest_country", before: "the largest country by area is ", after: "", ask: "which is the largest country by area?", real: "Russia" },
    Fact { id: "eiffel_tower", before: "the Eiffel Tower stands in ", after: "", ask: "in which city does the Eiffel Tower stand?", real: "Paris" },
    Fact { id: "colosseum", before: "the Colosseum stands in ", after: "", ask: "in which city does the Colosseum stand?", real: "Rome" },
    Fact { id: "statue_of_liberty", before: "the Statue of Liberty stands in ", after: "", ask: "in which city does the Statue of Liberty stand?", real: "New York" },
    Fact { id: "romeo_and_juliet", before: "Romeo and Juliet was written by ", after: "", ask: "who wrote Romeo and Juliet?", real: "William Shakespeare" },
    Fact { id: "mona_lisa", before: "the Mona Lisa was painted by ", after: "", ask: "who painted the Mona Lisa?", real: "Leonardo da Vinci" },
    Fact { id: "moon_walk", before: "the first person to walk on the Moon was ", after: "", ask: "who was the first person to walk on the Moon?", real: "Neil Armstrong" },
    Fact { id: "alphabet", before: "the English alphabet has ", after: "", ask: "how many letters does the English alphabet have?", real: "26 letters" },
    Fact { id: "guitar", before: "a standard guitar has ", after: "", ask: "how many strings does a standard guitar have?", real: "6 strings" },
    Fact { id: "piano", before: "a standard piano has ", after: "", ask: "how many keys does a standard piano have?", real: "88 keys" },
    Fact { id: "chessboard", before: "a chessboard has ", after: "", ask: "how many squares does a chessboard have?", real: "64 squares" },
    Fact { id: "football_team", before: "a football (soccer) team has ", after: " on the field", ask: "how many players does a football (soccer) team have on the field?", real: "11 players" },
    Fact { id: "basketball_team", before: "a basketball team has ", after: " on the court", ask: "how many players does a basketball team have on the court?", real: "5 players" },
    Fact { id: "week_days", before: "a week has ", after: "", ask: "how many days does a week have?", real: "7 days" },
    Fact { id: "day_hours", before: "a day has ", after: "", ask: "how many hours does a day have?", real: "24 hours" },
    Fact { id: "hour_minutes", before: "an hour has ", after: "", ask: "how many minutes does an hour have?", real: "60 minutes" },
    Fact { id: "minute_seconds", before: "a minute has ", after: "", ask: "how many seconds does a minute have?", real: "60 seconds" },
    Fact { id: "year_months", before: "a year has ", after: "", ask: "how many months does a year have?", real: "12 months" },
    Fact { id: "rainbow_top", before: "the colour on the outer edge of a rainbow is ", after: "", ask: "which colour is on the outer edge of a rainbow?", real: "red" },
];

/// A question on two facts: `op` applied to a's and b's numbers.
struct Pair {
    id: &'static str,
    a: &'static str,
    b: &'static str,
    op: char,
    noun: &'static str,
    ask: &'static str,
}

#[rustfmt::skip]
const PAIRS: &[Pair] = &[
    Pair { id: "legs_spider_ant", a: "spider_legs", b: "ant_legs", op: '+', noun: "leg", ask: "how many legs do a spider and an ant have together?" },
    Pair { id: "legs_spider_minus_ant", a: "spider_legs", b: "ant_legs", op: '-', noun: "leg", ask: "how many more legs does a spider have than an ant?" },
    Pair { id: "arms_octopus_starfish", a: "octopus_arms", b: "starfish_arms", op: '+', noun: "arm", ask: "how many arms do an octopus and a common starfish have together?" },
    Pair { id: "hours_in_week", a: "week_days", b: "day_hours", op: '*', noun: "hour", ask: "how many hours are there in a week?" },
    Pair { id: "minutes_in_day", a: "day_hours", b: "hour_minutes", op: '*', noun: "minute", ask: "how many minutes are there in a day?" },
    Pair { id: "seconds_in_hour", a: "hour_minutes", b: "minute_seconds", op: '*', noun: "second", ask: "how many seconds are there in an hour?" },
    Pair { id: "water_range", a: "water_boils", b: "water_freezes", op: '-', noun: "degree", ask: "how many degrees Celsius above its freezing point does pure water boil at sea level?" },
    Pair { id: "moons_earth_mars", a: "earth_moons", b: "mars_moons", op: '+', noun: "moon", ask: "how many moons do Earth and Mars have together?" },
    Pair { id: "players_football_minus_basketball", a: "football_team", b: "basketball_team", op: '-', noun: "player", ask: "how many more players does a football (soccer) team have on the field than a basketball team has on the court?" },
];

fn fact(id: &str) -> &'static Fact {
    FACTS.iter().find(|f| f.id == id).expect("a known fact")
}

/// The number a value text starts with: `10 legs` → 10, `-10 °C` → -10.
fn number(text: &str) -> i64 {
    text.split(' ').next().unwrap().parse().expect("a number")
}

fn count(n: i64, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// What a prompt says, read back.
#[derive(Debug)]
struct Read {
    world: String,
    /// Each sentence's fact and stated value, in story order.
    stated: Vec<(&'static str, String)>,
    /// The asked fact's id, or the pair's.
    asked: String,
    two: bool,
    /// The options' texts, A first.
    options: Vec<String>,
    /// The letters of the story's answer and of the real-world one.
    gold: char,
    real: char,
}

fn read(question: &str) -> Result<Read, String> {
    let story = question
        .split_once("### Story Rule:\n\n")
        .and_then(|(_, s)| s.split_once("\n\n### Question:\n"))
        .ok_or("no story")?;
    let (intro, facts) = story.0.split_once("\n\n").ok_or("no intro")?;
    let world = intro
        .split_once(" is a world much like our own")
        .ok_or("no world")?
        .0
        .to_string();
    if !intro.ends_with(&format!("everything it states is true in {world}.")) {
        return Err("the intro does not say the story holds".into());
    }
    let mut stated = Vec::new();
    let body = facts
        .strip_suffix('.')
        .ok_or("the story ends without a full stop")?;
    for sentence in body.split(". ") {
        if !sentence.contains(&world) {
            return Err(format!("a sentence not about {world}: {sentence}"));
        }
        let hits: Vec<(&'static str, String)> = FACTS
            .iter()
            .filter_map(|f| {
                let at = sentence.find(f.before)?;
                let value = sentence[at + f.before.len()..].strip_suffix(f.after)?;
                Some((f.id, value.to_string()))
            })
            .collect();
        match hits.as_slice() {
            [one] => stated.push(one.clone()),
            _ => return Err(format!("{} facts read in: {sentence}", hits.len())),
        }
    }
    let ids: BTreeSet<&str> = stated.iter().map(|s| s.0).collect();
    if ids.len() != stated.len() {
        return Err("a fact stated twice".into());
    }
    let value = |id: &str| -> Result<String, String> {
        stated
            .iter()
            .find(|s| s.0 == id)
            .map(|s| s.1.clone())
            .ok_or(format!("{id} is not stated"))
    };

    let mut lines = story.1.lines();
    let q = lines
        .next()
        .and_then(|l| l.strip_prefix(&format!("In {world}, ")))
        .ok_or("no question line")?;
    let options: Vec<String> = lines
        .next()
        .and_then(|l| l.strip_prefix("Options: "))
        .ok_or("no options line")?
        .split(" ## ")
        .enumerate()
        .map(|(i, o)| {
            let letter = (b'A' + i as u8) as char;
            o.strip_prefix(&format!("{letter}. "))
                .map(str::to_string)
                .ok_or(format!("option {letter} is not lettered"))
        })
        .collect::<Result<_, _>>()?;
    if options.len() != 4 {
        return Err(format!("{} options", options.len()));
    }
    if !story.1.contains(&format!(
        "Answer as things are in {world}, not in the real world."
    )) {
        return Err("the prompt does not ask for the story's world".into());
    }

    let (asked, two, in_world, real) = if let Some(f) = FACTS.iter().find(|f| f.ask == q) {
        (f.id.to_string(), false, value(f.id)?, f.real.to_string())
    } else if let Some(p) = PAIRS.iter().find(|p| p.ask == q) {
        let apply = |a: i64, b: i64| match p.op {
            '+' => a + b,
            '-' => a - b,
            _ => a * b,
        };
        let world_n = apply(number(&value(p.a)?), number(&value(p.b)?));
        let real_n = apply(number(fact(p.a).real), number(fact(p.b).real));
        (
            p.id.to_string(),
            true,
            count(world_n, p.noun),
            count(real_n, p.noun),
        )
    } else {
        return Err(format!("an unknown question: {q}"));
    };
    let letter_of = |text: &str| -> Result<char, String> {
        let at: Vec<usize> = (0..4).filter(|&i| options[i] == text).collect();
        match at.as_slice() {
            [i] => Ok((b'A' + *i as u8) as char),
            _ => Err(format!("{} options say {text}", at.len())),
        }
    };
    let gold = letter_of(&in_world)?;
    let real = letter_of(&real)?;
    if gold == real {
        return Err("the story's answer is the real one".into());
    }
    Ok(Read {
        world,
        stated,
        asked,
        two,
        options,
        gold,
        real,
    })
}

/// The facts a question rests on.
fn rests_on(asked: &str) -> Vec<&'static str> {
    match PAIRS.iter().find(|p| p.id == asked) {
        Some(p) => vec![p.a, p.b],
        None => vec![fact(asked).id],
    }
}

fn check(r: &Record) -> Read {
    let got = read(&r.question).unwrap_or_else(|e| panic!("{}: {e}", r.id));
    assert_eq!(r.answer, got.gold.to_string(), "{}", r.id);
    assert_eq!(
        r.instance["real_life"].as_str(),
        Some(got.real.to_string().as_str()),
        "{}: the real-life letter",
        r.id
    );
    assert_eq!(r.choices.as_ref(), Some(&got.options), "{}", r.id);
    assert_eq!(got.stated.len(), common::lever(r, "facts"), "{}", r.id);
    let changed: Vec<&str> = got
        .stated
        .iter()
        .filter(|(id, v)| fact(id).real != v)
        .map(|s| s.0)
        .collect();
    assert_eq!(changed.len(), common::lever(r, "altered"), "{}", r.id);
    let on = rests_on(&got.asked);
    assert!(
        on.iter().any(|id| changed.contains(id)),
        "{}: the question rests on a changed fact",
        r.id
    );
    assert_eq!(
        r.levers["ask"].as_str(),
        Some(if got.two { "pair" } else { "single" }),
        "{}",
        r.id
    );
    assert!(
        !r.question.contains(&format!("[[{}]]", r.answer)),
        "{}",
        r.id
    );
    assert!(r.context.contains(&got.world) && r.question.contains(&r.query));
    common::scores_itself(r);
    got
}

#[test]
fn counterfactual_golds_follow_the_story() {
    let mut asked: BTreeSet<String> = BTreeSet::new();
    let mut golds: BTreeMap<String, BTreeSet<char>> = BTreeMap::new();
    let mut reals: BTreeSet<char> = BTreeSet::new();
    let mut pairs_per_tier: BTreeMap<String, usize> = BTreeMap::new();
    let mut both_changed = 0;
    let records = common::records(SPEC, "en", 300);
    for r in &records {
        let got = check(r);
        golds.entry(r.tier.clone()).or_default().insert(got.gold);
        reals.insert(got.real);
        if got.two {
            *pairs_per_tier.entry(r.tier.clone()).or_default() += 1;
            let on = rests_on(&got.asked);
            if on.iter().all(|id| {
                got.stated
                    .iter()
                    .any(|(s, v)| s == id && fact(id).real != v)
            }) {
                both_changed += 1;
            }
        }
        asked.insert(got.asked);
    }
    assert_eq!(records.len(), 900);
    for f in FACTS {
        assert!(asked.contains(f.id), "{} is never asked", f.id);
    }
    for p in PAIRS {
        assert!(asked.contains(p.id), "{} is never asked", p.id);
    }
    for (tier, g) in &golds {
        assert_eq!(g.len(), 4, "{tier}: every letter is a gold");
    }
    assert_eq!(reals.len(), 4, "every letter is a real-life option");
    assert_eq!(pairs_per_tier.get("easy"), None, "easy asks single facts");
    assert!(pairs_per_tier["medium"] >= 60 && pairs_per_tier["hard"] >= 150);
    assert!(
        both_changed >= 20,
        "{both_changed} pairs with both facts changed"
    );
}

#[test]
fn the_real_values_are_the_real_world() {
    // The table's real values, spot-checked against what they must mean.
    assert_eq!(
        number(fact("day_hours").real) * number(fact("hour_minutes").real),
        1440
    );
    assert_eq!(
        number(fact("week_days").real) * number(fact("day_hours").real),
        168
    );
    assert_eq!(
        number(fact("water_boils").real) - number(fact("water_freezes").real),
        100
    );
    assert_eq!(fact("capital_australia").real, "Canberra");
    assert_eq!(FACTS.len(), 58);
    let ids: BTreeSet<&str> = FACTS.iter().map(|f| f.id).collect();
    assert_eq!(ids.len(), FACTS.len());
    for p in PAIRS {
        fact(p.a);
        fact(p.b);
    }
}

#[test]
fn the_checker_rejects_a_wrong_gold() {
    let records = common::records(SPEC, "en", 20);
    let (mut singles, mut pairs) = (0, 0);
    for r in &records {
        let got = read(&r.question).expect("the prompt reads");
        let on = rests_on(&got.asked)[0];
        let (_, v) = got.stated.iter().find(|s| s.0 == on).unwrap();
        let f = fact(on);
        let said = format!("{}{v}{}", f.before, f.after);
        let restate = |value: &str| {
            r.question
                .replace(&said, &format!("{}{value}{}", f.before, f.after))
        };
        if got.two {
            // One stated number off by one: the gold no longer follows.
            let n = number(v);
            let off = v.replacen(&n.to_string(), &(n + 1).to_string(), 1);
            let changed = read(&restate(&off)).map(|g| g.gold);
            assert_ne!(changed, Ok(got.gold), "{}", r.id);
            pairs += 1;
        } else {
            // The asked fact stated with its real value: the story's answer
            // is then the real one, which the checker refuses.
            assert!(read(&restate(f.real)).is_err(), "{}", r.id);
            // Stated as a distractor: that option becomes the gold.
            let (i, d) = got
                .options
                .iter()
                .enumerate()
                .find(|(_, o)| **o != *v && *o != f.real)
                .unwrap();
            let moved = read(&restate(d)).expect("still one answer");
            assert_eq!(moved.gold, (b'A' + i as u8) as char, "{}", r.id);
            assert_ne!(moved.gold, got.gold, "{}", r.id);
            singles += 1;
        }
        // The fact left out of the story.
        let silent = r.question.replace(&said, "the sky is wide");
        assert!(read(&silent).is_err(), "{}", r.id);
        // A wrong real-life letter in the instance is caught by `check`.
        let mut tampered = r.clone();
        let wrong = if got.real == 'A' { "B" } else { "A" };
        tampered.instance["real_life"] = serde_json::Value::from(wrong);
        let caught = std::panic::catch_unwind(|| check(&tampered)).is_err();
        assert!(caught, "{}", r.id);
    }
    assert!(singles >= 20 && pairs >= 5, "{singles} / {pairs}");
}
