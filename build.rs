//! Embeds every file under roms-like-assets/ into the binary: writes a
//! table of (relative path, bytes) that `src/assets.rs` includes.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

fn collect(dir: &Path, root: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, root, out);
        } else {
            out.push(path.strip_prefix(root).expect("inside root").to_path_buf());
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let root = manifest.join("roms-like-assets");
    println!("cargo:rerun-if-changed=roms-like-assets");
    let mut files = Vec::new();
    collect(&root, &root, &mut files);
    files.sort();
    for f in &files {
        println!("cargo:rerun-if-changed={}", root.join(f).display());
    }
    let out_path = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it")).join("assets.rs");
    let mut out = fs::File::create(out_path).expect("OUT_DIR is writable");
    writeln!(out, "pub(crate) static EMBEDDED: &[(&str, &[u8])] = &[").unwrap();
    for f in &files {
        let rel = f.to_string_lossy().replace('\\', "/");
        writeln!(out, "    ({rel:?}, include_bytes!({:?})),", root.join(f).to_string_lossy()).unwrap();
    }
    writeln!(out, "];").unwrap();
}
