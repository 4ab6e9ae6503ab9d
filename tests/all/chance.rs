//! The Chance as a player meets it: one game with three Sequences rules,
//! its lay-offs as one undo, the word that a game is lost, Back to Start,
//! Forward to End and Replay, the Card Shell's points and Scores, the
//! saves and ids of its three former game types, and the dialogs through
//! `--events`.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use parlour::app::catalog;
use parlour::app::driver::Driver;
use parlour::app::script;
use parlour::app::shell::Shell;
use parlour::core::{Game, Session, Stats, Status, Variant};
use parlour::host::{Controller, Opening, journal};
use parlour::machines::{Command, Depth, Input, Machine, MachineChoice, MachineId};
use parlour::solitaire::chance::{ChanceGame, ChanceVariant, Prospect, Sequences, lay_off_prospect};
use parlour::solitaire::engine::SolMove;
use parlour::views::chance::{ChanceBoard, SEQUENCES};
use parlour::views::{Response, View};

use super::support::{assert_golden, parlour};

type Chance = Controller<ChanceVariant, ChanceBoard>;

fn game() -> ChanceGame {
    let entry = catalog::find("the-chance").unwrap();
    entry.data.downcast_ref::<ChanceGame>().unwrap().clone()
}

/// The Chance under its controller, dealt with `seed` (or resumed, with
/// `None`), keeping its files in `data`.
fn open(seed: Option<u64>, data: &Path) -> Chance {
    let g = game();
    let how = Opening { seed, fresh_seed: 1, ..Opening::default() };
    Controller::open("chance", g.variant.clone(), ChanceBoard::new(Arc::new(g.game_type)), data, &how)
}

fn machine(id: MachineId, depth: Option<Depth>) -> Machine {
    Machine::new(&MachineChoice { id: Some(id), depth, skin: None }, id).unwrap()
}

/// Plays the first move after which cards are laid off by themselves
/// (dealing from the stock until there is one); returns the state before.
fn play_a_move_with_lay_offs(view: &mut Chance) -> parlour::solitaire::engine::Solitaire {
    for _ in 0..200 {
        let state = view.session().state().clone();
        let moves = state.legal_moves();
        for m in &moves {
            let mut trial = view.session().clone();
            if trial.play(m).is_ok() && !trial.steps()[trial.cursor()].auto.is_empty() {
                let before = view.session().cursor();
                view.play_move(m);
                assert_eq!(view.session().cursor(), before + 1, "one move, one step");
                return state;
            }
        }
        let deal = moves.iter().find(|m| matches!(m, SolMove::Deal(_) | SolMove::Recycle)).copied().unwrap();
        view.play_move(&deal);
    }
    panic!("no move set off a lay-off");
}

#[test]
fn one_game_is_listed_and_the_former_ids_name_it_with_their_rule() {
    let out = parlour().arg("list").output().unwrap();
    let list = String::from_utf8(out.stdout).unwrap();
    let chances: Vec<&str> = list.lines().filter(|l| l.contains("Chance")).collect();
    assert_eq!(chances, ["the-chance\tThe Chance"]);
    for (id, rule) in [
        ("the-chance", Sequences::Alternating),
        ("the-chance-any-suit", Sequences::AnySuit),
        ("THE-CHANCE-SAME-SUIT", Sequences::OneSuit),
    ] {
        let entry = catalog::find(id).unwrap();
        assert_eq!((entry.game_id.as_str(), entry.family.id), ("the-chance", "chance"));
        assert_eq!(entry.default_machine, Some(MachineId::MacSe30));
        assert_eq!(entry.data.downcast_ref::<ChanceGame>().unwrap().variant.rule(), rule, "{id}");
    }
    // `parlour play the-chance-same-suit` and scripts of the old ids still
    // work: a shot through the old id deals under its rule.
    let data = tempfile::tempdir().unwrap();
    let png = data.path().join("x.png");
    let out = parlour()
        .env("PARLOUR_DATA_DIR", data.path())
        .args(["shot", "the-chance-same-suit", "--seed", "31", "-o"])
        .arg(&png)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let journal = std::fs::read_to_string(journal::journal_path(data.path(), "the-chance")).unwrap();
    assert!(journal.contains("options: rule=suit\nseed: 31\n"), "{journal}");
}

#[test]
fn the_wins_found_for_each_rule_still_win() {
    for (id, rule) in [
        ("the-chance", Sequences::Alternating),
        ("the-chance-any-suit", Sequences::AnySuit),
        ("the-chance-same-suit", Sequences::OneSuit),
    ] {
        let script = std::fs::read_to_string(format!("{}/tests/wins/{id}.txt", env!("CARGO_MANIFEST_DIR"))).unwrap();
        let mut lines = script.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
        let seed: u64 = lines.next().and_then(|l| l.strip_prefix("seed ")).unwrap().parse().unwrap();
        let mut session = Session::new(game().variant.with_rule(rule), seed);
        for (i, m) in lines.enumerate() {
            session.play_text(m).unwrap_or_else(|e| panic!("{id}: move {} `{m}`: {e}", i + 1));
        }
        assert_eq!(session.state().status(), Status::Won, "{id}");
        // Under another rule the same moves do not all play.
        let other = if rule == Sequences::OneSuit { Sequences::Alternating } else { Sequences::OneSuit };
        let mut session = Session::new(game().variant.with_rule(other), seed);
        let script_moves = script.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')).skip(1);
        let refused = script_moves.map(|m| session.play_text(m)).any(|r| r.is_err());
        assert!(refused || session.state().status() != Status::Won, "{id} wins under {other:?} too");
    }
}

#[test]
fn saves_of_the_three_former_game_types_open() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/saves");
    for (file, rule) in [
        ("legacy-the-chance.save", Sequences::Alternating),
        ("legacy-the-chance-any-suit.save", Sequences::AnySuit),
        ("legacy-the-chance-same-suit.save", Sequences::OneSuit),
    ] {
        let path = dir.join(file);
        // The file names its game: `parlour play FILE` finds The Chance.
        let header = journal::header_of(&path).unwrap();
        let entry = catalog::find(&path.to_string_lossy()).unwrap();
        assert_eq!(entry.game_id, "the-chance", "{file} ({})", header.game);
        let data = tempfile::tempdir().unwrap();
        let copy = data.path().join(file);
        std::fs::copy(&path, &copy).unwrap();
        let g = game();
        let how = Opening { seed: None, fresh_seed: 1, file: Some(copy), ..Opening::default() };
        let view: Chance =
            Controller::open("chance", g.variant.clone(), ChanceBoard::new(Arc::new(g.game_type)), data.path(), &how);
        assert!(view.message().starts_with("Opened"), "{file}: {}", view.message());
        assert_eq!(view.session().variant().rule(), rule, "{file}");
        assert_eq!((view.session().seed(), view.session().move_count()), (31, 2), "{file}");
    }
}

#[test]
fn a_lay_off_chain_is_one_undo_step_and_undo_reaches_the_deal() {
    let data = tempfile::tempdir().unwrap();
    let mut view = open(Some(1), data.path());
    let dealt = view.session().state().clone();
    let before = play_a_move_with_lay_offs(&mut view);
    let after = view.session().state().clone();
    assert!(after.cards_on_foundations() > before.cards_on_foundations());
    view.command(&Command::Undo);
    assert_eq!(view.session().state(), &before, "one undo takes back the move and its whole chain of lay-offs");
    view.command(&Command::Redo);
    assert_eq!(view.session().state(), &after);
    while view.session().can_undo() {
        view.command(&Command::Undo);
    }
    assert_eq!(view.session().state(), &dealt, "undo reaches the start");
}

/// Legal moves picked at random by a fixed generator (xorshift).
struct Picker(u64);

impl Picker {
    fn new(seed: u64) -> Picker {
        Picker(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn legal_move(&mut self, view: &Chance) -> Option<SolMove> {
        let moves = view.session().state().legal_moves();
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (!moves.is_empty()).then(|| moves[(self.0 % moves.len() as u64) as usize])
    }
}

/// Plays moves picked at random (by a fixed generator) until the status
/// line says the game is lost, for at most `limit` moves; returns the view
/// then, if it did, with what the last move answered.
fn play_until_lost(seed: u64, limit: usize, data: &Path) -> Option<(Chance, Response)> {
    let mut view = open(Some(seed), data);
    let mut pick = Picker::new(seed);
    for _ in 0..limit {
        let m = pick.legal_move(&view)?;
        let response = view.play_move(&m);
        if view.message().contains("lost") {
            return Some((view, response));
        }
    }
    None
}

/// A stuck game (seed, view, what its last move answered).
fn a_stuck_game(data: &Path) -> (u64, Chance, Response) {
    (1..40).find_map(|s| play_until_lost(s, 300, data).map(|(v, r)| (s, v, r))).expect("some game got stuck")
}

#[test]
fn the_status_says_when_nothing_more_can_be_laid_off_and_play_goes_on() {
    let data = tempfile::tempdir().unwrap();
    let (seed, mut view, _) = a_stuck_game(data.path());
    let state = view.session().state().clone();
    assert_eq!(
        lay_off_prospect(&state, 1_000_000, &AtomicBool::new(false)),
        Prospect::NoLayOff,
        "seed {seed}: the search agrees"
    );
    assert!(view.message().contains("New Game"), "{}", view.message());
    // The player may keep looking: moves are still played.
    assert_eq!(state.status(), Status::Playing);
    let deal = state.legal_moves().into_iter().find(|m| matches!(m, SolMove::Deal(_) | SolMove::Recycle)).unwrap();
    let cursor = view.session().cursor();
    view.play_move(&deal);
    assert_eq!(view.session().cursor(), cursor + 1);
    // A position with lay-offs ahead says nothing of the kind.
    let mut fresh = open(Some(seed), data.path());
    let m = fresh.session().state().legal_moves()[0];
    fresh.play_move(&m);
    assert!(!fresh.message().contains("lost"), "{}", fresh.message());
}

/// A deal from which nothing can ever be laid off is said lost as it is
/// dealt, not only after the first move, and so again when Restart deals
/// it afresh; untouched, it is not counted.
#[test]
fn a_deal_dead_as_dealt_is_said_lost_before_a_move() {
    let data = tempfile::tempdir().unwrap();
    let dead = |s: u64| {
        let state = open(Some(s), data.path()).session().state().clone();
        lay_off_prospect(&state, 1_000_000, &AtomicBool::new(false)) == Prospect::NoLayOff
    };
    let seed = (1..200).find(|&s| dead(s)).expect("some deal is dead as dealt");
    let data = tempfile::tempdir().unwrap();
    let mut view = open(Some(seed), data.path());
    assert!(view.message().contains("Nothing more can be laid off"), "seed {seed}: {}", view.message());
    let deal = view.session().state().legal_moves().into_iter().find(|m| matches!(m, SolMove::Deal(_))).unwrap();
    view.play_move(&deal);
    view.command(&Command::Restart);
    assert_eq!(view.session().move_count(), 0, "seed {seed}: dealt afresh");
    assert!(view.message().contains("Nothing more can be laid off"), "seed {seed}: {}", view.message());
    assert_eq!(stats(data.path()).played, 1, "seed {seed}: the game played and restarted counts, once");
    // Where the status line keeps only "Nothing more can be laid off." (the
    // Amiga PAL's title bar), a box says the rest: that the game is lost.
    let data = tempfile::tempdir().unwrap();
    let view = open(Some(seed), data.path());
    let mut driver =
        Driver::new(Shell::keeping_in(machine(MachineId::AmigaPal, None), Box::new(view), 1, data.path().into()));
    let steps = script::parse("wait", "wait 100\n").unwrap();
    script::run(&mut driver, "wait", &steps).unwrap();
    let shown = driver.shell().requester().map(|r| r.lines.join(" "));
    assert!(shown.is_some_and(|l| l.contains("this game is lost")), "seed {seed}: no box on amiga-pal");
}

/// A game under way given up for a kept game (Open...) is scored as New
/// Game scores it, its Scores box over it, and the kept game opens as the
/// box closes; the game given up counts once.
#[test]
fn a_game_given_up_for_a_kept_game_shows_its_scores_first() {
    let data = tempfile::tempdir().unwrap();
    let first_move = |view: &mut Chance| {
        let m = view.session().state().legal_moves()[0];
        view.play_move(&m);
    };
    let mut view = open(Some(1), data.path());
    first_move(&mut view);
    view.command(&Command::SaveAs);
    let kept = journal::kept_games(data.path()).remove(0);
    drop(view);
    let mut view = open(Some(2), data.path());
    first_move(&mut view);
    view.close();
    drop(view);
    let played = stats(data.path()).played;
    let g = game();
    let how = Opening { seed: None, fresh_seed: 1, file: Some(kept), ..Opening::default() };
    let mut view: Chance =
        Controller::open("chance", g.variant.clone(), ChanceBoard::new(Arc::new(g.game_type)), data.path(), &how);
    let Response::Ask(scores) = view.answer(0) else { panic!("no Scores box: {}", view.message()) };
    assert!(scores.title.contains("Score"), "{scores:?}");
    assert_eq!(view.session().seed(), 2, "the game given up stays in view under its scores");
    assert_eq!(stats(data.path()).played, played + 1);
    view.answer(0);
    assert_eq!((view.session().seed(), view.session().move_count()), (1, 1), "the kept game opens");
    assert!(view.message().starts_with("Opened"), "{}", view.message());
    assert_eq!(stats(data.path()).played, played + 1, "counted once");
}

/// A game found lost (nothing more can be laid off) is counted at once,
/// with its scores shown, and only once: giving it up later, even after
/// it is resumed, counts nothing more.
#[test]
fn a_game_found_lost_is_counted_at_once_and_once_only() {
    let data = tempfile::tempdir().unwrap();
    let (seed, mut view, _) = a_stuck_game(data.path());
    let cards = view.session().state().cards_on_foundations();
    let s = stats(data.path());
    assert_eq!((s.played, s.lost), (1, 1), "seed {seed}: counted when found lost");
    let points = Sequences::Alternating.points(cards, false);
    assert_eq!(s.extra["points"], points.to_string());
    view.close();
    drop(view);
    let mut back = open(None, data.path());
    assert!(back.session().move_count() > 0, "resumed");
    assert_eq!(back.message(), "Lost game resumed: New Game deals another.");
    // Counted already, it is left without a question.
    assert_eq!(back.command(&Command::New), Some(Response::Redraw), "New Game asked");
    assert_eq!(back.session().move_count(), 0, "the next game is dealt");
    let s = stats(data.path());
    assert_eq!((s.played, s.lost), (1, 1), "not counted again after it was resumed");
}

/// A game found lost is over, and the solver's status knows it at once:
/// it says "Not winnable" beside the word that the game is lost, never
/// "Thinking..." (its search would only come to the same, and no tick
/// brings a verdict while the Scores box is up), and so again once the
/// status is switched off and on.
#[test]
fn the_solver_status_of_a_game_found_lost_is_not_winnable_at_once() {
    let data = tempfile::tempdir().unwrap();
    let (seed, mut view, _) = a_stuck_game(data.path());
    view.command(&Command::Undo);
    // As in the window: the status's search runs on a thread, whose
    // verdict only a tick would take.
    parlour::views::background::allow(true);
    view.command(&Command::Redo);
    assert!(view.message().contains("lost"), "seed {seed}: {}", view.message());
    let solver = |view: &Chance| view.fields().into_iter().find(|(label, _)| *label == "Solver").map(|(_, w)| w);
    assert_eq!(solver(&view).as_deref(), Some("Not winnable"), "seed {seed}");
    for _ in 0..2 {
        view.command(&Command::View(parlour::views::solitaire::SOLVER_STATUS));
    }
    assert_eq!(solver(&view).as_deref(), Some("Not winnable"), "seed {seed}: switched off and on");
    parlour::views::background::allow(false);
}

/// The box of a game found lost has OK first, where Return presses it:
/// the player finds the loss while pressing Return to deal, and one press
/// more keeps the lost table in view. Its New Game deals the next game.
#[test]
fn the_box_of_a_game_found_lost_keeps_the_table_on_return() {
    let data = tempfile::tempdir().unwrap();
    let (seed, mut view, said) = a_stuck_game(data.path());
    let Response::Ask(scores) = said else { panic!("seed {seed}: no box when found lost: {said:?}") };
    assert_eq!(scores.buttons, ["OK", "New Game"]);
    let moves = view.session().move_count();
    view.answer(0);
    assert_eq!(view.session().move_count(), moves, "OK leaves the lost game on the table");
    let data = tempfile::tempdir().unwrap();
    let (_, mut view, _) = a_stuck_game(data.path());
    assert_eq!(view.answer(1), Response::Redraw);
    assert_eq!(view.session().move_count(), 0, "New Game deals the next game");
}

/// A game whose end needs the thorough search: the quick one cannot tell
/// there, so the word comes a few ticks later, play never waiting for it.
/// (Seed 19 played at random, as `play_until_lost` plays, ends so.)
#[test]
fn a_long_search_tells_later_without_holding_up_play() {
    let data = tempfile::tempdir().unwrap();
    let m = machine(MachineId::MacSe30, None);
    let mut view = open(Some(19), data.path());
    let mut pick = Picker::new(19);
    for _ in 0..400 {
        let next = pick.legal_move(&view).expect("moves are left");
        view.play_move(&next);
        let said_at_once = view.message().contains("lost");
        for _ in 0..3000 {
            if !view.board().searching() {
                break;
            }
            view.input(&Input::Tick { ms: 10 }, &m, m.content());
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        if view.message().contains("lost") {
            let state = view.session().state();
            assert_eq!(lay_off_prospect(state, 1_000_000, &AtomicBool::new(false)), Prospect::NoLayOff);
            assert!(!said_at_once, "the quick search told at once");
            return;
        }
    }
    panic!("the game did not end");
}

/// Ticks until the thorough search, if one runs, has answered.
fn let_the_search_answer(view: &mut Chance, m: &Machine) {
    for _ in 0..3000 {
        if !view.board().searching() {
            return;
        }
        view.input(&Input::Tick { ms: 10 }, m, m.content());
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("the search did not answer");
}

/// Steps back from the lost position at the end of the game and to it
/// again by `back` and `forward` (Undo and Redo, Back to Start and
/// Forward to End): it is said lost again, and counted no more.
fn steps_back_to_a_lost_game(view: &mut Chance, m: &Machine, back: Command, forward: Command, data: &Path) {
    let (lost, said) = (view.session().state().clone(), view.message());
    view.command(&back).unwrap();
    let_the_search_answer(view, m);
    view.command(&forward).unwrap();
    assert_eq!(view.session().state(), &lost, "{forward:?} comes back to the lost position");
    let_the_search_answer(view, m);
    assert_eq!(view.message(), said, "said again after {back:?} and {forward:?}");
    assert_eq!(view.input(&Input::Tick { ms: 10 }, m, m.content()), Response::Unchanged, "no box shown again");
    let s = stats(data);
    assert_eq!((s.played, s.lost), (1, 1), "counted once");
}

/// Moves > Replay played to its end on a lost position says the game is
/// lost there, as stepping to it does (it left the status line empty).
fn replays_to_a_lost_game(view: &mut Chance, m: &Machine) {
    let (lost, said) = (view.session().state().clone(), view.message());
    view.command(&Command::Replay).unwrap();
    for _ in 0..2000 {
        if view.session().state() == &lost {
            break;
        }
        view.input(&Input::Tick { ms: 100 }, m, m.content());
    }
    assert_eq!(view.session().state(), &lost, "the replay reaches the lost position");
    let_the_search_answer(view, m);
    assert_eq!(view.message(), said, "said again at the end of the replay");
}

/// A lost game is said lost again on stepping back to it, as a win's
/// ending is, whether the quick search found it lost or the thorough
/// one (seed 19, as `a_long_search_tells_later_without_holding_up_play`
/// plays it), and counted only once; and so at the end of a replay.
#[test]
fn a_lost_game_is_said_lost_again_on_stepping_back_to_it() {
    let m = machine(MachineId::MacSe30, None);
    let data = tempfile::tempdir().unwrap();
    let (seed, mut view, _) = a_stuck_game(data.path());
    assert!(view.message().contains("lost"), "seed {seed}: {}", view.message());
    view.answer(0);
    steps_back_to_a_lost_game(&mut view, &m, Command::Undo, Command::Redo, data.path());
    steps_back_to_a_lost_game(&mut view, &m, Command::BackToStart, Command::ForwardToEnd, data.path());
    replays_to_a_lost_game(&mut view, &m);

    let data = tempfile::tempdir().unwrap();
    let mut view = open(Some(19), data.path());
    let mut pick = Picker::new(19);
    while !view.message().contains("lost") {
        let next = pick.legal_move(&view).expect("moves are left");
        view.play_move(&next);
        let_the_search_answer(&mut view, &m);
    }
    view.answer(0);
    steps_back_to_a_lost_game(&mut view, &m, Command::Undo, Command::Redo, data.path());
    steps_back_to_a_lost_game(&mut view, &m, Command::BackToStart, Command::ForwardToEnd, data.path());
}

#[test]
fn back_to_start_forward_to_end_and_replay() {
    let data = tempfile::tempdir().unwrap();
    let mut view = open(Some(3), data.path());
    let m = machine(MachineId::MacSe30, None);
    let area = m.content();
    let dealt = view.session().state().clone();
    for _ in 0..6 {
        let next = view.session().state().legal_moves()[0];
        view.play_move(&next);
    }
    let end = view.session().state().clone();
    let menus = view.menus();
    let moves = menus.iter().find(|m| m.title == "Moves").unwrap();
    let enabled = |c: &Command| moves.items.iter().find(|i| &i.command == c).unwrap().enabled;
    assert!(enabled(&Command::BackToStart) && enabled(&Command::Replay) && !enabled(&Command::ForwardToEnd));

    view.command(&Command::BackToStart).unwrap();
    assert_eq!(view.session().state(), &dealt);
    view.command(&Command::ForwardToEnd).unwrap();
    assert_eq!(view.session().state(), &end);

    // Replay: back to the deal, then a move per pause up to the end.
    view.command(&Command::Replay).unwrap();
    assert_eq!(view.session().state(), &dealt);
    let mut seen = vec![view.session().cursor()];
    for _ in 0..40 {
        view.input(&Input::Tick { ms: 100 }, &m, area);
        if seen.last() != Some(&view.session().cursor()) {
            seen.push(view.session().cursor());
        }
        if view.session().state() == &end {
            break;
        }
    }
    assert_eq!(view.session().state(), &end, "the replay reaches the final position");
    assert_eq!(seen, (seen[0]..seen[0] + 7).collect::<Vec<_>>(), "one move at a time");
    assert_eq!(view.session().elapsed_ms(), 0, "the clock does not run in a replay");

    // A click stops a replay where it is.
    view.command(&Command::Replay).unwrap();
    for _ in 0..9 {
        view.input(&Input::Tick { ms: 100 }, &m, area);
    }
    let stopped = view.session().cursor();
    view.input(&Input::MouseDown { x: 1, y: 200, button: parlour::machines::Button::Left }, &m, area);
    for _ in 0..20 {
        view.input(&Input::Tick { ms: 100 }, &m, area);
    }
    assert_eq!(view.session().cursor(), stopped);
    assert!(stopped > view.session().game_start() && view.session().state() != &end);
    // Every step is reversible.
    view.command(&Command::ForwardToEnd).unwrap();
    assert_eq!(view.session().state(), &end);

    // A key stops one too, as the status line says.
    view.command(&Command::Replay).unwrap();
    assert_eq!(view.message(), "Replaying the game: a click or a key stops it.");
    view.input(&Input::Tick { ms: 300 }, &m, area);
    let stopped = view.session().cursor();
    let escape = Input::Key { key: parlour::machines::Key::Escape, mods: Default::default() };
    view.input(&escape, &m, area);
    view.input(&Input::Tick { ms: 2000 }, &m, area);
    assert_eq!(view.session().cursor(), stopped, "a key stops the replay");
    view.command(&Command::ForwardToEnd).unwrap();

    // Closed during a replay, the game is kept where the player was.
    view.command(&Command::Replay).unwrap();
    view.input(&Input::Tick { ms: 100 }, &m, area);
    assert_ne!(view.session().state(), &end);
    view.close();
    drop(view);
    let back = open(None, data.path());
    assert_eq!(back.session().state(), &end, "resumed where the replay began");
}

fn stats(data: &Path) -> parlour::core::GameStats {
    Stats::load(data).unwrap().game("the-chance").cloned().unwrap_or_default()
}

#[test]
fn new_game_scores_the_game_by_its_rule_and_shows_the_scores() {
    let data = tempfile::tempdir().unwrap();
    let mut view = open(Some(1), data.path());
    play_a_move_with_lay_offs(&mut view);
    let cards = view.session().state().cards_on_foundations();
    let Some(Response::Ask(confirm)) = view.command(&Command::New) else { panic!("New Game did not ask") };
    assert_eq!(confirm.title, "New Game");
    let Response::Ask(scores) = view.answer(0) else { panic!("no scores after New Game") };
    assert_eq!(scores.title, "Scores");
    let points = Sequences::Alternating.points(cards, false);
    let cards_text = if cards == 1 { "1 card".to_string() } else { format!("{cards} cards") };
    assert_eq!(scores.lines[0], format!("Lost with {cards_text}: {points} points."));
    let s = stats(data.path());
    assert_eq!((s.played, s.lost), (1, 1));
    assert_eq!(s.extra["points"], points.to_string());
    assert_eq!(s.extra["alternating-games"], "1");
    view.answer(0);
    assert_eq!(view.session().move_count(), 0, "the next game is dealt as the box closes");

    // `parlour stats` prints the same figures.
    let out = parlour().env("PARLOUR_DATA_DIR", data.path()).args(["stats", "the-chance"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    for line in [
        "played: 1".to_string(),
        "won: 0".into(),
        "winning percentage: 0%".into(),
        "longest losing streak: 1".into(),
        format!("points: {points}"),
        format!("alternating points: {points}"),
        "alternating games: 1".into(),
    ] {
        assert!(text.lines().any(|l| l == line), "no `{line}` in:\n{text}");
    }
    assert!(text.lines().any(|l| l.starts_with("average moves: ")), "{text}");
    assert!(!text.contains("_scored"), "bookkeeping is not shown:\n{text}");
    // Its points are its score: the common score, always 0, is not shown.
    assert!(!text.contains("total score") && !text.contains("best score"), "{text}");
}

/// As the Card Shell scored, after New Game is chosen and before the next
/// game is dealt: the Scores box shows over the game given up, its rule
/// still in force, and the next game (with the rule chosen for it) is
/// dealt as the box closes. A player who quits with the box open finds
/// the next deal, as asked, the game given up counted once.
#[test]
fn the_scores_box_shows_over_the_game_given_up_and_the_deal_follows_it() {
    let data = tempfile::tempdir().unwrap();
    let mut view = open(Some(1), data.path());
    view.command(&Command::View(SEQUENCES));
    view.choose(0, 2);
    play_some(&mut view, 1);
    let given_up = view.session().state().clone();
    view.command(&Command::New);
    let Response::Ask(scores) = view.answer(0) else { panic!("no scores after New Game") };
    assert_eq!(scores.title, "Scores");
    assert_eq!(view.session().state(), &given_up, "the box shows over the game given up");
    assert_eq!(view.session().variant().rule(), Sequences::Alternating, "under its own rule");
    view.answer(0);
    assert_eq!(view.session().move_count(), 0, "dealt as the box closes");
    assert_eq!(view.session().variant().rule(), Sequences::OneSuit, "with the rule chosen for it");

    let data = tempfile::tempdir().unwrap();
    let mut view = open(Some(1), data.path());
    play_some(&mut view, 1);
    let given_up = view.session().state().clone();
    let number = |s: &Session<_>| s.number().unwrap_or_else(|| s.seed());
    let given_up_number = number(view.session());
    view.command(&Command::New);
    view.answer(0);
    view.close();
    drop(view);
    let mut back = open(None, data.path());
    assert!(back.session().state() != &given_up, "the game given up is not on the table");
    assert_ne!(number(back.session()), given_up_number, "the next deal, as asked");
    assert_eq!(back.session().move_count(), 0);
    assert_eq!(back.command(&Command::New), Some(Response::Redraw), "untouched: nothing is asked");
    assert_eq!((stats(data.path()).played, stats(data.path()).lost), (1, 1), "counted once");
}

/// Restart (the YaZZle skin's button) gives the game up as New Game does:
/// it asks first, and once the player says so scores the game and shows
/// the Scores box; the same deal is back on the table.
#[test]
fn restart_asks_and_scores_the_game_left_as_new_game_does() {
    let data = tempfile::tempdir().unwrap();
    let mut view = open(Some(1), data.path());
    play_some(&mut view, 1);
    let dealt = view.session().state_at(view.session().game_start()).unwrap().clone();
    let Some(Response::Ask(confirm)) = view.command(&Command::Restart) else { panic!("Restart did not ask") };
    assert_eq!(
        (confirm.title.as_str(), confirm.lines[1].as_str()),
        ("Restart", "The game in progress counts as lost.")
    );
    assert_eq!(stats(data.path()).played, 0, "nothing is counted before the answer");
    let Response::Ask(scores) = view.answer(0) else { panic!("no scores after Restart") };
    assert_eq!(scores.title, "Scores");
    assert_eq!((stats(data.path()).played, stats(data.path()).lost), (1, 1));
    view.answer(0);
    assert_eq!(view.session().state(), &dealt, "the same deal again as the box closes");
}

/// Restart was only the YaZZle toolbar's button: no menu had it and
/// Ctrl+R did nothing. On every machine the File menu (Project on the
/// Amiga) has it with its key, Ctrl+R asks over a game under way, and the
/// help tells of both.
#[test]
fn restart_is_in_the_file_menu_with_its_key_on_every_machine() {
    for id in MachineId::ALL {
        let data = tempfile::tempdir().unwrap();
        let mut view = open(Some(1), data.path());
        play_some(&mut view, 1);
        let mut d = Driver::new(Shell::new(machine(id, None), Box::new(view), 1));
        let menus = d.shell().menus();
        let file = menus.iter().find(|m| ["File", "Project"].contains(&m.title.as_str())).expect("a File menu");
        let restart = file.items.iter().find(|i| i.label == "Restart").unwrap_or_else(|| panic!("{id:?}: no Restart"));
        assert_eq!((&restart.command, restart.key), (&Command::Restart, Some('R')), "{id:?}");
        run_events(&mut d, "key ctrl+r\n");
        let asked = d.shell().requester().unwrap_or_else(|| panic!("{id:?}: Ctrl+R asked nothing"));
        assert_eq!(asked.lines[0], "Start this game again?", "{id:?}");
    }
    let help = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/guide/the-chance.imaj")).unwrap();
    assert!(help.contains("- Restart (Ctrl+R)"), "the help's File menu tells of Restart");
}

/// Before any game is scored, `parlour stats the-chance` already names
/// every figure of the Scores box, at 0.
#[test]
fn stats_name_the_points_before_the_first_game() {
    let data = tempfile::tempdir().unwrap();
    let out = parlour().env("PARLOUR_DATA_DIR", data.path()).args(["stats", "the-chance"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    for line in ["played: 0", "points: 0", "alternating points: 0", "any games: 0", "suit wins: 0"] {
        assert!(text.lines().any(|l| l == line), "no `{line}` in:\n{text}");
    }
}

/// Plays the first legal move `n` times.
fn play_some(view: &mut Chance, n: usize) {
    for _ in 0..n {
        let m = view.session().state().legal_moves()[0];
        view.play_move(&m);
    }
}

/// "Game resumed." is news of the moment: the player's first action of
/// any kind takes it back, not only a move: a machine switched (a command
/// the shell runs, not the game), the solver's status switched, Select
/// Game's box opened.
#[test]
fn game_resumed_goes_at_the_player_s_first_action() {
    let data = tempfile::tempdir().unwrap();
    let mut view = open(Some(2), data.path());
    play_some(&mut view, 3);
    view.close();
    drop(view);
    let solver_status = Command::View(parlour::views::solitaire::SOLVER_STATUS);
    for action in [Command::Machine(MachineId::AmigaDblPal), solver_status, Command::SelectGame] {
        let view = open(None, data.path());
        assert_eq!(view.message(), "Game resumed.");
        let m = machine(MachineId::MacSe30, None);
        let mut d = Driver::new(Shell::keeping_in(m, Box::new(view), 1, data.path().to_path_buf()));
        d.command(&action);
        assert_eq!(d.shell().message(), "", "after {action:?}");
    }
}

/// As the Card Shell did: a game left at quit is kept, not scored, and
/// scored once, when New Game gives it up (or when it ends).
#[test]
fn a_game_left_at_quit_is_resumed_and_scored_once_at_new_game() {
    let data = tempfile::tempdir().unwrap();
    let mut view = open(Some(2), data.path());
    play_some(&mut view, 3);
    let left = view.session().state().clone();
    view.close();
    drop(view);
    assert_eq!(stats(data.path()).played, 0, "quitting scores nothing");
    let mut back = open(None, data.path());
    assert_eq!(back.session().state(), &left, "resumed where it was left");
    back.close();
    drop(back);
    let mut back = open(None, data.path());
    assert_eq!(stats(data.path()).played, 0, "nor does quitting again");
    let Some(Response::Ask(_)) = back.command(&Command::New) else { panic!("New Game did not ask") };
    let Response::Ask(scores) = back.answer(0) else { panic!("no scores after New Game") };
    assert_eq!(scores.title, "Scores");
    assert_eq!((stats(data.path()).played, stats(data.path()).lost), (1, 1), "New Game scores it");
    back.answer(0);
    // Taken back into by Undo and left again, it is not scored twice.
    back.command(&Command::Undo);
    assert_eq!(back.session().state(), &left, "Undo goes back into the game given up");
    back.close();
    drop(back);
    let mut back = open(None, data.path());
    assert_eq!(back.session().state(), &left);
    // Counted already, it is left without a question.
    assert_eq!(back.command(&Command::New), Some(Response::Redraw), "New Game asked");
    assert_eq!(back.session().move_count(), 0, "the next game is dealt");
    assert_eq!(stats(data.path()).played, 1, "a game given up, resumed through Undo, counts once");
}

#[test]
fn the_rule_chosen_applies_from_the_next_deal_and_is_remembered() {
    let data = tempfile::tempdir().unwrap();
    let mut view = open(Some(5), data.path());
    let Some(Response::Choose(req, choices)) = view.command(&Command::View(SEQUENCES)) else {
        panic!("Sequences... asks with radio buttons")
    };
    assert_eq!(req.buttons, ["OK", "Cancel"]);
    assert_eq!(choices.labels, ["Alternating colour", "Any suit", "One suit only"]);
    assert_eq!(choices.chosen, 0);
    view.choose(0, 1);
    assert_eq!(view.message(), "Any suit applies from the next deal.");
    assert_eq!(view.session().variant().rule(), Sequences::Alternating, "not the game in progress");
    view.command(&Command::New);
    assert_eq!(view.session().variant().rule(), Sequences::AnySuit);
    // Cancel keeps the rule.
    view.command(&Command::View(SEQUENCES));
    view.choose(1, 2);
    view.close();
    drop(view);
    let mut again = open(Some(6), data.path());
    assert_eq!(again.session().variant().rule(), Sequences::AnySuit, "remembered");
    let Some(Response::Choose(_, choices)) = again.command(&Command::View(SEQUENCES)) else { panic!() };
    assert_eq!(choices.chosen, 1);
}

/// A seed asked for over a game in progress while another rule is chosen
/// for the next deal replaces the history: the game left is counted lost
/// and the status line says so, without promising Undo.
#[test]
fn a_seed_over_a_game_under_another_rule_says_it_was_counted_lost() {
    let data = tempfile::tempdir().unwrap();
    let mut view = open(Some(1), data.path());
    play_some(&mut view, 1);
    view.command(&Command::View(SEQUENCES));
    view.choose(0, 1);
    view.close();
    drop(view);
    let view = open(Some(2), data.path());
    assert_eq!(view.session().variant().rule(), Sequences::AnySuit);
    assert_eq!(view.message(), "The game left was counted as lost.");
    assert_eq!(stats(data.path()).lost, 1);
}

/// A driver showing The Chance on `id`, its files in `data`.
fn driver(id: MachineId, depth: Option<Depth>, data: &Path, seed: u64) -> Driver {
    let view = open(Some(seed), data);
    Driver::new(Shell::new(machine(id, depth), Box::new(view), seed))
}

fn run_events(d: &mut Driver, events: &str) {
    let steps = script::parse("events", events).unwrap();
    script::run(d, "events", &steps).unwrap_or_else(|e| panic!("{e}"));
}

/// Off the Mac, the Apple menu's two About items join the Project menu:
/// each says whose About it is, so the two cannot be taken for each other.
#[test]
fn the_amiga_project_menu_names_both_abouts() {
    let data = tempfile::tempdir().unwrap();
    let d = driver(MachineId::AmigaPal, None, data.path(), 1);
    let menus = d.shell().menus();
    let project = menus.iter().find(|m| m.title == "Project").expect("a Project menu");
    let abouts: Vec<&str> = project.items.iter().map(|i| i.label.as_str()).filter(|l| l.starts_with("About")).collect();
    assert_eq!(abouts, ["About The Chance...", "About Parlour..."]);
}

#[test]
fn the_mac_menus() {
    let data = tempfile::tempdir().unwrap();
    let d = driver(MachineId::MacSe30, None, data.path(), 1);
    let menus = d.shell().menus();
    let titles: Vec<&str> = menus.iter().map(|m| m.title.as_str()).collect();
    assert_eq!(titles, ["@", "File", "Edit", "Moves", "Special", "Machine"]);
    let labels = |title: &str| -> Vec<(String, Option<char>, bool)> {
        let m = menus.iter().find(|m| m.title == title).unwrap();
        m.items.iter().filter(|i| !i.is_separator()).map(|i| (i.label.clone(), i.key, i.enabled)).collect()
    };
    assert_eq!(labels("@")[0], ("About The Chance...".into(), None, true));
    let file = labels("File");
    for want in [("New Game", Some('N')), ("Open...", Some('O')), ("Save a Copy", Some('S')), ("Quit", Some('Q'))] {
        assert!(file.iter().any(|(l, k, _)| l == want.0 && *k == want.1), "{want:?} in {file:?}");
    }
    assert!(file.iter().any(|(l, ..)| l == "Games") && file.iter().any(|(l, ..)| l == "Help"));
    let edit = labels("Edit");
    assert_eq!(edit[0], ("Undo".into(), Some('Z'), false), "nothing to undo at the deal");
    for (label, key) in [("Cut", 'X'), ("Copy", 'C'), ("Paste", 'V')] {
        assert!(edit.contains(&(label.into(), Some(key), false)), "{label} dimmed: {edit:?}");
    }
    let moves: Vec<String> = labels("Moves").into_iter().map(|i| i.0).collect();
    assert_eq!(moves, ["Undo", "Redo", "Back to Start", "Forward to End", "Replay", "Hint", "Solve", "Sequences..."]);
    assert_eq!(labels("Moves")[0], ("Undo".into(), Some('Z'), false), "Undo shows its key as Redo does");
    // A key names one command, here under Edit and Moves alike.
    let keyed: Vec<(char, &Command)> =
        menus.iter().flat_map(|m| m.items.iter().filter_map(|i| Some((i.key?, &i.command)))).collect();
    let mut unique = keyed.clone();
    unique.sort_unstable_by_key(|k| k.0);
    unique.dedup();
    let mut keys: Vec<char> = keyed.iter().map(|k| k.0).collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(unique.len(), keys.len(), "one command a key: {keyed:?}");
    let special: Vec<String> = labels("Special").into_iter().map(|i| i.0).collect();
    assert_eq!(special, ["Scores...", "Sound", "Solver Status", "Winnable Deals Only"]);
}

#[test]
fn sequences_dialog_through_events() {
    let data = tempfile::tempdir().unwrap();
    let mut d = driver(MachineId::MacSe30, None, data.path(), 1);
    run_events(&mut d, "menu Moves > Sequences...\n");
    let req = d.shell().requester().unwrap().clone();
    assert_eq!(req.title, "Sequences");
    // Click the "One suit only" button, then OK.
    let m = d.shell().machine();
    let choices = d.shell().choices().unwrap().clone();
    let radio = choices.rects(&req, m.chrome(), m.look())[2];
    let (_, buttons) = m.chrome().requester_layout(m.look(), &choices.shown(&req, m.chrome(), m.look()));
    let ok = buttons[0];
    let shown = d.frame().clone();
    run_events(&mut d, &format!("click {} {}\n", radio.x + 3, radio.y + radio.h / 2));
    assert_eq!(d.shell().choices().unwrap().chosen, 2);
    assert_ne!(d.frame(), &shown, "the marked button moved");
    assert_golden("chance-sequences-mac-se30", d.frame());
    run_events(&mut d, &format!("click {} {}\n", ok.x + ok.w / 2, ok.y + ok.h / 2));
    assert!(d.shell().requester().is_none());
    let prefs = std::fs::read_to_string(data.path().join("prefs.ini")).unwrap();
    assert!(prefs.contains("rule=suit"), "{prefs}");
    // From the keyboard: Up twice marks "Alternating colour", Return.
    run_events(&mut d, "menu Moves > Sequences...\nkey Up\nkey Up\nkey Return\n");
    let prefs = std::fs::read_to_string(data.path().join("prefs.ini")).unwrap();
    assert!(prefs.contains("rule=alternating"), "{prefs}");
    // The new deal is under the rule in force, and New Game deals it.
    run_events(&mut d, "menu Moves > Sequences...\nkey Down\nkey Return\nmenu File > New Game\n");
    let journal = std::fs::read_to_string(journal::journal_path(data.path(), "the-chance")).unwrap();
    assert!(journal.contains("options: rule=any\n"), "{journal}");
}

/// The Sequences box takes the keys as the dialogs of a list and buttons
/// do (the launcher, the choosers): the radio group has the keyboard as
/// the box opens, its marked choice in the dotted focus frame; Tab goes
/// round the group, OK and Cancel; Left and Right go along the buttons;
/// Up, Down, Home and End mark a choice and give the keyboard back to the
/// group; Space presses the button the keyboard is on, Return too (OK
/// while the group has it), Escape cancels.
#[test]
fn the_sequences_box_takes_tab_and_the_arrows_as_every_dialog_does() {
    let data = tempfile::tempdir().unwrap();
    let prefs = || std::fs::read_to_string(data.path().join("prefs.ini")).unwrap_or_default();
    let mut d = driver(MachineId::MacSe30, None, data.path(), 1);
    run_events(&mut d, "menu Moves > Sequences...\n");
    let req = d.shell().requester().unwrap().clone();
    let m = d.shell().machine();
    let choices = d.shell().choices().unwrap().clone();
    let label = choices.label_rect(&req, m.chrome(), m.look(), 0).unwrap();
    // The row the focus frame runs along, above the first choice's label.
    let above =
        |d: &Driver| (label.x - 2..label.right() + 2).map(|x| d.frame().get(x, label.y - 1)).collect::<Vec<_>>();
    let on_group = above(&d);
    run_events(&mut d, "key Tab\n");
    assert_ne!(above(&d), on_group, "Tab takes the keyboard from the group to OK");
    run_events(&mut d, "key Tab\nkey Tab\n");
    assert_eq!(above(&d), on_group, "round Cancel and back to the group");
    run_events(&mut d, "key Down\nkey Down\n");
    assert_eq!(d.shell().choices().unwrap().chosen, 2);
    run_events(&mut d, "key Tab\nkey Right\nkey Left\nkey Up\n");
    assert_eq!(d.shell().choices().unwrap().chosen, 1, "Up marks the choice above from a button");
    // Up gave the keyboard back to the group: Tab reaches OK, Right Cancel.
    run_events(&mut d, "key End\nkey Tab\nkey Right\nkey space\n");
    assert!(d.shell().requester().is_none(), "Space pressed Cancel");
    assert!(!prefs().contains("rule=suit"), "Cancel keeps the rule: {}", prefs());
    run_events(&mut d, "menu Moves > Sequences...\nkey End\nkey Tab\nkey space\n");
    assert!(d.shell().requester().is_none());
    assert!(prefs().contains("rule=suit"), "Space pressed OK: {}", prefs());
    run_events(&mut d, "menu Moves > Sequences...\nkey Home\nkey Escape\n");
    assert!(d.shell().requester().is_none() && prefs().contains("rule=suit"), "Escape cancels");
    run_events(&mut d, "menu Moves > Sequences...\nkey Up\nkey Return\n");
    assert!(prefs().contains("rule=any"), "Return on the group presses OK: {}", prefs());
}

#[test]
fn scores_through_events_on_the_smallest_screens() {
    for id in [MachineId::MacSe30, MachineId::AmigaPal] {
        let data = tempfile::tempdir().unwrap();
        let mut d = driver(id, None, data.path(), 1);
        run_events(&mut d, "menu Special > Scores...\n");
        let req = d.shell().requester().unwrap().clone();
        assert_eq!(req.title, "Scores");
        assert!(req.lines.iter().any(|l| l == "Points: 0 in 0 games"), "{:?}", req.lines);
        assert!(req.lines.iter().any(|l| l == "One suit only:"), "{:?}", req.lines);
        let m = d.shell().machine();
        let (frame, _) = m.chrome().requester_layout(m.look(), &req);
        let screen = d.frame().bounds();
        assert!(
            frame.x >= 0 && frame.y >= 0 && frame.right() <= screen.w && frame.bottom() <= screen.h,
            "{id:?}: {frame:?}"
        );
        for (line, r) in m.chrome().requester_lines(m.look(), &req) {
            let w = m.chrome().requester_font(m.look()).text_width(&line) as i32;
            assert!(r.x + w <= frame.right(), "{id:?}: `{line}` runs out of the box");
        }
        assert_golden(&format!("chance-scores-{}", id.name()), d.frame());
        run_events(&mut d, "key Return\n");
        assert!(d.shell().requester().is_none());
    }
}

/// Deal 1 on the SE/30, with the middles of its stock and its talon.
fn stock_and_talon(data: &Path) -> (Driver, (i32, i32), (i32, i32)) {
    use parlour::solitaire::engine::PileId;
    use parlour::solitaire::rules::PileKind;
    let d = driver(MachineId::MacSe30, None, data, 1);
    let table = parlour::views::solitaire::SolitaireBoard::new(Arc::new(game().game_type));
    let area = d.shell().machine().content();
    let st = game().variant.deal(1);
    let middle = |kind| {
        let r = table.pile_rect(&st, area, PileId::new(kind, 0)).unwrap();
        (r.x + r.w / 2, r.y + r.h / 2)
    };
    let (stock, talon) = (middle(PileKind::Stock), middle(PileKind::Waste));
    (d, stock, talon)
}

#[test]
fn the_stock_deals_when_its_top_card_is_dragged_onto_the_talon_or_clicked() {
    let data = tempfile::tempdir().unwrap();
    let (mut d, (sx, sy), talon) = stock_and_talon(data.path());
    // A drag that ends elsewhere deals nothing.
    run_events(&mut d, &format!("drag {sx} {sy} {} {}\n", sx, sy + 150));
    let journal = || std::fs::read_to_string(journal::journal_path(data.path(), "the-chance")).unwrap();
    assert!(!journal().contains("move S1"), "{}", journal());
    run_events(&mut d, &format!("drag {sx} {sy} {} {}\n", talon.0, talon.1));
    assert_eq!(journal().matches("move S1").count(), 1, "{}", journal());
    run_events(&mut d, &format!("click {sx} {sy}\n"));
    assert_eq!(journal().matches("move S1").count(), 2, "{}", journal());
}

/// The stock's top card in hand when help comes over the table (F1 mid
/// drag) goes back: the release that help takes deals nothing, and the
/// card is not left on the pointer.
#[test]
fn a_stock_card_in_hand_goes_back_when_help_comes_over_the_table() {
    use parlour::machines::{Button, Key, Modifiers};
    let data = tempfile::tempdir().unwrap();
    let (mut d, from, to) = stock_and_talon(data.path());
    let key = |key: Key| Input::Key { key, mods: Modifiers::default() };
    let before = d.frame().pixels().to_vec();
    d.feed(&[Input::MouseDown { x: from.0, y: from.1, button: Button::Left }, Input::MouseMove { x: to.0, y: to.1 }]);
    assert!(d.frame().pixels() != before.as_slice(), "the card is in hand");
    d.feed(&[key(Key::Function(1)), Input::MouseUp { x: to.0, y: to.1, button: Button::Left }, key(Key::Escape)]);
    d.feed(&[Input::MouseMove { x: to.0 + 20, y: to.1 + 20 }]);
    assert!(d.frame().pixels() == before.as_slice(), "the card is back on the stock, nothing dealt");
}

#[test]
fn goldens_at_1_4_256_colours_and_millions() {
    for depth in [Depth::Bits1, Depth::Colours4, Depth::Colours256, Depth::Millions] {
        let data = tempfile::tempdir().unwrap();
        let d = driver(MachineId::MacColor, Some(depth), data.path(), 7);
        assert_golden(&format!("chance-mac-color-{}", depth.name()), d.frame());
    }
    let data = tempfile::tempdir().unwrap();
    let d = driver(MachineId::MacSe30, None, data.path(), 7);
    assert_golden("chance-mac-se30", d.frame());
}

#[test]
fn on_a_colour_mac_the_window_can_be_placed_anywhere_on_the_desktop() {
    let data = tempfile::tempdir().unwrap();
    let mut d = driver(MachineId::MacColor, Some(Depth::Colours256), data.path(), 1);
    let se30 = machine(MachineId::MacSe30, None).content();
    let content = d.shell().machine().content();
    assert_eq!((content.w, content.h), (se30.w, se30.h), "the window is the SE/30's");
    let bar = d.shell().machine().chrome().drag_bar().expect("the window can be moved");
    let (x, y) = (bar.x + bar.w / 2, bar.y + bar.h / 2);
    run_events(&mut d, &format!("drag {x} {y} {} {}\n", x - 40, y + 25));
    let moved = d.shell().machine().content();
    assert_eq!((moved.x, moved.y), (content.x - 40, content.y + 25));
    // The help fills the screen; closed, it gives the window back where
    // it was left.
    d.command(&Command::Help);
    assert_ne!(d.shell().machine().content(), moved, "the help has the whole screen");
    d.command(&Command::Close);
    assert_eq!(d.shell().machine().content(), moved, "back where it was left");
    // Dragged far off, it stays whole on the desktop, below the menu bar.
    let bar = d.shell().machine().chrome().drag_bar().unwrap();
    run_events(&mut d, &format!("drag {} {} 639 479\n", bar.x + 5, bar.y + 5));
    let corner = d.shell().machine().content();
    assert!(corner.right() < 640 && corner.bottom() < 480 && corner.x > content.x, "{corner:?}");
    run_events(&mut d, &format!("drag {} {} 0 21\n", corner.x + 100, corner.y - 8));
    let top = d.shell().machine().chrome().drag_bar().unwrap();
    assert!(top.x >= 0 && top.y > 20, "{top:?}");
    // The game is played where the window is: a click on the stock deals.
    let table = parlour::views::solitaire::SolitaireBoard::new(Arc::new(game().game_type));
    let stock = table
        .pile_rect(
            &game().variant.deal(1),
            d.shell().machine().content(),
            parlour::solitaire::engine::PileId::new(parlour::solitaire::rules::PileKind::Stock, 0),
        )
        .unwrap();
    run_events(&mut d, &format!("click {} {}\n", stock.x + 5, stock.y + 5));
    let journal = std::fs::read_to_string(journal::journal_path(data.path(), "the-chance")).unwrap();
    assert!(journal.contains("move S1"), "{journal}");
    // On the SE/30 the window fills the screen and stays put.
    let se = driver(MachineId::MacSe30, None, data.path(), 1);
    assert!(se.shell().machine().chrome().drag_bar().is_none());
    assert_eq!(se.shell().machine().content(), se30);
    // Other games fill the colour Mac's screen as before.
    let (klondike, _kept) = super::support::open_game("klondike", 1);
    let k = Driver::new(Shell::new(machine(MachineId::MacColor, None), klondike, 1));
    assert!(k.shell().machine().chrome().drag_bar().is_none());
}

#[test]
fn a_win_shows_the_scores_by_itself() {
    let data = tempfile::tempdir().unwrap();
    let mut view = open(Some(1), data.path());
    let m = machine(MachineId::MacSe30, None);
    view.input(&Input::Tick { ms: 10 }, &m, m.content());
    let script = std::fs::read_to_string(format!("{}/tests/wins/the-chance.txt", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let mut last = Response::Unchanged;
    for line in script.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')).skip(1) {
        let mv = view.session().state().parse_move(line).unwrap();
        last = view.play_move(&mv);
    }
    assert_eq!(view.session().state().status(), Status::Won);
    let Response::Ask(scores) = last else { panic!("no box at the win: {last:?}") };
    assert_eq!(scores.title, "Scores");
    assert_eq!(scores.lines[0], "Won with 52 cards: 42 points.");
    // The buttons of a loss's box, in their places: OK first, where
    // Return presses it.
    assert_eq!(scores.buttons, ["OK", "New Game"]);
    let s = stats(data.path());
    assert_eq!((s.played, s.won, s.extra["points"].as_str(), s.extra["alternating-wins"].as_str()), (1, 1, "42", "1"));
    // New Game from the box deals the next game without asking.
    assert_eq!(view.answer(1), Response::Redraw);
    assert_eq!(view.session().move_count(), 0);
    assert_eq!(stats(data.path()).played, 1, "the won game is counted once");
}

/// The cards follow the columns: a column grown long brings smaller
/// cards, and the won table, its long columns laid off (the last of them
/// in one step), shows full-size cards again, as Back to Start and
/// Forward to End show it. Deal 2, played to its win by the solver's
/// line, has a column long enough to shrink the cards in the SE/30's
/// window (the colour Mac's too).
#[test]
fn the_won_table_shows_full_size_cards_again() {
    use parlour::solitaire::engine::PileId;
    use parlour::solitaire::rules::PileKind;
    use parlour::solitaire::solver::{Limits, Verdict, solve};
    let data = tempfile::tempdir().unwrap();
    let mut view = open(Some(2), data.path());
    let area = machine(MachineId::MacSe30, None).content();
    let width = |view: &Chance| {
        let st = view.session().state();
        view.board().pile_rect(st, area, PileId::new(PileKind::Tableau, 0)).unwrap().w
    };
    let dealt = width(&view);
    let Verdict::Won(line) = solve(view.session().state(), &Limits::new(2_000_000, 500)).verdict else {
        panic!("deal 2 is won")
    };
    let mut smallest = dealt;
    for text in &line {
        let m = view.session().state().parse_move(text).unwrap();
        view.play_move(&m);
        smallest = smallest.min(width(&view));
    }
    assert_eq!(view.session().state().status(), Status::Won);
    assert!(smallest < dealt, "deal 2's winning line shrinks no card");
    assert_eq!(width(&view), dealt, "the won table keeps the small cards");
    view.command(&Command::BackToStart).unwrap();
    view.command(&Command::ForwardToEnd).unwrap();
    assert_eq!(width(&view), dealt, "Forward to End shows the won table at another size");
}

/// A won game kept on the table (OK, or Escape, on its Scores box) and
/// quit is there again when the game is opened next, its ending said, as
/// the help promises ("next time, the game is just as you left it"); it
/// is not counted again, and New Game then deals without a question.
#[test]
fn a_finished_game_is_just_as_it_was_left_after_quitting() {
    let data = tempfile::tempdir().unwrap();
    let mut view = open(Some(1), data.path());
    let script = std::fs::read_to_string(format!("{}/tests/wins/the-chance.txt", env!("CARGO_MANIFEST_DIR"))).unwrap();
    for line in script.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')).skip(1) {
        let mv = view.session().state().parse_move(line).unwrap();
        view.play_move(&mv);
    }
    assert_eq!(view.session().state().status(), Status::Won);
    assert_eq!(view.answer(0), Response::Unchanged, "OK keeps the won table");
    let (table, ending) = (view.session().state().clone(), view.message());
    view.close();
    drop(view);
    let mut back = open(None, data.path());
    assert_eq!(back.session().state(), &table, "the won table, not a fresh deal");
    assert_eq!(back.message(), ending);
    assert_eq!(stats(data.path()).played, 1);
    back.close();
    drop(back);
    let mut back = open(None, data.path());
    assert_eq!(back.session().state(), &table, "and again");
    assert_eq!(back.command(&Command::New), Some(Response::Redraw), "New Game deals without asking");
    assert_eq!(back.session().move_count(), 0);
    assert_eq!((stats(data.path()).played, stats(data.path()).won), (1, 1), "the win counted once");
}

/// Undo has the command key and Z on every machine: in the Moves menu
/// beside Redo, Back to Start and Forward to End, which show their keys,
/// and on the Mac in the Edit menu as well (one command under both).
#[test]
fn undo_takes_z_on_every_machine() {
    for id in [MachineId::Yazzle, MachineId::AmigaPal, MachineId::MacSe30] {
        let machine = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
        let (view, _data) = super::support::open_game("the-chance", 1);
        let shell = Shell::new(machine, view, 1);
        let with_z: Vec<(String, Command)> = shell
            .menus()
            .iter()
            .flat_map(|m| m.items.iter().map(move |i| (m.title.clone(), i)))
            .filter(|(_, i)| i.key.is_some_and(|k| k.eq_ignore_ascii_case(&'z')))
            .map(|(title, i)| (title, i.command.clone()))
            .collect();
        let menus: &[&str] = if id == MachineId::MacSe30 { &["Edit", "Moves"] } else { &["Moves"] };
        let wanted: Vec<(String, Command)> = menus.iter().map(|m| (m.to_string(), Command::Undo)).collect();
        assert_eq!(with_z, wanted, "{id:?}");
    }
}

/// With no game kept, File > Open... says which menu keeps one: The
/// Chance has no Game menu, and the Amiga's File menu is Project.
#[test]
fn open_with_nothing_kept_names_the_menu_the_screen_shows() {
    for (id, menu) in [(MachineId::MacSe30, "File"), (MachineId::AmigaPal, "Project")] {
        let data = tempfile::tempdir().unwrap();
        let view = open(Some(3), data.path());
        let shell = Shell::keeping_in(machine(id, None), Box::new(view), 1, data.path().to_path_buf());
        let mut driver = Driver::new(shell);
        let steps = script::parse("open", &format!("menu {menu} > Open...\n")).unwrap();
        script::run(&mut driver, "open", &steps).unwrap();
        let told = driver.shell().requester().expect("no box said nothing is kept").lines.join(" ");
        let wanted = format!("No game has been kept yet: {menu} > Save a Copy keeps one.");
        assert_eq!(told, wanted, "on {id:?}");
        assert!(driver.clipped_text().is_empty(), "cut on {id:?}: {:?}", driver.clipped_text());
    }
}

/// `solve` and `deal` take The Chance by the Sequences rule its window
/// deals the next game by (the player's, kept in prefs.ini), as they take
/// Oberon Solitaire by its Draws; a former id's rule stands over it, and
/// --mode, of which The Chance has none, is refused in words.
#[test]
fn solve_follows_the_rule_the_window_deals_by() {
    let data = tempfile::tempdir().unwrap();
    let solve =
        |args: &[&str]| parlour().env("PARLOUR_DATA_DIR", data.path()).arg("solve").args(args).output().unwrap();
    let quiet = |id: &str| solve(&[id, "--seed", "3", "--quiet"]).status.code();
    assert_eq!(quiet("the-chance"), Some(0), "won under alternating colours, the rule of a new player");
    std::fs::write(data.path().join("prefs.ini"), "[chance]\nrule=suit\n").unwrap();
    assert_eq!(quiet("the-chance"), Some(1), "lost by one suit, the rule chosen");
    assert_eq!(quiet("the-chance-any-suit"), Some(0), "the id's own rule");
    let out = solve(&["the-chance", "--seed", "3", "--mode", "hard"]);
    assert_eq!(out.status.code(), Some(3));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("no easy and hard rules") && said.contains("the-chance-any-suit"), "{said}");
}
