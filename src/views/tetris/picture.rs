//! Drawing a game of Tetris: the well with its squares and the falling
//! piece, and beside it the next piece, the figures and the keys. Colour
//! screens give each piece its colour with a lit and a shaded edge; the
//! one-bit screen gives each its own QuickDraw pattern in a black frame.

use crate::games::tetris::pieces::Piece;
use crate::games::tetris::rules::{COLUMNS, ROWS, Tetris};
use crate::gfx::{Format, Paint, Pattern, Rect, Rgb, Surface, TextStyle};
use crate::machines::{Depth, Machine, Pen};
use crate::views::widgets;

/// The largest square drawn.
const MAX_CELL: i32 = 20;
/// What the keys do, shown under the figures.
const KEYS: &str = "Left and Right move, Down and Up turn, Space drops, P pauses, V shows or hides the next piece.";

/// Each piece's colour. Each is nearest to a register of the Amiga PAL
/// screen (8BF, FE2, 839, 5D5, E44, 24A, E90) and to a different one of
/// the Mac's sixteen system colours (cyan, yellow, purple, green, red,
/// blue, orange), so no piece turns grey or takes another's colour there.
fn colour(piece: Piece) -> u32 {
    match piece {
        Piece::I => 0x66BBFF,
        Piece::O => 0xFFEE22,
        Piece::T => 0x883399,
        Piece::S => 0x55DD55,
        Piece::Z => 0xEE3344,
        Piece::J => 0x1144BB,
        Piece::L => 0xEE9900,
    }
}

/// The colour of each piece's squares on `s`, by [`Piece::index`]: the
/// register nearest its own colour, unless that is a grey or another
/// piece's (the Amiga DblPAL's sixteen registers hold no purple, and its
/// nearest to the T is dark grey); then the nearest register left, so each
/// piece keeps a colour of its own. A screen of direct colour shows the
/// pieces' own. Worked out once a frame, not once a square.
fn body_colours(s: &Surface) -> [Rgb; 7] {
    let own = Piece::ALL.map(|p| Rgb::hex(colour(p)));
    if !matches!(s.format(), Format::Indexed { .. }) {
        return own;
    }
    let palette = s.palette();
    let nearest = own.map(|c| palette.get(palette.nearest(c)));
    std::array::from_fn(|i| {
        let free = |r: &Rgb| !r.is_grey() && (0..7).all(|j| j == i || nearest[j] != *r);
        if free(&nearest[i]) {
            return nearest[i];
        }
        palette.entries().iter().copied().filter(free).min_by_key(|f| f.distance2(own[i])).unwrap_or(nearest[i])
    })
}

/// Each piece's pattern on a one-bit screen.
fn pattern(piece: Piece) -> Pattern {
    match piece {
        Piece::I => Pattern::BLACK,
        // Diagonal stripes: a white piece would read as the empty well.
        Piece::O => Pattern([0x88, 0x44, 0x22, 0x11, 0x88, 0x44, 0x22, 0x11]),
        Piece::T => Pattern::GRAY,
        Piece::S => Pattern::LT_GRAY,
        Piece::Z => Pattern::DK_GRAY,
        Piece::J => Pattern([0xFF, 0x00, 0xFF, 0x00, 0xFF, 0x00, 0xFF, 0x00]),
        Piece::L => Pattern([0xAA; 8]),
    }
}

/// Where things go: the well, the preview box and the panel's text.
struct Layout {
    cell: i32,
    well: Rect,
    panel: Rect,
}

fn layout(machine: &Machine, area: Rect) -> Layout {
    let font = machine.look().text_font;
    let margin = (area.w.min(area.h) / 40).max(3);
    let panel_w = (font.text_width("Pieces 00000") as i32 + 2 * margin).max(area.w / 3);
    let cell = ((area.h - 2 * margin - 2) / ROWS as i32)
        .min((area.w - panel_w - 3 * margin - 2) / COLUMNS as i32)
        .clamp(2, MAX_CELL);
    let (ww, wh) = (cell * COLUMNS as i32 + 2, cell * ROWS as i32 + 2);
    let total = ww + margin + panel_w;
    let x = area.x + (area.w - total) / 2;
    let y = area.y + (area.h - wh) / 2;
    Layout { cell, well: Rect::new(x, y, ww, wh), panel: Rect::new(x + ww + margin, y, panel_w, wh) }
}

/// One square of a piece.
fn block(s: &mut Surface, machine: &Machine, r: Rect, piece: Piece, bodies: &[Rgb; 7]) {
    let look = machine.look();
    // Four greys cannot give seven pieces seven colours: there the pieces
    // take their one-bit patterns, in black on the light grey.
    let four_greys = machine.depth() == Some(Depth::Colours4);
    if look.is_monochrome() || four_greys {
        let paper = if four_greys { Rgb::hex(0xACACAC) } else { Rgb::WHITE };
        let (black, back) = (s.value_for(Rgb::BLACK), s.value_for(paper));
        s.fill_rect(r, Paint::Pattern { pattern: pattern(piece), fore: black, back });
        s.frame_rect(r, Paint::Solid(black));
        // A solid black square keeps its frame with a ring of paper inside
        // it: otherwise an I piece's cells ran into one bar, and I pieces
        // side by side into one black mass.
        if pattern(piece) == Pattern::BLACK && r.w > 4 && r.h > 4 {
            s.frame_rect(r.inset(1, 1), Paint::Solid(back));
        }
        return;
    }
    let c = Rgb::hex(colour(piece));
    let lit = Rgb::new(c.r / 2 + 128, c.g / 2 + 128, c.b / 2 + 128);
    let dark = Rgb::new(c.r / 2, c.g / 2, c.b / 2);
    let (body, lit, dark) = (s.value_for(bodies[piece.index()]), s.value_for(lit), s.value_for(dark));
    s.fill_rect(r, Paint::Solid(body));
    s.hline(r.x, r.right() - 1, r.y, Paint::Solid(lit));
    s.vline(r.x, r.y, r.bottom() - 1, Paint::Solid(lit));
    s.hline(r.x, r.right() - 1, r.bottom() - 1, Paint::Solid(dark));
    s.vline(r.right() - 1, r.y, r.bottom() - 1, Paint::Solid(dark));
}

/// Draws the game in `area`.
pub fn draw(s: &mut Surface, machine: &Machine, area: Rect, game: &Tetris) {
    let look = machine.look();
    if !machine.chrome().draws_felt() {
        s.fill_rect(area, look.paint(Pen::Felt));
    }
    let l = layout(machine, area);
    let (ink, paper) = (look.paint(Pen::Text), look.paint(Pen::Background));
    s.fill_rect(l.well, paper);
    s.frame_rect(l.well, ink);
    let square =
        |col: i32, row: i32| Rect::new(l.well.x + 1 + col * l.cell, l.well.y + 1 + row * l.cell, l.cell, l.cell);
    let bodies = body_colours(s);
    for row in 0..ROWS {
        for col in 0..COLUMNS {
            if let Some(p) = game.square(col, row) {
                block(s, machine, square(col as i32, row as i32), p, &bodies);
            }
        }
    }
    if !game.over() {
        let f = game.falling();
        for (c, r) in f.squares() {
            if r >= 0 {
                block(s, machine, square(c.into(), r.into()), f.piece, &bodies);
            }
        }
    }
    draw_panel(s, machine, &l, game, &bodies);
    let notice = if game.over() {
        Some(["Game Over", "New Game plays again"])
    } else if game.paused() {
        Some(["Paused", "P goes on"])
    } else {
        None
    };
    if let Some(lines) = notice {
        notice_box(s, machine, l.well, &lines);
    }
}

/// The next piece, the figures and the keys.
fn draw_panel(s: &mut Surface, machine: &Machine, l: &Layout, game: &Tetris, bodies: &[Rgb; 7]) {
    let look = machine.look();
    let font = look.text_font;
    let ink = look.paint(Pen::Text);
    let line_h = font.height() as i32 + 2;
    let panel_bg = look.paint(Pen::Background);
    // The preview: the panel's width, two squares high.
    let cell = (l.cell * 3 / 4).max(2);
    let preview_h = (cell * 2).max(line_h) + 8;
    let mut y = l.panel.y;
    s.fill_rect(Rect::new(l.panel.x, y, l.panel.w, l.panel.h), panel_bg);
    s.frame_rect(Rect::new(l.panel.x, y, l.panel.w, l.panel.h), ink);
    let x = l.panel.x + 4;
    s.draw_text(font, "Next", x, y + 2, ink, TextStyle::BOLD);
    y += line_h;
    let preview = Rect::new(x, y, l.panel.w - 8, preview_h);
    s.frame_rect(preview, ink);
    if game.preview() {
        let next = game.next();
        let cells = next.cells(0);
        let top = cells.iter().map(|c| c.1).min().unwrap_or(0);
        let width = cells.iter().map(|c| c.0).max().unwrap_or(0) + 1;
        let x0 = preview.x + (preview.w - i32::from(width) * cell) / 2;
        for (c, r) in cells {
            let r = Rect::new(x0 + i32::from(c) * cell, preview.y + 4 + i32::from(r - top) * cell, cell, cell);
            block(s, machine, r, next, bodies);
        }
    } else {
        let msg = "Hidden: x2";
        s.draw_text(
            font,
            msg,
            preview.x + 4,
            preview.y + (preview.h - font.height() as i32) / 2,
            ink,
            TextStyle::PLAIN,
        );
    }
    y += preview.h + line_h / 2;
    let figures = [
        ("Score", game.points().to_string()),
        ("Level", game.level().to_string()),
        ("Rows", game.rows().to_string()),
        ("Pieces", game.pieces().to_string()),
    ];
    let right = l.panel.right() - 4;
    for (name, value) in figures {
        s.draw_text(font, name, x, y, ink, TextStyle::PLAIN);
        let w = TextStyle::BOLD.text_width(font, &value);
        s.draw_text(font, &value, right - w, y, ink, TextStyle::BOLD);
        y += line_h;
    }
    y += line_h / 2;
    for line in widgets::wrap(font, KEYS, l.panel.w - 8) {
        if y + line_h > l.panel.bottom() {
            break;
        }
        s.draw_text(font, &line, x, y, look.paint(Pen::Text), TextStyle::PLAIN);
        y += line_h;
    }
}

/// A framed notice in the middle of the well.
fn notice_box(s: &mut Surface, machine: &Machine, well: Rect, lines: &[&str]) {
    let look = machine.look();
    let font = look.text_font;
    let line_h = font.height() as i32 + 2;
    // The first line is the title, in bold, which is wider than plain.
    let lines: Vec<(String, TextStyle)> = lines
        .iter()
        .enumerate()
        .flat_map(|(i, l)| {
            let style = if i == 0 { TextStyle::BOLD } else { TextStyle::PLAIN };
            widgets::wrap(font, l, well.w - 12 - style.bold_extra() * l.chars().count() as i32)
                .into_iter()
                .map(move |l| (l, style))
        })
        .collect();
    let w = lines.iter().map(|(l, style)| style.text_width(font, l)).max().unwrap_or(0) + 12;
    let h = line_h * lines.len() as i32 + 8;
    let r = Rect::new(well.x + (well.w - w) / 2, well.y + (well.h - h) / 3, w, h);
    s.fill_rect(r, look.paint(Pen::Background));
    s.frame_rect(r, look.paint(Pen::Text));
    for (i, (line, style)) in lines.iter().enumerate() {
        let tw = style.text_width(font, line);
        s.draw_text(font, line, r.x + (r.w - tw) / 2, r.y + 4 + i as i32 * line_h, look.paint(Pen::Text), *style);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machines::{MachineChoice, MachineId};

    /// A square of `piece` as `machine` draws it, and the colour of its
    /// middle.
    fn square(machine: &Machine, piece: Piece) -> (Vec<u32>, Rgb) {
        let mut s = machine.new_surface();
        let bodies = body_colours(&s);
        block(&mut s, machine, Rect::new(0, 0, 12, 12), piece, &bodies);
        let width = s.width() as usize;
        let rows: Vec<u32> = s.pixels().chunks(width).take(12).flat_map(|row| row[..12].to_vec()).collect();
        (rows, s.colour_at(6, 6).unwrap())
    }

    /// Where the pieces are patterns (one bit, four greys) the I piece's
    /// solid black square keeps a ring of paper inside its frame, so that
    /// its squares read as squares: they ran into one black bar.
    #[test]
    fn a_solid_black_square_shows_its_edges() {
        for choice in MachineChoice::every_screen() {
            let machine = Machine::new(&choice, choice.id.unwrap()).unwrap();
            if !machine.look().is_monochrome() && machine.depth() != Some(Depth::Colours4) {
                continue;
            }
            let mut s = machine.new_surface();
            let bodies = body_colours(&s);
            block(&mut s, &machine, Rect::new(0, 0, 12, 12), Piece::I, &bodies);
            let (frame, ring, middle) = (s.colour_at(0, 6), s.colour_at(1, 6), s.colour_at(6, 6));
            assert!(frame == middle && ring != frame, "{choice:?}: {frame:?} {ring:?} {middle:?}");
        }
    }

    /// On every screen the seven pieces look different; from sixteen
    /// colours up (the Amiga DblPAL's too, with no purple) none is a grey, and the Amiga PAL screen shows
    /// each in its own register.
    #[test]
    fn every_screen_tells_the_pieces_apart() {
        for choice in MachineChoice::every_screen() {
            let (id, depth) = (choice.id.unwrap(), choice.depth);
            let machine = Machine::new(&choice, id).unwrap();
            let squares: Vec<(Vec<u32>, Rgb)> = Piece::ALL.iter().map(|&p| square(&machine, p)).collect();
            for (i, (a, middle)) in squares.iter().enumerate() {
                let this = Piece::ALL[i];
                for (j, (b, _)) in squares[..i].iter().enumerate() {
                    assert_ne!(a, b, "{id:?} {depth:?}: {this:?} and {:?} look alike", Piece::ALL[j]);
                }
                let hued = middle.r.max(middle.g).max(middle.b) - middle.r.min(middle.g).min(middle.b) >= 40;
                // The Amigas, with no depth to choose, have 16 registers or more.
                let amiga = matches!(id, MachineId::AmigaPal | MachineId::AmigaDblPal);
                let colours_16_up = depth.map_or(amiga, |d| d >= Depth::Colours16);
                assert!(hued || !colours_16_up, "{id:?} {depth:?}: {this:?} is grey {middle:?}");
            }
        }
        let pal =
            Machine::new(&MachineChoice { id: Some(MachineId::AmigaPal), ..Default::default() }, MachineId::AmigaPal)
                .unwrap();
        let registers = [0x88BBFF, 0xFFEE22, 0x883399, 0x55DD55, 0xEE4444, 0x2244AA, 0xEE9900];
        for (&piece, register) in Piece::ALL.iter().zip(registers) {
            assert_eq!(square(&pal, piece).1, Rgb::hex(register), "{piece:?} on the Amiga PAL screen");
        }
    }
}
