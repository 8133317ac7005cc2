//! Mancala boards: two or four rows of pits, with or without a store for each seat, on which seeds are
//! sown.
//!
//! Pits are named like chess squares from the first seat's left: its row is `a1`, `b1`, ... and the
//! row across is `a2`, `b2`, ... (`a2` across from `a1`); the stores are `store1` (the first row's, at
//! its right end) and `store2`. The generator declares what sowing games need: the `anticlockwise`
//! track (along row 1 to the right, through `store1`, back along row 2, through `store2`) and the
//! `clockwise` one, the zones `row1`, `row2`, `store1`, `store2`, `pits` and `stores`, the relation
//! `opposite` (each pit and the pit across), and counts on every node.
//!
//! A four-row board (`rows: 4`) gives each seat two rows: the first seat's outer row `a1`.. and inner row
//! `a2`.., the second seat's inner row `a3`.. and outer row `a4`.. (see [`four_rows`]).

use super::{BoardBuilder, BoardError, EdgeSpec, NodeId, NodeSpec};

/// The shape of a mancala board.
///
/// ```
/// use qipan::core::board::mancala::{MancalaSpec, mancala};
///
/// let board = mancala(&MancalaSpec { pits: 6, stores: true, rows: 2 })?.build()?;
/// assert_eq!(board.len(), 14);
/// let opposite = board.relation("opposite").unwrap();
/// let c1 = board.find("c1").unwrap();
/// assert_eq!(board.label(board.edges(opposite, c1)[0].to), "c2");
/// let row2 = board.zone_set(board.zone("row2").unwrap());
/// assert_eq!(row2.iter().count(), 6);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MancalaSpec {
    /// Pits in each row (1 to 26).
    pub pits: u32,
    /// Whether each row has a store at its end.
    pub stores: bool,
    /// Rows of pits: 2, or 4 (two for each seat).
    pub rows: u32,
}

/// Builds a two-row mancala board (see the module documentation for its names).
///
/// ```
/// use qipan::core::board::mancala::{MancalaSpec, mancala};
///
/// let board = mancala(&MancalaSpec { pits: 6, stores: false, rows: 2 })?.build()?;
/// let track = &board.tracks()[board.track("anticlockwise").unwrap()];
/// let labels: Vec<&str> = track.nodes.iter().map(|&n| board.label(n)).collect();
/// assert_eq!(labels.join(" "), "a1 b1 c1 d1 e1 f1 f2 e2 d2 c2 b2 a2");
/// assert!(mancala(&MancalaSpec { pits: 27, stores: false, rows: 2 }).is_err());
/// assert!(mancala(&MancalaSpec { pits: 6, stores: false, rows: 3 }).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn mancala(spec: &MancalaSpec) -> Result<BoardBuilder, BoardError> {
    if spec.pits == 0 || spec.pits > 26 {
        return Err(BoardError::Invalid(format!("{} pits is out of range 1..26", spec.pits)));
    }
    match spec.rows {
        2 => {}
        4 => return four_rows(spec),
        r => return Err(BoardError::Invalid(format!("a mancala board has 2 or 4 rows, not {r}"))),
    }
    let w = spec.pits as i32;
    let mut b = BoardBuilder::new();
    b.relation("opposite");
    b.set_counts();
    let mut rows: [Vec<NodeId>; 2] = [Vec::new(), Vec::new()];
    for (r, row) in rows.iter_mut().enumerate() {
        for x in 0..w {
            let label = format!("{}{}", (b'a' + x as u8) as char, r + 1);
            let x0 = if spec.stores { x + 1 } else { x };
            row.push(b.add_node(NodeSpec {
                label,
                kind: "pit".into(),
                colour: None,
                zones: vec![format!("row{}", r + 1), "pits".into()],
                pos: [x0 as f32, r as f32 * 1.2, 0.0],
                coord: [x, r as i32, 0],
            })?);
        }
    }
    let store = |b: &mut BoardBuilder, r: usize, x: i32| {
        b.add_node(NodeSpec {
            label: format!("store{}", r + 1),
            kind: "store".into(),
            colour: None,
            zones: vec![format!("store{}", r + 1), "stores".into()],
            pos: [x as f32, 0.6, 0.0],
            coord: [x, r as i32, 1],
        })
    };
    let stores = if spec.stores { Some([store(&mut b, 0, w + 1)?, store(&mut b, 1, 0)?]) } else { None };
    for (&south, &north) in rows[0].iter().zip(&rows[1]) {
        b.add_link(south, north, "opposite", None);
    }
    let mut anticlockwise: Vec<NodeId> = rows[0].clone();
    anticlockwise.extend(stores.map(|s| s[0]));
    anticlockwise.extend(rows[1].iter().rev());
    anticlockwise.extend(stores.map(|s| s[1]));
    let mut clockwise = anticlockwise.clone();
    clockwise.reverse();
    b.add_track("anticlockwise", anticlockwise, true);
    b.add_track("clockwise", clockwise, true);
    for z in ["row1", "row2", "pits", "store1", "store2", "stores"] {
        b.declare_zone(z);
    }
    Ok(b)
}

/// Builds a four-row mancala board: each seat owns two rows, sown round as one cycle of its own.
///
/// The first seat's outer row is `a1`.. (at the bottom) and its inner row `a2`..; the second seat's inner
/// row is `a3`.. and its outer row `a4`.. (at the top); `a2` faces `a3`. With `stores`, `store1` is at
/// the right end of the first seat's rows and `store2` at the left end of the second's. The generator
/// declares, for seat N (1 or 2):
/// - the tracks `anticlockwiseN` (along its outer row and back along its inner row, or the reverse for
///   the second seat: anticlockwise as seen from above, through its store at the turn) and `clockwiseN`;
///   `sow anticlockwise` sows each seat along its own;
/// - the zones `homeN` (its two rows), `innerN`, `outerN`, `storeN`, and `row1`..`row4`, `pits`, `stores`;
/// - the relations `facing` (an inner pit and the enemy inner pit across) and `opposite` (from an inner
///   pit to the enemy inner pit across, then to the enemy outer pit behind it: the pits a four-row
///   capture takes).
///
/// ```
/// use qipan::core::board::mancala::{MancalaSpec, mancala};
///
/// let board = mancala(&MancalaSpec { pits: 7, stores: false, rows: 4 })?.build()?;
/// assert_eq!(board.len(), 28);
/// let track = &board.tracks()[board.track("anticlockwise2").unwrap()];
/// let labels: Vec<&str> = track.nodes.iter().map(|&n| board.label(n)).collect();
/// assert_eq!(labels.join(" "), "a3 b3 c3 d3 e3 f3 g3 g4 f4 e4 d4 c4 b4 a4");
/// let opposite = board.relation("opposite").unwrap();
/// let c2 = board.find("c2").unwrap();
/// let across: Vec<&str> = board.edges(opposite, c2).iter().map(|e| board.label(e.to)).collect();
/// assert_eq!(across, ["c3", "c4"]);
/// let inner = board.zone_set(board.zone("inner1").unwrap());
/// assert!(inner.contains(c2) && inner.iter().count() == 7);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn four_rows(spec: &MancalaSpec) -> Result<BoardBuilder, BoardError> {
    let w = spec.pits as i32;
    let mut b = BoardBuilder::new();
    b.relation("opposite");
    b.relation("facing");
    b.set_counts();
    let mut rows: [Vec<NodeId>; 4] = Default::default();
    for (r, row) in rows.iter_mut().enumerate() {
        let seat = r / 2 + 1;
        let part = if r == 0 || r == 3 { "outer" } else { "inner" };
        for x in 0..w {
            let x0 = if spec.stores { x + 1 } else { x };
            row.push(b.add_node(NodeSpec {
                label: format!("{}{}", (b'a' + x as u8) as char, r + 1),
                kind: "pit".into(),
                colour: None,
                zones: vec![format!("row{}", r + 1), format!("home{seat}"), format!("{part}{seat}"), "pits".into()],
                // A wider gap between the seats' halves.
                pos: [x0 as f32, [0.0, 1.3, 2.9, 4.2][r], 0.0],
                coord: [x, r as i32, 0],
            })?);
        }
    }
    let store = |b: &mut BoardBuilder, s: usize, x: i32, y: f32| {
        b.add_node(NodeSpec {
            label: format!("store{}", s + 1),
            kind: "store".into(),
            colour: None,
            zones: vec![format!("store{}", s + 1), "stores".into()],
            pos: [x as f32, y, 0.0],
            coord: [x, s as i32, 1],
        })
    };
    let stores = if spec.stores { Some([store(&mut b, 0, w + 1, 0.65)?, store(&mut b, 1, 0, 3.55)?]) } else { None };
    let columns = rows[0].iter().zip(&rows[1]).zip(rows[2].iter().zip(&rows[3]));
    for ((&o1, &i1), (&i2, &o2)) in columns {
        b.add_link(i1, i2, "facing", None);
        // The inner pit across first, then the outer pit behind it.
        for (from, to) in [(i1, i2), (i1, o2), (i2, i1), (i2, o1)] {
            b.add_edge(from, to, EdgeSpec { relation: "opposite".into(), direction: None, via: None });
        }
    }
    // Each seat's cycle, anticlockwise seen from above: along its lower row to the right, through its
    // store, back along its upper row.
    for seat in 0..2 {
        let (lower, upper) = (&rows[2 * seat], &rows[2 * seat + 1]);
        let mut anticlockwise: Vec<NodeId> = lower.clone();
        if seat == 0 {
            anticlockwise.extend(stores.map(|s| s[0]));
        }
        anticlockwise.extend(upper.iter().rev());
        if seat == 1 {
            anticlockwise.extend(stores.map(|s| s[1]));
        }
        let mut clockwise = anticlockwise.clone();
        clockwise.reverse();
        b.add_track(&format!("anticlockwise{}", seat + 1), anticlockwise, true);
        b.add_track(&format!("clockwise{}", seat + 1), clockwise, true);
    }
    for z in ["row1", "row2", "row3", "row4", "home1", "home2", "inner1", "inner2", "outer1", "outer2"] {
        b.declare_zone(z);
    }
    for z in ["pits", "store1", "store2", "stores"] {
        b.declare_zone(z);
    }
    Ok(b)
}
