//! Peg solitaire: every Jumper `.brd` file in the `boards` folders is a
//! board; the launcher's Peg Solitaire entry opens the English board.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::core::files::is_listed;
use crate::games::pegs::board::Board;
use crate::games::pegs::library::{self as boards, BoardFile};
use crate::games::pegs::rules::BoardVariant;
use crate::host::{Controller, Family, GameEntry, HelpRef, Listed, Opening, Places};
use crate::machines::MachineId;
use crate::views::View;
use crate::views::pegs::PegsBoard;
use crate::views::pegs::chooser::BoardChooser;

pub static FAMILY: Family = Family {
    id: "pegs",
    chooser_label: "Choose Board...",
    games,
    variants,
    resolve,
    chooser: Some(chooser),
    open,
    help,
    figures: crate::host::kept_figures,
    progress: crate::host::no_progress,
    record: crate::host::Record::Full,
};

/// The launcher's entry, which opens the default board.
const LAUNCHER_ID: &str = "pegs";
const LAUNCHER_NAME: &str = "Peg Solitaire";
/// The stem of the board the launcher entry opens, when there is one.
const DEFAULT_BOARD: &str = "english";

/// A board as the family keeps it: its display name, its rules and its
/// file.
struct BoardGame {
    name: String,
    variant: BoardVariant,
    path: PathBuf,
}

/// Every board in the board folders, read afresh (so a board just saved
/// is listed), broken ones with their error, by name as every list is;
/// and the board `open`, where they do not hold it (a file opened by its
/// path).
pub fn board_files(places: &Places, open: Option<&GameEntry>) -> Vec<BoardFile> {
    let mut files: Vec<BoardFile> =
        boards::discover(&(places.search)("boards")).iter().map(|p| BoardFile::load(p)).collect();
    if let Some(open) = open
        && let Some(game) = open.data.downcast_ref::<BoardGame>()
        && !files.iter().any(|f| f.id == open.game_id)
    {
        let parsed = Ok(game.variant.clone());
        files.push(BoardFile { id: open.game_id.clone(), name: game.name.clone(), path: game.path.clone(), parsed });
    }
    files.sort_by(|a, b| crate::host::by_name(&a.name, &b.name));
    files
}

fn entry(file: BoardFile, id: Option<&str>, name: Option<&str>) -> Result<GameEntry, String> {
    let variant = file.parsed.map_err(|e| e.to_string())?;
    let path = file.path;
    Ok(GameEntry {
        id: id.map_or_else(|| file.id.clone(), str::to_string),
        game_id: file.id,
        name: name.map_or_else(|| file.name.clone(), str::to_string),
        // Peg solitaire has no machine of its own: the player's last one.
        kept_end: 0,
        default_machine: None,
        family: &FAMILY,
        data: Arc::new(BoardGame { name: file.name, variant, path }),
    })
}

/// The Peg Solitaire entry: the board named "english", else the first board
/// that reads; none when there is no board.
fn games(places: &Places) -> Vec<GameEntry> {
    let mut all = board_files(places, None);
    let default = all.iter().position(|b| b.name.eq_ignore_ascii_case(DEFAULT_BOARD) && b.parsed.is_ok());
    let file = match default {
        Some(i) => Some(all.swap_remove(i)),
        None => all.into_iter().find(|b| b.parsed.is_ok()),
    };
    file.and_then(|f| entry(f, Some(LAUNCHER_ID), Some(LAUNCHER_NAME)).ok()).into_iter().collect()
}

fn variants(places: &Places, open: Option<&GameEntry>) -> Vec<Listed> {
    board_files(places, open)
        .into_iter()
        .map(|f| {
            let name = f.name.clone();
            entry(f, None, None).map_err(|e| (name, e))
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
        return Some(entry(file, None, None));
    }
    let path = Path::new(target);
    (path.is_file() && boards::is_board_path(path)).then(|| {
        let file = BoardFile::load(path);
        let listed = boards::discover(&(places.search)("boards"));
        entry(if is_listed(path, &listed) { file } else { file.apart() }, None, None)
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
    let board = PegsBoard::new(&game.name, &places.data_dir);
    Box::new(Controller::open(FAMILY.id, game.variant.clone(), board, &places.data_dir, how))
}

fn help(_entry: &GameEntry, _machine: MachineId) -> HelpRef {
    HelpRef::Guide { file: "pegs.guide".into(), node: "MAIN".into(), fallback: None }
}
