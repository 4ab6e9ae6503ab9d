//! Files that must survive crashes, bad data and other writers: atomic
//! writes with a backup, loading the backup when a file is damaged, setting
//! aside files that cannot be used, and reading inputs with a size limit.
//!
//! Promises, for a file `NAME`:
//! - [`write_atomic`] never leaves `NAME` half-written and never mixes the
//!   bytes of two writers: the new bytes go to a temp file of this write's
//!   own (`NAME.PID.N.tmp`, created exclusively in the same folder) and are
//!   flushed to disk; the previous `NAME` is copied the same way and renamed
//!   to `NAME.bak`; only then is the temp file renamed over `NAME` (a rename
//!   within one folder is atomic). Two writers at once each replace the whole
//!   file, and the last one wins. A writer killed at any point leaves either
//!   the previous `NAME` or the new one, complete, and a complete `NAME.bak`
//!   if there was one; its temp file is removed by a later write once it is
//!   old enough that no writer can still be using it.
//! - [`load_or_backup`] loads `NAME.bak` when `NAME` is damaged, and says so;
//!   [`load_keeping_lines`], for a table whose lines stand alone, keeps the
//!   lines of a damaged `NAME` that read, sets the file aside all the same
//!   and names the line left out.
//! - [`set_aside`] moves a bad file to the first free `NAME.WHY-N`, where
//!   WHY says what is wrong with it (`damaged`, `foreign`), and never
//!   overwrites an existing file to do so.
//! - [`read_capped`] reads only regular files, and only up to a limit.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::ffi::{OsStr, OsString};
use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime};

/// How many `NAME.WHY-N` names [`set_aside`] tries before giving up.
const MAX_SET_ASIDE: u32 = 10_000;

/// A temp file older than this was left by a writer that died: no write
/// takes so long, so a later write may remove it.
const STALE_TEMP: Duration = Duration::from_secs(600);

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
    /// A folder in the file's place is never moved: it is not one of
    /// Parlour's files, and what it holds may be anyone's.
    pub fn reject(path: &Path, line: Option<usize>, kind: FileErrorKind, reason: String) -> Self {
        let moved = if is_folder(path) { Err(None) } else { set_aside(path, kind.word()).map_err(Some) };
        let (moved_to, reason) = match moved {
            Ok(to) => (Some(to), reason),
            Err(None) => (None, format!("{reason} (it is left where it is)")),
            Err(Some(e)) => (None, format!("{reason} (and it could not be moved aside: {})", write_failure(&e))),
        };
        FileError { path: path.to_path_buf(), line, kind, reason, moved_to }
    }

    /// The error for a file whose first line is not `magic version` (see
    /// [`check_format`]), at `path`, set aside as foreign.
    pub fn foreign_format(path: &Path, reason: String) -> Self {
        FileError::reject(path, Some(1), FileErrorKind::Foreign, reason)
    }

    /// The error for a file of records or settings that could not be
    /// written: the `what` (statistics, high scores) could not be saved,
    /// and why in a player's words ([`write_failure`]).
    pub fn unsaved(path: &Path, what: &str, e: &io::Error) -> Self {
        FileError::new(path, FileErrorKind::Io, format!("the {what} could not be saved: {}", write_failure(e)))
    }

    /// The error for a file [`read_capped`] could not read: missing, or
    /// unreadable (which includes too big and not a regular file).
    pub fn unreadable(path: &Path, what: &str, e: &io::Error) -> Self {
        // A file where a folder of the path should be (a data folder that
        // is a file) leaves no such file either.
        if matches!(e.kind(), io::ErrorKind::NotFound | io::ErrorKind::NotADirectory) {
            FileError::new(path, FileErrorKind::NotFound, format!("there is no {what}"))
        } else if is_folder(path) {
            FileError::new(path, FileErrorKind::Io, format!("the {what} could not be read: it is a folder, not a file"))
        } else {
            FileError::new(path, FileErrorKind::Io, format!("the {what} could not be read: {e}"))
        }
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

/// Where [`write_atomic`] keeps the previous contents: `NAME.bak`.
pub fn backup_path(path: &Path) -> PathBuf {
    with_suffix(path, ".bak")
}

/// Replaces the contents of `path` with `bytes` so that a crash at any moment
/// leaves either the old or the new contents, never a mixture; the previous
/// contents are kept in [`backup_path`]. The folder must exist.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    names_a_file(path)?;
    not_read_only(path)?;
    let temp = write_temp(path, bytes)?;
    // Copy rather than rename the previous file, so that `path` exists and is
    // complete at every moment; copy to a temp file and rename, so that the
    // backup is complete at every moment too.
    if path.is_file()
        && let Err(e) = keep_backup(path)
    {
        let _ = fs::remove_file(&temp);
        return Err(e);
    }
    finish(&temp, path)
}

/// As [`write_atomic`], without a backup: for files that are made, not
/// kept (a picture written for a game type). If `path` is a symbolic link,
/// the link is replaced and what it pointed at is left alone.
pub fn replace_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    names_a_file(path)?;
    not_read_only(path)?;
    let temp = write_temp(path, bytes)?;
    finish(&temp, path)
}

/// A file marked read-only is the player's to keep as it is: renaming a
/// new file over it would replace it all the same (the folder, not the
/// file, decides that), and its copy in the backup with it.
pub fn not_read_only(path: &Path) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.is_file() && meta.permissions().readonly() => {
            Err(io::Error::new(io::ErrorKind::PermissionDenied, "the file is marked read-only"))
        }
        _ => Ok(()),
    }
}

fn names_a_file(path: &Path) -> io::Result<()> {
    match path.file_name() {
        Some(_) => Ok(()),
        None => Err(io::Error::new(io::ErrorKind::InvalidInput, format!("{} does not name a file", path.display()))),
    }
}

/// Renames this write's temp file over `path` and tidies up.
fn finish(temp: &Path, path: &Path) -> io::Result<()> {
    if let Err(e) = fs::rename(temp, path) {
        let _ = fs::remove_file(temp);
        return Err(e);
    }
    sync_folder(path);
    remove_stale_temps(path);
    Ok(())
}

/// Copies the current `path` to [`backup_path`] through a temp file.
fn keep_backup(path: &Path) -> io::Result<()> {
    let mut previous = match File::open(path) {
        Ok(file) => file,
        // Another writer or loader moved it meanwhile: nothing to keep.
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e),
    };
    let backup = backup_path(path);
    let (temp, mut file) = create_temp(&backup)?;
    let copied = io::copy(&mut previous, &mut file).and_then(|_| file.sync_all());
    drop(file);
    match copied.and_then(|()| fs::rename(&temp, &backup)) {
        Ok(()) => Ok(()),
        Err(e) => {
            let _ = fs::remove_file(&temp);
            Err(e)
        }
    }
}

/// Writes `bytes` to a new temp file beside `path` and waits until they are
/// on disk; returns the temp file's name.
fn write_temp(path: &Path, bytes: &[u8]) -> io::Result<PathBuf> {
    let (temp, mut file) = create_temp(path)?;
    match file.write_all(bytes).and_then(|()| file.sync_all()) {
        Ok(()) => Ok(temp),
        Err(e) => {
            // Best effort: a leftover temp file is harmless, only untidy.
            let _ = fs::remove_file(&temp);
            Err(e)
        }
    }
}

/// A temp file of this write's own beside `path`: `NAME.PID.N.tmp`, made
/// exclusively, so no other writer (thread or process) can be using it.
fn create_temp(path: &Path) -> io::Result<(PathBuf, File)> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    // A name can only be taken by a dead process that had our id.
    for _ in 0..1000 {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let temp = with_suffix(path, &format!(".{}.{n}.tmp", std::process::id()));
        match OpenOptions::new().write(true).create_new(true).open(&temp) {
            Ok(file) => return Ok((temp, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::other(format!("no free temp file name beside {}", path.display())))
}

/// Whether `name` is a temp file a write of `file` (or of its backup)
/// makes: `FILE.PID.N.tmp` or `FILE.bak.PID.N.tmp`.
fn is_temp_of(file: &str, name: &str) -> bool {
    let Some(rest) = name.strip_prefix(file).and_then(|r| r.strip_prefix('.')) else { return false };
    let rest = rest.strip_prefix("bak.").unwrap_or(rest);
    let Some(numbers) = rest.strip_suffix(".tmp") else { return false };
    let mut parts = numbers.split('.');
    let number = |p: Option<&str>| p.is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    number(parts.next()) && number(parts.next()) && parts.next().is_none()
}

/// Removes temp files of `path` that writers killed long ago left behind.
fn remove_stale_temps(path: &Path) {
    let (Some(folder), Some(file)) = (path.parent(), path.file_name().and_then(|n| n.to_str())) else { return };
    let folder = if folder.as_os_str().is_empty() { Path::new(".") } else { folder };
    let Ok(entries) = fs::read_dir(folder) else { return };
    let now = SystemTime::now();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let stale = || {
            let modified = entry.metadata().and_then(|m| m.modified()).ok()?;
            Some(now.duration_since(modified).ok()? > STALE_TEMP)
        };
        if name.to_str().is_some_and(|n| is_temp_of(file, n)) && stale() == Some(true) {
            let _ = fs::remove_file(entry.path());
        }
    }
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

/// A file read with [`load_or_backup`] or [`load_keeping_lines`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loaded<T> {
    pub value: T,
    /// Set when the file itself could not be used as it was: what was
    /// wrong with it (it has been set aside).
    pub replaced: Option<FileError>,
    /// What `value` was read from.
    pub from: ReadFrom,
}

/// What a [`Loaded`] value was read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadFrom {
    /// The file, as it was.
    File,
    /// Its previous copy, in place of a file that could not be used.
    Backup,
    /// The lines of a damaged file that read (see [`load_keeping_lines`]).
    KeptLines,
    /// The lines of a damaged file that read, with what its previous copy
    /// held of the others (see [`load_keeping_lines`]).
    KeptLinesAndBackup,
    /// Nothing: the file could not be used, had no good previous copy,
    /// and was set aside, so the records start afresh (see [`or_afresh`]).
    Afresh,
}

impl<T> Loaded<T> {
    /// A file read as it is.
    pub fn plain(value: T) -> Self {
        Loaded { value, replaced: None, from: ReadFrom::File }
    }

    /// The short form of [`note`](Self::note), for a status line: "The
    /// `what` were damaged: their previous copy was used."
    pub fn headline(&self, what: &str) -> Option<String> {
        let e = self.replaced.as_ref()?;
        let trouble = match e.kind {
            FileErrorKind::Io => "could not be read",
            // Another kind of file, or a newer Parlour's: nothing broke.
            FileErrorKind::Foreign => "could not be used",
            _ => "were damaged",
        };
        Some(match self.from {
            ReadFrom::File | ReadFrom::Backup => format!("The {what} {trouble}: their previous copy was used."),
            ReadFrom::KeptLines => format!("The {what} were damaged: a line was left out."),
            ReadFrom::KeptLinesAndBackup => {
                format!("The {what} were damaged: their previous copy filled in a line left out.")
            }
            ReadFrom::Afresh => format!("The {what} {trouble}: they start afresh."),
        })
    }

    /// What to tell the player when the file could not be used as it was.
    pub fn note(&self) -> Option<String> {
        let e = self.replaced.as_ref()?;
        let name = file_name(&backup_path(&e.path));
        Some(match self.from {
            ReadFrom::File | ReadFrom::Backup => format!("{e}; its previous copy {name} was loaded instead"),
            ReadFrom::KeptLines => format!("{e}; the lines that read were kept"),
            ReadFrom::KeptLinesAndBackup => {
                format!("{e}; the lines that read were kept, and what its previous copy {name} held of the others")
            }
            ReadFrom::Afresh => format!("{e}; with no good previous copy to read, they start afresh"),
        })
    }
}

/// `loaded`, or where it failed on a file that has been set aside (one
/// that could not be used, with no good previous copy), `T`'s default in
/// its place, started afresh: the file's trouble is told, and nothing is
/// lost by writing afresh, so what comes next (a game counted) is kept
/// rather than lost with it. A file still in place (a folder, one that
/// could not be moved) is never written over: its error stands.
pub fn or_afresh<T: Default>(loaded: Result<Loaded<T>, FileError>) -> Result<Loaded<T>, FileError> {
    match loaded {
        Err(e) if e.moved_to.is_some() => Ok(Loaded { value: T::default(), replaced: Some(e), from: ReadFrom::Afresh }),
        loaded => loaded,
    }
}

/// A file of lines that stand alone (a table, an entry a line), read with
/// the lines that could not be read left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Salvaged<T> {
    /// What the other lines hold.
    pub value: T,
    /// Each line left out, as (line number, why).
    pub dropped: Vec<(usize, String)>,
}

impl<T> Salvaged<T> {
    /// Ranks the entries a table file gave, each with its line, best
    /// first by `rank` (ties in the file's order), and keeps the best
    /// `keep`: a table edited by hand out of order, or with lines too
    /// many, keeps its best entries, not those that come first. The lines
    /// of the others are left out, `beyond` saying why.
    pub fn best_of<E>(
        &mut self,
        mut read: Vec<(usize, E)>,
        keep: usize,
        rank: impl Fn(&E, &E) -> std::cmp::Ordering,
        beyond: &str,
    ) -> Vec<E> {
        read.sort_by(|a, b| rank(&a.1, &b.1));
        let pushed_out = read.split_off(keep.min(read.len()));
        self.dropped.extend(pushed_out.into_iter().map(|(n, _)| (n, beyond.to_string())));
        // The first line left out, by its number, is the one told of.
        self.dropped.sort_by_key(|&(n, _)| n);
        read.into_iter().map(|(_, e)| e).collect()
    }
}

/// The entries of `held` (a table's, as its backup holds it) that `kept`
/// lacks, a repeated entry as many times as `held` has it more often:
/// what a table read from a damaged file may take back from its backup.
pub fn missing_from<'a, E: PartialEq>(kept: &[E], held: &'a [E]) -> Vec<&'a E> {
    let count = |entries: &[E], entry: &E| entries.iter().filter(|e| *e == entry).count();
    held.iter()
        .enumerate()
        .filter(|&(i, entry)| count(kept, entry) <= count(&held[..i], entry))
        .map(|(_, e)| e)
        .collect()
}

/// As [`load_or_backup`], for a file whose lines stand alone: `read` reads
/// what lines it can (an error is for a file unusable as a whole, which
/// has its backup read instead). A file with a line left out is set aside
/// all the same, for the player to look at, and what its other lines hold
/// is written in its place as `text` makes it (lines read back write
/// again): a line gone bad costs that line, not every entry written since
/// the backup. What the backup, one write older, held that the lines left
/// out lost is put back with `restore` (which says whether it added
/// anything): the next write turns the file in its place into the backup,
/// and the backup's good record of a game must not go with it. The result
/// names the first line left out, and how many more were.
pub fn load_keeping_lines<T>(
    path: &Path,
    read: impl Fn(&Path) -> Result<Salvaged<T>, FileError>,
    text: impl Fn(&T) -> Result<String, String>,
    restore: impl Fn(&mut T, T) -> bool,
) -> Result<Loaded<T>, FileError> {
    let reject = |line, why| FileError::reject(path, Some(line), FileErrorKind::Corrupt, why);
    let loaded = keeping_lines(path, read, restore, |p, r| load_or_backup(p, r), reject)?;
    // Only into the place the bad file has left: one that could not be
    // moved aside is never overwritten.
    if let Some(e) = &loaded.replaced
        && matches!(loaded.from, ReadFrom::KeptLines | ReadFrom::KeptLinesAndBackup)
        && e.moved_to.is_some()
        && let Ok(text) = text(&loaded.value)
    {
        let _ = replace_atomic(path, text.as_bytes());
    }
    Ok(loaded)
}

/// As [`load_keeping_lines`], for a look that changes nothing (see
/// [`look_or_backup`]): the lines that read, with what the backup held of
/// those left out, as the next load will read them, the file left where
/// it is.
pub fn look_keeping_lines<T>(
    path: &Path,
    read: impl Fn(&Path) -> Result<Salvaged<T>, FileError>,
    restore: impl Fn(&mut T, T) -> bool,
) -> Result<Loaded<T>, FileError> {
    let told = |line, why| FileError { line: Some(line), ..FileError::new(path, FileErrorKind::Corrupt, why) };
    keeping_lines(path, read, restore, |p, r| look_or_backup(p, r), told)
}

/// The lines of `path` that `read` reads, as `open` (a load or a look)
/// opens it or its backup, with what the backup held of the lines left
/// out put back by `restore`; the error `left_out` makes (from the first
/// line left out, and why) says what was wrong.
fn keeping_lines<T>(
    path: &Path,
    read: impl Fn(&Path) -> Result<Salvaged<T>, FileError>,
    restore: impl Fn(&mut T, T) -> bool,
    open: impl FnOnce(&Path, &dyn Fn(&Path) -> Result<T, FileError>) -> Result<Loaded<T>, FileError>,
    left_out: impl FnOnce(usize, String) -> FileError,
) -> Result<Loaded<T>, FileError> {
    let dropped = std::cell::RefCell::new(Vec::new());
    let loaded = open(path, &|p| {
        let salvaged = read(p)?;
        // The backup's own bad lines are left out as quietly as the
        // backup is read: the file's trouble is the one told of.
        if p == path {
            *dropped.borrow_mut() = salvaged.dropped;
        }
        Ok(salvaged.value)
    })?;
    let dropped = dropped.into_inner();
    let Some((line, why)) = dropped.first().filter(|_| loaded.replaced.is_none()) else { return Ok(loaded) };
    let more = match dropped.len() - 1 {
        0 => String::new(),
        1 => " (and 1 more line)".into(),
        n => format!(" (and {n} more lines)"),
    };
    let mut value = loaded.value;
    let backup = backup_path(path);
    let restored = backup.is_file() && read(&backup).is_ok_and(|held| restore(&mut value, held.value));
    let from = if restored { ReadFrom::KeptLinesAndBackup } else { ReadFrom::KeptLines };
    let e = left_out(*line, format!("{why}{more}"));
    Ok(Loaded { value, replaced: Some(e), from })
}

/// Why a file of Parlour's own whose last line has no end cannot be
/// trusted: every line is written ended, so the file was cut short (a
/// full disk, a crash) and that line's figures or name may be only in
/// part.
pub const CUT_SHORT: &str = "the line has no end: the file may have been cut short";

/// The number (from 1) of the last line of a file of Parlour's own when
/// it has no end (see [`CUT_SHORT`]); None for a file ended as written,
/// or empty.
pub fn unended_line(bytes: &[u8]) -> Option<usize> {
    let bytes = without_bom(bytes);
    (!bytes.is_empty() && !bytes.ends_with(b"\n")).then(|| bytes.iter().filter(|&&b| b == b'\n').count() + 1)
}

/// The number (from 1) of the last line of a file of Parlour's own whose
/// first line is `header`, which promises that its last line is `end`,
/// when that line is missing: the file was cut at the end of a line,
/// which [`unended_line`] cannot see, and what came after is lost. None
/// for a file whole, cut mid-line (told of by [`unended_line`]), or
/// without the header (written before files promised their end).
pub fn cut_at_a_line(bytes: &[u8], header: &str, end: &str) -> Option<usize> {
    if unended_line(bytes).is_some() {
        return None;
    }
    let mut lines = numbered_lines(bytes);
    if lines.next().and_then(|(_, l)| l) != Some(header) {
        return None;
    }
    let last = lines.filter(|(_, l)| l.is_none_or(|l| !l.trim().is_empty())).last();
    match last {
        Some((_, Some(line))) if line == end => None,
        Some((n, _)) => Some(n),
        None => Some(1),
    }
}

/// Why a file [`cut_at_a_line`] cannot be trusted whole.
pub fn lacks_its_end(end: &str) -> String {
    format!("the file stops before its last line, {end:?}: it may have been cut short, and what came after is lost")
}

/// The lines of a text file, numbered from 1, without the byte order mark
/// and each line's end (`\n` or `\r\n`), each as text or, where it is not
/// UTF-8, `None`: one bad line of a table need not spoil the others.
pub fn numbered_lines(bytes: &[u8]) -> impl Iterator<Item = (usize, Option<&str>)> {
    let bytes = without_bom(bytes);
    let body = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let lines = if bytes.is_empty() { None } else { Some(body.split(|&b| b == b'\n')) };
    lines.into_iter().flatten().enumerate().map(|(i, line)| {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        (i + 1, std::str::from_utf8(line).ok())
    })
}

/// Whether `path` is a file cut to nothing (a full disk, another
/// program's crash) beside a backup that is not: read as no records at
/// all, the next save would push the good backup out, so with a backup at
/// hand it counts as damaged.
fn emptied(path: &Path) -> bool {
    let size = |p: &Path| std::fs::metadata(p).ok().filter(|m| m.is_file()).map(|m| m.len());
    size(path) == Some(0) && size(&backup_path(path)).is_some_and(|n| n > 0)
}

/// Why an [`emptied`] file cannot be used.
const EMPTIED: &str = "the file is empty";

/// Loads `path` with `load`, which sets a bad file aside; if the file is
/// damaged or foreign and has a backup (see [`write_atomic`]), the backup
/// is loaded in its place, and the result says so. When there is no backup
/// or it cannot be loaded either, the error is the file's own.
pub fn load_or_backup<T>(path: &Path, load: impl Fn(&Path) -> Result<T, FileError>) -> Result<Loaded<T>, FileError> {
    if emptied(path) {
        let e = FileError::reject(path, None, FileErrorKind::Corrupt, EMPTIED.into());
        return stand_in(path, &load, e);
    }
    match load(path) {
        Ok(value) => Ok(Loaded::plain(value)),
        // A loader may take a missing file for an empty one: only a backup
        // that is there can stand in.
        Err(e) if matches!(e.kind, FileErrorKind::Corrupt | FileErrorKind::Foreign) && backup_path(path).is_file() => {
            stand_in(path, &load, e)
        }
        // A file that cannot be read (no permission, too big, a folder)
        // is set aside as a damaged one is, so that the next write (a new
        // game's first move) neither fails on it nor replaces it: what it
        // holds may still be the player's. Its backup takes its place.
        Err(e) if e.kind == FileErrorKind::Io => {
            let e = FileError::reject(path, None, e.kind, e.reason);
            if backup_path(path).is_file() { stand_in(path, &load, e) } else { Err(e) }
        }
        Err(e) => Err(e),
    }
}

/// As [`load_or_backup`], for a look that changes nothing (a query such
/// as `parlour stats`): `look` sets nothing aside, and a file that cannot
/// be used is left where it is for the next load to set aside and tell
/// of. Its backup, when good, is read in its place, and the result says
/// so; otherwise the error is the file's own.
pub fn look_or_backup<T>(path: &Path, look: impl Fn(&Path) -> Result<T, FileError>) -> Result<Loaded<T>, FileError> {
    let own = if emptied(path) { Err(FileError::new(path, FileErrorKind::Corrupt, EMPTIED)) } else { look(path) };
    match own {
        Err(e) if e.kind != FileErrorKind::NotFound && backup_path(path).is_file() => look(&backup_path(path))
            .map(|value| Loaded { value, replaced: Some(e.clone()), from: ReadFrom::Backup })
            .map_err(|_| e),
        own => own.map(Loaded::plain),
    }
}

/// Loads the backup of `path`, set aside for `e`, and puts a copy of it
/// in the file's place: the next read (a statistics box, a listing) finds
/// what this one found, not an empty file, and the next write keeps the
/// backup rather than pushing it out for a file of one record. When the
/// copy cannot be made, the backup stays where it is and is read again.
fn stand_in<T>(
    path: &Path,
    load: &impl Fn(&Path) -> Result<T, FileError>,
    e: FileError,
) -> Result<Loaded<T>, FileError> {
    let backup = backup_path(path);
    let value = load(&backup).map_err(|b| {
        // Both are told of: the backup was set aside too, where it could be.
        let name = backup.file_name().unwrap_or_default().to_string_lossy().into_owned();
        let aside = b.moved_to.as_deref().and_then(Path::file_name).map(|n| n.to_string_lossy().into_owned());
        // What was wrong with it too, by its line where one is known.
        let why = match b.line {
            Some(line) => format!("line {line}: {}", b.reason),
            None => b.reason.clone(),
        };
        let told = match aside {
            Some(aside) => {
                format!("; its previous copy {name} could not be used either ({why}) and was set aside as {aside}")
            }
            None if b.kind == FileErrorKind::NotFound => String::new(),
            None => format!("; its previous copy {name} could not be used either ({why})"),
        };
        FileError { reason: format!("{}{told}", e.reason), ..e.clone() }
    })?;
    // Only into a place the bad file has left: one that could not be
    // moved aside stays as it is, never overwritten.
    if e.moved_to.is_some()
        && let Ok(bytes) = fs::read(&backup)
    {
        let _ = replace_atomic(path, &bytes);
    }
    Ok(Loaded { value, replaced: Some(e), from: ReadFrom::Backup })
}

/// The size limits inputs are read with ([`read_capped`]), by kind. Each is
/// far above any real file of its kind and far below what would strain
/// memory: a reader holds a few times its input while it works.
pub mod limits {
    /// Rules and boards: game.ini (YaZZle's are a few KB), .brd (under 1 KB).
    pub const RULES: u64 = 1 << 20;
    /// Level sets (.xsb): the largest collections are a few hundred KB.
    pub const LEVELS: u64 = 4 << 20;
    /// Help: .guide, .imaj and .html; the longest period manuals are under 1 MB.
    pub const DOCUMENT: u64 = 8 << 20;
    /// Pictures (BMP, PNG) and the other assets an override folder holds.
    pub const PICTURE: u64 = 16 << 20;
    /// A saved game: hundreds of thousands of moves.
    pub const SAVE: u64 = 16 << 20;
    /// Statistics and high scores: thousands of games' records.
    pub const RECORDS: u64 = 4 << 20;
    /// Settings and preferences: a few lines each.
    pub const SETTINGS: u64 = 256 << 10;
    /// A script of input events for `shot --events`.
    pub const SCRIPT: u64 = 4 << 20;
    /// A batch of positions for a command (`rummi best --batch`), a line each.
    pub const BATCH: u64 = 16 << 20;
}

/// A path a data file gives relative to its own folder (`/` or `\`
/// separated, `.` and `..` allowed) as a path inside that folder, with `/`
/// separators; None when it is absolute, names a drive or an address (a
/// colon, which no Windows file name holds) or climbs out of the folder,
/// which Parlour never reads from (see the README).
pub fn inside_folder(rel: &str) -> Option<String> {
    lexically_inside(rel).ok().filter(|parts| !parts.is_empty()).map(|parts| parts.join("/"))
}

/// How `name` leads out of its folder by its letters alone (a full path,
/// or `..` past the top), if it does.
pub fn leads_out(name: &str) -> Option<Outside> {
    lexically_inside(name).err()
}

/// The parts of `name` inside its folder, `.` and `..` taken out (none
/// for the folder itself), or how the name leads out of it, by its
/// letters alone.
fn lexically_inside(name: &str) -> Result<Vec<&str>, Outside> {
    if name.starts_with(['/', '\\']) || name.contains(':') {
        return Err(Outside::FullPath);
    }
    let mut parts: Vec<&str> = Vec::new();
    for part in name.split(['/', '\\']) {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop().ok_or(Outside::Climbs)?;
            }
            p => parts.push(p),
        }
    }
    Ok(parts)
}

/// How a name a data file gives leads outside its folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outside {
    /// A path from the top of a disk (`/etc/passwd`, `C:\x.bmp`).
    FullPath,
    /// More `..` than folders to climb back out of (`../x.bmp`).
    Climbs,
    /// A symbolic link (or a linked folder on the way) to elsewhere.
    Link,
}

/// A file named from a folder that lies outside it: what every reader
/// and `parlour lint` say of it, in the same words however it leads out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutsideFolder {
    /// The name as given.
    pub name: String,
    pub how: Outside,
}

impl fmt::Display for OutsideFolder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let how = match self.how {
            Outside::FullPath => "a full path",
            Outside::Climbs => "its .. climb out",
            Outside::Link => "a link to elsewhere",
        };
        write!(f, "{} is outside the folder ({how}): Parlour reads only files inside it", self.name)
    }
}

/// The most links followed in one name: more is a loop.
const MAX_LINKS: usize = 40;

/// `name` (parts separated by `/` or `\`) inside `folder`, each part
/// matched in any case where no entry has exactly that name (as
/// [`in_any_case`] does), or how it leads out: the one rule for every file
/// a data file names or a folder must hold. Links are followed only while
/// they stay in the folder: nothing outside it is ever looked at, not even
/// to see whether it exists. A name found nowhere comes back as written
/// (reading it says it is missing).
pub fn within(folder: &Path, name: &str) -> Result<PathBuf, OutsideFolder> {
    let outside = |how| OutsideFolder { name: name.to_string(), how };
    let parts = lexically_inside(name).map_err(outside)?;
    // A file's folder by a relative name alone (`t.guide`) is "": the
    // current one, whose links are checked as any folder's.
    let here = if folder.as_os_str().is_empty() { Path::new(".") } else { folder };
    let Ok(root) = here.canonicalize() else {
        return Ok(parts.iter().fold(folder.to_path_buf(), |path, part| path.join(part)));
    };
    // The path as the caller reads it, and the same place with every
    // link followed, which must stay in `root`.
    let (mut named, mut real) = (folder.to_path_buf(), root.clone());
    let mut links = 0;
    for part in parts {
        let entry = entry_in_any_case(&real, part);
        named.push(&entry);
        real = follow(&root, real, &[entry.as_os_str()], &mut links).ok_or(outside(Outside::Link))?;
    }
    Ok(named)
}

/// The entry of `dir` called `name`, or else one called so in another
/// case; `name` itself when there is neither.
fn entry_in_any_case(dir: &Path, name: &str) -> OsString {
    if fs::symlink_metadata(dir.join(name)).is_ok() {
        return name.into();
    }
    let wanted = name.to_lowercase();
    let same = |n: &OsString| n.to_str().is_some_and(|n| n.to_lowercase() == wanted);
    let found = fs::read_dir(dir).ok().and_then(|entries| entries.flatten().map(|e| e.file_name()).find(same));
    found.unwrap_or_else(|| name.into())
}

/// The names of every entry in `dir` that is `name` in some case,
/// sorted: more than one are files Windows (where YaZZle runs) takes for
/// one, so which of them it reads cannot be told.
pub fn names_in_any_case(dir: &Path, name: &str) -> Vec<String> {
    let wanted = name.to_lowercase();
    let entries = fs::read_dir(dir).into_iter().flatten().flatten().map(|e| e.file_name());
    let mut names: Vec<String> =
        entries.filter_map(|n| n.to_str().map(str::to_string)).filter(|n| n.to_lowercase() == wanted).collect();
    names.sort();
    names
}

/// Where `parts` lead from `at` (a place in `root` reached without
/// links), each link read (never its target) and followed in turn; None
/// when a link, or a `..` in one, leads out of `root`, or links loop.
fn follow(root: &Path, mut at: PathBuf, parts: &[&OsStr], links: &mut usize) -> Option<PathBuf> {
    for &part in parts {
        match part.to_str() {
            Some("" | ".") => continue,
            Some("..") if at == root => return None,
            Some("..") => {
                at.pop();
                continue;
            }
            _ => {}
        }
        let next = at.join(part);
        let Ok(target) = fs::read_link(&next) else {
            at = next;
            continue;
        };
        *links += 1;
        if *links > MAX_LINKS {
            return None;
        }
        // A full path must name a place in `root` by its letters: the
        // folders it passes on the way there are outside. Any other is
        // read from the link's own folder, `at`.
        let rest: Vec<&OsStr> = if target.is_absolute() {
            at = root.to_path_buf();
            target.strip_prefix(root).ok()?.iter().collect()
        } else {
            target.iter().collect()
        };
        at = follow(root, at, &rest, links)?;
    }
    Some(at)
}

/// Whether `path`, a file in `folder` or below it as found there, is read
/// from there: false for one that [`within`] refuses (a link, or a
/// linked folder on its way, that leads out).
pub fn resolves_inside(folder: &Path, path: &Path) -> bool {
    let rel = path.strip_prefix(folder).ok().and_then(Path::to_str);
    rel.is_some_and(|rel| within(folder, rel).is_ok())
}

/// `name` (parts separated by `/` or `\\`) inside `folder`. Windows,
/// AmigaDOS and the classic Mac OS ignore case in names, and data files
/// written there do too: where no file has exactly this name, each part is
/// matched without regard to case (`.` and `..` are followed as they
/// stand). A name matched nowhere is returned as written. Callers check
/// first that the name stays where it may be read.
pub fn in_any_case(folder: &Path, name: &str) -> PathBuf {
    let exact = folder.join(name);
    if exact.exists() {
        return exact;
    }
    let mut path = folder.to_path_buf();
    for part in name.split(['/', '\\']) {
        match part {
            "" | "." => continue,
            ".." => {
                path = path.parent().map_or(path.join(".."), Path::to_path_buf);
                continue;
            }
            _ => {}
        }
        let next = path.join(entry_in_any_case(&path, part));
        if fs::symlink_metadata(&next).is_err() {
            return exact;
        }
        path = next;
    }
    path
}

/// The entries of `dirs` that `wanted` takes, sorted by name within each
/// folder; an entry whose `id` an earlier one has is skipped, so earlier
/// folders win (the current folder's game over the built-in one).
pub fn first_of_each(dirs: &[PathBuf], wanted: impl Fn(&Path) -> bool, id: impl Fn(&Path) -> String) -> Vec<PathBuf> {
    by_id(dirs, wanted, id).first
}

/// The last part of `path` as text (a file's or a folder's name, as a
/// message or a list names it), or nothing where the path has none.
pub fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

/// What [`by_id`] found.
#[derive(Debug, Default, PartialEq)]
pub struct ById {
    /// The first entry of each id, as [`first_of_each`] lists them.
    pub first: Vec<PathBuf>,
    /// Each entry skipped for an entry in the same folder with its id
    /// (two names that differ only in case or punctuation), with that
    /// entry: a slip to tell of, where an entry of a later folder skipped
    /// for an earlier folder's is that folder's overlay doing its work.
    pub beside: Vec<(PathBuf, PathBuf)>,
}

/// [`first_of_each`], and the entries it skips for one beside them.
pub fn by_id(dirs: &[PathBuf], wanted: impl Fn(&Path) -> bool, id: impl Fn(&Path) -> String) -> ById {
    // Each id seen: the folder it was found in (its place in `dirs`) and
    // its entry's place in `first`.
    let mut seen: HashMap<String, (usize, usize)> = HashMap::new();
    let mut out = ById::default();
    for (d, dir) in dirs.iter().enumerate() {
        let Ok(entries) = fs::read_dir(dir) else { continue };
        let mut found: Vec<PathBuf> = entries.flatten().map(|e| e.path()).filter(|p| wanted(p)).collect();
        found.sort();
        for path in found {
            match seen.entry(id(&path)) {
                Entry::Vacant(slot) => {
                    slot.insert((d, out.first.len()));
                    out.first.push(path);
                }
                Entry::Occupied(held) => {
                    let (in_dir, k) = *held.get();
                    if in_dir == d {
                        out.beside.push((path, out.first[k].clone()));
                    }
                }
            }
        }
    }
    out
}

/// Whether `path` is one of `listed` (the same file or folder, however
/// it is named: through `..`, a link, another case of a name).
pub fn is_listed(path: &Path, listed: &[PathBuf]) -> bool {
    let Ok(here) = path.canonicalize() else { return false };
    listed.iter().any(|p| p.canonicalize().is_ok_and(|p| p == here))
}

/// The id of a game read from `place` (a game type's folder, a board's or
/// level set's file) that is not the one listed under its id `id`: `id`
/// and a tag made from where it lies (`klondike-1a2b3c4d`), cut to at
/// most `max_len`, and the same on every run. A copy being tried out, or
/// a file of the same name elsewhere, then keeps its saved game,
/// statistics and records apart from the listed game's.
pub fn apart_id(id: &str, place: &Path, max_len: usize) -> String {
    let place = place.canonicalize().unwrap_or_else(|_| place.to_path_buf());
    let tag = format!("-{:08x}", crate::core::fnv1a64(place.to_string_lossy().as_bytes()) as u32);
    let base: String = id.chars().take(max_len.saturating_sub(tag.len())).collect();
    format!("{}{tag}", base.trim_end_matches('-'))
}

/// Whether `id` is one [`apart_id`] made, ending in the tag of where its
/// file lies: such a game is played by its path, not found by its id.
pub fn is_apart_id(id: &str) -> bool {
    id.rsplit_once('-').is_some_and(|(_, tag)| tag.len() == 8 && tag.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// `bytes` without a leading UTF-8 byte-order mark, which Windows editors
/// (Notepad) put before text they save, and which is no part of a file's
/// text. Every reader of a text file of Parlour's own (saves, settings,
/// preferences, statistics, high scores, scripts, level sets, boards,
/// skins) skips it through this one function.
pub fn without_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)
}

/// Why a path that is a folder, a device or a pipe cannot be read as a
/// file.
pub const NOT_A_FILE: &str = "it is a folder, device or pipe, not a regular file";

/// Whether `path` itself (not what a link there leads to) is a folder.
fn is_folder(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| m.is_dir())
}

/// Reads a whole input file of at most `limit` bytes. Anything but a
/// regular file (a folder, a device such as /dev/zero, a FIFO) is refused
/// before it is opened, so it can neither fill memory nor block; a file
/// over the limit is refused with its size and the limit.
pub fn read_capped(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    let meta = fs::metadata(path).map_err(plain)?;
    if !meta.is_file() {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, NOT_A_FILE));
    }
    if meta.len() > limit {
        return Err(too_big(meta.len(), limit));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    // It may have grown since: read no more than the limit allows.
    File::open(path).map_err(plain)?.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(too_big(bytes.len() as u64, limit));
    }
    Ok(bytes)
}

/// The system's error in a player's words where it has a common cause,
/// without its "(os error 2)"; its kind is kept.
fn plain(e: io::Error) -> io::Error {
    match read_words(e.kind()) {
        Some(words) => io::Error::new(e.kind(), words),
        None => e,
    }
}

/// A reading error's common causes in a player's words.
fn read_words(kind: io::ErrorKind) -> Option<&'static str> {
    Some(match kind {
        // As a game named by a path that is not there is told of.
        io::ErrorKind::NotFound => "no such file or folder",
        // Said in brackets by most ("cannot be read (permission denied)"),
        // so with no brackets of its own.
        io::ErrorKind::PermissionDenied => "permission denied",
        io::ErrorKind::NotADirectory => "a folder on its path is a file",
        _ => return None,
    })
}

/// Why a file or folder could not be read, in a player's words where the
/// cause is a common one, without the system's "(os error 13)".
pub fn read_failure(e: &io::Error) -> String {
    read_words(e.kind()).map_or_else(|| without_os_code(e), String::from)
}

/// Why the folder `dir` cannot be read, where it is there but what is in
/// it cannot be listed or reached (a folder Parlour may not read): what
/// it holds would otherwise be missed without a word. None where it can
/// be read, or is no folder.
pub fn folder_unreadable(dir: &Path) -> Option<String> {
    if !fs::metadata(dir).is_ok_and(|m| m.is_dir()) {
        return None;
    }
    // Listing takes leave to read it, and reaching what is in it leave to
    // go into it ("." is reached only with that leave).
    let e = fs::read_dir(dir).and_then(|_| fs::metadata(dir.join("."))).err()?;
    Some(read_failure(&e))
}

/// Why a file could not be written, in a player's words where the cause
/// is a common one, without the system's "(os error 13)".
pub fn write_failure(e: &io::Error) -> String {
    // A message of Parlour's own ("it is not a folder of yours that only
    // you may write in") is in words already, and more precise than its kind.
    if e.raw_os_error().is_none() && e.get_ref().is_some() {
        return e.to_string();
    }
    match e.kind() {
        io::ErrorKind::PermissionDenied => "permission denied".into(),
        // The file is to be made, so what is missing is its folder.
        io::ErrorKind::NotFound => "no such folder".into(),
        io::ErrorKind::NotADirectory => "a folder on its path is a file".into(),
        io::ErrorKind::StorageFull => "the disk is full".into(),
        io::ErrorKind::FileTooLarge => {
            "it would be larger than this system lets a file be, by the limit ulimit -f sets or the disk's own".into()
        }
        io::ErrorKind::ReadOnlyFilesystem => "the disk is read-only".into(),
        // Making a folder where a file is.
        io::ErrorKind::AlreadyExists => "a file of that name is in the way".into(),
        // Writing a file where a folder is.
        io::ErrorKind::IsADirectory => "a folder of that name is in the way".into(),
        _ => without_os_code(e),
    }
}

/// Why `dir` cannot be the data folder, if it cannot: a file in its
/// place or on its path, or a folder Parlour may not read. Said once, in
/// these words, before every file in it would fail on its own.
pub fn data_folder_trouble(dir: &Path) -> Option<String> {
    let shown = dir.display();
    match fs::metadata(dir) {
        Ok(meta) if !meta.is_dir() => return Some(format!("the data folder {shown} is a file, not a folder")),
        Ok(_) => {}
        // Not there yet: it is made when the first file is kept, if it
        // can be.
        Err(e) if e.kind() == io::ErrorKind::NotFound => return cannot_be_made(dir),
        Err(e) if e.kind() == io::ErrorKind::NotADirectory => {
            return Some(format!("the data folder {shown} cannot be made: a folder on its path is a file"));
        }
        Err(e) => return Some(format!("the data folder {shown} cannot be read ({})", write_failure(&e))),
    }
    // Listing the folder takes leave to read it, and opening a file in
    // it leave to go into it ("." is reached only with that leave).
    let unreadable = fs::read_dir(dir).and_then(|_| fs::metadata(dir.join("."))).err()?;
    Some(format!("the data folder {shown} cannot be read ({})", write_failure(&unreadable)))
}

/// Why the data folder `dir`, not there yet, cannot be made, where the
/// nearest folder on its path that is there may not be written in: said
/// as a folder that cannot be read is, not as each file that is not kept.
fn cannot_be_made(dir: &Path) -> Option<String> {
    let nearest = dir.ancestors().skip(1).find(|folder| fs::metadata(folder).is_ok())?;
    (!may_make_in(nearest)).then(|| format!("the data folder {} cannot be made (permission denied)", dir.display()))
}

/// Whether this user may make files and folders in `folder`.
#[cfg(unix)]
fn may_make_in(folder: &Path) -> bool {
    use std::os::unix::ffi::OsStrExt;
    let Ok(path) = std::ffi::CString::new(folder.as_os_str().as_bytes()) else { return true };
    // SAFETY: `path` is a NUL-terminated string that outlives the call.
    unsafe { libc::access(path.as_ptr(), libc::W_OK | libc::X_OK) == 0 }
}

#[cfg(not(unix))]
fn may_make_in(_folder: &Path) -> bool {
    true
}

/// Makes the data folder `dir` unless it is there, for a file about to be
/// kept in it. A file in its place or on its path is told of as
/// [`data_folder_trouble`] tells it, naming the folder, not as trouble
/// with the file.
pub fn make_data_folder(dir: &Path) -> io::Result<()> {
    fs::create_dir_all(dir).map_err(|e| match data_folder_trouble(dir) {
        Some(words) => io::Error::new(e.kind(), words),
        None => e,
    })
}

/// Why an output file named by the player (a picture, a CSV, a folder of
/// pages) could not be written, as a whole message that names it: a
/// missing folder is named, a folder in the file's place is told as one.
pub fn unwritable(path: &Path, e: &io::Error) -> String {
    let why = match e.kind() {
        io::ErrorKind::IsADirectory => IS_A_FOLDER.to_string(),
        _ => not_made(path, e),
    };
    format!("{}: cannot be written: {why}", super::escaped_path(path))
}

/// Whether the output file `path` named by the player can be written,
/// found out before a long piece of work rather than after it: the file
/// is opened to append, made empty if it is not there, so an old one is
/// left as it is until the new one is written.
pub fn check_writable(path: &Path) -> Result<(), String> {
    fs::OpenOptions::new().append(true).create(true).open(path).map(drop).map_err(|e| unwritable(path, &e))
}

/// Whether the output file `path` named by the player could be made,
/// found out before the work that makes it, making nothing: a folder in
/// its place, or no folder to make it in, is told of as the writing
/// would tell it.
pub fn check_can_make(path: &Path) -> Result<(), String> {
    if path.is_dir() {
        // Told as such, not as a name without .png.
        return Err(unwritable(path, &io::ErrorKind::IsADirectory.into()));
    }
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if !folder.is_dir() {
        return Err(unwritable(path, &io::ErrorKind::NotFound.into()));
    }
    Ok(())
}

/// Makes the output folder `dir` named by the player (help's pages, a
/// folder of pictures) unless it is there. Only the last folder is made:
/// a mistyped path is told of, not made in full.
pub fn make_output_folder(dir: &Path) -> Result<(), String> {
    if dir.is_dir() {
        return Ok(());
    }
    fs::create_dir(dir).map_err(|e| format!("{}: cannot be made: {}", dir.display(), not_made(dir, &e)))
}

/// Why a file or folder could not be made at `path`: the folder it goes
/// in by name where that is missing, else [`write_failure`].
fn not_made(path: &Path, e: &io::Error) -> String {
    match path.parent().filter(|p| !p.as_os_str().is_empty() && !p.is_dir()) {
        Some(folder) if e.kind() == io::ErrorKind::NotFound => {
            format!("the folder {} does not exist", folder.display())
        }
        _ => write_failure(e),
    }
}

/// Why an output file's name that is a folder's cannot be written.
const IS_A_FOLDER: &str = "it is a folder: give a file name";

/// The system's description of `e` as part of a sentence: "no space left
/// on device" rather than "No space left on device (os error 28)".
fn without_os_code(e: &io::Error) -> String {
    let text = e.to_string();
    let text = match (e.raw_os_error(), text.rfind(" (os error ")) {
        (Some(_), Some(at)) => &text[..at],
        _ => &text,
    };
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| first.to_lowercase().chain(chars).collect())
}

fn too_big(size: u64, limit: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("it is {}, more than the {} Parlour reads from such a file", size_text(size), size_text(limit)),
    )
}

/// A size in words: `512 bytes`, `64 KB`, `3.5 MB` (binary units).
pub fn size_text(bytes: u64) -> String {
    const KB: u64 = 1024;
    const MB: u64 = KB * KB;
    match bytes {
        b if b < KB => format!("{b} bytes"),
        b if b < MB => format!("{} KB", b.div_ceil(KB)),
        b if b % MB == 0 => format!("{} MB", b / MB),
        b => format!("{:.1} MB", b as f64 / MB as f64),
    }
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

/// Checks the first line of a file Parlour writes, `magic version`: a
/// file of another kind, or of this kind in a format version this Parlour
/// does not read (a newer Parlour's), is no damage but foreign, to be set
/// aside as such ([`FileError::foreign_format`]). `what` names the kind
/// ("Tetris best-scores").
pub fn check_format(first: Option<&str>, magic: &str, version: u32, what: &str) -> Result<(), String> {
    match first.and_then(|l| l.strip_prefix(magic)).and_then(|rest| rest.strip_prefix(' ')) {
        Some(v) if v == version.to_string() => Ok(()),
        Some(v) if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) => {
            Err(format!("this {what} file is in format version {v}; this Parlour reads version {version}"))
        }
        _ => Err(format!("this is not a Parlour {what} file (`{magic} {version}`)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Of two entries of one id in one folder the first in name order is
    /// kept and the other told of with it; one skipped for an earlier
    /// folder's (an overlay) is skipped quietly.
    #[test]
    fn entries_of_one_id_beside_each_other_are_told_of() {
        let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        for (dir, name) in [(&a, "Cell Block Nine"), (&a, "Cell block nine"), (&a, "Other"), (&b, "cell-block-nine")] {
            fs::create_dir(dir.path().join(name)).unwrap();
        }
        let id = |p: &Path| p.file_name().unwrap().to_string_lossy().to_lowercase().replace(' ', "-");
        let found = by_id(&[a.path().to_path_buf(), b.path().to_path_buf()], |p| p.is_dir(), id);
        assert_eq!(found.first, [a.path().join("Cell Block Nine"), a.path().join("Other")]);
        assert_eq!(found.beside, [(a.path().join("Cell block nine"), a.path().join("Cell Block Nine"))]);
    }

    /// Two writers of the same file at once (two copies of Parlour): each
    /// write is whole, and so is the file and its backup after every one.
    #[test]
    fn paths_inside_the_folder() {
        assert_eq!(inside_folder("a/./b/../c.png").as_deref(), Some("a/c.png"));
        assert_eq!(inside_folder("a\\b.png").as_deref(), Some("a/b.png"));
        assert_eq!(inside_folder("../a.png"), None);
        assert_eq!(inside_folder("a/../../b"), None);
        assert_eq!(inside_folder("/etc/passwd"), None);
        assert_eq!(inside_folder("C:x"), None);
        assert_eq!(inside_folder("http://example.com/game.bmp"), None);
        assert_eq!(inside_folder("."), None);
    }

    /// One rule for every way a name can lead out of its folder, told in
    /// one wording, and decided without looking outside: a full path and
    /// `..` by their letters, a link by what it says (a link to a file
    /// that does not exist is refused all the same).
    #[cfg(unix)]
    #[test]
    fn names_outside_the_folder_are_refused_in_one_wording() {
        use std::os::unix::fs::symlink;
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("Game");
        fs::create_dir_all(folder.join("Sub")).unwrap();
        fs::write(folder.join("Sub/Pic.bmp"), "x").unwrap();
        fs::write(dir.path().join("secret"), "x").unwrap();
        symlink(dir.path().join("secret"), folder.join("out")).unwrap();
        symlink("/nonexist.bmp", folder.join("gone")).unwrap();
        symlink(dir.path(), folder.join("up")).unwrap();
        symlink("../secret", folder.join("climbs")).unwrap();
        symlink("Sub/Pic.bmp", folder.join("alias")).unwrap();
        symlink("alias", folder.join("chain")).unwrap();
        symlink(folder.canonicalize().unwrap().join("Sub"), folder.join("full")).unwrap();
        symlink("loop", folder.join("loop")).unwrap();
        let how = |name: &str| within(&folder, name).map_err(|e| e.how);
        assert_eq!(how("/etc/passwd"), Err(Outside::FullPath));
        assert_eq!(how("/nonexist.bmp"), Err(Outside::FullPath));
        assert_eq!(how("C:\\x.bmp"), Err(Outside::FullPath));
        assert_eq!(how("../../../../etc/passwd"), Err(Outside::Climbs));
        assert_eq!(how("Sub/../../secret"), Err(Outside::Climbs));
        for link in ["out", "gone", "up/secret", "climbs", "loop"] {
            assert_eq!(how(link), Err(Outside::Link), "{link}");
        }
        assert_eq!(how("sub/pic.BMP"), Ok(folder.join("Sub/Pic.bmp")), "found in any case");
        assert_eq!(how("Sub/../sub/./Pic.bmp"), Ok(folder.join("Sub/Pic.bmp")));
        for inside in ["alias", "chain", "full/Pic.bmp"] {
            assert_eq!(how(inside), Ok(folder.join(inside)), "a link inside is read");
        }
        assert_eq!(how("missing.bmp"), Ok(folder.join("missing.bmp")));
        assert_eq!(
            within(&folder, "/etc/passwd").unwrap_err().to_string(),
            "/etc/passwd is outside the folder (a full path): Parlour reads only files inside it"
        );
        assert_eq!(
            within(&folder, "../x.bmp").unwrap_err().to_string(),
            "../x.bmp is outside the folder (its .. climb out): Parlour reads only files inside it"
        );
        assert!(!resolves_inside(&folder, &folder.join("out")));
        assert!(resolves_inside(&folder, &folder.join("alias")));
    }

    #[test]
    fn two_writers_never_mix_bytes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stats.ini");
        let texts: Vec<Vec<u8>> = (b'a'..=b'b').map(|c| vec![c; 64 * 1024]).collect();
        let whole = |bytes: &[u8]| texts.iter().any(|t| t.as_slice() == bytes);
        std::thread::scope(|s| {
            for text in &texts {
                let path = &path;
                s.spawn(move || {
                    for _ in 0..200 {
                        write_atomic(path, text).unwrap();
                    }
                });
            }
            s.spawn(|| {
                for _ in 0..400 {
                    if let Ok(bytes) = fs::read(&path) {
                        assert!(whole(&bytes), "a reader saw {} mixed bytes", bytes.len());
                    }
                }
            });
        });
        assert!(whole(&fs::read(&path).unwrap()));
        assert!(whole(&fs::read(backup_path(&path)).unwrap()));
        let names: Vec<_> = fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names.len(), 2, "temp files were left behind: {names:?}");
    }

    /// The names in `dir`, sorted.
    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> =
            fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        names
    }

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
        assert_eq!(names(dir.path()), ["game.sav", "game.sav.bak"], "no temp file is left");
    }

    #[test]
    fn only_old_leftover_temp_files_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.sav");
        let old = SystemTime::now() - 2 * STALE_TEMP;
        for name in ["game.sav.1.0.tmp", "game.sav.bak.77.3.tmp", "game.sav.2.0.tmp", "other.sav.1.0.tmp"] {
            fs::write(dir.path().join(name), b"half a sa").unwrap();
            if name != "game.sav.2.0.tmp" {
                File::options().write(true).open(dir.path().join(name)).unwrap().set_modified(old).unwrap();
            }
        }
        write_atomic(&path, b"whole").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"whole");
        // A recent one may belong to a writer at work; another file's are
        // left to its own writes.
        assert_eq!(names(dir.path()), ["game.sav", "game.sav.2.0.tmp", "other.sav.1.0.tmp"]);
        assert!(is_temp_of("a.ini", "a.ini.12.0.tmp") && is_temp_of("a.ini", "a.ini.bak.1.99.tmp"));
        for name in
            ["a.ini", "a.ini.bak", "a.ini.tmp", "a.ini.x.0.tmp", "a.ini.1.tmp", "a.ini.1.2.3.tmp", "b.ini.1.2.tmp"]
        {
            assert!(!is_temp_of("a.ini", name), "{name}");
        }
    }

    #[test]
    fn a_failed_write_leaves_the_file_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.sav");
        write_atomic(&path, b"kept").unwrap();
        // A folder where the backup should go makes the write fail.
        fs::create_dir(backup_path(&path)).unwrap();
        fs::write(backup_path(&path).join("x"), b"x").unwrap();
        assert!(write_atomic(&path, b"lost").is_err());
        assert_eq!(fs::read(&path).unwrap(), b"kept");
        assert_eq!(names(dir.path()), ["game.sav", "game.sav.bak"], "the temp files are removed");
        assert!(write_atomic(Path::new("/"), b"x").is_err());
    }

    #[cfg(unix)]
    #[test]
    fn replacing_a_link_leaves_its_target_alone() {
        let dir = tempfile::tempdir().unwrap();
        let outside = dir.path().join("outside.bmp");
        fs::write(&outside, b"theirs").unwrap();
        let folder = dir.path().join("Game");
        fs::create_dir(&folder).unwrap();
        let link = folder.join("game.bmp");
        std::os::unix::fs::symlink(&outside, &link).unwrap();
        replace_atomic(&link, b"ours").unwrap();
        assert_eq!(fs::read(&outside).unwrap(), b"theirs");
        assert!(fs::symlink_metadata(&link).unwrap().file_type().is_file());
        assert_eq!(fs::read(&link).unwrap(), b"ours");
        assert_eq!(names(&folder), ["game.bmp"], "no backup, no temp file");
    }

    /// A loader as the saves have: "good" loads, anything else is damaged
    /// and set aside.
    fn load_text(path: &Path) -> Result<String, FileError> {
        let text = fs::read_to_string(path).map_err(|e| FileError::unreadable(path, "text", &e))?;
        match text.starts_with("good") {
            true => Ok(text),
            false => Err(FileError::reject(path, Some(1), FileErrorKind::Corrupt, "not good".into())),
        }
    }

    #[test]
    fn a_damaged_file_gives_way_to_its_backup() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stats.ini");
        write_atomic(&path, b"good 1").unwrap();
        write_atomic(&path, b"good 2").unwrap();
        assert_eq!(load_or_backup(&path, load_text).unwrap(), Loaded::plain("good 2".to_string()));
        fs::write(&path, b"bad").unwrap();
        let loaded = load_or_backup(&path, load_text).unwrap();
        assert_eq!(loaded.value, "good 1");
        let note = loaded.note().unwrap();
        assert!(note.starts_with(&format!("{}:1: not good", path.display())), "{note}");
        assert_eq!(loaded.headline("records").unwrap(), "The records were damaged: their previous copy was used.");
        assert!(note.ends_with("its previous copy stats.ini.bak was loaded instead"), "{note}");
        assert_eq!(fs::read(path.with_file_name("stats.ini.damaged-1")).unwrap(), b"bad");
        // The backup stays, and a copy takes the file's place: the next
        // read finds it as it is.
        assert_eq!(fs::read(backup_path(&path)).unwrap(), b"good 1");
        assert_eq!(load_or_backup(&path, load_text).unwrap(), Loaded::plain("good 1".to_string()));
        // Both bad: the file's own error, and both kept aside.
        fs::write(&path, b"bad again").unwrap();
        fs::write(backup_path(&path), b"bad backup").unwrap();
        let e = load_or_backup(&path, load_text).unwrap_err();
        assert_eq!((e.path.as_path(), e.kind), (path.as_path(), FileErrorKind::Corrupt));
        assert!(
            e.reason.ends_with(
                "its previous copy stats.ini.bak could not be used either (line 1: not good) and was set aside as stats.ini.bak.damaged-1"
            ),
            "{}",
            e.reason
        );
        // No backup: the error stands, even for a loader that reads a
        // missing file as empty.
        let empty_if_missing = |p: &Path| if p.exists() { load_text(p) } else { Ok(String::new()) };
        fs::remove_file(backup_path(&path)).ok();
        fs::write(&path, b"bad once more").unwrap();
        assert_eq!(load_or_backup(&path, empty_if_missing).unwrap_err().kind, FileErrorKind::Corrupt);
        // A file that cannot be read (no permission, which root, running
        // the tests, always has: a loader that says so stands in) is set
        // aside too, and the backup read and put in its place.
        let locked = |p: &Path| match fs::read(p) {
            Ok(bytes) if bytes == b"locked" => Err(FileError::new(p, FileErrorKind::Io, "permission denied")),
            _ => load_text(p),
        };
        write_atomic(&path, b"good 4").unwrap();
        write_atomic(&path, b"locked").unwrap();
        let loaded = load_or_backup(&path, locked).unwrap();
        assert_eq!(loaded.value, "good 4");
        let headline = loaded.headline("statistics");
        assert_eq!(headline.unwrap(), "The statistics could not be read: their previous copy was used.");
        assert_eq!(fs::read(path.with_file_name("stats.ini.unreadable-1")).unwrap(), b"locked");
        assert_eq!(fs::read(&path).unwrap(), b"good 4");
        // With no backup it is set aside all the same: a new game's first
        // save must not replace what may still be the player's.
        fs::remove_file(backup_path(&path)).unwrap();
        fs::write(&path, b"locked").unwrap();
        let e = load_or_backup(&path, locked).unwrap_err();
        assert_eq!(e.moved_to, Some(path.with_file_name("stats.ini.unreadable-2")), "{e}");
        assert!(!path.exists());
        write_atomic(&path, b"good 4").unwrap();
        write_atomic(&path, b"good 4").unwrap();
        // One that cannot be moved aside either (a folder in its place)
        // stays where it is: the backup is read, not copied over it.
        fs::remove_file(&path).unwrap();
        fs::create_dir(&path).unwrap();
        assert_eq!(load_or_backup(&path, load_text).unwrap().value, "good 4");
        assert!(path.is_dir());
        fs::remove_dir(&path).unwrap();
        // Missing is not damaged: the backup is not looked at.
        write_atomic(&path, b"good 3").unwrap();
        fs::remove_file(&path).unwrap();
        assert_eq!(load_or_backup(&path, load_text).unwrap_err().kind, FileErrorKind::NotFound);
    }

    /// A file set aside with no good previous copy leaves nothing to lose:
    /// what comes next starts afresh, and says so. One still in place is
    /// never written over.
    #[test]
    fn a_file_set_aside_with_no_backup_starts_afresh() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stats.ini");
        fs::write(&path, b"bad").unwrap();
        let e = load_or_backup(&path, load_text).unwrap_err();
        let loaded = or_afresh::<String>(Err(e)).unwrap();
        assert_eq!((loaded.value.as_str(), loaded.from), ("", ReadFrom::Afresh));
        assert_eq!(loaded.headline("statistics").unwrap(), "The statistics were damaged: they start afresh.");
        let note = loaded.note().unwrap();
        assert!(
            note.ends_with("stats.ini.damaged-1); with no good previous copy to read, they start afresh"),
            "{note}"
        );
        let in_place = FileError::new(&path, FileErrorKind::Io, "it is a folder");
        assert_eq!(or_afresh::<String>(Err(in_place.clone())), Err(in_place));
    }

    /// A file cut to nothing beside a good backup is damaged, not empty:
    /// read as no records, the next save would push the backup out.
    #[test]
    fn an_empty_file_gives_way_to_its_backup() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stats.ini");
        let reads_empty = |p: &Path| Ok::<_, FileError>(String::from_utf8(fs::read(p).unwrap()).unwrap());
        write_atomic(&path, b"played 1").unwrap();
        write_atomic(&path, b"played 2").unwrap();
        fs::write(&path, b"").unwrap();
        let loaded = load_or_backup(&path, reads_empty).unwrap();
        assert_eq!(loaded.value, "played 1");
        assert!(loaded.note().unwrap().contains("the file is empty"), "{:?}", loaded.note());
        assert!(path.with_file_name("stats.ini.damaged-1").exists());
        // Without a backup an empty file is simply empty.
        let alone = dir.path().join("alone.ini");
        fs::write(&alone, b"").unwrap();
        assert_eq!(load_or_backup(&alone, reads_empty).unwrap(), Loaded::plain(String::new()));
    }

    #[cfg(unix)]
    #[test]
    fn inputs_are_regular_files_of_limited_size() {
        let dir = tempfile::tempdir().unwrap();
        let small = dir.path().join("small.ini");
        fs::write(&small, b"[Game]").unwrap();
        assert_eq!(read_capped(&small, 6).unwrap(), b"[Game]");
        let e = read_capped(&small, 5).unwrap_err();
        assert_eq!(e.to_string(), "it is 6 bytes, more than the 5 bytes Parlour reads from such a file");
        // A device would never end and a FIFO would wait for a writer.
        let fifo = dir.path().join("fifo.ini");
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        for path in [Path::new("/dev/zero"), fifo.as_path(), dir.path()] {
            let e = read_capped(path, 1 << 20).unwrap_err();
            assert!(e.to_string().contains("not a regular file"), "{}: {e}", path.display());
        }
        // A link to a device is refused the same.
        let link = dir.path().join("game.ini");
        std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
        assert!(read_capped(&link, 1 << 20).is_err());
        let gone = read_capped(&dir.path().join("gone"), 1).unwrap_err();
        assert_eq!((gone.kind(), gone.to_string()), (io::ErrorKind::NotFound, "no such file or folder".to_string()));
        assert_eq!(size_text(3 << 20), "3 MB");
        assert_eq!(size_text(1536 * 1024), "1.5 MB");
        assert_eq!(size_text(1000), "1000 bytes");
        assert_eq!(size_text(4097), "5 KB");
    }

    /// Why a write failed, in a player's words: never the system's
    /// "(os error N)".
    #[cfg(target_os = "linux")]
    #[test]
    fn write_failures_are_said_in_words() {
        let said = |code| write_failure(&io::Error::from_raw_os_error(code));
        assert_eq!(said(21), "a folder of that name is in the way");
        assert_eq!(said(20), "a folder on its path is a file");
        assert_eq!(said(5), "input/output error");
        let own = io::Error::new(io::ErrorKind::PermissionDenied, "it is not a folder of yours");
        assert_eq!(write_failure(&own), "it is not a folder of yours");
    }

    /// A file marked read-only is not written over, nor is its backup
    /// touched; it is said in words. (Root may write it, but Parlour does
    /// not: the mark is the player's.)
    #[cfg(unix)]
    #[test]
    fn a_file_marked_read_only_is_not_written_over() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("klondike.save");
        write_atomic(&path, b"first").unwrap();
        write_atomic(&path, b"second").unwrap();
        let mut read_only = fs::metadata(&path).unwrap().permissions();
        read_only.set_readonly(true);
        fs::set_permissions(&path, read_only).unwrap();
        for write in [write_atomic, replace_atomic] {
            let e = write(&path, b"third").unwrap_err();
            assert_eq!(write_failure(&e), "the file is marked read-only");
            assert_eq!(fs::read(&path).unwrap(), b"second");
            assert_eq!(fs::read(backup_path(&path)).unwrap(), b"first");
        }
        assert!(fs::metadata(&path).unwrap().permissions().readonly(), "still marked");
    }

    /// A data folder that cannot be one is told of in words naming it;
    /// one not made yet is no trouble. (A folder Parlour may not read is
    /// told of as `tests/all/host.rs` shows, run as a player: root reads
    /// any folder.)
    #[test]
    fn a_data_folder_that_cannot_be_one_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("file");
        fs::write(&file, b"x").unwrap();
        let said = |p: &Path| data_folder_trouble(p);
        assert_eq!(said(&file), Some(format!("the data folder {} is a file, not a folder", file.display())));
        let under = file.join("parlour");
        let made = format!("the data folder {} cannot be made: a folder on its path is a file", under.display());
        assert_eq!(said(&under), Some(made.clone()));
        assert_eq!(make_data_folder(&under).unwrap_err().to_string(), made);
        assert_eq!(said(dir.path()), None);
        assert_eq!(said(&dir.path().join("not yet")), None);
        assert!(make_data_folder(&dir.path().join("not yet")).is_ok());
    }

    /// What a table read from a damaged file lacks of its backup's,
    /// counting an entry held twice twice.
    #[test]
    fn what_a_table_lacks_of_its_backup_counts_repeats() {
        assert_eq!(missing_from(&[1, 2], &[2, 3, 2, 1]), [&3, &2]);
        assert!(missing_from(&[1, 1], &[1, 1]).is_empty());
        assert_eq!(missing_from::<u8>(&[], &[4]), [&4]);
    }

    /// A file of Parlour's own ends every line it writes: one whose last
    /// line has no end was cut short, and that line is named.
    #[test]
    fn a_last_line_with_no_end_is_named() {
        assert_eq!(unended_line(b"a=1\nb=2"), Some(2));
        assert_eq!(unended_line(b"\xEF\xBB\xBFa"), Some(1));
        assert_eq!(unended_line(b"a=1\nb=2\n"), None);
        assert_eq!(unended_line(b""), None);
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
