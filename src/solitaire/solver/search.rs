//! The search over the positions the moves of [`moves`](super::moves)
//! reach: a portfolio of lanes that take turns, each resuming where it
//! paused, with turns doubling each round (300 positions each, then
//! 600..., the beam search three times that: [`BEAM_SHARE`]), since each
//! of them wins quickly deals on which another flounders. The searches run
//! on any [`Position`]: the engine's own, or the compact form of open
//! games ([`Open`]), which expands the same positions several times as
//! fast.
//!
//! Five lanes are queues of one best-first search, each ranking the
//! positions waiting by its own taste: greedy, weighted towards short lines
//! (a position's priority loses some points per move from the start), and
//! jittered copies of these, two of them weighing the score their own way
//! (a weighing is scored once per position, however many queues share
//! it). They share its graph of positions, so a position is expanded once
//! whichever lane takes it, and proving a game lost costs one pass over
//! its positions, not one per lane. Four lanes are
//! jittered best-first searches of their own (three in open games, see
//! [`OPEN_GAMES_LEAVE_OUT`]), two are depth-first
//! searches of their own, the successors tried best first, and one is a
//! beam search ([`beam`]), which keeps the best few positions of each
//! move from the start (see [`PORTFOLIO`] for why). Each search keeps its
//! own transposition table, so any that runs out of positions with its
//! table complete has proved the game lost.
//!
//! The searches share the memory limit: one that fills its table, or
//! would take the whole past the limit, leaves the portfolio with its lanes
//! and frees what it held; the game is undecided when none is left.
//! After a million positions without a win the searches of their own
//! leave too, and the shared graph, the one that proves losses in a single
//! pass, takes every turn and all the memory ([`PROOF_AFTER`]).

use std::cmp::Ordering;
use std::sync::atomic::Ordering as AtomicOrdering;
use std::time::Instant;

use dary_heap::QuaternaryHeap;

use crate::core::Game;
use crate::core::rng::GameRng;
use crate::solitaire::engine::{SolMove, Solitaire};

use super::moves::{Step, close, close_start};
use super::open::Open;
use super::position::Position;
use super::score::Weights;
use super::table::{Bytes, Seen, Table, held, room_after};
use super::{Limit, Limits, Report, Verdict};

mod beam;
use beam::Beam;

/// An expanded position: where its packed form starts, the expanded
/// position it was reached from (`NONE` for the root), its depth and the
/// move from the parent.
struct Node {
    at: usize,
    parent: u32,
    /// Moves from the start.
    depth: u32,
    m: Step,
}

/// What a vector (or a heap) of `len` `T`s with room for `capacity` holds.
fn vec_bytes<T>(len: usize, capacity: usize) -> Bytes {
    held(len, capacity, capacity * std::mem::size_of::<T>())
}

/// What a position like `p` holds on the heap, about: four bytes for
/// each byte of its packed form (its piles' vectors and their slack).
fn heap_bytes<P: Position>(p: &P) -> usize {
    let mut packed = Vec::new();
    p.pack_onto(&mut packed);
    packed.len() * 4
}

/// Room made at once for the positions of a search: most deals are won
/// within a few hundred positions, and growing every vector of every
/// search from nothing was a few percent of a quick deal's work.
const FIRST_ROOM: usize = 1024;

/// A vector holding `first`, with room for [`FIRST_ROOM`].
fn with_room<T>(first: T) -> Vec<T> {
    let mut v = Vec::with_capacity(FIRST_ROOM);
    v.push(first);
    v
}

/// The parent of the root.
const NONE: u32 = u32::MAX;

/// A position reached by the best-first search: the expanded position it
/// was reached from and the move to it.
struct Reached {
    parent: u32,
    m: Step,
}

/// An entry of a queue: a reached position (its index) and its score.
struct Waiting {
    score: i32,
    seq: u32,
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
    fn spend(&mut self, bytes: Bytes) -> Option<Limit> {
        self.nodes += 1;
        self.peak = self.peak.max(bytes.now);
        if self.nodes >= self.limits.nodes {
            return Some(Limit::Nodes);
        }
        if self.nodes.is_multiple_of(256) {
            if let Some(progress) = &self.limits.progress {
                progress.fetch_add(256, AtomicOrdering::Relaxed);
            }
            if self.limits.cancel.as_ref().is_some_and(|c| c.load(AtomicOrdering::Relaxed)) {
                return Some(Limit::Cancelled);
            }
            if self.limits.time.is_some_and(|t| self.started.elapsed() >= t) {
                return Some(Limit::Time);
            }
        }
        (bytes.soon > self.limits.memory).then_some(Limit::Memory)
    }
}

/// The move texts of a line: `chosen` played from `root` (the position
/// `start` comes to after the moves made without choice), each followed by
/// the safe lay-offs the search made without choice.
fn line<P: Position>(start: &Solitaire, root: &P, chosen: &[Step]) -> Vec<String> {
    let mut made = Vec::new();
    close_start(&mut start.clone(), &mut |m| made.push(m));
    let mut position = root.clone();
    for m in chosen {
        position.play_noting(m, &mut made);
    }
    made.iter().map(|m| start.move_text(m)).collect()
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

/// A lane of the portfolio. A position's priority is its score, less
/// `per_move` per move from the start, jittered by `noise`.
#[derive(Clone, Copy)]
enum Lane {
    /// A queue of the best-first search whose graph of positions the
    /// queues share.
    Queue { per_move: i64, noise: u32, weights: Weights },
    /// A best-first search of its own, weighing the score its own way.
    Alone { per_move: i64, noise: u32, weights: Weights },
    /// A depth-first search of its own, the successors tried best first.
    Deep { noise: u32, weights: Weights },
    /// A beam search of its own (see [`beam`]).
    Beam { noise: u32, weights: Weights },
}

/// The lanes that take turns: greedy best-first, depth-first, best-first
/// weighted towards short lines, then ones jittered by a few points (a
/// tenth of a card laid off) to a few dozen. Which of them wins a deal
/// quickly is down to luck, so many short turns among many lanes cut the
/// long tail of hard deals.
///
/// Queues of one graph cost a loss's proof nothing more (each position is
/// expanded once), but their dives stay close together: they win FreeCell
/// well but Spider and Klondike poorly, where searches of their own, each
/// diving its own way, win far more. So the portfolio has both. Measured
/// in positions expanded (wins / undecided where not all were decided):
///
/// | portfolio | FreeCell 601..1000 | Baker's Game 1..200 | Spider One Suit 1..60, 100,000 | Klondike Draw Three 1..60, 100,000 |
/// |---|---|---|---|---|
/// | this one | 239,000 | 943,000 | 140,000 | 1.42 M (43 / 13) |
/// | 9 queues, 2 depth-first | 222,000 | 589,000 | 495,000 (58 / 2) | 1.64 M (42 / 14) |
/// | 7 alone, 2 depth-first | 290,000 | 2.58 M | 138,000 | 1.32 M (44 / 12) |
///
/// Without its two depth-first searches this portfolio expands 807,000
/// positions on FreeCell deals 1..1000 against 628,000, and 4.2 million on
/// Baker's Game 1..1000 against 5.2 million: about as much lost as won.
///
/// The searches also weigh the score differently (see [`Weights`]): how
/// a deal is best judged differs from deal to deal as much as where luck
/// leads. With every search weighing it plainly, Spider One Suit deals
/// 209, 239 and 958 were undecided after 25 s (958 was won in 120 s);
/// weighed as here, all three are won within a second, Spider One Suit
/// 1..1000 is won in 41 s (no deal over 5 s) against 132 s, and FreeCell
/// 1..4000 takes 2.36 million positions against 2.62 (Baker's Game,
/// Seahaven and Eight Off alike). Klondike Draw Three, which fares best
/// weighed plainly, wins 794 of 1..1000 at 200,000 positions against 801.
///
/// Forty Thieves is won, when it is, by the shared queues: weighing the
/// other searches' scores otherwise changes none of its first 30 deals at
/// 800,000 positions. Which deals those queues win turns most on how much
/// a card buried in the waste weighs (at 100,000 positions, 13 of deals
/// 1..30 weighed as in digging, 12 at twice that, 10 at four times, but
/// each time a few different deals). So two queues weigh it three times
/// as much ([`Weights::UNBURYING`]): at 800,000 positions 16 of deals
/// 1..30 are won against 15 and 12 of 31..60 against 11, every deal won
/// before among them. Games whose waste is turned over without limit, or
/// that have none, count no buried cards and play as before, position for
/// position.
///
/// Forty Thieves is also why there is a beam search. Its wins are two
/// hundred moves long and more, and the best-first searches spread their
/// positions by the million near the start, where the beam goes deep. Of
/// the 54 deals of 1..100 that the portfolio left undecided at 10 s
/// without it, the beam alone wins 7 within 300,000 positions (26, 27,
/// 66, 69, 86, 92 and 96) weighing as [`Weights::UNBURYING`] (5 weighing
/// as in digging; 7, the same ones, jittered by 30 points), and no other
/// search of the portfolio alone wins 27, 86 or 92 within 100,000. In the
/// portfolio, deals 1..1000 at 10 s and 1 GB (`parlour survey
/// forty-thieves --mode hard --from 1 --to 1000 --seconds 10 --memory
/// 1000 --jobs 2`): 502 won, 3 proved lost, 495 undecided, against 483 /
/// 4 / 513 without it that morning, when the machine was faster (an
/// undecided deal reached 1.39 million positions in the 10 s, against
/// 1.17 million; fc-solve took 6.0 s over FreeCell 1..32000, against 7.8).
/// At 200,000 positions
/// (`tools/solver-bench.sh`), Klondike Draw Three 1..100 takes 2,498,473
/// positions with it against 2,602,990 and wins one deal more (77);
/// Spider One Suit 1..100, all won either way, 260,693 against 251,993.
/// Open games leave it out ([`OPEN_GAMES_LEAVE_OUT`]).
const PORTFOLIO: [Lane; 12] = [
    Lane::Queue { per_move: 0, noise: 0, weights: Weights::DIGGING },
    Lane::Deep { noise: 0, weights: Weights::ROOM },
    Lane::Queue { per_move: 30, noise: 0, weights: Weights::DIGGING },
    Lane::Queue { per_move: 5, noise: 15, weights: Weights::UNBURYING },
    Lane::Alone { per_move: 15, noise: 15, weights: Weights::DIGGING },
    Lane::Deep { noise: 15, weights: Weights::BUILDING },
    Lane::Alone { per_move: 5, noise: 30, weights: Weights::DIGGING },
    Lane::Queue { per_move: 15, noise: 30, weights: Weights::DIGGING },
    Lane::Alone { per_move: 5, noise: 60, weights: Weights::BUILDING },
    Lane::Alone { per_move: 0, noise: 20, weights: Weights::PLAIN },
    Lane::Queue { per_move: 30, noise: 20, weights: Weights::UNBURYING },
    Lane::Beam { noise: 0, weights: Weights::UNBURYING },
];

/// The lanes of [`PORTFOLIO`] (by index) that open games, searched in
/// the compact form, leave out: the best-first search of its own that
/// weighs as the shared queues do, jittered as little as they are. In
/// those games the shared queues win what it wins. Without it, in
/// positions expanded (`--mode hard`, one job): FreeCell MS 1..4000
/// 2,256,162 against 2,363,828 and 4001..8000 2,521,920 against
/// 2,609,803; Baker's Game 1..300 1,395,479 against 1,516,586; Seahaven
/// Towers 1..300 263,404 against 282,895. Spider One Suit 1..100 at
/// 200,000 positions, on the other hand, needs it: 399,810 positions and
/// a deal undecided without it, against 251,993 and none.
///
/// They leave out the beam search too: their wins are short (FreeCell's
/// about a hundred moves), and the beam wins none of their deals that
/// the others do not, at a cost in positions (`tools/solver-bench.sh`,
/// 28 November): FreeCell MS 1..32000 13,615,200 with it against
/// 13,434,393; Baker's Game 1..1000 5,115,687 against 4,799,187;
/// Seahaven Towers 1,002,480 against 958,080; Eight Off 293,266 against
/// 281,866.
const OPEN_GAMES_LEAVE_OUT: &[usize] = &[4, 11];

/// Each lane's first turn, in positions; turns double each round.
const FIRST_TURN: u64 = 300;

/// How many turns the beam search takes each round, where every other
/// lane takes one. Its passes grow four times as wide each time, and a
/// pass wide enough to win a long deal takes tens of thousands of
/// positions at once (Forty Thieves deal 26 is won on the third, 1024
/// wide): with one turn in twelve it came there too late. Of Forty
/// Thieves deals 1..100, the beam alone wins four (26, 27, 69 and 92)
/// within 300,000 positions that the portfolio left undecided at 10 s
/// and 1 GB; with three turns the portfolio wins those four as well, 53
/// against 49 (`parlour survey forty-thieves --mode hard --from 1 --to
/// 100 --seconds 10 --memory 1000 --jobs 2`), and of deals 101..200,
/// measured only afterwards, 47 against 44 (128, 156 and 163 won; six
/// turns win the same three); of deals 1..1000 (`--to 1000`), 528 won,
/// 3 lost and 469 undecided against 502 / 3 / 495, no deal won before
/// left undecided. What it costs elsewhere, at 200,000 positions
/// a deal (`tools/solver-bench.sh`): Spider One Suit 1..100 278,093
/// positions against 260,693, all won either way; Klondike Draw Three
/// 1..100 2,548,892 against 2,498,473, 77 won, 14 lost, 9 undecided
/// either way. Open games leave the beam out and play as before.
const BEAM_SHARE: u64 = 3;

/// After this many positions without a win, the searches of their own
/// leave the portfolio and its shared graph takes every turn and all the
/// memory. A deal that has resisted this long is more often lost than won,
/// and only the shared graph proves a loss in one pass over the
/// positions; a search of its own would have to make a pass of its own.
/// The shared queues still win deals from there, if more slowly than the
/// whole portfolio would.
///
/// Of Klondike Draw Three deals 1..1000 at the default limits, 18 were
/// proved lost after more than a million positions and 9 won, and 48
/// were undecided. Of those 57 deals, with the shared graph alone from a
/// million positions on, 16 were decided where 9 were before (two more
/// won, six more lost; deal 709, won at 1.9 million positions, went
/// undecided); from 500,000 on, the same 16; from two million, 13 (deal
/// 709 won again). Deal 34 is proved lost after 2.7 million positions in
/// about 15 s, not 4.4 million in 25 s. FreeCell, its cousins and Spider
/// One Suit never need this many positions.
const PROOF_AFTER: u64 = 1_000_000;

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

/// How the portfolio shares its turns: the positions after which the
/// shared graph goes on alone, and the beam's turns a round.
#[derive(Clone, Copy)]
struct Schedule {
    proof_after: u64,
    beam_share: u64,
}

/// The schedule measured best ([`PROOF_AFTER`], [`BEAM_SHARE`]).
const SCHEDULE: Schedule = Schedule { proof_after: PROOF_AFTER, beam_share: BEAM_SHARE };

/// Solves `start` (see the module notes).
pub fn run(start: &Solitaire, limits: &Limits) -> Report {
    run_scheduled(start, limits, SCHEDULE)
}

/// Solves `start`, the portfolio taking turns as `schedule` says.
fn run_scheduled(start: &Solitaire, limits: &Limits, schedule: Schedule) -> Report {
    let mut budget = Budget { limits, started: Instant::now(), nodes: 0, peak: 0 };
    let mut root = start.clone();
    close(&mut root, &mut |_| {});
    if root.is_won() {
        return Report { verdict: Verdict::Won(line(start, &root, &[])), nodes: 0, peak_bytes: 0 };
    }
    // Foundations with no room for the whole pack: lost whatever is
    // played, which no search of the positions would ever finish proving.
    if root.foundations_too_small() {
        return Report { verdict: Verdict::Lost, nodes: 0, peak_bytes: 0 };
    }
    let verdict = match Open::compile(&root) {
        Some(open) => portfolio(start, &open, OPEN_GAMES_LEAVE_OUT, &mut budget, schedule),
        None => portfolio(start, &root, &[], &mut budget, schedule),
    };
    Report { verdict, nodes: budget.nodes, peak_bytes: budget.peak }
}

/// A search of the portfolio.
enum Search<P> {
    Best(BestFirst<P>),
    Deep(DepthFirst<P>),
    Beam(Beam<P>),
}

impl<P: Position> Search<P> {
    fn expand(&mut self, queue: usize) -> Progress {
        match self {
            Search::Best(b) => b.expand(queue),
            Search::Deep(d) => d.expand(),
            Search::Beam(b) => b.expand(),
        }
    }

    fn bytes(&self) -> Bytes {
        match self {
            Search::Best(b) => b.bytes(),
            Search::Deep(d) => d.bytes(),
            Search::Beam(b) => b.bytes(),
        }
    }

    /// Whether running out of positions would still prove the game lost:
    /// not once a depth-first search has gone on past a full table (the
    /// others leave the portfolio when theirs fills).
    fn can_still_prove(&self) -> bool {
        match self {
            Search::Deep(d) => d.complete,
            Search::Best(_) | Search::Beam(_) => true,
        }
    }
}

/// The limit to name for a search stopped by `limit`: the memory where no
/// search left could prove the game lost any more, so that more time or
/// positions would not decide it without more memory.
fn binding<P>(limit: Limit, searches: &[Option<Search<P>>]) -> Limit
where
    P: Position,
{
    let stalled = !searches.iter().flatten().any(Search::can_still_prove);
    match limit {
        Limit::Nodes | Limit::Time if stalled => Limit::Memory,
        _ => limit,
    }
}

/// Who runs a lane: a search (its index) and its queue, and how many
/// turns it takes a round.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Runner {
    search: usize,
    queue: usize,
    share: u64,
}

/// Runs the portfolio's lanes, but those numbered in `left_out`, in turn
/// until one wins or proves the game lost. A search that fills its table,
/// or that would take the memory past the limit, leaves the portfolio with
/// its lanes; the others go on.
/// Once `schedule.proof_after` positions are spent, only the shared graph
/// goes on (see [`PROOF_AFTER`]).
fn portfolio<P: Position>(
    start: &Solitaire,
    root: &P,
    left_out: &[usize],
    budget: &mut Budget,
    schedule: Schedule,
) -> Verdict {
    let memory = budget.limits.memory;
    let mut tastes = Vec::new();
    let mut searches: Vec<Option<Search<P>>> = vec![None];
    let mut lanes = Vec::new();
    // Each lane keeps its seed, whichever are left out.
    let seeded = PORTFOLIO.into_iter().zip(1..).enumerate();
    for (lane, seed) in seeded.filter(|(i, _)| !left_out.contains(i)).map(|(_, seeded)| seeded) {
        match lane {
            Lane::Queue { per_move, noise, weights } => {
                lanes.push(Runner { search: 0, queue: tastes.len(), share: 1 });
                tastes.push(Taste { per_move, noise: Noise::new(noise, seed), weights });
            }
            Lane::Alone { per_move, noise, weights } => {
                lanes.push(Runner { search: searches.len(), queue: 0, share: 1 });
                let taste = vec![Taste { per_move, noise: Noise::new(noise, seed), weights }];
                searches.push(Some(Search::Best(BestFirst::new(root, taste, memory / 8))));
            }
            Lane::Deep { noise, weights } => {
                lanes.push(Runner { search: searches.len(), queue: 0, share: 1 });
                let deep = DepthFirst::new(root, Noise::new(noise, seed), weights, memory / 4);
                searches.push(Some(Search::Deep(deep)));
            }
            Lane::Beam { noise, weights } => {
                lanes.push(Runner { search: searches.len(), queue: 0, share: schedule.beam_share });
                searches.push(Some(Search::Beam(Beam::new(root, Noise::new(noise, seed), weights, memory / 4))));
            }
        }
    }
    searches[0] = Some(Search::Best(BestFirst::new(root, tastes, memory / 2)));
    let mut turn = FIRST_TURN;
    while !lanes.is_empty() {
        let mut i = 0;
        while i < lanes.len() {
            let lane = lanes[i];
            // Only the lane's own search grows during its turn: the others
            // count as what they hold now.
            let others: usize = searches
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != lane.search)
                .flat_map(|(_, s)| s)
                .map(|s| s.bytes().now)
                .sum();
            let mut leaves = false;
            for _ in 0..turn * lane.share {
                let Some(search) = searches[lane.search].as_mut() else { break };
                match search.expand(lane.queue) {
                    Progress::Going => {}
                    Progress::Won(chosen) => return Verdict::Won(line(start, root, &chosen)),
                    Progress::Exhausted { complete: true } => return Verdict::Lost,
                    Progress::Exhausted { complete: false } => leaves = true,
                }
                match budget.spend(Bytes::exact(others) + search.bytes()) {
                    Some(Limit::Memory) => leaves = true,
                    Some(limit) => return Verdict::Undecided(binding(limit, &searches)),
                    None => {}
                }
                if leaves {
                    break;
                }
            }
            if leaves {
                // The search leaves with all its lanes.
                searches[lane.search] = None;
                let stays = |l: &Runner| l.search != lane.search;
                i = lanes[..i].iter().filter(|l| stays(l)).count();
                lanes.retain(stays);
            } else {
                i += 1;
            }
            if budget.nodes >= schedule.proof_after
                && let [Some(Search::Best(shared)), others @ ..] = searches.as_mut_slice()
                && others.iter().any(Option::is_some)
            {
                others.iter_mut().for_each(|s| *s = None);
                lanes.retain(|l| l.search == 0);
                shared.table.widen(memory);
                i = lanes.len();
            }
        }
        turn = turn.saturating_mul(2);
    }
    Verdict::Undecided(Limit::Memory)
}

/// How a queue ranks the positions waiting: by their score weighed so,
/// less `per_move` per move from the start, jittered by `noise`.
struct Taste {
    per_move: i64,
    noise: Noise,
    weights: Weights,
}

/// A queue of a best-first search: the positions waiting, how it ranks
/// them, and which of the search's weighings scores them.
///
/// A queue takes in the positions reached only when its lane is about to
/// take one (`joined` says how far it has): a lane that never runs again
/// before the deal is decided then ranks nothing in vain. It takes them
/// in the order they were reached, drawing its noise in that order, with
/// no position taken in between, so it holds just what it would have had
/// it taken each in as it was reached.
struct Queue {
    waiting: QuaternaryHeap<Waiting>,
    per_move: i64,
    noise: Noise,
    weighing: usize,
    joined: usize,
}

impl Queue {
    /// What the queue holds once it has taken in the `joining` positions
    /// reached since it last did, as it will at its lane's next turn: they
    /// count as held already, or the other searches could grow into the
    /// room they need meanwhile.
    fn bytes(&self, joining: usize) -> Bytes {
        let len = self.waiting.len() + joining;
        let room = room_after(self.waiting.capacity(), len);
        held(len, room, room * std::mem::size_of::<Waiting>())
    }
}

/// Best-first over one graph of positions with several queues, each
/// ranking the positions waiting by its own taste: a lane takes the best
/// position of its queue that no lane has expanded yet, and the positions
/// it reaches join every queue. So each position is expanded once however
/// many lanes there are, and the search has proved the game lost when any
/// queue runs dry (every queue holds every position reached).
///
/// Every expanded position is kept packed (a byte per card) with its
/// parent and the move to it; a reached position is its parent and a
/// move, and 8 bytes in each queue.
struct BestFirst<P> {
    table: Table,
    arena: Vec<u8>,
    nodes: Vec<Node>,
    reached: Vec<Reached>,
    /// Which reached positions have been expanded, a bit each (apart from
    /// `reached`, as the queues ask it at random and a bit set stays in
    /// cache where a vector of 12-byte entries does not).
    taken: Vec<u64>,
    /// The scores of each reached position, by weighing, the detour to
    /// it taken off (the root's are not used).
    scored: Vec<i32>,
    queues: Vec<Queue>,
    /// The queues' weighings, each once: a reached position is scored once
    /// for each of them (once in most games, where they count alike).
    weighings: Vec<Weights>,
    root: P,
    /// The position being expanded, each successor in turn and the moves
    /// worth trying: scratch reused.
    state: P,
    next: P,
    moves: Vec<Step>,
}

impl<P: Position> BestFirst<P> {
    /// A search from `root`, a queue for each taste.
    fn new(root: &P, tastes: Vec<Taste>, memory: usize) -> BestFirst<P> {
        let mut table = Table::new(memory);
        table.insert(root.key());
        let mut weighings: Vec<Weights> = Vec::new();
        let mut queues = Vec::new();
        for Taste { per_move, noise, weights } in tastes {
            let weights = root.counted(weights);
            let weighing = weighings.iter().position(|&w| w == weights).unwrap_or_else(|| {
                weighings.push(weights);
                weighings.len() - 1
            });
            queues.push(Queue {
                waiting: QuaternaryHeap::from(with_room(Waiting { score: 0, seq: 0 })),
                per_move,
                noise,
                weighing,
                joined: 1,
            });
        }
        let mut scored = Vec::with_capacity(FIRST_ROOM * weighings.len());
        scored.resize(weighings.len(), 0);
        BestFirst {
            table,
            arena: Vec::with_capacity(FIRST_ROOM * 64),
            nodes: Vec::with_capacity(FIRST_ROOM),
            reached: with_room(Reached { parent: NONE, m: Step::plain(SolMove::Recycle) }),
            taken: vec![0],
            scored,
            queues,
            weighings,
            root: root.clone(),
            state: root.clone(),
            next: root.clone(),
            moves: Vec::new(),
        }
    }

    /// The best position of queue `q` that no lane has taken.
    fn untaken(&mut self, q: usize) -> Option<usize> {
        self.join(q);
        while let Some(w) = self.queues[q].waiting.pop() {
            if self.taken[w.seq as usize / 64] & (1 << (w.seq % 64)) == 0 {
                return Some(w.seq as usize);
            }
        }
        None
    }

    /// Queue `q` takes in the positions reached since it last did.
    fn join(&mut self, q: usize) {
        let queue = &mut self.queues[q];
        let stride = self.weighings.len();
        for seq in queue.joined..self.reached.len() {
            let depth = self.nodes[self.reached[seq].parent as usize].depth + 1;
            let score = i64::from(self.scored[seq * stride + queue.weighing]) + queue.noise.next()
                - queue.per_move * i64::from(depth);
            let score = score.clamp(i32::MIN.into(), i32::MAX.into()) as i32;
            queue.waiting.push(Waiting { score, seq: seq as u32 });
        }
        queue.joined = self.reached.len();
    }

    fn bytes(&self) -> Bytes {
        self.table.bytes()
            + vec_bytes::<u8>(self.arena.len(), self.arena.capacity())
            + vec_bytes::<Node>(self.nodes.len(), self.nodes.capacity())
            + vec_bytes::<Reached>(self.reached.len(), self.reached.capacity())
            + vec_bytes::<u64>(self.taken.len(), self.taken.capacity())
            + vec_bytes::<i32>(self.scored.len(), self.scored.capacity())
            + self.queues.iter().map(|q| q.bytes(self.reached.len() - q.joined)).sum()
    }

    /// Expands the best position of queue `q` not expanded yet.
    fn expand(&mut self, q: usize) -> Progress {
        let Some(seq) = self.untaken(q) else {
            return Progress::Exhausted { complete: true };
        };
        let Reached { parent, m, .. } = self.reached[seq];
        self.taken[seq / 64] |= 1 << (seq % 64);
        let depth = if parent == NONE {
            self.state.clone_from(&self.root);
            0
        } else {
            let from = &self.nodes[parent as usize];
            let end = self.nodes.get(parent as usize + 1).map_or(self.arena.len(), |n| n.at);
            self.state.unpack_from(&self.arena[from.at..end]);
            self.state.play(&m);
            from.depth + 1
        };
        let current = self.nodes.len() as u32;
        self.nodes.push(Node { at: self.arena.len(), parent, depth, m });
        self.state.pack_onto(&mut self.arena);
        let mut moves = std::mem::take(&mut self.moves);
        moves.clear();
        self.state.moves(&mut moves);
        for &m in &moves {
            self.next.clone_from(&self.state);
            self.next.play(&m);
            if self.next.is_won() {
                let mut chosen = vec![m];
                let mut at = current;
                while at != NONE {
                    let node = &self.nodes[at as usize];
                    if node.parent != NONE {
                        chosen.push(node.m);
                    }
                    at = node.parent;
                }
                chosen.reverse();
                return Progress::Won(chosen);
            }
            match self.table.insert(self.next.key()) {
                Seen::New => {
                    let seq = self.reached.len() as u32;
                    self.reached.push(Reached { parent: current, m });
                    if seq.is_multiple_of(64) {
                        self.taken.push(0);
                    }
                    let detour = self.state.detour(&m);
                    let features = self.next.features();
                    for w in &self.weighings {
                        let score = (w.weigh(&features) - detour).clamp(i32::MIN.into(), i32::MAX.into());
                        self.scored.push(score as i32);
                    }
                }
                Seen::Before => {}
                // A position not recorded may be reached again and again:
                // this search can no longer prove anything, nor be sure
                // to end.
                Seen::Full => return Progress::Exhausted { complete: false },
            }
        }
        self.moves = moves;
        Progress::Going
    }
}

/// One position on the depth-first line: the position, its successors'
/// steps best first, and how many have been tried.
struct Frame<P> {
    state: P,
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
struct DepthFirst<P> {
    noise: Noise,
    /// The lane's weights as they stand, not as the game counts them
    /// (`Position::counted`): the features a game never counts weigh
    /// nothing either way, and where free cells make cards built on
    /// another suit weigh more for the best-first searches, the
    /// depth-first ones weighing them plainly are the portfolio's other
    /// opinion (FreeCell MS 1..32000: 13.4 million positions, against 13.8
    /// million with every search weighing them alike).
    weights: Weights,
    table: Table,
    complete: bool,
    stack: Vec<Frame<P>>,
    /// The position to expand next and the step to it.
    pending: Option<(Step, P)>,
    /// What a frame holds: a position and a few dozen steps.
    frame_bytes: usize,
    /// Each successor in turn while a position is expanded, and the
    /// positions of frames backed out of: scratch reused, so going down
    /// the line allocates no piles.
    child: P,
    spare: Vec<P>,
    /// The moves worth trying from the position expanded: scratch.
    moves: Vec<Step>,
}

impl<P: Position> DepthFirst<P> {
    fn new(root: &P, noise: Noise, weights: Weights, memory: usize) -> DepthFirst<P> {
        let mut table = Table::new(memory / 2);
        table.insert(root.key());
        DepthFirst {
            noise,
            weights,
            table,
            complete: true,
            stack: Vec::new(),
            pending: Some((Step::plain(SolMove::Recycle), root.clone())),
            frame_bytes: std::mem::size_of::<Frame<P>>() + 64 * std::mem::size_of::<Step>() + heap_bytes(root),
            child: root.clone(),
            spare: Vec::new(),
            moves: Vec::new(),
        }
    }

    fn bytes(&self) -> Bytes {
        self.table.bytes() + Bytes::exact((self.stack.len() + self.spare.len()) * self.frame_bytes)
    }

    /// Expands the pending position, then finds the next one along the
    /// line (backing up where a position's successors are all tried).
    fn expand(&mut self) -> Progress {
        if let Some((here, state)) = self.pending.take() {
            let mut next: Vec<(i64, Step)> = Vec::new();
            self.moves.clear();
            state.moves(&mut self.moves);
            for &step in &self.moves {
                let child = &mut self.child;
                child.clone_from(&state);
                child.play(&step);
                if child.is_won() {
                    let mut chosen: Vec<Step> = self.stack.iter().skip(1).map(|f| f.step).collect();
                    chosen.extend(self.stack.first().map(|_| here));
                    chosen.push(step);
                    return Progress::Won(chosen);
                }
                let fresh = match self.table.insert(child.key()) {
                    Seen::New => true,
                    Seen::Before => false,
                    Seen::Full => {
                        self.complete = false;
                        self.stack.len() < DEPTH_WHEN_FULL
                    }
                };
                if fresh {
                    next.push((child.score(&self.weights) - state.detour(&step) + self.noise.next(), step));
                }
            }
            next.sort_by_key(|c| std::cmp::Reverse(c.0));
            self.stack.push(Frame { state, next: next.into_iter().map(|(_, s)| s).collect(), tried: 0, step: here });
        }
        while let Some(top) = self.stack.last_mut() {
            if let Some(&step) = top.next.get(top.tried) {
                top.tried += 1;
                let mut child = self.spare.pop().unwrap_or_else(|| top.state.clone());
                child.clone_from(&top.state);
                child.play(&step);
                self.pending = Some((step, child));
                return Progress::Going;
            }
            if let Some(frame) = self.stack.pop() {
                self.spare.push(frame.state);
            }
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

    /// One lane of the portfolio by itself, up to `nodes` positions.
    fn alone(start: &Solitaire, lane: Lane, nodes: u64) -> Verdict {
        let mut root = start.clone();
        close(&mut root, &mut |_| {});
        let mut search = match lane {
            Lane::Queue { per_move, noise, weights } | Lane::Alone { per_move, noise, weights } => {
                let taste = Taste { per_move, noise: Noise::new(noise, 1), weights };
                Search::Best(BestFirst::new(&root, vec![taste], 100 << 20))
            }
            Lane::Deep { noise, weights } => {
                Search::Deep(DepthFirst::new(&root, Noise::new(noise, 1), weights, 100 << 20))
            }
            Lane::Beam { noise, weights } => Search::Beam(Beam::new(&root, Noise::new(noise, 1), weights, 100 << 20)),
        };
        for _ in 0..nodes {
            match search.expand(0) {
                Progress::Going => {}
                Progress::Won(chosen) => return Verdict::Won(line(start, &root, &chosen)),
                Progress::Exhausted { complete: true } => return Verdict::Lost,
                Progress::Exhausted { complete: false } => return Verdict::Undecided(Limit::Memory),
            }
        }
        Verdict::Undecided(Limit::Nodes)
    }

    /// The verdict and positions spent on `start`, within `nodes`
    /// positions, the portfolio taking turns as `schedule` says.
    fn solved(start: &Solitaire, nodes: u64, schedule: Schedule) -> (Verdict, u64) {
        let report = run_scheduled(start, &Limits::new(nodes, 200), schedule);
        (report.verdict, report.nodes)
    }

    #[test]
    fn the_shared_graph_left_alone_proves_a_loss_in_fewer_positions() {
        let lost = deal("klondike", "", 41);
        let (verdict, all_along) = solved(&lost, 1_000_000, Schedule { proof_after: u64::MAX, ..SCHEDULE });
        assert_eq!(verdict, Verdict::Lost);
        let (verdict, alone_soon) = solved(&lost, 1_000_000, Schedule { proof_after: 1_000, ..SCHEDULE });
        assert_eq!(verdict, Verdict::Lost);
        assert!(alone_soon < all_along, "{alone_soon} positions alone from 1,000 on, {all_along} all along");
    }

    #[test]
    fn open_games_leave_out_only_the_beam_and_a_search_of_its_own_that_the_shared_queues_stand_for() {
        for &i in OPEN_GAMES_LEAVE_OUT {
            if matches!(PORTFOLIO[i], Lane::Beam { .. }) {
                continue;
            }
            let Lane::Alone { per_move, noise, weights } = PORTFOLIO[i] else { panic!("lane {i} is not alone") };
            // A queue with its weights and its pull towards short lines, as
            // jittered or more.
            let alike = |lane: &Lane| matches!(*lane, Lane::Queue { per_move: p, noise: n, weights: w } if w == weights && p == per_move && n >= noise);
            assert!(PORTFOLIO.iter().any(alike), "no queue weighs as lane {i} does");
        }
    }

    /// A deal of Forty Thieves (Hard mode) as the game type deals it.
    fn forty_thieves(seed: u64) -> Solitaire {
        let v = super::super::tests::from_ini(include_str!("../../../game-types/Forty Thieves/game.ini"), "hard");
        Session::new(v, seed).state().clone()
    }

    /// Forty Thieves deal 86: the beam wins it within 60,000 positions,
    /// where the portfolio's other searches weighing as it does, searched
    /// alone as far, do not.
    #[test]
    fn the_beam_wins_a_long_deal_where_best_first_spreads_out() {
        let start = forty_thieves(86);
        let beam = PORTFOLIO.iter().find(|l| matches!(l, Lane::Beam { .. })).expect("a beam lane");
        let Lane::Beam { weights, .. } = *beam else { unreachable!() };
        let Verdict::Won(line) = alone(&start, *beam, 60_000) else { panic!("the beam did not win deal 86") };
        assert!(super::super::wins(&start, &line));
        let alike = |l: &&Lane| match l {
            Lane::Queue { weights: w, .. } | Lane::Alone { weights: w, .. } => *w == weights,
            _ => false,
        };
        let others: Vec<&Lane> = PORTFOLIO.iter().filter(alike).collect();
        assert!(!others.is_empty());
        for &lane in others {
            assert_eq!(alone(&start, lane, 60_000), Verdict::Undecided(Limit::Nodes));
        }
    }

    /// Forty Thieves deal 86: the portfolio wins it within 200,000
    /// positions with the beam taking its share of turns, and not within
    /// 150,000 with one turn a round like the other lanes.
    #[test]
    fn the_beam_taking_more_turns_wins_a_long_deal_sooner() {
        let start = forty_thieves(86);
        let (verdict, nodes) = solved(&start, 200_000, SCHEDULE);
        let Verdict::Won(line) = verdict else { panic!("not won within 200,000 positions: {verdict:?}") };
        assert!(super::super::wins(&start, &line), "won in {nodes} positions, but the line does not replay");
        let one_turn = Schedule { beam_share: 1, ..SCHEDULE };
        assert_eq!(solved(&start, 150_000, one_turn).0, Verdict::Undecided(Limit::Nodes));
    }

    #[test]
    fn each_search_alone_wins_and_proves_lost() {
        for (i, &lane) in PORTFOLIO.iter().enumerate() {
            let won = deal("freecell", "easy,ms", 1);
            let Verdict::Won(moves) = alone(&won, lane, 100_000) else { panic!("search {i} did not win deal 1") };
            let mut s = won.clone();
            for m in &moves {
                let m = s.parse_move(m).unwrap();
                s.check(&m).unwrap();
                s.apply(&m);
            }
            assert!(s.is_won(), "search {i}");
            assert_eq!(alone(&deal("the-chance", "easy", 7), lane, 100_000), Verdict::Lost, "search {i}");
        }
    }
}
