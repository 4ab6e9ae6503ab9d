//! Parlour: period card and puzzle games drawn on software framebuffers that
//! mimic the machines they came from. See DESIGN.md in the shared folder for
//! the map of modules; the pure modules (`core`, `gfx`) never import the
//! presentation ones (`machines`, `app`).

// Parlour's own words to the terminal go through these, never `println!`
// or `eprintln!`, which panic on a closed pipe (`parlour deal | head`,
// `parlour help --html DIR 2>&1 | head -1`) or a full disk. A closed pipe
// is let go quietly (its reader took all it wanted); any other failure
// to write standard output is noted, for the command to fail with as it
// ends (see [`stdout_failure`]), as coreutils do: `parlour list >
// /dev/full` must not pass for a list written.

/// Writes with `$how` (`write`, `writeln`) to `std::io::$stream()`, a
/// failure on standard output noted: the one body of the four below.
#[doc(hidden)]
#[macro_export]
macro_rules! __print_to {
    (stdout, $how:ident, $($arg:tt)*) => {{
        use std::io::Write as _;
        $crate::note_stdout($how!(std::io::stdout().lock(), $($arg)*));
    }};
    (stderr, $how:ident, $($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = $how!(std::io::stderr().lock(), $($arg)*);
    }};
}

/// Why standard output could not be written, the first time it could not.
static STDOUT_FAILED: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// Notes how a write to standard output went: a failure other than a
/// closed pipe is kept for [`stdout_failure`].
pub fn note_stdout(written: std::io::Result<()>) {
    if let Err(e) = written
        && e.kind() != std::io::ErrorKind::BrokenPipe
    {
        let _ = STDOUT_FAILED.set(crate::core::files::write_failure(&e));
    }
}

/// Flushes standard output and says why it could not be written, if a
/// write to it failed (a closed pipe aside).
pub fn stdout_failure() -> Option<String> {
    use std::io::Write as _;
    note_stdout(std::io::stdout().lock().flush());
    STDOUT_FAILED.get().cloned()
}

/// Prints to standard output, ignoring a closed pipe.
#[macro_export]
macro_rules! say_raw {
    ($($arg:tt)*) => { $crate::__print_to!(stdout, write, $($arg)*) };
}

/// As `say_raw!`, with a line end.
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => { $crate::__print_to!(stdout, writeln, $($arg)*) };
}

/// Prints to standard error, ignoring a closed pipe.
#[macro_export]
macro_rules! tell_raw {
    ($($arg:tt)*) => { $crate::__print_to!(stderr, write, $($arg)*) };
}

/// As `tell_raw!`, with a line end.
#[macro_export]
macro_rules! tell {
    ($($arg:tt)*) => { $crate::__print_to!(stderr, writeln, $($arg)*) };
}

pub mod app;
pub mod assets;
pub mod audio;
pub mod cards;
pub mod checks;
pub mod core;
pub mod games;
pub mod gfx;
pub mod help;
pub mod host;
pub mod machines;
pub mod solitaire;
pub mod views;
