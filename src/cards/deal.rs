//! Deal generators: Parlour's seeded shuffle (the same on every platform,
//! forever, by `core::GameRng`) and Microsoft FreeCell's numbered deals.

use crate::core::GameRng;

use super::card::{Card, Rank, Suit};

/// `decks` standard decks shuffled by the seed.
pub fn shuffled(decks: usize, seed: u64) -> Vec<Card> {
    let mut cards: Vec<Card> = (0..decks).flat_map(|_| Card::deck()).collect();
    GameRng::new(seed).shuffle(&mut cards);
    cards
}

/// The cards of Microsoft FreeCell deal `number` in the order they are
/// dealt (row by row across eight columns). The generator is the Microsoft
/// C runtime's `rand`: state = state * 214013 + 2531011 (mod 2^31), value =
/// state >> 16; each draw picks from the remaining cards, which start as
/// AC AD AH AS 2C ... KS, swaps the pick with the last and deals it.
pub fn microsoft(number: u32) -> Vec<Card> {
    let mut remaining: Vec<Card> = Rank::all()
        .flat_map(|r| [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades].map(|s| Card::new(r, s)))
        .collect();
    let mut state = number;
    let mut dealt = Vec::with_capacity(52);
    while !remaining.is_empty() {
        state = state.wrapping_mul(214013).wrapping_add(2531011) & 0x7FFF_FFFF;
        let i = (state >> 16) as usize % remaining.len();
        let last = remaining.len() - 1;
        remaining.swap(i, last);
        dealt.push(remaining.pop().expect("not empty"));
    }
    dealt
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(cards: &[Card]) -> Vec<String> {
        cards.iter().map(|c| c.to_string()).collect()
    }

    #[test]
    fn microsoft_deal_one_matches_the_known_layout() {
        let d = microsoft(1);
        assert_eq!(text(&d[..8]), ["JD", "2D", "9H", "JC", "5D", "7H", "7C", "5H"]);
        let first_column: Vec<Card> = d.iter().step_by(8).copied().collect();
        assert_eq!(text(&first_column), ["JD", "KD", "2S", "4C", "3S", "6D", "6S"]);
    }

    #[test]
    fn seeded_shuffles_are_permutations_and_repeatable() {
        let a = shuffled(2, 77);
        assert_eq!(a, shuffled(2, 77));
        assert_ne!(a, shuffled(2, 78));
        let mut sorted = a.clone();
        sorted.sort();
        let mut two = [Card::deck(), Card::deck()].concat();
        two.sort();
        assert_eq!(sorted, two);
    }
}
