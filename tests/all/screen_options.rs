//! The screen options (`--machine`, `--depth`, `--skin`, `--scale`) and
//! `shot`'s output name: what makes no sense is refused before anything
//! opens or is rendered, with a message that says what would.

use std::process::Output;

use super::support::parlour;

/// Runs parlour without a display, so that nothing refused by mistake
/// opens a window (it fails to, instead).
fn run(args: &[&str]) -> Output {
    parlour().env_remove("DISPLAY").args(args).output().expect("the parlour binary runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_scale_of_zero_or_too_large_is_refused_when_the_command_line_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("x.png");
    let png = png.to_str().unwrap();
    for args in [
        &["--scale", "0"][..],
        &["play", "klondike", "--scale", "0"],
        &["--scale", "0", "play", "klondike"],
        &["help", "klondike", "--scale", "0"],
        &["shot", "klondike", "--scale", "0", "-o", png],
        &["play", "klondike", "--scale", "100"],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(parlour::app::cli::USAGE_ERROR), "{args:?}: {}", stderr(&out));
        let said = stderr(&out);
        assert!(said.contains("--scale") && said.contains("from 1 to 16"), "{args:?}: {said}");
        assert!(!said.contains("window"), "{args:?}: refused before any window: {said}");
    }
}

#[test]
fn shot_refuses_a_scale_it_would_ignore() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("x.png");
    let png = png.to_str().unwrap();
    for args in [
        &["shot", "launcher", "--scale", "2", "-o", png][..],
        &["--scale", "2", "shot", "launcher", "-o", png],
        &["help", "klondike", "--scale", "2", "--shot", png],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(parlour::app::cli::USAGE_ERROR), "{args:?}");
        assert!(stderr(&out).contains("--scale 2 sizes a window"), "{args:?}: {}", stderr(&out));
        assert!(!dir.path().join("x.png").exists(), "{args:?}: nothing is rendered");
    }
    let help = run(&["shot", "--help"]);
    assert!(help.status.success());
    assert!(!String::from_utf8_lossy(&help.stdout).contains("--scale"), "shot's help does not offer --scale");
}

/// Runs parlour without a display on the data folder `data`.
fn run_in(data: &std::path::Path, args: &[&str]) -> Output {
    parlour().env_remove("DISPLAY").env("PARLOUR_DATA_DIR", data).args(args).output().expect("parlour runs")
}

/// A window command that passed every check and only failed to find a
/// display.
fn reached_the_window(out: &Output) -> bool {
    out.status.code() == Some(1) && stderr(out).contains("cannot open a window")
}

/// A window that cannot open says which display it tried, or that
/// DISPLAY is not set.
#[test]
fn a_window_that_cannot_open_names_the_display_tried() {
    let data = tempfile::tempdir().unwrap();
    let unset = run_in(data.path(), &[]);
    assert!(stderr(&unset).contains("cannot open a window: DISPLAY is not set"), "{}", stderr(&unset));
    // A display no server listens on (no socket for it).
    let n = (4000..5000).find(|n| !std::path::Path::new(&format!("/tmp/.X11-unix/X{n}")).exists()).unwrap();
    let display = format!(":{n}");
    let out = parlour().env("DISPLAY", &display).env("PARLOUR_DATA_DIR", data.path()).output().expect("parlour runs");
    let said = stderr(&out);
    assert!(said.contains(&format!("cannot open a window on display {display}: ")), "{said}");
    assert!(!said.contains("is DISPLAY set"), "{said}");
}

#[test]
fn a_depth_or_skin_for_a_machine_without_any_is_refused_naming_the_machine_that_has_them() {
    let data = tempfile::tempdir().unwrap();
    let png = data.path().join("x.png");
    let png = png.to_str().unwrap();
    for (args, said) in [
        (
            &["shot", "launcher", "--machine", "amiga-pal", "--depth", "16", "-o", png][..],
            "--depth 16 is for mac-color only: amiga-pal has no depths to choose from",
        ),
        (
            &["play", "klondike", "--machine", "amiga-pal", "--depth", "16"],
            "--depth 16 is for mac-color only: amiga-pal has no depths to choose from",
        ),
        (
            &["shot", "launcher", "--machine", "mac-se30", "--depth", "256", "-o", png],
            "--depth 256 is for mac-color only: mac-se30 has no depths to choose from",
        ),
        (
            &["shot", "klondike", "--machine", "mac-se30", "--skin", "nosuch", "-o", png],
            "--skin nosuch is for yazzle only: mac-se30 has no skins",
        ),
        (
            &["--machine", "mac-color", "--skin", "plastique"],
            "--skin plastique is for yazzle only: mac-color has no skins",
        ),
        (
            &["--depth", "16"],
            "--depth 16 is for mac-color only, and without --machine this opens on yazzle \
             (the one it opens on unless told): add --machine mac-color",
        ),
        (
            &["shot", "the-chance", "--skin", "plastique", "-o", png],
            "--skin plastique is for yazzle only, and without --machine this opens on mac-se30 \
             (the one it opens on unless told): add --machine yazzle",
        ),
    ] {
        let out = run_in(data.path(), args);
        assert_eq!(out.status.code(), Some(parlour::app::cli::USAGE_ERROR), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(said), "{args:?}: {}", stderr(&out));
        assert!(!data.path().join("x.png").exists(), "{args:?}: nothing is rendered");
    }
    // What the machines have is taken.
    let out = run_in(data.path(), &["shot", "launcher", "--machine", "mac-color", "--depth", "16", "-o", png]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = run_in(data.path(), &["shot", "launcher", "--machine", "yazzle", "--skin", "transcrippled", "-o", png]);
    assert!(out.status.success(), "{}", stderr(&out));
}

/// An option given a value it cannot take exits as a command line that
/// does not parse, whether clap or Parlour tells it: `--machine vic20` as
/// `--seed abc`. (A file or folder that is not there is not the command
/// line's fault: `--assets`, `--events` and `--replay` exit 1 for it.)
#[test]
fn every_option_value_refused_is_a_usage_error() {
    let data = tempfile::tempdir().unwrap();
    for (args, said) in [
        (&["play", "klondike", "--seed", "abc"][..], "seeds are whole numbers"),
        (&["play", "klondike", "--scale", "17"], "from 1 to 16"),
        (&["play", "klondike", "--machine", "vic20"], "unknown machine `vic20`"),
        (&["play", "klondike", "--machine", "mac-color", "--depth", "8"], "unknown depth `8`"),
        (&["play", "klondike", "--machine", "yazzle", "--skin", "nosuch"], "unknown skin `nosuch`"),
        (&["play", "klondike", "--skin", "nosuch"], "unknown skin `nosuch`"),
        (&["--machine", "amiga-pal", "list"], "this command takes no such choice"),
    ] {
        let out = run_in(data.path(), args);
        assert_eq!(out.status.code(), Some(parlour::app::cli::USAGE_ERROR), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(said), "{args:?}: {}", stderr(&out));
    }
}

/// Without --machine a window opens on the machine used last: what is
/// typed is checked against it, what it remembers never stops a start.
#[test]
fn the_machine_used_last_is_what_a_typed_depth_or_skin_is_checked_against() {
    let data = tempfile::tempdir().unwrap();
    let settings = data.path().join("settings.ini");
    std::fs::write(&settings, "[Machine]\nid=mac-color\ndepth=4\n").unwrap();
    assert!(reached_the_window(&run_in(data.path(), &["play", "klondike", "--depth", "16"])));
    let out = run_in(data.path(), &["play", "klondike", "--skin", "plastique"]);
    assert!(
        stderr(&out).contains(
            "--skin plastique is for yazzle only, and without --machine this opens on mac-color \
             (the machine used last): add --machine yazzle"
        ),
        "{}",
        stderr(&out)
    );
    // A depth kept for a machine that has none, or kept without its
    // machine, is not the player's to answer for.
    for kept in ["[Machine]\nid=amiga-pal\ndepth=16\n", "[Machine]\ndepth=thousands\nskin=gone\n"] {
        std::fs::write(&settings, kept).unwrap();
        for args in [&["play", "klondike"][..], &["play", "the-chance"], &[]] {
            let out = run_in(data.path(), args);
            assert!(reached_the_window(&out), "{kept:?} {args:?}: {}", stderr(&out));
        }
    }
}

/// A picture is written only under a name that says what it is: PNG data
/// in x.gif was written, exit 0.
#[test]
fn a_picture_named_other_than_png_or_bmp_is_refused_before_rendering() {
    let data = tempfile::tempdir().unwrap();
    let at = |name: &str| data.path().join(name).to_str().unwrap().to_string();
    for name in ["x.gif", "x", "x.png.txt"] {
        let out_s = at(name);
        for args in [
            &["shot", "klondike", "-o", &out_s][..],
            &["help", "klondike", "--shot", &out_s],
            &["sheet", "--games", "klondike", "--screens", "amiga-pal", "-o", &out_s],
        ] {
            let out = run_in(data.path(), args);
            assert_eq!(out.status.code(), Some(parlour::app::cli::USAGE_ERROR), "{args:?}");
            assert!(
                stderr(&out)
                    .contains(&format!("{out_s}: a picture is written as PNG or BMP: name the file .png or .bmp")),
                "{args:?}: {}",
                stderr(&out)
            );
            assert!(!data.path().join(name).exists(), "{args:?}: nothing is written");
        }
    }
    // A device takes a PNG (a script checked, the picture thrown away).
    let out = run_in(data.path(), &["shot", "klondike", "-o", "/dev/null"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = run_in(data.path(), &["sheet", "--games", "klondike", "--screens", "amiga-pal", "-o", &at("sheet.png")]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("(1 game on 1 screen, 0 text runs cut off)"), "counted in good English: {said}");
    // Either case of .png and .bmp is taken, and written as it says.
    for (name, magic) in [("x.PNG", &b"\x89PNG"[..]), ("x.Bmp", b"BM")] {
        let out_s = at(name);
        for args in [&["shot", "klondike", "-o", &out_s][..], &["help", "klondike", "--shot", &out_s]] {
            let out = run_in(data.path(), args);
            assert!(out.status.success(), "{args:?}: {}", stderr(&out));
            assert!(std::fs::read(&out_s).unwrap().starts_with(magic), "{args:?}");
            std::fs::remove_file(&out_s).unwrap();
        }
    }
}

/// A picture named where it cannot go is told in words: a folder given
/// as its name, or a folder on its path that is not there; both exit 1,
/// as a picture that fails to be written does (a folder exited 64, as if
/// the command line had not parsed).
#[test]
fn a_picture_that_cannot_be_written_says_why_in_words() {
    let data = tempfile::tempdir().unwrap();
    let folder = data.path().to_str().unwrap().to_string();
    let missing = data.path().join("nosuch");
    let inside = missing.join("x.png").to_str().unwrap().to_string();
    let cases = [
        (&folder, format!("{folder}: cannot be written: it is a folder: give a file name")),
        (&inside, format!("{inside}: cannot be written: the folder {} does not exist", missing.display())),
    ];
    for (out_s, says) in &cases {
        for args in [&["shot", "klondike", "-o", out_s][..], &["help", "klondike", "--shot", out_s]] {
            let out = run_in(data.path(), args);
            assert_eq!(out.status.code(), Some(1), "{args:?}");
            assert!(stderr(&out).contains(says.as_str()), "{args:?}: {}", stderr(&out));
            assert!(!stderr(&out).contains("os error"), "{args:?}: {}", stderr(&out));
        }
    }
}

/// Without a display, a window command says the whole command that
/// draws the same thing headless.
#[test]
fn without_a_display_the_headless_command_is_given_whole() {
    let data = tempfile::tempdir().unwrap();
    for (args, said) in [
        (
            &["help", "freecell"][..],
            "parlour: without a display, `parlour help freecell --shot FILE.png` draws the page into a picture.",
        ),
        (&["help"], "parlour: without a display, `parlour help --shot FILE.png` draws the page into a picture."),
        (
            &["play", "golf"],
            "parlour: without a display, `parlour shot golf -o FILE.png` draws the game into a picture.",
        ),
        (&[], "parlour: without a display, `parlour shot launcher -o FILE.png` draws the launcher into a picture."),
        // A game named as the list shows it is given by its id, which
        // the shell takes as it is.
        (
            &["play", "Baker's Dozen"],
            "parlour: without a display, `parlour shot bakers-dozen -o FILE.png` draws the game into a picture.",
        ),
        (
            &["help", "Baker's Dozen"],
            "parlour: without a display, `parlour help bakers-dozen --shot FILE.png` draws the page into a picture.",
        ),
    ] {
        let out = run_in(data.path(), args);
        assert!(reached_the_window(&out), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(said), "{args:?}: {}", stderr(&out));
    }
}

/// `play FAMILY --replay FILE` replays a kept game of any of the family's
/// boards or sizes, not only of the one it would open (the last played);
/// `play --replay FILE` replays it with no game named.
#[test]
fn a_family_named_by_its_id_replays_a_kept_game_of_any_of_its_games() {
    let data = tempfile::tempdir().unwrap();
    let png = data.path().join("x.png");
    let png = png.to_str().unwrap();
    let events = data.path().join("keep.txt");
    std::fs::write(&events, "menu Game > Save a Copy\n").unwrap();
    let kept = run_in(data.path(), &["shot", "mines/expert", "--events", events.to_str().unwrap(), "-o", png]);
    assert!(kept.status.success(), "{}", stderr(&kept));
    let played_last = run_in(data.path(), &["shot", "mines/beginner", "-o", png]);
    assert!(played_last.status.success(), "{}", stderr(&played_last));
    let file = data.path().join("saved/mines-expert-1.save");
    let out = run_in(data.path(), &["play", "mines", "--replay", file.to_str().unwrap()]);
    assert!(reached_the_window(&out), "{}", stderr(&out));
    // The game may be left out: the file names it.
    let out = run_in(data.path(), &["play", "--replay", file.to_str().unwrap()]);
    assert!(reached_the_window(&out), "{}", stderr(&out));
    // A game of another family is still refused.
    let out = run_in(data.path(), &["play", "scramble", "--replay", file.to_str().unwrap()]);
    assert!(stderr(&out).contains("is a kept game of mines/expert, not of scramble"), "{}", stderr(&out));
}
