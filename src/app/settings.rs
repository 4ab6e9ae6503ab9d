//! The user's data folder and the settings kept in it: the machine last
//! chosen in the window, and the depth and skin last used on each machine.

use std::collections::BTreeMap;
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

/// Why `dir` cannot be the data folder, if it cannot: a file where it
/// should be, or on its path. Said once, before every file in it fails
/// on its own.
pub fn data_dir_trouble(dir: &Path) -> Option<String> {
    match std::fs::metadata(dir) {
        Ok(meta) if !meta.is_dir() => Some(format!("the data folder {} is a file, not a folder", dir.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotADirectory => {
            Some(format!("the data folder {} cannot be made: a folder on its path is a file", dir.display()))
        }
        _ => None,
    }
}

fn settings_path() -> PathBuf {
    settings_in(&data_dir())
}

fn settings_in(data_dir: &Path) -> PathBuf {
    data_dir.join("settings.ini")
}

/// The section that keeps what was last used on machine `id`.
fn section_of(id: MachineId) -> String {
    format!("Machine {}", id.name())
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

/// Machine `id` at the depth and with the skin last used on it, as the
/// settings in `data_dir` keep them (its own section, or the machine
/// last chosen, in files written before machines had sections).
pub fn last_on(data_dir: &Path, id: MachineId) -> MachineChoice {
    let path = settings_in(data_dir);
    let ini = read_settings(&path);
    let last = machine_in(&ini);
    let choice = match ini.section(Some(section_of(id))) {
        Some(section) => MachineChoice {
            id: Some(id),
            depth: section.get("depth").and_then(|v| Depth::parse(v).ok()),
            skin: section.get("skin").map(str::to_string),
        },
        None if last.id == Some(id) => last,
        None => MachineChoice { id: Some(id), ..Default::default() },
    };
    usable(choice, &path)
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

/// Remembers in `data_dir` the machine to open with next time, `current`,
/// and the depth and skin last used on each machine in `used` (and on
/// the current one), beside those kept for machines not used this time.
pub fn remember_machines(
    data_dir: &Path,
    current: &MachineChoice,
    used: &BTreeMap<MachineId, MachineChoice>,
) -> std::io::Result<()> {
    let path = settings_in(data_dir);
    let mut ini = read_settings(&path);
    ini.delete(Some("Machine"));
    set_choice(&mut ini, "Machine", current, true);
    for choice in used.values().chain([current]) {
        if let Some(id) = choice.id {
            ini.delete(Some(section_of(id)));
            set_choice(&mut ini, &section_of(id), choice, false);
        }
    }
    let mut bytes = Vec::new();
    ini.write_to(&mut bytes)?;
    std::fs::create_dir_all(data_dir)?;
    write_atomic(&path, &bytes)
}

/// Writes `choice` into `section` of `ini`, its machine's id too if `with_id`.
fn set_choice(ini: &mut Ini, section: &str, choice: &MachineChoice, with_id: bool) {
    let mut section = ini.with_section(Some(section));
    if let Some(id) = choice.id.filter(|_| with_id) {
        section.set("id", id.name());
    }
    if let Some(d) = choice.depth {
        section.set("depth", d.name());
    }
    if let Some(s) = &choice.skin {
        section.set("skin", s.as_str());
    }
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

    /// A settings file with a line that is no setting is damaged: set
    /// aside, and its previous copy used.
    #[test]
    fn a_stray_line_sets_the_file_aside_for_its_backup() {
        let dir = tempfile::tempdir().unwrap();
        let path = settings_in(dir.path());
        for damaged in [&b"[Machine]\nhello world\nid=amiga-pal\n"[..], b"\x00\x01\xfe\xffjunk\nid=\n"] {
            std::fs::write(path.with_extension("ini.bak"), "[Machine]\nid=mac-se30\n").unwrap();
            std::fs::write(&path, damaged).unwrap();
            assert_eq!(last_machine_in(dir.path()), Some(MachineId::MacSe30), "{damaged:?}");
            let aside = std::fs::read_dir(dir.path()).unwrap().filter_map(Result::ok).find(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                name.starts_with("settings.ini.damaged-") && std::fs::read(e.path()).unwrap() == damaged
            });
            assert!(aside.is_some(), "{damaged:?} was not set aside");
        }
    }

    fn last_machine_in(data_dir: &Path) -> Option<MachineId> {
        machine_in(&read_settings(&settings_in(data_dir))).id
    }

    /// Each machine keeps its own depth and skin: the one used last is
    /// opened with next time, the others as they were left.
    #[test]
    fn each_machine_keeps_its_depth_and_skin() {
        let dir = tempfile::tempdir().unwrap();
        let mac = MachineChoice { id: Some(MachineId::MacColor), depth: Some(Depth::Colours16), skin: None };
        let yazzle = MachineChoice { id: Some(MachineId::Yazzle), depth: None, skin: Some("transcrippled".into()) };
        let used = BTreeMap::from([(MachineId::MacColor, mac.clone())]);
        remember_machines(dir.path(), &yazzle, &used).unwrap();
        assert_eq!(last_on(dir.path(), MachineId::MacColor), mac);
        assert_eq!(last_on(dir.path(), MachineId::Yazzle), yazzle);
        // A later run on another machine keeps what the first one left.
        let pal = MachineChoice { id: Some(MachineId::AmigaPal), ..Default::default() };
        remember_machines(dir.path(), &pal, &BTreeMap::new()).unwrap();
        assert_eq!(last_on(dir.path(), MachineId::MacColor), mac);
        assert_eq!(last_on(dir.path(), MachineId::Yazzle), yazzle);
        assert_eq!(machine_in(&read_settings(&settings_in(dir.path()))), pal);
        // A file of before: only the last machine's choice, in [Machine].
        std::fs::write(settings_in(dir.path()), "[Machine]\nid=mac-color\ndepth=4\n").unwrap();
        assert_eq!(last_on(dir.path(), MachineId::MacColor).depth, Some(Depth::Colours4));
        assert_eq!(
            last_on(dir.path(), MachineId::Yazzle),
            MachineChoice { id: Some(MachineId::Yazzle), ..Default::default() }
        );
    }
}
