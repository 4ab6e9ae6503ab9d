//! The top-five table: name, points, level and rows of the five best
//! games, most points first, kept as text in the data folder.
//!
//! ```text
//! parlour-tetris-top5 1
//! 1460 3 28 Ada Lovelace
//! ```
//!
//! Each line is `POINTS LEVEL ROWS NAME`. Writes are atomic; a broken
//! file is set aside and reported with its line, never overwritten.

use std::io;
use std::path::{Path, PathBuf};

use crate::core::files::{FileError, FileErrorKind, write_atomic};
use crate::core::highscores::clean_name;

pub const FILE_NAME: &str = "tetris-top5.txt";
const MAGIC: &str = "parlour-tetris-top5 1";
/// Games kept.
pub const KEEP: usize = 5;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub name: String,
    pub points: u64,
    pub level: u32,
    pub rows: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Top5 {
    pub entries: Vec<Entry>,
}

impl Top5 {
    pub fn path(data_dir: &Path) -> PathBuf {
        data_dir.join(FILE_NAME)
    }

    /// Reads the table; no file yet is an empty table. A broken file is
    /// set aside and its backup read instead, if it has a good one.
    pub fn load(data_dir: &Path) -> Result<Top5, FileError> {
        Self::load_noting(data_dir).map(|loaded| loaded.value)
    }

    /// As [`Top5::load`], saying whether the backup was read, for the
    /// player to be told.
    pub fn load_noting(data_dir: &Path) -> Result<crate::core::files::Loaded<Top5>, FileError> {
        crate::core::files::load_or_backup(&Self::path(data_dir), Self::read)
    }

    fn read(path: &Path) -> Result<Top5, FileError> {
        let bytes = match crate::core::files::read_capped(path, crate::core::files::limits::RECORDS) {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Top5::default()),
            Err(e) => return Err(FileError::new(path, FileErrorKind::Io, format!("cannot be read: {e}"))),
        };
        parse(&bytes).map_err(|(line, why)| FileError::reject(path, Some(line), FileErrorKind::Corrupt, why))
    }

    pub fn save(&self, data_dir: &Path) -> Result<(), FileError> {
        let path = Self::path(data_dir);
        let mut text = format!("{MAGIC}\n");
        for e in &self.entries {
            text.push_str(&format!("{} {} {} {}\n", e.points, e.level, e.rows, e.name));
        }
        std::fs::create_dir_all(data_dir)
            .and_then(|()| write_atomic(&path, text.as_bytes()))
            .map_err(|e| FileError::new(&path, FileErrorKind::Io, format!("the table could not be saved: {e}")))
    }

    /// The place (0 = first) a game with `points` would take, if any. A
    /// game with no points never enters.
    pub fn place_for(&self, points: u64) -> Option<usize> {
        let place = self.entries.iter().position(|e| points > e.points).unwrap_or(self.entries.len());
        (points > 0 && place < KEEP).then_some(place)
    }

    /// Enters a game; returns its place if it made the table. Ties go
    /// below the older game.
    pub fn add(&mut self, name: &str, points: u64, level: u32, rows: u32) -> Option<usize> {
        let place = self.place_for(points)?;
        self.entries.insert(place, Entry { name: clean_name(name), points, level, rows });
        self.entries.truncate(KEEP);
        Some(place)
    }
}

fn parse(bytes: &[u8]) -> Result<Top5, (usize, String)> {
    let text = std::str::from_utf8(crate::core::files::without_bom(bytes))
        .map_err(|_| (1, "the file is not UTF-8 text".to_string()))?;
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end_matches('\r')));
    if lines.next().map(|l| l.1) != Some(MAGIC) {
        return Err((1, format!("this is not a Parlour Tetris table (`{MAGIC}`)")));
    }
    let mut top = Top5::default();
    for (n, line) in lines.filter(|(_, l)| !l.is_empty()) {
        let mut parts = line.splitn(4, ' ');
        let mut number = |what: &str| {
            let field = parts.next().unwrap_or("");
            field.parse::<u64>().map_err(|_| (n, format!("{what} {field:?} is not a whole number")))
        };
        let (points, level, rows) = (number("the points")?, number("the level")?, number("the rows")?);
        let name = parts.next().unwrap_or("").trim();
        if name.is_empty() || top.entries.len() == KEEP {
            return Err((n, format!("expected at most {KEEP} lines of `POINTS LEVEL ROWS NAME`")));
        }
        let small = |v: u64| u32::try_from(v).map_err(|_| (n, format!("{v} is too large")));
        top.entries.push(Entry { name: name.to_string(), points, level: small(level)?, rows: small(rows)? });
    }
    Ok(top)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_five_best_most_points_first() {
        let mut t = Top5::default();
        assert_eq!(t.add("a", 0, 0, 0), None, "no points, no entry");
        for (i, p) in [100, 300, 200, 50, 400].into_iter().enumerate() {
            t.add(&format!("p{i}"), p, 1, 2);
        }
        let points: Vec<u64> = t.entries.iter().map(|e| e.points).collect();
        assert_eq!(points, [400, 300, 200, 100, 50]);
        assert_eq!(t.place_for(50), None, "a tie with the last does not enter");
        assert_eq!(t.add("late", 300, 2, 9), Some(2), "a tie goes below the older game");
        assert_eq!(t.entries.len(), KEEP);
        assert_eq!(t.entries[2].name, "late");
    }

    #[test]
    fn round_trip_and_a_broken_file_is_set_aside() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(Top5::load(dir.path()).unwrap(), Top5::default());
        let mut t = Top5::default();
        t.add("Ada Lovelace", 1460, 3, 28);
        t.add("Zoë O'Brien-Smythe \"Jr.\"", 900, 2, 17);
        t.save(dir.path()).unwrap();
        assert_eq!(Top5::load(dir.path()).unwrap(), t);
        std::fs::write(Top5::path(dir.path()), format!("{MAGIC}\n12 x 3 Bob\n")).unwrap();
        let e = Top5::load(dir.path()).unwrap_err();
        assert_eq!(e.line, Some(2));
        assert!(e.moved_to.is_some());
        // With a backup (the table before the last save), that is read.
        t.save(dir.path()).unwrap();
        let mut more = t.clone();
        more.add("Bob", 10, 1, 1);
        more.save(dir.path()).unwrap();
        std::fs::write(Top5::path(dir.path()), "damaged").unwrap();
        assert_eq!(Top5::load(dir.path()).unwrap(), t);
    }
}
