//! The installed binary: copied away from the source tree and run from an
//! empty folder, it still has every built-in game, board and guide, and
//! the user's folders still overlay them.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use parlour::solitaire::library::id_for;
use tempfile::TempDir;

use super::support::output_of_copy;

/// A copy of the built binary alone in a folder, an empty current folder
/// and an empty data folder.
struct Installed {
    bin: TempDir,
    exe: PathBuf,
    cwd: TempDir,
    data: TempDir,
}

impl Installed {
    fn new() -> Installed {
        let bin = tempfile::tempdir().unwrap();
        let exe = bin.path().join(Path::new(env!("CARGO_BIN_EXE_parlour")).file_name().unwrap());
        std::fs::copy(env!("CARGO_BIN_EXE_parlour"), &exe).unwrap();
        Installed { bin, exe, cwd: tempfile::tempdir().unwrap(), data: tempfile::tempdir().unwrap() }
    }

    /// The installed binary with `args`, run from the empty folder with
    /// only the data folder set.
    fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(&self.exe);
        command
            .args(args)
            .current_dir(self.cwd.path())
            .env("PARLOUR_DATA_DIR", self.data.path())
            .env_remove("PARLOUR_GAME_TYPES")
            .env_remove("PARLOUR_BOARDS")
            .env_remove("PARLOUR_GUIDE");
        command
    }

    fn run(&self, args: &[&str]) -> Output {
        let out = output_of_copy(&mut self.command(args));
        assert!(out.status.success(), "parlour {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        out
    }

    /// `parlour list` as (id, name) pairs.
    fn list(&self) -> Vec<(String, String)> {
        let out = String::from_utf8(self.run(&["list"]).stdout).unwrap();
        out.lines().map(|l| l.split_once('\t').unwrap()).map(|(id, name)| (id.into(), name.into())).collect()
    }
}

/// The launcher's games that are not solitaire game types.
const OTHER_GAMES: [&str; 8] = ["pegs", "rummi", "sokoban", "tetris", "mines", "scramble", "cardgames", "the-chance"];

/// The ids of the source tree's game types, from their folder names.
fn built_in_ids() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("game-types");
    let mut ids: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.path().join("game.ini").is_file())
        .map(|e| id_for(&e.file_name().to_string_lossy()))
        .collect();
    ids.sort();
    ids
}

#[test]
fn the_installed_binary_lists_every_built_in_game_from_an_empty_folder() {
    let installed = Installed::new();
    let ids: Vec<String> = installed.list().into_iter().map(|(id, _)| id).collect();
    let want = built_in_ids();
    assert!(want.len() >= 20, "only {} game types in the source tree", want.len());
    for id in want.iter().map(String::as_str).chain(OTHER_GAMES) {
        assert!(ids.iter().any(|i| i == id), "{id} is not listed: {ids:?}");
    }
    assert_eq!(ids.len(), want.len() + OTHER_GAMES.len(), "{ids:?}");
    // Nothing was written next to the binary or in the current folder.
    assert_eq!(std::fs::read_dir(installed.cwd.path()).unwrap().count(), 0);
    assert_eq!(std::fs::read_dir(installed.bin.path()).unwrap().count(), 1);
    // The games come from the copy unpacked into the data folder, not from
    // the source tree (which is still here): a second run reuses that copy
    // as it is while it is whole, and unpacks it again in its place when a
    // game type was taken out of it, which would otherwise stay lost.
    let copies = || -> Vec<PathBuf> {
        std::fs::read_dir(installed.data.path().join("builtin")).unwrap().map(|e| e.unwrap().path()).collect()
    };
    let unpacked = copies();
    assert_eq!(unpacked.len(), 1, "{unpacked:?}");
    let golf = unpacked[0].join("game-types/Golf/game.ini");
    let made = std::fs::metadata(&golf).unwrap().modified().unwrap();
    assert_eq!(installed.list().len(), ids.len());
    assert_eq!(std::fs::metadata(&golf).unwrap().modified().unwrap(), made, "a whole copy is not written again");
    std::fs::remove_dir_all(golf.parent().unwrap()).unwrap();
    let again: Vec<String> = installed.list().into_iter().map(|(id, _)| id).collect();
    assert_eq!(again, ids, "the copy is whole again");
    assert_eq!(copies(), unpacked, "in its own place");
}

/// A data folder that cannot hold the built-in games (a file in the
/// place of their folder) still leaves every game there to play: they are
/// unpacked into the temporary folder instead, with a warning that says
/// so, or into a folder of the run's own where the user's folder there is
/// refused. (A data folder that cannot be used at all is stood in for by a
/// folder of the run's own, and told of as such.)
#[test]
fn with_no_usable_data_folder_the_games_come_from_the_temporary_folder() {
    let installed = Installed::new();
    let data = installed.data.path().join("data");
    std::fs::create_dir(&data).unwrap();
    std::fs::write(data.join("builtin"), "x").unwrap();
    let temp = tempfile::tempdir().unwrap();
    let out = output_of_copy(installed.command(&["list"]).env("PARLOUR_DATA_DIR", &data).env("TMPDIR", temp.path()));
    let listed = String::from_utf8(out.stdout).unwrap().lines().count();
    assert_eq!(listed, built_in_ids().len() + OTHER_GAMES.len());
    let said = String::from_utf8(out.stderr).unwrap();
    assert!(said.contains("cannot unpack the built-in games") && said.contains("instead"), "{said}");
    // The user's own folder there, closed to others.
    let spare = std::fs::read_dir(temp.path()).unwrap().next().unwrap().unwrap().path();
    let name = spare.file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.starts_with("parlour-builtin-") && name.len() > "parlour-builtin-".len(), "{name}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(std::fs::metadata(&spare).unwrap().permissions().mode() & 0o777, 0o700);
        // One others may write in is refused: the games are not read
        // from it, but from a folder of the run's own, gone at its end.
        let temp = tempfile::tempdir().unwrap();
        let spare = temp.path().join(&name);
        std::fs::create_dir(&spare).unwrap();
        std::fs::set_permissions(&spare, std::fs::Permissions::from_mode(0o777)).unwrap();
        let out =
            output_of_copy(installed.command(&["list"]).env("PARLOUR_DATA_DIR", &data).env("TMPDIR", temp.path()));
        let said = String::from_utf8(out.stderr).unwrap();
        assert!(said.contains("only you may write in"), "{said}");
        assert!(said.contains("a folder of this run's own, removed when Parlour ends"), "{said}");
        assert_eq!(std::fs::read_dir(&spare).unwrap().count(), 0, "unpacked into a shared folder");
        let listed = String::from_utf8(out.stdout).unwrap().lines().count();
        assert_eq!(listed, built_in_ids().len() + OTHER_GAMES.len(), "{said}");
        let left: Vec<_> = std::fs::read_dir(temp.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(left, [std::ffi::OsString::from(&name)], "the run's own folder outlived it");
    }
}

#[test]
fn the_installed_binary_finds_its_guides_and_boards() {
    let installed = Installed::new();
    let shot = installed.cwd.path().join("x.png");
    let shot_arg = shot.to_string_lossy();
    for args in [
        // game.html in the game type's folder.
        &["help", "klondike", "--shot", "x.png"][..],
        // solitaire.guide
        &["help", "klondike", "--machine", "amiga-pal", "--shot", &shot_arg],
        // the-chance.imaj
        &["help", "the-chance", "--machine", "mac-se30", "--shot", &shot_arg],
        // parlour.guide and pegs.guide
        &["help", "--machine", "amiga-pal", "--shot", &shot_arg],
        &["help", "pegs", "--machine", "amiga-pal", "--shot", &shot_arg],
        // a built-in board by its id
        &["shot", "pegs/triangle-15", "-o", &shot_arg],
        // a built-in Sokoban level by its id, and the Sokoban and Tetris guides
        &["shot", "sokoban/parlour/3", "-o", &shot_arg],
        &["help", "sokoban", "--machine", "amiga-pal", "--shot", &shot_arg],
        &["help", "tetris", "--machine", "amiga-pal", "--shot", &shot_arg],
        // a guide of Parlour's own by its name, from any folder
        &["help", "game-ini.guide", "--node", "Lint", "--shot", &shot_arg],
    ] {
        let _ = std::fs::remove_file(&shot);
        installed.run(args);
        assert!(std::fs::metadata(&shot).unwrap().len() > 0, "{args:?}");
    }
    // guide/Help/help.css and its pages.
    let html = installed.cwd.path().join("html");
    installed.run(&["help", "--html", &html.to_string_lossy()]);
    assert!(html.join("Help/help.css").is_file());
    assert!(html.join("Help/intro.html").is_file());
}

/// A built-in file a message names is named by its place in the built-in
/// data, as lint names it, never by the folder it was unpacked into.
#[test]
fn a_message_names_a_built_in_file_by_its_place_there() {
    let installed = Installed::new();
    for args in [&["sokoban", "check", "sokoban/parlour/99", "--moves", "r"][..], &["play", "sokoban/parlour/99"]] {
        let out = output_of_copy(&mut installed.command(args));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("parlour: built-in boards/sokoban/parlour.xsb: there is no level 99"),
            "{args:?}: {stderr}"
        );
    }
}

/// A copy of the built-in game type `folder` renamed to `name`, in `dir`.
fn game_type_named(dir: &Path, folder: &str, name: &str) {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("game-types").join(folder);
    let target = dir.join(folder);
    std::fs::create_dir_all(&target).unwrap();
    for file in ["game.ini", "game.html", "game.bmp"] {
        let text = std::fs::read(source.join(file)).unwrap();
        std::fs::write(target.join(file), text).unwrap();
    }
    let ini = std::fs::read_to_string(source.join("game.ini")).unwrap();
    let renamed = ini.replacen(&format!("Name={folder}"), &format!("Name={name}"), 1);
    assert_ne!(ini, renamed, "{folder}'s game.ini has no Name={folder}");
    std::fs::write(target.join("game.ini"), renamed).unwrap();
}

#[test]
fn user_folders_overlay_the_built_in_games() {
    let installed = Installed::new();
    game_type_named(&installed.cwd.path().join("game-types"), "Golf", "Golf Here");
    game_type_named(&installed.data.path().join("game-types"), "Golf", "Golf In Data");
    game_type_named(&installed.data.path().join("game-types"), "Yukon", "Yukon In Data");
    let board = "Version 2\nMode: Normal\ny y y\ny e y\n";
    std::fs::create_dir_all(installed.cwd.path().join("boards")).unwrap();
    std::fs::write(installed.cwd.path().join("boards/Mine.brd"), board).unwrap();

    let list = installed.list();
    let name = |id: &str| list.iter().find(|(i, _)| i == id).map(|(_, n)| n.as_str());
    assert_eq!(name("golf"), Some("Golf Here"));
    assert_eq!(name("yukon"), Some("Yukon In Data"));
    assert_eq!(name("klondike"), Some("Klondike"));
    assert_eq!(list.len(), built_in_ids().len() + OTHER_GAMES.len());
    installed.run(&["shot", "pegs/mine", "-o", "mine.png"]);
    installed.run(&["shot", "pegs/english", "-o", "english.png"]);
}

/// A broken copy of a built-in game type in the data folder stands in
/// its place: asked for by its id, it says once what is wrong (its file
/// and line), not that there is no such game.
#[test]
fn a_broken_copy_of_a_game_is_told_by_its_id() {
    let installed = Installed::new();
    let folder = installed.data.path().join("game-types");
    game_type_named(&folder, "Klondike", "My Klondike");
    let ini = folder.join("Klondike/game.ini");
    let text = std::fs::read_to_string(&ini).unwrap().replace("NumCardsDealt=28", "");
    std::fs::write(&ini, text).unwrap();
    let out = output_of_copy(&mut installed.command(&["deal", "klondike"]));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(
        said.contains("`klondike` cannot be played: ") && said.contains("game.ini:") && said.contains("NumCardsDealt"),
        "{said}"
    );
    let listed = installed.run(&["list"]);
    assert!(String::from_utf8_lossy(&listed.stderr).contains("warning: Klondike is left out: "));
}

/// Without a display, a command that needs a window says how to get the
/// same screen drawn into a picture instead.
#[test]
fn without_a_display_a_window_command_names_its_headless_twin() {
    let installed = Installed::new();
    for (args, hint) in [
        (&["help", "pegs"][..], "`parlour help pegs --shot FILE.png` draws the page"),
        (&["play", "pegs"][..], "`parlour shot pegs -o FILE.png` draws the game"),
        (&[][..], "`parlour shot launcher -o FILE.png` draws the launcher"),
    ] {
        let out = output_of_copy(installed.command(args).env_remove("DISPLAY").env_remove("WAYLAND_DISPLAY"));
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "parlour {args:?} opened a window without a display");
        assert!(said.contains("cannot open a window") && said.contains(hint), "parlour {args:?}: {said}");
    }
}
