//! Makes Parlour's own Sokoban levels: `cargo run --release --example
//! sokoban_levels` rewrites boards/sokoban/parlour.xsb.
//!
//! Each level starts as a random room (seeded, so every run writes the
//! same file) with its boxes standing on their goals. A breadth-first
//! search then pulls the boxes away from the goals, the reverse of
//! pushing, and the position that needs the most pulls to reach becomes
//! the level: the fewest pushes that solve it is exactly that count. Of
//! several rooms tried per level the hardest is kept. Parlour's own
//! solver (`games::sokoban::solver`) then solves every level forward, and
//! its solution is written with the level as a `Solution:` line, so each
//! level is known to be solvable and the tests replay every solution.

use std::collections::VecDeque;
use std::path::Path;

use parlour::core::GameRng;
use parlour::games::sokoban::level::parse_set;
use parlour::games::sokoban::rules::Sokoban;
use parlour::games::sokoban::solver::{Limits, Verdict, solve};
use rustc_hash::FxHashMap;

/// What each level is made of: interior width and height, boxes, rooms
/// tried. The list runs from easy to hard.
const PLAN: &[(usize, usize, usize, u64)] = &[
    (5, 4, 2, 40),
    (5, 5, 2, 40),
    (6, 4, 2, 40),
    (6, 5, 2, 40),
    (6, 5, 3, 40),
    (5, 6, 3, 40),
    (6, 6, 3, 40),
    (7, 5, 3, 40),
    (7, 6, 3, 40),
    (6, 7, 3, 40),
    (7, 6, 3, 40),
    (7, 7, 3, 30),
    (6, 6, 4, 30),
    (7, 6, 4, 30),
    (6, 7, 4, 30),
    (7, 7, 4, 24),
    (8, 6, 4, 24),
    (8, 7, 4, 20),
    (7, 8, 4, 20),
    (8, 8, 4, 16),
    (7, 7, 5, 12),
    (8, 7, 5, 10),
    (8, 8, 5, 8),
    (9, 8, 5, 6),
];

/// Room names, one per level.
const NAMES: [&str; 24] = [
    "Doorstep",
    "Larder",
    "Scullery",
    "Pantry",
    "Boot Room",
    "Coal Hole",
    "Cellar",
    "Landing",
    "Cloakroom",
    "Wash House",
    "Dairy",
    "Buttery",
    "Still Room",
    "Potting Shed",
    "Box Room",
    "Snug",
    "Morning Room",
    "Gun Room",
    "Garret",
    "Mews",
    "Coach House",
    "Bothy",
    "Long Gallery",
    "Attic",
];

/// A room: walls and floor in a grid with a wall border.
#[derive(Clone)]
struct Room {
    w: usize,
    h: usize,
    wall: Vec<bool>,
}

impl Room {
    fn neighbours(&self, at: usize) -> [usize; 4] {
        [at - 1, at + 1, at - self.w, at + self.w]
    }

    fn floor(&self) -> Vec<usize> {
        (0..self.w * self.h).filter(|&i| !self.wall[i]).collect()
    }

    /// Whether the floor is one connected piece.
    fn connected(&self) -> bool {
        let floor = self.floor();
        let Some(&first) = floor.first() else { return false };
        let mut seen = vec![false; self.wall.len()];
        let mut stack = vec![first];
        seen[first] = true;
        let mut count = 1;
        while let Some(at) = stack.pop() {
            for n in self.neighbours(at) {
                if !self.wall[n] && !seen[n] {
                    seen[n] = true;
                    count += 1;
                    stack.push(n);
                }
            }
        }
        count == floor.len()
    }
}

/// A random room of `iw` x `ih` floor squares inside its border: corners
/// cut away and single walls dropped inside, the floor kept in one piece
/// and without dead-end pockets of one square.
fn random_room(rng: &mut GameRng, iw: usize, ih: usize) -> Room {
    let (w, h) = (iw + 2, ih + 2);
    let mut wall = vec![false; w * h];
    for x in 0..w {
        wall[x] = true;
        wall[(h - 1) * w + x] = true;
    }
    for y in 0..h {
        wall[y * w] = true;
        wall[y * w + w - 1] = true;
    }
    let mut room = Room { w, h, wall };
    // Cut a block from some corners, for less boxy outlines.
    for corner in 0..4 {
        if rng.below(2) == 0 {
            continue;
        }
        let (cw, ch) = (1 + rng.below(2) as usize, 1 + rng.below(2) as usize);
        for dy in 0..ch {
            for dx in 0..cw {
                let x = if corner % 2 == 0 { 1 + dx } else { w - 2 - dx };
                let y = if corner / 2 == 0 { 1 + dy } else { h - 2 - dy };
                room.wall[y * w + x] = true;
            }
        }
    }
    let pillars = (iw * ih) / 6 + rng.below(3) as usize;
    for _ in 0..pillars * 4 {
        if room.floor().len() * 6 < iw * ih * 5 - pillars {
            break;
        }
        let at = (1 + rng.below(ih as u32) as usize) * w + 1 + rng.below(iw as u32) as usize;
        if room.wall[at] {
            continue;
        }
        room.wall[at] = true;
        if !room.connected() {
            room.wall[at] = false;
        }
    }
    // Fill pockets: floor squares with three walls around them.
    loop {
        let pocket =
            room.floor().into_iter().find(|&at| room.neighbours(at).iter().filter(|&&n| room.wall[n]).count() >= 3);
        match pocket {
            Some(at) => room.wall[at] = true,
            None => break,
        }
    }
    room
}

/// A position in the pulling search: box squares (sorted) and the first
/// square of the region the pusher stands in.
type Key = (Vec<u16>, u16);

/// The region the pusher can walk to from `from`, and its first square.
fn region(room: &Room, boxes: &[bool], from: usize) -> (Vec<bool>, u16) {
    let mut seen = vec![false; room.wall.len()];
    let mut stack = vec![from];
    seen[from] = true;
    let mut least = from;
    while let Some(at) = stack.pop() {
        least = least.min(at);
        for n in room.neighbours(at) {
            if !room.wall[n] && !boxes[n] && !seen[n] {
                seen[n] = true;
                stack.push(n);
            }
        }
    }
    (seen, least as u16)
}

/// The position farthest from solved, in pulls, with the pusher's square
/// and the number of pulls; `None` if the room is too big to search.
fn farthest(room: &Room, goals: &[usize]) -> Option<(Vec<u16>, usize, usize)> {
    const LIMIT: usize = 3_000_000;
    let n = room.wall.len();
    let mut solved = vec![false; n];
    for &g in goals {
        solved[g] = true;
    }
    let mut goal_boxes: Vec<u16> = goals.iter().map(|&g| g as u16).collect();
    goal_boxes.sort_unstable();
    // Start in every region the solved boxes leave.
    let mut seen: FxHashMap<Key, ()> = FxHashMap::default();
    let mut queue: VecDeque<(Vec<u16>, usize, usize)> = VecDeque::new();
    for p in room.floor() {
        if solved[p] {
            continue;
        }
        let (_, least) = region(room, &solved, p);
        if seen.insert((goal_boxes.clone(), least), ()).is_none() {
            queue.push_back((goal_boxes.clone(), p, 0));
        }
    }
    let mut best = None;
    let mut grid = vec![false; n];
    while let Some((boxes, player, depth)) = queue.pop_front() {
        if seen.len() > LIMIT {
            return None;
        }
        // Positions where a box already stands on a goal it never left
        // make dull levels; prefer those with every box moved.
        let all_moved = boxes.iter().all(|&b| !solved[b as usize]);
        if all_moved && best.as_ref().is_none_or(|(_, _, d)| depth >= *d) {
            best = Some((boxes.clone(), player, depth));
        }
        for &b in &boxes {
            grid[b as usize] = true;
        }
        let (reach, _) = region(room, &grid, player);
        for (k, &b) in boxes.iter().enumerate() {
            let b = b as usize;
            for d in [1isize, -1, room.w as isize, -(room.w as isize)] {
                // The pusher stands at p = b - d and steps back to p - d,
                // pulling the box onto p.
                let p = (b as isize - d) as usize;
                let back = (p as isize - d) as usize;
                if !reach[p] || room.wall[back] || grid[back] {
                    continue;
                }
                grid[b] = false;
                grid[p] = true;
                let (_, least) = region(room, &grid, back);
                grid[p] = false;
                grid[b] = true;
                let mut next = boxes.clone();
                next[k] = p as u16;
                next.sort_unstable();
                if seen.insert((next.clone(), least), ()).is_none() {
                    queue.push_back((next, back, depth + 1));
                }
            }
        }
        for &b in &boxes {
            grid[b as usize] = false;
        }
    }
    best
}

/// The XSB rows of a room with boxes, goals and the pusher.
fn xsb(room: &Room, boxes: &[u16], goals: &[usize], player: usize) -> Vec<String> {
    (0..room.h)
        .map(|y| {
            let row: String = (0..room.w)
                .map(|x| {
                    let at = y * room.w + x;
                    let (bx, goal) = (boxes.contains(&(at as u16)), goals.contains(&at));
                    match (room.wall[at], bx, goal, at == player) {
                        (true, ..) => '#',
                        (_, true, true, _) => '*',
                        (_, true, false, _) => '$',
                        (_, _, true, true) => '+',
                        (_, _, false, true) => '@',
                        (_, _, true, false) => '.',
                        _ => ' ',
                    }
                })
                .collect();
            row.trim_end().to_string()
        })
        .collect()
}

/// Walls no floor touches (outside corners) read better as nothing.
fn trim_outside(room: &Room, rows: &mut [String]) {
    for (y, row) in rows.iter_mut().enumerate() {
        let chars: String = row
            .chars()
            .enumerate()
            .map(|(x, c)| {
                let at = y * room.w + x;
                let touches = [-1isize, 0, 1].iter().any(|&dy| {
                    [-1isize, 0, 1].iter().any(|&dx| {
                        let (nx, ny) = (x as isize + dx, y as isize + dy);
                        nx >= 0
                            && ny >= 0
                            && (nx as usize) < room.w
                            && (ny as usize) < room.h
                            && !room.wall[ny as usize * room.w + nx as usize]
                    })
                });
                if c == '#' && !touches && room.wall[at] { ' ' } else { c }
            })
            .collect();
        *row = chars.trim_end().to_string();
    }
}

/// One level: the hardest of `tries` rooms, as XSB rows with its pushes.
fn make_level(number: usize, (iw, ih, boxes, tries): (usize, usize, usize, u64)) -> (Vec<String>, usize) {
    let mut best: Option<(Vec<String>, usize)> = None;
    for attempt in 0..tries {
        let mut rng = GameRng::new(0x50b0 + number as u64 * 1000 + attempt);
        let room = random_room(&mut rng, iw, ih);
        let mut floor = room.floor();
        if floor.len() < boxes + 4 {
            continue;
        }
        rng.shuffle(&mut floor);
        let goals: Vec<usize> = floor[..boxes].to_vec();
        let Some((start, player, pulls)) = farthest(&room, &goals) else { continue };
        if best.as_ref().is_some_and(|(_, p)| pulls <= *p) {
            continue;
        }
        let mut rows = xsb(&room, &start, &goals, player);
        trim_outside(&room, &mut rows);
        while rows.first().is_some_and(String::is_empty) {
            rows.remove(0);
        }
        while rows.last().is_some_and(String::is_empty) {
            rows.pop();
        }
        best = Some((rows, pulls));
    }
    best.expect("some room works")
}

fn main() {
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("boards/sokoban/parlour.xsb");
    let mut text = String::from(
        "; Parlour: Sokoban levels of our own, made by examples/sokoban_levels.rs.\n\
         ; Each level's Solution: line was found by Parlour's solver and has the\n\
         ; fewest pushes possible; check one with\n\
         ;   parlour sokoban check boards/sokoban/parlour.xsb --level N --moves LURD\n\n",
    );
    for (i, &plan) in PLAN.iter().enumerate() {
        let (rows, pulls) = make_level(i, plan);
        let board = rows.join("\n");
        let parsed = parse_set(Path::new("generated"), board.as_bytes()).levels.remove(0).expect("a good level");
        let start = Sokoban::new(std::sync::Arc::new(parsed));
        let lurd = match solve(&start, &Limits::default()).verdict {
            Verdict::Solved { lurd, pushes } => {
                assert_eq!(pushes, pulls, "level {}: the solver and the puller disagree", i + 1);
                lurd
            }
            other => panic!("level {} cannot be solved: {other:?}", i + 1),
        };
        eprintln!("level {:2}: {} boxes, {pulls:3} pushes, {:4} moves", i + 1, plan.2, lurd.len());
        text.push_str(&format!("; {}\nTitle: {}\nAuthor: Parlour\n\n{board}\nSolution: {lurd}\n\n", i + 1, NAMES[i]));
    }
    std::fs::create_dir_all(out.parent().expect("a folder")).expect("the folder can be made");
    std::fs::write(&out, text).expect("the level file can be written");
    eprintln!("wrote {}", out.display());
}
