//! Playing the table from the keyboard, as sgt-puzzles' cursor keys do: the
//! arrows move a visible cursor between piles (Up and Down also reach
//! deeper into a pile's run), Space or Return lifts the cards from the
//! cursor down to the top, and a second press puts them on the pile under
//! the cursor (on their own pile: sends the top card home).

use crate::gfx::Rect;
use crate::machines::Key;
use crate::solitaire::engine::{PileId, Solitaire};
use crate::solitaire::rules::PileKind;

use super::layout::TableLayout;

/// What a key asks of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeyAction {
    /// The cursor moved or the hand changed: redraw.
    Moved,
    /// Deal from (or turn over) this stock.
    Stock(PileId),
    /// Addition games: pick this pile's top card.
    Pick(PileId),
    /// Put `count` cards from `from` onto `to`.
    Drop { from: PileId, count: usize, to: PileId },
    /// Send the top card of this pile to a foundation.
    Home(PileId),
    /// Nothing can be lifted here, for the reason given.
    CannotLift(String),
}

#[derive(Clone, Debug, Default)]
pub struct Cursor {
    /// The pile under the cursor, and how many cards from its top the
    /// cursor reaches (at least 1).
    at: Option<(PileId, usize)>,
    /// Cards lifted: their pile and how many.
    held: Option<(PileId, usize)>,
    /// Shown once a key was used; the mouse hides it.
    visible: bool,
    /// A hint has put the hidden cursor on the cards it frames: the
    /// player sees where it is, so the first Space acts there.
    aimed: bool,
}

impl Cursor {
    /// Hides the cursor and drops what it held; whether it was showing.
    pub fn hide(&mut self) -> bool {
        self.held = None;
        self.aimed = false;
        std::mem::replace(&mut self.visible, false)
    }

    /// The pile the cursor is on and how deep it reaches, while shown.
    pub fn at(&self) -> Option<(PileId, usize)> {
        self.at.filter(|_| self.visible)
    }

    pub fn held(&self) -> Option<(PileId, usize)> {
        self.held.filter(|_| self.visible)
    }

    /// Drops what the cursor held, and a hint's aim: the position moved on.
    pub fn drop_held(&mut self) {
        self.held = None;
        self.aimed = false;
    }

    /// Brings the cursor to `depth` cards deep in `pile` (a hint's cards),
    /// so that Space lifts them. A hidden cursor stays hidden, for the
    /// hint frames those cards, but the next Space or Return acts there.
    pub fn point_at(&mut self, pile: PileId, depth: usize) {
        self.held = None;
        self.at = Some((pile, depth.max(1)));
        self.aimed = !self.visible;
    }

    /// Brings the cursor onto `pile` keeping the cards it holds (a hint's
    /// destination for cards already lifted), so that Space puts them
    /// there; a hidden cursor stays hidden, aimed, as in [`point_at`](Cursor::point_at).
    pub fn aim_at(&mut self, pile: PileId) {
        self.at = Some((pile, 1));
        self.aimed = !self.visible;
    }

    /// In a pairing game (Pyramid) a card taken leaves no place to stand
    /// on: a cursor left on an emptied pile of the tableau moves to the
    /// nearest card still there that can be taken, else to any card; once
    /// no card is left (the pyramid cleared, the game won) it hides, and
    /// the next key shows it on the first pile, not framing nothing.
    pub fn settle(&mut self, st: &Solitaire) {
        let Some((pile, _)) = self.at else { return };
        if !spent(st, pile) {
            return;
        }
        let count = st.pile_count(PileKind::Tableau);
        let nearest = |free: bool| {
            (0..count)
                .filter(|&i| !st.pile(PileKind::Tableau, i).is_empty() && (!free || !st.is_covered(i)))
                .min_by_key(|&i| i.abs_diff(pile.index()))
        };
        match nearest(true).or_else(|| nearest(false)) {
            Some(i) => self.at = Some((PileId::new(PileKind::Tableau, i), 1)),
            None => {
                self.at = None;
                self.hide();
            }
        }
    }

    /// The visible piles in reading order: by row, then left to right.
    fn order(layout: &TableLayout) -> Vec<(PileId, i32, i32)> {
        let mut piles: Vec<(PileId, i32, i32)> =
            layout.piles.iter().filter(|g| g.visible).map(|g| (g.id, g.x, g.y)).collect();
        piles.sort_by_key(|&(_, x, y)| (y, x));
        piles
    }

    /// Handles a key; `None` if it is not the cursor's.
    pub fn key(&mut self, key: Key, st: &Solitaire, layout: &TableLayout) -> Option<KeyAction> {
        let piles = Self::order(layout);
        if piles.is_empty() {
            return None;
        }
        // A cursor not yet placed starts on the first pile in reading
        // order that can be played: not a covered card (the top of the
        // pyramid), nor, in a pairing game, where nothing can be put, an
        // empty pile (Pyramid's waste before the first deal).
        let pairing = st.rules().addition > 0;
        let passed_over = |p: PileId| st.covered(p) || (pairing && st.pile(p.kind, p.index()).is_empty());
        let first = piles.iter().find(|q| !passed_over(q.0)).unwrap_or(&piles[0]).0;
        let (pile, depth) = self.at.filter(|(p, _)| piles.iter().any(|q| q.0 == *p)).unwrap_or((first, 1));
        let index = piles.iter().position(|q| q.0 == pile).unwrap_or(0);
        let first_use = !self.visible;
        let aimed = std::mem::take(&mut self.aimed);
        self.visible = true;
        // The first key only shows the cursor: nothing is dealt or lifted
        // unseen. Where a hint framed the cards it is on, Space or Return
        // acts at once.
        let acts_at_once = aimed && matches!(key, Key::Char(' ') | Key::Enter);
        if first_use
            && !acts_at_once
            && matches!(key, Key::Left | Key::Right | Key::Up | Key::Down | Key::Char(' ') | Key::Enter)
        {
            self.at = Some((pile, depth));
            return Some(KeyAction::Moved);
        }
        // Up reaches every face-up card, a run that cannot be lifted
        // too: Space there says why, where a cursor stopping short would
        // leave the player guessing.
        let face_up = st.pile(pile.kind, pile.index()).iter().filter(|s| s.face_up).count();
        match key {
            Key::Left | Key::Right => {
                let n = piles.len();
                let step = |i: usize| if key == Key::Right { (i + 1) % n } else { (i + n - 1) % n };
                let mut next = step(index);
                while spent(st, piles[next].0) && next != index {
                    next = step(next);
                }
                self.at = Some((piles[next].0, 1));
            }
            Key::Up if depth < face_up => {
                self.at = Some((pile, depth + 1));
            }
            Key::Down if depth > 1 => self.at = Some((pile, depth - 1)),
            Key::Up | Key::Down => {
                // The nearest pile straight above or below (overlapping
                // this one's width: Pyramid's waste over its stock, not
                // the pyramid's nearer row beside them), else the nearest
                // in the next row up or down.
                let (_, x, y) = piles[index];
                let nearest = |straight: bool| {
                    piles
                        .iter()
                        .filter(|q| (if key == Key::Up { q.2 < y } else { q.2 > y }) && !spent(st, q.0))
                        .filter(|q| !straight || (q.1 - x).abs() < layout.card_w)
                        .min_by_key(|q| ((q.2 - y).abs(), (q.1 - x).abs()))
                };
                if let Some(&(p, _, _)) = nearest(true).or_else(|| nearest(false)) {
                    self.at = Some((p, 1));
                }
            }
            Key::Char(' ') | Key::Enter => return Some(self.press(st, pile, depth)),
            Key::Escape if self.held.is_some() => self.held = None,
            _ => return None,
        }
        Some(KeyAction::Moved)
    }

    fn press(&mut self, st: &Solitaire, pile: PileId, depth: usize) -> KeyAction {
        let action = match self.held.take() {
            Some((from, _)) if from == pile => KeyAction::Home(pile),
            Some((from, count)) => KeyAction::Drop { from, count, to: pile },
            None if pile.kind == PileKind::Stock => KeyAction::Stock(pile),
            None if st.rules().addition > 0 => KeyAction::Pick(pile),
            None if st.pile(pile.kind, pile.index()).len() >= depth && st.liftable(pile) >= depth => {
                self.held = Some((pile, depth));
                KeyAction::Moved
            }
            None => KeyAction::CannotLift(why_not_lifted(st, pile, depth)),
        };
        // A refused lift keeps the cursor on the cards the reason is
        // about, until the player moves it on; anything done comes back
        // to the pile's top card.
        if !matches!(action, KeyAction::CannotLift(_)) {
            self.at = Some((pile, 1));
        }
        action
    }

    /// Where the cursor is drawn: around the card it reaches, or the empty
    /// pile's mat.
    pub fn rect(&self, st: &Solitaire, layout: &TableLayout, placed: &[(PileId, usize, Rect)]) -> Option<Rect> {
        let (pile, depth) = self.at.filter(|_| self.visible)?;
        let len = st.pile(pile.kind, pile.index()).len();
        let card = len.checked_sub(depth.max(1));
        let rect_of = |i: usize| placed.iter().find(|p| p.0 == pile && p.1 == i).map(|p| p.2);
        match card.and_then(rect_of) {
            // The whole run the cursor reaches, from its first card to the
            // pile's top card: what Space lifts.
            Some(first) => Some(match len.checked_sub(1).and_then(rect_of) {
                Some(top) => Rect::from_edges(
                    first.x.min(top.x),
                    first.y.min(top.y),
                    first.right().max(top.right()),
                    first.bottom().max(top.bottom()),
                ),
                None => first,
            }),
            None => layout.pile(pile).map(|g| layout.base_rect(g)),
        }
    }
}

/// Whether `pile` is a place of a pairing game's tableau (Pyramid) whose
/// cards are gone: nothing can come there again, so the cursor neither
/// stays nor stops there.
fn spent(st: &Solitaire, pile: PileId) -> bool {
    st.rules().addition > 0 && pile.kind == PileKind::Tableau && st.pile(pile.kind, pile.index()).is_empty()
}

/// Why the top `count` cards of `pile` cannot be lifted together, in the
/// rules' own words ("A stack of several cards must be all one suit.",
/// "Cards cannot be taken from a foundation.").
pub(super) fn why_not_lifted(st: &Solitaire, pile: PileId, count: usize) -> String {
    if st.pile(pile.kind, pile.index()).is_empty() {
        return "There is no card there.".into();
    }
    st.lift_refusal(pile, count)
        .map_or_else(|| "Those cards cannot move together.".into(), |refusal| refusal.reason().to_string())
}
