//! Files that must survive crashes and bad data: atomic writes with a backup,
//! and setting aside files that cannot be used.
//!
//! Promises, for a file `NAME`:
//! - [`write_atomic`] never leaves `NAME` half-written: the new bytes go to
//!   `NAME.tmp` in the same folder and are flushed to disk; the previous
//!   `NAME` is copied to `NAME.bak.tmp` and renamed to `NAME.bak`; only then
//!   is `NAME.tmp` renamed over `NAME` (a rename within one folder is
//!   atomic). A writer killed at any point leaves either the previous `NAME`
//!   or the new one, complete, and a complete `NAME.bak` if there was one.
//! - [`set_aside`] moves a bad file to the first free `NAME.WHY-N`, where
//!   WHY says what is wrong with it (`damaged`, `foreign`), and never
//!   overwrites an existing file to do so.

use std::ffi::OsString;
use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// How many `NAME.WHY-N` names [`set_aside`] tries before giving up.
const MAX_SET_ASIDE: u32 = 10_000;

/// What kind of trouble a file gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FileErrorKind {
    /// There is no such file (for a save: nothing to resume).
    NotFound,
    /// The file system refused to read or write.
    Io,
    /// The file is damaged or does not follow its format.
    Corrupt,
    /// The file is fine but not ours to load: another program's file, another
    /// game's save, a save for another version of a variant or of the format.
    Foreign,
    /// The data could not be put in a file (a name with unusable characters).
    Invalid,
}

impl FileErrorKind {
    /// One word for the kind, as a set-aside file's name carries it.
    pub fn word(self) -> &'static str {
        match self {
            FileErrorKind::NotFound => "missing",
            FileErrorKind::Io => "unreadable",
            FileErrorKind::Corrupt => "damaged",
            FileErrorKind::Foreign => "foreign",
            FileErrorKind::Invalid => "invalid",
        }
    }
}

/// A problem with a file, said in words: which file, which line if known,
/// what is wrong, and where a bad file was moved to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError {
    pub path: PathBuf,
    pub line: Option<usize>,
    pub kind: FileErrorKind,
    pub reason: String,
    /// Where the bad file now is, if it was set aside.
    pub moved_to: Option<PathBuf>,
}

impl FileError {
    /// An error about `path` as a whole (no line, not moved).
    pub fn new(path: &Path, kind: FileErrorKind, reason: impl Into<String>) -> Self {
        FileError { path: path.to_path_buf(), line: None, kind, reason: reason.into(), moved_to: None }
    }

    /// The error for a file that cannot be used: the file is set aside with
    /// [`set_aside`] so it is neither loaded again nor overwritten, and the
    /// error says where it went (or why it could not be moved).
    pub fn reject(path: &Path, line: Option<usize>, kind: FileErrorKind, reason: String) -> Self {
        let (moved_to, reason) = match set_aside(path, kind.word()) {
            Ok(to) => (Some(to), reason),
            Err(e) => (None, format!("{reason} (and it could not be moved aside: {e})")),
        };
        FileError { path: path.to_path_buf(), line, kind, reason, moved_to }
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        write!(f, ": {}", self.reason)?;
        if let Some(to) = &self.moved_to {
            write!(f, " (the file was moved to {})", to.display())?;
        }
        Ok(())
    }
}

impl std::error::Error for FileError {}

/// `path` with `suffix` added to its file name.
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name: OsString = path.file_name().unwrap_or_default().to_os_string();
    name.push(suffix);
    path.with_file_name(name)
}

/// Where [`write_atomic`] writes before renaming: `NAME.tmp`. A writer killed
/// mid-write leaves it behind; the next write replaces it, and loaders never
/// read it.
pub fn temp_path(path: &Path) -> PathBuf {
    with_suffix(path, ".tmp")
}

/// Where [`write_atomic`] keeps the previous contents: `NAME.bak`.
pub fn backup_path(path: &Path) -> PathBuf {
    with_suffix(path, ".bak")
}

/// Replaces the contents of `path` with `bytes` so that a crash at any moment
/// leaves either the old or the new contents, never a mixture; the previous
/// contents are kept in [`backup_path`]. The folder must exist.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if path.file_name().is_none() {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, format!("{} does not name a file", path.display())));
    }
    let temp = temp_path(path);
    if let Err(e) = write_synced(&temp, bytes) {
        // Best effort: a leftover temp file is harmless, only untidy.
        let _ = fs::remove_file(&temp);
        return Err(e);
    }
    // Copy rather than rename the previous file, so that `path` exists and is
    // complete at every moment; copy to a temp name and rename, so that the
    // backup is complete at every moment too.
    if path.is_file() {
        let backup = backup_path(path);
        let backup_temp = temp_path(&backup);
        fs::copy(path, &backup_temp)?;
        fs::rename(&backup_temp, &backup)?;
    }
    fs::rename(&temp, path)?;
    sync_folder(path);
    Ok(())
}

/// Writes `bytes` to a new or truncated file and waits until they are on disk.
fn write_synced(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = File::create(path)?;
    file.write_all(bytes)?;
    file.flush()?;
    file.sync_all()
}

/// Makes the rename durable on systems where folder entries are synced
/// separately. Some file systems refuse to sync a folder; the data itself is
/// already on disk then, so that refusal is not an error worth failing for.
fn sync_folder(path: &Path) {
    #[cfg(unix)]
    {
        let folder = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        if let Ok(dir) = File::open(folder) {
            let _ = dir.sync_all();
        }
    }
    #[cfg(not(unix))]
    let _ = path;
}

/// Moves `path` to the first free name `NAME.WHY-1`, `NAME.WHY-2`... and
/// returns that name. An existing file is never overwritten: each name is
/// first claimed by creating it exclusively, and only then renamed onto.
pub fn set_aside(path: &Path, why: &str) -> io::Result<PathBuf> {
    for n in 1..=MAX_SET_ASIDE {
        let target = with_suffix(path, &format!(".{why}-{n}"));
        match OpenOptions::new().write(true).create_new(true).open(&target) {
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
        // The name is ours now (an empty file we made); replace it.
        return match fs::rename(path, &target) {
            Ok(()) => Ok(target),
            Err(e) => {
                let _ = fs::remove_file(&target);
                Err(e)
            }
        };
    }
    Err(io::Error::other(format!("{MAX_SET_ASIDE} files named {}.{why}-N exist already", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_keep_the_previous_file_as_backup() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.sav");
        write_atomic(&path, b"one").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"one");
        assert!(!backup_path(&path).exists());
        write_atomic(&path, b"two").unwrap();
        write_atomic(&path, b"three").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"three");
        assert_eq!(fs::read(backup_path(&path)).unwrap(), b"two");
        assert!(!temp_path(&path).exists());
        assert!(!temp_path(&backup_path(&path)).exists());
    }

    #[test]
    fn a_leftover_temp_file_is_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.sav");
        fs::write(temp_path(&path), b"half a sa").unwrap();
        write_atomic(&path, b"whole").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"whole");
        assert!(!temp_path(&path).exists());
    }

    #[test]
    fn a_failed_write_leaves_the_file_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.sav");
        write_atomic(&path, b"kept").unwrap();
        // A folder where the temp file should go makes the write fail.
        fs::create_dir(temp_path(&path)).unwrap();
        assert!(write_atomic(&path, b"lost").is_err());
        assert_eq!(fs::read(&path).unwrap(), b"kept");
        assert!(write_atomic(Path::new("/"), b"x").is_err());
    }

    #[test]
    fn set_aside_never_overwrites() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stats.ini");
        fs::write(with_suffix(&path, ".damaged-1"), b"older").unwrap();
        fs::write(&path, b"bad").unwrap();
        let to = set_aside(&path, "damaged").unwrap();
        assert_eq!(to, with_suffix(&path, ".damaged-2"));
        assert_eq!(fs::read(&to).unwrap(), b"bad");
        assert_eq!(fs::read(with_suffix(&path, ".damaged-1")).unwrap(), b"older");
        assert!(!path.exists());
        // Nothing to move: an error, and the claimed name is given back.
        assert!(set_aside(&path, "damaged").is_err());
        assert!(!with_suffix(&path, ".damaged-3").exists());
    }

    #[test]
    fn errors_name_the_file_line_and_new_place() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.sav");
        fs::write(&path, b"junk").unwrap();
        let e = FileError::reject(&path, Some(3), FileErrorKind::Corrupt, "bad seed".into());
        let moved = with_suffix(&path, ".damaged-1");
        assert_eq!(e.moved_to.as_deref(), Some(moved.as_path()));
        assert_eq!(
            e.to_string(),
            format!("{}:3: bad seed (the file was moved to {})", path.display(), moved.display())
        );
        let gone = FileError::reject(&path, None, FileErrorKind::Corrupt, "bad".into());
        assert!(gone.moved_to.is_none());
        assert!(gone.reason.starts_with("bad (and it could not be moved aside"), "{}", gone.reason);
    }
}
