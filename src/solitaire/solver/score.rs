//! How promising a position looks (higher is better): the best-first
//! search's guide. It only orders the search; every pruning is elsewhere,
//! so a poor score costs time, never a wrong answer.
//!
//! Counted: cards on foundations (or off the tableau for
//! WinWhen=TableauEmpty), face-down cards, empty piles, occupied free
//! cells, cards resting on a card they build on, cards left in a stock
//! that deals to the tableau, and, with foundations built up in suit, the
//! cards lying above a card that must go up before them and the cards
//! covering each foundation's next card; with Discard, cards lying above a
//! higher card of their suit.

use crate::cards::Card;
use crate::solitaire::engine::Solitaire;
use crate::solitaire::rules::{Build, DealTo, PileKind, Sequence, WinWhen};

use super::moves::steps_up;

/// The score of `state`.
pub fn score(state: &Solitaire) -> i64 {
    let rules = state.rules();
    let f = &rules.foundation;
    let in_suit = f.build == Build::Up && f.suit_check && !f.discard && !f.complete_sequences && rules.addition == 0;
    let mut v = 100 * state.cards_on_foundations() as i64;
    let next = if in_suit { next_needed(state) } else { Vec::new() };
    for t in 0..state.pile_count(PileKind::Tableau) {
        let pile = state.pile(PileKind::Tableau, t);
        if in_suit {
            // Cards above a card that must reach the foundations before them.
            let mut lowest = usize::MAX;
            for (i, slot) in pile.iter().enumerate() {
                let steps = steps_up(state, slot.card.rank).unwrap_or(13);
                if steps > lowest {
                    v -= 6;
                }
                lowest = lowest.min(steps);
                // The cards over a card a foundation waits for.
                if next.contains(&slot.card) {
                    v -= 4 * (pile.len() - i - 1) as i64;
                }
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

/// The cards the foundations take next (foundations built up in suit):
/// per suit, the card after the highest one laid off, or the start rank.
fn next_needed(state: &Solitaire) -> Vec<Card> {
    let rules = state.rules();
    let mut out = Vec::with_capacity(8);
    for &suit in &rules.suits {
        let mut tops: Vec<usize> = (0..state.pile_count(PileKind::Foundation))
            .map(|f| state.pile(PileKind::Foundation, f))
            .filter(|p| p.first().is_some_and(|s| s.card.suit == suit))
            .map(<[_]>::len)
            .collect();
        let copies = rules.copies(Card::new(state.start_rank(), suit));
        while tops.len() < copies {
            tops.push(0);
        }
        for len in tops.into_iter().filter(|&l| l < 13) {
            let rank = (0..13u8)
                .map(|s| (rules.order(state.start_rank()) - 1 + s) % 13 + 1)
                .nth(len)
                .and_then(crate::cards::Rank::new);
            if let Some(rank) = rank {
                let card = Card::new(rank, suit);
                if !out.contains(&card) {
                    out.push(card);
                }
            }
        }
    }
    out
}
