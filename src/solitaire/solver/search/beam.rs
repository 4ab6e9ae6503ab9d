//! Beam search: the lines are grown a move at a time for a whole layer
//! of positions at once, and only the `width` best of the next layer (by
//! score) are kept. In games whose wins are long and whose positions are
//! many it reaches deep where a best-first search spreads its positions
//! over a plateau near the start. A pass that runs out of positions starts
//! again from the root four times as wide, unless it left none out: then
//! it has been through every position reachable, and the game is lost
//! (only in small games; elsewhere it proves nothing).

use super::super::key::Key;
use super::super::moves::Step;
use super::super::position::Position;
use super::super::score::Weights;
use super::super::table::{Bytes, Seen, Table, held_taking};
use super::{NONE, Noise, Progress, heap_bytes, vec_bytes};

/// A successor found while a layer is expanded: its score, its key, the
/// position of the layer it comes from and the step to it.
struct Found {
    score: i64,
    key: Key,
    parent: u32,
    step: Step,
}

/// How a kept position was reached: the kept position before it (`NONE`
/// for the root) and the step from there.
struct Link {
    parent: u32,
    step: Step,
}

/// The first pass keeps this many positions a layer.
const FIRST_WIDTH: usize = 64;

/// A beam search from a root, pass after pass (see the module notes).
pub(super) struct Beam<P> {
    weights: Weights,
    noise: Noise,
    width: usize,
    /// Every position kept this pass (one is never kept twice), within
    /// `memory` bytes.
    table: Table,
    memory: usize,
    root: P,
    /// The layer being expanded, and each position's link.
    layer: Vec<P>,
    layer_links: Vec<u32>,
    /// The next position of the layer to expand.
    next: usize,
    found: Vec<Found>,
    links: Vec<Link>,
    /// Whether this pass has left out a successor for want of width: a
    /// pass that has not, and runs out of positions, has been through
    /// every position there is (a proof of loss).
    cut: bool,
    /// What a position holds, about.
    position_bytes: usize,
    /// Scratch: a successor and the moves worth trying.
    child: P,
    moves: Vec<Step>,
}

impl<P: Position> Beam<P> {
    pub(super) fn new(root: &P, noise: Noise, weights: Weights, memory: usize) -> Beam<P> {
        let mut beam = Beam {
            weights: root.counted(weights),
            noise,
            width: FIRST_WIDTH,
            table: Table::new(memory / 2),
            memory: memory / 2,
            root: root.clone(),
            layer: Vec::new(),
            layer_links: Vec::new(),
            next: 0,
            found: Vec::new(),
            links: Vec::new(),
            cut: false,
            position_bytes: std::mem::size_of::<P>() + heap_bytes(root),
            child: root.clone(),
            moves: Vec::new(),
        };
        beam.start_pass();
        beam
    }

    /// Starts a pass from the root, forgetting the last.
    fn start_pass(&mut self) {
        self.table = Table::new(self.memory);
        self.table.insert(self.root.key());
        self.layer = vec![self.root.clone()];
        self.layer_links = vec![NONE];
        self.links.clear();
        self.found.clear();
        self.cut = false;
        self.next = 0;
    }

    /// What the beam holds, and soon: the next layer is made at once, with
    /// up to `width` positions, keys and links more than now.
    pub(super) fn bytes(&self) -> Bytes {
        let layer = self.layer.len() * self.position_bytes;
        let links = &self.links;
        self.table.bytes_taking(self.width)
            + Bytes { now: layer, soon: layer + self.width * self.position_bytes }
            + vec_bytes::<Found>(self.found.len(), self.found.capacity())
            + held_taking(links.len(), links.capacity(), std::mem::size_of::<Link>(), self.width)
    }

    /// Expands the next position of the layer, or makes the next layer of
    /// the best successors found once the layer is done.
    pub(super) fn expand(&mut self) -> Progress {
        if self.next == self.layer.len() {
            return self.next_layer();
        }
        let at = self.next;
        self.next += 1;
        let state = &self.layer[at];
        self.moves.clear();
        state.moves(&mut self.moves);
        for &step in &self.moves {
            self.child.clone_from(state);
            self.child.play(&step);
            if self.child.is_won() {
                let mut chosen = vec![step];
                let mut link = self.layer_links[at];
                while link != NONE {
                    let Link { parent, step } = self.links[link as usize];
                    chosen.push(step);
                    link = parent;
                }
                chosen.reverse();
                return Progress::Won(chosen);
            }
            let score = self.child.score(&self.weights) - state.detour(&step) + self.noise.next();
            self.found.push(Found { score, key: self.child.key(), parent: at as u32, step });
        }
        Progress::Going
    }

    /// Keeps the best `width` successors not kept before as the next
    /// layer; starts a pass four times as wide where there are none.
    fn next_layer(&mut self) -> Progress {
        self.found.sort_unstable_by_key(|f| std::cmp::Reverse(f.score));
        let mut layer = Vec::with_capacity(self.width);
        let mut layer_links = Vec::with_capacity(self.width);
        for f in &self.found {
            if layer.len() == self.width {
                // Whether a successor not kept was new is not known: a
                // duplicate counts as cut, which only costs a pass.
                self.cut = true;
                break;
            }
            match self.table.insert(f.key) {
                Seen::New => {}
                Seen::Before => continue,
                Seen::Full => return Progress::Exhausted { complete: false },
            }
            let mut child = self.layer[f.parent as usize].clone();
            child.play(&f.step);
            layer.push(child);
            layer_links.push(self.links.len() as u32);
            self.links.push(Link { parent: self.layer_links[f.parent as usize], step: f.step });
        }
        self.found.clear();
        if layer.is_empty() {
            if !self.cut {
                return Progress::Exhausted { complete: true };
            }
            self.width *= 4;
            self.start_pass();
        } else {
            self.layer = layer;
            self.layer_links = layer_links;
            self.next = 0;
        }
        Progress::Going
    }
}
