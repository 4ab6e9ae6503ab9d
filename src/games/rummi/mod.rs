//! Rummi: Rummikub for two, you against the program, after Yvon Rozijn's
//! Amiga game (1995). Tiles, sets, the table's layout, moves and rules are
//! here; the program's play is in [`solver`] (the Expert's exact search),
//! [`beginner`] and [`planner`] (a chosen play as tile moves).

pub mod advice;
pub mod beginner;
pub mod computer;
pub mod moves;
pub mod planner;
pub mod positions;
pub mod rules;
pub mod sets;
pub mod solver;
pub mod table;
pub mod tile;
