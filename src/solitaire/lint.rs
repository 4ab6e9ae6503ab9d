//! `parlour lint` for solitaire game types: a game-type folder (game.ini,
//! game.html and game.bmp, as the YaZZle "Game Types" spec asks for them) or
//! a lone game.ini (its rules only).
//!
//! Every problem is a [`Diagnostic`] printed `file:line: message`; problems
//! with a whole binary file (game.bmp) or a missing file are on line 1.
//!
//! game.html is split into tokens by `core::html`, the tokenizer the help
//! reads it with, so lint sees the page as the help shows it (comments,
//! `<!DOCTYPE>`, quoted attributes, void elements and the raw text of
//! `<script>` and `<style>`). The checks need only the nesting of a few
//! elements, attributes and heading texts: an end tag closes everything
//! opened after its start tag (so unclosed `<p>` and `<li>` do no harm).

use crate::core::files::{in_any_case, inside_folder, limits, read_capped, within};
use std::path::{Path, PathBuf};

use super::ini::IniDoc;
use super::rules::{Mode, Rules};
use super::spec::{Build, Diagnostic, GameSpec, PileKind, WinWhen};
use crate::cards::Rank;
use crate::core::html::{
    ClosedByEnd, MAX_DEPTH, Tag, Token, VOID, closed_by_end, decode_entities, has_scheme, heading_closed_by,
    is_heading, never_followed_told, newlines, no_such_link, no_such_picture, split_href, tokenize,
};
use crate::core::plural;

/// The help's sections, in their order, as headings of game.html.
pub const HEADINGS: [&str; 10] = [
    "Winning",
    "The Layout",
    "The Deal",
    "Game Play",
    "Notes",
    "Decks",
    "Difficulty",
    "Strategy",
    "Easy Play",
    "Hard Play",
];

/// game.bmp's size: the YaZZle window reduced to 200 x 150.
pub const BMP_WIDTH: i64 = 200;
pub const BMP_HEIGHT: i64 = 150;

/// Whether [`lint_path`] knows what `path` is: a folder holding a game.ini
/// (any case) or a file whose name ends in `.ini`.
pub fn accepts(path: &Path) -> bool {
    if path.is_dir() {
        // A folder with only the help, the picture or a game.ini.txt is a
        // game type that lacks its game.ini, which the check then says.
        return ["game.ini", "game.html", "game.bmp"].iter().any(|f| find_file(path, f).is_some())
            || super::library::game_ini_as_text(path).is_some();
    }
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| e.eq_ignore_ascii_case("ini"))
}

/// Checks a game-type folder or a game.ini file.
pub fn lint_path(path: &Path) -> Vec<Diagnostic> {
    if path.is_dir() { lint_folder(path) } else { lint_ini(path) }
}

/// Checks a game.ini alone: its rules, nothing else. The checks of the
/// whole game that stand apart from what reading it found (what the
/// foundations hold, an adding game's leftovers, the deal's cards) are
/// made even where it found errors, so that one run tells every mistake.
pub fn lint_ini(path: &Path) -> Vec<Diagnostic> {
    let bytes = match read_capped(path, limits::RULES) {
        Ok(bytes) => bytes,
        Err(e) => return vec![Diagnostic::error(path, 1, format!("cannot be read ({e})"))],
    };
    rules_problems(path, &bytes)
}

/// What is wrong with the rules in `bytes`, the game.ini at `path`.
fn rules_problems(path: &Path, bytes: &[u8]) -> Vec<Diagnostic> {
    match GameSpec::read_all(path, bytes) {
        (Some(spec), found) => with_room_checked(&spec, found),
        (None, mut found) => {
            found.sort_by_key(|d| d.line);
            found
        }
    }
}

/// `found` with what would stop `spec` being played and what
/// [`foundation_room`] and [`addition_leftovers`] say of it, in line order
/// (listed as the file reads, the whole game's checks among the rest).
fn with_room_checked(spec: &GameSpec, mut found: Vec<Diagnostic>) -> Vec<Diagnostic> {
    // What would stop the game type opening, as play says it, where
    // reading it found nothing that would (else it only says that again).
    if !found.iter().any(Diagnostic::is_error)
        && let Err(e) = super::library::playable("lint".into(), spec)
    {
        found.push(Diagnostic::error(&spec.path, 1, e));
    }
    found.extend(foundation_room(spec));
    found.extend(addition_leftovers(spec));
    found.extend(hidden_stock_cards(spec));
    found.extend(foundation_deal(spec));
    found.extend(start_card_face_down(spec));
    found.extend(name_undrawn(spec));
    // Said only of a game type with nothing else wrong, which would be
    // the cause: a deal over at once is the sum of what went wrong.
    if !found.iter().any(Diagnostic::is_error) {
        found.extend(over_at_the_deal(spec));
    }
    found.sort_by_key(|d| d.line);
    found
}

/// Cards left in a stock the player never sees: Parlour deals from no
/// hidden stock (the guide's Visibility=0 is for games that deal every
/// card), so they are never played. A warning: the spec says only that
/// such a stock is not shown, and the game still plays.
fn hidden_stock_cards(spec: &GameSpec) -> Option<Diagnostic> {
    let left = spec.game.total_cards().checked_sub(spec.dealt.len()).filter(|&n| n > 0)?;
    if spec.stock.visibility || spec.stock_piles.is_empty() {
        return None;
    }
    let cards = if left == 1 { "1 card stays".to_string() } else { format!("{left} cards stay") };
    let lost = if spec.game.win_when == WinWhen::Foundations { ", so the game cannot be won" } else { "" };
    Some(Diagnostic::warning(
        &spec.path,
        spec.doc.line_of("Stock", "Visibility"),
        format!(
            "[Stock] Visibility=0 hides the stock, but {cards} in it after the deal ([Game] NumCardsDealt={} of \
             {}) and a hidden stock is never dealt from: they can never be played{lost}",
            spec.dealt.len(),
            spec.game.total_cards()
        ),
    ))
}

/// What the deal lays on the foundations, each kind of mistake told once
/// a foundation, on the first card that makes it: a card dealt face down
/// (a foundation shows its cards, so it lies face up); a card dealt at
/// random onto another (they do not build on each other); or a random
/// first card on a foundation built one way from a set rank without
/// AllowWrap, which may then hold only the ranks from that card on.
/// Warnings, as the spec lets any card be dealt anywhere: Golf deals a
/// random card to its foundation, built up and down from any rank, and
/// StartRankCard (told of in [`foundation_room`]) makes a dealt card the
/// foundations' start.
fn foundation_deal(spec: &GameSpec) -> Vec<Diagnostic> {
    let f = &spec.foundation;
    let random_start_matters = f.build != Build::UpDown && !f.allow_wrap && spec.game.start_rank_card == 0;
    let mut told = std::collections::BTreeSet::new();
    // Whether a foundation has been dealt a card, and whether a random one.
    let mut laid: std::collections::BTreeMap<usize, bool> = std::collections::BTreeMap::new();
    let mut found = Vec::new();
    for (i, d) in spec.dealt.iter().enumerate().filter(|(_, d)| d.kind == PileKind::Foundation) {
        let n = i + 1;
        let section = format!("DealtCard{n}");
        // A card named in part (a PileRank without its PileSuit) is an
        // error of its own, not a card dealt at random.
        let named = |key| spec.doc.section(&section).and_then(|s| s.get(key)).is_some_and(|e| !e.value.is_empty());
        let random = d.card.is_none() && !named("PileRank") && !named("PileSuit");
        let below = laid.insert(d.pile, random || laid.get(&d.pile).copied().unwrap_or(false));
        let face_down = (!d.face_up)
            .then(|| format!("[DealtCard{n}] PileFace=D: a foundation shows its cards, so this one is dealt face up"));
        let unbuilt = if below.is_some_and(|below_random| below_random || random) {
            Some(format!(
                "[DealtCard{n}] deals a card to foundation {} on another, and one of them is dealt at random: \
                 cards dealt at random do not build on each other (give each PileRank and PileSuit)",
                d.pile
            ))
        } else if below.is_none() && random && random_start_matters {
            let way = if f.build == Build::Up { "up" } else { "down" };
            Some(format!(
                "[DealtCard{n}] deals a random card to foundation {}, built {way} from the {}: the deal may put \
                 any rank there, and the foundation then holds only the ranks from it on (give PileRank and \
                 PileSuit, or use [Game] StartRankCard)",
                d.pile,
                f.start_rank.name()
            ))
        } else {
            None
        };
        for (kind, why) in [(0, face_down), (1, unbuilt)] {
            if let Some(why) = why
                && told.insert((d.pile, kind))
            {
                let line = if kind == 0 { spec.doc.line_of(&section, "PileFace") } else { d.line };
                found.push(Diagnostic::warning(&spec.path, line, why));
            }
        }
    }
    found
}

/// [Game] StartRankCard naming a card the deal lays face down (not on a
/// foundation, which shows it): the foundations start from its rank, but
/// an empty foundation shows no rank, so the player cannot tell where
/// they start.
fn start_card_face_down(spec: &GameSpec) -> Option<Diagnostic> {
    let n = spec.game.start_rank_card;
    let d = spec.dealt.get(n.checked_sub(1)?)?;
    // One dealt to a foundation is turned face up, as `foundation_deal`
    // tells.
    if d.face_up || d.kind == PileKind::Foundation {
        return None;
    }
    Some(Diagnostic::warning(
        &spec.path,
        spec.doc.line_of("Game", "StartRankCard"),
        format!(
            "[Game] StartRankCard={n} names [DealtCard{n}], dealt face down to {} pile {}: the foundations start \
             from its rank, but an empty foundation shows no rank, so the player cannot tell where they start \
             (deal that card face up, to a foundation)",
            d.kind.title().to_lowercase(),
            d.pile
        ),
    ))
}

/// Deals tried to see whether a game type is over before a move: a deal
/// is random, so a game type is told of only when each of these is.
const DEALS_TRIED: u64 = 8;

/// A game type whose deals tried are each over before the first move, as
/// the engine plays them: won (the deal lays the whole pack on the
/// foundations, whatever the shuffle: an error, such a game type is not a
/// game) or lost (no move is legal: cards dealt face down where nothing
/// turns them, no stock to deal from). Whether a deal is lost may turn on
/// the shuffle (the whole pack face up on one pile moves only where an
/// ace lies on top), so that is a warning, told of the deals tried; but
/// where every deal lays the same cards (the game.ini names each one),
/// every deal is that lost one, an error.
fn over_at_the_deal(spec: &GameSpec) -> Option<Diagnostic> {
    use super::engine::SolitaireVariant;
    use crate::core::{Game, Status, Variant};
    let variant = SolitaireVariant::from_spec("lint", spec).ok()?;
    let deals: Vec<_> = (1..=DEALS_TRIED).map(|seed| variant.deal(seed)).collect();
    let every = |status: Status| deals.iter().all(|deal| deal.status() == status);
    let line = spec.doc.line_of("Game", "NumCardsDealt");
    let table = |deal: &super::engine::Solitaire| deal.piles().map(|(_, slots)| slots.to_vec()).collect::<Vec<_>>();
    let always_the_same = deals.windows(2).all(|two| table(&two[0]) == table(&two[1]));
    if every(Status::Won) {
        let why = "every deal is won before a move is made: the deal lays the whole pack on the foundations";
        Some(Diagnostic::error(&spec.path, line, why))
    } else if every(Status::Lost) && always_the_same {
        let why = "every deal lays the same cards (the game.ini names each one), and they allow no move (no card \
                   can be moved or turned, and no stock dealt from): every game is lost at the deal";
        Some(Diagnostic::error(&spec.path, line, why))
    } else if every(Status::Lost) {
        let why = format!(
            "none of deals 1 to {DEALS_TRIED} allows a single move (no card can be moved or turned, and no stock \
             dealt from): the game may be lost at the deal more often than not"
        );
        Some(Diagnostic::warning(&spec.path, line, why))
    } else {
        None
    }
}

/// A game won with every card on the foundations needs room for the whole
/// pack there: what the foundations can hold is the rules' own
/// [`Rules::foundation_room`], which the solver also asks before it
/// searches (so `parlour solve` proves such a deal lost at once). A
/// foundation built one way holds at most 13 (AllowWrap or not), without
/// AllowWrap only the ranks from its start to the end of that way, and one
/// that takes whole runs holds one run of 13. Foundations built both ways,
/// fed by the stock or by pairs (Addition), or taking discards (Aces Up)
/// hold any number.
///
/// Parlour still plays such a game type, as YaZZle would: it is the
/// author's to mend, so lint says it and the launcher does not refuse it.
fn foundation_room(spec: &GameSpec) -> Option<Diagnostic> {
    let (f, piles) = (&spec.foundation, spec.foundation_piles.len());
    if piles == 0 {
        return None;
    }
    // The foundations' rules are the same in both modes, and stand apart
    // from what else may be wrong with the rules.
    let rules = Rules::unchecked(spec, Mode::Easy);
    let room = rules.foundation_room(f.start_rank)?;
    let up = f.build == Build::Up;
    let laid = rules.deal.iter().any(|d| d.pile == PileKind::Foundation);
    if spec.game.start_rank_card > 0 && !f.complete_sequences && !f.allow_wrap {
        let (way, from) = if up { ("up to the king", "an ace") } else { ("down to the ace", "a king") };
        return Some(Diagnostic::warning(
            &spec.path,
            spec.doc.line_of("Game", "StartRankCard"),
            format!(
                "[Game] StartRankCard: each foundation starts at a dealt card's rank and, without [Foundation] \
                 AllowWrap=1, holds only the ranks from it {way}, so a deal can be won only when that card is {from}"
            ),
        ));
    }
    let pack = spec.game.total_cards();
    if room >= pack {
        return None;
    }
    let built = if f.complete_sequences {
        "each takes one whole run of 13".to_string()
    } else if laid {
        "each holds at most 13, or the cards the deal lays on it".to_string()
    } else if f.allow_wrap {
        "each holds at most 13, even with AllowWrap".to_string()
    } else {
        let way = if up { "up" } else { "down" };
        format!("each holds {}, built {way} from the {} without AllowWrap", room / piles, f.start_rank.name())
    };
    let (piles_hold, built) = match piles {
        1 => ("the one foundation pile holds".to_string(), built.replacen("each ", "it ", 1)),
        _ => (format!("the {piles} foundation piles hold"), built),
    };
    Some(Diagnostic::error(
        &spec.path,
        spec.doc.line_of("Foundation", "Piles"),
        format!("{piles_hold} at most {room} of the {pack} cards ({built}), so the game cannot be won"),
    ))
}

/// In an adding game a card leaves the table only with another that makes
/// the sum with it, or alone if it is worth the sum; cards of a rank that
/// can do neither stay for good (jacks, queens and kings where the sum is
/// 10). A game won on the foundations can then never be won; one won by
/// clearing the tableau is lost whenever the deal puts one there.
fn addition_leftovers(spec: &GameSpec) -> Option<Diagnostic> {
    let sum = spec.game.addition;
    let leaves = |value: u32| value == sum || (sum > value && sum - value <= 13);
    let stuck: Vec<&str> = Rank::all().filter(|r| !leaves(u32::from(r.value()))).map(Rank::name).collect();
    if sum == 0 || stuck.is_empty() {
        return None;
    }
    let names = match stuck.split_last() {
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => return None,
    };
    let why = format!(
        "[Game] Addition={sum}: no {names} can ever leave the table (none makes {sum} with another card, nor is worth it alone)"
    );
    let line = spec.doc.line_of("Game", "Addition");
    Some(match spec.game.win_when {
        WinWhen::Foundations => Diagnostic::error(&spec.path, line, format!("{why}, so the game cannot be won")),
        WinWhen::TableauEmpty => Diagnostic::warning(
            &spec.path,
            line,
            format!("{why}, so a deal that puts one in the tableau cannot be won"),
        ),
    })
}

/// A warning where [General] Name holds characters the period fonts do
/// not have (they stop at Latin-1 and the typographic marks a word
/// processor writes): the game list, title bars and game.bmp draw a box
/// for each. Control characters are told of as the name is read.
fn name_undrawn(spec: &GameSpec) -> Option<Diagnostic> {
    use crate::gfx::font;
    let line = spec.doc.section("General")?.get("Name")?.line;
    let fonts = [font::winsans8(), font::topaz8(), font::chicago12(), font::geneva9()];
    let undrawn = |c: &char| {
        let alone = c.to_string();
        fonts.iter().any(|f| f.shown(&alone).chars().any(|shown| !f.has_glyph(shown)))
    };
    let mut missing: Vec<char> = Vec::new();
    for c in spec.general.name.chars().filter(|c| !c.is_control()).filter(undrawn) {
        if !missing.contains(&c) {
            missing.push(c);
        }
    }
    let listed: Vec<String> = missing.iter().map(|c| format!("{c} (U+{:04X})", u32::from(*c))).collect();
    (!listed.is_empty()).then(|| {
        Diagnostic::warning(
            &spec.path,
            line,
            format!(
                "[General] Name holds {}, which the period fonts cannot draw: the game list, title bars and game.bmp show a box for each",
                listed.join(", ")
            ),
        )
    })
}

/// What game.bmp is, and how to make one.
const CAPTURE_DRAWS_IT: &str = "the picture of the game; `parlour capture` draws it";

/// Whether the file at `path` reads as text, as [`lint_html`] asks of
/// game.html: one that does not is told of once and read no further.
pub fn is_text_file(path: &Path) -> bool {
    read_capped(path, limits::DOCUMENT).is_ok_and(|bytes| crate::core::decode_text(&bytes).is_ok())
}

/// Checks a game-type folder: game.ini, game.html and game.bmp, and that they
/// agree with each other.
pub fn lint_folder(dir: &Path) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut name = None;
    if let Some(path) = required_file(dir, "game.ini", "the game's rules", &mut out) {
        match read_capped(&path, limits::RULES) {
            Ok(bytes) => {
                let mut found = rules_problems(&path, &bytes);
                // Read again, as plain INI, so these checks run even when
                // the rules have errors.
                let (doc, _) = IniDoc::parse(&path, &bytes);
                check_folder_agrees(dir, &path, &doc, &mut found);
                name = doc.section("General").and_then(|s| s.get("Name")).map(|e| e.value.clone());
                found.sort_by_key(|d| d.line);
                out.extend(found);
            }
            Err(e) => out.push(Diagnostic::error(&path, 1, format!("cannot be read ({e})"))),
        }
    }
    if let Some(path) = required_file(dir, "game.html", "the game's help page", &mut out) {
        match read_capped(&path, limits::DOCUMENT) {
            Ok(bytes) => {
                let (found, title) = lint_html_titled(&path, &bytes);
                out.extend(found);
                out.extend(title_differs(&path, title, name.as_deref()));
                out.extend(lint_page_files(dir, &path, &bytes));
            }
            Err(e) => out.push(Diagnostic::error(&path, 1, format!("cannot be read ({e})"))),
        }
    }
    if let Some(path) = required_file(dir, "game.bmp", CAPTURE_DRAWS_IT, &mut out) {
        match read_capped(&path, limits::PICTURE) {
            Ok(bytes) => {
                let mut found = lint_bmp(&path, &bytes);
                if let Some(last) = found.last_mut() {
                    last.message = format!("{} (`parlour capture` draws one to spec)", last.message);
                }
                out.extend(found);
            }
            Err(e) => out.push(Diagnostic::error(&path, 1, format!("cannot be read ({e})"))),
        }
    }
    out
}

/// A warning where game.html's <title> is not the game's [General] Name:
/// the help's title bar and its list of topics show the title, the game
/// list the Name (a copy's page still titled as its original looks like
/// the original's help).
fn title_differs(page: &Path, title: Option<(usize, String)>, name: Option<&str>) -> Option<Diagnostic> {
    let ((line, title), name) = (title?, name.filter(|n| !n.trim().is_empty())?);
    let title = title.split_whitespace().collect::<Vec<_>>().join(" ");
    if title.is_empty() || title.split(' ').eq(name.split_whitespace()) {
        return None;
    }
    Some(Diagnostic::warning(
        page,
        line,
        format!(
            "the <title> `{title}` is not the game's [General] Name `{name}`: the help shows the title, the game list the Name, so they should match"
        ),
    ))
}

/// The file `name` in `dir`: exactly so named, or (with an error) in
/// another case; a missing file is an error.
fn required_file(dir: &Path, name: &str, what: &str, out: &mut Vec<Diagnostic>) -> Option<PathBuf> {
    match within(dir, name).map(|path| path.exists().then_some(path)) {
        Err(outside) => {
            out.push(Diagnostic::error(&dir.join(name), 1, outside.to_string()));
            None
        }
        Ok(Some(path)) => {
            let found = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            if found != name {
                out.push(Diagnostic::error(&path, 1, format!("must be named {name} (all lower case)")));
            }
            let twins = crate::core::files::names_in_any_case(dir, name);
            if twins.len() > 1 {
                out.push(Diagnostic::error(
                    &path,
                    1,
                    format!(
                        "the folder holds {}, names Windows takes for one file, so which YaZZle reads cannot be told: remove all but {name}",
                        twins.join(" and ")
                    ),
                ));
            }
            Some(path)
        }
        Ok(None) => {
            let mut message = format!("missing: a game-type folder needs {name} ({what})");
            // Only a missing game.ini has a game.ini.txt to tell of: the
            // folder is read for it then alone.
            if let Some(note) = (name == "game.ini").then(|| super::library::ini_as_text_note(dir)).flatten() {
                message = format!("{message}; {note}");
            }
            out.push(Diagnostic::error(&dir.join(name), 1, message));
            None
        }
    }
}

/// `dir/name`, or an entry in `dir` with that name in another case, as
/// YaZZle's Windows finds it. Any kind of entry counts (reading it says
/// what is wrong with a folder or a device of that name).
fn find_file(dir: &Path, name: &str) -> Option<PathBuf> {
    let found = in_any_case(dir, name);
    found.exists().then_some(found)
}

/// The folder's name and [Layout] against game.ini.
fn check_folder_agrees(dir: &Path, ini: &Path, doc: &IniDoc, out: &mut Vec<Diagnostic>) {
    let entry = |sec: &str, key: &str| doc.section(sec).and_then(|s| s.get(key)).filter(|e| !e.value.is_empty());
    let folder = dir.canonicalize().ok().and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()));
    if let (Some(folder), Some(name)) = (folder, entry("General", "Name"))
        && folder != name.value
    {
        out.push(Diagnostic::warning(
            ini,
            name.line,
            format!(
                "[General] Name={} differs from the folder's name `{folder}`; by convention they match",
                name.value
            ),
        ));
    }
    // Parlour never reads these pictures, so what is wrong with them is
    // a warning, whichever way the name leads out of the folder.
    if let Some(image) = entry("Layout", "Image")
        && !image.value.eq_ignore_ascii_case("game.bmp")
    {
        let why = picture_problem(dir, &image.value).map_or_else(String::new, |why| format!("{why}; "));
        out.push(Diagnostic::warning(
            ini,
            image.line,
            format!(
                "[Layout] Image={}: {why}the layout picture should be game.bmp, the bitmap the game list and \
                 the help show; write Image=game.bmp",
                image.value
            ),
        ));
    }
    if let Some(alpha) = entry("Layout", "Alpha")
        && let Some(why) = picture_problem(dir, &alpha.value)
    {
        out.push(Diagnostic::warning(ini, alpha.line, format!("[Layout] Alpha={}: {why}", alpha.value)));
    }
}

/// What is wrong with a picture game.ini names in `dir`, if anything:
/// it lies outside the folder (nothing there is looked at), it is not in
/// the folder, or it is no Windows bitmap YaZZle could show (read as the
/// help reads one).
fn picture_problem(dir: &Path, name: &str) -> Option<String> {
    let path = match within(dir, name) {
        Err(outside) => return Some(outside.to_string()),
        Ok(path) if !path.exists() => return Some("there is no such file in the folder".into()),
        Ok(path) => path,
    };
    let bytes = match read_capped(&path, limits::PICTURE) {
        Ok(bytes) => bytes,
        Err(e) => return Some(format!("it cannot be read ({e})")),
    };
    if !bytes.starts_with(b"BM") {
        return Some("it is not a Windows bitmap (a BMP file starts with `BM`)".into());
    }
    crate::gfx::image_io::decode_bmp(name, &bytes).err().map(|e| format!("it cannot be shown: {}", e.message))
}

// ---------------------------------------------------------------------------
// game.bmp

fn u16_at(b: &[u8], at: usize) -> Option<i64> {
    b.get(at..at + 2).map(|s| i64::from(u16::from_le_bytes([s[0], s[1]])))
}

fn u32_at(b: &[u8], at: usize) -> Option<i64> {
    b.get(at..at + 4).map(|s| i64::from(u32::from_le_bytes([s[0], s[1], s[2], s[3]])))
}

fn i32_at(b: &[u8], at: usize) -> Option<i64> {
    b.get(at..at + 4).map(|s| i64::from(i32::from_le_bytes([s[0], s[1], s[2], s[3]])))
}

/// game.bmp: a Windows bitmap, 200 x 150, 8 bits per pixel with a
/// 256-colour palette.
pub fn lint_bmp(path: &Path, bytes: &[u8]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut err = |m: String| out.push(Diagnostic::error(path, 1, m));
    if bytes.is_empty() {
        err("is empty (0 bytes): game.bmp must be a Windows bitmap (BMP)".into());
        return out;
    }
    if bytes.starts_with(b"\x89PNG") {
        err("is a PNG file; game.bmp must be a Windows bitmap (BMP)".into());
        return out;
    }
    if !bytes.starts_with(b"BM") {
        err("is not a Windows bitmap (a BMP file starts with `BM`)".into());
        return out;
    }
    let (Some(off_bits), Some(dib)) = (u32_at(bytes, 10), u32_at(bytes, 14)) else {
        err(format!("is cut short ({} bytes): the BMP header is incomplete", bytes.len()));
        return out;
    };
    // (width, height, planes, bits per pixel, compression, colours used, palette entry size)
    let fields = match dib {
        12 => (|| Some((u16_at(bytes, 18)?, u16_at(bytes, 20)?, u16_at(bytes, 22)?, u16_at(bytes, 24)?, 0, 0, 3)))(),
        40 | 52 | 56 | 64 | 108 | 124 => (|| {
            Some((
                i32_at(bytes, 18)?,
                i32_at(bytes, 22)?,
                u16_at(bytes, 26)?,
                u16_at(bytes, 28)?,
                u32_at(bytes, 30)?,
                u32_at(bytes, 46)?,
                4,
            ))
        })(),
        other => {
            err(format!("has a bitmap header of {other} bytes, which no Windows bitmap has"));
            return out;
        }
    };
    let Some((width, height, planes, bpp, compression, colours, entry)) = fields else {
        err(format!("is cut short ({} bytes): the bitmap header is incomplete", bytes.len()));
        return out;
    };
    let height = height.abs();
    let mut fine = true;
    if (width, height) != (BMP_WIDTH, BMP_HEIGHT) {
        err(format!("is {width} x {height} pixels; it must be {BMP_WIDTH} x {BMP_HEIGHT}"));
        fine = false;
    }
    if planes != 1 {
        err(format!("has {}; a bitmap has 1", plural(planes as u64, "plane", "planes")));
        fine = false;
    }
    if bpp != 8 {
        let bits = plural(bpp as u64, "bit", "bits");
        err(format!("has {bits} per pixel; it must have 8 (256 colours from a palette)"));
        fine = false;
    }
    if compression != 0 {
        let how = match compression {
            1 => "RLE8".to_string(),
            2 => "RLE4".to_string(),
            other => format!("method {other}"),
        };
        err(format!("is compressed ({how}); YaZZle needs game.bmp stored uncompressed"));
        fine = false;
    }
    if colours != 0 && colours != 256 {
        err(format!("has a palette of {}; it must have 256", plural(colours as u64, "colour", "colours")));
        fine = false;
    }
    if !fine {
        return out;
    }
    let palette_end = 14 + dib + 256 * entry;
    let len = bytes.len() as i64;
    if palette_end > len || palette_end > off_bits {
        err("is cut short: the 256-colour palette is incomplete".into());
        return out;
    }
    if off_bits >= len {
        err(format!(
            "is damaged: its pixel data offset ({off_bits}) points past the end of the file ({})",
            plural(len as u64, "byte", "bytes")
        ));
        return out;
    }
    let row = (width * 8 + 31) / 32 * 4;
    if off_bits + row * height > len {
        let missing = plural((off_bits + row * height - len) as u64, "byte", "bytes");
        err(format!("is cut short: {missing} of pixels are missing"));
        return out;
    }
    // The header and the size are sound by now: the decoder has the last
    // word, should it find anything else.
    if image::load_from_memory_with_format(bytes, image::ImageFormat::Bmp).is_err() {
        err("is damaged: its pixels cannot be read".into());
    }
    out
}

// ---------------------------------------------------------------------------
// game.html

/// Heading text for comparison: spaces collapsed, a trailing colon dropped,
/// lower case.
fn heading_key(s: &str) -> String {
    collapsed(s).trim_end_matches(':').trim_end().to_lowercase()
}

/// A heading's words as a browser shows them: one space between each.
fn collapsed(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn href_is_help_css(href: &str) -> bool {
    let h = href.trim().replace('\\', "/").to_ascii_lowercase();
    h == "help/help.css" || h.ends_with("/help/help.css")
}

/// An attribute's value, its character references replaced.
fn attr(tag: &Tag, name: &str) -> Option<String> {
    tag.attr(name).map(|a| decode_entities(&a.value, tag.line, &mut |_, _| {}))
}

/// The encoding a `<meta>` declares: `charset="…"`, or the older
/// `http-equiv="Content-Type" content="text/html; charset=…"`; lower case.
fn declared_charset(tag: &Tag) -> Option<String> {
    if let Some(charset) = attr(tag, "charset") {
        return Some(charset.trim().to_ascii_lowercase());
    }
    attr(tag, "http-equiv").filter(|e| e.trim().eq_ignore_ascii_case("content-type"))?;
    let content = attr(tag, "content")?.to_ascii_lowercase();
    let (_, charset) = content.split_once("charset=")?;
    Some(charset.split(';').next()?.trim().trim_matches(['"', '\'']).to_string())
}

/// A page saved in another encoding than it declares (`head_line` where it
/// declares none). A browser, and YaZZle's help, read a page as declared,
/// or as Windows-1252 when it declares none, unless a byte-order mark says
/// UTF-8; Parlour's reader goes by the bytes and shows either right, so
/// the author would not see what the others show.
fn charset_mismatch(
    path: &Path,
    bytes: &[u8],
    head_line: usize,
    declared: Option<(usize, String)>,
) -> Option<Diagnostic> {
    // A byte-order mark (UTF-8, or UTF-16 as Notepad's "Unicode" saves)
    // says the encoding to every reader.
    if bytes.is_ascii() || [&b"\xEF\xBB\xBF"[..], b"\xFF\xFE", b"\xFE\xFF"].iter().any(|m| bytes.starts_with(m)) {
        return None;
    }
    let first_not_utf8 = bytes.split(|&b| b == b'\n').position(|l| std::str::from_utf8(l).is_err());
    let says_utf8 = |c: &str| matches!(c, "utf-8" | "utf8");
    let told = match (declared, first_not_utf8) {
        (Some((line, c)), Some(not)) if says_utf8(&c) => (
            line,
            format!(
                "the page says it is UTF-8 but is saved as Windows-1252 (line {} is not UTF-8): a browser, and \
                 YaZZle's help, show its accented letters garbled; save it as UTF-8",
                not + 1
            ),
        ),
        (Some((line, c)), None) if !says_utf8(&c) => (
            line,
            format!(
                "the page says it is {c} but is saved as UTF-8: a browser, and YaZZle's help, show its accented \
                 letters garbled; declare <meta charset=\"utf-8\">"
            ),
        ),
        (None, None) => (
            head_line,
            "the page is saved as UTF-8 but does not say so: a browser, and YaZZle's help, read it as \
             Windows-1252 and garble its accented letters; add <meta charset=\"utf-8\"> to the head"
                .to_string(),
        ),
        _ => return None,
    };
    Some(Diagnostic::warning(path, told.0, told.1))
}

/// A page game.html links to in its folder (notes.html), checked as
/// game.html's links are (see [`lint_page_files`]): `parlour help --html`
/// builds it with the game type's page, so what stops it stops that page.
/// Its own folder's files are those its links name.
pub fn lint_linked_page(path: &Path) -> Vec<Diagnostic> {
    match read_capped(path, limits::DOCUMENT) {
        Ok(bytes) => lint_page_files(path.parent().unwrap_or(Path::new("")), path, &bytes),
        Err(e) => vec![Diagnostic::error(path, 1, format!("cannot be read ({e})"))],
    }
}

/// game.html's links and pictures that name a file inside the folder
/// that is not there (which the help viewer passes over, with a warning:
/// see [`no_such_link`]), or one outside it that `parlour help --html`
/// could not take in (anything but a file of another game type's folder
/// or of the help's): errors both, as either leaves such a page out of
/// the HTML help. (game.bmp is told of as the folder's own file.)
fn lint_page_files(dir: &Path, path: &Path, bytes: &[u8]) -> Vec<Diagnostic> {
    let Ok(text) = crate::core::decode_text(bytes).map(|t| crate::core::lf_line_ends(&t)) else { return Vec::new() };
    let mut out = Vec::new();
    for token in tokenize(&text, &mut |_, _| {}) {
        let Token::Tag(tag) = token else { continue };
        out.extend(missing_stylesheet(dir, path, &tag));
        let (name, link) = match tag.name.as_str() {
            "a" if !tag.end => ("href", true),
            "img" if !tag.end => ("src", false),
            _ => continue,
        };
        let Some(address) = attr(&tag, name).map(|a| a.trim().to_string()) else { continue };
        let (file, fragment) = split_href(&address);
        if has_scheme(&address) || file.is_empty() {
            continue;
        }
        let what = if link { "link" } else { "picture" };
        let leads_out = |through: &str| {
            let message = format!(
                "the {what} `{address}` leads out of the game type's folder{through} to no file of another game type or of the help, so parlour help --html leaves the game type out"
            );
            Diagnostic::error(path, tag.line, message)
        };
        let Some(file) = inside_folder(&file) else {
            if !is_shared_help_file(dir, &file) {
                out.push(leads_out(""));
            }
            continue;
        };
        if file.eq_ignore_ascii_case("game.bmp") {
            continue;
        }
        // Named inside the folder, a file may still be a link out of it,
        // which the help leaves out as it does a name that climbs out.
        match within(dir, &file) {
            Ok(found) if found.is_file() => {
                // A link to its own page by name is a place in it, as the
                // help reader takes it.
                let own_page = path.file_name().is_some_and(|own| own.to_string_lossy() == file);
                if let Some(place) = fragment.filter(|f| link && !f.is_empty() && !own_page) {
                    let message = format!(
                        "the link `{address}` opens {file} at its top in Parlour's help, which keeps no place in \
                         another page: only a browser goes on to #{place}"
                    );
                    out.push(Diagnostic::warning(path, tag.line, message));
                }
            }
            Ok(_) => {
                let viewer =
                    if link { no_such_link(path, tag.line, &address) } else { no_such_picture(path, tag.line, &file) };
                let message = format!("{}, so parlour help --html leaves the game type out", viewer.message);
                out.push(Diagnostic::error(path, tag.line, message));
            }
            Err(_) if is_shared_help_file(dir, &file) => {}
            Err(_) => out.push(leads_out(" (through a link to elsewhere)")),
        }
    }
    out
}

/// A warning on a `<link rel="stylesheet">` whose file is not there as
/// named from the game type's folder `dir`: opened in a browser, the page
/// shows none of its styles (the help viewer and `parlour help --html`
/// bring their own, so it is no error).
fn missing_stylesheet(dir: &Path, path: &Path, tag: &Tag) -> Option<Diagnostic> {
    let rel = attr(tag, "rel").filter(|_| tag.name == "link" && !tag.end)?;
    let address = attr(tag, "href").filter(|_| rel.split_whitespace().any(|r| r.eq_ignore_ascii_case("stylesheet")))?;
    let address = address.trim();
    let (file, _) = split_href(address);
    if has_scheme(address) || file.is_empty() || in_any_case(dir, &file).is_file() {
        return None;
    }
    let message = format!(
        "the stylesheet `{address}` leads to no file from the game type's folder, so a browser shows this page without its styles"
    );
    Some(Diagnostic::warning(path, tag.line, message))
}

/// Whether `file`, named from the game type's folder `dir` and leading out
/// of it, is a file the HTML help takes in: one in another game type's
/// folder (under a folder with a game.ini) or in the help's (under one
/// with help.css).
fn is_shared_help_file(dir: &Path, file: &str) -> bool {
    if file.starts_with(['/', '\\']) || file.contains(':') {
        return false;
    }
    let Ok(target) = dir.join(file.replace('\\', "/")).canonicalize() else { return false };
    target.is_file()
        && target
            .ancestors()
            .skip(1)
            .any(|folder| folder.join("game.ini").is_file() || folder.join("help.css").is_file())
}

/// game.html: only `<head>` and `<body>` inside `<html>`; the head has a
/// `<title>` and links Help/help.css (or carries its styles in a
/// `<style>`); the body holds only the content div;
/// the ten section headings are there, in order.
pub fn lint_html(path: &Path, bytes: &[u8]) -> Vec<Diagnostic> {
    lint_html_titled(path, bytes).0
}

/// As [`lint_html`], with the page's <title> and its line (for the
/// folder's check that it names the game).
fn lint_html_titled(path: &Path, bytes: &[u8]) -> (Vec<Diagnostic>, Option<(usize, String)>) {
    let mut out = Vec::new();
    let text = match crate::core::decode_text(bytes) {
        Ok(t) => crate::core::lf_line_ends(&t),
        Err(e) => return (vec![Diagnostic::error(path, e.line, e.message)], None),
    };
    if text.trim().is_empty() {
        let told = format!(
            "the page is empty: it is the game's help, in sections headed {} (a game type made with \
             `parlour new-type` starts with the page of the one it copies)",
            HEADINGS.join(", ")
        );
        return (vec![Diagnostic::error(path, 1, told)], None);
    }
    let tokens = tokenize(&text, &mut |line, m| out.push(Diagnostic::error(path, line, m)));
    let err = |out: &mut Vec<Diagnostic>, line: usize, m: String| out.push(Diagnostic::error(path, line, m));

    struct Open {
        name: String,
        line: usize,
    }
    impl AsRef<str> for Open {
        fn as_ref(&self) -> &str {
            &self.name
        }
    }
    let mut stack: Vec<Open> = Vec::new();
    let (mut html, mut head, mut body, mut content): (Option<usize>, Option<usize>, Option<usize>, Option<usize>) =
        (None, None, None, None);
    let mut html_closed = false;
    // Past the cap every end tag would search a long stack: nothing real
    // nests so deep, and reading stays linear. The tags opened past it are
    // kept by name alone, innermost last, as the help reader keeps them:
    // their end tags close them, not a tag of the same name further out.
    let mut too_deep: Vec<String> = Vec::new();
    let mut told_too_deep = false;
    let mut title: Option<(usize, String)> = None;
    let mut in_title: Option<usize> = None;
    let mut stylesheet = false;
    // The encoding a <meta> declares, and its line.
    let mut declared: Option<(usize, String)> = None;
    let mut wrong_sheets: Vec<(usize, String)> = Vec::new();
    let mut shows_bmp = false;
    // Headings as read; the one being read and its depth in the stack.
    let mut headings: Vec<Heading> = Vec::new();
    let mut heading: Option<(usize, Heading)> = None;
    // Whether a heading ran on past where it should have ended.
    let mut runaway = false;

    for tok in tokens {
        match tok {
            Token::Text { at, line } => {
                let t = decode_entities(&text[at], line, &mut |l, m| out.push(Diagnostic::warning(path, l, m)));
                if let Some((_, h)) = &mut heading {
                    h.text.push_str(&t);
                }
                if in_title.is_some()
                    && let Some((_, tt)) = &mut title
                {
                    tt.push_str(&t);
                }
                if t.trim().is_empty() {
                    continue;
                }
                let line = line + newlines(&t[..t.len() - t.trim_start().len()]);
                match stack.last().map(|o| o.name.as_str()) {
                    None if html_closed => err(&mut out, line, "text after </html>".into()),
                    None => err(&mut out, line, "text outside <html>".into()),
                    Some("html") => {
                        err(&mut out, line, "text directly inside <html>: only <head> and <body> belong there".into())
                    }
                    Some("head") => err(&mut out, line, "text directly inside <head>".into()),
                    Some("body") => err(
                        &mut out,
                        line,
                        "text directly inside <body>: everything goes in <div id=\"content\">".into(),
                    ),
                    _ => {}
                }
            }
            Token::Tag(tag) if !tag.end => {
                let line = tag.line;
                let name = tag.name.as_str();
                // Help pages are read, never run: a script would run only
                // in a browser opening the cache `parlour help --html` made.
                if name == "script" {
                    out.push(Diagnostic::warning(path, line, "<script> is never run by the help; leave it out"));
                }
                for a in tag.attrs.iter().filter(|a| a.name.len() > 2 && a.name.starts_with("on")) {
                    out.push(Diagnostic::warning(
                        path,
                        line,
                        format!("{}= is never run by the help; leave it out", a.name),
                    ));
                }
                // Nor is a script address followed, nor a file named by a
                // file: address (a page reads only its own folder).
                if let Some(told) = never_followed_told(&tag) {
                    out.push(Diagnostic::warning(path, line, told));
                }
                match stack.last().map(|o| o.name.as_str()) {
                    None if name == "html" => {
                        if let Some(first) = html {
                            err(&mut out, line, format!("a second <html> (the first is on line {first})"));
                        }
                        html = html.or(Some(line));
                    }
                    None => err(
                        &mut out,
                        line,
                        format!(
                            "<{name}> outside <html>: only <html> (after an optional <!DOCTYPE>) may be at the top"
                        ),
                    ),
                    Some("html") => match name {
                        "head" if head.is_some() => err(&mut out, line, "a second <head>".into()),
                        "head" if body.is_some() => err(&mut out, line, "<head> after <body>".into()),
                        "head" => head = Some(line),
                        "body" if body.is_some() => err(&mut out, line, "a second <body>".into()),
                        "body" => body = Some(line),
                        _ => err(
                            &mut out,
                            line,
                            format!("<{name}> directly inside <html>: only <head> and <body> belong there"),
                        ),
                    },
                    Some("body") => {
                        let is_content = name == "div"
                            && (attr(&tag, "id").is_some_and(|v| v.trim().eq_ignore_ascii_case("content"))
                                || attr(&tag, "class")
                                    .is_some_and(|v| v.split_whitespace().any(|c| c.eq_ignore_ascii_case("content"))));
                        match content {
                            None if is_content => content = Some(line),
                            Some(first) if is_content => {
                                err(&mut out, line, format!("a second content div (the first is on line {first})"))
                            }
                            _ => err(
                                &mut out,
                                line,
                                format!("<{name}> directly inside <body>: the body holds only <div id=\"content\">"),
                            ),
                        }
                    }
                    Some("head") => match name {
                        "title" => title = title.or(Some((line, String::new()))),
                        "meta" => declared = declared.or_else(|| declared_charset(&tag).map(|c| (line, c))),
                        // A page that carries its styles stands alone (as
                        // `parlour new-type` writes one away from the help).
                        "style" => stylesheet = true,
                        "link" => {
                            let rel = attr(&tag, "rel").unwrap_or_default();
                            if rel.split_whitespace().any(|r| r.eq_ignore_ascii_case("stylesheet")) {
                                let href = attr(&tag, "href").unwrap_or_default();
                                if href_is_help_css(&href) {
                                    stylesheet = true;
                                } else {
                                    wrong_sheets.push((line, href));
                                }
                            }
                        }
                        _ => {}
                    },
                    _ => {}
                }
                if is_heading(name) && heading.is_none() {
                    heading = Some((stack.len(), Heading { text: String::new(), line, tag: name.to_string() }));
                }
                if name == "title" && in_title.is_none() {
                    in_title = Some(stack.len());
                }
                if name == "img"
                    && let Some(src) = attr(&tag, "src")
                {
                    // A picture from outside the folder is the help reader's
                    // warning (`parlour lint` tells both).
                    if inside_folder(&src).is_some_and(|file| file.eq_ignore_ascii_case("game.bmp")) {
                        shows_bmp = true;
                    }
                }
                if !tag.self_closing && !VOID.contains(&name) {
                    if stack.len() < MAX_DEPTH && too_deep.is_empty() {
                        stack.push(Open { name: tag.name.clone(), line });
                    } else {
                        too_deep.push(tag.name.clone());
                    }
                    if !too_deep.is_empty() && !told_too_deep {
                        told_too_deep = true;
                        err(
                            &mut out,
                            line,
                            format!("elements nest more than {MAX_DEPTH} deep; YaZZle's pages need a dozen"),
                        );
                    }
                }
            }
            Token::Tag(tag) => {
                if too_deep.last() == Some(&tag.name) {
                    too_deep.pop();
                    continue;
                }
                // A heading's end tag closes the heading open, of whatever
                // level, as a browser reads it: the heading is one of the
                // sections all the same, its end tag the one mistake.
                let pos = match closed_by_end(&stack, &tag.name) {
                    Some(ClosedByEnd::Own(pos)) => pos,
                    Some(ClosedByEnd::OtherHeading(pos)) => {
                        let open = &stack[pos];
                        out.push(heading_closed_by(path, &open.name, open.line, &tag.name, tag.line));
                        pos
                    }
                    None => {
                        if !VOID.contains(&tag.name.as_str()) {
                            out.push(Diagnostic::warning(
                                path,
                                tag.line,
                                format!("</{}> closes nothing: no <{}> is open", tag.name, tag.name),
                            ));
                        }
                        continue;
                    }
                };
                let heading_tag = heading.as_ref().and_then(|(d, _)| stack.get(*d)).map(|o| o.name.clone());
                stack.truncate(pos);
                if let Some((_, h)) = heading.take_if(|(d, _)| *d >= pos) {
                    if let Some(open) = heading_tag.filter(|_| !is_heading(&tag.name)) {
                        // The headings after it were read as its words:
                        // that they are missing is this one mistake.
                        runaway = true;
                        let runs_to = format!("</{}> on line {}", tag.name, tag.line);
                        err(&mut out, h.line, format!("<{open}> is not closed: the heading runs on to {runs_to}"));
                    }
                    headings.push(h);
                }
                if in_title.is_some_and(|d| d >= pos) {
                    in_title = None;
                }
                if tag.name == "html" {
                    html_closed = true;
                }
            }
        }
    }
    if let Some((depth, h)) = heading {
        // A page cut short inside a heading: the headings after it are
        // lost with the rest of the file, which is this one mistake.
        if let Some(open) = stack.get(depth) {
            runaway = true;
            err(&mut out, h.line, format!("<{}> is not closed: the heading runs on to the end of the file", open.name));
        }
        headings.push(h);
    }
    for open in &stack {
        if matches!(open.name.as_str(), "html" | "head" | "body") || Some(open.line) == content {
            out.push(Diagnostic::warning(path, open.line, format!("<{}> is never closed", open.name)));
        }
    }

    let Some(html_line) = html else {
        err(&mut out, 1, "there is no <html> element".into());
        return (out, title);
    };
    match head {
        None => err(&mut out, html_line, "there is no <head>".into()),
        Some(head_line) => {
            match &title {
                None => err(&mut out, head_line, "<head> has no <title>".into()),
                Some((l, t)) if t.trim().is_empty() => err(&mut out, *l, "the <title> is empty".into()),
                _ => {}
            }
            out.extend(charset_mismatch(path, bytes, head_line, declared));
            if !stylesheet {
                match wrong_sheets.first() {
                    Some((l, href)) => err(
                        &mut out,
                        *l,
                        format!("the stylesheet `{href}` is not Help/help.css, which every game type's help uses"),
                    ),
                    None => err(
                        &mut out,
                        head_line,
                        "<head> does not link Help/help.css (<link rel=\"stylesheet\" href=\"../../guide/Help/help.css\"> in Parlour's folders, ../../Help/help.css in YaZZle's)"
                            .into(),
                    ),
                }
            }
        }
    }
    let Some(body_line) = body else {
        err(&mut out, html_line, "there is no <body>".into());
        return (out, title);
    };
    let Some(content_line) = content else {
        err(&mut out, body_line, "<body> has no <div id=\"content\">".into());
        return (out, title);
    };
    check_headings(path, &headings, content_line, runaway, &mut out);
    if !shows_bmp {
        out.push(Diagnostic::warning(path, content_line, "the help does not show game.bmp (<img src=\"game.bmp\">)"));
    }
    (out, title)
}

/// A heading of game.html as read: its words, the line it starts on and
/// its tag (h1 to h6).
struct Heading {
    text: String,
    line: usize,
    tag: String,
}

/// The ten headings, each present, in order. A heading out of order is one
/// outside the longest run of headings that are in order. Where a heading
/// ran on (`runaway`), those it took in are not told of as missing.
fn check_headings(path: &Path, headings: &[Heading], content_line: usize, runaway: bool, out: &mut Vec<Diagnostic>) {
    let keys: Vec<String> = headings.iter().map(|h| heading_key(&h.text)).collect();
    let list = HEADINGS.join(", ");
    // For each expected heading present: (expected index, position found).
    let mut found: Vec<(usize, usize)> = Vec::new();
    let mut missing: Vec<usize> = Vec::new();
    for (k, want) in HEADINGS.iter().enumerate() {
        match keys.iter().position(|h| *h == want.to_lowercase()) {
            Some(p) => found.push((k, p)),
            None => missing.push(k),
        }
    }
    let in_order = longest_in_order(&found);
    if !runaway {
        let kept: Vec<(usize, usize)> =
            found.iter().zip(&in_order).filter(|(_, keep)| **keep).map(|(f, _)| *f).collect();
        let stand_ins = stand_ins(headings, &keys, &kept, &missing);
        let mut alone: Vec<String> = Vec::new();
        for (&k, at) in missing.iter().zip(stand_ins) {
            let Some(q) = at else {
                alone.push(format!("\"{}\"", HEADINGS[k]));
                continue;
            };
            let Heading { text, line, .. } = &headings[q];
            let shown = collapsed(text);
            let message = format!(
                "there is no \"{}\" heading, and \"{shown}\" stands where it goes (the help's sections are {list})",
                HEADINGS[k]
            );
            out.push(Diagnostic::error(path, *line, message));
        }
        if let Some((last, first)) = alone.split_last() {
            let message = if first.is_empty() {
                format!("there is no {last} heading (the help's sections are {list})")
            } else {
                format!("there are no {} and {last} headings (the help's sections are {list})", first.join(", "))
            };
            out.push(Diagnostic::error(path, content_line, message));
        }
    }
    for (&(k, p), keep) in found.iter().zip(in_order) {
        if !keep {
            out.push(Diagnostic::error(
                path,
                headings[p].line,
                format!("the \"{}\" heading is out of order (the sections go {list})", HEADINGS[k]),
            ));
        }
    }
}

/// Which of `found` (expected index, position found; in expected order)
/// make the longest run whose positions are in order too.
fn longest_in_order(found: &[(usize, usize)]) -> Vec<bool> {
    let n = found.len();
    let mut best = vec![1usize; n];
    let mut prev = vec![usize::MAX; n];
    for i in 0..n {
        for j in 0..i {
            if found[j].1 < found[i].1 && best[j] + 1 > best[i] {
                best[i] = best[j] + 1;
                prev[i] = j;
            }
        }
    }
    let mut keep = vec![false; n];
    let mut at = (0..n).max_by_key(|&i| (best[i], usize::MAX - i));
    while let Some(i) = at {
        keep[i] = true;
        at = (prev[i] != usize::MAX).then_some(prev[i]);
    }
    keep
}

/// For each of the `missing` sections (indices into [`HEADINGS`]), the
/// heading found in its place, if any: a misnamed one (`<h2>Winning
/// stuff</h2>`) is a heading of no section's name between the same two
/// sections found in order (`found`), and of their level (a page's <h1>
/// title is no section). Where a gap holds as many such headings as
/// sections missing, they pair up in order; otherwise none is guessed at.
fn stand_ins(headings: &[Heading], keys: &[String], found: &[(usize, usize)], missing: &[usize]) -> Vec<Option<usize>> {
    let known: Vec<String> = HEADINGS.iter().map(|h| h.to_lowercase()).collect();
    let section_level = |q: usize| found.iter().all(|&(_, p)| headings[p].tag == headings[q].tag);
    // The positions between which section `k` goes: after every section
    // before it that was found, before every one after it.
    let gap = |k: usize| {
        let after = found.iter().filter(|&&(j, _)| j < k).map(|&(_, p)| p + 1).max().unwrap_or(0);
        let before = found.iter().filter(|&&(j, _)| j > k).map(|&(_, p)| p).min().unwrap_or(keys.len());
        (after, before)
    };
    missing
        .iter()
        .map(|&k| {
            let (after, before) = gap(k);
            let unknown: Vec<usize> =
                (after..before.max(after)).filter(|&q| !known.contains(&keys[q]) && section_level(q)).collect();
            let same_gap: Vec<usize> = missing.iter().copied().filter(|&m| gap(m) == (after, before)).collect();
            let nth = same_gap.iter().position(|&m| m == k)?;
            (unknown.len() == same_gap.len()).then(|| unknown[nth])
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solitaire::spec::Severity;
    use std::fs;

    fn page(head: &str, content: &str) -> String {
        format!(
            "<!DOCTYPE html>\n<html>\n<head>\n{head}\n</head>\n<body>\n<div id=\"content\">\n{content}\n</div>\n</body>\n</html>\n"
        )
    }

    /// A page's head, its stylesheet where [`klondike_folder`] puts it.
    const HEAD: &str = "<title>Klondike</title>\n<link rel=\"stylesheet\" type=\"text/css\" href=\"../Help/help.css\">";

    fn sections() -> String {
        let mut s = String::from("<p><img src=\"game.bmp\" alt=\"The layout\"></p>\n");
        for h in HEADINGS {
            s.push_str(&format!("<h2>{h}</h2>\n<p>Words.\n"));
        }
        s
    }

    fn html(text: &str) -> Vec<String> {
        lint_html(Path::new("game.html"), text.as_bytes()).iter().map(|d| d.to_string()).collect()
    }

    #[test]
    fn an_empty_page_is_told_as_one() {
        for text in ["", " \n\r\n"] {
            let found = html(text);
            assert_eq!(found.len(), 1, "{found:?}");
            assert!(
                found[0]
                    .starts_with("game.html:1: the page is empty: it is the game's help, in sections headed Winning"),
                "{found:?}"
            );
        }
    }

    /// Tags nested past the cap are one mistake: their end tags close
    /// them, not the page's own divs, so nothing after them is misread.
    #[test]
    fn tags_nested_too_deep_are_one_mistake() {
        for depth in [110, 20_000] {
            let deep = format!("<p>{}deep text{}</p>\n", "<div><b>".repeat(depth), "</b></div>".repeat(depth));
            let text = page(HEAD, &(deep + &sections()));
            let found = html(&text);
            let line = 1 + newlines(&text[..text.find("deep text").unwrap()]);
            let wanted =
                format!("game.html:{line}: elements nest more than {MAX_DEPTH} deep; YaZZle's pages need a dozen");
            assert_eq!(found, [wanted], "{depth} deep");
        }
    }

    /// A page thick with references (a table of "&lt;" and "AT&T") is read
    /// once through: counting each one's line from the top of the page took
    /// minutes over a page of a few hundred thousand.
    #[test]
    fn a_page_of_many_references_is_read_once_through() {
        let body = format!("<p>{}\n&nosuch;</p>\n", "&lt; AT&T\n".repeat(200_000));
        let text = page(HEAD, &(sections() + &body));
        let found = html(&text);
        let line = 1 + newlines(&text[..text.find("&nosuch;").unwrap()]);
        assert!(line > 200_000);
        assert_eq!(
            found,
            [format!("game.html:{line}: warning: unknown character reference `&nosuch;`; shown as written")]
        );
    }

    #[test]
    fn a_good_page_passes() {
        assert_eq!(html(&page(HEAD, &sections())), Vec::<String>::new());
        // class="content", Help/help.css without ../, upper-case tags, CRLF.
        let text = page(
            "<TITLE>K</TITLE><LINK REL=stylesheet HREF=Help/help.css>",
            &sections().replace("<h2>Notes</h2>", "<H3>notes :</H3>"),
        )
        .replace("id=\"content\"", "class=\"content main\"")
        .replace('\n', "\r\n");
        assert_eq!(html(&text), Vec::<String>::new());
    }

    /// A browser, and YaZZle's help, read a page in the encoding it
    /// declares, or as Windows-1252 when it declares none: a page saved
    /// in another is told of, though Parlour's reader (going by the
    /// bytes) shows it right.
    #[test]
    fn a_page_saved_in_another_encoding_than_it_declares_is_told_of() {
        let lint = |bytes: Vec<u8>| -> Vec<String> {
            lint_html(Path::new("game.html"), &bytes).iter().map(|d| d.to_string()).collect()
        };
        let utf8_meta = format!("<meta charset=\"utf-8\">\n{HEAD}");
        let accented = sections().replace("<p>Words.", "<p>Caf\u{e9} au lait.");
        // Saved as Windows-1252: the text is ASCII but for its é.
        let windows = |text: String| text.chars().map(|c| if c == '\u{e9}' { 0xE9 } else { c as u8 }).collect();
        assert_eq!(
            lint(windows(page(&utf8_meta, &accented))),
            ["game.html:4: warning: the page says it is UTF-8 but is saved as Windows-1252 (line 12 is not UTF-8): \
              a browser, and YaZZle's help, show its accented letters garbled; save it as UTF-8"]
        );
        assert_eq!(
            lint(page(HEAD, &accented).into_bytes()),
            ["game.html:3: warning: the page is saved as UTF-8 but does not say so: a browser, and YaZZle's help, \
              read it as Windows-1252 and garble its accented letters; add <meta charset=\"utf-8\"> to the head"]
        );
        let latin = "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=ISO-8859-1\">";
        assert_eq!(
            lint(page(&format!("{latin}\n{HEAD}"), &accented).into_bytes()),
            ["game.html:4: warning: the page says it is iso-8859-1 but is saved as UTF-8: a browser, and YaZZle's \
              help, show its accented letters garbled; declare <meta charset=\"utf-8\">"]
        );
        // Declared as saved, or all ASCII, or marked UTF-8 by its BOM.
        assert!(lint(page(&utf8_meta, &accented).into_bytes()).is_empty());
        assert!(lint(windows(page(&format!("{latin}\n{HEAD}"), &accented))).is_empty());
        assert!(lint(windows(page(HEAD, &accented))).is_empty());
        assert!(lint(page(HEAD, &sections()).into_bytes()).is_empty());
        assert!(lint([&b"\xEF\xBB\xBF"[..], page(HEAD, &accented).as_bytes()].concat()).is_empty());
        let utf16: Vec<u8> = page(&utf8_meta, &accented).encode_utf16().flat_map(u16::to_le_bytes).collect();
        assert!(lint([&b"\xFF\xFE"[..], &utf16].concat()).is_empty(), "UTF-16 with its mark");
    }

    #[test]
    fn structure_problems_have_lines() {
        let text = "<html>\n<head><title>T</title></head>\n<p>stray</p>\n<body>\ntext\n<div id=\"content\"></div>\n<div>more</div>\n</body>\n</html>\nafter\n";
        let found = html(text);
        assert!(
            found.contains(&"game.html:3: <p> directly inside <html>: only <head> and <body> belong there".to_string()),
            "{found:#?}"
        );
        assert!(
            found.contains(
                &"game.html:5: text directly inside <body>: everything goes in <div id=\"content\">".to_string()
            ),
            "{found:#?}"
        );
        assert!(
            found.contains(
                &"game.html:7: <div> directly inside <body>: the body holds only <div id=\"content\">".to_string()
            ),
            "{found:#?}"
        );
        assert!(found.contains(&"game.html:10: text after </html>".to_string()), "{found:#?}");
        assert!(found.iter().any(|f| f.starts_with("game.html:2: <head> does not link Help/help.css")), "{found:#?}");
        assert!(
            found.iter().any(|f| f.starts_with("game.html:6: there are no \"Winning\", \"The Layout\"")),
            "{found:#?}"
        );
    }

    #[test]
    fn head_needs_title_and_the_stylesheet() {
        let found = html(&page("<link rel=stylesheet href=\"style.css\">", &sections()));
        assert_eq!(
            found,
            vec![
                "game.html:3: <head> has no <title>".to_string(),
                "game.html:4: the stylesheet `style.css` is not Help/help.css, which every game type's help uses"
                    .to_string()
            ]
        );
        // A page that carries its own styles needs no link.
        assert_eq!(
            html(&page("<title>K</title>\n<style>\nbody { color: black }\n</style>", &sections())),
            Vec::<String>::new()
        );
    }

    #[test]
    fn headings_missing_and_out_of_order() {
        let content = sections().replace("<h2>Strategy</h2>", "").replace("<h2>Winning</h2>", "");
        let content = format!("{content}<h2>Winning</h2>\n");
        let found = html(&page(HEAD, &content));
        assert_eq!(found.len(), 2, "{found:#?}");
        assert!(found[0].starts_with("game.html:8: there is no \"Strategy\" heading ("), "{found:#?}");
        assert!(found[1].starts_with("game.html:30: the \"Winning\" heading is out of order"), "{found:#?}");
    }

    /// A section's heading misnamed is told of on its own line, quoted.
    /// Where the headings in a gap do not pair up with the sections
    /// missing there, none is guessed at.
    #[test]
    fn a_misnamed_heading_is_told_of_where_it_stands() {
        let content = sections().replace("<h2>Strategy</h2>", "<h2>Tactics  and\nTips</h2>");
        let found = html(&page(HEAD, &content));
        assert_eq!(found.len(), 1, "{found:#?}");
        let at = found[0].split(':').nth(1).unwrap();
        assert!(
            found[0].contains("there is no \"Strategy\" heading, and \"Tactics and Tips\" stands where it goes"),
            "{found:#?}"
        );
        assert_eq!(at, (page(HEAD, &content).lines().position(|l| l.contains("Tactics")).unwrap() + 1).to_string());
        // A page's <h1> title is no section's heading.
        let content =
            format!("<h1>Klondike</h1>\n{}", sections().replace("<h2>Winning</h2>", "<h2>Winning stuff</h2>"));
        let found = html(&page(HEAD, &content));
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(
            found[0].starts_with("game.html:11: there is no \"Winning\" heading, and \"Winning stuff\""),
            "{found:#?}"
        );
        // Two misnamed side by side pair up in order.
        let content =
            sections().replace("<h2>Decks</h2>", "<h2>Packs</h2>").replace("<h2>Difficulty</h2>", "<h2>Odds</h2>");
        let found = html(&page(HEAD, &content));
        assert_eq!(found.len(), 2, "{found:#?}");
        assert!(found[0].contains("no \"Decks\" heading, and \"Packs\""), "{found:#?}");
        assert!(found[1].contains("no \"Difficulty\" heading, and \"Odds\""), "{found:#?}");
        // Two missing and one extra heading in their gap: no guess.
        let content = sections().replace("<h2>Decks</h2>", "<h2>Packs</h2>").replace("<h2>Difficulty</h2>", "");
        let found = html(&page(HEAD, &content));
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(found[0].starts_with("game.html:8: there are no \"Decks\" and \"Difficulty\" headings"), "{found:#?}");
    }

    /// A heading ended by another level's tag is that heading, closed
    /// there, as a browser reads it: one error on its line, and no
    /// heading is missing for it.
    #[test]
    fn a_heading_closed_by_another_level_is_one_error() {
        let found = html(&page(HEAD, &sections().replace("<h2>Notes</h2>", "<h2>Notes</h3>")));
        assert_eq!(found, ["game.html:18: <h2> is closed by </h3>, not </h2>"]);
        let split = sections().replace("<h2>Notes</h2>", "<h2>\nNotes</h4>");
        assert_eq!(html(&page(HEAD, &split)), ["game.html:19: <h2> from line 18 is closed by </h4>, not </h2>"]);
        // A heading never closed runs on and takes in the headings after
        // it: that is told, not that they are missing.
        let found = html(&page(HEAD, &sections().replace("<h2>Notes</h2>", "<h2>Notes")));
        assert_eq!(found, ["game.html:18: <h2> is not closed: the heading runs on to </div> on line 31"]);
        // So does a page cut short inside a heading.
        let whole = page(HEAD, &sections());
        let cut = &whole[..whole.find("<h2>Notes").unwrap() + "<h2>N".len()];
        let found = html(cut);
        assert!(
            found.contains(&"game.html:18: <h2> is not closed: the heading runs on to the end of the file".into()),
            "{found:#?}"
        );
    }

    /// The help viewer reading game.html tells a mistyped heading end as
    /// lint does, an error: `parlour help DIR` and `parlour lint DIR`
    /// never differ on how grave it is.
    #[test]
    fn the_help_tells_a_mistyped_heading_end_as_lint_does() {
        let text = page(HEAD, &sections().replace("<h2>Notes</h2>", "<h2>Notes</h3>"));
        let path = Path::new("game.html");
        let linted = lint_html(path, text.as_bytes());
        let read = crate::help::html::read(path, text.as_bytes()).diagnostics;
        let told = read.iter().find(|d| d.message.contains("is closed by")).expect("the help tells it");
        assert_eq!((told.severity, linted.as_slice()), (Severity::Error, std::slice::from_ref(told)));
    }

    /// A page saved with a classic Mac's lone CRs is told of by its
    /// lines, by lint and by the help alike, as one with LFs or CR LFs.
    #[test]
    fn a_page_of_lone_crs_is_told_of_by_its_lines() {
        let text = page(HEAD, &sections().replace("<h2>Notes</h2>", "<h2>Notes</h3>"));
        let path = Path::new("game.html");
        for ends in ["\r\n", "\r"] {
            let saved = text.replace('\n', ends);
            let linted: Vec<String> = lint_html(path, saved.as_bytes()).iter().map(ToString::to_string).collect();
            assert_eq!(linted, ["game.html:18: <h2> is closed by </h3>, not </h2>"], "{ends:?}");
            let read = crate::help::html::read(path, saved.as_bytes()).diagnostics;
            assert!(read.iter().any(|d| d.line == 18 && d.message.contains("is closed by")), "{ends:?}: {read:?}");
        }
    }

    #[test]
    fn a_page_without_the_picture_warns() {
        let d = lint_html(Path::new("game.html"), page(HEAD, &sections().replace("game.bmp", "x.png")).as_bytes());
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].severity, Severity::Warning);
    }

    /// lint reads a page as the help does: past a quote never closed (the
    /// tag ends at its `>`), and with its character references.
    #[test]
    fn a_stray_quote_and_unknown_references_are_told_as_the_help_reads_them() {
        let content =
            sections().replacen("<h2>", "<h2 class=\"x>", 1).replacen("Words.", "Fish &chips; and &amp; more.", 1);
        let found = html(&page(HEAD, &content));
        assert_eq!(
            found,
            [
                "game.html:10: a quote in `<h2 class=\"x>Winning</h2>...` is never closed",
                "game.html:11: warning: unknown character reference `&chips;`; shown as written",
            ],
        );
    }

    #[test]
    fn script_style_and_comments_are_skipped() {
        let head = format!("{HEAD}\n<style>\nh2 {{ color: red }} </div> <h2>\n</style>\n<!-- <body> -->");
        let content = format!("<script>if (a < b) {{ x('</p>') }}</script>\n{}", sections());
        assert_eq!(
            html(&page(&head, &content)),
            ["game.html:13: warning: <script> is never run by the help; leave it out"]
        );
        let content =
            format!("{}\n<p><a href=\" JavaScript:go()\">go</a> <a href=\"file:///etc/passwd\">x</a>", sections());
        assert_eq!(
            html(&page(HEAD, &content)),
            [
                "game.html:31: warning: a javascript: address is never run by the help; leave it out",
                "game.html:31: warning: a file: address is never opened by the help; name a file in the page's folder instead",
            ]
        );
    }

    #[test]
    fn garbage_never_panics() {
        // None of these is a whole page: each gets an error, on its lines.
        let check = |s: &str| {
            let found = lint_html(Path::new("g.html"), s.as_bytes());
            assert!(found.iter().any(Diagnostic::is_error), "{s:?}: {found:?}");
            assert!(found.iter().all(|d| d.points_into(s.as_bytes())), "{s:?}: {found:?}");
        };
        for s in crate::checks::BROKEN_HTML {
            check(s);
        }
        let mut rng = crate::core::GameRng::new(7);
        let alphabet: Vec<char> = "<>/=\"' !-abhtmlodydivcnte&#;x1\n".chars().collect();
        for _ in 0..3000 {
            let len = rng.below(80) as usize;
            let s: String = (0..len).map(|_| alphabet[rng.below(alphabet.len() as u32) as usize]).collect();
            check(&s);
        }
    }

    /// A BMP with the given size, depth and palette length.
    pub(crate) fn bmp(width: u32, height: u32, bpp: u16, colours: u32) -> Vec<u8> {
        let palette = if bpp <= 8 { if colours == 0 { 1u32 << bpp } else { colours } } else { 0 };
        let row = (width * u32::from(bpp)).div_ceil(32) * 4;
        let off = 14 + 40 + palette * 4;
        let size = off + row * height;
        let mut b = Vec::new();
        b.extend(b"BM");
        b.extend(size.to_le_bytes());
        b.extend([0u8; 4]);
        b.extend(off.to_le_bytes());
        b.extend(40u32.to_le_bytes());
        b.extend(width.to_le_bytes());
        b.extend(height.to_le_bytes());
        b.extend(1u16.to_le_bytes());
        b.extend(bpp.to_le_bytes());
        b.extend(0u32.to_le_bytes());
        b.extend((row * height).to_le_bytes());
        b.extend(2835u32.to_le_bytes());
        b.extend(2835u32.to_le_bytes());
        b.extend(colours.to_le_bytes());
        b.extend(0u32.to_le_bytes());
        for i in 0..palette {
            b.extend([i as u8, i as u8, i as u8, 0]);
        }
        b.resize(size as usize, 7);
        b
    }

    fn bmp_msgs(bytes: &[u8]) -> Vec<String> {
        lint_bmp(Path::new("game.bmp"), bytes).iter().map(|d| d.to_string()).collect()
    }

    /// A complete Klondike folder in a temporary directory, its page's
    /// stylesheet beside it in Help.
    fn klondike_folder() -> (tempfile::TempDir, PathBuf) {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("Klondike");
        fs::create_dir_all(tmp.path().join("Help")).unwrap();
        fs::write(tmp.path().join("Help/help.css"), "body {}").unwrap();
        fs::create_dir(&dir).unwrap();
        fs::write(dir.join("game.ini"), crate::solitaire::spec::tests::klondike()).unwrap();
        fs::write(dir.join("game.html"), page(HEAD, &sections())).unwrap();
        fs::write(dir.join("game.bmp"), bmp(200, 150, 8, 0)).unwrap();
        (tmp, dir)
    }

    fn msgs(diags: &[Diagnostic], base: &Path) -> Vec<String> {
        let base = format!("{}/", base.display());
        diags.iter().map(|d| d.to_string().replace(&base, "")).collect()
    }

    #[test]
    fn a_good_folder_passes() {
        let (_tmp, dir) = klondike_folder();
        assert!(accepts(&dir));
        assert_eq!(msgs(&lint_path(&dir), &dir), Vec::<String>::new());
        assert_eq!(lint_path(&dir.join("game.ini")), Vec::new());
    }

    /// The messages of lint for `text` with each `(from, to)` edit made
    /// once, written as `dir`/game.ini.
    fn lint_edited(dir: &Path, text: &str, edits: &[(&str, &str)]) -> Vec<String> {
        let mut text = text.to_string();
        for (from, to) in edits {
            assert!(text.contains(from), "{from}");
            text = text.replacen(from, to, 1);
        }
        let ini = dir.join("game.ini");
        fs::write(&ini, text).unwrap();
        msgs(&lint_ini(&ini), dir)
    }

    /// A Name the period fonts cannot draw is told of, each character
    /// once; Latin-1 and the typographic marks shown plain are not.
    #[test]
    fn a_name_the_fonts_cannot_draw_is_told_of() {
        let tmp = tempfile::tempdir().unwrap();
        let klondike = crate::solitaire::spec::tests::klondike();
        let name = klondike.lines().find(|l| l.starts_with("Name=")).unwrap().to_string();
        let line = klondike[..klondike.find(&name).unwrap()].lines().count() + 1;
        let found = lint_edited(tmp.path(), &klondike, &[(&name, "Name=\u{63a5}\u{9f8d} \u{63a5} Solitaire")]);
        assert_eq!(
            found,
            [format!(
                "game.ini:{line}: warning: [General] Name holds \u{63a5} (U+63A5), \u{9f8d} (U+9F8D), which the period fonts cannot draw: the game list, title bars and game.bmp show a box for each"
            )]
        );
        let found = lint_edited(
            tmp.path(),
            &klondike,
            &[(&name, "Name=Caf\u{e9} \u{201c}Cr\u{e8}me\u{201d} \u{2013} Solitaire")],
        );
        assert_eq!(found, Vec::<String>::new());
    }

    /// Cards the deal leaves in a hidden stock are never played: a
    /// warning on Visibility, naming how many.
    #[test]
    fn cards_left_in_a_hidden_stock_are_told_of() {
        let tmp = tempfile::tempdir().unwrap();
        let klondike = crate::solitaire::spec::tests::klondike();
        let line = klondike[..klondike.find("Visibility=1").unwrap()].lines().count() + 1;
        assert_eq!(
            lint_edited(tmp.path(), &klondike, &[("Visibility=1", "Visibility=0")]),
            [format!(
                "game.ini:{line}: warning: [Stock] Visibility=0 hides the stock, but 24 cards stay in it after the \
                 deal ([Game] NumCardsDealt=28 of 52) and a hidden stock is never dealt from: they can never be \
                 played, so the game cannot be won"
            )]
        );
    }

    /// A game of `dealt` cards, each `[DealtCardN]` section's keys given
    /// by `card(n)`, on one foundation, waste and tableau pile each (and
    /// `foundations` foundations).
    fn dealing(foundations: usize, dealt: usize, card: impl Fn(usize) -> String) -> String {
        let mut s = format!(
            "[General]\nName=D\n[Game]\nDecks=1\nNumCardWide=9\nNumCardHigh=2\nNumCardsDealt={dealt}\n\
             [Waste]\nPiles=1\n[Foundation]\nPiles={foundations}\n[Tableau]\nPiles=1\n\
             [Waste1]\nX=0\nY=0\n[Tableau1]\nX=0\nY=1\n"
        );
        for f in 1..=foundations {
            s.push_str(&format!("[Foundation{f}]\nX={f}\nY=0\n"));
        }
        for n in 1..=dealt {
            s.push_str(&format!("[DealtCard{n}]\n{}\n", card(n)));
        }
        s
    }

    /// Cards dealt to a foundation that do not build there are told of,
    /// once a foundation; a game over at every deal is an error.
    #[test]
    fn a_deal_to_the_foundations_that_does_not_build_is_told_of() {
        let tmp = tempfile::tempdir().unwrap();
        let klondike = crate::solitaire::spec::tests::klondike();
        let first = "[DealtCard1]\nPileType=T\nPileNumb=1\nPileFace=U\nPileRank=\nPileSuit=\n";
        let second = "[DealtCard2]\nPileType=T\nPileNumb=2\nPileFace=D\n";
        let at = |section: &str| klondike[..klondike.find(section).unwrap()].lines().count() + 1;
        let found = lint_edited(
            tmp.path(),
            &klondike,
            &[
                (first, "[DealtCard1]\nPileType=F\nPileNumb=1\nPileFace=U\nPileRank=\nPileSuit=\n"),
                (second, "[DealtCard2]\nPileType=F\nPileNumb=2\nPileFace=D\n"),
            ],
        );
        let random_start = |n: usize| {
            format!(
                "game.ini:{}: warning: [DealtCard{n}] deals a random card to foundation {n}, built up from the ace: \
                 the deal may put any rank there, and the foundation then holds only the ranks from it on (give \
                 PileRank and PileSuit, or use [Game] StartRankCard)",
                at(&format!("[DealtCard{n}]"))
            )
        };
        let face_down = format!(
            "game.ini:{}: warning: [DealtCard2] PileFace=D: a foundation shows its cards, so this one is dealt face up",
            at("[DealtCard2]") + 3
        );
        assert_eq!(found, [random_start(1), random_start(2), face_down]);
        // Dealt aces start their foundations; Golf's random card starts
        // one built up and down.
        let ace = "[DealtCard1]\nPileType=F\nPileNumb=1\nPileFace=U\nPileRank=1\nPileSuit=C\n";
        assert_eq!(lint_edited(tmp.path(), &klondike, &[(first, ace)]), Vec::<String>::new());
        // A card named in part is its own error, not a card dealt at random.
        let no_suit = "[DealtCard1]\nPileType=F\nPileNumb=1\nPileFace=U\nPileRank=2\nPileSuit=\n";
        let found = lint_edited(tmp.path(), &klondike, &[(first, no_suit)]);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(found[0].contains("PileSuit"), "{found:#?}");
        let game = |text: String| {
            let ini = tmp.path().join("game.ini");
            fs::write(&ini, text).unwrap();
            msgs(&lint_ini(&ini), tmp.path())
        };
        // The whole pack dealt to the foundations at random: won at once.
        let all_on_foundations =
            game(dealing(4, 52, |n| format!("PileType=F\nPileNumb={}\nPileFace=U", (n - 1) % 4 + 1)));
        assert_eq!(all_on_foundations.len(), 5, "{all_on_foundations:#?}");
        assert!(
            all_on_foundations[0].starts_with("game.ini:7: every deal is won before a move is made"),
            "{all_on_foundations:#?}"
        );
        assert!(all_on_foundations[4].contains("[DealtCard4] deals a random card to foundation 4"));
        // Two packs face up on one pile move only where the deal puts an
        // ace on top: none of the deals tried does, which is told as a
        // warning, not as an error of the rules.
        let one_pile = dealing(8, 104, |_| "PileType=R\nPileNumb=1\nPileFace=U".into());
        let one_pile = one_pile.replace("Decks=1", "Decks=2").replace("[Tableau", "[Reserve");
        let one_pile = game(one_pile);
        assert_eq!(
            one_pile,
            [format!(
                "game.ini:7: warning: none of deals 1 to {DEALS_TRIED} allows a single move (no card can be moved or \
                 turned, and no stock dealt from): the game may be lost at the deal more often than not"
            )]
        );
        // The same pack laid card by card, the ace at the bottom: every
        // deal is that one, lost, an error.
        let named = |n: usize| {
            let (rank, suit) = (1 + (n - 1) % 13, ["C", "D", "H", "S"][(n - 1) / 13]);
            format!("PileType=R\nPileNumb=1\nPileFace=U\nPileRank={rank}\nPileSuit={suit}")
        };
        let fixed = game(dealing(4, 52, named).replace("[Tableau", "[Reserve"));
        assert_eq!(
            fixed,
            ["game.ini:7: every deal lays the same cards (the game.ini names each one), and they allow no move (no \
              card can be moved or turned, and no stock dealt from): every game is lost at the deal"]
        );
        // A random card on a dealt ace does not build on it.
        let on_the_ace = [(first, ace), (second, "[DealtCard2]\nPileType=F\nPileNumb=1\nPileFace=U\n")];
        let found = lint_edited(tmp.path(), &klondike, &on_the_ace);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(found[0].contains(
            "warning: [DealtCard2] deals a card to foundation 1 on another, and one of them is dealt at random"
        ));
    }

    /// Foundations with no room for the whole pack: two decks on four,
    /// or four built up from the 5; not once they wrap, nor built down
    /// from the king.
    #[test]
    fn foundations_too_small_for_the_pack_are_an_error() {
        let tmp = tempfile::tempdir().unwrap();
        let klondike = crate::solitaire::spec::tests::klondike();
        let lint_with = |edits: &[(&str, &str)]| lint_edited(tmp.path(), &klondike, edits);
        let foundation = "[Foundation]\nPiles=4\n";
        let line = klondike[..klondike.find(foundation).unwrap()].lines().count() + 2;
        let cannot =
            |at: &str| format!("game.ini:{line}: the 4 foundation piles hold at most {at}, so the game cannot be won");
        assert_eq!(
            lint_with(&[("Decks=1", "Decks=2")]),
            [cannot("52 of the 104 cards (each holds 13, built up from the ace without AllowWrap)")]
        );
        let from_five = format!("{foundation}StartRank=5\n");
        assert_eq!(
            lint_with(&[(foundation, &from_five)]),
            [cannot("36 of the 52 cards (each holds 9, built up from the 5 without AllowWrap)")]
        );
        let wrapping = ("NumCardHigh=1\nAllowWrap=0\nMaxCardsShown", "NumCardHigh=1\nAllowWrap=1\nMaxCardsShown");
        assert_eq!(lint_with(&[(foundation, &from_five), wrapping]), Vec::<String>::new());
        // A foundation built one way takes no 14th card, wrapping or not.
        assert_eq!(
            lint_with(&[("Decks=1", "Decks=2"), wrapping]),
            [cannot("52 of the 104 cards (each holds at most 13, even with AllowWrap)")]
        );
        let one = lint_with(&[(foundation, "[Foundation]\nPiles=1\n")]);
        let holds = "the one foundation pile holds at most 13 of the 52 cards (it holds 13, built up from the ace \
                     without AllowWrap), so the game cannot be won";
        assert!(one.contains(&format!("game.ini:{line}: {holds}")), "{one:#?}");
        let from_the_king = format!("{foundation}StartRank=13\nBuild=Down\n");
        assert_eq!(lint_with(&[(foundation, &from_the_king)]), Vec::<String>::new());
        let dealt_rank = lint_with(&[("StartRankCard=0", "StartRankCard=1")]);
        assert_eq!(dealt_rank.len(), 1, "{dealt_rank:?}");
        assert!(dealt_rank[0].contains("warning: [Game] StartRankCard: each foundation starts at a dealt card's rank"));
        assert!(lint_with(&[("StartRankCard=0", "StartRankCard=1"), wrapping]).is_empty());
        // Klondike's second card is dealt face down: no one sees the rank.
        let hidden = lint_with(&[("StartRankCard=0", "StartRankCard=2"), wrapping]);
        assert_eq!(hidden.len(), 1, "{hidden:?}");
        assert!(
            hidden[0].contains("StartRankCard=2 names [DealtCard2], dealt face down to tableau pile 2"),
            "{hidden:?}"
        );
        // On a foundation it is turned face up, which is told alone.
        let on_foundation =
            ("[DealtCard2]\nPileType=T\nPileNumb=2\nPileFace=D", "[DealtCard2]\nPileType=F\nPileNumb=1\nPileFace=D");
        let told = lint_with(&[("StartRankCard=0", "StartRankCard=2"), wrapping, on_foundation]);
        assert_eq!(told.len(), 1, "{told:?}");
        assert!(told[0].contains("PileFace=D: a foundation shows its cards"), "{told:?}");
    }

    /// A mistake found reading the rules hides none of those found of the
    /// whole game apart from it: FreeCell on two decks is told both that
    /// half the pack has nowhere to go and that its four foundations hold
    /// only one deck, each on its own line, in one run.
    #[test]
    fn mistakes_apart_from_each_other_are_told_in_one_run() {
        let tmp = tempfile::tempdir().unwrap();
        let freecell = include_str!("../../game-types/FreeCell/game.ini");
        let line_of = |key: &str| freecell[..freecell.find(key).unwrap()].lines().count() + 1;
        let found = lint_edited(tmp.path(), freecell, &[("Decks=1", "Decks=2")]);
        assert_eq!(
            found,
            [
                format!(
                    "game.ini:{}: 52 cards are not dealt and there is no stock pile to hold them: deal them all, or add a [Stock] with Piles=1",
                    line_of("NumCardsDealt=")
                ),
                format!(
                    "game.ini:{}: the 4 foundation piles hold at most 52 of the 104 cards (each holds 13, built up from the ace without AllowWrap), so the game cannot be won",
                    line_of("[Foundation]\nPiles=") + 1
                ),
            ]
        );
    }

    /// Every card dealt to the tableau, and a stock of one pile (empty,
    /// but it can be clicked) with no waste to deal to: play refuses the
    /// rules, so lint says why, on the [Stock] header (DealTo not given)
    /// or the DealTo key, and opening the game type says the same.
    #[test]
    fn a_stock_with_nowhere_to_deal_is_an_error_as_play_says() {
        let mut text = String::from(
            "[General]\nName=All Dealt\nAuthor=Me\n[Game]\nDecks=1\nNumCardWide=5\nNumCardHigh=2\nNumCardsDealt=52\n\
             [Stock]\nPiles=1\n[Foundation]\nPiles=4\n[Tableau]\nPiles=1\n[Stock1]\nX=0\nY=0\n[Tableau1]\nX=0\nY=1\n",
        );
        for n in 1..=4 {
            text.push_str(&format!("[Foundation{n}]\nX={n}\nY=0\n"));
        }
        for n in 1..=52 {
            text.push_str(&format!("[DealtCard{n}]\nPileType=T\nPileNumb=1\nPileFace=U\n"));
        }
        let tmp = tempfile::tempdir().unwrap();
        let wanted = "[Stock] DealTo=Waste (the default): the stock deals to the waste but there are no waste piles";
        assert_eq!(lint_edited(tmp.path(), &text, &[]), [format!("game.ini:9: {wanted}")]);
        let played = crate::solitaire::library::GameType::load(&tmp.path().join("game.ini")).err().unwrap();
        assert_eq!(msgs(&played, tmp.path()), [format!("game.ini:9: {wanted}")]);
        let keyed = lint_edited(tmp.path(), &text, &[("[Stock]\n", "[Stock]\nDealTo=Waste\n")]);
        assert_eq!(
            keyed,
            ["game.ini:10: [Stock] DealTo=Waste: the stock deals to the waste but there are no waste piles"]
        );
        let waste = "[Stock]\nPiles=1\n[Waste]\nPiles=1\n[Waste1]\nX=1\nY=1\n";
        let fine = lint_edited(tmp.path(), &text, &[("[Stock]\nPiles=1\n", waste)]);
        assert!(fine.is_empty(), "{fine:#?}");
    }

    /// An adding game whose sum leaves some ranks no way off the table:
    /// an error where every card must reach the foundations, a warning
    /// where only the tableau must be cleared; Pyramid's 13 leaves none.
    #[test]
    fn ranks_an_adding_game_can_never_take_off_are_told() {
        let tmp = tempfile::tempdir().unwrap();
        let pyramid =
            fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("game-types/Pyramid/game.ini")).unwrap();
        let lint_with = |edits: &[(&str, &str)]| lint_edited(tmp.path(), &pyramid, edits);
        assert_eq!(lint_with(&[]), Vec::<String>::new());
        let tens = lint_with(&[("Addition=13", "Addition=10")]);
        assert_eq!(tens.len(), 1, "{tens:?}");
        assert!(
            tens[0].contains(
                "warning: [Game] Addition=10: no jack, queen or king can ever leave the table (none makes 10 with \
                 another card, nor is worth it alone), so a deal that puts one in the tableau cannot be won"
            ),
            "{tens:?}"
        );
        let twenty = lint_with(&[("Addition=13", "Addition=20")]);
        assert!(twenty[0].contains("no ace, 2, 3, 4, 5 or 6 can ever leave"), "{twenty:?}");
        let on_foundations =
            lint_with(&[("Addition=13", "Addition=11"), ("WinWhen=TableauEmpty", "WinWhen=Foundations")]);
        assert!(
            on_foundations.iter().any(|m| m.contains(": [Game] Addition=11: no queen or king can ever leave")
                && !m.contains("warning")
                && m.ends_with("so the game cannot be won")),
            "{on_foundations:?}"
        );
    }

    #[test]
    fn missing_and_misnamed_files() {
        let (_tmp, dir) = klondike_folder();
        fs::remove_file(dir.join("game.bmp")).unwrap();
        fs::rename(dir.join("game.html"), dir.join("Game.HTML")).unwrap();
        assert_eq!(
            msgs(&lint_path(&dir), &dir),
            vec![
                "Game.HTML:1: must be named game.html (all lower case)",
                "game.bmp:1: missing: a game-type folder needs game.bmp (the picture of the game; `parlour capture` draws it)",
            ]
        );
        fs::remove_file(dir.join("game.ini")).unwrap();
        assert!(accepts(&dir), "a folder with game.html is a game type that lacks game.ini");
        fs::remove_file(dir.join("Game.HTML")).unwrap();
        assert!(!accepts(&dir));
        assert_eq!(
            msgs(&lint_folder(&dir), &dir)[0],
            "game.ini:1: missing: a game-type folder needs game.ini (the game's rules)"
        );
    }

    #[test]
    fn pictures_and_links_outside_the_folder_or_to_no_file_are_told_of() {
        let (tmp, dir) = klondike_folder();
        fs::write(tmp.path().join("mask.bmp"), bmp(200, 150, 8, 0)).unwrap();
        let ini =
            crate::solitaire::spec::tests::klondike().replace("Image=game.bmp", "Image=game.bmp\nAlpha=../mask.bmp");
        fs::write(dir.join("game.ini"), ini).unwrap();
        let shown = sections().replace("src=\"game.bmp\"", "src=\"/srv/game.bmp\"")
            + "<p><img src=\"gone.bmp\"> <a href=\"rules.html#deal\">Rules</a> <a href=\"../Other/game.html\">x</a>\
               <a id=\"here\" href=\"game.html#here\">here</a></p>\n";
        fs::write(dir.join("game.html"), page(HEAD, &shown)).unwrap();
        let found = msgs(&lint_path(&dir), &dir);
        assert!(
            found.iter().any(|m| m.ends_with(
                "warning: [Layout] Alpha=../mask.bmp: ../mask.bmp is outside the folder (its .. climb out): Parlour \
                 reads only files inside it"
            )),
            "{found:#?}"
        );
        // A picture or page named inside the folder and not there, or one
        // outside it, is an error, as the HTML help leaves the page out
        // (the help viewer shows it, passing over what is missing), but
        // for a file of another game type (../Other/game.html).
        let dead: Vec<&String> = found.iter().filter(|m| m.contains("beside the page")).collect();
        assert_eq!(dead.len(), 2, "{found:#?}");
        assert!(dead.iter().all(|m| !m.contains("warning:")), "errors: {dead:?}");
        let left_out = ", so parlour help --html leaves the game type out";
        assert!(dead[0].ends_with(&format!(": there is no picture `gone.bmp` beside the page{left_out}")), "{dead:?}");
        assert!(
            dead[1].ends_with(&format!(": the link `rules.html#deal` leads to no file beside the page{left_out}")),
            "{dead:?}"
        );
        let out: Vec<&String> = found.iter().filter(|m| m.contains("leads out of the game type's folder")).collect();
        assert_eq!(out.len(), 2, "{found:#?}");
        assert!(out[0].contains("the picture `/srv/game.bmp` leads out") && !out[0].contains("warning:"), "{out:?}");
        assert!(out[1].contains("the link `../Other/game.html` leads out"), "{out:?}");
        let other = tmp.path().join("Other");
        fs::create_dir(&other).unwrap();
        fs::write(other.join("game.ini"), "").unwrap();
        fs::write(other.join("game.html"), "").unwrap();
        let found = msgs(&lint_path(&dir), &dir);
        let out: Vec<&String> = found.iter().filter(|m| m.contains("leads out of the game type's folder")).collect();
        assert_eq!(out.len(), 1, "another game type's page is taken in: {out:?}");
        assert!(
            found.iter().any(|m| m.ends_with("the help does not show game.bmp (<img src=\"game.bmp\">)")),
            "{found:#?}"
        );
        // A link into another page's middle opens it at its top here; one
        // to a place in its own page by its name is no trouble.
        fs::write(dir.join("rules.html"), "<p>rules</p>").unwrap();
        let found = msgs(&lint_path(&dir), &dir);
        let told = "warning: the link `rules.html#deal` opens rules.html at its top in Parlour's help";
        assert!(found.iter().any(|m| m.contains(told)), "{found:#?}");
        assert!(!found.iter().any(|m| m.contains("`game.html#")), "{found:#?}");
    }

    /// A page or picture named inside the folder that is a link out of it
    /// is an error, as `parlour help --html` leaves the page out for it;
    /// a link to another file of the folder is no trouble.
    #[cfg(unix)]
    #[test]
    fn a_link_out_of_the_folder_under_a_name_inside_it_is_told_of() {
        let (tmp, dir) = klondike_folder();
        fs::write(tmp.path().join("secret.html"), "<p>secret</p>").unwrap();
        std::os::unix::fs::symlink("../secret.html", dir.join("notes.html")).unwrap();
        fs::write(dir.join("own.html"), "<p>own</p>").unwrap();
        std::os::unix::fs::symlink("own.html", dir.join("more.html")).unwrap();
        let shown = sections() + "<p><a href=\"notes.html\">Notes</a> <a href=\"more.html\">More</a></p>\n";
        fs::write(dir.join("game.html"), page(HEAD, &shown)).unwrap();
        let found = msgs(&lint_path(&dir), &dir);
        let out: Vec<&String> = found.iter().filter(|m| m.contains("leads out of the game type's folder")).collect();
        assert_eq!(out.len(), 1, "{found:#?}");
        assert!(
            out[0].contains("the link `notes.html` leads out of the game type's folder (through a link to elsewhere)")
                && !out[0].contains("warning:"),
            "{out:?}"
        );
    }

    /// A page whose <title> is not the game's Name (a copy's page titled
    /// as its original) draws a warning on the title's line; a title that
    /// differs only in spacing or references does not.
    #[test]
    fn a_title_that_is_not_the_name_is_told_of() {
        let (_tmp, dir) = klondike_folder();
        let ini = crate::solitaire::spec::tests::klondike();
        fs::write(dir.join("game.ini"), ini.replace("Name=Klondike", "Name=Tom & Jerry")).unwrap();
        fs::write(dir.join("game.html"), page(HEAD, &sections())).unwrap();
        let found = msgs(&lint_path(&dir), &dir);
        assert!(
            found.contains(
                &"game.html:4: warning: the <title> `Klondike` is not the game's [General] Name `Tom & Jerry`: the help shows the title, the game list the Name, so they should match"
                    .to_string()
            ),
            "{found:#?}"
        );
        let head = HEAD.replace("<title>Klondike</title>", "<title>\n  Tom &amp;  Jerry</title>");
        fs::write(dir.join("game.html"), page(&head, &sections())).unwrap();
        let found = msgs(&lint_path(&dir), &dir);
        assert!(!found.iter().any(|m| m.contains("<title>")), "{found:#?}");
    }

    /// A picture game.ini names outside the folder, by a full path, by
    /// `..` or by a link, is told of in one wording, as a warning (Parlour
    /// never reads it, and play takes the game type), and nothing outside
    /// the folder is looked at: a full path to a file that does not
    /// exist is told of as one to a file that does.
    #[cfg(unix)]
    #[test]
    fn a_layout_picture_outside_the_folder_is_told_of_one_way() {
        let (tmp, dir) = klondike_folder();
        fs::write(tmp.path().join("mask.bmp"), bmp(200, 150, 8, 0)).unwrap();
        std::os::unix::fs::symlink(tmp.path().join("mask.bmp"), dir.join("passwd")).unwrap();
        let outside = [
            ("/etc/passwd", "a full path"),
            ("/nonexist.bmp", "a full path"),
            ("../../../../etc/passwd", "its .. climb out"),
            ("passwd", "a link to elsewhere"),
        ];
        for (name, how) in outside {
            let ini = crate::solitaire::spec::tests::klondike().replace("Image=game.bmp", &format!("Image={name}"));
            fs::write(dir.join("game.ini"), ini).unwrap();
            let found = msgs(&lint_path(&dir), &dir);
            let said = format!(
                "warning: [Layout] Image={name}: {name} is outside the folder ({how}): Parlour reads only files inside \
                 it; the layout picture should be game.bmp"
            );
            let told: Vec<&String> = found.iter().filter(|m| m.contains("[Layout]")).collect();
            assert_eq!(told.len(), 1, "{found:#?}");
            assert!(told[0].starts_with("game.ini:") && told[0].contains(&said), "{name}: {told:#?}");
            let alpha = crate::solitaire::spec::tests::klondike().replace("Image=game.bmp", &format!("Alpha={name}"));
            fs::write(dir.join("game.ini"), alpha).unwrap();
            let found = msgs(&lint_path(&dir), &dir);
            let said = format!(
                "warning: [Layout] Alpha={name}: {name} is outside the folder ({how}): Parlour reads only files inside it"
            );
            assert!(found.iter().any(|m| m.ends_with(&said)), "{name}: {found:#?}");
            let spec = crate::solitaire::spec::GameSpec::load(&dir.join("game.ini"));
            assert!(spec.is_ok(), "play takes it: {spec:?}");
        }
    }

    /// A stylesheet that is not there as named from the folder (a page
    /// copied away from the help it linked) is a warning on its line; one
    /// there, or on the web, is not.
    #[test]
    fn a_stylesheet_that_is_not_there_is_told_of() {
        let (_tmp, dir) = klondike_folder();
        let linted = |href: &str| {
            let head = HEAD.replace("../Help/help.css", href);
            fs::write(dir.join("game.html"), page(&head, &sections())).unwrap();
            msgs(&lint_path(&dir), &dir)
        };
        assert_eq!(
            linted("../../guide/Help/help.css"),
            [
                "game.html:5: warning: the stylesheet `../../guide/Help/help.css` leads to no file from the game type's folder, so a browser shows this page without its styles"
            ]
        );
        assert_eq!(linted("https://example.org/Help/help.css"), Vec::<String>::new());
    }

    #[test]
    fn every_file_is_checked_and_the_folder_agrees() {
        let (tmp, dir) = klondike_folder();
        let other = tmp.path().join("Other");
        fs::rename(&dir, &other).unwrap();
        let ini = crate::solitaire::spec::tests::klondike()
            .replace("Image=game.bmp", "Image=layout.bmp\nAlpha=alpha.bmp")
            .replace("ColorCheck=2", "ColorCheck=5");
        fs::write(other.join("game.ini"), ini).unwrap();
        fs::write(other.join("game.html"), page(HEAD, "<h2>Winning</h2>")).unwrap();
        fs::write(other.join("game.bmp"), bmp(320, 200, 8, 0)).unwrap();
        let found = msgs(&lint_path(&other), &other);
        assert_eq!(found.len(), 7, "{found:#?}");
        assert_eq!(
            found[0],
            "game.ini:3: warning: [General] Name=Klondike differs from the folder's name `Other`; by convention they match"
        );
        assert_eq!(found[1], "game.ini:62: [Tableau] ColorCheck=5 is out of range: it must be 0, 1 or 2");
        assert!(
            found[2].ends_with(
                "[Layout] Image=layout.bmp: there is no such file in the folder; the layout picture should be game.bmp, the bitmap the game list and the help show; write Image=game.bmp"
            ),
            "{found:#?}"
        );
        assert!(found[3].ends_with("[Layout] Alpha=alpha.bmp: there is no such file in the folder"), "{found:#?}");
        assert!(
            found[4].starts_with("game.html:8: there are no \"The Layout\", \"The Deal\", \"Game Play\", \"Notes\", \"Decks\", \"Difficulty\", \"Strategy\", \"Easy Play\" and \"Hard Play\" headings"),
            "{found:#?}"
        );
        assert_eq!(found[5], "game.html:8: warning: the help does not show game.bmp (<img src=\"game.bmp\">)");
        assert_eq!(
            found[6],
            "game.bmp:1: is 320 x 200 pixels; it must be 200 x 150 (`parlour capture` draws one to spec)"
        );
    }

    /// A layout picture that is there but no bitmap YaZZle could show is
    /// warned of as one that is missing is; a good one is not.
    #[test]
    fn layout_pictures_that_cannot_be_shown_are_warned_of() {
        let (_tmp, dir) = klondike_folder();
        let ini =
            crate::solitaire::spec::tests::klondike().replace("Image=game.bmp", "Image=game.bmp\nAlpha=alpha.bmp");
        fs::write(dir.join("game.ini"), ini).unwrap();
        let alpha_warnings = |bytes: &[u8]| {
            fs::write(dir.join("alpha.bmp"), bytes).unwrap();
            msgs(&lint_path(&dir), &dir).into_iter().filter(|m| m.contains("Alpha=")).collect::<Vec<_>>()
        };
        assert_eq!(alpha_warnings(&bmp(200, 150, 8, 0)), Vec::<String>::new());
        let said = alpha_warnings(b"not a picture\n");
        assert_eq!(said.len(), 1, "{said:#?}");
        assert!(
            said[0].ends_with("[Layout] Alpha=alpha.bmp: it is not a Windows bitmap (a BMP file starts with `BM`)")
        );
        let said = alpha_warnings(&bmp(200, 150, 8, 0)[..100]);
        assert_eq!(said.len(), 1, "{said:#?}");
        assert!(said[0].contains("warning: [Layout] Alpha=alpha.bmp: it cannot be shown: "), "{said:#?}");
    }

    #[test]
    fn bmp_checks() {
        assert_eq!(bmp_msgs(&bmp(200, 150, 8, 0)), Vec::<String>::new());
        assert_eq!(bmp_msgs(&bmp(200, 150, 8, 256)), Vec::<String>::new());
        assert_eq!(bmp_msgs(&bmp(201, 150, 8, 0)), vec!["game.bmp:1: is 201 x 150 pixels; it must be 200 x 150"]);
        assert_eq!(
            bmp_msgs(&bmp(200, 150, 24, 0)),
            vec!["game.bmp:1: has 24 bits per pixel; it must have 8 (256 colours from a palette)"]
        );
        assert_eq!(bmp_msgs(&bmp(200, 150, 8, 16)), vec!["game.bmp:1: has a palette of 16 colours; it must have 256"]);
        assert_eq!(
            bmp_msgs(b"\x89PNG\r\n"),
            vec!["game.bmp:1: is a PNG file; game.bmp must be a Windows bitmap (BMP)"]
        );
        assert_eq!(bmp_msgs(b"hello"), vec!["game.bmp:1: is not a Windows bitmap (a BMP file starts with `BM`)"]);
        assert_eq!(bmp_msgs(b""), vec!["game.bmp:1: is empty (0 bytes): game.bmp must be a Windows bitmap (BMP)"]);
        let good = bmp(200, 150, 8, 0);
        let cut = bmp_msgs(&good[..good.len() - 100]);
        assert_eq!(cut, vec!["game.bmp:1: is cut short: 100 bytes of pixels are missing"]);
        assert_eq!(bmp_msgs(&good[..300]), vec!["game.bmp:1: is cut short: the 256-colour palette is incomplete"]);
        for n in 0..80 {
            let _ = bmp_msgs(&good[..n]);
        }
        // A top-down bitmap (negative height) is fine.
        let mut top_down = good.clone();
        top_down[22..26].copy_from_slice(&(-150i32).to_le_bytes());
        assert_eq!(bmp_msgs(&top_down), Vec::<String>::new());
    }

    /// A compressed bitmap, a pixel offset past the end and a depth of
    /// one bit are each told as what they are.
    #[test]
    fn bmp_compression_offsets_and_counts_are_told_plainly() {
        let good = bmp(200, 150, 8, 0);
        let with = |at: usize, value: u32| {
            let mut b = good.clone();
            b[at..at + 4].copy_from_slice(&value.to_le_bytes());
            b
        };
        let compressed = "game.bmp:1: is compressed (RLE8); YaZZle needs game.bmp stored uncompressed";
        assert_eq!(bmp_msgs(&with(30, 1)), [compressed]);
        assert_eq!(
            bmp_msgs(&with(10, 4_000_000_000)),
            [format!(
                "game.bmp:1: is damaged: its pixel data offset (4000000000) points past the end of the file ({} bytes)",
                good.len()
            )]
        );
        assert_eq!(
            bmp_msgs(&bmp(200, 150, 1, 2)),
            [
                "game.bmp:1: has 1 bit per pixel; it must have 8 (256 colours from a palette)",
                "game.bmp:1: has a palette of 2 colours; it must have 256"
            ]
        );
        assert_eq!(bmp_msgs(&bmp(200, 150, 8, 1)), ["game.bmp:1: has a palette of 1 colour; it must have 256"]);
    }
}
