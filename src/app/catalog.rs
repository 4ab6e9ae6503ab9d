//! The app's side of the game registry: where games are searched and kept
//! (see [`host::Places`]), and the registry's games as last read.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

use crate::host::{self, GameEntry, LeftOut, Places};
use crate::solitaire::library::GameType;

use super::data_dirs::{board_dirs, card_game_dirs, card_shell_dirs, game_type_dirs, guide_dirs, user_dirs};
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
        other => user_dirs(other),
    }
}

/// Every game the launcher lists and what it leaves out, as read at one
/// time.
pub struct Listing {
    /// Every game, in launcher order.
    pub games: Arc<[GameEntry]>,
    /// What could not be read (see [`host::left_out`]).
    pub left_out: Arc<[LeftOut]>,
}

impl Listing {
    /// Every family's games and what is left out, read from the folders
    /// `places` searches.
    pub fn read(places: &Places) -> Listing {
        Listing { games: host::games(places).into(), left_out: host::left_out(places).into() }
    }
}

/// The listing as last read: read at the first call, and again by
/// [`read_again`].
static LISTING: Mutex<Option<Arc<Listing>>> = Mutex::new(None);

/// The listing as last read (read now, the first time).
fn listing() -> Arc<Listing> {
    let mut kept = LISTING.lock().unwrap_or_else(PoisonError::into_inner);
    kept.get_or_insert_with(|| Arc::new(Listing::read(&places()))).clone()
}

/// Reads every game again, for the launcher to list and play them as
/// their files are now: a variant author edits a game.ini (or breaks it)
/// while Parlour runs, and is to see the new layout, or be told the
/// file's line, at once. A few dozen small files: quick enough to read
/// whenever a game is played from the launcher.
pub fn read_again() -> Arc<Listing> {
    let fresh = Arc::new(Listing::read(&places()));
    *LISTING.lock().unwrap_or_else(PoisonError::into_inner) = Some(fresh.clone());
    fresh
}

/// Every game, in launcher order, as last read.
pub fn games() -> Arc<[GameEntry]> {
    listing().games.clone()
}

/// What the launcher leaves out because it could not be read (see
/// [`host::left_out`]), as last read.
pub fn left_out() -> Arc<[LeftOut]> {
    listing().left_out.clone()
}

/// Finds a game by its id, or reads the game at a path (see [`host::find`]:
/// a path that exists comes before an id).
pub fn find(target: &str) -> Result<GameEntry, String> {
    find_in(target, &places())
}

/// [`find`] for a game that keeps its files in `places`. A launcher entry
/// is made afresh by its family, not taken from the list as last read:
/// what it opens may follow play (Sokoban's entry opens the level played
/// last, which changes as the player goes on), and a game type's game.ini
/// may have been edited since, or broken, which is told rather than the
/// old rules played.
pub fn find_in(target: &str, places: &Places) -> Result<GameEntry, String> {
    if !std::path::Path::new(target).exists()
        && let Some(g) = games().iter().find(|g| g.id.eq_ignore_ascii_case(target))
    {
        let fresh = (g.family.games)(places).into_iter().find(|f| f.id == g.id);
        return fresh.ok_or_else(|| no_longer_listed(g, places));
    }
    host::find(target, places)
}

/// Why `listed`, a game of the listing as last read, is no longer among
/// its family's games: the file:line that now fails to read, or that it
/// is gone.
fn no_longer_listed(listed: &GameEntry, places: &Places) -> String {
    let folder = game_type(listed).map(|t| crate::core::files::file_name(&t.folder));
    let left_out = host::left_out_of(listed.family, (listed.family.variants)(places, None));
    let own = left_out.iter().find(|left| folder.as_deref() == Some(left.name.as_str()) || left.name == listed.name);
    match own {
        Some(left) => format!("{} can no longer be read: {}", listed.name, left.why),
        None => format!("{} is no longer installed.", listed.name),
    }
}

/// The solitaire game type of an entry, for the commands that only
/// solitaire has (deal, solve, capture, the HTML help).
pub fn game_type(entry: &GameEntry) -> Option<&GameType> {
    entry.data.downcast_ref().or_else(|| host::card_game_type(entry))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The folder [`trials_only`] searches for game types, made once.
    static TRIALS: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();

    /// Searches only [`TRIALS`], for game types.
    fn trials_only(name: &str) -> Vec<PathBuf> {
        match name {
            "game-types" => vec![TRIALS.get().expect("no game-types folder").path().to_path_buf()],
            _ => Vec::new(),
        }
    }

    /// A variant author's game type `name`, Klondike's rules under that
    /// name, in [`TRIALS`]: its game.ini's path, and where it is searched.
    pub(crate) fn trial(name: &str) -> (PathBuf, Places) {
        let dir = TRIALS.get_or_init(|| tempfile::tempdir().unwrap());
        let folder = dir.path().join(name);
        std::fs::create_dir_all(&folder).unwrap();
        let klondike = std::fs::read_to_string("game-types/Klondike/game.ini").unwrap();
        let ini = folder.join("game.ini");
        std::fs::write(&ini, klondike.replace("Name=Klondike", &format!("Name={name}"))).unwrap();
        (ini, Places { data_dir: dir.path().join("data"), search: trials_only })
    }

    /// A game type listed, then broken while Parlour runs, is told of by
    /// the line that now fails, not played by the rules it had.
    #[test]
    fn a_game_type_broken_since_it_was_listed_is_told_by_its_line() {
        let (ini, places) = trial("Trial");
        let listing = Listing::read(&places);
        let listed = listing.games.iter().find(|g| g.name == "Trial").expect("Trial is listed").clone();
        std::fs::write(&ini, std::fs::read_to_string(&ini).unwrap().replace("[Game]", "[Gmae]")).unwrap();
        let again = (listed.family.games)(&places);
        assert!(again.iter().all(|g| g.name != "Trial"), "read again, it is left out: {again:?}");
        let why = no_longer_listed(&listed, &places);
        assert!(why.starts_with(&format!("Trial can no longer be read: {}:", ini.display())), "{why}");
        // Then how many more errors lint finds: the trial has no help page
        // or picture, which lint counts too.
        assert!(why.contains("did you mean [Game]? (and "), "{why}");
    }
}
