//! A line-aware INI reader for game.ini files.
//!
//! YaZZle read its game.ini files with the Windows profile functions, so this
//! reader accepts what those did and remembers where everything was, for
//! messages of the form `path/game.ini:LINE: message`:
//!
//! - The bytes are decoded as UTF-8 (a byte-order mark is dropped), as UTF-16
//!   when the file starts with a UTF-16 byte-order mark (Notepad's "Unicode"),
//!   and otherwise as Windows-1252 (Latin-1 plus the 0x80..0x9F printables),
//!   which is what Windows editors wrote. A file with a NUL byte, or with more
//!   than one control character in twenty, is "not a text file" (the message
//!   says how many, and which is the first, in which column).
//! - Lines end with CR LF, LF, or a lone CR. A trailing Ctrl-Z (the old DOS end
//!   of file) is ignored.
//! - Section and key names are matched without regard to ASCII case; the
//!   spelling in the file is kept for messages.
//! - Spaces and tabs around names, around `=` and around values are ignored.
//! - Whole-line comments start with `;` or `#`. A value may end with a
//!   comment too: a `;` that starts the value or follows a space or tab ends
//!   it (`Piles=4 ; four columns` is `4`), while `Name=Bob;s` keeps its `;`.
//! - A value wholly inside matching double or single quotes loses the quotes
//!   (the Windows functions did the same); a comment may follow the quotes.
//! - A section or key given twice: the first one is used, as the Windows
//!   functions did, and the repeat draws a warning. A repeated section is
//!   ignored as a whole (its keys included).
//! - A `Key=Value` line before any `[Section]` is ignored with a warning.
//!
//! Every line is classified by our own scan (which knows the line numbers);
//! the cleaned text is then read by the `ini` crate (rust-ini) as well, which
//! supplies the values and whose own complaints, should it have any, are
//! reported with their line.

use std::collections::HashMap;
use std::path::Path;

use super::spec::Diagnostic;
use crate::core::{decode_text, shortened};

/// The most characters of a line or a value a message quotes, "..."
/// included.
const QUOTED: usize = 43;

/// One `Key=Value` line.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The key as spelled in the file.
    pub key: String,
    /// The value: trimmed, trailing comment and surrounding quotes removed.
    pub value: String,
    /// 1-based line number.
    pub line: usize,
}

impl Entry {
    /// The value as a message repeats it: whole, or its first words and
    /// "..." when it is long (a value of 100,000 digits would fill a
    /// screen of errors with itself).
    pub fn shown(&self) -> String {
        shortened(&self.value, QUOTED).into_owned()
    }
}

/// One `[Section]` with its entries, in file order.
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    /// The name as spelled in the file, without brackets.
    pub name: String,
    /// 1-based line number of the header.
    pub line: usize,
    /// The entries, each key once (the first of repeated keys).
    entries: Vec<Entry>,
    /// Each key in lower case to its place in `entries`: a key is found
    /// in one step, so reading a section of 60,000 keys (each checked
    /// for a repeat) takes time in proportion to its keys, not their
    /// square.
    by_key: NameIndex,
    /// The lines in this section that are neither a header nor a
    /// Key=Value line (`Piles 7`), each with its line number: told as
    /// errors, and kept so a check that misses a key can tell it was
    /// meant.
    unread: Vec<(usize, String)>,
}

impl Section {
    fn new(name: &str, line: usize) -> Section {
        Section { name: name.to_string(), line, entries: Vec::new(), by_key: NameIndex::default(), unread: Vec::new() }
    }

    /// The lines of this section that could not be read, with their
    /// numbers, in file order.
    pub fn unread(&self) -> impl Iterator<Item = (usize, &str)> {
        self.unread.iter().map(|(line, text)| (*line, text.as_str()))
    }

    /// The entries, each key once, in file order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The entry for `key` (any case).
    pub fn get(&self, key: &str) -> Option<&Entry> {
        self.by_key.get(key).map(|i| &self.entries[i])
    }

    /// The value for `key` (any case).
    pub fn value(&self, key: &str) -> Option<&str> {
        self.get(key).map(|e| e.value.as_str())
    }
}

/// Names matched without regard to ASCII case, each to the place of the
/// first thing so named.
#[derive(Clone, Debug, Default, PartialEq)]
struct NameIndex(HashMap<String, usize>);

impl NameIndex {
    fn get(&self, name: &str) -> Option<usize> {
        self.0.get(&name.to_ascii_lowercase()).copied()
    }

    /// Files `name` at `at`, unless the name is there already.
    fn insert(&mut self, name: &str, at: usize) {
        self.0.entry(name.to_ascii_lowercase()).or_insert(at);
    }

    fn remove(&mut self, name: &str) {
        self.0.remove(&name.to_ascii_lowercase());
    }
}

/// A whole file: its sections in file order, each name once (the first of
/// repeated sections).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct IniDoc {
    sections: Vec<Section>,
    /// Each section's name in lower case to its place in `sections`, so
    /// that a file of 40,000 sections is read in time in proportion to
    /// them (each header is checked for a repeat).
    by_name: NameIndex,
    /// Key=Value lines before the first header, which no section reads:
    /// kept so that a lost first header can be told of where it belonged.
    before_sections: Vec<Entry>,
}

impl IniDoc {
    /// The sections, each name once, in file order.
    pub fn sections(&self) -> &[Section] {
        &self.sections
    }

    /// The Key=Value lines before the first header, in file order.
    pub fn before_sections(&self) -> &[Entry] {
        &self.before_sections
    }

    /// The section called `name` (any case).
    pub fn section(&self, name: &str) -> Option<&Section> {
        self.by_name.get(name).map(|i| &self.sections[i])
    }

    /// Reads the section at `index` as `name` from now on (a misspelt
    /// section as the one meant). `name` must not be a section's already.
    pub fn rename_section(&mut self, index: usize, name: String) {
        let section = &mut self.sections[index];
        self.by_name.remove(&section.name);
        self.by_name.insert(&name, index);
        section.name = name;
    }

    /// The line a problem with `key` of section `sec` is told on: the
    /// key's, else the section's header, else the first.
    pub fn line_of(&self, sec: &str, key: &str) -> usize {
        let s = self.section(sec);
        s.and_then(|s| s.get(key)).map(|e| e.line).or(s.map(|s| s.line)).unwrap_or(1)
    }

    /// Reads a file's bytes. Always returns a document (empty for a file that
    /// is not text, without the lines that could not be read otherwise) and
    /// the problems found, which may include errors.
    pub fn parse(path: &Path, bytes: &[u8]) -> (IniDoc, Vec<Diagnostic>) {
        match decode_text(bytes) {
            Ok(text) => {
                let (doc, mut diags) = IniDoc::parse_text(path, &text);
                diags.extend(
                    crate::core::mixed_encodings(bytes, "Windows-1252", crate::core::cp1252)
                        .map(|(line, m)| Diagnostic::warning(path, line, m)),
                );
                (doc, diags)
            }
            Err(e) => (IniDoc::default(), vec![Diagnostic::error(path, e.line, e.message)]),
        }
    }

    /// Reads text already decoded.
    pub fn parse_text(path: &Path, text: &str) -> (IniDoc, Vec<Diagnostic>) {
        let mut diags = Vec::new();
        let mut doc = IniDoc::default();
        // What each line turned out to be, for the rust-ini pass.
        let mut clean: Vec<String> = Vec::new();
        // Index in doc.sections of the section keys go to; None before the
        // first header or inside a repeated (ignored) section.
        let mut current: Option<usize> = None;
        let mut before_first = true;

        for (i, raw) in split_lines(text).enumerate() {
            let line = i + 1;
            let t = raw.trim_matches(|c: char| c == ' ' || c == '\t' || c == '\u{feff}');
            clean.push(String::new());
            if t.is_empty() || t.starts_with(';') || t.starts_with('#') {
                continue;
            }
            if let Some(rest) = t.strip_prefix('[') {
                before_first = false;
                current = None;
                // A slip in a header is an error, but the section is still
                // read under the name meant, so one slip is told once
                // rather than as every check that misses the section.
                let (name, slip) = header_name(rest);
                if let Some(slip) = slip {
                    diags.push(Diagnostic::error(path, line, format!("`{}`: {slip}", shortened(t, QUOTED))));
                }
                let name = name.as_str();
                if name.is_empty() {
                    diags.push(Diagnostic::error(path, line, "`[]`: a section needs a name"));
                    continue;
                }
                if let Some(first) = doc.section(name) {
                    diags.push(Diagnostic::warning(
                        path,
                        line,
                        format!(
                            "[{name}] appears again (first on line {}); only the first is used, so this one and its keys are ignored",
                            first.line
                        ),
                    ));
                    continue;
                }
                doc.by_name.insert(name, doc.sections.len());
                doc.sections.push(Section::new(name, line));
                current = Some(doc.sections.len() - 1);
                clean[i] = format!("[{name}]");
                continue;
            }
            let Some(eq) = t.find('=') else {
                diags.push(Diagnostic::error(
                    path,
                    line,
                    format!("`{}` is neither a [Section] header nor a Key=Value line", shortened(t, QUOTED)),
                ));
                if let Some(si) = current {
                    doc.sections[si].unread.push((line, t.to_string()));
                }
                continue;
            };
            let key = t[..eq].trim();
            let value = clean_value(&t[eq + 1..]);
            if key.is_empty() {
                diags.push(Diagnostic::error(path, line, format!("`{}`: a value without a key", shortened(t, QUOTED))));
                continue;
            }
            if before_first {
                diags.push(Diagnostic::warning(
                    path,
                    line,
                    format!("{key}={value} comes before any [Section] and is ignored"),
                ));
                doc.before_sections.push(Entry { key: key.to_string(), value, line });
                continue;
            }
            let Some(si) = current else { continue };
            let sec = &mut doc.sections[si];
            if let Some(first) = sec.get(key) {
                diags.push(Diagnostic::warning(
                    path,
                    line,
                    format!(
                        "[{}] {key} is given again (first on line {}); only the first value is used",
                        sec.name, first.line
                    ),
                ));
                continue;
            }
            // rust-ini would join a line ending in `\` with the next one; a
            // space after it keeps the backslash (the value is trimmed).
            let ini_value = if value.ends_with('\\') { format!("{value} ") } else { value.clone() };
            clean[i] = format!("{key}={ini_value}");
            sec.by_key.insert(key, sec.entries.len());
            sec.entries.push(Entry { key: key.to_string(), value, line });
        }

        cross_read(path, &clean.join("\n"), &mut doc, &mut diags);
        (doc, diags)
    }
}

/// Reads the cleaned text with rust-ini and takes its values. The cleaned
/// text holds one line per original line (so line numbers agree), only the
/// headers and entries our scan accepted, so the two readings agree entry for
/// entry; where they would not (a key holding `:`, which rust-ini also takes
/// as a separator), our own reading stays.
fn cross_read(path: &Path, clean: &str, doc: &mut IniDoc, diags: &mut Vec<Diagnostic>) {
    let opt = ini::ParseOption { enabled_quote: false, enabled_escape: false, ..Default::default() };
    let parsed = match ini::Ini::load_from_str_opt(clean, opt) {
        Ok(p) => p,
        Err(e) => {
            let (line, reason) = crate::core::ini_error(clean, &e);
            diags.push(Diagnostic::error(path, line.max(1), format!("cannot be read as INI: {reason}")));
            return;
        }
    };
    let named = parsed.iter().filter_map(|(name, props)| name.map(|n| (n, props)));
    for (sec, (name, props)) in doc.sections.iter_mut().zip(named) {
        if name != sec.name {
            continue;
        }
        for (entry, (k, v)) in sec.entries.iter_mut().zip(props.iter()) {
            if k == entry.key {
                entry.value = v.to_string();
            }
        }
    }
}

/// Removes a trailing `;` comment and surrounding quotes from a raw value.
fn clean_value(raw: &str) -> String {
    let v = raw.trim_matches(|c: char| c == ' ' || c == '\t');
    if let Some(q) = v.chars().next().filter(|&c| c == '"' || c == '\'')
        && let Some(end) = v[1..].find(q)
    {
        let rest = v[1 + end + 1..].trim_start_matches([' ', '\t']);
        if rest.is_empty() || rest.starts_with(';') {
            return v[1..1 + end].to_string();
        }
    }
    let mut cut = v.len();
    let mut prev_space = true;
    for (i, c) in v.char_indices() {
        if c == ';' && prev_space {
            cut = i;
            break;
        }
        prev_space = c == ' ' || c == '\t';
    }
    v[..cut].trim_end_matches([' ', '\t']).to_string()
}

/// Lines split at CR LF, LF or a lone CR.
fn split_lines(text: &str) -> impl Iterator<Item = &str> {
    let text = text.strip_suffix('\u{1a}').unwrap_or(text);
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let r = rest?;
        match r.find(['\r', '\n']) {
            Some(i) => {
                let skip = if r[i..].starts_with("\r\n") { 2 } else { 1 };
                rest = Some(&r[i + skip..]);
                Some(&r[..i])
            }
            None => {
                rest = None;
                if r.is_empty() { None } else { Some(r) }
            }
        }
    })
}

/// The section a line names, as the reader takes it (`[General] ; who`,
/// `[ General ]`), where it is a header.
pub fn header_section(line: &str) -> Option<String> {
    line.trim().strip_prefix('[').map(|rest| header_name(rest).0)
}

/// The name in a section header after its `[`, and what is wrong with the
/// header, if anything: the name is what the author meant (`[Tableau`,
/// `[Tableau] x` and `[[Tableau]]` all mean Tableau).
fn header_name(rest: &str) -> (String, Option<&'static str>) {
    let meant = |name: &str| name.trim_matches(|c: char| c == '[' || c == ']' || c.is_whitespace()).to_string();
    let Some(close) = rest.find(']') else {
        let name = rest.split([';', '#']).next().unwrap_or_default();
        return (meant(name), Some("a section header needs a closing `]`"));
    };
    let (name, after) = (&rest[..close], rest[close + 1..].trim());
    let slip = if name.contains('[') {
        Some("a section name cannot hold `[`")
    } else if !after.is_empty() && !after.starts_with(';') && !after.starts_with('#') {
        Some("unexpected text after the section header")
    } else {
        None
    };
    (meant(name), slip)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solitaire::spec::Severity;

    fn parse(text: &str) -> (IniDoc, Vec<Diagnostic>) {
        IniDoc::parse(Path::new("g.ini"), text.as_bytes())
    }

    #[test]
    fn sections_keys_and_lines() {
        let (doc, diags) = parse("; top\n[General]\nName = Clear Fork\n\n[game]\r\n  Decks=2  \r\nAllowWrap =1\n");
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(doc.sections.len(), 2);
        let g = doc.section("GENERAL").unwrap();
        assert_eq!(g.line, 2);
        assert_eq!(g.get("name").unwrap().value, "Clear Fork");
        assert_eq!(g.get("NAME").unwrap().line, 3);
        let game = doc.section("Game").unwrap();
        assert_eq!(game.name, "game");
        assert_eq!(game.line, 5);
        assert_eq!(game.value("decks"), Some("2"));
        assert_eq!(game.get("AllowWrap").unwrap().line, 7);
    }

    #[test]
    fn comments_and_quotes() {
        let (doc, diags) =
            parse("[A] ; the a\n# hash\nK1=4 ; four\nK2=Bob;s\nK3=\"x ; y\" ; z\nK4= ;nothing\nK5='q'\nK6=a\tb;c\n");
        assert!(diags.is_empty(), "{diags:?}");
        let a = doc.section("a").unwrap();
        assert_eq!(a.value("k1"), Some("4"));
        assert_eq!(a.value("k2"), Some("Bob;s"));
        assert_eq!(a.value("k3"), Some("x ; y"));
        assert_eq!(a.value("k4"), Some(""));
        assert_eq!(a.value("k5"), Some("q"));
        assert_eq!(a.value("k6"), Some("a\tb;c"));
    }

    #[test]
    fn backslashes_and_colons_survive() {
        let (doc, diags) = parse("[A]\nImage=C:\\games\\\nNext=1\nodd:key=2\n");
        assert!(diags.is_empty(), "{diags:?}");
        let a = doc.section("a").unwrap();
        assert_eq!(a.value("image"), Some("C:\\games\\"));
        assert_eq!(a.value("next"), Some("1"));
        assert_eq!(a.value("odd:key"), Some("2"));
    }

    #[test]
    fn lone_cr_bom_and_ctrl_z() {
        let (doc, diags) = IniDoc::parse(Path::new("g.ini"), b"\xef\xbb\xbf[A]\rK=1\rL=2\x1a");
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(doc.section("a").unwrap().get("l").unwrap().line, 3);
        assert_eq!(doc.section("a").unwrap().value("l"), Some("2"));
    }

    #[test]
    fn latin1_and_utf16() {
        let (doc, diags) = IniDoc::parse(Path::new("g.ini"), b"[General]\nName=Caf\xe9 \x93Royal\x94\n");
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(doc.section("general").unwrap().value("name"), Some("Café “Royal”"));
        let mut utf16 = vec![0xff, 0xfe];
        for u in "[A]\r\nK=é\r\n".encode_utf16() {
            utf16.extend(u.to_le_bytes());
        }
        let (doc, diags) = IniDoc::parse(Path::new("g.ini"), &utf16);
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(doc.section("a").unwrap().value("k"), Some("é"));
    }

    /// One byte of Windows-1252 in a UTF-8 file makes the whole file
    /// Windows-1252: the UTF-8 line is told of as it then shows.
    #[test]
    fn a_file_of_two_encodings_is_told_of() {
        let bytes = "; caf\u{e9}\n[General]\nName=Caf\u{e9} No\u{eb}l\n".as_bytes().to_vec();
        let mixed: Vec<u8> =
            [&b"; caf\xe9\n"[..], &bytes[bytes.iter().position(|&b| b == b'\n').unwrap() + 1..]].concat();
        let (doc, diags) = IniDoc::parse(Path::new("g.ini"), &mixed);
        assert_eq!(doc.section("general").unwrap().value("name"), Some("CafÃ© NoÃ«l"));
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert!(diags[0].to_string().starts_with("g.ini:3: warning: this line is written in UTF-8 but line 1 is not, so the file is read as Windows-1252 and this line shows as `Name=CafÃ© NoÃ«l`"), "{diags:?}");
        assert!(IniDoc::parse(Path::new("g.ini"), &bytes).1.is_empty(), "all UTF-8");
        // The two on one line: an UTF-8 "ë" and a Windows-1252 "©".
        let one_line = [&b"[General]\nName=Zo"[..], "\u{eb}".as_bytes(), b" Mixed \xa9\n"].concat();
        let (doc, diags) = IniDoc::parse(Path::new("g.ini"), &one_line);
        assert_eq!(doc.section("general").unwrap().value("name"), Some("ZoÃ« Mixed ©"));
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert!(diags[0].to_string().starts_with("g.ini:2: warning: this line is written partly in UTF-8 and partly not, so the file is read as Windows-1252 and this line shows as `Name=ZoÃ« Mixed ©`"), "{diags:?}");
    }

    #[test]
    fn binary_is_not_text() {
        let (doc, diags) = IniDoc::parse(Path::new("g.ini"), b"[A]\nK=1\n\x00\x01\x02");
        assert!(doc.sections.is_empty());
        assert_eq!(diags.len(), 1);
        assert_eq!(diags[0].to_string(), "g.ini:3: not a text file (it holds NUL bytes)");
        for utf16 in [b"[\0A\0]\0\n\0K\0=\x001\0", b"\0[\0A\0]\0\n\0K\0=\x001"] {
            let (_, diags) = IniDoc::parse(Path::new("g.ini"), utf16);
            assert!(
                diags[0].to_string().starts_with(
                    "g.ini:1: not a text file Parlour reads: it looks like UTF-16 without a byte-order mark"
                ),
                "{diags:?}"
            );
        }
        let noise: Vec<u8> = (0..200u8).map(|i| i % 9).collect();
        let (_, diags) = IniDoc::parse(Path::new("g.ini"), &noise);
        assert!(diags[0].message.starts_with("not a text file"), "{diags:?}");
    }

    #[test]
    fn duplicates_first_wins() {
        let (doc, diags) = parse("[A]\nK=1\nk=2\n[a]\nK=3\nM=4\n");
        assert_eq!(doc.section("a").unwrap().value("k"), Some("1"));
        assert_eq!(doc.section("a").unwrap().value("m"), None);
        assert_eq!(diags.len(), 2);
        assert_eq!(diags[0].line, 3);
        assert_eq!(diags[0].severity, Severity::Warning);
        assert!(diags[0].message.contains("first on line 2"), "{}", diags[0]);
        assert_eq!(diags[1].line, 4);
    }

    #[test]
    fn bad_lines_are_errors_with_lines() {
        let (doc, diags) = parse("K=0\n[A\n[B] x\n[]\nplain words\n=5\n[C]\nK=1\n");
        let lines: Vec<(usize, Severity)> = diags.iter().map(|d| (d.line, d.severity)).collect();
        assert_eq!(
            lines,
            vec![
                (1, Severity::Warning),
                (2, Severity::Error),
                (3, Severity::Error),
                (4, Severity::Error),
                (5, Severity::Error),
                (6, Severity::Error)
            ]
        );
        assert_eq!(doc.section("c").unwrap().value("k"), Some("1"));
    }

    /// Sections and keys are found through lookup tables (checked here
    /// to hold every name), so reading takes time in proportion to the
    /// file: 40,000 sections, or 60,000 keys in one section, each checked
    /// for a repeat, took minutes when each check went through all the
    /// names before it.
    #[test]
    fn many_sections_and_keys_are_read_in_proportion_to_the_file() {
        let mut text: String = (0..40_000).map(|i| format!("[S{i}]\nK=1\n")).collect();
        text.push_str("[Many]\n");
        text.extend((0..60_000).map(|i| format!("Key{i}={i}\n")));
        text.push_str("[s17]\nK=2\n[MANY]\nKEY5=6\n");
        let (doc, diags) = parse(&text);
        assert_eq!(doc.sections.len(), 40_001);
        assert_eq!(doc.by_name.0.len(), doc.sections.len());
        let many = doc.section("many").unwrap();
        assert_eq!(many.entries().len(), 60_000);
        assert_eq!(many.by_key.0.len(), many.entries().len());
        assert_eq!(many.value("key59999"), Some("59999"));
        assert_eq!(doc.section("S39999").and_then(|s| s.value("k")), Some("1"));
        let repeats: Vec<usize> = diags.iter().map(|d| d.line).collect();
        assert_eq!(repeats, [140_002, 140_004], "{diags:?}");
    }

    /// A misspelt section read as the one meant is found by its new name
    /// only.
    #[test]
    fn a_renamed_section_is_found_by_its_new_name() {
        let (mut doc, _) = parse("[Tablaeu]\nPiles=7\n");
        doc.rename_section(0, "Tableau".into());
        assert_eq!(doc.section("tableau").and_then(|s| s.value("piles")), Some("7"));
        assert!(doc.section("Tablaeu").is_none());
    }

    /// A header with a slip is one error, and its keys still go to the
    /// section the author meant.
    #[test]
    fn a_slip_in_a_header_keeps_the_section() {
        for header in ["[Tableau", "[Tableau ; the piles", "[Tableau] x", "[[Tableau]]", " [ Tableau ]] "] {
            let (doc, diags) = parse(&format!("{header}\nPiles=7\n"));
            let told: Vec<(usize, Severity)> = diags.iter().map(|d| (d.line, d.severity)).collect();
            assert_eq!(told, [(1, Severity::Error)], "{header}: {diags:?}");
            assert_eq!(doc.section("Tableau").and_then(|s| s.value("Piles")), Some("7"), "{header}");
        }
    }
}
