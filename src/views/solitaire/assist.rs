//! The solver's help at the table, for every card game built on it: the
//! status field (Winnable, Not winnable, Thinking...), hints that follow a
//! winning line, and Game > Solve, which plays that line as a demo until a
//! click or a key stops it. Demo moves are played as the player's would
//! be, so each is one undo step.

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::core::{Game, Variant};
use crate::solitaire::engine::{SolMove, Solitaire, SolitaireVariant};
use crate::solitaire::solver::winnable;
use crate::solitaire::solver::{Verdict, promising_move, safe_lay_off, solve};

use super::super::board::{DealSearch, Gauge, Reply};
use super::outlook::{Outlook, Watcher, watch_limits};
use crate::views::background;

/// The longest a hint or a Solve waits, in milliseconds, for the status's
/// search (which runs on a thread of its own, so the window goes on
/// meanwhile) before it answers without a winning line.
const ASK_MS: u32 = 2_000;
/// What the status line says meanwhile.
const HINT_THINKING: &str = "Hint: thinking...";
const SOLVE_THINKING: &str = "Solve: thinking...";
/// What the status line says when the search proved none of the deals it
/// tried winnable (the game number is not on the screen to refer to).
const NO_WINNABLE_DEAL: &str = "No deal tried was proved winnable. This one may not be.";
/// What it says instead once the status's longer search proves that deal
/// winnable after all, so the line never contradicts the status beside it.
const PROVED_AFTER_ALL: &str = "This deal is proved winnable now.";
/// And once that search proves it lost.
const PROVED_LOST: &str = "No deal tried was proved winnable. This one cannot be won.";

/// What the status line says of a demo the player stopped.
const SOLVE_STOPPED: &str = "Solve stopped.";

/// The pause between two moves of the demo.
const DEMO_STEP_MS: u32 = 400;

/// Why no winning line can be shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NoLine {
    /// None exists: every line from here was searched.
    Lost,
    /// None was found within the search's limits.
    NotFound,
}

/// A hint or a Solve asked for, waiting for the status's search.
#[derive(Clone, Copy, Debug)]
struct Asked {
    solve: bool,
    waited: u32,
}

/// The Solve demo under way.
#[derive(Clone, Copy, Debug, Default)]
struct Demo {
    waited: u32,
    /// A demo move was asked for and has not arrived yet.
    awaiting: bool,
}

/// The name of the solver's status field.
const SOLVER_FIELD: &str = "Solver";

/// How many of the positions last arrived at a hint on a lost deal keeps
/// clear of: hints followed one after another must not go to and fro.
const RECENT: usize = 8;

/// The solver's part of a table.
pub struct Assist {
    watcher: Watcher,
    /// Whether the status field is shown (and positions judged for it).
    pub status_on: bool,
    /// Whether the player asked for winnable deals only (a game type's
    /// mode may ask for them too).
    pub winnable_only: bool,
    demo: Option<Demo>,
    asked: Option<Asked>,
    /// Set by a deal search that dealt its number unproved, for the
    /// position it deals to take up.
    dealt_unproved: Arc<AtomicBool>,
    /// Whether a move of the game on the table can be undone: where none
    /// can, a lost deal is no reason to offer Undo.
    pub undoable: bool,
    /// The position on the table is such a deal, and the status line says
    /// it may not be winnable: the status's verdict on it settles that.
    doubted: bool,
    /// Whether the player's auto-play lays cards off after each move: the
    /// solver plays so too, or the table could not follow its lines.
    auto_play: bool,
    /// The positions last arrived at, the latest last (at most
    /// [`RECENT`]).
    recent: VecDeque<Solitaire>,
}

impl Default for Assist {
    fn default() -> Self {
        Assist {
            watcher: Watcher::default(),
            status_on: true,
            winnable_only: false,
            demo: None,
            asked: None,
            dealt_unproved: Arc::default(),
            undoable: false,
            doubted: false,
            auto_play: false,
            recent: VecDeque::new(),
        }
    }
}

impl Assist {
    /// Whether the player's auto-play is on. Where it changes, what was
    /// known of the position on the table was for the other way of
    /// playing, and is forgotten.
    pub fn set_auto_play(&mut self, on: bool) {
        if self.auto_play != on {
            self.auto_play = on;
            self.watcher.stop();
        }
    }

    /// `st` as the solver must play it: with the player's auto-play.
    fn played<'a>(&self, st: &'a Solitaire) -> std::borrow::Cow<'a, Solitaire> {
        st.with_safe_auto_play(self.auto_play)
    }

    /// The table shows a new position.
    pub fn arrived(&mut self, st: &Solitaire) {
        match &mut self.demo {
            Some(d) if d.awaiting => d.awaiting = false,
            // Anything but the demo's own move (undo, a new game) ends it.
            _ => self.demo = None,
        }
        // What was asked of the last position is no answer for this one.
        self.asked = None;
        if self.recent.back() != Some(st) {
            if self.recent.len() == RECENT {
                self.recent.pop_front();
            }
            self.recent.push_back(st.clone());
        }
        self.doubted = self.dealt_unproved.swap(false, Ordering::Relaxed);
        if self.status_on || self.demo.is_some() {
            self.watcher.watch(&self.played(st));
        } else {
            self.watcher.stop();
        }
    }

    /// Takes another judge's proof that the position on the table cannot
    /// be won (The Chance's: nothing more can be laid off). The status
    /// says so at once, its search dropped: that search would come to the
    /// same, and no tick brings its verdict while the box at the game's
    /// end is up.
    pub fn proved_lost(&mut self) {
        self.watcher.adopt_lost();
    }

    /// The status field, when it is on and has something to say.
    pub fn field(&self) -> Option<(&'static str, String)> {
        let word = self.watcher.outlook().word().filter(|_| self.status_on)?;
        Some((SOLVER_FIELD, word.to_string()))
    }

    /// Time passes: the search's answer may come, and the demo moves on.
    pub fn tick(&mut self, st: &Solitaire, ms: u32) -> Reply<SolitaireVariant> {
        let st = &self.played(st);
        let heard = match self.watcher.poll(st) {
            true if std::mem::take(&mut self.doubted) => match self.watcher.outlook() {
                Outlook::Winnable(_) => Reply::Say(PROVED_AFTER_ALL.into()),
                Outlook::NotWinnable => Reply::Say(PROVED_LOST.into()),
                _ => Reply::Redraw,
            },
            true => Reply::Redraw,
            false => Reply::Unchanged,
        };
        if let Some(answer) = self.answer_asked(st, ms) {
            return answer;
        }
        let Some(demo) = &mut self.demo else { return heard };
        demo.waited = demo.waited.saturating_add(ms);
        if demo.awaiting || demo.waited < DEMO_STEP_MS {
            return heard;
        }
        match self.watcher.outlook() {
            Outlook::Thinking => Reply::Unchanged,
            Outlook::Winnable(line) => match line.first().map(|text| st.parse_move(text)) {
                Some(Ok(m)) => {
                    *demo = Demo { waited: 0, awaiting: true };
                    Reply::PlayFor(m)
                }
                _ => self.end_demo("Solve stopped: its line no longer fits the table."),
            },
            Outlook::Idle => {
                self.demo = None;
                Reply::Redraw
            }
            Outlook::NotWinnable | Outlook::Unknown => self.end_demo("Solve stopped: no winning line is known."),
        }
    }

    fn end_demo(&mut self, why: &str) -> Reply<SolitaireVariant> {
        self.demo = None;
        Reply::Say(why.into())
    }

    /// A click or a key: stops the demo if one is running, or one asked
    /// for and waiting for its line, which would otherwise start after
    /// the player said stop (and then the event does nothing else).
    pub fn interrupt(&mut self) -> Option<Reply<SolitaireVariant>> {
        self.stop_demo().map(|said| Reply::Say(said.into()))
    }

    /// Stops the demo, running or asked for: what the status line says of
    /// it, `None` where there was none.
    pub fn stop_demo(&mut self) -> Option<&'static str> {
        let waiting = self.asked.take_if(|a| a.solve).is_some();
        (self.demo.take().is_some() || waiting).then_some(SOLVE_STOPPED)
    }

    /// Whether the demo is running, or asked for and waiting for its
    /// line: either stops at a click anywhere.
    pub fn demo_running(&self) -> bool {
        self.demo.is_some() || self.asked.as_ref().is_some_and(|a| a.solve)
    }

    /// What is known of a winning line from `st`: the one watched, or one
    /// searched for now, or why there is none; `None` while the status's
    /// search is still under way and the asker is `patient` (in a window
    /// the search runs on a thread of its own, started now if the status
    /// is off, and its answer comes at a tick).
    fn known(&mut self, st: &Solitaire, patient: bool) -> Option<Result<Vec<String>, NoLine>> {
        if let Some(line) = self.watcher.line() {
            return Some(Ok(line.to_vec()));
        }
        match self.watcher.outlook() {
            Outlook::NotWinnable => return Some(Err(NoLine::Lost)),
            // The status's search went as far as any would: searching
            // again finds no more.
            Outlook::Unknown => return Some(Err(NoLine::NotFound)),
            _ => {}
        }
        if !background::allowed() {
            return Some(self.search_now(st));
        }
        if self.watcher.outlook() == &Outlook::Idle {
            self.watcher.watch(st);
        }
        match self.watcher.outlook() {
            Outlook::Thinking if patient => None,
            // The status's search goes further than any a player would
            // wait for: what it could not settle is not found in time.
            _ => Some(Err(NoLine::NotFound)),
        }
    }

    /// Without a window, where no search has judged the position (the
    /// status off, or a run that judges only when asked): one runs now, as far as the status's would,
    /// bounded by positions only so the answer is the same on any machine,
    /// and what it finds is kept, so the status and the demo follow it.
    fn search_now(&mut self, st: &Solitaire) -> Result<Vec<String>, NoLine> {
        match solve(st, &watch_limits(false)).verdict {
            Verdict::Won(line) if self.watcher.adopt(st, line.clone()) => Ok(line),
            Verdict::Lost => {
                self.watcher.adopt_lost();
                Err(NoLine::Lost)
            }
            Verdict::Won(_) | Verdict::Undecided(_) => Err(NoLine::NotFound),
        }
    }

    /// Game > Hint: the answer, or that the solver is thinking (the answer
    /// then comes at a tick).
    pub fn hint(&mut self, st: &Solitaire) -> Reply<SolitaireVariant> {
        let st = &self.played(st);
        self.ask(st, false, HINT_THINKING)
    }

    /// Game > Solve: starts the demo, or says why it cannot, or that the
    /// solver is thinking.
    pub fn solve(&mut self, st: &Solitaire) -> Reply<SolitaireVariant> {
        let st = &self.played(st);
        self.ask(st, true, SOLVE_THINKING)
    }

    fn ask(&mut self, st: &Solitaire, solve: bool, thinking: &str) -> Reply<SolitaireVariant> {
        match self.known(st, true) {
            Some(known) => {
                self.asked = None;
                self.answer(st, solve, known)
            }
            None => {
                self.asked = Some(Asked { solve, waited: 0 });
                Reply::Say(thinking.into())
            }
        }
    }

    /// The answer to what was asked, once the status's search has given
    /// it or the asker has waited long enough.
    fn answer_asked(&mut self, st: &Solitaire, ms: u32) -> Option<Reply<SolitaireVariant>> {
        let asked = self.asked.as_mut()?;
        asked.waited = asked.waited.saturating_add(ms);
        let Asked { solve, waited } = *asked;
        let known = self.known(st, waited < ASK_MS)?;
        self.asked = None;
        Some(self.answer(st, solve, known))
    }

    fn answer(&mut self, st: &Solitaire, solve: bool, known: Result<Vec<String>, NoLine>) -> Reply<SolitaireVariant> {
        if solve { self.start_demo(known) } else { Self::hint_from(st, known, self.undoable, &self.recent) }
    }

    /// The next move of a winning line, or why there is none. Where none
    /// is left but moves are, one of them is marked all the same (see
    /// [`move_left`]), so a player who asks is never led to think the game
    /// stuck. When none is found in time (and none is proven impossible),
    /// a move no line vouches for is offered, said to be no more than
    /// that: a safe lay-off (a card no winning line needs where it lies),
    /// else the move that leaves the position looking best, if any looks
    /// better than now (see [`promising_move`]). Where a card can go home
    /// so, that comes first of a line too, whatever order the line found
    /// takes: it is the move a player expects, and the game stays as
    /// winnable as it was.
    fn hint_from(
        st: &Solitaire,
        known: Result<Vec<String>, NoLine>,
        undoable: bool,
        recent: &VecDeque<Solitaire>,
    ) -> Reply<SolitaireVariant> {
        let named = |m: SolMove, lead: &str| {
            let said = format!("{lead}{}.", st.describe_move(&m));
            Reply::Hint(m, said, false)
        };
        match known {
            Ok(line) => {
                let Some(first) = line.first() else { return Reply::Say("No hint: the game is won.".into()) };
                match safe_lay_off(st).map_or_else(|| st.parse_move(first), Ok) {
                    Ok(m) => named(m, "Hint: "),
                    Err(why) => Reply::Say(why),
                }
            }
            // The move first, a sentence of its own: the narrowest status
            // line (the Amiga PAL's title bar) keeps the first sentence.
            // The warning is told in a box as well where the line drops
            // it: no solver's field need say the deal is lost (The Chance
            // has none, and Klondike's gives way to the move), and a hint
            // without it reads as a step on a winning line.
            Err(NoLine::Lost) => match move_left(st, recent) {
                Some(m) => Reply::Hint(m, format!("{}. No winning line is left.", try_this(st, &m)), true),
                None => Reply::Say(format!("No hint: no winning line from here. {}", way_out(undoable))),
            },
            Err(NoLine::NotFound) => {
                // The one move the rules allow is the next of any line:
                // no caveat.
                if let [only] = st.legal_moves()[..] {
                    return named(only, "Hint: ");
                }
                // The move first, then what it is worth: the narrowest
                // status line (the Amiga PAL's title bar) keeps the first
                // sentence, or where that is too long the clause before
                // its colon, and framed cards alone do not say where they
                // go. A label first ("A safe move: ...") would be all it
                // kept.
                let unvouched = |m: SolMove, worth: &str| {
                    let said = format!("{}: {worth}. No winning line found in time.", try_this(st, &m));
                    Reply::Hint(m, said, false)
                };
                match (safe_lay_off(st), promising_move(st).or_else(|| new_cards(st, recent))) {
                    (Some(m), _) => unvouched(m, "it loses nothing"),
                    (None, Some(m)) => unvouched(m, "it may help"),
                    (None, None) => Reply::Say("No hint found in time.".into()),
                }
            }
        }
    }

    /// The search for the seed of game `number`: with winnable deals only
    /// (the player's choice, or the mode's [EasyWinnable]/[HardWinnable]
    /// Only=1), the first of its candidates the solver proves winnable.
    pub fn deal_search<V>(&self, variant: &V, number: u64) -> Option<DealSearch>
    where
        V: Variant<Game = Solitaire> + Send + 'static,
    {
        if !self.winnable_only && !variant.deal(number).rules().winnable_only {
            return None;
        }
        let (variant, unproved) = (variant.clone(), Arc::clone(&self.dealt_unproved));
        let gauge = Gauge { done: Arc::new(AtomicU64::new(0)), whole: winnable::TOTAL_NODES };
        let done = Arc::clone(&gauge.done);
        let run = move |stop: Arc<AtomicBool>| {
            let watch = winnable::Watch { cancel: Some(Arc::clone(&stop)), progress: Some(done) };
            match winnable::winnable_seed(&variant, number, |_| {}, watch) {
                Some(seed) => (seed, None),
                None => {
                    // A stopped search's deal is told of by the controller.
                    unproved.store(!stop.load(Ordering::Relaxed), Ordering::Relaxed);
                    (number, Some(NO_WINNABLE_DEAL.into()))
                }
            }
        };
        Some(DealSearch {
            doing: "Dealing a winnable game",
            doing_briefly: "Winnable deal",
            judge: SOLVER_FIELD,
            gauge,
            run: Box::new(run),
        })
    }

    fn start_demo(&mut self, known: Result<Vec<String>, NoLine>) -> Reply<SolitaireVariant> {
        match known {
            Ok(_) => {
                self.demo = Some(Demo { waited: DEMO_STEP_MS, awaiting: false });
                Reply::Say("Solving: a click or a key stops it.".into())
            }
            Err(NoLine::Lost) => Reply::Say(format!("No winning line from here. {}", way_out(self.undoable))),
            Err(NoLine::NotFound) => Reply::Say("No winning line was found in time.".into()),
        }
    }
}

/// A move to mark on a deal proved lost, while any is left: one that
/// loses nothing if there is one (see [`safe_lay_off`]), else the one that
/// leaves the table looking best, else the first the rules allow, each
/// where it does not go back to a position of the last few (`recent`: a
/// card moved to and fro is no way on).
fn move_left(st: &Solitaire, recent: &VecDeque<Solitaire>) -> Option<SolMove> {
    // Where every move goes back, the one to the position left longest
    // ago: round the longest circle there is.
    let last_there = |m: &SolMove| {
        let mut next = st.clone();
        next.apply(m);
        recent.iter().rposition(|p| *p == next)
    };
    let onward = || st.legal_moves().into_iter().min_by_key(|m| last_there(m).map_or(-1, |i| i as isize));
    // A move that climbs may climb back to where a move that did not
    // climb came down from.
    let climbing = || promising_move(st).filter(|m| last_there(m).is_none());
    safe_lay_off(st).or_else(climbing).or_else(onward)
}

/// A deal from the stock, where no move makes the table look better: it
/// brings cards into play that may (The Chance one move in, its whole
/// stock to come, had no hint at all). Not one that goes back to a
/// position of the last few (`recent`), so a stock gone through again and
/// again is not offered round and round.
fn new_cards(st: &Solitaire, recent: &VecDeque<Solitaire>) -> Option<SolMove> {
    st.legal_moves().into_iter().filter(|m| matches!(m, SolMove::Deal(_))).find(|m| {
        let mut next = st.clone();
        next.apply(m);
        !recent.contains(&next)
    })
}

/// "Try 4♦ to a foundation", "Try to deal from the stock": `m` offered
/// with no winning line behind it, the clause a hint opens with. A deal
/// and turning the waste over are named by what the player does.
fn try_this(st: &Solitaire, m: &SolMove) -> String {
    let to = if matches!(m, SolMove::Deal(_) | SolMove::Recycle) { "to " } else { "" };
    format!("Try {to}{}", st.describe_move(m))
}

/// What a player can do on a deal with no winning line left: Undo only
/// where there is a move of this game to take back.
fn way_out(undoable: bool) -> &'static str {
    if undoable { "Undo, or start anew." } else { "Start anew." }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solitaire::rules::examples;
    use std::time::{Duration, Instant};

    fn freecell_deal_one() -> Solitaire {
        let rules = examples::freecell();
        SolitaireVariant::new("freecell", 0, rules.clone(), rules).unwrap().deal(1)
    }

    /// Ticks until the status's search answers, returning what that tick
    /// replied.
    fn until_heard(assist: &mut Assist, st: &Solitaire) -> Reply<SolitaireVariant> {
        let start = Instant::now();
        loop {
            assert!(start.elapsed() < Duration::from_secs(60), "the search answers");
            match assist.tick(st, 50) {
                Reply::Unchanged => std::thread::sleep(Duration::from_millis(5)),
                reply => return reply,
            }
        }
    }

    /// Where no winning line is known, a hint still offers a move that
    /// makes the position look better, and says it is no more than that.
    /// Hints followed one after another climb, so they never come back to
    /// a position and end where no move looks better.
    #[test]
    fn a_hint_with_no_line_known_offers_a_move_that_climbs() {
        let rules = crate::solitaire::rules::examples::spider_one_suit();
        let mut st = SolitaireVariant::new("spider-one-suit", 0, rules.clone(), rules).unwrap().deal(1);
        let Reply::Hint(_, said, _) = Assist::hint_from(&st, Err(NoLine::NotFound), true, &VecDeque::new()) else {
            panic!("no hint")
        };
        assert!(said.starts_with("Try "), "{said}");
        assert!(said.ends_with(": it may help. No winning line found in time."), "{said}");
        let mut seen = Vec::new();
        while let Some(m) = promising_move(&st) {
            assert!(seen.len() < 1000, "the hints end");
            seen.push(st.clone());
            st.apply(&m);
            assert!(!seen.contains(&st), "a hint came back to a position after {} moves", seen.len());
        }
        assert!(seen.len() > 5, "the hints go some way: {}", seen.len());
        let end = Assist::hint_from(&st, Err(NoLine::NotFound), true, &VecDeque::new());
        assert!(matches!(&end, Reply::Say(said) if said == "No hint found in time."), "{end:?}");
    }

    /// Where no move makes the table look better and the stock can be
    /// dealt, the hint deals: The Chance one move in, its whole stock to
    /// come, had no hint. Not a deal that goes back to a position of the
    /// last few, which the stock gone round again would.
    #[test]
    fn a_hint_with_no_move_that_climbs_deals_from_the_stock() {
        let rules = examples::the_chance();
        let v = SolitaireVariant::new("the-chance", 0, rules.clone(), rules).unwrap();
        let mut st = v.deal(5);
        while let Some(m) = promising_move(&st) {
            st.apply(&m);
        }
        let end = Assist::hint_from(&st, Err(NoLine::NotFound), true, &VecDeque::new());
        let said = "Try to deal from the stock: it may help. No winning line found in time.";
        let Reply::Hint(deal @ SolMove::Deal(_), text, _) = end else { panic!("{end:?}") };
        assert_eq!(text, said);
        let mut after = st.clone();
        after.apply(&deal);
        let recent = VecDeque::from([after]);
        assert_eq!(new_cards(&st, &recent), None);
    }

    /// Where the rules allow one move (a Pyramid deal with no pair open:
    /// deal from the stock), the hint names it as it would a line's, even
    /// before a line is found: every line starts with it.
    #[test]
    fn the_one_move_the_rules_allow_is_hinted_without_a_caveat() {
        let rules = examples::pyramid();
        let v = SolitaireVariant::new("pyramid", 0, rules.clone(), rules).unwrap();
        let st = (1..200).map(|n| v.deal(n)).find(|st| st.legal_moves().len() == 1).expect("a deal with one move");
        let Reply::Hint(m, said, _) = Assist::hint_from(&st, Err(NoLine::NotFound), true, &VecDeque::new()) else {
            panic!("a hint")
        };
        assert_eq!(m, SolMove::Deal(0));
        assert_eq!(said, "Hint: deal from the stock.");
    }

    /// A FreeCell end with every cell and column full: the 7♥ can go onto
    /// the 8♠ and the 6♠ after it, and then nothing moves, and no card can
    /// go home. Lost, with moves left.
    fn lost_with_moves_left() -> Solitaire {
        crate::solitaire::engine::position(
            examples::freecell(),
            &[
                ("R1", "9C"),
                ("R2", "9D"),
                ("R3", "9H"),
                ("R4", "9S"),
                ("T1", "AC 2D"),
                ("T2", "AD 2C"),
                ("T3", "AH 2S"),
                ("T4", "AS 2H"),
                ("T5", "3C 3D 3H 3S 4C 4D 4H 4S"),
                ("T6", "5C 5D 5H 5S 6C 6D 6H 6S 7H"),
                ("T7", "7C 7D 7S 8C 8D 8H 8S"),
                ("T8", "TC TD TH TS JC JD JH JS QC QD QH QS KC KD KH KS"),
            ],
        )
    }

    /// Once no winning line is left, a hint still marks a move while any
    /// remains, so the player is not led to think the game stuck; with
    /// none left it says so as before.
    #[test]
    fn a_hint_on_a_lost_deal_marks_a_move_that_remains() {
        let mut st = lost_with_moves_left();
        let mut assist = Assist { undoable: true, ..Assist::default() };
        assist.arrived(&st);
        let Reply::Hint(m, said, told) = assist.hint(&st) else { panic!("a move is marked") };
        assert_eq!(assist.field(), Some(("Solver", "Not winnable".to_string())), "proved lost");
        assert!(st.check(&m).is_ok(), "{m:?}");
        assert_eq!(said, format!("Try {}. No winning line is left.", st.describe_move(&m)));
        assert!(told, "the warning is told whole where the status line drops it");
        let mut played = 0;
        while let Reply::Hint(m, ..) = assist.hint(&st) {
            assert!(played < 2, "two moves are left");
            st.apply(&m);
            assist.arrived(&st);
            played += 1;
        }
        assert_eq!(played, 2);
        let last = Assist::hint_from(&st, Err(NoLine::Lost), true, &VecDeque::new());
        assert!(
            matches!(&last, Reply::Say(said) if said == "No hint: no winning line from here. Undo, or start anew.")
        );
    }

    /// Hints followed one after another on a deal proved lost go on, not
    /// to and fro: Beleaguered Castle's deal 3 (Hard) offered a card
    /// moved from column 1 to 4, then back, for as long as the player
    /// followed.
    #[test]
    fn hints_on_a_lost_deal_do_not_go_to_and_fro() {
        background::allow(true);
        let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("game-types/Beleaguered Castle");
        let game_type = crate::solitaire::library::GameType::load(&folder).unwrap();
        let mut st = game_type.variant.with_options("hard").unwrap().deal(3);
        let mut assist = Assist::default();
        assist.arrived(&st);
        let mut seen = vec![st.clone()];
        for _ in 0..30 {
            let reply = match assist.hint(&st) {
                Reply::Say(_) => until_heard(&mut assist, &st),
                reply => reply,
            };
            let Reply::Hint(m, said, _) = reply else { break };
            assert!(said.ends_with("No winning line is left."), "{said}");
            st.apply(&m);
            assert!(!seen[seen.len().saturating_sub(RECENT)..].contains(&st), "{} went back", st.describe_move(&m));
            seen.push(st.clone());
            assist.arrived(&st);
        }
        assert!(seen.len() > 10, "hints to follow: {}", seen.len());
    }

    /// A game lost, no move left, is known not winnable the moment it
    /// ends: the status never says "Thinking..." beside its ending, where
    /// no search is needed (and no tick may come to bring its verdict
    /// while the box at the end is up).
    #[test]
    fn a_game_lost_is_not_winnable_at_once() {
        background::allow(true);
        let mut st = lost_with_moves_left();
        // Its two moves left, played.
        for _ in 0..2 {
            let m = st.legal_moves()[0];
            st.apply(&m);
        }
        assert_eq!(st.status(), crate::core::Status::Lost);
        let mut assist = Assist::default();
        assist.arrived(&st);
        assert_eq!(assist.field(), Some(("Solver", "Not winnable".to_string())));
    }

    /// A move offered with no winning line behind it is named so that
    /// "Try" reads on: a card move by its cards, a deal by what the player
    /// does.
    #[test]
    fn a_move_to_try_reads_as_a_sentence() {
        let rules = examples::klondike();
        let st = SolitaireVariant::new("klondike", 0, rules.clone(), rules).unwrap().deal(1);
        assert_eq!(try_this(&st, &SolMove::Deal(0)), "Try to deal from the stock");
        assert_eq!(try_this(&st, &SolMove::Recycle), "Try to turn the waste over");
        let up = st.legal_moves().into_iter().find(|m| matches!(m, SolMove::Move { .. })).expect("a card move");
        assert_eq!(try_this(&st, &up), format!("Try {}", st.describe_move(&up)));
    }

    /// A deal dealt unproved (the status line says it may not be winnable)
    /// that the status's search then proves lost is said to be so.
    #[test]
    fn a_deal_dealt_unproved_and_then_proved_lost_is_said_to_be() {
        background::allow(true);
        let rules = examples::the_chance();
        let st = SolitaireVariant::new("the-chance", 0, rules.clone(), rules).unwrap().deal(7);
        let mut assist = Assist::default();
        assist.dealt_unproved.store(true, Ordering::Relaxed);
        assist.arrived(&st);
        let Reply::Say(said) = until_heard(&mut assist, &st) else { panic!("the status line is corrected") };
        assert_eq!(said, PROVED_LOST);
        assert_eq!(assist.field(), Some(("Solver", "Not winnable".to_string())));
    }

    /// A deal dealt unproved (the status line says it may not be winnable)
    /// that the status's search then proves winnable is said to be so.
    #[test]
    fn a_deal_dealt_unproved_and_then_proved_winnable_is_said_to_be() {
        background::allow(true);
        let st = freecell_deal_one();
        let mut assist = Assist::default();
        assist.dealt_unproved.store(true, Ordering::Relaxed);
        assist.arrived(&st);
        let Reply::Say(said) = until_heard(&mut assist, &st) else { panic!("the status line is corrected") };
        assert_eq!(said, PROVED_AFTER_ALL);
        assert_eq!(assist.field(), Some(("Solver", "Winnable".to_string())));

        // A deal found winnable as usual says nothing of it.
        assist.arrived(&st);
        let mut plain = Assist::default();
        plain.arrived(&st);
        assert!(matches!(until_heard(&mut plain, &st), Reply::Redraw));
    }
}
