//! The shipped game types as a player or author meets them: they lint
//! clean, their game.bmp is a fresh capture, Microsoft deals match an
//! independent generator, and each one wins by a recorded move list.

use std::path::{Path, PathBuf};

use parlour::app::{capture, catalog};
use parlour::core::{Game, Session, Status, Variant};

use super::support::run;

fn shipped() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("game-types");
    let mut v: Vec<PathBuf> =
        std::fs::read_dir(dir).unwrap().flatten().map(|e| e.path()).filter(|p| p.join("game.ini").exists()).collect();
    v.sort();
    v
}

#[test]
fn every_shipped_game_type_lints_clean() {
    let folders = shipped();
    assert!(folders.len() >= 20, "only {} game types", folders.len());
    let mut args = vec!["lint".to_string()];
    args.extend(folders.iter().map(|f| f.to_string_lossy().into_owned()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = run(&args);
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "lint failed:\n{text}");
    assert!(!text.contains("warning"), "lint warned:\n{text}");
}

/// A game type is linted by its id or name as by its folder (the folder `play`
/// plays it from), and what passes is said in one line, or nothing with
/// --quiet; an id of a game with its rules built in, or of nothing, is
/// told so.
#[test]
fn lint_takes_a_game_id_and_says_what_passes() {
    let out = run(&["lint", "klondike"]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{said}{}", String::from_utf8_lossy(&out.stderr));
    let line = said.trim_end();
    assert!(line.ends_with("/Klondike: no problems found") && !line.contains('\n'), "{said}");
    let quiet = run(&["lint", "--quiet", "Klondike"]);
    assert!(quiet.status.success() && quiet.stdout.is_empty(), "{}", String::from_utf8_lossy(&quiet.stdout));
    // By its name as the list shows it, as `play` and `solve` take it.
    let named = run(&["lint", "spider two suits"]);
    let said = String::from_utf8_lossy(&named.stdout);
    assert!(named.status.success() && said.ends_with("/Spider Two Suits: no problems found\n"), "{said}");
    // The Chance's folder holds its rules alone: its game.ini is checked.
    let chance = run(&["lint", "the-chance"]);
    let said = String::from_utf8_lossy(&chance.stdout);
    assert!(chance.status.success() && said.ends_with("The Chance/game.ini: no problems found\n"), "{said}");
    // From any other folder a built-in game is named by its id, not by
    // the folder Parlour unpacked it in, with how to make one to change.
    let elsewhere = tempfile::tempdir().unwrap();
    let lint_there = |id: &str| {
        let out = super::support::parlour()
            .env("PARLOUR_DATA_DIR", elsewhere.path())
            .current_dir(elsewhere.path())
            .args(["lint", id])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(
        lint_there("klondike"),
        "klondike: no problems found (built in: `parlour new-type klondike NAME` makes a copy of your own to change)\n"
    );
    // Found by its name, it is copied by its id: a name's words would be
    // as many words of the command.
    assert_eq!(
        lint_there("spider two suits"),
        "spider two suits: no problems found (built in: `parlour new-type spider-two-suits NAME` makes a copy of \
         your own to change)\n"
    );
    assert_eq!(lint_there("the-chance"), "the-chance: no problems found (built in)\n");
    // A built-in board, level set and guide by the names `solve` and
    // `help` take: an installed Parlour keeps them in a folder of its own,
    // which no one would find to name by its path.
    for id in ["pegs/english", "sokoban/parlour/3", "parlour.guide", "the-chance.imaj"] {
        assert_eq!(lint_there(id), format!("{id}: no problems found (built in)\n"));
    }
    // A board of one's own that cannot be read, so is not listed, is
    // still found by its id, and told of by line.
    std::fs::create_dir(elsewhere.path().join("boards")).unwrap();
    std::fs::write(elsewhere.path().join("boards/English.brd"), "Version 2\nMode: Normal\ny y zz\n").unwrap();
    let out = super::support::parlour()
        .env("PARLOUR_DATA_DIR", elsewhere.path())
        .current_dir(elsewhere.path())
        .args(["lint", "pegs/english"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.starts_with("boards/English.brd:3: error: `z` is not a board element"), "{said}");
    for (id, words) in [
        ("mines", "parlour: mines: MineSweeper has its rules built in, not in a game type"),
        ("no-such-game", "parlour: no-such-game: no such file or folder, nor a game type of that id or name"),
    ] {
        let out = run(&["lint", id]);
        assert_eq!(out.status.code(), Some(1));
        assert!(String::from_utf8_lossy(&out.stderr).starts_with(words), "{}", String::from_utf8_lossy(&out.stderr));
    }
}

/// lint alone checks every folder games are read from, as the launcher's
/// box of what it left out says: the game types and boards, and the rules
/// of the CardGames games and The Chance, each game.ini alone (theirs are
/// no YaZZle folders, with no page or picture).
#[test]
fn lint_alone_checks_every_folder_games_are_read_from() {
    let tmp = tempfile::tempdir().unwrap();
    let made = |name: &str| {
        let dir = tmp.path().join(name);
        std::fs::create_dir(&dir).unwrap();
        dir
    };
    let (types, boards, cards, shell) = (made("types"), made("boards"), made("cards"), made("shell"));
    std::fs::create_dir(types.join("Broken")).unwrap();
    std::fs::write(types.join("Broken/game.ini"), "[General]\nName=Broken\n").unwrap();
    std::fs::write(boards.join("Bent.brd"), "ooo\noo\n").unwrap();
    std::fs::create_dir(boards.join("sokoban")).unwrap();
    std::fs::write(boards.join("sokoban/Crooked.xsb"), "#####\n#@@.#\n#####\n").unwrap();
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("card-games/FreeCell/game.ini");
    std::fs::create_dir(cards.join("FreeCell")).unwrap();
    std::fs::copy(rules, cards.join("FreeCell/game.ini")).unwrap();
    let out = super::support::parlour()
        .arg("lint")
        .env("PARLOUR_GAME_TYPES", &types)
        .env("PARLOUR_BOARDS", &boards)
        .env("PARLOUR_CARD_GAMES", &cards)
        .env("PARLOUR_CARD_SHELL", &shell)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("types/Broken/game.ini:"), "the broken game type is named: {said}");
    assert!(said.contains("boards/Bent.brd:1: error:"), "the broken board is named: {said}");
    assert!(said.contains("boards/sokoban/Crooked.xsb:"), "the broken level set is named: {said}");
    assert!(said.contains("cards/FreeCell/game.ini: no problems found"), "{said}");
    assert!(!said.contains("FreeCell/game.html"), "a card game needs no page: {said}");
}

/// An empty folder of game types or boards (the data folder's, made
/// before its first game type; one in the current folder) holds nothing
/// to check and is said to: lint passes it, alone or named, rather than
/// failing as on a folder it does not know.
#[test]
fn lint_passes_an_empty_folder_of_game_types_or_boards() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    // The data folder's boards holds an empty sokoban folder: nothing either.
    for folder in ["data/game-types", "data/boards/sokoban", "game-types", "boards"] {
        std::fs::create_dir_all(tmp.path().join(folder)).unwrap();
    }
    let lint = |args: &[&str]| {
        let out = super::support::parlour()
            .env("PARLOUR_DATA_DIR", &data)
            .current_dir(tmp.path())
            .arg("lint")
            .args(args)
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(out.status.success(), "{args:?}: {said}{}", String::from_utf8_lossy(&out.stderr));
        said
    };
    let said = lint(&[]);
    let data = data.display();
    for folder in ["game-types".to_string(), "boards".into(), format!("{data}/game-types"), format!("{data}/boards")] {
        assert!(said.lines().any(|l| l == format!("{folder}: holds nothing to check")), "{folder}: {said}");
    }
    assert_eq!(lint(&["game-types"]), "game-types: holds nothing to check\n");
    assert_eq!(lint(&["boards"]), "boards: holds nothing to check\n");
}

/// lint alone names the built-in data it checks by its place among the
/// built-in data, never by the folder it is unpacked in.
#[test]
fn lint_alone_names_built_in_data_as_built_in() {
    let tmp = tempfile::tempdir().unwrap();
    let out = super::support::parlour().arg("lint").current_dir(tmp.path()).output().unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{said}");
    let builtin = super::support::test_data_dir().join("builtin");
    assert!(!said.contains(&*builtin.to_string_lossy()), "named by the unpacked folder: {said}");
    assert!(said.lines().any(|l| l == "game-types: no problems found (built in)"), "{said}");
}

/// lint tells an author all the help would of a game.html, and what
/// neither help runs; a folder of game types is checked one by one; a
/// folder with the page but no game.ini is told what it lacks.
#[test]
fn lint_tells_what_the_help_would_and_checks_folders_of_game_types() {
    let tmp = tempfile::tempdir().unwrap();
    let folder = tmp.path().join("Klondike");
    std::fs::create_dir(&folder).unwrap();
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("game-types/Klondike");
    for file in ["game.ini", "game.bmp"] {
        std::fs::copy(shipped.join(file), folder.join(file)).unwrap();
    }
    let page = std::fs::read_to_string(shipped.join("game.html")).unwrap();
    let page = page.replacen("<ul>", "<ul onclick=\"go()\"><iframe src=\"x.html\"></iframe>", 1).replacen(
        "</div>",
        "<script>go()</script></div>",
        1,
    );
    std::fs::write(folder.join("game.html"), page).unwrap();
    let out = run(&["lint", &tmp.path().to_string_lossy()]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{said}");
    for wanted in ["onclick= is never run", "<iframe> is not part of the help's HTML", "<script> is never run"] {
        assert_eq!(said.matches(wanted).count(), 1, "{wanted}: {said}");
    }
    // Settings beside the game types (as in Parlour's data folder) are no
    // game.ini of theirs; named, such a file is checked as one.
    let prefs = tmp.path().join("prefs.ini");
    std::fs::write(&prefs, "[all]\nmachine=amiga-pal\n").unwrap();
    let out = run(&["lint", &tmp.path().to_string_lossy()]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && !said.contains("prefs.ini"), "{said}");
    let out = run(&["lint", &prefs.to_string_lossy()]);
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("prefs.ini:1: error: there is no [General] section"),
        "{out:?}"
    );
    // A page with no title is told of once, as an error; a missing
    // picture says what draws one.
    let untitled = std::fs::read_to_string(folder.join("game.html")).unwrap();
    let start = untitled.find("<title>").unwrap();
    let end = untitled.find("</title>").unwrap() + "</title>".len();
    std::fs::write(folder.join("game.html"), format!("{}{}", &untitled[..start], &untitled[end..])).unwrap();
    std::fs::remove_file(folder.join("game.bmp")).unwrap();
    let out = run(&["lint", &folder.to_string_lossy()]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success());
    assert_eq!(said.matches("<title>").count(), 1, "{said}");
    assert!(said.contains("game.html:3: error: <head> has no <title>"), "{said}");
    assert!(said.contains("game.bmp (the picture of the game; `parlour capture` draws it)"), "{said}");
    std::fs::remove_file(folder.join("game.ini")).unwrap();
    let out = run(&["lint", &folder.to_string_lossy()]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("game.ini:1: error: missing"), "{out:?}");
}

#[test]
fn every_game_bmp_is_a_fresh_capture() {
    for folder in shipped() {
        let want = std::fs::read(folder.join("game.bmp")).unwrap_or_default();
        let got = capture::render(&folder).unwrap();
        assert!(want == got, "{}: game.bmp is not what `parlour capture` makes now", folder.display());
    }
}

/// Microsoft's deal algorithm as first published, written independently of
/// Parlour's: cards numbered rank*4+suit (clubs, diamonds, hearts, spades),
/// each pick replaced by the last remaining card, dealt row by row.
fn independent_ms_columns(number: u32) -> Vec<Vec<String>> {
    let mut seed = number as u64;
    let mut rand = || {
        seed = (seed * 214013 + 2531011) % (1 << 31);
        (seed >> 16) as usize
    };
    let mut deck: Vec<usize> = (0..52).collect();
    let mut left = 52;
    let mut columns = vec![Vec::new(); 8];
    for i in 0..52 {
        let j = rand() % left;
        let card = deck[j];
        left -= 1;
        deck[j] = deck[left];
        let name = format!("{}{}", "A23456789TJQK".as_bytes()[card / 4] as char, "CDHS".as_bytes()[card % 4] as char);
        columns[i % 8].push(name);
    }
    columns
}

#[test]
fn microsoft_deals_match_an_independent_generator() {
    let game = catalog::find("freecell").expect("FreeCell is shipped");
    let variant = parlour::app::catalog::game_type(&game).unwrap().variant.with_options("easy,ms").unwrap();
    for n in (1..=400).chain([11982, 32000, 1_000_000]) {
        let text = parlour::solitaire::deal::print_position(&variant.deal(u64::from(n)));
        let columns: Vec<Vec<String>> = (1..=8)
            .map(|c| {
                let line = text.lines().find(|l| l.starts_with(&format!("Tableau{c}:"))).unwrap();
                line.split_whitespace().skip(1).map(str::to_string).collect()
            })
            .collect();
        assert_eq!(columns, independent_ms_columns(n), "deal {n}");
    }
}

#[test]
fn deal_command_prints_the_microsoft_layout() {
    let out = run(&["deal", "freecell", "--ms", "1"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.lines().any(|l| l == "Tableau1: JD KD 2S 4C 3S 6D 6S"), "{text}");
    let fcs = run(&["deal", "freecell", "--ms", "1", "--format", "fcs"]);
    assert!(String::from_utf8_lossy(&fcs.stdout).lines().any(|l| l == "JD KD 2S 4C 3S 6D 6S"));
}

/// In a mode of winnable deals only, `deal` and `solve` take a game
/// number as a window deals it: game 2 of Golf so is not deal 2 (which
/// the solver does not win quickly), but the deal standard error names.
#[test]
fn deal_and_solve_take_a_winnable_only_game_number_as_a_window_does() {
    let tmp = tempfile::tempdir().unwrap();
    let golf = Path::new(env!("CARGO_MANIFEST_DIR")).join("game-types/Golf");
    let folder = tmp.path().join("Winnable Golf");
    std::fs::create_dir(&folder).unwrap();
    let ini = std::fs::read_to_string(golf.join("game.ini")).unwrap();
    std::fs::write(folder.join("game.ini"), format!("{ini}\n[EasyWinnable]\nOnly=1\n")).unwrap();
    let place = folder.to_string_lossy().to_string();
    let game = run(&["deal", &place, "--seed", "2"]);
    assert!(game.status.success());
    let said = String::from_utf8_lossy(&game.stderr).to_string();
    let seed = said.split("game 2 is deal ").nth(1).and_then(|t| t.split(',').next()).expect(&said).to_string();
    let dealt = run(&["deal", &place, "--seed", &seed]);
    assert_eq!(game.stdout, dealt.stdout, "game 2 is the deal named");
    assert!(String::from_utf8_lossy(&dealt.stderr).contains("is a winnable deal, dealt as it comes"));
    let raw = run(&["deal", &golf.to_string_lossy(), "--seed", "2"]);
    assert_ne!(game.stdout, raw.stdout, "not deal 2 itself");
    let solved = run(&["solve", &place, "--seed", "2", "--json"]);
    assert_eq!(solved.status.code(), Some(0), "game 2 is won");
    assert!(String::from_utf8_lossy(&solved.stdout).contains(&format!("\"seed\":{seed},")));
}

/// With the player's Winnable Deals Only on, `deal` and `solve` take a
/// game number as a window then deals it, and say so: Klondike's game 15
/// is not deal 15 (which cannot be won) but the deal standard error names.
#[test]
fn deal_and_solve_follow_the_players_winnable_deals_only() {
    let data = tempfile::tempdir().unwrap();
    std::fs::write(data.path().join("prefs.ini"), "[all]\nwinnable=1\n").unwrap();
    let switched_on =
        |args: &[&str]| super::support::parlour().env("PARLOUR_DATA_DIR", data.path()).args(args).output().unwrap();
    let game = switched_on(&["deal", "klondike", "--seed", "15"]);
    assert!(game.status.success());
    let said = String::from_utf8_lossy(&game.stderr).to_string();
    assert!(said.starts_with("Winnable Deals Only is on (in a card game's Solver menu): game 15 is deal "), "{said}");
    assert!(said.ends_with("Switched off, game 15 is deal 15 itself.\n"), "{said}");
    let seed = said.split("game 15 is deal ").nth(1).and_then(|t| t.split(',').next()).expect(&said).to_string();
    let dealt = run(&["deal", "klondike", "--seed", &seed]);
    assert_eq!(game.stdout, dealt.stdout, "game 15 is the deal named");
    let raw = run(&["deal", "klondike", "--seed", "15"]);
    assert!(raw.stderr.is_empty(), "switched off, nothing is said");
    assert_ne!(game.stdout, raw.stdout, "not deal 15 itself");
    let solved = switched_on(&["solve", "klondike", "--seed", "15", "--json"]);
    assert_eq!(solved.status.code(), Some(0), "game 15 is won");
    assert!(String::from_utf8_lossy(&solved.stdout).contains(&format!("\"seed\":{seed},")));
}

/// Two game types of one folder with the same Name are told of: the game
/// list would show them alike. One that does not load (no [Game]) is not
/// listed, so shares its name with none.
#[test]
fn lint_tells_of_two_game_types_named_alike() {
    let tmp = tempfile::tempdir().unwrap();
    let golf = Path::new(env!("CARGO_MANIFEST_DIR")).join("game-types/Golf");
    for copy in ["A Broken Golf", "Golf", "Golf Copy"] {
        let folder = tmp.path().join(copy);
        std::fs::create_dir(&folder).unwrap();
        for file in ["game.ini", "game.html", "game.bmp"] {
            std::fs::copy(golf.join(file), folder.join(file)).unwrap();
        }
    }
    let broken = tmp.path().join("A Broken Golf/game.ini");
    let ini = std::fs::read_to_string(&broken).unwrap();
    assert!(ini.contains("[Game]\n"));
    std::fs::write(&broken, ini.replacen("[Game]\n", "", 1)).unwrap();
    let out = run(&["lint", &tmp.path().to_string_lossy()]);
    let said = String::from_utf8_lossy(&out.stdout);
    let alike: Vec<&str> = said.lines().filter(|l| l.contains("is also the name of")).collect();
    // Golf Copy is named as Golf beside it is, and as the Golf listed
    // (the folder Golf, of Golf's id, is the one listed in its place).
    assert_eq!(alike.len(), 2, "{said}");
    assert!(alike.iter().all(|l| l.contains("Golf Copy/game.ini:")), "{said}");
    assert!(alike[0].contains("warning: [General] Name=Golf is also the name of `Golf`"), "{said}");
    assert!(alike[1].contains("is also the name of the game type in ") && alike[1].contains("(id golf)"), "{said}");
}

/// `parlour lint` on a copy of Golf whose game.html is `edit` of Golf's.
fn lint_golf_with_page(edit: impl Fn(&str) -> String) -> std::process::Output {
    let tmp = tempfile::tempdir().unwrap();
    let golf = Path::new(env!("CARGO_MANIFEST_DIR")).join("game-types/Golf");
    let folder = tmp.path().join("Golf");
    std::fs::create_dir(&folder).unwrap();
    for file in ["game.ini", "game.bmp"] {
        std::fs::copy(golf.join(file), folder.join(file)).unwrap();
    }
    let page = std::fs::read_to_string(golf.join("game.html")).unwrap();
    std::fs::write(folder.join("game.html"), edit(&page)).unwrap();
    run(&["lint", &folder.to_string_lossy()])
}

/// A link or picture of game.html that leads out of the game type's
/// folder is told once by `parlour lint` on the folder: the folder's
/// error (the HTML help leaves the page out), not also the help's warning
/// (it greys the link) on the same line.
#[test]
fn lint_tells_of_a_page_leading_out_of_its_folder_once() {
    let out_of_it = "<p><a href=\"../../../outside.html\">outside</a> <img src=\"../x.bmp\" alt=\"x\"></p>\n</body>";
    let out = lint_golf_with_page(|page| page.replacen("</body>", out_of_it, 1));
    let said = String::from_utf8_lossy(&out.stdout);
    for name in ["`../../../outside.html`", "`../x.bmp`"] {
        let told: Vec<&str> = said.lines().filter(|l| l.contains(name)).collect();
        assert_eq!(told.len(), 1, "{name}: {said}");
        assert!(told[0].contains("leads out of the game type's folder") && !told[0].contains("warning:"), "{said}");
    }
}

/// A heading game.html leaves open is told once by `parlour lint` on the
/// folder: the folder's error that it runs on, not also the help's
/// warning of the tag that ends it.
#[test]
fn lint_tells_of_a_heading_left_open_once() {
    let out = lint_golf_with_page(|page| page.replacen("</h2>", "", 1));
    let said = String::from_utf8_lossy(&out.stdout);
    let told: Vec<&str> = said.lines().filter(|l| l.contains("<h2>")).collect();
    assert_eq!(told.len(), 1, "{said}");
    assert!(told[0].contains("error: <h2> is not closed"), "{said}");
}

/// Each shipped game type has tests/wins/<id>.txt: a `seed N` line, then
/// moves that win that deal (found with `parlour solve`).
#[test]
fn every_shipped_game_type_wins_by_script() {
    let wins = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/wins");
    for folder in shipped() {
        let game = catalog::find(&folder.to_string_lossy()).unwrap();
        let path = wins.join(format!("{}.txt", game.id));
        let script = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut lines = script.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
        let seed: u64 = lines.next().and_then(|l| l.strip_prefix("seed ")).and_then(|n| n.parse().ok()).unwrap();
        let variant = parlour::app::catalog::game_type(&game).unwrap().variant.clone();
        let mut session = Session::new(variant, seed);
        for (i, m) in lines.enumerate() {
            session.play_text(m).unwrap_or_else(|e| panic!("{}: move {} `{m}`: {e}", game.id, i + 1));
        }
        assert_eq!(session.state().status(), Status::Won, "{}: the script does not win", game.id);
    }
}

/// A game played into a corner is lost: taking the first legal move each
/// time soon leaves Golf with none, and the status says so.
#[test]
fn a_game_with_no_moves_left_is_lost() {
    let game = catalog::find("golf").unwrap();
    let variant = parlour::app::catalog::game_type(&game).unwrap().variant.clone();
    let mut lost = 0;
    for seed in 1..=20 {
        let mut session = Session::new(variant.clone(), seed);
        while let Some(m) = session.state().legal_moves().first().copied() {
            session.play(&m).unwrap();
        }
        let status = session.state().status();
        assert_ne!(status, Status::Playing, "seed {seed}: no legal move but still playing");
        lost += (status == Status::Lost) as usize;
    }
    assert!(lost > 0, "first-move play never lost a game of Golf");
}

/// A copy of a listed game type, opened by its path to try it out, goes
/// by an id of its own, so that it neither sets the player's saved game
/// aside nor counts in its statistics; the listed folder itself, named by
/// its path, is still the listed game. Any folder no list holds goes by an
/// id made from where it lies.
#[test]
fn a_copied_game_type_keeps_apart_from_the_one_it_copies() {
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("game-types/Klondike");
    let copy = tempfile::tempdir().unwrap();
    let folder = copy.path().join("Klondike");
    std::fs::create_dir(&folder).unwrap();
    for f in ["game.ini", "game.html", "game.bmp"] {
        std::fs::copy(here.join(f), folder.join(f)).unwrap();
    }
    let copied = parlour::app::catalog::find(folder.to_str().unwrap()).unwrap();
    assert!(copied.id.starts_with("klondike-") && copied.id.len() <= 64, "{}", copied.id);
    assert_eq!(parlour::app::catalog::find(folder.to_str().unwrap()).unwrap().id, copied.id, "the same each time");
    assert_eq!(parlour::app::catalog::find(here.to_str().unwrap()).unwrap().id, "klondike");
    // Two folders of one name that no list holds keep apart as well.
    let twins: Vec<String> = ["a", "b"]
        .iter()
        .map(|place| {
            let twin = copy.path().join(place).join("Twin");
            std::fs::create_dir_all(&twin).unwrap();
            let ini = std::fs::read_to_string(here.join("game.ini")).unwrap().replacen("Name=Klondike", "Name=Twin", 1);
            std::fs::write(twin.join("game.ini"), ini).unwrap();
            parlour::app::catalog::find(twin.to_str().unwrap()).unwrap().id
        })
        .collect();
    assert!(twins[0].starts_with("twin-") && twins[1].starts_with("twin-") && twins[0] != twins[1], "{twins:?}");
}
