//! The CardGames panel of Oberon System 3: a button for each of the three
//! card games (Solitaire, Spider, FreeCell) with a picture of it, the nine
//! card backs to choose from, Solitaire's Draws (1 or 3) and Open Help.
//! The choices are kept in the preferences the games read when they open.
//!
//! From the keyboard, Tab or the arrows move the focus (a frame) from
//! control to control and Space or Return uses it; 1 to 9 pick a back.
//! The frame starts on Solitaire; a click takes it away until a key.

use std::path::{Path, PathBuf};

use crate::cards::{Card, Rank, Suit};
use crate::gfx::{Rect, Surface, TextStyle};
use crate::host::prefs;
use crate::machines::{Button, Command, Input, Key, Machine, Menu, MenuItem, Pen, ViewCommand};
use crate::views::card_art::{BACK_NAMES, BACKS, CardArt, CardSize, Mat};
use crate::views::solitaire::{back_pref, draws_pref};
use crate::views::widgets::{button, check_box, focus_frame};
use crate::views::{Response, View};

/// The family's preferences section, which the games read too.
pub const PREFS: &str = "cardgames";

/// The Game menu's item for the list of the card games (the list's title
/// without its dots), told from the panel's "CardGames Panel" below it.
pub const CHOOSER: &str = "Choose Game...";

/// The games the panel opens: label and game id.
pub const GAMES: [(&str, &str); 3] =
    [("Solitaire", "cardgames/solitaire"), ("Spider", "cardgames/spider"), ("FreeCell", "cardgames/freecell")];

const NEXT_BACK: ViewCommand = ViewCommand("next-back");
const DRAW_ONE: ViewCommand = ViewCommand("draw-one");
const DRAW_THREE: ViewCommand = ViewCommand("draw-three");

/// How far below a game button's top its picture starts.
const PICTURE_TOP: i32 = 4;

/// The rows each card of the Spider picture shows above the next: its
/// whole index, rank and suit, so the run reads K, Q, J down to the 10.
fn fan_step() -> i32 {
    CardSize::Small.index_rows()
}

/// The height of the tallest picture, Spider's run of four cards.
fn picture_height() -> i32 {
    let (_, ch) = CardSize::Small.dimensions();
    3 * fan_step() + ch as i32
}

/// A control that takes the focus, in Tab order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Control {
    Game(usize),
    Back(usize),
    Draws(u8),
    Help,
}

fn controls() -> Vec<Control> {
    let mut all: Vec<Control> = (0..GAMES.len()).map(Control::Game).collect();
    all.extend((0..BACKS).map(Control::Back));
    all.extend([Control::Draws(1), Control::Draws(3), Control::Help]);
    all
}

/// The menu's name for Draws `n`, which the status line says too.
fn draws_name(n: u8) -> &'static str {
    if n == 1 { "Draw One" } else { "Draw Three" }
}

/// Where everything goes.
struct PanelLayout {
    title: (i32, i32),
    games: [Rect; 3],
    /// The top of the game buttons' names, under their pictures.
    names_y: i32,
    backs_label: (i32, i32),
    backs: Vec<Rect>,
    draws_label: (i32, i32),
    draws: [(i32, i32); 2],
    draws_boxes: [Rect; 2],
    help: Rect,
}

pub struct CardGamesPanel {
    data_dir: PathBuf,
    back: usize,
    draws: u8,
    focus: Option<usize>,
    /// The status line: when a Draws chosen here takes effect.
    said: String,
}

impl CardGamesPanel {
    /// The panel with the choices kept in `data_dir`.
    pub fn new(data_dir: &Path) -> CardGamesPanel {
        let mut panel =
            // The focus starts framed on Solitaire, as the launcher opens
            // with a game selected: the first Return plays what is framed.
            CardGamesPanel { data_dir: data_dir.to_path_buf(), back: 0, draws: 3, focus: Some(0), said: String::new() };
        // A back or draw of no use is told as the games tell it.
        prefs::give_to(data_dir, PREFS, |key, value| {
            match key {
                "back" => panel.back = back_pref(value, panel.back)?,
                "draws" => panel.draws = draws_pref(value, panel.draws)?,
                _ => {}
            }
            Ok(())
        });
        panel
    }

    pub fn back(&self) -> usize {
        self.back
    }

    pub fn draws(&self) -> u8 {
        self.draws
    }

    fn keep(&self) -> Response {
        let kept =
            prefs::write(&self.data_dir, PREFS, &[("back", self.back.to_string()), ("draws", self.draws.to_string())]);
        if let Err(e) = kept {
            return Response::Ask(crate::views::widgets::message_box("CardGames", &e));
        }
        Response::Redraw
    }

    fn layout(machine: &Machine, area: Rect) -> PanelLayout {
        let look = machine.look();
        let (tf, bf) = (look.title_font, look.text_font);
        let gap = 6;
        let (cw, ch) = CardSize::Small.dimensions();
        let (cw, ch) = (cw as i32, ch as i32);
        let title = (area.x + (area.w - tf.text_width("CardGames") as i32) / 2, area.y + gap);
        let top = title.1 + tf.height() as i32 + gap;
        // The game buttons: a picture of the game above its name.
        let gw = ((area.w - 4 * gap) / 3).min(140);
        let names_y = top + PICTURE_TOP + picture_height() + 4;
        let gh = names_y - top + tf.height() as i32 + 6;
        let left = area.x + (area.w - (3 * gw + 2 * gap)) / 2;
        let games = [0, 1, 2].map(|i| Rect::new(left + i * (gw + gap), top, gw, gh));
        let backs_label = (area.x + gap, top + gh + gap);
        let row_y = backs_label.1 + bf.height() as i32 + 4;
        let step = ((area.w - 2 * gap - cw) / (BACKS as i32 - 1)).min(cw + 8);
        let backs_left = area.x + (area.w - (step * (BACKS as i32 - 1) + cw)) / 2;
        let backs = (0..BACKS as i32).map(|i| Rect::new(backs_left + i * step, row_y, cw, ch)).collect();
        let draws_y = row_y + ch + gap + 2;
        let draws_label = (area.x + gap, draws_y + 2);
        let label_w = bf.text_width("Draws") as i32 + 12;
        let box_size = bf.height() as i32 + 2;
        let draws = [0, 1].map(|i| (draws_label.0 + label_w + i * (box_size + 24), draws_y));
        let draws_boxes = draws.map(|(x, y)| Rect::new(x, y, box_size + 4 + bf.text_width("3") as i32, box_size));
        let hw = tf.text_width("Open Help") as i32 + 16;
        let help = Rect::new(area.right() - gap - hw, draws_y - 2, hw, tf.height() as i32 + 8);
        PanelLayout { title, games, names_y, backs_label, backs, draws_label, draws, draws_boxes, help }
    }

    fn rect_of(l: &PanelLayout, c: Control) -> Rect {
        match c {
            Control::Game(i) => l.games[i],
            Control::Back(i) => l.backs[i],
            Control::Draws(n) => l.draws_boxes[usize::from(n == 3)],
            Control::Help => l.help,
        }
    }

    /// A small picture of a game, drawn from the small cards.
    fn draw_icon(s: &mut Surface, art: &CardArt, game: usize, back: usize, at: (i32, i32)) {
        let card = |r: Rank, suit| Card::new(r, suit);
        match game {
            0 => {
                // A stack of backs with an ace turned up.
                s.draw_art(art.back(back), at.0 - 12, at.1);
                s.draw_art(art.back(back), at.0 - 6, at.1 + 4);
                s.draw_art(art.face(card(Rank::ACE, Suit::Spades)), at.0, at.1 + 8);
            }
            1 => {
                // A run of spades fanned down a column.
                for (k, r) in [13u8, 12, 11, 10].into_iter().enumerate() {
                    let rank = Rank::new(r).unwrap_or(Rank::KING);
                    s.draw_art(art.face(card(rank, Suit::Spades)), at.0 - 6, at.1 + fan_step() * k as i32);
                }
            }
            _ => {
                // Free cells: two empty, one holding a card.
                s.draw_art(art.mat(Mat::Empty), at.0 - 22, at.1 + 6);
                s.draw_art(art.face(card(Rank::new(7).unwrap_or(Rank::ACE), Suit::Hearts)), at.0 + 10, at.1 + 6);
            }
        }
    }

    fn activate(&mut self, c: Control) -> Response {
        match c {
            Control::Game(i) => Response::Command(Command::Play(GAMES[i].1.into())),
            Control::Back(i) => {
                self.back = i;
                self.keep()
            }
            // The Draws in force already: nothing changes, and the next
            // deal would be no news.
            Control::Draws(n) if n == self.draws => {
                self.said = format!("{} is chosen already.", draws_name(n));
                Response::Redraw
            }
            Control::Draws(n) => {
                self.draws = n;
                // A game under way keeps its own; Solitaire says so too.
                self.said = format!("{} from Solitaire's next deal.", draws_name(n));
                self.keep()
            }
            Control::Help => Response::Command(Command::Help),
        }
    }

    fn move_focus(&mut self, by: isize) -> Response {
        let n = controls().len() as isize;
        let now = self.focus.map_or(-1, |f| f as isize);
        self.focus = Some((now + by).rem_euclid(n) as usize);
        Response::Redraw
    }
}

impl View for CardGamesPanel {
    fn title(&self) -> String {
        "CardGames".into()
    }

    fn message(&self) -> String {
        self.said.clone()
    }

    fn menus(&self) -> Vec<Menu> {
        let mut items: Vec<MenuItem> =
            GAMES.iter().map(|(name, id)| MenuItem::new(name, Command::Play(id.to_string()))).collect();
        items.push(MenuItem::separator());
        items.push(MenuItem::new("Next Background", Command::View(NEXT_BACK)));
        items.push(MenuItem::new(draws_name(1), Command::View(DRAW_ONE)).checked(self.draws == 1));
        items.push(MenuItem::new(draws_name(3), Command::View(DRAW_THREE)).checked(self.draws == 3));
        vec![Menu::new("CardGames", items)]
    }

    fn draw(&self, s: &mut Surface, machine: &Machine, area: Rect) {
        let look = machine.look();
        let (tf, bf) = (look.title_font, look.text_font);
        let ink = look.paint(Pen::Text);
        s.fill_rect(area, look.paint(Pen::Background));
        let l = Self::layout(machine, area);
        s.draw_text(tf, "CardGames", l.title.0, l.title.1, ink, TextStyle::PLAIN);
        let art = CardArt::get(CardSize::Small);
        for (i, r) in l.games.iter().enumerate() {
            button(s, machine, *r, "", true);
            let old = s.set_clip(r.inset(2, 2));
            Self::draw_icon(s, art, i, self.back, (r.x + r.w / 2 - 8, r.y + PICTURE_TOP));
            s.set_clip(old);
            let name = GAMES[i].0;
            let tw = tf.text_width(name) as i32;
            s.draw_text(tf, name, r.x + (r.w - tw) / 2, l.names_y, ink, TextStyle::PLAIN);
        }
        let label = format!("Backgrounds: {}", BACK_NAMES[self.back]);
        s.draw_text(bf, &label, l.backs_label.0, l.backs_label.1, ink, TextStyle::PLAIN);
        for (i, r) in l.backs.iter().enumerate() {
            s.draw_art(art.back(i), r.x, r.y);
            if i == self.back {
                let pen = look.paint(Pen::Highlight);
                let f = Rect::new(r.x - 2, r.y - 2, r.w + 4, r.h + 4);
                s.frame_rect(f, pen);
                s.frame_rect(f.inset(-1, -1), pen);
            }
        }
        s.draw_text(bf, "Draws", l.draws_label.0, l.draws_label.1, ink, TextStyle::PLAIN);
        for (k, n) in [1u8, 3].into_iter().enumerate() {
            check_box(s, machine, l.draws[k], &n.to_string(), self.draws == n);
        }
        button(s, machine, l.help, "Open Help", true);
        if let Some(f) = self.focus {
            focus_frame(s, machine, Self::rect_of(&l, controls()[f]).inset(-4, -4));
        }
    }

    fn input(&mut self, input: &Input, machine: &Machine, area: Rect) -> Response {
        let l = Self::layout(machine, area);
        match *input {
            Input::MouseDown { x, y, button: Button::Left | Button::Middle } => {
                self.focus = None;
                match controls().into_iter().find(|&c| Self::rect_of(&l, c).contains(x, y)) {
                    Some(c) => self.activate(c),
                    None => Response::Redraw,
                }
            }
            Input::Key { key, mods } if !mods.ctrl && !mods.alt => match key {
                Key::Tab if mods.shift => self.move_focus(-1),
                Key::Tab | Key::Right | Key::Down => self.move_focus(1),
                Key::Left | Key::Up => self.move_focus(-1),
                Key::Char(' ') | Key::Enter => match self.focus {
                    Some(f) => self.activate(controls()[f]),
                    None => self.move_focus(1),
                },
                Key::Char(c @ '1'..='9') => {
                    self.back = c as usize - '1' as usize;
                    self.keep()
                }
                _ => Response::Unchanged,
            },
            _ => Response::Unchanged,
        }
    }

    fn command(&mut self, command: &Command) -> Option<Response> {
        match command {
            Command::View(NEXT_BACK) => {
                self.back = (self.back + 1) % BACKS;
                Some(self.keep())
            }
            Command::View(DRAW_ONE) => Some(self.activate(Control::Draws(1))),
            Command::View(DRAW_THREE) => Some(self.activate(Control::Draws(3))),
            _ => None,
        }
    }

    fn can(&self, command: &Command) -> bool {
        matches!(command, Command::View(NEXT_BACK | DRAW_ONE | DRAW_THREE))
    }

    fn game_id(&self) -> Option<String> {
        Some(PREFS.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::warnings;

    /// Each card of the Spider picture shows its whole index above the
    /// next: the K, Q and J read whole, as the run down to each draws
    /// them, not cut in half by the cards laid on them.
    #[test]
    fn the_spider_picture_shows_each_card_s_whole_index() {
        let art = CardArt::get(CardSize::Small);
        let at = (40, PICTURE_TOP);
        let mut picture = Surface::rgb(100, 100);
        CardGamesPanel::draw_icon(&mut picture, art, 1, 0, at);
        let (rows, cols) = (CardSize::Small.index_rows(), CardSize::Small.index_cols());
        let mut run = Surface::rgb(100, 100);
        for (k, rank) in [13, 12, 11].into_iter().enumerate() {
            let (x, y) = (at.0 - 6, at.1 + fan_step() * k as i32);
            run.draw_art(art.face(Card::new(Rank::new(rank).unwrap(), Suit::Spades)), x, y);
            for (dx, dy) in (0..cols).flat_map(|dx| (0..rows).map(move |dy| (dx, dy))) {
                let (px, py) = (x + dx, y + dy);
                assert_eq!(picture.colour_at(px, py), run.colour_at(px, py), "rank {rank}, row {dy}, column {dx}");
            }
        }
    }

    /// A back or a draw kept in prefs.ini that the panel has no choice
    /// for is told by its line, in the games' own words, and the panel
    /// shows its default; one it has is taken unsaid.
    #[test]
    fn a_kept_back_or_draw_of_no_use_is_told_by_its_line() {
        let (dir, _, prefs) = crate::host::prefs::test_places();
        std::fs::write(&prefs, "[cardgames]\nback=4\ndraws=1\n").unwrap();
        let panel = CardGamesPanel::new(dir.path());
        assert_eq!((panel.back(), panel.draws()), (4, 1));
        assert!(warnings::take().is_none());
        std::fs::write(&prefs, "[cardgames]\nback=12\ndraws=two\n").unwrap();
        let panel = CardGamesPanel::new(dir.path());
        assert_eq!((panel.back(), panel.draws()), (0, 3));
        let told = || warnings::take().expect("not told").lines.join(" ");
        let at = |line| format!("{}:{line}: ", prefs.display());
        assert_eq!(told(), at(2) + "card back `12` is not one of 0 to 8; card back 0 is used instead.");
        assert_eq!(told(), at(3) + "`two` cards drawn at a time is no choice (1 or 3); 3 is used instead.");
    }
}
