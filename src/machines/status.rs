//! Fitting a status line (a title, named figures and a message) into the
//! room a chrome has for it, so no word is ever cut in half: figures are
//! written more tersely, the title gives way, and a message that still
//! does not fit is shortened after a whole word with "..." (a first word
//! too long alone, a file's name, after a mark in it).

use crate::core::capitalised;
use crate::gfx::font::fitting_prefix;

/// How a figure is written, fullest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    /// `Stones left: 32`
    Full,
    /// `Stones left 32`
    Bare,
    /// `Stones 32`: the name's first word.
    FirstWord,
    /// `0:16`, `Winnable`, `Not winnable`: a value that says what it is
    /// (a clock, a word or a word negated) stands alone; the others are named by their first word, as
    /// is a word ending in "..." ("Solver: Thinking...": an activity alone
    /// names nothing it is about). Names cut to a letter or two ("Ti",
    /// "Mo") read as words cut in half.
    Short,
}

const FORMS: [Form; 4] = [Form::Full, Form::Bare, Form::FirstWord, Form::Short];

/// The words of a message a status line keeps at the least, dropping its
/// last figures if it must: fewer say nothing.
const MESSAGE_WORDS: usize = 3;

fn figure(name: &str, value: &str, form: Form) -> String {
    // A verdict keeps its colon wherever it is named: "Solver Winnable"
    // reads as one phrase, and a message after it as more of the same.
    // So it is "Solver: Winnable" where there is room, "Winnable" where
    // not (and no message follows, see [`figures`]).
    let named = if is_verdict(value) { ": " } else { " " };
    match form {
        Form::Full => format!("{name}: {value}"),
        Form::Bare => format!("{name}{named}{value}"),
        Form::Short if speaks_for_itself(value) => value.to_string(),
        Form::FirstWord | Form::Short => format!("{}{named}{value}", name.split_whitespace().next().unwrap_or(name)),
    }
}

/// Whether a figure's value says what it is without its name: a word
/// or a word negated ("Winnable", "Not winnable", where "Solver
/// Winnable" says it twice), not an activity ("Thinking..."), or a clock
/// ("0:16"). A number alone could be any of the figures, and words that
/// name a choice ("Any suit") could be any choice.
fn speaks_for_itself(value: &str) -> bool {
    is_word(value) || is_clock(value)
}

/// A word, or a word negated: "Winnable", "Not decided".
fn is_word(value: &str) -> bool {
    let word = |w: &str| w.starts_with(char::is_alphabetic) && !w.ends_with("...");
    match value.split_once(' ') {
        Some((not, rest)) => not == "Not" && word(rest) && !rest.contains(' '),
        None => word(value),
    }
}

/// A clock: "0:16", "1:02:03".
fn is_clock(value: &str) -> bool {
    value.contains(':') && value.split(':').all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether a figure is a verdict: a word ("Not winnable") or an activity
/// ("Thinking..."), the solver's word, which no other figure stands for:
/// without it "not winnable" reads as "the solver is off".
pub fn is_verdict(value: &str) -> bool {
    is_word(value) || (value.ends_with("...") && value.starts_with(char::is_alphabetic))
}

/// The order in which figures are kept where not all of them fit, each
/// making way for the ones before it in this order: verdicts first (see
/// [`is_verdict`]), then the figures as they come; beside a verdict the
/// clock comes last: it runs on its own and says nothing about the
/// position, a player sees time pass without it, and it is back once the
/// line has room (the solver's "Thinking..." is brief). Without a verdict
/// a game's own order stands (Sokoban puts last what gives way first).
fn keeping_order(fields: &[(&str, String)]) -> Vec<usize> {
    let judged = fields.iter().any(|(_, v)| is_verdict(v));
    let rank = |v: &str| match () {
        _ if is_verdict(v) => 0,
        _ if judged && is_clock(v) => 2,
        _ => 1,
    };
    let mut order: Vec<usize> = (0..fields.len()).collect();
    order.sort_by_key(|&i| rank(&fields[i].1));
    order
}

/// The figures written in one form. Beside a `message` the solver's word
/// keeps its name even in the tersest form ("Solver: Winnable", never
/// "Winnable  Reserve 1 is not empty..."): bare, it reads as the
/// message's first word.
fn figures(fields: &[(&str, String)], form_index: usize, message: bool) -> Vec<String> {
    let form = FORMS[form_index.min(FORMS.len() - 1)];
    let form_of = |value: &str| match form {
        Form::Short if message && is_verdict(value) => Form::FirstWord,
        _ => form,
    };
    fields.iter().map(|(n, v)| figure(n, v, form_of(v))).collect()
}

/// The sentence `message` opens with, kept whole where room is short: its
/// first when it has more than one (a full stop, question or exclamation
/// mark, not an ellipsis, then a space), or itself when it is one sentence.
fn opening_sentence(message: &str) -> Option<&str> {
    first_sentence(message).or_else(|| {
        let ends = message.ends_with(['.', '!', '?']) && !message.ends_with("..");
        ends.then_some(message)
    })
}

/// The clause `message` opens with, before a colon in its first sentence,
/// made a sentence of its own ("The game is over." of "The game is over:
/// Game > New Game starts another."), where it has words enough to say
/// something; kept whole where not even the first sentence fits. A full
/// stop inside a word ("panorama.png") ends no sentence.
fn opening_clause(message: &str) -> Option<String> {
    let (clause, _) = message.split_once(": ")?;
    let one_sentence = leading_sentences(clause).next().is_none();
    (one_sentence && clause.split_whitespace().count() >= MESSAGE_WORDS).then(|| format!("{clause}."))
}

/// The clauses of `message` a line too short for one whole sentence of
/// it may show, each made a sentence, the likelier news first: the
/// clause before the colon says what has happened ("The game is over."),
/// the reason after it why; but where the clause says what cannot be
/// done ("The 8 of clubs cannot go on the 9 of spades"), a refusal, it
/// names what the player has just tried, and the reason is the news ("It
/// must be the same suit.").
fn clauses(message: &str) -> impl Iterator<Item = String> {
    let refusal = message.split_once(": ").is_some_and(|(clause, _)| clause.split_whitespace().any(|w| w == "cannot"));
    let (opening, closing) = (opening_clause(message), closing_clause(message));
    let ordered = if refusal { [closing, opening] } else { [opening, closing] };
    ordered.into_iter().flatten()
}

/// The reason `message` gives after a colon in its first sentence, made a
/// sentence of its own ("It must be one rank lower." of "The 6 of hearts
/// cannot go on the 2 of diamonds: it must be one rank lower."), where it
/// and the clause before it have words enough to say something (a lone
/// word before the colon, "Solving:", names what the rest is about). For
/// a refusal, or a line too narrow for the opening clause: what was
/// tried, the one who tried it knows; why it failed is the news. What follows a colon is a
/// reason only where it opens with a word: a file's lines
/// ("badsol.xsb:4, 9.") say where, not what, and no capital may rename
/// the file. Nor is it one where the clause names a file
/// ("panorama.png is too wide: only the middle fits."): which file is
/// news as much as what befell it, and the reason alone ("Only the
/// middle fits.") leaves the player to guess; news too long for that
/// clause whole is cut short after a word instead, and so shown whole
/// in a box as well.
fn closing_clause(message: &str) -> Option<String> {
    let sentence = opening_sentence(message)?;
    let (clause, reason) = sentence.split_once(": ")?;
    let says = |t: &str| t.split_whitespace().count() >= MESSAGE_WORDS;
    let opens_with_a_word = reason.split_whitespace().next().is_some_and(|w| w.chars().all(char::is_alphabetic));
    (says(clause) && says(reason) && opens_with_a_word && !names_a_file(clause)).then(|| capitalised(reason))
}

/// Whether `text` names a file: a word with a full stop or a slash
/// inside it, a letter after it ("panorama.png", "/home/ada/pictures"),
/// not a number ("0/1", "1.5").
fn names_a_file(text: &str) -> bool {
    text.split_whitespace().any(|word| {
        word.char_indices()
            .skip(1)
            .any(|(i, c)| matches!(c, '.' | '/') && word[i + 1..].starts_with(char::is_alphabetic))
    })
}

/// `message` without the one-word label it opens with ("Hint: 10♣ and 6
/// more to empty pile 8." as "10♣ and 6 more to empty pile 8."), where
/// room is too short for both: the label says what kind of news follows,
/// which the table shows too (the hinted cards are framed), while the
/// words after it are the news itself. Not a label cut from its
/// sentence ("Solving: a click...") where the message has one left.
fn unlabelled(message: &str) -> Option<String> {
    let (label, rest) = message.split_once(": ")?;
    let one_word = !label.is_empty() && label.chars().all(char::is_alphabetic);
    (one_word && rest.split_whitespace().count() >= MESSAGE_WORDS).then(|| capitalised(rest))
}

/// The first sentence of `message` when it has more than one (a full stop,
/// question or exclamation mark, not an ellipsis, then a space).
fn first_sentence(message: &str) -> Option<&str> {
    leading_sentences(message).last()
}

/// The sentences `message` opens with, short of the whole of it, longest
/// first: its first two of three, then its first ("No moves are left.
/// Choose New Game to deal again." before "No moves are left." of a
/// finished game's ending with a refusal after it).
fn leading_sentences(message: &str) -> impl Iterator<Item = &str> {
    let bytes = message.as_bytes();
    (1..bytes.len().saturating_sub(1))
        .rev()
        .filter(move |&i| matches!(bytes[i], b'.' | b'!' | b'?') && bytes[i + 1] == b' ' && bytes[i - 1] != b'.')
        .map(move |i| &message[..=i])
}

/// `message`'s opening sentences, longest first, each with its last
/// sentence after them, whole and then by its reason (see
/// [`closing_clause`]): of a finished game's ending with a refusal after
/// it, "No moves are left. Choose New Game to deal again. It must be one
/// rank higher or lower." and then "No moves are left. The king of
/// spades cannot go on...", before the ending alone. The sentences in
/// between give way first: the first says what stands, the last answers
/// what the player has just tried.
fn with_last_sentence(message: &str) -> impl Iterator<Item = String> + '_ {
    let last = leading_sentences(message).next().map(|lead| message[lead.len()..].trim_start());
    let reason = last.and_then(closing_clause);
    leading_sentences(message)
        .flat_map(move |lead| [last.map(|l| format!("{lead} {l}")), reason.as_ref().map(|r| format!("{lead} {r}"))])
        .flatten()
        .filter(move |form| form != message)
}

/// `message`, of more than one sentence, with its last made the clause
/// it says most by (see [`clauses`]): "The program drew a tile. The
/// program has a duplicate tile." of "... The program has a duplicate
/// tile: the 2 under the pile says so.", where the whole does not fit
/// but that does. Every sentence before it is kept: each is news of its
/// own, and the last one's clause says what the whole of it would.
fn with_last_clause(message: &str) -> Option<String> {
    let lead = leading_sentences(message).next()?;
    let last = message[lead.len()..].trim_start();
    clauses(last).next().map(|clause| format!("{lead} {clause}"))
}

/// `text` cut after its last whole word that fits in `width` together
/// with "...", or the whole text if it fits; None if not even the first
/// word fits.
pub fn shorten(measure: &dyn Fn(&str) -> i32, text: &str, width: i32) -> Option<String> {
    if measure(text) <= width {
        return Some(text.to_string());
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    longest_fitting(words.len(), |n| format!("{}...", words[..n].join(" ")), |t| measure(t) <= width)
}

/// The longest of `candidate(n)`, for n from 1 up to `count` (excluded),
/// that fits. Each candidate is at least as wide as the one before, so the
/// shortest are tried first and the first too wide ends the search: its
/// cost follows the text that fits, not the whole text (a link's label of
/// 100,000 characters took seconds tried from its longest end).
fn longest_fitting(count: usize, candidate: impl Fn(usize) -> String, fits: impl Fn(&str) -> bool) -> Option<String> {
    (1..count).map(candidate).take_while(|t| fits(t)).last()
}

/// `text` made to fit `width`: whole, or cut after a whole word with
/// "...", or (a single long word) cut after a letter with "..."; empty if
/// not even "..." fits. For one-line places such as list rows, where the
/// Mac and Windows shortened names this way.
pub fn truncate(measure: &dyn Fn(&str) -> i32, text: &str, width: i32) -> String {
    shorten(measure, text, width).unwrap_or_else(|| cut_after_a_letter(measure, text, width))
}

/// `text` cut after its last letter that fits in `width` together with
/// "...", or the whole text if it fits; empty if not even "..." fits.
pub fn cut_after_a_letter(measure: &dyn Fn(&str) -> i32, text: &str, width: i32) -> String {
    if measure(text) <= width {
        return text.to_string();
    }
    let chars: Vec<char> = text.chars().collect();
    longest_fitting(
        chars.len(),
        |n| format!("{}...", chars[..n].iter().collect::<String>().trim_end()),
        |t| measure(t) <= width,
    )
    .unwrap_or_default()
}

/// Whole words of `text` in lines no wider than `width`; a single word
/// wider than that (a long path) is broken after a mark that fits on the
/// line (see [`break_in_word`]), or where none does, where the line ends,
/// a character at least to a line.
pub fn wrap(measure: &dyn Fn(&str) -> i32, text: &str, width: i32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in &kept_together(measure, text, width) {
        let word = word.as_str();
        let joined = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        if measure(&joined) <= width {
            line = joined;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        let mut rest = word;
        // Whether the rest fits is asked of the part that can, not of the
        // whole rest: a word of 100,000 letters is measured in proportion.
        loop {
            let fits = fitting_prefix(measure, rest, width);
            if fits == rest.len() {
                break;
            }
            let end = break_in_word(rest, fits);
            // A break after a mark needs no hyphen; one between letters has one.
            let (line, taken) = match hyphen_break(measure, rest, width).filter(|_| end == fits) {
                Some(at) => (format!("{}-", &rest[..at]), at),
                None => (rest[..end].to_string(), end),
            };
            lines.push(line);
            rest = &rest[taken..];
        }
        line = rest.to_string();
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The words of `text` as [`wrap`] sets them in `width`, a menu path's
/// `>` joined to the words either side ("Game > Save a Copy" is "Game >
/// Save", "a", "Copy") where they fit on a line together: a line that
/// ends in "Game >" reads as a sentence broken off.
fn kept_together(measure: &dyn Fn(&str) -> i32, text: &str, width: i32) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    let mut after_arrow = false;
    for word in text.split_whitespace() {
        let joins = |last: &String| (after_arrow || word == ">") && measure(&format!("{last} {word}")) <= width;
        match words.last_mut() {
            Some(last) if joins(last) => {
                last.push(' ');
                last.push_str(word);
            }
            _ => words.push(word.to_string()),
        }
        after_arrow = word == ">";
    }
    words
}

/// The marks a word too wide for its line is broken after, the first
/// kind that fits on the line preferred: a path splits between its
/// folders, a name between its words, and only where neither can a file's
/// extension leave its name ("empty." and "bmp" read as two words).
const BREAKS: [&[char]; 3] = [&['/'], &['-', '_'], &['.']];

/// Where a word too wide for its line is broken (a byte index), the part
/// that fits ending at `fits` (from [`fitting_prefix`]): after the last
/// mark of that part, of the first kind of [`BREAKS`] found there
/// ("/home/ada/pictures/" and "panorama.png", not "panorama." and "png");
/// else at `fits`. A mark that is the word's first character is no place
/// to break: it would stand alone on its line.
fn break_in_word(word: &str, fits: usize) -> usize {
    let after_last = |marks: &[char]| {
        word[..fits].char_indices().rev().find(|&(i, c)| i > 0 && marks.contains(&c)).map(|(i, c)| i + c.len_utf8())
    };
    BREAKS.iter().find_map(|marks| after_last(marks)).unwrap_or(fits)
}

/// Where `word`, too wide for `width` and with no mark to break after,
/// is broken between two letters with a hyphen after the first, as a
/// printer would ("Extraordinar-", "ily"): the byte index of the break.
/// Only a word of letters (joined by hyphens or apostrophes, a stop or
/// comma after them aside) is: a hyphen added to a file's name or a
/// number would change what it says. None too where the line has no room
/// for a letter and a hyphen.
fn hyphen_break(measure: &dyn Fn(&str) -> i32, word: &str, width: i32) -> Option<usize> {
    let letters = word.trim_end_matches(|c: char| c.is_ascii_punctuation());
    if !letters.chars().all(|c| c.is_alphabetic() || matches!(c, '-' | '\'' | '’')) {
        return None;
    }
    // It keeps one character even where none fits: measured again.
    let fits = fitting_prefix(measure, letters, width - measure("-"));
    let (head, tail) = letters.split_at(fits);
    let between_letters = head.ends_with(char::is_alphabetic) && tail.starts_with(char::is_alphabetic);
    (between_letters && measure(&format!("{head}-")) <= width).then_some(fits)
}

/// The first word of `text`, too wide for `width`, broken after a mark
/// that fits with "..." ("thirtysix-characters-..."), as [`wrap`] breaks
/// a word; None where no mark falls in the part that fits, since a break
/// after a letter would cut the word in half.
fn first_word_broken(measure: &dyn Fn(&str) -> i32, text: &str, width: i32) -> Option<String> {
    let word = text.split_whitespace().next()?;
    let head = &word[..break_in_word(word, fitting_prefix(measure, word, width - measure("...")))];
    let at_mark = head.ends_with(|c| BREAKS.iter().any(|marks| marks.contains(&c)));
    let broken = format!("{head}...");
    (at_mark && measure(&broken) <= width).then_some(broken)
}

/// Lines of text set in `width`: each line kept whole if it fits, else
/// broken between words (a requester's body on a narrow screen). A line
/// indented with spaces (a table's detail under its name) keeps its
/// indent on every line it is broken into.
pub fn wrap_lines(measure: &dyn Fn(&str) -> i32, lines: &[String], width: i32) -> Vec<String> {
    lines
        .iter()
        .flat_map(|l| {
            if measure(l) <= width {
                return vec![l.clone()];
            }
            let text = l.trim_start_matches(' ');
            let indent = &l[..l.len() - text.len()];
            let room = width - measure(indent);
            // An indent that leaves no room for ten letters is dropped.
            if indent.is_empty() || measure("MMMMMMMMMM") > room {
                return wrap(measure, l, width);
            }
            wrap(measure, text, room).into_iter().map(|piece| format!("{indent}{piece}")).collect()
        })
        .collect()
}

/// A box's text, its `paragraphs` broken between words to `width`, cut to
/// the `max` lines that fit on the screen (one at least). Where some must
/// go, they go from the middle, marked "...": the paragraphs before it
/// that fit whole (or as much of the first as fits), then the last one,
/// which so often says what to do next ("parlour lint names all 8.") and
/// would otherwise be the first to go.
pub fn box_text(measure: &dyn Fn(&str) -> i32, paragraphs: &[String], width: i32, max: usize) -> Vec<String> {
    let set: Vec<Vec<String>> =
        paragraphs.iter().map(|p| wrap_lines(measure, std::slice::from_ref(p), width)).collect();
    let lines = set.concat();
    let (Some((last, before)), true) = (set.split_last(), lines.len() > max) else { return lines };
    // Room for the lines before the "..." with the last paragraph kept.
    let Some(room) = max.checked_sub(last.len() + 1).filter(|&room| room > 0 && !before.is_empty()) else {
        return at_most(lines, max);
    };
    let mut kept: Vec<String> = Vec::new();
    for paragraph in before {
        if kept.len() + paragraph.len() > room {
            break;
        }
        kept.extend(paragraph.iter().cloned());
    }
    if kept.is_empty() {
        kept.extend(before[0].iter().take(room).cloned());
    }
    kept.push("...".into());
    kept.extend(last.iter().cloned());
    kept
}

/// A box's lines cut to the `max` that fit on the screen (one at least),
/// the last of them "..." where some were left out: a box taller than the
/// screen would lose its buttons off the edge.
pub fn at_most(mut lines: Vec<String>, max: usize) -> Vec<String> {
    let max = max.max(1);
    if lines.len() > max {
        lines.truncate(max - 1);
        lines.push("...".into());
    }
    lines
}

/// A status line laid out: its parts, the title and figures drawn `gap`
/// pixels apart, the message (the part at `message`, where one is shown)
/// always `apart` from them, and whether the message was cut short
/// (shortened after a word, or left out) because not one whole sentence
/// of it fits, where it must reach the player another way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fitted {
    pub parts: Vec<String>,
    pub gap: i32,
    /// The gap asked for, never closed up between the message and the
    /// figures: a space from them, a figure's value read as the message's
    /// first word ("Tiles: 15 74 tiles left in the pile.").
    pub apart: i32,
    pub message: Option<usize>,
    pub cut: bool,
}

impl Fitted {
    /// The pixels after part `i`: `apart` beside the message, else `gap`.
    pub fn gap_after(&self, i: usize) -> i32 {
        if self.message.is_some_and(|m| m == i || m == i + 1) { self.apart } else { self.gap }
    }

    /// The parts joined by spaces: two where the gap after a part is
    /// `wide`, one where it was narrowed.
    pub fn joined(&self, wide: i32) -> String {
        let mut line = String::new();
        for (i, part) in self.parts.iter().enumerate() {
            if i > 0 {
                line.push_str(if self.gap_after(i - 1) >= wide { "  " } else { " " });
            }
            line.push_str(part);
        }
        line
    }
}

/// One way of arranging the line: with or without the title, the figures
/// in one form, the parts `gap` or half of it apart.
#[derive(Clone, Copy)]
struct Arrangement {
    title: bool,
    form: usize,
    tight: bool,
}

/// The parts of a status line (title, figures, message) that fit in
/// `width` pixels, drawn `gap` pixels apart (the title and figures half
/// that where room is short; the message never closer than `gap`).
/// Tried in order: every part in full; the figures without their
/// colons; without the title, the figures named by their first word; then
/// closer together; then by short names; then the whole message with the
/// last figures giving way to it (a message is news, the figures are
/// steady and come back once it is gone), those left written as fully as
/// the room then allows; then, each whole in the same
/// way, its opening sentences, the clause before its colon and the
/// reason after it (the reason first for a refusal, see [`clauses`]);
/// the solver's word, kept longest of the figures, gives way to each of
/// these in turn, and where it stays beside the message it keeps its
/// name. Only where not one of those fits on the line alone is
/// the message cut short ([`Fitted::cut`]): the figures again as full as
/// they can be, with the message shortened after a whole word; if that
/// leaves it fewer than three words, the last figures give way to it; and
/// last the figures alone. Where the title had to go, as much of it as fits is
/// put back, unless the parts had to close up. Figures are never shortened mid-word: on a screen too narrow
/// for even their tersest form, the ones that fit are shown whole, the
/// solver's word kept first and the clock last (see [`keeping_order`]).
pub fn fit(
    measure: &dyn Fn(&str) -> i32,
    width: i32,
    gap: i32,
    title: &str,
    fields: &[(&str, String)],
    message: &str,
) -> Fitted {
    let gap_of = |a: Arrangement| if a.tight { gap / 2 } else { gap };
    // The width of `parts` `between` pixels apart, a `message` last
    // standing the whole gap from the figures before it.
    let total = |parts: &[String], between: i32, message: bool| -> i32 {
        let joins = (parts.len() as i32 - 1).max(0);
        let gaps = if message && joins > 0 { between * (joins - 1) + gap } else { between * joins };
        parts.iter().map(|p| measure(p)).sum::<i32>() + gaps
    };
    // The room left for a message after the figures `head`.
    let room_after =
        |head: &[String], between: i32| width - total(head, between, false) - if head.is_empty() { 0 } else { gap };
    let laid = |parts: Vec<String>, between: i32, message: bool, cut: bool| Fitted {
        message: message.then(|| parts.len() - 1),
        parts,
        gap: between,
        apart: gap,
        cut,
    };
    let arrangement = |title, form, tight| Arrangement { title, form, tight };
    let mut orders: Vec<Arrangement> = Vec::new();
    if !title.is_empty() {
        orders.extend([arrangement(true, 0, false), arrangement(true, 1, false)]);
    }
    if fields.is_empty() {
        orders.push(arrangement(false, 0, false));
    } else {
        orders.extend([
            arrangement(false, 0, false),
            arrangement(false, 1, false),
            arrangement(false, 2, false),
            arrangement(false, 1, true),
            arrangement(false, 2, true),
            arrangement(false, 3, true),
        ]);
    }
    // The title and figures of an arrangement, written as they are
    // beside a message or with none.
    let head = |a: Arrangement, message: bool| -> Vec<String> {
        let title = (a.title && !title.is_empty()).then(|| title.to_string());
        title.into_iter().chain(figures(fields, a.form, message)).collect()
    };
    // The parts, and whether a message is the last of them.
    let build = |a: Arrangement, msg: Option<&str>| -> (Vec<String>, bool) {
        let msg = msg.filter(|m| !m.is_empty());
        let mut parts = head(a, msg.is_some());
        parts.extend(msg.map(str::to_string));
        (parts, msg.is_some())
    };
    let done = |(mut parts, message): (Vec<String>, bool), a: Arrangement, cut: bool| -> Fitted {
        let between = gap_of(a);
        // Put back only where the parts stand wide apart: a space from
        // figures without colons, the title reads as a figure's name
        // ("Golf Score 1").
        if !a.title && !a.tight && !title.is_empty() {
            let room = width - total(&parts, between, message) - if parts.is_empty() { 0 } else { gap };
            if let Some(t) = shorten(measure, title, room) {
                parts.insert(0, t);
            }
        }
        laid(parts, between, message, cut)
    };
    // The first arrangement in which `text` fits whole beside the figures.
    let whole = |text: &str| {
        orders.iter().find_map(|&a| {
            let (parts, message) = build(a, Some(text));
            (total(&parts, gap_of(a), message) <= width).then(|| done((parts, message), a, false))
        })
    };
    // The figures `kept` (by index) and then `tail`, written as fully as
    // the room allows, fullest form first and the parts wide apart before
    // close: the figures that stay read as they do with nothing beside them
    // ("Flags: 5", not "Flags 5", once the clock has made way), so a
    // label keeps its colon wherever there is room for it.
    let as_fully = |kept: &[usize], tail: Option<&String>, cut: bool| {
        (0..FORMS.len()).flat_map(|form| [gap, gap / 2].map(|apart| (form, apart))).find_map(|(form, apart)| {
            let all = figures(fields, form, tail.is_some());
            let parts: Vec<String> = kept.iter().map(|&k| all[k].clone()).chain(tail.cloned()).collect();
            (total(&parts, apart, tail.is_some()) <= width).then(|| laid(parts, apart, tail.is_some(), cut))
        })
    };
    // The tersest figures, the last in their keeping order giving way
    // first (the clock before the solver's word, see [`keeping_order`]);
    // where the solver's word will not fit beside the message at all, the
    // others alone, the last giving way, down to none (the message is
    // news, and the figures are back once it is gone). Until `fitted`
    // makes something of the room left for the message (which is `cut`
    // short so); those kept, in the order they come, then written as
    // fully as the room allows.
    let giving_way = |fitted: &dyn Fn(i32) -> Option<String>, cut: bool| {
        let terse = figures(fields, FORMS.len() - 1, true);
        let keeping = keeping_order(fields);
        let unjudged: Vec<usize> = (0..fields.len()).filter(|&i| !is_verdict(&fields[i].1)).collect();
        // The solver's words come first in the keeping order.
        let words = keeping.len() - unjudged.len();
        let with_words = (words..keeping.len()).rev().map(|n| &keeping[..n]);
        let without = (0..if words > 0 { unjudged.len() + 1 } else { 0 }).rev().map(|n| &unjudged[..n]);
        with_words.chain(without).find_map(|head| {
            let mut kept = head.to_vec();
            kept.sort_unstable();
            let head: Vec<String> = kept.iter().map(|&k| terse[k].clone()).collect();
            fitted(room_after(&head, gap / 2)).map(|m| {
                let terse = laid(head.iter().cloned().chain([m.clone()]).collect(), gap / 2, true, cut);
                as_fully(&kept, Some(&m), cut).unwrap_or(terse)
            })
        })
    };
    if let Some(fitted) = whole(message) {
        return fitted;
    }
    // Then, each whole, as fully as the figures allow, the last figures
    // giving way if they must (a sentence cut short may say the opposite:
    // "No hint found..." of "No hint found in time."):
    // - the message, all of it: the figures are back once it is gone;
    // - the message with its last sentence made its likelier clause (see
    //   [`with_last_clause`]);
    // - its opening sentences, as many as fit, the first at least: it
    //   says what the rest explains;
    // - its opening clause, a sentence of its own: what has happened,
    //   without the how; and the reason after that clause, where the
    //   clause is too long, or first where the clause is a refusal (see
    //   [`clauses`]);
    // - the words after a one-word label ("Hint: "), without it.
    let in_full =
        |text: &str| whole(text).or_else(|| giving_way(&|room| (measure(text) <= room).then(|| text.into()), false));
    let sentences = leading_sentences(message).map(str::to_string);
    let forms =
        [message.to_string()].into_iter().filter(|m| !m.is_empty()).chain(with_last_clause(message)).chain(sentences);
    for form in forms.chain(clauses(message)).chain(unlabelled(message)) {
        if let Some(fitted) = in_full(&form) {
            return fitted;
        }
    }
    if !message.is_empty() {
        // The arrangement that keeps the most of the message (the fullest
        // figures among equals): a message cut to its first word says
        // nothing, where terser figures would have left room for it.
        let mut best: Option<(usize, String, Arrangement)> = None;
        for &a in &orders {
            let room = room_after(&head(a, true), gap_of(a));
            if let Some(short) = shorten(measure, message, room) {
                let kept = short.trim_end_matches("...").chars().count();
                if best.as_ref().is_none_or(|(most, _, _)| kept > *most) {
                    best = Some((kept, short, a));
                }
            }
        }
        let words = |t: &str| t.trim_end_matches("...").split_whitespace().count();
        let enough = words(message).min(MESSAGE_WORDS);
        match best {
            Some((_, short, a)) if words(&short) >= enough => return done(build(a, Some(&short)), a, true),
            _ => {
                // The last figures give way to a message that would keep
                // fewer words than that: it says what is happening now.
                let shortened = |room| shorten(measure, message, room).filter(|t| words(t) >= enough);
                if let Some(fitted) = giving_way(&shortened, true) {
                    return fitted;
                }
            }
        }
        if let Some((_, short, a)) = best {
            return done(build(a, Some(&short)), a, true);
        }
    }
    // Not even its first word fits (a long file's name): that word broken
    // after a mark in it, as a wrapped line breaks it, beside the figures
    // that leave the most of it, or the last giving way.
    let broken = |room| first_word_broken(measure, message, room);
    let beside_figures = orders
        .iter()
        .filter_map(|&a| {
            let room = room_after(&head(a, true), gap_of(a));
            broken(room).map(|b| (b.len(), done(build(a, Some(&b)), a, true)))
        })
        .max_by_key(|(kept, _)| *kept)
        .map(|(_, fitted)| fitted);
    if let Some(fitted) = beside_figures.or_else(|| giving_way(&broken, true)) {
        return fitted;
    }
    // No word of the message fits: it is cut, all of it.
    let cut = !message.is_empty();
    for &a in &orders {
        let (parts, _) = build(a, None);
        if total(&parts, gap_of(a), false) <= width {
            return done((parts, false), a, cut);
        }
    }
    // Not even the tersest figures fit: as many whole ones as do, taken
    // in their keeping order (see [`keeping_order`]), one too long for the
    // room left making way for those after it (a rule's long name for the
    // clock), shown in the order they come.
    let terse = figures(fields, FORMS.len() - 1, false);
    let (mut kept, mut used) = (Vec::new(), 0);
    for i in keeping_order(fields) {
        let needs = measure(&terse[i]) + if kept.is_empty() { 0 } else { gap / 2 };
        if used + needs <= width {
            kept.push(i);
            used += needs;
        }
    }
    kept.sort_unstable();
    // The figures kept, written as fully as the room left by the ones
    // that gave way allows ("Cards: 0", not "Ca 0", once a long rule has
    // made way).
    as_fully(&kept, None, cut)
        .unwrap_or_else(|| laid(kept.iter().map(|&k| terse[k].clone()).collect(), gap / 2, false, cut))
}

/// The parts of a status line whose message refuses what the player has
/// just done (a move the rules do not allow, a click on nothing): the
/// message leads the line, and the figures follow it in the room left,
/// fitted as [`fit`] fits them alone, those that do not fit left out
/// (they are back once the refusal is taken back). Before the message,
/// the solver's word read as the answer to the move ("Winnable. The 6 of
/// diamonds cannot go on the 7 of hearts..."), and the reason was the
/// first thing to give way. The message is kept whole where it fits,
/// else its opening sentences with its last after them, whole or by its
/// reason (a finished game's ending, then what was refused after it: see
/// [`with_last_sentence`]), else its opening sentences alone, else one
/// of its clauses, the news first: the reason where the opening says what
/// was tried ("cannot go on"), else what is wrong ("Reserve 1 is not
/// empty.", whose reason says nothing alone; see [`clauses`]), else the
/// words after a one-word label; only where
/// none fits is it cut short after a word, its reason first where it
/// has one ([`Fitted::cut`]). The title
/// is left out: the refusal answers the player, who knows the game.
pub fn fit_refusal(
    measure: &dyn Fn(&str) -> i32,
    width: i32,
    gap: i32,
    fields: &[(&str, String)],
    message: &str,
) -> Fitted {
    if message.is_empty() {
        return fit(measure, width, gap, "", fields, "");
    }
    let forms = std::iter::once(message.to_string())
        .chain(with_last_sentence(message))
        .chain(leading_sentences(message).map(str::to_string))
        .chain(clauses(message))
        .chain(unlabelled(message));
    let whole = forms.into_iter().find(|form| measure(form) <= width);
    let (lead, cut) = match whole {
        Some(lead) => (lead, false),
        // Its reason cut short, where it has one, rather than what was tried.
        None => match closing_clause(message)
            .and_then(|reason| shorten(measure, &reason, width))
            .or_else(|| shorten(measure, message, width))
            .or_else(|| first_word_broken(measure, message, width))
        {
            Some(short) => (short, true),
            None => return Fitted { parts: Vec::new(), gap, apart: gap, message: None, cut: true },
        },
    };
    // The figures after it stand the whole gap from it, however close
    // they are to one another.
    let room = width - measure(&lead) - gap;
    let after = (room > 0).then(|| fit(measure, room, gap, "", fields, ""));
    let (figures, between) = after.map_or((Vec::new(), gap), |f| (f.parts, f.gap));
    Fitted { parts: std::iter::once(lead).chain(figures).collect(), gap: between, apart: gap, message: Some(0), cut }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line indented with spaces keeps its indent on each line it is
    /// broken into (Tetris's Top Five on the Amiga PAL).
    #[test]
    fn an_indented_line_keeps_its_indent_when_broken() {
        let measure = |t: &str| 8 * t.chars().count() as i32;
        let lines = ["1. Ada".to_string(), "   99999 points, level 9, 123 rows".to_string()];
        assert_eq!(wrap_lines(&measure, &lines, 8 * 26), ["1. Ada", "   99999 points, level 9,", "   123 rows"]);
        let plain = ["99999 points, level 9, 123 rows".to_string()];
        assert_eq!(wrap_lines(&measure, &plain, 8 * 26), ["99999 points, level 9, 123", "rows"]);
    }

    /// Eight pixels a character, like Topaz.
    fn topaz(s: &str) -> i32 {
        8 * s.chars().count() as i32
    }

    fn fields(list: &[(&'static str, &str)]) -> Vec<(&'static str, String)> {
        list.iter().map(|(n, v)| (*n, v.to_string())).collect()
    }

    #[test]
    fn truncation_cuts_after_a_word_then_after_a_letter() {
        assert_eq!(truncate(&topaz, "English Standard Board", 8 * 22), "English Standard Board");
        assert_eq!(truncate(&topaz, "English Standard Board", 8 * 21), "English Standard...");
        assert_eq!(truncate(&topaz, "Unbreakable", 8 * 8), "Unbre...");
        assert_eq!(truncate(&topaz, "Broken (cannot be read)", 8 * 10), "Broken...");
        assert_eq!(truncate(&topaz, "Word", 8 * 2), "");
    }

    /// The line as the Amiga draws it: two spaces apart, or one.
    fn line(f: Fitted) -> String {
        f.joined(16)
    }

    #[test]
    fn everything_in_full_when_it_fits() {
        let f = fields(&[("Score", "0"), ("Time", "0:00")]);
        let fitted = fit(&topaz, 600, 16, "Klondike", &f, "Hello");
        assert_eq!(
            fitted,
            Fitted {
                parts: vec!["Klondike".into(), "Score: 0".into(), "Time: 0:00".into(), "Hello".into()],
                gap: 16,
                apart: 16,
                message: Some(3),
                cut: false
            }
        );
    }

    /// Sokoban's word on levels left out keeps, on the Amiga PAL's title
    /// bar, the levels without the file and lines, as sokoban.guide says.
    #[test]
    fn the_amiga_pal_keeps_the_levels_left_out_without_their_lines() {
        let width = 295;
        let sokoban = fields(&[("Score", "0/1"), ("Time", "0:00"), ("Moves", "0"), ("Level", "1"), ("Pushes", "0")]);
        let note = "Levels 2, 3, 4 left out: tiny.xsb:6, 11, 16.";
        let shown = line(fit(&topaz, width, 16, "Tiny 1: One Push", &sokoban, note));
        assert!(shown.ends_with(" Levels 2, 3, 4 left out."), "{shown}");
    }

    #[test]
    fn the_amiga_pal_title_bar_shows_every_figure_whole() {
        // 320 pixels less the depth gadget and margins.
        let width = 295;
        let pegs = fields(&[("Score", "0"), ("Time", "0:00"), ("Moves", "0"), ("Stones left", "32")]);
        assert_eq!(line(fit(&topaz, width, 16, "English", &pegs, "")), "Score 0 Time 0:00 Moves 0 Stones 32");
        let pegs = fields(&[("Score", "0"), ("Time", "0:00"), ("Stones left", "32")]);
        assert_eq!(line(fit(&topaz, width, 16, "english", &pegs, "")), "Score 0  Time 0:00  Stones left 32");
        let big = fields(&[("Score", "1200"), ("Time", "10:00"), ("Stones left", "32")]);
        assert_eq!(line(fit(&topaz, width, 16, "english", &big, "")), "Score 1200  Time 10:00  Stones 32");
        let sol = fields(&[("Score", "0"), ("Time", "0:00"), ("Moves", "0")]);
        assert_eq!(line(fit(&topaz, width, 16, "Klondike", &sol, "")), "Score: 0  Time: 0:00  Moves: 0");
        // Closed up, the figures have no room for the title: a space from
        // "Score 1" it read as the figure's name.
        let golf = fields(&[("Score", "1"), ("Time", "0:00"), ("Moves", "0"), ("Solver", "Winnable")]);
        assert_eq!(line(fit(&topaz, width, 16, "Golf", &golf, "")), "Score 1 0:00 Moves 0 Winnable");
        // A message too long for the bar is shortened after a word, the
        // figures made terser to keep as much of it as they can, and the
        // last of them dropped rather than leave it two words.
        let long = "That card cannot go to a foundation yet.";
        assert_eq!(line(fit(&topaz, width, 16, "Klondike", &sol, long)), "Score 0 0:00  That card cannot go...");
        // Figures are made terser to show a whole message.
        let fitted = fit(&topaz, width, 16, "Klondike", &sol, "No jump there.");
        assert_eq!(line(fitted.clone()), "Score 0 0:00 Moves 0  No jump there.");
        let w: i32 = fitted.parts.iter().map(|p| topaz(p)).sum::<i32>()
            + (0..fitted.parts.len() - 1).map(|i| fitted.gap_after(i)).sum::<i32>();
        assert!(w <= width);
        // The last figures give way rather than leave a message a word.
        let sol = fields(&[("Score", "0"), ("Time", "0:00"), ("Moves", "0"), ("Solver", "Thinking...")]);
        // A message of sentences keeps its first whole, even if every
        // figure must give way to it.
        let lost = "No hint: no winning line from here. Undo, or start anew.";
        assert_eq!(line(fit(&topaz, width, 16, "Klondike", &sol, lost)), "No hint: no winning line from here.");
        // The whole of it before its first sentence: the figures give
        // way to news, and are back once it is gone.
        let two = "Card moved. Undo takes it back.";
        assert_eq!(line(fit(&topaz, width, 16, "Klondike", &sol, two)), two);
        let three = "Card moved. Undo takes it back. Redo plays it again.";
        assert_eq!(line(fit(&topaz, width, 16, "Klondike", &sol, three)), "Card moved. Undo takes it back.");
        assert_eq!(first_sentence("Wait... then go"), None);
        // As many opening sentences as fit, not only the first: a finished
        // game's ending stays whole before what is said after it.
        let ended = "No moves left. Deal again. That card cannot go on the 9.";
        assert_eq!(line(fit(&topaz, width, 16, "Golf", &sol, ended)), "Score: 0  No moves left. Deal again.");
        let dealing = "Dealing a winnable game: 40%. Escape deals this one.";
        assert_eq!(line(fit(&topaz, width, 16, "Spider", &sol, dealing)), "Dealing a winnable game: 40%.");
        // A message of one sentence is kept whole the same way.
        let in_time = "No hint found in time.";
        assert_eq!(line(fit(&topaz, width, 16, "Spider", &sol, in_time)), "Score 0 0:00  No hint found in time.");
        // Where not even that fits, the clause before its colon, made a
        // sentence, if it has words enough to say something.
        let over = "The game is over: Game > New Game starts another.";
        assert_eq!(line(fit(&topaz, width, 16, "Mines", &sol, over)), "Score 0 Time 0:00  The game is over.");
        // Where not even the clause fits, the reason after it: the player
        // knows what was tried.
        let refused = "The 6 of hearts cannot go on the 2 of diamonds: it must be one rank lower.";
        assert_eq!(line(fit(&topaz, width, 16, "Yukon", &sol, refused)), "Score: 0  It must be one rank lower.");
        let solving = "Solving: a click or a key stops it.";
        assert_eq!(line(fit(&topaz, width, 16, "Spider", &sol, solving)), solving, "how to stop it, whole");
    }

    /// A message is cut short only where not one whole sentence of it
    /// fits on the line alone, and the line says so; a message without a
    /// full stop fits whole as one with it does.
    #[test]
    fn a_message_is_cut_only_where_no_whole_sentence_of_it_fits() {
        let mines = fields(&[("Mines", "10"), ("Time", "0:05")]);
        let bar = |message: &str| fit(&topaz, 295, 16, "MineSweeper", &mines, message);
        let taken = bar("Taken back. Still counted as lost.");
        assert_eq!((line(taken.clone()), taken.cut), ("Taken back. Still counted as lost.".into(), false));
        let bare = bar("Three words here and many more after");
        assert_eq!((line(bare.clone()), bare.cut), ("Three words here and many more after".into(), false));
        let long = bar("Taken back: the game stays counted as lost.");
        assert_eq!((line(long.clone()), long.cut), ("Mines 10 0:05  Taken back: the...".into(), true));
        let picture = bar("Only the middle of panorama.png fits. The whole is too wide for the puzzle.");
        assert!(picture.cut && line(picture).ends_with("..."));
        let picture = bar("panorama.png is too wide: only the middle fits.");
        assert_eq!((line(picture.clone()), picture.cut), ("Mines: 10  panorama.png is too wide.".into(), false));
        assert!(!bar("").cut && !bar("Mines away.").cut);
        // Not a word of it fits beside a figure that will not give way.
        assert!(fit(&topaz, 40, 16, "", &[], "Unbreakable").cut);
    }

    /// MineSweeper on the Amiga PAL: where the clock and moves make way for
    /// news, the flags left keep their colon as they have it in play, and
    /// the message stays whole.
    #[test]
    fn figures_left_beside_news_read_as_they_do_in_play() {
        let mines = |flags: &str| fields(&[("Flags", flags), ("Time", "0:37"), ("Moves", "19")]);
        let bar = |flags: &str, message: &str| line(fit(&topaz, 295, 16, "MineSweeper", &mines(flags), message));
        assert_eq!(bar("5", ""), "Flags: 5  Time: 0:37  Moves: 19");
        assert_eq!(bar("5", "Game restored and paused."), "Flags: 5  Game restored and paused.");
        // The message is never closed up to them: "10 Bad luck" read as one.
        assert_eq!(bar("10", "Bad luck: a mine went off."), "Flags 10  Bad luck: a mine went off.");
        // Where every figure stays, they lose their colons alike.
        assert_eq!(bar("5", "No jump."), "Flags 5 Time 0:37 Moves 19  No jump.");
    }

    /// A hint too long for the Amiga PAL's title bar keeps where the
    /// cards go, dropping its "Hint:" label (the cards are framed on the
    /// table) rather than being cut before the destination.
    #[test]
    fn a_label_gives_way_before_the_words_it_labels_are_cut() {
        let cards = fields(&[("Score", "7"), ("Time", "1:05")]);
        let bar = |message: &str| fit(&topaz, 295, 16, "FreeCell", &cards, message);
        let hint = bar("Hint: 10♣ and 6 more to empty pile 8.");
        assert_eq!((line(hint.clone()), hint.cut), ("10♣ and 6 more to empty pile 8.".into(), false));
        let short = bar("Hint: K♠ and 2 more to empty pile 6.");
        assert_eq!(line(short), "Hint: K♠ and 2 more to empty pile 6.", "kept whole where it fits");
        // A hint with no winning line behind it opens with its move, so
        // the clause the bar keeps says where the cards go.
        let undecided = fields(&[("Score", "0"), ("Time", "0:00"), ("Moves", "0"), ("Solver", "Not decided")]);
        let offered = |m: &str| format!("Try {m}: it may help. No winning line found in time.");
        let bar = |message: &str| line(fit(&topaz, 295, 16, "Aces Up", &undecided, message));
        assert_eq!(bar(&offered("2♣ to a foundation")), "Try 2♣ to a foundation: it may help.");
        assert_eq!(bar(&offered("10♣ and 6 more to empty pile 8")), "Try 10♣ and 6 more to empty pile 8.");
        assert_eq!(unlabelled("Solving: a click or a key stops it."), Some("A click or a key stops it.".into()));
        assert_eq!(unlabelled("Two words: a click or a key stops it."), None);
        assert_eq!(unlabelled("Solve: thinking..."), None, "too few words left to say anything");
    }

    /// News naming a file keeps its name where the clause before the
    /// colon will not fit whole on the Amiga PAL's title bar (a long
    /// picture's name, said as news or leading the line as the answer to
    /// the player's choice): cut short after a word, and so shown whole
    /// in a box as well, where "Only the middle fits." alone left the
    /// player to guess which picture. A short name keeps its clause whole.
    #[test]
    fn news_of_a_file_keeps_the_file_s_name_before_its_reason() {
        let scramble = fields(&[("Time", "0:00"), ("Moves", "0")]);
        let long = "alpine-summer-panorama.png is too wide: only the middle fits.";
        let kept = |f: Fitted| (f.parts[f.message.unwrap()].clone(), f.cut);
        let cut = ("alpine-summer-panorama.png is too...".to_string(), true);
        assert_eq!(kept(fit(&topaz, 295, 16, "Scramble", &scramble, long)), cut);
        assert_eq!(kept(fit_refusal(&topaz, 295, 16, &scramble, long)), cut);
        let short = "panorama.png is too wide: only the middle fits.";
        let clause = ("panorama.png is too wide.".to_string(), false);
        assert_eq!(kept(fit_refusal(&topaz, 295, 16, &scramble, short)), clause);
        assert!(names_a_file("/home/ada/pictures is empty") && !names_a_file("Score 0/1 after 1.5 seconds"));
    }

    /// Where a message names a file's lines after its colon, the bar keeps
    /// the words before it rather than the place, and never a file name
    /// with a capital it does not have.
    #[test]
    fn a_file_s_lines_after_the_colon_are_no_reason() {
        let sokoban = fields(&[("Score", "0/1"), ("Time", "0:00")]);
        let said = "The solutions of levels 1, 2, 3 left out: badsol.xsb:4, 9, 14.";
        let bar = line(fit(&topaz, 295, 16, "Sokoban", &sokoban, said));
        assert!(bar.contains("The solutions of"), "{bar}");
        assert!(!bar.contains("Badsol"), "{bar}");
        let refused = "The 7 of hearts cannot go on the 9 of clubs: it must be one rank lower.";
        assert_eq!(line(fit(&topaz, 295, 16, "Klondike", &sokoban, refused)), "It must be one rank lower.");
    }

    /// The Chance on the Amiga: its rule's name is too long for the bar
    /// beside the other figures, and the solver's word comes after it.
    #[test]
    fn a_figure_too_long_for_the_bar_makes_way_for_the_ones_after_it() {
        let chance = fields(&[
            ("Cards", "0"),
            ("Time", "0:00"),
            ("Moves", "0"),
            ("Rule", "Alternating colour"),
            ("Solver", "Winnable"),
        ]);
        assert_eq!(line(fit(&topaz, 295, 16, "The Chance", &chance, "")), "Cards 0  0:00  Moves 0  Winnable");
        // The figures left are written in full where the room allows.
        let chance = fields(&[("Cards", "0"), ("Time", "0:00"), ("Moves", "0"), ("Rule", "Alternating colour")]);
        assert_eq!(line(fit(&topaz, 295, 16, "The Chance", &chance, "")), "Cards: 0  Time: 0:00  Moves: 0");
        // Beside a long message on the Amiga's double PAL bar the solver's
        // word stays, named so it does not read as the message's first
        // words, and the other figures give way to it.
        let lost = fields(&[
            ("Cards", "2"),
            ("Time", "0:00"),
            ("Moves", "0"),
            ("Rule", "Alternating colour"),
            ("Solver", "Not winnable"),
        ]);
        let hint = "Try to deal from the stock. No winning line is left.";
        assert_eq!(
            line(fit(&topaz, 615, 16, "The Chance", &lost, hint)),
            "Solver: Not winnable  Try to deal from the stock. No winning line is left."
        );
    }

    /// Where the figures close up to a space's width, as on the Amiga
    /// PAL's title bar, the message still stands the whole gap from them:
    /// Rummi's "Tiles: 15 74 tiles left in the pile." read as one, where
    /// its other news stood two spaces off. The solver's word keeps its
    /// name beside a message, so it is never read as its first word.
    #[test]
    fn a_message_stands_the_whole_gap_from_the_figures() {
        let rummi = fields(&[("Tiles", "15"), ("Pile", "74"), ("Time", "0:12"), ("Moves", "1")]);
        let pile = fit(&topaz, 295, 16, "Rummi", &rummi, "74 tiles left in the pile.");
        assert_eq!(line(pile.clone()), "Tiles 15  74 tiles left in the pile.");
        assert_eq!((pile.gap_after(0), pile.message), (16, Some(1)));
        let lost = fields(&[("Solver", "Not winnable")]);
        let hint = "Try 6♥ onto 7♠. No winning line is left.";
        assert_eq!(line(fit(&topaz, 296, 16, "Klondike", &lost, hint)), "Solver: Not winnable  Try 6♥ onto 7♠.");
        assert_eq!(line(fit(&topaz, 290, 16, "Klondike", &lost, hint)), "Try 6♥ onto 7♠.");
        let golf = fields(&[("Score", "1"), ("Time", "0:00"), ("Moves", "0")]);
        let closed = fit(&topaz, 295, 16, "Golf", &golf, "No jump.");
        assert_eq!(line(closed.clone()), "Score 1 Time 0:00 Moves 0  No jump.");
        assert_eq!((closed.gap, closed.gap_after(2)), (8, 16), "the figures close up, the message does not");
    }

    /// Where a refusal will not fit whole, its reason is kept before the
    /// clause saying what was refused, which the player has just tried;
    /// other news keeps the clause that says what has happened.
    #[test]
    fn a_refusal_keeps_its_reason_before_what_was_tried() {
        let refused = "The 8 of clubs cannot go on the 9 of spades: it must be the same suit.";
        assert_eq!(line(fit(&topaz, 400, 16, "", &[], refused)), "It must be the same suit.");
        let over = "The game is over: Game > New Game starts another.";
        assert_eq!(line(fit(&topaz, 300, 16, "", &[], over)), "The game is over.");
        let occupied = "Reserve 1 is not empty: a card moves there only when it is.";
        assert_eq!(line(fit(&topaz, 400, 16, "", &[], occupied)), "Reserve 1 is not empty.");
        // A refusal keeps the clause that says what is wrong where its
        // reason leans on it: "A card moves there only when it is." says
        // nothing alone.
        assert_eq!(line(fit_refusal(&topaz, 320, 16, &[], occupied)), "Reserve 1 is not empty.");
        assert_eq!(line(fit_refusal(&topaz, 320, 16, &[], refused)), "It must be the same suit.");
    }

    /// A refusal leads the line and the figures follow it where there is
    /// room, the solver's word kept first of them: before the refusal,
    /// "Winnable." read as the answer to the move. On the Amiga PAL's
    /// title bar (295 pixels of Topaz) the reason leads, whole.
    #[test]
    fn a_refusal_leads_the_line_and_the_figures_follow() {
        let klondike = fields(&[("Score", "0"), ("Time", "0:00"), ("Moves", "0"), ("Solver", "Winnable")]);
        let refused = "The 6 of diamonds cannot go on the 7 of hearts: it must be the other colour.";
        let all = format!("{refused}  Score: 0  Time: 0:00  Moves: 0  Solver: Winnable");
        assert_eq!(line(fit_refusal(&topaz, topaz(&all), 16, &klondike, refused)), all);
        let verdict = format!("{refused}  Winnable");
        assert_eq!(line(fit_refusal(&topaz, topaz(&verdict), 16, &klondike, refused)), verdict);
        let pal = fit_refusal(&topaz, 295, 16, &klondike, refused);
        assert_eq!((pal.parts[0].as_str(), pal.cut), ("It must be the other colour.", false));
        let alone = "It must be the other colour.";
        assert_eq!(line(fit_refusal(&topaz, topaz(alone), 16, &klondike, refused)), alone);
        // Too narrow for any of it whole: cut after a word, and said so.
        let cut = fit_refusal(&topaz, 8 * 12, 16, &klondike, refused);
        assert_eq!((line(cut.clone()), cut.cut), ("It must...".into(), true));
        // With nothing said, the figures alone.
        assert_eq!(fit_refusal(&topaz, 295, 16, &klondike, ""), fit(&topaz, 295, 16, "", &klondike, ""));
    }

    /// News of more than one sentence whose last will not fit whole
    /// keeps that sentence's opening clause after the rest (Rummi's note
    /// on the program's duplicate, on YaZZle's message box), before
    /// giving it up; too narrow for that, the opening sentences alone.
    #[test]
    fn news_keeps_the_opening_clause_of_its_last_sentence() {
        let pile = fields(&[("Pile", "75")]);
        let news = "The program drew a tile. The program has a duplicate tile: the 2 under the pile says so.";
        let short = "The program drew a tile. The program has a duplicate tile.";
        let shown = |width| line(fit(&topaz, width, 16, "", &pile, news));
        assert_eq!(shown(topaz(&format!("Pile: 75  {short}"))), format!("Pile: 75  {short}"));
        assert_eq!(shown(topaz(short)), short);
        assert_eq!(shown(topaz(short) - 1), "Pile: 75  The program drew a tile.");
        assert_eq!(shown(topaz(news)), news);
    }

    /// A move refused after a finished game's ending: the ending leads,
    /// and the refusal follows it where there is room, by its reason
    /// where it is not whole, the ending's second sentence giving way
    /// first; only where not even that fits is the ending
    /// alone (as the Amiga PAL's title bar keeps it). The whole ending
    /// with nothing after it answered the click with nothing.
    #[test]
    fn a_refusal_after_the_ending_follows_it_where_there_is_room() {
        let golf = fields(&[("Score", "23"), ("Time", "0:00"), ("Moves", "22"), ("Solver", "Not winnable")]);
        let ending = "No moves are left. Choose New Game to deal again.";
        let refused = "The king of spades cannot go on the 9 of clubs: it must be one rank higher or lower.";
        let said = format!("{ending} {refused}");
        let lead = |width| fit_refusal(&topaz, width, 16, &golf, &said).parts[0].clone();
        assert_eq!(lead(topaz(&said)), said);
        let reason = format!("{ending} It must be one rank higher or lower.");
        assert_eq!(lead(topaz(&reason)), reason);
        let short = "No moves are left. It must be one rank higher or lower.";
        assert_eq!(lead(topaz(short)), short);
        assert_eq!(lead(topaz(short) - 1), ending);
        assert_eq!(lead(295), "No moves are left.");
        // A refusal without a reason follows the ending's first sentence whole.
        let empty = format!("{ending} The stock is empty.");
        let stock = "No moves are left. The stock is empty.";
        assert_eq!(fit_refusal(&topaz, topaz(stock), 16, &golf, &empty).parts[0], stock);
        // A refusal of one sentence with a second after it keeps both or
        // its first, as before.
        let no_hint = "No hint: no winning line from here. Undo, or start anew.";
        assert_eq!(fit_refusal(&topaz, 8 * 40, 16, &[], no_hint).parts, ["No hint: no winning line from here."]);
    }

    /// YaZZle's message box, where the solver's word is the one figure
    /// beside the message: a refusal is shown whole, its reason and all,
    /// the solver's word giving way to it, not the reason to the solver's
    /// word; where both fit, the solver's word keeps its name, never read
    /// as the message's first word.
    #[test]
    fn the_solver_s_word_gives_way_to_a_whole_message() {
        let solver = |word: &str| fields(&[("Solver", word)]);
        let refused = "The 8 of clubs cannot go on the 9 of spades: it must be the same suit.";
        let bar = |word: &str, width: i32, message: &str| line(fit(&topaz, width, 16, "", &solver(word), message));
        assert_eq!(bar("Not winnable", 600, refused), refused);
        assert_eq!(bar("Not winnable", 800, refused), format!("Solver: Not winnable  {refused}"));
        let occupied = "Reserve 1 is not empty: a card moves there only when it is.";
        assert_eq!(bar("Winnable", 540, occupied), occupied);
        assert_eq!(bar("Winnable", 560, occupied), occupied);
        assert_eq!(bar("Winnable", 640, occupied), format!("Solver: Winnable  {occupied}"));
        // Where the message is cut all the same, the solver's word left
        // beside it keeps its name too.
        let long = "one two three four five six seven eight nine ten eleven twelve";
        let cut = fit(&topaz, 400, 16, "", &solver("Winnable"), long);
        assert_eq!((line(cut.clone()), cut.cut), ("Solver: Winnable  one two three four five six...".into(), true));
    }

    /// Klondike on the Amiga PAL: the solver's word stays in every state,
    /// so "Not winnable" is never mistaken for the solver being off.
    #[test]
    fn the_solver_s_word_is_never_left_out_of_the_bar() {
        let sol = |score: &str, moves: &str, word: &str| {
            fields(&[("Score", score), ("Time", "0:00"), ("Moves", moves), ("Solver", word)])
        };
        let bar = |f: &[(&str, String)]| line(fit(&topaz, 295, 16, "Klondike", f, ""));
        assert_eq!(bar(&sol("0", "0", "Winnable")), "Score 0 0:00 Moves 0 Winnable");
        assert_eq!(bar(&sol("0", "0", "Not winnable")), "Score 0 0:00 Moves 0 Not winnable");
        assert_eq!(bar(&sol("0", "0", "Not decided")), "Score 0 0:00 Moves 0 Not decided");
        // An activity keeps its name; the clock gives way to it.
        assert_eq!(bar(&sol("0", "0", "Thinking...")), "Score 0 Moves 0 Solver: Thinking...");
        assert_eq!(bar(&sol("1200", "120", "Not winnable")), "Score 1200  Moves 120  Not winnable");
        // Without a verdict the figures keep their order, the last giving way.
        let sokoban = fields(&[("Score", "1/3"), ("Time", "0:00"), ("Moves", "0"), ("Level", "1"), ("Pushes", "0")]);
        assert_eq!(line(fit(&topaz, 295, 16, "Sokoban", &sokoban, "")), "Score 1/3 Time 0:00 Moves 0 Level 1");
        // Words that name a choice are no verdict, and keep their name.
        assert!(!speaks_for_itself("Any suit") && !is_verdict("One suit only"));
    }

    #[test]
    fn the_tersest_figures_keep_whole_names() {
        let f = fields(&[("Score", "1200"), ("Time", "10:00"), ("Stones left", "32"), ("Solver", "Winnable")]);
        assert_eq!(figures(&f, FORMS.len() - 1, false), ["Score 1200", "10:00", "Stones 32", "Winnable"]);
        let thinking = fields(&[("Solver", "Thinking...")]);
        assert_eq!(figures(&thinking, FORMS.len() - 1, false), ["Solver: Thinking..."]);
        // Named, a verdict keeps its colon in every form, never "Solver
        // Winnable"; the other figures lose theirs.
        for form in 0..FORMS.len() - 1 {
            assert_eq!(figures(&f, form, false)[3], "Solver: Winnable", "form {form}");
        }
        assert_eq!(figures(&f, 1, false)[0], "Score 1200");
        // The solver's word is kept first; the score too long for the room
        // left makes way for the clock.
        assert_eq!(fit(&topaz, 140, 16, "", &f, "").parts, ["10:00", "Winnable"]);
        // A title that does not fit whole is shortened after a word.
        let long = "Spider (Two Suits)";
        assert_eq!(fit(&topaz, 200, 8, long, &[], "3 games").parts, ["Spider (Two...", "3 games"]);
    }

    #[test]
    fn a_box_keeps_the_lines_that_fit_and_says_more_were_left_out() {
        let lines: Vec<String> = (1..=5).map(|n| n.to_string()).collect();
        assert_eq!(at_most(lines.clone(), 5), lines);
        assert_eq!(at_most(lines.clone(), 3), ["1", "2", "..."]);
        assert_eq!(at_most(lines, 0), ["..."]);
    }

    /// A box too tall for the screen leaves out whole paragraphs from its
    /// middle and keeps its last; with no room for that, it is cut as
    /// [`at_most`] cuts.
    #[test]
    fn a_box_too_tall_keeps_its_last_paragraph() {
        let measure = |t: &str| t.len() as i32;
        let text: Vec<String> = ["Left out:", "aaaa bbbb cccc", "dddd eeee", "And 5 more."].map(String::from).into();
        let fit = |max| box_text(&measure, &text, 9, max);
        assert_eq!(fit(7), ["Left out:", "aaaa bbbb", "cccc", "dddd eeee", "And 5", "more."]);
        assert_eq!(fit(5), ["Left out:", "...", "And 5", "more."]);
        // The first paragraph too long for the room left: as much as fits.
        let long: Vec<String> = ["aa bb cc dd ee ff", "end"].map(String::from).into();
        assert_eq!(box_text(&measure, &long, 5, 3), ["aa bb", "...", "end"]);
        assert_eq!(fit(3), ["Left out:", "aaaa bbbb", "..."]);
        assert_eq!(fit(0), ["..."]);
    }

    /// A message whose first word alone is wider than the bar (a long
    /// file's name) is broken after a mark in it, not left out; a word
    /// with no mark in the part that fits is not cut in half.
    #[test]
    fn a_first_word_too_wide_for_the_bar_is_broken_after_a_mark() {
        let name = "thirtysix-characters-long-file-nam.guide:1: a guide must start with @DATABASE";
        let fitted = fit(&topaz, 300, 16, "", &[], name);
        assert_eq!(line(fitted.clone()), "thirtysix-characters-long-file-...");
        assert!(fitted.cut);
        let fitted = fit(&topaz, 300, 16, "", &[], "abcdefghijklmnopqrstuvwxyzabcdefghijklmnop is long");
        assert_eq!(line(fitted.clone()), "");
        assert!(fitted.cut);
    }

    #[test]
    fn shorten_and_wrap_keep_whole_words() {
        assert_eq!(shorten(&topaz, "one two three", 200).as_deref(), Some("one two three"));
        assert_eq!(shorten(&topaz, "one two three", 80).as_deref(), Some("one two..."));
        assert_eq!(shorten(&topaz, "one two three", 40), None);
        assert_eq!(wrap(&topaz, "one two three four", 80), ["one two", "three four"]);
        assert_eq!(wrap(&topaz, "extraordinary a", 40), ["extr-", "aord-", "inary", "a"]);
        assert_eq!(wrap(&topaz, "Extraordinarily, Long", 80), ["Extraordi-", "narily,", "Long"]);
        assert_eq!(wrap(&topaz, "12345678", 40), ["12345", "678"], "no hyphen in a number");
        assert_eq!(wrap(&topaz, "abcd-efgh", 40), ["abcd-", "efgh"], "a word's own hyphen");
        assert_eq!(wrap(&topaz, "abcde-fgh", 40), ["abcd-", "e-fgh"], "never a line begun by a hyphen");
        assert_eq!(wrap(&topaz, "a /long/path:9: bad", 48), ["a", "/long/", "path:9", ": bad"]);
        assert!(wrap(&topaz, "", 40).is_empty());
    }

    /// A menu path is not broken at its arrow: "Game >" alone at a line's
    /// end reads as a sentence broken off.
    #[test]
    fn wrap_keeps_a_menu_path_s_arrow_with_its_names() {
        let kept = "No game has been kept yet: Game > Save a Copy keeps one.";
        assert_eq!(wrap(&topaz, kept, 33 * 8), ["No game has been kept yet:", "Game > Save a Copy keeps one."]);
        assert_eq!(wrap(&topaz, "Use Game > Solve > Stop now", 12 * 8), ["Use", "Game > Solve", "> Stop now"]);
    }

    /// A word of 100,000 letters (a broken link's name in a message) is
    /// shortened and wrapped measuring in proportion to it: shortening
    /// once measured every start of it, wrapping the whole rest once a line.
    #[test]
    fn a_long_word_is_shortened_and_wrapped_in_proportion() {
        let measured = std::cell::Cell::new(0usize);
        let measure = |t: &str| {
            measured.set(measured.get() + t.len());
            topaz(t)
        };
        let word = "x".repeat(100_000);
        assert_eq!(truncate(&measure, &word, 80), "xxxxxxx...");
        assert!(measured.get() < 1_000_000, "{} letters measured to shorten", measured.get());
        measured.set(0);
        let lines = wrap(&measure, &word, 800);
        assert_eq!((lines.len(), lines[0].as_str()), (1011, format!("{}-", &word[..99]).as_str()));
        assert!(measured.get() < 5_000_000, "{} letters measured to wrap", measured.get());
    }

    #[test]
    fn a_word_too_wide_breaks_after_a_mark_that_fits() {
        // The Amiga's Sokoban requester, 33 characters wide.
        let moved = "(the file was moved to /home/ada/data/sokoban.txt.damaged-1); with no good backup";
        assert_eq!(
            wrap(&topaz, moved, 33 * 8),
            ["(the file was moved to", "/home/ada/data/", "sokoban.txt.damaged-1); with no", "good backup"]
        );
        assert_eq!(wrap(&topaz, "my_long_name", 9 * 8), ["my_long_", "name"]);
        // A mark only at the start is no break: the line is filled.
        assert_eq!(wrap(&topaz, "/abcdefgh", 5 * 8), ["/abcd", "efgh"]);
    }

    /// A file's extension stays with its name: a path breaks after its
    /// last folder that fits, a name after a dash or an underscore, and
    /// only a name with neither after a full stop.
    #[test]
    fn a_path_breaks_between_folders_then_words_and_last_before_an_extension() {
        let path = "/home/ada/parlour/pictures/empty.bmp:";
        assert_eq!(wrap(&topaz, path, 33 * 8), ["/home/ada/parlour/pictures/", "empty.bmp:"]);
        let named = "/home/ada/pictures/gif-named.png";
        assert_eq!(wrap(&topaz, named, 24 * 8), ["/home/ada/pictures/", "gif-named.png"]);
        assert_eq!(wrap(&topaz, "a-very-long-gif-named.png", 18 * 8), ["a-very-long-gif-", "named.png"]);
        assert_eq!(wrap(&topaz, "tetris-top5.txt.damaged", 18 * 8), ["tetris-", "top5.txt.damaged"]);
        assert_eq!(wrap(&topaz, "sokoban.txt.damaged1", 16 * 8), ["sokoban.txt.", "damaged1"]);
    }
}
