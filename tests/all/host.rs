//! The game host's controller as a player meets it: auto-play lay-offs as
//! one undo step, resume after closing, New Game's confirmation and the
//! statistics it keeps, the clock coming back with an undone New Game,
//! Save a Copy and preferences.

use parlour::core::{Game, Stats, Status};
use parlour::host::journal;
use parlour::machines::Command;
use parlour::solitaire::engine::SolMove;
use parlour::views::solitaire::AUTOPLAY;
use parlour::views::{Response, View};

use super::solitaire_view::{Table, open_table};

/// Plays (dealing from the stock until there is one) the first legal
/// move after which the rules or options lay cards off by themselves;
/// returns the state before that move.
fn play_a_move_with_autos(view: &mut Table) -> Option<parlour::solitaire::engine::Solitaire> {
    for _ in 0..200 {
        let state = view.session().state().clone();
        let moves = state.legal_moves();
        for m in &moves {
            // Try each move on a copy of the session first.
            let mut trial = view.session().clone();
            if trial.play_with(m, |s| view.board().auto_move_of(s)).is_ok()
                && !trial.steps()[trial.cursor()].auto.is_empty()
            {
                let before = view.session().cursor();
                view.play_move(m);
                assert_eq!(view.session().cursor(), before + 1, "one move, one step");
                return Some(state);
            }
        }
        // Nothing sets off a lay-off yet: deal and look again.
        let deal = moves.iter().find(|m| matches!(m, SolMove::Deal(_) | SolMove::Recycle)).copied()?;
        view.play_move(&deal);
    }
    None
}

#[test]
fn auto_play_to_the_foundations_joins_the_move_that_freed_the_card() {
    let data = tempfile::tempdir().unwrap();
    let mut view = open_table("klondike", 1, data.path());
    view.command(&Command::View(AUTOPLAY));
    let before = play_a_move_with_autos(&mut view).expect("no move of Klondike 1 freed a card for the foundations");
    assert!(view.session().state().cards_on_foundations() > before.cards_on_foundations());
    view.command(&Command::Undo);
    assert_eq!(view.session().state(), &before, "the move and its lay-offs are one undo");
    // The option is kept for the next time.
    let again = open_table("klondike", 1, data.path());
    assert!(
        again.menus()[0].items.iter().any(|i| i.command == Command::View(AUTOPLAY) && i.checked),
        "auto-play was not remembered"
    );
}

/// Game type `id` opened by its controller in `data_dir` as `how` says.
/// (Select Game's tests resume a journal with it too.)
pub fn open_as(id: &str, data_dir: &std::path::Path, how: &parlour::host::Opening) -> Table {
    let game = parlour::app::catalog::find(id).unwrap();
    let gt = std::sync::Arc::new(parlour::app::catalog::game_type(&game).unwrap().clone());
    parlour::host::Controller::open(
        "solitaire",
        gt.variant.clone(),
        parlour::views::solitaire::SolitaireBoard::new(gt),
        data_dir,
        how,
    )
}

/// Deals from the stock `times` times.
fn deal_from_the_stock(view: &mut Table, times: usize) {
    let stock = view.session().state().legal_moves().into_iter().find(|m| matches!(m, SolMove::Deal(_))).unwrap();
    for _ in 0..times {
        view.play_move(&stock);
    }
}

#[test]
fn a_closed_game_is_resumed_where_it_was_left() {
    let data = tempfile::tempdir().unwrap();
    let mut view = open_table("klondike", 5, data.path());
    deal_from_the_stock(&mut view, 2);
    view.input(&parlour::machines::Input::Tick { ms: 61_000 }, &machine(), machine().content());
    let left = view.session().state().clone();
    view.close();
    drop(view);

    let how = parlour::host::Opening { seed: None, fresh_seed: 99, ..Default::default() };
    let back = open_as("klondike", data.path(), &how);
    assert_eq!(back.session().state(), &left);
    assert_eq!(back.session().move_count(), 2);
    assert_eq!(back.session().elapsed_ms(), 61_000, "the clock is kept too");
    assert!(back.message().contains("resumed"), "{}", back.message());
    assert!(journal::journal_path(data.path(), "klondike").is_file());
}

/// A clock running on with no move made is journalled every half
/// minute, so a game whose window never closes (a crash, a power cut)
/// comes back with nearly all its time.
#[test]
fn a_running_clock_is_journalled_without_a_move() {
    let data = tempfile::tempdir().unwrap();
    let mut view = open_table("klondike", 5, data.path());
    deal_from_the_stock(&mut view, 1);
    let journalled = || {
        let how = parlour::host::Opening { seed: None, fresh_seed: 99, ..Default::default() };
        open_as("klondike", data.path(), &how).session().elapsed_ms()
    };
    let tick =
        |view: &mut Table, ms| view.input(&parlour::machines::Input::Tick { ms }, &machine(), machine().content());
    tick(&mut view, 20_000);
    assert_eq!(journalled(), 0, "journalled before half a minute went by");
    tick(&mut view, 15_000);
    assert_eq!(journalled(), 35_000, "half a minute without a move was not journalled");
    // The window is never closed: the process ends as a crash ends it.
    std::mem::forget(view);
}

/// Klondike's journal in `data`, kept after two moves (its previous copy
/// beside it) and then overwritten with what is no journal.
fn klondike_journal_left_damaged(data: &std::path::Path) -> std::path::PathBuf {
    let mut view = open_table("klondike", 5, data);
    deal_from_the_stock(&mut view, 2);
    view.close();
    drop(view);
    let path = journal::journal_path(data, "klondike");
    std::fs::write(&path, "not a journal\n").unwrap();
    path
}

/// A damaged journal is said in full in a box as the game opens (the
/// file, its line, what was wrong, where it went, what was resumed), and
/// in short on the status line, which keeps it whole on the smallest
/// machine.
#[test]
fn a_damaged_journal_is_told_in_full_in_a_box_and_in_short_on_the_status_line() {
    use parlour::machines::{Machine, MachineChoice, MachineId};
    let data = tempfile::tempdir().unwrap();
    klondike_journal_left_damaged(data.path());

    let how = parlour::host::Opening { seed: None, fresh_seed: 99, ..Default::default() };
    let pal = Machine::new(&MachineChoice { id: Some(MachineId::AmigaPal), ..Default::default() }, MachineId::AmigaPal)
        .unwrap();
    let view = open_as("klondike", data.path(), &how);
    assert_eq!(view.session().move_count(), 2, "the previous copy was not resumed");
    let message = view.message();
    let mut driver = parlour::app::driver::Driver::new(parlour::app::shell::Shell::new(pal, Box::new(view), 1));
    let told = driver.shell().requester().expect("no box told of the damaged journal").lines.join(" ");
    let whole_path = format!("{}, line 1", journal::journal_path(data.path(), "klondike").display());
    for part in [&whole_path, "set aside as klondike.save.foreign-1", "klondike.save.bak, was resumed"] {
        assert!(told.contains(part), "`{part}` missing from: {told}");
    }
    assert_eq!(message, "The saved game could not be used: its previous copy was resumed.");
    // OK closes the box; nothing on the screen is cut then, nor before.
    assert!(driver.clipped_text().is_empty(), "cut with the box up: {:?}", driver.clipped_text());
    driver.feed(&[parlour::machines::Input::Key { key: parlour::machines::Key::Enter, mods: Default::default() }]);
    assert!(driver.shell().requester().is_none(), "OK did not close the box");
    assert!(driver.clipped_text().is_empty(), "cut: {:?}", driver.clipped_text());
}

/// Where the journal and its previous copy are both damaged, the box
/// names each file set aside: "the file" right after the copy's sentence
/// read as the copy.
#[test]
fn a_journal_damaged_with_its_previous_copy_names_both_files_set_aside() {
    let data = tempfile::tempdir().unwrap();
    let path = klondike_journal_left_damaged(data.path());
    std::fs::write(path.with_extension("save.bak"), "nor this\n").unwrap();

    let how = parlour::host::Opening { seed: None, fresh_seed: 99, ..Default::default() };
    let mut view = open_as("klondike", data.path(), &how);
    assert_eq!(view.session().move_count(), 0, "a new game was not dealt");
    let told = view.take_notice().expect("no box told of the damaged journals").lines.join(" ");
    for part in ["klondike.save.bak could not be used either", "klondike.save was set aside as klondike.save.foreign-"]
    {
        assert!(told.contains(part), "`{part}` missing from: {told}");
    }
    assert!(!told.contains("The file was set aside"), "{told}");
}

/// A journal that cannot be written (its folder's name taken by a file)
/// is said in full in a box once a game, plainly, not after every move;
/// the status line reminds the player that the game is not being kept
/// until a write succeeds again, and then says that it is.
#[test]
fn a_journal_that_cannot_be_written_is_told_once_a_game() {
    let data = tempfile::tempdir().unwrap();
    let folder = data.path().join("journals");
    std::fs::write(&folder, "in the way").unwrap();
    let mut view = open_table("klondike", 5, data.path());
    // No journal can be there to read (no folder holds it): only the
    // failed write is told.
    let told = view.take_notice().expect("no box told of the failed write").lines.join(" ");
    let said = format!(
        "The folder {} could not be made: a file of that name is in the way. Progress is not being saved.",
        folder.display()
    );
    assert_eq!(told, said);
    deal_from_the_stock(&mut view, 1);
    assert_eq!(view.message(), "Progress is not being saved.");
    assert!(view.take_notice().is_none(), "told again after the next move");
    // A new game is not kept either: it is told of once in its turn.
    view.command(&Command::New);
    view.answer(0);
    assert_eq!(view.take_notice().expect("the new game's failed save was not told").lines.join(" "), said);
    deal_from_the_stock(&mut view, 1);
    assert_eq!(view.message(), "Progress is not being saved.");
    assert!(view.take_notice().is_none(), "told again after the new game's next move");
    // The way cleared, the next move is saved, and the status line says
    // so once.
    std::fs::remove_file(&folder).unwrap();
    deal_from_the_stock(&mut view, 1);
    assert_eq!(view.message(), "Progress is being saved again.");
    assert!(folder.join("klondike.save").is_file());
    deal_from_the_stock(&mut view, 1);
    assert_eq!(view.message(), "");
    assert!(view.take_notice().is_none());
}

/// A game resumed whose journal cannot be written (marked read-only)
/// says so from the start, after the news that it was resumed, and
/// still once that news has had its moment.
#[test]
fn a_game_resumed_with_a_read_only_journal_says_from_the_start_it_is_not_saved() {
    let data = tempfile::tempdir().unwrap();
    leave_under_way(3, data.path());
    let journal = journal::journal_path(data.path(), "klondike");
    let mut read_only = std::fs::metadata(&journal).unwrap().permissions();
    read_only.set_readonly(true);
    std::fs::set_permissions(&journal, read_only).unwrap();
    let how = parlour::host::Opening { seed: None, fresh_seed: 99, ..Default::default() };
    let mut view = open_as("klondike", data.path(), &how);
    let told = view.take_notice().expect("no box told of the failed write").lines.join(" ");
    assert!(told.ends_with("the file is marked read-only. Progress is not being saved."), "{told}");
    assert_eq!(view.message(), "Game resumed. Progress is not being saved.");
    view.player_acted();
    assert_eq!(view.message(), "Progress is not being saved.");
}

/// Peg Solitaire and Sokoban keep the board or level to come back to as
/// they open: where it cannot be kept (prefs.ini marked read-only), a box
/// says so, and the status line is left to say that the game was resumed
/// and that it is not being saved (its journal marked read-only too).
#[test]
fn a_board_that_cannot_be_kept_as_it_opens_leaves_the_status_line_to_the_journal() {
    use parlour::machines::{Button, Input, Key, Modifiers};
    let m = machine();
    let area = m.content();
    let click = |x, y| [Input::MouseDown { x, y, button: Button::Left }, Input::MouseUp { x, y, button: Button::Left }];
    let left = Input::Key { key: Key::Left, mods: Modifiers::default() };
    let jump = [click(348, 178), click(348, 278)].concat();
    for (id, moves) in [("pegs/english", jump), ("sokoban/parlour/1", vec![left])] {
        let data = tempfile::tempdir().unwrap();
        let places = parlour::host::Places { data_dir: data.path().to_path_buf(), ..parlour::app::catalog::places() };
        let game = parlour::host::find(id, &places).unwrap();
        let mut view = parlour::host::open(&game, &places, &parlour::host::Opening::default()).unwrap();
        for input in &moves {
            view.input(input, &m, area);
        }
        view.close();
        drop(view);
        for file in [data.path().join("prefs.ini"), journal::journal_path(data.path(), &game.game_id)] {
            let mut read_only = std::fs::metadata(&file).unwrap().permissions();
            read_only.set_readonly(true);
            std::fs::set_permissions(&file, read_only).unwrap();
        }
        let mut view = parlour::host::open(&game, &places, &parlour::host::Opening::default()).unwrap();
        let boxes: Vec<String> = std::iter::from_fn(|| view.take_notice()).map(|r| r.title).collect();
        assert!(boxes.iter().any(|title| title == "Preferences"), "{id}: {boxes:?}");
        let said = view.message();
        let resumed = said.contains("resumed") && !said.contains("preferences");
        assert!(resumed && said.ends_with(". Progress is not being saved."), "{id}: {said}");
    }
}

fn machine() -> parlour::machines::Machine {
    use parlour::machines::{Machine, MachineChoice, MachineId};
    Machine::new(&MachineChoice { id: Some(MachineId::Yazzle), ..Default::default() }, MachineId::Yazzle).unwrap()
}

#[test]
fn new_game_in_progress_asks_first_counts_a_loss_and_undo_brings_the_old_game_back_with_its_clock() {
    let data = tempfile::tempdir().unwrap();
    let mut view = open_table("klondike", 3, data.path());
    deal_from_the_stock(&mut view, 1);
    view.input(&parlour::machines::Input::Tick { ms: 42_000 }, &machine(), machine().content());
    let old = view.session().state().clone();

    let Some(Response::Ask(ask)) = view.command(&Command::New) else { panic!("New Game did not ask") };
    assert!(ask.lines.iter().any(|l| l.contains("lost")), "{:?}", ask.lines);
    view.answer(1);
    assert_eq!(view.session().state(), &old, "Cancel keeps the game");
    assert!(Stats::load(data.path()).unwrap().game("klondike").is_none());

    view.command(&Command::New);
    view.answer(0);
    assert_ne!(view.session().state(), &old);
    assert_eq!(view.session().elapsed_ms(), 0);
    let stats = Stats::load(data.path()).unwrap();
    let k = stats.game("klondike").unwrap();
    assert_eq!((k.played, k.lost, k.streak), (1, 1, -1));

    view.command(&Command::Undo);
    assert_eq!(view.session().state(), &old, "undo brings back the old game");
    assert_eq!(view.message(), "Taken back. Still counted as lost.");
    assert_eq!(view.session().elapsed_ms(), 42_000, "with its clock");

    // A fresh deal with no move made is not a game to count.
    view.command(&Command::Redo);
    let Some(Response::Redraw) = view.command(&Command::New) else { panic!("an untouched deal asks nothing") };
    assert_eq!(Stats::load(data.path()).unwrap().game("klondike").unwrap().played, 1);
}

/// Klondike 3 in `data` with two deals from the stock made, and the copy
/// Save a Copy kept of it there.
fn klondike_kept(data: &std::path::Path) -> (Table, std::path::PathBuf) {
    let mut view = open_table("klondike", 3, data);
    deal_from_the_stock(&mut view, 2);
    view.command(&Command::SaveAs);
    let kept = journal::kept_games(data).remove(0);
    (view, kept)
}

/// A kept game takes the journal's place: over a game in progress it
/// asks first, as New Game does; Cancel keeps the game, Open counts it
/// lost. A seed asked for over a game in progress counts it lost too.
#[test]
fn a_kept_game_or_a_seed_over_a_game_in_progress_asks_or_counts_a_loss() {
    let data = tempfile::tempdir().unwrap();
    let lost = || Stats::load(data.path()).unwrap().game("klondike").map_or(0, |k| k.lost);
    let (mut view, kept) = klondike_kept(data.path());
    view.command(&Command::Undo);
    let left_off = view.session().state().clone();
    drop(view);

    let how = parlour::host::Opening { fresh_seed: 1, file: Some(kept.clone()), ..Default::default() };
    let mut view = open_as("klondike", data.path(), &how);
    let ask = view.take_question().expect("no question over a game in progress");
    assert_eq!(ask.lines[1], "The game in progress counts as lost.");
    assert_eq!(view.session().state(), &left_off, "the game in progress shows while asked");
    // Not yet resumed, nor opened: the box asks which.
    assert_eq!(view.message(), "", "the status line while asked");
    view.answer(1);
    assert_eq!((view.session().state(), lost()), (&left_off, 0), "Cancel keeps it");
    assert_eq!(view.message(), "The game in progress goes on.");
    drop(view);

    let mut view = open_as("klondike", data.path(), &how);
    assert!(view.take_question().is_some());
    view.answer(0);
    assert_eq!(view.session().move_count(), 2, "the kept game is open");
    assert_eq!(lost(), 1);
    drop(view);
    // With no game in progress it opens at once.
    let elsewhere = tempfile::tempdir().unwrap();
    let mut view = open_as("klondike", elsewhere.path(), &how);
    assert!(view.take_question().is_none());
    assert_eq!(view.session().move_count(), 2);
    drop(view);

    let mut view = open_table("klondike", 3, data.path());
    assert_eq!(lost(), 1, "the kept game, left as it was opened, was counted");
    deal_from_the_stock(&mut view, 1);
    drop(view);
    open_table("klondike", 4, data.path());
    assert_eq!(lost(), 2, "a seed asked for over a game in progress");
}

/// A kept game opened and left with no move made counts nothing, in this
/// window or the next: opening it again, or New Game, asks nothing. A
/// move made in it makes it a game of the player's, counted when left.
#[test]
fn a_kept_game_left_as_it_was_opened_counts_nothing() {
    let data = tempfile::tempdir().unwrap();
    let played = || Stats::load(data.path()).unwrap().game("klondike").map_or(0, |k| k.played);
    let (mut view, kept) = klondike_kept(data.path());
    view.close();
    drop(view);
    let elsewhere = tempfile::tempdir().unwrap();
    let how = parlour::host::Opening { fresh_seed: 1, file: Some(kept), ..Default::default() };
    let open_kept = |data: &std::path::Path| open_as("klondike", data, &how);
    // Open, and at once Open again: the second asks nothing.
    let mut view = open_kept(elsewhere.path());
    view.close();
    drop(view);
    let mut view = open_kept(elsewhere.path());
    assert!(view.take_question().is_none(), "asked over the copy just opened");
    let Some(Response::Redraw) = view.command(&Command::New) else {
        panic!("New Game asked over the copy just opened")
    };
    assert!(Stats::load(elsewhere.path()).unwrap().game("klondike").is_none(), "the copy was counted");
    drop(view);
    // A move in the copy is play: New Game asks, and counts it.
    let mut view = open_kept(data.path());
    assert!(view.take_question().is_some(), "the game in progress here is the player's own");
    view.answer(0);
    assert_eq!(played(), 1);
    deal_from_the_stock(&mut view, 1);
    let Some(Response::Ask(_)) = view.command(&Command::New) else { panic!("New Game did not ask after a move") };
    view.answer(0);
    assert_eq!(played(), 2);
}

/// A kept game kept under other rules, whose moves all hold under these,
/// opens saying so, as a journal resumed so does.
#[test]
fn a_kept_game_of_changed_rules_says_so_as_it_opens() {
    let data = tempfile::tempdir().unwrap();
    let (_table, kept) = klondike_kept(data.path());
    let text = std::fs::read_to_string(&kept).unwrap();
    let hash = text.lines().find(|l| l.starts_with("variant-hash: ")).unwrap();
    std::fs::write(&kept, text.replace(hash, "variant-hash: 0000000000000000")).unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    let how = parlour::host::Opening { fresh_seed: 1, file: Some(kept.clone()), ..Default::default() };
    let view = open_as("klondike", elsewhere.path(), &how);
    let name = kept.file_name().unwrap().to_string_lossy();
    assert_eq!(view.message(), format!("Opened {name} under the changed rules."));
    assert_eq!(view.session().move_count(), 2);
}

/// A seed asked for over a game in progress counts it lost unasked: the
/// status line says so, and that Undo brings it back, which it does; a
/// game counted already is left without a word.
#[test]
fn a_seed_over_a_game_in_progress_says_it_was_counted_lost() {
    let data = tempfile::tempdir().unwrap();
    let mut view = open_table("klondike", 3, data.path());
    deal_from_the_stock(&mut view, 1);
    let left = view.session().state().clone();
    drop(view);
    let mut view = open_table("klondike", 4, data.path());
    assert_eq!(view.message(), "The game left was counted as lost: Undo brings it back.");
    view.command(&Command::Undo);
    assert_eq!(view.session().state(), &left, "Undo brings it back");
    drop(view);
    let view = open_table("klondike", 5, data.path());
    assert!(!view.message().contains("counted"), "counted already: {}", view.message());
    assert_eq!(Stats::load(data.path()).unwrap().game("klondike").unwrap().lost, 1);
}

/// Deals Klondike `seed`, makes a move and leaves the game under way.
fn leave_under_way(seed: u64, data: &std::path::Path) {
    let mut view = open_table("klondike", seed, data);
    deal_from_the_stock(&mut view, 1);
}

/// Where the statistics cannot be kept, a seed over a game in progress
/// says so, not that the game left was counted.
#[test]
fn a_seed_over_a_game_in_progress_never_says_it_was_counted_when_it_was_not() {
    let data = tempfile::tempdir().unwrap();
    leave_under_way(3, data.path());
    leave_under_way(4, data.path());
    let stats = data.path().join("stats.ini");
    let mut read_only = std::fs::metadata(&stats).unwrap().permissions();
    read_only.set_readonly(true);
    std::fs::set_permissions(&stats, read_only).unwrap();
    let view = open_table("klondike", 5, data.path());
    assert!(!view.message().contains("counted"), "{}", view.message());
    assert_eq!(view.message(), "The statistics could not be kept.");
    assert_eq!(Stats::load(data.path()).unwrap().game("klondike").unwrap().lost, 1, "the first game only");
}

/// `parlour shot` with a seed over a game in progress plays as `play`
/// does, counting it lost, and says so on the terminal, as the picture's
/// title bar may be all that shows it.
#[test]
fn a_shot_over_a_game_in_progress_says_it_was_counted_lost() {
    let data = tempfile::tempdir().unwrap();
    leave_under_way(3, data.path());
    let png = data.path().join("k.png");
    let shot = || {
        let args = ["shot", "klondike", "--seed", "4", "-o", png.to_str().unwrap()];
        super::support::parlour().env("PARLOUR_DATA_DIR", data.path()).args(args).output().unwrap()
    };
    let out = shot();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "parlour: Klondike: the game left was counted as lost: Undo brings it back.\n"
    );
    assert_eq!(Stats::load(data.path()).unwrap().game("klondike").unwrap().lost, 1);
    let again = shot();
    assert_eq!(String::from_utf8(again.stderr).unwrap(), "", "the same deal again changes nothing");
}

/// A game of Golf played to its loss by always taking the first legal
/// move, its data in `data_dir`.
fn lost_golf(data_dir: &std::path::Path) -> Table {
    (1..=20)
        .map(|seed| {
            let mut view = open_table("golf", seed, data_dir);
            while let Some(m) = view.session().state().legal_moves().first().copied() {
                view.play_move(&m);
            }
            view
        })
        .find(|view| view.session().state().status() == Status::Lost)
        .expect("first-move play lost no game of Golf")
}

/// Undo out of a lost game's end says the game stays counted as lost;
/// the statistics keep that one loss.
#[test]
fn undo_out_of_a_loss_says_it_stays_counted() {
    let data = tempfile::tempdir().unwrap();
    let lost = || Stats::load(data.path()).unwrap().game("golf").map_or(0, |g| g.lost);
    let mut view = lost_golf(data.path());
    let before = lost();
    view.command(&Command::Undo);
    assert_eq!(view.message(), "Taken back. Still counted as lost.");
    view.command(&Command::Undo);
    assert_eq!(view.message(), "", "said once, at the end taken back");
    drop(view);
    assert_eq!(lost(), before, "counted once");
}

/// Undo takes back a New Game chosen by mistake, and otherwise reaches
/// the deal of the game in progress and stops: past it, the first move
/// made in the game before would drop the played game, never counted. An
/// older journal left undone past such a deal into a finished game opens
/// on the played game again, not on a new deal over it.
#[test]
fn undo_stops_at_the_deal_of_a_played_game_and_one_left_undone_past_it_resumes() {
    let data = tempfile::tempdir().unwrap();
    let stats = || Stats::load(data.path()).unwrap().game("golf").map(|g| (g.played, g.lost)).unwrap();
    let mut view = lost_golf(data.path());
    let counted = stats();
    view.command(&Command::New);
    assert!(view.command(&Command::Undo).is_some(), "an untouched deal is taken back");
    assert_eq!(view.session().state().status(), Status::Lost);
    view.command(&Command::Redo);
    let first = view.session().state().legal_moves()[0];
    view.play_move(&first);
    let played = view.session().state().clone();
    assert!(view.command(&Command::Undo).is_some());
    assert!(view.command(&Command::Undo).is_none(), "Undo stops at the deal of a game moved in");
    assert_eq!(view.session().move_count(), 0);
    drop(view);

    // As an older build could leave it: the cursor back in the lost game.
    let path = journal::journal_path(data.path(), "golf");
    let text = std::fs::read_to_string(&path).unwrap();
    let cursor: usize = text.lines().find_map(|l| l.strip_prefix("cursor: ")).unwrap().parse().unwrap();
    std::fs::write(&path, text.replace(&format!("cursor: {cursor}"), &format!("cursor: {}", cursor - 1))).unwrap();
    let how = parlour::host::Opening { seed: None, fresh_seed: 99, ..Default::default() };
    let view = open_as("golf", data.path(), &how);
    assert_eq!(view.session().state(), &played, "the played game is back, its move redone");
    assert_eq!(stats(), counted, "and nothing more is counted");
}

/// A Restart over a game under way asks first, as New Game does, and
/// counts the game it leaves as lost only once the player says so (the
/// YaZZle skin's Restart button counted it unasked); taken back out of
/// its Restart, the game stays counted, whether it is resumed or not: New
/// Game and Restart then ask nothing.
#[test]
fn a_restart_asks_first_and_counts_the_game_left_once_resumed_or_not() {
    let data = tempfile::tempdir().unwrap();
    let lost = || Stats::load(data.path()).unwrap().game("golf").map_or(0, |g| g.lost);
    let mut view = open_table("golf", 1, data.path());
    let first = view.session().state().legal_moves()[0];
    view.play_move(&first);
    let Some(Response::Ask(asked)) = view.command(&Command::Restart) else { panic!("Restart asked nothing") };
    assert_eq!(asked.lines, ["Start this game again?", "The game in progress counts as lost."]);
    assert_eq!(asked.buttons, ["Restart", "Cancel"]);
    view.answer(1);
    assert_eq!((lost(), view.session().move_count()), (0, 1), "Cancel leaves the game as it was");
    assert!(matches!(view.command(&Command::Restart), Some(Response::Ask(_))));
    view.answer(0);
    assert_eq!(lost(), 1, "the game restarted counts as lost");
    assert_eq!(view.session().move_count(), 0, "the same deal, from its start");
    view.command(&Command::Undo);
    assert_eq!(view.session().move_count(), 1);
    assert_eq!(view.command(&Command::New), Some(Response::Redraw), "counted: New Game asks nothing");
    view.command(&Command::Undo);
    assert_eq!(view.command(&Command::Restart), Some(Response::Redraw), "nor does Restart");
    view.command(&Command::Undo);
    drop(view);
    let how = parlour::host::Opening { seed: None, fresh_seed: 99, ..Default::default() };
    let mut view = open_as("golf", data.path(), &how);
    assert_eq!(view.session().move_count(), 1, "resumed in the game before the Restart");
    assert_eq!(view.command(&Command::New), Some(Response::Redraw), "resumed, it asks nothing either");
    assert_eq!(lost(), 1);
}

/// What a futile action after the end says (one more deal from the
/// empty stock) comes after the ending, which stays: the player never
/// misses that the game is over.
#[test]
fn a_futile_action_after_the_end_keeps_the_ending_in_the_status_line() {
    let data = tempfile::tempdir().unwrap();
    let mut view = lost_golf(data.path());
    let ending = "No moves are left. Choose New Game to deal again.";
    assert!(view.message().starts_with(ending), "{}", view.message());
    let refused = format!("{ending} The stock is empty.");
    view.play_move(&SolMove::Deal(0));
    assert_eq!(view.message(), refused);
    view.play_move(&SolMove::Deal(0));
    assert_eq!(view.message(), refused, "the same however often it is tried");
}

/// Other rules (here Hard mode) deal anew: with a game in progress they
/// ask first, as New Game does, and Cancel keeps the game and its rules.
#[test]
fn new_rules_in_progress_ask_first_and_count_a_loss() {
    use parlour::solitaire::rules::Mode;
    use parlour::views::solitaire::HARD;
    let data = tempfile::tempdir().unwrap();
    let mut view = open_table("klondike", 3, data.path());
    deal_from_the_stock(&mut view, 1);
    let old = view.session().state().clone();

    let Some(Response::Ask(ask)) = view.command(&Command::View(HARD)) else { panic!("Hard did not ask") };
    assert!(ask.lines.iter().any(|l| l.contains("lost")), "{:?}", ask.lines);
    view.answer(1);
    assert_eq!(view.session().state(), &old, "Cancel keeps the game");
    assert_eq!(view.session().variant().mode(), Mode::Easy, "and its rules");
    assert!(Stats::load(data.path()).unwrap().game("klondike").is_none());

    view.command(&Command::View(HARD));
    view.answer(0);
    assert_eq!(view.session().variant().mode(), Mode::Hard);
    assert_ne!(view.session().state(), &old);
    let k = Stats::load(data.path()).unwrap().game("klondike").unwrap().clone();
    assert_eq!((k.played, k.lost), (1, 1));
    // A fresh deal with no move made is not a game to give up.
    assert!(matches!(view.command(&Command::View(parlour::views::solitaire::EASY)), Some(Response::Redraw)));
    assert_eq!(view.session().variant().mode(), Mode::Easy);
}

#[test]
fn save_as_keeps_a_game_that_opens_again() {
    let data = tempfile::tempdir().unwrap();
    let view = freecell_kept_one_move_in(data.path());
    let kept = journal::kept_games(data.path());
    assert_eq!(kept.len(), 1, "{}", view.message());
    assert!(view.message().contains("Kept as"), "{}", view.message());
    let header = journal::header_of(&kept[0]).unwrap();
    assert_eq!(header.game, "freecell");

    let how = parlour::host::Opening { seed: None, fresh_seed: 1, file: Some(kept[0].clone()), ..Default::default() };
    let other = tempfile::tempdir().unwrap();
    let opened = open_as("freecell", other.path(), &how);
    assert_eq!(opened.session().state(), view.session().state());
    assert_eq!(opened.session().state().status(), Status::Playing);
}

#[test]
fn every_family_is_registered_once_and_lists_its_games() {
    let places = parlour::app::catalog::places();
    let ids: Vec<&str> = parlour::host::FAMILIES.iter().map(|f| f.id).collect();
    assert_eq!(ids, ["chance", "solitaire", "pegs", "sokoban", "tetris", "mines", "rummi", "scramble", "cardgames"]);
    let games = parlour::host::games(&places);
    assert!(games.iter().any(|g| g.id == "klondike" && g.family.id == "solitaire"));
    assert!(games.iter().any(|g| g.id == "the-chance" && g.family.id == "chance"));
    assert!(games.iter().any(|g| g.id == "pegs" && g.game_id == "pegs/english"));
    let found = parlour::host::find("pegs/english", &places).unwrap();
    assert_eq!(found.family.id, "pegs");
    assert!(games.iter().any(|g| g.id == "mines" && g.family.id == "mines"));
    assert_eq!(parlour::host::find("mines/expert-no-guess", &places).unwrap().game_id, "mines/expert-no-guess");
    assert!(parlour::host::find("no-such-game", &places).unwrap_err().contains("parlour list"));
}

#[test]
fn parlour_stats_prints_a_games_record_as_key_value_lines() {
    let data = tempfile::tempdir().unwrap();
    let mut view = open_table("klondike", 3, data.path());
    deal_from_the_stock(&mut view, 1);
    view.command(&Command::New);
    view.answer(0);
    let out =
        super::support::parlour().env("PARLOUR_DATA_DIR", data.path()).args(["stats", "klondike"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    for line in
        ["game: klondike", "played: 1", "won: 0", "lost: 1", "current streak: 1 lost", "longest winning streak: 0"]
    {
        assert!(text.lines().any(|l| l == line), "no `{line}` in:\n{text}");
    }
    let all = super::support::parlour().env("PARLOUR_DATA_DIR", data.path()).arg("stats").output().unwrap();
    assert_eq!(String::from_utf8(all.stdout).unwrap(), text, "the one game played");
    // No streak is "none", as the Statistics box says, not "0".
    let golf = super::support::parlour().env("PARLOUR_DATA_DIR", data.path()).args(["stats", "golf"]).output().unwrap();
    let golf = String::from_utf8(golf.stdout).unwrap();
    assert!(golf.lines().any(|l| l == "current streak: none"), "{golf}");
    let unknown =
        super::support::parlour().env("PARLOUR_DATA_DIR", data.path()).args(["stats", "nope"]).output().unwrap();
    assert_eq!(unknown.status.code(), Some(1));

    // A game whose sizes keep records of their own shows each one played.
    let mut stats = Stats::load(data.path()).unwrap();
    stats.game_mut("mines/beginner").record(parlour::core::Outcome::Lost, 0);
    stats.game_mut("mines/expert").record(parlour::core::Outcome::Won, 0);
    stats.save(data.path()).unwrap();
    let out = super::support::parlour().env("PARLOUR_DATA_DIR", data.path()).args(["stats", "mines"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let shown: Vec<&str> = text.lines().filter(|l| l.starts_with("game:") || l.starts_with("played:")).collect();
    assert_eq!(shown, ["game: mines/beginner", "played: 1", "game: mines/expert", "played: 1"], "{text}");
    let stats_of = |game: &str| {
        let out =
            super::support::parlour().env("PARLOUR_DATA_DIR", data.path()).args(["stats", game]).output().unwrap();
        (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
    };
    // A size not played is named as that size, not as MineSweeper, whose
    // other sizes have been.
    let (_, said) = stats_of("mines/intermediate-no-guess");
    assert!(said.starts_with("No game of MineSweeper Intermediate (no guessing) has been counted yet"), "{said}");

    // Sokoban shows every level played, in the set's order; none counted
    // yet is said, as a game in progress is not in the figures.
    assert!(stats_of("sokoban").1.contains("No game of Sokoban has been counted yet"));
    let mut stats = Stats::load(data.path()).unwrap();
    stats.game_mut("sokoban/parlour/10").record(parlour::core::Outcome::Won, 0);
    stats.game_mut("sokoban/parlour/2").record(parlour::core::Outcome::Won, 0);
    stats.save(data.path()).unwrap();
    let (text, said) = stats_of("sokoban");
    let shown: Vec<&str> = text.lines().filter(|l| l.starts_with("game:")).collect();
    assert_eq!(shown, ["game: sokoban/parlour/2", "game: sokoban/parlour/10"], "{text}");
    assert_eq!(said, "");
}

/// A player's own game type whose game.ini has since been broken can no
/// longer be played, but the figures kept for it are still shown (after
/// why it cannot be opened) and can still be cleared, by its folder's
/// name or its id; a name with no figures kept is refused as before.
#[test]
fn parlour_stats_shows_and_clears_the_figures_of_a_broken_own_game_type() {
    let data = tempfile::tempdir().unwrap();
    let folder = data.path().join("game-types").join("My Mine");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("game.ini"), "[General\nName=My Mine\n").unwrap();
    let mut stats = Stats::default();
    stats.game_mut("my-mine").record(parlour::core::Outcome::Won, 0);
    stats.save(data.path()).unwrap();
    let run =
        |args: &[&str]| super::support::parlour().env("PARLOUR_DATA_DIR", data.path()).args(args).output().unwrap();
    for target in ["My Mine", "my-mine"] {
        let out = run(&["stats", target]);
        let (text, said) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(out.status.success(), "{target}: {said}");
        assert!(text.lines().any(|l| l == "game: my-mine") && text.lines().any(|l| l == "won: 1"), "{target}: {text}");
        assert!(said.contains("cannot be played") && said.contains("game.ini:1"), "{target}: why is told: {said}");
    }
    let out = run(&["stats", "My Mine", "--reset"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("cleared: my-mine (1 played)"));
    assert!(!Stats::load(data.path()).unwrap().game("my-mine").is_some_and(|g| g.counted()), "cleared");
    // Nothing kept for it any more: refused, as a name never counted is.
    for args in [&["stats", "My Mine"][..], &["stats", "My Mine", "--reset"], &["stats", "nope"]] {
        assert_eq!(run(args).status.code(), Some(1), "{args:?}");
    }
}

/// `parlour stats` is a query: a damaged stats.ini is named by its line
/// and left where it is for the next game counted to set aside; its
/// previous copy's figures are shown where that one is good.
#[test]
fn parlour_stats_sets_nothing_aside() {
    let data = tempfile::tempdir().unwrap();
    let mut good = Stats::default();
    good.game_mut("klondike").record(parlour::core::Outcome::Won, 0);
    good.save(data.path()).unwrap();
    good.save(data.path()).unwrap();
    let path = Stats::path(data.path());
    let damaged = "[klondike]\nwon=1\nplayed=-5\n";
    std::fs::write(&path, damaged).unwrap();
    let stats = || super::support::parlour().env("PARLOUR_DATA_DIR", data.path()).args(["stats", "klondike"]).output();
    let out = stats().unwrap();
    let said = String::from_utf8(out.stderr).unwrap();
    let told = format!(
        "parlour: {}:3: [klondike] played = \"-5\" is not a count; it is left where it is, for the next game \
         counted to set aside",
        path.display()
    );
    assert_eq!(said.trim_end(), format!("{told}; its previous copy stats.ini.bak is shown"));
    assert!(String::from_utf8(out.stdout).unwrap().lines().any(|l| l == "won: 1"));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), damaged, "the file was not left as it was");
    // With no good copy the query fails, and still sets nothing aside.
    std::fs::remove_file(parlour::core::files::backup_path(&path)).unwrap();
    let out = stats().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8(out.stderr).unwrap().trim_end(), told);
    let names: Vec<String> = std::fs::read_dir(data.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("stats"))
        .collect();
    assert_eq!(names, ["stats.ini"], "set aside");
    // A damaged section beside a good one, with no copy: the good one is
    // shown, and the query says so, naming no copy that is not there.
    let mut freecell = Stats::default();
    freecell.game_mut("freecell").record(parlour::core::Outcome::Won, 0);
    let text = freecell.to_text().unwrap().replace("[freecell]", &format!("{}[freecell]", damaged));
    std::fs::write(&path, &text).unwrap();
    let out = super::support::parlour().env("PARLOUR_DATA_DIR", data.path()).args(["stats", "freecell"]).output();
    let out = out.unwrap();
    let said = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{said}");
    assert!(said.trim_end().ends_with("; the lines that read are shown"), "{said}");
    assert!(String::from_utf8(out.stdout).unwrap().lines().any(|l| l == "won: 1"));
    // The game on the damaged lines is not shown as never played, and the
    // query fails naming why; so does the list of every game, which
    // cannot show it.
    let out = super::support::parlour().env("PARLOUR_DATA_DIR", data.path()).args(["stats", "klondike"]).output();
    let out = out.unwrap();
    let said = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("the figures of Klondike are not shown: they may be on the lines of"), "{said}");
    assert!(!said.contains("has been counted yet"), "{said}");
    assert!(!String::from_utf8(out.stdout).unwrap().contains("played: 0"));
    let out = super::support::parlour().env("PARLOUR_DATA_DIR", data.path()).arg("stats").output().unwrap();
    let said = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("that cannot be read are left out"), "{said}");
    assert!(String::from_utf8(out.stdout).unwrap().lines().any(|l| l == "game: freecell"));
}

/// Plays the scripted win of `id` (tests/wins) through the controller.
fn play_win(view: &mut Table, id: &str) -> Response {
    let script = std::fs::read_to_string(format!("{}/tests/wins/{id}.txt", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let mut last = Response::Unchanged;
    for line in script.lines().filter(|l| !l.starts_with('#') && !l.starts_with("seed") && !l.is_empty()) {
        let m = view.session().state().parse_move(line).unwrap();
        last = view.play_move(&m);
    }
    assert_eq!(view.session().state().status(), Status::Won);
    last
}

#[test]
fn a_win_is_celebrated_in_the_machines_style() {
    use parlour::machines::{Input, Machine, MachineChoice, MachineId};
    for id in [MachineId::Yazzle, MachineId::AmigaPal] {
        let data = tempfile::tempdir().unwrap();
        let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
        let area = m.content();
        let mut view = open_table("freecell", 1, data.path());
        view.input(&Input::Tick { ms: 10 }, &m, area);
        let last = play_win(&mut view, "freecell");
        match id {
            // Windows: the cards bounce off; no box to dismiss.
            MachineId::Yazzle => {
                assert_eq!(last, Response::Redraw);
                let mut table = m.new_surface();
                view.draw(&mut table, &m, area);
                for _ in 0..20 {
                    assert_eq!(view.input(&Input::Tick { ms: 100 }, &m, area), Response::Redraw);
                }
                let mut bounced = m.new_surface();
                view.draw(&mut bounced, &m, area);
                assert_ne!(bounced, table, "no cards bounced");
                // A click ends the show.
                view.input(&Input::MouseDown { x: 5, y: 100, button: parlour::machines::Button::Left }, &m, area);
                let mut after = m.new_surface();
                view.draw(&mut after, &m, area);
                assert_eq!(after, table);
                // For a person to look at; the system's temporary folder
                // is there wherever the build's target folder is.
                let out = std::env::temp_dir().join("parlour-bounce-yazzle.png");
                std::fs::write(out, parlour::gfx::image_io::encode_png(&bounced)).unwrap();
            }
            // The Amiga: a requester.
            _ => {
                let Response::Ask(req) = last else { panic!("no requester on {id}: {last:?}") };
                assert_eq!(req.title, "You won!");
            }
        }
    }
}

/// A journal or a kept game opened and saved again in Notepad (which puts
/// a byte-order mark before it) reads as it did: the journal resumes, not
/// set aside as foreign, and the kept game is found whatever its name.
#[test]
fn saves_with_a_byte_order_mark_read_as_before() {
    let dir = tempfile::tempdir().unwrap();
    let mut view = freecell_kept_one_move_in(dir.path());
    view.close();
    drop(view);
    let marked = |path: &std::path::Path| [b"\xEF\xBB\xBF".as_slice(), &std::fs::read(path).unwrap()].concat();
    let kept = journal::kept_games(dir.path()).remove(0);
    let shared = dir.path().join("shared.txt");
    std::fs::write(&shared, marked(&kept)).unwrap();
    let places = parlour::host::Places { data_dir: dir.path().to_path_buf(), ..parlour::app::catalog::places() };
    assert_eq!(parlour::host::find(shared.to_str().unwrap(), &places).map(|g| g.game_id), Ok("freecell".into()));
    let journal = journal::journal_path(dir.path(), "freecell");
    std::fs::write(&journal, marked(&journal)).unwrap();
    let how = parlour::host::Opening { seed: None, fresh_seed: 99, ..Default::default() };
    let back = open_as("freecell", dir.path(), &how);
    assert_eq!(back.session().move_count(), 1, "{}", back.message());
    let names: Vec<String> = std::fs::read_dir(journal.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let aside = |n: &String| ["damaged", "foreign", "unreadable"].iter().any(|why| n.contains(why));
    assert!(!names.iter().any(aside), "set aside: {names:?}");
}

/// FreeCell 2 opened in `dir`, one move made and a copy of it kept with
/// Save a Copy: the kept game the tests of Open... and `play FILE` use.
fn freecell_kept_one_move_in(dir: &std::path::Path) -> Table {
    let mut view = open_table("freecell", 2, dir);
    let first = view.session().state().legal_moves()[0];
    view.play_move(&first);
    view.command(&Command::SaveAs);
    view
}

/// Open... lists the kept games newest first, the newest chosen, so
/// Return opens the game kept last whatever its name.
#[test]
fn open_lists_the_kept_games_newest_first() {
    use parlour::app::{driver::Driver, script, shell::Shell};
    use parlour::machines::{Machine, MachineChoice, MachineId};
    let dir = tempfile::tempdir().unwrap();
    for seed in [5, 6] {
        let mut view = open_table("klondike", seed, dir.path());
        view.command(&Command::SaveAs);
    }
    let kept = journal::kept_games(dir.path());
    // The second kept is the newer, against the order of their names, and
    // by an hour, whatever the file system's clock.
    let an_hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    std::fs::File::options().write(true).open(&kept[1]).unwrap().set_modified(an_hour_ago).unwrap();
    let id = MachineId::MacSe30;
    let machine = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
    let view = open_table("klondike", 7, dir.path());
    let mut driver = Driver::new(Shell::keeping_in(machine, Box::new(view), 1, dir.path().to_path_buf()));
    let steps = script::parse("open", "menu Game > Open...\nkey Return\n").unwrap();
    script::run(&mut driver, "open", &steps).unwrap();
    assert!(driver.shell().message().starts_with("Opened klondike-2.save"), "{}", driver.shell().message());
}

/// A shell on the SE/30 over `view`, keeping its files in `dir`, driven
/// by `events` (as `parlour shot` reads them).
fn shell_playing(
    view: Box<dyn View>,
    dir: &std::path::Path,
    events: &str,
    shown: Option<parlour::host::GameEntry>,
) -> parlour::app::driver::Driver {
    shell_playing_on(parlour::machines::MachineId::MacSe30, view, dir, events, shown)
}

/// [`shell_playing`] on the machine `id`.
fn shell_playing_on(
    id: parlour::machines::MachineId,
    view: Box<dyn View>,
    dir: &std::path::Path,
    events: &str,
    shown: Option<parlour::host::GameEntry>,
) -> parlour::app::driver::Driver {
    use parlour::app::{driver::Driver, script, shell::Shell};
    use parlour::machines::{Machine, MachineChoice};
    let machine = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
    let shell = Shell::keeping_in(machine, view, 1, dir.to_path_buf());
    let mut driver = Driver::new(match shown {
        Some(entry) => shell.showing(entry),
        None => shell,
    });
    script::run(&mut driver, "events", &script::parse("events", events).unwrap()).unwrap();
    driver
}

/// Where a copy was kept is boxed on the Amiga PAL, whose title bar cuts
/// it short; the box closed, the list of kept games opened and cancelled
/// brings the game back without that box again (it came back every time).
#[test]
fn a_box_closed_once_stays_closed_when_the_game_shows_again() {
    let dir = tempfile::tempdir().unwrap();
    let klondike = Box::new(open_table("klondike", 7, dir.path()));
    let events = "key alt+s\nkey Return\nmenu Game > Open...\nkey Escape\n";
    let driver = shell_playing_on(parlour::machines::MachineId::AmigaPal, klondike, dir.path(), events, None);
    assert_eq!(driver.shell().title(), "Klondike");
    assert!(driver.shell().message().starts_with("Kept as klondike-1.save"), "{}", driver.shell().message());
    assert!(driver.shell().requester().is_none(), "{:?}", driver.shell().requester());
}

/// A kept game of another game, opened over the game played, asks first
/// whether to give up that other game's own game in progress: declined,
/// the game played comes back, not the other game, paused over its own.
#[test]
fn declining_a_kept_game_of_another_game_goes_back_to_the_game_played() {
    let dir = tempfile::tempdir().unwrap();
    drop(freecell_kept_one_move_in(dir.path()));
    let freecell_left = std::fs::read(journal::journal_path(dir.path(), "freecell")).unwrap();
    let klondike = Box::new(open_table("klondike", 7, dir.path()));
    let driver = shell_playing(klondike, dir.path(), "menu Game > Open...\nkey Return\nkey Escape\n", None);
    assert_eq!(driver.shell().title(), "Klondike", "{}", driver.shell().message());
    assert_eq!(std::fs::read(journal::journal_path(dir.path(), "freecell")).unwrap(), freecell_left);
    // Said yes to, the kept game is played.
    let klondike = Box::new(open_table("klondike", 7, dir.path()));
    let driver = shell_playing(klondike, dir.path(), "menu Game > Open...\nkey Return\nkey Return\n", None);
    assert_eq!(driver.shell().title(), "FreeCell");
    assert!(driver.shell().message().starts_with("Opened freecell-1.save"), "{}", driver.shell().message());

    // A board declined so leaves the board played as the one Peg
    // Solitaire opens next.
    let places = parlour::host::Places { data_dir: dir.path().join("pegs"), ..parlour::app::catalog::places() };
    let open = |id: &str| {
        let entry = parlour::host::find(id, &places).unwrap();
        (parlour::host::open(&entry, &places, &parlour::host::Opening::default()).unwrap(), entry)
    };
    let (triangle, entry) = open("pegs/triangle-15");
    let jump = "key ctrl+t\nkey Space\nkey Up\nkey Up\nkey Space\n";
    let mut driver = shell_playing(triangle, &places.data_dir, jump, Some(entry));
    driver.command(&Command::SaveAs);
    drop(driver);
    let (english, entry) = open("pegs/english");
    let events = "menu Game > Open...\nkey Return\nkey Escape\n";
    let driver = shell_playing(english, &places.data_dir, events, Some(entry));
    assert_eq!(driver.shell().title(), "English", "{}", driver.shell().message());
    let prefs = std::fs::read_to_string(places.data_dir.join("prefs.ini")).unwrap();
    assert!(prefs.contains("board=pegs/english"), "{prefs}");
}

/// A game type opened by its path goes by an id of its own, which no list
/// holds: a copy kept of it opens again from inside it.
#[test]
fn a_kept_game_of_a_game_type_opened_by_its_path_opens_from_inside_it() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("trials/Golf");
    std::fs::create_dir_all(&folder).unwrap();
    let builtin = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("game-types/Golf");
    for file in std::fs::read_dir(&builtin).unwrap() {
        let file = file.unwrap().path();
        std::fs::copy(&file, folder.join(file.file_name().unwrap())).unwrap();
    }
    let places = parlour::host::Places { data_dir: dir.path().join("data"), ..parlour::app::catalog::places() };
    let entry = parlour::host::find(folder.to_str().unwrap(), &places).unwrap();
    assert_ne!(entry.game_id, "golf", "a copy goes by an id of its own");
    let how = parlour::host::Opening { seed: Some(3), fresh_seed: 3, ..Default::default() };
    let mut view = parlour::host::open(&entry, &places, &how).unwrap();
    view.command(&Command::SaveAs);
    let driver = shell_playing(view, &places.data_dir, "menu Game > Open...\nkey Return\n", Some(entry.clone()));
    let said = driver.shell().message();
    assert!(said.starts_with(&format!("Opened {}-1.save", entry.game_id)), "{said}");
    assert!(driver.shell().requester().is_none(), "{:?}", driver.shell().requester());
    // Named on the command line, it says how it opens.
    let kept = journal::kept_games(&places.data_dir).remove(0);
    let png = dir.path().join("x.png");
    let out = super::support::parlour()
        .env("PARLOUR_DATA_DIR", &places.data_dir)
        .arg("shot")
        .arg(&kept)
        .arg("-o")
        .arg(&png)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("a game opened by its path: open that game the same way"), "{said}");

    // A kept game of another game, declined over it, gives it back as it
    // was opened: its help is its own, not an unknown game's.
    drop(freecell_kept_one_move_in(&places.data_dir));
    let view = parlour::host::open(&entry, &places, &how).unwrap();
    let driver = shell_playing(
        view,
        &places.data_dir,
        "menu Game > Open...\nkey Return\nkey Escape\nwait 100\nkey F1\nwait 100\n",
        Some(entry),
    );
    assert!(driver.shell().requester().is_none(), "{:?}", driver.shell().requester());
    assert_eq!(driver.shell().window_title(), "Help: Golf - Parlour");
}

/// A kept game the player names is theirs (or someone else's, shared with
/// them): when it cannot be opened, the command says which file, which
/// line and why, and leaves the file where it is; the game left off is
/// not dealt over, even when a seed was asked for.
#[test]
fn a_broken_kept_game_is_refused_by_name_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let view = freecell_kept_one_move_in(dir.path());
    let kept = journal::kept_games(dir.path()).remove(0);
    let good = std::fs::read_to_string(&kept).unwrap();
    drop(view);
    let journal = journal::journal_path(dir.path(), "freecell");
    let left_off = std::fs::read(&journal).unwrap();

    let broken = dir.path().join("broken.save");
    std::fs::write(&broken, good.replace("\nend", "\nmove T9>T1\nend")).unwrap();
    let line = good.lines().count();
    let shown = broken.display().to_string();
    let refused = |args: &[&str], says: &str| {
        let out = super::support::parlour().env("PARLOUR_DATA_DIR", dir.path()).args(args).output().unwrap();
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}");
        assert!(said.contains(says), "{args:?}: {said}");
    };
    let png = dir.path().join("x.png");
    let png = png.to_str().unwrap();
    refused(&["shot", &shown, "-o", png], &format!("{shown}:{line}: the game does not replay"));
    refused(&["play", &shown, "--replay", &shown], &format!("{shown}:{line}:"));
    assert_eq!(std::fs::read_to_string(&broken).unwrap(), good.replace("\nend", "\nmove T9>T1\nend"), "the file stays");
    let beside: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("broken"))
        .collect();
    assert_eq!(beside, ["broken.save"], "nothing set aside beside it");

    let how = parlour::host::Opening { seed: Some(7), fresh_seed: 7, file: Some(broken.clone()), ..Default::default() };
    let opened = open_as("freecell", dir.path(), &how);
    assert!(opened.unopened().is_some_and(|why| why.starts_with(&format!("{shown}:{line}:"))));
    drop(opened);
    assert_eq!(std::fs::read(&journal).unwrap(), left_off, "the game left off is not dealt over");

    let foreign = dir.path().join("notes.save");
    let header = good.lines().take(7).collect::<Vec<_>>().join("\n");
    std::fs::write(&foreign, header.replace("game: freecell", "game: nosuchgame")).unwrap();
    let shown = foreign.display().to_string();
    refused(&["shot", &shown, "-o", png], &format!("{shown}:2: a kept game of `nosuchgame`"));
    std::fs::write(&foreign, "parlour-save 1\ngame: freecell\nvariant-hash: x\n").unwrap();
    refused(&["shot", &shown, "-o", png], &format!("{shown}:3:"));
    // A kept game whose game is itself is not followed round and round.
    std::fs::write(&foreign, header.replace("game: freecell", &format!("game: {shown}"))).unwrap();
    refused(&["shot", &shown, "-o", png], &format!("{shown}:2: a kept game of `{shown}`"));
    // Named .save, it is read as a kept game, damaged from its first line.
    std::fs::write(&foreign, "shopping list\n").unwrap();
    refused(&["shot", &shown, "-o", png], &format!("{shown}:1: this is not a Parlour save file"));
}

/// Every game that can take moves back lists Back to Start, Forward to End
/// and Replay in its Game menu (The Chance in its Moves menu), and they
/// step through the game.
#[test]
fn every_game_that_undoes_steps_to_its_start_and_end_from_the_game_menu() {
    let stepping = ["Back to Start", "Forward to End", "Replay"];
    let oberon = parlour::views::cardgames::GAMES.iter().map(|(_, id)| id.to_string());
    for id in parlour::app::catalog::games().iter().map(|g| g.id.clone()).chain(oberon) {
        let (view, _data) = super::support::open_game(&id, 1);
        let menus = view.menus();
        let labels: Vec<&str> = menus.iter().flat_map(|m| &m.items).map(|i| i.label.as_str()).collect();
        let listed = stepping.iter().filter(|l| labels.contains(l)).count();
        // Tetris takes nothing back; Rummi's own menus have Back up and
        // Redo; CardGames is the panel that opens Oberon's games.
        let expected = if matches!(id.as_str(), "tetris" | "rummi" | "cardgames") { 0 } else { 3 };
        assert_eq!(listed, expected, "{id}: {labels:?}");
    }

    let dir = tempfile::tempdir().unwrap();
    let mut view = open_table("freecell", 2, dir.path());
    for _ in 0..2 {
        let m = view.session().state().legal_moves()[0];
        view.play_move(&m);
    }
    let end = view.session().cursor();
    let start = view.session().game_start();
    let machine = parlour::machines::Machine::new(
        &parlour::machines::MachineChoice { id: Some(parlour::machines::MachineId::AmigaPal), ..Default::default() },
        parlour::machines::MachineId::AmigaPal,
    )
    .unwrap();
    view.command(&Command::BackToStart);
    assert_eq!(view.session().cursor(), start);
    view.command(&Command::ForwardToEnd);
    assert_eq!(view.session().cursor(), end);
    // On the smallest screen, from the menu as a player picks it.
    let mut d = parlour::app::driver::Driver::new(parlour::app::shell::Shell::new(machine, Box::new(view), 1));
    let steps = parlour::app::script::parse("menu", "menu Game > Back to Start\nmenu Game > Forward to End\n").unwrap();
    parlour::app::script::run(&mut d, "menu", &steps).unwrap();
}

/// The statistics box gives a game that is only scored, never won (Tetris),
/// its games and scores with no word of wins, losses or streaks; a won
/// game its best time and moves and best score.
#[test]
fn the_statistics_box_shows_the_best_a_game_keeps() {
    use parlour::host::controller::{Scoring, stats_box};
    let mut tetris = parlour::core::GameStats::default();
    tetris.record(parlour::core::Outcome::Lost, 1022);
    tetris.record(parlour::core::Outcome::Lost, 400);
    let lines = stats_box("Tetris", &tetris, Scoring::Only, None).lines;
    assert_eq!(lines, ["Played: 2", "Best score: 1022", "Average score: 711"]);
    let lines = stats_box("Tetris", &parlour::core::GameStats::default(), Scoring::Only, None).lines;
    assert_eq!(lines, ["Played: 0", "Best score: none yet"]);
    // A game that scored nothing has a best score all the same: 0, as
    // `parlour stats` and the launcher say, not "none yet".
    let mut nothing = parlour::core::GameStats::default();
    nothing.record(parlour::core::Outcome::Lost, 0);
    let lines = stats_box("Tetris", &nothing, Scoring::Only, None).lines;
    assert_eq!(lines, ["Played: 1", "Best score: 0", "Average score: 0"]);
    let mut lost = parlour::core::GameStats::default();
    lost.record(parlour::core::Outcome::Lost, -10);
    let lines = stats_box("Klondike", &lost, Scoring::Shown, None).lines;
    assert_eq!(lines.last().map(String::as_str), Some("Best score: -10"));
    let mut klondike = parlour::core::GameStats::default();
    klondike.record_game(parlour::core::Outcome::Won, 120, Some(95_000), 88);
    let lines = stats_box("Klondike", &klondike, Scoring::Shown, None).lines;
    assert_eq!(lines[lines.len() - 3..], ["Best time: 1:35", "Fewest moves: 88", "Best score: 120"]);
    // A game that shows no score keeps none in sight (MineSweeper).
    let lines = stats_box("MineSweeper", &klondike, Scoring::Unshown, None).lines;
    assert_eq!(lines[lines.len() - 2..], ["Best time: 1:35", "Fewest moves: 88"]);
    let lines = stats_box("Klondike", &parlour::core::GameStats::default(), Scoring::Shown, None).lines;
    assert_eq!(lines.last().map(String::as_str), Some("Best: no win yet"));
    assert!(!lines.iter().any(|l| l.contains("help")), "{lines:?}");
    // Games Solve played in are counted lost, and said to be.
    klondike.record_helped();
    let lines = stats_box("Klondike", &klondike, Scoring::Shown, None).lines;
    assert_eq!(lines[1..3], ["Lost: 1  Streak: 1 lost", "Lost with help: 1"]);
}

/// Every statistics display gives the share of games won rounded to the
/// nearest percent, by one rule: 1 win in 6 is 17% (it showed 16%), 2 in
/// 3 is 67% (66%), in the statistics box, The Chance's Scores box and
/// `parlour stats`.
#[test]
fn winning_percentages_round_to_the_nearest() {
    use parlour::core::{GameStats, Outcome};
    use parlour::host::controller::{Scoring, stats_box};
    let record = |won: u64, played: u64| {
        let mut g = GameStats::default();
        for i in 0..played {
            g.record_game(if i < won { Outcome::Won } else { Outcome::Lost }, 0, Some(1000), 10);
        }
        g
    };
    let rummi = record(1, 6);
    assert_eq!(stats_box("Rummi", &rummi, Scoring::Unshown, None).lines[0], "Played: 6  Won: 1 (17%)");
    let chance = record(2, 3);
    let scores = parlour::views::chance::scores::scores_box(&chance, None);
    assert!(scores.lines.iter().any(|l| l.starts_with("Won: 2 (67%)")), "{:?}", scores.lines);
    let data = tempfile::tempdir().unwrap();
    let mut stats = Stats::default();
    *stats.game_mut("rummi") = rummi;
    stats.save(data.path()).unwrap();
    let out = super::support::parlour().env("PARLOUR_DATA_DIR", data.path()).args(["stats", "rummi"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().any(|l| l == "winning percentage: 17%"), "{text}");
}

/// What `parlour stats` says while no game has been counted.
const NONE_COUNTED: &str =
    "No game has been counted yet: a game counts once it is won or given up (a Tetris game, never won, once it ends).";

/// A game in progress is not in the figures: `parlour stats` says none
/// is counted yet, and when one counts, rather than that none was played.
#[test]
fn stats_with_a_game_in_progress_says_none_is_counted_yet() {
    let data = tempfile::tempdir().unwrap();
    let mut view = open_table("klondike", 3, data.path());
    deal_from_the_stock(&mut view, 1);
    drop(view);
    let out = super::support::parlour().env("PARLOUR_DATA_DIR", data.path()).arg("stats").output().unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stderr).unwrap(), format!("{NONE_COUNTED}\n"));
}

/// A data folder that is a file is said once, plainly, as a warning, and
/// the games go on all the same, keeping their files in a temporary
/// folder of the run's own: a query finds nothing counted, and a shot is
/// drawn, with no other file told of one by one.
#[test]
fn a_data_folder_that_is_a_file_is_said_plainly_and_play_goes_on() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("notadir");
    std::fs::write(&file, "hi").unwrap();
    let warned = format!(
        "warning: the data folder {} is a file, not a folder: games can be played, but nothing can be kept",
        file.display()
    );
    let out = super::support::parlour().env("PARLOUR_DATA_DIR", &file).arg("stats").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let said = String::from_utf8(out.stderr).unwrap();
    assert_eq!(said.lines().filter(|l| *l == warned).count(), 1, "{said}");
    assert!(said.contains(NONE_COUNTED), "{said}");
    // A command that keeps nothing tells of the folder as plainly, not of
    // a file in it it could not read.
    let out = super::support::parlour().env("PARLOUR_DATA_DIR", &file).arg("list").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8(out.stderr).unwrap(), format!("{warned}\n"));
    let shot = data.path().join("k.png");
    let args = ["shot", "klondike", "--events", "-", "-o", shot.to_str().unwrap()];
    let out = super::support::run_fed(&file, &args, "click 100 130\nkey ctrl+n\nkey Return\n");
    let said = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{said}");
    assert!(shot.is_file());
    assert_eq!(said, format!("{warned}\n"), "more than the folder told of");
    assert_eq!(std::fs::read(&file).unwrap(), b"hi", "the file was touched");
}

/// A data folder that cannot be made, its folder closed to the player, is
/// said once, as one that cannot be read is, rather than as the built-in
/// games that could not be unpacked into it.
#[cfg(unix)]
#[test]
fn a_data_folder_that_cannot_be_made_is_said_once() {
    use std::os::unix::fs::PermissionsExt;
    let top = tempfile::tempdir().unwrap();
    let closed = top.path().join("closed");
    std::fs::create_dir(&closed).unwrap();
    std::fs::set_permissions(&closed, PermissionsExt::from_mode(0o755)).unwrap();
    let data = closed.join("data");
    let out = super::support::run_as_player(top.path(), &data, &["list"]);
    let said = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{said}");
    let why = "cannot be made (permission denied): games can be played, but nothing can be kept";
    assert_eq!(said, format!("warning: the data folder {} {why}\n", data.display()));
    assert!(String::from_utf8(out.stdout).unwrap().contains("klondike\tKlondike\n"));
}

/// A data folder Parlour may not read is said once, naming it and why,
/// and the games go on as they do without one: no file in it is told of
/// one by one, and nothing is written into it. Run as a player (root
/// reads any folder), from a copy of the binary anyone may run.
#[cfg(unix)]
#[test]
fn an_unreadable_data_folder_is_said_once_and_play_goes_on() {
    use std::io::Write;
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::process::CommandExt;
    use std::process::Stdio;
    let mode = |path: &std::path::Path, mode| std::fs::set_permissions(path, PermissionsExt::from_mode(mode)).unwrap();
    let top = tempfile::tempdir().unwrap();
    mode(top.path(), 0o777);
    let data = top.path().join("data");
    std::fs::create_dir_all(data.join("journals")).unwrap();
    std::fs::write(data.join("prefs.ini"), "[all]\nwinnable=0\n").unwrap();
    std::fs::write(data.join("settings.ini"), "[Machine]\nid=yazzle\n").unwrap();
    let bin = top.path().join("parlour");
    std::fs::copy(env!("CARGO_BIN_EXE_parlour"), &bin).unwrap();
    mode(&bin, 0o755);
    mode(&data, 0o000);
    let shot = top.path().join("k.png");
    let mut run = std::process::Command::new(&bin);
    run.env("PARLOUR_DATA_DIR", &data).args(["shot", "klondike", "--events", "-", "-o"]).arg(&shot);
    // SAFETY: getuid has no preconditions and cannot fail.
    if unsafe { libc::getuid() } == 0 {
        run.uid(65534).gid(65534);
    }
    let mut child = run.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(b"click 100 130\nkey ctrl+n\nkey Return\n").unwrap();
    let out = child.wait_with_output().unwrap();
    mode(&data, 0o755);
    let said = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{said}");
    let warned = format!(
        "warning: the data folder {} cannot be read (permission denied): games can be played, but nothing can be kept",
        data.display()
    );
    assert_eq!(said, format!("{warned}\n"), "more than the folder told of");
    assert!(shot.is_file());
    let mut kept: Vec<String> =
        std::fs::read_dir(&data).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    kept.sort();
    assert_eq!(kept, ["journals", "prefs.ini", "settings.ini"], "something was written");
}

/// A stats.ini cut at the end of a line is damage: `parlour stats` names
/// its line and shows the previous copy, and the next game counted sets
/// it aside, counts on that copy and keeps it as the backup: the good
/// figures are never pushed out by the cut ones.
#[test]
fn a_stats_file_cut_at_a_line_end_never_pushes_out_its_backup() {
    let data = tempfile::tempdir().unwrap();
    let shot = data.path().join("k.png");
    let lose_one = |seed: &str| {
        let args = ["shot", "klondike", "--seed", seed, "--events", "-", "-o", shot.to_str().unwrap()];
        let out = super::support::run_fed(data.path(), &args, "click 100 130\nkey ctrl+n\nkey Return\n");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    };
    let counted = |path: &std::path::Path| {
        let stats = Stats::from_text(&std::fs::read(path).unwrap()).unwrap();
        stats.game("klondike").map(|g| (g.played, g.lost, g.total_moves))
    };
    let path = Stats::path(data.path());
    lose_one("1");
    lose_one("2");
    assert_eq!(counted(&path), Some((2, 2, 2)));
    let whole = std::fs::read_to_string(&path).unwrap();
    let cut = &whole[..whole.find("won=0").unwrap() + "won=0".len()];
    std::fs::write(&path, cut).unwrap();
    let out = super::support::parlour().env("PARLOUR_DATA_DIR", data.path()).args(["stats", "klondike"]).output();
    let out = out.unwrap();
    let said = String::from_utf8(out.stderr).unwrap();
    let told = format!("{}:4: the line has no end: the file may have been cut short", path.display());
    assert!(said.starts_with(&format!("parlour: {told}")), "{said}");
    assert!(said.trim_end().ends_with("its previous copy stats.ini.bak is shown"), "{said}");
    assert!(String::from_utf8(out.stdout).unwrap().contains("played: 1\n"));
    lose_one("3");
    assert_eq!(counted(&path), Some((2, 2, 2)), "the previous copy's game and this one");
    assert_eq!(counted(&parlour::core::files::backup_path(&path)), Some((1, 1, 1)), "the backup is the cut copy");
    assert_eq!(std::fs::read_to_string(data.path().join("stats.ini.damaged-1")).unwrap(), cut);
    // With no good previous copy the cut file is set aside all the same,
    // and the game counted starts the statistics afresh, not uncounted.
    std::fs::remove_file(parlour::core::files::backup_path(&path)).unwrap();
    std::fs::write(&path, cut).unwrap();
    lose_one("4");
    assert_eq!(counted(&path), Some((1, 1, 1)));
    assert_eq!(std::fs::read_to_string(data.path().join("stats.ini.damaged-2")).unwrap(), cut);
}

/// Only the games Undo can still reach are kept: the last game played
/// and the deals after it. Games played before it were counted as they
/// were left, and would otherwise be written and replayed at every
/// opening for as long as the game is played, until the journal grew
/// past what a save may hold. A journal an older build wrote with them
/// sheds them when it is opened.
#[test]
fn games_out_of_undos_reach_are_forgotten_and_their_counts_kept() {
    use parlour::core::Action;
    let data = tempfile::tempdir().unwrap();
    let deals = |view: &Table| view.session().steps().iter().filter(|s| !matches!(s.action, Action::Move(_))).count();
    let mut view = open_table("klondike", 3, data.path());
    let mut left = Vec::new();
    for _ in 0..5 {
        deal_from_the_stock(&mut view, 1);
        left.push(view.session().state().clone());
        view.command(&Command::New);
        view.answer(0);
        assert!(deals(&view) <= 2, "{} games kept", deals(&view));
    }
    assert_eq!(Stats::load(data.path()).unwrap().game("klondike").unwrap().played, 5);
    view.command(&Command::Undo);
    assert_eq!(view.session().state(), left.last().unwrap(), "the last game played is still in reach");
    assert_eq!(view.message(), "Taken back. Still counted as lost.");
    assert!(view.command(&Command::Undo).is_some());
    assert!(view.command(&Command::Undo).is_none(), "and no game before it");
    view.command(&Command::Redo);
    view.command(&Command::Redo);
    let journal = journal::journal_path(data.path(), "klondike");
    let text = std::fs::read_to_string(&journal).unwrap();
    assert_eq!(text.lines().filter(|l| l.starts_with("new ")).count(), 1, "{text}");
    drop(view);

    // As an older build left it: every game since the first.
    let game = parlour::app::catalog::find("klondike").unwrap();
    let variant = parlour::app::catalog::game_type(&game).unwrap().variant.clone();
    let mut old = parlour::core::Session::new(variant, 1);
    for seed in 2..=40 {
        let stock = old.state().legal_moves().into_iter().find(|m| matches!(m, SolMove::Deal(_))).unwrap();
        old.play(&stock).unwrap();
        old.new_game(seed);
    }
    let stock = old.state().legal_moves().into_iter().find(|m| matches!(m, SolMove::Deal(_))).unwrap();
    old.play(&stock).unwrap();
    let playing = old.state().clone();
    std::fs::write(&journal, parlour::core::save::encode(&old).unwrap()).unwrap();
    let how = parlour::host::Opening { seed: None, fresh_seed: 99, ..Default::default() };
    let view = open_as("klondike", data.path(), &how);
    assert_eq!(view.session().state(), &playing, "the game under way resumes");
    assert_eq!((deals(&view), view.session().cursor()), (1, 1));
    let text = std::fs::read_to_string(&journal).unwrap();
    assert!(text.contains("seed: 40\n") && !text.contains("\nnew "), "{text}");
    assert_eq!(Stats::load(data.path()).unwrap().game("klondike").unwrap().played, 5, "nothing more is counted");
}

/// Back to Start out of a lost game's end does what Undo does: it says
/// the game stays counted as lost, and keeps the count in the journal, so
/// that the game played again from its deal and lost, after the window
/// was closed and the game resumed, is not counted a second time.
#[test]
fn back_to_start_out_of_a_loss_keeps_its_count_through_a_resume() {
    let data = tempfile::tempdir().unwrap();
    let tally = || Stats::load(data.path()).unwrap().game("golf").map(|g| (g.played, g.lost)).unwrap();
    let mut view = lost_golf(data.path());
    let counted = tally();
    view.command(&Command::BackToStart);
    assert_eq!(view.message(), "Taken back. Still counted as lost.");
    let first = view.session().state().legal_moves()[0];
    view.play_move(&first);
    drop(view);
    let how = parlour::host::Opening { seed: None, fresh_seed: 99, ..Default::default() };
    let mut view = open_as("golf", data.path(), &how);
    assert_eq!(view.session().move_count(), 1, "the game resumes after its first move");
    while let Some(m) = view.session().state().legal_moves().first().copied() {
        view.play_move(&m);
    }
    assert_eq!(view.session().state().status(), Status::Lost, "lost again");
    drop(view);
    assert_eq!(tally(), counted, "the one game is counted once");
}

/// Opening the statistics box never moves the player's records away: a
/// damaged stats.ini is left as it is (the next game counted sets it
/// aside and tells of it), and the box says it cannot be read, where it
/// once showed zeros and set the file and its backup aside without a word.
#[test]
fn the_statistics_box_leaves_a_damaged_file_where_it_is() {
    for game in ["klondike", "mines", "scramble", "the-chance"] {
        let (mut view, data) = super::support::open_game(game, 3);
        let file = data.path().join("stats.ini");
        std::fs::write(&file, b"\xff\xfe\x00junk").unwrap();
        std::fs::write(data.path().join("stats.ini.bak"), b"\xff\xfe\x00junk").unwrap();
        let Some(Response::Ask(req)) = view.command(&Command::Stats) else { panic!("{game}: a box") };
        let said = req.lines.last().unwrap();
        assert!(said.starts_with("The statistics cannot be read: ") && said.contains("stats.ini"), "{game}: {said}");
        assert_eq!(std::fs::read(&file).unwrap(), b"\xff\xfe\x00junk", "{game}: the file stays");
        let aside = std::fs::read_dir(data.path())
            .unwrap()
            .filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().contains("damaged"));
        assert_eq!(aside.count(), 0, "{game}: nothing set aside");
    }
}

/// The Statistics box's Reset, reached by Tab as a box's other buttons
/// are, asks first: Cancel goes back to the box with every figure kept;
/// Reset clears this game's record only, keeps the file before it as
/// stats.ini.bak, and shows the box again at nought. Return and Escape
/// on the box press OK, never Reset.
#[test]
fn the_statistics_box_resets_this_games_figures_after_asking() {
    use parlour::app::driver::Driver;
    use parlour::app::shell::Shell;
    use parlour::core::{GameStats, Outcome};
    use parlour::machines::{Input, Key, Machine, MachineChoice, MachineId, Modifiers};
    let key = |key| Input::Key { key, mods: Modifiers::default() };
    let (view, data) = super::support::open_game("klondike", 1);
    let mut stats = Stats::default();
    stats.game_mut("klondike").record(Outcome::Won, 52);
    stats.game_mut("golf").record(Outcome::Lost, 3);
    stats.save(data.path()).unwrap();
    let path = Stats::path(data.path());
    let before = std::fs::read(&path).unwrap();
    let id = MachineId::AmigaPal;
    let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
    let mut d = Driver::new(Shell::new(m, view, 1));
    let shown = |d: &Driver| d.shell().requester().cloned().expect("a box");
    d.command(&Command::Stats);
    let figures = shown(&d);
    assert_eq!(figures.buttons, ["OK", "Reset"]);
    assert!(figures.lines.contains(&"Played: 1  Won: 1 (100%)".to_string()), "{:?}", figures.lines);
    d.feed(&[key(Key::Escape)]);
    assert!(d.shell().requester().is_none(), "Escape presses OK");
    d.command(&Command::Stats);
    d.feed(&[key(Key::Tab), key(Key::Enter)]);
    let asked = shown(&d);
    assert_eq!(asked.lines, ["Clear the statistics of Klondike?", "This cannot be undone."]);
    assert_eq!(asked.buttons, ["Reset", "Cancel"]);
    d.feed(&[key(Key::Escape)]);
    assert_eq!(shown(&d), figures, "Cancel goes back to the figures");
    assert_eq!(std::fs::read(&path).unwrap(), before, "and clears nothing");
    d.feed(&[key(Key::Tab), key(Key::Enter), key(Key::Enter)]);
    let cleared = shown(&d);
    assert!(cleared.lines.contains(&"Played: 0  Won: 0 (0%)".to_string()), "{:?}", cleared.lines);
    assert_eq!(d.shell().message(), "Statistics cleared.");
    let after = Stats::load(data.path()).unwrap();
    assert_eq!(after.game("klondike"), Some(&GameStats::default()));
    assert_eq!(after.game("golf"), stats.game("golf"), "another game's record is kept");
    let backup = parlour::core::files::backup_path(&path);
    assert_eq!(std::fs::read(backup).unwrap(), before, "the file before is kept as stats.ini.bak");
    d.feed(&[key(Key::Enter)]);
    assert!(d.shell().requester().is_none(), "Return presses OK");
}

/// `parlour stats GAME --reset` clears what `parlour stats GAME` shows
/// (every MineSweeper size) and says so, keeping every other game's
/// record and the file before as stats.ini.bak; after it the game is
/// one never counted. It is refused without a GAME, and a stats.ini
/// with a damaged line, or one that cannot be read, fails it (exit 1)
/// naming the file, left as it was.
#[test]
fn parlour_stats_reset_clears_one_game() {
    use parlour::core::Outcome;
    let data = tempfile::tempdir().unwrap();
    let stats = |args: &[&str]| {
        let out = super::support::parlour().env("PARLOUR_DATA_DIR", data.path()).arg("stats").args(args).output();
        let out = out.unwrap();
        (out.status.code(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
    };
    let (code, _, said) = stats(&["--reset"]);
    assert_eq!(code, Some(1));
    assert_eq!(
        said.trim_end(),
        "parlour: --reset clears the statistics of one game: name it (parlour stats klondike --reset)"
    );
    let mut kept = Stats::default();
    kept.game_mut("mines/beginner").record(Outcome::Lost, 0);
    kept.game_mut("mines/expert").record(Outcome::Won, 0);
    kept.game_mut("klondike").record(Outcome::Won, 52);
    kept.save(data.path()).unwrap();
    let path = Stats::path(data.path());
    let before = std::fs::read(&path).unwrap();
    let (code, out, _) = stats(&["mines", "--reset"]);
    assert_eq!(code, Some(0));
    assert_eq!(out, "cleared: mines/beginner (1 played)\ncleared: mines/expert (1 played)\n");
    let after = Stats::load(data.path()).unwrap();
    assert_eq!(after.game("klondike"), kept.game("klondike"));
    assert_eq!(std::fs::read(parlour::core::files::backup_path(&path)).unwrap(), before);
    assert!(stats(&["mines"]).2.starts_with("No game of MineSweeper has been counted yet"));
    let (code, out, _) = stats(&["mines", "--reset"]);
    assert_eq!(
        (code, out.as_str()),
        (Some(0), "No game of MineSweeper has been counted: there is nothing to clear.\n")
    );
    // A damaged line: nothing is written, lest the record on it be lost.
    let damaged = format!("{}[golf]\nplayed=x\n", String::from_utf8(before.clone()).unwrap());
    std::fs::write(&path, &damaged).unwrap();
    let (code, _, said) = stats(&["klondike", "--reset"]);
    assert_eq!(code, Some(1), "{said}");
    assert!(said.contains(&format!("{}:", path.display())) && said.contains("nothing is cleared"), "{said}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), damaged);
    // One that cannot be read (a folder in its place).
    std::fs::remove_file(&path).unwrap();
    std::fs::create_dir(&path).unwrap();
    let (code, _, said) = stats(&["klondike", "--reset"]);
    assert_eq!(code, Some(1), "{said}");
    assert!(said.starts_with("parlour: the statistics of Klondike were not cleared: "), "{said}");
}
