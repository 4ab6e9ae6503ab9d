//! A solver for any game type: finds a list of moves that wins a given
//! position (it sees face-down cards; it is for scripted wins of fixed
//! deals, not for hints).
//!
//! Depth-first search, children best first:
//!
//! - Every move is followed by the automatic moves the session would make,
//!   so the returned moves replay exactly through `core::Session`.
//! - A transposition table holds a 64-bit hash of every position reached.
//!   Piles that play alike are hashed as a set (tableau piles unless
//!   CoveredBy or a stock dealing to the tableau tells them apart, reserve
//!   piles unless FillFrom uses reserve 1, foundations unless the stock or an
//!   addition game fills foundation 1), and the redeal count only when
//!   redeals are limited.
//! - Moves that cannot help are not tried: moving a whole pile to an empty
//!   pile of the same kind when such piles are interchangeable.
//! - A safe lay-off is made alone: with one deck and foundations built up in
//!   suit, a card may go up when every card that could be built on it in the
//!   tableau is already on a foundation (so no position is lost by it).
//! - Children are ordered by a position score: cards on foundations (or off
//!   the tableau for WinWhen=TableauEmpty), face-down cards, empty piles,
//!   occupied free cells, cards resting on a card they build on.

use std::collections::HashSet;
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
    /// The node limit was reached first.
    NodeLimit { nodes: u64 },
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

/// Searches for a win from `start`, expanding at most `max_nodes` positions.
pub fn solve(start: &Solitaire, max_nodes: u64) -> Result<Solution, Unsolved> {
    let mut search = Search { seen: HashSet::default(), nodes: 1 };
    if start.is_won() {
        return Ok(Solution { moves: Vec::new(), nodes: 1 });
    }
    search.seen.insert(position_hash(start));
    let first = search.children(start);
    let mut path: Vec<Frame> = vec![Frame { state: start.clone(), children: first }];
    let mut moves: Vec<String> = Vec::new();
    while let Some(frame) = path.last_mut() {
        let Some(child) = frame.children.pop() else {
            path.pop();
            moves.pop();
            continue;
        };
        if !search.seen.insert(child.hash) {
            continue;
        }
        let mut next = frame.state.clone();
        let text = next.move_text(&child.m);
        play(&mut next, &child.m);
        moves.push(text);
        search.nodes += 1;
        if next.is_won() {
            return Ok(Solution { moves, nodes: search.nodes });
        }
        if search.nodes >= max_nodes {
            return Err(Unsolved::NodeLimit { nodes: search.nodes });
        }
        let children = search.children(&next);
        path.push(Frame { state: next, children });
    }
    Err(Unsolved::Exhausted { nodes: search.nodes })
}

struct Frame {
    state: Solitaire,
    /// Children not yet tried, best last.
    children: Vec<Child>,
}

struct Child {
    m: SolMove,
    hash: u64,
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

struct Search {
    seen: HashSet<u64, BuildHasherDefault<Identity>>,
    nodes: u64,
}

impl Search {
    /// The moves worth trying from `state` that lead to new positions, best
    /// last.
    fn children(&self, state: &Solitaire) -> Vec<Child> {
        let legal: Vec<SolMove> = state.legal_moves().into_iter().filter(|m| !pointless(state, m)).collect();
        let tried = match legal.iter().find(|m| safe_lay_off(state, m)) {
            Some(&safe) => vec![safe],
            None => legal,
        };
        let mut scored: Vec<(i64, Child)> = Vec::with_capacity(tried.len());
        for m in tried.into_iter().rev() {
            let mut next = state.clone();
            play(&mut next, &m);
            let hash = position_hash(&next);
            if !self.seen.contains(&hash) {
                let score = if next.is_won() { i64::MAX } else { score(&next) };
                scored.push((score, Child { m, hash }));
            }
        }
        scored.sort_by_key(|(score, _)| *score);
        scored.into_iter().map(|(_, c)| c).collect()
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
    let mut total = 0u64;
    for kind in PileKind::ALL {
        let mut hashes: Vec<u64> = (0..state.pile_count(kind)).map(|i| pile_hash(state.pile(kind, i))).collect();
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
    let mut v = 100 * state.cards_on_foundations() as i64;
    for t in 0..state.pile_count(PileKind::Tableau) {
        let pile = state.pile(PileKind::Tableau, t);
        if rules.win_when == WinWhen::TableauEmpty {
            v -= 100 * pile.len() as i64;
        }
        if pile.is_empty() && rules.tableau.fill_empty {
            v += 25;
        }
        for (i, slot) in pile.iter().enumerate() {
            if !slot.face_up {
                v -= 20 + (pile.len() - i) as i64;
            }
        }
        for w in pile.windows(2) {
            if w[0].face_up && state.builds_on(w[1].card, w[0].card) {
                v += if w[0].card.suit == w[1].card.suit { 8 } else { 5 };
            }
        }
    }
    if rules.reserve.max_allowed > 0 {
        let held: usize = (0..state.pile_count(PileKind::Reserve)).map(|r| state.pile(PileKind::Reserve, r).len()).sum();
        v -= 10 * held as i64;
    }
    v
}

#[cfg(test)]
mod tests {
    use super::super::engine::SolitaireVariant;
    use super::super::rules::examples;
    use super::*;
    use crate::core::{Session, Status, Variant};

    #[test]
    #[ignore]
    fn figures() {
        for (name, rules) in examples::all() {
            let v = SolitaireVariant::new(name, 0, rules.clone(), rules).unwrap();
            for seed in 0..8 {
                let s = Session::new(v.clone(), seed);
                let t = std::time::Instant::now();
                let r = solve(s.state(), 2_000_000);
                let ms = t.elapsed().as_millis();
                match r {
                    Ok(sol) => eprintln!("{name} {seed}: won in {} moves, {} nodes, {ms} ms", sol.moves.len(), sol.nodes),
                    Err(e) => eprintln!("{name} {seed}: {e:?}, {ms} ms"),
                }
            }
        }
        let _ = Status::Won;
    }
}
