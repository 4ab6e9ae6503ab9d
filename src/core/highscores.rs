//! High-score tables: the best few results of each game, kept as text in
//! the user's data folder.
//!
//! One file, `<data dir>/highscores.txt`:
//!
//! ```text
//! parlour-highscores 1
//! game pegs/english
//! entry 1 620 95 Ada Lovelace
//! entry 3 580 61 Charles
//! ```
//!
//! Each `game` line starts the table of one game id; each `entry` line is
//! `entry STONES POINTS SECONDS NAME`: stones left at the end, points
//! scored, play time in seconds and the player's name (the rest of the
//! line). Entries are written best first, at most [`KEEP`] per game.
//!
//! Ranking is for puzzles where clearing the board is the goal: fewer
//! stones left first, then more points, then less time; on a full tie the
//! older entry stays ahead.
//!
//! Like the statistics, the folder is passed in, writes are atomic with a
//! backup, and a broken file is reported with its line and set aside rather
//! than overwritten. Its lines that read are kept: a bad line costs that
//! line (a bad `game` line, its table), not the entries since the backup.

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

use super::files::{
    CUT_SHORT, FileError, FileErrorKind, Loaded, Salvaged, limits, load_keeping_lines, make_data_folder, missing_from,
    numbered_lines, read_capped, unended_line, write_atomic,
};
use super::text::{check_id, check_line};

/// The file's name inside the data folder.
pub const FILE_NAME: &str = "highscores.txt";
/// The first line of every high-score file.
const MAGIC: &str = "parlour-highscores";
/// The format version written and read.
const VERSION: u32 = 1;
/// Entries kept per game.
pub const KEEP: usize = 10;
/// Names are cut to this many characters, so a table fits a requester.
const MAX_NAME: usize = 24;
/// The name used when none is given.
pub const DEFAULT_NAME: &str = "Player";

/// One result in a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub name: String,
    pub points: u64,
    pub seconds: u64,
    pub stones: u32,
}

impl Entry {
    /// An entry with `name` made fit for the file (see [`clean_name`]).
    pub fn new(name: &str, points: u64, seconds: u64, stones: u32) -> Entry {
        Entry { name: clean_name(name), points, seconds, stones }
    }

    /// `Less` if `self` ranks above `other`.
    pub fn rank(&self, other: &Entry) -> Ordering {
        self.stones.cmp(&other.stones).then(other.points.cmp(&self.points)).then(self.seconds.cmp(&other.seconds))
    }
}

/// A name as it can be stored: control characters dropped, spaces at the
/// ends trimmed, at most a few words long; an empty name becomes
/// [`DEFAULT_NAME`].
pub fn clean_name(name: &str) -> String {
    let kept: String = name.chars().filter(|c| !c.is_control()).collect();
    let cut: String = kept.trim().chars().take(MAX_NAME).collect();
    let cut = cut.trim_end();
    if cut.is_empty() { DEFAULT_NAME.to_string() } else { cut.to_string() }
}

/// Every game's table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HighScores {
    tables: BTreeMap<String, Vec<Entry>>,
}

impl HighScores {
    /// Where the tables live inside `data_dir`.
    pub fn path(data_dir: &Path) -> PathBuf {
        data_dir.join(FILE_NAME)
    }

    /// Reads the tables from `data_dir`; no file yet means empty tables. A
    /// damaged file is set aside and the lines of it that read are kept;
    /// one that is no high-score file at all has its backup read instead.
    /// With no good backup the error is reported, and the caller can carry
    /// on with empty tables without losing the old file.
    pub fn load(data_dir: &Path) -> Result<HighScores, FileError> {
        Self::load_noting(data_dir).map(|loaded| loaded.value)
    }

    /// As [`HighScores::load`], saying what was left out or whether the
    /// backup was read, for the player to be told.
    pub fn load_noting(data_dir: &Path) -> Result<Loaded<HighScores>, FileError> {
        load_keeping_lines(&Self::path(data_dir), Self::read, HighScores::to_text, HighScores::restore)
    }

    /// Puts back the entries of `backup` (the file one write older) that
    /// `self`, read from a damaged file, lacks, each where it ranks: an
    /// entry the file pushed out of its table ranks below all it holds,
    /// and stays out. Returns whether one was put back.
    fn restore(&mut self, backup: HighScores) -> bool {
        let mut restored = false;
        for (id, held) in &backup.tables {
            for entry in missing_from(self.table(id), held) {
                restored |= self.add(id, entry.clone()).is_some();
            }
        }
        restored
    }

    /// Reads one high-score file (missing: empty tables), setting it aside
    /// if it is no high-score file.
    fn read(path: &Path) -> Result<Salvaged<HighScores>, FileError> {
        let bytes = match read_capped(path, limits::RECORDS) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                return Ok(Salvaged { value: HighScores::default(), dropped: Vec::new() });
            }
            Err(e) => return Err(FileError::unreadable(path, "high scores", &e)),
        };
        parse(&bytes).map_err(|(kind, reason)| FileError::reject(path, Some(1), kind, reason))
    }

    /// Writes the tables to `data_dir` (created if needed), atomically,
    /// keeping the previous file as `highscores.txt.bak`.
    pub fn save(&self, data_dir: &Path) -> Result<(), FileError> {
        let path = Self::path(data_dir);
        let text = self.to_text().map_err(|reason| FileError::new(&path, FileErrorKind::Invalid, reason))?;
        make_data_folder(data_dir)
            .and_then(|()| write_atomic(&path, text.as_bytes()))
            .map_err(|e| FileError::unsaved(&path, "high scores", &e))
    }

    /// The table of game `id`, best first (empty if it has none).
    pub fn table(&self, id: &str) -> &[Entry] {
        self.tables.get(id).map_or(&[], Vec::as_slice)
    }

    /// Puts `entry` in the table of game `id` if it ranks among the best
    /// [`KEEP`]; returns its place (0 = best), or `None` if it did not make
    /// the table.
    pub fn add(&mut self, id: &str, entry: Entry) -> Option<usize> {
        let table = self.tables.entry(id.to_string()).or_default();
        let place = table.iter().position(|e| entry.rank(e) == Ordering::Less).unwrap_or(table.len());
        if place >= KEEP {
            return None;
        }
        table.insert(place, entry);
        table.truncate(KEEP);
        Some(place)
    }

    /// The file text, after checking every id and name can be written.
    fn to_text(&self) -> Result<String, String> {
        let mut out = format!("{MAGIC} {VERSION}\n");
        for (id, table) in &self.tables {
            check_id("The game id", id)?;
            out.push_str(&format!("game {id}\n"));
            for e in table {
                check_line("The player name", &e.name, false)?;
                out.push_str(&format!("entry {} {} {} {}\n", e.stones, e.points, e.seconds, e.name));
            }
        }
        Ok(out)
    }
}

/// Which table the entry lines read go to.
enum Under {
    /// None yet: no `game` line has come.
    Nothing,
    /// The game named by the `game` line on this line.
    Game(String, usize),
    /// The `game` line on this line was left out, and its entries with it.
    LeftOut(usize),
}

/// Reads a high-score file: every line that reads, and each that does not
/// with why; an error (for line 1) if it is no high-score file at all.
/// A file that is no high-score file is damaged (set aside as
/// `.damaged-N`, as every file of records is); one of another format's
/// version is foreign, another Parlour's to read.
fn parse(bytes: &[u8]) -> Result<Salvaged<HighScores>, (FileErrorKind, String)> {
    let mut lines = numbered_lines(bytes);
    let header = lines.next().and_then(|(_, l)| l).unwrap_or("");
    let version = header.strip_prefix(MAGIC).and_then(|rest| rest.strip_prefix(' ')).ok_or_else(|| {
        (FileErrorKind::Corrupt, format!("this is not a Parlour high-score file (`{MAGIC} {VERSION}`)"))
    })?;
    if version != VERSION.to_string() {
        let why = format!("the high scores are in format {version:?}; this Parlour reads {VERSION}");
        return Err((FileErrorKind::Foreign, why));
    }
    let mut read = Salvaged { value: HighScores::default(), dropped: Vec::new() };
    let mut under = Under::Nothing;
    // The lines of the entries read into the table `under` names, and
    // whether any came under it, read or not.
    let mut entry_lines = Vec::new();
    let mut entries_came = false;
    let unended = unended_line(bytes);
    for (n, line) in lines {
        if unended == Some(n) {
            read.dropped.push((n, CUT_SHORT.into()));
            continue;
        }
        let Some(line) = line else {
            read.dropped.push((n, "the line is not UTF-8 text".into()));
            continue;
        };
        if line.starts_with("game ") {
            settle(&mut read, &under, std::mem::take(&mut entry_lines), std::mem::take(&mut entries_came));
        }
        let is_entry = line.starts_with("entry ");
        entries_came |= is_entry;
        match read_line(&mut read.value, &mut under, n, line) {
            Ok(()) if is_entry => entry_lines.push(n),
            Ok(()) => {}
            Err(why) => read.dropped.push((n, why)),
        }
    }
    settle(&mut read, &under, entry_lines, entries_came);
    Ok(read)
}

/// Ends the table `under` names, its entries read from `lines`: ranked
/// and cut to the best [`KEEP`], or left out if none read. Where no entry
/// came under its `game` line at all, that line is told of: tables are
/// written with one at least, so the file was cut short after it (where
/// entries came and none read, their own lines say why).
fn settle(read: &mut Salvaged<HighScores>, under: &Under, lines: Vec<usize>, entries_came: bool) {
    let Under::Game(id, at) = under else { return };
    let table = read.value.tables.remove(id).unwrap_or_default();
    if table.is_empty() {
        if !entries_came {
            read.dropped.push((*at, format!("the game {id} has no entries: the file may have been cut short")));
        }
        return;
    }
    let beyond = format!("the game {id} keeps {KEEP} entries, and this one ranks below them");
    let best = read.best_of(lines.into_iter().zip(table).collect(), KEEP, Entry::rank, &beyond);
    read.value.tables.insert(id.clone(), best);
}

/// Reads line `n`, a `game` or an `entry` line, into `scores`.
fn read_line(scores: &mut HighScores, under: &mut Under, n: usize, line: &str) -> Result<(), String> {
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    match word {
        "" if rest.is_empty() => Ok(()),
        "game" => {
            // Until a good one, the entries below belong to no table read.
            *under = Under::LeftOut(n);
            check_id("the game id", rest)?;
            if scores.tables.contains_key(rest) {
                return Err(format!("the game {rest} appears twice"));
            }
            scores.tables.insert(rest.to_string(), Vec::new());
            *under = Under::Game(rest.to_string(), n);
            Ok(())
        }
        "entry" => {
            let id = match under {
                Under::Game(id, _) => id,
                Under::Nothing => return Err("an entry before any `game` line".into()),
                Under::LeftOut(at) => return Err(format!("an entry of the `game` line {at}, which was left out")),
            };
            let entry = parse_entry(rest)?;
            scores.tables.get_mut(id.as_str()).expect("the current game has a table").push(entry);
            Ok(())
        }
        _ => Err(format!("expected `game ID` or `entry ...`, found {line:?}")),
    }
}

/// Reads `STONES POINTS SECONDS NAME`.
fn parse_entry(text: &str) -> Result<Entry, String> {
    let mut parts = text.splitn(4, ' ');
    let mut number = |what: &str| -> Result<u64, String> {
        let field = parts.next().unwrap_or("");
        if field.is_empty() || !field.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("{what} {field:?} is not a whole number"));
        }
        field.parse().map_err(|_| format!("{what} {field} is too large"))
    };
    let stones = number("the stone count")?;
    let points = number("the points")?;
    let seconds = number("the time")?;
    let stones = u32::try_from(stones).map_err(|_| format!("the stone count {stones} is too large"))?;
    let name = parts.next().unwrap_or("");
    check_line("the player name", name, false)?;
    Ok(Entry { name: name.to_string(), points, seconds, stones })
}

/// The environment variables that may hold the login name, in the order
/// they are tried: `USER` (most Unix shells), `LOGNAME` (POSIX login, cron,
/// some display managers), `USERNAME` (Windows).
const LOGIN_VARIABLES: [&str; 3] = ["USER", "LOGNAME", "USERNAME"];

/// The player's login name, offered for a high-score table; [`DEFAULT_NAME`]
/// when the environment names nobody.
pub fn login_name() -> String {
    login_name_from(|variable| std::env::var(variable).ok())
}

/// [`login_name`] with the environment given as `lookup`: the first
/// variable that holds a usable name, made fit for the file.
fn login_name_from(lookup: impl Fn(&str) -> Option<String>) -> String {
    LOGIN_VARIABLES
        .iter()
        .filter_map(|variable| lookup(variable))
        .map(|name| clean_name(&name))
        .find(|name| name != DEFAULT_NAME)
        .unwrap_or_else(|| DEFAULT_NAME.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_login_name_comes_from_user_logname_or_username() {
        let from = |pairs: &[(&str, &str)]| {
            let pairs: Vec<(String, String)> = pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
            login_name_from(|variable| pairs.iter().find(|(k, _)| k == variable).map(|(_, v)| v.clone()))
        };
        assert_eq!(from(&[("USER", "ada"), ("LOGNAME", "bob")]), "ada");
        assert_eq!(from(&[("LOGNAME", "bob"), ("USERNAME", "cy")]), "bob", "LOGNAME when USER is unset");
        assert_eq!(from(&[("USER", " "), ("LOGNAME", "bob")]), "bob", "an empty USER is passed over");
        assert_eq!(from(&[("USERNAME", "cy")]), "cy", "USERNAME on Windows");
        assert_eq!(from(&[]), DEFAULT_NAME);
    }

    fn e(name: &str, stones: u32, points: u64, seconds: u64) -> Entry {
        Entry::new(name, points, seconds, stones)
    }

    #[test]
    fn fewer_stones_then_more_points_then_less_time() {
        let mut h = HighScores::default();
        assert_eq!(h.add("pegs/x", e("a", 3, 500, 10)), Some(0));
        assert_eq!(h.add("pegs/x", e("b", 1, 100, 99)), Some(0), "fewer stones beat more points");
        assert_eq!(h.add("pegs/x", e("c", 3, 600, 50)), Some(1), "more points beat less time");
        assert_eq!(h.add("pegs/x", e("d", 3, 600, 20)), Some(1), "less time breaks the tie");
        assert_eq!(h.add("pegs/x", e("e", 3, 600, 20)), Some(2), "a full tie goes after the older entry");
        let names: Vec<&str> = h.table("pegs/x").iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["b", "d", "e", "c", "a"]);
        for i in 0..10 {
            h.add("pegs/x", e("f", 2, i, 1));
        }
        assert_eq!(h.table("pegs/x").len(), KEEP);
        assert_eq!(h.add("pegs/x", e("g", 9, 0, 0)), None, "too poor for a full table");
        assert_eq!(h.table("pegs/x")[0].name, "b");
        assert!(h.table("pegs/y").is_empty());
    }

    #[test]
    fn names_are_cleaned() {
        assert_eq!(clean_name("  Ada\n Lovelace\t "), "Ada Lovelace");
        assert_eq!(clean_name(" \u{7} "), DEFAULT_NAME);
        assert_eq!(clean_name(&"n".repeat(50)).len(), MAX_NAME);
    }

    #[test]
    fn round_trip_through_the_data_folder() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("parlour");
        assert_eq!(HighScores::load(&data).unwrap(), HighScores::default());
        let mut h = HighScores::default();
        h.add("pegs/english", e("Ada Lovelace", 1, 620, 95));
        h.add("pegs/english", e("Charles", 3, 580, 61));
        h.add("pegs/star", e("ünï  code", 2, 0, 0));
        h.save(&data).unwrap();
        let text = std::fs::read_to_string(HighScores::path(&data)).unwrap();
        assert!(text.starts_with("parlour-highscores 1\ngame pegs/english\nentry 1 620 95 Ada Lovelace\n"), "{text}");
        assert_eq!(HighScores::load(&data).unwrap(), h);
        h.add("pegs/english", e("Late", 1, 620, 96));
        h.save(&data).unwrap();
        let previous = std::fs::read_to_string(crate::core::files::backup_path(&HighScores::path(&data))).unwrap();
        assert_eq!(previous, text);
        // Windows line ends from an editor are read too.
        std::fs::write(HighScores::path(&data), text.replace('\n', "\r\n")).unwrap();
        assert_eq!(HighScores::load(&data).unwrap().table("pegs/star"), h.table("pegs/star"));
    }

    #[test]
    fn bad_ids_are_not_written() {
        let dir = tempfile::tempdir().unwrap();
        let mut h = HighScores::default();
        h.add("two words", e("a", 1, 1, 1));
        assert_eq!(h.save(dir.path()).unwrap_err().kind, FileErrorKind::Invalid);
        assert!(!HighScores::path(dir.path()).exists());
    }

    /// A file that is no high-score file is set aside whole and told of
    /// by line; with no backup, the error is the file's.
    #[test]
    fn a_file_that_is_no_high_score_file_is_reported_and_set_aside() {
        for (bytes, words) in [
            (&b"hello\n"[..], "not a Parlour high-score file"),
            (b"\xffparlour-highscores 1\n", "not a Parlour high-score file"),
            (b"parlour-highscores 7\n", "format \"7\""),
        ] {
            let dir = tempfile::tempdir().unwrap();
            let path = HighScores::path(dir.path());
            std::fs::write(&path, bytes).unwrap();
            let err = HighScores::load(dir.path()).unwrap_err();
            let kind = if words.starts_with("format") { FileErrorKind::Foreign } else { FileErrorKind::Corrupt };
            assert_eq!((err.line, err.kind), (Some(1), kind), "{err}");
            let aside = err.moved_to.as_ref().unwrap().to_string_lossy().into_owned();
            assert!(aside.ends_with(&format!("highscores.txt.{}-1", kind.word())), "{aside}");
            assert!(err.reason.contains(words), "{words:?} not in {err}");
            assert!(err.to_string().contains(&format!("{}:1:", path.display())), "{err}");
            assert!(!path.exists(), "the bad file was not set aside");
            assert_eq!(std::fs::read(err.moved_to.unwrap()).unwrap(), bytes, "the bad file was changed");
        }
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(HighScores::path(dir.path())).unwrap();
        assert_eq!(HighScores::load(dir.path()).unwrap_err().kind, FileErrorKind::Io);
    }

    /// A line that does not read is left out and named by line, the file
    /// set aside as it was and the lines that read kept in its place (a
    /// bad `game` line's entries go with it), rather than the backup's
    /// fewer entries read.
    #[test]
    fn bad_lines_are_left_out_by_line_and_the_others_kept() {
        let entries: Vec<String> = (0..11).map(|i| format!("entry 1 {} 1 x\n", 11 - i)).collect();
        let (ten, eleven) = (entries[..10].concat(), entries.concat());
        // The same eleven worst first: the best ten are kept, best first.
        let worst_first: String = entries.iter().rev().cloned().collect();
        let cases: Vec<(Vec<u8>, usize, &str, String)> = vec![
            (
                b"entry 1 2 3 a\ngame x\nentry 1 2 3 b\n".to_vec(),
                2,
                "before any `game`",
                "game x\nentry 1 2 3 b\n".into(),
            ),
            (
                b"game a b\nentry 1 2 3 a\ngame y\n".to_vec(),
                2,
                "valid name (1 to 64 letters, digits or . _ + / -) (and 2 more lines)",
                String::new(),
            ),
            (
                b"game x\nentry 1 2 3 a\ngame x\nentry 1 2 3 b\n".to_vec(),
                4,
                "appears twice",
                "game x\nentry 1 2 3 a\n".into(),
            ),
            (b"game x\nentry 1 -2 3 a\nentry 1 2 3 b\n".to_vec(), 3, "points \"-2\"", "game x\nentry 1 2 3 b\n".into()),
            // A table whose only entry is bad: that line is told of, not
            // its `game` line as if the file were cut short.
            (
                b"game x\nentry 1 2 xyz a\ngame y\nentry 1 2 3 b\n".to_vec(),
                3,
                "the time \"xyz\"",
                "game y\nentry 1 2 3 b\n".into(),
            ),
            (b"game x\nentry 1 2 3\n".to_vec(), 3, "name is empty", String::new()),
            (b"game x\nentry 99999999999 2 3 a\n".to_vec(), 3, "too large", String::new()),
            (b"game x\nscore 1\n".to_vec(), 3, "expected `game ID`", String::new()),
            (b"game x\nentry 1 2 3 \xff\nentry 1 2 3 b\n".to_vec(), 3, "not UTF-8", "game x\nentry 1 2 3 b\n".into()),
            // Cut short after a `game` line: no table is written empty.
            (
                b"game pegs\n".to_vec(),
                2,
                "the game pegs has no entries: the file may have been cut short",
                String::new(),
            ),
            // Cut at the end of a line, its name perhaps only in part.
            (b"game x\nentry 1 2 3 a\nentry 1 2 3 Ada Lo".to_vec(), 4, CUT_SHORT, "game x\nentry 1 2 3 a\n".into()),
            (format!("game x\n{eleven}").into_bytes(), 13, "keeps 10 entries", format!("game x\n{ten}")),
            (format!("game x\n{worst_first}").into_bytes(), 3, "ranks below them", format!("game x\n{ten}")),
        ];
        for (body, line, words, kept) in cases {
            let dir = tempfile::tempdir().unwrap();
            let path = HighScores::path(dir.path());
            let bytes = [b"parlour-highscores 1\n".as_slice(), &body].concat();
            std::fs::write(&path, &bytes).unwrap();
            let loaded = HighScores::load_noting(dir.path()).unwrap();
            let err = loaded.replaced.clone().expect("a line was left out");
            assert_eq!(loaded.from, crate::core::files::ReadFrom::KeptLines);
            assert_eq!((err.line, err.kind), (Some(line), FileErrorKind::Corrupt), "{err}");
            assert!(err.reason.contains(words), "{words:?} not in {err}");
            assert!(err.to_string().contains(&format!("{}:{line}:", path.display())), "{err}");
            assert_eq!(std::fs::read(err.moved_to.unwrap()).unwrap(), bytes, "the bad file was changed");
            let kept = format!("parlour-highscores 1\n{kept}");
            assert_eq!(std::fs::read_to_string(&path).unwrap(), kept, "the lines that read are in its place");
            assert_eq!(HighScores::load_noting(dir.path()).unwrap(), Loaded::plain(loaded.value));
        }
    }

    /// A damaged file's lines left out take back what the backup, one
    /// write older, held of them, each where it ranks: an entry whose line
    /// went bad, a table whose only entry was cut short.
    #[test]
    fn lines_left_out_are_taken_back_from_the_backup() {
        let dir = tempfile::tempdir().unwrap();
        let mut h = HighScores::default();
        h.add("pegs/a", e("Ada", 1, 500, 10));
        h.add("pegs/b", e("Bob", 2, 300, 20));
        h.save(dir.path()).unwrap();
        h.add("pegs/a", e("Cy", 1, 400, 30));
        h.save(dir.path()).unwrap();
        let path = HighScores::path(dir.path());
        let text = std::fs::read_to_string(&path).unwrap();
        let damaged = text.replace("entry 1 500 10 Ada", "entry 1 five 10 Ada");
        std::fs::write(&path, damaged.trim_end_matches("ob\n")).unwrap();
        let loaded = HighScores::load_noting(dir.path()).unwrap();
        assert_eq!(loaded.from, crate::core::files::ReadFrom::KeptLinesAndBackup);
        assert_eq!(loaded.value, h);
        let told = loaded.replaced.clone().unwrap();
        assert_eq!((told.line, told.reason.contains("(and 2 more lines)")), (Some(3), true), "{told}");
        assert_eq!(HighScores::load_noting(dir.path()).unwrap(), Loaded::plain(h), "in the file's place");
        // Entries pushed out of a full table stay out.
        let mut full = HighScores::default();
        for points in 1..=10 {
            full.add("pegs/a", e("P", 1, points * 10, 1));
        }
        let mut after = full.clone();
        after.add("pegs/a", e("Top", 1, 999, 1));
        assert!(!after.clone().restore(full.clone()), "a whole table takes nothing back");
        let mut lost_one = after.clone();
        lost_one.tables.get_mut("pegs/a").unwrap().remove(0);
        assert!(lost_one.restore(full));
        assert_eq!(lost_one.table("pegs/a").len(), KEEP);
        assert_eq!(lost_one.table("pegs/a")[KEEP - 1].points, 10, "what the lost line had pushed out is back");
    }
}
