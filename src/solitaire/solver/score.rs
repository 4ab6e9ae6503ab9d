//! How promising a position looks (higher is better): the best-first
//! search's guide. It only orders the search; every pruning is elsewhere,
//! so a poor score costs time, never a wrong answer.
//!
//! Counted: cards on foundations (or off the tableau for
//! WinWhen=TableauEmpty), face-down cards, empty piles, occupied free
//! cells, cards resting on a card they build on, cards left in a stock
//! that deals to the tableau, and, with foundations built up in suit, the
//! cards lying above a card that must go up before them and the cards
//! covering each foundation's next card (and, where the waste will not be
//! turned over again, the waste's cards above one that must go up before
//! them); with Discard, cards lying above a higher card of their suit.

use crate::cards::Card;
use crate::core::Game;
use crate::solitaire::engine::{Slot, SolMove, Solitaire};
use crate::solitaire::rules::{Build, DealTo, PileKind, Rules, Sequence, WinWhen};

use super::moves::steps_up;

/// A number for each feature the score counts: how much it weighs (as
/// [`Weights`]), or how many a position has (in [`Features`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PerFeature {
    /// Each card laid off.
    pub laid_off: i64,
    /// Each card lying above one that must go up before it.
    pub out_of_order: i64,
    /// The same in a waste that will not be turned over again: only going
    /// up or onto the tableau can free the card below.
    pub buried: i64,
    /// Each card covering a card a foundation waits for.
    pub covering_next: i64,
    /// Each empty tableau pile that may be filled.
    pub empty: i64,
    /// Each face-down card.
    pub face_down: i64,
    /// Each card resting on one it builds on, of its suit and not.
    pub built_in_suit: i64,
    pub built: i64,
    /// Each card held in a free cell.
    pub held: i64,
}

/// What the score counts, and how much: each search of the portfolio may
/// weigh the features its own way, since which weighing leads quickly to
/// a win differs from deal to deal.
pub type Weights = PerFeature;

impl Weights {
    /// The weighing most searches use. The cards above one that must go
    /// up first weigh heavily: FreeCell's deals 1..4000 took 2.6 million
    /// positions in all so, 4.2 million at 6 instead of 15 (before
    /// [`FREE_CELL_BUILT`]; at a third more or less with it, 1.69 and
    /// 1.62 million against 1.61). A card buried
    /// in a waste that is never turned over again weighs as much as a card
    /// laid off: Forty Thieves deals 1..100 won at 200,000 positions, none
    /// counting them as 0, 1 at 15, 39 at 100 (8 of 1..20 at 300 as at 100).
    pub const PLAIN: Weights = Weights {
        laid_off: 100,
        out_of_order: 15,
        buried: 100,
        covering_next: 4,
        empty: 25,
        face_down: 20,
        built_in_suit: 8,
        built: 5,
        held: 10,
    };

    /// Turning face-down cards up counts twice as much.
    pub const DIGGING: Weights = Weights { face_down: 40, ..Weights::PLAIN };

    /// Cards built in sequence count twice as much.
    pub const BUILDING: Weights = Weights { built_in_suit: 16, built: 10, ..Weights::PLAIN };

    /// Empty piles count three times as much.
    pub const ROOM: Weights = Weights { empty: 80, ..Weights::PLAIN };

    /// Digging, with the cards buried in a waste that is never turned over
    /// again weighing three times as much as a card laid off. In Forty
    /// Thieves which deals a search wins turns on this weight more than
    /// on any other (see the portfolio in `search`).
    pub const UNBURYING: Weights = Weights { buried: 300, ..Weights::DIGGING };

    /// The score of a position with these `features`.
    pub fn weigh(&self, f: &Features) -> i64 {
        let n = &f.counts;
        self.laid_off * n.laid_off
            - self.out_of_order * n.out_of_order
            - self.buried * n.buried
            - self.covering_next * n.covering_next
            + self.empty * n.empty
            - self.face_down * n.face_down
            + self.built_in_suit * n.built_in_suit
            + self.built * n.built
            - self.held * n.held
            + f.fixed
    }

    /// These weights as a game of `rules` weighs them: the features it
    /// never counts set to 0, so that weighings which score its positions
    /// alike compare equal, and cards built on another suit weighed as
    /// [`Weights::with_free_cells`] says, cards built in suit as
    /// [`Weights::with_runs_of`] says.
    pub fn counted_in(self, rules: &Rules) -> Weights {
        let waste_buries = foundations_in_suit(rules) && rules.stock.redeals.is_some() && rules.waste_piles > 0;
        Weights { buried: if waste_buries { self.buried } else { 0 }, ..self }
            .with_free_cells(rules.reserve.are_free_cells())
            .with_runs_of(suits_kept_apart(rules))
    }

    /// These weights in a game where runs of `suits` different suits
    /// cannot move together (see [`suits_kept_apart`]): a card
    /// built on one of its own suit weighs once per suit. The more suits,
    /// the rarer such a build is (in Spider Four Suits two of a card's
    /// eight parents are of its suit, against four in Two Suits), and it
    /// is what lets a run move and, in the end, a suit come off whole.
    /// Measured at 300,000 positions a deal (`parlour survey GAME --mode
    /// hard --nodes 300000 --seconds 0`, node-bound): Spider Four Suits
    /// 1..20 wins 16 against 7 as the same for every game (twice: 11,
    /// three times: 12, five: 14, six: 13), 21..60 29 against 18 and, only
    /// measured afterwards, 61..100 36 against 15; Spider Two Suits 1..60
    /// 59 against 58 in 1.62 million positions against 2.59 (four times:
    /// 54), and 61..120 59 against 58 in 1.09 million against 2.86.
    /// Spider One Suit, every build in suit, plays as before.
    pub fn with_runs_of(self, suits: usize) -> Weights {
        Weights { built_in_suit: self.built_in_suit * suits as i64, ..self }
    }

    /// These weights in a game that has free cells (`cells`) or not. With
    /// free cells, a card resting on one of another suit it builds on
    /// weighs [`FREE_CELL_BUILT`] times as much: in FreeCell such runs are
    /// most of the way to a win, and a card not in one sooner or later
    /// takes a cell. Games whose builds are in suit count none.
    pub fn with_free_cells(self, cells: bool) -> Weights {
        if cells { Weights { built: self.built * FREE_CELL_BUILT, ..self } } else { self }
    }
}

/// How many times as much a card built on another suit weighs where there
/// are free cells (see [`Weights::with_free_cells`]). Measured in
/// positions expanded (`parlour survey GAME --mode hard`, one job):
/// FreeCell MS 1..32000 takes 13.4 million against 18.5 at one time as
/// much. The weight was found with every search weighing alike (13.8
/// million): at three times 1..4000 took 1.73 million and 4001..8000
/// 1.93, against 1.61 and 1.69 at four and 1.75 and 1.71 at five. Games
/// without free cells do worse weighing them so: at 100,000 positions,
/// Baker's Dozen 1..300 leaves 37 deals undecided against 30, Beleaguered
/// Castle 11 against 9, Yukon 1..100 13 against 11 and Klondike (Easy
/// mode) 14 against 12.
const FREE_CELL_BUILT: i64 = 4;

/// How many suits the cards of a game of `rules` come in when a moved run
/// must be one suit (StackSuitCheck), so that building in suit is what
/// makes runs; 1 where any run moves, as built.
pub fn suits_kept_apart(rules: &Rules) -> usize {
    if rules.tableau.stack_suit_check { rules.suits.len() } else { 1 }
}

/// Whether the foundations are built up in suit, one card at a time (the
/// score then counts cards lying above one that must go up first).
fn foundations_in_suit(rules: &Rules) -> bool {
    let f = &rules.foundation;
    f.build == Build::Up && f.suit_check && !f.discard && !f.complete_sequences && rules.addition == 0
}

/// What the score counts of a position, before any weighing: how many of
/// each feature [`Weights`] weighs, and the terms every weighing counts
/// alike. Counted once per position, however many weighings score it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Features {
    pub counts: PerFeature,
    /// What no weight scales.
    pub fixed: i64,
}

/// The move after which the position scores best, if it scores better
/// than `state` does now: a hint where no winning line is known. Each
/// such hint climbs, so hints followed one after another never go round
/// in a circle; where no move climbs there is none.
pub fn promising_move(state: &Solitaire) -> Option<SolMove> {
    let weights = Weights::PLAIN.counted_in(state.rules());
    let score = |s: &Solitaire| weights.weigh(&features(s));
    let now = score(state);
    let scored = state.legal_moves().into_iter().map(|m| {
        let mut next = state.clone();
        next.apply(&m);
        (score(&next), m)
    });
    // The first of the best, so the same position always gets the same hint.
    scored
        .filter(|(s, _)| *s > now)
        .fold(None, |best: Option<(i64, SolMove)>, (s, m)| match best {
            Some((b, _)) if b >= s => best,
            _ => Some((s, m)),
        })
        .map(|(_, m)| m)
}

/// The features of `state` the score weighs.
pub fn features(state: &Solitaire) -> Features {
    let rules = state.rules();
    let f = &rules.foundation;
    let in_suit = foundations_in_suit(rules);
    let mut n = PerFeature { laid_off: state.cards_on_foundations() as i64, ..PerFeature::default() };
    let mut fixed = 0;
    let (next, steps) = if in_suit { (next_needed(state), steps_by_rank(state)) } else { (0, [0; 14]) };
    for t in 0..state.pile_count(PileKind::Tableau) {
        let pile = state.pile(PileKind::Tableau, t);
        if in_suit {
            n.out_of_order += out_of_order(pile, &steps);
            // The cards over a card a foundation waits for.
            let covering: usize = pile
                .iter()
                .enumerate()
                .filter(|(_, slot)| next & card_bit(slot.card) != 0)
                .map(|(i, _)| pile.len() - i - 1)
                .sum();
            n.covering_next += covering as i64;
        }
        if f.discard {
            // A card above a higher one of its suit cannot use it to go.
            for (i, low) in pile.iter().enumerate() {
                let order = rules.order(low.card.rank);
                let blocked =
                    pile[..i].iter().any(|h| h.card.suit == low.card.suit && rules.order(h.card.rank) > order);
                if blocked {
                    fixed -= 10;
                }
            }
        }
        if rules.win_when == WinWhen::TableauEmpty {
            fixed -= 100 * pile.len() as i64;
        }
        if pile.is_empty() && rules.tableau.fill_empty {
            n.empty += 1;
        }
        if let Some(last_down) = pile.iter().rposition(|s| !s.face_up) {
            n.face_down += pile.iter().filter(|s| !s.face_up).count() as i64;
            fixed -= (pile.len() - last_down) as i64;
        }
        if rules.tableau.sequence != Sequence::Any {
            for pair in pile.windows(2) {
                if pair[0].face_up && state.builds_on(pair[1].card, pair[0].card) {
                    match (pair[0].card.suit == pair[1].card.suit, rules.tableau.stack_suit_check) {
                        (true, _) => n.built_in_suit += 1,
                        // Such cards do not move together: they count as little.
                        (false, true) => fixed += 1,
                        (false, false) => n.built += 1,
                    }
                }
            }
        }
    }
    if in_suit && state.redeals_left() == Some(0) {
        for waste in 0..state.pile_count(PileKind::Waste) {
            n.buried += out_of_order(state.pile(PileKind::Waste, waste), &steps);
        }
    }
    if rules.stock.deal_to == DealTo::Tableau {
        let stock = state.cards_in_stock();
        // Dealing onto a layout of several suits makes a mess that is hard
        // to undo: the more suits, the more a card still in the stock is
        // worth (weights found by trying Spider with one, two, four suits).
        let worth = match rules.suits.len() {
            1 => -1,
            2 => 1,
            _ => 3,
        };
        fixed += worth * stock as i64;
    }
    if rules.reserve.are_free_cells() {
        n.held = (0..state.pile_count(PileKind::Reserve)).map(|r| state.pile(PileKind::Reserve, r).len()).sum::<usize>()
            as i64;
    }
    Features { counts: n, fixed }
}

/// How many cards of `pile` lie above a card that must reach the
/// foundations before them (by `steps`, each rank's steps up).
fn out_of_order(pile: &[Slot], steps: &[u8; 14]) -> i64 {
    let mut lowest = u8::MAX;
    let mut count = 0;
    for slot in pile {
        let steps = steps[usize::from(slot.card.rank.value())];
        if steps > lowest {
            count += 1;
        }
        lowest = lowest.min(steps);
    }
    count
}

/// Each rank's steps up from the foundations' start rank (13 where the
/// foundations never reach it), indexed by rank value.
fn steps_by_rank(state: &Solitaire) -> [u8; 14] {
    let mut out = [13; 14];
    for rank in crate::cards::Rank::all() {
        out[usize::from(rank.value())] = steps_up(state, rank).map_or(13, |s| s as u8);
    }
    out
}

/// A card's bit in a set of cards (rank and suit; copies are alike).
fn card_bit(card: Card) -> u64 {
    1 << (usize::from(card.rank.value()) * 4 + card.suit as usize)
}

/// The cards the foundations take next (foundations built up in suit), as
/// a set of [`card_bit`]s: per suit, the card after the highest one laid
/// off, or the start rank.
fn next_needed(state: &Solitaire) -> u64 {
    let rules = state.rules();
    let mut out = 0;
    for &suit in &rules.suits {
        let copies = rules.copies(Card::new(state.start_rank(), suit));
        let mut tops = 0;
        for f in 0..state.pile_count(PileKind::Foundation) {
            let pile = state.pile(PileKind::Foundation, f);
            if pile.first().is_some_and(|s| s.card.suit == suit) {
                tops += 1;
                if let Some(card) = after(state, pile.len()) {
                    out |= card_bit(Card::new(card, suit));
                }
            }
        }
        if tops < copies {
            out |= card_bit(Card::new(state.start_rank(), suit));
        }
    }
    out
}

/// The rank a foundation of `len` cards takes next, if it is not complete.
fn after(state: &Solitaire, len: usize) -> Option<crate::cards::Rank> {
    if len >= 13 {
        return None;
    }
    let rules = state.rules();
    let start = rules.order(state.start_rank());
    Rules::rank_at((start - 1 + len as u8) % 13 + 1)
}
