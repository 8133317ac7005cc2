//! Building a game: the data a definition (or a program) gives, checked, and every table the hot path
//! reads computed from it once.

use super::{Extra, Game, PieceType, Placement, Seat};
use crate::board::{Board, DirectionId, NodeId};
use crate::hooks::Hooks;
use crate::rules::pattern::choose_dirs_in;
use crate::rules::{DirSel, MoveRule, Pattern, Rules};
use crate::{PieceId, SeatId};
use std::collections::BTreeMap;
use std::sync::Arc;

pub use super::build_error::BuildError;

/// The most (node, seat, piece type) combinations a game may have: one Zobrist key each.
///
/// ```
/// assert_eq!(qipan::core::game::MAX_KEYS, 4_000_000);
/// ```
pub const MAX_KEYS: usize = 4_000_000;

/// The parts of a game, given one by one, and then [`GameBuilder::build`]: the way to make a
/// [`Game`] in code (the definition compiler uses it too). The tables the engine precomputes are
/// made from the final data, so they always agree with it.
///
/// ```
/// use qipan::core::SeatId;
/// use qipan::core::board::generators::{GridSpec, grid};
/// use qipan::core::game::{GameBuilder, PieceType, Seat};
/// use qipan::core::rules::{Cond, MoveRule, Pattern};
/// use std::sync::Arc;
///
/// // Noughts and crosses without the lines: two seats placing stones on a 3×3 board.
/// let board = grid(&GridSpec::new(3, 3))?.build()?;
/// let stone = PieceType {
///     name: "stone".into(),
///     symbols: vec!["X".into(), "O".into()],
///     moves: vec![MoveRule::new(Pattern::Place, Cond::Empty, "place to empty")],
///     immune: false,
///     captures: false,
///     owner: None,
/// };
/// let game = GameBuilder::new("xo", board)
///     .title("X and O")
///     .seat(Seat::new("x", "X", SeatId(0)))
///     .seat(Seat::new("o", "O", SeatId(1)))
///     .piece(stone)
///     .build()?;
/// assert!(game.placement_only());
/// assert_eq!(Arc::new(game).start().legal_moves().len(), 9);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct GameBuilder {
    game: GameData,
}

/// What a game is made of, before the tables.
#[derive(Clone, Debug)]
struct GameData {
    name: String,
    title: Option<String>,
    board: Board,
    seats: Vec<Seat>,
    zone_aliases: Vec<String>,
    pieces: Vec<PieceType>,
    setup: Vec<Placement>,
    reserves: Vec<(SeatId, PieceId, u16)>,
    rules: Rules,
    hooks: Option<Arc<dyn Hooks>>,
    options: BTreeMap<String, String>,
    rules_name: String,
    counters: Vec<String>,
    extras: Vec<Extra>,
    shuffle: Option<super::shuffle::Shuffle>,
    look: crate::render::Look,
    patterns: Option<crate::playout::Patterns>,
}

/// Each part of a game, set or added.
///
/// ```
/// use qipan::core::{PieceId, SeatId};
/// use qipan::core::board::generators::{GridSpec, grid};
/// use qipan::core::game::{Extra, GameBuilder, PieceType, Placement, Seat};
/// use qipan::core::rules::Rules;
///
/// let board = grid(&GridSpec::new(2, 2))?.build()?;
/// let a1 = board.find("a1").unwrap();
/// let king = PieceType { name: "king".into(), symbols: vec!["K".into(), "k".into()], moves: vec![], immune: false, captures: true, owner: None };
/// let game = GameBuilder::new("tiny", board)
///     .seats([Seat::new("white", "W", SeatId(0)), Seat::new("black", "B", SeatId(1))])
///     .zone_alias("home")
///     .piece(king)
///     .place(Placement { node: a1, seat: SeatId(0), piece: PieceId::new(0) })
///     .reserve(SeatId(1), PieceId::new(0), 2)
///     .rules(Rules { check: vec![PieceId::new(0)], ..Rules::default() })
///     .option("size", "2")
///     .rules_name("house rules")
///     .counter("tokens")
///     .extra(Extra { name: "revive".into(), revive: PieceId::new(0), cost: Some(0) })
///     .build()?;
/// assert_eq!((game.title.as_str(), game.rules_name.as_str()), ("tiny", "house rules"));
/// assert!(game.is_royal(PieceId::new(0)) && game.options["size"] == "2");
/// assert_eq!((game.setup.len(), game.reserves[0], game.counters.len()), (1, (SeatId(1), PieceId::new(0), 2), 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl GameBuilder {
    /// A game called `name` on `board`, with nothing else yet.
    pub fn new(name: impl Into<String>, board: Board) -> GameBuilder {
        GameBuilder {
            game: GameData {
                name: name.into(),
                title: None,
                board,
                seats: Vec::new(),
                zone_aliases: Vec::new(),
                pieces: Vec::new(),
                setup: Vec::new(),
                reserves: Vec::new(),
                rules: Rules::default(),
                hooks: None,
                options: BTreeMap::new(),
                rules_name: String::new(),
                counters: Vec::new(),
                extras: Vec::new(),
                shuffle: None,
                look: Default::default(),
                patterns: None,
            },
        }
    }

    /// The title for people (the name, unless given).
    pub fn title(mut self, title: impl Into<String>) -> Self {
        self.game.title = Some(title.into());
        self
    }

    /// The next seat in turn order.
    pub fn seat(mut self, seat: Seat) -> Self {
        self.game.seats.push(seat);
        self
    }

    /// Seats, in turn order, after those given so far.
    pub fn seats(mut self, seats: impl IntoIterator<Item = Seat>) -> Self {
        self.game.seats.extend(seats);
        self
    }

    /// The name of the next seat-relative zone (each [`Seat::zones`] entry names the board zone it
    /// stands for, for that seat).
    pub fn zone_alias(mut self, name: impl Into<String>) -> Self {
        self.game.zone_aliases.push(name.into());
        self
    }

    /// The next piece type.
    pub fn piece(mut self, piece: PieceType) -> Self {
        self.game.pieces.push(piece);
        self
    }

    /// Piece types, after those given so far.
    pub fn pieces(mut self, pieces: impl IntoIterator<Item = PieceType>) -> Self {
        self.game.pieces.extend(pieces);
        self
    }

    /// A piece on the board at the start.
    pub fn place(mut self, placement: Placement) -> Self {
        self.game.setup.push(placement);
        self
    }

    /// A start generated from a number: its pieces are added to the setup, and the game keeps the
    /// steps for listing the starts ([`Game::shuffle`](super::Game::shuffle)).
    ///
    /// ```
    /// let game = qipan::load("chess960", &[("start".into(), "0".into())])?;
    /// assert_eq!(game.shuffle.as_ref().map(|s| s.count()), Some(960));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn shuffle(mut self, shuffle: super::shuffle::Shuffle, number: u64) -> Self {
        self.game.setup.extend(shuffle.placements(number).unwrap_or_default());
        self.game.shuffle = Some(shuffle);
        self
    }

    /// Pieces on the board at the start, after those given so far.
    pub fn setup(mut self, placements: impl IntoIterator<Item = Placement>) -> Self {
        self.game.setup.extend(placements);
        self
    }

    /// `count` pieces of type `piece` in the reserve of `seat` at the start.
    pub fn reserve(mut self, seat: SeatId, piece: PieceId, count: u16) -> Self {
        self.game.reserves.push((seat, piece, count));
        self
    }

    /// The rules the engine applies (the default: no captures, no end but the move limit's).
    pub fn rules(mut self, rules: Rules) -> Self {
        self.game.rules = rules;
        self
    }

    /// Scripted hooks.
    pub fn hooks(mut self, hooks: Arc<dyn Hooks>) -> Self {
        self.game.hooks = Some(hooks);
        self
    }

    /// An option value the game was built with (records write them).
    pub fn option(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.game.options.insert(name.into(), value.into());
        self
    }

    /// The name of the rule set, as records write it (SGF `RU`).
    pub fn rules_name(mut self, name: impl Into<String>) -> Self {
        self.game.rules_name = name.into();
        self
    }

    /// The next named counter (one value per seat).
    pub fn counter(mut self, name: impl Into<String>) -> Self {
        self.game.counters.push(name.into());
        self
    }

    /// How the game's pictures are drawn.
    ///
    /// ```
    /// use qipan::core::board::generators::{GridSpec, grid};
    /// use qipan::core::game::{GameBuilder, Seat};
    /// use qipan::core::render::{Look, Style};
    /// use qipan::core::SeatId;
    ///
    /// let board = grid(&GridSpec::new(3, 3))?.build()?;
    /// let look = Look { style: Some(Style::Cells), ..Look::default() };
    /// let game = GameBuilder::new("t", board).seats(vec![Seat::new("a", "A", SeatId(0))]).look(look).build()?;
    /// assert_eq!(game.look.style(&game.board), Style::Cells);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn look(mut self, look: crate::render::Look) -> Self {
        self.game.look = look;
        self
    }

    /// The 3×3 shapes playouts may play beside the last move ([`crate::playout::PlayoutBuf::patterns`]).
    ///
    /// ```
    /// use qipan::core::board::generators::{GridSpec, grid};
    /// use qipan::core::game::{GameBuilder, Seat};
    /// use qipan::core::playout::{Patterns, Shape};
    /// use qipan::core::SeatId;
    ///
    /// let board = grid(&GridSpec::new(5, 5))?.build()?;
    /// let rel = board.relation("orthogonal").unwrap();
    /// let patterns = Patterns::new(&board, rel, &[Shape::parse(&["XOX", "...", "???"])?])?;
    /// let game = GameBuilder::new("t", board).seats(vec![Seat::new("a", "A", SeatId(0))]).patterns(patterns).build()?;
    /// assert!(game.patterns.is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn patterns(mut self, patterns: crate::playout::Patterns) -> Self {
        self.game.patterns = Some(patterns);
        self
    }

    /// The next extra action a seat may take alongside its move.
    pub fn extra(mut self, extra: Extra) -> Self {
        self.game.extras.push(extra);
        self
    }

    /// Checks that every index names something that exists, and builds the game with its tables.
    ///
    /// ```
    /// use qipan::core::{PieceId, SeatId};
    /// use qipan::core::board::generators::{GridSpec, grid};
    /// use qipan::core::game::{BuildError, GameBuilder, Placement, Seat};
    ///
    /// let board = grid(&GridSpec::new(3, 3))?.build()?;
    /// let err = GameBuilder::new("bad", board)
    ///     .seat(Seat::new("black", "B", SeatId(0)))
    ///     .place(Placement { node: qipan::core::NodeId(4), seat: SeatId(0), piece: PieceId::new(0) })
    ///     .build()
    ///     .unwrap_err();
    /// assert_eq!(err, BuildError::OutOfRange { what: "setup", kind: "piece type", index: 0, count: 0 });
    /// assert_eq!(err.to_string(), "setup names piece type 0, but there are only 0");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn build(self) -> Result<Game, BuildError> {
        self.game.check()?;
        Ok(self.game.assemble())
    }
}

impl GameData {
    fn check(&self) -> Result<(), BuildError> {
        let (nodes, seats, pieces) = (self.board.len(), self.seats.len(), self.pieces.len());
        if seats == 0 {
            return Err(BuildError::NoSeats);
        }
        for (what, count) in [("seats", seats), ("piece types", pieces)] {
            if count > 255 {
                return Err(BuildError::TooMany { what, count });
            }
        }
        if nodes.saturating_mul(seats).saturating_mul(pieces) > MAX_KEYS {
            return Err(BuildError::TooLarge { nodes, seats, pieces });
        }
        if let Some(p) = self.pieces.iter().find(|p| p.symbols.is_empty()) {
            return Err(BuildError::NoSymbol(p.name.clone()));
        }
        if let Some(p) = &self.patterns
            && p.nodes() != nodes
        {
            return Err(BuildError::OtherBoard { what: "patterns", nodes: p.nodes(), board: nodes });
        }
        let within = |what, kind, index: usize, count: usize| {
            if index < count { Ok(()) } else { Err(BuildError::OutOfRange { what, kind, index, count }) }
        };
        for s in &self.seats {
            within("a seat's team", "seat", s.team as usize, seats)?;
            within("a seat's holder", "seat", s.held_by.idx(), seats)?;
        }
        for o in self.pieces.iter().filter_map(|p| p.owner) {
            within("a piece type's owner", "seat", o.idx(), seats)?;
        }
        let mut taken = crate::board::NodeSet::new(nodes);
        for p in &self.setup {
            within("setup", "node", p.node.idx(), nodes)?;
            within("setup", "seat", p.seat.idx(), seats)?;
            within("setup", "piece type", p.piece.idx(), pieces)?;
            // On a board with counts each placement on a node is one more seed there.
            if taken.contains(p.node) && !self.board.has_counts() {
                return Err(BuildError::Crowded(self.board.label(p.node).to_string()));
            }
            taken.insert(p.node);
        }
        for &(seat, piece, _) in &self.reserves {
            within("reserves", "seat", seat.idx(), seats)?;
            within("reserves", "piece type", piece.idx(), pieces)?;
        }
        for &piece in &self.rules.check {
            within("the check rule", "piece type", piece.idx(), pieces)?;
        }
        for &piece in &self.rules.captured_as {
            within("captured_as", "piece type", piece.idx(), pieces)?;
        }
        for x in &self.extras {
            within("an extra action", "piece type", x.revive.idx(), pieces)?;
            if let Some(c) = x.cost {
                within("an extra action's cost", "counter", c, self.counters.len())?;
            }
        }
        Ok(())
    }

    /// The game, with every table computed from its data.
    fn assemble(self) -> Game {
        let GameData {
            name,
            title,
            board,
            seats,
            zone_aliases,
            mut pieces,
            setup,
            reserves,
            mut rules,
            hooks,
            options,
            rules_name,
            counters,
            extras,
            shuffle,
            look,
            patterns,
        } = self;
        // Counts of whose pieces, of which types, in which zone: read off counts kept as pieces move.
        let mut tally_zones = 0u64;
        let seat_zones = |a: u8| {
            seats.iter().filter_map(|s| s.zones.get(a as usize).copied().flatten()).fold(0u64, |m, z| m | 1 << z)
        };
        for rule in pieces.iter_mut().flat_map(|p| p.moves.iter_mut()) {
            for c in [&mut rule.from, &mut rule.to, &mut rule.when, &mut rule.promote_in] {
                crate::rules::cond::tally::rewrite(c, &mut tally_zones, &seat_zones);
            }
        }
        if let Some(c) = &mut rules.pass_if {
            crate::rules::cond::tally::rewrite(c, &mut tally_zones, &seat_zones);
        }
        for r in &mut rules.end.counting {
            crate::rules::cond::tally::rewrite(&mut r.start, &mut tally_zones, &seat_zones);
            for (c, _) in &mut r.limits {
                crate::rules::cond::tally::rewrite(c, &mut tally_zones, &seat_zones);
            }
        }
        for rule in pieces.iter_mut().flat_map(|p| p.moves.iter_mut()) {
            rule.to_fast = crate::rules::FastTarget::of(&rule.to);
            rule.over_fast = match &rule.pattern {
                Pattern::Jump { over, .. } => crate::rules::FastTarget::of(over),
                _ => None,
            };
            // A promotion is worked out on the destination alone: a slide still reads it off tables.
            let simple = rule.shot.is_none()
                && !rule.passable
                && rule.then_place.is_none()
                && rule.capture == crate::rules::CaptureMode::Replace
                && rule.onto.is_none()
                && rule.pattern.plain_destinations();
            rule.plain_to = match rule.to_fast {
                Some(f) if simple && rule.promote.is_empty() && f.excluded_zones == 0 => f.occupants,
                _ => 0,
            };
            (rule.slide_to, rule.slide_barred) = match rule.to_fast {
                Some(f) if simple => (f.occupants, f.excluded_zones),
                _ => (0, 0),
            };
        }
        let relation_dirs: Vec<Vec<DirectionId>> = (0..board.relation_names().len())
            .map(|r| board.relation_directions(crate::board::RelationId(r as u8)))
            .collect();
        let mut state = 0x5171_7061_6e00_0001u64;
        let keys = board.len() * seats.len().max(1) * pieces.len().max(1);
        let zobrist = (0..keys).map(|_| splitmix(&mut state)).collect();
        let turn_keys = (0..seats.len()).map(|_| splitmix(&mut state)).collect();
        // One plain placement rule per piece: then no move can be generated twice, and Go-like games
        // skip the deduplication and take the playout fast path.
        let placement_only = pieces.iter().all(|p| {
            p.moves.len() <= 1
                && p.moves.iter().all(|m| {
                    use crate::rules::Cond;
                    matches!(m.pattern, Pattern::Place)
                        && m.to == Cond::Empty
                        && m.when == Cond::True
                        && m.after == Cond::True
                        && m.shot.is_none()
                })
        });
        // A walk that may come back to its start with no shot of its own: such a move is legal only if
        // playing it captures, which legality finds by playing it (`Position::check`).
        let idle_walks = pieces
            .iter()
            .flat_map(|p| &p.moves)
            .any(|m| matches!(m.pattern, Pattern::Walk { returning: true, .. }) && m.shot.is_none());
        let pieces_stay = hooks.is_none()
            && rules.group_capture.is_none()
            && rules.captures.is_empty()
            && pieces.iter().flat_map(|p| &p.moves).all(|m| m.pattern.enters() && m.shot.is_none());
        let repeat_masks: Vec<Vec<u64>> =
            pieces.iter().map(|p| repeat_masks(&board, &relation_dirs, &p.moves)).collect();
        let may_repeat = repeat_masks.iter().map(|m| rules_may_repeat(&board, m)).collect();
        let capture_flags = pieces.iter().map(|p| (p.captures, !p.immune)).collect();
        let royal = (0..pieces.len()).map(|i| rules.check.contains(&PieceId::new(i as u8))).collect();
        let forwards: Vec<Vec<DirectionId>> = seats.iter().map(|s| s.forward.clone()).collect();
        // Leaps that nothing can block go to the same nodes whatever stands around: look them up.
        if board.len() * seats.len() <= 1 << 16 {
            for rule in pieces.iter_mut().flat_map(|p| p.moves.iter_mut()) {
                if let Pattern::Leap { legs, blockable: false } = &rule.pattern
                    && legs.iter().all(|l| l.count != crate::rules::Leg::CARRIED)
                {
                    rule.leap_dests = crate::rules::pattern::leap_table(&board, &relation_dirs, &forwards, legs);
                }
            }
        }
        let attacks = crate::rules::attack::AttackTable::build(&board, &relation_dirs, &forwards, &pieces);
        let mut seat_dirs = Vec::new();
        for fwd in &forwards {
            for rd in &relation_dirs {
                for sel in [DirSel::Forward, DirSel::Backward, DirSel::Sideways] {
                    seat_dirs.push(choose_dirs_in(&board, rd, fwd, &sel, None).as_slice().to_vec());
                }
            }
        }
        let (ray_nodes, ray_start, ray_ok) = ray_table(&board);
        // Jumps along lines that pass over no node: their middle and landing nodes are the board's.
        if board.len() * seats.len() <= 1 << 16 {
            for rule in pieces.iter_mut().flat_map(|p| p.moves.iter_mut()) {
                if let Pattern::Jump { relation, dirs, .. } = &rule.pattern
                    && ray_ok[relation.0 as usize]
                {
                    let table = crate::rules::pattern::jump_table(&board, &relation_dirs, &forwards, *relation, dirs);
                    rule.jump_dests = table;
                }
            }
        }
        // Steps that the board alone decides: their destinations from each node, looked up.
        if board.len() * seats.len() <= 1 << 16 {
            for rule in pieces.iter_mut().flat_map(|p| p.moves.iter_mut()) {
                rule.step_dests = crate::rules::pattern::step_dests(&board, &relation_dirs, &forwards, &ray_ok, rule);
            }
        }
        let mut outward_dirs = Vec::new();
        for rd in &relation_dirs {
            for d in 0..board.directions().len() {
                let prev = Some(DirectionId(d as u8));
                outward_dirs.push(choose_dirs_in(&board, rd, &[], &DirSel::Outward, prev).as_slice().to_vec());
            }
        }
        // Capture conditions that read only occupants and zones: looked up, not evaluated.
        for rule in &mut rules.captures {
            rule.table(&board, pieces.len());
        }
        let mut game = Game {
            title: title.unwrap_or_else(|| name.clone()),
            name,
            board,
            seats,
            zone_aliases,
            pieces,
            setup,
            reserves,
            rules,
            hooks,
            options,
            rules_name,
            counters,
            extras,
            shuffle,
            look,
            patterns,
            relation_dirs,
            zobrist,
            turn_keys,
            placement_only,
            idle_walks,
            pieces_stay,
            may_repeat,
            repeat_masks,
            capture_flags,
            royal,
            attacks,
            seat_dirs,
            outward_dirs,
            ray_nodes,
            ray_start,
            ray_ok,
            step_table: None,
            capture_classes: None,
            slide_masks: None,
            tally_zones,
            seed_owners: Vec::new(),
            sow_starts: None,
            seed_keys: Vec::new(),
            ends_only_stuck: false,
            plain_sowing: false,
            sow_kernel: Err(crate::position::SowingPath::General),
        };
        if game.board.has_counts() {
            // A node's seeds stand for the seat whose `home` (a row of pits) or `store` holds it.
            let alias = |name: &str| game.zone_aliases.iter().position(|a| a == name).map(|a| a as u8);
            let (home, store) = (alias("home"), alias("store"));
            game.seed_owners = game
                .board
                .node_ids()
                .map(|n| {
                    let zones = game.board.zones_of(n);
                    let holds = |s: SeatId, a: Option<u8>| {
                        a.and_then(|a| game.seat_zone(s, a)).is_some_and(|z| zones & (1 << z) != 0)
                    };
                    game.seat_ids().find(|&s| holds(s, home) || holds(s, store)).unwrap_or(SeatId(0))
                })
                .collect();
        }
        // Sowing rules: their tracks as each seat sows them.
        let mut pieces = std::mem::take(&mut game.pieces);
        for rule in pieces.iter_mut().flat_map(|p| p.moves.iter_mut()) {
            if let Pattern::Sow(s) = &mut rule.pattern {
                s.build_tables(&game);
            }
        }
        game.pieces = pieces;
        game.sow_starts = crate::rules::pattern::sow_starts(&game);
        if game.board.has_counts() {
            let mut end = game.rules.end.clone();
            (end.last_standing, end.quiet_reset) = (false, Vec::new());
            (end.royal_capture, end.bare_side) = (Default::default(), Default::default());
            // A repetition is looked for before the end rules are skipped (see `check_end`).
            (end.repetition_draw, end.repetition_loser, end.draws_scored) = (None, None, false);
            game.ends_only_stuck = game.hooks.is_none()
                && end == crate::rules::EndRules::default()
                && game.rules.facing.is_none()
                && game.rules.pass == crate::rules::PassRule::Never
                && !matches!(game.rules.stuck, crate::rules::StuckRule::Loses);
            let rules = &game.rules;
            game.plain_sowing = game.ends_only_stuck
                && game.sow_starts.is_some()
                && rules.group_capture.is_none()
                && rules.repetition == crate::rules::Repetition::None
                && !rules.swap
                && rules.pass_if.is_none()
                && !rules.end.perpetual_check_loses
                && rules.end.connections.is_empty()
                && game.tally_zones == 0
                && !game.has_check_rule()
                && game.piece_ids().all(|p| !game.is_royal(p));
            game.sow_kernel = crate::position::SowKernel::build(&game);
            let n = game.board.len();
            game.seed_keys =
                (0..n * 64).map(|i| crate::position::count_key(NodeId((i / 64) as u16), (i % 64) as u16)).collect();
        }
        // Sorting rules by whether they capture holds only when no capture rule adds a capture the mover
        // chooses (approach, withdrawal, a removal), which `captured_count` counts.
        let split = game.rules.captures.iter().any(|r| r.form.chosen());
        let removes = game.rules.captures.iter().any(|r| r.form == crate::rules::CaptureForm::Remove);
        if game.rules.capture_priority != crate::rules::CapturePriority::Free && !split && !removes {
            game.capture_classes = crate::rules::priority::capture_classes(&game.pieces);
        }
        // Capture rules that decide legality or split moves need every move through the generator.
        if !game.rules.capture_required() && !split {
            game.step_table = crate::rules::pattern::StepTable::build(&game);
        }
        game.slide_masks = crate::position::SlideMasks::build(&game);
        game
    }
}

/// The ray table of a board (see [`Game::ray`]): the nodes, the start of each ray, and per relation
/// whether it is there.
fn ray_table(board: &Board) -> (Vec<NodeId>, Vec<u32>, Vec<bool>) {
    let (n, nd, nr) = (board.len(), board.directions().len(), board.relation_names().len());
    let ok: Vec<bool> = (0..nr)
        .map(|r| {
            let rel = crate::board::RelationId(r as u8);
            n * nd * nr <= 1 << 22
                && (0..nd).all(|d| board.node_ids().all(|x| !board.next_via(rel, DirectionId(d as u8), x).is_some()))
        })
        .collect();
    let mut nodes = Vec::new();
    let mut start = Vec::with_capacity(nr * nd * n + 1);
    for (r, &rel_ok) in ok.iter().enumerate() {
        let rel = crate::board::RelationId(r as u8);
        for d in 0..nd {
            for x in board.node_ids() {
                start.push(nodes.len() as u32);
                if !rel_ok {
                    continue;
                }
                let mut at = x;
                for _ in 0..255.min(n) {
                    at = board.next(rel, DirectionId(d as u8), at);
                    if !at.is_some() || at == x {
                        break;
                    }
                    nodes.push(at);
                }
                if nodes.len() > 1 << 24 {
                    // Too large a board for a table: go without.
                    return (Vec::new(), vec![0; nr * nd * n + 1], vec![false; nr]);
                }
            }
        }
    }
    start.push(nodes.len() as u32);
    (nodes, start, ok)
}

/// Whether the rules of one piece can generate the same move twice, so its moves need deduplicating:
/// on a board whose lines cycle anything may repeat, else as [`repeat_masks`] finds.
fn rules_may_repeat(board: &Board, masks: &[u64]) -> bool {
    board.lines_cycle() || masks.iter().any(|&m| m != 0)
}

/// For each rule of one piece, the rules (one bit each, itself included) whose moves may coincide with
/// its own, so that a piece whose moves came from rules that never meet skips deduplication.
///
/// A single slide, step, hop or walk never repeats a move (walks deduplicate their own ends), and a
/// fly or a placement reaches each node once; a leap may, when its legs can be taken in another
/// order; so may two rules, unless their destinations never meet: they take different occupants
/// (`to empty` against `to enemy`) or, on an empty board, their lines from any node reach different
/// nodes (a slide along the orthogonals and one along the diagonals). Where lines wrap around a ring,
/// a slide repeats a move when two of its directions reach one node (a ring of two), and other
/// patterns are assumed to.
fn repeat_masks(board: &Board, relation_dirs: &[Vec<DirectionId>], rules: &[MoveRule]) -> Vec<u64> {
    use crate::rules::{DirSel, FastTarget};
    if rules.len() > 64 {
        return vec![u64::MAX; rules.len()];
    }
    let occupants = |m: &MoveRule| {
        if m.capture == crate::rules::CaptureMode::Passer || m.to.requires_empty() {
            return 0b0001;
        }
        FastTarget::of(&m.to).map_or(0b1111, |f| f.occupants)
    };
    // The nodes a slide or hop can end on from `n` on an empty board (a superset of what it reaches),
    // and whether two of its directions reach one of them. A line ends back at `n`, as the generators'.
    let line = |m: &MoveRule, n: NodeId| -> Option<(crate::board::NodeSet, bool)> {
        let crate::rules::pattern::Line { relation: rel, dirs, min, max } = m.pattern.line(board.len())?;
        let all = &relation_dirs[rel.0 as usize];
        let chosen: Vec<DirectionId> = match dirs {
            DirSel::Named(ds) => ds.clone(),
            _ => all.clone(),
        };
        let (mut set, mut twice) = (crate::board::NodeSet::new(board.len()), false);
        let mut add = |set: &mut crate::board::NodeSet, v: NodeId| {
            twice |= set.contains(v);
            set.insert(v);
        };
        for d in chosen {
            let mut at = n;
            for k in 1..=max.min(board.len()) {
                at = board.next(rel, d, at);
                if !at.is_some() || at == n {
                    break;
                }
                if k >= min {
                    add(&mut set, at);
                }
            }
        }
        // Undirected edges count as one-step destinations.
        board.edges(rel, n).iter().filter(|e| e.dir.is_none()).for_each(|e| add(&mut set, e.to));
        Some((set, twice))
    };
    let alone = |m: &MoveRule| {
        if m.pattern.may_repeat() {
            return true;
        }
        if !board.lines_cycle() {
            return false;
        }
        match m.pattern {
            Pattern::Fly | Pattern::Place | Pattern::Drop | Pattern::Cover { .. } => false,
            Pattern::Slide { .. } => board.node_ids().any(|n| line(m, n).is_none_or(|(_, twice)| twice)),
            _ => true,
        }
    };
    let mut masks: Vec<u64> = rules.iter().enumerate().map(|(i, m)| u64::from(alone(m)) << i).collect();
    for (i, a) in rules.iter().enumerate() {
        for (j, b) in rules.iter().enumerate().skip(i + 1) {
            // A turn with a following placement carries it; one without does not: never the same move.
            if occupants(a) & occupants(b) == 0 || a.then_place.is_some() != b.then_place.is_some() {
                continue;
            }
            let meet = board.node_ids().any(|n| match (line(a, n), line(b, n)) {
                (Some((x, _)), Some((y, _))) => x.iter().any(|v| y.contains(v)),
                _ => true,
            });
            if meet {
                masks[i] |= 1 << j;
                masks[j] |= 1 << i;
            }
        }
    }
    masks
}

/// A splitmix64 step: a fixed, portable sequence for Zobrist keys.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
