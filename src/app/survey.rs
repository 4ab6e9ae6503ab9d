//! `parlour survey`: solves a range of deals of one game, with a progress
//! bar, and sums them up: won, lost and undecided counts, time per deal
//! (median and max), peak memory, and a CSV with a line per deal. Every
//! winning line is replayed through the rules, from the deal as a session
//! shows it, before it counts as won.

use std::fmt::Write as _;
use std::io::{IsTerminal, Write as _};
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use clap::Args;

use crate::core::Variant;
use crate::core::session::dealt;
use crate::solitaire::engine::SolitaireVariant;
use crate::solitaire::solver::{Limits, Verdict, solve, wins};

use super::cli::{Failure, usage};
use super::solve_cmd::{BAD_INPUT, count_from_1, limits, result_word, variant};
use crate::solitaire::rules::Mode;

#[derive(Args, Debug)]
pub struct SurveyArgs {
    /// A game type id or folder.
    game: String,
    /// The first deal (a seed, or a Microsoft number with --ms): the deals
    /// themselves, even where a window deals winnable ones only.
    #[arg(long, value_name = "A", value_parser = super::cli::seed_number, allow_negative_numbers = true)]
    from: u64,
    /// The last deal, included.
    #[arg(long, value_name = "B", value_parser = super::cli::seed_number, allow_negative_numbers = true)]
    to: u64,
    /// The rules: easy or hard (default easy).
    #[arg(long, value_name = "easy|hard", value_parser = super::solve_cmd::mode_named)]
    mode: Option<Mode>,
    /// Deal numbers are Microsoft FreeCell deals.
    #[arg(long)]
    ms: bool,
    /// Deals solved at once, each in its own thread (default 1).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = jobs_count, allow_negative_numbers = true)]
    jobs: usize,
    /// Positions per deal at most (default as for solve).
    #[arg(long, value_name = "N", value_parser = super::solve_cmd::nodes_limit, allow_negative_numbers = true)]
    nodes: Option<u64>,
    /// Megabytes per deal at most (default as for solve).
    #[arg(long, value_name = "MB", value_parser = super::solve_cmd::memory_limit, allow_negative_numbers = true)]
    memory: Option<usize>,
    /// Seconds per deal at most (default as for solve; 0: no limit).
    #[arg(long, value_name = "S", value_parser = super::solve_cmd::seconds_limit, allow_negative_numbers = true)]
    seconds: Option<f64>,
    /// The CSV file (default survey-GAME-MODE-A-B.csv here).
    #[arg(long, value_name = "FILE")]
    csv: Option<PathBuf>,
}

/// One deal's answer.
struct Row {
    deal: u64,
    result: &'static str,
    limit: &'static str,
    moves: usize,
    nodes: u64,
    peak_bytes: usize,
    seconds: f64,
}

/// The most deals one survey takes: more would run for years.
const MAX_DEALS: u64 = 100_000_000;

/// The most threads one survey starts, however many `--jobs` ask for.
const MAX_JOBS: usize = 256;

/// Reads `--jobs`: threads from 1 up (more than [`MAX_JOBS`] start that
/// many).
fn jobs_count(text: &str) -> Result<usize, String> {
    count_from_1(text, "jobs", u64::from(u32::MAX)).map(|n| n as usize)
}

/// Solves the deals `args` ask for and sums them up. Exit codes: 0 done,
/// 3 a bad game or a CSV that cannot be written, 64 a range of deals it
/// cannot take (as an option's value that does not parse).
pub fn run(args: &SurveyArgs) -> Result<(), Failure> {
    let bad = |message: String| Failure { message, code: BAD_INPUT };
    let deals = deal_count(args).map_err(usage)?;
    let variant = variant(&args.game, args.mode, args.ms).map_err(bad)?;
    let limits = limits(args.nodes, args.memory, args.seconds);
    let csv = args.csv.clone().unwrap_or_else(|| {
        PathBuf::from(format!(
            "survey-{}-{}-{}-{}.csv",
            variant.id(),
            variant.options().replace(',', "-"),
            args.from,
            args.to
        ))
    });
    // Found out now, not after hours of solving (and an old file is left
    // as it is until the new one is written).
    let cannot_write = |e: std::io::Error| bad(crate::core::files::unwritable(&csv, &e));
    std::fs::OpenOptions::new().append(true).create(true).open(&csv).map_err(cannot_write)?;
    let jobs = args.jobs.min(MAX_JOBS).min(deals as usize);
    let started = Instant::now();
    let mut rows = solve_all(&variant, args.from, deals, jobs, &limits);
    rows.sort_by_key(|r| r.deal);
    write_csv(&csv, &rows).map_err(cannot_write)?;
    let mut out = std::io::stdout().lock();
    let _ = write!(out, "{}", summary(&variant, args, &rows, started.elapsed(), jobs));
    let _ = writeln!(out, "csv: {}", csv.display());
    Ok(())
}

/// How many deals `--from` and `--to` ask for, or why they cannot be
/// surveyed: Microsoft's numbers are told first, as they end before any
/// range could be too long.
fn deal_count(args: &SurveyArgs) -> Result<u64, String> {
    if args.to < args.from {
        return Err(format!("--to {} is before --from {}", args.to, args.from));
    }
    if args.ms && (args.from == 0 || args.to > u64::from(u32::MAX)) {
        return Err(super::cli::ms_deals_are_numbered());
    }
    let deals = (args.to - args.from).saturating_add(1);
    if deals > MAX_DEALS {
        return Err(format!("{deals} deals is too many for one survey: at most {MAX_DEALS}"));
    }
    Ok(deals)
}

/// Solves the `deals` deals from `from` on `jobs` threads, drawing
/// progress on standard error.
fn solve_all(variant: &SolitaireVariant, from: u64, deals: u64, jobs: usize, limits: &Limits) -> Vec<Row> {
    let next = AtomicU64::new(0);
    let rows = Mutex::new(Vec::new());
    let progress = Progress::new(deals);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                loop {
                    // Counted from 0, so a range ending at the last u64
                    // does not wrap round to deal 0.
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= deals {
                        break;
                    }
                    let row = solve_one(variant, from + i, limits);
                    let mut rows = rows.lock().unwrap_or_else(|e| e.into_inner());
                    rows.push(row);
                    progress.draw(&rows);
                }
            });
        }
    });
    progress.finish();
    rows.into_inner().unwrap_or_else(|e| e.into_inner())
}

fn solve_one(variant: &SolitaireVariant, deal: u64, limits: &Limits) -> Row {
    let t = Instant::now();
    let report = solve(&variant.deal(deal), limits);
    let seconds = t.elapsed().as_secs_f64();
    let (moves, limit) = match &report.verdict {
        Verdict::Won(moves) => (moves.len(), ""),
        Verdict::Lost => (0, ""),
        Verdict::Undecided(limit) => (0, limit.name()),
    };
    let result = match &report.verdict {
        Verdict::Won(moves) if !wins(&dealt(variant, deal), moves) => "wrong",
        v => result_word(v),
    };
    Row { deal, result, limit, moves, nodes: report.nodes, peak_bytes: report.peak_bytes, seconds }
}

/// A one-line progress bar on standard error, redrawn at most five times a
/// second (every 5% when standard error is not a terminal).
struct Progress {
    total: u64,
    terminal: bool,
    last: Mutex<(Instant, u64)>,
}

impl Progress {
    fn new(total: u64) -> Progress {
        Progress { total, terminal: std::io::stderr().is_terminal(), last: Mutex::new((Instant::now(), 0)) }
    }

    fn draw(&self, rows: &[Row]) {
        let done = rows.len() as u64;
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        let due = if self.terminal {
            last.0.elapsed() >= Duration::from_millis(200) || done == self.total
        } else {
            done * 20 / self.total > last.1 * 20 / self.total
        };
        if !due {
            return;
        }
        *last = (Instant::now(), done);
        let count = |word: &str| rows.iter().filter(|r| r.result == word).count();
        let width = 30;
        let filled = (done * width / self.total) as usize;
        let bar: String = "#".repeat(filled) + &".".repeat(width as usize - filled);
        let line = format!(
            "[{bar}] {done}/{} won {} lost {} undecided {}",
            self.total,
            count("won"),
            count("lost"),
            count("undecided")
        );
        let mut err = std::io::stderr().lock();
        let _ = if self.terminal { write!(err, "\r{line}") } else { writeln!(err, "{line}") };
        let _ = err.flush();
    }

    fn finish(&self) {
        if self.terminal {
            let _ = writeln!(std::io::stderr());
        }
    }
}

fn write_csv(path: &PathBuf, rows: &[Row]) -> std::io::Result<()> {
    let mut text = String::from("deal,result,limit,moves,nodes,peak_mb,seconds\n");
    for r in rows {
        let _ = writeln!(
            text,
            "{},{},{},{},{},{:.1},{:.4}",
            r.deal,
            r.result,
            r.limit,
            r.moves,
            r.nodes,
            r.peak_bytes as f64 / f64::from(1 << 20),
            r.seconds
        );
    }
    std::fs::write(path, text)
}

/// The process's peak resident memory in bytes (Linux), if known.
fn process_peak() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// The share of the deals that can be won, as far as the survey tells:
/// with deals undecided, a range from counting none of them won to
/// counting all, since the share among the decided ones alone leans
/// towards whichever answer the solver finds sooner.
fn winnable_share(won: usize, lost: usize, undecided: usize) -> String {
    let all = (won + lost + undecided) as f64;
    let percent = |n: usize| 100.0 * n as f64 / all;
    if undecided == 0 {
        return format!("winnable: {:.2}% of the deals", percent(won));
    }
    let among_decided = match won + lost {
        0 => "none decided".to_string(),
        decided => format!("{:.2}% of the decided ones", 100.0 * won as f64 / decided as f64),
    };
    format!("winnable: {:.2}% to {:.2}% of the deals ({among_decided})", percent(won), percent(won + undecided))
}

fn summary(variant: &SolitaireVariant, args: &SurveyArgs, rows: &[Row], wall: Duration, jobs: usize) -> String {
    let count = |word: &str| rows.iter().filter(|r| r.result == word).count();
    let mut times: Vec<f64> = rows.iter().map(|r| r.seconds).collect();
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    let max = times.last().copied().unwrap_or(0.0);
    let total: f64 = times.iter().sum();
    let peak = rows.iter().map(|r| r.peak_bytes).max().unwrap_or(0);
    let mb = |b: f64| b / f64::from(1 << 20);
    let (won, lost, undecided) = (count("won"), count("lost"), count("undecided"));
    let mut s =
        format!("{} ({}) deals {}..{}: {} deals\n", variant.id(), variant.options(), args.from, args.to, rows.len());
    let _ = writeln!(s, "won {won}  lost {lost}  undecided {undecided}");
    if count("wrong") > 0 {
        let _ = writeln!(s, "WRONG: {} winning lines did not win when replayed (see the CSV)", count("wrong"));
    }
    if !rows.is_empty() {
        let _ = writeln!(s, "{}", winnable_share(won, lost, undecided));
    }
    let _ = writeln!(
        s,
        "time per deal: median {median:.4} s, max {max:.4} s; total {total:.2} s, wall {:.2} s with {jobs} job(s)",
        wall.as_secs_f64(),
    );
    let process = process_peak().map_or_else(|| "unknown".to_string(), |b| format!("{:.0} MB", mb(b as f64)));
    let _ = writeln!(s, "peak memory: {:.1} MB in one search (its own count); process {process}", mb(peak as f64));
    s
}

#[cfg(test)]
mod tests {
    use super::winnable_share;

    #[test]
    fn the_winnable_share_is_a_range_while_deals_are_undecided() {
        assert_eq!(winnable_share(748, 252, 0), "winnable: 74.80% of the deals");
        assert_eq!(winnable_share(483, 4, 513), "winnable: 48.30% to 99.60% of the deals (99.18% of the decided ones)");
        assert_eq!(winnable_share(0, 0, 3), "winnable: 0.00% to 100.00% of the deals (none decided)");
    }
}
