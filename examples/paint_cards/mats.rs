//! Empty-pile mats: what a pile shows when it has no cards. Only the
//! outline and the sign are inside the mask, so the felt shows through.
//!
//! Lines are engraved: a dark line with a light one beside it, which reads
//! on any felt colour a skin or machine may use. In one bit the dark line
//! is black and the light one white, clear on a patterned grey table.

use parlour::cards::Rank;

use crate::canvas::{Bitmap, Canvas, Ink};
use crate::faces;
use crate::glyphs;
use crate::inks::{BLACK_P, WHITE_P};
use crate::{Kind, Size};

pub const NAMES: [&str; 5] = ["mat-empty", "mat-ace", "mat-recycle", "mat-king", "mat-stop"];

const DARK: Ink = Ink::new(0x000000, BLACK_P);
const LIGHT: Ink = Ink::new(0xC0C0C0, WHITE_P);

pub fn mat(size: &Size, n: usize) -> Canvas {
    let mut c = Canvas::new(size.w, size.h);
    ring(&mut c, size);
    let sign = match n {
        1 => Some(letter(size, Rank::ACE)),
        2 => Some(circle(size)),
        3 => Some(letter(size, Rank::KING)),
        4 => Some(cross(size)),
        _ => None,
    };
    if let Some(sign) = sign {
        engrave(&mut c, &sign, (size.w - sign.w) / 2, (size.h - sign.h) / 2);
    }
    c
}

/// The card's outline, dark, with a light line just inside it.
fn ring(c: &mut Canvas, size: &Size) {
    let shape = faces::card_shape(size);
    for y in 0..size.h {
        for x in 0..size.w {
            if shape.is_edge(x, y) {
                c.set(x, y, DARK);
            } else if shape.get(x, y)
                && [(-1, 0), (1, 0), (0, -1), (0, 1)].iter().any(|&(dx, dy)| shape.is_edge(x + dx, y + dy))
            {
                c.set(x, y, LIGHT);
            }
        }
    }
}

/// A sign cut into the felt: dark where drawn, light one pixel below right.
fn engrave(c: &mut Canvas, sign: &Bitmap, x: i32, y: i32) {
    for by in 0..sign.h {
        for bx in 0..sign.w {
            if sign.get(bx, by) {
                if !sign.get(bx + 1, by + 1) {
                    c.set(x + bx + 1, y + by + 1, LIGHT);
                }
                c.set(x + bx, y + by, DARK);
            }
        }
    }
}

/// A rank letter, doubled in size on all but small cards.
fn letter(size: &Size, rank: Rank) -> Bitmap {
    let g = match size.kind {
        Kind::Large | Kind::Small => glyphs::large_rank(rank),
        Kind::Medium | Kind::Compact => glyphs::medium_rank(rank),
    };
    if size.kind == Kind::Small {
        return g;
    }
    Bitmap::sample(g.w * 2, g.h * 2, |u, v| {
        let (x, y) = (((u + 1.0) / 2.0 * g.w as f32) as i32, ((v + 1.0) / 2.0 * g.h as f32) as i32);
        g.get(x, y)
    })
}

/// A ring: the stock can be dealt again.
fn circle(size: &Size) -> Bitmap {
    let (d, t) = size.kind.pick((31, 0.16), (24, 0.2), (19, 0.23), (15, 0.27));
    Bitmap::sample(d, d, |u, v| {
        let r = (u * u + v * v).sqrt();
        r <= 1.0 && r >= 1.0 - t
    })
}

/// An X: the stock is spent.
fn cross(size: &Size) -> Bitmap {
    let (d, t) = size.kind.pick((25, 0.09), (20, 0.11), (16, 0.13), (13, 0.16));
    Bitmap::sample(d, d, |u, v| (u - v).abs() < t || (u + v).abs() < t)
}
