//! Level-set files on disk: every `.xsb` file in a `sokoban` folder of the
//! board folders is a set, named after its file stem; its levels have the
//! game ids `sokoban/SET/N` (N counted from 1 in file order).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::level::{LeftOut, Level, LevelSet, parse_set};
use crate::core::files::first_of_each;

/// What every level's game id starts with.
pub const ID_PREFIX: &str = "sokoban/";
/// The folder, inside each board folder, that holds the level sets.
pub const FOLDER: &str = "sokoban";
/// Game ids are at most this long (see `core::text::check_id`); the set's
/// part is cut so that `/NNNN` still fits.
const MAX_SET_ID: usize = 64 - 5;
/// The broken levels named in the message for a set with no good level;
/// `parlour lint` lists them all.
const PROBLEMS_NAMED: usize = 3;

/// A level-set file as found.
#[derive(Clone, Debug)]
pub struct SetFile {
    /// `sokoban/parlour` for `parlour.xsb`.
    pub id: String,
    /// The file stem, as the player sees it.
    pub name: String,
    pub path: PathBuf,
    pub set: LevelSet,
    /// The set's good levels and what it left out, worked out once: every
    /// level of a long set shares them.
    good: Arc<[usize]>,
    left_out: Arc<[LeftOut]>,
}

impl SetFile {
    /// Reads the set at `path`; a file that cannot be read is a set whose
    /// only level is the reason.
    pub fn load(path: &Path) -> SetFile {
        Self::read(path).unwrap_or_else(|e| {
            let unread = crate::core::Diagnostic::error(path, 1, format!("the file cannot be read ({e})"));
            Self::named(path, LevelSet { levels: vec![Err(unread)], ..LevelSet::default() })
        })
    }

    /// Reads the set at `path`, or says why the file cannot be read.
    pub fn read(path: &Path) -> std::io::Result<SetFile> {
        let bytes = crate::core::files::read_capped(path, crate::core::files::limits::LEVELS)?;
        Ok(Self::named(path, parse_set(path, &bytes)))
    }

    /// The set `set` read from `path`, named after the file.
    pub fn named(path: &Path, set: LevelSet) -> SetFile {
        let name = path.file_stem().map_or_else(|| path.display().to_string(), |s| s.to_string_lossy().into_owned());
        let (good, left_out) = (set.good().into(), set.left_out().into());
        SetFile { id: set_id(&name), name, path: path.to_path_buf(), set, good, left_out }
    }

    /// The numbers (from 1) of the levels that can be played.
    pub fn good(&self) -> &Arc<[usize]> {
        &self.good
    }

    /// The broken levels and the solutions left out, in file order.
    pub fn left_out(&self) -> &Arc<[LeftOut]> {
        &self.left_out
    }

    /// The same set under an id of its own made from where its file lies
    /// (`sokoban/parlour-1a2b3c4d`): for a set opened by its path that is
    /// not the one the board folders hold under its id, so that its saved
    /// games, statistics and records never mix with that one's.
    pub fn apart(self) -> SetFile {
        SetFile { id: crate::core::files::apart_id(&self.id, &self.path, MAX_SET_ID), ..self }
    }

    /// The game id of level `number` (1-based).
    pub fn level_id(&self, number: usize) -> String {
        format!("{}/{number}", self.id)
    }

    /// Level `number` (1-based), or why it cannot be played: what is
    /// wrong with it (file and line), or that the file has no such level.
    pub fn level(&self, number: usize) -> Result<&Level, String> {
        let shown = self.path.display();
        match self.set.levels.get(number.wrapping_sub(1)) {
            Some(Ok(level)) => Ok(level),
            Some(Err(problem)) => Err(problem.to_string()),
            None if let Some(none) = self.no_level() => Err(none.to_string()),
            None => Err(format!("{shown}: there is no level {number}: {}", self.levels_there())),
        }
    }

    /// The levels the file has, and which of them play where some do not
    /// ("the file has levels 1 to 5, and only 2 of them (levels 1 and 5)
    /// can be played"): the good levels named as levels, never a bare
    /// number that reads as a count.
    pub fn levels_there(&self) -> String {
        let count = self.set.levels.len();
        let good = &self.good;
        let all =
            if count == 1 { "the file has one level".into() } else { format!("the file has levels 1 to {count}") };
        match good.as_ref() {
            g if g.len() == count => all,
            [] => format!("{all}, and none of them can be played"),
            [only] => format!("{all}, and only level {only} can be played"),
            some => format!("{all}, and only {} of them (levels {}) can be played", some.len(), in_runs(some)),
        }
    }

    /// That the file holds levels, but none numbered `number` (counted
    /// from 1): a request the file cannot answer, not a fault of the file.
    pub fn lacks_level(&self, number: usize) -> bool {
        !self.set.levels.is_empty() && !(1..=self.set.levels.len()).contains(&number)
    }

    /// That the file holds no level at all (empty, or only comments and
    /// titles): nothing in it can be played.
    pub fn no_level(&self) -> Option<crate::core::Diagnostic> {
        let none = || crate::core::Diagnostic::error(&self.path, 1, "the file holds no level");
        self.set.levels.is_empty().then(none)
    }

    /// What `parlour lint` and `parlour sokoban check` tell of the file:
    /// each broken level and each solution left out (file, line, what is
    /// wrong), or that it holds no level, as playing it says.
    pub fn problems(&self) -> Vec<crate::core::Diagnostic> {
        self.no_level().into_iter().chain(self.set.problems()).collect()
    }

    /// The level the set opens at when none is named: its first good one.
    /// A set without one is refused, naming its broken levels (file, line
    /// and what is wrong).
    pub fn first_playable(&self) -> Result<usize, String> {
        if let Some(&first) = self.set.good().first() {
            return Ok(first);
        }
        if self.set.levels.is_empty() {
            return self.level(1).map(|_| 1);
        }
        let problems: Vec<String> = self.set.errors().take(PROBLEMS_NAMED).map(ToString::to_string).collect();
        let more = self.set.levels.len().saturating_sub(PROBLEMS_NAMED);
        let more = if more > 0 { format!("; and {more} more") } else { String::new() };
        Err(format!("{}: no level can be played: {}{more}", self.path.display(), problems.join("; ")))
    }
}

/// The id of a set named `name`: [`ID_PREFIX`] and the name in lower case
/// with dashes for spaces, keeping only the characters ids allow.
pub fn set_id(name: &str) -> String {
    let mut id = String::from(ID_PREFIX);
    for c in name.trim().chars() {
        let c = if c.is_whitespace() { '-' } else { c.to_ascii_lowercase() };
        if (c.is_ascii_alphanumeric() || "._+-".contains(c))
            && !(c == '-' && id.ends_with('-'))
            && id.len() < MAX_SET_ID
        {
            id.push(c);
        }
    }
    if id.len() == ID_PREFIX.len() {
        id.push_str("levels");
    }
    id
}

/// Splits a level id into its set's id and the level number.
pub fn split_id(id: &str) -> Option<(&str, usize)> {
    let (set, number) = id.rsplit_once('/')?;
    let number = number.parse().ok().filter(|&n| n > 0)?;
    set.to_ascii_lowercase().starts_with(ID_PREFIX).then_some((set, number))
}

/// Whether `path` names a level-set file (by its `.xsb` extension).
pub fn is_set_path(path: &Path) -> bool {
    path.extension().is_some_and(|e| e.eq_ignore_ascii_case("xsb"))
}

/// The folders level sets are read from: the `sokoban` folder of each of
/// `board_dirs`, there or not.
pub fn set_dirs(board_dirs: &[PathBuf]) -> Vec<PathBuf> {
    board_dirs.iter().map(|d| d.join(FOLDER)).collect()
}

/// Every `.xsb` file in the `sokoban` folder of each of `board_dirs`,
/// sorted by name within a folder; a file whose set id was already seen
/// is skipped, so earlier folders win.
pub fn discover(board_dirs: &[PathBuf]) -> Vec<PathBuf> {
    let dirs = set_dirs(board_dirs);
    first_of_each(&dirs, |p| is_set_path(p) && p.is_file(), file_set_id)
}

/// The file of the set whose id is `id` (any case), as [`discover`] finds
/// it in `board_dirs`.
pub fn find_set(board_dirs: &[PathBuf], id: &str) -> Option<PathBuf> {
    discover(board_dirs).into_iter().find(|p| file_set_id(p).eq_ignore_ascii_case(id))
}

/// The id of the set in the file at `path`, from its name.
fn file_set_id(path: &Path) -> String {
    set_id(&path.file_stem().map(|n| n.to_string_lossy()).unwrap_or_default())
}

/// Ascending numbers in words, three or more in a row as a range:
/// "1 to 3, 7 and 9".
fn in_runs(numbers: &[usize]) -> String {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for &n in numbers {
        match runs.last_mut() {
            Some((_, last)) if *last + 1 == n => *last = n,
            _ => runs.push((n, n)),
        }
    }
    let mut words: Vec<String> = Vec::new();
    for (first, last) in runs {
        match last - first {
            0 => words.push(first.to_string()),
            1 => words.extend([first.to_string(), last.to_string()]),
            _ => words.push(format!("{first} to {last}")),
        }
    }
    crate::core::and_list(&words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_name_the_set_and_the_level() {
        assert_eq!(set_id("Parlour"), "sokoban/parlour");
        assert_eq!(set_id("My Levels (2)"), "sokoban/my-levels-2");
        assert_eq!(set_id("!!"), "sokoban/levels");
        let long = set_id(&"x".repeat(200));
        assert!(format!("{long}/1000").len() <= 64);
        assert_eq!(split_id("sokoban/parlour/12"), Some(("sokoban/parlour", 12)));
        assert_eq!(split_id("sokoban/parlour/0"), None);
        assert_eq!(split_id("pegs/english"), None);
    }

    #[test]
    fn discovers_sets_in_the_sokoban_folders() {
        let a = tempfile::tempdir().unwrap();
        let b = tempfile::tempdir().unwrap();
        for dir in [a.path(), b.path()] {
            std::fs::create_dir(dir.join(FOLDER)).unwrap();
        }
        std::fs::write(a.path().join("sokoban/One.xsb"), "#####\n#@$.#\n#####\n").unwrap();
        std::fs::write(a.path().join("sokoban/notes.txt"), "x").unwrap();
        std::fs::write(b.path().join("sokoban/one.XSB"), "#####\n#@$.#\n#####\n").unwrap();
        std::fs::write(b.path().join("sokoban/Two.xsb"), "#####\n#@$x#\n#####\n").unwrap();
        let found = discover(&[a.path().to_path_buf(), b.path().to_path_buf()]);
        let names: Vec<String> = found.iter().map(|p| p.file_name().unwrap().to_string_lossy().into()).collect();
        assert_eq!(names, ["One.xsb", "Two.xsb"]);
        let two = SetFile::load(&found[1]);
        assert_eq!(two.level_id(1), "sokoban/two/1");
        assert!(two.set.levels[0].is_err());
        let gone = SetFile::load(&a.path().join("gone.xsb"));
        assert!(gone.set.levels[0].as_ref().unwrap_err().message.contains("cannot be read"));
    }

    fn set_of(text: &str) -> SetFile {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.xsb");
        std::fs::write(&path, text).unwrap();
        SetFile::load(&path)
    }

    /// A set whose first level is broken opens at its first good one; a
    /// broken level asked for by number says what is wrong with it.
    #[test]
    fn a_set_opens_at_its_first_good_level() {
        let set = set_of("######\n#@$.@#\n######\n\n#####\n#.$@#\n#####\n");
        assert_eq!(set.first_playable(), Ok(2));
        assert!(set.level(2).is_ok());
        let shown = set.path.display().to_string();
        assert_eq!(set.level(1).unwrap_err(), format!("{shown}:2: a second pusher: a level has one `@` or `+`"));
        let only_2 = "the file has levels 1 to 2, and only level 2 can be played";
        assert_eq!(set.level(3).unwrap_err(), format!("{shown}: there is no level 3: {only_2}"));
        assert_eq!(set.level(0).unwrap_err(), format!("{shown}: there is no level 0: {only_2}"));
        let some = set_of(&"#####\n#@$?#\n#####\n\n#####\n#.$@#\n#####\n\n".repeat(3));
        assert_eq!(
            some.levels_there(),
            "the file has levels 1 to 6, and only 3 of them (levels 2, 4 and 6) can be played"
        );
        let whole = set_of("#####\n#.$@#\n#####\n");
        assert!(whole.level(2).unwrap_err().ends_with(": there is no level 2: the file has one level"));
    }

    #[test]
    fn numbers_in_a_row_read_as_a_range() {
        assert_eq!(in_runs(&[1, 5]), "1 and 5");
        assert_eq!(in_runs(&[1, 2, 3, 7, 9]), "1 to 3, 7 and 9");
        assert_eq!(in_runs(&[4, 5, 8]), "4, 5 and 8");
        assert_eq!(in_runs(&[2]), "2");
    }

    /// A set with no good level is refused, naming its broken levels by
    /// file and line (the first few of many); so is a set with no level.
    #[test]
    fn a_set_without_a_good_level_is_refused() {
        let set = set_of("#####\n#@$.?\n#####\n\n#####\n# $.#\n#####\n");
        let shown = set.path.display().to_string();
        assert_eq!(
            set.first_playable().unwrap_err(),
            format!(
                "{shown}: no level can be played: {shown}:2: unknown character `?` in column 5; \
                 {shown}:5: the level has no pusher (`@` or `+`)"
            )
        );
        let many = set_of(&"#####\n#@@.#\n#####\n\n".repeat(5));
        let refused = many.first_playable().unwrap_err();
        assert!(refused.ends_with(":10: a second pusher: a level has one `@` or `+`; and 2 more"), "{refused}");
        let empty = set_of("; nothing but a comment\n");
        assert_eq!(empty.first_playable().unwrap_err(), format!("{}:1: the file holds no level", empty.path.display()));
        assert_eq!(
            empty.problems().iter().map(ToString::to_string).collect::<Vec<_>>(),
            [empty.first_playable().unwrap_err()]
        );
    }
}
