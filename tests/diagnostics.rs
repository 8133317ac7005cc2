//! Broken definitions get `file:line:column`, the line with a caret, and what was expected.

use std::path::Path;

fn check(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad").join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    // The library is named in some messages: a fixed one, so that snapshots do not depend on $HOME.
    qipan::library::set_dir("tests/no-library");
    let file = format!("tests/bad/{name}");
    match qipan::load_str(&file, &text, &[]) {
        Ok(_) => panic!("{name} should not load"),
        Err(d) => d.to_string(),
    }
}

macro_rules! snapshot {
    ($test:ident, $file:literal) => {
        #[test]
        fn $test() {
            insta::assert_snapshot!(check($file));
        }
    };
}

snapshot!(yaml_syntax, "yaml_syntax.yaml");
snapshot!(unknown_relation, "unknown_relation.yaml");
snapshot!(language_syntax, "language_syntax.yaml");
snapshot!(unknown_piece, "unknown_piece.yaml");
snapshot!(unknown_zone, "unknown_zone.yaml");
snapshot!(unknown_field, "unknown_field.yaml");
snapshot!(hook_syntax, "hook_syntax.yaml");
snapshot!(extends_base_error, "extends_base_error.yaml");
snapshot!(extends_child_error, "extends_child_error.yaml");
snapshot!(extends_cycle, "extends_cycle.yaml");
snapshot!(extends_missing, "extends_missing.yaml");
snapshot!(capture_explode_flag, "capture_explode_flag.yaml");
snapshot!(capture_self_flag, "capture_self_flag.yaml");
snapshot!(chain_through_promotion, "chain_through_promotion.yaml");
snapshot!(capture_sparing, "capture_sparing.yaml");
snapshot!(captured_as_unknown, "captured_as_unknown.yaml");
snapshot!(gives_check_in_to, "gives_check_in_to.yaml");
snapshot!(shuffle_impossible, "shuffle_impossible.yaml");
snapshot!(shuffle_colour_late, "shuffle_colour_late.yaml");
snapshot!(castle_unknown_column, "castle_unknown_column.yaml");
snapshot!(stay_without_promote, "stay_without_promote.yaml");
snapshot!(counting_node_test, "counting_node_test.yaml");
snapshot!(insufficient_sides, "insufficient_sides.yaml");
snapshot!(piece_value_not_a_number, "piece_value_not_a_number.yaml");
snapshot!(piece_value_negative, "piece_value_negative.yaml");
snapshot!(draws_unknown, "draws_unknown.yaml");
snapshot!(sow_without_counts, "sow_without_counts.yaml");
snapshot!(sow_unknown_track, "sow_unknown_track.yaml");
snapshot!(sow_piece_condition, "sow_piece_condition.yaml");
snapshot!(stacks_too_low, "stacks_too_low.yaml");
snapshot!(stacks_with_counts, "stacks_with_counts.yaml");
snapshot!(mancala_three_rows, "mancala_three_rows.yaml");
snapshot!(sow_lone_and_keep, "sow_lone_and_keep.yaml");
snapshot!(sow_occupied_with_lone, "sow_occupied_with_lone.yaml");
snapshot!(sow_no_laps, "sow_no_laps.yaml");
snapshot!(carry_without_stacks, "carry_without_stacks.yaml");
snapshot!(carry_on_drop, "carry_on_drop.yaml");
snapshot!(leg_of_zero, "leg_of_zero.yaml");
snapshot!(overflow_without_stacks, "overflow_without_stacks.yaml");
snapshot!(overflow_unknown, "overflow_unknown.yaml");
snapshot!(render_unknown_key, "render_unknown_key.yaml");
snapshot!(render_bad_values, "render_bad_values.yaml");
snapshot!(pattern_character, "pattern_character.yaml");
snapshot!(pattern_centre, "pattern_centre.yaml");
snapshot!(pattern_rows, "pattern_rows.yaml");
snapshot!(pattern_relation, "pattern_relation.yaml");
snapshot!(pattern_hex_board, "pattern_hex_board.yaml");

#[test]
fn every_shipped_definition_checks() {
    for (name, _) in qipan::games::BUILTIN {
        qipan::validate(name).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let stem = e.path().file_stem().unwrap().to_string_lossy().to_string();
        assert!(qipan::games::builtin(&stem).is_some(), "games/{stem}.yaml is not embedded in the binary");
    }
}

#[test]
fn bad_option_values_are_refused_with_the_allowed_values() {
    let e = qipan::load("go", &[("ko".into(), "japanese".into())]).unwrap_err().to_string();
    assert!(e.contains("allowed values are positional, situational, simple"), "{e}");
    let e = qipan::load("go", &[("colour".into(), "red".into())]).unwrap_err().to_string();
    assert!(e.contains("no option `colour`"), "{e}");
}

#[test]
fn numbers_in_rules_are_bounded() {
    let src = "name: t\nboard:\n  grid: { width: 3, height: 3 }\nseats: [{ name: a }, { name: b }]\npieces:\n  rook:\n    moves: slide orthogonal 1..300\n";
    let e = qipan::load_str("t.yaml", src, &[]).unwrap_err();
    assert_eq!((e.0[0].loc.line, e.0[0].loc.column), (7, 32), "{e}");
    assert!(e.0[0].message.contains("`300` is too large"), "{e}");
}

#[test]
fn a_huge_definition_is_refused_before_it_is_read() {
    let huge = format!("name: t\ndescription: \"{}\"\n", "x".repeat(qipan::dsl::MAX_DEFINITION_BYTES));
    let e = qipan::load_str("huge.yaml", &huge, &[]).unwrap_err();
    assert!(e.to_string().starts_with("huge.yaml:1:1: the definition is"), "{e}");
    assert!(e.to_string().len() < 300, "a short message");
}

#[test]
fn a_long_line_is_shown_around_the_column() {
    let src = format!(
        "name: t\nboard:\n  grid: {{ width: 3, height: 3 }}\nseats: [{{ name: a }}, {{ name: b }}]\npieces:\n  stone: {{ moves: \"place to {}bogus\" }}\n",
        "(".repeat(5000)
    );
    let e = qipan::load_str("long.yaml", &src, &[]).unwrap_err().to_string();
    assert!(e.len() < 600, "{e}");
    assert!(e.contains('…'), "{e}");
}
