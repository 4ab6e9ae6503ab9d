//! The app's side of the game registry: where games are searched and kept
//! (see [`host::Places`]), and the registry's games read once per run.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::host::{self, GameEntry, Places};
use crate::solitaire::library::GameType;

use super::settings;

/// Where the host finds data and keeps the player's files.
pub fn places() -> Places {
    Places { data_dir: settings::data_dir(), search: search_dirs }
}

/// The folders searched for data kept in folders called `name`.
fn search_dirs(name: &str) -> Vec<PathBuf> {
    match name {
        "game-types" => game_type_dirs(),
        "boards" => board_dirs(),
        other => vec![PathBuf::from(other), settings::data_dir().join(other)],
    }
}

/// Where game types are looked for, in order: `$PARLOUR_GAME_TYPES` (a
/// path list) if set; otherwise ./game-types, the game-types folder of the
/// source tree Parlour was built from, and game-types in the user's data
/// folder.
pub fn game_type_dirs() -> Vec<PathBuf> {
    if let Some(list) = std::env::var_os("PARLOUR_GAME_TYPES") {
        return std::env::split_paths(&list).collect();
    }
    let mut dirs = vec![PathBuf::from("game-types"), Path::new(env!("CARGO_MANIFEST_DIR")).join("game-types")];
    dirs.push(settings::data_dir().join("game-types"));
    dirs
}

/// Where peg boards are looked for, in order: `$PARLOUR_BOARDS` (a path
/// list) if set; otherwise ./boards, the boards folder of the source tree
/// Parlour was built from, and boards in the user's data folder.
pub fn board_dirs() -> Vec<PathBuf> {
    if let Some(list) = std::env::var_os("PARLOUR_BOARDS") {
        return std::env::split_paths(&list).collect();
    }
    let mut dirs = vec![PathBuf::from("boards"), Path::new(env!("CARGO_MANIFEST_DIR")).join("boards")];
    dirs.push(settings::data_dir().join("boards"));
    dirs
}

/// Every game, in launcher order (read once per run).
pub fn games() -> &'static [GameEntry] {
    static GAMES: OnceLock<Vec<GameEntry>> = OnceLock::new();
    GAMES.get_or_init(|| host::games(&places()))
}

/// Finds a game by its id, or reads the game at a path (see [`host::find`]).
pub fn find(target: &str) -> Result<GameEntry, String> {
    if let Some(g) = games().iter().find(|g| g.id.eq_ignore_ascii_case(target)) {
        return Ok(g.clone());
    }
    host::find(target, &places())
}

/// The solitaire game type of an entry, for the commands that only
/// solitaire has (deal, solve, capture, the HTML help).
pub fn game_type(entry: &GameEntry) -> Option<&GameType> {
    entry.data.downcast_ref()
}
