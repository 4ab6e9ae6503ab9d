//! Court cards: our own bold, symbolic figures.
//!
//! Large cards show a double-headed half figure in a frame, as printed
//! courts do: headwear says the rank (a pointed crown and a beard for the
//! king, a tiara and long hair for the queen, a feathered cap for the
//! jack), and each suit has its own cloth and holds an emblem of the old
//! Latin suits, as the Card Shell's cards did: staffs on spades, cups on
//! hearts, swords on diamonds, coins on clubs. So the king of diamonds,
//! not the king of hearts, has the sword that seems to pass through his
//! head, and the king of hearts holds a cup. The jacks of hearts and
//! diamonds and the king of diamonds are drawn in profile, the deck's
//! traditional one-eyed cards. Medium cards show the same figures a size
//! down: heads and headwear redrawn pixel by pixel (`heads::MEDIUM_*`),
//! cloth and emblems placed anew. Small cards show a simplified bust, in
//! profile for the one-eyed cards, with the emblem in hand; compact cards
//! show the same bust in a frame.

use parlour::cards::{Card, Colour, Suit};

use crate::canvas::{Canvas, Ink, Region, both, capsule, ellipse, poly, rect, union};
use crate::faces::suit_inks;
use crate::glyphs;
use crate::heads;
use crate::inks::{BLUE, BROWN, GOLD, GREEN, LINE, PAPER, RED, RED_INK, SABLE, SABLE_CLOTH, SILVER, SKIN};
use crate::{Kind, Size};

const JACK: u8 = 11;
const QUEEN: u8 = 12;
const KING: u8 = 13;

/// The half figure's box on a large card (the picture frame's inside is
/// two of these, one turned round).
const HALF_W: i32 = 45;
const HALF_H: i32 = 39;
/// Where the picture starts on a large card.
const PICTURE_X: i32 = 13;
const PICTURE_Y: i32 = 9;

/// The same on a medium card. The card's 79 rows have a middle row, which
/// the two halves share (the turned half is drawn over it); its 58
/// columns have none, so the figure is symmetric about the half's column
/// 16 and sits half a pixel left of the frame's middle (the turned one
/// half a pixel right).
const MEDIUM_HALF_W: i32 = 34;
const MEDIUM_HALF_H: i32 = 33;
const MEDIUM_PICTURE_X: i32 = 12;
const MEDIUM_PICTURE_Y: i32 = 7;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Motif {
    Sword,
    Cup,
    Coin,
    Staff,
}

fn motif(suit: Suit) -> Motif {
    match suit {
        Suit::Spades => Motif::Staff,
        Suit::Hearts => Motif::Cup,
        Suit::Diamonds => Motif::Sword,
        Suit::Clubs => Motif::Coin,
    }
}

/// The king of diamonds' sword runs behind his head and out the other
/// side: the old joke of the king who stuck a sword through his head.
fn sword_through_head(card: Card) -> bool {
    (card.rank.value(), card.suit) == (KING, Suit::Diamonds)
}

/// A figure's colours: main cloth, trimming, a second accent, hair.
struct Dress {
    robe: Ink,
    trim: Ink,
    accent: Ink,
    hair: Ink,
}

/// Each figure's colours, chosen as a set: a suit's king and queen share
/// its main cloth (spades blue, hearts red, diamonds gold, clubs black),
/// the four jacks all differ, and hair stands out from headwear and cloth.
fn dress(card: Card) -> Dress {
    let (robe, trim, accent, hair) = match (card.suit, card.rank.value()) {
        (Suit::Spades, KING) => (BLUE, GOLD, RED, BROWN),
        (Suit::Spades, QUEEN) => (BLUE, RED, GOLD, BROWN),
        (Suit::Spades, _) => (GOLD, BLUE, RED, BROWN),
        (Suit::Hearts, KING) => (RED, GOLD, BLUE, GOLD),
        (Suit::Hearts, QUEEN) => (RED, BLUE, GOLD, GOLD),
        (Suit::Hearts, _) => (BLUE, RED, GOLD, BROWN),
        (Suit::Diamonds, KING) => (GOLD, RED, BLUE, SABLE),
        (Suit::Diamonds, QUEEN) => (GOLD, BLUE, RED, SABLE),
        (Suit::Diamonds, _) => (RED, GOLD, BLUE, SABLE),
        (Suit::Clubs, KING) => (SABLE_CLOTH, RED, GOLD, SILVER),
        (Suit::Clubs, QUEEN) => (SABLE_CLOTH, GOLD, RED, BROWN),
        (Suit::Clubs, _) => (GREEN, SABLE_CLOTH, RED, GOLD),
    };
    Dress { robe, trim, accent, hair }
}

/// The traditional one-eyed cards, drawn in profile.
fn in_profile(card: Card) -> bool {
    matches!((card.rank.value(), card.suit), (JACK, Suit::Hearts) | (JACK, Suit::Diamonds) | (KING, Suit::Diamonds))
}

/// Queens hold their emblem on the other side, so a row of courts does not
/// look like one figure three times.
fn mirrored(card: Card) -> bool {
    card.rank.value() == QUEEN
}

pub fn draw(c: &mut Canvas, size: &Size, card: Card) {
    match size.kind {
        Kind::Large => framed(c, card, (PICTURE_X, PICTURE_Y), (HALF_W, HALF_H), half_figure(card)),
        Kind::Medium => framed(
            c,
            card,
            (MEDIUM_PICTURE_X, MEDIUM_PICTURE_Y),
            (MEDIUM_HALF_W, MEDIUM_HALF_H),
            medium_half_figure(card),
        ),
        Kind::Compact => draw_compact(c, size, card),
        Kind::Small => draw_small(c, size, card),
    }
}

/// The frame line: blue for black suits, red for red ones.
fn frame_ink(suit: Suit) -> Ink {
    match suit.colour() {
        Colour::Black => BLUE.mono(LINE.mono),
        Colour::Red => RED_INK,
    }
}

/// A framed double-headed picture: the half figure at `at` and turned
/// round below it. The frame's height is whatever the turned half reaches.
fn framed(c: &mut Canvas, card: Card, at: (i32, i32), half: (i32, i32), figure: Canvas) {
    let ((x, y), (w, h)) = (at, half);
    let bottom = c.h - y;
    let frame = rect((x - 1) as f32, (y - 1) as f32, (x + w + 1) as f32, (bottom + 1) as f32);
    debug_assert!(bottom - y <= 2 * h, "the halves leave a gap");
    c.blob(&frame, PAPER, frame_ink(card.suit));
    let mut upper = Canvas::new(c.w, c.h);
    upper.paste(&figure, x, y);
    c.paste(&upper, 0, 0);
    c.paste(&upper.rot180(), 0, 0);
}

/// The upper half of the picture. Drawn two rows taller than it shows, so
/// the cloth runs on into the middle instead of stopping at an outline.
fn half_figure(card: Card) -> Canvas {
    let d = dress(card);
    let profile = in_profile(card);
    let mut f = Canvas::new(HALF_W, HALF_H + 2);
    let rank = card.rank.value();
    robe(&mut f, &d, rank);
    if sword_through_head(card) {
        // The blade, from the hand up behind the head to the far side.
        f.blob(&poly(&[(35.5, 24.0), (8.5, 8.5), (10.0, 6.0), (38.5, 23.0)]), SILVER, LINE);
    }
    head(&mut f, &d, rank, profile);
    match rank {
        KING => crown(&mut f, &d),
        QUEEN => tiara(&mut f, &d),
        _ => cap(&mut f, &d),
    }
    hold(&mut f, &d, motif(card.suit), card.suit, sword_through_head(card));
    let (fill, edge) = suit_inks(card.suit);
    f.stamp(&glyphs::index_suit(card.suit), 1, 1, fill, edge);
    let f = if mirrored(card) { f.flip_h() } else { f };
    f.crop(0, 0, HALF_W, HALF_H)
}

/// Shoulders and cloth with the rank's trimming: an ermine collar for the
/// king, a necklace for the queen, a buttoned tunic for the jack.
fn robe(f: &mut Canvas, d: &Dress, rank: u8) {
    let shoulders = poly(&[
        (4.0, 42.0),
        (3.0, 31.0),
        (8.0, 25.5),
        (15.0, 23.0),
        (30.0, 23.0),
        (37.0, 25.5),
        (42.0, 31.0),
        (41.0, 42.0),
    ]);
    f.blob(&shoulders, d.robe, LINE);
    brocade(f, &shoulders, d);
    let stripe = rect(19.0, 26.0, 26.0, 42.0);
    f.blob(&stripe, d.trim, LINE);
    // A row of lozenges down the band, in the accent colour.
    for y in [30, 35] {
        f.blob(
            &poly(&[(22.5, y as f32 - 2.5), (24.5, y as f32), (22.5, y as f32 + 2.5), (20.5, y as f32)]),
            d.accent,
            LINE,
        );
    }
    match rank {
        KING => {
            f.blob(&ellipse(22.5, 25.0, 12.0, 3.5), PAPER, LINE);
            // Ermine tails.
            for x in [14, 18, 22, 26, 30] {
                f.set(x, 25, LINE);
            }
        }
        QUEEN => {
            f.blob(&poly(&[(15.0, 23.0), (30.0, 23.0), (26.5, 29.0), (18.5, 29.0)]), SKIN, LINE);
            // A necklace of gold beads dipping at the middle.
            for (x, y) in [(17, 25), (19, 25), (21, 26), (23, 26), (25, 25), (27, 25)] {
                f.set(x, y, GOLD.mono(LINE.mono));
            }
        }
        _ => {
            f.blob(&rect(17.0, 22.0, 28.0, 26.0), d.trim, LINE);
        }
    }
    // The belt meets its mirror image in the middle of the card.
    f.blob(&rect(3.0, 37.0, 42.0, 42.0), d.accent, LINE);
}

/// Dots of the trimming colour woven into the cloth. Colour only: in one
/// bit the cloth's hatching already says what it is, and dots on lines
/// would only be noise.
fn brocade(f: &mut Canvas, cloth: &Region, d: &Dress) {
    let dot = Ink { rgb: d.trim.rgb, mono: d.robe.mono };
    let inside = |x: i32, y: i32| cloth(x as f32 + 0.5, y as f32 + 0.5);
    for y in (1..f.h).step_by(4) {
        for x in 0..f.w {
            let stagger = if (y / 4) % 2 == 0 { 0 } else { 2 };
            if (x + stagger) % 4 == 1
                && [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)].iter().all(|&(dx, dy)| inside(x + dx, y + dy))
            {
                f.set(x, y, dot);
            }
        }
    }
}

/// Neck and the hand-drawn head; its top rows hide under the headwear.
fn head(f: &mut Canvas, d: &Dress, rank: u8, profile: bool) {
    f.blob(&rect(20.0, 19.0, 25.0, 25.0), SKIN, LINE);
    let (rows, y): (&[&str], i32) = match (rank, profile) {
        (KING, false) => (&heads::KING, 6),
        (KING, true) => (&heads::KING_PROFILE, 6),
        (QUEEN, _) => (&heads::QUEEN, 5),
        (_, false) => (&heads::JACK, 6),
        (_, true) => (&heads::JACK_PROFILE, 6),
    };
    f.sprite(rows, 14, y, |ch| match ch {
        '#' => Some(LINE),
        's' => Some(SKIN),
        'h' => Some(d.hair),
        'w' => Some(PAPER),
        'm' => Some(RED_INK),
        _ => None,
    });
}

/// A king's crown: a gold band with three points, pearls on top, jewels on
/// the band.
fn crown(f: &mut Canvas, d: &Dress) {
    let band = rect(14.5, 5.5, 30.5, 10.0);
    let points = [15.5f32, 22.5, 29.5].map(|x| poly(&[(x - 3.5, 6.0), (x, 2.0), (x + 3.5, 6.0)]));
    let [a, b, c] = points;
    f.blob(&union(band, union(a, union(b, c))), GOLD, LINE);
    // A pearl on each point, clear of the frame.
    for x in [15, 22, 29] {
        f.set(x, 1, LINE);
    }
    for x in [18, 22, 26] {
        f.set(x, 7, d.accent);
        f.set(x, 8, d.accent);
    }
}

/// A queen's tiara: a low band with five small fleurons.
fn tiara(f: &mut Canvas, d: &Dress) {
    let band = rect(16.0, 6.0, 29.0, 9.0);
    let mut region = band;
    for x in [17.5f32, 20.5, 22.5, 24.5, 27.5] {
        let h = if x == 22.5 { 2.0 } else { 4.0 };
        region = union(region, poly(&[(x - 1.6, 6.5), (x, h), (x + 1.6, 6.5)]));
    }
    f.blob(&region, GOLD, LINE);
    f.set(22, 7, d.trim);
}

/// A jack's cap: a broad brim, a soft crown and a feather.
fn cap(f: &mut Canvas, d: &Dress) {
    let feather = poly(&[(26.0, 6.0), (31.0, 1.0), (37.0, 0.0), (34.0, 3.0), (28.5, 7.5)]);
    f.blob(&feather, d.accent, LINE);
    let hat = union(ellipse(22.5, 8.5, 11.0, 2.5), ellipse(22.5, 6.0, 7.0, 4.5));
    f.blob(&hat, d.trim, LINE);
    f.line(16, 8, 29, 8, d.robe);
}

/// The suit's emblem in the figure's hand, on the right (a sword's hilt
/// only, when its blade runs behind the head).
fn hold(f: &mut Canvas, d: &Dress, m: Motif, suit: Suit, hilt_only: bool) {
    let hand_y = match m {
        Motif::Sword | Motif::Staff => 28.0,
        Motif::Cup => 29.5,
        Motif::Coin => 32.0,
    };
    // The sleeve hangs from the shoulder to the hand, with a cuff.
    f.blob(&capsule(38.5, 27.0, 37.5, hand_y, 3.4), d.robe, LINE);
    f.blob(&capsule(37.8, hand_y - 2.6, 37.5, hand_y - 1.8, 3.4), d.trim, LINE);
    match m {
        Motif::Sword if hilt_only => hilt(f),
        Motif::Sword => {
            f.blob(&poly(&[(36.0, 24.0), (36.0, 4.0), (37.5, 1.0), (39.0, 4.0), (39.0, 24.0)]), SILVER, LINE);
            hilt(f);
        }
        Motif::Cup => cup(f, suit),
        Motif::Coin => coin(f, suit),
        Motif::Staff => staff(f, d),
    }
    f.blob(&ellipse(37.5, hand_y, 3.0, 2.5), SKIN, LINE);
}

/// A sword's crossguard, grip and pommel, below the hand's blade.
fn hilt(f: &mut Canvas) {
    f.blob(&rect(33.0, 23.0, 42.0, 26.0), GOLD, LINE);
    f.blob(&rect(36.0, 26.0, 39.0, 31.0), BROWN, LINE);
    f.blob(&ellipse(37.5, 31.5, 2.0, 1.5), GOLD, LINE);
}

fn cup(f: &mut Canvas, suit: Suit) {
    let bowl = union(both(ellipse(37.5, 19.0, 5.5, 7.0), rect(0.0, 19.0, 45.0, 45.0)), rect(31.5, 17.0, 43.5, 20.0));
    f.blob(&bowl, GOLD, LINE);
    f.blob(&rect(36.0, 25.0, 39.0, 31.0), GOLD, LINE);
    f.blob(&ellipse(37.5, 32.0, 4.0, 1.8), GOLD, LINE);
    let (fill, edge) = suit_inks(suit);
    f.stamp(&glyphs::small_pip(suit), 35, 19, fill, edge);
}

fn coin(f: &mut Canvas, suit: Suit) {
    f.blob(&ellipse(37.5, 25.0, 6.0, 6.0), GOLD, LINE);
    let (fill, edge) = suit_inks(suit);
    f.stamp(&glyphs::small_pip(suit), 35, 23, fill, edge);
    for (x, y) in [(37, 20), (37, 29), (33, 25), (41, 25)] {
        f.set(x, y, LINE);
    }
}

fn staff(f: &mut Canvas, d: &Dress) {
    f.blob(&rect(36.0, 6.0, 39.0, 42.0), BROWN, LINE);
    let knob = union(ellipse(37.5, 3.0, 2.6, 2.6), union(ellipse(34.8, 6.5, 2.6, 2.6), ellipse(40.2, 6.5, 2.6, 2.6)));
    f.blob(&knob, GREEN, LINE);
    f.set(37, 9, d.trim);
}

/// Small cards' emblems, 5 x 7, held at the bust's right shoulder. Extra
/// legend: `s` silver, `b` wood, `v` green, `p` the suit's colour.
const SMALL_SWORD: [&str; 7] = ["..#..", ".#s#.", ".#s#.", ".#s#.", "#ggg#", ".#b#.", "..#.."];
const SMALL_CUP: [&str; 7] = ["#####", "#gpg#", "#ggg#", ".#g#.", "..#..", ".#g#.", ".###."];
const SMALL_COIN: [&str; 7] = [".....", ".###.", "#ggg#", "#gpg#", "#ggg#", ".###.", "....."];
const SMALL_STAFF: [&str; 7] = [".###.", "#vvv#", ".#b#.", "..b..", "..b..", "..b..", "..b.."];

/// Small cards: a hand-drawn bust in the middle, in the suit's cloth, in
/// profile for the one-eyed cards, holding the suit's emblem.
fn draw_small(c: &mut Canvas, size: &Size, card: Card) {
    let d = dress(card);
    let rows: Vec<&str> = match (card.rank.value(), in_profile(card)) {
        (KING, false) => heads::SMALL_KING.to_vec(),
        (KING, true) => heads::with_face(&heads::SMALL_KING, &heads::SMALL_KING_PROFILE_FACE),
        (QUEEN, _) => heads::SMALL_QUEEN.to_vec(),
        (_, false) => heads::SMALL_JACK.to_vec(),
        (_, true) => heads::with_face(&heads::SMALL_JACK, &heads::SMALL_JACK_PROFILE_FACE),
    };
    let (w, h) = (rows[0].len() as i32, rows.len() as i32);
    let (x, y) = ((size.w - w) / 2, (size.h - h) / 2);
    c.sprite(&rows, x, y, |ch| match ch {
        '#' => Some(LINE),
        's' => Some(SKIN),
        'h' => Some(d.hair),
        'm' => Some(RED_INK),
        'g' => Some(GOLD),
        'a' => Some(d.accent),
        'r' => Some(d.robe),
        't' => Some(d.trim),
        'w' => Some(PAPER),
        _ => None,
    });
    let emblem: &[&str] = match motif(card.suit) {
        Motif::Sword => &SMALL_SWORD,
        Motif::Cup => &SMALL_CUP,
        Motif::Coin => &SMALL_COIN,
        Motif::Staff => &SMALL_STAFF,
    };
    let (_, pip) = suit_inks(card.suit);
    c.sprite(emblem, x + w - 2, y + 8, |ch| match ch {
        '#' => Some(LINE),
        'g' => Some(GOLD.mono(PAPER.mono)),
        's' => Some(SILVER),
        'b' => Some(BROWN),
        'v' => Some(GREEN.mono(PAPER.mono)),
        'p' => Some(pip),
        _ => None,
    });
}

/// Compact cards: the small card's bust in a frame between the two corner
/// indices, with the suit in the frame's corners as on the bigger courts.
fn draw_compact(c: &mut Canvas, size: &Size, card: Card) {
    let (inset_x, inset_y) = (8, 13);
    let frame = rect(inset_x as f32, inset_y as f32, (size.w - inset_x) as f32, (size.h - inset_y) as f32);
    c.blob(&frame, PAPER, frame_ink(card.suit));
    draw_small(c, size, card);
    let (fill, edge) = suit_inks(card.suit);
    let pip = glyphs::small_pip(card.suit);
    c.stamp(&pip, inset_x + 2, inset_y + 2, fill, edge);
    let turned = pip.rot180();
    c.stamp(&turned, size.w - inset_x - 2 - pip.w, size.h - inset_y - 2 - pip.h, fill, edge);
}

/// The upper half of a medium card's picture, drawn like `half_figure`
/// but every measure chosen for the smaller box. Headwear is part of the
/// hand-drawn head here: at this size a crown's points and a cap's brim
/// have to be placed pixel by pixel.
fn medium_half_figure(card: Card) -> Canvas {
    let d = dress(card);
    let rank = card.rank.value();
    let mut f = Canvas::new(MEDIUM_HALF_W, MEDIUM_HALF_H + 2);
    medium_robe(&mut f, &d, rank);
    if sword_through_head(card) {
        f.blob(&poly(&[(27.0, 20.0), (6.5, 8.5), (8.0, 6.0), (30.0, 19.0)]), SILVER, LINE);
    }
    medium_head(&mut f, &d, rank, in_profile(card));
    medium_hold(&mut f, &d, motif(card.suit), card.suit, sword_through_head(card));
    let (fill, edge) = suit_inks(card.suit);
    f.stamp(&glyphs::index_suit(card.suit), 1, 1, fill, edge);
    let f = if mirrored(card) { f.flip_h() } else { f };
    f.crop(0, 0, MEDIUM_HALF_W, MEDIUM_HALF_H)
}

fn medium_robe(f: &mut Canvas, d: &Dress, rank: u8) {
    let shoulders = poly(&[
        (3.0, 36.0),
        (2.0, 26.5),
        (5.5, 21.5),
        (11.0, 19.5),
        (22.0, 19.5),
        (27.5, 21.5),
        (31.0, 26.5),
        (30.0, 36.0),
    ]);
    f.blob(&shoulders, d.robe, LINE);
    brocade(f, &shoulders, d);
    f.blob(&rect(14.0, 22.0, 19.0, 36.0), d.trim, LINE);
    // Jewels down the band: an outlined dot of the accent colour.
    for y in [25, 29] {
        for (x, dy) in [(16, -1), (15, 0), (17, 0), (16, 1)] {
            f.set(x, y + dy, LINE);
        }
        f.set(16, y, d.accent);
    }
    match rank {
        KING => {
            f.blob(&ellipse(16.5, 21.0, 9.0, 3.0), PAPER, LINE);
            for x in [10, 13, 16, 19, 22] {
                f.set(x, 21, LINE);
            }
        }
        QUEEN => {
            f.blob(&poly(&[(11.0, 19.5), (22.0, 19.5), (19.5, 24.5), (13.5, 24.5)]), SKIN, LINE);
            for (x, y) in [(12, 21), (14, 22), (16, 23), (18, 22), (20, 21)] {
                f.set(x, y, GOLD.mono(LINE.mono));
            }
        }
        _ => {
            f.blob(&rect(12.0, 18.5, 21.0, 22.0), d.trim, LINE);
        }
    }
    f.blob(&rect(2.0, 30.0, 31.0, 36.0), d.accent, LINE);
}

/// Neck and the hand-drawn head with its headwear, centred on column 16.
fn medium_head(f: &mut Canvas, d: &Dress, rank: u8, profile: bool) {
    f.blob(&rect(14.0, 16.0, 19.0, 21.0), SKIN, LINE);
    let (rows, y): (&[&str], i32) = match (rank, profile) {
        (KING, false) => (&heads::MEDIUM_KING, 0),
        (KING, true) => (&heads::MEDIUM_KING_PROFILE, 0),
        (QUEEN, _) => (&heads::MEDIUM_QUEEN, 1),
        (_, false) => (&heads::MEDIUM_JACK, 0),
        (_, true) => (&heads::MEDIUM_JACK_PROFILE, 0),
    };
    let w = rows[0].chars().count() as i32;
    f.sprite(rows, 16 - w / 2, y, |ch| match ch {
        '#' => Some(LINE),
        's' => Some(SKIN),
        'h' => Some(d.hair),
        'w' => Some(PAPER),
        'm' => Some(RED_INK),
        'g' => Some(GOLD),
        'a' => Some(d.accent),
        't' => Some(d.trim),
        'r' => Some(d.robe),
        _ => None,
    });
}

/// The suit's emblem in the figure's right hand (a sword's hilt only, when
/// its blade runs behind the head).
fn medium_hold(f: &mut Canvas, d: &Dress, m: Motif, suit: Suit, hilt_only: bool) {
    let hand_y = match m {
        Motif::Sword | Motif::Staff => 24.0,
        Motif::Cup => 25.0,
        Motif::Coin => 27.0,
    };
    f.blob(&capsule(29.0, 22.5, 28.5, hand_y, 2.8), d.robe, LINE);
    f.blob(&capsule(28.8, hand_y - 2.2, 28.5, hand_y - 1.5, 2.8), d.trim, LINE);
    let (fill, edge) = suit_inks(suit);
    match m {
        Motif::Sword => {
            if !hilt_only {
                f.blob(&poly(&[(27.0, 20.0), (27.0, 3.5), (28.5, 1.0), (30.0, 3.5), (30.0, 20.0)]), SILVER, LINE);
            }
            f.blob(&rect(25.0, 19.0, 32.0, 22.0), GOLD, LINE);
            f.blob(&rect(27.0, 22.0, 30.0, 26.0), BROWN, LINE);
            f.blob(&ellipse(28.5, 26.5, 1.7, 1.2), GOLD, LINE);
        }
        Motif::Cup => {
            let bowl =
                union(both(ellipse(28.5, 16.0, 4.5, 5.5), rect(0.0, 16.0, 34.0, 35.0)), rect(24.0, 14.0, 33.0, 16.5));
            f.blob(&bowl, GOLD, LINE);
            f.blob(&rect(27.0, 21.0, 30.0, 25.0), GOLD, LINE);
            f.blob(&ellipse(28.5, 25.5, 3.0, 1.5), GOLD, LINE);
            f.stamp(&glyphs::small_pip(suit), 26, 16, fill, edge);
        }
        Motif::Coin => {
            f.blob(&ellipse(28.5, 21.5, 4.6, 4.6), GOLD, LINE);
            f.stamp(&glyphs::small_pip(suit), 26, 19, fill, edge);
        }
        Motif::Staff => {
            f.blob(&rect(27.0, 4.0, 30.0, 36.0), BROWN, LINE);
            let knob =
                union(ellipse(28.5, 2.5, 2.1, 2.1), union(ellipse(26.3, 5.3, 2.1, 2.1), ellipse(30.7, 5.3, 2.1, 2.1)));
            f.blob(&knob, GREEN, LINE);
            f.set(28, 7, d.trim);
        }
    }
    f.blob(&ellipse(28.5, hand_y, 2.4, 2.0), SKIN, LINE);
}
