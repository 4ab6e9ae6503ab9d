//! The search over the positions the moves of [`moves`](super::moves)
//! reach: a portfolio of three searches run in turn with budgets growing
//! eightfold (20,000 positions each, then 160,000...), since each of them
//! wins quickly deals on which another flounders: greedy best-first,
//! depth-first with the successors ordered by score, and best-first
//! weighted towards short lines (a position's priority loses some points
//! per move from the start). Any of them that runs out of positions has
//! proved the game lost.
//!
//! Best-first keeps every expanded position packed (a byte per card) with
//! its parent and the move to it; a waiting position is its parent and a
//! move, 20 bytes. The most promising waiting position is expanded next
//! (ties: the newest). Everything it holds is counted against the memory
//! limit; when that is reached it gives up its turn. Depth-first holds
//! only the line it is on and a transposition table that stops recording
//! when full (half the memory). A search that runs out of positions while
//! its table still recorded every one has proved the game lost.

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::sync::atomic::Ordering as AtomicOrdering;
use std::time::Instant;

use crate::core::Game;
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

/// The state shared by the searches: limits and counters.
struct Budget<'a> {
    limits: &'a Limits,
    /// When the search started.
    started: Instant,
    nodes: u64,
    /// Where the current search's share of nodes ends.
    cap: u64,
    peak: usize,
}

impl Budget<'_> {
    /// Counts one expansion; the limit that stops the search, if one does.
    fn spend(&mut self, bytes: usize) -> Option<Limit> {
        self.nodes += 1;
        self.peak = self.peak.max(bytes);
        if self.nodes >= self.cap {
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

/// The score a move's result waits with.
fn priority(from: &Solitaire, step: &Step, to: &Solitaire) -> i64 {
    score(to) - if step.deals == 0 && sideways(from, &step.m) { SIDEWAYS } else { 0 }
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

/// Which search of the portfolio.
#[derive(Clone, Copy)]
enum Strategy {
    /// Best-first; a position's priority loses this much per move.
    BestFirst {
        per_move: i64,
    },
    DepthFirst,
}

const PORTFOLIO: [Strategy; 3] =
    [Strategy::BestFirst { per_move: 0 }, Strategy::DepthFirst, Strategy::BestFirst { per_move: 30 }];

/// The first round's budget per search.
const FIRST_ROUND: u64 = 20_000;

/// Solves `start` (see the module notes).
pub fn run(start: &Solitaire, limits: &Limits) -> Report {
    let mut budget = Budget { limits, started: Instant::now(), nodes: 0, cap: 0, peak: 0 };
    let mut root = start.clone();
    close(&mut root, &mut |_| {});
    if root.is_won() {
        return Report { verdict: Verdict::Won(line(start, &[])), nodes: 0, peak_bytes: 0 };
    }
    let mut round = FIRST_ROUND;
    let verdict = 'rounds: loop {
        for strategy in PORTFOLIO {
            budget.cap = budget.nodes.saturating_add(round).min(limits.nodes);
            let verdict = match strategy {
                Strategy::BestFirst { per_move } => best_first(start, &root, per_move, &mut budget),
                Strategy::DepthFirst => depth_first(start, &root, &mut budget),
            };
            match verdict {
                Verdict::Undecided(Limit::Nodes | Limit::Memory) if budget.nodes < limits.nodes => {}
                v => break 'rounds v,
            }
        }
        round = round.saturating_mul(8);
    };
    Report { verdict, nodes: budget.nodes, peak_bytes: budget.peak }
}

fn best_first(start: &Solitaire, root: &Solitaire, per_move: i64, budget: &mut Budget) -> Verdict {
    let mut table = Table::new(budget.limits.memory);
    table.insert(key_of(root));
    let mut arena = root.pack();
    let mut nodes = vec![Node { at: 0, parent: 0, depth: 0, m: Step::plain(SolMove::Recycle) }];
    let mut open: BinaryHeap<Waiting> = BinaryHeap::new();
    let mut seq = 0u32;
    let (mut current, mut state) = (0usize, root.clone());
    let mut complete = true;
    // Each successor is made in this one scratch position.
    let mut next = root.clone();
    loop {
        for m in worth_trying(&state, Symmetry::of(&state)) {
            next.clone_from(&state);
            play(&mut next, &m);
            if next.is_won() {
                let mut chosen = vec![m];
                let mut at = current;
                while at != 0 {
                    chosen.push(nodes[at].m);
                    at = nodes[at].parent as usize;
                }
                chosen.reverse();
                return Verdict::Won(line(start, &chosen));
            }
            match table.insert(key_of(&next)) {
                Seen::New => {
                    seq = seq.wrapping_add(1);
                    let score = priority(&state, &m, &next) - per_move * i64::from(nodes[current].depth + 1);
                    let score = score.clamp(i32::MIN.into(), i32::MAX.into()) as i32;
                    open.push(Waiting { score, seq, parent: current as u32, m });
                }
                Seen::Before => {}
                Seen::Full => complete = false,
            }
        }
        let bytes = table.bytes()
            + arena.capacity()
            + nodes.capacity() * std::mem::size_of::<Node>()
            + open.capacity() * std::mem::size_of::<Waiting>();
        if let Some(limit) = budget.spend(bytes) {
            return Verdict::Undecided(limit);
        }
        if !complete {
            return Verdict::Undecided(Limit::Memory);
        }
        let Some(next) = open.pop() else { return Verdict::Lost };
        let parent = &nodes[next.parent as usize];
        let end = nodes.get(next.parent as usize + 1).map_or(arena.len(), |n| n.at);
        state.unpack_from(&arena[parent.at..end]);
        play(&mut state, &next.m);
        let depth = nodes[next.parent as usize].depth + 1;
        nodes.push(Node { at: arena.len(), parent: next.parent, depth, m: next.m });
        state.pack_onto(&mut arena);
        current = nodes.len() - 1;
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

fn depth_first(start: &Solitaire, root: &Solitaire, budget: &mut Budget) -> Verdict {
    let mut table = Table::new(budget.limits.memory / 2);
    table.insert(key_of(root));
    let mut complete = true;
    // What a frame holds: a position and a few dozen steps.
    let frame_bytes = std::mem::size_of::<Frame>() + 64 * std::mem::size_of::<Step>() + root.pack().len() * 4;
    let mut stack: Vec<Frame> = Vec::new();
    let mut pending = Some((Step::plain(SolMove::Recycle), root.clone()));
    loop {
        if let Some((here, state)) = pending.take() {
            let mut next: Vec<(i64, Step)> = Vec::new();
            for step in worth_trying(&state, Symmetry::of(&state)) {
                let mut child = state.clone();
                play(&mut child, &step);
                if child.is_won() {
                    let mut chosen: Vec<Step> = stack.iter().skip(1).map(|f| f.step).collect();
                    chosen.extend(stack.first().map(|_| here));
                    chosen.push(step);
                    return Verdict::Won(line(start, &chosen));
                }
                let fresh = match table.insert(key_of(&child)) {
                    Seen::New => true,
                    Seen::Before => false,
                    Seen::Full => {
                        complete = false;
                        stack.len() < DEPTH_WHEN_FULL
                    }
                };
                if fresh {
                    next.push((priority(&state, &step, &child), step));
                }
            }
            next.sort_by_key(|c| std::cmp::Reverse(c.0));
            stack.push(Frame { state, next: next.into_iter().map(|(_, s)| s).collect(), tried: 0, step: here });
            if let Some(limit) = budget.spend(table.bytes() + stack.len() * frame_bytes) {
                return Verdict::Undecided(limit);
            }
        }
        let Some(top) = stack.last_mut() else {
            return if complete { Verdict::Lost } else { Verdict::Undecided(Limit::Memory) };
        };
        if let Some(&step) = top.next.get(top.tried) {
            top.tried += 1;
            let mut child = top.state.clone();
            play(&mut child, &step);
            pending = Some((step, child));
        } else {
            stack.pop();
        }
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

    /// One search of the portfolio: start, root, budget.
    type Search = dyn Fn(&Solitaire, &Solitaire, &mut Budget) -> Verdict;

    fn alone(start: &Solitaire, search: &Search) -> Verdict {
        let limits = Limits::new(100_000, 100);
        let mut budget = Budget { limits: &limits, started: Instant::now(), nodes: 0, cap: limits.nodes, peak: 0 };
        let mut root = start.clone();
        close(&mut root, &mut |_| {});
        search(start, &root, &mut budget)
    }

    #[test]
    fn each_search_alone_wins_and_proves_lost() {
        let searches: [&Search; 3] =
            [&|s, r, b| best_first(s, r, 0, b), &|s, r, b| best_first(s, r, 30, b), &|s, r, b| depth_first(s, r, b)];
        for (i, search) in searches.into_iter().enumerate() {
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
