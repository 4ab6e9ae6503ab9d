//! `parlour sokoban`: checking a line of moves on a level of an XSB file,
//! and solving a level, without a window.

use std::path::{Path, PathBuf};

use clap::Subcommand;

use crate::games::sokoban::level::Level;
use crate::games::sokoban::library::SetFile;
use crate::games::sokoban::rules::{Dir, Sokoban, parse_lurd};
use crate::games::sokoban::solver::{Verdict, solve, solve_quickly};

use super::cli::{Failure, fail};

#[derive(Subcommand, Debug)]
pub enum SokobanCommand {
    /// Play LURD moves on a level. Prints `solved moves=M pushes=P` (exit
    /// 0), `not solved moves=M pushes=P` (exit 1) or `illegal move K` at
    /// the first move that cannot be made (exit 1). Every broken level of
    /// the file is reported as `file:line: message` and makes the exit 2,
    /// though the moves on a good level are still played.
    Check {
        /// An XSB level file.
        file: PathBuf,
        /// The level, counted from 1.
        #[arg(long, value_name = "N")]
        level: usize,
        /// The moves: l, u, r, d, upper case for pushes (a lower-case push
        /// is accepted too).
        #[arg(long, value_name = "LURD", allow_hyphen_values = true)]
        moves: String,
    },
    /// Find a solution with the fewest pushes for a level and print it in
    /// LURD (exit 0), or say it is unsolvable (exit 1); no answer within
    /// --nodes exits 3, a malformed level 2 (`--quick`: any solution, found
    /// best first, as hints are). The file's other broken levels are
    /// reported as `file:line: message` and left out.
    Solve {
        /// An XSB level file.
        file: PathBuf,
        /// The level, counted from 1.
        #[arg(long, value_name = "N")]
        level: usize,
        /// Positions to search at most (default: no limit).
        #[arg(long, value_name = "N")]
        nodes: Option<u64>,
        /// Any solution, found best first: far quicker on hard levels.
        #[arg(long)]
        quick: bool,
    },
}

fn say(line: &str) {
    use std::io::Write as _;
    let _ = writeln!(std::io::stdout().lock(), "{line}");
}

/// A malformed file or a bad request: exit 2, the message on standard error.
fn malformed(message: impl Into<String>) -> Failure {
    Failure { code: 2, ..fail(message) }
}

pub fn run(command: SokobanCommand) -> Result<(), Failure> {
    match command {
        SokobanCommand::Check { file, level, moves } => check(&file, level, &moves),
        SokobanCommand::Solve { file, level, nodes, quick } => solve_level(&file, level, nodes, quick),
    }
}

/// Level `number` of `file`, and the problems of the file's broken
/// levels (`file:line: message`), which are on standard error by then. A
/// level that is broken or missing, or a file that cannot be read, is a
/// malformed file.
fn load_level(file: &Path, number: usize) -> Result<(Level, Vec<String>), Failure> {
    let set = SetFile::read(file).map_err(|e| malformed(format!("{}: cannot be read ({e})", file.display())))?;
    let broken: Vec<String> = set.set.errors().map(ToString::to_string).collect();
    for problem in &broken {
        eprintln!("{problem}");
    }
    match set.level(number) {
        Ok(level) => Ok((level.clone(), broken)),
        // A broken level's problem was said with the others.
        Err(why) if broken.contains(&why) => Err(malformed("")),
        Err(why) => Err(malformed(why)),
    }
}

/// Plays `moves` on level `number`. The other levels of the file are
/// checked too: any broken one makes the file malformed, whatever the
/// moves did.
fn check(file: &Path, number: usize, moves: &str) -> Result<(), Failure> {
    let (level, broken) = load_level(file, number)?;
    let steps = parse_lurd(moves.trim()).map_err(|e| malformed(format!("--moves: {e}")))?;
    let verdict = play_moves(level, &steps);
    if broken.is_empty() { verdict } else { Err(malformed("")) }
}

/// Plays `steps` on `level` and says how it ended: exit 0 solved, 1 not.
fn play_moves(level: Level, steps: &[Dir]) -> Result<(), Failure> {
    let mut state = Sokoban::new(std::sync::Arc::new(level));
    for (k, &d) in steps.iter().enumerate() {
        if state.step(d).is_err() {
            say(&format!("illegal move {}", k + 1));
            return Err(Failure { message: String::new(), code: 1 });
        }
    }
    let figures = format!("moves={} pushes={}", state.moves(), state.pushes());
    if state.is_solved() {
        say(&format!("solved {figures}"));
        Ok(())
    } else {
        say(&format!("not solved {figures}"));
        Err(Failure { message: String::new(), code: 1 })
    }
}

/// Solves level `number`; the file's broken levels are only reported.
fn solve_level(file: &Path, number: usize, nodes: Option<u64>, quick: bool) -> Result<(), Failure> {
    let (level, _broken) = load_level(file, number)?;
    let start = Sokoban::new(std::sync::Arc::new(level));
    let report = if quick { solve_quickly(&start, nodes) } else { solve(&start, nodes) };
    eprintln!("{} positions searched", report.positions);
    match report.verdict {
        Verdict::Solved { lurd, pushes } => {
            let fewest = if quick { "" } else { " (the fewest)" };
            say(&format!("solvable in {pushes} pushes{fewest}, {} moves", lurd.len()));
            say(&lurd);
            Ok(())
        }
        Verdict::Unsolvable => {
            say("unsolvable");
            Err(Failure { message: String::new(), code: 1 })
        }
        Verdict::GaveUp => Err(Failure { code: 3, ..fail("no solution found within the limit; try a larger --nodes") }),
    }
}
