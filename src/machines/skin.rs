//! YaZZle-style skins: a folder `roms-like-assets/skins/<id>/` holding a
//! `main.ini` and the images it names (.png preferred, .bmp accepted). The
//! skin paints the whole 698 x 523 window except the Windows-style menu bar
//! the chrome keeps along the top (rows 0..18; see `yazzle.rs`).
//!
//! # main.ini
//!
//! An INI file in UTF-8 (a byte-order mark is allowed). Section and key
//! names are case-insensitive; `Colour` may also be spelt `Color`. Lines
//! starting with `;` or `#` are comments. Every section and key below is
//! checked: an unknown one, a repeated one or a bad value is an error that
//! names the file and line, e.g. `skins/plastique/main.ini:12: ...`.
//!
//! ```ini
//! [General]
//! Name=Plastique              ; required: shown in the skin menu
//! Author=Parlour              ; optional
//! Description=Glossy plastic  ; optional
//!
//! [Background]                ; Image and/or Colour (at least one)
//! Image=background.png        ; exactly 698 x 523; its top 19 rows lie
//!                             ; under the menu bar
//! Colour=#5A6E8C              ; drawn first (behind a translucent image)
//!
//! [PlayingArea]               ; required: where the game view draws
//! X=12
//! Y=66
//! W=674
//! H=408
//!
//! [Felt]                      ; optional: the playing area's cloth
//! Colour=#1E7A3C              ; also becomes the Felt pen views paint with
//! Image=felt.png              ; optional, tiled from the area's corner
//!
//! [Button1]                   ; [Button1] .. [Button99], any numbers, in order
//! Command=new                 ; an application command (see Command::parse), or
//!                             ; a parameterised one such as skin:plastique
//! Label=New Game              ; drawn centred in Windows-era sans
//! X=8
//! Y=26
//! W=86
//! H=30                        ; W and H may be left out when Image is given
//! Image=button.png            ; optional normal face (else a Windows button)
//! Pressed=button_down.png     ; optional face while held
//! TextColour=#000000          ; optional label colour (default: Text pen)
//! TextShadow=#FFFFFF          ; optional 1-pixel label shadow, down-right
//! Bold=1                      ; optional
//!
//! [TextField1]                ; [TextField1] .. [TextField99]
//! Field=score                 ; score, time, moves (any name the game shows
//!                             ; in its fields), message or title
//! Label=Score:                ; optional text drawn before the value
//! X=20
//! Y=488
//! W=110
//! H=22
//! Colour=#FFFFFF              ; optional (default: Text pen)
//! Shadow=#203040              ; optional 1-pixel shadow, down-right
//! Align=left                  ; left, center (centre) or right
//! Bold=0
//!
//! [Pens]                      ; optional overrides of Parlour's pens:
//! Text=#000000                ; Desktop, Background, Text, Shine, Shadow,
//! Fill=#000080                ; Fill, FillText, Highlight, Disabled, Felt,
//!                             ; CardFace, Red. Background/Text/Shine/Shadow/
//!                             ; Fill/FillText/Disabled also colour the menu
//!                             ; bar, menus and message boxes.
//! ```
//!
//! Colours are `#RRGGBB` or `R,G,B` (0..255 each). Coordinates are window
//! pixels. The playing area, buttons and text fields must lie inside the
//! window below the menu bar; buttons and text fields may not overlap the
//! playing area, and buttons may not overlap each other.
//!
//! Image names are relative to the skin's own folder (`/` or `\` between
//! subfolders): absolute paths, drive letters and `..` are refused, so a
//! skin can only ever read its own files.

use std::fmt;

use crate::assets;
use crate::gfx::image_io::{RgbaImage, decode_bmp, decode_png};
use crate::gfx::{Rect, Rgb};

use super::menu::Command;
use super::pens::Pen;

pub const WINDOW_WIDTH: i32 = 698;
pub const WINDOW_HEIGHT: i32 = 523;
/// Rows at the top of the window taken by the chrome's menu bar.
pub const MENU_BAR_HEIGHT: i32 = 19;
pub const DEFAULT_SKIN: &str = "plastique";

/// A skin that could not be loaded: which file, which line if one applies,
/// and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SkinError {
    pub file: String,
    pub line: Option<usize>,
    pub message: String,
}

impl fmt::Display for SkinError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = assets::shown_path(&self.file);
        match self.line {
            Some(line) => write!(f, "{file}:{line}: {}", self.message),
            None => write!(f, "{file}: {}", self.message),
        }
    }
}

impl std::error::Error for SkinError {}

/// Name, author and description of a skin, for menus and `--list`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SkinInfo {
    pub id: String,
    pub name: String,
    pub author: String,
    pub description: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
}

/// What a text field shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldKind {
    Title,
    Message,
    /// One of the frame's named figures ("score", "time", "moves"...),
    /// matched case-insensitively.
    Named(String),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SkinButton {
    pub command: Command,
    pub label: String,
    pub rect: Rect,
    pub image: Option<RgbaImage>,
    pub pressed: Option<RgbaImage>,
    pub text_colour: Option<Rgb>,
    pub text_shadow: Option<Rgb>,
    pub bold: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextField {
    pub field: FieldKind,
    pub label: String,
    pub rect: Rect,
    pub colour: Option<Rgb>,
    pub shadow: Option<Rgb>,
    pub align: Align,
    pub bold: bool,
}

/// A loaded, checked skin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skin {
    pub id: String,
    pub name: String,
    pub author: String,
    pub description: String,
    pub background_colour: Rgb,
    pub background: Option<RgbaImage>,
    pub playing_area: Rect,
    pub felt_colour: Option<Rgb>,
    pub felt_image: Option<RgbaImage>,
    pub buttons: Vec<SkinButton>,
    pub fields: Vec<TextField>,
    pens: Vec<(Pen, Rgb)>,
}

/// Reads a file by its asset path (`skins/<id>/...`).
pub type Reader<'a> = &'a dyn Fn(&str) -> Option<Vec<u8>>;

fn read_asset(path: &str) -> Option<Vec<u8>> {
    assets::read(path).map(|b| b.into_owned())
}

/// The skin folders available (embedded and from the asset override
/// folder), sorted: those whose names can be skin ids (a folder named
/// `My Skin` could be listed but never chosen).
pub fn ids() -> Vec<String> {
    assets::subfolders("skins").into_iter().filter(|id| is_skin_id(id)).collect()
}

/// Whether `id` can name a skin: a plain folder name of ASCII letters,
/// digits, `-`, `_` and `.`, as `skin:ID` buttons and `--skin` write it.
fn is_skin_id(id: &str) -> bool {
    !id.is_empty() && id.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c)) && id != "." && id != ".."
}

/// Finds a skin folder by id, ignoring case (`plastiqueV2` finds
/// `plastiquev2`); the error lists the skins there are.
pub fn resolve(id: &str) -> Result<String, String> {
    let all = ids();
    all.iter().find(|s| s.eq_ignore_ascii_case(id)).cloned().ok_or_else(|| {
        format!("unknown skin `{id}` (available: {})", if all.is_empty() { "none".into() } else { all.join(", ") })
    })
}

/// Every available skin's name, author and description. A skin whose
/// main.ini cannot be read is still listed, with the error as description.
pub fn list() -> Vec<SkinInfo> {
    ids()
        .into_iter()
        .map(|id| {
            info_with(&id, &read_asset).unwrap_or_else(|e| SkinInfo {
                name: id.clone(),
                id,
                author: String::new(),
                description: e.to_string(),
            })
        })
        .collect()
}

/// Reads only a skin's [General] section (no images).
pub fn info_with(id: &str, read: Reader) -> Result<SkinInfo, SkinError> {
    let doc = Doc::read(id, read)?;
    doc.check_structure()?;
    doc.info(id)
}

impl Skin {
    /// Loads a skin from the assets (embedded or overridden).
    pub fn load(id: &str) -> Result<Skin, SkinError> {
        Skin::load_with(id, &read_asset)
    }

    /// The built-in copy of skin `id`, whatever the asset override folder
    /// holds: None for a skin that has none (a player's own).
    pub fn built_in(id: &str) -> Option<Skin> {
        Skin::load_with(id, &|path| assets::embedded(path).map(|b| b.into_owned())).ok()
    }

    /// Loads a skin, reading its files through `read` (asset paths such as
    /// `skins/plastique/main.ini`).
    pub fn load_with(id: &str, read: Reader) -> Result<Skin, SkinError> {
        let doc = Doc::read(id, read)?;
        doc.check_structure()?;
        let info = doc.info(id)?;

        let bg = doc.required("background")?;
        let background_colour = doc.colour(bg, "colour")?;
        let background = match bg.entry("image") {
            Some(e) => {
                let img = doc.image(id, e, read)?;
                if (img.width as i32, img.height as i32) != (WINDOW_WIDTH, WINDOW_HEIGHT) {
                    return Err(doc.err(
                        Some(e.line),
                        format!(
                            "the background `{}` is {}x{}; it must be {WINDOW_WIDTH}x{WINDOW_HEIGHT}",
                            e.value, img.width, img.height
                        ),
                    ));
                }
                Some(img)
            }
            None => None,
        };
        if background.is_none() && background_colour.is_none() {
            return Err(doc.err(Some(bg.line), "[Background] needs an Image, a Colour or both"));
        }

        let pa = doc.required("playingarea")?;
        let playing_area = doc.rect(pa, None)?;
        doc.check_inside(pa, playing_area)?;

        let (mut felt_colour, mut felt_image) = (None, None);
        if let Some(felt) = doc.section("felt") {
            felt_colour = doc.colour(felt, "colour")?;
            if let Some(e) = felt.entry("image") {
                let img = doc.image(id, e, read)?;
                if img.width as i32 > WINDOW_WIDTH || img.height as i32 > WINDOW_HEIGHT {
                    return Err(doc.err(Some(e.line), format!("the felt tile `{}` is larger than the window", e.value)));
                }
                felt_image = Some(img);
            }
        }

        let mut buttons: Vec<SkinButton> = Vec::new();
        for sec in doc.numbered("button") {
            let command = match sec.entry("command") {
                Some(e) => parse_command(&e.value).map_err(|m| doc.err(Some(e.line), m))?,
                None => return Err(doc.err(Some(sec.line), format!("[{}] has no Command", sec.name))),
            };
            let label = sec.entry("label").map(|e| e.value.clone()).unwrap_or_default();
            let image = sec.entry("image").map(|e| doc.image(id, e, read)).transpose()?;
            let size = image.as_ref().map(|i| (i.width as i32, i.height as i32));
            let rect = doc.rect(sec, size)?;
            if let (Some(e), Some((w, h))) = (sec.entry("image"), size)
                && (w, h) != (rect.w, rect.h)
            {
                return Err(doc.err(
                    Some(e.line),
                    format!("the image `{}` is {w}x{h} but the button is {}x{}", e.value, rect.w, rect.h),
                ));
            }
            let pressed = match sec.entry("pressed") {
                Some(e) => {
                    let img = doc.image(id, e, read)?;
                    if (img.width as i32, img.height as i32) != (rect.w, rect.h) {
                        return Err(doc.err(
                            Some(e.line),
                            format!(
                                "the pressed image `{}` is {}x{} but the button is {}x{}",
                                e.value, img.width, img.height, rect.w, rect.h
                            ),
                        ));
                    }
                    Some(img)
                }
                None => None,
            };
            if label.is_empty() && image.is_none() {
                return Err(doc.err(Some(sec.line), format!("[{}] needs a Label or an Image", sec.name)));
            }
            doc.check_inside(sec, rect)?;
            if !rect.intersect(&playing_area).is_empty() {
                return Err(doc.err(Some(sec.line), format!("[{}] overlaps the playing area", sec.name)));
            }
            if let Some(other) = buttons.iter().position(|b| !b.rect.intersect(&rect).is_empty()) {
                return Err(doc.err(
                    Some(sec.line),
                    format!("[{}] overlaps the button for `{}`", sec.name, buttons[other].command),
                ));
            }
            buttons.push(SkinButton {
                command,
                label,
                rect,
                image,
                pressed,
                text_colour: doc.colour(sec, "textcolour")?,
                text_shadow: doc.colour(sec, "textshadow")?,
                bold: doc.flag(sec, "bold")?,
            });
        }

        let mut fields = Vec::new();
        for sec in doc.numbered("textfield") {
            let field = match sec.entry("field") {
                Some(e) => match e.value.to_ascii_lowercase().as_str() {
                    "" => return Err(doc.err(Some(e.line), "Field is empty")),
                    "title" => FieldKind::Title,
                    "message" => FieldKind::Message,
                    other => FieldKind::Named(other.to_string()),
                },
                None => return Err(doc.err(Some(sec.line), format!("[{}] has no Field", sec.name))),
            };
            let rect = doc.rect(sec, None)?;
            doc.check_inside(sec, rect)?;
            if !rect.intersect(&playing_area).is_empty() {
                return Err(doc.err(Some(sec.line), format!("[{}] overlaps the playing area", sec.name)));
            }
            let align = match sec.entry("align") {
                None => Align::Left,
                Some(e) => match e.value.to_ascii_lowercase().as_str() {
                    "left" => Align::Left,
                    "center" | "centre" => Align::Center,
                    "right" => Align::Right,
                    _ => {
                        return Err(
                            doc.err(Some(e.line), format!("Align must be left, center or right, not `{}`", e.value))
                        );
                    }
                },
            };
            fields.push(TextField {
                field,
                label: sec.entry("label").map(|e| e.value.clone()).unwrap_or_default(),
                rect,
                colour: doc.colour(sec, "colour")?,
                shadow: doc.colour(sec, "shadow")?,
                align,
                bold: doc.flag(sec, "bold")?,
            });
        }

        let mut pens = Vec::new();
        if let Some(sec) = doc.section("pens") {
            for e in &sec.entries {
                let pen =
                    Pen::ALL.into_iter().find(|p| pen_name(*p).eq_ignore_ascii_case(&e.key)).ok_or_else(|| {
                        let names: Vec<&str> = Pen::ALL.iter().map(|p| pen_name(*p)).collect();
                        doc.err(Some(e.line), format!("unknown pen `{}` (pens: {})", e.key, names.join(", ")))
                    })?;
                pens.push((pen, parse_colour(&e.value).map_err(|m| doc.err(Some(e.line), m))?));
            }
        }

        Ok(Skin {
            id: info.id,
            name: info.name,
            author: info.author,
            description: info.description,
            background_colour: background_colour.unwrap_or(Rgb::BLACK),
            background,
            playing_area,
            felt_colour,
            felt_image,
            buttons,
            fields,
            pens,
        })
    }

    pub fn info(&self) -> SkinInfo {
        SkinInfo {
            id: self.id.clone(),
            name: self.name.clone(),
            author: self.author.clone(),
            description: self.description.clone(),
        }
    }

    /// Pen colours this skin sets, for `Look::yazzle`: the felt colour
    /// first, then [Pens] (which wins).
    pub fn pen_overrides(&self) -> Vec<(Pen, u32)> {
        let mut out: Vec<(Pen, u32)> = Vec::new();
        if let Some(c) = self.felt_colour {
            out.push((Pen::Felt, c.to_u32()));
        }
        out.extend(self.pens.iter().map(|(p, c)| (*p, c.to_u32())));
        out
    }

    /// The command of the button at (x, y), if any.
    pub fn button_at(&self, x: i32, y: i32) -> Option<&SkinButton> {
        self.buttons.iter().find(|b| b.rect.contains(x, y))
    }
}

/// The name a pen has in [Pens].
pub fn pen_name(pen: Pen) -> &'static str {
    match pen {
        Pen::Desktop => "Desktop",
        Pen::Background => "Background",
        Pen::Text => "Text",
        Pen::Shine => "Shine",
        Pen::Shadow => "Shadow",
        Pen::Fill => "Fill",
        Pen::FillText => "FillText",
        Pen::Highlight => "Highlight",
        Pen::Disabled => "Disabled",
        Pen::Felt => "Felt",
        Pen::CardFace => "CardFace",
        Pen::Red => "Red",
    }
}

/// `#RRGGBB` or `R,G,B`.
pub fn parse_colour(value: &str) -> Result<Rgb, String> {
    let v = value.trim();
    let bad = || format!("`{v}` is not a colour (write #RRGGBB or R,G,B)");
    if let Some(hex) = v.strip_prefix('#') {
        if hex.len() == 6 && hex.chars().all(|c| c.is_ascii_hexdigit()) {
            return u32::from_str_radix(hex, 16).map(Rgb::hex).map_err(|_| bad());
        }
        return Err(bad());
    }
    let parts: Vec<&str> = v.split(',').map(str::trim).collect();
    if parts.len() == 3 {
        let n: Vec<u8> = parts.iter().filter_map(|p| p.parse::<u8>().ok()).collect();
        if n.len() == 3 {
            return Ok(Rgb::new(n[0], n[1], n[2]));
        }
    }
    Err(bad())
}

fn parse_command(value: &str) -> Result<Command, String> {
    Command::parse(value)
}

/// Turns an image name from main.ini into an asset path inside the skin's
/// folder, refusing anything that could reach outside it.
fn skin_file(id: &str, value: &str) -> Result<String, String> {
    let v = value.trim();
    if v.is_empty() {
        return Err("the image name is empty".into());
    }
    let norm = v.replace('\\', "/");
    let b = norm.as_bytes();
    if norm.starts_with('/') || (b.len() >= 2 && b[1] == b':') {
        return Err(format!("`{v}` is an absolute path; name a file inside the skin's folder"));
    }
    let mut parts = Vec::new();
    for comp in norm.split('/') {
        match comp {
            ".." => return Err(format!("`{v}` climbs out of the skin's folder (`..` is not allowed)")),
            "" | "." => continue,
            c => parts.push(c),
        }
    }
    if parts.is_empty() {
        return Err(format!("`{v}` is not a file name"));
    }
    let lower = v.to_ascii_lowercase();
    if !lower.ends_with(".png") && !lower.ends_with(".bmp") {
        return Err(format!("`{v}` is not a .png or .bmp image"));
    }
    Ok(format!("skins/{id}/{}", parts.join("/")))
}

// ---------------------------------------------------------------------------
// The INI document with line numbers.

struct Entry {
    key: String,
    /// Lower case, with `color` spelt `colour`.
    lower: String,
    value: String,
    line: usize,
}

struct Section {
    name: String,
    lower: String,
    line: usize,
    entries: Vec<Entry>,
}

impl Section {
    fn entry(&self, lower: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.lower == lower)
    }
}

struct Doc {
    file: String,
    sections: Vec<Section>,
}

fn canonical_key(key: &str) -> String {
    key.trim().to_ascii_lowercase().replace("color", "colour")
}

/// Keys each kind of section may hold (canonical spelling).
fn allowed_keys(section: &str) -> Option<&'static [&'static str]> {
    let numbered = |prefix: &str| {
        section.strip_prefix(prefix).is_some_and(|n| {
            !n.is_empty() && n.len() <= 2 && n.bytes().all(|b| b.is_ascii_digit()) && n != "0" && !n.starts_with('0')
        })
    };
    Some(match section {
        "general" => &["name", "author", "description", "version"],
        "background" => &["image", "colour"],
        "playingarea" => &["x", "y", "w", "h"],
        "felt" => &["image", "colour"],
        "pens" => &[],
        _ if numbered("button") => {
            &["command", "label", "x", "y", "w", "h", "image", "pressed", "textcolour", "textshadow", "bold"]
        }
        _ if numbered("textfield") => &["field", "label", "x", "y", "w", "h", "colour", "shadow", "align", "bold"],
        _ => return None,
    })
}

impl Doc {
    fn read(id: &str, read: Reader) -> Result<Doc, SkinError> {
        if !is_skin_id(id) {
            return Err(SkinError {
                file: format!("skins/{id}"),
                line: None,
                message: "a skin id is a plain folder name of ASCII letters, digits, `-`, `_` and `.`".into(),
            });
        }
        let file = format!("skins/{id}/main.ini");
        let bytes = read(&file).ok_or_else(|| SkinError {
            file: file.clone(),
            line: None,
            message: "missing: every skin folder needs a main.ini".into(),
        })?;
        Doc::parse(&file, &bytes)
    }

    fn err(&self, line: Option<usize>, message: impl Into<String>) -> SkinError {
        SkinError { file: self.file.clone(), line, message: message.into() }
    }

    /// Parses main.ini: a line scan gives structure errors and the line of
    /// every section and key; the `ini` crate gives the values.
    fn parse(file: &str, bytes: &[u8]) -> Result<Doc, SkinError> {
        let err = |line: Option<usize>, message: String| SkinError { file: file.to_string(), line, message };
        let bytes = crate::core::files::without_bom(bytes);
        let text = std::str::from_utf8(bytes).map_err(|e| {
            let line = bytes[..e.valid_up_to()].iter().filter(|&&b| b == b'\n').count() + 1;
            err(Some(line), "not UTF-8 text (save main.ini as UTF-8)".into())
        })?;
        if text.contains('\0') {
            let line = text[..text.find('\0').unwrap_or(0)].matches('\n').count() + 1;
            return Err(err(Some(line), "contains a NUL byte: not a text file".into()));
        }

        // Pass 1: structure and line numbers.
        let mut sections: Vec<Section> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let t = raw.trim();
            if t.is_empty() || t.starts_with(';') || t.starts_with('#') {
                continue;
            }
            if let Some(rest) = t.strip_prefix('[') {
                let Some(name) = rest.strip_suffix(']') else {
                    return Err(err(Some(line), format!("`{t}`: a section header must end with `]`")));
                };
                let name = name.trim();
                let lower = name.to_ascii_lowercase();
                if name.is_empty() || name.contains(['[', ']']) {
                    return Err(err(Some(line), format!("`{t}` is not a section header")));
                }
                if allowed_keys(&lower).is_none() {
                    return Err(err(
                        Some(line),
                        format!(
                            "unknown section [{name}] (sections: General, Background, PlayingArea, Felt, Pens, ButtonN, TextFieldN with N 1..99)"
                        ),
                    ));
                }
                if let Some(first) = sections.iter().find(|s| s.lower == lower) {
                    return Err(err(Some(line), format!("[{name}] appears twice (first on line {})", first.line)));
                }
                sections.push(Section { name: name.to_string(), lower, line, entries: Vec::new() });
                continue;
            }
            let Some(pos) = t.find(['=', ':']) else {
                return Err(err(Some(line), format!("`{t}` is neither a [Section] nor a Key=Value line")));
            };
            let key = t[..pos].trim();
            if key.is_empty() {
                return Err(err(Some(line), "a key is missing before `=`".into()));
            }
            if t.ends_with('\\') {
                return Err(err(Some(line), "a line may not end with `\\` (no continuation lines)".into()));
            }
            let Some(sec) = sections.last_mut() else {
                return Err(err(Some(line), format!("`{key}` comes before any [Section]")));
            };
            let lower = canonical_key(key);
            let allowed = allowed_keys(&sec.lower).unwrap_or(&[]);
            if sec.lower != "pens" && !allowed.contains(&lower.as_str()) {
                return Err(err(
                    Some(line),
                    format!("[{}] has no key `{key}` (keys: {})", sec.name, allowed.join(", ")),
                ));
            }
            if let Some(first) = sec.entries.iter().find(|e| e.lower == lower) {
                return Err(err(
                    Some(line),
                    format!("`{key}` appears twice in [{}] (first on line {})", sec.name, first.line),
                ));
            }
            sec.entries.push(Entry { key: key.to_string(), lower, value: String::new(), line });
        }

        // Pass 2: the values, as the ini crate reads them (no escapes, no
        // quotes: Windows paths keep their backslashes).
        let opt = ini::ParseOption { enabled_quote: false, enabled_escape: false, ..Default::default() };
        // Lines go in trimmed, comments blanked (line numbers stay), so an
        // indented comment cannot be mistaken for a key.
        let clean: String = text
            .lines()
            .map(|l| {
                let t = l.trim();
                if t.starts_with(';') || t.starts_with('#') { "" } else { t }
            })
            .collect::<Vec<_>>()
            .join("\n");
        let parsed = ini::Ini::load_from_str_opt(&clean, opt).map_err(|e| {
            let (line, reason) = crate::core::ini_error(&clean, &e);
            err(Some(line), format!("cannot read this line: {reason}"))
        })?;
        for (name, props) in parsed.iter() {
            let Some(name) = name else { continue };
            let lower = name.trim().to_ascii_lowercase();
            let Some(sec) = sections.iter_mut().find(|s| s.lower == lower) else { continue };
            for (k, v) in props.iter() {
                let kl = canonical_key(k);
                if let Some(e) = sec.entries.iter_mut().find(|e| e.lower == kl) {
                    e.value = v.trim().to_string();
                }
            }
        }
        Ok(Doc { file: file.to_string(), sections })
    }

    /// Checks the sections every skin needs.
    fn check_structure(&self) -> Result<(), SkinError> {
        self.required("general")?;
        Ok(())
    }

    fn info(&self, id: &str) -> Result<SkinInfo, SkinError> {
        let g = self.required("general")?;
        let get = |k: &str| g.entry(k).map(|e| e.value.clone()).unwrap_or_default();
        let name = get("name");
        if name.is_empty() {
            return Err(self.err(Some(g.line), "[General] needs a Name"));
        }
        Ok(SkinInfo { id: id.to_string(), name, author: get("author"), description: get("description") })
    }

    fn section(&self, lower: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.lower == lower)
    }

    fn required(&self, lower: &str) -> Result<&Section, SkinError> {
        self.section(lower).ok_or_else(|| {
            let name = match lower {
                "general" => "General",
                "background" => "Background",
                "playingarea" => "PlayingArea",
                other => other,
            };
            self.err(None, format!("the [{name}] section is missing"))
        })
    }

    /// `[<prefix>N]` sections in order of N.
    fn numbered(&self, prefix: &str) -> Vec<&Section> {
        let mut v: Vec<(u32, &Section)> = self
            .sections
            .iter()
            .filter_map(|s| s.lower.strip_prefix(prefix).and_then(|n| n.parse().ok()).map(|n| (n, s)))
            .collect();
        v.sort_by_key(|(n, _)| *n);
        v.into_iter().map(|(_, s)| s).collect()
    }

    fn colour(&self, sec: &Section, key: &str) -> Result<Option<Rgb>, SkinError> {
        sec.entry(key).map(|e| parse_colour(&e.value).map_err(|m| self.err(Some(e.line), m))).transpose()
    }

    fn flag(&self, sec: &Section, key: &str) -> Result<bool, SkinError> {
        match sec.entry(key) {
            None => Ok(false),
            Some(e) => match e.value.to_ascii_lowercase().as_str() {
                "1" | "yes" | "true" => Ok(true),
                "0" | "no" | "false" | "" => Ok(false),
                _ => Err(self.err(Some(e.line), format!("{} must be 0 or 1, not `{}`", e.key, e.value))),
            },
        }
    }

    fn int(&self, sec: &Section, key: &str) -> Result<Option<i32>, SkinError> {
        sec.entry(key)
            .map(|e| {
                e.value.parse::<i32>().ok().filter(|n| (-10_000..=10_000).contains(n)).ok_or_else(|| {
                    self.err(Some(e.line), format!("{} must be a whole number of pixels, not `{}`", e.key, e.value))
                })
            })
            .transpose()
    }

    /// X, Y, W, H; W and H may come from `size` (an image's) when absent.
    fn rect(&self, sec: &Section, size: Option<(i32, i32)>) -> Result<Rect, SkinError> {
        let need = |key: &str, fallback: Option<i32>| -> Result<i32, SkinError> {
            self.int(sec, key)?
                .or(fallback)
                .ok_or_else(|| self.err(Some(sec.line), format!("[{}] has no {}", sec.name, key.to_ascii_uppercase())))
        };
        let r =
            Rect::new(need("x", None)?, need("y", None)?, need("w", size.map(|s| s.0))?, need("h", size.map(|s| s.1))?);
        if r.w <= 0 || r.h <= 0 {
            let line = sec.entry(if r.w <= 0 { "w" } else { "h" }).map_or(sec.line, |e| e.line);
            return Err(self.err(Some(line), format!("[{}] must have a positive width and height", sec.name)));
        }
        Ok(r)
    }

    /// Errors unless `r` lies inside the window below the menu bar.
    fn check_inside(&self, sec: &Section, r: Rect) -> Result<(), SkinError> {
        let client = Rect::from_edges(0, MENU_BAR_HEIGHT, WINDOW_WIDTH, WINDOW_HEIGHT);
        if r.intersect(&client) != r {
            return Err(self.err(
                Some(sec.line),
                format!(
                    "[{}] at {},{} size {}x{} is not inside the window ({WINDOW_WIDTH}x{WINDOW_HEIGHT}, \
                     below the {MENU_BAR_HEIGHT}-pixel menu bar)",
                    sec.name, r.x, r.y, r.w, r.h
                ),
            ));
        }
        Ok(())
    }

    fn image(&self, id: &str, e: &Entry, read: Reader) -> Result<RgbaImage, SkinError> {
        let path = skin_file(id, &e.value).map_err(|m| self.err(Some(e.line), format!("{}: {m}", e.key)))?;
        let bytes = read(&path)
            .ok_or_else(|| self.err(Some(e.line), format!("{}: the image `{}` is missing ({path})", e.key, e.value)))?;
        let decoded = if path.to_ascii_lowercase().ends_with(".bmp") {
            decode_bmp(&path, &bytes)
        } else {
            decode_png(&path, &bytes)
        };
        let img = decoded.map_err(|ie| self.err(Some(e.line), format!("{}: {ie}", e.key)))?;
        if img.width == 0 || img.height == 0 {
            return Err(self.err(Some(e.line), format!("{}: `{}` is empty", e.key, e.value)));
        }
        Ok(img)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// A skin folder in memory: main.ini plus 1x1.. images on demand.
    struct Files(HashMap<String, Vec<u8>>);

    fn png(w: u32, h: u32) -> Vec<u8> {
        crate::gfx::image_io::encode_png(&crate::gfx::Surface::rgb(w, h))
    }

    const GOOD: &str = "[General]\nName=Test\n\n[Background]\nColour=#102030\n\n[PlayingArea]\nX=10\nY=60\nW=600\nH=400\n\n[Button1]\nCommand=new\nLabel=New\nX=10\nY=25\nW=80\nH=24\n\n[TextField1]\nField=score\nX=10\nY=480\nW=100\nH=20\n";

    fn files(ini: &[u8]) -> Files {
        static BACKGROUND: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
        let mut m = HashMap::new();
        m.insert("skins/t/main.ini".to_string(), ini.to_vec());
        m.insert("skins/t/bg.png".to_string(), BACKGROUND.get_or_init(|| png(698, 523)).clone());
        m.insert("skins/t/small.png".to_string(), png(10, 10));
        m.insert("skins/t/b.png".to_string(), png(80, 24));
        m.insert("skins/t/junk.png".to_string(), b"not a png at all".to_vec());
        let mut bmp = crate::gfx::Surface::rgb(80, 24);
        bmp.put(0, 0, 0xFF8000);
        m.insert("skins/t/pics/b.bmp".to_string(), crate::gfx::image_io::encode_bmp(&bmp));
        Files(m)
    }

    fn load(ini: &str) -> Result<Skin, SkinError> {
        load_bytes(ini.as_bytes())
    }

    fn load_bytes(ini: &[u8]) -> Result<Skin, SkinError> {
        let f = files(ini);
        Skin::load_with("t", &|p| f.0.get(p).cloned())
    }

    fn err_of(ini: &str) -> SkinError {
        load(ini).expect_err("should fail")
    }

    /// A folder whose name cannot be a skin id (a space, an accent) is
    /// left out of the list, where it was listed and refused when chosen.
    #[test]
    fn only_folders_named_as_ids_are_skins() {
        for id in ["plastique", "plastiquev2", "my-skin_2.1"] {
            assert!(is_skin_id(id), "{id}");
        }
        for name in ["My Skin 2", "th\u{e8}me", "", ".", ".."] {
            assert!(!is_skin_id(name), "{name:?}");
        }
        assert!(ids().iter().all(|id| is_skin_id(id)) && ids().contains(&DEFAULT_SKIN.to_string()));
    }

    #[test]
    fn every_shipped_skin_loads_and_fits_the_window() {
        let ids = ids();
        for want in ["plastique", "plastiquev2", "transcrippled"] {
            assert!(ids.iter().any(|i| i == want), "{want} is not shipped");
        }
        let window = Rect::new(0, 0, WINDOW_WIDTH, WINDOW_HEIGHT);
        for id in ids {
            let skin = Skin::load(&id).unwrap_or_else(|e| panic!("{e}"));
            assert!(!skin.name.is_empty() && !skin.author.is_empty() && !skin.description.is_empty());
            let bg = skin.background.as_ref().expect("shipped skins have a background image");
            assert_eq!((bg.width, bg.height), (698, 523), "{id}");
            assert_eq!(skin.playing_area.intersect(&window), skin.playing_area, "{id}");
            assert!(skin.playing_area.y >= MENU_BAR_HEIGHT);
            for b in &skin.buttons {
                assert_eq!(b.rect.intersect(&window), b.rect);
                assert!(!b.label.is_empty());
            }
            for want in ["score", "time", "moves"] {
                assert!(skin.fields.iter().any(|f| f.field == FieldKind::Named(want.into())), "{id} lacks {want}");
            }
            assert!(skin.fields.iter().any(|f| f.field == FieldKind::Message), "{id} lacks a message field");
        }
    }

    #[test]
    fn list_names_every_skin() {
        let l = list();
        let p = l.iter().find(|i| i.id == "plastique").expect("plastique listed");
        assert_eq!(p.name, "Plastique");
        assert_eq!(resolve("PlastiqueV2").as_deref(), Ok("plastiquev2"));
        let e = resolve("nosuch").unwrap_err();
        assert!(e.contains("plastique") && e.contains("transcrippled"), "{e}");
    }

    #[test]
    fn a_good_minimal_skin_loads() {
        let s = load(GOOD).unwrap();
        assert_eq!(s.playing_area, Rect::new(10, 60, 600, 400));
        assert_eq!(s.buttons[0].command, Command::New);
        assert_eq!(s.fields[0].field, FieldKind::Named("score".into()));
        assert_eq!(s.background_colour, Rgb::hex(0x102030));
        assert_eq!(s.button_at(50, 30).map(|b| &b.command), Some(&Command::New));
        assert!(s.button_at(5, 5).is_none());
    }

    #[test]
    fn lookups_ignore_case_and_accept_color() {
        let ini = GOOD
            .replace("[PlayingArea]", "[PLAYINGarea]")
            .replace("Colour=", "color=")
            .replace("Command=new", "COMMAND=Undo");
        let s = load(&ini).unwrap();
        assert_eq!(s.buttons[0].command, Command::Undo);
        assert_eq!(s.background_colour, Rgb::hex(0x102030));
    }

    #[test]
    fn missing_playing_area_names_the_file() {
        let e = err_of(&GOOD.replace("[PlayingArea]\nX=10\nY=60\nW=600\nH=400\n", ""));
        assert_eq!(e.file, "skins/t/main.ini");
        assert!(e.to_string().starts_with("skins/t/main.ini: ") && e.message.contains("[PlayingArea]"), "{e}");
    }

    #[test]
    fn a_button_outside_the_window_names_its_line() {
        let e = err_of(&GOOD.replace("X=10\nY=25\nW=80", "X=650\nY=25\nW=80"));
        assert_eq!(e.line, Some(13), "{e}");
        assert!(e.to_string().starts_with("skins/t/main.ini:13: [Button1]"), "{e}");
        let e = err_of(&GOOD.replace("Y=25", "Y=5"));
        assert!(e.message.contains("menu bar"), "{e}");
    }

    #[test]
    fn image_paths_stay_inside_the_skin() {
        for (path, what) in [
            ("../plastique/background.png", ".."),
            ("sub/../../x.png", ".."),
            ("/etc/passwd.png", "absolute"),
            ("\\\\server\\x.png", "absolute"),
            ("C:\\skins\\x.png", "absolute"),
            ("bg.gif", ".png or .bmp"),
        ] {
            let e = err_of(&GOOD.replace("Colour=#102030", &format!("Image={path}")));
            assert_eq!(e.line, Some(5), "{path}: {e}");
            assert!(e.message.contains(what), "{path}: {e}");
        }
    }

    #[test]
    fn missing_and_broken_images_are_named() {
        let e = err_of(&GOOD.replace("Colour=#102030", "Image=nothere.png"));
        assert_eq!(e.line, Some(5));
        assert!(e.message.contains("nothere.png") && e.message.contains("missing"), "{e}");
        let e = err_of(&GOOD.replace("Colour=#102030", "Image=junk.png"));
        assert!(e.message.contains("skins/t/junk.png") && e.message.contains("PNG"), "{e}");
        let e = err_of(&GOOD.replace("Colour=#102030", "Image=small.png"));
        assert!(e.message.contains("698x523"), "{e}");
        let e = err_of(&GOOD.replace("Label=New", "Label=New\nImage=small.png"));
        assert!(e.message.contains("10x10") && e.line == Some(16), "{e}");
        // A correctly sized button image may stand in for W and H.
        let s = load(&GOOD.replace("W=80\nH=24\n\n[Text", "Image=b.png\n\n[Text")).unwrap();
        assert_eq!(s.buttons[0].rect, Rect::new(10, 25, 80, 24));
        assert!(load(&GOOD.replace("Colour=#102030", "Image=bg.png")).is_ok());
        // BMPs work too, from a subfolder, with Windows separators.
        let s = load(&GOOD.replace("Label=New", "Label=New\nImage=pics\\b.bmp\nPressed=./pics/b.bmp")).unwrap();
        let img = s.buttons[0].image.as_ref().unwrap();
        assert_eq!((img.width, img.height, img.pixels[0]), (80, 24, (Rgb::hex(0xFF8000), 255)));
    }

    #[test]
    fn non_utf8_and_garbage_are_errors_with_lines() {
        let mut bytes = b"[General]\nName=T\xE9st\n".to_vec();
        bytes.extend_from_slice(GOOD.as_bytes());
        let e = load_bytes(&bytes).unwrap_err();
        assert_eq!(e.line, Some(2), "{e}");
        assert!(e.message.contains("UTF-8"));
        let e = load_bytes(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR").unwrap_err();
        assert_eq!(e.file, "skins/t/main.ini");
        let s = load(&GOOD.replace("Name=Test", "  ; an indented comment\n\t# another\n  Name = Test  ")).unwrap();
        assert_eq!(s.name, "Test");
        let e = err_of("[General]\nName=x\nthis is not ini\n");
        assert_eq!(e.line, Some(3));
        let e = err_of("[General\nName=x\n");
        assert_eq!(e.line, Some(1));
        let e = err_of("Name=x\n[General]\n");
        assert_eq!(e.line, Some(1));
        let e = err_of(&GOOD.replace("[Button1]", "[Buttons]"));
        assert!(e.message.contains("unknown section"), "{e}");
        let e = err_of(&GOOD.replace("Label=New", "Lable=New"));
        assert_eq!(e.line, Some(15));
        let e = err_of(&GOOD.replace("Label=New", "Label=New\nlabel=Again"));
        assert!(e.message.contains("twice"));
        let e = err_of(&format!("{GOOD}\n[general]\nName=again\n"));
        assert!(e.message.contains("twice"));
        let e = err_of(&GOOD.replace("W=600", "W=six hundred"));
        assert_eq!(e.line, Some(10));
        let e = err_of(&GOOD.replace("Colour=#102030", "Colour=#12345"));
        assert_eq!(e.line, Some(5));
        let e = err_of(&GOOD.replace("Command=new", "Command=nwe"));
        assert!(e.message.contains("unknown command"), "{e}");
        assert!(err_of("").message.contains("[General]"));
        let e = Skin::load_with("t", &|_| None).unwrap_err();
        assert!(e.to_string().contains("skins/t/main.ini") && e.message.contains("missing"));
        assert!(Skin::load_with("../x", &|_| None).is_err());
    }

    #[test]
    fn overlaps_are_refused() {
        let e = err_of(&GOOD.replace("Y=25\nW=80\nH=24", "Y=50\nW=80\nH=24"));
        assert!(e.message.contains("playing area"), "{e}");
        let two =
            GOOD.replace("[TextField1]", "[Button2]\nCommand=undo\nLabel=Undo\nX=60\nY=25\nW=80\nH=24\n\n[TextField1]");
        assert!(err_of(&two).message.contains("overlaps the button"));
    }

    #[test]
    fn pens_override_the_look() {
        let s = load(&format!("{GOOD}\n[Felt]\nColour=#00FF00\n\n[Pens]\nText=#FFFFFF\nfelt=1,2,3\n")).unwrap();
        let o = s.pen_overrides();
        assert_eq!(o, vec![(Pen::Felt, 0x00FF00), (Pen::Text, 0xFFFFFF), (Pen::Felt, 0x010203)]);
        assert!(err_of(&format!("{GOOD}\n[Pens]\nInk=#FFFFFF\n")).message.contains("unknown pen"));
    }

    /// Throws arbitrary bytes at the parser: errors only, never a panic.
    #[test]
    fn random_input_never_panics() {
        let mut state: u64 = 0x2545_F491_4F6C_DD1D;
        let pieces: [&[u8]; 14] = [
            b"[",
            b"]",
            b"=",
            b"\n",
            b"General",
            b"Button1",
            b"X",
            b"#",
            b"\xFF",
            b"\\",
            b";",
            b"PlayingArea",
            b"..",
            b"Image",
        ];
        for _ in 0..2000 {
            let mut buf = Vec::new();
            for _ in 0..(state % 40) {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                buf.extend_from_slice(pieces[(state % pieces.len() as u64) as usize]);
            }
            if let Err(e) = load_bytes(&buf) {
                assert!(!e.message.is_empty(), "{buf:?}");
                // A line, when given, is one of the skin.ini's.
                assert!(e.line.is_none_or(|l| crate::core::is_line_of(l, &buf)), "{e} in {buf:?}");
            }
            state = state.wrapping_add(1);
        }
    }
}
