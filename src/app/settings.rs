//! The user's data folder and the settings kept in it (the machine last
//! chosen in the window).

use std::path::PathBuf;

use ini::Ini;

use crate::core::files::write_atomic;
use crate::machines::{Depth, MachineChoice, MachineId};

/// Where Parlour keeps saves, statistics and settings: `$PARLOUR_DATA_DIR`
/// if set (tests use it), else the platform's data folder plus `parlour`.
pub fn data_dir() -> PathBuf {
    match std::env::var_os("PARLOUR_DATA_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => dirs::data_dir().unwrap_or_else(|| PathBuf::from(".")).join("parlour"),
    }
}

fn settings_path() -> PathBuf {
    data_dir().join("settings.ini")
}

/// The machine chosen last time, if any was saved and it still parses.
/// A broken settings file is ignored with a warning: it holds nothing a
/// player would lose.
pub fn last_machine() -> MachineChoice {
    let path = settings_path();
    let ini = match Ini::load_from_file(&path) {
        Ok(ini) => ini,
        Err(ini::Error::Io(_)) => return MachineChoice::default(),
        Err(e) => {
            eprintln!("warning: ignoring {}: {e}", path.display());
            return MachineChoice::default();
        }
    };
    let Some(section) = ini.section(Some("Machine")) else { return MachineChoice::default() };
    MachineChoice {
        id: section.get("id").and_then(|v| MachineId::parse(v).ok()),
        depth: section.get("depth").and_then(|v| Depth::parse(v).ok()),
        skin: section.get("skin").map(str::to_string),
    }
}

/// Remembers the machine for next time.
pub fn remember_machine(choice: &MachineChoice) -> std::io::Result<()> {
    let mut ini = Ini::new();
    let mut section = ini.with_section(Some("Machine"));
    if let Some(id) = choice.id {
        section.set("id", id.name());
    }
    if let Some(d) = choice.depth {
        section.set("depth", d.name());
    }
    if let Some(s) = &choice.skin {
        section.set("skin", s.as_str());
    }
    let mut bytes = Vec::new();
    ini.write_to(&mut bytes)?;
    std::fs::create_dir_all(data_dir())?;
    write_atomic(&settings_path(), &bytes)
}
