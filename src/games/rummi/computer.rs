//! The program's turn: which play its level finds, whether a swap of
//! duplicates helps it, and the moves that carry it out.

use crate::core::Game;

use super::beginner;
use super::moves::{Move, Source, Target};
use super::planner;
use super::rules::{Rummi, Side};
use super::solver::{self, Play, Position};
use super::tile::{Counts, Kind};

/// How hard the program tries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Lays down what it sees and adds to the ends of sets.
    Beginner,
    /// Finds the best play, rearranging the whole table if that helps.
    Expert,
}

impl Level {
    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Expert => "expert",
        }
    }

    pub fn parse(text: &str) -> Option<Level> {
        [Level::Beginner, Level::Expert].into_iter().find(|l| l.name().eq_ignore_ascii_case(text.trim()))
    }
}

/// `side`'s position in `state` as the solver sees it.
pub fn position(state: &Rummi, side: Side) -> Position {
    Position {
        table: Counts::of(state.table().tiles().map(|t| t.kind())),
        rack: Counts::of(state.tray(side).iter().map(|t| t.kind())),
        first: !state.melded(side),
    }
}

/// The play `level` finds for `side` with `rack` in place of its tray.
fn play_with(state: &Rummi, side: Side, rack: Counts, level: Level) -> Play {
    let pos = Position { rack, ..position(state, side) };
    match level {
        Level::Expert => solver::best(&pos),
        Level::Beginner => {
            let sets: Vec<Vec<Kind>> = state.table().series().iter().map(|s| s.kinds()).collect();
            beginner::play(&sets, pos.rack, pos.first)
        }
    }
}

fn worth(p: &Play) -> (usize, u32) {
    (p.tiles(), p.value())
}

fn swapped(rack: Counts, give: Kind, take: Kind) -> Counts {
    let mut r = rack;
    r.0[give.index()] -= 1;
    r.0[take.index()] += 1;
    r
}

/// The swap of duplicates that lets the program play more this turn, if
/// one does: it gives one of its pairs and takes one of the player's.
pub fn helpful_swap(state: &Rummi, level: Level) -> Option<Move> {
    let side = state.turn();
    let rack = position(state, side).rack;
    let now = worth(&play_with(state, side, rack, level));
    let mut best: Option<((usize, u32), Move)> = None;
    for give in state.duplicates(side) {
        for take in state.duplicates(side.other()) {
            let w = worth(&play_with(state, side, swapped(rack, give, take), level));
            if w > now && best.as_ref().is_none_or(|b| w > b.0) {
                best = Some((w, Move::Swap { give, take }));
            }
        }
    }
    best.map(|b| b.1)
}

/// Which of its pairs the program gives when the player swaps a `take`
/// for one: the one it misses least.
pub fn program_gives(state: &Rummi, receiving: Kind, level: Level) -> Option<Kind> {
    let rack = position(state, Side::Program).rack;
    let mut best: Option<((usize, u32), Kind)> = None;
    for give in state.duplicates(Side::Program) {
        let w = worth(&play_with(state, Side::Program, swapped(rack, give, receiving), level));
        if best.is_none_or(|b| w > b.0) {
            best = Some((w, give));
        }
    }
    best.map(|b| b.1)
}

/// The whole turn of the side to move, as moves: a helpful swap, then
/// the tiles of its play one by one and OK; or a draw. A turn found half
/// played (the program was stopped in the middle of it, and the game
/// resumed or redone to there) is played whole again: first the tiles
/// already put down go back to the tray.
pub fn turn(state: &Rummi, level: Level) -> Vec<Move> {
    let mut now = state.clone();
    let mut moves = take_back(&mut now);
    // Only the expert moves tiles already on the table, so a table left
    // rearranged is the expert's half turn: the expert finishes it
    // whatever the level now, the beginner's plays fitting only whole sets.
    let level = if now.moved() { Level::Expert } else { level };
    if let Some(swap) = helpful_swap(&now, level)
        && now.check(&swap).is_ok()
    {
        now.apply(&swap);
        moves.push(swap);
    }
    let play = play_with(&now, now.turn(), position(&now, now.turn()).rack, level);
    match planner::moves(&now, &play) {
        Ok(plan) => moves.extend(plan),
        Err(why) => {
            debug_assert!(false, "the planner failed: {why}");
            moves.push(Move::Draw);
        }
    }
    moves
}

/// Puts the tiles played from the mover's tray this turn back on it, last
/// first, making each move on `now`; returns the moves. The play is then
/// planned from the tray whole, so a first play still counts its 30 from
/// tiles of the tray.
fn take_back(now: &mut Rummi) -> Vec<Move> {
    let mut moves = Vec::new();
    while let Some(&id) = now.played().last() {
        let Some((series, _)) = now.table().find(id) else { break };
        let m = Move::Put { from: Source::Table { series, kind: id.kind() }, to: Target::Tray };
        if now.check(&m).is_err() {
            break;
        }
        now.apply(&m);
        moves.push(m);
    }
    moves
}
