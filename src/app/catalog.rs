//! The games Parlour has: what `parlour list` prints and the launcher shows.
//! Solitaire game types are read from game-type folders on disk, and peg
//! boards from board folders, so an author's new folder or board appears
//! beside the shipped ones.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use crate::core::highscores::DEFAULT_NAME;
use crate::core::{Outcome, Stats};
use crate::games::pegs::board::BoardError;
use crate::games::pegs::library::{self as boards, BoardFile};
use crate::games::pegs::rules::BoardVariant;
use crate::machines::MachineId;
use crate::solitaire::library::{self, GameType};
use crate::views::View;
use crate::views::pegs::PegsView;
use crate::views::pegs::records::Player;
use crate::views::solitaire::SolitaireView;

use super::data_dirs::{board_dirs, game_type_dirs};
use super::settings;

/// A game that can be played.
#[derive(Clone)]
pub struct GameEntry {
    pub id: String,
    pub name: String,
    /// The machine the game opens on when none is chosen.
    pub default_machine: MachineId,
    kind: Kind,
}

#[derive(Clone)]
enum Kind {
    Solitaire(Arc<GameType>),
    /// A peg board: its display name and its rules.
    Pegs {
        board_name: String,
        variant: Arc<BoardVariant>,
    },
}

/// The launcher's peg solitaire entry, which opens the default board.
const PEGS_ID: &str = "pegs";
const PEGS_NAME: &str = "Peg Solitaire";
/// The stem of the board the launcher entry opens, when there is one.
const DEFAULT_BOARD: &str = "english";

impl GameEntry {
    fn solitaire(game_type: GameType) -> GameEntry {
        // The Chance is a classic Mac game; every other game type is YaZZle's.
        let default_machine =
            if game_type.id.starts_with("the-chance") { MachineId::MacSe30 } else { MachineId::Yazzle };
        GameEntry {
            id: game_type.id.clone(),
            name: game_type.name.clone(),
            default_machine,
            kind: Kind::Solitaire(Arc::new(game_type)),
        }
    }

    /// A board file as a game, or why the board cannot be read.
    fn board(file: BoardFile, id: &str, name: &str) -> Result<GameEntry, BoardError> {
        let variant = Arc::new(file.parsed?);
        Ok(GameEntry {
            id: id.to_string(),
            name: name.to_string(),
            default_machine: MachineId::Yazzle,
            kind: Kind::Pegs { board_name: file.name, variant },
        })
    }

    /// Opens the game's view for a seed (peg boards have one start and
    /// ignore it).
    pub fn open(&self, seed: u64) -> Box<dyn View> {
        match &self.kind {
            Kind::Solitaire(gt) => Box::new(SolitaireView::new(gt.clone(), seed, Box::new(record_outcome))),
            Kind::Pegs { board_name, variant } => {
                Box::new(PegsView::new(board_name, BoardVariant::clone(variant), player()))
            }
        }
    }

    /// The solitaire game type, for game types only.
    pub fn game_type(&self) -> Option<&Arc<GameType>> {
        match &self.kind {
            Kind::Solitaire(gt) => Some(gt),
            Kind::Pegs { .. } => None,
        }
    }
}

/// The player as the peg view keeps their journals and high scores: the
/// login name (or "Player") and the data folder.
fn player() -> Player {
    let name = std::env::var("USER").or_else(|_| std::env::var("USERNAME")).unwrap_or_else(|_| DEFAULT_NAME.into());
    Player { name, data_dir: settings::data_dir() }
}

/// Adds a finished game to the statistics in the data folder; a problem is
/// reported but never stops play.
fn record_outcome(id: &str, outcome: Outcome, score: i64) {
    let dir = settings::data_dir();
    let mut stats = Stats::load(&dir).unwrap_or_else(|e| {
        eprintln!("warning: {e}");
        Stats::default()
    });
    stats.game_mut(id).record(outcome, score);
    if let Err(e) = std::fs::create_dir_all(&dir)
        .map_err(|e| e.to_string())
        .and_then(|_| stats.save(&dir).map_err(|e| e.to_string()))
    {
        eprintln!("warning: statistics not saved: {e}");
    }
}

/// Every board in the board folders, read afresh (so a board just saved
/// is listed), broken ones with their error.
pub fn boards() -> Vec<BoardFile> {
    boards::discover(&board_dirs()).iter().map(|p| BoardFile::load(p)).collect()
}

/// The launcher's Peg Solitaire entry: the board named "english", else the
/// first board that reads; no entry when there is no board.
fn pegs_entry() -> Option<GameEntry> {
    let mut all = boards();
    let default = all.iter().position(|b| b.name.eq_ignore_ascii_case(DEFAULT_BOARD) && b.parsed.is_ok());
    let file = match default {
        Some(i) => all.swap_remove(i),
        None => all.into_iter().find(|b| b.parsed.is_ok())?,
    };
    GameEntry::board(file, PEGS_ID, PEGS_NAME).ok()
}

/// Every game, in launcher order (read once per run). A broken game type
/// is left out with a warning; `parlour lint` says what is wrong with it.
pub fn games() -> &'static [GameEntry] {
    static GAMES: OnceLock<Vec<GameEntry>> = OnceLock::new();
    GAMES.get_or_init(|| {
        let mut out: Vec<GameEntry> = pegs_entry().into_iter().collect();
        for folder in library::discover(&game_type_dirs()) {
            match GameType::load(&folder) {
                Ok(gt) => out.push(GameEntry::solitaire(gt)),
                Err(diags) => eprintln!(
                    "warning: skipping game type {} ({})",
                    folder.display(),
                    diags.first().map_or(String::new(), |d| d.to_string())
                ),
            }
        }
        out.sort_by_key(|g| g.name.to_lowercase());
        out
    })
}

/// Finds a game by its id (case-insensitive) or a board's id
/// (`pegs/english`), or reads the game at a path: a .brd board, a
/// game-type folder or its game.ini.
pub fn find(target: &str) -> Result<GameEntry, String> {
    if let Some(g) = games().iter().find(|g| g.id.eq_ignore_ascii_case(target)) {
        return Ok(g.clone());
    }
    if target.to_ascii_lowercase().starts_with(boards::ID_PREFIX)
        && let Some(file) = boards().into_iter().find(|b| b.id.eq_ignore_ascii_case(target))
    {
        return open_board(file);
    }
    let path = Path::new(target);
    if path.is_file() && boards::is_board_path(path) {
        return open_board(BoardFile::load(path));
    }
    if path.exists() {
        return GameType::load(path).map(GameEntry::solitaire).map_err(|diags| {
            diags.iter().filter(|d| d.is_error()).map(|d| d.to_string()).collect::<Vec<_>>().join("\n")
        });
    }
    Err(format!("unknown game `{target}`: `parlour list` shows the games there are"))
}

/// A board file as a game under its own id and name, or its error as
/// `parlour lint` would print it.
fn open_board(file: BoardFile) -> Result<GameEntry, String> {
    let (id, name) = (file.id.clone(), file.name.clone());
    GameEntry::board(file, &id, &name).map_err(|e| e.to_string())
}
