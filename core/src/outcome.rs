//! How a game ended: winners, scores, and the result written as people and SGF expect.

use crate::SeatId;
use crate::game::Game;
use crate::hooks::{HookError, HookPoint};
use crate::position::Position;
use crate::rules::Scoring;
use crate::rules::scoring;

/// The result of a finished game.
///
/// ```
/// use qipan::core::SeatId;
/// use qipan::core::{Move, notation::parse_move};
///
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let mut pos = game.start();
/// for mv in [parse_move(&pos, "E5")?, Move::PASS, Move::PASS] {
///     pos.play(&mv)?;
/// }
/// let result = pos.outcome().unwrap();
/// assert_eq!(result.winners, [SeatId(0)]);
/// assert_eq!(result.scores, Some(vec![81.0, 5.5])); // Black's stone owns the board; White has komi
/// assert_eq!(result.text, "B+75.5");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    /// The winning seats (empty for a draw).
    pub winners: Vec<SeatId>,
    /// Final score per seat, when the game is scored.
    pub scores: Option<Vec<f64>>,
    /// Why the game ended.
    pub reason: EndReason,
    /// The result as text: `B+5.5`, `W+R`, `0` (draw), or `red wins`.
    pub text: String,
}

/// Results are made when a game ends ([`Position::outcome`] holds it), by who is left or by score.
///
/// ```
/// use qipan::core::{EndReason, GameResult, SeatId};
///
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let pos = game.start();
/// assert_eq!(GameResult::winners(&pos, vec![SeatId(0)], EndReason::Other("time".into())).text, "B+");
/// assert_eq!(GameResult::scored(&pos, EndReason::ConsecutivePasses)?.text, "W+5.5"); // komi on an empty board
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl GameResult {
    /// A result decided by who is left (or by a hook).
    ///
    /// ```
    /// use qipan::core::{EndReason, GameResult, SeatId};
    ///
    /// let go = qipan::load("go", &[])?.start();
    /// let r = GameResult::winners(&go, vec![SeatId(1)], EndReason::Resignation);
    /// assert_eq!((r.text.as_str(), r.reason, r.scores), ("W+", EndReason::Resignation, None));
    /// assert_eq!(GameResult::winners(&go, vec![], EndReason::Other("agreement".into())).text, "0");
    /// // With more than two seats the winners are named.
    /// let he_qi = qipan::load("he-qi", &[])?.start();
    /// assert_eq!(GameResult::winners(&he_qi, vec![SeatId(2)], EndReason::LastSideStanding).text, "blue wins");
    /// assert_eq!(GameResult::winners(&he_qi, vec![SeatId(0), SeatId(2)], EndReason::Other("alliance".into())).text, "red and blue win");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn winners(pos: &Position, winners: Vec<SeatId>, reason: EndReason) -> GameResult {
        let g = pos.game();
        let text = match winners.as_slice() {
            [] => "0".to_string(),
            [w] if g.seats.len() == 2 => format!("{}+", g.seats[w.idx()].letter),
            ws => {
                let names: Vec<&str> = ws.iter().map(|&w| g.seats[w.idx()].name.as_str()).collect();
                format!("{} win{}", names.join(" and "), if ws.len() == 1 { "s" } else { "" })
            }
        };
        GameResult { winners, scores: None, reason, text }
    }

    /// A result from the scores of the current position (or a draw when the game has no scoring).
    ///
    /// ```
    /// use qipan::core::{EndReason, GameResult, SeatId};
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into()), ("komi".into(), "7.5".into())])?;
    /// let mut pos = game.start();
    /// pos.play(&qipan::core::notation::parse_move(&pos, "E5")?)?;
    /// let r = GameResult::scored(&pos, EndReason::Other("adjudicated".into()))?;
    /// assert_eq!((r.winners, r.scores, r.text), (vec![SeatId(0)], Some(vec![81.0, 7.5]), "B+73.5".to_string()));
    /// // Chess has no scoring: a draw while both kings stand.
    /// let chess = qipan::load("chess", &[])?.start();
    /// assert_eq!(GameResult::scored(&chess, EndReason::Other("agreement".into()))?.text, "0");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn scored(pos: &Position, reason: EndReason) -> Result<GameResult, HookError> {
        let g = pos.game();
        let mut scores = match &g.rules.scoring {
            Scoring::None => None,
            Scoring::Area { relation, dame } => Some(scoring::area(pos, *relation, *dame)),
            Scoring::Captures => Some(pos.captures().iter().map(|&c| c as f64).collect()),
            Scoring::Pieces => Some(scoring::pieces(pos)),
            Scoring::Material => Some(scoring::material(pos)),
            Scoring::Groups { relation, measure } => Some(scoring::groups(pos, *relation, *measure)),
        };
        if let Some(h) = &g.hooks
            && h.has(HookPoint::Score)
        {
            let mut s = scores.clone().unwrap_or_else(|| vec![0.0; g.seats.len()]);
            for (seat, v) in g.seat_ids().zip(s.iter_mut()) {
                if let Some(x) = h.score(pos, seat)? {
                    *v = x;
                }
            }
            scores = Some(s);
        }
        let Some(mut scores) = scores else {
            let live = g.seat_ids().filter(|&s| pos.is_alive(s)).collect::<Vec<_>>();
            let winners = if live.len() == 1 { live } else { vec![] };
            return Ok(GameResult::winners(pos, winners, reason));
        };
        for (s, b) in scores.iter_mut().zip(&g.rules.score_bonus) {
            *s += b;
        }
        // The best score is the highest, or the lowest where the rules say so; the margin is how far the
        // winner is ahead of the other seat either way.
        let lower = g.rules.lower_score_wins;
        let live = g.seat_ids().zip(&scores).filter(|&(s, _)| pos.is_alive(s)).map(|(_, v)| *v);
        let best = if lower { live.fold(f64::INFINITY, f64::min) } else { live.fold(f64::NEG_INFINITY, f64::max) };
        let winners: Vec<SeatId> = g.seat_ids().filter(|&s| pos.is_alive(s) && scores[s.idx()] == best).collect();
        let text = if winners.len() != 1 {
            "0".to_string()
        } else if g.seats.len() == 2 {
            let w = winners[0].idx();
            let margin = if lower { scores[1 - w] - scores[w] } else { scores[w] - scores[1 - w] };
            format!("{}+{}", g.seats[w].letter, fmt_points(margin))
        } else {
            format!("{} wins", g.seats[winners[0].idx()].name)
        };
        let winners = if winners.len() == 1 { winners } else { vec![] };
        Ok(GameResult { winners, scores: Some(scores), reason, text })
    }

    /// The result of a two-seat game as PGN writes it: `1-0` (the first seat won), `0-1` or `1/2-1/2`; `None`
    /// for other games.
    ///
    /// ```
    /// use qipan::core::{EndReason, GameResult, SeatId};
    ///
    /// let chess = qipan::load("chess", &[])?.start();
    /// assert_eq!(GameResult::winners(&chess, vec![SeatId(1)], EndReason::Checkmate).pgn(chess.game()), Some("0-1"));
    /// assert_eq!(GameResult::winners(&chess, vec![], EndReason::NoLegalMove).pgn(chess.game()), Some("1/2-1/2"));
    /// let he_qi = qipan::load("he-qi", &[])?.start();
    /// assert_eq!(GameResult::winners(&he_qi, vec![SeatId(1)], EndReason::LastSideStanding).pgn(he_qi.game()), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pgn(&self, game: &Game) -> Option<&'static str> {
        match self.winners.as_slice() {
            _ if game.seats.len() != 2 => None,
            [SeatId(0)] => Some("1-0"),
            [SeatId(1)] => Some("0-1"),
            _ => Some("1/2-1/2"),
        }
    }

    /// The result as the game's players write it: a two-seat game without a score as PGN does (`1-0`, `0-1`,
    /// `1/2-1/2`, as chess and xiangqi players expect), any other as [`GameResult::text`] (`B+5.5`, `W+R`,
    /// `blue wins`).
    ///
    /// ```
    /// use qipan::core::{EndReason, GameResult, SeatId};
    ///
    /// let chess = qipan::load("chess", &[])?.start();
    /// let mate = GameResult::winners(&chess, vec![SeatId(1)], EndReason::Checkmate);
    /// assert_eq!((mate.text.as_str(), mate.for_players(chess.game())), ("B+", "0-1".to_string()));
    /// let go = qipan::load("go", &[])?.start();
    /// let resigned = GameResult::winners(&go, vec![SeatId(1)], EndReason::Resignation);
    /// assert_eq!(resigned.for_players(go.game()), "W+"); // Go is scored: Go players' notation
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn for_players(&self, game: &Game) -> String {
        let scored =
            game.rules.scoring != Scoring::None || game.hooks.as_ref().is_some_and(|h| h.has(HookPoint::Score));
        match self.pgn(game) {
            Some(text) if !scored => text.to_string(),
            _ => self.text.clone(),
        }
    }
}

/// Declares the end reasons once, each with its words: the enum, [`EndReason::as_str`] and
/// [`EndReason::from_words`] all come from the one list, so a new reason cannot be written in one and
/// forgotten in another.
macro_rules! end_reasons {
    ($($(#[$doc:meta])* $name:ident => $words:literal,)*) => {
        /// Why a game ended. Shown (`Display`, [`EndReason::as_str`]) as the words records and reports have
        /// always used.
        ///
        /// ```
        /// use qipan::core::{EndReason, notation::parse_move};
        ///
        /// let game = qipan::load("chess", &[])?;
        /// let mut pos = game.start();
        /// for text in ["f2-f3", "e7-e5", "g2-g4", "d8-h4"] {
        ///     pos.play(&parse_move(&pos, text)?)?;
        /// }
        /// let reason = &pos.outcome().unwrap().reason;
        /// assert_eq!(*reason, EndReason::Checkmate);
        /// assert_eq!(reason.to_string(), "checkmate");
        /// assert_eq!(EndReason::QuietMoves.as_str(), "too many moves without a capture");
        /// assert_eq!(EndReason::Other("adjudicated".into()).to_string(), "adjudicated");
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        #[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum EndReason {
            $($(#[$doc])* $name,)*
            /// A reason given by whoever ended the game outside the rules (the end of a record, a
            /// simulation's own ply limit, an adjudication).
            Other(String),
        }

        /// An end reason's words.
        ///
        /// ```
        /// use qipan::core::EndReason;
        ///
        /// assert_eq!(EndReason::MoveLimit.as_str(), "move limit reached");
        /// assert_eq!(EndReason::Other("adjudicated".into()).to_string(), "adjudicated");
        /// ```
        impl EndReason {
            /// The reason in words, as records and reports write it.
            ///
            /// ```
            /// use qipan::core::EndReason;
            ///
            /// assert_eq!(EndReason::LastSideStanding.as_str(), "last side standing");
            /// assert_eq!(EndReason::MoveLimit.as_str(), "move limit reached");
            /// ```
            pub fn as_str(&self) -> &str {
                match self {
                    $(EndReason::$name => $words,)*
                    EndReason::Other(why) => why,
                }
            }

            /// The reason whose words these are ([`EndReason::as_str`] read back); other words are
            /// [`EndReason::Other`].
            ///
            /// ```
            /// use qipan::core::EndReason;
            ///
            /// assert_eq!(EndReason::from_words("move limit reached"), EndReason::MoveLimit);
            /// assert_eq!(EndReason::from_words("adjudicated"), EndReason::Other("adjudicated".into()));
            /// ```
            pub fn from_words(words: &str) -> EndReason {
                match words {
                    $($words => EndReason::$name,)*
                    other => EndReason::Other(other.to_string()),
                }
            }
        }
    };
}

end_reasons! {
    /// The player of the seat to move resigned.
    Resignation => "resignation",
    /// A `game_over` hook named the winners.
    Script => "decided by the rules' script",
    /// A player's counter reached one of the game's goals.
    GoalReached => "a goal was reached",
    /// A seat made a line of the game's line goals ([`LineGoal`](crate::rules::LineGoal)).
    Line => "a line was made",
    /// A seat's pieces made a connection of the game's connection goals
    /// ([`ConnectGoal`](crate::rules::ConnectGoal)).
    Connection => "a connection was made",
    /// A piece reached a zone of the game's reach goals ([`ReachGoal`](crate::rules::ReachGoal)).
    ZoneReached => "a piece reached its goal",
    /// Hostile pieces ringed a side in ([`EncloseGoal`](crate::rules::EncloseGoal)).
    Enclosed => "a side was enclosed",
    /// A piece stood on the edge, able to move, in a fort no enemy can break
    /// ([`FortGoal`](crate::rules::FortGoal)).
    Fort => "an unbreakable fort was made",
    /// A seat's count of pieces fell below one of the game's count goals
    /// ([`CountGoal`](crate::rules::CountGoal)) that wins.
    PieceCount => "a count of pieces was reached",
    /// A move filled the board, and the rules give a full board to a seat
    /// ([`EndRules::full`](crate::rules::EndRules::full)).
    BoardFull => "the board is full",
    /// One side is left ([`EndRules::last_standing`](crate::rules::EndRules::last_standing)).
    LastSideStanding => "last side standing",
    /// A seat without a legal move was in check, and lost.
    Checkmate => "checkmate",
    /// A seat without a legal move was in check, and the rules call it a draw.
    CheckmateDrawn => "checkmate (drawn under these rules)",
    /// A seat had no legal move (and was not in check, or the game has no check rule).
    NoLegalMove => "no legal move",
    /// The players passed in a row as often as the rules end the game on.
    ConsecutivePasses => "consecutive passes",
    /// Every seat still playing passed in turn, each forced to: nobody can ever move again.
    NoSeatCanMove => "no seat can move",
    /// The game's move limit was reached.
    MoveLimit => "move limit reached",
    /// Too many plies without a capture (the fifty-move rule).
    QuietMoves => "too many moves without a capture",
    /// One arrangement occurred as often as the rules allow.
    Repetition => "repetition",
    /// A counting rule's count passed its limit ([`crate::rules::counting`]: makruk's honours).
    Counting => "the count reached its limit",
    /// The material left is a dead case of the game's: no side can ever win
    /// ([`crate::rules::insufficient`]).
    InsufficientMaterial => "insufficient material",
    /// A repetition in which one side gave check with every move: that side loses
    /// ([`crate::rules::perpetual`]).
    PerpetualCheck => "perpetual check",
    /// A search's playout stopped at its length limit and scored where it stood (see
    /// [`crate::ai::mcts`]); never the result of a game.
    PlayoutCut => "playout cut",
    /// A seat passed while pieces faced each other ([`crate::rules::facing`], janggi's bikjang).
    Facing => "the pieces faced each other",
}

impl std::fmt::Display for EndReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Writes points without a trailing `.0` (`5.5`, `3`), and whole numbers written out however large (a
/// product of group sizes may pass what an `i64` holds; past 2^53 the digits are the `f64`'s shortest).
///
/// ```
/// use qipan::core::outcome::fmt_points;
///
/// assert_eq!(fmt_points(5.5), "5.5");
/// assert_eq!(fmt_points(3.0), "3");
/// assert_eq!(fmt_points(0.25), "0.25");
/// assert_eq!(fmt_points(2.0 - 1e-12), "2");
/// assert_eq!(fmt_points(-1e-12), "0");
/// assert_eq!(fmt_points(1e20), "100000000000000000000"); // past `i64::MAX`
/// ```
pub fn fmt_points(x: f64) -> String {
    // `+ 0.0` turns a rounded -0 into 0.
    if (x - x.round()).abs() < 1e-9 { format!("{}", x.round() + 0.0) } else { format!("{x}") }
}
