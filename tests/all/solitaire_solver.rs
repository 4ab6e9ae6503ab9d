//! `parlour solve` and `parlour survey` on shipped game types: exit codes,
//! JSON lines whose moves replay through the engine to a win, and the
//! survey's counts and CSV.

use parlour::app::catalog;
use parlour::core::{Game, Session, Status, Variant};

use super::support::run;

/// The moves of a `--json` answer (they are plain move texts in quotes).
fn json_moves(line: &str) -> Vec<String> {
    let list = line.split("\"moves\":[").nth(1).and_then(|rest| rest.split(']').next()).expect("a moves list");
    list.split(',').filter(|m| !m.is_empty()).map(|m| m.trim_matches('"').to_string()).collect()
}

#[test]
fn solve_json_moves_replay_to_a_win_in_the_mode_asked() {
    // Spider One Suit deal 239 was undecided after 25 s until the
    // portfolio's searches weighed the score in different ways; Forty
    // Thieves deal 3 until the score counted the cards buried in its
    // one-pass waste.
    for (game, args) in [
        ("freecell", ["--ms", "617", "--mode", "hard"]),
        ("klondike-draw-three", ["--seed", "1", "--mode", "hard"]),
        ("spider-one-suit", ["--seed", "239", "--mode", "hard"]),
        ("forty-thieves", ["--seed", "3", "--mode", "hard"]),
    ] {
        let out = run(&["solve", game, args[0], args[1], args[2], args[3], "--nodes", "50000", "--json"]);
        assert_eq!(out.status.code(), Some(0), "{game}: {}", String::from_utf8_lossy(&out.stderr));
        let line = String::from_utf8(out.stdout).unwrap();
        assert!(line.contains("\"result\":\"won\""), "{line}");
        let entry = catalog::find(game).unwrap();
        let options = if args[0] == "--ms" { "hard,ms" } else { "hard" };
        let variant = catalog::game_type(&entry).unwrap().variant.with_options(options).unwrap();
        let mut session = Session::new(variant, args[1].parse().unwrap());
        for m in json_moves(&line) {
            session.play_text(&m).unwrap_or_else(|e| panic!("{game}: `{m}`: {e}"));
        }
        assert_eq!(session.state().status(), Status::Won, "{game}: the line does not win");
    }
}

#[test]
fn solve_exit_codes_say_won_lost_or_undecided() {
    let code = |args: &[&str]| {
        let out = run(args);
        assert!(out.stdout.is_empty(), "--quiet printed {:?}", String::from_utf8_lossy(&out.stdout));
        out.status.code()
    };
    assert_eq!(code(&["solve", "freecell", "--ms", "1", "--quiet"]), Some(0));
    assert_eq!(code(&["solve", "the-chance", "--seed", "7", "--quiet"]), Some(1));
    assert_eq!(code(&["solve", "freecell", "--ms", "1", "--nodes", "5", "--quiet"]), Some(2));
    // A command line that does not parse is not an undecided deal.
    assert_eq!(code(&["solve", "freecell", "--quiet", "--json"]), Some(parlour::app::cli::USAGE_ERROR));
    assert_eq!(code(&["solve", "freecell", "--mode", "medium", "--quiet"]), Some(parlour::app::cli::USAGE_ERROR));
}

/// A search whose memory filled goes on for a win but can no longer prove
/// a loss: more positions would not decide the deal, more memory would,
/// so the message names the memory (MS 11982 is proved lost in Hard
/// within 120,000 positions and 22 MB).
#[test]
fn an_undecided_solve_names_the_memory_where_memory_stopped_the_proof() {
    let out = run(&["solve", "freecell", "--ms", "11982", "--mode", "hard", "--memory", "4", "--nodes", "300000"]);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    let told = "the memory limit was reached, and past it no search can prove the deal lost, so more positions \
                or time would not decide it; try a larger --memory";
    assert!(said.contains(told), "{said}");
    let out = run(&["solve", "freecell", "--ms", "11982", "--mode", "hard", "--nodes", "5000", "--json"]);
    let line = String::from_utf8_lossy(&out.stdout);
    assert!(line.contains("\"limit\":\"nodes\""), "{line}");
}

/// Runs `parlour survey` with `args` and a CSV of its own, which must
/// succeed: what it printed, and the CSV's text.
fn survey(name: &str, args: &[&str]) -> (String, String) {
    let csv = std::env::temp_dir().join(format!("parlour-survey-{name}-{}.csv", std::process::id()));
    let csv_arg = csv.to_string_lossy().into_owned();
    let out = run(&[&["survey"], args, &["--csv", &csv_arg]].concat());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    let rows = std::fs::read_to_string(&csv).unwrap();
    let _ = std::fs::remove_file(&csv);
    (text, rows)
}

#[test]
fn survey_counts_the_deals_and_writes_a_line_each() {
    let (text, rows) = survey("counts", &["freecell", "--ms", "--from", "1", "--to", "4", "--jobs", "2"]);
    assert!(text.contains("won 4  lost 0  undecided 0"), "{text}");
    assert!(text.contains("winnable: 100.00% of the deals"), "{text}");
    assert!(text.contains("median") && text.contains("peak memory"), "{text}");
    let deals: Vec<&str> = rows.lines().skip(1).map(|l| l.split(',').next().unwrap()).collect();
    assert_eq!(deals, ["1", "2", "3", "4"], "{rows}");
    assert!(rows.lines().skip(1).all(|l| l.split(',').nth(1) == Some("won")), "{rows}");
}

/// Ctrl+C stops a survey with what it solved kept: the deals done are
/// summed up and written to the CSV, and the exit code is a shell's for
/// Ctrl+C. (It once died at once, leaving an empty CSV.)
#[test]
fn a_survey_stopped_by_ctrl_c_keeps_the_deals_it_solved() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("stopped.csv");
    let child = super::support::parlour()
        .args(["survey", "forty-thieves", "--from", "1", "--to", "400", "--seconds", "1", "--csv"])
        .arg(&csv)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Deals 1 and 3 take a hundredth of a second, undecided ones a second.
    std::thread::sleep(std::time::Duration::from_millis(2500));
    // SAFETY: a signal sent to the child this test started.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
    let out = child.wait_with_output().unwrap();
    let (said, err) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(130), "{said}{err}");
    let rows = std::fs::read_to_string(&csv).unwrap();
    let done = rows.lines().count() - 1;
    assert!((1..400).contains(&done), "{rows}");
    assert!(said.contains(&format!("deals 1..400: {done} deals")), "{said}");
    assert!(err.contains(&format!("stopped with {done} of 400 deals solved")), "{err}");
    let deals: Vec<u64> = rows.lines().skip(1).map(|l| l.split(',').next().unwrap().parse().unwrap()).collect();
    assert_eq!(deals, (1..=done as u64).collect::<Vec<_>>(), "the first deals, each solved whole: {rows}");
    assert!(!rows.contains("cancelled"), "{rows}");
}

/// Ctrl+C stops `solve` as a limit would: undecided, with the positions
/// searched by then said (in --json too), and the exit code a shell's for
/// Ctrl+C. (It once died at once, saying nothing.)
#[test]
fn a_solve_stopped_by_ctrl_c_says_how_far_it_got() {
    for json in [false, true] {
        // Deal 9 is lost, proved only after more than a million positions.
        let mut run = super::support::parlour();
        run.args(["solve", "forty-thieves", "--mode", "hard", "--seed", "9", "--seconds", "0"]);
        if json {
            run.arg("--json");
        }
        let child = run.stdout(std::process::Stdio::piped()).stderr(std::process::Stdio::piped()).spawn().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(700));
        // SAFETY: a signal sent to the child this test started.
        assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
        let out = child.wait_with_output().unwrap();
        let (said, err) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert_eq!(out.status.code(), Some(130), "{said}{err}");
        if json {
            assert!(said.contains("\"result\":\"undecided\""), "{said}");
        } else {
            assert!(err.contains("stopped after ") && err.contains(" positions: undecided"), "{said}{err}");
        }
    }
}

/// A survey started under `nohup` (SIGHUP ignored) is not stopped by a
/// hang-up: a signal ignored when it started stays ignored.
#[test]
fn a_survey_under_nohup_outlives_a_hang_up() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new("sh")
        .args(["-c", "trap '' HUP; exec \"$0\" \"$@\""])
        .arg(env!("CARGO_BIN_EXE_parlour"))
        .env("PARLOUR_DATA_DIR", dir.path())
        .args(["survey", "forty-thieves", "--from", "1", "--to", "400", "--seconds", "1", "--csv"])
        .arg(dir.path().join("s.csv"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(800));
    // SAFETY: signals sent to the child this test started.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGHUP) }, 0);
    std::thread::sleep(std::time::Duration::from_millis(700));
    assert!(child.try_wait().unwrap().is_none(), "the hang-up stopped it");
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
    assert_eq!(child.wait().unwrap().code(), Some(130), "Ctrl+C still stops it");
}

/// Without --csv the CSV is written in the current folder under the
/// game's id, a CardGames id's slash made a dash (it once named a folder
/// that was not there, and the survey failed).
#[test]
fn a_survey_of_a_card_game_writes_its_csv_here() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["survey", "cardgames/freecell", "--from", "1", "--to", "1"];
    let out = super::support::parlour().current_dir(dir.path()).args(args).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let names: Vec<String> =
        std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert!(names.iter().any(|n| n.starts_with("survey-cardgames-freecell-") && n.ends_with("-1-1.csv")), "{names:?}");
}

/// The Chance has no easy and hard rules: solve's JSON, survey's summary
/// and its CSV's name say the Sequences rule played, so a survey of one
/// rule does not overwrite another's (they all said easy).
#[test]
fn the_chance_is_named_by_the_rule_played() {
    let out = run(&["solve", "the-chance-same-suit", "--seed", "1", "--json"]);
    let line = String::from_utf8_lossy(&out.stdout);
    assert!(line.starts_with("{\"game\":\"the-chance\",\"options\":\"rule=suit\","), "{line}");
    let dir = tempfile::tempdir().unwrap();
    for (game, rule) in [("the-chance-same-suit", "suit"), ("the-chance-any-suit", "any")] {
        let args = ["survey", game, "--from", "1", "--to", "2"];
        let out = super::support::parlour().current_dir(dir.path()).args(args).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.starts_with(&format!("the-chance (rule={rule}) deals 1..2")), "{text}");
        assert!(text.contains(&format!("csv: survey-the-chance-rule-{rule}-1-2.csv")), "{text}");
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2, "one CSV for each rule");
}

/// Limits and ranges that make no sense are refused with a reason, before
/// any deal is solved, never a panic.
#[test]
fn solve_and_survey_refuse_limits_and_ranges_that_make_no_sense() {
    let refused = |args: &[&str], code: i32, says: &str| {
        let out = run(args);
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {said}");
        assert!(said.contains(says), "{args:?}: {said}");
    };
    let usage = parlour::app::cli::USAGE_ERROR;
    refused(&["solve", "freecell", "--seconds", "1e20"], usage, "out of range");
    refused(&["solve", "freecell", "--seconds", "nan"], usage, "out of range");
    refused(&["survey", "freecell", "--from", "1", "--to", "1", "--seconds", "inf"], usage, "out of range");
    refused(&["solve", "freecell", "--nodes", "0"], usage, "--nodes");
    refused(&["solve", "freecell", "--memory", "0"], usage, "--memory");
    refused(&["survey", "freecell", "--from", "1", "--to", "1", "--memory", "0"], usage, "--memory");
    refused(&["survey", "freecell", "--from", "0", "--to", "18446744073709551615"], usage, "too many");
    refused(&["survey", "freecell", "--from", "1", "--to", "2", "--jobs", "0"], usage, "--jobs");
    refused(&["survey", "freecell", "--from", "1", "--to", "2", "--jobs", "-1"], usage, "from 1 to");
    refused(&["survey", "freecell", "--from", "5", "--to", "1"], usage, "--to 1 is before --from 5");
    refused(&["solve", "klondike", "--mode", "medium"], usage, "\"medium\" is not a mode: use easy or hard");
    refused(&["survey", "klondike", "--from", "1", "--to", "2", "--mode", "xx"], usage, "not a mode");
    // A negative limit is a value out of range, not an option to look for.
    refused(&["solve", "klondike", "--seconds", "-5"], usage, "-5 is out of range: give 0 (no limit) up to 31536000");
    refused(&["survey", "klondike", "--from", "1", "--to", "1", "--seconds", "-5"], usage, "out of range");
    refused(&["solve", "klondike", "--nodes", "-5"], usage, "positions from 1 to");
    refused(&["solve", "klondike", "--memory", "-5"], usage, "megabytes from 1 to 1048576");
    // Microsoft's numbers end before a range could be too long.
    let ms_past = ["survey", "freecell", "--ms", "--from", "1", "--to", "4294967296"];
    refused(&ms_past, usage, "Microsoft deals are numbered from 1 to 4294967295");
    refused(&["survey", "freecell", "--ms", "--from", "0", "--to", "1"], usage, "from 1 to 4294967295");
    // --ms of solve and deal in the same words, not clap's "0 is not in 1..=".
    refused(&["solve", "freecell", "--ms", "0"], usage, "Microsoft deals are numbered from 1 to 4294967295");
    refused(&["deal", "freecell", "--ms", "4294967296"], usage, "Microsoft deals are numbered from 1 to 4294967295");
    let folder = std::env::temp_dir().join(format!("parlour-no-such-folder-{}", std::process::id()));
    let nowhere = folder.join("x.csv");
    refused(
        &["survey", "freecell", "--from", "1", "--to", "2", "--csv", &nowhere.to_string_lossy()],
        3,
        &format!("{}: cannot be written: the folder {} does not exist", nowhere.display(), folder.display()),
    );
    // A folder where the file should be is told as one, in words.
    let here = std::env::temp_dir();
    refused(
        &["survey", "freecell", "--from", "1", "--to", "2", "--csv", &here.to_string_lossy()],
        3,
        "cannot be written: it is a folder: give a file name",
    );
}

/// A range ending at the last seed there is ends there: the deals are
/// counted, not the seeds, so none wraps round to seed 0.
#[test]
fn a_survey_at_the_end_of_the_seeds_solves_each_deal_once() {
    let (from, to) = ("18446744073709551614", "18446744073709551615");
    let (text, rows) = survey("end", &["freecell", "--from", from, "--to", to, "--jobs", "4", "--nodes", "1000"]);
    assert!(text.contains("2 deals") && text.contains("with 2 jobs"), "{text}");
    assert_eq!(rows.lines().count(), 3, "{rows}");
}

/// A game type whose foundations cannot hold its pack (Klondike with two
/// decks) is lost without a search, and `solve` says why: the reason is
/// the game type's, which lint tells of too.
#[test]
fn solve_says_why_a_game_type_can_never_be_won() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("Two Deck Klondike");
    std::fs::create_dir(&folder).unwrap();
    let klondike = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("game-types/Klondike/game.ini");
    let ini = std::fs::read_to_string(klondike).unwrap().replace("Decks=1", "Decks=2");
    assert!(ini.contains("Decks=2"));
    std::fs::write(folder.join("game.ini"), ini).unwrap();
    let out = run(&["solve", &folder.to_string_lossy(), "--seed", "1"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "unsolvable (0 positions searched)\n");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("The foundations hold fewer cards than the pack"), "{said}");
}

/// `solve --help` and `survey --help` give every exit code the commands
/// end with, each with what it means there.
#[test]
fn solve_and_survey_help_give_the_exit_codes_they_end_with() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("survey.csv").to_string_lossy().to_string();
    // Clap breaks the lines where it likes: the words are compared one
    // space apart.
    let help = |sub: &str| {
        String::from_utf8_lossy(&run(&[sub, "--help"]).stdout).split_whitespace().collect::<Vec<_>>().join(" ")
    };
    let (solve, survey) = (help("solve"), help("survey"));
    // Each command line, the code it ends with, and how --help says so.
    let cases: [(&str, &[&str], i32, &str); 10] = [
        (&solve, &["solve", "golf", "--seed", "1", "--quiet"], 0, "0 won"),
        // Proved lost in 176 positions.
        (&solve, &["solve", "beleaguered-castle", "--seed", "8", "--quiet"], 1, "1 lost"),
        (&solve, &["solve", "klondike", "--seed", "19", "--nodes", "100", "--quiet"], 2, "2 undecided"),
        (&solve, &["solve", "nosuch", "--quiet"], 3, "3 a game it cannot find"),
        (&solve, &["solve", "pegs/english", "--seed", "2", "--quiet"], 3, "or an option the game does not take"),
        (&solve, &["solve", "golf", "--mode", "medium", "--quiet"], 64, "64 a command line"),
        (&survey, &["survey", "golf", "--from", "1", "--to", "1", "--nodes", "1000", "--csv", &csv], 0, "0 done"),
        (&survey, &["survey", "nosuch", "--from", "1", "--to", "1"], 3, "3 a game it cannot find"),
        (&survey, &["survey", "golf", "--from", "1", "--to", "1", "--csv", "/no/such/folder/x.csv"], 3, "a CSV file"),
        (&survey, &["survey", "golf", "--from", "3", "--to", "1"], 64, "64 a command line"),
    ];
    for (help, args, code, meaning) in cases {
        assert_eq!(run(args).status.code(), Some(code), "{args:?}");
        assert!(help.contains(meaning), "{args:?} exits {code}, which --help does not give as {meaning:?}: {help}");
    }
}
