//! Paints Parlour's playing cards: `cargo run --example paint_cards`
//! rewrites roms-like-assets/cards/{large,medium,compact,small}/.
//!
//! Four sizes: `large` 71 x 96 (the classic Windows card, used by YaZZle
//! and the Macs); `medium` 58 x 79, the same proportions, for layouts
//! large cards do not fit (ten columns in YaZZle's window, Klondike on a
//! 512-pixel Mac); `compact` 45 x 61, for ten columns or a pyramid on a
//! 512-pixel Mac (10 x 45 + 9 x 4 = 486), with the small card's
//! side-by-side index, 7 x 7 pips and framed busts; and `small` 29 x 44 for the Amiga's 320-pixel lores
//! screen, where ten columns with 3-pixel gaps fit (10 x 29 + 9 x 3 =
//! 317). The small card's odd width centres a pip column; its height fits
//! a 7-row corner index top and bottom and four rows of 5-pixel pips with
//! gaps between. Medium cards are drawn as large ones are (full pip
//! layouts, framed double-headed courts, a stacked index), every part
//! redrawn by hand at its size rather than scaled.
//!
//! Each piece of art is two PNGs in the Mac 'cicn' spirit: `<name>.png`,
//! the colour image, whose alpha channel is the mask (rounded corners
//! transparent), and `<name>.mono.png`, a hand-designed black-and-white
//! image with the same mask. Names: `AS` ... `KD` (T for ten), `back1` ...
//! `back9`, and the empty-pile mats `mat-empty`, `mat-ace`, `mat-recycle`,
//! `mat-king` and `mat-stop`.
//!
//! Everything is drawn here from code and hand-placed pixels; no existing
//! deck's images are used.
//!
//! For looking at the work: `-- --sheets DIR` also renders contact sheets
//! of the written files as the machines show them (24-bit, Mac 16 and 256
//! colours, Mac 1-bit, Amiga PAL and DblPAL, and overlapped tables) into
//! DIR; with `--detail AS,KH,back3` it adds blown-up colour and one-bit
//! views of those pieces (DETAIL_ZOOM=n sets the zoom), and `--dump KH`
//! prints a piece as text, one letter per colour, for placing pixels.
//! `--size medium` limits all of this (and the writing) to one size.

mod backs;
mod canvas;
mod courts;
mod faces;
mod glyphs;
mod heads;
mod inks;
mod mats;
mod sheets;
mod suits;

use std::fs;
use std::path::{Path, PathBuf};

use canvas::Canvas;
use parlour::gfx::Rgb;

/// Which of the four card sizes: each has its own hand-placed details.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Large,
    Medium,
    Compact,
    Small,
}

impl Kind {
    /// One of four measures, by size.
    pub fn pick<T>(self, large: T, medium: T, compact: T, small: T) -> T {
        match self {
            Kind::Large => large,
            Kind::Medium => medium,
            Kind::Compact => compact,
            Kind::Small => small,
        }
    }
}

/// A card size and the folder its art goes in.
pub struct Size {
    pub name: &'static str,
    pub w: i32,
    pub h: i32,
    pub kind: Kind,
}

impl Size {
    /// Large and medium cards have room for pip layouts of full-size pips,
    /// framed double-headed court pictures and a stacked corner index;
    /// compact and small ones do not.
    pub fn roomy(&self) -> bool {
        matches!(self.kind, Kind::Large | Kind::Medium)
    }
}

pub const LARGE: Size = Size { name: "large", w: 71, h: 96, kind: Kind::Large };
pub const MEDIUM: Size = Size { name: "medium", w: 58, h: 79, kind: Kind::Medium };
pub const COMPACT: Size = Size { name: "compact", w: 45, h: 61, kind: Kind::Compact };
pub const SMALL: Size = Size { name: "small", w: 29, h: 44, kind: Kind::Small };

/// The colour image as an indexed PNG with a transparent entry 0: the
/// cards use a handful of colours, so this keeps the files tiny.
fn colour_png(c: &Canvas) -> Vec<u8> {
    let (colour, _, mask) = c.planes();
    let mut palette: Vec<Rgb> = vec![Rgb::WHITE];
    let indices: Vec<u8> = colour
        .iter()
        .zip(&mask)
        .map(|(&rgb, &inside)| {
            if !inside {
                return 0;
            }
            let i = palette.iter().skip(1).position(|&p| p == rgb).map(|i| i + 1).unwrap_or_else(|| {
                palette.push(rgb);
                palette.len() - 1
            });
            u8::try_from(i).expect("a card uses at most 255 colours")
        })
        .collect();
    let plte: Vec<u8> = palette.iter().flat_map(|p| [p.r, p.g, p.b]).collect();
    indexed_png(c.w as u32, c.h as u32, &plte, &[0], &indices)
}

/// The one-bit image with its mask: a 2-bit indexed PNG whose entries are
/// white, black and a transparent white outside the mask.
fn mono_png(c: &Canvas) -> Vec<u8> {
    let (_, mono, mask) = c.planes();
    let indices: Vec<u8> =
        mono.iter().zip(&mask).map(|(&black, &inside)| if !inside { 2 } else { black as u8 }).collect();
    indexed_png(c.w as u32, c.h as u32, &[255, 255, 255, 0, 0, 0, 255, 255, 255], &[255, 255, 0], &indices)
}

/// Writes an indexed PNG at the smallest depth its palette needs.
fn indexed_png(w: u32, h: u32, plte: &[u8], trns: &[u8], indices: &[u8]) -> Vec<u8> {
    let entries = plte.len() / 3;
    let depth: u32 = match entries {
        0..=2 => 1,
        3..=4 => 2,
        5..=16 => 4,
        _ => 8,
    };
    let per_byte = (8 / depth) as usize;
    let row_bytes = (w as usize).div_ceil(per_byte);
    let mut data = vec![0u8; row_bytes * h as usize];
    for (i, &v) in indices.iter().enumerate() {
        let (x, y) = (i % w as usize, i / w as usize);
        let shift = 8 - depth as usize * (x % per_byte + 1);
        data[y * row_bytes + x / per_byte] |= v << shift;
    }
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, w, h);
    enc.set_color(png::ColorType::Indexed);
    enc.set_depth(match depth {
        1 => png::BitDepth::One,
        2 => png::BitDepth::Two,
        4 => png::BitDepth::Four,
        _ => png::BitDepth::Eight,
    });
    enc.set_palette(plte.to_vec());
    enc.set_trns(trns.to_vec());
    enc.set_compression(png::Compression::High);
    let mut writer = enc.write_header().expect("writing a PNG into memory cannot fail");
    writer.write_image_data(&data).expect("the data matches the header");
    writer.finish().expect("finishing a PNG into memory cannot fail");
    out
}

fn write(dir: &Path, name: &str, c: &Canvas) -> usize {
    let mut total = 0;
    for (file, bytes) in [(format!("{name}.png"), colour_png(c)), (format!("{name}.mono.png"), mono_png(c))] {
        let path = dir.join(&file);
        fs::write(&path, &bytes).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        total += bytes.len();
    }
    total
}

/// Every piece of art of one size, by file name.
pub fn all_art(size: &Size) -> Vec<(String, Canvas)> {
    let mut art: Vec<(String, Canvas)> =
        faces::all_cards().into_iter().map(|c| (c.to_string(), faces::face(size, c))).collect();
    art.extend((0..backs::NAMES.len()).map(|n| (format!("back{}", n + 1), backs::back(size, n))));
    art.extend(mats::NAMES.iter().enumerate().map(|(n, name)| (name.to_string(), mats::mat(size, n))));
    art
}

/// The value after `--name` on the command line.
fn option<'a>(args: &'a [String], name: &str) -> Option<&'a String> {
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("roms-like-assets/cards");
    let mut grand_total = 0;
    let only = option(&args, "--size");
    if let Some(name) = only {
        assert!([&LARGE, &MEDIUM, &COMPACT, &SMALL].iter().any(|s| s.name == name), "--size: no size called {name}");
    }
    for size in [&LARGE, &MEDIUM, &COMPACT, &SMALL].into_iter().filter(|s| only.is_none_or(|o| o == s.name)) {
        let dir = root.join(size.name);
        fs::create_dir_all(&dir).expect("the cards folder is writable");
        // Remove old images so renamed art leaves nothing behind.
        for e in fs::read_dir(&dir).expect("the folder was just made").flatten() {
            if e.path().extension().is_some_and(|x| x == "png") {
                let _ = fs::remove_file(e.path());
            }
        }
        let art = all_art(size);
        let total: usize = art.iter().map(|(name, c)| write(&dir, name, c)).sum();
        println!("{:>8} bytes  {} ({} pieces of art)", total, dir.display(), art.len());
        grand_total += total;
        if let Some(out) = option(&args, "--sheets").map(PathBuf::from) {
            sheets::render(size, &dir, &out);
            if let Some(names) = option(&args, "--detail") {
                sheets::detail(size, &dir, &out, &names.split(',').map(String::from).collect::<Vec<_>>());
            }
        }
        if let Some(name) = option(&args, "--dump") {
            sheets::dump(&dir, name);
        }
    }
    println!("{grand_total:>8} bytes  in all");
}
