//! `parlour mines deal`: prints the board a MineSweeper game would be
//! played on, for tests and for checking the no-guess generator.

use clap::Subcommand;

use crate::games::mines::generate;
use crate::games::mines::grid::Grid;
use crate::games::mines::settings::Settings;

#[derive(Subcommand, Debug)]
pub enum MinesCommand {
    /// Print the board dealt for these settings, seed and first click: H
    /// lines of W characters, `*` a mine and `.` a free square.
    Deal {
        /// Columns, 8 to 30.
        #[arg(long, value_name = "W", allow_negative_numbers = true)]
        width: u32,
        /// Rows, 8 to 16.
        #[arg(long, value_name = "H", allow_negative_numbers = true)]
        height: u32,
        /// Mines, 10 to 99 and at most 70% of the squares.
        #[arg(long, value_name = "M", allow_negative_numbers = true)]
        mines: u32,
        /// The game's seed: the same arguments give the same board.
        #[arg(long, value_name = "S", value_parser = super::cli::seed_number, allow_negative_numbers = true)]
        seed: u64,
        /// The first click's column and row, counted from 0: `X,Y` (a
        /// journal's `move open 5,8` counts from 1: here it is 4,7).
        // A negative column (`-1,0`) is a value out of bounds, told by its
        // limit, not an unknown option.
        #[arg(long, value_name = "X,Y", allow_hyphen_values = true)]
        first: String,
        /// A board that can be cleared from the first click without guessing
        /// (the first square and its neighbours are free).
        #[arg(long)]
        no_guess: bool,
    },
}

/// Runs a `mines` command: the board's picture, or the message naming the
/// limit an argument breaks.
pub fn run(command: &MinesCommand) -> Result<String, String> {
    let MinesCommand::Deal { width, height, mines, seed, first, no_guess } = command;
    let settings = Settings { width: *width, height: *height, mines: *mines, no_guess: *no_guess };
    settings.validate().map_err(|e| e.0)?;
    let grid = Grid::new(*width as usize, *height as usize);
    let first = parse_first(first, grid)?;
    generate::layout(&settings, *seed, first).map(|l| l.picture())
}

/// `X,Y` within the field, as a square number.
fn parse_first(text: &str, grid: Grid) -> Result<usize, String> {
    let bad =
        || format!("--first {}: write the column and row from 0, e.g. --first 4,7", crate::core::escape_controls(text));
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    // A whole number, negative or too big for the field: `None`.
    let coordinate = |part: &str| {
        let part = part.trim();
        let digits = part.strip_prefix('-').unwrap_or(part);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        Ok(part.parse::<usize>().ok())
    };
    let within = |value: Option<usize>, letter: &str, size: usize, side: &str| {
        value
            .filter(|&v| v < size)
            .ok_or_else(|| format!("--first {text}: {letter} must be from 0 to {} (the {side} less one)", size - 1))
    };
    let x = within(coordinate(x)?, "X", grid.width, "width")?;
    let y = within(coordinate(y)?, "Y", grid.height, "height")?;
    Ok(grid.index(x, y))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deal(w: u32, h: u32, m: u32, first: &str, no_guess: bool) -> Result<String, String> {
        run(&MinesCommand::Deal { width: w, height: h, mines: m, seed: 5, first: first.into(), no_guess })
    }

    #[test]
    fn prints_the_board_row_by_row() {
        let board = deal(9, 9, 10, "0,0", false).unwrap();
        let rows: Vec<&str> = board.lines().collect();
        assert_eq!(rows.len(), 9);
        assert!(rows.iter().all(|r| r.len() == 9 && r.chars().all(|c| c == '*' || c == '.')));
        assert_eq!(board.matches('*').count(), 10);
        assert!(rows[0].starts_with('.'), "the first square is free");
    }

    #[test]
    fn limits_are_named() {
        assert!(deal(31, 9, 10, "0,0", false).unwrap_err().contains("width must be from 8 to 30"));
        assert!(deal(9, 9, 57, "0,0", false).unwrap_err().contains("at most 56 mines"));
        assert!(deal(9, 9, 10, "9,0", false).unwrap_err().contains("X must be from 0 to 8"));
        assert!(deal(9, 9, 10, "0,12", false).unwrap_err().contains("Y must be from 0 to 8"));
        assert!(deal(9, 9, 10, "a", false).unwrap_err().contains("--first"));
        assert!(deal(9, 9, 10, "-1,0", false).unwrap_err().contains("X must be from 0 to 8"));
        assert!(deal(9, 9, 10, "0,-3", false).unwrap_err().contains("Y must be from 0 to 8"));
        assert!(deal(9, 9, 10, "99999999999999999999,0", false).unwrap_err().contains("X must be from 0 to 8"));
        assert!(deal(9, 9, 10, "-,0", false).unwrap_err().contains("write the column and row"));
        // Quoted back as typed, not with Rust's escapes.
        assert!(deal(9, 9, 10, "4\"7", false).unwrap_err().starts_with("--first 4\"7: write"));
        assert!(deal(9, 9, 40, "0,0", true).unwrap_err().contains("too dense"));
    }
}
