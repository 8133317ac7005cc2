//! Mancala boards: two rows of pits, with or without a store for each row, on which seeds are sown.
//!
//! Pits are named like chess squares from the first seat's left: its row is `a1`, `b1`, ... and the
//! row across is `a2`, `b2`, ... (`a2` across from `a1`); the stores are `store1` (the first row's, at
//! its right end) and `store2`. The generator declares what sowing games need: the `anticlockwise`
//! track (along row 1 to the right, through `store1`, back along row 2, through `store2`) and the
//! `clockwise` one, the zones `row1`, `row2`, `store1`, `store2`, `pits` and `stores`, the relation
//! `opposite` (each pit and the pit across), and counts on every node.

use super::{BoardBuilder, BoardError, NodeId, NodeSpec};

/// The shape of a mancala board.
///
/// ```
/// use qipan::core::board::mancala::{MancalaSpec, mancala};
///
/// let board = mancala(&MancalaSpec { pits: 6, stores: true })?.build()?;
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
}

/// Builds a two-row mancala board (see the module documentation for its names).
///
/// ```
/// use qipan::core::board::mancala::{MancalaSpec, mancala};
///
/// let board = mancala(&MancalaSpec { pits: 6, stores: false })?.build()?;
/// let track = &board.tracks()[board.track("anticlockwise").unwrap()];
/// let labels: Vec<&str> = track.nodes.iter().map(|&n| board.label(n)).collect();
/// assert_eq!(labels.join(" "), "a1 b1 c1 d1 e1 f1 f2 e2 d2 c2 b2 a2");
/// assert!(mancala(&MancalaSpec { pits: 27, stores: false }).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn mancala(spec: &MancalaSpec) -> Result<BoardBuilder, BoardError> {
    if spec.pits == 0 || spec.pits > 26 {
        return Err(BoardError::Invalid(format!("{} pits is out of range 1..26", spec.pits)));
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
