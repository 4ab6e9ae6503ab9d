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
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(stderr(&out).contains("--scale 2 sizes a window"), "{args:?}: {}", stderr(&out));
        assert!(!dir.path().join("x.png").exists(), "{args:?}: nothing is rendered");
    }
    let help = run(&["shot", "--help"]);
    assert!(help.status.success());
    assert!(!String::from_utf8_lossy(&help.stdout).contains("--scale"), "shot's help does not offer --scale");
}
