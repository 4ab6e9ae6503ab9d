//! Which help document a game or file opens, on which machine: YaZZle
//! shows a game type's game.html, the Mac an Imaj-style help where the game
//! has one, the Amiga (and everything else) the game family's AmigaGuide at
//! the game's node. Parlour's own manual is parlour.guide on every machine.

use std::path::{Path, PathBuf};

use crate::core::files::{file_name, within};
use crate::help::model::{Document, Target};
use crate::help::read_to_show;
use crate::host::{GameEntry, HelpRef};
use crate::machines::MachineId;
use crate::solitaire::library::{GameType, discover};

use super::catalog;
use super::data_dirs::{game_type_dirs, guide_dirs};

/// The first help file called `name` in the guide folders.
pub(super) fn find_guide(name: &str) -> Option<PathBuf> {
    guide_dirs().into_iter().map(|d| d.join(name)).find(|p| p.is_file())
}

/// The page on using the help viewer, in Parlour's manual.
const USING_HELP: (&str, &str) = ("parlour.guide", "UsingHelp");

/// Reads a help file to show at `node`. One that names no Help page of
/// its own (every help but Parlour's manual, a player's own guide or
/// page too) gets the page on using help, as AmigaGuide's Help button
/// tells of AmigaGuide where a guide has no @HELP: no file has to name it.
fn open(path: &Path, node: &str) -> Result<(Document, String), String> {
    let mut doc = read_to_show(path)?;
    if doc.help.is_none() {
        let (file, node) = USING_HELP;
        doc.help = find_guide(file).map(|path| Target::File { path, node: node.to_string() });
    }
    Ok((doc, node.to_string()))
}

fn guide(name: &str, node: &str) -> Result<(Document, String), String> {
    let path = find_guide(name).ok_or_else(|| format!("{name} is not in the guide folders"))?;
    open(&path, node)
}

/// The document and node for `target` (a game id, a help file, or None
/// for Parlour's own manual) on `machine`; `node` overrides the node.
pub fn document_for(
    target: Option<&str>,
    node: Option<&str>,
    machine: MachineId,
) -> Result<(Document, String), String> {
    let (doc, default_node) = match target {
        None => guide("parlour.guide", "MAIN")?,
        Some(t) if Path::new(t).is_file() => open(Path::new(t), "")?,
        // A device or a pipe by a help file's name (a link to /dev/zero)
        // is no game either.
        Some(t) if is_special(Path::new(t)) => return Err(format!("{t} is not a regular file: help reads only files")),
        // A help file of Parlour's own by its name: `parlour help game-ini.guide`.
        Some(t)
            if crate::help::reader_named(t)
                && let Some(path) = find_guide(t) =>
        {
            open(&path, "")?
        }
        // A guide of Parlour's own by its name alone, where no game has
        // that name: `parlour help game-ini`.
        Some(t)
            if !t.contains(['/', '\\'])
                && catalog::find(t).is_err()
                && let Some(path) = find_guide(&format!("{t}.guide")) =>
        {
            open(&path, "")?
        }
        Some(id) => game_help(id, machine)?,
    };
    Ok((doc, node.map_or(default_node, str::to_string)))
}

/// Whether `path` is there but is neither a file nor a folder: a device,
/// a pipe, a socket.
fn is_special(path: &Path) -> bool {
    path.metadata().is_ok_and(|m| !m.is_file() && !m.is_dir())
}

/// The path of a help file as the player knows it: a built-in one by its
/// place among the built-in data (`the-chance.imaj`, `Klondike/game.html`),
/// not by the folder it was unpacked into, which is Parlour's business;
/// any other as it is.
pub fn known_path(path: &Path) -> PathBuf {
    let Some(inside) = super::data_dirs::builtin_dir().and_then(|b| path.strip_prefix(b).ok()) else {
        return path.to_path_buf();
    };
    // Past the kind of data (guide/, game-types/).
    let mut parts = inside.components();
    parts.next();
    parts.as_path().to_path_buf()
}

/// Prints a help document's problems on standard error as `parlour lint`
/// does, `file:line: message`, a built-in file by its [`known_path`].
pub fn print_problems(doc: &Document) {
    let known = known_path(&doc.path);
    for d in &doc.diagnostics {
        let path = if d.path == doc.path { known.clone() } else { d.path.clone() };
        tell!("{}", crate::core::Diagnostic { path, ..d.clone() }.labelled());
    }
}

/// Why `target` shows no help: a name that is nothing on disc may have
/// been meant as a help file, which help takes too, or as one of
/// Parlour's commands (`parlour help play`), whose help is its --help.
fn not_found(why: String, target: &Path) -> String {
    if target.exists() {
        return why;
    }
    let why = format!("{why}; help also takes a help file (.guide, .imaj, .html) or a guide's name (game-ini)");
    match super::cli::command().find_subcommand(target.as_os_str()) {
        Some(command) => format!("{why}; `parlour {} --help` tells of the command", command.get_name()),
        None => why,
    }
}

fn game_help(id: &str, machine: MachineId) -> Result<(Document, String), String> {
    match catalog::find(id) {
        Ok(game) => game_document(&game, machine),
        Err(why) => {
            // An author's game type whose rules do not read yet: its page
            // can still be read over, with the rules' problems said.
            let page = unplayable_game_type(id)
                .and_then(|folder| within(&folder, "game.html").ok())
                .filter(|page| page.is_file());
            let Some(page) = page else { return Err(not_found(why, Path::new(id))) };
            tell!("{why}");
            tell!("(the game cannot be played until its game.ini is mended; its help page is shown alone)");
            open(&page, "")
        }
    }
}

/// The folder of the game type `target` names that the list leaves out
/// (its rules do not read): by its path, or by the id or folder name it
/// would be listed under, as `parlour list` tells of it.
fn unplayable_game_type(target: &str) -> Option<PathBuf> {
    let path = Path::new(target);
    if path.is_dir() {
        return Some(path.to_path_buf());
    }
    // Named as `parlour list` names it left out: by its folder's name.
    let named = |folder: &PathBuf| crate::host::names(&file_name(folder), target.trim());
    // A game type that reads is no such folder, though its name may be
    // why `target` found no game (the name of two).
    discover(&game_type_dirs()).into_iter().find(|folder| named(folder) && GameType::load(folder).is_err())
}

/// The document and node of `game`'s help on `machine`.
pub fn game_document(game: &GameEntry, machine: MachineId) -> Result<(Document, String), String> {
    open_ref(&(game.family.help)(game, machine))
}

/// Opens a family's help document.
fn open_ref(help: &HelpRef) -> Result<(Document, String), String> {
    match help {
        HelpRef::File { path, node, contents } => {
            // A game's own page, read from its folder only.
            let folder = path.parent().unwrap_or(Path::new(""));
            let page =
                within(folder, &file_name(path)).map_err(|outside| format!("{}: {outside}", folder.display()))?;
            if !page.exists() {
                return Err(format!("{} has no help page: there is no {}", folder.display(), file_name(path)));
            }
            let (mut doc, node) = open(&page, node)?;
            if doc.contents.is_none()
                && let Some((file, node)) = contents
            {
                doc.contents = find_guide(file).map(|path| Target::File { path, node: node.clone() });
            }
            Ok((doc, node))
        }
        HelpRef::Guide { file, node, fallback } => {
            let found = find_guide(file).map(|path| open(&path, node)).transpose()?;
            // A guide without the node asked for (a game type of the
            // player's own in the solitaire guide) gives way too.
            let has_node = |doc: &Document| node.is_empty() || doc.node(node).is_some();
            match (found, fallback) {
                (Some((doc, node)), None) => Ok((doc, node)),
                (Some((doc, node)), Some(_)) if has_node(&doc) => Ok((doc, node)),
                (_, Some(other)) => open_ref(other),
                (None, None) => Err(format!("{file} is not in the guide folders")),
            }
        }
    }
}
