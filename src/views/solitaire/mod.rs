//! The YaZZle-style solitaire table: any game type drawn on any machine,
//! played by dragging cards, clicking the stock and double-clicking cards
//! home, or from the keyboard with a cursor. It only draws and turns input
//! into moves; the host's controller plays them.

mod assist;
pub mod badge;
mod bounce;
mod fit;
mod keyboard;
pub mod layout;
mod oberon;
pub mod outlook;

use std::sync::Arc;

use crate::cards::Card;
use crate::core::{Game, Mark, Session, Status, Variant};
use crate::gfx::{Paint, Rect, Surface};
use crate::machines::{
    Button, Command, Input, Key, Look, Machine, MachineId, Menu, MenuItem, Pen, Pointer, Requester, ViewCommand,
};
use crate::solitaire::engine::{PileId, Slot, SolMove, Solitaire, SolitaireVariant};
use crate::solitaire::library::GameType;
use crate::solitaire::quick;
use crate::solitaire::rules::{Mode, PileKind, Rules};
use crate::solitaire::solver::safe_lay_off;
use crate::solitaire::spec::{DealTo, MODE_NAME_SHOWN};

use super::board::{
    Board, DealSearch, OPTIONS, Refused, Reply, WINNABLE_PREF, WON_GAME_TAKES_NO_MOVE, switch_pref, undo_applies,
};
use super::card_art::{CardArt, CardSize, Mat};
use super::widgets::DoubleClicks;
pub use assist::Assist;
use bounce::Bounce;
use keyboard::{Cursor, KeyAction};
use layout::{PileGeometry, TableLayout};

/// What a game with no move left says, as it ends and when a card is
/// reached for.
const NO_MOVES_LEFT: &str = "No moves are left. Choose New Game to deal again.";

/// The table's own commands.
pub const AUTOPLAY: ViewCommand = ViewCommand("autoplay");
pub const RANDOM: ViewCommand = ViewCommand("random");
pub const CARD_BACK: ViewCommand = ViewCommand("cardback");
pub const EASY: ViewCommand = ViewCommand("easy");
pub const HARD: ViewCommand = ViewCommand("hard");
pub const MODE: ViewCommand = ViewCommand("mode");
/// Game > Solve: the winning line played as a demo.
pub const SOLVE: ViewCommand = ViewCommand("solve");
/// Shows or hides the solver's status field.
pub const SOLVER_STATUS: ViewCommand = ViewCommand("solver-status");
/// Deals only deals the solver proves winnable, from the next deal.
pub const WINNABLE_ONLY: ViewCommand = ViewCommand("winnable-only");

/// Card backs in the art set.
const BACKS: usize = 9;

/// How wide a card's outline is drawn, and an empty place's (its bevel, or
/// its outline and the shadow inside), on every machine: the widths a
/// hint's destination frame leaves whole.
const CARD_OUTLINE: i32 = 1;
const PLACE_OUTLINE: i32 = 2;
/// The Options box's buttons and the commands they run. "Card Back", not
/// "Back", which reads as going back; "OK" closes, as "Done" did, to
/// leave room for it on the Amiga PAL's 320 pixels.
const OPTION_BUTTONS: [(&str, Option<ViewCommand>); 4] =
    [("OK", None), ("Mode", Some(MODE)), ("Auto-play", Some(AUTOPLAY)), ("Card Back", Some(CARD_BACK))];
/// The Options box's buttons in `variant`: those of settings that change
/// something in it.
fn option_buttons(
    variant: &SolitaireVariant,
) -> impl Iterator<Item = &'static (&'static str, Option<ViewCommand>)> + '_ {
    OPTION_BUTTONS.iter().filter(|b| b.1.is_none_or(|cmd| setting_matters(variant, cmd)))
}

/// Whether the setting `command` changes anything in `variant`:
/// the mode where the two modes' rules differ, auto-play where the game
/// type lays cards off on the foundations by judgement; the card back
/// always.
fn setting_matters(variant: &SolitaireVariant, command: ViewCommand) -> bool {
    match command {
        MODE | EASY | HARD => variant.modes_differ(),
        AUTOPLAY => variant.rules().lay_offs_judged(),
        _ => true,
    }
}

/// The most characters of the Options box's mode line that every machine
/// shows on one line: the Amiga PAL's requester breaks lines wider than
/// 271 pixels, 33 characters of Topaz.
const MODE_LINE_SHOWN: usize = 33;

/// What the menus, the status line and the Options box call `mode`, on
/// every machine: the game type's own name for it ([EasyMode] Name), cut
/// after a whole word to [`MODE_NAME_SHOWN`] characters, else Easy or Hard.
pub(crate) fn mode_label(variant: &SolitaireVariant, mode: Mode) -> String {
    crate::core::shortened(&variant.mode_name(mode), MODE_NAME_SHOWN).into_owned()
}

/// The Options box's line for the mode in force: its name, and where the
/// game type gives the mode no Name, what sets it apart from the other
/// in a few words ("Mode: Easy (any card in spaces)"), as many of its
/// differences as fit the line (Clear Fork's Hard turns three and moves
/// runs as room allows: "Mode: Hard (stock turns three)").
fn mode_line(variant: &SolitaireVariant) -> String {
    let (mode, other) = (variant.mode(), variant.mode().other());
    let named = format!("Mode: {}", mode_label(variant, mode));
    if !variant.modes_differ() {
        return format!("{named} ({} plays alike)", mode_label(variant, other));
    }
    let (this, that) = (variant.rules_of(mode), variant.rules_of(other));
    let meaning = mode_meaning(this, that).filter(|_| this.mode_name.is_none()).unwrap_or_default();
    let described = (1..=meaning.len())
        .rev()
        .map(|shown| format!("{named} ({})", meaning[..shown].join(", ")))
        .find(|line| line.chars().count() <= MODE_LINE_SHOWN);
    described.unwrap_or(named)
}

/// What sets the rules `this` apart from `that`, in the settings a
/// mode's section changes (KingsOnly, Take3, CheckFree), a few words
/// each; `None` where anything else sets them apart too, which the words
/// would leave out.
fn mode_meaning(this: &Rules, that: &Rules) -> Option<Vec<String>> {
    let (tableau, deal) = (&this.tableau, this.stock.deal_count);
    let words = [
        (tableau.kings_only != that.tableau.kings_only)
            .then(|| if tableau.kings_only { "only kings in spaces" } else { "any card in spaces" }.to_string()),
        (deal != that.stock.deal_count).then(|| match deal {
            1 => "stock turns one".to_string(),
            3 => "stock turns three".to_string(),
            n => format!("stock turns {n}"),
        }),
        (tableau.check_free != that.tableau.check_free)
            .then(|| if tableau.check_free { "runs as room allows" } else { "runs move in one go" }.to_string()),
    ];
    let mut alike = that.clone();
    alike.tableau.kings_only = tableau.kings_only;
    alike.tableau.check_free = tableau.check_free;
    alike.stock.deal_count = deal;
    alike.mode_name.clone_from(&this.mode_name);
    (alike == *this).then(|| words.into_iter().flatten().collect())
}

/// How the table is played: YaZZle's way (drag, double-click home, a
/// score and a clock) or as one of the Oberon System 3 card games (New and
/// Undo buttons, middle-click play, no score and no clock).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Yazzle,
    Oberon(OberonGame),
}

/// Which Oberon card game a table plays: each has its own clicks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OberonGame {
    /// Drag cards; middle click sends a card home; Draws sets 1 or 3.
    Solitaire,
    /// Drag cards; middle click in or below a column moves its top run.
    Spider,
    /// Click to select, click to move; middle click sends home, or on an
    /// empty column moves a single card.
    FreeCell,
}

/// A stack being dragged.
#[derive(Clone, Debug)]
struct Drag {
    from: PileId,
    count: usize,
    /// Pointer position minus the dragged bottom card's top-left.
    grab: (i32, i32),
    at: (i32, i32),
    /// Where the button went down: a drag is a move that far from it, in
    /// steps however small (a slow hand on a scaled-up screen).
    pressed: (i32, i32),
    moved: bool,
    /// The card pressed plays by one click, once released where it was
    /// pressed (Aces Up's discard, whose cards also go to columns by drag).
    clicks_on_release: Option<usize>,
}

/// Player preferences that are not part of the game.
#[derive(Clone, Debug, Default)]
pub struct TableOptions {
    pub back: usize,
    pub random_placement: bool,
    pub auto_foundations: bool,
}

/// What a hint marks on the table: the cards its move takes and where
/// they go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HintMarks {
    /// The pile the move is played from and how many of its top cards it
    /// lifts (the stock, for a deal or a recycle).
    pub from: (PileId, usize),
    /// A pair's other card, taken away with the first.
    pub partner: Option<PileId>,
    /// The pile the cards go to.
    pub to: Option<PileId>,
}

/// How a hint marks a card or an empty place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum HintMark {
    /// One of the cards the move takes.
    Taken,
    /// Where they go.
    Target,
}

pub struct SolitaireBoard {
    game_type: Arc<GameType>,
    style: Style,
    options: TableOptions,
    /// Oberon Solitaire's Draws (1 or 3), from the CardGames panel: the
    /// mode of the next deal.
    draws: u8,
    /// Oberon FreeCell: the pile whose cards are selected to move.
    selected: Option<PileId>,
    drag: Option<Drag>,
    /// Addition games: the card picked first of a pair.
    picked: Option<PileId>,
    /// Double-clicks on the piles, which send a card home.
    clicks: DoubleClicks<PileId>,
    /// The keyboard's cursor and the cards it holds.
    cursor: Cursor,
    /// What the hint shown marks.
    hinted: Option<HintMarks>,
    /// A win being celebrated with bouncing cards: asked for, then running.
    celebrating: bool,
    bounce: Option<Bounce>,
    /// The card size kept through the game.
    fit: fit::GameFit,
    /// The solver's status field, hints and Solve demo.
    pub assist: Assist,
}

impl SolitaireBoard {
    pub fn new(game_type: Arc<GameType>) -> SolitaireBoard {
        SolitaireBoard::with_style(game_type, Style::Yazzle)
    }

    /// A table played as one of the Oberon card games.
    pub fn oberon(game_type: Arc<GameType>, game: OberonGame) -> SolitaireBoard {
        SolitaireBoard::with_style(game_type, Style::Oberon(game))
    }

    fn with_style(game_type: Arc<GameType>, style: Style) -> SolitaireBoard {
        SolitaireBoard {
            game_type,
            style,
            options: TableOptions::default(),
            draws: 3,
            selected: None,
            drag: None,
            picked: None,
            clicks: DoubleClicks::default(),
            cursor: Cursor::default(),
            hinted: None,
            celebrating: false,
            bounce: None,
            fit: fit::GameFit::default(),
            assist: Assist::default(),
        }
    }

    /// The largest cards whose layout fits the table and leaves the index
    /// (rank and suit) of every fanned face-up card in sight, in this
    /// position and every other the player has seen in the game (see
    /// [`fit`]). A column grown long may so bring smaller cards, as a
    /// deal with two rows of foundations on a small screen does from the
    /// start. Where no size shows them all, the smallest that fits: it
    /// shows the most of each card. If no size fits, the smallest cards
    /// with their piles drawn closer, so that every pile is in reach.
    fn fitted(&self, st: &Solitaire, area: Rect) -> (&'static CardArt, TableLayout) {
        let area = self.table_area(area);
        let fan_waste = st.rules().stock.deal_count > 1;
        let sizes = CardSize::ALL_LARGEST_FIRST;
        let mut layouts: Vec<TableLayout> =
            sizes.iter().map(|&size| TableLayout::new(&self.game_type.spec, size, area, fan_waste)).collect();
        let Some(largest) = layouts.iter().position(|l| l.fits) else {
            let smallest = sizes[sizes.len() - 1];
            return (CardArt::get(smallest), TableLayout::squeezed(&self.game_type.spec, smallest, area, fan_waste));
        };
        // Smaller cards keep the top row where the largest put it.
        let top = layouts[largest].top();
        for layout in layouts.iter_mut().skip(largest).filter(|l| l.fits) {
            layout.raise_to(top);
        }
        let smallest = (largest..sizes.len()).rfind(|&i| layouts[i].fits).unwrap_or(largest);
        let size_for = |tableau: &fit::Tableau| {
            (largest..sizes.len())
                .find(|&i| layouts[i].fits && Self::indexes_show(tableau, &layouts[i], sizes[i].index_rows()))
                .unwrap_or(smallest)
        };
        let chosen = self.fit.size(area, fan_waste, size_for).max(size_for(&fit::tableau_of(st)));
        (CardArt::get(sizes[chosen]), layouts.swap_remove(chosen))
    }

    /// Whether every face-up card with another fanned down over it shows
    /// `rows` pixels of itself in the tableau's squeezed columns.
    fn indexes_show(tableau: &fit::Tableau, layout: &TableLayout, rows: i32) -> bool {
        let fanned_down = |g: &&PileGeometry| g.visible && g.id.kind == PileKind::Tableau && g.up_step.1 > 0.0;
        layout.piles.iter().filter(fanned_down).all(|g| {
            let slots = &tableau[g.id.index()];
            let rects = layout.card_rects(g, slots, None);
            rects.windows(2).all(|w| !slots[w[0].0].face_up || w[1].1.y - w[0].1.y >= rows)
        })
    }

    fn layout(&self, st: &Solitaire, area: Rect) -> TableLayout {
        self.fitted(st, area).1
    }

    /// A stable pseudo-random displacement in -1..1 for a card, so
    /// "randomly placed cards" keep their places between frames.
    fn jitter(card: Card, index: usize) -> (f64, f64) {
        let h = crate::core::fnv1a64(format!("{card}{index}").as_bytes());
        let unit = |bits: u64| (bits & 0xFFFF) as f64 / 32767.5 - 1.0;
        (unit(h), unit(h >> 16))
    }

    /// Every drawn card with its rectangle, bottom to top, pile by pile.
    fn placed(&self, st: &Solitaire, layout: &TableLayout) -> Vec<(PileId, usize, Rect)> {
        let mut out = Vec::new();
        for g in layout.piles.iter().filter(|g| g.visible) {
            let slots = self.left_by_drag(g, st.pile(g.id.kind, g.id.index()));
            let jitter = |i: usize| Self::jitter(slots[i].card, i);
            let j: Option<&dyn Fn(usize) -> (f64, f64)> =
                if self.options.random_placement { Some(&jitter) } else { None };
            for (i, r) in layout.card_rects(g, slots, j) {
                out.push((g.id, i, r));
            }
        }
        out
    }

    /// The cards of pile `g` as the table shows them: the cards a drag
    /// holds are off it where that shows what they uncover, on a pile that
    /// shows only its top cards (the waste: the card under the one held,
    /// as on Windows) or a pile emptied (its outline). A fanned pile keeps
    /// its spacing while a run is held: it would close up, then open again
    /// if the run came back.
    fn left_by_drag<'a>(&self, g: &PileGeometry, slots: &'a [Slot]) -> &'a [Slot] {
        match self.drag.as_ref().filter(|d| d.moved && d.from == g.id) {
            Some(d) if (g.max_visible.is_some() || d.count == slots.len()) && d.count <= slots.len() => {
                &slots[..slots.len() - d.count]
            }
            _ => slots,
        }
    }

    /// Where card `index` of a pile is drawn in `area` (for scripts and
    /// tests that click like a player).
    pub fn card_rect(&self, st: &Solitaire, area: Rect, id: PileId, index: usize) -> Option<Rect> {
        self.placed(st, &self.layout(st, area)).into_iter().find(|p| p.0 == id && p.1 == index).map(|p| p.2)
    }

    /// Where a pile's first card (or its empty mat) is drawn in `area`.
    pub fn pile_rect(&self, st: &Solitaire, area: Rect, id: PileId) -> Option<Rect> {
        let layout = self.layout(st, area);
        layout.pile(id).map(|g| layout.base_rect(g))
    }

    /// The topmost card under the pointer, or the pile whose empty mat is there.
    fn hit(&self, st: &Solitaire, layout: &TableLayout, x: i32, y: i32) -> Option<(PileId, Option<usize>)> {
        if let Some(&(id, i, _)) = self.placed(st, layout).iter().rev().find(|(_, _, r)| r.contains(x, y)) {
            return Some((id, Some(i)));
        }
        layout.piles.iter().filter(|g| g.visible).find(|g| layout.base_rect(g).contains(x, y)).map(|g| (g.id, None))
    }

    /// A click on the stock deals, or turns the waste over (or, where the
    /// waste has been turned over as often as it may, is refused for that
    /// reason rather than for the stock being empty).
    fn stock_move(st: &Solitaire, id: PileId) -> SolMove {
        let recycle = st.can_recycle() || st.redeals_used_up();
        if st.can_deal(id.index()) || !recycle { SolMove::Deal(id.index() as u8) } else { SolMove::Recycle }
    }

    /// The move that sends the top card of `id` to a foundation, if one takes it.
    /// Where a double-click (or Space twice) sends the top card of `id`:
    /// home, or else from a column into an empty free cell.
    fn home_move(st: &Solitaire, id: PileId) -> Option<SolMove> {
        quick::home(st, id).or_else(|| quick::free_cell(st, id))
    }

    /// Sends the top card of `id` home (a double-click, Space on a picked
    /// card). Where it cannot go and the game has one foundation (Golf's,
    /// Aces Up's discard pile), the move is played all the same, for the
    /// rules to refuse in the game's own words, as they refuse a card
    /// dropped where it cannot go: after a finished game that refusal
    /// comes after the ending, which stays first on every status line.
    /// Where the game has several foundations, the player is told that
    /// none takes the card.
    fn home_or_why(st: &Solitaire, id: PileId) -> Reply<SolitaireVariant> {
        if let Some(m) = Self::home_move(st, id) {
            return Reply::Play(m);
        }
        let only = PileId::new(PileKind::Foundation, 0);
        match st.pile_count(PileKind::Foundation) {
            1 => {
                let home = SolMove::Move { from: id, count: 1, to: only };
                if st.check(&home).is_err() { Reply::Play(home) } else { Reply::Unchanged }
            }
            _ => Reply::Refuse("No foundation takes that card yet.".into()),
        }
    }

    fn click(&mut self, st: &Solitaire, id: PileId, index: Option<usize>) -> Reply<SolitaireVariant> {
        if id.kind == PileKind::Stock {
            return Reply::Play(Self::stock_move(st, id));
        }
        if st.rules().addition > 0 {
            return self.pick(st, id);
        }
        // A double-click sends a card home, or else from a column to a
        // free cell. Where a column's top card has one place to go home,
        // one click plays it (or says why not), as the player expects:
        // where the tableau takes no cards (Golf), or the one foundation
        // is a discard pile (Aces Up, whose cards reach columns by drag).
        let double = self.clicks.click(id);
        if Self::one_click_plays(st, id, index) {
            // The first click of a double-click has already played: the
            // second would play the card it uncovered, which no one meant.
            return if double { Reply::Unchanged } else { Self::home_or_why(st, id) };
        }
        if double && index.is_some() {
            self.clicks.forget();
            return Self::home_or_why(st, id);
        }
        Reply::Unchanged
    }

    /// Whether one click on the card at `index` of `id` plays it: a
    /// column's top card with one place to go home, where the tableau takes
    /// no cards (Golf), or the one foundation is a discard pile (Aces Up,
    /// whose cards reach columns by drag).
    fn one_click_plays(st: &Solitaire, id: PileId, index: Option<usize>) -> bool {
        let top = index.is_some_and(|i| i + 1 == st.pile(id.kind, id.index()).len()) && id.kind == PileKind::Tableau;
        top && (st.rules().tableau.max_allowed == 0 || st.pile_count(PileKind::Foundation) == 1)
    }

    /// Addition games: pick a card, then its partner; a card worth the
    /// whole sum goes alone. A covered card may be picked only where it
    /// pairs with the one card covering it (the rules allow that pair,
    /// and Hint and Solve play it), in either order.
    fn pick(&mut self, st: &Solitaire, id: PileId) -> Reply<SolitaireVariant> {
        const COVERED: &str = "That card is covered: only uncovered cards can be taken.";
        let sum = st.rules().addition;
        let Some(card) = st.pile(id.kind, id.index()).last().map(|s| s.card) else {
            return Reply::Unchanged;
        };
        let covered = id.kind == PileKind::Tableau && st.is_covered(id.index());
        match self.picked.take() {
            Some(first) if first == id => Reply::Redraw,
            Some(first) if covered && st.check(&SolMove::Pair(first, id)).is_err() => {
                // The card picked first stays picked for its true partner.
                self.picked = Some(first);
                Reply::Refuse(COVERED.into())
            }
            Some(first) => Reply::Play(SolMove::Pair(first, id)),
            None if covered && !Self::pairs_with_cover(st, id) => Reply::Refuse(COVERED.into()),
            None if u32::from(card.rank.value()) == u32::from(sum) => Reply::Play(SolMove::Remove(id)),
            None => {
                self.picked = Some(id);
                Reply::Redraw
            }
        }
    }

    /// Whether the covered card on `id` can be taken now: in a legal pair
    /// with the last card covering it.
    fn pairs_with_cover(st: &Solitaire, id: PileId) -> bool {
        st.legal_moves().iter().any(|m| matches!(*m, SolMove::Pair(a, b) if a == id || b == id))
    }

    /// The pile a dragged stack is dropped on: the one whose cards overlap
    /// the dragged card most. A column counts all of its fan, not only its
    /// top card: a card let go over the cards it covers goes on it, as on
    /// Windows, rather than back without a word.
    fn drop_target(&self, st: &Solitaire, layout: &TableLayout, drag: &Drag) -> Option<PileId> {
        let card = Rect::new(drag.at.0 - drag.grab.0, drag.at.1 - drag.grab.1, layout.card_w, layout.card_h);
        let placed = self.placed(st, layout);
        layout
            .piles
            .iter()
            .filter(|g| g.visible && g.id != drag.from)
            .map(|g| {
                let cards = placed.iter().filter(|p| p.0 == g.id).map(|p| p.2);
                let spread = cards.reduce(|a, b| a.union(&b)).unwrap_or(layout.base_rect(g));
                let o = card.intersect(&spread);
                (g.id, if o.is_empty() { 0 } else { o.w * o.h })
            })
            .filter(|&(_, area)| area > 0)
            .max_by_key(|&(_, area)| area)
            .map(|(id, _)| id)
    }

    /// The Options box: the current settings, a button to change each. A
    /// setting that changes nothing in this game type says so, and has no
    /// button (a requester has no greyed buttons, and a live one that
    /// changes nothing looks broken).
    fn options_box(&self, variant: &SolitaireVariant) -> Requester {
        let on = |b: bool| if b { "on" } else { "off" };
        Requester {
            title: "Options".into(),
            lines: vec![
                mode_line(variant),
                if variant.rules().lay_offs_judged() {
                    format!("Auto-play to foundations: {}", on(self.options.auto_foundations))
                } else {
                    "Auto-play to foundations: not used in this game".into()
                },
                format!("Card back: {} of {BACKS}", self.options.back + 1),
            ],
            buttons: option_buttons(variant).map(|b| b.0.to_string()).collect(),
        }
    }

    /// Plays on in `mode` (from the next deal).
    fn set_mode(&self, session: &Session<SolitaireVariant>, mode: Mode) -> Reply<SolitaireVariant> {
        if session.variant().mode() == mode {
            return Reply::Unchanged;
        }
        match self.game_type.variant.with_options(mode.name()) {
            Ok(v) => Reply::Rules(v),
            Err(e) => Reply::Say(e),
        }
    }

    /// Draws a card, `inverted` where it is picked or lifted, as the Mac
    /// and Windows showed a chosen card.
    fn draw_card(&self, s: &mut Surface, art: &CardArt, slot: &Slot, r: Rect, inverted: bool) {
        let picture = if slot.face_up { art.face(slot.card) } else { art.back(self.options.back) };
        if inverted { s.draw_art_inverted(picture, r.x, r.y) } else { s.draw_art(picture, r.x, r.y) }
    }

    /// Whether a card can ever come to pile `id` once it is empty: not a
    /// tableau pile of an adding game (Pyramid) that the stock does not
    /// deal to, whose cards only ever leave. Such a place shows no mat:
    /// a cleared pyramid is felt, not a lattice of overlapping outlines.
    fn can_fill(st: &Solitaire, id: PileId) -> bool {
        let rules = st.rules();
        let dealt_to = rules.stock.piles > 0 && rules.stock.deal_to == DealTo::Tableau;
        !(id.kind == PileKind::Tableau && rules.addition > 0 && !dealt_to)
    }

    fn mat_for(st: &Solitaire, id: PileId) -> Mat {
        let rules = st.rules();
        match id.kind {
            PileKind::Stock if st.can_recycle() => Mat::Recycle,
            // "A" (or "K") only where an ace (a king) really starts the
            // pile: not on discard piles or foundations that take whole
            // king-to-ace runs.
            PileKind::Foundation
                if rules.addition == 0
                    && !rules.foundation.discard
                    && !rules.foundation.complete_sequences
                    && rules.foundation.suit_check =>
            {
                match st.start_rank() {
                    crate::cards::Rank::ACE => Mat::Ace,
                    crate::cards::Rank::KING => Mat::King,
                    _ => Mat::Empty,
                }
            }
            PileKind::Tableau if rules.tableau.kings_only => Mat::King,
            _ => Mat::Empty,
        }
    }

    /// The ink of a hint's dashed frame. Ink in the card's own white (the
    /// Amiga's highlight pen), in the felt's shade (the Mac's blue at four
    /// colours) or faint on white (a skin's pale glow) would only seem to
    /// wipe or blur the card's outline: the first pen that shows against
    /// both.
    fn mark_paint(look: &Look) -> Paint {
        /// The least difference in brightness from the card's face that
        /// stands out as a frame.
        const CONTRAST: i32 = 96;
        let face = look.colour(Pen::CardFace).luma() as i32;
        let hidden = [look.paint(Pen::CardFace), look.paint(Pen::Felt)];
        [Pen::Highlight, Pen::Fill, Pen::Text]
            .into_iter()
            .find(|&pen| {
                !hidden.contains(&look.paint(pen)) && (look.colour(pen).luma() as i32 - face).abs() >= CONTRAST
            })
            .map_or(look.paint(Pen::Text), |pen| look.paint(pen))
    }

    /// The move the player's auto-play option makes in `st`, if any (see
    /// [`Board::auto_move`]).
    pub fn auto_move_of(&self, st: &Solitaire) -> Option<SolMove> {
        Board::auto_move(self, st)
    }

    /// While the cards bounce: time moves them, and a click or a key ends
    /// the show.
    fn celebration(&mut self, st: &Solitaire, input: &Input, layout: &TableLayout) -> Reply<SolitaireVariant> {
        match *input {
            Input::Tick { ms } => {
                let bounce = self.bounce.get_or_insert_with(|| {
                    Bounce::new(
                        Self::launch_order(st, layout),
                        layout.area,
                        layout.card_h,
                        st.cards_on_foundations() as u64,
                    )
                });
                if bounce.done() {
                    return Reply::Unchanged;
                }
                bounce.tick(ms);
                Reply::Redraw
            }
            Input::MouseDown { .. } | Input::Key { .. } => {
                self.celebrating = false;
                self.bounce = None;
                Reply::Redraw
            }
            _ => Reply::Unchanged,
        }
    }

    /// The foundations' cards as Windows throws them: the top card of each
    /// foundation in turn, kings first.
    fn launch_order(st: &Solitaire, layout: &TableLayout) -> Vec<(Card, Rect)> {
        let piles: Vec<(Vec<Card>, Rect)> = (0..st.pile_count(PileKind::Foundation))
            .filter_map(|f| {
                let id = PileId::new(PileKind::Foundation, f);
                let g = layout.pile(id)?;
                Some((st.pile(id.kind, f).iter().map(|s| s.card).collect(), layout.base_rect(g)))
            })
            .collect();
        let deepest = piles.iter().map(|p| p.0.len()).max().unwrap_or(0);
        (0..deepest)
            .flat_map(|depth| {
                piles.iter().filter_map(move |(cards, r)| cards.len().checked_sub(depth + 1).map(|i| (cards[i], *r)))
            })
            .collect()
    }

    /// Whether the player's auto-play option lays cards off on this table
    /// (YaZZle's tables have it, in the games it applies to).
    fn auto_plays(&self, rules: &Rules) -> bool {
        self.options.auto_foundations && self.style == Style::Yazzle && rules.lay_offs_judged()
    }

    /// Where the keyboard's cursor is (pile, cards deep), while shown.
    pub fn cursor_at(&self) -> Option<(PileId, usize)> {
        self.cursor.at()
    }

    /// The cards the keyboard's cursor has lifted: their pile and count.
    pub fn cursor_held(&self) -> Option<(PileId, usize)> {
        self.cursor.held()
    }

    /// What the hint shown marks, while it is shown.
    pub fn hinted(&self) -> Option<HintMarks> {
        self.hinted
    }

    /// Marks a hinted move on the table of `st` (drawn until the history
    /// changes; for boards built on this one): the cards it takes, the
    /// whole run of a run's move or both cards of a pair, and the pile
    /// they go to. The keyboard's cursor goes where Space plays it: to the
    /// cards to lift, or where the player already holds them, to the pile
    /// they go to or the card they pair with.
    pub fn mark_hint(&mut self, st: &Solitaire, m: &SolMove) {
        let from = match *m {
            SolMove::Move { from, count, .. } => (from, usize::from(count)),
            SolMove::Remove(from) | SolMove::Pair(from, _) => (from, 1),
            SolMove::Deal(i) => (PileId::new(PileKind::Stock, i as usize), 1),
            SolMove::Recycle => (PileId::new(PileKind::Stock, 0), 1),
        };
        let partner = match *m {
            SolMove::Pair(_, b) => Some(b),
            _ => None,
        };
        self.hinted = Some(HintMarks { from, partner, to: st.destination(m) });
        match self.destination_in_hand(m) {
            Some(to) => self.cursor.aim_at(to),
            None => self.cursor.point_at(from.0, from.1),
        }
    }

    /// How the hint shown marks card `i` of pile `id`, which holds `len`
    /// cards (`i` and `len` 0 for an empty pile's place). Cards the
    /// player holds (lifted, selected or picked) are drawn
    /// inverted already and left unframed: dashes beside their light
    /// index on the dark ground blurred it on the Amiga's small cards, and
    /// the hint then tells only where they go.
    fn hint_mark(&self, id: PileId, i: usize, len: usize) -> Option<HintMark> {
        let marks = self.hinted?;
        let top_of = |pile: PileId, count: usize| pile == id && i + count >= len;
        let in_hand = |pile: PileId, count: usize| {
            self.cursor.held() == Some((pile, count))
                || (count == 1 && (self.selected == Some(pile) || self.picked == Some(pile)))
        };
        let taken = |pile: PileId, count: usize| top_of(pile, count) && !in_hand(pile, count);
        if taken(marks.from.0, marks.from.1) || marks.partner.is_some_and(|p| taken(p, 1)) {
            Some(HintMark::Taken)
        } else if marks.to.is_some_and(|p| top_of(p, 1)) {
            Some(HintMark::Target)
        } else {
            None
        }
    }

    /// Frames card or place `r`, drawn with an `outline` so many pixels
    /// wide, as the hint marks it.
    fn draw_hint_mark(s: &mut Surface, look: &Look, r: Rect, outline: i32, mark: HintMark) {
        let ink = Self::mark_paint(look);
        match mark {
            HintMark::Taken => crate::views::widgets::hint_frame(s, look, r, ink),
            HintMark::Target => crate::views::widgets::hint_target_frame(s, look, r, outline, ink),
        }
    }

    /// Where `m` takes the cards the player holds (lifted by the keyboard,
    /// selected, or picked first of a pair), if it moves just those.
    fn destination_in_hand(&self, m: &SolMove) -> Option<PileId> {
        match *m {
            SolMove::Move { from, count, to }
                if self.cursor.held() == Some((from, usize::from(count))) || self.selected == Some(from) =>
            {
                Some(to)
            }
            SolMove::Pair(a, b) if self.picked == Some(a) => Some(b),
            SolMove::Pair(a, b) if self.picked == Some(b) => Some(a),
            _ => None,
        }
    }

    /// Judges the position `st` for the solver's status.
    fn watch(&mut self, st: &Solitaire) {
        self.assist.set_auto_play(self.auto_plays(st.rules()));
        self.assist.arrived(st);
    }

    /// The session's cursor is at a new position: the solver's status
    /// judges it and the card size takes it into account (for boards built
    /// on this one).
    pub fn follow<V: Variant<Game = Solitaire>>(&mut self, session: &Session<V>) {
        self.assist.undoable = session.cursor() > session.game_start();
        self.watch(session.state());
        self.fit.follow(session);
    }

    /// Game > Solve (for boards built on this one).
    pub fn solve_item<V: Variant<Game = Solitaire>>(&self, session: &Session<V>) -> MenuItem {
        MenuItem::new("Solve", Command::View(SOLVE)).key('d').enabled(session.state().status() == Status::Playing)
    }

    /// What the status line says of a game won after Solve played in it
    /// (for boards built on this one; see `Board::played_for_player`).
    pub fn solve_helped<V: Variant<Game = Solitaire>>(&self, session: &Session<V>) -> Option<&'static str> {
        session.is_marked(Mark::Helped).then_some("Solve helped: counted as lost.")
    }

    /// The score the player has made: none once Solve has played in the
    /// game, as the statistics count it.
    fn player_score(&self, session: &Session<SolitaireVariant>) -> i64 {
        if self.solve_helped(session).is_some() { 0 } else { session.state().score() }
    }

    /// The switch of the solver's status field (for boards built on this
    /// one).
    pub fn solver_status_item(&self) -> MenuItem {
        MenuItem::new("Solver Status", Command::View(SOLVER_STATUS)).checked(self.assist.status_on)
    }

    /// The switch of winnable-only deals (for boards built on this one):
    /// checked and greyed where the mode in force deals only winnable
    /// deals anyway, for the game type decides it there; the player's own
    /// choice, kept for every other game, is left as it is.
    pub fn winnable_item<V: Variant<Game = Solitaire>>(&self, session: &Session<V>) -> MenuItem {
        let decided = mode_deals_winnable_only(session);
        MenuItem::new("Winnable Deals Only", Command::View(WINNABLE_ONLY))
            .checked(decided || self.assist.winnable_only)
            .enabled(!decided)
    }

    /// Runs Solve or the status switch (for boards built on this one).
    pub fn solver_command<V: Variant<Game = Solitaire>>(
        &mut self,
        session: &Session<V>,
        command: ViewCommand,
    ) -> Reply<SolitaireVariant> {
        let st = session.state();
        match command {
            SOLVE if st.status() == Status::Playing => self.assist.solve(st),
            SOLVER_STATUS => {
                self.assist.status_on = !self.assist.status_on;
                self.watch(st);
                Reply::Redraw
            }
            WINNABLE_ONLY if !mode_deals_winnable_only(session) => {
                self.assist.winnable_only = !self.assist.winnable_only;
                Reply::Say(super::board::winnable_switch_said(self.assist.winnable_only).into())
            }
            _ => Reply::Unchanged,
        }
    }

    /// Whether Solve or the status switch can be used (for boards built on
    /// this one).
    pub fn solver_can<V: Variant<Game = Solitaire>>(&self, session: &Session<V>, command: ViewCommand) -> bool {
        match command {
            SOLVER_STATUS => true,
            WINNABLE_ONLY => !mode_deals_winnable_only(session),
            SOLVE => session.state().status() == Status::Playing,
            _ => false,
        }
    }

    /// The solver's share of input: its answer and the demo's moves come
    /// with ticks, and a click or a key stops the demo. `None` leaves the
    /// event to the table (for boards built on this one).
    pub fn assist_input<V: Variant<Game = Solitaire>>(
        &mut self,
        session: &Session<V>,
        input: &Input,
        area: Rect,
    ) -> Option<Reply<SolitaireVariant>> {
        let st = session.state();
        match *input {
            Input::Tick { ms } => {
                let table = self.table_input(st, input, area);
                Some(match self.assist.tick(st, ms) {
                    Reply::Unchanged => table,
                    reply => reply,
                })
            }
            Input::MouseDown { .. } | Input::Key { .. } => self.assist.interrupt(),
            _ => None,
        }
    }

    fn key_action(&mut self, st: &Solitaire, action: KeyAction) -> Reply<SolitaireVariant> {
        match action {
            KeyAction::Moved => Reply::Redraw,
            KeyAction::Stock(id) => Reply::Play(Self::stock_move(st, id)),
            KeyAction::Pick(id) => self.pick(st, id),
            KeyAction::Drop { from, count, to } => Reply::Play(SolMove::Move { from, count: count as u8, to }),
            KeyAction::Home(id) => Self::home_or_why(st, id),
            KeyAction::CannotLift(why) => Reply::Refuse(why),
        }
    }

    /// Draws the table of `st` into `area` (for boards built on this one).
    pub fn draw_table(&self, st: &Solitaire, s: &mut Surface, machine: &Machine, area: Rect) {
        let look = machine.look();
        if !machine.chrome().draws_felt() {
            s.fill_rect(area, look.paint(Pen::Felt));
        }
        let (art, layout) = self.fitted(st, area);
        for g in layout.piles.iter().filter(|g| g.visible && Self::can_fill(st, g.id)) {
            if self.left_by_drag(g, st.pile(g.id.kind, g.id.index())).is_empty() {
                let r = layout.base_rect(g);
                s.draw_art(art.mat(Self::mat_for(st, g.id)), r.x, r.y);
            }
        }
        // An empty place a hint marks: a column or cell the cards go to,
        // the stock a recycle refills.
        for g in layout.piles.iter().filter(|g| g.visible && st.pile(g.id.kind, g.id.index()).is_empty()) {
            if let Some(mark) = self.hint_mark(g.id, 0, 0) {
                Self::draw_hint_mark(s, look, layout.base_rect(g), PLACE_OUTLINE, mark);
            }
        }
        let placed = self.placed(st, &layout);
        for &(id, i, r) in &placed {
            self.draw_placed(st, s, look, art, (id, i, r));
        }
        self.draw_badges(st, s, look, art, &layout);
        if let Some(r) = self.cursor.rect(st, &layout, &placed) {
            // The cards drawn before the one marked (the first of a run
            // marked whole) lie under it; an empty place has none.
            let first = placed.iter().position(|p| (p.2.x, p.2.y) == (r.x, r.y));
            let under: Vec<Rect> = placed[..first.unwrap_or(0)].iter().map(|p| p.2).collect();
            crate::views::widgets::cursor_frame_over(s, machine.look(), r, &under);
            // The cards of other piles lying over the one the cursor marks
            // (Pyramid's two below it) are drawn over its frame again, as
            // they lie over the card: a frame across them made the card
            // look free to play. So is every card lying over one drawn
            // again, in the table's order, so that each stays under what
            // covers it.
            let marked = self.cursor.at().map(|(pile, _)| pile);
            let after = placed.iter().rposition(|p| Some(p.0) == marked).map_or(placed.len(), |i| i + 1);
            let mut redrawn = vec![r];
            for &card in placed[after..].iter().filter(|p| Some(p.0) != marked) {
                if redrawn.iter().any(|under| !card.2.intersect(under).is_empty()) {
                    self.draw_placed(st, s, look, art, card);
                    redrawn.push(card.2);
                }
            }
        }
        let dragged = self.drag.as_ref().filter(|d| d.moved);
        if let Some(d) = dragged
            && let Some(g) = layout.pile(d.from)
        {
            let slots = st.pile(d.from.kind, d.from.index());
            let (mut x, mut y) = ((d.at.0 - d.grab.0) as f64, (d.at.1 - d.grab.1) as f64);
            for slot in &slots[slots.len() - d.count..] {
                self.draw_card(s, art, slot, Rect::new(x as i32, y as i32, layout.card_w, layout.card_h), false);
                x += g.up_step.0;
                y += g.up_step.1;
            }
        }
        for (card, x, y) in self.bounce.iter().flat_map(Bounce::cards) {
            s.draw_art(art.face(card), x, y);
        }
    }

    /// Draws the card `i` of pile `id` where the table places it, `r`: as
    /// picked or lifted where it is, with its hint mark; not where a drag
    /// or a bounce draws it instead.
    fn draw_placed(
        &self,
        st: &Solitaire,
        s: &mut Surface,
        look: &Look,
        art: &CardArt,
        (id, i, r): (PileId, usize, Rect),
    ) {
        let slots = st.pile(id.kind, id.index());
        if self.drag.as_ref().is_some_and(|d| d.moved && d.from == id && i >= slots.len() - d.count) {
            return;
        }
        if id.kind == PileKind::Foundation && self.bounce.as_ref().is_some_and(|b| b.has_left(slots[i].card)) {
            return;
        }
        let top = i + 1 == slots.len();
        let picked = (self.picked == Some(id) || self.selected == Some(id)) && top;
        let in_hand = self.cursor.held().is_some_and(|(from, count)| from == id && i + count >= slots.len());
        self.draw_card(s, art, &slots[i], r, picked || in_hand);
        if let Some(mark) = self.hint_mark(id, i, slots.len()) {
            Self::draw_hint_mark(s, look, r, CARD_OUTLINE, mark);
        }
    }

    /// The counts of the piles that hide them (see [`badge`]), on the
    /// top card of each, or on its mat once it is empty.
    fn draw_badges(&self, st: &Solitaire, s: &mut Surface, look: &Look, art: &CardArt, layout: &TableLayout) {
        let placed = self.placed(st, layout);
        for g in layout.piles.iter().filter(|g| g.visible) {
            let shown = badge::badges(st, g.id);
            if shown.is_empty() {
                continue;
            }
            let card = placed.iter().rfind(|p| p.0 == g.id).map_or(layout.base_rect(g), |p| p.2);
            let face_up = st.pile(g.id.kind, g.id.index()).last().is_some_and(|slot| slot.face_up);
            let index_rows = if face_up { art.card_size().index_rows() } else { 0 };
            badge::draw(s, look, layout.area, &badge::Place { card, index_rows }, &shown);
        }
    }

    /// Turns an input event on the table of `st` into a reply (for boards
    /// built on this one).
    pub fn table_input(&mut self, st: &Solitaire, input: &Input, area: Rect) -> Reply<SolitaireVariant> {
        let layout = self.layout(st, area);
        if self.celebrating {
            return self.celebration(st, input, &layout);
        }
        match *input {
            Input::Tick { ms } => {
                self.clicks.tick(ms);
                Reply::Unchanged
            }
            Input::Key { key: Key::Escape, .. } if self.drag.is_some() || self.picked.is_some() => {
                self.drag = None;
                self.picked = None;
                Reply::Redraw
            }
            // With no move left (or the game won), a card lifted could go
            // nowhere: a drag at least shows why each drop is refused, a
            // lift by the keyboard only sat there inverted.
            Input::Key { key: Key::Char(' ') | Key::Enter, mods }
                if !mods.ctrl && !mods.alt && st.status() != Status::Playing && self.cursor.at().is_some() =>
            {
                let why = if st.status() == Status::Won { WON_GAME_TAKES_NO_MOVE } else { NO_MOVES_LEFT };
                Reply::Say(why.into())
            }
            Input::Key { key, mods } if !mods.ctrl && !mods.alt => {
                if let Some(action) = self.cursor.key(key, st, &layout) {
                    return self.key_action(st, action);
                }
                Reply::Unchanged
            }
            _ => self.mouse(st, input, &layout),
        }
    }

    /// Draws one card as the table draws it, with its top-left at `(x, y)`
    /// (a card in a board's own hand).
    pub fn draw_loose(&self, st: &Solitaire, s: &mut Surface, area: Rect, slot: &Slot, x: i32, y: i32) {
        let (art, layout) = self.fitted(st, area);
        self.draw_card(s, art, slot, Rect::new(x, y, layout.card_w, layout.card_h), false);
    }

    /// A left press: a click's move, or the start of a drag.
    fn press(&mut self, st: &Solitaire, layout: &TableLayout, x: i32, y: i32) -> Reply<SolitaireVariant> {
        let Some((id, index)) = self.hit(st, layout, x, y) else { return Reply::Unchanged };
        // A card one click plays that could also be dragged to a column
        // plays as the button is released without a drag: played as it
        // was pressed, it could never be dragged into an empty column.
        let clicks_on_release =
            (st.rules().addition == 0 && st.rules().tableau.max_allowed != 0 && Self::one_click_plays(st, id, index))
                .then_some(index)
                .flatten();
        if clicks_on_release.is_none() {
            let reply = self.click(st, id, index);
            if !matches!(reply, Reply::Unchanged) || id.kind == PileKind::Stock {
                return reply;
            }
        }
        let Some(i) = index else { return Reply::Unchanged };
        let pile = st.pile(id.kind, id.index());
        let count = pile.len() - i;
        if count > st.liftable(id) {
            // A face-down card plainly stays; face-up cards that cannot
            // go together (a run of two suits in Spider) are told why.
            return if pile[i].face_up {
                Reply::Refuse(keyboard::why_not_lifted(st, id, count))
            } else {
                Reply::Unchanged
            };
        }
        let r = self.placed(st, layout).into_iter().find(|p| p.0 == id && p.1 == i).map(|p| p.2);
        match r {
            Some(r) => {
                let grab = (x - r.x, y - r.y);
                let pressed = (x, y);
                self.drag = Some(Drag { from: id, count, grab, at: pressed, pressed, moved: false, clicks_on_release });
                Reply::Unchanged
            }
            None if clicks_on_release.is_some() => self.click(st, id, index),
            None => Reply::Unchanged,
        }
    }

    fn mouse(&mut self, st: &Solitaire, input: &Input, layout: &TableLayout) -> Reply<SolitaireVariant> {
        match *input {
            Input::MouseDown { x, y, button: Button::Left } => {
                let hidden = self.cursor.hide();
                self.press(st, layout, x, y).or_redraw(hidden)
            }
            Input::MouseMove { x, y } => match &mut self.drag {
                Some(d) => {
                    d.moved |= crate::views::widgets::dragged(d.pressed, (x, y));
                    d.at = (x, y);
                    if d.moved { Reply::Redraw } else { Reply::Unchanged }
                }
                None => Reply::Unchanged,
            },
            Input::MouseUp { x, y, button: Button::Left } => {
                let Some(mut d) = self.drag.take() else { return Reply::Unchanged };
                d.at = (x, y);
                // Let go away from the press with no move between (a
                // window that missed them), it is a drag all the same.
                d.moved |= crate::views::widgets::dragged(d.pressed, (x, y));
                if !d.moved {
                    return match d.clicks_on_release {
                        Some(index) => self.click(st, d.from, Some(index)),
                        None => Reply::Unchanged,
                    };
                }
                // A drag is not the first half of a double-click.
                self.clicks.forget();
                match self.drop_target(st, layout, &d) {
                    Some(to) => Reply::Play(SolMove::Move { from: d.from, count: d.count as u8, to }),
                    None => Reply::Redraw,
                }
            }
            _ => Reply::Unchanged,
        }
    }
}

/// Whether the mode the game is played in deals only winnable deals
/// ([EasyWinnable] or [HardWinnable] Only=1), whatever the player's
/// Winnable Deals Only says.
fn mode_deals_winnable_only<V: Variant<Game = Solitaire>>(session: &Session<V>) -> bool {
    session.state().rules().winnable_only
}

/// The card back a preference names, 0 to 8; anything else is refused
/// and the back stays as it is (`now`). The CardGames panel reads its
/// back by this too, so that both tell a bad one alike (and once).
pub fn back_pref(value: &str, now: usize) -> Result<usize, Refused> {
    match value.parse::<usize>() {
        Ok(n) if n < BACKS => Ok(n),
        _ => {
            let why = format!("card back `{value}` is not one of 0 to {}", BACKS - 1);
            Err(Refused::new(why, format!("card back {now} is used instead")))
        }
    }
}

/// The cards drawn at a time a preference names, 1 or 3; anything else
/// is refused and the draw stays as it is (`now`), as [`back_pref`].
pub fn draws_pref(value: &str, now: u8) -> Result<u8, Refused> {
    match value.parse::<u8>() {
        Ok(n @ (1 | 3)) => Ok(n),
        _ => {
            let why = format!("`{value}` cards drawn at a time is no choice (1 or 3)");
            Err(Refused::new(why, format!("{now} is used instead")))
        }
    }
}

impl Board<SolitaireVariant> for SolitaireBoard {
    fn cancel_press(&mut self) {
        self.drag = None;
    }

    fn title(&self) -> String {
        self.game_type.name.clone()
    }

    fn menu_items(&self, session: &Session<SolitaireVariant>) -> Vec<MenuItem> {
        if let Style::Oberon(_) = self.style {
            return self.oberon_menu_items(session);
        }
        let v = session.variant();
        let mode = v.mode();
        vec![
            MenuItem::new("Game Types...", Command::Variants).key('g'),
            MenuItem::new(&mode_label(v, Mode::Easy), Command::View(EASY))
                .checked(mode == Mode::Easy)
                .enabled(v.modes_differ()),
            MenuItem::new(&mode_label(v, Mode::Hard), Command::View(HARD))
                .checked(mode == Mode::Hard)
                .enabled(v.modes_differ()),
            MenuItem::separator(),
            // A setting kept for other game types is not ticked where it
            // does nothing: a greyed tick reads as on in this game.
            MenuItem::new("Auto-play to Foundations", Command::View(AUTOPLAY))
                .checked(self.options.auto_foundations && v.rules().lay_offs_judged())
                .enabled(v.rules().lay_offs_judged()),
            MenuItem::new("Randomly Placed Cards", Command::View(RANDOM))
                .checked(self.options.random_placement && self.game_type.spec.game.max_rand_deltas)
                .enabled(self.game_type.spec.game.max_rand_deltas),
            MenuItem::new("Next Card Back", Command::View(CARD_BACK)),
            MenuItem::new("Options...", Command::Options),
        ]
    }

    fn hint_items(&self, session: &Session<SolitaireVariant>) -> Vec<MenuItem> {
        vec![self.solve_item(session)]
    }

    fn menus(&self, session: &Session<SolitaireVariant>) -> Vec<Menu> {
        vec![Menu::new("Solver", vec![self.solver_status_item(), self.winnable_item(session)])]
    }

    fn deal_search(&self, variant: &SolitaireVariant, number: u64) -> Option<DealSearch> {
        self.assist.deal_search(variant, number)
    }

    fn fields(&self, session: &Session<SolitaireVariant>) -> Vec<(&'static str, String)> {
        let mut fields = match self.style {
            // Oberon's card games keep no score.
            Style::Oberon(_) => Vec::new(),
            // A game Solve played in scores nothing (see `solve_helped`).
            Style::Yazzle => vec![("Score", self.player_score(session).to_string())],
        };
        fields.extend(self.assist.field());
        fields
    }

    fn fields_before_clock(&self) -> usize {
        match self.style {
            Style::Oberon(_) => 0,
            Style::Yazzle => 1,
        }
    }

    fn draw(&self, session: &Session<SolitaireVariant>, s: &mut Surface, machine: &Machine, area: Rect) {
        self.draw_table(session.state(), s, machine, area);
        if let Style::Oberon(_) = self.style {
            oberon::draw_buttons(s, machine, area, undo_applies(self, session));
        }
    }

    fn input(
        &mut self,
        session: &Session<SolitaireVariant>,
        input: &Input,
        _machine: &Machine,
        area: Rect,
    ) -> Reply<SolitaireVariant> {
        let st = session.state();
        if let Some(reply) = self.assist_input(session, input, area) {
            return reply;
        }
        if let Style::Oberon(game) = self.style {
            let layout = self.layout(st, area);
            if let Some(reply) = self.oberon_input(st, game, input, area, &layout) {
                return reply;
            }
        }
        self.table_input(st, input, area)
    }

    fn command(&mut self, session: &Session<SolitaireVariant>, command: ViewCommand) -> Reply<SolitaireVariant> {
        match command {
            MODE => self.set_mode(session, session.variant().mode().other()),
            EASY => self.set_mode(session, Mode::Easy),
            HARD => self.set_mode(session, Mode::Hard),
            AUTOPLAY => {
                self.options.auto_foundations = !self.options.auto_foundations;
                // The solver's status judges the table as it now plays.
                self.watch(session.state());
                Reply::Redraw
            }
            RANDOM => {
                self.options.random_placement = !self.options.random_placement;
                Reply::Redraw
            }
            CARD_BACK => {
                self.options.back = (self.options.back + 1) % BACKS;
                Reply::Redraw
            }
            OPTIONS => Reply::Ask(self.options_box(session.variant())),
            SOLVE | SOLVER_STATUS | WINNABLE_ONLY => self.solver_command(session, command),
            _ => Reply::Unchanged,
        }
    }

    fn can(&self, session: &Session<SolitaireVariant>, command: ViewCommand) -> bool {
        match command {
            SOLVE | SOLVER_STATUS | WINNABLE_ONLY => self.solver_can(session, command),
            RANDOM => self.game_type.spec.game.max_rand_deltas,
            MODE | EASY | HARD | AUTOPLAY => setting_matters(session.variant(), command),
            CARD_BACK | OPTIONS => true,
            _ => false,
        }
    }

    fn rules_chosen(&mut self, variant: &SolitaireVariant) -> Option<String> {
        // The Draws of a game chosen in its menu are the panel's too.
        if self.style == Style::Oberon(OberonGame::Solitaire) {
            self.draws = oberon::mode_draws(variant.mode());
        }
        Some(format!("{} mode from this deal.", mode_label(variant, variant.mode())))
    }

    fn rules_asked(&self, variant: &SolitaireVariant) -> (String, String) {
        let mode = mode_label(variant, variant.mode());
        (format!("{mode} Mode"), format!("This deals the same cards again under {mode} rules."))
    }

    fn answer(&mut self, session: &Session<SolitaireVariant>, button: usize) -> Reply<SolitaireVariant> {
        match option_buttons(session.variant()).nth(button) {
            Some(&(_, Some(cmd))) => match self.command(session, cmd) {
                // A setting changed in place: the box stays, showing it
                // (a new mode deals anew, which closes it).
                Reply::Redraw => Reply::Ask(self.options_box(session.variant())),
                other => other,
            },
            _ => Reply::Unchanged,
        }
    }

    fn celebrate(&mut self, _session: &Session<SolitaireVariant>, machine: MachineId) -> bool {
        self.celebrating = machine == MachineId::Yazzle && self.style == Style::Yazzle;
        self.celebrating
    }

    fn reset(&mut self) {
        self.celebrating = false;
        self.bounce = None;
        self.drag = None;
        self.picked = None;
        self.selected = None;
        self.hinted = None;
        self.cursor.drop_held();
    }

    fn arrived(&mut self, session: &Session<SolitaireVariant>) {
        self.cursor.settle(session.state());
        self.follow(session);
    }

    fn demo_running(&self) -> bool {
        self.assist.demo_running()
    }

    fn stop_demo(&mut self) -> Option<&'static str> {
        self.assist.stop_demo()
    }

    fn auto_move(&self, st: &Solitaire) -> Option<SolMove> {
        self.auto_plays(st.rules()).then(|| safe_lay_off(st)).flatten()
    }

    fn ask_hint(&mut self, session: &Session<SolitaireVariant>) -> Reply<SolitaireVariant> {
        self.assist.hint(session.state())
    }

    fn show_hint(&mut self, session: &Session<SolitaireVariant>, m: &SolMove) {
        self.mark_hint(session.state(), m);
    }

    fn played_for_player(&self, session: &Session<SolitaireVariant>) -> Option<&'static str> {
        self.solve_helped(session)
    }

    fn ending(&self, session: &Session<SolitaireVariant>) -> String {
        match session.state().status() {
            Status::Won => "You won!".into(),
            _ => NO_MOVES_LEFT.into(),
        }
    }

    fn prefs(&self, _session: &Session<SolitaireVariant>) -> Vec<(&'static str, String)> {
        let flag = |b: bool| if b { "1" } else { "0" }.to_string();
        if let Style::Oberon(_) = self.style {
            return vec![
                ("back", self.options.back.to_string()),
                ("draws", self.draws.to_string()),
                ("solver", flag(self.assist.status_on)),
                (WINNABLE_PREF, flag(self.assist.winnable_only)),
            ];
        }
        vec![
            ("back", self.options.back.to_string()),
            ("autoplay", flag(self.options.auto_foundations)),
            ("random", flag(self.options.random_placement)),
            ("solver", flag(self.assist.status_on)),
            (WINNABLE_PREF, flag(self.assist.winnable_only)),
        ]
    }

    fn set_pref(&mut self, key: &str, value: &str) -> Result<(), Refused> {
        match key {
            "back" => self.options.back = back_pref(value, self.options.back)?,
            "autoplay" => self.options.auto_foundations = switch_pref(value, self.options.auto_foundations)?,
            "random" => self.options.random_placement = switch_pref(value, self.options.random_placement)?,
            "solver" => self.assist.status_on = switch_pref(value, self.assist.status_on)?,
            WINNABLE_PREF => self.assist.winnable_only = switch_pref(value, self.assist.winnable_only)?,
            "draws" => self.draws = draws_pref(value, self.draws)?,
            _ => {}
        }
        Ok(())
    }

    fn new_rules(&self, session: &Session<SolitaireVariant>) -> Option<SolitaireVariant> {
        (self.style == Style::Oberon(OberonGame::Solitaire))
            .then(|| oberon::draws_mode(self.draws))
            .filter(|&mode| mode != session.variant().mode())
            .and_then(|mode| self.game_type.variant.with_options(mode.name()).ok())
    }

    fn new_rules_note(&self, session: &Session<SolitaireVariant>) -> Option<String> {
        let next = self.new_rules(session)?;
        Some(format!("{} from the next New Game.", mode_label(&next, next.mode())))
    }

    fn pointer(&self, session: &Session<SolitaireVariant>, x: i32, y: i32, _machine: &Machine, area: Rect) -> Pointer {
        match self.style {
            Style::Oberon(OberonGame::Solitaire | OberonGame::Spider) => {
                let st = session.state();
                self.movable_at(st, &self.layout(st, area), x, y)
            }
            _ => Pointer::Arrow,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machines::{Depth, MachineChoice, MachineId};

    /// The Game menu, the status note and the Options box call the modes
    /// by the game type's names for them, a long one cut after a whole
    /// word; Easy and Hard without.
    #[test]
    fn the_modes_go_by_the_game_type_s_names() {
        let names = |easy: &str, hard: &str| {
            let text = crate::solitaire::spec::tests::klondike()
                .replace("[EasyMode]\n", &format!("[EasyMode]\n{easy}\n"))
                .replace("[HardMode]\n", &format!("[HardMode]\n{hard}\n"));
            let (spec, _) = crate::solitaire::spec::GameSpec::parse(std::path::Path::new("game.ini"), text.as_bytes())
                .expect("Klondike reads");
            let v = SolitaireVariant::from_spec("k", &spec).unwrap();
            let hard = v.with_options("hard").unwrap();
            (mode_label(&v, Mode::Easy), mode_label(&v, Mode::Hard), mode_label(&hard, hard.mode()))
        };
        assert_eq!(names("", ""), ("Easy".into(), "Hard".into(), "Hard".into()));
        let (easy, hard, _) = names("Name=Draw Two", "Name=Draw Three and Deal Again Whenever the Stock Runs Out");
        assert_eq!((easy.as_str(), hard.as_str()), ("Draw Two", "Draw Three and Deal..."));
        assert!(hard.chars().count() <= MODE_NAME_SHOWN);
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("Named");
        std::fs::create_dir(&folder).unwrap();
        let text = crate::solitaire::spec::tests::klondike()
            .replace("[EasyMode]\n", "[EasyMode]\nName=Draw Two\n")
            .replace("[HardMode]\n", "[HardMode]\nName=Draw Three\n");
        std::fs::write(folder.join("game.ini"), text).unwrap();
        let game_type = Arc::new(GameType::load(&folder).unwrap());
        let mut board = SolitaireBoard::new(Arc::clone(&game_type));
        let session = Session::new(game_type.variant.clone(), 1);
        let labels: Vec<String> = board.menu_items(&session).iter().map(|i| i.label.clone()).collect();
        assert_eq!(labels[1..3], ["Draw Two".to_string(), "Draw Three".to_string()], "{labels:?}");
        assert_eq!(board.rules_chosen(session.variant()).as_deref(), Some("Draw Two mode from this deal."));
        assert_eq!(board.options_box(session.variant()).lines[0], "Mode: Draw Two");
    }

    /// An empty foundation shows the rank it starts with, where that is
    /// an ace or a king (a king for foundations built down).
    #[test]
    fn an_empty_foundation_shows_its_starting_rank() {
        let mut rules = crate::solitaire::rules::examples::klondike();
        let ace = crate::solitaire::engine::position(rules.clone(), &[("T1", "KS")]);
        let f1 = PileId::new(PileKind::Foundation, 0);
        assert_eq!(SolitaireBoard::mat_for(&ace, f1), Mat::Ace);
        rules.foundation.start = crate::solitaire::rules::FoundationStart::Rank(crate::cards::Rank::KING);
        rules.foundation.build = crate::solitaire::rules::Build::Down;
        let king = crate::solitaire::engine::position(rules, &[("T1", "AS")]);
        assert_eq!(SolitaireBoard::mat_for(&king, f1), Mat::King);
    }

    /// A picked card's frame shows against the card and the felt on every
    /// screen and skin (at four colours the Mac's blue became the felt's
    /// grey; Transcrippled's pale glow hardly showed on the white card).
    /// A setting that changes nothing in a game type is greyed in the
    /// menu and said so in the Options box, whose button for it leaves it
    /// as it is: Spider's two modes play alike, and its runs go home by
    /// themselves. Klondike's settings all count.
    #[test]
    fn settings_that_change_nothing_are_greyed_and_said_so() {
        let open = |name: &str| {
            let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("game-types").join(name);
            let game_type = Arc::new(GameType::load(&folder).unwrap());
            let session = Session::new(game_type.variant.clone(), 1);
            (SolitaireBoard::new(game_type), session)
        };
        let enabled = |board: &SolitaireBoard, session: &Session<SolitaireVariant>, label: &str| {
            board.menu_items(session).iter().find(|i| i.label == label).unwrap().enabled
        };
        let (mut spider, session) = open("Spider One Suit");
        for label in ["Easy", "Hard", "Auto-play to Foundations"] {
            assert!(!enabled(&spider, &session, label), "{label}");
        }
        // Switched on for the game types that use it, it is not ticked
        // where it is not used.
        spider.options.auto_foundations = true;
        let item = |board: &SolitaireBoard, session: &Session<SolitaireVariant>| {
            board.menu_items(session).into_iter().find(|i| i.label == "Auto-play to Foundations").unwrap()
        };
        assert!(!item(&spider, &session).checked, "greyed and not ticked in Spider");
        let lines = spider.options_box(session.variant()).lines;
        assert_eq!(lines[..2], ["Mode: Easy (Hard plays alike)", "Auto-play to foundations: not used in this game"]);
        // Only the card back can change: the box offers nothing else.
        assert_eq!(spider.options_box(session.variant()).buttons, ["OK", "Card Back"]);
        let reply = spider.answer(&session, 1);
        assert!(matches!(&reply, Reply::Ask(b) if b.lines[2] == "Card back: 2 of 9"), "{reply:?}");
        let (mut klondike, session) = open("Klondike");
        for label in ["Easy", "Hard", "Auto-play to Foundations"] {
            assert!(enabled(&klondike, &session, label), "{label}");
        }
        klondike.options.auto_foundations = true;
        assert!(item(&klondike, &session).checked, "ticked in Klondike");
        assert_eq!(klondike.options_box(session.variant()).buttons, ["OK", "Mode", "Auto-play", "Card Back"]);
        assert_eq!(klondike.options_box(session.variant()).lines[0], "Mode: Easy (stock turns one)");
    }

    /// A card sent home that cannot go says why in the game's own words
    /// where the game has one foundation (Aces Up's discard pile), and
    /// that no foundation takes it where it has several.
    #[test]
    fn a_card_sent_home_in_vain_says_why() {
        let said = |name: &str| {
            let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("game-types").join(name);
            let game_type = Arc::new(GameType::load(&folder).unwrap());
            let session = Session::new(game_type.variant.clone(), 1);
            let st = session.state();
            let piles = st.pile_count(PileKind::Tableau);
            (0..piles)
                .filter_map(|t| match SolitaireBoard::home_or_why(st, PileId::new(PileKind::Tableau, t)) {
                    Reply::Refuse(text) => Some(text),
                    Reply::Play(m) => st.check(&m).err().map(|why| why.to_string()),
                    _ => None,
                })
                .collect::<Vec<_>>()
        };
        let aces_up = said("Aces Up");
        assert!(!aces_up.is_empty() && aces_up.iter().all(|t| t.contains("cannot be discarded")), "{aces_up:?}");
        let klondike = said("Klondike");
        assert!(klondike.iter().all(|t| t == "No foundation takes that card yet."), "{klondike:?}");
    }

    /// Every machine: the Mac at each depth, the SE/30, both Amigas and
    /// YaZZle in each skin, with the choice that made it.
    fn every_screen() -> impl Iterator<Item = (Machine, MachineChoice)> {
        let macs = Depth::ALL.iter().map(|&d| (MachineId::MacColor, Some(d), None));
        let others = [MachineId::MacSe30, MachineId::AmigaPal, MachineId::AmigaDblPal].map(|id| (id, None, None));
        let skins =
            ["plastique", "plastiquev2", "transcrippled"].map(|s| (MachineId::Yazzle, None, Some(s.to_string())));
        macs.chain(others).chain(skins).map(|(id, depth, skin)| {
            let choice = MachineChoice { id: Some(id), depth, skin };
            (Machine::new(&choice, id).unwrap(), choice)
        })
    }

    /// The Options box says what a mode means where the game type gives it
    /// no Name, in words that fit one line on every screen, and names
    /// the button that changes the card back for what it does; its
    /// buttons hold their labels whole everywhere (the Amiga PAL shares
    /// out its 320 pixels, cutting labels, when they do not fit).
    #[test]
    fn the_options_box_says_what_the_mode_means_and_fits_every_screen() {
        let folders = std::fs::read_dir(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("game-types")).unwrap();
        let mut lines = std::collections::BTreeMap::new();
        for folder in folders {
            let game_type = Arc::new(GameType::load(&folder.unwrap().path()).unwrap());
            let board = SolitaireBoard::new(Arc::clone(&game_type));
            for mode in [Mode::Easy, Mode::Hard] {
                let variant = game_type.variant.with_options(mode.name()).unwrap();
                let req = board.options_box(&variant);
                for (machine, choice) in every_screen() {
                    let (chrome, look) = (machine.chrome(), machine.look());
                    let alone = Requester { lines: req.lines[..1].to_vec(), ..req.clone() };
                    let set = chrome.requester_lines(look, &alone);
                    assert_eq!(set.len(), 1, "{choice:?}: {:?} is broken: {set:?}", req.lines[0]);
                    let font = chrome.requester_font(look);
                    let (_, buttons) = chrome.requester_layout(look, &req);
                    for (label, r) in req.buttons.iter().zip(&buttons) {
                        assert!(r.w >= font.text_width(label) as i32 + 4, "{choice:?}: {label} is cut: {r:?}");
                    }
                }
                lines.insert((game_type.variant.id().to_string(), mode.name()), req.lines[0].clone());
            }
        }
        let line = |id: &str, mode: &'static str| lines[&(id.to_string(), mode)].as_str();
        assert_eq!(line("oberon-solitaire", "easy"), "Mode: Easy (any card in spaces)");
        assert_eq!(line("oberon-solitaire", "hard"), "Mode: Hard (only kings in spaces)");
        assert_eq!(line("klondike", "hard"), "Mode: Hard (stock turns three)");
        assert_eq!(line("freecell", "hard"), "Mode: Hard (runs as room allows)");
        // Two differences say too much for a line: the first is said.
        assert_eq!(line("clear-fork", "hard"), "Mode: Hard (stock turns three)");
        assert_eq!(line("clear-fork", "easy"), "Mode: Easy (stock turns one)");
        let labels: Vec<&str> = OPTION_BUTTONS.iter().map(|b| b.0).collect();
        assert_eq!(labels, ["OK", "Mode", "Auto-play", "Card Back"]);
    }

    /// A pile's badge, its ink on the card's face colour, reads on every
    /// screen and skin (Transcrippled's text pen is pale).
    #[test]
    fn a_badge_s_count_shows_on_every_screen() {
        for (machine, choice) in every_screen() {
            let look = machine.look();
            let ink = badge::ink(look);
            assert_ne!(ink, look.paint(Pen::CardFace), "{choice:?}");
            let mut s = machine.new_surface();
            s.fill_rect(Rect::new(0, 0, 1, 1), ink);
            let luma = |c: crate::gfx::Rgb| c.luma() as i32;
            let contrast = (luma(s.colour_at(0, 0).unwrap()) - luma(look.colour(Pen::CardFace))).abs();
            assert!(contrast >= badge::CONTRAST, "{choice:?}: a badge's count is faint ({contrast})");
        }
    }

    #[test]
    fn a_hint_s_dashes_show_on_every_screen() {
        for (machine, MachineChoice { id, depth, skin }) in every_screen() {
            let look = machine.look();
            let paint = SolitaireBoard::mark_paint(look);
            assert_ne!(paint, look.paint(Pen::CardFace), "{id:?} {depth:?} {skin:?}");
            assert_ne!(paint, look.paint(Pen::Felt), "{id:?} {depth:?} {skin:?}");
            let mut s = machine.new_surface();
            s.fill_rect(Rect::new(0, 0, 1, 1), paint);
            let luma = |c: crate::gfx::Rgb| c.luma() as i32;
            let contrast = (luma(s.colour_at(0, 0).unwrap()) - luma(look.colour(Pen::CardFace))).abs();
            assert!(contrast >= 96, "{id:?} {depth:?} {skin:?}: the dashes are faint on the card ({contrast})");
        }
    }
}
