//! Advice for players: a position given as tile names (a rack, the table's
//! sets, whether it is a first play), checked, and the Expert's play for it.

use super::sets::{is_valid_set, ordered};
use super::solver::{self, Play, Position};
use super::tile::{Counts, KINDS, Kind};

/// Reads a position, refusing bad tile names, a kind used more than twice
/// across the rack and the table, and table sets that are not valid.
pub fn position(rack: &[String], table: &[Vec<String>], first: bool) -> Result<Position, String> {
    let read = |names: &[String]| names.iter().map(|n| Kind::parse(n)).collect::<Result<Vec<Kind>, String>>();
    let rack = read(rack)?;
    let mut on_table = Vec::new();
    for (i, set) in table.iter().enumerate() {
        let kinds = read(set)?;
        if !is_valid_set(&ordered(kinds.clone())) {
            return Err(format!("table set {} ({}) is not a valid set", i + 1, set.join(" ")));
        }
        on_table.extend(kinds);
    }
    // Counted in full, not in a Counts (which stops at 255), so the
    // message gives the number as many as were given.
    let mut given = [0usize; KINDS];
    for k in rack.iter().chain(&on_table) {
        given[k.index()] += 1;
    }
    if let Some(k) = Kind::all().find(|k| given[k.index()] > 2) {
        let n = given[k.index()];
        return Err(format!("{k} is given {n} times across the rack and the table; there are only two"));
    }
    Ok(Position { table: Counts::of(on_table), rack: Counts::of(rack), first })
}

/// The Expert's play for `pos`, its sets ordered for reading: runs from
/// their lowest number, groups by colour, sets by their first tile.
pub fn best(pos: &Position) -> Play {
    let mut play = solver::best(pos);
    play.sets = play.sets.into_iter().map(ordered).collect();
    play.sets.sort();
    play
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn bad_positions_are_refused_with_the_reason() {
        assert!(position(&names("R14"), &[], false).unwrap_err().contains("1 to 13"));
        assert!(position(&names("G5"), &[], false).unwrap_err().contains("R, B, Y or K"));
        let e = position(&names("R1 R1"), &[names("R1 R2 R3")], false).unwrap_err();
        assert!(e.contains("R1 is given 3 times"), "{e}");
        // 256 and more are counted so, not round again from nothing.
        for n in [256, 258, 5000] {
            let e = position(&vec!["R1".to_string(); n], &[], false).unwrap_err();
            assert!(e.contains(&format!("R1 is given {n} times")), "{e}");
        }
        let e = position(&names("R1"), &[names("R1 R2 R3"), names("B1 B3 B4")], false).unwrap_err();
        assert!(e.contains("table set 2 (B1 B3 B4)"), "{e}");
        assert!(position(&names("R1"), &[names("K9 R9 B9")], true).is_ok());
    }

    #[test]
    fn the_play_is_ordered_for_reading() {
        let pos = position(&names("R3 R1 R2 K7"), &[names("Y7 B7 R7")], false).unwrap();
        let play = best(&pos);
        let text: Vec<Vec<String>> = play.sets.iter().map(|s| s.iter().map(|k| k.to_string()).collect()).collect();
        assert_eq!(text, [names("R1 R2 R3"), names("R7 B7 Y7 K7")]);
    }
}
