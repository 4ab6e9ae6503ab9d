//! The search over the positions the moves of [`moves`](super::moves)
//! reach: a portfolio of searches that take turns, each resuming where it
//! paused, with turns doubling each round (300 positions each, then
//! 600...), since each of them wins quickly deals on which another
//! flounders: greedy best-first, depth-first with the successors ordered by
//! score, best-first weighted towards short lines (a position's priority
//! loses some points per move from the start), and jittered copies of
//! these. Each keeps its own transposition table, so any of them that runs
//! out of positions with its table complete has proved the game lost.
//!
//! The searches share the memory limit: one that fills its table, or
//! would take the whole past the limit, leaves the portfolio and frees
//! what it held; the game is undecided when none is left.

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::sync::atomic::Ordering as AtomicOrdering;
use std::time::Instant;

use crate::core::Game;
use crate::core::rng::GameRng;
use crate::solitaire::engine::{SolMove, Solitaire};

use super::key::{Key, Symmetry, key};
use super::moves::{SIDEWAYS, Step, close, play, sideways, steps, worth_trying};
use super::score::score;
use super::table::{Seen, Table};
use super::{Limit, Limits, Report, Verdict};

/// An expanded position: where its packed form starts, its parent, its
/// depth and the move from the parent.
struct Node {
    at: usize,
    parent: u32,
    /// Moves from the start.
    depth: u32,
    m: Step,
}

/// A position waiting to be expanded: its parent and the move to it.
struct Waiting {
    score: i32,
    seq: u32,
    parent: u32,
    m: Step,
}

impl PartialEq for Waiting {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Waiting {}

impl PartialOrd for Waiting {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Waiting {
    fn cmp(&self, other: &Self) -> Ordering {
        (self.score, self.seq).cmp(&(other.score, other.seq))
    }
}

/// The limits and counters shared by the searches.
struct Budget<'a> {
    limits: &'a Limits,
    /// When the solve started.
    started: Instant,
    nodes: u64,
    peak: usize,
}

impl Budget<'_> {
    /// Counts one expansion while the searches hold `bytes` together; the
    /// limit that stops the search, if one does.
    fn spend(&mut self, bytes: usize) -> Option<Limit> {
        self.nodes += 1;
        self.peak = self.peak.max(bytes);
        if self.nodes >= self.limits.nodes {
            return Some(Limit::Nodes);
        }
        if self.nodes.is_multiple_of(256) {
            if self.limits.cancel.as_ref().is_some_and(|c| c.load(AtomicOrdering::Relaxed)) {
                return Some(Limit::Cancelled);
            }
            if self.limits.time.is_some_and(|t| self.started.elapsed() >= t) {
                return Some(Limit::Time);
            }
        }
        (bytes > self.limits.memory).then_some(Limit::Memory)
    }
}

fn key_of(state: &Solitaire) -> Key {
    key(state, Symmetry::of(state))
}

/// The score a move's result waits with, give or take `noise`.
fn priority(from: &Solitaire, step: &Step, to: &Solitaire, noise: &mut Noise) -> i64 {
    score(to) - if step.deals == 0 && sideways(from, &step.m) { SIDEWAYS } else { 0 } + noise.next()
}

/// The move texts of a line: `chosen` played from `start`, each followed by
/// the safe lay-offs the search made without choice.
fn line(start: &Solitaire, chosen: &[Step]) -> Vec<String> {
    let mut state = start.clone();
    let mut texts = Vec::new();
    close(&mut state, &mut |m| texts.push(start.move_text(&m)));
    for m in chosen {
        for step in steps(&state, m) {
            texts.push(start.move_text(&step));
            state.apply(&step);
        }
        close(&mut state, &mut |m| texts.push(start.move_text(&m)));
    }
    texts
}

/// A random jitter added to scores, so that searches alike in kind still
/// go different ways: a seeded generator, the same on every run.
struct Noise {
    rng: GameRng,
    /// Scores move by up to this much either way; 0 is no noise.
    spread: u32,
}

impl Noise {
    fn new(spread: u32, seed: u64) -> Noise {
        Noise { rng: GameRng::new(seed), spread }
    }

    fn next(&mut self) -> i64 {
        if self.spread == 0 { 0 } else { i64::from(self.rng.below(2 * self.spread + 1)) - i64::from(self.spread) }
    }
}

/// Which search of the portfolio.
#[derive(Clone, Copy)]
enum Strategy {
    /// Best-first; a position's priority loses `per_move` per move from
    /// the start.
    BestFirst { per_move: i64, noise: u32 },
    /// Depth-first, the successors tried best first.
    DepthFirst { noise: u32 },
}

/// The searches run side by side: the plain ones, then ones whose scores
/// are jittered by a few points (a tenth of a card laid off) to a few
/// dozen. Which of them wins a deal quickly is down to luck, so many
/// short turns among many searches cut the long tail of hard deals: on
/// Microsoft FreeCell deals 301..1000 these nine expand 589,000 positions
/// in all where the first three alone expand 741,000.
const PORTFOLIO: [Strategy; 9] = [
    Strategy::BestFirst { per_move: 0, noise: 0 },
    Strategy::DepthFirst { noise: 0 },
    Strategy::BestFirst { per_move: 30, noise: 0 },
    Strategy::BestFirst { per_move: 5, noise: 15 },
    Strategy::BestFirst { per_move: 15, noise: 15 },
    Strategy::DepthFirst { noise: 15 },
    Strategy::BestFirst { per_move: 5, noise: 30 },
    Strategy::BestFirst { per_move: 15, noise: 30 },
    Strategy::BestFirst { per_move: 5, noise: 60 },
];

/// Each search's first turn, in positions; turns double each round.
const FIRST_TURN: u64 = 300;

/// What one expansion came to.
enum Progress {
    Going,
    /// The steps of a winning line from the root.
    Won(Vec<Step>),
    /// No position is left to expand: a proof of loss if `complete` (every
    /// position reached was recorded).
    Exhausted {
        complete: bool,
    },
}

/// One search of the portfolio, which can be paused and resumed.
enum Search {
    Best(BestFirst),
    Deep(DepthFirst),
}

impl Search {
    fn new(strategy: Strategy, root: &Solitaire, memory: usize, seed: u64) -> Search {
        match strategy {
            Strategy::BestFirst { per_move, noise } => {
                Search::Best(BestFirst::new(root, per_move, Noise::new(noise, seed), memory))
            }
            Strategy::DepthFirst { noise } => Search::Deep(DepthFirst::new(root, Noise::new(noise, seed), memory)),
        }
    }

    fn expand(&mut self) -> Progress {
        match self {
            Search::Best(s) => s.expand(),
            Search::Deep(s) => s.expand(),
        }
    }

    fn bytes(&self) -> usize {
        match self {
            Search::Best(s) => s.bytes(),
            Search::Deep(s) => s.bytes(),
        }
    }
}

/// Solves `start` (see the module notes).
pub fn run(start: &Solitaire, limits: &Limits) -> Report {
    let mut budget = Budget { limits, started: Instant::now(), nodes: 0, peak: 0 };
    let mut root = start.clone();
    close(&mut root, &mut |_| {});
    if root.is_won() {
        return Report { verdict: Verdict::Won(line(start, &[])), nodes: 0, peak_bytes: 0 };
    }
    let verdict = portfolio(start, &root, &mut budget);
    Report { verdict, nodes: budget.nodes, peak_bytes: budget.peak }
}

/// Runs the portfolio's searches in turn until one wins or proves the game
/// lost. A search that fills its table, or that would take the memory
/// past the limit, leaves the portfolio; the others go on.
fn portfolio(start: &Solitaire, root: &Solitaire, budget: &mut Budget) -> Verdict {
    let share = budget.limits.memory / PORTFOLIO.len();
    let mut searches: Vec<Search> =
        PORTFOLIO.iter().zip(1..).map(|(&strategy, seed)| Search::new(strategy, root, share, seed)).collect();
    let mut turn = FIRST_TURN;
    loop {
        let mut i = 0;
        while i < searches.len() {
            let others: usize = searches.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, s)| s.bytes()).sum();
            let mut leaves = false;
            for _ in 0..turn {
                match searches[i].expand() {
                    Progress::Going => {}
                    Progress::Won(chosen) => return Verdict::Won(line(start, &chosen)),
                    Progress::Exhausted { complete: true } => return Verdict::Lost,
                    Progress::Exhausted { complete: false } => leaves = true,
                }
                match budget.spend(others + searches[i].bytes()) {
                    Some(Limit::Memory) => leaves = true,
                    Some(limit) => return Verdict::Undecided(limit),
                    None => {}
                }
                if leaves {
                    break;
                }
            }
            if leaves {
                searches.swap_remove(i);
            } else {
                i += 1;
            }
        }
        if searches.is_empty() {
            return Verdict::Undecided(Limit::Memory);
        }
        turn = turn.saturating_mul(2);
    }
}

/// Best-first: keeps every expanded position packed (a byte per card) with
/// its parent and the move to it; a waiting position is its parent and a
/// move, 20 bytes. The most promising waiting position is expanded next
/// (ties: the newest).
struct BestFirst {
    per_move: i64,
    noise: Noise,
    table: Table,
    arena: Vec<u8>,
    nodes: Vec<Node>,
    open: BinaryHeap<Waiting>,
    seq: u32,
    /// The position expanded next, and its index in `nodes`.
    state: Solitaire,
    current: usize,
    /// Each successor is made in this one scratch position.
    next: Solitaire,
}

impl BestFirst {
    fn new(root: &Solitaire, per_move: i64, noise: Noise, memory: usize) -> BestFirst {
        let mut table = Table::new(memory);
        table.insert(key_of(root));
        BestFirst {
            per_move,
            noise,
            table,
            arena: root.pack(),
            nodes: vec![Node { at: 0, parent: 0, depth: 0, m: Step::plain(SolMove::Recycle) }],
            open: BinaryHeap::new(),
            seq: 0,
            state: root.clone(),
            current: 0,
            next: root.clone(),
        }
    }

    fn bytes(&self) -> usize {
        self.table.bytes()
            + self.arena.capacity()
            + self.nodes.capacity() * std::mem::size_of::<Node>()
            + self.open.capacity() * std::mem::size_of::<Waiting>()
    }

    /// Expands the current position, then takes the next one up.
    fn expand(&mut self) -> Progress {
        for m in worth_trying(&self.state, Symmetry::of(&self.state)) {
            self.next.clone_from(&self.state);
            play(&mut self.next, &m);
            if self.next.is_won() {
                let mut chosen = vec![m];
                let mut at = self.current;
                while at != 0 {
                    chosen.push(self.nodes[at].m);
                    at = self.nodes[at].parent as usize;
                }
                chosen.reverse();
                return Progress::Won(chosen);
            }
            match self.table.insert(key_of(&self.next)) {
                Seen::New => {
                    self.seq = self.seq.wrapping_add(1);
                    let depth = i64::from(self.nodes[self.current].depth + 1);
                    let score = priority(&self.state, &m, &self.next, &mut self.noise) - self.per_move * depth;
                    let score = score.clamp(i32::MIN.into(), i32::MAX.into()) as i32;
                    self.open.push(Waiting { score, seq: self.seq, parent: self.current as u32, m });
                }
                Seen::Before => {}
                // A position not recorded may be reached again and again:
                // this search can no longer prove anything, nor be sure
                // to end.
                Seen::Full => return Progress::Exhausted { complete: false },
            }
        }
        let Some(next) = self.open.pop() else { return Progress::Exhausted { complete: true } };
        let parent = &self.nodes[next.parent as usize];
        let end = self.nodes.get(next.parent as usize + 1).map_or(self.arena.len(), |n| n.at);
        self.state.unpack_from(&self.arena[parent.at..end]);
        play(&mut self.state, &next.m);
        let depth = parent.depth + 1;
        self.nodes.push(Node { at: self.arena.len(), parent: next.parent, depth, m: next.m });
        self.state.pack_onto(&mut self.arena);
        self.current = self.nodes.len() - 1;
        Progress::Going
    }
}

/// One position on the depth-first line: the position, its successors'
/// steps best first, and how many have been tried.
struct Frame {
    state: Solitaire,
    next: Vec<Step>,
    tried: usize,
    /// The step that led here.
    step: Step,
}

/// How deep the depth-first line may go once the table is full (it can no
/// longer tell a line that goes round in a circle).
const DEPTH_WHEN_FULL: usize = 2_000;

/// Depth-first: holds only the line it is on and a transposition table
/// that stops recording when full, after which the search can no longer
/// prove a loss.
struct DepthFirst {
    noise: Noise,
    table: Table,
    complete: bool,
    stack: Vec<Frame>,
    /// The position to expand next and the step to it.
    pending: Option<(Step, Solitaire)>,
    /// What a frame holds: a position and a few dozen steps.
    frame_bytes: usize,
}

impl DepthFirst {
    fn new(root: &Solitaire, noise: Noise, memory: usize) -> DepthFirst {
        let mut table = Table::new(memory / 2);
        table.insert(key_of(root));
        DepthFirst {
            noise,
            table,
            complete: true,
            stack: Vec::new(),
            pending: Some((Step::plain(SolMove::Recycle), root.clone())),
            frame_bytes: std::mem::size_of::<Frame>() + 64 * std::mem::size_of::<Step>() + root.pack().len() * 4,
        }
    }

    fn bytes(&self) -> usize {
        self.table.bytes() + self.stack.len() * self.frame_bytes
    }

    /// Expands the pending position, then finds the next one along the
    /// line (backing up where a position's successors are all tried).
    fn expand(&mut self) -> Progress {
        if let Some((here, state)) = self.pending.take() {
            let mut next: Vec<(i64, Step)> = Vec::new();
            for step in worth_trying(&state, Symmetry::of(&state)) {
                let mut child = state.clone();
                play(&mut child, &step);
                if child.is_won() {
                    let mut chosen: Vec<Step> = self.stack.iter().skip(1).map(|f| f.step).collect();
                    chosen.extend(self.stack.first().map(|_| here));
                    chosen.push(step);
                    return Progress::Won(chosen);
                }
                let fresh = match self.table.insert(key_of(&child)) {
                    Seen::New => true,
                    Seen::Before => false,
                    Seen::Full => {
                        self.complete = false;
                        self.stack.len() < DEPTH_WHEN_FULL
                    }
                };
                if fresh {
                    next.push((priority(&state, &step, &child, &mut self.noise), step));
                }
            }
            next.sort_by_key(|c| std::cmp::Reverse(c.0));
            self.stack.push(Frame { state, next: next.into_iter().map(|(_, s)| s).collect(), tried: 0, step: here });
        }
        while let Some(top) = self.stack.last_mut() {
            if let Some(&step) = top.next.get(top.tried) {
                top.tried += 1;
                let mut child = top.state.clone();
                play(&mut child, &step);
                self.pending = Some((step, child));
                return Progress::Going;
            }
            self.stack.pop();
        }
        Progress::Exhausted { complete: self.complete }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Session, Variant};
    use crate::solitaire::engine::SolitaireVariant;
    use crate::solitaire::rules::examples;

    fn deal(name: &str, options: &str, seed: u64) -> Solitaire {
        let rules = examples::all().into_iter().find(|(n, _)| *n == name).unwrap().1;
        let v = SolitaireVariant::new(name, 0, rules.clone(), rules).unwrap().with_options(options).unwrap();
        Session::new(v, seed).state().clone()
    }

    /// One search of the portfolio by itself, up to 100,000 positions.
    fn alone(start: &Solitaire, strategy: Strategy) -> Verdict {
        let mut root = start.clone();
        close(&mut root, &mut |_| {});
        let mut search = Search::new(strategy, &root, 100 << 20, 1);
        for _ in 0..100_000 {
            match search.expand() {
                Progress::Going => {}
                Progress::Won(chosen) => return Verdict::Won(line(start, &chosen)),
                Progress::Exhausted { complete: true } => return Verdict::Lost,
                Progress::Exhausted { complete: false } => return Verdict::Undecided(Limit::Memory),
            }
        }
        Verdict::Undecided(Limit::Nodes)
    }

    #[test]
    fn each_search_alone_wins_and_proves_lost() {
        for (i, &search) in PORTFOLIO.iter().enumerate() {
            let won = deal("freecell", "easy,ms", 1);
            let Verdict::Won(moves) = alone(&won, search) else { panic!("search {i} did not win deal 1") };
            let mut s = won.clone();
            for m in &moves {
                let m = s.parse_move(m).unwrap();
                s.check(&m).unwrap();
                s.apply(&m);
            }
            assert!(s.is_won(), "search {i}");
            assert_eq!(alone(&deal("the-chance", "easy", 7), search), Verdict::Lost, "search {i}");
        }
    }
}
