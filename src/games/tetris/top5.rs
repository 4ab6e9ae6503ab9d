//! The top-five table: name, points, level and rows of the five best
//! games, most points first, kept as text in the data folder.
//!
//! ```text
//! parlour-tetris-top5 1
//! 1460 3 28 Ada Lovelace
//! ```
//!
//! Each line is `POINTS LEVEL ROWS NAME`. Writes are atomic; a broken
//! file is set aside and reported with its line, never overwritten, and
//! the lines of it that read are kept.

use std::io;
use std::path::{Path, PathBuf};

use crate::core::files::{self, FileError, Loaded, Salvaged, write_atomic};
use crate::core::highscores::clean_name;

pub const FILE_NAME: &str = "tetris-top5.txt";
const MAGIC: &str = "parlour-tetris-top5";
const VERSION: u32 = 1;
/// What the file holds, as its errors name it.
const WHAT: &str = "best scores";
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

    /// Reads the table; no file yet is an empty table. A damaged file is
    /// set aside: the lines of it that read are kept, or where it is not a
    /// table at all, its backup is read instead, if it has a good one.
    pub fn load(data_dir: &Path) -> Result<Top5, FileError> {
        Self::load_noting(data_dir).map(|loaded| loaded.value)
    }

    /// As [`Top5::load`], saying what was left out or whether the backup
    /// was read, for the player to be told.
    pub fn load_noting(data_dir: &Path) -> Result<Loaded<Top5>, FileError> {
        files::load_keeping_lines(&Self::path(data_dir), Self::read, |t| Ok(t.to_text()), Top5::restore)
    }

    /// Puts back the games of `backup` (the file one write older) that
    /// `self`, read from a damaged file, lacks, each where it ranks: a
    /// game the file pushed out of the table ranks below all it holds,
    /// and stays out. Returns whether one was put back.
    fn restore(&mut self, backup: Top5) -> bool {
        let mut restored = false;
        for e in files::missing_from(&self.entries, &backup.entries) {
            restored |= self.add(&e.name, e.points, e.level, e.rows).is_some();
        }
        restored
    }

    fn read(path: &Path) -> Result<Salvaged<Top5>, FileError> {
        let bytes = match files::read_capped(path, files::limits::RECORDS) {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                return Ok(Salvaged { value: Top5::default(), dropped: vec![] });
            }
            Err(e) => return Err(FileError::unreadable(path, WHAT, &e)),
        };
        // Only the first line can make the file no table (see `parse`).
        parse(&bytes).map_err(|why| FileError::foreign_format(path, why))
    }

    pub fn save(&self, data_dir: &Path) -> Result<(), FileError> {
        let path = Self::path(data_dir);
        files::make_data_folder(data_dir)
            .and_then(|()| write_atomic(&path, self.to_text().as_bytes()))
            .map_err(|e| FileError::unsaved(&path, WHAT, &e))
    }

    /// The file's text.
    fn to_text(&self) -> String {
        let mut text = format!("{MAGIC} {VERSION}\n");
        for e in &self.entries {
            text.push_str(&format!("{} {} {} {}\n", e.points, e.level, e.rows, e.name));
        }
        text
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

/// Reads a table: every line that reads, and each that does not with
/// why; an error (for line 1) if the file is no table at all.
fn parse(bytes: &[u8]) -> Result<Salvaged<Top5>, String> {
    let mut lines = files::numbered_lines(bytes);
    files::check_format(lines.next().and_then(|(_, l)| l), MAGIC, VERSION, "Tetris best-scores")?;
    // Every line is written ended: one that is not was cut short (a full
    // disk), its name or figures perhaps only in part.
    let cut_short = files::unended_line(bytes);
    let mut top = Salvaged { value: Top5::default(), dropped: Vec::new() };
    let mut read = Vec::new();
    for (n, line) in lines.filter(|(_, l)| *l != Some("")) {
        let entry = line.ok_or_else(|| "the line is not UTF-8 text".to_string()).and_then(parse_entry);
        match entry {
            _ if cut_short == Some(n) => {
                top.dropped.push((n, files::CUT_SHORT.into()));
            }
            Ok(entry) => read.push((n, entry)),
            Err(why) => top.dropped.push((n, why)),
        }
    }
    let beyond = format!("the table keeps {KEEP} games, and this one has fewer points than they have");
    top.value.entries = top.best_of(read, KEEP, |a, b| b.points.cmp(&a.points), &beyond);
    Ok(top)
}

/// Reads `POINTS LEVEL ROWS NAME`.
fn parse_entry(line: &str) -> Result<Entry, String> {
    const FORM: &str = "a line is `POINTS LEVEL ROWS NAME`";
    let mut parts = line.splitn(4, ' ');
    let mut number = |what: &str| match parts.next().unwrap_or("") {
        "" => Err(format!("the line ends before its {what}: {FORM}")),
        field => field.parse::<u64>().map_err(|_| format!("the {what} {field:?} is not a whole number")),
    };
    let (points, level, rows) = (number("points")?, number("level")?, number("rows")?);
    let name = parts.next().unwrap_or("").trim();
    if name.is_empty() {
        return Err(format!("the line ends before its name: {FORM}"));
    }
    let small = |v: u64| u32::try_from(v).map_err(|_| format!("{v} is too large"));
    Ok(Entry { name: name.to_string(), points, level: small(level)?, rows: small(rows)? })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file of a newer Parlour (its format version higher) is no damage:
    /// it is set aside as foreign, in words that say so.
    #[test]
    fn a_newer_format_is_foreign_not_damaged() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tetris-top5.txt");
        std::fs::write(&path, "parlour-tetris-top5 2\n").unwrap();
        let e = Top5::load_noting(dir.path()).unwrap_err();
        assert_eq!(e.line, Some(1));
        assert!(e.reason.ends_with("is in format version 2; this Parlour reads version 1"), "{e}");
        assert!(e.moved_to.unwrap().to_string_lossy().contains("tetris-top5.txt.foreign-"), "set aside as foreign");
    }

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
        std::fs::write(Top5::path(dir.path()), "parlour-tetris-top5 9\n1460 3 28 Ada\n").unwrap();
        let e = Top5::load(dir.path()).unwrap_err();
        assert_eq!(e.line, Some(1));
        assert!(e.moved_to.is_some());
        // With a backup (the table before the last save), that is read.
        t.save(dir.path()).unwrap();
        let mut more = t.clone();
        more.add("Bob", 10, 1, 1);
        more.save(dir.path()).unwrap();
        std::fs::write(Top5::path(dir.path()), "damaged").unwrap();
        assert_eq!(Top5::load(dir.path()).unwrap(), t);
    }

    /// A line gone bad costs that line alone: the entries that read are
    /// kept (not the backup's fewer), the damaged file is kept aside, and
    /// the player is told its file and line.
    #[test]
    fn a_bad_line_is_left_out_and_the_others_kept() {
        let dir = tempfile::tempdir().unwrap();
        let mut t = Top5::default();
        t.add("Ada", 1064, 3, 20);
        t.save(dir.path()).unwrap();
        t.add("Bob", 909, 2, 15);
        t.save(dir.path()).unwrap();
        let path = Top5::path(dir.path());
        for (bad, line, words) in [
            ("garbage line here\n", 4, "the points \"garbage\" is not a whole number"),
            (
                "12 3\n\n7 x 1 Cy\n",
                4,
                "the line ends before its rows: a line is `POINTS LEVEL ROWS NAME` (and 1 more line)",
            ),
            ("5 1 1\n", 4, "the line ends before its name"),
        ] {
            let mut text = std::fs::read_to_string(&path).unwrap();
            text.push_str(bad);
            std::fs::write(&path, &text).unwrap();
            let loaded = Top5::load_noting(dir.path()).unwrap();
            assert_eq!(loaded.value, t, "{bad:?}");
            let e = loaded.replaced.clone().unwrap();
            assert_eq!(e.line, Some(line));
            assert!(e.reason.contains(words), "{e}");
            assert_eq!(std::fs::read_to_string(e.moved_to.unwrap()).unwrap(), text, "the damaged file is kept aside");
            let note = loaded.note().unwrap();
            assert!(
                note.contains(&format!("tetris-top5.txt:{line}:")) && note.ends_with("the lines that read were kept"),
                "{note}"
            );
            assert_eq!(loaded.headline("best scores").unwrap(), "The best scores were damaged: a line was left out.");
            assert_eq!(
                Top5::load_noting(dir.path()).unwrap(),
                Loaded::plain(t.clone()),
                "the lines kept are in its place"
            );
        }
        // The file alone: no backup to take lines back from.
        std::fs::remove_file(files::backup_path(&path)).unwrap();
        let six: String = (1..=6).map(|p| format!("{p}0 1 1 P{p}\n")).collect();
        std::fs::write(&path, format!("{MAGIC} {VERSION}\n{six}")).unwrap();
        // Worst first, as a hand may write them: the best five are kept,
        // most points first, and the line pushed out is the worst's.
        let loaded = Top5::load_noting(dir.path()).unwrap();
        let names: Vec<&str> = loaded.value.entries.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["P6", "P5", "P4", "P3", "P2"]);
        let e = loaded.replaced.unwrap();
        assert_eq!(e.line, Some(2));
        assert!(e.reason.contains("keeps 5 games, and this one has fewer points"), "{e}");
        // The last line cut short, with no end: left out, though what is
        // left of it reads.
        std::fs::write(&path, format!("{MAGIC} {VERSION}\n30 1 1 Ada\n20 1 1 Bob Smi")).unwrap();
        let loaded = Top5::load_noting(dir.path()).unwrap();
        assert_eq!(loaded.value.entries.len(), 1);
        let e = loaded.replaced.unwrap();
        assert_eq!((e.line, e.reason.as_str()), (Some(3), files::CUT_SHORT));
        assert!(e.moved_to.unwrap().to_string_lossy().contains("tetris-top5.txt.damaged-"));
        std::fs::write(&path, [format!("{MAGIC} {VERSION}\n1 1 1 ").as_bytes(), b"\xff\n"].concat()).unwrap();
        assert!(Top5::load_noting(dir.path()).unwrap().replaced.unwrap().reason.contains("not UTF-8"));
    }

    /// A game whose line was left out comes back from the backup, one
    /// write older, where it ranks: the next save, which makes the file
    /// in place the backup, must not lose it for good.
    #[test]
    fn a_game_left_out_comes_back_from_the_backup() {
        let dir = tempfile::tempdir().unwrap();
        let mut t = Top5::default();
        t.add("Ada", 1064, 3, 20);
        t.add("Bob", 909, 2, 15);
        t.save(dir.path()).unwrap();
        t.add("Cy", 1000, 3, 18);
        t.save(dir.path()).unwrap();
        let path = Top5::path(dir.path());
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, text.replace("1064 3 20 Ada", "1064 three 20 Ada").trim_end_matches("b\n")).unwrap();
        let loaded = Top5::load_noting(dir.path()).unwrap();
        assert_eq!(loaded.from, files::ReadFrom::KeptLinesAndBackup);
        assert_eq!(loaded.value, t, "Ada and Bob are back where they rank");
        assert_eq!(loaded.replaced.unwrap().line, Some(2));
        assert_eq!(Top5::load_noting(dir.path()).unwrap(), Loaded::plain(t), "in the file's place");
    }
}
