//! A solver for any game type: finds a list of moves that wins a given
//! position (it sees face-down cards; it is for scripted wins of fixed
//! deals, not for hints).
//!
//! Greedy best-first search: the most promising position found so far is
//! expanded next (ties: the newest first).
//!
//! - Every move is followed by the automatic moves the session would make,
//!   so the returned moves replay exactly through `core::Session`.
//! - A transposition table holds a 64-bit hash of every position reached.
//!   Piles that play alike are hashed as a set (tableau piles unless
//!   CoveredBy or a stock dealing to the tableau tells them apart, reserve
//!   piles unless FillFrom uses reserve 1, foundations unless the stock or an
//!   addition game fills foundation 1), foundations by their length and top
//!   card (unless TakeBack may bring back cards that these do not tell: an
//!   up-and-down build, or one regardless of suit), and the redeal count
//!   only when redeals are limited.
//! - Expanded positions are kept packed (a byte per card); waiting ones as
//!   their parent and a move, so memory grows with the node limit only.
//! - Moves that cannot help are not tried: moving a whole pile to an empty
//!   pile of the same kind when such piles are interchangeable.
//! - A safe lay-off is made alone: with one deck and foundations built up in
//!   suit, a card may go up when every card that could be built on it in the
//!   tableau is already on a foundation (so no position is lost by it).
//! - Positions are scored by cards on foundations (or off the tableau for
//!   WinWhen=TableauEmpty), face-down cards, empty piles, occupied free
//!   cells, cards resting on a card they build on, cards left in a stock
//!   that deals to the tableau, (foundations built up in suit) cards lying
//!   above a card that must go up before them, and (Discard) cards lying
//!   above a higher card of their suit. Sideways moves (a stack from one
//!   card it builds on to another no better) wait a little longer.
//!
//! Every pruning above is safe, so [`Unsolved::Exhausted`] means the
//! position cannot be won (barring a 64-bit hash collision).

use std::cmp::Ordering;
use std::collections::{BinaryHeap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

use crate::cards::{Card, Rank, Suit};
use crate::core::Game;

use super::engine::{Slot, SolMove, Solitaire};
use super::rules::{Build, DealTo, PileKind, Sequence, WinWhen};

/// A winning line of play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The moves, as move texts, to play one after the other (automatic
    /// moves in between are the session's, not listed).
    pub moves: Vec<String>,
    /// Positions expanded.
    pub nodes: u64,
}

/// Why no solution came back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unsolved {
    /// Every position reachable was searched: the position cannot be won.
    Exhausted { nodes: u64 },
    /// The node limit was reached before a win was found.
    GaveUp { nodes: u64 },
}

/// At most this many automatic moves follow one move (as in the session).
const AUTO_LIMIT: usize = 10_000;

/// Makes `m` and the automatic moves that follow it.
fn play(state: &mut Solitaire, m: &SolMove) {
    state.apply(m);
    for _ in 0..AUTO_LIMIT {
        let Some(auto) = state.auto_move() else { break };
        if state.check(&auto).is_err() {
            break;
        }
        state.apply(&auto);
    }
}

/// An expanded position: how it was reached, and the position packed.
struct Node {
    parent: usize,
    m: Option<SolMove>,
    packed: Vec<u8>,
}

/// A position waiting to be expanded: its parent and the move to it.
struct Waiting {
    score: i64,
    seq: u64,
    parent: usize,
    m: SolMove,
}

impl PartialEq for Waiting {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Waiting {}

impl PartialOrd for Waiting {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Waiting {
    fn cmp(&self, other: &Self) -> Ordering {
        (self.score, self.seq).cmp(&(other.score, other.seq))
    }
}

/// Searches for a win from `start`, expanding at most `max_nodes` positions.
pub fn solve(start: &Solitaire, max_nodes: u64) -> Result<Solution, Unsolved> {
    if start.is_won() {
        return Ok(Solution { moves: Vec::new(), nodes: 0 });
    }
    let mut seen: HashSet<u64, BuildHasherDefault<Identity>> = HashSet::default();
    seen.insert(position_hash(start));
    let mut nodes = vec![Node { parent: 0, m: None, packed: start.pack() }];
    let mut open: BinaryHeap<Waiting> = BinaryHeap::new();
    let mut seq = 0;
    let (mut current, mut state) = (0, start.clone());
    loop {
        for m in worth_trying(&state) {
            let mut next = state.clone();
            play(&mut next, &m);
            if next.is_won() {
                let mut moves = vec![start.move_text(&m)];
                let mut at = current;
                while let Some(m) = &nodes[at].m {
                    moves.push(start.move_text(m));
                    at = nodes[at].parent;
                }
                moves.reverse();
                return Ok(Solution { moves, nodes: nodes.len() as u64 });
            }
            if seen.insert(position_hash(&next)) {
                seq += 1;
                let score = score(&next) - if sideways(&state, &m) { SIDEWAYS } else { 0 };
                open.push(Waiting { score, seq, parent: current, m });
            }
        }
        if nodes.len() as u64 >= max_nodes {
            return Err(Unsolved::GaveUp { nodes: nodes.len() as u64 });
        }
        let Some(next) = open.pop() else {
            return Err(Unsolved::Exhausted { nodes: nodes.len() as u64 });
        };
        state = start.unpack(&nodes[next.parent].packed);
        play(&mut state, &next.m);
        nodes.push(Node { parent: next.parent, m: Some(next.m), packed: state.pack() });
        current = nodes.len() - 1;
    }
}

/// The moves worth trying from `state`: a safe lay-off alone if there is
/// one, else every legal move but the pointless ones.
fn worth_trying(state: &Solitaire) -> Vec<SolMove> {
    let legal: Vec<SolMove> = state.legal_moves().into_iter().filter(|m| !pointless(state, m)).collect();
    match legal.iter().find(|m| safe_lay_off(state, m)) {
        Some(&safe) => vec![safe],
        None => legal,
    }
}

/// Hash-set hasher for keys that are already hashes.
#[derive(Default)]
struct Identity(u64);

impl Hasher for Identity {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

fn tableau_symmetric(state: &Solitaire) -> bool {
    let rules = state.rules();
    rules.tableau.covered_by.iter().all(Vec::is_empty)
        && (rules.stock.deal_to != DealTo::Tableau
            || (0..state.pile_count(PileKind::Stock)).all(|i| state.pile(PileKind::Stock, i).is_empty()))
}

fn symmetric(state: &Solitaire, kind: PileKind) -> bool {
    let rules = state.rules();
    match kind {
        PileKind::Tableau => tableau_symmetric(state),
        PileKind::Reserve => !rules.tableau.fill_from_reserve,
        PileKind::Foundation => rules.stock.deal_to != DealTo::Foundation && rules.addition == 0,
        PileKind::Stock | PileKind::Waste => false,
    }
}

/// Moves that cannot lead anywhere new: a whole pile onto an empty pile of
/// the same kind, when those piles are interchangeable.
fn pointless(state: &Solitaire, m: &SolMove) -> bool {
    let SolMove::Move { from, count, to } = *m else { return false };
    let src = state.pile(from.kind, from.index());
    from.kind == to.kind
        && usize::from(count) == src.len()
        && state.pile(to.kind, to.index()).is_empty()
        && symmetric(state, from.kind)
}

/// How much less a sideways move is worth trying than the position it
/// leads to.
const SIDEWAYS: i64 = 20;

/// A move of tableau cards that already rest on a card they build on to
/// another non-empty tableau pile, onto a card no better (one of their suit
/// is better than one of another): it uncovers nothing new.
fn sideways(state: &Solitaire, m: &SolMove) -> bool {
    let SolMove::Move { from, count, to } = *m else { return false };
    if from.kind != PileKind::Tableau || to.kind != PileKind::Tableau {
        return false;
    }
    let src = state.pile(from.kind, from.index());
    let Some(base) = src.len().checked_sub(usize::from(count) + 1) else { return false };
    let Some(onto) = state.pile(to.kind, to.index()).last() else { return false };
    let moving = src[base + 1].card;
    let fit = |under: Card| match (state.builds_on(moving, under), under.suit == moving.suit) {
        (false, _) => 0,
        (true, false) => 1,
        (true, true) => 2,
    };
    src[base].face_up && fit(src[base].card) > 0 && fit(onto.card) <= fit(src[base].card)
}

/// Steps from the foundations' start rank to `rank` going up (with wrap).
fn steps_up(state: &Solitaire, rank: Rank) -> Option<usize> {
    let rules = state.rules();
    let (from, to) = (rules.order(state.start_rank()), rules.order(rank));
    if to >= from {
        Some(usize::from(to - from))
    } else if rules.foundation.allow_wrap {
        Some(usize::from(to + 13 - from))
    } else {
        None
    }
}

/// Whether a card of this suit at this many steps from the start is on a
/// foundation already.
fn laid_off(state: &Solitaire, suit: Suit, steps: usize) -> bool {
    (0..state.pile_count(PileKind::Foundation)).any(|f| {
        let pile = state.pile(PileKind::Foundation, f);
        pile.first().is_some_and(|s| s.card.suit == suit) && pile.len() > steps
    })
}

/// A lay-off no winning line needs to postpone (see the module notes).
fn safe_lay_off(state: &Solitaire, m: &SolMove) -> bool {
    let rules = state.rules();
    let f = &rules.foundation;
    let SolMove::Move { from, count: 1, to } = *m else { return false };
    if to.kind != PileKind::Foundation
        || from.kind == PileKind::Foundation
        || rules.decks != 1
        || f.build != Build::Up
        || !f.suit_check
        || f.discard
        || f.complete_sequences
        || rules.tableau.sequence == Sequence::Any
    {
        return false;
    }
    let Some(card) = state.pile(from.kind, from.index()).last().map(|s| s.card) else { return false };
    Suit::ALL.into_iter().filter(|&s| rules.suits.contains(&s)).all(|suit| {
        Rank::all().all(|rank| {
            let other = Card::new(rank, suit);
            !state.builds_on(other, card) || steps_up(state, rank).is_some_and(|steps| laid_off(state, suit, steps))
        })
    })
}

fn slot_code(s: &Slot) -> u64 {
    (u64::from(s.card.rank.value()) << 3) | ((s.card.suit as u64) << 1) | u64::from(s.face_up)
}

fn mix(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

fn pile_hash(pile: &[Slot]) -> u64 {
    let h = pile.iter().fold(0x9e37_79b9_7f4a_7c15_u64, |h, s| (h ^ slot_code(s)).wrapping_mul(0x0000_0100_0000_01b3));
    mix(h ^ pile.len() as u64)
}

/// The transposition-table key of a position (see the module notes).
fn position_hash(state: &Solitaire) -> u64 {
    let f = &state.rules().foundation;
    // Below a foundation's top card only its length matters, unless cards
    // may come back from a foundation whose lower cards its top does not
    // tell (built up and down, or regardless of suit).
    let whole_foundations = f.take_back && (f.build == Build::UpDown || !f.suit_check);
    let mut total = 0u64;
    for kind in PileKind::ALL {
        let mut hashes: Vec<u64> = (0..state.pile_count(kind))
            .map(|i| {
                let pile = state.pile(kind, i);
                match pile.split_last() {
                    Some((top, below)) if kind == PileKind::Foundation && !whole_foundations => {
                        mix(slot_code(top) ^ ((below.len() as u64) << 16))
                    }
                    _ => pile_hash(pile),
                }
            })
            .collect();
        if symmetric(state, kind) {
            hashes.sort_unstable();
        }
        for h in hashes {
            total = mix(total ^ h).wrapping_add(kind as u64);
        }
    }
    if state.rules().stock.redeals.is_some() {
        total = mix(total ^ u64::from(state.recycles()));
    }
    total
}

/// How promising a position looks; higher is better.
fn score(state: &Solitaire) -> i64 {
    let rules = state.rules();
    let f = &rules.foundation;
    let in_suit = f.build == Build::Up && f.suit_check && !f.discard && !f.complete_sequences && rules.addition == 0;
    let mut v = 100 * state.cards_on_foundations() as i64;
    for t in 0..state.pile_count(PileKind::Tableau) {
        let pile = state.pile(PileKind::Tableau, t);
        if in_suit {
            // Cards above a card that must reach the foundations before them.
            let mut lowest = usize::MAX;
            for slot in pile {
                let steps = steps_up(state, slot.card.rank).unwrap_or(13);
                if steps > lowest {
                    v -= 6;
                }
                lowest = lowest.min(steps);
            }
        }
        if f.discard {
            // A card above a higher one of its suit cannot use it to go.
            for (i, low) in pile.iter().enumerate() {
                let order = rules.order(low.card.rank);
                let blocked =
                    pile[..i].iter().any(|h| h.card.suit == low.card.suit && rules.order(h.card.rank) > order);
                if blocked {
                    v -= 10;
                }
            }
        }
        if rules.win_when == WinWhen::TableauEmpty {
            v -= 100 * pile.len() as i64;
        }
        if pile.is_empty() && rules.tableau.fill_empty {
            v += 25;
        }
        if let Some(last_down) = pile.iter().rposition(|s| !s.face_up) {
            let down = pile.iter().filter(|s| !s.face_up).count();
            v -= 20 * down as i64 + (pile.len() - last_down) as i64;
        }
        for w in pile.windows(2).filter(|_| rules.tableau.sequence != Sequence::Any) {
            if w[0].face_up && state.builds_on(w[1].card, w[0].card) {
                v += if w[0].card.suit == w[1].card.suit {
                    8
                } else if rules.tableau.stack_suit_check {
                    // Such cards do not move together.
                    1
                } else {
                    5
                };
            }
        }
    }
    if rules.stock.deal_to == DealTo::Tableau {
        let stock: usize = (0..state.pile_count(PileKind::Stock)).map(|i| state.pile(PileKind::Stock, i).len()).sum();
        // Dealing onto a layout of several suits makes a mess that is hard
        // to undo: the more suits, the more a card still in the stock is
        // worth (weights found by trying Spider with one, two, four suits).
        let worth = match rules.suits.len() {
            1 => -1,
            2 => 1,
            _ => 3,
        };
        v += worth * stock as i64;
    }
    if rules.reserve.max_allowed > 0 {
        let held: usize =
            (0..state.pile_count(PileKind::Reserve)).map(|r| state.pile(PileKind::Reserve, r).len()).sum();
        v -= 10 * held as i64;
    }
    v
}

#[cfg(test)]
mod tests {
    use super::super::engine::SolitaireVariant;
    use super::super::rules::{Rules, examples};
    use super::*;
    use crate::core::{Session, Status, Variant};

    fn variant(name: &str, rules: Rules) -> SolitaireVariant {
        SolitaireVariant::new(name, 0, rules.clone(), rules).unwrap()
    }

    /// Solves the deal and replays the moves through a session to a win.
    fn solve_and_replay(v: SolitaireVariant, seed: u64) -> Solution {
        let mut session = Session::new(v, seed);
        let solution = solve(session.state(), 200_000).unwrap_or_else(|e| panic!("seed {seed}: {e:?}"));
        for text in &solution.moves {
            session.play_text(text).unwrap_or_else(|r| panic!("{text}: {r}"));
        }
        assert_eq!(session.state().status(), Status::Won);
        solution
    }

    #[test]
    fn wins_microsoft_deal_one_and_the_moves_replay() {
        let v = variant("freecell", examples::freecell()).with_options("easy,ms").unwrap();
        let solution = solve_and_replay(v, 1);
        assert!(solution.moves.len() > 52, "{}", solution.moves.len());
    }

    #[test]
    fn wins_a_deal_of_each_kind_of_game() {
        let seeds =
            [("klondike", 0), ("the-chance", 2), ("spider-one-suit", 6), ("golf", 7), ("pyramid", 0), ("aces-up", 2)];
        let more = [("yukon", 0), ("bakers-dozen", 1), ("canfield", 4), ("scorpion", 6), ("freecell", 2)];
        for (name, seed) in seeds.into_iter().chain(more) {
            let rules = examples::all().into_iter().find(|(n, _)| *n == name).unwrap().1;
            solve_and_replay(variant(name, rules), seed);
        }
    }

    #[test]
    fn says_when_a_deal_cannot_be_won() {
        let session = Session::new(variant("the-chance", examples::the_chance()), 7);
        assert!(matches!(solve(session.state(), 10_000), Err(Unsolved::Exhausted { .. })));
        assert!(matches!(solve(session.state(), 5), Err(Unsolved::GaveUp { nodes: 5 })));
    }

    /// Solver figures for the report (not a test of speed): run with
    /// `cargo test --release solver_figures -- --ignored --nocapture`;
    /// FIG_GAMES=klondike,golf picks games, FIG_NODES the node limit.
    #[test]
    #[ignore]
    fn solver_figures() {
        let only = std::env::var("FIG_GAMES").unwrap_or_default();
        let limit = std::env::var("FIG_NODES").ok().and_then(|n| n.parse().ok()).unwrap_or(300_000);
        for (name, rules) in examples::all().into_iter().filter(|(n, _)| only.is_empty() || only.contains(n)) {
            let v = variant(name, rules);
            for seed in 0..8 {
                let s = Session::new(v.clone(), seed);
                let t = std::time::Instant::now();
                match solve(s.state(), limit) {
                    Ok(sol) => eprintln!(
                        "{name} {seed}: won in {} moves, {} nodes, {:?}",
                        sol.moves.len(),
                        sol.nodes,
                        t.elapsed()
                    ),
                    Err(e) => eprintln!("{name} {seed}: {e:?}, {:?}", t.elapsed()),
                }
            }
        }
    }
}
