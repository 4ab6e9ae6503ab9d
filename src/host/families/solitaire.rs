//! YaZZle-style solitaire: every game-type folder (game.ini, game.html,
//! game.bmp) in the `game-types` folders is a game.

use std::path::Path;
use std::sync::Arc;

use crate::core::files::{in_any_case, is_listed};
use crate::host::{Controller, Family, GameEntry, HelpRef, Listed, Opening, Places};
use crate::machines::MachineId;
use crate::solitaire::library::{self, GameType, Searched};
use crate::views::View;
use crate::views::solitaire::SolitaireBoard;

pub static FAMILY: Family = Family {
    id: "solitaire",
    chooser_label: "Game Types...",
    kind: crate::host::Kind::GameType,
    games,
    variants,
    resolve,
    chooser: None,
    open,
    help,
    figures: crate::host::kept_figures,
    progress: crate::host::no_progress,
    record: crate::host::Record::Full,
};

fn entry(game_type: GameType) -> GameEntry {
    GameEntry {
        id: game_type.id.clone(),
        game_id: game_type.id.clone(),
        name: game_type.name.clone(),
        kept_end: 0,
        default_machine: Some(MachineId::Yazzle),
        family: &FAMILY,
        data: Arc::new(game_type),
    }
}

fn game_type(entry: &GameEntry) -> &GameType {
    entry.data.downcast_ref().expect("a solitaire entry holds its game type")
}

/// Every game type, or why a folder is left out: it could not be read,
/// or its id is taken by the folder beside it; and what in a game-types
/// folder looks meant for a game type and is none (see
/// [`library::misplaced`]). A folder `$PARLOUR_GAME_TYPES` lists is told
/// of when the list is read, in its own words.
fn variants(places: &Places, _open: Option<&GameEntry>) -> Vec<Listed> {
    let dirs = (places.search)("game-types");
    const VAR: &str = "PARLOUR_GAME_TYPES";
    let how = if std::env::var_os(VAR).is_some() { Searched::Listed(VAR) } else { Searched::GameTypes };
    let misplaced: Vec<Listed> = dirs.iter().flat_map(|dir| library::misplaced(dir, how)).map(Err).collect();
    let found = library::discover_all(&dirs);
    let read = found.first.into_iter().map(|folder| {
        GameType::load(&folder).map(entry).map_err(|diags| {
            let name = crate::core::files::file_name(&folder);
            (name, super::unreadable(&folder, &diags))
        })
    });
    read.chain(found.beside.iter().map(|clash| Err(super::id_taken(clash)))).chain(misplaced).collect()
}

/// The launcher lists every game type that reads; a broken one is left
/// out, and told of by [`host::left_out`](crate::host::left_out).
fn games(places: &Places) -> Vec<GameEntry> {
    variants(places, None).into_iter().flatten().collect()
}

/// A game-type folder or game.ini named by its path.
fn resolve(target: &str, places: &Places) -> Option<Result<GameEntry, String>> {
    game_type_at(Path::new(target), places)
}

/// The game type whose folder (or game.ini) is `path`, or what is wrong
/// with it; none where `path` holds no game.ini. By its path, which need
/// not be UTF-8 (a folder named in Latin-1).
pub fn game_type_at(path: &Path, places: &Places) -> Option<Result<GameEntry, String>> {
    let is_game_type = in_any_case(path, "game.ini").is_file()
        || (path.is_file() && path.extension().is_some_and(|e| e.eq_ignore_ascii_case("ini")));
    is_game_type.then(|| {
        GameType::load(path).map(|gt| entry(apart_from_listed(gt, places))).map_err(|diags| {
            diags.iter().filter(|d| d.is_error()).map(|d| d.to_string()).collect::<Vec<_>>().join("\n")
        })
    })
}

/// A game type opened by its path that is not the listed one of its id (a
/// copy of Klondike being tried out, or one of two folders of the same
/// name elsewhere) goes by an id of its own, made from where it lies: a
/// variant author's trials must not set another game's saved game aside
/// nor count in its statistics.
fn apart_from_listed(gt: GameType, places: &Places) -> GameType {
    let listed = library::discover(&(places.search)("game-types"));
    if is_listed(&gt.folder, &listed) { gt } else { gt.apart() }
}

fn open(entry: &GameEntry, places: &Places, how: &Opening) -> Box<dyn View> {
    let gt = Arc::new(game_type(entry).clone());
    let variant = gt.variant.clone();
    Box::new(Controller::open(FAMILY.id, variant, SolitaireBoard::new(gt), &places.data_dir, how))
}

/// YaZZle shows the game type's game.html, its Contents the solitaire
/// guide's; the Mac an Imaj-style help where there is one; the Amiga the
/// solitaire guide at the game type's node, and the game.html where the
/// guide has none (a game type of the player's own).
fn help(entry: &GameEntry, machine: MachineId) -> HelpRef {
    let id = &entry.id;
    let path = in_any_case(&game_type(entry).folder, "game.html");
    let page = HelpRef::File { path, node: "main".into(), contents: Some(("solitaire.guide".into(), "MAIN".into())) };
    let guide =
        HelpRef::Guide { file: "solitaire.guide".into(), node: id.clone(), fallback: Some(Box::new(page.clone())) };
    match machine {
        MachineId::Yazzle => page,
        MachineId::MacSe30 | MachineId::MacColor => {
            HelpRef::Guide { file: format!("{id}.imaj"), node: String::new(), fallback: Some(Box::new(guide)) }
        }
        MachineId::AmigaPal | MachineId::AmigaDblPal => guide,
    }
}
