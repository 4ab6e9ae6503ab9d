//! `parlour new-type GAME NAME`: a copy of a card solitaire game type to
//! start a variant from. The built-in game types are unpacked read-only
//! (their copy must stay what Parlour shipped), so copying them by hand
//! gives files an editor will not save; this writes a folder of the
//! player's own, every file writable, its [General] Name the new name and
//! its game.bmp captured afresh to show it, where Parlour finds it from any
//! folder: the data folder's game-types. Its game.html is made right for
//! its new name and place too: titled anew (the help's title bar and
//! topic list show the page's title), its picture described as the new
//! game's, and its stylesheet carried in the page where the link it had
//! leads to no file from the new folder (the built-in pages link the
//! guide folder beside them, which the data folder lacks).

use std::ops::Range;
use std::path::{Path, PathBuf};

use crate::core::html::{Token, decode_entities, has_scheme, split_href, tokenize};
use crate::core::shell_quoted;
use crate::solitaire::ini::IniDoc;
use crate::solitaire::library;

use super::{capture, catalog, settings};

/// What `new-type` says of how to name the copy `made` (named `name`, in
/// `folder`) to `play`, `shot` and the rest: its id where Parlour lists
/// game types from that folder; elsewhere it has none (its saves go under
/// one made from where it lies), so its path.
pub fn how_named(made: &Path, folder: &Path, name: &str) -> String {
    if super::data_dirs::lists_game_types_from(folder) {
        format!("id: {}", library::id_for(name))
    } else {
        format!(
            "not listed: Parlour lists no game types from {}, so name it by its path (parlour play {})",
            folder.display(),
            shell_quoted(&made.display().to_string())
        )
    }
}

/// Copies game type `from` (an id or a folder) to a new folder called
/// `name` under `game_types` and returns its path.
pub fn copy(from: &str, name: &str, game_types: &Path) -> Result<PathBuf, String> {
    let entry = catalog::find(from);
    let source = entry.as_ref().ok().and_then(catalog::game_type);
    // The example is a name that would be taken: "My Pyramid" for a copy
    // of Pyramid, or the first free one after it.
    check_name(name).map_err(|why| {
        let mine = format!("My {}", source.map_or("Klondike", |s| s.name.as_str()));
        format!("{why}; give a name such as \"{}\"", free_name(&mine, &taken(game_types)).unwrap_or(mine))
    })?;
    let entry = entry?;
    // Not "it has no game.ini": The Chance keeps its rules in one, but they
    // are its own game's, played in its own window, with no help page or
    // picture for a copy to start from.
    let source = catalog::game_type(&entry).ok_or_else(|| {
        format!(
            "{from} is {name}, not a YaZZle game type: {name}'s rules are its own game's, not a game type's folder \
             (game.ini, game.html and game.bmp) for new-type to copy; copy a game type `parlour list` shows, such as \
             klondike",
            name = entry.name
        )
    })?;
    if crate::host::card_game_type(&entry).is_some()
        && !crate::core::files::in_any_case(&source.folder, "game.html").is_file()
    {
        return Err(without_page(from, &source.name));
    }
    let dest = game_types.join(name);
    if dest.exists() {
        return Err(format!("{} is there already: choose another name, or remove it first", dest.display()));
    }
    check_id_free(name, game_types)?;
    // Only now, every check passed: a refusal leaves nothing made.
    make_folder(game_types)?;
    // Made whole in a folder beside it, then renamed: a copy cut short is
    // never found as a game type.
    let partial = game_types.join(format!(".{name}.partial"));
    let made = copy_files(&source.folder, &partial, true)
        .and_then(|()| renamed_in(&partial.join("game.ini"), name))
        .and_then(|()| named_as_given(&partial, &source.folder, name))
        .and_then(|()| rewrite_page(&partial, &source.name, name))
        .and_then(|()| std::fs::rename(&partial, &dest).map_err(|e| format!("{}: {e}", dest.display())));
    if made.is_err() {
        let _ = std::fs::remove_dir_all(&partial);
    }
    made?;
    // The old picture shows the old name: the new one is drawn. A game
    // type that cannot be drawn is taken away again: half made, it would
    // be listed as left out on every start.
    if let Err(e) = capture::capture(&dest) {
        let _ = std::fs::remove_dir_all(&dest);
        return Err(format!("{}: game.bmp could not be drawn, so nothing was made: {e}", dest.display()));
    }
    Ok(dest)
}

/// Why an Oberon card game `from` (named `name`) is not copied: its help
/// is the CardGames guide, and a game type's is a game.html beside its
/// game.ini, so the copy would be a game type without help, which lint
/// fails. The YaZZle game type of the same name is named where there is
/// one.
fn without_page(from: &str, name: &str) -> String {
    let instead = match catalog::find(&library::id_for(name)) {
        Ok(twin) if catalog::game_type(&twin).is_some() && crate::host::card_game_type(&twin).is_none() => {
            format!("copy the game type {} instead", twin.id)
        }
        _ => "copy a game type `parlour list` shows instead".to_string(),
    };
    format!(
        "{from} is one of the CardGames games, whose help is the CardGames guide: a game type needs a game.html of its own, and {from} has none to copy; {instead}"
    )
}

/// Checks that the game.ini in the new `folder` names the game `name`,
/// as the game list reads it: a [General] Name in a game.ini that is
/// not UTF-8 or Windows-1252 text (UTF-16) is not set, and a letter
/// Windows-1252 lacks cannot be written in a game.ini that is in it
/// (see [`in_encoding_of`]).
fn named_as_given(folder: &Path, source: &Path, name: &str) -> Result<(), String> {
    let read = library::general_name(folder).map(|(read, _)| read);
    if read.as_deref() == Some(name) {
        return Ok(());
    }
    let ini = crate::core::files::in_any_case(source, "game.ini");
    Err(format!(
        "{}: [General] Name could not be set to \"{name}\" (it would read as \"{}\"): save that game.ini as UTF-8 and copy it again",
        ini.display(),
        read.unwrap_or_default()
    ))
}

/// What to do where the data folder cannot take a new game type.
const ELSEWHERE: &str = "give --into DIR to make it in another folder, or set PARLOUR_DATA_DIR to one you may write in";

/// Where a new game type goes: `into`, or where no folder is named the
/// data folder's game-types, which every run of Parlour reads. Nothing is
/// made here: [`copy`] makes the folder once the copy is sure to go ahead.
pub fn folder(into: Option<PathBuf>) -> Result<PathBuf, String> {
    if let Some(into) = into {
        return Ok(into);
    }
    // The folder standing in for an unusable data folder is removed as
    // the command ends, and a game type made there with it.
    if let Some(unusable) = settings::data_dir_unusable() {
        return Err(format!(
            "{}: the data folder cannot be used, so a game type made there would not be kept: {ELSEWHERE}",
            unusable.display()
        ));
    }
    Ok(data_game_types())
}

/// The data folder's game-types.
fn data_game_types() -> PathBuf {
    settings::data_dir().join("game-types")
}

/// Makes `game_types` where it is not there yet: the data folder's with
/// the data folder where there is none yet; a folder `--into` named as a
/// picture's folder is made, only the last folder, never a whole path a
/// slip of the keyboard named.
fn make_folder(game_types: &Path) -> Result<(), String> {
    if game_types != data_game_types() {
        return crate::core::files::make_output_folder(game_types);
    }
    std::fs::create_dir_all(game_types).map_err(|e| {
        format!("{}: cannot be made: {}: {ELSEWHERE}", game_types.display(), crate::core::files::write_failure(&e))
    })
}

/// The characters Windows keeps out of a file's name: a game type is a
/// folder YaZZle's players share, so its name must be one there too.
const NOT_ON_WINDOWS: &[char] = &['<', '>', ':', '"', '|', '?', '*'];

/// Names Windows keeps for its devices, with or without an extension.
const WINDOWS_DEVICES: &[&str] = &["CON", "PRN", "AUX", "NUL"];

/// The most bytes a game type's name may have in UTF-8. A folder's name
/// may have 255 on Linux (and 255 UTF-16 characters on Windows), less the
/// nine of the folder it is made in first (`.NAME.partial`); but YaZZle,
/// like every Windows program of its day, opens no file whose whole path
/// is longer than 260 characters, so the name leaves room for the folders
/// above it and `game.html`; and a game list shows far fewer.
const LONGEST_NAME: usize = 100;

/// The value of [General] Name that game.ini's reader reads from the
/// line `new-type` writes for `name`, as the game list reads it.
fn read_back(name: &str) -> String {
    let ini = with_name(b"[General]\n", name.as_bytes());
    let (doc, _) = IniDoc::parse(Path::new("game.ini"), &ini);
    doc.section("General").and_then(|s| s.value("Name")).unwrap_or_default().to_string()
}

/// A name is a folder's name: one part, nothing the file system (here or
/// on Windows) or a terminal would take otherwise, and game.ini's
/// [General] Name: a line `Name=NAME` that reads back as NAME.
fn check_name(name: &str) -> Result<(), String> {
    // A name of hundreds of letters is shown by its first words.
    // The player's own text, not Rust's escapes of it: a control
    // character alone is shown escaped, as no terminal should get it.
    let shortened = crate::core::shortened(name, 43);
    let shown = crate::core::escape_controls(&shortened);
    let refuse = |why: &str| Err(format!("\"{shown}\" cannot name a game type's folder: {why}"));
    if name.is_empty() || name.trim() != name || name.starts_with('.') || name.ends_with('.') {
        return refuse("it may not be empty, begin with a dot or a space, or end with one");
    }
    if let Some(c) = name.chars().find(|&c| c == '/' || c == '\\') {
        return refuse(&format!("'{c}' would make it a path of folders, not one name"));
    }
    if name.chars().any(char::is_control) {
        return refuse("it holds a control character");
    }
    if let Some(c) = name.chars().find(|c| NOT_ON_WINDOWS.contains(c)) {
        return refuse(&format!("Windows, where YaZZle shares game types, allows no '{c}' in a folder's name"));
    }
    let stem = name.split('.').next().unwrap_or(name).trim_end().to_ascii_uppercase();
    let device = WINDOWS_DEVICES.contains(&stem.as_str())
        || (stem.len() == 4
            && (stem.starts_with("COM") || stem.starts_with("LPT"))
            && stem.as_bytes()[3].is_ascii_digit()
            && stem.as_bytes()[3] != b'0');
    if device {
        return refuse(&format!("Windows keeps the name {stem} for a device"));
    }
    if name.len() > LONGEST_NAME {
        return refuse(&format!(
            "it is {} bytes long, and a game type's name may have at most {LONGEST_NAME} (YaZZle on Windows opens no file by a path longer than 260 characters)",
            name.len()
        ));
    }
    let read = read_back(name);
    if read != name {
        return refuse(&format!(
            "game.ini would read its line `Name={name}` as \"{read}\" (a `;` that begins a value or follows a space begins a comment, and quotes around a whole value are taken off)"
        ));
    }
    Ok(())
}

/// Names tried as another to suggest: "NAME 2" up to this.
const LAST_SUGGESTED: usize = 99;

/// Whether `a` and `b` are one name as the game list shows it to a
/// player: case aside.
fn same_name(a: &str, b: &str) -> bool {
    a.trim().to_lowercase() == b.trim().to_lowercase()
}

/// Refuses a name whose id a game has already (`play`, the saves and the
/// statistics know a game type by the id made from its folder's name): a
/// copy in the data folder would be played in that game's place, its
/// saved game set aside as another's and the copy's games counted in its
/// statistics; beside a folder of that id it would never be listed. The
/// first of "NAME 2", "NAME 3"... whose id is free is suggested.
fn check_id_free(name: &str, game_types: &Path) -> Result<(), String> {
    let taken = taken(game_types);
    let Some(holder) = holder_of(&taken, name) else { return Ok(()) };
    let choose = match free_name(name, &taken) {
        Some(other) => format!("choose another name, such as \"{other}\""),
        None => "choose another name".to_string(),
    };
    match id_holder(&taken, name) {
        Some(_) => {
            Err(format!("\"{name}\" would have the id {}, which {holder} has already: {choose}", library::id_for(name)))
        }
        // The list would show two rows alike, and a name given on the
        // command line would mean two games.
        None => Err(format!("\"{name}\" is the name of {holder} already: {choose}")),
    }
}

/// What has the id `name` would have, if anything.
fn id_holder<'a>(taken: &'a [Taken], name: &str) -> Option<&'a str> {
    let id = library::id_for(name);
    taken.iter().find(|t| t.id.eq_ignore_ascii_case(&id)).map(|t| t.holder.as_str())
}

/// What has the id `name` would have, or the name itself.
fn holder_of<'a>(taken: &'a [Taken], name: &str) -> Option<&'a str> {
    let by_name = || taken.iter().find(|t| t.name.as_deref().is_some_and(|n| same_name(n, name)));
    id_holder(taken, name).or_else(|| by_name().map(|t| t.holder.as_str()))
}

/// `name` where neither its id nor the name is taken, else the first of
/// "NAME 2", "NAME 3"... that is free; None where none of those is.
fn free_name(name: &str, taken: &[Taken]) -> Option<String> {
    crate::core::numbered_names(name).take(LAST_SUGGESTED).find(|n| holder_of(taken, n).is_none())
}

/// An id a game has, and the name the game list shows it by.
struct Taken {
    id: String,
    /// None for a game type whose game.ini names none.
    name: Option<String>,
    /// What has it, as a message names it.
    holder: String,
}

/// Each id and name taken, with what has it: the games of the list, then
/// every game-type folder in `game_types` and where game types are looked
/// for (one that cannot be read is not listed, but still keeps its id and
/// its [General] Name).
fn taken(game_types: &Path) -> Vec<Taken> {
    let listed = catalog::games();
    let games = listed.iter().map(|g| Taken {
        id: g.id.clone(),
        name: Some(g.name.clone()),
        holder: format!("the game {}", g.name),
    });
    let mut dirs = vec![game_types.to_path_buf()];
    dirs.extend(super::data_dirs::game_type_dirs());
    let folders = library::discover(&dirs).into_iter().map(|f| Taken {
        id: library::folder_id(&f),
        name: library::general_name(&f).map(|(name, _)| name),
        holder: format!("the game type in {}", f.display()),
    });
    games.chain(folders).collect()
}

/// Whether the file `name` at the top of a game type's folder is left out
/// of its copy: game.bmp, which is drawn afresh, and the pictures
/// `parlour capture` kept aside when it replaced one (game.bmp.bak,
/// game.bmp.bak.N), which were never part of the game type.
fn left_out_at_top(name: &std::ffi::OsStr) -> bool {
    let name = name.to_string_lossy();
    name.eq_ignore_ascii_case("game.bmp") || capture::is_kept_aside(&name)
}

/// Copies the regular files under `from` into the new folder `to`, as new
/// files (so writable by their owner), all but those
/// [`left_out_at_top`] at the `top`. Links are left out: a game type is
/// read only from its own folder.
fn copy_files(from: &Path, to: &Path, top: bool) -> Result<(), String> {
    std::fs::create_dir(to).map_err(|e| format!("{}: cannot be made: {e}", to.display()))?;
    let entries = std::fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("{}: {e}", from.display()))?;
        let kind = entry.file_type().map_err(|e| format!("{}: {e}", entry.path().display()))?;
        let target = to.join(entry.file_name());
        if kind.is_dir() {
            copy_files(&entry.path(), &target, false)?;
        } else if kind.is_file() && !(top && left_out_at_top(&entry.file_name())) {
            // Streamed, whatever its size, into a file made afresh: the
            // copy is writable even where the original is not.
            let mut source =
                std::fs::File::open(entry.path()).map_err(|e| format!("{}: {e}", entry.path().display()))?;
            let mut copy = std::fs::File::create(&target).map_err(|e| format!("{}: {e}", target.display()))?;
            std::io::copy(&mut source, &mut copy).map_err(|e| format!("{}: {e}", target.display()))?;
        }
    }
    Ok(())
}

/// Sets [General] Name in the game.ini at `path` to `name`, keeping every
/// other byte (its encoding, line ends and comments).
fn renamed_in(path: &Path, name: &str) -> Result<(), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let renamed = with_name(&bytes, &in_encoding_of(&bytes, name));
    std::fs::write(path, renamed).map_err(|e| format!("{}: {e}", path.display()))
}

/// `name` written as the text of `ini` is: in UTF-8, or where `ini` is
/// Windows-1252 (a game.ini saved by a Windows editor) in that, so the
/// game list reads it back whole. A letter Windows-1252 lacks stays in
/// UTF-8, and [`named_as_given`] then refuses the name.
fn in_encoding_of(ini: &[u8], name: &str) -> Vec<u8> {
    let windows = std::str::from_utf8(ini).is_err() && utf16_order(ini).is_none();
    let byte_of = |c: char| (0..=255u8).find(|&b| crate::core::cp1252(b) == c);
    match name.chars().map(byte_of).collect::<Option<Vec<u8>>>() {
        Some(bytes) if windows => bytes,
        _ => name.as_bytes().to_vec(),
    }
}

/// `ini` with the value of [General] Name replaced by `name`, or a Name
/// line added at the top of [General] where it has none. Its lines and
/// headers are read as game.ini's reader reads them: ended by CR LF, LF
/// or an old Mac's lone CR, a header with a comment after it or spaces
/// inside.
fn with_name(ini: &[u8], name: &[u8]) -> Vec<u8> {
    let key = |line: &[u8]| -> Vec<u8> {
        let text = line.iter().position(|&b| b == b'=').map_or(&line[..0], |eq| &line[..eq]);
        text.trim_ascii().to_ascii_lowercase()
    };
    let lines = lines_with_ends(ini);
    let file_end: &[u8] = lines.iter().map(|l| &l[l.trim_ascii_end().len()..]).find(|e| !e.is_empty()).unwrap_or(b"\n");
    let name_line = |end: &[u8]| [&b"Name="[..], name, if end.is_empty() { file_end } else { end }].concat();
    let mut out = Vec::with_capacity(ini.len() + name.len());
    let (mut in_general, mut done) = (false, false);
    for line in lines {
        let end = &line[line.trim_ascii_end().len()..];
        if let Some(section) = crate::solitaire::ini::header_section(&String::from_utf8_lossy(line)) {
            if in_general && !done {
                // A [General] without a Name: it gets one.
                out.extend(name_line(end));
                done = true;
            }
            in_general = section.eq_ignore_ascii_case("General");
        } else if in_general && !done && key(line) == b"name" {
            out.extend(name_line(end));
            done = true;
            continue;
        }
        out.extend_from_slice(line);
    }
    if in_general && !done {
        // [General] is the last section, and has no Name.
        if !out.is_empty() && !out.ends_with(b"\n") && !out.ends_with(b"\r") {
            out.extend_from_slice(file_end);
        }
        out.extend(name_line(file_end));
    }
    out
}

/// The lines of `ini`, each with its end: CR LF, LF or a lone CR.
fn lines_with_ends(ini: &[u8]) -> Vec<&[u8]> {
    let mut lines = Vec::new();
    let mut start = 0;
    for (i, &b) in ini.iter().enumerate() {
        let ends = b == b'\n' || (b == b'\r' && ini.get(i + 1) != Some(&b'\n'));
        if ends {
            lines.push(&ini[start..=i]);
            start = i + 1;
        }
    }
    if start < ini.len() {
        lines.push(&ini[start..]);
    }
    lines
}

/// Makes the help page in `folder` (game.html in any case, if it has
/// one) the page of the game `new` where it was that of `old`, found
/// where `folder` lies: see [`rewritten`].
fn rewrite_page(folder: &Path, old: &str, new: &str) -> Result<(), String> {
    let path = crate::core::files::in_any_case(folder, "game.html");
    let Ok(page) = std::fs::read(&path) else {
        // No page to name: lint says it is missing.
        return Ok(());
    };
    let css = help_css();
    let styles_for = |href: &str| {
        let (file, _) = split_href(href);
        let found = has_scheme(href) || crate::core::files::in_any_case(folder, &file).is_file();
        css.as_ref().filter(|_| !found).map(|css| format!("<style>\n{css}</style>"))
    };
    let rewritten = rewritten(&page, &Change { old, new, styles_for: &styles_for });
    if rewritten != page {
        std::fs::write(&path, rewritten).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

/// Parlour's help.css, for a page to carry: plain ASCII that cannot end
/// the `<style>` holding it early.
fn help_css() -> Option<String> {
    let path = super::data_dirs::help_pages_dir()?.join("help.css");
    let bytes = crate::core::files::read_capped(&path, crate::core::files::limits::DOCUMENT).ok()?;
    let css = String::from_utf8(bytes).ok()?;
    (css.is_ascii() && !css.contains("</")).then_some(css)
}

/// How a copy's page differs from its original's.
struct Change<'a> {
    /// The game's name in the original, and in the copy.
    old: &'a str,
    new: &'a str,
    /// The element that stands in place of a stylesheet link to this
    /// address, where the link leads to no file from the copy's folder.
    styles_for: &'a dyn Fn(&str) -> Option<String>,
}

/// `page` with the text of its <title>, and of its first heading where
/// that reads the old name, replaced by the new one, the old name in its
/// pictures' alt text too, and each stylesheet link that
/// [`Change::styles_for`] replaces; every other byte is kept, in the
/// page's own encoding (UTF-16 with its mark, UTF-8, or else
/// Windows-1252, where a letter it lacks is written as a character
/// reference).
fn rewritten(page: &[u8], change: &Change) -> Vec<u8> {
    if let Some(big_endian) = utf16_order(page) {
        let units = page[..page.len() & !1].chunks(2).map(|p| {
            let pair = [p[0], p[1]];
            if big_endian { u16::from_be_bytes(pair) } else { u16::from_le_bytes(pair) }
        });
        let Ok(text) = String::from_utf16(&units.collect::<Vec<_>>()) else {
            // Not text lint passes: left for the player to mend.
            return page.to_vec();
        };
        let edited = spliced(text.as_bytes(), &edits(&text, &|at| text[at].to_string(), change, true));
        let edited = String::from_utf8_lossy(&edited).into_owned();
        let mut out: Vec<u8> =
            edited.encode_utf16().flat_map(|u| if big_endian { u.to_be_bytes() } else { u.to_le_bytes() }).collect();
        out.extend_from_slice(&page[page.len() & !1..]);
        return out;
    }
    if let Ok(text) = std::str::from_utf8(page) {
        return spliced(page, &edits(text, &|at| text[at].to_string(), change, true));
    }
    // Windows-1252: one byte a letter, so the markup is found in a copy
    // where every other letter stands as one ASCII byte.
    let scan: String = page.iter().map(|&b| if b.is_ascii() { char::from(b) } else { '\u{1a}' }).collect();
    let letters = |at: Range<usize>| page[at].iter().map(|&b| crate::core::cp1252(b)).collect();
    spliced(page, &edits(&scan, &letters, change, false))
}

/// Whether `page` (or a game.ini) is UTF-16 by its byte-order mark, and
/// if so big-endian.
fn utf16_order(page: &[u8]) -> Option<bool> {
    match page {
        [0xFE, 0xFF, ..] => Some(true),
        [0xFF, 0xFE, ..] => Some(false),
        _ => None,
    }
}

/// The stretches of `scan` to replace, and with what, in order: the
/// name's places, the pictures' alt text, the stylesheet links
/// (`text_of` gives the letters of a stretch; `unicode`, whether the page
/// can hold any letter as it is).
fn edits(
    scan: &str,
    text_of: &dyn Fn(Range<usize>) -> String,
    change: &Change,
    unicode: bool,
) -> Vec<(Range<usize>, String)> {
    let tokens = tokenize(scan, &mut |_, _| {});
    let value_of = |at: &Range<usize>| decode_entities(&text_of(unquoted(scan, at.clone())), 1, &mut |_, _| {});
    let name = escaped(change.new, unicode);
    let mut edits: Vec<(Range<usize>, String)> =
        name_places(&tokens, text_of, change.old).into_iter().map(|at| (at, name.clone())).collect();
    let opening = tokens.iter().filter_map(|t| if let Token::Tag(tag) = t { Some(tag) } else { None });
    for tag in opening.filter(|t| !t.end) {
        let value =
            |attr: &str| tag.attr(attr).and_then(|a| Some((a.value_at.clone()?, value_of(a.value_at.as_ref()?))));
        if tag.name == "img"
            && let Some((at, alt)) = value("alt")
            && let Some(alt) = renamed(&alt, change.old, change.new)
        {
            edits.push((at, format!("\"{}\"", escaped(&alt, unicode).replace('"', "&quot;"))));
        }
        let sheet = tag.name == "link"
            && value("rel")
                .is_some_and(|(_, rel)| rel.split_whitespace().any(|r| r.eq_ignore_ascii_case("stylesheet")));
        if sheet
            && let Some((_, href)) = value("href")
            && let Some(styles) = (change.styles_for)(href.trim())
        {
            edits.push((tag.at.clone(), styles));
        }
    }
    edits.sort_by_key(|(at, _)| at.start);
    edits
}

/// The stretch of an attribute's value inside its quotes.
fn unquoted(scan: &str, at: Range<usize>) -> Range<usize> {
    let raw = &scan[at.clone()];
    match raw.chars().next() {
        Some(q @ ('"' | '\'')) if raw.len() >= 2 && raw.ends_with(q) => at.start + 1..at.end - 1,
        Some('"' | '\'') => at.start + 1..at.end,
        _ => at,
    }
}

/// `text` naming `new` wherever it named `old` (spaces between words as
/// one), or None where it never names `old`.
fn renamed(text: &str, old: &str, new: &str) -> Option<String> {
    let words = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let (text, old) = (words(text), words(old));
    (!old.is_empty() && text.contains(&old)).then(|| text.replace(&old, new))
}

/// Where in the page of `tokens` it names its game: inside its first
/// <title>, and inside its first heading when that reads `old` (`text_of`
/// gives the letters of a stretch, whitespace and references aside).
fn name_places(tokens: &[Token], text_of: &dyn Fn(Range<usize>) -> String, old: &str) -> Vec<Range<usize>> {
    let inside = |is_it: &dyn Fn(&str) -> bool| {
        let (k, open) = tokens.iter().enumerate().find_map(|(k, t)| match t {
            Token::Tag(tag) if !tag.end && is_it(&tag.name) => Some((k, tag)),
            _ => None,
        })?;
        tokens[k + 1..].iter().find_map(|t| match t {
            Token::Tag(tag) if tag.end && tag.name == open.name => Some(open.at.end..tag.at.start),
            _ => None,
        })
    };
    let reads = |at: &Range<usize>, name: &str| {
        let text = decode_entities(&text_of(at.clone()), 1, &mut |_, _| {});
        text.split_whitespace().eq(name.split_whitespace())
    };
    let title = inside(&|name| name == "title");
    let apart = |at: &Range<usize>| title.as_ref().is_none_or(|t| at.end <= t.start || t.end <= at.start);
    let heading = inside(&|name| matches!(name, "h1" | "h2" | "h3" | "h4" | "h5" | "h6"))
        .filter(|at| apart(at) && reads(at, old));
    title.into_iter().chain(heading).collect()
}

/// `bytes` with each of `edits` (in order) made; one that overlaps an
/// edit before it (a picture inside the replaced title) is left out.
fn spliced(bytes: &[u8], edits: &[(Range<usize>, String)]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() + edits.iter().map(|(_, with)| with.len()).sum::<usize>());
    let mut from = 0;
    for (at, with) in edits {
        if at.start < from {
            continue;
        }
        out.extend_from_slice(&bytes[from..at.start]);
        out.extend_from_slice(with.as_bytes());
        from = at.end;
    }
    out.extend_from_slice(&bytes[from..]);
    out
}

/// `name` as page text: markup characters as references, and letters
/// beyond ASCII as references too unless the page is `unicode`.
fn escaped(name: &str, unicode: bool) -> String {
    name.chars()
        .map(|c| match c {
            '&' => "&amp;".to_string(),
            '<' => "&lt;".to_string(),
            '>' => "&gt;".to_string(),
            c if !c.is_ascii() && !unicode => format!("&#{};", u32::from(c)),
            c => c.to_string(),
        })
        .collect()
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
        // [General] last, without a Name: it gets one too.
        assert_eq!(
            with_name(b"[Game]\n[General]\nAuthor=Me", b"N"),
            b"[Game]\n[General]\nAuthor=Me\nName=N\n".to_vec()
        );
    }

    /// Every game.ini the reader takes is named: an old Mac's lone CR
    /// ends a line, and a header may have a comment after it or spaces
    /// inside, where the whole file had read as one line, or the header
    /// as no [General], and the name was refused.
    #[test]
    fn the_name_is_set_whatever_the_line_ends_and_headers() {
        assert_eq!(
            with_name(b"[General]\rName=Klondike\r[Game]\rName=x\r", b"N"),
            b"[General]\rName=N\r[Game]\rName=x\r".to_vec()
        );
        assert_eq!(
            with_name(b"[Game]\r[General]\rAuthor=Me", b"N"),
            b"[Game]\r[General]\rAuthor=Me\rName=N\r".to_vec()
        );
        for header in ["[General] ; who and what", "[ General ]", "  [general]"] {
            let ini = format!("{header}\nName=Klondike\n[Game]\n");
            assert_eq!(with_name(ini.as_bytes(), b"N"), format!("{header}\nName=N\n[Game]\n").into_bytes());
        }
    }

    /// A game.ini a Windows editor saved in Windows-1252 takes a name
    /// beyond ASCII in that encoding, and reads it back whole; a UTF-8
    /// one takes it in UTF-8; a letter Windows-1252 lacks is left in
    /// UTF-8, for the read-back check to refuse.
    #[test]
    fn the_name_is_written_in_the_game_inis_own_encoding() {
        let windows = b"[General]\r\nName=Caf\xe9\r\n";
        let named = with_name(windows, &in_encoding_of(windows, "M\u{fc}nster \u{20ac}"));
        assert_eq!(named, b"[General]\r\nName=M\xfcnster \x80\r\n".to_vec());
        let (doc, _) = IniDoc::parse(Path::new("game.ini"), &named);
        assert_eq!(doc.section("General").and_then(|s| s.value("Name")), Some("M\u{fc}nster \u{20ac}"));
        assert_eq!(in_encoding_of("Name=Caf\u{e9}".as_bytes(), "M\u{fc}nster"), "M\u{fc}nster".as_bytes());
        assert_eq!(in_encoding_of(windows, "\u{3a9} Patience"), "\u{3a9} Patience".as_bytes());
    }

    /// `page` rewritten from `old` to `new`, its stylesheet links kept.
    fn retitled(page: &[u8], old: &str, new: &str) -> Vec<u8> {
        rewritten(page, &Change { old, new, styles_for: &|_| None })
    }

    /// The page is titled anew, and its first heading where it was the old
    /// name; not a byte else changes, in any of the encodings a page may be in.
    #[test]
    fn the_page_takes_the_new_name_in_its_own_encoding() {
        let page = "<!DOCTYPE html>\r\n<html><head>\r\n<!-- <title>x</title> -->\r\n<TITLE> Klondike </TITLE>\r\n</head>\r\n<body><div id=\"content\">\r\n<h1>\r\n  Klondike</h1>\r\n<h2>Klondike</h2></div></body></html>\r\n";
        let want = "<!DOCTYPE html>\r\n<html><head>\r\n<!-- <title>x</title> -->\r\n<TITLE>Tom &amp; Jerry\u{e9}</TITLE>\r\n</head>\r\n<body><div id=\"content\">\r\n<h1>Tom &amp; Jerry\u{e9}</h1>\r\n<h2>Klondike</h2></div></body></html>\r\n";
        let new = "Tom & Jerry\u{e9}";
        assert_eq!(String::from_utf8(retitled(page.as_bytes(), "Klondike", new)).unwrap(), want);

        let utf16 = |text: &str, big: bool| -> Vec<u8> {
            let mark = if big { [0xFE, 0xFF] } else { [0xFF, 0xFE] };
            let units = text.encode_utf16().flat_map(|u| if big { u.to_be_bytes() } else { u.to_le_bytes() });
            mark.into_iter().chain(units).collect()
        };
        for big in [false, true] {
            assert_eq!(retitled(&utf16(page, big), "Klondike", new), utf16(want, big));
        }

        // Windows-1252: the page's own letters stay bytes; the new name's
        // are written as references.
        let latin =
            b"<html><head><title>Caf\xe9</title></head><body><h1>Caf&eacute;</h1><p>\xe9t\xe9</p></body></html>";
        assert_eq!(
            retitled(latin, "Caf\u{e9}", "Th\u{e9} \u{2603}"),
            b"<html><head><title>Th&#233; &#9731;</title></head><body><h1>Th&#233; &#9731;</h1><p>\xe9t\xe9</p></body></html>"
                .to_vec()
        );

        // A first heading that is not the name, and a page without a
        // title, keep their words.
        let other = "<html><head></head><body><h1>Rules of Klondike</h1></body></html>";
        assert_eq!(retitled(other.as_bytes(), "Klondike", "Mine"), other.as_bytes());
        // A heading inside the title is the title's: one name, never two.
        let nested = "<title><h1>Klondike</h1></title>";
        assert_eq!(retitled(nested.as_bytes(), "Klondike", "Mine"), b"<title>Mine</title>");
    }

    /// The picture's alt text names the new game where it named the old,
    /// as an attribute in the page's encoding; a stylesheet link that
    /// leads nowhere from the new folder gives way to the styles it named,
    /// and one that still leads somewhere stays.
    #[test]
    fn the_picture_and_the_styles_suit_the_copy() {
        let page = "<html><head><title>Klondike</title><link rel=\"stylesheet\" href=\"../../guide/Help/help.css\"><link rel=stylesheet href=https://x.org/a.css></head>\n<body><p><img src=game.bmp alt='Klondike  just after the deal'><img alt=\"Cards\"></p></body></html>";
        let styles_for =
            |href: &str| (href == "../../guide/Help/help.css").then(|| "<style>\nb {}\n</style>".to_string());
        let new = "Caf\u{e9} <Test> & \"Co\"";
        let done = rewritten(page.as_bytes(), &Change { old: "Klondike", new, styles_for: &styles_for });
        assert_eq!(
            String::from_utf8(done).unwrap(),
            "<html><head><title>Caf\u{e9} &lt;Test&gt; &amp; \"Co\"</title><style>\nb {}\n</style><link rel=stylesheet href=https://x.org/a.css></head>\n<body><p><img src=game.bmp alt=\"Caf\u{e9} &lt;Test&gt; &amp; &quot;Co&quot; just after the deal\"><img alt=\"Cards\"></p></body></html>"
        );
        let latin =
            b"<html><head><title>Caf\xe9</title></head><body><img alt=\"Caf&eacute; d\xe9j\xe0\"></body></html>";
        assert_eq!(
            retitled(latin, "Caf\u{e9}", "Th\u{e9}"),
            b"<html><head><title>Th&#233;</title></head><body><img alt=\"Th&#233; d&#233;j&#224;\"></body></html>"
                .to_vec()
        );
        // A picture inside the title that is replaced goes with it.
        let nested = "<title>K<img alt=\"K\"></title>";
        assert_eq!(retitled(nested.as_bytes(), "K", "M"), b"<title>M</title>");
    }

    /// A file the original holds read-only (an installed game type) is
    /// writable in the copy, with all its bytes.
    #[test]
    fn a_read_only_file_is_copied_writable() {
        let dir = tempfile::tempdir().unwrap();
        let (from, to) = (dir.path().join("from"), dir.path().join("to"));
        std::fs::create_dir(&from).unwrap();
        let file = from.join("notes.txt");
        std::fs::write(&file, "kept as it is").unwrap();
        let mut read_only = std::fs::metadata(&file).unwrap().permissions();
        read_only.set_readonly(true);
        std::fs::set_permissions(&file, read_only).unwrap();
        copy_files(&from, &to, true).unwrap();
        let copied = to.join("notes.txt");
        assert_eq!(std::fs::read_to_string(&copied).unwrap(), "kept as it is");
        assert!(!std::fs::metadata(&copied).unwrap().permissions().readonly(), "the copy is the player's to edit");
    }

    /// Capture's kept-aside pictures are left out of a copy; a file of
    /// another name the player put there goes with it.
    #[test]
    fn capture_leftovers_are_not_copied() {
        for name in ["game.bmp", "GAME.BMP", "game.bmp.bak", "Game.Bmp.Bak", "game.bmp.bak.1", "game.bmp.bak.12"] {
            assert!(left_out_at_top(std::ffi::OsStr::new(name)), "{name}");
        }
        for name in ["game.bmp.bak.", "game.bmp.bak.x", "game.bmp.bak1", "alpha.bmp", "notes.bak", "game.ini"] {
            assert!(!left_out_at_top(std::ffi::OsStr::new(name)), "{name}");
        }
    }

    /// A name refused is quoted as the player typed it, not with Rust's
    /// escapes (`\"`, `\\`), and so is the character that refuses it.
    #[test]
    fn a_name_refused_is_quoted_as_typed() {
        let said = check_name(r#"My "Golf" \ Test"#).unwrap_err();
        assert!(said.starts_with(r#""My "Golf" \ Test" cannot name a game type's folder: '\' would make"#), "{said}");
        let said = check_name("bell\u{7}").unwrap_err();
        assert!(said.starts_with("\"bell\\x07\" cannot name"), "a control character is escaped: {said}");
        let said = check_name("a:b").unwrap_err();
        assert!(said.contains("allows no ':' in"), "{said}");
    }

    #[test]
    fn a_name_must_be_one_plain_part() {
        for bad in ["", ".", "..", ".hidden", "a/b", "a\\b", " lead", "trail ", "bell\u{7}", "dot."] {
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
        assert!(check_name("My Klondike").is_ok());
        assert!(check_name("Baker's Game 2.1").is_ok(), "a stop within the name is one Windows takes");
    }

    /// Every name taken is one game.ini reads back whole from the line
    /// `Name=NAME`; one its comments or quotes would cut is refused,
    /// saying what it would read.
    #[test]
    fn a_name_reads_back_whole_from_game_ini() {
        for (bad, read) in [("; comment", "\"\""), ("Tom ;Jerry", "\"Tom\""), ("'Quoted'", "\"Quoted\"")] {
            let said = check_name(bad).expect_err(bad);
            assert!(said.contains(&format!("game.ini would read its line `Name={bad}` as {read}")), "{bad:?}: {said}");
        }
        for good in [
            "Bob;s",
            "Baker's Game",
            "'Tis Klondike",
            "Tom & Jerry #2",
            "Caf\u{e9} \u{2603}",
            "a=b",
            "\u{2018}Curly\u{2019}",
        ] {
            assert!(check_name(good).is_ok(), "{good:?}: {:?}", check_name(good));
            assert_eq!(read_back(good), good);
        }
    }

    /// A name too long for a folder's (in bytes, as the file system counts
    /// them) is refused before anything is made, saying the limit.
    #[test]
    fn a_name_is_not_too_long() {
        assert!(check_name(&"L".repeat(LONGEST_NAME)).is_ok());
        let said = check_name(&"L".repeat(300)).unwrap_err();
        assert!(said.contains("it is 300 bytes long") && said.contains(&format!("at most {LONGEST_NAME}")), "{said}");
        assert!(said.len() < 300, "the name is shown by its start: {said}");
        // Letters of two bytes each count twice.
        assert!(check_name(&"\u{e9}".repeat(LONGEST_NAME / 2 + 1)).is_err());
    }

    /// A game type is shared with YaZZle's players on Windows, whose
    /// folders take no `?` and none of its devices' names.
    #[test]
    fn a_name_is_one_windows_takes_too() {
        for bad in ["Why?", "a:b", "star*", "<x>", "pipe|", "quote\"", "CON", "nul.txt", "com1", "LPT9"] {
            let said = check_name(bad).expect_err(bad);
            assert!(said.contains("Windows"), "{bad:?}: {said}");
        }
        for good in ["Console", "COM0", "Com10", "Lptx"] {
            assert!(check_name(good).is_ok(), "{good:?}");
        }
    }
}
