//! The program at the table: when its turn comes it thinks on a thread of
//! its own (the screen keeps drawing and the clock keeps ticking), then
//! plays its turn one tile at a time, a fraction of a second apart, so the
//! player can follow it. Each tile is a move the controller records, so
//! undo, replay and resume treat the program's turns like the player's.

use std::sync::mpsc::{self, Receiver, TryRecvError};

use crate::core::Game;
use crate::games::rummi::computer::{self, Level};
use crate::games::rummi::moves::Move;
use crate::games::rummi::rules::{Rummi, Side};

/// Time between two of the program's moves.
pub const STEP_MS: u32 = 350;
/// Thinking longer than this is said in the status line.
pub const SAY_THINKING_MS: u32 = 300;

/// What the program wants after a tick.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Act {
    /// Nothing to do now.
    Wait,
    /// Still thinking, for this long so far.
    Thinking(u32),
    /// Play this move.
    Play(Move),
}

struct Thinking {
    /// The position it is thinking about.
    about: Rummi,
    answer: Receiver<Vec<Move>>,
    ms: u32,
}

struct Plan {
    moves: std::collections::VecDeque<Move>,
    /// The position the next move is for: if the game is anywhere else
    /// (an undo, a new game), the plan is dropped.
    expect: Rummi,
    waited: u32,
}

#[derive(Default)]
pub struct Program {
    thinking: Option<Thinking>,
    plan: Option<Plan>,
}

impl Program {
    /// Whether the program is to play in `state`.
    pub fn to_play(state: &Rummi) -> bool {
        state.turn() == Side::Program && !state.is_over() && !state.single()
    }

    /// Time passes: starts thinking when the program's turn has come,
    /// and hands out its moves one by one.
    pub fn tick(&mut self, state: &Rummi, level: Level, ms: u32) -> Act {
        if !Self::to_play(state) {
            self.thinking = None;
            self.plan = None;
            return Act::Wait;
        }
        if let Some(plan) = &mut self.plan {
            if plan.expect != *state || plan.moves.is_empty() {
                self.plan = None;
            } else {
                plan.waited += ms;
                if plan.waited < STEP_MS {
                    return Act::Wait;
                }
                let m = plan.moves.pop_front().expect("not empty");
                if state.check(&m).is_err() {
                    self.plan = None;
                    return Act::Wait;
                }
                plan.expect.apply(&m);
                plan.waited = 0;
                return Act::Play(m);
            }
        }
        if self.thinking.as_ref().is_some_and(|t| t.about != *state) {
            self.thinking = None;
        }
        let thinking = self.thinking.get_or_insert_with(|| start(state, level));
        thinking.ms += ms;
        match thinking.answer.try_recv() {
            Ok(moves) => {
                self.thinking = None;
                self.plan = Some(Plan { moves: moves.into(), expect: state.clone(), waited: 0 });
                Act::Wait
            }
            Err(TryRecvError::Empty) => Act::Thinking(thinking.ms),
            Err(TryRecvError::Disconnected) => {
                // The thinking failed: the program takes a tile.
                self.thinking = None;
                self.plan = Some(Plan { moves: vec![Move::Draw].into(), expect: state.clone(), waited: 0 });
                Act::Wait
            }
        }
    }
}

/// Starts thinking about `state` on a thread of its own (in this thread
/// if no thread can be had).
fn start(state: &Rummi, level: Level) -> Thinking {
    let (tx, rx) = mpsc::channel();
    let about = state.clone();
    let position = state.clone();
    let spawned = std::thread::Builder::new().name("rummi-program".into()).spawn({
        let tx = tx.clone();
        move || {
            let _ = tx.send(computer::turn(&position, level));
        }
    });
    if spawned.is_err() {
        let _ = tx.send(computer::turn(state, level));
    }
    Thinking { about, answer: rx, ms: 0 }
}
