//! Game types on disk: a folder holding game.ini (plus game.html and
//! game.bmp) is a game type; its id is derived from the folder name.

use std::path::{Path, PathBuf};

use super::engine::SolitaireVariant;
use super::rules::{Mode, Rules};
use super::spec::{Diagnostic, GameSpec};
use crate::core::files::{ById, apart_id, by_id, file_name, in_any_case, within};

/// A game type ready to play.
#[derive(Clone, Debug)]
pub struct GameType {
    /// `klondike-draw-three` for the folder "Klondike Draw Three".
    pub id: String,
    /// [General] Name.
    pub name: String,
    pub folder: PathBuf,
    pub spec: GameSpec,
    pub variant: SolitaireVariant,
}

/// Ids are at most this long, as saves and statistics require.
const MAX_ID_LEN: usize = 64;

/// The id of a game type folder: in ASCII letters (other letters spelt so
/// by `deunicode`: "Königsberg" -> "konigsberg", "Straße" -> "strasse"),
/// lower case, runs of anything but letters and digits become one dash
/// ("Baker's Game" -> "baker-s-game" would be ugly, so apostrophes are
/// dropped first: "bakers-game"), at most [`MAX_ID_LEN`] long. A name
/// with no letter or digit at all ("!!!") is called `game-` and a number
/// from its name, so every folder has an id that saves can carry.
pub fn id_for(folder_name: &str) -> String {
    let mut id = String::new();
    let spelt = deunicode::deunicode_with_tofu(folder_name, "-");
    for c in spelt.chars().filter(|&c| c != '\'') {
        if id.len() == MAX_ID_LEN {
            break;
        }
        if c.is_ascii_alphanumeric() {
            id.push(c.to_ascii_lowercase());
        } else if !id.is_empty() && !id.ends_with('-') {
            id.push('-');
        }
    }
    let id = id.trim_end_matches('-');
    if id.is_empty() {
        return format!("game-{:08x}", crate::core::fnv1a64(folder_name.as_bytes()) as u32);
    }
    id.to_string()
}

impl GameType {
    /// Reads the game type in `folder` (or the folder of a game.ini path).
    /// Errors are the game.ini's diagnostics.
    pub fn load(path: &Path) -> Result<GameType, Vec<Diagnostic>> {
        let (folder, ini) = if path.is_dir() {
            // A folder's rules come from the folder (a game.ini named
            // itself is read wherever it is).
            let ini = within(path, "game.ini")
                .map_err(|outside| vec![Diagnostic::error(&path.join("game.ini"), 1, outside.to_string())])?;
            (path.to_path_buf(), ini)
        } else {
            (path.parent().unwrap_or(Path::new(".")).to_path_buf(), path.to_path_buf())
        };
        let (spec, _warnings) = GameSpec::load(&ini)?;
        let folder_name = folder
            .canonicalize()
            .ok()
            .and_then(|f| f.file_name().map(|n| n.to_string_lossy().into_owned()))
            .unwrap_or_else(|| spec.general.name.clone());
        Self::build(id_for(&folder_name), folder, &ini, spec)
    }

    fn build(id: String, folder: PathBuf, ini: &Path, spec: GameSpec) -> Result<GameType, Vec<Diagnostic>> {
        let variant = playable(id.clone(), &spec).map_err(|e| vec![Diagnostic::error(ini, 1, e)])?;
        Ok(GameType { id, name: spec.general.name.clone(), folder, spec, variant })
    }

    /// The same game type under an id of its own made from where its
    /// folder lies: for a copy of a listed game type opened by its path,
    /// so that its saved game and statistics never mix with the listed
    /// one's.
    pub fn apart(self) -> GameType {
        let id = apart_id(&self.id, &self.folder, MAX_ID_LEN);
        // The rules built once already: building them again cannot fail.
        Self::build(id, self.folder.clone(), &in_any_case(&self.folder, "game.ini"), self.spec.clone()).unwrap_or(self)
    }
}

/// The variant a game type plays, built from rules read clean: what
/// opening it and `parlour lint` both ask, so a game.ini lint passes
/// plays. Such rules always build (game.ini's own checks say first, on
/// the right line, what would stop them); the error is the rules' own
/// words, for the first line of game.ini.
pub fn playable(id: String, spec: &GameSpec) -> Result<SolitaireVariant, String> {
    let rules = |mode| Rules::from_spec(spec, mode);
    SolitaireVariant::new(id, spec.hash, rules(Mode::Easy)?, rules(Mode::Hard)?)
}

/// Every game-type folder directly inside `dirs` (in order; a later folder
/// with an id already seen is skipped), sorted by name within each dir.
pub fn discover(dirs: &[PathBuf]) -> Vec<PathBuf> {
    discover_all(dirs).first
}

/// [`discover`]'s folders, and each left out because a folder beside it
/// has its id (see [`ById::beside`]).
pub fn discover_all(dirs: &[PathBuf]) -> ById {
    by_id(dirs, |p| in_any_case(p, "game.ini").is_file(), folder_id)
}

/// The game-types folder `dir`, or each folder in it, as a folder left
/// out, as (name, why), where it is there but cannot be read: the
/// player's own game types would otherwise be missing from the list
/// without a word.
pub fn unreadable_folders(dir: &Path) -> Vec<(String, String)> {
    use crate::core::files::folder_unreadable;
    if let Some(why) = folder_unreadable(dir) {
        let why = format!("the folder cannot be read ({why}), so no game type in it is listed");
        return vec![(dir.display().to_string(), why)];
    }
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut folders: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    folders.sort();
    let unreadable = |folder: PathBuf| Some((file_name(&folder), folder_unreadable(&folder)?));
    folders
        .into_iter()
        .filter_map(unreadable)
        .map(|(name, why)| (name, format!("the folder cannot be read ({why})")))
        .collect()
}

/// How a folder came to be searched for game types: named in a list such
/// as `$PARLOUR_GAME_TYPES`, or one of the game-types folders searched
/// when there is no list (./game-types, the data folder's).
#[derive(Clone, Copy, Debug)]
pub enum Searched<'a> {
    Listed(&'a str),
    GameTypes,
}

/// Why `dir`, searched for game-type folders, is a game type's own folder
/// instead (it holds game.ini, which is then never read), and what to do;
/// None when it holds no game.ini.
pub fn own_folder_searched(dir: &Path, how: Searched) -> Option<String> {
    in_any_case(dir, "game.ini").is_file().then(|| {
        let parent = dir.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        match how {
            Searched::Listed(var) => format!(
                "{var} names {}, a game type's own folder; it lists the folders that hold game types, such as {}",
                dir.display(),
                parent.display()
            ),
            Searched::GameTypes => {
                // Named after the game, as game types' folders are, where
                // its Name can name a folder.
                let fits = |n: &String| {
                    !n.starts_with('.') && !n.contains(['/', '\\', ':']) && !n.chars().any(char::is_control)
                };
                let name = general_name(dir).map(|(name, _)| name).filter(fits).unwrap_or_else(|| "My Game".into());
                format!(
                    "{} holds a game.ini, as a game type's own folder does; it holds the folders of game types, \
                     so move game.ini into a folder of its own, such as {}",
                    dir.display(),
                    free_folder(dir, &name).display()
                )
            }
        }
    })
}

/// A folder for a new game type in `dir`, named `name` or, where a
/// folder there already has that id (the game type the stray game.ini
/// was copied from, often), `name 2`, `name 3` and so on: moving a file
/// into the folder suggested must never overwrite another game's rules.
fn free_folder(dir: &Path, name: &str) -> PathBuf {
    let ids: Vec<String> =
        std::fs::read_dir(dir).into_iter().flatten().flatten().map(|entry| folder_id(&entry.path())).collect();
    // A folder holds finitely many names, so one of these is free.
    let free = crate::core::numbered_names(name).find(|n| !ids.contains(&id_for(n))).unwrap_or_default();
    dir.join(free)
}

/// What in the game-types folder `dir` is no game type but looks meant
/// for one, as (name, why) pairs: a game.ini straight in `dir` (see
/// [`own_folder_searched`]; of a folder a list names, the list's reader
/// tells, so it is not told twice), and a folder holding game.ini.txt, in any
/// case, and no game.ini (Windows hides known extensions, so a file saved
/// as "game.ini" by Notepad may be game.ini.txt).
pub fn misplaced(dir: &Path, how: Searched) -> Vec<(String, String)> {
    let mut found = Vec::new();
    if let Searched::GameTypes = how
        && let Some(why) = own_folder_searched(dir, how)
    {
        found.push((in_any_case(dir, "game.ini").display().to_string(), why));
    }
    for (folder, text) in games_ini_as_text(dir) {
        found.push((file_name(&folder), rename_note(&text)));
    }
    found
}

/// Where `folder` holds no game.ini but a game.ini.txt, what to do about
/// it, for whatever names that folder to say why it holds no game type.
pub fn ini_as_text_note(folder: &Path) -> Option<String> {
    game_ini_as_text(folder).map(|text| rename_note(&text))
}

fn rename_note(text: &Path) -> String {
    format!(
        "it holds {} and no game.ini (Windows hides the .txt of a file's name): rename {} to game.ini",
        file_name(text),
        text.display()
    )
}

/// Each folder in `dir` (in name order) that holds game.ini.txt and no
/// game.ini, with that file: see [`game_ini_as_text`].
pub fn games_ini_as_text(dir: &Path) -> Vec<(PathBuf, PathBuf)> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut folders: Vec<PathBuf> = entries.flatten().map(|e| e.path()).filter(|p| p.is_dir()).collect();
    folders.sort();
    folders.into_iter().filter_map(|folder| game_ini_as_text(&folder).map(|text| (folder, text))).collect()
}

/// The game.ini.txt (in any case) of a `folder` that holds no game.ini:
/// the game.ini a Windows editor saved with a .txt its Explorer hid.
pub fn game_ini_as_text(folder: &Path) -> Option<PathBuf> {
    if in_any_case(folder, "game.ini").exists() {
        return None;
    }
    let files = std::fs::read_dir(folder).ok()?;
    let mut texts: Vec<PathBuf> =
        files.flatten().map(|e| e.path()).filter(|p| file_name(p).eq_ignore_ascii_case("game.ini.txt")).collect();
    texts.sort();
    texts.into_iter().next()
}

/// The [General] Name of the game type in `folder`, trimmed, and its line
/// in game.ini, where it has one that is not blank: read whatever else is
/// wrong with the file.
pub fn general_name(folder: &Path) -> Option<(String, usize)> {
    use crate::core::files::{limits, read_capped};
    let ini = in_any_case(folder, "game.ini");
    let bytes = read_capped(&ini, limits::RULES).ok()?;
    let (doc, _) = super::ini::IniDoc::parse(&ini, &bytes);
    let name = doc.section("General")?.get("Name")?;
    let value = name.value.trim();
    (!value.is_empty()).then(|| (value.to_string(), name.line))
}

/// The id of the game type in `folder`, made from its name.
pub fn folder_id(folder: &Path) -> String {
    id_for(&file_name(folder))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game type made on Windows may name its files in any case, as
    /// YaZZle finds them there (lint asks for lower case all the same).
    #[test]
    fn a_game_ini_in_another_case_is_found() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("Upper");
        std::fs::create_dir(&folder).unwrap();
        let klondike = include_bytes!("../../game-types/Klondike/game.ini");
        std::fs::write(folder.join("GAME.INI"), klondike).unwrap();
        assert_eq!(discover(&[dir.path().to_path_buf()]), std::slice::from_ref(&folder));
        let game = GameType::load(&folder).unwrap();
        assert_eq!((game.id.as_str(), game.name.as_str()), ("upper", "Klondike"));
    }

    #[test]
    fn ids_are_lower_case_with_dashes() {
        assert_eq!(id_for("Klondike Draw Three"), "klondike-draw-three");
        assert_eq!(id_for("Baker's Game"), "bakers-game");
        assert_eq!(id_for("Königsberg Patience"), "konigsberg-patience");
        assert_eq!(id_for("Été & Co."), "ete-co");
        assert_eq!(id_for("Baker\u{2019}s Dozen"), "bakers-dozen");
        assert_eq!(id_for("  The  Chance!"), "the-chance");
        assert_eq!(id_for(&"Long ".repeat(20)).len(), MAX_ID_LEN);
        assert_eq!(id_for(&"Abc ".repeat(20)).len(), MAX_ID_LEN - 1, "cut to the limit, no dash at the end");
    }

    #[test]
    fn a_name_without_letters_still_has_an_id() {
        let ids: Vec<String> = ["!!!", "", "\u{e000}", "(*)"].iter().map(|n| id_for(n)).collect();
        for id in &ids {
            assert!(id.starts_with("game-") && id.len() == 13, "{id:?}");
            assert!(id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'), "{id:?}");
        }
        assert_ne!(ids[0], ids[1], "different names, different ids");
    }
}
