//! `parlour capture`: YaZZle's game.bmp for a game type — the whole
//! 698 x 523 window with the plastique skin right after a new game starts,
//! reduced to 200 x 150 by area averaging and quantised to 256 colours,
//! written as an 8-bit BMP. The deal uses a fixed seed so a capture is
//! reproducible byte for byte. The launcher draws games without a game.bmp
//! the same way, on its own machine.

use std::path::{Path, PathBuf};

use crate::core::escaped_path;
use crate::core::files::{in_any_case, limits, read_capped, replace_atomic, unwritable, within};
use crate::gfx::Surface;
use crate::gfx::image_io::encode_bmp;
use crate::gfx::reduce::{area_average, quantise};
use crate::host::{self, GameEntry, Opening, Places};
use crate::machines::{Machine, MachineChoice, MachineId};
use crate::views::background::{self, Work};

use super::catalog;
use super::driver::Driver;
use super::shell::Shell;

/// The deal every game.bmp shows.
pub const CAPTURE_SEED: u64 = 1;
pub const CAPTURE_SKIN: &str = "plastique";
pub const BMP_SIZE: (u32, u32) = (200, 150);

/// The game.bmp bytes for the game type at `folder`.
pub fn render(folder: &Path) -> Result<Vec<u8>, String> {
    // A folder named in Latin-1 is no name to look up: it is read by its
    // path as it is.
    let game = match folder.to_str() {
        Some(name) => catalog::find(name)?,
        None => host::game_type_at(folder, &catalog::places())
            .unwrap_or_else(|| Err(format!("{}: no game type here", escaped_path(folder))))?,
    };
    let choice = MachineChoice { id: Some(MachineId::Yazzle), depth: None, skin: Some(CAPTURE_SKIN.into()) };
    let machine = Machine::new(&choice, MachineId::Yazzle).map_err(|e| e.0)?;
    let (w, h) = BMP_SIZE;
    Ok(encode_bmp(&quantise(&area_average(&opening(&game, machine)?, w, h), w, h)))
}

/// The whole screen of `machine` right after `game` deals number
/// [`CAPTURE_SEED`] afresh: what game.bmp shows, and the launcher's
/// picture of a game that has none.
pub fn opening(game: &GameEntry, machine: Machine) -> Result<Surface, String> {
    // A data folder of its own, made afresh and removed after: the picture
    // must not depend on the player's preferences (card back) or saved
    // game, nor touch their journal.
    let scratch = tempfile::tempdir().map_err(|e| format!("no scratch folder for the picture: {e}"))?;
    let how = Opening {
        seed: Some(CAPTURE_SEED),
        fresh_seed: CAPTURE_SEED,
        machine: Some(machine.id()),
        ..Default::default()
    };
    // Nor on how soon a thread answers, nor wait for one: no search starts
    // to put the solver's word in its status line (in a window, the
    // launcher's picture, it would say "Thinking...").
    let work = background::work();
    background::set(Work::WhenAsked);
    let view = host::open(game, &Places { data_dir: scratch.path().to_path_buf(), ..catalog::places() }, &how);
    let view = view.inspect_err(|_| background::set(work))?;
    let driver = Driver::new(Shell::new(machine, view, CAPTURE_SEED));
    let frame = driver.frame().clone();
    // The game is closed (and journalled in the scratch folder) before
    // that folder goes.
    drop(driver);
    background::set(work);
    Ok(frame)
}

/// What [`capture`] did to a folder's game.bmp.
#[derive(Debug, PartialEq, Eq)]
pub enum Captured {
    /// There was none.
    Written,
    /// A link of that name was there, to this place (as the link names it):
    /// replaced by the picture itself, the file it led to left alone.
    LinkReplaced(PathBuf),
    /// It showed the same picture, byte for byte: left as it was.
    Unchanged,
    /// A different picture was there; it is kept under this file name
    /// (game.bmp.bak, or game.bmp.bak.N where game.bmp.bak holds another).
    Replaced(String),
}

/// The game-type folder `given` names: its own, or where it is a
/// game.ini (as it is for lint), the folder it is in.
pub fn folder_given(given: &Path) -> &Path {
    let is_ini = given.file_name().is_some_and(|n| n.eq_ignore_ascii_case("game.ini"));
    match given.parent() {
        Some(parent) if is_ini && given.is_file() => {
            if parent.as_os_str().is_empty() {
                Path::new(".")
            } else {
                parent
            }
        }
        _ => given,
    }
}

/// Writes game.bmp in the folder `given` names (see [`folder_given`]) and
/// returns its path and what was done. The
/// file is replaced whole (a reader never sees half a picture), a
/// different picture that was there is kept as game.bmp.bak (or, where
/// that holds another picture still, the first free game.bmp.bak.N: a
/// picture drawn by hand and kept by the first capture is never lost to
/// a later one), the same
/// picture is left alone (so a folder that cannot be written is no
/// trouble when nothing changes), a link of that name is replaced rather
/// than followed out of the folder, and a picture named in another case
/// is renamed game.bmp as it is replaced.
pub fn capture(given: &Path) -> Result<(PathBuf, Captured), String> {
    let is_ini = given.file_name().is_some_and(|n| n.eq_ignore_ascii_case("game.ini"));
    let folder = folder_given(given);
    if folder.is_file() {
        return Err("give the game type's folder (or its game.ini)".into());
    }
    if is_ini && folder == given && folder.exists() {
        return Err(crate::core::files::NOT_A_FILE.into());
    }
    // An id would find a game type, but not where to write its picture.
    if !folder.is_dir() {
        return Err("there is no such folder: give the game type's folder (or its game.ini), or --all".into());
    }
    // A folder with no rules is no game type, whatever its name: one
    // named like a game's id must not get that game's picture.
    if !in_any_case(folder, "game.ini").exists() {
        let why = crate::solitaire::library::ini_as_text_note(folder)
            .unwrap_or_else(|| "a game type's folder holds its rules in game.ini".into());
        return Err(format!("{}: no game.ini here: {why}", escaped_path(folder)));
    }
    // The CardGames panel's games and The Chance show no picture of
    // themselves: one drawn in their folder (with YaZZle's buttons, not
    // their own) would be a file nothing reads.
    if let Some(reader) = super::data_dirs::card_game_reader(folder) {
        return Err(format!(
            "{}: played by {reader}, which shows no picture of the game: capture draws the pictures of YaZZle game types (in game-types)",
            escaped_path(folder)
        ));
    }
    // Two pictures whose names differ only in case are one file to
    // Windows: which is meant, the player says by removing the other.
    let twins = crate::core::files::names_in_any_case(folder, "game.bmp");
    if twins.len() > 1 {
        return Err(format!(
            "{}: holds {}, names Windows takes for one file: remove all but one and capture again",
            escaped_path(folder),
            twins.join(" and "),
        ));
    }
    let bytes = render(folder)?;
    let out = folder.join("game.bmp");
    // A picture named in another case (GAME.BMP, as file systems that
    // ignore case let it be) is the one replaced, and it takes the name
    // lint asks for, so the folder never holds two.
    let old = in_any_case(folder, "game.bmp");
    // Only a regular file is read, and no more of it than a picture may
    // be, as lint reads one: a link, device or pipe is replaced unread.
    let kind = std::fs::symlink_metadata(&old).map(|m| m.file_type());
    let is_file = kind.as_ref().is_ok_and(|k| k.is_file());
    let link_to = kind.is_ok_and(|k| k.is_symlink()).then(|| std::fs::read_link(&old).ok()).flatten();
    let was = if is_file { Some(read_capped(&old, limits::PICTURE).map_err(|e| not_kept(&old, &e))?) } else { None };
    if old == out && was.as_deref() == Some(&bytes[..]) {
        return Ok((out, Captured::Unchanged));
    }
    // A picture marked read-only is refused before it is renamed or a
    // copy of it kept aside: nothing is done by halves.
    crate::core::files::not_read_only(&old).map_err(|e| cannot_write(&old, &e))?;
    if old != out {
        std::fs::rename(&old, &out).map_err(|e| format!("{}: cannot be renamed game.bmp: {e}", escaped_path(&old)))?;
    }
    // A different picture that was there (perhaps drawn by hand) is kept;
    // a link is replaced, never followed to be kept.
    if let Some(was) = was.filter(|was| *was != bytes) {
        let kept = keep_aside(folder, &was)?;
        replace_atomic(&out, &bytes).map_err(|e| cannot_write(&out, &e))?;
        Ok((out, Captured::Replaced(kept)))
    } else {
        replace_atomic(&out, &bytes).map_err(|e| cannot_write(&out, &e))?;
        Ok((out, link_to.map_or(Captured::Written, Captured::LinkReplaced)))
    }
}

/// Why the picture at `path` cannot be written, the path named first
/// (which names its folder, so it is not named again).
fn cannot_write(path: &Path, e: &std::io::Error) -> String {
    format!("{}: cannot be written: {}", escaped_path(path), crate::core::files::write_failure(e))
}

/// The name a replaced game.bmp is kept under (then with .1, .2...).
const KEPT_ASIDE: &str = "game.bmp.bak";

/// Whether `name` is one a replaced game.bmp is kept under (game.bmp.bak,
/// game.bmp.bak.N, in any case): the player's to look at, not part of the
/// game type.
pub fn is_kept_aside(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    name.strip_prefix(KEPT_ASIDE).is_some_and(|rest| {
        rest.is_empty()
            || rest.strip_prefix('.').is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    })
}

/// Why the picture in game.bmp cannot be kept as capture replaces it:
/// `path` (game.bmp, or a file it would be kept beside) cannot be read.
fn not_kept(path: &Path, why: &dyn std::fmt::Display) -> String {
    let name = crate::core::files::file_name(path);
    format!(
        "{}: cannot be read ({why}); game.bmp is left as it was: move {name} away and capture again",
        escaped_path(path)
    )
}

/// Keeps `picture`, the game.bmp about to be replaced in `folder`, as
/// game.bmp.bak, or where that holds another picture as the first free
/// game.bmp.bak.N; returns the name it is kept under. Each is read as
/// lint reads a game type's files: never through a link out of the
/// folder, never a device or pipe, never more than a picture may be.
fn keep_aside(folder: &Path, picture: &[u8]) -> Result<String, String> {
    let names = std::iter::once(KEPT_ASIDE.to_string()).chain((1..).map(|n| format!("{KEPT_ASIDE}.{n}")));
    for name in names {
        let path = folder.join(&name);
        // The name itself, not what a link there leads to: a link to
        // nowhere is in the way as any other file is.
        if std::fs::symlink_metadata(&path).is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound) {
            replace_atomic(&path, picture).map_err(|e| unwritable(&path, &e))?;
            return Ok(name);
        }
        let inside = within(folder, &name).map_err(|outside| not_kept(&path, &outside))?;
        match read_capped(&inside, limits::PICTURE) {
            Ok(there) if there == picture => return Ok(name),
            Ok(_) => continue,
            Err(e) => return Err(not_kept(&path, &e)),
        }
    }
    unreachable!("the names go on for ever")
}
