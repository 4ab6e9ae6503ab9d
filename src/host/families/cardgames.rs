//! The Oberon card games: the CardGames panel (the launcher's entry) and
//! the game types in the `card-games` folders (Solitaire, Spider and
//! FreeCell come built in), each played on the solitaire engine in the
//! Oberon way. Their ids are `cardgames/` and the folder's id, so their
//! journals and statistics never mix with YaZZle's game types.

use std::path::Path;
use std::sync::Arc;

use crate::core::Variant;
use crate::host::{Controller, Family, GameEntry, HelpRef, Listed, Opening, Places, prefs};
use crate::machines::MachineId;
use crate::solitaire::engine::SolitaireVariant;
use crate::solitaire::library::{self, GameType};
use crate::solitaire::rules::{Mode, PileKind};
use crate::views::View;
use crate::views::cardgames::{CHOOSER, CardGamesPanel, PREFS};
use crate::views::solitaire::{OberonGame, SolitaireBoard};

pub static FAMILY: Family = Family {
    id: PREFS,
    chooser_label: CHOOSER,
    kind: crate::host::Kind::CardGame,
    games,
    variants,
    resolve,
    chooser: None,
    open,
    help,
    figures: crate::host::kept_figures,
    progress: crate::host::no_progress,
    // Oberon's card games show no score (the engine's count of cards laid
    // off would be a figure the player never met) and no clock.
    record: crate::host::Record::Untimed,
    claims: crate::host::Claims::Family("CardGames"),
};

const ID_PREFIX: &str = "cardgames/";

/// What an entry opens.
enum Opened {
    Panel,
    Game(Arc<GameType>),
}

/// The game type a card-games entry opens (None for the panel), so that
/// `solve`, `deal`, `survey` and `lint` take `cardgames/freecell` as
/// `play` does.
pub fn game_type(entry: &GameEntry) -> Option<&GameType> {
    match entry.data.downcast_ref::<Opened>()? {
        Opened::Game(gt) => Some(gt),
        Opened::Panel => None,
    }
}

/// The mode a window plays `entry` in, where the game itself does not
/// offer the choice: CardGames Solitaire's is the panel's Draws (kept in
/// `data_dir`), one card (Easy) or three (Hard, as the panel starts).
pub fn window_mode(entry: &GameEntry, data_dir: &Path) -> Option<Mode> {
    game_type(entry).filter(|gt| oberon_game(gt) == OberonGame::Solitaire)?;
    let draws = prefs::read(data_dir, PREFS).into_iter().find(|(k, _)| k == "draws").map(|(_, v)| v);
    Some(if draws.as_deref() == Some("1") { Mode::Easy } else { Mode::Hard })
}

fn panel_entry() -> GameEntry {
    GameEntry {
        id: PREFS.into(),
        game_id: PREFS.into(),
        name: "CardGames".into(),
        kept_end: 0,
        default_machine: None,
        family: &FAMILY,
        data: Arc::new(Opened::Panel),
    }
}

/// A card-games game type under its own id.
fn game_entry(mut gt: GameType) -> Result<GameEntry, String> {
    let id = format!("{ID_PREFIX}{}", gt.id);
    gt.variant = SolitaireVariant::from_spec(id.clone(), &gt.spec)?;
    gt.id = id.clone();
    Ok(GameEntry {
        id: id.clone(),
        game_id: id,
        name: gt.name.clone(),
        kept_end: 0,
        default_machine: None,
        family: &FAMILY,
        data: Arc::new(Opened::Game(Arc::new(gt))),
    })
}

fn games(_places: &Places) -> Vec<GameEntry> {
    vec![panel_entry()]
}

fn variants(places: &Places, _open: Option<&GameEntry>) -> Vec<Listed> {
    let found = library::discover_all(&(places.search)("card-games"));
    let read = found.first.into_iter().map(|folder| {
        let name = crate::core::files::file_name(&folder);
        GameType::load(&folder)
            // Lint checks a panel game's rules alone: it has no help page or picture.
            .map_err(|diags| super::unreadable(&crate::core::files::in_any_case(&folder, "game.ini"), &diags))
            .and_then(game_entry)
            .map_err(|why| (name, why))
    });
    read.chain(found.beside.iter().map(|clash| Err(super::id_taken(clash)))).collect()
}

fn resolve(target: &str, places: &Places) -> Option<Result<GameEntry, String>> {
    if !target.to_ascii_lowercase().starts_with(ID_PREFIX) {
        return None;
    }
    let found = variants(places, None).into_iter().flatten().find(|g| g.id.eq_ignore_ascii_case(target));
    Some(found.ok_or_else(|| format!("unknown card game `{target}`: the CardGames panel lists them")))
}

/// Which Oberon game's clicks a game type gets: FreeCell's where there are
/// free cells, Spider's where whole suits are built, Solitaire's otherwise.
fn oberon_game(gt: &GameType) -> OberonGame {
    let rules = gt.variant.rules();
    if rules.pile_count(PileKind::Reserve) > 0 {
        OberonGame::FreeCell
    } else if rules.foundation.complete_sequences {
        OberonGame::Spider
    } else {
        OberonGame::Solitaire
    }
}

fn open(entry: &GameEntry, places: &Places, how: &Opening) -> Box<dyn View> {
    let opened: &Opened = entry.data.downcast_ref().expect("a card-games entry holds what it opens");
    let gt = match opened {
        Opened::Panel => return Box::new(CardGamesPanel::new(&places.data_dir)),
        Opened::Game(gt) => Arc::clone(gt),
    };
    let game = oberon_game(&gt);
    let mut variant = gt.variant.clone();
    if let Some(mode) = window_mode(entry, &places.data_dir) {
        variant = variant.with_options(mode.name()).unwrap_or(variant);
    }
    let board = SolitaireBoard::oberon(gt, game);
    Box::new(Controller::open(FAMILY.id, variant, board, &places.data_dir, how))
}

/// The card games guide, at the game's node.
fn help(entry: &GameEntry, _machine: MachineId) -> HelpRef {
    let node = match entry.data.downcast_ref::<Opened>() {
        Some(Opened::Game(gt)) => gt.name.clone(),
        _ => "MAIN".into(),
    };
    HelpRef::Guide { file: "cardgames.guide".into(), node, fallback: None }
}
