//! The files a help document may reach: links and pictures are read only
//! from inside the folder the document belongs to: its own, the whole of
//! a help `parlour help --html` built, or the whole of the game type a
//! page in a folder of its lies in (sub/deep.html).

use std::path::{Path, PathBuf};

use crate::core::files::{Outside, OutsideFolder, in_any_case, inside_folder, leads_out, limits, read_capped, within};
use crate::gfx::image_io::{RgbaImage, decode_bmp, decode_png};

use super::model::stays_in_folder;

/// The file `parlour help --html` leaves in the folder it builds.
pub const BUILT_MARK: &str = ".parlour-help";

/// Where `name` (as a link or picture gives it) lies inside the folder the
/// document at `doc_path` belongs to: that folder and the name's path in
/// it. The folder is the document's own, but for a page of a help that
/// `parlour help --html` built (whose folder, or the one above, holds
/// [`BUILT_MARK`]): then it is the whole help, whose pages link each
/// other across its folders (Help/gametypes.html to ../klondike.html);
/// and for a page in a folder of a game type's (sub/deep.html): then it
/// is the game type's, whose pages and pictures it reaches as game.html
/// does (`../game.html`, `../red.png`).
///
/// A game type's page also reaches another game type's page, as YaZZle's
/// help and the built one link them (`../Double Klondike/game.html`):
/// that folder is then the one the name belongs to (see
/// [`other_game_type_page`]).
pub fn reach(doc_path: &Path, name: &str) -> Option<(PathBuf, String)> {
    let folder = doc_path.parent().unwrap_or(Path::new(""));
    if stays_in_folder(name) {
        return Some((folder.to_path_buf(), name.to_string()));
    }
    if let Some(other) = other_game_type_page(folder, name) {
        return Some((other, GAME_PAGE.to_string()));
    }
    let (home, below) = match folder.file_name() {
        _ if folder.join(BUILT_MARK).is_file() => (folder.to_path_buf(), String::new()),
        Some(sub) if folder.parent().is_some_and(|up| up.join(BUILT_MARK).is_file()) => {
            (folder.parent()?.to_path_buf(), format!("{}/", sub.to_str()?))
        }
        _ => game_type_above(folder)?,
    };
    if name.contains(':') || name.starts_with(['/', '\\']) {
        return None;
    }
    Some((home, inside_folder(&format!("{below}{name}"))?))
}

/// How many folders deep in a game type's folder a page may lie and still
/// reach the rest of it: a game type's own pages lie a folder or two deep.
const GAME_TYPE_DEPTH: usize = 8;

/// The game type's folder that `folder` lies in (the nearest one above it
/// holding a game.ini, a few folders up at most), with the way down from
/// it to `folder` (`sub/`). None for a game type's folder itself, whose
/// pages reach nothing above it.
fn game_type_above(folder: &Path) -> Option<(PathBuf, String)> {
    let mut below = String::new();
    let mut at = folder;
    for _ in 0..=GAME_TYPE_DEPTH {
        if in_any_case(at, "game.ini").is_file() {
            return (!below.is_empty()).then(|| (at.to_path_buf(), below));
        }
        below = format!("{}/{below}", at.file_name()?.to_str()?);
        at = at.parent()?;
    }
    None
}

/// A game type's help page: what a link from another game type's names.
const GAME_PAGE: &str = "game.html";

/// The folder of the game type whose page `name` names, when it is
/// `../<folder>/game.html` from the folder of another game type: both
/// folders game types as the game list finds them (holding a game.ini),
/// side by side. Only that folder's game.html is reached, read from inside
/// it: nothing but another game type's own page, which Parlour shows as
/// that game's help anyway, is opened from a page this way.
fn other_game_type_page(folder: &Path, name: &str) -> Option<PathBuf> {
    let is_game_type = |dir: &Path| in_any_case(dir, "game.ini").is_file();
    let mut parts = name.split(['/', '\\']);
    let (up, other, page) = (parts.next()?, parts.next()?, parts.next()?);
    let named_plainly = up == ".." && !matches!(other, "" | "." | "..") && !other.contains(':');
    if !named_plainly || parts.next().is_some() || !page.eq_ignore_ascii_case(GAME_PAGE) {
        return None;
    }
    // A folder named `.` (lint run inside it) has its name, and the
    // folder above, only in full.
    let full;
    let folder = match folder.file_name() {
        Some(_) => folder,
        None => {
            let here = if folder.as_os_str().is_empty() { Path::new(".") } else { folder };
            full = here.canonicalize().ok()?;
            &full
        }
    };
    // A folder named by a relative path alone (`Klondike`) has "" above it.
    let types = folder.parent().filter(|_| folder.file_name().is_some())?;
    let other = in_any_case(types, other);
    (is_game_type(folder) && other.is_dir() && is_game_type(&other)).then_some(other)
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
    format!("there is no file {file} in the {}'s folder", kind(doc_path))
}

/// [`beside`] for the help viewer, which says why not to the player in a
/// plain sentence rather than in the words readers of data files share:
/// a name inside the folder that is a link to elsewhere is said to be one,
/// as the player sees it there.
pub fn openable(doc_path: &Path, name: &str) -> Result<PathBuf, String> {
    found(doc_path, name).map_err(|outside| {
        let how = if outside.how == Outside::Link { " leads elsewhere through a link, and" } else { ":" };
        format!("{name}{how} help reads only files inside the {}'s own folder.", kind(doc_path))
    })
}

/// What the document at `doc_path` is called: a guide, a page or help.
fn kind(doc_path: &Path) -> &'static str {
    let ext = doc_path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).unwrap_or_default();
    match ext.as_str() {
        "guide" => "guide",
        "html" | "htm" => "page",
        _ => "help",
    }
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
    // Told by what it holds, whatever its name says (`.png` alone).
    let decoded = if bytes.starts_with(b"\x89PNG") {
        decode_png(name, &bytes)
    } else if bytes.starts_with(b"BM") {
        decode_bmp(name, &bytes)
    } else {
        return Err("neither a PNG nor a BMP picture".into());
    };
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

    /// A game type's page reaches another game type's game.html beside it,
    /// in any case, and nothing else out of its folder: not another file
    /// of it, not a folder without a game.ini, not from a page of a folder
    /// that is no game type, not through a link out of that folder.
    #[test]
    fn a_game_types_page_reaches_only_the_page_of_another_beside_it() {
        let dir = tempfile::tempdir().unwrap();
        for (folder, game_ini) in [("A", true), ("B", true), ("C", false)] {
            let folder = dir.path().join(folder);
            std::fs::create_dir(&folder).unwrap();
            if game_ini {
                std::fs::write(folder.join("game.ini"), "[General]\n").unwrap();
            }
            std::fs::write(folder.join("game.html"), "<title>x</title>").unwrap();
        }
        let a = dir.path().join("A/game.html");
        assert_eq!(beside(&a, "../B/game.html").unwrap(), dir.path().join("B/game.html"));
        assert_eq!(beside(&a, "..\\b\\GAME.HTML").unwrap(), dir.path().join("B/game.html"));
        for refused in
            ["../C/game.html", "../B/game.ini", "../B/../../A/game.html", "../../A/game.html", "../B/x/game.html"]
        {
            assert!(beside(&a, refused).is_err(), "{refused}");
        }
        assert!(beside(&dir.path().join("C/game.html"), "../A/game.html").is_err());
        #[cfg(unix)]
        {
            std::fs::write(dir.path().join("secret.html"), "x").unwrap();
            std::fs::remove_file(dir.path().join("B/game.html")).unwrap();
            std::os::unix::fs::symlink(dir.path().join("secret.html"), dir.path().join("B/game.html")).unwrap();
            assert!(beside(&a, "../B/game.html").unwrap_err().contains("a link to elsewhere"));
        }
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
