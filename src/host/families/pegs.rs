//! Peg solitaire: every Jumper `.brd` file in the `boards` folders is a
//! board; the launcher's Peg Solitaire entry opens the board last played,
//! at first the English board.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::core::files::{is_apart_id, is_listed};
use crate::games::pegs::board::{Board, BoardError};
use crate::games::pegs::library::{self as boards, BoardFile};
use crate::games::pegs::rules::BoardVariant;
use crate::host::{Controller, Family, GameEntry, HelpRef, Listed, Opening, Places, prefs};
use crate::machines::MachineId;
use crate::views::View;
use crate::views::board::Refused;
use crate::views::pegs::chooser::BoardChooser;
use crate::views::pegs::{LAST_BOARD_PREF, PegsBoard};

pub static FAMILY: Family = Family {
    id: "pegs",
    chooser_label: "Choose Board...",
    kind: crate::host::Kind::Board,
    games,
    variants,
    resolve,
    chooser: Some(chooser),
    open,
    help,
    figures: crate::host::kept_figures,
    progress: crate::host::no_progress,
    record: crate::host::Record::Full,
    claims: crate::host::Claims::Family("Peg Solitaire"),
};

/// The launcher's entry, which opens the default board.
const LAUNCHER_ID: &str = "pegs";
const LAUNCHER_NAME: &str = "Peg Solitaire";
/// The stem of the board the launcher entry opens, when there is one.
const DEFAULT_BOARD: &str = "english";

/// A board as the family keeps it: its display name, its rules and its
/// file; and the board passed over for it because it cannot be read (the
/// player's broken copy of it, or for the launcher's entry, the English
/// board), which the board tells of as it opens.
struct BoardGame {
    name: String,
    variant: BoardVariant,
    path: PathBuf,
    passed_over: Option<BoardError>,
}

/// Every board in the board folders, read afresh (so a board just saved
/// is listed), broken ones with their error, by name as every list is;
/// and the board `open`, where they do not hold it (a file opened by its
/// path). A broken board gives way to one of its id in a folder searched
/// after it that reads (see [`first_readable`]): the player's broken
/// English board does not hide the built-in one, by its id or in the
/// chooser. A board whose name differs only in case from one beside it
/// is listed under an id of its own (see [`boards::discover_beside`]).
pub fn board_files(places: &Places, open: Option<&GameEntry>) -> Vec<BoardFile> {
    let dirs = (places.search)("boards");
    let mut files: Vec<BoardFile> = boards::discover(&dirs)
        .iter()
        .map(|p| BoardFile::load(p))
        .map(|file| if file.parsed.is_ok() { file } else { first_readable(&dirs, &file.id).unwrap_or(file) })
        .collect();
    files.extend(boards::discover_beside(&dirs).iter().map(|p| BoardFile::load(p).apart()));
    if let Some(open) = open
        && let Some(game) = open.data.downcast_ref::<BoardGame>()
        && !files.iter().any(|f| f.id == open.game_id)
    {
        let parsed = Ok(game.variant.clone());
        let (id, name, path) = (open.game_id.clone(), game.name.clone(), game.path.clone());
        files.push(BoardFile { id, name, path, parsed, passed_over: None });
    }
    files.sort_by(|a, b| crate::host::by_name(&a.name, &b.name));
    files
}

/// The entry of board `file`: the board's own, or the launcher's, which
/// has an id and name of its own.
fn entry(file: BoardFile, launcher: bool) -> Result<GameEntry, String> {
    let variant = file.parsed.map_err(|e| e.to_string())?;
    let (path, passed_over) = (file.path, file.passed_over);
    let (id, name) = match launcher {
        true => (LAUNCHER_ID.to_string(), LAUNCHER_NAME.to_string()),
        false => (file.id.clone(), file.name.clone()),
    };
    Ok(GameEntry {
        id,
        game_id: file.id,
        name,
        // Peg solitaire has no machine of its own: the player's last one.
        kept_end: 0,
        default_machine: None,
        family: &FAMILY,
        data: Arc::new(BoardGame { name: file.name, variant, path, passed_over }),
    })
}

/// The Peg Solitaire entry: the board last played, as the preferences
/// keep it; else the English board, else the first board that reads;
/// none when there is no board. An English board that cannot be read is
/// told of as the game opens, and the next one the board folders hold
/// (the built-in one, where the broken copy is the player's) is played:
/// the lists show only the first, so without this look further the
/// broken copy would hide the built-in board.
fn games(places: &Places) -> Vec<GameEntry> {
    // Read without a word, as every command that lists the games lists
    // this entry: a kept board refused is told of as it opens.
    let kept = prefs::kept(&places.data_dir, FAMILY.id, LAST_BOARD_PREF);
    if let Some(Ok(Some(file))) = kept.map(|id| kept_board(places, &id)) {
        return entry(file, true).ok().into_iter().collect();
    }
    let file = match first_readable(&(places.search)("boards"), &boards::id_for(DEFAULT_BOARD)) {
        Ok(english) => Some(english),
        Err(passed_over) => {
            let first = board_files(places, None).into_iter().find(|b| b.parsed.is_ok());
            first.map(|b| BoardFile { passed_over, ..b })
        }
    };
    file.and_then(|f| entry(f, true).ok()).into_iter().collect()
}

/// Tells of a kept board the launcher's entry could not open, by its
/// line in the preferences, and of the board `played` in its place (the
/// English board, or where there is none the first that reads).
fn tell_of_kept_board_refused(places: &Places, played: &str) {
    prefs::tell_if_refused(&places.data_dir, FAMILY.id, LAST_BOARD_PREF, |id| {
        kept_board(places, id).map(drop).map_err(|why| Refused::new(why, format!("the {played} board is played")))
    });
}

/// The board kept under `id`; none for the English board (which
/// [`games`] finds, telling of a broken copy) or a board opened by its
/// path from elsewhere; or why it is refused: a board the board folders
/// no longer hold, or one that cannot be read.
fn kept_board(places: &Places, id: &str) -> Result<Option<BoardFile>, String> {
    if is_apart_id(id) || id.eq_ignore_ascii_case(&boards::id_for(DEFAULT_BOARD)) {
        return Ok(None);
    }
    let found = board_files(places, None).into_iter().find(|b| b.id.eq_ignore_ascii_case(id));
    match found {
        Some(BoardFile { parsed: Err(e), .. }) => Err(format!("board `{id}` cannot be read: {e}")),
        Some(file) => Ok(Some(file)),
        None => Err(format!("no board folder holds board `{id}`")),
    }
}

/// The first board of id `id` in `dirs` that reads, with the error of
/// the first one before it that does not (see [`BoardFile::passed_over`]);
/// or, where none reads, the first one's error, if there is one.
fn first_readable(dirs: &[PathBuf], id: &str) -> Result<BoardFile, Option<BoardError>> {
    let mut passed_over = None;
    for dir in dirs {
        let found = boards::discover(std::slice::from_ref(dir)).into_iter().find(|p| boards::id_of(p) == id);
        match found.map(|p| BoardFile::load(&p)) {
            Some(BoardFile { parsed: Err(e), .. }) => passed_over = passed_over.or(Some(e)),
            Some(file) => return Ok(BoardFile { passed_over, ..file }),
            None => {}
        }
    }
    Err(passed_over)
}

fn variants(places: &Places, open: Option<&GameEntry>) -> Vec<Listed> {
    board_files(places, open)
        .into_iter()
        .map(|f| {
            let name = f.name.clone();
            entry(f, false).map_err(|e| (name, e))
        })
        .collect()
}

/// A board's id (`pegs/english`) or the path of a .brd file. A file that
/// is not the board the board folders hold under its id (a copy of the
/// English board being tried out, a board of that name elsewhere) goes
/// by an id of its own, made from where it lies.
fn resolve(target: &str, places: &Places) -> Option<Result<GameEntry, String>> {
    if target.to_ascii_lowercase().starts_with(boards::ID_PREFIX) {
        let file = board_files(places, None).into_iter().find(|b| b.id.eq_ignore_ascii_case(target))?;
        return Some(entry(file, false));
    }
    let path = Path::new(target);
    (path.is_file() && boards::is_board_path(path)).then(|| {
        let file = BoardFile::load(path);
        let listed = boards::discover(&(places.search)("boards"));
        entry(if is_listed(path, &listed) { file } else { file.apart() }, false)
    })
}

/// The peg board of a pegs entry (a board's, or the launcher's Peg
/// Solitaire), for `parlour solve`; None for another family's game.
pub fn board(entry: &GameEntry) -> Option<&Board> {
    entry.data.downcast_ref::<BoardGame>().map(|game| &game.variant.board)
}

fn chooser(open: &GameEntry, places: &Places) -> Box<dyn View> {
    Box::new(BoardChooser::new(board_files(places, Some(open)), &open.game_id))
}

fn open(entry: &GameEntry, places: &Places, how: &Opening) -> Box<dyn View> {
    let game: &BoardGame = entry.data.downcast_ref().expect("a pegs entry holds its board");
    if entry.id == LAUNCHER_ID {
        tell_of_kept_board_refused(places, &game.name);
    }
    let board = PegsBoard::new(&game.name, &places.data_dir).telling_passed_over(game.passed_over.clone(), &game.path);
    let mut controller = Controller::open(FAMILY.id, game.variant.clone(), board, &places.data_dir, how);
    // The board is the one to come back to, even if Parlour is ended
    // without closing it.
    controller.keep_prefs_as_opened();
    Box::new(controller)
}

fn help(_entry: &GameEntry, _machine: MachineId) -> HelpRef {
    HelpRef::Guide { file: "pegs.guide".into(), node: "MAIN".into(), fallback: None }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "Version 2\nMode: Normal\ny y e\n";

    /// The boards folder of [`boards_whose_names_differ_only_in_case_are_both_listed`].
    static CASED: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();

    fn cased_boards(name: &str) -> Vec<PathBuf> {
        match name {
            "boards" => vec![CASED.get().expect("no boards folder").path().to_path_buf()],
            _ => Vec::new(),
        }
    }

    /// Two boards whose file names differ only in case (`Tiny.brd`,
    /// `tiny.brd`) are both listed, one under an id made from where it
    /// lies, and each id opens its own board, as its path does: one of
    /// them was missing from the chooser, and its id opened the other.
    #[test]
    fn boards_whose_names_differ_only_in_case_are_both_listed() {
        let dir = CASED.get_or_init(|| tempfile::tempdir().unwrap());
        std::fs::write(dir.path().join("Tiny.brd"), GOOD).unwrap();
        std::fs::write(dir.path().join("tiny.brd"), "Version 2\nMode: Normal\ny y e e\n").unwrap();
        let places = Places { data_dir: dir.path().join("data"), search: cased_boards };
        let files = board_files(&places, None);
        let mut paths: Vec<PathBuf> = files.iter().map(|f| f.path.clone()).collect();
        paths.sort();
        assert_eq!(paths, [dir.path().join("Tiny.brd"), dir.path().join("tiny.brd")]);
        assert_ne!(files[0].id, files[1].id);
        for file in &files {
            let by_id = resolve(&file.id, &places).expect("the id is not found").unwrap();
            let game: &BoardGame = by_id.data.downcast_ref().unwrap();
            assert_eq!(game.path, file.path, "{} opened another board", file.id);
            let by_path = resolve(&file.path.to_string_lossy(), &places).expect("the path is not taken").unwrap();
            assert_eq!(by_path.game_id, file.id, "the path plays under another id than the list's");
        }
    }
    const BROKEN: &str = "Version 2\nMode: Normal\ng g e\ng g\n";

    /// A broken English board in the first folder (the player's) does not
    /// hide the next folder's (the built-in one): that one is played, and
    /// the broken one's file and line are kept to tell of.
    #[test]
    fn a_broken_english_board_gives_way_to_the_next_folders() {
        let (mine, builtin) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        std::fs::write(mine.path().join("English.brd"), BROKEN).unwrap();
        std::fs::write(mine.path().join("Arch.brd"), GOOD).unwrap();
        std::fs::write(builtin.path().join("English.brd"), GOOD).unwrap();
        let dirs = [mine.path().to_path_buf(), builtin.path().to_path_buf()];
        let english = boards::id_for(DEFAULT_BOARD);
        let played = first_readable(&dirs, &english).unwrap();
        assert_eq!(played.path, builtin.path().join("English.brd"));
        let e = played.passed_over.unwrap();
        assert_eq!((e.source.as_str(), e.line), (mine.path().join("English.brd").to_str().unwrap(), 4));

        let none = first_readable(&dirs[..1], &english);
        assert!(none.is_err_and(|e| e.is_some()), "no English board reads: games() takes another");
        std::fs::write(mine.path().join("English.brd"), GOOD).unwrap();
        let played = first_readable(&dirs, &english).unwrap();
        assert_eq!((played.path, played.passed_over), (mine.path().join("English.brd"), None));
    }
}
