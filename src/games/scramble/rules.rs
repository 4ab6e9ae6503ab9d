//! Scramble, the sliding puzzle of Oberon System 3: `cols` x `rows`
//! pieces (2 x 2 to 6 x 6) with one removed. A move slides the piece at a
//! place, and every piece between it and the gap, into the gap: `slide
//! 3,2` names the piece's column and row from 1.
//!
//! A game is dealt by random moves of the gap, so it can always be solved,
//! and dealt again (more moves) should it come out solved. A game that
//! starts solved (after Change Size, as Scramble.ChangeSize leaves it) is
//! never won: the player scrambles it with New Game.

use crate::core::{Game, GameRng, Refusal, Status, Variant, fnv1a64};

use super::puzzle::{Dir, Puzzle};
use super::solver;

/// The smallest and largest number of pieces across and down.
pub const SIZE: (usize, usize) = (2, 6);

/// A side of the puzzle, `what` pieces (columns or rows) written as
/// `text`, as a number Scramble has, or why it is not one.
pub fn side_fits(what: &str, text: &str) -> Result<usize, String> {
    text.parse()
        .ok()
        .filter(|n| (SIZE.0..=SIZE.1).contains(n))
        .ok_or_else(|| format!("Scramble has {} to {} {what} of pieces, not {text}", SIZE.0, SIZE.1))
}

/// Gap moves per place when shuffling: enough to mix a 6 x 6 well.
const SHUFFLE_PER_PLACE: usize = 20;

/// A move: slide the piece at this place (and those between) into the gap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slide(pub usize);

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scramble {
    puzzle: Puzzle,
    /// Dealt shuffled (a game that can be won), not in order.
    shuffled: bool,
}

impl Scramble {
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    pub fn shuffled(&self) -> bool {
        self.shuffled
    }

    /// The slide a step of the gap makes.
    pub fn step(&self, d: Dir) -> Option<Slide> {
        self.puzzle.beside_gap(d).map(Slide)
    }

    fn place_name(&self, at: usize) -> String {
        let (x, y) = self.puzzle.xy(at);
        format!("{},{}", x + 1, y + 1)
    }
}

impl Game for Scramble {
    type Move = Slide;

    fn parse_move(&self, text: &str) -> Result<Slide, String> {
        let bad =
            || format!("{text:?} is not a move: write slide and the piece's column and row from 1, e.g. slide 3,2");
        let place = text.trim().strip_prefix("slide ").ok_or_else(bad)?;
        let (x, y) = place.split_once(',').ok_or_else(bad)?;
        let (x, y): (usize, usize) = (x.trim().parse().map_err(|_| bad())?, y.trim().parse().map_err(|_| bad())?);
        let p = &self.puzzle;
        if x == 0 || y == 0 || x > p.cols || y > p.rows {
            return Err(format!("{text:?} is off the puzzle: it has {} columns and {} rows", p.cols, p.rows));
        }
        Ok(Slide(p.index(x - 1, y - 1)))
    }

    fn move_text(&self, m: &Slide) -> String {
        format!("slide {}", self.place_name(m.0))
    }

    /// The piece by its number and the way it goes ("slide piece 7
    /// down"): "3,2" leaves a player guessing which is the column, and
    /// the picture side shows no places; the piece is framed as well.
    fn describe_move(&self, m: &Slide) -> String {
        let piece = self.puzzle.tiles().get(m.0).copied().unwrap_or(0);
        let way = match self.puzzle.slide_steps(m.0) {
            // The gap goes one way, the pieces the other.
            Some((gap_goes, pieces)) => {
                let way = match gap_goes.opposite() {
                    Dir::Up => "up",
                    Dir::Down => "down",
                    Dir::Left => "left",
                    Dir::Right => "right",
                };
                match pieces {
                    1 => way.to_string(),
                    2 => format!("{way} with the one in front of it"),
                    n => format!("{way} with the {} pieces in front of it", n - 1),
                }
            }
            None => return self.move_text(m),
        };
        format!("slide piece {piece} {way}")
    }

    fn check(&self, m: &Slide) -> Result<(), Refusal> {
        if m.0 >= self.puzzle.len() {
            return Err(Refusal::new("That place is off the puzzle."));
        }
        if self.status() == Status::Won {
            return Err(Refusal::new("The puzzle is solved: choose New Game to scramble it again."));
        }
        if m.0 == self.puzzle.gap() {
            return Err(Refusal::new("That is the gap: click a piece in its row or column."));
        }
        match self.puzzle.slide_steps(m.0) {
            Some(_) => Ok(()),
            None => Err(Refusal::new(format!(
                "The piece at {} cannot slide: it is not in line with the gap.",
                self.place_name(m.0)
            ))),
        }
    }

    fn apply(&mut self, m: &Slide) {
        if let Some((d, n)) = self.puzzle.slide_steps(m.0) {
            for _ in 0..n {
                self.puzzle.shift(d);
            }
        }
    }

    fn status(&self) -> Status {
        if self.shuffled && self.puzzle.is_solved() { Status::Won } else { Status::Playing }
    }

    /// The pieces at home.
    fn score(&self) -> i64 {
        (0..self.puzzle.len())
            .filter(|&i| self.puzzle.tile(i) != 0 && self.puzzle.home(self.puzzle.tile(i)) == i)
            .count() as i64
    }

    fn hint(&self) -> Option<Slide> {
        solver::solve(&self.puzzle).steps.first().and_then(|&d| self.step(d))
    }
}

/// Scramble at one size, dealt shuffled or (after Change Size) solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScrambleVariant {
    cols: usize,
    rows: usize,
    solved_start: bool,
    id: String,
}

const RULES: &[u8] = b"parlour scramble rules 1";

impl ScrambleVariant {
    /// The variant of a size within 2 x 2 to 6 x 6; the error names the
    /// limit.
    pub fn new(cols: usize, rows: usize, solved_start: bool) -> Result<ScrambleVariant, String> {
        for (what, n) in [("columns", cols), ("rows", rows)] {
            side_fits(what, &n.to_string()).map_err(|why| format!("{why}."))?;
        }
        Ok(ScrambleVariant { cols, rows, solved_start, id: format!("scramble/{cols}x{rows}") })
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns and rows.
    pub fn size(&self) -> (usize, usize) {
        (self.cols, self.rows)
    }

    pub fn solved_start(&self) -> bool {
        self.solved_start
    }
}

/// A puzzle shuffled by random moves of the gap (never straight back),
/// more of them until it is out of order.
pub fn shuffle(cols: usize, rows: usize, seed: u64) -> Puzzle {
    let mut p = Puzzle::solved(cols, rows);
    let mut rng = GameRng::new(seed);
    let mut last: Option<Dir> = None;
    let mut moves = SHUFFLE_PER_PLACE * p.len();
    while moves > 0 || p.is_solved() {
        let choices: Vec<Dir> =
            Dir::ALL.into_iter().filter(|&d| Some(d.opposite()) != last && p.beside_gap(d).is_some()).collect();
        let d = choices[rng.below(choices.len() as u32) as usize];
        p.shift(d);
        last = Some(d);
        moves = moves.saturating_sub(1);
    }
    p
}

impl Variant for ScrambleVariant {
    type Game = Scramble;

    fn id(&self) -> &str {
        &self.id
    }

    fn content_hash(&self) -> u64 {
        fnv1a64(RULES)
    }

    fn options(&self) -> String {
        let start = if self.solved_start { ",solved" } else { "" };
        format!("{}x{}{start}", self.cols, self.rows)
    }

    fn with_options(&self, options: &str) -> Result<Self, String> {
        let mut words = options.split(',').map(str::trim);
        let size = words.next().unwrap_or("");
        let bad = || format!("{options:?} is not a Scramble size: write COLUMNSxROWS, e.g. 4x4");
        let (c, r) = size.split_once('x').ok_or_else(bad)?;
        let (cols, rows) = (c.parse().map_err(|_| bad())?, r.parse().map_err(|_| bad())?);
        let mut solved_start = false;
        for w in words {
            match w {
                "solved" => solved_start = true,
                other => return Err(format!("{other:?} is not a Scramble option: the only one is solved")),
            }
        }
        let v = ScrambleVariant::new(cols, rows, solved_start)?;
        if v.id != self.id {
            return Err(format!("{options:?} is the size of {}, not of {}", v.id, self.id));
        }
        Ok(v)
    }

    fn deal(&self, seed: u64) -> Scramble {
        if self.solved_start {
            Scramble { puzzle: Puzzle::solved(self.cols, self.rows), shuffled: false }
        } else {
            Scramble { puzzle: shuffle(self.cols, self.rows, seed), shuffled: true }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Session;

    #[test]
    fn shuffles_are_solvable_and_never_solved() {
        for c in SIZE.0..=SIZE.1 {
            for r in SIZE.0..=SIZE.1 {
                for seed in 0..20 {
                    let p = shuffle(c, r, seed);
                    assert!(!p.is_solved(), "{c} x {r} seed {seed}");
                    assert!(p.is_solvable(), "{c} x {r} seed {seed}");
                }
            }
        }
        // And the solver does solve them (the small ones by IDA*).
        for (c, r) in [(2, 2), (3, 3), (2, 5), (6, 6)] {
            let p = shuffle(c, r, 3);
            let mut q = p.clone();
            solver::solve(&p).steps.iter().for_each(|&d| {
                q.shift(d);
            });
            assert!(q.is_solved(), "{c} x {r}");
        }
        assert_eq!(shuffle(4, 4, 9), shuffle(4, 4, 9));
        // 2 x 2 has only 12 positions: the shuffle still ends out of order.
        assert!((0..50).all(|seed| !shuffle(2, 2, seed).is_solved()));
    }

    #[test]
    fn moves_are_described_by_the_piece_and_its_way() {
        let g = Scramble { puzzle: Puzzle::solved(3, 3), shuffled: true };
        // The gap is in the bottom right corner: 6 above it, 8 beside it.
        let said = |text: &str| g.describe_move(&g.parse_move(text).unwrap());
        assert_eq!(said("slide 3,2"), "slide piece 6 down");
        assert_eq!(said("slide 2,3"), "slide piece 8 right");
        assert_eq!(said("slide 1,3"), "slide piece 7 right with the one in front of it");
        assert_eq!(said("slide 3,1"), "slide piece 3 down with the one in front of it");
        // Not in line with the gap: the move's own text.
        assert_eq!(said("slide 1,1"), "slide 1,1");
        let wide = Scramble { puzzle: Puzzle::solved(4, 2), shuffled: true };
        assert_eq!(wide.describe_move(&Slide(4)), "slide piece 5 right with the 2 pieces in front of it");
    }

    #[test]
    fn change_size_starts_solved_and_is_never_won() {
        let v = ScrambleVariant::new(5, 3, true).unwrap();
        let g = v.deal(1);
        assert!(g.puzzle().is_solved());
        assert_eq!(g.status(), Status::Playing);
        assert_eq!(v.options(), "5x3,solved");
        assert_eq!(v.with_options("5x3,solved").unwrap(), v);
        assert!(v.with_options("4x4").is_err());
        assert!(ScrambleVariant::new(7, 3, false).unwrap_err().contains("2 to 6 columns"));
    }

    #[test]
    fn slides_move_the_pieces_between_and_refuse_others() {
        let v = ScrambleVariant::new(3, 3, true).unwrap();
        let mut g = v.deal(1);
        let m = g.parse_move("slide 3,1").unwrap();
        assert_eq!(g.move_text(&m), "slide 3,1");
        g.check(&m).unwrap();
        g.apply(&m);
        assert_eq!(g.puzzle().tiles(), &[1, 2, 0, 4, 5, 3, 7, 8, 6]);
        let diag = g.parse_move("slide 1,3").unwrap();
        assert!(g.check(&diag).unwrap_err().reason().contains("not in line"));
        assert!(g.check(&Slide(2)).unwrap_err().reason().contains("gap"));
        assert!(g.parse_move("slide 4,1").unwrap_err().contains("off the puzzle"));
    }

    #[test]
    fn hints_solve_a_shuffled_game_which_is_then_won() {
        let v = ScrambleVariant::new(3, 3, false).unwrap();
        let mut s = Session::new(v, 5);
        let mut guard = 0;
        while s.state().status() == Status::Playing {
            let m = s.state().hint().unwrap();
            s.play(&m).unwrap();
            guard += 1;
            assert!(guard <= 31);
        }
        assert_eq!(s.state().status(), Status::Won);
        assert!(s.state().check(&Slide(0)).is_err());
    }
}
