//! The rules core: everything a game needs that does not draw.
//!
//! A game is a pure function of (variant, options, seed, move list). This
//! module owns the pieces that make that true and keep it true on disk:
//!
//! - [`rng`]: the seeded generator; same seed, same deal, everywhere, forever.
//! - [`hash`]: the pinned FNV-1a hash that fingerprints a variant's data.
//! - [`game`]: the [`Game`] and [`Variant`] traits every game implements.
//! - [`number`]: game numbers a player reads out and types again.
//! - [`session`]: history with undo, redo, restart, new game and replay.
//! - [`Diagnostic`]: a data file's problem, `path:LINE: message`.
//! - [`files`]: atomic writes, backups, setting bad files aside.
//! - [`save`]: the text save format, loaded with full validation.
//! - [`stats`]: per-game statistics kept as INI in the user's data folder.
//! - [`highscores`]: the best results per game, kept as text beside them.
//! - [`html`]: HTML's tokens and character references, for game.html's
//!   readers.
//!
//! `core` imports nothing else from Parlour, and nothing in it reads a clock:
//! time arrives as numbers from the caller so that sessions stay pure.

mod diagnostic;
pub mod files;
pub mod game;
pub mod hash;
pub mod highscores;
pub mod html;
pub mod number;
pub mod rng;
pub mod save;
pub mod session;
pub mod stats;
mod text;

#[cfg(test)]
mod toy;

pub use diagnostic::{Diagnostic, Severity, escape_controls, escaped_path, is_line_of, printable, reason};
pub use files::{FileError, FileErrorKind};
pub use game::{Game, Outcome, Refusal, Status, Variant};
pub use hash::fnv1a64;
pub use number::{GAME_NUMBER_DIGITS, MAX_GAME_NUMBER, parse_game_number, short_number};
pub use rng::GameRng;
pub use session::{Action, Mark, ReplayError, Session, Step};
pub use stats::{GameStats, Stats};
pub use text::{
    IniLines, MAX_SUGGEST, NO_EQUALS, NotText, and_list, capitalised, cp1252, decode_text, decode_utf16_marked,
    decode_windows, first_stray_line, ini_error, lf_line_ends, mixed_encodings, near, nearest, numbered_names, plural,
    sentence, shell_quoted, shortened, text_of_own_file,
};
