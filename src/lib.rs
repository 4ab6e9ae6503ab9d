//! Parlour: period card and puzzle games drawn on software framebuffers that
//! mimic the machines they came from. See DESIGN.md in the shared folder for
//! the map of modules; the pure modules (`core`, `gfx`) never import the
//! presentation ones (`machines`, `app`).

// Parlour's own words to the terminal go through these, never `println!`
// or `eprintln!`, which panic on a closed pipe (`parlour deal | head`,
// `parlour help --html DIR 2>&1 | head -1`) or a full disk: what cannot
// be shown is let go.

/// Writes with `$how` (`write`, `writeln`) to `std::io::$stream()`,
/// letting a failed write go: the one body of the four below.
#[doc(hidden)]
#[macro_export]
macro_rules! __print_to {
    ($stream:ident, $how:ident, $($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = $how!(std::io::$stream().lock(), $($arg)*);
    }};
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
