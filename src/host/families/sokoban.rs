//! Sokoban: every level of every `.xsb` file in the `sokoban` folder of
//! the board folders is a game, `sokoban/SET/N`; a file given by its path
//! (`FILE.xsb`, or `FILE.xsb:N` for its level N) plays too. The
//! launcher's Sokoban entry opens the level of Parlour's own set last
//! played, where it was left; in a set never played, the first level not
//! yet solved.
//!
//! Levels are Sokoban's numbered games, as deals are a card game's: a
//! seed (`--seed N`) opens level N of the set, afresh, where no level is
//! named; one that names another level than the target's is refused.

use std::path::Path;
use std::sync::Arc;

use crate::core::files::{Loaded, ReadFrom, is_apart_id, is_listed};
use crate::core::{Game, Status, capitalised, save};
use crate::games::sokoban::library::{self, SetFile};
use crate::games::sokoban::records::Records;
use crate::games::sokoban::rules::LevelVariant;
use crate::host::prefs;
use crate::host::{Controller, Family, GameEntry, HelpRef, Listed, Opening, Places, Progress};
use crate::machines::MachineId;
use crate::views::View;
use crate::views::board::{Refused, unknown_word};
use crate::views::sokoban::{LAST_LEVEL_PREF, Place, SokobanBoard, levels_solved};

pub static FAMILY: Family = Family {
    id: "sokoban",
    chooser_label: "Choose Level...",
    kind: crate::host::Kind::Level,
    games,
    variants,
    resolve,
    chooser: None,
    open,
    help,
    figures: crate::host::kept_figures,
    progress,
    // Its score is the boxes home, which every level solved brings to its
    // goals: no figure to keep.
    record: crate::host::Record::Unscored,
    claims: crate::host::Claims::Family("Sokoban"),
};

const LAUNCHER_ID: &str = "sokoban";
const LAUNCHER_NAME: &str = "Sokoban";
/// The set the launcher's entry plays.
const DEFAULT_SET: &str = "sokoban/parlour";

/// A level as the family keeps it.
struct LevelGame {
    title: String,
    place: Place,
    variant: LevelVariant,
    /// The set it is in, for a seed to pick another of its levels.
    set: Arc<SetFile>,
    /// Whether the target named this level (`sokoban/parlour/3`,
    /// `FILE.xsb:3`), rather than the set (the launcher's entry, a file).
    named: bool,
}

/// Every level set in the board folders, read afresh.
fn sets(places: &Places) -> Vec<SetFile> {
    library::discover(&(places.search)("boards")).iter().map(|p| SetFile::load(p)).collect()
}

/// The name a set is shown by: its file's stem with a capital.
fn set_name(set: &SetFile) -> String {
    capitalised(&set.name)
}

/// The part of a level's name after its set's: " 3: Pantry", or " 3".
fn level_part(number: usize, title: Option<&str>) -> String {
    match title {
        Some(t) => format!(" {number}: {t}"),
        None => format!(" {number}"),
    }
}

/// The name a level is shown by: "Parlour 3: Pantry".
fn level_name(set: &SetFile, number: usize, title: Option<&str>) -> String {
    format!("{}{}", set_name(set), level_part(number, title))
}

/// The level set file of a Sokoban entry, for `parlour lint` to take a
/// set by a level's id; None for another family's game.
pub fn level_set_file(entry: &GameEntry) -> Option<&std::path::Path> {
    entry.data.downcast_ref::<LevelGame>().map(|game| game.set.path.as_path())
}

/// Level `number` of `set`, or why it cannot be played.
fn level_game(set: &Arc<SetFile>, number: usize, named: bool) -> Result<LevelGame, String> {
    let level = set.level(number)?.clone();
    let id = set.level_id(number);
    let title = level_name(set, number, level.title.as_deref());
    let (good, left_out) = (Arc::clone(set.good()), Arc::clone(set.left_out()));
    let place = Place { path: set.path.clone(), number, good, left_out };
    Ok(LevelGame { title, place, variant: LevelVariant::new(&id, level), set: Arc::clone(set), named })
}

/// The entry of level `number` of `set`, or why it cannot be played.
fn entry(set: &Arc<SetFile>, number: usize, named: bool) -> Result<GameEntry, String> {
    let game = level_game(set, number, named)?;
    let id = set.level_id(number);
    // A list too narrow for a long set's name shortens that, keeping the
    // level's number and title, which tell its rows apart.
    let kept_end = level_part(number, game.variant.level.title.as_deref()).len();
    Ok(GameEntry {
        id: id.clone(),
        game_id: id,
        name: game.title.clone(),
        kept_end,
        default_machine: None,
        family: &FAMILY,
        data: Arc::new(game),
    })
}

/// The launcher's Sokoban: the good level of Parlour's set (else of the
/// first set) last played, where the player comes back to; once that is
/// solved and left, the next they have not solved (the first, in a set
/// never played); else its first. A solved level played again and left
/// under way is come back to, as any game under way is.
fn games(places: &Places) -> Vec<GameEntry> {
    let Some((set, all)) = launcher_sets(places) else {
        return Vec::new();
    };
    let set = Arc::new(set);
    let records = Records::peek(&places.data_dir);
    let good = set.good();
    let solved = |n: usize| records.best(&set.level_id(n)).is_some();
    // A level solved and left goes on to the next not solved.
    let unsolved_from =
        |from: usize| good.iter().copied().filter(|&n| n > from).chain(good.iter().copied()).find(|&n| !solved(n));
    let number = match last_played(places, &set, &all) {
        Some(n) if !solved(n) || under_way(&set, n, places) => Some(n),
        last => unsolved_from(last.unwrap_or(0)),
    }
    .or(good.first().copied());
    number
        .and_then(|n| entry(&set, n, false).ok())
        .map(|e| GameEntry { id: LAUNCHER_ID.into(), name: LAUNCHER_NAME.into(), ..e })
        .into_iter()
        .collect()
}

/// Whether the journal of level `number` of `set` holds a game the
/// player has moved in and not solved. Read without a word: a journal that
/// cannot be read is told of as the level opens.
fn under_way(set: &Arc<SetFile>, number: usize, places: &Places) -> bool {
    let Ok(game) = level_game(set, number, false) else { return false };
    let journal = crate::host::journal::journal_path(&places.data_dir, &set.level_id(number));
    save::load(&journal, &game.variant)
        .is_ok_and(|session| session.state().status() == Status::Playing && session.cursor() > session.game_start())
}

/// How many levels of the entry's set the player has solved, looking at
/// the records as they stand: a damaged file is counted from its backup,
/// else as none, and what is wrong with it is said (see [`Progress`]).
fn progress(entry: &GameEntry, places: &Places) -> Option<Progress> {
    let game: &LevelGame = entry.data.downcast_ref()?;
    let looked = match Records::look(&places.data_dir) {
        Ok(loaded) => loaded,
        Err(e) => Loaded { value: Records::default(), replaced: Some(e), from: ReadFrom::Afresh },
    };
    let (name, figure) = levels_solved(&looked.value, &game.set.id, &game.place.good);
    let recorded = !looked.value.is_empty() || looked.replaced.is_some();
    let figure = Loaded { value: figure, replaced: looked.replaced, from: looked.from };
    Some(Progress { name, figure, recorded })
}

/// The set the launcher's entry plays (Parlour's, else the first), and
/// the others.
fn launcher_sets(places: &Places) -> Option<(SetFile, Vec<SetFile>)> {
    let mut all = sets(places);
    let i = all.iter().position(|s| s.id == DEFAULT_SET).or((!all.is_empty()).then_some(0))?;
    Some((all.swap_remove(i), all))
}

/// The good level of `set` last on the table, as the preferences keep it
/// (a level of one of the `others` sets is no trouble, and none of
/// `set`'s). Read without a word, as every command that lists the games
/// lists the launcher's entry: a kept level refused is told of as that
/// entry opens (see [`tell_of_kept_level_refused`]).
fn last_played(places: &Places, set: &SetFile, others: &[SetFile]) -> Option<usize> {
    let kept = prefs::kept(&places.data_dir, FAMILY.id, LAST_LEVEL_PREF)?;
    kept_level(&kept, set, others).ok().flatten()
}

/// Tells of a kept level the launcher's entry could not come back to (one
/// that names no level, a set of none of the board folders' or a level
/// its set cannot play) by its line, as every refused preference is.
fn tell_of_kept_level_refused(places: &Places) {
    if let Some((set, others)) = launcher_sets(places) {
        let judge = |id: &str| kept_level(id, &set, &others).map(drop);
        prefs::tell_if_refused(&places.data_dir, FAMILY.id, LAST_LEVEL_PREF, judge);
    }
}

/// The level of `set` the kept level `id` names, none where it names one
/// of another set, or why it is refused: the launcher's entry then opens
/// at `set`'s first level not yet solved.
fn kept_level(id: &str, set: &SetFile, others: &[SetFile]) -> Result<Option<usize>, Refused> {
    let kept = format!("the first level of {} not yet solved", set_name(set));
    let no_level = |why: String| Refused::new(why, format!("{kept} is used instead"));
    let (set_id, number) =
        library::split_id(id).ok_or_else(|| no_level(format!("`{id}` names no level (as sokoban/parlour/3 does)")))?;
    let sets = || std::iter::once(set).chain(others);
    let Some(kept_in) = sets().find(|s| s.id.eq_ignore_ascii_case(set_id)) else {
        // A set opened by its path is kept under an id made from where
        // it lies, which no board folder lists.
        if is_apart_id(set_id) {
            return Ok(None);
        }
        // Only a set with a level to play is one to choose.
        let names: Vec<&str> = sets().filter(|s| !s.good().is_empty()).map(|s| s.id.as_str()).collect();
        return Err(unknown_word("level set", set_id, &names, &kept));
    };
    if kept_in.level(number).is_err() {
        let file = kept_in.path.file_name().unwrap_or(kept_in.path.as_os_str()).to_string_lossy();
        return Err(no_level(format!("`{id}` is no level to play ({file}: {})", kept_in.levels_there())));
    }
    Ok((kept_in.id == set.id).then_some(number))
}

/// Every level of every set, marked `[x]` when solved, and of the set of
/// the level `open`, where the board folders do not hold it (a file
/// opened by its path); a set that holds no level at all is left out, as
/// a broken level is, saying so.
fn variants(places: &Places, open: Option<&GameEntry>) -> Vec<Listed> {
    let records = Records::peek(&places.data_dir);
    let all: Vec<Arc<SetFile>> = sets(places).into_iter().map(Arc::new).collect();
    let opened_by_path = open
        .and_then(|e| e.data.downcast_ref::<LevelGame>())
        .filter(|game| !all.iter().any(|set| set.id == game.set.id))
        .map(|game| Arc::clone(&game.set));
    let by_id = all.into_iter().map(|set| (set, false));
    by_id
        .chain(opened_by_path.map(|set| (set, true)))
        .flat_map(|(set, by_path)| listed(set, by_path, &records))
        .collect()
}

/// The levels of `set` as its chooser lists them, marked `[x]` when
/// solved. A set the board folders do not hold is played by its path
/// (`FILE.xsb:N`), as its levels' ids name no file.
fn listed(set: Arc<SetFile>, by_path: bool, records: &Records) -> Vec<Listed> {
    let empty = set.no_level().map(|none| Err((set_name(&set), none.to_string())));
    let levels = (1..=set.set.levels.len()).map(|n| {
        let [solved, unsolved] = crate::views::widgets::LIST_MARKS;
        let mark = if records.best(&set.level_id(n)).is_some() { solved } else { unsolved };
        entry(&set, n, true)
            .map(|e| {
                let id = if by_path { format!("{}:{n}", set.path.display()) } else { e.id.clone() };
                GameEntry { id, name: format!("{mark}{}", e.name), ..e }
            })
            .map_err(|why| (level_name(&set, n, None), why))
    });
    empty.into_iter().chain(levels).collect()
}

/// A level's id (`sokoban/parlour/3`), or a set file's path with an
/// optional `:N` for its level N; without one, the set's first good level
/// (a broken level does not keep the rest of its file from play). A file
/// that is not the set the board folders hold under its id (a copy of
/// Parlour's set being edited, a set of that name elsewhere) goes by an
/// id of its own, made from where it lies.
fn resolve(target: &str, places: &Places) -> Option<Result<GameEntry, String>> {
    if let Some((set_id, number)) = library::split_id(target) {
        let set = sets(places).into_iter().find(|s| s.id.eq_ignore_ascii_case(set_id))?;
        return Some(entry(&Arc::new(set), number, true));
    }
    let (path, number) = match target.rsplit_once(':') {
        Some((p, n)) if library::is_set_path(Path::new(p)) => (p, Some(n.parse().ok()?)),
        _ => (target, None),
    };
    let path = Path::new(path);
    if let Some(n) = number
        && library::is_set_path(path)
        && !path.exists()
    {
        // Not `FILE:N: ...`, which would read as a problem on line N.
        return Some(Err(format!("{}: no such file or folder (its level {n} was asked for)", path.display())));
    }
    (library::is_set_path(path) && path.is_file()).then(|| {
        let set = SetFile::load(path);
        let set = if is_listed(path, &library::discover(&(places.search)("boards"))) { set } else { set.apart() };
        let named = number.is_some();
        let number = number.map_or_else(|| set.first_playable(), Ok)?;
        entry(&Arc::new(set), number, named)
    })
}

/// Opens the level, or with a seed level N of its set: afresh, as a seed
/// deals a card game afresh. A seed naming no level of the set, or
/// another level than the one the target named, is refused, touching
/// nothing.
fn open(entry: &GameEntry, places: &Places, how: &Opening) -> Box<dyn View> {
    let game: &LevelGame = entry.data.downcast_ref().expect("a sokoban entry holds its level");
    if entry.id == LAUNCHER_ID {
        tell_of_kept_level_refused(places);
    }
    let picked = match how.seed {
        Some(seed) if seed != game.place.number as u64 => seeded_level(game, seed),
        _ => Ok(None),
    };
    let (game, refused) = match &picked {
        Ok(Some(other)) => (other, None),
        Ok(None) => (game, None),
        Err(why) => (game, Some(why.clone())),
    };
    let board = SokobanBoard::new(&game.title, game.place.clone(), &places.data_dir);
    match refused {
        Some(why) => Box::new(Controller::refused(FAMILY.id, game.variant.clone(), board, &places.data_dir, why)),
        None => {
            let mut controller = Controller::open(FAMILY.id, game.variant.clone(), board, &places.data_dir, how);
            // The level is the one to come back to, even if Parlour is
            // ended without closing it.
            controller.keep_prefs_as_opened();
            Box::new(controller)
        }
    }
}

/// Level `seed` of `game`'s set, where `game` did not name its level; or
/// why the seed cannot be played.
fn seeded_level(game: &LevelGame, seed: u64) -> Result<Option<LevelGame>, String> {
    let set = &game.set;
    let count = set.set.levels.len();
    let id = |n: u64| format!("{}/{n}", set.id);
    if game.named {
        let number = game.place.number;
        return Err(format!(
            "{} is level {number}, and --seed {seed} would be level {seed} ({}): name the level once",
            id(number as u64),
            id(seed)
        ));
    }
    let number = usize::try_from(seed).ok().filter(|n| (1..=count).contains(n)).ok_or_else(|| {
        format!("--seed {seed}: Sokoban's seed is a level of the set, and {} has levels 1 to {count}", set.id)
    })?;
    level_game(set, number, true).map(Some).map_err(|why| format!("--seed {seed}: {why}"))
}

fn help(_entry: &GameEntry, _machine: MachineId) -> HelpRef {
    HelpRef::Guide { file: "sokoban.guide".into(), node: "MAIN".into(), fallback: None }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sokoban::level::LevelSet;
    use crate::host::warnings;

    /// Every level of a set shares one list of its good levels and of
    /// what it left out: built for each level, a set of 20,000 small
    /// levels took 3 GB to list.
    #[test]
    fn the_levels_of_a_set_share_its_lists() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("many.xsb");
        let level = "#####\n#@$.#\n#####\n\n";
        std::fs::write(&path, format!("{level}#####\n#@$#\n#####\n\n{level}")).unwrap();
        let set = Arc::new(SetFile::load(&path));
        let (first, last) = (level_game(&set, 1, true).unwrap(), level_game(&set, 3, true).unwrap());
        assert_eq!(*first.place.good, [1, 3]);
        assert_eq!(first.place.left_out.len(), 1, "level 2 has no goal");
        assert!(Arc::ptr_eq(&first.place.good, &last.place.good));
        assert!(Arc::ptr_eq(&first.place.left_out, &last.place.left_out));
    }

    /// A level kept in prefs.ini that names no level, a set the board
    /// folders do not hold or a level beyond its set is passed over as
    /// the games are listed, and told of by its line as the launcher's
    /// entry opens; a level of the set, or of a set played by its path,
    /// is taken unsaid.
    #[test]
    fn a_kept_level_it_cannot_come_back_to_is_told_by_its_line() {
        let (_dir, places, prefs) = crate::host::prefs::test_places();
        let mut others = sets(&places);
        let set = others.swap_remove(others.iter().position(|s| s.id == DEFAULT_SET).unwrap());
        let keep = |level: &str| std::fs::write(&prefs, format!("[sokoban]\n; last played\nlevel={level}\n")).unwrap();
        keep("sokoban/parlour/3");
        assert_eq!(last_played(&places, &set, &others), Some(3));
        keep("sokoban/mine-1a2b3c4d/2");
        assert_eq!(last_played(&places, &set, &others), None);
        assert!(warnings::take().is_none());
        let count = set.set.levels.len();
        assert_eq!(set.set.good().len(), count, "Parlour's levels all play");
        let names: Vec<&str> = std::iter::once(&set).chain(&others).map(|s| s.id.as_str()).collect();
        for (level, said) in [
            (
                "sokoban/parlour/999",
                format!("`sokoban/parlour/999` is no level to play (parlour.xsb: the file has levels 1 to {count})"),
            ),
            ("sokoban/nosuch/2", format!("unknown level set `sokoban/nosuch` (choose one of {})", names.join(", "))),
            ("three", "`three` names no level (as sokoban/parlour/3 does)".into()),
        ] {
            keep(level);
            assert_eq!(last_played(&places, &set, &others), None, "{level}");
            assert!(warnings::take().is_none(), "told as the games are listed: {level}");
            tell_of_kept_level_refused(&places);
            let told = warnings::take().expect("not told").lines.join(" ");
            let instead = "the first level of Parlour not yet solved is used instead.";
            assert_eq!(told, format!("{}:3: {said}; {instead}", prefs.display()));
        }
    }

    /// A kept level of a set no board folder holds is answered with the
    /// sets there are to play: not one with no level to play (a file
    /// with none, or whose every level is broken), which the launcher
    /// leaves out too.
    #[test]
    fn an_unknown_level_set_is_answered_with_the_sets_that_can_be_played() {
        let dir = tempfile::tempdir().unwrap();
        let (empty, no_goal) = (dir.path().join("empty.xsb"), dir.path().join("nogoal.xsb"));
        std::fs::write(&empty, "").unwrap();
        std::fs::write(&no_goal, "#####\n#@$ #\n#####\n").unwrap();
        let (_data, places, _) = crate::host::prefs::test_places();
        let mut others = sets(&places);
        let set = others.swap_remove(others.iter().position(|s| s.id == DEFAULT_SET).unwrap());
        let playable: Vec<String> = std::iter::once(&set).chain(&others).map(|s| s.id.clone()).collect();
        others.extend([SetFile::load(&empty), SetFile::load(&no_goal)]);
        let refused = kept_level("sokoban/../../../etc/1", &set, &others).unwrap_err();
        let offered = format!("(choose one of {})", playable.join(", "));
        assert_eq!(refused.why, format!("unknown level set `sokoban/../../../etc` {offered}"));
    }

    /// The launcher's entry, as README and sokoban.guide tell it: the
    /// level played last while it is not solved; once it is, the next
    /// not solved after it, going round to the set's start; the first not
    /// solved where no level of the set was played last; the first once
    /// every level is solved.
    #[test]
    fn the_launcher_s_entry_goes_on_from_a_solved_level_to_the_next_not_solved() {
        use crate::games::sokoban::records::Best;
        let (_dir, places, prefs) = crate::host::prefs::test_places();
        let count = launcher_sets(&places).unwrap().0.set.good().len();
        let opens = || games(&places).remove(0).game_id;
        let keep =
            |level: usize| std::fs::write(&prefs, format!("[sokoban]\nlevel=sokoban/parlour/{level}\n")).unwrap();
        let solve = |levels: &[usize]| {
            let mut records = Records::peek(&places.data_dir);
            for n in levels {
                records.offer(&format!("sokoban/parlour/{n}"), Best { moves: 1, pushes: 1, lurd: "R".into() });
            }
            records.save(&places.data_dir).unwrap();
        };
        assert_eq!(opens(), "sokoban/parlour/1", "nothing played");
        keep(3);
        assert_eq!(opens(), "sokoban/parlour/3", "played last, not solved");
        solve(&[3, 4]);
        assert_eq!(opens(), "sokoban/parlour/5", "the next not solved after it");
        keep(count);
        solve(&[1, count]);
        assert_eq!(opens(), "sokoban/parlour/2", "round to the set's start");
        std::fs::write(&prefs, "[sokoban]\nlevel=sokoban/mine-1a2b3c4d/2\n").unwrap();
        assert_eq!(opens(), "sokoban/parlour/2", "another set's level: the first not solved");
        keep(count);
        solve(&(1..=count).collect::<Vec<_>>());
        assert_eq!(opens(), "sokoban/parlour/1", "all solved: the first");
    }

    fn set_named(stem: &str) -> SetFile {
        let path = std::path::PathBuf::from(format!("/levels/{stem}.xsb"));
        SetFile::named(&path, LevelSet::default())
    }

    /// A long set's name is kept whole in a level's; a list too narrow
    /// for it shortens it there, keeping the level's number and title
    /// after it, which tell the rows apart.
    #[test]
    fn a_level_s_name_keeps_its_set_s_whole_and_its_number_to_the_end() {
        let long = set_named("my very long level set name for testing");
        let name = level_name(&long, 12, Some("Pantry"));
        assert_eq!(name, "My very long level set name for testing 12: Pantry");
        let kept = level_part(12, Some("Pantry")).len();
        assert_eq!(&name[name.len() - kept..], " 12: Pantry");
        assert_eq!(level_name(&set_named("parlour"), 3, None), "Parlour 3");
        assert_eq!(level_name(&set_named("émile"), 1, None), "Émile 1");
    }
}
