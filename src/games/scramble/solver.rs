//! Solving the sliding puzzle, for hints.
//!
//! Up to 16 places (4 x 4) the solver runs IDA* with the Manhattan
//! distance plus linear conflicts, which is admissible, so the solution is
//! optimal; if that search grows past a budget (a hard 4 x 4), it runs
//! again with the heuristic doubled, which finds a near-optimal solution
//! quickly. Larger puzzles are solved greedily, the way people do it: the
//! top rows one by one (the last two pieces of a row together), then, when
//! two rows are left, the columns from the left in pairs, then the last
//! 2 x 2 block; each of those steps is a small A* search over the
//! positions of the pieces it places and of the gap, with the pieces
//! already placed left alone.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use super::puzzle::{Dir, Puzzle};

/// Search nodes an optimal IDA* may use before the doubled heuristic
/// takes over.
const OPTIMAL_BUDGET: u64 = 200_000;
/// Search nodes the doubled heuristic may use before the greedy solver
/// takes over.
const WEIGHTED_BUDGET: u64 = 1_000_000;
/// The largest puzzle solved by IDA*.
const IDA_MAX_PLACES: usize = 16;

/// A solution: the gap's steps, and whether it is known to be shortest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    pub steps: Vec<Dir>,
    pub optimal: bool,
}

/// A solution of `p` (empty if it is solved). Every shuffled puzzle can be
/// solved; a puzzle that cannot (not reachable from the solved one) gets
/// the greedy solver's best, which then leaves two pieces swapped.
pub fn solve(p: &Puzzle) -> Plan {
    if p.is_solved() {
        return Plan { steps: Vec::new(), optimal: true };
    }
    if p.len() <= IDA_MAX_PLACES {
        if let Some(steps) = ida(p, 1, OPTIMAL_BUDGET) {
            return Plan { steps, optimal: true };
        }
        if let Some(steps) = ida(p, 2, WEIGHTED_BUDGET) {
            return Plan { steps, optimal: false };
        }
    }
    Plan { steps: greedy(p), optimal: false }
}

/// Manhattan distance of every piece from its home.
fn manhattan(p: &Puzzle) -> u32 {
    (0..p.len()).filter(|&i| p.tile(i) != 0).map(|i| piece_distance(p, i, p.tile(i))).sum()
}

/// How far piece `tile` at place `at` is from its home.
fn piece_distance(p: &Puzzle, at: usize, tile: u8) -> u32 {
    let ((x, y), (hx, hy)) = (p.xy(at), p.xy(p.home(tile)));
    (x.abs_diff(hx) + y.abs_diff(hy)) as u32
}

/// Two moves for every piece that must leave its home row (or column) to
/// let another pass: per line, the pieces that belong to it less the
/// longest run of them already in order.
fn linear_conflicts(p: &Puzzle) -> u32 {
    let mut total = 0;
    // Along each row (then each column), the home positions of the pieces
    // that belong to that line, in the order they stand.
    let mut homes = [0usize; 8];
    for by_rows in [true, false] {
        let (lines, along) = if by_rows { (p.rows, p.cols) } else { (p.cols, p.rows) };
        for line in 0..lines {
            let mut n = 0;
            for k in 0..along {
                let at = if by_rows { p.index(k, line) } else { p.index(line, k) };
                let t = p.tile(at);
                if t == 0 {
                    continue;
                }
                let (hx, hy) = p.xy(p.home(t));
                let (home_line, home_along) = if by_rows { (hy, hx) } else { (hx, hy) };
                if home_line == line {
                    homes[n] = home_along;
                    n += 1;
                }
            }
            total += 2 * (n - longest_increasing(&homes[..n])) as u32;
        }
    }
    total
}

/// The length of the longest increasing run (not necessarily adjacent).
fn longest_increasing(values: &[usize]) -> usize {
    let mut tails = [0usize; 8];
    let mut len = 0;
    for &v in values {
        let pos = tails[..len].partition_point(|&t| t < v);
        tails[pos] = v;
        len = len.max(pos + 1);
    }
    len
}

fn heuristic(p: &Puzzle) -> u32 {
    manhattan(p) + linear_conflicts(p)
}

/// IDA* with the heuristic times `weight`; None past `budget` nodes.
fn ida(start: &Puzzle, weight: u32, budget: u64) -> Option<Vec<Dir>> {
    let mut search = Ida { p: start.clone(), weight, budget, nodes: 0, path: Vec::new() };
    let mut bound = heuristic(start) * weight;
    loop {
        match search.dive(0, bound, manhattan(start)) {
            Dive::Found => return Some(search.path),
            Dive::Over(next) if next != u32::MAX && search.nodes <= budget => bound = next,
            _ => return None,
        }
    }
}

enum Dive {
    Found,
    /// The smallest f beyond the bound (u32::MAX: nothing beyond, or the
    /// budget ran out).
    Over(u32),
}

struct Ida {
    p: Puzzle,
    weight: u32,
    budget: u64,
    nodes: u64,
    path: Vec<Dir>,
}

impl Ida {
    /// Searches below the current position, whose Manhattan distance is
    /// `md` (kept up to date move by move; the conflicts are counted anew).
    fn dive(&mut self, g: u32, bound: u32, md: u32) -> Dive {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Dive::Over(u32::MAX);
        }
        let h = md + linear_conflicts(&self.p);
        let f = g + h * self.weight;
        if f > bound {
            return Dive::Over(f);
        }
        if h == 0 {
            return Dive::Found;
        }
        let mut least = u32::MAX;
        for d in Dir::ALL {
            if self.path.last() == Some(&d.opposite()) {
                continue;
            }
            let Some(from) = self.p.beside_gap(d) else { continue };
            let (tile, to) = (self.p.tile(from), self.p.gap());
            let next_md = md + piece_distance(&self.p, to, tile) - piece_distance(&self.p, from, tile);
            self.p.shift(d);
            self.path.push(d);
            match self.dive(g + 1, bound, next_md) {
                Dive::Found => return Dive::Found,
                Dive::Over(next) => least = least.min(next),
            }
            self.path.pop();
            self.p.shift(d.opposite());
            if self.nodes > self.budget {
                return Dive::Over(u32::MAX);
            }
        }
        Dive::Over(least)
    }
}

/// The greedy solution: small searches that each place a few pieces.
fn greedy(start: &Puzzle) -> Vec<Dir> {
    let mut p = start.clone();
    let mut steps = Vec::new();
    let mut locked = vec![false; p.len()];
    let (mut top, mut left) = (0, 0);
    let (cols, rows) = (p.cols, p.rows);
    // The piece whose home is column x, row y.
    let home_of = |x: usize, y: usize| (y * cols + x + 1) as u8;
    while rows - top > 2 {
        // The row's pieces one by one, the last two together.
        for x in left..cols - 2 {
            place(&mut p, &[home_of(x, top)], &mut locked, &mut steps);
        }
        place(&mut p, &[home_of(cols - 2, top), home_of(cols - 1, top)], &mut locked, &mut steps);
        top += 1;
    }
    while cols - left > 2 {
        // Two rows left: the columns in pairs, top and bottom together.
        place(&mut p, &[home_of(left, top), home_of(left, top + 1)], &mut locked, &mut steps);
        left += 1;
    }
    // The last 2 x 2 block: its three pieces together.
    let last = [home_of(left, top), home_of(left + 1, top), home_of(left, top + 1)];
    place(&mut p, &last, &mut locked, &mut steps);
    steps
}

/// Brings `pieces` home without touching the `locked` places, then locks
/// them; appends the gap's steps.
fn place(p: &mut Puzzle, pieces: &[u8], locked: &mut [bool], steps: &mut Vec<Dir>) {
    if let Some(found) = search(p, pieces, locked) {
        for d in found {
            p.shift(d);
            steps.push(d);
        }
    }
    for &t in pieces {
        locked[p.home(t)] = true;
    }
}

/// A* over the positions of `pieces` and the gap (the other pieces all
/// alike), the gap never entering a locked place.
fn search(p: &Puzzle, pieces: &[u8], locked: &[bool]) -> Option<Vec<Dir>> {
    type State = Vec<usize>; // [gap, piece 0, piece 1, ...]
    let start: State = std::iter::once(p.gap()).chain(pieces.iter().map(|&t| position(p, t))).collect();
    let h = |s: &State| -> usize {
        s[1..]
            .iter()
            .zip(pieces)
            .map(|(&at, &t)| {
                let ((x, y), (hx, hy)) = (p.xy(at), p.xy(p.home(t)));
                x.abs_diff(hx) + y.abs_diff(hy)
            })
            .sum()
    };
    let mut came: HashMap<State, Option<(State, Dir)>> = HashMap::new();
    let mut cost: HashMap<State, usize> = HashMap::new();
    let mut open = BinaryHeap::new();
    cost.insert(start.clone(), 0);
    came.insert(start.clone(), None);
    open.push(Reverse((h(&start), 0usize, start)));
    while let Some(Reverse((_, g, s))) = open.pop() {
        if cost.get(&s).is_some_and(|&c| c < g) {
            continue;
        }
        if h(&s) == 0 {
            let mut path = Vec::new();
            let mut at = s;
            while let Some(Some((prev, d))) = came.get(&at).cloned() {
                path.push(d);
                at = prev;
            }
            path.reverse();
            return Some(path);
        }
        let (gx, gy) = p.xy(s[0]);
        for d in Dir::ALL {
            let (nx, ny) = match d {
                Dir::Up if gy > 0 => (gx, gy - 1),
                Dir::Down if gy + 1 < p.rows => (gx, gy + 1),
                Dir::Left if gx > 0 => (gx - 1, gy),
                Dir::Right if gx + 1 < p.cols => (gx + 1, gy),
                _ => continue,
            };
            let to = p.index(nx, ny);
            if locked[to] {
                continue;
            }
            let mut next = s.clone();
            next[0] = to;
            if let Some(k) = next[1..].iter().position(|&at| at == to) {
                next[k + 1] = s[0];
            }
            let ng = g + 1;
            if cost.get(&next).is_none_or(|&c| ng < c) {
                cost.insert(next.clone(), ng);
                came.insert(next.clone(), Some((s.clone(), d)));
                open.push(Reverse((ng + h(&next), ng, next)));
            }
        }
    }
    None
}

fn position(p: &Puzzle, tile: u8) -> usize {
    p.tiles().iter().position(|&t| t == tile).expect("every piece is on the board")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::GameRng;

    fn shuffled(cols: usize, rows: usize, seed: u64, steps: usize) -> Puzzle {
        let mut p = Puzzle::solved(cols, rows);
        let mut rng = GameRng::new(seed);
        for _ in 0..steps {
            p.shift(Dir::ALL[rng.below(4) as usize]);
        }
        p
    }

    fn run(p: &Puzzle, steps: &[Dir]) -> Puzzle {
        let mut q = p.clone();
        for &d in steps {
            assert!(q.shift(d), "a step into the edge");
        }
        q
    }

    #[test]
    fn linear_conflicts_count_swapped_pieces_in_their_line() {
        let p = Puzzle::from_tiles(3, 3, vec![2, 1, 3, 4, 5, 6, 7, 8, 0]).unwrap();
        assert_eq!(manhattan(&p), 2);
        assert_eq!(linear_conflicts(&p), 2);
        assert_eq!(heuristic(&Puzzle::solved(3, 3)), 0);
    }

    #[test]
    fn small_puzzles_are_solved_optimally() {
        // One step from solved: a plan of one step.
        let mut p = Puzzle::solved(3, 3);
        p.shift(Dir::Left);
        assert_eq!(solve(&p), Plan { steps: vec![Dir::Right], optimal: true });
        for seed in 0..10 {
            let p = shuffled(3, 3, seed, 200);
            let plan = solve(&p);
            assert!(plan.optimal);
            assert!(run(&p, &plan.steps).is_solved(), "seed {seed}");
            assert!(plan.steps.len() <= 31, "no 3 x 3 needs more than 31 moves");
        }
    }

    #[test]
    fn four_by_four_is_solved() {
        for seed in 0..3 {
            let p = shuffled(4, 4, seed, 400);
            let plan = solve(&p);
            assert!(run(&p, &plan.steps).is_solved(), "seed {seed}");
        }
    }

    #[test]
    fn large_and_oblong_puzzles_are_solved_greedily() {
        for (cols, rows) in [(6, 6), (5, 3), (2, 6), (6, 2), (5, 4)] {
            let p = shuffled(cols, rows, 7, 2000);
            let steps = greedy(&p);
            assert!(run(&p, &steps).is_solved(), "{cols} x {rows}");
        }
    }
}
