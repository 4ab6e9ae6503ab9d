//! Ending on a signal as on closing the window. SIGTERM (a kill, a
//! shutdown), SIGHUP (the session or terminal gone) and SIGINT (Ctrl+C in
//! the terminal) only raise a flag; the window loop sees it at its next
//! poll and ends as a closed window does, so the open game is kept as it
//! was at that moment, not as last journalled. The handler does nothing
//! else: nothing more is safe in a signal handler. SIGXFSZ is ignored, so
//! that a write past the file size limit fails rather than ends the program.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::flag;

/// The signals that ask the program to end.
const ENDING: [i32; 3] = [SIGTERM, SIGHUP, SIGINT];

/// The exit code of a search stopped by a signal (Ctrl+C, a kill, the
/// terminal closed): 128 and SIGINT's number, as a shell gives a program
/// Ctrl+C stopped.
pub const INTERRUPTED: i32 = 130;

/// Whether a signal has asked the program to end.
#[derive(Clone, Debug, Default)]
pub struct EndAsked(Arc<AtomicBool>);

impl EndAsked {
    /// Starts watching for the ending signals. A second one, should the
    /// program not have ended on the first (stuck in a long search), ends
    /// it at once, as the signal alone would have. Where a handler cannot
    /// be set (it always can on Linux), a warning says so.
    /// A signal ignored when the program started (`nohup` ignores
    /// SIGHUP; a shell's `&` in a script ignores SIGINT) stays ignored.
    pub fn watch() -> EndAsked {
        let asked = EndAsked::default();
        for signal in ENDING.into_iter().filter(|&s| !ignored(s)) {
            // The shutdown first: it sees the flag as it was before this
            // signal raised it.
            let set = flag::register_conditional_shutdown(signal, 128 + signal, Arc::clone(&asked.0))
                .and_then(|_| flag::register(signal, Arc::clone(&asked.0)));
            if let Err(e) = set {
                tell!("warning: cannot watch for signal {signal}: {e}");
            }
        }
        asked
    }

    pub fn asked(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }

    /// The flag itself, for a search's [`cancel`](crate::solitaire::solver::Limits::cancel).
    pub fn flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.0)
    }
}

/// Whether `signal` is ignored (inherited so from whoever started us).
fn ignored(signal: i32) -> bool {
    // SAFETY: a null new action only reads the disposition into `old`,
    // which is zeroed plain data sigaction fills in.
    unsafe {
        let mut old: libc::sigaction = std::mem::zeroed();
        libc::sigaction(signal, std::ptr::null(), &mut old) == 0 && old.sa_sigaction == libc::SIG_IGN
    }
}

/// Lets a write past the file size limit (`ulimit -f`) fail as a full disk
/// does, with an error the game tells of and plays on after, rather than
/// end the program on SIGXFSZ, its moves since the last save lost.
pub fn write_past_size_limit_fails() {
    // SAFETY: setting a signal's disposition to "ignore" runs no code of
    // ours in a handler. Programs this one starts inherit it, and a write
    // of theirs past the limit fails too rather than ends them.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SIGTERM only raises the flag: the test (the program) lives on to
    /// keep its game.
    #[test]
    fn sigterm_raises_the_flag_and_ends_nothing() {
        let asked = EndAsked::watch();
        assert!(!asked.asked());
        // SAFETY: raising a signal this process handles.
        assert_eq!(unsafe { libc::raise(SIGTERM) }, 0);
        assert!(asked.asked());
    }
}
