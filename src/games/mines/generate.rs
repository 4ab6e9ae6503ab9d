//! Placing the mines, after the first click as every MineSweeper does: the
//! first square is never a mine. A no-guess board also keeps the first
//! square's neighbours free (so the first click opens an area) and is
//! dealt again until the solver clears it from the first click by
//! deduction alone (see [`solver::clears`]).
//!
//! The board is a pure function of the settings, the seed and the first
//! square: the generator draws from one [`GameRng`] seeded with the game's
//! seed, so a game replays, and `parlour mines deal` prints, the same board.

use crate::core::GameRng;

use super::grid::{Grid, Layout};
use super::settings::Settings;
use super::solver;

/// Boards tried before a no-guess deal gives up. Expert needs a few
/// dozen at worst in tests; the limit only stops a runaway.
const NO_GUESS_ATTEMPTS: u32 = 20_000;

/// The mines for a game of `settings` dealt with `seed`, whose first
/// click is on square `first`. Settings must be valid; the error says why
/// no board was made (a no-guess deal that never came out solvable).
pub fn layout(settings: &Settings, seed: u64, first: usize) -> Result<Layout, String> {
    let grid = Grid::new(settings.width as usize, settings.height as usize);
    let mut rng = GameRng::new(seed);
    if !settings.no_guess {
        return Ok(place(grid, settings.mines as usize, &mut rng, &[first]));
    }
    let keep_free: Vec<usize> = grid.block(first).collect();
    for _ in 0..NO_GUESS_ATTEMPTS {
        let layout = place(grid, settings.mines as usize, &mut rng, &keep_free);
        if solver::clears(&layout, first) {
            return Ok(layout);
        }
    }
    Err(no_board(settings))
}

/// The board a game is played on: [`layout`], or, should a no-guess deal
/// ever fail (the settings' density limit makes that vanishingly rare),
/// a board with the first block free that may need a guess, so that the
/// game still goes on and replays the same.
pub fn layout_or_plain(settings: &Settings, seed: u64, first: usize) -> Layout {
    layout(settings, seed, first).unwrap_or_else(|_| {
        let grid = Grid::new(settings.width as usize, settings.height as usize);
        let keep_free: Vec<usize> = grid.block(first).collect();
        place(grid, settings.mines as usize, &mut GameRng::new(seed), &keep_free)
    })
}

fn no_board(settings: &Settings) -> String {
    format!(
        "No board of {} x {} with {} mines that needs no guess was found in {NO_GUESS_ATTEMPTS} tries.",
        settings.width, settings.height, settings.mines
    )
}

/// `mines` mines on squares other than `keep_free`, every choice equally
/// likely: the allowed squares are shuffled and the first ones mined.
fn place(grid: Grid, mines: usize, rng: &mut GameRng, keep_free: &[usize]) -> Layout {
    let mut allowed: Vec<usize> = (0..grid.len()).filter(|i| !keep_free.contains(i)).collect();
    rng.shuffle(&mut allowed);
    let mut mine = vec![false; grid.len()];
    for &i in allowed.iter().take(mines) {
        mine[i] = true;
    }
    Layout::new(grid, mine)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mines::settings::PRESETS;

    #[test]
    fn the_same_arguments_give_the_same_board_and_the_first_square_is_free() {
        let s = Settings::preset(&PRESETS[1]);
        let a = layout(&s, 7, 0).unwrap();
        assert_eq!(a, layout(&s, 7, 0).unwrap());
        assert_ne!(a, layout(&s, 8, 0).unwrap());
        assert_eq!(a.mine_count(), 40);
        assert!(!a.is_mine(0));
    }

    #[test]
    fn no_guess_boards_keep_the_first_block_free_and_clear() {
        let s = Settings { no_guess: true, ..Settings::preset(&PRESETS[2]) };
        let grid = Grid::new(30, 16);
        for (seed, first) in [(1, 0), (2, 29), (3, 16 * 30 - 1), (4, 8 * 30 + 15)] {
            let l = layout(&s, seed, first).unwrap();
            assert_eq!(l.mine_count(), 99);
            assert!(grid.block(first).all(|i| !l.is_mine(i)), "seed {seed}");
            assert!(solver::clears(&l, first), "seed {seed}");
        }
    }
}
