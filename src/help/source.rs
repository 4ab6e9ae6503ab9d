//! The files a help document may reach: links and pictures are read only
//! from inside the document's own folder.

use std::path::{Path, PathBuf};

use crate::gfx::image_io::{RgbaImage, decode_bmp, decode_png};

use super::model::stays_in_folder;

/// `name` (as a link or picture gives it) inside the folder of the
/// document at `doc_path`, or why it may not be opened.
pub fn beside(doc_path: &Path, name: &str) -> Result<PathBuf, String> {
    if !stays_in_folder(name) {
        return Err(format!("{name} is outside this document's folder: not opened"));
    }
    Ok(doc_path.parent().unwrap_or(Path::new("")).join(name))
}

/// A picture from the document's folder (BMP or PNG).
pub fn picture(doc_path: &Path, name: &str) -> Result<RgbaImage, String> {
    let path = beside(doc_path, name)?;
    let bytes = std::fs::read(&path).map_err(|e| format!("{name}: cannot be read ({e})"))?;
    let decoded = if bytes.starts_with(b"\x89PNG") { decode_png(name, &bytes) } else { decode_bmp(name, &bytes) };
    decoded.map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_and_pictures_stay_in_the_folder() {
        let doc = Path::new("/help/guide/solitaire.guide");
        assert_eq!(beside(doc, "pegs.guide").unwrap(), Path::new("/help/guide/pegs.guide"));
        assert_eq!(beside(doc, "Help/intro.html").unwrap(), Path::new("/help/guide/Help/intro.html"));
        assert!(beside(doc, "../secret.guide").is_err());
        assert!(beside(doc, "/etc/passwd").is_err());
        assert!(beside(doc, "HELP:x.guide").is_err());
        assert!(picture(doc, "../x.bmp").unwrap_err().contains("outside"));
        assert!(picture(doc, "missing.bmp").unwrap_err().contains("cannot be read"));
    }
}
