//! The controls every view shares, drawn on the smallest screens.

use parlour::gfx::Rect;
use parlour::machines::status::truncate;
use parlour::machines::{Machine, MachineChoice, MachineId};
use parlour::views::widgets::list_box;

/// A name too long for its list ends in dots inside the box, on every
/// machine: never half a letter at the edge.
#[test]
fn a_row_too_long_for_its_list_ends_in_dots_inside_the_box() {
    let rows = vec!["English Standard Board with diagonal moves".to_string(), "Short".to_string()];
    for id in MachineId::ALL {
        let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
        let mut s = m.new_surface();
        let r = Rect::new(10, 30, 150, 60);
        let row_h = list_box(&mut s, &m, r, &rows, 0, None);
        let inner = r.inset(2, 2);
        let paper = s.colour_at(inner.x + 1, inner.bottom() - 1).unwrap();
        for y in inner.y..inner.y + row_h {
            for x in inner.right() - 3..inner.right() {
                assert_eq!(s.colour_at(x, y), Some(paper), "{id}: ink at the list's edge ({x}, {y})");
            }
        }
        let font = m.look().text_font;
        let measure = |t: &str| font.text_width(t) as i32;
        let shown = truncate(&measure, &rows[0], inner.w - 6);
        assert!(shown.ends_with("...") && measure(&shown) <= inner.w - 6, "{id}: {shown}");
        assert_eq!(truncate(&measure, &rows[1], inner.w - 6), "Short");
    }
}

/// A requester's buttons are reached from the keyboard on every machine:
/// Tab and the arrow keys move to a button, drawn so the player sees it,
/// and Return presses it. Solitaire's Options stays open showing the
/// setting a button changed, the keyboard still on that button, so "Card
/// Back" turns the card back over again and again without the mouse.
/// Space presses only a button moved to; Escape presses OK. The arrows
/// move only once Tab has: before, they are a game's keys still pressed.
#[test]
fn every_requester_button_is_reached_and_pressed_from_the_keyboard() {
    use parlour::app::driver::Driver;
    use parlour::app::shell::Shell;
    use parlour::machines::{Command, Input, Key, Modifiers};
    let key = |key: Key, shift: bool| Input::Key { key, mods: Modifiers { shift, ..Default::default() } };
    let shows = |d: &Driver, line: &str| d.shell().requester().is_some_and(|r| r.lines.iter().any(|l| l == line));
    for id in MachineId::ALL {
        let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
        let (view, _data) = super::support::open_game("klondike", 1);
        let mut d = Driver::new(Shell::new(m, view, 1));
        d.command(&Command::Options);
        assert!(shows(&d, "Card back: 1 of 9"), "{id}: {:?}", d.shell().requester());
        d.feed(&[key(Key::Char(' '), false)]);
        assert!(d.shell().requester().is_some(), "{id}: Space before Tab presses nothing");
        let mut seen = vec![d.frame().pixels().to_vec()];
        d.feed(&[key(Key::Right, false), key(Key::Left, false), key(Key::Right, false)]);
        assert!(d.frame().pixels() == seen[0].as_slice(), "{id}: an arrow before Tab moves the focus");
        d.feed(&[key(Key::Char(' '), false)]);
        assert!(shows(&d, "Card back: 1 of 9"), "{id}: an arrow and Space pressed a button");
        for (k, shift) in [(Key::Tab, false), (Key::Right, false), (Key::Tab, false)] {
            d.feed(&[key(k, shift)]);
            let now = d.frame().pixels().to_vec();
            assert!(!seen.contains(&now), "{id}: {k:?} moves the focus where it shows");
            seen.push(now);
        }
        // Round the row and back: Shift-Tab from the first button is the last.
        d.feed(&[key(Key::Tab, false), key(Key::Tab, true)]);
        assert_eq!(d.frame().pixels(), seen[3].as_slice(), "{id}: Shift-Tab steps back");
        d.feed(&[key(Key::Enter, false)]);
        assert!(shows(&d, "Card back: 2 of 9"), "{id}: Return presses Card Back: {:?}", d.shell().requester());
        d.feed(&[key(Key::Char(' '), false)]);
        assert!(shows(&d, "Card back: 3 of 9"), "{id}: the keyboard stays on Card Back");
        d.feed(&[key(Key::Left, false), key(Key::Enter, false)]);
        assert!(shows(&d, "Auto-play to foundations: on"), "{id}: {:?}", d.shell().requester());
        d.feed(&[key(Key::Escape, false)]);
        assert!(d.shell().requester().is_none(), "{id}: Escape presses OK");
    }
}

/// The close box in a YaZZle message box's caption answers as Escape
/// does, on a press and a release of its own, as a button does; no other
/// machine's requester has one.
#[test]
fn the_close_box_of_a_yazzle_box_closes_it() {
    use parlour::app::driver::Driver;
    use parlour::app::shell::Shell;
    use parlour::machines::{Button, Command, Input};
    let press = |(x, y): (i32, i32)| Input::MouseDown { x, y, button: Button::Left };
    let release = |(x, y): (i32, i32)| Input::MouseUp { x, y, button: Button::Left };
    for id in MachineId::ALL {
        let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
        let (view, _data) = super::support::open_game("klondike", 1);
        let mut d = Driver::new(Shell::new(m, view, 1));
        d.command(&Command::Stats);
        let req = d.shell().requester().expect("the Statistics box").clone();
        let m = d.shell().machine();
        let (frame, _) = m.chrome().requester_layout(m.look(), &req);
        let close = m.chrome().requester_close_box(frame);
        assert_eq!(close.is_some(), id == MachineId::Yazzle, "{id}");
        let Some(close) = close else { continue };
        let centre = (close.x + close.w / 2, close.y + close.h / 2);
        d.feed(&[release(centre)]);
        assert!(d.shell().requester().is_some(), "a release with no press of its own answers nothing");
        d.feed(&[press(centre), release((close.x - 20, centre.1))]);
        assert!(d.shell().requester().is_some(), "pressed on the close box, let go beside it");
        d.feed(&[press(centre), release(centre)]);
        assert!(d.shell().requester().is_none(), "a click on the close box closes the box");
    }
}

/// Tab reaches OK and Cancel in every dialog of a list and buttons, with
/// the mark drawn where the keyboard is: the launcher's choosers, Choose
/// Board (Peg Solitaire) and Change Picture (Scramble). Cancel pressed
/// from the keyboard closes each, leaving the game as it was.
#[test]
fn tab_reaches_ok_and_cancel_in_every_list_dialog() {
    use parlour::app::driver::Driver;
    use parlour::app::shell::Shell;
    use parlour::machines::{Command, Input, Key, Modifiers};
    use parlour::views::scramble::CHANGE_PICTURE;
    let key = |k: Key| Input::Key { key: k, mods: Modifiers::default() };
    for (game, open) in
        [("klondike", Command::Variants), ("pegs", Command::Variants), ("scramble", Command::View(CHANGE_PICTURE))]
    {
        for id in [MachineId::AmigaPal, MachineId::MacSe30] {
            let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
            let (view, _data) = super::support::open_game(game, 1);
            let mut d = Driver::new(Shell::new(m, view, 1));
            let table = d.frame().pixels().to_vec();
            d.command(&open);
            let on_list = d.frame().pixels().to_vec();
            assert_ne!(on_list, table, "{game} on {id}: the dialog opens");
            d.feed(&[key(Key::Tab)]);
            let on_ok = d.frame().pixels().to_vec();
            assert_ne!(on_ok, on_list, "{game} on {id}: Tab marks OK");
            d.feed(&[key(Key::Right)]);
            assert_ne!(d.frame().pixels(), on_ok.as_slice(), "{game} on {id}: Right marks Cancel");
            d.feed(&[key(Key::Enter)]);
            assert_eq!(d.frame().pixels(), table.as_slice(), "{game} on {id}: Cancel closes the dialog");
        }
    }
}

/// A typed letter moves every list dialog to the next entry starting with
/// it: Choose Board (Peg Solitaire) and Change Picture (Scramble) as the
/// launcher does.
#[test]
fn a_typed_letter_moves_every_list_dialog() {
    use parlour::app::driver::Driver;
    use parlour::app::shell::Shell;
    use parlour::machines::{Command, Input, Key, Modifiers};
    use parlour::views::scramble::CHANGE_PICTURE;
    let key = |k: Key| Input::Key { key: k, mods: Modifiers::default() };
    for (game, open) in [("pegs", Command::Variants), ("scramble", Command::View(CHANGE_PICTURE))] {
        let m =
            Machine::new(&MachineChoice { id: Some(MachineId::AmigaPal), ..Default::default() }, MachineId::AmigaPal)
                .unwrap();
        let (view, _data) = super::support::open_game(game, 1);
        let mut d = Driver::new(Shell::new(m, view, 1));
        d.command(&open);
        let before = d.frame().pixels().to_vec();
        // Every shipped list has more than one entry, not all starting alike:
        // some letter moves the selection.
        let moved = ('a'..='z').any(|c| {
            d.feed(&[key(Key::Char(c))]);
            d.frame().pixels() != before.as_slice()
        });
        assert!(moved, "{game}: no letter moved the list");
    }
}

/// Every screen and skin a table is drawn on: the colour Mac at each
/// depth, the other machines, and the YaZZle window in each skin.
fn every_screen() -> Vec<Machine> {
    use parlour::machines::Depth;
    let macs = Depth::ALL.map(|d| (MachineId::MacColor, Some(d), None));
    let others = [MachineId::MacSe30, MachineId::AmigaPal, MachineId::AmigaDblPal].map(|id| (id, None, None));
    let skins = ["plastique", "plastiquev2", "transcrippled"].map(|s| (MachineId::Yazzle, None, Some(s.to_string())));
    macs.into_iter()
        .chain(others)
        .chain(skins)
        .map(|(id, depth, skin)| Machine::new(&MachineChoice { id: Some(id), depth, skin }, id).unwrap())
        .collect()
}

/// The keyboard's cursor shows both on the table's cloth and on a white
/// card, on every screen and in every skin: one of its two rings stands
/// well apart in brightness from what it is drawn over (Transcrippled's
/// pale frame all but vanished over white cards).
#[test]
fn the_keyboard_cursor_shows_on_the_cloth_and_on_a_white_card_everywhere() {
    use parlour::machines::Pen;
    use parlour::views::widgets::cursor_frame;
    for m in every_screen() {
        let look = m.look();
        for under in [Pen::Felt, Pen::CardFace] {
            let mut s = m.new_surface();
            s.fill_rect(s.bounds(), look.paint(under));
            let plain = s.clone();
            let card = Rect::new(20, 20, 40, 50);
            cursor_frame(&mut s, look, card);
            let luma = |s: &parlour::gfx::Surface, x, y| s.colour_at(x, y).unwrap().luma() as i32;
            // The mean change in brightness along each ring's top edge.
            let change = |k: i32| {
                let ring = card.inset(-k, -k);
                let xs = ring.x..ring.right();
                xs.clone().map(|x| (luma(&s, x, ring.y) - luma(&plain, x, ring.y)).abs()).sum::<i32>() / xs.len() as i32
            };
            let best = change(1).max(change(2));
            assert!(best >= 96, "{} {:?} over {under:?}: the cursor hardly shows ({best})", m.id(), m.choice());
        }
    }
}
