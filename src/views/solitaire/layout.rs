//! Where piles and cards go on the table, from a game.ini's positions and
//! offsets (in card units) and the card size of the screen.
//!
//! Pile N of a kind sits at (X, Y) card units: one horizontal unit is a
//! card width plus [Game] CardXOffset pixels, one vertical unit a card
//! height plus CardYOffset pixels. The whole layout, NumCardWide x
//! NumCardHigh units, is centred in the playing area. Within a pile, cards
//! step by the pile kind's offsets (fractions of a card), squeezed when a
//! long tableau pile would run off the table.

use crate::gfx::Rect;
use crate::solitaire::engine::{PileId, Slot};
use crate::solitaire::rules::PileKind;
use crate::solitaire::spec::GameSpec;

/// How the cards of one pile are spread.
#[derive(Clone, Debug, PartialEq)]
pub struct PileGeometry {
    pub id: PileId,
    /// The top-left of the pile's first card (and of its empty mat).
    pub x: i32,
    pub y: i32,
    /// Step from a face-down card to the next, and from a face-up one, in
    /// pixels.
    pub down_step: (f64, f64),
    pub up_step: (f64, f64),
    /// Only the top this-many cards are drawn (the rest lie beneath).
    pub max_visible: Option<usize>,
    /// Largest random displacement for "randomly placed cards", in pixels.
    pub random: (f64, f64),
    /// False for a stock with Visibility=0.
    pub visible: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TableLayout {
    pub card_w: i32,
    pub card_h: i32,
    pub area: Rect,
    pub piles: Vec<PileGeometry>,
    /// Whether NumCardWide x NumCardHigh units fit the area at this card size.
    pub fits: bool,
}

impl TableLayout {
    /// Lays out a game type's piles for cards of `card_w` x `card_h` in
    /// `area`.
    /// `fan_waste` spreads the waste's top three cards (when dealing three).
    pub fn new(spec: &GameSpec, card_w: i32, card_h: i32, area: Rect, fan_waste: bool) -> TableLayout {
        let g = &spec.game;
        // Gaps scale with the cards so small screens keep their proportions.
        let scale = card_w as f64 / 71.0;
        let (gap_x, gap_y) = (g.card_x_offset as f64 * scale, g.card_y_offset as f64 * scale);
        let (unit_x, unit_y) = (card_w as f64 + gap_x, card_h as f64 + gap_y);
        let width = g.num_card_wide.max(1.0) * unit_x + gap_x;
        let height = g.num_card_high.max(1.0) * unit_y + gap_y;
        let left = area.x as f64 + ((area.w as f64 - width) / 2.0).max(0.0) + gap_x;
        let top = area.y as f64 + ((area.h as f64 - height) / 2.0).max(0.0) + gap_y;
        let (cw, ch) = (card_w as f64, card_h as f64);
        let randomised = g.max_rand_deltas;
        let mut piles = Vec::new();
        for kind in PileKind::ALL {
            for (i, place) in spec.piles(kind).iter().enumerate() {
                let (down, up, max_visible, random) = match kind {
                    PileKind::Tableau => {
                        let t = &spec.tableau;
                        (
                            (t.card_x_down_off * cw, t.card_y_down_off * ch),
                            (t.card_x_up_off * cw, t.card_y_up_off * ch),
                            None,
                            (0.0, 0.0),
                        )
                    }
                    PileKind::Foundation => {
                        let f = &spec.foundation;
                        let step = (f.origin_x_off * cw, f.origin_y_off * ch);
                        let shown = f.max_visible.min(f.max_cards_shown).max(1) as usize;
                        (step, step, Some(shown), (f.max_x_rand_delta * cw, f.max_y_rand_delta * ch))
                    }
                    PileKind::Reserve => {
                        let r = &spec.reserve;
                        let step = (r.card_x_up_off * cw, r.card_y_up_off * ch);
                        (
                            step,
                            step,
                            Some(r.max_visible.max(1) as usize),
                            (r.max_x_rand_delta * cw, r.max_y_rand_delta * ch),
                        )
                    }
                    PileKind::Waste if fan_waste => ((0.0, 0.0), (cw * 0.2, 0.0), Some(3), (0.0, 0.0)),
                    PileKind::Waste => ((0.0, 0.0), (0.0, 0.0), Some(1), (0.0, 0.0)),
                    PileKind::Stock => ((0.0, 0.0), (0.0, 0.0), Some(1), (0.0, 0.0)),
                };
                piles.push(PileGeometry {
                    id: PileId::new(kind, i),
                    x: (left + place.x * unit_x).round() as i32,
                    y: (top + place.y * unit_y).round() as i32,
                    down_step: down,
                    up_step: up,
                    max_visible,
                    random: if randomised { random } else { (0.0, 0.0) },
                    visible: kind != PileKind::Stock || spec.stock.visibility,
                });
            }
        }
        // Long tableau piles squeeze, so the height only has to hold every
        // pile's first card.
        let lowest = piles.iter().map(|p| p.y + card_h).max().unwrap_or(area.y);
        let fits = width <= area.w as f64 && lowest <= area.bottom();
        TableLayout { card_w, card_h, area, piles, fits }
    }

    pub fn pile(&self, id: PileId) -> Option<&PileGeometry> {
        self.piles.iter().find(|p| p.id == id)
    }

    /// The rectangle of a pile's first card (where its mat is drawn).
    pub fn base_rect(&self, g: &PileGeometry) -> Rect {
        Rect::new(g.x, g.y, self.card_w, self.card_h)
    }

    /// Where each drawn card of a pile goes, bottom to top, with its index
    /// in the pile: the hidden ones under `max_visible` are skipped. Steps
    /// are squeezed so the pile stays inside the table. `jitter` gives the
    /// random displacement (in -1..1 per axis) of a card, or None.
    pub fn card_rects(
        &self,
        g: &PileGeometry,
        slots: &[Slot],
        jitter: Option<&dyn Fn(usize) -> (f64, f64)>,
    ) -> Vec<(usize, Rect)> {
        let first = g.max_visible.map_or(0, |n| slots.len().saturating_sub(n));
        let shown = &slots[first..];
        let steps: Vec<(f64, f64)> = shown
            .iter()
            .take(shown.len().saturating_sub(1))
            .map(|s| if s.face_up { g.up_step } else { g.down_step })
            .collect();
        let (total_x, total_y) = steps.iter().fold((0.0, 0.0), |(a, b), s| (a + s.0, b + s.1));
        let room_y = (self.area.bottom() - self.card_h - g.y) as f64;
        let room_x = (self.area.right() - self.card_w - g.x) as f64;
        let squeeze_y = if total_y > room_y && total_y > 0.0 { (room_y / total_y).max(0.0) } else { 1.0 };
        let squeeze_x = if total_x > room_x && total_x > 0.0 { (room_x / total_x).max(0.0) } else { 1.0 };
        let (mut x, mut y) = (g.x as f64, g.y as f64);
        let mut out = Vec::with_capacity(shown.len());
        for (k, _) in shown.iter().enumerate() {
            let index = first + k;
            let (jx, jy) = jitter.map_or((0.0, 0.0), |j| j(index));
            let r = Rect::new(
                (x + jx * g.random.0).round() as i32,
                (y + jy * g.random.1).round() as i32,
                self.card_w,
                self.card_h,
            );
            out.push((index, r));
            if let Some(s) = steps.get(k) {
                x += s.0 * squeeze_x;
                y += s.1 * squeeze_y;
            }
        }
        out
    }
}
