//! What every game is to the rest of Parlour: a [`Variant`] that deals a
//! [`Game`] state from a seed, and a state that judges and applies moves.
//!
//! Games are pure: a state changes only through [`Game::apply`], and the state
//! after a list of moves depends on nothing but the variant, its options, the
//! seed and the moves. The [`Session`](super::Session) relies on that for
//! undo, replay and saves.

use std::fmt;

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The game goes on.
    Playing,
    /// The player has won.
    Won,
    /// The player can no longer win (or the opponent has won).
    Lost,
}

/// How a finished (or abandoned) game ends up in the statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Won,
    Lost,
}

/// Why a move is not allowed, as a sentence for the player, e.g.
/// "A 7 of hearts cannot go on a 9 of clubs."
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal(String);

impl Refusal {
    /// A refusal with the given reason.
    pub fn new(reason: impl Into<String>) -> Self {
        Refusal(reason.into())
    }

    /// The reason, in words.
    pub fn reason(&self) -> &str {
        &self.0
    }

    /// The reason as a clause to follow a colon inside another sentence:
    /// its first letter in lower case (unless the word is in capitals, as
    /// a name may be) and without its full stop.
    pub fn as_clause(&self) -> String {
        let text = self.0.strip_suffix('.').filter(|t| !t.ends_with('.')).unwrap_or(&self.0);
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(first), Some(second)) if first.is_uppercase() && !second.is_uppercase() => {
                first.to_lowercase().chain(text[first.len_utf8()..].chars()).collect()
            }
            _ => text.to_string(),
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refusal {}

/// The state of one game, and its rules.
///
/// `Clone` and `PartialEq` are part of the contract: the session keeps copies
/// of states for undo, and tests compare replayed states with live ones.
pub trait Game: Clone + PartialEq + fmt::Debug {
    /// One move. Opponents, timers (Tetris ticks) and the player all speak
    /// in moves.
    type Move: Clone + PartialEq + fmt::Debug;

    /// Reads a move from its text form in this state.
    ///
    /// Must accept everything [`move_text`](Game::move_text) produces:
    /// `parse_move(move_text(m)) == Ok(m)`. The error says in words what
    /// is wrong with the text.
    fn parse_move(&self, text: &str) -> Result<Self::Move, String>;

    /// The text form of a move in this state. It is what saves, replays and
    /// bug reports contain, so it must be one line: no control characters,
    /// no space at either end, not empty.
    fn move_text(&self, m: &Self::Move) -> String;

    /// A move in words for the player, as Game > Hint names it. By default
    /// its text form, for games whose notation players read (a peg jump's
    /// `d2-d4`, Scramble's `slide b3`).
    fn describe_move(&self, m: &Self::Move) -> String {
        self.move_text(m)
    }

    /// Whether `m` is legal here, and if not, why.
    fn check(&self, m: &Self::Move) -> Result<(), Refusal>;

    /// Makes the move. Called only with moves [`check`](Game::check)
    /// accepted in this very state.
    fn apply(&mut self, m: &Self::Move);

    /// Whether the game is still on, won or lost.
    fn status(&self) -> Status;

    /// The score as the game counts it (cards laid off, points...).
    fn score(&self) -> i64;

    /// A move that happens by itself in this state (an automatic lay-off),
    /// if any. The session makes such moves after every step until none is
    /// left, and records them.
    fn auto_move(&self) -> Option<Self::Move> {
        None
    }

    /// A move worth suggesting to the player, if the game knows one.
    fn hint(&self) -> Option<Self::Move> {
        None
    }

    /// What play itself has dealt, for a game whose deal a move completes
    /// (MineSweeper's mines, placed around the first square opened): a
    /// fingerprint of it, `None` until then, and always `None` in a game
    /// its seed deals whole. Taken back to before that move and dealt
    /// otherwise, the game is another one, counted on its own.
    fn dealt_in_play(&self) -> Option<u64> {
        None
    }
}

/// A way to play: a game's rules with a particular data file and options.
/// It deals states, and it names itself in saves and statistics.
pub trait Variant: Clone + fmt::Debug {
    /// The state this variant deals.
    type Game: Game;

    /// The game's id as saves and statistics know it, e.g. `klondike` or
    /// `yazzle/Spider`: 1 to 64 ASCII letters, digits or `. _ + / -`.
    fn id(&self) -> &str;

    /// A fingerprint of the data that defines the variant (for data-file
    /// variants, [`fnv1a64`](super::fnv1a64) of the file), so that a save
    /// made with different rules is refused rather than misreplayed.
    fn content_hash(&self) -> u64;

    /// The options in force, in the variant's own canonical one-line syntax
    /// (empty if there are none), e.g. `draw=3`.
    fn options(&self) -> String;

    /// The same variant with the options read from `options` (as produced
    /// by [`options`](Variant::options)); an error says in words what is wrong.
    fn with_options(&self, options: &str) -> Result<Self, String>;

    /// The starting state of the game with this seed.
    fn deal(&self, seed: u64) -> Self::Game;

    /// Whether every seed deals the same game (a peg board, a Sokoban
    /// level): its start hides nothing that moving shows, so a game taken
    /// back to its start is none under way, and dealing it again gives
    /// nothing up. By default a seed deals a game of its own, which a
    /// player who has moved in it has seen (the cards turned, the mines
    /// placed), even if every move is taken back.
    fn deals_alike(&self) -> bool {
        false
    }

    /// Whether a save made under another id or other data (`id`,
    /// `content_hash` and `options` as its header gives them) is one of an
    /// older form of this variant that still plays the same, and if so the
    /// options, in this variant's syntax, it is to be replayed with. By
    /// default no other save is.
    fn adopt(&self, _id: &str, _content_hash: u64, _options: &str) -> Option<String> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusal_reads_as_its_sentence() {
        let r = Refusal::new("A 7 of hearts cannot go on a 9 of clubs.");
        assert_eq!(r.reason(), "A 7 of hearts cannot go on a 9 of clubs.");
        assert_eq!(r.to_string(), r.reason());
    }

    #[test]
    fn refusal_as_a_clause_drops_its_capital_and_full_stop() {
        let clause = |s: &str| Refusal::new(s).as_clause();
        assert_eq!(clause("There is no tableau pile 99."), "there is no tableau pile 99");
        // A word in capitals and a lone letter keep their case, an ellipsis its dots.
        assert_eq!(clause("AI moves first."), "AI moves first");
        assert_eq!(clause("Wait for it..."), "wait for it...");
        assert_eq!(clause("X"), "X");
        assert_eq!(clause(""), "");
    }
}
