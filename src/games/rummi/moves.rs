//! Moves and their text form. Every move is made by the side whose turn it
//! is; tiles are named by their kind, and table series by their index in
//! reading order.
//!
//! ```text
//! R5 > 3          R5 from the tray onto series 3 (joins its proper end or splits it)
//! R5 > 2:7        R5 from the tray to a new series at row 2, column 7
//! R5 in 3 > 0     R5 taken from series 3 onto series 0
//! R5 in 3 > tray  R5, played from the tray this turn, back to the tray
//! swap R5 for B9  one of the mover's two R5 for one of the other side's two B9
//! ok              end the turn (the table must be valid)
//! draw            take a tile from the pile (nothing moved this turn), or pass when it is empty
//! penalty         invalid series back to the tray, and five tiles from the pile
//! single on       the program stops playing (single off: it plays again)
//! ```

use std::fmt;

use super::tile::Kind;

/// Where a moved tile comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The mover's tray.
    Tray(Kind),
    /// A series on the table.
    Table { series: usize, kind: Kind },
}

impl Source {
    pub fn kind(self) -> Kind {
        match self {
            Source::Tray(k) | Source::Table { kind: k, .. } => k,
        }
    }
}

/// Where a moved tile goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Onto a series: the proper end, or a split.
    Series(usize),
    /// A new series at a free cell.
    Cell { row: u16, col: u16 },
    /// Back to the mover's tray.
    Tray,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    Put { from: Source, to: Target },
    Swap { give: Kind, take: Kind },
    Done,
    Draw,
    Penalty,
    Single(bool),
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Put { from, to } => {
                match from {
                    Source::Tray(k) => write!(f, "{k}")?,
                    Source::Table { series, kind } => write!(f, "{kind} in {series}")?,
                }
                match to {
                    Target::Series(s) => write!(f, " > {s}"),
                    Target::Cell { row, col } => write!(f, " > {row}:{col}"),
                    Target::Tray => write!(f, " > tray"),
                }
            }
            Move::Swap { give, take } => write!(f, "swap {give} for {take}"),
            Move::Done => f.write_str("ok"),
            Move::Draw => f.write_str("draw"),
            Move::Penalty => f.write_str("penalty"),
            Move::Single(on) => write!(f, "single {}", if on { "on" } else { "off" }),
        }
    }
}

fn number<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, String> {
    text.trim().parse().map_err(|_| format!("`{}` is not {what}", text.trim()))
}

impl Move {
    /// Reads a move's text form (see the module notes).
    pub fn parse(text: &str) -> Result<Move, String> {
        let t = text.trim();
        match t {
            "ok" => return Ok(Move::Done),
            "draw" => return Ok(Move::Draw),
            "penalty" => return Ok(Move::Penalty),
            "single on" => return Ok(Move::Single(true)),
            "single off" => return Ok(Move::Single(false)),
            _ => {}
        }
        if let Some(rest) = t.strip_prefix("swap ") {
            let (give, take) = rest.split_once(" for ").ok_or("a swap is `swap R5 for B9`")?;
            return Ok(Move::Swap { give: Kind::parse(give)?, take: Kind::parse(take)? });
        }
        let (from, to) = t.split_once('>').ok_or_else(|| format!("`{t}` is not a Rummi move"))?;
        let from = match from.trim().split_once(" in ") {
            Some((kind, series)) => {
                Source::Table { series: number(series, "a series number")?, kind: Kind::parse(kind)? }
            }
            None => Source::Tray(Kind::parse(from)?),
        };
        let to = to.trim();
        let to = if to == "tray" {
            Target::Tray
        } else if let Some((row, col)) = to.split_once(':') {
            Target::Cell { row: number(row, "a row number")?, col: number(col, "a column number")? }
        } else {
            Target::Series(number(to, "a series number, ROW:COL or `tray`")?)
        };
        Ok(Move::Put { from, to })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_move_reads_back_from_its_text() {
        let k = |t| Kind::parse(t).unwrap();
        let moves = [
            Move::Put { from: Source::Tray(k("R5")), to: Target::Series(3) },
            Move::Put { from: Source::Tray(k("B13")), to: Target::Cell { row: 2, col: 17 } },
            Move::Put { from: Source::Table { series: 4, kind: k("K1") }, to: Target::Series(0) },
            Move::Put { from: Source::Table { series: 0, kind: k("Y7") }, to: Target::Tray },
            Move::Swap { give: k("R5"), take: k("B9") },
            Move::Done,
            Move::Draw,
            Move::Penalty,
            Move::Single(true),
            Move::Single(false),
        ];
        for m in moves {
            assert_eq!(Move::parse(&m.to_string()), Ok(m), "{m}");
        }
        assert_eq!(moves[2].to_string(), "K1 in 4 > 0");
        assert!(Move::parse("R14 > 2").unwrap_err().contains("1 to 13"));
        assert!(Move::parse("R5 > x").unwrap_err().contains("series number"));
        assert!(Move::parse("dance").is_err());
        assert!(Move::parse("swap R5").is_err());
    }
}
