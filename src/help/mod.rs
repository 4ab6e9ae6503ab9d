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

/// Reads a help file by its extension: `.guide` (AmigaGuide), `.imaj`
/// (Imaj-style) or `.html`/`.htm`. The error says why nothing could be
/// read; problems inside a file are the document's diagnostics.
pub fn read_file(path: &Path) -> Result<Document, String> {
    let ext = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).unwrap_or_default();
    let reader: fn(&Path, &[u8]) -> Document = match ext.as_str() {
        "guide" => amigaguide::read,
        "imaj" => imaj::read,
        "html" | "htm" => html::read,
        _ => return Err(format!("{}: not a help file (.guide, .imaj or .html)", path.display())),
    };
    let bytes = std::fs::read(path).map_err(|e| format!("{}: cannot be read ({e})", path.display()))?;
    Ok(reader(path, &bytes))
}
