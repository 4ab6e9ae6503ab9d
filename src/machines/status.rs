//! Fitting a status line (a title, named figures and a message) into the
//! room a chrome has for it, so no word is ever cut in half: figures are
//! written more tersely, the title gives way, and a message that still
//! does not fit is shortened after a whole word with "...".

/// How a figure is written, fullest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    /// `Stones left: 32`
    Full,
    /// `Stones left 32`
    Bare,
    /// `Stones 32`: the name's first word.
    FirstWord,
    /// `St 32`: the shortest prefix (two letters or more) that tells the
    /// names apart.
    Short,
}

const FORMS: [Form; 4] = [Form::Full, Form::Bare, Form::FirstWord, Form::Short];

/// The shortest prefix, at least two characters, of `name` that no other
/// name in `names` starts with (the whole name if none is).
fn short_name(name: &str, names: &[&str]) -> String {
    let lower = name.to_lowercase();
    let chars: Vec<char> = name.chars().filter(|c| !c.is_whitespace()).collect();
    for n in 2..chars.len() {
        let prefix: String = chars[..n].iter().collect::<String>().to_lowercase();
        let clash = names.iter().any(|o| {
            let o: String = o.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_lowercase();
            o != lower.replace(char::is_whitespace, "") && o.starts_with(&prefix)
        });
        if !clash {
            return chars[..n].iter().collect();
        }
    }
    name.to_string()
}

fn figure(name: &str, value: &str, form: Form, names: &[&str]) -> String {
    match form {
        Form::Full => format!("{name}: {value}"),
        Form::Bare => format!("{name} {value}"),
        Form::FirstWord => format!("{} {value}", name.split_whitespace().next().unwrap_or(name)),
        Form::Short => format!("{} {value}", short_name(name, names)),
    }
}

/// The figures written in one form.
pub fn figures(fields: &[(&str, String)], form_index: usize) -> Vec<String> {
    let names: Vec<&str> = fields.iter().map(|(n, _)| *n).collect();
    let form = FORMS[form_index.min(FORMS.len() - 1)];
    fields.iter().map(|(n, v)| figure(n, v, form, &names)).collect()
}

/// `text` cut after its last whole word that fits in `width` together
/// with "...", or the whole text if it fits; None if not even the first
/// word fits.
pub fn shorten(measure: &dyn Fn(&str) -> i32, text: &str, width: i32) -> Option<String> {
    if measure(text) <= width {
        return Some(text.to_string());
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    (1..words.len()).rev().map(|n| format!("{}...", words[..n].join(" "))).find(|t| measure(t) <= width)
}

/// Whole words of `text` in lines no wider than `width` (a single word
/// wider than that gets a line of its own).
pub fn wrap(measure: &dyn Fn(&str) -> i32, text: &str, width: i32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let joined = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        if line.is_empty() || measure(&joined) <= width {
            line = joined;
        } else {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The parts of a status line (title, figures, message) that fit in
/// `width` pixels when drawn `gap` pixels apart. Tried in order: every
/// part in full; the figures without their colons; without the title, the
/// figures ever more tersely; then, the figures again as full as they can
/// be, with the message shortened after a whole word; and last the figures
/// alone. Figures are never shortened mid-word: on a screen too narrow for
/// even their tersest form, the ones that fit are shown whole.
pub fn fit(
    measure: &dyn Fn(&str) -> i32,
    width: i32,
    gap: i32,
    title: &str,
    fields: &[(&str, String)],
    message: &str,
) -> Vec<String> {
    let total = |parts: &[String]| -> i32 {
        parts.iter().map(|p| measure(p)).sum::<i32>() + gap * (parts.len() as i32 - 1).max(0)
    };
    // The fullest arrangements first: the title goes with the figures in
    // full or bare; terser figures are worth more room than the title.
    let mut orders: Vec<(bool, usize)> = Vec::new();
    if !title.is_empty() {
        orders.extend([(true, 0), (true, 1)]);
    }
    let forms = if fields.is_empty() { 1 } else { FORMS.len() };
    orders.extend((0..forms).map(|form| (false, form)));
    let title_part = |keep: bool| if keep && !title.is_empty() { Some(title) } else { None };
    let build = |keep: bool, form: usize, msg: Option<&str>| -> Vec<String> {
        let mut parts: Vec<String> = title_part(keep).map(str::to_string).into_iter().collect();
        parts.extend(figures(fields, form));
        if let Some(m) = msg.filter(|m| !m.is_empty()) {
            parts.push(m.to_string());
        }
        parts
    };
    // Where the title had to go, as much of it as fits (whole words).
    let titled = |mut parts: Vec<String>, keep: bool| -> Vec<String> {
        if !keep && !title.is_empty() {
            let room = width - total(&parts) - if parts.is_empty() { 0 } else { gap };
            if let Some(t) = shorten(measure, title, room) {
                parts.insert(0, t);
            }
        }
        parts
    };
    for &(keep, form) in &orders {
        let parts = build(keep, form, Some(message));
        if total(&parts) <= width {
            return titled(parts, keep);
        }
    }
    if !message.is_empty() {
        for &(keep, form) in &orders {
            let head = build(keep, form, None);
            let room = width - total(&head) - if head.is_empty() { 0 } else { gap };
            if let Some(short) = shorten(measure, message, room) {
                return titled(build(keep, form, Some(&short)), keep);
            }
        }
    }
    for &(keep, form) in &orders {
        let parts = build(keep, form, None);
        if total(&parts) <= width {
            return titled(parts, keep);
        }
    }
    // Not even the tersest figures fit: as many whole ones as do.
    let mut parts: Vec<String> = Vec::new();
    for f in figures(fields, FORMS.len() - 1) {
        parts.push(f);
        if total(&parts) > width {
            parts.pop();
            break;
        }
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Eight pixels a character, like Topaz.
    fn topaz(s: &str) -> i32 {
        8 * s.chars().count() as i32
    }

    fn fields(list: &[(&'static str, &str)]) -> Vec<(&'static str, String)> {
        list.iter().map(|(n, v)| (*n, v.to_string())).collect()
    }

    #[test]
    fn everything_in_full_when_it_fits() {
        let f = fields(&[("Score", "0"), ("Time", "0:00")]);
        assert_eq!(fit(&topaz, 600, 16, "Klondike", &f, "Hello"), ["Klondike", "Score: 0", "Time: 0:00", "Hello"]);
    }

    #[test]
    fn the_amiga_pal_title_bar_shows_every_figure_whole() {
        // 320 pixels less the depth gadget and margins.
        let width = 295;
        let pegs = fields(&[("Score", "0"), ("Time", "0:00"), ("Stones left", "32")]);
        assert_eq!(fit(&topaz, width, 16, "english", &pegs, ""), ["Score 0", "Time 0:00", "Stones left 32"]);
        let big = fields(&[("Score", "1200"), ("Time", "10:00"), ("Stones left", "32")]);
        assert_eq!(fit(&topaz, width, 16, "english", &big, ""), ["Score 1200", "Time 10:00", "Stones 32"]);
        let sol = fields(&[("Score", "0"), ("Time", "0:00"), ("Moves", "0")]);
        assert_eq!(fit(&topaz, width, 16, "Klondike", &sol, ""), ["Score: 0", "Time: 0:00", "Moves: 0"]);
        // A message too long for the bar is shortened after a word.
        let parts = fit(&topaz, width, 16, "Klondike", &sol, "That card cannot go to a foundation yet.");
        assert_eq!(parts, ["Score 0", "Time 0:00", "Moves 0", "That..."]);
        // Figures are made terser to show a whole message.
        let parts = fit(&topaz, width, 16, "Klondike", &sol, "No jump there.");
        assert_eq!(parts, ["Sc 0", "Ti 0:00", "Mo 0", "No jump there."]);
        let joined_w: i32 = parts.iter().map(|p| topaz(p)).sum::<i32>() + 16 * (parts.len() as i32 - 1);
        assert!(joined_w <= width);
    }

    #[test]
    fn short_names_tell_figures_apart() {
        let names = ["Score", "Time", "Stones left"];
        assert_eq!(short_name("Score", &names), "Sc");
        assert_eq!(short_name("Stones left", &names), "St");
        assert_eq!(short_name("Time", &names), "Ti");
        let f = fields(&[("Score", "1200"), ("Time", "10:00"), ("Stones left", "32")]);
        assert_eq!(fit(&topaz, 140, 8, "", &f, ""), ["Sc 1200", "Ti 10:00", "St 32"][..2]);
        assert_eq!(fit(&topaz, 200, 8, "", &f, ""), ["Sc 1200", "Ti 10:00", "St 32"]);
        // A title that does not fit whole is shortened after a word.
        let long = "Spider (Two Suits)";
        assert_eq!(fit(&topaz, 200, 8, long, &[], "3 games"), ["Spider (Two...", "3 games"]);
    }

    #[test]
    fn shorten_and_wrap_keep_whole_words() {
        assert_eq!(shorten(&topaz, "one two three", 200).as_deref(), Some("one two three"));
        assert_eq!(shorten(&topaz, "one two three", 80).as_deref(), Some("one two..."));
        assert_eq!(shorten(&topaz, "one two three", 40), None);
        assert_eq!(wrap(&topaz, "one two three four", 80), ["one two", "three four"]);
        assert_eq!(wrap(&topaz, "extraordinary a", 40), ["extraordinary", "a"]);
        assert!(wrap(&topaz, "", 40).is_empty());
    }
}
