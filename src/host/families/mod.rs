//! The registration of each game family: how its games are listed, read,
//! opened and helped.

pub mod cardgames;
pub mod chance;
pub mod mines;
pub mod pegs;
pub mod rummi;
pub mod scramble;
pub mod sokoban;
pub mod solitaire;
pub mod tetris;

use std::path::{Path, PathBuf};

use crate::core::{Diagnostic, plural, reason, shell_quoted};

/// A game-type folder left out of the list because `by`, beside it, has
/// its id, as (its name, why): two folders whose names differ only in case
/// or punctuation are one game to `play`, the saves and the statistics,
/// so only the first is listed, and the other is told of as one that
/// cannot be read is.
pub fn id_taken((folder, by): &(PathBuf, PathBuf)) -> (String, String) {
    let name = crate::core::files::file_name;
    let id = crate::solitaire::library::folder_id(folder);
    (name(folder), format!("its id {id} is taken by \"{}\" beside it (rename one of the two)", name(by)))
}

/// Why a game type could not be read, in the line a list of games has
/// room for: its first error (`diags`, as reading it found them) and,
/// where `parlour lint` finds more at `linted` (its folder, or its
/// game.ini where that is all lint checks of it), how many and the command
/// that lists them all. The count is of lint's own list, so the two never
/// disagree: lint goes on past what stops the game being read, to the
/// checks of the whole game and of its help page.
fn unreadable(linted: &Path, diags: &[Diagnostic]) -> String {
    with_lint_count(reason(diags), linted)
}

/// `first`, the first error found in the game type at `linted`, and
/// where `parlour lint` finds more there, how many and the command that
/// lists them all (see [`unreadable`]).
pub fn with_lint_count(first: String, linted: &Path) -> String {
    let lint_errors = solitaire::lint_game_type(linted).iter().filter(|d| d.is_error()).count();
    match lint_errors.saturating_sub(1) {
        0 => first,
        more => format!(
            "{first} (and {}: parlour lint {} lists them all)",
            plural(more as u64, "more error", "more errors"),
            shell_quoted(&linted.display().to_string())
        ),
    }
}
