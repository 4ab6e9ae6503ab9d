//! `parlour solve`: a winning line for a solitaire deal (or a peg board),
//! or a proof that there is none.
//!
//! Exit codes, for a card game or a board: 0 won, 1 proven lost, 2
//! undecided (a limit was reached), 3 a bad game or deal, or an option
//! the game does not take; an option given a value it cannot take exits
//! 64, as a command line that does not parse does.

use std::io::{IsTerminal as _, Write as _};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use clap::Args;

use crate::core::{Variant, plural};
use crate::games::pegs::board::Board;
use crate::host::{self, GameEntry, prefs};
use crate::solitaire::engine::{Solitaire, SolitaireVariant};
use crate::solitaire::rules::Mode;
use crate::solitaire::solver::{Limit, Limits, Report, Verdict, solve, winnable};

use super::cli::{Failure, read_board};
use super::signals::{self, EndAsked};
use super::{catalog, settings};

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// A game type id or folder, or a peg board: its id (pegs/english) or
    /// its .brd file.
    game: String,
    /// Game number N, as a window deals it (default 1): deal N, or where
    /// deals are winnable only (the mode's Only=1, or Winnable Deals Only
    /// in a card game's Solver menu), the deal that game N is.
    #[arg(long, value_name = "N", conflicts_with = "ms", value_parser = super::cli::seed_number, allow_negative_numbers = true)]
    seed: Option<u64>,
    /// Microsoft FreeCell deal number (FreeCell-family game types).
    #[arg(long, value_name = "N", value_parser = super::cli::ms_deal_number, allow_negative_numbers = true)]
    ms: Option<u32>,
    /// The rules: easy or hard, as [EasyMode] and [HardMode] give them
    /// (default easy; CardGames Solitaire's, as its window plays it, is
    /// the panel's Draws: one card easy, three hard). The Chance has
    /// none: its window's Sequences rule stands.
    #[arg(long, value_name = "easy|hard", value_parser = mode_named)]
    mode: Option<Mode>,
    /// Positions to expand at most (default 10,000,000 for a deal,
    /// 4,000,000 for a board).
    #[arg(long, value_name = "N", value_parser = nodes_limit, allow_negative_numbers = true)]
    nodes: Option<u64>,
    /// Megabytes the search may hold at most (default 900; a deal's alone:
    /// a peg board's search is bounded by --nodes).
    #[arg(long, value_name = "MB", value_parser = memory_limit, allow_negative_numbers = true)]
    memory: Option<usize>,
    /// Seconds the search may take at most (default 25; 0: no limit; a
    /// deal's alone: a peg board's search is bounded by --nodes).
    #[arg(long, value_name = "S", value_parser = seconds_limit, allow_negative_numbers = true)]
    seconds: Option<f64>,
    /// Print one JSON object: game, result, limit, moves, nodes, seconds
    /// (and for a deal options, seed and peak_mb; The Chance's
    /// options are its Sequences rule, as rule=suit).
    #[arg(long, conflicts_with = "quiet")]
    json: bool,
    /// Print nothing: the exit code says it (0 won, 1 lost, 2 undecided).
    #[arg(long)]
    quiet: bool,
}

/// What a bad game or deal exits with.
pub const BAD_INPUT: i32 = 3;

/// The deals a game id, a mode and the Microsoft flag ask for.
pub fn played(target: &str, mode: Option<Mode>, ms: bool) -> Result<Played, String> {
    played_of(&catalog::find(target)?, target, mode, ms)
}

/// The deals `deal`, `solve` and `survey` play, and how their answers name
/// them.
pub struct Played {
    /// The pile engine's variant that deals and plays them.
    pub variant: SolitaireVariant,
    /// The rules played, as the game names them: easy or hard (and ms),
    /// or, for The Chance, which has no easy and hard, its Sequences rule
    /// (`rule=suit`), as its saves name it.
    pub options: String,
}

/// The deals of `game` (which `target` named) in a mode, Microsoft's or
/// not: a game type's, or The Chance's under the rule its window deals by
/// for the player.
fn played_of(game: &GameEntry, target: &str, mode: Option<Mode>, ms: bool) -> Result<Played, String> {
    let data_dir = settings::data_dir();
    let chance = host::chance_window_game(game, &data_dir);
    let table = catalog::game_type(game)
        .map(|g| g.variant.clone())
        .or_else(|| chance.as_ref().map(|c| c.table().clone()))
        .ok_or_else(|| format!("{target} is not a solitaire game type"))?;
    if mode.is_some() && chance.is_some() {
        return Err(format!(
            "--mode: {} has no easy and hard rules; it is dealt by the Sequences rule its window deals by, or by \
             the one its id names (the-chance-any-suit, the-chance-same-suit)",
            game.name
        ));
    }
    let mode = mode.or_else(|| host::window_mode(game, &data_dir)).unwrap_or(Mode::Easy);
    let options = if ms { format!("{},ms", mode.name()) } else { mode.name().to_string() };
    let variant = table.with_options(&options)?;
    let options = chance.map_or_else(|| variant.options(), |c| c.options());
    Ok(Played { variant, options })
}

/// Why game numbers stand for winnable deals, when they do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum WinnableOnly {
    /// The mode's [EasyWinnable] or [HardWinnable] Only=1.
    Mode,
    /// The player's Winnable Deals Only, kept in the data folder's prefs.
    Switch,
}

/// Whether game numbers of `variant` stand for winnable deals, as a
/// window deals them, and why: the mode first, as it holds whatever the
/// player's switch says.
fn winnable_only(variant: &SolitaireVariant, data_dir: &Path) -> Option<WinnableOnly> {
    if variant.rules().winnable_only {
        Some(WinnableOnly::Mode)
    } else if prefs::shared_on(data_dir, prefs::WINNABLE) {
        Some(WinnableOnly::Switch)
    } else {
        None
    }
}

/// The seed game `number` of `variant` is dealt from, as a window deals
/// it: the number itself or, where deals are winnable only (the mode's
/// Only=1, or the player's Winnable Deals Only), the first deal made from
/// it that the solver proves winnable, which standard error names unless
/// `quiet` (showing the search's progress meanwhile, on a terminal).
pub fn game_seed(variant: &SolitaireVariant, number: u64, quiet: bool) -> u64 {
    let Some(why) = winnable_only(variant, &settings::data_dir()) else {
        return number;
    };
    let search = |watch| winnable::winnable_seed(variant, number, |_| {}, watch);
    let found = if !quiet && std::io::stderr().is_terminal() {
        let positions = Arc::new(AtomicU64::new(0));
        let watch = winnable::Watch { cancel: None, progress: Some(Arc::clone(&positions)) };
        showing_progress(&positions, None, "Finding a winnable deal", || search(watch))
    } else {
        search(winnable::Watch::default())
    };
    if !quiet {
        tell!("{}", told_seed(why, number, found));
    }
    found.unwrap_or(number)
}

/// What standard error says of game `number`, winnable only for `why`,
/// whose search `found` a deal or none.
fn told_seed(why: WinnableOnly, number: u64, found: Option<u64>) -> String {
    let (only, switched_off) = match why {
        WinnableOnly::Mode => ("This mode deals only winnable deals", String::new()),
        WinnableOnly::Switch => (
            "Winnable Deals Only is on (in a card game's Solver menu)",
            format!(" Switched off, game {number} is deal {number} itself."),
        ),
    };
    match found {
        Some(seed) if seed == number => format!("Game {number} is a winnable deal, dealt as it comes."),
        Some(seed) => {
            format!(
                "{only}: game {number} is deal {seed}, the first made from {number} that the solver wins.{switched_off}"
            )
        }
        None => format!(
            "{only}, but the solver found none made from {number} within its limits: game {number} is dealt as it comes."
        ),
    }
}

/// The most `--seconds` may say: a year.
const MAX_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

/// Reads `--seconds`: a number of seconds from 0 (no limit) to a year.
pub fn seconds_limit(text: &str) -> Result<f64, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("\"{}\" is not a number of seconds", crate::core::escape_controls(text)))?;
    if (0.0..=MAX_SECONDS).contains(&seconds) {
        Ok(seconds)
    } else {
        Err(format!("{text} is out of range: give 0 (no limit) up to {MAX_SECONDS} seconds (a year)"))
    }
}

/// Reads `--mode`: easy or hard, in any case.
pub fn mode_named(text: &str) -> Result<Mode, String> {
    Mode::parse(text.trim())
        .ok_or_else(|| format!("\"{}\" is not a mode: use easy or hard", crate::core::escape_controls(text)))
}

/// The most `--memory` may say: a terabyte.
const MAX_MEGABYTES: u64 = 1 << 20;

/// Reads `--nodes`: positions from 1 up.
pub fn nodes_limit(text: &str) -> Result<u64, String> {
    count_from_1(text, "positions", u64::MAX)
}

/// Reads `--memory`: megabytes from 1 to a terabyte.
pub fn memory_limit(text: &str) -> Result<usize, String> {
    count_from_1(text, "megabytes", MAX_MEGABYTES).map(|mb| mb as usize)
}

/// Reads a count of `what` from 1 to `max`, saying the range when `text`
/// is not one (a negative number too).
pub fn count_from_1(text: &str, what: &str, max: u64) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(format!("give a whole number of {what} from 1 to {max}")),
    }
}

/// The limits from `--nodes`, `--memory` and `--seconds`.
pub fn limits(nodes: Option<u64>, memory: Option<usize>, seconds: Option<f64>) -> Limits {
    let default = Limits::default();
    Limits {
        nodes: nodes.unwrap_or(default.nodes),
        memory: memory.map_or(default.memory, |mb| mb.saturating_mul(1 << 20)),
        time: time_limit(seconds, default.time),
        cancel: None,
        progress: None,
    }
}

/// The time limit `--seconds` asks for: none for 0, `default` when it is
/// not given.
pub fn time_limit(seconds: Option<f64>, default: Option<Duration>) -> Option<Duration> {
    match seconds {
        Some(s) if s > 0.0 => Some(Duration::from_secs_f64(s)),
        Some(_) => None,
        None => default,
    }
}

/// `won`, `lost` or `undecided`.
pub fn result_word(verdict: &Verdict) -> &'static str {
    match verdict {
        Verdict::Won(_) => "won",
        Verdict::Lost => "lost",
        Verdict::Undecided(_) => "undecided",
    }
}

pub fn run(args: SolveArgs) -> Result<(), Failure> {
    let bad = |message: String| Failure { message, code: BAD_INPUT };
    // A .brd path is a peg board even when it cannot be read, so the
    // error says what is wrong with the file.
    if Path::new(&args.game).extension().is_some_and(|e| e.eq_ignore_ascii_case("brd")) {
        refuse_card_options(&args)?;
        return solve_board(&args, read_board(Path::new(&args.game)).map_err(bad)?);
    }
    let game = catalog::find(&args.game).map_err(bad)?;
    // A board's id (`pegs/english`, or `pegs` for the launcher's), as
    // `parlour play` takes it.
    if let Some(board) = host::peg_board(&game) {
        refuse_card_options(&args)?;
        return solve_board(&args, board.clone());
    }
    let Played { variant, options } = played_of(&game, &args.game, args.mode, args.ms.is_some()).map_err(bad)?;
    let seed = match args.ms {
        Some(ms) => u64::from(ms),
        None => game_seed(&variant, args.seed.unwrap_or(1), args.quiet || args.json),
    };
    let started = Instant::now();
    // Ctrl+C stops the search with what it found said, as a limit would.
    let interrupted = EndAsked::watch();
    let limits = Limits { cancel: Some(interrupted.flag()), ..limits(args.nodes, args.memory, args.seconds) };
    let report = if !args.quiet && std::io::stderr().is_terminal() {
        solve_showing_progress(&variant.deal(seed), limits)
    } else {
        solve(&variant.deal(seed), &limits)
    };
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        say!("{}", json(variant.id(), &options, seed, &report, seconds));
    } else if !args.quiet {
        say_raw!("{}", text(&report));
        // Lost without a search: the reason is the game type's, not the deal's.
        if matches!(report.verdict, Verdict::Lost) && variant.deal(seed).foundations_too_small() {
            tell!("The foundations hold fewer cards than the pack, so no deal can be won (parlour lint says more).");
        }
    }
    match report.verdict {
        Verdict::Won(_) => Ok(()),
        Verdict::Lost => Err(Failure { message: String::new(), code: 1 }),
        Verdict::Undecided(Limit::Cancelled) => Err(Failure {
            message: match args.json || args.quiet {
                true => String::new(),
                false => format!("stopped after {}: undecided", plural(report.nodes, "position", "positions")),
            },
            code: signals::INTERRUPTED,
        }),
        Verdict::Undecided(_) if args.json || args.quiet => Err(Failure { message: String::new(), code: 2 }),
        // Memory named after a search stopped by time or positions: the
        // table filled before then, and no search past it can prove a loss.
        Verdict::Undecided(Limit::Memory) => Err(Failure {
            message: format!(
                "undecided after {}: the memory limit was reached, and past it no search can prove the \
                 deal lost, so more positions or time would not decide it; try a larger --memory",
                plural(report.nodes, "position", "positions")
            ),
            code: 2,
        }),
        Verdict::Undecided(limit) => Err(Failure {
            message: format!(
                "undecided after {}: the {} limit was reached; try a larger {}",
                plural(report.nodes, "position", "positions"),
                limit.name(),
                match limit {
                    Limit::Time => "--seconds (0: no limit)",
                    Limit::Memory | Limit::Nodes | Limit::Cancelled => "--nodes",
                }
            ),
            code: 2,
        }),
    }
}

/// Solves `start`, showing its progress (see [`showing_progress`]).
fn solve_showing_progress(start: &Solitaire, limits: Limits) -> Report {
    let positions = Arc::new(AtomicU64::new(0));
    let time = limits.time;
    let limits = Limits { progress: Some(Arc::clone(&positions)), ..limits };
    showing_progress(&positions, time, "Solving", || solve(start, &limits))
}

/// Runs `search`, showing on the terminal (standard error) what it is
/// (`doing`), the positions it has searched, as it publishes them in
/// `positions`, and the time taken (of `time`, its limit), five times a
/// second from a thread of its own, once the first are searched; the line
/// is cleared when it ends. The search runs on this thread, so it may
/// drive a window's views (`parlour shot`).
pub fn showing_progress<R>(
    positions: &AtomicU64,
    time: Option<Duration>,
    doing: &str,
    search: impl FnOnce() -> R,
) -> R {
    let started = Instant::now();
    let of = time.map_or_else(String::new, |t| format!(" of {}", t.as_secs_f64()));
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let watcher = scope.spawn(|| {
            let mut shown = 0;
            while !done.load(Ordering::Relaxed) {
                std::thread::park_timeout(Duration::from_millis(200));
                let searched = positions.load(Ordering::Relaxed);
                if done.load(Ordering::Relaxed) || searched == 0 {
                    continue;
                }
                let line = format!("{doing}: {searched} positions, {:.1}{of} s", started.elapsed().as_secs_f64());
                let mut err = std::io::stderr().lock();
                let _ = write!(err, "\r{line:shown$}");
                let _ = err.flush();
                shown = shown.max(line.chars().count());
            }
            if shown > 0 {
                tell_raw!("\r{:shown$}\r", "");
            }
        });
        let answer = search();
        done.store(true, Ordering::Relaxed);
        watcher.thread().unpark();
        watcher.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        answer
    })
}

/// Refuses the options only a deal has, for a peg board, each for what
/// a board lacks: deals to choose, rules to choose, limits but --nodes.
fn refuse_card_options(args: &SolveArgs) -> Result<(), Failure> {
    const ONE_GAME: &str = "a peg board has one game, not numbered deals";
    const NODES_ALONE: &str = "a peg board's search is bounded by --nodes alone";
    let card_game_only = [
        ("--seed", args.seed.is_some(), ONE_GAME),
        ("--ms", args.ms.is_some(), ONE_GAME),
        ("--mode", args.mode.is_some(), "a peg board has no modes, no easy and hard rules"),
        ("--memory", args.memory.is_some(), NODES_ALONE),
        ("--seconds", args.seconds.is_some(), NODES_ALONE),
    ];
    match card_game_only.iter().find(|(_, given, _)| *given) {
        Some((flag, _, why)) => Err(Failure { message: format!("{flag} is for card games: {why}"), code: BAD_INPUT }),
        None => Ok(()),
    }
}

/// `parlour solve FILE.brd` (or a board's id): `solvable in N jumps` and
/// the jumps, one per line, or `unsolvable`, the positions searched on
/// standard error; or the same as JSON, or nothing with `--quiet`. The
/// exit code is as for a card game.
fn solve_board(args: &SolveArgs, board: Board) -> Result<(), Failure> {
    let bad = |message: String| Failure { message, code: BAD_INPUT };
    let started = Instant::now();
    let answer = super::cli::solve_board(board, &args.game, args.nodes).map_err(bad)?;
    let result = match (&answer.jumps, answer.decided) {
        (Some(_), _) => "won",
        (None, true) => "lost",
        (None, false) => "undecided",
    };
    if args.json {
        let moves = answer.jumps.iter().flatten().map(|j| quoted(j)).collect::<Vec<_>>().join(",");
        // As a deal's: a board's search has one limit, its positions.
        let limit = if answer.decided { "null".into() } else { quoted(Limit::Nodes.name()) };
        say!(
            "{{\"game\":{},\"result\":\"{result}\",\"limit\":{limit},\"moves\":[{moves}],\"nodes\":{},\"seconds\":{:.3}}}",
            quoted(&args.game),
            answer.positions,
            started.elapsed().as_secs_f64()
        );
    } else if !args.quiet && answer.decided {
        match &answer.jumps {
            Some(jumps) => {
                say!("solvable in {}", plural(jumps.len() as u64, "jump", "jumps"));
                jumps.iter().for_each(|j| say!("{j}"));
            }
            None => say!("unsolvable"),
        }
        tell!("{}", positions_searched(answer.positions));
    }
    match result {
        "won" => Ok(()),
        "lost" => Err(Failure { message: String::new(), code: 1 }),
        _ if args.json || args.quiet => Err(Failure { message: String::new(), code: 2 }),
        _ => Err(Failure {
            message: format!(
                "undecided after {}; try a larger --nodes",
                plural(answer.positions, "position", "positions")
            ),
            code: 2,
        }),
    }
}

/// "1 position searched", "3 positions searched": what every solver
/// command says of its search.
pub fn positions_searched(n: u64) -> String {
    format!("{} searched", plural(n, "position", "positions"))
}

fn text(report: &Report) -> String {
    match &report.verdict {
        Verdict::Won(moves) => {
            let mut s = format!(
                "solvable in {} ({})\n",
                plural(moves.len() as u64, "move", "moves"),
                positions_searched(report.nodes)
            );
            for m in moves {
                s += m;
                s.push('\n');
            }
            s
        }
        Verdict::Lost => format!("unsolvable ({})\n", positions_searched(report.nodes)),
        Verdict::Undecided(_) => String::new(),
    }
}

/// A JSON string literal (game ids and move texts are plain ASCII, but
/// quotes and backslashes are escaped all the same).
fn quoted(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 => out += &format!("\\u{:04x}", c as u32),
            c => out.push(c),
        }
    }
    out + "\""
}

/// The JSON of a deal's answer: `game` and `options` name the rules played.
fn json(game: &str, options: &str, seed: u64, report: &Report, seconds: f64) -> String {
    let moves = match &report.verdict {
        Verdict::Won(moves) => moves.iter().map(|m| quoted(m)).collect::<Vec<_>>().join(","),
        _ => String::new(),
    };
    let limit = match report.verdict {
        Verdict::Undecided(limit) => quoted(limit.name()),
        _ => "null".into(),
    };
    format!(
        "{{\"game\":{},\"options\":{},\"seed\":{seed},\"result\":\"{}\",\"limit\":{limit},\"moves\":[{moves}],\"nodes\":{},\"peak_mb\":{:.1},\"seconds\":{seconds:.3}}}",
        quoted(game),
        quoted(options),
        result_word(&report.verdict),
        report.nodes,
        report.peak_bytes as f64 / f64::from(1 << 20),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A value refused is quoted as the player typed it, not with Rust's
    /// escapes of its quotes and backslashes.
    #[test]
    fn a_value_refused_is_quoted_as_typed() {
        assert_eq!(seconds_limit(r#"1"\"#).unwrap_err(), r#""1"\" is not a number of seconds"#);
        assert_eq!(mode_named(r#"ha"rd"#).err().unwrap(), r#""ha"rd" is not a mode: use easy or hard"#);
    }
}
