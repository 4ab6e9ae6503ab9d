//! A test that proves a position lost without searching it, for games
//! whose stock is dealt once: Forty Thieves and its kind, where a proof by
//! search must otherwise visit every position a deal reaches.
//!
//! It relaxes the game: it asks only which cards could ever move and which
//! could ever reach a foundation, as if whatever became possible stayed
//! possible. A card can move only once every card above it has moved (or
//! it carries them along as a run), and only to somewhere: a foundation
//! where the card below it in suit is, or can come to be; a card it builds
//! on that is on top of its pile, or can come to be; an empty tableau pile,
//! once some pile can be emptied. Any line of play meets these conditions
//! for every card it moves, so a card that the relaxed game never brings
//! to a foundation is never brought there by any line: the position is
//! lost. The stock's cards are taken to come up whenever wanted, which
//! asks less than the game does, so the test stays sound.
//!
//! It settles the position where the search would go on for millions:
//! Forty Thieves deal 836 is proved lost after 13,032 positions where the
//! search alone visits 407,280, and deal 9 after 1,392,971 against
//! 3,205,040 (`parlour solve forty-thieves --mode hard --seed 9 --nodes
//! 500000000 --memory 8000 --seconds 300`).

use crate::cards::Rank;
use crate::solitaire::engine::{Solitaire, card_code};
use crate::solitaire::rules::{Build, DealTo, MAX_PILES, PileKind, WinWhen};

/// The most cards a game holds (four decks).
const MOST: usize = 208;

/// One card outside the foundations, as the test sees it.
#[derive(Clone, Copy, Default)]
struct Placed {
    code: u8,
    rank: u8,
    suit: u8,
    on_tableau: bool,
    /// The cards above it in its pile are those up to here (exclusive);
    /// a stock card's none.
    above_end: u8,
    /// The first card above it that must move before it can: the run it
    /// would carry lies below.
    blocking_start: u8,
}

/// Whether `s` is proved lost by the relaxed game: only where the stock,
/// dealt once, holds at most a quarter of the pack. With more in it the
/// test settles next to nothing (of the 275,855 positions it settled in
/// a walk through every position of Forty Thieves deal 9, 200 had 24 or
/// more cards in the stock, none 40), and its cost (where it is asked, a
/// position costs about a third more) would only slow the search for a
/// win.
pub fn settled_lost(s: &Solitaire) -> bool {
    applies(s) && s.cards_in_stock() * 4 <= s.rules().pack_size() && stuck(s)
}

/// Whether the rules are ones the relaxed game stands for: a stock dealt
/// to the waste once, foundations built up in suit from the ace that keep
/// what they take, no reserve piles, every card to be laid off.
fn applies(s: &Solitaire) -> bool {
    let r = s.rules();
    r.addition == 0
        && r.win_when == WinWhen::Foundations
        && !r.foundation.discard
        && !r.foundation.complete_sequences
        && !r.foundation.take_back
        && !r.foundation.allow_wrap
        && r.foundation.suit_check
        && r.foundation.build == Build::Up
        && r.pile_count(PileKind::Reserve) == 0
        && r.stock.deal_to == DealTo::Waste
        && r.stock.redeals == Some(0)
        && !r.tableau.fill_from_reserve
        && !r.tableau.piles_cover()
        && s.start_rank() == Rank::ACE
        && r.pack_size() <= MOST
}

/// Whether some card can never reach a foundation, whatever is played:
/// each card that moves must first have every card above it moved (or
/// carry them along as a run), and somewhere to go (a foundation holding
/// or able to hold the card below it in suit, a card it builds on that is
/// or can come to be on top, a space).
fn stuck(s: &Solitaire) -> bool {
    let rules = s.rules();
    let mut cards = [Placed::default(); MOST];
    let mut n = 0usize;
    // Each card's copies, by card code.
    let mut copies = [[0u8; 16]; 64];
    let mut count = [0u8; 64];
    let mut tableau = [(0u8, 0u8); MAX_PILES];
    let mut piles = 0usize;
    let most = rules.tableau.max_move.map_or(MOST, |m| m.saturating_sub(1));
    // reached[rank][suit]: a card of that rank and suit is, or may come
    // to be, on a foundation.
    let mut reached = [[false; 4]; 15];
    for (id, pile) in s.piles() {
        let (on_tableau, stock) = match id.kind {
            PileKind::Tableau => (true, false),
            PileKind::Waste => (false, false),
            PileKind::Stock => (false, true),
            PileKind::Foundation => {
                for slot in pile {
                    reached[usize::from(slot.card.rank.value())][slot.card.suit as usize] = true;
                }
                continue;
            }
            PileKind::Reserve => continue,
        };
        let first = n;
        let top = first + pile.len();
        // Walked from the top down: how many cards above each go with it.
        let mut carried = 0usize;
        for i in (0..pile.len()).rev() {
            let slot = pile[i];
            if i + 1 < pile.len() {
                let upper = pile[i + 1];
                let joined = on_tableau
                    && slot.face_up
                    && upper.face_up
                    && (!rules.tableau.check_in_order || s.builds_on(upper.card, slot.card))
                    && (!rules.tableau.stack_suit_check || upper.card.suit == slot.card.suit);
                carried = if joined { carried + 1 } else { 0 };
            }
            let index = first + i;
            let code = card_code(slot.card);
            copies[code][usize::from(count[code])] = index as u8;
            count[code] += 1;
            // The stock's cards come up one by one, whatever lies above.
            let above_end = if stock { index + 1 } else { top };
            cards[index] = Placed {
                code: code as u8,
                rank: slot.card.rank.value(),
                suit: slot.card.suit as u8,
                on_tableau,
                above_end: above_end as u8,
                blocking_start: (index + 1 + carried.min(most)).min(above_end) as u8,
            };
        }
        n = top;
        if on_tableau {
            tableau[piles] = (first as u8, top as u8);
            piles += 1;
        }
    }
    let start = s.start_rank().value();
    let king = Rank::KING.value();
    let kings_only = rules.tableau.kings_only;
    let (onto, _) = s.fit_table();
    // The cards that may ever move, and those that may reach a foundation.
    let mut moved = [false; MOST];
    let mut up = [false; MOST];
    // A card moves with everything above it in its pile, so the cards of
    // a pile that have moved are the top ones, and a range asked about
    // ends at the top (a stock card's is empty): it has all moved if its
    // first card has.
    let all_moved = |moved: &[bool; MOST], from: u8, to: u8| from >= to || moved[usize::from(from)];
    loop {
        let mut changed = false;
        let space = rules.tableau.fill_empty && tableau[..piles].iter().any(|&(a, b)| all_moved(&moved, a, b));
        // From the last card down, so that cards on top are seen first.
        for x in (0..n).rev() {
            let c = cards[x];
            if up[x] || !all_moved(&moved, c.blocking_start, c.above_end) {
                continue;
            }
            let suit = usize::from(c.suit);
            if c.rank == start || (c.rank > 1 && reached[usize::from(c.rank) - 1][suit]) {
                up[x] = true;
                reached[usize::from(c.rank)][suit] = true;
            } else if moved[x] {
                continue;
            } else if !(space && (!kings_only || c.rank == king)) {
                // A card on the tableau is on top once those above it have
                // moved; any card that has moved may have come to the top
                // of a pile.
                let on_top = |y: usize| {
                    y != x && (moved[y] || cards[y].on_tableau && all_moved(&moved, y as u8 + 1, cards[y].above_end))
                };
                let mut fits = onto[usize::from(c.code)];
                let mut found = false;
                while fits != 0 && !found {
                    let code = fits.trailing_zeros() as usize;
                    fits &= fits - 1;
                    found = copies[code][..usize::from(count[code])].iter().any(|&y| on_top(usize::from(y)));
                }
                if !found {
                    continue;
                }
            }
            // It moves, and whatever lay above it has moved, before or with it.
            moved[x..usize::from(c.above_end)].fill(true);
            changed = true;
        }
        if !changed {
            break;
        }
    }
    up[..n].iter().any(|&u| !u)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Game, Session, Status};
    use crate::solitaire::engine::position;
    use crate::solitaire::rules::Rules;

    fn forty_thieves(mode: &str) -> crate::solitaire::engine::SolitaireVariant {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/game-types/Forty Thieves/game.ini");
        super::super::tests::from_ini(&std::fs::read_to_string(path).unwrap(), mode)
    }

    /// Every suit laid off but clubs, which lie in the waste above 3♣ and
    /// 2♣ on the foundations, in `order` from the bottom.
    fn clubs_in_the_waste(rules: Rules, order: &str) -> Solitaire {
        let complete = "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD";
        let (hearts, spades) = (complete.replace('D', "H"), complete.replace('D', "S"));
        position(
            rules,
            &[
                ("F1", complete),
                ("F2", complete),
                ("F3", &hearts),
                ("F4", &hearts),
                ("F5", &spades),
                ("F6", &spades),
                ("F7", "AC 2C 3C"),
                ("F8", "AC 2C"),
                ("W1", order),
            ],
        )
    }

    const KINGS_ON_TOP: &str = "3C 4C 4C 5C 5C 6C 6C 7C 7C 8C 8C 9C 9C TC TC JC JC QC QC KC KC";

    #[test]
    fn a_card_with_nowhere_to_go_over_the_cards_below_it_settles_the_game() {
        let mut rules = forty_thieves("hard").rules().as_ref().clone();
        rules.tableau.fill_empty = false;
        let buried = clubs_in_the_waste(rules.clone(), KINGS_ON_TOP);
        assert!(settled_lost(&buried), "the kings can go nowhere, and the queens lie under them");
        let reversed: Vec<&str> = KINGS_ON_TOP.split(' ').rev().collect();
        let free = clubs_in_the_waste(rules, &reversed.join(" "));
        assert!(!settled_lost(&free), "each card goes up in turn from the top");
    }

    #[test]
    fn an_empty_pile_is_somewhere_to_go() {
        // Ten empty piles: the relaxed game lets every king wait in one,
        // as it lets any card, so it proves nothing here.
        let buried = clubs_in_the_waste(forty_thieves("hard").rules().as_ref().clone(), KINGS_ON_TOP);
        assert!(!settled_lost(&buried));
    }

    /// The test is sound on a real game: no position of a winning line is
    /// settled, runs moved whole and all (Easy rules).
    #[test]
    fn no_position_on_a_winning_line_is_settled() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/wins/forty-thieves.txt");
        let script = std::fs::read_to_string(path).unwrap();
        let mut lines = script.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
        let seed: u64 = lines.next().and_then(|l| l.strip_prefix("seed ")).unwrap().parse().unwrap();
        let mut session = Session::new(forty_thieves("easy"), seed);
        assert!(applies(session.state()));
        let mut asked = 0;
        for m in lines {
            // The whole relaxed game, not only where settled_lost asks it.
            assert!(!stuck(session.state()), "settled before {m}");
            asked += 1;
            session.play_text(m).unwrap();
        }
        assert_eq!(session.state().status(), Status::Won);
        assert!(asked > 100, "{asked}");
    }
}
