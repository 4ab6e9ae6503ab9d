//! Solving a peg board: can play from this position end with one stone
//! left (in a target slot, if the board has targets)?
//!
//! Four steps, cheapest first, on bitboards (see [`Geometry`]):
//!
//! 1. On boards without diagonal jumps, the parity signature decides many
//!    starts at once (the French central game among them): if no single
//!    finishing stone has the position's signature, no play can get there.
//! 2. Jumping backwards from every finish gives, for the last few stone
//!    counts, every position that can still finish ("endings"), within a
//!    budget.
//! 3. A beam search keeps the most promising positions of each stone count
//!    (few isolated stones, stones close to the finish) until it reaches
//!    an ending. It finds solutions fast but can miss them.
//! 4. If the beam misses, a depth-first search settles the question: it
//!    tries every jump, stops at the endings, and remembers every position
//!    it proved hopeless under its canonical (symmetry-reduced) key.

use std::sync::atomic::{AtomicBool, Ordering};

use rustc_hash::FxHashSet;

use super::geometry::{BitJump, Geometry, can_jump, can_unjump, flip};
use super::rules::{Jump, Pegs};

pub use super::geometry::MAX_SLOTS;

/// Positions the ending sets may hold in all; a search with a small limit
/// builds them no larger than half its limit, so that a quick check stays
/// quick.
const ENDINGS_BUDGET: usize = 200_000;
/// Positions per stone count the beam keeps, in successive tries: a
/// narrow beam is quick, a wider one finds what it missed.
const BEAM_WIDTHS: [usize; 2] = [1_000, 20_000];

/// What the solver found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// These jumps, in order, leave one stone where it may finish.
    Solvable(Vec<Jump>),
    /// No order of jumps leaves one stone where it may finish.
    Unsolvable,
    /// The search reached its limit of positions before deciding.
    GaveUp,
    /// The board has more than [`MAX_SLOTS`] slots: the solver does not
    /// search it at all, however long it may take.
    TooLarge,
}

/// The verdict and how many positions the search looked at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub verdict: Verdict,
    pub positions: u64,
}

/// Solves `game` from its current position, looking at no more than
/// `limit` positions (`None`: as many as it takes).
pub fn solve(game: &Pegs, limit: Option<u64>) -> Report {
    solve_until(game, limit, None)
}

/// As [`solve`], giving up as well once `stop` is raised (by the window,
/// whose hint is no longer wanted).
pub fn solve_until(game: &Pegs, limit: Option<u64>, stop: Option<&AtomicBool>) -> Report {
    let Some(geometry) = Geometry::new(game.board()) else {
        return Report { verdict: Verdict::TooLarge, positions: 0 };
    };
    let start = geometry.position(game.board());
    let mut search = Search { limit: limit.unwrap_or(u64::MAX), positions: 0, endings: Vec::new(), geometry, stop };
    let verdict = search.run(start);
    Report { verdict, positions: search.positions }
}

struct Search<'a> {
    geometry: Geometry,
    /// `endings[k]`: canonical positions of k + 1 stones that can finish.
    endings: Vec<FxHashSet<u128>>,
    positions: u64,
    limit: u64,
    stop: Option<&'a AtomicBool>,
}

/// The search reached its limit.
struct OutOfPositions;

impl Search<'_> {
    fn run(&mut self, start: u128) -> Verdict {
        let stones = start.count_ones() as usize;
        if stones == 0 || !self.parity_allows(start) {
            return Verdict::Unsolvable;
        }
        self.endings = self.endings_for(stones);
        let mut result = Ok(None);
        for width in BEAM_WIDTHS {
            result = self.beam(start, width);
            if !matches!(result, Ok(None)) {
                break;
            }
        }
        if let Ok(None) = result {
            result = self.exhaust(start);
        }
        match result {
            Ok(Some(mut path)) => {
                let meeting = path.iter().fold(start, |p, &j| flip(p, j));
                path.extend(self.finish_from(meeting));
                Verdict::Solvable(path.into_iter().map(|j| self.geometry.jump_of(j)).collect())
            }
            Ok(None) => Verdict::Unsolvable,
            Err(OutOfPositions) => Verdict::GaveUp,
        }
    }

    /// Whether some finishing stone has the position's parity signature
    /// (always true on boards with diagonal jumps, where it proves nothing).
    fn parity_allows(&self, position: u128) -> bool {
        let g = &self.geometry;
        g.diagonal || g.finishes().any(|f| g.signature(f) == g.signature(position))
    }

    /// The ending sets, from one stone up, for as many stone counts below
    /// `stones` as the budget allows.
    fn endings_for(&self, stones: usize) -> Vec<FxHashSet<u128>> {
        let g = &self.geometry;
        let mut layers = vec![g.finishes().map(|f| g.canonical(f)).collect::<FxHashSet<u128>>()];
        let mut total = layers[0].len();
        while layers.len() + 1 < stones {
            let mut next = FxHashSet::default();
            for &position in layers.last().expect("the one-stone layer at least") {
                for &jump in g.jumps.iter().filter(|&&j| can_unjump(position, j)) {
                    next.insert(g.canonical(flip(position, jump)));
                }
            }
            total += next.len();
            if next.is_empty() || total > self.endings_budget() {
                break;
            }
            layers.push(next);
        }
        layers
    }

    fn endings_budget(&self) -> usize {
        ENDINGS_BUDGET.min(usize::try_from(self.limit / 2).unwrap_or(usize::MAX))
    }

    /// Whether `position` is an ending; `None` if it has more stones than
    /// the ending sets cover.
    fn is_ending(&self, position: u128) -> Option<bool> {
        let layer = self.endings.get(position.count_ones() as usize - 1)?;
        Some(layer.contains(&self.geometry.canonical(position)))
    }

    /// Counts one more position looked at, unless the limit is reached
    /// (or the search is stopped): the count never goes past the limit.
    fn count_one(&mut self) -> Result<(), OutOfPositions> {
        let stopped = || self.stop.is_some_and(|s| s.load(Ordering::Relaxed));
        if self.positions == self.limit || stopped() {
            return Err(OutOfPositions);
        }
        self.positions += 1;
        Ok(())
    }

    /// Beam search to an ending; the jumps there, or `None` if the beam
    /// ran dry.
    fn beam(&mut self, start: u128, width: usize) -> Result<Option<Vec<BitJump>>, OutOfPositions> {
        // Each layer: (position, index of its parent in the layer before,
        // the jump from the parent).
        let mut layers: Vec<Vec<(u128, usize, BitJump)>> = vec![vec![(start, 0, (0, 0, 0))]];
        loop {
            let layer = layers.last().expect("the start layer at least");
            if let Some(hit) = layer.iter().position(|&(p, _, _)| self.is_ending(p) == Some(true)) {
                return Ok(Some(path_to(&layers, hit)));
            }
            if self.is_ending(layer[0].0).is_some() {
                return Ok(None); // at the endings' stone count and none met
            }
            let mut seen = FxHashSet::default();
            let mut next = Vec::new();
            for (parent, &(position, _, _)) in layer.iter().enumerate() {
                for j in 0..self.geometry.jumps.len() {
                    let jump = self.geometry.jumps[j];
                    if !can_jump(position, jump) {
                        continue;
                    }
                    let child = flip(position, jump);
                    if seen.insert(self.geometry.canonical(child)) {
                        // Counted one by one, so a layer wider than what
                        // is left of the limit stops the search within it.
                        self.count_one()?;
                        next.push((self.geometry.badness(child), child, parent, jump));
                    }
                }
            }
            if next.is_empty() {
                return Ok(None);
            }
            next.sort_unstable_by_key(|n| (n.0, n.1));
            next.truncate(width);
            layers.push(next.into_iter().map(|(_, child, parent, jump)| (child, parent, jump)).collect());
        }
    }

    /// Depth-first search over every jump to an ending; the jumps there, or
    /// `None` if no ending can be reached.
    fn exhaust(&mut self, start: u128) -> Result<Option<Vec<BitJump>>, OutOfPositions> {
        let mut dead = FxHashSet::default();
        let mut path = Vec::new();
        Ok(self.descend(start, &mut dead, &mut path)?.then_some(path))
    }

    fn descend(
        &mut self,
        position: u128,
        dead: &mut FxHashSet<u128>,
        path: &mut Vec<BitJump>,
    ) -> Result<bool, OutOfPositions> {
        if let Some(ending) = self.is_ending(position) {
            return Ok(ending);
        }
        let key = self.geometry.canonical(position);
        if dead.contains(&key) {
            return Ok(false);
        }
        self.count_one()?;
        for j in 0..self.geometry.jumps.len() {
            let jump = self.geometry.jumps[j];
            if can_jump(position, jump) {
                path.push(jump);
                if self.descend(flip(position, jump), dead, path)? {
                    return Ok(true);
                }
                path.pop();
            }
        }
        dead.insert(key);
        Ok(false)
    }

    /// The jumps from an ending to a finish, stepping from ending set to
    /// ending set (each ending has a jump into the set below it).
    fn finish_from(&self, mut position: u128) -> Vec<BitJump> {
        let mut path = Vec::new();
        while position.count_ones() > 1 {
            let next = self
                .geometry
                .jumps
                .iter()
                .copied()
                .find(|&j| can_jump(position, j) && self.is_ending(flip(position, j)) == Some(true));
            let Some(jump) = next else { break };
            path.push(jump);
            position = flip(position, jump);
        }
        path
    }
}

/// The jumps from the first layer to entry `hit` of the last.
fn path_to(layers: &[Vec<(u128, usize, BitJump)>], mut hit: usize) -> Vec<BitJump> {
    let mut path = Vec::new();
    for layer in layers[1..].iter().rev() {
        let (_, parent, jump) = layer[hit];
        path.push(jump);
        hit = parent;
    }
    path.reverse();
    path
}
