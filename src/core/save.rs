//! The save file: a text header, then the history one step per line.
//!
//! ```text
//! parlour-save 1
//! game: klondike
//! variant-hash: 9f4c2a1b00d3e8f7
//! options: draw=3
//! seed: 1234
//! cursor: 2
//! elapsed-ms: 61000
//! auto 1h f1
//! move 7h t3
//! auto 2h f1
//! new 98765
//! end
//! ```
//!
//! After the header come the steps of the history (see
//! [`Session`]): step 0 is the deal of `seed`, and its automatic moves are
//! the `auto` lines before any other; every later step is a `move TEXT`,
//! `new SEED` or `restart` line followed by its `auto TEXT` lines. After a
//! game's deal and its `auto` lines may come `clock MS`, the play time of
//! that game when it is not the one at the cursor (whose time is
//! `elapsed-ms`), `number N`, the number the game was dealt for where
//! that is not its seed (winnable deals only), and `helped`, where the
//! program played in that game for the player (Solve's demo). After any
//! step may come `opened`: a kept game was opened there (see
//! [`Session::as_opened`]). `cursor`
//! is the index of the current step. The last line is `end`, so a file cut
//! short is noticed rather than loaded as a shorter game.
//!
//! Loading checks everything and replays every move through the rules before
//! a session is returned; a bad file is set aside and reported with its line.

use std::fmt;
use std::path::Path;
use std::str;

use super::files::{FileError, FileErrorKind, limits, read_capped, write_atomic, write_failure};
use super::game::Variant;
use super::session::{Action, MAX_CLOCK_MS, Mark, Session, Step, clock_over, cursor_past_end};
use super::text::{check_id, check_line};

/// The first word of every save file.
pub const MAGIC: &str = "parlour-save";
/// The format version this code writes and reads.
pub const VERSION: u32 = 1;
/// The longest line read. Written lines are far shorter (their texts pass
/// [`check_line`]), so a longer one is damage, refused before any work.
const MAX_LINE: usize = 4096;

/// What the header of a save says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub game: String,
    pub variant_hash: u64,
    pub options: String,
    pub seed: u64,
    pub cursor: usize,
    pub elapsed_ms: u64,
}

/// Why bytes are not a loadable save: the line to blame (1-based), whether
/// the file is corrupt or foreign, and the reason in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError {
    pub line: usize,
    pub kind: FileErrorKind,
    pub reason: String,
}

impl DecodeError {
    fn corrupt(line: usize, reason: impl Into<String>) -> Self {
        DecodeError { line, kind: FileErrorKind::Corrupt, reason: reason.into() }
    }

    fn foreign(line: usize, reason: impl Into<String>) -> Self {
        DecodeError { line, kind: FileErrorKind::Foreign, reason: reason.into() }
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for DecodeError {}

/// The save text for `session`. Fails only if the variant's id or options
/// cannot be written on one line (see [`Variant::id`]).
pub fn encode<V: Variant>(session: &Session<V>) -> Result<String, String> {
    let variant = session.variant();
    check_id("The game id", variant.id())?;
    let options = variant.options();
    check_line("The option string", &options, true)?;
    let steps = session.steps();
    let Action::NewGame { seed } = steps[0].action else { unreachable!("step 0 of every session is a deal") };
    let mut out = format!(
        "{MAGIC} {VERSION}\ngame: {}\nvariant-hash: {:016x}\noptions: {options}\nseed: {seed}\ncursor: {}\nelapsed-ms: {}\n",
        variant.id(),
        variant.content_hash(),
        session.cursor(),
        session.elapsed_ms(),
    );
    let current = session.game_start();
    let clocks: Vec<(usize, u64)> = session.game_clocks().filter(|&(i, _)| i != current).collect();
    let numbers: Vec<(usize, u64)> = session.game_numbers().collect();
    let marked: Vec<(usize, &str)> =
        MARK_WORDS.iter().flat_map(|&(mark, word)| session.marked_games(mark).map(move |i| (i, word))).collect();
    for (i, step) in steps.iter().enumerate() {
        match &step.action {
            _ if i == 0 => {}
            Action::NewGame { seed } => out.push_str(&format!("new {seed}\n")),
            Action::Restart => out.push_str("restart\n"),
            Action::Move(text) => out.push_str(&format!("move {text}\n")),
        }
        for text in &step.auto {
            out.push_str(&format!("auto {text}\n"));
        }
        if let Some((_, number)) = numbers.iter().find(|n| n.0 == i) {
            out.push_str(&format!("number {number}\n"));
        }
        if let Some((_, ms)) = clocks.iter().find(|c| c.0 == i) {
            out.push_str(&format!("clock {ms}\n"));
        }
        for (_, word) in marked.iter().filter(|m| m.0 == i) {
            out.push_str(&format!("{word}\n"));
        }
        if session.opened_at() == Some(i) {
            out.push_str(&format!("{OPENED}\n"));
        }
    }
    out.push_str("end\n");
    Ok(out)
}

/// Writes `session` to `path` atomically, keeping the previous file as
/// `path.bak` (see [`write_atomic`]).
pub fn save<V: Variant>(session: &Session<V>, path: &Path) -> Result<(), FileError> {
    let text = encode(session).map_err(|reason| FileError::new(path, FileErrorKind::Invalid, reason))?;
    // The reason alone: the caller says what could not be done.
    write_atomic(path, text.as_bytes()).map_err(|e| FileError::new(path, FileErrorKind::Io, write_failure(&e)))
}

/// Loads the save at `path` for `variant`: reads it, checks it belongs to
/// this game and variant, and replays every step. A file that is corrupt or
/// foreign is set aside (see [`FileError::reject`]) so it is never
/// overwritten; a missing or unreadable file is left where it is.
pub fn load<V: Variant>(path: &Path, variant: &V) -> Result<Session<V>, FileError> {
    load_noting(path, variant).map(|(session, _)| session)
}

/// [`load`], saying too whether the save was made under rules other than
/// `variant`'s (and replays under them all the same).
pub fn load_noting<V: Variant>(path: &Path, variant: &V) -> Result<(Session<V>, RulesChanged), FileError> {
    let bytes = read_capped(path, limits::SAVE).map_err(|e| FileError::unreadable(path, "saved game", &e))?;
    decode_noting(&bytes, variant).map_err(|e| FileError::reject(path, Some(e.line), e.kind, e.reason))
}

/// Whether a save was made under other rules than those it was read with.
pub type RulesChanged = bool;

/// Opens the kept game at `path` for `variant`, as [`load`] does, but
/// leaves a file that cannot be used where it is: the player named it,
/// and it may be another's (a journal the program keeps is set aside
/// instead, so that it is not loaded again or written over).
/// Says too whether it was kept under other rules (see [`decode_noting`]).
pub fn open_kept<V: Variant>(path: &Path, variant: &V) -> Result<(Session<V>, RulesChanged), FileError> {
    let bytes = read_capped(path, limits::SAVE).map_err(|e| FileError::unreadable(path, "saved game", &e))?;
    decode_noting(&bytes, variant)
        .map_err(|e| FileError { line: Some(e.line), ..FileError::new(path, e.kind, e.reason) })
}

/// Reads only the header, e.g. to find out which game a file is for.
pub fn read_header(bytes: &[u8]) -> Result<Header, DecodeError> {
    let mut lines = Lines::new(bytes)?;
    parse_header(&mut lines).map_err(|e| lines.blame(e))
}

/// Turns save bytes into a session for `variant`, validating everything and
/// replaying every move. Any bytes at all give either a session or an error.
pub fn decode<V: Variant>(bytes: &[u8], variant: &V) -> Result<Session<V>, DecodeError> {
    decode_noting(bytes, variant).map(|(session, _)| session)
}

/// [`decode`], saying too whether the save was made under other rules.
/// Such a save is taken when every one of its moves is legal under these
/// rules, as if it had been played under them: an edit that leaves the
/// game as it was (a comment, a name, a pile's place) or changes only
/// what was not played yet keeps the game. Otherwise it is foreign.
fn decode_noting<V: Variant>(bytes: &[u8], variant: &V) -> Result<(Session<V>, RulesChanged), DecodeError> {
    let mut lines = Lines::new(bytes)?;
    let header = parse_header(&mut lines).map_err(|e| lines.blame(e))?;
    // Header lines: 2 game, 3 variant-hash, 4 options, 5 seed, 6 cursor.
    // A save of an older form of the variant brings options of its own.
    let same = header.game == variant.id() && header.variant_hash == variant.content_hash();
    let adopted = if same { None } else { variant.adopt(&header.game, header.variant_hash, &header.options) };
    if header.game != variant.id() && adopted.is_none() {
        return Err(DecodeError::foreign(2, format!("this is a save for {:?}, not {:?}", header.game, variant.id())));
    }
    let rules_changed = header.variant_hash != variant.content_hash() && adopted.is_none();
    let variant = variant
        .with_options(adopted.as_deref().unwrap_or(&header.options))
        .map_err(|e| DecodeError::foreign(4, format!("the options {:?} are not understood: {e}", header.options)))?;
    let (steps, places, marks) = parse_steps(&mut lines, header.seed).map_err(|e| lines.blame(e))?;
    if header.cursor >= steps.len() {
        // Each `move`, `new` and `restart` line is a step after the deal.
        let reason = cursor_past_end(header.cursor, steps.len(), "the file holds");
        return Err(DecodeError::corrupt(6, format!("{reason} (its `move`, `new` and `restart` lines)")));
    }
    let mut session = Session::from_history(variant, steps, header.cursor, header.elapsed_ms).map_err(|e| {
        let place = &places[e.step];
        let line = e.auto.map_or(place.head, |k| place.autos[k]);
        if rules_changed {
            let reason = format!("it was saved under other rules, and it does not replay under these: {}", e.reason);
            DecodeError::foreign(line, reason)
        } else {
            DecodeError::corrupt(line, format!("the game does not replay: {}", e.reason))
        }
    })?;
    for (line, step, mark) in marks {
        match mark {
            GameMark::Clock(ms) => session.set_game_clock(step, ms),
            GameMark::Marked(mark) => session.set_mark(step, mark),
            GameMark::Number(number) => session.set_number(step, number),
            GameMark::Opened => session.set_opened_at(step),
        }
        .map_err(|e| DecodeError::corrupt(line, e))?;
    }
    Ok((session, rules_changed))
}

/// The lines of a save, numbered from 1. A final line break is optional,
/// and a line may end in LF, CRLF or CR (an editor may change them).
struct Lines<'a> {
    lines: Vec<&'a str>,
    next: usize,
    /// The last line has no line break after it: it may have been cut.
    open_ended: bool,
}

impl<'a> Lines<'a> {
    fn new(bytes: &'a [u8]) -> Result<Self, DecodeError> {
        // A save opened and kept in Notepad gains a byte-order mark.
        let bytes = super::files::without_bom(bytes);
        let text = str::from_utf8(bytes).map_err(|e| {
            let line = 1 + bytes[..e.valid_up_to()].iter().filter(|&&b| b == b'\n').count();
            DecodeError::corrupt(line, "the file is not UTF-8 text")
        })?;
        // NUL bytes are no text of any program's: a file of zeros is what
        // a crash leaves of a save on some disks, so it is damaged, not
        // another program's file.
        if let Some(at) = text.find('\0') {
            let line = 1 + text[..at].matches('\n').count();
            return Err(DecodeError::corrupt(line, "the file holds NUL bytes where a save has text"));
        }
        // An empty file was a save cut to nothing (a full disk): damaged,
        // not another program's file.
        if text.trim().is_empty() {
            return Err(DecodeError::corrupt(1, "the file is empty"));
        }
        let open_ended = !text.ends_with(['\n', '\r']);
        let text = text.strip_suffix('\n').unwrap_or(text);
        let text = text.strip_suffix('\r').unwrap_or(text);
        // A line ends as the file's system ends it: LF, CRLF (Windows) or
        // a lone CR (the classic Mac's own, as a Mac editor keeps it).
        let lines: Vec<&str> = text.split('\n').flat_map(|l| l.strip_suffix('\r').unwrap_or(l).split('\r')).collect();
        if let Some(i) = lines.iter().position(|l| l.len() > MAX_LINE) {
            let reason = format!("the line is {} bytes long; no line of a save is over {MAX_LINE}", lines[i].len());
            return Err(DecodeError::corrupt(i + 1, reason));
        }
        Ok(Lines { lines, next: 0, open_ended })
    }

    /// The next line and its number, or `None` at the end.
    fn next(&mut self) -> Option<(usize, &'a str)> {
        let line = *self.lines.get(self.next)?;
        self.next += 1;
        Some((self.next, line))
    }

    /// The number the next line would have (for "the file ends here" errors).
    fn next_number(&self) -> usize {
        self.next + 1
    }

    /// `e`, or where it is found on the last line of a file with no `end`
    /// line, the file's true fault: it was cut off there (in the middle of
    /// that line, or after a line left without its text).
    fn blame(&self, e: DecodeError) -> DecodeError {
        let last = self.lines.len();
        let cut = !self.lines.contains(&"end");
        if e.kind == FileErrorKind::Corrupt && e.line == last && cut {
            return Self::cut_off_at(last);
        }
        e
    }

    /// Why the steps end before their `end` line: the file was cut off in
    /// the middle of its last line, or after it.
    fn cut_short(&self) -> DecodeError {
        if self.open_ended {
            Self::cut_off_at(self.lines.len())
        } else {
            DecodeError::corrupt(self.next_number(), "the file ends without its `end` line (it was cut short)")
        }
    }

    fn cut_off_at(line: usize) -> DecodeError {
        DecodeError::corrupt(line, "the file ends early: it was cut off at this line")
    }

    /// The value of the header line `key: value`, which must come next.
    fn field(&mut self, key: &str) -> Result<(usize, &'a str), DecodeError> {
        let (n, line) = self
            .next()
            .ok_or_else(|| DecodeError::corrupt(self.next_number(), format!("the file ends before `{key}:`")))?;
        let value = line
            .strip_prefix(key)
            .and_then(|rest| rest.strip_prefix(':'))
            .ok_or_else(|| DecodeError::corrupt(n, format!("expected `{key}: ...`, found {line:?}")))?;
        Ok((n, value.trim()))
    }
}

fn parse_header(lines: &mut Lines) -> Result<Header, DecodeError> {
    let first = lines.next().map_or("", |(_, l)| l);
    let version = first
        .strip_prefix(MAGIC)
        .and_then(|rest| rest.strip_prefix(' '))
        .ok_or_else(|| DecodeError::foreign(1, "this is not a Parlour save file"))?;
    let version = parse_decimal(version)
        .ok_or_else(|| DecodeError::corrupt(1, format!("{version:?} is not a format version")))?;
    if version != u64::from(VERSION) {
        return Err(DecodeError::foreign(
            1,
            format!("this save is in format version {version}; this Parlour reads version {VERSION}"),
        ));
    }
    let (n, game) = lines.field("game")?;
    check_id("the game id", game).map_err(|e| DecodeError::corrupt(n, e))?;
    let (n, hash) = lines.field("variant-hash")?;
    let variant_hash = parse_hash(hash)
        .ok_or_else(|| DecodeError::corrupt(n, format!("{hash:?} is not a variant hash (16 hex digits)")))?;
    let (n, options) = lines.field("options")?;
    check_line("the option string", options, true).map_err(|e| DecodeError::corrupt(n, e))?;
    let seed = number_field(lines, "seed")?;
    let cursor = number_field(lines, "cursor")?;
    let elapsed_ms = clock_field(lines, "elapsed-ms")?;
    Ok(Header {
        game: game.to_string(),
        variant_hash,
        options: options.to_string(),
        seed,
        cursor: usize::try_from(cursor).unwrap_or(usize::MAX),
        elapsed_ms,
    })
}

fn number_field(lines: &mut Lines, key: &str) -> Result<u64, DecodeError> {
    let (n, value) = lines.field(key)?;
    decimal(value, key).map_err(|e| DecodeError::corrupt(n, e))
}

/// A header line's play time, at most [`MAX_CLOCK_MS`].
fn clock_field(lines: &mut Lines, key: &str) -> Result<u64, DecodeError> {
    let (n, value) = lines.field(key)?;
    clock_value(key, value).map_err(|e| DecodeError::corrupt(n, e))
}

/// The play time `key` in milliseconds as a save writes it, or why it is
/// none: not a number, or longer than any game's clock runs (as a number
/// too long for 64 bits is too).
fn clock_value(key: &str, text: &str) -> Result<u64, String> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{key} {text:?} is not a time in milliseconds"));
    }
    text.parse().ok().filter(|&ms| ms <= MAX_CLOCK_MS).ok_or_else(|| clock_over(key, text))
}

/// A decimal number made of digits only (no sign, no spaces), as written.
fn parse_decimal(text: &str) -> Option<u64> {
    decimal(text, "").ok()
}

/// [`parse_decimal`], or why not, of the value `what` ("cursor 12"): a
/// number of digits alone past what a save holds is told as too large,
/// not as no number.
fn decimal(text: &str, what: &str) -> Result<u64, String> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{what} {text:?} is not a whole number"));
    }
    text.parse().map_err(|_| format!("{what} {text} is more than {}, the largest a save holds", u64::MAX))
}

/// Exactly 16 hex digits.
fn parse_hash(text: &str) -> Option<u64> {
    if text.len() != 16 || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u64::from_str_radix(text, 16).ok()
}

/// The line numbers a step came from, to point errors at the right line.
struct Place {
    head: usize,
    autos: Vec<usize>,
}

/// Reads the step lines up to `end`. Step 0 is the deal of `seed`, whose
/// place is the `seed:` header line (line 5).
/// The steps, where each was read, and the `clock` and mark lines as
/// (line, step, mark).
type ParsedSteps = (Vec<Step>, Vec<Place>, Vec<(usize, usize, GameMark)>);

/// What a line after a game's deal says of that game.
enum GameMark {
    /// Its play time in milliseconds.
    Clock(u64),
    /// A [`Mark`] it carries.
    Marked(Mark),
    /// The number it was dealt for, where that is not its seed.
    Number(u64),
    /// The step before it is where a kept game was opened (see
    /// [`Session::as_opened`]).
    Opened,
}

/// The line after the step a kept game was opened at.
const OPENED: &str = "opened";

/// The word of each [`Mark`] on a line of its own after the game's deal.
const MARK_WORDS: [(Mark, &str); 3] = [(Mark::Helped, "helped"), (Mark::Lost, "lost"), (Mark::Won, "won")];

fn parse_steps(lines: &mut Lines, seed: u64) -> Result<ParsedSteps, DecodeError> {
    let mut steps = vec![Step { action: Action::NewGame { seed }, auto: Vec::new() }];
    let mut places = vec![Place { head: 5, autos: Vec::new() }];
    let mut marks = Vec::new();
    loop {
        let Some((n, line)) = lines.next() else {
            return Err(lines.cut_short());
        };
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let action = match word {
            "end" if rest.is_empty() => break,
            "auto" => {
                check_line("the move text", rest, false).map_err(|e| DecodeError::corrupt(n, e))?;
                let last = steps.len() - 1;
                steps[last].auto.push(rest.to_string());
                places[last].autos.push(n);
                continue;
            }
            "move" => {
                check_line("the move text", rest, false).map_err(|e| DecodeError::corrupt(n, e))?;
                Action::Move(rest.to_string())
            }
            "clock" => {
                let ms = clock_value("clock", rest).map_err(|e| DecodeError::corrupt(n, e))?;
                marks.push((n, steps.len() - 1, GameMark::Clock(ms)));
                continue;
            }
            "number" => {
                let number = parse_decimal(rest)
                    .ok_or_else(|| DecodeError::corrupt(n, format!("{rest:?} is not a game number")))?;
                marks.push((n, steps.len() - 1, GameMark::Number(number)));
                continue;
            }
            OPENED if rest.is_empty() => {
                marks.push((n, steps.len() - 1, GameMark::Opened));
                continue;
            }
            _ if rest.is_empty() && MARK_WORDS.iter().any(|m| m.1 == word) => {
                let mark = MARK_WORDS.iter().find(|m| m.1 == word).map(|m| m.0).expect("found above");
                marks.push((n, steps.len() - 1, GameMark::Marked(mark)));
                continue;
            }
            "new" => Action::NewGame {
                seed: parse_decimal(rest).ok_or_else(|| DecodeError::corrupt(n, format!("{rest:?} is not a seed")))?,
            },
            "restart" if rest.is_empty() => Action::Restart,
            _ => {
                return Err(DecodeError::corrupt(
                    n,
                    format!(
                        "expected `move`, `auto`, `new`, `restart`, `number`, `clock`, `helped`, `lost`, `won`, `opened` or `end`, found {line:?}"
                    ),
                ));
            }
        };
        steps.push(Step { action, auto: Vec::new() });
        places.push(Place { head: n, autos: Vec::new() });
    }
    if let Some((n, _)) = lines.next() {
        return Err(DecodeError::corrupt(n, "there is more after the `end` line"));
    }
    Ok((steps, places, marks))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::toy::Counting;

    fn sample() -> Session<Counting> {
        let mut s = Session::new(Counting { max: 3 }, 4);
        s.play_text("add 1").unwrap();
        s.new_game(7);
        s.play_text("add 2").unwrap();
        s.restart();
        s.undo();
        s.add_time(1234);
        s
    }

    #[test]
    fn the_format_is_as_documented() {
        let s = sample();
        let text = encode(&s).unwrap();
        let expected_steps = s
            .steps()
            .iter()
            .skip(1)
            .map(|st| match &st.action {
                Action::Move(t) => format!("move {t}"),
                Action::NewGame { seed } => format!("new {seed}"),
                Action::Restart => "restart".to_string(),
            })
            .collect::<Vec<_>>();
        assert_eq!(expected_steps, ["move add 1", "new 7", "move add 2", "restart"]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "parlour-save 1");
        assert_eq!(lines[1], "game: count");
        assert_eq!(lines[2], format!("variant-hash: {:016x}", Counting { max: 3 }.content_hash()));
        assert_eq!(lines[3], "options: max=3");
        assert_eq!(lines[4], "seed: 4");
        assert_eq!(lines[5], "cursor: 3");
        assert_eq!(lines[6], "elapsed-ms: 1234");
        assert_eq!(*lines.last().unwrap(), "end");
        let body: Vec<&str> = lines[7..lines.len() - 1].iter().copied().filter(|l| !l.starts_with("auto ")).collect();
        assert_eq!(body, expected_steps);
    }

    #[test]
    fn the_clocks_of_earlier_games_are_kept() {
        let mut s = Session::new(Counting { max: 3 }, 4);
        s.play_text("add 1").unwrap();
        s.add_time(61_000);
        s.new_game(7);
        s.add_time(5_000);
        let text = encode(&s).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[7..9], ["clock 61000", "move add 1"], "{text}");
        let mut back = decode(text.as_bytes(), &Counting { max: 3 }).unwrap();
        assert_eq!(back, s);
        back.undo();
        back.undo();
        assert_eq!(back.elapsed_ms(), 61_000, "undoing the New Game brings its clock back");
        // A clock after a move names no game.
        let bad = text.replace("clock 61000\nmove add 1\n", "move add 1\nclock 5\n");
        let e = decode(bad.as_bytes(), &Counting { max: 3 }).unwrap_err();
        assert_eq!(e.line, 9, "{e}");
        assert!(e.reason.contains("no clock"), "{e}");
    }

    /// A game dealt for a number other than its seed (winnable deals
    /// only) is that number's game when resumed, and so is its restart.
    #[test]
    fn the_number_a_game_was_dealt_for_is_kept() {
        let mut s = Session::new(Counting { max: 3 }, 4);
        s.new_game(9_000_001);
        s.set_number(1, 7).unwrap();
        s.play_text("add 1").unwrap();
        s.restart();
        assert_eq!(s.number(), Some(7), "a restart deals game 7 again");
        let text = encode(&s).unwrap();
        let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with("auto ")).collect();
        assert_eq!(lines[7..11], ["new 9000001", "number 7", "move add 1", "restart"], "{text}");
        let mut back = decode(text.as_bytes(), &Counting { max: 3 }).unwrap();
        assert_eq!(back, s);
        back.undo();
        back.undo();
        back.undo();
        assert_eq!(back.number(), None, "game 4 was dealt from its number");
        // A game's own seed is no other number, and a move deals none.
        assert!(s.set_number(0, 4).is_err());
        assert!(s.set_number(2, 8).is_err());
        let bad = text.replace("number 7", "number seven");
        assert!(decode(bad.as_bytes(), &Counting { max: 3 }).unwrap_err().reason.contains("not a game number"));
    }

    #[test]
    fn a_game_the_program_played_in_stays_marked() {
        let mut s = Session::new(Counting { max: 3 }, 4);
        s.play_text("add 1").unwrap();
        s.mark(Mark::Helped);
        s.mark(Mark::Lost);
        s.new_game(7);
        s.play_text("add 1").unwrap();
        let text = encode(&s).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[7..10], ["helped", "lost", "move add 1"], "{text}");
        let mut back = decode(text.as_bytes(), &Counting { max: 3 }).unwrap();
        assert_eq!(back, s);
        assert!(!back.is_marked(Mark::Helped), "the game after it is the player's own");
        assert!(!back.is_marked(Mark::Lost));
        back.undo();
        back.undo();
        assert!(back.is_marked(Mark::Helped), "undoing the New Game brings the mark back");
        assert!(back.is_marked(Mark::Lost));
        // A mark after a move names no game.
        let bad = text.replace("lost\nmove add 1\n", "move add 1\nlost\n");
        let e = decode(bad.as_bytes(), &Counting { max: 3 }).unwrap_err();
        assert_eq!(e.line, 10, "{e}");
        assert!(e.reason.contains("does not deal a game"), "{e}");
    }

    /// Where a kept game was opened is kept with the step it was opened
    /// at, and goes once that step is taken back and played over.
    #[test]
    fn where_a_kept_game_was_opened_is_kept() {
        let mut s = Session::new(Counting { max: 3 }, 4);
        s.play_text("add 1").unwrap();
        s.note_opened();
        assert!(s.as_opened());
        let text = encode(&s).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[7..11], ["move add 1", "auto add 1", "opened", "end"], "{text}");
        let mut back = decode(text.as_bytes(), &Counting { max: 3 }).unwrap();
        assert_eq!(back, s);
        assert!(back.as_opened());
        back.play_text("add 1").unwrap();
        assert!(!back.as_opened(), "a move made since");
        back.undo();
        assert!(back.as_opened(), "the move taken back");
        back.undo();
        back.play_text("add 2").unwrap();
        assert_eq!(back.opened_at(), None, "the step it was opened at played over");
    }

    #[test]
    fn encode_then_decode_is_identity() {
        let s = sample();
        let text = encode(&s).unwrap();
        let back = decode(text.as_bytes(), &Counting { max: 9 }).unwrap();
        assert_eq!(back, s);
        // Saved options win over the ones of the variant passed in.
        assert_eq!(back.variant().max, 3);
        let header = read_header(text.as_bytes()).unwrap();
        assert_eq!(header.game, "count");
        assert_eq!((header.seed, header.cursor, header.elapsed_ms), (4, 3, 1234));
        // Windows line ends and a missing final line break are tolerated.
        let crlf = text.replace('\n', "\r\n");
        assert_eq!(decode(crlf.trim_end().as_bytes(), &Counting { max: 3 }).unwrap(), s);
        // So are the classic Mac's, a lone CR, which is no file cut short.
        let cr = text.replace('\n', "\r");
        assert_eq!(decode(cr.as_bytes(), &Counting { max: 3 }).unwrap(), s);
        assert_eq!(decode(cr.trim_end().as_bytes(), &Counting { max: 3 }).unwrap(), s);
    }

    /// Counting as it is now, which also takes saves of an older form of
    /// itself: id `count-v0`, hash 7, options `old` (which meant max=2).
    #[derive(Clone, Debug)]
    struct Recounting(Counting);

    impl Variant for Recounting {
        type Game = crate::core::toy::Count;
        fn id(&self) -> &str {
            self.0.id()
        }
        fn content_hash(&self) -> u64 {
            self.0.content_hash()
        }
        fn options(&self) -> String {
            self.0.options()
        }
        fn with_options(&self, options: &str) -> Result<Self, String> {
            self.0.with_options(options).map(Recounting)
        }
        fn deal(&self, seed: u64) -> Self::Game {
            self.0.deal(seed)
        }
        fn adopt(&self, id: &str, content_hash: u64, options: &str) -> Option<String> {
            (id == "count-v0" && content_hash == 7 && options == "old").then(|| "max=2".to_string())
        }
    }

    #[test]
    fn saves_of_an_older_form_of_a_variant_are_adopted() {
        let mut s = Session::new(Counting { max: 2 }, 4);
        s.play_text("add 2").unwrap();
        let text = encode(&s).unwrap();
        let old = replace_line(
            &replace_line(&replace_line(&text, 2, "game: count-v0"), 3, "variant-hash: 0000000000000007"),
            4,
            "options: old",
        );
        let back = decode(old.as_bytes(), &Recounting(Counting { max: 3 })).unwrap();
        assert_eq!(back.variant().0, Counting { max: 2 });
        assert_eq!(back.state(), s.state());
        // Only that older form: another hash or other options stay foreign,
        // and a variant that adopts nothing refuses the file.
        for (n, line, words) in
            [(3, "variant-hash: 0000000000000008", "save for \"count-v0\""), (4, "options: new", "save for")]
        {
            let e = decode(replace_line(&old, n, line).as_bytes(), &Recounting(Counting { max: 3 })).unwrap_err();
            assert!(e.reason.contains(words), "{e}");
            assert_eq!(e.kind, FileErrorKind::Foreign);
        }
        assert_eq!(decode(old.as_bytes(), &Counting { max: 3 }).unwrap_err().line, 2);
    }

    /// A save made under other rules (another variant hash) goes on under
    /// these if every move of it is legal here, and is foreign if not.
    #[test]
    fn saves_under_other_rules_go_on_if_they_replay() {
        let good = encode(&sample()).unwrap();
        let v = Counting { max: 3 };
        let other = replace_line(&good, 3, "variant-hash: 0000000000000000");
        let (session, changed) = decode_noting(other.as_bytes(), &v).unwrap();
        assert!(changed);
        assert_eq!(session.state(), sample().state());
        assert!(!decode_noting(good.as_bytes(), &v).unwrap().1);
        let e = decode(replace_line(&other, 8, "move add 9").as_bytes(), &v).unwrap_err();
        assert_eq!((e.kind, e.line), (FileErrorKind::Foreign, 8));
        assert!(e.reason.starts_with("it was saved under other rules"), "{e}");
    }

    fn error_for(text: &str) -> DecodeError {
        decode(text.as_bytes(), &Counting { max: 3 }).unwrap_err()
    }

    fn replace_line(text: &str, n: usize, with: &str) -> String {
        let mut lines: Vec<&str> = text.lines().collect();
        lines[n - 1] = with;
        lines.join("\n")
    }

    /// The cursor counts steps from 0, the deal: a cursor one past the
    /// last step is told in the same count, not as "at step 5, only 5".
    #[test]
    fn a_cursor_past_the_last_step_is_told_as_the_cursor_counts() {
        let good = encode(&sample()).unwrap();
        let e = error_for(&replace_line(&good, 6, "cursor: 5"));
        assert_eq!((e.line, e.kind), (6, FileErrorKind::Corrupt));
        assert_eq!(
            e.reason,
            "the cursor is at step 5, but the last step is 4: step 0 is the deal, and the file holds 4 steps after \
             it (its `move`, `new` and `restart` lines)"
        );
        let dealt = encode(&Session::new(Counting { max: 3 }, 4)).unwrap();
        let e = error_for(&replace_line(&dealt, 6, "cursor: 1"));
        assert_eq!(
            e.reason,
            "the cursor is at step 1, but the last step is 0: step 0 is the deal, and the file holds no step after it \
             (its `move`, `new` and `restart` lines)"
        );
        assert_eq!(decode(replace_line(&good, 6, "cursor: 4").as_bytes(), &Counting { max: 3 }).unwrap().cursor(), 4);
    }

    #[test]
    fn bad_files_are_reported_by_line() {
        let good = encode(&sample()).unwrap();
        let v = Counting { max: 3 };
        let cases: Vec<(String, usize, FileErrorKind, &str)> = vec![
            (replace_line(&good, 1, "PK\u{3}\u{4}"), 1, FileErrorKind::Foreign, "not a Parlour save"),
            (replace_line(&good, 1, "parlour-save 2"), 1, FileErrorKind::Foreign, "format version 2"),
            (String::new(), 1, FileErrorKind::Corrupt, "the file is empty"),
            ("\0".repeat(4096), 1, FileErrorKind::Corrupt, "the file holds NUL bytes where a save has text"),
            (replace_line(&good, 5, "seed: 1\0\0"), 5, FileErrorKind::Corrupt, "NUL bytes"),
            (replace_line(&good, 1, "parlour-save x"), 1, FileErrorKind::Corrupt, "not a format version"),
            (replace_line(&good, 2, "game: spider"), 2, FileErrorKind::Foreign, "save for \"spider\""),
            (replace_line(&good, 2, "name: count"), 2, FileErrorKind::Corrupt, "expected `game: ...`"),
            (replace_line(&good, 3, "variant-hash: +123"), 3, FileErrorKind::Corrupt, "16 hex digits"),
            (replace_line(&good, 4, "options: fast"), 4, FileErrorKind::Foreign, "not understood"),
            (replace_line(&good, 5, "seed: -1"), 5, FileErrorKind::Corrupt, "not a whole number"),
            (replace_line(&good, 6, "cursor: 99"), 6, FileErrorKind::Corrupt, "the last step is 4"),
            (
                replace_line(&good, 6, "cursor: 99999999999999999999999"),
                6,
                FileErrorKind::Corrupt,
                "cursor 99999999999999999999999 is more than 18446744073709551615, the largest a save holds",
            ),
            (replace_line(&good, 8, "move add 9"), 8, FileErrorKind::Corrupt, "is not allowed: you may add 1 to 3"),
            (replace_line(&good, 8, "jump"), 8, FileErrorKind::Corrupt, "expected `move`"),
            (replace_line(&good, 8, "new 1x"), 8, FileErrorKind::Corrupt, "not a seed"),
            (replace_line(&good, 8, "move "), 8, FileErrorKind::Corrupt, "move text is empty"),
            (good.replace("end\n", ""), good.lines().count(), FileErrorKind::Corrupt, "cut short"),
            (format!("{good}move add 1\n"), good.lines().count() + 1, FileErrorKind::Corrupt, "after the `end`"),
            (good.lines().take(3).collect::<Vec<_>>().join("\n"), 4, FileErrorKind::Corrupt, "ends before `options:`"),
            // Cut off in the middle of a line, or after a line that lost
            // its text: the cut is the fault, not what the line lacks.
            (good[..good.find("move add 1").unwrap() + 7].to_string(), 8, FileErrorKind::Corrupt, "cut off at this"),
            (good[..good.find("move add 1").unwrap() + 5].to_string(), 8, FileErrorKind::Corrupt, "cut off at this"),
            (good[..good.find("options").unwrap() + 4].to_string(), 4, FileErrorKind::Corrupt, "cut off at this"),
            // A line no writer makes is refused before anything reads it.
            (
                replace_line(&good, 9, &format!("move {}", "add 1 ".repeat(2000))),
                9,
                FileErrorKind::Corrupt,
                "bytes long",
            ),
        ];
        for (text, line, kind, words) in cases {
            let e = decode(text.as_bytes(), &v).unwrap_err();
            assert_eq!((e.line, e.kind), (line, kind), "{text:?}: {e:?}");
            assert!(e.reason.contains(words), "{words:?} not in {:?}", e.reason);
        }
        // No game's clock runs ten years: a time past that is refused by
        // its line whether or not it fits in 64 bits, and the longest one
        // a clock reaches is read back.
        let over = MAX_CLOCK_MS + 1;
        for (line, with) in [
            (7, "elapsed-ms: 18446744073709551615".to_string()),
            (7, "elapsed-ms: 184467440737095516150".to_string()),
            (7, format!("elapsed-ms: {over}")),
            (8, format!("clock {over}")),
        ] {
            let text = if line == 8 {
                good.replacen("move", &format!("{with}\nmove"), 1)
            } else {
                replace_line(&good, line, &with)
            };
            let e = decode(text.as_bytes(), &v).unwrap_err();
            assert_eq!((e.line, e.kind), (line, FileErrorKind::Corrupt), "{with}: {e}");
            let value = with.rsplit([' ']).next().unwrap();
            assert!(
                e.reason.ends_with(&format!(
                    "{value} is more than {MAX_CLOCK_MS} (ten years of play), which no game's clock reaches"
                )),
                "{e}"
            );
        }
        let longest = replace_line(&good, 7, &format!("elapsed-ms: {MAX_CLOCK_MS}"));
        assert_eq!(decode(longest.as_bytes(), &v).unwrap().elapsed_ms(), MAX_CLOCK_MS);
        // A byte-order mark before it (Notepad's) is no part of the text.
        let marked = [b"\xEF\xBB\xBF".as_slice(), good.as_bytes()].concat();
        assert!(decode(&marked, &v).is_ok());
        let mut bytes = good.into_bytes();
        bytes[30] = 0xff;
        let e = decode(&bytes, &v).unwrap_err();
        assert_eq!(e.to_string(), "line 3: the file is not UTF-8 text");
        assert_eq!(error_for("").line, 1);
    }

    #[test]
    fn an_illegal_automatic_move_is_pinned_to_its_line() {
        let mut s = Session::new(Counting { max: 3 }, 0);
        while s.steps().iter().all(|st| st.auto.is_empty()) {
            let seed = s.seed() + 1;
            s.new_game(seed);
            s.play_text("add 3").ok();
            s.play_text("add 1").ok();
        }
        let text = encode(&s).unwrap();
        let n = text.lines().position(|l| l.starts_with("auto ")).unwrap() + 1;
        let e = error_for(&replace_line(&text, n, "auto add 3000"));
        assert_eq!(e.line, n);
        assert!(e.reason.contains("does not replay"), "{}", e.reason);
    }

    #[test]
    fn save_and_load_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("count.sav");
        let v = Counting { max: 3 };
        let e = load(&path, &v).unwrap_err();
        assert_eq!(e.kind, FileErrorKind::NotFound);
        let s = sample();
        save(&s, &path).unwrap();
        assert_eq!(load(&path, &v).unwrap(), s);

        let foreign = encode(&s).unwrap().replace("game: count", "game: other");
        std::fs::write(&path, &foreign).unwrap();
        let e = load(&path, &v).unwrap_err();
        assert_eq!(e.kind, FileErrorKind::Foreign);
        assert_eq!(e.line, Some(2));
        let aside = e.moved_to.clone().unwrap();
        assert!(!path.exists());
        assert_eq!(std::fs::read_to_string(&aside).unwrap(), foreign);
        assert!(e.to_string().contains(":2: this is a save for \"other\""), "{e}");

        std::fs::create_dir(&path).unwrap();
        assert_eq!(load(&path, &v).unwrap_err().kind, FileErrorKind::Io);
    }

    #[derive(Clone, Debug)]
    struct BadName;
    impl Variant for BadName {
        type Game = crate::core::toy::Count;
        fn id(&self) -> &str {
            "bad name"
        }
        fn content_hash(&self) -> u64 {
            1
        }
        fn options(&self) -> String {
            "max=3".into()
        }
        fn with_options(&self, _: &str) -> Result<Self, String> {
            Ok(BadName)
        }
        fn deal(&self, seed: u64) -> Self::Game {
            Counting { max: 3 }.deal(seed)
        }
    }

    #[test]
    fn unwritable_names_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.sav");
        let e = save(&Session::new(BadName, 1), &path).unwrap_err();
        assert_eq!(e.kind, FileErrorKind::Invalid);
        assert!(e.reason.contains("\"bad name\""), "{}", e.reason);
        assert!(!path.exists());
    }
}
