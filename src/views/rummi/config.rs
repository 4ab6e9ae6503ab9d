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

use crate::core::files::{limits, read_capped, without_bom, write_atomic};
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

/// Reads Rummi.config from `data_dir`: the defaults when there is none;
/// a broken file gives the defaults and a message naming the file and
/// line.
pub fn read(data_dir: &Path) -> (ScreenConfig, Option<String>) {
    let file = path(data_dir);
    let text = match read_capped(&file, limits::SETTINGS) {
        Ok(bytes) => String::from_utf8_lossy(without_bom(&bytes)).into_owned(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (ScreenConfig::default(), None),
        Err(e) => return (ScreenConfig::default(), Some(format!("{}: {e}", file.display()))),
    };
    match parse(&text) {
        Ok(c) => (c, None),
        Err((line, why)) => (ScreenConfig::default(), Some(format!("{}:{line}: {why}", file.display()))),
    }
}

fn parse(text: &str) -> Result<ScreenConfig, (usize, String)> {
    let mut mode = MODES[0];
    let (mut width, mut height) = (None, None);
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |why: String| (i + 1, why);
        let (key, value) = line.split_once('=').ok_or_else(|| at(format!("`{line}` is not `key = value`")))?;
        let (key, value) = (key.trim(), value.trim());
        let number = || value.parse::<u32>().map_err(|_| at(format!("`{value}` is not a number of pixels")));
        match key {
            "mode" => {
                mode = *MODES
                    .iter()
                    .find(|m| m.word.eq_ignore_ascii_case(value))
                    .ok_or_else(|| at(format!("unknown mode `{value}` (pal or dblpal)")))?
            }
            "width" => width = Some(number()?),
            "height" => height = Some(number()?),
            _ => return Err(at(format!("unknown key `{key}` (mode, width or height)"))),
        }
    }
    Ok(ScreenConfig::clamped(mode, width.unwrap_or(mode.max.0), height.unwrap_or(mode.max.1)))
}

/// Writes Rummi.config into `data_dir`.
pub fn write(data_dir: &Path, config: &ScreenConfig) -> Result<(), String> {
    std::fs::create_dir_all(data_dir)
        .and_then(|()| write_atomic(&path(data_dir), config.text().as_bytes()))
        .map_err(|e| format!("{}: {e}", path(data_dir).display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_screens_give_the_default_table() {
        assert_eq!(ScreenConfig::default().grid(), (24, 9));
        assert_eq!(ScreenConfig::clamped(MODES[1], 640, 512).grid(), (24, 10));
        assert_eq!(ScreenConfig::clamped(MODES[0], 320, 200).grid(), (24, 6));
    }

    #[test]
    fn the_file_round_trips_and_a_broken_one_names_its_line() {
        let dir = tempfile::tempdir().unwrap();
        let c = ScreenConfig::clamped(MODES[1], 600, 9999);
        assert_eq!(c.height, 512);
        write(dir.path(), &c).unwrap();
        assert_eq!(read(dir.path()), (c, None));
        std::fs::write(path(dir.path()), "mode = pal\nwidth = wide\n").unwrap();
        let (got, why) = read(dir.path());
        assert_eq!(got, ScreenConfig::default());
        assert!(why.unwrap().ends_with("Rummi.config:2: `wide` is not a number of pixels"));
        std::fs::write(path(dir.path()), "mode = ntsc\n").unwrap();
        assert!(read(dir.path()).1.unwrap().contains("unknown mode `ntsc`"));
    }

    #[test]
    fn only_a_regular_file_of_a_few_lines_is_read() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(path(dir.path())).unwrap();
        let (got, why) = read(dir.path());
        assert_eq!(got, ScreenConfig::default());
        assert!(
            why.as_deref().is_some_and(|w| w.contains("Rummi.config") && w.contains("not a regular file")),
            "{why:?}"
        );
        let dir = tempfile::tempdir().unwrap();
        std::fs::File::create(path(dir.path())).unwrap().set_len(crate::core::files::limits::SETTINGS + 1).unwrap();
        let (got, why) = read(dir.path());
        assert_eq!(got, ScreenConfig::default());
        assert!(why.as_deref().is_some_and(|w| w.contains("more than the 256 KB")), "{why:?}");
    }
}
