//! YaZZle-style solitaire: every game-type folder (game.ini, game.html,
//! game.bmp) in the `game-types` folders is a game.

use std::path::Path;
use std::sync::Arc;

use crate::core::Diagnostic;
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
    claims: crate::host::Claims::EachGame,
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
/// or its id is taken by the folder beside it; a game-types folder, or
/// a folder in one, that cannot be read; and what in a game-types
/// folder looks meant for a game type and is none (see
/// [`library::misplaced`]). A folder `$PARLOUR_GAME_TYPES` lists is told
/// of when the list is read, in its own words.
fn variants(places: &Places, _open: Option<&GameEntry>) -> Vec<Listed> {
    let dirs = (places.search)("game-types");
    const VAR: &str = "PARLOUR_GAME_TYPES";
    let how = if std::env::var_os(VAR).is_some() { Searched::Listed(VAR) } else { Searched::GameTypes };
    let unreadable = dirs.iter().flat_map(|dir| library::unreadable_folders(dir));
    let misplaced: Vec<Listed> =
        dirs.iter().flat_map(|dir| library::misplaced(dir, how)).chain(unreadable).map(Err).collect();
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

/// A game-type folder (or its game.ini): the rules and the folder's
/// checks, and its game.html also as the help reads it, so that lint tells
/// all the help would (a tag closed by another, one the help does not
/// show), each once: where the folder's checks and the help both find
/// something wrong with a link or a picture (the same one, named in
/// backquotes, on the same line), the folder's word is the one told. The
/// pages of the folder that game.html links to (notes.html, and those it
/// links on to) are checked the same way, as a reader opens them from it.
///
/// A page that is not text is told of once, and not read further (its
/// bytes would come out as tags); game.bmp is checked as the folder's own
/// picture, so a page beside it showing it does not tell of it again.
pub fn lint_game_type(path: &Path) -> Vec<Diagnostic> {
    use crate::solitaire::lint as solitaire_lint;
    let mut found = solitaire_lint::lint_path(path);
    let html = crate::core::files::within(path, "game.html").ok();
    if let Some(html) = html.filter(|html| path.is_dir() && html.is_file() && solitaire_lint::is_text_file(html)) {
        let mut pages = vec![html.clone()];
        pages.extend(crate::help::linked_pages(&html));
        for page in pages {
            if page != html {
                found.extend(solitaire_lint::lint_linked_page(&page));
            }
            let beside_game_bmp: &[&str] = if page.parent() == html.parent() { &["game.bmp"] } else { &[] };
            let as_read = crate::help::lint_but_pictures(&page, beside_game_bmp);
            found.extend(not_told_yet(&found, &page, as_read));
        }
        found.sort_by(|a, b| (&a.path, a.line).cmp(&(&b.path, b.line)));
    }
    found
}

/// Of what the help says of the page at `page`, what `found` does not
/// already tell: the same link or picture on the same line, (once) a
/// missing <title> or an empty page, or where a heading left open ends (the folder's check
/// tells that it runs on, as an error).
fn not_told_yet(found: &[Diagnostic], page: &Path, as_read: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let told: std::collections::HashSet<(usize, &str)> =
        found.iter().filter(|d| d.path == page).map(|d| (d.line, quoted_or_whole(&d.message))).collect();
    let title_told = found.iter().any(|d| d.path == page && d.message.contains("<title>"));
    let empty = |d: &Diagnostic| d.message.starts_with("the page is empty");
    let empty_told = found.iter().any(|d| d.path == page && empty(d));
    let open_told: std::collections::HashSet<(usize, &str)> = found
        .iter()
        .filter(|d| d.path == page)
        .filter_map(|d| Some((d.line, tag_then(&d.message, " is not closed")?.0)))
        .collect();
    let already_told = |d: &Diagnostic| {
        told.contains(&(d.line, quoted_or_whole(&d.message)))
            || (title_told && d.message.contains("<title>"))
            || (empty_told && empty(d))
            || left_open(d).is_some_and(|opened| open_told.contains(&opened))
    };
    as_read.into_iter().filter(|d| !already_told(d)).collect()
}

/// The tag a message begins with ("<h2> is not closed...": "h2") where
/// `words` follow it, and what follows those.
fn tag_then<'a>(message: &'a str, words: &str) -> Option<(&'a str, &'a str)> {
    let (tag, rest) = message.strip_prefix('<')?.split_once('>')?;
    Some((tag, rest.strip_prefix(words)?))
}

/// The line and tag of an element the help says was left open: "<h2> from
/// line 161 is closed by </div>", "<i> is never closed".
fn left_open(d: &Diagnostic) -> Option<(usize, &str)> {
    if let Some((tag, rest)) = tag_then(&d.message, " from line ") {
        let line = rest.split_once(' ')?.0.parse().ok()?;
        return Some((line, tag));
    }
    tag_then(&d.message, " is never closed").map(|(tag, _)| (d.line, tag))
}

/// What a message is about: the first name it quotes in backquotes (a
/// link's address, a picture's file), or else the whole message.
fn quoted_or_whole(message: &str) -> &str {
    let quoted = message.split_once('`').and_then(|(_, rest)| rest.split_once('`')).map(|(name, _)| name);
    quoted.unwrap_or(message)
}
