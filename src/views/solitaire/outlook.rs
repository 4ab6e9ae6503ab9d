//! Whether the position on the table can still be won, judged in the
//! background after every change: the solver runs on a thread of its own
//! with a cancel flag, so no frame waits for it, and the next position
//! cancels the search of the last. A winning line found is kept: as long
//! as the player (or the Solve demo) follows it, what is left of it is
//! replayed through the rules to confirm the verdict instead of searching
//! again. A shot judges at once, as far as the thread would; tests and
//! pictures of a game's opening judge nothing (see [`background::Work`]).

use std::sync::mpsc::TryRecvError;
use std::time::Duration;

use crate::core::Status;
use crate::core::game::Game;
use crate::core::session::play_through;
use crate::solitaire::engine::Solitaire;
use crate::solitaire::solver::{Limits, Verdict, solve, wins};
use crate::views::background::{self, Job, Work};

/// Positions the background search may expand before it says it cannot
/// tell: enough for every FreeCell deal and most of the rest.
const NODES: u64 = 2_000_000;
/// Megabytes it may hold.
const MEMORY_MB: usize = 256;
/// The longest it may think about one position.
const TIME: Duration = Duration::from_secs(20);

/// The limits the background search works within (without its time
/// limit, for a caller that needs the same answer on any machine).
pub fn watch_limits(timed: bool) -> Limits {
    Limits { time: timed.then_some(TIME), ..Limits::new(NODES, MEMORY_MB) }
}

/// What is known of the position on the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outlook {
    /// Nothing is being judged (the game is won, or the status is off).
    Idle,
    /// The search is under way.
    Thinking,
    /// This line of moves wins from here (replayed through the rules).
    Winnable(Vec<String>),
    /// Every line from here was searched: none wins (or the game is
    /// over, lost: no search is needed to know it).
    NotWinnable,
    /// The search stopped at its limits without an answer.
    Unknown,
}

impl Outlook {
    /// The word the status field shows; `None` when there is nothing to say.
    pub fn word(&self) -> Option<&'static str> {
        match self {
            Outlook::Idle => None,
            Outlook::Thinking => Some("Thinking..."),
            Outlook::Winnable(_) => Some("Winnable"),
            Outlook::NotWinnable => Some("Not winnable"),
            Outlook::Unknown => Some("Not decided"),
        }
    }
}

/// Judges positions in the background.
#[derive(Default)]
pub struct Watcher {
    /// The search under way.
    pending: Option<Job<Verdict>>,
    outlook: Option<Outlook>,
    /// A position a shot watched, judged at the next tick: a script's
    /// moves in a row are judged once, where its picture is taken or it
    /// waits, not once a move.
    unjudged: bool,
}

impl Watcher {
    /// What is known of the last position watched.
    pub fn outlook(&self) -> &Outlook {
        self.outlook.as_ref().unwrap_or(&Outlook::Idle)
    }

    /// The winning line from the last position watched, if one is known.
    pub fn line(&self) -> Option<&[String]> {
        match self.outlook() {
            Outlook::Winnable(line) => Some(line),
            _ => None,
        }
    }

    /// Starts judging `state`, reached from the last position watched
    /// (its rules carry the player's auto-play, which every move played on
    /// the table is followed by: see [`Solitaire::with_safe_auto_play`]).
    pub fn watch(&mut self, state: &Solitaire) {
        self.cancel();
        // A game over is known at once: the status never thinks beside
        // its ending.
        let over = match state.status() {
            Status::Playing => None,
            Status::Won => Some(Outlook::Idle),
            Status::Lost => Some(Outlook::NotWinnable),
        };
        if over.is_some() {
            self.outlook = over;
            return;
        }
        if let Some(rest) = self.line().and_then(|line| still_winning(state, line)) {
            self.outlook = Some(Outlook::Winnable(rest));
            return;
        }
        match background::work() {
            Work::Threads => {}
            // Judged at the next tick (see `poll`).
            Work::AtOnce => {
                self.outlook = None;
                self.unjudged = true;
                return;
            }
            Work::WhenAsked => {
                self.outlook = None;
                return;
            }
        }
        let position = state.clone();
        let spawned = Job::spawn("solver", move |stop| {
            solve(&position, &Limits { cancel: Some(stop), ..watch_limits(true) }).verdict
        });
        self.outlook = Some(if spawned.is_some() { Outlook::Thinking } else { Outlook::Unknown });
        // Without a thread there is no verdict to wait for.
        self.pending = spawned;
    }

    /// Takes the search's answer if it has come: whether the outlook
    /// changed. `state` is the position it was started on.
    pub fn poll(&mut self, state: &Solitaire) -> bool {
        if std::mem::take(&mut self.unjudged) {
            // As the window's thread would answer, bounded by positions
            // only so the verdict is the same on any machine.
            let limits = Limits { progress: background::progress(), ..watch_limits(false) };
            self.outlook = Some(verdict_on(state, solve(state, &limits).verdict));
            return true;
        }
        let Some(p) = &self.pending else { return false };
        let verdict = match p.poll() {
            Ok(verdict) => verdict,
            Err(TryRecvError::Empty) => return false,
            Err(TryRecvError::Disconnected) => Verdict::Undecided(crate::solitaire::solver::Limit::Cancelled),
        };
        self.pending = None;
        self.outlook = Some(verdict_on(state, verdict));
        true
    }

    /// Takes `line`, found for `state` by another search, as the verdict
    /// on `state` (checked: it must win when played through the rules).
    /// Returns whether it was taken.
    pub fn adopt(&mut self, state: &Solitaire, line: Vec<String>) -> bool {
        let good = wins(state, &line);
        if good {
            self.cancel();
            self.outlook = Some(Outlook::Winnable(line));
        }
        good
    }

    /// Takes another search's proof that the position is lost.
    pub fn adopt_lost(&mut self) {
        self.cancel();
        self.outlook = Some(Outlook::NotWinnable);
    }

    /// Stops watching: the search under way is dropped and nothing is
    /// known.
    pub fn stop(&mut self) {
        self.cancel();
        self.outlook = None;
    }

    /// Drops the search under way, which stops it.
    fn cancel(&mut self) {
        self.unjudged = false;
        self.pending = None;
    }
}

/// What the search's `verdict` on `state` tells of it. The solver's word
/// is not taken: its line must win when played through the rules.
fn verdict_on(state: &Solitaire, verdict: Verdict) -> Outlook {
    match verdict {
        Verdict::Won(line) if wins(state, &line) => Outlook::Winnable(line),
        Verdict::Won(_) | Verdict::Undecided(_) => Outlook::Unknown,
        Verdict::Lost => Outlook::NotWinnable,
    }
}

/// What is left of `line` if `state` is on it: the rest of the line after
/// the moves already made, when that rest wins from `state`.
fn still_winning(state: &Solitaire, line: &[String]) -> Option<Vec<String>> {
    // The player followed the line if its tail after one move wins from
    // here (the usual case: one move at a time).
    let rest = line.get(1..)?;
    let mut end = state.clone();
    (play_through(&mut end, rest, |_| None) == rest.len() && end.status() == Status::Won).then(|| rest.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solitaire::engine::SolitaireVariant;
    use crate::solitaire::rules::examples;
    use std::time::Instant;

    pub(super) fn freecell() -> SolitaireVariant {
        let rules = examples::freecell();
        SolitaireVariant::new("freecell", 0, rules.clone(), rules).unwrap()
    }

    /// FreeCell deal 1 and a watcher judging in the background that has
    /// just been shown it.
    fn watching_deal_one() -> (Solitaire, Watcher) {
        use crate::core::Variant;
        let state = freecell().deal(1);
        let mut w = Watcher::default();
        background::allow(true);
        w.watch(&state);
        (state, w)
    }

    fn settle(w: &mut Watcher, state: &Solitaire) {
        let start = Instant::now();
        while !w.poll(state) {
            assert!(start.elapsed() < Duration::from_secs(60), "the search answers");
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    #[test]
    fn a_deal_is_thought_about_then_found_winnable_with_a_line_that_wins() {
        let (state, mut w) = watching_deal_one();
        assert_eq!(w.outlook(), &Outlook::Thinking);
        settle(&mut w, &state);
        let line = w.line().expect("deal 1 is winnable").to_vec();
        assert!(wins(&state, &line));
        // Following the line keeps the verdict without a new search.
        let mut next = state.clone();
        assert_eq!(play_through(&mut next, &line[..1], |_| None), 1);
        w.watch(&next);
        assert_eq!(w.line(), Some(&line[1..]));
    }

    #[test]
    fn a_won_game_is_not_watched() {
        let (state, mut w) = watching_deal_one();
        settle(&mut w, &state);
        let line = w.line().unwrap().to_vec();
        let mut end = state.clone();
        play_through(&mut end, &line, |_| None);
        w.watch(&end);
        assert_eq!(w.outlook(), &Outlook::Idle);
        assert_eq!(w.outlook().word(), None);
    }
}

#[cfg(test)]
mod headless {
    use super::*;
    use crate::core::Variant;

    #[test]
    fn headless_the_verdict_comes_at_the_next_tick() {
        background::set(Work::AtOnce);
        let state = super::tests::freecell().deal(1);
        let mut w = Watcher::default();
        // Positions watched in a row are judged once, at the tick.
        w.watch(&super::tests::freecell().deal(2));
        w.watch(&state);
        assert_eq!(w.outlook(), &Outlook::Idle, "nothing judged before the tick");
        assert!(w.poll(&state));
        assert_eq!(w.outlook().word(), Some("Winnable"));
        assert!(wins(&state, w.line().unwrap()));
    }

    #[test]
    fn judging_only_when_asked_nothing_is_started_until_a_line_is_given() {
        background::set(Work::WhenAsked);
        let state = super::tests::freecell().deal(1);
        let mut w = Watcher::default();
        w.watch(&state);
        assert_eq!(w.outlook(), &Outlook::Idle);
        assert!(!w.adopt(&state, vec!["nonsense".into()]), "a line that does not win is refused");
        let Verdict::Won(line) = solve(&state, &Limits::new(200_000, 64)).verdict else { panic!("deal 1 wins") };
        assert!(w.adopt(&state, line.clone()));
        assert_eq!(w.outlook().word(), Some("Winnable"));
    }
}
