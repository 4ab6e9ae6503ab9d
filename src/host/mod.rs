//! The game host: the registry of game families and the controller that
//! plays whichever game is open.
//!
//! A family registers once in [`FAMILIES`]: its id, how to list its games
//! and variants, how to read a game from a path, how to open a game (its
//! rules and view inside a [`Controller`]) and which help document it has.
//! The launcher, `parlour list`, `play`, `shot`, `help`, saves and
//! statistics reach games only through here.

pub mod claim;
pub mod controller;
mod families;
pub mod journal;
pub mod prefs;
pub mod warnings;

use std::any::Any;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::machines::MachineId;
use crate::views::View;

pub use controller::Controller;
pub use families::cardgames::{game_type as card_game_type, window_mode};
pub use families::chance::window_game as chance_window_game;
pub use families::pegs::board as peg_board;
pub use families::sokoban::level_set_file;
pub use families::solitaire::{game_type_at, lint_game_type};
pub use families::{id_taken, with_lint_count};

/// Where the host finds and keeps things: the folders a family's data is
/// searched in (by the folder's name: `game-types`, `boards`...) and the
/// user's data folder for journals, statistics and preferences.
#[derive(Clone)]
pub struct Places {
    pub data_dir: PathBuf,
    /// The folders to search for data kept in folders called `name`, in
    /// order (the user's first, the built-in copy last).
    pub search: fn(name: &str) -> Vec<PathBuf>,
}

impl Places {
    /// Places with nothing to search, for tests of a single game.
    pub fn data_only(data_dir: &Path) -> Places {
        Places { data_dir: data_dir.to_path_buf(), search: |_| Vec::new() }
    }
}

/// A game that can be played: an entry of the launcher, or a variant a
/// family's chooser lists.
#[derive(Clone)]
pub struct GameEntry {
    /// The id the launcher and `parlour play` know.
    pub id: String,
    /// The id its saves and statistics carry (a board's own id for the
    /// launcher's Peg Solitaire entry; the same as `id` otherwise).
    pub game_id: String,
    pub name: String,
    /// How many bytes at the end of `name` a list too narrow for it keeps
    /// whole, shortening what comes before them: Sokoban's level number and
    /// title after its set's name ("My very long... 1: Tiny"), which tell
    /// the rows apart. 0 for a name shortened at its end.
    pub kept_end: usize,
    /// The machine the game opens on when none is chosen; `None` = the
    /// machine the player last used.
    pub default_machine: Option<MachineId>,
    pub family: &'static Family,
    /// The family's own data for the game (its game type, its board).
    pub data: Arc<dyn Any + Send + Sync>,
}

impl std::fmt::Debug for GameEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "GameEntry({} {:?} of {})", self.id, self.name, self.family.id)
    }
}

/// How a game is opened.
#[derive(Clone, Debug, Default)]
pub struct Opening {
    /// Deal this seed (as a new game on top of a resumed one, so nothing
    /// is lost); `None` resumes, or deals `fresh_seed` when there is
    /// nothing to resume.
    pub seed: Option<u64>,
    pub fresh_seed: u64,
    /// Open this kept game instead of the journal.
    pub file: Option<PathBuf>,
    /// Replay the kept game `file` from its deal, frame by frame, rather
    /// than play it on (nothing is journalled or counted).
    pub replay: bool,
    /// The machine the game opens on, where known: a deal may depend on
    /// its screen (Rummi's table fits it).
    pub machine: Option<MachineId>,
    /// The kept game `file` is opened over another game, which the shell
    /// keeps under it: declining to give up this game's own game in
    /// progress for it closes this one, back to that game.
    pub back_on_cancel: bool,
    /// The game's claim on its journals, which its controller keeps while
    /// the game is open (given by [`open`]).
    pub claim: claim::Claim,
}

/// A help document: a file in the guide folders and the node to open, or
/// a file of the game's own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HelpRef {
    /// A file name searched in the guide folders (`solitaire.guide`); when
    /// `fallback` is given and the file is missing, or has no node `node`,
    /// that one is opened.
    Guide { file: String, node: String, fallback: Option<Box<HelpRef>> },
    /// A file with its path (a game type's game.html), and the guide
    /// file and node its Contents leads to where it names none itself (a
    /// page of its own would otherwise be a dead end).
    File { path: PathBuf, node: String, contents: Option<(String, String)> },
}

/// A family's variant as its chooser lists it, or the name of one left
/// out (unreadable, or its id taken) and the reason.
pub type Listed = Result<GameEntry, (String, String)>;

/// What a family's chooser lists, which says what one of them left out
/// is: the launcher lists game types, but a board or level is only ever
/// in its family's chooser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A game type (a solitaire folder, The Chance's game.ini).
    GameType,
    /// A MineSweeper field size, in the order of difficulty, which its
    /// names do not sort into.
    Size,
    /// A game of the CardGames panel.
    CardGame,
    /// A Peg Solitaire board.
    Board,
    /// A Sokoban level, or a set with none.
    Level,
}

impl Kind {
    /// Its name for one and for more: ("board", "boards").
    pub fn nouns(self) -> (&'static str, &'static str) {
        match self {
            Kind::GameType => ("game type", "game types"),
            Kind::Size => ("field size", "field sizes"),
            Kind::CardGame => ("card game", "card games"),
            Kind::Board => ("board", "boards"),
            Kind::Level => ("level", "levels"),
        }
    }

    /// Whether a chooser lists them by name, as the launcher lists games;
    /// else in the order the family gives them.
    pub fn listed_by_name(self) -> bool {
        self != Kind::Size
    }

    /// `n` of this kind: "1 board", "2 boards".
    pub fn count(self, n: usize) -> String {
        let (one, many) = self.nouns();
        crate::core::plural(n as u64, one, many)
    }
}

/// Something a family's list leaves out (unreadable, or its id taken):
/// what it is, its name and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeftOut {
    pub kind: Kind,
    pub name: String,
    pub why: String,
}

/// Makes a family's own chooser dialog with the game `open` selected.
pub type MakeChooser = fn(open: &GameEntry, &Places) -> Box<dyn View>;

/// A game family, registered once.
pub struct Family {
    pub id: &'static str,
    /// What its chooser is called in menus ("Game Types...", "Choose Board...").
    pub chooser_label: &'static str,
    /// What its chooser lists, so that what it leaves out is told of as
    /// what it is.
    pub kind: Kind,
    /// Its games as the launcher lists them.
    pub games: fn(&Places) -> Vec<GameEntry>,
    /// Everything its chooser lists (game types, boards), those left out
    /// with the reason; with the game open, its own too where the
    /// folders do not hold it (a board or level set opened by its path).
    pub variants: fn(&Places, open: Option<&GameEntry>) -> Vec<Listed>,
    /// A game of this family named by something other than a launcher id
    /// (a board's path or id, a game-type folder); `None` if not this
    /// family's.
    pub resolve: fn(&str, &Places) -> Option<Result<GameEntry, String>>,
    /// The family's own chooser dialog with the game open selected;
    /// `None` lists [`variants`](Family::variants) in the plain list.
    pub chooser: Option<MakeChooser>,
    /// Opens the game: its rules and view under a controller.
    pub open: fn(&GameEntry, &Places, &Opening) -> Box<dyn View>,
    /// Its help document on a machine.
    pub help: fn(&GameEntry, MachineId) -> HelpRef,
    /// A game's own figures in its statistics record, as `parlour stats`
    /// prints them (key, value), shown even before the first game.
    pub figures: fn(&crate::core::GameStats) -> Vec<(String, String)>,
    /// How far the player has come through the levels of a game's set,
    /// which the game's statistics box, the launcher and `parlour stats`
    /// end with; `None` for a game of no levels.
    pub progress: fn(&GameEntry, &Places) -> Option<Progress>,
    /// Which of the figures every record keeps mean something for its
    /// games, as `parlour stats` prints them.
    pub record: Record,
    /// What a window claims for itself alone, so that no other window on
    /// the same data folder writes over its journals (see [`claim`]).
    pub claims: Claims,
}

/// What a window playing a family's game claims for itself alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claims {
    /// The game it opened: each game has journals of its own that no other
    /// game's window writes (a game type, whose options deal under its own
    /// journal).
    EachGame,
    /// The whole family, called by this name: its window moves among
    /// levels, boards or sizes that each have a journal of their own, so
    /// another window of the family might write any of them.
    Family(&'static str),
}

/// What a family's games are counted by, so that `parlour stats` leaves
/// out figures that mean nothing for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Record {
    /// Won or lost, in time and moves, with a score where higher is better.
    Full,
    /// Won or lost, with no score of that kind (MineSweeper; Sokoban, whose
    /// score is the boxes home; Rummi, whose figure is the tiles left,
    /// fewer being better).
    Unscored,
    /// Won or lost, in moves alone: no score and no clock (Oberon's card
    /// games, whose Solitaire "has no scoring system and no timing").
    Untimed,
    /// Scored only, never won or lost (Tetris).
    ScoreOnly,
}

impl Record {
    /// A game's record in a sentence (the launcher's, under its picture):
    /// the games won and their share, or for a game only scored (Tetris)
    /// the best and average scores its statistics box gives.
    pub fn summary(self, stats: &crate::core::GameStats) -> String {
        match (stats.played, self) {
            // A game under way is counted only once it ends, so none
            // counted is not "never played".
            (0, _) => "No game finished yet.".into(),
            (played, Record::ScoreOnly) => {
                let best = stats.best_score.unwrap_or(0);
                format!("Played {played}, best {best}, average {}.", stats.average_score().unwrap_or(0))
            }
            (played, Record::Full | Record::Unscored | Record::Untimed) => {
                format!("Played {played}, won {} ({}%).", stats.won, stats.win_percent())
            }
        }
    }
}

/// How far the player has come through the levels of a game's set (see
/// [`Family::progress`]): a name and a figure ("Levels solved", "3 of
/// 24"), counted from the file the family keeps its records in, which is
/// only looked at, never set aside.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// What is counted ("Levels solved").
    pub name: String,
    /// The figure ("3 of 24") and what it was counted from: the records
    /// file as it is ([`ReadFrom::File`](crate::core::files::ReadFrom));
    /// where that is damaged (`replaced` says how; it is left where it is,
    /// for the game to set aside and tell of when it opens) its previous
    /// copy ([`ReadFrom::Backup`](crate::core::files::ReadFrom)), else
    /// nothing, as the game will start afresh
    /// ([`ReadFrom::Afresh`](crate::core::files::ReadFrom)).
    pub figure: crate::core::files::Loaded<String>,
    /// Whether the player has records of the family's levels (one solved,
    /// of any set) or a file of them that could not be read as it is: a
    /// game played, though stats.ini may no longer count it, which
    /// `parlour stats` lists with the others.
    pub recorded: bool,
}

impl Progress {
    /// The progress in a sentence, as the launcher shows it: "Levels
    /// solved: 3 of 24."
    pub fn sentence(&self) -> String {
        format!("{}: {}.", self.name, self.figure.value)
    }
}

/// No [`progress`](Family::progress): a family whose games are not levels
/// of a set.
pub fn no_progress(_game: &GameEntry, _places: &Places) -> Option<Progress> {
    None
}

/// The figures a game's board kept in its record (`_` keys are
/// bookkeeping), for families with no figures of their own to announce.
pub fn kept_figures(stats: &crate::core::GameStats) -> Vec<(String, String)> {
    stats.extra.iter().filter(|(k, _)| !k.starts_with('_')).map(|(k, v)| (k.clone(), v.clone())).collect()
}

/// Every game family. Adding one is one line here.
/// The Chance comes before solitaire, so its game.ini's folder named by
/// path is its own.
pub static FAMILIES: [&Family; 9] = [
    &families::chance::FAMILY,
    &families::solitaire::FAMILY,
    &families::pegs::FAMILY,
    &families::sokoban::FAMILY,
    &families::tetris::FAMILY,
    &families::mines::FAMILY,
    &families::rummi::FAMILY,
    &families::scramble::FAMILY,
    &families::cardgames::FAMILY,
];

/// Every game the launcher lists, sorted by name.
pub fn games(places: &Places) -> Vec<GameEntry> {
    let mut all: Vec<GameEntry> = FAMILIES.iter().flat_map(|f| (f.games)(places)).collect();
    all.sort_by(|a, b| by_name(&a.name, &b.name));
    all
}

/// The order every list of names is shown in: case and accents aside
/// ("Mön Jeu" among the other M's, before "My Game"), and numbers by
/// their value, so "Level 2" comes before "Level 10". Accents are folded
/// by `deunicode`, which spells game types' ids already ("Königsberg" is
/// konigsberg there and sorts as Konigsberg here).
pub fn by_name(a: &str, b: &str) -> std::cmp::Ordering {
    let folded = |name: &str| deunicode::deunicode(name).to_lowercase();
    alphanumeric_sort::compare_str(folded(a), folded(b))
}

/// What is left out (a game type, a board, a level that could not be
/// read, a game type whose id the folder beside it has) from every
/// family's list: the launcher tells of it, as a broken game type of a
/// variant author's would otherwise only be absent.
pub fn left_out(places: &Places) -> Vec<LeftOut> {
    FAMILIES.iter().flat_map(|f| left_out_of(f, (f.variants)(places, None))).collect()
}

/// What of `listed`, a list of `family`'s, is left out.
pub fn left_out_of(family: &Family, listed: Vec<Listed>) -> Vec<LeftOut> {
    let kind = family.kind;
    listed.into_iter().filter_map(Result::err).map(|(name, why)| LeftOut { kind, name, why }).collect()
}

/// The family whose id is `id`.
pub fn family(id: &str) -> Option<&'static Family> {
    FAMILIES.iter().copied().find(|f| f.id == id)
}

/// Finds a game by its launcher id (any case), or asks each family whether
/// `target` names one of its games (a board's id or path, a game-type
/// folder, a kept game's file). A path that exists and holds a game is
/// that game, even where a built-in game has the same id.
pub fn find(target: &str, places: &Places) -> Result<GameEntry, String> {
    find_following(target, places, true)
}

/// [`find`], taking a file no family takes for a kept game only where
/// `saves` says so: a kept game's own `game:` line names a game, never
/// another kept game (nor itself, which would be followed for ever).
fn find_following(target: &str, places: &Places, saves: bool) -> Result<GameEntry, String> {
    if target.trim().is_empty() {
        // An empty entry (`--games klondike,`) names nothing to look for.
        return Err("no game named: give a game's id or name (`parlour list` shows the games there are)".into());
    }
    let path = Path::new(target);
    let by_family = || FAMILIES.iter().find_map(|f| (f.resolve)(target, places));
    if path.exists()
        && let Some(found) = by_family()
    {
        return found;
    }
    if let Some(g) = games(places).into_iter().find(|g| g.id.eq_ignore_ascii_case(target)) {
        return Ok(g);
    }
    if let Some(found) = by_family() {
        return found;
    }
    if !path.exists()
        && let Some(g) = shown_as(target, places)
    {
        return g;
    }
    if saves && path.is_file() {
        return kept_game(path, places);
    }
    if !path.exists() && looks_like_a_path(path) {
        return Err(format!("{target}: no such file or folder"));
    }
    let ini = crate::core::files::in_any_case(path, "game.ini");
    if path.is_dir() && ini.exists() {
        return Err(format!("{}: {}", ini.display(), crate::core::files::NOT_A_FILE));
    }
    if path.is_dir() {
        return Err(match crate::solitaire::library::ini_as_text_note(path) {
            Some(note) => format!("{target}: a folder that holds no game: {note}"),
            None => format!(
                "{target}: a folder that holds no game (a game type's folder has a game.ini; boards are .brd files, \
                 levels .xsb)"
            ),
        });
    }
    if let Some(left) = left_out(places).into_iter().find(|left| names(&left.name, target)) {
        return Err(format!("`{target}` cannot be played: {}", left.why));
    }
    let ids = games(places);
    let hint = |near: &str| format!(" (did you mean {near}?)");
    if let Some(near) = crate::core::nearest(target, ids.iter().map(|g| g.id.as_str())) {
        return Err(format!("unknown game `{target}`{}: `parlour list` shows the games there are", hint(near)));
    }
    // A board or level mistyped (pegs/frnch) is one of a family's own,
    // which its chooser lists rather than `parlour list`.
    let family = target.split_once('/').and_then(|(id, _)| family(id));
    let listed: Vec<GameEntry> =
        family.map(|f| (f.variants)(places, None).into_iter().flatten().collect()).unwrap_or_default();
    match crate::core::nearest(target, listed.iter().map(|g| g.game_id.as_str())) {
        Some(near) => Err(format!("unknown game `{target}`{}", hint(near))),
        None => Err(format!("unknown game `{target}`: `parlour list` shows the games there are")),
    }
}

/// The game the launcher or a family's chooser shows as `target` (any
/// case), as a player reads it off the list: `"Klondike Draw Three"`,
/// `"Triangle 15"`. Ids are asked first, so a name never hides one. A
/// name the list shows on more than one row (two game types of one
/// [General] Name) picks none of them: the ids that tell them apart are
/// given instead.
fn shown_as(target: &str, places: &Places) -> Option<Result<GameEntry, String>> {
    let named = |g: &GameEntry| g.name.eq_ignore_ascii_case(target.trim());
    let mut listed: Vec<GameEntry> = games(places).into_iter().filter(named).collect();
    if listed.len() > 1 {
        let ids: Vec<&str> = listed.iter().map(|g| g.id.as_str()).collect();
        return Some(Err(format!(
            "`{target}` is the name of {} games: give the id of the one meant ({})",
            ids.len(),
            ids.join(", ")
        )));
    }
    let found = listed
        .pop()
        .or_else(|| FAMILIES.iter().flat_map(|f| (f.variants)(places, None)).filter_map(Result::ok).find(named));
    found.map(Ok)
}

/// Whether `target` names the game called `name` that could not be read,
/// by that name or as its id would have: `bakers-game` or
/// `pegs/triangle-15` for "Baker's Game" or "Triangle 15", in any case.
pub fn names(name: &str, target: &str) -> bool {
    let id = crate::solitaire::library::id_for(name);
    let target = target.to_lowercase();
    name.to_lowercase() == target || target == id || target.rsplit_once('/').is_some_and(|(_, last)| last == id)
}

/// The game of the kept game at `path` (a file no family took), or why
/// the file opens none: not a save at all, a save whose header is wrong
/// (its file and line), or a save of a game that is not here.
fn kept_game(path: &Path, places: &Places) -> Result<GameEntry, String> {
    let shown = path.display();
    let magic = crate::core::save::MAGIC.as_bytes();
    let mut start = Vec::new();
    // Room for a byte-order mark before it, which Notepad adds.
    let read = std::fs::File::open(path).and_then(|f| f.take(magic.len() as u64 + 3).read_to_end(&mut start));
    // A file named .save is read as a kept game, and a damaged one is
    // told of by its line, as any damaged save is.
    let named_save = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("save"));
    if !named_save && (read.is_err() || !crate::core::files::without_bom(&start).starts_with(magic)) {
        return Err(format!(
            "{shown}: not a game (a game type's folder has a game.ini; boards are .brd files, levels .xsb, kept games .save)"
        ));
    }
    let header = journal::header_of(path)?;
    find_following(&header.game, places, false).map_err(|_| {
        let game = &header.game;
        if crate::core::files::is_apart_id(game) {
            // Its id names where the game was, which no list holds.
            format!(
                "{shown}:2: a kept game of `{game}`, a game opened by its path: open that game the same way, then \
                 this file from its Open... menu"
            )
        } else {
            format!("{shown}:2: a kept game of `{game}`, a game that is not here")
        }
    })
}

/// Whether a target that names nothing was meant as a file: it has an
/// extension (`nosuch.brd`) or names a folder that exists (`boards/x`).
fn looks_like_a_path(path: &Path) -> bool {
    path.extension().is_some() || path.parent().is_some_and(|p| !p.as_os_str().is_empty() && p.is_dir())
}

/// Opens `entry` as a view under its controller, which keeps the game's
/// claim on its journals while it is open; or says why not: the game is
/// open in another window on the same data folder. A replay, which writes
/// nothing, claims nothing.
pub fn open(entry: &GameEntry, places: &Places, how: &Opening) -> Result<Box<dyn View>, String> {
    let claim = match (how.replay, entry.family.claims) {
        (true, _) => claim::Claim::default(),
        (false, Claims::EachGame) => claim::claim(&places.data_dir, &entry.game_id, &entry.name)?,
        (false, Claims::Family(name)) => claim::claim(&places.data_dir, entry.family.id, name)?,
    };
    Ok((entry.family.open)(entry, places, &Opening { claim, ..how.clone() }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The folder [`boards_only`] searches, made once for the run.
    static BOARDS: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();

    /// Searches only [`BOARDS`], for boards.
    fn boards_only(name: &str) -> Vec<PathBuf> {
        match name {
            "boards" => vec![BOARDS.get().expect("no boards folder").path().to_path_buf()],
            _ => Vec::new(),
        }
    }

    /// Names sort with case and accents aside, numbers by their value.
    #[test]
    fn names_sort_with_case_and_accents_aside() {
        let mut names = ["My Game", "mön Jeu", "Level 10", "\u{c9}cart\u{e9}", "Level 2", "Mines"];
        names.sort_by(|a, b| by_name(a, b));
        assert_eq!(names, ["\u{c9}cart\u{e9}", "Level 2", "Level 10", "Mines", "mön Jeu", "My Game"]);
    }

    /// A board that cannot be read is told of as a board (which the
    /// launcher never lists), not as a game type left out of its list.
    #[test]
    fn a_broken_board_is_left_out_as_a_board() {
        let dir = BOARDS.get_or_init(|| tempfile::tempdir().unwrap());
        std::fs::write(dir.path().join("Broken.brd"), "Version 2\nMode: Normal\ny y e * y\ny y e *\n").unwrap();
        let places = Places { data_dir: dir.path().join("data"), search: boards_only };
        let left = left_out(&places);
        assert_eq!(left.len(), 1, "{left:?}");
        assert_eq!((left[0].kind, left[0].name.as_str()), (Kind::Board, "Broken"));
        assert!(
            left[0].why.ends_with("Broken.brd:4: this row has 4 elements but the first row has 5"),
            "{}",
            left[0].why
        );
        assert_eq!(Kind::Board.count(1), "1 board");
        assert_eq!(Kind::Level.count(2), "2 levels");
    }
}
