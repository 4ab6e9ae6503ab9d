//! What the peg view keeps and tells about a game: the ending in words,
//! the jumps the Journal box lists and the high-score table as a
//! requester.

use crate::core::highscores::Entry;
use crate::core::{Action, Game, Session, Variant, plural};
use crate::games::pegs::board::Stone;
use crate::games::pegs::rules::{BoardVariant, Ending};
use crate::machines::Requester;
use crate::views::board::clock;

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
/// scored: `1. d2-d4 (+20)`, for the Journal box (see
/// [`super::journal`]).
pub fn journal_jumps(session: &Session<BoardVariant>) -> Vec<String> {
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
    jumps
}

/// The High Scores requester for a board.
pub fn high_scores_box(board_name: &str, table: &[Entry]) -> Requester {
    let mut lines: Vec<String> = table
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let stones = plural(e.stones as u64, "stone", "stones");
            let points = plural(e.points, "point", "points");
            format!("{}. {}: {stones}, {points}, {}", i + 1, e.name, clock(e.seconds))
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

    #[test]
    fn the_high_scores_count_one_point_and_one_stone_in_the_singular() {
        let table = [Entry::new("Zed", 1, 61, 1), Entry::new("Ada", 2, 5, 3)];
        let shown = high_scores_box("English", &table);
        assert_eq!(shown.lines, ["1. Zed: 1 stone, 1 point, 1:01", "2. Ada: 3 stones, 2 points, 0:05"]);
    }

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
        assert!(journal_jumps(&s).is_empty());
        s.play_text("a1-c1").unwrap();
        s.play_text("d1-f1").unwrap();
        assert_eq!(journal_jumps(&s), ["1. a1-c1 (+30)", "2. d1-f1 (+10)"]);
        s.undo();
        assert_eq!(journal_jumps(&s), ["1. a1-c1 (+30)"], "undone jumps are not shown");
        s.restart();
        assert!(journal_jumps(&s).is_empty(), "only the game at the cursor");
    }

    /// A long game's journal has every jump, the first ones too: the box
    /// scrolls to them (it once left all but the last 30 out).
    #[test]
    fn a_long_journal_keeps_every_jump() {
        // Six rows of six `y y e` groups: thirty-six independent jumps.
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
        let jumps = journal_jumps(&s);
        assert_eq!(jumps.len(), 36);
        assert_eq!(jumps[0], "1. a1-c1 (+20)");
        assert_eq!(jumps[35], "36. p6-r6 (+20)");
    }
}
