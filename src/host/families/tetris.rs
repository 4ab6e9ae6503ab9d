//! Tetris: one game, to the Oberon System 3 rules.

use std::sync::Arc;

use crate::games::tetris::rules::{ID, TetrisVariant};
use crate::host::{Controller, Family, GameEntry, HelpRef, Listed, Opening, Places};
use crate::machines::MachineId;
use crate::views::View;
use crate::views::tetris::TetrisBoard;

pub static FAMILY: Family = Family {
    id: "tetris",
    chooser_label: "Games...",
    kind: crate::host::Kind::GameType,
    games,
    variants,
    resolve,
    chooser: None,
    open,
    help,
    figures: crate::host::kept_figures,
    progress: crate::host::no_progress,
    record: crate::host::Record::ScoreOnly,
    claims: crate::host::Claims::EachGame,
};

fn entry() -> GameEntry {
    GameEntry {
        id: ID.into(),
        game_id: ID.into(),
        name: "Tetris".into(),
        // Oberon ran on none of Parlour's machines: the player's last one.
        kept_end: 0,
        default_machine: None,
        family: &FAMILY,
        data: Arc::new(()),
    }
}

fn games(_places: &Places) -> Vec<GameEntry> {
    vec![entry()]
}

fn variants(_places: &Places, _open: Option<&GameEntry>) -> Vec<Listed> {
    vec![Ok(entry())]
}

fn resolve(_target: &str, _places: &Places) -> Option<Result<GameEntry, String>> {
    None
}

fn open(_entry: &GameEntry, places: &Places, how: &Opening) -> Box<dyn View> {
    let board = TetrisBoard::new(&places.data_dir);
    Box::new(Controller::open(FAMILY.id, TetrisVariant, board, &places.data_dir, how))
}

fn help(_entry: &GameEntry, _machine: MachineId) -> HelpRef {
    HelpRef::Guide { file: "tetris.guide".into(), node: "MAIN".into(), fallback: None }
}
