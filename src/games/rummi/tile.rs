//! The 104 tiles: numbers 1 to 13 in four colours, two of each, no jokers.
//!
//! A [`Kind`] is a colour and a number (what a player reads on a tile); a
//! [`TileId`] is one physical tile, a kind and its copy (0 or 1). The two
//! copies of a kind play alike; ids only let the rules prove that no tile is
//! ever made or lost. Kinds are written as a colour letter and the number:
//! `R5` (red), `B13` (blue), `Y7` (yellow), `K1` (black).

use std::fmt;

/// The four tile colours, in the order trays sort them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    Red,
    Blue,
    Yellow,
    Black,
}

impl Colour {
    pub const ALL: [Colour; 4] = [Colour::Red, Colour::Blue, Colour::Yellow, Colour::Black];

    /// The letter in a tile's text form.
    pub fn letter(self) -> char {
        match self {
            Colour::Red => 'R',
            Colour::Blue => 'B',
            Colour::Yellow => 'Y',
            Colour::Black => 'K',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Blue => "blue",
            Colour::Yellow => "yellow",
            Colour::Black => "black",
        }
    }

    fn from_letter(c: char) -> Option<Colour> {
        Colour::ALL.into_iter().find(|col| col.letter() == c.to_ascii_uppercase())
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

/// The highest number on a tile.
pub const MAX_NUMBER: u8 = 13;
/// Kinds of tile: 4 colours x 13 numbers.
pub const KINDS: usize = 52;
/// Copies of each kind.
pub const COPIES: usize = 2;
/// Tiles in the game.
pub const TILES: usize = KINDS * COPIES;

/// A colour and a number: the face of a tile.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Kind(u8);

impl Kind {
    /// The kind with this colour and number (1..=13).
    pub fn new(colour: Colour, number: u8) -> Kind {
        debug_assert!((1..=MAX_NUMBER).contains(&number));
        Kind(colour as u8 * MAX_NUMBER + number - 1)
    }

    /// The kind with index `i` (0..52), colour-major.
    pub fn from_index(i: usize) -> Kind {
        debug_assert!(i < KINDS);
        Kind(i as u8)
    }

    /// The kind's index (0..52): colour-major, so a colour's run is a
    /// range of indices.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    pub fn colour(self) -> Colour {
        Colour::ALL[usize::from(self.0 / MAX_NUMBER)]
    }

    pub fn number(self) -> u8 {
        self.0 % MAX_NUMBER + 1
    }

    /// Every kind, colour-major.
    pub fn all() -> impl Iterator<Item = Kind> {
        (0..KINDS).map(Kind::from_index)
    }

    /// Reads `R5`, `b13`... A number outside 1..13 or an unknown colour
    /// letter is an error that says so.
    pub fn parse(text: &str) -> Result<Kind, String> {
        let text = text.trim();
        let mut chars = text.chars();
        let Some(letter) = chars.next() else { return Err("an empty tile name".into()) };
        let colour = Colour::from_letter(letter).ok_or_else(|| {
            format!("`{text}` is not a tile: the colour letter must be R, B, Y or K (red, blue, yellow, black)")
        })?;
        let digits = chars.as_str();
        let number: u8 = match digits.parse() {
            Ok(n) if digits.chars().all(|c| c.is_ascii_digit()) => n,
            _ => return Err(format!("`{text}` is not a tile: a colour letter must be followed by a number 1-13")),
        };
        if !(1..=MAX_NUMBER).contains(&number) {
            return Err(format!("`{text}` is not a tile: numbers go from 1 to 13"));
        }
        Ok(Kind::new(colour, number))
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.colour().letter(), self.number())
    }
}

impl fmt::Debug for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// One physical tile: its kind and which of the two copies it is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TileId(u8);

impl TileId {
    pub fn new(kind: Kind, copy: usize) -> TileId {
        debug_assert!(copy < COPIES);
        TileId(kind.0 * COPIES as u8 + copy as u8)
    }

    /// Every tile of the game.
    pub fn all() -> impl Iterator<Item = TileId> {
        (0..TILES as u8).map(TileId)
    }

    pub fn kind(self) -> Kind {
        Kind(self.0 / COPIES as u8)
    }

    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Debug for TileId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}#{}", self.kind(), self.0 % COPIES as u8)
    }
}

/// How many tiles of each kind a collection holds (0, 1 or 2 in a game;
/// more when a caller adds collections up).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Counts(pub [u8; KINDS]);

impl Default for Counts {
    fn default() -> Counts {
        Counts([0; KINDS])
    }
}

impl Counts {
    pub fn of(kinds: impl IntoIterator<Item = Kind>) -> Counts {
        let mut c = Counts::default();
        // A count past 255 (only a caller's own mistake gives one: a game
        // holds two of each) stays at 255 rather than wrapping round to a
        // small count that would look right.
        for k in kinds {
            c.0[k.index()] = c.0[k.index()].saturating_add(1);
        }
        c
    }

    pub fn get(&self, k: Kind) -> u8 {
        self.0[k.index()]
    }

    pub fn total(&self) -> usize {
        self.0.iter().map(|&n| usize::from(n)).sum()
    }

    /// The kinds held, each as often as it is held, in kind order.
    pub fn kinds(&self) -> Vec<Kind> {
        Kind::all().flat_map(|k| std::iter::repeat_n(k, usize::from(self.get(k)))).collect()
    }
}

impl fmt::Debug for Counts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.kinds()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_read_and_write_their_text() {
        for k in Kind::all() {
            assert_eq!(Kind::parse(&k.to_string()), Ok(k));
        }
        assert_eq!(Kind::parse("b13"), Ok(Kind::new(Colour::Blue, 13)));
        assert_eq!(Kind::parse("K1").unwrap().colour(), Colour::Black);
        assert!(Kind::parse("R14").unwrap_err().contains("1 to 13"));
        assert!(Kind::parse("G5").unwrap_err().contains("R, B, Y or K"));
        assert!(Kind::parse("R").is_err());
        assert!(Kind::parse("R+5").is_err());
        assert!(Kind::parse("").is_err());
    }

    #[test]
    fn ids_name_each_tile_once() {
        let kinds: Vec<Kind> = TileId::all().map(TileId::kind).collect();
        assert_eq!(kinds.len(), TILES);
        assert_eq!(Counts::of(kinds).0, [2; KINDS]);
        assert_eq!(TileId::new(Kind::new(Colour::Yellow, 7), 1).kind().to_string(), "Y7");
    }

    #[test]
    fn counts_never_wrap() {
        let r1 = Kind::new(Colour::Red, 1);
        assert_eq!(Counts::of(std::iter::repeat_n(r1, 256)).get(r1), 255);
        assert_eq!(Counts::of(std::iter::repeat_n(r1, 5000)).get(r1), 255);
    }
}
