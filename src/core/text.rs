//! Rules for the short texts that end up in files: ids, move texts, options;
//! Windows-1252, the encoding of the old files Parlour reads; and counts in
//! words.
//!
//! Saves are line-based and statistics are INI, so anything written into them
//! must stay on its line and survive an editor that trims trailing spaces.
//! These checks run before anything is written, so files never need escaping.

use std::borrow::Cow;

/// The longest id accepted; ids are names, not documents.
const MAX_ID_LEN: usize = 64;

/// Checks an id (a game id, a statistics key): 1 to 64 characters, each an
/// ASCII letter or digit or one of `. _ + / -`. Such a name is safe as a save
/// header value, an INI section name and an INI key.
pub(crate) fn check_id(what: &str, id: &str) -> Result<(), String> {
    let allowed = |c: char| c.is_ascii_alphanumeric() || "._+/-".contains(c);
    if id.is_empty() || id.len() > MAX_ID_LEN || !id.chars().all(allowed) {
        return Err(format!("{what} {id:?} is not a valid name (1 to {MAX_ID_LEN} letters, digits or . _ + / -)"));
    }
    Ok(())
}

/// The longest one-line text accepted; readers of saves refuse longer
/// lines without looking at them.
pub(crate) const MAX_LINE_LEN: usize = 1024;

/// Checks a one-line text (a move text, an option string): at most
/// [`MAX_LINE_LEN`] bytes, no control characters (so no line breaks) and
/// no space at either end. `may_be_empty` says whether the empty string is
/// acceptable.
pub(crate) fn check_line(what: &str, text: &str, may_be_empty: bool) -> Result<(), String> {
    if text.is_empty() {
        return if may_be_empty { Ok(()) } else { Err(format!("{what} is empty")) };
    }
    if text.len() > MAX_LINE_LEN {
        return Err(format!("{what} is {} bytes long, more than {MAX_LINE_LEN}", text.len()));
    }
    if text.chars().any(char::is_control) {
        return Err(format!("{what} {text:?} contains a control character"));
    }
    if text.trim() != text {
        return Err(format!("{what} {text:?} starts or ends with a space"));
    }
    Ok(())
}

/// The line of `text` the INI reader stopped at and what is wrong there,
/// in words (the reader names the characters it expected, as a program
/// would: `expecting "[Some(']')]" but found EOF.`). A section name left
/// open is read on to the end of the file, so its line is found here.
pub fn ini_error(text: &str, e: &ini::ParseError) -> (usize, String) {
    let msg = e.msg.as_ref();
    let open_section = msg == "section must be ended with ']'" || (msg.starts_with("expecting") && msg.contains("']'"));
    if open_section {
        let opened = text.lines().position(|l| {
            let l = l.trim();
            l.starts_with('[') && !l.contains(']')
        });
        return (opened.map_or(e.line, |i| i + 1), "the section name has no closing ]".into());
    }
    let reason = if msg.starts_with("expecting") && (msg.contains("'\"'") || msg.contains("'\\''")) {
        "a quotation mark is not closed"
    } else if msg.starts_with("expecting") && msg.contains("'='") {
        NO_EQUALS
    } else if msg == "missing key" {
        "a value has no name before its = or :"
    } else if msg == "doesn't support inline comment" {
        "a comment must have a line of its own"
    } else {
        msg
    };
    // At the end of a file ending in a newline the reader counts a line
    // that is not there.
    (e.line.min(text.lines().count()).max(1), reason.to_string())
}

/// Why a line of an INI file that is no setting cannot be read.
pub const NO_EQUALS: &str = "a line holds no = (or :) between a name and its value";

/// The number of the first line of `text` that is none of what an INI
/// file of Parlour's holds (a blank line, a comment, a [section], a name =
/// value). The INI reader would take it for the start of a name running
/// on to the next line's =, reading `hello world` then `id=x` as one
/// setting, unflagged: settings, preferences and statistics check first.
pub fn first_stray_line(text: &str) -> Option<usize> {
    let stray = |line: &str| {
        let line = line.trim();
        !(line.is_empty() || line.starts_with([';', '#', '[']) || line.contains(['=', ':']))
    };
    text.lines().position(stray).map(|i| i + 1)
}

/// Where each `[section]` and each `name = value` of an INI text is: the
/// INI reader keeps no line numbers, and a value it read that turns out
/// to be wrong (a count that is negative, a machine that does not exist)
/// is told of by its line all the same. Lines are numbered from 1; names
/// are found as the reader finds them (trimmed, up to the first = or :).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IniLines {
    /// Each header or setting: its line, its section (None before the
    /// first header), and the setting's name (None for a header).
    entries: Vec<(usize, Option<String>, Option<String>)>,
}

impl IniLines {
    pub fn of(text: &str) -> IniLines {
        let mut section: Option<String> = None;
        let mut entries = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with([';', '#']) {
                continue;
            }
            if let Some(header) = line.strip_prefix('[') {
                section = Some(header.split(']').next().unwrap_or_default().trim().to_string());
                entries.push((i + 1, section.clone(), None));
            } else if let Some((name, _)) = line.split_once(['=', ':']) {
                entries.push((i + 1, section.clone(), Some(name.trim().to_string())));
            }
        }
        IniLines { entries }
    }

    /// The line of the `nth` (from 0) header of `section`.
    pub fn section(&self, section: &str, nth: usize) -> Option<usize> {
        let headers = self.entries.iter().filter(|(_, s, name)| name.is_none() && s.as_deref() == Some(section));
        headers.map(|e| e.0).nth(nth)
    }

    /// The line of the `nth` (from 0) setting `name` in `section` (None:
    /// before the first header), in whichever of its headers.
    pub fn setting(&self, section: Option<&str>, name: &str, nth: usize) -> Option<usize> {
        let settings = self.entries.iter().filter(|(_, s, n)| s.as_deref() == section && n.as_deref() == Some(name));
        settings.map(|e| e.0).nth(nth)
    }

    /// The line of the last header or setting of `section` (None: before
    /// the first header): where a section cut short ends.
    pub fn last_in(&self, section: Option<&str>) -> Option<usize> {
        self.entries.iter().filter(|(_, s, _)| s.as_deref() == section).map(|e| e.0).next_back()
    }

    /// The line of the first setting before any header.
    pub fn first_unsectioned(&self) -> Option<usize> {
        self.entries.iter().find(|(_, s, _)| s.is_none()).map(|e| e.0)
    }
}

/// `text` with a capital first letter ("cannot move" -> "Cannot move").
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}

/// `clause` as a sentence: with a full stop (unless it ends with `!` or
/// `?`), and a capital where it starts with a word (not with a file's
/// name, which keeps its case). For a box's line ("Score: 280") said in
/// the status line among sentences, and for trouble told in a box.
pub fn sentence(clause: &str) -> String {
    if clause.ends_with(['!', '?']) {
        return clause.to_string();
    }
    let clause = clause.trim_end_matches('.');
    let first_word = clause.split(' ').next().unwrap_or_default();
    if first_word.chars().all(char::is_alphabetic) { format!("{}.", capitalised(clause)) } else { format!("{clause}.") }
}

/// `text` in at most `most` characters: whole, or cut after its last
/// whole word that leaves room for "..." after it (a first word longer
/// than that is cut after a letter). For quoting a file's words back to
/// its author, who would take a word cut in two for a typing slip ("long
/// n..." of "long nom"). Characters are counted, not measured in pixels
/// as a screen's lines are, so a value of 100,000 digits takes no longer
/// than it takes to read.
pub fn shortened(text: &str, most: usize) -> Cow<'_, str> {
    if text.chars().nth(most).is_none() {
        return Cow::Borrowed(text);
    }
    let room = most.saturating_sub(ELLIPSIS.len());
    let end = text.char_indices().nth(room).map_or(text.len(), |(at, _)| at);
    let (head, rest) = text.split_at(end);
    // The head ends with a whole word where a space follows it.
    let words = match rest.starts_with(char::is_whitespace) {
        true => head,
        false => head.rfind(char::is_whitespace).map_or("", |at| &head[..at]),
    };
    let kept = if words.trim().is_empty() { head } else { words };
    Cow::Owned(format!("{}{ELLIPSIS}", kept.trim_end()))
}

/// What ends a text cut short.
const ELLIPSIS: &str = "...";

/// `n` and the word for that many: "1 push", "3 pushes", "0 moves".
pub fn plural(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `name`, then "NAME 2", "NAME 3" and so on without end: the names to
/// offer, in order, for a new thing where `name` may be taken.
pub fn numbered_names(name: &str) -> impl Iterator<Item = String> + '_ {
    std::iter::once(name.to_string()).chain((2u32..).map(move |n| format!("{name} {n}")))
}

/// `word` as a POSIX shell reads it back: as it is where it holds only
/// letters, digits and `-_./+,:=@%`, else in single quotes, each `'` in it
/// as `'\''`. Every command Parlour prints to be typed or pasted again
/// takes its words from here, so that none runs what a name holds
/// (`$HOME`, a backquote).
pub fn shell_quoted(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./+,:=@%".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        return word.to_string();
    }
    format!("'{}'", word.replace('\'', "'\\''"))
}

/// Words in a sentence's list: "a", "a and b", "a, b and c"; none is "".
pub fn and_list<S: AsRef<str>>(words: &[S]) -> String {
    match words.split_last() {
        Some((last, [])) => last.as_ref().to_string(),
        Some((last, before)) => {
            let before: Vec<&str> = before.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", before.join(", "), last.as_ref())
        }
        None => String::new(),
    }
}

/// A text file as Windows programs wrote it: UTF-8 (a byte-order mark is
/// dropped), UTF-16 after its byte-order mark (Notepad's "Unicode"), or
/// else Windows-1252.
pub fn decode_windows(bytes: &[u8]) -> String {
    if let Some(text) = decode_utf16_marked(bytes) {
        return text;
    }
    let bytes = super::files::without_bom(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_string(),
        Err(_) => bytes.iter().map(|&b| cp1252(b)).collect(),
    }
}

/// Text saved as UTF-16 after its byte-order mark (Notepad's "Unicode"),
/// little- or big-endian as the mark says, decoded; None without the
/// mark. Every reader of text, whatever encoding it falls back to, takes
/// such a file so: its bytes read one by one are a NUL after each letter.
pub fn decode_utf16_marked(bytes: &[u8]) -> Option<String> {
    let little = bytes.starts_with(b"\xff\xfe");
    let rest = bytes.strip_prefix(b"\xff\xfe").or_else(|| bytes.strip_prefix(b"\xfe\xff"))?;
    let word = |c: &[u8]| if little { u16::from_le_bytes([c[0], c[1]]) } else { u16::from_be_bytes([c[0], c[1]]) };
    let words = rest.chunks_exact(2).map(word);
    Some(char::decode_utf16(words).map(|r| r.unwrap_or(char::REPLACEMENT_CHARACTER)).collect())
}

/// Windows-1252; its five unassigned bytes keep their Latin-1 meaning.
pub fn cp1252(b: u8) -> char {
    const C1: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž', '\u{8f}', //
        '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}', 'ž', 'Ÿ',
    ];
    if (0x80..0xa0).contains(&b) { C1[usize::from(b - 0x80)] } else { char::from(b) }
}

/// A file mostly in UTF-8 with a character that is not (typed in another
/// editor), on a line of its own or beside the UTF-8 ones: it is all read
/// in the `encoding` its readers fall back to (`decode` a byte of it), so
/// its UTF-8 letters come out as two or three each. Told on the first line
/// with UTF-8 in it, as it shows: the line and what to say.
pub fn mixed_encodings(bytes: &[u8], encoding: &str, decode: fn(u8) -> char) -> Option<(usize, String)> {
    if std::str::from_utf8(bytes).is_ok() || [&b"\xff\xfe"[..], b"\xfe\xff"].iter().any(|m| bytes.starts_with(m)) {
        return None;
    }
    let lines: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
    let not_utf8 = lines.iter().position(|l| std::str::from_utf8(l).is_err())? + 1;
    let (i, utf8) = lines.iter().enumerate().find(|(_, l)| holds_utf8(l))?;
    // Quoted as it shows, but for control characters, which the readers
    // leave out too (and which must never reach a terminal).
    let shown: String = utf8.iter().map(|&b| decode(b)).filter(|&c| c == '\t' || !c.is_control()).collect();
    let written = if std::str::from_utf8(utf8).is_ok() {
        format!("this line is written in UTF-8 but line {not_utf8} is not")
    } else {
        "this line is written partly in UTF-8 and partly not".to_string()
    };
    Some((
        i + 1,
        format!(
            "{written}, so the file is read as {encoding} and this line shows as `{}`: save the file in one encoding",
            shown.trim()
        ),
    ))
}

/// Whether `line` holds a character written in UTF-8 beyond ASCII, all
/// of it UTF-8 or not ("Zo\u{eb}" before a Windows-1252 "\xa9").
fn holds_utf8(line: &[u8]) -> bool {
    line.utf8_chunks().any(|chunk| !chunk.valid().is_ascii())
}

/// Why bytes are not text, and the line where that shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotText {
    pub line: usize,
    pub message: String,
}

/// Decodes a text file as [`decode_windows`] does, or says why it is no
/// text: it holds NUL bytes, more than one character in twenty is a
/// control character (the message says how many, and which is the first
/// and where), or it is UTF-16 without the mark that says so. Every reader of game types and help
/// files asks this first, so a file is refused in the same words by all.
pub fn decode_text(bytes: &[u8]) -> Result<String, NotText> {
    if is_utf16_unmarked(bytes) {
        let message = "not a text file Parlour reads: it looks like UTF-16 without a byte-order mark; save it as UTF-8, or as Unicode with its mark (Notepad's \"Unicode\")";
        return Err(NotText { line: 1, message: message.into() });
    }
    let text = decode_windows(bytes);
    check_text(&text)?;
    Ok(text)
}

/// `text` with every line ending in LF: CR LF (Windows) and a lone CR (a
/// classic Mac's) alike, so lines are counted as the author's editor
/// shows them.
pub fn lf_line_ends(text: &str) -> String {
    text.replace("\r\n", "\n").replace('\r', "\n")
}

/// Text in UTF-16 saved without the byte-order mark that says so: every
/// other byte of its opening NUL, the bytes between them text, as ASCII in
/// either byte order is written.
fn is_utf16_unmarked(bytes: &[u8]) -> bool {
    let start = &bytes[..bytes.len().min(256) & !1];
    if start.len() < 8 || bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        return false;
    }
    let half = |offset: usize| start.iter().skip(offset).step_by(2);
    let is_text = |b: &u8| b.is_ascii_graphic() || b" \t\r\n".contains(b);
    [(0, 1), (1, 0)].iter().any(|&(text, nul)| half(nul).all(|&b| b == 0) && half(text).all(is_text))
}

/// The text of a file Parlour writes itself and a player may edit
/// (settings, preferences), after its byte-order mark, or the line where
/// it is no such text and why: Parlour writes UTF-8 with no control
/// character but the line ends, so a NUL byte, a byte that is not UTF-8
/// or a control character means the file was damaged (or is another
/// program's), never a setting to read and write back.
pub fn text_of_own_file(bytes: &[u8]) -> Result<&str, NotText> {
    let line_of = |at: usize| bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
    let not_text = |at: usize, message: &str| NotText { line: line_of(at), message: message.into() };
    if let Some(at) = bytes.iter().position(|&b| b == 0) {
        return Err(not_text(at, NUL_BYTES));
    }
    let text = std::str::from_utf8(bytes).map_err(|e| not_text(e.valid_up_to(), "the line is not UTF-8 text"))?;
    match text.find(|c: char| c.is_control() && !matches!(c, '\t' | '\r' | '\n')) {
        Some(at) => Err(not_text(at, "not a text file (it holds control characters)")),
        None => Ok(text),
    }
}

/// Why bytes with a NUL in them are no text.
const NUL_BYTES: &str = "not a text file (it holds NUL bytes)";

/// NUL anywhere, or control characters in more than one character in twenty,
/// mean binary data. Tabs, line ends, form feeds and a DOS end of file
/// (Ctrl-Z) are no such control characters.
fn check_text(text: &str) -> Result<(), NotText> {
    let is_control = |c: char| c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\u{c}' | '\u{1a}');
    let line_of = |i: usize| text[..i].bytes().filter(|&b| b == b'\n').count() + 1;
    if let Some(i) = text.find('\0') {
        return Err(NotText { line: line_of(i), message: NUL_BYTES.into() });
    }
    let total = text.chars().count();
    let controls = text.chars().filter(|&c| is_control(c)).count();
    if controls > 0 && controls * 20 > total {
        // Where the first is and what it is, and how many there are, for
        // the author to find and mend them (a text saved with escape codes,
        // a stray character repeated), or to see the file is none of theirs.
        let i = text.find(is_control).unwrap_or(0);
        let first = text[i..].chars().next().map_or(0, u32::from);
        let column = text[..i].rsplit('\n').next().map_or(0, |before| before.chars().count()) + 1;
        let are = if controls == 1 { "is a control character" } else { "are control characters" };
        let message = format!(
            "not a text file: {controls} of its {total} characters {are}, more than one in twenty (the first, \
             0x{first:02X}, in column {column})"
        );
        return Err(NotText { line: line_of(i), message });
    }
    Ok(())
}

// "Did you mean": the names a mistyped one is close to (section names
// in lint, game ids on the command line).

/// Names longer than this get no "did you mean" hint (the distance costs
/// the product of the lengths).
pub const MAX_SUGGEST: usize = 40;

/// The most edits a "did you mean" hint is made for.
pub const NEAR: usize = 2;

/// The Levenshtein distance between `a` and `b`, ASCII letters in any
/// case, when it is at most [`NEAR`]. Names whose lengths differ by more
/// are passed over at once: a file of 40,000 unknown keys asks this of
/// every known key for each.
pub fn near(a: &str, b: &str) -> Option<usize> {
    if a.chars().count().abs_diff(b.chars().count()) > NEAR {
        return None;
    }
    let b: Vec<char> = b.chars().map(|c| c.to_ascii_lowercase()).collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = Vec::with_capacity(b.len() + 1);
    for (i, ca) in a.chars().map(|c| c.to_ascii_lowercase()).enumerate() {
        cur.clear();
        cur.push(i + 1);
        for (j, &cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    Some(prev[b.len()]).filter(|&d| d <= NEAR)
}

/// The candidate within two edits of `word` (any case), the nearest.
pub fn nearest<'a>(word: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    if word.len() > MAX_SUGGEST {
        return None;
    }
    candidates.filter_map(|c| Some((near(word, c)?, c))).min_by_key(|&(d, _)| d).map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A word a shell would read otherwise (a space, `$`, a backquote, an
    /// apostrophe) comes back from `sh` as it was; an id stays bare.
    #[test]
    fn shell_quoted_words_come_back_from_a_shell_as_they_are() {
        assert_eq!(shell_quoted("spider-two-suits"), "spider-two-suits");
        for word in ["My Klondike", "Joe's $HOME `id`", "", "a\"b\\c"] {
            let echo = format!("printf %s {}", shell_quoted(word));
            let out = std::process::Command::new("sh").arg("-c").arg(&echo).output().unwrap();
            assert_eq!(String::from_utf8(out.stdout).unwrap(), word, "{echo}");
        }
    }

    #[test]
    fn and_list_joins_the_last_word_with_and() {
        assert_eq!(and_list::<&str>(&[]), "");
        assert_eq!(and_list(&["a"]), "a");
        assert_eq!(and_list(&["a", "b"]), "a and b");
        assert_eq!(and_list(&["a", "b", "c"]), "a, b and c");
    }

    /// A file of too many control characters is told how many there are,
    /// and which is the first, on which line and in which column, so its
    /// author can find them: not only that it is "not a text file".
    #[test]
    fn too_many_control_characters_are_counted_and_the_first_is_placed() {
        let mut bytes = b"[Game]\nName=Spider\nRows=".to_vec();
        bytes.extend_from_slice(&[0x1b; 3]);
        bytes.extend_from_slice(b"\n");
        let e = decode_text(&bytes).unwrap_err();
        assert_eq!(e.line, 3);
        assert_eq!(
            e.message,
            "not a text file: 3 of its 28 characters are control characters, more than one in twenty (the first, \
             0x1B, in column 6)"
        );
        // One in twenty is text still, tabs and line ends no control.
        let twenty = b"\tA line\r\n\x01 nineteen!";
        assert_eq!(twenty.len(), 20);
        assert!(decode_text(twenty).is_ok());
        let e = decode_text(&twenty[1..]).unwrap_err();
        assert_eq!(e.line, 2, "{e:?}");
        assert!(e.message.starts_with("not a text file: 1 of its 19 characters is a control character"), "{e:?}");
        let e = decode_text(b"ab\x02").unwrap_err();
        assert_eq!(
            (e.line, e.message.as_str()),
            (
                1,
                "not a text file: 1 of its 3 characters is a control character, more than one in twenty (the first, 0x02, in column 3)"
            )
        );
    }

    #[test]
    fn a_clause_becomes_a_sentence() {
        assert_eq!(sentence("Score: 280"), "Score: 280.");
        assert_eq!(sentence("second"), "Second.");
        assert_eq!(sentence("a.ini:1: first."), "a.ini:1: first.");
        assert_eq!(sentence("Solved in 3 moves!"), "Solved in 3 moves!");
    }

    #[test]
    fn one_takes_the_singular() {
        assert_eq!(plural(1u64, "push", "pushes"), "1 push");
        assert_eq!(plural(0u64, "move", "moves"), "0 moves");
        assert_eq!(plural(2u8, "game", "games"), "2 games");
    }

    /// A text too long is cut after a whole word, "..." included in the
    /// count; a first word too long for that is cut after a letter.
    #[test]
    fn a_text_is_shortened_after_a_whole_word() {
        let name = "Très facile et vraiment très très long nom";
        assert_eq!(shortened(name, 42), name);
        assert_eq!(shortened(name, 41), "Très facile et vraiment très très long...");
        assert_eq!(shortened(name, 40), "Très facile et vraiment très très...");
        // A word that ends where the room does is kept whole.
        assert_eq!(shortened("one two three", 10), "one two...");
        assert_eq!(shortened("one two  three", 12), "one two...");
        assert_eq!(shortened("Unbreakable", 8), "Unbre...");
        assert_eq!(shortened(&"9".repeat(100_000), 43), format!("{}...", "9".repeat(40)));
    }

    #[test]
    fn ids() {
        assert!(check_id("game id", "klondike").is_ok());
        assert!(check_id("game id", "yazzle/Spider_2.suits+x-y").is_ok());
        assert!(check_id("game id", "").is_err());
        assert!(check_id("game id", "two words").is_err());
        assert!(check_id("game id", "[x]").is_err());
        assert!(check_id("game id", &"x".repeat(65)).is_err());
        let err = check_id("game id", "a=b").unwrap_err();
        assert!(err.contains("game id \"a=b\""), "{err}");
    }

    #[test]
    fn lines() {
        assert!(check_line("move", "7h f1", false).is_ok());
        assert!(check_line("move", "", false).is_err());
        assert!(check_line("options", "", true).is_ok());
        assert!(check_line("move", "a\nb", false).is_err());
        assert!(check_line("move", "a\rb", false).is_err());
        assert!(check_line("move", " a", false).is_err());
        assert!(check_line("move", &"a".repeat(MAX_LINE_LEN), false).is_ok());
        assert!(check_line("move", &"a".repeat(MAX_LINE_LEN + 1), false).is_err());
        assert!(check_line("move", "a ", false).is_err());
        assert!(check_line("move", "ünïcödé ok", false).is_ok());
    }

    #[test]
    fn ini_lines_find_each_header_and_setting() {
        let text = "; comment\nstray=1\n[a]\n x = 1\n\n[ b ]\ny: 2\n[a]\nx=3\n";
        let lines = IniLines::of(text);
        assert_eq!(lines.first_unsectioned(), Some(2));
        assert_eq!((lines.section("a", 0), lines.section("a", 1), lines.section("a", 2)), (Some(3), Some(8), None));
        assert_eq!(lines.section("b", 0), Some(6));
        assert_eq!((lines.setting(Some("a"), "x", 0), lines.setting(Some("a"), "x", 1)), (Some(4), Some(9)));
        assert_eq!(lines.setting(Some("b"), "y", 0), Some(7));
        assert_eq!(lines.setting(None, "stray", 0), Some(2));
        assert_eq!(lines.setting(Some("b"), "x", 0), None);
    }

    #[test]
    fn ini_errors_name_the_line_and_say_what_is_wrong_in_words() {
        let error = |text: &str| {
            let e = ini::Ini::load_from_str(text).unwrap_err();
            super::ini_error(text, &e)
        };
        assert_eq!(error("[a]\nx=1\n[b\ny=2\n"), (3, "the section name has no closing ]".into()));
        assert_eq!(error("[a]\n=1\n"), (2, "a value has no name before its = or :".into()));
        assert_eq!(error("[a]\nx=\"open\n"), (2, "a quotation mark is not closed".into()));
        assert_eq!(error("[a]\nx=1\nnothing\n"), (3, "a line holds no = (or :) between a name and its value".into()));
    }
}
