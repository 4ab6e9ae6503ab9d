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

use std::path::Path;

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
    if amigaguide::accepts(path) {
        return amigaguide::lint(path);
    }
    match read_file(path) {
        Ok(doc) => doc.diagnostics,
        Err(e) => vec![Diagnostic::error(path, 1, e)],
    }
}

/// Whether `name` (a file name) is a help file by its extension.
pub fn reader_named(name: &str) -> bool {
    reader_for(Path::new(name)).is_some()
}

/// The reader for a help file's extension.
fn reader_for(path: &Path) -> Option<fn(&Path, &[u8]) -> Document> {
    let ext = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).unwrap_or_default();
    match ext.as_str() {
        "guide" => Some(amigaguide::read),
        "imaj" => Some(imaj::read),
        "html" | "htm" => Some(html::read),
        _ => None,
    }
}

/// Reads a help file by its extension: `.guide` (AmigaGuide), `.imaj`
/// (Imaj-style) or `.html`/`.htm`. The error says why nothing could be
/// read; problems inside a file are the document's diagnostics.
pub fn read_file(path: &Path) -> Result<Document, String> {
    let Some(reader) = reader_for(path) else {
        return Err(format!("{}: not a help file (.guide, .imaj or .html)", path.display()));
    };
    let bytes = read_capped(path, limits::DOCUMENT).map_err(|e| format!("{}: cannot be read ({e})", path.display()))?;
    Ok(reader(path, &bytes))
}
