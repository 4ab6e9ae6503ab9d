//! Scramble, the sliding puzzle of Oberon System 3: pieces of a picture
//! (or numbers) to put back in order by sliding them into the gap.

pub mod puzzle;
pub mod rules;
pub mod solver;
