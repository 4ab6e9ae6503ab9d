//! The Oberon card games: the CardGames panel, and Solitaire, Spider and
//! FreeCell played through the solitaire view in the Oberon way (New and
//! Undo buttons, middle-click moves, FreeCell's click-to-move, the
//! pointing hand), on hand-dealt tables and real deals.

use std::path::Path;
use std::sync::Arc;

use parlour::core::{Game, Variant};
use parlour::gfx::Rect;
use parlour::host::{Controller, Opening, Places};
use parlour::machines::{Button, Command, Input, Key, Machine, MachineChoice, MachineId, Modifiers, Pointer};
use parlour::solitaire::engine::{PileId, SolitaireVariant};
use parlour::solitaire::library::GameType;
use parlour::solitaire::rules::{Mode, PileKind};
use parlour::views::cardgames::CardGamesPanel;
use parlour::views::solitaire::{OberonGame, SolitaireBoard};
use parlour::views::{Response, View};

type Table = Controller<SolitaireVariant, SolitaireBoard>;

fn machine(id: MachineId) -> (Machine, Rect) {
    let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
    let area = m.content();
    (m, area)
}

/// A game.ini of `piles` (kind, count and [PileN] places), the mode
/// sections and extra keys, dealing exactly `cards` (pile letter, pile
/// number, rank, suit, face up) with the rest in a hidden stock.
fn ini(game: &str, sections: &str, places: &str, cards: &[(char, u32, u32, char, bool)]) -> String {
    let head = format!(
        "[General]\nName={game}\nAuthor=Test\n\n[Game]\nDecks=2\nNumCardWide=10\nNumCardHigh=4\nNumCardsDealt={}\n\n{sections}\n{places}\n",
        cards.len()
    );
    head + &dealt(cards)
}

/// The [DealtCardN] sections dealing `cards` (as [`ini`] takes them).
fn dealt(cards: &[(char, u32, u32, char, bool)]) -> String {
    let section = |(i, &(pile, n, rank, suit, up)): (usize, &(char, u32, u32, char, bool))| {
        let face = if up { 'U' } else { 'D' };
        format!(
            "[DealtCard{}]\nPileType={pile}\nPileNumb={n}\nPileRank={rank}\nPileSuit={suit}\nPileFace={face}\n\n",
            i + 1
        )
    };
    cards.iter().enumerate().map(section).collect()
}

fn places(kind: &str, n: u32, y: f64) -> String {
    (1..=n).map(|i| format!("[{kind}{i}]\nX={}\nY={y}\n", i - 1)).collect::<Vec<_>>().join("\n")
}

/// A table of the game type in `text`, played as `game`.
fn table(dir: &Path, text: &str, game: OberonGame) -> Table {
    let folder = dir.join("Test Game");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("game.ini"), text).unwrap();
    let gt = Arc::new(GameType::load(&folder).unwrap_or_else(|d| panic!("{d:?}")));
    let how = Opening { seed: Some(1), fresh_seed: 1, ..Default::default() };
    Controller::open("cardgames", gt.variant.clone(), SolitaireBoard::oberon(gt, game), dir, &how)
}

fn top(view: &Table, area: Rect, id: PileId) -> (i32, i32) {
    let st = view.session().state();
    let n = st.pile(id.kind, id.index()).len();
    let r = if n == 0 {
        view.board().pile_rect(st, area, id).unwrap()
    } else {
        view.board().card_rect(st, area, id, n - 1).unwrap()
    };
    (r.x + r.w / 2, r.y + r.h / 2)
}

fn press(view: &mut Table, m: &Machine, area: Rect, (x, y): (i32, i32), button: Button) -> Response {
    let r = view.input(&Input::MouseDown { x, y, button }, m, area);
    view.input(&Input::MouseUp { x, y, button }, m, area);
    r
}

fn t(n: usize) -> PileId {
    PileId::new(PileKind::Tableau, n - 1)
}

fn pile(view: &Table, id: PileId) -> Vec<String> {
    view.session().state().pile(id.kind, id.index()).iter().map(|s| s.card.to_string()).collect()
}

const FREECELL_KEYS: &str = "[EasyMode]\nCheckFree=1\n\n[HardMode]\nCheckFree=1\n\n[Stock]\nPiles=1\nVisibility=0\nDealTo=Tableau\n\n\
    [Foundation]\nPiles=4\n\n[Tableau]\nPiles=4\nCheckInOrder=1\nSequenceCheck=2\nColorCheck=2\nMaxAllowed=52\n\
    CardYUpOff=0.22\n\n[Reserve]\nPiles=2\nMaxAllowed=1\n";

fn freecell(dir: &Path) -> Table {
    let placed = [
        places("Tableau", 4, 1.2),
        places("Reserve", 2, 0.0),
        (1..=4).map(|i| format!("[Foundation{i}]\nX={}\nY=0\n", i + 2)).collect::<Vec<_>>().join("\n"),
        "[Stock1]\nX=9\nY=0\n".into(),
    ]
    .join("\n");
    let cards = [('T', 1, 5, 'H', true), ('T', 1, 4, 'S', true), ('T', 1, 3, 'D', true), ('T', 2, 1, 'C', true)];
    table(dir, &ini("Cells", FREECELL_KEYS, &placed, &cards), OberonGame::FreeCell)
}

#[test]
fn freecell_selects_with_a_click_moves_with_a_second_and_cancels_on_the_same_card() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::Yazzle);
    let mut view = freecell(dir.path());
    // Select T1, click it again: nothing moves.
    let t1 = top(&view, area, t(1));
    press(&mut view, &m, area, t1, Button::Left);
    press(&mut view, &m, area, t1, Button::Left);
    let empty_t3 = top(&view, area, t(3));
    press(&mut view, &m, area, empty_t3, Button::Left);
    assert_eq!(view.session().move_count(), 0, "the second click let the selection go");
    // Select T1 and click the empty T3: the whole run of three goes (two
    // free cells and one more space carry it).
    press(&mut view, &m, area, t1, Button::Left);
    press(&mut view, &m, area, empty_t3, Button::Left);
    assert_eq!(pile(&view, t(3)), ["5H", "4S", "3D"], "{}", view.message());
    assert!(pile(&view, t(1)).is_empty());
    // Middle click on an empty column moves only the top card.
    let t3 = top(&view, area, t(3));
    press(&mut view, &m, area, t3, Button::Left);
    let t4 = top(&view, area, t(4));
    press(&mut view, &m, area, t4, Button::Middle);
    assert_eq!(pile(&view, t(4)), ["3D"]);
    // Middle click on a card sends it home: the ace of clubs.
    let t2 = top(&view, area, t(2));
    press(&mut view, &m, area, t2, Button::Middle);
    assert_eq!(view.session().state().cards_on_foundations(), 1);
    // The Undo button goes back to the start; no score and no clock.
    let undo = (area.x + 4 + 56 + 6 + 10, area.y + 8);
    for _ in 0..3 {
        press(&mut view, &m, area, undo, Button::Left);
    }
    assert_eq!(view.session().move_count(), 0);
    assert_eq!(pile(&view, t(1)), ["5H", "4S", "3D"]);
    let fields: Vec<&str> = view.fields().iter().map(|f| f.0).collect();
    assert_eq!(fields, ["Moves"]);
}

const SPIDER_KEYS: &str = "[Game]\nSuits=CDHS\n\n[EasyMode]\nName=Remove Completed Suits\n\n[HardMode]\n\
    Name=Leave Completed Suits\nAutoRemove=0\n\n[Stock]\nPiles=1\nDealTo=Tableau\nDealNeedsNoGaps=1\n\n\
    [Foundation]\nPiles=8\nCompleteSequences=1\n\n[Tableau]\nPiles=6\nCheckInOrder=1\nSequenceCheck=2\n\
    StackSuitCheck=1\nMaxAllowed=104\nCardYUpOff=0.22\n";

fn spider(dir: &Path, cards: &[(char, u32, u32, char, bool)]) -> Table {
    let placed = [
        places("Tableau", 6, 1.2),
        (1..=8).map(|i| format!("[Foundation{i}]\nX={}\nY=0\n", i + 1)).collect::<Vec<_>>().join("\n"),
        "[Stock1]\nX=0\nY=0\n".into(),
    ]
    .join("\n");
    // The [Game] keys are merged into the section ini() writes.
    let text = ini("Webs", &SPIDER_KEYS.replacen("[Game]\nSuits=CDHS\n", "", 1), &placed, cards).replacen(
        "[Game]\n",
        "[Game]\nSuits=CDHS\n",
        1,
    );
    table(dir, &text, OberonGame::Spider)
}

/// On the Amiga's lores screen a column of the CardGames' Spider with 22
/// face-up cards cannot show every card's index: each face-up card shows
/// its whole index, or is closed up beneath the ones that do; none is
/// squeezed to the top few rows of its rank (five pixels a card, where 3,
/// 5 and 6 looked alike, and Q and 9). The top card stays on the table.
#[test]
fn a_long_spider_column_shows_each_face_up_rank_whole_or_closes_it_up() {
    use parlour::views::card_art::CardSize;
    let dir = tempfile::tempdir().unwrap();
    let (_m, area) = machine(MachineId::AmigaPal);
    let mut cards: Vec<_> = (1..=4).map(|rank| ('T', 1, rank, 'H', false)).collect();
    cards.extend((1..=13).rev().map(|rank| ('T', 1, rank, 'S', true)));
    cards.extend((5..=13).rev().map(|rank| ('T', 1, rank, 'D', true)));
    cards.extend((2..=6).map(|n| ('T', n, n, 'C', true)));
    let own =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("card-games/Spider/game.ini")).unwrap();
    let rules = &own[..own.find("[DealtCard1]").unwrap()];
    let text = rules.replace("NumCardsDealt=44", &format!("NumCardsDealt={}", cards.len())) + &dealt(&cards);
    let view = table(dir.path(), &text, OberonGame::Spider);
    let st = view.session().state();
    let pile = st.pile(PileKind::Tableau, 0);
    let rects: Vec<Rect> = (0..pile.len()).map(|i| view.board().card_rect(st, area, t(1), i).unwrap()).collect();
    assert_eq!(rects[0].w, CardSize::Small.dimensions().0 as i32, "the smallest cards");
    let rows = CardSize::Small.index_rows();
    let up: Vec<i32> = rects.windows(2).zip(pile).filter(|(_, s)| s.face_up).map(|(w, _)| w[1].y - w[0].y).collect();
    let open = up.iter().position(|&d| d >= rows).expect("face-up cards showing their index");
    assert!(up[..open].iter().all(|&d| d <= 2), "beneath them the deepest are closed up: {up:?}");
    assert!(up[open..].iter().all(|&d| d >= rows), "above them every index shows whole: {up:?}");
    assert!(up.len() - open >= 10, "most face-up cards show their index: {up:?}");
    assert!(rects[rects.len() - 1].bottom() <= area.bottom(), "the top card is off the table: {rects:?}");
}

#[test]
fn spider_middle_click_below_a_column_moves_its_run_to_the_same_suit_first() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let cards = [
        ('T', 1, 9, 'D', true),
        ('T', 1, 5, 'S', true),
        ('T', 1, 4, 'S', true),
        ('T', 2, 6, 'H', true),
        ('T', 3, 6, 'S', true),
        ('T', 4, 13, 'C', true),
        ('T', 5, 13, 'D', true),
        ('T', 6, 13, 'H', true),
    ];
    let mut view = spider(dir.path(), &cards);
    // Well below the cards of column 1.
    let (x, _) = top(&view, area, t(1));
    press(&mut view, &m, area, (x, area.bottom() - 3), Button::Middle);
    assert_eq!(pile(&view, t(3)), ["6S", "5S", "4S"], "{}", view.message());
    // Without a six of spades, another suit comes before a space.
    let other = tempfile::tempdir().unwrap();
    let mut cards2 = cards.to_vec();
    cards2.retain(|c| c.1 != 3 && c.1 != 6);
    let mut view2 = spider(other.path(), &cards2);
    let (x, _) = top(&view2, area, t(1));
    press(&mut view2, &m, area, (x, area.bottom() - 3), Button::Middle);
    assert_eq!(pile(&view2, t(2)), ["6H", "5S", "4S"], "{}", view2.message());
    // The modes carry their names into the menu.
    let menus = view.menus();
    let labels: Vec<&str> = menus[0].items.iter().map(|i| i.label.as_str()).collect();
    assert!(labels.contains(&"Leave Completed Suits"), "{labels:?}");
}

#[test]
fn spider_leaves_a_completed_suit_on_the_table_in_the_hard_mode_until_a_middle_click() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::MacSe30);
    let mut cards: Vec<(char, u32, u32, char, bool)> = (2..=13).rev().map(|r| ('T', 1, r, 'S', true)).collect();
    cards.extend([('T', 2, 1, 'S', true), ('T', 3, 9, 'H', true), ('T', 4, 9, 'H', true)]);
    cards.extend([('T', 5, 9, 'C', true), ('T', 6, 9, 'C', true)]);
    let mut view = spider(dir.path(), &cards);
    view.command(&Command::View(parlour::views::solitaire::HARD));
    assert_eq!(view.session().variant().mode(), Mode::Hard);
    // The hard mode dealt anew (every card on the table is given, so the
    // table is the same); the ace's middle click completes the suit.
    assert_eq!(pile(&view, t(1)).len(), 12);
    let (x2, _) = top(&view, area, t(2));
    press(&mut view, &m, area, (x2, area.bottom() - 3), Button::Middle);
    assert_eq!(pile(&view, t(1)).len(), 13, "the ace joined the run: {}", view.message());
    assert_eq!(view.session().state().cards_on_foundations(), 0, "left on the table");
    let (x1, _) = top(&view, area, t(1));
    press(&mut view, &m, area, (x1, area.bottom() - 3), Button::Middle);
    assert_eq!(view.session().state().cards_on_foundations(), 13, "a middle click sends it up");
}

/// Left on the table (Leave Completed Suits), a finished suit goes up
/// as a drag takes it, where the guide says cards go to a foundation:
/// by a double-click on one of its cards, and by Space twice on it
/// lifted. Its ace alone goes nowhere, and was refused as if no
/// foundation took the suit.
#[test]
fn a_completed_suit_left_on_the_table_goes_up_by_double_click_or_space_twice() {
    let (m, area) = machine(MachineId::Yazzle);
    let mut cards: Vec<(char, u32, u32, char, bool)> = (1..=13).rev().map(|r| ('T', 1, r, 'C', true)).collect();
    cards.extend([('T', 2, 9, 'H', true), ('T', 3, 2, 'H', true)]);
    let left_on_the_table = |dir: &Path| {
        let mut view = spider(dir, &cards);
        view.command(&Command::View(parlour::views::solitaire::HARD));
        assert_eq!(pile(&view, t(1)).len(), 13, "left on the table");
        view
    };
    let dir = tempfile::tempdir().unwrap();
    let mut view = left_on_the_table(dir.path());
    let ace = top(&view, area, t(1));
    press(&mut view, &m, area, ace, Button::Left);
    view.input(&Input::Tick { ms: 100 }, &m, area);
    press(&mut view, &m, area, ace, Button::Left);
    assert_eq!(view.session().state().cards_on_foundations(), 13, "double-click: {}", view.message());

    let dir = tempfile::tempdir().unwrap();
    let mut view = left_on_the_table(dir.path());
    let mut key = |k: Key| {
        view.input(&Input::Key { key: k, mods: Modifiers::default() }, &m, area);
    };
    // The first key shows the cursor on the stock; Down goes to column
    // 1, Up twelve times reaches its king.
    key(Key::Down);
    key(Key::Down);
    for _ in 0..12 {
        key(Key::Up);
    }
    key(Key::Char(' '));
    assert_eq!(view.board().cursor_held(), Some((t(1), 13)), "{}", view.message());
    let mut key = |k: Key| {
        view.input(&Input::Key { key: k, mods: Modifiers::default() }, &m, area);
    };
    key(Key::Char(' '));
    assert_eq!(view.session().state().cards_on_foundations(), 13, "Space twice: {}", view.message());
}

const SOLITAIRE_KEYS: &str = "[EasyMode]\nName=Draw One\nKingsOnly=1\n\n[HardMode]\nName=Draw Three\nKingsOnly=1\nTake3=1\n\n\
    [Stock]\nPiles=1\n\n[Waste]\nPiles=1\n\n[Foundation]\nPiles=4\n\n[Tableau]\nPiles=3\nCheckInOrder=1\n\
    SequenceCheck=2\nColorCheck=2\nCardYDownOff=0.12\nCardYUpOff=0.25\n";

#[test]
fn solitaire_sends_a_card_home_with_the_middle_button_and_points_at_movable_cards() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::MacSe30);
    let placed = [
        "[Stock1]\nX=0\nY=0\n\n[Waste1]\nX=1\nY=0\n".to_string(),
        (1..=4).map(|i| format!("[Foundation{i}]\nX={}\nY=0\n", i + 2)).collect::<Vec<_>>().join("\n"),
        places("Tableau", 3, 1.2),
    ]
    .join("\n");
    let cards = [('T', 1, 1, 'S', true), ('T', 2, 7, 'H', false), ('T', 2, 2, 'S', true), ('T', 3, 13, 'C', true)];
    let text = ini("Klon", SOLITAIRE_KEYS, &placed, &cards).replace("Decks=2", "Decks=1");
    let mut view = table(dir.path(), &text, OberonGame::Solitaire);
    // The pointing hand over a face-up card, the arrow over a face-down one
    // and over the felt.
    let t2 = top(&view, area, t(2));
    let st = view.session().state();
    let down = view.board().card_rect(st, area, t(2), 0).unwrap();
    assert_eq!(view.pointer(t2.0, t2.1, &m, area), Pointer::Hand);
    assert_eq!(view.pointer(down.x + 3, down.y + 2, &m, area), Pointer::Arrow);
    assert_eq!(view.pointer(area.right() - 2, area.bottom() - 2, &m, area), Pointer::Arrow);
    // Middle click: the ace, then the two, go home.
    let t1 = top(&view, area, t(1));
    press(&mut view, &m, area, t1, Button::Middle);
    press(&mut view, &m, area, t2, Button::Middle);
    assert_eq!(view.session().state().cards_on_foundations(), 2, "{}", view.message());
    // A card on a suit stack never comes back.
    let back = view.session().state().parse_move("F1>T1").unwrap();
    assert!(view.session().state().check(&back).is_err());
    // No score, no clock.
    let fields: Vec<&str> = view.fields().iter().map(|f| f.0).collect();
    assert_eq!(fields, ["Moves"]);
    // The New button asks first while a game is under way.
    let r = press(&mut view, &m, area, (area.x + 10, area.y + 8), Button::Left);
    assert!(matches!(r, Response::Ask(_)), "{r:?}");
}

#[test]
fn the_panel_opens_the_games_and_keeps_the_back_and_draws() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let mut panel = CardGamesPanel::new(dir.path());
    assert_eq!((panel.back(), panel.draws()), (0, 3));
    // Tab from Solitaire to the second back and take it; Draws 1 from the
    // keyboard too.
    let key = |p: &mut CardGamesPanel, k: Key| p.input(&Input::Key { key: k, mods: Modifiers::default() }, &m, area);
    for _ in 0..4 {
        key(&mut panel, Key::Tab);
    }
    key(&mut panel, Key::Char(' '));
    assert_eq!(panel.back(), 1);
    for _ in 0..8 {
        key(&mut panel, Key::Tab);
    }
    key(&mut panel, Key::Enter);
    assert_eq!(panel.draws(), 1);
    assert_eq!(panel.message(), "Draw One from Solitaire's next deal.", "a game under way keeps its own");
    key(&mut panel, Key::Enter);
    assert_eq!(panel.message(), "Draw One is chosen already.", "chosen again, nothing changes");
    let prefs = std::fs::read_to_string(dir.path().join("prefs.ini")).unwrap();
    assert!(prefs.contains("[cardgames]") && prefs.contains("back=1") && prefs.contains("draws=1"), "{prefs}");
    // Round past Draws 3 and Open Help to the first control, Solitaire.
    for _ in 0..3 {
        key(&mut panel, Key::Tab);
    }
    let r = key(&mut panel, Key::Char(' '));
    assert_eq!(r, Response::Command(Command::Play("cardgames/solitaire".into())));
    // Reopened, the panel shows the choices kept.
    let again = CardGamesPanel::new(dir.path());
    assert_eq!((again.back(), again.draws()), (1, 1));
}

/// The panel opens with Solitaire framed, and the first Return or Space
/// opens it, as the launcher plays its selected game on the first Return:
/// the framed control is the one the key uses. After a click (which takes
/// the frame away) the first key only shows the frame again.
#[test]
fn the_first_return_on_the_panel_opens_the_framed_solitaire() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let key = |p: &mut CardGamesPanel, k: Key| p.input(&Input::Key { key: k, mods: Modifiers::default() }, &m, area);
    let solitaire = Response::Command(Command::Play("cardgames/solitaire".into()));
    for first in [Key::Enter, Key::Char(' ')] {
        let mut panel = CardGamesPanel::new(dir.path());
        assert_eq!(key(&mut panel, first), solitaire, "{first:?}");
    }
    let mut panel = CardGamesPanel::new(dir.path());
    let (x, y) = (area.x + 2, area.bottom() - 2);
    panel.input(&Input::MouseDown { x, y, button: Button::Left }, &m, area);
    assert_eq!(key(&mut panel, Key::Enter), Response::Redraw, "the key shows the frame after a click");
    assert_eq!(key(&mut panel, Key::Enter), solitaire);
}

#[test]
fn the_games_open_from_the_registry_with_the_panels_draws_and_back() {
    let dir = tempfile::tempdir().unwrap();
    let places = Places { data_dir: dir.path().to_path_buf(), ..parlour::app::catalog::places() };
    parlour::host::prefs::write(dir.path(), "cardgames", &[("back", "4".into()), ("draws", "1".into())]).unwrap();
    for (id, name) in
        [("cardgames/solitaire", "Solitaire"), ("cardgames/spider", "Spider"), ("cardgames/freecell", "FreeCell")]
    {
        let entry = parlour::host::find(id, &places).unwrap();
        assert_eq!(entry.family.id, "cardgames");
        let view =
            parlour::host::open(&entry, &places, &Opening { seed: Some(2), fresh_seed: 2, ..Default::default() })
                .unwrap();
        assert_eq!(view.title(), name);
        assert_eq!(view.game_id().as_deref(), Some(id));
    }
    let entry = parlour::host::find("cardgames/solitaire", &places).unwrap();
    let mut view =
        parlour::host::open(&entry, &places, &Opening { seed: Some(2), fresh_seed: 2, ..Default::default() }).unwrap();
    let menus = view.menus();
    let draw_one = menus[0].items.iter().find(|i| i.label == "Draw One").expect("the Draws modes in the menu");
    assert!(draw_one.checked, "Draws 1 from the panel deals one at a time");
    // The other card games are a shortcut away, as a game type's are.
    // Named by what it opens, a list, not "Card Games..." above "CardGames Panel".
    let choose = menus[0].items.iter().find(|i| i.command == Command::Variants).expect("Choose Game... in the menu");
    assert_eq!((choose.label.as_str(), choose.key), ("Choose Game...", Some('G')));
    let panel = menus[0].items.iter().find(|i| i.command == Command::Play("cardgames".into())).expect("the panel");
    assert_eq!(panel.label, "CardGames Panel");
    view.close();
    let prefs = std::fs::read_to_string(dir.path().join("prefs.ini")).unwrap();
    assert!(prefs.contains("back=4") && prefs.contains("draws=1"), "the game keeps the panel's choices: {prefs}");
    let panel = parlour::host::find("cardgames", &places).unwrap();
    assert_eq!(parlour::host::open(&panel, &places, &Opening::default()).unwrap().title(), "CardGames");
}

#[test]
fn a_freecell_deal_is_won_through_the_view_and_counted() {
    let dir = tempfile::tempdir().unwrap();
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("card-games/FreeCell");
    let gt = Arc::new(GameType::load(&folder).unwrap());
    let how = Opening { seed: Some(5), fresh_seed: 5, ..Default::default() };
    let mut view = Controller::open(
        "cardgames",
        gt.variant.clone(),
        SolitaireBoard::oberon(Arc::clone(&gt), OberonGame::FreeCell),
        dir.path(),
        &how,
    );
    use parlour::solitaire::solver::{Limits, Verdict, solve};
    let Verdict::Won(moves) = solve(view.session().state(), &Limits::new(2_000_000, 500)).verdict else {
        panic!("deal 5 is won")
    };
    let mut last = Response::Unchanged;
    for text in &moves {
        let m = view.session().state().parse_move(text).unwrap();
        last = view.play_move(&m);
    }
    assert_eq!(view.session().state().status(), parlour::core::Status::Won);
    let Response::Ask(req) = last else { panic!("the win is announced in a requester: {last:?}") };
    assert_eq!(req.title, "You won!");
    // "This Solitaire has no scoring system and no timing": the box says
    // the moves, and neither it nor the record keeps a time.
    let moves_said = format!("Moves: {}", moves.len());
    assert!(req.lines.iter().any(|l| l.contains(&moves_said)), "{:?}", req.lines);
    assert!(!req.lines.iter().any(|l| l.contains("Time")), "{:?}", req.lines);
    let stats = parlour::core::Stats::load(dir.path()).unwrap();
    let record = stats.game(gt.variant.id()).cloned().unwrap();
    assert_eq!((record.won, record.best_time_ms, record.best_moves), (1, None, Some(moves.len() as u64)));
    let Some(Response::Ask(shown)) = view.command(&Command::Stats) else { panic!("Statistics shows a box") };
    let best = format!("Fewest moves: {}", moves.len());
    assert!(shown.lines.contains(&best), "{:?}", shown.lines);
    assert!(view.fields().iter().all(|(name, _)| *name != "Time"), "{:?}", view.fields());
}

/// Oberon's games keep no score and no time: `parlour stats` shows
/// neither, though the engine counts the cards laid off as a YaZZle
/// game's score.
#[test]
fn the_statistics_of_a_card_game_show_no_score() {
    let dir = tempfile::tempdir().unwrap();
    let mut stats = parlour::core::Stats::default();
    stats.game_mut("cardgames/freecell").record_game(parlour::core::Outcome::Won, 52, None, 102);
    stats.save(dir.path()).unwrap();
    let out = crate::support::parlour()
        .env("PARLOUR_DATA_DIR", dir.path())
        .args(["stats", "cardgames/freecell"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("won: 1\n") && text.contains("fewest moves: 102\n"), "{text}");
    assert!(!text.contains("total score") && !text.contains("best score"), "{text}");
    assert!(!text.contains("best time"), "{text}");
}

/// `solve` and `deal` play CardGames Solitaire as its window does: in the
/// mode the panel's Draws gives (three cards, Hard, as the panel starts),
/// unless `--mode` says otherwise.
#[test]
fn solve_plays_solitaire_by_the_panels_draws() {
    let dir = tempfile::tempdir().unwrap();
    let options = |extra: &[&str]| {
        let out = crate::support::parlour()
            .env("PARLOUR_DATA_DIR", dir.path())
            .args(["solve", "cardgames/solitaire", "--seed", "4", "--json", "--nodes", "1000"])
            .args(extra)
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        text.split("\"options\":\"").nth(1).and_then(|t| t.split('"').next()).map(String::from).expect(&text)
    };
    assert_eq!(options(&[]), "hard", "the panel starts at three cards");
    parlour::host::prefs::write(dir.path(), "cardgames", &[("draws", "1".into())]).unwrap();
    assert_eq!(options(&[]), "easy");
    assert_eq!(options(&["--mode", "hard"]), "hard");
}

/// The card games keep no score, so their figures start with the move
/// count, and the solver's word comes last, as in every game (a YaZZle
/// game type's for comparison).
#[test]
fn the_solvers_word_comes_after_the_move_count() {
    let labels = |view: &dyn View| view.fields().into_iter().map(|(label, _)| label).collect::<Vec<_>>();
    // In a window, where the status's search runs on a thread of its own
    // and has a word from the deal on.
    parlour::views::background::allow(true);
    let (freecell, _data) = crate::support::open_game("cardgames/freecell", 3);
    assert_eq!(labels(&*freecell), ["Moves", "Solver"]);
    let (klondike, _data) = crate::support::open_game("klondike", 3);
    assert_eq!(labels(&*klondike), ["Score", "Time", "Moves", "Solver"]);
}

/// Oberon's Spider from card-games/, dealt `seed`, keeping its data in `dir`.
fn open_oberon_spider(dir: &Path, seed: u64) -> Controller<SolitaireVariant, SolitaireBoard> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("card-games/Spider");
    let gt = Arc::new(GameType::load(&folder).unwrap());
    let how = Opening { seed: Some(seed), fresh_seed: seed, ..Default::default() };
    Controller::open("cardgames", gt.variant.clone(), SolitaireBoard::oberon(gt, OberonGame::Spider), dir, &how)
}

/// Oberon's Solitaire from card-games/, opened as `how` says, keeping its
/// data in `dir`.
fn open_oberon_solitaire(dir: &Path, how: &Opening) -> Table {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("card-games/Solitaire");
    let gt = Arc::new(GameType::load(&folder).unwrap());
    let board = SolitaireBoard::oberon(gt.clone(), OberonGame::Solitaire);
    Controller::open("cardgames", gt.variant.clone(), board, dir, how)
}

/// Game > Draw One in a Solitaire game under way asks first; cancelled,
/// neither the game nor the panel's Draws change, and confirmed, both do.
#[test]
fn draws_chosen_in_the_menu_and_cancelled_leave_the_panel_s_draws() {
    let dir = tempfile::tempdir().unwrap();
    let kept_draws = || parlour::host::prefs::read(dir.path(), "cardgames").into_iter().find(|(k, _)| k == "draws");
    let mut view = open_oberon_solitaire(dir.path(), &Opening { seed: Some(4), fresh_seed: 4, ..Default::default() });
    let deal = view.session().state().legal_moves().into_iter().next().expect("a move at the deal");
    view.play_move(&deal);
    let draw_one = Command::View(parlour::views::solitaire::EASY);
    for (button, draws, mode) in [(1, "3", Mode::Hard), (0, "1", Mode::Easy)] {
        assert!(matches!(view.command(&draw_one), Some(Response::Ask(_))), "the game under way is given up first");
        view.answer(button);
        view.keep_prefs();
        assert_eq!(view.session().variant().mode(), mode, "button {button}");
        assert_eq!(kept_draws().map(|(_, v)| v).as_deref(), Some(draws), "button {button}: the panel's Draws");
    }
}

/// Draws changed on the panel while a Solitaire game waits: the game
/// comes back as it was dealt, saying when the new Draws begins, whether
/// it was under way or untouched; New Game then deals by it.
#[test]
fn a_game_dealt_under_other_draws_says_when_the_panel_s_take_effect() {
    let dir = tempfile::tempdir().unwrap();
    let draws = |n: &str| parlour::host::prefs::write(dir.path(), "cardgames", &[("draws", n.into())]).unwrap();
    let mode = |view: &Table| view.session().variant().mode();
    draws("3");
    let dealt = open_oberon_solitaire(dir.path(), &Opening { seed: Some(4), fresh_seed: 4, ..Default::default() });
    assert_eq!(mode(&dealt), Mode::Hard);
    drop(dealt);
    draws("1");
    let untouched = open_oberon_solitaire(dir.path(), &Opening::default());
    assert_eq!((mode(&untouched), untouched.session().seed()), (Mode::Hard, 4), "the game waiting comes back");
    assert_eq!(untouched.message(), "Draw One from the next New Game.");
    drop(untouched);
    let mut view = open_oberon_solitaire(dir.path(), &Opening::default());
    let deal = view.session().state().legal_moves().into_iter().next().expect("a move at the deal");
    view.play_move(&deal);
    drop(view);
    let mut resumed = open_oberon_solitaire(dir.path(), &Opening::default());
    assert_eq!(resumed.message(), "Game resumed. Draw One from the next New Game.");
    assert!(matches!(resumed.command(&Command::New), Some(Response::Ask(_))), "the game under way is given up first");
    resumed.answer(0);
    assert_eq!(mode(&resumed), Mode::Easy, "New Game deals by the panel's Draws");
    assert!(!resumed.message().contains("next New Game"), "{}", resumed.message());
}

#[test]
fn the_shell_shows_the_pointing_hand_over_a_card_that_can_move() {
    use parlour::app::driver::Driver;
    use parlour::app::shell::Shell;
    let dir = tempfile::tempdir().unwrap();
    let view = open_oberon_spider(dir.path(), 3);
    let (m, area) = machine(MachineId::Yazzle);
    let (over, under) = {
        let st = view.session().state();
        let n = st.pile(PileKind::Tableau, 0).len();
        let up = view.board().card_rect(st, area, t(1), n - 1).unwrap();
        let down = view.board().card_rect(st, area, t(1), 0).unwrap();
        ((up.x + 5, up.bottom() - 5), (down.x + 5, down.y + 3))
    };
    let mut driver = Driver::new(Shell::new(m, Box::new(view), 1));
    driver.feed(&[Input::MouseMove { x: over.0, y: over.1 }]);
    assert_eq!(driver.shell().pointer(), Pointer::Hand);
    driver.feed(&[Input::MouseMove { x: under.0, y: under.1 }]);
    assert_eq!(driver.shell().pointer(), Pointer::Arrow, "a face-down card cannot move");
}

#[test]
fn goldens_of_the_panel_and_of_spider() {
    use parlour::app::driver::Driver;
    use parlour::app::shell::Shell;
    let dir = tempfile::tempdir().unwrap();
    let (m, _) = machine(MachineId::AmigaPal);
    let driver = Driver::new(Shell::new(m, Box::new(CardGamesPanel::new(dir.path())), 1));
    super::support::assert_golden("cardgames-panel-amiga-pal", driver.frame());
    let view = open_oberon_spider(dir.path(), 7);
    let (m, _) = machine(MachineId::MacSe30);
    let driver = Driver::new(Shell::new(m, Box::new(view), 1));
    super::support::assert_golden("cardgames-spider-mac-se30", driver.frame());
}

/// The command line takes a panel's game by the id `play` takes:
/// `solve`, `deal` and `survey` play its rules, and `lint` checks them
/// alone (its help is the panel's guide, so it has no game.html).
#[test]
fn the_commands_take_a_panel_game_by_its_id() {
    use super::support::run;
    let solved = run(&["solve", "cardgames/freecell", "--seed", "1", "--quiet"]);
    assert_eq!(solved.status.code(), Some(0), "{}", String::from_utf8_lossy(&solved.stderr));
    let dealt = run(&["deal", "cardgames/spider", "--seed", "2"]);
    assert!(dealt.status.success(), "{}", String::from_utf8_lossy(&dealt.stderr));
    assert!(String::from_utf8_lossy(&dealt.stdout).starts_with("Stock1:"));
    let linted = run(&["lint", "cardgames/freecell"]);
    assert!(linted.status.success(), "{}", String::from_utf8_lossy(&linted.stderr));
    assert!(String::from_utf8_lossy(&linted.stdout).contains("FreeCell/game.ini: no problems found"));
}

/// A panel game's folder, or The Chance's, given by its path is checked
/// as by its id: its game.ini alone (it has no help page or picture of
/// its own), the player's own as the built-in ones; and capture draws no
/// picture into it, which nothing would ever show.
#[test]
fn a_panel_games_folder_is_linted_as_by_its_id_and_never_captured() {
    use super::support::parlour;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let mine = data.join("card-games/MyCells");
    std::fs::create_dir_all(&mine).unwrap();
    let freecell = std::fs::read_to_string(root.join("card-games/FreeCell/game.ini")).unwrap();
    std::fs::write(mine.join("game.ini"), freecell.replace("Name=FreeCell", "Name=MyCells")).unwrap();
    let chance = dir.path().join("card-shell/The Chance");
    std::fs::create_dir_all(&chance).unwrap();
    std::fs::copy(root.join("card-shell/The Chance/game.ini"), chance.join("game.ini")).unwrap();
    let run = |args: &[&std::ffi::OsStr]| parlour().env("PARLOUR_DATA_DIR", &data).args(args).output().unwrap();
    let linted = [
        root.join("card-games/FreeCell"),
        root.join("card-shell/The Chance"),
        mine.clone(),
        chance.clone(),
        data.join("card-games"),
    ];
    for folder in &linted {
        let out = run(&["lint".as_ref(), "-q".as_ref(), folder.as_os_str()]);
        let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(out.status.success() && said.is_empty(), "{}: {said}", folder.display());
    }
    for (folder, reader) in [(&mine, "the CardGames panel"), (&chance, "the card shell (The Chance)")] {
        let out = run(&["capture".as_ref(), folder.as_os_str()]);
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!(
                "parlour: {}: played by {reader}, which shows no picture of the game: capture draws the pictures of \
                 YaZZle game types (in game-types)\n",
                folder.display()
            )
        );
        assert!(!folder.join("game.bmp").exists(), "{}", folder.display());
    }
}
