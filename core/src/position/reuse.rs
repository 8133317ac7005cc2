//! Copying a position into another one that already holds buffers of the right sizes: a playout
//! resets its position to the start before every game, and should not give back and take again
//! every vector a position holds.

use super::Position;

/// Cloning, and copying into an existing position without reallocating.
///
/// ```
/// use qipan::core::notation::parse_move;
///
/// let game = qipan::load("hex", &[])?;
/// let start = game.start();
/// let mut pos = start.clone();
/// pos.play(&parse_move(&pos, "f6")?)?;
/// pos.clone_from(&start);
/// assert_eq!((pos.ply(), pos.hash(), pos.cells()), (0, start.hash(), start.cells()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Clone for Position {
    fn clone(&self) -> Self {
        // Every field named, so a new one cannot be forgotten here.
        let Position {
            game,
            cells,
            counts,
            unders,
            heights,
            under_cap,
            to_move,
            ply,
            passes,
            quiet_plies,
            hash,
            history,
            ko,
            sent,
            chains,
            links,
            flood,
            taken: _,
            reserve,
            graveyard,
            captures,
            controller,
            alive,
            counters,
            result,
            last,
            filters_moves,
            teams,
            prey,
            moved,
            passed,
            passer,
            reps,
            rep_seen,
            royals,
            on_board,
            present,
            placed,
            slot,
            defer_stuck,
            check_memo,
            swapped,
            count,
            rep_checks,
        } = self;
        Position {
            game: game.clone(),
            cells: cells.clone(),
            counts: counts.clone(),
            unders: unders.clone(),
            heights: heights.clone(),
            under_cap: *under_cap,
            to_move: *to_move,
            ply: *ply,
            passes: *passes,
            quiet_plies: *quiet_plies,
            hash: *hash,
            history: history.clone(),
            ko: *ko,
            sent: *sent,
            chains: chains.clone(),
            links: links.clone(),
            flood: flood.clone(),
            // Scratch, whose contents mean nothing between moves.
            taken: Vec::new(),
            reserve: reserve.clone(),
            graveyard: graveyard.clone(),
            captures: captures.clone(),
            controller: controller.clone(),
            alive: alive.clone(),
            counters: counters.clone(),
            result: result.clone(),
            last: *last,
            filters_moves: *filters_moves,
            teams: teams.clone(),
            prey: *prey,
            moved: moved.clone(),
            passed: *passed,
            passer: *passer,
            reps: reps.clone(),
            rep_seen: *rep_seen,
            royals: royals.clone(),
            on_board: on_board.clone(),
            present: present.clone(),
            placed: placed.clone(),
            slot: slot.clone(),
            defer_stuck: *defer_stuck,
            check_memo: *check_memo,
            swapped: *swapped,
            count: *count,
            rep_checks: rep_checks.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        let Position {
            game,
            cells,
            counts,
            unders,
            heights,
            under_cap,
            to_move,
            ply,
            passes,
            quiet_plies,
            hash,
            history,
            ko,
            sent,
            chains,
            links,
            flood,
            taken: _,
            reserve,
            graveyard,
            captures,
            controller,
            alive,
            counters,
            result,
            last,
            filters_moves,
            teams,
            prey,
            moved,
            passed,
            passer,
            reps,
            rep_seen,
            royals,
            on_board,
            present,
            placed,
            slot,
            defer_stuck,
            check_memo,
            swapped,
            count,
            rep_checks,
        } = source;
        self.game.clone_from(game);
        self.cells.clone_from(cells);
        self.counts.clone_from(counts);
        self.unders.clone_from(unders);
        self.heights.clone_from(heights);
        self.under_cap = *under_cap;
        self.to_move = *to_move;
        self.ply = *ply;
        self.passes = *passes;
        self.quiet_plies = *quiet_plies;
        self.hash = *hash;
        self.history.clone_from(history);
        self.ko = *ko;
        self.sent = *sent;
        self.chains.clone_from(chains);
        self.links.clone_from(links);
        self.flood.clone_from(flood);
        self.reserve.clone_from(reserve);
        self.graveyard.clone_from(graveyard);
        self.captures.clone_from(captures);
        self.controller.clone_from(controller);
        self.alive.clone_from(alive);
        self.counters.clone_from(counters);
        self.result.clone_from(result);
        self.last = *last;
        self.filters_moves = *filters_moves;
        self.teams.clone_from(teams);
        self.prey = *prey;
        self.moved.clone_from(moved);
        self.passed = *passed;
        self.passer = *passer;
        self.reps.clone_from(reps);
        self.rep_seen = *rep_seen;
        self.royals.clone_from(royals);
        self.on_board.clone_from(on_board);
        self.present.clone_from(present);
        self.placed.clone_from(placed);
        self.slot.clone_from(slot);
        self.defer_stuck = *defer_stuck;
        self.check_memo = *check_memo;
        self.swapped = *swapped;
        self.count = *count;
        self.rep_checks.clone_from(rep_checks);
    }
}
