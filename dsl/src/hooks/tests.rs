//! Unit tests of the Rhai hooks: each point, the position API, the limits and the errors.

use super::*;
use qipan_core::board::NodeId;
use qipan_core::board::generators::{GridSpec, grid};
use qipan_core::game::{Game, GameBuilder, PieceType, Seat};
use qipan_core::hooks::{HookAction, HookPoint, Hooks};
use qipan_core::moves::Move;
use qipan_core::position::{Piece, Position};
use qipan_core::rules::{Cond, MoveRule, PassRule, Pattern, Rules};
use qipan_core::{Illegal, PieceId, PlayError, SeatId};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn src(point: &str, code: &str) -> HookSource {
    HookSource { point: point.into(), code: code.into(), file: "game.yaml".into(), line: 1 }
}

fn hooks(sources: &[(&str, &str)], counters: &[&str]) -> RhaiHooks {
    RhaiHooks::compile(
        sources.iter().map(|(p, c)| src(p, c)).collect(),
        HookLimits::default(),
        counters.iter().map(|c| c.to_string()).collect(),
    )
    .expect("hooks compile")
}

fn game_with(hooks: RhaiHooks, rules: Rules) -> Arc<Game> {
    let board = grid(&GridSpec::new(3, 3)).expect("grid").build().expect("board");
    let stone = PieceType {
        name: "stone".into(),
        symbols: vec!["X".into(), "O".into()],
        moves: vec![MoveRule::new(Pattern::Place, Cond::Empty, "place to empty")],
        immune: false,
        captures: true,
        owner: None,
    };
    let mut g = GameBuilder::new("test", board)
        .title("Test")
        .seats([Seat::new("black", "B", SeatId(0)), Seat::new("white", "W", SeatId(1))])
        .piece(stone)
        .rules(rules);
    for counter in hooks.counter_names() {
        g = g.counter(counter.clone());
    }
    Arc::new(g.hooks(Arc::new(hooks)).build().expect("a consistent test game"))
}

fn game(hooks: RhaiHooks) -> Arc<Game> {
    game_with(hooks, Rules { pass: PassRule::Always, ..Rules::default() })
}

fn at(g: &Game, label: &str) -> NodeId {
    g.board.find(label).expect("label")
}

fn place(pos: &mut Position, label: &str) -> Result<(), PlayError> {
    let n = at(pos.game(), label);
    pos.play(&Move::place(PieceId::new(0), n))
}

#[test]
fn hook_points_match_the_engine() {
    let names: Vec<&str> = HookPoint::ALL.iter().map(|p| p.name()).collect();
    assert_eq!(names, HOOK_POINTS);
}

#[test]
fn send_and_sync() {
    fn check<T: Send + Sync + fmt::Debug>() {}
    check::<RhaiHooks>();
}

#[test]
fn filter_move_forbids_with_a_reason() {
    let g = game(hooks(
        &[(
            "filter_move",
            r#"if mv.kind == "place" && mv.to == "B2" { return "the centre is reserved"; }
                   if mv.to == "C3" { return false; }
                   true"#,
        )],
        &[],
    ));
    let mut pos = g.start();
    assert_eq!(place(&mut pos, "B2"), Err(PlayError::Illegal(Illegal::Hook("the centre is reserved".into()))));
    assert!(matches!(place(&mut pos, "C3"), Err(PlayError::Illegal(Illegal::Hook(_)))));
    let legal = pos.legal_moves();
    assert_eq!(legal.len(), 9 - 2 + 1);
    assert!(!legal.contains(&Move::place(PieceId::new(0), at(&g, "B2"))));
    place(&mut pos, "A1").expect("A1 is allowed");
    pos.play(&Move::PASS).expect("passing is allowed");
}

#[test]
fn after_move_removes_and_sets_counters() {
    let g = game(hooks(
        &[(
            "after_move",
            r#"if mv.to == "C3" {
                       remove("A1");
                       set_counter("stones", pos.count(-1, "") + pos.counter("stones"));
                   }"#,
        )],
        &["stones"],
    ));
    let mut pos = g.start();
    place(&mut pos, "A1").expect("A1");
    assert!(pos.cell(at(&g, "A1")).is_some());
    place(&mut pos, "C3").expect("C3");
    assert!(pos.cell(at(&g, "A1")).is_none());
    assert!(pos.cell(at(&g, "C3")).is_some());
    assert_eq!(pos.counters(), &[0, 2], "White's counter, set after White's move");
}

#[test]
fn elimination_hooks_and_actions() {
    let g = game(hooks(
        &[
            ("after_move", "if pos.ply == 1 { eliminate(1); }"),
            (
                "on_elimination",
                r#"set_counter("dead", seat + 100);
                       place("C1", 0, "stone");
                       add_reserve(0, "stone", 3);"#,
            ),
        ],
        &["gone", "dead"],
    ));
    let mut pos = g.start();
    place(&mut pos, "A1").expect("A1");
    assert!(!pos.is_alive(SeatId(1)));
    assert_eq!(pos.counters(), &[0, 0, 101, 0], "counters per seat: gone, then dead");
    assert_eq!(pos.cell(at(&g, "C1")), Some(Piece { seat: SeatId(0), piece: PieceId::new(0) }));
    assert_eq!(pos.reserve(SeatId(0), PieceId::new(0)), 3);
    assert_eq!(pos.to_move(), SeatId(0));
}

#[test]
fn on_capture_sees_its_variables() {
    let h = hooks(
        &[(
            "on_capture",
            r#"if node == "B2" && piece == "stone" && owner == 1 && by == 0 {
                       transfer(owner, by);
                   }"#,
        )],
        &[],
    );
    let g = game(hooks(&[], &[]));
    let pos = g.start();
    let actions =
        h.on_capture(&pos, at(&g, "B2"), Piece { seat: SeatId(1), piece: PieceId::new(0) }, SeatId(0)).expect("runs");
    assert_eq!(actions, vec![HookAction::Transfer { seat: SeatId(1), to: SeatId(0) }]);
}

#[test]
fn game_over_decides_winners() {
    let g = game(hooks(&[("game_over", "if pos.ply >= 3 { [pos.controller(1), 1] } else { () }")], &[]));
    let mut pos = g.start();
    for l in ["A1", "A2"] {
        place(&mut pos, l).expect("play");
        assert!(!pos.is_over());
    }
    place(&mut pos, "A3").expect("play");
    assert_eq!(pos.outcome().expect("over").winners, vec![SeatId(1)]);

    let draw = game(hooks(&[("game_over", "if pos.passes > 0 { [] }")], &[]));
    let mut pos = draw.start();
    pos.play(&Move::PASS).expect("pass");
    let r = pos.outcome().expect("over");
    assert!(r.winners.is_empty());

    let single = game(hooks(&[("game_over", "0")], &[]));
    let mut pos = single.start();
    place(&mut pos, "B2").expect("play");
    assert_eq!(pos.outcome().expect("over").winners, vec![SeatId(0)]);
}

#[test]
fn score_hook_replaces_the_score() {
    let mut rules = Rules { pass: PassRule::Always, ..Rules::default() };
    rules.end.consecutive_passes = Some(2);
    let g =
        game_with(hooks(&[("score", r#"if seat == 0 { pos.count(seat, "stone") * 10 } else { 2.5 }"#)], &[]), rules);
    let mut pos = g.start();
    place(&mut pos, "A1").expect("A1");
    pos.play(&Move::PASS).expect("pass");
    pos.play(&Move::PASS).expect("pass");
    let r = pos.outcome().expect("over");
    assert_eq!(r.scores, Some(vec![10.0, 2.5]));
    assert_eq!(r.winners, vec![SeatId(0)]);
    let h = hooks(&[("score", "()")], &[]);
    assert_eq!(h.score(&g.start(), SeatId(0)), Ok(None));
}

#[test]
fn position_api() {
    let h = hooks(
        &[(
            "filter_move",
            r#"let a = pos.at("A1");
                   let e = pos.at("C3");
                   `${pos.to_move} ${pos.ply} ${pos.seats} ${pos.seat_name(1)} ${pos.alive(1)} `
                   + `${pos.controller(1)} ${pos.captures(0)} ${a.seat}:${a.piece} ${e == ()} `
                   + `${pos.owner("A1")} ${pos.owner("C3")} ${pos.piece_at("A1")}|${pos.piece_at("C3")}| `
                   + `${pos.count(0, "stone")} ${pos.count(1, "")} ${pos.reserve(0, "stone")} `
                   + `${pos.graveyard(1, "stone")} ${pos.counter("x")} ${pos.nodes.len()} `
                   + `${pos.passes} ${pos.quiet_plies} ${pos.kind("B2")} ${pos.seat_index("white")} `
                   + `${pos.neighbours("A1", "orthogonal").len()} `
                   + `${mv.kind} ${mv.from}|${mv.to}|${mv.take}|${mv.piece}`"#,
        )],
        &["x"],
    );
    let g = game(hooks(&[], &[]));
    let mut pos = g.start();
    pos.play(&Move::place(PieceId::new(0), at(&g, "A1"))).expect("A1");
    let reason = h.filter_move(&pos, &Move::place(PieceId::new(0), at(&g, "B2"))).expect("runs").expect("a string");
    assert_eq!(
        reason,
        "1 1 2 white true 1 0 0:stone true 0 -1 stone|| 1 0 0 0 0 9 0 1 point 1 2 \
             place |B2||stone"
    );
    let pass = h.filter_move(&pos, &Move::PASS).expect("runs").expect("s");
    assert!(pass.ends_with("pass |||"), "{pass}");
}

#[test]
fn endless_loops_are_stopped() {
    let start = Instant::now();
    let g = game(hooks(&[("after_move", "let x = 0;\nloop { x += 1; }")], &[]));
    let mut pos = g.start();
    let err = place(&mut pos, "A1").expect_err("stopped");
    let PlayError::Hook(e) = err else {
        panic!("expected a hook error, got {err:?}");
    };
    assert_eq!(e.hook, "after_move");
    assert_eq!(e.line, 2);
    assert!(e.message.contains("operations"), "{}", e.message);

    let f = game(hooks(&[("filter_move", "while true {}")], &[]));
    let pos = f.start();
    assert!(matches!(pos.check(&Move::place(PieceId::new(0), at(&f, "A1"))), Err(Illegal::Hook(_))));
    let deep = hooks(&[("score", "let f = |n| n; let a = 0; for i in 0..100000000 { a += f.call(i); } a")], &[]);
    assert!(deep.score(&g.start(), SeatId(0)).is_err());
    assert!(start.elapsed() < Duration::from_secs(2), "{:?}", start.elapsed());
}

#[test]
fn eval_and_import_are_rejected() {
    for code in ["eval(\"1\")", "let x = eval(\"40 + 2\"); x", "import \"fs\" as f;"] {
        let r = RhaiHooks::compile(vec![src("score", code)], HookLimits::default(), vec![]);
        if let Ok(h) = r {
            let g = game(hooks(&[], &[]));
            assert!(h.score(&g.start(), SeatId(0)).is_err(), "{code} ran");
        }
    }
    assert!(RhaiHooks::compile(vec![src("score", "eval(\"1\")")], HookLimits::default(), vec![]).is_err());
}

#[test]
fn syntax_errors_report_file_lines() {
    let e = RhaiHooks::compile(
        vec![HookSource {
            point: "after_move".into(),
            code: "let x = 1;\nlet y = ;\n".into(),
            file: "game.yaml".into(),
            line: 10,
        }],
        HookLimits::default(),
        vec![],
    )
    .expect_err("syntax error");
    assert_eq!(e.point, "after_move");
    assert_eq!(e.line, 11);
    assert_eq!(e.column, 9);

    let e = RhaiHooks::compile(
        vec![HookSource { point: "score".into(), code: "1 +* 2".into(), file: "game.yaml".into(), line: 5 }],
        HookLimits::default(),
        vec![],
    )
    .expect_err("syntax error");
    assert_eq!((e.line, e.column), (5, 4));

    let e = RhaiHooks::compile(
        vec![HookSource {
            point: "score".into(),
            code: "let a = 1;\nundefined_var + a".into(),
            file: "game.yaml".into(),
            line: 3,
        }],
        HookLimits::default(),
        vec![],
    )
    .expect_err("strict variables");
    assert_eq!(e.line, 4);
}

#[test]
fn unknown_points_and_duplicates() {
    let e = RhaiHooks::compile(vec![src("before_move", "true")], HookLimits::default(), vec![]).expect_err("unknown");
    assert!(e.message.contains("filter_move, after_move"), "{}", e.message);
    let e = RhaiHooks::compile(vec![src("score", "1"), src("score", "2")], HookLimits::default(), vec![])
        .expect_err("duplicate");
    assert!(e.message.contains("twice"), "{}", e.message);
}

#[test]
fn oversized_data_is_stopped() {
    let g = game(hooks(&[], &[]));
    let pos = g.start();
    let s = hooks(&[("score", "let s = \"x\";\nloop { s += s; }")], &[]);
    let e = s.score(&pos, SeatId(0)).expect_err("string too large");
    assert!(e.message.contains("string"), "{}", e.message);
    assert_eq!(e.line, 2);
    let a = hooks(&[("score", "let a = [];\na.pad(100000, 0);\n0")], &[]);
    let e = a.score(&pos, SeatId(0)).expect_err("array too large");
    assert!(e.message.contains("array"), "{}", e.message);
    let m = hooks(&[("score", "let m = #{};\nfor i in 0..5000 { m[`k${i}`] = i; }\n0")], &[]);
    let e = m.score(&pos, SeatId(0)).expect_err("map too large");
    assert!(e.message.contains("map entries"), "{}", e.message);
    assert_eq!(e.line, 2);
    // Maps growing by `map[key] = value`, which Rhai does not check itself, nested or not,
    // with large values: stopped well before memory runs out.
    for code in [
        "let a = []; a.pad(9999, 0); let m = #{}; let i = 0; loop { m[`${i}`] = a; i += 1; }",
        "let a = []; a.pad(9999, 0); let m = [#{x: #{}}]; let i = 0;\n\
             loop { m[0].x[`${i}`] = a; i += 1; }",
        "fn g(k, a) { this[k] = a; }\n\
             let a = []; a.pad(9999, 0); let m = #{}; let i = 0; loop { m.g(`${i}`, a); i += 1; }",
        "let a = []; loop { a = [a]; }",
    ] {
        let start = Instant::now();
        let h = hooks(&[("game_over", code)], &[]);
        let e = h.game_over(&pos).expect_err("too large");
        assert!(e.message.contains("too large"), "{}", e.message);
        assert!(start.elapsed() < Duration::from_secs(2), "{code}");
    }
}

#[test]
fn runtime_errors_name_the_hook_and_line() {
    let g = game(hooks(&[("after_move", "let ok = 1;\n\n  remove(\"Z9\");")], &[]));
    let mut pos = g.start();
    let Err(PlayError::Hook(e)) = place(&mut pos, "A1") else {
        panic!("expected a hook error");
    };
    assert_eq!(e.hook, "after_move");
    assert_eq!(e.line, 3);
    assert!(e.message.contains("Z9"), "{}", e.message);

    let h = hooks(&[("filter_move", "remove(\"A1\"); true")], &[]);
    let e = h.filter_move(&g.start(), &Move::PASS).expect_err("no actions in filter_move");
    assert!(e.message.contains("after_move"), "{}", e.message);

    let h = hooks(&[("score", "\"ten\"")], &[]);
    assert!(h.score(&g.start(), SeatId(0)).is_err());
    let h = hooks(&[("game_over", "[5]")], &[]);
    assert!(h.game_over(&g.start()).is_err());
    let h = hooks(&[("after_move", "set_counter(\"nope\", 1)")], &["yes"]);
    let e = h.after_move(&g.start(), &Move::PASS).expect_err("counter");
    assert!(e.message.contains("yes"), "{}", e.message);
    let h = hooks(&[("after_move", "mv.nope")], &[]);
    assert!(h.after_move(&g.start(), &Move::PASS).is_err());
}

#[test]
fn print_is_silent_and_deep_recursion_stops() {
    let g = game(hooks(&[], &[]));
    let h = hooks(&[("score", "print(\"hi\"); debug(1); 7")], &[]);
    assert_eq!(h.score(&g.start(), SeatId(0)), Ok(Some(7.0)));
    let h = hooks(&[("score", "let f = |n| if n == 0 { 0 } else { 1 }; f.call(3)")], &[]);
    assert_eq!(h.score(&g.start(), SeatId(0)), Ok(Some(1.0)));
}

#[test]
fn mv_answers_what_its_map_did() {
    let g = game(hooks(&[], &[]));
    let pos = g.start();
    let b2 = Move::place(PieceId::new(0), at(&g, "B2"));
    let answer = |code: &str| {
        let reason = hooks(&[("filter_move", code)], &[]).filter_move(&pos, &b2).expect("runs");
        reason.expect("a string")
    };
    assert_eq!(answer(r#"`${mv.to} ${mv["to"]} ${"to" in mv} ${"nope" in mv} ${mv.len()}`"#), "B2 B2 true false 12");
    assert_eq!(
        answer(r#"`${mv.keys()}`"#),
        r#"["by", "covers", "extra", "from", "jumped", "kind", "piece", "placed", "screen", "screen_piece", "take", "to"]"#
    );
    assert_eq!(answer(r#"`${mv.values()}`"#), r#"["", "", "", "", [], "place", "stone", "", "", "", "", "B2"]"#);
    let printed = r#"#{"by": "", "covers": "", "extra": "", "from": "", "jumped": [], "kind": "place", "piece": "stone", "placed": "", "screen": "", "screen_piece": "", "take": "", "to": "B2"}"#;
    assert_eq!(answer("`${mv}`"), printed);
    assert_eq!(answer("mv.to_string()"), printed);
    assert_eq!(answer("mv.to_map().to_string()"), printed, "the map prints as the view does");
    assert_eq!(answer("let m = mv.to_map(); m.to = \"A1\"; m.to + mv.to"), "A1B2");
    assert_eq!(
        answer("let m = mv; fn f(x) { x.kind } `${m == mv} ${m != mv} ${f(m)} ${type_of(mv)}`"),
        "true false place Move"
    );
    let e = hooks(&[("filter_move", "mv.nope")], &[]).filter_move(&pos, &b2).expect_err("no such field");
    assert!(e.message.contains("no field `nope`") && e.message.contains("screen_piece"), "{}", e.message);
    let e = hooks(&[("filter_move", "mv")], &[]).filter_move(&pos, &b2).expect_err("a move is no answer");
    assert!(e.message.ends_with("not Move"), "{}", e.message);
}

#[test]
fn a_script_that_changes_its_variables_does_not_change_the_next_call() {
    let g = game(hooks(&[], &[]));
    let pos = g.start();
    let b2 = Move::place(PieceId::new(0), at(&g, "B2"));
    for code in [
        "mv = 1; pos = 2; true",
        "let mv = 1; let y = 2; true",
        "let f = || mv.to + pos.ply; f.call(); true",
        "mv.tag = 3; pos.tag = 4; true",
    ] {
        let h = hooks(
            &[("filter_move", code), ("after_move", "if mv.tag != 0 || pos.tag != 0 { throw mv.tag } mv.to + pos.ply")],
            &[],
        );
        for _ in 0..2 {
            assert_eq!(h.filter_move(&pos, &b2), Ok(None), "{code}");
            assert_eq!(h.after_move(&pos, &b2), Ok(vec![]), "after {code}");
        }
    }
}
