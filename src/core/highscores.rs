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
//! than overwritten.

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

use super::files::{FileError, FileErrorKind, Loaded, limits, load_or_backup, read_capped, write_atomic};
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
    /// broken file is set aside and its backup read instead; with no good
    /// backup the error is reported, and the caller can carry on with empty
    /// tables without losing the old file.
    pub fn load(data_dir: &Path) -> Result<HighScores, FileError> {
        Self::load_noting(data_dir).map(|loaded| loaded.value)
    }

    /// As [`HighScores::load`], saying whether the backup was read, for
    /// the player to be told.
    pub fn load_noting(data_dir: &Path) -> Result<Loaded<HighScores>, FileError> {
        load_or_backup(&Self::path(data_dir), Self::read)
    }

    /// Reads one high-score file (missing: empty tables), setting it aside
    /// if it is broken.
    fn read(path: &Path) -> Result<HighScores, FileError> {
        let bytes = match read_capped(path, limits::RECORDS) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(HighScores::default()),
            Err(e) => return Err(FileError::unreadable(path, "high scores", &e)),
        };
        parse(&bytes).map_err(|(line, kind, reason)| FileError::reject(path, Some(line), kind, reason))
    }

    /// Writes the tables to `data_dir` (created if needed), atomically,
    /// keeping the previous file as `highscores.txt.bak`.
    pub fn save(&self, data_dir: &Path) -> Result<(), FileError> {
        let path = Self::path(data_dir);
        let text = self.to_text().map_err(|reason| FileError::new(&path, FileErrorKind::Invalid, reason))?;
        std::fs::create_dir_all(data_dir)
            .and_then(|()| write_atomic(&path, text.as_bytes()))
            .map_err(|e| FileError::new(&path, FileErrorKind::Io, format!("the high scores could not be saved: {e}")))
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

/// A problem with the file: its line, its kind and the reason.
type ParseError = (usize, FileErrorKind, String);

/// Reads a high-score file.
fn parse(bytes: &[u8]) -> Result<HighScores, ParseError> {
    let corrupt = |line: usize, reason: String| (line, FileErrorKind::Corrupt, reason);
    let bytes = super::files::without_bom(bytes);
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let line = 1 + bytes[..e.valid_up_to()].iter().filter(|&&b| b == b'\n').count();
        corrupt(line, "the file is not UTF-8 text".into())
    })?;
    let mut lines = text.lines().map(|l| l.strip_suffix('\r').unwrap_or(l)).enumerate().map(|(i, l)| (i + 1, l));
    let header = lines.next().map_or("", |(_, l)| l);
    let version = header.strip_prefix(MAGIC).and_then(|rest| rest.strip_prefix(' ')).ok_or((
        1,
        FileErrorKind::Foreign,
        "this is not a Parlour high-score file".to_string(),
    ))?;
    if version != VERSION.to_string() {
        return Err((
            1,
            FileErrorKind::Foreign,
            format!("the high scores are in format {version:?}; this Parlour reads {VERSION}"),
        ));
    }
    let mut scores = HighScores::default();
    let mut current: Option<String> = None;
    for (n, line) in lines {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word {
            "" if rest.is_empty() => {}
            "game" => {
                check_id("the game id", rest).map_err(|e| corrupt(n, e))?;
                if scores.tables.contains_key(rest) {
                    return Err(corrupt(n, format!("the game {rest} appears twice")));
                }
                scores.tables.insert(rest.to_string(), Vec::new());
                current = Some(rest.to_string());
            }
            "entry" => {
                let id = current.as_ref().ok_or_else(|| corrupt(n, "an entry before any `game` line".into()))?;
                let entry = parse_entry(rest).map_err(|e| corrupt(n, e))?;
                let table = scores.tables.get_mut(id).expect("the current game has a table");
                if table.len() == KEEP {
                    return Err(corrupt(n, format!("the game {id} has more than {KEEP} entries")));
                }
                table.push(entry);
            }
            _ => return Err(corrupt(n, format!("expected `game ID` or `entry ...`, found {line:?}"))),
        }
    }
    Ok(scores)
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

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn broken_files_are_reported_by_line_and_set_aside() {
        let eleven: String = (0..11).map(|i| format!("entry 1 {i} 1 x\n")).collect();
        let cases: Vec<(Vec<u8>, usize, FileErrorKind, &str)> = vec![
            (b"hello\n".to_vec(), 1, FileErrorKind::Foreign, "not a Parlour high-score file"),
            (b"parlour-highscores 7\n".to_vec(), 1, FileErrorKind::Foreign, "format \"7\""),
            (b"parlour-highscores 1\nentry 1 2 3 a\n".to_vec(), 2, FileErrorKind::Corrupt, "before any `game`"),
            (b"parlour-highscores 1\ngame a b\n".to_vec(), 2, FileErrorKind::Corrupt, "not a valid name"),
            (b"parlour-highscores 1\ngame x\ngame x\n".to_vec(), 3, FileErrorKind::Corrupt, "appears twice"),
            (b"parlour-highscores 1\ngame x\nentry 1 -2 3 a\n".to_vec(), 3, FileErrorKind::Corrupt, "points \"-2\""),
            (b"parlour-highscores 1\ngame x\nentry 1 2 3\n".to_vec(), 3, FileErrorKind::Corrupt, "name is empty"),
            (
                b"parlour-highscores 1\ngame x\nentry 99999999999 2 3 a\n".to_vec(),
                3,
                FileErrorKind::Corrupt,
                "too large",
            ),
            (b"parlour-highscores 1\ngame x\nscore 1\n".to_vec(), 3, FileErrorKind::Corrupt, "expected `game ID`"),
            (b"parlour-highscores 1\ngame x\nentry 1 2 3 \xff\n".to_vec(), 3, FileErrorKind::Corrupt, "not UTF-8"),
            (
                format!("parlour-highscores 1\ngame x\n{eleven}").into_bytes(),
                13,
                FileErrorKind::Corrupt,
                "more than 10",
            ),
        ];
        for (bytes, line, kind, words) in cases {
            let dir = tempfile::tempdir().unwrap();
            let path = HighScores::path(dir.path());
            std::fs::write(&path, &bytes).unwrap();
            let err = HighScores::load(dir.path()).unwrap_err();
            assert_eq!((err.line, err.kind), (Some(line), kind), "{err}");
            assert!(err.reason.contains(words), "{words:?} not in {err}");
            assert!(err.to_string().contains(&format!("{}:{line}:", path.display())), "{err}");
            assert!(!path.exists(), "the bad file was not set aside");
            assert_eq!(std::fs::read(err.moved_to.unwrap()).unwrap(), bytes, "the bad file was changed");
        }
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(HighScores::path(dir.path())).unwrap();
        assert_eq!(HighScores::load(dir.path()).unwrap_err().kind, FileErrorKind::Io);
    }
}
