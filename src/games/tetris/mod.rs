//! Tetris to the rules of Wolfgang Ibl's Oberon System 3 version: the
//! pieces, the rules (time as tick moves, so games replay exactly), the
//! input logs `parlour tetris run` plays, and the top-five table.

pub mod log;
pub mod pieces;
pub mod rules;
pub mod top5;
