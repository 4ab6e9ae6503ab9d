//! Peg solitaire on boards from ViaThinkSoft Jumper's .brd files.

pub mod board;
mod geometry;
pub mod library;
pub mod rules;
pub mod solver;
