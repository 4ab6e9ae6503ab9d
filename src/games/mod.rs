//! Puzzle and board games beside the card games: rules, file formats,
//! solvers. Each imports only `core` (and `cards`).

pub mod mines;
pub mod pegs;
pub mod rummi;
pub mod scramble;
pub mod sokoban;
pub mod tetris;
