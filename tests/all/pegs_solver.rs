//! The peg solitaire solver: shipped boards, the classic verdicts, its
//! agreement with plain exhaustive play, and `parlour solve`.

use std::path::Path;

use parlour::core::{Game, Status};
use parlour::games::pegs::board::{Board, Cell};
use parlour::games::pegs::rules::{Ending, Pegs};
use parlour::games::pegs::solver::{Verdict, solve};

use super::support::run;

fn game(text: &str) -> Pegs {
    Pegs::new(Board::parse("test.brd", text.as_bytes()).unwrap())
}

/// Plays `jumps` through the rules (each must be legal) and returns the end.
fn play_out(mut g: Pegs, jumps: &[parlour::games::pegs::rules::Jump]) -> Pegs {
    for j in jumps {
        g.check(j).unwrap_or_else(|r| panic!("{j}: {r}"));
        g.apply(j);
    }
    g
}

/// A solution must leave one stone, in a target if the board has one.
fn assert_solves(g: &Pegs, what: &str) {
    let report = solve(g, None);
    let Verdict::Solvable(jumps) = report.verdict else { panic!("{what}: {:?}", report.verdict) };
    let end = play_out(g.clone(), &jumps);
    assert_eq!(end.stones(), 1, "{what}");
    assert_eq!(end.status(), Status::Won, "{what}: {:?}", end.ending());
    assert!(jumps.len() == g.stones() - 1, "{what}: every jump removes one stone");
}

const ENGLISH_CENTRAL: &str = "Version 2\nMode: Normal\n* * y y y * *\n* * y y y * *\ny y y y y y y\ny y y E y y y\ny y y y y y y\n* * y y y * *\n* * y y y * *\n";
const FRENCH_CENTRAL: &str = "Version 2\nMode: Normal\n* * y y y * *\n* y y y y y *\ny y y y y y y\ny y y e y y y\ny y y y y y y\n* y y y y y *\n* * y y y * *\n";
/// Jumper's French board: the slot above the centre empty, the finish
/// marked below the centre.
const FRENCH_JUMPER: &str = "Version 2\nMode: Normal\n* * y y y * *\n* y y y y y *\ny y y e y y y\ny y y y y y y\ny y y Y y y y\n* y y y y y *\n* * y y y * *\n";

#[test]
fn the_english_central_game_is_solvable() {
    assert_solves(&game(ENGLISH_CENTRAL), "English central");
    let end = play_out(
        game(ENGLISH_CENTRAL),
        &match solve(&game(ENGLISH_CENTRAL), None).verdict {
            Verdict::Solvable(j) => j,
            other => panic!("{other:?}"),
        },
    );
    assert!(matches!(end.ending(), Some(Ending::InTarget(_))));
}

#[test]
fn the_french_central_game_is_unsolvable() {
    assert_eq!(solve(&game(FRENCH_CENTRAL), None).verdict, Verdict::Unsolvable);
}

#[test]
fn jumpers_french_board_is_solvable_into_its_target() {
    assert_solves(&game(FRENCH_JUMPER), "Jumper's French board");
}

#[test]
fn every_shipped_board_is_solvable_from_its_start() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("boards");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "brd") {
            let board = Board::parse(&path.display().to_string(), &std::fs::read(&path).unwrap()).unwrap();
            assert_solves(&Pegs::new(board), &path.display().to_string());
            count += 1;
        }
    }
    assert!(count >= 11, "boards/ holds the eight classic boards and our own designs, found {count}");
}

/// Whether a position can end with one stone where it may finish, by
/// trying every jump through the rules: slow, but obviously right.
fn brute_force(g: &Pegs) -> bool {
    let jumps = g.jumps();
    if jumps.is_empty() {
        return g.status() == Status::Won;
    }
    jumps.iter().any(|j| {
        let mut next = g.clone();
        next.apply(j);
        brute_force(&next)
    })
}

/// Every single-vacancy start of a small board, with and without a target
/// at each slot in turn.
fn starts(rows: &[&str], mode: &str) -> Vec<String> {
    let cells: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
    let slots: Vec<(usize, usize)> = (0..cells.len())
        .flat_map(|r| (0..cells[r].len()).map(move |c| (r, c)))
        .filter(|&(r, c)| cells[r][c] == 'y')
        .collect();
    let mut out = Vec::new();
    for &empty in &slots {
        for target in std::iter::once(None).chain(slots.iter().copied().map(Some)) {
            let text: Vec<String> = (0..cells.len())
                .map(|r| {
                    (0..cells[r].len())
                        .map(|c| {
                            let ch = if (r, c) == empty { 'e' } else { cells[r][c] };
                            if Some((r, c)) == target { ch.to_ascii_uppercase() } else { ch }
                        })
                        .map(String::from)
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect();
            out.push(format!("Version 2\nMode: {mode}\n{}\n", text.join("\n")));
        }
    }
    out
}

#[test]
fn the_solver_agrees_with_exhaustive_play_on_small_boards() {
    let cases: [(&[&str], &str); 3] = [
        (&["yyyy", "yyyy", "yyy*"], "Normal"),
        (&["*yy*", "yyyy", "yyyy"], "Normal"),
        (&["yyy", "yyy", "yy*"], "Diagonal"),
    ];
    let mut solvable = 0;
    let mut checked = 0;
    for (rows, mode) in cases {
        for text in starts(rows, mode) {
            let g = game(&text);
            let expected = brute_force(&g);
            let report = solve(&g, None);
            match &report.verdict {
                Verdict::Solvable(jumps) => {
                    assert!(expected, "solver found a solution exhaustive play has not:\n{text}");
                    assert_eq!(play_out(g.clone(), jumps).status(), Status::Won, "{text}");
                    solvable += 1;
                }
                Verdict::Unsolvable => assert!(!expected, "solver missed a solution:\n{text}"),
                Verdict::GaveUp | Verdict::TooLarge => panic!("gave up on a tiny board:\n{text}"),
            }
            checked += 1;
        }
    }
    assert!(solvable >= 5 && solvable < checked, "{solvable} of {checked} starts solvable: both kinds are tested");
}

#[test]
fn a_hint_keeps_the_game_solvable_and_a_dead_position_has_none() {
    let mut g = game(ENGLISH_CENTRAL);
    for _ in 0..5 {
        let hint = g.hint().expect("a solvable position has a hint");
        g.check(&hint).unwrap();
        g.apply(&hint);
    }
    assert!(matches!(solve(&g, None).verdict, Verdict::Solvable(_)));
    // Only d1-b1 leads on: c1-e1 would strand a1 and e1.
    let stuck = game("Version 2\nMode: Normal\ny e y y e\n");
    assert_eq!(stuck.hint(), Some(parlour::games::pegs::rules::Jump { from: (0, 3), to: (0, 1) }));
    let lost = game("Version 2\nMode: Normal\ny e e y e\n");
    assert_eq!(solve(&lost, None).verdict, Verdict::Unsolvable);
    assert_eq!(lost.hint(), None);
}

/// A search that gives up has looked at as many positions as its limit
/// allows, never more (a layer of the beam once went past it).
#[test]
fn a_small_limit_gives_up_rather_than_guessing() {
    for limit in (1..=60).chain([221, 1000]) {
        let report = solve(&game(ENGLISH_CENTRAL), Some(limit));
        assert_eq!(report.verdict, Verdict::GaveUp, "--nodes {limit}");
        assert_eq!(report.positions, limit, "--nodes {limit}");
    }
}

/// A board of more slots than the solver takes is told apart from a
/// search that gave up: no jump made on it would change that.
#[test]
fn a_board_of_more_than_128_slots_is_too_large_not_given_up() {
    let row = "y".repeat(12) + "e\n";
    let big = game(&format!("Version 2\nMode: Normal\n{}", row.repeat(10)));
    assert_eq!(solve(&big, None).verdict, Verdict::TooLarge);
}

#[test]
fn targets_decide_where_the_last_stone_may_stand() {
    let g = game("Version 2\nMode: Normal\ny y e E\n");
    // a1-c1 leaves the stone on c1, not on the target d1.
    assert_eq!(solve(&g, None).verdict, Verdict::Unsolvable);
    let without = game("Version 2\nMode: Normal\ny y e e\n");
    assert!(matches!(solve(&without, None).verdict, Verdict::Solvable(_)));
    assert!(matches!(without.board().cell(0, 3), Cell::Slot { stone: None, target: false }));
}

#[test]
fn parlour_solve_prints_the_jumps_or_unsolvable() {
    let english = Path::new(env!("CARGO_MANIFEST_DIR")).join("boards/English.brd");
    let out = run(&["solve", &english.to_string_lossy()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("solvable in 31 jumps"));
    let jumps: Vec<&str> = lines.collect();
    assert_eq!(jumps.len(), 31);
    let board = Board::parse("english.brd", &std::fs::read(&english).unwrap()).unwrap();
    let mut g = Pegs::new(board);
    for j in jumps {
        let jump = g.parse_move(j).unwrap();
        g.check(&jump).unwrap();
        g.apply(&jump);
    }
    assert_eq!(g.status(), Status::Won);

    let scratch = tempfile::tempdir().unwrap();
    let french = scratch.path().join("french-central.brd");
    std::fs::write(&french, FRENCH_CENTRAL).unwrap();
    let out = run(&["solve", &french.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(1), "proved unsolvable exits 1, as for a deal");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "unsolvable\n");
}

/// `parlour solve` takes a board's id, as `parlour play` does, and says
/// "1 jump" and "1 position", each line of it ended.
#[test]
fn parlour_solve_takes_a_board_id_and_counts_in_words() {
    let by_id = run(&["solve", "pegs/english"]);
    assert!(by_id.status.success(), "{}", String::from_utf8_lossy(&by_id.stderr));
    assert!(String::from_utf8_lossy(&by_id.stdout).starts_with("solvable in 31 jumps\nd2-d4\n"));
    let refused = run(&["solve", "pegs/english", "--seed", "2"]);
    assert_eq!(refused.status.code(), Some(3));
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(said.contains("--seed is for card games: a peg board has one game, not numbered deals"), "{said}");
    let scratch = tempfile::tempdir().unwrap();
    let one = scratch.path().join("one.brd");
    std::fs::write(&one, "Version 2\nMode: Normal\ny y e\n").unwrap();
    let out = run(&["solve", &one.to_string_lossy()]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "solvable in 1 jump\na1-c1\n");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "1 position searched\n");
}

/// `--json` and `--quiet` answer for a board as for a deal, and the
/// options only a deal has are refused.
#[test]
fn parlour_solve_on_a_board_speaks_json_or_only_its_exit_code() {
    let english = Path::new(env!("CARGO_MANIFEST_DIR")).join("boards/English.brd");
    let english = english.to_string_lossy();
    let quiet = run(&["solve", &english, "--quiet"]);
    assert_eq!((quiet.status.code(), quiet.stdout.is_empty()), (Some(0), true));
    let json = String::from_utf8(run(&["solve", &english, "--json"]).stdout).unwrap();
    assert!(
        json.starts_with("{\"game\":") && json.contains("\"result\":\"won\",\"limit\":null,\"moves\":[\"d2-d4\","),
        "{json}"
    );
    let moves = json.split_once("\"moves\":[").and_then(|(_, rest)| rest.split_once(']')).map(|(moves, _)| moves);
    assert_eq!(moves.map(|m| m.split(',').count()), Some(31), "{json}");
    let undecided = run(&["solve", &english, "--nodes", "10", "--quiet"]);
    assert_eq!(undecided.status.code(), Some(2));
    // The limit reached is named, as a deal's is: a board has only one.
    let undecided = String::from_utf8(run(&["solve", &english, "--nodes", "10", "--json"]).stdout).unwrap();
    assert!(undecided.contains("\"result\":\"undecided\",\"limit\":\"nodes\",\"moves\":[]"), "{undecided}");
    let refused = run(&["solve", &english, "--mode", "hard"]);
    assert_eq!(refused.status.code(), Some(3));
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(said.contains("--mode is for card games: a peg board has no modes, no easy and hard rules"), "{said}");
    let refused = run(&["solve", &english, "--seconds", "5"]);
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(said.contains("--seconds is for card games: a peg board's search is bounded by --nodes alone"), "{said}");
}

/// `parlour solve` on a board stops at its position limit and says so
/// (the default is 4,000,000: see `parlour solve --help`).
#[test]
fn parlour_solve_on_a_board_stops_at_its_limit_and_says_so() {
    let german = Path::new(env!("CARGO_MANIFEST_DIR")).join("boards/German.brd");
    let out = run(&["solve", &german.to_string_lossy(), "--nodes", "1000"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty(), "{}", String::from_utf8_lossy(&out.stdout));
    // Stopped at the limit, not past it, as a deal's search is.
    let said = String::from_utf8_lossy(&out.stderr);
    let searched = said
        .strip_prefix("parlour: undecided after ")
        .and_then(|r| r.strip_suffix(" positions; try a larger --nodes\n"));
    assert!(searched.and_then(|n| n.parse::<u64>().ok()).is_some_and(|n| n == 1000), "{said}");
    let help = String::from_utf8_lossy(&run(&["solve", "--help"]).stdout).to_string();
    assert!(help.contains("4,000,000 for a board"), "{help}");
    // One position is said as one.
    let out = run(&["solve", &german.to_string_lossy(), "--nodes", "1"]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(said, "parlour: undecided after 1 position; try a larger --nodes\n");
}
