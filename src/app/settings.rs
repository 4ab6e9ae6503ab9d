//! The user's data folder and the settings kept in it: the machine last
//! chosen in the window, and the depth and skin last used on each machine.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use ini::Ini;

use crate::core::FileError;
use crate::core::files::{self, make_data_folder, write_atomic};
use crate::host::prefs::{SettingsFile, read_settings};
use crate::host::warnings;
use crate::machines::{Depth, Machine, MachineChoice, MachineId};

/// Where Parlour keeps saves, statistics and settings: `$PARLOUR_DATA_DIR`
/// if set (tests use it), else the platform's data folder plus `parlour`;
/// for a run whose data folder cannot be used, the folder standing in
/// for it (see [`stand_in_for_unusable`]).
pub fn data_dir() -> PathBuf {
    if let Some(dir) = STAND_IN.get() {
        return dir.clone();
    }
    data_dir_named(std::env::var_os("PARLOUR_DATA_DIR"))
}

/// The data folder named for this run where it cannot be used, and a
/// temporary folder stands in for it (see [`stand_in_for_unusable`]):
/// nothing made there outlives the run.
pub fn data_dir_unusable() -> Option<PathBuf> {
    STAND_IN.get().map(|_| data_dir_named(std::env::var_os("PARLOUR_DATA_DIR")))
}

/// The data folder `$PARLOUR_DATA_DIR` names, where it names one: set but
/// empty (`PARLOUR_DATA_DIR= parlour`) it is taken as unset, as a shell
/// user means it, rather than as the current folder, which Parlour would
/// fill with its files; and so is a relative path (told of by
/// [`tell_if_data_dir_ignored`]), which would name another folder, with
/// other saves and statistics, from each folder Parlour is run in.
fn data_dir_named(var: Option<std::ffi::OsString>) -> PathBuf {
    match var {
        Some(dir) if Path::new(&dir).is_absolute() => PathBuf::from(dir),
        _ => dirs::data_dir().unwrap_or_else(|| PathBuf::from(".")).join("parlour"),
    }
}

/// Says on standard error, once a run, that `$PARLOUR_DATA_DIR` is not
/// used, where it is set to a relative path, and which folder is used.
pub fn tell_if_data_dir_ignored() {
    if let Some(why) = why_ignored(std::env::var_os("PARLOUR_DATA_DIR")) {
        tell!("warning: {why}; the data folder is {}", data_dir_named(None).display());
    }
}

/// Why the value `var` of `$PARLOUR_DATA_DIR` is not used, where it is
/// set to a relative path: a `~` a shell left as it was (quoted) is told
/// as such, since that is how it comes to be there.
fn why_ignored(var: Option<std::ffi::OsString>) -> Option<String> {
    let var = var.filter(|v| !v.is_empty() && !Path::new(v).is_absolute())?;
    let value = var.to_string_lossy();
    let shown = crate::core::escape_controls(&value);
    let must = format!("PARLOUR_DATA_DIR={shown} is not used: it must be an absolute path");
    Some(if shown.starts_with('~') {
        format!("{must}, and the shell did not expand its ~ (it was quoted): write $HOME instead")
    } else {
        format!("{must}, else each folder Parlour is run from would have its own saves and statistics")
    })
}

/// The folder this run keeps its files in instead of a data folder that
/// cannot be used.
static STAND_IN: OnceLock<PathBuf> = OnceLock::new();

/// When the data folder cannot be used (a file in its place, a folder
/// Parlour may not read), says so once, on standard error and in a box,
/// and has this run keep its files in a temporary folder of its own: the
/// games are played as ever, no file of theirs is told of again one by
/// one, and nothing is kept once Parlour ends. The folder is removed when
/// the guard returned is dropped.
pub fn stand_in_for_unusable() -> Option<tempfile::TempDir> {
    let trouble = files::data_folder_trouble(&data_dir())?;
    warnings::warn(warnings::DATA_FOLDER, format!("{trouble}: games can be played, but nothing can be kept"));
    let folder = tempfile::Builder::new().prefix("parlour-run-").tempdir().ok()?;
    STAND_IN.set(folder.path().to_path_buf()).ok()?;
    Some(folder)
}

fn settings_in(data_dir: &Path) -> PathBuf {
    data_dir.join("settings.ini")
}

/// The section that keeps what was last used on machine `id`.
fn section_of(id: MachineId) -> String {
    format!("Machine {}", id.name())
}

/// The screen a window opens on, `typed` being what the command line
/// chose: the machine typed, else the one last used; at the depth and
/// with the skin the settings in `data_dir` keep for it, as the Machine
/// menu brings them back, each taking the one typed instead where one was.
/// Settings hold nothing a player would lose, so nothing in them may stop
/// Parlour from starting: a broken file is ignored, and a part of the
/// choice that names nothing Parlour has or no longer works (a machine or
/// depth misspelt, a skin since removed, a depth the machine lacks) is
/// dropped, each with a warning naming its line.
pub fn typed_or_kept(typed: &MachineChoice, data_dir: &Path) -> MachineChoice {
    let kept = choice_kept(&read_settings(&settings_in(data_dir)), typed.id);
    // A depth or skin kept without its machine (a damaged file) was
    // chosen for some machine, maybe not the one to be used.
    match kept.id {
        Some(id) => {
            MachineChoice { id: Some(id), depth: typed.depth.or(kept.depth), skin: typed.skin.clone().or(kept.skin) }
        }
        None => typed.clone(),
    }
}

/// The machine choice `[Machine]` in `settings` holds, as far as it names
/// things Parlour has (a value that does not is dropped with a warning).
pub fn machine_in(settings: &SettingsFile) -> MachineChoice {
    read_choice(settings, "Machine", None)
}

/// The choice `section` of `settings` holds for machine `id` (None: the
/// machine it names itself). A value that names no machine or depth is
/// dropped, with a warning naming its line.
fn read_choice(settings: &SettingsFile, section: &str, id: Option<MachineId>) -> MachineChoice {
    if settings.ini.section(Some(section)).is_none() {
        return MachineChoice { id, ..Default::default() };
    }
    let named = |key: &str| settings.first_value(section, key);
    let parsed = |key: &str, why: String| settings.not_used(section, key, &why);
    // A key Parlour never writes there (an edit by hand) is told of by its
    // line: it is not read, nor written back.
    let keys = settings.ini.section(Some(section)).into_iter().flat_map(|s| s.iter()).map(|(key, _)| key);
    for key in keys.filter(|key| !CHOICE_KEYS.contains(key)) {
        parsed(key, format!("`{key}` is no setting of a machine's (they are {})", CHOICE_KEYS.join(", ")));
    }
    let skin = named("skin").filter(|skin| {
        let empty = skin.trim().is_empty();
        if empty {
            parsed("skin", "the skin is empty".into());
        }
        !empty
    });
    let read_id = || named("id").and_then(|v| MachineId::parse(v).map_err(|why| parsed("id", why)).ok());
    MachineChoice {
        id: id.or_else(read_id),
        depth: named("depth").and_then(|v| Depth::parse(v).map_err(|why| parsed("depth", why)).ok()),
        skin: skin.map(str::to_string),
    }
}

/// The keys of a machine's choice in settings.ini.
const CHOICE_KEYS: [&str; 3] = ["id", "depth", "skin"];

/// Machine `id` at the depth and with the skin last used on it, as the
/// settings in `data_dir` keep them (its own section, or the machine
/// last chosen, in files written before machines had sections).
pub fn last_on(data_dir: &Path, id: MachineId) -> MachineChoice {
    choice_kept(&read_settings(&settings_in(data_dir)), Some(id))
}

/// The choice `settings` keep for machine `id` (see [`last_on`]), or for
/// the machine last chosen (see [`typed_or_kept`]), with the parts that
/// stop a machine from being built dropped: the skin first, then the
/// depth, each with a warning naming its line.
pub fn choice_kept(settings: &SettingsFile, id: Option<MachineId>) -> MachineChoice {
    let own = id.map(section_of).filter(|s| settings.ini.section(Some(s.as_str())).is_some());
    let (section, mut choice) = match own {
        Some(section) => (section.clone(), read_choice(settings, &section, id)),
        None => match machine_in(settings) {
            last if id.is_none() || last.id == id => ("Machine".to_string(), last),
            _ => return MachineChoice { id, ..Default::default() },
        },
    };
    // Each part is tried in turn, the depth first, so that the one told
    // of and dropped is the one at fault.
    let fallback = MachineId::Yazzle;
    let without_skin = MachineChoice { skin: None, ..choice.clone() };
    if choice.depth.is_some()
        && let Err(e) = Machine::new(&without_skin, fallback)
    {
        choice.depth = None;
        settings.not_used(&section, "depth", &e.0);
    }
    if choice.skin.is_some()
        && let Err(e) = Machine::new(&choice, fallback)
    {
        choice.skin = None;
        settings.not_used(&section, "skin", &e.0);
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
) -> Result<(), FileError> {
    let path = settings_in(data_dir);
    let mut ini = read_settings(&path).ini;
    // A skin remembered that this run cannot find (its --assets folder
    // not given this time) is the player's all the same: the default skin
    // standing in for it is not written over it.
    let kept = |section: &str, choice: &MachineChoice| {
        let old = ini.section(Some(section)).and_then(|s| s.get("skin")).map(str::to_string);
        let standing_in = choice.skin.as_deref().is_none_or(|s| s == crate::machines::skin::DEFAULT_SKIN);
        let lost = old.filter(|old| standing_in && crate::machines::skin::resolve(old).is_err());
        MachineChoice { skin: lost.or_else(|| choice.skin.clone()), ..choice.clone() }
    };
    let current_kept = kept("Machine", current);
    let used_kept: Vec<MachineChoice> =
        used.values().chain([current]).map(|c| kept(&c.id.map(section_of).unwrap_or_default(), c)).collect();
    ini.delete(Some("Machine"));
    set_choice(&mut ini, "Machine", &current_kept, true);
    for choice in &used_kept {
        if let Some(id) = choice.id {
            ini.delete(Some(section_of(id)));
            set_choice(&mut ini, &section_of(id), choice, false);
        }
    }
    let mut bytes = Vec::new();
    ini.write_to(&mut bytes)
        .and_then(|()| make_data_folder(data_dir))
        .and_then(|()| write_atomic(&path, &bytes))
        .map_err(|e| FileError::unsaved(&path, "settings", &e))
}

/// Writes `choice` into `section` of `ini`, its machine's id too if
/// `with_id`. A depth is written only for a machine with a choice of
/// depths: the one depth of the SE/30 or YaZZle is no setting (a file
/// that has one is still read without a word).
fn set_choice(ini: &mut Ini, section: &str, choice: &MachineChoice, with_id: bool) {
    let mut section = ini.with_section(Some(section));
    if let Some(id) = choice.id.filter(|_| with_id) {
        section.set("id", id.name());
    }
    let has_depths = choice.id.is_none_or(|id| id.depths().len() > 1);
    if let Some(d) = choice.depth.filter(|_| has_depths) {
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
    fn an_empty_parlour_data_dir_is_taken_as_unset() {
        let default = data_dir_named(None);
        assert!(default.ends_with("parlour"), "{}", default.display());
        assert_eq!(data_dir_named(Some("".into())), default, "not the current folder");
        assert_eq!(data_dir_named(Some("/games/mine".into())), PathBuf::from("/games/mine"));
        assert_eq!(why_ignored(Some("/games/mine".into())), None);
        assert_eq!(why_ignored(Some("".into())), None);
    }

    /// A relative PARLOUR_DATA_DIR would keep other saves and statistics
    /// from each folder: it is not used, and told of by its value.
    #[test]
    fn a_relative_parlour_data_dir_is_told_of_and_not_used() {
        let default = data_dir_named(None);
        for relative in ["data", "games/mine", "~/pdata"] {
            assert_eq!(data_dir_named(Some(relative.into())), default, "{relative}");
            let why = why_ignored(Some(relative.into())).unwrap_or_default();
            let must = format!("PARLOUR_DATA_DIR={relative} is not used: it must be an absolute path");
            assert!(why.starts_with(&must), "{why}");
        }
        let tilde = why_ignored(Some("~/pdata".into())).unwrap_or_default();
        assert!(tilde.contains("the shell did not expand its ~ (it was quoted)"), "{tilde}");
    }

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
            // Only the depth is at fault: a skin means nothing on the Mac,
            // which builds with it all the same.
            (
                "[Machine]\nid=mac-se30\ndepth=thousands\nskin=gone\n",
                MachineChoice { id: Some(MachineId::MacSe30), depth: None, skin: Some("gone".into()) },
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
            let choice = choice_kept(&read_settings(&path), None);
            assert_eq!(choice, want, "{text:?}");
            assert!(Machine::new(&choice, MachineId::Yazzle).is_ok(), "{text:?}");
        }
    }

    /// A value that names nothing Parlour has, or that stops the machine
    /// from being built, is dropped with a warning naming the file, the
    /// line and what is wrong; a byte-order mark (Notepad's) is no part
    /// of the file.
    #[test]
    fn a_value_of_no_use_is_told_of_by_its_line() {
        while warnings::take().is_some() {}
        let dir = tempfile::tempdir().unwrap();
        let path = settings_in(dir.path());
        let cases = [
            ("\u{feff}[Machine]\nid=vic20\n", None, 2, "unknown machine `vic20` (choose one of yazzle, "),
            ("[Machine]\nid=mac-color\n\ndepth=999\n", Some(MachineId::MacColor), 4, "unknown depth `999` ("),
            ("[Machine]\nid=yazzle\nskin=../../../etc/passwd\n", Some(MachineId::Yazzle), 3, "unknown skin `../"),
            ("[Machine]\nid=yazzle\nskin=nosuch\n", Some(MachineId::Yazzle), 3, "unknown skin `nosuch` ("),
            ("[Machine]\nid=mac-se30\ndepth=thousands\n", Some(MachineId::MacSe30), 3, "mac-se30 has no depth"),
            ("[Machine mac-se30]\ndepth=thousands\n", Some(MachineId::MacSe30), 2, "mac-se30 has no depth"),
            ("[Machine]\nid=yazzle\nscale=-5\n", Some(MachineId::Yazzle), 3, "`scale` is no setting of a machine's"),
            ("[Machine]\nid=yazzle\nskin=\n", Some(MachineId::Yazzle), 3, "the skin is empty"),
        ];
        for (text, id, line, why) in cases {
            std::fs::write(&path, text).unwrap();
            let choice = if text.contains("[Machine]") {
                last_machine_in(dir.path())
            } else {
                last_on(dir.path(), MachineId::MacSe30)
            };
            assert_eq!(choice, MachineChoice { id, ..Default::default() }, "{text:?}");
            let told = warnings::take().unwrap_or_else(|| panic!("{text:?} was not told of")).lines.join(" ");
            assert!(told.starts_with(&format!("{}:{line}: {why}", path.display())), "{told}");
            assert!(told.ends_with("; the setting is not used."), "{told}");
            assert!(warnings::take().is_none(), "{text:?} told twice");
            assert!(path.is_file(), "{text:?} was set aside");
        }
        // Only the part at fault is dropped.
        std::fs::write(&path, "[Machine]\nid=yazzle\ndepth=16\nskin=transcrippled\n").unwrap();
        let skin = Some("transcrippled".to_string());
        assert_eq!(last_machine_in(dir.path()), MachineChoice { id: Some(MachineId::Yazzle), depth: None, skin });
        let told = warnings::take().expect("the depth was not told of").lines.join(" ");
        assert!(told.starts_with(&format!("{}:3: yazzle has no depth `16`", path.display())), "{told}");
        assert!(warnings::take().is_none());
    }

    /// A choice given twice (an edit by hand) keeps its first value, as
    /// a game.ini's does, and the second is told of by its own line: it
    /// is gone once the machines are next remembered.
    #[test]
    fn a_choice_given_twice_keeps_the_first_and_tells_the_second_by_its_line() {
        while warnings::take().is_some() {}
        let dir = tempfile::tempdir().unwrap();
        let path = settings_in(dir.path());
        std::fs::write(&path, "[Machine]\nid=amiga-pal\nid=mac-se30\n").unwrap();
        assert_eq!(last_machine_in(dir.path()).id, Some(MachineId::AmigaPal));
        let told = warnings::take().expect("the second was not told of").lines.join(" ");
        let want = "3: id is given again (first on line 2); only the first value is used.";
        assert_eq!(told, format!("{}:{want}", path.display()));
        assert!(warnings::take().is_none(), "told twice");
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
            assert_eq!(last_machine_in(dir.path()).id, Some(MachineId::MacSe30), "{damaged:?}");
            let aside = std::fs::read_dir(dir.path()).unwrap().filter_map(Result::ok).find(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                name.starts_with("settings.ini.damaged-") && std::fs::read(e.path()).unwrap() == damaged
            });
            assert!(aside.is_some(), "{damaged:?} was not set aside");
        }
    }

    /// A settings file that cannot be written is named, and why is said
    /// in words, not as the system's "(os error 21)".
    #[test]
    fn a_failed_save_names_the_file_in_words() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(settings_in(dir.path())).unwrap();
        let pal = MachineChoice { id: Some(MachineId::AmigaPal), ..Default::default() };
        let e = remember_machines(dir.path(), &pal, &BTreeMap::new()).unwrap_err();
        let why = "the settings could not be saved: a folder of that name is in the way";
        assert_eq!(e.to_string(), format!("{}: {why}", settings_in(dir.path()).display()));
    }

    /// A machine named on the command line comes with the depth or skin
    /// it was last used with, as the Machine menu brings them back; one
    /// typed beside it wins; none named is the machine last used.
    #[test]
    fn a_machine_typed_comes_with_its_own_depth_and_skin() {
        let dir = tempfile::tempdir().unwrap();
        let kept = "[Machine]\nid=amiga-dblpal\n[Machine mac-color]\ndepth=16\n[Machine yazzle]\nskin=transcrippled\n";
        std::fs::write(settings_in(dir.path()), kept).unwrap();
        let typed = |id, depth| MachineChoice { id, depth, skin: None };
        let chosen = |t: MachineChoice| typed_or_kept(&t, dir.path());
        assert_eq!(chosen(typed(Some(MachineId::MacColor), None)).depth, Some(Depth::Colours16));
        assert_eq!(chosen(typed(Some(MachineId::MacColor), Some(Depth::Colours4))).depth, Some(Depth::Colours4));
        assert_eq!(chosen(typed(Some(MachineId::Yazzle), None)).skin.as_deref(), Some("transcrippled"));
        assert_eq!(chosen(typed(None, None)), typed(Some(MachineId::AmigaDblPal), None));
        assert_eq!(chosen(typed(Some(MachineId::MacSe30), None)), typed(Some(MachineId::MacSe30), None));
    }

    fn last_machine_in(data_dir: &Path) -> MachineChoice {
        choice_kept(&read_settings(&settings_in(data_dir)), None)
    }

    /// YaZZle and the SE/30 have one depth each: none is written for them,
    /// and a file of before that has one is read without a word.
    #[test]
    fn a_machine_with_one_depth_keeps_none_in_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let built = |id| Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap().choice();
        let used = BTreeMap::from([(MachineId::MacSe30, built(MachineId::MacSe30))]);
        remember_machines(dir.path(), &built(MachineId::Yazzle), &used).unwrap();
        let text = std::fs::read_to_string(settings_in(dir.path())).unwrap();
        assert!(!text.contains("depth"), "{text}");
        std::fs::write(settings_in(dir.path()), "[Machine]\nid=yazzle\n[Machine yazzle]\ndepth=millions\n").unwrap();
        while warnings::take().is_some() {}
        assert_eq!(last_on(dir.path(), MachineId::Yazzle).id, Some(MachineId::Yazzle));
        assert!(warnings::take().is_none(), "an old file's depth is told of");
    }

    /// A skin remembered that this run cannot find (a player's own, its
    /// --assets folder not given) is kept while the default stands in for
    /// it, where the stand-in was written over it; a skin chosen instead
    /// replaces it.
    #[test]
    fn a_skin_this_run_cannot_find_is_kept_for_the_next() {
        let dir = tempfile::tempdir().unwrap();
        let file = "[Machine]\nid=yazzle\nskin=mine\n[Machine yazzle]\nskin=mine\n";
        std::fs::write(settings_in(dir.path()), file).unwrap();
        let on = |skin: &str| MachineChoice { id: Some(MachineId::Yazzle), depth: None, skin: Some(skin.into()) };
        remember_machines(dir.path(), &on(crate::machines::skin::DEFAULT_SKIN), &BTreeMap::new()).unwrap();
        let text = std::fs::read_to_string(settings_in(dir.path())).unwrap();
        assert_eq!(text.matches("skin=mine").count(), 2, "{text}");
        remember_machines(dir.path(), &on("transcrippled"), &BTreeMap::new()).unwrap();
        let text = std::fs::read_to_string(settings_in(dir.path())).unwrap();
        assert!(!text.contains("mine") && text.contains("skin=transcrippled"), "{text}");
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

    /// A binary line after a good one is damage, as in prefs.ini: the file
    /// is set aside, its backup read, and the machine remembered next
    /// keeps that good backup, not the junk.
    #[test]
    fn a_binary_line_gives_way_to_the_backup() {
        let dir = tempfile::tempdir().unwrap();
        let path = settings_in(dir.path());
        let pal = MachineChoice { id: Some(MachineId::AmigaPal), ..Default::default() };
        remember_machines(dir.path(), &pal, &BTreeMap::new()).unwrap();
        remember_machines(dir.path(), &pal, &BTreeMap::new()).unwrap();
        let junk = b"[Machine]\nid=amiga-pal\n\x01\x9f\xff=\xfe\x00\n";
        std::fs::write(&path, junk).unwrap();
        while warnings::take().is_some() {}
        assert_eq!(machine_in(&read_settings(&path)), pal);
        let told = warnings::take().expect("not told").lines.join(" ");
        assert!(told.starts_with(&format!("{}:3: not a text file (it holds NUL bytes)", path.display())), "{told}");
        assert_eq!(std::fs::read(dir.path().join("settings.ini.damaged-1")).unwrap(), junk);
        remember_machines(dir.path(), &pal, &BTreeMap::new()).unwrap();
        let backup = std::fs::read(files::backup_path(&path)).unwrap();
        assert!(backup.starts_with(b"[Machine]\nid=amiga-pal\n") && !backup.contains(&0), "{backup:?}");
    }
}
