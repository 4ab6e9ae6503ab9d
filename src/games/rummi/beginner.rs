//! The Beginner: it does not try every combination. It lays down the runs
//! and groups it sees in its own tiles, longest runs first, then adds what
//! it can to the ends of the sets on the table; it never takes a set apart.

use super::sets::{Fit, fit, ordered};
use super::solver::{FIRST_PLAY, Play};
use super::tile::{Colour, Counts, Kind, MAX_NUMBER};

/// The Beginner's play with `rack` on a table of `sets`.
pub fn play(sets: &[Vec<Kind>], rack: Counts, first: bool) -> Play {
    let mut left = rack;
    let mut new_sets = runs(&mut left);
    new_sets.extend(groups(&mut left));
    let mut table: Vec<Vec<Kind>> = sets.iter().map(|s| ordered(s.clone())).collect();
    table.extend(new_sets);
    // Tiles that fit an end of a set, until none does.
    loop {
        let mut added = false;
        for k in left.kinds() {
            let end = table.iter().position(|s| matches!(fit(s, k), Some(Fit::Append | Fit::Prepend)));
            if let Some(i) = end {
                table[i].push(k);
                table[i] = ordered(std::mem::take(&mut table[i]));
                left.0[k.index()] -= 1;
                added = true;
            }
        }
        if !added {
            break;
        }
    }
    let mut played = rack;
    for k in Kind::all() {
        played.0[k.index()] -= left.get(k);
    }
    let value: u32 = played.kinds().iter().map(|k| u32::from(k.number())).sum();
    if first && value < FIRST_PLAY {
        return Play { played: Counts::default(), sets: sets.to_vec() };
    }
    Play { played, sets: table }
}

/// Takes the runs of three or more out of `left`, longest first.
fn runs(left: &mut Counts) -> Vec<Vec<Kind>> {
    let mut found = Vec::new();
    loop {
        let mut longest: Vec<Kind> = Vec::new();
        for colour in Colour::ALL {
            let mut run: Vec<Kind> = Vec::new();
            for n in 1..=MAX_NUMBER {
                let k = Kind::new(colour, n);
                if left.get(k) > 0 {
                    run.push(k);
                } else {
                    run.clear();
                }
                if run.len() > longest.len() {
                    longest = run.clone();
                }
            }
        }
        if longest.len() < 3 {
            return found;
        }
        longest.iter().for_each(|k| left.0[k.index()] -= 1);
        found.push(longest);
    }
}

/// Takes groups of three or four out of `left`, high numbers first.
fn groups(left: &mut Counts) -> Vec<Vec<Kind>> {
    let mut found = Vec::new();
    for n in (1..=MAX_NUMBER).rev() {
        loop {
            let group: Vec<Kind> =
                Colour::ALL.into_iter().map(|c| Kind::new(c, n)).filter(|&k| left.get(k) > 0).collect();
            if group.len() < 3 {
                break;
            }
            group.iter().for_each(|k| left.0[k.index()] -= 1);
            found.push(group);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<Kind> {
        text.split_whitespace().map(|t| Kind::parse(t).unwrap()).collect()
    }

    #[test]
    fn lays_down_what_it_sees_and_adds_to_the_ends() {
        let table = vec![kinds("B4 B5 B6"), kinds("R9 Y9 K9")];
        let p = play(&table, Counts::of(kinds("R1 R2 R3 B7 B3 B9 K12")), false);
        assert_eq!(p.tiles(), 6);
        assert!(p.sets.contains(&kinds("B3 B4 B5 B6 B7")));
        assert!(p.sets.contains(&kinds("R9 B9 Y9 K9")));
    }

    #[test]
    fn never_takes_a_set_apart() {
        // The Expert would split R1-R7 to play the R4; the Beginner cannot.
        let p = play(&[kinds("R1 R2 R3 R4 R5 R6 R7")], Counts::of(kinds("R4")), false);
        assert_eq!(p.tiles(), 0);
    }

    #[test]
    fn a_first_play_under_thirty_is_held_back() {
        let p = play(&[], Counts::of(kinds("R1 R2 R3 K8")), true);
        assert_eq!(p.tiles(), 0);
        let p = play(&[], Counts::of(kinds("R10 R11 R12 K8")), true);
        assert_eq!(p.tiles(), 3);
    }
}
