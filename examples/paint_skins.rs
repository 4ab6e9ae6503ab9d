//! Paints the YaZZle skins Parlour ships: `cargo run --example paint_skins`
//! rewrites roms-like-assets/skins/{plastique,plastiquev2,transcrippled}/
//! (main.ini, background.png and one normal and one pressed PNG per button).
//!
//! Everything is drawn here, procedurally: gradients, rounded shapes with
//! anti-aliased edges, bevels lit from the top left, gloss highlights and
//! (for the felt tile) noise from a fixed seed, so the output is the same on
//! every run. Each button image is cut from the finished background with the
//! button painted on it, so it is opaque and needs no alpha channel.
//! Button labels are not baked in: the chrome draws them at run time.

use std::fs;
use std::path::{Path, PathBuf};

use parlour::gfx::image_io::encode_png;
use parlour::gfx::{Rgb, Surface};

type C = [f32; 3];

const W: i32 = 698;
const H: i32 = 523;
const BAR: i32 = 19;
const WHITE: C = [1.0, 1.0, 1.0];
const BLACK: C = [0.0, 0.0, 0.0];

fn hex(v: u32) -> C {
    [((v >> 16) & 255) as f32 / 255.0, ((v >> 8) & 255) as f32 / 255.0, (v & 255) as f32 / 255.0]
}

fn mix(a: C, b: C, t: f32) -> C {
    let t = t.clamp(0.0, 1.0);
    [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]
}

fn smooth(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// A repeatable hash of a position, 0..1.
fn noise(x: i32, y: i32, seed: u32) -> f32 {
    let mut h =
        (x as u32).wrapping_mul(0x9E37_79B1) ^ (y as u32).wrapping_mul(0x85EB_CA77) ^ seed.wrapping_mul(0xC2B2_AE3D);
    h ^= h >> 15;
    h = h.wrapping_mul(0x2C1B_3C6D);
    h ^= h >> 12;
    h = h.wrapping_mul(0x297A_2D39);
    h ^= h >> 15;
    (h & 0xFFFF) as f32 / 65535.0
}

/// A floating-point RGB picture being painted.
#[derive(Clone)]
struct Canvas {
    w: i32,
    h: i32,
    px: Vec<C>,
}

impl Canvas {
    fn new(w: i32, h: i32, f: impl Fn(i32, i32) -> C) -> Canvas {
        let mut px = Vec::with_capacity((w * h) as usize);
        for y in 0..h {
            for x in 0..w {
                px.push(f(x, y));
            }
        }
        Canvas { w, h, px }
    }

    fn get(&self, x: i32, y: i32) -> C {
        self.px[(y * self.w + x) as usize]
    }

    fn blend(&mut self, x: i32, y: i32, c: C, a: f32) {
        if x < 0 || y < 0 || x >= self.w || y >= self.h || a <= 0.0 {
            return;
        }
        let i = (y * self.w + x) as usize;
        self.px[i] = mix(self.px[i], c, a);
    }

    fn crop(&self, x: i32, y: i32, w: i32, h: i32) -> Canvas {
        Canvas::new(w, h, |cx, cy| self.get(x + cx, y + cy))
    }

    /// Through Parlour's own surface and PNG encoder.
    fn png(&self) -> Vec<u8> {
        let mut s = Surface::rgb(self.w as u32, self.h as u32);
        for y in 0..self.h {
            for x in 0..self.w {
                let c = self.get(x, y);
                let q = |v: f32| (v.clamp(0.0, 1.0) * 255.0 + 0.5) as u8;
                s.put(x, y, Rgb::new(q(c[0]), q(c[1]), q(c[2])).to_u32());
            }
        }
        encode_png(&s)
    }
}

/// A rounded rectangle in continuous coordinates (pixel centres at +0.5).
#[derive(Clone, Copy)]
struct Shape {
    x0: f32,
    y0: f32,
    x1: f32,
    y1: f32,
    r: f32,
}

impl Shape {
    fn new(x: f32, y: f32, w: f32, h: f32, r: f32) -> Shape {
        Shape { x0: x, y0: y, x1: x + w, y1: y + h, r }
    }

    fn inset(&self, d: f32) -> Shape {
        Shape { x0: self.x0 + d, y0: self.y0 + d, x1: self.x1 - d, y1: self.y1 - d, r: (self.r - d).max(0.0) }
    }

    fn offset(&self, dx: f32, dy: f32) -> Shape {
        Shape { x0: self.x0 + dx, y0: self.y0 + dy, x1: self.x1 + dx, y1: self.y1 + dy, r: self.r }
    }

    /// Signed distance: negative inside.
    fn sd(&self, px: f32, py: f32) -> f32 {
        let (cx, cy) = ((self.x0 + self.x1) / 2.0, (self.y0 + self.y1) / 2.0);
        let (hx, hy) = ((self.x1 - self.x0) / 2.0 - self.r, (self.y1 - self.y0) / 2.0 - self.r);
        let (qx, qy) = ((px - cx).abs() - hx, (py - cy).abs() - hy);
        let (ox, oy) = (qx.max(0.0), qy.max(0.0));
        (ox * ox + oy * oy).sqrt() + qx.max(qy).min(0.0) - self.r
    }

    /// The outward normal at a point.
    fn normal(&self, px: f32, py: f32) -> (f32, f32) {
        let e = 0.5;
        let nx = self.sd(px + e, py) - self.sd(px - e, py);
        let ny = self.sd(px, py + e) - self.sd(px, py - e);
        let l = (nx * nx + ny * ny).sqrt().max(1e-6);
        (nx / l, ny / l)
    }

    fn bounds(&self, grow: f32) -> (i32, i32, i32, i32) {
        (
            (self.x0 - grow).floor() as i32,
            (self.y0 - grow).floor() as i32,
            (self.x1 + grow).ceil() as i32,
            (self.y1 + grow).ceil() as i32,
        )
    }
}

fn coverage(sd: f32) -> f32 {
    (0.5 - sd).clamp(0.0, 1.0)
}

/// How a shape's rim is lit: `width` pixels of bevel, lit from the top
/// left; raised shapes are light there, sunken ones dark.
#[derive(Clone, Copy)]
struct Bevel {
    width: f32,
    light: f32,
    dark: f32,
    raised: bool,
}

/// Fills a shape with `body(x, y)`, its rim shaded by `bevel`, at `alpha`.
fn fill(c: &mut Canvas, s: Shape, alpha: f32, bevel: Option<Bevel>, body: impl Fn(i32, i32) -> C) {
    let (bx0, by0, bx1, by1) = s.bounds(1.0);
    let to_light = (-0.5f32, -0.866f32);
    for y in by0..by1 {
        for x in bx0..bx1 {
            let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
            let d = s.sd(px, py);
            let cov = coverage(d) * alpha;
            if cov <= 0.0 {
                continue;
            }
            let mut col = body(x, y);
            if let Some(b) = bevel {
                let depth = (-d).max(0.0);
                if depth < b.width {
                    let (nx, ny) = s.normal(px, py);
                    let lit = nx * to_light.0 + ny * to_light.1;
                    let fade = 1.0 - depth / b.width;
                    let amount = if b.raised { lit } else { -lit } * fade;
                    col = if amount > 0.0 {
                        mix(col, WHITE, amount * b.light)
                    } else {
                        mix(col, BLACK, -amount * b.dark)
                    };
                }
            }
            c.blend(x, y, col, cov);
        }
    }
}

/// A soft shadow of a shape.
fn shadow(c: &mut Canvas, s: Shape, blur: f32, alpha: f32) {
    let (bx0, by0, bx1, by1) = s.bounds(blur + 1.0);
    for y in by0..by1 {
        for x in bx0..bx1 {
            let d = s.sd(x as f32 + 0.5, y as f32 + 0.5);
            let a = alpha * (1.0 - smooth((d + 0.5) / blur));
            c.blend(x, y, BLACK, a);
        }
    }
}

/// A white gloss over the part of `s` between rows `top` and `bottom`,
/// fading from `a0` to `a1`.
fn gloss(c: &mut Canvas, s: Shape, a0: f32, a1: f32) {
    let (bx0, by0, bx1, by1) = s.bounds(1.0);
    for y in by0..by1 {
        let t = (y as f32 + 0.5 - s.y0) / (s.y1 - s.y0);
        let a = a0 + (a1 - a0) * t.clamp(0.0, 1.0);
        for x in bx0..bx1 {
            let cov = coverage(s.sd(x as f32 + 0.5, y as f32 + 0.5));
            c.blend(x, y, WHITE, a * cov);
        }
    }
}

fn vgrad(top: C, bottom: C, y0: i32, y1: i32) -> impl Fn(i32, i32) -> C {
    move |_, y| mix(top, bottom, (y - y0) as f32 / (y1 - y0).max(1) as f32)
}

// ---------------------------------------------------------------------------
// Skin descriptions.

struct ButtonDef {
    command: &'static str,
    label: &'static str,
    x: i32,
    y: i32,
    w: i32,
    h: i32,
}

struct FieldDef {
    field: &'static str,
    label: &'static str,
    x: i32,
    y: i32,
    w: i32,
    h: i32,
    align: &'static str,
    bold: bool,
}

struct SkinDef {
    id: &'static str,
    name: &'static str,
    description: &'static str,
    felt: u32,
    felt_tile: Option<Canvas>,
    area: (i32, i32, i32, i32),
    buttons: Vec<ButtonDef>,
    /// Label colour, label shadow, bold.
    button_text: (u32, u32, bool),
    fields: Vec<FieldDef>,
    /// Field colour and shadow (a title field may differ: see `title_text`).
    field_text: (u32, u32),
    title_text: (u32, u32),
    pens: Vec<(&'static str, u32)>,
    background: Canvas,
    paint_button: fn(&mut Canvas, bool),
}

/// Buttons side by side, each wide enough for its label in Windows-era
/// sans (`bold` as the skin draws it) plus `pad`, and at least `min_w`.
fn buttons_in_row(
    (x0, y, h, gap): (i32, i32, i32, i32),
    (min_w, pad, bold): (i32, i32, bool),
    list: &[(&'static str, &'static str)],
) -> Vec<ButtonDef> {
    let font = parlour::gfx::font::winsans8();
    let mut x = x0;
    list.iter()
        .map(|&(command, label)| {
            let text = font.text_width(label) as i32 + if bold { label.chars().count() as i32 } else { 0 };
            let w = min_w.max(text + pad);
            let b = ButtonDef { command, label, x, y, w, h };
            x += w + gap;
            b
        })
        .collect()
}

/// Moves a row of buttons so its middle is at `centre`.
fn centred_row(mut buttons: Vec<ButtonDef>, centre: i32) -> Vec<ButtonDef> {
    let (l, r) = (buttons.first().map_or(0, |b| b.x), right_of(&buttons));
    let dx = centre - (l + r) / 2;
    for b in &mut buttons {
        b.x += dx;
    }
    buttons
}

fn right_of(buttons: &[ButtonDef]) -> i32 {
    buttons.last().map_or(0, |b| b.x + b.w)
}

fn field(field: &'static str, label: &'static str, x: i32, y: i32, w: i32, h: i32, align: &'static str) -> FieldDef {
    FieldDef { field, label, x, y, w, h, align, bold: false }
}

/// A sunken rounded recess around the playing area, with a dark line
/// right against the felt.
fn recess(c: &mut Canvas, area: (i32, i32, i32, i32), margin: f32, ring: u32, line: u32) {
    let (x, y, w, h) = area;
    let outer = Shape::new(
        x as f32 - margin,
        y as f32 - margin,
        w as f32 + 2.0 * margin,
        h as f32 + 2.0 * margin,
        margin + 2.0,
    );
    fill(c, outer, 1.0, Some(Bevel { width: margin, light: 0.55, dark: 0.55, raised: false }), |_, _| hex(ring));
    let edge = Shape::new(x as f32 - 1.0, y as f32 - 1.0, w as f32 + 2.0, h as f32 + 2.0, 1.0);
    fill(c, edge, 1.0, None, |_, _| hex(line));
}

// --- plastique --------------------------------------------------------------

const PLASTIQUE_BUTTONS: [(&str, &str); 7] = [
    ("new", "New"),
    ("restart", "Restart"),
    ("undo", "Undo"),
    ("redo", "Redo"),
    ("gametypes", "Game Types"),
    ("options", "Options"),
    ("help", "Help"),
];

fn plastique() -> SkinDef {
    let area = (12, 72, 674, 402);
    fn bg_at(x: i32, y: i32) -> C {
        let t = (y - BAR) as f32 / (H - BAR) as f32;
        let base = mix(hex(0xC6D0DF), hex(0x8391AA), t);
        // A broad, soft diagonal sheen across the plastic.
        let d = (x as f32 * 0.6 + y as f32) / 900.0;
        mix(base, WHITE, (-(d - 0.35).powi(2) / 0.02).exp() * 0.10)
    }
    let mut bg = Canvas::new(W, H, bg_at);
    // The slab's own raised edge, just below the menu bar.
    let slab = Shape::new(0.0, BAR as f32, W as f32, (H - BAR) as f32, 0.0);
    fill(&mut bg, slab, 1.0, Some(Bevel { width: 3.0, light: 0.7, dark: 0.45, raised: true }), bg_at);
    // Toolbar and status plates.
    for (y, h) in [(24, 39), (484, 35)] {
        let plate = Shape::new(6.0, y as f32, 686.0, h as f32, 9.0);
        shadow(&mut bg, plate.offset(0.0, 2.0), 3.0, 0.35);
        fill(
            &mut bg,
            plate,
            1.0,
            Some(Bevel { width: 3.0, light: 0.8, dark: 0.5, raised: true }),
            vgrad(hex(0xE2E8F1), hex(0xA9B6CB), y, y + h),
        );
        gloss(&mut bg, Shape::new(9.0, y as f32 + 2.0, 680.0, h as f32 * 0.45, 7.0), 0.45, 0.05);
    }
    recess(&mut bg, area, 5.0, 0x3A4A66, 0x101A2C);
    let fields = vec![
        field("score", "Score:", 14, 489, 118, 24, "left"),
        field("time", "Time:", 137, 489, 96, 24, "left"),
        field("moves", "Moves:", 238, 489, 96, 24, "left"),
        field("message", "", 339, 489, 345, 24, "left"),
    ];
    let buttons = buttons_in_row((13, 29, 28, 5), (62, 20, true), &PLASTIQUE_BUTTONS);
    let mut fields = fields;
    let tx = right_of(&buttons) + 4;
    fields.push(field("title", "", tx, 29, 684 - tx, 28, "right"));
    for f in fields.iter().filter(|f| f.field != "title") {
        let well = Shape::new(f.x as f32, f.y as f32, f.w as f32, f.h as f32, 5.0);
        fill(
            &mut bg,
            well,
            1.0,
            Some(Bevel { width: 2.5, light: 0.7, dark: 0.6, raised: false }),
            vgrad(hex(0x17233A), hex(0x2D4266), f.y, f.y + f.h),
        );
    }
    SkinDef {
        id: "plastique",
        name: "Plastique",
        description: "Glossy blue-grey plastic with rounded gel buttons along the top and readouts below the felt.",
        felt: 0x1F7A3A,
        felt_tile: None,
        area,
        buttons,
        button_text: (0xFFFFFF, 0x0F1F40, true),
        fields,
        field_text: (0xD8EAFF, 0x050B18),
        title_text: (0x1C2C4A, 0xF4F7FB),
        pens: vec![],
        background: bg,
        paint_button: plastique_button,
    }
}

fn plastique_button(c: &mut Canvas, pressed: bool) {
    let (w, h) = (c.w as f32, c.h as f32);
    let s = Shape::new(0.5, 0.5, w - 1.0, h - 2.0, 7.0);
    shadow(c, s.offset(0.0, 1.0), 1.5, 0.45);
    fill(c, s, 1.0, None, |_, _| hex(0x1B2F5C));
    let (top, bottom) = if pressed { (hex(0x23457F), hex(0x4B74B8)) } else { (hex(0x86A9DE), hex(0x2B5299)) };
    fill(c, s.inset(1.0), 1.0, None, vgrad(top, bottom, 1, c.h - 3));
    let g = Shape::new(2.5, 1.5, w - 5.0, (h - 3.0) * 0.48, 5.5);
    gloss(c, g, if pressed { 0.22 } else { 0.55 }, if pressed { 0.04 } else { 0.12 });
    // A light rim at the bottom, as moulded plastic catches light.
    let rim = Shape::new(4.0, h - 8.0, w - 8.0, 4.0, 2.0);
    gloss(c, rim, 0.0, if pressed { 0.08 } else { 0.22 });
}

// --- plastiquev2 ------------------------------------------------------------

fn plastiquev2() -> SkinDef {
    let area = (12, 62, 674, 396);
    let bg_at = |x: i32, y: i32| -> C {
        let t = (y - BAR) as f32 / (H - BAR) as f32;
        let base = mix(hex(0xE1DEEA), hex(0xA39DBA), t);
        let d = ((x - 520) as f32).abs() / 698.0;
        mix(base, WHITE, (1.0 - d).powi(3) * 0.12)
    };
    let mut bg = Canvas::new(W, H, bg_at);
    fill(
        &mut bg,
        Shape::new(0.0, BAR as f32, W as f32, (H - BAR) as f32, 0.0),
        1.0,
        Some(Bevel { width: 2.0, light: 0.7, dark: 0.4, raised: true }),
        bg_at,
    );
    // Top readout strip and bottom button tray.
    let strip = Shape::new(6.0, 23.0, 686.0, 33.0, 16.0);
    shadow(&mut bg, strip.offset(0.0, 2.0), 3.0, 0.3);
    fill(
        &mut bg,
        strip,
        1.0,
        Some(Bevel { width: 3.0, light: 0.8, dark: 0.45, raised: true }),
        vgrad(hex(0xF4F2F8), hex(0xC3BDD4), 23, 56),
    );
    let tray = Shape::new(6.0, 465.0, 686.0, 53.0, 12.0);
    fill(
        &mut bg,
        tray,
        1.0,
        Some(Bevel { width: 3.0, light: 0.5, dark: 0.55, raised: false }),
        vgrad(hex(0x8C84A6), hex(0xB2ABC8), 465, 518),
    );
    recess(&mut bg, area, 4.0, 0x6B6388, 0x1E1A2E);
    let fields = vec![
        FieldDef { bold: true, ..field("title", "", 20, 27, 140, 25, "left") },
        field("score", "Score", 166, 28, 98, 23, "center"),
        field("time", "Time", 270, 28, 84, 23, "center"),
        field("moves", "Moves", 360, 28, 84, 23, "center"),
        field("message", "", 450, 28, 232, 23, "left"),
    ];
    for f in fields.iter().filter(|f| f.field != "title") {
        let well = Shape::new(f.x as f32, f.y as f32, f.w as f32, f.h as f32, 11.5);
        fill(
            &mut bg,
            well,
            1.0,
            Some(Bevel { width: 2.5, light: 0.8, dark: 0.4, raised: false }),
            vgrad(hex(0xFDFDFF), hex(0xE4E8F0), f.y, f.y + f.h),
        );
    }
    let list = [
        ("new", "New"),
        ("restart", "Restart"),
        ("undo", "Undo"),
        ("redo", "Redo"),
        ("gametypes", "Game Types"),
        ("options", "Options"),
        ("help", "Help"),
    ];
    SkinDef {
        id: "plastiquev2",
        name: "Plastique V2",
        description: "Pearl and lilac plastic with aqua gel capsules in a tray below the felt.",
        felt: 0x17705C,
        felt_tile: None,
        area,
        buttons: centred_row(buttons_in_row((0, 474, 34, 6), (84, 36, true), &list), 349),
        button_text: (0xFFFFFF, 0x0A4460, true),
        fields,
        field_text: (0x2A2440, 0xFFFFFF),
        title_text: (0x3A3258, 0xFFFFFF),
        pens: vec![],
        background: bg,
        paint_button: plastiquev2_button,
    }
}

fn plastiquev2_button(c: &mut Canvas, pressed: bool) {
    let (w, h) = (c.w as f32, c.h as f32);
    let s = Shape::new(0.5, 0.5, w - 1.0, h - 2.5, (h - 2.5) / 2.0);
    shadow(c, s.offset(0.0, 1.5), 2.0, 0.4);
    fill(c, s, 1.0, None, |_, _| hex(0x0A4F6A));
    let (top, bottom) = if pressed { (hex(0x0B6F93), hex(0x35B8D6)) } else { (hex(0x2FB5D6), hex(0x0A6E98)) };
    fill(c, s.inset(1.0), 1.0, None, vgrad(top, bottom, 1, c.h - 3));
    // Aqua: a bright glow rising from the bottom, a crisp gloss on top.
    let glow = s.inset(3.0).offset(0.0, 2.0);
    let (bx0, by0, bx1, by1) = glow.bounds(1.0);
    for y in by0..by1 {
        let t = ((y as f32 - glow.y0) / (glow.y1 - glow.y0)).clamp(0.0, 1.0);
        for x in bx0..bx1 {
            let cov = coverage(glow.sd(x as f32 + 0.5, y as f32 + 0.5));
            c.blend(x, y, hex(0x9AF4FF), cov * t * t * if pressed { 0.25 } else { 0.45 });
        }
    }
    let g = Shape::new(h * 0.35, 2.0, w - h * 0.7, (h - 3.0) * 0.42, (h - 3.0) * 0.21);
    gloss(c, g, if pressed { 0.3 } else { 0.75 }, if pressed { 0.05 } else { 0.18 });
}

// --- transcrippled ----------------------------------------------------------

fn transcrippled() -> SkinDef {
    let area = (10, 68, 678, 410);
    let bg_at = |x: i32, y: i32| -> C {
        let t = (y - BAR) as f32 / (H - BAR) as f32;
        let base = mix(hex(0x262B36), hex(0x0E1016), t);
        // Two faint diagonal glass streaks.
        let d = (x as f32 - y as f32 * 0.7) / 698.0;
        let streak = (-(d - 0.18).powi(2) / 0.004).exp() * 0.05 + (-(d - 0.62).powi(2) / 0.012).exp() * 0.035;
        mix(base, hex(0x9FD8FF), streak)
    };
    let mut bg = Canvas::new(W, H, bg_at);
    // Smoked-glass panels: a faint light wash with a bright top edge.
    for (y, h) in [(23, 40), (484, 35)] {
        let p = Shape::new(4.0, y as f32, 690.0, h as f32, 4.0);
        fill(&mut bg, p, 0.10, None, |_, _| hex(0xB8E6FF));
        fill(&mut bg, Shape::new(8.0, y as f32, 682.0, 1.0, 0.0), 0.35, None, |_, _| hex(0xDFF6FF));
        fill(&mut bg, Shape::new(8.0, (y + h - 1) as f32, 682.0, 1.0, 0.0), 0.5, None, |_, _| BLACK);
    }
    // The playing area sits behind a thin glowing glass frame.
    let (x, y, w, h) = area;
    let frame = Shape::new(x as f32 - 4.0, y as f32 - 4.0, w as f32 + 8.0, h as f32 + 8.0, 5.0);
    shadow(&mut bg, frame.offset(0.0, 2.0), 4.0, 0.6);
    fill(&mut bg, frame, 1.0, None, |_, _| hex(0x0A0C10));
    fill(&mut bg, frame.inset(1.0), 0.55, None, |_, _| hex(0x3FC8F0));
    fill(&mut bg, frame.inset(2.0), 1.0, None, |_, _| hex(0x0B1A20));
    let fields = vec![
        field("score", "SCORE", 12, 489, 118, 25, "left"),
        field("time", "TIME", 136, 489, 96, 25, "left"),
        field("moves", "MOVES", 238, 489, 96, 25, "left"),
        field("message", "", 340, 489, 346, 25, "left"),
    ];
    let buttons = buttons_in_row((10, 29, 28, 4), (58, 18, false), &PLASTIQUE_BUTTONS);
    let mut fields = fields;
    let tx = right_of(&buttons) + 4;
    fields.push(FieldDef { bold: true, ..field("title", "", tx, 28, 686 - tx, 30, "right") });
    for f in fields.iter().filter(|f| f.field != "title") {
        let well = Shape::new(f.x as f32, f.y as f32, f.w as f32, f.h as f32, 3.0);
        fill(&mut bg, well, 0.55, None, |_, _| hex(0x020304));
        fill(
            &mut bg,
            Shape::new(f.x as f32 + 3.0, (f.y + f.h - 1) as f32, f.w as f32 - 6.0, 1.0, 0.0),
            0.25,
            None,
            |_, _| hex(0x7FE3FF),
        );
    }
    let tile = Canvas::new(64, 64, |x, y| {
        let n = noise(x, y, 7) - 0.5;
        let weave = if (x + y) % 2 == 0 { 0.006 } else { -0.006 };
        let base = hex(0x0F3D40);
        [base[0] + n * 0.025 + weave, base[1] + n * 0.03 + weave, base[2] + n * 0.03 + weave]
    });
    SkinDef {
        id: "transcrippled",
        name: "Transcrippled",
        description: "Dark smoked glass with glowing edges, over a deep teal cloth.",
        felt: 0x0F3D40,
        felt_tile: Some(tile),
        area,
        buttons,
        button_text: (0xD8F4FF, 0x000000, false),
        fields,
        field_text: (0x7FE3FF, 0x000000),
        title_text: (0xE8F6FF, 0x000000),
        pens: vec![
            ("Background", 0x2B2F38),
            ("Text", 0xDCE3EC),
            ("Shine", 0x5A6372),
            ("Shadow", 0x15181E),
            ("Fill", 0x2E7FA8),
            ("FillText", 0xFFFFFF),
            ("Disabled", 0x7A8290),
            ("Highlight", 0x7FE3FF),
        ],
        background: bg,
        paint_button: transcrippled_button,
    }
}

fn transcrippled_button(c: &mut Canvas, pressed: bool) {
    let (w, h) = (c.w as f32, c.h as f32);
    let s = Shape::new(0.5, 0.5, w - 1.0, h - 1.0, 3.5);
    fill(c, s, 0.55, None, |_, _| hex(0x05070A));
    if pressed {
        fill(c, s.inset(1.0), 0.30, None, |_, _| hex(0x3FC8F0));
    }
    // The glass: a cyan edge, a bright top line and a glow at the bottom.
    let (bx0, by0, bx1, by1) = s.bounds(1.0);
    for y in by0..by1 {
        for x in bx0..bx1 {
            let d = s.sd(x as f32 + 0.5, y as f32 + 0.5);
            let edge = coverage(d) * (1.0 - smooth((-d - 0.5) / 1.2));
            c.blend(x, y, hex(0x3FC8F0), edge * if pressed { 0.9 } else { 0.6 });
            let t = (y as f32 + 0.5) / h;
            let glow = coverage(d) * smooth((t - 0.45) / 0.55) * 0.18;
            c.blend(x, y, hex(0x3FC8F0), glow);
        }
    }
    gloss(c, Shape::new(2.0, 1.5, w - 4.0, (h - 2.0) * 0.45, 2.5), 0.22, 0.02);
}

// ---------------------------------------------------------------------------

fn colour(v: u32) -> String {
    format!("#{v:06X}")
}

fn main_ini(skin: &SkinDef, button_files: &[(String, String)]) -> String {
    let mut s = String::new();
    s += "; YaZZle skin for Parlour. Painted by examples/paint_skins.rs\n";
    s += "; (cargo run --example paint_skins): change the generator, not this file.\n";
    s += "; The format is described in roms-like-assets/skins/README.txt.\n\n";
    s += &format!("[General]\nName={}\nAuthor=Parlour\nDescription={}\n\n", skin.name, skin.description);
    s += "[Background]\nImage=background.png\n";
    s += &format!("Colour={}\n\n", colour(0x000000));
    let (x, y, w, h) = skin.area;
    s += &format!("[PlayingArea]\nX={x}\nY={y}\nW={w}\nH={h}\n\n");
    s += &format!("[Felt]\nColour={}\n", colour(skin.felt));
    if skin.felt_tile.is_some() {
        s += "Image=felt.png\n";
    }
    s += "\n";
    let (tc, ts, bold) = skin.button_text;
    for (i, (b, (up, down))) in skin.buttons.iter().zip(button_files).enumerate() {
        s += &format!(
            "[Button{}]\nCommand={}\nLabel={}\nX={}\nY={}\nW={}\nH={}\nImage={up}\nPressed={down}\nTextColour={}\nTextShadow={}\nBold={}\n\n",
            i + 1,
            b.command,
            b.label,
            b.x,
            b.y,
            b.w,
            b.h,
            colour(tc),
            colour(ts),
            bold as u8
        );
    }
    for (i, f) in skin.fields.iter().enumerate() {
        let (c, sh) = if f.field == "title" { skin.title_text } else { skin.field_text };
        s += &format!("[TextField{}]\nField={}\n", i + 1, f.field);
        if !f.label.is_empty() {
            s += &format!("Label={}\n", f.label);
        }
        s += &format!(
            "X={}\nY={}\nW={}\nH={}\nColour={}\nShadow={}\nAlign={}\nBold={}\n\n",
            f.x + 4,
            f.y,
            f.w - 8,
            f.h,
            colour(c),
            colour(sh),
            f.align,
            f.bold as u8
        );
    }
    if !skin.pens.is_empty() {
        s += "[Pens]\n";
        for (name, v) in &skin.pens {
            s += &format!("{name}={}\n", colour(*v));
        }
    }
    s.trim_end().to_string() + "\n"
}

fn write(dir: &Path, name: &str, bytes: &[u8]) {
    let path = dir.join(name);
    fs::write(&path, bytes).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    println!("{:>8} bytes  {}", bytes.len(), path.display());
}

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("roms-like-assets/skins");
    for skin in [plastique(), plastiquev2(), transcrippled()] {
        let dir = root.join(skin.id);
        fs::create_dir_all(&dir).expect("the skins folder is writable");
        // Remove old images so renamed buttons leave nothing behind.
        if let Ok(entries) = fs::read_dir(&dir) {
            for e in entries.flatten() {
                if e.path().extension().is_some_and(|x| x == "png") {
                    let _ = fs::remove_file(e.path());
                }
            }
        }
        write(&dir, "background.png", &skin.background.png());
        if let Some(tile) = &skin.felt_tile {
            write(&dir, "felt.png", &tile.png());
        }
        let mut files = Vec::new();
        for b in &skin.buttons {
            let (up, down) = (format!("button-{}.png", b.command), format!("button-{}-down.png", b.command));
            for (name, pressed) in [(&up, false), (&down, true)] {
                let mut c = skin.background.crop(b.x, b.y, b.w, b.h);
                (skin.paint_button)(&mut c, pressed);
                write(&dir, name, &c.png());
            }
            files.push((up, down));
        }
        write(&dir, "main.ini", main_ini(&skin, &files).as_bytes());
    }
}
