//! A solver for any game type: finds a line of moves that wins a position,
//! or proves that none does. It reads the same [`Rules`](super::rules::Rules)
//! through the same engine as play does, so every game.ini variant gets it,
//! in the mode the variant is played in (Hard mode's CheckFree limits the
//! runs it moves as they limit the player's).
//!
//! It sees face-down cards (it plays "thoughtful" solitaire): it is for
//! scripted wins, hints in games without hidden cards and telling whether
//! a deal can be won at all.
//!
//! - [`key`]: positions in canonical form (interchangeable piles as a set),
//!   fingerprinted in 128 bits for the transposition table.
//! - [`moves`]: the moves worth trying and the ones made without choice
//!   (automatic moves and safe lay-offs).
//! - [`score`]: how promising a position looks.
//! - [`table`]: the memory-bounded transposition table, and the count of
//!   the bytes a search holds.
//! - [`position`]: what the searches ask of a position; [`open`]: the
//!   compact form of positions in open games (FreeCell and its cousins),
//!   which plays as the engine does, several times as fast.
//! - [`search`]: a portfolio of best-first and depth-first searches
//!   taking turns.
//! - [`relaxed`]: positions of one-pass games proved lost without a search,
//!   in a relaxed game where whatever becomes possible stays possible.
//! - [`winnable`]: winnable-only deals, the same for a number everywhere.
//!
//! Every pruning is safe, so [`Verdict::Lost`] is a proof (barring a 128-bit
//! fingerprint collision).

mod key;
mod moves;
mod open;
mod position;
mod relaxed;
mod score;
mod search;
mod table;
pub mod winnable;

#[cfg(test)]
mod tests;

pub use moves::safe_lay_off;
pub use score::promising_move;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::time::Duration;

use super::engine::Solitaire;
use crate::core::Status;
use crate::core::game::Game;
use crate::core::session::play_through;

/// How much work a solve may do.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Positions expanded, at most.
    pub nodes: u64,
    /// Bytes of memory the search may hold, at most (its own count of what
    /// it holds: tables, positions, the frontier).
    pub memory: usize,
    /// Wall-clock time the search may take, if limited.
    pub time: Option<Duration>,
    /// Set to stop the search from another thread.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Where the search counts the positions it expands (256 at a time),
    /// for another thread to show its progress: searches that share it
    /// one after another count together.
    pub progress: Option<Arc<AtomicU64>>,
}

impl Limits {
    /// The command line's defaults: any game decided or given up within
    /// 30 seconds and 1 GB. Time and memory are what bind (the node limit
    /// alone would let a game with slow positions, such as Spider's, run
    /// for minutes); the node limit lets quick games use the time: Golf
    /// deals 10 and 12 are proved lost after 3.4 million positions, 9 s.
    pub const DEFAULT_NODES: u64 = 10_000_000;
    pub const DEFAULT_MEMORY_MB: usize = 900;
    pub const DEFAULT_SECONDS: u64 = 25;

    /// Limits of positions and megabytes, with no time limit.
    pub fn new(nodes: u64, memory_mb: usize) -> Limits {
        Limits { nodes, memory: memory_mb.saturating_mul(1 << 20), time: None, cancel: None, progress: None }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            time: Some(Duration::from_secs(Limits::DEFAULT_SECONDS)),
            ..Limits::new(Limits::DEFAULT_NODES, Limits::DEFAULT_MEMORY_MB)
        }
    }
}

/// Which limit stopped a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    Nodes,
    Memory,
    Time,
    Cancelled,
}

impl Limit {
    pub fn name(self) -> &'static str {
        match self {
            Limit::Nodes => "nodes",
            Limit::Memory => "memory",
            Limit::Time => "time",
            Limit::Cancelled => "cancelled",
        }
    }
}

/// What the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A winning line: move texts to play one after the other (automatic
    /// moves in between are the session's, not listed).
    Won(Vec<String>),
    /// Every position reachable was searched: the game cannot be won.
    Lost,
    /// A limit stopped the search first.
    Undecided(Limit),
}

/// A solve's verdict and what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub verdict: Verdict,
    /// Positions expanded.
    pub nodes: u64,
    /// The most bytes the search held at once (its own count).
    pub peak_bytes: usize,
}

/// Searches for a win from `start` within `limits`.
pub fn solve(start: &Solitaire, limits: &Limits) -> Report {
    search::run(start, limits)
}

/// Whether `line` wins from `state` played through the rules, with the
/// game's own automatic moves after each move as a session makes them.
/// A verdict of [`Verdict::Won`] is trusted only once this has said so.
pub fn wins(state: &Solitaire, line: &[String]) -> bool {
    let mut end = state.clone();
    play_through(&mut end, line, |_| None) == line.len() && end.status() == Status::Won
}
