//! `parlour sokoban`: checking a line of moves on a level of an XSB file,
//! and solving a level, without a window.

use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use clap::Subcommand;

use crate::core::plural;
use crate::games::sokoban::level::{Level, parse_moves};
use crate::games::sokoban::library::{self, SetFile};
use crate::games::sokoban::rules::{Dir, Sokoban};
use crate::games::sokoban::solver::{Limit, Limits, Verdict, solve, solve_quickly};

use super::cli::{Failure, fail};

#[derive(Subcommand, Debug)]
pub enum SokobanCommand {
    /// Play LURD moves on a level. Prints `solved moves=M pushes=P` (exit
    /// 0), `not solved moves=M pushes=P` (exit 1) or `illegal move K` at
    /// the first move that cannot be made (exit 1). Every broken level of
    /// the file, and every Solution line that is no solution, is reported
    /// as `file:line: message` and makes the exit 2, though the moves on a
    /// good level are still played; a broken level asked for is said, by
    /// its line, to be why it cannot be played. A file that cannot be
    /// read, or holds no level, exits 2 as well. A level the file does
    /// not have exits 64, as any option's value that cannot be taken.
    Check {
        /// An XSB level file, or a level's id (`sokoban/parlour/3`, as
        /// `parlour list` and the Choose Level box name the built-in ones):
        /// the file of its set.
        file: PathBuf,
        /// The level, counted from 1 (a level's id names its own).
        #[arg(long, value_name = "N", value_parser = level_number, allow_negative_numbers = true)]
        level: Option<usize>,
        /// The moves: l, u, r, d, upper case for pushes (a lower-case push
        /// is accepted too), each with an optional count before it (`3r`
        /// is `rrr`), as in Solution lines.
        #[arg(long, value_name = "LURD", value_parser = moves_given, allow_hyphen_values = true)]
        moves: Moves,
    },
    /// Find a solution with the fewest pushes for a level and print it in
    /// LURD (exit 0), or say it is unsolvable (exit 1); no answer within
    /// the limits (by default 25 seconds and 900 MB) exits 3, a malformed
    /// level 2, a level the file does not have 64 (`--quick`: any
    /// solution, found best first, as hints are).
    /// The file's other broken levels and Solution lines that are no
    /// solution are reported as `file:line: message` and left out.
    Solve {
        /// An XSB level file, or a level's id (`sokoban/parlour/3`, as
        /// `parlour list` and the Choose Level box name the built-in ones):
        /// the file of its set.
        file: PathBuf,
        /// The level, counted from 1 (a level's id names its own).
        #[arg(long, value_name = "N", value_parser = level_number, allow_negative_numbers = true)]
        level: Option<usize>,
        /// Positions to search at most (default: no limit but time and
        /// memory).
        #[arg(long, value_name = "N", value_parser = super::solve_cmd::nodes_limit, allow_negative_numbers = true)]
        nodes: Option<u64>,
        /// Megabytes the search may hold at most (default 900).
        #[arg(long, value_name = "MB", value_parser = super::solve_cmd::memory_limit, allow_negative_numbers = true)]
        memory: Option<usize>,
        /// Seconds the search may take at most (default 25; 0: no limit).
        #[arg(long, value_name = "S", value_parser = super::solve_cmd::seconds_limit, allow_negative_numbers = true)]
        seconds: Option<f64>,
        /// Any solution, found best first: far quicker on hard levels.
        #[arg(long)]
        quick: bool,
    },
}

/// Reads `--level`: a level's number, counted from 1. Level 0 is no
/// level of any file, so it is refused as a value that cannot be taken
/// (exit 64), before the file is read.
fn level_number(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err("give the level's number: levels are counted from 1".into()),
    }
}

/// The steps `--moves` gives.
#[derive(Clone, Debug)]
pub struct Moves(Vec<Dir>);

/// Reads `--moves`: moves that do not read are refused as any option's
/// value that cannot be taken is, exit 64 (EX_USAGE), before the file is
/// read, never taken for a malformed file (exit 2).
fn moves_given(text: &str) -> Result<Moves, String> {
    parse_moves(text).map(Moves)
}

/// The limits of `sokoban solve`: those `solve` has for a deal, so that
/// any search ends within about half a minute and a gigabyte.
fn limits(nodes: Option<u64>, memory: Option<usize>, seconds: Option<f64>) -> Limits {
    let default = crate::solitaire::solver::Limits::default();
    Limits {
        positions: nodes,
        memory: Some(memory.map_or(default.memory, |mb| mb.saturating_mul(1 << 20))),
        time: super::solve_cmd::time_limit(seconds, default.time),
        ..Limits::default()
    }
}

/// A malformed file: exit 2, the message on standard error.
fn malformed(message: impl Into<String>) -> Failure {
    Failure { code: 2, ..fail(message) }
}

pub fn run(command: SokobanCommand) -> Result<(), Failure> {
    match command {
        SokobanCommand::Check { file, level, moves } => {
            let (file, level) = level_of(&file, level)?;
            check(&file, level, &moves)
        }
        SokobanCommand::Solve { file, level, nodes, memory, seconds, quick } => {
            let (file, level) = level_of(&file, level)?;
            solve_level(&file, level, limits(nodes, memory, seconds), quick)
        }
    }
}

/// The set file and level number `target` and `--level` name: a file
/// is read as it is, and needs `--level`; a level's id that is no file
/// (`sokoban/parlour/3`) names its set's file, wherever the built-in sets
/// were put, and its number, which `--level` may change.
fn level_of(target: &Path, level: Option<usize>) -> Result<(PathBuf, usize), Failure> {
    let text = target.to_string_lossy();
    if let Some((set, named)) = library::split_id(&text).filter(|_| !target.exists()) {
        let places = super::catalog::places();
        let Some(file) = library::find_set(&(places.search)("boards"), set) else {
            return Err(malformed(format!(
                "{text}: there is no level set `{set}` (the sets are the .xsb files of the boards/sokoban folders)"
            )));
        };
        return Ok((file, level.unwrap_or(named)));
    }
    match level {
        Some(level) => Ok((target.to_path_buf(), level)),
        None => Err(super::cli::usage(format!(
            "{}: give the level to play with --level N (a level's id, such as sokoban/parlour/3, names its own)",
            target.display()
        ))),
    }
}

/// Level `number` of `file`, and the file's problems (broken levels,
/// solutions left out: `file:line: message`), which are on standard error
/// by then. A broken level, a file with no level or one that cannot be
/// read is a malformed file; a level number past the file's last is a
/// usage error.
fn load_level(file: &Path, number: usize) -> Result<(Level, Vec<String>), Failure> {
    let set = SetFile::read(file).map_err(|e| malformed(format!("{}: cannot be read ({e})", file.display())))?;
    let broken: Vec<String> = set.problems().iter().map(ToString::to_string).collect();
    for problem in &broken {
        tell!("{problem}");
    }
    match set.level(number) {
        Ok(level) => Ok((level.clone(), broken)),
        // Said with the others already; said again last, where a reader
        // looks, as the reason this level cannot be played.
        Err(_) if set.no_level().is_some() => {
            Err(malformed(format!("{}: there is no level {number}: the file holds no level", file.display())))
        }
        Err(why) if broken.contains(&why) => Err(malformed(format!("level {number} cannot be played: {why}"))),
        // `--level 99` of a file of 60 is the command line's mistake.
        Err(why) if set.lacks_level(number) => Err(super::cli::usage(why)),
        Err(why) => Err(malformed(why)),
    }
}

/// Plays `moves` on level `number`. The rest of the file is checked too:
/// any problem in it makes the file malformed, whatever the moves did.
fn check(file: &Path, number: usize, moves: &Moves) -> Result<(), Failure> {
    let (level, broken) = load_level(file, number)?;
    let verdict = play_moves(level, &moves.0);
    if broken.is_empty() { verdict } else { Err(malformed("")) }
}

/// Plays `steps` on `level` and says how it ended: exit 0 solved, 1 not.
fn play_moves(level: Level, steps: &[Dir]) -> Result<(), Failure> {
    let mut state = Sokoban::new(Arc::new(level));
    for (k, &d) in steps.iter().enumerate() {
        if state.step(d).is_err() {
            say!("illegal move {}", k + 1);
            return Err(Failure { message: String::new(), code: 1 });
        }
    }
    let figures = format!("moves={} pushes={}", state.moves(), state.pushes());
    if state.is_solved() {
        say!("solved {figures}");
        Ok(())
    } else {
        say!("not solved {figures}");
        Err(Failure { message: String::new(), code: 1 })
    }
}

/// Solves level `number` within `limits`, showing its progress on a
/// terminal; the file's broken levels are only reported.
fn solve_level(file: &Path, number: usize, limits: Limits, quick: bool) -> Result<(), Failure> {
    let (level, _broken) = load_level(file, number)?;
    let start = Sokoban::new(Arc::new(level));
    let search = |limits: &Limits| if quick { solve_quickly(&start, limits) } else { solve(&start, limits) };
    let report = if std::io::stderr().is_terminal() {
        let positions = Arc::new(AtomicU64::new(0));
        let time = limits.time;
        let limits = Limits { progress: Some(Arc::clone(&positions)), ..limits };
        super::solve_cmd::showing_progress(&positions, time, "Solving", || search(&limits))
    } else {
        search(&limits)
    };
    tell!("{}", super::solve_cmd::positions_searched(report.positions));
    match report.verdict {
        Verdict::Solved { lurd, pushes } => {
            let fewest = if quick { "" } else { " (the fewest)" };
            say!(
                "solvable in {}{fewest}, {}",
                plural(pushes as u64, "push", "pushes"),
                plural(lurd.len() as u64, "move", "moves")
            );
            say!("{lurd}");
            Ok(())
        }
        Verdict::Unsolvable => {
            say!("unsolvable");
            Err(Failure { message: String::new(), code: 1 })
        }
        Verdict::GaveUp(limit) => Err(Failure { code: 3, ..fail(gave_up(limit, report.positions, quick)) }),
    }
}

/// What a search stopped by `limit` says, and which option would let it
/// go further (`--quick` too, where the search was for the fewest pushes).
fn gave_up(limit: Limit, positions: u64, quick: bool) -> String {
    let option = match limit {
        Limit::Positions | Limit::Cancelled => "--nodes",
        Limit::Memory => "--memory",
        Limit::Time => "--seconds (0: no limit)",
    };
    let or_quick = if quick { "" } else { ", or --quick" };
    format!(
        "no solution found within the limits: the {} limit was reached after {positions} positions; \
         try a larger {option}{or_quick}",
        limit.name()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// By default a solve ends within about half a minute and a gigabyte,
    /// as `solve` does; the options change each limit, and `--seconds 0`
    /// lifts the time limit.
    #[test]
    fn solve_has_limits_by_default() {
        let default = limits(None, None, None);
        assert_eq!(default.positions, None);
        assert_eq!(default.memory, Some(900 << 20));
        assert_eq!(default.time, Some(std::time::Duration::from_secs(25)));
        let chosen = limits(Some(5), Some(10), Some(0.5));
        assert_eq!((chosen.positions, chosen.memory), (Some(5), Some(10 << 20)));
        assert_eq!(chosen.time, Some(std::time::Duration::from_millis(500)));
        assert_eq!(limits(None, None, Some(0.0)).time, None);
    }
}
