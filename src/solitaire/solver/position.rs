//! What the searches ask of a position, so that they run on the engine's
//! own [`Solitaire`] for any game type and on the compact [`Open`] form
//! where the rules compile to it.
//!
//! [`Open`]: super::open::Open

use crate::core::Game;
use crate::solitaire::engine::{SolMove, Solitaire};

use super::key::{Key, Symmetry, key};
use super::moves::{SIDEWAYS, Step, close, play, sideways, steps, worth_trying};
use super::score::{Features, Weights, features};

/// A position the searches expand. Its steps are the engine's, so a line
/// found on any form replays through the engine move for move.
pub trait Position: Clone {
    /// Adds the moves worth trying from here to `out`, in a fixed order.
    fn moves(&self, out: &mut Vec<Step>);
    /// Makes `step` and everything that follows it without choice.
    fn play(&mut self, step: &Step);
    /// Plays as [`play`](Self::play) does, adding to `made` the engine
    /// moves that make the step (a supermove's parts) and the lay-offs
    /// after it: a line of moves a session replays.
    fn play_noting(&mut self, step: &Step, made: &mut Vec<SolMove>);
    fn is_won(&self) -> bool;
    /// The fingerprint of the position in canonical form: positions that
    /// play alike, and only those, share it.
    fn key(&self) -> Key;
    /// What the score counts of the position (see [`Features`]).
    fn features(&self) -> Features;
    /// How promising the position looks, its features weighed by `w`.
    fn score(&self, w: &Weights) -> i64 {
        w.weigh(&self.features())
    }
    /// What `step` from here costs the score of the position it leads to:
    /// a sideways move waits a little further back.
    fn detour(&self, step: &Step) -> i64;
    /// `w` with the features this game never counts set to 0.
    fn counted(&self, w: Weights) -> Weights;
    /// Adds the position in a few bytes to the end of `out`.
    fn pack_onto(&self, out: &mut Vec<u8>);
    /// Becomes the position `packed` (made by `pack_onto` in this game).
    fn unpack_from(&mut self, packed: &[u8]);
}

impl Position for Solitaire {
    fn moves(&self, out: &mut Vec<Step>) {
        // A position the relaxed game proves lost leads nowhere.
        if super::relaxed::settled_lost(self) {
            return;
        }
        out.extend(worth_trying(self, Symmetry::of(self)));
    }

    fn play(&mut self, step: &Step) {
        play(self, step);
    }

    fn play_noting(&mut self, step: &Step, made: &mut Vec<SolMove>) {
        for m in steps(self, step) {
            self.apply(&m);
            made.push(m);
        }
        close(self, &mut |m| made.push(m));
    }

    fn is_won(&self) -> bool {
        Solitaire::is_won(self)
    }

    fn key(&self) -> Key {
        key(self, Symmetry::of(self))
    }

    fn features(&self) -> Features {
        features(self)
    }

    fn detour(&self, step: &Step) -> i64 {
        if step.deals == 0 && sideways(self, &step.m) { SIDEWAYS } else { 0 }
    }

    fn counted(&self, w: Weights) -> Weights {
        w.counted_in(self.rules())
    }

    fn pack_onto(&self, out: &mut Vec<u8>) {
        Solitaire::pack_onto(self, out);
    }

    fn unpack_from(&mut self, packed: &[u8]) {
        Solitaire::unpack_from(self, packed);
    }
}
