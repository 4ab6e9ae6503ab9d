//! A minefield's size and mine count, the Oberon limits on them and the
//! three classic presets. A value outside the limits is refused with a
//! sentence naming the limit: the panel shows it in the machine's style,
//! the command line prints it; nothing typed is clamped silently (a slider
//! stops at the limit, in sight).

use std::fmt;

/// The narrowest and widest field.
pub const WIDTH: (u32, u32) = (8, 30);
/// The shortest and tallest field.
pub const HEIGHT: (u32, u32) = (8, 16);
/// The fewest and most mines, before the share limit.
pub const MINES: (u32, u32) = (10, 99);
/// At most this share of the squares (in per cent) may hide a mine.
pub const MAX_SHARE_PERCENT: u32 = 70;
/// No-guess boards are made only up to this share of mines (per cent):
/// Expert's 99 in 480 squares is 20.6%; much denser fields almost never
/// open far enough to be cleared by deduction alone.
pub const NO_GUESS_SHARE_PERCENT: u32 = 22;

/// Width, height and mines of a field, and whether boards must be
/// solvable without guessing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Settings {
    pub width: u32,
    pub height: u32,
    pub mines: u32,
    pub no_guess: bool,
}

/// A named size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Preset {
    /// `beginner`, as ids spell it.
    pub id: &'static str,
    /// `Beginner`, as menus show it.
    pub name: &'static str,
    pub width: u32,
    pub height: u32,
    pub mines: u32,
}

pub const PRESETS: [Preset; 3] = [
    Preset { id: "beginner", name: "Beginner", width: 9, height: 9, mines: 10 },
    Preset { id: "intermediate", name: "Intermediate", width: 16, height: 16, mines: 40 },
    Preset { id: "expert", name: "Expert", width: 30, height: 16, mines: 99 },
];

/// The id part of a field that is no preset.
pub const CUSTOM: &str = "custom";

/// Which limit a value breaks, for the sentence that says so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid(pub String);

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Invalid {}

/// The most mines a field of `width` x `height` may hold: 99, and at most
/// 70% of its squares (rounded down).
pub fn max_mines(width: u32, height: u32) -> u32 {
    MINES.1.min(width * height * MAX_SHARE_PERCENT / 100)
}

/// The most mines a no-guess board of `width` x `height` is made with.
pub fn max_no_guess_mines(width: u32, height: u32) -> u32 {
    max_mines(width, height).min(width * height * NO_GUESS_SHARE_PERCENT / 100)
}

impl Settings {
    /// A preset's field (guessing allowed).
    pub fn preset(p: &Preset) -> Settings {
        Settings { width: p.width, height: p.height, mines: p.mines, no_guess: false }
    }

    /// Beginner, the field a new player starts with.
    pub fn beginner() -> Settings {
        Settings::preset(&PRESETS[0])
    }

    /// The preset with this size and mine count, if any.
    pub fn preset_of(&self) -> Option<&'static Preset> {
        PRESETS.iter().find(|p| (p.width, p.height, p.mines) == (self.width, self.height, self.mines))
    }

    pub fn squares(&self) -> usize {
        (self.width * self.height) as usize
    }

    /// Checks every limit; the error names the first one broken.
    pub fn validate(&self) -> Result<(), Invalid> {
        check_width(self.width)?;
        check_height(self.height)?;
        check_mines(self.mines, self.width, self.height)?;
        if self.no_guess {
            let most = max_no_guess_mines(self.width, self.height);
            if self.mines > most {
                return Err(Invalid(format!(
                    "No-guess boards of {} x {} boxes are made with at most {most} mines ({NO_GUESS_SHARE_PERCENT}% \
                     of the boxes); {} is too dense to clear by deduction.",
                    self.width, self.height, self.mines
                )));
            }
        }
        Ok(())
    }

    /// The options text of these settings: `9x9/10`, and `,no-guess`.
    pub fn options(&self) -> String {
        let guess = if self.no_guess { ",no-guess" } else { "" };
        format!("{}x{}/{}{guess}", self.width, self.height, self.mines)
    }

    /// Reads [`options`](Settings::options) text, checking every limit.
    pub fn parse(text: &str) -> Result<Settings, Invalid> {
        let bad = || Invalid(format!("{text:?} is not a minefield: write WIDTHxHEIGHT/MINES, e.g. 9x9/10"));
        let mut words = text.split(',').map(str::trim);
        let size = words.next().ok_or_else(bad)?;
        let (w, rest) = size.split_once(['x', 'X']).ok_or_else(bad)?;
        let (h, m) = rest.split_once('/').ok_or_else(bad)?;
        let num = |s: &str| s.trim().parse::<u32>().map_err(|_| bad());
        let mut settings = Settings { width: num(w)?, height: num(h)?, mines: num(m)?, no_guess: false };
        for word in words {
            if word.eq_ignore_ascii_case("no-guess") {
                settings.no_guess = true;
            } else if !word.is_empty() {
                return Err(Invalid(format!("{word:?} is not a minefield option: the only one is no-guess")));
            }
        }
        settings.validate()?;
        Ok(settings)
    }

    /// The game id of these settings: `mines/expert`, `mines/custom`, with
    /// `-no-guess` for no-guess boards (their best times are kept apart).
    pub fn id(&self) -> String {
        let size = self.preset_of().map_or(CUSTOM, |p| p.id);
        let guess = if self.no_guess { "-no-guess" } else { "" };
        format!("mines/{size}{guess}")
    }
}

/// Width within 8..30.
pub fn check_width(width: u32) -> Result<(), Invalid> {
    in_range("The width", width, WIDTH, "boxes")
}

/// Height within 8..16.
pub fn check_height(height: u32) -> Result<(), Invalid> {
    in_range("The height", height, HEIGHT, "boxes")
}

/// Mines within 10..99 and at most 70% of the squares.
pub fn check_mines(mines: u32, width: u32, height: u32) -> Result<(), Invalid> {
    in_range("The number of mines", mines, MINES, "")?;
    let most = max_mines(width, height);
    if mines > most {
        return Err(Invalid(format!(
            "A field of {width} x {height} boxes holds at most {most} mines ({MAX_SHARE_PERCENT}% of its boxes), \
             not {mines}."
        )));
    }
    Ok(())
}

fn in_range(what: &str, value: u32, (low, high): (u32, u32), unit: &str) -> Result<(), Invalid> {
    if (low..=high).contains(&value) {
        return Ok(());
    }
    let unit = if unit.is_empty() { String::new() } else { format!(" {unit}") };
    Err(Invalid(format!("{what} must be from {low} to {high}{unit}, not {value}.")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_valid_and_named_by_id() {
        for p in &PRESETS {
            let s = Settings::preset(p);
            assert_eq!(s.validate(), Ok(()));
            assert_eq!(s.id(), format!("mines/{}", p.id));
            assert_eq!(Settings { no_guess: true, ..s }.validate(), Ok(()), "{} without guessing", p.name);
        }
        let custom = Settings { width: 10, height: 10, mines: 20, no_guess: true };
        assert_eq!(custom.id(), "mines/custom-no-guess");
    }

    #[test]
    fn limits_are_named_in_the_refusal() {
        let e = |w, h, m| Settings { width: w, height: h, mines: m, no_guess: false }.validate().unwrap_err().0;
        assert_eq!(e(7, 9, 10), "The width must be from 8 to 30 boxes, not 7.", "the guide's noun");
        assert!(e(31, 9, 10).contains("not 31"));
        assert_eq!(e(9, 17, 10), "The height must be from 8 to 16 boxes, not 17.");
        assert!(e(9, 9, 9).contains("mines must be from 10 to 99"));
        assert!(e(30, 16, 100).contains("from 10 to 99"));
        // 8 x 8 = 64 squares: 70% is 44.8, so 44 mines at most.
        assert_eq!(max_mines(8, 8), 44);
        assert!(e(8, 8, 45).contains("at most 44 mines (70% of its boxes)"));
        assert_eq!(Settings { width: 8, height: 8, mines: 44, no_guess: false }.validate(), Ok(()));
    }

    #[test]
    fn dense_no_guess_boards_are_refused_in_words() {
        let s = Settings { width: 9, height: 9, mines: 40, no_guess: true };
        assert!(s.validate().unwrap_err().0.contains("too dense to clear by deduction"));
        assert_eq!(Settings { no_guess: false, ..s }.validate(), Ok(()));
    }

    #[test]
    fn options_read_back() {
        for s in [
            Settings::beginner(),
            Settings { width: 30, height: 16, mines: 99, no_guess: true },
            Settings { width: 12, height: 8, mines: 20, no_guess: false },
        ] {
            assert_eq!(Settings::parse(&s.options()), Ok(s));
        }
        assert!(Settings::parse("9x9").is_err());
        assert!(Settings::parse("9x9/10,fast").unwrap_err().0.contains("only one is no-guess"));
        assert!(Settings::parse("40x9/10").unwrap_err().0.contains("width"));
    }
}
