//! Appearance and play preferences a game family keeps between runs (the
//! card back, auto-play...), one INI section per family in `prefs.ini` in
//! the data folder. They hold nothing a player would lose, so a broken
//! file never stops Parlour: it is set aside (as files holding records
//! are), its backup read if that is good, and the defaults used if not.

use std::path::{Path, PathBuf};

use ini::Ini;

use crate::core::files::{self, limits, read_capped, write_atomic};
use crate::core::{FileError, FileErrorKind, IniLines, text_of_own_file};
use crate::host::warnings;
pub use crate::views::board::WINNABLE_PREF as WINNABLE;
use crate::views::board::{Refused, SHARED_PREFS, switch_pref};

const FILE_NAME: &str = "prefs.ini";

fn path(data_dir: &Path) -> PathBuf {
    data_dir.join(FILE_NAME)
}

fn load(data_dir: &Path) -> Ini {
    read_settings(&path(data_dir)).ini
}

/// A settings file as read: its values, and the line each came from, so
/// that a value found to be of no use is told of by its line.
#[derive(Clone, Debug, Default)]
pub struct SettingsFile {
    pub ini: Ini,
    lines: IniLines,
    path: PathBuf,
}

impl SettingsFile {
    /// Settings read from `bytes` as if from `path`, or the line that is
    /// not text or not INI and what is wrong with it.
    pub fn parse(path: &Path, bytes: &[u8]) -> Result<SettingsFile, (usize, String)> {
        let text = text_of_own_file(files::without_bom(bytes)).map_err(|e| (e.line, e.message))?;
        let ini = parse_settings(text)?;
        Ok(SettingsFile { ini, lines: IniLines::of(text), path: path.to_path_buf() })
    }

    /// The settings without those before the first `[section]`, which
    /// Parlour never writes and no game reads, each told of by its line:
    /// kept, they would be written back with every change (junk whose
    /// first line holds an =, kept as a setting for ever).
    fn without_unsectioned(mut self) -> SettingsFile {
        let Some(unsectioned) = self.ini.section(None::<String>) else { return self };
        for (key, _) in unsectioned.iter() {
            self.warn_at(None, key, "it comes before any [section], where no setting is read", "it is not used");
        }
        // Emptied, not removed: every Ini the reader makes has it.
        if let Some(unsectioned) = self.ini.section_mut(None::<String>) {
            *unsectioned = ini::Properties::new();
        }
        self
    }

    /// Warns that the value of `key` in `section` is not used, and why,
    /// naming the file and the line.
    pub fn not_used(&self, section: &str, key: &str, why: &str) {
        self.replaced(section, key, why, "the setting is not used");
    }

    /// Warns that the value of `key` in `section` is of no use, and why,
    /// naming the file and the line, and says what is used `instead`.
    pub fn replaced(&self, section: &str, key: &str, why: &str, instead: &str) {
        self.warn_at(Some(section), key, why, instead);
    }

    /// Warns of `key` in `section` (None: before the first), naming the
    /// file and the line.
    fn warn_at(&self, section: Option<&str>, key: &str, why: &str, instead: &str) {
        self.warn_nth(section, key, 0, why, instead);
    }

    /// The value of `key` in `section`: the first where it is given more
    /// than once (an edit by hand), as a game.ini's, with each later one
    /// told of by its own line.
    pub fn first_value(&self, section: &str, key: &str) -> Option<&str> {
        let values = self.ini.section(Some(section))?;
        for nth in 1..values.get_all(key).count() {
            self.given_again(section, key, nth);
        }
        values.get(key)
    }

    /// Warns that `key` in `section` is given an `nth` time (from 0),
    /// which is not used.
    fn given_again(&self, section: &str, key: &str, nth: usize) {
        let first =
            self.lines.setting(Some(section), key, 0).map_or_else(String::new, |n| format!(" (first on line {n})"));
        let why = format!("{key} is given again{first}");
        self.warn_nth(Some(section), key, nth, &why, "only the first value is used");
    }

    /// As [`warn_at`](Self::warn_at), of the `nth` time `key` is given
    /// (from 0) in `section`.
    fn warn_nth(&self, section: Option<&str>, key: &str, nth: usize, why: &str, instead: &str) {
        let line = self.lines.setting(section, key, nth).map_or_else(String::new, |n| format!(":{n}"));
        warnings::warn(warnings::SETTINGS, format!("{}{line}: {why}; {instead}", self.path.display()));
    }
}

/// A small INI file of settings that hold nothing a player would lose:
/// missing is empty; one that is not text or not INI is set aside and its
/// backup read, with a warning naming the line; a setting before the
/// first `[section]` is dropped, with a warning naming its line; one that cannot be read at all (too
/// big, not a regular file) gives the defaults, with a warning. Each
/// warning is given once a run (see [`warnings`]).
pub fn read_settings(path: &Path) -> SettingsFile {
    let empty = || SettingsFile { path: path.to_path_buf(), ..Default::default() };
    match files::load_or_backup(path, read_ini) {
        Ok(loaded) => {
            if let Some(note) = loaded.note() {
                warnings::warn(warnings::SETTINGS, note);
            }
            // What the backup held is in the file's place now.
            SettingsFile { path: path.to_path_buf(), ..loaded.value }.without_unsectioned()
        }
        // None there (nor a folder to hold one): the defaults, unsaid.
        Err(e) if e.kind == FileErrorKind::NotFound => empty(),
        Err(e) => {
            warnings::warn(warnings::SETTINGS, format!("{e}; the defaults are used"));
            empty()
        }
    }
}

/// Reads one settings file, setting it aside if it is not INI.
fn read_ini(path: &Path) -> Result<SettingsFile, FileError> {
    match read_capped(path, limits::SETTINGS) {
        Ok(bytes) => SettingsFile::parse(path, &bytes)
            .map_err(|(line, reason)| FileError::reject(path, Some(line), FileErrorKind::Corrupt, reason)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            Ok(SettingsFile { path: path.to_path_buf(), ..Default::default() })
        }
        Err(e) => Err(FileError::unreadable(path, "settings", &e)),
    }
}

/// The preferences kept for `family`, as key and value.
pub fn read(data_dir: &Path, family: &str) -> Vec<(String, String)> {
    load(data_dir)
        .section(Some(family))
        .map(|s| s.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect())
        .unwrap_or_default()
}

/// The INI a settings file's text holds, or the line that is not INI
/// and what is wrong with it. Quotes are text: the writer never quotes a value, and a name
/// typed for a high-score table ("Jr.") or a picture's path may start
/// with one, which a reader that took quotes away would not give back.
fn parse_settings(text: &str) -> Result<Ini, (usize, String)> {
    if let Some(line) = crate::core::first_stray_line(text) {
        return Err((line, crate::core::NO_EQUALS.into()));
    }
    let options = ini::ParseOption { enabled_quote: false, ..ini::ParseOption::default() };
    Ini::load_from_str_opt(text, options).map_err(|e| crate::core::ini_error(text, &e))
}

/// The section of the preferences every game shares: one switch for all
/// of them, which the launcher sets too.
pub const SHARED: &str = "all";

/// Hands a family's board its preferences, the shared ones first, then
/// the family's own, to `take`; a value it refuses is told of with the
/// file, the line, why and what is used instead (once a run).
pub fn give_to(data_dir: &Path, family: &str, mut take: impl FnMut(&str, &str) -> Result<(), Refused>) {
    let settings = read_settings(&path(data_dir));
    let own = |section: &str| {
        let keys = settings.ini.section(Some(section));
        keys.into_iter().flat_map(|s| s.iter()).map(|(k, v)| (section.to_string(), k, v)).collect::<Vec<_>>()
    };
    let family_own = own(family).into_iter().filter(|(_, k, _)| !SHARED_PREFS.contains(k));
    let mut given: Vec<(String, &str)> = Vec::new();
    for (section, key, value) in own(SHARED).into_iter().chain(family_own) {
        // A key given twice (an edit by hand) keeps its first value, as a
        // game.ini's does; the second is told of by its own line.
        let times = given.iter().filter(|(s, k)| *s == section && *k == key).count();
        given.push((section.clone(), key));
        if times > 0 {
            settings.given_again(&section, key, times);
            continue;
        }
        if let Err(refused) = take(key, value) {
            settings.replaced(&section, key, &refused.why, &refused.instead);
        }
    }
}

/// The value `family` keeps under `key`, read without a word: for a
/// value that picks the game a launcher entry opens, which every command
/// listing the games reads, and which is told of by its line only as
/// that game opens (see [`tell_if_refused`]).
pub fn kept(data_dir: &Path, family: &str, key: &str) -> Option<String> {
    read(data_dir, family).into_iter().find(|(k, _)| k == key).map(|(_, value)| value)
}

/// Tells of the value `family` keeps under `key`, by its line, if `judge`
/// refuses it.
pub fn tell_if_refused(data_dir: &Path, family: &str, key: &str, judge: impl Fn(&str) -> Result<(), Refused>) {
    give_to(data_dir, family, |k, value| if k == key { judge(value) } else { Ok(()) });
}

/// Warns that the value of `key` in `family`'s section is not used, and
/// why, naming the file and the line (once a run): for a value a family
/// judges only with others (MineSweeper's field).
pub fn not_used(data_dir: &Path, family: &str, key: &str, why: &str) {
    read_settings(&path(data_dir)).not_used(family, key, why);
}

/// Whether the shared switch `key` is on; a value neither 1 nor 0 is
/// told of by its line, as a game's board tells it, and the switch is off.
pub fn shared_on(data_dir: &Path, key: &str) -> bool {
    let mut on = false;
    give_to(data_dir, SHARED, |k, v| {
        if k == key {
            on = switch_pref(v, on)?;
        }
        Ok(())
    });
    on
}

/// Turns the shared switch `key` on or off.
pub fn set_shared(data_dir: &Path, key: &str, on: bool) -> Result<(), String> {
    update(data_dir, |ini| {
        ini.with_section(Some(SHARED)).set(key, if on { "1" } else { "0" });
    })
}

/// Keeps a board's preferences: the shared keys in [`SHARED`], beside the
/// other shared ones; the rest replace what `family` kept.
pub fn write_for(data_dir: &Path, family: &str, prefs: &[(&str, String)]) -> Result<(), String> {
    let (shared, own): (Vec<_>, Vec<_>) = prefs.iter().partition(|(k, _)| SHARED_PREFS.contains(k));
    update(data_dir, |ini| {
        for (k, v) in shared {
            ini.with_section(Some(SHARED)).set(*k, v.as_str());
        }
        replace(ini, family, own.into_iter().map(|(k, v)| (*k, v.as_str())));
    })
}

/// Replaces the preferences kept for `family`.
pub fn write(data_dir: &Path, family: &str, prefs: &[(&str, String)]) -> Result<(), String> {
    update(data_dir, |ini| replace(ini, family, prefs.iter().map(|(k, v)| (*k, v.as_str()))))
}

fn replace<'a>(ini: &mut Ini, family: &str, prefs: impl Iterator<Item = (&'a str, &'a str)>) {
    ini.delete(Some(family));
    let mut section = ini.with_section(Some(family));
    for (k, v) in prefs {
        section.set(k, v);
    }
}

/// Reads the file, changes it and writes it back atomically.
fn update(data_dir: &Path, change: impl FnOnce(&mut Ini)) -> Result<(), String> {
    let mut ini = load(data_dir);
    change(&mut ini);
    let mut bytes = Vec::new();
    ini.write_to(&mut bytes).map_err(|e| e.to_string())?;
    files::make_data_folder(data_dir)
        .and_then(|()| write_atomic(&path(data_dir), &bytes))
        .map_err(|e| format!("{}: {}", path(data_dir).display(), files::write_failure(&e)))
}

/// For tests of what is read from prefs.ini (a family's, a panel's, the
/// launcher's): a data folder of its own, the places with it, and its
/// prefs.ini's path, with no warning of an earlier test left waiting.
#[cfg(test)]
pub(crate) fn test_places() -> (tempfile::TempDir, super::Places, std::path::PathBuf) {
    while super::warnings::take().is_some() {}
    let dir = tempfile::tempdir().unwrap();
    let places = super::Places { data_dir: dir.path().to_path_buf(), ..crate::app::catalog::places() };
    let prefs = dir.path().join("prefs.ini");
    (dir, places, prefs)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(bytes: &[u8]) -> Result<Ini, (usize, String)> {
        SettingsFile::parse(Path::new("prefs.ini"), bytes).map(|settings| settings.ini)
    }

    /// Notepad puts a byte-order mark before what it saves: the file reads
    /// as it did before.
    #[test]
    fn a_byte_order_mark_is_no_part_of_the_settings() {
        let marked = parse(b"\xEF\xBB\xBF[Machine]\nid=amiga-pal\n").unwrap();
        assert_eq!(marked.get_from(Some("Machine"), "id"), Some("amiga-pal"));
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(FILE_NAME), b"\xEF\xBB\xBF[solitaire]\nback=3\n").unwrap();
        assert_eq!(read(dir.path(), "solitaire"), vec![("back".to_string(), "3".to_string())]);
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, [FILE_NAME], "the file was set aside");
    }

    /// What a family's board is handed, in order.
    fn given(data_dir: &Path, family: &str) -> Vec<(String, String)> {
        let mut given = Vec::new();
        give_to(data_dir, family, |k, v| {
            given.push((k.to_string(), v.to_string()));
            Ok(())
        });
        given
    }

    /// A value the board refuses is told of by the file, its line, why
    /// and what is used instead, as settings.ini's are.
    #[test]
    fn a_value_refused_is_told_with_its_line_and_what_is_used_instead() {
        while warnings::take().is_some() {}
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(path(dir.path()), "[all]\nwinnable=1\n[solitaire]\nback=3\ndraws=7\n").unwrap();
        let refuse = |k: &str, v: &str| match (k, v) {
            ("draws", "7") => Err(Refused::new("7 cards drawn is no choice (1 or 3)", "3 cards are drawn")),
            _ => Ok(()),
        };
        give_to(dir.path(), "solitaire", refuse);
        let told = warnings::take().expect("not told").lines.join(" ");
        let want = format!("{}:5: 7 cards drawn is no choice (1 or 3); 3 cards are drawn.", path(dir.path()).display());
        assert_eq!(told, want);
        give_to(dir.path(), "solitaire", refuse);
        assert!(warnings::take().is_none(), "told twice in a run");
    }

    /// A key given twice keeps its first value, whatever the board makes
    /// of it, and the second is told of by its own line: the board never
    /// hears of it, so what is told is what is used.
    #[test]
    fn a_key_given_twice_keeps_its_first_value_and_tells_the_second_by_its_line() {
        while warnings::take().is_some() {}
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(path(dir.path()), "[solitaire]\nback=3\nback=99\n").unwrap();
        let mut taken = Vec::new();
        give_to(dir.path(), "solitaire", |k, v| {
            taken.push(format!("{k}={v}"));
            Ok(())
        });
        assert_eq!(taken, ["back=3"]);
        let told = warnings::take().expect("not told").lines.join(" ");
        let want = format!(
            "{}:3: back is given again (first on line 2); only the first value is used.",
            path(dir.path()).display()
        );
        assert_eq!(told, want);
    }

    #[test]
    fn shared_preferences_are_one_for_every_family() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write_for(d, "solitaire", &[("back", "3".into()), (WINNABLE, "1".into())]).unwrap();
        assert!(shared_on(d, WINNABLE));
        assert_eq!(read(d, "solitaire"), vec![("back".to_string(), "3".to_string())], "not kept per family");
        assert!(given(d, "chance").contains(&(WINNABLE.to_string(), "1".to_string())), "another family sees it");
        set_shared(d, WINNABLE, false).unwrap();
        assert!(!shared_on(d, WINNABLE));
        assert!(given(d, "solitaire").contains(&(WINNABLE.to_string(), "0".to_string())));
        assert!(given(d, "solitaire").contains(&("back".to_string(), "3".to_string())), "the rest is kept");
    }

    #[test]
    fn a_line_that_is_not_ini_is_named_and_said_in_words() {
        assert_eq!(
            parse(b"[all]\nwinnable=1\n[solitaire\n").unwrap_err(),
            (3, "the section name has no closing ]".into())
        );
        assert_eq!(parse(b"[all]\n=1\n").unwrap_err(), (2, "a value has no name before its = or :".into()));
    }

    /// A line that is no setting is damage, named by its own number, even
    /// where the next line's = would make the reader take it for a name.
    #[test]
    fn a_line_that_is_no_setting_is_named_by_its_own_number() {
        let stray = |line| (line, "a line holds no = (or :) between a name and its value".to_string());
        assert_eq!(parse(b"[Machine]\nhello world\nid=amiga-pal\n").unwrap_err(), stray(2));
        assert_eq!(parse(b"hello world\nthis is not ini\n").unwrap_err(), stray(1));
        let fine = parse(b"; a comment\n# another\n\n[Machine]\r\nid = amiga-pal\r\nskin:x\n").unwrap();
        assert_eq!(fine.get_from(Some("Machine"), "id"), Some("amiga-pal"));
    }

    /// A name typed for a high-score table comes back as it was typed,
    /// whatever punctuation it holds: quotes, comment marks, an equals
    /// sign and a backslash are text in a value, not INI.
    #[test]
    fn a_name_with_any_punctuation_round_trips() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["Zoë O'Brien-Smythe", "\"Jr.\" ; #1 = A\\B", "'quoted'", "ends with \\", "x:y [z]"] {
            write(dir.path(), "tetris", &[("name", name.into())]).unwrap();
            assert_eq!(read(dir.path(), "tetris"), vec![("name".to_string(), name.to_string())], "{name}");
        }
    }

    /// A folder where prefs.ini should be (every game reads the file) is
    /// left where it is and told of once a run, in words.
    #[test]
    fn a_folder_in_the_files_place_is_told_of_once_in_words() {
        while warnings::take().is_some() {}
        let dir = tempfile::tempdir().unwrap();
        let folder = path(dir.path());
        std::fs::create_dir(&folder).unwrap();
        for _ in 0..4 {
            assert!(read(dir.path(), "solitaire").is_empty());
        }
        let told = warnings::take().expect("not told").lines.join(" ");
        let why = "the settings could not be read: it is a folder, not a file (it is left where it is)";
        assert_eq!(told, format!("{}: {why}; the defaults are used.", folder.display()));
        assert!(warnings::take().is_none(), "told more than once");
        assert!(folder.is_dir());
        let e = write(dir.path(), "solitaire", &[("back", "3".into())]).unwrap_err();
        assert_eq!(e, format!("{}: a folder of that name is in the way", folder.display()));
    }

    #[test]
    fn preferences_round_trip_per_family() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), "solitaire", &[("back", "3".into()), ("autoplay", "1".into())]).unwrap();
        write(dir.path(), "pegs", &[("x", "y".into())]).unwrap();
        write(dir.path(), "solitaire", &[("back", "4".into())]).unwrap();
        assert_eq!(read(dir.path(), "solitaire"), vec![("back".to_string(), "4".to_string())]);
        assert_eq!(read(dir.path(), "pegs"), vec![("x".to_string(), "y".to_string())]);
        // A broken file is kept aside, once; its backup is read and put
        // in its place.
        std::fs::write(dir.path().join(FILE_NAME), "[unclosed").unwrap();
        let pegs = vec![("x".to_string(), "y".to_string())];
        assert_eq!(read(dir.path(), "pegs"), pegs, "the backup was not read");
        assert_eq!(read(dir.path(), "pegs"), pegs, "the backup was read only once");
        let aside = dir.path().join("prefs.ini.damaged-1");
        assert_eq!(std::fs::read_to_string(aside).unwrap(), "[unclosed", "the broken file was not kept");
        assert!(!dir.path().join("prefs.ini.damaged-2").exists(), "set aside twice");
        // Not a file to read: set aside as a broken one is, its backup
        // read, and written afresh.
        #[cfg(unix)]
        {
            std::fs::remove_file(dir.path().join(FILE_NAME)).unwrap();
            std::os::unix::fs::symlink("/dev/zero", dir.path().join(FILE_NAME)).unwrap();
            assert_eq!(read(dir.path(), "pegs"), pegs);
            assert!(dir.path().join("prefs.ini.unreadable-1").is_symlink());
            write(dir.path(), "pegs", &[("x", "z".into())]).unwrap();
            assert_eq!(read(dir.path(), "pegs"), vec![("x".to_string(), "z".to_string())]);
        }
    }

    /// A file that is not text (binary junk, a file of zeros) is damage
    /// even where its first line holds an =: it is set aside, its backup
    /// read, and the next write keeps that good backup, not the junk.
    #[test]
    fn a_file_that_is_not_text_gives_way_to_its_backup() {
        let junk: &[u8] = b"\x01\x9f\xff=\xfe\x00\x00\xc3(\x80=\x12\x13";
        let cases: [(&[u8], usize, &str); 4] = [
            (junk, 1, "not a text file (it holds NUL bytes)"),
            (b"[solitaire]\nback=3\n\x01\x9f\xff=\xfe\n", 3, "the line is not UTF-8 text"),
            (b"[solitaire]\nback=3\nx=\x12\x13\n", 3, "not a text file (it holds control characters)"),
            (&[0; 64], 1, "not a text file (it holds NUL bytes)"),
        ];
        for (bytes, line, why) in cases {
            assert_eq!(parse(bytes).unwrap_err(), (line, why.to_string()), "{bytes:?}");
            while warnings::take().is_some() {}
            let dir = tempfile::tempdir().unwrap();
            write(dir.path(), "pegs", &[("x", "y".into())]).unwrap();
            write(dir.path(), "solitaire", &[("back", "2".into())]).unwrap();
            let prefs = path(dir.path());
            std::fs::write(&prefs, bytes).unwrap();
            write(dir.path(), "mines", &[("width", "9".into())]).unwrap();
            assert_eq!(read(dir.path(), "pegs"), vec![("x".to_string(), "y".to_string())], "the backup was not read");
            let told = warnings::take().expect("not told").lines.join(" ");
            assert!(told.starts_with(&format!("{}:{line}: {why}", prefs.display())), "{told}");
            assert_eq!(std::fs::read(dir.path().join("prefs.ini.damaged-1")).unwrap(), bytes);
            let backup = std::fs::read(files::backup_path(&prefs)).unwrap();
            assert!(parse(&backup).is_ok(), "the junk became the backup: {backup:?}");
        }
    }

    /// A setting before the first [section] is no setting of any game:
    /// it is told of by its line and not written back.
    #[test]
    fn a_setting_outside_any_section_is_told_by_its_line_and_dropped() {
        while warnings::take().is_some() {}
        let dir = tempfile::tempdir().unwrap();
        let prefs = path(dir.path());
        std::fs::write(&prefs, "stray=1\n[pegs]\nx=y\n").unwrap();
        assert_eq!(read(dir.path(), "pegs"), vec![("x".to_string(), "y".to_string())]);
        let told = warnings::take().expect("not told").lines.join(" ");
        let why = "it comes before any [section], where no setting is read; it is not used.";
        assert_eq!(told, format!("{}:1: {why}", prefs.display()));
        write(dir.path(), "mines", &[("width", "9".into())]).unwrap();
        assert!(!std::fs::read_to_string(&prefs).unwrap().contains("stray"), "written back");
    }

    /// A data folder that is a file is named as the trouble when a write
    /// fails, in the words the data folder's own warning uses, not as
    /// trouble with prefs.ini.
    #[test]
    fn a_data_folder_that_is_a_file_is_named_when_a_write_fails() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        std::fs::write(&data, "x").unwrap();
        let e = write(&data, "pegs", &[("x", "y".into())]).unwrap_err();
        assert_eq!(e, format!("{}: the data folder {} is a file, not a folder", path(&data).display(), data.display()));
    }
}
