//! The Chance, the Card Shell's game 3: one game with three Sequences
//! rules, read from `card-shell/The Chance/game.ini`. The ids of its three
//! former game types (`the-chance-any-suit`, `the-chance-same-suit`) still
//! name it, with their rule.

use std::path::Path;
use std::sync::Arc;

use crate::core::files::in_any_case;
use crate::host::{Controller, Family, GameEntry, HelpRef, Listed, Opening, Places, prefs};
use crate::machines::MachineId;
use crate::solitaire::chance::{ChanceGame, ChanceVariant, FOLDER, ID, Sequences, former_id};
use crate::solitaire::library::id_for;
use crate::views::View;
use crate::views::chance::{ChanceBoard, RULE_PREF};

pub static FAMILY: Family = Family {
    id: "chance",
    chooser_label: "Sequences...",
    kind: crate::host::Kind::GameType,
    games,
    variants,
    resolve,
    chooser: None,
    open,
    help,
    figures: crate::views::chance::scores::figures,
    progress: crate::host::no_progress,
    // Its points are figures of its own: the common score stays 0.
    record: crate::host::Record::Unscored,
    claims: crate::host::Claims::EachGame,
};

/// The game as the registry lists it, or as a former id names it (with
/// that id and its rule).
fn entry(game: ChanceGame, former: Option<(&str, Sequences)>) -> GameEntry {
    let (id, game) = match former {
        Some((id, rule)) => (id.to_ascii_lowercase(), ChanceGame { variant: game.variant.with_rule(rule), ..game }),
        None => (ID.to_string(), game),
    };
    GameEntry {
        id,
        game_id: ID.to_string(),
        name: game.game_type.name.clone(),
        kept_end: 0,
        default_machine: Some(MachineId::MacSe30),
        family: &FAMILY,
        data: Arc::new(game),
    }
}

/// The game from the first `card-shell` folder that has it, or why it
/// could not be read.
fn load(places: &Places) -> Option<Listed> {
    let folder = (places.search)("card-shell")
        .into_iter()
        .map(|d| d.join(FOLDER))
        .find(|f| in_any_case(f, "game.ini").is_file())?;
    Some(ChanceGame::load(&folder).map(|g| entry(g, None)).map_err(|diags| {
        (FOLDER.to_string(), diags.iter().find(|d| d.is_error()).map_or(String::new(), |d| d.to_string()))
    }))
}

fn variants(places: &Places, _open: Option<&GameEntry>) -> Vec<Listed> {
    load(places).into_iter().collect()
}

/// The launcher lists the game when it reads; a broken game.ini is left
/// out, and told of by [`host::left_out`](crate::host::left_out).
fn games(places: &Places) -> Vec<GameEntry> {
    variants(places, None).into_iter().flatten().collect()
}

/// A former id with its rule, or the game's folder (or game.ini) by path.
fn resolve(target: &str, places: &Places) -> Option<Result<GameEntry, String>> {
    if let Some(rule) = former_id(target) {
        return Some(match load(places)? {
            Ok(found) => Ok(entry(game(&found).clone(), Some((target, rule)))),
            Err((name, why)) => Err(format!("{name}: {why}")),
        });
    }
    let path = Path::new(target);
    let folder = if path.is_file() { path.parent()? } else { path };
    let named = folder.canonicalize().ok()?.file_name().is_some_and(|n| id_for(&n.to_string_lossy()) == ID);
    (named && in_any_case(folder, "game.ini").is_file()).then(|| {
        ChanceGame::load(folder).map(|g| entry(g, None)).map_err(|diags| {
            diags.iter().filter(|d| d.is_error()).map(|d| d.to_string()).collect::<Vec<_>>().join("\n")
        })
    })
}

fn game(entry: &GameEntry) -> &ChanceGame {
    entry.data.downcast_ref().expect("a chance entry holds its game")
}

/// Opens the game; the rule of a former id becomes the rule remembered for
/// the next deal, as if chosen with Sequences...
fn open(entry: &GameEntry, places: &Places, how: &Opening) -> Box<dyn View> {
    let game = game(entry);
    if let Some(rule) = former_id(&entry.id) {
        let mut kept = prefs::read(&places.data_dir, FAMILY.id);
        kept.retain(|(k, _)| k != RULE_PREF);
        kept.push((RULE_PREF.to_string(), rule.name().to_string()));
        let kept: Vec<(&str, String)> = kept.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
        if let Err(e) = prefs::write(&places.data_dir, FAMILY.id, &kept) {
            tell!("warning: the rule could not be remembered: {e}");
        }
    }
    let board = ChanceBoard::new(Arc::new(game.game_type.clone()));
    Box::new(Controller::open(FAMILY.id, game.variant.clone(), board, &places.data_dir, how))
}

/// The Chance as its window deals the next game, for `deal`, `solve` and
/// `survey`: by the rule a former id names, else by the Sequences rule the
/// player chose (kept in the preferences), else by alternating colours.
/// None where `entry` is not The Chance.
pub fn window_game(entry: &GameEntry, data_dir: &Path) -> Option<ChanceVariant> {
    let game: &ChanceGame = entry.data.downcast_ref()?;
    let chosen = || {
        let kept = prefs::read(data_dir, FAMILY.id).into_iter().find(|(k, _)| k == RULE_PREF);
        kept.and_then(|(_, v)| Sequences::parse(&v))
    };
    let rule = former_id(&entry.id).or_else(chosen).unwrap_or(game.variant.rule());
    Some(game.variant.with_rule(rule))
}

/// The Chance's own Imaj-style help, on every machine.
fn help(_entry: &GameEntry, _machine: MachineId) -> HelpRef {
    HelpRef::Guide { file: "the-chance.imaj".into(), node: String::new(), fallback: None }
}
