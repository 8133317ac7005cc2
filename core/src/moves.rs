//! Moves: a handful of atomic effects, small enough to copy.

use crate::board::NodeId;

/// What a move does, before its consequences (captured groups, eliminations) are worked out.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    /// Give up the turn.
    Pass,
    /// Put a new piece on `to` from an unlimited supply (Go stones).
    Place,
    /// Put a piece from the mover's reserve on `to`.
    Drop,
    /// Move the piece on `from` to `to`, capturing what stands there.
    Move,
    /// The piece on `from` stays and the piece on `take` is captured at a distance.
    Shoot,
}

/// One move. Two moves are equal exactly when they have the same effect; the path a piece walked
/// is not part of it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// What kind of move this is.
    pub kind: MoveKind,
    /// Where the piece comes from ([`NodeId::NONE`] for passes, placements and drops).
    pub from: NodeId,
    /// Where the piece ends ([`NodeId::NONE`] for passes; equal to `from` for shots).
    pub to: NodeId,
    /// A piece captured somewhere other than `to` ([`NodeId::NONE`] if none).
    pub take: NodeId,
    /// The piece type placed, dropped or moved.
    pub piece: u8,
    /// For a move followed by a shot: the shooter, which stays where it is ([`NodeId::NONE`] otherwise).
    pub by: NodeId,
    /// An extra action taken alongside: 0 for none, `i + 1` for the game's extra action `i`.
    pub extra: u8,
    /// The piece type the mover becomes on arrival: 0 for none, `t + 1` for piece type `t`.
    pub promote: u8,
    /// A second piece of the mover's side that moves along (castling): from here ...
    pub with_from: NodeId,
    /// ... to here ([`NodeId::NONE`] when no piece moves along).
    pub with_to: NodeId,
    /// The move passes over nodes on which an enemy may take the mover at once (a pawn's double step).
    pub passable: bool,
}

impl Move {
    /// The pass move.
    pub const PASS: Move = Move {
        kind: MoveKind::Pass,
        from: NodeId::NONE,
        to: NodeId::NONE,
        take: NodeId::NONE,
        piece: 0,
        by: NodeId::NONE,
        extra: 0,
        promote: 0,
        with_from: NodeId::NONE,
        with_to: NodeId::NONE,
        passable: false,
    };

    /// A placement of `piece` on `to`.
    ///
    /// ```
    /// use qipan::core::Move;
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// let e5 = game.board.find("E5").unwrap();
    /// pos.play(&Move::place(0, e5))?;
    /// assert_eq!(pos.cell(e5).map(|p| p.seat), Some(0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn place(piece: u8, to: NodeId) -> Move {
        Move { kind: MoveKind::Place, to, piece, ..Move::PASS }
    }

    /// A drop of `piece` from the reserve on `to`.
    pub fn drop(piece: u8, to: NodeId) -> Move {
        Move { kind: MoveKind::Drop, to, piece, ..Move::PASS }
    }

    /// A piece moving from `from` to `to`.
    pub fn step(piece: u8, from: NodeId, to: NodeId) -> Move {
        Move { kind: MoveKind::Move, from, to, piece, ..Move::PASS }
    }

    /// A shot: the piece on `from` captures the piece on `take` and stays.
    pub fn shoot(piece: u8, from: NodeId, take: NodeId) -> Move {
        Move { kind: MoveKind::Shoot, from, to: from, take, piece, ..Move::PASS }
    }

    /// The piece type the mover ends as (its own type unless it promotes).
    #[inline]
    pub fn arrives_as(&self) -> u8 {
        if self.promote > 0 { self.promote - 1 } else { self.piece }
    }

    /// True for the pass move.
    pub fn is_pass(&self) -> bool {
        self.kind == MoveKind::Pass
    }
}
