//! Rummi: Rummikub against the program, after the Amiga game. One game;
//! it opens on the screen mode Rummi.config names (PAL unless Set Mode
//! chose DblPAL), and deals the table that fits the machine it opens on.

use std::sync::Arc;

use crate::host::{Controller, Family, GameEntry, HelpRef, Listed, Opening, Places};
use crate::machines::MachineId;
use crate::views::View;
use crate::views::rummi::{RummiBoard, config};

pub static FAMILY: Family = Family {
    id: "rummi",
    chooser_label: "Rummi",
    kind: crate::host::Kind::GameType,
    games,
    variants,
    resolve,
    chooser: None,
    open,
    help,
    figures: crate::views::rummi::figures,
    progress: crate::host::no_progress,
    record: crate::host::Record::Unscored,
    claims: crate::host::Claims::EachGame,
};

fn entry(places: &Places) -> GameEntry {
    let screen = config::look(&places.data_dir);
    GameEntry {
        id: "rummi".into(),
        game_id: "rummi".into(),
        name: "Rummi".into(),
        kept_end: 0,
        default_machine: Some(screen.mode.machine),
        family: &FAMILY,
        data: Arc::new(()),
    }
}

fn games(places: &Places) -> Vec<GameEntry> {
    vec![entry(places)]
}

fn variants(places: &Places, _open: Option<&GameEntry>) -> Vec<Listed> {
    vec![Ok(entry(places))]
}

/// Rummi has no files of its own to open by path.
fn resolve(_target: &str, _places: &Places) -> Option<Result<GameEntry, String>> {
    None
}

fn open(_entry: &GameEntry, places: &Places, how: &Opening) -> Box<dyn View> {
    let board = RummiBoard::new(&places.data_dir, how.machine);
    let variant = board.variant();
    Box::new(Controller::open(FAMILY.id, variant, board, &places.data_dir, how))
}

fn help(_entry: &GameEntry, _machine: MachineId) -> HelpRef {
    HelpRef::Guide { file: "rummi.guide".into(), node: "MAIN".into(), fallback: None }
}
