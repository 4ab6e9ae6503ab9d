//! The quick pass over the fuzz targets' inputs, run by `cargo test`: each
//! check in `parlour::checks` on the shipped files of its kind, on those
//! files damaged at random, and on random bytes. The fuzz targets (fuzz/,
//! see the README's Fuzzing section) run the same checks, seeded from the
//! same files, for millions of inputs.

use std::path::Path;

use proptest::prelude::*;
use proptest::test_runner::Config;

/// The files of one kind, as the fuzz corpus is seeded with them: those
/// ending in one of `extensions` ("png|bmp").
fn seeds(folders: &[&str], extensions: &str) -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    let mut folders: Vec<_> = folders.iter().map(|f| root.join(f)).collect();
    while let Some(folder) = folders.pop() {
        for path in std::fs::read_dir(&folder).unwrap().map(|e| e.unwrap().path()) {
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| extensions.split('|').any(|x| e.eq_ignore_ascii_case(x))) {
                found.push(std::fs::read(&path).unwrap());
            }
        }
    }
    assert!(!found.is_empty(), "no .{extensions} file in {folders:?}");
    found
}

/// `seed` with `edits` made: bytes put in, taken out or changed.
fn damaged(seed: &[u8], edits: &[(usize, u8, u8)]) -> Vec<u8> {
    let mut bytes = seed.to_vec();
    for &(at, byte, kind) in edits {
        let at = at % (bytes.len() + 1);
        match kind {
            0 => bytes.insert(at, byte),
            1 if at < bytes.len() => {
                bytes.remove(at);
            }
            _ if at < bytes.len() => bytes[at] = byte,
            _ => bytes.push(byte),
        }
    }
    bytes
}

fn edits() -> impl Strategy<Value = Vec<(usize, u8, u8)>> {
    prop::collection::vec((any::<usize>(), any::<u8>(), 0..3u8), 0..24)
}

/// Each kind: its check, and where its seeds are (folders, extensions).
macro_rules! seeded {
    ($($name:ident: $check:path, $folders:expr, $ext:literal;)*) => {$(
        mod $name {
            use super::*;

            #[test]
            fn every_seed_passes_as_it_is() {
                for seed in seeds(&$folders, $ext) {
                    $check(&seed);
                }
            }

            proptest! {
                #![proptest_config(Config { cases: 48, failure_persistence: None, ..Config::default() })]

                #[test]
                fn damaged_seeds_pass(pick in any::<prop::sample::Index>(), edits in edits()) {
                    let all = seeds(&$folders, $ext);
                    $check(&damaged(&all[pick.index(all.len())], &edits));
                }

                #[test]
                fn random_bytes_pass(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
                    $check(&bytes);
                }
            }
        }
    )*};
}

seeded! {
    game_ini: parlour::checks::game_ini, ["game-types"], "ini";
    board: parlour::checks::board, ["boards"], "brd";
    xsb: parlour::checks::xsb, ["boards"], "xsb";
    guide: parlour::checks::guide, ["guide"], "guide";
    html: parlour::checks::html, ["game-types", "guide/Help"], "html";
    imaj: parlour::checks::imaj, ["guide"], "imaj";
    saved_game: parlour::checks::saved_game, ["fuzz/seeds/saves"], "save";
    settings: parlour::checks::settings, ["fuzz/seeds/settings"], "ini";
    stats: parlour::checks::stats, ["fuzz/seeds/stats"], "ini";
    picture: parlour::checks::picture, ["roms-like-assets/pictures", "game-types"], "png|bmp|iff";
}

/// Every fuzz target has its quick pass here, checks what its name says,
/// and is named in the README's Fuzzing section.
#[test]
fn every_fuzz_target_has_its_quick_pass_and_is_documented() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(root.join("fuzz/Cargo.toml")).unwrap();
    let targets: Vec<&str> = manifest
        .lines()
        .filter_map(|l| l.strip_prefix("name = \""))
        .filter_map(|l| l.strip_suffix('"'))
        .filter(|name| *name != "parlour-fuzz")
        .collect();
    assert_eq!(targets.len(), 10, "{targets:?}");
    let here = std::fs::read_to_string(root.join("tests/all/fuzz_seeds.rs")).unwrap();
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let fuzzing = readme.split("## Fuzzing").nth(1).expect("the README has a Fuzzing section");
    let fuzzing = fuzzing.split("\n## ").next().unwrap();
    for target in targets {
        let source = std::fs::read_to_string(root.join(format!("fuzz/fuzz_targets/{target}.rs"))).unwrap();
        let check = format!("parlour::checks::{target}");
        assert!(source.contains(&format!("{check}(bytes)")), "fuzz target {target} does not run {check}");
        assert!(here.contains(&format!("    {target}: {check},")), "no quick pass for fuzz target {target}");
        assert!(fuzzing.contains(&format!("`{target}`")), "the README's Fuzzing section does not name {target}");
    }
}
