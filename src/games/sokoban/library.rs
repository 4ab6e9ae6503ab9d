//! Level-set files on disk: every `.xsb` file in a `sokoban` folder of the
//! board folders is a set, named after its file stem; its levels have the
//! game ids `sokoban/SET/N` (N counted from 1 in file order).

use std::path::{Path, PathBuf};

use super::level::{LevelSet, parse_set};

/// What every level's game id starts with.
pub const ID_PREFIX: &str = "sokoban/";
/// The folder, inside each board folder, that holds the level sets.
pub const FOLDER: &str = "sokoban";
/// Game ids are at most this long (see `core::text::check_id`); the set's
/// part is cut so that `/NNNN` still fits.
const MAX_SET_ID: usize = 64 - 5;

/// A level-set file as found.
#[derive(Clone, Debug)]
pub struct SetFile {
    /// `sokoban/parlour` for `parlour.xsb`.
    pub id: String,
    /// The file stem, as the player sees it.
    pub name: String,
    pub path: PathBuf,
    pub set: LevelSet,
}

impl SetFile {
    /// Reads the set at `path`; a file that cannot be read is a set whose
    /// only level is the reason.
    pub fn load(path: &Path) -> SetFile {
        let name = path.file_stem().map_or_else(|| path.display().to_string(), |s| s.to_string_lossy().into_owned());
        let set = match crate::core::files::read_capped(path, crate::core::files::limits::LEVELS) {
            Ok(bytes) => parse_set(path, &bytes),
            Err(e) => LevelSet {
                levels: vec![Err(crate::core::Diagnostic::error(path, 1, format!("the file cannot be read ({e})")))],
            },
        };
        SetFile { id: set_id(&name), name, path: path.to_path_buf(), set }
    }

    /// The game id of level `number` (1-based).
    pub fn level_id(&self, number: usize) -> String {
        format!("{}/{number}", self.id)
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

/// Every `.xsb` file in the `sokoban` folder of each of `board_dirs`,
/// sorted by name within a folder; a file whose set id was already seen
/// is skipped, so earlier folders win.
pub fn discover(board_dirs: &[PathBuf]) -> Vec<PathBuf> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for dir in board_dirs {
        let Ok(entries) = std::fs::read_dir(dir.join(FOLDER)) else { continue };
        let mut files: Vec<PathBuf> =
            entries.flatten().map(|e| e.path()).filter(|p| is_set_path(p) && p.is_file()).collect();
        files.sort();
        for f in files {
            let name = f.file_stem().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            if seen.insert(set_id(&name)) {
                out.push(f);
            }
        }
    }
    out
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
}
