//! The built-in "ROM": every file under roms-like-assets/ embedded at
//! compile time, with an optional override folder (`--assets DIR`) whose
//! files replace embedded ones of the same relative path. Imports only
//! `core::files` (for bounded reads), so every module may use it.

use std::borrow::Cow;
use std::path::{Component, Path, PathBuf};
use std::sync::OnceLock;

include!(concat!(env!("OUT_DIR"), "/assets.rs"));

static OVERRIDE_DIR: OnceLock<PathBuf> = OnceLock::new();

/// Sets the override folder; only the first call has effect (it is made
/// once, from the command line, before anything is loaded).
pub fn set_override_dir(dir: PathBuf) {
    let _ = OVERRIDE_DIR.set(dir);
}

/// True if `path` is a plain relative path that cannot climb out of the
/// asset folder.
fn is_contained(path: &str) -> bool {
    Path::new(path).components().all(|c| matches!(c, Component::Normal(_)))
}

/// The bytes of an asset by its path relative to roms-like-assets/
/// (forward slashes), preferring the override folder.
pub fn read(path: &str) -> Option<Cow<'static, [u8]>> {
    if !is_contained(path) {
        return None;
    }
    if let Some(dir) = OVERRIDE_DIR.get() {
        // A file there through a link out of the folder is never read.
        // Only what is there is checked: most assets are not overridden,
        // and their names are matched exactly, as ever.
        let file = dir.join(path);
        if std::fs::symlink_metadata(&file).is_ok()
            && let Err(outside) = crate::core::files::within(dir, path)
        {
            tell!("warning: {}: {outside}; the built-in copy is used", dir.display());
            return embedded(path);
        }
        match crate::core::files::read_capped(&file, crate::core::files::limits::PICTURE) {
            Ok(bytes) => return Some(Cow::Owned(bytes)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => tell!("warning: {}: {e}; the built-in copy is used", file.display()),
        }
    }
    embedded(path)
}

/// Where the asset at `path` is read from, for messages: the file in the
/// override folder where it has one, so an author finds it, else `path`.
pub fn shown_path(path: &str) -> String {
    match OVERRIDE_DIR.get().map(|dir| dir.join(path)).filter(|file| file.exists()) {
        Some(file) => file.display().to_string(),
        None => path.to_string(),
    }
}

/// The built-in copy of an asset, whatever the override folder holds (for
/// when an override cannot be used).
pub fn embedded(path: &str) -> Option<Cow<'static, [u8]>> {
    EMBEDDED.iter().find(|(p, _)| *p == path).map(|(_, b)| Cow::Borrowed(*b))
}

/// The names of the immediate subfolders of `folder` (embedded and
/// overriding), sorted and without repeats.
pub fn subfolders(folder: &str) -> Vec<String> {
    let prefix = format!("{}/", folder.trim_end_matches('/'));
    let mut names: Vec<String> = EMBEDDED
        .iter()
        .filter_map(|(p, _)| p.strip_prefix(&prefix))
        .filter_map(|rest| rest.split_once('/').map(|(dir, _)| dir.to_string()))
        .collect();
    if let Some(dir) = OVERRIDE_DIR.get()
        && let Ok(entries) = std::fs::read_dir(dir.join(folder))
    {
        names.extend(
            entries.flatten().filter(|e| e.path().is_dir()).map(|e| e.file_name().to_string_lossy().into_owned()),
        );
    }
    names.sort();
    names.dedup();
    names
}

/// The names of the files directly in `folder` (embedded and overriding),
/// sorted and without repeats.
pub fn files(folder: &str) -> Vec<String> {
    let prefix = format!("{}/", folder.trim_end_matches('/'));
    let mut names: Vec<String> = EMBEDDED
        .iter()
        .filter_map(|(p, _)| p.strip_prefix(&prefix))
        .filter(|rest| !rest.contains('/'))
        .map(str::to_string)
        .collect();
    if let Some(dir) = OVERRIDE_DIR.get()
        && let Ok(entries) = std::fs::read_dir(dir.join(folder))
    {
        names.extend(
            entries.flatten().filter(|e| e.path().is_file()).map(|e| e.file_name().to_string_lossy().into_owned()),
        );
    }
    names.sort();
    names.dedup();
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_that_climb_out_are_refused() {
        assert!(read("../Cargo.toml").is_none());
        assert!(read("/etc/passwd").is_none());
    }

    #[test]
    fn embedded_fonts_are_present() {
        assert!(read("fonts/topaz8.font").is_some());
        assert!(files("fonts").contains(&"topaz8.font".to_string()));
        assert!(files("fonts").iter().all(|f| !f.contains('/')));
    }
}
