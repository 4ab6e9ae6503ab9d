//! The card size a game keeps. The table takes the largest cards whose
//! layout fits it and leaves the index of every fanned face-up card in
//! sight, and it asks that of every position the player has seen in the
//! game, not only of the one on the table: a column grown long brings
//! smaller cards, which then stay until the next deal. Chosen for the
//! position alone, the cards grew back whenever the column shrank, and
//! after a win, when the table empties, so the whole layout jumped under
//! the player's eyes.

use std::cell::RefCell;
use std::collections::HashSet;

use crate::core::{Session, Variant};
use crate::gfx::Rect;
use crate::solitaire::engine::{Slot, Solitaire};
use crate::solitaire::rules::PileKind;

/// A position's tableau: the slots of each tableau pile, in order. The
/// fit of the cards depends on nothing else that changes in a game.
pub(super) type Tableau = Vec<Vec<Slot>>;

/// The tableau piles of `st`.
pub(super) fn tableau_of(st: &Solitaire) -> Tableau {
    (0..st.pile_count(PileKind::Tableau)).map(|i| st.pile(PileKind::Tableau, i).to_vec()).collect()
}

/// The tableaux the player has seen in the game on the table, and the
/// sizes they allow, worked out once per table area.
#[derive(Default)]
pub(super) struct GameFit {
    /// The step that dealt the game, and its seed.
    game: Option<(usize, u64)>,
    /// Each tableau seen, once, in the order seen.
    seen: Vec<Tableau>,
    known: HashSet<Tableau>,
    /// Per table area (and whether the waste fans): how many of `seen`
    /// have been measured, and the smallest size they allow, as an index
    /// into `CardSize::ALL_LARGEST_FIRST`.
    measured: RefCell<Vec<(Rect, bool, usize, usize)>>,
}

impl GameFit {
    /// Notes the position at the session's cursor. A game other than the
    /// one followed so far starts afresh, with every position from its deal
    /// to the cursor (a resumed game looks as it did when it was left).
    pub fn follow<V: Variant<Game = Solitaire>>(&mut self, session: &Session<V>) {
        let game = (session.game_start(), session.seed());
        if self.game != Some(game) {
            *self = GameFit { game: Some(game), ..GameFit::default() };
            for step in game.0..session.cursor() {
                if let Some(st) = session.state_at(step) {
                    self.note(st);
                }
            }
        }
        self.note(session.state());
    }

    fn note(&mut self, st: &Solitaire) {
        let tableau = tableau_of(st);
        if self.known.insert(tableau.clone()) {
            self.seen.push(tableau);
        }
    }

    /// The smallest size (the largest index) that `size_for` gives any
    /// tableau seen, for this table area; 0 if none has been seen.
    pub fn size(&self, area: Rect, fan_waste: bool, size_for: impl Fn(&Tableau) -> usize) -> usize {
        let mut measured = self.measured.borrow_mut();
        let entry = match measured.iter().position(|m| m.0 == area && m.1 == fan_waste) {
            Some(i) => &mut measured[i],
            None => {
                measured.push((area, fan_waste, 0, 0));
                measured.last_mut().expect("just pushed")
            }
        };
        let (_, _, done, size) = entry;
        *size = self.seen[*done..].iter().map(size_for).fold(*size, usize::max);
        *done = self.seen.len();
        *size
    }
}
