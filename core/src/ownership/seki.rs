//! Seki: groups alive without two eyes, because neither side can fill the liberties they share.

use crate::board::NodeId;
use crate::position::Position;
use crate::rules::Scoring;

/// A group whose eye space is one region of at most this many points has no two eyes.
const SMALL_EYE: usize = 5;

/// A region of empty points shared by the two sides is a seki's shared liberties when it has at most this many.
const SHARED: usize = 3;

/// The stones in seki: stones of groups (chains of a player joined by the empty regions only they border) that
/// have no two eyes (at most one region of their own, of at most 5 points) and whose every other
/// liberty is in a small region (3 points at most) shared only with enemy groups in the same state.
/// Whoever plays a shared liberty puts its own group in atari, so both live. Random playouts do not see
/// that, so the dead-stone estimate spares these stones ([`super::Ownership::dead_stones`]). Empty for games
/// not scored by area.
///
/// ```
/// use qipan::core::{notation::parse_move, ownership::seki_stones};
///
/// // 5×5. White's A3-D3-D1 and Black's A1-B2 have no eye and share C1 and C2: whoever fills one is taken.
/// //   5 . . . . .
/// //   4 X X X X X
/// //   3 O O O O X
/// //   2 X X . O X
/// //   1 X X . O X
/// let game = qipan::load("go", &[("size".into(), "5".into())])?;
/// let mut pos = game.start();
/// let moves = "A4 A3 B4 B3 C4 C3 D4 D3 E4 D2 E3 D1 E2 pass E1 pass A2 pass B2 pass A1 pass B1";
/// for t in moves.split(' ') {
///     pos.play(&parse_move(&pos, t)?)?;
/// }
/// let mut seki: Vec<&str> = seki_stones(&pos).iter().map(|&n| game.board.label(n)).collect();
/// seki.sort();
/// assert_eq!(seki, ["A1", "A2", "A3", "B1", "B2", "B3", "C3", "D1", "D2", "D3"]);
/// // Give Black an eye at A1 and it wins the race: no seki.
/// let mut pos = game.start();
/// for t in moves.replace(" pass A1", "").split(' ') {
///     pos.play(&parse_move(&pos, t)?)?;
/// }
/// assert!(seki_stones(&pos).is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn seki_stones(pos: &Position) -> Vec<NodeId> {
    let Scoring::Area { relation, .. } = pos.game().rules.scoring else { return Vec::new() };
    let board = &pos.game().board;
    let n = board.len();
    let seat_of = |x: NodeId| pos.cell(x).map(|c| pos.controller(c.seat));
    // Chains: stones of one player joined by the relation.
    let mut chain = vec![usize::MAX; n];
    let mut player = Vec::new();
    let mut stack = Vec::new();
    for start in board.node_ids() {
        let Some(s) = seat_of(start) else { continue };
        if chain[start.idx()] != usize::MAX {
            continue;
        }
        chain[start.idx()] = player.len();
        stack.push(start);
        while let Some(x) = stack.pop() {
            for e in board.edges(relation, x) {
                if chain[e.to.idx()] == usize::MAX && seat_of(e.to) == Some(s) {
                    chain[e.to.idx()] = player.len();
                    stack.push(e.to);
                }
            }
        }
        player.push(s);
    }
    let chains = player.len();
    // Empty regions: their size, the chains that border them, whether one player alone does.
    struct Region {
        size: usize,
        border: Vec<usize>,
        own: bool,
    }
    let mut seen = vec![false; n];
    let mut regions: Vec<Region> = Vec::new();
    for start in board.node_ids() {
        if seat_of(start).is_some() || seen[start.idx()] {
            continue;
        }
        let mut region = Region { size: 0, border: Vec::new(), own: true };
        seen[start.idx()] = true;
        stack.push(start);
        while let Some(x) = stack.pop() {
            region.size += 1;
            for e in board.edges(relation, x) {
                match chain.get(e.to.idx()).copied().filter(|&c| c != usize::MAX) {
                    Some(c) if !region.border.contains(&c) => region.border.push(c),
                    Some(_) => {}
                    None if !seen[e.to.idx()] => {
                        seen[e.to.idx()] = true;
                        stack.push(e.to);
                    }
                    None => {}
                }
            }
        }
        region.own = region.border.windows(2).all(|w| player[w[0]] == player[w[1]]);
        regions.push(region);
    }
    // Groups: chains joined through the regions only their player borders.
    let mut group: Vec<usize> = (0..chains).collect();
    fn root(group: &mut [usize], mut c: usize) -> usize {
        while group[c] != c {
            group[c] = group[group[c]];
            c = group[c];
        }
        c
    }
    for r in regions.iter().filter(|r| r.own) {
        for w in r.border.windows(2) {
            let (a, b) = (root(&mut group, w[0]), root(&mut group, w[1]));
            group[a] = b;
        }
    }
    let groups: Vec<usize> = (0..chains).map(|c| root(&mut group, c)).collect();
    // Each group's eye space.
    let mut eyes = vec![(0usize, 0usize); chains];
    for r in regions.iter().filter(|r| r.own) {
        if let Some(&c) = r.border.first() {
            eyes[groups[c]].0 += 1;
            eyes[groups[c]].1 += r.size;
        }
    }
    // Candidates: groups without two eyes; a candidate stays while every shared region it borders is small
    // and borders only candidates.
    let mut candidate: Vec<bool> =
        (0..chains).map(|g| groups[g] == g && eyes[g].0 <= 1 && eyes[g].1 <= SMALL_EYE).collect();
    // A group with an eye wins the race against one without: the groups around a shared region have as many
    // eyes as each other.
    let mut shared = vec![0usize; chains];
    loop {
        let mut changed = false;
        shared.iter_mut().for_each(|s| *s = 0);
        for r in regions.iter().filter(|r| !r.own) {
            let g0 = groups[r.border[0]];
            let ok =
                r.size <= SHARED && r.border.iter().all(|&c| candidate[groups[c]] && eyes[groups[c]].0 == eyes[g0].0);
            for &c in &r.border {
                let g = groups[c];
                if !ok && candidate[g] {
                    candidate[g] = false;
                    changed = true;
                }
                shared[g] += r.size;
            }
        }
        if !changed {
            break;
        }
    }
    // Without eyes, one shared liberty is an atari: the side to move takes.
    let seki = |g: usize| candidate[g] && shared[g] > 0 && (eyes[g].0 == 1 || shared[g] >= 2);
    board.node_ids().filter(|&x| chain[x.idx()] != usize::MAX && seki(groups[chain[x.idx()]])).collect()
}
