//! Rummi.config: the screen mode and size chosen with Screen > Set Mode...,
//! kept in the data folder and used the next time Rummi starts.
//!
//! ```text
//! # Rummi's screen, as Screen > Set Mode... chose it
//! mode = dblpal
//! width = 640
//! height = 512
//! ```

use std::path::{Path, PathBuf};

use crate::core::files::{Loaded, limits, load_or_backup, look_or_backup, read_capped, without_bom, write_atomic};
use crate::core::{FileError, FileErrorKind, text_of_own_file};
use crate::machines::MachineId;

pub const FILE_NAME: &str = "Rummi.config";

/// A screen mode Rummi offers, with its size limits and tile pitch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mode {
    pub machine: MachineId,
    /// The word in Rummi.config.
    pub word: &'static str,
    /// The name the mode requester lists.
    pub name: &'static str,
    pub colours: u32,
    pub min: (u32, u32),
    pub max: (u32, u32),
    /// Pixels per table cell across and down.
    pub pitch: (u32, u32),
}

pub const MODES: [Mode; 2] = [
    Mode {
        machine: MachineId::AmigaPal,
        word: "pal",
        name: "PAL:Low Res",
        colours: 32,
        min: (176, 160),
        max: (320, 256),
        pitch: (13, 17),
    },
    Mode {
        machine: MachineId::AmigaDblPal,
        word: "dblpal",
        name: "DBLPAL:High Res Laced",
        colours: 16,
        min: (352, 320),
        max: (640, 512),
        pitch: (26, 34),
    },
];

/// The screen title bar's height, and the rows around the table and trays.
pub const TITLE_BAR: u32 = 11;
pub const MARGINS: u32 = 12;
/// Tray rows: two for each side.
pub const TRAY_ROWS: u32 = 4;

/// The screen Rummi asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScreenConfig {
    pub mode: Mode,
    pub width: u32,
    pub height: u32,
}

impl Default for ScreenConfig {
    fn default() -> Self {
        let mode = MODES[0];
        ScreenConfig { mode, width: mode.max.0, height: mode.max.1 }
    }
}

impl ScreenConfig {
    /// The table's cells that fit this screen: what a new game is dealt on.
    pub fn grid(&self) -> (u16, u16) {
        let (pw, ph) = self.mode.pitch;
        let k = if self.mode.pitch.0 > 13 { 2 } else { 1 };
        let cols = (self.width.saturating_sub(4 * k)) / pw;
        let rows = (self.height.saturating_sub(TITLE_BAR + MARGINS * k) / ph).saturating_sub(TRAY_ROWS);
        (cols as u16, rows as u16)
    }

    /// The size clamped to the mode's limits.
    pub fn clamped(mode: Mode, width: u32, height: u32) -> ScreenConfig {
        ScreenConfig { mode, width: width.clamp(mode.min.0, mode.max.0), height: height.clamp(mode.min.1, mode.max.1) }
    }

    fn text(&self) -> String {
        format!(
            "# Rummi's screen, as Screen > Set Mode... chose it\nmode = {}\nwidth = {}\nheight = {}\n",
            self.mode.word, self.width, self.height
        )
    }
}

pub fn path(data_dir: &Path) -> PathBuf {
    data_dir.join(FILE_NAME)
}

/// What the trouble with Rummi.config is told of as: the file holds the
/// screen settings.
pub const WHAT: &str = "screen settings";

/// Reads Rummi.config from `data_dir` as the board opens: Parlour writes
/// it (Set Mode), so a file that cannot be used is set aside as
/// `Rummi.config.damaged-N` (never written over), and its previous copy
/// read in its place where that is good. None there: the defaults.
pub fn load(data_dir: &Path) -> Result<Loaded<ScreenConfig>, FileError> {
    load_or_backup(&path(data_dir), |file| read_file(file, FileError::reject))
}

/// The screen Rummi.config asks for, looked at without setting anything
/// aside (the launcher and the chooser look; the board tells of trouble):
/// the defaults where neither the file nor its previous copy is good.
pub fn look(data_dir: &Path) -> ScreenConfig {
    let broken = |file: &Path, line, kind, why| FileError { line, ..FileError::new(file, kind, why) };
    look_or_backup(&path(data_dir), |file| read_file(file, broken)).map(|l| l.value).unwrap_or_default()
}

/// The screen `file` names; a file that does not read as one is given to
/// `broken` with its line and what is wrong.
fn read_file(
    file: &Path,
    broken: impl Fn(&Path, Option<usize>, FileErrorKind, String) -> FileError,
) -> Result<ScreenConfig, FileError> {
    let bytes = read_capped(file, limits::SETTINGS).map_err(|e| FileError::unreadable(file, WHAT, &e))?;
    let text = text_of_own_file(without_bom(&bytes)).map_err(|e| (e.line, e.message));
    text.and_then(parse).map_err(|(line, why)| broken(file, Some(line), FileErrorKind::Corrupt, why))
}

/// Reads the file's lines. Parlour writes it, so what it never writes
/// (a key twice, a size the mode does not have) is a damaged file, named
/// by its line, not something to guess at.
fn parse(text: &str) -> Result<ScreenConfig, (usize, String)> {
    // Each key's value and the line it is on.
    let (mut mode, mut width, mut height) = (None, None, None);
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |why: String| (i + 1, why);
        let (key, value) = line.split_once('=').ok_or_else(|| at(format!("`{line}` is not `key = value`")))?;
        let (key, value) = (key.trim(), value.trim());
        let number = || value.parse::<u32>().map_err(|_| at(format!("`{value}` is not a number of pixels")));
        let once = |first: Option<usize>| match first {
            Some(first) => Err(at(format!("`{key}` is given again (first on line {first})"))),
            None => Ok(()),
        };
        match key {
            "mode" => {
                once(mode.map(|(l, _)| l))?;
                let m = MODES
                    .iter()
                    .find(|m| m.word.eq_ignore_ascii_case(value))
                    .ok_or_else(|| at(format!("unknown mode `{value}` (pal or dblpal)")))?;
                mode = Some((i + 1, *m));
            }
            "width" => {
                once(width.map(|(l, _)| l))?;
                width = Some((i + 1, number()?));
            }
            "height" => {
                once(height.map(|(l, _)| l))?;
                height = Some((i + 1, number()?));
            }
            _ => return Err(at(format!("unknown key `{key}` (mode, width or height)"))),
        }
    }
    let mode = mode.map_or(MODES[0], |(_, m)| m);
    let within = |held: Option<(usize, u32)>, name: &str, (min, max): (u32, u32)| match held {
        None => Ok(max),
        Some((_, v)) if (min..=max).contains(&v) => Ok(v),
        Some((line, v)) => {
            Err((line, format!("{name} {v} is not on the {} screen, which is {min} to {max} pixels", mode.word)))
        }
    };
    let width = within(width, "width", (mode.min.0, mode.max.0))?;
    let height = within(height, "height", (mode.min.1, mode.max.1))?;
    Ok(ScreenConfig { mode, width, height })
}

/// Writes Rummi.config into `data_dir`. A file there that does not read
/// (damaged since the board opened) is set aside first, never written
/// over: `Ok(Some(e))` says where it went. One that cannot be moved (a
/// folder) stays, and nothing is written.
pub fn write(data_dir: &Path, config: &ScreenConfig) -> Result<Option<FileError>, String> {
    let file = path(data_dir);
    let aside = clear_for_writing(&file).map_err(|e| e.to_string())?;
    std::fs::create_dir_all(data_dir)
        .and_then(|()| write_atomic(&file, config.text().as_bytes()))
        .map_err(|e| format!("{}: {e}", file.display()))?;
    Ok(aside)
}

/// Sets `file` aside unless it reads as a screen or is not there, as
/// [`load`] would: the error it was set aside for, or why it stays.
fn clear_for_writing(file: &Path) -> Result<Option<FileError>, FileError> {
    let e = match read_file(file, FileError::reject) {
        Ok(_) => return Ok(None),
        Err(e) if e.kind == FileErrorKind::NotFound => return Ok(None),
        Err(e) if e.kind == FileErrorKind::Io => FileError::reject(file, None, e.kind, e.reason),
        Err(e) => e,
    };
    if e.moved_to.is_some() { Ok(Some(e)) } else { Err(e) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::files;

    #[test]
    fn the_default_screens_give_the_default_table() {
        assert_eq!(ScreenConfig::default().grid(), (24, 9));
        assert_eq!(ScreenConfig::clamped(MODES[1], 640, 512).grid(), (24, 10));
        assert_eq!(ScreenConfig::clamped(MODES[0], 320, 200).grid(), (24, 6));
    }

    /// The file `name` in `dir` holds `bytes`.
    fn holds(dir: &Path, name: &str, bytes: &[u8]) -> bool {
        std::fs::read(dir.join(name)).is_ok_and(|b| b == bytes)
    }

    #[test]
    fn the_file_round_trips() {
        let dir = tempfile::tempdir().unwrap();
        let c = ScreenConfig::clamped(MODES[1], 600, 9999);
        assert_eq!(c.height, 512);
        assert_eq!(write(dir.path(), &c), Ok(None));
        assert_eq!(load(dir.path()), Ok(Loaded::plain(c)));
        assert_eq!(look(dir.path()), c);
    }

    /// Parlour writes Rummi.config, so a broken one is set aside as the
    /// board opens (its line named), never left to be written over, and
    /// the defaults are used; a look (the launcher's) moves nothing.
    #[test]
    fn a_broken_file_is_set_aside_naming_its_line() {
        let dir = tempfile::tempdir().unwrap();
        let broken = b"mode = pal\nwidth = wide\n";
        std::fs::write(path(dir.path()), broken).unwrap();
        assert_eq!(look(dir.path()), ScreenConfig::default());
        assert!(holds(dir.path(), FILE_NAME, broken), "a look set the file aside");
        let e = load(dir.path()).unwrap_err();
        assert_eq!(
            (e.line, e.kind, e.reason.as_str()),
            (Some(2), FileErrorKind::Corrupt, "`wide` is not a number of pixels")
        );
        assert!(
            e.to_string().contains("Rummi.config:2: `wide` is not a number of pixels (the file was moved to"),
            "{e}"
        );
        assert_eq!(e.moved_to, Some(dir.path().join("Rummi.config.damaged-1")));
        assert!(holds(dir.path(), "Rummi.config.damaged-1", broken), "the broken file was not kept");
        assert!(!path(dir.path()).exists());
        std::fs::write(path(dir.path()), "mode = ntsc\n").unwrap();
        assert!(load(dir.path()).unwrap_err().reason.contains("unknown mode `ntsc`"));
        assert!(holds(dir.path(), "Rummi.config.damaged-2", b"mode = ntsc\n"));
        std::fs::write(path(dir.path()), b"mode = pal\n\x00\x01junk").unwrap();
        assert_eq!(load(dir.path()).unwrap_err().line, Some(2), "not text");
        // What Set Mode never writes: a key twice, a size off the screen
        // (whichever line names the mode).
        for (text, line, why) in [
            ("mode = dblpal\nwidth = 640\nmode = pal\n", 3, "`mode` is given again (first on line 1)"),
            (
                "width = 400\nheight = 9\nmode = dblpal\n",
                2,
                "height 9 is not on the dblpal screen, which is 320 to 512 pixels",
            ),
            ("width = 99999\n", 1, "width 99999 is not on the pal screen, which is 176 to 320 pixels"),
        ] {
            std::fs::write(path(dir.path()), text).unwrap();
            let e = load(dir.path()).unwrap_err();
            assert_eq!((e.line, e.reason.as_str()), (Some(line), why), "{text}");
        }
    }

    /// A broken file beside a good previous copy (Set Mode's second write
    /// made one) gives way to it: set aside, and the copy used and put in
    /// its place.
    #[test]
    fn a_broken_file_gives_way_to_its_previous_copy() {
        let dir = tempfile::tempdir().unwrap();
        let dblpal = ScreenConfig::clamped(MODES[1], 640, 480);
        write(dir.path(), &ScreenConfig::default()).unwrap();
        write(dir.path(), &dblpal).unwrap();
        std::fs::write(path(dir.path()), "mode = dblpal\nheight\n").unwrap();
        assert_eq!(look(dir.path()), ScreenConfig::default(), "the previous copy, looked at");
        let loaded = load(dir.path()).unwrap();
        assert_eq!(loaded.value, ScreenConfig::default());
        assert_eq!(loaded.replaced.map(|e| e.line), Some(Some(2)));
        assert!(holds(dir.path(), "Rummi.config.damaged-1", b"mode = dblpal\nheight\n"));
        assert_eq!(load(dir.path()), Ok(Loaded::plain(ScreenConfig::default())), "the copy put in its place");
    }

    /// A file broken since the board read it is set aside before Set
    /// Mode's write, which says where it went; one that cannot be moved
    /// (a folder) is never written over.
    #[test]
    fn a_write_never_goes_over_a_broken_file() {
        let dir = tempfile::tempdir().unwrap();
        let dblpal = ScreenConfig::clamped(MODES[1], 640, 512);
        std::fs::write(path(dir.path()), "junk\n").unwrap();
        let aside = write(dir.path(), &dblpal).unwrap().expect("not told of the file set aside");
        assert_eq!((aside.line, aside.moved_to), (Some(1), Some(dir.path().join("Rummi.config.damaged-1"))));
        assert!(holds(dir.path(), "Rummi.config.damaged-1", b"junk\n"));
        assert_eq!(load(dir.path()), Ok(Loaded::plain(dblpal)));
        assert!(!files::backup_path(&path(dir.path())).exists(), "the junk became the previous copy");
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(path(dir.path())).unwrap();
        let why = write(dir.path(), &dblpal).unwrap_err();
        assert!(why.contains("it is a folder, not a file (it is left where it is)"), "{why}");
        assert!(path(dir.path()).is_dir());
    }

    #[test]
    fn only_a_regular_file_of_a_few_lines_is_read() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(path(dir.path())).unwrap();
        let e = load(dir.path()).unwrap_err();
        assert!(e.to_string().contains("Rummi.config: the screen settings could not be read: it is a folder"), "{e}");
        assert!(path(dir.path()).is_dir(), "a folder is never moved");
        let dir = tempfile::tempdir().unwrap();
        std::fs::File::create(path(dir.path())).unwrap().set_len(crate::core::files::limits::SETTINGS + 1).unwrap();
        let e = load(dir.path()).unwrap_err();
        assert!(e.reason.contains("more than the 256 KB"), "{e}");
        assert!(dir.path().join("Rummi.config.unreadable-1").is_file(), "{e}");
    }
}
