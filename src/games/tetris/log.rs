//! Input logs: a game of Tetris as the keys pressed and the frame each was
//! pressed at, which `parlour tetris run` plays without a window.
//!
//! ```text
//! # comments and blank lines are allowed
//! seed 42          # optional: the seed, if the command line gives none
//! 0 hz 60          # the frame rate from here on (50 unless said)
//! 12 left          # after 12 frames, Left
//! 30 down          # down turns clockwise, up anticlockwise
//! 95 space         # drop
//! 200 p            # pause (and go on: the frames between do nothing)
//! 260 p
//! 300 v            # hide or show the preview
//! 900 end          # optional: play on to frame 900, then stop
//! ```
//!
//! Each line is a frame count (frames since the start, never going back)
//! and a key: `left`, `right`, `down`, `up`, `space`, `p` or `v` (any
//! case). A key the game refuses at that moment (a move into the wall, any
//! key after the game has ended) does nothing, as in the window. Without an
//! `end` line the game stops at the last key. Every frame is one tick move,
//! so the session kept by `--save` replays frame for frame.

use std::path::Path;

use crate::core::{Diagnostic, Game, Session, Variant, escape_controls, shortened};

use super::rules::{TetrisMove, TetrisVariant, UNITS_PER_SECOND};

/// The most play a log may run to, in seconds: a day. Every frame up to
/// it is played, so a log of a few bytes must not ask for years of them.
const MAX_SECONDS: u64 = 60 * 60 * 24;

/// The most characters of a word a message quotes back: a binary file's
/// "word" may run to thousands.
const QUOTED: usize = 24;

/// How far a log's frames have taken its game's clock, to hold it to a
/// day of play at the rates it names.
struct PlayClock {
    /// The frame rate since `since` (the game's own 50 Hz until a `hz` line).
    hz: u32,
    /// The frame of the last rate change.
    since: u64,
    /// The play up to `since`, in the rules' units.
    before: u64,
}

impl PlayClock {
    fn new() -> PlayClock {
        PlayClock { hz: super::rules::RATES[0], since: 0, before: 0 }
    }

    /// The rules' units one frame lasts at the current rate.
    fn frame_units(&self) -> u64 {
        UNITS_PER_SECOND / u64::from(self.hz)
    }

    /// The last frame within a day of play.
    fn last_frame(&self) -> u64 {
        let left = (MAX_SECONDS * UNITS_PER_SECOND).saturating_sub(self.before);
        self.since + left / self.frame_units()
    }

    /// The rate becomes `hz` at `frame`.
    fn change_rate(&mut self, frame: u64, hz: u32) {
        self.before += (frame - self.since) * self.frame_units();
        (self.since, self.hz) = (frame, hz);
    }
}

/// A word of a line as a message quotes it: shortened, with any control
/// character written as an escape.
fn quoted(word: &str) -> String {
    escape_controls(&shortened(word, QUOTED)).into_owned()
}

/// Reads the number of a `seed N` line (`words` is the whole line).
fn read_seed(words: &[&str]) -> Result<u64, String> {
    let [_, number] = words else { return Err("expected `seed N`".into()) };
    number.parse().map_err(|_| match number.bytes().all(|b| b.is_ascii_digit()) {
        true => format!("the seed {} is too big: seeds go up to {}", quoted(number), u64::MAX),
        false => format!("`{}` is not a seed: expected `seed N`, N a whole number", quoted(number)),
    })
}

/// A parsed input log.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InputLog {
    pub seed: Option<u64>,
    /// Each key with the frame it comes after.
    pub events: Vec<(u64, TetrisMove)>,
    /// The frame to play to after the last key, if given.
    pub end: Option<u64>,
}

impl InputLog {
    /// The frame the game is played to.
    pub fn last_frame(&self) -> u64 {
        self.end.or_else(|| self.events.last().map(|e| e.0)).unwrap_or(0)
    }
}

/// The move a key name stands for.
fn key_move(name: &str) -> Option<TetrisMove> {
    Some(match name.to_ascii_lowercase().as_str() {
        "left" => TetrisMove::Left,
        "right" => TetrisMove::Right,
        "down" => TetrisMove::TurnRight,
        "up" => TetrisMove::TurnLeft,
        "space" => TetrisMove::Drop,
        "p" => TetrisMove::Pause,
        "v" => TetrisMove::Preview,
        _ => return None,
    })
}

/// The key name of a move, for writing logs (`None` for ticks).
pub fn key_name(m: TetrisMove) -> Option<String> {
    Some(match m {
        TetrisMove::Tick(_) => return None,
        TetrisMove::Left => "left".into(),
        TetrisMove::Right => "right".into(),
        TetrisMove::TurnRight => "down".into(),
        TetrisMove::TurnLeft => "up".into(),
        TetrisMove::Drop => "space".into(),
        TetrisMove::Pause => "p".into(),
        TetrisMove::Preview => "v".into(),
        TetrisMove::Rate(hz) => format!("hz {hz}"),
    })
}

/// Reads an input log; the first bad line is the error.
pub fn parse(source: &Path, text: &str) -> Result<InputLog, Diagnostic> {
    let mut log = InputLog::default();
    let mut last = 0;
    let mut clock = PlayClock::new();
    let mut seed_line = None;
    for (i, raw) in text.lines().enumerate() {
        let err = |message: String| Diagnostic::error(source, i + 1, message);
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        if log.end.is_some() {
            return Err(err("nothing may follow the `end` line".into()));
        }
        if words[0].eq_ignore_ascii_case("seed") {
            if let Some(first) = seed_line {
                return Err(err(format!("a second `seed` line: the seed is given on line {first}")));
            }
            log.seed = Some(read_seed(&words).map_err(err)?);
            seed_line = Some(i + 1);
            continue;
        }
        let frame: u64 = words[0]
            .parse()
            .map_err(|_| err(format!("`{}` is not a frame count: a line is `FRAME KEY`", quoted(words[0]))))?;
        if frame > clock.last_frame() {
            return Err(err(format!(
                "frame {frame} is past a day of play, the most a log may run to: at {} Hz that ends at frame {}",
                clock.hz,
                clock.last_frame()
            )));
        }
        if frame < last {
            return Err(err(format!("frame {frame} comes before frame {last} of an earlier line")));
        }
        last = frame;
        let m = match words[1..] {
            [key] if key.eq_ignore_ascii_case("end") => {
                log.end = Some(frame);
                continue;
            }
            [hz, rate] if hz.eq_ignore_ascii_case("hz") => match rate.parse() {
                Ok(r) if super::rules::RATES.contains(&r) => {
                    clock.change_rate(frame, r);
                    TetrisMove::Rate(r)
                }
                _ => return Err(err(format!("`hz {}`: the frame rate is 50 or 60", quoted(rate)))),
            },
            [key] => key_move(key).ok_or_else(|| {
                err(format!("unknown key `{}` (left, right, down, up, space, p, v, hz N or end)", quoted(key)))
            })?,
            _ => return Err(err("expected `FRAME KEY`".into())),
        };
        log.events.push((frame, m));
    }
    Ok(log)
}

/// Plays `log` from `seed`: one tick move per frame, each key at its
/// frame. Returns the session, so it can be kept and replayed.
pub fn play(seed: u64, log: &InputLog) -> Session<TetrisVariant> {
    let mut session = Session::new(TetrisVariant, seed);
    let mut frame = 0;
    let advance = |session: &mut Session<TetrisVariant>, to: u64, frame: &mut u64| {
        while *frame < to {
            // A paused or finished game lets the frames go by.
            let _ = session.play(&TetrisMove::Tick(1));
            *frame += 1;
        }
    };
    for &(at, m) in &log.events {
        advance(&mut session, at, &mut frame);
        if session.state().check(&m).is_ok() {
            let _ = session.play(&m);
        }
    }
    advance(&mut session, log.last_frame(), &mut frame);
    // The clock a window keeps while the game runs, so the game kept
    // opens with the time it was played, not 0:00 at level 6.
    session.add_time(session.state().play_ms());
    session
}

/// The log of the game at a session's cursor: its keys with the frames
/// they came after.
pub fn from_session(session: &Session<TetrisVariant>) -> InputLog {
    let mut log = InputLog { seed: Some(session.seed()), ..InputLog::default() };
    let mut frame = 0;
    let state = session.variant().deal(session.seed());
    for step in &session.steps()[session.game_start() + 1..=session.cursor()] {
        let crate::core::Action::Move(text) = &step.action else { continue };
        match state.parse_move(text) {
            Ok(TetrisMove::Tick(n)) => frame += u64::from(n),
            Ok(m) => log.events.push((frame, m)),
            Err(_) => break,
        }
    }
    log.end = Some(frame);
    log
}

/// The text of a log, which [`parse`] reads back.
pub fn write(log: &InputLog) -> String {
    let mut out = String::from("# parlour tetris input log\n");
    if let Some(seed) = log.seed {
        out.push_str(&format!("seed {seed}\n"));
    }
    for &(frame, m) in &log.events {
        if let Some(key) = key_name(m) {
            out.push_str(&format!("{frame} {key}\n"));
        }
    }
    if let Some(end) = log.end {
        out.push_str(&format!("{end} end\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<InputLog, String> {
        parse(Path::new("game.log"), text).map_err(|d| d.to_string())
    }

    #[test]
    fn reads_keys_frames_and_the_end() {
        let log = read("# x\nseed 7\n0 hz 60\n5 Left\n5 down\n9 SPACE # drop\n\n20 p\n30 end\n").unwrap();
        assert_eq!(log.seed, Some(7));
        assert_eq!(
            log.events,
            [
                (0, TetrisMove::Rate(60)),
                (5, TetrisMove::Left),
                (5, TetrisMove::TurnRight),
                (9, TetrisMove::Drop),
                (20, TetrisMove::Pause)
            ]
        );
        assert_eq!(log.last_frame(), 30);
        assert_eq!(read(&write(&log)).unwrap(), log);
    }

    #[test]
    fn bad_lines_are_named() {
        assert_eq!(
            read("5 left\n3 right\n").unwrap_err(),
            "game.log:2: frame 3 comes before frame 5 of an earlier line"
        );
        assert!(read("x left\n").unwrap_err().starts_with("game.log:1: `x` is not a frame count"));
        assert!(read("1 jump\n").unwrap_err().contains("unknown key `jump`"));
        assert!(read("1 hz 55\n").unwrap_err().contains("50 or 60"));
        assert!(read("1 end\n2 left\n").unwrap_err().starts_with("game.log:2: nothing may follow"));
        assert!(read("seed x\n").unwrap_err().contains("seed N"));
        assert!(read("1\n").unwrap_err().contains("FRAME KEY"));
        assert!(read("18446744073709551615 left\n").unwrap_err().contains("past a day of play"));
    }

    /// A second `seed` line is refused by line, naming the first, rather
    /// than silently replacing it.
    #[test]
    fn one_seed_line_only() {
        assert_eq!(
            read("seed 7\n5 left\n\nseed 8\n").unwrap_err(),
            "game.log:4: a second `seed` line: the seed is given on line 1"
        );
    }

    /// A seed too big for a seed is told so, with the largest there is.
    #[test]
    fn a_seed_too_big_says_so() {
        assert_eq!(
            read("seed 99999999999999999999\n").unwrap_err(),
            "game.log:1: the seed 99999999999999999999 is too big: seeds go up to 18446744073709551615"
        );
        assert!(read("seed 18446744073709551615\n").is_ok());
        assert!(read("seed -1\n").unwrap_err().contains("`-1` is not a seed"));
        assert!(read("seed 1 2\n").unwrap_err().ends_with("expected `seed N`"));
    }

    /// A day of play is counted at the log's own rate: 50 Hz until a `hz`
    /// line says otherwise, each stretch at its rate.
    #[test]
    fn a_day_of_play_is_counted_at_the_log_s_rate() {
        let day_at_50 = 50 * 60 * 60 * 24;
        assert!(read(&format!("{day_at_50} end\n")).is_ok());
        assert_eq!(
            read(&format!("{} end\n", day_at_50 + 1)).unwrap_err(),
            "game.log:1: frame 4320001 is past a day of play, the most a log may run to: at 50 Hz that ends at frame 4320000"
        );
        let day_at_60 = 60 * 60 * 60 * 24;
        assert!(read(&format!("0 hz 60\n{day_at_60} end\n")).is_ok());
        assert!(
            read(&format!("0 hz 60\n{} end\n", day_at_60 + 1))
                .unwrap_err()
                .contains("at 60 Hz that ends at frame 5184000")
        );
        // Half a day at 50 Hz, then 60 Hz: half a day's frames at 60 more.
        let half_at_50 = day_at_50 / 2;
        let end = half_at_50 + day_at_60 / 2;
        assert!(read(&format!("{half_at_50} hz 60\n{end} end\n")).is_ok());
        assert!(
            read(&format!("{half_at_50} hz 60\n{} end\n", end + 1))
                .unwrap_err()
                .contains(&format!("ends at frame {end}"))
        );
    }

    /// A word quoted back is cut short and its control characters escaped:
    /// a binary file's line echoes no raw bytes.
    #[test]
    fn words_quoted_back_are_short_and_escaped() {
        let junk = format!("\u{1b}[2J{}", "x".repeat(500));
        let told = read(&format!("{junk} left\n")).unwrap_err();
        assert!(!told.chars().any(char::is_control), "{told:?}");
        assert!(told.contains("\\x1b[2J") && told.len() < 120, "{told}");
        assert!(!read("1 \u{7}beep\n").unwrap_err().chars().any(char::is_control));
    }

    #[test]
    fn the_same_log_plays_the_same_game_and_survives_a_round_trip() {
        let text = "3 left\n3 left\n40 space\n41 right\n41 up\n60 v\n90 space\n120 down\n400 space\n900 end\n";
        let log = read(text).unwrap();
        let a = play(11, &log);
        let b = play(11, &log);
        assert_eq!(a.state(), b.state());
        assert!(a.state().pieces() >= 3);
        assert_eq!(a.state().play_ms(), 900 * 20);
        // The session's own log plays the same game again.
        let again = play(11, &from_session(&a));
        assert_eq!(again.state(), a.state());
        assert_ne!(play(12, &log).state(), a.state(), "another seed, another game");
    }
}
