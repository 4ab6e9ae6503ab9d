//! The games Parlour has: what `parlour list` prints and the launcher shows.
//! Each entry knows its default machine and how to open its view.

use crate::machines::MachineId;
use crate::views::View;

/// A game that can be played.
pub struct GameEntry {
    pub id: &'static str,
    pub name: &'static str,
    /// The machine the game opens on when none is chosen.
    pub default_machine: Option<MachineId>,
    /// Opens the game's view for a seed.
    pub open: fn(seed: u64) -> Box<dyn View>,
}

/// Every game, in launcher order. Games arrive with the issues that build
/// them; none is listed before it can be played.
pub fn games() -> Vec<GameEntry> {
    Vec::new()
}

/// Finds a game by its id (case-insensitive).
pub fn find(id: &str) -> Option<GameEntry> {
    games().into_iter().find(|g| g.id.eq_ignore_ascii_case(id))
}
