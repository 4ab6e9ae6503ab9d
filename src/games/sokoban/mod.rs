//! Sokoban: push every box onto a goal. Levels come in XSB files (see
//! [`level`]); moves are LURD paths (see [`rules`]); the solver finds the
//! fewest pushes and gives hints.

pub mod level;
pub mod library;
pub mod records;
pub mod rules;
pub mod solver;
