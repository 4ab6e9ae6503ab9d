//! Every family, played through `parlour shot --events` as a player would
//! (keys only), quit, reopened and found where it was left.

use std::io::Write;
use std::path::Path;
use std::process::Stdio;

use super::support::parlour;

/// Runs `parlour shot GAME ARGS` with `events` (if any) on standard input,
/// keeping the game's files in `data`.
fn shot(data: &Path, game: &str, args: &[&str], events: Option<&str>) {
    let out = data.join("shot.png");
    let mut cmd = parlour();
    cmd.env("PARLOUR_DATA_DIR", data).args(["shot", game, "-o"]).arg(&out).args(args);
    if events.is_some() {
        cmd.args(["--events", "-"]);
    }
    let mut child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(events.unwrap_or("").as_bytes()).unwrap();
    let result = child.wait_with_output().unwrap();
    assert!(result.status.success(), "{game}: {}", String::from_utf8_lossy(&result.stderr));
}

fn journal(data: &Path, file: &str) -> String {
    std::fs::read_to_string(data.join("journals").join(file)).unwrap_or_default()
}

/// The arguments that deal game 3, for a game that has numbers (a peg
/// board has none, and refuses one).
fn dealt(game: &str) -> Vec<&'static str> {
    if game == "pegs" { Vec::new() } else { vec!["--seed", "3"] }
}

/// Undo after resuming takes the move back.
const UNDO: (&str, &str) = ("menu Game > Undo\n", "cursor: 0");

/// (launcher id, journal file, keys that make one move, the move's text,
/// a script for the resumed game and a line the journal then holds)
type Case = (&'static str, &'static str, &'static str, &'static str, (&'static str, &'static str));

const FAMILIES: [Case; 9] = [
    // The cursor shows on the stock; Space deals.
    ("klondike", "klondike.save", "key Right\nkey Space\n", "move S1", UNDO),
    // The same table; Undo is in The Chance's Edit and Moves menus.
    ("the-chance", "the-chance.save", "key Right\nkey Space\n", "move S1", ("menu Edit > Undo\n", "cursor: 0")),
    // The cursor starts on c1; over to d2, pick it, down to d4, jump.
    (
        "pegs",
        "pegs-english.save",
        "key Right\nkey Right\nkey Down\nkey Space\nkey Down\nkey Down\nkey Space\n",
        "move d2-d4",
        UNDO,
    ),
    // Seed 3 is level 3 of Parlour's set, named by its id, as the
    // launcher's entry opens the first level not solved: the pusher
    // pushes the can beside it.
    ("sokoban/parlour/3", "sokoban-parlour-3.save", "key Left\n", "move L", UNDO),
    // Tetris has no undo: a game resumed while running waits, paused.
    ("tetris", "tetris.save", "key Left\n", "move left", ("wait 100\n", "move pause")),
    // The first Space shows the cursor in the middle of Beginner's field;
    // the second opens it.
    ("mines", "mines-beginner.save", "key Space\nkey Space\n", "move open 5,5", UNDO),
    // The cursor shows on the tray's first tile; pick it, up to the
    // table's last row, drop it there. Rummi calls undo Back up.
    (
        "rummi",
        "rummi.save",
        "key Right\nkey Space\nkey Up\nkey Space\n",
        "move R4 > 8:0",
        ("menu Game > Back up\n", "cursor: 0"),
    ),
    // Seed 3 leaves the gap in the top left corner; Down brings the piece
    // below it up.
    ("scramble", "scramble-4x4.save", "key Down\n", "move slide 1,2", UNDO),
    // The CardGames panel keeps no game; its FreeCell does. The cursor
    // shows on free cell 1, goes down to column 1, lifts its card and
    // puts it in the free cell.
    (
        "cardgames/freecell",
        "cardgames-freecell.save",
        "key Down\nkey Down\nkey Space\nkey Up\nkey Space\n",
        "move T1>R1",
        UNDO,
    ),
];

#[test]
fn every_family_resumes_a_scripted_game_after_quitting() {
    // Every registered family is covered here.
    let registered: Vec<&str> = parlour::host::FAMILIES.iter().map(|f| f.id).collect();
    assert_eq!(registered.len(), FAMILIES.len(), "a family without a resume test: {registered:?}");
    for (game, file, keys, played, (then, expect)) in FAMILIES {
        let data = tempfile::tempdir().unwrap();
        shot(data.path(), game, &dealt(game), Some(keys));
        let saved = journal(data.path(), file);
        assert!(saved.lines().any(|l| l == played), "{game}: the keys did not play `{played}`:\n{saved}");
        assert!(saved.contains("cursor: 1"), "{game}:\n{saved}");

        // Reopened without a seed: the same game, untouched (Tetris left
        // running comes back paused, as in the window: the pause is all
        // that is added).
        shot(data.path(), game, &[], None);
        let reopened = journal(data.path(), file);
        if game == "tetris" {
            let paused = saved.replace("cursor: 1", "cursor: 2").replace("move left\n", "move left\nmove pause\n");
            assert_eq!(reopened, paused, "{game}: reopening did more than pause the game");
        } else {
            assert_eq!(reopened, saved, "{game}: reopening changed the game");
        }

        // Its history came back too: Undo takes the move back (a paused
        // Tetris game comes back paused).
        shot(data.path(), game, &[], Some(then));
        let after = journal(data.path(), file);
        assert!(after.lines().any(|l| l == expect) && after.contains(played), "{game}: after resuming:\n{after}");
    }
}

#[test]
fn a_damaged_journal_gives_way_to_its_previous_copy() {
    let data = tempfile::tempdir().unwrap();
    // Two deals from the stock; the backup is the journal as it was one
    // write before.
    shot(data.path(), "klondike", &["--seed", "3"], Some("key Right\nkey Space\nkey Space\n"));
    let path = data.path().join("journals/klondike.save");
    let two = journal(data.path(), "klondike.save");
    assert!(two.contains("cursor: 2"), "{two}");
    let one = std::fs::read_to_string(parlour::core::files::backup_path(&path)).unwrap();
    assert!(one.contains("move S1"), "{one}");

    // Cut short by a disk that filled up, say.
    std::fs::write(&path, &two.as_bytes()[..two.len() / 2]).unwrap();
    shot(data.path(), "klondike", &[], None);
    assert_eq!(journal(data.path(), "klondike.save"), one, "the previous copy was not resumed");
    let aside = data.path().join("journals/klondike.save.damaged-1");
    assert_eq!(std::fs::read(aside).unwrap(), &two.as_bytes()[..two.len() / 2], "the damaged file was not kept");
}

/// The launcher's Sokoban comes back to the level last played, not the
/// first one not solved.
#[test]
fn sokoban_reopens_the_level_last_played() {
    let data = tempfile::tempdir().unwrap();
    // Never played: the first level not solved.
    shot(data.path(), "sokoban", &[], None);
    assert!(data.path().join("journals/sokoban-parlour-1.save").exists());
    let next = "menu Game > Next Level\n";
    shot(data.path(), "sokoban", &[], Some(&format!("{next}{next}key Left\n")));
    let played = journal(data.path(), "sokoban-parlour-3.save");
    assert!(played.contains("move L") && played.contains("cursor: 1"), "{played}");

    // Reopened: level 3, resumed, and Undo takes its move back.
    shot(data.path(), "sokoban", &[], Some("menu Game > Undo\n"));
    let after = journal(data.path(), "sokoban-parlour-3.save");
    assert!(after.contains("move L") && after.contains("cursor: 0"), "level 3 was not resumed:\n{after}");
    assert!(!journal(data.path(), "sokoban-parlour-1.save").contains("cursor: 1"));
}

/// The time a journal holds for the game it left off.
fn elapsed_ms(data: &Path, file: &str) -> u64 {
    let saved = journal(data, file);
    let line = saved.lines().find_map(|l| l.strip_prefix("elapsed-ms: ")).unwrap_or_else(|| panic!("{file}:\n{saved}"));
    line.trim().parse().unwrap()
}

/// A game resumed under way keeps its clock stopped until the player is
/// back, in every family with a clock, as a fresh game's clock waits for
/// the first move: four seconds with no input add nothing (the clock ran
/// from the launch). The first key starts it again, except where the game
/// comes back paused (Tetris, MineSweeper) and waits for its own Resume.
#[test]
fn a_resumed_game_s_clock_waits_for_the_player() {
    for (game, file, keys, _, _) in FAMILIES {
        let data = tempfile::tempdir().unwrap();
        shot(data.path(), game, &dealt(game), Some(&format!("{keys}wait 2000\n")));
        let left = elapsed_ms(data.path(), file);
        assert!(left > 0, "{game}: the clock ran while it was played");
        shot(data.path(), game, &[], Some("wait 4000\n"));
        assert_eq!(elapsed_ms(data.path(), file), left, "{game}: the clock ran before the player was back");
        if matches!(game, "tetris" | "mines") {
            continue;
        }
        shot(data.path(), game, &[], Some("key Left\nwait 4000\n"));
        assert!(elapsed_ms(data.path(), file) >= left + 4000, "{game}: the clock did not start with a key");
    }
}

/// A game open in one window is refused to another on the same data
/// folder (which would write its moves over the first one's journal),
/// naming the game and the folder; a family whose window moves among
/// levels is refused as a whole; the game opens once the window holding
/// it has gone. Here this test's process is the other window.
#[test]
fn a_game_open_in_another_window_is_not_opened_twice() {
    let data = tempfile::tempdir().unwrap();
    let open_elsewhere = |game: &str| {
        let out = data.path().join("shot.png");
        parlour().env("PARLOUR_DATA_DIR", data.path()).args(["shot", game, "-o"]).arg(out).output().unwrap()
    };
    let held = parlour::host::claim::claim(data.path(), "klondike", "Klondike").unwrap();
    let refused = open_elsewhere("klondike");
    assert_eq!(refused.status.code(), Some(1));
    let said = String::from_utf8_lossy(&refused.stderr);
    let why = format!(
        "Klondike is open in another Parlour window (data folder {}): close it there first.",
        data.path().display()
    );
    assert!(said.contains(&why), "{said}");
    assert_eq!(journal(data.path(), "klondike.save"), "", "the refused window wrote the journal");
    assert!(open_elsewhere("freecell").status.success(), "another game is free");

    let level = parlour::host::claim::claim(data.path(), "sokoban", "Sokoban").unwrap();
    let said = String::from_utf8_lossy(&open_elsewhere("sokoban/parlour/3").stderr).into_owned();
    assert!(said.contains("Sokoban is open in another Parlour window"), "{said}");

    drop((held, level));
    assert!(open_elsewhere("klondike").status.success(), "still refused once the window went");
    assert!(journal(data.path(), "klondike.save").contains("klondike"), "no journal written once opened");
}
