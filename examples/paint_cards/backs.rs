//! Card backs: nine designs of our own, each a panel inside a white margin.
//!
//! Every design is drawn twice over in effect: the colour inks and, for
//! one-bit screens, patterns chosen so the back is a crisp black-and-white
//! design in its own right (dark backs stand out against the grey felt of
//! a one-bit Mac).

use std::f32::consts::TAU;

use parlour::gfx::Pattern;

use crate::canvas::{Canvas, Ink, capsule, ellipse, poly, rect, union};
use crate::faces;
use crate::inks::{BLACK_P, BLUE, GOLD, LINE, PAPER, RED, SILVER, WHITE_P};
use crate::{Kind, Size};

pub const NAMES: [&str; 9] =
    ["Blue lattice", "Red diamonds", "Green weave", "Castle", "Fish", "Sun", "Robot", "Flowers", "Plaid"];

/// Colours only the backs use, all from the Mac 4-bit CLUT.
const ORANGE: u32 = 0xFF6402;
const CYAN: u32 = 0x02ABEA;
const GREEN: u32 = 0x1FB714;
const DARK_GREEN: u32 = 0x006411;
const PURPLE: u32 = 0x4600A5;
const MAGENTA: u32 = 0xF20884;
const GREY: u32 = 0x808080;

const fn ink(rgb: u32, mono: Pattern) -> Ink {
    Ink::new(rgb, mono)
}

/// A whole back: the card edge, a white margin and the design's panel.
pub fn back(size: &Size, n: usize) -> Canvas {
    let mut c = faces::blank(size);
    let m = size.kind.pick(4, 3, 3, 2);
    let mut panel = Canvas::new(size.w - 2 * m, size.h - 2 * m);
    let design: fn(&mut Canvas, Kind) = match n {
        0 => lattice,
        1 => diamonds,
        2 => weave,
        3 => castle,
        4 => fish,
        5 => sun,
        6 => robot,
        7 => flowers,
        _ => plaid,
    };
    design(&mut panel, size.kind);
    c.paste(&panel, m, m);
    c
}

/// Fills the panel pixel by pixel.
fn per_pixel(p: &mut Canvas, f: impl Fn(i32, i32) -> Ink) {
    for y in 0..p.h {
        for x in 0..p.w {
            p.set(x, y, f(x, y));
        }
    }
}

/// Diagonal white lines on blue, gold studs in the cells.
fn lattice(p: &mut Canvas, kind: Kind) {
    let step = kind.pick(8, 8, 7, 6);
    let (w, h) = (p.w, p.h);
    per_pixel(p, |x, y| {
        // Centre the lattice so both sides of the panel match.
        let (dx, dy) = (x - w / 2, y - h / 2);
        let on_line = (dx + dy).rem_euclid(step) == 0 || (dx - dy).rem_euclid(step) == 0;
        let cell_centre = (dx + dy).rem_euclid(step) == step / 2 && (dx - dy).rem_euclid(step) == step / 2;
        if on_line {
            ink(0xFFFFFF, WHITE_P)
        } else if cell_centre {
            ink(GOLD.rgb.to_u32(), WHITE_P)
        } else {
            ink(BLUE.rgb.to_u32(), BLACK_P)
        }
    });
}

/// A harlequin of red and orange lozenges, a gold stud in each red one.
fn diamonds(p: &mut Canvas, kind: Kind) {
    let (hw, hh) = kind.pick((6, 9), (5, 8), (4, 7), (4, 6));
    let (w, h) = (p.w, p.h);
    per_pixel(p, |x, y| {
        // Doubled coordinates of the pixel centre, so lozenges are
        // symmetric about the panel's middle.
        let (px, py) = (2 * (x - w / 2) + 1, 2 * (y - h / 2) + 1);
        let tile = 4 * hw * hh;
        let (s, d) = (px * hh + py * hw, px * hh - py * hw);
        let red = (s.div_euclid(tile) + d.div_euclid(tile)).rem_euclid(2) == 0;
        let near_middle = |v: i32| (v.rem_euclid(tile) - tile / 2).abs() <= hh + hw;
        if red && near_middle(s) && near_middle(d) {
            ink(GOLD.rgb.to_u32(), WHITE_P)
        } else if red {
            ink(RED.rgb.to_u32(), BLACK_P)
        } else {
            ink(ORANGE, WHITE_P)
        }
    });
}

/// Basket weave: square blocks of strands, turning a quarter each block.
fn weave(p: &mut Canvas, kind: Kind) {
    let block = kind.pick(8, 8, 7, 6);
    let strand = block / 2;
    // Medium cards shift the weave so no one-pixel sliver of a block is
    // left at an edge, and so the one-bit hatching (aligned to the card)
    // falls in the middle of each strand, as on large cards.
    let shift = kind.pick(0, 3, 0, 0);
    per_pixel(p, |x, y| {
        let (x, y) = (x + shift, y + shift);
        let across = ((x / block) + (y / block)) % 2 == 0;
        // Position across the strand (0 at its edge) decides the shading.
        let t = if across { y % strand } else { x % strand };
        let along = if across { x % block } else { y % block };
        if t == 0 {
            ink(0x000000, BLACK_P)
        } else if t == 1 && along != 0 {
            ink(GREEN, WHITE_P)
        } else if across {
            ink(DARK_GREEN, Pattern([0x00, 0x00, 0xFF, 0x00, 0x00, 0x00, 0xFF, 0x00]))
        } else {
            ink(DARK_GREEN, Pattern([0x22; 8]))
        }
    });
}

/// Stone laid in courses: grey mortar lines in colour, brickwork in one bit.
const BRICK: Pattern = Pattern([0xFF, 0x80, 0x80, 0x80, 0xFF, 0x08, 0x08, 0x08]);

fn stone(p: &mut Canvas, region: &dyn Fn(f32, f32) -> bool) {
    for y in 0..p.h {
        for x in 0..p.w {
            if region(x as f32 + 0.5, y as f32 + 0.5) {
                let mortar = BRICK.ink(x, y);
                p.set(x, y, ink(if mortar { GREY } else { SILVER.rgb.to_u32() }, BRICK));
            }
        }
    }
}

/// A castle on a green hill under a night-blue sky with a moon.
fn castle(p: &mut Canvas, kind: Kind) {
    let (w, h) = (p.w as f32, p.h as f32);
    let sky = ink(CYAN, Pattern([0x00, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00, 0x01]));
    p.fill(&rect(0.0, 0.0, w, h), sky);
    p.blob(&ellipse(w * 0.78, h * 0.13, w * 0.09, w * 0.09), GOLD.mono(WHITE_P), LINE);
    p.blob(
        &ellipse(w * 0.5, h * 1.2, w * 0.95, h * 0.38),
        ink(GREEN, Pattern([0x11, 0x22, 0x44, 0x88, 0x11, 0x22, 0x44, 0x88])),
        LINE,
    );
    // Two towers and a keep between them, battlements on the keep.
    let towers = [(0.10, 0.30), (0.70, 0.90)];
    let wall = rect(w * 0.22, h * 0.55, w * 0.78, h * 0.86);
    let keep_top = h * 0.36;
    let merlon = kind.pick(4.0, 3.0, 3.0, 2.0);
    let mut keep = rect(w * 0.36, keep_top, w * 0.64, h * 0.86);
    let mut x = w * 0.36;
    while x < w * 0.64 - 0.5 {
        keep = union(keep, rect(x, keep_top - merlon, x + merlon, keep_top));
        x += 2.0 * merlon;
    }
    let mut body = union(wall, keep);
    for &(x0, x1) in &towers {
        body = union(body, rect(w * x0, h * 0.42, w * x1, h * 0.86));
    }
    stone(p, &body);
    outline(p, &body);
    for &(x0, x1) in &towers {
        let roof =
            poly(&[(w * x0 - 1.0, h * 0.42 + 0.5), (w * (x0 + x1) / 2.0, h * 0.22), (w * x1 + 1.0, h * 0.42 + 0.5)]);
        p.blob(&roof, RED.mono(BLACK_P), LINE);
        let wx = w * (x0 + x1) / 2.0;
        p.fill(&rect(wx - 1.0, h * 0.52, wx + 1.0, h * 0.52 + kind.pick(5.0, 4.0, 3.0, 2.0)), LINE);
    }
    // The gate: an arch.
    let gate = union(rect(w * 0.42, h * 0.74, w * 0.58, h * 0.86), ellipse(w * 0.5, h * 0.74, w * 0.08, w * 0.08));
    p.fill(&gate, LINE);
    // A flag on the keep.
    let pole_x = (w * 0.5) as i32;
    let flag_top = (keep_top - merlon - h * 0.12) as i32;
    p.line(pole_x, flag_top, pole_x, (keep_top - merlon) as i32, LINE);
    let fy = flag_top as f32;
    p.blob(
        &poly(&[(w * 0.5 + 0.5, fy), (w * 0.5 + w * 0.16, fy + h * 0.03), (w * 0.5 + 0.5, fy + h * 0.06)]),
        GOLD,
        LINE,
    );
}

/// The one-pixel outline of a region drawn with `stone` or `fill`.
fn outline(p: &mut Canvas, region: &dyn Fn(f32, f32) -> bool) {
    let inside = |x: i32, y: i32| region(x as f32 + 0.5, y as f32 + 0.5);
    for y in 0..p.h {
        for x in 0..p.w {
            if inside(x, y) && [(-1, 0), (1, 0), (0, -1), (0, 1)].iter().any(|&(dx, dy)| !inside(x + dx, y + dy)) {
                p.set(x, y, LINE);
            }
        }
    }
}

/// Orange fish swimming both ways through blue water with wave lines.
fn fish(p: &mut Canvas, kind: Kind) {
    let (w, h) = (p.w, p.h);
    per_pixel(p, |x, y| {
        let wave = ((x as f32 / 6.0 * TAU / 2.0).sin() * 1.2).round() as i32;
        if (y + wave).rem_euclid(kind.pick(7, 6, 6, 6)) == 0 {
            ink(CYAN, WHITE_P)
        } else {
            ink(BLUE.rgb.to_u32(), BLACK_P)
        }
    });
    let (cw, ch) = kind.pick((31.0, 22.0), (26.0, 18.0), (25.0, 16.0), (25.0, 12.5));
    let rows = (h as f32 / ch).floor() as i32;
    let top = (h as f32 - rows as f32 * ch) / 2.0;
    for r in 0..rows {
        let left = r % 2 == 0;
        let mut cx =
            if left { cw * 0.45 } else { cw * 0.55 } + (w as f32 % cw) / 2.0 - if left { 0.0 } else { cw / 2.0 };
        while cx < w as f32 + cw / 2.0 {
            let cy = top + (r as f32 + 0.5) * ch;
            one_fish(p, cx, cy, cw * 0.3, ch * 0.27, left, kind != Kind::Small);
            cx += cw;
        }
    }
}

/// A plump fish: body, forked tail, a fin on its back and a big eye.
fn one_fish(p: &mut Canvas, cx: f32, cy: f32, rx: f32, ry: f32, facing_left: bool, detailed: bool) {
    let dir = if facing_left { 1.0 } else { -1.0 };
    let tail_x = cx + dir * rx * 0.85;
    let tail = poly(&[
        (tail_x, cy),
        (tail_x + dir * rx * 0.7, cy - ry * 1.1),
        (tail_x + dir * rx * 0.5, cy),
        (tail_x + dir * rx * 0.7, cy + ry * 1.1),
    ]);
    let fin = poly(&[
        (cx - dir * rx * 0.2, cy - ry * 0.8),
        (cx + dir * rx * 0.4, cy - ry * 1.45),
        (cx + dir * rx * 0.5, cy - ry * 0.7),
    ]);
    let body = union(ellipse(cx, cy, rx, ry), union(tail, fin));
    p.blob(&body, ink(ORANGE, WHITE_P), LINE);
    let (ex, ey) = ((cx - dir * rx * 0.55).floor() as i32, (cy - ry * 0.25).floor() as i32);
    if detailed {
        // A gill line and an eye with a white ring.
        let gx = (cx - dir * rx * 0.2).floor() as i32;
        p.line(gx, (cy - ry * 0.5) as i32, gx, (cy + ry * 0.5) as i32, LINE);
        p.set(ex - 1, ey, PAPER);
        p.set(ex + 1, ey, PAPER);
        p.set(ex, ey - 1, PAPER);
        p.set(ex, ey + 1, PAPER);
    }
    p.set(ex, ey, LINE);
}

/// A sun with a face in a burst of gold and orange rays.
fn sun(p: &mut Canvas, kind: Kind) {
    let (cx, cy) = (p.w as f32 / 2.0, p.h as f32 / 2.0);
    let rays = 16.0;
    per_pixel(p, |x, y| {
        let a = (y as f32 + 0.5 - cy).atan2(x as f32 + 0.5 - cx);
        if ((a / TAU * rays).rem_euclid(1.0)) < 0.5 { ink(GOLD.rgb.to_u32(), WHITE_P) } else { ink(ORANGE, BLACK_P) }
    });
    let r = p.w as f32 * kind.pick(0.3, 0.3, 0.31, 0.32);
    p.blob(&ellipse(cx, cy, r, r), GOLD.mono(WHITE_P), LINE);
    let (x, y) = (cx.floor() as i32, cy.floor() as i32);
    match kind {
        // The compact panel's odd width centres the large card's face.
        Kind::Large | Kind::Compact => {
            let e = (r * 0.4) as i32;
            for ex in [x - e, x + e - 1] {
                p.fill(&rect(ex as f32, (y - 4) as f32, (ex + 2) as f32, (y - 2) as f32), LINE);
            }
            // A smile: a shallow arc.
            for dx in -5..=5 {
                let dy = 3 + (25 - dx * dx) / 12;
                p.set(x + dx, y + dy, LINE);
            }
            p.set(x - 6, y + 2, LINE);
            p.set(x + 6, y + 2, LINE);
        }
        Kind::Medium => {
            // The panel's width is even: the face is drawn on the left of
            // the middle line and mirrored.
            let mirror = |p: &mut Canvas, px: i32, py: i32| {
                p.set(px, py, LINE);
                p.set(p.w - 1 - px, py, LINE);
            };
            let left = p.w / 2 - 1;
            for (dx, dy) in [(6, -4), (5, -4), (6, -3), (5, -3)] {
                mirror(p, left - dx, y + dy);
            }
            for (dx, dy) in [(0, 4), (1, 4), (2, 3), (3, 3), (4, 2)] {
                mirror(p, left - dx, y + dy);
            }
        }
        Kind::Small => {
            p.set(x - 3, y - 2, LINE);
            p.set(x + 3, y - 2, LINE);
            p.line(x - 2, y + 3, x + 2, y + 3, LINE);
            p.set(x - 3, y + 2, LINE);
            p.set(x + 3, y + 2, LINE);
        }
    }
}

/// A tin robot on a purple circuit board.
fn robot(p: &mut Canvas, kind: Kind) {
    let step = kind.pick(6, 5, 5, 4);
    per_pixel(
        p,
        |x, y| {
            if x % step == 0 || y % step == 0 { ink(MAGENTA, BLACK_P) } else { ink(PURPLE, Pattern::GRAY) }
        },
    );
    let (w, h) = (p.w as f32, p.h as f32);
    let (cx, s) = (w / 2.0, w / 25.0);
    let metal = SILVER.mono(WHITE_P);
    // Antenna, head, neck, body, arms, legs: built out from the centre line.
    p.line(cx as i32, (h * 0.08) as i32, cx as i32, (h * 0.16) as i32, LINE);
    p.blob(&ellipse(cx, h * 0.08, 1.6 * s, 1.6 * s), RED.mono(BLACK_P), LINE);
    p.blob(&rect(cx - 3.0 * s, h * 0.84, cx - 1.0 * s, h * 0.96), metal, LINE);
    p.blob(&rect(cx + 1.0 * s, h * 0.84, cx + 3.0 * s, h * 0.96), metal, LINE);
    p.blob(&capsule(cx - 6.0 * s, h * 0.48, cx - 8.0 * s, h * 0.7, 1.5 * s), metal, LINE);
    p.blob(&capsule(cx + 6.0 * s, h * 0.48, cx + 8.0 * s, h * 0.7, 1.5 * s), metal, LINE);
    p.blob(&rect(cx - 6.0 * s, h * 0.44, cx + 6.0 * s, h * 0.86), metal, LINE);
    p.blob(&rect(cx - 1.5 * s, h * 0.4, cx + 1.5 * s, h * 0.45), metal, LINE);
    p.blob(&rect(cx - 5.0 * s, h * 0.16, cx + 5.0 * s, h * 0.41), metal, LINE);
    // Eyes, a grille for a mouth, lamps on the chest.
    for ex in [cx - 2.5 * s, cx + 2.5 * s] {
        p.blob(&ellipse(ex, h * 0.25, 1.8 * s, 1.8 * s), ink(CYAN, WHITE_P), LINE);
        p.set(ex.floor() as i32, (h * 0.25).floor() as i32, LINE);
    }
    let mouth_y = (h * 0.34) as i32;
    let mut x = (cx - 3.0 * s) as i32;
    while x <= (cx + 3.0 * s) as i32 {
        p.line(x, mouth_y, x, mouth_y + kind.pick(2, 2, 2, 1), LINE);
        x += 2;
    }
    let lamps = [RED.mono(BLACK_P), GOLD.mono(WHITE_P), ink(GREEN, BLACK_P)];
    for (i, lamp) in lamps.iter().enumerate() {
        let lx = cx + (i as f32 - 1.0) * 3.0 * s;
        p.blob(&ellipse(lx, h * 0.55, 1.2 * s, 1.2 * s), *lamp, LINE);
    }
    if kind != Kind::Small {
        p.blob(&rect(cx - 4.0 * s, h * 0.65, cx + 4.0 * s, h * 0.78), ink(0x404040, BLACK_P), LINE);
        for i in 0..4 {
            let y = (h * 0.68) as i32 + i * 2;
            p.line((cx - 3.0 * s) as i32, y, (cx + 3.0 * s) as i32 - 1, y, ink(CYAN, WHITE_P));
        }
    }
}

/// Daisies and little magenta flowers on dark green.
fn flowers(p: &mut Canvas, kind: Kind) {
    p.fill(&rect(0.0, 0.0, p.w as f32, p.h as f32), ink(DARK_GREEN, BLACK_P));
    let (cw, ch) = kind.pick((16.0, 15.0), (13.0, 12.5), (11.0, 11.0), (9.0, 9.5));
    let (w, h) = (p.w as f32, p.h as f32);
    let rows = (h / ch).ceil() as i32 + 1;
    for r in 0..rows {
        let stagger = if r % 2 == 0 { 0.0 } else { cw / 2.0 };
        let mut cx = stagger + (w % cw) / 2.0 - cw / 2.0;
        while cx < w + cw {
            let cy = r as f32 * ch + (h % ch) / 2.0;
            let daisy = (r + (cx / cw) as i32) % 2 == 0;
            flower(p, cx, cy, kind.pick(2.6, 2.1, 1.8, 1.5), daisy);
            cx += cw;
        }
    }
}

fn flower(p: &mut Canvas, cx: f32, cy: f32, r: f32, daisy: bool) {
    let petal = if daisy { PAPER } else { ink(MAGENTA, WHITE_P) };
    // Leaves are colour only: in one bit the flowers stand alone.
    let leaf = ink(GREEN, BLACK_P);
    p.fill(&ellipse(cx + 1.6 * r, cy + 1.8 * r, r * 0.9, r * 0.6), leaf);
    let mut petals = ellipse(cx, cy - r, r * 0.8, r * 0.8);
    for k in 1..5 {
        let a = k as f32 / 5.0 * TAU;
        petals = union(petals, ellipse(cx + r * a.sin(), cy - r * a.cos(), r * 0.8, r * 0.8));
    }
    p.fill(&petals, petal);
    p.fill(&ellipse(cx, cy, r * 0.55, r * 0.55), GOLD.mono(BLACK_P));
}

/// A tartan, woven as twill: each pixel shows the warp thread's colour or
/// the weft's, alternating in steps of two along the diagonal.
fn plaid(p: &mut Canvas, kind: Kind) {
    // The sett: colour and width of each stripe, repeated and mirrored.
    let red = ink(RED.rgb.to_u32(), WHITE_P);
    let green = ink(DARK_GREEN, BLACK_P);
    let navy = ink(0x1030C0, BLACK_P);
    let black = ink(0x000000, BLACK_P);
    let gold = ink(GOLD.rgb.to_u32(), WHITE_P);
    let sett: Vec<(Ink, i32)> = kind.pick(
        vec![(red, 6), (black, 1), (green, 5), (gold, 1), (green, 5), (black, 1), (red, 3), (navy, 4)],
        vec![(red, 5), (black, 1), (green, 4), (gold, 1), (green, 4), (black, 1), (red, 2), (navy, 3)],
        vec![(red, 4), (black, 1), (green, 3), (gold, 1), (green, 3), (black, 1), (red, 2), (navy, 2)],
        vec![(red, 3), (black, 1), (green, 3), (gold, 1), (green, 3), (navy, 2)],
    );
    let period: i32 = sett.iter().map(|s| s.1).sum();
    let thread = |i: i32| {
        let mut k = i.rem_euclid(period);
        for &(ink, width) in &sett {
            if k < width {
                return ink;
            }
            k -= width;
        }
        sett[0].0
    };
    let (w, h) = (p.w, p.h);
    per_pixel(p, |x, y| {
        let (warp, weft) = (thread(x - w / 2), thread(y - h / 2));
        let twill = (x + y).rem_euclid(4) < 2;
        if twill { warp } else { weft }
    });
}
