//! What a menu item, a skin button or a shortcut asks for, as a typed value.
//!
//! The application's own commands and the ones every game answers (through
//! the host's controller) are variants; a view's own commands are
//! [`ViewCommand`]s it names itself, so a new game family adds commands
//! without touching this list.

use std::fmt;

use super::{Depth, MachineId};

/// A view's own command (e.g. the solitaire table's "autoplay"): a short
/// name the view defines as a constant and matches on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ViewCommand(pub &'static str);

#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Command {
    /// Does nothing (a separator's command).
    #[default]
    Nothing,
    // The application.
    Quit,
    About,
    /// Help for what is shown.
    Help,
    /// Help for the game with this id, over what is shown (the launcher's
    /// Help button, for the game selected).
    HelpOn(String),
    /// Back to the launcher.
    Games,
    /// Open the game with this id (or a board or game-type path).
    Play(String),
    /// Close the view on top (a dialog, the help viewer, a game window).
    Close,
    Machine(MachineId),
    Depth(Depth),
    Skin(String),
    // Every game, answered by the host's controller.
    New,
    /// Deal a game chosen by its number (Windows FreeCell's Select Game).
    SelectGame,
    Restart,
    Undo,
    Redo,
    Hint,
    /// The game family's chooser: Game Type Selection, Choose Board...
    Variants,
    /// Statistics of the open game.
    Stats,
    /// Take every move of the game back, to the deal (undoable by
    /// [`ForwardToEnd`](Command::ForwardToEnd)).
    BackToStart,
    /// Make every undone move of the game again.
    ForwardToEnd,
    /// Play the game again from the deal, a move at a time, up to its last
    /// move; any click or key stops it.
    Replay,
    /// Keep the open game in a file of the player's.
    SaveAs,
    /// Open a kept game.
    Open,
    /// The open game's options box.
    Options,
    /// A view's own command.
    View(ViewCommand),
}

/// Skin buttons' words for the commands a skin may send.
const WORDS: [(&str, Command); 12] = [
    ("new", Command::New),
    ("restart", Command::Restart),
    ("undo", Command::Undo),
    ("redo", Command::Redo),
    ("gametypes", Command::Variants),
    ("options", Command::Options),
    ("help", Command::Help),
    ("hint", Command::Hint),
    ("about", Command::About),
    ("quit", Command::Quit),
    ("stats", Command::Stats),
    ("launcher", Command::Games),
];

impl Command {
    /// The words a skin file may use (see [`Command::parse`]).
    pub fn words() -> impl Iterator<Item = &'static str> {
        WORDS.iter().map(|w| w.0)
    }

    /// Reads a command as a skin file writes it: one of [`words`](Command::words),
    /// or `machine:ID`, `depth:D`, `skin:NAME`, `play:GAME` (any case).
    pub fn parse(text: &str) -> Result<Command, String> {
        let v = text.trim();
        if let Some((_, c)) = WORDS.iter().find(|(w, _)| w.eq_ignore_ascii_case(v)) {
            return Ok(c.clone());
        }
        let unknown = || {
            format!(
                "unknown command `{v}` (use one of {}, or machine:, depth:, skin: or play:)",
                WORDS.map(|w| w.0).join(", ")
            )
        };
        let (name, arg) = v.split_once(':').ok_or_else(unknown)?;
        let word = !arg.is_empty() && arg.chars().all(|c| c.is_ascii_alphanumeric() || "-_./".contains(c));
        if !word {
            return Err(unknown());
        }
        match name.to_ascii_lowercase().as_str() {
            "machine" => MachineId::parse(arg).map(Command::Machine),
            "depth" => Depth::parse(arg).map(Command::Depth),
            "skin" => Ok(Command::Skin(arg.to_ascii_lowercase())),
            "play" => Ok(Command::Play(arg.to_string())),
            _ => Err(unknown()),
        }
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((w, _)) = WORDS.iter().find(|(_, c)| c == self) {
            return f.write_str(w);
        }
        match self {
            Command::Machine(m) => write!(f, "machine:{}", m.name()),
            Command::Depth(d) => write!(f, "depth:{}", d.name()),
            Command::Skin(s) => write!(f, "skin:{s}"),
            Command::Play(g) => write!(f, "play:{g}"),
            Command::View(v) => f.write_str(v.0),
            other => write!(f, "{other:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skin_words_read_back() {
        for w in Command::words() {
            let c = Command::parse(&w.to_uppercase()).unwrap();
            assert_eq!(c.to_string(), w);
        }
        assert_eq!(Command::parse("machine:amiga-pal"), Ok(Command::Machine(MachineId::AmigaPal)));
        assert_eq!(Command::parse("skin:PlastiqueV2"), Ok(Command::Skin("plastiquev2".into())));
        assert!(Command::parse("machine:vic20").is_err());
        assert!(Command::parse("frobnicate").unwrap_err().contains("unknown command"));
        assert!(Command::parse("skin:").is_err());
    }
}
