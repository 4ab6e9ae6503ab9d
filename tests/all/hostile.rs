//! Inputs a hostile or unlucky user gives, as fuzzing and fault injection
//! found them: devices and FIFOs where files should be, files too big to
//! be real, links, broken art, names that look like ids. Each is refused
//! with a message, or handled, and never hangs, panics or eats memory.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use super::support::{parlour, run};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `cmd` and kills it if it has not finished within `secs`: a command
/// that blocks or runs away fails the test instead of hanging it.
fn within(secs: u64, cmd: &mut Command) -> Output {
    let mut child = cmd.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let deadline = Instant::now() + Duration::from_secs(secs);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("still running after {secs} s: {cmd:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A copy of the shipped game type `name` in a fresh folder, under the
/// folder name `as_name`.
fn copy_game_type(name: &str, dir: &Path, as_name: &str) -> PathBuf {
    let to = dir.join(as_name);
    std::fs::create_dir_all(&to).unwrap();
    for file in ["game.ini", "game.html", "game.bmp"] {
        std::fs::copy(root().join("game-types").join(name).join(file), to.join(file)).unwrap();
    }
    to
}

#[cfg(unix)]
#[test]
fn devices_and_fifos_are_refused_not_read() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("rules.ini");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let out = within(20, parlour().arg("lint").arg(&fifo));
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let board = dir.path().join("fifo.brd");
    assert!(Command::new("mkfifo").arg(&board).status().unwrap().success());
    let out = within(20, parlour().arg("lint").arg(&board));
    assert_eq!(out.status.code(), Some(1));
    let out = within(20, parlour().arg("solve").arg(&board));
    assert_eq!(out.status.code(), Some(3), "a board that cannot be read is bad input, as a deal's would be");

    // /dev/zero as a game.ini would never end: linked from a game type's
    // folder it is not read at all, a link out of the folder.
    let game = copy_game_type("Golf", dir.path(), "Zero");
    std::fs::remove_file(game.join("game.ini")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", game.join("game.ini")).unwrap();
    let out = within(20, parlour().arg("lint").arg(&game));
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains(
            "game.ini:1: error: game.ini is outside the folder (a link to elsewhere): Parlour reads only files inside it"
        ),
        "{}",
        stdout(&out)
    );
    // Named itself, it is refused as no regular file.
    let out = within(20, parlour().arg("lint").arg(game.join("game.ini")));
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("not a regular file"), "{}", stdout(&out));
}

#[test]
fn oversized_inputs_are_refused_with_their_size() {
    let dir = tempfile::tempdir().unwrap();
    let game = copy_game_type("Golf", dir.path(), "Huge");
    let mut ini = std::fs::read(game.join("game.ini")).unwrap();
    ini.extend(b"\n; padding".repeat(200_000));
    std::fs::write(game.join("game.ini"), &ini).unwrap();
    let out = within(60, parlour().arg("lint").arg(&game));
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("more than the 1 MB Parlour reads"), "{}", stdout(&out));

    let guide = dir.path().join("big.guide");
    std::fs::write(&guide, format!("@DATABASE big\n@NODE MAIN\n{}@ENDNODE\n", "x\n".repeat(5_000_000))).unwrap();
    let out = within(60, parlour().arg("lint").arg(&guide));
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("more than the 8 MB"), "{}", stdout(&out));
}

/// A game.bmp that is a link is replaced by the picture, saying so: the
/// file it led to is never written.
#[cfg(unix)]
#[test]
fn capture_replaces_game_bmp_and_never_writes_through_a_link() {
    let dir = tempfile::tempdir().unwrap();
    let game = copy_game_type("Golf", dir.path(), "Golf");
    let outside = dir.path().join("not-yours.bmp");
    std::fs::write(&outside, b"someone else's file").unwrap();
    std::fs::remove_file(game.join("game.bmp")).unwrap();
    std::os::unix::fs::symlink(&outside, game.join("game.bmp")).unwrap();
    let out = run(&["capture", &game.to_string_lossy()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(std::fs::read(&outside).unwrap(), b"someone else's file");
    let written = game.join("game.bmp");
    let said = format!("{} (it was a link to {}, which is left as it was)", written.display(), outside.display());
    assert_eq!(stdout(&out).trim_end(), said, "the link replaced is said");
    assert!(std::fs::symlink_metadata(&written).unwrap().file_type().is_file());
    assert_eq!(std::fs::read(&written).unwrap(), std::fs::read(root().join("game-types/Golf/game.bmp")).unwrap());
    let names: Vec<_> = std::fs::read_dir(&game).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names.len(), 3, "only game.ini, game.html and game.bmp: {names:?}");
}

/// The pictures capture compares before keeping the old game.bmp are
/// read as lint reads a game type's files: a link out of the folder, a
/// device, a pipe, a folder or a file too big to be a picture is refused,
/// the file named, and game.bmp left as it was.
#[cfg(unix)]
#[test]
fn capture_reads_the_pictures_kept_aside_as_lint_reads_files() {
    let dir = tempfile::tempdir().unwrap();
    let game = copy_game_type("Golf", dir.path(), "Golf");
    let old = b"an old picture";
    std::fs::write(game.join("game.bmp"), old).unwrap();
    let capture = || within(20, parlour().arg("capture").arg(&game));
    let refused = |out: &Output, name: &str, why: &str| {
        assert_eq!(out.status.code(), Some(1), "{}", stdout(out));
        let said = format!(
            "{}: cannot be read ({why}); game.bmp is left as it was: move {name} away",
            game.join(name).display()
        );
        assert!(stderr(out).contains(&said), "{}", stderr(out));
        assert_eq!(std::fs::read(game.join("game.bmp")).unwrap(), old);
    };
    let bak = game.join("game.bmp.bak");
    std::os::unix::fs::symlink("/dev/zero", &bak).unwrap();
    refused(
        &capture(),
        "game.bmp.bak",
        "game.bmp.bak is outside the folder (a link to elsewhere): Parlour reads only files inside it",
    );
    std::fs::remove_file(&bak).unwrap();
    assert!(Command::new("mkfifo").arg(&bak).status().unwrap().success());
    refused(&capture(), "game.bmp.bak", "it is a folder, device or pipe, not a regular file");
    // A folder is blamed, not game.bmp.
    std::fs::remove_file(&bak).unwrap();
    std::fs::create_dir(&bak).unwrap();
    refused(&capture(), "game.bmp.bak", "it is a folder, device or pipe, not a regular file");
    std::fs::remove_dir(&bak).unwrap();
    // A file far bigger than any picture is not read whole to compare.
    std::fs::write(&bak, b"another picture").unwrap();
    std::fs::File::create(game.join("game.bmp.bak.1")).unwrap().set_len(1 << 30).unwrap();
    refused(&capture(), "game.bmp.bak.1", "it is 1024 MB, more than the 16 MB Parlour reads from such a file");
    // Nor is a link out of the folder followed further on.
    let outside = dir.path().join("outside.bmp");
    std::fs::write(&outside, old).unwrap();
    std::fs::remove_file(game.join("game.bmp.bak.1")).unwrap();
    std::os::unix::fs::symlink(&outside, game.join("game.bmp.bak.1")).unwrap();
    refused(
        &capture(),
        "game.bmp.bak.1",
        "game.bmp.bak.1 is outside the folder (a link to elsewhere): Parlour reads only files inside it",
    );
    // game.bmp itself is read no further than a picture may be.
    std::fs::remove_file(game.join("game.bmp.bak.1")).unwrap();
    std::fs::File::create(game.join("game.bmp")).unwrap().set_len(1 << 30).unwrap();
    let out = capture();
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("game.bmp: cannot be read (it is 1024 MB, more than the 16 MB"), "{}", stderr(&out));
    assert_eq!(std::fs::metadata(game.join("game.bmp")).unwrap().len(), 1 << 30);
    // With the way clear, the old picture is kept beside the others.
    std::fs::write(game.join("game.bmp"), old).unwrap();
    let out = capture();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).ends_with("(the picture before is kept as game.bmp.bak.1)\n"), "{}", stdout(&out));
    assert_eq!(std::fs::read(game.join("game.bmp.bak.1")).unwrap(), old);
}

/// A picture named GAME.BMP is the one capture replaces, and it comes out
/// named game.bmp, as lint asks: never two pictures side by side.
#[test]
fn capture_renames_a_picture_in_another_case() {
    let dir = tempfile::tempdir().unwrap();
    let game = copy_game_type("Golf", dir.path(), "Golf");
    std::fs::rename(game.join("game.bmp"), game.join("GAME.BMP")).unwrap();
    std::fs::write(game.join("GAME.BMP"), b"an old picture").unwrap();
    let out = run(&["capture", &game.to_string_lossy()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let mut names: Vec<_> =
        std::fs::read_dir(&game).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    assert_eq!(names, ["game.bmp", "game.bmp.bak", "game.html", "game.ini"]);
    assert_eq!(
        std::fs::read(game.join("game.bmp")).unwrap(),
        std::fs::read(root().join("game-types/Golf/game.bmp")).unwrap()
    );
    // The picture replaced is kept; capturing again keeps it still.
    assert_eq!(std::fs::read(game.join("game.bmp.bak")).unwrap(), b"an old picture");
    assert!(stdout(&out).ends_with("game.bmp (the picture before is kept as game.bmp.bak)\n"), "{}", stdout(&out));
    // Capturing again leaves the same picture alone, and the kept one too.
    let again = run(&["capture", &game.to_string_lossy()]);
    assert!(again.status.success(), "{}", stderr(&again));
    assert!(stdout(&again).ends_with("game.bmp (unchanged)\n"), "{}", stdout(&again));
    assert_eq!(std::fs::read(game.join("game.bmp.bak")).unwrap(), b"an old picture");
    let lint = run(&["lint", &game.to_string_lossy()]);
    assert!(lint.status.success(), "{}", stdout(&lint));

    // A rule changed, the picture captured before is replaced in turn: it
    // is kept beside the first, which it never takes the place of.
    let first_capture = std::fs::read(game.join("game.bmp")).unwrap();
    let ini = std::fs::read_to_string(game.join("game.ini")).unwrap();
    std::fs::write(game.join("game.ini"), ini.replacen("Name=Golf", "Name=Golf Again", 1)).unwrap();
    let changed = run(&["capture", &game.to_string_lossy()]);
    assert!(changed.status.success(), "{}", stderr(&changed));
    assert!(
        stdout(&changed).ends_with("game.bmp (the picture before is kept as game.bmp.bak.1)\n"),
        "{}",
        stdout(&changed)
    );
    assert_eq!(std::fs::read(game.join("game.bmp.bak")).unwrap(), b"an old picture");
    assert_eq!(std::fs::read(game.join("game.bmp.bak.1")).unwrap(), first_capture);
    assert_ne!(std::fs::read(game.join("game.bmp")).unwrap(), first_capture);
}

/// Two pictures whose names differ only in case are one file to Windows:
/// capture leaves both for the player to choose between, and lint tells
/// of them.
#[test]
fn two_pictures_named_alike_but_for_case_are_told_of() {
    let dir = tempfile::tempdir().unwrap();
    let game = copy_game_type("Golf", dir.path(), "Golf");
    std::fs::write(game.join("GAME.BMP"), b"an old picture").unwrap();
    let captured = std::fs::read(game.join("game.bmp")).unwrap();
    let out = run(&["capture", &game.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(1));
    let told = format!(
        "parlour: {}: holds GAME.BMP and game.bmp, names Windows takes for one file: remove all but one and capture again\n",
        game.display()
    );
    assert_eq!(stderr(&out), told);
    // Given by its game.ini, the folder is named once all the same.
    let out = run(&["capture", &game.join("game.ini").to_string_lossy()]);
    assert_eq!(stderr(&out), told);
    assert_eq!(std::fs::read(game.join("game.bmp")).unwrap(), captured);
    assert_eq!(std::fs::read(game.join("GAME.BMP")).unwrap(), b"an old picture");
    assert!(!game.join("game.bmp.bak").exists());
    let lint = run(&["lint", &game.to_string_lossy()]);
    assert!(!lint.status.success());
    assert!(
        stdout(&lint)
            .contains("game.bmp:1: error: the folder holds GAME.BMP and game.bmp, names Windows takes for one file"),
        "{}",
        stdout(&lint)
    );
}

/// `parlour help --html` shows a game type's picture as it is, but tells
/// of one not made to YaZZle's spec (24 bits a pixel), as lint does.
#[test]
fn help_html_tells_of_a_picture_not_to_spec() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let golf = copy_game_type("Golf", &data.join("game-types"), "My Golf");
    let (w, h) = (200u32, 150u32);
    let size = 54 + w * h * 3;
    let mut bmp = b"BM".to_vec();
    for n in [size, 0, 54, 40, w, h] {
        bmp.extend(n.to_le_bytes());
    }
    bmp.extend(1u16.to_le_bytes());
    bmp.extend(24u16.to_le_bytes());
    bmp.extend([0u8; 24]);
    bmp.resize(size as usize, 0x80);
    std::fs::write(golf.join("game.bmp"), &bmp).unwrap();
    let build = || {
        let site = dir.path().join("site");
        let mut help = parlour();
        help.env("PARLOUR_DATA_DIR", &data).current_dir(dir.path());
        help.args(["help", "--html", &site.to_string_lossy()]).output().unwrap()
    };
    let out = build();
    assert!(out.status.success(), "{}", stderr(&out));
    let told = format!("parlour: warning: {}:1: has 24 bits per pixel", golf.join("game.bmp").display());
    let said = stderr(&out);
    let warnings: Vec<&str> = said.lines().filter(|l| l.contains("warning")).collect();
    assert!(warnings.len() == 1 && warnings[0].starts_with(&told), "{}", stderr(&out));
    assert!(warnings[0].ends_with("(`parlour capture` draws one to spec)"), "{}", stderr(&out));
    // One that cannot be read at all is told of too (its page, which
    // shows it, is left out for it).
    std::fs::remove_file(golf.join("game.bmp")).unwrap();
    std::fs::create_dir(golf.join("game.bmp")).unwrap();
    let out = build();
    let told = format!("parlour: warning: {}: cannot be read", golf.join("game.bmp").display());
    assert!(stderr(&out).lines().any(|l| l.starts_with(&told)), "{}", stderr(&out));
}

/// A game type whose page cannot be built is left out of `help --html`
/// as the game list leaves out one that cannot be read: its first error,
/// and how many more lint finds with the command that lists them.
#[test]
fn help_html_tells_a_page_left_out_with_how_many_more_errors() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let golf = copy_game_type("Golf", &data.join("game-types"), "Putt Putt");
    let ini = std::fs::read_to_string(golf.join("game.ini")).unwrap();
    std::fs::write(golf.join("game.ini"), ini.replace("Name=Golf", "Name=Putt Putt")).unwrap();
    let page = golf.join("game.html");
    let html = std::fs::read_to_string(&page).unwrap();
    let bad = "<p><a href=\"missing.html\">x</a></p>\n<h2>Notes</h3>\n</div>\n</body>";
    std::fs::write(&page, html.replacen("</div>\n</body>", bad, 1)).unwrap();
    let site = dir.path().join("site");
    let mut help = parlour();
    help.env("PARLOUR_DATA_DIR", &data).current_dir(dir.path());
    let out = within(120, help.args(["help", "--html", &site.to_string_lossy()]));
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let said = stderr(&out);
    let line =
        said.lines().find(|l| l.starts_with("parlour: Putt Putt is left out: ")).unwrap_or_else(|| panic!("{said}"));
    assert!(line.contains("`missing.html` leads to no file"), "{line}");
    let more = format!("(and 1 more error: parlour lint '{}' lists them all)", golf.display());
    assert!(line.ends_with(&more), "{line}");
}

/// A picture marked read-only is not replaced, nor renamed, nor kept
/// aside by halves: capture says so and leaves the folder as it was.
#[cfg(unix)]
#[test]
fn capture_leaves_a_read_only_picture_alone() {
    let dir = tempfile::tempdir().unwrap();
    let game = copy_game_type("Golf", dir.path(), "Golf");
    std::fs::rename(game.join("game.bmp"), game.join("GAME.BMP")).unwrap();
    std::fs::write(game.join("GAME.BMP"), b"an old picture").unwrap();
    let mut read_only = std::fs::metadata(game.join("GAME.BMP")).unwrap().permissions();
    read_only.set_readonly(true);
    std::fs::set_permissions(game.join("GAME.BMP"), read_only).unwrap();
    let out = run(&["capture", &game.to_string_lossy()]);
    assert!(!out.status.success());
    // Named once, by the picture's own path.
    let told =
        format!("parlour: {}: cannot be written: the file is marked read-only\n", game.join("GAME.BMP").display());
    assert_eq!(stderr(&out), told);
    let mut names: Vec<_> =
        std::fs::read_dir(&game).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    assert_eq!(names, ["GAME.BMP", "game.html", "game.ini"]);
    assert_eq!(std::fs::read(game.join("GAME.BMP")).unwrap(), b"an old picture");
}

/// `capture --all` draws the player's own game types, not the built-in
/// ones (which come with their pictures), and names a game type it cannot
/// read, failing, as the launcher names it.
#[test]
fn capture_all_names_a_game_type_left_out() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let mine = data.join("game-types");
    let golf = copy_game_type("Golf", &mine, "My Golf");
    std::fs::remove_file(golf.join("game.bmp")).unwrap();
    let broken = copy_game_type("Golf", &mine, "Broken");
    let ini = std::fs::read_to_string(broken.join("game.ini")).unwrap();
    std::fs::write(broken.join("game.ini"), ini.replacen("[Game]", "[Game]\nDecks=many", 1)).unwrap();
    let out =
        parlour().env("PARLOUR_DATA_DIR", &data).current_dir(dir.path()).args(["capture", "--all"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(stdout(&out), format!("{}\n", golf.join("game.bmp").display()));
    assert!(stderr(&out).starts_with("parlour: Broken is left out: "), "{}", stderr(&out));
    assert!(stderr(&out).contains("game.ini:"), "{}", stderr(&out));
    assert!(!broken.join("game.bmp.bak").exists());
    // Captured by its path, each of its problems is a line of its own,
    // naming the file once.
    let out = run(&["capture", &broken.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(1));
    let ini = broken.join("game.ini");
    for line in stderr(&out).lines() {
        assert!(line.starts_with(&format!("parlour: {}:", ini.display())), "{}", stderr(&out));
    }
}

/// A game type of one's own in the data folder that one of its id in
/// ./game-types stands in for (a copy tried out there) gets no picture
/// from `capture --all`: it is named, in lint's words, as `list` and lint
/// name it, with no failure, as the arrangement is meant.
#[test]
fn capture_all_names_a_game_type_one_searched_first_stands_in_for() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let passed_over = copy_game_type("Golf", &data.join("game-types"), "One Pile");
    std::fs::remove_file(passed_over.join("game.bmp")).unwrap();
    let tried = copy_game_type("Golf", &dir.path().join("game-types"), "One pile");
    std::fs::remove_file(tried.join("game.bmp")).unwrap();
    let run_here =
        |args: &[&str]| parlour().env("PARLOUR_DATA_DIR", &data).current_dir(dir.path()).args(args).output().unwrap();
    let warning = format!(
        "{}:1: warning: the game list leaves this game type out: game-types/One pile has its id one-pile and is \
         searched first",
        passed_over.join("game.ini").display()
    );
    let captured = run_here(&["capture", "--all"]);
    assert!(captured.status.success(), "{}", stderr(&captured));
    assert_eq!(stdout(&captured), "game-types/One pile/game.bmp\n");
    assert!(stderr(&captured).starts_with(&format!("parlour: {warning}")), "{}", stderr(&captured));
    assert!(!passed_over.join("game.bmp").exists());
    let listed = run_here(&["list"]);
    assert!(listed.status.success() && stderr(&listed).starts_with(&warning), "{}", stderr(&listed));
    let linted = run_here(&["lint", "-q"]);
    assert!(stdout(&linted).contains(&warning), "{}", stdout(&linted));
}

/// A game type that cannot be read is named with its first error by line
/// (a value read wrong, not the check of the whole game it leads to, which
/// blames line 1), and how many more there are and how to list them: as
/// many as lint lists, its missing game.html and game.bmp among them.
#[test]
fn a_game_type_left_out_is_named_by_its_first_error_and_how_many_more() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("My Bad");
    std::fs::create_dir(&bad).unwrap();
    std::fs::write(
        bad.join("game.ini"),
        "[General]\nName=Bad\n[Game]\nDecks=x\nNumCardWide=7\nNumCardHigh=4\nNumCardsDealt=0\n",
    )
    .unwrap();
    let out = within(60, parlour().env("PARLOUR_GAME_TYPES", dir.path()).arg("list"));
    let told = format!(
        "warning: My Bad is left out: {}:4: [Game] Decks=x is not a number: it must be 1, 2, 3 or 4 \
         (and 4 more errors: parlour lint '{}' lists them all)\n",
        bad.join("game.ini").display(),
        bad.display()
    );
    assert_eq!(stderr(&out), told);
}

/// A player's game type broken by hand: the count of further errors the
/// list gives is lint's own count, the checks of the whole game (which
/// reading it stops short of) included; and lint finds it by the name
/// the list's warning gives it, in any case, as `play` does.
#[test]
fn a_game_type_left_out_counts_the_errors_lint_lists_and_lint_finds_it_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let run_in =
        |args: &[&str]| within(60, parlour().env("PARLOUR_DATA_DIR", &data).current_dir(dir.path()).args(args));
    assert!(run_in(&["new-type", "klondike", "My Klondike"]).status.success());
    let ini = data.join("game-types/My Klondike/game.ini");
    let text = std::fs::read_to_string(&ini).unwrap();
    let broken = text.replace("Decks=1\n", "Decks=2\n").replace("NumCardsDealt=28\n", "NumCardsDealt=2x8\n");
    let errors_in = |lint: &std::process::Output| stdout(lint).lines().filter(|l| l.contains(": error: ")).count();
    for (broken, lint_errors) in [(broken.clone(), 2), (broken.replace("CardYOffset=11\n", "CardYOffset=eleven\n"), 3)]
    {
        std::fs::write(&ini, broken).unwrap();
        for name in ["my-klondike", "My Klondike", "my klondike"] {
            let lint = run_in(&["lint", name]);
            assert_eq!(lint.status.code(), Some(1), "{name}: {}", stderr(&lint));
            assert_eq!(errors_in(&lint), lint_errors, "{name}: {}", stdout(&lint));
        }
        let list = run_in(&["list"]);
        let more = match lint_errors - 1 {
            1 => "1 more error".to_string(),
            n => format!("{n} more errors"),
        };
        let told = format!("(and {more}: parlour lint '{}' lists them all)\n", ini.parent().unwrap().display());
        assert!(stderr(&list).starts_with("warning: My Klondike is left out: "), "{}", stderr(&list));
        assert!(stderr(&list).ends_with(&told), "{}", stderr(&list));
    }
}

/// The command the list gives to lint a game type left out, whose folder's
/// name a shell would read (a `$`, backquotes, an apostrophe), hands a
/// shell the folder as it is: pasted, it lints that folder and runs
/// nothing the name holds (in double quotes `id` ran).
#[test]
fn the_lint_command_for_a_game_type_left_out_can_be_pasted_into_a_shell() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let name = "Joe's $HOME `id`";
    let made = within(60, parlour().env("PARLOUR_DATA_DIR", &data).args(["new-type", "freecell", name]));
    assert!(made.status.success(), "{}", stderr(&made));
    let ini = data.join("game-types").join(name).join("game.ini");
    let text = std::fs::read_to_string(&ini).unwrap();
    let broken = text.replace("NumCardsDealt=52\n", "NumCardsDealt=60\n").replace("[Tableau]", "[Tabletop]");
    std::fs::write(&ini, broken).unwrap();
    let list = stderr(&within(60, parlour().env("PARLOUR_DATA_DIR", &data).arg("list")));
    let command = list
        .split("(and 1 more error: ")
        .nth(1)
        .and_then(|rest| rest.strip_suffix(" lists them all)\n"))
        .unwrap_or_else(|| panic!("no command to paste: {list}"));
    let pasted = command.strip_prefix("parlour ").map(|args| format!("\"$PARLOUR\" {args}")).unwrap();
    let mut shell = Command::new("sh");
    shell.arg("-c").arg(&pasted).env("PARLOUR", env!("CARGO_BIN_EXE_parlour")).env("PARLOUR_DATA_DIR", &data);
    let lint = within(60, &mut shell);
    let errors = stdout(&lint).lines().filter(|l| l.starts_with(&*ini.to_string_lossy())).count();
    assert_eq!((lint.status.code(), errors), (Some(1), 2), "{pasted}: {}{}", stdout(&lint), stderr(&lint));
}

/// A game.ini put straight into a game-types folder (./game-types or the
/// data folder's), not into a folder of its own, and a game type's folder
/// holding game.ini.txt (Windows hides the .txt) are told of as left out,
/// each with its fix, where they were passed over without a word.
#[test]
fn game_type_files_in_the_wrong_place_are_told_of() {
    let dir = tempfile::tempdir().unwrap();
    let (here, data) = (dir.path().join("here"), dir.path().join("data"));
    let klondike = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/game-types/Klondike/game.ini")).unwrap();
    // The data folder's has a folder of Klondike's id already (in another
    // case), so a second Klondike is suggested, never a folder whose
    // game.ini the move would overwrite.
    let taken = data.join("game-types/KLONDIKE");
    for folder in [here.join("game-types/Golf"), data.join("game-types/Spider"), data.join("game-types/Mine"), taken] {
        std::fs::create_dir_all(folder).unwrap();
    }
    std::fs::write(here.join("game-types/game.ini"), &klondike).unwrap();
    std::fs::write(data.join("game-types/game.ini"), &klondike).unwrap();
    std::fs::write(here.join("game-types/Golf/game.ini.txt"), &klondike).unwrap();
    std::fs::write(data.join("game-types/Spider/Game.ini.txt"), &klondike).unwrap();
    let out = within(
        60,
        parlour().env_remove("PARLOUR_GAME_TYPES").env("PARLOUR_DATA_DIR", &data).current_dir(&here).arg("list"),
    );
    let said = stderr(&out);
    let straight = |folder: &std::path::Path, suggested: &str| {
        format!(
            "warning: {} is left out: {} holds a game.ini, as a game type's own folder does; it holds the folders \
             of game types, so move game.ini into a folder of its own, such as {}\n",
            folder.join("game.ini").display(),
            folder.display(),
            folder.join(suggested).display()
        )
    };
    assert!(said.contains(&straight(std::path::Path::new("game-types"), "Klondike")), "{said}");
    assert!(said.contains(&straight(&data.join("game-types"), "Klondike 2")), "{said}");
    let txt = "and no game.ini (Windows hides the .txt of a file's name): rename";
    assert!(
        said.contains(&format!(
            "warning: Golf is left out: it holds game.ini.txt {txt} game-types/Golf/game.ini.txt to game.ini\n"
        )),
        "{said}"
    );
    let spider = data.join("game-types/Spider/Game.ini.txt");
    assert!(
        said.contains(&format!(
            "warning: Spider is left out: it holds Game.ini.txt {txt} {} to game.ini\n",
            spider.display()
        )),
        "{said}"
    );
    assert!(!said.contains("Mine"), "an empty folder is no game type meant: {said}");
    assert!(stdout(&out).contains("klondike\tKlondike\n"), "the built-in game types are listed still");
}

/// `lint` reads a game-types folder as the game list does: a game.ini
/// straight in it and a folder's game.ini.txt are told as left out, and
/// the game types beside them are checked still, where the folder was
/// once checked as one game type. Run from the data folder, whose
/// game-types is ./game-types too, the list tells of each once.
#[test]
fn lint_tells_of_game_type_files_in_the_wrong_place_as_the_list_does() {
    let data = tempfile::tempdir().unwrap();
    let types = data.path().join("game-types");
    let klondike = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/game-types/Klondike/game.ini")).unwrap();
    for folder in ["Txt", "Broken"] {
        std::fs::create_dir_all(types.join(folder)).unwrap();
    }
    std::fs::write(types.join("game.ini"), &klondike).unwrap();
    std::fs::write(types.join("Txt/game.ini.txt"), &klondike).unwrap();
    std::fs::write(types.join("Broken/game.ini"), "[General]\nName=Broken\n").unwrap();
    let command = || {
        let mut command = parlour();
        command.env_remove("PARLOUR_GAME_TYPES").env("PARLOUR_DATA_DIR", data.path()).current_dir(data.path());
        command
    };
    let out = within(60, command().args(["lint", "game-types"]));
    let said = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "Broken has errors: {said}");
    assert!(said.contains("game-types/game.ini:1: warning: left out: game-types holds a game.ini"), "{said}");
    let txt = "game-types/Txt/game.ini.txt:1: warning: the game list leaves its folder out: Windows hides the .txt";
    assert!(said.contains(txt), "{said}");
    assert!(said.contains("game-types/Broken/game.ini:"), "the game type beside is checked: {said}");
    assert!(!said.contains("game-types/game.html"), "the folder is no game type: {said}");
    let listed = within(60, command().arg("list"));
    assert_eq!(stderr(&listed).matches("Txt is left out").count(), 1, "{}", stderr(&listed));
}

/// A game-types folder in the data folder that the player may not read is
/// told of wherever game types are listed, naming it and why, and lint
/// says it cannot be read, of it and of a game type in it, where its game
/// types went missing without a word.
#[cfg(unix)]
#[test]
fn an_unreadable_game_types_folder_is_told_of() {
    use std::os::unix::fs::PermissionsExt;
    let top = tempfile::tempdir().unwrap();
    let data = top.path().join("data");
    let types = data.join("game-types");
    std::fs::create_dir_all(types.join("Mine")).unwrap();
    std::fs::copy(root().join("game-types/Golf/game.ini"), types.join("Mine/game.ini")).unwrap();
    std::fs::set_permissions(&data, PermissionsExt::from_mode(0o777)).unwrap();
    std::fs::set_permissions(&types, PermissionsExt::from_mode(0o000)).unwrap();
    let run = |args: &[&str]| super::support::run_as_player(top.path(), &data, args);
    let shown = types.display();
    let listed = run(&["list"]);
    let why = "the folder cannot be read (permission denied), so no game type in it is listed";
    assert!(stderr(&listed).contains(&format!("warning: {shown} is left out: {why}\n")), "{}", stderr(&listed));
    let mine = format!("{shown}/Mine");
    let linted = run(&["lint", "-q", &mine]);
    let want = format!("parlour: {mine}: cannot be read: the folder {shown} cannot be read (permission denied)\n");
    assert_eq!(stderr(&linted), want);
    let linted = run(&["lint", "-q"]);
    let want = format!("parlour: {shown}: the folder cannot be read (permission denied)\n");
    assert!(stderr(&linted).contains(&want), "{}", stderr(&linted));
    assert!(!stderr(&linted).contains("don't know how to check"), "{}", stderr(&linted));
}

/// A game type's folder, or its game.ini, that the player may not read is
/// told of by the list, in words with one pair of brackets, and lint says
/// the folder cannot be read rather than that it knows no such thing.
#[cfg(unix)]
#[test]
fn an_unreadable_game_type_is_told_of_in_plain_words() {
    use std::os::unix::fs::PermissionsExt;
    let mode = |path: &Path, mode| std::fs::set_permissions(path, PermissionsExt::from_mode(mode)).unwrap();
    let top = tempfile::tempdir().unwrap();
    let data = top.path().join("data");
    let mine = data.join("game-types/Mine");
    std::fs::create_dir_all(&mine).unwrap();
    std::fs::copy(root().join("game-types/Golf/game.ini"), mine.join("game.ini")).unwrap();
    mode(&data, 0o777);
    let run = |args: &[&str]| super::support::run_as_player(top.path(), &data, args);
    mode(&mine.join("game.ini"), 0o000);
    let listed = run(&["list"]);
    let want =
        format!("warning: Mine is left out: {}:1: cannot be read (permission denied)", mine.join("game.ini").display());
    assert!(stderr(&listed).contains(&want), "{}", stderr(&listed));
    assert!(!stderr(&listed).contains("(("), "{}", stderr(&listed));
    mode(&mine, 0o000);
    let listed = run(&["list"]);
    assert!(
        stderr(&listed).contains("warning: Mine is left out: the folder cannot be read (permission denied)\n"),
        "{}",
        stderr(&listed)
    );
    let linted = run(&["lint", "-q", &mine.to_string_lossy()]);
    assert_eq!(
        stderr(&linted),
        format!("parlour: {}: the folder cannot be read (permission denied)\n", mine.display())
    );
}

/// A game type's folder holding only game.ini.txt, named itself (to lint,
/// capture or play), says to rename it, as the game list does, rather
/// than only that game.ini is missing.
#[test]
fn a_folder_of_game_ini_txt_named_itself_says_to_rename_it() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("My Klon");
    std::fs::create_dir_all(&folder).unwrap();
    let klondike = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/game-types/Klondike/game.ini")).unwrap();
    std::fs::write(folder.join("game.ini.txt"), &klondike).unwrap();
    let rename = format!("rename {} to game.ini", folder.join("game.ini.txt").display());
    let png = dir.path().join("x.png");
    for args in [vec!["lint"], vec!["capture"], vec!["shot", "-o", png.to_str().unwrap()]] {
        let mut command = parlour();
        command.env("PARLOUR_DATA_DIR", dir.path().join("data")).args(&args[..1]).arg(&folder).args(&args[1..]);
        let out = within(60, &mut command);
        let said = format!("{}{}", stdout(&out), stderr(&out));
        assert!(!out.status.success(), "{args:?}: {said}");
        assert!(said.contains(&rename), "{args:?}: {said}");
    }
}

/// The help page of a game type whose rules do not read is still shown,
/// with the rules' problems said, so an author can read it over.
#[test]
fn help_shows_the_page_of_a_game_type_that_cannot_be_played() {
    let dir = tempfile::tempdir().unwrap();
    let game = copy_game_type("Golf", dir.path(), "Broken Golf");
    let ini = std::fs::read_to_string(game.join("game.ini")).unwrap();
    std::fs::write(game.join("game.ini"), ini.replacen("[Game]", "[Game]\nDecks=many", 1)).unwrap();
    let png = dir.path().join("help.png");
    let out = run(&["help", &game.to_string_lossy(), "--machine", "amiga-pal", "--shot", &png.to_string_lossy()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("game.ini:"), "{}", stderr(&out));
    assert!(stderr(&out).contains("its help page is shown alone"), "{}", stderr(&out));
    assert!(png.is_file());
    // By its id, as `parlour list` names the game type left out, the same.
    let data = dir.path().join("data");
    let listed = copy_game_type("Golf", &data.join("game-types"), "Broken Golf");
    std::fs::copy(game.join("game.ini"), listed.join("game.ini")).unwrap();
    let mut by_id = parlour();
    by_id.env("PARLOUR_DATA_DIR", &data).args(["help", "broken-golf", "--machine", "amiga-pal", "--shot"]).arg(&png);
    let out = within(60, &mut by_id);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("Broken Golf/game.ini:"), "{}", stderr(&out));
    assert!(stderr(&out).contains("its help page is shown alone"), "{}", stderr(&out));
    // A folder with no page says what is wrong with the rules, and fails.
    std::fs::remove_file(game.join("game.html")).unwrap();
    let out = run(&["help", &game.to_string_lossy(), "--machine", "amiga-pal", "--shot", &png.to_string_lossy()]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("game.ini:"), "{}", stderr(&out));
}

/// A game type of the player's own is captured by its id, as `parlour
/// new-type` prints it and lint takes it.
#[test]
fn capture_takes_the_id_of_a_game_type_of_ones_own() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let golf = copy_game_type("Golf", &data.join("game-types"), "My Golf");
    std::fs::remove_file(golf.join("game.bmp")).unwrap();
    let out = parlour().env("PARLOUR_DATA_DIR", &data).current_dir(dir.path()).args(["capture", "my-golf"]).output();
    let out = out.unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), format!("{}\n", golf.join("game.bmp").display()));
    assert_eq!(
        std::fs::read(golf.join("game.bmp")).unwrap(),
        std::fs::read(root().join("game-types/Golf/game.bmp")).unwrap()
    );
    // Mistyped, it is answered with the nearest of one's own.
    let out = parlour().env("PARLOUR_DATA_DIR", &data).current_dir(dir.path()).args(["capture", "my-golff"]).output();
    let out = out.unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).trim().ends_with("(did you mean my-golf?)"), "{}", stderr(&out));
    // One whose rules cannot be read (so the game list leaves it out) is
    // still found by its id, and capture tells what is wrong by line, as
    // lint does, rather than that there is no such folder.
    let ini = std::fs::read_to_string(golf.join("game.ini")).unwrap();
    std::fs::write(golf.join("game.ini"), ini.replacen("[Game]", "[Game]\nDecks=many", 1)).unwrap();
    let out = parlour().env("PARLOUR_DATA_DIR", &data).current_dir(dir.path()).args(["capture", "my-golf"]).output();
    let out = out.unwrap();
    assert_eq!(out.status.code(), Some(1));
    let told = format!("parlour: {}:", golf.join("game.ini").display());
    assert!(stderr(&out).starts_with(&told) && stderr(&out).contains("Decks=many"), "{}", stderr(&out));
    // A game whose rules are built in is no game type to draw.
    let out = run(&["capture", "mines"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "parlour: mines: MineSweeper has its rules built in, not in a game type: capture draws the pictures of game types\n"
    );
}

/// A folder named in Latin-1 (no UTF-8 name) is read by its path, as the
/// launcher lists it: lint and capture take it, and a command word that
/// must be UTF-8 is refused by the parser; none panics.
#[cfg(unix)]
#[test]
fn a_folder_named_in_latin_1_is_linted_and_captured() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let latin1 = std::ffi::OsStr::from_bytes(b"Caf\xe9");
    let game = copy_game_type("Golf", dir.path(), "Golf");
    let cafe = dir.path().join(latin1);
    std::fs::rename(&game, &cafe).unwrap();
    std::fs::remove_file(cafe.join("game.bmp")).unwrap();
    for command in ["capture", "lint"] {
        let out = within(60, parlour().arg(command).arg(&cafe));
        assert!(out.status.success(), "{command}: {}{}", stdout(&out), stderr(&out));
    }
    assert_eq!(
        std::fs::read(cafe.join("game.bmp")).unwrap(),
        std::fs::read(root().join("game-types/Golf/game.bmp")).unwrap()
    );
    let out = within(60, parlour().args(["shot", "-o", "x.png"]).arg(&cafe));
    assert_eq!(out.status.code(), Some(64), "{}", stderr(&out));
    assert!(stderr(&out).contains("invalid UTF-8"), "{}", stderr(&out));
}

/// `capture` takes a game type's game.ini for its folder, as lint does,
/// and refuses another file with what to give instead.
#[test]
fn capture_takes_a_game_ini_for_its_folder() {
    let dir = tempfile::tempdir().unwrap();
    let game = copy_game_type("Golf", dir.path(), "Golf");
    std::fs::remove_file(game.join("game.bmp")).unwrap();
    let mut capture = parlour();
    let out = capture.current_dir(&game).args(["capture", "game.ini"]).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        std::fs::read(game.join("game.bmp")).unwrap(),
        std::fs::read(root().join("game-types/Golf/game.bmp")).unwrap()
    );
    let out = run(&["capture", &game.join("game.html").to_string_lossy()]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("give the game type's folder"), "{}", stderr(&out));
    // A built-in game's id is not a folder to write into: said once,
    // plainly, with how to make one's own; nor is a name no game has.
    let mut by_id = parlour();
    let out = by_id.current_dir(dir.path()).args(["capture", "golf", "no-such-game"]).output().unwrap();
    assert!(!out.status.success());
    assert_eq!(
        stderr(&out).trim(),
        "parlour: golf is built in and comes with its picture: copy it with `parlour new-type golf NAME` to make a \
         game type of your own\nparlour: no-such-game: there is no such folder: give the game type's folder (or its \
         game.ini), or --all"
    );
    assert!(!dir.path().join("golf").exists(), "a folder was made for the id");
    // An empty folder named like a game's id gets no picture of that game.
    std::fs::create_dir(dir.path().join("golf")).unwrap();
    let out = parlour().current_dir(dir.path()).args(["capture", "golf"]).output().unwrap();
    assert!(!out.status.success());
    assert_eq!(
        stderr(&out).trim(),
        "parlour: golf: no game.ini here: a game type's folder holds its rules in game.ini"
    );
    assert!(!dir.path().join("golf/game.bmp").exists(), "Golf's picture was written into an empty folder");
    // A game.ini that is a folder is said to be one, as lint says it,
    // named by the folder or by itself, by capture and by play alike.
    let odd = dir.path().join("Odd");
    std::fs::create_dir_all(odd.join("game.ini")).unwrap();
    for args in [["capture", "Odd"], ["capture", "Odd/game.ini"], ["play", "Odd"]] {
        let out = parlour().current_dir(dir.path()).args(args).output().unwrap();
        let said = stderr(&out);
        assert_eq!(
            said.trim(),
            "parlour: Odd/game.ini: it is a folder, device or pipe, not a regular file",
            "{args:?}"
        );
    }
}

/// A folder's name may hold control characters: capture prints it
/// escaped, as lint and list do, on the line of a picture drawn, on each
/// line of a game type's problems and with --all, never a raw ESC or line
/// break a terminal would act on.
#[cfg(unix)]
#[test]
fn capture_prints_a_folder_named_with_control_characters_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let (named, shown) = ("Esc\x1b[31mRed\nLine", "Esc\\x1b[31mRed\\nLine");
    let game = copy_game_type("Golf", &dir.path().join("game-types"), named);
    std::fs::remove_file(game.join("game.bmp")).unwrap();
    let capture = |args: &[&str]| {
        parlour().env("PARLOUR_DATA_DIR", &data).current_dir(dir.path()).args(["capture"]).args(args).output().unwrap()
    };
    let drawn = capture(&[&format!("game-types/{named}")]);
    assert!(drawn.status.success(), "{}", stderr(&drawn));
    assert_eq!(stdout(&drawn), format!("game-types/{shown}/game.bmp\n"));
    let all = capture(&["--all"]);
    assert_eq!(stdout(&all), format!("game-types/{shown}/game.bmp (unchanged)\n"), "{}", stderr(&all));
    let ini = std::fs::read_to_string(game.join("game.ini")).unwrap();
    std::fs::write(game.join("game.ini"), ini.replacen("[Game]", "[Game]\nDecks=many", 1)).unwrap();
    let broken = capture(&[&format!("game-types/{named}")]);
    assert_eq!(broken.status.code(), Some(1));
    let told = stderr(&broken);
    assert!(!told.contains(['\x1b', '\r']) && told.contains("Decks=many"), "{told}");
    for line in told.lines() {
        assert!(line.starts_with(&format!("parlour: game-types/{shown}/game.ini:")), "{told}");
    }
}

#[test]
fn a_folder_that_exists_is_a_folder_even_with_a_games_id() {
    // Golf's rules in a folder called klondike, named as a path.
    let dir = tempfile::tempdir().unwrap();
    let golf = copy_game_type("Golf", dir.path(), "klondike");
    let by_path = run(&["deal", &root().join("game-types/Golf").to_string_lossy()]);
    let mut deal = parlour();
    let shadowed = deal.current_dir(dir.path()).args(["deal", "klondike"]).output().unwrap();
    assert!(shadowed.status.success(), "{}", stderr(&shadowed));
    assert_eq!(stdout(&shadowed), stdout(&by_path), "the built-in klondike was dealt, not the folder");
    let mut capture = parlour();
    let out = capture.current_dir(dir.path()).args(["capture", "klondike"]).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        std::fs::read(golf.join("game.bmp")).unwrap(),
        std::fs::read(root().join("game-types/Golf/game.bmp")).unwrap()
    );
}

#[test]
fn a_broken_card_picture_under_assets_falls_back_to_the_built_in_art() {
    let assets = tempfile::tempdir().unwrap();
    for size in ["large", "medium", "small"] {
        let folder = assets.path().join("cards").join(size);
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(folder.join("AS.png"), b"\x89PNG\r\n\x1a\nbroken").unwrap();
    }
    let out_dir = tempfile::tempdir().unwrap();
    let png = out_dir.path().join("k.png");
    let out = run(&[
        "--assets",
        &assets.path().to_string_lossy(),
        "shot",
        "klondike",
        "--seed",
        "1",
        "-o",
        &png.to_string_lossy(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out)
            .contains("cards/large/AS.png: a PNG Parlour cannot read (it is cut short: its header is incomplete)"),
        "{}",
        stderr(&out)
    );
    let plain = out_dir.path().join("plain.png");
    assert!(run(&["shot", "klondike", "--seed", "1", "-o", &plain.to_string_lossy()]).status.success());
    assert_eq!(std::fs::read(&png).unwrap(), std::fs::read(&plain).unwrap(), "not drawn with the built-in cards");
}

/// `--assets` naming a file is told it is a file, not a folder, where it
/// was told "no such folder"; one naming nothing is still told that.
#[test]
fn assets_naming_a_file_is_told_it_is_one() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("notes.txt");
    std::fs::write(&file, "").unwrap();
    for (path, said) in [(file, "it is a file, not a folder"), (dir.path().join("none"), "no such folder")] {
        let out = run(&["--assets", &path.to_string_lossy(), "list"]);
        assert_eq!(out.status.code(), Some(64), "{}", stderr(&out));
        let told = format!("parlour: --assets {}: {said} (it takes the folder", path.display());
        assert!(stderr(&out).starts_with(&told), "{}", stderr(&out));
    }
}

/// A player's broken copy of a built-in skin under --assets (Plastique,
/// the YaZZle window's default) leaves the built-in skin, said on
/// standard error with the file where it is, rather than no window at
/// all, as it was for every game.
#[test]
fn a_broken_copy_of_a_built_in_skin_falls_back_to_the_built_in_one() {
    let assets = tempfile::tempdir().unwrap();
    let folder = assets.path().join("skins/plastique");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("main.ini"), b"garbage\n").unwrap();
    let out_dir = tempfile::tempdir().unwrap();
    let png = out_dir.path().join("k.png");
    let args = ["shot", "klondike", "--machine", "yazzle", "--seed", "1", "-o", &png.to_string_lossy()];
    let out = run(&[&["--assets", &assets.path().to_string_lossy()][..], &args].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    let file = folder.join("main.ini");
    assert!(
        stderr(&out).contains(&format!("{}:1: `garbage` is neither", file.display()))
            && stderr(&out).contains("the built-in copy of the skin is used"),
        "{}",
        stderr(&out)
    );
    let plain = out_dir.path().join("plain.png");
    let args = ["shot", "klondike", "--machine", "yazzle", "--seed", "1", "-o", &plain.to_string_lossy()];
    assert!(run(&args).status.success());
    assert_eq!(std::fs::read(&png).unwrap(), std::fs::read(&plain).unwrap(), "drawn with the built-in skin");
}

/// A skin under --assets reads only files inside the assets folder: a
/// background that is a link to a good picture outside it is refused,
/// never read, as the skins' README promises.
#[cfg(unix)]
#[test]
fn a_skin_never_follows_a_link_out_of_the_assets_folder() {
    let assets = tempfile::tempdir().unwrap();
    let outside = tempfile::tempdir().unwrap();
    let built_in = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("roms-like-assets/skins/plastique");
    let folder = assets.path().join("skins/mine");
    std::fs::create_dir_all(&folder).unwrap();
    for entry in std::fs::read_dir(&built_in).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), folder.join(entry.file_name())).unwrap();
    }
    let picture = outside.path().join("background.png");
    std::fs::rename(folder.join("background.png"), &picture).unwrap();
    std::os::unix::fs::symlink(&picture, folder.join("background.png")).unwrap();
    let png = outside.path().join("k.png");
    let args = ["shot", "klondike", "--machine", "yazzle", "--skin", "mine", "-o", &png.to_string_lossy()];
    let out = run(&[&["--assets", &assets.path().to_string_lossy()][..], &args].concat());
    assert!(!out.status.success(), "the skin loaded through the link");
    assert!(
        stderr(&out).contains("skins/mine/background.png is outside the folder (a link to elsewhere)"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn small_mistakes_on_the_command_line_fail_with_a_reason() {
    let out = run(&["help", "klondike", "--node", "nosuch", "--shot", "/dev/null"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("no node nosuch"), "{}", stderr(&out));

    // A usage error, never `solve`'s 1, "proved lost".
    let out = run(&["--assets", "/nonexistent/parlour-assets", "solve", "freecell"]);
    assert_eq!(out.status.code(), Some(parlour::app::cli::USAGE_ERROR));
    assert!(stderr(&out).contains("/nonexistent/parlour-assets: no such folder"), "{}", stderr(&out));

    for screen in ["vic20", "mac-color:17", "yazzle:4"] {
        let out = run(&["sheet", "--screens", screen, "-o", "/dev/null.png"]);
        assert_eq!(out.status.code(), Some(parlour::app::cli::USAGE_ERROR), "{screen}: {}", stderr(&out));
    }
    // A folder not there to write the picture in is told of before any
    // game is laid out, not after.
    let gone = tempfile::tempdir().unwrap().path().join("gone/sheet.png");
    let out = run(&["sheet", "-o", &gone.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stderr(&out).lines().count(), 1, "{}", stderr(&out));
    assert!(stderr(&out).contains("does not exist"), "{}", stderr(&out));

    // A value past its limit is a usage error, as one that does not parse.
    let field = ["mines", "deal", "--width", "9", "--height", "9", "--mines", "10", "--seed", "1"];
    for (first, says) in [("1", "write the column and row"), ("9,0", "X must be from 0 to 8")] {
        let out = run(&[&field[..], &["--first", first]].concat());
        assert_eq!(out.status.code(), Some(parlour::app::cli::USAGE_ERROR), "{first}: {}", stderr(&out));
        assert!(stderr(&out).contains(says), "{}", stderr(&out));
    }

    for target in ["boards/nosuch.brd", "nosuch.brd"] {
        let mut cmd = parlour();
        let out = cmd.current_dir(root()).args(["shot", target, "-o", "/dev/null"]).output().unwrap();
        assert_eq!(out.status.code(), Some(1));
        assert!(stderr(&out).contains(&format!("{target}: no such file or folder")), "{}", stderr(&out));
    }
    let out = run(&["shot", "no-such-game", "-o", "/dev/null"]);
    assert!(stderr(&out).contains("unknown game `no-such-game`"), "{}", stderr(&out));
    // A folder with no game.ini is not taken for a game's name.
    let empty = tempfile::tempdir().unwrap();
    let out = run(&["solve", &empty.path().to_string_lossy()]);
    assert_eq!(out.status.code(), Some(3));
    assert!(stderr(&out).contains("a folder that holds no game"), "{}", stderr(&out));
}

/// A game id a letter or two out is named with the game it was likely
/// meant to be; one near none is told without a guess.
#[test]
fn a_mistyped_game_id_is_answered_with_the_near_one() {
    let out = run(&["solve", "klondik"]);
    assert_eq!(out.status.code(), Some(3), "solve keeps 3 for a game it cannot find");
    let says = "unknown game `klondik` (did you mean klondike?): `parlour list` shows the games there are";
    assert!(stderr(&out).contains(says), "{}", stderr(&out));
    let out = run(&["solve", "zzzzzzzzzz"]);
    assert!(!stderr(&out).contains("did you mean"), "{}", stderr(&out));
    // An empty name (a trailing comma in --games) names no game at all.
    let folder = tempfile::tempdir().unwrap();
    let sheet = folder.path().join("sheet.png").to_string_lossy().into_owned();
    for args in [&["solve", " "][..], &["sheet", "--games", "klondike,", "-o", &sheet]] {
        let out = run(args);
        assert!(stderr(&out).contains("parlour: no game named: give a game's id or name"), "{}", stderr(&out));
        assert!(!stderr(&out).contains("``"), "{}", stderr(&out));
    }
    // So is a board by its id, which only its chooser lists.
    let out = run(&["solve", "pegs/frnch"]);
    assert!(stderr(&out).contains("unknown game `pegs/frnch` (did you mean pegs/french?)"), "{}", stderr(&out));
    // Help takes files and guides too, and says so.
    let out = run(&["help", "nosuch"]);
    assert_eq!(out.status.code(), Some(1));
    let says = "help also takes a help file (.guide, .imaj, .html) or a guide's name";
    assert!(stderr(&out).contains(says), "{}", stderr(&out));
    assert!(!stderr(&out).contains("--help"), "{}", stderr(&out));
    // A command's name is answered with where its help is.
    let out = run(&["help", "play"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("; `parlour play --help` tells of the command"), "{}", stderr(&out));
}

/// `shot launcher --seed` with no events to open a game would deal
/// nothing: refused, not ignored, and nothing is written.
#[test]
fn a_seed_for_a_shot_of_the_launcher_alone_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("n.png");
    let out = run(&["shot", "launcher", "--seed", "3", "-o", &png.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(parlour::app::cli::USAGE_ERROR), "{}", stderr(&out));
    assert!(stderr(&out).contains("--seed deals a game, and the launcher shows none"), "{}", stderr(&out));
    assert!(!png.exists());
}

/// A peg board has no deals: `--seed` would only deal the board again
/// over the game left, counting it as lost. Refused, and the game kept.
#[test]
fn a_seed_for_a_peg_board_is_refused_and_the_game_left_is_kept() {
    use super::support::run_fed;
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("p.png");
    let png = png.to_string_lossy();
    let played = run_fed(dir.path(), &["shot", "pegs/english", "--events", "-", "-o", &png], "key Space\n");
    assert!(played.status.success(), "{}", stderr(&played));
    let journal = dir.path().join("journals").join("pegs-english.save");
    let before = std::fs::read(&journal).expect("the game is journalled");
    for command in ["shot", "play"] {
        let mut args = vec![command, "pegs/english", "--seed", "7"];
        if command == "shot" {
            args.extend(["-o", &png]);
        }
        let out = run_fed(dir.path(), &args, "");
        assert_eq!(out.status.code(), Some(parlour::app::cli::USAGE_ERROR), "{command}: {}", stderr(&out));
        let told = "--seed deals a game: a peg board has no deals";
        assert!(stderr(&out).contains(told), "not only card games take a seed: {}", stderr(&out));
    }
    assert_eq!(std::fs::read(&journal).unwrap(), before, "the game left is untouched");
}

#[test]
fn lint_checks_every_kind_of_help_file() {
    let dir = tempfile::tempdir().unwrap();
    let imaj = dir.path().join("broken.imaj");
    std::fs::write(&imaj, "#imaj\n\u{7}").unwrap();
    let html = dir.path().join("page.html");
    std::fs::write(&html, "<html><body><p>Unclosed <b>bold</body>").unwrap();
    for path in [&imaj, &html] {
        let out = run(&["lint", &path.to_string_lossy()]);
        assert!(!stderr(&out).contains("don't know how to check"), "{}", stderr(&out));
    }
    for page in ["intro.html", "playing.html", "menu.html"] {
        let out = run(&["lint", &root().join("guide/Help").join(page).to_string_lossy()]);
        assert!(out.status.success(), "{page}: {}{}", stdout(&out), stderr(&out));
    }
    for guide in std::fs::read_dir(root().join("guide")).unwrap().map(|e| e.unwrap().path()) {
        if guide.extension().is_some_and(|e| e == "imaj") {
            let out = run(&["lint", &guide.to_string_lossy()]);
            assert!(out.status.success(), "{}: {}", guide.display(), stdout(&out));
        }
    }
}

/// A game type that cannot be read is not dropped without a word from
/// Game Types...: the chooser counts it and a box names it, so the screen
/// differs from the same chooser with nothing left out.
#[test]
fn game_types_tells_of_a_game_type_it_left_out() {
    let chooser = |data: &Path| {
        let out = data.join("chooser.png");
        let mut shot = parlour();
        shot.env("PARLOUR_DATA_DIR", data).args(["shot", "klondike", "--machine", "amiga-pal", "--events", "-", "-o"]);
        let mut child = shot.arg(&out).stdin(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
        std::io::Write::write_all(&mut child.stdin.take().unwrap(), b"menu Game > Game Types...\n").unwrap();
        let done = child.wait_with_output().unwrap();
        assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
        std::fs::read(out).unwrap()
    };
    let (clean, broken) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let folder = broken.path().join("game-types/Broken");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("game.ini"), "[General]\nName=Broken\n[Game]\nDecks=1\n").unwrap();
    assert!(chooser(clean.path()) != chooser(broken.path()), "the chooser said nothing of the game type left out");
}

/// A seed that is no seed (negative, too large, not a number) is told what
/// a seed is, wherever a command takes one, before anything runs.
#[test]
fn a_seed_out_of_range_is_told_what_a_seed_is() {
    for args in [
        &["deal", "golf", "--seed", "-1"][..],
        &["solve", "golf", "--seed", "99999999999999999999"],
        &["survey", "golf", "--from", "-3", "--to", "2"],
        &["mines", "deal", "--width", "9", "--height", "9", "--mines", "10", "--seed", "x", "--first", "0,0"],
    ] {
        let out = super::support::run(args);
        assert_eq!(out.status.code(), Some(parlour::app::cli::USAGE_ERROR), "{args:?}");
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(said.contains("seeds are whole numbers from 0 to 18446744073709551615"), "{args:?}: {said}");
        assert!(!said.contains("--  ") && !said.contains("to pass"), "no advice to pass it after `--`: {said}");
    }
}

/// `parlour help` names a built-in help file as the player knows it (by
/// its name, as they typed it), never by the folder it was unpacked into;
/// and `--node` finds a node whatever its case and spacing, as links do.
#[test]
fn help_names_its_files_as_the_player_knows_them() {
    let elsewhere = tempfile::tempdir().unwrap();
    let help = |args: &[&str]| parlour().current_dir(elsewhere.path()).args(args).output().unwrap();
    let out = help(&["help", "the-chance.imaj", "--node", "Nope", "--shot", "/dev/null"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).starts_with("parlour: the-chance.imaj: no node Nope (it has"), "{}", stderr(&out));
    let out = help(&["help", "klondike", "--machine", "yazzle", "--node", "nosuch", "--shot", "/dev/null"]);
    // The page's one node is named by the title its viewer shows too.
    let said = stderr(&out);
    assert!(said.starts_with("parlour: Klondike/game.html: no node nosuch (it has main (\"Klondike\"))"), "{said}");
    let png = elsewhere.path().join("rules.png");
    let out = help(&["help", "the-chance.imaj", "--node", "  the   RULES ", "--shot", &png.to_string_lossy()]);
    assert!(out.status.success(), "{}", stderr(&out));
}

/// `--node` finds a topic by its name or by the title the viewer shows,
/// whatever its case, spacing, hyphens and underscores; one that could be
/// either of two topics is refused, naming both.
#[test]
fn help_finds_a_node_by_its_name_or_its_title() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("node.png");
    let help = |file: &str, node: &str| run(&["help", file, "--node", node, "--shot", &png.to_string_lossy()]);
    for node in ["Game types", "Game Types", "game-types", "Klondike Draw Three", "klondike draw-three"] {
        let out = help("solitaire.guide", node);
        assert!(out.status.success(), "{node}: {}", stderr(&out));
    }
    let guide = dir.path().join("twice.guide");
    std::fs::write(&guide, "@database t\n@node MAIN \"Main\"\nx\n@endnode\n@node Words \"Other words\"\ny\n@endnode\n@node Terms \"Words\"\nz\n@endnode\n").unwrap();
    let out = help(&guide.to_string_lossy(), "words");
    assert!(out.status.success(), "a node's own name wins: {}", stderr(&out));
    let out = help(&guide.to_string_lossy(), "other-words");
    assert!(out.status.success(), "{}", stderr(&out));
    std::fs::write(&guide, "@database t\n@node MAIN \"Main\"\nx\n@endnode\n@node Words-Used \"A\"\ny\n@endnode\n@node Terms \"Words used\"\nz\n@endnode\n").unwrap();
    let out = help(&guide.to_string_lossy(), "words used");
    assert_eq!(out.status.code(), Some(1));
    let said = stderr(&out);
    assert!(said.contains("--node words used could be any of Words-Used (\"A\"), Terms (\"Words used\")"), "{said}");
}

/// A help file with no page to show (empty, or no text at all) is drawn
/// with its problems on the page, and `parlour help` then fails; a device
/// or a pipe by a help file's name is said to be no file, not an unknown
/// game.
#[cfg(unix)]
#[test]
fn help_fails_for_a_file_that_cannot_be_shown() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.guide");
    std::fs::write(&empty, "").unwrap();
    let png = dir.path().join("empty.png");
    let out = run(&["help", &empty.to_string_lossy(), "--machine", "amiga-pal", "--shot", &png.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("empty.guide:1: error: a guide must start with @DATABASE"), "{}", stderr(&out));
    assert!(stderr(&out).contains("empty.guide: no page of help in it can be shown"), "{}", stderr(&out));
    assert!(png.is_file(), "the page of problems is drawn all the same");
    // So is a game.html empty, or with a title and nothing to show.
    for (name, text) in [("game.html", ""), ("titled.html", "<html><head><title>T</title></head><body></body></html>")]
    {
        let page = dir.path().join(name);
        std::fs::write(&page, text).unwrap();
        let out = run(&["help", &page.to_string_lossy(), "--machine", "yazzle", "--shot", &png.to_string_lossy()]);
        assert_eq!(out.status.code(), Some(1), "{name}");
        assert!(stderr(&out).contains(&format!("{name}:1: error: the page is empty")), "{}", stderr(&out));
        assert!(!stderr(&out).contains("<title>"), "{}", stderr(&out));
    }
    // Random bytes are no text: said on the page as well.
    let junk = dir.path().join("junk.guide");
    std::fs::write(&junk, [0u8, 159, 146, 150, 0, 7]).unwrap();
    let drawn = dir.path().join("junk.png");
    let out = run(&["help", &junk.to_string_lossy(), "--machine", "amiga-pal", "--shot", &drawn.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("junk.guide:1: error: not a text file"), "{}", stderr(&out));
    assert!(drawn.is_file(), "a page of its problem is drawn");
    let zero = dir.path().join("zero.guide");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    let out = run(&["help", &zero.to_string_lossy(), "--shot", &png.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("zero.guide is not a regular file"), "{}", stderr(&out));
}

/// `new-type` copies a game type to start a variant from: into the data
/// folder's game-types, found from any folder, every file writable (the
/// built-in copies are read-only), named anew, its picture drawn for the
/// new name; a name taken, a name that is not one folder's, or a game that
/// is not a game type is refused and nothing is made.
#[test]
fn new_type_starts_a_variant_from_a_game_type() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let new_type = |args: &[&str]| {
        parlour().env("PARLOUR_DATA_DIR", &data).current_dir(dir.path()).arg("new-type").args(args).output().unwrap()
    };
    let out = new_type(&["klondike", "My Klondike"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let made = data.join("game-types/My Klondike");
    assert_eq!(stdout(&out), format!("{}\nid: my-klondike\n", made.display()), "the folder, then the id it plays by");
    let mut names: Vec<_> =
        std::fs::read_dir(&made).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    assert_eq!(names, ["game.bmp", "game.html", "game.ini"]);
    for name in &names {
        let mode = std::fs::metadata(made.join(name)).unwrap().permissions().mode();
        assert!(mode & 0o200 != 0, "{name} is writable: {mode:o}");
    }
    let ini = std::fs::read_to_string(made.join("game.ini")).unwrap();
    assert!(ini.contains("\n[General]\nName=My Klondike\n"), "{ini}");
    assert_eq!(ini.matches("Name=").count(), 1, "only [General] Name changed:\n{ini}");
    // The page names the new game, and carries the styles it linked in
    // the guide folder, which the data folder has none of.
    let shipped = |path: &str| std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap();
    let css = shipped("guide/Help/help.css");
    let rewritten = shipped("game-types/Klondike/game.html")
        .replace("<title>Klondike</title>", "<title>My Klondike</title>")
        .replacen("<h1>Klondike</h1>", "<h1>My Klondike</h1>", 1)
        .replace("alt=\"Klondike just after", "alt=\"My Klondike just after")
        .replace(
            "<link rel=\"stylesheet\" type=\"text/css\" href=\"../../guide/Help/help.css\">",
            &format!("<style>\n{css}</style>"),
        );
    assert_eq!(
        std::fs::read_to_string(made.join("game.html")).unwrap(),
        rewritten,
        "the help names the new game and carries its styles, and nothing else changes"
    );
    let linted = parlour().env("PARLOUR_DATA_DIR", &data).arg("lint").arg(&made).output().unwrap();
    let passed = format!("{}: no problems found\n", made.display());
    assert!(linted.status.success() && stdout(&linted) == passed, "{}", stdout(&linted));
    let listed = parlour().env("PARLOUR_DATA_DIR", &data).arg("list").output().unwrap();
    assert!(stdout(&listed).contains("my-klondike\tMy Klondike\n"), "{}", stdout(&listed));
    let capture = parlour().env("PARLOUR_DATA_DIR", &data).args(["capture", "--all"]).output().unwrap();
    assert!(
        stdout(&capture).ends_with("game.bmp (unchanged)\n"),
        "the picture shows the new name: {}",
        stdout(&capture)
    );

    for (args, said) in [
        (["klondike", "My Klondike"], "is there already"),
        (["klondike", "a/b"], "cannot name a game type's folder"),
        (["tetris", "Mine"], "tetris is Tetris, not a YaZZle game type: Tetris's rules are its own game's"),
        // The Chance has a game.ini: the refusal must not say it has none.
        (
            ["the-chance", "Chance X"],
            "the-chance is The Chance, not a YaZZle game type: The Chance's rules are its own",
        ),
        (["cardgames/freecell", "Mine"], "has none to copy; copy the game type freecell instead"),
        (["cardgames/solitaire", "Mine"], "has none to copy; copy a game type `parlour list` shows instead"),
    ] {
        let out = new_type(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(stderr(&out).contains(said), "{args:?}: {}", stderr(&out));
    }
    let kept: Vec<_> = std::fs::read_dir(data.join("game-types")).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(kept, ["My Klondike"], "nothing else was made");

    // The pictures `capture` kept aside are not the game type's: a copy
    // of a copy leaves them, and takes the player's other files.
    for leftover in ["game.bmp.bak", "game.bmp.bak.1", "alpha.bmp"] {
        std::fs::write(made.join(leftover), b"BM").unwrap();
    }
    let into = dir.path().join("v");
    let out = new_type(&[&made.to_string_lossy(), "Broken K", "--into", &into.to_string_lossy()]);
    assert!(out.status.success(), "{}", stderr(&out));
    // A folder Parlour lists no game types from gives the copy no id.
    let named = stdout(&out).lines().nth(1).unwrap_or_default().to_string();
    assert!(named.starts_with("not listed: ") && named.ends_with("Broken K')"), "{named}");
    let into_listed = dir.path().join("game-types");
    let out = new_type(&["klondike", "Listed K", "--into", &into_listed.to_string_lossy()]);
    assert_eq!(stdout(&out).lines().nth(1), Some("id: listed-k"), "./game-types is listed from");
    let mut names: Vec<_> = std::fs::read_dir(into.join("Broken K"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["alpha.bmp", "game.bmp", "game.html", "game.ini"]);
    let page = std::fs::read_to_string(into.join("Broken K/game.html")).unwrap();
    assert!(page.contains("<title>Broken K</title>") && page.contains("<h1>Broken K</h1>"), "{page}");
}

/// With a data folder that cannot be used (a file in its place), a game
/// type made there would go with the temporary folder standing in for
/// it: new-type refuses, saying how to make it elsewhere, and exits 1,
/// where it printed a path and an id that were gone as it ended.
#[test]
fn new_type_refuses_a_data_folder_that_keeps_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("a file");
    std::fs::write(&data, b"not a folder").unwrap();
    let out = parlour()
        .env("PARLOUR_DATA_DIR", &data)
        .current_dir(dir.path())
        .args(["new-type", "klondike", "Kept"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert_eq!(stdout(&out), "");
    let told = format!(
        "parlour: {}: the data folder cannot be used, so a game type made there would not be kept: give --into DIR",
        data.display()
    );
    assert!(stderr(&out).contains(&told), "{}", stderr(&out));
    // Given a folder, it is made there.
    let into = dir.path().join("mine");
    let out = parlour()
        .env("PARLOUR_DATA_DIR", &data)
        .current_dir(dir.path())
        .args(["new-type", "klondike", "Kept", "--into", &into.to_string_lossy()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(into.join("Kept").join("game.ini").is_file());
}

/// A name refused is answered with one that would be taken, after the
/// game copied ("My Klondike" for a copy of Pyramid was an odd example,
/// and itself refused once taken).
#[test]
fn new_type_suggests_a_free_name_after_the_game_copied() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let new_type = |name: &str| {
        parlour().env("PARLOUR_DATA_DIR", &data).current_dir(dir.path()).args(["new-type", "pyramid", name]).output()
    };
    let out = new_type("A:B").unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).trim_end().ends_with("give a name such as \"My Pyramid\""), "{}", stderr(&out));
    assert!(new_type("My Pyramid").unwrap().status.success());
    let out = new_type("A:B").unwrap();
    assert!(stderr(&out).trim_end().ends_with("give a name such as \"My Pyramid 2\""), "{}", stderr(&out));
}

/// A refused `new-type` changes nothing on disk: a game that is none, a
/// name that cannot be a folder's, a name taken all leave the data folder
/// without a game-types folder, where each once left one, empty.
#[test]
fn a_refused_new_type_makes_no_folder() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    for args in [["nosuch", "Foo"], ["golf", "a:b"], ["golf", "CON"], ["golf", "Golf"]] {
        let out = parlour()
            .env("PARLOUR_DATA_DIR", &data)
            .current_dir(dir.path())
            .arg("new-type")
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
        assert!(!data.join("game-types").exists(), "{args:?}: a game-types folder was made");
    }
}

/// Output that cannot be written (a full disk) fails the command, said
/// on standard error, as coreutils do, where it passed with exit 0 and
/// nothing said; a closed pipe (`| head -1`) is let go quietly.
#[cfg(target_os = "linux")]
#[test]
fn output_that_cannot_be_written_fails_the_command() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str], out: std::process::Stdio| {
        parlour().env("PARLOUR_DATA_DIR", dir.path()).args(args).stdout(out).output().unwrap()
    };
    for args in
        [&["list"][..], &["deal", "klondike"], &["stats", "klondike"], &["solve", "freecell", "--ms", "1", "--json"]]
    {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let out = run(args, full.into());
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
        let told = "parlour: standard output cannot be written: the disk is full\n";
        assert!(stderr(&out).ends_with(told), "{args:?}: {}", stderr(&out));
    }
    let mut child = parlour()
        .env("PARLOUR_DATA_DIR", dir.path())
        .arg("list")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success() && out.stderr.is_empty(), "a closed pipe: {}", stderr(&out));
}

/// `new-type` refuses, before it makes anything, a NAME its game.ini
/// would not read back whole from `Name=NAME` (a `;` comment, quotes
/// around it), saying what it would read, and one too long for a folder,
/// saying the limit rather than the file system's error on a hidden
/// folder; and a game.ini whose Name cannot be set (UTF-16, which the copy
/// does not rewrite) is told of, leaving no folder half made behind.
#[test]
fn new_type_refuses_a_name_game_ini_would_not_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let game_types = data.join("game-types");
    let new_type = |args: &[&str]| {
        parlour().env("PARLOUR_DATA_DIR", &data).current_dir(dir.path()).arg("new-type").args(args).output().unwrap()
    };
    let left = || -> Vec<String> {
        let entries = std::fs::read_dir(&game_types).into_iter().flatten();
        entries.map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect()
    };
    let long = "L".repeat(300);
    for (name, said) in [
        ("; comment", "game.ini would read its line `Name=; comment` as \"\""),
        ("Tom ;Jerry", "game.ini would read its line `Name=Tom ;Jerry` as \"Tom\""),
        ("'Quoted'", "game.ini would read its line `Name='Quoted'` as \"Quoted\""),
        (long.as_str(), "it is 300 bytes long, and a game type's name may have at most 100"),
    ] {
        let out = new_type(&["klondike", name]);
        assert_eq!(out.status.code(), Some(1), "{name:?}");
        let told = stderr(&out);
        assert!(told.contains("cannot name a game type's folder: ") && told.contains(said), "{name:?}: {told}");
        assert!(!told.contains("os error") && !told.contains(".partial"), "{name:?}: {told}");
        assert!(left().is_empty(), "{name:?}: nothing is made: {:?}", left());
    }

    let utf16 = dir.path().join("Wide");
    std::fs::create_dir(&utf16).unwrap();
    let ini =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("game-types/Klondike/game.ini")).unwrap();
    let wide: Vec<u8> = [0xFF, 0xFE].into_iter().chain(ini.encode_utf16().flat_map(u16::to_le_bytes)).collect();
    std::fs::write(utf16.join("game.ini"), wide).unwrap();
    let out = new_type(&[&utf16.to_string_lossy(), "Wide Klondike"]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let told = format!(
        "{}: [General] Name could not be set to \"Wide Klondike\" (it would read as \"Klondike\"): save that game.ini as UTF-8",
        utf16.join("game.ini").display()
    );
    assert!(stderr(&out).contains(&told), "{}", stderr(&out));
    assert!(left().is_empty(), "nothing is left behind: {:?}", left());

    // The names refused are taken by none but the reader's rules: a `;`
    // inside a word, a `#`, an apostrophe stay the name's.
    for name in ["Bob;s Game", "Tom #2", "'Tis Klondike"] {
        let out = new_type(&["klondike", name]);
        assert!(out.status.success(), "{name:?}: {}", stderr(&out));
        let listed = parlour().env("PARLOUR_DATA_DIR", &data).arg("list").output().unwrap();
        assert!(stdout(&listed).contains(&format!("\t{name}\n")), "{name:?}: {}", stdout(&listed));
    }
}

/// A game type whose folder is a link to a folder elsewhere is one game
/// type: lint never tells of it as sharing its Name with itself.
#[cfg(unix)]
#[test]
fn a_game_type_linked_in_is_not_told_of_as_named_like_itself() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let run =
        |args: &[&str]| parlour().env("PARLOUR_DATA_DIR", &data).current_dir(dir.path()).args(args).output().unwrap();
    assert!(run(&["new-type", "klondike", "ExtGame", "--into", &dir.path().to_string_lossy()]).status.success());
    std::fs::create_dir_all(data.join("game-types")).unwrap();
    let link = data.join("game-types").join("FolderLink");
    std::os::unix::fs::symlink(dir.path().join("ExtGame"), &link).unwrap();
    for target in [link.to_string_lossy().into_owned(), "extgame".to_string()] {
        let said = stdout(&run(&["lint", &target]));
        assert!(!said.contains("is also the name of"), "{target}: {said}");
    }
}

/// Two game types of one [General] Name would show two rows alike in the
/// list: `new-type` refuses a name a game has, whatever its folder's id;
/// lint tells of two such, of a folder of game types once and of one
/// game type against those listed, naming both folders; and a name given
/// on the command line that two games have picks neither, naming their
/// ids. A folder named for the copy that is not there is not made.
#[test]
fn new_type_refuses_a_name_already_taken_and_lint_tells_of_one() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let game_types = data.join("game-types");
    let run =
        |args: &[&str]| parlour().env("PARLOUR_DATA_DIR", &data).current_dir(dir.path()).args(args).output().unwrap();
    assert!(run(&["new-type", "klondike", "mygame"]).status.success());
    let (mygame, my_game) = (game_types.join("mygame"), game_types.join("My Game"));
    let ini = std::fs::read_to_string(mygame.join("game.ini")).unwrap();
    std::fs::write(mygame.join("game.ini"), ini.replace("Name=mygame", "Name=My Game")).unwrap();
    let out = run(&["new-type", "klondike", "My Game"]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let said = "\"My Game\" is the name of the game My Game already: choose another name, such as \"My Game 2\"";
    assert!(stderr(&out).contains(said), "{}", stderr(&out));
    assert!(!my_game.exists());

    let into = dir.path().join("nowhere").join("deeper");
    let out = run(&["new-type", "klondike", "Into Test", "--into", &into.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let missing = format!("the folder {} does not exist", dir.path().join("nowhere").display());
    assert!(stderr(&out).contains(&missing), "{}", stderr(&out));
    assert!(!dir.path().join("nowhere").exists());

    // The second made by hand.
    std::fs::create_dir(&my_game).unwrap();
    for file in ["game.ini", "game.html", "game.bmp"] {
        std::fs::copy(mygame.join(file), my_game.join(file)).unwrap();
    }
    let one = stdout(&run(&["lint", &my_game.to_string_lossy()]));
    let told = format!(
        "warning: [General] Name=My Game is also the name of the game type in {} (id mygame): the game list would show two games alike",
        mygame.display()
    );
    assert!(one.contains(&format!("{}:", my_game.join("game.ini").display())) && one.contains(&told), "{one}");
    let all = stdout(&run(&["lint", &game_types.to_string_lossy()]));
    let clashes: Vec<&str> = all.lines().filter(|l| l.contains("is also the name of")).collect();
    assert_eq!(clashes.len(), 1, "{all}");
    assert!(clashes[0].contains("game.ini") && clashes[0].contains("`My Game`"), "{all}");
    for command in ["stats", "solve"] {
        let out = run(&[command, "My Game"]);
        assert_ne!(out.status.code(), Some(0), "{command}");
        let said = stderr(&out);
        assert!(said.contains("`My Game` is the name of 2 games: give the id of the one meant ("), "{command}: {said}");
        assert!(said.contains("my-game") && said.contains("mygame"), "{command}: {said}");
    }
}

/// A game type of the player's named as a built-in one is told of by
/// lint on either side, the built-in one named by its place among the
/// built-in data, as lint names it everywhere, never by the folder
/// Parlour unpacked it in.
#[test]
fn lint_names_a_built_in_game_type_by_its_place_not_its_unpacked_folder() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let mine = data.join("game-types/Dup Golf");
    std::fs::create_dir_all(&mine).unwrap();
    let golf = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/game-types/Golf/game.ini")).unwrap();
    std::fs::write(mine.join("game.ini"), golf).unwrap();
    let run =
        |args: &[&str]| parlour().env("PARLOUR_DATA_DIR", &data).current_dir(dir.path()).args(args).output().unwrap();
    let of_builtin = stdout(&run(&["lint", "golf"]));
    let told = format!(
        "built-in game-types/Golf/game.ini:7: warning: [General] Name=Golf is also the name of the game type in {} (id dup-golf)",
        mine.display()
    );
    assert!(of_builtin.contains(&told), "{of_builtin}");
    let of_mine = stdout(&run(&["lint", &mine.to_string_lossy()]));
    assert!(of_mine.contains("is also the name of the game type in built-in game-types/Golf (id golf)"), "{of_mine}");
    for said in [&of_builtin, &of_mine] {
        assert!(!said.contains(&data.join("builtin").display().to_string()), "{said}");
    }
}

/// A game type in the data folder with the id of one in ./game-types is
/// never played from the list (./game-types is searched first): lint of
/// it says so, and names the one played; lint of that one says nothing.
#[test]
fn lint_tells_of_a_game_type_hidden_by_one_searched_first() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let run =
        |args: &[&str]| parlour().env("PARLOUR_DATA_DIR", &data).current_dir(dir.path()).args(args).output().unwrap();
    assert!(run(&["new-type", "freecell", "Six Pile"]).status.success());
    let (hidden, first) = (data.join("game-types").join("Six Pile"), dir.path().join("game-types").join("Six Pile"));
    std::fs::create_dir_all(&first).unwrap();
    for file in ["game.ini", "game.html", "game.bmp"] {
        std::fs::copy(hidden.join(file), first.join(file)).unwrap();
    }
    let told = "warning: the game list leaves this game type out: game-types/Six Pile has its id six-pile and is \
                searched first";
    for linted in [hidden.clone(), data.join("game-types")] {
        let said = stdout(&run(&["lint", &linted.to_string_lossy()]));
        let line = format!("{}:1: {told}", hidden.join("game.ini").display());
        assert!(said.lines().any(|l| l.starts_with(&line)), "{}: {said}", linted.display());
    }
    for linted in [first.to_string_lossy().into_owned(), "six-pile".into(), "game-types".into()] {
        let said = stdout(&run(&["lint", &linted]));
        assert!(!said.contains("leaves this game type out"), "{linted}: {said}");
    }
    // A built-in game type behind one of the player's own of its id is
    // how the player changes it: linting every folder says nothing of it.
    std::fs::remove_dir_all(&hidden).unwrap();
    let golf = dir.path().join("game-types").join("Golf");
    std::fs::create_dir_all(&golf).unwrap();
    for file in ["game.ini", "game.html", "game.bmp"] {
        std::fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join("game-types/Golf").join(file), golf.join(file))
            .unwrap();
    }
    let said = stdout(&run(&["lint"]));
    assert!(
        said.contains("game-types: no problems found (built in)"),
        "the built-in game types are linted too: {said}"
    );
    assert!(!said.contains("leaves this game type out"), "{said}");
}

/// `new-type` refuses a name whose id a game has already, naming the game
/// and a name that is free, and makes nothing: a copy called Pyramid
/// would be played in Pyramid's place (its saved game set aside as
/// another's, the copy's games counted in its statistics), and one whose
/// name differs from a copy's only in case would never be listed. Two
/// such folders made by hand are told of: `list` and `capture --all` name
/// the one left out and what took its id, and lint says the same.
#[test]
fn new_type_refuses_an_id_already_taken() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let game_types = data.join("game-types");
    let run =
        |args: &[&str]| parlour().env("PARLOUR_DATA_DIR", &data).current_dir(dir.path()).args(args).output().unwrap();
    let made = || -> Vec<String> {
        let entries = std::fs::read_dir(&game_types).into_iter().flatten();
        let mut names: Vec<String> = entries.map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        names
    };
    let out = run(&["new-type", "klondike", "Pyramid"]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(
        stderr(&out).contains(
            "\"Pyramid\" would have the id pyramid, which the game Pyramid has already: choose another name, such as \"Pyramid 2\""
        ),
        "{}",
        stderr(&out)
    );
    assert!(made().is_empty(), "nothing was made: {:?}", made());

    assert!(run(&["new-type", "freecell", "Cell Block Nine"]).status.success());
    let out = run(&["new-type", "freecell", "Cell block nine"]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(
        stderr(&out)
            .contains("which the game Cell Block Nine has already: choose another name, such as \"Cell block nine 2\""),
        "{}",
        stderr(&out)
    );
    assert_eq!(made(), ["Cell Block Nine"]);

    // The second folder made by hand.
    let (first, second) = (game_types.join("Cell Block Nine"), game_types.join("Cell block nine"));
    std::fs::create_dir(&second).unwrap();
    for file in ["game.html", "game.bmp"] {
        std::fs::copy(first.join(file), second.join(file)).unwrap();
    }
    let ini = std::fs::read_to_string(first.join("game.ini")).unwrap();
    std::fs::write(second.join("game.ini"), ini.replace("Name=Cell Block Nine", "Name=Cell block nine")).unwrap();
    let told = "Cell block nine is left out: its id cell-block-nine is taken by \"Cell Block Nine\" beside it (rename one of the two)";
    let listed = run(&["list"]);
    assert!(stdout(&listed).contains("cell-block-nine\tCell Block Nine\n"), "{}", stdout(&listed));
    assert!(stderr(&listed).contains(&format!("warning: {told}\n")), "{}", stderr(&listed));
    let captured = run(&["capture", "--all"]);
    assert!(stderr(&captured).contains(&format!("parlour: {told}\n")), "{}", stderr(&captured));
    assert_eq!(captured.status.code(), Some(1), "a game type left out fails the run");
    let linted = run(&["lint", &game_types.to_string_lossy()]);
    let lint_said = format!(
        "{}:1: warning: the game list leaves this game type out: its id cell-block-nine is taken by \"Cell Block Nine\" beside it (rename one of the two)",
        second.join("game.ini").display()
    );
    assert!(stdout(&linted).lines().any(|l| l == lint_said), "{}", stdout(&linted));
    assert!(!stdout(&linted).contains("two games alike"), "{}", stdout(&linted));
    assert!(!stdout(&linted).contains("searched first"), "told once: {}", stdout(&linted));
}

/// A heading ended by another level's tag in a game type's page is one
/// error of lint's, on its line: not a list of headings missing, nor the
/// help's warnings about what it closed.
#[test]
fn lint_tells_a_heading_closed_by_another_level_once() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let made = dir.path().join("v/Mine");
    let out = parlour()
        .env("PARLOUR_DATA_DIR", &data)
        .args(["new-type", "freecell", "Mine", "--into", &dir.path().join("v").to_string_lossy()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let page = std::fs::read_to_string(made.join("game.html")).unwrap();
    assert!(page.contains("<h2>Notes</h2>"));
    std::fs::write(made.join("game.html"), page.replacen("<h2>Notes</h2>", "<h2>Notes</h3>", 1)).unwrap();
    let line = page[..page.find("<h2>Notes</h2>").unwrap()].lines().count() + 1;
    let linted = parlour().env("PARLOUR_DATA_DIR", &data).arg("lint").arg(&made).output().unwrap();
    assert_eq!(
        stdout(&linted),
        format!("{}:{line}: error: <h2> is closed by </h3>, not </h2>\n", made.join("game.html").display())
    );
    assert_eq!(linted.status.code(), Some(1));
}

/// A file that is not there is told of in the same words wherever it was
/// named: the game to play, the game to replay, the events to play.
#[test]
fn a_missing_file_is_told_of_in_one_wording() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("x.png");
    let png = png.to_str().unwrap();
    for (args, gone) in [
        (&["play", "nofile.save"][..], "nofile.save"),
        (&["play", "klondike", "--replay", "nofile.save"], "nofile.save"),
        (&["shot", "klondike", "--events", "nofile.txt", "-o", png], "nofile.txt"),
    ] {
        let out = parlour().current_dir(dir.path()).env_remove("DISPLAY").args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_eq!(stderr(&out), format!("parlour: {gone}: no such file or folder\n"), "{args:?}");
    }
}

/// A file named .save is a kept game: one that is damaged from its first
/// line is told of by that line, as a save damaged further on is.
#[test]
fn a_save_damaged_from_its_first_line_names_the_line() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("j.save"), "junk\n").unwrap();
    let out = parlour().current_dir(dir.path()).env_remove("DISPLAY").args(["play", "j.save"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).starts_with("parlour: j.save:1: "), "{}", stderr(&out));
    assert!(!stderr(&out).contains("not a game"), "{}", stderr(&out));
}

/// A game's name or a message quoting a file never reaches the terminal
/// with a control character in it (a Windows-1252 byte 0x81 is one, as is
/// the ESC of a sequence that clears the screen): `parlour list` and every
/// error shows them escaped, as lint does.
#[test]
fn names_and_messages_never_print_control_characters_raw() {
    let dir = tempfile::tempdir().unwrap();
    let game = copy_game_type("Golf", dir.path(), "Odd");
    let ini = std::fs::read(game.join("game.ini")).unwrap();
    let at = ini.windows(9).position(|w| w == b"Name=Golf").unwrap() + 5;
    let named = [&ini[..at], b"Go\x81l\x1b[2Jf", &ini[at + 4..]].concat();
    std::fs::write(game.join("game.ini"), named).unwrap();
    let out = within(60, parlour().env("PARLOUR_GAME_TYPES", dir.path()).arg("list"));
    let listed = stdout(&out);
    assert!(listed.contains("odd\tGo\\u{81}l\\x1b[2Jf\n"), "{listed}");
    assert!(!listed.contains(['\u{81}', '\x1b']), "{listed:?}");
    let board = dir.path().join("odd.brd");
    std::fs::write(&board, b"1N~\x1b!").unwrap();
    let said = String::from_utf8_lossy(&within(20, parlour().arg("solve").arg(&board)).stderr).into_owned();
    assert!(said.contains("`\\x1b` is not a version 1 board element"), "{said}");
    assert!(!said.contains('\x1b'), "{said:?}");
    // Nor does `stats` of a game never played, nor `help --html` leaving
    // out a game type whose page is gone.
    let data = tempfile::tempdir().unwrap();
    let mut stats = parlour();
    stats.env("PARLOUR_DATA_DIR", data.path()).env("PARLOUR_GAME_TYPES", dir.path()).args(["stats", "odd"]);
    let said = stderr(&within(60, &mut stats));
    assert!(said.contains("No game of Go\\u{81}l\\x1b[2Jf has been counted"), "{said}");
    std::fs::remove_file(game.join("game.html")).unwrap();
    let mut help = parlour();
    help.env("PARLOUR_DATA_DIR", data.path()).env("PARLOUR_GAME_TYPES", dir.path());
    let said = stderr(&within(120, help.arg("help").arg("--html").arg(data.path().join("html"))));
    assert!(said.contains("Go\\u{81}l\\x1b[2Jf is left out"), "{said}");
    assert!(!said.contains(['\u{81}', '\x1b']), "{said:?}");
}

/// A game may be named as the launcher shows it, in any case, as a player
/// reads it off the list: a game type's name or a peg board's.
#[test]
fn a_game_is_found_by_the_name_the_list_shows() {
    let by_id = run(&["deal", "klondike-draw-three", "--seed", "7"]);
    let by_name = run(&["deal", "klondike draw THREE", "--seed", "7"]);
    assert!(by_id.status.success(), "{}", stderr(&by_id));
    assert_eq!(stdout(&by_name), stdout(&by_id), "{}", stderr(&by_name));

    let board = run(&["solve", "Triangle 15", "--quiet"]);
    assert_eq!(board.status.code(), run(&["solve", "pegs/triangle-15", "--quiet"]).status.code());
    assert_eq!(board.status.code(), Some(0), "{}", stderr(&board));

    let out = run(&["deal", "Klondike Draw Four"]);
    assert!(stderr(&out).contains("unknown game `Klondike Draw Four`"), "{}", stderr(&out));
}

/// A text spoilt by control characters (a title pasted with a terminal's
/// colour codes) is refused with how many there are and where the first
/// is, so that its author can find and mend them.
#[test]
fn a_file_of_too_many_control_characters_is_told_where_they_are() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("coloured.xsb");
    std::fs::write(&file, "#####\n#@$.#\n#####\nTitle: \x1b[1mBold\x1b[0m\n").unwrap();
    let out = run(&["lint", &file.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim_end(),
        format!(
            "{}:4: error: not a text file: 2 of its 38 characters are control characters, more than one in twenty \
             (the first, 0x1B, in column 8)",
            file.display()
        )
    );
}

/// `bench rummi --keep` where the file cannot go (a missing folder, a
/// folder) is refused before anything is timed, as `survey --csv` is: it
/// once ran the whole benchmark and only then said so.
#[test]
fn a_rummi_bench_kept_where_it_cannot_be_written_is_refused_first() {
    let data = tempfile::tempdir().unwrap();
    let folder = data.path().join("nosuch");
    let missing = folder.join("x.jsonl");
    let no_folder = format!("the folder {} does not exist", folder.display());
    for (keep, says) in [(missing.as_path(), no_folder.as_str()), (data.path(), "it is a folder")] {
        let out = run(&["bench", "rummi", "--positions", "1", "--keep", &keep.to_string_lossy()]);
        let said = String::from_utf8_lossy(&out.stderr);
        assert_ne!(out.status.code(), Some(0), "{keep:?}");
        assert!(said.contains(&format!("{}: cannot be written: {says}", keep.display())), "{said}");
        assert!(out.stdout.is_empty(), "timed first: {}", String::from_utf8_lossy(&out.stdout));
    }
}
