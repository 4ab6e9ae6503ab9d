//! Playing cards: ranks, suits, cards with a text form, decks, and the deal
//! generators (Parlour's seeded shuffle and Microsoft FreeCell's numbered
//! deals). Uses only `core`.

pub mod card;
pub mod deal;

pub use card::{Card, Colour, Rank, Suit};
