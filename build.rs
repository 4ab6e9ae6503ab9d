//! Embeds Parlour's built-in files into the binary:
//!
//! - every file under roms-like-assets/, as a table of (relative path,
//!   bytes) that `src/assets.rs` includes;
//! - the built-in data folders (game-types/, card-shell/, boards/, guide/), as a table
//!   of (path under the source tree, bytes) and a hash of the lot, that
//!   `src/app/data_dirs.rs` includes.

use std::fs;
use std::hash::{DefaultHasher, Hasher};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The data folders that are built in, each read from the source tree.
const DATA_FOLDERS: &[&str] = &["game-types", "card-shell", "boards", "card-games", "guide"];

/// Every file under `dir`, relative to `root`. Hidden files (editor and
/// desktop litter such as .DS_Store) are left out.
fn collect(dir: &Path, root: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        if entry.file_name().to_string_lossy().starts_with('.') {
            continue;
        }
        let path = entry.path();
        if path.is_dir() {
            collect(&path, root, out);
        } else {
            out.push(path.strip_prefix(root).expect("inside root").to_path_buf());
        }
    }
}

/// The files under each of `folders` (relative to `root`), sorted, with
/// Cargo told to build again when any of them changes.
fn files_under(root: &Path, folders: &[&str]) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for folder in folders {
        println!("cargo:rerun-if-changed={}", root.join(folder).display());
        collect(&root.join(folder), root, &mut files);
    }
    files.sort();
    for f in &files {
        println!("cargo:rerun-if-changed={}", root.join(f).display());
    }
    files
}

/// A file's path with forward slashes, as the tables give it.
fn slashed(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

/// Writes `static NAME: &[(&str, &[u8])]` listing `files` (relative to
/// `root`), each named by its path relative to `root/under`.
fn write_table(out: &mut impl Write, name: &str, root: &Path, under: &str, files: &[PathBuf]) {
    writeln!(out, "pub(crate) static {name}: &[(&str, &[u8])] = &[").unwrap();
    for f in files {
        let key = f.strip_prefix(under).expect("inside the folder");
        writeln!(out, "    ({:?}, include_bytes!({:?})),", slashed(key), root.join(f).to_string_lossy()).unwrap();
    }
    writeln!(out, "];").unwrap();
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it"));

    let files = files_under(&manifest, &["roms-like-assets"]);
    let mut out = fs::File::create(out_dir.join("assets.rs")).expect("OUT_DIR is writable");
    write_table(&mut out, "EMBEDDED", &manifest, "roms-like-assets", &files);

    // The hash names the folder the data is unpacked to, so it covers
    // every path and every byte: any change gives a fresh folder.
    let files = files_under(&manifest, DATA_FOLDERS);
    let mut hasher = DefaultHasher::new();
    for f in &files {
        let bytes = fs::read(manifest.join(f)).expect("a data file reads");
        hasher.write(slashed(f).as_bytes());
        hasher.write_u8(0);
        hasher.write_u64(bytes.len() as u64);
        hasher.write(&bytes);
    }
    let mut out = fs::File::create(out_dir.join("builtin_data.rs")).expect("OUT_DIR is writable");
    write_table(&mut out, "BUILTIN", &manifest, "", &files);
    writeln!(out, "pub(crate) const BUILTIN_HASH: &str = \"{:016x}\";", hasher.finish()).unwrap();
}
