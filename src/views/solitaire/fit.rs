//! The card size a game keeps. The table takes the largest cards whose
//! layout fits it and leaves the index of every fanned face-up card in
//! sight. A column grown long brings smaller cards at once; they grow back
//! only when every column has room again for a few more cards at the
//! larger size, so that a column shortened by one card and lengthened
//! again does not make the whole layout jump back and forth. The deal (a
//! new game, Back to Start) and the won table start afresh, each at the
//! size it needs: the play is over there, so no move is left to jump
//! back and forth over, and the long columns gone they show full size
//! again (The Chance lays off its last columns in one step, so its won
//! table stayed small), and a position looks the same whichever way the
//! player came back to it.

use std::cell::RefCell;

use crate::cards::{Card, Rank, Suit};
use crate::core::{Game, Session, Status, Variant};
use crate::gfx::Rect;
use crate::solitaire::engine::{Slot, Solitaire};
use crate::solitaire::rules::PileKind;

/// A position's tableau: the slots of each tableau pile, in order. The
/// fit of the cards depends on nothing else that changes in a game.
pub(super) type Tableau = Vec<Vec<Slot>>;

/// How many more cards every column must have room for before the cards
/// grow back.
const ROOM: usize = 3;

/// The tableau piles of `st`.
pub(super) fn tableau_of(st: &Solitaire) -> Tableau {
    (0..st.pile_count(PileKind::Tableau)).map(|i| st.pile(PileKind::Tableau, i).to_vec()).collect()
}

/// `tableau` with `ROOM` more face-up cards on every pile: the cards only
/// grow back where this still fits. (Which card lies there does not
/// matter to the fit.)
fn with_room(tableau: &Tableau) -> Tableau {
    let extra = Slot { card: Card::new(Rank::ACE, Suit::Spades), face_up: true };
    tableau.iter().map(|pile| pile.iter().copied().chain(std::iter::repeat_n(extra, ROOM)).collect()).collect()
}

/// One position the player was shown, in the order shown.
struct Visit {
    tableau: Tableau,
    kind: VisitKind,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum VisitKind {
    /// The position as dealt.
    Deal,
    Play,
    /// The game won: its table, all but empty, takes the size it needs.
    Won,
}

/// The positions shown in the game on the table, and the sizes they
/// bring, worked out once per table area.
#[derive(Default)]
pub(super) struct GameFit {
    /// The step that dealt the game, and its seed.
    game: Option<(usize, u64)>,
    /// The cursor last followed, so that a redraw adds no visit.
    cursor: Option<usize>,
    visits: Vec<Visit>,
    /// Per table area (and whether the waste fans): how many of `visits`
    /// have been measured, and the size they leave, as an index into
    /// `CardSize::ALL_LARGEST_FIRST`.
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
                    self.note(st, step == game.0);
                }
            }
        }
        if self.cursor != Some(session.cursor()) {
            self.cursor = Some(session.cursor());
            self.note(session.state(), session.cursor() == game.0);
        }
    }

    fn note(&mut self, st: &Solitaire, dealt: bool) {
        let tableau = tableau_of(st);
        let kind = match st.status() {
            _ if dealt => VisitKind::Deal,
            Status::Won => VisitKind::Won,
            _ => VisitKind::Play,
        };
        if self.visits.last().is_some_and(|v| v.tableau == tableau && v.kind == kind) {
            return;
        }
        self.visits.push(Visit { tableau, kind });
    }

    /// The size the positions shown leave (an index into the sizes,
    /// larger for smaller cards), for this table area: each position's
    /// `size_for` shrinks the cards at once, and grows them back only as
    /// far as that position with room for more cards allows, except the
    /// deal and the won table, which take their own size; 0 if none has
    /// been shown.
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
        for visit in &self.visits[*done..] {
            let need = size_for(&visit.tableau);
            *size = match visit.kind {
                VisitKind::Deal | VisitKind::Won => need,
                VisitKind::Play if need >= *size => need,
                VisitKind::Play => size_for(&with_room(&visit.tableau)).min(*size),
            };
        }
        *done = self.visits.len();
        *size
    }
}
