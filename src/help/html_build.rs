//! YaZZle's cached HTML help, built for reading in a browser.
//!
//! YaZZle joined each game type's game.html with its left-hand menu and
//! the list of every game type into one "cached" page. This does the same
//! for every game type at once and lays the result out so that every link
//! works from the folder it is written to:
//!
//! ```text
//! OUT/Help/help.css            the stylesheet, copied
//! OUT/Help/intro.html ...      each page of the help folder, joined
//! OUT/Help/gametypes.html      the game types index (menu.html links it)
//! OUT/<id>.html                each game type's page, joined
//! OUT/<id>_files/game.bmp      the files that page uses, copied
//! OUT/<id>_files/notes.html    the pages of its folder it links to (and
//!                              they on), joined as it is
//! OUT/.parlour-help            the mark of a build's folder, and its record
//!                              of the files it wrote
//! ```
//!
//! A joined page is `<div id="menu">` (menu.html's content), `<div
//! id="content">` (the page's own content) and `<div id="gametypes">`
//! (every game type linked, the current one marked), under a head that
//! links Help/help.css, whose rules place the menu to the left. Every
//! `href` and `src` is rewritten to where its file now is. The content is
//! written anew from the tokens the help reads (see [`Content`]), so that
//! a browser shows what the help viewer shows: elements closed where the
//! help closes them, text as the help reads it, and no script or style,
//! which the help never runs or uses.

use std::collections::HashSet;
use std::fs;
use std::path::{Component, Path, PathBuf};

use super::html::GAME_TYPES_INDEX as INDEX;
// The file that marks a folder as a build's, which a later build may
// write over.
use super::html::{closed_by_start, is_known};
use super::source::BUILT_MARK as MARK;
use crate::core::files::{file_name, in_any_case, resolves_inside, within};
use crate::core::html::{ClosedByEnd, closed_by_end, never_followed};
use crate::core::html::{MAX_DEPTH, Tag, Token, VOID, decode_entities, tokenize};
use crate::core::html::{has_scheme, split_href};

/// One game type whose help goes into the cache.
#[derive(Clone, Debug)]
pub struct HelpGame {
    /// The game type's id (`klondike-draw-three`): names its page.
    pub id: String,
    /// Its [General] Name, shown in the game types list.
    pub name: String,
    /// The folder holding its game.html (and game.bmp).
    pub folder: PathBuf,
}

/// The folder of `OUT` the help pages, the stylesheet and the index go to.
const HELP: &str = "Help";

/// Builds the cached help into `out` and returns every file written.
///
/// - `games`: the game types, in the order the lists show them. The
///   caller finds them as the launcher does (`app::catalog`): for each
///   folder of `solitaire::library::discover(&data_dirs::game_type_dirs())`
///   that `GameType::load`s, `HelpGame { id: gt.id, name: gt.name,
///   folder: gt.folder }`. (`help` may not use `solitaire`, so the list
///   is made by the caller.)
/// - `help_dir`: the folder with help.css, menu.html and the other help
///   pages: Help in the first guide folder that has help.css.
/// - `out`: where to write; created if need be. Of the files already
///   there, those an earlier build wrote and this one does not are
///   removed while they are as written ([`Built::removed`]); the rest
///   are left alone.
///
/// The page to open first is `OUT/Help/intro.html`. What stops a page
/// from being built is named with its file (and line): a missing
/// help.css, menu.html or game.html, a link to a file that does not
/// exist or lies outside the help and game type folders, or a file that
/// cannot be read or written. A game type's page that cannot be built is
/// left out of the site (and of its lists), the reason in
/// [`Built::left_out`]; any other page stops the build. So does a folder
/// `out` that holds files and was not made by an earlier build, whose
/// files a build could write over, and a file where a page or picture
/// goes that the earlier build did not write there, or that has changed
/// since: the reader's own, never written over. Nothing is written until
/// every page is built and every file in the way named at once.
pub fn build(games: &[HelpGame], help_dir: &Path, out: &Path) -> Result<Built, String> {
    if let Some(g) =
        games.iter().find(|g| g.id.is_empty() || !g.id.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c)))
    {
        return Err(format!("the game type id `{}` cannot name a file", g.id));
    }
    let earlier = Record::read(out);
    claim(out)?;
    // An older Parlour's mark holds no record: its files are written over
    // as they always were, having nothing to be checked against.
    let guard = earlier.clone().filter(|r| !r.files.is_empty());
    let mut site = Site::new(games, help_dir, out, guard)?;
    let pages = site.build_pages();
    let now = Record::of(out, &site.written);
    let (record, removed) = match (&pages, &earlier) {
        (Ok(_), Some(earlier)) => {
            let removed = earlier.remove_unbuilt(out, &now);
            (now, removed)
        }
        (Ok(_), None) => (now, Vec::new()),
        // A build cut short keeps what the earlier one wrote on the
        // record, so that a later build still removes it.
        (Err(_), _) => (earlier.clone().unwrap_or_default().updated_by(now), Vec::new()),
    };
    record.write(out)?;
    Ok(Built {
        written: site.written,
        shown_as_text: site.shown_as_text,
        left_out: pages?,
        removed,
        earlier_unrecorded: earlier.is_some_and(|r| r.files.is_empty()),
    })
}

/// What a build wrote, the game types it left out and why, and what it
/// removed.
#[derive(Debug)]
pub struct Built {
    pub written: Vec<PathBuf>,
    /// Each game type left out, by its place in the games given, and why
    /// (the first problem of its page, by file and line).
    pub left_out: Vec<(usize, String)>,
    /// Each link to the page of a game type left out, shown as plain text
    /// rather than as a link to no page: the game type's place in the
    /// games given and the place in `out` of the page holding the link.
    pub shown_as_text: Vec<(usize, String)>,
    /// The files an earlier build wrote that this one does not (a game
    /// type's page, once the game type is gone), and the folders they
    /// leave empty: see [`Record::remove_unbuilt`].
    pub removed: Vec<PathBuf>,
    /// Whether the folder is an earlier build's that kept no record of
    /// what it wrote (one by an older Parlour): whatever it wrote that
    /// this build does not is left where it is.
    pub earlier_unrecorded: bool,
}

/// Makes `out` a build's folder: a new or empty folder, or one an
/// earlier build made. Any other folder's files are the reader's own.
fn claim(out: &Path) -> Result<(), String> {
    if out.exists() && !out.is_dir() {
        return Err(format!("{}: is a file, not a folder: give a new or empty folder for the help", out.display()));
    }
    let holds_files = fs::read_dir(out).is_ok_and(|mut entries| entries.next().is_some());
    if holds_files && !out.join(MARK).is_file() {
        return Err(format!(
            "{}: the folder holds files of its own, which the help could write over: give a new or empty folder",
            out.display()
        ));
    }
    crate::core::files::make_output_folder(out)?;
    // Marked before the first file is written, so that a build cut short
    // leaves a folder the next may build over; an earlier build's mark
    // keeps its record until this build has one of its own.
    if out.join(MARK).is_file() { Ok(()) } else { Record::default().write(out) }
}

/// The files a build wrote, each by its place in `out` (a `/` path) with
/// a checksum of what it wrote there, kept in the folder's mark. A later
/// build removes those it no longer writes, and only while they are as
/// they were written: nothing the reader put in the folder, or changed,
/// is ever removed.
#[derive(Clone, Debug, Default)]
struct Record {
    files: std::collections::BTreeMap<String, u64>,
}

impl Record {
    const HEADER: &str = "Made by `parlour help --html`, which may build again over the files here.\n\
        Below, each file the last build wrote, after a checksum of it: a later build\n\
        that no longer writes one removes it, unless it has changed since.\n";

    /// The record in `out`'s mark, if `out` has one (an older Parlour's
    /// mark records no files).
    fn read(out: &Path) -> Option<Record> {
        let text = fs::read_to_string(out.join(MARK)).ok()?;
        let files = text
            .lines()
            .filter_map(|line| {
                let (sum, place) = line.split_once(' ')?;
                let sum = u64::from_str_radix(sum, 16).ok().filter(|_| sum.len() == 16)?;
                Some((place.to_string(), sum))
            })
            .collect();
        Some(Record { files })
    }

    /// The files at `written` in `out`, as they are now. One that cannot
    /// be read again, or whose name would break the record's lines, is
    /// left off, and so never removed.
    fn of(out: &Path, written: &[PathBuf]) -> Record {
        let files = written
            .iter()
            .filter_map(|path| {
                let place = slashed(path.strip_prefix(out).ok()?);
                let bytes = fs::read(path).ok()?;
                (!place.contains(['\n', '\r'])).then(|| (place, crate::core::fnv1a64(&bytes)))
            })
            .collect();
        Record { files }
    }

    /// Why a build may not write at `place` in `out`, or None where it
    /// may: nothing is there, or the file this record says was written
    /// there, as it was written. Anything else is the reader's (a page
    /// they edited, a file they put there), for them to move away.
    fn in_the_way(&self, out: &Path, place: &str) -> Option<String> {
        let path = out.join(place);
        let bytes = match fs::read(&path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
            Err(e) => return Some(format!("{}: cannot be read to see whether it is yours ({e})", path.display())),
            Ok(bytes) => bytes,
        };
        let why = match self.files.get(place) {
            Some(sum) if crate::core::fnv1a64(&bytes) == *sum => return None,
            Some(_) => "has changed since the last build wrote it",
            None => "was not written by the last build",
        };
        Some(format!("{}: {why}", path.display()))
    }

    /// Every file of the `places` in `out` a build may not write over
    /// ([`Record::in_the_way`]), told at once so that the reader can move
    /// them all away before building again.
    fn may_write_over(&self, out: &Path, places: impl Iterator<Item = String>) -> Result<(), String> {
        let in_the_way: Vec<String> = places.filter_map(|place| self.in_the_way(out, &place)).collect();
        match in_the_way.as_slice() {
            [] => Ok(()),
            [one] => {
                Err(format!("{one}, and this build would write over it: move it away (or delete it) to build again"))
            }
            many => Err(format!(
                "{} files are in the way, and this build would write over them: move them away (or delete them) to build again:\n{}",
                many.len(),
                many.join("\n")
            )),
        }
    }

    fn updated_by(mut self, newer: Record) -> Record {
        self.files.extend(newer.files);
        self
    }

    fn write(&self, out: &Path) -> Result<(), String> {
        let mut text = String::from(Self::HEADER);
        for (place, sum) in &self.files {
            text.push_str(&format!("{sum:016x} {place}\n"));
        }
        let mark = out.join(MARK);
        fs::write(&mark, text).map_err(|e| crate::core::files::unwritable(&mark, &e))
    }

    /// Removes each file on this record that `now` does not hold and that
    /// is still as it was written, then each folder that leaves empty;
    /// returns what it removed.
    fn remove_unbuilt(&self, out: &Path, now: &Record) -> Vec<PathBuf> {
        let mut removed = Vec::new();
        for (place, sum) in self.files.iter().filter(|(place, _)| !now.files.contains_key(*place)) {
            let Some(path) = recorded_file(out, place) else { continue };
            let unchanged = fs::read(&path).is_ok_and(|bytes| crate::core::fnv1a64(&bytes) == *sum);
            if unchanged && fs::remove_file(&path).is_ok() {
                removed.push(path.clone());
                // Folders that held only built files go with them.
                let emptied = path.ancestors().skip(1).take_while(|dir| *dir != out && fs::remove_dir(dir).is_ok());
                removed.extend(emptied.map(Path::to_path_buf));
            }
        }
        removed
    }
}

/// The file at `place` in `out`, if it is a plain file reached through
/// plain folders: a record naming a way out (`..`, a link) finds nothing.
fn recorded_file(out: &Path, place: &str) -> Option<PathBuf> {
    let mut path = out.to_path_buf();
    let parts: Vec<&str> = place.split('/').collect();
    for (k, part) in parts.iter().enumerate() {
        let mut components = Path::new(part).components();
        if !matches!((components.next(), components.next()), (Some(Component::Normal(_)), None)) {
            return None;
        }
        path.push(part);
        let kind = fs::symlink_metadata(&path).ok()?.file_type();
        let plain = if k + 1 == parts.len() { kind.is_file() } else { kind.is_dir() };
        if !plain {
            return None;
        }
    }
    Some(path)
}

/// A help page's text, its title and where its content lies.
struct Source {
    path: PathBuf,
    text: String,
    title: Option<String>,
    /// The inside of `<div id="content">`, else of `<body>`, else the
    /// whole page.
    content: std::ops::Range<usize>,
}

impl Source {
    fn read(path: &Path) -> Result<Source, String> {
        let bytes = crate::core::files::read_capped(path, crate::core::files::limits::DOCUMENT)
            .map_err(|e| format!("{}: cannot be read ({e})", path.display()))?;
        // A page of random bytes is left out in the words lint uses.
        let text = crate::core::decode_text(&bytes)
            .map_err(|not| crate::core::Diagnostic::error(path, not.line, not.message).to_string())?;
        let tags: Vec<Tag> = tokenize(&text, &mut |_, _| {})
            .into_iter()
            .filter_map(|t| if let Token::Tag(tag) = t { Some(tag) } else { None })
            .collect();
        let find = |name: &str, end: bool, from: usize| {
            tags.iter().skip(from).position(|t| t.name == name && t.end == end).map(|i| i + from)
        };
        let title = find("title", false, 0).and_then(|open| {
            let close = find("title", true, open)?;
            let raw = text.get(tags[open].at.end..tags[close].at.start)?;
            let title = decode_entities(raw, 1, &mut |_, _| {});
            let title = title.split_whitespace().collect::<Vec<_>>().join(" ");
            (!title.is_empty()).then_some(title)
        });
        // Where the content ends if nothing closes it: at the `</body>`
        // after it, else at the end of the page.
        let body_end = |from: usize| find("body", true, from).map_or(text.len(), |i| tags[i].at.start);
        let content = if let Some(open) = tags.iter().position(is_content_div) {
            tags[open].at.end..matching_div_end(&tags[open + 1..]).unwrap_or_else(|| body_end(open + 1))
        } else if let Some(body) = find("body", false, 0) {
            tags[body].at.end..body_end(body + 1)
        } else {
            0..text.len()
        };
        Ok(Source { path: path.to_path_buf(), text, title, content })
    }
}

/// `<div id="content">`, or `class="content"`, as solitaire::lint accepts.
fn is_content_div(t: &Tag) -> bool {
    let named =
        |attr: &str| t.attr(attr).map(|a| a.value.split_whitespace().any(|v| v.eq_ignore_ascii_case("content")));
    !t.end && t.name == "div" && (named("id") == Some(true) || named("class") == Some(true))
}

/// Where the `</div>` that closes a div starts, given the tags after it.
fn matching_div_end(after: &[Tag]) -> Option<usize> {
    let mut depth = 0usize;
    for t in after.iter().filter(|t| t.name == "div" && !t.self_closing) {
        match (t.end, depth) {
            (false, _) => depth += 1,
            (true, 0) => return Some(t.at.start),
            (true, _) => depth -= 1,
        }
    }
    None
}

/// A page rewritten for its place in `out`, ready to join with the menu.
struct Joined {
    at: String,
    title: String,
    content: String,
}

/// A game type's page ready to write: the game's index, the page, the
/// pages of its folder it links to (and they on), and the files they all
/// use as (source, place).
type PreparedPage = (usize, Joined, Vec<Joined>, Vec<(PathBuf, String)>);

struct Site<'a> {
    games: &'a [HelpGame],
    /// The games the lists name: those whose pages are built.
    listed: Vec<usize>,
    /// Files the pages rewritten so far use, copied when a page is
    /// written (a page left out copies nothing), as (source, place).
    pending: Vec<(PathBuf, String)>,
    /// Pages of game type folders that the pages rewritten so far link
    /// to (notes.html beside a game.html), to be rewritten in turn for
    /// their places, as (source, place).
    pages_due: Vec<(PathBuf, String)>,
    /// Absolute, with `.` and `..` taken out, as every resolved path is.
    help_dir: PathBuf,
    folders: Vec<PathBuf>,
    out: &'a Path,
    /// The earlier build's record, where it has one: a file is written
    /// over only where it says that build wrote it, unchanged since.
    earlier: Option<Record>,
    /// The files to write, each as (place in `out`, bytes), held until
    /// every page is built.
    staged: Vec<(String, Vec<u8>)>,
    written: Vec<PathBuf>,
    /// Files copied so far, by their place in `out`.
    copied: HashSet<String>,
    /// Pages written so far, by their place in `out`.
    pages_written: HashSet<String>,
    /// The game types whose pages are left out: a link to one of their
    /// pages is shown as its text alone.
    unbuilt: Vec<usize>,
    /// The links made plain text so far, as [`Built::shown_as_text`].
    shown_as_text: Vec<(usize, String)>,
}

impl<'a> Site<'a> {
    fn new(games: &'a [HelpGame], help_dir: &Path, out: &'a Path, earlier: Option<Record>) -> Result<Site<'a>, String> {
        let folders = games.iter().map(|g| absolute(&g.folder)).collect::<Result<_, _>>()?;
        Ok(Site {
            games,
            listed: (0..games.len()).collect(),
            pending: Vec::new(),
            pages_due: Vec::new(),
            help_dir: absolute(help_dir)?,
            folders,
            out,
            earlier,
            staged: Vec::new(),
            written: Vec::new(),
            copied: HashSet::new(),
            pages_written: HashSet::new(),
            unbuilt: Vec::new(),
            shown_as_text: Vec::new(),
        })
    }

    /// Builds every page (those of the game types that can be built, the
    /// help's, the index) and returns the game types left out and why.
    fn build_pages(&mut self) -> Result<Vec<(usize, String)>, String> {
        // The game types' pages first, so that the lists name only those built.
        let (prepared, left_out) = self.prepare_game_pages();
        self.listed = prepared.iter().map(|(i, ..)| *i).collect();
        let css = self.help_dir.join("help.css");
        self.copy(&css, &format!("{HELP}/help.css"))?;
        let menu = Source::read(&self.help_dir.join("menu.html"))?;
        let mut pages: Vec<PathBuf> = fs::read_dir(&self.help_dir)
            .map_err(|e| format!("{}: cannot be read ({e})", self.help_dir.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_file() && is_page(p))
            .collect();
        pages.sort();
        for path in pages {
            let name = file_name(&path);
            // The index is made from the game types, not from a file.
            if name == INDEX {
                continue;
            }
            let source = Source::read(&path)?;
            let at = format!("{HELP}/{name}");
            let title = source.title.clone().unwrap_or_else(|| stem(&path));
            let page = Joined { content: self.rewrite(&source, &at)?, at, title };
            let linked = self.rewrite_linked_pages()?;
            self.write_pages(&page, &linked, &menu, None)?;
        }
        for (i, page, linked, files) in prepared {
            self.pending = files;
            self.write_pages(&page, &linked, &menu, Some(i))?;
        }
        let at = format!("{HELP}/{INDEX}");
        let how_many = match self.listed.len() {
            1 => "There is one".to_string(),
            n => format!("There are {n} of them"),
        };
        let index = format!(
            "<h1>Game Types</h1>\n<p>Each game type has its own page of rules. {how_many}:</p>\n{}\n",
            self.game_list(&at, None)
        );
        self.write_page(&at, "Game Types", &menu, &index, None)?;
        self.write_staged()?;
        Ok(left_out)
    }

    /// Each game type's page rewritten for its place, with the files it
    /// uses, or why it is left out. A page is rewritten before it is known
    /// whether the game types it links to are built, so where some are
    /// left out the pages are rewritten again, their links to those shown
    /// as plain text: a built site has no link to a page it lacks. Once
    /// more at most, where a page was left out only for linking to one of
    /// them (a link to a page that is a link to elsewhere).
    fn prepare_game_pages(&mut self) -> (Vec<PreparedPage>, Vec<(usize, String)>) {
        let mut pages = self.prepare_game_pages_once();
        for _ in 0..self.games.len() {
            let left_out: Vec<usize> = pages.1.iter().map(|(i, _)| *i).collect();
            if left_out == self.unbuilt {
                break;
            }
            self.unbuilt = left_out;
            pages = self.prepare_game_pages_once();
        }
        pages
    }

    /// [`Site::prepare_game_pages`] with the game types left out taken as
    /// [`Site::unbuilt`] says.
    fn prepare_game_pages_once(&mut self) -> (Vec<PreparedPage>, Vec<(usize, String)>) {
        let mut prepared = Vec::new();
        let mut left_out = Vec::new();
        self.shown_as_text.clear();
        let games = self.games;
        for (i, game) in games.iter().enumerate() {
            let links_made_text = self.shown_as_text.len();
            let at = format!("{}.html", game.id);
            let page = within(&game.folder, "game.html")
                .map_err(|outside| format!("{}: {outside}", game.folder.display()))
                .and_then(|path| Source::read(&path));
            let page = page.and_then(|source| {
                let title = source.title.clone().unwrap_or_else(|| game.name.clone());
                let page = Joined { content: self.rewrite(&source, &at)?, at: at.clone(), title };
                Ok((page, self.rewrite_linked_pages()?))
            });
            match page {
                // The page's files wait with it until it is written.
                Ok((page, linked)) => prepared.push((i, page, linked, std::mem::take(&mut self.pending))),
                Err(why) => {
                    self.pending.clear();
                    self.pages_due.clear();
                    self.shown_as_text.truncate(links_made_text);
                    left_out.push((i, why));
                }
            }
        }
        (prepared, left_out)
    }

    /// Where the file at `src` goes in `out` (a `/` path): a page that is
    /// built, or a file copied beside the pages that use it.
    fn place(&mut self, src: &Path) -> Result<String, String> {
        if src == self.help_dir.join(INDEX) {
            return Ok(format!("{HELP}/{INDEX}"));
        }
        if let Some(i) = self.game_page_of(src) {
            return Ok(format!("{}.html", self.games[i].id));
        }
        let dest = if let Ok(rel) = src.strip_prefix(&self.help_dir) {
            let rel = slashed(rel);
            if !rel.contains('/') && is_page(src) {
                return Ok(format!("{HELP}/{rel}"));
            }
            format!("{HELP}/{rel}")
        } else if let Some(i) = self.folders.iter().position(|f| src.starts_with(f)) {
            let rel = src.strip_prefix(&self.folders[i]).map(slashed).unwrap_or_default();
            let dest = format!("{}_files/{rel}", self.games[i].id);
            // A page beside game.html has links of its own, rewritten
            // for where it goes as the game type's page's are.
            if is_page(src) {
                self.pages_due.push((src.to_path_buf(), dest.clone()));
                return Ok(dest);
            }
            dest
        } else {
            return Err("leads out of the help and game type folders".into());
        };
        self.pending.push((src.to_path_buf(), dest.clone()));
        Ok(dest)
    }

    /// The pages due (see [`Site::pages_due`]) rewritten, each once, with
    /// those they link to in turn; the first that cannot be is the error.
    fn rewrite_linked_pages(&mut self) -> Result<Vec<Joined>, String> {
        let mut pages: Vec<Joined> = Vec::new();
        while !self.pages_due.is_empty() {
            let (src, at) = self.pages_due.remove(0);
            if pages.iter().any(|p| p.at == at) {
                continue;
            }
            let source = Source::read(&src)?;
            let title = source.title.clone().unwrap_or_else(|| stem(&src));
            pages.push(Joined { content: self.rewrite(&source, &at)?, at, title });
        }
        Ok(pages)
    }

    /// Writes `page` and the pages of its folder it links to, each with
    /// the game types list, the game type `current` marked in it. A page
    /// that two game types' pages link to is written once.
    fn write_pages(
        &mut self,
        page: &Joined,
        linked: &[Joined],
        menu: &Source,
        current: Option<usize>,
    ) -> Result<(), String> {
        for page in std::iter::once(page).chain(linked) {
            if !self.pages_written.insert(page.at.clone()) {
                continue;
            }
            let list = self.game_list(&page.at, current);
            self.write_page(&page.at, &page.title, menu, &page.content, Some(&list))?;
        }
        Ok(())
    }

    fn copy(&mut self, src: &Path, dest: &str) -> Result<(), String> {
        if !self.copied.insert(dest.to_string()) {
            return Ok(());
        }
        let bytes = fs::read(src).map_err(|e| format!("{}: cannot be read ({e})", src.display()))?;
        self.write_file(dest, &bytes)
    }

    /// Holds `bytes` to be written at `place` in `out` once every page is
    /// built: see [`Site::write_staged`].
    fn write_file(&mut self, place: &str, bytes: &[u8]) -> Result<(), String> {
        self.staged.push((place.to_string(), bytes.to_vec()));
        Ok(())
    }

    /// Writes every file held by [`Site::write_file`], once it is known
    /// that none of them would write over a file that is not the earlier
    /// build's ([`Record::may_write_over`]): a build refused, or cut short
    /// by a page that cannot be built, leaves the folder as it was.
    fn write_staged(&mut self) -> Result<(), String> {
        if let Some(earlier) = &self.earlier {
            earlier.may_write_over(self.out, self.staged.iter().map(|(place, _)| place.clone()))?;
        }
        for (place, bytes) in std::mem::take(&mut self.staged) {
            let to = self.out.join(place);
            make_parent(&to)?;
            replace_file(&to, &bytes)?;
            self.written.push(to);
        }
        Ok(())
    }

    /// The source's content written anew from its tokens, as the help
    /// reads them, for the page at `at`: see [`Content`]. Every `href`
    /// and `src` leads to where its file is in `out`.
    fn rewrite(&mut self, source: &Source, at: &str) -> Result<String, String> {
        let text = &source.text[source.content.clone()];
        let first_line = 1 + source.text[..source.content.start].matches('\n').count();
        let from = absolute(source.path.parent().unwrap_or(Path::new("")))?;
        let mut content = Content::with_capacity(text.len());
        for token in tokenize(text, &mut |_, _| {}) {
            match token {
                Token::Text { at: range, .. } => content.text(&text[range]),
                Token::Tag(tag) if tag.end => content.end(&tag.name),
                Token::Tag(tag) => {
                    let line = first_line + tag.line - 1;
                    let written = self
                        .start_tag(&tag, &from, at)
                        .map_err(|e| format!("{}:{line}: {e}", source.path.display()))?;
                    content.start(&tag, written);
                }
            }
        }
        Ok(content.finish())
    }

    /// The start tag `tag` as the page at `at` writes it, or None where it
    /// is left out (its text kept): an element the help does not show, a
    /// link the help never follows or to a page left out. Of its
    /// attributes, scripts (`on...=`) and styles go, and an address the
    /// help never follows; the others are written escaped, `href` and
    /// `src` leading to where their files are (the error names the
    /// address and why it cannot).
    fn start_tag(&mut self, tag: &Tag, from: &Path, at: &str) -> Result<Option<String>, String> {
        if !is_written(&tag.name) || (tag.name == "a" && self.link_shown_as_text(tag, from, at)) {
            return Ok(None);
        }
        let mut written = format!("<{}", tag.name);
        for attr in tag.attrs.iter().filter(|a| is_kept_attribute(&a.name)) {
            if attr.value_at.is_none() {
                written.push_str(&format!(" {}", attr.name));
                continue;
            }
            let mut value = decode_entities(&attr.value, 1, &mut |_, _| {});
            if attr.name == "href" || attr.name == "src" {
                if never_followed(&value).is_some() {
                    continue;
                }
                if let Some(new) = self.relink(from, value.trim(), at) {
                    value = new.map_err(|e| format!("`{}` {e}", value.trim()))?;
                }
            }
            written.push_str(&format!(" {}=\"{}\"", attr.name, escape(&value)));
        }
        written.push('>');
        Ok(Some(written))
    }

    /// Whether the link `tag` (an `<a>` on the page at `at`, whose source
    /// lies in `from`) is shown as its text alone: it leads where the help
    /// never follows (a script, a `file:`), or to a page left out.
    fn link_shown_as_text(&mut self, tag: &Tag, from: &Path, at: &str) -> bool {
        let never_followed = tag
            .attr("href")
            .is_some_and(|href| never_followed(&decode_entities(&href.value, 1, &mut |_, _| {})).is_some());
        never_followed || self.leads_to_unbuilt_page(tag, from, at)
    }

    /// Whether the link `tag` (an `<a>`, on the page at `at` in `out`,
    /// whose source lies in `from`) leads to the page of a game type left
    /// out: then it is noted, to be shown as its text alone.
    fn leads_to_unbuilt_page(&mut self, tag: &Tag, from: &Path, at: &str) -> bool {
        let Some(href) = tag.attr("href").filter(|_| !tag.end) else { return false };
        let value = decode_entities(&href.value, 1, &mut |_, _| {});
        let (path, _) = split_href(value.trim());
        if path.is_empty() || has_scheme(&value) {
            return false;
        }
        let Some(game) = self.game_page_of(&resolve(from, &path)).filter(|i| self.unbuilt.contains(i)) else {
            return false;
        };
        let noted = (game, at.to_string());
        if !self.shown_as_text.contains(&noted) {
            self.shown_as_text.push(noted);
        }
        true
    }

    /// The game type whose page is the file at `src`, if it is one.
    fn game_page_of(&self, src: &Path) -> Option<usize> {
        self.folders.iter().position(|f| src == in_any_case(f, "game.html"))
    }

    /// A link or picture address as seen from the page at `at`; None when
    /// it stays as written (an address with a scheme, a `#name`).
    fn relink(&mut self, from: &Path, value: &str, at: &str) -> Option<Result<String, String>> {
        let (path, fragment) = split_href(value);
        if path.is_empty() || has_scheme(value) {
            return None;
        }
        let src = resolve(from, &path);
        if !src.is_file() && src != self.help_dir.join(INDEX) {
            let inside = src.starts_with(&self.help_dir) || self.folders.iter().any(|f| src.starts_with(f));
            // A game type's picture that was never drawn is drawn by capture.
            let is_picture = src.file_name().is_some_and(|n| n.eq_ignore_ascii_case("game.bmp"))
                && self.folders.iter().any(|f| src.parent() == Some(f.as_path()));
            let why = match (inside, is_picture) {
                (true, true) => "leads to no file (`parlour capture` draws game.bmp)",
                (true, false) => "leads to no file",
                (false, _) => "leads out of the help and game type folders",
            };
            return Some(Err(why.into()));
        }
        // Nor through a link: a file of a folder shared with its game type
        // may not bring in one from elsewhere.
        let folder = std::iter::once(&self.help_dir).chain(&self.folders).find(|f| src.starts_with(f));
        if folder.is_some_and(|f| !resolves_inside(f, &src)) {
            return Some(Err("is outside the help and game type folders (a link to elsewhere)".into()));
        }
        Some(self.place(&src).map(|dest| {
            let mut href = percent_encode(&relative(at, &dest));
            if let Some(f) = fragment {
                href.push('#');
                href.push_str(f);
            }
            href
        }))
    }

    /// The game types as a list; the one whose page is `at` is marked.
    fn game_list(&self, at: &str, current: Option<usize>) -> String {
        let mut list = String::from("<ul>\n");
        for (i, g) in self.listed.iter().map(|&i| (i, &self.games[i])) {
            let href = relative(at, &format!("{}.html", g.id));
            let name = escape(&g.name);
            if Some(i) == current {
                list.push_str(&format!(
                    "<li class=\"current\"><a href=\"{href}\" aria-current=\"page\"><b>{name}</b></a></li>\n"
                ));
            } else {
                list.push_str(&format!("<li><a href=\"{href}\">{name}</a></li>\n"));
            }
        }
        list.push_str("</ul>");
        list
    }

    /// Writes the joined page at `at`: the menu, the content (already
    /// rewritten for `at`) and, if given, the game types list.
    fn write_page(
        &mut self,
        at: &str,
        title: &str,
        menu: &Source,
        content: &str,
        list: Option<&str>,
    ) -> Result<(), String> {
        let menu = self.rewrite(menu, at)?;
        let css = relative(at, &format!("{HELP}/help.css"));
        let list =
            list.map_or(String::new(), |l| format!("<div id=\"gametypes\">\n<h3>Game Types</h3>\n{l}\n</div>\n"));
        let html = format!(
            "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n\
             <link rel=\"stylesheet\" type=\"text/css\" href=\"{css}\">\n</head>\n<body>\n\
             <div id=\"menu\">{menu}</div>\n<div id=\"content\">{content}</div>\n{list}</body>\n</html>\n",
            escape(title)
        );
        self.write_file(at, html.as_bytes())?;
        for (src, dest) in std::mem::take(&mut self.pending) {
            self.copy(&src, &dest)?;
        }
        Ok(())
    }
}

/// An element open in the content being written.
struct OpenElement {
    name: String,
    /// Whether its start tag was written (one left out has no end tag).
    written: bool,
}

impl AsRef<str> for OpenElement {
    fn as_ref(&self) -> &str {
        &self.name
    }
}

/// A page's content written from its tokens, so that a browser shows what
/// the help viewer shows: elements close where the help closes them (a
/// `<b>` left open at `</p>` ends there, not at the end of the page), and
/// all still open at the end of the content close there, so that nothing
/// runs on into the game types list; text is written as the help reads
/// it (`&notanentity;` and `&ltx` stay as written, as a browser would
/// not show them), escaped.
struct Content {
    out: String,
    open: Vec<OpenElement>,
    /// The start tags left out for nesting deeper than the help reads
    /// them ([`MAX_DEPTH`]), the innermost last: their end tags close them.
    too_deep: Vec<String>,
}

impl Content {
    fn with_capacity(len: usize) -> Content {
        Content { out: String::with_capacity(len), open: Vec::new(), too_deep: Vec::new() }
    }

    fn text(&mut self, raw: &str) {
        self.out.push_str(&escape(&decode_entities(raw, 1, &mut |_, _| {})));
    }

    /// The start tag `tag`, written as `written` (None: left out, its
    /// text kept).
    fn start(&mut self, tag: &Tag, written: Option<String>) {
        let name = tag.name.as_str();
        if let Some(pos) = closed_by_start(&self.open, name) {
            self.close_from(pos);
        }
        if VOID.contains(&name) {
            self.out.push_str(written.as_deref().unwrap_or_default());
            return;
        }
        if self.open.len() >= MAX_DEPTH {
            if !tag.self_closing {
                self.too_deep.push(name.to_string());
            }
            return;
        }
        self.open.push(OpenElement { name: name.to_string(), written: written.is_some() });
        self.out.push_str(written.as_deref().unwrap_or_default());
        // `<div/>` is an element opened and closed, as the help reads it.
        if tag.self_closing {
            self.close_from(self.open.len() - 1);
        }
    }

    fn end(&mut self, name: &str) {
        if VOID.contains(&name) {
            // The help reads a stray `</br>` as a line break, as browsers do.
            if name == "br" {
                self.out.push_str("<br>");
            }
            return;
        }
        if self.too_deep.last().is_some_and(|n| n == name) {
            self.too_deep.pop();
            return;
        }
        // One that closes nothing is left out, as the help reads past it.
        if let Some(ClosedByEnd::Own(pos) | ClosedByEnd::OtherHeading(pos)) = closed_by_end(&self.open, name) {
            self.close_from(pos);
        }
    }

    /// Closes the element at `pos` in the open ones, and those inside it.
    fn close_from(&mut self, pos: usize) {
        for open in self.open.drain(pos..).rev().filter(|o| o.written) {
            self.out.push_str(&format!("</{}>", open.name));
        }
    }

    fn finish(mut self) -> String {
        self.close_from(0);
        self.out
    }
}

/// Elements of the help's HTML that a built page leaves out, their text
/// kept: scripts and styles, which the help never runs or uses (the site
/// has its own stylesheet), the page's frame and head, which the joined
/// page has its own of, and void elements the help draws nothing for.
const LEFT_OUT: [&str; 15] = [
    "script", "style", "html", "head", "body", "meta", "link", "base", "area", "col", "embed", "input", "param",
    "source", "track",
];

/// Whether a built page writes the tag of the element `name`: the help
/// shows it (an element it does not know is its text alone).
fn is_written(name: &str) -> bool {
    is_known(name) && !LEFT_OUT.contains(&name)
}

/// Whether a built page keeps an attribute of this name: not a script
/// (`onclick`) or a style, which the help never runs or uses, nor a name
/// a browser would not read as one (`<p <b>` has the attribute `<b`).
fn is_kept_attribute(name: &str) -> bool {
    let well_formed = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || "-_:.".contains(c));
    well_formed && !name.starts_with("on") && name != "style"
}

/// Writes `bytes` as a new file at `to`, in place of any there: the
/// built-in help is read-only, and a copy that kept that would stop the
/// next build writing over it.
fn replace_file(to: &Path, bytes: &[u8]) -> Result<(), String> {
    match fs::remove_file(to) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            return Err(format!("{}: cannot be replaced ({e})", to.display()));
        }
        _ => {}
    }
    fs::write(to, bytes).map_err(|e| crate::core::files::unwritable(to, &e))
}

/// The file the path `path` of a link or picture (`/` or `\\` between
/// its parts, in any case) names from the folder `from`.
fn resolve(from: &Path, path: &str) -> PathBuf {
    normal(&in_any_case(from, &path.replace('\\', "/")))
}

fn make_parent(file: &Path) -> Result<(), String> {
    match file.parent() {
        Some(dir) => fs::create_dir_all(dir).map_err(|e| format!("{}: cannot be made ({e})", dir.display())),
        None => Ok(()),
    }
}

fn is_page(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm"))
}

fn stem(path: &Path) -> String {
    path.file_stem().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

/// `path` made absolute, with `.` and `..` taken out (without looking at
/// the disk, so that paths compare as written).
fn absolute(path: &Path) -> Result<PathBuf, String> {
    std::path::absolute(path).map(|p| normal(&p)).map_err(|e| format!("{}: {e}", path.display()))
}

fn normal(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            c => out.push(c),
        }
    }
    out
}

/// A relative path with `/` between its parts.
fn slashed(rel: &Path) -> String {
    rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect::<Vec<_>>().join("/")
}

/// The way from the page at `from` to the file at `to`, both `/` paths
/// inside `out`.
fn relative(from: &str, to: &str) -> String {
    let from: Vec<&str> = from.split('/').collect();
    let from = &from[..from.len() - 1];
    let to: Vec<&str> = to.split('/').collect();
    let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<&str> = vec![".."; from.len() - common];
    parts.extend(&to[common..]);
    parts.join("/")
}

/// Characters that may stand in a URL path as they are.
fn percent_encode(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/!$'()*+,;=@".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Text safe inside an element or a double-quoted attribute.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::html::split_href;

    const MENU: &str = "<html><head><title>Menu</title></head><body><div id=\"content\">\n<ul><li><a href=\"intro.html\">Intro</a></li>\n<li><a href=\"gametypes.html\">Game Types</a></li></ul>\n</div></body></html>";

    fn page(title: &str, content: &str) -> String {
        format!(
            "<html>\n<head>\n<title>{title}</title>\n<link rel=\"stylesheet\" href=\"../../Help/help.css\">\n</head>\n<body>\n<div id=\"content\">\n{content}\n</div>\n</body>\n</html>\n"
        )
    }

    /// A help folder and two game types in a temporary folder.
    fn tree() -> (tempfile::TempDir, PathBuf, Vec<HelpGame>) {
        let tmp = tempfile::tempdir().unwrap();
        let help = tmp.path().join("guide/Help");
        fs::create_dir_all(help.join("pics")).unwrap();
        fs::write(help.join("help.css"), "body {}").unwrap();
        fs::write(help.join("menu.html"), MENU).unwrap();
        fs::write(help.join("pics/logo.png"), "png").unwrap();
        fs::write(
            help.join("intro.html"),
            page(
                "Intro &amp; more",
                "<p><img src=\"pics/logo.png\"> <a href=\"../../games/Game A/game.html\">A</a></p>",
            ),
        )
        .unwrap();
        let mut games = Vec::new();
        for (id, name, content) in [
            (
                "game-a",
                "Game A",
                "<p id=\"top\"><img src=\"pic 1.bmp\"><div><a href=\"../Game B/game.html#deal\">B</a></div> <a href=\"http://x.org/\">web</a> <a href=\"#top\">top</a> <a href=\"../../guide/Help/intro.html\">intro</a></p>",
            ),
            ("game-b", "B & Co", "<h2 id=\"deal\">Deal</h2>"),
        ] {
            let folder = tmp.path().join("games").join(if id == "game-a" { "Game A" } else { "Game B" });
            fs::create_dir_all(&folder).unwrap();
            fs::write(folder.join("game.html"), page(name, content)).unwrap();
            fs::write(folder.join("pic 1.bmp"), "bmp").unwrap();
            games.push(HelpGame { id: id.into(), name: name.into(), folder });
        }
        (tmp, help, games)
    }

    #[test]
    fn pages_are_joined_and_links_follow_their_files() {
        let (tmp, help, games) = tree();
        let out = tmp.path().join("out");
        let written = build(&games, &help, &out).unwrap().written;
        assert_local_links_resolve(&out, &written);
        let mut names: Vec<String> = written.iter().map(|p| slashed(p.strip_prefix(&out).unwrap())).collect();
        names.sort();
        assert_eq!(
            names,
            [
                "Help/gametypes.html",
                "Help/help.css",
                "Help/intro.html",
                "Help/menu.html",
                "Help/pics/logo.png",
                "game-a.html",
                "game-a_files/pic 1.bmp",
                "game-b.html",
            ]
        );
        let a = fs::read_to_string(out.join("game-a.html")).unwrap();
        assert!(a.contains("<title>Game A</title>"), "{a}");
        assert!(a.contains("href=\"Help/help.css\""), "{a}");
        assert!(a.contains("<div id=\"menu\">\n<ul><li><a href=\"Help/intro.html\">Intro</a></li>\n<li><a href=\"Help/gametypes.html\">"), "{a}");
        assert!(a.contains("<img src=\"game-a_files/pic%201.bmp\">"), "{a}");
        assert!(a.contains("<a href=\"game-b.html#deal\">B</a>"), "{a}");
        assert!(
            a.contains(
                "<a href=\"http://x.org/\">web</a> <a href=\"#top\">top</a> <a href=\"Help/intro.html\">intro</a>"
            ),
            "{a}"
        );
        assert!(a.contains("<div id=\"gametypes\">\n<h3>Game Types</h3>\n<ul>\n<li class=\"current\"><a href=\"game-a.html\" aria-current=\"page\"><b>Game A</b></a></li>\n<li><a href=\"game-b.html\">B &amp; Co</a></li>\n</ul>\n</div>"), "{a}");
        // The nested div inside the content stays whole.
        assert!(a.contains("</a></div> <a"), "{a}");
        let intro = fs::read_to_string(out.join("Help/intro.html")).unwrap();
        assert!(intro.contains("<title>Intro &amp; more</title>"), "{intro}");
        assert!(intro.contains("href=\"help.css\""), "{intro}");
        assert!(intro.contains("<img src=\"pics/logo.png\"> <a href=\"../game-a.html\">A</a>"), "{intro}");
        assert!(intro.contains("<li><a href=\"../game-b.html\">B &amp; Co</a></li>"), "{intro}");
        let index = fs::read_to_string(out.join("Help/gametypes.html")).unwrap();
        assert!(index.contains("There are 2 of them"), "{index}");
        assert!(!index.contains("id=\"gametypes\""), "{index}");
    }

    /// Every local link and picture of the pages written leads to a file
    /// of the site.
    fn assert_local_links_resolve(out: &Path, written: &[PathBuf]) {
        for page in written.iter().filter(|p| is_page(p)) {
            let text = fs::read_to_string(page).unwrap();
            for token in tokenize(&text, &mut |_, _| {}) {
                let Token::Tag(tag) = token else { continue };
                for attr in tag.attrs.iter().filter(|a| a.name == "href" || a.name == "src") {
                    let (path, _) = split_href(&decode_entities(&attr.value, 1, &mut |_, _| {}));
                    if path.is_empty() || has_scheme(&attr.value) {
                        continue;
                    }
                    let file = normal(&page.parent().unwrap().join(&path));
                    assert!(
                        file.is_file() && file.starts_with(out),
                        "{}: `{}` leads nowhere",
                        page.display(),
                        attr.value
                    );
                }
            }
        }
    }

    /// A page beside game.html that it links to (and one that links on)
    /// is built beside the game type's page, its links rewritten as the
    /// game type's page's are: back to game.html, to another game type's
    /// page, to a page in a folder of its own, to a picture. A page two
    /// game types link to is written once.
    #[test]
    fn pages_beside_game_html_are_built_with_their_links() {
        let (tmp, help, games) = tree();
        let out = tmp.path().join("out");
        fs::write(help.join("intro.html"), page("Intro", "")).unwrap();
        let (a, b) = (&games[0].folder, &games[1].folder);
        fs::write(a.join("game.html"), page("A", "<a href=\"notes.html\">Notes</a>")).unwrap();
        let notes = "<a href=\"game.html#top\">Back</a> <a href=\"../Game B/game.html\">B</a> \
            <a href=\"more/deep.html\">Deep</a> <img src=\"pic 1.bmp\">";
        fs::write(a.join("notes.html"), page("Notes &amp; tips", notes)).unwrap();
        fs::create_dir(a.join("more")).unwrap();
        fs::write(a.join("more/deep.html"), page("Deep", "<a href=\"../notes.html\">Up</a>")).unwrap();
        fs::write(b.join("game.html"), page("B", "<a href=\"../Game A/notes.html\">A's notes</a>")).unwrap();
        let written = build(&games, &help, &out).unwrap().written;
        assert_local_links_resolve(&out, &written);
        let notes = fs::read_to_string(out.join("game-a_files/notes.html")).unwrap();
        assert!(notes.contains("<title>Notes &amp; tips</title>") && notes.contains("href=\"../Help/help.css\""));
        assert!(
            notes.contains("<a href=\"../game-a.html#top\">Back</a> <a href=\"../game-b.html\">B</a> <a href=\"more/deep.html\">Deep</a> <img src=\"pic%201.bmp\">"),
            "{notes}"
        );
        assert!(notes.contains("<li class=\"current\"><a href=\"../game-a.html\""), "{notes}");
        let deep = fs::read_to_string(out.join("game-a_files/more/deep.html")).unwrap();
        assert!(deep.contains("<a href=\"../notes.html\">Up</a>"), "{deep}");
        let twice = written.iter().filter(|w| w.ends_with("game-a_files/notes.html")).count();
        assert_eq!(twice, 1, "{written:?}");
        // A page beside game.html whose link leads nowhere leaves the game
        // type out, as its page's own would, saying where.
        fs::write(a.join("more/deep.html"), page("Deep", "<a href=\"gone.html\">x</a>")).unwrap();
        let built = build(&games, &help, &out).unwrap();
        assert!(built.left_out[0].1.ends_with("deep.html:8: `gone.html` leads to no file"), "{built:?}");
        assert_local_links_resolve(&out, &built.written);
    }

    /// A game type's page that cannot be built is left out, with its
    /// place and reason, and the rest of the site is built without it; a
    /// page of the help's own stops the build.
    #[test]
    fn problems_leave_a_game_out_or_stop_the_build_with_their_place() {
        let (tmp, help, games) = tree();
        let out = tmp.path().join("out");
        let a = games[0].folder.join("game.html");
        fs::write(&a, page("A", "<p>\n<img src=\"gone.bmp\">")).unwrap();
        let built = build(&games, &help, &out).unwrap();
        assert_eq!(built.left_out, [(0, format!("{}:9: `gone.bmp` leads to no file", a.display()))]);
        assert!(!out.join("game-a.html").exists() && out.join("game-b.html").is_file());
        // Its own picture, never drawn, is told as capture's to draw.
        fs::write(&a, page("A", "<p>\n<img src=\"game.bmp\">")).unwrap();
        let built = build(&games, &help, &out).unwrap();
        let told = format!("{}:9: `game.bmp` leads to no file (`parlour capture` draws game.bmp)", a.display());
        assert_eq!(built.left_out, [(0, told)]);
        let index = fs::read_to_string(out.join("Help/gametypes.html")).unwrap();
        assert!(index.contains("There is one:") && !index.contains("game-a.html"), "{index}");
        fs::write(&a, page("A", "<a href=\"../../secret.txt\">x</a>")).unwrap();
        fs::write(tmp.path().join("secret.txt"), "x").unwrap();
        let built = build(&games, &help, &out).unwrap();
        assert!(
            built.left_out[0].1.ends_with("`../../secret.txt` leads out of the help and game type folders"),
            "{built:?}"
        );
        // A game type without a game.html is left out for want of it, and
        // a help page's link to it is plain text.
        fs::remove_file(&a).unwrap();
        let built = build(&games, &help, &out).unwrap();
        assert!(built.left_out[0].1.contains("game.html: cannot be read"), "{built:?}");
        assert_eq!(built.shown_as_text, [(0, "Help/intro.html".to_string())]);
        // A help page's link to a file that is not there stops the build.
        fs::write(help.join("intro.html"), page("Intro", "<a href=\"gone.html\">x</a>")).unwrap();
        let err = build(&games, &help, &out).unwrap_err();
        assert!(err.ends_with("intro.html:8: `gone.html` leads to no file"), "{err}");
        fs::write(help.join("intro.html"), page("Intro", "")).unwrap();
        // A game type left out takes none of the files of those before it.
        fs::write(&a, page("A", "<img src=\"pic 1.bmp\">")).unwrap();
        let b = games[1].folder.join("game.html");
        fs::write(&b, page("B", "<a href=\"../../../nowhere/rules.html\">x</a>")).unwrap();
        fs::remove_dir_all(&out).unwrap();
        let built = build(&games, &help, &out).unwrap();
        assert!(built.left_out[0].1.ends_with("leads out of the help and game type folders"), "{built:?}");
        assert!(out.join("game-a_files/pic 1.bmp").is_file(), "{:?}", built.written);
        let bad = vec![HelpGame { id: "../x".into(), ..games[1].clone() }];
        assert_eq!(build(&bad, &help, &out).unwrap_err(), "the game type id `../x` cannot name a file");
        fs::remove_file(help.join("menu.html")).unwrap();
        assert!(build(&games[1..], &help, &out).unwrap_err().contains("menu.html: cannot be read"));
    }

    /// A link to the page of a game type left out is shown as its text
    /// alone, noted for the message that tells of it: a built site has no
    /// link to a page it lacks. A page left out at first only for linking
    /// to such a page (one that is a link to elsewhere) is built.
    #[test]
    fn links_to_a_page_left_out_are_plain_text() {
        let (tmp, help, games) = tree();
        let out = tmp.path().join("out");
        let b = games[1].folder.join("game.html");
        fs::write(&b, page("B", "<img src=\"gone.bmp\">")).unwrap();
        let built = build(&games, &help, &out).unwrap();
        assert_eq!(built.left_out.len(), 1, "{built:?}");
        assert_eq!(built.shown_as_text, [(1, "game-a.html".to_string())]);
        assert_local_links_resolve(&out, &built.written);
        let a = fs::read_to_string(out.join("game-a.html")).unwrap();
        assert!(a.contains("<div>B</div>"), "{a}");
        #[cfg(unix)]
        {
            fs::write(tmp.path().join("secret.html"), page("Secret", "<p>secret</p>")).unwrap();
            fs::remove_file(&b).unwrap();
            std::os::unix::fs::symlink(tmp.path().join("secret.html"), &b).unwrap();
            let built = build(&games, &help, &out).unwrap();
            assert_eq!(built.left_out.iter().map(|(i, _)| *i).collect::<Vec<_>>(), [1], "{built:?}");
            assert_eq!(built.shown_as_text, [(1, "game-a.html".to_string())]);
            assert_local_links_resolve(&out, &built.written);
        }
    }

    /// A game type's page, or a picture it shows, that is a link to a file
    /// outside the folders is never copied into the site.
    #[cfg(unix)]
    #[test]
    fn links_out_of_the_folders_are_not_followed() {
        let (tmp, help, games) = tree();
        let out = tmp.path().join("out");
        fs::write(tmp.path().join("secret.html"), page("Secret", "<p>secret</p>")).unwrap();
        let b = games[1].folder.join("game.html");
        fs::remove_file(&b).unwrap();
        std::os::unix::fs::symlink(tmp.path().join("secret.html"), &b).unwrap();
        let pic = games[0].folder.join("pic 1.bmp");
        fs::remove_file(&pic).unwrap();
        std::os::unix::fs::symlink(tmp.path().join("secret.html"), &pic).unwrap();
        let built = build(&games, &help, &out).unwrap();
        assert_eq!(built.left_out.len(), 2, "{built:?}");
        assert!(built.left_out.iter().all(|(_, w)| w.contains("(a link to elsewhere)")), "{built:?}");
        assert!(built.written.iter().all(|w| !fs::read_to_string(w).unwrap_or_default().contains("secret")));
    }

    /// A folder with files of the reader's own is refused whole; one an
    /// earlier build made is built over.
    #[test]
    fn a_folder_of_other_files_is_never_written_over() {
        let (tmp, help, games) = tree();
        let out = tmp.path().join("out");
        fs::create_dir_all(&out).unwrap();
        fs::write(out.join("game-a.html"), "mine").unwrap();
        let err = build(&games, &help, &out).unwrap_err();
        assert!(err.contains("holds files of its own"), "{err}");
        assert_eq!(fs::read_to_string(out.join("game-a.html")).unwrap(), "mine");
        let again = tmp.path().join("again");
        build(&games, &help, &again).unwrap();
        build(&games, &help, &again).unwrap();
        // Nor is a file taken for the folder.
        let file = tmp.path().join("notes.txt");
        fs::write(&file, "mine").unwrap();
        let err = build(&games, &help, &file).unwrap_err();
        assert!(err.ends_with("notes.txt: is a file, not a folder: give a new or empty folder for the help"), "{err}");
        assert_eq!(fs::read_to_string(&file).unwrap(), "mine");
    }

    /// Only the last folder is made: a path whose parent is not there is
    /// refused, naming the missing folder, and nothing is made.
    #[test]
    fn a_folder_whose_parent_is_missing_is_refused_not_made() {
        let (tmp, help, games) = tree();
        let missing = tmp.path().join("nosuch");
        let err = build(&games, &help, &missing.join("out")).unwrap_err();
        let says = format!("out: cannot be made: the folder {} does not exist", missing.display());
        assert!(err.ends_with(&says), "{err}");
        assert!(!missing.exists());
    }

    /// A rebuild removes the pages an earlier build made and this one
    /// does not (a game type gone), with their folders of files; never a
    /// file the reader put there or changed, nor one a record leads out to.
    #[test]
    fn a_rebuild_removes_the_pages_of_game_types_gone() {
        let (tmp, help, games) = tree();
        let out = tmp.path().join("out");
        fs::write(help.join("intro.html"), page("Intro", "")).unwrap();
        build(&games, &help, &out).unwrap();
        fs::write(out.join("notes.txt"), "mine").unwrap();
        let built = build(&games[1..], &help, &out).unwrap();
        let mut removed: Vec<String> = built.removed.iter().map(|p| slashed(p.strip_prefix(&out).unwrap())).collect();
        removed.sort();
        assert_eq!(removed, ["game-a.html", "game-a_files", "game-a_files/pic 1.bmp"]);
        assert!(!out.join("game-a.html").exists() && !out.join("game-a_files").exists());
        assert!(out.join("game-b.html").is_file() && out.join("notes.txt").is_file() && !built.earlier_unrecorded);
        // A page the reader changed, and a file put beside the pictures,
        // are theirs: the folder stays for them.
        build(&games, &help, &out).unwrap();
        fs::write(out.join("game-a.html"), "edited").unwrap();
        fs::write(out.join("game-a_files/mine.txt"), "mine").unwrap();
        let removed = build(&games[1..], &help, &out).unwrap().removed;
        assert_eq!(removed, [out.join("game-a_files/pic 1.bmp")]);
        assert!(out.join("game-a.html").is_file() && out.join("game-a_files/mine.txt").is_file());
        // A record naming a way out of the folder removes nothing there.
        let outside = tmp.path().join("outside.txt");
        fs::write(&outside, "x").unwrap();
        let sum = crate::core::fnv1a64(b"x");
        let mark = fs::read_to_string(out.join(MARK)).unwrap();
        fs::write(out.join(MARK), format!("{mark}{sum:016x} ../outside.txt\n{sum:016x} /{}\n", outside.display()))
            .unwrap();
        assert!(build(&games[1..], &help, &out).unwrap().removed.is_empty());
        assert!(outside.is_file());
    }

    /// A page the reader edited after a build, or a file of theirs where a
    /// page goes, is never written over: the build stops, naming it. An
    /// older Parlour's mark, with no record to tell, is built over as
    /// ever.
    #[test]
    fn a_file_changed_since_the_last_build_is_never_written_over() {
        let (tmp, help, games) = tree();
        let out = tmp.path().join("out");
        fs::write(help.join("intro.html"), page("Intro", "")).unwrap();
        build(&games, &help, &out).unwrap();
        let game_a = out.join("game-a.html");
        let edited = format!("{}<p>MY NOTE</p>\n", fs::read_to_string(&game_a).unwrap());
        fs::write(&game_a, &edited).unwrap();
        let err = build(&games, &help, &out).unwrap_err();
        let says = "game-a.html: has changed since the last build wrote it, and this build would write over it: \
            move it away (or delete it) to build again";
        assert!(err.starts_with(&out.display().to_string()) && err.ends_with(says), "{err}");
        assert_eq!(fs::read_to_string(&game_a).unwrap(), edited);
        // Still the reader's after a build that leaves it be.
        build(&games[1..], &help, &out).unwrap();
        let err = build(&games, &help, &out).unwrap_err();
        assert!(err.contains("game-a.html: was not written by the last build"), "{err}");
        assert_eq!(fs::read_to_string(&game_a).unwrap(), edited);
        fs::remove_file(&game_a).unwrap();
        build(&games, &help, &out).unwrap();
        fs::write(&game_a, &edited).unwrap();
        fs::write(out.join(MARK), "Made by `parlour help --html`, which may build again over the files here.\n")
            .unwrap();
        assert!(build(&games, &help, &out).unwrap().earlier_unrecorded);
        assert!(!fs::read_to_string(&game_a).unwrap().contains("MY NOTE"));
    }

    /// A build refused for files in the way names them all, and writes
    /// nothing: not even the pages it could have written before it met
    /// them.
    #[test]
    fn a_build_refused_names_every_file_in_the_way_and_writes_nothing() {
        let (tmp, help, games) = tree();
        let out = tmp.path().join("out");
        fs::write(help.join("intro.html"), page("Intro", "")).unwrap();
        build(&games, &help, &out).unwrap();
        let game_b = out.join("game-b.html");
        let built_b = fs::read_to_string(&game_b).unwrap();
        let source_b = in_any_case(&games[1].folder, "game.html");
        fs::write(&source_b, fs::read_to_string(&source_b).unwrap().replace("Deal</h2>", "Deal</h2><p>NEW RULE</p>"))
            .unwrap();
        for edited in ["game-a.html", "Help/intro.html"] {
            fs::write(out.join(edited), "edited").unwrap();
        }
        let err = build(&games, &help, &out).unwrap_err();
        assert!(err.starts_with("2 files are in the way"), "{err}");
        for edited in ["game-a.html", "Help/intro.html"] {
            let says = format!("{}: has changed since the last build wrote it", out.join(edited).display());
            assert!(err.contains(&says), "{err}");
            assert_eq!(fs::read_to_string(out.join(edited)).unwrap(), "edited");
        }
        assert_eq!(fs::read_to_string(&game_b).unwrap(), built_b);
        for edited in ["game-a.html", "Help/intro.html"] {
            fs::remove_file(out.join(edited)).unwrap();
        }
        build(&games, &help, &out).unwrap();
        assert!(fs::read_to_string(&game_b).unwrap().contains("NEW RULE"));
    }

    /// Files copied from the read-only built-in help are written anew, so
    /// that the next build can write over them.
    #[cfg(unix)]
    #[test]
    fn copies_of_read_only_files_can_be_built_over() {
        use std::os::unix::fs::PermissionsExt;
        let (tmp, help, games) = tree();
        let out = tmp.path().join("out");
        fs::write(help.join("intro.html"), page("Intro", "")).unwrap();
        for file in [help.join("help.css"), games[0].folder.join("pic 1.bmp")] {
            fs::set_permissions(file, fs::Permissions::from_mode(0o444)).unwrap();
        }
        build(&games, &help, &out).unwrap();
        for copy in ["Help/help.css", "game-a_files/pic 1.bmp"] {
            let mode = fs::metadata(out.join(copy)).unwrap().permissions().mode();
            assert!(mode & 0o200 != 0, "{copy}: {mode:o}");
        }
        build(&games, &help, &out).unwrap();
    }

    /// A folder an older Parlour built holds no record: nothing in it is
    /// removed, and the build says so.
    #[test]
    fn a_build_without_a_record_is_left_as_it_is() {
        let (tmp, help, games) = tree();
        let out = tmp.path().join("out");
        fs::write(help.join("intro.html"), page("Intro", "")).unwrap();
        build(&games, &help, &out).unwrap();
        fs::write(out.join(MARK), "Made by `parlour help --html`, which may build again over the files here.\n")
            .unwrap();
        let built = build(&games[1..], &help, &out).unwrap();
        assert!(built.removed.is_empty() && built.earlier_unrecorded, "{built:?}");
        assert!(out.join("game-a.html").is_file());
        // Its record is this build's: the next one knows what it made.
        assert!(!build(&games[1..], &help, &out).unwrap().earlier_unrecorded);
    }

    /// Links and pictures named in another case than their files, as
    /// pages written on Windows have them, find their files.
    #[test]
    fn names_in_another_case_find_their_files() {
        let (tmp, help, games) = tree();
        let out = tmp.path().join("out");
        fs::write(help.join("intro.html"), page("Intro", "")).unwrap();
        let content = "<p><img src=\"PIC 1.BMP\"> <a href=\"../game b/Game.HTML\">B</a></p>";
        fs::write(games[0].folder.join("game.html"), page("A", content)).unwrap();
        build(&games, &help, &out).unwrap();
        let built = fs::read_to_string(out.join("game-a.html")).unwrap();
        assert!(
            built.contains("src=\"game-a_files/pic%201.bmp\"") && built.contains("href=\"game-b.html\""),
            "{built}"
        );
    }

    #[test]
    fn broken_pages_still_give_content() {
        let (tmp, help, games) = tree();
        let out = tmp.path().join("out");
        fs::write(help.join("intro.html"), page("Intro", "")).unwrap();
        for (text, content) in [
            ("</body><div id=\"content\">late", "late"),
            ("<body><p>no div</p></body>", "<p>no div</p>"),
            ("bare <b>text", "bare <b>text</b>"),
            ("<div class=\"main content\"><div>in</div>", "<div>in</div>"),
        ] {
            fs::write(games[1].folder.join("game.html"), text).unwrap();
            build(&games[1..], &help, &out).unwrap_or_else(|e| panic!("{text}: {e}"));
            let page = fs::read_to_string(out.join("game-b.html")).unwrap();
            assert!(page.contains(&format!("<div id=\"content\">{content}</div>")), "{page}");
            assert!(page.contains("<title>B &amp; Co</title>"), "{page}");
        }
    }

    /// A page's content is written as the help reads it, so that a
    /// browser shows what the viewer shows: a `<b>` left open ends with
    /// its paragraph and a div left open with the content, never running
    /// on into the game types list; text the help shows as written is
    /// written so; scripts, styles and links the help never follows go,
    /// such a link's text kept.
    #[test]
    fn content_is_written_as_the_help_reads_it() {
        let (tmp, help, games) = tree();
        let out = tmp.path().join("out");
        fs::write(help.join("intro.html"), page("Intro", "")).unwrap();
        let content = "<p>Bold starts <b>here and <i>never ends.</p>\n<div class=\"box\"><p>An unclosed div\n\
            <p>Bad ref &notanentity; and &ltx and AT&T.</p>\n<script>alert(1)</script><style>p {}</style>\n\
            <p onclick=\"x()\" style=\"color: red\" title=\"a &amp; &quot;b&quot;\"><a href=\"javascript:x()\">run</a> \
            <a href=\" FILE:///etc/passwd\">file</a> <img src=\"java&#9;script:y\" alt=\"pic\"></p>";
        fs::write(games[1].folder.join("game.html"), page("B", content)).unwrap();
        build(&games, &help, &out).unwrap();
        let built = fs::read_to_string(out.join("game-b.html")).unwrap();
        let written = "<div id=\"content\">\n<p>Bold starts <b>here and <i>never ends.</i></b></p>\n\
            <div class=\"box\"><p>An unclosed div\n</p><p>Bad ref &amp;notanentity; and &amp;ltx and AT&amp;T.</p>\n\n\
            <p title=\"a &amp; &quot;b&quot;\">run file <img alt=\"pic\"></p>\n</div>\n</div>\n<div id=\"gametypes\">";
        assert!(built.contains(written), "{built}");
    }

    #[test]
    fn garbage_pages_never_panic() {
        let (tmp, help, games) = tree();
        let out = tmp.path().join("out");
        fs::write(help.join("intro.html"), page("Intro", "")).unwrap();
        let mut rng = crate::core::GameRng::new(3);
        let alphabet: Vec<char> = "<>/=\"' !-#&;adivbtlhrefsrcontey.é\n".chars().collect();
        for _ in 0..100 {
            let len = rng.below(120) as usize;
            let text: String = (0..len).map(|_| alphabet[rng.below(alphabet.len() as u32) as usize]).collect();
            fs::write(games[1].folder.join("game.html"), &text).unwrap();
            // Any page is built into the cache, inside its menu and frame.
            let written = build(&games[1..], &help, &out).unwrap_or_else(|e| panic!("{text:?}: {e}")).written;
            let page = written.iter().find(|p| p.ends_with("game-b.html")).expect("the game's page is written");
            let html = fs::read_to_string(page).unwrap();
            assert!(html.contains("<div id=\"menu\">") && html.contains("<div id=\"content\">"), "{text:?}");
        }
    }

    #[test]
    fn relative_paths_and_escapes() {
        assert_eq!(relative("a.html", "Help/help.css"), "Help/help.css");
        assert_eq!(relative("Help/intro.html", "a.html"), "../a.html");
        assert_eq!(relative("Help/intro.html", "Help/pics/x.png"), "pics/x.png");
        assert_eq!(percent_encode("a b/é?#.png"), "a%20b/%C3%A9%3F%23.png");
        assert_eq!(escape("<a & \"b\">"), "&lt;a &amp; &quot;b&quot;&gt;");
    }
}
