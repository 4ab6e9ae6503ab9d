//! A chosen play turned into tile moves, so that the program's turn can be
//! shown tile by tile and recorded like a player's.
//!
//! The new table is given as sets of kinds. A series already on the table
//! that lies whole inside one of the new sets stays where it is and grows
//! at its ends; every other series is taken apart, and its tiles, with the
//! rack's, build the remaining sets one tile at a time in a free place.
//! Each move is tried on a copy of the game as it is planned, so the plan
//! is legal move by move.

use crate::core::Game;

use super::moves::{Move, Source, Target};
use super::rules::Rummi;
use super::sets::{Shape, ordered, shape};
use super::solver::Play;
use super::tile::{Kind, TileId};

/// The moves that turn the table into `play.sets`, ending the turn with
/// OK; or a draw when nothing is played. An error means the play does not
/// fit the position (a bug upstream): the caller then draws.
pub fn moves(state: &Rummi, play: &Play) -> Result<Vec<Move>, String> {
    if play.tiles() == 0 {
        return Ok(vec![Move::Draw]);
    }
    let mut sim = state.clone();
    let mut out = Vec::new();
    let mut targets: Vec<Vec<Kind>> = play.sets.iter().map(|s| ordered(s.clone())).collect();
    // Bases: series that lie whole inside a target, longest first.
    let mut series: Vec<Vec<TileId>> = state.table().series().iter().map(|s| s.tiles.clone()).collect();
    series.sort_by_key(|s| std::cmp::Reverse(s.len()));
    let mut based: Vec<Option<TileId>> = vec![None; targets.len()];
    let mut donors: Vec<TileId> = Vec::new();
    for s in series {
        let kinds: Vec<Kind> = s.iter().map(|t| t.kind()).collect();
        let home = (0..targets.len())
            .filter(|&t| based[t].is_none() && kinds.iter().all(|k| targets[t].contains(k)))
            .min_by_key(|&t| targets[t].len());
        match home {
            Some(t) => based[t] = Some(s[0]),
            None => donors.extend(s),
        }
    }
    // Grow the bases first, then build the new sets.
    let mut order: Vec<usize> = (0..targets.len()).collect();
    order.sort_by_key(|&t| based[t].is_none());
    let mut rack_left = play.played;
    for t in order {
        let target = std::mem::take(&mut targets[t]);
        let (mut anchor, todo) = match based[t] {
            Some(anchor) => {
                let (i, _) = sim.table().find(anchor).ok_or("a base left the table")?;
                let have: Vec<Kind> = sim.table().series()[i].kinds();
                let missing: Vec<Kind> = target.iter().copied().filter(|k| !have.contains(k)).collect();
                // Below a run's first tile: nearest first, so each one fits.
                let low = have[0].number();
                let is_run = shape(&target) == Shape::Run;
                let (mut below, above): (Vec<Kind>, Vec<Kind>) =
                    missing.into_iter().partition(|k| is_run && k.number() < low);
                below.reverse();
                below.extend(above);
                (Some(anchor), below)
            }
            None => (None, target.clone()),
        };
        for k in todo {
            let from = take_source(&sim, k, &mut donors, &mut rack_left)?;
            let to = match anchor {
                Some(a) => Target::Series(sim.table().find(a).ok_or("a set being built left the table")?.0),
                None => {
                    let (row, col) = sim
                        .table()
                        .free_place(target.len() as u16)
                        .or_else(|| sim.table().free_place(1))
                        .unwrap_or((sim.table().rows_used(), 0));
                    Target::Cell { row, col }
                }
            };
            let id = source_id(&sim, from).ok_or("a planned tile is not where it should be")?;
            let m = Move::Put { from, to };
            sim.check(&m).map_err(|r| format!("{m}: {r}"))?;
            sim.apply(&m);
            anchor = anchor.or(Some(id));
            out.push(m);
        }
    }
    sim.check(&Move::Done).map_err(|r| format!("ok: {r}"))?;
    out.push(Move::Done);
    Ok(out)
}

/// Where the next tile of kind `k` comes from: a series being taken
/// apart, else the rack.
fn take_source(
    sim: &Rummi,
    k: Kind,
    donors: &mut Vec<TileId>,
    rack: &mut super::tile::Counts,
) -> Result<Source, String> {
    if let Some(at) = donors.iter().position(|t| t.kind() == k) {
        let id = donors.remove(at);
        let (series, _) = sim.table().find(id).ok_or("a tile to take apart is not on the table")?;
        return Ok(Source::Table { series, kind: k });
    }
    if rack.get(k) == 0 {
        return Err(format!("the play needs one {k} more than the table and the rack give"));
    }
    rack.0[k.index()] -= 1;
    Ok(Source::Tray(k))
}

/// The tile a move from `from` would take, as the rules choose it (the
/// first of its kind on the tray).
fn source_id(sim: &Rummi, from: Source) -> Option<TileId> {
    match from {
        Source::Tray(k) => sim.tray(sim.turn()).iter().copied().find(|t| t.kind() == k),
        Source::Table { series, kind } => {
            sim.table().series().get(series)?.tiles.iter().copied().find(|t| t.kind() == kind)
        }
    }
}
