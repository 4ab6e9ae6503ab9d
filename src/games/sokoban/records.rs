//! The player's best result on each level, kept as text in the data
//! folder: fewest moves first, then fewest pushes, with the solution in
//! LURD so it can be replayed. A level with a record is solved.
//!
//! ```text
//! parlour-sokoban 1
//! best sokoban/parlour/3 42 10 rrdLLuR...
//! ```
//!
//! Writes are atomic; a broken file is set aside and reported with its
//! line, never overwritten, and its backup (if good) is put in its place.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

use crate::core::files::{
    CUT_SHORT, FileError, FileErrorKind, Loaded, load_or_backup, look_or_backup, make_data_folder, unended_line,
    write_atomic,
};

use super::rules::parse_lurd;

/// The file's name inside the data folder.
pub const FILE_NAME: &str = "sokoban.txt";
const MAGIC: &str = "parlour-sokoban";
const VERSION: u32 = 1;

/// A solved level's best result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Best {
    pub moves: u32,
    pub pushes: u32,
    /// The solution, in LURD.
    pub lurd: String,
}

impl Best {
    /// Why the moves and pushes are not those of the solution, if they
    /// are not: each letter is a move, each capital a push, and a result
    /// whose figures disagree with its line was altered or cut short.
    fn figures_disagree(&self) -> Option<String> {
        let moves = self.lurd.chars().count();
        let pushes = self.lurd.chars().filter(char::is_ascii_uppercase).count();
        let (given_moves, given_pushes) = (self.moves as usize, self.pushes as usize);
        ((moves, pushes) != (given_moves, given_pushes)).then(|| {
            format!(
                "the solution makes {} and {}, not the {given_moves} and {given_pushes} given: it may have been cut short",
                crate::core::plural(moves as u64, "move", "moves"),
                crate::core::plural(pushes as u64, "push", "pushes"),
            )
        })
    }

    /// Whether `self` beats `other`: fewer moves, then fewer pushes.
    pub fn beats(&self, other: &Best) -> bool {
        (self.moves, self.pushes) < (other.moves, other.pushes)
    }
}

/// Every level's best result, by level id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Records {
    best: BTreeMap<String, Best>,
}

impl Records {
    pub fn path(data_dir: &Path) -> PathBuf {
        data_dir.join(FILE_NAME)
    }

    /// Reads the records; no file yet means none. A broken file is set
    /// aside and its backup read instead; with no good backup it is
    /// reported.
    pub fn load(data_dir: &Path) -> Result<Records, FileError> {
        Self::load_noting(data_dir).map(|loaded| loaded.value)
    }

    /// As [`Records::load`], saying whether the file was damaged and its
    /// backup read (and put in its place), for the player to be told.
    pub fn load_noting(data_dir: &Path) -> Result<Loaded<Records>, FileError> {
        load_or_backup(&Self::path(data_dir), Self::read)
    }

    /// The records as they stand, for a listing (the launcher, the level
    /// chooser): nothing is set aside or written, so a damaged file is
    /// left for the game to find, and tell of, when it opens. A damaged
    /// file reads as its backup, else as no records.
    pub fn peek(data_dir: &Path) -> Records {
        Self::look(data_dir).map(|loaded| loaded.value).unwrap_or_default()
    }

    /// The records as they stand, for a query (`parlour stats`), setting
    /// nothing aside: a damaged file is left where it is for the game to
    /// set aside when it opens, and its backup, when good, is read in its
    /// place (the result says so, with what is wrong with the file). No
    /// file yet means no records.
    pub fn look(data_dir: &Path) -> Result<Loaded<Records>, FileError> {
        look_or_backup(&Self::path(data_dir), Self::read_as_is)
    }

    /// [`Records::read_as_is`], setting a damaged file aside.
    fn read(path: &Path) -> Result<Records, FileError> {
        Self::read_as_is(path).map_err(|e| match e.kind {
            FileErrorKind::Corrupt | FileErrorKind::Foreign => FileError::reject(path, e.line, e.kind, e.reason),
            _ => e,
        })
    }

    /// Reads one records file, touching nothing; no file means no records.
    fn read_as_is(path: &Path) -> Result<Records, FileError> {
        let text = match crate::core::files::read_capped(path, crate::core::files::limits::RECORDS) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Records::default()),
            Err(e) => return Err(FileError::new(path, FileErrorKind::Io, format!("cannot be read: {e}"))),
        };
        parse(&text)
            .map_err(|(line, kind, reason)| FileError { line: Some(line), ..FileError::new(path, kind, reason) })
    }

    /// Writes the records into `data_dir` (made if needed).
    pub fn save(&self, data_dir: &Path) -> Result<(), FileError> {
        let path = Self::path(data_dir);
        let mut text = format!("{MAGIC} {VERSION}\n");
        for (id, b) in &self.best {
            text.push_str(&format!("best {id} {} {} {}\n", b.moves, b.pushes, b.lurd));
        }
        make_data_folder(data_dir)
            .and_then(|()| write_atomic(&path, text.as_bytes()))
            .map_err(|e| FileError::unsaved(&path, "records", &e))
    }

    /// Whether no level has a result: none has been solved.
    pub fn is_empty(&self) -> bool {
        self.best.is_empty()
    }

    pub fn best(&self, id: &str) -> Option<&Best> {
        self.best.get(id)
    }

    /// Keeps `result` for level `id` if it is the first or beats the
    /// record; returns whether it did.
    pub fn offer(&mut self, id: &str, result: Best) -> bool {
        let better = self.best.get(id).is_none_or(|old| result.beats(old));
        if better {
            self.best.insert(id.to_string(), result);
        }
        better
    }
}

/// Reads a records file, or says where and why not: a file that is not
/// these records, or a newer Parlour's, is foreign, not damaged.
fn parse(bytes: &[u8]) -> Result<Records, (usize, FileErrorKind, String)> {
    let text = std::str::from_utf8(crate::core::files::without_bom(bytes))
        .map_err(|_| (1, FileErrorKind::Corrupt, "the file is not UTF-8 text".to_string()))?;
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end_matches('\r')));
    crate::core::files::check_format(lines.next().map(|(_, l)| l), MAGIC, VERSION, "Sokoban record")
        .map_err(|why| (1, FileErrorKind::Foreign, why))?;
    parse_bests(bytes, lines).map_err(|(line, why)| (line, FileErrorKind::Corrupt, why))
}

/// The records' lines after the first, `lines` of the file `bytes`.
fn parse_bests<'a>(bytes: &[u8], lines: impl Iterator<Item = (usize, &'a str)>) -> Result<Records, (usize, String)> {
    let mut records = Records::default();
    let unended = unended_line(bytes);
    for (n, line) in lines {
        if unended == Some(n) {
            return Err((n, CUT_SHORT.into()));
        }
        if line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split(' ').collect();
        let [word, id, moves, pushes, lurd] = fields.as_slice() else {
            return Err((n, format!("expected `best ID MOVES PUSHES LURD`, found {line:?}")));
        };
        if *word != "best" || !id.starts_with(super::library::ID_PREFIX) {
            return Err((n, format!("expected `best ID MOVES PUSHES LURD`, found {line:?}")));
        }
        let number = |what: &str, s: &str| s.parse::<u32>().map_err(|_| (n, format!("{what} {s:?} is not a number")));
        let best = Best {
            moves: number("the move count", moves)?,
            pushes: number("the push count", pushes)?,
            lurd: lurd.to_string(),
        };
        parse_lurd(lurd).map_err(|e| (n, format!("the solution: {e}")))?;
        if let Some(why) = best.figures_disagree() {
            return Err((n, why));
        }
        records.best.insert(id.to_string(), best);
    }
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::files::backup_path;

    /// A result of `moves` steps, the last `pushes` of them pushes.
    fn best(moves: u32, pushes: u32) -> Best {
        let lurd = "r".repeat((moves - pushes) as usize) + &"R".repeat(pushes as usize);
        Best { moves, pushes, lurd }
    }

    /// A file of a newer Parlour (its format version higher) is no damage:
    /// it is set aside as foreign, in words that say so.
    #[test]
    fn a_newer_format_is_foreign_not_damaged() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sokoban.txt");
        std::fs::write(&path, "parlour-sokoban 2\n").unwrap();
        let e = Records::load_noting(dir.path()).unwrap_err();
        assert_eq!(e.line, Some(1));
        assert!(e.reason.ends_with("is in format version 2; this Parlour reads version 1"), "{e}");
        assert!(e.moved_to.unwrap().to_string_lossy().contains("sokoban.txt.foreign-"), "set aside as foreign");
    }

    #[test]
    fn fewer_moves_then_fewer_pushes() {
        let mut r = Records::default();
        assert!(r.offer("sokoban/a/1", best(20, 5)));
        assert!(!r.offer("sokoban/a/1", best(21, 1)));
        assert!(r.offer("sokoban/a/1", best(20, 4)));
        assert!(!r.offer("sokoban/a/1", best(20, 4)), "a tie keeps the older result");
        assert_eq!(r.best("sokoban/a/1"), Some(&best(20, 4)));
        assert_eq!(r.best("sokoban/a/2"), None);
    }

    #[test]
    fn round_trip_and_broken_files_are_set_aside() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(Records::load(dir.path()).unwrap(), Records::default());
        let mut r = Records::default();
        r.offer("sokoban/a/1", best(3, 1));
        r.offer("sokoban/b/7", Best { moves: 6, pushes: 2, lurd: "lluRdR".into() });
        r.save(dir.path()).unwrap();
        assert_eq!(Records::load(dir.path()).unwrap(), r);
        std::fs::write(Records::path(dir.path()), "parlour-sokoban 1\nbest sokoban/a/1 x 1 rR\n").unwrap();
        let e = Records::load(dir.path()).unwrap_err();
        assert_eq!(e.line, Some(2));
        assert!(e.moved_to.is_some(), "set aside");
        assert_eq!(Records::load(dir.path()).unwrap(), Records::default());
        // With a backup (the records before the last save), that is read.
        r.save(dir.path()).unwrap();
        let mut more = r.clone();
        more.offer("sokoban/c/2", best(5, 2));
        more.save(dir.path()).unwrap();
        std::fs::write(Records::path(dir.path()), "damaged").unwrap();
        assert_eq!(Records::load(dir.path()).unwrap(), r);
    }

    /// Notepad puts a byte-order mark before what it saves: the records
    /// read as they did before.
    #[test]
    fn a_byte_order_mark_is_no_part_of_the_records() {
        let marked = b"\xEF\xBB\xBFparlour-sokoban 1\nbest sokoban/a/1 3 1 rrR\n";
        assert_eq!(parse(marked).unwrap().best("sokoban/a/1"), Some(&best(3, 1)));
    }

    /// A record kept in a scratch folder, written twice so that its
    /// backup holds it too.
    fn saved_twice() -> (tempfile::TempDir, Records) {
        let dir = tempfile::tempdir().unwrap();
        let mut r = Records::default();
        r.offer("sokoban/a/1", best(3, 1));
        r.save(dir.path()).unwrap();
        r.save(dir.path()).unwrap();
        (dir, r)
    }

    /// A damaged file whose backup is read says so, and the backup's
    /// records take the file's place: read again they are still there,
    /// and a new result is kept beside them, the backup untouched.
    #[test]
    fn the_backup_read_for_a_damaged_file_takes_its_place() {
        let (dir, r) = saved_twice();
        let backup = backup_path(&Records::path(dir.path()));
        let kept = std::fs::read(&backup).unwrap();
        std::fs::write(Records::path(dir.path()), "parlour-sokoban 1\nbest sokoban/a/1 3 x rR\n").unwrap();
        let loaded = Records::load_noting(dir.path()).unwrap();
        assert_eq!(loaded.value, r);
        let damage = loaded.replaced.expect("the damage is reported");
        assert_eq!((damage.line, damage.reason.as_str()), (Some(2), "the push count \"x\" is not a number"));
        assert!(damage.moved_to.as_ref().is_some_and(|p| p.exists()), "the damaged file is kept aside");
        let again = Records::load_noting(dir.path()).unwrap();
        assert_eq!((again.value, again.replaced), (r.clone(), None), "the backup's records are the file's now");
        let mut more = Records::load(dir.path()).unwrap();
        more.offer("sokoban/b/2", best(5, 2));
        more.save(dir.path()).unwrap();
        let now = Records::load(dir.path()).unwrap();
        assert!(now.best("sokoban/a/1").is_some() && now.best("sokoban/b/2").is_some());
        assert_eq!(std::fs::read(&backup).unwrap(), kept, "the good backup was not pushed out by a thinner file");
    }

    /// A listing looks without touching: a damaged file stays where it is
    /// for the game to find and tell of, and reads as its backup.
    #[test]
    fn a_peek_sets_nothing_aside() {
        let (dir, r) = saved_twice();
        std::fs::write(Records::path(dir.path()), "damaged").unwrap();
        assert_eq!(Records::peek(dir.path()), r);
        assert_eq!(std::fs::read_to_string(Records::path(dir.path())).unwrap(), "damaged");
        std::fs::remove_file(backup_path(&Records::path(dir.path()))).unwrap();
        assert_eq!(Records::peek(dir.path()), Records::default());
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, ["sokoban.txt"], "nothing set aside");
        assert!(Records::load(dir.path()).is_err(), "a load finds the damage");
    }

    /// Every line is written ended, and a result's figures are those of
    /// its solution: a line cut at its end, or within its solution, is
    /// damage, not a shorter solution.
    #[test]
    fn a_result_cut_short_is_damage() {
        let whole = "parlour-sokoban 1\nbest sokoban/a/1 3 1 rrR\n";
        assert_eq!(parse(whole.as_bytes()).unwrap().best("sokoban/a/1"), Some(&best(3, 1)));
        assert_eq!(parse(whole.trim_end().as_bytes()).unwrap_err(), (2, FileErrorKind::Corrupt, CUT_SHORT.to_string()));
        let cut = "parlour-sokoban 1\nbest sokoban/a/1 3 1 rr\n";
        let why = "the solution makes 2 moves and 0 pushes, not the 3 and 1 given: it may have been cut short";
        assert_eq!(parse(cut.as_bytes()).unwrap_err(), (2, FileErrorKind::Corrupt, why.to_string()));
    }
}
