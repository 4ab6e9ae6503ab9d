//! A solver: a search over pushes, either A* (the pushes made plus the
//! fewest still needed, each box to its nearest goal, other boxes aside:
//! never more than the real number, so the solution it finds has the
//! fewest pushes possible), or best first, which weighs the pushes still
//! needed three times and finds a solution in far fewer positions (for
//! hints). The walks between pushes are shortest walks. It checks that
//! every built-in level can be solved, and gives hints.
//!
//! A position is the set of box squares and the region the pusher can
//! walk to (named by its first square), so walking about never makes a
//! new position. Two kinds of dead end are cut off: a box pushed onto a
//! square from which no goal can be reached by pushing (corners, walls
//! without a goal along them), and a box frozen in a two-by-two block of
//! boxes and walls off its goal.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rustc_hash::FxHashMap;
use std::collections::hash_map::Entry;

use super::level::Level;
use super::rules::{Dir, Sokoban};

/// How much work a search may do; each limit is optional (hints bound the
/// positions alone and may be stopped, the command line time and memory
/// as well).
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Positions searched, at most.
    pub positions: Option<u64>,
    /// Bytes the search may hold, at most, by its own count (see
    /// [`Store::bytes`]).
    pub memory: Option<usize>,
    /// Wall-clock time the search may take.
    pub time: Option<Duration>,
    /// Where the search publishes the positions searched so far (every
    /// 256), for another thread to show its progress.
    pub progress: Option<Arc<AtomicU64>>,
    /// Raised by another thread to stop the search (a hint no longer
    /// wanted).
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// At most `positions` positions, and no other limit.
    pub fn positions(positions: u64) -> Limits {
        Limits { positions: Some(positions), ..Limits::default() }
    }
}

/// Which limit ended a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    Positions,
    Memory,
    Time,
    /// Stopped from outside (see [`Limits::cancel`]).
    Cancelled,
}

impl Limit {
    pub fn name(self) -> &'static str {
        match self {
            Limit::Positions => "positions",
            Limit::Memory => "memory",
            Limit::Time => "time",
            Limit::Cancelled => "cancelled",
        }
    }
}

/// What the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A solution, as LURD text, with its push count.
    Solved { lurd: String, pushes: usize },
    /// No sequence of pushes solves the position.
    Unsolvable,
    /// A limit was reached first.
    GaveUp(Limit),
}

/// The verdict and the number of positions searched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub verdict: Verdict,
    pub positions: u64,
}

/// A push: the box's square before it and the direction.
type Push = (u16, Dir);

struct Node {
    boxes: Box<[u16]>,
    /// Where the pusher stands (after the push that led here).
    player: u16,
    pushes: u32,
    parent: usize,
    push: Option<Push>,
    /// Reached again with fewer pushes before it was searched: passed
    /// over when the queue comes to it.
    stale: bool,
}

/// The order positions are searched in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Order {
    /// A*: by the pushes made plus the pushes still needed at the least
    /// (each box to its nearest goal, other boxes aside), ties to the
    /// position with more pushes made. A push moves one box one square, so
    /// the pushes still needed fall by one at most and a position's rank
    /// never falls below its parent's: the first solution searched has the
    /// fewest pushes, provided a position found again with fewer pushes
    /// before it is searched takes the place of its first copy (on level
    /// 21 of ours, keeping the first copy gave 35 pushes, not 33).
    Fewest,
    /// By the pushes made plus three times the pushes still needed at the
    /// least.
    BestFirst,
}

/// Weight of the pushes still needed in [`Order::BestFirst`].
const GREED: u32 = 3;

/// Searches `start` for a solution with the fewest pushes, within
/// `limits`.
pub fn solve(start: &Sokoban, limits: &Limits) -> Report {
    search(start, limits, Order::Fewest)
}

/// Searches `start` for some solution, best first: usually in far fewer
/// positions than [`solve`], not always with the fewest pushes.
pub fn solve_quickly(start: &Sokoban, limits: &Limits) -> Report {
    search(start, limits, Order::BestFirst)
}

/// A position as the table of those seen knows it: its boxes (sorted) and
/// the first square of the pusher's region.
type Key = (Box<[u16]>, u16);

/// A position's place in the queue: its rank, in the high half, and
/// what breaks ties between equal ranks, in the low.
type Rank = u64;

/// What a search holds: every position reached, the table of those seen
/// (each with the index of its copy reached with the fewest pushes), and
/// the queue of those still to search (by rank, then index).
struct Store {
    nodes: Vec<Node>,
    seen: FxHashMap<Key, u32>,
    frontier: BinaryHeap<Reverse<(Rank, usize)>>,
}

impl Store {
    /// The bytes held, by the search's own count: each container at its
    /// capacity, or, where the `room` new positions one more search may
    /// add would not fit, at the size it grows to with the old one still
    /// held (three times its capacity); and each position's `boxes`
    /// squares on the heap, twice (in the position and in the table).
    fn bytes(&self, boxes: usize, room: usize) -> usize {
        let held = |len: usize, capacity: usize, size: usize| {
            let now = capacity.saturating_mul(size);
            if len + room > capacity { now.saturating_mul(3) } else { now }
        };
        // An allocation of a few bytes takes 16 at least.
        let squares = (boxes * std::mem::size_of::<u16>()).next_multiple_of(16);
        // A table keeps a control byte per slot, and a slot spare in eight.
        let slot = (std::mem::size_of::<(Key, u32)>() + 1) * 8 / 7;
        held(self.nodes.len(), self.nodes.capacity(), std::mem::size_of::<Node>())
            + held(self.seen.len(), self.seen.capacity(), slot)
            + held(self.frontier.len(), self.frontier.capacity(), std::mem::size_of::<Reverse<(Rank, usize)>>())
            + self.nodes.len() * 2 * squares
    }
}

/// The limits of one search and its count of positions.
struct Budget<'a> {
    limits: &'a Limits,
    started: Instant,
    searched: u64,
}

impl Budget<'_> {
    /// Counts one more position searched while the search holds `bytes`;
    /// the limit that stops the search first, if one does.
    fn spend(&mut self, bytes: usize) -> Option<Limit> {
        if self.limits.positions.is_some_and(|l| self.searched >= l) {
            return Some(Limit::Positions);
        }
        if self.limits.memory.is_some_and(|m| bytes > m) {
            return Some(Limit::Memory);
        }
        self.searched += 1;
        // The clock and the cancel flag are read and the progress
        // published every 256 positions, a few milliseconds of work at
        // most: often enough to keep to the time limit and stop soon when
        // asked, seldom enough to cost nothing.
        if self.searched.is_multiple_of(256) {
            if let Some(progress) = &self.limits.progress {
                progress.store(self.searched, Ordering::Relaxed);
            }
            if self.limits.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
                return Some(Limit::Cancelled);
            }
            if self.limits.time.is_some_and(|t| self.started.elapsed() >= t) {
                return Some(Limit::Time);
            }
        }
        None
    }
}

fn search(start: &Sokoban, limits: &Limits, order: Order) -> Report {
    let level = start.level();
    let n = level.width * level.height;
    let distance = goal_distances(level);
    let rank = |pushes: u32, boxes: &[u16]| -> Rank {
        // No box of a searched position stands where no goal can be
        // reached (see below), so the sum is of real distances.
        let needed: u32 = boxes.iter().map(|&b| distance[b as usize]).sum();
        match order {
            Order::Fewest => (Rank::from(pushes + needed) << 32) | Rank::from(u32::MAX - pushes),
            Order::BestFirst => Rank::from(pushes + GREED * needed) << 32,
        }
    };
    let mut boxes: Vec<u16> = (0..n).filter(|&at| start.has_box(at)).map(|at| at as u16).collect();
    boxes.sort_unstable();
    // A box where no goal can be reached stays so however it is pushed:
    // pushes only ever bring it where no goal can be reached either.
    if boxes.iter().any(|&b| distance[b as usize] == DEAD) {
        return Report { verdict: Verdict::Unsolvable, positions: 1 };
    }
    // The most positions one search can add: each box pushed four ways.
    let (box_count, room) = (boxes.len(), boxes.len() * Dir::ALL.len());
    let mut grid = vec![false; n];
    let mut reach = Reach::new(n);
    let mut scratch = Reach::new(n);
    let first = Node {
        boxes: boxes.into(),
        player: start.player() as u16,
        pushes: 0,
        parent: usize::MAX,
        push: None,
        stale: false,
    };
    fill(&mut grid, &first.boxes, true);
    let region = reach.flood(level, &grid, first.player as usize);
    fill(&mut grid, &first.boxes, false);
    let mut store = Store {
        seen: FxHashMap::from_iter([((first.boxes.clone(), region), 0)]),
        frontier: BinaryHeap::from([Reverse((rank(0, &first.boxes), 0usize))]),
        nodes: vec![first],
    };
    let mut budget = Budget { limits, started: Instant::now(), searched: 0 };
    while let Some(Reverse((_, index))) = store.frontier.pop() {
        if store.nodes[index].stale {
            continue;
        }
        if let Some(limit) = budget.spend(store.bytes(box_count, room)) {
            return Report { verdict: Verdict::GaveUp(limit), positions: budget.searched };
        }
        let nodes = &mut store.nodes;
        if nodes[index].boxes.iter().all(|&b| level.is_goal(b as usize)) {
            let lurd = line_of(start, nodes, index);
            let pushes = lurd.chars().filter(char::is_ascii_uppercase).count();
            return Report { verdict: Verdict::Solved { lurd, pushes }, positions: budget.searched };
        }
        let node_boxes = nodes[index].boxes.clone();
        fill(&mut grid, &node_boxes, true);
        reach.flood(level, &grid, nodes[index].player as usize);
        for (k, &b) in node_boxes.iter().enumerate() {
            let b = b as usize;
            for d in Dir::ALL {
                let (dx, dy) = d.delta();
                let (Some(behind), Some(to)) = (level.neighbour(b, (-dx, -dy)), level.neighbour(b, (dx, dy))) else {
                    continue;
                };
                if !reach.reached(behind) || level.is_wall(to) || grid[to] || distance[to] == DEAD {
                    continue;
                }
                grid[b] = false;
                grid[to] = true;
                let frozen = is_frozen(level, &grid, to);
                let mut child_boxes = node_boxes.to_vec();
                child_boxes[k] = to as u16;
                child_boxes.sort_unstable();
                let key_region = if frozen { None } else { Some(scratch.flood(level, &grid, b)) };
                grid[to] = false;
                grid[b] = true;
                let Some(region) = key_region else { continue };
                let child_boxes: Box<[u16]> = child_boxes.into();
                let pushes = nodes[index].pushes + 1;
                let at = nodes.len() as u32;
                let fresh = match store.seen.entry((child_boxes.clone(), region)) {
                    Entry::Vacant(e) => {
                        e.insert(at);
                        true
                    }
                    // Found again with fewer pushes before it was searched
                    // (A* only): the copy in the queue is passed over.
                    Entry::Occupied(mut e) if order == Order::Fewest && nodes[*e.get() as usize].pushes > pushes => {
                        nodes[*e.get() as usize].stale = true;
                        e.insert(at);
                        true
                    }
                    Entry::Occupied(_) => false,
                };
                if fresh {
                    store.frontier.push(Reverse((rank(pushes, &child_boxes), at as usize)));
                    let push = Some((b as u16, d));
                    nodes.push(Node {
                        boxes: child_boxes,
                        player: b as u16,
                        pushes,
                        parent: index,
                        push,
                        stale: false,
                    });
                }
            }
        }
        fill(&mut grid, &node_boxes, false);
    }
    Report { verdict: Verdict::Unsolvable, positions: budget.searched }
}

/// The first move of a solution from `state`: the walk to the first push
/// and the push, as steps (for hints).
pub fn first_push(lurd: &str) -> Vec<Dir> {
    let end = lurd.find(|c: char| c.is_ascii_uppercase()).map_or(lurd.len(), |i| i + 1);
    lurd[..end].chars().filter_map(Dir::from_letter).collect()
}

fn fill(grid: &mut [bool], boxes: &[u16], value: bool) {
    for &b in boxes {
        grid[b as usize] = value;
    }
}

/// The LURD text of the pushes leading to node `index`, with the shortest
/// walks between them.
fn line_of(start: &Sokoban, nodes: &[Node], index: usize) -> String {
    let mut pushes: Vec<Push> = Vec::new();
    let mut at = index;
    while let Some(p) = nodes[at].push {
        pushes.push(p);
        at = nodes[at].parent;
    }
    pushes.reverse();
    let mut state = start.clone();
    let mut text = String::new();
    for (from, d) in pushes {
        let (dx, dy) = d.delta();
        let behind = state.level().neighbour(from as usize, (-dx, -dy)).expect("a push has a square behind");
        let walk = state.walk_to(behind).expect("the search only pushes from reachable squares");
        for step in walk.into_iter().chain([d]) {
            let pushed = state.step(step).expect("the search only makes legal steps");
            text.push(step.letter(pushed));
        }
    }
    text
}

/// The distance of a square from which no goal can be reached.
const DEAD: u32 = u32::MAX;

/// For each square, the fewest pushes that bring a box there to some goal,
/// walls aside and other boxes ignored, or [`DEAD`] (corners, walls with
/// no goal along them): found backwards from the goals, by pulling.
fn goal_distances(level: &Level) -> Vec<u32> {
    let n = level.width * level.height;
    let mut distance = vec![DEAD; n];
    let mut queue: std::collections::VecDeque<usize> = (0..n).filter(|&at| level.is_goal(at)).collect();
    for &g in &queue {
        distance[g] = 0;
    }
    while let Some(t) = queue.pop_front() {
        for d in Dir::ALL {
            let (dx, dy) = d.delta();
            // The box came from `s`, pushed by a pusher standing at `p`.
            let Some(s) = level.neighbour(t, (-dx, -dy)) else { continue };
            let Some(p) = level.neighbour(s, (-dx, -dy)) else { continue };
            if distance[s] == DEAD && !level.is_wall(s) && !level.is_wall(p) {
                distance[s] = distance[t] + 1;
                queue.push_back(s);
            }
        }
    }
    distance
}

/// A box off the goals that no play can bring to one, if there is such:
/// one on a square from which no goal can be reached by pushing, or one
/// frozen in a block of boxes and walls (the dead ends the search cuts
/// off). Cheap enough to ask after every move.
pub fn stuck_box(state: &Sokoban) -> Option<usize> {
    let level = state.level();
    let distance = goal_distances(level);
    let boxes = state.boxes();
    (0..boxes.len())
        .find(|&at| boxes[at] && !level.is_goal(at) && (distance[at] == DEAD || is_frozen(level, boxes, at)))
}

/// Whether the box just pushed to `at` is stuck for good: it is in a two
/// by two block made of walls and boxes, one of which is off its goal.
fn is_frozen(level: &Level, boxes: &[bool], at: usize) -> bool {
    let solid = |sq: Option<usize>| sq.is_none_or(|s| level.is_wall(s) || boxes[s]);
    let off_goal = |sq: Option<usize>| sq.is_some_and(|s| boxes[s] && !level.is_goal(s));
    [(-1, -1), (-1, 1), (1, -1), (1, 1)].into_iter().any(|(dx, dy)| {
        let block =
            [Some(at), level.neighbour(at, (dx, 0)), level.neighbour(at, (0, dy)), level.neighbour(at, (dx, dy))];
        block.iter().all(|&sq| solid(sq)) && block.iter().any(|&sq| off_goal(sq))
    })
}

/// Flood fills of the pusher's region, reusing their buffers.
struct Reach {
    mark: Vec<u32>,
    stamp: u32,
    stack: Vec<usize>,
}

impl Reach {
    fn new(n: usize) -> Reach {
        Reach { mark: vec![0; n], stamp: 0, stack: Vec::new() }
    }

    /// Marks every square the pusher can walk to from `from`; returns the
    /// region's first square.
    fn flood(&mut self, level: &Level, boxes: &[bool], from: usize) -> u16 {
        self.stamp += 1;
        let stamp = self.stamp;
        self.mark[from] = stamp;
        self.stack.push(from);
        let mut least = from;
        while let Some(at) = self.stack.pop() {
            least = least.min(at);
            for d in Dir::ALL {
                if let Some(next) = level.neighbour(at, d.delta())
                    && self.mark[next] != stamp
                    && !level.is_wall(next)
                    && !boxes[next]
                {
                    self.mark[next] = stamp;
                    self.stack.push(next);
                }
            }
        }
        least as u16
    }

    fn reached(&self, at: usize) -> bool {
        self.mark[at] == self.stamp
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Game;
    use crate::games::sokoban::level::parse_set;
    use std::sync::Arc;

    fn state(text: &str) -> Sokoban {
        Sokoban::new(Arc::new(parse_set(std::path::Path::new("t.xsb"), text.as_bytes()).levels.remove(0).unwrap()))
    }

    fn solved_by(start: &Sokoban, lurd: &str) -> bool {
        let mut g = start.clone();
        let m = g.parse_move(lurd).unwrap();
        g.check(&m).is_ok() && {
            g.apply(&m);
            g.is_solved()
        }
    }

    #[test]
    fn finds_the_fewest_pushes() {
        let start = state("#######\n#@ $ .#\n#  $ .#\n#     #\n#######\n");
        let report = solve(&start, &Limits::default());
        let Verdict::Solved { lurd, pushes } = report.verdict else { panic!("{report:?}") };
        assert_eq!(pushes, 4);
        assert!(solved_by(&start, &lurd), "{lurd}");
        let first = first_push(&lurd);
        let shown = start.lurd(&first).unwrap();
        assert!(lurd.starts_with(&shown) && shown.ends_with(|c: char| c.is_ascii_uppercase()), "{shown}");
        assert_eq!(shown.chars().filter(char::is_ascii_uppercase).count(), 1);
    }

    /// The fewest pushes by a plain search with no estimate and no dead
    /// ends cut off: pushes cost one, steps nothing, positions are the
    /// boxes and the pusher's square. `None`: unsolvable.
    fn fewest_pushes_plainly(start: &Sokoban) -> Option<u32> {
        let key = |g: &Sokoban| {
            let n = g.level().width * g.level().height;
            ((0..n).filter(|&at| g.has_box(at)).collect::<Vec<_>>(), g.player())
        };
        let mut best = std::collections::HashMap::from([(key(start), 0u32)]);
        let mut queue = std::collections::VecDeque::from([(start.clone(), 0u32)]);
        while let Some((g, pushes)) = queue.pop_front() {
            if best[&key(&g)] < pushes {
                continue;
            }
            if g.is_solved() {
                return Some(pushes);
            }
            for d in Dir::ALL {
                let mut next = g.clone();
                let Ok(pushed) = next.step(d) else { continue };
                let cost = pushes + u32::from(pushed);
                if best.get(&key(&next)).is_none_or(|&b| cost < b) {
                    best.insert(key(&next), cost);
                    // Steps go first in the queue, pushes last: it stays in
                    // order of pushes.
                    if pushed { queue.push_back((next, cost)) } else { queue.push_front((next, cost)) }
                }
            }
        }
        None
    }

    /// On small rooms of random walls, boxes and goals, the solver's
    /// pushes are the fewest, as a plain search counts them, and it finds
    /// the same rooms unsolvable.
    #[test]
    fn a_star_finds_the_fewest_pushes_on_random_rooms() {
        const WIDE: usize = 6;
        const ROOM: usize = WIDE * 5;
        let mut rng = crate::core::rng::GameRng::new(7);
        let mut solvable = 0;
        while solvable < 60 {
            let mut cells: Vec<u8> = (0..ROOM).map(|_| if rng.below(6) == 0 { b'#' } else { b' ' }).collect();
            let boxes = 2 + rng.below(2) as usize;
            let mut place = |c: u8, cells: &mut Vec<u8>| loop {
                let at = rng.below(ROOM as u32) as usize;
                if cells[at] == b' ' {
                    cells[at] = c;
                    break;
                }
            };
            for _ in 0..boxes {
                place(b'$', &mut cells);
                place(b'.', &mut cells);
            }
            place(b'@', &mut cells);
            let rows: Vec<String> = cells.chunks(WIDE).map(|r| format!("#{}#", String::from_utf8_lossy(r))).collect();
            let wall = "#".repeat(WIDE + 2);
            let text = format!("{wall}\n{}\n{wall}\n", rows.join("\n"));
            let set = parse_set(std::path::Path::new("t.xsb"), text.as_bytes());
            let Some(Ok(level)) = set.levels.into_iter().next() else { continue };
            let start = Sokoban::new(Arc::new(level));
            let report = solve(&start, &Limits::default());
            let found = match &report.verdict {
                Verdict::Solved { lurd, pushes } => {
                    assert!(solved_by(&start, lurd), "{text}{lurd}");
                    Some(*pushes as u32)
                }
                Verdict::Unsolvable => None,
                Verdict::GaveUp(limit) => panic!("{text}: gave up at {limit:?}"),
            };
            assert_eq!(found, fewest_pushes_plainly(&start), "{text}");
            solvable += usize::from(found.is_some());
        }
    }

    #[test]
    fn stuck_boxes_are_found_where_the_search_cuts_them_off() {
        // A box in a corner off the goal.
        assert_eq!(stuck_box(&state("#####\n#$  #\n#  .#\n# @ #\n#####")), Some(6));
        // Two boxes side by side along a wall, one off its goal: frozen.
        assert!(stuck_box(&state("######\n#$*  #\n# @ .#\n######")).is_some());
        // A box that can still be pushed home, and one on its goal (with
        // one to push: a level with every box home is refused).
        assert_eq!(stuck_box(&state("#####\n#   #\n# $.#\n# @ #\n#####")), None);
        assert_eq!(stuck_box(&state("#####\n#*  #\n# $.#\n# @ #\n#####")), None);
    }

    #[test]
    fn proves_dead_positions_unsolvable() {
        // The box is in a corner off its goal.
        let cornered = state("#####\n#$ .#\n#@  #\n#####\n");
        assert_eq!(solve(&cornered, &Limits::default()).verdict, Verdict::Unsolvable);
        // Two boxes side by side against a wall cannot part.
        let frozen = state("######\n#    #\n# $$ #\n#@ ..#\n######\n");
        let r = solve(&frozen, &Limits::default());
        assert!(matches!(r.verdict, Verdict::Solved { .. }), "{r:?}");
        let stuck = state("######\n#$$ .#\n#@  .#\n######\n");
        assert_eq!(solve(&stuck, &Limits::default()).verdict, Verdict::Unsolvable);
    }

    #[test]
    fn best_first_solves_in_fewer_positions() {
        let start = state("##########\n#@  $  . #\n# $ ## $ #\n#  .  .  #\n##########\n");
        let fewest = solve(&start, &Limits::default());
        let quick = solve_quickly(&start, &Limits::default());
        let (Verdict::Solved { pushes: least, .. }, Verdict::Solved { lurd, pushes }) =
            (&fewest.verdict, &quick.verdict)
        else {
            panic!("{fewest:?} {quick:?}")
        };
        assert!(solved_by(&start, lurd));
        assert!(pushes >= least);
        assert!(quick.positions < fewest.positions, "{} vs {}", quick.positions, fewest.positions);
    }

    #[test]
    fn gives_up_at_the_limit() {
        let start = state("#########\n#@     .#\n#  $ $ .#\n#   $   #\n#  .    #\n#########\n");
        assert_eq!(solve(&start, &Limits::positions(1)).verdict, Verdict::GaveUp(Limit::Positions));
        assert!(matches!(solve(&start, &Limits::default()).verdict, Verdict::Solved { .. }));
    }

    /// A level with many boxes on open floor, which no search finishes
    /// quickly.
    fn open_warehouse() -> Sokoban {
        let mut rows = vec!["#".repeat(14)];
        rows.push("#@           #".into());
        rows.extend(std::iter::repeat_n("# $.$.$.$.$. #".to_string(), 4));
        rows.push("#            #".into());
        rows.push("#".repeat(14));
        state(&(rows.join("\n") + "\n"))
    }

    /// Time and memory stop a search that would run on: a memory limit
    /// by the search's own count of what it holds, which grows with the
    /// positions it keeps; the progress is published as it goes.
    #[test]
    fn time_and_memory_end_a_long_search() {
        let start = open_warehouse();
        let progress = Arc::new(AtomicU64::new(0));
        let limits =
            Limits { time: Some(Duration::from_millis(200)), progress: Some(progress.clone()), ..Limits::default() };
        let report = solve(&start, &limits);
        assert_eq!(report.verdict, Verdict::GaveUp(Limit::Time));
        assert!(progress.load(Ordering::Relaxed) > 0 && report.positions >= progress.load(Ordering::Relaxed));
        let small = solve(&start, &Limits { memory: Some(1 << 20), ..Limits::default() });
        assert_eq!(small.verdict, Verdict::GaveUp(Limit::Memory));
        let large = solve(&start, &Limits { memory: Some(8 << 20), ..Limits::positions(1_000_000) });
        assert_eq!(large.verdict, Verdict::GaveUp(Limit::Memory));
        assert!(large.positions > 4 * small.positions, "{} vs {}", large.positions, small.positions);
    }

    /// A search another thread no longer wants stops when its flag is
    /// raised, within the positions between two looks at it.
    #[test]
    fn a_raised_cancel_flag_stops_the_search() {
        let cancel = Arc::new(AtomicBool::new(true));
        let report = solve_quickly(&open_warehouse(), &Limits { cancel: Some(cancel), ..Limits::default() });
        assert_eq!(report.verdict, Verdict::GaveUp(Limit::Cancelled));
        assert_eq!(report.positions, 256);
    }
}
