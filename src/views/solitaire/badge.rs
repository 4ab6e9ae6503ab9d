//! The counts a squared pile hides, on small badges at the foot of its
//! left side, as PySolFC and KPatience show them: how much a stock has
//! left to deal, how many cards a reserve that cards only leave still
//! holds (Canfield's), and where the game type limits redeals, how many
//! more times the waste may be turned over. A card's index stands top
//! left and, turned, bottom right: on a face-up reserve card the badges
//! rise above the turned one, so both stay in sight.

use crate::gfx::{Paint, Rect, Surface, TextStyle};
use crate::machines::{Look, Pen};
use crate::solitaire::engine::{PileId, Solitaire};
use crate::solitaire::rules::PileKind;
use crate::solitaire::spec::DealTo;

/// One count shown on a pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Badge {
    /// Cards left: in a stock dealing to the waste or a foundation, or in
    /// a reserve.
    Cards(usize),
    /// Deals left in a stock that deals a card to each of several tableau
    /// piles (Spider's 50 cards are 5 deals): what the player plans by.
    Deals(usize),
    /// How many more times the waste may be turned over, drawn after a
    /// small circling arrow like the empty stock's mat.
    Turns(u32),
}

impl Badge {
    /// The number the badge shows.
    pub fn text(self) -> String {
        match self {
            Badge::Cards(n) | Badge::Deals(n) => n.to_string(),
            Badge::Turns(n) => n.to_string(),
        }
    }
}

/// The badges of pile `id` in `st`, lowest first: a stock's cards or
/// deals left while it has any, then the turns left where Redeals limits
/// them to one or more; a reserve's cards where cards only leave it. None on any other
/// pile, whose cards are in sight, nor on free cells.
pub fn badges(st: &Solitaire, id: PileId) -> Vec<Badge> {
    let rules = st.rules();
    let cards = st.pile(id.kind, id.index()).len();
    match id.kind {
        PileKind::Stock if rules.stock.visible => {
            let left = match rules.stock.deal_to {
                DealTo::Tableau => Badge::Deals(st.deals_left(id.index())),
                DealTo::Waste | DealTo::Foundation => Badge::Cards(cards),
            };
            // A game with no redeal at all (Forty Thieves) says so once,
            // by its empty stock's mat, not by a count that never moves.
            let redeals = rules.stock.redeals.is_some_and(|n| n > 0);
            let turns = st.redeals_left().filter(|_| redeals && rules.stock.deal_to == DealTo::Waste).map(Badge::Turns);
            (cards > 0).then_some(left).into_iter().chain(turns).collect()
        }
        PileKind::Reserve if !rules.reserve.are_free_cells() && cards > 0 => vec![Badge::Cards(cards)],
        _ => Vec::new(),
    }
}

/// The circling arrow before a count of turns, seven pixels square: a
/// ring open on the right, its upper end an arrowhead pointing down and
/// on round (clockwise).
const TURN_ARROW: [u8; 7] = [0b0011100, 0b0100010, 0b1000111, 0b1000010, 0b1000000, 0b0100010, 0b0011100];
const ARROW_SIZE: i32 = 7;

/// Pixels between a badge's frame and its text.
const PAD: i32 = 2;

/// The least difference in brightness from the card's face at which a
/// badge's count reads at a glance.
pub const CONTRAST: i32 = 128;

/// The ink of a badge's frame and count, on the card's face colour: the
/// text pen, or where a dark skin's text is pale, the machine's pen that
/// stands out most from the face.
pub fn ink(look: &Look) -> Paint {
    let face = look.colour(Pen::CardFace).luma() as i32;
    let contrast = |pen: Pen| (look.colour(pen).luma() as i32 - face).abs();
    let pen = if contrast(Pen::Text) >= CONTRAST {
        Pen::Text
    } else {
        Pen::ALL.into_iter().max_by_key(|&pen| contrast(pen)).unwrap_or(Pen::Text)
    };
    look.paint(pen)
}

/// Where a pile's badges go: its top card (or mat) `card`, and how many
/// rows at its foot they keep clear: a face-up card's turned index.
pub struct Place {
    pub card: Rect,
    pub index_rows: i32,
}

/// Draws `badges` lowest first up the left side of `place`, from its
/// lower left corner, kept inside `area`, in the machine's text font:
/// dark [`ink`] on the card's face colour, framed, so they read on a
/// card's back, its face and the felt alike, at every depth.
pub fn draw(s: &mut Surface, look: &Look, area: Rect, place: &Place, badges: &[Badge]) {
    let font = look.text_font;
    let (plate, ink) = (look.paint(Pen::CardFace), ink(look));
    let r = place.card;
    // Clear of the card's edge and its back's border, on every size.
    let inset = (r.w / 14).max(2);
    let h = font.height() as i32 + 2;
    let mut bottom = r.bottom() - inset.max(place.index_rows + 1);
    for &badge in badges {
        let text = badge.text();
        let arrow = if let Badge::Turns(_) = badge { ARROW_SIZE + 1 } else { 0 };
        let w = arrow + font.text_width(&text) as i32 + 2 * PAD + 2;
        // A badge wider than the card leaves it (128 cards on the Amiga
        // PAL's 26-pixel card) by as little on either side.
        let left = if w > r.w - 2 * inset { r.x + (r.w - w) / 2 } else { r.x + inset };
        let x = left.min(area.right() - w).max(area.x);
        let y = (bottom - h).min(area.bottom() - h).max(area.y);
        let frame = Rect::new(x, y, w, h);
        s.fill_rect(frame, plate);
        s.frame_rect(frame, ink);
        let text_x = x + 1 + PAD;
        if arrow > 0 {
            let baseline = y + 1 + font.ascent() as i32;
            draw_arrow(s, text_x, baseline - ARROW_SIZE, ink);
        }
        s.draw_text(font, &text, text_x + arrow, y + 1, ink, TextStyle::PLAIN);
        bottom = y - 1;
    }
}

fn draw_arrow(s: &mut Surface, x: i32, y: i32, ink: Paint) {
    for (row, bits) in (0..).zip(TURN_ARROW) {
        for col in (0..ARROW_SIZE).filter(|col| bits & (1 << (ARROW_SIZE - 1 - col)) != 0) {
            s.fill_rect(Rect::new(x + col, y + row, 1, 1), ink);
        }
    }
}
