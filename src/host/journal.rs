//! Where games are kept on disk: the journal each game is saved to after
//! every change (and resumed from), and the files Game > Save a Copy writes.

use std::path::{Path, PathBuf};

use crate::core::save::{self, Header};

/// The folder of journals inside the data folder.
const JOURNALS: &str = "journals";
/// The folder of the files whose locks claim games for one window.
const LOCKS: &str = "locks";
/// The folder of kept games (Save a Copy) inside the data folder.
const KEPT: &str = "saved";
/// The extension of every save.
pub const EXTENSION: &str = "save";

/// A game id as a file name: `pegs/english` becomes `pegs-english`.
fn file_stem(id: &str) -> String {
    id.replace('/', "-")
}

/// The journal of game `id`: `journals/klondike.save`.
pub fn journal_path(data_dir: &Path, id: &str) -> PathBuf {
    data_dir.join(JOURNALS).join(format!("{}.{EXTENSION}", file_stem(id)))
}

/// The file whose lock claims game `id`'s journals for one window:
/// `locks/pegs-english.lock` (see [`claim`](super::claim)), in a folder
/// of its own, as the journals folder holds journals alone.
pub fn lock_path(data_dir: &Path, id: &str) -> PathBuf {
    data_dir.join(LOCKS).join(format!("{}.lock", file_stem(id)))
}

/// The folder Save a Copy writes to.
pub fn kept_dir(data_dir: &Path) -> PathBuf {
    data_dir.join(KEPT)
}

/// A new file name for keeping a game of `id`: `saved/klondike-3.save`,
/// the first number not taken.
pub fn next_kept_path(data_dir: &Path, id: &str) -> PathBuf {
    let dir = kept_dir(data_dir);
    (1..)
        .map(|n| dir.join(format!("{}-{n}.{EXTENSION}", file_stem(id))))
        .find(|p| !p.exists())
        .expect("some number is free")
}

/// Every kept game, newest first: the files named .save in the folder.
pub fn kept_games(data_dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(kept_dir(data_dir)) else { return Vec::new() };
    let mut files: Vec<(std::time::SystemTime, PathBuf)> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == EXTENSION) && p.is_file())
        .map(|p| (p.metadata().and_then(|m| m.modified()).unwrap_or(std::time::UNIX_EPOCH), p))
        .collect();
    files.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    files.into_iter().map(|f| f.1).collect()
}

/// [`kept_games`], each with the name Open... lists it by: its file's
/// name, and where its header does not read, that it cannot be opened
/// (told apart before it is chosen; choosing it says why).
pub fn kept_games_named(data_dir: &Path) -> Vec<(PathBuf, String)> {
    let named = |path: PathBuf| {
        let name = path.file_stem().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let name = if header_of(&path).is_ok() { name } else { format!("{name} (cannot be opened)") };
        (path, name)
    };
    kept_games(data_dir).into_iter().map(named).collect()
}

/// The header of the save at `path`, or why it is not one.
pub fn header_of(path: &Path) -> Result<Header, String> {
    let bytes = crate::core::files::read_capped(path, crate::core::files::limits::SAVE)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    save::read_header(&bytes).map_err(|e| format!("{}:{}: {}", path.display(), e.line, e.reason))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_game_id() {
        let d = Path::new("/data");
        assert_eq!(journal_path(d, "pegs/english"), Path::new("/data/journals/pegs-english.save"));
        let dir = tempfile::tempdir().unwrap();
        let first = next_kept_path(dir.path(), "klondike");
        assert!(first.ends_with("saved/klondike-1.save"));
        std::fs::create_dir_all(first.parent().unwrap()).unwrap();
        std::fs::write(&first, "x").unwrap();
        assert!(next_kept_path(dir.path(), "klondike").ends_with("saved/klondike-2.save"));
        assert_eq!(kept_games(dir.path()), vec![first]);
    }

    /// Open... lists files only, and tells one that is no kept game.
    #[test]
    fn kept_games_are_files_and_those_that_do_not_open_say_so() {
        let dir = tempfile::tempdir().unwrap();
        let kept = kept_dir(dir.path());
        std::fs::create_dir_all(kept.join("folder.save")).unwrap();
        std::fs::write(kept.join("notes.save"), "shopping list\n").unwrap();
        let named: Vec<String> = kept_games_named(dir.path()).into_iter().map(|(_, name)| name).collect();
        assert_eq!(named, ["notes (cannot be opened)"]);
    }
}
