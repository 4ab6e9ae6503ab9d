//! Tetris as Wolfgang Ibl's Oberon System 3 version plays it: a field of
//! 10 x 20, the seven pieces drawn uniformly by the seeded generator, no
//! wall kicks; left and right move, down turns clockwise and up
//! anticlockwise, Space drops, P pauses and V shows or hides the preview.
//!
//! Time comes in only as [`TetrisMove::Tick`] moves, each one frame of the
//! machine (50 a second on a PAL Amiga, 60 on a Mac), so a game is a pure
//! function of its seed and its moves and replays frame for frame. Time is
//! counted in 1/3000 s, which both frame lengths divide.
//!
//! The level is the whole minutes of play (paused time does not count),
//! up to 9, and sets the delay per row. Points are always multiplied by
//! (level + 1) and by 2 while the preview is hidden: 2 for each piece
//! landed, 10 for each row cleared, and for a Space drop 5 times the row
//! the piece's lowest square was in, counted from 0 at the bottom.

use crate::core::{Game, GameRng, Refusal, Status, Variant};

use super::pieces::Piece;

pub const COLUMNS: usize = 10;
pub const ROWS: usize = 20;
/// Time units per second: 50 and 60 Hz frames are whole numbers of them.
pub const UNITS_PER_SECOND: u64 = 3000;
/// Levels rise after this much play.
pub const LEVEL_SECONDS: u64 = 60;
pub const MAX_LEVEL: u32 = 9;
/// The delay per row at each level, in milliseconds.
pub const ROW_DELAY_MS: [u32; 10] = [750, 690, 600, 480, 300, 210, 90, 60, 24, 3];
/// The frame rates a game may run at.
pub const RATES: [u32; 2] = [50, 60];
/// At most this many frames in one tick move (a window that fell behind).
pub const MAX_FRAMES: u32 = 3000;

/// A move: a key, or time passing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TetrisMove {
    /// This many frames pass.
    Tick(u32),
    Left,
    Right,
    /// Down: a quarter turn clockwise.
    TurnRight,
    /// Up: a quarter turn anticlockwise.
    TurnLeft,
    /// Space: straight down, landing at once.
    Drop,
    /// P: pause, or go on.
    Pause,
    /// V: show or hide the preview of the next piece.
    Preview,
    /// The machine's frame rate (50 or 60): how long a frame is from now.
    Rate(u32),
}

/// The falling piece: which, how turned, and where its box is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Falling {
    pub piece: Piece,
    pub turns: u8,
    pub x: i8,
    pub y: i8,
}

impl Falling {
    /// Its squares on the field, (column, row) with row 0 at the top.
    pub fn squares(&self) -> [(i8, i8); 4] {
        self.piece.cells(self.turns).map(|(c, r)| (self.x + c, self.y + r))
    }

    fn moved(self, dx: i8, dy: i8) -> Falling {
        Falling { x: self.x + dx, y: self.y + dy, ..self }
    }

    fn turned(self, by: u8) -> Falling {
        Falling { turns: (self.turns + by) % 4, ..self }
    }
}

/// A game of Tetris.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tetris {
    /// Each row's squares, three bits a column: 0 empty, else piece + 1.
    field: [u32; ROWS],
    falling: Falling,
    next: Piece,
    rng: GameRng,
    score: u64,
    rows: u32,
    pieces: u32,
    /// Play time so far, and time towards the next row down, in units.
    play: u64,
    fall: u64,
    hz: u32,
    preview: bool,
    paused: bool,
    over: bool,
}

impl Tetris {
    /// A new game from `seed`: the first piece falling, the next drawn.
    pub fn new(seed: u64) -> Tetris {
        let mut rng = GameRng::new(seed);
        let first = Piece::from_index(rng.below(7));
        let next = Piece::from_index(rng.below(7));
        Tetris {
            field: [0; ROWS],
            falling: spawn(first),
            next,
            rng,
            score: 0,
            rows: 0,
            pieces: 0,
            play: 0,
            fall: 0,
            hz: RATES[0],
            preview: true,
            paused: false,
            over: false,
        }
    }

    /// What is at (column, row): the piece whose square it is, if any.
    pub fn square(&self, column: usize, row: usize) -> Option<Piece> {
        let v = (self.field[row] >> (3 * column)) & 7;
        (v > 0).then(|| Piece::from_index(v - 1))
    }

    pub fn falling(&self) -> Falling {
        self.falling
    }

    /// Where the falling piece would land if dropped now.
    pub fn landing(&self) -> Falling {
        let mut f = self.falling;
        while self.fits(f.moved(0, 1)) {
            f = f.moved(0, 1);
        }
        f
    }

    pub fn next(&self) -> Piece {
        self.next
    }

    pub fn points(&self) -> u64 {
        self.score
    }

    pub fn rows(&self) -> u32 {
        self.rows
    }

    pub fn pieces(&self) -> u32 {
        self.pieces
    }

    pub fn level(&self) -> u32 {
        ((self.play / (LEVEL_SECONDS * UNITS_PER_SECOND)) as u32).min(MAX_LEVEL)
    }

    /// Play time in milliseconds.
    pub fn play_ms(&self) -> u64 {
        self.play / (UNITS_PER_SECOND / 1000)
    }

    pub fn hz(&self) -> u32 {
        self.hz
    }

    pub fn preview(&self) -> bool {
        self.preview
    }

    pub fn paused(&self) -> bool {
        self.paused
    }

    pub fn over(&self) -> bool {
        self.over
    }

    /// What every point is multiplied by now.
    pub fn multiplier(&self) -> u64 {
        (if self.preview { 1 } else { 2 }) * (u64::from(self.level()) + 1)
    }

    /// Whether the piece fits: inside the field (above the top is
    /// allowed) and on empty squares.
    fn fits(&self, f: Falling) -> bool {
        f.squares().iter().all(|&(c, r)| {
            (0..COLUMNS as i8).contains(&c)
                && r < ROWS as i8
                && (r < 0 || self.square(c as usize, r as usize).is_none())
        })
    }

    fn set(&mut self, column: usize, row: usize, piece: Piece) {
        self.field[row] |= (piece.index() as u32 + 1) << (3 * column);
    }

    /// Fixes the piece where it is, clears full rows, scores, and brings
    /// on the next piece (or ends the game if it has no room).
    fn land(&mut self) {
        let f = self.falling;
        for (c, r) in f.squares() {
            if r >= 0 {
                self.set(c as usize, r as usize, f.piece);
            }
        }
        self.pieces += 1;
        self.score += 2 * self.multiplier();
        let is_full = |row: u32| (0..COLUMNS).all(|c| (row >> (3 * c)) & 7 != 0);
        let kept: Vec<u32> = self.field.iter().copied().filter(|&row| !is_full(row)).collect();
        let cleared = ROWS - kept.len();
        if cleared > 0 {
            self.field = [0; ROWS];
            self.field[cleared..].copy_from_slice(&kept);
            self.rows += cleared as u32;
            self.score += 10 * cleared as u64 * self.multiplier();
        }
        self.falling = spawn(self.next);
        self.next = Piece::from_index(self.rng.below(7));
        self.fall = 0;
        // A piece above the top is a full field too.
        if !self.fits(self.falling) || f.squares().iter().any(|&(_, r)| r < 0) {
            self.over = true;
        }
    }

    /// One frame: play time passes, and the piece falls a row each time
    /// the level's delay is used up (several rows at the fastest levels).
    fn frame(&mut self) {
        let units = UNITS_PER_SECOND / u64::from(self.hz);
        self.play += units;
        self.fall += units;
        let delay = u64::from(ROW_DELAY_MS[self.level() as usize]) * UNITS_PER_SECOND / 1000;
        while self.fall >= delay {
            self.fall -= delay;
            let down = self.falling.moved(0, 1);
            if self.fits(down) {
                self.falling = down;
            } else {
                self.land();
                break;
            }
        }
    }

    /// The row the falling piece's lowest square is in, from 0 at the
    /// bottom.
    pub fn height(&self) -> u32 {
        let lowest = self.falling.squares().iter().map(|&(_, r)| r).max().unwrap_or(0);
        (ROWS as i32 - 1 - i32::from(lowest)).max(0) as u32
    }
}

/// A piece entering at the top, its box centred.
fn spawn(piece: Piece) -> Falling {
    let top = piece.cells(0).iter().map(|&(_, r)| r).min().unwrap_or(0);
    Falling { piece, turns: 0, x: (COLUMNS as i8 - piece.width()) / 2, y: -top }
}

impl Game for Tetris {
    type Move = TetrisMove;

    fn parse_move(&self, text: &str) -> Result<TetrisMove, String> {
        let mut words = text.split(' ');
        let word = words.next().unwrap_or("");
        let arg = words.next();
        if words.next().is_some() {
            return Err(format!("`{text}` has too many words"));
        }
        let number = |what: &str| -> Result<u32, String> {
            arg.and_then(|a| a.parse().ok()).ok_or_else(|| format!("`{word}` needs a {what}"))
        };
        let plain = |m: TetrisMove| if arg.is_none() { Ok(m) } else { Err(format!("`{word}` takes nothing after it")) };
        match word {
            "tick" if arg.is_none() => Ok(TetrisMove::Tick(1)),
            "tick" => number("number of frames").map(TetrisMove::Tick),
            "left" => plain(TetrisMove::Left),
            "right" => plain(TetrisMove::Right),
            "cw" => plain(TetrisMove::TurnRight),
            "ccw" => plain(TetrisMove::TurnLeft),
            "drop" => plain(TetrisMove::Drop),
            "pause" => plain(TetrisMove::Pause),
            "preview" => plain(TetrisMove::Preview),
            "hz" => number("frame rate").map(TetrisMove::Rate),
            _ => Err(format!("`{text}` is not a Tetris move (tick, left, right, cw, ccw, drop, pause, preview or hz)")),
        }
    }

    fn move_text(&self, m: &TetrisMove) -> String {
        match *m {
            TetrisMove::Tick(1) => "tick".into(),
            TetrisMove::Tick(n) => format!("tick {n}"),
            TetrisMove::Left => "left".into(),
            TetrisMove::Right => "right".into(),
            TetrisMove::TurnRight => "cw".into(),
            TetrisMove::TurnLeft => "ccw".into(),
            TetrisMove::Drop => "drop".into(),
            TetrisMove::Pause => "pause".into(),
            TetrisMove::Preview => "preview".into(),
            TetrisMove::Rate(hz) => format!("hz {hz}"),
        }
    }

    fn check(&self, m: &TetrisMove) -> Result<(), Refusal> {
        let no = |why: &str| Err(Refusal::new(why));
        if self.over {
            return no("The game is over.");
        }
        match *m {
            TetrisMove::Rate(hz) if !RATES.contains(&hz) => no("The frame rate is 50 or 60."),
            TetrisMove::Rate(_) | TetrisMove::Pause => Ok(()),
            _ if self.paused => no("The game is paused: P goes on."),
            TetrisMove::Tick(n) if n == 0 || n > MAX_FRAMES => no("A tick is 1 to 3000 frames."),
            TetrisMove::Left if !self.fits(self.falling.moved(-1, 0)) => no("The piece cannot move left."),
            TetrisMove::Right if !self.fits(self.falling.moved(1, 0)) => no("The piece cannot move right."),
            TetrisMove::TurnRight if !self.fits(self.falling.turned(1)) => no("The piece has no room to turn."),
            TetrisMove::TurnLeft if !self.fits(self.falling.turned(3)) => no("The piece has no room to turn."),
            _ => Ok(()),
        }
    }

    fn apply(&mut self, m: &TetrisMove) {
        match *m {
            TetrisMove::Tick(n) => {
                for _ in 0..n {
                    if self.over {
                        break;
                    }
                    self.frame();
                }
            }
            TetrisMove::Left => self.falling = self.falling.moved(-1, 0),
            TetrisMove::Right => self.falling = self.falling.moved(1, 0),
            TetrisMove::TurnRight => self.falling = self.falling.turned(1),
            TetrisMove::TurnLeft => self.falling = self.falling.turned(3),
            TetrisMove::Drop => {
                self.score += 5 * u64::from(self.height()) * self.multiplier();
                self.falling = self.landing();
                self.land();
            }
            TetrisMove::Pause => self.paused = !self.paused,
            TetrisMove::Preview => self.preview = !self.preview,
            TetrisMove::Rate(hz) => self.hz = hz,
        }
    }

    fn status(&self) -> Status {
        if self.over { Status::Lost } else { Status::Playing }
    }

    fn score(&self) -> i64 {
        i64::try_from(self.score).unwrap_or(i64::MAX)
    }
}

/// The one way to play Tetris.
#[derive(Clone, Copy, Debug, Default)]
pub struct TetrisVariant;

/// The game id of Tetris in saves, statistics and the top-five table.
pub const ID: &str = "tetris";

impl Variant for TetrisVariant {
    type Game = Tetris;

    fn id(&self) -> &str {
        ID
    }

    fn content_hash(&self) -> u64 {
        // The rules have no data file; this changes only if the rules do.
        crate::core::fnv1a64(b"tetris: oberon rules 1")
    }

    fn options(&self) -> String {
        String::new()
    }

    fn with_options(&self, options: &str) -> Result<Self, String> {
        if options.is_empty() { Ok(TetrisVariant) } else { Err("Tetris has no options".into()) }
    }

    fn deal(&self, seed: u64) -> Tetris {
        Tetris::new(seed)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A game with the given rows filled (bottom row last), every square
    /// but those marked `.` taken, and `piece` falling at the top.
    pub fn with_rows(rows: &[&str], piece: Piece) -> Tetris {
        let mut g = Tetris::new(1);
        for (i, row) in rows.iter().enumerate() {
            let r = ROWS - rows.len() + i;
            for (c, ch) in row.chars().enumerate() {
                if ch != '.' {
                    g.set(c, r, Piece::O);
                }
            }
        }
        g.falling = spawn(piece);
        g
    }

    fn play(g: &mut Tetris, moves: &[TetrisMove]) {
        for m in moves {
            g.check(m).unwrap_or_else(|r| panic!("{m:?}: {r}"));
            g.apply(m);
        }
    }

    /// Moves the falling bar (upright) to `column`.
    fn upright_bar_to(g: &mut Tetris, column: i8) {
        play(g, &[TetrisMove::TurnRight]);
        while g.falling.squares()[0].0 > column {
            play(g, &[TetrisMove::Left]);
        }
        while g.falling.squares()[0].0 < column {
            play(g, &[TetrisMove::Right]);
        }
    }

    #[test]
    fn a_piece_landing_scores_two_and_each_row_ten_times_the_level() {
        for (n, expected) in [(1u32, 12u64), (2, 22), (3, 32), (4, 42)] {
            // n rows full but for the last column; an upright bar fills them.
            let row = "#########.";
            let rows: Vec<&str> = std::iter::repeat_n(row, n as usize).collect();
            let mut g = with_rows(&rows, Piece::I);
            upright_bar_to(&mut g, 9);
            let before = g.points();
            let height = g.height();
            play(&mut g, &[TetrisMove::Drop]);
            let drop = 5 * u64::from(height);
            assert_eq!(g.points() - before, drop + expected, "{n} rows");
            assert_eq!(g.rows(), n);
            assert_eq!(g.pieces(), 1);
            // The bar stood 4 high: what it did not clear is left in column 9.
            let left: usize = (0..ROWS).filter(|&r| g.square(9, r).is_some()).count();
            assert_eq!(left, 4 - n as usize);
        }
    }

    #[test]
    fn a_space_drop_scores_five_times_the_row_index() {
        let mut g = with_rows(&[], Piece::O);
        // The square spawns with its lowest squares in row 1 from the top.
        assert_eq!(g.height(), 18);
        play(&mut g, &[TetrisMove::Drop]);
        assert_eq!(g.points(), 5 * 18 + 2);
        // Lower the next piece three rows by waiting (750 ms a row at
        // level 0, frames of 20 ms), then drop it.
        let frames = |rows: u32| (rows * 750).div_ceil(20);
        let mut g = with_rows(&[], Piece::O);
        play(&mut g, &[TetrisMove::Tick(frames(3))]);
        assert_eq!(g.height(), 15);
        play(&mut g, &[TetrisMove::Drop]);
        assert_eq!(g.points(), 5 * 15 + 2);
        // Resting on the floor, a drop earns nothing for the drop.
        let mut g = with_rows(&[], Piece::O);
        play(&mut g, &[TetrisMove::Tick(frames(18))]);
        assert_eq!(g.height(), 0);
        play(&mut g, &[TetrisMove::Drop]);
        assert_eq!(g.points(), 2);
    }

    #[test]
    fn hiding_the_preview_doubles_every_point() {
        let mut shown = with_rows(&["#########.", "#########."], Piece::I);
        let mut hidden = shown.clone();
        play(&mut hidden, &[TetrisMove::Preview]);
        assert!(!hidden.preview());
        for g in [&mut shown, &mut hidden] {
            upright_bar_to(g, 9);
            play(g, &[TetrisMove::Drop]);
        }
        assert_eq!(hidden.points(), 2 * shown.points());
        // Dropped from row 17 (its lowest square), landed, two rows.
        assert_eq!(shown.points(), 5 * 17 + 22);
    }

    #[test]
    fn the_level_rises_every_minute_of_play_and_speeds_the_fall() {
        let mut g = Tetris::new(3);
        assert_eq!((g.level(), g.multiplier()), (0, 1));
        // 59.98 s at 50 Hz: still level 0; one more frame makes level 1.
        g.play = 0;
        let frames = 60 * 50 - 1;
        for _ in 0..frames {
            g.fall = 0;
            g.frame();
        }
        assert_eq!(g.level(), 0);
        g.fall = 0;
        g.frame();
        assert_eq!((g.level(), g.multiplier()), (1, 2));
        // Pausing stops the clock: ticks are refused.
        play(&mut g, &[TetrisMove::Pause]);
        assert!(g.check(&TetrisMove::Tick(1)).is_err());
        play(&mut g, &[TetrisMove::Pause]);
        for level in 0..=MAX_LEVEL + 2 {
            g.play = u64::from(level) * LEVEL_SECONDS * UNITS_PER_SECOND;
            assert_eq!(g.level(), level.min(MAX_LEVEL));
        }
    }

    #[test]
    fn the_row_delay_follows_the_level_at_both_frame_rates() {
        for (hz, level) in [(50, 0u32), (60, 0), (50, 4), (60, 8), (50, 9)] {
            let mut g = with_rows(&[], Piece::T);
            play(&mut g, &[TetrisMove::Rate(hz)]);
            g.play = u64::from(level) * LEVEL_SECONDS * UNITS_PER_SECOND;
            let delay_units = u64::from(ROW_DELAY_MS[level as usize]) * 3;
            let frame_units = UNITS_PER_SECOND / u64::from(hz);
            let y0 = g.falling.y;
            if delay_units >= frame_units {
                // The frames ten rows take: ten rows down, not eleven.
                let frames = (10 * delay_units).div_ceil(frame_units) as u32;
                play(&mut g, &[TetrisMove::Tick(frames)]);
                assert_eq!(g.falling.y - y0, 10, "{hz} Hz level {level}");
            } else {
                // Level 9 falls several rows a frame.
                play(&mut g, &[TetrisMove::Tick(1)]);
                assert_eq!(u64::from((g.falling.y - y0) as u8), frame_units / delay_units, "{hz} Hz level {level}");
            }
        }
    }

    #[test]
    fn no_wall_kicks_and_a_full_top_ends_the_game() {
        let mut g = with_rows(&[], Piece::I);
        play(&mut g, &[TetrisMove::Tick(40)]);
        upright_bar_to(&mut g, 0);
        assert!(g.check(&TetrisMove::Left).is_err(), "the wall stops it");
        // Turned back flat it would stick out of the wall, and no kick
        // pushes it in: the turn is refused.
        assert_eq!(g.check(&TetrisMove::TurnLeft).unwrap_err().reason(), "The piece has no room to turn.");
        let mut g = Tetris::new(5);
        let mut dropped = 0;
        while !g.over() {
            play(&mut g, &[TetrisMove::Drop]);
            dropped += 1;
            assert!(dropped < 100);
        }
        assert_eq!(g.status(), Status::Lost);
        assert_eq!(g.check(&TetrisMove::Left).unwrap_err().reason(), "The game is over.");
    }

    #[test]
    fn moves_read_back_from_their_text() {
        let g = Tetris::new(1);
        for m in [
            TetrisMove::Tick(1),
            TetrisMove::Tick(7),
            TetrisMove::Left,
            TetrisMove::Right,
            TetrisMove::TurnRight,
            TetrisMove::TurnLeft,
            TetrisMove::Drop,
            TetrisMove::Pause,
            TetrisMove::Preview,
            TetrisMove::Rate(60),
        ] {
            assert_eq!(g.parse_move(&g.move_text(&m)), Ok(m));
        }
        assert!(g.parse_move("jump").is_err());
        assert!(g.parse_move("tick x").is_err());
        assert!(g.parse_move("left 2").is_err());
        assert!(g.check(&TetrisMove::Rate(55)).is_err());
        assert!(g.check(&TetrisMove::Tick(0)).is_err());
    }

    #[test]
    fn the_same_seed_draws_the_same_pieces_and_all_seven_come() {
        let draw = |seed| {
            let mut g = Tetris::new(seed);
            let mut seen = Vec::new();
            for _ in 0..70 {
                seen.push(g.falling.piece);
                g.falling = spawn(g.next);
                g.next = Piece::from_index(g.rng.below(7));
            }
            seen
        };
        assert_eq!(draw(9), draw(9));
        assert_ne!(draw(9), draw(10));
        for p in Piece::ALL {
            assert!(draw(9).contains(&p), "{p:?}");
        }
    }
}
