//! The YaZZle-style solitaire table: any game type drawn on any machine,
//! played by dragging cards, clicking the stock and double-clicking cards
//! home. Every change goes through the Session as a move.

pub mod layout;

use std::sync::Arc;

use crate::cards::Card;
use crate::core::{Game, Outcome, Session, Status, Variant};
use crate::gfx::{Rect, Surface};
use crate::machines::{Button, Input, Key, Machine, Menu, MenuItem, Pen, Requester};
use crate::solitaire::engine::{PileId, SolMove, Solitaire};
use crate::solitaire::library::GameType;
use crate::solitaire::rules::{Mode, PileKind};

use super::card_art::{CardArt, CardSize, Mat};
use super::{Response, View};
use layout::TableLayout;

/// Two clicks on one pile this close together (ms) make a double-click.
const DOUBLE_CLICK_MS: u32 = 450;
/// Pointer travel (pixels) that turns a press into a drag.
const DRAG_SLOP: i32 = 3;
/// Card backs in the art set.
const BACKS: usize = 9;
/// The Options box's buttons and the commands they run.
const OPTION_BUTTONS: [(&str, &str); 4] =
    [("Done", ""), ("Mode", "mode"), ("Auto-play", "autoplay"), ("Back", "cardback")];

/// A stack being dragged.
#[derive(Clone, Debug)]
struct Drag {
    from: PileId,
    count: usize,
    /// Pointer position minus the dragged bottom card's top-left.
    grab: (i32, i32),
    at: (i32, i32),
    moved: bool,
}

/// Player preferences that are not part of the game.
#[derive(Clone, Debug, Default)]
pub struct TableOptions {
    pub back: usize,
    pub random_placement: bool,
    pub auto_foundations: bool,
}

pub struct SolitaireView {
    game_type: Arc<GameType>,
    session: Session<crate::solitaire::engine::SolitaireVariant>,
    options: TableOptions,
    drag: Option<Drag>,
    /// Addition games: the card picked first of a pair.
    picked: Option<PileId>,
    /// The pile last clicked and the time since (for double-clicks).
    last_click: Option<(PileId, u32)>,
    message: String,
    /// Whether this game's result has gone into the statistics.
    recorded: bool,
    /// Called with the outcome when a game ends (statistics).
    on_outcome: OutcomeHook,
}

/// Told the game type id, outcome and score when a game ends.
pub type OutcomeHook = Box<dyn FnMut(&str, Outcome, i64)>;

impl SolitaireView {
    pub fn new(game_type: Arc<GameType>, seed: u64, on_outcome: OutcomeHook) -> SolitaireView {
        let session = Session::new(game_type.variant.clone(), seed);
        SolitaireView {
            game_type,
            session,
            options: TableOptions::default(),
            drag: None,
            picked: None,
            last_click: None,
            message: String::new(),
            recorded: false,
            on_outcome,
        }
    }

    pub fn session(&self) -> &Session<crate::solitaire::engine::SolitaireVariant> {
        &self.session
    }

    fn state(&self) -> &Solitaire {
        self.session.state()
    }

    /// The largest cards whose layout fits the table (the smallest if none
    /// does), with that layout.
    fn fitted(&self, area: Rect) -> (&'static CardArt, TableLayout) {
        let mut best = None;
        for size in CardSize::ALL_LARGEST_FIRST {
            let art = CardArt::get(size);
            let (w, h) = art.size();
            let fan_waste = self.state().rules().stock.deal_count > 1;
            let layout = TableLayout::new(&self.game_type.spec, w as i32, h as i32, area, fan_waste);
            let fits = layout.fits;
            best = Some((art, layout));
            if fits {
                break;
            }
        }
        best.expect("there is at least one card size")
    }

    fn layout(&self, area: Rect) -> TableLayout {
        self.fitted(area).1
    }

    /// A stable pseudo-random displacement in -1..1 for a card, so
    /// "randomly placed cards" keep their places between frames.
    fn jitter(card: Card, index: usize) -> (f64, f64) {
        let h = crate::core::fnv1a64(format!("{card}{index}").as_bytes());
        let unit = |bits: u64| (bits & 0xFFFF) as f64 / 32767.5 - 1.0;
        (unit(h), unit(h >> 16))
    }

    /// Every drawn card with its rectangle, bottom to top, pile by pile.
    fn placed(&self, layout: &TableLayout) -> Vec<(PileId, usize, Rect)> {
        let mut out = Vec::new();
        for g in layout.piles.iter().filter(|g| g.visible) {
            let slots = self.state().pile(g.id.kind, g.id.index());
            let jitter = |i: usize| Self::jitter(slots[i].card, i);
            let j: Option<&dyn Fn(usize) -> (f64, f64)> =
                if self.options.random_placement { Some(&jitter) } else { None };
            for (i, r) in layout.card_rects(g, slots, j) {
                out.push((g.id, i, r));
            }
        }
        out
    }

    /// Where card `index` of a pile is drawn in `area` (for scripts and
    /// tests that click like a player).
    pub fn card_rect(&self, area: Rect, id: PileId, index: usize) -> Option<Rect> {
        self.placed(&self.layout(area)).into_iter().find(|p| p.0 == id && p.1 == index).map(|p| p.2)
    }

    /// Where a pile's first card (or its empty mat) is drawn in `area`.
    pub fn pile_rect(&self, area: Rect, id: PileId) -> Option<Rect> {
        let layout = self.layout(area);
        layout.pile(id).map(|g| layout.base_rect(g))
    }

    /// The topmost card under the pointer, or the pile whose empty mat is there.
    fn hit(&self, layout: &TableLayout, x: i32, y: i32) -> Option<(PileId, Option<usize>)> {
        if let Some(&(id, i, _)) = self.placed(layout).iter().rev().find(|(_, _, r)| r.contains(x, y)) {
            return Some((id, Some(i)));
        }
        layout.piles.iter().filter(|g| g.visible).find(|g| layout.base_rect(g).contains(x, y)).map(|g| (g.id, None))
    }

    /// Plays a move; a refusal becomes the status message.
    fn play(&mut self, m: SolMove) -> Response {
        match self.session.play(&m) {
            Ok(()) => {
                self.message.clear();
                if self.options.auto_foundations {
                    self.auto_foundations();
                }
                self.after_move();
            }
            Err(refusal) => self.message = refusal.reason().to_string(),
        }
        Response::Redraw
    }

    /// Sends every card that safely can go to a foundation there: aces and
    /// twos always, others once both lower cards of the other colour are up.
    fn auto_foundations(&mut self) {
        loop {
            let safe = self.state().legal_moves().into_iter().find(|m| match *m {
                SolMove::Move { from, count: 1, to }
                    if to.kind == PileKind::Foundation && from.kind != PileKind::Foundation =>
                {
                    self.state().pile(from.kind, from.index()).last().is_some_and(|s| self.is_safe_home(s.card))
                }
                _ => false,
            });
            match safe {
                Some(m) if self.session.play(&m).is_ok() => {}
                _ => break,
            }
        }
    }

    fn is_safe_home(&self, card: Card) -> bool {
        let rank = card.rank.value();
        if rank <= 2 {
            return true;
        }
        let up: Vec<Card> = (0..self.state().pile_count(PileKind::Foundation))
            .flat_map(|f| self.state().pile(PileKind::Foundation, f).iter().map(|s| s.card))
            .collect();
        crate::cards::Suit::ALL
            .iter()
            .filter(|s| s.colour() != card.colour())
            .all(|&s| up.iter().any(|c| c.suit == s && c.rank.value() + 1 >= rank))
    }

    /// Notes a finished game once, and says how it ended.
    fn after_move(&mut self) {
        match self.state().status() {
            Status::Won => {
                self.message = "You won!".into();
                self.record(Outcome::Won);
            }
            Status::Lost => {
                self.message = "No moves are left. Choose New to deal again.".into();
                self.record(Outcome::Lost);
            }
            Status::Playing => {}
        }
    }

    fn record(&mut self, outcome: Outcome) {
        if !self.recorded {
            self.recorded = true;
            let score = self.state().score();
            (self.on_outcome)(&self.game_type.id, outcome, score);
        }
    }

    /// A game given up by starting another counts as lost if it was begun.
    fn abandon(&mut self) {
        if self.session.move_count() > 0 && self.state().status() == Status::Playing {
            self.record(Outcome::Lost);
        }
        self.recorded = false;
        self.drag = None;
        self.picked = None;
        self.message.clear();
    }

    fn click(&mut self, id: PileId, index: Option<usize>) -> Response {
        if id.kind == PileKind::Stock {
            let state = self.state();
            return if state.can_deal(id.index()) || !state.can_recycle() {
                self.play(SolMove::Deal(id.index() as u8))
            } else {
                self.play(SolMove::Recycle)
            };
        }
        if self.state().rules().addition > 0 {
            return self.pick(id);
        }
        let double = self.last_click.is_some_and(|(p, ms)| p == id && ms <= DOUBLE_CLICK_MS);
        self.last_click = Some((id, 0));
        if double && index.is_some() {
            self.last_click = None;
            let state = self.state();
            let home = (0..state.pile_count(PileKind::Foundation))
                .map(|f| PileId::new(PileKind::Foundation, f))
                .find(|&f| state.accepts(id, 1, f));
            return match home {
                Some(to) => self.play(SolMove::Move { from: id, count: 1, to }),
                None => {
                    self.message = "That card cannot go to a foundation yet.".into();
                    Response::Redraw
                }
            };
        }
        Response::Unchanged
    }

    /// Addition games: pick a card, then its partner; a card worth the
    /// whole sum goes alone.
    fn pick(&mut self, id: PileId) -> Response {
        let sum = self.state().rules().addition;
        let Some(card) = self.state().pile(id.kind, id.index()).last().map(|s| s.card) else {
            return Response::Unchanged;
        };
        match self.picked.take() {
            Some(first) if first != id => self.play(SolMove::Pair(first, id)),
            Some(_) => Response::Redraw,
            None if u32::from(card.rank.value()) == u32::from(sum) => self.play(SolMove::Remove(id)),
            None => {
                self.picked = Some(id);
                Response::Redraw
            }
        }
    }

    /// The pile a dragged stack is dropped on: the one whose cards overlap
    /// the dragged card most.
    fn drop_target(&self, layout: &TableLayout, drag: &Drag) -> Option<PileId> {
        let card = Rect::new(drag.at.0 - drag.grab.0, drag.at.1 - drag.grab.1, layout.card_w, layout.card_h);
        let placed = self.placed(layout);
        layout
            .piles
            .iter()
            .filter(|g| g.visible && g.id != drag.from)
            .map(|g| {
                let top = placed.iter().filter(|p| p.0 == g.id).map(|p| p.2).next_back().unwrap_or(layout.base_rect(g));
                let o = card.intersect(&top);
                (g.id, if o.is_empty() { 0 } else { o.w * o.h })
            })
            .filter(|&(_, area)| area > 0)
            .max_by_key(|&(_, area)| area)
            .map(|(id, _)| id)
    }

    fn menu_items(&self) -> Vec<MenuItem> {
        let mode = self.session.variant().mode();
        vec![
            MenuItem::new("New Game", "new").key('n'),
            MenuItem::new("Restart", "restart").key('r'),
            MenuItem::new("Undo", "undo").key('z').enabled(self.session.can_undo()),
            MenuItem::new("Redo", "redo").key('y').enabled(self.session.can_redo()),
            MenuItem::separator(),
            MenuItem::new("Game Types...", "gametypes").key('g'),
            MenuItem::new("Easy", "easy").checked(mode == Mode::Easy),
            MenuItem::new("Hard", "hard").checked(mode == Mode::Hard),
            MenuItem::separator(),
            MenuItem::new("Auto-play to Foundations", "autoplay").checked(self.options.auto_foundations),
            MenuItem::new("Randomly Placed Cards", "random")
                .checked(self.options.random_placement)
                .enabled(self.game_type.spec.game.max_rand_deltas),
            MenuItem::new("Next Card Back", "cardback"),
            MenuItem::new("Statistics...", "stats"),
        ]
    }

    /// The Options box: the current settings, a button to change each.
    fn options_box(&self) -> Requester {
        let on = |b: bool| if b { "on" } else { "off" };
        Requester {
            title: "Options".into(),
            lines: vec![
                format!("Mode: {}", self.session.variant().mode().name()),
                format!("Auto-play to foundations: {}", on(self.options.auto_foundations)),
                format!("Card back: {} of {BACKS}", self.options.back + 1),
            ],
            buttons: OPTION_BUTTONS.iter().map(|b| b.0.to_string()).collect(),
        }
    }

    fn set_mode(&mut self, mode: Mode) -> Response {
        if self.session.variant().mode() == mode {
            return Response::Unchanged;
        }
        match self.game_type.variant.with_options(mode.name()) {
            Ok(v) => {
                self.abandon();
                self.session = Session::new(v, self.session.seed());
                Response::Redraw
            }
            Err(e) => {
                self.message = e;
                Response::Redraw
            }
        }
    }

    fn draw_card(&self, s: &mut Surface, art: &CardArt, slot: &crate::solitaire::engine::Slot, r: Rect) {
        let picture = if slot.face_up { art.face(slot.card) } else { art.back(self.options.back) };
        s.draw_art(picture, r.x, r.y);
    }

    fn mat_for(&self, id: PileId) -> Mat {
        let rules = self.state().rules();
        match id.kind {
            PileKind::Stock if self.state().can_recycle() => Mat::Recycle,
            // "A" only where an ace really starts the pile: not on discard
            // piles or foundations that take whole king-to-ace runs.
            PileKind::Foundation
                if self.state().start_rank() == crate::cards::Rank::ACE
                    && rules.addition == 0
                    && !rules.foundation.discard
                    && !rules.foundation.complete_sequences
                    && rules.foundation.suit_check =>
            {
                Mat::Ace
            }
            PileKind::Tableau if rules.tableau.kings_only => Mat::King,
            _ => Mat::Empty,
        }
    }
}

impl View for SolitaireView {
    fn title(&self) -> String {
        self.game_type.name.clone()
    }

    fn menus(&self) -> Vec<Menu> {
        vec![Menu::new("Game", self.menu_items())]
    }

    fn fields(&self) -> Vec<(&'static str, String)> {
        let secs = self.session.elapsed_ms() / 1000;
        vec![
            ("Score", self.state().score().to_string()),
            ("Time", format!("{}:{:02}", secs / 60, secs % 60)),
            ("Moves", self.session.move_count().to_string()),
        ]
    }

    fn message(&self) -> String {
        self.message.clone()
    }

    fn draw(&self, s: &mut Surface, machine: &Machine, area: Rect) {
        let look = machine.look();
        if !machine.chrome().draws_felt() {
            s.fill_rect(area, look.paint(Pen::Felt));
        }
        let (art, layout) = self.fitted(area);
        for g in layout.piles.iter().filter(|g| g.visible) {
            if self.state().pile(g.id.kind, g.id.index()).is_empty() {
                let r = layout.base_rect(g);
                s.draw_art(art.mat(self.mat_for(g.id)), r.x, r.y);
            }
        }
        let dragged = self.drag.as_ref().filter(|d| d.moved);
        for (id, i, r) in self.placed(&layout) {
            let slots = self.state().pile(id.kind, id.index());
            if dragged.is_some_and(|d| d.from == id && i >= slots.len() - d.count) {
                continue;
            }
            self.draw_card(s, art, &slots[i], r);
            if self.picked == Some(id) && i + 1 == slots.len() {
                s.frame_rect(r, look.paint(Pen::Highlight));
                s.frame_rect(r.inset(1, 1), look.paint(Pen::Highlight));
            }
        }
        if let Some(d) = dragged
            && let Some(g) = layout.pile(d.from)
        {
            let slots = self.state().pile(d.from.kind, d.from.index());
            let (mut x, mut y) = ((d.at.0 - d.grab.0) as f64, (d.at.1 - d.grab.1) as f64);
            for slot in &slots[slots.len() - d.count..] {
                self.draw_card(s, art, slot, Rect::new(x as i32, y as i32, layout.card_w, layout.card_h));
                x += g.up_step.0;
                y += g.up_step.1;
            }
        }
    }

    fn input(&mut self, input: &Input, _machine: &Machine, area: Rect) -> Response {
        let layout = self.layout(area);
        match *input {
            Input::Tick { ms } => {
                if let Some((_, t)) = &mut self.last_click {
                    *t = t.saturating_add(ms);
                }
                let before = self.session.elapsed_ms() / 1000;
                if self.state().status() == Status::Playing && self.session.move_count() > 0 {
                    self.session.add_time(u64::from(ms));
                }
                if self.session.elapsed_ms() / 1000 != before { Response::Redraw } else { Response::Unchanged }
            }
            Input::MouseDown { x, y, button: Button::Left } => {
                let Some((id, index)) = self.hit(&layout, x, y) else { return Response::Unchanged };
                let response = self.click(id, index);
                if response != Response::Unchanged || id.kind == PileKind::Stock {
                    return response;
                }
                let Some(i) = index else { return Response::Unchanged };
                let count = self.state().pile(id.kind, id.index()).len() - i;
                if count > self.state().liftable(id) {
                    return Response::Unchanged;
                }
                let r = self.placed(&layout).into_iter().find(|p| p.0 == id && p.1 == i).map(|p| p.2);
                if let Some(r) = r {
                    self.drag = Some(Drag { from: id, count, grab: (x - r.x, y - r.y), at: (x, y), moved: false });
                }
                Response::Unchanged
            }
            Input::MouseMove { x, y } => match &mut self.drag {
                Some(d) => {
                    d.moved |= (x - d.at.0).abs() + (y - d.at.1).abs() > DRAG_SLOP;
                    d.at = (x, y);
                    if d.moved { Response::Redraw } else { Response::Unchanged }
                }
                None => Response::Unchanged,
            },
            Input::MouseUp { x, y, button: Button::Left } => {
                let Some(mut d) = self.drag.take() else { return Response::Unchanged };
                d.at = (x, y);
                if !d.moved {
                    return Response::Unchanged;
                }
                // A drag is not the first half of a double-click.
                self.last_click = None;
                match self.drop_target(&layout, &d) {
                    Some(to) => self.play(SolMove::Move { from: d.from, count: d.count as u8, to }),
                    None => Response::Redraw,
                }
            }
            Input::Key { key: Key::Escape, .. } if self.drag.is_some() || self.picked.is_some() => {
                self.drag = None;
                self.picked = None;
                Response::Redraw
            }
            _ => Response::Unchanged,
        }
    }

    fn command(&mut self, command: &str) -> Option<Response> {
        if !self.can(command) {
            return None;
        }
        let response = match command {
            "new" => {
                self.abandon();
                let seed = crate::core::fnv1a64(&self.session.seed().to_le_bytes()) ^ self.session.move_count() as u64;
                self.session.new_game(seed);
                Response::Redraw
            }
            "restart" => {
                self.abandon();
                self.session.restart();
                Response::Redraw
            }
            "undo" => {
                self.session.undo();
                self.message.clear();
                Response::Redraw
            }
            "redo" => {
                self.session.redo();
                self.after_move();
                Response::Redraw
            }
            "mode" => {
                let other = if self.session.variant().mode() == Mode::Easy { Mode::Hard } else { Mode::Easy };
                self.set_mode(other)
            }
            "easy" => self.set_mode(Mode::Easy),
            "hard" => self.set_mode(Mode::Hard),
            "autoplay" => {
                self.options.auto_foundations = !self.options.auto_foundations;
                Response::Redraw
            }
            "random" => {
                self.options.random_placement = !self.options.random_placement;
                Response::Redraw
            }
            "cardback" => {
                self.options.back = (self.options.back + 1) % BACKS;
                Response::Redraw
            }
            "gametypes" => Response::Command("gametypes".into()),
            "options" => Response::Ask(self.options_box()),
            "stats" => Response::Command(format!("stats:{}", self.game_type.id)),
            _ => return None,
        };
        Some(response)
    }

    fn can(&self, command: &str) -> bool {
        match command {
            "undo" => self.session.can_undo(),
            "redo" => self.session.can_redo(),
            "random" => self.game_type.spec.game.max_rand_deltas,
            "new" | "restart" | "easy" | "hard" | "autoplay" | "cardback" | "gametypes" | "stats" | "options"
            | "mode" => true,
            _ => false,
        }
    }

    fn wants_ticks(&self) -> bool {
        true
    }

    fn answer(&mut self, button: usize) -> Response {
        match OPTION_BUTTONS.get(button) {
            Some(&(_, cmd)) if !cmd.is_empty() => self.command(cmd).unwrap_or(Response::Unchanged),
            _ => Response::Unchanged,
        }
    }

    fn game_id(&self) -> Option<String> {
        Some(self.game_type.id.clone())
    }
}

/// The statistics box for a game type.
pub fn stats_box(name: &str, stats: &crate::core::GameStats) -> Requester {
    let pct = (stats.won * 100).checked_div(stats.played).unwrap_or(0);
    Requester {
        title: format!("{name} Statistics"),
        lines: vec![
            format!("Played: {}   Won: {} ({pct}%)", stats.played, stats.won),
            format!("Current streak: {}", stats.streak),
            format!("Best winning streak: {}", stats.best_win_streak),
            format!("Worst losing streak: {}", stats.worst_losing_streak),
        ],
        buttons: vec!["OK".into()],
    }
}
