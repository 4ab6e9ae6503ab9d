//! A requester that asks for a line of text (a name for a high-score
//! table), drawn as the machine draws its requesters with the text being
//! typed and a cursor in it. A view keeps one while it is open, draws it
//! over itself and gives it the keys; nothing else in the machine changes.

use crate::gfx::Surface;

use super::Machine;
use super::input::{Button, Input, Key};
use super::menu::Requester;

/// What an input did to the entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntryEvent {
    /// Not the entry's (a tick, a pointer move).
    Ignored,
    /// The text changed: draw again.
    Edited,
    /// Return or OK: the text.
    Done(String),
    /// Escape or Cancel.
    Cancelled,
}

/// The caret shown after the text.
const CARET: char = '_';

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextEntry {
    pub title: String,
    /// Lines above the field.
    pub lines: Vec<String>,
    /// The field's label ("Name:").
    pub label: String,
    pub text: String,
    /// At most this many characters.
    pub max: usize,
    /// Whether the text is still the one it was given, which the first
    /// character typed replaces (as a selected field's text is), so a
    /// player types a new name straight over the last one.
    fresh: bool,
    /// The button Return presses: OK (0) until Tab moves to Cancel (1).
    button: usize,
    /// The lowest and highest number, where the field takes digits only.
    digits: Option<(u64, u64)>,
    /// Why the last key typed went nowhere (a letter in a field of
    /// digits), shown under the field until the next key.
    refused: Option<String>,
}

/// Why a key typed into the number box `name`, which takes `low` to
/// `high`, went nowhere: on one line of the Amiga PAL's requesters (33
/// characters) for a seven-digit number, and in its title bar.
pub fn digits_only(name: &str, (low, high): (u64, u64)) -> String {
    format!("{name}: digits only, {low} to {high}.")
}

impl TextEntry {
    pub fn new(title: &str, lines: Vec<String>, label: &str, text: &str, max: usize) -> TextEntry {
        let text: String = text.chars().filter(|c| !c.is_control()).take(max).collect();
        TextEntry {
            title: title.into(),
            lines,
            label: label.into(),
            text,
            max,
            fresh: true,
            button: 0,
            digits: None,
            refused: None,
        }
    }

    /// The entry as one for a number from `low` to `high`: a key that is
    /// no digit is refused, saying so, and its limit says digits.
    pub fn of_digits(self, range: (u64, u64)) -> TextEntry {
        TextEntry { digits: Some(range), ..self }
    }

    /// The requester as the machine draws it: the lines, then the field,
    /// and a line under it the note of the field ([`TextEntry::note`]).
    pub fn requester(&self) -> Requester {
        let mut lines = self.lines.clone();
        lines.push(String::new());
        lines.push(format!("{} {}{CARET}", self.label, self.text));
        if let Some(note) = self.note() {
            // A line apart: the Amiga's requester lines stand with no
            // leading, and the caret, an underscore, sat on the letters of
            // a note straight under it.
            lines.push(String::new());
            lines.push(note);
        }
        Requester { title: self.title.clone(), lines, buttons: vec!["OK".into(), "Cancel".into()] }
    }

    /// Why the last key went nowhere, else, for a field typed full, its
    /// limit, which no beep tells.
    fn note(&self) -> Option<String> {
        self.refused.clone().or_else(|| {
            let unit = if self.digits.is_some() { "digits" } else { "letters" };
            self.typed_full().then(|| format!("{} {unit} at most.", self.max))
        })
    }

    /// Whether the player has typed the text up to its most, so a letter
    /// more would go nowhere (a name given in full, which the first letter
    /// typed replaces, is not).
    fn typed_full(&self) -> bool {
        !self.fresh && self.text.chars().count() >= self.max
    }

    /// Draws the requester anywhere on the screen (not only in the view's
    /// area, as a real requester would).
    pub fn draw(&self, s: &mut Surface, machine: &Machine) {
        let old = s.set_clip(s.bounds());
        machine.chrome().draw_requester(s, machine.look(), &self.requester(), Some(self.button));
        s.set_clip(old);
    }

    /// Whether `c` is kept out of a field that takes digits only.
    fn refuses(&self, c: char) -> bool {
        self.digits.is_some() && !c.is_ascii_digit()
    }

    /// Whether `c` may go into the text: a character the machine draws
    /// requesters in (no control character, none the font lacks).
    fn can_type(&self, c: char, machine: &Machine) -> bool {
        !c.is_control() && machine.chrome().requester_font(machine.look()).has_glyph(c)
    }

    /// Typing, Backspace, Return (or OK) and Escape (or Cancel); Tab moves
    /// Return between OK and Cancel (Left and Right stay the field's), and
    /// typing in the field moves it back to OK, so that what was typed is
    /// never thrown away by a Return meant to take it. A key refused is
    /// said under the field until the next key.
    pub fn input(&mut self, input: &Input, machine: &Machine) -> EntryEvent {
        let said = matches!(input, Input::Key { .. }) && self.refused.take().is_some();
        match self.take(input, machine) {
            EntryEvent::Ignored if said => EntryEvent::Edited,
            event => event,
        }
    }

    /// The label's name, as a note names the field ("Game" for "Game:").
    fn name(&self) -> &str {
        self.label.trim_end_matches(':').trim()
    }

    fn take(&mut self, input: &Input, machine: &Machine) -> EntryEvent {
        match *input {
            Input::Key { key: Key::Tab, mods } if !mods.ctrl && !mods.alt => {
                self.button = 1 - self.button;
                EntryEvent::Edited
            }
            Input::Key { key: Key::Enter, .. } if self.button == 1 => EntryEvent::Cancelled,
            Input::Key { key: Key::Enter, .. } => EntryEvent::Done(self.text.trim().to_string()),
            Input::Key { key: Key::Escape, .. } => EntryEvent::Cancelled,
            Input::Key { key: Key::Backspace | Key::Delete, .. } => {
                self.fresh = false;
                self.button = 0;
                if self.text.pop().is_some() { EntryEvent::Edited } else { EntryEvent::Ignored }
            }
            // A number's field says why a letter goes nowhere: no beep
            // would tell it.
            Input::Key { key: Key::Char(c), mods } if !mods.ctrl && !mods.alt && self.refuses(c) => {
                self.refused = self.digits.map(|range| digits_only(self.name(), range));
                self.button = 0;
                EntryEvent::Edited
            }
            // A name starts with no space and has no two together.
            Input::Key { key: Key::Char(' '), .. }
                if self.fresh || self.text.is_empty() || self.text.ends_with(' ') =>
            {
                EntryEvent::Ignored
            }
            // Only what the requester's font can draw: every machine's
            // fonts have the same Latin-1 letters, so a name typed on one
            // shows on all.
            Input::Key { key: Key::Char(c), mods } if !mods.ctrl && !mods.alt && self.can_type(c, machine) => {
                if std::mem::take(&mut self.fresh) {
                    self.text.clear();
                }
                self.button = 0;
                if self.text.chars().count() < self.max {
                    self.text.push(c);
                    EntryEvent::Edited
                } else {
                    EntryEvent::Ignored
                }
            }
            Input::MouseUp { x, y, button: Button::Left } => {
                let (_, buttons) = machine.chrome().requester_layout(machine.look(), &self.requester());
                match buttons.iter().position(|r| r.contains(x, y)) {
                    Some(0) => EntryEvent::Done(self.text.trim().to_string()),
                    Some(_) => EntryEvent::Cancelled,
                    None => EntryEvent::Ignored,
                }
            }
            _ => EntryEvent::Ignored,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machines::{MachineChoice, MachineId, Modifiers};

    fn key(key: Key) -> Input {
        Input::Key { key, mods: Modifiers::default() }
    }

    #[test]
    fn types_edits_and_answers() {
        let m = Machine::new(&MachineChoice::default(), MachineId::AmigaPal).unwrap();
        let mut e = TextEntry::new("New High Score", vec!["Place 1".into()], "Name:", "Bob", 5);
        assert_eq!(e.input(&key(Key::Char('A')), &m), EntryEvent::Edited);
        assert_eq!(e.text, "A", "the first letter typed replaces the name given");
        assert_eq!(e.input(&key(Key::Backspace), &m), EntryEvent::Edited);
        for c in "Ada".chars() {
            e.input(&key(Key::Char(c)), &m);
        }
        let mut kept = TextEntry::new("T", vec![], "Name:", "Bob", 5);
        assert_eq!(kept.input(&key(Key::Backspace), &m), EntryEvent::Edited);
        assert_eq!(kept.input(&key(Key::Char('x')), &m), EntryEvent::Edited);
        assert_eq!(kept.text, "Box", "Backspace first edits the name given");
        assert_eq!(e.requester().lines.last().unwrap(), "Name: Ada_");
        assert_eq!(e.input(&key(Key::Backspace), &m), EntryEvent::Edited);
        for c in "a Lo".chars() {
            e.input(&key(Key::Char(c)), &m);
        }
        assert_eq!(e.text, "Ada L", "at most five characters");
        let mut spaced = TextEntry::new("T", vec![], "Name:", "", 9);
        for c in "  Ada  Lo".chars() {
            spaced.input(&key(Key::Char(c)), &m);
        }
        assert_eq!(spaced.text, "Ada Lo", "no space first nor two together");
        let mut punctuated = TextEntry::new("T", vec![], "Name:", "", 40);
        for c in "Zoë O'Brien-Smythe, \"Jr.\" €ő".chars() {
            punctuated.input(&key(Key::Char(c)), &m);
        }
        assert_eq!(punctuated.text, "Zoë O'Brien-Smythe, \"Jr.\" ", "Latin-1, and no € nor ő: the font has none");
        assert_eq!(e.input(&Input::Tick { ms: 20 }, &m), EntryEvent::Ignored);
        // Tab moves Return to Cancel and back to OK.
        assert_eq!(e.input(&key(Key::Tab), &m), EntryEvent::Edited);
        let on_cancel = e.clone();
        assert_eq!(on_cancel.clone().input(&key(Key::Enter), &m), EntryEvent::Cancelled);
        // Typing (or deleting) after it moves Return back to OK: what was
        // typed is what the player meant Return to take.
        let mut typed = on_cancel.clone();
        typed.input(&key(Key::Backspace), &m);
        assert_eq!(typed.input(&key(Key::Enter), &m), EntryEvent::Done("Ada".into()));
        typed.input(&key(Key::Tab), &m);
        typed.input(&key(Key::Char('x')), &m);
        assert_eq!(typed.input(&key(Key::Enter), &m), EntryEvent::Done("Ada x".into()));
        assert_eq!(e.input(&key(Key::Tab), &m), EntryEvent::Edited);
        assert_eq!(e.input(&key(Key::Enter), &m), EntryEvent::Done("Ada L".into()));
        assert_eq!(e.input(&key(Key::Escape), &m), EntryEvent::Cancelled);
        let (_, buttons) = m.chrome().requester_layout(m.look(), &e.requester());
        let ok = buttons[0];
        let click = Input::MouseUp { x: ok.x + 2, y: ok.y + 2, button: Button::Left };
        assert_eq!(e.input(&click, &m), EntryEvent::Done("Ada L".into()));
    }

    /// A field typed full says so under it, as no beep does, and fits
    /// the smallest screen whole with the Top Five's own lines.
    #[test]
    fn a_field_typed_full_says_its_limit() {
        for id in MachineId::ALL {
            let m = Machine::new(&MachineChoice { id: Some(id), ..MachineChoice::default() }, id).unwrap();
            let lines = vec!["999999 points: place 1 of 5.".to_string()];
            let mut e = TextEntry::new("A Top Five Game", lines, "Name:", "A name kept in full!", 20);
            assert_eq!(e.requester().lines.len(), 3, "{id}: a name given is no name typed");
            for c in "Reviewer R with a rather long name".chars() {
                e.input(&key(Key::Char(c)), &m);
            }
            assert_eq!(e.text, "Reviewer R with a ra");
            assert_eq!(e.requester().lines[2..], ["Name: Reviewer R with a ra_", "", "20 letters at most."], "{id}");
            let mut s = m.new_surface();
            e.draw(&mut s, &m);
            assert!(s.take_clipped_text().is_empty(), "{id}: {:?}", s.take_clipped_text());
            e.input(&key(Key::Backspace), &m);
            assert_eq!(e.requester().lines.len(), 3, "{id}: a letter to spare");
        }
    }

    /// A field of digits says why a letter typed in it goes nowhere, under
    /// the field and whole on the smallest screen, until the next key.
    #[test]
    fn a_field_of_digits_says_a_letter_goes_nowhere() {
        for id in MachineId::ALL {
            let m = Machine::new(&MachineChoice { id: Some(id), ..MachineChoice::default() }, id).unwrap();
            let lines = vec!["This is game 1000000.".to_string(), "Which game (1 to 1000000)?".to_string()];
            let mut e = TextEntry::new("Select Game", lines, "Game:", "", 7).of_digits((1, 1_000_000));
            assert_eq!(e.input(&key(Key::Char('1')), &m), EntryEvent::Edited);
            for refused in ['x', ' ', '-'] {
                assert_eq!(e.input(&key(Key::Char(refused)), &m), EntryEvent::Edited, "{id}: {refused:?} is said");
                assert_eq!(e.text, "1", "{id}: {refused:?} goes nowhere");
                assert_eq!(e.requester().lines[3..], ["Game: 1_", "", "Game: digits only, 1 to 1000000."], "{id}");
            }
            let mut s = m.new_surface();
            e.draw(&mut s, &m);
            assert!(s.take_clipped_text().is_empty(), "{id}: {:?}", s.take_clipped_text());
            let set = m.chrome().requester_lines(m.look(), &e.requester());
            assert!(set.is_empty() || set.len() == 6, "{id}: the note on a line of its own, a line apart: {set:?}");
            assert_eq!(e.input(&key(Key::Char('2')), &m), EntryEvent::Edited);
            assert_eq!(e.requester().lines.last().unwrap(), "Game: 12_", "{id}: the note goes at the next key");
            e.input(&key(Key::Char('y')), &m);
            assert_eq!(e.input(&key(Key::Tab), &m), EntryEvent::Edited);
            assert_eq!(e.requester().lines.len(), 4, "{id}: and at any key");
        }
    }
}
