//! The solver at the table: the status field judged in the background,
//! hints that follow a winning line or say none is left, and Game > Solve
//! playing the line as a demo that a click stops.

use std::time::{Duration, Instant};

use parlour::machines::{Button, Command, Input, Key, Machine, MachineChoice, MachineId, Modifiers};
use parlour::views::View;
use parlour::views::background;
use parlour::views::solitaire::{AUTOPLAY, SOLVE, SOLVER_STATUS};

use super::support::open_game;

fn amiga() -> Machine {
    let id = MachineId::AmigaPal;
    Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap()
}

fn tick(view: &mut dyn View, ms: u32) {
    let m = amiga();
    view.input(&Input::Tick { ms }, &m, m.content());
}

fn solver_field(view: &dyn View) -> Option<String> {
    view.fields().into_iter().find(|(label, _)| *label == "Solver").map(|(_, word)| word)
}

fn moves(view: &dyn View) -> u64 {
    let (_, n) = view.fields().into_iter().find(|(label, _)| *label == "Moves").expect("a move count");
    n.parse().unwrap()
}

#[test]
fn the_status_says_thinking_then_winnable_and_can_be_switched_off() {
    background::allow(true);
    let (mut view, _data) = open_game("freecell", 1);
    assert_eq!(solver_field(&*view).as_deref(), Some("Thinking..."));
    let start = Instant::now();
    while solver_field(&*view).as_deref() == Some("Thinking...") {
        assert!(start.elapsed() < Duration::from_secs(120), "the search answers");
        std::thread::sleep(Duration::from_millis(20));
        tick(&mut *view, 100);
    }
    assert_eq!(solver_field(&*view).as_deref(), Some("Winnable"));
    view.command(&Command::View(SOLVER_STATUS)).expect("the switch is a command");
    assert_eq!(solver_field(&*view), None, "switched off, the field goes");
    view.command(&Command::View(SOLVER_STATUS)).unwrap();
    assert!(solver_field(&*view).is_some(), "switched on, it comes back");
}

/// In `parlour shot` the status shows the verdict the window's search
/// gives at the first tick, never "Thinking...", and a script's moves in a
/// row are judged once, at that tick, not after each of them.
#[test]
fn in_a_shot_the_status_shows_the_verdict_at_the_next_tick() {
    background::set(background::Work::AtOnce);
    let (mut view, _data) = open_game("klondike", 3);
    assert_eq!(solver_field(&*view), None, "judged at the tick, not before");
    tick(&mut *view, 0);
    assert_eq!(solver_field(&*view).as_deref(), Some("Winnable"));
    let (mut view, _data) = open_game("klondike", 15);
    tick(&mut *view, 0);
    assert_eq!(solver_field(&*view).as_deref(), Some("Not winnable"));
}

/// `parlour shot` with nothing but time passing shows the status's
/// word in the Amiga PAL's title bar: the bar differs from the same shot
/// with the status switched off.
#[test]
fn a_shot_shows_the_status_without_a_menu_command_first() {
    use parlour::gfx::image_io::decode_png;
    let dir = tempfile::tempdir().unwrap();
    let title_bar = |name: &str, events: &str| {
        let (script, png) = (dir.path().join(format!("{name}.txt")), dir.path().join(format!("{name}.png")));
        std::fs::write(&script, events).unwrap();
        let out = super::support::parlour()
            .env("PARLOUR_DATA_DIR", dir.path().join(name))
            .args(["shot", "klondike", "--seed", "3", "--machine", "amiga-pal", "--events"])
            .arg(&script)
            .arg("-o")
            .arg(&png)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let frame = decode_png("shot", &std::fs::read(&png).unwrap()).unwrap();
        frame.pixels[..320 * 10].to_vec()
    };
    let on = title_bar("on", "wait 3000\n");
    let off = title_bar("off", "menu Solver > Solver Status\nwait 3000\n");
    assert_ne!(on, off, "the status's word is in the bar");
}

const SOLVE_HELPED: &str = "Solve helped";

/// Ticks until the demo has won, which the status line says.
fn demo_to_its_win(view: &mut dyn View) {
    for _ in 0..2000 {
        if view.message().starts_with(SOLVE_HELPED) {
            break;
        }
        tick(view, 100);
    }
    assert_eq!(view.message(), "Solve helped: counted as lost.", "the demo wins");
}

/// Starts Solve and stops it with a click after its first move.
fn solve_one_move(view: &mut dyn View) {
    view.command(&Command::View(SOLVE)).unwrap();
    tick(view, 100);
    let m = amiga();
    view.input(&Input::MouseDown { x: 5, y: 200, button: Button::Left }, &m, m.content());
    assert_eq!(moves(view), 1, "one demo move, then the click stopped it");
}

/// A game's statistics in `data`: played, won, lost, total score.
fn counted(data: &std::path::Path, id: &str) -> (u64, u64, u64, i64) {
    let stats = parlour::core::stats::Stats::load(data).unwrap();
    stats.game(id).map_or((0, 0, 0, 0), |g| (g.played, g.won, g.lost, g.total_score))
}

#[test]
fn solve_plays_a_winning_line_to_the_end_and_every_step_undoes() {
    background::allow(false);
    let (mut view, data) = open_game("freecell", 1);
    view.command(&Command::View(SOLVE)).expect("Solve is a command");
    assert!(view.message().starts_with("Solving"), "{}", view.message());
    demo_to_its_win(&mut *view);
    assert_eq!(counted(data.path(), "freecell"), (1, 0, 1, 0), "a game the demo won is not the player's win");
    let played = moves(&*view);
    assert!(played > 20, "{played} moves");
    let mut undone = 0;
    while view.can(&Command::Undo) {
        view.command(&Command::Undo);
        undone += 1;
    }
    assert_eq!(undone, played, "every demo move is one undo step, back to the deal");
    assert_eq!(moves(&*view), 0);
}

/// A game the demo won scores nothing, in the status line and in the
/// statistics: no best score, no best time or fewest moves, and its
/// moves, not the player's, stay out of the average.
#[test]
fn a_game_the_demo_won_scores_nothing_and_sets_no_figure() {
    background::allow(false);
    for id in ["klondike", "pyramid"] {
        let seed = if id == "klondike" { 3 } else { 1 };
        let (mut view, data) = open_game(id, seed);
        view.command(&Command::View(SOLVE)).unwrap();
        demo_to_its_win(&mut *view);
        let score = view.fields().into_iter().find(|(label, _)| *label == "Score").map(|(_, n)| n);
        assert_eq!(score.as_deref(), Some("0"), "{id}: the score shown");
        let stats = parlour::core::stats::Stats::load(data.path()).unwrap();
        let g = stats.game(id).unwrap();
        assert_eq!((g.played, g.won, g.lost, g.total_score), (1, 0, 1, 0), "{id}");
        assert_eq!((g.best_score, g.best_time_ms, g.best_moves, g.average_moves()), (None, None, None, None), "{id}");
    }
}

/// The Chance counts cards laid off as its score: a game the demo won
/// shows none, as its Scores box says ("Solve: no cards count"), where
/// the status showed all 52.
#[test]
fn a_chance_game_the_demo_won_shows_no_cards_laid_off() {
    background::allow(false);
    let (mut view, _data) = open_game("the-chance", 1);
    view.command(&Command::View(SOLVE)).unwrap();
    demo_to_its_win(&mut *view);
    let cards = view.fields().into_iter().find(|(label, _)| *label == "Cards").map(|(_, n)| n);
    assert_eq!(cards.as_deref(), Some("0"));
}

#[test]
fn a_click_stops_the_demo() {
    let (mut view, _data) = open_game("freecell", 1);
    view.command(&Command::View(SOLVE)).unwrap();
    for _ in 0..3 {
        tick(&mut *view, 500);
    }
    let before = moves(&*view);
    assert_eq!(before, 3, "the demo plays a move per pause");
    let m = amiga();
    view.input(&Input::MouseDown { x: 5, y: 200, button: Button::Left }, &m, m.content());
    assert_eq!(view.message(), "Solve stopped.");
    // News, not a refusal: the status line keeps it in its place after
    // the figures rather than moving it first.
    assert!(!view.message_is_refusal(), "stopping the demo refused nothing");
    tick(&mut *view, 5000);
    assert_eq!(moves(&*view), before, "no move after the click");
}

/// Undo chosen while the demo runs (its key goes to the menu, not the
/// table) stops the demo, as a key does, and says so, then takes back
/// the demo's last move: the player's command is carried out.
#[test]
fn undo_during_the_demo_stops_it_and_says_so() {
    let (mut view, _data) = open_game("freecell", 1);
    view.command(&Command::View(SOLVE)).unwrap();
    for _ in 0..3 {
        tick(&mut *view, 500);
    }
    assert_eq!(moves(&*view), 3, "the demo plays a move per pause");
    view.command(&Command::Undo).expect("Undo is a command");
    assert!(view.message().starts_with("Solve stopped."), "{}", view.message());
    assert_eq!(moves(&*view), 2, "the demo's last move is taken back");
    tick(&mut *view, 5000);
    assert_eq!(moves(&*view), 2, "no move after the Undo");
    // New Game over the demo's moves asks first: the demo's own words
    // ("Solving: ...") give way to its stop alone.
    view.command(&Command::View(SOLVE)).unwrap();
    tick(&mut *view, 500);
    view.command(&Command::New).expect("New Game is a command");
    assert_eq!(view.message(), "Solve stopped.");
}

/// "A click or a key stops it": a click anywhere in the window, also on
/// the YaZZle skin's frame beyond the table, where clicks otherwise go to
/// nothing; with no demo running such a click still does nothing.
#[test]
fn a_click_on_the_window_s_frame_stops_the_demo() {
    use parlour::app::driver::Driver;
    use parlour::app::shell::Shell;
    let id = MachineId::Yazzle;
    let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
    let area = m.content();
    let frame = (area.x / 2, area.y + area.h / 2);
    assert!(!area.contains(frame.0, frame.1) && m.chrome().button_at(frame.0, frame.1).is_none());
    let (view, _data) = open_game("freecell", 1);
    let mut d = Driver::new(Shell::new(m, view, 1));
    let click = |d: &mut Driver| {
        d.feed(&[
            Input::MouseDown { x: frame.0, y: frame.1, button: Button::Left },
            Input::MouseUp { x: frame.0, y: frame.1, button: Button::Left },
        ])
    };
    click(&mut d);
    assert_eq!(d.shell().message(), "", "no demo: the click does nothing");
    d.command(&Command::View(SOLVE));
    d.feed(&[Input::Tick { ms: 500 }]);
    assert!(d.shell().message().starts_with("Solving"), "{}", d.shell().message());
    click(&mut d);
    assert_eq!(d.shell().message(), "Solve stopped.");
}

/// Without a window (a scripted shot, no search in the background), a
/// hint searches as far as the status's search would: Golf's deal 6
/// needs more positions than a hint in a window waits for.
#[test]
fn a_hint_without_a_window_searches_as_far_as_the_status_does() {
    background::allow(false);
    let (mut view, _data) = open_game("golf", 6);
    view.command(&Command::Hint).expect("Hint is a command");
    assert!(view.message().starts_with("Hint: "), "{}", view.message());
}

/// A hint on a deal proved lost says so, and marks a move that remains
/// (a card that can go home losing nothing, here): the game is not stuck.
#[test]
fn a_hint_on_a_lost_deal_says_no_winning_line_is_left() {
    // Beleaguered Castle's deal 8 is proved lost in 176 positions
    // (parlour solve beleaguered-castle --seed 8).
    let (mut view, _data) = open_game("beleaguered-castle", 8);
    view.command(&Command::Hint).expect("Hint is a command");
    assert_eq!(view.message(), "Try 2\u{2660} to a foundation. No winning line is left.");
    // At the deal there is nothing to undo: Undo is not offered.
    view.command(&Command::View(SOLVE)).unwrap();
    assert_eq!(view.message(), "No winning line from here. Start anew.");
}

/// On the Amiga PAL's title bar, which keeps only a hint's move, the
/// warning that no winning line is left comes in a box as well, the
/// hint whole: without it a hint on a lost deal read as a step on a
/// winning line (The Chance has no solver's field to say so, and
/// Klondike's gives way to the move). YaZZle's message box shows it
/// whole, and no box comes.
#[test]
fn a_hint_on_a_lost_deal_is_told_whole_where_the_title_bar_drops_the_warning() {
    for (game, seed) in [("the-chance", 23), ("beleaguered-castle", 8)] {
        for (id, boxed) in [(MachineId::AmigaPal, true), (MachineId::Yazzle, false)] {
            let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
            let (mut view, _data) = open_game(game, seed);
            view.command(&Command::Hint).expect("Hint is a command");
            view.input(&Input::Tick { ms: 0 }, &m, m.content());
            let said = view.message();
            assert!(said.ends_with(". No winning line is left."), "{game}: {said}");
            let told = view.take_notice().map(|req| req.lines);
            assert_eq!(told, boxed.then(|| vec![said.clone()]), "{game} on {}", id.name());
        }
    }
}

/// When no winning line is found in time, the hint offers a move that
/// loses nothing if there is one (a card no line needs where it lies), and
/// says it is no more than safe.
#[test]
fn a_hint_that_finds_no_line_in_time_offers_only_a_safe_move() {
    // Klondike's deal 19 (Easy, as it opens) is still undecided after 3.5
    // million positions (parlour solve klondike --mode easy --seed 19), far
    // more than a hint searches; its ace of hearts lies face up.
    background::allow(false);
    let (mut view, _data) = open_game("klondike", 19);
    view.command(&Command::Hint).unwrap();
    assert_eq!(view.message(), "Try A\u{2665} to a foundation: it loses nothing. No winning line found in time.");
    // Forty Thieves' deal 14 is undecided after 300,000 positions, and an
    // ace of hearts lies at the foot of a column: in a window, once the
    // hint has waited its two seconds.
    background::allow(true);
    let (mut view, _data) = open_game("forty-thieves", 14);
    view.command(&Command::Hint).unwrap();
    for _ in 0..20 {
        tick(&mut *view, 100);
    }
    assert_eq!(view.message(), "Try A\u{2665} to a foundation: it loses nothing. No winning line found in time.");
}

/// In a window the hint does not search on the window's thread: it says
/// at once that the solver is thinking, and the answer comes with a later
/// tick, from the status's search on a thread of its own.
#[test]
fn a_hint_in_a_window_says_it_is_thinking_and_answers_at_a_tick() {
    background::allow(true);
    let (mut view, _data) = open_game("freecell", 1);
    view.command(&Command::Hint).unwrap();
    assert_eq!(view.message(), "Hint: thinking...");
    let start = Instant::now();
    while view.message() == "Hint: thinking..." {
        assert!(start.elapsed() < Duration::from_secs(60), "the answer comes");
        std::thread::sleep(Duration::from_millis(5));
        tick(&mut *view, 1);
    }
    assert!(view.message().starts_with("Hint: "), "{}", view.message());
    // Solve likewise, on a position the search has yet to judge.
    let (mut view, _data) = open_game("freecell", 2);
    view.command(&Command::View(SOLVE)).unwrap();
    assert_eq!(view.message(), "Solve: thinking...");
}

/// A key or a click while Solve waits for its line stops it, as the
/// demo would be stopped: the line that comes later plays nothing.
#[test]
fn a_solve_still_thinking_is_stopped_by_a_key_or_a_click() {
    background::allow(true);
    let m = amiga();
    let area = m.content();
    let stops = [
        Input::Key { key: Key::Escape, mods: Modifiers::default() },
        Input::MouseDown { x: area.x + 1, y: area.y + area.h - 2, button: Button::Left },
    ];
    for stop in stops {
        let (mut view, _data) = open_game("freecell", 2);
        view.command(&Command::View(SOLVE)).unwrap();
        assert_eq!(view.message(), "Solve: thinking...");
        assert!(view.stops_on_any_click(), "a click anywhere stops it, as it stops the demo");
        view.input(&stop, &m, area);
        assert_eq!(view.message(), "Solve stopped.", "{stop:?}");
        let start = Instant::now();
        while solver_field(&*view).as_deref() == Some("Thinking...") {
            assert!(start.elapsed() < Duration::from_secs(60), "the status's search ends");
            std::thread::sleep(Duration::from_millis(5));
            tick(&mut *view, 1);
        }
        for _ in 0..30 {
            tick(&mut *view, 100);
        }
        assert!(!view.stops_on_any_click(), "{stop:?}: no demo runs");
        assert_eq!(solver_field(&*view).as_deref(), Some("Winnable"));
        assert_eq!(moves(&*view), 0, "{stop:?}: no move was played for the player");
    }
}

/// A hint waits for the status's search no longer than a player would
/// (two seconds of the window's time), then says what it knows.
#[test]
fn a_hint_in_a_window_gives_up_waiting_in_time() {
    background::allow(true);
    // Klondike's deal 19 is not settled within millions of positions.
    let (mut view, _data) = open_game("klondike", 19);
    view.command(&Command::Hint).unwrap();
    for _ in 0..19 {
        tick(&mut *view, 100);
        assert_eq!(view.message(), "Hint: thinking...");
    }
    tick(&mut *view, 100);
    assert_ne!(view.message(), "Hint: thinking...");
    assert_eq!(solver_field(&*view).as_deref(), Some("Thinking..."), "the status's search goes on");
}

#[test]
fn hints_follow_one_winning_line() {
    let (mut view, _data) = open_game("freecell", 1);
    view.command(&Command::Hint).unwrap();
    let first = view.message();
    assert!(first.starts_with("Hint: "), "{first}");
    view.command(&Command::Hint).unwrap();
    assert_eq!(view.message(), first, "the same position, the same hint");
    // Solve plays the same line: after its first move the hint moves on.
    solve_one_move(&mut *view);
    view.command(&Command::Hint).unwrap();
    assert!(view.message().starts_with("Hint: ") && view.message() != first, "{}", view.message());
}

/// With the player's auto-play on, cards safe at home go up after every
/// move: the solver plays so too, so the demo's line is one the table
/// follows to the end (it used to deal round the stock for ever).
#[test]
fn solve_wins_with_auto_play_on() {
    background::allow(false);
    for (id, seed) in [("klondike", 3), ("klondike-draw-three", 1)] {
        let (mut view, _data) = open_game(id, seed);
        view.command(&Command::View(AUTOPLAY)).expect("Klondike has auto-play");
        view.command(&Command::View(SOLVE)).expect("Solve is a command");
        assert!(view.message().starts_with("Solving"), "{id}: {}", view.message());
        demo_to_its_win(&mut *view);
    }
}

#[test]
fn the_chance_is_solved_by_the_demo_too() {
    // The solver wins The Chance's deal 2 (src/solitaire/solver/tests.rs).
    let (mut view, data) = open_game("the-chance", 2);
    view.command(&Command::View(SOLVE)).expect("The Chance has Solve");
    demo_to_its_win(&mut *view);
    assert_eq!(counted(data.path(), "the-chance"), (1, 0, 1, 0), "nor do its cards score");
}

/// Opens `id` with `seed` as the app would, keeping its data in `data`.
fn open_in(data: &std::path::Path, id: &str, seed: u64) -> Box<dyn View> {
    opened_as(data, id, &parlour::host::Opening { seed: Some(seed), fresh_seed: seed, ..Default::default() })
}

/// Opens `id` as the app would, resuming the game its journal in `data`
/// keeps.
fn resume_in(data: &std::path::Path, id: &str) -> Box<dyn View> {
    opened_as(data, id, &parlour::host::Opening::default())
}

/// Opens `id` as `how` says, keeping its data in `data`.
fn opened_as(data: &std::path::Path, id: &str, how: &parlour::host::Opening) -> Box<dyn View> {
    use parlour::host::{self, Places};
    let game = parlour::app::catalog::find(id).unwrap();
    let places = Places { data_dir: data.to_path_buf(), ..parlour::app::catalog::places() };
    host::open(&game, &places, how).unwrap()
}

/// The seed of the game in `id`'s journal.
fn journalled_seed(data: &std::path::Path, id: &str) -> u64 {
    let path = parlour::host::journal::journal_path(data, id);
    parlour::core::save::read_header(&std::fs::read(path).unwrap()).unwrap().seed
}

#[test]
fn winnable_deals_only_replaces_a_lost_deal_by_a_winnable_one_the_same_every_time() {
    use parlour::host::prefs;
    use parlour::solitaire::solver::{Limits, Verdict, solve};
    use parlour::views::solitaire::WINNABLE_ONLY;
    // Beleaguered Castle's deal 8 is proved lost.
    let data = tempfile::tempdir().unwrap();
    let id = "beleaguered-castle";
    drop(open_in(data.path(), id, 8));
    assert_eq!(journalled_seed(data.path(), id), 8, "every deal by default");

    // The Solver menu's switch is kept for every game.
    let mut view = open_in(data.path(), id, 8);
    view.command(&Command::View(WINNABLE_ONLY)).expect("the switch is a command");
    // Said as the launcher says it, for it is the same switch.
    assert_said_whole(&*view, "Winnable deals only, in every game.");
    view.close();
    assert!(prefs::shared_on(data.path(), prefs::WINNABLE));

    // New players of game 8 with the switch on.
    let (one, two) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    for dir in [one.path(), two.path()] {
        prefs::set_shared(dir, prefs::WINNABLE, true).unwrap();
        drop(open_in(dir, id, 8));
    }
    let seed = journalled_seed(one.path(), id);
    assert_ne!(seed, 8, "the lost deal is not dealt");
    assert_eq!(journalled_seed(two.path(), id), seed, "game 8 is the same winnable deal everywhere");
    // Resumed, it is still game 8: the journal keeps the number it was
    // dealt for, not its seed.
    assert_eq!(resume_in(one.path(), id).caption(), "Beleaguered Castle #8");
    let game = parlour::app::catalog::game_type(&parlour::app::catalog::find(id).unwrap()).unwrap().clone();
    use parlour::core::Variant;
    let verdict = solve(&game.variant.deal(seed), &Limits::new(200_000, 64)).verdict;
    assert!(matches!(verdict, Verdict::Won(_)), "{verdict:?}");

    // The first player, whose game 8 was dealt as it comes before the
    // switch, gets the same winnable deal for it now.
    drop(open_in(data.path(), id, 8));
    let journal = parlour::host::journal::journal_path(data.path(), id);
    let resumed = parlour::core::save::load(&journal, &game.variant).unwrap();
    assert_eq!(resumed.seed(), seed, "game 8 is the winnable deal, whatever was resumed");
}

/// A game opened by its number again, with winnable deals only, before
/// any move, resumes as it was: the same deal is not dealt over itself,
/// which left Undo a step back to the same table.
#[test]
fn a_winnable_game_opened_again_by_number_is_not_dealt_over_itself() {
    let data = tempfile::tempdir().unwrap();
    let id = "beleaguered-castle";
    parlour::host::prefs::set_shared(data.path(), parlour::host::prefs::WINNABLE, true).unwrap();
    drop(open_in(data.path(), id, 8));
    let seed = journalled_seed(data.path(), id);
    let view = open_in(data.path(), id, 8);
    let journal = std::fs::read_to_string(parlour::host::journal::journal_path(data.path(), id)).unwrap();
    assert!(!journal.lines().any(|l| l.starts_with("new ")), "dealt again:\n{journal}");
    assert_eq!(journalled_seed(data.path(), id), seed);
    let undo = view.menus().into_iter().flat_map(|m| m.items).find(|i| i.command == Command::Undo).unwrap();
    assert!(!undo.enabled, "Undo has nothing to take back");
}

/// With winnable deals only, a change of mode deals the game's number
/// again under the new rules (its winnable deal for them), not the seed
/// the old rules' search found, which is no number the player chose.
#[test]
fn a_mode_switched_with_winnable_deals_only_deals_the_same_game_number() {
    let data = tempfile::tempdir().unwrap();
    let id = "beleaguered-castle";
    parlour::host::prefs::set_shared(data.path(), parlour::host::prefs::WINNABLE, true).unwrap();
    let mut view = open_in(data.path(), id, 8);
    assert_ne!(journalled_seed(data.path(), id), 8, "game 8 is dealt from another seed");
    view.command(&Command::View(parlour::views::solitaire::HARD));
    assert!(view.caption().ends_with("#8"), "{}", view.caption());
    view.close();
    assert!(resume_in(data.path(), id).caption().ends_with("#8"));
}

/// Opens Beleaguered Castle's game 8 (proved lost) with winnable deals
/// only, its search on a thread of its own.
fn open_dealing_in_background(data: &std::path::Path) -> Box<dyn View> {
    parlour::host::prefs::set_shared(data, parlour::host::prefs::WINNABLE, true).unwrap();
    background::allow(true);
    let view = open_in(data, "beleaguered-castle", 8);
    assert!(view.message().starts_with("Dealing a winnable game: "), "{}", view.message());
    view
}

/// The status line's gauge moves while the number's own deal is searched,
/// not only from one candidate to the next. Golf's 1242928734 is not
/// proved winnable within its own share of the positions (30% of them),
/// so a gauge that moved only between candidates went from 0% to 30% at
/// once.
#[test]
fn the_winnable_deal_gauge_moves_within_the_numbers_own_search() {
    let data = tempfile::tempdir().unwrap();
    parlour::host::prefs::set_shared(data.path(), parlour::host::prefs::WINNABLE, true).unwrap();
    background::allow(true);
    let mut view = open_in(data.path(), "golf", 1_242_928_734);
    let percent_said = |message: &str| -> Option<u8> {
        // In full, or briefly where the status line is narrow.
        let rest = message.strip_prefix("Dealing a winnable game: ").or(message.strip_prefix("Winnable deal: "))?;
        rest.split('%').next()?.parse().ok()
    };
    let mut seen = Vec::new();
    let start = Instant::now();
    while let Some(percent) = percent_said(&view.message()) {
        assert!(start.elapsed() < Duration::from_secs(120), "the search answers");
        if seen.last() != Some(&percent) {
            seen.push(percent);
        }
        std::thread::sleep(Duration::from_millis(2));
        tick(&mut *view, 10);
    }
    assert!(seen.iter().any(|p| (1..30).contains(p)), "percents shown: {seen:?}");
    assert!(seen.windows(2).all(|w| w[0] < w[1]), "the gauge never goes back: {seen:?}");
}

#[test]
fn a_winnable_deal_is_searched_for_on_a_thread_while_the_window_goes_on() {
    let id = "beleaguered-castle";
    // The deal a headless opening finds at once.
    let at_once = tempfile::tempdir().unwrap();
    parlour::host::prefs::set_shared(at_once.path(), parlour::host::prefs::WINNABLE, true).unwrap();
    drop(open_in(at_once.path(), id, 8));
    let seed = journalled_seed(at_once.path(), id);
    assert_ne!(seed, 8);

    let data = tempfile::tempdir().unwrap();
    let mut view = open_dealing_in_background(data.path());
    assert_eq!(solver_field(&*view), None, "the deal on the table meanwhile is not judged");
    assert_eq!(view.command(&Command::New), None, "no command is taken while dealing");
    let m = amiga();
    let click = Input::MouseDown { x: 100, y: 100, button: Button::Left };
    assert_eq!(view.input(&click, &m, m.content()), parlour::views::Response::Unchanged, "nor a click");
    let start = Instant::now();
    while view.message().starts_with("Dealing") {
        assert!(start.elapsed() < Duration::from_secs(120), "the search answers");
        std::thread::sleep(Duration::from_millis(20));
        tick(&mut *view, 100);
    }
    assert_eq!(journalled_seed(data.path(), id), seed, "the same deal as found at once");
    assert!(solver_field(&*view).is_some(), "the deal dealt is judged");
    assert!(view.command(&Command::New).is_some(), "commands are taken again");
}

#[test]
fn escape_stops_the_search_for_a_winnable_deal_and_deals_the_number_as_it_comes() {
    let data = tempfile::tempdir().unwrap();
    let mut view = open_dealing_in_background(data.path());
    let m = amiga();
    let escape = Input::Key { key: parlour::machines::Key::Escape, mods: Default::default() };
    assert_eq!(view.input(&escape, &m, m.content()), parlour::views::Response::Redraw);
    assert!(view.message().contains("dealt as it comes"), "{}", view.message());
    assert_eq!(journalled_seed(data.path(), "beleaguered-castle"), 8);
}

#[test]
fn closing_while_dealing_keeps_a_fresh_game() {
    let data = tempfile::tempdir().unwrap();
    let mut view = open_dealing_in_background(data.path());
    view.close();
    assert_eq!(journalled_seed(data.path(), "beleaguered-castle"), 8, "the number dealt as it comes");
}

/// Where the mode in force deals only winnable deals ([EasyWinnable]
/// Only=1), the Solver menu's switch shows it, checked and greyed: the
/// game type decides it there, and nothing says deals come as they are.
/// The player's own switch, kept for every other game, stays off.
#[test]
fn a_mode_of_winnable_deals_only_checks_and_greys_the_switch() {
    use parlour::views::solitaire::WINNABLE_ONLY;
    let data = tempfile::tempdir().unwrap();
    let folder = data.path().join("Golf Sure");
    std::fs::create_dir(&folder).unwrap();
    let golf = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("game-types/Golf/game.ini");
    let ini = std::fs::read_to_string(golf).unwrap().replace("Name=Golf\n", "Name=Golf Sure\n");
    std::fs::write(folder.join("game.ini"), format!("{ini}\n[EasyWinnable]\nOnly=1\n")).unwrap();
    let switch = |view: &dyn View| {
        let menus = view.menus();
        let solver = menus.iter().find(|m| m.title == "Solver").expect("a Solver menu");
        let item = solver.items.iter().find(|i| i.label == "Winnable Deals Only").expect("the switch");
        (item.checked, item.enabled)
    };
    let mut sure = open_in(data.path(), &folder.to_string_lossy(), 1);
    assert_eq!(switch(&*sure), (true, false), "checked and greyed");
    assert!(!sure.can(&Command::View(WINNABLE_ONLY)));
    sure.command(&Command::View(WINNABLE_ONLY));
    assert!(!sure.message().contains("as they come"), "{}", sure.message());
    assert_eq!(switch(&*sure), (true, false));
    sure.close();
    assert!(!parlour::host::prefs::shared_on(data.path(), parlour::host::prefs::WINNABLE), "the player's switch");
    let golf = open_in(data.path(), "golf", 1);
    assert_eq!(switch(&*golf), (false, true), "the player's to switch");
}

#[test]
fn the_launcher_switches_winnable_deals_for_every_game() {
    use parlour::app::launcher::Launcher;
    use parlour::host::prefs;
    let data = tempfile::tempdir().unwrap();
    let games = vec![("freecell".to_string(), "FreeCell".to_string())];
    let mut launcher = Launcher::listing(games).keeping_choices_in(data.path().to_path_buf());
    let item = |l: &Launcher| {
        let menus = l.menus();
        menus[0].items.iter().find(|i| i.label == "Winnable Deals Only").cloned().expect("the launcher has the switch")
    };
    assert!(!item(&launcher).checked);
    let command = item(&launcher).command.clone();
    launcher.command(&command).expect("it is the launcher's");
    assert!(item(&launcher).checked);
    assert!(prefs::shared_on(data.path(), prefs::WINNABLE));
    assert_said_whole(&launcher, "Winnable deals only, in every game.");
    launcher.command(&command).unwrap();
    assert!(!item(&launcher).checked);
    assert_said_whole(&launcher, "Deals as they come, in every game.");
}

/// `view` says `said`, whole in the status line of the smallest machines.
fn assert_said_whole(view: &dyn View, said: &str) {
    use parlour::machines::Frame;
    assert_eq!(view.message(), said);
    for id in [MachineId::AmigaPal, MachineId::MacSe30] {
        let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
        let (title, fields, menus) = (view.title(), view.fields(), view.menus());
        let frame = Frame { title: &title, menus: &menus, fields: &fields, message: said, ..Frame::default() };
        assert!(m.chrome().shows_whole(m.look(), &frame), "{said:?} is cut on {}", id.name());
    }
}

/// Game > Hint and Game > Solve, one under the other; the Solver menu
/// keeps the status switch and winnable deals.
#[test]
fn hint_and_solve_are_in_the_game_menu() {
    let (view, _data) = open_game("klondike", 1);
    let menus = view.menus();
    let labels = |title: &str| -> Vec<String> {
        let menu = menus.iter().find(|m| m.title == title).unwrap_or_else(|| panic!("no {title} menu"));
        menu.items.iter().filter(|i| !i.is_separator()).map(|i| i.label.clone()).collect()
    };
    let game = labels("Game");
    let hint = game.iter().position(|l| l == "Hint").expect("Game > Hint");
    assert_eq!(game.get(hint + 1).map(String::as_str), Some("Solve"), "{game:?}");
    assert_eq!(labels("Solver"), ["Solver Status", "Winnable Deals Only"]);
}

/// The line found deals from the stock before it lays off the card on
/// the waste, which could go home at once with no line the worse for it:
/// the hint names the lay-off, the move a player expects.
#[test]
fn a_hint_lays_off_first_what_can_go_home_safely() {
    // Klondike's deal 25: after the line's first move, the line deals
    // from the stock while a card on the waste can go home.
    let (mut view, _data) = open_game("klondike", 25);
    solve_one_move(&mut *view);
    view.command(&Command::Hint).unwrap();
    assert!(view.message().ends_with("to a foundation."), "{}", view.message());
}

/// A game Solve played in stays its game after it is closed: won again
/// by Redo once resumed, it is still Solve's, and counted once, as lost.
#[test]
fn the_mark_of_solve_outlives_closing_the_game() {
    background::allow(false);
    let data = tempfile::tempdir().unwrap();
    let mut view = open_in(data.path(), "freecell", 1);
    view.command(&Command::View(SOLVE)).unwrap();
    demo_to_its_win(&mut *view);
    assert_eq!(counted(data.path(), "freecell"), (1, 0, 1, 0));
    view.command(&Command::Undo);
    assert!(view.can(&Command::Redo), "the win taken back");
    view.close();
    drop(view);
    let mut view = resume_in(data.path(), "freecell");
    view.command(&Command::Redo);
    assert_eq!(view.message(), "Solve helped: counted as lost.");
    assert_eq!(counted(data.path(), "freecell"), (1, 0, 1, 0), "not counted again");
}

/// A game already counted (here won by Solve, so counted as lost) and
/// taken back to its deal is not counted again when it is left, so
/// leaving it asks nothing: not New Game, not other rules, not a kept
/// game opened over it.
#[test]
fn leaving_a_game_already_counted_asks_nothing() {
    use parlour::views::Response;
    use parlour::views::solitaire::{EASY, HARD};
    background::allow(false);
    let data = tempfile::tempdir().unwrap();
    let mut view = open_in(data.path(), "klondike", 1);
    view.command(&Command::View(SOLVE)).unwrap();
    demo_to_its_win(&mut *view);
    assert_eq!(counted(data.path(), "klondike"), (1, 0, 1, 0));
    view.command(&Command::BackToStart);
    assert!(!view.can(&Command::Undo), "back at the deal");

    assert_eq!(view.command(&Command::New), Some(Response::Redraw), "New Game deals at once");
    assert!(!view.can(&Command::Redo), "a new deal");
    assert_eq!(counted(data.path(), "klondike"), (1, 0, 1, 0), "counted once");

    // Undo brings the counted game back (at its end); back at its deal,
    // other rules deal anew at once too.
    view.command(&Command::Undo);
    view.command(&Command::BackToStart);
    assert_eq!(view.command(&Command::View(HARD)), Some(Response::Redraw), "Hard deals at once");
    assert_eq!(counted(data.path(), "klondike"), (1, 0, 1, 0));
    view.command(&Command::View(EASY));

    // A kept game opened over a counted game taken back opens at once.
    let mut view = open_in(data.path(), "klondike", 1);
    view.command(&Command::View(SOLVE)).unwrap();
    demo_to_its_win(&mut *view);
    view.command(&Command::SaveAs);
    view.command(&Command::BackToStart);
    view.close();
    drop(view);
    let kept = parlour::host::journal::kept_games(data.path()).remove(0);
    let how = parlour::host::Opening { fresh_seed: 1, file: Some(kept), ..Default::default() };
    let mut view = opened_as(data.path(), "klondike", &how);
    assert!(view.take_question().is_none(), "asked over a game already counted");
    assert!(view.message().starts_with("Opened "), "{}", view.message());
    assert_eq!(counted(data.path(), "klondike"), (2, 0, 2, 0), "each Solve's game counted once");
}

/// While a winnable deal is sought, the solver's word on the last deal is
/// left out: it is no news of the deal to come.
#[test]
fn the_last_verdict_is_not_shown_while_a_winnable_deal_is_sought() {
    use parlour::views::solitaire::WINNABLE_ONLY;
    background::allow(true);
    let (mut view, _data) = open_game("freecell", 1);
    let start = Instant::now();
    while solver_field(&*view).as_deref() != Some("Winnable") {
        assert!(start.elapsed() < Duration::from_secs(120), "the search answers");
        std::thread::sleep(Duration::from_millis(20));
        tick(&mut *view, 100);
    }
    view.command(&Command::View(WINNABLE_ONLY)).unwrap();
    view.command(&Command::New).unwrap();
    assert!(view.message().starts_with("Dealing a winnable game: "), "{}", view.message());
    assert_eq!(solver_field(&*view), None, "{:?}", view.fields());
}

/// On the smallest screens the progress of the search for a winnable deal
/// still says that Escape stops it, in fewer words where need be.
#[test]
fn dealing_says_escape_stops_it_on_the_smallest_screens() {
    use parlour::machines::Frame;
    for id in [MachineId::AmigaPal, MachineId::MacSe30] {
        let data = tempfile::tempdir().unwrap();
        parlour::host::prefs::set_shared(data.path(), parlour::host::prefs::WINNABLE, true).unwrap();
        background::allow(true);
        // Forty Thieves' game 4 takes seconds to find.
        let mut view = open_in(data.path(), "forty-thieves", 4);
        let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
        view.input(&Input::Tick { ms: 100 }, &m, m.content());
        let said = view.message();
        assert!(said.contains('%') && said.contains("Esc"), "{said:?} on {}", id.name());
        let (title, fields) = (view.title(), view.fields());
        let frame = Frame { title: &title, fields: &fields, message: &said, ..Frame::default() };
        assert!(m.chrome().shows_whole(m.look(), &frame), "{said:?} is cut on {}", id.name());
        let escape = Input::Key { key: parlour::machines::Key::Escape, mods: Default::default() };
        view.input(&escape, &m, m.content());
    }
}

/// Opens `id`'s game `number` in `data` with the player's Winnable Deals
/// Only and Auto-play to Foundations on, its position judged at the next
/// tick (as in a shot): the view and the deal dealt.
fn opened_with_auto_play(data: &std::path::Path, id: &str, number: u64) -> (Box<dyn View>, u64) {
    use parlour::host::prefs;
    prefs::set_shared(data, prefs::WINNABLE, true).unwrap();
    prefs::write(data, "solitaire", &[("autoplay", "1".into())]).unwrap();
    background::set(background::Work::AtOnce);
    let mut view = open_in(data, id, number);
    tick(&mut *view, 0);
    (view, journalled_seed(data, id))
}

/// Whether the solver, as `parlour solve` and the winnable-deal dealer run
/// it (no auto-play), wins deal `seed` of `id`.
fn solver_wins(id: &str, seed: u64) -> bool {
    use parlour::core::Variant;
    use parlour::solitaire::solver::{Limits, Verdict, solve};
    let game = parlour::app::catalog::game_type(&parlour::app::catalog::find(id).unwrap()).unwrap().clone();
    matches!(solve(&game.variant.deal(seed), &Limits::new(200_000, 64)).verdict, Verdict::Won(_))
}

/// Auto-play to Foundations is not used in Golf, where laying a card off
/// on the one foundation (built up or down, in any suit) is a choice that
/// can lose: switched on, it laid aces and twos off by itself, so the
/// status called the deals the dealer and `parlour solve` win "Not
/// winnable". The menu greys it, the Options box says so, and the status,
/// the hint and the dealer agree.
#[test]
fn golf_with_auto_play_on_reads_winnable_as_the_dealer_and_the_solver_found() {
    use parlour::app::driver::Driver;
    use parlour::app::shell::Shell;
    let data = tempfile::tempdir().unwrap();
    let (mut view, seed) = opened_with_auto_play(data.path(), "golf", 1);
    assert!(solver_wins("golf", seed), "the dealer dealt deal {seed} as winnable");
    assert_eq!(solver_field(&*view).as_deref(), Some("Winnable"), "deal {seed}");
    assert!(!view.can(&Command::View(AUTOPLAY)), "auto-play is greyed in Golf");
    view.command(&Command::Hint).unwrap();
    assert!(view.message().starts_with("Hint: "), "{}", view.message());
    let mut d = Driver::new(Shell::new(amiga(), view, 1));
    d.command(&Command::Options);
    let lines = d.shell().requester().map(|r| r.lines.clone()).unwrap_or_default();
    assert!(lines.iter().any(|l| l == "Auto-play to foundations: not used in this game"), "{lines:?}");
}

/// With auto-play on, a card the table would lay off waits at the deal
/// (nothing has set auto-play off yet): the solver's line starts with it,
/// so the deal reads Winnable, as without auto-play, and Solve wins it.
/// FreeCell's deal 6 has the ace of diamonds free at the deal; the line
/// the solver found without it first did not fit the table ("Not
/// decided").
#[test]
fn a_lay_off_waiting_at_the_deal_starts_the_line_auto_play_follows() {
    let data = tempfile::tempdir().unwrap();
    let (mut view, seed) = opened_with_auto_play(data.path(), "freecell", 6);
    assert_eq!(seed, 6, "deal 6 is winnable");
    assert_eq!(solver_field(&*view).as_deref(), Some("Winnable"));
    view.command(&Command::Hint).unwrap();
    assert_eq!(view.message(), "Hint: A\u{2666} to a foundation.");
    view.command(&Command::View(SOLVE)).unwrap();
    demo_to_its_win(&mut *view);
}

/// On the Amiga PAL's title bar, the narrowest status line, a hint on a
/// lost deal keeps the move it offers: the bar shows what it shows for
/// the move's sentence alone (it used to keep only "No winning line from
/// here; try this.").
#[test]
fn a_hint_on_a_lost_deal_keeps_its_move_on_the_amiga_title_bar() {
    use parlour::machines::Frame;
    // Golf's deal 2 is proved lost.
    let (mut view, _data) = open_game("golf", 2);
    view.command(&Command::Hint).unwrap();
    let said = view.message();
    let the_move = "Try 4\u{2666} to a foundation.";
    assert!(said.starts_with(the_move), "{said}");
    let m = amiga();
    let (title, fields) = (view.title(), view.fields());
    let bar = |message: &str| {
        let mut s = m.new_surface();
        let frame = Frame { title: &title, fields: &fields, message, ..Frame::default() };
        m.chrome().draw_frame(&mut s, m.look(), &frame);
        s.pixels()[..320 * 10].to_vec()
    };
    assert_eq!(bar(&said), bar(the_move), "the bar keeps {the_move:?} of {said:?}");
    assert_ne!(bar(&said), bar("No winning line is left."), "the bar shows the move");
}
