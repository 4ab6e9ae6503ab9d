//! Help inside the app: one document model, readers for AmigaGuide, the
//! Imaj-style Mac help format and YaZZle's game.html, and the layout the
//! viewer draws from.

pub mod amigaguide;
pub mod html;
pub mod html_build;
pub mod imaj;
pub mod layout;
pub mod model;
pub mod source;
pub mod viewer;

use std::path::{Path, PathBuf};

use model::Document;

use crate::core::Diagnostic;
use crate::core::files::{limits, read_capped};

/// Whether `parlour lint` should check `path` as a help file.
pub fn accepts(path: &Path) -> bool {
    path.is_file() && reader_for(path).is_some()
}

/// Checks a help file: everything its reader finds (for a guide, also its
/// links into other guides beside it).
pub fn lint(path: &Path) -> Vec<Diagnostic> {
    lint_but_pictures(path, &[])
}

/// As [`lint`], but the pictures named `checked` (any case) are not
/// decoded: the caller checks them itself and tells of them once (a game
/// type's game.bmp, which its page shows).
pub fn lint_but_pictures(path: &Path, checked: &[&str]) -> Vec<Diagnostic> {
    match read_checked(path) {
        Ok(doc) => {
            let mut found = doc.diagnostics;
            let shown = doc.pictures.iter().filter(|(_, name)| !checked.iter().any(|c| c.eq_ignore_ascii_case(name)));
            found.extend(unreadable_pictures(path, shown));
            found.sort_by_key(|d| d.line);
            found
        }
        Err(refused) => vec![refused],
    }
}

/// The help files of its own folder that the page at `path` leads to,
/// link by link (game.html to notes.html, and on from there, sub/deep.html
/// back to ../other.html), each once and in the order found, `path` itself
/// left out: what a reader may open from it, for lint to check as the
/// viewer reads them. Only pages inside the folder of `path` count: the
/// viewer follows no other but to another game type's page, which is
/// checked with that game type.
pub fn linked_pages(path: &Path) -> Vec<PathBuf> {
    let folder = path.parent().unwrap_or(Path::new(""));
    let mut found = vec![path.to_path_buf()];
    let mut next = 0;
    while let Some(page) = found.get(next).cloned() {
        next += 1;
        // Its links alone: no picture need be decoded to follow them.
        let Ok(doc) = read_checked(&page) else { continue };
        let spans = doc.nodes.iter().flat_map(|n| &n.blocks).flat_map(|b| &b.spans);
        for file in spans.filter_map(linked_file).filter(|file| reader_named(file)) {
            if let Ok(linked) = source::beside(&page, file)
                && linked.starts_with(folder)
                && linked.is_file()
                && !found.contains(&linked)
            {
                found.push(linked);
            }
        }
    }
    found.split_off(1)
}

/// The file a link leads to, if it leads to one.
fn linked_file(span: &model::Span) -> Option<&str> {
    match span {
        model::Span::Link { target: model::Target::Node { file: Some(file), .. }, .. } => Some(file.as_str()),
        _ => None,
    }
}

/// Each picture of the document at `path` that lies beside it but that
/// the viewer could not read (not a PNG or BMP, cut short, too big): an
/// error on the line naming it, as the viewer would show only its words.
fn unreadable_pictures<'a>(path: &Path, pictures: impl Iterator<Item = &'a (usize, String)>) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    for (line, name) in pictures {
        if let Some(why) = source::unreadable_picture(path, name) {
            found.push(Diagnostic::error(path, *line, format!("the picture `{name}` cannot be shown: {why}")));
        }
    }
    found
}

/// Why a file is no help file, whoever opens it: the viewer, lint, or a
/// link to it.
pub(crate) const NOT_A_HELP_FILE: &str = "not a help file (.guide, .imaj or .html)";

/// Whether `name` (a file name) is a help file by its extension.
pub fn reader_named(name: &str) -> bool {
    reader_for(Path::new(name)).is_some()
}

/// The reader for a help file's extension.
fn reader_for(path: &Path) -> Option<Reader> {
    reader_by_extension(path, amigaguide::read_from_file)
}

/// A help file's reader, as [`read_file`] takes it.
type Reader = fn(&Path, &[u8]) -> Document;

/// As [`reader_for`], for a file a guide's link opens: a guide there is
/// read without looking into the files its own links name, where two
/// guides linking each other would be read in a ring.
fn reader_for_link(path: &Path) -> Option<Reader> {
    reader_by_extension(path, amigaguide::read)
}

/// The reader of a help file by its extension, `guide` for a guide.
fn reader_by_extension(path: &Path, guide: Reader) -> Option<Reader> {
    let ext = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).unwrap_or_default();
    match ext.as_str() {
        "guide" => Some(guide),
        "imaj" => Some(imaj::read),
        "html" | "htm" => Some(html::read),
        _ => None,
    }
}

/// Reads a help file by its extension: `.guide` (AmigaGuide), `.imaj`
/// (Imaj-style) or `.html`/`.htm`. The error says why nothing could be
/// read; problems inside a file are the document's diagnostics.
pub fn read_file(path: &Path) -> Result<Document, String> {
    read_noting(path).map_err(|refused| refused.to_string())
}

/// As [`read_file`] for a help file opened on its own: one that cannot be
/// read as text (random bytes, unreadable) is a document with no topics
/// and that one problem, as an empty file is, so the viewer opens on a
/// page that lists it. A file that is no help file by its name is refused
/// all the same.
pub fn read_to_show(path: &Path) -> Result<Document, String> {
    match read_noting(path) {
        Err(refused) if reader_for(path).is_some() => {
            Ok(Document { path: path.to_path_buf(), diagnostics: vec![refused], ..Document::default() })
        }
        read => read.map_err(|refused| refused.to_string()),
    }
}

/// [`read_file`], with why nothing could be read as a diagnostic.
fn read_noting(path: &Path) -> Result<Document, Diagnostic> {
    let mut doc = read_checked(path)?;
    // The pictures it cannot show are among its problems, as lint tells
    // them: told whole as it opens, each on its topic's status line.
    let pictures = unreadable_pictures(path, doc.pictures.iter());
    if !pictures.is_empty() {
        doc.diagnostics.extend(pictures);
        doc.diagnostics.sort_by_key(|d| d.line);
    }
    Ok(doc)
}

/// The document as its reader makes it, its pictures unchecked (lint
/// checks them its own way), or why nothing could be read.
fn read_checked(path: &Path) -> Result<Document, Diagnostic> {
    read_by(path, reader_for(path))
}

/// The document a guide's link opens at `path`, as the viewer would read
/// it (its own links into other files unchecked, see
/// [`reader_for_link`]), or why the viewer could not show it.
fn read_linked(path: &Path) -> Result<Document, Diagnostic> {
    read_by(path, reader_for_link(path))
}

/// The document `reader` makes of the file at `path`, or why nothing
/// could be read: no reader (no help file by its name), the file
/// unreadable, or no text.
fn read_by(path: &Path, reader: Option<Reader>) -> Result<Document, Diagnostic> {
    let Some(reader) = reader else {
        return Err(Diagnostic::error(path, 1, NOT_A_HELP_FILE));
    };
    let bytes =
        read_capped(path, limits::DOCUMENT).map_err(|e| Diagnostic::error(path, 1, format!("cannot be read ({e})")))?;
    check_text(path, &bytes)?;
    Ok(reader(path, &bytes))
}

/// A help file of random bytes refused, in the words `parlour lint` says
/// them of any data file, rather than read as a page of mojibake.
fn check_text(path: &Path, bytes: &[u8]) -> Result<(), Diagnostic> {
    crate::core::decode_text(bytes).map(drop).map_err(|not| Diagnostic::error(path, not.line, not.message))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A BMP header claiming `width` x `height` pixels, and no pixels.
    fn bmp_header(width: i32, height: i32) -> Vec<u8> {
        let mut b = Vec::new();
        b.extend(b"BM");
        b.extend(54u32.to_le_bytes());
        b.extend([0u8; 4]);
        b.extend(54u32.to_le_bytes());
        b.extend(40u32.to_le_bytes());
        b.extend(width.to_le_bytes());
        b.extend(height.to_le_bytes());
        b.extend(1u16.to_le_bytes());
        b.extend(24u16.to_le_bytes());
        b.extend([0u8; 24]);
        b
    }

    /// A picture the viewer cannot read (not a picture, a header too big
    /// to decode) is an error on the line naming it, in an Imaj file as in
    /// a page; a good one, or one not there (the reader's own warning), is
    /// not told of again.
    #[test]
    fn pictures_the_viewer_cannot_read_are_errors_on_their_lines() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("notes.bmp"), "just some words\n").unwrap();
        std::fs::write(dir.path().join("huge.bmp"), bmp_header(100_000, 100_000)).unwrap();
        let mut good = crate::gfx::Surface::rgb(4, 3);
        good.clear(0xFF0000);
        std::fs::write(dir.path().join("good.bmp"), crate::gfx::image_io::encode_bmp(&good)).unwrap();
        let shown = |found: Vec<Diagnostic>| -> Vec<String> {
            let base = format!("{}/", dir.path().display());
            found.iter().map(|d| d.to_string().replace(&base, "")).collect()
        };
        let imaj = dir.path().join("h.imaj");
        let text = "# T\n%picture good.bmp Good\n%picture notes.bmp Notes\n%picture huge.bmp\n%picture gone.bmp\n";
        std::fs::write(&imaj, text).unwrap();
        let found = shown(lint(&imaj));
        assert_eq!(found.len(), 3, "{found:#?}");
        assert!(
            found[0] == "h.imaj:3: the picture `notes.bmp` cannot be shown: neither a PNG nor a BMP picture",
            "{found:#?}"
        );
        assert!(
            found[1]
                == "h.imaj:4: the picture `huge.bmp` cannot be shown: a BMP Parlour cannot read (it is 100000 x 100000 pixels, larger than 4096 x 4096)",
            "{found:#?}"
        );
        assert_eq!(found[2], "h.imaj:5: warning: there is no picture `gone.bmp` beside the help file");
        // What the viewer says of it.
        let viewer = source::picture(&imaj, "huge.bmp").unwrap_err();
        assert!(found[1].ends_with(viewer.trim_start_matches("huge.bmp: a BMP Parlour cannot read")), "{viewer}");
        let page = dir.path().join("p.html");
        std::fs::write(&page, "<title>T</title>\n<p>A <img src=\"good.bmp\">\nand <img src=\"huge.bmp\"></p>\n")
            .unwrap();
        let found = shown(lint(&page));
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(found[0].starts_with("p.html:3: the picture `huge.bmp` cannot be shown: a BMP Parlour cannot read"));
    }

    /// A help file of random bytes, of any kind, is refused by the help
    /// in the words lint uses, not read as a page of mojibake.
    #[test]
    fn random_bytes_are_no_help_file_for_lint_and_help_alike() {
        let dir = tempfile::tempdir().unwrap();
        let mut seed = 1u32;
        let noise: Vec<u8> = (0..5000)
            .map(|_| {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                (seed >> 16) as u8
            })
            .collect();
        for name in ["game.html", "rules.guide", "help.imaj"] {
            let path = dir.path().join(name);
            std::fs::write(&path, &noise).unwrap();
            let refused = read_file(&path).unwrap_err();
            let linted = lint(&path);
            assert_eq!(linted.len(), 1, "{linted:?}");
            assert_eq!(refused, linted[0].to_string(), "{name}");
            assert!(linted[0].message.starts_with("not a text file"), "{linted:?}");
        }
    }

    /// A page's javascript: and file: addresses are warned of by lint of
    /// the page alone, in the words lint of a game type's page uses: the
    /// viewer greys them and never follows them.
    #[test]
    fn a_pages_script_and_file_addresses_are_warned_of() {
        let dir = tempfile::tempdir().unwrap();
        let page = dir.path().join("t3.html");
        let text =
            "<title>T</title>\n<p><a href=\" JavaScript:go()\">go</a>\n<img src=\"file:///etc/x.png\" alt=x></p>\n";
        std::fs::write(&page, text).unwrap();
        let found: Vec<(usize, String)> =
            lint(&page).into_iter().filter(|d| !d.is_error()).map(|d| (d.line, d.message)).collect();
        assert_eq!(found.len(), 3, "{found:#?}");
        assert_eq!(found[0], (2, "a javascript: address is never run by the help; leave it out".to_string()));
        assert_eq!(
            found[1],
            (3, "a file: address is never opened by the help; name a file in the page's folder instead".to_string())
        );
        assert!(found[2].1.starts_with("the picture `file:///etc/x.png` is not inside"), "{found:#?}");
    }

    /// Guides and Imaj files saved as UTF-16 after its byte-order mark
    /// (Notepad's "Unicode"), either byte order, are read as the text
    /// they hold, not as a NUL after every letter; a guide is warned of,
    /// as an Amiga cannot read it.
    #[test]
    fn help_files_in_utf16_with_a_mark_are_read_as_text() {
        let dir = tempfile::tempdir().unwrap();
        let utf16 = |text: &str, big: bool| -> Vec<u8> {
            let mut bytes = if big { vec![0xFE, 0xFF] } else { vec![0xFF, 0xFE] };
            for word in text.encode_utf16() {
                bytes.extend(if big { word.to_be_bytes() } else { word.to_le_bytes() });
            }
            bytes
        };
        let files = [
            ("u16.guide", "@database x\r\n@node main \"M\"\r\nHéllo\r\n@endnode\r\n"),
            ("u16.imaj", "# Main\nHéllo\n"),
        ];
        for big in [false, true] {
            for (name, text) in files {
                let path = dir.path().join(name);
                std::fs::write(&path, utf16(text, big)).unwrap();
                let doc = read_file(&path).unwrap();
                let said: Vec<String> = doc.diagnostics.iter().map(|d| format!("{}: {}", d.line, d.message)).collect();
                let words = doc.nodes.first().map(|n| n.blocks.iter().map(|b| b.plain_text()).collect::<String>());
                assert_eq!(words.as_deref().map(str::trim), Some("Héllo"), "{name} (big-endian {big}): {said:#?}");
                if name.ends_with(".guide") {
                    assert_eq!(said.len(), 1, "{said:#?}");
                    assert!(said[0].starts_with("1: saved as UTF-16"), "{said:#?}");
                } else {
                    assert!(said.is_empty(), "{name}: {said:#?}");
                }
            }
        }
    }

    /// A picture that is a link out of the document's folder is an error
    /// on its line: the viewer does not follow it and the HTML help
    /// leaves the whole page out (lint passed it).
    #[cfg(unix)]
    #[test]
    fn a_picture_linked_from_outside_the_folder_is_an_error() {
        let outside = tempfile::tempdir().unwrap();
        let dir = tempfile::tempdir().unwrap();
        let mut good = crate::gfx::Surface::rgb(4, 3);
        good.clear(0x00FF00);
        std::fs::write(outside.path().join("o.bmp"), crate::gfx::image_io::encode_bmp(&good)).unwrap();
        std::os::unix::fs::symlink(outside.path().join("o.bmp"), dir.path().join("pic.bmp")).unwrap();
        let page = dir.path().join("game.html");
        std::fs::write(&page, "<title>T</title>\n<p><img src=\"pic.bmp\" alt=\"x\"></p>\n").unwrap();
        let found: Vec<String> = lint(&page).iter().map(|d| d.to_string()).collect();
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(
            found[0].ends_with("game.html:2: the picture `pic.bmp` cannot be shown: pic.bmp is outside the folder (a link to elsewhere): Parlour reads only files inside it"),
            "{found:#?}"
        );
    }
}
