//! The project's test habits, checked over its own sources: every run
//! works in folders of its own, and a test that cannot run says so where
//! it shows (tests/external) instead of passing.

use std::path::{Path, PathBuf};

/// Every Rust file under `folders` of the project, with its text.
fn sources(folders: &[&str]) -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut todo: Vec<PathBuf> = folders.iter().map(|f| root.join(f)).collect();
    let mut found = Vec::new();
    while let Some(folder) = todo.pop() {
        for path in std::fs::read_dir(&folder).unwrap().map(|e| e.unwrap().path()) {
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                found.push((path, text));
            }
        }
    }
    assert!(found.len() > 20, "only {} sources", found.len());
    found
}

/// The lines of `sources` that contain `needle`, as `path:line`.
fn lines_with(sources: &[(PathBuf, String)], needle: &str, except: &str) -> Vec<String> {
    let mut hits = Vec::new();
    for (path, text) in sources {
        for (i, line) in text.lines().enumerate() {
            if line.contains(needle) && !line.contains(except) {
                hits.push(format!("{}:{}: {}", path.display(), i + 1, line.trim()));
            }
        }
    }
    hits
}

#[test]
fn no_test_uses_a_fixed_temporary_path() {
    // Two runs at once would share such a path; tempfile gives each its own.
    // (The X server's sockets in /tmp are the system's, not ours.)
    let needle = concat!("\"/", "tmp");
    let hits = lines_with(&sources(&["src", "tests"]), needle, "/tmp/.X");
    assert!(hits.is_empty(), "fixed temporary paths:\n{}", hits.join("\n"));
}

#[test]
fn a_test_that_cannot_run_is_not_reported_as_passed() {
    // Printing "skipped" and returning passes; tests/external marks such a
    // test ignored with its reason, and fails it under CI=true.
    let hits = lines_with(&sources(&["src", "tests/all"]), concat!("println!(\"", "skipped"), "\0");
    assert!(hits.is_empty(), "tests that pass when skipped (move them to tests/external):\n{}", hits.join("\n"));
}

#[test]
fn the_program_never_prints_through_macros_that_panic() {
    // `println!` and `eprintln!` panic on a closed pipe (`parlour help
    // --html DIR 2>&1 | head -1`); the program says things through `say!`
    // and `tell!`, which let go what cannot be shown.
    let src = sources(&["src"]);
    let hits: Vec<String> =
        ["println!(", "print!(", "eprint!("].iter().flat_map(|needle| lines_with(&src, needle, "\0")).collect();
    assert!(hits.is_empty(), "printing that panics on a closed pipe:\n{}", hits.join("\n"));
}
