//! Playing a game type with the mouse, as a player would, through the
//! solitaire view on the headless machine.

use std::path::Path;
use std::sync::Arc;

use parlour::app::catalog;
use parlour::core::{Game, Stats};
use parlour::gfx::Rect;
use parlour::host::{Controller, Opening};
use parlour::machines::{Button, Command, Input, Machine, MachineChoice, MachineId};
use parlour::solitaire::engine::{PileId, SolMove, SolitaireVariant};
use parlour::solitaire::rules::PileKind;
use parlour::views::View;
use parlour::views::solitaire::badge::{self, Badge};
use parlour::views::solitaire::{HintMarks, SolitaireBoard};

pub type Table = Controller<SolitaireVariant, SolitaireBoard>;

/// Game type `id` dealt with `seed` under its controller, keeping its files in `data`.
pub fn open_table(id: &str, seed: u64, data: &Path) -> Table {
    let game = catalog::find(id).unwrap();
    let gt = Arc::new(catalog::game_type(&game).unwrap().clone());
    let how = Opening { seed: Some(seed), fresh_seed: seed, ..Default::default() };
    Controller::open("solitaire", gt.variant.clone(), SolitaireBoard::new(gt), data, &how)
}

fn table(id: &str, machine: MachineId, seed: u64) -> (Table, Machine, Rect, tempfile::TempDir) {
    let data = tempfile::tempdir().unwrap();
    let m = Machine::new(&MachineChoice { id: Some(machine), ..Default::default() }, machine).unwrap();
    let area = m.content();
    (open_table(id, seed, data.path()), m, area, data)
}

/// The table as drawn now.
fn frame(view: &Table, m: &Machine, area: Rect) -> parlour::gfx::Surface {
    let mut s = m.new_surface();
    view.draw(&mut s, m, area);
    s
}

fn centre(r: Rect) -> (i32, i32) {
    (r.x + r.w / 2, r.y + r.h / 3)
}

fn drag(view: &mut Table, m: &Machine, area: Rect, from: (i32, i32), to: (i32, i32)) {
    for ev in [
        Input::MouseDown { x: from.0, y: from.1, button: Button::Left },
        Input::MouseMove { x: (from.0 + to.0) / 2, y: (from.1 + to.1) / 2 },
        Input::MouseMove { x: to.0, y: to.1 },
        Input::MouseUp { x: to.0, y: to.1, button: Button::Left },
    ] {
        view.input(&ev, m, area);
    }
}

/// The top card's rectangle of a pile (or its mat when empty).
fn top_rect(view: &Table, area: Rect, id: PileId) -> Rect {
    let st = view.session().state();
    let n = st.pile(id.kind, id.index()).len();
    if n == 0 {
        view.board().pile_rect(st, area, id).unwrap()
    } else {
        view.board().card_rect(st, area, id, n - 1).unwrap()
    }
}

/// Help opened by F1, or a box asked by a key, in the middle of a drag
/// takes the release: the card lifted goes back to its pile, as Escape
/// puts it back, and is not left in hand over the table; nor is it
/// played anywhere (a FreeCell card grabbed by its top edge, as a covered
/// card is, let go just off the window, lands in the first free cell).
#[test]
fn a_card_in_hand_goes_back_when_something_comes_over_the_table() {
    use parlour::app::driver::Driver;
    use parlour::app::shell::Shell;
    use parlour::machines::{Key, Modifiers};
    let key = |key: Key| Input::Key { key, mods: Modifiers::default() };
    let games = [("klondike", MachineId::Yazzle), ("freecell", MachineId::Yazzle), ("freecell", MachineId::MacColor)];
    // Help, and Select Game's box, each over a table of its own.
    for ((game, id), covers) in games.into_iter().flat_map(|g| [(g, Key::Function(1)), (g, Key::Function(3))]) {
        let (view, m, area, data) = table(game, id, 1);
        let column = PileId::new(PileKind::Tableau, 6);
        let n = view.session().state().pile(column.kind, column.index()).len();
        // The top card by its middle, or by its top edge, where a covered
        // card is grabbed.
        let r = view.board().card_rect(view.session().state(), area, column, n - 1).unwrap();
        let from = if game == "freecell" { (r.x + 1, r.y + 1) } else { centre(r) };
        let to = (from.0 - 150, from.1 + 60);
        let mut d = Driver::new(Shell::keeping_in(m, Box::new(view), 1, data.path().to_path_buf()));
        let before = d.frame().pixels().to_vec();
        d.feed(&[
            Input::MouseDown { x: from.0, y: from.1, button: Button::Left },
            Input::MouseMove { x: to.0, y: to.1 },
        ]);
        assert!(d.frame().pixels() != before.as_slice(), "{game}: the card is lifted");
        d.feed(&[key(covers)]);
        d.feed(&[Input::MouseUp { x: to.0, y: to.1, button: Button::Left }]);
        d.feed(&[key(Key::Escape)]);
        assert!(d.shell().requester().is_none(), "{covers:?} closed again");
        let back = d.frame().pixels() == before.as_slice();
        assert!(back, "{game} on {id}: after {covers:?} the card is back on its pile, no move made");
    }
}

/// A machine switched while a card is in hand (the Machine menu opened by
/// its key mid-drag) puts the card back: its grab was measured on the
/// last machine's cards, and on the new one it would hang beside the
/// pointer and drop where the pointer is not.
#[test]
fn a_card_in_hand_goes_back_when_the_machine_is_switched() {
    use parlour::app::driver::Driver;
    use parlour::app::shell::Shell;
    let (view, m, area, data) = table("klondike", MachineId::Yazzle, 5);
    let column = PileId::new(PileKind::Tableau, 6);
    let n = view.session().state().pile(column.kind, column.index()).len();
    let from = centre(view.board().card_rect(view.session().state(), area, column, n - 1).unwrap());
    let to = (from.0 - 150, from.1 + 60);
    let mut d = Driver::new(Shell::keeping_in(m, Box::new(view), 5, data.path().to_path_buf()));
    let (still, m2, _, data2) = table("klondike", MachineId::Yazzle, 5);
    let mut untouched = Driver::new(Shell::keeping_in(m2, Box::new(still), 5, data2.path().to_path_buf()));
    d.feed(&[Input::MouseDown { x: from.0, y: from.1, button: Button::Left }, Input::MouseMove { x: to.0, y: to.1 }]);
    let amiga = Command::Machine(MachineId::AmigaPal);
    d.command(&amiga);
    untouched.command(&amiga);
    assert!(d.frame().pixels() == untouched.frame().pixels(), "the card is back on its pile on the Amiga");
    d.feed(&[Input::MouseMove { x: 100, y: 150 }, Input::MouseUp { x: 100, y: 150, button: Button::Left }]);
    assert!(d.frame().pixels() == untouched.frame().pixels(), "and the release plays nothing");
}

/// A covered card of Pyramid cannot be taken, by click or by key: it is
/// said, and nothing is picked.
#[test]
fn a_covered_pyramid_card_is_refused_with_a_reason() {
    use parlour::machines::Button;
    let (mut view, m, area, _data) = table("pyramid", MachineId::AmigaPal, 1);
    let apex = PileId::new(PileKind::Tableau, 0);
    assert!(view.session().state().is_covered(0));
    let r = top_rect(&view, area, apex);
    let (x, y) = (r.x + 2, r.y + 2);
    view.input(&Input::MouseDown { x, y, button: Button::Left }, &m, area);
    view.input(&Input::MouseUp { x, y, button: Button::Left }, &m, area);
    assert!(view.message().starts_with("That card is covered"), "{:?}", view.message());
    let before = frame(&view, &m, area);
    view.input(&Input::MouseDown { x, y, button: Button::Left }, &m, area);
    view.input(&Input::MouseUp { x, y, button: Button::Left }, &m, area);
    assert!(frame(&view, &m, area).pixels() == before.pixels(), "nothing was picked");
}

/// Pyramid's deal 1 played by Hint and Space until a hint pairs a covered
/// card with the one card covering it (Q♥ with A♣ after four pairs):
/// the table, the covered pile and its cover.
fn pyramid_at_a_covered_pair(machine: MachineId) -> (Table, Machine, Rect, tempfile::TempDir, PileId, PileId) {
    use parlour::machines::{Key, Modifiers};
    let (mut view, m, area, data) = table("pyramid", machine, 1);
    for _ in 0..12 {
        view.command(&Command::Hint);
        let (pile, _) = view.board().hinted().expect("a hint").from;
        let st = view.session().state();
        if pile.kind == PileKind::Tableau && st.is_covered(pile.index()) {
            let cover = st.rules().tableau.covered_by[pile.index()]
                .iter()
                .map(|&p| PileId::new(PileKind::Tableau, p))
                .find(|p| !st.pile(p.kind, p.index()).is_empty())
                .unwrap();
            return (view, m, area, data, pile, cover);
        }
        view.input(&Input::Key { key: Key::Char(' '), mods: Modifiers::default() }, &m, area);
    }
    panic!("no hint paired a covered card");
}

fn click_at(view: &mut Table, m: &Machine, area: Rect, r: Rect) {
    let (x, y) = (r.x + 3, r.y + 3);
    view.input(&Input::MouseDown { x, y, button: Button::Left }, m, area);
    view.input(&Input::MouseUp { x, y, button: Button::Left }, m, area);
}

/// A covered card pairs with the one card covering it, as Hint says: from
/// the keyboard, and by mouse picking either card first.
#[test]
fn a_covered_pyramid_card_pairs_with_the_card_covering_it() {
    use parlour::machines::{Key, Modifiers};
    let space = Input::Key { key: Key::Char(' '), mods: Modifiers::default() };
    let gone = |view: &Table, a: PileId, b: PileId| {
        let st = view.session().state();
        st.pile(a.kind, a.index()).is_empty() && st.pile(b.kind, b.index()).is_empty()
    };
    let (mut view, m, area, _data, covered, cover) = pyramid_at_a_covered_pair(MachineId::AmigaDblPal);
    view.input(&space, &m, area);
    view.command(&Command::Hint);
    view.input(&space, &m, area);
    assert!(gone(&view, covered, cover), "Space played the hint: {:?}", view.message());

    for first_covered in [true, false] {
        let (mut view, m, area, _data, covered, cover) = pyramid_at_a_covered_pair(MachineId::AmigaPal);
        let order = if first_covered { [covered, cover] } else { [cover, covered] };
        for pile in order {
            let r = top_rect(&view, area, pile);
            click_at(&mut view, &m, area, r);
        }
        assert!(gone(&view, covered, cover), "covered first: {first_covered}: {:?}", view.message());
    }
}

/// In Pyramid a king taken from the keyboard leaves an empty place: the
/// cursor moves on to a card that is still there, not a frame round
/// nothing.
#[test]
fn the_pyramid_cursor_moves_off_a_card_taken() {
    use parlour::machines::{Key, Modifiers};
    let key = |k: Key| Input::Key { key: k, mods: Modifiers::default() };
    // Deal 28's first hint takes a king from the pyramid's foot.
    let (mut view, m, area, _data) = table("pyramid", MachineId::AmigaPal, 28);
    view.input(&key(Key::Right), &m, area);
    view.command(&Command::Hint);
    let (pile, _) = view.board().hinted().expect("a hint").from;
    let st = view.session().state();
    assert_eq!(pile.kind, PileKind::Tableau);
    assert_eq!(st.pile(pile.kind, pile.index()).last().map(|s| s.card.rank.value()), Some(13));
    assert_eq!(view.board().cursor_at().map(|c| c.0), Some(pile));
    view.input(&key(Key::Char(' ')), &m, area);
    let st = view.session().state();
    assert!(st.pile(pile.kind, pile.index()).is_empty(), "the king was taken");
    let (at, _) = view.board().cursor_at().expect("the cursor still shows");
    assert_ne!(at, pile);
    assert!(!st.pile(at.kind, at.index()).is_empty(), "the cursor is on a card");
}

/// The arrows pass by a place of the pyramid whose card is gone: it can
/// never hold one again, and stopping there made "Right, Right" land a
/// card short of where the player looked.
#[test]
fn the_pyramid_cursor_passes_by_places_emptied() {
    use parlour::machines::{Key, Modifiers};
    let key = |k: Key| Input::Key { key: k, mods: Modifiers::default() };
    // Deal 28's first hint takes a king from the pyramid's foot.
    let (mut view, m, area, _data) = table("pyramid", MachineId::MacSe30, 28);
    view.input(&key(Key::Right), &m, area);
    view.command(&Command::Hint);
    let (taken, _) = view.board().hinted().expect("a hint").from;
    view.input(&key(Key::Char(' ')), &m, area);
    assert!(view.session().state().pile(taken.kind, taken.index()).is_empty(), "the king was taken");
    for arrow in [Key::Right, Key::Left, Key::Up, Key::Down] {
        for _ in 0..40 {
            view.input(&key(arrow), &m, area);
            let (at, _) = view.board().cursor_at().expect("the cursor shows");
            assert_ne!(at, taken, "{arrow:?} stopped on the place emptied");
        }
    }
}

/// A pyramid cleared leaves no card for the cursor: it hides rather than
/// frame the empty apex over the win.
#[test]
fn the_pyramid_cursor_hides_once_the_pyramid_is_cleared() {
    use parlour::core::{Game, Status};
    use parlour::machines::{Key, Modifiers};
    let key = |k: Key| Input::Key { key: k, mods: Modifiers::default() };
    let (mut view, m, area, _data) = table("pyramid", MachineId::AmigaPal, 3);
    // The first key shows the cursor on the stock, the next takes it into
    // the pyramid.
    view.input(&key(Key::Right), &m, area);
    view.input(&key(Key::Right), &m, area);
    let (at, _) = view.board().cursor_at().expect("the cursor shows");
    assert_eq!(at.kind, PileKind::Tableau, "the cursor is on the pyramid");
    parlour::views::background::allow(false);
    view.command(&Command::View(parlour::views::solitaire::SOLVE)).expect("Solve is a command");
    for _ in 0..20_000 {
        if view.session().state().status() == Status::Won {
            break;
        }
        view.input(&Input::Tick { ms: 50 }, &m, area);
    }
    let st = view.session().state();
    assert_eq!(st.status(), Status::Won, "Solve clears deal 3");
    assert!((0..st.pile_count(PileKind::Tableau)).all(|i| st.pile(PileKind::Tableau, i).is_empty()));
    assert_eq!(view.board().cursor_at(), None, "no frame round an empty place");
}

/// The cursor on a covered card of the pyramid frames only what shows of
/// it: the two cards over it are drawn whole over the frame, as over the
/// card, so the covered card does not look free to play.
#[test]
fn the_cursor_on_a_covered_pyramid_card_stays_under_the_cards_covering_it() {
    use parlour::machines::{Key, Modifiers};
    let key = |k: Key| Input::Key { key: k, mods: Modifiers::default() };
    let (mut view, m, area, _data) = table("pyramid", MachineId::AmigaPal, 3);
    let (plain, ..) = table("pyramid", MachineId::AmigaPal, 3);
    let apex = PileId::new(PileKind::Tableau, 0);
    for _ in 0..8 {
        view.input(&key(Key::Up), &m, area);
    }
    assert_eq!(view.board().cursor_at().map(|(pile, _)| pile), Some(apex), "Up climbs to the apex");
    let (framed, bare) = (frame(&view, &m, area), frame(&plain, &m, area));
    assert!(framed.pixels() != bare.pixels(), "the cursor shows");
    let apex_rect = top_rect(&view, area, apex);
    for cover in [1, 2].map(|i| PileId::new(PileKind::Tableau, i)) {
        let r = top_rect(&view, area, cover);
        assert!(!r.intersect(&apex_rect).is_empty(), "{cover:?} lies over the apex");
        for y in r.y..r.bottom() {
            for x in r.x..r.right() {
                assert_eq!(framed.get(x, y), bare.get(x, y), "the frame crosses {cover:?} at ({x}, {y})");
            }
        }
    }
}

/// The card of the pair a hint marks that is not `picked`; both must be
/// marked.
fn partner_of(view: &Table, picked: PileId) -> PileId {
    let hint = view.board().hinted().expect("a hint");
    let pair = [hint.from.0, hint.partner.expect("the hint marks a pair")];
    assert!(pair.contains(&picked), "the hint still marks the card picked: {hint:?}");
    pair.into_iter().find(|&p| p != picked).expect("two cards")
}

/// Once the player holds the cards a hint named, the next hint points
/// where they go: in Pyramid the card the one picked pairs with, in
/// Klondike the pile the lifted cards go to.
#[test]
fn a_hint_for_cards_in_hand_points_where_they_go() {
    use parlour::machines::{Key, Modifiers};
    let key = |k: Key| Input::Key { key: k, mods: Modifiers::default() };
    // Pyramid's deal 3 opens with a hint to pair 3♦ with 10♠.
    let (mut view, m, area, _data) = table("pyramid", MachineId::AmigaPal, 3);
    view.command(&Command::Hint);
    let (picked, _) = view.board().hinted().expect("a hint").from;
    view.input(&key(Key::Char(' ')), &m, area);
    assert_eq!(view.session().move_count(), 0, "one card of the pair is picked");
    view.command(&Command::Hint);
    let partner = partner_of(&view, picked);
    assert_eq!(view.board().cursor_at().map(|c| c.0), Some(partner));
    view.input(&key(Key::Char(' ')), &m, area);
    assert_eq!(view.session().move_count(), 1, "Space pairs them");

    let (mut view, m, area, _data) = table("klondike", MachineId::AmigaPal, 1);
    view.command(&Command::Hint);
    let (from, count) = view.board().hinted().expect("a hint").from;
    view.input(&key(Key::Char(' ')), &m, area);
    assert_eq!(view.board().cursor_held(), Some((from, count)), "the hinted cards are lifted");
    view.command(&Command::Hint);
    let hint = view.board().hinted().expect("a hint");
    assert_eq!(hint.from, (from, count), "the hint still marks the cards held");
    let to = hint.to.expect("the hint names where they go");
    assert_ne!(to, from);
    assert_eq!(view.board().cursor_at().map(|c| c.0), Some(to));
    assert_eq!(view.board().cursor_held(), Some((from, count)), "still held");
    view.input(&key(Key::Char(' ')), &m, area);
    assert_eq!(view.session().move_count(), 1, "Space puts them there");
}

#[test]
fn dragging_a_legal_move_plays_it_and_an_illegal_one_is_refused_with_a_reason() {
    for machine in [MachineId::Yazzle, MachineId::MacSe30, MachineId::AmigaPal] {
        let (mut view, m, area, _data) = table("klondike", machine, 1);
        let state = view.session().state().clone();
        let legal = state.legal_moves().into_iter().find(|mv| {
            matches!(mv, SolMove::Move { from, count: 1, to } if from.kind == PileKind::Tableau && to.kind == PileKind::Tableau)
        });
        let Some(SolMove::Move { from, to, .. }) = legal else { panic!("deal 1 has a tableau move") };
        let before = view.session().move_count();
        let (a, b) = (centre(top_rect(&view, area, from)), centre(top_rect(&view, area, to)));
        drag(&mut view, &m, area, a, b);
        assert_eq!(view.session().move_count(), before + 1, "{machine}: the drag did not play {from}>{to}");

        // Every tableau top that cannot go onto tableau 1: dropping it there is refused.
        let t1 = PileId::new(PileKind::Tableau, 0);
        let state = view.session().state().clone();
        let bad = (1..7).map(|i| PileId::new(PileKind::Tableau, i)).find(|&p| !state.accepts(p, 1, t1)).unwrap();
        let (a, b) = (centre(top_rect(&view, area, bad)), centre(top_rect(&view, area, t1)));
        drag(&mut view, &m, area, a, b);
        assert_eq!(view.session().state(), &state, "{machine}: an illegal drop changed the game");
        assert!(!view.message().is_empty(), "{machine}: no reason was given");

        view.command(&Command::Undo);
        assert_eq!(view.session().move_count(), before, "{machine}: undo");
    }
}

/// A click on the empty stock of a game dealt once only (Forty Thieves)
/// says that, not only that the stock is empty.
#[test]
fn a_stock_dealt_once_says_so_when_clicked_empty() {
    let (mut view, m, area, _data) = table("forty-thieves", MachineId::AmigaPal, 1);
    let stock = PileId::new(PileKind::Stock, 0);
    while !view.session().state().pile(PileKind::Stock, 0).is_empty() {
        view.play_move(&SolMove::Deal(0));
    }
    let (x, y) = centre(view.board().pile_rect(view.session().state(), area, stock).unwrap());
    view.input(&Input::MouseDown { x, y, button: Button::Left }, &m, area);
    view.input(&Input::MouseUp { x, y, button: Button::Left }, &m, area);
    assert_eq!(view.message(), "The stock is dealt once only: the waste is never turned over.");
}

/// Two clicks at (x, y) a tenth of a second apart.
fn double_click(view: &mut Table, m: &Machine, area: Rect, (x, y): (i32, i32)) {
    for ev in [
        Input::MouseDown { x, y, button: Button::Left },
        Input::MouseUp { x, y, button: Button::Left },
        Input::Tick { ms: 100 },
        Input::MouseDown { x, y, button: Button::Left },
        Input::MouseUp { x, y, button: Button::Left },
    ] {
        view.input(&ev, m, area);
    }
}

#[test]
fn clicking_the_stock_deals_and_double_clicking_sends_a_card_home() {
    let (mut view, m, area, _data) = table("klondike", MachineId::Yazzle, 1);
    let stock = PileId::new(PileKind::Stock, 0);
    let (x, y) = centre(view.board().pile_rect(view.session().state(), area, stock).unwrap());
    view.input(&Input::MouseDown { x, y, button: Button::Left }, &m, area);
    view.input(&Input::MouseUp { x, y, button: Button::Left }, &m, area);
    assert_eq!(view.session().state().pile(PileKind::Waste, 0).len(), 1);

    // Deal until a card can go to a foundation, then double-click it.
    for _ in 0..60 {
        let home = view.session().state().legal_moves().into_iter().find_map(|mv| match mv {
            SolMove::Move { from, count: 1, to } if to.kind == PileKind::Foundation => Some(from),
            _ => None,
        });
        if let Some(from) = home {
            let at = centre(top_rect(&view, area, from));
            double_click(&mut view, &m, area, at);
            assert_eq!(view.session().state().cards_on_foundations(), 1);
            return;
        }
        view.input(&Input::MouseDown { x, y, button: Button::Left }, &m, area);
        view.input(&Input::MouseUp { x, y, button: Button::Left }, &m, area);
    }
    panic!("no card could go home");
}

/// A card dragged off the waste uncovers the card under it, as on
/// Windows: the waste shows only its top card, and while that was held
/// its place showed bare cloth, as if the waste were empty. A free cell
/// whose card is held shows its empty outline.
#[test]
fn a_card_dragged_off_the_waste_uncovers_the_one_under_it() {
    let deal = |view: &mut Table, m: &Machine, area: Rect, times: usize| {
        let stock = PileId::new(PileKind::Stock, 0);
        let (x, y) = centre(view.board().pile_rect(view.session().state(), area, stock).unwrap());
        for _ in 0..times {
            view.input(&Input::MouseDown { x, y, button: Button::Left }, m, area);
            view.input(&Input::MouseUp { x, y, button: Button::Left }, m, area);
        }
    };
    let waste = PileId::new(PileKind::Waste, 0);
    let (mut held, m, area, _data) = table("klondike", MachineId::AmigaPal, 1);
    deal(&mut held, &m, area, 2);
    let (mut under, _, _, _data2) = table("klondike", MachineId::AmigaPal, 1);
    deal(&mut under, &m, area, 1);
    assert_eq!(
        held.session().state().pile(PileKind::Waste, 0)[..1],
        under.session().state().pile(PileKind::Waste, 0)[..]
    );
    let place = top_rect(&held, area, waste);
    let (x, y) = centre(place);
    held.input(&Input::MouseDown { x, y, button: Button::Left }, &m, area);
    held.input(&Input::MouseMove { x: area.right() - 10, y: area.bottom() - 10 }, &m, area);
    let (shown, expected) = (frame(&held, &m, area), frame(&under, &m, area));
    for py in place.y..place.bottom() {
        for px in place.x..place.right() {
            assert_eq!(
                shown.get(px, py),
                expected.get(px, py),
                "the waste's place at ({px}, {py}) while its top card is held"
            );
        }
    }
    let before = held.session().state().clone();
    held.input(&Input::MouseMove { x: x + 2, y: y + 2 }, &m, area);
    held.input(&Input::MouseUp { x: x + 2, y: y + 2, button: Button::Left }, &m, area);
    assert_eq!((held.session().state(), held.message()), (&before, String::new()), "put back");
}

/// In FreeCell a double-click on a column's card no foundation takes puts
/// it in an empty free cell, as FreeCell on Windows does; in Klondike,
/// which has none, it is refused with the reason.
#[test]
fn double_clicking_a_card_no_foundation_takes_puts_it_in_a_free_cell() {
    let (mut view, m, area, _data) = table("freecell", MachineId::Yazzle, 1);
    let column = (0..8)
        .map(|i| PileId::new(PileKind::Tableau, i))
        .find(|&p| parlour::solitaire::quick::home(view.session().state(), p).is_none())
        .expect("a column whose top card cannot go home");
    let top = view.session().state().pile(PileKind::Tableau, column.index()).last().unwrap().card;
    let at = centre(top_rect(&view, area, column));
    double_click(&mut view, &m, area, at);
    let st = view.session().state();
    assert_eq!(st.pile(PileKind::Reserve, 0).last().map(|s| s.card), Some(top), "{}", view.message());

    let (mut view, m, area, _data) = table("klondike", MachineId::Yazzle, 1);
    let column = (0..7)
        .map(|i| PileId::new(PileKind::Tableau, i))
        .find(|&p| parlour::solitaire::quick::home(view.session().state(), p).is_none())
        .unwrap();
    let at = centre(top_rect(&view, area, column));
    double_click(&mut view, &m, area, at);
    assert_eq!(view.session().move_count(), 0);
    assert_eq!(view.message(), "No foundation takes that card yet.");
}

#[test]
fn a_scripted_game_reaches_won_and_records_it() {
    let data = tempfile::tempdir().unwrap();
    let mut view = open_table("freecell", 1, data.path());
    let script = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/wins/freecell.txt")).unwrap();
    let state = view.session().state().clone();
    let m = Machine::new(&MachineChoice::default(), MachineId::Yazzle).unwrap();
    let area = m.content();
    for line in script.lines().filter(|l| !l.starts_with('#') && !l.starts_with("seed") && !l.is_empty()) {
        let mv = state.parse_move(line).unwrap();
        let SolMove::Move { from, count, to } = mv else { panic!("FreeCell moves are card moves") };
        let n = view.session().state().pile(from.kind, from.index()).len();
        let grab = view.board().card_rect(view.session().state(), area, from, n - count as usize).unwrap();
        let target = centre(top_rect(&view, area, to));
        let before = view.session().move_count();
        drag(&mut view, &m, area, (grab.x + grab.w / 2, grab.y + 4), target);
        assert_eq!(view.session().move_count(), before + 1, "`{line}` was not played by dragging: {}", view.message());
    }
    assert!(view.message().contains("won"), "{}", view.message());
    let stats = Stats::load(data.path()).unwrap();
    let freecell = stats.game("freecell").expect("the win was counted");
    assert_eq!((freecell.played, freecell.won, freecell.streak), (1, 1, 1));
}

/// Space on a pile with nothing to lift says why: an empty free cell has
/// no card; a card under another that cannot go with it is not a run.
#[test]
fn the_keyboard_says_why_nothing_was_lifted() {
    use parlour::machines::{Key, Modifiers};
    let key = |k: Key| Input::Key { key: k, mods: Modifiers::default() };
    let (mut view, m, area, _data) = table("freecell", MachineId::AmigaPal, 1);
    // The cursor shows on the first arrow, on the first pile: a free cell.
    view.input(&key(Key::Right), &m, area);
    view.input(&key(Key::Char(' ')), &m, area);
    assert_eq!(view.message(), "There is no card there.");
    // Klondike's waste before the first turn: the pile after the stock.
    let (mut view, m, area, _data) = table("klondike", MachineId::AmigaPal, 1);
    for k in [Key::Right, Key::Right, Key::Char(' ')] {
        view.input(&key(k), &m, area);
    }
    assert_eq!(view.message(), "There is no card there.");
}

/// Spider (Two Suits), deal 1, once the 7 of spades lies on the 8 of
/// hearts: the two cannot be lifted together, and a press on the 8, or
/// Space with the cursor on it, says why in the rules' own words. The
/// cursor keeps framing both cards the reason is about (it shrank to the
/// top card).
#[test]
fn cards_that_cannot_be_lifted_together_are_told_why() {
    use parlour::machines::{Key, Modifiers};
    const MIXED: &str = "A stack of several cards must be all one suit.";
    let key = |k: Key| Input::Key { key: k, mods: Modifiers::default() };
    let (mut view, m, area, _data) = table("spider-two-suits", MachineId::Yazzle, 1);
    let (hearts, spades) = (PileId::new(PileKind::Tableau, 5), PileId::new(PileKind::Tableau, 7));
    let (seven, on_eight) = (centre(top_rect(&view, area, spades)), centre(top_rect(&view, area, hearts)));
    drag(&mut view, &m, area, seven, on_eight);
    assert_eq!(view.session().move_count(), 1, "the 7 of spades is on the 8 of hearts: {}", view.message());
    let st = view.session().state();
    let eight = view.board().card_rect(st, area, hearts, st.pile(PileKind::Tableau, 5).len() - 2).unwrap();
    let (x, y) = (eight.x + eight.w / 2, eight.y + 3);
    view.input(&Input::MouseDown { x, y, button: Button::Left }, &m, area);
    assert_eq!(view.message(), MIXED);
    let nine = centre(top_rect(&view, area, PileId::new(PileKind::Tableau, 6)));
    drag(&mut view, &m, area, (x, y), nine);
    assert_eq!(view.session().move_count(), 1, "nothing was lifted");
    // The first key shows the cursor on the stock; Down reaches the first
    // column, Right the sixth, and Up the 8 of hearts under the 7.
    for k in [Key::Down, Key::Down, Key::Right, Key::Right, Key::Right, Key::Right, Key::Right, Key::Up] {
        view.input(&key(k), &m, area);
    }
    assert_eq!(view.board().cursor_at(), Some((hearts, 2)));
    view.input(&key(Key::Char(' ')), &m, area);
    assert_eq!(view.message(), MIXED);
    assert!(view.board().cursor_held().is_none(), "nothing is lifted");
    assert_eq!(view.board().cursor_at(), Some((hearts, 2)), "the cursor keeps the cards refused");
}

/// A refusal answers one key: it stays while time passes, and the next
/// key that moves the cursor or lifts a card takes it back; a move the
/// rules refuse is taken back the same way.
#[test]
fn the_next_cursor_move_takes_a_refusal_back() {
    use parlour::machines::{Key, Modifiers};
    let key = |k: Key| Input::Key { key: k, mods: Modifiers::default() };
    let (mut view, m, area, _data) = table("freecell", MachineId::AmigaPal, 1);
    for k in [Key::Right, Key::Char(' ')] {
        view.input(&key(k), &m, area);
    }
    assert_eq!(view.message(), "There is no card there.");
    view.input(&Input::Tick { ms: 100 }, &m, area);
    assert_eq!(view.message(), "There is no card there.", "time passing keeps it");
    view.input(&key(Key::Right), &m, area);
    assert_eq!(view.message(), "", "the cursor moved on");

    // The first column's card lifted and put where it cannot go.
    view.input(&key(Key::Down), &m, area);
    let (column, _) = view.board().cursor_at().unwrap();
    assert_eq!(column.kind, PileKind::Tableau);
    view.input(&key(Key::Char(' ')), &m, area);
    let refused = (column.index() + 1..8)
        .find(|&j| {
            let to = PileId::new(PileKind::Tableau, j);
            view.session().state().check(&SolMove::Move { from: column, count: 1, to }).is_err()
        })
        .expect("a column to the right the card cannot go to");
    for _ in column.index()..refused {
        view.input(&key(Key::Right), &m, area);
    }
    view.input(&key(Key::Char(' ')), &m, area);
    assert_eq!(view.session().move_count(), 0);
    assert!(view.message().contains("cannot go"), "{}", view.message());
    view.input(&key(Key::Char(' ')), &m, area);
    assert!(view.board().cursor_held().is_some(), "a card is lifted");
    assert_eq!(view.message(), "", "lifting a card takes the refusal back");
}

/// The first key only shows the cursor: Space on Klondike's stock, where
/// the cursor shows first, deals only when pressed again.
#[test]
fn the_first_space_shows_the_cursor_and_deals_nothing() {
    use parlour::machines::{Key, Modifiers};
    let key = |k: Key| Input::Key { key: k, mods: Modifiers::default() };
    let (mut view, m, area, _data) = table("klondike", MachineId::MacSe30, 1);
    view.input(&key(Key::Char(' ')), &m, area);
    assert_eq!(view.session().move_count(), 0, "a card was dealt unseen");
    view.input(&key(Key::Char(' ')), &m, area);
    assert_eq!(view.session().move_count(), 1);
}

/// A hint brings the keyboard's cursor to the cards it names, so Space
/// lifts them, even on a fresh table where no key has shown the cursor
/// yet; a player of the mouse gets no cursor from it.
#[test]
fn a_hint_brings_the_keyboard_cursor_to_its_cards() {
    use parlour::machines::{Key, Modifiers};
    let (mut view, m, area, _data) = table("freecell", MachineId::AmigaPal, 1);
    view.command(&Command::Hint);
    let hinted = view.board().hinted().expect("a hint").from;
    assert_eq!(view.board().cursor_at(), None, "no cursor for the mouse");
    view.input(&Input::Key { key: Key::Char(' '), mods: Modifiers::default() }, &m, area);
    assert_eq!(view.board().cursor_held(), Some(hinted), "the first Space lifts the hinted cards");
    // Once the mouse is used the aim is gone: the first Space of a hidden
    // cursor only shows it again.
    let (mut view, m, area, _data) = table("freecell", MachineId::AmigaPal, 1);
    view.command(&Command::Hint);
    let corner = (area.right() - 1, area.bottom() - 1);
    view.input(&Input::MouseDown { x: corner.0, y: corner.1, button: parlour::machines::Button::Left }, &m, area);
    view.input(&Input::MouseUp { x: corner.0, y: corner.1, button: parlour::machines::Button::Left }, &m, area);
    view.input(&Input::Key { key: Key::Char(' '), mods: Modifiers::default() }, &m, area);
    assert_eq!(view.board().cursor_held(), None);
    view.input(&Input::Key { key: Key::Right, mods: Modifiers::default() }, &m, area);
    view.input(&Input::Key { key: Key::Right, mods: Modifiers::default() }, &m, area);
    view.command(&Command::Hint);
    let hinted = view.board().hinted().expect("a hint").from;
    assert_eq!(view.board().cursor_at(), Some(hinted));
}

/// The mark of a hinted (or picked, or lifted) card shows on every
/// machine: the Amiga's highlight pen is the cards' own white, so there the
/// mark takes the selection's blue.
#[test]
fn a_hinted_card_is_marked_in_a_colour_it_does_not_have() {
    for id in [MachineId::AmigaPal, MachineId::AmigaDblPal, MachineId::Yazzle, MachineId::MacSe30] {
        let (mut view, m, area, _data) = table("klondike", id, 1);
        view.command(&Command::Hint);
        let (pile, count) = view.board().hinted().expect("a hint").from;
        let st = view.session().state().clone();
        let len = st.pile(pile.kind, pile.index()).len();
        let r = view.board().card_rect(&st, area, pile, len - count).expect("the hinted card is on the table");
        let s = frame(&view, &m, area);
        let face = m.look().colour(parlour::machines::Pen::CardFace);
        // The mark's dashes along the card's top edge, inside its outline.
        let xs = r.x + 2..r.right() - 2;
        let marked = xs.clone().filter(|&x| s.colour_at(x, r.y + 1) != Some(face)).count();
        assert!(marked * 3 >= xs.len(), "{id:?}: the mark is the card's own colour");
    }
}

/// The picked card, the hint and the keyboard's cursor are told apart at
/// a glance on every screen, one-bit and four greys too: the picked card
/// is drawn inverted, the hint is a dashed frame on the card's edge, the
/// cursor a solid frame just outside it (dark inside light; on one bit
/// a white ring inside two black ones). They were a black frame two
/// pixels thick, a thicker one and a card edge one pixel thicker.
#[test]
fn picked_hinted_and_cursor_marks_differ_on_every_screen() {
    use parlour::machines::{Depth, Key, Modifiers, Pen};
    let space = Input::Key { key: Key::Char(' '), mods: Modifiers::default() };
    let screens = [
        (MachineId::MacColor, Some(Depth::Bits1)),
        (MachineId::MacColor, Some(Depth::Colours4)),
        (MachineId::MacColor, Some(Depth::Colours16)),
        (MachineId::MacSe30, None),
        (MachineId::AmigaPal, None),
        (MachineId::AmigaDblPal, None),
        (MachineId::Yazzle, None),
    ];
    for (id, depth) in screens {
        let data = tempfile::tempdir().unwrap();
        let m = Machine::new(&MachineChoice { id: Some(id), depth, skin: None }, id).unwrap();
        let area = m.content();
        // Pyramid's deal 3: Hint, Space picks its first card, Hint names
        // the partner and brings the cursor there.
        let mut view = open_table("pyramid", 3, data.path());
        view.command(&Command::Hint);
        let (picked, _) = view.board().hinted().expect("a hint").from;
        view.input(&space, &m, area);
        view.command(&Command::Hint);
        let partner = partner_of(&view, picked);
        assert_eq!(view.board().cursor_at().map(|c| c.0), Some(partner));
        let s = frame(&view, &m, area);
        let face = m.look().colour(Pen::CardFace);
        let what = format!("{id} {depth:?}");

        // Picked: inverted, so its face colour is mostly gone.
        let r = top_rect(&view, area, picked).inset(3, 3);
        let pixels: Vec<_> = (r.y..r.bottom()).flat_map(|y| (r.x..r.right()).map(move |x| (x, y))).collect();
        let face_left = pixels.iter().filter(|&&(x, y)| s.colour_at(x, y) == Some(face)).count();
        assert!(face_left * 4 < pixels.len(), "{what}: the picked card is not inverted");

        // Hinted: dashes of two colours along the edge, none long.
        let r = top_rect(&view, area, partner);
        let edge: Vec<_> = (r.x + 2..r.right() - 2).map(|x| s.colour_at(x, r.y + 1)).collect();
        let runs = edge.chunk_by(|a, b| a == b).map(<[_]>::len).collect::<Vec<_>>();
        assert!(runs.len() >= 4 && runs.iter().all(|&n| n <= 6), "{what}: the hint's frame is not dashed: {runs:?}");

        // The cursor: a solid ring of one colour, another solid one
        // outside, below the card (above it and beside it Pyramid's cards
        // lie under it, and the rings leave those sides open).
        let ring = |k: i32| {
            let o = r.inset(-k, -k);
            let row: Vec<_> = (r.x..r.right()).map(|x| s.colour_at(x, o.bottom() - 1)).collect();
            assert!(row.iter().all(|c| *c == row[0]), "{what}: ring {k} of the cursor is not solid");
            row[0]
        };
        assert_ne!(ring(1), ring(2), "{what}: the cursor's rings are one colour");
    }
}

/// Choosing the other mode deals the same deal again under its rules,
/// and the status line says why.
#[test]
fn a_new_mode_deals_the_deal_again_and_says_so() {
    use parlour::views::solitaire::{EASY, HARD};
    let (mut view, m, area, _data) = table("klondike", MachineId::AmigaPal, 1);
    let tableau = |view: &Table| {
        let st = view.session().state();
        (0..st.pile_count(PileKind::Tableau)).map(|i| st.pile(PileKind::Tableau, i).to_vec()).collect::<Vec<_>>()
    };
    let (seed, easy) = (view.session().seed(), tableau(&view));
    view.command(&Command::View(HARD));
    assert_eq!(view.message(), "Hard mode from this deal.");
    assert_eq!(view.session().variant().mode(), parlour::solitaire::rules::Mode::Hard);
    assert_eq!((view.session().seed(), tableau(&view)), (seed, easy.clone()), "the same deal");
    view.command(&Command::View(EASY));
    assert_eq!(view.message(), "Easy mode from this deal.");

    // With a move made, the box asking first says what comes: the same
    // cards again, not a new game.
    let stock = PileId::new(PileKind::Stock, 0);
    let (x, y) = centre(view.board().pile_rect(view.session().state(), area, stock).unwrap());
    view.input(&Input::MouseDown { x, y, button: Button::Left }, &m, area);
    view.input(&Input::MouseUp { x, y, button: Button::Left }, &m, area);
    let Some(parlour::views::Response::Ask(asked)) = view.command(&Command::View(HARD)) else {
        panic!("a game under way was given up without asking")
    };
    assert_eq!(asked.title, "Hard Mode");
    assert_eq!(asked.lines[0], "This deals the same cards again under Hard rules.");
    assert_eq!(asked.buttons, ["Hard Mode", "Cancel"]);
    view.answer(0);
    assert_eq!((view.session().seed(), tableau(&view)), (seed, easy), "the same deal");
}

/// A click on the felt takes the keyboard's cursor off the table at once,
/// not at the next move.
#[test]
fn a_click_on_the_felt_hides_the_keyboard_cursor() {
    use parlour::machines::{Key, Modifiers};
    use parlour::views::Response;
    let (mut view, m, area, _data) = table("klondike", MachineId::AmigaPal, 1);
    let plain = frame(&view, &m, area);
    view.input(&Input::Key { key: Key::Right, mods: Modifiers::default() }, &m, area);
    assert_ne!(frame(&view, &m, area), plain, "the arrow showed no cursor");
    let felt = Input::MouseDown { x: area.x + area.w - 3, y: area.y + area.h - 3, button: Button::Left };
    assert_eq!(view.input(&felt, &m, area), Response::Redraw);
    assert_eq!(frame(&view, &m, area), plain, "the cursor stayed after the click");
}

/// At the deal, on every machine, each face-up card with another fanned
/// over it shows its index: at least the smallest cards' index rows of it
/// (Clear Fork's two rows of foundations once squeezed the SE/30's columns
/// to a sliver of each card).
#[test]
fn every_fanned_card_shows_its_index_at_the_deal() {
    let rows = parlour::views::card_art::CardSize::Small.index_rows();
    for game in parlour::app::catalog::games().iter().filter(|g| g.family.id == "solitaire") {
        for machine in [MachineId::AmigaPal, MachineId::MacSe30, MachineId::Yazzle] {
            let (view, _m, area, _data) = table(&game.id, machine, 1);
            let st = view.session().state();
            for t in 0..st.pile_count(PileKind::Tableau) {
                let id = PileId::new(PileKind::Tableau, t);
                let pile = st.pile(PileKind::Tableau, t);
                for (i, slot) in pile.iter().enumerate().take(pile.len().saturating_sub(1)) {
                    let rect = |i| view.board().card_rect(st, area, id, i);
                    let (Some(a), Some(b)) = (rect(i), rect(i + 1)) else { continue };
                    let shown = (b.y - a.y).max(b.x - a.x);
                    assert!(
                        !slot.face_up || shown >= rows,
                        "{} on {machine:?}: card {i} of column {t} shows {shown} px",
                        game.id
                    );
                }
            }
        }
    }
}

/// A layout too wide for any card size, its piles drawn closer sideways,
/// keeps its rows where a layout that fits has them: FreeCell with its
/// last foundation moved far right has its cells and columns on the Amiga
/// PAL as high as FreeCell's, and made taller than the table (NumCardHigh)
/// it starts at the table's top. Centred on its first cards' height alone,
/// an author's twelve-column FreeCell began 70 pixels down the table, its
/// columns squeezed into what was left.
#[test]
fn a_layout_squeezed_sideways_keeps_its_rows_where_one_that_fits_has_them() {
    use parlour::solitaire::library::GameType;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("game-types/FreeCell/game.ini")).unwrap();
    let wide = text.replace("[Foundation4]\nX=7.3", "[Foundation4]\nX=13.3");
    let tall = wide.replace("NumCardWide=8.3\nNumCardHigh=4", "NumCardWide=8.3\nNumCardHigh=6");
    assert!(wide != text && tall != wide, "FreeCell's game.ini has changed");
    let data = tempfile::tempdir().unwrap();
    let open = |name: &str, text: &str| {
        let folder = data.path().join(name);
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(folder.join("game.ini"), text).unwrap();
        let gt = Arc::new(GameType::load(&folder).unwrap());
        let how = Opening { seed: Some(1), fresh_seed: 1, ..Default::default() };
        Controller::open("solitaire", gt.variant.clone(), SolitaireBoard::new(gt), data.path(), &how)
    };
    let (wide, tall) = (open("Wide Cell", &wide), open("Tall Cell", &tall));
    let (plain, _m, area, _data) = table("freecell", MachineId::AmigaPal, 1);
    let rect = |view: &Table, id: PileId| view.board().pile_rect(view.session().state(), area, id).unwrap();
    let (cell, column, next) =
        (PileId::new(PileKind::Reserve, 0), PileId::new(PileKind::Tableau, 0), PileId::new(PileKind::Tableau, 1));
    let far = rect(&wide, PileId::new(PileKind::Foundation, 3));
    assert!(far.right() <= area.right(), "the last foundation {far:?} is off the table {area:?}");
    let apart = |view: &Table| rect(view, next).x - rect(view, column).x;
    assert!(
        apart(&wide) < apart(&plain),
        "not squeezed: columns {} px apart, FreeCell's {}",
        apart(&wide),
        apart(&plain)
    );
    for id in [cell, column] {
        assert_eq!(rect(&wide, id).y, rect(&plain, id).y, "{id:?} of the squeezed layout is not where FreeCell has it");
    }
    let down = rect(&tall, cell).y - area.y;
    assert!(down <= 2, "a layout taller than the table starts its cells {down} px down it");
}

/// A column grown long brings smaller cards at once; they grow back once
/// every column has room again for more cards, never for a single move
/// between two others (chosen for the position alone, the SE/30's FreeCell
/// layout jumped back and forth); the won table and the deal, by Back to
/// Start or New Game, choose afresh, whichever way they are reached. Played on
/// the Mac's colour screen, where several deals' long columns bring the
/// large cards down a size: on the SE/30 the compact cards, kept at the
/// top of the table rather than centred, hold every column of deals 1..8.
#[test]
fn the_cards_shrink_for_a_long_column_and_grow_back_when_there_is_room() {
    use parlour::solitaire::solver::{Limits, Verdict, solve};
    let (mut shrunk, mut grew) = (Vec::new(), Vec::new());
    for seed in 1..=8 {
        let (mut view, _m, area, _data) = table("freecell", MachineId::MacColor, seed);
        let width = |view: &Table| {
            let st = view.session().state();
            view.board().pile_rect(st, area, PileId::new(PileKind::Tableau, 0)).unwrap().w
        };
        let dealt = width(&view);
        let Verdict::Won(line) = solve(view.session().state(), &Limits::new(2_000_000, 500)).verdict else {
            panic!("deal {seed} is won")
        };
        let mut widths = vec![dealt];
        for text in &line {
            let m = view.session().state().parse_move(text).unwrap();
            view.play_move(&m);
            widths.push(width(&view));
        }
        assert_eq!(view.session().state().status(), parlour::core::Status::Won);
        let played = &widths[..widths.len() - 1];
        let won = widths[widths.len() - 1];
        assert!(won >= dealt, "deal {seed}: the won table keeps small cards: {widths:?}");
        for w in played.windows(3) {
            let one_move = (w[0] < w[1] && w[1] > w[2]) || (w[0] > w[1] && w[1] < w[2]);
            assert!(!one_move, "deal {seed}: the cards changed size for one move: {widths:?}");
        }
        if played.iter().any(|&w| w < dealt) {
            shrunk.push(seed);
        }
        if played.windows(2).any(|w| w[1] > w[0]) {
            grew.push(seed);
        }
        view.command(&Command::BackToStart);
        assert_eq!(width(&view), dealt, "deal {seed}: Back to Start shows the deal as dealt");
        view.command(&Command::ForwardToEnd);
        assert_eq!(width(&view), won, "deal {seed}: Forward to End shows the won table as played to");
        view.command(&Command::New);
        assert_eq!(width(&view), dealt, "deal {seed}: the next deal chooses its size afresh");
    }
    assert!(!shrunk.is_empty(), "no winning line of deals 1..8 builds a column too long for the deal's cards");
    assert!(!grew.is_empty(), "the cards grew back in no game of deals 1..8 ({shrunk:?} shrank)");
}

/// A hinted move of a run marks the run from its first card, the one to
/// drag, not only the top card.
#[test]
fn a_hinted_run_is_marked_from_its_first_card() {
    let (mut view, m, area, _data) = table("yukon", MachineId::MacSe30, 1);
    let plain = frame(&view, &m, area);
    view.command(&Command::Hint);
    let hint = view.message();
    let st = view.session().state();
    let Some(HintMarks { from: (from, count), .. }) = view.board().hinted() else { panic!("nothing marked: {hint}") };
    assert!(count > 1, "seed 1's hint moves a run: {hint}");
    let first_card = st.pile(from.kind, from.index())[st.pile(from.kind, from.index()).len() - count].card;
    assert!(hint.starts_with(&format!("Hint: {} and {} more onto ", first_card.short(), count - 1)), "{hint}");
    let first = st.pile(from.kind, from.index()).len() - count;
    let r = view.board().card_rect(st, area, from, first).unwrap();
    let marked = frame(&view, &m, area);
    let strip = (r.y..r.y + 4).flat_map(|y| (r.x..r.right()).map(move |x| (x, y)));
    assert!(strip.into_iter().any(|(x, y)| marked.get(x, y) != plain.get(x, y)), "the run's first card is not marked");
}

/// Draw Three fans its waste sideways: each card under another shows its
/// rank and suit, whatever the size of the cards.
#[test]
fn a_fanned_waste_shows_each_card_s_index() {
    use parlour::views::card_art::CardSize;
    for machine in [MachineId::AmigaPal, MachineId::MacSe30, MachineId::Yazzle] {
        let (mut view, _m, area, _data) = table("klondike-draw-three", machine, 1);
        view.play_move(&SolMove::Deal(0));
        let st = view.session().state();
        let waste = PileId::new(PileKind::Waste, 0);
        let rects: Vec<Rect> = (0..3).map(|i| view.board().card_rect(st, area, waste, i).unwrap()).collect();
        let size = CardSize::ALL.into_iter().find(|s| s.dimensions().0 as i32 == rects[0].w).unwrap();
        for pair in rects.windows(2) {
            let shown = pair[1].x - pair[0].x;
            assert!(shown >= size.index_cols(), "{machine:?}: a waste card shows {shown} px of {size:?}");
        }
    }
}

/// A waste fanned three cards wide runs under no other pile, in every game
/// type and in the CardGames' Solitaire, dealing three in whichever mode
/// does, on every machine: on the Amiga's lores screen Pyramid's Hard fan
/// ran under the pyramid's sixth row, whose first card hid the third
/// waste card's index.
#[test]
fn a_fanned_waste_runs_under_no_other_pile() {
    use parlour::solitaire::library::GameType;
    use parlour::views::solitaire::{HARD, OberonGame};
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut folders: Vec<_> = std::fs::read_dir(root.join("game-types")).unwrap().map(|e| e.unwrap().path()).collect();
    folders.sort();
    let oberon = root.join("card-games/Solitaire");
    folders.push(oberon.clone());
    let mut fanned = Vec::new();
    for folder in folders {
        let gt = Arc::new(GameType::load(&folder).unwrap());
        if gt.spec.piles(PileKind::Waste).is_empty() {
            continue;
        }
        for machine in MachineId::ALL {
            let data = tempfile::tempdir().unwrap();
            let (family, board) = if folder == oberon {
                ("cardgames", SolitaireBoard::oberon(gt.clone(), OberonGame::Solitaire))
            } else {
                ("solitaire", SolitaireBoard::new(gt.clone()))
            };
            let how = Opening { seed: Some(1), fresh_seed: 1, ..Default::default() };
            let mut view = Controller::open(family, gt.variant.clone(), board, data.path(), &how);
            if view.session().state().rules().stock.deal_count == 1 {
                view.command(&Command::View(HARD));
            }
            if view.session().state().rules().stock.deal_count < 3 {
                continue;
            }
            let waste = PileId::new(PileKind::Waste, 0);
            for _ in 0..3 {
                let deal = view.session().state().legal_moves().into_iter().find(|m| matches!(m, SolMove::Deal(_)));
                if view.session().state().pile(PileKind::Waste, 0).len() >= 3 {
                    break;
                }
                view.play_move(&deal.expect("a deal from the stock"));
            }
            let m = Machine::new(&MachineChoice { id: Some(machine), ..Default::default() }, machine).unwrap();
            let area = m.content();
            let st = view.session().state();
            let n = st.pile(PileKind::Waste, 0).len();
            let fan: Vec<Rect> = (n - 3..n).map(|i| view.board().card_rect(st, area, waste, i).unwrap()).collect();
            let name = format!("{} on {}", gt.spec.general.name, machine.name());
            assert!(fan[2].x > fan[0].x, "{name}: the waste is not fanned: {fan:?}");
            for kind in PileKind::ALL {
                for p in (0..st.pile_count(kind)).map(|i| PileId::new(kind, i)).filter(|&p| p != waste) {
                    let cards =
                        (0..st.pile(kind, p.index()).len()).filter_map(|i| view.board().card_rect(st, area, p, i));
                    for other in cards.chain(view.board().pile_rect(st, area, p)) {
                        for card in &fan {
                            let under = card.intersect(&other);
                            assert!(
                                under.is_empty(),
                                "{name}: the waste card at {card:?} runs under {p:?} at {other:?}"
                            );
                        }
                    }
                }
            }
            fanned.push(name);
        }
    }
    assert!(fanned.iter().any(|n| n == "Pyramid on amiga-pal"), "{fanned:?}");
}

/// In Golf the table takes no cards, so a column's top card can only go
/// home: one click plays it, or says why it cannot go.
#[test]
fn golf_plays_a_card_home_with_one_click() {
    let (mut view, m, area, _data) = table("golf", MachineId::Yazzle, 3);
    let click = |view: &mut Table, id: PileId| click_at(view, &m, area, top_rect(view, area, id));
    let st = view.session().state().clone();
    let columns: Vec<PileId> =
        (0..st.pile_count(PileKind::Tableau)).map(|i| PileId::new(PileKind::Tableau, i)).collect();
    let home = |id: &PileId| {
        st.check(&SolMove::Move { from: *id, count: 1, to: PileId::new(PileKind::Foundation, 0) }).is_ok()
    };
    let stuck = *columns.iter().find(|id| !home(id)).expect("a card that cannot go home");
    click(&mut view, stuck);
    let why = st.check(&SolMove::Move { from: stuck, count: 1, to: PileId::new(PileKind::Foundation, 0) });
    assert!(why.as_ref().unwrap_err().to_string().contains(" cannot go on "), "{why:?}");
    assert_eq!(view.message(), why.unwrap_err().to_string(), "the one foundation's reason");
    assert_eq!(view.session().move_count(), 0);
    let playable = *columns.iter().find(|id| home(id)).expect("a card that can go home");
    let card = st.pile(PileKind::Tableau, playable.index()).last().unwrap().card;
    click(&mut view, playable);
    assert_eq!(view.session().move_count(), 1, "{}", view.message());
    assert_eq!(view.session().state().pile(PileKind::Foundation, 0).last().map(|s| s.card), Some(card));
}

/// In Aces Up one click discards a column's top card (a double-click
/// discarded it before, and a single click did nothing); a double-click
/// out of habit discards that card alone, not the one it uncovers.
#[test]
fn aces_up_discards_with_one_click_and_a_double_click_plays_once() {
    let (mut view, m, area, _data) = table("aces-up", MachineId::Yazzle, 5);
    let click = |view: &mut Table, id: PileId| click_at(view, &m, area, top_rect(view, area, id));
    let discard = PileId::new(PileKind::Foundation, 0);
    let discardable = |view: &Table| {
        let st = view.session().state();
        (0..st.pile_count(PileKind::Tableau))
            .map(|i| PileId::new(PileKind::Tableau, i))
            .find(|&id| st.check(&SolMove::Move { from: id, count: 1, to: discard }).is_ok())
    };
    let stock = PileId::new(PileKind::Stock, 0);
    while discardable(&view).is_none() {
        let dealt = view.session().move_count();
        click(&mut view, stock);
        assert_eq!(view.session().move_count(), dealt + 1, "the stock deals: {}", view.message());
    }
    let column = discardable(&view).unwrap();
    let before = view.session().move_count();
    click(&mut view, column);
    assert_eq!(view.session().move_count(), before + 1, "one click discards: {}", view.message());
    assert_eq!(view.session().state().pile(PileKind::Foundation, 0).len(), 1);
    click(&mut view, column);
    assert_eq!(view.session().move_count(), before + 1, "the second click of a double-click plays nothing");
}

/// A card let go over the upper cards of a column, clear of its top
/// card, goes on that column as on Windows: before, only the top card's
/// rectangle counted, and the card went back without a word.
#[test]
fn a_card_dropped_over_a_columns_fan_goes_on_that_column() {
    for machine in [MachineId::Yazzle, MachineId::MacSe30, MachineId::AmigaPal] {
        let (mut view, m, area, _data) = table("freecell", machine, 1);
        let state = view.session().state().clone();
        let (from, to) = state
            .legal_moves()
            .into_iter()
            .find_map(|mv| match mv {
                SolMove::Move { from, count: 1, to }
                    if from.kind == PileKind::Tableau && to.kind == PileKind::Tableau =>
                {
                    Some((from, to))
                }
                _ => None,
            })
            .expect("deal 1 has a move between columns");
        let (grab, bottom, top) = (
            top_rect(&view, area, from),
            view.board().card_rect(&state, area, to, 0).unwrap(),
            top_rect(&view, area, to),
        );
        let (offset_x, offset_y) = (grab.w / 2, grab.h / 3);
        let dropped = Rect::new(bottom.x, bottom.y, grab.w, grab.h);
        assert!(dropped.intersect(&top).is_empty(), "{machine}: the drop must miss the top card to test the fan");
        drag(&mut view, &m, area, (grab.x + offset_x, grab.y + offset_y), (bottom.x + offset_x, bottom.y + offset_y));
        assert_eq!(view.session().move_count(), 1, "{machine}: the drop over {to}'s fan was not played");
        let moved = state.pile(from.kind, from.index()).last().unwrap().card;
        let now = view.session().state();
        assert_eq!(now.pile(to.kind, to.index()).last().map(|s| s.card), Some(moved), "{machine}");
    }
}

/// In Aces Up a column's top card, which one click discards, can still be
/// dragged into an empty column (it was discarded, or refused, as the
/// button went down, so no drag ever began).
#[test]
fn aces_up_drags_a_card_into_an_empty_column() {
    let (mut view, m, area, _data) = table("aces-up", MachineId::Yazzle, 1);
    let column = |i| PileId::new(PileKind::Tableau, i);
    let card_of = |view: &Table, i| view.session().state().pile(PileKind::Tableau, i).last().map(|s| s.card);
    let discard = PileId::new(PileKind::Foundation, 0);
    let discardable = (0..4)
        .find(|&i| view.session().state().check(&SolMove::Move { from: column(i), count: 1, to: discard }).is_ok())
        .expect("deal 1 has a card to discard");
    let pressed = top_rect(&view, area, column(discardable));
    click_at(&mut view, &m, area, pressed);
    assert_eq!(view.session().move_count(), 1, "one click discards: {}", view.message());
    assert!(card_of(&view, discardable).is_none(), "the column is empty");
    let other = (discardable + 1) % 4;
    let card = card_of(&view, other);
    let from = centre(top_rect(&view, area, column(other)));
    let empty = centre(top_rect(&view, area, column(discardable)));
    drag(&mut view, &m, area, from, empty);
    assert_eq!(view.session().move_count(), 2, "{}", view.message());
    assert_eq!(card_of(&view, discardable), card, "the card dragged lies in the empty column");
    assert_eq!(view.session().state().pile(PileKind::Foundation, 0).len(), 1);
    // A slow hand moves the pointer a pixel or two at a time: a drag all
    // the same, which lands where it is let go (it was taken for a click,
    // and the card's one-click move played instead).
    let third = (discardable + 2) % 4;
    let card = card_of(&view, third);
    let (from, to) = (centre(top_rect(&view, area, column(third))), centre(top_rect(&view, area, column(other))));
    view.input(&Input::MouseDown { x: from.0, y: from.1, button: Button::Left }, &m, area);
    let steps = (to.0 - from.0).abs().max((to.1 - from.1).abs()) / 2;
    for i in 1..=steps {
        let at = (from.0 + (to.0 - from.0) * i / steps, from.1 + (to.1 - from.1) * i / steps);
        view.input(&Input::MouseMove { x: at.0, y: at.1 }, &m, area);
    }
    view.input(&Input::MouseUp { x: to.0, y: to.1, button: Button::Left }, &m, area);
    assert_eq!(view.session().move_count(), 3, "{}", view.message());
    assert_eq!(card_of(&view, other), card, "the card dragged slowly lies in the empty column");
}

/// Spider's deal 3 played along a winning line (the one the demo plays,
/// which builds a column of over twenty cards): on every screen and at
/// every move each face-up card under another shows its corner where any
/// card size can show them all, the smallest cards are used where none
/// can (the SE/30 fell back to its larger cards, two pixels a card), and
/// the stock stays where it was dealt, at the top, whatever the card size
/// (it jumped to the middle of the screen with the smaller cards).
#[test]
fn spider_s_long_columns_show_every_corner_and_the_piles_stay_at_the_top() {
    use parlour::solitaire::solver::{Limits, Verdict, solve};
    use parlour::views::card_art::CardSize;
    let (view, _m, _area, _data) = table("spider-two-suits", MachineId::MacSe30, 3);
    let Verdict::Won(line) = solve(view.session().state(), &Limits::new(3_000_000, 500)).verdict else {
        panic!("deal 3 is won")
    };
    for machine in [MachineId::MacSe30, MachineId::AmigaPal, MachineId::AmigaDblPal] {
        let (mut view, _m, area, _data) = table("spider-two-suits", machine, 3);
        let stock = PileId::new(PileKind::Stock, 0);
        let dealt_at = view.board().pile_rect(view.session().state(), area, stock).unwrap();
        let mut sizes = Vec::new();
        for text in &line {
            let m = view.session().state().parse_move(text).unwrap();
            view.play_move(&m);
            let st = view.session().state();
            let at = view.board().pile_rect(st, area, stock).unwrap();
            assert!((at.y - dealt_at.y).abs() <= 2, "{machine:?}: the stock moved from {dealt_at:?} to {at:?}");
            let size = CardSize::ALL.into_iter().find(|s| s.dimensions().0 as i32 == at.w).unwrap();
            let shown = (0..10).all(|c| {
                let pile = st.pile(PileKind::Tableau, c);
                let id = PileId::new(PileKind::Tableau, c);
                let rect = |i: usize| view.board().card_rect(st, area, id, i).unwrap();
                (1..pile.len()).all(|i| !pile[i - 1].face_up || rect(i).y - rect(i - 1).y >= size.index_rows())
            });
            assert!(shown || size == CardSize::Small, "{machine:?}: {size:?} cards hide a corner after {text}");
            sizes.push(size);
        }
        if machine == MachineId::MacSe30 {
            assert!(sizes.contains(&CardSize::Small), "the line brings the smallest cards on the SE/30");
        }
    }
}

/// A hint is about the position, which a machine switch leaves as it is:
/// after a switch the hint is still shown (its words, and its mark, which
/// go together until the position changes) and still true, for Hint
/// asked again on the new machine names the same move.
#[test]
fn a_hint_stays_true_across_a_machine_switch() {
    use parlour::app::{driver::Driver, shell::Shell};
    let (view, _data) = super::support::open_game("yukon", 1);
    let yazzle = Machine::new(&MachineChoice { id: Some(MachineId::Yazzle), ..Default::default() }, MachineId::Yazzle);
    let mut d = Driver::new(Shell::new(yazzle.unwrap(), view, 1));
    let hint = |d: &mut Driver| {
        d.command(&Command::Hint);
        for _ in 0..50 {
            if !d.shell().message().contains("thinking") {
                break;
            }
            d.feed(&[Input::Tick { ms: 100 }]);
        }
        d.shell().message()
    };
    let given = hint(&mut d);
    assert!(given.starts_with("Hint: "), "{given}");
    d.command(&Command::Machine(MachineId::AmigaPal));
    assert_eq!(d.shell().message(), given, "the hint is still shown");
    assert_eq!(hint(&mut d), given, "and still true");
}

/// On one-bit screens the keyboard's cursor stands out from the table on
/// a card fanned on white cards and on card backs, on an empty pile and on
/// the stock: in the three rings round what it marks, at least 1.4 rings'
/// worth of pixels differ from the table drawn without it (it changes 1.5
/// to 2). The old cursor, a dark ring inside a light one, changed 0.7 to
/// 1.3 (the dark ring where the ground is light, the light one where it
/// is dark) and on the SE/30 read as a card's outline a pixel thicker,
/// lost on the dotted felt.
#[test]
fn the_one_bit_cursor_changes_the_table_round_what_it_marks() {
    use parlour::machines::{Depth, Key, Modifiers};
    let cases = [
        ("freecell", "an empty free cell", &[Key::Right][..]),
        ("freecell", "a card fanned on others", &[Key::Right, Key::Down]),
        ("klondike", "the stock", &[Key::Right]),
        ("klondike", "a card fanned on backs", &[Key::Right, Key::Down, Key::Right, Key::Right, Key::Right]),
    ];
    for (id, depth) in [(MachineId::MacSe30, None), (MachineId::MacColor, Some(Depth::Bits1))] {
        let m = Machine::new(&MachineChoice { id: Some(id), depth, skin: None }, id).unwrap();
        let area = m.content();
        // Clipped to the table, as the shell draws it.
        let drawn = |view: &Table| {
            let mut s = m.new_surface();
            s.set_clip(area);
            view.draw(&mut s, &m, area);
            s
        };
        for (game, what, keys) in cases {
            let data = tempfile::tempdir().unwrap();
            let mut view = open_table(game, 1, data.path());
            let bare = drawn(&view);
            for &key in keys {
                view.input(&Input::Key { key, mods: Modifiers::default() }, &m, area);
            }
            let (pile, _) = view.board().cursor_at().expect("the cursor shows");
            let r = top_rect(&view, area, pile);
            let marked = drawn(&view);
            // Round its sides and foot: above a card fanned on others the
            // rings leave the top open, not to hide the card above.
            let rings: Vec<(i32, i32)> = (1..=3)
                .flat_map(|k| {
                    let o = r.inset(-k, -k);
                    let across = (o.x..o.right()).map(move |x| (x, o.bottom() - 1));
                    across.chain((r.y..o.bottom() - 1).flat_map(move |y| [(o.x, y), (o.right() - 1, y)]))
                })
                .filter(|&(x, y)| area.contains(x, y))
                .collect();
            let changed = rings.iter().filter(|&&(x, y)| marked.get(x, y) != bare.get(x, y)).count();
            let ring = rings.len() / 3;
            assert!(
                changed * 5 >= ring * 7,
                "{id} {depth:?}, {game}, {what}: {changed} pixels changed, a ring is {ring}"
            );
        }
    }
}

/// The keyboard's cursor on a card fanned on others hides nothing of the
/// cards above it: its rings once crossed the foot of the card above, and
/// on the Amiga PAL that card's 2 of hearts read as a 7.
#[test]
fn the_cursor_hides_nothing_of_the_card_above() {
    use parlour::machines::{Depth, Key, Modifiers};
    let screens = [
        (MachineId::AmigaPal, None),
        (MachineId::MacSe30, None),
        (MachineId::MacColor, Some(Depth::Colours16)),
        (MachineId::Yazzle, None),
    ];
    for (id, depth) in screens {
        let m = Machine::new(&MachineChoice { id: Some(id), depth, skin: None }, id).unwrap();
        let area = m.content();
        let data = tempfile::tempdir().unwrap();
        // Yukon's deal 8: the third column's queen of spades lies on its 2
        // of hearts.
        let mut view = open_table("yukon", 8, data.path());
        let bare = frame(&view, &m, area);
        for key in [Key::Char(' '), Key::Down, Key::Left] {
            view.input(&Input::Key { key, mods: Modifiers::default() }, &m, area);
        }
        let (pile, _) = view.board().cursor_at().expect("the cursor shows");
        let r = top_rect(&view, area, pile);
        let marked = frame(&view, &m, area);
        let above: Vec<(i32, i32)> =
            (area.y..r.y).flat_map(|y| (r.x - 4..r.right() + 4).map(move |x| (x, y))).collect();
        let changed = above.iter().filter(|&&(x, y)| marked.get(x, y) != bare.get(x, y)).count();
        assert_eq!(changed, 0, "{id} {depth:?}: the cursor changed {changed} pixels above the card it marks");
        let foot: Vec<(i32, i32)> =
            (r.bottom()..r.bottom() + 3).flat_map(|y| (r.x..r.right()).map(move |x| (x, y))).collect();
        let below = foot.iter().filter(|&&(x, y)| marked.get(x, y) != bare.get(x, y)).count();
        assert!(below as i32 >= r.w, "{id} {depth:?}: no cursor below the card ({below} pixels changed)");
    }
}

/// The thin dashes on a hint's destination lie on the card's paper only:
/// the Amiga PAL's small cards start their corner index two pixels in,
/// where a frame cut the 3 of diamonds' "3" to a stroke.
#[test]
fn a_hints_destination_frame_leaves_the_corner_index_whole() {
    let (mut view, m, area, _data) = table("klondike", MachineId::AmigaPal, 3);
    let plain = frame(&view, &m, area);
    view.command(&Command::Hint);
    let to = view.board().hinted().and_then(|h| h.to).expect("Klondike's deal 3 opens with a move onto a card");
    let hinted = frame(&view, &m, area);
    let paper = m.look().colour(parlour::machines::Pen::CardFace);
    let card = top_rect(&view, area, to);
    let changed = |x: i32, y: i32| plain.colour_at(x, y) != hinted.colour_at(x, y);
    let face = card.inset(2, 2);
    for y in face.y..face.bottom() {
        for x in face.x..face.right() {
            if changed(x, y) {
                assert_eq!(plain.colour_at(x, y), Some(paper), "the frame covers the card's art at ({x}, {y})");
            }
        }
    }
    assert!((card.x..card.right()).any(|x| changed(x, card.y + 1)), "the destination is framed");
}

/// Hint frames both ends of its move: in FreeCell the cards to move in
/// thick dashes on their edge, and the card or place they go to in thin
/// dashes inside an outline left whole; in Pyramid both cards of a pair,
/// which go together, in thick dashes. Goldens of both, on YaZZle and
/// the Amiga PAL.
#[test]
fn a_hint_frames_where_its_cards_go() {
    use parlour::app::driver::Driver;
    use parlour::app::shell::Shell;
    let (mut view, m, area, _data) = table("freecell", MachineId::Yazzle, 1);
    view.command(&Command::Hint);
    let hint = view.board().hinted().expect("a hint");
    let to = hint.to.expect("a FreeCell move goes somewhere");
    assert_ne!(to, hint.from.0);
    assert_eq!(hint.partner, None);
    let s = frame(&view, &m, area);
    let face = m.look().colour(parlour::machines::Pen::CardFace);
    let r = top_rect(&view, area, to);
    let row = |y: i32| (r.x + 4..r.right() - 4).map(|x| s.colour_at(x, y)).collect::<Vec<_>>();
    let dashes = |y: i32| row(y).chunk_by(|a, b| a == b).count();
    assert!(dashes(r.y + 2) >= 4, "the destination is framed in dashes: {:?}", row(r.y + 2));
    let outline = row(r.y);
    assert!(outline.iter().all(|c| *c == outline[0] && *c != Some(face)), "its outline is left whole");

    let (mut view, m, area, _data) = table("pyramid", MachineId::AmigaPal, 3);
    view.command(&Command::Hint);
    let hint = view.board().hinted().expect("a hint");
    let partner = hint.partner.expect("Pyramid's deal 3 opens with a pair");
    assert_eq!(hint.to, None, "a pair goes nowhere on the table");
    let s = frame(&view, &m, area);
    for pile in [hint.from.0, partner] {
        let r = top_rect(&view, area, pile);
        let edge: Vec<_> = (r.x + 2..r.right() - 2).map(|x| s.colour_at(x, r.y)).collect();
        assert!(edge.chunk_by(|a, b| a == b).count() >= 4, "{pile}: the card's edge is dashed: {edge:?}");
    }

    for (game, id) in [("freecell", MachineId::Yazzle), ("pyramid", MachineId::AmigaPal)] {
        let machine = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
        let (view, _data) = super::support::open_game(game, if game == "pyramid" { 3 } else { 1 });
        let mut d = Driver::new(Shell::new(machine, view, 1));
        d.command(&Command::Hint);
        super::support::assert_golden(&format!("hint-{game}-{}", id.name()), d.frame());
    }
}

/// A badge wider than its card (128 cards left on the Amiga PAL's
/// 26-pixel card) leaves it by as little on either side, not all to the
/// right over the pile beside it; one that fits stays inside the card.
#[test]
fn a_badge_wider_than_its_card_overhangs_it_evenly() {
    let m = Machine::new(&MachineChoice { id: Some(MachineId::AmigaPal), ..Default::default() }, MachineId::AmigaPal)
        .unwrap();
    let card = Rect::new(100, 100, 26, 36);
    let inked = |badge: Badge| {
        let mut s = m.new_surface();
        let blank = s.pixels().to_vec();
        badge::draw(&mut s, m.look(), m.content(), &badge::Place { card, index_rows: 0 }, &[badge]);
        let cols: Vec<i32> = (0..s.width() as i32)
            .filter(|&x| {
                (0..s.height() as i32).any(|y| {
                    s.pixels()[(y * s.width() as i32 + x) as usize] != blank[(y * s.width() as i32 + x) as usize]
                })
            })
            .collect();
        (cols[0], *cols.last().unwrap())
    };
    let (left, right) = inked(Badge::Cards(128));
    let (over_left, over_right) = (card.x - left, right - (card.right() - 1));
    assert!(over_left > 0 && (over_left - over_right).abs() <= 1, "{over_left} and {over_right} pixels over");
    let (left, right) = inked(Badge::Cards(24));
    assert!(left >= card.x && right < card.right(), "{left}..{right} inside the card");
}

/// The badge texts of pile `id` now.
fn badge_texts(view: &Table, id: PileId) -> Vec<String> {
    badge::badges(view.session().state(), id).into_iter().map(Badge::text).collect()
}

/// The colours of `r` in `s`, row by row.
fn pixels(s: &parlour::gfx::Surface, r: Rect) -> Vec<Option<parlour::gfx::Rgb>> {
    (r.y..r.bottom()).flat_map(|y| (r.x..r.right()).map(move |x| (x, y))).map(|(x, y)| s.colour_at(x, y)).collect()
}

/// A click on the stock deals, and its badge counts down: Klondike's
/// cards, Spider's deals across its ten columns, Pyramid's cards with
/// its turns of the waste left beside them. Only the badge, in the
/// pile's lower half, changes: the back above it stays as it was.
#[test]
fn the_stock_s_badge_counts_down_as_it_deals() {
    let stock = PileId::new(PileKind::Stock, 0);
    for (game, machine, before, after) in [
        ("klondike", MachineId::AmigaPal, vec!["24"], vec!["23"]),
        ("spider-one-suit", MachineId::AmigaPal, vec!["5"], vec!["4"]),
        ("pyramid", MachineId::MacSe30, vec!["24", "2"], vec!["23", "2"]),
        ("golf", MachineId::Yazzle, vec!["16"], vec!["15"]),
    ] {
        let (mut view, m, area, _data) = table(game, machine, 1);
        assert_eq!(badge_texts(&view, stock), before, "{game}");
        let r = top_rect(&view, area, stock);
        let (upper, lower) = (Rect::new(r.x, r.y, r.w, r.h / 2), Rect::new(r.x, r.y + r.h / 2, r.w, r.h / 2));
        let shown = frame(&view, &m, area);
        click_at(&mut view, &m, area, r);
        assert_eq!(badge_texts(&view, stock), after, "{game}");
        let dealt = frame(&view, &m, area);
        assert_ne!(pixels(&shown, lower), pixels(&dealt, lower), "{game}: the badge did not change");
        assert_eq!(pixels(&shown, upper), pixels(&dealt, upper), "{game}: more than the badge changed");
    }
}

/// Pyramid's empty stock shows the turns of the waste left on its mat,
/// one fewer after each; Canfield's reserve counts its cards; tableau,
/// foundation and free cells have no badge.
#[test]
fn turns_left_and_reserves_are_counted_and_nothing_else() {
    let stock = PileId::new(PileKind::Stock, 0);
    let (mut view, ..) = table("pyramid", MachineId::AmigaPal, 1);
    while view.session().state().can_deal(0) {
        view.play_move(&SolMove::Deal(0));
    }
    assert_eq!(badge::badges(view.session().state(), stock), [Badge::Turns(2)]);
    view.play_move(&SolMove::Recycle);
    assert_eq!(badge::badges(view.session().state(), stock), [Badge::Cards(24), Badge::Turns(1)]);
    // Forty Thieves turns the waste over never: its stock counts its
    // cards only, not turns that stay at none.
    let (view, ..) = table("forty-thieves", MachineId::AmigaPal, 1);
    assert_eq!(badge::badges(view.session().state(), stock), [Badge::Cards(64)]);
    let (view, ..) = table("canfield", MachineId::AmigaPal, 1);
    assert_eq!(badge_texts(&view, PileId::new(PileKind::Reserve, 0)), ["13"]);
    for game in ["canfield", "freecell", "spider-one-suit"] {
        let (view, ..) = table(game, MachineId::AmigaPal, 1);
        let st = view.session().state();
        let counted: Vec<PileId> =
            st.piles().map(|(id, _)| id).filter(|&id| !badge::badges(st, id).is_empty()).collect();
        let expected: Vec<PileId> = match game {
            "canfield" => vec![stock, PileId::new(PileKind::Reserve, 0)],
            "freecell" => vec![],
            _ => vec![stock],
        };
        assert_eq!(counted, expected, "{game}");
    }
}

/// Pyramid from the keyboard: the first key shows the cursor on a pile
/// that can be played (the stock), not on the covered top of the pyramid;
/// Up from the stock reaches the waste straight above it, not the
/// pyramid's nearer row beside it, and Down comes back. On the Mac SE/30
/// and the Amiga alike.
#[test]
fn the_pyramid_cursor_starts_where_play_can_and_goes_straight_up() {
    use parlour::machines::{Key, Modifiers};
    let key = |k: Key| Input::Key { key: k, mods: Modifiers::default() };
    let (stock, waste) = (PileId::new(PileKind::Stock, 0), PileId::new(PileKind::Waste, 0));
    for machine in [MachineId::MacSe30, MachineId::AmigaPal] {
        let (mut view, m, area, _data) = table("pyramid", machine, 3);
        view.input(&key(Key::Right), &m, area);
        assert_eq!(view.board().cursor_at(), Some((stock, 1)), "{machine:?}: the first key");
        view.input(&key(Key::Char(' ')), &m, area);
        assert_eq!(view.session().move_count(), 1, "{machine:?}: Space on the stock deals");
        view.input(&key(Key::Up), &m, area);
        assert_eq!(view.board().cursor_at(), Some((waste, 1)), "{machine:?}: Up from the stock");
        view.input(&key(Key::Down), &m, area);
        assert_eq!(view.board().cursor_at(), Some((stock, 1)), "{machine:?}: Down from the waste");
    }
}

/// Cards the player has lifted are drawn inverted, and a hint for them
/// frames only where they go: on the Amiga PAL's small cards, its dashes
/// along each lifted card's edges blurred the light index on the dark
/// ground (Yukon, deal 1: a run of five lifted, then Hint). The lifted
/// run looks the same with the hint as with the cursor brought to the
/// same place by the arrows, and the card they go to is marked.
#[test]
fn a_hint_leaves_the_cards_in_hand_unframed() {
    use parlour::machines::{Key, Modifiers};
    let key = |k: Key| Input::Key { key: k, mods: Modifiers::default() };
    let lifted = |machine: MachineId| {
        let (mut view, m, area, data) = table("yukon", machine, 1);
        for k in [Key::Right, Key::Down, Key::Up, Key::Up, Key::Up, Key::Up, Key::Char(' ')] {
            view.input(&key(k), &m, area);
        }
        (view, m, area, data)
    };
    let (mut hinted, m, area, _data) = lifted(MachineId::AmigaPal);
    let (from, count) = hinted.board().cursor_held().expect("a run is lifted");
    assert_eq!(count, 5, "the run of five");
    hinted.command(&Command::Hint);
    let to = hinted.board().hinted().and_then(|h| h.to).expect("the hint names where they go");
    let (mut walked, _, _, _data2) = lifted(MachineId::AmigaPal);
    for _ in 0..20 {
        if walked.board().cursor_at().map(|c| c.0) == Some(to) {
            break;
        }
        walked.input(&key(Key::Right), &m, area);
    }
    assert_eq!(walked.board().cursor_at().map(|c| c.0), hinted.board().cursor_at().map(|c| c.0));
    let (a, b) = (frame(&hinted, &m, area), frame(&walked, &m, area));
    let st = hinted.session().state();
    let len = st.pile(from.kind, from.index()).len();
    let rect = |i: usize| hinted.board().card_rect(st, area, from, i).unwrap();
    let (first, top) = (rect(len - count), rect(len - 1));
    let differ = |r: Rect| (r.y..r.bottom()).any(|y| (r.x..r.right()).any(|x| a.get(x, y) != b.get(x, y)));
    let run = Rect::from_edges(first.x, first.y, top.right(), top.bottom());
    assert!(!differ(run), "the hint marks the lifted cards");
    assert!(differ(top_rect(&hinted, area, to)), "the hint marks where they go");
}

/// Once no move is left (Scorpion, deal 1, played by the hints to its
/// end), Space lifts nothing and says the game is over, where it lifted a
/// card that could go nowhere and left it drawn inverted.
#[test]
fn a_game_with_no_move_left_lifts_no_card_by_the_keyboard() {
    use parlour::core::{Game, Status};
    use parlour::machines::{Key, Modifiers};
    let key = |k: Key| Input::Key { key: k, mods: Modifiers::default() };
    let (mut view, m, area, _data) = table("scorpion", MachineId::AmigaDblPal, 1);
    for _ in 0..400 {
        if view.session().state().status() == Status::Lost {
            break;
        }
        view.command(&Command::Hint);
        view.input(&key(Key::Char(' ')), &m, area);
    }
    assert_eq!(view.session().state().status(), Status::Lost, "the hints did not play deal 1 to its end");
    for _ in 0..2 {
        view.input(&key(Key::Char(' ')), &m, area);
        assert!(view.board().cursor_held().is_none(), "Space lifted a card: {}", view.message());
    }
    assert_eq!(view.message(), "No moves are left. Choose New Game to deal again.");
}

/// A game won takes no more moves: Golf won with cards still in the stock
/// deals no more of them (its moves and score would change under the
/// win's), and says why; a key that would lift a card says so too.
#[test]
fn a_won_game_takes_no_more_moves() {
    use parlour::core::{Game, Status};
    use parlour::machines::{Key, Modifiers};
    use parlour::solitaire::solver::{Limits, Verdict, solve};
    let with_stock_left = (1..200).find_map(|seed| {
        let (mut view, m, area, data) = table("golf", MachineId::AmigaPal, seed);
        let Verdict::Won(line) = solve(view.session().state(), &Limits::new(200_000, 500)).verdict else { return None };
        for text in &line {
            let mv = view.session().state().parse_move(text).unwrap();
            view.play_move(&mv);
        }
        let st = view.session().state();
        (st.status() == Status::Won && !st.pile(PileKind::Stock, 0).is_empty()).then_some((view, m, area, data))
    });
    let (mut view, m, area, _data) = with_stock_left.expect("a deal of Golf won with the stock not dealt out");
    let steps = view.session().steps().len();
    let deal = view.session().state().parse_move("S1").unwrap();
    view.play_move(&deal);
    assert_eq!(view.session().steps().len(), steps, "a move was played on the won game");
    assert!(view.message().ends_with("Choose New Game to deal again."), "{}", view.message());
    view.input(&Input::Key { key: Key::Right, mods: Modifiers::default() }, &m, area);
    view.input(&Input::Key { key: Key::Char(' '), mods: Modifiers::default() }, &m, area);
    assert!(view.message().contains("Choose New Game to deal again."), "{}", view.message());
    assert_eq!(view.session().steps().len(), steps);
}

/// Mode chosen in the Options box over a game in progress asks first;
/// Cancel goes back to the Options box, not to the table.
#[test]
fn cancelling_a_new_mode_goes_back_to_the_options_box() {
    use parlour::views::Response;
    let (mut view, m, area, _data) = table("klondike", MachineId::AmigaPal, 1);
    let stock = view.board().pile_rect(view.session().state(), area, PileId::new(PileKind::Stock, 0)).unwrap();
    let (x, y) = (stock.x + 5, stock.y + 5);
    view.input(&Input::MouseDown { x, y, button: parlour::machines::Button::Left }, &m, area);
    view.input(&Input::MouseUp { x, y, button: parlour::machines::Button::Left }, &m, area);
    assert_eq!(view.session().move_count(), 1, "the stock dealt");
    let Some(Response::Ask(options)) = view.command(&Command::Options) else { panic!("no Options box") };
    let mode = options.buttons.iter().position(|b| b.starts_with("Mode")).expect("a Mode button");
    let Response::Ask(confirm) = view.answer(mode) else { panic!("no question before the new mode") };
    assert_eq!(confirm.title, "Hard Mode");
    let cancel = confirm.buttons.iter().position(|b| b == "Cancel").unwrap();
    assert_eq!(view.answer(cancel), Response::Ask(options), "Cancel left the Options box");
    assert_eq!(view.session().move_count(), 1, "the game in progress goes on");
}
