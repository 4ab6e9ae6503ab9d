//! The Card Shell's scores: points by the Sequences rule and the cards
//! laid off, kept with the game's statistics, and the Scores box.
//!
//! The Chance's own figures are extra keys of its statistics: `points` (the
//! total, as the Mac shows a number: `12.5`) and, per rule, `RULE-points`,
//! `RULE-games` and `RULE-wins` (RULE is `alternating`, `any` or `suit`).
//! `parlour stats the-chance` prints them as `points: 12.5`,
//! `alternating points: 3.5` and so on.

use crate::core::{GameStats, plural};
use crate::machines::Requester;
use crate::solitaire::chance::{Points, Sequences};

/// A game as it was scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastGame {
    pub rule: Sequences,
    /// Cards laid off.
    pub cards: usize,
    pub won: bool,
    /// Solve played in it: its cards are not the player's, and count none.
    pub helped: bool,
}

impl LastGame {
    pub fn points(&self) -> Points {
        self.rule.points(self.cards, self.won)
    }
}

/// A points figure of the record (0 where there is none yet: a figure
/// that is no number is damage the statistics file does not load).
fn points(stats: &GameStats, key: &str) -> Points {
    stats.extra.get(key).and_then(|v| Points::parse(v)).unwrap_or_default()
}

/// A count of the record (0 where there is none yet).
fn count(stats: &GameStats, key: &str) -> u64 {
    stats.extra.get(key).and_then(|v| v.parse().ok()).unwrap_or(0)
}

fn key(rule: Sequences, figure: &str) -> String {
    format!("{}-{figure}", rule.name())
}

/// Adds a scored game to the record's points and its rule's figures.
pub fn add(stats: &mut GameStats, game: &LastGame) {
    let figures = [
        ("points".to_string(), (points(stats, "points") + game.points()).to_string()),
        (key(game.rule, "points"), (points(stats, &key(game.rule, "points")) + game.points()).to_string()),
        (key(game.rule, "games"), count(stats, &key(game.rule, "games")).saturating_add(1).to_string()),
        (key(game.rule, "wins"), count(stats, &key(game.rule, "wins")).saturating_add(u64::from(game.won)).to_string()),
    ];
    stats.extra.extend(figures);
}

/// The Chance's figures for `parlour stats`: the points, then each rule's
/// points, games and wins, 0 before any game was scored.
pub fn figures(stats: &GameStats) -> Vec<(String, String)> {
    let mut figures = vec![("points".to_string(), points(stats, "points").to_string())];
    for rule in Sequences::ALL {
        figures.push((key(rule, "points"), points(stats, &key(rule, "points")).to_string()));
        for figure in ["games", "wins"] {
            figures.push((key(rule, figure), count(stats, &key(rule, figure)).to_string()));
        }
    }
    figures
}

/// The Scores box: the game just scored (if any), the overall points,
/// games, wins and streaks, the move counts and a breakdown by rule. Lines
/// are short enough for the smallest screen's requester.
pub fn scores_box(stats: &GameStats, last: Option<&LastGame>) -> Requester {
    let mut lines = Vec::new();
    if let Some(g) = last {
        let how = if g.won { "Won" } else { "Lost" };
        lines.push(match g.helped {
            true => format!("Solve: no cards count, {} points.", g.points()),
            false => format!("{how} with {}: {} points.", plural(g.cards as u64, "card", "cards"), g.points()),
        });
    }
    let streak = match stats.streak {
        0 => "none".to_string(),
        n if n > 0 => format!("{n} won"),
        n => format!("{} lost", n.unsigned_abs()),
    };
    lines.push(format!("Points: {} in {}", points(stats, "points"), plural(stats.played, "game", "games")));
    lines.push(format!("Won: {} ({}%)   Streak: {streak}", stats.won, stats.win_percent()));
    lines.push(format!("Longest streaks: {} won, {} lost", stats.best_win_streak, stats.worst_losing_streak));
    lines.push(match (stats.average_moves(), stats.best_moves) {
        (Some(avg), Some(best)) => format!("Moves: {avg} on average, best {best}"),
        (Some(avg), None) => format!("Moves: {avg} on average"),
        // Games Solve played in are not the player's to average: the
        // figures are of games, won or lost, played without it.
        _ if stats.played > 0 => "Moves: no game without Solve yet".to_string(),
        _ => "Moves: no game yet".to_string(),
    });
    for rule in Sequences::ALL {
        let games = count(stats, &key(rule, "games"));
        lines.push(format!("{}:", rule.label()));
        lines.push(format!(
            "   {} points, {}, {} won",
            points(stats, &key(rule, "points")),
            plural(games, "game", "games"),
            count(stats, &key(rule, "wins"))
        ));
    }
    Requester { title: "Scores".into(), lines, buttons: vec!["OK".into()] }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Outcome;

    #[test]
    fn points_add_up_by_rule() {
        let mut stats = GameStats::default();
        let games = [
            LastGame { rule: Sequences::Alternating, cards: 52, won: true, helped: false },
            LastGame { rule: Sequences::AnySuit, cards: 11, won: false, helped: false },
            LastGame { rule: Sequences::Alternating, cards: 13, won: false, helped: false },
        ];
        for g in &games {
            stats.record_game(if g.won { Outcome::Won } else { Outcome::Lost }, g.cards as i64, Some(1000), 40);
            add(&mut stats, g);
        }
        // 42 + (11 - 20) / 4 + (13 - 10) / 2 = 42 - 2.25 + 1.5
        assert_eq!(stats.extra["points"], "41.25");
        assert_eq!(stats.extra["alternating-points"], "43.5");
        assert_eq!(stats.extra["alternating-games"], "2");
        assert_eq!(stats.extra["alternating-wins"], "1");
        assert_eq!(stats.extra["any-points"], "-2.25");
        assert_eq!(stats.extra["any-wins"], "0");
        assert!(!stats.extra.contains_key("suit-games"));
        let b = scores_box(&stats, Some(&games[2]));
        assert_eq!(b.title, "Scores");
        assert_eq!(b.lines[0], "Lost with 13 cards: 1.5 points.");
        let helped = LastGame { rule: Sequences::Alternating, cards: 0, won: false, helped: true };
        assert_eq!(scores_box(&stats, Some(&helped)).lines[0], "Solve: no cards count, -5 points.");
        assert_eq!(b.lines[1], "Points: 41.25 in 3 games");
        assert_eq!(b.lines[2], "Won: 1 (33%)   Streak: 2 lost");
        assert_eq!(b.lines[3], "Longest streaks: 1 won, 2 lost");
        assert_eq!(b.lines[4], "Moves: 40 on average, best 40");
        assert_eq!(
            b.lines[5..],
            [
                "Alternating colour:",
                "   43.5 points, 2 games, 1 won",
                "Any suit:",
                "   -2.25 points, 1 game, 0 won",
                "One suit only:",
                "   0 points, 0 games, 0 won"
            ]
        );
        // The longest line fits the Amiga PAL requester (33 Topaz columns).
        assert!(b.lines.iter().all(|l| l.chars().count() <= 33), "{:?}", b.lines);
    }

    #[test]
    fn figures_the_file_does_not_hold_start_from_nothing() {
        let mut stats = GameStats::default();
        stats.extra.insert("points".into(), "lots".into());
        add(&mut stats, &LastGame { rule: Sequences::OneSuit, cards: 9, won: false, helped: false });
        assert_eq!(stats.extra["points"], "4");
        assert_eq!(scores_box(&GameStats::default(), None).lines[3], "Moves: no game yet");
        let mut helped = GameStats::default();
        helped.record_helped();
        assert_eq!(scores_box(&helped, None).lines[3], "Moves: no game without Solve yet");
    }

    /// The box after a game Solve played in, under each rule, fits the
    /// Amiga PAL requester's 33 Topaz columns: its headline is not broken.
    #[test]
    fn the_scores_of_a_game_solve_played_fit_the_smallest_screen() {
        for rule in Sequences::ALL {
            let game = LastGame { rule, cards: 0, won: false, helped: true };
            let mut stats = GameStats::default();
            stats.record_helped();
            add(&mut stats, &game);
            let b = scores_box(&stats, Some(&game));
            assert!(b.lines.iter().all(|l| l.chars().count() <= 33), "{:?}", b.lines);
        }
    }
}
