//! Sokoban: the shipped levels and their solutions, `parlour sokoban
//! check` on every kind of line and file, broken files reported by line,
//! undo back to the start through the view, a scripted game won by keys
//! (`shot --events`), and the level chooser's marks.

use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::Arc;

use parlour::core::Session;
use parlour::games::sokoban::level::{Level, parse_set};
use parlour::games::sokoban::rules::{LevelVariant, Sokoban, parse_lurd};
use parlour::gfx::Rect;
use parlour::host::{Controller, Opening};
use parlour::machines::{Button, Command, Input, Key, Machine, MachineChoice, MachineId, Modifiers};
use parlour::views::View;
use parlour::views::sokoban::{Place, SokobanBoard};

use super::support::{parlour, run_fed, run_fed_ok};

fn shipped_sets() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("boards/sokoban");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.retain(|p| p.extension().is_some_and(|e| e == "xsb"));
    files.sort();
    files
}

fn parlour_set() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("boards/sokoban/parlour.xsb")
}

fn level(file: &Path, number: usize) -> Level {
    parse_set(file, &std::fs::read(file).unwrap()).levels.remove(number - 1).unwrap()
}

#[test]
fn every_shipped_level_is_solved_by_its_stored_solution() {
    let sets = shipped_sets();
    assert!(sets.contains(&parlour_set()));
    for file in sets {
        let set = parse_set(&file, &std::fs::read(&file).unwrap());
        assert!(set.problems().is_empty(), "{}: {:?}", file.display(), set.problems());
        if file == parlour_set() {
            assert!(set.levels.len() >= 20, "only {} levels of our own", set.levels.len());
        }
        for (i, level) in set.levels.into_iter().enumerate() {
            let level = level.unwrap();
            let lurd =
                level.solution.clone().unwrap_or_else(|| panic!("{} level {} has no solution", file.display(), i + 1));
            let mut g = Sokoban::new(Arc::new(level));
            for d in parse_lurd(&lurd).unwrap() {
                g.step(d).unwrap_or_else(|why| panic!("level {}: {why}", i + 1));
            }
            assert!(g.is_solved(), "{} level {}: {lurd} does not solve it", file.display(), i + 1);
            // The solution's upper case letters are exactly its pushes.
            assert_eq!(lurd.chars().filter(char::is_ascii_uppercase).count() as u32, g.pushes(), "level {}", i + 1);
        }
    }
}

/// The solver finds each of our levels' fewest pushes, which the levels
/// were made with (examples/sokoban_levels.rs counts them by pulling back
/// from the goals): on level 21, A* that kept the first way it reached
/// a position found 35 pushes, not 33.
#[test]
fn the_solver_finds_the_fewest_pushes_of_every_level_of_ours() {
    use parlour::games::sokoban::solver::{Limits, Verdict, solve};
    let file = parlour_set();
    let set = parse_set(&file, &std::fs::read(&file).unwrap());
    for (i, level) in set.levels.into_iter().enumerate() {
        let level = level.unwrap();
        let stored = level.solution.as_deref().unwrap().chars().filter(char::is_ascii_uppercase).count();
        let report = solve(&Sokoban::new(Arc::new(level)), &Limits::default());
        let Verdict::Solved { pushes, .. } = report.verdict else { panic!("level {}: {report:?}", i + 1) };
        assert_eq!(pushes, stored, "level {}", i + 1);
    }
}

/// `parlour sokoban check FILE --level N --moves LURD`.
fn check(file: &Path, level: usize, moves: &str) -> Output {
    parlour()
        .args(["sokoban", "check"])
        .arg(file)
        .args(["--level", &level.to_string(), "--moves", moves])
        .output()
        .unwrap()
}

fn out(o: &Output) -> (Option<i32>, String, String) {
    (o.status.code(), String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned())
}

#[test]
fn check_says_solved_not_solved_or_illegal_with_its_exit_code() {
    let file = parlour_set();
    let solution = level(&file, 1).solution.unwrap();
    assert_eq!(solution, "LLulldRldRRRlluurDldR", "level 1 changed: update this test");
    let (code, stdout, _) = out(&check(&file, 1, &solution));
    assert_eq!((code, stdout.as_str()), (Some(0), "solved moves=21 pushes=8\n"));
    // A lower-case push is accepted.
    let (code, stdout, _) = out(&check(&file, 1, &solution.to_lowercase()));
    assert_eq!((code, stdout.as_str()), (Some(0), "solved moves=21 pushes=8\n"));
    let (code, stdout, _) = out(&check(&file, 1, "LLu"));
    assert_eq!((code, stdout.as_str()), (Some(1), "not solved moves=3 pushes=2\n"));
    // The fourth step left would push the can into the wall.
    let (code, stdout, _) = out(&check(&file, 1, "llllr"));
    assert_eq!((code, stdout.as_str()), (Some(1), "illegal move 4\n"));
    // Counts as in Solution lines: `3L` is `LLL`.
    let counted = "2Lu2ldRld3R2l2urDldR";
    assert_eq!(out(&check(&file, 1, counted)), (Some(0), "solved moves=21 pushes=8\n".into(), String::new()));
    // Moves that do not read are a usage error, as any option's value
    // that cannot be taken is (exit 64), not a malformed file (exit 2):
    // refused before the file is read.
    for file in [file.clone(), PathBuf::from("no-such-file.xsb")] {
        let (code, stdout, stderr) = out(&check(&file, 0, "l"));
        assert_eq!((code, stdout.as_str()), (Some(64), ""), "{stderr}");
        let said = "error: invalid value '0' for '--level <N>': give the level's number: levels are counted from 1";
        assert_eq!(stderr.lines().next(), Some(said));
        let (code, stdout, stderr) = out(&check(&file, 1, "3L0u"));
        assert_eq!((code, stdout.as_str()), (Some(64), ""), "{stderr}");
        assert_eq!(
            stderr.lines().next(),
            Some(
                "error: invalid value '3L0u' for '--moves <LURD>': the count before `u` (character 4) is 0, which \
                 repeats nothing"
            )
        );
    }
    // Walking into a wall, and pushing a can into a can.
    let dir = tempfile::tempdir().unwrap();
    let two = dir.path().join("two.xsb");
    std::fs::write(&two, "########\n#@$$ ..#\n#      #\n########\n").unwrap();
    assert_eq!(out(&check(&two, 1, "u")).1, "illegal move 1\n");
    assert_eq!(out(&check(&two, 1, "dR")).1, "not solved moves=2 pushes=0\n");
    assert_eq!(out(&check(&two, 1, "R")).1, "illegal move 1\n");
    assert_eq!(out(&check(&two, 1, "drrruL")).1, "illegal move 6\n");
}

#[test]
fn a_malformed_file_gives_file_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("none.xsb", "; x\n#####\n#$ .#\n#####\n", ":2: the level has no pusher"),
        ("two.xsb", "######\n#@$.@#\n######\n", ":2: a second pusher"),
        ("count.xsb", "######\n#@$$.#\n######\n", ":1: 2 cans but 1 goal:"),
        ("char.xsb", "Title: x\n\n#####\n#@$.#\n#?  #\n#####\n", ":5: unknown character `?` in column 2"),
        ("open.xsb", "#####\n#@$.#\n#  ##\n# #\n", ":4: the level is not closed by walls"),
        // A run-length count of 0 is told as the count it is, not as a
        // row left open.
        ("zero.xsb", "#####\n#@$.0#\n#####\n", ":2: the count before `#` (column 6) is 0, which repeats nothing"),
    ];
    for (name, text, message) in cases {
        let file = dir.path().join(name);
        std::fs::write(&file, text).unwrap();
        let (code, stdout, stderr) = out(&check(&file, 1, "r"));
        assert_eq!(code, Some(2), "{name}: {stdout}{stderr}");
        assert!(stderr.starts_with(&format!("{}{message}", file.display())), "{name}: {stderr}");
    }
    // The good levels of a broken file still load in the game.
    let mixed = dir.path().join("mixed.xsb");
    std::fs::write(&mixed, "#####\n#@$.#\n#####\n\n#####\n#@$?#\n#####\n\n#####\n#.$@#\n#####\n").unwrap();
    let set = parse_set(&mixed, &std::fs::read(&mixed).unwrap());
    let ok: Vec<bool> = set.levels.iter().map(Result::is_ok).collect();
    assert_eq!(ok, [true, false, true]);
    let lint = parlour().arg("lint").arg(&mixed).output().unwrap();
    assert_eq!(lint.status.code(), Some(1));
    let said = String::from_utf8_lossy(&lint.stdout);
    assert_eq!(said.trim(), format!("{}:6: error: unknown character `?` in column 4", mixed.display()));
    let shot = dir.path().join("x.png");
    let played = parlour().args(["shot", &format!("{}:3", mixed.display()), "-o"]).arg(&shot).output().unwrap();
    assert!(played.status.success(), "{}", String::from_utf8_lossy(&played.stderr));
}

/// A file with no level in it (empty, or comments and titles only): lint
/// says so as an error, in the words and on the line that `sokoban check`
/// and `sokoban solve` use.
#[test]
fn a_file_without_a_level_is_an_error_for_lint_as_for_play() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in [("empty.xsb", ""), ("comments.xsb", "; only a comment\nTitle: none\n\n")] {
        let file = dir.path().join(name);
        std::fs::write(&file, text).unwrap();
        let told = format!("{}:1: the file holds no level", file.display());
        let lint = parlour().arg("lint").arg(&file).output().unwrap();
        assert_eq!(lint.status.code(), Some(1), "{name}");
        // Lint labels its errors, as it does its warnings.
        let linted = told.replacen(":1: ", ":1: error: ", 1);
        assert_eq!(String::from_utf8_lossy(&lint.stdout).trim(), linted, "{name}");
        let (code, _, stderr) = out(&check(&file, 1, "r"));
        assert_eq!(code, Some(2), "{name}: {stderr}");
        assert!(stderr.contains(&told), "{name}: {stderr}");
        let solved = parlour().args(["sokoban", "solve"]).arg(&file).args(["--level", "1"]).output().unwrap();
        assert!(String::from_utf8_lossy(&solved.stderr).contains(&told), "{name}: {solved:?}");
    }
}

/// A level whose cans all start on goals has nothing to do: lint and
/// `solve` tell it as the other mistakes are told (file and line), and it
/// is left out of the set, so that "Levels solved" can reach the end.
#[test]
fn a_level_with_every_can_on_a_goal_is_a_mistake() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("done.xsb");
    std::fs::write(&file, "#####\n#@$.#\n#####\n\n#####\n#@* #\n#####\n").unwrap();
    let told = format!("{}:5: every can is on a goal already: there is nothing to do", file.display());
    let (code, stdout, _) = out(&parlour().arg("lint").arg(&file).output().unwrap());
    assert_eq!((code, stdout.trim()), (Some(1), told.replacen(":5: ", ":5: error: ", 1).as_str()));
    let (code, stdout, stderr) =
        out(&parlour().args(["sokoban", "solve"]).arg(&file).args(["--level", "2"]).output().unwrap());
    assert_eq!(code, Some(2), "{stdout}{stderr}");
    assert!(stderr.contains(&told), "{stderr}");
    let set = parse_set(&file, &std::fs::read(&file).unwrap());
    assert_eq!(set.good(), [1]);
}

/// A `;` comment line between the rows of a level is skipped: the level
/// reads whole, as if the line were not there.
#[test]
fn a_comment_inside_a_level_is_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("noted.xsb");
    std::fs::write(&file, "#####\n; the can goes right\n#@$.#\n#####\n").unwrap();
    let set = parse_set(&file, &std::fs::read(&file).unwrap());
    assert_eq!(set.levels.len(), 1);
    let level = set.levels[0].as_ref().unwrap();
    assert_eq!((level.width, level.height, level.line), (5, 3, 1));
    let (code, stdout, _) = out(&parlour().arg("lint").arg(&file).output().unwrap());
    assert_eq!((code, stdout.trim()), (Some(0), format!("{}: no problems found", file.display()).as_str()));
}

/// Lines ending in a lone CR, as a classic Mac (the SE/30's own) writes
/// them, read as LF and CR LF lines do; a tab where a square should be is
/// named as a tab, not as an escape code.
#[test]
fn old_mac_line_ends_read_and_a_tab_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cr.xsb");
    std::fs::write(&file, "#####\r#@$.#\r#####\r\r#####\r#.$@#\r#####\r").unwrap();
    let set = parse_set(&file, &std::fs::read(&file).unwrap());
    assert_eq!(set.good(), [1, 2]);
    assert_eq!(set.levels[1].as_ref().unwrap().line, 5);
    let tabbed = dir.path().join("tab.xsb");
    std::fs::write(&tabbed, "#####\n#@$.#\t\n#####\n").unwrap();
    let (code, stdout, _) = out(&parlour().arg("lint").arg(&tabbed).output().unwrap());
    let told = format!("{}:2: error: a tab in column 6: floor is written as a space, `-` or `_`", tabbed.display());
    assert_eq!((code, stdout.trim()), (Some(1), told.as_str()));
}

/// A boards folder is linted with its `sokoban` folder of level sets,
/// where the guide tells players to put theirs: a broken set there fails
/// the boards folder, a good one passes it, and `parlour lint` alone
/// checks the data folder's boards once, sets and all.
#[test]
fn lint_checks_a_boards_folder_with_its_level_sets() {
    let data = tempfile::tempdir().unwrap();
    let boards = data.path().join("boards");
    std::fs::create_dir_all(boards.join("sokoban")).unwrap();
    let lint = |args: &[&Path]| {
        let mut command = parlour();
        command.env("PARLOUR_DATA_DIR", data.path()).current_dir(data.path()).arg("lint").args(args);
        out(&command.output().unwrap())
    };
    std::fs::write(boards.join("sokoban/x.xsb"), "#####\n#@$.#\n#####\n").unwrap();
    let (code, stdout, stderr) = lint(&[&boards]);
    assert_eq!(
        (code, stdout.trim()),
        (Some(0), format!("{}: no problems found", boards.display()).as_str()),
        "{stderr}"
    );
    let (code, stdout, stderr) = lint(&[]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    // Run in the data folder, its boards folder is ./boards too.
    assert!(stdout.lines().any(|l| l == "boards: no problems found"), "{stdout}");
    assert!(!stdout.contains("boards/sokoban:"), "the sets are checked with their boards folder: {stdout}");
    let english = Path::new(env!("CARGO_MANIFEST_DIR")).join("boards/English.brd");
    std::fs::copy(english, boards.join("English.brd")).unwrap();
    let bad = boards.join("sokoban/bad.xsb");
    std::fs::write(&bad, "#####\n#@$?#\n#####\n").unwrap();
    let (code, stdout, _) = lint(&[&boards]);
    let error = format!("{}:2: error: unknown character `?` in column 4", bad.display());
    // Each file that passes says so still, the sokoban folder's too: the
    // author of the broken one sees the others are fine.
    let passing = |file: &str| format!("{}: no problems found", boards.join(file).display());
    assert_eq!(stdout.lines().collect::<Vec<_>>(), [error.clone(), passing("English.brd"), passing("sokoban/x.xsb")]);
    assert_eq!(code, Some(1));
    let (code, stdout, _) = lint(&[Path::new("--quiet"), &boards]);
    assert_eq!((code, stdout.trim()), (Some(1), error.as_str()), "--quiet prints only the problems");
}

/// A level file that is no text is refused as such by check, lint and
/// play alike, naming the file and the line where it shows.
#[test]
fn a_level_file_that_is_no_text_is_refused_as_such() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("picture.xsb");
    std::fs::write(&file, b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\x01\0").unwrap();
    let told = format!("{}:3: not a text file (it holds NUL bytes)", file.display());
    let (code, _, stderr) = out(&check(&file, 1, "r"));
    assert_eq!((code, stderr.lines().next()), (Some(2), Some(told.as_str())));
    let lint = parlour().arg("lint").arg(&file).output().unwrap();
    assert_eq!(
        (lint.status.code(), String::from_utf8_lossy(&lint.stdout).trim()),
        (Some(1), told.replacen(":3: ", ":3: error: ", 1).as_str())
    );
    let played = parlour().env("PARLOUR_DATA_DIR", dir.path()).arg("play").arg(&file).output().unwrap();
    assert!(!played.status.success());
    assert!(String::from_utf8_lossy(&played.stderr).contains(&told), "{played:?}");
}

/// A Solution line that cannot be read, or is no solution of its level,
/// is a problem of the file, told of as `file:line: message` as a broken
/// level is: `check` and `solve` report it (and `check` exits 2), lint
/// lists it; its level still plays.
#[test]
fn a_solution_that_is_none_is_reported_by_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("sol.xsb");
    let good = "#####\n#@$.#\n#####\n";
    std::fs::write(
        &file,
        format!("{good}Solution: RXQ\n\n{good}Solution: 0r\n\n{good}Solution: L\n\n{good}Solution: R\n"),
    )
    .unwrap();
    let shown = file.display();
    let problems = format!(
        "{shown}:4: the solution cannot be read: `X` (character 2) is not one of l, u, r, d\n\
         {shown}:9: the solution cannot be read: the count before `r` (character 2) is 0, which repeats nothing\n\
         {shown}:14: the solution's step 1 cannot be made: a wall is in the way\n"
    );
    assert_eq!(out(&check(&file, 4, "R")), (Some(2), "solved moves=1 pushes=1\n".into(), problems.clone()));
    assert_eq!(out(&check(&file, 1, "R")), (Some(2), "solved moves=1 pushes=1\n".into(), problems.clone()));
    let lint = parlour().arg("lint").arg(&file).output().unwrap();
    let linted = problems.replace(": the solution", ": error: the solution");
    assert_eq!((lint.status.code(), String::from_utf8_lossy(&lint.stdout).into_owned()), (Some(1), linted));
    let solved = parlour().args(["sokoban", "solve"]).arg(&file).args(["--level", "1"]).output().unwrap();
    let (code, _, stderr) = out(&solved);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.starts_with(&problems), "{stderr}");
}

/// An empty level file among the sets is left out and told of, as a file
/// whose only level is broken is (the launcher's warning and the level
/// chooser's box come from the same list).
#[test]
fn an_empty_level_file_among_the_sets_is_told_of() {
    let data = tempfile::tempdir().unwrap();
    let sets = data.path().join("boards/sokoban");
    std::fs::create_dir_all(&sets).unwrap();
    std::fs::write(sets.join("empty.xsb"), "").unwrap();
    std::fs::write(sets.join("broken.xsb"), "#####\n#@$?#\n#####\n").unwrap();
    let listed = parlour().env("PARLOUR_DATA_DIR", data.path()).arg("list").output().unwrap();
    let warned = String::from_utf8_lossy(&listed.stderr).into_owned();
    for told in [
        format!("warning: Empty is left out: {}:1: the file holds no level", sets.join("empty.xsb").display()),
        format!(
            "warning: Broken 1 is left out: {}:2: unknown character `?` in column 4",
            sets.join("broken.xsb").display()
        ),
    ] {
        assert!(warned.lines().any(|l| l == told), "{told} not in {warned}");
    }
}

/// A level asked for in a file that is not there names the file and the
/// level apart: `FILE:N: ...` would read as a problem on line N.
#[test]
fn a_level_of_a_missing_file_names_the_file_and_the_level() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("lv/sol.xsb");
    let shot = parlour()
        .env("PARLOUR_DATA_DIR", dir.path())
        .args(["shot", &format!("{}:2", missing.display()), "-o"])
        .arg(dir.path().join("x.png"))
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&shot.stderr);
    assert!(!shot.status.success());
    assert_eq!(
        said.trim(),
        format!("parlour: {}: no such file or folder (its level 2 was asked for)", missing.display())
    );
}

/// One broken level does not keep the rest of its file from play:
/// `check` still reports every broken level (file, line, what is wrong)
/// and exits 2, though it checks the moves on a good level; `play` of the
/// file opens its first good level, whose status line names the levels
/// left out; `solve` solves a good level. A file with no good level is
/// still refused.
#[test]
fn a_broken_level_leaves_the_rest_of_its_file_playable() {
    let dir = tempfile::tempdir().unwrap();
    let mixed = dir.path().join("mixed.xsb");
    let good = "#####\n#@$.#\n#####\n";
    std::fs::write(&mixed, format!("######\n#@$.@#\n######\n\n{good}\n#####\n#@$.#\n#?  #\n#####\n\n{good}")).unwrap();
    let shown = mixed.display();
    let problems = format!(
        "{shown}:2: a second pusher: a level has one `@` or `+`\n{shown}:11: unknown character `?` in column 2\n"
    );
    assert_eq!(out(&check(&mixed, 2, "R")), (Some(2), "solved moves=1 pushes=1\n".into(), problems.clone()));
    // Which of them is the level asked for is said last, by its line.
    let broken = format!("parlour: level 1 cannot be played: {shown}:2: a second pusher: a level has one `@` or `+`\n");
    assert_eq!(out(&check(&mixed, 1, "R")), (Some(2), String::new(), format!("{problems}{broken}")));
    // A file with no level has no level 1, broken or not.
    let empty = dir.path().join("empty.xsb");
    std::fs::write(&empty, "Title: x\n\n").unwrap();
    let none = format!(
        "{0}:1: the file holds no level\nparlour: {0}: there is no level 1: the file holds no level\n",
        empty.display()
    );
    assert_eq!(out(&check(&empty, 1, "R")), (Some(2), String::new(), none));
    // A level the file does not have is the command line's mistake.
    let (code, _, stderr) = out(&check(&mixed, 9, "R"));
    assert_eq!(code, Some(parlour::app::cli::USAGE_ERROR));
    assert!(stderr.starts_with(&problems) && stderr.contains("there is no level 9"), "{stderr}");
    let solved = parlour().args(["sokoban", "solve"]).arg(&mixed).args(["--level", "4"]).output().unwrap();
    let (code, stdout, stderr) = out(&solved);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.starts_with("solvable in 1 push ") && stderr.starts_with(&problems), "{stdout}{stderr}");

    let places = parlour::host::Places { data_dir: dir.path().to_path_buf(), ..parlour::app::catalog::places() };
    let game = parlour::host::find(&shown.to_string(), &places).unwrap();
    // A set no board folder holds goes by an id made from where it lies.
    assert!(game.game_id.starts_with("sokoban/mixed-") && game.game_id.ends_with("/2"), "{}", game.game_id);
    let mut view = parlour::host::open(&game, &places, &Opening::default()).unwrap();
    assert_eq!(view.message(), "Levels 1, 3 left out: mixed.xsb:2, 11.");
    let why = view.command(&Command::View(parlour::views::sokoban::FILE_PROBLEMS));
    let Some(parlour::views::Response::Ask(why)) = why else { panic!("no box of the levels left out: {why:?}") };
    assert_eq!(why.lines[2], "Level 3, line 11: unknown character `?` in column 2.");
    let next = view.command(&Command::View(parlour::views::sokoban::NEXT_LEVEL));
    assert!(
        matches!(&next, Some(parlour::views::Response::Command(Command::Play(t))) if t.ends_with("mixed.xsb:4")),
        "{next:?}"
    );
    let shot = dir.path().join("x.png");
    let played = parlour().args(["shot", &shown.to_string(), "-o"]).arg(&shot).output().unwrap();
    assert!(played.status.success(), "{}", String::from_utf8_lossy(&played.stderr));

    let broken = dir.path().join("broken.xsb");
    std::fs::write(&broken, "######\n#@$.@#\n######\n").unwrap();
    let refused = parlour::host::find(&broken.display().to_string(), &places).unwrap_err();
    let b = broken.display();
    assert_eq!(refused, format!("{b}: no level can be played: {b}:2: a second pusher: a level has one `@` or `+`"));
}

fn machine() -> (Machine, Rect) {
    let m = Machine::new(&MachineChoice { id: Some(MachineId::AmigaPal), ..Default::default() }, MachineId::AmigaPal)
        .unwrap();
    let area = m.content();
    (m, area)
}

fn key(key: Key) -> Input {
    Input::Key { key, mods: Modifiers::default() }
}

fn open_level(dir: &Path, number: usize) -> Controller<LevelVariant, SokobanBoard> {
    let file = parlour_set();
    let variant = LevelVariant::new(&format!("sokoban/parlour/{number}"), level(&file, number));
    let place = Place { path: file, number, good: (1..=24).collect(), left_out: Vec::new().into() };
    let board = SokobanBoard::new("Parlour", place, dir);
    Controller::open("sokoban", variant, board, dir, &Opening::default())
}

/// The first level of `text`, open under its controller.
fn open_text(dir: &Path, text: &str) -> Controller<LevelVariant, SokobanBoard> {
    let level = parse_set(Path::new("t.xsb"), text.as_bytes()).levels.remove(0).unwrap();
    let place = Place { path: PathBuf::from("t.xsb"), number: 1, good: vec![1].into(), left_out: Vec::new().into() };
    let board = SokobanBoard::new("T 1", place, dir);
    Controller::open("sokoban", LevelVariant::new("sokoban/t/1", level), board, dir, &Opening::default())
}

/// In a window a hint is searched for on a thread of its own: Hint says
/// "Thinking..." at once and the window goes on, its clock too; any key
/// or click stops the search (a step is still made); otherwise the hint
/// comes at a tick.
#[test]
fn a_hint_in_a_window_is_thought_of_on_a_thread_that_any_input_stops() {
    parlour::views::background::allow(true);
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine();
    let tick = Input::Tick { ms: 1000 };
    // Twenty cans on open floor: no hint is found soon.
    let mut view = open_text(dir.path(), WAREHOUSE);
    view.input(&key(Key::Right), &m, area);
    view.command(&Command::Hint);
    assert_eq!(view.message(), "Thinking...");
    let clock = view.session().elapsed_ms();
    view.input(&tick, &m, area);
    assert_eq!(view.session().elapsed_ms(), clock + 1000, "the clock runs while the hint is thought of");
    assert_eq!(view.message(), "Thinking...");
    view.input(&key(Key::Char(' ')), &m, area);
    assert_eq!(view.message(), "The hint was stopped.");
    // A click stops it too, and a step by a key is made as it stops it.
    view.command(&Command::Hint);
    view.input(&Input::MouseDown { x: 0, y: area.y, button: Button::Left }, &m, area);
    assert_eq!(view.message(), "The hint was stopped.");
    let steps = view.session().state().moves();
    view.command(&Command::Hint);
    view.input(&key(Key::Right), &m, area);
    assert_eq!(view.session().state().moves(), steps + 1);
    view.input(&tick, &m, area);
    assert_eq!(view.message(), "", "no hint came of the search stopped");

    // On a small level the hint comes at a tick.
    let dir = tempfile::tempdir().unwrap();
    let mut view = open_text(dir.path(), "#######\n#@ $ .#\n#######\n");
    view.command(&Command::Hint);
    assert_eq!(view.message(), "Thinking...");
    let start = std::time::Instant::now();
    while view.message() == "Thinking..." {
        assert!(start.elapsed() < std::time::Duration::from_secs(60), "the hint comes");
        std::thread::sleep(std::time::Duration::from_millis(5));
        view.input(&Input::Tick { ms: 100 }, &m, area);
    }
    assert_eq!(view.message(), "Hint: walk right, then push right.");
    parlour::views::background::allow(false);
}

/// A can stuck off the goals is said again where the game is resumed,
/// and where Undo, Redo, Back to Start or Forward to End step to the
/// position, not only after the push that stuck it; a position with no
/// can stuck says nothing.
#[test]
fn a_stuck_can_is_said_again_on_resuming_and_stepping_to_it() {
    const STUCK: &str = "A can is stuck off the goals: undo some moves.";
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine();
    let level = "#####\n#   #\n# $.#\n# @ #\n#####\n";
    let mut view = open_text(dir.path(), level);
    view.input(&key(Key::Left), &m, area);
    view.input(&key(Key::Right), &m, area);
    // Up against the wall, along which no goal lies.
    view.input(&key(Key::Up), &m, area);
    assert_eq!(view.message(), STUCK);
    view.close();
    drop(view);
    let mut view = open_text(dir.path(), level);
    assert_eq!(view.message(), format!("{STUCK} Game resumed."));
    view.command(&Command::Undo);
    assert_eq!(view.message(), "");
    view.command(&Command::Redo);
    assert_eq!(view.message(), STUCK);
    view.command(&Command::BackToStart);
    assert_eq!(view.message(), "");
    view.command(&Command::ForwardToEnd);
    assert_eq!(view.message(), STUCK);
}

/// A level that cannot be solved from its start says so, at the start
/// and after moves, rather than to undo moves, which there may be none
/// of and which could never help; one that can still says to undo.
#[test]
fn a_level_with_no_solution_from_its_start_says_so_not_to_undo() {
    const NO_START: &str = "This level has no solution from its start.";
    let (m, area) = machine();
    // A can against the wall at the start, where it can never be pushed.
    let dir = tempfile::tempdir().unwrap();
    let mut view = open_text(dir.path(), "#######\n#$ @ .#\n#######\n");
    view.command(&Command::Hint);
    assert_eq!(view.message(), NO_START, "at the start, nothing to undo");
    view.input(&key(Key::Left), &m, area);
    assert_eq!(view.message(), "This level has no solution from its start: a can is stuck off the goals.");
    // No can stuck at the start, but the first can stops the second's way.
    let dir = tempfile::tempdir().unwrap();
    let mut view = open_text(dir.path(), "#########\n#@ $ $..#\n#########\n");
    view.input(&key(Key::Right), &m, area);
    view.command(&Command::Hint);
    assert_eq!(view.message(), NO_START, "after a step");
    // A level that can be solved: a can pushed against the wall is undone.
    let dir = tempfile::tempdir().unwrap();
    let mut view = open_text(dir.path(), "#####\n#   #\n# $.#\n# @ #\n#####\n");
    for k in [Key::Left, Key::Right, Key::Up] {
        view.input(&key(k), &m, area);
    }
    view.command(&Command::Hint);
    assert_eq!(view.message(), "No solution from here: undo some moves.");
}

#[test]
fn undo_to_the_start_restores_the_level_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine();
    let mut view = open_level(dir.path(), 2);
    let start = view.session().state().clone();
    assert_eq!(start, Sokoban::new(view.session().variant().level.clone()));
    // Steps and pushes by the arrow keys, and a walk by a click.
    for k in [Key::Up, Key::Up, Key::Left, Key::Up, Key::Right, Key::Down] {
        view.input(&key(k), &m, area);
    }
    let level = view.session().variant().level.clone();
    let target = (0..level.width * level.height)
        .find(|&at| view.session().state().walk_to(at).is_some_and(|w| w.len() > 3))
        .expect("somewhere to walk");
    let r = SokobanBoard::square_rect(view.session().state(), area, target);
    view.input(&Input::MouseDown { x: r.x + r.w / 2, y: r.y + r.h / 2, button: Button::Left }, &m, area);
    assert_eq!(view.session().state().player(), target, "the click walked there");
    assert!(view.session().state().pushes() > 0, "the keys pushed a can");
    assert_ne!(view.session().state(), &start);
    while view.can(&Command::Undo) {
        view.command(&Command::Undo);
    }
    assert_eq!(view.session().state(), &start, "undo reaches the start exactly");
    // Redo brings it all back, and restart is undoable too.
    while view.can(&Command::Redo) {
        view.command(&Command::Redo);
    }
    assert_eq!(view.session().state().player(), target);
    // Restart asks first over a level under way, as New Game does.
    let asked = view.command(&Command::Restart);
    assert!(matches!(asked, Some(parlour::views::Response::Ask(_))), "{asked:?}");
    view.answer(0);
    assert_eq!(view.session().state(), &start);
    view.command(&Command::Undo);
    assert_eq!(view.session().state().player(), target);
}

/// Undo goes back through a Restart to the level's true start even once
/// the player has moved after it, Redo forward to the end, and a level
/// opened again keeps it all: the steps before the Restart were once
/// unreachable, and reopening the level dropped them from the journal.
#[test]
fn undo_goes_back_through_a_restart_moved_after_in_session_and_after_reopening() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine();
    let mut view = open_level(dir.path(), 5);
    let start = view.session().state().clone();
    view.input(&key(Key::Up), &m, area);
    view.input(&key(Key::Right), &m, area);
    let before_restart = view.session().state().clone();
    assert_eq!(before_restart.moves(), 2, "both keys moved");
    assert!(matches!(view.command(&Command::Restart), Some(parlour::views::Response::Ask(_))));
    view.answer(0);
    view.input(&key(Key::Left), &m, area);
    let end = view.session().state().clone();
    view.command(&Command::Undo);
    assert_eq!(view.session().state(), &start, "Undo took back the step after the Restart");
    assert!(view.can(&Command::Undo), "Undo stops at the Restart");
    view.command(&Command::Undo);
    assert_eq!(view.session().state(), &before_restart, "Undo took back the Restart");
    let undo_to_the_start = |view: &mut Controller<LevelVariant, SokobanBoard>| {
        while view.can(&Command::Undo) {
            view.command(&Command::Undo);
        }
        assert_eq!(view.session().state(), &start);
        assert_eq!(view.session().cursor(), 0, "Undo reaches the level's true start");
    };
    undo_to_the_start(&mut view);
    while view.can(&Command::Redo) {
        view.command(&Command::Redo);
    }
    assert_eq!(view.session().state(), &end, "Redo goes to the end");
    let steps = view.session().steps().to_vec();
    drop(view);
    let mut view = open_level(dir.path(), 5);
    assert_eq!(view.session().steps(), &steps[..], "the reopened level keeps every step");
    undo_to_the_start(&mut view);
    drop(view);
    let view = open_level(dir.path(), 5);
    assert_eq!(view.session().steps(), &steps[..], "undone to the start, the journal keeps every step");
}

/// A journal that cannot be resumed is set aside and the level starts
/// afresh, as it says: no new game is dealt, a level having only one.
#[test]
fn a_damaged_journal_says_the_level_starts_afresh() {
    let dir = tempfile::tempdir().unwrap();
    let journals = dir.path().join("journals");
    std::fs::create_dir_all(&journals).unwrap();
    std::fs::write(journals.join("sokoban-parlour-5.save"), "parlour-save 1\ngame: sokoban/parlour/5\nrubbish\n")
        .unwrap();
    let mut view = open_level(dir.path(), 5);
    assert_eq!(view.message(), "The saved game was damaged: the level starts afresh.");
    let told = view.take_notice().expect("no box told of the damaged journal").lines.join(" ");
    assert!(told.ends_with("The level starts afresh."), "{told}");
    assert!(journals.join("sokoban-parlour-5.save.damaged-1").is_file());
}

/// Next Level's key on a set's last level, and Previous Level's on its
/// first, say why they do nothing, as their dimmed menu items cannot;
/// each fits the Amiga PAL's title bar (36 characters).
#[test]
fn next_level_on_the_last_level_says_so() {
    use parlour::views::sokoban::{NEXT_LEVEL, PREVIOUS_LEVEL};
    let dir = tempfile::tempdir().unwrap();
    for (number, command, said) in
        [(24, NEXT_LEVEL, "This is the set's last level."), (1, PREVIOUS_LEVEL, "This is the set's first level.")]
    {
        let mut view = open_level(dir.path(), number);
        assert!(!view.can(&Command::View(command)));
        assert_eq!(view.dimmed(&Command::View(command)), parlour::views::Response::Redraw);
        assert_eq!(view.message(), said);
        assert!(said.len() <= 36);
    }
}

/// A level is dealt alike every time: taken back to its start it is no
/// game under way, so Restart asks nothing and counts no loss.
#[test]
fn a_level_taken_back_to_its_start_is_no_game_under_way() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine();
    let mut view = open_level(dir.path(), 2);
    view.input(&key(Key::Up), &m, area);
    assert_eq!(view.session().move_count(), 1, "the key stepped");
    view.command(&Command::BackToStart);
    assert_eq!(view.command(&Command::Restart), Some(parlour::views::Response::Redraw), "Restart asks nothing");
    let stats = parlour::core::Stats::load(dir.path()).unwrap_or_default();
    assert_eq!(stats.game("sokoban/parlour/2").map(|g| g.lost), None, "no loss counted");
}

/// A won level taken back to its start by Undo is no game under way: won
/// again from there, by other steps, it is a game of its own, with its
/// box and its count. Redo back to the same win counts nothing more.
#[test]
fn a_level_won_again_from_its_start_counts_as_a_new_game() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine();
    let mut view = open_text(dir.path(), OFF);
    let won = |dir: &Path| {
        let stats = parlour::core::Stats::load(dir).unwrap_or_default();
        stats.game("sokoban/t/1").map(|g| (g.played, g.won))
    };
    view.input(&key(Key::Right), &m, area);
    assert!(matches!(view.input(&key(Key::Right), &m, area), parlour::views::Response::Ask(_)));
    view.answer(0);
    assert_eq!(won(dir.path()), Some((1, 1)));
    // Undo to the start and Redo to the same win: counted once.
    while view.can(&Command::Undo) {
        view.command(&Command::Undo);
    }
    while view.can(&Command::Redo) {
        view.command(&Command::Redo);
    }
    assert!(view.session().state().is_solved());
    assert_eq!(won(dir.path()), Some((1, 1)), "redo to the same win counted it again");
    // Undo to the start, then win by other steps: a new game.
    while view.can(&Command::Undo) {
        view.command(&Command::Undo);
    }
    for k in [Key::Down, Key::Up, Key::Right] {
        assert_eq!(view.input(&key(k), &m, area), parlour::views::Response::Redraw, "{k:?}");
    }
    let again = view.input(&key(Key::Right), &m, area);
    assert!(matches!(again, parlour::views::Response::Ask(_)), "no box at the second win: {again:?}");
    view.answer(0);
    assert_eq!(won(dir.path()), Some((2, 2)));
    assert_eq!(view.message(), "Solved in 4 moves and 2 pushes.");
}

/// The reviewer's level: two pushes right win it, and a third would
/// take the can off its goal.
const OFF: &str = "########\n#      #\n#@$ .  #\n#      #\n########\n";

/// A solved level is over, as every finished game is: after its box,
/// steps and clicks move nothing and are told how to go on, naming the
/// items the menus show; the figures stay the win's, and so does the
/// journal, which resumes solved. Undo takes the win back as it does in
/// every game, and play goes on from there.
#[test]
fn a_solved_level_takes_no_more_moves_and_says_how_to_go_on() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine();
    let mut view = open_text(dir.path(), OFF);
    view.input(&key(Key::Right), &m, area);
    let won = view.input(&key(Key::Right), &m, area);
    assert!(matches!(won, parlour::views::Response::Ask(_)), "no box at the win: {won:?}");
    view.answer(0);
    let solved = view.session().state().clone();
    let floor = SokobanBoard::square_rect(&solved, area, solved.level().width + 1);
    let click = Input::MouseDown { x: floor.x + 1, y: floor.y + 1, button: Button::Left };
    let go_on = "Solved: Choose Level... or Restart.";
    for input in [key(Key::Right), key(Key::Up), key(Key::Left), key(Key::Down), click] {
        view.input(&input, &m, area);
        assert_eq!(view.session().state(), &solved, "{input:?} moved on a solved level");
        assert_eq!(view.message(), go_on, "{input:?}");
    }
    let figure = |name: &str| view.fields().into_iter().find(|(n, _)| *n == name).map(|(_, v)| v);
    assert_eq!((figure("Moves").as_deref(), figure("Pushes").as_deref()), (Some("2"), Some("2")));
    // The words name what the menus show.
    let items: Vec<String> = view.menus().into_iter().flat_map(|menu| menu.items).map(|i| i.label).collect();
    for named in ["Choose Level...", "Restart"] {
        assert!(items.iter().any(|i| i == named), "{named} is in no menu: {items:?}");
    }
    view.close();
    drop(view);
    let mut view = open_text(dir.path(), OFF);
    assert_eq!(view.session().state(), &solved, "the journal kept moves after the win");
    assert_eq!(view.message(), "Solved in 2 moves and 2 pushes.");
    view.command(&Command::Undo);
    view.input(&key(Key::Left), &m, area);
    assert_eq!(view.session().state().moves(), 2, "play goes on after Undo");
    assert!(!view.session().state().is_solved());

    // Where the set goes on, the next level is named.
    let level = parse_set(Path::new("t.xsb"), OFF.as_bytes()).levels.remove(0).unwrap();
    let place = Place { path: PathBuf::from("t.xsb"), number: 1, good: vec![1, 2].into(), left_out: Vec::new().into() };
    let board = SokobanBoard::new("T 1", place, dir.path());
    let variant = LevelVariant::new("sokoban/t2/1", level);
    let mut view = Controller::open("sokoban", variant, board, dir.path(), &Opening::default());
    view.input(&key(Key::Right), &m, area);
    view.input(&key(Key::Right), &m, area);
    view.answer(0);
    view.input(&key(Key::Right), &m, area);
    assert_eq!(view.message(), "Solved: Next Level or Restart.");
    assert!(items.iter().any(|i| i == "Next Level"), "{items:?}");
}

/// The LURD of a solution as script key lines.
fn keys(lurd: &str) -> String {
    lurd.chars()
        .map(|c| match c.to_ascii_lowercase() {
            'l' => "key Left\n",
            'u' => "key Up\n",
            'r' => "key Right\n",
            _ => "key Down\n",
        })
        .collect()
}

#[test]
fn a_level_is_won_by_keys_through_a_script_and_its_best_is_kept() {
    let data = tempfile::tempdir().unwrap();
    let solution = level(&parlour_set(), 1).solution.unwrap();
    let out = data.path().join("won.png").to_string_lossy().into_owned();
    let args = ["shot", "sokoban", "--machine", "mac-se30", "--events", "-", "-o", &out];
    run_fed_ok(data.path(), &args, &keys(&solution));
    let records = std::fs::read_to_string(data.path().join("sokoban.txt")).unwrap();
    assert!(records.contains(&format!("best sokoban/parlour/1 21 8 {solution}")), "{records}");
    // The chooser marks it solved; the launcher's entry moves on to level 2.
    let places = parlour::host::Places { data_dir: data.path().to_path_buf(), ..parlour::app::catalog::places() };
    let family = parlour::host::family("sokoban").unwrap();
    let names: Vec<String> = (family.variants)(&places, None).into_iter().map(|v| v.unwrap().name).collect();
    assert_eq!(names[0], "[x] Parlour 1: Doorstep");
    assert!(names[1].starts_with("[ ] Parlour 2"), "{names:?}");
    let launcher = (family.games)(&places);
    assert_eq!(launcher[0].game_id, "sokoban/parlour/2");
    // `parlour stats` ends, as the Statistics box does, with the set's count.
    let stats = parlour().env("PARLOUR_DATA_DIR", data.path()).args(["stats", "sokoban"]).output().unwrap();
    let printed = String::from_utf8_lossy(&stats.stdout);
    assert!(printed.starts_with("game: sokoban/parlour/1\n"), "{printed}");
    assert!(printed.ends_with("\n\nlevels solved: 1 of 24\n"), "{printed}");
    let guide = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/guide/sokoban.guide")).unwrap();
    assert!(String::from_utf8_lossy(&guide).contains("\"levels solved: 1 of 24\""), "the guide quotes it as printed");
    // A level by its id and by its file's path with a number.
    let by_id = parlour::host::find("sokoban/parlour/5", &places).unwrap();
    let by_path = parlour::host::find(&format!("{}:5", parlour_set().display()), &places).unwrap();
    assert_eq!((by_id.game_id.as_str(), by_path.game_id.as_str()), ("sokoban/parlour/5", "sokoban/parlour/5"));
}

/// A solved level played again and left under way is where the launcher's
/// entry comes back to, as any game under way is; solved again (or never
/// moved in), it goes on to the next not solved.
#[test]
fn a_solved_level_left_under_way_is_come_back_to() {
    let data = tempfile::tempdir().unwrap();
    let solution = level(&parlour_set(), 1).solution.unwrap();
    let out = data.path().join("x.png").to_string_lossy().into_owned();
    let shot = |target: &str, events: &str| {
        run_fed_ok(data.path(), &["shot", target, "--machine", "amiga-pal", "--events", "-", "-o", &out], events)
    };
    shot("sokoban", &keys(&solution));
    let places = parlour::host::Places { data_dir: data.path().to_path_buf(), ..parlour::app::catalog::places() };
    let family = parlour::host::family("sokoban").unwrap();
    let launcher = || (family.games)(&places)[0].game_id.clone();
    assert_eq!(launcher(), "sokoban/parlour/2");
    // Played again from the chooser, one step, and left.
    shot("sokoban/parlour/1", &format!("menu Game > Restart\n{}", &keys(&solution[..1])));
    assert_eq!(launcher(), "sokoban/parlour/1", "the level under way was passed over");
    shot("sokoban", &keys(&solution[1..]));
    assert_eq!(launcher(), "sokoban/parlour/2", "a level solved again is left for the next");
}

/// `parlour stats sokoban` looks at sokoban.txt as it looks at
/// stats.ini: a damaged file is named with its line and what is wrong,
/// the levels solved are counted from its previous copy where that one is
/// good, and where none is the count is left out and the query fails;
/// either way the file is left where it is.
#[test]
fn parlour_stats_tells_of_damaged_sokoban_records() {
    let data = tempfile::tempdir().unwrap();
    let told = damage_sokoban_records(data.path());
    let path = data.path().join("sokoban.txt");
    let damaged = std::fs::read_to_string(&path).unwrap();
    let stats = || parlour().env("PARLOUR_DATA_DIR", data.path()).args(["stats", "sokoban"]).output().unwrap();
    let out = stats();
    let (printed, said) = (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap());
    assert_eq!(out.status.code(), Some(0), "{said}");
    assert!(said.lines().any(|l| l == format!("{told}; its previous copy sokoban.txt.bak is shown")), "{said}");
    assert!(printed.ends_with("\n\nlevels solved: 1 of 24\n"), "the backup's count: {printed}");
    // With no good copy the count is not known: the rest is shown, and
    // the query fails naming the file.
    std::fs::remove_file(data.path().join("sokoban.txt.bak")).unwrap();
    let out = stats();
    let (printed, said) = (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap());
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert_eq!(said.lines().last(), Some(told.as_str()), "{said}");
    assert!(printed.starts_with("game: sokoban/parlour/1\n") && !printed.contains("levels solved"), "{printed}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), damaged, "the file was left as it was");
    let names: Vec<String> = std::fs::read_dir(data.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(!names.iter().any(|n| n.starts_with("sokoban.txt.")), "nothing set aside: {names:?}");
}

/// Counts one game of each of `games` in stats.ini in `data`, lost, as
/// the statistics keep a game played to its end.
fn count_lost(data: &Path, games: &[&str]) {
    let mut stats = parlour::core::Stats::default();
    for game in games {
        stats.game_mut(game).record_game(parlour::core::Outcome::Lost, 100, Some(1000), 10);
    }
    stats.save(data).unwrap();
}

/// `parlour stats` of every game ends Sokoban's figures with the set's
/// count, as `parlour stats sokoban` does, before the next game's; and
/// with the levels' records but no figures (stats.ini started afresh) it
/// shows what `parlour stats sokoban` shows.
#[test]
fn parlour_stats_of_every_game_ends_sokoban_with_the_levels_solved() {
    let data = tempfile::tempdir().unwrap();
    count_lost(data.path(), &["tetris"]);
    let out = data.path().join("won.png").to_string_lossy().into_owned();
    let args = ["shot", "sokoban", "--machine", "mac-se30", "--events", "-", "-o", &out];
    run_fed_ok(data.path(), &args, &keys(&level(&parlour_set(), 1).solution.unwrap()));
    let stats = |game: Option<&str>| {
        let out = parlour().env("PARLOUR_DATA_DIR", data.path()).arg("stats").args(game).output().unwrap();
        assert!(out.status.success(), "{game:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let sokoban = stats(Some("sokoban"));
    assert!(sokoban.ends_with("\n\nlevels solved: 1 of 24\n"), "{sokoban}");
    let every = stats(None);
    assert!(every.contains(&format!("{sokoban}\ngame: tetris\n")), "{every}");
    std::fs::remove_file(data.path().join("stats.ini")).unwrap();
    let afresh = stats(None);
    assert!(afresh.ends_with("\n\nlevels solved: 1 of 24\n"), "{afresh}");
    assert_eq!(afresh, stats(Some("sokoban")));
}

/// With nothing counted and Sokoban's records unreadable (no good copy),
/// `parlour stats` shows no block of zeros for Sokoban below "No game has
/// been counted yet": it has no levels solved to show, only the error.
#[test]
fn parlour_stats_with_nothing_counted_shows_no_empty_block_for_unreadable_records() {
    let data = tempfile::tempdir().unwrap();
    std::fs::write(data.path().join("sokoban.txt"), "garbage\n").unwrap();
    let out = parlour().env("PARLOUR_DATA_DIR", data.path()).arg("stats").output().unwrap();
    let (printed, said) = (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap());
    assert_eq!(out.status.code(), Some(1), "the records are named as unread: {said}");
    assert_eq!(printed, "", "{printed}");
    assert!(said.starts_with("No game has been counted yet") && said.contains("sokoban.txt:1: "), "{said}");
}

/// A sokoban.txt whose second line does not read, beside a good previous
/// copy (level 1 solved); returns what `parlour stats` says of it.
fn damage_sokoban_records(data: &std::path::Path) -> String {
    let path = data.join("sokoban.txt");
    let solved =
        format!("parlour-sokoban 1\nbest sokoban/parlour/1 21 8 {}\n", level(&parlour_set(), 1).solution.unwrap());
    std::fs::write(data.join("sokoban.txt.bak"), &solved).unwrap();
    std::fs::write(&path, "parlour-sokoban 1\nbest sokoban/parlour/1 x 1 rR\n").unwrap();
    format!(
        "parlour: {}:2: the move count \"x\" is not a number; it is left where it is, for the game to set aside when it \
         next opens",
        path.display()
    )
}

/// `parlour stats` of every game tells of a damaged sokoban.txt as
/// `parlour stats sokoban` does: counted from its previous copy where
/// that is good; else the count is left out, every game's figures are
/// shown all the same, and the query fails naming the file.
#[test]
fn parlour_stats_of_every_game_tells_of_damaged_sokoban_records() {
    let data = tempfile::tempdir().unwrap();
    count_lost(data.path(), &["sokoban/parlour/1", "tetris"]);
    let told = damage_sokoban_records(data.path());
    let stats = || parlour().env("PARLOUR_DATA_DIR", data.path()).arg("stats").output().unwrap();
    let out = stats();
    let (printed, said) = (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap());
    assert_eq!(out.status.code(), Some(0), "{said}");
    assert_eq!(said, format!("{told}; its previous copy sokoban.txt.bak is shown\n"));
    assert!(printed.contains("\n\nlevels solved: 1 of 24\n\ngame: tetris\n"), "the backup's count: {printed}");
    std::fs::remove_file(data.path().join("sokoban.txt.bak")).unwrap();
    let out = stats();
    let (printed, said) = (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap());
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert_eq!(said, format!("{told}\n"));
    assert!(printed.starts_with("game: sokoban/parlour/1\n"), "{printed}");
    assert!(printed.contains("\n\ngame: tetris\n") && !printed.contains("levels solved"), "{printed}");
}

/// The launcher on the Amiga PAL, keeping its data in `data`, driven as
/// the window drives it.
fn launcher_keeping_in(data: &Path) -> parlour::app::driver::Driver {
    let machine =
        Machine::new(&MachineChoice { id: Some(MachineId::AmigaPal), ..Default::default() }, MachineId::AmigaPal)
            .unwrap();
    parlour::app::driver::Driver::new(parlour::app::shell::Shell::launcher_keeping_in(machine, 1, data.to_path_buf()))
}

/// A level set opened by its path, which the board folders do not hold,
/// is listed by Choose Level with the others, the level played selected:
/// OK opens it again, not a level of another set.
#[test]
fn a_set_opened_by_its_path_is_listed_by_the_chooser() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mine.xsb");
    std::fs::write(&file, "Title: First\n#####\n#@$.#\n#####\n\nTitle: Second\n######\n#@$ .#\n######\n").unwrap();
    let data = tempfile::tempdir().unwrap();
    let mut d = launcher_keeping_in(data.path());
    d.command(&Command::Play(format!("{}:2", file.display())));
    assert_eq!(d.shell().title(), "Mine 2: Second");
    d.command(&Command::Variants);
    d.command(&Command::View(parlour::views::OPEN_SELECTED));
    assert_eq!(d.shell().title(), "Mine 2: Second", "OK opened another level than the one played");
}

/// Choose Level over a set opened by its path, with more levels left out
/// than its box has room for, names the command that checks that file:
/// `parlour lint` alone checks only the folders levels are read from.
#[test]
fn the_box_of_levels_left_out_names_lint_for_a_set_opened_by_its_path() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("left out.xsb");
    let broken = "#####\n# $.#\n#####\n\n".repeat(5);
    std::fs::write(&file, format!("#####\n#@$.#\n#####\n\n{broken}")).unwrap();
    let data = tempfile::tempdir().unwrap();
    let mut d = launcher_keeping_in(data.path());
    d.command(&Command::Play(format!("{}:1", file.display())));
    d.command(&Command::Variants);
    let told = d.shell().requester().expect("no box told of the levels left out").clone();
    let last = told.lines.last().unwrap();
    assert_eq!(*last, format!("parlour lint '{}' names all 5.", file.display()), "{:?}", told.lines);
}

/// The level moved to is kept as the one to come back to the moment it
/// opens, not only as Parlour closes: after a crash (kill -9) the
/// launcher's Sokoban opens the level the player was on. The level left
/// behind, closing after the next had opened, wrote itself back.
#[test]
fn the_level_moved_to_is_kept_before_parlour_closes() {
    let data = tempfile::tempdir().unwrap();
    let mut d = launcher_keeping_in(data.path());
    let kept = || std::fs::read_to_string(data.path().join("prefs.ini")).unwrap_or_default();
    d.command(&Command::Play("sokoban".into()));
    assert!(kept().contains("level=sokoban/parlour/1"), "{}", kept());
    d.command(&Command::View(parlour::views::sokoban::NEXT_LEVEL));
    assert!(d.shell().title().contains('2'), "{}", d.shell().title());
    assert!(kept().contains("level=sokoban/parlour/2"), "the level left wrote itself back:\n{}", kept());
}

/// A level set opened by its path that is not the one the board folders
/// hold under its id (a set of the player's own called parlour.xsb) goes
/// by an id of its own, the same each time: a level won there is neither
/// Parlour's level won in its records and statistics nor its solution,
/// and its game sets no journal of Parlour's aside. Parlour's own file,
/// named by its path however it is spelt, is still Parlour's set.
#[test]
fn a_set_of_the_same_name_elsewhere_keeps_apart_from_ours() {
    let data = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    let mine = elsewhere.path().join("parlour.xsb");
    std::fs::write(&mine, "#####\n#@$.#\n#####\n").unwrap();
    let run = |args: &[&str], events: &str| String::from_utf8(run_fed_ok(data.path(), args, events)).unwrap();
    let out = data.path().join("shot.png").to_string_lossy().into_owned();
    run(&["shot", &mine.to_string_lossy(), "--events", "-", "-o", &out], "key Right\n");
    let records = std::fs::read_to_string(data.path().join("sokoban.txt")).unwrap();
    let won: Vec<&str> = records.lines().filter(|l| l.starts_with("best ")).collect();
    assert_eq!(won.len(), 1, "{records}");
    let id = won[0].split(' ').nth(1).unwrap().to_string();
    assert!(id.starts_with("sokoban/parlour-") && id.ends_with("/1") && id.len() <= 64, "{records}");
    assert_eq!(won[0], format!("best {id} 1 1 R"));
    let stats = run(&["stats", "sokoban/parlour/1"], "");
    assert!(stats.lines().any(|l| l == "game: sokoban/parlour/1"), "{stats}");
    assert!(stats.lines().any(|l| l == "won: 0"), "Parlour's level 1 is not won: {stats}");
    let stats = run(&["stats", &mine.to_string_lossy()], "");
    assert!(stats.lines().any(|l| l == format!("game: {id}")) && stats.lines().any(|l| l == "won: 1"), "{stats}");
    run(&["shot", "sokoban/parlour/1", "-o", &out], "");
    run(&["shot", &format!("{}:1", mine.display()), "-o", &out], "");
    let mut journals: Vec<String> = std::fs::read_dir(data.path().join("journals"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    journals.sort();
    assert!(!journals.iter().any(|j| j.contains("foreign")), "{journals:?}");
    assert!(journals.contains(&"sokoban-parlour-1.save".to_string()), "{journals:?}");

    // Parlour's set by its path, and the same through the catalog.
    let places = parlour::host::Places { data_dir: data.path().to_path_buf(), ..parlour::app::catalog::places() };
    let find = |target: &str| parlour::host::find(target, &places).unwrap().game_id;
    let ours = parlour_set();
    let roundabout = ours.parent().unwrap().join("../sokoban/parlour.xsb");
    assert_eq!(find(&format!("{}:3", roundabout.display())), "sokoban/parlour/3");
    assert_eq!(find(&mine.to_string_lossy()), id, "the same each time");
    assert_eq!(find(&format!("{}:1", mine.display())), id);
    // A long name is cut to leave room for the place's tag and the level.
    let long = elsewhere.path().join(format!("{}.xsb", "Long ".repeat(20)));
    std::fs::write(&long, "#####\n#@$.#\n#####\n").unwrap();
    let long_id = find(&long.to_string_lossy());
    assert!(long_id.starts_with("sokoban/long-long-") && format!("{long_id}000").len() <= 64, "{long_id}");
}

/// A damaged records file is only looked at by the launcher and the
/// level chooser, which read its backup, and is found by the game when
/// it opens: the status line says the backup was loaded, with the file,
/// line and what was wrong, then a requester says it in full; the
/// backup's records take the file's place.
#[test]
fn damaged_records_are_told_of_when_the_game_opens() {
    let data = tempfile::tempdir().unwrap();
    let solution = level(&parlour_set(), 1).solution.unwrap();
    let file = data.path().join("sokoban.txt");
    let good = format!("parlour-sokoban 1\nbest sokoban/parlour/1 21 8 {solution}\n");
    std::fs::write(data.path().join("sokoban.txt.bak"), &good).unwrap();
    let damaged = "parlour-sokoban 1\nbest sokoban/parlour/1 21 8\n";
    std::fs::write(&file, damaged).unwrap();
    let places = parlour::host::Places { data_dir: data.path().to_path_buf(), ..parlour::app::catalog::places() };
    let family = parlour::host::family("sokoban").unwrap();
    let names: Vec<String> = (family.variants)(&places, None).into_iter().map(|v| v.unwrap().name).collect();
    assert_eq!(names[0], "[x] Parlour 1: Doorstep");
    let game = (family.games)(&places).remove(0);
    assert_eq!(game.game_id, "sokoban/parlour/2");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), damaged, "a listing sets nothing aside");

    let mut view = parlour::host::open(&game, &places, &Opening::default()).unwrap();
    assert_eq!(view.message(), "The records were damaged: their previous copy was used.");
    let told = view.take_notice().expect("no box told of the damaged records").lines.join(" ");
    assert!(told.contains("sokoban.txt:2: expected `best ID MOVES PUSHES LURD`"), "{told}");
    assert!(told.ends_with("its previous copy sokoban.txt.bak was loaded instead."), "{told}");
    assert!(view.take_notice().is_none(), "told twice");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), good);
    assert_eq!(std::fs::read_to_string(data.path().join("sokoban.txt.damaged-1")).unwrap(), damaged);
}

#[test]
fn next_level_and_show_solution_through_the_menu() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine();
    let mut view = open_level(dir.path(), 1);
    let next = view.command(&Command::View(parlour::views::sokoban::NEXT_LEVEL));
    assert!(
        matches!(&next, Some(parlour::views::Response::Command(Command::Play(t))) if t.ends_with("parlour.xsb:2")),
        "{next:?}"
    );
    view.command(&Command::View(parlour::views::sokoban::SHOW_SOLUTION));
    assert!(view.tick_hz(MachineId::AmigaPal) > 0, "the solution plays on ticks");
    for _ in 0..100 {
        view.input(&Input::Tick { ms: 125 }, &m, area);
    }
    assert!(view.session().state().is_solved());
    let session: &Session<LevelVariant> = view.session();
    assert_eq!(session.state().moves(), 21);
    // The level's own solution, shown, is not the player's result: the
    // game counts as lost, as the status line says (it said "no win
    // counted", and the loss came as a surprise in the statistics).
    assert_eq!(view.message(), "Solution shown: counted as lost.");
    let records = std::fs::read_to_string(dir.path().join("sokoban.txt")).unwrap_or_default();
    assert!(!records.contains("best sokoban/parlour/1 "), "{records}");
    // Opened again, it says so still, as a card game Solve played does.
    drop(view);
    let again = open_level(dir.path(), 1);
    assert_eq!(again.message(), "Solution shown: counted as lost.");
}

/// Show Solution on a level at its start, and four ticks of 125 ms,
/// `each` asked of the view after every tick.
fn show_solution_for_half_a_second(
    view: &mut Controller<LevelVariant, SokobanBoard>,
    m: &Machine,
    area: Rect,
    each: impl Fn(&Controller<LevelVariant, SokobanBoard>),
) {
    view.command(&Command::View(parlour::views::sokoban::SHOW_SOLUTION));
    for _ in 0..4 {
        view.input(&Input::Tick { ms: 125 }, m, area);
        each(view);
    }
}

/// Show Solution on a level at its start plays at once, and says nothing
/// of the restart it stood for: Restart's word that the game is at its
/// start already would stay on the status line while the solution plays.
#[test]
fn show_solution_at_the_start_is_not_told_as_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine();
    let mut view = open_level(dir.path(), 1);
    show_solution_for_half_a_second(&mut view, &m, area, |view| {
        assert_eq!(view.message(), "", "said while the solution plays");
    });
    assert!(view.session().state().moves() > 0, "the solution is not playing");
}

/// Undo chosen while the solution is shown stops it, as a key does, and
/// says so: it went on playing from the position taken back to.
#[test]
fn undo_while_the_solution_is_shown_stops_it() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine();
    let mut view = open_level(dir.path(), 1);
    show_solution_for_half_a_second(&mut view, &m, area, |_| {});
    let shown = view.session().state().moves();
    assert!(shown > 0, "the solution is not playing");
    view.command(&Command::Undo).expect("Undo is a command");
    assert!(view.message().starts_with("The solution was stopped."), "{}", view.message());
    for _ in 0..20 {
        view.input(&Input::Tick { ms: 125 }, &m, area);
    }
    assert!(view.session().state().moves() < shown, "the solution played on after Undo");
}

/// Show Solution over a level under way asks first, as Restart does, in
/// its own name: Cancel leaves the level as it was and shows nothing, then
/// or later; going ahead puts the level back and plays the solution from
/// its start.
#[test]
fn show_solution_plays_only_once_the_level_has_restarted() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine();
    let mut view = open_level(dir.path(), 1);
    let tick = Input::Tick { ms: 125 };
    view.input(&key(Key::Left), &m, area);
    let played = view.session().state().clone();
    let asked = view.command(&Command::View(parlour::views::sokoban::SHOW_SOLUTION));
    let Some(parlour::views::Response::Ask(question)) = asked else { panic!("Restart did not ask: {asked:?}") };
    // The box names what was asked for, and what it costs.
    assert_eq!(question.title, "Show Solution");
    assert_eq!(question.buttons, ["Show Solution", "Cancel"]);
    assert_eq!(question.lines[0], "Show the solution from the start?");
    view.answer(1);
    for _ in 0..30 {
        view.input(&tick, &m, area);
    }
    assert_eq!(view.session().state(), &played, "a solution played though the restart was cancelled");
    // A Restart asked for later is only a restart.
    let asked = view.command(&Command::Restart);
    let Some(parlour::views::Response::Ask(question)) = asked else { panic!("Restart did not ask: {asked:?}") };
    assert_eq!(question.title, "Restart");
    view.answer(0);
    view.input(&tick, &m, area);
    assert_eq!(view.session().state().moves(), 0, "a solution played after a plain Restart");

    view.input(&key(Key::Left), &m, area);
    view.command(&Command::View(parlour::views::sokoban::SHOW_SOLUTION));
    view.answer(0);
    for _ in 0..100 {
        view.input(&tick, &m, area);
    }
    assert!(view.session().state().is_solved());
    assert_eq!(view.session().state().moves(), 21, "played from the level's start");
}

/// A solved level's box offers the next level first, so Return goes on
/// to it; OK stays on the solved level.
#[test]
fn the_box_at_a_solved_level_goes_on_to_the_next() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine();
    let mut view = open_level(dir.path(), 1);
    let solution = level(&parlour_set(), 1).solution.unwrap();
    let mut last = parlour::views::Response::Unchanged;
    for c in solution.chars() {
        let k = match c.to_ascii_lowercase() {
            'l' => Key::Left,
            'u' => Key::Up,
            'r' => Key::Right,
            _ => Key::Down,
        };
        last = view.input(&key(k), &m, area);
    }
    let parlour::views::Response::Ask(won) = last else { panic!("no box at the solved level: {last:?}") };
    assert_eq!(won.buttons, ["OK", "Next Level"], "as every game's box at its end: OK first");
    assert!(!won.lines.iter().any(|l| l.contains("Next Level")), "{:?}", won.lines);
    let next = view.answer(1);
    assert!(
        matches!(&next, parlour::views::Response::Command(Command::Play(t)) if t.ends_with("parlour.xsb:2")),
        "{next:?}"
    );
    // The next level's statistics are still nought, but the set's count
    // tells of the level solved.
    let mut view = open_level(dir.path(), 2);
    let Some(parlour::views::Response::Ask(stats)) = view.command(&Command::Stats) else { panic!("no statistics") };
    assert!(stats.lines[0].starts_with("Played: 0"), "{:?}", stats.lines);
    assert_eq!(stats.lines.last().map(String::as_str), Some("Levels solved: 1 of 24"), "{:?}", stats.lines);
    // The level solved has no best score, as `parlour stats` gives none:
    // its Score is the cans home, all of them at every solve.
    let mut view = open_level(dir.path(), 1);
    let Some(parlour::views::Response::Ask(stats)) = view.command(&Command::Stats) else { panic!("no statistics") };
    assert!(stats.lines.iter().any(|l| l.contains("Won: 1")), "{:?}", stats.lines);
    assert!(!stats.lines.iter().any(|l| l.to_lowercase().contains("score")), "{:?}", stats.lines);
    // Reset says it keeps the levels solved, and the box cleared shows
    // the level's best result kept, not "no win yet" beside them.
    let parlour::views::Response::Ask(asked) = view.answer(1) else { panic!("Reset asks first") };
    assert!(asked.lines.iter().any(|l| l == "Best Results and levels solved are kept."), "{:?}", asked.lines);
    let parlour::views::Response::Ask(cleared) = view.answer(0) else { panic!("no statistics after Reset") };
    assert!(cleared.lines[0].starts_with("Played: 0"), "{:?}", cleared.lines);
    let pushes = solution.chars().filter(char::is_ascii_uppercase).count();
    let best = format!("Best: {} moves, {pushes} pushes", solution.len());
    assert!(cleared.lines.contains(&best), "{best} in {:?}", cleared.lines);
    assert_eq!(cleared.lines.last().map(String::as_str), Some("Levels solved: 1 of 24"));
}

/// A level of the test's own, so the goldens do not follow boards/: a can
/// off its goal, one on its goal, and the pusher beside a goal.
const PICTURED: &str = "  #####\n###   #\n#.$ * ###\n# @.$   #\n#########\n";

#[test]
fn a_level_on_the_smallest_screens() {
    use parlour::app::driver::Driver;
    use parlour::app::shell::Shell;
    for id in [MachineId::AmigaPal, MachineId::MacSe30] {
        let dir = tempfile::tempdir().unwrap();
        let level = parse_set(Path::new("pictured.xsb"), PICTURED.as_bytes()).levels.remove(0).unwrap();
        let place =
            Place { path: PathBuf::from("pictured.xsb"), number: 1, good: vec![1].into(), left_out: Vec::new().into() };
        let board = SokobanBoard::new("Pictured 1", place, dir.path());
        let view = Controller::open(
            "sokoban",
            LevelVariant::new("sokoban/pictured/1", level),
            board,
            dir.path(),
            &Opening::default(),
        );
        let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
        let d = Driver::new(Shell::new(m, Box::new(view), 1));
        super::support::assert_golden(&format!("sokoban-{}", id.name()), d.frame());
    }
}

/// `sokoban solve` tells its answers apart by exit code, as `solve` does:
/// solved 0, unsolvable 1, no answer within --nodes 3.
#[test]
fn solve_exits_by_its_answer() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("three.xsb");
    // A push to the right; a can against the left wall (never to its
    // goal); a level that needs more than one position searched.
    std::fs::write(&file, "#####\n#@$.#\n#####\n\n#####\n#$@.#\n#####\n\n#######\n#@ $ .#\n#######\n").unwrap();
    let solve = |level: &str, extra: &[&str]| {
        let o = parlour().args(["sokoban", "solve"]).arg(&file).args(["--level", level]).args(extra).output().unwrap();
        out(&o)
    };
    let (code, stdout, _) = solve("1", &[]);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(stdout.starts_with("solvable in 1 push "), "{stdout}");
    let (code, stdout, _) = solve("2", &[]);
    assert_eq!((code, stdout.trim()), (Some(1), "unsolvable"));
    let (code, _, stderr) = solve("3", &["--nodes", "1"]);
    assert_eq!(code, Some(3), "{stderr}");
    assert!(stderr.contains("no solution found within the limits: the positions limit"), "{stderr}");
    assert_eq!(solve("3", &["--nodes", "0"]).0, Some(64), "a limit of nothing is refused");
    assert_eq!(solve("3", &["--memory", "0"]).0, Some(64));
    assert_eq!(solve("3", &["--seconds", "x"]).0, Some(64));
}

/// A level no search finishes soon: twenty cans on open floor.
const WAREHOUSE: &str = "##############\n#@           #\n# $.$.$.$.$. #\n# $.$.$.$.$. #\n\
                         # $.$.$.$.$. #\n# $.$.$.$.$. #\n#            #\n##############\n";

/// `sokoban solve` on a hard level stops at its time or memory limit and
/// says which, with exit 3, rather than run on.
#[test]
fn solve_stops_at_its_time_and_memory_limits() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("warehouse.xsb");
    std::fs::write(&file, WAREHOUSE).unwrap();
    let solve = |extra: &[&str]| {
        out(&parlour().args(["sokoban", "solve"]).arg(&file).args(["--level", "1"]).args(extra).output().unwrap())
    };
    let (code, _, stderr) = solve(&["--seconds", "0.3"]);
    assert_eq!(code, Some(3), "{stderr}");
    assert!(stderr.contains("the time limit was reached after"), "{stderr}");
    let (code, _, stderr) = solve(&["--memory", "4"]);
    assert_eq!(code, Some(3), "{stderr}");
    assert!(stderr.contains("the memory limit was reached") && stderr.contains("try a larger --memory"), "{stderr}");
}

/// `--seed N` opens level N of the set, as a card game's seed picks its
/// deal; a number the set has no level for, or one beside a level already
/// named, is refused in words, and touches no game.
#[test]
fn a_seed_opens_that_level_of_the_set() {
    let data = tempfile::tempdir().unwrap();
    let png = data.path().join("shot.png").to_string_lossy().into_owned();
    let shot = |args: &[&str], events: &str| {
        let tail = ["--machine", "amiga-pal", "--events", "-", "-o", &png];
        let all: Vec<&str> = ["shot"].iter().chain(args).chain(&tail).copied().collect();
        let out = run_fed(data.path(), &all, events);
        (out.status.success(), String::from_utf8_lossy(&out.stderr).into_owned())
    };
    let journal = |n: usize| std::fs::read_to_string(data.path().join(format!("journals/sokoban-parlour-{n}.save")));
    // Level 1 under way, then level 3 by its number: level 1 is left alone.
    assert!(shot(&["sokoban"], "key Left\n").0);
    let first = journal(1).unwrap();
    assert!(first.contains("move L"), "{first}");
    let (ok, said) = shot(&["sokoban", "--seed", "3"], "");
    assert!(ok, "{said}");
    assert!(journal(3).unwrap().contains("game: sokoban/parlour/3"));
    assert_eq!(journal(1).unwrap(), first, "level 1's game is untouched");
    // The same through a set's path, and with its level named the same.
    let path = parlour_set().display().to_string();
    assert!(shot(&[&path, "--seed", "4"], "").0);
    assert!(journal(4).unwrap().contains("game: sokoban/parlour/4"));
    assert!(shot(&["sokoban/parlour/5", "--seed", "5"], "").0);
    assert!(journal(5).is_ok());
    // No such level; two levels named.
    let count = parse_set(&parlour_set(), &std::fs::read(parlour_set()).unwrap()).levels.len();
    for seed in ["0".to_string(), (count + 1).to_string()] {
        let (ok, said) = shot(&["sokoban", "--seed", &seed], "");
        assert!(!ok && said.contains(&format!("has levels 1 to {count}")), "--seed {seed}: {said}");
    }
    let (ok, said) = shot(&["sokoban/parlour/2", "--seed", "6"], "");
    assert!(!ok && said.contains("name the level once"), "{said}");
    assert!(journal(2).is_err() && journal(6).is_err(), "a refused seed opens nothing");
    let stats = parlour::core::Stats::load(data.path()).unwrap();
    assert!(stats.game("sokoban/parlour/1").is_none_or(|g| g.played == 0), "nothing was given up");
}

/// The guide names the figures of Sokoban's Statistics box by the box's
/// own words (won and lost), and says that a level given up counts as
/// lost, as the question before Restart and New Game says.
#[test]
fn the_guide_names_the_statistics_as_the_box_does() {
    let dir = tempfile::tempdir().unwrap();
    let mut view = open_level(dir.path(), 1);
    let Some(parlour::views::Response::Ask(stats)) = view.command(&Command::Stats) else { panic!("no Statistics box") };
    let guide = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/guide/sokoban.guide")).unwrap();
    let guide = String::from_utf8_lossy(&guide);
    let told = guide.lines().find(|l| l.starts_with("Statistics...")).expect("the guide's Statistics paragraph");
    for figure in ["Played", "Won", "Lost"] {
        assert!(stats.lines.iter().any(|l| l.contains(&format!("{figure}:"))), "{:?}", stats.lines);
        assert!(told.contains(&figure.to_lowercase()), "the guide does not name {figure}: {told}");
    }
    assert!(told.contains("counts as lost"), "{told}");
}

/// A built-in level is checked and solved by its id, as `parlour play`
/// and `parlour lint` take it, wherever the built-in sets were put; the
/// id names the level, which --level may change. A file needs --level.
#[test]
fn sokoban_check_and_solve_take_a_levels_id() {
    let (code, stdout, stderr) =
        out(&parlour().args(["sokoban", "solve", "sokoban/parlour/1", "--quick"]).output().unwrap());
    assert_eq!(code, Some(0), "{stderr}");
    let lurd = stdout.lines().nth(1).expect("the solution's moves").to_string();
    let (code, stdout, _) =
        out(&parlour().args(["sokoban", "check", "sokoban/parlour/1", "--moves", &lurd]).output().unwrap());
    assert_eq!((code, stdout.starts_with("solved ")), (Some(0), true), "{stdout}");
    let (code, stdout, _) = out(&parlour()
        .args(["sokoban", "check", "sokoban/parlour/1", "--level", "2", "--moves", &lurd])
        .output()
        .unwrap());
    assert_eq!(code, Some(1), "level 1's solution is no solution of level 2: {stdout}");
    let (code, _, stderr) = out(&parlour().args(["sokoban", "solve", "sokoban/parlour/99"]).output().unwrap());
    assert_eq!(code, Some(64), "{stderr}");
    assert!(stderr.contains("there is no level 99"), "{stderr}");
    let (code, _, stderr) = out(&parlour().args(["sokoban", "solve", "sokoban/nosuch/1"]).output().unwrap());
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("there is no level set `sokoban/nosuch`"), "{stderr}");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("one.xsb");
    std::fs::write(&file, "#####\n#@$.#\n#####\n").unwrap();
    let (code, _, stderr) = out(&parlour().args(["sokoban", "solve"]).arg(&file).output().unwrap());
    assert_eq!(code, Some(64), "{stderr}");
    assert!(stderr.contains("give the level to play with --level N"), "{stderr}");
}
