//! Radio buttons in a requester: a Mac dialog's radio group (The Chance's
//! Sequences...), Intuition's mutually exclusive gadgets, Windows' option
//! buttons. The player marks one choice, then presses a button.
//!
//! A requester with choices is laid out and drawn by the machine's chrome
//! as an ordinary requester whose text ends with one line per choice,
//! indented to leave room for the button; the chrome says where those
//! lines went ([`Chrome::requester_lines`]) and draws the buttons
//! ([`Chrome::draw_radio`]) in its own style.

use crate::gfx::{Rect, Surface};

use super::{Chrome, Look, Pen, Requester};

/// Space between a radio button and its label, in pixels.
const GAP: i32 = 4;

/// The choices of a requester's radio group and the one marked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choices {
    pub labels: Vec<String>,
    pub chosen: usize,
}

impl Choices {
    /// The requester as the chrome lays it out: its lines, then one
    /// indented line per choice.
    pub fn shown(&self, req: &Requester, chrome: &dyn Chrome, look: &Look) -> Requester {
        let font = chrome.requester_font(look);
        let space = font.text_width(" ").max(1) as i32;
        let indent = " ".repeat(((Self::button_side(chrome, look) + GAP + space - 1) / space) as usize);
        let mut shown = req.clone();
        shown.lines.extend(self.labels.iter().map(|l| format!("{indent}{l}")));
        shown
    }

    /// Each choice's place on the screen (its button and label: a click
    /// anywhere on it marks it), for `req` as [`shown`](Choices::shown).
    pub fn rects(&self, req: &Requester, chrome: &dyn Chrome, look: &Look) -> Vec<Rect> {
        // The choices are the last lines set: their labels are short and
        // never broken, while the text above them may be.
        let font = chrome.requester_font(look);
        let set = chrome.requester_lines(look, &self.shown(req, chrome, look));
        let first = set.len().saturating_sub(self.labels.len());
        set[first..]
            .iter()
            .map(|(text, line)| Rect::new(line.x, line.y, font.text_width(text) as i32, line.h))
            .collect()
    }

    /// Where choice `i`'s label is, beside its button (the keyboard's
    /// mark rings it while the radio group has the keyboard).
    pub fn label_rect(&self, req: &Requester, chrome: &dyn Chrome, look: &Look, i: usize) -> Option<Rect> {
        let r = *self.rects(req, chrome, look).get(i)?;
        let label = chrome.requester_font(look).text_width(&self.labels[i]) as i32;
        Some(Rect::new(r.right() - label, r.y, label, r.h))
    }

    /// Draws the requester with its radio group, `focus` the button the
    /// keyboard is on; `None`: the radio group has it, and the marked
    /// choice wears the keyboard's dotted frame, as a list's selected row
    /// does in the dialogs of a list and buttons (see
    /// `views::widgets::ButtonFocus`), while Return presses the first button.
    pub fn draw(&self, s: &mut Surface, req: &Requester, chrome: &dyn Chrome, look: &Look, focus: Option<usize>) {
        let shown = self.shown(req, chrome, look);
        match focus {
            Some(_) => chrome.draw_requester(s, look, &shown, focus),
            None => chrome.draw_requester_off_buttons(s, look, &shown),
        }
        let side = Self::button_side(chrome, look);
        for (i, r) in self.rects(req, chrome, look).into_iter().enumerate() {
            let button = Rect::new(r.x, r.y + (r.h - side) / 2, side, side);
            chrome.draw_radio(s, look, button, i == self.chosen);
        }
        if focus.is_none()
            && let Some(r) = self.label_rect(req, chrome, look, self.chosen)
        {
            s.dotted_frame(r.inset(-2, -1), look.paint(Pen::Text));
        }
    }

    /// The choice at a point, if any.
    pub fn at(&self, req: &Requester, chrome: &dyn Chrome, look: &Look, x: i32, y: i32) -> Option<usize> {
        self.rects(req, chrome, look).iter().position(|r| r.contains(x, y))
    }

    /// Marks the choice `by` places on from the marked one (negative: up),
    /// stopping at the ends.
    pub fn step(&mut self, by: i32) {
        let last = self.labels.len().saturating_sub(1) as i32;
        self.chosen = (self.chosen as i32 + by).clamp(0, last) as usize;
    }

    /// A radio button's side: the height of the requester's text, at least
    /// 8 pixels.
    fn button_side(chrome: &dyn Chrome, look: &Look) -> i32 {
        (chrome.requester_font(look).height() as i32 - 1).max(8)
    }
}

/// A plain radio button: a circle, with a dot in it when marked. Chromes
/// with a style of their own draw theirs instead.
pub fn draw_round(s: &mut Surface, r: Rect, ink: crate::gfx::Paint, paper: crate::gfx::Paint, on: bool) {
    let d = r.w.min(r.h);
    let (cx2, cy2) = (2 * r.x + d - 1, 2 * r.y + d - 1);
    // Distance from the centre in half pixels, compared with the radius.
    let inside = |x: i32, y: i32, radius2: i32| {
        let (dx, dy) = (2 * x - cx2, 2 * y - cy2);
        dx * dx + dy * dy <= radius2 * radius2
    };
    let outer = d;
    let ring = d - 2;
    let dot = (d / 2).max(2);
    for y in r.y..r.y + d {
        for x in r.x..r.x + d {
            let paint = if !inside(x, y, outer) {
                continue;
            } else if !inside(x, y, ring) || (on && inside(x, y, dot)) {
                ink
            } else {
                paper
            };
            s.put(x, y, paint.value_at(x, y));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machines::{Machine, MachineChoice, MachineId};

    fn req() -> Requester {
        Requester {
            title: "Sequences".into(),
            lines: vec!["Build columns:".into()],
            buttons: vec!["OK".into(), "Cancel".into()],
        }
    }

    #[test]
    fn every_machine_places_the_choices_below_the_text_without_overlap() {
        let choices = Choices { labels: vec!["One".into(), "Two".into(), "Three".into()], chosen: 1 };
        for id in MachineId::ALL {
            let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
            let (chrome, look) = (m.chrome(), m.look());
            let rects = choices.rects(&req(), chrome, look);
            assert_eq!(rects.len(), 3, "{id:?}");
            let (frame, buttons) = chrome.requester_layout(look, &choices.shown(&req(), chrome, look));
            for (i, r) in rects.iter().enumerate() {
                assert!(frame.contains(r.x, r.y) && frame.contains(r.right() - 1, r.bottom() - 1), "{id:?}: {r:?}");
                assert!(buttons.iter().all(|b| b.intersect(r).is_empty()), "{id:?}: choice {i} meets a button");
                if i > 0 {
                    assert!(r.y >= rects[i - 1].bottom(), "{id:?}: choices overlap");
                }
                let (x, y) = (r.x + 2, r.y + r.h / 2);
                assert_eq!(choices.at(&req(), chrome, look, x, y), Some(i));
            }
            // The marked button differs from the others on screen.
            let mut s = m.new_surface();
            choices.draw(&mut s, &req(), chrome, look, None);
            let side =
                |r: &Rect| (r.y..r.bottom()).flat_map(|y| (r.x..r.x + 8).map(move |x| (x, y))).collect::<Vec<_>>();
            let pixels = |r: &Rect| side(r).iter().map(|&(x, y)| s.colour_at(x, y)).collect::<Vec<_>>();
            assert_ne!(pixels(&rects[0]), pixels(&rects[1]), "{id:?}");
            assert_eq!(pixels(&rects[0]), pixels(&rects[2]), "{id:?}");
        }
    }

    #[test]
    fn steps_stop_at_the_ends() {
        let mut c = Choices { labels: vec!["a".into(), "b".into(), "c".into()], chosen: 0 };
        c.step(-1);
        assert_eq!(c.chosen, 0);
        c.step(1);
        c.step(1);
        c.step(1);
        assert_eq!(c.chosen, 2);
    }
}
