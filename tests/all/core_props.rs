//! Property tests for the rules core (`parlour::core`), run against a small
//! toy game defined here:
//!
//! - undo after any sequence of moves restores the exact state;
//! - save then load is identity;
//! - replay is deterministic;
//! - any bytes given to the loader give an error or a session, never a
//!   panic, and a bad file is set aside without touching any other file;
//! - a writer killed mid-write leaves the previous save loadable.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use parlour::core::files::{backup_path, write_atomic};
use parlour::core::save::{self, decode, encode};
use parlour::core::{
    FileErrorKind, Game, GameRng, GameStats, Outcome, Refusal, Session, Stats, Status, Variant, fnv1a64,
};
use proptest::prelude::*;

// ---------------------------------------------------------------------------
// The toy game: deal a shuffled deck of 1..=size; draw its top card onto one
// of three piles, each built downwards; a pile of three or more is cleared by
// itself (an automatic move); dropping a pile's top card is allowed but three
// drops lose the game. Drawing every card wins.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Move {
    Draw(usize),
    Drop(usize),
    Clear(usize),
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Piles {
    deck: Vec<u8>,
    piles: [Vec<u8>; 3],
    cleared: u32,
    dropped: u32,
}

impl Piles {
    fn pile(&self, p: usize) -> Result<&Vec<u8>, Refusal> {
        self.piles.get(p).ok_or_else(|| Refusal::new(format!("There is no pile {p}.")))
    }
}

impl Game for Piles {
    type Move = Move;

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        let (word, pile) = text.split_once(' ').ok_or("a move is `WORD PILE`")?;
        let p: usize = pile.parse().map_err(|_| format!("{pile:?} is not a pile"))?;
        match word {
            "draw" => Ok(Move::Draw(p)),
            "drop" => Ok(Move::Drop(p)),
            "clear" => Ok(Move::Clear(p)),
            _ => Err(format!("{word:?} is not a move")),
        }
    }

    fn move_text(&self, m: &Move) -> String {
        match m {
            Move::Draw(p) => format!("draw {p}"),
            Move::Drop(p) => format!("drop {p}"),
            Move::Clear(p) => format!("clear {p}"),
        }
    }

    fn check(&self, m: &Move) -> Result<(), Refusal> {
        if self.status() != Status::Playing {
            return Err(Refusal::new("The game is over."));
        }
        match *m {
            Move::Draw(p) => {
                let pile = self.pile(p)?;
                let card = *self.deck.last().ok_or(Refusal::new("The deck is empty."))?;
                match pile.last() {
                    Some(&top) if card > top => Err(Refusal::new(format!("A {card} cannot go on a {top}."))),
                    _ => Ok(()),
                }
            }
            Move::Drop(p) if self.pile(p)?.is_empty() => Err(Refusal::new(format!("Pile {p} is empty."))),
            Move::Clear(p) if self.pile(p)?.len() < 3 => {
                Err(Refusal::new(format!("Pile {p} needs three cards to be cleared.")))
            }
            Move::Drop(_) | Move::Clear(_) => Ok(()),
        }
    }

    fn apply(&mut self, m: &Move) {
        match *m {
            Move::Draw(p) => {
                let card = self.deck.pop().expect("checked");
                self.piles[p].push(card);
            }
            Move::Drop(p) => {
                self.piles[p].pop();
                self.dropped += 1;
            }
            Move::Clear(p) => {
                self.cleared += self.piles[p].len() as u32;
                self.piles[p].clear();
            }
        }
    }

    fn status(&self) -> Status {
        if self.deck.is_empty() {
            Status::Won
        } else if self.dropped >= 3 {
            Status::Lost
        } else {
            Status::Playing
        }
    }

    fn score(&self) -> i64 {
        i64::from(self.cleared) - i64::from(self.dropped)
    }

    fn auto_move(&self) -> Option<Move> {
        let m = Move::Clear((0..3).find(|&p| self.piles[p].len() >= 3)?);
        self.check(&m).ok().map(|()| m)
    }

    fn hint(&self) -> Option<Move> {
        (0..3).map(Move::Draw).find(|m| self.check(m).is_ok())
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Stacks {
    size: u8,
}

impl Variant for Stacks {
    type Game = Piles;

    fn id(&self) -> &str {
        "toy-stacks"
    }

    fn content_hash(&self) -> u64 {
        fnv1a64(b"toy-stacks rules, version 1")
    }

    fn options(&self) -> String {
        format!("size={}", self.size)
    }

    fn with_options(&self, options: &str) -> Result<Self, String> {
        match options.strip_prefix("size=").map(str::parse) {
            Some(Ok(size)) if (3..=60).contains(&size) => Ok(Stacks { size }),
            _ => Err(format!("{options:?} is not `size=N` with N from 3 to 60")),
        }
    }

    fn deal(&self, seed: u64) -> Piles {
        let mut deck: Vec<u8> = (1..=self.size).collect();
        GameRng::new(seed).shuffle(&mut deck);
        Piles { deck, piles: Default::default(), cleared: 0, dropped: 0 }
    }
}

// ---------------------------------------------------------------------------
// What a player can do, as proptest generates it.

#[derive(Clone, Debug)]
enum Op {
    /// A move of kind 0 (draw), 1 (drop) or 2 (clear) on a pile 0..=3
    /// (pile 3 does not exist, so it is always refused).
    Play(u8, usize),
    /// Any text as a move.
    Text(String),
    Undo,
    Redo,
    NewGame(u64),
    Restart,
    Time(u32),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        12 => (prop_oneof![3 => Just(0u8), 1 => 1u8..3], 0usize..4)
            .prop_map(|(k, p)| Op::Play(k, p)),
        1 => "[a-z ]{0,8}[0-9]?".prop_map(Op::Text),
        3 => Just(Op::Undo),
        2 => Just(Op::Redo),
        1 => (0u64..1000).prop_map(Op::NewGame),
        1 => Just(Op::Restart),
        1 => (0u32..100_000).prop_map(Op::Time),
    ]
}

fn the_move(kind: u8, p: usize) -> Move {
    match kind {
        0 => Move::Draw(p),
        1 => Move::Drop(p),
        _ => Move::Clear(p),
    }
}

/// Applies `op` to a session. Returns whether the op added a step.
fn perform(s: &mut Session<Stacks>, op: &Op) -> bool {
    match op {
        Op::Play(kind, p) => s.play(&the_move(*kind, *p)).is_ok(),
        Op::Text(text) => s.play_text(text).is_ok(),
        Op::Undo => {
            s.undo();
            false
        }
        Op::Redo => {
            s.redo();
            false
        }
        Op::NewGame(seed) => {
            s.new_game(*seed);
            true
        }
        Op::Restart => {
            s.restart();
            true
        }
        Op::Time(ms) => {
            s.add_time(u64::from(*ms));
            false
        }
    }
}

fn session_after(size: u8, seed: u64, ops: &[Op]) -> Session<Stacks> {
    let mut s = Session::new(Stacks { size }, seed);
    for op in ops {
        perform(&mut s, op);
    }
    s
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig { cases, ..ProptestConfig::default() }
}

proptest! {
    #![proptest_config(config(96))]

    /// A model of the history (a list of states and a cursor) kept beside the
    /// session: after every op the session shows the model's state, and at
    /// the end undo walks back through exactly the states seen on the way.
    #[test]
    fn undo_restores_the_exact_state(
        size in 3u8..30,
        seed in any::<u64>(),
        ops in prop::collection::vec(op(), 0..80),
    ) {
        let mut s = Session::new(Stacks { size }, seed);
        let mut model = vec![s.state().clone()];
        let mut at = 0;
        for op in &ops {
            let before = s.state().clone();
            let added = perform(&mut s, op);
            match op {
                _ if added => {
                    model.truncate(at + 1);
                    model.push(s.state().clone());
                    at += 1;
                }
                Op::Undo => at = at.saturating_sub(1),
                Op::Redo => at = (at + 1).min(model.len() - 1),
                // A refused move changes nothing at all.
                _ => prop_assert_eq!(s.state(), &before),
            }
            prop_assert_eq!(s.state(), &model[at]);
            prop_assert_eq!(s.cursor(), at);
        }
        while at > 0 {
            prop_assert!(s.undo());
            at -= 1;
            prop_assert_eq!(s.state(), &model[at]);
        }
        prop_assert!(!s.undo());
        prop_assert_eq!(s.state(), &Stacks { size }.deal(seed));
    }

    /// Encoding and decoding gives back the same session, history, redo tail,
    /// cursor, clock and all; so does a round trip through a file; and the
    /// text of a loaded session is the text it was loaded from.
    #[test]
    fn save_then_load_is_identity(
        size in 3u8..30,
        seed in any::<u64>(),
        ops in prop::collection::vec(op(), 0..80),
    ) {
        let s = session_after(size, seed, &ops);
        let text = encode(&s).unwrap();
        let back = decode(text.as_bytes(), &Stacks { size: 3 }).unwrap();
        prop_assert_eq!(&back, &s);
        prop_assert_eq!(encode(&back).unwrap(), text);

        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("toy.sav");
        save::save(&s, &path).unwrap();
        prop_assert_eq!(save::load(&path, &Stacks { size: 3 }).unwrap(), s);
    }

    /// The same seed and inputs give the same session; every step replayed
    /// from scratch gives the state the session showed at that step; and
    /// rebuilding from the bare history gives the same session.
    #[test]
    fn replay_is_deterministic(
        size in 3u8..30,
        seed in any::<u64>(),
        ops in prop::collection::vec(op(), 0..80),
    ) {
        let mut s = session_after(size, seed, &ops);
        prop_assert_eq!(&session_after(size, seed, &ops), &s);
        let mut rebuilt = Session::from_history(
            s.variant().clone(),
            s.steps().to_vec(),
            s.cursor(),
            s.elapsed_ms(),
        ).unwrap();
        // The bare history keeps the current game's clock; earlier games'
        // clocks are given back as a save gives them.
        for (start, ms) in s.game_clocks() {
            rebuilt.set_game_clock(start, ms).unwrap();
        }
        prop_assert_eq!(&rebuilt, &s);
        while s.undo() {}
        loop {
            prop_assert_eq!(&s.replay_to(s.cursor()).unwrap(), s.state());
            if !s.redo() {
                break;
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Bad bytes.

/// One way to damage a save.
#[derive(Clone, Debug)]
enum Damage {
    /// Any byte at some place (often not UTF-8 any more).
    Byte(prop::sample::Index, u8),
    /// A printable character at some place (still text, maybe still valid).
    Char(prop::sample::Index, char),
    /// A line dropped, or repeated (reaches the history and its replay).
    DropLine(prop::sample::Index),
    RepeatLine(prop::sample::Index),
    /// The file cut short.
    Cut(prop::sample::Index),
}

fn damage() -> impl Strategy<Value = Damage> {
    prop_oneof![
        (any::<prop::sample::Index>(), any::<u8>()).prop_map(|(i, b)| Damage::Byte(i, b)),
        (any::<prop::sample::Index>(), prop::char::range(' ', '~')).prop_map(|(i, c)| Damage::Char(i, c)),
        any::<prop::sample::Index>().prop_map(Damage::DropLine),
        any::<prop::sample::Index>().prop_map(Damage::RepeatLine),
        any::<prop::sample::Index>().prop_map(Damage::Cut),
    ]
}

fn apply_damage(bytes: &mut Vec<u8>, d: &Damage) {
    let len = bytes.len();
    let lines = || -> Vec<Vec<u8>> { bytes.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect() };
    match d {
        Damage::Byte(at, b) if len > 0 => bytes[at.index(len)] = *b,
        Damage::Char(at, c) if len > 0 => bytes[at.index(len)] = *c as u8,
        Damage::DropLine(at) => {
            let mut lines = lines();
            lines.remove(at.index(lines.len()));
            *bytes = lines.join(&b'\n');
        }
        Damage::RepeatLine(at) => {
            let mut lines = lines();
            let i = at.index(lines.len());
            lines.insert(i, lines[i].clone());
            *bytes = lines.join(&b'\n');
        }
        Damage::Cut(at) => bytes.truncate(at.index(len + 1)),
        Damage::Byte(..) | Damage::Char(..) => {}
    }
}

/// Bytes for the loader: pure noise, or a real save with a few kinds of
/// damage (which reach deeper into the parser and the replay).
fn damaged_save() -> impl Strategy<Value = Vec<u8>> {
    let noise = prop::collection::vec(any::<u8>(), 0..400);
    let damaged = (3u8..20, any::<u64>(), prop::collection::vec(op(), 0..40), prop::collection::vec(damage(), 1..4))
        .prop_map(|(size, seed, ops, damages)| {
            let mut bytes = encode(&session_after(size, seed, &ops)).unwrap().into_bytes();
            for d in &damages {
                apply_damage(&mut bytes, d);
            }
            bytes
        });
    prop_oneof![1 => noise, 4 => damaged]
}

fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let path = e.unwrap().path();
            let bytes = fs::read(&path).unwrap();
            (path, bytes)
        })
        .collect();
    files.sort();
    files
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn any_bytes_load_or_are_set_aside(bytes in damaged_save()) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("toy.sav");
        // Neighbours that must survive untouched, including an earlier
        // set-aside file whose name must not be reused.
        fs::write(dir.path().join("toy.sav.damaged-1"), b"an older bad save").unwrap();
        fs::write(backup_path(&path), b"the backup").unwrap();
        fs::write(dir.path().join("other.sav"), b"another game").unwrap();
        let others = snapshot(dir.path());
        fs::write(&path, &bytes).unwrap();

        match save::load(&path, &Stacks { size: 10 }) {
            Ok(session) => {
                // Damage that still makes a valid save (a changed seed digit,
                // say): it loads, stays put, and re-encodes to a valid save.
                prop_assert_eq!(fs::read(&path).unwrap(), bytes);
                let again = encode(&session).unwrap();
                prop_assert_eq!(decode(again.as_bytes(), &Stacks { size: 3 }), Ok(session));
            }
            Err(e) => {
                prop_assert!(matches!(e.kind, FileErrorKind::Corrupt | FileErrorKind::Foreign));
                prop_assert!(e.to_string().starts_with(&path.display().to_string()));
                prop_assert!(!e.reason.is_empty());
                // The name says why; an earlier damaged file keeps its name.
                let n = if e.kind == FileErrorKind::Corrupt { 2 } else { 1 };
                let aside = dir.path().join(format!("toy.sav.{}-{n}", e.kind.word()));
                prop_assert_eq!(e.moved_to.as_deref(), Some(aside.as_path()));
                prop_assert_eq!(fs::read(&aside).unwrap(), bytes);
                prop_assert!(!path.exists());
                let mut left = snapshot(dir.path());
                left.retain(|(p, _)| p != &aside);
                prop_assert_eq!(left, others);
            }
        }
    }

    #[test]
    fn statistics_round_trip(
        games in prop::collection::btree_map(
            "[a-z][a-z0-9/_.+-]{0,12}",
            (
                prop::collection::vec((any::<bool>(), -1000i64..1000), 0..12),
                prop::collection::btree_map("x-[a-z0-9]{1,8}", "[^\\p{Cc}]{0,24}", 0..4),
            ),
            0..5,
        ),
    ) {
        let mut stats = Stats::default();
        for (id, (results, extra)) in &games {
            let g: &mut GameStats = stats.game_mut(id);
            for &(won, score) in results {
                g.record(if won { Outcome::Won } else { Outcome::Lost }, score);
            }
            g.extra = extra
                .iter()
                .map(|(k, v)| (k.clone(), v.trim().to_string()))
                .collect();
        }
        let dir = tempfile::tempdir().unwrap();
        stats.save(dir.path()).unwrap();
        prop_assert_eq!(Stats::load(dir.path()).unwrap(), stats);
    }
}

// ---------------------------------------------------------------------------
// Writers that die.

/// A long deterministic game: the hint (or a drop when there is none) each
/// step, and a new game whenever one ends.
fn scripted_session(steps: usize) -> Session<Stacks> {
    let mut s = Session::new(Stacks { size: 40 }, 1);
    while s.steps().len() <= steps {
        extend(&mut s);
    }
    s
}

fn extend(s: &mut Session<Stacks>) {
    if s.state().status() != Status::Playing {
        let seed = s.seed() + 1;
        s.new_game(seed);
        return;
    }
    let m = s.state().hint().unwrap_or(Move::Drop(s.steps().len() % 3));
    if s.play(&m).is_err() {
        s.restart();
    }
}

#[test]
fn a_half_written_save_leaves_the_previous_one_loadable() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("toy.sav");
    let v = Stacks { size: 40 };
    let first = scripted_session(20);
    save::save(&first, &path).unwrap();

    // Killed while writing: its temp file holds part of the next save.
    let next = encode(&scripted_session(40)).unwrap();
    let leftover = dir.path().join("toy.sav.4242.0.tmp");
    fs::write(&leftover, &next.as_bytes()[..next.len() / 2]).unwrap();
    assert_eq!(save::load(&path, &v).unwrap(), first);

    // Killed after writing the temp file in full, before renaming it.
    fs::write(&leftover, next.as_bytes()).unwrap();
    assert_eq!(save::load(&path, &v).unwrap(), first);

    // The next save goes through, and keeps the previous one as backup.
    let second = scripted_session(30);
    save::save(&second, &path).unwrap();
    assert_eq!(save::load(&path, &v).unwrap(), second);
    assert_eq!(save::load(&backup_path(&path), &v).unwrap(), first);
}

/// Tells [`writer_child`] where to write; set only by the parent test.
const CHILD_DIR: &str = "PARLOUR_CORE_WRITER_DIR";

/// The two games the child saves in turn, long enough that each write takes
/// a while.
fn child_games() -> [Session<Stacks>; 2] {
    let first = scripted_session(20_000);
    let mut second = first.clone();
    for _ in 0..5 {
        extend(&mut second);
    }
    [first, second]
}

/// The child half of `a_killed_writer_leaves_a_loadable_save`: saves two
/// games in turn over the same file until it is killed. It encodes them once
/// and then only writes (what `save::save` does after encoding), so that
/// nearly all its time is spent writing and a kill nearly always lands in
/// the middle of a write.
#[test]
#[ignore = "run as a child process by a_killed_writer_leaves_a_loadable_save"]
fn writer_child() {
    let dir = std::env::var_os(CHILD_DIR).expect("this test is run by its parent test");
    let path = Path::new(&dir).join("toy.sav");
    let texts = child_games().map(|s| encode(&s).unwrap());
    for text in texts.iter().cycle() {
        write_atomic(&path, text.as_bytes()).unwrap();
    }
}

/// Kills and reaps the child process when dropped, so that a failing test
/// never leaves a writer running.
struct Killer(Child);

impl Drop for Killer {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Kills a real writer process at a different moment each round. Where the
/// kill lands is up to the scheduler, so one run proves little; but a writer
/// that is not atomic is caught within a few rounds most of the time.
#[test]
fn a_killed_writer_leaves_a_loadable_save() {
    let v = Stacks { size: 40 };
    let games = child_games();
    for round in 0..12u64 {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("toy.sav");
        let mut child = Killer(
            Command::new(std::env::current_exe().unwrap())
                .args(["core_props::writer_child", "--exact", "--ignored", "--test-threads=1"])
                .env(CHILD_DIR, dir.path())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap(),
        );
        // Wait for the second save (the backup appears with it), then let the
        // child write for a while and kill it wherever it happens to be.
        let deadline = Instant::now() + Duration::from_secs(60);
        while !backup_path(&path).exists() {
            assert!(Instant::now() < deadline, "the writer never saved twice");
            assert!(child.0.try_wait().unwrap().is_none(), "the writer died by itself");
            std::thread::sleep(Duration::from_millis(1));
        }
        std::thread::sleep(Duration::from_millis(1 + 5 * round));
        drop(child);

        let loaded = save::load(&path, &v).expect("the save survives the kill");
        assert!(games.contains(&loaded), "the save is one the writer wrote");
        let backup = save::load(&backup_path(&path), &v).expect("so does the backup");
        assert!(games.contains(&backup), "the backup is one the writer wrote");
        // Whatever the child left behind, the next save works.
        save::save(&loaded, &path).unwrap();
        assert_eq!(save::load(&path, &v).unwrap(), loaded);
    }
}
