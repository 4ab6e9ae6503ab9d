//! The files a help document may reach: links and pictures are read only
//! from inside the document's own folder.

use std::path::{Path, PathBuf};

use crate::core::files::{in_any_case, limits, read_capped};
use crate::gfx::image_io::{RgbaImage, decode_bmp, decode_png};

use super::model::stays_in_folder;

/// `name` (as a link or picture gives it) inside the folder of the
/// document at `doc_path`, or why it may not be opened.
pub fn beside(doc_path: &Path, name: &str) -> Result<PathBuf, String> {
    if !stays_in_folder(name) {
        return Err(format!("{name} is outside this document's folder: not opened"));
    }
    Ok(in_any_case(doc_path.parent().unwrap_or(Path::new("")), name))
}

/// A picture from the document's folder (BMP or PNG).
pub fn picture(doc_path: &Path, name: &str) -> Result<RgbaImage, String> {
    let path = beside(doc_path, name)?;
    let bytes = read_capped(&path, limits::PICTURE).map_err(|e| format!("{name}: cannot be read ({e})"))?;
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

    #[test]
    fn names_are_found_in_any_case_as_on_the_amiga() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("Docs")).unwrap();
        std::fs::write(dir.path().join("Docs/Pegs.Guide"), "@DATABASE").unwrap();
        std::fs::write(dir.path().join("Rules.guide"), "@DATABASE").unwrap();
        let doc = dir.path().join("main.guide");
        assert_eq!(beside(&doc, "rules.GUIDE").unwrap(), dir.path().join("Rules.guide"));
        assert_eq!(beside(&doc, "docs/pegs.guide").unwrap(), dir.path().join("Docs/Pegs.Guide"));
        // The exact name wins; a name found nowhere stays as written.
        std::fs::write(dir.path().join("rules.guide"), "@DATABASE").unwrap();
        assert_eq!(beside(&doc, "rules.guide").unwrap(), dir.path().join("rules.guide"));
        assert_eq!(beside(&doc, "Gone.guide").unwrap(), dir.path().join("Gone.guide"));
    }
}
