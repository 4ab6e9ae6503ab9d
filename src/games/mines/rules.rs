//! The game: squares covered, marked or open; moves that open a square,
//! open around a number (the chord), and mark a square. The mines are
//! placed by the first opening (see [`generate`]), so the state before it
//! holds only the settings and the seed.
//!
//! Move texts number columns and rows from 1: `open 4,5`, `chord 4,5`,
//! `flag 4,5`, `question 4,5`, `unmark 4,5`.

use std::sync::Arc;

use crate::core::{Game, Refusal, Status, Variant, fnv1a64};

use super::generate;
use super::grid::{Grid, Layout};
use super::settings::{Invalid, Settings};
use super::solver::{self, Knowledge, Known, NoSafe};

/// A covered square's mark; right clicks go round them in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    None,
    Flag,
    Question,
}

impl Mark {
    /// The mark a right click gives next: none, flag, question mark, none.
    pub fn next(self) -> Mark {
        match self {
            Mark::None => Mark::Flag,
            Mark::Flag => Mark::Question,
            Mark::Question => Mark::None,
        }
    }

    fn word(self) -> &'static str {
        match self {
            Mark::None => "unmark",
            Mark::Flag => "flag",
            Mark::Question => "question",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Square {
    Covered(Mark),
    Open,
}

/// A move; squares are numbered row by row from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MineMove {
    /// Uncover a square (a left click).
    Open(usize),
    /// Uncover the unflagged squares around a number whose flags match it
    /// (a middle click, or both buttons).
    Chord(usize),
    /// Give a covered square this mark (a right click goes to the next).
    Mark(usize, Mark),
}

/// One game of MineSweeper.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mines {
    settings: Settings,
    grid: Grid,
    seed: u64,
    /// Placed by the first opening.
    layout: Option<Arc<Layout>>,
    squares: Vec<Square>,
    /// Mines uncovered (the game is lost).
    exploded: Vec<usize>,
    opened: usize,
    flags: usize,
}

impl Mines {
    /// Square `i`'s column and row, counted from 1 at the top left, as
    /// moves and hints name it.
    fn counted(&self, i: usize) -> (usize, usize) {
        let (x, y) = self.grid.xy(i);
        (x + 1, y + 1)
    }

    /// A field with every square covered; the mines come with the first
    /// opening.
    pub fn new(settings: Settings, seed: u64) -> Mines {
        let grid = Grid::new(settings.width as usize, settings.height as usize);
        Mines {
            settings,
            grid,
            seed,
            layout: None,
            squares: vec![Square::Covered(Mark::None); grid.len()],
            exploded: Vec::new(),
            opened: 0,
            flags: 0,
        }
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn grid(&self) -> Grid {
        self.grid
    }

    pub fn square(&self, i: usize) -> Square {
        self.squares[i]
    }

    /// Whether the mines have been placed (the first square was opened).
    pub fn started(&self) -> bool {
        self.layout.is_some()
    }

    /// Whether square `i` hides a mine (false before the first opening).
    pub fn is_mine(&self, i: usize) -> bool {
        self.layout.as_ref().is_some_and(|l| l.is_mine(i))
    }

    /// The number an open square shows.
    pub fn number(&self, i: usize) -> Option<u8> {
        match (self.squares[i], &self.layout) {
            (Square::Open, Some(l)) if !l.is_mine(i) => Some(l.number(i)),
            _ => None,
        }
    }

    /// The mines uncovered by the losing move.
    pub fn exploded(&self) -> &[usize] {
        &self.exploded
    }

    /// Flags the player still has to set: mines less flags (below zero
    /// when there are more flags than mines); none once the game is won,
    /// as every mine is then shown flagged.
    pub fn flags_left(&self) -> i64 {
        if self.status() == Status::Won {
            return 0;
        }
        self.settings.mines as i64 - self.flags as i64
    }

    fn mark_of(&self, i: usize) -> Option<Mark> {
        match self.squares[i] {
            Square::Covered(m) => Some(m),
            Square::Open => None,
        }
    }

    fn flagged_around(&self, i: usize) -> usize {
        self.grid.neighbours(i).filter(|&n| self.mark_of(n) == Some(Mark::Flag)).count()
    }

    /// "column 4, row 5".
    pub fn place_name(&self, i: usize) -> String {
        let (x, y) = self.grid.xy(i);
        format!("column {}, row {}", x + 1, y + 1)
    }

    /// What the player can see, as the solver takes it: open numbers, and
    /// every covered square unknown (flags are the player's guesses, not
    /// proof).
    pub fn knowledge(&self) -> Knowledge {
        let mut k = Knowledge::covered(self.grid, self.settings.mines as usize);
        for i in 0..self.grid.len() {
            if let Some(n) = self.number(i) {
                k.cells[i] = Known::Number(n);
            }
        }
        k
    }

    /// A square the numbers prove free, or why there is none. Before the
    /// first opening every square is free (the mines avoid it): the
    /// middle one is named.
    pub fn safe_square(&self) -> Result<usize, NoSafe> {
        if !self.started() {
            return Ok(self.grid.index(self.grid.width / 2, self.grid.height / 2));
        }
        solver::safe_square(&self.knowledge())
    }

    /// Uncovers `i` and floods out from squares showing 0; a mine ends the
    /// game.
    fn uncover(&mut self, layout: &Layout, i: usize) {
        if layout.is_mine(i) {
            self.squares[i] = Square::Open;
            self.exploded.push(i);
            return;
        }
        let mut todo = vec![i];
        while let Some(j) = todo.pop() {
            match self.squares[j] {
                Square::Open | Square::Covered(Mark::Flag) => continue,
                Square::Covered(_) => {}
            }
            self.squares[j] = Square::Open;
            self.opened += 1;
            if layout.number(j) == 0 {
                todo.extend(self.grid.neighbours(j));
            }
        }
    }

    fn parse_square(&self, text: &str) -> Result<usize, String> {
        let bad = || format!("{text:?} is not a box: write its column and row from 1, e.g. 4,5");
        let (x, y) = text.split_once(',').ok_or_else(bad)?;
        let num = |s: &str| s.trim().parse::<usize>().map_err(|_| bad());
        let (x, y) = (num(x)?, num(y)?);
        if x == 0 || y == 0 || x > self.grid.width || y > self.grid.height {
            return Err(format!(
                "{text:?} is off the field: columns run from 1 to {} and rows from 1 to {}",
                self.grid.width, self.grid.height
            ));
        }
        Ok(self.grid.index(x - 1, y - 1))
    }
}

impl Game for Mines {
    type Move = MineMove;

    fn parse_move(&self, text: &str) -> Result<MineMove, String> {
        let (word, at) = text.trim().split_once(' ').ok_or_else(|| {
            format!("{text:?} is not a move: write open, chord, flag, question or unmark and a box, e.g. open 4,5")
        })?;
        let i = self.parse_square(at.trim())?;
        match word.to_ascii_lowercase().as_str() {
            "open" => Ok(MineMove::Open(i)),
            "chord" => Ok(MineMove::Chord(i)),
            "flag" => Ok(MineMove::Mark(i, Mark::Flag)),
            "question" => Ok(MineMove::Mark(i, Mark::Question)),
            "unmark" => Ok(MineMove::Mark(i, Mark::None)),
            other => Err(format!("{other:?} is not a move: use open, chord, flag, question or unmark")),
        }
    }

    fn move_text(&self, m: &MineMove) -> String {
        let at = |i: usize| {
            let (column, row) = self.counted(i);
            format!("{column},{row}")
        };
        match *m {
            MineMove::Open(i) => format!("open {}", at(i)),
            MineMove::Chord(i) => format!("chord {}", at(i)),
            MineMove::Mark(i, mark) => format!("{} {}", mark.word(), at(i)),
        }
    }

    /// A hint in words: the field has no labels, so a square is named by
    /// its column and row, counted from the top left.
    fn describe_move(&self, m: &MineMove) -> String {
        let at = |i: usize| {
            let (column, row) = self.counted(i);
            format!("column {column}, row {row}")
        };
        match *m {
            MineMove::Open(i) => format!("open {}", at(i)),
            MineMove::Chord(i) => format!("open around {}", at(i)),
            MineMove::Mark(i, Mark::Question) => format!("mark {} with a question mark", at(i)),
            MineMove::Mark(i, mark) => format!("{} {}", mark.word(), at(i)),
        }
    }

    fn check(&self, m: &MineMove) -> Result<(), Refusal> {
        let (MineMove::Open(i) | MineMove::Chord(i) | MineMove::Mark(i, _)) = *m;
        if i >= self.grid.len() {
            return Err(Refusal::new("That box is off the field."));
        }
        if self.status() != Status::Playing {
            return Err(Refusal::new("The game is over: start a new one."));
        }
        let place = self.place_name(i);
        match (*m, self.squares[i]) {
            (MineMove::Open(_), Square::Open) => Err(Refusal::new("That box is open already.")),
            (MineMove::Open(_), Square::Covered(Mark::Flag)) => {
                Err(Refusal::new(format!("Take the flag away first: the box at {place} is flagged.")))
            }
            (MineMove::Open(_), Square::Covered(_)) => Ok(()),
            (MineMove::Chord(_), Square::Covered(_)) => {
                Err(Refusal::new(format!("Only a number opens its neighbours: the box at {place} is covered.")))
            }
            (MineMove::Chord(_), Square::Open) => {
                let n = usize::from(self.number(i).unwrap_or(0));
                let flags = self.flagged_around(i);
                if n == 0 || flags != n {
                    return Err(Refusal::new(format!(
                        "Flag as many mines as its number: the {n} at {place} has {flags} flag{} around it.",
                        if flags == 1 { "" } else { "s" }
                    )));
                }
                let closed =
                    self.grid.neighbours(i).any(|j| matches!(self.squares[j], Square::Covered(m) if m != Mark::Flag));
                if closed { Ok(()) } else { Err(Refusal::new(format!("No box to open around that {n}."))) }
            }
            (MineMove::Mark(..), Square::Open) => {
                Err(Refusal::new(format!("The box at {place} is open: only covered boxes take marks.")))
            }
            (MineMove::Mark(_, mark), Square::Covered(now)) if mark == now => {
                Err(Refusal::new("That box has that mark already."))
            }
            (MineMove::Mark(..), Square::Covered(_)) => Ok(()),
        }
    }

    fn apply(&mut self, m: &MineMove) {
        match *m {
            MineMove::Open(i) => {
                let layout = match &self.layout {
                    Some(l) => Arc::clone(l),
                    None => {
                        let l = Arc::new(generate::layout_or_plain(&self.settings, self.seed, i));
                        self.layout = Some(Arc::clone(&l));
                        l
                    }
                };
                self.uncover(&layout, i);
            }
            MineMove::Chord(i) => {
                let Some(layout) = self.layout.clone() else { return };
                let around: Vec<usize> = self.grid.neighbours(i).collect();
                for j in around {
                    if matches!(self.squares[j], Square::Covered(m) if m != Mark::Flag) {
                        self.uncover(&layout, j);
                    }
                }
            }
            MineMove::Mark(i, mark) => {
                if let Square::Covered(now) = self.squares[i] {
                    self.flags = self.flags + usize::from(mark == Mark::Flag) - usize::from(now == Mark::Flag);
                    self.squares[i] = Square::Covered(mark);
                }
            }
        }
    }

    /// Lost when a mine is open; won when every free square is open, or
    /// when the flags stand on the mines and nowhere else.
    fn status(&self) -> Status {
        let Some(layout) = &self.layout else { return Status::Playing };
        if !self.exploded.is_empty() {
            return Status::Lost;
        }
        let free = self.grid.len() - self.settings.mines as usize;
        let flags_on_mines = self.flags == self.settings.mines as usize
            && (0..self.grid.len()).all(|i| (self.mark_of(i) == Some(Mark::Flag)) == layout.is_mine(i));
        if self.opened == free || flags_on_mines { Status::Won } else { Status::Playing }
    }

    /// The free squares opened.
    fn score(&self) -> i64 {
        self.opened as i64
    }

    fn hint(&self) -> Option<MineMove> {
        self.safe_square().ok().map(MineMove::Open)
    }

    /// The mines, once the first opening has placed them.
    fn dealt_in_play(&self) -> Option<u64> {
        self.layout.as_ref().map(|layout| fnv1a64(layout.picture().as_bytes()))
    }
}

/// MineSweeper with one size, mine count and no-guess choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MinesVariant {
    settings: Settings,
    id: String,
}

/// The rules' fingerprint: raise the number when the rules change so old
/// saves are refused rather than misreplayed.
const RULES: &[u8] = b"parlour mines rules 1";

impl MinesVariant {
    /// The variant of valid settings.
    pub fn new(settings: Settings) -> Result<MinesVariant, Invalid> {
        settings.validate()?;
        Ok(MinesVariant { id: settings.id(), settings })
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }
}

impl Variant for MinesVariant {
    type Game = Mines;

    fn id(&self) -> &str {
        &self.id
    }

    fn content_hash(&self) -> u64 {
        fnv1a64(RULES)
    }

    fn options(&self) -> String {
        self.settings.options()
    }

    fn with_options(&self, options: &str) -> Result<Self, String> {
        let settings = Settings::parse(options).map_err(|e| e.0)?;
        if settings.id() != self.id {
            return Err(format!("{options:?} are the settings of {}, not of {}", settings.id(), self.id));
        }
        MinesVariant::new(settings).map_err(|e| e.0)
    }

    fn deal(&self, seed: u64) -> Mines {
        Mines::new(self.settings, seed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hint names a square by column and row; the journal keeps its
    /// short form.
    #[test]
    fn a_move_is_described_by_column_and_row() {
        let g = Mines::new(Settings::beginner(), 1);
        let at = g.grid.index(3, 1);
        assert_eq!(g.describe_move(&MineMove::Open(at)), "open column 4, row 2");
        assert_eq!(g.describe_move(&MineMove::Chord(at)), "open around column 4, row 2");
        assert_eq!(g.describe_move(&MineMove::Mark(at, Mark::Flag)), "flag column 4, row 2");
        assert_eq!(g.move_text(&MineMove::Open(at)), "open 4,2");
    }
    use crate::core::Session;
    use crate::games::mines::settings::PRESETS;

    fn mv(g: &Mines, text: &str) -> MineMove {
        g.parse_move(text).unwrap()
    }

    fn play(g: &mut Mines, text: &str) {
        let m = mv(g, text);
        g.check(&m).unwrap_or_else(|r| panic!("{text}: {r}"));
        g.apply(&m);
    }

    /// A game whose board is `picture`, as if its first opening were at
    /// `first` (the rules then play as usual).
    fn game_on(picture: &str) -> Mines {
        let layout = Layout::from_picture(picture).unwrap();
        let settings = Settings {
            width: layout.grid.width as u32,
            height: layout.grid.height as u32,
            mines: layout.mine_count() as u32,
            no_guess: false,
        };
        let mut g = Mines::new(settings, 1);
        g.layout = Some(Arc::new(layout));
        g
    }

    const BOARD: &str = "*.......\n........\n........\n........\n........\n........\n......**\n......*.\n";

    #[test]
    fn texts_read_back_and_name_squares_from_one() {
        let g = Mines::new(Settings::beginner(), 3);
        for text in ["open 1,1", "chord 9,9", "flag 4,5", "question 2,3", "unmark 9,1"] {
            assert_eq!(g.move_text(&mv(&g, text)), text);
        }
        assert_eq!(mv(&g, "open 2,1"), MineMove::Open(1));
        assert!(g.parse_move("open 10,1").unwrap_err().contains("columns run from 1 to 9"));
        assert!(g.parse_move("dig 1,1").unwrap_err().contains("not a move"));
    }

    #[test]
    fn the_first_opening_is_never_a_mine_and_places_them_all() {
        for seed in 0..30 {
            let mut g = Mines::new(Settings::preset(&PRESETS[2]), seed);
            play(&mut g, "open 1,1");
            assert!(g.started());
            assert_ne!(g.status(), Status::Lost, "seed {seed}");
            assert_eq!((0..480).filter(|&i| g.is_mine(i)).count(), 99);
        }
    }

    #[test]
    fn a_zero_floods_and_flags_stop_the_flood() {
        let mut g = game_on(BOARD);
        play(&mut g, "flag 3,3");
        play(&mut g, "open 8,1");
        // Everything but the mines, the flagged square and what lies
        // behind numbers is open.
        assert_eq!(g.square(g.grid.index(2, 2)), Square::Covered(Mark::Flag));
        assert_eq!(g.number(g.grid.index(1, 1)), Some(1));
        assert_eq!(g.square(63), Square::Covered(Mark::None), "the corner behind the 3 mines stays shut");
        assert_eq!(g.status(), Status::Playing);
    }

    /// Mines at column 1, row 3 and in the far corner; opening the top
    /// right corner leaves them and the square below the first covered,
    /// beside the 1 at column 2, row 4.
    const CORNER: &str = "......\n......\n*.....\n.....*\n";

    #[test]
    fn a_chord_needs_matching_flags_and_opens_the_rest() {
        let mut g = game_on(CORNER);
        play(&mut g, "open 6,1");
        assert_eq!(g.square(18), Square::Covered(Mark::None));
        let chord = mv(&g, "chord 2,4");
        assert!(g.check(&chord).unwrap_err().reason().contains("the 1 at column 2, row 4 has 0 flags around it"));
        play(&mut g, "flag 1,3");
        play(&mut g, "chord 2,4");
        assert_eq!(g.square(18), Square::Open);
        assert_eq!(g.status(), Status::Won);
        assert!(g.check(&mv(&g, "chord 2,4")).unwrap_err().reason().contains("game is over"));
    }

    #[test]
    fn a_wrong_flag_makes_a_chord_lose() {
        let mut g = game_on(CORNER);
        play(&mut g, "open 6,1");
        play(&mut g, "flag 1,4");
        play(&mut g, "chord 2,4");
        assert_eq!(g.status(), Status::Lost);
        assert_eq!(g.exploded(), &[12]);
    }

    #[test]
    fn nothing_left_around_a_number_is_said() {
        let mut g = game_on(CORNER);
        play(&mut g, "open 6,1");
        play(&mut g, "flag 1,3");
        // The 1 at column 2, row 2 touches only the flagged mine.
        assert_eq!(g.check(&mv(&g, "chord 2,2")).unwrap_err().reason(), "No box to open around that 1.");
    }

    #[test]
    fn opening_a_mine_loses_and_every_move_is_then_refused() {
        let mut g = game_on(BOARD);
        play(&mut g, "open 1,1");
        assert_eq!(g.status(), Status::Lost);
        assert_eq!(g.exploded(), &[0]);
        assert!(g.check(&mv(&g, "open 2,2")).unwrap_err().reason().contains("game is over"));
    }

    #[test]
    fn the_game_is_won_by_opening_every_free_square_or_flagging_every_mine() {
        let mut opened = game_on(BOARD);
        play(&mut opened, "open 8,1");
        play(&mut opened, "open 8,8");
        assert_eq!(opened.status(), Status::Won);

        let mut flagged = game_on(BOARD);
        play(&mut flagged, "open 8,1");
        for at in ["1,1", "7,7", "8,7", "7,8"] {
            play(&mut flagged, &format!("flag {at}"));
        }
        assert_eq!(flagged.status(), Status::Won);
        assert_eq!(flagged.flags_left(), 0);
        // A fifth flag on a free square spoils it.
        let mut extra = flagged.clone();
        extra.flags -= 1;
        extra.squares[0] = Square::Covered(Mark::None);
        assert_eq!(extra.status(), Status::Playing);
    }

    #[test]
    fn marks_go_round_and_count_flags() {
        let mut g = Mines::new(Settings::beginner(), 1);
        assert_eq!(Mark::None.next(), Mark::Flag);
        assert_eq!(Mark::Flag.next(), Mark::Question);
        assert_eq!(Mark::Question.next(), Mark::None);
        play(&mut g, "flag 1,1");
        assert_eq!(g.flags_left(), 9);
        play(&mut g, "question 1,1");
        assert_eq!(g.flags_left(), 10);
        assert!(g.check(&mv(&g, "question 1,1")).is_err());
        assert!(!g.started(), "a flag places no mines");
    }

    #[test]
    fn hints_name_a_square_the_numbers_prove_free() {
        let fresh = Mines::new(Settings::beginner(), 5);
        assert_eq!(fresh.safe_square(), Ok(fresh.grid.index(4, 4)), "before the first click, the middle");
        let mut g = game_on(BOARD);
        assert_eq!(g.safe_square(), Err(NoSafe::Guess), "nothing open, mines somewhere");
        play(&mut g, "open 8,1");
        let i = g.safe_square().unwrap();
        assert!(!g.is_mine(i));
        assert_eq!(g.square(i), Square::Covered(Mark::None));
    }

    #[test]
    fn sessions_replay_and_undo_to_the_start() {
        let v = MinesVariant::new(Settings { no_guess: true, ..Settings::preset(&PRESETS[1]) }).unwrap();
        let mut s = Session::new(v.clone(), 42);
        s.play_text("open 8,8").unwrap();
        while s.state().status() == Status::Playing {
            let m = s.state().hint().expect("a no-guess board always has a proved free square");
            s.play(&m).unwrap();
        }
        assert_eq!(s.state().status(), Status::Won);
        assert_eq!(s.replay_to(s.cursor()).unwrap(), *s.state());
        while s.undo() {}
        assert_eq!(*s.state(), v.deal(42));
        assert_eq!(v.with_options(&v.options()).unwrap(), v);
        assert!(v.with_options("9x9/10").is_err(), "a beginner save is not an intermediate game");
    }
}
