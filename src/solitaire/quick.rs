//! Moves a single click asks for, worked out from the rules: a card sent
//! home to a foundation, Oberon Spider's middle click on a column, and
//! how many cards a click-to-move takes. Pure: the views ask, the rules
//! judge.

use super::engine::{PileId, SolMove, Solitaire};
use super::rules::PileKind;

/// The move that sends the top card of `from` to the first foundation
/// that takes it, or else the whole run it ends: foundations that take
/// only complete suits (Spider's, its finished suits left on the table)
/// take the run a drag would lift, never its ace alone.
pub fn home(st: &Solitaire, from: PileId) -> Option<SolMove> {
    let run = st.liftable(from);
    to_foundation(st, from, 1).or_else(|| if run > 1 { to_foundation(st, from, run) } else { None })
}

/// The move that sends the top `count` cards of `from` to the first
/// foundation that takes them.
fn to_foundation(st: &Solitaire, from: PileId, count: usize) -> Option<SolMove> {
    (0..st.pile_count(PileKind::Foundation))
        .map(|f| PileId::new(PileKind::Foundation, f))
        .find(|&to| st.accepts(from, count, to))
        .map(|to| SolMove::Move { from, count: count as u8, to })
}

/// The move that puts the top card of tableau pile `from` in the first
/// empty reserve pile that takes it: a free cell (FreeCell, Eight Off,
/// Seahaven Towers), where a double-click sends a card no foundation
/// takes, as FreeCell players expect. A reserve that takes no cards
/// (Canfield's) never does.
pub fn free_cell(st: &Solitaire, from: PileId) -> Option<SolMove> {
    if from.kind != PileKind::Tableau {
        return None;
    }
    (0..st.pile_count(PileKind::Reserve))
        .map(|r| PileId::new(PileKind::Reserve, r))
        .filter(|to| st.pile(to.kind, to.index()).is_empty())
        .find(|&to| st.accepts(from, 1, to))
        .map(|to| SolMove::Move { from, count: 1, to })
}

/// The most cards from the top of `from` that may go onto `to` (on a
/// tableau pile only one count fits; into a space, the longest run the
/// free cells and spaces allow).
pub fn most_onto(st: &Solitaire, from: PileId, to: PileId) -> Option<usize> {
    (1..=st.liftable(from)).rev().find(|&n| st.accepts(from, n, to))
}

/// Oberon Spider's middle click on column `column`: its top run (the cards
/// in order and of one suit) goes, looked up in this order,
///
/// 1. to a foundation, if it is a complete suit;
/// 2. onto a card of the same suit;
/// 3. onto a card of another suit;
/// 4. into a space.
///
/// Columns are tried from the left. None if the run fits nowhere.
pub fn spider_run(st: &Solitaire, column: usize) -> Option<SolMove> {
    let from = PileId::new(PileKind::Tableau, column);
    let pile = st.pile(PileKind::Tableau, column);
    let count = st.liftable(from);
    if count == 0 {
        return None;
    }
    let bottom = pile[pile.len() - count].card;
    if let Some(home) = to_foundation(st, from, count) {
        return Some(home);
    }
    let to_move = |to: PileId| SolMove::Move { from, count: count as u8, to };
    let columns: Vec<PileId> = (0..st.pile_count(PileKind::Tableau))
        .filter(|&c| c != column)
        .map(|c| PileId::new(PileKind::Tableau, c))
        .collect();
    let top_suit = |to: PileId| st.pile(to.kind, to.index()).last().map(|s| s.card.suit);
    let fits = |to: &&PileId| st.accepts(from, count, **to);
    let same = columns.iter().filter(fits).find(|&&to| top_suit(to) == Some(bottom.suit));
    let other = columns.iter().filter(fits).find(|&&to| top_suit(to).is_some_and(|s| s != bottom.suit));
    let space = columns.iter().filter(fits).find(|&&to| top_suit(to).is_none());
    same.or(other).or(space).map(|&to| to_move(to))
}

#[cfg(test)]
mod tests {
    use super::super::engine::position;
    use super::super::rules::examples::spider_one_suit;
    use super::super::rules::{FoundationRules, Rules};
    use super::*;
    use crate::cards::Suit;
    use crate::core::Game;

    /// Four-suit Spider rules (two decks, any suit builds, runs of one
    /// suit move), with complete runs left on the table when `leave`.
    fn spider(leave: bool) -> Rules {
        let mut r = spider_one_suit();
        r.suits = Suit::ALL.to_vec();
        r.foundation = FoundationRules { auto_remove: !leave, ..r.foundation };
        r
    }

    fn text(st: &Solitaire, m: Option<SolMove>) -> Option<String> {
        m.map(|m| st.move_text(&m))
    }

    #[test]
    fn a_run_goes_onto_the_same_suit_before_another_suit() {
        // T1 ends in 5S 4S; T2 shows 6H, T3 6S: the spade six wins though
        // it stands further right.
        let st = position(spider(false), &[("T1", "9D 5S 4S"), ("T2", "6H"), ("T3", "6S"), ("T4", "KC")]);
        assert_eq!(text(&st, spider_run(&st, 0)).as_deref(), Some("T1:2>T3"));
    }

    #[test]
    fn another_suit_comes_before_a_space() {
        let st = position(spider(false), &[("T1", "9D 5S 4S"), ("T2", "QH"), ("T3", "6H"), ("T4", "KC")]);
        // T5..T10 are empty: the heart six is still preferred.
        assert_eq!(text(&st, spider_run(&st, 0)).as_deref(), Some("T1:2>T3"));
    }

    #[test]
    fn a_space_is_the_last_resort_and_nothing_fits_nowhere() {
        let mut piles: Vec<(&str, &str)> = vec![("T1", "9D 5S 4S")];
        let full = ["T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9", "T10"];
        piles.extend(full.iter().map(|&t| (t, "KC")));
        let blocked = position(spider(false), &piles);
        assert_eq!(spider_run(&blocked, 0), None);
        piles.pop();
        let with_space = position(spider(false), &piles);
        assert_eq!(text(&with_space, spider_run(&with_space, 0)).as_deref(), Some("T1:2>T10"));
    }

    #[test]
    fn a_complete_suit_goes_up_first() {
        let run = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS";
        let st = position(spider(true), &[("T1", run), ("T2", "2H"), ("T3", "KC")]);
        // Left on the table (AutoRemove off), a middle click removes it,
        // before any column (the 2 of hearts would take the ace alone).
        assert_eq!(st.auto_move(), None, "complete runs stay when AutoRemove is off");
        assert_eq!(text(&st, spider_run(&st, 0)).as_deref(), Some("T1:13>F1"));
        let auto = position(spider(false), &[("T1", run)]);
        assert!(auto.auto_move().is_some(), "and go by themselves otherwise");
    }

    #[test]
    fn the_run_is_the_top_cards_in_order_and_of_one_suit() {
        // 6H 5S 4S: only the two spades move together.
        let st = position(spider(false), &[("T1", "6H 5S 4S"), ("T2", "6D"), ("T3", "5C")]);
        assert_eq!(text(&st, spider_run(&st, 0)).as_deref(), Some("T1:2>T2"));
        assert_eq!(most_onto(&st, PileId::new(PileKind::Tableau, 0), PileId::new(PileKind::Tableau, 2)), Some(1));
    }

    #[test]
    fn home_finds_the_foundation_that_takes_the_card() {
        let st = position(spider(false), &[("T1", "KC AS")]);
        assert_eq!(home(&st, PileId::new(PileKind::Tableau, 0)), None, "Spider foundations take whole runs only");
        let klondike = position(super::super::rules::examples::klondike(), &[("T1", "KC AS"), ("F1", "")]);
        assert_eq!(text(&klondike, home(&klondike, PileId::new(PileKind::Tableau, 0))).as_deref(), Some("T1>F1"));
    }

    /// A complete suit left on the table (AutoRemove off) goes home whole,
    /// as a drag takes it: a double-click or Space twice asks for it.
    #[test]
    fn home_sends_a_complete_suit_whole() {
        let run = "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C AC";
        let st = position(spider(true), &[("T1", &format!("9D {run}")), ("T2", "KH QH")]);
        assert_eq!(text(&st, home(&st, PileId::new(PileKind::Tableau, 0))).as_deref(), Some("T1:13>F1"));
        assert_eq!(home(&st, PileId::new(PileKind::Tableau, 1)), None, "an unfinished run stays");
    }
}
