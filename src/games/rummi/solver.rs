//! The Expert: the play that puts the most tiles from the rack on the
//! table, and among those the highest total of numbers, found exactly.
//!
//! A play may rearrange the whole table, so the question is: which rack
//! tiles can join the table's tiles so that all of them split into valid
//! sets? This is answered by a dynamic programme over the numbers 1 to 13,
//! in the manner of van Rijn, Takes and Vis ("The Complexity of Rummikub
//! Problems", 2015), written here from scratch:
//!
//! - Going up the numbers, each colour has at most two runs passing
//!   through (there are two tiles of each kind). A colour's state is the
//!   pair of those runs' lengths so far, each 0, 1, 2 or "3 or more"
//!   (10 unordered pairs), so a position's state is one of 10^4.
//! - At each number, every tile of that number is used (the table's must
//!   be, the rack's may be) to extend a run, start one, or join a group.
//!   A run of length 1 or 2 must go on; a run of 3 or more may stop.
//!   Groups of a number are valid when the tiles given to groups, per
//!   colour 0, 1 or 2, add up to 0, to 3 or 4 with one of each colour, or
//!   to 6, 7 or 8 (two groups).
//! - Colours are decided one at a time within a number, carrying the
//!   group tiles' total and whether a colour gave two; so each step has a
//!   handful of choices instead of all their products.
//! - The score is tiles played x 2048 + their numbers' total (at most
//!   104 x 13 < 2048). A first play must total 30 from the rack: then the
//!   total so far, capped at 30, joins the state.
//!
//! Equal states merge keeping the better score, and back pointers give the
//! sets. Every path through the numbers is a partition into runs and
//! groups, and every partition is such a path, so the answer is exact.

use rustc_hash::FxHashMap;

use super::tile::{Colour, Counts, Kind, MAX_NUMBER};

/// What the first play of a player must total.
pub const FIRST_PLAY: u32 = 30;

/// A position to solve: the tiles on the table (all must stay there), the
/// rack, and whether this is the player's first play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub table: Counts,
    pub rack: Counts,
    pub first: bool,
}

/// A play: the rack tiles played and the whole new table as sets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Play {
    pub played: Counts,
    pub sets: Vec<Vec<Kind>>,
}

impl Play {
    pub fn tiles(&self) -> usize {
        self.played.total()
    }

    /// The total of the numbers played.
    pub fn value(&self) -> u32 {
        self.played.kinds().iter().map(|k| u32::from(k.number())).sum()
    }
}

/// Unordered pairs of run lengths (0, 1, 2, 3 = "3 or more"), lower first.
const PAIRS: [(u8, u8); 10] = [(0, 0), (0, 1), (0, 2), (0, 3), (1, 1), (1, 2), (1, 3), (2, 2), (2, 3), (3, 3)];

fn pair_index(a: u8, b: u8) -> u8 {
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    PAIRS.iter().position(|&p| p == (lo, hi)).expect("every pair is listed") as u8
}

/// One choice for one colour at one number.
#[derive(Clone, Copy, Debug)]
struct Choice {
    /// The colour's pair of run lengths afterwards.
    next: u8,
    /// Tiles given to groups.
    groups: u8,
    /// Tiles taken from the rack.
    played: u8,
    /// Whether the shorter and the longer run went on (or started).
    extend: [bool; 2],
}

/// The choices for every (pair, table count, rack count): `CHOICES[pair][a][r]`.
struct Choices([[[Vec<Choice>; 3]; 3]; 10]);

impl Choices {
    fn build() -> Choices {
        let mut out: [[[Vec<Choice>; 3]; 3]; 10] = Default::default();
        for (p, &(lo, hi)) in PAIRS.iter().enumerate() {
            for a in 0..=2u8 {
                for r in 0..=(2 - a) {
                    let list = &mut out[p][usize::from(a)][usize::from(r)];
                    for e_lo in [false, true] {
                        for e_hi in [false, true] {
                            // Equal runs are interchangeable: count one order.
                            let stuck = |l: u8, e: bool| !e && (l == 1 || l == 2);
                            if stuck(lo, e_lo) || stuck(hi, e_hi) || (lo == hi && e_lo && !e_hi) {
                                continue;
                            }
                            let grow = |l: u8, e: bool| if e { (l + 1).min(3) } else { 0 };
                            let next = pair_index(grow(lo, e_lo), grow(hi, e_hi));
                            for groups in 0..=2u8 {
                                let k = u8::from(e_lo) + u8::from(e_hi) + groups;
                                if k >= a && k <= a + r {
                                    list.push(Choice { next, groups, played: k - a, extend: [e_lo, e_hi] });
                                }
                            }
                        }
                    }
                }
            }
        }
        Choices(out)
    }

    fn get(&self, pair: u8, a: u8, r: u8) -> &[Choice] {
        &self.0[usize::from(pair)][usize::from(a)][usize::from(r)]
    }
}

fn choices() -> &'static Choices {
    static CHOICES: std::sync::OnceLock<Choices> = std::sync::OnceLock::new();
    CHOICES.get_or_init(Choices::build)
}

/// The group tiles given so far at a number: their total (0..=8) and
/// whether some colour gave two.
const SUMMARIES: u32 = 18;
/// Caps of the first play's total: 0..=30.
const CAPS: u32 = FIRST_PLAY + 1;

fn summary(sum: u32, two: bool) -> u32 {
    sum * 2 + u32::from(two)
}

/// Whether group tiles with this summary make valid groups.
fn groups_valid(s: u32) -> bool {
    let (sum, two) = (s / 2, s % 2 == 1);
    sum == 0 || ((sum == 3 || sum == 4) && !two) || (6..=8).contains(&sum)
}

/// A reached state in one layer: its key, its score, and how it was
/// reached (the index of the state in the previous layer and the choice).
#[derive(Clone, Copy, Debug)]
struct Node {
    key: u32,
    score: i32,
    parent: u32,
    choice: u8,
}

fn key(runs: u32, summary: u32, cap: u32) -> u32 {
    (runs * SUMMARIES + summary) * CAPS + cap
}

fn unkey(key: u32) -> (u32, u32, u32) {
    (key / CAPS / SUMMARIES, key / CAPS % SUMMARIES, key % CAPS)
}

const POW10: [u32; 4] = [1, 10, 100, 1000];

fn digit(runs: u32, colour: usize) -> u8 {
    (runs / POW10[colour] % 10) as u8
}

/// A layer of the programme and the map from keys to its nodes.
struct Layer {
    nodes: Vec<Node>,
    index: FxHashMap<u32, u32>,
}

impl Layer {
    fn new() -> Layer {
        Layer { nodes: Vec::new(), index: FxHashMap::default() }
    }

    fn offer(&mut self, node: Node) {
        match self.index.get(&node.key) {
            Some(&i) => {
                let old = &mut self.nodes[i as usize];
                if node.score > old.score {
                    *old = node;
                }
            }
            None => {
                self.index.insert(node.key, self.nodes.len() as u32);
                self.nodes.push(node);
            }
        }
    }
}

/// Nodes a layer keeps in the first, rough pass (see [`best`]).
const BEAM: usize = 48;

/// One step of the programme: a colour at a number, with the table's
/// tiles of that kind (all used) and the rack's that may join them.
#[derive(Clone, Copy, Debug)]
struct Step {
    number: u8,
    colour: usize,
    table: u8,
    rack: u8,
}

/// The programme for one position.
struct Search<'a> {
    first: bool,
    steps: Vec<Step>,
    /// `rest[i]`: the most the steps from `i` on can add to a score (every
    /// rack tile played), a bound for pruning.
    rest: Vec<i32>,
    /// `rest_value[i]`: the rack's numbers from step `i` on, added up.
    rest_value: Vec<u32>,
    choices: &'a Choices,
}

impl Search<'_> {
    fn new(pos: &Position) -> Search<'static> {
        let mut steps = Vec::with_capacity(usize::from(MAX_NUMBER) * 4);
        for number in 1..=MAX_NUMBER {
            for (colour, col) in Colour::ALL.into_iter().enumerate() {
                let kind = Kind::new(col, number);
                let table = pos.table.get(kind).min(2);
                steps.push(Step { number, colour, table, rack: pos.rack.get(kind).min(2 - table) });
            }
        }
        let mut rest = vec![0; steps.len() + 1];
        let mut rest_value = vec![0; steps.len() + 1];
        for i in (0..steps.len()).rev() {
            let (r, n) = (i32::from(steps[i].rack), i32::from(steps[i].number));
            rest[i] = rest[i + 1] + r * (2048 + n);
            rest_value[i] = rest_value[i + 1] + (r * n) as u32;
        }
        Search { first: pos.first, steps, rest, rest_value, choices: choices() }
    }

    /// Runs the programme. Nodes that cannot reach `floor` any more are
    /// dropped; with `beam`, each layer keeps only that many of its best.
    /// Returns the layers and the best final node, if any.
    fn run(&self, beam: Option<usize>, floor: i32) -> (Vec<Layer>, Option<usize>) {
        let mut layers: Vec<Layer> = Vec::with_capacity(self.steps.len() + 1);
        let mut start = Layer::new();
        start.offer(Node { key: key(0, 0, 0), score: 0, parent: 0, choice: 0 });
        layers.push(start);
        for (i, step) in self.steps.iter().enumerate() {
            let c = step.colour;
            let last_colour = c == Colour::ALL.len() - 1;
            let (bound, bound_value) = (self.rest[i + 1], self.rest_value[i + 1]);
            let mut next = Layer::new();
            let prev = layers.last().expect("the start layer");
            for (pi, node) in prev.nodes.iter().enumerate() {
                let (runs, sum2, cap) = unkey(node.key);
                let pair = digit(runs, c);
                for (ci, choice) in self.choices.get(pair, step.table, step.rack).iter().enumerate() {
                    let value = u32::from(choice.played) * u32::from(step.number);
                    let score = node.score + i32::from(choice.played) * 2048 + value as i32;
                    if score + bound < floor {
                        continue;
                    }
                    let cap = if self.first { (cap + value).min(FIRST_PLAY) } else { 0 };
                    if self.first && score > 0 && cap + bound_value < FIRST_PLAY {
                        continue;
                    }
                    let (sum, two) = (sum2 / 2 + u32::from(choice.groups), sum2 % 2 == 1 || choice.groups == 2);
                    if sum > 8 {
                        continue;
                    }
                    let mut s = summary(sum, two);
                    if last_colour {
                        if !groups_valid(s) {
                            continue;
                        }
                        s = 0;
                    }
                    let runs = runs - u32::from(pair) * POW10[c] + u32::from(choice.next) * POW10[c];
                    next.offer(Node { key: key(runs, s, cap), score, parent: pi as u32, choice: ci as u8 });
                }
            }
            if let Some(width) = beam.filter(|&w| next.nodes.len() > w) {
                next.nodes.select_nth_unstable_by_key(width, |n| std::cmp::Reverse(n.score));
                next.nodes.truncate(width);
            }
            layers.push(next);
        }
        // Every run must have ended at 3 or more by the last number.
        let done = |runs: u32| (0..4).all(|c| matches!(PAIRS[usize::from(digit(runs, c))], (0 | 3, 0 | 3)));
        let end = layers.last().expect("layers").nodes.iter().enumerate().filter(|(_, n)| {
            let (runs, _, cap) = unkey(n.key);
            done(runs) && (!self.first || cap >= FIRST_PLAY || n.score == 0)
        });
        let best = end.max_by_key(|(_, n)| n.score).map(|(i, _)| i);
        (layers, best)
    }
}

/// The best play in `pos`. With nothing better (or no first play reaching
/// 30), it is the empty play: no tile, the table as it is.
///
/// A rough pass that keeps only the best few nodes per layer finds a good
/// play quickly; the exact pass then drops every node that could not beat
/// it even if every rack tile still to come were played. Where the best
/// play uses most of the rack, that leaves few nodes to follow.
pub fn best(pos: &Position) -> Play {
    if pos.first {
        // The best play with no floor on its total often reaches 30 by
        // itself, and is then the answer; the search that tracks the total
        // is needed only when it does not.
        let free = best_of(&Position { first: false, ..pos.clone() });
        if free.tiles() == 0 || free.value() >= FIRST_PLAY {
            return free;
        }
    }
    best_of(pos)
}

fn best_of(pos: &Position) -> Play {
    let search = Search::new(pos);
    let (rough_layers, rough) = search.run(Some(BEAM), 0);
    let floor = rough.map_or(0, |i| rough_layers.last().expect("layers").nodes[i].score);
    drop(rough_layers);
    let (layers, best) = search.run(None, floor);
    match best {
        Some(i) => rebuild(pos, &layers, i),
        None => Play { played: Counts::default(), sets: Vec::new() },
    }
}

/// Follows the back pointers from node `at` of the last layer and lays the
/// sets out: runs per colour as they grew, groups per number.
fn rebuild(pos: &Position, layers: &[Layer], mut at: usize) -> Play {
    let ch = choices();
    // (number, colour, pair before, choice), in play order.
    let mut path = Vec::with_capacity(layers.len() - 1);
    for li in (1..layers.len()).rev() {
        let node = layers[li].nodes[at];
        let parent = layers[li - 1].nodes[node.parent as usize];
        let (number, c) = ((li - 1) / 4 + 1, (li - 1) % 4);
        let kind = Kind::new(Colour::ALL[c], number as u8);
        let a = pos.table.get(kind).min(2);
        let r = pos.rack.get(kind).min(2 - a);
        let pair = digit(unkey(parent.key).0, c);
        path.push((kind, ch.get(pair, a, r)[usize::from(node.choice)]));
        at = node.parent as usize;
    }
    path.reverse();
    let mut played = Counts::default();
    let mut sets = Vec::new();
    let mut runs: [[Vec<Kind>; 2]; 4] = Default::default();
    let mut group_tiles: Vec<(Kind, u8)> = Vec::new();
    for (kind, choice) in path {
        let c = kind.colour().index();
        played.0[kind.index()] += choice.played;
        let len = |v: &Vec<Kind>| v.len().min(3);
        let order = if len(&runs[c][0]) <= len(&runs[c][1]) { [0, 1] } else { [1, 0] };
        for (slot, extend) in order.into_iter().zip(choice.extend) {
            if extend {
                runs[c][slot].push(kind);
            } else if !runs[c][slot].is_empty() {
                sets.push(std::mem::take(&mut runs[c][slot]));
            }
        }
        if choice.groups > 0 {
            group_tiles.push((kind, choice.groups));
        }
        if c == 3 {
            sets.extend(split_groups(&group_tiles));
            group_tiles.clear();
        }
    }
    sets.extend(runs.into_iter().flatten().filter(|r| !r.is_empty()));
    Play { played, sets }
}

/// The groups made of one number's group tiles (each colour giving 1 or 2):
/// one group when no colour gives two, else two sharing the doubles.
fn split_groups(tiles: &[(Kind, u8)]) -> Vec<Vec<Kind>> {
    let total: u8 = tiles.iter().map(|t| t.1).sum();
    if total == 0 {
        return Vec::new();
    }
    if total <= 4 {
        return vec![tiles.iter().map(|t| t.0).collect()];
    }
    let twos: Vec<Kind> = tiles.iter().filter(|t| t.1 == 2).map(|t| t.0).collect();
    let ones: Vec<Kind> = tiles.iter().filter(|t| t.1 == 1).map(|t| t.0).collect();
    let x = 3usize.saturating_sub(twos.len()).min(ones.len());
    let mut a = twos.clone();
    a.extend(&ones[..x]);
    let mut b = twos;
    b.extend(&ones[x..]);
    vec![a, b]
}

#[cfg(test)]
mod tests {
    use super::super::sets::is_valid_set;
    use super::*;

    pub(crate) fn counts(text: &str) -> Counts {
        Counts::of(text.split_whitespace().map(|t| Kind::parse(t).unwrap()))
    }

    fn check(pos: &Position, play: &Play) {
        let mut on_table = Counts::default();
        for set in &play.sets {
            assert!(is_valid_set(&super::super::sets::ordered(set.clone())), "{set:?} is not a set");
            for k in set {
                on_table.0[k.index()] += 1;
            }
        }
        for k in Kind::all() {
            assert_eq!(on_table.get(k), pos.table.get(k) + play.played.get(k), "{k} in {play:?}");
            assert!(play.played.get(k) <= pos.rack.get(k));
        }
        if pos.first && play.tiles() > 0 {
            assert!(play.value() >= FIRST_PLAY);
        }
    }

    fn solve(table: &str, rack: &str, first: bool) -> Play {
        let pos = Position { table: counts(table), rack: counts(rack), first };
        let play = best(&pos);
        check(&pos, &play);
        play
    }

    #[test]
    fn an_empty_rack_plays_nothing() {
        let p = solve("R1 R2 R3", "", false);
        assert_eq!(p.tiles(), 0);
        assert_eq!(p.sets.len(), 1);
    }

    #[test]
    fn runs_groups_and_leftovers() {
        let p = solve("", "R1 R2 R3 B7 Y7 K7 K13", false);
        assert_eq!((p.tiles(), p.value()), (6, 27));
        let p = solve("", "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13", false);
        assert_eq!(p.tiles(), 13);
        let p = solve("", "R5 B5 Y5 K5 R5 B5 Y5 K5", false);
        assert_eq!(p.tiles(), 8);
        assert_eq!(p.sets.len(), 2);
    }

    #[test]
    fn the_table_is_rearranged_to_play_more() {
        let p = solve("R1 R2 R3 R4 R5 R6", "R4 R5 R6", false);
        assert_eq!(p.tiles(), 3);
        let p = solve("R1 R2 R3 R4 R5 R6 R7", "R4", false);
        assert_eq!(p.tiles(), 1, "splits into R1-R4 and R4-R7");
        let p = solve("B5 Y5 K5 R9 R10 R11 R12", "R5 R8", false);
        assert_eq!(p.tiles(), 2, "R5 joins the group, R8 the run");
    }

    #[test]
    fn first_plays_must_reach_thirty_from_the_rack() {
        assert_eq!(solve("", "R1 R2 R3", true).tiles(), 0);
        assert_eq!(solve("", "R9 R10 R11", true).tiles(), 3);
        // Only by splitting R9-R13 does R11 play, bringing 21 up to 32.
        let p = solve("R9 R10 R11 R12 R13", "R11 K6 K7 K8", true);
        assert_eq!((p.tiles(), p.value()), (4, 32));
        assert_eq!(solve("R9 R10 R11 R12 R13", "R11 K5 K6 K7", true).tiles(), 0, "29 is not enough");
        let p = solve("", "R1 R2 R3 R4 K10 B10 Y10", true);
        assert_eq!((p.tiles(), p.value()), (7, 40));
        assert_eq!(solve("", "R1 R2 R3 R4 K9 B9", true).tiles(), 0);
    }

    /// Whether the tiles split into valid sets, tried every way: the lowest
    /// tile (by number) starts a run or joins a group of its number.
    fn splits(c: &mut Counts, memo: &mut std::collections::HashMap<[u8; 52], bool>) -> bool {
        let Some(t) = (1..=MAX_NUMBER)
            .flat_map(|n| Colour::ALL.into_iter().map(move |col| Kind::new(col, n)))
            .find(|&k| c.get(k) > 0)
        else {
            return true;
        };
        if let Some(&known) = memo.get(&c.0) {
            return known;
        }
        let mut found = false;
        let mut options: Vec<Vec<Kind>> = Vec::new();
        let mut run = vec![t];
        for n in t.number() + 1..=MAX_NUMBER {
            let k = Kind::new(t.colour(), n);
            if c.get(k) == 0 {
                break;
            }
            run.push(k);
            if run.len() >= 3 {
                options.push(run.clone());
            }
        }
        let others: Vec<Kind> = Colour::ALL
            .into_iter()
            .filter(|&col| col != t.colour())
            .map(|col| Kind::new(col, t.number()))
            .filter(|&k| c.get(k) > 0)
            .collect();
        for mask in 1u32..(1 << others.len()) {
            if mask.count_ones() >= 2 {
                let mut g = vec![t];
                g.extend((0..others.len()).filter(|i| mask & (1 << i) != 0).map(|i| others[i]));
                options.push(g);
            }
        }
        for set in options {
            set.iter().for_each(|k| c.0[k.index()] -= 1);
            found = splits(c, memo);
            set.iter().for_each(|k| c.0[k.index()] += 1);
            if found {
                break;
            }
        }
        memo.insert(c.0, found);
        found
    }

    /// The best (tiles, value) by trying every subset of the rack.
    fn brute_force(pos: &Position) -> (usize, u32) {
        let rack = pos.rack.kinds();
        let mut memo = std::collections::HashMap::new();
        let mut best = (0, 0);
        for mask in 0u32..(1 << rack.len()) {
            let chosen: Vec<Kind> = (0..rack.len()).filter(|i| mask & (1 << i) != 0).map(|i| rack[i]).collect();
            let value: u32 = chosen.iter().map(|k| u32::from(k.number())).sum();
            if pos.first && !chosen.is_empty() && value < FIRST_PLAY {
                continue;
            }
            let score = (chosen.len(), value);
            if score <= best {
                continue;
            }
            let mut all = pos.table;
            chosen.iter().for_each(|k| all.0[k.index()] += 1);
            if splits(&mut all, &mut memo) {
                best = score;
            }
        }
        best
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]
        #[test]
        fn the_expert_equals_a_brute_force_search_on_small_racks(
            seed in proptest::prelude::any::<u64>(),
            table in 0usize..40,
            rack in 1usize..9,
            first in proptest::prelude::any::<bool>(),
        ) {
            let mut rng = crate::core::GameRng::new(seed);
            let pos = super::super::positions::random(&mut rng, table, rack, first);
            let play = best(&pos);
            check(&pos, &play);
            proptest::prop_assert_eq!((play.tiles(), play.value()), brute_force(&pos), "{:?}", pos);
        }
    }
}
