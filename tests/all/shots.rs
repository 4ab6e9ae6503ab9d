//! `parlour shot` and the other commands, run as a user would.

use std::collections::BTreeSet;

use parlour::gfx::Rgb;
use parlour::gfx::image_io::decode_png;
use parlour::gfx::palette::{mac_clut2, mac_clut4, mac_clut8};

use super::support::run;

/// Every machine and depth the launcher can be shot on, with the native size.
const SCREENS: [(&str, Option<&str>, (u32, u32)); 10] = [
    ("yazzle", None, (698, 523)),
    ("amiga-pal", None, (320, 256)),
    ("amiga-dblpal", None, (640, 512)),
    ("mac-se30", None, (512, 342)),
    ("mac-color", Some("1"), (640, 480)),
    ("mac-color", Some("4"), (640, 480)),
    ("mac-color", Some("16"), (640, 480)),
    ("mac-color", Some("256"), (640, 480)),
    ("mac-color", Some("thousands"), (640, 480)),
    ("mac-color", Some("millions"), (640, 480)),
];

fn shot(machine: &str, depth: Option<&str>) -> parlour::gfx::image_io::RgbaImage {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("shot.png");
    let out_s = out.to_string_lossy().to_string();
    let mut args = vec!["shot", "launcher", "--machine", machine, "-o", &out_s];
    if let Some(d) = depth {
        args.extend(["--depth", d]);
    }
    let result = run(&args);
    assert!(result.status.success(), "{machine} {depth:?}: {}", String::from_utf8_lossy(&result.stderr));
    decode_png("shot", &std::fs::read(&out).unwrap()).unwrap()
}

fn colours(img: &parlour::gfx::image_io::RgbaImage) -> BTreeSet<Rgb> {
    img.pixels.iter().map(|p| p.0).collect()
}

#[test]
fn every_launcher_shot_has_native_size_and_only_the_machines_colours() {
    for (machine, depth, size) in SCREENS {
        let img = shot(machine, depth);
        assert_eq!((img.width, img.height), size, "{machine} {depth:?}");
        let used = colours(&img);
        let allowed: Option<Vec<Rgb>> = match (machine, depth) {
            ("mac-se30", _) | ("mac-color", Some("1")) => Some(vec![Rgb::BLACK, Rgb::WHITE]),
            ("mac-color", Some("4")) => Some(mac_clut2().entries().to_vec()),
            ("mac-color", Some("16")) => Some(mac_clut4().entries().to_vec()),
            ("mac-color", Some("256")) => Some(mac_clut8().entries().to_vec()),
            _ => None,
        };
        if let Some(allowed) = allowed {
            for c in &used {
                assert!(allowed.contains(c), "{machine} {depth:?} shows {c:?}, outside its CLUT");
            }
        }
        if machine.starts_with("amiga") {
            assert!(used.len() <= 32, "{machine}: {} colours", used.len());
            for c in &used {
                assert!(c.r % 17 == 0 && c.g % 17 == 0 && c.b % 17 == 0, "{machine}: {c:?} is not 12-bit");
            }
        }
        if depth == Some("thousands") {
            for c in &used {
                let five = |v: u8| v == ((v >> 3) << 3 | v >> 5);
                assert!(five(c.r) && five(c.g) && five(c.b), "thousands shows {c:?}, not 5-5-5");
            }
        }
        if machine.starts_with("mac") {
            let row = 19 * img.width as usize;
            assert!(
                img.pixels[row..row + img.width as usize].iter().all(|p| p.0 == Rgb::BLACK),
                "{machine} {depth:?}: the menu bar's bottom row is not black"
            );
        }
    }
}

/// Every command the parser knows is in `--help` with its line, in the
/// README's list of commands, and has its own `--help` naming each of its
/// options.
/// The screen options may come before the command, where `--help` lists
/// them, as well as after it; a command without a screen refuses them
/// rather than leave them unheard.
#[test]
fn screen_options_before_the_command_choose_its_screen() {
    let dir = tempfile::tempdir().unwrap();
    for (command, target) in [("shot", "klondike"), ("help", "klondike")] {
        let out = dir.path().join(format!("{command}.png"));
        let out_s = out.to_string_lossy().to_string();
        let shot_flag = if command == "shot" { "-o" } else { "--shot" };
        let result = run(&["--machine", "amiga-pal", command, target, shot_flag, &out_s]);
        assert!(result.status.success(), "{command}: {}", String::from_utf8_lossy(&result.stderr));
        let img = decode_png(command, &std::fs::read(&out).unwrap()).unwrap();
        assert_eq!((img.width, img.height), (320, 256), "{command}");
    }
    // The command's own choice wins over the one before it.
    let out = dir.path().join("both.png");
    let out_s = out.to_string_lossy().to_string();
    let result = run(&["--machine", "amiga-pal", "shot", "klondike", "--machine", "mac-se30", "-o", &out_s]);
    assert!(result.status.success(), "{}", String::from_utf8_lossy(&result.stderr));
    let img = decode_png("both", &std::fs::read(&out).unwrap()).unwrap();
    assert_eq!((img.width, img.height), (512, 342));
    let refused = run(&["--machine", "amiga-pal", "list"]);
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("this command takes no such choice"));
}

#[test]
fn help_documents_every_command() {
    let out = run(&["--help"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let readme = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let cli = parlour::app::cli::command();
    let commands: Vec<&clap::Command> = cli.get_subcommands().collect();
    assert!(commands.len() >= 10, "{} commands", commands.len());
    for command in commands {
        let name = command.get_name();
        assert!(text.lines().any(|l| l.trim_start().starts_with(&format!("{name} "))), "--help has no line for {name}");
        assert!(readme.contains(&format!("    parlour {name}")), "the README's command list has no `parlour {name}`");
        let own = String::from_utf8_lossy(&run(&[name, "--help"]).stdout).to_string();
        for arg in command.get_arguments().filter(|a| !a.is_hide_set()).filter_map(clap::Arg::get_long) {
            assert!(own.contains(&format!("--{arg}")), "{name} --help does not mention --{arg}");
        }
    }
}

#[test]
fn list_prints_one_game_per_line() {
    let out = run(&["list"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let mut ids = BTreeSet::new();
    for line in text.lines() {
        let (id, name) = line.split_once('\t').expect("id TAB name");
        assert!(!name.trim().is_empty(), "{line:?}");
        assert!(id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"-/".contains(&b)), "{line:?}");
        assert!(ids.insert(id.to_string()), "{id} is listed twice");
    }
    // The shipped game types and boards, and the launcher's entries.
    assert!(ids.len() >= 24, "only {} games:\n{text}", ids.len());
    for id in ["klondike", "freecell", "spider-one-suit", "pegs"] {
        assert!(ids.contains(id), "{id} is not listed:\n{text}");
    }
}

#[test]
fn bad_arguments_are_refused_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("x.png");
    let png = png.to_string_lossy();
    let out = run(&["shot", "launcher", "--machine", "c64", "-o", &png]);
    assert_eq!(out.status.code(), Some(parlour::app::cli::USAGE_ERROR));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown machine `c64`"));
    let out = run(&["shot", "no-such-game", "-o", &png]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown game"));
    let out = run(&["shot", "launcher", "--machine", "mac-se30", "--depth", "256", "-o", &png]);
    assert_eq!(out.status.code(), Some(parlour::app::cli::USAGE_ERROR));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--depth 256 is for mac-color only"));
    assert!(!dir.path().join("x.png").exists(), "a refused shot writes no picture");
}

/// `shot --all-machines` writes into a folder: one named as a picture
/// (`-o allm/x.png`, as for one shot) is refused before anything is made,
/// rather than made a folder called x.png.
#[test]
fn all_machines_refuses_a_folder_named_as_a_picture() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("allm")).unwrap();
    let named = dir.path().join("allm").join("x.png");
    let out = run(&["shot", "freecell", "--all-machines", "-o", named.to_str().unwrap()]);
    assert_ne!(out.status.code(), Some(0));
    let said = String::from_utf8(out.stderr).unwrap();
    assert!(said.contains("names a picture: give a folder's name"), "{said}");
    assert!(!named.exists(), "a folder was made");
}
