//! One window at a time on a game's journals: a game open in one Parlour
//! window is refused to another on the same data folder, which would
//! otherwise write its own moves over the first one's journal and count a
//! deal left in it as lost a second time.
//!
//! The claim is an operating-system lock on a file in the data folder
//! (`locks/klondike.lock`), so it goes when the window's process ends,
//! however it ends: no stale claim outlives a crash. Views in one process
//! (a kept game opened over the same game) share the claim.

use std::collections::HashMap;
use std::fs::{File, TryLockError};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

use super::journal;

/// A game's claim on its journals, kept by its view while it is open and
/// given up when the last view holding it goes. Empty where the data
/// folder takes no lock (read-only, or a file system without locks):
/// the journal cannot be written there either, and says so itself.
#[derive(Clone, Debug, Default)]
pub struct Claim {
    /// The locked file, held open only to keep its lock.
    _locked: Option<Arc<File>>,
}

/// The claims this process holds, by lock file: a second view of the same
/// game shares the first one's (a second lock on the file, even from this
/// process, would be refused).
static HELD: Mutex<Option<HashMap<PathBuf, Weak<File>>>> = Mutex::new(None);

/// Claims the journals of game `id` (called `name`) in `data_dir`, or says
/// why not: the game is open in another Parlour window.
pub fn claim(data_dir: &Path, id: &str, name: &str) -> Result<Claim, String> {
    let path = journal::lock_path(data_dir, id);
    let mut held = HELD.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let held = held.get_or_insert_with(HashMap::new);
    if let Some(file) = held.get(&path).and_then(Weak::upgrade) {
        return Ok(Claim { _locked: Some(file) });
    }
    let Some(file) = lock_file(&path) else { return Ok(Claim::default()) };
    match lock_soon(&file) {
        Ok(()) => {
            let file = Arc::new(file);
            held.retain(|_, claim| claim.strong_count() > 0);
            held.insert(path, Arc::downgrade(&file));
            Ok(Claim { _locked: Some(file) })
        }
        Err(TryLockError::WouldBlock) => Err(format!(
            "{name} is open in another Parlour window (data folder {}): close it there first.",
            data_dir.display()
        )),
        Err(TryLockError::Error(_)) => Ok(Claim::default()),
    }
}

/// How long a lock held elsewhere is waited for before the game is
/// refused.
const LOCK_WAIT: Duration = Duration::from_millis(200);

/// Locks `file`, waiting [`LOCK_WAIT`] at most for a lock held elsewhere:
/// a process this one starts holds this one's open files, locks and all,
/// for the moment until it runs its program, and a claim given up just
/// before (the game closed and opened again) may still be held so.
fn lock_soon(file: &File) -> Result<(), TryLockError> {
    let began = Instant::now();
    loop {
        match file.try_lock() {
            Err(TryLockError::WouldBlock) if began.elapsed() < LOCK_WAIT => {
                std::thread::sleep(Duration::from_millis(10));
            }
            done => return done,
        }
    }
}

/// The lock file at `path`, made with its folder where missing; None
/// where it cannot be.
fn lock_file(path: &Path) -> Option<File> {
    std::fs::create_dir_all(path.parent()?).ok()?;
    File::options().read(true).write(true).create(true).truncate(false).open(path).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Views in one process share a claim; another process is refused
    /// while any view holds it, and claims it once the last one goes.
    #[test]
    fn a_claim_is_shared_in_the_process_and_refused_outside_it() {
        let dir = tempfile::tempdir().unwrap();
        let first = claim(dir.path(), "pegs/english", "English").unwrap();
        let second = claim(dir.path(), "pegs/english", "English").unwrap();
        let lock = journal::lock_path(dir.path(), "pegs/english");
        assert!(lock.ends_with("locks/pegs-english.lock"), "{}", lock.display());
        // Another process's lock is another open file: flock refuses it.
        let other = File::open(&lock).unwrap();
        assert!(matches!(other.try_lock(), Err(TryLockError::WouldBlock)));
        drop(first);
        assert!(matches!(other.try_lock(), Err(TryLockError::WouldBlock)), "dropped with a view still open");
        drop(second);
        other.try_lock().expect("the claim given up with the last view");
        let why = claim(dir.path(), "pegs/english", "English").unwrap_err();
        assert_eq!(
            why,
            format!(
                "English is open in another Parlour window (data folder {}): close it there first.",
                dir.path().display()
            )
        );
        claim(dir.path(), "klondike", "Klondike").expect("each game has its own claim");
    }

    /// A data folder where no lock file can be made leaves the game
    /// playable: its journal's own failure to be written is told.
    #[test]
    fn no_lock_file_is_no_refusal() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("not-a-folder");
        std::fs::write(&file, "x").unwrap();
        assert!(claim(&file, "klondike", "Klondike").unwrap()._locked.is_none());
    }
}
