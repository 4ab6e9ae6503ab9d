//! A deduction solver for minefields: from what the player can see (the
//! numbers uncovered, the mines already proved) and the total mine count,
//! which covered squares are certainly free and which certainly mines.
//!
//! It reasons in two stages. First each number alone: when its proved
//! mines already match it, its other covered neighbours are free; when its
//! covered neighbours are exactly the mines it still lacks, they are all
//! mines. When that finds nothing, the covered squares next to numbers are
//! split into groups that share numbers, and each group's assignments of
//! mines that satisfy all its numbers are enumerated by backtracking. The
//! groups' possible mine counts are then combined with the squares far
//! from any number and the mines left: a square is free (or a mine) when
//! it is free (or a mine) in every assignment that fits the total. This
//! sees everything the visible numbers and the count imply; an enumeration
//! that grows past a budget gives up on its group, so the answer is then
//! sound but may be incomplete (and says so).
//!
//! The no-guess generator asks whether a board can be cleared from its
//! first click this way ([`clears`]); the Hint asks for one free square
//! ([`safe_square`]).

use super::grid::{Grid, Layout};

/// Backtracking steps one group may take before its enumeration gives up.
const GROUP_BUDGET: u64 = 100_000;

/// What the player knows of one square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// Still covered, nothing proved.
    Unknown,
    /// Covered, and proved to hide a mine.
    Mine,
    /// Uncovered, showing this many mines around it.
    Number(u8),
}

/// Everything visible on a field, plus the total number of mines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Knowledge {
    pub grid: Grid,
    pub total_mines: usize,
    pub cells: Vec<Known>,
}

/// What one round of deduction proved.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Found {
    pub safe: Vec<usize>,
    pub mines: Vec<usize>,
    /// False if some group was too large to enumerate in full: more might
    /// follow than was found.
    pub complete: bool,
}

impl Found {
    pub fn is_empty(&self) -> bool {
        self.safe.is_empty() && self.mines.is_empty()
    }
}

/// Why no free square can be named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoSafe {
    /// Every covered square could hide a mine, as far as the numbers tell.
    Guess,
    /// The search gave up on a large group before proving anything.
    GaveUp,
    /// No covered square is left to open.
    Nothing,
}

impl Knowledge {
    /// A field with every square covered.
    pub fn covered(grid: Grid, total_mines: usize) -> Knowledge {
        Knowledge { grid, total_mines, cells: vec![Known::Unknown; grid.len()] }
    }

    /// Uncovers square `i` of `layout` (a free square) and, where it shows
    /// 0, every square around it in turn, as a player's click does.
    pub fn open(&mut self, layout: &Layout, i: usize) {
        let mut todo = vec![i];
        while let Some(j) = todo.pop() {
            if matches!(self.cells[j], Known::Number(_)) {
                continue;
            }
            let n = layout.number(j);
            self.cells[j] = Known::Number(n);
            if n == 0 {
                todo.extend(self.grid.neighbours(j).filter(|&k| self.cells[k] == Known::Unknown));
            }
        }
    }

    fn covered_count(&self) -> usize {
        self.cells.iter().filter(|c| **c == Known::Unknown).count()
    }
}

/// Finds squares the knowledge proves free or mined: by single numbers if
/// that finds any, else by enumerating the groups against the mine count.
pub fn deduce(k: &Knowledge) -> Found {
    let found = single_numbers(k);
    if !found.is_empty() {
        return found;
    }
    enumerate(k)
}

/// One free square, proving mines on the way as needed; the lowest-numbered
/// such square, so the answer does not depend on the order of reasoning.
pub fn safe_square(k: &Knowledge) -> Result<usize, NoSafe> {
    let mut k = k.clone();
    loop {
        if k.covered_count() == 0 {
            return Err(NoSafe::Nothing);
        }
        let found = deduce(&k);
        if let Some(&i) = found.safe.iter().min() {
            return Ok(i);
        }
        if found.mines.is_empty() {
            return Err(if found.complete { NoSafe::Guess } else { NoSafe::GaveUp });
        }
        for i in found.mines {
            k.cells[i] = Known::Mine;
        }
    }
}

/// Whether `layout` can be cleared from the square `first` (which must be
/// free) by deduction alone, knowing the number of mines.
///
/// The numbers are worked through one at a time from a queue of those
/// whose surroundings changed, which is where nearly all the progress is
/// made; the whole field is enumerated only when the queue runs dry.
pub fn clears(layout: &Layout, first: usize) -> bool {
    let grid = layout.grid;
    let mut k = Knowledge::covered(grid, layout.mine_count());
    let free = grid.len() - layout.mine_count();
    let mut queue: Vec<usize> = Vec::new();
    let mut queued = vec![false; grid.len()];
    // Opens a square (and the flood behind a 0), queueing every number
    // around what changed.
    let reveal = |k: &mut Knowledge, queue: &mut Vec<usize>, queued: &mut [bool], i: usize| {
        let mut todo = vec![i];
        while let Some(j) = todo.pop() {
            if matches!(k.cells[j], Known::Number(_)) {
                continue;
            }
            let n = layout.number(j);
            k.cells[j] = Known::Number(n);
            for c in grid.block(j) {
                if !queued[c] {
                    queued[c] = true;
                    queue.push(c);
                }
            }
            if n == 0 {
                todo.extend(grid.neighbours(j).filter(|&c| k.cells[c] == Known::Unknown));
            }
        }
    };
    reveal(&mut k, &mut queue, &mut queued, first);
    loop {
        while let Some(i) = queue.pop() {
            queued[i] = false;
            let Some((covered, need)) = open_constraint(&k, i) else { continue };
            if need == 0 {
                for c in covered {
                    reveal(&mut k, &mut queue, &mut queued, c);
                }
            } else if need == covered.len() {
                for c in covered {
                    k.cells[c] = Known::Mine;
                    for n in grid.neighbours(c) {
                        if !queued[n] {
                            queued[n] = true;
                            queue.push(n);
                        }
                    }
                }
            }
        }
        let opened = k.cells.iter().filter(|c| matches!(c, Known::Number(_))).count();
        if opened == free {
            return true;
        }
        let found = enumerate(&k);
        if found.is_empty() {
            return false;
        }
        for i in found.mines {
            k.cells[i] = Known::Mine;
            for n in grid.neighbours(i) {
                if !queued[n] {
                    queued[n] = true;
                    queue.push(n);
                }
            }
        }
        for i in found.safe {
            reveal(&mut k, &mut queue, &mut queued, i);
        }
    }
}

/// The covered squares around `i`, and the mines it still lacks.
fn open_constraint(k: &Knowledge, i: usize) -> Option<Constraint> {
    let Known::Number(n) = k.cells[i] else { return None };
    let mut covered = Vec::new();
    let mut mines = 0;
    for j in k.grid.neighbours(i) {
        match k.cells[j] {
            Known::Unknown => covered.push(j),
            Known::Mine => mines += 1,
            Known::Number(_) => {}
        }
    }
    (!covered.is_empty()).then(|| (covered, usize::from(n).saturating_sub(mines)))
}

/// Each number by itself.
fn single_numbers(k: &Knowledge) -> Found {
    let mut safe = vec![false; k.grid.len()];
    let mut mine = vec![false; k.grid.len()];
    for i in 0..k.grid.len() {
        let Some((covered, need)) = open_constraint(k, i) else { continue };
        if need == 0 {
            covered.iter().for_each(|&j| safe[j] = true);
        } else if need == covered.len() {
            covered.iter().for_each(|&j| mine[j] = true);
        }
    }
    let pick = |flags: &[bool]| flags.iter().enumerate().filter(|f| *f.1).map(|f| f.0).collect();
    Found { safe: pick(&safe), mines: pick(&mine), complete: true }
}

/// A set of squares as bits.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Bits(Vec<u64>);

impl Bits {
    fn new(len: usize) -> Bits {
        Bits(vec![0; len.div_ceil(64)])
    }

    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    fn has(&self, i: usize) -> bool {
        self.0[i / 64] & (1 << (i % 64)) != 0
    }
}

/// A group of covered squares tied together by numbers, and what its
/// enumeration found for each possible count of mines in it.
struct Group {
    /// The squares, as field indices, in enumeration order.
    cells: Vec<usize>,
    /// For each count of mines (index), if some assignment has that count:
    /// the squares mined in some such assignment, and those free in some.
    by_count: Vec<Option<(Bits, Bits)>>,
    /// The enumeration gave up: any count is possible, nothing is known.
    gave_up: bool,
}

impl Group {
    fn counts(&self) -> Vec<usize> {
        if self.gave_up {
            return (0..=self.cells.len()).collect();
        }
        self.by_count.iter().enumerate().filter(|c| c.1.is_some()).map(|c| c.0).collect()
    }
}

/// A number's covered squares and the mines it still lacks among them.
type Constraint = (Vec<usize>, usize);

/// The numbers next to covered squares, with the squares they touch and
/// the mines they lack, grouped by shared squares.
fn groups(k: &Knowledge) -> Vec<(Vec<usize>, Vec<Constraint>)> {
    let constraints: Vec<Constraint> = (0..k.grid.len()).filter_map(|i| open_constraint(k, i)).collect();
    // Union-find over constraints, joined through the squares they share.
    let mut parent: Vec<usize> = (0..constraints.len()).collect();
    fn root(parent: &mut [usize], mut a: usize) -> usize {
        while parent[a] != a {
            parent[a] = parent[parent[a]];
            a = parent[a];
        }
        a
    }
    let mut owner = vec![usize::MAX; k.grid.len()];
    for (c, (cells, _)) in constraints.iter().enumerate() {
        for &cell in cells {
            if owner[cell] == usize::MAX {
                owner[cell] = c;
            } else {
                let (a, b) = (root(&mut parent, owner[cell]), root(&mut parent, c));
                parent[a] = b;
            }
        }
    }
    let mut by_root: Vec<Vec<usize>> = vec![Vec::new(); constraints.len()];
    for c in 0..constraints.len() {
        let r = root(&mut parent, c);
        by_root[r].push(c);
    }
    by_root
        .into_iter()
        .filter(|g| !g.is_empty())
        .map(|members| {
            // Squares in the order the constraints reach them, so each
            // constraint fills up early and prunes the search.
            let mut cells = Vec::new();
            let mut seen = std::collections::HashSet::new();
            for &c in &members {
                for &cell in &constraints[c].0 {
                    if seen.insert(cell) {
                        cells.push(cell);
                    }
                }
            }
            (cells, members.into_iter().map(|c| constraints[c].clone()).collect())
        })
        .collect()
}

/// Enumerates one group's assignments.
fn enumerate_group(cells: Vec<usize>, constraints: &[Constraint]) -> Group {
    let n = cells.len();
    let local = |cell: usize| cells.iter().position(|&c| c == cell).expect("constraint squares are in the group");
    let cons: Vec<Constraint> =
        constraints.iter().map(|(cs, need)| (cs.iter().map(|&c| local(c)).collect(), *need)).collect();
    // For each square, the constraints it is in; each constraint's mines
    // placed so far and squares still open.
    let mut of_cell: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (ci, (cs, _)) in cons.iter().enumerate() {
        for &c in cs {
            of_cell[c].push(ci);
        }
    }
    let mut search = Search {
        cons: &cons,
        of_cell: &of_cell,
        placed: vec![0; cons.len()],
        open: cons.iter().map(|c| c.0.len()).collect(),
        value: vec![false; n],
        by_count: vec![None; n + 1],
        steps: 0,
    };
    let finished = search.run(0, 0);
    Group { cells, by_count: search.by_count, gave_up: !finished }
}

struct Search<'a> {
    cons: &'a [Constraint],
    of_cell: &'a [Vec<usize>],
    placed: Vec<usize>,
    open: Vec<usize>,
    value: Vec<bool>,
    by_count: Vec<Option<(Bits, Bits)>>,
    steps: u64,
}

impl Search<'_> {
    /// Assigns square `at` onwards; false if the budget ran out.
    fn run(&mut self, at: usize, mines: usize) -> bool {
        self.steps += 1;
        if self.steps > GROUP_BUDGET {
            return false;
        }
        if at == self.value.len() {
            let n = self.value.len();
            let (mined, free) = self.by_count[mines].get_or_insert_with(|| (Bits::new(n), Bits::new(n)));
            for (i, &v) in self.value.iter().enumerate() {
                if v { mined.set(i) } else { free.set(i) }
            }
            return true;
        }
        for mine in [false, true] {
            if self.fits(at, mine) {
                self.assign(at, mine, true);
                let ok = self.run(at + 1, mines + usize::from(mine));
                self.assign(at, mine, false);
                if !ok {
                    return false;
                }
            }
        }
        true
    }

    /// Whether square `at` may take `mine` with every constraint still
    /// satisfiable.
    fn fits(&self, at: usize, mine: bool) -> bool {
        self.of_cell[at].iter().all(|&c| {
            let need = self.cons[c].1;
            let placed = self.placed[c] + usize::from(mine);
            // The squares still open after this one must cover the rest.
            placed <= need && placed + self.open[c] > need
        })
    }

    fn assign(&mut self, at: usize, mine: bool, on: bool) {
        for &c in &self.of_cell[at] {
            if on {
                self.open[c] -= 1;
                self.placed[c] += usize::from(mine);
            } else {
                self.open[c] += 1;
                self.placed[c] -= usize::from(mine);
            }
        }
        self.value[at] = on && mine;
    }
}

/// The sums reachable by taking one count from each list, capped at `cap`.
fn sums(lists: &[Vec<usize>], cap: usize) -> Vec<bool> {
    let mut reach = vec![false; cap + 1];
    reach[0] = true;
    for list in lists {
        let mut next = vec![false; cap + 1];
        for (s, _) in reach.iter().enumerate().filter(|r| *r.1) {
            for &k in list {
                if s + k <= cap {
                    next[s + k] = true;
                }
            }
        }
        reach = next;
    }
    reach
}

/// Every group enumerated and weighed against the mine count.
fn enumerate(k: &Knowledge) -> Found {
    let proved = k.cells.iter().filter(|c| **c == Known::Mine).count();
    let left = k.total_mines.saturating_sub(proved);
    let groups: Vec<Group> = groups(k).into_iter().map(|(cells, cons)| enumerate_group(cells, &cons)).collect();
    let mut in_group = vec![false; k.grid.len()];
    groups.iter().flat_map(|g| &g.cells).for_each(|&c| in_group[c] = true);
    let far: Vec<usize> = (0..k.grid.len()).filter(|&i| k.cells[i] == Known::Unknown && !in_group[i]).collect();
    let counts: Vec<Vec<usize>> = groups.iter().map(Group::counts).collect();
    // A count is feasible for a group when the other groups can make up a
    // sum that leaves between 0 and |far| mines for the far squares.
    let fits_far = |rest: usize| rest <= far.len();
    let mut found = Found { complete: groups.iter().all(|g| !g.gave_up), ..Found::default() };
    for (gi, g) in groups.iter().enumerate() {
        if g.gave_up {
            continue;
        }
        let others: Vec<Vec<usize>> =
            counts.iter().enumerate().filter(|(j, _)| *j != gi).map(|(_, c)| c.clone()).collect();
        let other_sums = sums(&others, left);
        let feasible: Vec<usize> = counts[gi]
            .iter()
            .copied()
            .filter(|&kc| {
                kc <= left
                    && other_sums.iter().enumerate().any(|(s, &r)| r && s + kc <= left && fits_far(left - s - kc))
            })
            .collect();
        if feasible.is_empty() {
            continue;
        }
        for (local, &cell) in g.cells.iter().enumerate() {
            let (mut ever_mined, mut ever_free) = (false, false);
            for &kc in &feasible {
                let (mined, free) = g.by_count[kc].as_ref().expect("feasible counts have assignments");
                ever_mined |= mined.has(local);
                ever_free |= free.has(local);
            }
            if !ever_mined {
                found.safe.push(cell);
            } else if !ever_free {
                found.mines.push(cell);
            }
        }
    }
    if !far.is_empty() {
        let totals = sums(&counts, left);
        let far_counts: Vec<usize> =
            totals.iter().enumerate().filter(|(s, r)| **r && fits_far(left - s)).map(|(s, _)| left - s).collect();
        if !far_counts.is_empty() && far_counts.iter().all(|&c| c == 0) {
            found.safe.extend(&far);
        } else if !far_counts.is_empty() && far_counts.iter().all(|&c| c == far.len()) {
            found.mines.extend(&far);
        }
    }
    found.safe.sort_unstable();
    found.mines.sort_unstable();
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn knowledge(picture: &str, total: usize) -> Knowledge {
        // `#` covered, `F` a proved mine, digits uncovered numbers.
        let rows: Vec<&str> = picture.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        let grid = Grid::new(rows[0].len(), rows.len());
        let cells = rows
            .iter()
            .flat_map(|r| r.chars())
            .map(|c| match c {
                '#' => Known::Unknown,
                'F' => Known::Mine,
                d => Known::Number(d.to_digit(10).unwrap() as u8),
            })
            .collect();
        Knowledge { grid, total_mines: total, cells }
    }

    #[test]
    fn a_satisfied_number_frees_its_neighbours() {
        let k = knowledge("1F#\n11#\n###\n", 1);
        let found = deduce(&k);
        assert!(found.safe.contains(&2) && found.safe.contains(&5));
        assert!(found.mines.is_empty());
    }

    #[test]
    fn a_number_with_as_many_covered_squares_as_mines_marks_them() {
        // The corner 3 touches exactly three covered squares.
        let k = knowledge("3#\n##\n", 3);
        assert_eq!(deduce(&k).mines, vec![1, 2, 3]);
    }

    #[test]
    fn the_one_two_one_pattern_needs_the_numbers_together() {
        // 1 2 1 over three covered squares: no number alone decides, but
        // together they put mines under the 1s' outer squares only.
        let k = knowledge("121\n###\n", 2);
        let found = deduce(&k);
        assert!(found.complete);
        assert_eq!(found.mines, vec![3, 5]);
        assert_eq!(found.safe, vec![4]);
    }

    #[test]
    fn two_numbers_sharing_squares_free_the_rest() {
        // The left 1 puts its mine on 3 or 4; the right 1 sees those too,
        // so its other squares 2 and 5 are free.
        let k = knowledge("11#\n###\n", 1);
        assert_eq!(deduce(&k).safe, vec![2, 5]);
    }

    #[test]
    fn the_mine_count_frees_the_squares_far_from_numbers() {
        // The one mine is among the 1's three squares, so the others are free.
        let k = knowledge("1##\n###\n###\n", 1);
        assert_eq!(deduce(&k).safe, vec![2, 5, 6, 7, 8]);
    }

    #[test]
    fn a_true_fifty_fifty_is_a_guess() {
        let k = knowledge("11\n##\n", 1);
        assert_eq!(safe_square(&k), Err(NoSafe::Guess));
        // In a single column the 1 sees one square only: a mine, and the
        // square past it is free.
        let k = knowledge("1\n#\n#\n", 1);
        assert_eq!(safe_square(&k), Ok(2));
    }

    #[test]
    fn proved_mines_lead_on_to_free_squares() {
        // The 3 in the corner proves three mines; then the 3 total is used
        // up and the far square is free.
        let k = knowledge("3##\n###\n", 3);
        assert_eq!(safe_square(&k), Ok(2));
    }

    #[test]
    fn a_board_with_an_unavoidable_guess_does_not_clear() {
        // Two mines side by side in a corner, seen only by equal numbers.
        let l = Layout::from_picture("*.........\n*.........\n..........\n").unwrap();
        // From the far corner the wall column is a clear deduction.
        assert!(clears(&l, 29));
        let fifty = Layout::from_picture("*.\n.*\n..\n..\n").unwrap();
        assert!(!clears(&fifty, 7));
    }

    #[test]
    fn opening_a_zero_floods() {
        let l = Layout::from_picture("....\n....\n...*\n").unwrap();
        let mut k = Knowledge::covered(l.grid, 1);
        k.open(&l, 0);
        assert_eq!(k.covered_count(), 1, "everything but the mine opens");
        assert_eq!(k.cells[6], Known::Number(1));
    }
}
