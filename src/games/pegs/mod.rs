//! Peg solitaire on boards from ViaThinkSoft Jumper's .brd files.

pub mod board;
pub mod rules;
