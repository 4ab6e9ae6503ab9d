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
use crate::views::card_art::CardSize;

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
    pub size: CardSize,
    pub card_w: i32,
    pub card_h: i32,
    pub area: Rect,
    pub piles: Vec<PileGeometry>,
    /// Whether NumCardWide x NumCardHigh units fit the area at this card size.
    pub fits: bool,
}

/// How many of a fanned waste's cards are spread (dealing three).
const WASTE_FAN: usize = 3;

/// How far the cards of pile `g` may spread to the right before they
/// reach a shown pile level with it, one `gap` short of it, in pixels;
/// None with no pile there.
fn room_right(piles: &[PileGeometry], g: &PileGeometry, (card_w, card_h): (i32, i32), gap: f64) -> Option<f64> {
    let level = |p: &&PileGeometry| p.visible && p.id != g.id && p.x > g.x && (p.y - g.y).abs() < card_h;
    piles.iter().filter(level).map(|p| (p.x - g.x - card_w) as f64 - gap).reduce(f64::min)
}

/// The most a layout of overlapping piles is spread apart.
const MAX_SPREAD: f64 = 1.25;

/// The farthest pile places to the right and down, in card units.
fn extent(spec: &GameSpec) -> (f64, f64) {
    let places = PileKind::ALL.iter().flat_map(|&k| spec.piles(k));
    places.fold((0.0, 0.0), |(r, b), p| (f64::max(r, p.x), f64::max(b, p.y)))
}

/// How far apart to set the piles of a layout whose piles cover one
/// another (`CoveredBy`), as a pyramid's rows do: as far as the room
/// allows, up to `MAX_SPREAD`, so each covered card shows more of itself
/// and its neighbours stand apart. Other layouts keep their places (1).
fn spread(spec: &GameSpec, card: (f64, f64), unit: (f64, f64), gap: (f64, f64), area: Rect) -> f64 {
    let covering = spec.piles(PileKind::Tableau).iter().any(|p| !p.covered_by.is_empty());
    let (right, bottom) = extent(spec);
    if !covering || right <= 0.0 || bottom <= 0.0 {
        return 1.0;
    }
    let across = (area.w as f64 - card.0 - 2.0 * gap.0) / (right * unit.0);
    let down = (area.h as f64 - card.1 - 2.0 * gap.1) / (bottom * unit.1);
    across.min(down).clamp(1.0, MAX_SPREAD)
}

/// A card size's measures on the table, in pixels: the card, the gaps
/// between cards and the card units piles are placed in.
struct Units {
    card: (f64, f64),
    gap: (f64, f64),
    unit: (f64, f64),
}

impl Units {
    fn new(spec: &GameSpec, size: CardSize) -> Units {
        let (w, h) = size.dimensions();
        let (w, h) = (w as f64, h as f64);
        // Gaps scale with the cards so small screens keep their proportions.
        let scale = w / 71.0;
        let gap = (spec.game.card_x_offset as f64 * scale, spec.game.card_y_offset as f64 * scale);
        Units { card: (w, h), gap, unit: (w + gap.0, h + gap.1) }
    }
}

impl TableLayout {
    /// Lays out a game type's piles for cards of `size` in `area`.
    /// `fan_waste` spreads the waste's top three cards (when dealing three),
    /// short of the pile beside it.
    /// A tableau fanned downwards steps at least far enough to show each
    /// covered card's rank and suit.
    pub fn new(spec: &GameSpec, size: CardSize, area: Rect, fan_waste: bool) -> TableLayout {
        let u = Units::new(spec, size);
        let spread = spread(spec, u.card, u.unit, u.gap, area);
        TableLayout::placed(spec, size, area, fan_waste, (spread, spread))
    }

    /// The layout of cards of `size` with the piles drawn closer together,
    /// as much as it takes for every pile's first card to lie in `area`:
    /// for a layout no card size fits, so that no pile is out of reach.
    /// Neighbouring piles may then overlap.
    pub fn squeezed(spec: &GameSpec, size: CardSize, area: Rect, fan_waste: bool) -> TableLayout {
        let u = Units::new(spec, size);
        let (right, bottom) = extent(spec);
        let factor = |room: i32, card: f64, gap: f64, far: f64, unit: f64| {
            if far <= 0.0 { 1.0 } else { ((room as f64 - card - 2.0 * gap) / (far * unit)).clamp(0.0, 1.0) }
        };
        let across = factor(area.w, u.card.0, u.gap.0, right, u.unit.0);
        let down = factor(area.h, u.card.1, u.gap.1, bottom, u.unit.1);
        TableLayout::placed(spec, size, area, fan_waste, (across, down))
    }

    /// The layout with the card units scaled by `stretch` across and down
    /// (1: as game.ini places the piles).
    fn placed(spec: &GameSpec, size: CardSize, area: Rect, fan_waste: bool, stretch: (f64, f64)) -> TableLayout {
        let u = Units::new(spec, size);
        let (card_w, card_h) = (u.card.0 as i32, u.card.1 as i32);
        let g = &spec.game;
        let (gap_x, gap_y) = u.gap;
        let width = g.num_card_wide.max(1.0) * u.unit.0 + gap_x;
        let height = g.num_card_high.max(1.0) * u.unit.1 + gap_y;
        let (unit_x, unit_y) = (u.unit.0 * stretch.0, u.unit.1 * stretch.1);
        // The room the piles' first cards take; a pile placed beyond
        // NumCardWide or NumCardHigh widens the table to take it in.
        let (right, bottom) = extent(spec);
        let piles_w = right * unit_x + card_w as f64 + 2.0 * gap_x;
        let piles_h = bottom * unit_y + card_h as f64 + 2.0 * gap_y;
        // Along a way the piles keep their places, the table is as wide or
        // high as game.ini says, its columns' room included, squeezed the
        // other way or not: centring only the piles' first cards left a
        // layout squeezed sideways on the Amiga PAL low on the screen, its
        // columns short of room and the top of the table empty. Along a
        // way drawn closer or spread, the piles fill the room they take.
        let shown = |stretch: f64, table: f64, piles: f64| if stretch == 1.0 { table.max(piles) } else { piles };
        let (shown_w, shown_h) = (shown(stretch.0, width, piles_w), shown(stretch.1, height, piles_h));
        let left = area.x as f64 + ((area.w as f64 - shown_w) / 2.0).max(0.0) + gap_x;
        let top = area.y as f64 + ((area.h as f64 - shown_h) / 2.0).max(0.0) + gap_y;
        let (cw, ch) = (card_w as f64, card_h as f64);
        let randomised = g.max_rand_deltas;
        let mut piles = Vec::new();
        for kind in PileKind::ALL {
            for (i, place) in spec.piles(kind).iter().enumerate() {
                let (down, up, max_visible, random) = match kind {
                    PileKind::Tableau => {
                        let t = &spec.tableau;
                        let up_y = t.card_y_up_off * ch;
                        let up_y = if up_y > 0.0 { up_y.max(size.index_rows() as f64) } else { up_y };
                        (
                            (t.card_x_down_off * cw, t.card_y_down_off * ch),
                            (t.card_x_up_off * cw, up_y),
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
                    PileKind::Waste if fan_waste => {
                        let step = (cw * 0.2).max(size.index_cols() as f64);
                        ((0.0, 0.0), (step, 0.0), Some(WASTE_FAN), (0.0, 0.0))
                    }
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
        // A fanned waste stops short of the pile beside it: the index's
        // width, which the step keeps to on small cards, can be more than
        // the room game.ini gives the fan (Pyramid's on the Amiga's lores
        // screen ran under the pyramid's sixth row).
        for i in 0..piles.len() {
            if piles[i].id.kind == PileKind::Waste
                && let Some(room) = room_right(&piles, &piles[i], (card_w, card_h), gap_x)
            {
                let most = (room / (WASTE_FAN - 1) as f64).floor().max(0.0);
                piles[i].up_step.0 = piles[i].up_step.0.min(most);
            }
        }
        // Piles in one row are drawn (and found under the pointer) left to
        // right, together where the last of them comes: where a table
        // squeezed onto a narrow screen overlaps them, each card's index in
        // its top left corner stays in sight (the last tableau pile no
        // longer hides the foundation beside it). Rows keep the order of
        // their last piles, so Pyramid's lower rows still lie over the
        // rows above.
        let row_last: Vec<usize> = piles.iter().map(|p| piles.iter().rposition(|q| q.y == p.y).unwrap_or(0)).collect();
        let mut order: Vec<usize> = (0..piles.len()).collect();
        order.sort_by_key(|&i| (row_last[i], piles[i].x));
        let piles: Vec<PileGeometry> = order.into_iter().map(|i| piles[i].clone()).collect();
        // Long tableau piles squeeze, so the height only has to hold every
        // pile's first card.
        let lowest = piles.iter().map(|p| p.y + card_h).max().unwrap_or(area.y);
        let rightmost = piles.iter().map(|p| p.x + card_w).max().unwrap_or(area.x);
        let fits = (width <= area.w as f64 || stretch.0 < 1.0) && rightmost <= area.right() && lowest <= area.bottom();
        TableLayout { size, card_w, card_h, area, piles, fits }
    }

    /// Moves the piles up so that the highest stands no lower than `top`:
    /// smaller cards keep the larger ones' top row where it was, rather
    /// than the table jumping to the middle of the screen.
    pub fn raise_to(&mut self, top: i32) {
        let dy = (top - self.top()).min(0);
        for g in &mut self.piles {
            g.y += dy;
        }
    }

    /// The top of the highest pile.
    pub fn top(&self) -> i32 {
        self.piles.iter().map(|g| g.y).min().unwrap_or(self.area.y)
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
    /// are squeezed so the pile stays inside the table, each face-up card
    /// showing its index or closed up (see [`fit_steps`]).
    /// `jitter` gives the random displacement (in -1..1 per axis) of a
    /// card, or None.
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
        let face_up: Vec<bool> = shown.iter().map(|s| s.face_up).collect();
        // A pile fans towards the table's far edge, or (a negative offset)
        // towards its near one.
        let fitted = |steps: Vec<f64>, near: i32, far: i32, index: i32| {
            let room = if steps.iter().sum::<f64>() < 0.0 { near } else { far };
            let lengths: Vec<f64> = steps.iter().map(|s| s.abs()).collect();
            let fitted = fit_steps(&lengths, &face_up, room as f64, index as f64);
            fitted.iter().zip(&steps).map(|(length, s)| length.copysign(*s)).collect()
        };
        let (area, size) = (self.area, self.size);
        let steps_x: Vec<f64> = fitted(
            steps.iter().map(|s| s.0).collect(),
            g.x - area.x,
            area.right() - self.card_w - g.x,
            size.index_cols(),
        );
        let steps_y: Vec<f64> = fitted(
            steps.iter().map(|s| s.1).collect(),
            g.y - area.y,
            area.bottom() - self.card_h - g.y,
            size.index_rows(),
        );
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
            if let (Some(sx), Some(sy)) = (steps_x.get(k), steps_y.get(k)) {
                x += sx;
                y += sy;
            }
        }
        out
    }
}

/// The least a face-down card, or a face-up one closed up, shows of itself
/// in a squeezed column, in pixels: enough to count the cards.
const LEAST_DOWN_STEP: f64 = 2.0;

/// A column's steps along one axis (step `k` from card `k` to the next,
/// `face_up[k]` whether card `k` is face up), fitted into `room` pixels.
/// A column with room keeps its steps as they are. A squeezed one closes
/// up its face-down cards first, which show nothing to read (down to
/// [`LEAST_DOWN_STEP`]), and only then shrinks its face-up cards' steps,
/// all alike, but none below `index` pixels, the card's whole index: a
/// face-up card squeezed further shows too little of its rank to read
/// (on the Amiga's lores cards 3, 5 and 6 looked alike, Q and 9). Where
/// that does not fit, the deepest face-up cards close up as face-down
/// ones do, as many as it takes, and the cards nearer the top, the ones
/// played, keep their index in sight. Steps are whole pixels, so every
/// card of the column shows the same rows of itself (a step of 13 or 14
/// by turns showed the top of one court card's picture frame as a stray
/// line under its index and not the next one's).
fn fit_steps(steps: &[f64], face_up: &[bool], room: f64, index: f64) -> Vec<f64> {
    let total = |up: bool| steps.iter().zip(face_up).filter(|p| *p.1 == up).map(|p| p.0).sum::<f64>();
    let (up_total, down_total) = (total(true), total(false));
    let room = room.max(0.0);
    if up_total + down_total <= room {
        return steps.to_vec();
    }
    let least_down: f64 = steps.iter().zip(face_up).filter(|p| !*p.1).map(|p| p.0.min(LEAST_DOWN_STEP)).sum();
    let down_room = (room - up_total).min(down_total).max(least_down.min(room));
    let scale = |room: f64, total: f64| if total > 0.0 { room / total } else { 1.0 };
    let up_room = room - down_room;
    let ups: Vec<usize> = (0..steps.len()).filter(|&k| face_up[k]).collect();
    let least = |k: usize| steps[k].min(index);
    let closed = |k: usize| steps[k].min(LEAST_DOWN_STEP);
    let need =
        |n: usize| ups[..n].iter().map(|&k| closed(k)).sum::<f64>() + ups[n..].iter().map(|&k| least(k)).sum::<f64>();
    let shut = (0..ups.len()).find(|&n| need(n) <= up_room).unwrap_or(ups.len());
    let open_room = up_room - ups[..shut].iter().map(|&k| closed(k)).sum::<f64>();
    let open_scale = scale(open_room, ups[shut..].iter().map(|&k| steps[k]).sum()).min(1.0);
    let down_scale = scale(down_room, down_total);
    (0..steps.len())
        .map(|k| match ups.iter().position(|&u| u == k) {
            None => whole(steps[k] * down_scale),
            Some(n) if n < shut => closed(k),
            Some(_) => whole((steps[k] * open_scale).max(least(k))),
        })
        .collect()
}

/// `pixels` cut down to whole pixels, one a hair under a whole counted as
/// that whole: a step scaled to exactly the least comes out a float's error
/// short of it (1.9999999999999998 for three face-down small cards at 0.08
/// of their height), and cut to 1 it left too thin a stripe to count by.
fn whole(pixels: f64) -> f64 {
    (pixels + 1e-9).trunc()
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    fn spec(folder: &str) -> GameSpec {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("game-types").join(folder).join("game.ini");
        GameSpec::parse(&path, &std::fs::read(&path).unwrap()).unwrap().0
    }

    /// The SE/30's table below its menu bar, title bar and status strip.
    const SE30_TABLE: Rect = Rect { x: 1, y: 39, w: 510, h: 285 };

    #[test]
    fn a_pyramid_spreads_into_spare_room_and_other_layouts_keep_their_places() {
        let pyramid = spec("Pyramid");
        let layout = TableLayout::new(&pyramid, CardSize::Compact, SE30_TABLE, false);
        assert!(layout.fits);
        let at = |n: usize| layout.pile(PileId::new(PileKind::Tableau, n)).map(|g| (g.x, g.y)).unwrap();
        // [Tableau22] and [Tableau23] (indices 21 and 22) are side by side
        // in the bottom row; [Tableau16] stands half a row above them.
        let (w, h) = CardSize::Compact.dimensions();
        assert!(at(22).0 - at(21).0 >= w as i32 + 4, "neighbours stand apart: {:?} {:?}", at(21), at(22));
        assert!(at(21).1 - at(15).1 >= h as i32 / 2 + 4, "rows show more than half a card");
        // Everything stays on the table.
        assert!(layout.piles.iter().all(|g| g.x >= SE30_TABLE.x && g.x + w as i32 <= SE30_TABLE.right()));
        assert!(layout.piles.iter().all(|g| g.y >= SE30_TABLE.y && g.y + h as i32 <= SE30_TABLE.bottom()));
        // Klondike's piles do not cover one another: no spreading.
        let klondike = spec("Klondike");
        let k = TableLayout::new(&klondike, CardSize::Medium, SE30_TABLE, false);
        let unit = 58.0 + klondike.game.card_x_offset as f64 * 58.0 / 71.0;
        let (a, b) =
            (k.pile(PileId::new(PileKind::Tableau, 0)).unwrap(), k.pile(PileId::new(PileKind::Tableau, 1)).unwrap());
        assert!(((b.x - a.x) as f64 - unit).abs() <= 1.0);
    }

    fn klondike_with(from: &str, to: &str) -> GameSpec {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("game-types/Klondike/game.ini");
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(from));
        GameSpec::parse(&path, text.replace(from, to).as_bytes()).unwrap().0
    }

    fn on_table(layout: &TableLayout, area: Rect) -> bool {
        let (w, h) = (layout.card_w, layout.card_h);
        layout
            .piles
            .iter()
            .all(|g| g.x >= area.x && g.x + w <= area.right() && g.y >= area.y && g.y + h <= area.bottom())
    }

    /// A pile placed beyond NumCardWide widens the table: a card size fits
    /// only if that pile is on the table too.
    #[test]
    fn a_pile_beyond_the_layouts_width_is_taken_in() {
        let far = klondike_with("[Tableau7]\nX=6", "[Tableau7]\nX=8");
        assert!(!TableLayout::new(&far, CardSize::Medium, SE30_TABLE, false).fits);
        let compact = TableLayout::new(&far, CardSize::Compact, SE30_TABLE, false);
        assert!(compact.fits && on_table(&compact, SE30_TABLE), "{:?}", compact.piles);
    }

    /// A layout no card size fits is squeezed: the piles draw closer until
    /// each one's first card is on the table.
    #[test]
    fn a_layout_too_wide_for_any_card_is_squeezed_onto_the_table() {
        let wide = klondike_with("[Tableau7]\nX=6", "[Tableau7]\nX=16");
        let pal = Rect::new(0, 11, 320, 235);
        assert!(!TableLayout::new(&wide, CardSize::Small, pal, false).fits);
        let squeezed = TableLayout::squeezed(&wide, CardSize::Small, pal, false);
        assert!(squeezed.fits && on_table(&squeezed, pal), "{:?}", squeezed.piles);
        // Squeezing keeps the piles' order and leaves a layout that fits
        // as it is.
        let xs: Vec<i32> = (0..7).map(|n| squeezed.pile(PileId::new(PileKind::Tableau, n)).unwrap().x).collect();
        assert!(xs.windows(2).all(|w| w[0] < w[1]), "{xs:?}");
        let klondike = spec("Klondike");
        assert_eq!(
            TableLayout::squeezed(&klondike, CardSize::Small, pal, false),
            TableLayout::new(&klondike, CardSize::Small, pal, false)
        );
    }

    /// Piles in one row are drawn left to right, whatever their kinds, so
    /// one squeezed over the next leaves the next one's index in sight: a
    /// foundation beside the last tableau pile comes after it. Rows keep
    /// their order: Pyramid's rows are drawn from the top down.
    #[test]
    fn piles_in_a_row_are_drawn_left_to_right() {
        let beside = klondike_with("[Foundation1]\nX=3\nY=0", "[Foundation1]\nX=7\nY=1.15");
        let pal = Rect::new(0, 11, 320, 235);
        let layout = TableLayout::squeezed(&beside, CardSize::Small, pal, false);
        let order: Vec<PileId> = layout.piles.iter().map(|g| g.id).collect();
        let at = |id: PileId| order.iter().position(|&o| o == id).unwrap();
        let (last_tableau, foundation) = (PileId::new(PileKind::Tableau, 6), PileId::new(PileKind::Foundation, 0));
        assert_eq!(at(foundation), at(last_tableau) + 1, "{order:?}");
        let rows: Vec<i32> = layout.piles.iter().map(|g| g.y).collect();
        for row in rows.iter() {
            let xs: Vec<i32> = layout.piles.iter().filter(|g| g.y == *row).map(|g| g.x).collect();
            assert!(xs.is_sorted(), "{xs:?}");
        }
        let pyramid = TableLayout::new(&spec("Pyramid"), CardSize::Compact, SE30_TABLE, false);
        let tops: Vec<i32> = pyramid.piles.iter().filter(|g| g.id.kind == PileKind::Tableau).map(|g| g.y).collect();
        assert!(tops.is_sorted(), "{tops:?}");
    }

    /// A pile fanned left or up (a negative offset) is fitted into the
    /// room on that side of it, as one fanned right or down is into the
    /// room on the other: it had run off the table, its top card, the
    /// one to play, out of sight.
    #[test]
    fn a_pile_fanned_left_or_up_stays_on_the_table() {
        use crate::cards::Card;
        let se30 = Rect::new(0, 39, 512, 285);
        let slots: Vec<Slot> = Card::deck().into_iter().take(20).map(|card| Slot { card, face_up: true }).collect();
        for (to, left) in
            [("CardXDownOff=-0.12\nCardXUpOff=-0.25", true), ("CardYDownOff=-0.12\nCardYUpOff=-0.25", false)]
        {
            let fanned = klondike_with("CardYDownOff=0.12\nCardYUpOff=0.25", to);
            let layout = TableLayout::new(&fanned, CardSize::Compact, se30, false);
            let pile = layout.pile(PileId::new(PileKind::Tableau, 3)).unwrap();
            let rects = layout.card_rects(pile, &slots, None);
            let (first, top) = (rects[0].1, rects[19].1);
            assert!(top.x >= se30.x && top.y >= se30.y, "{to}: the top card {top:?} is off the table {se30:?}");
            let towards = if left { first.x - top.x } else { first.y - top.y };
            assert!(towards >= 19 * 4, "{to}: the pile no longer fans that way: {first:?} to {top:?}");
        }
    }

    /// A column too long for its room closes up its face-down cards before
    /// its face-up ones, and steps by whole pixels.
    #[test]
    fn a_long_column_closes_up_its_face_down_cards_first() {
        let (steps, face_up) = ([4.4, 4.4, 4.4, 9.68, 9.68, 9.68], [false, false, false, true, true, true]);
        assert_eq!(fit_steps(&steps, &face_up, 100.0, 9.0), steps, "a column with room keeps its steps");
        let closed = fit_steps(&steps, &face_up, 35.0, 9.0);
        assert_eq!(&closed[3..], &[9.0, 9.0, 9.0], "face-up cards keep their step, in whole pixels: {closed:?}");
        assert!(closed[..3].iter().all(|s| (LEAST_DOWN_STEP..4.0).contains(s)), "{closed:?}");
        let squeezed = fit_steps(&steps, &face_up, 20.0, 4.0);
        assert_eq!(&squeezed[3..], &[4.0, 4.0, 4.0], "squeezed alike while the index shows: {squeezed:?}");
    }

    /// Face-down cards closed up to the least step keep it whole, whatever
    /// their size, offset and number: a step scaled to it came out a
    /// float's error short and was cut to 1 pixel (see [`whole`]).
    #[test]
    fn face_down_cards_closed_up_keep_the_least_step() {
        for height in [44.0, 61.0, 79.0, 96.0] {
            for offset in [0.05, 0.08, 0.1, 0.12] {
                for n in 1..=12 {
                    let face_up = [vec![false; n], vec![true; 12]].concat();
                    let steps: Vec<f64> =
                        face_up.iter().map(|&up| if up { 0.22 * height } else { offset * height }).collect();
                    let room = LEAST_DOWN_STEP * n as f64 + 12.0 * 0.22 * height;
                    let fitted = fit_steps(&steps, &face_up, room, 9.0);
                    let thin = fitted[..n].iter().find(|&&s| s < LEAST_DOWN_STEP);
                    assert!(thin.is_none(), "{n} face-down cards {height} high at {offset}: {fitted:?}");
                }
            }
        }
    }

    /// A face-up card is never squeezed below its index: where the column
    /// cannot show every index, its deepest face-up cards close up as
    /// face-down ones do, and those nearer the top show their index whole.
    #[test]
    fn a_column_too_long_to_show_every_index_closes_up_its_deepest_face_up_cards() {
        let face_up = [[false; 3].as_slice(), &[true; 20]].concat();
        let steps: Vec<f64> = face_up.iter().map(|&up| if up { 9.68 } else { 4.4 }).collect();
        let fitted = fit_steps(&steps, &face_up, 125.0, 9.0);
        assert!(fitted.iter().sum::<f64>() <= 125.0, "{fitted:?}");
        assert_eq!(&fitted[..3], &[LEAST_DOWN_STEP; 3], "face-down cards close up first: {fitted:?}");
        let up = &fitted[3..];
        let open = up.iter().position(|&s| s >= 9.0).expect("some face-up cards show their index");
        assert!(up[..open].iter().all(|&s| s == LEAST_DOWN_STEP), "the deepest close up: {fitted:?}");
        assert!(up[open..].iter().all(|&s| s >= 9.0), "the cards above them show their index: {fitted:?}");
        assert!(up.len() - open >= 10, "as few close as it takes: {fitted:?}");
    }
}
