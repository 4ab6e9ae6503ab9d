//! Drawing the minefield's squares in the machine's manner: covered
//! squares raised (on one-bit screens, boxed with a heavy shadow), open
//! ones flat with a grid line, numbers in their classic colours, flags,
//! question marks and mines drawn from simple shapes scaled to the square.

use crate::gfx::{Format, Paint, Palette, Pattern, Rect, Rgb, Surface, TextStyle};
use crate::machines::{Machine, Pen};
use crate::views::widgets::bevel;

/// The colours of the numbers 1 to 8.
const NUMBER_COLOURS: [u32; 8] = [0x0000FF, 0x008000, 0xFF0000, 0x000080, 0x800000, 0x008080, 0x000000, 0x808080];

/// What one square shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    Covered,
    Flag,
    Question,
    /// Held down by a button that has not been let go.
    Pressed,
    Open(u8),
    /// A mine shown when the game is lost.
    Mine,
    /// The mine that went off.
    Exploded,
    /// A flag on a square without a mine, shown when the game is lost.
    WrongFlag,
}

fn solid(s: &mut Surface, hex: u32) -> u32 {
    s.value_for(Rgb::hex(hex))
}

/// Draws one square's face in `r`.
pub fn square(s: &mut Surface, machine: &Machine, r: Rect, face: Face) {
    let look = machine.look();
    let mono = look.is_monochrome();
    match face {
        Face::Covered | Face::Flag | Face::Question => {
            covered(s, machine, r);
            match face {
                Face::Flag => flag(s, machine, r),
                Face::Question => question(s, machine, r),
                _ => {}
            }
        }
        Face::Pressed | Face::Open(_) | Face::Mine | Face::Exploded | Face::WrongFlag => {
            // On a dark window the open squares sink into the bevel's
            // shadow: in the window's own colour they differ from covered
            // ones only by a faint bevel.
            let dark = dark_window(machine);
            let (ground, line) = if dark { (Pen::Shadow, Pen::Background) } else { (Pen::Background, Pen::Shadow) };
            let back = if face == Face::Exploded && !mono { solid(s, 0xFF0000).into() } else { look.paint(ground) };
            s.fill_rect(r, back);
            // A grid line on the top and left, as open squares meet.
            s.hline(r.x, r.right() - 1, r.y, look.paint(line));
            s.vline(r.x, r.y, r.bottom() - 1, look.paint(line));
            match face {
                Face::Open(n) if n > 0 => {
                    let classic = Rgb::hex(NUMBER_COLOURS[usize::from(n) - 1]);
                    let ink = match () {
                        _ if mono => look.paint(Pen::Text),
                        _ if dark => Paint::Solid(s.value_for(lightened_to_read(classic, look.colour(ground)))),
                        _ => Paint::Solid(s.value_for(classic)),
                    };
                    centred_text(s, machine, r, &n.to_string(), ink);
                }
                Face::Mine => mine(s, r, look.paint(Pen::Text), look.paint(Pen::CardFace)),
                Face::Exploded if mono => {
                    // No red to show it: the square inverted.
                    s.fill_rect(r.inset(1, 1), look.paint(Pen::Text));
                    mine(s, r, look.paint(Pen::CardFace), look.paint(Pen::Text));
                }
                Face::Exploded => mine(s, r, look.paint(Pen::Text), look.paint(Pen::CardFace)),
                Face::WrongFlag => {
                    mine(s, r, look.paint(Pen::Text), look.paint(Pen::CardFace));
                    let k = r.inset(r.w / 5, r.h / 5);
                    // Where the screen has a red, the cross is red; where
                    // it has none (one bit, four greys) a dark cross would
                    // vanish into the black mine, so it is edged in white.
                    let red = s.shown(Rgb::hex(0xFF0000));
                    if !mono && !red.is_grey() {
                        let ink = solid(s, 0xFF0000).into();
                        cross(s, k, 0..2, ink);
                    } else {
                        cross(s, k, -1..3, look.paint(Pen::CardFace));
                        cross(s, k, 0..2, look.paint(Pen::Text));
                    }
                }
                _ => {}
            }
        }
    }
}

/// An X over `k`, its strokes as wide as `widths` (offsets to the right).
fn cross(s: &mut Surface, k: Rect, widths: std::ops::Range<i32>, ink: Paint) {
    for d in widths {
        s.line(k.x + d, k.y, k.right() - 1 + d - 1, k.bottom() - 1, ink);
        s.line(k.x + d, k.bottom() - 1, k.right() - 1 + d - 1, k.y, ink);
    }
}

/// True where the window is dark and its text light (the YaZZle
/// transcrippled skin), so the classic light minefield needs turning round.
fn dark_window(machine: &Machine) -> bool {
    let look = machine.look();
    look.colour(Pen::Text).luma() > look.colour(Pen::Background).luma()
}

/// A number's classic colour, mixed with white until it stands out
/// 4.5:1 from a dark `ground` (comfortably above the 3:1 that large
/// text needs), so a navy "1" reads on a slate square.
fn lightened_to_read(classic: Rgb, ground: Rgb) -> Rgb {
    let mix = |eighths: u32| {
        let channel = |c: u8| ((u32::from(c) * (8 - eighths) + 255 * eighths) / 8) as u8;
        Rgb::new(channel(classic.r), channel(classic.g), channel(classic.b))
    };
    (0..=8).map(mix).find(|c| c.contrast(ground) >= 4.5).unwrap_or(Rgb::WHITE)
}

/// A covered square: raised in the machine's bevel colours (on a white
/// window, grey), or on a one-bit screen a light grey tile edged in black
/// below and to the right (open squares are white).
fn covered(s: &mut Surface, machine: &Machine, r: Rect) {
    let look = machine.look();
    if look.is_monochrome() {
        let black = look.paint(Pen::Text);
        let (fore, back) = (black.value_at(0, 0), look.paint(Pen::Background).value_at(0, 0));
        s.fill_rect(r, Paint::Pattern { pattern: Pattern::LT_GRAY, fore, back });
        s.hline(r.x, r.right() - 1, r.bottom() - 1, black);
        s.vline(r.right() - 1, r.y, r.bottom() - 1, black);
        s.hline(r.x, r.right() - 2, r.y, look.paint(Pen::Background));
        s.vline(r.x, r.y, r.bottom() - 2, look.paint(Pen::Background));
        return;
    }
    // On a white window (the colour Mac's) a raised square in the
    // window's white looks like an open one: it takes a button's grey.
    let face = if look.colour(Pen::Background) == Rgb::WHITE {
        solid(s, 0xC0C0C0).into()
    } else {
        look.paint(Pen::Background)
    };
    s.fill_rect(r, face);
    bevel(s, machine, r, true);
    if r.w >= 14 {
        bevel(s, machine, r.inset(1, 1), true);
    }
}

/// Squares of 16 pixels and more show their marks and numbers in bold.
fn style_for(r: Rect) -> TextStyle {
    if r.w >= 16 { TextStyle::BOLD } else { TextStyle::PLAIN }
}

fn centred_text(s: &mut Surface, machine: &Machine, r: Rect, text: &str, ink: Paint) {
    let font = machine.look().text_font;
    let (tw, th) = (font.text_width(text) as i32, font.height() as i32);
    let style = style_for(r);
    let x = r.x + (r.w - tw - i32::from(style.bold)) / 2 + 1;
    let y = r.y + (r.h - th) / 2 + 1;
    s.draw_text(font, text, x, y, ink, style);
}

/// A question mark. On a one-bit screen it stands on the grey stipple
/// only with a white halo round it (as the 1-bit Macs' MineSweepers
/// cleared a mark's ground), its ink centred in the square's face, inside
/// its edges; in colour the plain grey is ground enough.
fn question(s: &mut Surface, machine: &Machine, r: Rect) {
    let look = machine.look();
    let ink = look.paint(Pen::Text);
    if !look.is_monochrome() {
        return centred_text(s, machine, r, "?", ink);
    }
    let face = face_of(r);
    let (mark, (w, h)) = text_ink(machine, "?", style_for(r));
    let (x0, y0) = (face.x + (face.w - w) / 2, face.y + (face.h - h) / 2);
    haloed(s, machine, face, |x, y| mark.contains(&(x - x0, y - y0)));
}

/// A covered square's face: inside its one-pixel edges.
fn face_of(r: Rect) -> Rect {
    Rect::new(r.x + 1, r.y + 1, r.w - 2, r.h - 2)
}

/// Inks a one-bit mark's pixels in `face` and clears a white halo round
/// them, so the mark stands clear of the stipple and of whatever dark
/// frame is drawn over the square's edge.
fn haloed(s: &mut Surface, machine: &Machine, face: Rect, inked: impl Fn(i32, i32) -> bool) {
    let look = machine.look();
    let (ink, halo) = (look.paint(Pen::Text), look.paint(Pen::Background));
    for y in face.y..face.bottom() {
        for x in face.x..face.right() {
            let near = (-1..=1).any(|dy| (-1..=1).any(|dx| inked(x + dx, y + dy)));
            let paint = if inked(x, y) {
                ink
            } else if near {
                halo
            } else {
                continue;
            };
            s.put(x, y, paint.value_at(x, y));
        }
    }
}

/// The pixels `text` inks in the machine's text font, from the top-left
/// of their bounds, and the bounds' size.
fn text_ink(machine: &Machine, text: &str, style: TextStyle) -> (Vec<(i32, i32)>, (i32, i32)) {
    let font = machine.look().text_font;
    let (w, h) = (font.text_width(text) as i32 + 2, font.height() as i32);
    let mut scratch = Surface::new(w as u32, h as u32, Format::Indexed { bits: 1 }, Palette::new(vec![Rgb::WHITE; 2]));
    scratch.draw_text(font, text, 0, 0, Paint::Solid(1), style);
    let ink: Vec<(i32, i32)> =
        (0..h).flat_map(|y| (0..w).map(move |x| (x, y))).filter(|&(x, y)| scratch.get(x, y) == Some(1)).collect();
    let (left, top) = (ink.iter().map(|p| p.0).min().unwrap_or(0), ink.iter().map(|p| p.1).min().unwrap_or(0));
    let (right, bottom) = (ink.iter().map(|p| p.0).max().unwrap_or(-1), ink.iter().map(|p| p.1).max().unwrap_or(-1));
    let moved = ink.iter().map(|&(x, y)| (x - left, y - top)).collect();
    (moved, (right - left + 1, bottom - top + 1))
}

/// A flag: a black pole on a foot, a red pennant. On a one-bit screen
/// the pennant is black too, and the flag stands in a white halo as a
/// question mark does: black on the stipple, it ran into the square's
/// dots and, under the cursor's frame, into one black blob.
fn flag(s: &mut Surface, machine: &Machine, r: Rect) {
    let look = machine.look();
    if look.is_monochrome() {
        // Drawn within the face, not the whole square, so its foot keeps a
        // row of halo above the square's black lower edge.
        let face = face_of(r);
        let white = Palette::new(vec![Rgb::WHITE; 2]);
        let mut scratch = Surface::new(face.w as u32, face.h as u32, Format::Indexed { bits: 1 }, white);
        flag_shape(&mut scratch, Rect::new(0, 0, face.w, face.h), Paint::Solid(1), Paint::Solid(1), true);
        return haloed(s, machine, face, |x, y| scratch.get(x - face.x, y - face.y) == Some(1));
    }
    let red = solid(s, 0xFF0000).into();
    flag_shape(s, r, look.paint(Pen::Text), red, false);
}

/// A flag's pole and foot in `pole_ink`, its pennant in `pennant_ink`;
/// `blunt`, the pennant's tip as broad as half of it, where pole and
/// pennant are one ink: a thin tip in black beside the pole reads as the
/// nick of a 1.
fn flag_shape(s: &mut Surface, r: Rect, pole_ink: Paint, pennant_ink: Paint, blunt: bool) {
    let inner = r.inset((r.w / 5).max(1), (r.h / 6).max(1));
    let pole = inner.x + inner.w * 3 / 5;
    s.vline(pole, inner.y, inner.bottom() - 1, pole_ink);
    // A foot of two steps, the lower the wider, unlike a 1's one line.
    let foot = (inner.w / 4).max(1);
    s.hline(pole - foot, pole + foot, inner.bottom() - 2, pole_ink);
    s.hline(inner.x, inner.right() - 1, inner.bottom() - 1, pole_ink);
    let flag_h = (inner.h / 2).max(3);
    let breadth = inner.w * 3 / 5;
    for dy in 0..flag_h {
        // The pennant narrows towards its tip at mid-height.
        let reach = breadth * (flag_h - (2 * dy - flag_h + 1).abs()) / flag_h;
        let reach = if blunt { reach.max(breadth / 2) } else { reach };
        s.hline(pole - reach, pole, inner.y + dy, pennant_ink);
    }
}

/// A mine: a ball with four spikes in `ink`, and a glint.
fn mine(s: &mut Surface, r: Rect, ink: Paint, glint: Paint) {
    let black = ink;
    let (cx, cy) = (r.x + r.w / 2, r.y + r.h / 2);
    let radius = (r.w.min(r.h) / 4).max(2);
    for dy in -radius..=radius {
        let half = ((radius * radius - dy * dy) as f64).sqrt().round() as i32;
        s.hline(cx - half, cx + half, cy + dy, black);
    }
    let spike = radius + (r.w / 8).max(1);
    s.hline(cx - spike, cx + spike, cy, black);
    s.vline(cx, cy - spike, cy + spike, black);
    if radius >= 3 {
        let white = glint;
        s.fill_rect(Rect::new(cx - radius / 2, cy - radius / 2, (radius / 2).max(1), (radius / 2).max(1)), white);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machines::{Depth, MachineChoice, MachineId};

    /// On a one-bit screen a question mark stands clear of the covered
    /// square's stipple, whole and inside its edges: somewhere in the
    /// square's face its ink is black and every pixel of the face round it
    /// white, at Expert's size on the Mac SE/30 (11 pixels, and smaller)
    /// and at Beginner's (24, in bold).
    #[test]
    fn a_question_mark_stands_clear_of_the_one_bit_stipple() {
        let se30 = MachineId::MacSe30;
        let machine = Machine::new(&MachineChoice { id: Some(se30), ..Default::default() }, se30).unwrap();
        let black = machine.look().paint(Pen::Text).value_at(0, 0);
        for size in [10, 11, 24] {
            let mut s = machine.new_surface();
            let r = Rect::new(8, 8, size, size);
            square(&mut s, &machine, r, Face::Question);
            let (ink, (w, h)) = text_ink(&machine, "?", style_for(r));
            assert!(ink.len() > 4 && w > 1 && h > 3, "a mark to see: {ink:?}");
            let inked = |x0: i32, y0: i32| ink.iter().map(move |&(x, y)| (x0 + x, y0 + y));
            let ring = |x0: i32, y0: i32| {
                let ink = &ink;
                (-1..=w).flat_map(move |x| (-1..=h).map(move |y| (x0 + x, y0 + y))).filter(move |&(x, y)| {
                    !ink.contains(&(x - x0, y - y0))
                        && ink.iter().any(|&(ix, iy)| (x0 + ix - x).abs() <= 1 && (y0 + iy - y).abs() <= 1)
                })
            };
            let face = face_of(r);
            let clear = (face.y..face.bottom()).any(|y0| {
                (face.x..face.right()).any(|x0| {
                    inked(x0, y0).all(|(x, y)| face.contains(x, y) && s.get(x, y) == Some(black))
                        && ring(x0, y0).filter(|&(x, y)| face.contains(x, y)).all(|(x, y)| s.get(x, y) != Some(black))
                })
            });
            assert!(clear, "a {size}-pixel square's question mark runs into the stipple or its edge");
        }
    }

    /// On the dark transcrippled skin open squares are clearly darker than
    /// covered ones and every number reads on them at 3:1 or more.
    #[test]
    fn open_squares_and_numbers_read_on_a_dark_skin() {
        let id = MachineId::Yazzle;
        let choice = MachineChoice { id: Some(id), skin: Some("transcrippled".into()), ..Default::default() };
        let machine = Machine::new(&choice, id).unwrap();
        let mut s = machine.new_surface();
        let (covered, open) = (Rect::new(0, 0, 20, 20), Rect::new(20, 0, 20, 20));
        square(&mut s, &machine, covered, Face::Covered);
        square(&mut s, &machine, open, Face::Open(0));
        let middle = |s: &Surface, r: Rect| s.colour_at(r.x + 10, r.y + 10).unwrap();
        assert!(middle(&s, covered).contrast(middle(&s, open)) >= 1.3, "open and covered look alike");
        let ground = middle(&s, open);
        for n in 1..=8 {
            square(&mut s, &machine, open, Face::Open(n));
            // Inside the grid lines, whatever is not the ground is the number.
            let ink: Vec<Rgb> = (open.y + 1..open.bottom())
                .flat_map(|y| (open.x + 1..open.right()).map(move |x| (x, y)))
                .filter_map(|(x, y)| s.colour_at(x, y))
                .filter(|&c| c != ground)
                .collect();
            let least = ink.iter().map(|c| c.contrast(ground)).fold(f64::MAX, f64::min);
            assert!(!ink.is_empty() && least >= 3.0, "{n}: {least:.2}:1");
        }
    }

    /// On the colour Mac's white windows a covered square's middle is grey,
    /// an open one's white (both were white, told apart only by a bevel's
    /// thin lines); elsewhere both are the window's grey, as on Windows.
    /// A flag set wrongly is crossed out over the black mine in a colour
    /// that stands out from it (3:1, as a mark must against what it lies
    /// on), red or, with no red on the screen, white.
    #[test]
    fn a_wrong_flag_is_crossed_out_plainly_at_every_depth() {
        let screens = Depth::ALL.iter().map(|&d| (MachineId::MacColor, Some(d))).chain([(MachineId::MacSe30, None)]);
        for (id, depth) in screens {
            let machine = Machine::new(&MachineChoice { id: Some(id), depth, skin: None }, id).unwrap();
            let mut s = machine.new_surface();
            let (mine, wrong) = (Rect::new(0, 0, 20, 20), Rect::new(20, 0, 20, 20));
            square(&mut s, &machine, mine, Face::Mine);
            square(&mut s, &machine, wrong, Face::WrongFlag);
            let ink = machine.look().colour(Pen::Text);
            let standing_out = (mine.y..mine.bottom())
                .flat_map(|y| (mine.x..mine.right()).map(move |x| (x, y)))
                .filter(|&(x, y)| {
                    let (was, now) = (s.colour_at(x, y).unwrap(), s.colour_at(x + 20, y).unwrap());
                    was == ink && was.contrast(now) >= 3.0
                })
                .count();
            assert!(standing_out >= 8, "{id:?} {depth:?}: the cross hardly shows on the mine ({standing_out} pixels)");
        }
    }

    #[test]
    fn covered_squares_are_grey_on_the_colour_macs_white() {
        let screens = Depth::ALL.iter().map(|&d| (MachineId::MacColor, Some(d))).chain([(MachineId::MacSe30, None)]);
        for (id, depth) in screens {
            let machine = Machine::new(&MachineChoice { id: Some(id), depth, skin: None }, id).unwrap();
            let mut s = machine.new_surface();
            let (covered, open) = (Rect::new(0, 0, 20, 20), Rect::new(20, 0, 20, 20));
            square(&mut s, &machine, covered, Face::Covered);
            square(&mut s, &machine, open, Face::Open(0));
            // A pattern's pixels may match here and there: compare the
            // middles' runs of pixels.
            let middle = |r: Rect| (6..14).map(|d| s.colour_at(r.x + d, r.y + d)).collect::<Vec<_>>();
            assert_ne!(middle(covered), middle(open), "{id:?} {depth:?}");
        }
    }
}
