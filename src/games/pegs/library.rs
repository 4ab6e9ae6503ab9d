//! Board files on disk: every `.brd` file in the board folders is a board,
//! named after its file stem ("English Standard Board"), with a game id
//! derived from that name (`pegs/english-standard-board`).

use std::path::{Path, PathBuf};

use super::board::{Board, BoardError};
use super::rules::BoardVariant;
use crate::core::files::{by_id, first_of_each};

/// What every board's game id starts with, so boards never clash with
/// solitaire game types in saves and high scores.
pub const ID_PREFIX: &str = "pegs/";

/// Game ids are at most this long (see `core::text::check_id`).
const MAX_ID_LEN: usize = 64;

/// A board file as found: its names, and the board or why it cannot be read.
#[derive(Clone, Debug)]
pub struct BoardFile {
    /// `pegs/english-standard-board` for "English Standard Board.brd".
    pub id: String,
    /// The file stem, as the player sees it.
    pub name: String,
    pub path: PathBuf,
    pub parsed: Result<BoardVariant, BoardError>,
    /// The board of this id in a folder searched before this one's, which
    /// cannot be read and was passed over for this one (the player's
    /// broken copy of a built-in board), to tell of as the board opens.
    pub passed_over: Option<BoardError>,
}

impl BoardFile {
    /// Reads the board at `path`. Never fails: an unreadable or broken file
    /// is kept with its error, so choosers can list it with the reason.
    pub fn load(path: &Path) -> BoardFile {
        let name = path.file_stem().map_or_else(|| path.display().to_string(), |s| s.to_string_lossy().into_owned());
        let id = id_for(&name);
        let source = path.display().to_string();
        let parsed = match crate::core::files::read_capped(path, crate::core::files::limits::RULES) {
            Ok(bytes) => Board::parse(&source, &bytes).map(|board| BoardVariant::new(&id, &bytes, board)),
            Err(e) => Err(BoardError { source, line: 1, message: format!("the file cannot be read ({e})") }),
        };
        BoardFile { id, name, path: path.to_path_buf(), parsed, passed_over: None }
    }

    /// The same board under an id of its own made from where its file
    /// lies (`pegs/english-1a2b3c4d`): for a board opened by its path
    /// that is not the one the board folders hold under its id, so that
    /// its saved game, statistics and high scores never mix with that
    /// one's.
    pub fn apart(self) -> BoardFile {
        let id = crate::core::files::apart_id(&self.id, &self.path, MAX_ID_LEN);
        let parsed = self.parsed.map(|variant| BoardVariant { id: id.clone(), ..variant });
        BoardFile { id, parsed, ..self }
    }
}

/// The game id for a board named `name`: [`ID_PREFIX`], then the name in
/// lower case with spaces as dashes (other letters than ASCII's spelt in
/// them by `deunicode`: "Königsberg" -> "konigsberg"), keeping only the
/// characters ids allow.
pub fn id_for(name: &str) -> String {
    let mut id = String::from(ID_PREFIX);
    for c in deunicode::deunicode_with_tofu(name.trim(), "").chars() {
        let c = if c.is_whitespace() { '-' } else { c.to_ascii_lowercase() };
        let allowed = c.is_ascii_alphanumeric() || "._+-".contains(c);
        // Runs of dashes (from "3 - 3" or dropped characters) read as one.
        if allowed && !(c == '-' && id.ends_with('-')) && id.len() < MAX_ID_LEN {
            id.push(c);
        }
    }
    if id.len() == ID_PREFIX.len() {
        id.push_str("board");
    }
    id
}

/// The game id of the board file at `path`, from its stem.
pub fn id_of(path: &Path) -> String {
    id_for(&path.file_stem().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default())
}

/// Whether `path` names a board file (by its `.brd` extension, any case).
pub fn is_board_path(path: &Path) -> bool {
    path.extension().is_some_and(|e| e.eq_ignore_ascii_case("brd"))
}

/// Every `.brd` file directly inside `dirs`, sorted by name within each
/// folder; a later file whose id was already seen is skipped, so the
/// earlier folders win.
pub fn discover(dirs: &[PathBuf]) -> Vec<PathBuf> {
    first_of_each(dirs, is_board_file, id_of)
}

/// The `.brd` files [`discover`] skips for one beside them in the same
/// folder whose name differs only in case or punctuation (`tiny.brd`
/// beside `Tiny.brd`). Each is a board of its own, which the player put
/// there to play, so it is listed under an id made from where it lies
/// (see [`BoardFile::apart`]), where a file of a later folder skipped
/// for an earlier folder's is that folder's overlay doing its work.
pub fn discover_beside(dirs: &[PathBuf]) -> Vec<PathBuf> {
    by_id(dirs, is_board_file, id_of).beside.into_iter().map(|(skipped, _)| skipped).collect()
}

fn is_board_file(path: &Path) -> bool {
    is_board_path(path) && path.is_file()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_follow_the_file_name() {
        assert_eq!(id_for("English Standard Board"), "pegs/english-standard-board");
        assert_eq!(id_for("english"), "pegs/english");
        assert_eq!(id_for("Asymmetric 3-3-2-2 Board"), "pegs/asymmetric-3-3-2-2-board");
        assert_eq!(id_for("Ünïcode (v2)"), "pegs/unicode-v2");
        assert_eq!(id_for("Königsberg"), "pegs/konigsberg");
        assert_eq!(id_for("!!!"), "pegs/board");
        assert_eq!(id_for(&"x".repeat(100)).len(), MAX_ID_LEN);
        for name in ["a b", "Snowflake", "Drag-n-Drop Board Variant A with diagonal moves"] {
            let id = id_for(name);
            assert!(id.len() <= MAX_ID_LEN && id.chars().all(|c| c.is_ascii_alphanumeric() || "._+/-".contains(c)));
        }
    }

    #[test]
    fn discovers_boards_and_keeps_broken_ones_with_their_error() {
        let dir = tempfile::tempdir().unwrap();
        let other = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("Good.brd"), "Version 2\nMode: Normal\ny y e\n").unwrap();
        std::fs::write(dir.path().join("Broken.BRD"), "Version 2\nMode: Normal\ny q e\n").unwrap();
        std::fs::write(dir.path().join("notes.txt"), "not a board").unwrap();
        std::fs::write(other.path().join("good.brd"), "Version 2\nMode: Normal\ny y e\n").unwrap();
        let found = discover(&[dir.path().to_path_buf(), other.path().to_path_buf(), dir.path().join("gone")]);
        let names: Vec<String> = found.iter().map(|p| p.file_name().unwrap().to_string_lossy().into()).collect();
        assert_eq!(names, ["Broken.BRD", "Good.brd"], "the second good.brd has the same id");
        let broken = BoardFile::load(&found[0]);
        assert_eq!(broken.name, "Broken");
        let e = broken.parsed.unwrap_err();
        assert_eq!(e.line, 3);
        let good = BoardFile::load(&found[1]);
        assert_eq!(good.id, "pegs/good");
        assert_eq!(good.parsed.unwrap().board.stones(), 2);
        let missing = BoardFile::load(&dir.path().join("Missing.brd"));
        assert!(missing.parsed.unwrap_err().message.contains("cannot be read"));
    }
}
