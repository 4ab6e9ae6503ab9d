//! `parlour new-type GAME NAME`: a copy of a card solitaire game type to
//! start a variant from. The built-in game types are unpacked read-only
//! (their copy must stay what Parlour shipped), so copying them by hand
//! gives files an editor will not save; this writes a folder of the
//! player's own, every file writable, its [General] Name the new name and
//! its game.bmp captured afresh to show it, where Parlour finds it from any
//! folder: the data folder's game-types.

use std::path::{Path, PathBuf};

use super::{capture, catalog, settings};

/// Copies game type `from` (an id or a folder) to a new folder called
/// `name` under `game_types` and returns its path.
pub fn copy(from: &str, name: &str, game_types: &Path) -> Result<PathBuf, String> {
    check_name(name)?;
    let entry = catalog::find(from)?;
    let source = catalog::game_type(&entry).ok_or_else(|| {
        format!("{from} is not a card solitaire game type: only a game type has a game.ini to start from")
    })?;
    let dest = game_types.join(name);
    if dest.exists() {
        return Err(format!("{} is there already: choose another name, or remove it first", dest.display()));
    }
    std::fs::create_dir_all(game_types).map_err(|e| format!("{}: cannot be made: {e}", game_types.display()))?;
    // Made whole in a folder beside it, then renamed: a copy cut short is
    // never found as a game type.
    let partial = game_types.join(format!(".{name}.partial"));
    let made = copy_files(&source.folder, &partial, true)
        .and_then(|()| renamed_in(&partial.join("game.ini"), name))
        .and_then(|()| std::fs::rename(&partial, &dest).map_err(|e| format!("{}: {e}", dest.display())));
    if made.is_err() {
        let _ = std::fs::remove_dir_all(&partial);
    }
    made?;
    // The old picture shows the old name: the new one is drawn.
    capture::capture(&dest).map_err(|e| format!("{}: game.bmp could not be drawn: {e}", dest.display()))?;
    Ok(dest)
}

/// Where a new game type goes when no folder is named: the data folder's
/// game-types, which every run of Parlour reads.
pub fn default_folder() -> PathBuf {
    settings::data_dir().join("game-types")
}

/// A name is a folder's name: one part, nothing the file system or a
/// terminal would take otherwise.
fn check_name(name: &str) -> Result<(), String> {
    let bad = name.trim() != name
        || name.is_empty()
        || name == "."
        || name == ".."
        || name.starts_with('.')
        || name.chars().any(|c| c == '/' || c == '\\' || c.is_control());
    if bad {
        return Err(format!(
            "{name:?} cannot name a game type's folder: give a name such as \"My Klondike\" (no slashes, no leading dot or space)"
        ));
    }
    Ok(())
}

/// Copies the regular files under `from` into the new folder `to`, as new
/// files (so writable by their owner), all but a game type's picture at
/// the `top`. Links are left out: a game type is read only from its own
/// folder.
fn copy_files(from: &Path, to: &Path, top: bool) -> Result<(), String> {
    std::fs::create_dir(to).map_err(|e| format!("{}: cannot be made: {e}", to.display()))?;
    let entries = std::fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("{}: {e}", from.display()))?;
        let kind = entry.file_type().map_err(|e| format!("{}: {e}", entry.path().display()))?;
        let target = to.join(entry.file_name());
        if kind.is_dir() {
            copy_files(&entry.path(), &target, false)?;
        } else if kind.is_file() && !(top && entry.file_name().eq_ignore_ascii_case("game.bmp")) {
            let bytes = std::fs::read(entry.path()).map_err(|e| format!("{}: {e}", entry.path().display()))?;
            std::fs::write(&target, bytes).map_err(|e| format!("{}: {e}", target.display()))?;
        }
    }
    Ok(())
}

/// Sets [General] Name in the game.ini at `path` to `name`, keeping every
/// other byte (its encoding, line ends and comments).
fn renamed_in(path: &Path, name: &str) -> Result<(), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let renamed = with_name(&bytes, name.as_bytes());
    std::fs::write(path, renamed).map_err(|e| format!("{}: {e}", path.display()))
}

/// `ini` with the value of [General] Name replaced by `name`, or a Name
/// line added at the top of [General] where it has none.
fn with_name(ini: &[u8], name: &[u8]) -> Vec<u8> {
    let key = |line: &[u8]| -> Vec<u8> {
        let text = line.iter().position(|&b| b == b'=').map_or(&line[..0], |eq| &line[..eq]);
        text.trim_ascii().to_ascii_lowercase()
    };
    let mut out = Vec::with_capacity(ini.len() + name.len());
    let (mut in_general, mut done) = (false, false);
    for line in ini.split_inclusive(|&b| b == b'\n') {
        let body = line.trim_ascii();
        let end = &line[line.trim_ascii_end().len()..];
        if body.starts_with(b"[") {
            if in_general && !done {
                // A [General] without a Name: it gets one.
                out.extend_from_slice(b"Name=");
                out.extend_from_slice(name);
                out.extend_from_slice(if end.is_empty() { b"\n" } else { end });
                done = true;
            }
            in_general = body.eq_ignore_ascii_case(b"[General]");
        } else if in_general && !done && key(line) == b"name" {
            out.extend_from_slice(b"Name=");
            out.extend_from_slice(name);
            out.extend_from_slice(end);
            done = true;
            continue;
        }
        out.extend_from_slice(line);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_name_is_set_in_general_only() {
        let ini = b"; a comment\r\n[General]\r\nAuthor=Me\r\nName = Klondike\r\n[Game]\r\nName=x\r\n";
        assert_eq!(
            with_name(ini, b"My Klondike"),
            b"; a comment\r\n[General]\r\nAuthor=Me\r\nName=My Klondike\r\n[Game]\r\nName=x\r\n".to_vec()
        );
        assert_eq!(
            with_name(b"[General]\nAuthor=Me\n[Game]\n", b"N"),
            b"[General]\nAuthor=Me\nName=N\n[Game]\n".to_vec()
        );
    }

    #[test]
    fn a_name_must_be_one_plain_part() {
        for bad in ["", ".", "..", ".hidden", "a/b", "a\\b", " lead", "trail ", "bell\u{7}"] {
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
        assert!(check_name("My Klondike").is_ok());
    }
}
