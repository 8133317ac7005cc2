//! Tests of the pictures of polar boards (and that other boards keep theirs); hexagonal boards' are in
//! `hex_tests.rs`.

use super::polar::tests::board;
use super::*;
use crate::board::Board;
use crate::board::generators::{GridSpec, RingShape, RingsSpec, Spokes, grid, polar, rings};
use crate::game::{Game, GameBuilder, PieceType, Placement, Seat};
use crate::position::Piece;
use crate::{PieceId, SeatId};
use std::sync::Arc;

/// Whether every tag of an XML text is closed in order (`<a>…</a>`, `<a/>`).
pub(super) fn balanced(xml: &str) -> bool {
    let mut stack: Vec<&str> = Vec::new();
    for tag in xml.split('<').skip(1) {
        let Some(end) = tag.find('>') else { return false };
        let body = &tag[..end];
        let name = body.trim_start_matches('/').split([' ', '/']).next().unwrap_or("");
        if body.starts_with('/') {
            if stack.pop() != Some(name) {
                return false;
            }
        } else if !body.ends_with('/') {
            stack.push(name);
        }
    }
    stack.is_empty()
}

/// A game on `b` with one seat per name, each with the zone `{name}-land` (when the board has it) as
/// its `home`, and a king and a pawn (one symbol per seat for the king, a single one for the pawn).
pub(super) fn game(b: Board, seats: &[&str], setup: &[(&str, SeatId, PieceId)]) -> Arc<Game> {
    let seats: Vec<Seat> = seats
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let mut s = Seat::new(name, &name[..1].to_uppercase(), SeatId(i as u8));
            s.zones = vec![b.zone(&format!("{name}-land"))];
            s
        })
        .collect();
    let piece = |name: &str, symbols: &[&str]| PieceType {
        name: name.into(),
        symbols: symbols.iter().map(|s| s.to_string()).collect(),
        moves: vec![],
        immune: false,
        captures: true,
        owner: None,
    };
    let setup: Vec<Placement> =
        setup.iter().map(|&(at, seat, p)| Placement { node: b.find(at).unwrap(), seat, piece: p }).collect();
    let pieces = vec![piece("king", &["K", "k"]), piece("pawn", &["P"])];
    let game = GameBuilder::new("t", b).title("Test").seats(seats).zone_alias("home").pieces(pieces).setup(setup);
    Arc::new(game.build().expect("a consistent test game"))
}

/// The generator's 5 × 100 board with 25 eyes and a hub, and the territories of two seats: sectors
/// 0–19 with eyes 0–4, and 40–59 with eyes 10–14.
fn five_rings() -> Board {
    let mut b = polar(&crate::board::generators::five_rings()).unwrap();
    for (zone, first) in [("red-land", 0), ("blue-land", 40)] {
        for r in 1..=5 {
            for s in first..first + 20 {
                let n = b.find(&format!("r{r}s{s}")).unwrap();
                b.node_mut(n).unwrap().zones.push(zone.into());
            }
        }
        for e in first / 4..first / 4 + 5 {
            let n = b.find(&format!("eye{e}")).unwrap();
            b.node_mut(n).unwrap().zones.push(zone.into());
        }
    }
    b.build().unwrap()
}

fn five_ring_game() -> Arc<Game> {
    game(
        five_rings(),
        &["red", "blue"],
        &[
            ("r3s7", SeatId(0), PieceId::new(0)),
            ("r1s1", SeatId(0), PieceId::new(1)),
            ("r5s49", SeatId(1), PieceId::new(0)),
            ("eye12", SeatId(1), PieceId::new(1)),
        ],
    )
}

#[test]
fn polar_svg_draws_every_cell_eye_and_link() {
    let pos = five_ring_game().start();
    let svg = svg(&pos);
    assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
    assert!(balanced(&svg), "unbalanced tags");
    assert_eq!(svg.matches("<g").count(), svg.matches("</g>").count());
    assert_eq!(svg.matches(r#"class="cell""#).count(), 500);
    assert_eq!(svg.matches(r#"class="eye""#).count(), 25);
    assert_eq!(svg.matches(r#"class="hub""#).count(), 1);
    assert_eq!(svg.matches(r#"class="spoke""#).count(), 25);
    assert_eq!(svg.matches(r#"class="eye-link""#).count(), 50);
    assert_eq!(svg.matches(r#"class="territory""#).count(), 2);
    assert_eq!(svg.matches(r#"class="piece""#).count(), 4);
    assert!(svg.contains("<title>red king on r3s7</title>"));
    assert!(svg.contains("<title>blue pawn on eye12</title>"));
    // Labels for move text: sectors, rings, eyes; no marks unless asked.
    assert!(svg.contains(">99</text>") && svg.contains(">r5</text>") && svg.contains(">eye24</text>"));
    assert!(!svg.contains(r#"class="last""#) && !svg.contains(r#"class="target""#));
}

#[test]
fn polar_svg_checkerboard_and_seat_colours() {
    let pos = five_ring_game().start();
    let svg = svg(&pos);
    let cell = |label: &str| {
        let at = svg.find(&format!("<title>{label}</title>")).unwrap();
        let start = svg[..at].rfind("<path").unwrap();
        svg[start..at].to_string()
    };
    // Black where ring + sector is odd, on the generator's [white, black] checker.
    assert!(cell("r1s0").contains(r##"fill="#4a4a4a""##), "{}", cell("r1s0"));
    assert!(cell("r1s1").contains(r##"fill="#f3efe6""##));
    // Seats named after colours are drawn in those colours.
    assert!(svg.contains(r##"fill="#c0392b" stroke="#fafafa""##) && svg.contains(r##"fill="#2980b9""##));
}

#[test]
fn polar_svg_marks_the_last_move_and_targets() {
    let pos = five_ring_game().start();
    let b = &pos.game().board;
    let marks = Marks {
        last: vec![b.find("r3s7").unwrap(), b.find("eye3").unwrap()],
        targets: vec![b.find("r4s7").unwrap(), b.find("r5s49").unwrap()],
    };
    let svg = svg_marked(&pos, &marks);
    assert!(balanced(&svg));
    assert_eq!(svg.matches(r#"class="last""#).count(), 2);
    assert_eq!(svg.matches(r#"class="target""#).count(), 2);
    assert!(Marks::last_move(&pos).is_empty());
}

#[test]
fn polar_svg_fits_other_sizes() {
    let pos = game(
        board(3, 24, 6),
        &["north", "south", "east"],
        &[("r2s10", SeatId(2), PieceId::new(1)), ("hub", SeatId(1), PieceId::new(0))],
    )
    .start();
    let svg = svg(&pos);
    assert!(balanced(&svg));
    assert_eq!(svg.matches(r#"class="cell""#).count(), 72);
    assert_eq!(svg.matches(r#"class="eye""#).count(), 6);
    assert_eq!(svg.matches(r#"class="piece""#).count(), 2);
    assert_eq!(svg.matches(r#"class="territory""#).count(), 0);
    let bare = game(board(2, 9, 0), &["a", "b"], &[]).start();
    let svg = super::svg(&bare);
    assert!(balanced(&svg) && !svg.contains(r#"class="eye""#) && !svg.contains(r#"class="hub""#));
    assert_eq!(svg.matches(r#"class="cell""#).count(), 18);
}

#[test]
fn polar_text_has_a_block_per_territory() {
    let pos = five_ring_game().start();
    let text = text(&pos);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.iter().all(|l| l.chars().count() <= 80), "{text}");
    let titles: Vec<&&str> = lines.iter().filter(|l| l.contains("sectors ")).collect();
    assert_eq!(titles.len(), 6, "{text}"); // the legend line, then five blocks
    assert_eq!(*titles[1], "red: sectors 0-19, eye0-eye4");
    assert_eq!(*titles[3], "blue: sectors 40-59, eye10-eye14");
    assert_eq!(*titles[5], "sectors 80-99, eye20-eye24");
    // Each block: title, sector numbers, rings 5 to 1, eyes.
    let red = lines.iter().position(|l| *l == "red: sectors 0-19, eye0-eye4").unwrap();
    assert_eq!(lines[red + 1], "      0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19");
    let rows: Vec<&str> = lines[red + 2..red + 8].iter().map(|l| &l[..4]).collect();
    assert_eq!(rows, ["  r5", "  r4", "  r3", "  r2", "  r1", " eye"]);
    // The king on r3s7, the pawn on r1s1 (with its seat's letter: pawns have one symbol for all seats),
    // in their columns; black (:) and white (.) cells between.
    assert_eq!(lines[red + 4], "  r3  :  .  :  .  :  .  :  K  :  .  :  .  :  .  :  .  :  .  :  .");
    assert_eq!(&lines[red + 6][..13], "  r1  : RP  :");
    assert_eq!(lines[red + 7], " eye       0           1           2           3           4");
    // Blue's pawn stands in eye12, between sectors 49 and 50; blue's king shows its own symbol.
    let blue = lines.iter().position(|l| l.starts_with("blue:")).unwrap();
    assert_eq!(lines[blue + 7], " eye      10          11          BP          13          14");
    assert!(lines[blue + 2].contains(" k "));
    assert!(text.contains("\nhub .\n") && text.ends_with("red to move (ply 1)\n"), "{text}");
}

#[test]
fn polar_text_without_territories_groups_eyes() {
    let mut pos = game(board(3, 24, 6), &["north", "south"], &[]).start();
    let b = &pos.game().board;
    // A pawn has one symbol for every seat, so the seat's letter goes in front.
    pos.set_cell(b.find("r2s13").unwrap(), Some(Piece { seat: SeatId(1), piece: PieceId::new(1) }));
    let text = text(&pos);
    let titles: Vec<&str> = text.lines().filter(|l| l.starts_with("sectors ")).collect();
    assert_eq!(titles, ["sectors 0-11, eye0-eye2", "sectors 12-23, eye3-eye5"]);
    assert!(text.contains("\n  r2  . SP  .  :"), "{text}");
}

/// A grid is drawn as one (lines on points, coordinates round it), not from its nodes' positions as other
/// boards are.
#[test]
fn grids_are_drawn_as_grids() {
    let g = |b: Board| game(b, &["black", "white"], &[]);
    let grid_pos = g(grid(&GridSpec::new(5, 5)).unwrap().build().unwrap()).start();
    assert!(PolarBoard::detect(&grid_pos.game().board).is_none());
    let picture = svg(&grid_pos);
    assert_ne!(picture, plain_svg(&grid_pos, &Marks::default()));
    assert_eq!(picture.matches(r#"<circle class="point""#).count(), 25);
    assert_eq!(picture.matches(r#"class="coord""#).count(), 20); // letters above and below, numbers both sides
    assert!(text(&grid_pos).starts_with("    A B C D E\n  5 . . . . . 5\n"), "{}", text(&grid_pos));
    let marked = svg_marked(&grid_pos, &Marks { last: vec![NodeId(0)], targets: vec![NodeId(1)] });
    assert!(balanced(&marked) && marked.contains(r#"class="last""#) && marked.contains(r#"class="target""#));
}

#[test]
fn round_rings_are_written_on_their_square_layout() {
    // Two octagons and their centre: drawn round, written on the 5×5 layout their labels come from.
    let spec = RingsSpec { shape: RingShape::Round, spokes: Spokes::All, centre: true, ..RingsSpec::new(2) };
    let pos = game(rings(&spec).unwrap().build().unwrap(), &["black", "white"], &[]).start();
    let rows = "    a b c d e\n  5 .   .   . 5\n  4   . . .   4\n  3 . . . . . 3\n  2   . . .   2\n  1 .   .   . 1\n";
    assert_eq!(text(&pos), format!("{rows}    a b c d e\nblack to move (ply 1)\n"));
    assert!(balanced(&svg(&pos)));
}

/// A grid game's discs take their seat's colour by name: a seat called white is drawn white with dark
/// letters, whichever seat comes first (chess's White moves first, Go's Black).
#[test]
fn grid_discs_take_the_colour_their_seat_is_named_after() {
    let b = grid(&GridSpec::new(3, 1)).unwrap().build().unwrap();
    let pos =
        game(b, &["white", "black"], &[("A1", SeatId(0), PieceId::new(0)), ("C1", SeatId(1), PieceId::new(0))]).start();
    let svg = svg(&pos);
    let disc =
        |fill: &str| svg.lines().position(|l| l.starts_with("<circle cx") && l.contains(&format!(r#"fill="{fill}""#)));
    let (white, black) = (colour::named("white").unwrap(), colour::named("black").unwrap());
    let (w, k) = (disc(white).expect("a white disc"), disc(black).expect("a black disc"));
    let letters: Vec<&str> = svg.lines().filter(|l| l.starts_with("<text")).collect();
    assert!(svg.lines().nth(w + 1).unwrap().contains(r##"fill="#111">K<"##), "dark letters on white: {letters:?}");
    assert!(svg.lines().nth(k + 1).unwrap().contains(r##"fill="#fafafa">k<"##), "light letters on black");
}
