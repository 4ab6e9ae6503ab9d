//! Peg solitaire rules on a board's element grid: a stone jumps over an
//! adjacent stone (orthogonally, and diagonally on Diagonal boards) into an
//! empty slot two steps away; the jumped stone is removed and scores its
//! colour's points.

use std::fmt;

use crate::core::{Game, Refusal, Status, Variant, fnv1a64};

use super::board::{Board, Cell, Stone};
use super::solver::{self, Verdict};

/// Positions a hint may search: well under a second in a debug build.
pub const HINT_LIMIT: u64 = 300_000;

/// A jump from one element to another two steps away, as `d2-d4`
/// (column letter, row number from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Jump {
    pub from: (usize, usize),
    pub to: (usize, usize),
}

fn square(rc: (usize, usize)) -> String {
    format!("{}{}", (b'a' + rc.1 as u8) as char, rc.0 + 1)
}

fn parse_square(text: &str) -> Option<(usize, usize)> {
    let mut chars = text.chars();
    let col = chars.next()?.to_ascii_lowercase();
    if !col.is_ascii_lowercase() {
        return None;
    }
    let row: usize = chars.as_str().parse().ok()?;
    (row >= 1).then(|| (row - 1, (col as u8 - b'a') as usize))
}

impl fmt::Display for Jump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", square(self.from), square(self.to))
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// One stone left, in the target slot.
    InTarget(Stone),
    /// One stone left, not in the target.
    OutsideTarget,
    /// One stone left on a board without a target.
    OneLeft,
    /// No jump remains and several stones are left.
    Stuck(usize),
}

/// A position: the board's cells as play left them, and the points scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pegs {
    board: Board,
    score: u32,
}

impl Pegs {
    pub fn new(board: Board) -> Pegs {
        Pegs { board, score: 0 }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn stones(&self) -> usize {
        self.board.stones()
    }

    fn directions(&self) -> &'static [(i32, i32)] {
        const ORTHO: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
        const ALL: [(i32, i32); 8] = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)];
        if self.board.diagonal { &ALL } else { &ORTHO }
    }

    fn cell(&self, r: i32, c: i32) -> Option<Cell> {
        let b = &self.board;
        (r >= 0 && c >= 0 && (r as usize) < b.height && (c as usize) < b.width).then(|| b.cell(r as usize, c as usize))
    }

    /// Every legal jump, in row-major order of the jumping stone.
    pub fn jumps(&self) -> Vec<Jump> {
        let mut out = Vec::new();
        for r in 0..self.board.height {
            for c in 0..self.board.width {
                for &(dr, dc) in self.directions() {
                    let j = Jump { from: (r, c), to: ((r as i32 + 2 * dr) as usize, (c as i32 + 2 * dc) as usize) };
                    if r as i32 + 2 * dr >= 0 && c as i32 + 2 * dc >= 0 && self.why_not(&j).is_none() {
                        out.push(j);
                    }
                }
            }
        }
        out
    }

    fn why_not(&self, j: &Jump) -> Option<String> {
        let (fr, fc) = (j.from.0 as i32, j.from.1 as i32);
        let (tr, tc) = (j.to.0 as i32, j.to.1 as i32);
        let (dr, dc) = (tr - fr, tc - fc);
        let straight = (dr.abs() == 2 && dc == 0) || (dc.abs() == 2 && dr == 0);
        let diagonal = dr.abs() == 2 && dc.abs() == 2;
        // Each refusal opens with a short clause before its colon, which
        // the Amiga's narrow title bar shows alone where the whole does
        // not fit.
        let (from, to) = (square(j.from), square(j.to));
        if !(straight || (diagonal && self.board.diagonal)) {
            return Some(if diagonal {
                format!("{from} to {to} is not a jump: this board allows no diagonal jumps.")
            } else {
                format!("{from} to {to} is not a jump: a jump goes two steps in a straight line.")
            });
        }
        match self.cell(fr, fc) {
            Some(Cell::Slot { stone: Some(_), .. }) => {}
            _ => return Some(format!("There is no stone at {from}.")),
        }
        let over = ((fr + dr / 2) as usize, (fc + dc / 2) as usize);
        match self.cell(fr + dr / 2, fc + dc / 2) {
            Some(Cell::Slot { stone: Some(_), .. }) => {}
            _ => {
                let over = square(over);
                return Some(format!("No stone to jump at {over}: a stone jumps only over another stone."));
            }
        }
        match self.cell(tr, tc) {
            Some(Cell::Slot { stone: None, .. }) => None,
            Some(Cell::Slot { stone: Some(_), .. }) => Some(format!("{} is not empty.", square(j.to))),
            _ => Some(format!("{} is not a slot.", square(j.to))),
        }
    }

    fn set(&mut self, (r, c): (usize, usize), stone: Option<Stone>) {
        let i = r * self.board.width + c;
        if let Cell::Slot { target, .. } = self.board.cells[i] {
            self.board.cells[i] = Cell::Slot { stone, target };
        }
    }

    /// How the game ended, once no jump remains.
    pub fn ending(&self) -> Option<Ending> {
        if !self.jumps().is_empty() {
            return None;
        }
        let stones: Vec<(Stone, bool)> = self
            .board
            .cells
            .iter()
            .filter_map(|c| match *c {
                Cell::Slot { stone: Some(s), target } => Some((s, target)),
                _ => None,
            })
            .collect();
        Some(match stones.as_slice() {
            [(s, true)] => Ending::InTarget(*s),
            [_] if self.board.has_target() => Ending::OutsideTarget,
            [_] => Ending::OneLeft,
            many => Ending::Stuck(many.len()),
        })
    }
}

impl Game for Pegs {
    type Move = Jump;

    fn parse_move(&self, text: &str) -> Result<Jump, String> {
        let (a, b) = text.split_once('-').ok_or_else(|| format!("`{text}` is not a jump: write it like d2-d4"))?;
        match (parse_square(a.trim()), parse_square(b.trim())) {
            (Some(from), Some(to)) => Ok(Jump { from, to }),
            _ => Err(format!("`{text}` is not a jump: write it like d2-d4")),
        }
    }

    fn move_text(&self, m: &Jump) -> String {
        m.to_string()
    }

    fn check(&self, m: &Jump) -> Result<(), Refusal> {
        self.why_not(m).map_or(Ok(()), |r| Err(Refusal::new(r)))
    }

    fn apply(&mut self, m: &Jump) {
        let over = ((m.from.0 + m.to.0) / 2, (m.from.1 + m.to.1) / 2);
        if let Cell::Slot { stone: Some(jumped), .. } = self.board.cell(over.0, over.1) {
            self.score += jumped.points();
        }
        let Cell::Slot { stone, .. } = self.board.cell(m.from.0, m.from.1) else { return };
        self.set(m.from, None);
        self.set(over, None);
        self.set(m.to, stone);
    }

    fn status(&self) -> Status {
        match self.ending() {
            None => Status::Playing,
            Some(Ending::InTarget(_) | Ending::OneLeft) => Status::Won,
            Some(_) => Status::Lost,
        }
    }

    fn score(&self) -> i64 {
        i64::from(self.score)
    }

    /// The next jump of a solution from here, if the solver finds one
    /// within [`HINT_LIMIT`] positions.
    fn hint(&self) -> Option<Jump> {
        match solver::solve(self, Some(HINT_LIMIT)).verdict {
            Verdict::Solvable(jumps) => jumps.first().copied(),
            Verdict::Unsolvable | Verdict::GaveUp | Verdict::TooLarge => None,
        }
    }
}

/// A board file as a game: its id is the board's name, its hash the file's.
#[derive(Clone, Debug)]
pub struct BoardVariant {
    pub id: String,
    pub board: Board,
    pub hash: u64,
}

impl BoardVariant {
    pub fn new(id: &str, bytes: &[u8], board: Board) -> BoardVariant {
        BoardVariant { id: id.to_string(), board, hash: fnv1a64(bytes) }
    }
}

impl Variant for BoardVariant {
    type Game = Pegs;

    fn id(&self) -> &str {
        &self.id
    }

    fn content_hash(&self) -> u64 {
        self.hash
    }

    fn options(&self) -> String {
        String::new()
    }

    fn with_options(&self, options: &str) -> Result<Self, String> {
        if options.is_empty() { Ok(self.clone()) } else { Err(format!("peg boards take no options, not `{options}`")) }
    }

    /// A board has one start, whatever the seed.
    fn deal(&self, _seed: u64) -> Pegs {
        Pegs::new(self.board.clone())
    }

    fn deals_alike(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Session;

    fn game(text: &str) -> Pegs {
        Pegs::new(Board::parse("t.brd", text.as_bytes()).unwrap())
    }

    #[test]
    fn a_jump_removes_the_jumped_stone_and_scores_it() {
        let mut g = game("Version 2\nMode: Normal\nr g e\n");
        let j = g.parse_move("a1-c1").unwrap();
        assert!(g.check(&j).is_ok());
        g.apply(&j);
        assert_eq!(g.score(), 10);
        assert_eq!(g.stones(), 1);
        assert_eq!(g.status(), Status::Won);
        assert_eq!(g.ending(), Some(Ending::OneLeft));
    }

    #[test]
    fn refusals_say_why() {
        let g = game("Version 2\nMode: Normal\ny y e\ne * e\ny e e\n");
        let r = |t: &str| g.check(&g.parse_move(t).unwrap()).unwrap_err().reason().to_string();
        assert!(r("a1-c3").contains("diagonal"));
        assert!(r("a3-c3").contains("over another stone"));
        assert!(r("b1-b3").contains("not a slot") || r("b1-b3").contains("over another stone"));
        assert!(r("c1-a1").contains("no stone"));
        assert_eq!(r("a1-b1"), "a1 to b1 is not a jump: a jump goes two steps in a straight line.");
        // What comes before a colon is short enough for the Amiga PAL
        // title bar beside its figures, where the whole is not.
        for t in ["a1-c3", "a3-c3", "b1-b3", "c1-a1", "a1-b1"] {
            let opening = r(t).split(": ").next().unwrap().to_string();
            assert!(opening.len() <= 24, "{opening}");
        }
    }

    #[test]
    fn diagonal_boards_allow_diagonal_jumps_and_targets_decide_the_ending() {
        let full = game("Version 2\nmode: diagonal\ny e e\ne y e\ne e G\n");
        assert!(full.check(&full.parse_move("a1-c3").unwrap()).is_err(), "c3 holds a stone");
        let mut g = game("Version 2\nmode: diagonal\ny e e\ne y e\ne e E\n");
        g.apply(&g.parse_move("a1-c3").unwrap());
        assert_eq!(g.ending(), Some(Ending::InTarget(Stone::Yellow)));
        let mut outside = game("Version 2\nmode: normal\ny y e E\n");
        outside.apply(&outside.parse_move("a1-c1").unwrap());
        assert_eq!(outside.ending(), Some(Ending::OutsideTarget));
        assert_eq!(outside.status(), Status::Lost);
    }

    #[test]
    fn undo_restores_the_board_through_the_session() {
        let text = "Version 2\nMode: Normal\n* * y y y * *\n* * y y y * *\ny y y y y y y\ny y y E y y y\ny y y y y y y\n* * y y y * *\n* * y y y * *\n";
        let board = Board::parse("english.brd", text.as_bytes()).unwrap();
        let mut s = Session::new(BoardVariant::new("english", text.as_bytes(), board), 0);
        let start = s.state().clone();
        let first = s.state().jumps()[0];
        s.play(&first).unwrap();
        assert_eq!(s.state().stones(), 31);
        assert!(s.undo());
        assert_eq!(s.state(), &start);
        assert_eq!(start.jumps().len(), 4);
    }
}
