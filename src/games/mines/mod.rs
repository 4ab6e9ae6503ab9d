//! MineSweeper to the Oberon rules: fields from 8 x 8 to 30 x 16 with 10
//! to 99 mines (at most 70% of the squares), the mines placed after the
//! first click, and an option to deal only boards that need no guess.

pub mod generate;
pub mod grid;
pub mod rules;
pub mod settings;
pub mod solver;
