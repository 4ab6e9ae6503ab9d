//! The app's side of the game registry: where games are searched and kept
//! (see [`host::Places`]), and the registry's games read once per run.

use std::path::PathBuf;
use std::sync::OnceLock;

use crate::host::{self, GameEntry, LeftOut, Places};
use crate::solitaire::chance::ChanceGame;
use crate::solitaire::engine::SolitaireVariant;
use crate::solitaire::library::GameType;

use super::data_dirs::{board_dirs, card_game_dirs, card_shell_dirs, game_type_dirs, guide_dirs};
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
        "card-shell" => card_shell_dirs(),
        "card-games" => card_game_dirs(),
        "guide" => guide_dirs(),
        other => vec![PathBuf::from(other), settings::data_dir().join(other)],
    }
}

/// Every game, in launcher order (read once per run).
pub fn games() -> &'static [GameEntry] {
    static GAMES: OnceLock<Vec<GameEntry>> = OnceLock::new();
    GAMES.get_or_init(|| host::games(&places()))
}

/// What the launcher leaves out because it could not be read (see
/// [`host::left_out`]), read once.
pub fn left_out() -> &'static [LeftOut] {
    static LEFT_OUT: OnceLock<Vec<LeftOut>> = OnceLock::new();
    LEFT_OUT.get_or_init(|| host::left_out(&places()))
}

/// Finds a game by its id, or reads the game at a path (see [`host::find`]:
/// a path that exists comes before an id).
pub fn find(target: &str) -> Result<GameEntry, String> {
    find_in(target, &places())
}

/// [`find`] for a game that keeps its files in `places`. A launcher entry
/// is made afresh by its family, not taken from the list read at the
/// start of the run: what it opens may follow play (Sokoban's entry opens
/// the level played last, which changes as the player goes on).
pub fn find_in(target: &str, places: &Places) -> Result<GameEntry, String> {
    if !std::path::Path::new(target).exists()
        && let Some(g) = games().iter().find(|g| g.id.eq_ignore_ascii_case(target))
    {
        let fresh = (g.family.games)(places).into_iter().find(|f| f.id == g.id);
        return Ok(fresh.unwrap_or_else(|| g.clone()));
    }
    host::find(target, places)
}

/// The solitaire game type of an entry, for the commands that only
/// solitaire has (deal, solve, capture, the HTML help).
pub fn game_type(entry: &GameEntry) -> Option<&GameType> {
    entry.data.downcast_ref()
}

/// The pile engine's variant of an entry that the engine plays (a game
/// type, The Chance under its rule), for `deal` and `solve`.
pub fn solitaire_variant(entry: &GameEntry) -> Option<SolitaireVariant> {
    game_type(entry)
        .map(|g| g.variant.clone())
        .or_else(|| entry.data.downcast_ref::<ChanceGame>().map(|g| g.variant.table().clone()))
}
