//! Series of tiles: what makes a valid set, and where a tile dropped on a
//! series goes.
//!
//! A valid set is a run (3 to 13 consecutive numbers in one colour) or a
//! group (3 or 4 tiles of one number in different colours). While a turn is
//! being played a series may be shorter than three; it is then a
//! *fragment*, which still reads as the start of a run or a group. Every
//! series on the table is a fragment or a set: tiles join a series only
//! where they fit, so nothing else can be built.

use super::tile::Kind;

/// What a series is, read from its tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Consecutive numbers in one colour, lowest first (one tile is a run
    /// and a group at once; it reads as a run).
    Run,
    /// One number in different colours.
    Group,
    /// Anything else.
    Mixed,
}

/// The shape of a series.
pub fn shape(tiles: &[Kind]) -> Shape {
    let Some(first) = tiles.first() else { return Shape::Mixed };
    let run =
        tiles.iter().enumerate().all(|(i, k)| k.colour() == first.colour() && k.number() == first.number() + i as u8);
    if run {
        return Shape::Run;
    }
    let group = tiles.iter().all(|k| k.number() == first.number())
        && tiles.iter().enumerate().all(|(i, k)| tiles[..i].iter().all(|o| o.colour() != k.colour()));
    if group { Shape::Group } else { Shape::Mixed }
}

/// Whether the tiles make a valid set: a run of 3 to 13 or a group of 3 or 4.
pub fn is_valid_set(tiles: &[Kind]) -> bool {
    match shape(tiles) {
        Shape::Run => tiles.len() >= 3,
        Shape::Group => (3..=4).contains(&tiles.len()),
        Shape::Mixed => false,
    }
}

/// The tiles of a set in the order the table shows them: a run from its
/// lowest number, a group by colour. Any other series is left as it is.
pub fn ordered(mut tiles: Vec<Kind>) -> Vec<Kind> {
    let same_colour = tiles.iter().all(|k| k.colour() == tiles[0].colour());
    if same_colour {
        tiles.sort_by_key(|k| k.number());
    } else {
        tiles.sort_by_key(|k| k.colour());
    }
    tiles
}

/// Where a tile dropped on a series goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fit {
    /// After the last tile.
    Append,
    /// Before the first tile.
    Prepend,
    /// The run is split after tile `at` (which has the dropped tile's
    /// number): `tiles[..=at]` stays, the dropped tile starts a new series
    /// with `tiles[at + 1..]`.
    Split(usize),
}

/// Where `tile` fits on `series`, if it does: the proper end of a run, the
/// end of a group, or a split of a run that holds its number inside
/// (a 5 on 3-4-5-6-7 gives 3-4-5 and 5-6-7).
pub fn fit(series: &[Kind], tile: Kind) -> Option<Fit> {
    let (first, last) = (*series.first()?, *series.last()?);
    let colour = tile.colour() == first.colour();
    let run = shape(series) == Shape::Run;
    if run && colour {
        if tile.number() == last.number() + 1 {
            return Some(Fit::Append);
        }
        if tile.number() + 1 == first.number() {
            return Some(Fit::Prepend);
        }
        let at = usize::from(tile.number().wrapping_sub(first.number()));
        if at >= 1 && at + 1 < series.len() {
            return Some(Fit::Split(at));
        }
        return None;
    }
    let group = series.len() == 1 || shape(series) == Shape::Group;
    let new_colour = series.iter().all(|k| k.colour() != tile.colour());
    (group && tile.number() == first.number() && new_colour && series.len() < 4).then_some(Fit::Append)
}

/// Why a tile does not fit a series, in words.
pub fn misfit(series: &[Kind], tile: Kind) -> String {
    let names: Vec<String> = series.iter().map(|k| k.to_string()).collect();
    format!("{tile} does not fit on {}.", names.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<Kind> {
        text.split_whitespace().map(|t| Kind::parse(t).unwrap()).collect()
    }

    #[test]
    fn sets_are_runs_of_three_or_more_and_groups_of_three_or_four() {
        assert!(is_valid_set(&kinds("R1 R2 R3")));
        assert!(is_valid_set(&kinds("B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13")));
        assert!(is_valid_set(&kinds("R5 B5 Y5")));
        assert!(is_valid_set(&kinds("R5 B5 Y5 K5")));
        assert!(!is_valid_set(&kinds("R1 R2")));
        assert!(!is_valid_set(&kinds("R1 R3 R4")));
        assert!(!is_valid_set(&kinds("R1 B2 Y3")));
        assert!(!is_valid_set(&kinds("R5 R5 B5")));
        assert!(!is_valid_set(&kinds("R12 R13 R1")));
        assert!(!is_valid_set(&[]));
    }

    #[test]
    fn a_dropped_tile_joins_the_proper_end() {
        assert_eq!(fit(&kinds("R3 R4 R5"), Kind::parse("R6").unwrap()), Some(Fit::Append));
        assert_eq!(fit(&kinds("R3 R4 R5"), Kind::parse("R2").unwrap()), Some(Fit::Prepend));
        assert_eq!(fit(&kinds("R3"), Kind::parse("R2").unwrap()), Some(Fit::Prepend));
        assert_eq!(fit(&kinds("R3"), Kind::parse("B3").unwrap()), Some(Fit::Append));
        assert_eq!(fit(&kinds("R3 B3"), Kind::parse("K3").unwrap()), Some(Fit::Append));
        assert_eq!(fit(&kinds("R3 B3 Y3 K3"), Kind::parse("R3").unwrap()), None);
        assert_eq!(fit(&kinds("R3 B3"), Kind::parse("B3").unwrap()), None);
        assert_eq!(fit(&kinds("R3 R4"), Kind::parse("B3").unwrap()), None);
        assert_eq!(fit(&kinds("R3 R4"), Kind::parse("R7").unwrap()), None);
        assert_eq!(fit(&kinds("R3 R4 R5"), Kind::parse("R3").unwrap()), None);
    }

    #[test]
    fn a_tile_inside_a_run_splits_it() {
        let run = kinds("B3 B4 B5 B6 B7");
        assert_eq!(fit(&run, Kind::parse("B5").unwrap()), Some(Fit::Split(2)));
        assert_eq!(fit(&run, Kind::parse("B4").unwrap()), Some(Fit::Split(1)));
        assert_eq!(fit(&run, Kind::parse("B7").unwrap()), None);
    }

    #[test]
    fn shapes_and_order() {
        assert_eq!(shape(&kinds("Y9")), Shape::Run);
        assert_eq!(shape(&kinds("Y9 K9")), Shape::Group);
        assert_eq!(shape(&kinds("Y9 K10")), Shape::Mixed);
        assert_eq!(ordered(kinds("K9 R9 Y9")), kinds("R9 Y9 K9"));
        assert_eq!(ordered(kinds("R9 R7 R8")), kinds("R7 R8 R9"));
    }
}
