//! The games Parlour has: what `parlour list` prints and the launcher shows.
//! Solitaire game types are read from game-type folders on disk, so an
//! author's new folder appears beside the shipped ones.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use crate::core::{Outcome, Stats};
use crate::machines::MachineId;
use crate::solitaire::library::{self, GameType};
use crate::views::View;
use crate::views::solitaire::SolitaireView;

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
}

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

    /// Opens the game's view for a seed.
    pub fn open(&self, seed: u64) -> Box<dyn View> {
        match &self.kind {
            Kind::Solitaire(gt) => Box::new(SolitaireView::new(gt.clone(), seed, Box::new(record_outcome))),
        }
    }

    /// The solitaire game type, for game types only.
    pub fn game_type(&self) -> Option<&Arc<GameType>> {
        match &self.kind {
            Kind::Solitaire(gt) => Some(gt),
        }
    }
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

/// Every game, in launcher order (read once per run). A broken game type
/// is left out with a warning; `parlour lint` says what is wrong with it.
pub fn games() -> &'static [GameEntry] {
    static GAMES: OnceLock<Vec<GameEntry>> = OnceLock::new();
    GAMES.get_or_init(|| {
        let mut out = Vec::new();
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

/// Finds a game by its id (case-insensitive), or reads the game type at a
/// path (a game-type folder or its game.ini).
pub fn find(target: &str) -> Result<GameEntry, String> {
    if let Some(g) = games().iter().find(|g| g.id.eq_ignore_ascii_case(target)) {
        return Ok(g.clone());
    }
    let path = Path::new(target);
    if path.exists() {
        return GameType::load(path).map(GameEntry::solitaire).map_err(|diags| {
            diags.iter().filter(|d| d.is_error()).map(|d| d.to_string()).collect::<Vec<_>>().join("\n")
        });
    }
    Err(format!("unknown game `{target}`: `parlour list` shows the games there are"))
}
