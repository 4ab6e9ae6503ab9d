//! Contact sheets for looking at the cards as each machine shows them. The
//! written PNGs are read back through `Art::from_pngs` and drawn with
//! `Surface::draw_art`, the same path the games take, so what the sheets
//! show is what players see.

use std::fs;
use std::path::Path;

use parlour::gfx::image_io::encode_png;
use parlour::gfx::{Art, Rgb, Surface};
use parlour::machines::{Depth, Look, Pen};

use crate::{Kind, Size};
use crate::{backs, faces, mats};

fn load(dir: &Path, name: &str) -> Art {
    let read = |file: String| fs::read(dir.join(&file)).unwrap_or_else(|e| panic!("cannot read {file}: {e}"));
    Art::from_pngs(name, &read(format!("{name}.png")), &read(format!("{name}.mono.png"))).expect("art just written")
}

/// Rows of art names: one per suit, then the backs, then the mats.
fn layout() -> Vec<Vec<String>> {
    let cards: Vec<String> = faces::all_cards().iter().map(|c| c.to_string()).collect();
    let mut rows: Vec<Vec<String>> = cards.chunks(13).map(|r| r.to_vec()).collect();
    rows.push((1..=backs::NAMES.len()).map(|n| format!("back{n}")).collect());
    rows.push(mats::NAMES.iter().map(|s| s.to_string()).collect());
    rows
}

/// Everything of one size laid out on a felt-covered surface of `look`'s
/// format and palette.
fn sheet(size: &Size, dir: &Path, look: &Look) -> Surface {
    let rows = layout();
    let gap = 4;
    let w = 13 * (size.w + gap) + gap;
    let h = rows.len() as i32 * (size.h + gap) + gap;
    let mut s = Surface::new(w as u32, h as u32, look.format, look.palette.clone());
    s.clear(look.paint(Pen::Felt));
    for (r, row) in rows.iter().enumerate() {
        for (i, name) in row.iter().enumerate() {
            s.draw_art(&load(dir, name), gap + i as i32 * (size.w + gap), gap + r as i32 * (size.h + gap));
        }
    }
    s
}

/// A table as a game would lay it out: overlapped columns, to check that
/// the corner indices still name every card.
fn table(size: &Size, dir: &Path, look: &Look, columns: i32) -> Surface {
    let mut s = look.new_surface();
    s.clear(look.paint(Pen::Felt));
    let step = size.kind.pick(18, 15, 13, 10);
    let cards = faces::all_cards();
    for col in 0..columns {
        let x = 3 + col * (size.w + 3);
        s.draw_art(&load(dir, &format!("back{}", col as usize % backs::NAMES.len() + 1)), x, 12);
        for row in 0..6 {
            let card = cards[(col * 7 + row * 11) as usize % 52];
            s.draw_art(&load(dir, &card.to_string()), x, 16 + size.h + row * step);
        }
    }
    s
}

/// Blown up `n` times as 24-bit, for viewing details.
fn zoom(s: &Surface, n: u32) -> Surface {
    let mut out = Surface::rgb(s.width() * n, s.height() * n);
    for y in 0..out.height() {
        for x in 0..out.width() {
            let c = s.colour_at((x / n) as i32, (y / n) as i32).unwrap_or(Rgb::BLACK);
            out.put(x as i32, y as i32, c.to_u32());
        }
    }
    out
}

pub fn render(size: &Size, dir: &Path, out: &Path) {
    fs::create_dir_all(out).expect("the sheets folder is writable");
    let looks = [
        ("rgb", Look::yazzle(&[])),
        ("mac16", Look::mac(Depth::Colours16, 640, 480)),
        ("mac1", Look::mac(Depth::Bits1, 512, 342)),
        ("mac256", Look::mac(Depth::Colours256, 640, 480)),
        ("amiga", Look::amiga_pal()),
        ("dblpal", Look::amiga_dblpal()),
    ];
    let n = size.kind.pick(2, 2, 2, 3);
    for (name, look) in &looks {
        let s = sheet(size, dir, look);
        let file = out.join(format!("{}-{name}.png", size.name));
        fs::write(&file, encode_png(&zoom(&s, n))).expect("sheet written");
    }
    // Each size on the screens it is for: Klondike's seven columns on a
    // one-bit Mac, ten columns in YaZZle's window or on the Amiga.
    let (table_look, columns) = match size.kind {
        Kind::Large | Kind::Medium => (Look::mac(Depth::Bits1, 512, 342), 7),
        Kind::Compact => (Look::mac(Depth::Bits1, 512, 342), 10),
        Kind::Small => (Look::amiga_pal(), 10),
    };
    let t = table(size, dir, &table_look, columns);
    fs::write(out.join(format!("{}-table.png", size.name)), encode_png(&zoom(&t, 2))).expect("table written");
    if size.roomy() {
        let t = table(size, dir, &Look::yazzle(&[]), size.kind.pick(7, 10, 10, 10));
        fs::write(out.join(format!("{}-table-rgb.png", size.name)), encode_png(&t)).expect("table written");
    }
}

/// Chosen pieces blown up, each in colour and in one bit side by side,
/// in rows that fit a 1560-pixel-wide viewer.
pub fn detail(size: &Size, dir: &Path, out: &Path, names: &[String]) {
    let (rgb, mono) = (Look::yazzle(&[]), Look::mac(Depth::Bits1, 512, 342));
    let gap = 3;
    let n = std::env::var("DETAIL_ZOOM").ok().and_then(|z| z.parse().ok()).unwrap_or(size.kind.pick(4, 5, 6, 6));
    let pair_w = 2 * size.w + 3 * gap;
    let per_row = (1560 / (n * pair_w)).max(1) as usize;
    let rows = names.len().div_ceil(per_row) as i32;
    let w = per_row.min(names.len()) as i32 * pair_w + gap;
    let mut s = Surface::rgb(w as u32, (rows * (size.h + gap) + gap) as u32);
    s.clear(rgb.paint(Pen::Felt));
    for (i, name) in names.iter().enumerate() {
        let art = load(dir, name);
        let x = gap + (i % per_row) as i32 * pair_w;
        let y = gap + (i / per_row) as i32 * (size.h + gap);
        s.draw_art(&art, x, y);
        let mut m = Surface::new(art.width(), art.height(), mono.format, mono.palette.clone());
        m.clear(mono.paint(Pen::Felt));
        m.draw_art(&art, 0, 0);
        for my in 0..size.h {
            for mx in 0..size.w {
                let c = m.colour_at(mx, my).unwrap_or(Rgb::BLACK);
                s.put(x + size.w + gap + mx, y + my, c.to_u32());
            }
        }
    }
    fs::write(out.join(format!("{}-detail.png", size.name)), encode_png(&zoom(&s, n as u32))).expect("detail written");
}

/// Prints a piece of art as text, one letter per colour, for placing
/// pixels by hand: `.` outside the mask, `#` black, `_` white.
pub fn dump(dir: &Path, name: &str) {
    let art = load(dir, name);
    let mut seen: Vec<Rgb> = vec![Rgb::BLACK, Rgb::WHITE];
    for y in 0..art.height() {
        let row: String = (0..art.width())
            .map(|x| {
                if !art.mask(x, y) {
                    return '.';
                }
                let c = art.colour(x, y);
                let i = seen.iter().position(|&s| s == c).unwrap_or_else(|| {
                    seen.push(c);
                    seen.len() - 1
                });
                ['#', '_', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'][i.min(12)]
            })
            .collect();
        let mono: String = (0..art.width())
            .map(|x| {
                if !art.mask(x, y) {
                    ' '
                } else if art.mono(x, y) {
                    '#'
                } else {
                    '_'
                }
            })
            .collect();
        println!("{y:>3} {row}   {mono}");
    }
}
