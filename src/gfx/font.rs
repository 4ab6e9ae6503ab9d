//! Bitmap fonts in Parlour's plain-text `.font` format, and the four
//! built-in fonts: our own glyphs in the spirit of Topaz (Amiga), Chicago
//! and Geneva (classic Mac) and MS Sans Serif (Windows). Each covers
//! printable ASCII (U+0020..U+007E) and Latin-1 (U+00A0..U+00FF).
//!
//! # Format
//!
//! Plain text, one directive per line, easy to hand-edit and diff:
//!
//! ```text
//! # comments start with '#'
//! name Topaz-style 8
//! height 8          # rows per glyph cell (the line height), 1..=64
//! ascent 7          # rows above the baseline, 0..=height
//! spacing 0         # extra pixels after every glyph (optional, default 0)
//! glyph U+0041 8    # code point (hex) and advance width (0..=32);
//! ..###...          # then exactly `height` rows of exactly `width`
//! .##.##..          # characters each: `#` is ink, `.` is clear
//! ##...##.
//! ##...##.
//! #######.
//! ##...##.
//! ##...##.
//! ........
//! ```
//!
//! * The header (`name`, `height`, `ascent`, `spacing`) comes before the
//!   first glyph, each key at most once; `height` and `ascent` are required,
//!   `name` defaults to the source name.
//! * On directive lines `#` starts a comment; blank lines and comment lines
//!   may stand between glyphs. Bitmap rows take no comments (a row may begin
//!   with `#`, which is ink there); leading and trailing spaces are ignored.
//! * The advance width includes the glyph's own gap on its right, so text
//!   is set by adding widths (plus `spacing`). Row `ascent - 1` is the last
//!   row above the baseline: capitals stand on it, descenders start at row
//!   `ascent`. (An Amiga font's `tf_Baseline` names that last row, so
//!   Topaz's baseline 6 is ascent 7 here.)
//! * A glyph may be 0 wide (its rows are then empty lines).
//!
//! Parsing never panics; a malformed file gives a [`FontError`] that names
//! the line at fault as `source:line: message`.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::OnceLock;

/// The widest glyph a font may have (rows are stored in a `u32`).
pub const MAX_WIDTH: u32 = 32;
/// The tallest cell a font may have.
pub const MAX_HEIGHT: u32 = 64;

/// One character's bitmap: `width` columns (its advance) by the font's
/// height in rows.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Glyph {
    pub width: u32,
    /// One entry per row; bit `width - 1 - x` is the pixel at column x.
    rows: Vec<u32>,
}

impl Glyph {
    /// The advance width in pixels, its right-side gap included.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// True if the pixel at column `x`, row `y` is ink; false outside the
    /// glyph.
    pub fn ink(&self, x: u32, y: u32) -> bool {
        if x >= self.width {
            return false;
        }
        let Some(row) = self.rows.get(y as usize) else { return false };
        row.checked_shr(self.width - 1 - x).is_some_and(|bits| bits & 1 == 1)
    }

    /// The number of rows (the font's height).
    pub fn height(&self) -> u32 {
        self.rows.len() as u32
    }
}

/// A parsed bitmap font.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Font {
    name: String,
    height: u32,
    ascent: u32,
    spacing: u32,
    glyphs: BTreeMap<char, Glyph>,
    /// Drawn for characters the font lacks.
    missing: Glyph,
}

/// A font file that cannot be read, with the line at fault (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FontError {
    pub source: String,
    pub line: usize,
    pub message: String,
}

impl fmt::Display for FontError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.source, self.line, self.message)
    }
}

impl std::error::Error for FontError {}

/// The header keys, remembered with the line that gave them.
#[derive(Default)]
struct Header {
    name: Option<(usize, String)>,
    height: Option<(usize, u32)>,
    ascent: Option<(usize, u32)>,
    spacing: Option<(usize, u32)>,
}

/// A whole decimal number of at most nine digits (no sign, no spaces).
fn decimal(s: &str) -> Option<u32> {
    if s.is_empty() || s.len() > 9 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// `U+` (either case) and one to six hex digits naming a scalar value.
fn code_point(s: &str) -> Option<char> {
    let hex = s.strip_prefix("U+").or_else(|| s.strip_prefix("u+"))?;
    if hex.is_empty() || hex.len() > 6 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u32::from_str_radix(hex, 16).ok().and_then(char::from_u32)
}

/// True for a line right after a glyph of `width` that can only be one
/// more bitmap row (rather than a comment).
fn looks_like_row(s: &str, width: u32) -> bool {
    !s.is_empty() && s.chars().all(|c| c == '#' || c == '.') && (s.contains('.') || s.chars().count() == width as usize)
}

impl Font {
    /// Reads a font from `text`; `source` names it in errors (and is the
    /// font's name if it has no `name` line). Never panics.
    pub fn parse(source: &str, text: &str) -> Result<Font, FontError> {
        let err = |line: usize, message: String| FontError { source: source.to_string(), line, message };
        let mut header = Header::default();
        let mut glyphs: BTreeMap<char, Glyph> = BTreeMap::new();
        let mut defined_on: BTreeMap<char, usize> = BTreeMap::new();
        // The line of the last row of the glyph just read, with its code.
        let mut after_glyph: Option<(usize, char)> = None;
        let mut last_line = 0;
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
        while let Some((n, raw)) = lines.next() {
            last_line = n;
            let follows_glyph = after_glyph.take().filter(|&(end, _)| end + 1 == n);
            if let Some((_, c)) = follows_glyph
                && looks_like_row(raw.trim(), glyphs.get(&c).map_or(0, |g| g.width))
            {
                let h = header.height.map_or(0, |(_, h)| h);
                return Err(err(n, format!("U+{:04X} has more than {h} rows", c as u32)));
            }
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let (key, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            let rest = rest.trim();
            match key {
                "name" | "height" | "ascent" | "spacing" => {
                    if !glyphs.is_empty() {
                        return Err(err(n, format!("`{key}` must come before the first glyph")));
                    }
                    let slot_line = match key {
                        "name" => header.name.as_ref().map(|s| s.0),
                        "height" => header.height.map(|s| s.0),
                        "ascent" => header.ascent.map(|s| s.0),
                        _ => header.spacing.map(|s| s.0),
                    };
                    if let Some(first) = slot_line {
                        return Err(err(n, format!("`{key}` is given twice (first on line {first})")));
                    }
                    if key == "name" {
                        if rest.is_empty() {
                            return Err(err(n, "`name` needs a value".into()));
                        }
                        header.name = Some((n, rest.to_string()));
                        continue;
                    }
                    let value =
                        decimal(rest).ok_or_else(|| err(n, format!("{key} must be a whole number, not `{rest}`")))?;
                    match key {
                        "height" => {
                            if value == 0 || value > MAX_HEIGHT {
                                return Err(err(n, format!("height {value} is not in 1..={MAX_HEIGHT}")));
                            }
                            header.height = Some((n, value));
                        }
                        "ascent" => header.ascent = Some((n, value)),
                        _ => {
                            if value > MAX_WIDTH {
                                return Err(err(n, format!("spacing {value} is more than {MAX_WIDTH}")));
                            }
                            header.spacing = Some((n, value));
                        }
                    }
                    if let (Some((_, h)), Some((_, a))) = (header.height, header.ascent)
                        && a > h
                    {
                        return Err(err(n, format!("ascent {a} is more than the height {h}")));
                    }
                }
                "glyph" => {
                    let Some((_, h)) = header.height else {
                        return Err(err(n, "`height` must come before the first glyph".into()));
                    };
                    if header.ascent.is_none() {
                        return Err(err(n, "`ascent` must come before the first glyph".into()));
                    }
                    let mut parts = rest.split_whitespace();
                    let (Some(code), Some(w)) = (parts.next(), parts.next()) else {
                        return Err(err(n, "a glyph needs a code point and a width, as in `glyph U+0041 8`".into()));
                    };
                    let c = code_point(code).ok_or_else(|| {
                        err(n, format!("`{code}` is not a code point written like U+0041 (hex, not a surrogate)"))
                    })?;
                    let width =
                        decimal(w).ok_or_else(|| err(n, format!("glyph width must be a whole number, not `{w}`")))?;
                    if width > MAX_WIDTH {
                        return Err(err(n, format!("glyph width {width} is more than {MAX_WIDTH}")));
                    }
                    if let Some(extra) = parts.next() {
                        return Err(err(n, format!("unexpected `{extra}` after the glyph width")));
                    }
                    if let Some(first) = defined_on.get(&c) {
                        return Err(err(n, format!("{code} is defined twice (first on line {first})")));
                    }
                    let mut rows = Vec::with_capacity(h as usize);
                    let mut end = n;
                    for r in 1..=h {
                        let Some((rn, raw_row)) = lines.next() else {
                            return Err(err(n, format!("{code} needs {h} rows but the file ends after {}", r - 1)));
                        };
                        last_line = rn;
                        end = rn;
                        let row = raw_row.trim();
                        if row.starts_with("glyph") || (row.is_empty() && width > 0) {
                            return Err(err(rn, format!("{code} needs {h} rows but has only {}", r - 1)));
                        }
                        let mut bits = 0u32;
                        let mut count = 0u32;
                        for (col, ch) in row.chars().enumerate() {
                            let bit = match ch {
                                '#' => 1,
                                '.' => 0,
                                other => {
                                    return Err(err(
                                        rn,
                                        format!(
                                            "{code} row {r}: `{other}` at column {} (use # for ink, . for clear)",
                                            col + 1
                                        ),
                                    ));
                                }
                            };
                            count += 1;
                            if count > width {
                                break;
                            }
                            bits = bits << 1 | bit;
                        }
                        if count != width {
                            let found = row.chars().count();
                            return Err(err(rn, format!("{code} row {r} is {found} pixels wide, not {width}")));
                        }
                        rows.push(bits);
                    }
                    defined_on.insert(c, n);
                    glyphs.insert(c, Glyph { width, rows });
                    after_glyph = Some((end, c));
                }
                other => return Err(err(n, format!("unknown directive `{other}`"))),
            }
        }
        let end = last_line.max(1);
        let Some((_, height)) = header.height else { return Err(err(end, "no `height` line".into())) };
        let Some((_, ascent)) = header.ascent else { return Err(err(end, "no `ascent` line".into())) };
        if glyphs.is_empty() {
            return Err(err(end, "the font has no glyphs".into()));
        }
        let missing = match glyphs.get(&char::REPLACEMENT_CHARACTER) {
            Some(g) => g.clone(),
            None => missing_glyph(&glyphs, height, ascent),
        };
        Ok(Font {
            name: header.name.map_or_else(|| source.to_string(), |(_, name)| name),
            height,
            ascent,
            spacing: header.spacing.map_or(0, |(_, s)| s),
            glyphs,
            missing,
        })
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// Rows per cell: the line height.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Rows above the baseline.
    pub fn ascent(&self) -> u32 {
        self.ascent
    }

    /// Rows below the baseline.
    pub fn descent(&self) -> u32 {
        self.height - self.ascent
    }

    /// Extra pixels after every glyph.
    pub fn spacing(&self) -> u32 {
        self.spacing
    }

    pub fn has_glyph(&self, c: char) -> bool {
        self.glyphs.contains_key(&c)
    }

    /// The glyph for `c`; for a character the font lacks, its U+FFFD glyph
    /// if it has one, else a hollow box the size of a capital.
    pub fn glyph(&self, c: char) -> &Glyph {
        self.glyphs.get(&c).unwrap_or(&self.missing)
    }

    /// The characters the font draws, in order.
    pub fn chars(&self) -> impl Iterator<Item = char> + '_ {
        self.glyphs.keys().copied()
    }

    /// The advance of `s` as drawn ([`shown`](Self::shown)) in pixels:
    /// every glyph's width plus `spacing` (saturating, never overflowing).
    pub fn text_width(&self, s: &str) -> u32 {
        self.width_as_shown(&self.shown(s))
    }

    /// The advance of text already [`shown`](Self::shown).
    pub(super) fn width_as_shown(&self, shown: &str) -> u32 {
        shown.chars().fold(0u32, |w, c| w.saturating_add(self.glyph(c).width).saturating_add(self.spacing))
    }

    /// `text` as the font can show it: a character it lacks becomes its
    /// plain equivalent where there is one (the typographic quotes, dashes
    /// and ellipsis a word processor writes, the rest of Windows-1252
    /// beyond Latin-1: the period fonts stop at U+00FF), else stays, to be
    /// drawn as the missing-glyph box.
    pub fn shown<'t>(&self, text: &'t str) -> Cow<'t, str> {
        if text.chars().all(|c| plain(c).is_none() || self.has_glyph(c)) {
            return Cow::Borrowed(text);
        }
        let mut out = String::with_capacity(text.len());
        for c in text.chars() {
            match plain(c).filter(|_| !self.has_glyph(c)) {
                Some(plain) => out.push_str(plain),
                None => out.push(c),
            }
        }
        Cow::Owned(out)
    }
}

/// The plain text standing for a typographic character, if one does.
fn plain(c: char) -> Option<&'static str> {
    Some(match c {
        '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}' | '\u{2032}' => "'",
        '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{201F}' | '\u{2033}' => "\"",
        '\u{2010}'..='\u{2015}' | '\u{2212}' => "-",
        '\u{2026}' => "...",
        '\u{00A0}' | '\u{2002}'..='\u{200A}' => " ",
        '\u{2039}' => "<",
        '\u{203A}' => ">",
        '\u{2020}' | '\u{2021}' => "+",
        '\u{2030}' => "%",
        '\u{20AC}' => "EUR",
        '\u{2122}' => "TM",
        '\u{02C6}' => "^",
        '\u{02DC}' => "~",
        '\u{0192}' => "f",
        '\u{0152}' => "OE",
        '\u{0153}' => "oe",
        '\u{0160}' => "S",
        '\u{0161}' => "s",
        '\u{017D}' => "Z",
        '\u{017E}' => "z",
        '\u{0178}' => "Y",
        _ => return None,
    })
}

/// A hollow box from the top of the capital H (or three quarters of the
/// ascent) down to the baseline; in a fixed-width font it keeps the common
/// advance, otherwise it gets a one-pixel gap after it.
fn missing_glyph(glyphs: &BTreeMap<char, Glyph>, height: u32, ascent: u32) -> Glyph {
    let bottom = if ascent > 0 { ascent - 1 } else { height - 1 };
    let top = glyphs
        .get(&'H')
        .and_then(|g| g.rows.iter().position(|&r| r != 0))
        .map_or(bottom.saturating_sub(ascent * 3 / 4), |t| t as u32)
        .min(bottom);
    let mut first_width = glyphs.values().map(|g| g.width);
    let fixed = first_width.next().filter(|&w| first_width.all(|o| o == w));
    let mut ink = ((bottom - top + 1) * 2 / 3).clamp(3, MAX_WIDTH - 1);
    let width = match fixed {
        Some(w) if w >= 4 => {
            ink = ink.min(w - 1);
            w
        }
        _ => ink + 1,
    };
    // Ink in columns 0..ink of `width`, as bits from the most significant.
    let col = |x: u32| 1u32 << (width - 1 - x);
    let full = (0..ink).fold(0, |bits, x| bits | col(x));
    let sides = col(0) | col(ink - 1);
    let rows = (0..height)
        .map(|y| match y {
            y if y == top || y == bottom => full,
            y if y > top && y < bottom => sides,
            _ => 0,
        })
        .collect();
    Glyph { width, rows }
}

/// The built-in font at `path` (relative to roms-like-assets/, so an
/// `--assets` folder may replace it), parsed once. A replacement that
/// fails to parse is reported on stderr and the embedded font is used.
fn builtin(cell: &'static OnceLock<Font>, path: &str, embedded: &'static str) -> &'static Font {
    cell.get_or_init(|| {
        if let Some(bytes) = crate::assets::read(path) {
            match Font::parse(path, &String::from_utf8_lossy(&bytes)) {
                Ok(font) => return font,
                Err(e) => tell!("parlour: {e}; using the built-in font"),
            }
        }
        Font::parse(path, embedded).unwrap_or_else(|e| panic!("built-in font: {e}"))
    })
}

/// Topaz-style 8: fixed 8 x 8 cells, ascent 7 (Amiga).
pub fn topaz8() -> &'static Font {
    static F: OnceLock<Font> = OnceLock::new();
    builtin(&F, "fonts/topaz8.font", include_str!("../../roms-like-assets/fonts/topaz8.font"))
}

/// Chicago-style 12: bold, line height 15, ascent 12 (Mac menus and titles).
pub fn chicago12() -> &'static Font {
    static F: OnceLock<Font> = OnceLock::new();
    builtin(&F, "fonts/chicago12.font", include_str!("../../roms-like-assets/fonts/chicago12.font"))
}

/// Geneva-style 9: line height 12, ascent 10 (Mac small text).
pub fn geneva9() -> &'static Font {
    static F: OnceLock<Font> = OnceLock::new();
    builtin(&F, "fonts/geneva9.font", include_str!("../../roms-like-assets/fonts/geneva9.font"))
}

/// Windows-style sans 8: line height 13, ascent 11 (MS Sans Serif 8 style).
pub fn winsans8() -> &'static Font {
    static F: OnceLock<Font> = OnceLock::new();
    builtin(&F, "fonts/winsans8.font", include_str!("../../roms-like-assets/fonts/winsans8.font"))
}

/// Where the longest start of `text` no wider than `width` ends (a byte
/// index): the whole text's length if it fits, and one character at least.
/// Widths grow with the text, so the start is found by doubling, then
/// halving, its length: the cost follows the part that fits, however long
/// the text (a word of 100,000 letters broken over a page's lines).
pub fn fitting_prefix(measure: &dyn Fn(&str) -> i32, text: &str, width: i32) -> usize {
    let end_of = |chars: usize| text.char_indices().nth(chars).map_or(text.len(), |(i, _)| i);
    // `fits` characters are known to fit (or to be the one kept anyway),
    // `wide` too many.
    let (mut fits, mut step) = (1, 1);
    let mut wide = loop {
        let end = end_of(fits + step);
        if measure(&text[..end]) > width {
            break fits + step;
        }
        if end == text.len() {
            return end;
        }
        fits += step;
        step *= 2;
    };
    while wide - fits > 1 {
        let middle = (fits + wide) / 2;
        if measure(&text[..end_of(middle)]) > width {
            wide = middle;
        } else {
            fits = middle;
        }
    }
    end_of(fits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The longest start that fits, found one character at a time.
    fn fitting_by_scanning(measure: &dyn Fn(&str) -> i32, text: &str, width: i32) -> usize {
        let mut fits = text.chars().next().map_or(0, char::len_utf8);
        for (i, c) in text.char_indices().skip(1) {
            if measure(&text[..i + c.len_utf8()]) > width {
                break;
            }
            fits = i + c.len_utf8();
        }
        fits
    }

    #[test]
    fn the_start_that_fits_is_the_one_a_scan_finds() {
        let font = chicago12();
        let measure = |t: &str| font.text_width(t) as i32;
        for text in ["", "W", "Wide", "a fairly long sentence of words", "Grüße, Œuvre «ça»", "iiiiiiiiiiiiiiWWWW"]
        {
            for width in [-1, 0, 3, 7, 12, 40, 90, 500] {
                let found = fitting_prefix(&measure, text, width);
                assert_eq!(found, fitting_by_scanning(&measure, text, width), "{text:?} in {width}");
                assert!(text.is_char_boundary(found));
            }
        }
    }

    /// A word of 100,000 letters is measured in proportion to the part
    /// that fits: a few hundred letters, not the whole word once per
    /// letter (a long link's label took seconds to set).
    #[test]
    fn a_long_word_is_measured_as_far_as_it_fits() {
        let measured = std::cell::Cell::new(0usize);
        let measure = |t: &str| {
            measured.set(measured.get() + t.len());
            t.len() as i32 * 6
        };
        let word = "x".repeat(100_000);
        assert_eq!(fitting_prefix(&measure, &word, 600), 100);
        assert!(measured.get() < 2_000, "{} letters measured", measured.get());
    }

    fn all() -> [&'static Font; 4] {
        [topaz8(), chicago12(), geneva9(), winsans8()]
    }

    fn required() -> impl Iterator<Item = char> {
        (0x20u8..=0x7E).chain(0xA0..=0xFF).map(char::from).chain(['♠', '♥', '♦', '♣'])
    }

    /// The lowest and highest ink rows of a glyph.
    fn ink_rows(g: &Glyph) -> Option<(u32, u32)> {
        let rows: Vec<u32> = (0..g.height()).filter(|&y| g.rows[y as usize] != 0).collect();
        Some((*rows.first()?, *rows.last()?))
    }

    #[test]
    fn built_in_fonts_cover_ascii_latin1_and_the_suits() {
        for f in all() {
            for c in required() {
                assert!(f.has_glyph(c), "{} lacks U+{:04X}", f.name(), c as u32);
            }
        }
    }

    #[test]
    fn built_in_metrics_are_as_documented() {
        let metrics: Vec<(u32, u32)> = all().iter().map(|f| (f.height(), f.ascent())).collect();
        assert_eq!(metrics, [(8, 7), (15, 12), (12, 10), (13, 11)]);
        assert!(topaz8().chars().all(|c| topaz8().glyph(c).width() == 8), "Topaz is fixed-width");
        for f in all() {
            assert_eq!(f.spacing(), 0);
            // Capitals stand on the last row above the baseline; descenders
            // go below it.
            assert_eq!(ink_rows(f.glyph('H')).unwrap().1, f.ascent() - 1, "{}", f.name());
            assert_eq!(ink_rows(f.glyph('x')).unwrap().1, f.ascent() - 1, "{}", f.name());
            for c in ['g', 'p', 'q', 'y', 'j'] {
                assert!(ink_rows(f.glyph(c)).unwrap().1 >= f.ascent(), "{}: {c} has no descender", f.name());
            }
        }
    }

    #[test]
    fn every_glyph_fits_its_cell() {
        for f in all() {
            for c in f.chars() {
                let g = f.glyph(c);
                assert_eq!(g.height(), f.height());
                assert!(g.width() <= MAX_WIDTH);
                for &row in &g.rows {
                    assert_eq!(row.checked_shr(g.width).unwrap_or(0), 0, "{}: U+{:04X}", f.name(), c as u32);
                }
            }
        }
    }

    #[test]
    fn visible_characters_have_ink_and_spaces_do_not() {
        for f in all() {
            for c in required() {
                let blank = ink_rows(f.glyph(c)).is_none();
                assert_eq!(blank, c == ' ' || c == '\u{A0}', "{}: U+{:04X}", f.name(), c as u32);
            }
        }
    }

    #[test]
    fn windows_punctuation_is_shown_plain_where_the_font_lacks_it() {
        // What Notepad or Word puts in a game's Name (Windows-1252).
        let name = "Queen\u{2019}s \u{201C}Rest\u{201D} \u{2026} \u{20AC}5 \u{2014} C\u{153}ur";
        for f in all() {
            let shown = f.shown(name);
            assert!(shown.chars().all(|c| f.has_glyph(c)), "{}: {shown}", f.name());
            assert_eq!(f.text_width(name), f.text_width(&shown), "{}", f.name());
        }
        assert_eq!(topaz8().shown(name), "Queen's \"Rest\" ... EUR5 - Coeur");
        // Text the font can draw whole is left as it is.
        assert!(matches!(topaz8().shown("Caf\u{e9}"), Cow::Borrowed("Caf\u{e9}")));
    }

    #[test]
    fn letters_and_digits_are_all_different() {
        for f in all() {
            let chars: Vec<char> = ('A'..='Z').chain('a'..='z').chain('0'..='9').collect();
            for (i, a) in chars.iter().enumerate() {
                for b in &chars[i + 1..] {
                    assert_ne!(f.glyph(*a), f.glyph(*b), "{}: {a} and {b} are drawn the same", f.name());
                }
            }
        }
    }

    #[test]
    fn latin1_letters_differ_from_each_other_and_from_ascii() {
        for f in all() {
            let letters: Vec<char> = ('A'..='Z')
                .chain('a'..='z')
                .chain((0xC0u8..=0xFF).map(char::from).filter(|c| c.is_alphabetic()))
                .collect();
            for (i, a) in letters.iter().enumerate() {
                for b in &letters[i + 1..] {
                    assert_ne!(f.glyph(*a), f.glyph(*b), "{}: {a} and {b} are drawn the same", f.name());
                }
            }
        }
    }

    #[test]
    fn digits_share_one_advance() {
        for f in all() {
            let w = f.glyph('0').width();
            assert!(('1'..='9').all(|d| f.glyph(d).width() == w), "{}: digits are not tabular", f.name());
        }
    }

    #[test]
    fn parses_a_small_font() {
        let text = "# test\r\nname Tiny 3   # comment\nheight 3\nascent 2\nspacing 1\n\n\
                    glyph U+0041 3\n.#.\n#.#\n...\n# between\nglyph u+e9 2\n  ##  \n#.\n..\nglyph U+0020 0\n\n\n\n";
        let f = Font::parse("tiny.font", text).unwrap();
        assert_eq!((f.name(), f.height(), f.ascent(), f.descent(), f.spacing()), ("Tiny 3", 3, 2, 1, 1));
        let a = f.glyph('A');
        assert_eq!(a.width(), 3);
        assert!(a.ink(1, 0) && a.ink(0, 1) && a.ink(2, 1));
        assert!(!a.ink(0, 0) && !a.ink(1, 1) && !a.ink(3, 0) && !a.ink(0, 3) && !a.ink(u32::MAX, u32::MAX));
        assert!(f.glyph('é').ink(0, 0) && f.glyph('é').ink(1, 0));
        assert_eq!(f.glyph(' ').width(), 0);
        assert_eq!(f.chars().collect::<String>(), " Aé");
        // advances 3, 2, 3 and 0, plus one pixel of spacing after each
        assert_eq!(f.text_width("AéA "), 12);
        assert_eq!(Font::parse("x", "height 1\nascent 1\nglyph U+41 1\n#").unwrap().name(), "x");
    }

    #[test]
    fn missing_characters_draw_a_box() {
        for f in all() {
            assert!(!f.has_glyph('\u{263A}'));
            let g = f.glyph('\u{263A}');
            assert!(g.width() > 0);
            let (top, bottom) = ink_rows(g).unwrap();
            assert_eq!((top, bottom), ink_rows(f.glyph('H')).unwrap(), "{}", f.name());
            assert_eq!(f.text_width("\u{263A}"), g.width());
        }
        assert_eq!(topaz8().glyph('\u{263A}').width(), 8);
        let with_fffd = "height 1\nascent 1\nglyph U+FFFD 2\n##\n";
        assert_eq!(Font::parse("r", with_fffd).unwrap().glyph('Z').width(), 2);
    }

    #[test]
    fn text_width_adds_advances() {
        let f = chicago12();
        let sum: u32 = "Menu Bar".chars().map(|c| f.glyph(c).width()).sum();
        assert_eq!(f.text_width("Menu Bar"), sum);
        assert_eq!(f.text_width(""), 0);
        assert_eq!(topaz8().text_width("Workbench"), 9 * 8);
    }

    #[test]
    fn errors_name_the_line() {
        let h = "name T\nheight 2\nascent 1\n";
        let cases = [
            // wrong row length
            (format!("{h}glyph U+0041 2\n##\n#\n"), 6, "1 pixels wide, not 2"),
            (format!("{h}glyph U+0041 2\n##\n###\n"), 6, "3 pixels wide"),
            // bad width
            (format!("{h}glyph U+0041 x\n##\n##\n"), 4, "whole number"),
            (format!("{h}glyph U+0041 33\n"), 4, "more than 32"),
            (format!("{h}glyph U+0041 -1\n"), 4, "whole number"),
            (format!("{h}glyph U+0041\n"), 4, "code point and a width"),
            (format!("{h}glyph U+0041 1 2\n#\n#\n"), 4, "unexpected `2`"),
            // not a hex code point
            (format!("{h}glyph 0041 1\n#\n#\n"), 4, "U+0041"),
            (format!("{h}glyph U+00G1 1\n#\n#\n"), 4, "not a code point"),
            (format!("{h}glyph U++41 1\n#\n#\n"), 4, "not a code point"),
            (format!("{h}glyph U+D800 1\n#\n#\n"), 4, "surrogate"),
            (format!("{h}glyph U+110000 1\n#\n#\n"), 4, "not a code point"),
            // unknown character in a row
            (format!("{h}glyph U+0041 2\n#.\n#@\n"), 6, "`@` at column 2"),
            (format!("{h}glyph U+0041 2\n#.\nX\n"), 6, "`X` at column 1"),
            // missing rows
            (format!("{h}glyph U+0041 1\n#\n"), 4, "file ends after 1"),
            (format!("{h}glyph U+0041 1\n#\nglyph U+0042 1\n#\n#\n"), 6, "has only 1"),
            (format!("{h}glyph U+0041 1\n#\n\n#\n"), 6, "has only 1"),
            // too many rows
            (format!("{h}glyph U+0041 1\n#\n.\n#.\n"), 7, "more than 2 rows"),
            // duplicate glyph
            (format!("{h}glyph U+0041 1\n#\n.\n\nglyph U+41 1\n#\n.\n"), 8, "twice (first on line 4)"),
            // header problems
            ("glyph U+0041 1\n#\n".to_string(), 1, "`height` must come before"),
            ("height 1\nglyph U+0041 1\n#\n".to_string(), 2, "`ascent` must come before"),
            ("height 2\nascent 3\n".to_string(), 2, "ascent 3 is more than the height 2"),
            ("height 0\n".to_string(), 1, "not in 1..=64"),
            ("height 65\n".to_string(), 1, "not in 1..=64"),
            ("height 8\nheight 8\n".to_string(), 2, "twice (first on line 1)"),
            ("height eight\n".to_string(), 1, "whole number"),
            ("spacing 99\n".to_string(), 1, "more than 32"),
            ("name\n".to_string(), 1, "needs a value"),
            (format!("{h}glyph U+0041 1\n#\n.\nascent 1\n"), 7, "before the first glyph"),
            ("wibble 3\n".to_string(), 1, "unknown directive `wibble`"),
            (format!("{h}\n\n"), 5, "no glyphs"),
            ("height 2\n# no ascent\n".to_string(), 2, "no `ascent`"),
            (String::new(), 1, "no `height`"),
        ];
        for (text, line, words) in cases {
            let e = Font::parse("t.font", &text).unwrap_err();
            assert_eq!(e.line, line, "{text:?}: {e}");
            assert!(e.to_string().contains(words), "{text:?}: {e}");
            assert!(e.to_string().starts_with(&format!("t.font:{line}: ")), "{e}");
        }
    }

    #[test]
    fn built_in_sources_survive_damage_without_panicking() {
        let source = include_str!("../../roms-like-assets/fonts/geneva9.font");
        let bytes = source.as_bytes();
        let mut seed = 0x1234_5678u32;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed
        };
        for _ in 0..300 {
            let mut damaged = bytes.to_vec();
            for _ in 0..1 + next() % 4 {
                let at = next() as usize % damaged.len();
                match next() % 3 {
                    0 => {
                        damaged.remove(at);
                    }
                    1 => damaged.insert(at, b"#.\n 9Ux+"[next() as usize % 8]),
                    _ => damaged[at] = b"#.\n 9Ux+"[next() as usize % 8],
                }
            }
            let text = String::from_utf8_lossy(&damaged);
            match Font::parse("damaged", &text) {
                Ok(f) => {
                    assert!(f.ascent() <= f.height() && f.height() <= MAX_HEIGHT);
                    let w: u32 = f.shown(&text).chars().map(|c| f.glyph(c).width()).sum();
                    assert_eq!(f.text_width(&text), w);
                }
                Err(e) => assert!(crate::core::is_line_of(e.line, text.as_bytes()), "{e}"),
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn arbitrary_text_is_read_or_refused_by_line(text in "\\PC*") {
            match Font::parse("fuzz", &text) {
                Ok(f) => prop_assert!(f.ascent() <= f.height() && f.height() <= MAX_HEIGHT),
                Err(e) => prop_assert!(crate::core::is_line_of(e.line, text.as_bytes()) && !e.message.is_empty(), "{}", e),
            }
        }

        #[test]
        fn font_like_text_never_panics(
            parts in prop::collection::vec(
                prop::sample::select(vec![
                    "name x", "height ", "ascent ", "spacing ", "glyph ", "U+", "u+", "0041", "FFFD", "D800",
                    "110000", "0", "1", "2", "3", "8", "32", "33", "4294967296", "#", ".", "##", "..", "#.#", " ",
                    "\n", "\r\n", "\t", "é", "-", "+",
                ]),
                0..80,
            )
        ) {
            let text: String = parts.concat();
            if let Ok(f) = Font::parse("fuzz", &text) {
                prop_assert!(f.ascent() <= f.height() && f.height() <= MAX_HEIGHT);
                let _ = f.text_width(&text);
                for c in f.chars() {
                    let g = f.glyph(c);
                    for y in 0..=f.height() {
                        for x in 0..=g.width() {
                            let _ = g.ink(x, y);
                        }
                    }
                }
            }
        }

        #[test]
        fn any_string_measures_consistently(s in "\\PC{0,40}") {
            for f in all() {
                let w: u32 = f.shown(&s).chars().map(|c| f.glyph(c).width()).sum();
                prop_assert_eq!(f.text_width(&s), w);
            }
        }
    }
}
