//! Tetris: `parlour tetris run` on input logs (the same log, the same
//! figures; the level after a minute of play at both frame rates), a game
//! played by keys through `shot --events` and resumed paused, and a kept
//! game replayed frame for frame by the controller.

use std::path::Path;

use parlour::app::driver::Driver;
use parlour::app::shell::Shell;
use parlour::core::save;
use parlour::games::tetris::log;
use parlour::games::tetris::rules::TetrisVariant;
use parlour::host::{Controller, Opening};
use parlour::machines::{Button, Command, Input, Key, Machine, MachineChoice, MachineId, Modifiers};
use parlour::views::View;
use parlour::views::tetris::{PAUSE, TetrisBoard, frame_rate};

use super::support::{parlour, run_fed, run_fed_ok};

/// A log that plays a few pieces: moves, turns, drops, the preview
/// hidden for a while, a pause.
const LOG: &str = "# a short game\n\
    3 left\n3 left\n3 left\n10 space\n\
    12 right\n12 right\n12 down\n30 space\n\
    40 v\n41 up\n41 right\n41 right\n41 right\n41 right\n60 space\n\
    80 p\n200 p\n\
    210 space\n220 left\n230 space\n240 v\n600 space\n1500 end\n";

fn run(args: &[&str], log: &Path) -> (bool, String, String) {
    let (code, out, err) = run_coded(args, log);
    (code == Some(0), out, err)
}

/// As [`run`], with the exit code itself.
fn run_coded(args: &[&str], log: &Path) -> (Option<i32>, String, String) {
    let o = parlour().args(["tetris", "run", "--inputs"]).arg(log).args(args).output().unwrap();
    (o.status.code(), String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned())
}

fn figure(stdout: &str, name: &str) -> u64 {
    let prefix = format!("{name}: ");
    stdout
        .lines()
        .find_map(|l| l.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("no {name} in {stdout}"))
        .parse()
        .unwrap()
}

/// A save past the file size limit (`ulimit -f`) fails as a full disk's
/// does, said and with nothing left behind; it does not end the program
/// on SIGXFSZ.
#[test]
fn a_save_past_the_file_size_limit_is_refused_not_fatal() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("game.log");
    // Over 1 KB kept: a long game of moves to and fro.
    let moves: String =
        (1..400).map(|i| format!("{} {}\n", i * 3, if i % 2 == 1 { "left" } else { "right" })).collect();
    std::fs::write(&log, format!("seed 5\n{moves}")).unwrap();
    let save = dir.path().join("kept.save");
    let o = std::process::Command::new("sh")
        .args(["-c", "ulimit -f 1; exec \"$0\" \"$@\""])
        .arg(env!("CARGO_BIN_EXE_parlour"))
        .env("PARLOUR_DATA_DIR", dir.path())
        .args(["tetris", "run", "--inputs"])
        .arg(&log)
        .arg("--save")
        .arg(&save)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "ended by a signal? {:?} {said}", o.status);
    assert!(
        said.contains(
            "cannot be written (it would be larger than this system lets a file be, by the limit ulimit -f sets"
        ),
        "{said}"
    );
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert!(!left.iter().any(|n| n.to_string_lossy().starts_with("kept.save")), "{left:?}");
}

#[test]
fn the_same_log_always_prints_the_same_figures() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.log");
    std::fs::write(&file, LOG).unwrap();
    let (ok, first, err) = run(&["--seed", "7"], &file);
    assert!(ok, "{err}");
    let names: Vec<&str> = first.lines().map(|l| l.split(':').next().unwrap()).collect();
    assert_eq!(names, ["score", "rows", "level", "pieces", "game"]);
    assert!(first.ends_with("game: running\n"), "{first}");
    assert!(figure(&first, "pieces") >= 6, "{first}");
    assert!(figure(&first, "score") > 0);
    assert_eq!(run(&["--seed", "7"], &file).1, first, "a second run");
    // The seed may come from the log; a kept game gives the same figures.
    std::fs::write(&file, format!("seed 7\n{LOG}")).unwrap();
    let kept = dir.path().join("game.save");
    let (ok, again, _) = run(&["--save", &kept.to_string_lossy()], &file);
    assert!(ok);
    assert_eq!(again, first);
    assert_eq!(run(&[], &kept).1, first, "the kept game");
    // In the library: two plays of one log end with the same field and
    // score; another seed deals other pieces.
    let parsed = log::parse(&file, &std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(log::play(7, &parsed).state(), log::play(7, &parsed).state());
    // The game kept opens with the time it was played on its clock.
    let kept_game = save::decode(&std::fs::read(&kept).unwrap(), &TetrisVariant).unwrap();
    assert!(kept_game.elapsed_ms() > 20_000, "{} ms", kept_game.elapsed_ms());
    assert_eq!(kept_game.elapsed_ms(), kept_game.state().play_ms());
    assert_ne!(log::play(7, &parsed).state(), log::play(8, &parsed).state());
}

/// A seed on the command line that is not the file's own is told of:
/// a log's is replaced with a warning, a kept game's refused as a usage
/// error; the output says whether the game is over; a save that cannot
/// be written says why in the tool's words.
#[test]
fn a_seed_against_the_file_s_own_is_told_of_and_the_end_is_said() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.log");
    std::fs::write(&file, format!("seed 7\n{LOG}")).unwrap();
    let (ok, played, err) = run(&["--seed", "7"], &file);
    assert!(ok && err.is_empty(), "{err}");
    let (ok, other, err) = run(&["--seed", "1"], &file);
    assert!(ok, "{err}");
    let unseeded = dir.path().join("unseeded.log");
    std::fs::write(&unseeded, LOG).unwrap();
    assert_eq!(other, run(&["--seed", "1"], &unseeded).1, "the seed given is played");
    assert!(err.contains("warning: --seed 1 is played, not the seed 7 of"), "{err}");
    let kept = dir.path().join("game.save");
    assert!(run(&["--save", &kept.to_string_lossy()], &file).0);
    let o = parlour().args(["tetris", "run", "--seed", "1", "--inputs"]).arg(&kept).output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(64), "{err}");
    assert!(err.contains("is a kept game, which plays its own seed (7); leave --seed out"), "{err}");
    assert_eq!(run(&["--seed", "7"], &kept).1, played, "its own seed is no conflict");
    // Nothing but drops: the stack reaches the top.
    std::fs::write(&file, (1..=60).map(|f| format!("{} space\n", f * 5)).collect::<String>()).unwrap();
    let (ok, out, err) = run(&["--seed", "3"], &file);
    assert!(ok, "{err}");
    assert!(out.ends_with("game: over (topped out)\n"), "{out}");
    // A save that cannot be made is told before the game is played, with
    // no figures printed, as a picture's or a CSV's is.
    let nowhere = dir.path().join("no/such/dir/x.save");
    let (ok, out, err) = run(&["--seed", "3", "--save", &nowhere.to_string_lossy()], &file);
    assert!(!ok && out.is_empty(), "{out}");
    let missing = dir.path().join("no/such/dir");
    let told = format!("{}: cannot be written: the folder {} does not exist", nowhere.display(), missing.display());
    assert!(err.contains(&told), "{err}");
    let (ok, out, err) = run(&["--seed", "3", "--save", &dir.path().to_string_lossy()], &file);
    assert!(!ok && out.is_empty(), "{out}");
    assert!(err.contains("cannot be written: it is a folder: give a file name"), "{err}");
}

#[test]
fn bad_logs_are_named_by_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.log");
    std::fs::write(&file, "5 left\n4 right\n").unwrap();
    let (code, _, err) = run_coded(&["--seed", "1"], &file);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains(&format!("{}:2: frame 4 comes before frame 5", file.display())), "{err}");
    std::fs::write(&file, "5 left\n").unwrap();
    let (code, _, err) = run_coded(&[], &file);
    assert_eq!(code, Some(64), "a seed missing is a usage error: {err}");
    assert!(err.contains("no seed"), "{err}");
    let (code, _, err) = run_coded(&[], &dir.path().join("none.log"));
    assert_eq!(code, Some(2), "a log that is not there: {err}");
}

/// A kept game cut short is named by file and line as a bad log is,
/// `FILE:LINE: reason`.
#[test]
fn a_kept_game_cut_short_is_named_by_line() {
    let dir = tempfile::tempdir().unwrap();
    let parsed = log::parse(Path::new("t.log"), LOG).unwrap();
    let text = save::encode(&log::play(7, &parsed)).unwrap();
    let file = dir.path().join("cut.save");
    let kept: Vec<&str> = text.lines().take(20).collect();
    std::fs::write(&file, kept.join("\n")).unwrap();
    let (code, _, err) = run_coded(&[], &file);
    assert_eq!(code, Some(2), "{err}");
    let told = format!("parlour: {}:20: ", file.display());
    assert!(err.starts_with(&told) && err.contains("cut off"), "{err}");
}

/// A file that is no text (a program given by mistake) is told so by its
/// line, and none of its bytes is echoed back.
#[test]
fn a_binary_file_is_no_log() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a.out");
    std::fs::write(&file, b"\x7fELF\x02\x01\x01\x00\x00\xff\xfe\x1b[2J\x00\x00>\x00\n\x01\x00").unwrap();
    let (ok, _, err) = run(&["--seed", "1"], &file);
    assert!(!ok);
    assert_eq!(err.trim_end(), format!("parlour: {}:1: not a text file (it holds NUL bytes)", file.display()));
}

#[test]
fn the_level_rises_after_a_minute_of_play_at_either_frame_rate() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("idle.log");
    for (rate, frames_a_minute) in [(50, 3000), (60, 3600)] {
        for (end, level) in [(frames_a_minute - 1, 0), (frames_a_minute, 1)] {
            std::fs::write(&file, format!("0 hz {rate}\n{end} end\n")).unwrap();
            let (ok, stdout, err) = run(&["--seed", "2"], &file);
            assert!(ok, "{err}");
            assert_eq!(figure(&stdout, "level"), level, "{rate} Hz, {end} frames");
        }
    }
    // Paused time does not count.
    std::fs::write(&file, "0 p\n6000 p\n6000 end\n").unwrap();
    assert_eq!(figure(&run(&["--seed", "2"], &file).1, "level"), 0);
}

fn script(data: &Path, args: &[&str], events: &str) -> Vec<u8> {
    let out = data.join("shot.png").to_string_lossy().into_owned();
    let all: Vec<&str> =
        ["shot", "tetris", "--events", "-", "-o", &out].into_iter().chain(args.iter().copied()).collect();
    run_fed_ok(data, &all, events);
    std::fs::read(out).unwrap()
}

#[test]
fn a_game_played_by_keys_in_a_script_is_kept_and_comes_back_paused() {
    let data = tempfile::tempdir().unwrap();
    let events = "key Left\nkey Down\nwait 500\nkey Space\nwait 1000\nkey v\nkey Right\nwait 300\nkey p\n";
    script(data.path(), &["--seed", "5", "--machine", "amiga-pal"], events);
    let journal = std::fs::read_to_string(data.path().join("journals/tetris.save")).unwrap();
    let moves: Vec<&str> = journal.lines().filter_map(|l| l.strip_prefix("move ")).collect();
    let keys: Vec<&str> = moves.iter().copied().filter(|m| !m.starts_with("tick")).collect();
    assert_eq!(keys, ["left", "cw", "drop", "preview", "right", "pause"], "{journal}");
    // 1.8 s at 50 frames a second, and the Amiga's rate all along.
    let frames: u32 = moves.iter().filter_map(|m| m.strip_prefix("tick")).map(|n| n.trim().parse().unwrap_or(1)).sum();
    assert_eq!(frames, 90);
    assert!(!journal.contains("move hz"), "50 Hz is the game's rate from the start");
    // On a Mac the game takes the Mac's 60 frames; the paused game stays
    // paused (P goes on), and a key that cannot act is not recorded.
    script(data.path(), &["--machine", "mac-se30"], "wait 500\nkey Left\nkey p\nwait 200\n");
    let journal = std::fs::read_to_string(data.path().join("journals/tetris.save")).unwrap();
    let tail: Vec<&str> = journal.lines().filter_map(|l| l.strip_prefix("move ")).skip(moves.len()).collect();
    assert_eq!(tail.first(), Some(&"pause"), "P went on: {tail:?}");
    assert_eq!(tail.get(1), Some(&"hz 60"), "{tail:?}");
    assert_eq!(tail.last(), Some(&"tick 6"), "100 ms at 60 Hz: {tail:?}");
}

/// `shot` resumes a running game paused, as `play` does, whatever its
/// script starts with (or with none): keys wait for P, and the picture
/// shows the game paused.
#[test]
fn a_running_game_resumed_by_a_script_waits_paused() {
    let data = tempfile::tempdir().unwrap();
    // Left running: the script ends while the piece falls.
    script(data.path(), &["--seed", "5", "--machine", "mac-color", "--depth", "256"], "key Left\nwait 300\n");
    let kept = |data: &Path| {
        let journal = std::fs::read_to_string(data.join("journals/tetris.save")).unwrap();
        journal.lines().filter_map(|l| l.strip_prefix("move ")).map(str::to_string).collect::<Vec<_>>()
    };
    let before = kept(data.path());
    assert_ne!(before.last().map(String::as_str), Some("pause"), "{before:?}");
    for events in ["", "key Left\nkey Space\nwait 300\n"] {
        let copy = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(copy.path().join("journals")).unwrap();
        std::fs::copy(data.path().join("journals/tetris.save"), copy.path().join("journals/tetris.save")).unwrap();
        script(copy.path(), &["--machine", "mac-color", "--depth", "256"], events);
        let after = kept(copy.path());
        assert_eq!(after[..before.len()], before[..], "{events:?}");
        assert_eq!(after[before.len()..], ["pause".to_string()], "{events:?}: paused, and nothing played since");
    }
}

/// While a menu or a box is open the piece does not fall: time stands
/// still until it closes, on every machine, as the Mac's and the Amiga's
/// menus held the program (it went on falling under a held Mac menu). The
/// menus are opened from the keyboard here; the mouse's held menus are
/// the same tracking (see `Shell::handle`).
#[test]
fn time_stands_still_while_a_menu_or_a_box_is_open() {
    for id in MachineId::ALL {
        let opens_menu = if id == MachineId::Yazzle { "key alt+g" } else { "key F10" };
        for (opens, closes) in [(opens_menu, "key Escape"), ("menu Game > Top Five", "key Return")] {
            let data = tempfile::tempdir().unwrap();
            let events = format!("wait 200\n{opens}\nwait 1000\n{closes}\nkey Escape\nwait 200\n");
            script(data.path(), &["--seed", "5", "--machine", id.name()], &events);
            let journal = std::fs::read_to_string(data.path().join("journals/tetris.save")).unwrap();
            let frames: u32 = journal
                .lines()
                .filter_map(|l| l.strip_prefix("move tick"))
                .map(|n| n.trim().parse().unwrap_or(1))
                .sum();
            let most = frame_rate(id) * 400 / 1000;
            assert!(frames > 0 && frames <= most, "{id}, {opens}: 0.4 s of play, not 1.4 s: {frames} frames");
        }
    }
}

/// While the name for the top five is asked for, the menus stay shut, as
/// under every box: neither the keyboard, the mouse nor a shortcut opens
/// them or runs their commands (New Game dealt a fresh well behind the
/// box, and Top Five... stacked a second box on it).
#[test]
fn the_menus_wait_for_the_name_for_the_top_five() {
    for id in [MachineId::AmigaPal, MachineId::MacSe30, MachineId::Yazzle] {
        let data = tempfile::tempdir().unwrap();
        let view = opened(data.path(), &Opening { seed: Some(3), ..Default::default() });
        let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
        let width = m.look().width as i32;
        let mut d = Driver::new(Shell::keeping_in(m, Box::new(view), 1, data.path().to_path_buf()));
        let key = |key, mods| Input::Key { key, mods };
        let mut drops = 0;
        while !d.shell().view_boxed() {
            d.feed(&[key(Key::Char(' '), Modifiers::default())]);
            drops += 1;
            assert!(drops < 200, "{id}: the well fills up and the name is asked for");
        }
        let asking = d.frame().pixels().to_vec();
        let shortcut = if id == MachineId::Yazzle {
            Modifiers { ctrl: true, ..Default::default() }
        } else {
            Modifiers { alt: true, ..Default::default() }
        };
        let opens = if id == MachineId::Yazzle {
            key(Key::Char('g'), Modifiers { alt: true, ..Default::default() })
        } else {
            key(Key::Function(10), Modifiers::default())
        };
        for (what, input) in [
            ("the menus' key", opens),
            ("New Game's shortcut", key(Key::Char('n'), shortcut)),
            ("Help's key", key(Key::Function(1), Modifiers::default())),
        ] {
            d.feed(&[input]);
            assert!(d.shell().requester().is_none(), "{id}, {what}: no box over the name's");
            assert_eq!(d.frame().pixels(), asking, "{id}, {what}: nothing opened or changed");
        }
        for x in (2..width).step_by(12) {
            for (y, button) in [(2, Button::Left), (12, Button::Left), (2, Button::Right)] {
                d.feed(&[Input::MouseMove { x, y }, Input::MouseDown { x, y, button }]);
                assert_eq!(d.frame().pixels(), asking, "{id}: a press at ({x}, {y}) opened nothing");
                d.feed(&[Input::MouseUp { x, y, button }]);
            }
        }
        assert!(d.shell().view_boxed(), "{id}: the name is still asked for");
    }
    // A script's menu waits for the box too, as for the window's own.
    let data = tempfile::tempdir().unwrap();
    let events = format!("{}wait 700\nmenu Game > Top Five...\n", "key Space\n".repeat(60));
    let shot = data.path().join("x.png").to_string_lossy().into_owned();
    let out = run_fed(data.path(), &["shot", "tetris", "--seed", "3", "--events", "-", "-o", &shot], &events);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && said.contains("answer it first"), "{said}");
}

/// Tetris as the app opens it, keeping its files in `data`.
fn opened(data: &Path, how: &Opening) -> Controller<TetrisVariant, TetrisBoard> {
    Controller::open("tetris", TetrisVariant, TetrisBoard::new(data), data, how)
}

fn machine() -> (Machine, parlour::gfx::Rect) {
    let m = Machine::new(&MachineChoice { id: Some(MachineId::AmigaPal), ..Default::default() }, MachineId::AmigaPal)
        .unwrap();
    let area = m.content();
    (m, area)
}

/// Turning to another window (the window loses the keyboard) pauses a
/// falling piece, as Game > Pause does, and keeps the game so; a game
/// paused already stays paused (Pause is a switch), and one that is over
/// has nothing to pause.
#[test]
fn turning_to_another_window_pauses_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let mut view = opened(dir.path(), &Opening { seed: Some(3), ..Default::default() });
    let (m, area) = machine();
    view.input(&Input::Tick { ms: 100 }, &m, area);
    view.focus_lost();
    assert!(view.session().state().paused());
    let kept = std::fs::read_to_string(dir.path().join("journals/tetris.save")).unwrap();
    assert!(kept.lines().any(|l| l == "move pause"), "the pause is kept at once:\n{kept}");
    let cursor = view.session().cursor();
    view.input(&Input::Tick { ms: 1000 }, &m, area);
    assert_eq!(view.session().cursor(), cursor, "nothing falls");
    view.focus_lost();
    assert!(view.session().state().paused(), "still paused");
    let space = Input::Key { key: Key::Char(' '), mods: Modifiers::default() };
    view.command(&Command::View(PAUSE));
    while !view.session().state().over() {
        view.input(&space, &m, area);
    }
    let cursor = view.session().cursor();
    view.focus_lost();
    assert_eq!(view.session().cursor(), cursor, "a game over is left as it is");
}

/// A piece that lands is in the journal at once, not only after five
/// seconds of play: a window killed then loses at most the piece in
/// flight.
#[test]
fn a_piece_that_lands_is_journalled_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut view = opened(dir.path(), &Opening { seed: Some(3), ..Default::default() });
    let (m, area) = machine();
    view.input(&Input::Tick { ms: 100 }, &m, area);
    view.input(&Input::Key { key: Key::Char(' '), mods: Modifiers::default() }, &m, area);
    assert_eq!(view.session().state().pieces(), 1);
    let path = parlour::host::journal::journal_path(dir.path(), "tetris");
    let kept = save::load(&path, &TetrisVariant).unwrap();
    assert_eq!(kept.state().pieces(), 1, "the landed piece is on disk");
    assert_eq!(kept.state().points(), view.session().state().points());
}

/// Reopened, a game left running waits paused, and the status line says
/// so (it said "Game resumed." beside the Paused box).
#[test]
fn a_game_reopened_says_it_waits_paused() {
    let dir = tempfile::tempdir().unwrap();
    let mut view = opened(dir.path(), &Opening { seed: Some(3), ..Default::default() });
    let (m, area) = machine();
    view.input(&Input::Tick { ms: 500 }, &m, area);
    view.close();
    drop(view);
    let view = opened(dir.path(), &Opening::default());
    assert!(view.session().state().paused());
    assert_eq!(view.message(), "Game restored and paused.");
}

/// Game > Pause pauses a running game and, named Resume, lets it go on,
/// as the P key does; a game that is over has nothing to pause.
#[test]
fn the_game_menu_pauses_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let mut view = opened(dir.path(), &Opening { seed: Some(3), ..Default::default() });
    let (m, area) = machine();
    view.input(&Input::Tick { ms: 100 }, &m, area);
    let item = |view: &Controller<TetrisVariant, TetrisBoard>| {
        let menus = view.menus();
        let game = menus.iter().find(|menu| menu.title == "Game").unwrap();
        let item = game.items.iter().find(|i| i.command == Command::View(PAUSE)).unwrap();
        (item.label.clone(), item.enabled)
    };
    assert_eq!(item(&view), ("Pause".to_string(), true));
    view.command(&Command::View(PAUSE));
    assert!(view.session().state().paused());
    assert_eq!(item(&view), ("Resume".to_string(), true));
    view.command(&Command::View(PAUSE));
    assert!(!view.session().state().paused());
}

#[test]
fn a_kept_game_replays_frame_for_frame_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let parsed = log::parse(Path::new("t.log"), LOG).unwrap();
    let played = log::play(7, &parsed);
    let kept = dir.path().join("kept.save");
    save::save(&played, &kept).unwrap();
    let data = dir.path().join("data");
    let how = Opening { file: Some(kept), replay: true, ..Default::default() };
    let mut view = opened(&data, &how);
    assert_eq!(view.session().cursor(), 0, "the replay starts at the deal");
    let (m, area) = machine();
    // Each tick shows the next frame: the state after that many frames.
    let mut frames = 0;
    let mut last = view.session().state().clone();
    while view.session().cursor() < played.cursor() {
        view.input(&Input::Tick { ms: 20 }, &m, area);
        frames += 1;
        assert!(frames <= 1500, "the replay does not end");
        let now = view.session().state();
        assert!(now.play_ms() <= last.play_ms() + 20, "one frame at a time");
        last = now.clone();
    }
    // 1500 frames, less the 120 spent paused (no ticks while paused).
    assert_eq!(frames, 1380);
    assert_eq!(view.session().state(), played.state(), "the replay ends where the game did");
    // Keys do not play; Escape leaves; nothing was journalled.
    let before = view.session().state().clone();
    view.input(&Input::Key { key: Key::Left, mods: Modifiers::default() }, &m, area);
    assert_eq!(view.session().state(), &before);
    view.close();
    assert!(!data.join("journals").exists());
}

#[test]
fn a_game_on_the_smallest_screens() {
    use parlour::app::driver::Driver;
    use parlour::app::shell::Shell;
    // The short game, kept as the journal, so it opens as a resumed game.
    let parsed = log::parse(Path::new("t.log"), LOG).unwrap();
    let played = log::play(7, &parsed);
    for id in [MachineId::AmigaPal, MachineId::MacSe30] {
        let data = tempfile::tempdir().unwrap();
        let journal = parlour::host::journal::journal_path(data.path(), "tetris");
        std::fs::create_dir_all(journal.parent().unwrap()).unwrap();
        save::save(&played, &journal).unwrap();
        let view = opened(data.path(), &Opening::default());
        let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
        let d = Driver::new(Shell::new(m, Box::new(view), 1));
        super::support::assert_golden(&format!("tetris-{}", id.name()), d.frame());
    }
}

#[test]
fn every_game_over_is_counted_and_new_game_starts_a_fresh_history() {
    let data = tempfile::tempdir().unwrap();
    let mut view = opened(data.path(), &Opening::default());
    let (m, area) = machine();
    let space = Input::Key { key: Key::Char(' '), mods: Modifiers::default() };
    for game in 1..=2u64 {
        while !view.session().state().over() {
            view.input(&space, &m, area);
            assert!(view.session().cursor() < 200, "the well fills up");
        }
        let stats = parlour::core::Stats::load(data.path()).unwrap();
        assert_eq!(stats.game("tetris").unwrap().played, game, "game {game} counted");
        // Escape leaves the name prompt; nothing to undo in Tetris.
        view.input(&Input::Key { key: Key::Escape, mods: Modifiers::default() }, &m, area);
        assert!(!view.can(&parlour::machines::Command::Undo));
        view.command(&parlour::machines::Command::New);
        assert!(!view.can(&parlour::machines::Command::Hint), "no hints in a game of reflexes");
        assert_eq!(view.session().steps().len(), 1, "a fresh history");
    }
}

/// A game dealt again before any of its time has run (its frame rate
/// set, nothing more) is not counted as played: it would add a game of 0
/// points to the average. Once time has run in it, it is.
#[test]
fn a_game_dealt_again_before_it_ran_is_not_counted() {
    let data = tempfile::tempdir().unwrap();
    let mut view = opened(data.path(), &Opening { seed: Some(3), ..Default::default() });
    // A machine whose frame rate is not the one a game starts at.
    let m =
        Machine::new(&MachineChoice { id: Some(MachineId::Yazzle), ..Default::default() }, MachineId::Yazzle).unwrap();
    let area = m.content();
    view.input(&Input::Tick { ms: 1 }, &m, area);
    let actions: Vec<_> = view.session().steps().iter().map(|s| format!("{:?}", s.action)).collect();
    assert_eq!(actions.len(), 2, "the frame rate set, no frame yet: {actions:?}");
    let played = |data: &Path| parlour::core::Stats::load(data).unwrap().game("tetris").map_or(0, |g| g.played);
    // Held as the window loses the keyboard, it has still not begun.
    view.focus_lost();
    assert!(view.session().state().paused());
    let asked = view.command(&parlour::machines::Command::New);
    assert!(!matches!(asked, Some(parlour::views::Response::Ask(_))), "dealt again without asking");
    assert_eq!(played(data.path()), 0, "the game that never ran is not counted");
    for _ in 0..3 {
        view.input(&Input::Tick { ms: 100 }, &m, area);
    }
    let asked = view.command(&parlour::machines::Command::New);
    assert!(matches!(asked, Some(parlour::views::Response::Ask(_))), "the game under way is given up first");
    view.answer(0);
    assert_eq!(played(data.path()), 1, "a game that ran counts");
}

/// What the status line says (a game kept with Save a Copy) stays while
/// the piece falls: time passing says nothing new.
#[test]
fn a_note_outlasts_the_falling_piece() {
    let data = tempfile::tempdir().unwrap();
    let mut view = opened(data.path(), &Opening::default());
    let (m, area) = machine();
    for _ in 0..5 {
        view.input(&Input::Tick { ms: 20 }, &m, area);
    }
    view.command(&parlour::machines::Command::SaveAs);
    let said = view.message();
    assert!(said.starts_with("Kept as tetris-"), "{said}");
    let moves = view.session().cursor();
    for _ in 0..50 {
        view.input(&Input::Tick { ms: 20 }, &m, area);
    }
    assert!(view.session().cursor() > moves, "the game went on");
    assert_eq!(view.message(), said);
}

/// A replay's clock shows the time played up to the frame shown, from
/// 0:00 at the deal, not the whole game's time from the first frame.
#[test]
fn a_replay_shows_the_time_of_the_frame_shown() {
    let dir = tempfile::tempdir().unwrap();
    let parsed = log::parse(Path::new("t.log"), LOG).unwrap();
    let mut played = log::play(7, &parsed);
    // As Save a Copy keeps it: the whole game's time with it.
    let whole_ms = played.state().play_ms() + 4000;
    played.set_game_clock(0, whole_ms).unwrap();
    let kept = dir.path().join("kept.save");
    save::save(&played, &kept).unwrap();
    let how = Opening { file: Some(kept), replay: true, ..Default::default() };
    let mut view = opened(&dir.path().join("data"), &how);
    let time = |view: &Controller<TetrisVariant, TetrisBoard>| {
        view.fields().into_iter().find(|(name, _)| *name == "Time").map(|(_, value)| value)
    };
    assert_eq!(time(&view).as_deref(), Some("0:00"), "at the deal");
    let (m, area) = machine();
    for _ in 0..600 {
        view.input(&Input::Tick { ms: 20 }, &m, area);
    }
    let shown = view.session().state().play_ms();
    assert!((11_000..13_000).contains(&shown), "{shown} ms played after 600 frames");
    assert_eq!(time(&view), Some(format!("0:{:02}", shown / 1000)));
    while view.session().cursor() < played.cursor() {
        view.input(&Input::Tick { ms: 20 }, &m, area);
    }
    assert_eq!(time(&view), Some(format!("0:{:02}", played.state().play_ms() / 1000)), "at the end");
}

/// Save a Copy names the file and its folder: where the status line has
/// room for the file's sentence only (the Amiga PAL's title bar), a box
/// says the whole of it; where the line holds it all, no box comes.
#[test]
fn save_a_copy_tells_the_folder_where_the_title_bar_has_no_room_for_it() {
    use parlour::app::driver::Driver;
    use parlour::app::shell::Shell;
    for (id, boxed) in [(MachineId::AmigaPal, true), (MachineId::Yazzle, false)] {
        let data = tempfile::tempdir().unwrap();
        let view = opened(data.path(), &Opening { seed: Some(3), ..Default::default() });
        let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
        let mut d = Driver::new(Shell::keeping_in(m, Box::new(view), 1, data.path().to_path_buf()));
        d.command(&Command::SaveAs);
        let told = d.shell().requester().map(|r| r.lines.join(" "));
        if boxed {
            let told = told.expect("no box told where the copy went");
            let folder = parlour::host::journal::kept_dir(data.path());
            assert!(told.starts_with("Kept as tetris-"), "{told}");
            assert!(told.contains(&format!("It is in {}", folder.display())), "{told}");
        } else {
            assert_eq!(told, None, "{id:?}: the status line shows it all");
        }
    }
}

/// A kept game opened over a game of Tetris under way asks first; the
/// game it asks over is the game as it stands, not as its journal held
/// it seconds before (Tetris keeps its ticks every five seconds): Cancel
/// leaves it as it stood, and Open counts it with its score.
#[test]
fn a_kept_game_offered_over_tetris_leaves_the_game_as_it_stood() {
    let play = |answer: Option<Key>| {
        let data = tempfile::tempdir().unwrap();
        let view = opened(data.path(), &Opening { seed: Some(5), ..Default::default() });
        let m =
            Machine::new(&MachineChoice { id: Some(MachineId::AmigaPal), ..Default::default() }, MachineId::AmigaPal)
                .unwrap();
        let mut d = Driver::new(Shell::keeping_in(m, Box::new(view), 1, data.path().to_path_buf()));
        d.command(&Command::SaveAs);
        let kept = parlour::host::journal::kept_games(data.path()).remove(0);
        let key = |key| Input::Key { key, mods: Modifiers::default() };
        for i in 0..150 {
            d.feed(&[if i % 30 == 0 { key(Key::Char(' ')) } else { Input::Tick { ms: 20 } }]);
        }
        if let Some(answer) = answer {
            d.command(&Command::Play(kept.display().to_string()));
            assert!(d.shell().requester().is_some(), "asked over the game under way");
            d.feed(&[key(answer)]);
        }
        drop(d);
        // The game as it comes back (paused, as every game left is).
        let view = opened(data.path(), &Opening::default());
        let t = view.session().state();
        let stood = (t.points(), t.pieces(), t.play_ms(), t.falling().squares());
        let stats = parlour::core::Stats::load(data.path()).unwrap();
        (stood, stats.game("tetris").map(|g| g.total_score))
    };
    let (stood, uncounted) = play(None);
    assert!(stood.0 > 0 && stood.2 > 2000, "played on after the copy was kept: {stood:?}");
    assert_eq!(uncounted, None);
    assert_eq!(play(Some(Key::Escape)), (stood, None), "Cancel: the game goes on as it stood");
    let (_, counted) = play(Some(Key::Enter));
    assert_eq!(counted, Some(stood.0 as i64), "Open: the game left counts with its score");
}

/// A game of Tetris is never lost, only scored: New Game, Select Game and
/// a `--seed` over a game under way say it ends and counts with its score
/// (as it does: played once, with its score), not that it counts as lost.
#[test]
fn a_game_left_is_said_to_count_with_its_score_not_as_lost() {
    let data = tempfile::tempdir().unwrap();
    let how = |seed| Opening { seed: Some(seed), ..Default::default() };
    let mut view = opened(data.path(), &how(5));
    let (m, area) = machine();
    let key = |key| Input::Key { key, mods: Modifiers::default() };
    view.input(&key(Key::Left), &m, area);
    let ends = "The game in progress ends and counts with its score.";
    let Some(parlour::views::Response::Ask(asked)) = view.command(&Command::New) else { panic!("New Game asks") };
    assert_eq!(asked.lines, ["Start a new game?", ends]);
    view.answer(1);
    view.command(&Command::SelectGame);
    for k in [Key::Char('4'), Key::Char('2')] {
        view.input(&key(k), &m, area);
    }
    let parlour::views::Response::Ask(asked) = view.input(&key(Key::Enter), &m, area) else { panic!("Select asks") };
    assert_eq!(asked.lines, ["Start game 42?", ends]);
    view.answer(0);
    let stats = parlour::core::Stats::load(data.path()).unwrap();
    assert_eq!(stats.game("tetris").unwrap().played, 1, "the game left is counted");

    view.input(&key(Key::Left), &m, area);
    view.close();
    drop(view);
    let view = opened(data.path(), &how(6));
    assert_eq!(view.message(), "The game left counts with its score.");
}

/// A game given up for another ends with the score it has, as one played
/// out does: a score that belongs in the Top Five asks for the name, over
/// the new game, which waits for it, and goes into the table.
#[test]
fn a_game_given_up_with_a_top_five_score_goes_into_the_table() {
    let data = tempfile::tempdir().unwrap();
    let mut view = opened(data.path(), &Opening { seed: Some(5), ..Default::default() });
    let (m, area) = machine();
    let key = |key| Input::Key { key, mods: Modifiers::default() };
    for _ in 0..3 {
        view.input(&key(Key::Char(' ')), &m, area);
    }
    let points = view.session().state().points();
    assert!(points > 0, "the drops score");
    let Some(parlour::views::Response::Ask(_)) = view.command(&Command::New) else { panic!("New Game asks") };
    view.answer(0);
    assert!(view.boxed(), "the name is asked for");
    let fresh = view.session().state().clone();
    assert_eq!(fresh.points(), 0, "the new game is on the table");
    for _ in 0..40 {
        view.input(&Input::Tick { ms: 100 }, &m, area);
    }
    assert_eq!(*view.session().state(), fresh, "and waits for the name");
    for k in [Key::Char('A'), Key::Char('l'), Key::Enter] {
        view.input(&key(k), &m, area);
    }
    assert!(!view.boxed());
    let table = std::fs::read_to_string(data.path().join("tetris-top5.txt")).unwrap();
    assert!(table.contains(&points.to_string()), "{table}");
}

/// The program ended while the name is asked for over the new game
/// keeps the name, and the new game, never seen running, comes back
/// paused and said so, as a game left running does (it ran at once).
#[test]
fn a_game_closed_under_the_name_box_comes_back_paused() {
    let data = tempfile::tempdir().unwrap();
    let mut view = opened(data.path(), &Opening { seed: Some(9), ..Default::default() });
    let (m, area) = machine();
    for _ in 0..3 {
        view.input(&Input::Key { key: Key::Char(' '), mods: Modifiers::default() }, &m, area);
    }
    let Some(parlour::views::Response::Ask(_)) = view.command(&Command::New) else { panic!("New Game asks") };
    view.answer(0);
    assert!(view.boxed(), "the name is asked for");
    view.close();
    drop(view);
    let table = std::fs::read_to_string(data.path().join("tetris-top5.txt")).unwrap();
    assert!(table.lines().count() > 0, "the name is kept:\n{table}");
    let mut view = opened(data.path(), &Opening::default());
    assert!(view.session().state().paused(), "the new game waits");
    assert_eq!(view.message(), "Game restored and paused.");
    let fresh = view.session().state().clone();
    view.input(&Input::Tick { ms: 1000 }, &m, area);
    assert_eq!(*view.session().state(), fresh, "nothing falls until P");
}

/// Tetris has no undo: its Game menu shows no Undo or Redo, where they
/// once stood greyed for the whole game.
#[test]
fn the_game_menu_shows_no_steps_back() {
    let data = tempfile::tempdir().unwrap();
    let out = data.path().join("shot.png").to_string_lossy().into_owned();
    let args = ["shot", "tetris", "--machine", "amiga-pal", "--events", "-", "-o", &out];
    let said = super::support::run_fed(data.path(), &args, "key space\nmenu Game > Undo\n");
    let stderr = String::from_utf8_lossy(&said.stderr);
    assert!(!said.status.success() && stderr.contains("no menu item `Undo` in Game"), "{stderr}");
    assert!(!stderr.contains("Redo"), "{stderr}");
}

/// The menus held by the mouse hold time as the keyboard's do: on the
/// YaZZle a click on a title leaves its menu open, and the piece waits
/// under it (a reviewer saw it fall four rows under the Machine menu).
#[test]
fn time_stands_still_under_a_menu_opened_by_the_mouse() {
    for id in MachineId::ALL {
        let (view, _data) = super::support::open_game("tetris", 5);
        let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
        let mut d = Driver::new(Shell::new(m, view, 5));
        let hz = frame_rate(id);
        let tick = Input::Tick { ms: 1000 / hz };
        d.feed(&[tick; 10]);
        let menus = d.shell().menus();
        let machine = d.shell().machine();
        let titles = machine.chrome().menu_geometry(machine.look()).titles(&menus);
        let at = menus.iter().position(|m| m.title == "Machine").expect("a Machine menu");
        let (x, y) = (titles[at].x + titles[at].w / 2, titles[at].y + titles[at].h / 2);
        // The Amiga's menus are the right button's, held; the Mac's are
        // held too; the YaZZle's stay open after a click.
        let amiga = matches!(id, MachineId::AmigaPal | MachineId::AmigaDblPal);
        let button = if amiga { Button::Right } else { Button::Left };
        d.feed(&[Input::MouseMove { x, y }, Input::MouseDown { x, y, button }]);
        if id == MachineId::Yazzle {
            d.feed(&[Input::MouseUp { x, y, button }]);
        }
        let open = d.frame().clone();
        d.feed(&vec![tick; hz as usize * 2]);
        assert!(*d.frame() == open, "{id}: the piece fell under the menu");
    }
}
