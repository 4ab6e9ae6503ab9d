//! What the peg view keeps and tells about a game: where the player's
//! journals live, the ending in words, the journal of jumps and the
//! high-score table as requesters.

use crate::core::highscores::Entry;
use crate::core::{Action, Game, Session, Variant, plural};
use crate::games::pegs::board::Stone;
use crate::games::pegs::rules::{BoardVariant, Ending};
use crate::machines::Requester;
use crate::views::board::clock;

/// Jumps on a line of the Journal box, and its lines: a whole game of the
/// English board (31 jumps) fits the Amiga's 320 x 256 screen. Longer
/// journals show their last jumps.
const JUMPS_A_LINE: usize = 2;
const JOURNAL_LINES: usize = 16;

fn colour(stone: Stone) -> &'static str {
    match stone {
        Stone::Red => "red",
        Stone::Yellow => "yellow",
        Stone::Green => "green",
    }
}

/// How the game ended, as one sentence.
pub fn ending_text(ending: Ending) -> String {
    match ending {
        Ending::InTarget(stone) => format!("One stone left, in the target: a {} stone.", colour(stone)),
        Ending::OutsideTarget => "One stone left, not in the target.".into(),
        Ending::OneLeft => "One stone left.".into(),
        Ending::Stuck(n) => format!("No jump remains: {n} stones left."),
    }
}

/// The jumps of the game at the cursor, numbered, with the points each
/// scored, two to a line: `1. d2-d4 (+20)   2. f3-d3 (+20)`. Long games
/// show their last jumps.
pub fn journal_lines(session: &Session<BoardVariant>) -> Vec<String> {
    let mut state = session.variant().deal(session.seed());
    let mut jumps = Vec::new();
    for step in &session.steps()[session.game_start() + 1..=session.cursor()] {
        let Action::Move(text) = &step.action else { continue };
        // Recorded jumps were checked when they were made; one that does
        // not read back ends the list rather than the program.
        let Ok(jump) = state.parse_move(text) else { break };
        let before = state.score();
        state.apply(&jump);
        jumps.push(format!("{}. {text} (+{})", jumps.len() + 1, state.score() - before));
    }
    if jumps.is_empty() {
        return vec!["No jumps yet.".into()];
    }
    let mut lines = Vec::new();
    let mut shown = &jumps[..];
    if jumps.len() > JOURNAL_LINES * JUMPS_A_LINE {
        // A line for the note, the rest for the last jumps.
        let earlier = jumps.len() - (JOURNAL_LINES - 1) * JUMPS_A_LINE;
        lines.push(format!("({earlier} earlier jumps)"));
        shown = &jumps[earlier..];
    }
    lines.extend(shown.chunks(JUMPS_A_LINE).map(|pair| pair.join("   ")));
    lines
}

/// The Journal requester for a board.
pub fn journal_box(board_name: &str, session: &Session<BoardVariant>) -> Requester {
    Requester { title: format!("Journal: {board_name}"), lines: journal_lines(session), buttons: vec!["OK".into()] }
}

/// The High Scores requester for a board.
pub fn high_scores_box(board_name: &str, table: &[Entry]) -> Requester {
    let mut lines: Vec<String> = table
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let stones = plural(e.stones as u64, "stone", "stones");
            format!("{}. {}: {stones}, {} points, {}", i + 1, e.name, e.points, clock(e.seconds))
        })
        .collect();
    if lines.is_empty() {
        lines.push("No game on this board has ended yet.".into());
    }
    Requester { title: format!("High Scores: {board_name}"), lines, buttons: vec!["OK".into()] }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::pegs::board::Board;

    const LINE: &str = "Version 2\nMode: Normal\ny r e g g e\n";

    fn session() -> Session<BoardVariant> {
        let board = Board::parse("t.brd", LINE.as_bytes()).unwrap();
        Session::new(BoardVariant::new("pegs/line", LINE.as_bytes(), board), 0)
    }

    #[test]
    fn endings_in_words() {
        assert_eq!(ending_text(Ending::InTarget(Stone::Red)), "One stone left, in the target: a red stone.");
        assert_eq!(ending_text(Ending::OutsideTarget), "One stone left, not in the target.");
        assert_eq!(ending_text(Ending::OneLeft), "One stone left.");
        assert_eq!(ending_text(Ending::Stuck(4)), "No jump remains: 4 stones left.");
    }

    #[test]
    fn the_journal_numbers_the_jumps_of_this_game_with_their_points() {
        let mut s = session();
        assert_eq!(journal_lines(&s), ["No jumps yet."]);
        s.play_text("a1-c1").unwrap();
        s.play_text("d1-f1").unwrap();
        assert_eq!(journal_lines(&s), ["1. a1-c1 (+30)   2. d1-f1 (+10)"]);
        s.undo();
        assert_eq!(journal_lines(&s), ["1. a1-c1 (+30)"], "undone jumps are not shown");
        s.restart();
        assert_eq!(journal_lines(&s), ["No jumps yet."], "only the game at the cursor");
    }

    #[test]
    fn long_journals_show_their_last_jumps() {
        // Six rows of six `y y e` groups: thirty-six independent jumps,
        // four more than the box holds.
        let row = "y y e ".repeat(6);
        let text = format!("Version 2\nMode: Normal\n{}", format!("{row}\n").repeat(6));
        let board = Board::parse("t.brd", text.as_bytes()).unwrap();
        let mut s = Session::new(BoardVariant::new("pegs/long", text.as_bytes(), board), 0);
        for r in 1..=6 {
            for g in 0..6u8 {
                let (from, to) = ((b'a' + 3 * g) as char, (b'a' + 3 * g + 2) as char);
                s.play_text(&format!("{from}{r}-{to}{r}")).unwrap();
            }
        }
        let lines = journal_lines(&s);
        assert_eq!(lines.len(), JOURNAL_LINES);
        assert_eq!(lines[0], "(6 earlier jumps)");
        assert_eq!(lines[1], "7. a2-c2 (+20)   8. d2-f2 (+20)");
        assert_eq!(lines[15], "35. m6-o6 (+20)   36. p6-r6 (+20)");
    }
}
