//! The four suit shapes as continuous regions, for pips big enough to be
//! drawn from a shape (large pips, aces). Coordinates u and v run from -1
//! to 1 across the pip's box, v downwards.

use parlour::cards::Suit;

use crate::canvas::Bitmap;

/// The classic heart curve (x² + y² - 1)³ = x² y³, stretched to fill the
/// box, lobes up. `flip` turns it over (the body of a spade).
fn heart(u: f32, v: f32, flip: bool) -> bool {
    let x = u * 1.14;
    let t = (v + 1.0) / 2.0;
    let y = if flip { -1.0 + t * 2.236 } else { 1.236 - t * 2.236 };
    let a = x * x + y * y - 1.0;
    a * a * a - x * x * y * y * y <= 0.0
}

/// A stem flaring out to the bottom of the box from `top`, as spades and
/// clubs stand on.
fn stem(u: f32, v: f32, top: f32) -> bool {
    if !(top..=1.0).contains(&v) {
        return false;
    }
    let t = (v - top) / (1.0 - top);
    u.abs() <= 0.08 + 0.42 * t.powf(2.2)
}

fn spade(u: f32, v: f32) -> bool {
    // The body fills the top 72% of the box; the stem the rest.
    let body_v = (v + 1.0) / 0.72 - 1.0;
    (body_v <= 1.0 && heart(u, body_v, true)) || stem(u, v, 0.1)
}

fn club(u: f32, v: f32) -> bool {
    let r = 0.43;
    let leaf = |cx: f32, cy: f32| (u - cx).powi(2) + (v - cy).powi(2) <= r * r;
    leaf(0.0, -0.54)
        || leaf(-0.55, 0.08)
        || leaf(0.55, 0.08)
        || (u.abs() < 0.3 && (-0.3..0.35).contains(&v))
        || stem(u, v, 0.15)
}

/// Sides curve in slightly, as on printed diamonds.
fn diamond(u: f32, v: f32) -> bool {
    let p = 0.9;
    (u.abs() / 0.9).powf(p) + v.abs().powf(p) <= 1.0
}

pub fn inside(suit: Suit, u: f32, v: f32) -> bool {
    match suit {
        Suit::Hearts => heart(u, v, false),
        Suit::Diamonds => diamond(u, v),
        Suit::Spades => spade(u, v),
        Suit::Clubs => club(u, v),
    }
}

/// A pip `w` x `h` pixels: a pixel is ink when at least half of it is
/// inside the shape (4 x 4 samples), which keeps thin points from
/// breaking up.
pub fn pip(suit: Suit, w: i32, h: i32) -> Bitmap {
    let (du, dv) = (2.0 / w as f32, 2.0 / h as f32);
    Bitmap::sample(w, h, |u, v| {
        let mut hits = 0;
        for i in 0..4 {
            for j in 0..4 {
                let su = u + du * ((i as f32 + 0.5) / 4.0 - 0.5);
                let sv = v + dv * ((j as f32 + 0.5) / 4.0 - 0.5);
                hits += inside(suit, su, sv) as u32;
            }
        }
        hits >= 8
    })
}
