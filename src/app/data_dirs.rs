//! Where Parlour finds its game types, peg boards, card games and guides:
//! the user's folders first, then the built-in copy.
//!
//! The built-in game-types/, card-shell/, boards/, card-games/ and guide/ folders are embedded in
//! the binary (see build.rs), so an installed `parlour` works with no
//! source tree. The readers take paths and read sibling files (game.bmp
//! beside game.ini, a guide's linked guides and pictures, the help
//! stylesheet), so rather than teach each of them to read from memory the
//! embedded files are unpacked once, on first use, into
//! `builtin/HASH/` in the data folder, where HASH covers every embedded
//! path and byte: a build with other data unpacks to a fresh folder and
//! never reads a stale one. The folder is written under a temporary name
//! and renamed into place, so a reader never sees it half written and two
//! Parlours starting at once both end up with a whole copy. Its files
//! are read-only, as a reminder that changes belong in the user folders;
//! the folder may be deleted, and is written again on the next start.

use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, SystemTime};

use super::settings;
use crate::core::files::write_failure;

include!(concat!(env!("OUT_DIR"), "/builtin_data.rs"));

/// Where game types are looked for, in order: `$PARLOUR_GAME_TYPES` (a
/// path list) if set, and nothing else; otherwise ./game-types,
/// game-types in the user's data folder, and the built-in game types.
/// When two folders give the same id the first is used.
pub fn game_type_dirs() -> Vec<PathBuf> {
    search_path("PARLOUR_GAME_TYPES", "game-types", true)
}

/// Whether `dir` is one of the folders game types are looked for in
/// ([`game_type_dirs`]), however it is written (relative, through a link).
pub fn lists_game_types_from(dir: &Path) -> bool {
    let Ok(dir) = dir.canonicalize() else { return false };
    game_type_dirs().iter().any(|d| d.canonicalize().is_ok_and(|d| d == dir))
}

/// Where peg boards are looked for, in order: `$PARLOUR_BOARDS` (a path
/// list) if set, and nothing else; otherwise ./boards, boards in the
/// user's data folder, and the built-in boards.
pub fn board_dirs() -> Vec<PathBuf> {
    search_path("PARLOUR_BOARDS", "boards", true)
}

/// Where The Chance's rules (card-shell/The Chance/game.ini) are looked
/// for, in order: `$PARLOUR_CARD_SHELL` (a path list) if set, and nothing
/// else; otherwise ./card-shell, card-shell in the user's data folder, and
/// the built-in copy.
pub fn card_shell_dirs() -> Vec<PathBuf> {
    search_path("PARLOUR_CARD_SHELL", "card-shell", true)
}

/// Where the Oberon card games' game types are looked for, in order:
/// `$PARLOUR_CARD_GAMES` (a path list) if set, and nothing else;
/// otherwise ./card-games, card-games in the user's data folder, and the
/// built-in ones.
pub fn card_game_dirs() -> Vec<PathBuf> {
    search_path("PARLOUR_CARD_GAMES", "card-games", true)
}

/// Which game reads the folder `dir` as its rules, where it is a folder in
/// a card-games or card-shell folder (one searched, or one so named, as a
/// copy of one being made is): "the CardGames panel" or "the card shell (The Chance)".
/// Such a folder is no YaZZle game type: its help is the panel's or the
/// shell's guide and no picture of it is ever shown, so its game.ini is
/// all of it there is to check, and no game.bmp is to be drawn in it.
pub fn card_game_reader(dir: &Path) -> Option<&'static str> {
    if !dir.is_dir() {
        return None;
    }
    // Canonical, so that `card-games/FreeCell/..` or a folder given as
    // `FreeCell` from inside card-games is known by its parent's name.
    let parent = dir.canonicalize().ok()?.parent()?.to_path_buf();
    let is = |name: &str, searched: fn() -> Vec<PathBuf>| {
        parent.file_name().is_some_and(|n| n.eq_ignore_ascii_case(name))
            || searched().iter().any(|d| same_folder(d, &parent))
    };
    if is("card-games", card_game_dirs) {
        Some("the CardGames panel")
    } else if is("card-shell", card_shell_dirs) {
        Some("the card shell (The Chance)")
    } else {
        None
    }
}

/// Where help sources are looked for, in order: `$PARLOUR_GUIDE` (a path
/// list) if set, and nothing else; otherwise ./guide and the built-in
/// guides (which hold Help/, the YaZZle help pages and stylesheet).
pub fn guide_dirs() -> Vec<PathBuf> {
    search_path("PARLOUR_GUIDE", "guide", false)
}

/// Where the player's own files kept in folders called `folder` are
/// looked for (Scramble's pictures): ./FOLDER, then FOLDER in the data
/// folder, which is one folder searched once when run from the data
/// folder.
pub fn user_dirs(folder: &str) -> Vec<PathBuf> {
    ordered(None, folder, Some(&settings::data_dir()), None)
}

/// The folder of YaZZle's help pages and their stylesheet: Help in the
/// first guide folder whose Help has help.css.
pub fn help_pages_dir() -> Option<PathBuf> {
    guide_dirs().into_iter().map(|d| d.join("Help")).find(|d| d.join("help.css").is_file())
}

/// The search path for the built-in folder `folder`: the list in the
/// environment variable `var` if set, else the folder of that name in the
/// current folder, in the data folder (if `in_data_dir`) and in the
/// built-in copy (when it could be unpacked).
fn search_path(var: &str, folder: &str, in_data_dir: bool) -> Vec<PathBuf> {
    let list = std::env::var_os(var);
    // Unpacked only when it will be searched.
    let builtin = if list.is_none() { builtin_dir() } else { None };
    let data = in_data_dir.then(settings::data_dir);
    let dirs = ordered(list.clone(), folder, data.as_deref(), builtin);
    if list.is_some() {
        warn_once(var, &dirs);
    }
    dirs
}

/// Tells once a run of each folder the list in `var` names that cannot
/// be what it means: a list that finds nothing would otherwise leave the
/// games out without a word.
fn warn_once(var: &str, dirs: &[PathBuf]) {
    static TOLD: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    let Ok(mut told) = TOLD.lock() else { return };
    if told.iter().any(|t| t == var) {
        return;
    }
    told.push(var.to_string());
    for why in dirs.iter().filter_map(|d| listed_problem(var, d)) {
        tell!("warning: {why}");
    }
}

/// What is wrong with `dir` in the list `var`, if anything: it is no
/// folder, or it is a game type's own folder where the list names the
/// folders that hold game types.
fn listed_problem(var: &str, dir: &Path) -> Option<String> {
    if !dir.is_dir() {
        return Some(format!("{var} names {}, which is not a folder", dir.display()));
    }
    use crate::solitaire::library::{Searched, own_folder_searched};
    own_folder_searched(dir, Searched::Listed(var))
}

/// The search order, given the environment's list (if any), the data
/// folder (if searched) and the built-in copy (if there is one).
fn ordered(list: Option<OsString>, folder: &str, data: Option<&Path>, builtin: Option<&Path>) -> Vec<PathBuf> {
    if let Some(list) = list {
        return std::env::split_paths(&list).collect();
    }
    let here = PathBuf::from(folder);
    // Run from the data folder, ./game-types is the data folder's own:
    // searched once, so nothing in it is listed or told of twice.
    let data = data.map(|d| d.join(folder)).filter(|d| !same_folder(d, &here));
    let mut dirs = vec![here];
    dirs.extend(data);
    dirs.extend(builtin.map(|b| b.join(folder)));
    dirs
}

/// Whether `a` and `b` are one folder that is there, by whatever path.
fn same_folder(a: &Path, b: &Path) -> bool {
    matches!((a.canonicalize(), b.canonicalize()), (Ok(a), Ok(b)) if a == b)
}

/// The unpacked built-in data (holding game-types/, card-shell/, boards/,
/// card-games/ and guide/),
/// unpacked into the data folder on the first call, or, where that cannot
/// be written (a read-only folder, a file in its place), into the user's
/// folder in the system's temporary folder, or, where that is refused
/// too (another user's), into a temporary folder of this run's own, with
/// a warning: the games are there either way. None, after a warning, if
/// none of them can be written: only the user folders are read then.
pub fn builtin_dir() -> Option<&'static Path> {
    BUILTIN_DIR.get_or_init(unpack_where_one_can).as_deref()
}

/// Where the built-in data was unpacked, if this run has unpacked it
/// (never unpacking it only to ask).
pub fn builtin_dir_if_unpacked() -> Option<&'static Path> {
    BUILTIN_DIR.get().and_then(Option::as_deref)
}

static BUILTIN_DIR: OnceLock<Option<PathBuf>> = OnceLock::new();

/// Unpacks the built-in data into the first of the data folder, the
/// user's spare folder and a folder of the run's own that takes it, and
/// says where it went when that is not the data folder.
fn unpack_where_one_can() -> Option<PathBuf> {
    let parent = settings::data_dir().join("builtin");
    let e = match unpack(&parent, BUILTIN_HASH, BUILTIN) {
        Ok(dir) => return Some(dir),
        Err(e) => e,
    };
    let mut told = format!("cannot unpack the built-in games into {}: {}", parent.display(), write_failure(&e));
    let spare = spare_dir();
    match private_dir(&spare).and_then(|()| unpack(&spare, BUILTIN_HASH, BUILTIN)) {
        Ok(dir) => {
            tell!("warning: {told}; they are read from {} instead", spare.display());
            return Some(dir);
        }
        Err(e) => told.push_str(&format!("; nor into {}: {}", spare.display(), write_failure(&e))),
    }
    match unpack_for_this_run() {
        Ok(dir) => {
            let run_folder = dir.parent().unwrap_or(&dir).display();
            tell!(
                "warning: {told}; they are read from {run_folder} instead, a folder of this run's own, removed when Parlour ends"
            );
            Some(dir)
        }
        Err(e) => {
            tell!("warning: {told}; nor into a temporary folder of this run's own: {}", write_failure(&e));
            None
        }
    }
}

/// The temporary folder holding the built-in data for this run alone,
/// when neither the data folder nor the user's spare folder could: kept
/// here until [`RunCopyRemoved`] drops it.
static RUN_COPY: Mutex<Option<tempfile::TempDir>> = Mutex::new(None);

/// Unpacks the built-in data into a new temporary folder of this run's
/// own (made for the user alone, under a name no one could have readied),
/// removed when the run ends: a spare folder another user made must not
/// cost the player every solitaire game.
fn unpack_for_this_run() -> io::Result<PathBuf> {
    let folder = tempfile::Builder::new().prefix("parlour-builtin-run-").tempdir()?;
    let dir = unpack(folder.path(), BUILTIN_HASH, BUILTIN)?;
    if let Ok(mut kept) = RUN_COPY.lock() {
        *kept = Some(folder);
    }
    Ok(dir)
}

/// Held for the length of a command: when dropped, removes the folder
/// the built-in data was unpacked into for this run alone, if it was
/// (statics are never dropped, so the folder would outlive the run).
#[must_use]
pub struct RunCopyRemoved;

impl Drop for RunCopyRemoved {
    fn drop(&mut self) {
        if let Ok(mut kept) = RUN_COPY.lock() {
            kept.take();
        }
    }
}

/// The folder in the system's temporary folder that holds the built-in
/// data when the data folder cannot: the user's own, named with their
/// user id, so no other user's copy is ever read.
fn spare_dir() -> PathBuf {
    #[cfg(unix)]
    // SAFETY: getuid has no preconditions and cannot fail.
    let name = format!("parlour-builtin-{}", unsafe { libc::getuid() });
    #[cfg(not(unix))]
    let name = "parlour-builtin".to_string();
    std::env::temp_dir().join(name)
}

/// Makes `dir` for the user alone (mode 700), or checks the one there is
/// theirs and closed to others: a folder another user made (or may write
/// in) could hand them games of that user's making, so it is refused.
#[cfg(unix)]
fn private_dir(dir: &Path) -> io::Result<()> {
    use std::os::unix::fs::{DirBuilderExt, MetadataExt};
    match std::fs::DirBuilder::new().mode(0o700).create(dir) {
        Err(e) if e.kind() != io::ErrorKind::AlreadyExists => return Err(e),
        _ => {}
    }
    let meta = std::fs::symlink_metadata(dir)?;
    // SAFETY: as in spare_dir.
    let mine = meta.uid() == unsafe { libc::getuid() };
    if !meta.is_dir() || !mine || meta.mode() & 0o022 != 0 {
        return Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            "it is not a folder of yours that only you may write in",
        ));
    }
    Ok(())
}

#[cfg(not(unix))]
fn private_dir(dir: &Path) -> io::Result<()> {
    std::fs::create_dir_all(dir)
}

/// Unpacks `files` (slash-separated relative paths and their bytes) into
/// `parent/name` unless that folder is already there whole, and returns
/// it. A copy with a file missing or of another length (removed or cut
/// by hand, a disk's trouble) is unpacked afresh in its place, with a
/// warning: otherwise its games would stay broken for good.
fn unpack(parent: &Path, name: &str, files: &[(&str, &[u8])]) -> io::Result<PathBuf> {
    let target = parent.join(name);
    if target.is_dir() {
        let broken = not_whole(&target, files);
        if broken.is_empty() {
            mark_used(&target);
            return Ok(target);
        }
        tell!(
            "warning: the built-in games in {} are not as they were unpacked ({}): unpacking them again",
            target.display(),
            named_with_how_many_more(&broken)
        );
        set_aside_broken_copy(parent, &target);
    }
    forget_unused_copies(parent, name, SystemTime::now());
    // A name no other process or thread is using.
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let temp = parent.join(format!(".{name}.{}.{n}.partial", std::process::id()));
    std::fs::create_dir_all(parent)?;
    let written = write_files(&temp, files).and_then(|()| std::fs::rename(&temp, &target));
    match written {
        Ok(()) => Ok(target),
        // Another process or thread got there first: use its copy.
        Err(_) if target.is_dir() => {
            let _ = std::fs::remove_dir_all(&temp);
            Ok(target)
        }
        Err(e) => {
            let _ = std::fs::remove_dir_all(&temp);
            Err(e)
        }
    }
}

/// Every one of `files` that `copy` lacks, or holds at another length, in
/// their order, each with what became of it ("boards/German.brd cut to
/// 0 of 312 bytes", "game-types/Golf/game.ini gone"): each is told of, as
/// each is restored.
fn not_whole(copy: &Path, files: &[(&str, &[u8])]) -> Vec<String> {
    let what_became = |rel: &str, bytes: &[u8]| {
        let was = bytes.len() as u64;
        match std::fs::metadata(path_in(copy, rel)) {
            Ok(m) if m.is_file() && m.len() == was => None,
            Ok(m) if m.is_file() && m.len() < was => Some(format!("{rel} cut to {} of {was} bytes", m.len())),
            Ok(m) if m.is_file() => Some(format!("{rel} grown to {} bytes from {was}", m.len())),
            Ok(_) => Some(format!("{rel} no longer a file")),
            Err(_) => Some(format!("{rel} gone")),
        }
    };
    files.iter().filter_map(|&(rel, bytes)| what_became(rel, bytes)).collect()
}

/// The files of a damaged copy, in one warning line: all of them where
/// they are few, else the first few and how many more (a copy half gone
/// would name hundreds).
fn named_with_how_many_more(files: &[String]) -> String {
    const NAMED: usize = 3;
    if files.len() <= NAMED {
        return crate::core::and_list(files);
    }
    let more = crate::core::plural((files.len() - NAMED) as u64, "more file", "more files");
    format!("{} and {more}", files[..NAMED].join(", "))
}

/// Where built-in file `rel` (slash-separated) lies in the copy `dir`.
fn path_in(dir: &Path, rel: &str) -> PathBuf {
    rel.split('/').fold(dir.to_path_buf(), |p, part| p.join(part))
}

/// Moves a broken copy out of the way of a fresh one and removes it
/// (what cannot be removed stays hidden, for a later unpacking to leave).
fn set_aside_broken_copy(parent: &Path, copy: &Path) {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let name = copy.file_name().unwrap_or_default().to_string_lossy();
    let aside = parent.join(format!(".{name}.{}.{n}.broken", std::process::id()));
    if std::fs::rename(copy, &aside).is_ok() {
        let _ = std::fs::remove_dir_all(&aside);
    }
}

/// A copy no build has started from for this long is removed when a new
/// build unpacks its own, so the data folder does not grow with every
/// upgrade, while two versions in use side by side keep theirs.
const UNUSED_FOR: Duration = Duration::from_secs(30 * 24 * 60 * 60);

/// Notes that a build started from `copy` (its folder's modification time).
fn mark_used(copy: &Path) {
    if let Ok(folder) = std::fs::File::open(copy) {
        let _ = folder.set_modified(SystemTime::now());
    }
}

/// Removes the copies beside `name` that no build has used for
/// [`UNUSED_FOR`]. Unpackings under way (hidden `.partial` folders) are
/// left alone, and so is whatever cannot be removed.
fn forget_unused_copies(parent: &Path, name: &str, now: SystemTime) {
    let Ok(entries) = std::fs::read_dir(parent) else { return };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        if file_name == name || file_name.to_string_lossy().starts_with('.') {
            continue;
        }
        let Ok(meta) = entry.metadata() else { continue };
        let unused = meta.modified().ok().and_then(|t| now.duration_since(t).ok()).is_some_and(|d| d > UNUSED_FOR);
        if meta.is_dir() && unused {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// Writes every file under `dir` (a folder that must not exist yet),
/// read-only.
fn write_files(dir: &Path, files: &[(&str, &[u8])]) -> io::Result<()> {
    std::fs::create_dir(dir)?;
    for (rel, bytes) in files {
        let path = path_in(dir, rel);
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder)?;
        }
        std::fs::write(&path, bytes)?;
        let mut permissions = std::fs::metadata(&path)?.permissions();
        permissions.set_readonly(true);
        std::fs::set_permissions(&path, permissions)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_folders_come_before_the_built_in_copy() {
        let data = Path::new("/data");
        let builtin = Path::new("/builtin/abc");
        assert_eq!(
            ordered(None, "game-types", Some(data), Some(builtin)),
            ["game-types", "/data/game-types", "/builtin/abc/game-types"].map(PathBuf::from)
        );
        assert_eq!(ordered(None, "guide", None, Some(builtin)), ["guide", "/builtin/abc/guide"].map(PathBuf::from));
        assert_eq!(ordered(None, "boards", Some(data), None), ["boards", "/data/boards"].map(PathBuf::from));
        let list = std::env::join_paths(["/a", "/b"]).unwrap();
        assert_eq!(ordered(Some(list), "boards", Some(data), Some(builtin)), ["/a", "/b"].map(PathBuf::from));
    }

    /// A listed folder that is not there, or that is a game type's own
    /// folder, is told of; a folder of game types is not.
    #[test]
    fn a_list_naming_what_cannot_hold_games_is_told_of() {
        let dir = tempfile::tempdir().unwrap();
        let game = dir.path().join("Klondike");
        std::fs::create_dir(&game).unwrap();
        std::fs::write(game.join("game.ini"), "[General]\n").unwrap();
        assert_eq!(listed_problem("PARLOUR_GAME_TYPES", dir.path()), None);
        let own = listed_problem("PARLOUR_GAME_TYPES", &game).unwrap();
        assert!(own.contains("a game type's own folder") && own.ends_with(&dir.path().display().to_string()), "{own}");
        let gone = listed_problem("PARLOUR_BOARDS", &dir.path().join("nowhere")).unwrap();
        assert!(gone.starts_with("PARLOUR_BOARDS names ") && gone.ends_with("which is not a folder"), "{gone}");
    }

    #[test]
    fn the_built_in_data_is_every_file_of_the_source_folders() {
        fn walk(dir: &Path, root: &Path, out: &mut Vec<String>) {
            for entry in std::fs::read_dir(dir).unwrap().map(Result::unwrap) {
                let path = entry.path();
                if entry.file_name().to_string_lossy().starts_with('.') {
                    continue;
                } else if path.is_dir() {
                    walk(&path, root, out);
                } else {
                    out.push(path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/"));
                }
            }
        }
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut on_disk = Vec::new();
        for folder in ["game-types", "card-shell", "boards", "card-games", "guide"] {
            walk(&root.join(folder), root, &mut on_disk);
        }
        on_disk.sort();
        let mut embedded: Vec<String> = BUILTIN.iter().map(|(rel, _)| rel.to_string()).collect();
        embedded.sort();
        assert_eq!(embedded, on_disk);
        for (rel, bytes) in BUILTIN {
            assert_eq!(std::fs::read(root.join(rel)).unwrap(), *bytes, "{rel}");
        }
        for want in [
            "game-types/Klondike/game.ini",
            "card-shell/The Chance/game.ini",
            "boards/English.brd",
            "card-games/Spider/game.ini",
            "guide/solitaire.guide",
            "guide/Help/help.css",
        ] {
            assert!(BUILTIN.iter().any(|(rel, _)| *rel == want), "{want} is not built in");
        }
        assert_eq!(BUILTIN_HASH.len(), 16);
    }

    #[test]
    fn unpacks_once_whole_and_read_only() {
        let parent = tempfile::tempdir().unwrap();
        let files: &[(&str, &[u8])] = &[("a/b/c.txt", b"deep"), ("top.txt", b"top")];
        let dir = unpack(parent.path(), "v1", files).unwrap();
        assert_eq!(dir, parent.path().join("v1"));
        assert_eq!(std::fs::read(dir.join("a/b/c.txt")).unwrap(), b"deep");
        assert_eq!(std::fs::read(dir.join("top.txt")).unwrap(), b"top");
        assert!(std::fs::metadata(dir.join("top.txt")).unwrap().permissions().readonly());
        // A second call uses the folder as it is.
        let made = std::fs::metadata(dir.join("top.txt")).unwrap().modified().unwrap();
        std::thread::sleep(Duration::from_millis(20));
        assert_eq!(unpack(parent.path(), "v1", files).unwrap(), dir);
        assert_eq!(std::fs::metadata(dir.join("top.txt")).unwrap().modified().unwrap(), made, "not written again");
        // One with a file removed or cut is unpacked again, whole.
        std::fs::remove_file(dir.join("a/b/c.txt")).unwrap();
        assert_eq!(unpack(parent.path(), "v1", files).unwrap(), dir);
        assert_eq!(std::fs::read(dir.join("a/b/c.txt")).unwrap(), b"deep");
        let top = dir.join("top.txt");
        overwrite(&top, b"t");
        assert_eq!(unpack(parent.path(), "v1", files).unwrap(), dir);
        assert_eq!(std::fs::read(&top).unwrap(), b"top");
        // Nothing is left behind but the folder.
        let names: Vec<_> = std::fs::read_dir(parent.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, ["v1"]);
    }

    /// Writes `bytes` over an unpacked file, which is read-only, as a
    /// player's slip or a failing disk would change it.
    fn overwrite(path: &Path, bytes: &[u8]) {
        let mut writable = std::fs::metadata(path).unwrap().permissions();
        #[allow(clippy::permissions_set_readonly_false)]
        writable.set_readonly(false);
        std::fs::set_permissions(path, writable).unwrap();
        std::fs::write(path, bytes).unwrap();
    }

    /// Every damaged file of a copy is told of, as every one is restored,
    /// not only the first, with what became of it (gone, cut, grown); a
    /// long list ends in how many more.
    #[test]
    fn every_file_a_copy_lacks_is_named() {
        let parent = tempfile::tempdir().unwrap();
        let files: &[(&str, &[u8])] = &[("a.html", b"page"), ("b.txt", b"b"), ("guide/c.guide", b"guide")];
        let dir = unpack(parent.path(), "v1", files).unwrap();
        std::fs::remove_file(dir.join("a.html")).unwrap();
        overwrite(&dir.join("b.txt"), b"bigger");
        overwrite(&dir.join("guide/c.guide"), b"gu");
        let broken = not_whole(&dir, files);
        let told = ["a.html gone", "b.txt grown to 6 bytes from 1", "guide/c.guide cut to 2 of 5 bytes"];
        assert_eq!(broken, told);
        let named = "a.html gone, b.txt grown to 6 bytes from 1 and guide/c.guide cut to 2 of 5 bytes";
        assert_eq!(named_with_how_many_more(&broken), named);
        let five: Vec<String> = ["a", "b", "c", "d", "e"].map(String::from).into();
        assert_eq!(named_with_how_many_more(&five), "a, b, c and 2 more files");
    }

    #[test]
    fn copies_unused_for_a_month_go_when_a_new_one_is_unpacked() {
        let parent = tempfile::tempdir().unwrap();
        let old = unpack(parent.path(), "v1", &[("a/old.txt", b"old")]).unwrap();
        let recent = unpack(parent.path(), "v2", &[("b.txt", b"b")]).unwrap();
        let busy = parent.path().join(".v4.123.0.partial");
        std::fs::create_dir(&busy).unwrap();
        let long_ago = SystemTime::now() - UNUSED_FOR - Duration::from_secs(60);
        std::fs::File::open(&old).unwrap().set_modified(long_ago).unwrap();
        let new = unpack(parent.path(), "v3", &[("new.txt", b"new")]).unwrap();
        assert!(!old.exists(), "a copy unused for a month is gone");
        assert!(recent.exists(), "a copy in use is kept");
        assert!(busy.exists(), "an unpacking under way is left alone");
        assert_eq!(std::fs::read(new.join("new.txt")).unwrap(), b"new");
        // Starting from a copy marks it used.
        std::fs::File::open(&recent).unwrap().set_modified(long_ago).unwrap();
        assert_eq!(unpack(parent.path(), "v2", &[]).unwrap(), recent);
        let used = std::fs::metadata(&recent).unwrap().modified().unwrap();
        assert!(used > long_ago + Duration::from_secs(60));
    }

    #[test]
    fn racing_unpacks_all_get_the_whole_folder() {
        let parent = tempfile::tempdir().unwrap();
        let files: Vec<(String, Vec<u8>)> =
            (0..50).map(|i| (format!("d{}/f{i}", i % 5), vec![i as u8; 1000])).collect();
        let files: Vec<(&str, &[u8])> = files.iter().map(|(p, b)| (p.as_str(), b.as_slice())).collect();
        let dirs: Vec<PathBuf> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..8).map(|_| s.spawn(|| unpack(parent.path(), "v2", &files).unwrap())).collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert!(dirs.iter().all(|d| *d == parent.path().join("v2")));
        for (rel, bytes) in &files {
            assert_eq!(std::fs::read(parent.path().join("v2").join(rel)).unwrap(), *bytes);
        }
        let names: Vec<_> = std::fs::read_dir(parent.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, ["v2"]);
    }
}
