use puzzlec::dataset::{DatasetError, Format, Shard};

fn shard_error(text: &str) -> String {
    match text.parse::<Shard>() {
        Err(e @ DatasetError::InvalidShard { .. }) => e.to_string(),
        other => panic!("{text}: expected InvalidShard, got {other:?}"),
    }
}

#[test]
fn shard_parses_one_based() {
    assert_eq!(
        "1/4".parse::<Shard>().unwrap(),
        Shard { index: 1, count: 4 }
    );
    assert_eq!(
        " 4/4 ".parse::<Shard>().unwrap(),
        Shard { index: 4, count: 4 }
    );
    assert_eq!("1/1".parse::<Shard>().unwrap(), Shard::ALL);
    assert_eq!(Shard::new(2, 3).unwrap().to_string(), "2/3");
}

#[test]
fn shard_edge_cases_are_refused() {
    assert_eq!(
        shard_error("0/4"),
        "invalid shard `0/4`: shards are numbered from 1, so I must be between 1 and 4, e.g. `1/4`"
    );
    assert!(shard_error("5/4").contains("between 1 and 4"));
    assert!(shard_error("a/b").contains("expected `I/N` with whole numbers"));
    assert!(shard_error("1/0").contains("the shard count N must be at least 1"));
    assert!(shard_error("").contains("expected `I/N`"));
    assert!(shard_error("1/2/3").contains("expected `I/N`"));
    assert!(shard_error("-1/4").contains("expected `I/N`"));
    assert!(Shard::new(0, 0).is_err());
}

#[test]
fn shards_partition_indices() {
    let shards: Vec<Shard> = (1..=4).map(|i| Shard::new(i, 4).unwrap()).collect();
    for item in 0..100u64 {
        assert_eq!(shards.iter().filter(|s| s.contains(item)).count(), 1);
    }
    assert!(shards[0].contains(0) && shards[0].contains(4));
    assert!(shards[3].contains(3));
    assert!(Shard::ALL.contains(12345));
    // Hand-built invalid shards own nothing and do not panic.
    assert!(!Shard { index: 1, count: 0 }.contains(0));
    assert!(!Shard { index: 0, count: 4 }.contains(3));
}

#[test]
fn format_parses_and_lists_valid_values() {
    assert_eq!("puzzlec".parse::<Format>().unwrap(), Format::Puzzlec);
    assert_eq!("nolli".parse::<Format>().unwrap(), Format::Nolli);
    let err = "json".parse::<Format>().unwrap_err().to_string();
    assert_eq!(
        err,
        "unknown format `json`; valid values are: puzzlec, nolli, hf"
    );
    assert_eq!(Format::Nolli.to_string(), "nolli");
    assert_eq!(
        serde_json::to_string(&Format::Puzzlec).unwrap(),
        r#""puzzlec""#
    );
}
