//! The registration of each game family: how its games are listed, read,
//! opened and helped.

pub mod cardgames;
pub mod chance;
pub mod mines;
pub mod pegs;
pub mod rummi;
pub mod scramble;
pub mod sokoban;
pub mod solitaire;
pub mod tetris;
