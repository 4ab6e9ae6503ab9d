//! Bitmap fonts in Parlour's plain-text `.font` format, and the four
//! built-in fonts (our own glyphs in the spirit of Topaz, Chicago, Geneva
//! and MS Sans Serif).
//!
//! Format (one directive per line, `#` starts a comment):
//!
//! ```text
//! name Topaz-style 8
//! height 8          rows per glyph cell (the line height)
//! ascent 6          rows from the top of the cell to the baseline
//! spacing 0         extra pixels after every glyph (optional, default 0)
//! glyph U+0041 8    code point (hex) and advance width; `height` rows follow,
//! ..##....          each exactly `width` characters of `#` (ink) or `.`
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::sync::OnceLock;

/// One character's bitmap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Glyph {
    width: u32,
    /// One entry per row; bit `width - 1 - x` is the pixel at column x.
    rows: Vec<u32>,
}

impl Glyph {
    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn ink(&self, x: u32, y: u32) -> bool {
        x < self.width && self.rows.get(y as usize).is_some_and(|r| r >> (self.width - 1 - x) & 1 == 1)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Font {
    name: String,
    height: u32,
    ascent: u32,
    spacing: u32,
    glyphs: BTreeMap<char, Glyph>,
    /// Drawn for characters the font lacks: a box the size of a capital.
    missing: Glyph,
}

/// A font file that cannot be read, with the line at fault.
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

/// The widest glyph a font may have (rows are stored in a u32).
const MAX_WIDTH: u32 = 32;

impl Font {
    /// Reads a font; `source` names it in errors. Never panics.
    pub fn parse(source: &str, text: &str) -> Result<Font, FontError> {
        let err = |line: usize, message: String| FontError { source: source.to_string(), line, message };
        let mut name = None;
        let (mut height, mut ascent, mut spacing) = (None, None, 0u32);
        let mut glyphs = BTreeMap::new();
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
        let number = |n: usize, v: &str, what: &str| -> Result<u32, FontError> {
            v.trim().parse::<u32>().map_err(|_| err(n, format!("{what} must be a whole number, not `{}`", v.trim())))
        };
        while let Some((n, raw)) = lines.next() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let (key, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            match key {
                "name" => name = Some(rest.trim().to_string()),
                "height" => height = Some(number(n, rest, "height")?),
                "ascent" => ascent = Some(number(n, rest, "ascent")?),
                "spacing" => spacing = number(n, rest, "spacing")?,
                "glyph" => {
                    let h = height.ok_or_else(|| err(n, "`height` must come before the first glyph".into()))?;
                    let mut parts = rest.split_whitespace();
                    let code = parts.next().ok_or_else(|| err(n, "glyph needs a code point and a width".into()))?;
                    let hex = code
                        .strip_prefix("U+")
                        .ok_or_else(|| err(n, format!("code point `{code}` must look like U+0041")))?;
                    let c = u32::from_str_radix(hex, 16)
                        .ok()
                        .and_then(char::from_u32)
                        .ok_or_else(|| err(n, format!("`{code}` is not a valid code point")))?;
                    let width = number(n, parts.next().unwrap_or(""), "glyph width")?;
                    if width > MAX_WIDTH {
                        return Err(err(n, format!("glyph width {width} is more than {MAX_WIDTH}")));
                    }
                    if glyphs.contains_key(&c) {
                        return Err(err(n, format!("{code} is defined twice")));
                    }
                    let mut rows = Vec::with_capacity(h as usize);
                    for _ in 0..h {
                        let (rn, row) = lines.next().ok_or_else(|| err(n, format!("{code} needs {h} rows")))?;
                        let row = row.trim();
                        if row.chars().count() != width as usize {
                            return Err(err(
                                rn,
                                format!("{code}: row is {} pixels wide, not {width}", row.chars().count()),
                            ));
                        }
                        let mut bits = 0u32;
                        for ch in row.chars() {
                            bits = bits << 1
                                | match ch {
                                    '#' => 1,
                                    '.' => 0,
                                    other => return Err(err(rn, format!("{code}: `{other}` in a row (use # and .)"))),
                                };
                        }
                        rows.push(bits);
                    }
                    glyphs.insert(c, Glyph { width, rows });
                }
                other => return Err(err(n, format!("unknown directive `{other}`"))),
            }
        }
        let height = height.ok_or_else(|| err(1, "no `height` line".into()))?;
        let ascent = ascent.ok_or_else(|| err(1, "no `ascent` line".into()))?;
        if ascent > height || height == 0 || height > 64 {
            return Err(err(
                1,
                format!("ascent {ascent} and height {height} do not fit (height 1..64, ascent <= height)"),
            ));
        }
        let missing = missing_glyph(height, ascent);
        Ok(Font { name: name.unwrap_or_else(|| source.to_string()), height, ascent, spacing, glyphs, missing })
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    pub fn ascent(&self) -> u32 {
        self.ascent
    }

    pub fn spacing(&self) -> u32 {
        self.spacing
    }

    pub fn has_glyph(&self, c: char) -> bool {
        self.glyphs.contains_key(&c)
    }

    /// The glyph for `c`, or an empty box if the font lacks it.
    pub fn glyph(&self, c: char) -> &Glyph {
        self.glyphs.get(&c).unwrap_or(&self.missing)
    }

    /// The advance of `s` in pixels.
    pub fn text_width(&self, s: &str) -> u32 {
        s.chars().map(|c| self.glyph(c).width + self.spacing).sum()
    }
}

/// A hollow box from the cap height to the baseline, one column narrower
/// than it is tall, with a blank column after it.
fn missing_glyph(height: u32, ascent: u32) -> Glyph {
    let top = height.min(ascent).saturating_sub(ascent * 3 / 4);
    let w = (ascent * 3 / 4).clamp(3, MAX_WIDTH - 1) + 1;
    let full = ((1u32 << (w - 1)) - 1) << 1;
    let sides = (1 << (w - 1)) | 2;
    let rows = (0..height)
        .map(|y| match y {
            y if y == top || y + 1 == ascent => full,
            y if y > top && y + 1 < ascent => sides,
            _ => 0,
        })
        .collect();
    Glyph { width: w, rows }
}

fn builtin(cell: &'static OnceLock<Font>, path: &str) -> &'static Font {
    cell.get_or_init(|| {
        let bytes = crate::assets::read(path).unwrap_or_else(|| panic!("built-in font {path} is missing"));
        let text = String::from_utf8_lossy(&bytes);
        Font::parse(path, &text).unwrap_or_else(|e| panic!("built-in font: {e}"))
    })
}

/// Topaz-style 8 x 8 (Amiga).
pub fn topaz8() -> &'static Font {
    static F: OnceLock<Font> = OnceLock::new();
    builtin(&F, "fonts/topaz8.font")
}

/// Chicago-style 12 (Mac menus and titles).
pub fn chicago12() -> &'static Font {
    static F: OnceLock<Font> = OnceLock::new();
    builtin(&F, "fonts/chicago12.font")
}

/// Geneva-style 9 (Mac small text).
pub fn geneva9() -> &'static Font {
    static F: OnceLock<Font> = OnceLock::new();
    builtin(&F, "fonts/geneva9.font")
}

/// Windows-era sans (MS Sans Serif 8 style).
pub fn winsans8() -> &'static Font {
    static F: OnceLock<Font> = OnceLock::new();
    builtin(&F, "fonts/winsans8.font")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all() -> [&'static Font; 4] {
        [topaz8(), chicago12(), geneva9(), winsans8()]
    }

    #[test]
    fn built_in_fonts_cover_ascii_and_latin1() {
        for f in all() {
            for c in (0x20u8..=0x7E).chain(0xA0..=0xFF).map(char::from) {
                assert!(f.has_glyph(c), "{} lacks U+{:04X}", f.name(), c as u32);
            }
        }
    }

    #[test]
    fn built_in_metrics_are_as_documented() {
        assert_eq!((topaz8().height(), topaz8().glyph('M').width()), (8, 8));
        assert_eq!((chicago12().height(), chicago12().ascent()), (15, 12));
        assert_eq!(winsans8().height(), 13);
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
    fn errors_name_the_line() {
        let cases = [
            ("height 2\nascent 1\nglyph U+0041 2\n##\n#\n", 5, "not 2"),
            ("height 1\nascent 1\nglyph U+0041 x\n#\n", 3, "whole number"),
            ("height 1\nascent 1\nglyph 0041 1\n#\n", 3, "U+0041"),
            ("height 1\nascent 1\nglyph U+0041 1\n@\n", 4, "`@`"),
            ("height 1\nascent 1\nglyph U+0041 1\n#\nglyph U+0041 1\n#\n", 5, "twice"),
            ("height 2\nascent 1\nglyph U+0041 1\n#\n", 3, "needs 2 rows"),
            ("height 1\nascent 1\nglyph U+D800 1\n#\n", 3, "not a valid"),
            ("glyph U+0041 1\n#\n", 1, "height"),
            ("wibble\n", 1, "unknown directive"),
        ];
        for (text, line, words) in cases {
            let e = Font::parse("t.font", text).unwrap_err();
            assert_eq!(e.line, line, "{text:?}: {e}");
            assert!(e.to_string().contains(words), "{text:?}: {e}");
            assert!(e.to_string().starts_with(&format!("t.font:{line}:")));
        }
    }

    #[test]
    fn arbitrary_text_never_panics() {
        let mut seed = 12345u32;
        for _ in 0..2000 {
            let len = (seed % 60) as usize;
            let s: String = (0..len)
                .map(|_| {
                    seed = seed.wrapping_mul(1103515245).wrapping_add(12345);
                    b"height ascent glyph U+0041 12 #.\n\n9 x"[(seed >> 16) as usize % 37] as char
                })
                .collect();
            let _ = Font::parse("fuzz", &s);
        }
    }

    #[test]
    fn missing_characters_draw_a_box() {
        let f = topaz8();
        assert!(!f.has_glyph('\u{263A}'));
        assert!(f.glyph('\u{263A}').width() > 0);
    }
}
