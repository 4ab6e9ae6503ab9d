//! The transposition-table key of a position: a 128-bit fingerprint of the
//! position in canonical form, so that positions which play alike get the
//! same key.
//!
//! Canonical form:
//! - Piles that play alike are taken as a set (their fingerprints summed):
//!   tableau piles unless CoveredBy or a stock that still deals to the
//!   tableau tells them apart, reserve piles unless FillFrom uses reserve 1,
//!   foundations unless the stock or an addition game fills foundation 1.
//! - A foundation is its length and top card, unless TakeBack may bring
//!   back cards that these do not tell (an up-and-down build, or one
//!   regardless of suit).
//! - The redeal count only when redeals are limited.
//! - A stock that no card goes back into is its length: it holds the
//!   bottom cards of what it was dealt (Spider, Forty Thieves).
//! - Where the stock deals to the waste, its deals are folded into the
//!   moves (see [`moves`](super::moves)) and redeals are unlimited, the
//!   stock and the waste are one cycle of cards whenever the waste holds
//!   a whole number of deals or the stock is empty: from any such split,
//!   deals and turning the waste over reach every other (and nothing
//!   else changes), so the moves from each are the same. The split counts
//!   otherwise: a waste part-way through a deal can bring up cards that a
//!   whole number of deals never shows (Draw Three).
//! - Where the runs lying on twins are a set (see
//!   [`twins_interchange`]), they are dealt out among the twins in a
//!   fixed order: the run whose first card is lowest onto the lowest twin
//!   (an open twin last), so that positions that differ only in which
//!   black four lies on which red five share a key. In Klondike most
//!   positions a lost deal goes through are such copies of others: of
//!   deal 12 of Draw Three, 763,000 positions are 133,000 this way.
//!
//! With 128 bits a collision among even a billion positions has a chance
//! below 10^-20, so a search that runs out of positions is a proof.

use crate::cards::Card;
use crate::solitaire::engine::{Slot, Solitaire};
use crate::solitaire::rules::{Build, DealTo, PileKind, Rules};

use super::moves::{folds_stock, twins_interchange};

/// A position's fingerprint.
pub type Key = u128;

/// Which pile kinds are interchangeable sets in this game right now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symmetry {
    tableau: bool,
    reserve: bool,
    foundation: bool,
}

impl Symmetry {
    pub fn of(state: &Solitaire) -> Symmetry {
        let rules = state.rules();
        let stock_deals_to_tableau = rules.stock.deal_to == DealTo::Tableau
            && (0..state.pile_count(PileKind::Stock)).any(|i| !state.pile(PileKind::Stock, i).is_empty());
        Symmetry {
            tableau: !rules.tableau.piles_cover() && !stock_deals_to_tableau,
            reserve: !rules.tableau.fill_from_reserve,
            foundation: rules.stock.deal_to != DealTo::Foundation && rules.addition == 0,
        }
    }

    /// Whether the piles of `kind` form a set.
    pub fn of_kind(self, kind: PileKind) -> bool {
        match kind {
            PileKind::Tableau => self.tableau,
            PileKind::Reserve => self.reserve,
            PileKind::Foundation => self.foundation,
            PileKind::Stock | PileKind::Waste => false,
        }
    }
}

fn slot_code(s: &Slot) -> u64 {
    (u64::from(s.card.rank.value()) << 3) | ((s.card.suit as u64) << 1) | u64::from(s.face_up)
}

/// Two independent 64-bit lanes, finished with a strong mixer each.
#[derive(Clone, Copy)]
struct Lanes(u64, u64);

impl Lanes {
    const START: Lanes = Lanes(0x9e37_79b9_7f4a_7c15, 0xc2b2_ae3d_27d4_eb4f);

    fn add(self, v: u64) -> Lanes {
        Lanes(
            (self.0 ^ v).wrapping_mul(0x0000_0100_0000_01b3).rotate_left(23),
            (self.1.rotate_left(29) ^ v).wrapping_mul(0xff51_afd7_ed55_8ccd),
        )
    }

    fn finish(self) -> Key {
        (u128::from(mix(self.0)) << 64) | u128::from(mix(self.1 ^ 0x1656_67b1_9e37_79f9))
    }
}

fn mix(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

fn pile_key(pile: &[Slot]) -> Key {
    cards_key(pile.len() as u64, pile.iter().map(slot_code))
}

/// The fingerprint of a run of card codes, tagged with `tag`.
fn cards_key(tag: u64, codes: impl Iterator<Item = u64>) -> Key {
    // Eight cards to a word: a card code is under 128.
    let mut lanes = Lanes::START.add(tag);
    let (mut word, mut in_word) = (0u64, 0);
    for code in codes {
        word = (word << 8) | code;
        in_word += 1;
        if in_word == 8 {
            lanes = lanes.add(word);
            (word, in_word) = (0, 0);
        }
    }
    if in_word > 0 {
        lanes = lanes.add(word);
    }
    lanes.finish()
}

/// The fingerprint of the stock and the waste as one cycle, in the order
/// the stock deals them once the waste is turned over, where the split
/// between them does not matter (see the module notes).
fn cycle_key(state: &Solitaire) -> Option<Key> {
    let rules = state.rules();
    if rules.stock.redeals.is_some() || !folds_stock(state) {
        return None;
    }
    let per = rules.stock.deal_count.max(1);
    let (stock, waste) = (state.pile(PileKind::Stock, 0), state.pile(PileKind::Waste, 0));
    if !(waste.len().is_multiple_of(per) || stock.is_empty()) {
        return None;
    }
    // Face up in the waste, down in the stock: the same cards either way.
    let cards = waste.iter().chain(stock.iter().rev()).map(|s| slot_code(s) & !1);
    Some(cards_key((waste.len() + stock.len()) as u64 | (1 << 50), cards))
}

/// Whether no card ever goes back into the stock: nothing is put on a
/// stock, so only turning the waste over refills it, and these rules never
/// do. Then a stock holds the bottom cards of what it was dealt, and its
/// length tells which (a search starts from one deal).
fn stock_only_shrinks(rules: &Rules) -> bool {
    let stock = &rules.stock;
    stock.redeals == Some(0) || stock.deal_to != DealTo::Waste || !stock.visible || rules.waste_piles == 0
}

/// No card: what lies on a card nothing lies on.
const NOTHING: u8 = u8::MAX;

/// A card's place in the engine's fit table (rank value times four plus
/// the suit's number; see `Solitaire::fit_table`).
pub(super) fn code(card: Card) -> u8 {
    card.rank.value() * 4 + card.suit as u8
}

/// The runs on twins dealt out in canonical order (see the module notes).
struct TwinRuns {
    /// What lies on each face-up tableau card, by code.
    on: [u8; 64],
    /// The tableau piles whose cards this deals out anew, a bit each.
    moved: u64,
}

/// The runs on twins dealt out in canonical order, or `None` where they
/// are not a set or already lie so.
fn twin_runs(state: &Solitaire) -> Option<TwinRuns> {
    let piles = state.pile_count(PileKind::Tableau);
    if !twins_interchange(state.rules()) || piles > 64 {
        return None;
    }
    let (_, under) = state.fit_table();
    let mut on = [NOTHING; 64];
    let mut pile_of = [0u8; 64];
    let mut open = 0u64;
    for i in 0..piles {
        let pile = state.pile(PileKind::Tableau, i);
        let down = pile.iter().take_while(|s| !s.face_up).count();
        let mut below = NOTHING;
        for slot in &pile[down..] {
            let c = code(slot.card);
            // The face-up cards must be one run.
            if !slot.face_up {
                return None;
            }
            if below != NOTHING {
                if under[usize::from(below)] >> c & 1 == 0 {
                    return None;
                }
                on[usize::from(below)] = c;
            }
            open |= 1 << c;
            pile_of[usize::from(c)] = i as u8;
            below = c;
        }
    }
    let mut moved = 0u64;
    let mut ranks = ranks_with_twins(open);
    while ranks != 0 {
        let rank = ranks.trailing_zeros() as usize / 4;
        ranks &= ranks - 1;
        // Twins are the open cards of a rank that take the same cards
        // (some: a card that takes none holds nothing).
        let mut left = (open >> (rank * 4)) as u8 & 0xf;
        while left.count_ones() > 1 {
            let takes = under[rank * 4 + left.trailing_zeros() as usize];
            let (mut twins, mut runs, mut n) = ([0usize; 4], [NOTHING; 4], 0);
            for suit in 0..4 {
                if left >> suit & 1 == 1 && under[rank * 4 + suit] == takes {
                    left &= !(1 << suit);
                    twins[n] = rank * 4 + suit;
                    runs[n] = on[twins[n]];
                    n += 1;
                }
            }
            // In code order, so NOTHING (the highest) comes last.
            if n > 1 && takes != 0 && !runs[..n].is_sorted() {
                runs[..n].sort_unstable();
                for (&twin, run) in twins[..n].iter().zip(runs) {
                    if on[twin] != run {
                        on[twin] = run;
                        moved |= 1 << pile_of[twin];
                    }
                }
            }
        }
    }
    (moved != 0).then_some(TwinRuns { on, moved })
}

/// The ranks of which two or more cards of `cards` (a set of [`code`]s,
/// four to a rank) are open: a bit each, the lowest of the rank's four.
fn ranks_with_twins(cards: u64) -> u64 {
    // Each rank's four bits summed, two at a time, then all four.
    let pairs = (cards & 0x5555_5555_5555_5555) + ((cards >> 1) & 0x5555_5555_5555_5555);
    let fours = (pairs & 0x3333_3333_3333_3333) + ((pairs >> 2) & 0x3333_3333_3333_3333);
    // A count of two or more has its second or third bit set.
    ((fours >> 1) | (fours >> 2)) & 0x1111_1111_1111_1111
}

/// The fingerprint of a tableau pile with the runs on twins dealt out as
/// `on` has them (see [`twin_runs`]): as [`pile_key`] where none moves.
fn twin_pile_key(pile: &[Slot], on: &[u8; 64]) -> Key {
    let down = pile.iter().take_while(|s| !s.face_up).count();
    let mut run = [0u8; 64];
    let mut len = 0;
    let mut next = pile.get(down).map_or(NOTHING, |s| code(s.card));
    while next != NOTHING && len < run.len() {
        run[len] = next;
        len += 1;
        next = on[usize::from(next)];
    }
    let face_up = run[..len].iter().map(|&c| (u64::from(c) << 1) | 1);
    cards_key((down + len) as u64, pile[..down].iter().map(slot_code).chain(face_up))
}

/// The key of `state`, given the game's symmetry.
pub fn key(state: &Solitaire, symmetry: Symmetry) -> Key {
    let f = &state.rules().foundation;
    let whole_foundations = f.take_back && (f.build == Build::UpDown || !f.suit_check);
    let cycle = cycle_key(state);
    let twins = twin_runs(state);
    let stock_only_shrinks = stock_only_shrinks(state.rules());
    let mut lanes = Lanes::START;
    for kind in PileKind::ALL {
        lanes = lanes.add(kind as u64 + 0x55);
        if let Some(cycle) = cycle.filter(|_| matches!(kind, PileKind::Stock | PileKind::Waste)) {
            if kind == PileKind::Stock {
                lanes = lanes.add(cycle as u64).add((cycle >> 64) as u64);
            }
            continue;
        }
        // Piles that form a set are summed, which no order changes (each
        // pile's fingerprint is already well mixed); others follow in turn.
        let mut set: Key = 0;
        for i in 0..state.pile_count(kind) {
            let pile = state.pile(kind, i);
            let k = match (pile.split_last(), &twins) {
                (Some((top, below)), _) if kind == PileKind::Foundation && !whole_foundations => {
                    Lanes::START.add(slot_code(top) | ((below.len() as u64) << 16)).finish()
                }
                _ if kind == PileKind::Stock && stock_only_shrinks => {
                    Lanes::START.add(pile.len() as u64 | (1 << 48)).finish()
                }
                (_, Some(twins)) if kind == PileKind::Tableau && twins.moved >> i & 1 == 1 => {
                    twin_pile_key(pile, &twins.on)
                }
                _ => pile_key(pile),
            };
            if symmetry.of_kind(kind) {
                set = set.wrapping_add(k);
            } else {
                lanes = lanes.add(k as u64).add((k >> 64) as u64);
            }
        }
        lanes = lanes.add(set as u64).add((set >> 64) as u64);
    }
    if state.rules().stock.redeals.is_some() {
        lanes = lanes.add(u64::from(state.recycles()) | (1 << 40));
    }
    lanes.finish()
}

#[cfg(test)]
mod tests {
    use super::ranks_with_twins;

    #[test]
    fn ranks_with_twins_marks_each_rank_with_two_open_cards_or_more() {
        // Rank 0: one card; rank 1: two; rank 2: none; rank 3: three;
        // rank 15: all four.
        let cards = 0b0100 | (0b1010 << 4) | (0b1110 << 12) | (0b1111 << 60);
        assert_eq!(ranks_with_twins(cards), (1 << 4) | (1 << 12) | (1 << 60));
        for rank in 0..16 {
            for bits in 0..16u64 {
                let expected = if bits.count_ones() > 1 { 1 << (rank * 4) } else { 0 };
                assert_eq!(ranks_with_twins(bits << (rank * 4)), expected, "rank {rank}, cards {bits:04b}");
            }
        }
    }
}
