//! `parlour survey`: solves a range of deals of one game, with a progress
//! bar, and sums them up: won, lost and undecided counts, time per deal
//! (median and max), peak memory, and a CSV with a line per deal. Every
//! winning line is replayed through the rules, from the deal as a session
//! shows it, before it counts as won.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::io::{IsTerminal, Write as _};
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use clap::Args;

use crate::core::session::dealt;
use crate::core::{Variant, plural};
use crate::solitaire::engine::SolitaireVariant;
use crate::solitaire::solver::{Limit, Limits, Verdict, solve, wins};

use super::cli::{Failure, usage};
use super::signals::{self, EndAsked};
use super::solve_cmd::{BAD_INPUT, Played, count_from_1, limits, played, result_word};
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
    /// The rules: easy or hard (default easy; CardGames Solitaire's is
    /// the panel's Draws, as for solve; The Chance has none).
    #[arg(long, value_name = "easy|hard", value_parser = super::solve_cmd::mode_named)]
    mode: Option<Mode>,
    /// Deal numbers are Microsoft FreeCell deals.
    #[arg(long)]
    ms: bool,
    /// Deals solved at once, one a processor at most.
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
    /// The CSV file (default survey-GAME-MODE-A-B.csv here, with `ms-`
    /// before A for Microsoft deals; The Chance's Sequences rule, as
    /// rule-suit, for MODE).
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
/// cannot take (as an option's value that does not parse), 130 stopped by
/// a signal (the deals solved by then summed up and written).
pub fn run(args: &SurveyArgs) -> Result<(), Failure> {
    let bad = |message: String| Failure { message, code: BAD_INPUT };
    let deals = deal_count(args).map_err(usage)?;
    let played = played(&args.game, args.mode, args.ms).map_err(bad)?;
    let limits = limits(args.nodes, args.memory, args.seconds);
    let csv = args.csv.clone().unwrap_or_else(|| {
        PathBuf::from(format!(
            "survey-{}-{}-{}-{}.csv",
            // A CardGames id (cardgames/freecell) names no folder here.
            played.variant.id().replace('/', "-"),
            // `easy,ms` and The Chance's `rule=suit` as words of a name.
            played.options.replace([',', '='], "-"),
            args.from,
            args.to
        ))
    });
    // Found out now, not after hours of solving.
    crate::core::files::check_writable(&csv).map_err(bad)?;
    let cannot_write = |e: std::io::Error| bad(crate::core::files::unwritable(&csv, &e));
    // More threads than processors would only slow each deal's clock,
    // which --seconds and the times measure.
    let processors = std::thread::available_parallelism().map_or(1, usize::from);
    let jobs = args.jobs.min(MAX_JOBS).min(processors).min(deals as usize);
    if jobs < args.jobs.min(deals as usize) {
        tell!("parlour: survey: --jobs {} runs {jobs} at once, one a processor of this machine", args.jobs);
    }
    // Ctrl+C (or a kill) stops the survey with the deals solved so far
    // summed up and kept, not hours of them thrown away; a second ends it
    // at once.
    let interrupted = EndAsked::watch();
    let limits = Limits { cancel: Some(interrupted.flag()), ..limits };
    let started = Instant::now();
    let mut rows = solve_all(&played.variant, args.from, deals, jobs, &limits);
    rows.sort_by_key(|r| r.deal);
    write_csv(&csv, &rows).map_err(cannot_write)?;
    say_raw!("{}", summary(&played, args, &rows, started.elapsed(), jobs));
    say!("csv: {}", csv.display());
    if interrupted.asked() {
        return Err(Failure {
            message: format!(
                "stopped with {} of {deals} deals solved: the summary and the CSV hold those (with --jobs, not \
                 always the first ones)",
                rows.len()
            ),
            code: signals::INTERRUPTED,
        });
    }
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
    let progress = Progress::new(deals, std::io::stderr().is_terminal(), Box::new(std::io::stderr()));
    let (all_done, done_told) = std::sync::mpsc::channel::<()>();
    let stopped = || limits.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed));
    std::thread::scope(|scope| {
        // A deal may take minutes: the bar shows the time going by.
        let ticking = &progress;
        scope.spawn(move || {
            while done_told.recv_timeout(Duration::from_secs(1)) == Err(RecvTimeoutError::Timeout) {
                ticking.tick();
            }
        });
        let solvers: Vec<_> = (0..jobs)
            .map(|_| {
                scope.spawn(|| {
                    loop {
                        // Counted from 0, so a range ending at the last u64
                        // does not wrap round to deal 0.
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= deals || stopped() {
                            break;
                        }
                        progress.begin(from + i);
                        let row = solve_one(variant, from + i, limits);
                        // A deal stopped half way was not surveyed; one
                        // that ended as the stop came was.
                        if row.limit == Limit::Cancelled.name() {
                            break;
                        }
                        progress.end(&row);
                        rows.lock().unwrap_or_else(|e| e.into_inner()).push(row);
                    }
                })
            })
            .collect();
        for solver in solvers {
            let _ = solver.join();
        }
        drop(all_done);
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

/// A one-line progress bar on standard error. On a terminal it is drawn
/// over itself as deals end (at most five times a second) and on each
/// [`tick`](Progress::tick), with the time so far and the deals being
/// solved; elsewhere a line is written every 5% of the deals, the last
/// always, so a log of any survey holds at most 20.
struct Progress {
    total: u64,
    terminal: bool,
    started: Instant,
    state: Mutex<Tally>,
    out: Mutex<Box<dyn std::io::Write + Send>>,
}

/// What the bar shows, and when it was last drawn.
struct Tally {
    done: u64,
    won: u64,
    lost: u64,
    undecided: u64,
    running: BTreeSet<u64>,
    drawn_at: Instant,
    drawn_done: u64,
}

impl Progress {
    fn new(total: u64, terminal: bool, out: Box<dyn std::io::Write + Send>) -> Progress {
        let now = Instant::now();
        let tally =
            Tally { done: 0, won: 0, lost: 0, undecided: 0, running: BTreeSet::new(), drawn_at: now, drawn_done: 0 };
        Progress { total, terminal, started: now, state: Mutex::new(tally), out: Mutex::new(out) }
    }

    fn tally(&self) -> std::sync::MutexGuard<'_, Tally> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// `deal` is being solved.
    fn begin(&self, deal: u64) {
        self.tally().running.insert(deal);
    }

    /// A deal is answered: counted, and the bar drawn if due.
    fn end(&self, row: &Row) {
        let mut tally = self.tally();
        tally.running.remove(&row.deal);
        tally.done += 1;
        match row.result {
            "won" => tally.won += 1,
            "lost" => tally.lost += 1,
            "undecided" => tally.undecided += 1,
            _ => {}
        }
        let due = if self.terminal {
            tally.drawn_at.elapsed() >= Duration::from_millis(200) || tally.done == self.total
        } else {
            tally.done * 20 / self.total > tally.drawn_done * 20 / self.total
        };
        if due {
            self.draw(&mut tally);
        }
    }

    /// The time goes by: the terminal's bar is drawn again with it, even
    /// while no deal ends.
    fn tick(&self) {
        if self.terminal {
            self.draw(&mut self.tally());
        }
    }

    fn draw(&self, tally: &mut Tally) {
        tally.drawn_at = Instant::now();
        tally.drawn_done = tally.done;
        let width = 30;
        let filled = (tally.done * width / self.total) as usize;
        let bar: String = "#".repeat(filled) + &".".repeat(width as usize - filled);
        let mut line = format!(
            "[{bar}] {}/{} won {} lost {} undecided {}",
            tally.done, self.total, tally.won, tally.lost, tally.undecided
        );
        if self.terminal {
            let _ = write!(line, "; {}{}", clock(self.started.elapsed()), solving(&tally.running));
        }
        let mut out = self.out.lock().unwrap_or_else(|e| e.into_inner());
        // Cleared to the line's end: a shorter line leaves no tail of
        // the longer one before it.
        let _ = if self.terminal { write!(out, "\r{line}\x1b[K") } else { writeln!(out, "{line}") };
        let _ = out.flush();
    }

    fn finish(&self) {
        if self.terminal {
            let _ = writeln!(self.out.lock().unwrap_or_else(|e| e.into_inner()));
        }
    }
}

/// Time taken as minutes and seconds (hours past an hour): `0:25`.
fn clock(elapsed: Duration) -> String {
    let s = elapsed.as_secs();
    match s / 3600 {
        0 => format!("{}:{:02}", s / 60, s % 60),
        h => format!("{h}:{:02}:{:02}", s / 60 % 60, s % 60),
    }
}

/// ", solving 19, 20" for the deals being solved (the first four, and
/// how many more).
fn solving(running: &BTreeSet<u64>) -> String {
    const SHOWN: usize = 4;
    if running.is_empty() {
        return String::new();
    }
    let mut text = String::from(", solving ");
    text += &running.iter().take(SHOWN).map(u64::to_string).collect::<Vec<_>>().join(", ");
    if running.len() > SHOWN {
        let _ = write!(text, " and {} more", running.len() - SHOWN);
    }
    text
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

/// The median, longest and total time of the deals solved, or that none
/// was (a survey stopped before its first deal ended has no times to
/// sum up, not times of nought).
fn deal_times(rows: &[Row]) -> String {
    let mut times: Vec<f64> = rows.iter().map(|r| r.seconds).collect();
    times.sort_by(f64::total_cmp);
    let middle = times.len() / 2;
    let median = match times.len() % 2 {
        1 => times.get(middle).copied(),
        _ => times.get(middle.wrapping_sub(1)).zip(times.get(middle)).map(|(a, b)| (a + b) / 2.0),
    };
    let (Some(median), Some(max)) = (median, times.last()) else {
        return "none finished".to_string();
    };
    let total: f64 = times.iter().sum();
    format!("median {median:.4} s, max {max:.4} s; total {total:.2} s")
}

fn summary(played: &Played, args: &SurveyArgs, rows: &[Row], wall: Duration, jobs: usize) -> String {
    let count = |word: &str| rows.iter().filter(|r| r.result == word).count();
    let peak = rows.iter().map(|r| r.peak_bytes).max().unwrap_or(0);
    let mb = |b: f64| b / f64::from(1 << 20);
    let (won, lost, undecided) = (count("won"), count("lost"), count("undecided"));
    let deals = plural(rows.len() as u64, "deal", "deals");
    let mut s = format!("{} ({}) deals {}..{}: {deals}\n", played.variant.id(), played.options, args.from, args.to);
    let _ = writeln!(s, "won {won}  lost {lost}  undecided {undecided}");
    if count("wrong") > 0 {
        let _ = writeln!(s, "WRONG: {} winning lines did not win when replayed (see the CSV)", count("wrong"));
    }
    if !rows.is_empty() {
        let _ = writeln!(s, "{}", winnable_share(won, lost, undecided));
    }
    let jobs = plural(jobs as u64, "job", "jobs");
    let _ = writeln!(s, "time per deal: {}, wall {:.2} s with {jobs}", deal_times(rows), wall.as_secs_f64());
    let process = process_peak().map_or_else(|| "unknown".to_string(), |b| format!("{:.0} MB", mb(b as f64)));
    let _ = writeln!(s, "peak memory: {:.1} MB in one search (its own count); process {process}", mb(peak as f64));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Written to a buffer the test reads back.
    #[derive(Clone, Default)]
    struct Shared(std::sync::Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Shared {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn row(deal: u64) -> Row {
        Row { deal, result: "won", limit: "", moves: 1, nodes: 1, peak_bytes: 0, seconds: 0.0 }
    }

    /// While one deal takes long, a tick draws the terminal's bar with the
    /// time and the deal being solved; a log gets no line from it.
    #[test]
    fn a_tick_draws_the_bar_with_the_deals_being_solved() {
        let said = Shared::default();
        let progress = Progress::new(20, true, Box::new(said.clone()));
        progress.begin(19);
        progress.begin(20);
        progress.tick();
        let text = String::from_utf8(said.0.lock().unwrap().clone()).unwrap();
        assert!(text.starts_with("\r[....."), "{text:?}");
        assert!(text.contains("0/20 won 0 lost 0 undecided 0; 0:00, solving 19, 20"), "{text:?}");
        let log = Shared::default();
        let progress = Progress::new(20, false, Box::new(log.clone()));
        progress.begin(1);
        progress.tick();
        assert!(log.0.lock().unwrap().is_empty());
    }

    /// A log of a long survey gets a line every 5% and the last, not one
    /// a deal.
    #[test]
    fn a_log_gets_a_line_every_twentieth_of_the_deals() {
        let log = Shared::default();
        let progress = Progress::new(1000, false, Box::new(log.clone()));
        for deal in 1..=1000 {
            progress.begin(deal);
            progress.end(&row(deal));
        }
        let text = String::from_utf8(log.0.lock().unwrap().clone()).unwrap();
        assert_eq!(text.lines().count(), 20, "{text}");
        assert!(text.ends_with("1000/1000 won 1000 lost 0 undecided 0\n"), "{text}");
    }

    /// clap says the default of --jobs; its words do not say it again.
    #[test]
    fn the_jobs_default_is_said_once() {
        let mut cli = crate::app::cli::command();
        let help = cli.find_subcommand_mut("survey").unwrap().render_help().to_string();
        let jobs = help.lines().find(|l| l.contains("--jobs")).unwrap();
        assert_eq!(jobs.matches("default").count(), 1, "{jobs}");
    }

    #[test]
    fn more_than_four_deals_being_solved_are_counted() {
        assert_eq!(solving(&(1..=6).collect()), ", solving 1, 2, 3, 4 and 2 more");
        assert_eq!(clock(Duration::from_secs(3725)), "1:02:05");
        assert_eq!(clock(Duration::from_secs(25)), "0:25");
    }

    /// Klondike from `from` to `to`, as `survey` is asked for it.
    fn klondike_survey(from: u64, to: u64) -> (Played, SurveyArgs) {
        let rules = crate::solitaire::rules::examples::klondike();
        let variant = SolitaireVariant::new("klondike", 0, rules.clone(), rules).unwrap();
        let (mode, jobs, nodes, memory, seconds, csv) = (None, 1, None, None, None, None);
        let played = Played { options: variant.options(), variant };
        (played, SurveyArgs { game: "klondike".into(), from, to, mode, ms: false, jobs, nodes, memory, seconds, csv })
    }

    /// A survey stopped before any deal ended says so, with no times of
    /// nought (a negative one once, for the sum of none); one deal is
    /// counted in the singular.
    #[test]
    fn a_survey_of_no_deals_finished_has_no_time_per_deal() {
        let (variant, args) = klondike_survey(19, 20);
        let none = summary(&variant, &args, &[], Duration::from_millis(500), 1);
        assert!(none.contains("deals 19..20: 0 deals\n"), "{none}");
        assert!(none.contains("time per deal: none finished, wall 0.50 s with 1 job\n"), "{none}");
        assert!(!none.contains("-0"), "{none}");
        let (variant, args) = klondike_survey(1, 1);
        let one = summary(&variant, &args, &[row(1)], Duration::from_millis(500), 1);
        assert!(one.contains("deals 1..1: 1 deal\n"), "{one}");
        assert!(one.contains("time per deal: median 0.0000 s, max 0.0000 s; total 0.00 s, wall 0.50 s"), "{one}");
    }

    /// The median of an even number of deals is the mean of the two in
    /// the middle, not the longer of them.
    #[test]
    fn the_median_of_two_deals_lies_between_them() {
        let timed = |seconds: &[f64]| -> Vec<Row> {
            seconds.iter().enumerate().map(|(i, &seconds)| Row { seconds, ..row(i as u64 + 1) }).collect()
        };
        assert!(deal_times(&timed(&[4.0, 0.5])).starts_with("median 2.2500 s, max 4.0000 s"));
        assert!(deal_times(&timed(&[3.0, 1.0, 2.0])).starts_with("median 2.0000 s, max 3.0000 s"));
    }

    #[test]
    fn the_winnable_share_is_a_range_while_deals_are_undecided() {
        assert_eq!(winnable_share(748, 252, 0), "winnable: 74.80% of the deals");
        assert_eq!(winnable_share(483, 4, 513), "winnable: 48.30% to 99.60% of the deals (99.18% of the decided ones)");
        assert_eq!(winnable_share(0, 0, 3), "winnable: 0.00% to 100.00% of the deals (none decided)");
    }
}
