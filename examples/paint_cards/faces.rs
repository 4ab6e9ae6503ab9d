//! Card faces: the blank card, corner indices, pip cards and aces. Court
//! figures are in `courts.rs`.

use parlour::cards::{Card, Colour, Rank, Suit};

use crate::canvas::{Bitmap, Canvas, Ink};
use crate::courts;
use crate::glyphs;
use crate::inks::{GOLD, LINE, PAPER, RED, RED_ENGRAVED, RED_HOLLOW, RED_INK, WHITE_P};
use crate::suits;
use crate::{Kind, Size};

/// Inside the rounded outline of a `w` x `h` card: the top row is inset
/// 2 pixels, the second 1, mirrored at the bottom (as Windows drew them).
pub fn in_card(x: i32, y: i32, w: i32, h: i32) -> bool {
    let from_edge = y.min(h - 1 - y);
    let inset = match from_edge {
        0 => 2,
        1 => 1,
        _ => 0,
    };
    y >= 0 && y < h && x >= inset && x < w - inset
}

/// The card shape as a bitmap.
pub fn card_shape(size: &Size) -> Bitmap {
    Bitmap::from_fn(size.w, size.h, |x, y| in_card(x, y, size.w, size.h))
}

/// A white card with a one-pixel black edge.
pub fn blank(size: &Size) -> Canvas {
    let mut c = Canvas::new(size.w, size.h);
    c.stamp(&card_shape(size), 0, 0, PAPER, LINE);
    c
}

/// Fill and edge inks for a suit symbol. Black suits are solid in both
/// images; red ones are red in colour and hollow (a black outline round
/// white) in one bit, so hearts never look like spades on an SE/30.
pub fn suit_inks(suit: Suit) -> (Ink, Ink) {
    match suit.colour() {
        Colour::Black => (LINE, LINE),
        Colour::Red => (RED_HOLLOW, RED_INK),
    }
}

/// Rank letters: red or black in colour, always solid black in one bit.
fn rank_ink(suit: Suit) -> Ink {
    match suit.colour() {
        Colour::Black => LINE,
        Colour::Red => RED_INK,
    }
}

/// Draws the top-left index on `c`; the caller turns a copy round for the
/// bottom-right one. Large and medium cards stack rank over suit in a
/// column 9 pixels wide (medium ranks are a row shorter and start a row
/// higher, so 11 rows of a card overlapped in a column show its rank);
/// compact and small ones put them side by side, so the few rows that show of a card
/// overlapped in a column still name it.
fn draw_index(c: &mut Canvas, size: &Size, card: Card) {
    let (fill, edge) = suit_inks(card.suit);
    let suit = glyphs::index_suit(card.suit);
    let ink = rank_ink(card.suit);
    match size.kind {
        Kind::Large => {
            let rank = glyphs::large_rank(card.rank);
            c.stamp(&rank, 6 - rank.w / 2, 4, ink, ink);
            c.stamp(&suit, 3, 15, fill, edge);
        }
        Kind::Medium => {
            let rank = glyphs::medium_rank(card.rank);
            c.stamp(&rank, 6 - rank.w / 2, 3, ink, ink);
            c.stamp(&suit, 3, 13, fill, edge);
        }
        Kind::Compact => {
            // Side by side like the small card's, so a 12-row strip of a
            // covered card shows both; the suit sits on the rank's baseline.
            let rank = glyphs::medium_rank(card.rank);
            c.stamp(&rank, 3, 3, ink, ink);
            c.stamp(&suit, 4 + rank.w, 4, fill, edge);
        }
        Kind::Small => {
            let rank = glyphs::small_rank(card.rank);
            c.stamp(&rank, 2, 2, ink, ink);
            c.stamp(&suit, 3 + rank.w, 2, fill, edge);
        }
    }
}

/// Both corner indices.
fn draw_indices(c: &mut Canvas, size: &Size, card: Card) {
    let mut corner = Canvas::new(size.w, size.h);
    draw_index(&mut corner, size, card);
    c.paste(&corner, 0, 0);
    c.paste(&corner.rot180(), 0, 0);
}

/// Where the pips of a 2..10 go: column (-1 left, 0 middle, 1 right) and
/// how far down the pip field (0 top row, 1 bottom row), in the
/// arrangement printed cards have used for centuries.
fn pip_layout(rank: u8) -> Vec<(i32, f32)> {
    let sides = |rows: &[f32]| rows.iter().flat_map(|&f| [(-1, f), (1, f)]).collect::<Vec<_>>();
    let mut pips = match rank {
        2 | 3 => vec![(0, 0.0), (0, 1.0)],
        4 | 5 => sides(&[0.0, 1.0]),
        6..=8 => sides(&[0.0, 0.5, 1.0]),
        _ => sides(&[0.0, 1.0 / 3.0, 2.0 / 3.0, 1.0]),
    };
    match rank {
        3 | 5 | 9 => pips.push((0, 0.5)),
        7 => pips.push((0, 0.25)),
        8 => pips.extend([(0, 0.25), (0, 0.75)]),
        10 => pips.extend([(0, 1.0 / 6.0), (0, 5.0 / 6.0)]),
        _ => {}
    }
    pips
}

/// The pip field of each size: column centres, first and last row tops.
struct PipField {
    columns: [i32; 3],
    top: i32,
    bottom: i32,
}

/// Column centres are where a pip's middle goes: `x - pip.w / 2` is its
/// left edge (on medium cards, with even pips, the middle column's centre
/// is the card's middle line, between pixels 28 and 29).
fn pip_field(size: &Size) -> PipField {
    match size.kind {
        Kind::Large => PipField { columns: [20, 35, 50], top: 9, bottom: 75 },
        Kind::Medium => PipField { columns: [18, 29, 40], top: 7, bottom: size.h - 7 - 9 },
        Kind::Compact => PipField { columns: [14, 22, 30], top: 13, bottom: size.h - 13 - 7 },
        Kind::Small => PipField { columns: [8, 14, 20], top: 10, bottom: size.h - 10 - 5 },
    }
}

/// Pips in their classic places; those in the lower half upside down.
fn draw_pips(c: &mut Canvas, size: &Size, card: Card) {
    let pip = match size.kind {
        Kind::Large => glyphs::large_pip(card.suit),
        Kind::Medium => glyphs::medium_pip(card.suit),
        // The index's 7 x 7 suit: odd, so the middle column centres.
        Kind::Compact => glyphs::index_suit(card.suit),
        Kind::Small => glyphs::small_pip(card.suit),
    };
    let turned = pip.rot180();
    let field = pip_field(size);
    let (fill, edge) = suit_inks(card.suit);
    let row_top = |f: f32| (field.top as f32 + f * (field.bottom - field.top) as f32).round() as i32;
    for (col, f) in pip_layout(card.rank.value()) {
        let x = field.columns[(col + 1) as usize] - pip.w / 2;
        if f <= 0.5 {
            c.stamp(&pip, x, row_top(f), fill, edge);
        } else {
            // Mirror the matching upper pip so the card is symmetric under a half turn.
            c.stamp(&turned, x, size.h - pip.h - row_top(1.0 - f), fill, edge);
        }
    }
}

/// Shrinks a shape by `n` pixels all round.
fn eroded(bm: &Bitmap, n: i32) -> Bitmap {
    Bitmap::from_fn(bm.w, bm.h, |x, y| {
        (-n..=n).all(|dy| (-n..=n).all(|dx| dx.abs() + dy.abs() > n || bm.get(x + dx, y + dy)))
    })
}

/// Draws a bitmap's outline only.
fn stamp_outline(c: &mut Canvas, bm: &Bitmap, x: i32, y: i32, ink: Ink) {
    for by in 0..bm.h {
        for bx in 0..bm.w {
            if bm.is_edge(bx, by) {
                c.set(x + bx, y + by, ink);
            }
        }
    }
}

/// An ace: one big pip.
fn draw_ace(c: &mut Canvas, size: &Size, suit: Suit) {
    if suit == Suit::Spades {
        return draw_ace_of_spades(c, size);
    }
    let (w, h) = match size.kind {
        Kind::Large => (27, 30),
        Kind::Medium => (22, 25),
        Kind::Compact => (19, 21),
        Kind::Small => (13, 14),
    };
    let pip = suits::pip(suit, w, h);
    let (x, y) = ((size.w - w) / 2, (size.h - h) / 2);
    let (fill, edge) = suit_inks(suit);
    if suit.colour() == Colour::Red && size.kind != Kind::Small {
        // Hatched inside a white ring, as an engraver marks red.
        c.stamp(&pip, x, y, RED_ENGRAVED, RED_INK);
        stamp_outline(c, &eroded(&pip, 1), x, y, RED_HOLLOW);
    } else {
        c.stamp(&pip, x, y, fill, edge);
    }
}

/// The ace of spades, traditionally the deck's signature card: a big
/// spade with a gold inner line and a small crown, in a laurel wreath, over
/// a ribbon with the maker's name.
fn draw_ace_of_spades(c: &mut Canvas, size: &Size) {
    let inner = GOLD.mono(WHITE_P);
    let crown = |ch| match ch {
        'g' => Some(inner),
        'r' => Some(RED.mono(WHITE_P)),
        _ => None,
    };
    match size.kind {
        Kind::Large => {
            let pip = suits::pip(Suit::Spades, 35, 40);
            let (x, y) = ((size.w - pip.w) / 2, 21);
            laurel(c, size.w as f32 / 2.0, y as f32 + 21.0, &LARGE_LAUREL);
            c.stamp(&pip, x, y, LINE, LINE);
            stamp_outline(c, &body_of(&eroded(&pip, 3), 0.7), x, y, inner);
            c.sprite(&ACE_CROWN, x + pip.w / 2 - 4, y + 12, crown);
            ribbon(c, size.w / 2, y + pip.h + 5, "PARLOUR", 6);
        }
        Kind::Medium => {
            // The same card a size down: the spade's even width centres
            // it, the wreath runs closer and the ribbon's tails are short
            // enough to clear the corner index.
            let pip = suits::pip(Suit::Spades, 28, 32);
            let (x, y) = ((size.w - pip.w) / 2, 12);
            laurel(c, size.w as f32 / 2.0, y as f32 + 17.0, &MEDIUM_LAUREL);
            c.stamp(&pip, x, y, LINE, LINE);
            stamp_outline(c, &body_of(&eroded(&pip, 2), 0.7), x, y, inner);
            c.sprite(&MEDIUM_ACE_CROWN, x + pip.w / 2 - 4, y + 10, crown);
            ribbon(c, size.w / 2, y + pip.h + 3, "PARLOUR", 5);
        }
        Kind::Compact => {
            // No room for the wreath and ribbon: the spade and its crown.
            let pip = suits::pip(Suit::Spades, 25, 28);
            let (x, y) = ((size.w - pip.w) / 2, (size.h - pip.h) / 2);
            c.stamp(&pip, x, y, LINE, LINE);
            stamp_outline(c, &body_of(&eroded(&pip, 2), 0.7), x, y, inner);
            c.sprite(&ACE_CROWN, x + pip.w / 2 - 4, y + 9, crown);
        }
        Kind::Small => {
            let pip = suits::pip(Suit::Spades, 17, 19);
            let (x, y) = ((size.w - pip.w) / 2, (size.h - pip.h) / 2);
            c.stamp(&pip, x, y, LINE, LINE);
            stamp_outline(c, &body_of(&eroded(&pip, 2), 0.7), x, y, inner);
        }
    }
}

/// A crown for the ace of spades, drawn in gold on the black spade.
const ACE_CROWN: [&str; 7] =
    ["g...g...g", "gg.ggg.gg", "ggggggggg", "g.......g", "ggrggrggg", "g.......g", "ggggggggg"];

/// The medium card's crown: a row shorter, even-width to centre on the
/// even-width spade.
const MEDIUM_ACE_CROWN: [&str; 6] = ["g..gg..g", "gg.gg.gg", "gggggggg", "g......g", "ggrggrgg", "gggggggg"];

/// The part of a shape above `fraction` of its height (a spade without its
/// stem, so the inner line follows the body only).
fn body_of(bm: &Bitmap, fraction: f32) -> Bitmap {
    let cut = (bm.h as f32 * fraction) as i32;
    Bitmap::from_fn(bm.w, bm.h, |x, y| y < cut && bm.get(x, y))
}

/// The wreath's measures: radii, where each spray ends (degrees from
/// straight below), the leaves' spacing, distance from the stem and size.
struct Laurel {
    rx: f32,
    ry: f32,
    from: i32,
    to: i32,
    step: usize,
    out: f32,
    leaf: f32,
}

const LARGE_LAUREL: Laurel = Laurel { rx: 25.0, ry: 27.0, from: 22, to: 150, step: 13, out: 2.0, leaf: 1.6 };
const MEDIUM_LAUREL: Laurel = Laurel { rx: 19.0, ry: 21.5, from: 22, to: 150, step: 13, out: 1.7, leaf: 1.5 };

/// Two sprays of laurel curving up round the spade from below: a stem
/// line with leaves set alternately outside and inside it.
fn laurel(c: &mut Canvas, cx: f32, cy: f32, l: &Laurel) {
    let leaf = Ink::new(0x006411, LINE.mono);
    let (rx, ry) = (l.rx, l.ry);
    // Angle 0 is straight below the centre; each spray climbs to 150.
    let at = |side: f32, deg: f32| {
        let a = deg.to_radians();
        (cx + side * rx * a.sin(), cy + ry * a.cos())
    };
    for side in [-1.0f32, 1.0] {
        let mut deg = l.from as f32;
        while deg <= l.to as f32 {
            let (x, y) = at(side, deg);
            c.set(x.floor() as i32, y.floor() as i32, leaf);
            deg += 1.0;
        }
        for (i, deg) in (l.from + 8..=l.to - 4).step_by(l.step).enumerate() {
            let (x, y) = at(side, deg as f32);
            let a = (deg as f32).to_radians();
            let (nx, ny) = (side * a.sin(), a.cos());
            let out = if i % 2 == 0 { l.out } else { -l.out };
            let (lx, ly) = (x + nx * out, y + ny * out);
            c.blob(&crate::canvas::ellipse(lx, ly, l.leaf, l.leaf), leaf, leaf);
        }
    }
}

/// A white ribbon with forked red ends `tail` pixels long and a word in
/// tiny capitals.
fn ribbon(c: &mut Canvas, cx: i32, y: i32, word: &str, tail: i32) {
    let width = word.len() as i32 * 4 + 5;
    let x0 = cx - width / 2;
    c.blob(&crate::canvas::rect(x0 as f32, y as f32, (x0 + width) as f32, (y + 9) as f32), PAPER, LINE);
    for (end, dir) in [(x0, -1), (x0 + width - 1, 1)] {
        let tail = crate::canvas::poly(&[
            (end as f32 + 0.5, y as f32 + 2.0),
            ((end + dir * tail) as f32 + 0.5, y as f32 + 2.0),
            ((end + dir * (tail - 2)) as f32 + 0.5, y as f32 + 6.5),
            ((end + dir * tail) as f32 + 0.5, y as f32 + 11.0),
            (end as f32 + 0.5, y as f32 + 11.0),
        ]);
        c.blob(&tail, RED.mono(WHITE_P), LINE);
    }
    c.blob(&crate::canvas::rect(x0 as f32, y as f32, (x0 + width) as f32, (y + 9) as f32), PAPER, LINE);
    for (i, ch) in word.chars().enumerate() {
        c.stamp(&glyphs::tiny_letter(ch), x0 + 3 + i as i32 * 4, y + 2, LINE, LINE);
    }
}

/// A whole face.
pub fn face(size: &Size, card: Card) -> Canvas {
    let mut c = blank(size);
    match card.rank.value() {
        1 => draw_ace(&mut c, size, card.suit),
        2..=10 => draw_pips(&mut c, size, card),
        _ => courts::draw(&mut c, size, card),
    }
    draw_indices(&mut c, size, card);
    c
}

/// Every card in the file-name order (AC, 2C ... KS).
pub fn all_cards() -> Vec<Card> {
    Suit::ALL.iter().flat_map(|&s| Rank::all().map(move |r| Card::new(r, s))).collect()
}
