//! The files a help document may reach: links and pictures are read only
//! from inside the folder the document belongs to: its own, or the whole
//! of a help `parlour help --html` built.

use std::path::{Path, PathBuf};

use crate::core::files::{Outside, OutsideFolder, inside_folder, leads_out, limits, read_capped, within};
use crate::gfx::image_io::{RgbaImage, decode_bmp, decode_png};

use super::model::stays_in_folder;

/// The file `parlour help --html` leaves in the folder it builds.
pub const BUILT_MARK: &str = ".parlour-help";

/// Where `name` (as a link or picture gives it) lies inside the folder the
/// document at `doc_path` belongs to: that folder and the name's path in
/// it. The folder is the document's own, but for a page of a help that
/// `parlour help --html` built (whose folder, or the one above, holds
/// [`BUILT_MARK`]): then it is the whole help, whose pages link each
/// other across its folders (Help/gametypes.html to ../klondike.html).
pub fn reach(doc_path: &Path, name: &str) -> Option<(PathBuf, String)> {
    let folder = doc_path.parent().unwrap_or(Path::new(""));
    if stays_in_folder(name) {
        return Some((folder.to_path_buf(), name.to_string()));
    }
    let (home, below) = match folder.file_name() {
        _ if folder.join(BUILT_MARK).is_file() => (folder, String::new()),
        Some(sub) if folder.parent().is_some_and(|up| up.join(BUILT_MARK).is_file()) => {
            (folder.parent()?, format!("{}/", sub.to_str()?))
        }
        _ => return None,
    };
    if name.contains(':') || name.starts_with(['/', '\\']) {
        return None;
    }
    Some((home.to_path_buf(), inside_folder(&format!("{below}{name}"))?))
}

/// `name` (as a link or picture gives it) inside the folder the document
/// at `doc_path` belongs to (see [`reach`]), or why it may not be opened.
pub fn beside(doc_path: &Path, name: &str) -> Result<PathBuf, String> {
    found(doc_path, name).map_err(|outside| outside.to_string())
}

/// [`beside`], with why not as the one rule words it.
fn found(doc_path: &Path, name: &str) -> Result<PathBuf, OutsideFolder> {
    let outside = |how| OutsideFolder { name: name.to_string(), how };
    // A name `reach` refuses leads out by its letters; one that looks
    // like none (`a//b`) climbs out as AmigaDOS reads it.
    let (home, rel) = reach(doc_path, name).ok_or_else(|| outside(leads_out(name).unwrap_or(Outside::Climbs)))?;
    within(&home, &rel).map_err(|refused| outside(refused.how))
}

/// Why a link to `file` beside the document at `doc_path` leads nowhere:
/// in the same words from `parlour lint`, `parlour help` and the viewer's
/// status line.
pub fn no_such_file(doc_path: &Path, file: &str) -> String {
    let ext = doc_path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).unwrap_or_default();
    let what = match ext.as_str() {
        "guide" => "guide",
        "html" | "htm" => "page",
        _ => "help",
    };
    format!("there is no file {file} in the {what}'s folder")
}

/// A picture from the document's folder (BMP or PNG).
pub fn picture(doc_path: &Path, name: &str) -> Result<RgbaImage, String> {
    let path = beside(doc_path, name)?;
    if !path.exists() {
        return Err(format!("{name}: there is no such picture beside this document"));
    }
    decode_file(&path, name).map_err(|why| format!("{name}: {why}"))
}

/// Why the picture `name` that lies beside the document at `doc_path`
/// cannot be shown, if it cannot (the viewer's words for it, after the
/// name): it cannot be decoded, or it is a link out of the folder, which
/// the viewer does not follow and the HTML help refuses. Nothing for a
/// picture that is not there or whose name leads out of the folder,
/// which the document's reader tells itself. For `parlour lint`.
pub fn unreadable_picture(doc_path: &Path, name: &str) -> Option<String> {
    let (home, rel) = reach(doc_path, name)?;
    let path = match within(&home, &rel) {
        Ok(path) => path,
        Err(outside) => return Some(outside.to_string()),
    };
    path.exists().then(|| decode_file(&path, &rel).err()).flatten()
}

/// The picture at `path`, as the viewer decodes it, or why not.
fn decode_file(path: &Path, name: &str) -> Result<RgbaImage, String> {
    let bytes = read_capped(path, limits::PICTURE).map_err(|e| format!("cannot be read ({e})"))?;
    let decoded = if bytes.starts_with(b"\x89PNG") { decode_png(name, &bytes) } else { decode_bmp(name, &bytes) };
    decoded.map_err(|e| e.message)
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
        assert!(picture(doc, "missing.bmp").unwrap_err().contains("no such picture"));
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

    /// A file in the folder that is a link to one outside it is not read:
    /// a shared folder could otherwise show or copy any file of the
    /// reader's.
    #[cfg(unix)]
    #[test]
    fn a_link_out_of_the_folder_is_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("help");
        std::fs::create_dir(&folder).unwrap();
        std::fs::write(dir.path().join("secret.bmp"), "x").unwrap();
        std::fs::write(folder.join("real.bmp"), "x").unwrap();
        std::os::unix::fs::symlink(dir.path().join("secret.bmp"), folder.join("pic.bmp")).unwrap();
        std::os::unix::fs::symlink(folder.join("real.bmp"), folder.join("alias.bmp")).unwrap();
        let doc = folder.join("main.guide");
        assert_eq!(
            beside(&doc, "pic.bmp").unwrap_err(),
            "pic.bmp is outside the folder (a link to elsewhere): Parlour reads only files inside it"
        );
        assert_eq!(beside(&doc, "alias.bmp").unwrap(), folder.join("alias.bmp"), "a link inside is fine");
    }
}
