//! Dealing a new game, and printing positions.
//!
//! A seeded deal shuffles the pack with [`cards::deal::shuffled`] (each
//! card's suit then mapped onto the game's Suits), draws the specific cards
//! of DealtCardN sections out of the shuffled pack first, then deals the
//! DealtCard list in order, random entries taking the rest of the shuffled
//! pack from its front. What is left goes face down into stock 1 so that the
//! stock keeps dealing in shuffled order. Then KingsToBottom, FillFrom and
//! turning up face-down tops happen as after any move.

use std::sync::Arc;

use crate::cards::{self, Card, Rank, Suit};

use super::engine::{Slot, Solitaire};
use super::rules::{Build, FoundationStart, PileKind, Rules};

/// The starting state of game `seed`.
pub fn deal(rules: &Arc<Rules>, seed: u64) -> Solitaire {
    let mut pack: Vec<Option<Card>> = cards::deal::shuffled(rules.decks, seed)
        .into_iter()
        .map(|c| Some(Card::new(c.rank, rules.suit_for(c.suit))))
        .collect();
    // Specific cards leave the pack before any random card is dealt.
    let specific: Vec<Option<Card>> = rules
        .deal
        .iter()
        .map(|d| {
            let wanted = d.card?;
            let at = pack.iter().position(|&c| c == Some(wanted))?;
            pack[at].take()
        })
        .collect();
    let mut rest = pack.into_iter().flatten();
    let mut state = Solitaire::empty(Arc::clone(rules));
    let mut dealt = Vec::with_capacity(rules.deal.len());
    for (d, chosen) in rules.deal.iter().zip(specific) {
        // A card the pack lacks (rules that fail `Rules::validate`) is
        // replaced by the next random card.
        let Some(card) = chosen.or_else(|| rest.next()) else { break };
        state.pile_mut(d.pile, d.index).push(Slot { card, face_up: d.face_up });
        dealt.push(card);
    }
    let left: Vec<Card> = rest.collect();
    if rules.stock.piles > 0 {
        state.pile_mut(PileKind::Stock, 0).extend(left.iter().rev().map(|&card| Slot { card, face_up: false }));
    }
    finish(state, rules, &dealt)
}

/// Why `rules` cannot take a Microsoft FreeCell deal, if they cannot: the
/// deal needs one standard deck, eight tableau piles, and a DealtCard list
/// of 52 random cards all going to the tableau.
pub fn microsoft_fits(rules: &Rules) -> Result<(), String> {
    if rules.decks != 1 || Suit::ALL.iter().any(|&s| rules.suit_for(s) != s) {
        return Err("Microsoft deals use one standard deck".to_string());
    }
    if rules.tableau.piles != 8 {
        return Err("Microsoft deals need eight tableau piles".to_string());
    }
    if rules.deal.len() != 52 || rules.deal.iter().any(|d| d.pile != PileKind::Tableau || d.card.is_some()) {
        return Err("Microsoft deals deal all 52 cards at random to the tableau".to_string());
    }
    Ok(())
}

/// Microsoft FreeCell deal `number`: the cards of [`cards::deal::microsoft`]
/// dealt face up across the eight tableau piles, row by row.
pub fn deal_microsoft(rules: &Arc<Rules>, number: u32) -> Result<Solitaire, String> {
    microsoft_fits(rules)?;
    let mut state = Solitaire::empty(Arc::clone(rules));
    let cards = cards::deal::microsoft(number);
    for (i, &card) in cards.iter().enumerate() {
        state.pile_mut(PileKind::Tableau, i % 8).push(Slot { card, face_up: true });
    }
    Ok(finish(state, rules, &cards))
}

/// The foundations' start rank, KingsToBottom, and the settling every move
/// ends with.
fn finish(mut state: Solitaire, rules: &Rules, dealt: &[Card]) -> Solitaire {
    let start = match rules.foundation.start {
        FoundationStart::Rank(rank) => rank,
        FoundationStart::DealtCard(i) => dealt.get(i).map_or(Rank::ACE, |c| c.rank),
    };
    state.set_start(start);
    if rules.kings_to_bottom {
        for t in 0..rules.tableau.piles {
            let pile = state.pile_mut(PileKind::Tableau, t);
            let (kings, others): (Vec<Slot>, Vec<Slot>) = pile.iter().partition(|s| s.card.rank == Rank::KING);
            *pile = kings.into_iter().chain(others).collect();
        }
    }
    state.settle();
    state
}

/// The position as text, one line per pile: `Tableau3: (9H) (4C) KD`, cards
/// bottom to top, face-down cards in parentheses, T for ten.
pub fn print_position(state: &Solitaire) -> String {
    let mut out = String::new();
    for (id, pile) in state.piles() {
        out.push_str(&format!("{}{}:", id.kind.title(), id.index() + 1));
        for slot in pile {
            if slot.face_up {
                out.push_str(&format!(" {}", slot.card));
            } else {
                out.push_str(&format!(" ({})", slot.card));
            }
        }
        out.push('\n');
    }
    out
}

/// The position in Freecell Solver's board format: an optional
/// `Foundations:` line (highest rank per suit, `0` for none), an optional
/// `Freecells:` line (`-` for an empty cell), then one line per tableau
/// pile, bottom card first (`:` alone for an empty pile). Only FreeCell-like positions fit: one standard
/// deck, nothing in a stock or waste, no face-down card, foundations built
/// up in suit from the ace, reserves of single cards.
pub fn print_fcs(state: &Solitaire) -> Result<String, String> {
    let rules = state.rules();
    let f = &rules.foundation;
    if rules.decks != 1 || Suit::ALL.iter().any(|&s| rules.suit_for(s) != s) || rules.ace_high {
        return Err("Freecell Solver's format needs one standard deck, aces low".to_string());
    }
    if f.build != Build::Up || !f.suit_check || f.allow_wrap || f.discard || f.complete_sequences || rules.addition > 0
    {
        return Err("Freecell Solver's format needs foundations built up in suit".to_string());
    }
    if state.piles().any(|(id, pile)| matches!(id.kind, PileKind::Stock | PileKind::Waste) && !pile.is_empty()) {
        return Err("Freecell Solver's format has no stock or waste".to_string());
    }
    if state.piles().any(|(_, pile)| pile.iter().any(|s| !s.face_up)) {
        return Err("Freecell Solver's format has no face-down cards".to_string());
    }
    let mut out = String::new();
    let foundations: Vec<Card> =
        (0..f.piles).filter_map(|i| state.pile(PileKind::Foundation, i).last().map(|s| s.card)).collect();
    if !foundations.is_empty() {
        if state.start_rank() != Rank::ACE {
            return Err("Freecell Solver's foundations start with aces".to_string());
        }
        out.push_str("Foundations:");
        for suit in [Suit::Hearts, Suit::Clubs, Suit::Diamonds, Suit::Spades] {
            let top = foundations.iter().find(|c| c.suit == suit).map_or('0', |c| c.rank.letter());
            out.push_str(&format!(" {}-{top}", suit.letter()));
        }
        out.push('\n');
    }
    let cells: Vec<&[Slot]> = (0..rules.reserve.piles).map(|i| state.pile(PileKind::Reserve, i)).collect();
    if cells.iter().any(|c| c.len() > 1) {
        return Err("Freecell Solver's free cells hold one card each".to_string());
    }
    if cells.iter().any(|c| !c.is_empty()) {
        out.push_str("Freecells:");
        for cell in &cells {
            match cell.first() {
                Some(slot) => out.push_str(&format!(" {}", slot.card)),
                None => out.push_str(" -"),
            }
        }
        out.push('\n');
    }
    for t in 0..rules.tableau.piles {
        let cards: Vec<String> = state.pile(PileKind::Tableau, t).iter().map(|s| s.card.to_string()).collect();
        out.push_str(if cards.is_empty() { ":" } else { "" });
        out.push_str(&cards.join(" "));
        out.push('\n');
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::super::engine::position;
    use super::super::rules::examples;
    use super::*;

    #[test]
    fn positions_print_one_line_per_pile() {
        let s = position(examples::klondike(), &[("S1", "(AC) (TD)"), ("T3", "(9H) (4C) KD"), ("F2", "AS 2S")]);
        let text = print_position(&s);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 1 + 1 + 4 + 7);
        assert_eq!(lines[0], "Stock1: (AC) (TD)");
        assert_eq!(lines[1], "Waste1:");
        assert_eq!(lines[3], "Foundation2: AS 2S");
        assert_eq!(lines[8], "Tableau3: (9H) (4C) KD");
        assert_eq!(lines[12], "Tableau7:");
    }

    #[test]
    fn microsoft_deals_print_for_freecell_solver() {
        let rules = Arc::new(examples::freecell());
        let s = deal_microsoft(&rules, 1).unwrap();
        let board = print_fcs(&s).unwrap();
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines.len(), 8);
        assert_eq!(lines[0], "JD KD 2S 4C 3S 6D 6S");
        let s = position(examples::freecell(), &[("F1", "AH 2H"), ("F2", "AS"), ("R2", "TC"), ("T1", "KD")]);
        let board = print_fcs(&s).unwrap();
        assert!(board.starts_with("Foundations: H-2 C-0 D-0 S-A\nFreecells: - TC - -\nKD\n:\n"), "{board}");
        assert!(print_fcs(&deal(&Arc::new(examples::klondike()), 1)).unwrap_err().contains("stock"));
        assert!(print_fcs(&deal(&Arc::new(examples::yukon()), 1)).unwrap_err().contains("face-down"));
        assert!(print_fcs(&deal(&Arc::new(examples::golf()), 1)).unwrap_err().contains("in suit"));
        assert!(deal_microsoft(&Arc::new(examples::klondike()), 1).is_err());
    }

    #[test]
    fn seeded_deals_are_repeatable_and_use_every_card() {
        for (name, rules) in examples::all() {
            let rules = Arc::new(rules);
            let a = deal(&rules, 42);
            assert_eq!(a, deal(&rules, 42), "{name}");
            assert_ne!(print_position(&a), print_position(&deal(&rules, 43)), "{name}");
            let mut cards: Vec<Card> = a.piles().flat_map(|(_, p)| p.iter().map(|s| s.card)).collect();
            cards.sort();
            let mut pack: Vec<Card> = (0..rules.decks)
                .flat_map(|_| Card::deck())
                .map(|c| Card::new(c.rank, rules.suit_for(c.suit)))
                .collect();
            pack.sort();
            assert_eq!(cards, pack, "{name}");
        }
    }
}
