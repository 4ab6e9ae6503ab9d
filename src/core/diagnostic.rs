//! A problem found in a data file, with the file and line to blame: what
//! `parlour lint` prints and what readers of game.ini, .brd and help files
//! report.

use std::borrow::Cow;
use std::fmt;
use std::path::{Path, PathBuf};

/// How bad a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// The file cannot be used as it is.
    Error,
    /// The file can be used, but something in it is probably a mistake.
    Warning,
}

/// One problem in one file. Whole-file problems (a missing section, a file
/// that is not text) are reported on line 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub path: PathBuf,
    /// 1-based line number.
    pub line: usize,
    pub severity: Severity,
    pub message: String,
}

impl Diagnostic {
    pub fn error(path: &Path, line: usize, message: impl Into<String>) -> Diagnostic {
        Diagnostic { path: path.to_path_buf(), line: line.max(1), severity: Severity::Error, message: message.into() }
    }

    pub fn warning(path: &Path, line: usize, message: impl Into<String>) -> Diagnostic {
        Diagnostic { path: path.to_path_buf(), line: line.max(1), severity: Severity::Warning, message: message.into() }
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// The problem as a line of its own (what `parlour lint` prints, and
    /// the help's problems on the terminal): as [`Display`] writes it, but
    /// with `error: ` before an error's message as `warning: ` is before a
    /// warning's, for a reader scanning for either. Inside a sentence (why
    /// a game is left out) the sentence says it is the reason, and Display
    /// leaves the label out.
    pub fn labelled(&self) -> String {
        match self.severity {
            Severity::Error => {
                format!("{}:{}: error: {}", self.shown_path(), self.line, escape_controls(&self.said()))
            }
            Severity::Warning => self.to_string(),
        }
    }

    /// The message as it is told: whole, unless it runs past
    /// [`LONGEST_TOLD`] characters (it quotes a name from the file, which
    /// may hold anything, even a line of 100,000 characters). Then its
    /// start and its end are kept, the end being where a message says what
    /// is wrong with what it quoted, and the count of characters left out
    /// stands between them.
    pub fn said(&self) -> Cow<'_, str> {
        let length = self.message.chars().count();
        if length <= LONGEST_TOLD {
            return Cow::Borrowed(&self.message);
        }
        let at_char = |n: usize| self.message.char_indices().nth(n).map_or(self.message.len(), |(i, _)| i);
        let head = &self.message[..at_char(TOLD_HEAD)];
        let tail = &self.message[at_char(length - TOLD_TAIL)..];
        let left_out = length - TOLD_HEAD - TOLD_TAIL;
        Cow::Owned(format!("{head}…({left_out} characters left out)…{tail}"))
    }

    /// The path as printed: see [`escape_controls`].
    fn shown_path(&self) -> String {
        escaped_path(&self.path)
    }

    /// Whether this blames a line that `bytes` has and says what is wrong:
    /// what every reader promises of its diagnostics, whatever the input
    /// (checked by the tests that feed readers garbage).
    pub fn points_into(&self, bytes: &[u8]) -> bool {
        is_line_of(self.line, bytes) && !self.message.trim().is_empty()
    }
}

/// The most characters a message is told with; a longer one is told by
/// its first [`TOLD_HEAD`] and last [`TOLD_TAIL`] (see [`Diagnostic::said`]).
const LONGEST_TOLD: usize = 400;
const TOLD_HEAD: usize = 300;
const TOLD_TAIL: usize = 80;

/// Why a file that failed to load was refused, in a line: its first
/// error (a warning before it is not the reason), else its first problem.
pub fn reason(diags: &[Diagnostic]) -> String {
    diags.iter().find(|d| d.is_error()).or(diags.first()).map_or_else(String::new, |d| d.to_string())
}

/// Whether `line` (1-based) is a line of `bytes`, or the one after the last
/// (where a missing end is blamed). Lines end at LF, CR LF or a lone CR.
pub fn is_line_of(line: usize, bytes: &[u8]) -> bool {
    let breaks =
        bytes.iter().enumerate().filter(|&(i, &b)| b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')));
    (1..=breaks.count() + 2).contains(&line)
}

/// A line of a file as a reader keeps it: without control characters
/// (tabs stay), with the warning for a line that had one. Readers keep
/// only such text, so a diagnostic quoting it never carries a byte a
/// terminal would act on (an escape that clears the screen, a NUL), and
/// the viewer draws no character its fonts lack.
pub fn printable(line: &str) -> (Cow<'_, str>, Option<String>) {
    let unprintable = |c: char| c != '\t' && c.is_control();
    match line.chars().find(|&c| unprintable(c)) {
        None => (Cow::Borrowed(line), None),
        Some(c) => (
            Cow::Owned(line.chars().filter(|&c| !unprintable(c)).collect()),
            Some(format!("control character 0x{:02X} ignored", u32::from(c))),
        ),
    }
}

/// `path:LINE: message`, with `warning: ` before the message of a warning.
/// Messages quote the files they blame (values, keys, tags), and a file
/// may hold anything: control characters are shown as escapes, so that
/// printing a problem cannot clear or retitle the terminal it is read in.
impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tag = if self.severity == Severity::Warning { "warning: " } else { "" };
        write!(f, "{}:{}: {tag}{}", self.shown_path(), self.line, escape_controls(&self.said()))
    }
}

/// `text` with each control character written as an escape: `\x1b` for
/// ESC, `\u{9b}` for a C1 control, `\n` and `\t` as Rust writes them.
/// Whatever Parlour prints from a file goes through this, so no byte a
/// terminal acts on ever reaches it raw.
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return text.into();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_ascii_control() => out.push_str(&format!("\\x{:02x}", u32::from(c))),
            c if c.is_control() => out.extend(c.escape_unicode()),
            c => out.push(c),
        }
    }
    out.into()
}

/// `path` as Parlour prints it, its control characters escaped as
/// [`escape_controls`] writes them: a folder's name may hold anything.
pub fn escaped_path(path: &Path) -> String {
    escape_controls(&path.display().to_string()).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reason_a_file_is_refused_is_its_first_error() {
        let path = Path::new("game.ini");
        let diags =
            [Diagnostic::warning(path, 3, "[Tablaeu] is ignored"), Diagnostic::error(path, 9, "there is no [Tableau]")];
        assert_eq!(reason(&diags), "game.ini:9: there is no [Tableau]");
        assert_eq!(reason(&diags[..1]), "game.ini:3: warning: [Tablaeu] is ignored");
        assert_eq!(reason(&[]), "");
    }

    /// A value, key or tag quoted from a file reaches the terminal with
    /// its control characters escaped: an ESC sequence in a game.ini does
    /// not colour, clear or retitle the screen of whoever lints it.
    #[test]
    fn control_characters_from_a_file_are_shown_escaped() {
        let path = Path::new("esc/game.ini");
        let d = Diagnostic::error(path, 7, "[Game] Decks=\u{1b}[31mRED\u{1b}]0;pwned\u{7} is not a number");
        assert_eq!(d.to_string(), "esc/game.ini:7: [Game] Decks=\\x1b[31mRED\\x1b]0;pwned\\x07 is not a number");
        let w = Diagnostic::warning(path, 9, "<x\u{9b}2J\tb\u{7f}> é ♥");
        assert_eq!(w.to_string(), "esc/game.ini:9: warning: <x\\u{9b}2J\\tb\\x7f> é ♥");
        assert!(Diagnostic::warning(Path::new("a\nb"), 1, "m").to_string().starts_with("a\\nb:1:"));
    }

    /// A name of 100,000 characters quoted in a message is told by its
    /// start and the message's end, with the count left out between: the
    /// terminal and the help's box get a few lines, not pages.
    #[test]
    fn a_long_message_is_told_by_its_start_and_end() {
        let name = "é".repeat(100_000);
        let d = Diagnostic::error(Path::new("l.imaj"), 3, format!("a link to a missing topic `{name}`"));
        let said = d.said();
        assert_eq!(said.chars().count(), 300 + 80 + "…(99648 characters left out)…".chars().count());
        assert!(said.starts_with("a link to a missing topic `éé"), "{said}");
        assert!(said.ends_with("éé`") && said.contains("…(99648 characters left out)…"), "{said}");
        assert!(d.to_string().starts_with("l.imaj:3: a link") && d.to_string().ends_with('`'));
        assert!(d.labelled().starts_with("l.imaj:3: error: a link") && d.labelled().len() < 1000);
        let short = Diagnostic::warning(Path::new("l.imaj"), 3, "x".repeat(400));
        assert_eq!(short.said(), "x".repeat(400));
    }

    #[test]
    fn control_characters_are_dropped_and_named_tabs_stay() {
        assert_eq!(printable("a\tb"), (Cow::Borrowed("a\tb"), None));
        let (kept, warning) = printable("mi\x1b[2Jss\0");
        assert_eq!(kept, "mi[2Jss");
        assert_eq!(warning.as_deref(), Some("control character 0x1B ignored"));
    }
}
