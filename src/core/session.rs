//! A session: one player's history with a game, and the cursor into it.
//!
//! The history is a list of [`Step`]s. Step 0 is always the first deal; after
//! it come moves, new games and restarts, each with the automatic moves that
//! followed it. The cursor says which step the player is looking at: undo and
//! redo move it, and anything new drops the steps after it (the redo tail).
//! New Game and Restart are steps like any other, so they can be undone.
//!
//! Correctness comes from replay: every state is what replaying the steps
//! from the deal gives ([`Session::replay_to`]). The session also keeps the
//! state after every step so that undo and redo cost nothing.
//!
//! There is no clock in here: the caller reports play time with
//! [`Session::add_time`], so a session stays a pure value.

use std::fmt;

use super::game::{Game, Refusal, Variant};
use super::text::check_line;

/// At most this many automatic moves follow one step. A game whose automatic
/// moves never end is a bug; the cap turns a hang into a stop.
const AUTO_LIMIT: usize = 10_000;

/// The longest a game's clock runs: ten years of play, which no real
/// game comes near (the clock fields stop at 9999:59, a week), so a save
/// or a record that claims more is damaged. The clock stops here, so what
/// Parlour writes it always reads back.
pub const MAX_CLOCK_MS: u64 = 10 * 365 * 24 * 60 * 60 * 1000;

/// Why the play time `what`, `ms` milliseconds as a file gives it, cannot
/// be one.
pub fn clock_over(what: &str, ms: impl fmt::Display) -> String {
    format!("{what} {ms} is more than {MAX_CLOCK_MS} (ten years of play), which no game's clock reaches")
}

/// What the player did to start a step.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Dealt the game with this seed (step 0 is always one of these).
    NewGame { seed: u64 },
    /// Dealt the current game again, with the same seed.
    Restart,
    /// Made the move with this text.
    Move(String),
}

/// What a game is marked with beyond its moves, kept with the step that
/// dealt it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// The program played in it for the player (Solve's demo): the player
    /// never wins it, however it ends.
    Helped,
    /// It was counted lost before it ended: the board found it lost
    /// while moves remained (The Chance, once nothing more can be laid
    /// off), or it was lost or given up and then taken back by Undo. A
    /// resumed game is not counted again when it is given up or won.
    Lost,
    /// It was won and counted so, then taken back by Undo: a resumed game
    /// is not counted again, however it ends.
    Won,
}

impl Mark {
    fn bit(self) -> u8 {
        match self {
            Mark::Helped => 1,
            Mark::Lost => 2,
            Mark::Won => 4,
        }
    }
}

/// One undoable step: an action and the automatic moves (as texts) it set off.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    pub action: Action,
    pub auto: Vec<String>,
}

/// A history that does not replay: which step failed, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The index of the step that failed.
    pub step: usize,
    /// Which of that step's automatic moves failed (by index), if it was one.
    pub auto: Option<usize>,
    /// What went wrong, in words.
    pub reason: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.auto {
            None => write!(f, "step {}: {}", self.step, self.reason),
            Some(k) => write!(f, "automatic move {} after step {}: {}", k + 1, self.step, self.reason),
        }
    }
}

impl std::error::Error for ReplayError {}

/// A game being played: the variant, the history, the cursor, the states.
#[derive(Clone, Debug, PartialEq)]
pub struct Session<V: Variant> {
    variant: V,
    steps: Vec<Step>,
    /// `states[i]` is the state after `steps[..=i]`; same length as `steps`.
    states: Vec<V::Game>,
    cursor: usize,
    /// Play time of each game, kept at the index of the step that dealt it
    /// (0 elsewhere); same length as `steps`. Undoing a New Game brings
    /// back the old game's clock with it.
    clocks: Vec<u64>,
    /// The [`Mark`]s of each game, as bits, kept at the index of the step
    /// that dealt it (0 elsewhere); same length as `steps`.
    marks: Vec<u8>,
    /// The number each game was dealt for where that is not its seed
    /// (winnable deals only: game 7 may be a deal made from 7), kept at
    /// the index of the step that dealt it; same length as `steps`.
    numbers: Vec<Option<u64>>,
    /// The step a kept game was opened at (Open...): left from there with
    /// no move since, it is no game the player played (see
    /// [`Session::as_opened`]). Dropped once the step is taken back and
    /// played over.
    opened_at: Option<usize>,
}

/// Why a cursor at step `cursor` names no step of a history of `steps`
/// steps, counted as the cursor counts them: from 0, the deal, so that
/// the last step is one less than their number. `holder` says whose
/// steps ("the history has", "the file holds").
pub(crate) fn cursor_past_end(cursor: usize, steps: usize, holder: &str) -> String {
    let Some(last) = steps.checked_sub(1) else {
        return format!("the cursor is at step {cursor}, but {holder} no step, not even the deal");
    };
    let after = match last {
        0 => "no step".to_string(),
        n => super::plural(n as u64, "step", "steps"),
    };
    format!(
        "the cursor is at step {cursor}, but the last step is {last}: step 0 is the deal, and {holder} {after} after it"
    )
}

impl<V: Variant> Session<V> {
    /// A fresh session: the game with this seed, dealt.
    pub fn new(variant: V, seed: u64) -> Self {
        let (state, auto) = deal_with_autos(&variant, seed);
        Session {
            variant,
            steps: vec![Step { action: Action::NewGame { seed }, auto }],
            states: vec![state],
            cursor: 0,
            clocks: vec![0],
            marks: vec![0],
            numbers: vec![None],
            opened_at: None,
        }
    }

    /// Rebuilds a session from a recorded history by replaying every step,
    /// checking each move. Nothing is returned unless all of it replays and
    /// `cursor` names a step of it.
    pub fn from_history(variant: V, steps: Vec<Step>, cursor: usize, elapsed_ms: u64) -> Result<Self, ReplayError> {
        if cursor >= steps.len() {
            return Err(ReplayError {
                step: cursor,
                auto: None,
                reason: cursor_past_end(cursor, steps.len(), "the history has"),
            });
        }
        let states = replay(&variant, &steps)?;
        let mut clocks = vec![0; steps.len()];
        let (marks, numbers) = (vec![0; steps.len()], vec![None; steps.len()]);
        let mut session =
            Session { variant, steps, states, cursor, clocks: Vec::new(), marks, numbers, opened_at: None };
        clocks[session.game_start()] = elapsed_ms.min(MAX_CLOCK_MS);
        session.clocks = clocks;
        Ok(session)
    }

    /// The variant being played.
    pub fn variant(&self) -> &V {
        &self.variant
    }

    /// The state at the cursor: what the player sees.
    pub fn state(&self) -> &V::Game {
        &self.states[self.cursor]
    }

    /// The state after step `step` of the history (redo tail included),
    /// as the session keeps it.
    pub fn state_at(&self, step: usize) -> Option<&V::Game> {
        self.states.get(step)
    }

    /// The whole history, including any redo tail after the cursor.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The index of the current step in [`steps`](Session::steps).
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The seed of the game at the cursor.
    pub fn seed(&self) -> u64 {
        self.steps[..=self.cursor]
            .iter()
            .rev()
            .find_map(|step| match step.action {
                Action::NewGame { seed } => Some(seed),
                _ => None,
            })
            .expect("step 0 of every session is a deal")
    }

    /// The index of the step that dealt the game at the cursor (its last
    /// New Game or Restart). Replaying from here to the cursor shows the
    /// whole game so far.
    pub fn game_start(&self) -> usize {
        (0..=self.cursor).rev().find(|&i| !matches!(self.steps[i].action, Action::Move(_))).unwrap_or(0)
    }

    /// The last step of the game at the cursor: the cursor, or the last of
    /// the undone moves after it.
    pub fn game_end(&self) -> usize {
        let cursor = self.cursor;
        cursor + self.steps[cursor + 1..].iter().take_while(|s| matches!(s.action, Action::Move(_))).count()
    }

    /// How many moves the player has made in the game at the cursor.
    pub fn move_count(&self) -> usize {
        self.cursor - self.game_start()
    }

    /// Play time of the current game in milliseconds, as reported through
    /// [`add_time`](Session::add_time).
    pub fn elapsed_ms(&self) -> u64 {
        self.clocks[self.game_start()]
    }

    /// The play time of every game in the history that has one, by the
    /// index of the step that dealt it.
    pub fn game_clocks(&self) -> impl Iterator<Item = (usize, u64)> + '_ {
        self.clocks.iter().copied().enumerate().filter(|&(_, ms)| ms > 0)
    }

    /// Sets the play time of the game dealt at step `start` (as a save
    /// records it); an index that deals no game is refused.
    pub fn set_game_clock(&mut self, start: usize, ms: u64) -> Result<(), String> {
        match self.steps.get(start).map(|s| &s.action) {
            Some(Action::NewGame { .. } | Action::Restart) => {
                self.clocks[start] = ms.min(MAX_CLOCK_MS);
                Ok(())
            }
            _ => Err(format!("step {start} does not deal a game, so it has no clock")),
        }
    }

    /// Marks the game at the cursor.
    pub fn mark(&mut self, mark: Mark) {
        let start = self.game_start();
        self.marks[start] |= mark.bit();
    }

    /// Whether the game at the cursor carries `mark`.
    pub fn is_marked(&self, mark: Mark) -> bool {
        self.marks[self.game_start()] & mark.bit() != 0
    }

    /// The games of the history that carry `mark`, by the index of the
    /// step that dealt each.
    pub fn marked_games(&self, mark: Mark) -> impl Iterator<Item = usize> + '_ {
        self.marks.iter().enumerate().filter(move |&(_, &m)| m & mark.bit() != 0).map(|(i, _)| i)
    }

    /// Notes the game as a kept game just opened, at the cursor.
    pub fn note_opened(&mut self) {
        self.opened_at = Some(self.cursor);
    }

    /// Whether the game stands as the kept game was opened, no move made
    /// since (or all of them taken back): leaving it gives up nothing the
    /// player played, so it is not counted.
    pub fn as_opened(&self) -> bool {
        self.opened_at == Some(self.cursor)
    }

    /// The step a kept game was opened at, as a save records it.
    pub fn opened_at(&self) -> Option<usize> {
        self.opened_at
    }

    /// Notes the kept game as opened at step `at` (as a save records it);
    /// a step past the history is refused.
    pub fn set_opened_at(&mut self, at: usize) -> Result<(), String> {
        if at >= self.steps.len() {
            return Err(cursor_past_end(at, self.steps.len(), "the history has"));
        }
        self.opened_at = Some(at);
        Ok(())
    }

    /// Marks the game dealt at step `start` (as a save records it); an
    /// index that deals no game is refused.
    pub fn set_mark(&mut self, start: usize, mark: Mark) -> Result<(), String> {
        match self.steps.get(start).map(|s| &s.action) {
            Some(Action::NewGame { .. } | Action::Restart) => {
                self.marks[start] |= mark.bit();
                Ok(())
            }
            _ => Err(format!("step {start} does not deal a game, so it cannot be marked")),
        }
    }

    /// The number the game at the cursor was dealt for, where that is not
    /// its seed (see [`set_number`](Session::set_number)).
    pub fn number(&self) -> Option<u64> {
        self.numbers[self.game_start()]
    }

    /// The number of every game of the history dealt for one other than
    /// its seed, by the index of the step that dealt it.
    pub fn game_numbers(&self) -> impl Iterator<Item = (usize, u64)> + '_ {
        self.numbers.iter().enumerate().filter_map(|(i, n)| n.map(|n| (i, n)))
    }

    /// Says which number the game dealt at step `start` was dealt for (a
    /// deal the number stands for, as winnable deals only find one); the
    /// seed itself, or an index that deals no game, is refused.
    pub fn set_number(&mut self, start: usize, number: u64) -> Result<(), String> {
        let seed = (0..=start).rev().find_map(|i| match self.steps.get(i)?.action {
            Action::NewGame { seed } => Some(seed),
            _ => None,
        });
        match self.steps.get(start).map(|s| &s.action) {
            Some(Action::NewGame { .. } | Action::Restart) if seed != Some(number) => {
                self.numbers[start] = Some(number);
                Ok(())
            }
            Some(Action::NewGame { .. } | Action::Restart) => Err(format!("game {number} is its own seed")),
            _ => Err(format!("step {start} does not deal a game, so it has no number")),
        }
    }

    /// Adds play time to the game at the cursor. A New Game or Restart
    /// starts a clock of its own at zero; undoing a move does not take time
    /// back, because it was spent all the same. The clock stops at
    /// [`MAX_CLOCK_MS`].
    pub fn add_time(&mut self, ms: u64) {
        let start = self.game_start();
        self.clocks[start] = self.clocks[start].saturating_add(ms).min(MAX_CLOCK_MS);
    }

    /// Whether there is a step to undo.
    pub fn can_undo(&self) -> bool {
        self.cursor > 0
    }

    /// Whether there is an undone step to redo.
    pub fn can_redo(&self) -> bool {
        self.cursor + 1 < self.steps.len()
    }

    /// Steps back one step (a move with its automatic moves, a new game or a
    /// restart). Returns whether anything was undone.
    pub fn undo(&mut self) -> bool {
        let can = self.can_undo();
        if can {
            self.cursor -= 1;
        }
        can
    }

    /// Steps forward again over an undone step. Returns whether anything
    /// was redone.
    pub fn redo(&mut self) -> bool {
        let can = self.can_redo();
        if can {
            self.cursor += 1;
        }
        can
    }

    /// Makes a move if the rules allow it, then any automatic moves, as one
    /// undoable step. A refused move changes nothing.
    pub fn play(&mut self, m: &<V::Game as Game>::Move) -> Result<(), Refusal> {
        self.play_with(m, |_| None).map(drop)
    }

    /// As [`play`](Session::play), and after the game's own automatic moves
    /// also those `extra` offers (a player's auto-play option), all in the
    /// same undoable step. They are recorded as moves, so replaying the
    /// history needs no knowledge of the option. `Ok(true)` where the move
    /// began the game at the cursor afresh, as another game than the one
    /// whose moves it replaced: it then has its own clock and none of that
    /// game's marks.
    pub fn play_with(
        &mut self,
        m: &<V::Game as Game>::Move,
        extra: impl Fn(&V::Game) -> Option<<V::Game as Game>::Move>,
    ) -> Result<bool, Refusal> {
        let state = self.state();
        state.check(m)?;
        let text = recordable_text(state, m).map_err(Refusal::new)?;
        let mut next = state.clone();
        next.apply(m);
        let auto = run_autos(&mut next, extra);
        let afresh = self.begins_afresh(&next);
        if afresh {
            let start = self.game_start();
            self.clocks[start] = 0;
            self.marks[start] = 0;
        }
        self.push(Step { action: Action::Move(text), auto }, next);
        Ok(afresh)
    }

    /// Whether playing `m` at the cursor would begin the game afresh (see
    /// [`play_with`](Session::play_with)): asked before the move, while
    /// the game it replaces can still be counted as it was left.
    pub fn would_begin_afresh(&self, m: &<V::Game as Game>::Move) -> bool {
        let state = self.state();
        if !self.may_begin_afresh() || state.check(m).is_err() || recordable_text(state, m).is_err() {
            return false;
        }
        let mut next = state.clone();
        next.apply(m);
        self.begins_afresh(&next)
    }

    /// Whether any move at the cursor could begin the game afresh (see
    /// `begins_afresh`), asked before a move is tried: at the start of a
    /// game dealt alike, or where no deal is made yet and moves that may
    /// have made one are waiting to be redone or the game was counted.
    fn may_begin_afresh(&self) -> bool {
        if self.variant.deals_alike() {
            return self.move_count() == 0;
        }
        let dropped = self.cursor < self.game_end() || self.marks[self.game_start()] != 0;
        dropped && self.state().dealt_in_play().is_none()
    }

    /// Whether a move from the cursor to `next` begins another game than
    /// the one played from this start before. A game dealt alike every
    /// time, taken back to its start, is none under way (see
    /// `Variant::deals_alike`), so any first move begins it afresh. A game
    /// whose deal a move completes (see `Game::dealt_in_play`) is another
    /// where that move deals it otherwise than the moves it replaces did,
    /// or drops a deal they made without dealing (a flag placed before
    /// the first box is opened again); and where those were dropped
    /// unseen while the game was counted (it is marked), it cannot be
    /// told to be the same one.
    fn begins_afresh(&self, next: &V::Game) -> bool {
        if !self.may_begin_afresh() {
            return false;
        }
        if self.variant.deals_alike() {
            return true;
        }
        let replaced = (self.cursor + 1..=self.game_end()).find_map(|i| self.states[i].dealt_in_play());
        match (replaced, next.dealt_in_play()) {
            (Some(before), dealt) => dealt != Some(before),
            (None, Some(_)) => self.marks[self.game_start()] != 0,
            (None, None) => false,
        }
    }

    /// Reads a move from its text form and plays it (for scripts, replay
    /// files and tests).
    pub fn play_text(&mut self, text: &str) -> Result<(), Refusal> {
        let m = self.state().parse_move(text).map_err(Refusal::new)?;
        self.play(&m)
    }

    /// Deals a new game with this seed, as an undoable step.
    pub fn new_game(&mut self, seed: u64) {
        let (state, auto) = deal_with_autos(&self.variant, seed);
        self.push(Step { action: Action::NewGame { seed }, auto }, state);
    }

    /// Deals the current game again, as an undoable step.
    pub fn restart(&mut self) {
        let (state, auto) = deal_with_autos(&self.variant, self.seed());
        self.push(Step { action: Action::Restart, auto }, state);
    }

    /// The state after step `step`, rebuilt from scratch by replaying the
    /// history from the first deal. It equals the state the session shows at
    /// that step unless a game breaks the purity contract.
    pub fn replay_to(&self, step: usize) -> Result<V::Game, ReplayError> {
        if step >= self.steps.len() {
            return Err(ReplayError {
                step,
                auto: None,
                reason: format!("there is no step {step}; the history has {}", self.steps.len()),
            });
        }
        let mut states = replay(&self.variant, &self.steps[..=step])?;
        Ok(states.pop().expect("replay of a non-empty history gives states"))
    }

    /// Forgets every step before `start`, the step that dealt a game at or
    /// before the cursor, so that game's deal becomes step 0 (a Restart
    /// there becomes the deal of its seed, which deals the same table).
    /// Games no undo can reach any more would otherwise be kept, written
    /// and replayed for as long as the game is played. The clocks, marks
    /// and numbers of the games kept stay theirs; every index past `start`
    /// moves down by `start`. Anything else is refused, changing nothing.
    pub fn forget_before(&mut self, start: usize) -> Result<(), String> {
        if start > self.cursor {
            return Err(format!("step {start} is after the cursor, step {}", self.cursor));
        }
        if matches!(self.steps[start].action, Action::Move(_)) {
            return Err(format!("step {start} does not deal a game"));
        }
        let seed = (0..=start)
            .rev()
            .find_map(|i| match self.steps[i].action {
                Action::NewGame { seed } => Some(seed),
                _ => None,
            })
            .expect("step 0 of every session is a deal");
        self.steps.drain(..start);
        self.states.drain(..start);
        self.clocks.drain(..start);
        self.marks.drain(..start);
        self.numbers.drain(..start);
        self.opened_at = self.opened_at.and_then(|at| at.checked_sub(start));
        self.steps[0].action = Action::NewGame { seed };
        self.cursor -= start;
        Ok(())
    }

    /// Adds a step after the cursor, dropping the redo tail.
    fn push(&mut self, step: Step, state: V::Game) {
        self.steps.truncate(self.cursor + 1);
        self.states.truncate(self.cursor + 1);
        self.clocks.truncate(self.cursor + 1);
        self.marks.truncate(self.cursor + 1);
        self.numbers.truncate(self.cursor + 1);
        self.opened_at = self.opened_at.filter(|&at| at <= self.cursor);
        // A restart deals the game it restarts, for the same number.
        let number = if matches!(step.action, Action::Restart) { self.number() } else { None };
        self.steps.push(step);
        self.states.push(state);
        self.clocks.push(0);
        self.marks.push(0);
        self.numbers.push(number);
        self.cursor += 1;
    }
}

/// The game with this seed as a fresh session shows it: dealt, and its
/// automatic moves made.
pub fn dealt<V: Variant>(variant: &V, seed: u64) -> V::Game {
    deal_with_autos(variant, seed).0
}

/// The deal for `seed` and the automatic moves that follow it.
fn deal_with_autos<V: Variant>(variant: &V, seed: u64) -> (V::Game, Vec<String>) {
    let mut state = variant.deal(seed);
    let auto = run_autos(&mut state, |_| None);
    (state, auto)
}

/// Plays the moves `texts` on `state` as a session would, each followed by
/// the game's automatic moves and those `extra` offers, up to the first
/// that does not read or is refused. Returns how many were played.
pub fn play_through<G: Game>(state: &mut G, texts: &[String], extra: impl Fn(&G) -> Option<G::Move>) -> usize {
    for (played, text) in texts.iter().enumerate() {
        let Ok(m) = state.parse_move(text) else { return played };
        if state.check(&m).is_err() {
            return played;
        }
        state.apply(&m);
        run_autos(state, &extra);
    }
    texts.len()
}

/// Makes automatic moves until neither the game nor `extra` offers one,
/// returning their texts. An automatic move the rules refuse, or whose text
/// cannot be recorded, ends the run instead of being made: what is applied
/// must always be replayable.
fn run_autos<G: Game>(state: &mut G, extra: impl Fn(&G) -> Option<G::Move>) -> Vec<String> {
    let mut texts = Vec::new();
    while texts.len() < AUTO_LIMIT {
        let Some(m) = state.auto_move().or_else(|| extra(state)) else { break };
        if state.check(&m).is_err() {
            break;
        }
        let Ok(text) = recordable_text(state, &m) else {
            break;
        };
        state.apply(&m);
        texts.push(text);
    }
    texts
}

/// The text form of `m`, if it can go into a history: one clean line that
/// reads back as the same move. A game that breaks this has a bug, and
/// recording such a move would make a save that cannot be replayed.
fn recordable_text<G: Game>(state: &G, m: &G::Move) -> Result<String, String> {
    let text = state.move_text(m);
    check_line("The move text", &text, false)?;
    match state.parse_move(&text) {
        Ok(back) if back == *m => Ok(text),
        _ => Err(format!("The move {text:?} cannot be recorded: its text does not read back as the same move.")),
    }
}

/// Reads a recorded move text and checks it is legal in `state`.
fn parse_checked<G: Game>(state: &G, text: &str) -> Result<G::Move, String> {
    check_line("the move text", text, false)?;
    let m = state.parse_move(text).map_err(|e| format!("cannot read the move {text:?}: {e}"))?;
    state.check(&m).map_err(|r| format!("the move {text:?} is not allowed: {}", r.as_clause()))?;
    Ok(m)
}

/// Replays `steps` from nothing, checking every move, and returns the state
/// after each step.
fn replay<V: Variant>(variant: &V, steps: &[Step]) -> Result<Vec<V::Game>, ReplayError> {
    let mut states: Vec<V::Game> = Vec::with_capacity(steps.len());
    let mut seed = None;
    for (i, step) in steps.iter().enumerate() {
        let fail = |reason| ReplayError { step: i, auto: None, reason };
        let mut state = match (&step.action, states.last(), seed) {
            (Action::NewGame { seed: s }, _, _) => {
                seed = Some(*s);
                variant.deal(*s)
            }
            (Action::Restart, _, Some(s)) => variant.deal(s),
            (Action::Move(text), Some(before), _) => {
                let m = parse_checked(before, text).map_err(fail)?;
                let mut after = before.clone();
                after.apply(&m);
                after
            }
            _ => return Err(fail("a history must begin with a new game".to_string())),
        };
        for (k, text) in step.auto.iter().enumerate() {
            let m = parse_checked(&state, text).map_err(|reason| ReplayError { step: i, auto: Some(k), reason })?;
            state.apply(&m);
        }
        states.push(state);
    }
    Ok(states)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::toy::Counting;

    fn seed_with_target_over(min: u32) -> u64 {
        (0..).find(|&s| Counting { max: 3 }.deal(s).target > min).unwrap()
    }

    fn session() -> Session<Counting> {
        Session::new(Counting { max: 3 }, seed_with_target_over(15))
    }

    #[test]
    fn a_new_session_is_the_deal() {
        let s = session();
        let dealt = Counting { max: 3 }.deal(s.seed());
        assert_eq!(s.state().target, dealt.target);
        assert_eq!(s.steps().len(), 1);
        assert_eq!(s.cursor(), 0);
        assert!(!s.can_undo() && !s.can_redo());
        assert_eq!(s.move_count(), 0);
    }

    #[test]
    fn moves_undo_and_redo() {
        let mut s = session();
        let start = s.state().clone();
        s.play(&1).unwrap();
        let after_one = s.state().clone();
        s.play_text("add 2").unwrap();
        assert_eq!(s.move_count(), 2);
        assert!(s.undo());
        assert_eq!(s.state(), &after_one);
        assert!(s.undo());
        assert_eq!(s.state(), &start);
        assert!(!s.undo());
        assert!(s.redo());
        assert_eq!(s.state(), &after_one);
        assert_eq!(s.steps().len(), 3);
        // A new move drops the redo tail.
        s.play(&3).unwrap();
        assert_eq!(s.steps().len(), 3);
        assert!(!s.redo());
        assert_eq!(s.steps()[2].action, Action::Move("add 3".into()));
    }

    #[test]
    fn refused_moves_change_nothing() {
        let mut s = session();
        let before = s.clone();
        let r = s.play(&4).unwrap_err();
        assert_eq!(r.reason(), "You may add 1 to 3.");
        let r = s.play_text("subtract 1").unwrap_err();
        assert!(r.reason().contains("is not `add N`"), "{r}");
        assert_eq!(s, before);
    }

    #[test]
    fn automatic_moves_are_recorded_with_their_step() {
        let mut s = session();
        while s.state().total < 4 {
            let gap = 4 - s.state().total;
            s.play(&gap.min(3)).unwrap();
        }
        // Reaching 4 set off the automatic `add 1`.
        assert_eq!(s.state().total, 5);
        assert_eq!(s.steps()[s.cursor()].auto, vec!["add 1".to_string()]);
        s.undo();
        assert!(s.state().total < 4);
    }

    #[test]
    fn new_game_and_restart_are_undoable() {
        let mut s = session();
        s.add_time(500);
        s.play(&2).unwrap();
        let before = s.state().clone();
        let first_seed = s.seed();
        s.new_game(first_seed + 1);
        assert_eq!(s.seed(), first_seed + 1);
        assert_eq!(s.move_count(), 0);
        assert_eq!(s.elapsed_ms(), 0);
        s.play(&1).unwrap();
        let mid = s.state().clone();
        s.restart();
        assert_eq!(s.seed(), first_seed + 1);
        assert_eq!(s.game_start(), s.cursor());
        assert_eq!(s.state().total, Counting { max: 3 }.deal(first_seed + 1).total);
        s.undo();
        assert_eq!(s.state(), &mid);
        s.undo();
        s.undo();
        assert_eq!(s.state(), &before);
        assert_eq!(s.seed(), first_seed);
        assert_eq!(s.move_count(), 1);
    }

    #[test]
    fn undoing_a_new_game_brings_back_its_clock() {
        let mut s = session();
        s.play(&1).unwrap();
        s.add_time(61_000);
        s.new_game(7);
        assert_eq!(s.elapsed_ms(), 0);
        s.add_time(2_000);
        s.undo();
        assert_eq!(s.elapsed_ms(), 61_000);
        s.redo();
        assert_eq!(s.elapsed_ms(), 2_000);
    }

    /// The clock stops at the longest time a save may hold, so every
    /// clock Parlour writes it reads back.
    #[test]
    fn the_clock_stops_at_ten_years() {
        let mut s = session();
        s.add_time(MAX_CLOCK_MS - 1);
        s.add_time(5);
        assert_eq!(s.elapsed_ms(), MAX_CLOCK_MS);
        s.add_time(u64::MAX);
        assert_eq!(s.elapsed_ms(), MAX_CLOCK_MS);
    }

    #[test]
    fn extra_automatic_moves_join_the_step_that_caused_them() {
        let mut s = session();
        let before = s.state().clone();
        let goal = before.total + 3;
        s.play_with(&1, |g| (g.total < goal).then_some(1)).unwrap();
        assert!(s.state().total >= goal);
        assert_eq!(s.cursor(), 1, "one step");
        assert!(!s.steps()[1].auto.is_empty());
        let after = s.state().clone();
        assert_eq!(s.replay_to(1).unwrap(), after, "replay needs no knowledge of the option");
        s.undo();
        assert_eq!(s.state(), &before);
    }

    #[test]
    fn games_before_a_deal_are_forgotten_and_the_rest_kept_whole() {
        let mut s = session();
        s.play(&1).unwrap();
        s.new_game(99);
        s.play(&2).unwrap();
        s.add_time(4_000);
        s.mark(Mark::Lost);
        s.restart();
        s.play(&1).unwrap();
        s.add_time(3_000);
        s.undo();
        let (state, seed, cursor) = (s.state().clone(), s.seed(), s.cursor());
        assert_eq!(s.forget_before(1), Err("step 1 does not deal a game".into()));
        assert_eq!(s.forget_before(cursor + 1), Err(format!("step {} is after the cursor, step {cursor}", cursor + 1)));
        // From the restart on: it becomes the deal of game 99.
        s.forget_before(4).unwrap();
        assert_eq!(s.steps()[0].action, Action::NewGame { seed: 99 });
        assert_eq!((s.cursor(), s.seed(), s.state()), (cursor - 4, seed, &state));
        assert_eq!(s.elapsed_ms(), 3_000);
        assert!(!s.is_marked(Mark::Lost), "the game restarted is forgotten");
        assert!(s.redo(), "the redo tail is kept");
        for i in 0..s.steps().len() {
            assert_eq!(&s.replay_to(i).unwrap(), s.state_at(i).unwrap(), "step {i}");
        }
        s.undo();
        assert!(!s.can_undo());
    }

    #[test]
    fn replay_rebuilds_every_step() {
        let mut s = session();
        s.play(&1).unwrap();
        s.new_game(99);
        s.play(&1).unwrap();
        s.restart();
        s.play(&2).unwrap();
        s.undo();
        let mut live = Vec::new();
        while s.undo() {}
        loop {
            live.push(s.state().clone());
            if !s.redo() {
                break;
            }
        }
        for (i, state) in live.iter().enumerate() {
            assert_eq!(&s.replay_to(i).unwrap(), state, "step {i}");
        }
        let err = s.replay_to(live.len()).unwrap_err();
        assert_eq!(err.step, live.len());
    }

    #[test]
    fn from_history_validates_everything() {
        let mut s = session();
        s.play(&1).unwrap();
        s.play(&2).unwrap();
        s.undo();
        let back = Session::from_history(s.variant().clone(), s.steps().to_vec(), s.cursor(), s.elapsed_ms()).unwrap();
        assert_eq!(back, s);

        let v = Counting { max: 3 };
        let bad_cursor = Session::from_history(v.clone(), s.steps().to_vec(), 3, 0).unwrap_err();
        assert_eq!(bad_cursor.step, 3);
        // Counted as the cursor counts: the deal is step 0.
        assert_eq!(
            bad_cursor.reason,
            "the cursor is at step 3, but the last step is 2: step 0 is the deal, and the history has 2 steps after it"
        );

        let mut steps = s.steps().to_vec();
        steps[2].action = Action::Move("add 9".into());
        let err = Session::from_history(v.clone(), steps, 0, 0).unwrap_err();
        assert_eq!((err.step, err.auto), (2, None));
        assert!(err.to_string().contains("\"add 9\" is not allowed: you may add 1 to 3"), "{err}");

        let mut steps = s.steps().to_vec();
        steps[1].auto.push("add 1\n".into());
        let err = Session::from_history(v.clone(), steps, 0, 0).unwrap_err();
        assert_eq!((err.step, err.auto), (1, Some(0)));

        let no_deal = vec![Step { action: Action::Restart, auto: vec![] }];
        let err = Session::from_history(v, no_deal, 0, 0).unwrap_err();
        assert!(err.reason.contains("must begin with a new game"));
    }

    /// A game with two faults: its text for move 7 does not read back, and
    /// (when `endless`) it always offers an automatic move.
    #[derive(Clone, Debug, PartialEq)]
    struct Faulty {
        n: u32,
        endless: bool,
    }

    impl Game for Faulty {
        type Move = u32;
        fn parse_move(&self, text: &str) -> Result<u32, String> {
            text.parse().map_err(|_| "not a number".to_string())
        }
        fn move_text(&self, m: &u32) -> String {
            if *m == 7 { "seven".into() } else { m.to_string() }
        }
        fn check(&self, _: &u32) -> Result<(), Refusal> {
            Ok(())
        }
        fn apply(&mut self, m: &u32) {
            self.n += m;
        }
        fn status(&self) -> crate::core::Status {
            crate::core::Status::Playing
        }
        fn score(&self) -> i64 {
            i64::from(self.n)
        }
        fn auto_move(&self) -> Option<u32> {
            Some(if self.endless { 1 } else { 7 })
        }
    }

    #[derive(Clone, Debug)]
    struct FaultyRules {
        endless: bool,
    }

    impl Variant for FaultyRules {
        type Game = Faulty;
        fn id(&self) -> &str {
            "faulty"
        }
        fn content_hash(&self) -> u64 {
            0
        }
        fn options(&self) -> String {
            String::new()
        }
        fn with_options(&self, _: &str) -> Result<Self, String> {
            Ok(self.clone())
        }
        fn deal(&self, _: u64) -> Faulty {
            Faulty { n: 0, endless: self.endless }
        }
    }

    #[test]
    fn moves_that_cannot_be_recorded_are_not_made() {
        let mut s = Session::new(FaultyRules { endless: false }, 0);
        // The automatic 7 could not be recorded, so it was not made.
        assert_eq!(s.state().n, 0);
        assert!(s.steps()[0].auto.is_empty());
        let r = s.play(&7).unwrap_err();
        assert!(r.reason().contains("cannot be recorded"), "{r}");
        assert_eq!(s.steps().len(), 1);
        s.play(&2).unwrap();
        assert_eq!(s.state().n, 2);
    }

    #[test]
    fn endless_automatic_moves_stop_at_the_limit() {
        let s = Session::new(FaultyRules { endless: true }, 0);
        assert_eq!(s.steps()[0].auto.len(), AUTO_LIMIT);
        assert_eq!(s.state().n as usize, AUTO_LIMIT);
        assert_eq!(s.replay_to(0).unwrap(), *s.state());
    }
}
