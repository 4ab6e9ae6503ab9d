//! The rules: the pusher walks onto free floor and pushes a single box one
//! square onward when the square behind it is free. The level is solved
//! when every box stands on a goal.
//!
//! A move is a path of one or more steps, written in LURD notation (`l`
//! `u` `r` `d`, upper case where a step pushes a box): one arrow key press
//! is one step, a click that walks the pusher somewhere is the whole walk,
//! so undo takes back what the player did in one go.

use std::fmt;
use std::sync::Arc;

use crate::core::{Game, Refusal, Status, Variant, fnv1a64};

use super::level::Level;

/// Paths longer than this are refused: no level needs more in one move,
/// and a move must fit a line of a save.
pub const MAX_PATH: usize = 100_000;

/// A direction of a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    Left,
    Up,
    Right,
    Down,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::Left, Dir::Up, Dir::Right, Dir::Down];

    /// Columns and rows one step moves.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::Left => (-1, 0),
            Dir::Up => (0, -1),
            Dir::Right => (1, 0),
            Dir::Down => (0, 1),
        }
    }

    /// The way in words: "left", "up".
    pub fn name(self) -> &'static str {
        match self {
            Dir::Left => "left",
            Dir::Up => "up",
            Dir::Right => "right",
            Dir::Down => "down",
        }
    }

    /// The LURD letter: lower case for a walk, upper case for a push.
    pub fn letter(self, push: bool) -> char {
        let c = match self {
            Dir::Left => 'l',
            Dir::Up => 'u',
            Dir::Right => 'r',
            Dir::Down => 'd',
        };
        if push { c.to_ascii_uppercase() } else { c }
    }

    /// Reads a LURD letter in either case.
    pub fn from_letter(c: char) -> Option<Dir> {
        match c.to_ascii_lowercase() {
            'l' => Some(Dir::Left),
            'u' => Some(Dir::Up),
            'r' => Some(Dir::Right),
            'd' => Some(Dir::Down),
            _ => None,
        }
    }
}

/// A move: the steps of one walk or push, in order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Path(pub Vec<Dir>);

/// Why a step cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blocked {
    /// The pusher would walk into a wall.
    Wall,
    /// The box would be pushed into a wall.
    BoxIntoWall,
    /// The box would be pushed into another box.
    BoxIntoBox,
}

impl fmt::Display for Blocked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Blocked::Wall => "a wall is in the way",
            Blocked::BoxIntoWall => "the can cannot go into the wall",
            Blocked::BoxIntoBox => "a can cannot push another can",
        })
    }
}

/// A level being played.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sokoban {
    level: Arc<Level>,
    /// One flag per square: a box stands there.
    boxes: Vec<bool>,
    player: usize,
    moves: u32,
    pushes: u32,
}

impl Sokoban {
    /// The level at its start.
    pub fn new(level: Arc<Level>) -> Sokoban {
        Sokoban { boxes: level.box_grid(), player: level.player, level, moves: 0, pushes: 0 }
    }

    pub fn level(&self) -> &Level {
        &self.level
    }

    pub fn player(&self) -> usize {
        self.player
    }

    pub fn has_box(&self, at: usize) -> bool {
        self.boxes[at]
    }

    pub fn boxes(&self) -> &[bool] {
        &self.boxes
    }

    /// Steps walked so far, pushes included.
    pub fn moves(&self) -> u32 {
        self.moves
    }

    pub fn pushes(&self) -> u32 {
        self.pushes
    }

    /// Boxes standing on goals.
    pub fn boxes_home(&self) -> usize {
        self.boxes.iter().enumerate().filter(|&(at, &b)| b && self.level.is_goal(at)).count()
    }

    pub fn is_solved(&self) -> bool {
        self.boxes.iter().enumerate().all(|(at, &b)| !b || self.level.is_goal(at))
    }

    /// Whether `at` is free for the pusher or a box (no wall, no box).
    pub fn is_free(&self, at: usize) -> bool {
        !self.level.is_wall(at) && !self.boxes[at]
    }

    /// What a step in `dir` would do: `Ok(true)` if it pushes a box.
    pub fn probe(&self, dir: Dir) -> Result<bool, Blocked> {
        let next = self.level.neighbour(self.player, dir.delta()).ok_or(Blocked::Wall)?;
        if self.level.is_wall(next) {
            return Err(Blocked::Wall);
        }
        if !self.boxes[next] {
            return Ok(false);
        }
        match self.level.neighbour(next, dir.delta()) {
            Some(beyond) if self.boxes[beyond] => Err(Blocked::BoxIntoBox),
            Some(beyond) if !self.level.is_wall(beyond) => Ok(true),
            _ => Err(Blocked::BoxIntoWall),
        }
    }

    /// Makes one step; returns whether it pushed.
    pub fn step(&mut self, dir: Dir) -> Result<bool, Blocked> {
        let push = self.probe(dir)?;
        let next = self.level.neighbour(self.player, dir.delta()).expect("probed");
        if push {
            let beyond = self.level.neighbour(next, dir.delta()).expect("probed");
            self.boxes[next] = false;
            self.boxes[beyond] = true;
            self.pushes += 1;
        }
        self.player = next;
        self.moves += 1;
        Ok(push)
    }

    /// The shortest walk (no pushes) from the pusher to `to`, if `to` can
    /// be reached; empty if the pusher is there already.
    pub fn walk_to(&self, to: usize) -> Option<Vec<Dir>> {
        if to >= self.boxes.len() || !self.is_free(to) && to != self.player {
            return None;
        }
        let n = self.boxes.len();
        let mut came: Vec<Option<Dir>> = vec![None; n];
        let mut seen = vec![false; n];
        let mut queue = std::collections::VecDeque::from([self.player]);
        seen[self.player] = true;
        while let Some(at) = queue.pop_front() {
            if at == to {
                let mut path = Vec::new();
                let mut cur = at;
                while let Some(d) = came[cur] {
                    path.push(d);
                    let (dx, dy) = d.delta();
                    cur = self.level.neighbour(cur, (-dx, -dy)).expect("came from there");
                }
                path.reverse();
                return Some(path);
            }
            for d in Dir::ALL {
                if let Some(next) = self.level.neighbour(at, d.delta())
                    && !seen[next]
                    && self.is_free(next)
                {
                    seen[next] = true;
                    came[next] = Some(d);
                    queue.push_back(next);
                }
            }
        }
        None
    }

    /// The LURD text of `steps` made from here (upper case for pushes),
    /// or the first step that cannot be made (0-based) and why.
    pub fn lurd(&self, steps: &[Dir]) -> Result<String, (usize, Blocked)> {
        let mut scratch = self.clone();
        steps.iter().enumerate().map(|(i, &d)| scratch.step(d).map(|push| d.letter(push)).map_err(|b| (i, b))).collect()
    }
}

/// Reads LURD text (either case) into steps; the error names the first
/// character that is not a direction.
pub fn parse_lurd(text: &str) -> Result<Vec<Dir>, String> {
    text.chars()
        .enumerate()
        .map(|(i, c)| {
            Dir::from_letter(c).ok_or_else(|| format!("`{c}` (character {}) is not one of l, u, r, d", i + 1))
        })
        .collect()
}

impl Game for Sokoban {
    type Move = Path;

    fn parse_move(&self, text: &str) -> Result<Path, String> {
        if text.is_empty() {
            return Err("a move is one or more of l, u, r, d".into());
        }
        if text.len() > MAX_PATH {
            return Err(format!("a move has at most {MAX_PATH} steps"));
        }
        parse_lurd(text).map(Path)
    }

    fn move_text(&self, m: &Path) -> String {
        // Steps that cannot be made are written plainly; `check` refuses them.
        let mut scratch = self.clone();
        m.0.iter().map(|&d| d.letter(scratch.step(d).unwrap_or(false))).collect()
    }

    /// "walk 2 left and 1 up, then push right": runs of steps one way, the
    /// walks and the pushes apart.
    fn describe_move(&self, m: &Path) -> String {
        // The LURD text knows which steps push (upper case).
        let steps: Vec<(Dir, bool)> =
            self.move_text(m).chars().filter_map(|c| Some((Dir::from_letter(c)?, c.is_ascii_uppercase()))).collect();
        let mut parts: Vec<(bool, Vec<(usize, Dir)>)> = Vec::new();
        for run in steps.chunk_by(|a, b| a == b) {
            let (dir, push) = run[0];
            match parts.last_mut() {
                Some((p, runs)) if *p == push => runs.push((run.len(), dir)),
                _ => parts.push((push, vec![(run.len(), dir)])),
            }
        }
        let parts: Vec<String> = parts
            .iter()
            .map(|(push, runs)| format!("{} {}", if *push { "push" } else { "walk" }, runs_in_words(runs)))
            .collect();
        parts.join(", then ")
    }

    fn check(&self, m: &Path) -> Result<(), Refusal> {
        if m.0.is_empty() || m.0.len() > MAX_PATH {
            return Err(Refusal::new("A move is one step or more."));
        }
        // A solved level is over, as every finished game is: a push after
        // the win would take a can off its goal under the win's figures.
        if self.is_solved() {
            return Err(Refusal::new("The level is solved."));
        }
        self.lurd(&m.0).map(|_| ()).map_err(|(i, why)| {
            let at = if m.0.len() > 1 { format!(" (step {})", i + 1) } else { String::new() };
            let mut why = why.to_string();
            why[..1].make_ascii_uppercase();
            Refusal::new(format!("{why}{at}."))
        })
    }

    fn apply(&mut self, m: &Path) {
        for &d in &m.0 {
            // Only checked moves arrive here.
            let _ = self.step(d);
        }
    }

    fn status(&self) -> Status {
        if self.is_solved() { Status::Won } else { Status::Playing }
    }

    fn score(&self) -> i64 {
        self.boxes_home() as i64
    }
}

/// One level of one set, as a variant: its id names the set and the
/// level's number.
#[derive(Clone, Debug)]
pub struct LevelVariant {
    pub id: String,
    pub level: Arc<Level>,
}

impl LevelVariant {
    pub fn new(id: &str, level: Level) -> LevelVariant {
        LevelVariant { id: id.to_string(), level: Arc::new(level) }
    }
}

impl Variant for LevelVariant {
    type Game = Sokoban;

    fn id(&self) -> &str {
        &self.id
    }

    /// The board's squares: a save of another board at this number is
    /// refused. Titles and solutions do not count.
    fn content_hash(&self) -> u64 {
        let l = &self.level;
        fnv1a64(l.rows(&l.box_grid(), l.player).join("\n").as_bytes())
    }

    fn options(&self) -> String {
        String::new()
    }

    fn with_options(&self, options: &str) -> Result<Self, String> {
        if options.is_empty() { Ok(self.clone()) } else { Err("Sokoban has no options".into()) }
    }

    /// Every seed gives the level as drawn.
    fn deal(&self, _seed: u64) -> Sokoban {
        Sokoban::new(self.level.clone())
    }

    fn deals_alike(&self) -> bool {
        true
    }
}

/// Runs of steps as words: "down and right" where each is one step;
/// where any is more, every run is counted ("71 left, 47 up and 1 left"),
/// since "47 up and left" reads as one diagonal walk.
fn runs_in_words(runs: &[(usize, Dir)]) -> String {
    let counted = runs.iter().any(|&(n, _)| n > 1);
    let words: Vec<String> = runs
        .iter()
        .map(|&(n, dir)| if counted { format!("{n} {}", dir.name()) } else { dir.name().to_string() })
        .collect();
    crate::core::and_list(&words)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sokoban::level::parse_set;

    pub fn level(text: &str) -> Arc<Level> {
        Arc::new(parse_set(std::path::Path::new("t.xsb"), text.as_bytes()).levels.remove(0).unwrap())
    }

    const ROOM: &str = "#######\n#@ $ .#\n#  $ .#\n#     #\n#######\n";

    #[test]
    fn walks_and_pushes_in_lurd() {
        let mut g = Sokoban::new(level(ROOM));
        let m = g.parse_move("rRR").unwrap();
        assert_eq!(g.move_text(&m), "rRR");
        g.check(&m).unwrap();
        g.apply(&m);
        assert_eq!((g.moves(), g.pushes()), (3, 2));
        assert_eq!(g.boxes_home(), 1);
        assert_eq!(g.status(), Status::Playing);
        // A lower-case push reads back upper case.
        let m = g.parse_move("lldrr").unwrap();
        assert_eq!(g.move_text(&m), "lldRR");
        g.apply(&m);
        assert!(g.is_solved());
        assert_eq!(g.status(), Status::Won);
        // A solved level takes no more moves.
        assert_eq!(g.check(&g.parse_move("l").unwrap()).unwrap_err().reason(), "The level is solved.");
    }

    #[test]
    fn a_move_in_words_counts_its_runs() {
        let g = Sokoban::new(level(ROOM));
        assert_eq!(g.describe_move(&g.parse_move("rRR").unwrap()), "walk right, then push 2 right");
        assert_eq!(
            g.describe_move(&g.parse_move("drRRl").unwrap()),
            "walk down and right, then push 2 right, then walk left"
        );
        // Once one run is counted, all are: "2 up and left" would read as
        // a walk up and to the left.
        assert_eq!(g.describe_move(&g.parse_move("llluul").unwrap()), "walk 3 left, 2 up and 1 left");
    }

    #[test]
    fn refusals_say_why() {
        let g = Sokoban::new(level(ROOM));
        assert_eq!(g.check(&Path(vec![Dir::Up])).unwrap_err().reason(), "A wall is in the way.");
        let mut g2 = g.clone();
        g2.apply(&g.parse_move("rRR").unwrap());
        assert_eq!(g2.check(&Path(vec![Dir::Right])).unwrap_err().reason(), "The can cannot go into the wall.");
        let stacked = Sokoban::new(level("#######\n#@$$ .#\n#    .#\n#######\n"));
        assert_eq!(
            stacked.check(&stacked.parse_move("lrR").unwrap()).unwrap_err().reason(),
            "A wall is in the way (step 1)."
        );
        assert_eq!(stacked.check(&Path(vec![Dir::Right])).unwrap_err().reason(), "A can cannot push another can.");
        assert!(g.parse_move("rx").unwrap_err().contains("`x` (character 2)"));
        assert!(g.parse_move("").is_err());
    }

    #[test]
    fn walks_find_the_shortest_way_round_boxes() {
        let g = Sokoban::new(level(ROOM));
        let w = g.level().width;
        let target = 2 * w + 4;
        let path = g.walk_to(target).unwrap();
        assert_eq!(path.len(), 6, "{path:?}");
        assert!(g.lurd(&path).unwrap().chars().all(|c| c.is_ascii_lowercase()), "a walk never pushes");
        assert_eq!(g.walk_to(g.player()), Some(vec![]));
        assert_eq!(g.walk_to(w + 3), None, "a box is not floor to walk to");
        assert_eq!(g.walk_to(0), None);
    }

    #[test]
    fn the_variant_deals_the_level_and_hashes_its_squares() {
        let v = LevelVariant { id: "sokoban/t/1".into(), level: level(ROOM) };
        assert_eq!(v.deal(7), Sokoban::new(v.level.clone()));
        let other =
            LevelVariant { id: "sokoban/t/1".into(), level: level("#######\n#@ $ .#\n# $  .#\n#     #\n#######\n") };
        assert_ne!(v.content_hash(), other.content_hash());
    }
}
