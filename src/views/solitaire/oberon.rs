//! The table played as Oberon System 3's card games were: New and Undo
//! buttons above the cards, the middle button for quick moves (a card
//! home in Solitaire and FreeCell; in Spider a column's top run to where
//! it fits best), FreeCell's click-to-select and click-to-move, and a
//! pointing hand over the cards that may be moved.

use crate::core::Session;
use crate::gfx::{Rect, Surface};
use crate::machines::{Button, Command, Input, Machine, MenuItem, Pointer};
use crate::solitaire::engine::{SolMove, Solitaire, SolitaireVariant};
use crate::solitaire::quick;
use crate::solitaire::rules::{Mode, PileKind};
use crate::views::board::Reply;
use crate::views::widgets::button;

use super::layout::TableLayout;
use super::{CARD_BACK, EASY, HARD, OberonGame, SolitaireBoard, Style};

/// The height of the strip that holds the New and Undo buttons.
const BAR_H: i32 = 20;

/// The mode that deals Draws cards at a time: Easy draws one, Hard three
/// (as the card-games game.ini files set them up).
pub fn draws_mode(draws: u8) -> Mode {
    if draws == 1 { Mode::Easy } else { Mode::Hard }
}

/// The panel's Draws for a game played in `mode`.
pub fn mode_draws(mode: Mode) -> u8 {
    if mode == Mode::Easy { 1 } else { 3 }
}

/// The New and Undo buttons in the strip at the top of `area`.
fn buttons(area: Rect) -> (Rect, Rect) {
    let new = Rect::new(area.x + 4, area.y + 2, 56, BAR_H - 4);
    (new, Rect::new(new.right() + 6, new.y, 56, new.h))
}

/// Draws the New and Undo buttons (Undo greyed as Edit > Undo is dimmed,
/// see [`undo_applies`](crate::views::board::undo_applies)).
pub fn draw_buttons(s: &mut Surface, machine: &Machine, area: Rect, can_undo: bool) {
    let (new, undo) = buttons(area);
    button(s, machine, new, "New", true);
    button(s, machine, undo, "Undo", can_undo);
}

impl SolitaireBoard {
    /// The part of `area` the cards are laid out in.
    pub(super) fn table_area(&self, area: Rect) -> Rect {
        match self.style {
            Style::Oberon(_) => Rect::from_edges(area.x, area.y + BAR_H, area.right(), area.bottom()),
            Style::Yazzle => area,
        }
    }

    /// The Oberon games' Game menu: the modes by their own names (when
    /// they differ), the next card back and the way back to the panel.
    pub(super) fn oberon_menu_items(&self, session: &Session<SolitaireVariant>) -> Vec<MenuItem> {
        let v = session.variant();
        let mut items = Vec::new();
        if v.modes_differ() {
            for (mode, cmd) in [(Mode::Easy, EASY), (Mode::Hard, HARD)] {
                items.push(MenuItem::new(&v.mode_name(mode), Command::View(cmd)).checked(v.mode() == mode));
            }
        }
        items.push(MenuItem::new("Next Card Back", Command::View(CARD_BACK)));
        // The other card games straight from the keyboard, as every game
        // type's Game Types... (and YaZZle's toolbar button for it). Named
        // by what each opens, a list or the panel: "Card Games..." above
        // "CardGames Panel" read as one thing spelt two ways.
        items.push(MenuItem::new(crate::views::cardgames::CHOOSER, Command::Variants).key('g'));
        items.push(MenuItem::new("CardGames Panel", Command::Play("cardgames".into())));
        items
    }

    /// The pointing hand over a card that may be picked up (with the cards
    /// on it), the arrow elsewhere.
    pub(super) fn movable_at(&self, st: &Solitaire, layout: &TableLayout, x: i32, y: i32) -> Pointer {
        match self.hit(st, layout, x, y) {
            Some((id, Some(i))) => {
                let count = st.pile(id.kind, id.index()).len() - i;
                if count <= st.liftable(id) { Pointer::Hand } else { Pointer::Arrow }
            }
            _ => Pointer::Arrow,
        }
    }

    /// The tableau column at `x`, for a click anywhere within or below it.
    fn column_at(layout: &TableLayout, x: i32, y: i32) -> Option<usize> {
        layout
            .piles
            .iter()
            .find(|g| g.id.kind == PileKind::Tableau && (g.x..g.x + layout.card_w).contains(&x) && y >= g.y)
            .map(|g| g.id.index())
    }

    /// Oberon's own handling of an event, or None to play it as YaZZle
    /// does (dragging, the stock, the keyboard).
    pub(super) fn oberon_input(
        &mut self,
        st: &Solitaire,
        game: OberonGame,
        input: &Input,
        area: Rect,
        layout: &TableLayout,
    ) -> Option<Reply<SolitaireVariant>> {
        let (new, undo) = buttons(area);
        match *input {
            Input::MouseDown { x, y, button: Button::Left } if new.contains(x, y) => Some(Reply::Command(Command::New)),
            Input::MouseDown { x, y, button: Button::Left } if undo.contains(x, y) => {
                Some(Reply::Command(Command::Undo))
            }
            Input::MouseDown { x, y, button: Button::Middle } => Some(match game {
                OberonGame::Spider => match Self::column_at(layout, x, y).and_then(|c| quick::spider_run(st, c)) {
                    Some(m) => Reply::Play(m),
                    // Oberon does nothing when the run fits nowhere.
                    None => Reply::Unchanged,
                },
                OberonGame::FreeCell if self.selected.is_some() => self.free_cell_single(st, layout, x, y),
                OberonGame::Solitaire | OberonGame::FreeCell => self.send_home(st, layout, x, y),
            }),
            Input::MouseDown { x, y, button: Button::Left } if game == OberonGame::FreeCell => {
                let hidden = self.cursor.hide();
                Some(self.free_cell_click(st, layout, x, y).or_redraw(hidden))
            }
            _ => None,
        }
    }

    /// A middle click on a card: home to a foundation if one takes it.
    fn send_home(&mut self, st: &Solitaire, layout: &TableLayout, x: i32, y: i32) -> Reply<SolitaireVariant> {
        match self.hit(st, layout, x, y) {
            Some((id, Some(_))) if id.kind != PileKind::Foundation => match quick::home(st, id) {
                Some(m) => Reply::Play(m),
                None => Reply::Refuse("No suit stack takes that card yet.".into()),
            },
            _ => Reply::Unchanged,
        }
    }

    /// FreeCell: the first click selects a pile's movable cards, a click
    /// on the same pile lets them go, a click on another pile moves as
    /// many as fit there (into a space, as many as the free cells and
    /// spaces allow).
    fn free_cell_click(&mut self, st: &Solitaire, layout: &TableLayout, x: i32, y: i32) -> Reply<SolitaireVariant> {
        let hit = self.hit(st, layout, x, y).map(|(id, _)| id);
        match (self.selected, hit) {
            (Some(from), Some(to)) if from == to => {
                self.selected = None;
                Reply::Redraw
            }
            (Some(from), Some(to)) => {
                // When nothing fits, one card: the rules then say why not.
                let count = quick::most_onto(st, from, to).unwrap_or(1);
                Reply::Play(SolMove::Move { from, count: count as u8, to })
            }
            (None, Some(id)) if st.liftable(id) > 0 => {
                self.selected = Some(id);
                Reply::Redraw
            }
            (Some(_), None) => {
                self.selected = None;
                Reply::Redraw
            }
            _ => Reply::Unchanged,
        }
    }

    /// FreeCell: a middle click on an empty column moves only the selected
    /// pile's top card there; on a card, it sends that card home.
    fn free_cell_single(&mut self, st: &Solitaire, layout: &TableLayout, x: i32, y: i32) -> Reply<SolitaireVariant> {
        match (self.selected, self.hit(st, layout, x, y)) {
            (Some(from), Some((to, None))) if to.kind == PileKind::Tableau => {
                Reply::Play(SolMove::Move { from, count: 1, to })
            }
            _ => {
                self.selected = None;
                self.send_home(st, layout, x, y)
            }
        }
    }
}
