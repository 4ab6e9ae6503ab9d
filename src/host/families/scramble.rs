//! Scramble: one launcher entry, opening the size last played (4 x 4 at
//! first); each size keeps its own game and statistics (`scramble/3x3`).

use std::sync::Arc;

use crate::core::Variant;
use crate::games::scramble::rules::{SIZE, ScrambleVariant};
use crate::host::{Controller, Family, GameEntry, HelpRef, Listed, Opening, Places, prefs};
use crate::machines::MachineId;
use crate::views::View;
use crate::views::scramble::ScrambleBoard;

pub static FAMILY: Family = Family {
    id: "scramble",
    chooser_label: "Sizes...",
    kind: crate::host::Kind::GameType,
    games,
    variants,
    resolve,
    chooser: None,
    open,
    help,
    figures: crate::host::kept_figures,
    progress: crate::host::no_progress,
    record: crate::host::Record::Unscored,
};

const LAUNCHER_ID: &str = "scramble";
const DEFAULT_SIZE: (usize, usize) = (4, 4);

fn entry(id: &str, name: &str, size: Option<(usize, usize)>) -> GameEntry {
    GameEntry {
        id: id.to_string(),
        game_id: size.map_or_else(|| LAUNCHER_ID.to_string(), |(c, r)| format!("scramble/{c}x{r}")),
        name: name.to_string(),
        kept_end: 0,
        default_machine: None,
        family: &FAMILY,
        data: Arc::new(size),
    }
}

fn games(_places: &Places) -> Vec<GameEntry> {
    vec![entry(LAUNCHER_ID, "Scramble", None)]
}

fn variants(_places: &Places, _open: Option<&GameEntry>) -> Vec<Listed> {
    (SIZE.0..=SIZE.1)
        .flat_map(|c| (SIZE.0..=SIZE.1).map(move |r| (c, r)))
        .map(|(c, r)| Ok(entry(&format!("scramble/{c}x{r}"), &format!("{c} x {r} pieces"), Some((c, r)))))
        .collect()
}

/// `scramble/3x4`: that size's game.
fn resolve(target: &str, _places: &Places) -> Option<Result<GameEntry, String>> {
    let size = target.to_ascii_lowercase().strip_prefix("scramble/")?.to_string();
    let parsed = size.split_once('x').and_then(|(c, r)| Some((c.parse().ok()?, r.parse().ok()?)));
    Some(match parsed {
        Some((c, r)) => ScrambleVariant::new(c, r, false).map(|v| entry(v.id(), "Scramble", Some((c, r)))),
        None => Err(format!("unknown puzzle `{target}`: write scramble/COLUMNSxROWS, e.g. scramble/4x4")),
    })
}

/// The size last played, from the preferences.
fn kept_size(places: &Places) -> Option<(usize, usize)> {
    let kept = prefs::read(&places.data_dir, FAMILY.id);
    let get = |k: &str| kept.iter().find(|(key, _)| key == k).and_then(|(_, v)| v.parse().ok());
    Some((get("cols")?, get("rows")?))
}

fn open(entry: &GameEntry, places: &Places, how: &Opening) -> Box<dyn View> {
    let chosen: &Option<(usize, usize)> = entry.data.downcast_ref().expect("a scramble entry holds its size");
    let (cols, rows) = chosen.or_else(|| kept_size(places)).unwrap_or(DEFAULT_SIZE);
    let variant = ScrambleVariant::new(cols, rows, false)
        .or_else(|_| ScrambleVariant::new(DEFAULT_SIZE.0, DEFAULT_SIZE.1, false))
        .expect("4 x 4 is a Scramble size");
    let board = ScrambleBoard::new(&places.data_dir, (places.search)("pictures"));
    Box::new(Controller::open(FAMILY.id, variant, board, &places.data_dir, how))
}

fn help(_entry: &GameEntry, _machine: MachineId) -> HelpRef {
    HelpRef::Guide { file: "scramble.guide".into(), node: "MAIN".into(), fallback: None }
}
