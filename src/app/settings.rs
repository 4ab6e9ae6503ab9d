//! The user's data folder and the settings kept in it (the machine last
//! chosen in the window).

use std::path::{Path, PathBuf};

use ini::Ini;

use crate::core::files::write_atomic;
use crate::host::prefs::read_settings;
use crate::machines::{Depth, Machine, MachineChoice, MachineId};

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

/// The machine chosen last time, if any was saved. Settings hold nothing a
/// player would lose, so nothing in them may stop Parlour from starting: a
/// broken file is ignored, and a part of the choice that no longer works
/// (a skin since removed, a depth the machine lacks) is dropped, each with
/// a warning.
pub fn last_machine() -> MachineChoice {
    let path = settings_path();
    usable(machine_in(&read_settings(&path)), &path)
}

/// The machine choice settings hold, as written.
pub fn machine_in(ini: &Ini) -> MachineChoice {
    let Some(section) = ini.section(Some("Machine")) else { return MachineChoice::default() };
    MachineChoice {
        id: section.get("id").and_then(|v| MachineId::parse(v).ok()),
        depth: section.get("depth").and_then(|v| Depth::parse(v).ok()),
        skin: section.get("skin").map(str::to_string),
    }
}

/// `choice` (read from `path`) with the parts that stop a machine from
/// being built dropped: the skin first, then the depth.
pub fn usable(mut choice: MachineChoice, path: &Path) -> MachineChoice {
    let fallback = MachineId::Yazzle;
    while let Err(e) = Machine::new(&choice, fallback) {
        let dropped = if choice.skin.is_some() {
            choice.skin.take().map(|s| format!("skin `{s}`"))
        } else {
            choice.depth.take().map(|d| format!("depth `{}`", d.name()))
        };
        let Some(dropped) = dropped else { break };
        eprintln!("warning: the {dropped} in {} is not used: {e}", path.display());
    }
    choice
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_saved_choice_stops_a_machine_from_being_built() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.ini");
        let cases = [
            // A skin that was removed since; a depth the machine lacks.
            (
                "[Machine]\nid=yazzle\nskin=gone-since\n",
                MachineChoice { id: Some(MachineId::Yazzle), ..Default::default() },
            ),
            (
                "[Machine]\nid=mac-se30\ndepth=thousands\nskin=gone\n",
                MachineChoice { id: Some(MachineId::MacSe30), ..Default::default() },
            ),
            (
                "[Machine]\nid=mac-color\ndepth=16\n",
                MachineChoice { id: Some(MachineId::MacColor), depth: Some(Depth::Colours16), skin: None },
            ),
            ("[Machine]\nid=c64\n", MachineChoice::default()),
            ("\u{0}\u{1}[[[", MachineChoice::default()),
        ];
        for (text, want) in cases {
            std::fs::write(&path, text).unwrap();
            let choice = usable(machine_in(&read_settings(&path)), &path);
            assert_eq!(choice, want, "{text:?}");
            assert!(Machine::new(&choice, MachineId::Yazzle).is_ok(), "{text:?}");
        }
    }
}
