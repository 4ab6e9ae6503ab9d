//! Random positions for tests and benchmarks: a valid table of about the
//! asked number of tiles, built from random runs and groups, and a rack of
//! random tiles from what is left.

use crate::core::GameRng;

use super::solver::Position;
use super::tile::{Colour, Counts, KINDS, Kind, MAX_NUMBER};

/// A position whose table holds `table_tiles` tiles or a few more (sets
/// come whole) in valid sets, and whose rack holds `rack_tiles` tiles.
pub fn random(rng: &mut GameRng, table_tiles: usize, rack_tiles: usize, first: bool) -> Position {
    let mut left = Counts([2; KINDS]);
    let mut table = Counts::default();
    let mut tries = 0;
    while table.total() < table_tiles && tries < 10_000 {
        tries += 1;
        let set = random_set(rng);
        if set.iter().all(|&k| left.get(k) > 0) {
            for k in set {
                left.0[k.index()] -= 1;
                table.0[k.index()] += 1;
            }
        }
    }
    let mut pool = left.kinds();
    rng.shuffle(&mut pool);
    let rack = Counts::of(pool.into_iter().take(rack_tiles));
    Position { table, rack, first }
}

/// A run of 3 to 5 or a group of 3 or 4, at random.
fn random_set(rng: &mut GameRng) -> Vec<Kind> {
    if rng.below(2) == 0 {
        let len = 3 + rng.below(3) as u8;
        let from = 1 + rng.below(u32::from(MAX_NUMBER - len + 1)) as u8;
        let colour = Colour::ALL[rng.below(4) as usize];
        (from..from + len).map(|n| Kind::new(colour, n)).collect()
    } else {
        let number = 1 + rng.below(u32::from(MAX_NUMBER)) as u8;
        let mut colours = Colour::ALL;
        rng.shuffle(&mut colours);
        let len = 3 + rng.below(2) as usize;
        colours[..len].iter().map(|&c| Kind::new(c, number)).collect()
    }
}
