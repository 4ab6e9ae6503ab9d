//! Contact sheets: one game on every machine and depth, or every game on
//! a row of machines in one labelled picture, so the whole look can be
//! reviewed at once. Every screen is rendered exactly as `parlour shot`
//! renders it, and the text runs that did not fit are reported with it.

use std::fmt;

use crate::gfx::font;
use crate::gfx::{ClippedText, Rect, Rgb, Surface, TextStyle};
use crate::host::{self, GameEntry, Opening, Places};
use crate::machines::{Command, Depth, Input, Machine, MachineChoice, MachineId};

use super::driver::Driver;
use super::shell::Shell;

/// One screen a game can be shown on: a machine at one of its depths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Screen {
    pub id: MachineId,
    pub depth: Option<Depth>,
}

impl Screen {
    /// Every machine at every depth it offers (the YaZZle window with its
    /// default skin).
    pub fn all() -> Vec<Screen> {
        MachineChoice::every_screen()
            .into_iter()
            .filter_map(|choice| Some(Screen { id: choice.id?, depth: choice.depth }))
            .collect()
    }

    /// The screens a whole-collection sheet shows by default: each
    /// machine once, and the colour Mac at its fewest colours and at 256.
    pub fn sheet_default() -> Vec<Screen> {
        let mut v: Vec<Screen> = [MachineId::Yazzle, MachineId::AmigaPal, MachineId::AmigaDblPal, MachineId::MacSe30]
            .into_iter()
            .map(|id| Screen { id, depth: None })
            .collect();
        v.extend([Depth::Colours4, Depth::Colours256].map(|d| Screen { id: MachineId::MacColor, depth: Some(d) }));
        v
    }

    /// `amiga-pal`, `mac-color` or `mac-color:16`.
    pub fn parse(s: &str) -> Result<Screen, String> {
        let (machine, depth) = match s.split_once(':') {
            Some((m, d)) => (m, Some(Depth::parse(d)?)),
            None => (s, None),
        };
        let id = MachineId::parse(machine)?;
        if let Some(d) = depth
            && !id.depths().contains(&d)
        {
            return Err(format!("{id} has no depth `{}`", d.name()));
        }
        Ok(Screen { id, depth })
    }

    pub fn choice(self) -> MachineChoice {
        MachineChoice { id: Some(self.id), depth: self.depth, skin: None }
    }

    /// A file-name-safe name: `amiga-pal`, `mac-color-16`.
    pub fn file_name(self) -> String {
        match self.depth {
            Some(d) if self.id.depths().len() > 1 => format!("{}-{}", self.id.name(), d.name()),
            _ => self.id.name().to_string(),
        }
    }
}

impl fmt::Display for Screen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.depth {
            Some(d) if self.id.depths().len() > 1 => write!(f, "{} at {}", self.id.name(), d.name()),
            _ => f.write_str(self.id.name()),
        }
    }
}

/// What of a game a sheet shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Show {
    /// The table just after the deal.
    Game,
    /// Its help, as Help in its menu opens it.
    Help,
}

/// `game` dealt with `seed` on `screen`, drawn; its journal, statistics
/// and preferences are kept under `places`.
pub fn render(game: &GameEntry, places: &Places, screen: Screen, seed: u64, show: Show) -> Result<Driver, String> {
    let machine = Machine::new(&screen.choice(), screen.id).map_err(|e| e.0)?;
    let how = Opening { seed: Some(seed), fresh_seed: seed, machine: Some(screen.id), ..Opening::default() };
    let mut driver = Driver::new(Shell::new(machine, host::open(game, places, &how)?, seed));
    // The opening's searches answer, as in a window a moment after it opens.
    driver.feed(&[Input::Tick { ms: 0 }]);
    if show == Show::Help {
        driver.command(&Command::Help);
    }
    Ok(driver)
}

/// A text run one screen could not fit.
#[derive(Clone, Debug)]
pub struct Cut {
    pub game: String,
    pub screen: Screen,
    pub text: ClippedText,
}

impl fmt::Display for Cut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} on {}: text {}", self.game, self.screen, self.text)
    }
}

/// Room round each picture and for the labels.
const GAP: i32 = 8;
const LABEL_W: i32 = 140;
const HEADER_H: i32 = 20;

/// Every game on every screen in one 24-bit picture: a row per game
/// labelled with its name, a column per screen headed with its name. A
/// screen that cut text off is framed in red. `progress` hears each game
/// as it starts.
pub fn sheet(
    games: &[GameEntry],
    screens: &[Screen],
    places: &Places,
    show: Show,
    mut progress: impl FnMut(&GameEntry),
) -> Result<(Surface, Vec<Cut>), String> {
    let sizes: Vec<(i32, i32)> = screens
        .iter()
        .map(|s| Machine::new(&s.choice(), s.id).map(|m| (m.look().width as i32, m.look().height as i32)))
        .collect::<Result<_, _>>()
        .map_err(|e| e.0)?;
    let row_h = sizes.iter().map(|s| s.1).max().unwrap_or(0) + GAP;
    let width = LABEL_W + sizes.iter().map(|s| s.0 + GAP).sum::<i32>() + GAP;
    let height = HEADER_H + games.len() as i32 * row_h + GAP;
    let mut out = Surface::rgb(width as u32, height as u32);
    let (paper, ink, alarm) = (Rgb::hex(0xDDDDDD).to_u32(), Rgb::BLACK.to_u32(), Rgb::hex(0xFF0000).to_u32());
    out.clear(paper);
    let label_font = font::winsans8();
    let column_x: Vec<i32> = sizes.iter().scan(LABEL_W, |x, s| Some(std::mem::replace(x, *x + s.0 + GAP))).collect();
    for (screen, &x) in screens.iter().zip(&column_x) {
        out.draw_text(label_font, &screen.to_string(), x, 4, ink, TextStyle::BOLD);
    }
    let mut cuts = Vec::new();
    for (row, game) in games.iter().enumerate() {
        progress(game);
        let y = HEADER_H + row as i32 * row_h;
        draw_wrapped_label(&mut out, &game.name, Rect::new(GAP, y, LABEL_W - 2 * GAP, row_h), ink);
        for ((&screen, &x), &(w, h)) in screens.iter().zip(&column_x).zip(&sizes) {
            let driver = render(game, places, screen, 1, show)?;
            let frame = to_rgb(driver.frame());
            out.blit(&frame, frame.bounds(), x, y);
            if !driver.clipped_text().is_empty() {
                for d in 1..=3 {
                    out.frame_rect(Rect::new(x - d, y - d, w + 2 * d, h + 2 * d), alarm);
                }
            }
            cuts.extend(driver.clipped_text().iter().map(|t| Cut { game: game.id.clone(), screen, text: t.clone() }));
        }
    }
    Ok((out, cuts))
}

/// A game's name in the label column, broken at spaces to fit its width.
fn draw_wrapped_label(s: &mut Surface, text: &str, r: Rect, ink: u32) {
    let f = font::winsans8();
    let mut line = String::new();
    let mut y = r.y;
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        if !line.is_empty() && f.text_width(&candidate) as i32 > r.w {
            s.draw_text(f, &line, r.x, y, ink, TextStyle::BOLD);
            y += f.height() as i32 + 2;
            line = word.to_string();
        } else {
            line = candidate;
        }
    }
    s.draw_text(f, &line, r.x, y, ink, TextStyle::BOLD);
}

/// A frame as 24-bit colour, whatever its format.
fn to_rgb(frame: &Surface) -> Surface {
    let mut rgb = Surface::rgb(frame.width(), frame.height());
    let mut pixels = Vec::new();
    frame.to_rgb32(&mut pixels);
    for (i, &p) in pixels.iter().enumerate() {
        let w = frame.width() as usize;
        rgb.put((i % w) as i32, (i / w) as i32, p);
    }
    rgb
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_screen_is_each_machine_and_each_colour_mac_depth() {
        let all = Screen::all();
        assert_eq!(all.len(), 4 + Depth::ALL.len());
        let names: Vec<String> = all.iter().map(|s| s.file_name()).collect();
        assert!(names.contains(&"mac-se30".to_string()) && names.contains(&"mac-color-thousands".to_string()));
        assert_eq!(
            Screen::parse("mac-color:16"),
            Ok(Screen { id: MachineId::MacColor, depth: Some(Depth::Colours16) })
        );
        assert_eq!(Screen::parse("amiga-pal").map(|s| s.to_string()), Ok("amiga-pal".to_string()));
        assert!(Screen::parse("amiga-pal:16").unwrap_err().contains("no depth"));
        assert!(Screen::parse("vic-20").is_err());
    }
}
