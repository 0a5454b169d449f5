use puzzlec::stdlib::hangul::{
    compose, compose_jamo, decompose, final_index, has_final, initial_index, is_compound_final,
    is_double_final, is_syllable, is_tense_final, jamo, jamo_split, medial_index, shift_final,
    shift_initial, shift_medial, Syllable, FINALS, INITIALS, MEDIALS,
};
use unicode_normalization::UnicodeNormalization;

fn all_syllables() -> impl Iterator<Item = char> {
    (0xAC00u32..=0xD7A3).filter_map(char::from_u32)
}

fn syl(initial: u8, medial: u8, final_: u8) -> Syllable {
    Syllable {
        initial,
        medial,
        final_,
    }
}

#[test]
fn block_has_11172_syllables_and_boundaries() {
    assert_eq!(all_syllables().count(), 11_172);
    assert!(is_syllable('가'));
    assert!(is_syllable('힣'));
    assert!(!is_syllable('\u{ABFF}'));
    assert!(!is_syllable('\u{D7A4}'));
    assert!(!is_syllable('ㄱ'));
    assert!(!is_syllable('A'));
    assert_eq!(decompose('A'), None);
    assert_eq!(decompose('ㅎ'), None);
    assert_eq!(decompose('\u{D7A4}'), None);
}

#[test]
fn round_trip_all_syllables() {
    for c in all_syllables() {
        let s = decompose(c).expect("syllable");
        assert!(s.initial < 19 && s.medial < 21 && s.final_ < 28, "{c}");
        assert_eq!(compose(s), Some(c), "{c}");
        let f = (s.final_ != 0).then(|| FINALS[s.final_ as usize].chars().next().unwrap());
        assert_eq!(
            compose_jamo(INITIALS[s.initial as usize], MEDIALS[s.medial as usize], f),
            Some(c),
            "{c}"
        );
    }
}

#[test]
fn compose_covers_every_index_triple_exactly_once() {
    let mut seen = std::collections::HashSet::new();
    for l in 0..19 {
        for v in 0..21 {
            for t in 0..28 {
                let c = compose(syl(l, v, t)).expect("in range");
                assert!(seen.insert(c));
                assert_eq!(decompose(c), Some(syl(l, v, t)));
            }
        }
    }
    assert_eq!(seen.len(), 11_172);
}

#[test]
fn compose_rejects_out_of_range() {
    assert_eq!(compose(syl(19, 0, 0)), None);
    assert_eq!(compose(syl(0, 21, 0)), None);
    assert_eq!(compose(syl(0, 0, 28)), None);
    assert_eq!(compose(syl(255, 255, 255)), None);
    assert_eq!(compose(syl(18, 20, 27)), Some('힣'));
}

#[test]
fn agrees_with_nfd_and_nfc_for_all_syllables() {
    for c in all_syllables() {
        let s = decompose(c).unwrap();
        let nfd: Vec<char> = c.to_string().nfd().collect();
        let mut expected = vec![
            char::from_u32(0x1100 + u32::from(s.initial)).unwrap(),
            char::from_u32(0x1161 + u32::from(s.medial)).unwrap(),
        ];
        if s.final_ != 0 {
            expected.push(char::from_u32(0x11A7 + u32::from(s.final_)).unwrap());
        }
        assert_eq!(nfd, expected, "NFD of {c}");
        let recomposed: String = expected.iter().collect::<String>().nfc().collect();
        assert_eq!(recomposed, c.to_string(), "NFC of {c}");
    }
}

#[test]
fn compat_jamo_agree_with_nfkd_for_initials_and_medials() {
    // NFKD maps a compatibility consonant to the conjoining *initial* form
    // and a vowel to the conjoining medial.
    for (l, j) in INITIALS.iter().enumerate() {
        let k: Vec<char> = j.to_string().nfkd().collect();
        assert_eq!(k, vec![char::from_u32(0x1100 + l as u32).unwrap()], "{j}");
    }
    for (v, j) in MEDIALS.iter().enumerate() {
        let k: Vec<char> = j.to_string().nfkd().collect();
        assert_eq!(k, vec![char::from_u32(0x1161 + v as u32).unwrap()], "{j}");
    }
}

#[test]
fn documented_decompositions() {
    assert_eq!(decompose('한'), Some(syl(18, 0, 4)));
    assert_eq!(decompose('글'), Some(syl(0, 18, 8)));
    assert_eq!(decompose('닭'), Some(syl(3, 0, 9)));
    assert_eq!(decompose('가'), Some(syl(0, 0, 0)));
    assert_eq!(decompose('힣'), Some(syl(18, 20, 27)));
}

#[test]
fn documented_initial_shifts() {
    assert_eq!(shift_initial('가', 1), '까');
    assert_eq!(shift_initial('하', 1), '가');
    assert_eq!(shift_initial('한', 3), '난');
    assert_eq!(shift_initial('글', -1), '흘');
    assert_eq!(shift_initial('가', 19), '가');
    assert_eq!(shift_initial('가', -19 * 1000 + 2), '나');
    assert_eq!(shift_initial('A', 5), 'A');
    assert_eq!(shift_initial('ㄱ', 5), 'ㄱ');
}

#[test]
fn shifts_invert_for_all_syllables() {
    let ks = [
        0,
        1,
        -1,
        2,
        5,
        18,
        19,
        20,
        27,
        28,
        100,
        -12345,
        i64::MAX,
        i64::MIN + 1,
    ];
    for c in all_syllables() {
        for k in ks {
            assert_eq!(shift_initial(shift_initial(c, k), -k), c, "{c} {k}");
            assert_eq!(shift_medial(shift_medial(c, k), -k), c, "{c} {k}");
            assert_eq!(shift_final(shift_final(c, k), -k), c, "{c} {k}");
        }
    }
}

#[test]
fn shifts_preserve_other_components() {
    for c in all_syllables() {
        let s = decompose(c).unwrap();
        let i = decompose(shift_initial(c, 7)).unwrap();
        assert_eq!((i.medial, i.final_), (s.medial, s.final_));
        assert_eq!(i.initial, (s.initial + 7) % 19);
        let m = decompose(shift_medial(c, -4)).unwrap();
        assert_eq!((m.initial, m.final_), (s.initial, s.final_));
        let f = decompose(shift_final(c, 30)).unwrap();
        assert_eq!((f.initial, f.medial), (s.initial, s.medial));
        assert_eq!(f.final_ == 0, s.final_ == 0);
    }
}

#[test]
fn extreme_k_does_not_panic() {
    for k in [i64::MIN, i64::MAX] {
        assert!(is_syllable(shift_initial('한', k)));
        assert!(is_syllable(shift_medial('한', k)));
        assert!(is_syllable(shift_final('한', k)));
    }
}

#[test]
fn medial_and_final_shift_examples() {
    assert_eq!(shift_medial('가', 1), '개');
    assert_eq!(shift_medial('기', 1), '가');
    assert_eq!(shift_final('각', 1), '갂');
    assert_eq!(shift_final('갛', 1), '각');
    assert_eq!(shift_final('각', -1), '갛');
    assert_eq!(shift_final('각', 27), '각');
    // no final: unchanged
    assert_eq!(shift_final('가', 1), '가');
    assert_eq!(shift_final('x', 1), 'x');
}

#[test]
fn jamo_examples() {
    assert_eq!(jamo('한'), vec!['ㅎ', 'ㅏ', 'ㄴ']);
    assert_eq!(jamo('하'), vec!['ㅎ', 'ㅏ']);
    assert_eq!(jamo('닭'), vec!['ㄷ', 'ㅏ', 'ㄺ']);
    assert_eq!(jamo('과'), vec!['ㄱ', 'ㅘ']);
    assert_eq!(jamo('까'), vec!['ㄲ', 'ㅏ']);
    assert_eq!(jamo('x'), Vec::<char>::new());
}

#[test]
fn jamo_split_examples() {
    assert_eq!(jamo_split('닭'), vec!['ㄷ', 'ㅏ', 'ㄹ', 'ㄱ']);
    assert_eq!(jamo_split('과'), vec!['ㄱ', 'ㅗ', 'ㅏ']);
    assert_eq!(jamo_split('괇'), vec!['ㄱ', 'ㅗ', 'ㅏ', 'ㄹ', 'ㅂ']);
    assert_eq!(jamo_split('의'), vec!['ㅇ', 'ㅡ', 'ㅣ']);
    assert_eq!(jamo_split('값'), vec!['ㄱ', 'ㅏ', 'ㅂ', 'ㅅ']);
    // doubles and ㅐ-type vowels are not split
    assert_eq!(jamo_split('깎'), vec!['ㄲ', 'ㅏ', 'ㄲ']);
    assert_eq!(jamo_split('있'), vec!['ㅇ', 'ㅣ', 'ㅆ']);
    assert_eq!(jamo_split('개'), vec!['ㄱ', 'ㅐ']);
    assert_eq!(jamo_split('한'), vec!['ㅎ', 'ㅏ', 'ㄴ']);
    assert_eq!(jamo_split('!'), Vec::<char>::new());
}

#[test]
fn jamo_split_lengths_over_all_syllables() {
    for c in all_syllables() {
        let s = decompose(c).unwrap();
        let compound_vowel = matches!(s.medial, 9 | 10 | 11 | 14 | 15 | 16 | 19);
        let expected =
            jamo(c).len() + usize::from(compound_vowel) + usize::from(is_compound_final(s.final_));
        assert_eq!(jamo_split(c).len(), expected, "{c}");
    }
}

#[test]
fn index_lookups() {
    for (i, j) in INITIALS.iter().enumerate() {
        assert_eq!(initial_index(*j), Some(i as u8));
    }
    for (i, j) in MEDIALS.iter().enumerate() {
        assert_eq!(medial_index(*j), Some(i as u8));
    }
    for (i, f) in FINALS.iter().enumerate().skip(1) {
        assert_eq!(final_index(f.chars().next().unwrap()), Some(i as u8));
    }
    assert_eq!(initial_index('ㄳ'), None);
    assert_eq!(initial_index('ㅏ'), None);
    assert_eq!(medial_index('ㄱ'), None);
    assert_eq!(final_index('ㄸ'), None);
    assert_eq!(final_index('ㅃ'), None);
    assert_eq!(final_index('ㅉ'), None);
    assert_eq!(final_index('ㅏ'), None);
    assert_eq!(final_index('ㄹ'), Some(8));
    // compatibility jamo code points from the reference table
    assert_eq!(INITIALS[0], '\u{3131}');
    assert_eq!(INITIALS[18], '\u{314E}');
    assert_eq!(MEDIALS[0], '\u{314F}');
    assert_eq!(MEDIALS[20], '\u{3163}');
    assert_eq!(FINALS[0], "");
    assert_eq!(FINALS[18], "\u{3144}");
}

#[test]
fn compose_jamo_examples() {
    assert_eq!(compose_jamo('ㅎ', 'ㅏ', Some('ㄴ')), Some('한'));
    assert_eq!(compose_jamo('ㄷ', 'ㅏ', Some('ㄺ')), Some('닭'));
    assert_eq!(compose_jamo('ㄱ', 'ㅘ', None), Some('과'));
    assert_eq!(compose_jamo('ㄱ', 'ㅏ', Some('ㄸ')), None);
    assert_eq!(compose_jamo('ㅏ', 'ㅏ', None), None);
    assert_eq!(compose_jamo('ㄱ', 'ㄱ', None), None);
    assert_eq!(compose_jamo('ㄳ', 'ㅏ', None), None);
}

#[test]
fn has_final_examples() {
    assert_eq!(has_final('한'), Some(true));
    assert_eq!(has_final('하'), Some(false));
    assert_eq!(has_final('닭'), Some(true));
    assert_eq!(has_final('a'), None);
    let without = all_syllables()
        .filter(|c| has_final(*c) == Some(false))
        .count();
    assert_eq!(without, 399);
}

#[test]
fn double_final_sets() {
    let compound: Vec<u8> = (0..=30).filter(|t| is_compound_final(*t)).collect();
    assert_eq!(compound, vec![3, 5, 6, 9, 10, 11, 12, 13, 14, 15, 18]);
    let names: String = compound.iter().map(|t| FINALS[*t as usize]).collect();
    assert_eq!(names, "ㄳㄵㄶㄺㄻㄼㄽㄾㄿㅀㅄ");
    let tense: Vec<u8> = (0..=30).filter(|t| is_tense_final(*t)).collect();
    assert_eq!(tense, vec![2, 20]);
    let double: Vec<u8> = (0..=255).filter(|t| is_double_final(*t)).collect();
    assert_eq!(double, vec![2, 3, 5, 6, 9, 10, 11, 12, 13, 14, 15, 18, 20]);
    assert!(!is_double_final(0));
}
