//! The pictures of grid boards follow the rules of each game's board: read back from the SVG, the squares'
//! colours, the glyphs' places, the lines drawn and the marks are where a player expects them.

use qipan::core::notation::parse_move;
use qipan::core::render::{Marks, svg, svg_marked};

/// The value of attribute `name` in the element text `el`.
fn attr<'a>(el: &'a str, name: &str) -> Option<&'a str> {
    let start = el.find(&format!(" {name}=\""))? + name.len() + 3;
    Some(&el[start..start + el[start..].find('"')?])
}

fn num(el: &str, name: &str) -> f32 {
    attr(el, name).and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("no number {name} in {el}"))
}

/// The lines of the SVG that are elements of this tag with this class (any class when `None`).
fn elements<'a>(svg: &'a str, tag: &str, class: Option<&str>) -> Vec<&'a str> {
    svg.lines()
        .filter(|l| l.starts_with(&format!("<{tag} ")))
        .filter(|l| class.is_none_or(|c| attr(l, "class") == Some(c)))
        .collect()
}

/// The centre of the square or point titled `label`.
fn centre(svg: &str, label: &str) -> (f32, f32) {
    let title = format!("<title>{label}</title>");
    let el = svg.lines().find(|l| l.contains(&title)).unwrap_or_else(|| panic!("no node {label}"));
    if el.starts_with("<rect") {
        (num(el, "x") + num(el, "width") / 2.0, num(el, "y") + num(el, "height") / 2.0)
    } else {
        (num(el, "cx"), num(el, "cy"))
    }
}

fn square_fill<'a>(svg: &'a str, label: &str) -> &'a str {
    let title = format!("<title>{label}</title>");
    let el = svg.lines().find(|l| l.contains(&title) && l.starts_with("<rect")).expect("a square");
    attr(el, "fill").unwrap()
}

/// The glyphs written within a third of a square of a point.
fn glyphs_at(svg: &str, (x, y): (f32, f32)) -> Vec<String> {
    elements(svg, "text", Some("piece"))
        .into_iter()
        .filter(|t| (num(t, "x") - x).abs() < 5.0 && (num(t, "y") - y).abs() < 20.0)
        .map(|t| t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()].to_string())
        .collect()
}

fn near(a: (f32, f32), b: (f32, f32)) -> bool {
    (a.0 - b.0).abs() < 0.5 && (a.1 - b.1).abs() < 0.5
}

#[test]
fn chess_is_on_squares_with_a1_dark_and_the_kings_glyphs() {
    let game = qipan::load("chess", &[]).unwrap();
    let pic = svg(&game.start());
    assert_eq!(elements(&pic, "rect", Some("cell")).len(), 64);
    let (dark, light) = (square_fill(&pic, "a1"), square_fill(&pic, "h1"));
    assert_ne!(dark, light);
    assert_eq!(square_fill(&pic, "h8"), dark);
    assert_eq!(square_fill(&pic, "a8"), light);
    assert_eq!(square_fill(&pic, "e4"), light);
    // a1 is at the bottom left, h8 at the top right.
    let (a1, h8) = (centre(&pic, "a1"), centre(&pic, "h8"));
    assert!(a1.0 < h8.0 && a1.1 > h8.1);
    assert_eq!(glyphs_at(&pic, centre(&pic, "e1")), ["♔"]);
    assert_eq!(glyphs_at(&pic, centre(&pic, "e8")), ["♚"]);
    assert_eq!(glyphs_at(&pic, centre(&pic, "d1")), ["♕"]);
    assert_eq!(glyphs_at(&pic, centre(&pic, "a7")), ["♟"]);
    assert!(glyphs_at(&pic, centre(&pic, "e4")).is_empty());
    // White is light, Black dark; no line of the board graph is drawn over the squares.
    assert!(!pic.contains("<line "));
}

#[test]
fn a_king_in_check_is_tinted_and_the_last_move_highlighted() {
    let game = qipan::load("chess", &[]).unwrap();
    let mut pos = game.start();
    for m in ["f2-f3", "e7-e5", "g2-g4", "d8-h4"] {
        pos.play(&parse_move(&pos, m).unwrap()).unwrap();
    }
    let pic = svg_marked(&pos, &Marks::last_move(&pos));
    let check = elements(&pic, "circle", Some("check"));
    assert_eq!(check.len(), 1);
    assert!(near((num(check[0], "cx"), num(check[0], "cy")), centre(&pic, "e1")));
    let last = elements(&pic, "rect", Some("last"));
    assert_eq!(last.len(), 2); // d8 and h4
    assert!(!svg(&game.start()).contains("class=\"check\""));
}

#[test]
fn xiangqi_has_its_river_and_palace_diagonals_and_no_other_diagonal() {
    let game = qipan::load("xiangqi", &[]).unwrap();
    let pic = svg(&game.start());
    let lines: Vec<((f32, f32), (f32, f32))> = elements(&pic, "line", None)
        .into_iter()
        .map(|l| ((num(l, "x1"), num(l, "y1")), (num(l, "x2"), num(l, "y2"))))
        .collect();
    let has = |a: &str, b: &str| {
        let (p, q) = (centre(&pic, a), centre(&pic, b));
        lines.iter().any(|&(s, e)| (near(s, p) && near(e, q)) || (near(s, q) && near(e, p)))
    };
    for (a, b) in [("d1", "f3"), ("f1", "d3"), ("d8", "f10"), ("f8", "d10")] {
        assert!(has(a, b), "palace diagonal {a}-{b}");
    }
    let diagonals = lines.iter().filter(|(s, e)| (s.0 - e.0).abs() > 0.5 && (s.1 - e.1).abs() > 0.5).count();
    assert_eq!(diagonals, 4, "the diagonal relation is not drawn");
    // The river: the files stop at its banks, except the two edges.
    assert!(has("a5", "a6") && has("i5", "i6"));
    for f in ["b", "c", "d", "e", "f", "g", "h"] {
        assert!(!has(&format!("{f}5"), &format!("{f}6")), "file {f} crosses the river");
        assert!(has(&format!("{f}4"), &format!("{f}5")));
    }
    let river = elements(&pic, "text", Some("river"));
    assert_eq!(river.len(), 1);
    let y = num(river[0], "y");
    assert!(y > centre(&pic, "e6").1 && y < centre(&pic, "e5").1);
    assert!(river[0].contains("楚") && river[0].contains("漢"));
    // Red's general 帥 on e1, Black's 將 on e10, as counters (discs) on the points.
    assert_eq!(glyphs_at(&pic, centre(&pic, "e1")), ["帥"]);
    assert_eq!(glyphs_at(&pic, centre(&pic, "e10")), ["將"]);
    assert!(pic.contains("class=\"legend\"") && pic.contains(">general</text>"));
    assert!(pic.contains("Noto Sans CJK SC"), "a font fallback list for the characters");
}

/// The star points of Go on a board of `size`, as labels.
fn stars(size: u32) -> Vec<String> {
    let game = qipan::load("go", &[("size".into(), size.to_string())]).unwrap();
    let pic = svg(&game.start());
    let mut out: Vec<String> = elements(&pic, "circle", Some("star"))
        .into_iter()
        .map(|s| {
            let p = (num(s, "cx"), num(s, "cy"));
            game.board.node_ids().map(|n| game.board.label(n)).find(|l| near(centre(&pic, l), p)).unwrap().to_string()
        })
        .collect();
    out.sort();
    out
}

#[test]
fn go_has_its_star_points() {
    assert_eq!(stars(19), ["D10", "D16", "D4", "K10", "K16", "K4", "Q10", "Q16", "Q4"]);
    assert_eq!(stars(13), ["D10", "D4", "G7", "K10", "K4"]);
    assert_eq!(stars(9), ["C3", "C7", "E5", "G3", "G7"]);
    assert!(stars(5).is_empty());
}

#[test]
fn go_is_drawn_on_points_with_coordinates_without_i() {
    let game = qipan::load("go", &[("size".into(), "19".into())]).unwrap();
    let pic = svg(&game.start());
    assert!(!pic.contains("class=\"cell\""));
    let coords: Vec<&str> = elements(&pic, "text", Some("coord"))
        .into_iter()
        .map(|t| &t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()])
        .collect();
    for c in ["A", "H", "J", "T", "1", "19"] {
        assert_eq!(coords.iter().filter(|x| **x == c).count(), 2, "{c} on both edges");
    }
    assert!(!coords.contains(&"I"));
    // 18 lines each way, 18 segments each: orthogonal lines only.
    assert_eq!(elements(&pic, "line", None).len(), 2 * 19 * 18);
}

#[test]
fn a_small_board_fits_its_picture() {
    // Leader Cannon's 4 × 5 board: the picture is only as wide as its text lines need, the board centred.
    let game = qipan::load("leader-cannon", &[]).unwrap();
    let pic = svg(&game.start());
    let root = pic.lines().next().unwrap();
    let width = num(root, "width");
    let (a1, d1) = (centre(&pic, "a1"), centre(&pic, "d1"));
    let (left, right) = (a1.0, width - d1.0);
    assert!((left - right).abs() < 1.0, "board centred: {left} vs {right}");
}

#[test]
fn shogi_turns_gotes_glyphs() {
    let game = qipan::load("shogi", &[]).unwrap();
    let pic = svg(&game.start());
    let turned = |label: &str| {
        let (x, y) = centre(&pic, label);
        elements(&pic, "text", Some("piece"))
            .into_iter()
            .find(|t| (num(t, "x") - x).abs() < 5.0 && (num(t, "y") - y).abs() < 20.0)
            .unwrap()
            .contains("rotate(180")
    };
    assert!(turned("e9") && !turned("e1"));
    assert_eq!(glyphs_at(&pic, centre(&pic, "e1")), ["玉"]);
    assert_eq!(glyphs_at(&pic, centre(&pic, "e9")), ["王"]);
}

#[test]
fn every_shipped_game_draws_a_well_formed_picture() {
    for (name, _) in qipan::games::BUILTIN {
        let def = qipan::definition(name).unwrap();
        let game = std::sync::Arc::new(def.compile_for_view(&[]).unwrap());
        let pic = svg(&game.start());
        let mut depth = 0i32;
        for tag in pic.split('<').skip(1) {
            let body = &tag[..tag.find('>').unwrap()];
            if body.starts_with('/') {
                depth -= 1;
            } else if !body.ends_with('/') {
                depth += 1;
            }
            assert!(depth >= 0, "{name}");
        }
        assert_eq!(depth, 0, "{name}: unbalanced tags");
    }
}

/// The trays hold what each seat keeps off the board: in shogi a captured bishop goes to the captor's hand,
/// drawn in the tray on its side of the board (gote's above, sente's below) with its count.
#[test]
fn pieces_in_hand_are_drawn_in_trays_on_their_sides() {
    let game = qipan::load("shogi", &[]).unwrap();
    let mut pos = game.start();
    for m in ["c3-c4", "g7-g6", "b2-h8=horse", "g9-h8"] {
        pos.play(&parse_move(&pos, m).unwrap()).unwrap();
    }
    let pic = svg(&pos);
    let trays = elements(&pic, "rect", Some("tray"));
    assert_eq!(trays.len(), 2);
    let span = |t: &str| (num(t, "y"), num(t, "y") + num(t, "height"));
    let (gote, sente) = (span(trays[0]), span(trays[1]));
    let cells = elements(&pic, "rect", Some("cell"));
    let top = cells.iter().map(|c| num(c, "y")).fold(f32::MAX, f32::min);
    let bottom = cells.iter().map(|c| num(c, "y") + num(c, "height")).fold(0.0, f32::max);
    assert!(gote.1 <= top && sente.0 >= bottom, "gote's tray above the board, sente's below");
    // Each captured the other's bishop (sente's promoted as a horse, back to a bishop in gote's hand): one
    // bishop (角) in each tray, upright.
    let in_tray = |(y0, y1): (f32, f32)| -> Vec<String> {
        elements(&pic, "text", Some("piece"))
            .into_iter()
            .filter(|t| (y0..y1).contains(&num(t, "y")))
            .map(|t| t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()].to_string())
            .collect()
    };
    assert_eq!(in_tray(gote), ["角"]);
    assert_eq!(in_tray(sente), ["角"]);
    let pieces = elements(&pic, "text", Some("piece"));
    assert!(pieces.iter().filter(|t| (gote.0..gote.1).contains(&num(t, "y"))).all(|t| !t.contains("rotate(180")));
    // Leader Cannon: each seat starts with a leader and seven commoners in reserve, counted.
    let lc = svg(&qipan::load("leader-cannon", &[]).unwrap().start());
    assert_eq!(elements(&lc, "rect", Some("tray")).len(), 2);
    assert_eq!(elements(&lc, "text", Some("tray-count")).iter().filter(|t| t.contains(">×7<")).count(), 2);
    assert!(elements(&lc, "text", Some("tray-text")).iter().any(|t| t.contains(">tokens 0<")));
    // Chess keeps nothing off the board: no tray.
    assert!(!svg(&qipan::load("chess", &[]).unwrap().start()).contains("class=\"tray\""));
}

/// Targets: a dot on an empty node, a ring round a piece the move would take (so the piece stays readable).
#[test]
fn a_capture_target_is_a_ring_round_the_piece() {
    let game = qipan::load("chess", &[]).unwrap();
    let mut pos = game.start();
    for m in ["e2-e4", "d7-d5"] {
        pos.play(&parse_move(&pos, m).unwrap()).unwrap();
    }
    let pic = svg_marked(&pos, &Marks::default().with_targets(&pos, game.board.find("e4").unwrap()));
    let targets = elements(&pic, "circle", Some("target"));
    assert_eq!(targets.len(), 2, "e5 and d5");
    let at = |label: &str| *targets.iter().find(|t| near((num(t, "cx"), num(t, "cy")), centre(&pic, label))).unwrap();
    assert_ne!(attr(at("e5"), "fill"), Some("none"));
    assert_eq!(attr(at("d5"), "fill"), Some("none"));
    assert!(num(at("d5"), "r") > 2.0 * num(at("e5"), "r"));
}
