//! A card: rank and suit, with the short text form `TH`, `AS`, `KD`
//! (T for ten) used in deals, moves and saves.

use std::fmt;

/// Suits in the order Microsoft's FreeCell numbers them (clubs, diamonds,
/// hearts, spades).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    Red,
    Black,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    pub fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    pub fn from_letter(c: char) -> Option<Suit> {
        Suit::ALL.into_iter().find(|s| s.letter() == c.to_ascii_uppercase())
    }

    pub fn colour(self) -> Colour {
        match self {
            Suit::Diamonds | Suit::Hearts => Colour::Red,
            Suit::Clubs | Suit::Spades => Colour::Black,
        }
    }

    /// The suit's sign, which every built-in font draws: for the status
    /// line, where the name is too long to fit.
    pub fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
            Suit::Hearts => '♥',
            Suit::Spades => '♠',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Suit::Clubs => "clubs",
            Suit::Diamonds => "diamonds",
            Suit::Hearts => "hearts",
            Suit::Spades => "spades",
        }
    }
}

/// A rank 1 (ace) to 13 (king).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl Rank {
    pub const ACE: Rank = Rank(1);
    pub const KING: Rank = Rank(13);

    pub fn new(value: u8) -> Option<Rank> {
        (1..=13).contains(&value).then_some(Rank(value))
    }

    pub fn value(self) -> u8 {
        self.0
    }

    pub fn all() -> impl Iterator<Item = Rank> {
        (1..=13).map(Rank)
    }

    pub fn letter(self) -> char {
        b"A23456789TJQK"[self.0 as usize - 1] as char
    }

    pub fn from_letter(c: char) -> Option<Rank> {
        let c = c.to_ascii_uppercase();
        b"A23456789TJQK".iter().position(|&l| l as char == c).map(|i| Rank(i as u8 + 1))
    }

    pub fn name(self) -> &'static str {
        ["ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"][self.0 as usize - 1]
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card {
    pub rank: Rank,
    pub suit: Suit,
}

impl Card {
    pub fn new(rank: Rank, suit: Suit) -> Card {
        Card { rank, suit }
    }

    pub fn colour(self) -> Colour {
        self.suit.colour()
    }

    /// A standard 52-card deck, ace to king within each suit, clubs first.
    pub fn deck() -> Vec<Card> {
        Suit::ALL.iter().flat_map(|&s| Rank::all().map(move |r| Card::new(r, s))).collect()
    }

    /// Reads the two-letter form (`TH`, `as`, `10h` is also accepted).
    pub fn parse(text: &str) -> Option<Card> {
        let t = text.trim();
        let (rank, suit) = match t.len() {
            2 => (Rank::from_letter(t.chars().next()?)?, t.chars().nth(1)?),
            3 if t.starts_with("10") => (Rank(10), t.chars().nth(2)?),
            _ => return None,
        };
        Some(Card::new(rank, Suit::from_letter(suit)?))
    }

    /// "K♣", "10♥": a card where the room is short (a hint on the status
    /// line).
    pub fn short(self) -> String {
        let rank = match self.rank.0 {
            1 => "A".to_string(),
            11 => "J".to_string(),
            12 => "Q".to_string(),
            13 => "K".to_string(),
            n => n.to_string(),
        };
        format!("{rank}{}", self.suit.symbol())
    }

    /// "the 7 of hearts" for messages.
    pub fn describe(self) -> String {
        format!("the {} of {}", self.rank.name(), self.suit.name())
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank.letter(), self.suit.letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_form_round_trips_for_every_card() {
        for c in Card::deck() {
            assert_eq!(Card::parse(&c.to_string()), Some(c));
        }
        assert_eq!(Card::parse("10h"), Card::parse("TH"));
        assert_eq!(Card::parse("1H"), None);
        assert_eq!(Card::parse("KX"), None);
    }

    #[test]
    fn deck_has_52_distinct_cards() {
        let d = Card::deck();
        assert_eq!(d.len(), 52);
        let set: std::collections::HashSet<_> = d.iter().collect();
        assert_eq!(set.len(), 52);
    }
}
