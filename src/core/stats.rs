//! Per-game statistics, kept as INI in the user's data folder.
//!
//! One file, `<data dir>/stats.ini`, with one section per game id:
//!
//! ```ini
//! [klondike]
//! played=12
//! won=5
//! lost=7
//! streak=-2
//! best-win-streak=3
//! worst-losing-streak=4
//! total-score=210
//! best-score=52
//! best-time-ms=93000
//! best-moves=101
//! total-moves=1450
//! helped=1
//! ```
//!
//! `streak` is the current run: positive for wins in a row, negative for
//! losses. Every game has the figures up to `total-score` (see
//! [`ALWAYS_WRITTEN`]), and `played` is always `won` plus `lost`: a
//! section without them, or a file whose last line has no end, was cut
//! short and is damaged. `best-score` is absent until a game has been
//! recorded.
//! `helped` counts the games the program played in (Solve): lost, scoring
//! nothing, and left out of the best figures and the average moves. Any other
//! key is a game's own figure (The Chance keeps points by rule, for
//! instance) and is kept as text in [`GameStats::extra`]. Its name says
//! what it holds where it ends in `points` (a number, whole or with
//! decimals: `12.5`), `-games` or `-wins` (counts, `X-wins` at most
//! `X-games`): such a figure that holds anything else is damage, as a
//! count of the file's own is, and is not read as nothing.
//!
//! A game whose statistics were cleared (its Statistics box's Reset,
//! `parlour stats GAME --reset`) keeps a section of noughts: see
//! [`Stats::clear_saved`].
//!
//! The folder is passed in (the app uses `dirs::data_dir()/parlour`), the file
//! is written with [`write_atomic`], and a broken file is reported and set
//! aside rather than overwritten.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

use ini::{EscapePolicy, Ini, LineSeparator, ParseOption, WriteOption};

use super::files::{
    CUT_SHORT, FileError, FileErrorKind, Loaded, Salvaged, cut_at_a_line, lacks_its_end, limits, load_keeping_lines,
    look_keeping_lines, make_data_folder, numbered_lines, read_capped, unended_line, write_atomic,
};
use super::game::Outcome;
use super::session::{MAX_CLOCK_MS, clock_over};
use super::text::{IniLines, NO_EQUALS, check_id, check_line, first_stray_line, ini_error};

/// The statistics file's name inside the data folder.
pub const FILE_NAME: &str = "stats.ini";

/// The first line [`Stats::to_text`] writes, a comment that promises the
/// last: a file that has the first and not the last was cut short at the
/// end of a line, and the games after the cut are lost from it.
const FIRST_LINE: &str = "; Parlour's statistics, a section a game; the last line says the file is whole.";
/// The last line [`Stats::to_text`] writes.
const LAST_LINE: &str = "; The end.";

/// The file whose lock [`Stats::hold`] takes; it holds nothing.
const LOCK_NAME: &str = "stats.ini.lock";

/// The keys [`Stats::to_text`] writes for every game: a section without
/// one of them was cut short, or altered.
const ALWAYS_WRITTEN: [&str; 7] =
    ["played", "won", "lost", "streak", "best-win-streak", "worst-losing-streak", "total-score"];

/// The keys [`GameStats`] writes itself; an extra key may not use them.
const KNOWN_KEYS: [&str; 12] = [
    "played",
    "won",
    "lost",
    "streak",
    "best-win-streak",
    "worst-losing-streak",
    "total-score",
    "best-score",
    "best-time-ms",
    "best-moves",
    "total-moves",
    "helped",
];

/// The record of one game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameStats {
    pub played: u64,
    pub won: u64,
    pub lost: u64,
    /// Wins in a row if positive, losses in a row if negative.
    pub streak: i64,
    pub best_win_streak: u64,
    pub worst_losing_streak: u64,
    pub total_score: i64,
    pub best_score: Option<i64>,
    /// The quickest win, in milliseconds of play.
    pub best_time_ms: Option<u64>,
    /// The win in fewest moves.
    pub best_moves: Option<u64>,
    /// The moves of every game counted, won or lost, but those the
    /// program helped in (for the average).
    pub total_moves: u64,
    /// The games counted lost because the program played in them: their
    /// moves are not the player's, so the average leaves them out.
    pub helped: u64,
    /// A game's own figures: keys are names (letters, digits, `. _ + / -`),
    /// values one line of text.
    pub extra: BTreeMap<String, String>,
}

impl GameStats {
    /// Counts one finished game. Figures saturate instead of overflowing.
    pub fn record(&mut self, outcome: Outcome, score: i64) {
        self.count_outcome(outcome);
        self.total_score = self.total_score.saturating_add(score);
        self.best_score = Some(self.best_score.map_or(score, |best| best.max(score)));
    }

    /// Counts one game the program played in for the player (Solve): lost,
    /// whoever made the last move, with no score, and no move of it in the
    /// average or the best figures.
    pub fn record_helped(&mut self) {
        self.count_outcome(Outcome::Lost);
        self.helped = self.helped.saturating_add(1);
    }

    /// Counts one game played, won or lost, in the streaks.
    fn count_outcome(&mut self, outcome: Outcome) {
        self.played = self.played.saturating_add(1);
        match outcome {
            Outcome::Won => {
                self.won = self.won.saturating_add(1);
                self.streak = self.streak.max(0).saturating_add(1);
                self.best_win_streak = self.best_win_streak.max(self.streak.unsigned_abs());
            }
            Outcome::Lost => {
                self.lost = self.lost.saturating_add(1);
                self.streak = self.streak.min(0).saturating_sub(1);
                self.worst_losing_streak = self.worst_losing_streak.max(self.streak.unsigned_abs());
            }
        }
    }

    /// Counts one finished game with its play time (none for a game with
    /// no clock) and move count; a win may set the best time and the
    /// fewest moves.
    pub fn record_game(&mut self, outcome: Outcome, score: i64, time_ms: Option<u64>, moves: u64) {
        self.record(outcome, score);
        self.total_moves = self.total_moves.saturating_add(moves);
        if outcome == Outcome::Won {
            if let Some(time_ms) = time_ms {
                self.best_time_ms = Some(self.best_time_ms.map_or(time_ms, |t| t.min(time_ms)));
            }
            self.best_moves = Some(self.best_moves.map_or(moves, |m| m.min(moves)));
        }
    }
}

impl GameStats {
    /// Whether anything is counted in the record: one cleared, or made
    /// and never counted in, holds nothing.
    pub fn counted(&self) -> bool {
        *self != GameStats::default()
    }

    /// The share of games won, in whole percent (see [`percent`]): every
    /// statistics display shows this one figure.
    pub fn win_percent(&self) -> u64 {
        percent(self.won, self.played)
    }

    /// The moves of an average game the player played alone (not
    /// helped), rounded; `None` before any.
    pub fn average_moves(&self) -> Option<u64> {
        let games = self.played.saturating_sub(self.helped);
        (games > 0).then(|| self.total_moves.saturating_add(games / 2) / games)
    }

    /// The score of an average game, rounded down; `None` before any.
    pub fn average_score(&self) -> Option<i64> {
        self.total_score.checked_div(i64::try_from(self.played).ok()?)
    }
}

/// `part` of `whole` in whole percent, rounded to the nearest (1 in 6 is
/// 17%, 2 in 3 is 67%, a half rounding up); 0 of nothing.
pub fn percent(part: u64, whole: u64) -> u64 {
    let (part, whole) = (u128::from(part), u128::from(whole));
    (part * 100 + whole / 2).checked_div(whole).map_or(0, |p| p as u64)
}

/// The statistics of every game, as kept in `stats.ini`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    games: BTreeMap<String, GameStats>,
}

impl Stats {
    /// Where the statistics live inside `data_dir`.
    pub fn path(data_dir: &Path) -> PathBuf {
        data_dir.join(FILE_NAME)
    }

    /// Reads the statistics from `data_dir`. No file yet means no games
    /// played. A damaged file is set aside, and the sections of it that
    /// read are kept in its place (a line cut off costs its game's record,
    /// not every game's); one of which nothing reads has its backup read
    /// instead. The result says which. When there is no good backup either,
    /// the error says what is wrong and the caller can carry on with
    /// [`Stats::default`] without losing the old file.
    pub fn load_noting(data_dir: &Path) -> Result<Loaded<Stats>, FileError> {
        load_keeping_lines(&Self::path(data_dir), Self::read, Stats::to_text, Stats::restore)
    }

    /// Holds the statistics of `data_dir` for one count, until the lock
    /// returned is dropped: the file is read, changed and replaced whole,
    /// so two Parlours counting a game at once would each write over the
    /// other's count. Held, the second reads the first one's figures.
    /// None where no lock can be had (a read-only folder, a file system
    /// without locks): the count goes on unheld, as before.
    pub fn hold(data_dir: &Path) -> Option<std::fs::File> {
        make_data_folder(data_dir).ok()?;
        let lock =
            std::fs::OpenOptions::new().create(true).truncate(false).write(true).open(data_dir.join(LOCK_NAME)).ok()?;
        lock.lock().ok()?;
        Some(lock)
    }

    /// Puts back the records of `backup` (the file one write older) that
    /// `self`, read from a damaged file, lacks: no game's record is ever
    /// taken out of the file, so a game missing was in a section left
    /// out. Returns whether one was put back.
    fn restore(&mut self, backup: Stats) -> bool {
        let before = self.games.len();
        for (id, game) in backup.games {
            self.games.entry(id).or_insert(game);
        }
        self.games.len() > before
    }

    /// As [`Stats::load_noting`], for callers with no one to tell that the
    /// backup was read.
    pub fn load(data_dir: &Path) -> Result<Stats, FileError> {
        Self::load_noting(data_dir).map(|loaded| loaded.value)
    }

    /// Reads the statistics from `data_dir` for a query (`parlour stats`,
    /// the launcher's record of a game), setting nothing aside: a broken
    /// file is left where it is for the game that counts next to set
    /// aside and tell of, and is read as that game will read it (the
    /// result says so): the sections that read as they stand, what its
    /// backup held of those that do not, and the backup alone where
    /// nothing of it reads.
    pub fn look(data_dir: &Path) -> Result<Loaded<Stats>, FileError> {
        look_keeping_lines(&Self::path(data_dir), Self::read_as_is, Stats::restore)
    }

    /// The statistics for a box that shows them (Statistics..., Best
    /// Times...), read as [`Stats::look`] reads them, setting nothing
    /// aside, or none, with why not, for the box to say: opening a box
    /// never moves the player's records away, nor rewrites them without
    /// a line of them. The next game counted sets a broken file aside and
    /// tells of it; meanwhile the box says where its figures come from
    /// when it is not the file as it stands (its previous copy).
    pub fn for_showing(data_dir: &Path) -> (Stats, Option<String>) {
        match Self::look(data_dir) {
            Ok(loaded) => {
                let said = loaded.headline("statistics");
                (loaded.value, said)
            }
            Err(e) if e.kind == FileErrorKind::NotFound => (Stats::default(), None),
            Err(e) => (Stats::default(), Some(format!("The statistics cannot be read: {e}"))),
        }
    }

    /// As [`Stats::look`], for a glance with no one to tell: None if the
    /// statistics cannot be read.
    pub fn peek(data_dir: &Path) -> Option<Stats> {
        match Self::look(data_dir) {
            Ok(loaded) => Some(loaded.value),
            Err(e) if e.kind == FileErrorKind::NotFound => Some(Stats::default()),
            Err(_) => None,
        }
    }

    /// Reads one statistics file (missing: no games played): the sections
    /// that read, and the lines left out; the file is set aside if nothing
    /// of it reads.
    fn read(path: &Path) -> Result<Salvaged<Stats>, FileError> {
        Self::read_as_is(path).map_err(|e| match e.kind {
            FileErrorKind::Corrupt => FileError::reject(path, e.line, e.kind, e.reason),
            _ => e,
        })
    }

    /// As [`Stats::read`], leaving the file where it is whatever it holds.
    fn read_as_is(path: &Path) -> Result<Salvaged<Stats>, FileError> {
        let read = salvage(&Self::bytes(path)?);
        match read.dropped.first() {
            Some((line, why)) if read.value.games.is_empty() => {
                Err(FileError { line: Some(*line), ..FileError::new(path, FileErrorKind::Corrupt, why.clone()) })
            }
            _ => Ok(read),
        }
    }

    /// The bytes of one statistics file; none for a missing one.
    fn bytes(path: &Path) -> Result<Vec<u8>, FileError> {
        match read_capped(path, limits::RECORDS) {
            Ok(bytes) => Ok(bytes),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Vec::new()),
            Err(e) => Err(FileError::unreadable(path, "statistics", &e)),
        }
    }

    /// Writes the statistics to `data_dir` (created if needed), atomically,
    /// keeping the previous file as `stats.ini.bak`.
    pub fn save(&self, data_dir: &Path) -> Result<(), FileError> {
        let path = Self::path(data_dir);
        let text = self.to_text().map_err(|reason| FileError::new(&path, FileErrorKind::Invalid, reason))?;
        make_data_folder(data_dir)
            .and_then(|()| write_atomic(&path, text.as_bytes()))
            .map_err(|e| FileError::unsaved(&path, "statistics", &e))
    }

    /// Clears the records of the games `picked` chooses, saving the file
    /// as every count does (under [`Stats::hold`], atomically, the
    /// previous file kept as `stats.ini.bak`). Returns each record cleared
    /// as it was, by id; with none counted nothing is written. A file that
    /// does not read whole (damaged lines, or its previous copy read in
    /// its place) is left as it is and the error names it: written now,
    /// it would lose the records on the lines that cannot be read.
    pub fn clear_saved(data_dir: &Path, picked: impl Fn(&str) -> bool) -> Result<Vec<(String, GameStats)>, FileError> {
        let _held = Self::hold(data_dir);
        let mut stats = match Self::look(data_dir) {
            Ok(Loaded { value, replaced: None, .. }) => value,
            Ok(Loaded { replaced: Some(e), .. }) => {
                let reason = format!("{}; nothing is cleared, so that no record on it is lost", e.reason);
                return Err(FileError { reason, moved_to: None, ..e });
            }
            // Nothing counted yet, or no folder to count in.
            Err(e) if e.kind == FileErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(e),
        };
        let cleared = stats.clear(picked);
        if !cleared.is_empty() {
            stats.save(data_dir)?;
        }
        Ok(cleared)
    }

    /// Clears the records of the games `picked` chooses that have anything
    /// counted, returning them as they were. Each keeps an empty record in
    /// its place rather than none: a game missing from a damaged file is
    /// put back from its previous copy (see [`Stats::restore`]), which
    /// still holds the figures cleared.
    fn clear(&mut self, picked: impl Fn(&str) -> bool) -> Vec<(String, GameStats)> {
        let counted = self.games.iter_mut().filter(|(id, g)| picked(id) && g.counted());
        counted.map(|(id, g)| (id.clone(), std::mem::take(g))).collect()
    }

    /// Every game with anything counted, by id: a record cleared is kept
    /// empty (see [`Stats::clear`]) and is no game played.
    pub fn counted(&self) -> impl Iterator<Item = (&str, &GameStats)> {
        self.games().filter(|(_, g)| g.counted())
    }

    /// The record of game `id`, if it has one.
    pub fn game(&self, id: &str) -> Option<&GameStats> {
        self.games.get(id)
    }

    /// The record of game `id`, made empty if it has none yet.
    pub fn game_mut(&mut self, id: &str) -> &mut GameStats {
        self.games.entry(id.to_string()).or_default()
    }

    /// Every game with a record, by id.
    pub fn games(&self) -> impl Iterator<Item = (&str, &GameStats)> {
        self.games.iter().map(|(id, g)| (id.as_str(), g))
    }

    /// The statistics in a file's bytes, or the line (if known) and what is
    /// wrong: what [`Stats::load`] reads.
    pub fn from_text(bytes: &[u8]) -> Result<Stats, (Option<usize>, String)> {
        parse(bytes)
    }

    /// The INI text [`Stats::save`] writes, after checking every name and
    /// value can be written.
    pub fn to_text(&self) -> Result<String, String> {
        let mut ini = Ini::new();
        for (id, g) in &self.games {
            check_id("The game id", id)?;
            let mut section = ini.with_section(Some(id.as_str()));
            section
                .set("played", g.played.to_string())
                .set("won", g.won.to_string())
                .set("lost", g.lost.to_string())
                .set("streak", g.streak.to_string())
                .set("best-win-streak", g.best_win_streak.to_string())
                .set("worst-losing-streak", g.worst_losing_streak.to_string())
                .set("total-score", g.total_score.to_string());
            if let Some(best) = g.best_score {
                section.set("best-score", best.to_string());
            }
            if let Some(ms) = g.best_time_ms {
                section.set("best-time-ms", ms.to_string());
            }
            if let Some(moves) = g.best_moves {
                section.set("best-moves", moves.to_string());
            }
            if g.total_moves > 0 {
                section.set("total-moves", g.total_moves.to_string());
            }
            if g.helped > 0 {
                section.set("helped", g.helped.to_string());
            }
            for (key, value) in &g.extra {
                check_id("The statistic name", key)?;
                if KNOWN_KEYS.contains(&key.as_str()) {
                    return Err(format!("The statistic name {key:?} is reserved"));
                }
                check_line("The statistic value", value, true)?;
                section.set(key.as_str(), value.as_str());
            }
        }
        let mut out = Vec::new();
        let options = WriteOption {
            // Escapes `;`, `#`, `=` and `:` so values read back unchanged.
            escape_policy: EscapePolicy::Reserved,
            line_separator: LineSeparator::CR,
            kv_separator: "=",
        };
        ini.write_to_opt(&mut out, options).map_err(|e| format!("The statistics could not be written: {e}"))?;
        let sections = String::from_utf8(out).map_err(|e| format!("The statistics are not text: {e}"))?;
        Ok(format!("{FIRST_LINE}\n{sections}{LAST_LINE}\n"))
    }
}

/// Reads a statistics file; errors carry the line where one is known:
/// the first of [`salvage`]'s lines left out.
fn parse(bytes: &[u8]) -> Result<Stats, (Option<usize>, String)> {
    let read = salvage(bytes);
    match read.dropped.into_iter().next() {
        Some((line, why)) => Err((Some(line), why)),
        None => Ok(read.value),
    }
}

/// Reads a statistics file section by section: each game's section stands
/// alone, so a damaged one (a line cut off, a stray line, a figure that
/// cannot be, the file's last line without its end) is left out, named by
/// its first bad line, and the others are kept. A file cut at the end of
/// a line keeps the sections before the cut, and names the cut: the
/// games after it are missing, which the backup may still hold.
fn salvage(bytes: &[u8]) -> Salvaged<Stats> {
    let mut read = Salvaged { value: Stats::default(), dropped: Vec::new() };
    let unended = unended_line(bytes);
    for section in sections(bytes) {
        let last = section.first + section.lines.len() - 1;
        if unended == Some(last) {
            // A cut spoils only the last line: an earlier one that is no
            // text says the file is something else (random bytes), not a
            // file of ours cut short.
            let not_text = section.lines[..section.lines.len() - 1].iter().position(Option::is_none);
            read.dropped.push(match not_text {
                Some(i) => (section.first + i, NOT_UTF8.into()),
                None => (last, CUT_SHORT.into()),
            });
            continue;
        }
        match read_section(&section, &read.value) {
            Ok(Some((id, game))) => {
                read.value.games.insert(id, game);
            }
            Ok(None) => {}
            Err(bad) => read.dropped.push(bad),
        }
    }
    if let Some(line) = cut_at_a_line(bytes, FIRST_LINE, LAST_LINE) {
        read.dropped.push((line, lacks_its_end(LAST_LINE)));
    }
    read
}

/// Why a line of a statistics file cannot be read.
const NOT_UTF8: &str = "the line is not UTF-8 text";

/// The lines of one `[section]` of a file, from its header to the next
/// (or the lines before the first header), each as text or, where it is
/// not UTF-8, `None`.
struct Section<'a> {
    /// The number of its first line, from 1.
    first: usize,
    lines: Vec<Option<&'a str>>,
}

/// A file's lines cut into [`Section`]s: the INI reader reads a whole
/// file or nothing, so each is given to it alone.
fn sections(bytes: &[u8]) -> Vec<Section<'_>> {
    let mut sections: Vec<Section<'_>> = Vec::new();
    for (n, line) in numbered_lines(bytes) {
        let header = line.is_some_and(|l| l.trim_start().starts_with('['));
        match sections.last_mut() {
            Some(section) if !header => section.lines.push(line),
            _ => sections.push(Section { first: n, lines: vec![line] }),
        }
    }
    sections
}

/// Reads one section: its game's id and record (None for the lines before
/// the first header, which may hold no value), or its first bad line and
/// what is wrong. `read` is what the sections before it held.
fn read_section(section: &Section<'_>, read: &Stats) -> Result<Option<(String, GameStats)>, (usize, String)> {
    let at = |line: usize| section.first + line - 1;
    let mut text = String::new();
    for (i, line) in section.lines.iter().enumerate() {
        let line = line.ok_or_else(|| (at(i + 1), NOT_UTF8.to_string()))?;
        text.push_str(line);
        text.push('\n');
    }
    if let Some(stray) = first_stray_line(&text) {
        return Err((at(stray), NO_EQUALS.into()));
    }
    let options = ParseOption {
        // Quotes are ordinary characters in our values; escapes are ours.
        enabled_quote: false,
        ..ParseOption::default()
    };
    let ini = Ini::load_from_str_opt(&text, options).map_err(|e| {
        let (line, reason) = ini_error(&text, &e);
        (at(line), format!("the file is not valid INI: {reason}"))
    })?;
    let lines = IniLines::of(&text);
    // The section read, after the reader's own one for values before any.
    let Some((Some(id), props)) = ini.iter().next_back() else {
        return match lines.first_unsectioned() {
            Some(line) => Err((at(line), "there are values before the first [game] section".into())),
            None => Ok(None),
        };
    };
    check_id("the game id", id).map_err(|e| (section.first, e))?;
    if read.games.contains_key(id) {
        return Err((section.first, format!("the game [{id}] appears twice")));
    }
    let game = read_game(id, props).map_err(|bad| {
        let line = match &bad.key {
            Some(key) => lines.setting(Some(id), key, bad.nth),
            None => lines.last_in(Some(id)),
        };
        (line.map_or(section.first, at), bad.reason)
    })?;
    Ok(Some((id.to_string(), game)))
}

/// What is wrong with a game's section: the `nth` (from 0) setting `key`
/// in it (None: a setting missing, told of at the section's last line,
/// where it was cut), and why.
struct BadSetting {
    key: Option<String>,
    nth: usize,
    reason: String,
}

impl BadSetting {
    fn first(key: &str, reason: String) -> BadSetting {
        BadSetting { key: Some(key.to_string()), nth: 0, reason }
    }
}

/// Reads one game's section.
fn read_game(id: &str, props: &ini::Properties) -> Result<GameStats, BadSetting> {
    let mut extra = BTreeMap::new();
    for (key, value) in props.iter() {
        if props.get_all(key).count() > 1 {
            return Err(BadSetting {
                key: Some(key.to_string()),
                nth: 1,
                reason: format!("[{id}] {key} is given more than once"),
            });
        }
        if !KNOWN_KEYS.contains(&key) {
            let bad = |e: String| BadSetting::first(key, format!("[{id}] {e}"));
            check_id("the statistic name", key).map_err(bad)?;
            // Whatever loads must save again: the writer's own check.
            check_line("the statistic value", value, true).map_err(bad)?;
            if let Some(why) = own_figure_fault(key, value) {
                return Err(BadSetting::first(key, format!("[{id}] {key} = {value:?} {why}")));
            }
            extra.insert(key.to_string(), value.to_string());
        }
    }
    let number = |key: &str| -> Result<Option<i64>, BadSetting> {
        let whole = |v: &str| v.parse::<i64>().map_err(|_| not_a(id, key, v, true));
        props.get(key).map(whole).transpose()
    };
    let optional_count = |key: &str| -> Result<Option<u64>, BadSetting> {
        props.get(key).map(|v| v.parse::<u64>().map_err(|_| not_a(id, key, v, false))).transpose()
    };
    let count = |key: &str| optional_count(key).map(Option::unwrap_or_default);
    let time = |key: &str| -> Result<Option<u64>, BadSetting> {
        match optional_count(key)? {
            Some(ms) if ms > MAX_CLOCK_MS => Err(BadSetting::first(key, format!("[{id}] {}", clock_over(key, ms)))),
            ms => Ok(ms),
        }
    };
    let game = GameStats {
        played: count("played")?,
        won: count("won")?,
        lost: count("lost")?,
        streak: number("streak")?.unwrap_or(0),
        best_win_streak: count("best-win-streak")?,
        worst_losing_streak: count("worst-losing-streak")?,
        total_score: number("total-score")?.unwrap_or(0),
        best_score: number("best-score")?,
        best_time_ms: time("best-time-ms")?,
        best_moves: optional_count("best-moves")?,
        total_moves: count("total-moves")?,
        helped: count("helped")?,
        extra,
    };
    if let Some(key) = ALWAYS_WRITTEN.iter().find(|&&key| props.get(key).is_none()) {
        let reason = format!("[{id}] has no {key}, which every game's record has: the file may have been cut short");
        return Err(BadSetting { key: None, nth: 0, reason });
    }
    if let Some((key, why)) = impossible(&game) {
        return Err(BadSetting::first(key, format!("[{id}] {why}")));
    }
    match more_wins_than_games(&game.extra) {
        Some((key, why)) => Err(BadSetting::first(&key, format!("[{id}] {why}"))),
        None => Ok(game),
    }
}

/// What is wrong with a game's own figure `key = value` whose name says
/// what it holds (see the module's notes), if anything.
fn own_figure_fault(key: &str, value: &str) -> Option<&'static str> {
    let count = |v: &str| v.parse::<u64>().is_ok();
    let number = |v: &str| {
        let digits = v.strip_prefix('-').unwrap_or(v);
        let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
        let all_digits = |t: &str| !t.is_empty() && t.len() <= 18 && t.bytes().all(|b| b.is_ascii_digit());
        all_digits(whole) && all_digits(fraction)
    };
    if key.ends_with("points") && !number(value) {
        Some("is not a number of points")
    } else if (key.ends_with("-games") || key.ends_with("-wins")) && !count(value) {
        Some("is not a count")
    } else {
        None
    }
}

/// The first own figure `X-wins` greater than its `X-games`, with why:
/// every game won was a game played.
fn more_wins_than_games(extra: &BTreeMap<String, String>) -> Option<(String, String)> {
    extra.iter().find_map(|(key, wins)| {
        let kind = key.strip_suffix("-wins")?;
        let games = extra.get(&format!("{kind}-games")).and_then(|g| g.parse::<u64>().ok()).unwrap_or(0);
        let wins: u64 = wins.parse().ok()?;
        (wins > games).then(|| (key.clone(), format!("{key} = {wins} is more than the {kind}-games ({games})")))
    })
}

/// The first figure of `g` that counting games can never give (won and
/// lost that do not add up to played, a streak longer than the games it
/// runs over), with why;
/// such a record was altered or damaged, and shown it would read "99900%".
fn impossible(g: &GameStats) -> Option<(&'static str, String)> {
    let over = |key: &'static str, figure: u64, shown: String, what: &str, limit: u64| {
        (figure > limit).then(|| (key, format!("{key} = {shown} is more than {what} ({limit})")))
    };
    // Every game counted is won or lost.
    let decided = u128::from(g.won) + u128::from(g.lost);
    let (than, key) = if decided > u128::from(g.played) { ("more", "won") } else { ("fewer", "played") };
    let too_many = (decided != u128::from(g.played))
        .then(|| (key, format!("won and lost ({decided} games) are {than} than the {} played", g.played)));
    let (best, streak_what) = if g.streak > 0 {
        (g.best_win_streak, "the best winning streak")
    } else {
        (g.worst_losing_streak, "the worst losing streak")
    };
    too_many
        .or_else(|| over("helped", g.helped, g.helped.to_string(), "the games lost", g.lost))
        .or_else(|| over("best-win-streak", g.best_win_streak, g.best_win_streak.to_string(), "the games won", g.won))
        .or_else(|| {
            let worst = g.worst_losing_streak;
            over("worst-losing-streak", worst, worst.to_string(), "the games lost", g.lost)
        })
        .or_else(|| over("streak", g.streak.unsigned_abs(), g.streak.to_string(), streak_what, best))
}

/// Why `key = value` in game `id`'s section is not the number it must
/// be (a whole number if `signed`, else a count, 0 or more): not one at
/// all, or one of more digits than any such figure can have.
fn not_a(id: &str, key: &str, value: &str, signed: bool) -> BadSetting {
    let what = if signed { "whole number" } else { "count" };
    let digits = if signed { value.strip_prefix('-').unwrap_or(value) } else { value };
    let too_long = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    let why = if too_long { format!("has too many digits for a {what}") } else { format!("is not a {what}") };
    BadSetting::first(key, format!("[{id}] {key} = {value:?} {why}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::files::ReadFrom;

    #[test]
    fn records_streaks_and_scores() {
        let mut g = GameStats::default();
        for (outcome, score) in [
            (Outcome::Won, 10),
            (Outcome::Won, 30),
            (Outcome::Lost, -5),
            (Outcome::Lost, 0),
            (Outcome::Lost, 2),
            (Outcome::Won, 7),
        ] {
            g.record(outcome, score);
        }
        assert_eq!((g.played, g.won, g.lost), (6, 3, 3));
        assert_eq!(g.streak, 1);
        assert_eq!((g.best_win_streak, g.worst_losing_streak), (2, 3));
        assert_eq!((g.total_score, g.best_score), (44, Some(30)));
        let mut neg = GameStats::default();
        neg.record(Outcome::Lost, -3);
        assert_eq!(neg.best_score, Some(-3));
        assert_eq!(neg.streak, -1);
    }

    #[test]
    fn percentages_round_to_the_nearest() {
        let cases = [((1, 6), 17), ((2, 3), 67), ((1, 3), 33), ((1, 8), 13), ((0, 5), 0), ((5, 5), 100), ((3, 0), 0)];
        for ((part, whole), shown) in cases {
            assert_eq!(percent(part, whole), shown, "{part} in {whole}");
        }
        assert_eq!(percent(u64::MAX, u64::MAX), 100, "no overflow");
    }

    #[test]
    fn wins_keep_the_best_time_and_fewest_moves() {
        let mut g = GameStats::default();
        g.record_game(Outcome::Lost, 0, Some(1_000), 5);
        assert_eq!((g.best_time_ms, g.best_moves), (None, None));
        g.record_game(Outcome::Won, 52, Some(90_000), 120);
        g.record_game(Outcome::Won, 52, Some(120_000), 101);
        assert_eq!((g.best_time_ms, g.best_moves), (Some(90_000), Some(101)));
        assert_eq!(g.total_moves, 5 + 120 + 101, "every game's moves count towards the average");
        assert_eq!((g.average_moves(), g.win_percent()), (Some(75), 67), "2 in 3, rounded to the nearest");
        assert_eq!((GameStats::default().average_moves(), GameStats::default().win_percent()), (None, 0));
        let mut stats = Stats::default();
        *stats.game_mut("klondike") = g.clone();
        let dir = tempfile::tempdir().unwrap();
        stats.save(dir.path()).unwrap();
        assert_eq!(Stats::load(dir.path()).unwrap().game("klondike"), Some(&g));
    }

    /// A game Solve played in counts as played and lost and nothing else:
    /// no score, best or not, no best time or fewest moves, and its moves
    /// stay out of the average, which is of the player's own games.
    #[test]
    fn a_helped_game_is_lost_and_sets_no_figure() {
        let mut g = GameStats::default();
        g.record_helped();
        assert_eq!((g.played, g.lost, g.streak, g.helped), (1, 1, -1, 1));
        assert_eq!((g.total_score, g.best_score, g.best_time_ms, g.best_moves), (0, None, None, None));
        assert_eq!(g.average_moves(), None, "no game of the player's own yet");
        g.record_game(Outcome::Lost, 10, Some(1_000), 40);
        g.record_game(Outcome::Won, 52, Some(2_000), 100);
        g.record_helped();
        assert_eq!((g.played, g.won, g.helped, g.best_score), (4, 1, 2, Some(52)));
        assert_eq!(g.average_moves(), Some(70), "the two games played alone");
        let mut stats = Stats::default();
        *stats.game_mut("klondike") = g.clone();
        let dir = tempfile::tempdir().unwrap();
        stats.save(dir.path()).unwrap();
        assert!(std::fs::read_to_string(Stats::path(dir.path())).unwrap().contains("helped=2\n"));
        assert_eq!(Stats::load(dir.path()).unwrap().game("klondike"), Some(&g));
    }

    #[test]
    fn saves_and_loads_through_the_data_folder() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("parlour");
        assert_eq!(Stats::load(&data).unwrap(), Stats::default());
        let mut stats = Stats::default();
        stats.game_mut("klondike").record(Outcome::Won, 52);
        stats.game_mut("klondike").record(Outcome::Lost, 20);
        let chance = stats.game_mut("the-chance");
        chance.record(Outcome::Lost, 3);
        chance.extra.insert("moves".into(), "140".into());
        chance.extra.insert("note".into(), "a;b#c=d:e \"q\" ünï \\ end".into());
        stats.game_mut("fresh");
        stats.save(&data).unwrap();
        let text = std::fs::read_to_string(Stats::path(&data)).unwrap();
        assert!(text.contains("[klondike]\nplayed=2\nwon=1\nlost=1\nstreak=-1\n"), "{text}");
        assert!(text.contains("moves=140\n"), "{text}");
        let back = Stats::load(&data).unwrap();
        assert_eq!(back, stats);
        assert_eq!(back.games().map(|(id, _)| id).collect::<Vec<_>>(), ["fresh", "klondike", "the-chance"]);
        assert_eq!(back.game("fresh").unwrap().best_score, None);
        assert!(back.game("spider").is_none());
        stats.game_mut("klondike").record(Outcome::Won, 1);
        stats.save(&data).unwrap();
        let previous = std::fs::read_to_string(crate::core::files::backup_path(&Stats::path(&data)));
        assert_eq!(previous.unwrap(), text);
    }

    #[test]
    fn bad_names_are_not_written() {
        let dir = tempfile::tempdir().unwrap();
        let mut stats = Stats::default();
        stats.game_mut("klondike").extra.insert("won".into(), "3".into());
        let e = stats.save(dir.path()).unwrap_err();
        assert_eq!(e.kind, FileErrorKind::Invalid);
        assert!(e.reason.contains("reserved"), "{e}");
        let mut stats = Stats::default();
        stats.game_mut("klondike").extra.insert("x".into(), "two\nlines".into());
        assert!(stats.save(dir.path()).is_err());
        let mut stats = Stats::default();
        stats.game_mut("no good");
        assert!(stats.save(dir.path()).is_err());
        assert!(!Stats::path(dir.path()).exists());
    }

    /// Notepad puts a byte-order mark before what it saves: the file
    /// reads as it did before.
    #[test]
    fn a_byte_order_mark_is_no_part_of_the_statistics() {
        let marked = format!("\u{feff}{}", section("klondike", &["played=3", "lost=3"]));
        let stats = Stats::from_text(marked.as_bytes()).unwrap();
        assert_eq!(stats.game("klondike").map(|g| g.played), Some(3));
    }

    /// Game `id`'s section as Parlour writes it: `figures` (`key=value`
    /// lines, from line 2), then each figure every record has that they
    /// do not give, at 0.
    fn section(id: &str, figures: &[&str]) -> String {
        let given = |key: &str| figures.iter().any(|f| f.split('=').next() == Some(key));
        let rest = ALWAYS_WRITTEN.iter().filter(|k| !given(k)).map(|k| format!("{k}=0"));
        let lines: Vec<String> = figures.iter().map(|f| f.to_string()).chain(rest).collect();
        format!("[{id}]\n{}\n", lines.join("\n"))
    }

    /// Every line is written ended and every record whole: a file cut
    /// at the end of a line (its last line has no end, or a section has
    /// lost the figures after it) is damaged, not a record of fewer
    /// games, and so are won and lost that do not add up to played.
    #[test]
    fn a_record_cut_at_the_end_of_a_line_is_damage() {
        let whole = section("klondike", &["played=1", "won=0", "lost=1", "streak=-1", "worst-losing-streak=1"]);
        assert!(Stats::from_text(whole.as_bytes()).is_ok());
        let cut = &whole[..whole.find("won=0").unwrap() + "won=0".len()];
        assert_eq!(Stats::from_text(cut.as_bytes()), Err((Some(3), CUT_SHORT.to_string())));
        let ended = format!("{cut}\n");
        let why = "[klondike] has no lost, which every game's record has: the file may have been cut short";
        assert_eq!(Stats::from_text(ended.as_bytes()), Err((Some(3), why.to_string())));
        // The sections before the cut are whole, and read.
        let two = format!("{}\n{cut}", section("freecell", &["played=2", "won=2"]));
        let read = salvage(two.as_bytes());
        assert_eq!((read.value.games().count(), read.dropped), (1, vec![(12, CUT_SHORT.to_string())]));
    }

    /// Counts made at once (two Parlours, here threads each opening the
    /// lock afresh, as processes do) each read the others' before
    /// writing: none is lost.
    #[test]
    fn games_counted_at_once_are_all_kept() {
        let dir = tempfile::tempdir().unwrap();
        let count = |id: &'static str| {
            let dir = dir.path().to_path_buf();
            move || {
                for _ in 0..25 {
                    let _held = Stats::hold(&dir).expect("a lock in a temporary folder");
                    let mut stats = Stats::load_noting(&dir).unwrap().value;
                    stats.game_mut(id).record_game(Outcome::Lost, 0, Some(1_000), 3);
                    stats.save(&dir).unwrap();
                }
            }
        };
        let threads: Vec<_> = ["klondike", "golf", "klondike", "golf"].map(|id| std::thread::spawn(count(id))).into();
        threads.into_iter().for_each(|t| t.join().unwrap());
        let stats = Stats::load_noting(dir.path()).unwrap().value;
        let played = |id: &str| stats.game(id).map(|g| g.played);
        assert_eq!((played("klondike"), played("golf")), (Some(50), Some(50)));
    }

    /// Bytes that are no text at all, their last line without an end as
    /// random bytes' is, are told as no text, not as a file cut short.
    #[test]
    fn random_bytes_are_no_text_rather_than_a_file_cut_short() {
        let bytes = b"\x8f\x01q\xff\n\x07z\xc3\n\x9a\x9b";
        assert_eq!(Stats::from_text(bytes), Err((Some(1), NOT_UTF8.to_string())));
    }

    /// A section cut short beside a good backup: the sections that read
    /// are kept, and the game whose section did not is given its record
    /// from the backup, one write older, so that the next save, which
    /// makes the file in place the backup, loses no game's record.
    #[test]
    fn a_damaged_section_takes_its_record_from_the_backup() {
        let dir = tempfile::tempdir().unwrap();
        let path = Stats::path(dir.path());
        let mut stats = Stats::default();
        stats.game_mut("freecell").record(Outcome::Won, 0);
        stats.game_mut("klondike").record(Outcome::Lost, 0);
        stats.save(dir.path()).unwrap();
        let older = stats.clone();
        stats.game_mut("freecell").record(Outcome::Won, 0);
        stats.game_mut("klondike").record(Outcome::Lost, 0);
        stats.save(dir.path()).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let cut = &text[..text.rfind("\nlost=2").unwrap()];
        std::fs::write(&path, cut).unwrap();
        let mut loaded = Stats::load_noting(dir.path()).unwrap();
        assert_eq!(loaded.from, ReadFrom::KeptLinesAndBackup, "{loaded:?}");
        assert_eq!(loaded.value.game("freecell"), stats.game("freecell"), "the section that read is kept");
        assert_eq!(loaded.value.game("klondike"), older.game("klondike"), "the backup's record is put back");
        let e = loaded.replaced.clone().unwrap();
        assert_eq!((e.line, e.reason.as_str()), (Some(14), CUT_SHORT));
        assert_eq!(std::fs::read_to_string(e.moved_to.unwrap()).unwrap(), cut, "the cut copy is set aside");
        let note = loaded.note().unwrap();
        assert!(
            note.ends_with(
                "the lines that read were kept, and what its previous copy stats.ini.bak held of the others"
            ),
            "{note}"
        );
        let headline = loaded.headline("statistics").unwrap();
        assert_eq!(headline, "The statistics were damaged: their previous copy filled in a line left out.");
        loaded.value.game_mut("klondike").record(Outcome::Lost, 0);
        loaded.value.save(dir.path()).unwrap();
        let kept = Stats::load(dir.path()).unwrap();
        assert_eq!(kept.game("klondike").map(|g| (g.played, g.lost, g.streak)), Some((2, 2, -2)));
        let backup = Stats::from_text(&std::fs::read(crate::core::files::backup_path(&path)).unwrap()).unwrap();
        assert_eq!(backup.game("klondike"), older.game("klondike"), "the backup is a whole record, not the cut copy");
    }

    /// A box that shows the figures of the previous copy says so, and
    /// sets nothing aside; figures read as they stand say nothing more.
    #[test]
    fn a_box_showing_the_previous_copy_says_so() {
        let dir = tempfile::tempdir().unwrap();
        let path = Stats::path(dir.path());
        let mut stats = Stats::default();
        stats.game_mut("mines/beginner").record(Outcome::Won, 0);
        stats.save(dir.path()).unwrap();
        stats.save(dir.path()).unwrap();
        assert_eq!(Stats::for_showing(dir.path()).1, None, "a good file");
        let text = std::fs::read_to_string(&path).unwrap().replace("won=1", "won=banana");
        std::fs::write(&path, &text).unwrap();
        let (shown, said) = Stats::for_showing(dir.path());
        assert_eq!(shown.game("mines/beginner").map(|g| g.won), Some(1));
        let said = said.expect("the box says where its figures come from");
        assert!(said.starts_with("The statistics were damaged: their previous copy"), "{said}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "nothing is set aside by a look");
    }

    /// A box shows the games whose sections read as they stand, and only
    /// the damaged one's figures from the previous copy, as the next
    /// count will read them: a win just counted in another game is not
    /// hidden behind that copy's older figures.
    #[test]
    fn a_box_takes_only_the_damaged_games_figures_from_the_previous_copy() {
        let dir = tempfile::tempdir().unwrap();
        let path = Stats::path(dir.path());
        let mut stats = Stats::default();
        stats.game_mut("golf").record(Outcome::Won, 0);
        stats.game_mut("freecell").record(Outcome::Lost, 0);
        stats.save(dir.path()).unwrap();
        stats.game_mut("freecell").record(Outcome::Won, 0);
        stats.save(dir.path()).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let golf = text.find("[golf]").unwrap();
        let damaged = format!("{}{}", &text[..golf], text[golf..].replacen("won=1", "won=two", 1));
        std::fs::write(&path, &damaged).unwrap();
        let (shown, said) = Stats::for_showing(dir.path());
        let figures = |id| shown.game(id).map(|g| (g.played, g.won));
        assert_eq!(figures("freecell"), Some((2, 1)), "the section that reads, as it stands");
        assert_eq!(figures("golf"), Some((1, 1)), "the damaged one from the previous copy");
        let said = said.expect("the box says where its figures come from");
        assert!(said.contains("previous copy filled in"), "{said}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), damaged, "nothing is set aside by a look");
        let counted = Stats::load(dir.path()).unwrap();
        assert_eq!(counted.game("freecell"), shown.game("freecell"), "as the next count reads it");
        assert_eq!(counted.game("golf"), shown.game("golf"));
    }

    /// A file cut at the end of a line between two sections reads as a
    /// whole file of fewer games, but its last line is missing: the games
    /// after the cut come back from the backup, and the cut copy is set
    /// aside rather than pushed into the backup's place by the next save.
    /// A file written before files promised their end reads as it is.
    #[test]
    fn a_file_cut_between_sections_takes_the_games_after_from_the_backup() {
        let dir = tempfile::tempdir().unwrap();
        let path = Stats::path(dir.path());
        let mut stats = Stats::default();
        stats.game_mut("freecell").record(Outcome::Won, 0);
        stats.game_mut("tetris").record(Outcome::Lost, 0);
        stats.save(dir.path()).unwrap();
        stats.game_mut("freecell").record(Outcome::Won, 0);
        stats.save(dir.path()).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with(&format!("{FIRST_LINE}\n")) && text.ends_with(&format!("\n{LAST_LINE}\n")));
        let cut = &text[..text.find("[tetris]").unwrap()];
        std::fs::write(&path, cut).unwrap();
        let loaded = Stats::load_noting(dir.path()).unwrap();
        assert_eq!(loaded.from, ReadFrom::KeptLinesAndBackup, "{loaded:?}");
        assert_eq!(loaded.value, stats, "freecell's record read, tetris's from the backup");
        let e = loaded.replaced.clone().unwrap();
        let last = cut.trim_end().lines().count();
        assert_eq!((e.line, e.reason), (Some(last), lacks_its_end(LAST_LINE)));
        assert_eq!(std::fs::read_to_string(e.moved_to.unwrap()).unwrap(), cut, "the cut copy is set aside");
        // Without the first line, the file is an older Parlour's, whole.
        let older = &cut[FIRST_LINE.len() + 1..];
        assert_eq!(Stats::from_text(older.as_bytes()).map(|s| s.games().count()), Ok(1));
    }

    /// A file cut off in its last section (a full disk) with a backup of
    /// no use either: the sections before the cut are kept in its place,
    /// the file set aside, and the game counted next is added to them.
    #[test]
    fn a_file_cut_short_keeps_the_sections_that_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = Stats::path(dir.path());
        let klondike = section("klondike", &["played=2", "won=1", "lost=1", "streak=-1", "worst-losing-streak=1"]);
        let whole = format!("{klondike}\n[mines/beginner]\nplayed=1\nlost=1\nworst-los");
        std::fs::write(&path, &whole).unwrap();
        std::fs::write(crate::core::files::backup_path(&path), "junk\n").unwrap();
        let mut loaded = Stats::load_noting(dir.path()).unwrap();
        let e = loaded.replaced.clone().expect("the damage is told of");
        assert_eq!((e.line, e.reason.as_str()), (Some(13), CUT_SHORT), "{e}");
        assert_eq!(loaded.from, ReadFrom::KeptLines);
        assert_eq!(std::fs::read_to_string(e.moved_to.unwrap()).unwrap(), whole);
        assert_eq!(loaded.value.games().map(|(id, _)| id).collect::<Vec<_>>(), ["klondike"]);
        loaded.value.game_mut("klondike").record(Outcome::Won, 5);
        loaded.value.save(dir.path()).unwrap();
        assert_eq!(Stats::load(dir.path()).unwrap().game("klondike").map(|g| (g.played, g.won)), Some((3, 2)));
    }

    /// A line that is no setting is named by its own number, not read as
    /// the start of a name running on to the next line's =.
    #[test]
    fn a_stray_line_is_named_by_its_number() {
        let text = b"[mines/beginner]\nplayed=1\nlost=1\nthis is not right\nworst-losing-streak=1\n";
        assert_eq!(Stats::from_text(text), Err((Some(4), NO_EQUALS.to_string())));
    }

    /// Figures that counting games can never give are damage, named by
    /// their line: shown, they would read "winning percentage: 99900%".
    #[test]
    fn impossible_figures_are_damage() {
        let cases: [(&[&str], usize, &str); 7] = [
            (&["played=1", "won=999"], 3, "won and lost (999 games) are more than the 1 played"),
            (&["played=2", "won=1", "lost=2"], 3, "won and lost (3 games)"),
            (&["played=1", "won=0"], 2, "won and lost (0 games) are fewer than the 1 played"),
            (&["played=2", "won=1", "lost=1", "helped=2"], 5, "helped = 2 is more than the games lost (1)"),
            (
                &["played=2", "won=1", "lost=1", "best-win-streak=2"],
                5,
                "best-win-streak = 2 is more than the games won",
            ),
            (&["played=1", "lost=1", "worst-losing-streak=3"], 4, "worst-losing-streak = 3"),
            (&["played=3", "lost=3", "worst-losing-streak=2", "streak=-3"], 5, "streak = -3 is more than the worst"),
        ];
        for (figures, line, words) in cases {
            let (at, why) = Stats::from_text(section("k", figures).as_bytes()).unwrap_err();
            assert_eq!(at, Some(line), "{why}");
            assert!(why.contains(words), "{words:?} not in {why}");
        }
        let fine =
            ["played=5", "won=2", "lost=3", "streak=-2", "best-win-streak=2", "worst-losing-streak=2", "helped=1"];
        assert!(Stats::from_text(section("k", &fine).as_bytes()).is_ok());
    }

    /// A game's own figure whose name says what it holds (The Chance's
    /// points by rule) is damage when it holds anything else, named by its
    /// line, rather than read as nothing and written over at the next game.
    #[test]
    fn own_figures_named_as_numbers_are_checked() {
        let base = ["played=3", "won=1", "lost=2"];
        let with = |figure: &str| section("the-chance", &[base.as_slice(), &[figure]].concat());
        let cases = [
            ("alternating-points=3x8", "alternating-points = \"3x8\" is not a number of points"),
            ("points=abc", "points = \"abc\" is not a number of points"),
            ("suit-points=-99999999999999999999", "is not a number of points"),
            ("alternating-games=x", "alternating-games = \"x\" is not a count"),
            ("any-wins=9", "any-wins = 9 is more than the any-games (0)"),
        ];
        for (figure, words) in cases {
            let (at, why) = Stats::from_text(with(figure).as_bytes()).unwrap_err();
            assert_eq!(at, Some(5), "{figure}: {why}");
            assert!(why.contains(words), "{words:?} not in {why}");
        }
        for fine in ["points=-4.5", "alternating-points=38", "note=3x8", "moves=140"] {
            assert!(Stats::from_text(with(fine).as_bytes()).is_ok(), "{fine}");
        }
    }

    #[test]
    fn broken_files_are_reported_and_set_aside() {
        let a = section("a", &[]);
        let klondike = section("klondike", &["played=1", "lost=1"]);
        let whole = |text: String| text.into_bytes();
        let cases: [(Vec<u8>, Option<usize>, &str); 14] = [
            // Loaded, it could never be saved again.
            (
                whole(section("klondike", &["played=1", "note=a\u{1}b"])),
                Some(3),
                "[klondike] the statistic value \"a\\u{1}b\" contains a control",
            ),
            (whole(section("klondike", &["note=tab\\there"])), Some(2), "contains a control character"),
            (whole(section("klondike", &["played=2", "won=x"])), Some(3), "[klondike] won = \"x\" is not a count"),
            (whole(section("klondike", &["played=-5"])), Some(2), "[klondike] played = \"-5\" is not a count"),
            (
                whole(section("klondike", &["won=1", "played=99999999999999999999999"])),
                Some(3),
                "played = \"99999999999999999999999\" has too many digits for a count",
            ),
            (whole(section("klondike", &["streak=1.5"])), Some(2), "streak = \"1.5\" is not a whole number"),
            (whole(section("klondike", &["best-time-ms=315360000001"])), Some(2), "(ten years of play)"),
            (whole(section("klondike", &["played=1", "played=2"])), Some(3), "given more than once"),
            (whole(format!("{a}[a]\nwon=1\n")), Some(9), "appears twice"),
            (whole(format!("{klondike}\n[klondike]\nplayed=2\n")), Some(10), "the game [klondike] appears twice"),
            (b"[no good]\nplayed=1\n".to_vec(), Some(1), "is not a valid name"),
            (b"\n\nplayed=1\n[a]\n".to_vec(), Some(3), "before the first [game] section"),
            (whole(format!("{a}[unclosed\n")), Some(9), "not valid INI"),
            ([a.as_bytes(), b"x=\xff\n"].concat(), Some(9), "not UTF-8"),
        ];
        for (bytes, line, words) in cases {
            let bytes = bytes.as_slice();
            let dir = tempfile::tempdir().unwrap();
            let path = Stats::path(dir.path());
            std::fs::write(&path, bytes).unwrap();
            // Told of either way: as a file of which nothing reads, or one
            // whose sections that read were kept in its place.
            let e = match Stats::load_noting(dir.path()) {
                Err(e) => e,
                Ok(loaded) => loaded.replaced.expect("the damage is told of"),
            };
            assert_eq!(e.kind, FileErrorKind::Corrupt);
            assert_eq!(e.line, line, "{e}");
            assert!(e.reason.contains(words), "{words:?} not in {e}");
            assert_ne!(std::fs::read(&path).ok().as_deref(), Some(bytes), "the damaged file is not left in place");
            assert_eq!(std::fs::read(e.moved_to.unwrap()).unwrap(), bytes);
        }
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(Stats::path(dir.path())).unwrap();
        assert_eq!(Stats::load(dir.path()).unwrap_err().kind, FileErrorKind::Io);
        let e = Stats::default().save(dir.path()).unwrap_err();
        assert_eq!(e.reason, "the statistics could not be saved: a folder of that name is in the way");
    }

    /// Clearing one game's statistics leaves every other record as it
    /// was, keeps the file before it as stats.ini.bak, and leaves an
    /// empty record behind, so that the backup, which still holds the
    /// figures cleared, never brings them back when the file is damaged
    /// later.
    #[test]
    fn clearing_one_game_keeps_the_others_and_the_backup() {
        let dir = tempfile::tempdir().unwrap();
        let mut stats = Stats::default();
        stats.game_mut("klondike").record(Outcome::Won, 52);
        stats.game_mut("mines/beginner").record(Outcome::Lost, 0);
        stats.game_mut("mines/expert").record(Outcome::Won, 0);
        stats.save(dir.path()).unwrap();
        let before = std::fs::read_to_string(Stats::path(dir.path())).unwrap();
        let cleared = Stats::clear_saved(dir.path(), |id| id == "mines/beginner").unwrap();
        assert_eq!(cleared, [("mines/beginner".to_string(), stats.game("mines/beginner").unwrap().clone())]);
        let backup = crate::core::files::backup_path(&Stats::path(dir.path()));
        assert_eq!(std::fs::read_to_string(&backup).unwrap(), before, "the file before is the backup");
        let after = Stats::load(dir.path()).unwrap();
        assert_eq!(after.game("klondike"), stats.game("klondike"));
        assert_eq!(after.game("mines/expert"), stats.game("mines/expert"));
        assert_eq!(after.game("mines/beginner"), Some(&GameStats::default()));
        assert_eq!(after.counted().map(|(id, _)| id).collect::<Vec<_>>(), ["klondike", "mines/expert"]);
        // Nothing more to clear: nothing is written, the backup stays.
        assert_eq!(Stats::clear_saved(dir.path(), |id| id == "mines/beginner").unwrap(), []);
        assert_eq!(std::fs::read_to_string(&backup).unwrap(), before);
        // A line of klondike's cut off later: its section is left out and
        // put back from the backup, mines/beginner's cleared one is not.
        let text = std::fs::read_to_string(Stats::path(dir.path())).unwrap();
        std::fs::write(Stats::path(dir.path()), text.replace("[klondike]\nplayed=1", "[klondike]\nplayed")).unwrap();
        let loaded = Stats::load_noting(dir.path()).unwrap();
        assert!(loaded.replaced.is_some());
        assert_eq!(loaded.value.game("klondike"), stats.game("klondike"));
        assert_eq!(loaded.value.game("mines/beginner"), Some(&GameStats::default()));
    }

    /// A file with lines that do not read is not written without them:
    /// clearing is refused, naming the file and its line, and the file
    /// is left as it was. No file at all has nothing to clear.
    #[test]
    fn clearing_refuses_a_damaged_file() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(Stats::clear_saved(&dir.path().join("none"), |_| true).unwrap(), []);
        let path = Stats::path(dir.path());
        let whole = format!(
            "{}\n[golf]\nplayed=x\n",
            section("klondike", &["played=1", "won=1", "streak=1", "best-win-streak=1"])
        );
        std::fs::write(&path, &whole).unwrap();
        let e = Stats::clear_saved(dir.path(), |id| id == "klondike").unwrap_err();
        assert_eq!(e.line, Some(11), "{e}");
        assert!(e.to_string().starts_with(&format!("{}:11: ", path.display())), "{e}");
        assert!(e.reason.ends_with("nothing is cleared, so that no record on it is lost"), "{e}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), whole);
        assert!(!crate::core::files::backup_path(&path).exists());
    }
}
