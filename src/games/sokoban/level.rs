//! A Sokoban level and the XSB text files level sets come in.
//!
//! XSB is the plain format every Sokoban program reads: one text row per
//! board row, `#` wall, `@` player, `+` player on a goal, `$` box, `*` box
//! on a goal, `.` goal, and a space, `-` or `_` floor. Level collections
//! also write rows run-length encoded (`4#` for `####`, `#@2-$.#`) and
//! several rows on a line, parted by `|`; both are read. Blank lines
//! separate levels; `Title:` and `Author:` lines (any `Key: value` line)
//! and `;` comments may stand between them, and a comment between a
//! level's rows is skipped, the level read whole. Parlour also reads a
//! `Solution:` line (LURD, with run-length counts) as the level's known
//! solution, once it has checked that it solves the level.
//!
//! A metadata line right under a board belongs to that board; one after a
//! blank line belongs to the next board (or to the last, at the end of the
//! file). A broken level is reported as `file:line: message` and skipped;
//! the rest of the file still loads. A solution that cannot be read, or
//! does not solve its level, is reported the same way and left out; its
//! level still plays. Nothing here panics on any input.

use std::path::Path;
use std::sync::Arc;

use super::rules::{Dir, Sokoban};
use crate::core::{Diagnostic, plural};

/// The largest board accepted, either way: larger ones are certainly not
/// Sokoban levels, and the solver's square numbers fit a `u16`.
pub const MAX_SIDE: usize = 128;

/// One level: its fixed squares (walls, goals) and where the boxes and the
/// player start.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Level {
    pub width: usize,
    pub height: usize,
    walls: Vec<bool>,
    goals: Vec<bool>,
    /// Squares the player can reach from the start if boxes are ignored:
    /// the floor inside the walls (what is drawn as floor).
    inside: Vec<bool>,
    /// The starting squares of the boxes, in reading order.
    pub boxes: Vec<usize>,
    pub player: usize,
    pub title: Option<String>,
    pub author: Option<String>,
    /// A known solution in LURD notation (upper case for pushes), from a
    /// `Solution:` line: always one that solves the level.
    pub solution: Option<String>,
    /// The file line of the board's first row.
    pub line: usize,
}

impl Level {
    pub fn is_wall(&self, at: usize) -> bool {
        self.walls[at]
    }

    pub fn is_goal(&self, at: usize) -> bool {
        self.goals[at]
    }

    /// Whether `at` is floor inside the walls (reachable from the start
    /// when boxes are ignored).
    pub fn is_inside(&self, at: usize) -> bool {
        self.inside[at]
    }

    pub fn goal_count(&self) -> usize {
        self.goals.iter().filter(|&&g| g).count()
    }

    /// The square one step from `at` in direction (dx, dy), if on the board.
    pub fn neighbour(&self, at: usize, (dx, dy): (i32, i32)) -> Option<usize> {
        let (x, y) = ((at % self.width) as i32 + dx, (at / self.width) as i32 + dy);
        ((0..self.width as i32).contains(&x) && (0..self.height as i32).contains(&y))
            .then(|| y as usize * self.width + x as usize)
    }

    /// The level as XSB rows (without metadata), trailing floor trimmed.
    pub fn rows(&self, boxes: &[bool], player: usize) -> Vec<String> {
        (0..self.height)
            .map(|y| {
                let row: String = (0..self.width)
                    .map(|x| {
                        let at = y * self.width + x;
                        match (self.walls[at], boxes[at], at == player, self.goals[at]) {
                            (true, ..) => '#',
                            (_, true, _, true) => '*',
                            (_, true, _, false) => '$',
                            (_, _, true, true) => '+',
                            (_, _, true, false) => '@',
                            (_, _, _, true) => '.',
                            _ => ' ',
                        }
                    })
                    .collect();
                row.trim_end().to_string()
            })
            .collect()
    }

    /// The starting boxes as one flag per square.
    pub fn box_grid(&self) -> Vec<bool> {
        let mut grid = vec![false; self.width * self.height];
        for &b in &self.boxes {
            grid[b] = true;
        }
        grid
    }
}

/// Every level of one file, in file order, the broken ones as the problem
/// found (numbers stay those of the file: level 3 is the third board).
#[derive(Clone, Debug, Default)]
pub struct LevelSet {
    pub levels: Vec<Result<Level, Diagnostic>>,
    /// The solutions of good levels that were left out, in file order.
    pub solutions_left_out: Vec<LeftOut>,
}

/// What of a level was left out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The level: it cannot be played.
    Level,
    /// Its `Solution:` line: the level plays without a known solution.
    Solution,
}

/// A level of a set that cannot be played, or whose solution is no
/// solution: its number in the file (from 1), what was left out, and what
/// is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeftOut {
    pub number: usize,
    pub part: Part,
    pub problem: Diagnostic,
}

impl LevelSet {
    /// The problems, one per broken level.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.levels.iter().filter_map(|l| l.as_ref().err())
    }

    /// Every problem of the file, in file order: the broken levels' and
    /// the solutions left out.
    pub fn problems(&self) -> Vec<Diagnostic> {
        self.left_out().into_iter().map(|l| l.problem).collect()
    }

    /// The numbers (from 1) of the levels that can be played.
    pub fn good(&self) -> Vec<usize> {
        (1..=self.levels.len()).filter(|&n| self.levels[n - 1].is_ok()).collect()
    }

    /// The broken levels and the solutions left out, in file order, each
    /// with its level's number.
    pub fn left_out(&self) -> Vec<LeftOut> {
        let numbered = self.levels.iter().enumerate();
        let levels = numbered.filter_map(|(i, l)| {
            l.as_ref().err().map(|e| LeftOut { number: i + 1, part: Part::Level, problem: e.clone() })
        });
        let mut all: Vec<LeftOut> = levels.chain(self.solutions_left_out.iter().cloned()).collect();
        all.sort_by_key(|l| (l.problem.line, l.number));
        all
    }
}

/// What a line of an XSB file is.
enum LineKind<'a> {
    Blank,
    Comment,
    Meta(&'a str, &'a str),
    Row,
}

fn classify(line: &str) -> LineKind<'_> {
    let trimmed = line.trim();
    if trimmed.is_empty() {
        return LineKind::Blank;
    }
    if trimmed.starts_with(';') {
        return LineKind::Comment;
    }
    // `Key: value`: a word of letters (never a board character) and a colon.
    if let Some((key, value)) = trimmed.split_once(':') {
        let word = |c: char| c.is_ascii_alphanumeric() || c == ' ' || c == '-' || c == '_';
        if key.starts_with(|c: char| c.is_ascii_alphabetic()) && key.chars().all(word) {
            return LineKind::Meta(key.trim(), value.trim());
        }
    }
    LineKind::Row
}

/// Metadata gathered for a board.
#[derive(Default)]
struct Meta {
    title: Option<String>,
    author: Option<String>,
    /// The `Solution:` value as written, with its line.
    solution: Option<(String, usize)>,
}

impl Meta {
    /// Takes the value of a `key: value` line, line `line` of the file.
    fn take(&mut self, key: &str, value: &str, line: usize) {
        if value.is_empty() {
            return;
        }
        match key.to_ascii_lowercase().as_str() {
            "title" => self.title = Some(value.to_string()),
            "author" => self.author = Some(value.to_string()),
            "solution" => self.solution = Some((value.to_string(), line)),
            _ => {}
        }
    }

    fn is_empty(&self) -> bool {
        self.title.is_none() && self.author.is_none() && self.solution.is_none()
    }
}

/// The most steps a line of moves written by hand spells out: far beyond
/// any level's solution, and small enough to hold.
pub const MAX_STEPS: usize = 1 << 20;

/// Reads moves as people write them by hand, in `Solution:` lines and
/// `parlour sokoban check --moves`: LURD letters in either case, each with
/// an optional run-length count before it (`3r` is `rrr`), as collections
/// store long solutions; spaces are ignored. The error names the first
/// thing wrong and its character.
pub fn parse_moves(text: &str) -> Result<Vec<Dir>, String> {
    let (runs, dangling) = runs(text);
    let mut steps = Vec::new();
    for (c, count, column) in runs {
        if c.is_whitespace() {
            match count {
                Some(_) => return Err(format!("the count before character {column} has nothing to repeat")),
                None => continue,
            }
        }
        let shown = shown_char(c);
        let dir =
            Dir::from_letter(c).ok_or_else(|| format!("{shown} (character {column}) is not one of l, u, r, d"))?;
        let times = count.unwrap_or(1);
        if times == 0 {
            return Err(format!("the count before {shown} (character {column}) is 0, which repeats nothing"));
        }
        if steps.len().saturating_add(times) > MAX_STEPS {
            return Err(format!("the count before character {column} makes more than {MAX_STEPS} steps"));
        }
        steps.extend(std::iter::repeat_n(dir, times));
    }
    if dangling {
        return Err("the count at the end has nothing to repeat".into());
    }
    Ok(steps)
}

/// The solution `written` on a level's `Solution:` line, checked by
/// playing it: its LURD (upper case exactly for the pushes) if it solves
/// the level, else what is wrong with it.
fn checked_solution(level: &Level, written: &str) -> Result<String, String> {
    let steps = parse_moves(written).map_err(|e| format!("the solution cannot be read: {e}"))?;
    let mut game = Sokoban::new(Arc::new(level.clone()));
    let mut lurd = String::with_capacity(steps.len());
    for (i, &d) in steps.iter().enumerate() {
        let pushed = game.step(d).map_err(|why| format!("the solution's step {} cannot be made: {why}", i + 1))?;
        lurd.push(d.letter(pushed));
    }
    if !game.is_solved() {
        let off = (level.goal_count() - game.boxes_home()) as u64;
        return Err(format!(
            "the solution does not solve the level: it leaves {} off the goals",
            plural(off, "can", "cans")
        ));
    }
    Ok(lurd)
}

/// The run-length reading of `text`: each character that is not a digit,
/// with the count written before it (if any) and its column; and whether
/// the text ends in a count, which has nothing to repeat.
fn runs(text: &str) -> (Vec<(char, Option<usize>, usize)>, bool) {
    let mut out = Vec::new();
    let mut count: Option<usize> = None;
    for (i, c) in text.chars().enumerate() {
        match c.to_digit(10) {
            Some(digit) => count = Some(count.unwrap_or(0).saturating_mul(10).saturating_add(digit as usize)),
            None => out.push((c, count.take(), i + 1)),
        }
    }
    (out, count.is_some())
}

/// A character as a message shows it: in backquotes, a tab by its name
/// (it looks like spaces), or escaped where it is another control
/// character, which a terminal would act on.
fn shown_char(c: char) -> String {
    match c {
        '\t' => "a tab".into(),
        c if c.is_control() => format!("{c:?}"),
        c => format!("`{c}`"),
    }
}

/// What is said of a character no square is written with, in column
/// `column`: a tab, most often an editor's spaces turned into one, with
/// what floor is written as.
fn unknown_character(c: char, column: usize) -> String {
    match c {
        '\t' => format!("a tab in column {column}: floor is written as a space, `-` or `_`"),
        other => format!("unknown character {} in column {column}", shown_char(other)),
    }
}

/// A board's rows as read, with the line of the first.
struct Board<'a> {
    line: usize,
    rows: Vec<&'a str>,
    meta: Meta,
}

/// Reads a level file. `source` names it in messages; bytes that are not
/// UTF-8 are read as Latin-1 (old files are).
pub fn parse_set(source: &Path, bytes: &[u8]) -> LevelSet {
    // Bytes that are no text are one problem, the set's only "level", as
    // a file that cannot be read is: not a board of strange characters.
    let text = match crate::core::decode_text(bytes) {
        Ok(text) => text,
        Err(not) => {
            let problem = Diagnostic::error(source, not.line, not.message);
            return LevelSet { levels: vec![Err(problem)], ..LevelSet::default() };
        }
    };
    let mut boards: Vec<Board> = Vec::new();
    // Metadata waiting for the next board, and whether the last line was
    // a board row (so a Title: right under a board is that board's).
    let mut pending = Meta::default();
    let mut after_board = false;
    let mut in_board = false;
    // A classic Mac (the SE/30's own) ends its lines with a lone CR.
    let text = crate::core::lf_line_ends(&text);
    for (i, line) in text.lines().enumerate() {
        match classify(line) {
            LineKind::Blank => {
                in_board = false;
                after_board = false;
            }
            // A note between a level's rows is no part of it, nor does
            // it end it: the rows after it are the same level's.
            LineKind::Comment => {}
            LineKind::Meta(key, value) => {
                in_board = false;
                match boards.last_mut() {
                    Some(b) if after_board => b.meta.take(key, value, i + 1),
                    _ => pending.take(key, value, i + 1),
                }
            }
            LineKind::Row => {
                if !in_board {
                    boards.push(Board { line: i + 1, rows: Vec::new(), meta: std::mem::take(&mut pending) });
                }
                boards.last_mut().expect("just pushed").rows.push(line);
                in_board = true;
                after_board = true;
            }
        }
    }
    // Metadata after the last board is that board's.
    if let Some(last) = boards.last_mut()
        && !pending.is_empty()
    {
        let Meta { title, author, solution } = pending;
        last.meta.title = last.meta.title.take().or(title);
        last.meta.author = last.meta.author.take().or(author);
        last.meta.solution = last.meta.solution.take().or(solution);
    }
    let mut set = LevelSet::default();
    for mut board in boards {
        let (number, solution) = (set.levels.len() + 1, board.meta.solution.take());
        let level = build(source, board).map(|mut level| {
            // A solution that is none is left out, and the level plays.
            match solution.map(|(written, line)| (checked_solution(&level, &written), line)) {
                Some((Ok(lurd), _)) => level.solution = Some(lurd),
                Some((Err(why), line)) => set.solutions_left_out.push(LeftOut {
                    number,
                    part: Part::Solution,
                    problem: Diagnostic::error(source, line, why),
                }),
                None => {}
            }
            level
        });
        set.levels.push(level);
    }
    set
}

/// A board row's squares, each with its column on the file's line.
type Squares = Vec<(char, usize)>;

/// The rows a line of a board holds: one, or several parted by `|`, with
/// run-length counts written out (`3#` is `###`). A count with nothing
/// after it to repeat is refused, as is a count of 0, and a row a count
/// makes longer than a board can be.
fn expand(text: &str) -> Result<Vec<Squares>, String> {
    let (runs, dangling) = runs(text);
    let mut rows: Vec<Squares> = vec![Vec::new()];
    for (c, count, column) in runs {
        if c == '|' {
            if count.is_some() {
                return Err(format!("the count before column {column} has nothing to repeat: `|` ends the row"));
            }
            rows.push(Vec::new());
            continue;
        }
        let row = rows.last_mut().expect("there is always a row");
        let times = count.unwrap_or(1);
        if times == 0 {
            // Not a row cut short (which would then read as open).
            let shown = shown_char(c);
            return Err(format!("the count before {shown} (column {column}) is 0, which repeats nothing"));
        }
        if times > 1 && row.len().saturating_add(times) > MAX_SIDE {
            return Err(format!("the count before column {column} makes the row too long: at most {MAX_SIDE} a side"));
        }
        row.extend(std::iter::repeat_n((c, column), times));
    }
    if dangling { Err("the count at the end of the row has nothing to repeat".into()) } else { Ok(rows) }
}

/// Turns a board's rows into a level, or says what is wrong with it.
fn build(source: &Path, board: Board) -> Result<Level, Diagnostic> {
    let err = |line: usize, message: String| Diagnostic::error(source, line, message);
    let mut rows: Vec<(usize, Squares)> = Vec::new();
    for (y, text) in board.rows.iter().enumerate() {
        let line = board.line + y;
        rows.extend(expand(text).map_err(|m| err(line, m))?.into_iter().map(|r| (line, r)));
    }
    let height = rows.len();
    let width = rows.iter().map(|(_, r)| r.len()).max().unwrap_or(0);
    if width > MAX_SIDE || height > MAX_SIDE {
        return Err(err(board.line, format!("the level is {width} x {height} squares; at most {MAX_SIDE} a side")));
    }
    let n = width * height;
    let (mut walls, mut goals, mut boxes, mut players) = (vec![false; n], vec![false; n], Vec::new(), Vec::new());
    // Squares past the end of a short row are outside the board.
    let mut beyond = vec![false; n];
    for (y, (line, row)) in rows.iter().enumerate() {
        let line = *line;
        for x in row.len()..width {
            beyond[y * width + x] = true;
        }
        for (x, &(c, column)) in row.iter().enumerate() {
            let at = y * width + x;
            match c {
                '#' => walls[at] = true,
                '@' => players.push((at, line)),
                '+' => {
                    players.push((at, line));
                    goals[at] = true;
                }
                '$' => boxes.push(at),
                '*' => {
                    boxes.push(at);
                    goals[at] = true;
                }
                '.' => goals[at] = true,
                ' ' | '-' | '_' => {}
                other => return Err(err(line, unknown_character(other, column))),
            }
        }
    }
    let player = match players.as_slice() {
        [] => return Err(err(board.line, "the level has no pusher (`@` or `+`)".into())),
        [(at, _)] => *at,
        [_, (_, line), ..] => return Err(err(*line, "a second pusher: a level has one `@` or `+`".into())),
    };
    let goal_count = goals.iter().filter(|&&g| g).count();
    if boxes.is_empty() {
        return Err(err(board.line, "the level has no cans".into()));
    }
    if boxes.len() != goal_count {
        let (boxes, goals) = (plural(boxes.len() as u64, "can", "cans"), plural(goal_count as u64, "goal", "goals"));
        return Err(err(board.line, format!("{boxes} but {goals}: they must match")));
    }
    // Such a level is solved before it starts: it could never be won by
    // a push, nor counted among the levels solved.
    if boxes.iter().all(|&at| goals[at]) {
        return Err(err(board.line, "every can is on a goal already: there is nothing to do".into()));
    }
    // The floor the player can reach (boxes ignored) must not reach the
    // edge of the board or a square past a row's end.
    let mut inside = vec![false; n];
    let mut stack = vec![player];
    inside[player] = true;
    while let Some(at) = stack.pop() {
        let (x, y) = (at % width, at / width);
        if beyond[at] || x == 0 || y == 0 || x + 1 == width || y + 1 == height {
            let (line, row) = &rows[y];
            let column = row.get(x).map_or(x + 1, |&(_, column)| column);
            return Err(err(*line, format!("the level is not closed by walls: column {column} leads outside")));
        }
        for next in [at - 1, at + 1, at - width, at + width] {
            if !walls[next] && !inside[next] {
                inside[next] = true;
                stack.push(next);
            }
        }
    }
    Ok(Level {
        width,
        height,
        walls,
        goals,
        inside,
        boxes,
        player,
        title: board.meta.title,
        author: board.meta.author,
        // Set once it is checked against the level (see `parse_set`).
        solution: None,
        line: board.line,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> LevelSet {
        parse_set(Path::new("t.xsb"), text.as_bytes())
    }

    fn error(text: &str) -> String {
        parse(text).levels[0].clone().unwrap_err().to_string()
    }

    /// A Windows editor's byte-order mark before the first line is no
    /// part of the level set.
    #[test]
    fn a_byte_order_mark_is_skipped() {
        let set = parse("\u{feff}######\n#@$.*#\n######\n");
        assert!(set.levels[0].is_ok(), "{:?}", set.levels[0]);
    }

    /// A file that is no text (a picture, a program saved as .xsb) is
    /// refused as that, in the words every text reader uses, at the line
    /// where it shows: not read as boards of strange characters.
    #[test]
    fn bytes_that_are_no_text_are_refused_as_such() {
        let problems = |bytes: &[u8]| -> Vec<String> {
            parse_set(Path::new("t.xsb"), bytes).problems().iter().map(ToString::to_string).collect()
        };
        assert_eq!(problems(b"######\n#@$.*#\n\x89PNG\0\x01\n"), ["t.xsb:3: not a text file (it holds NUL bytes)"]);
        let noise: Vec<u8> = (0..400u32).map(|i| (i * 7 % 31 + 1) as u8).collect();
        assert_eq!(
            problems(&noise),
            ["t.xsb:1: not a text file: 335 of its 400 characters are control characters, more than one in twenty \
                 (the first, 0x01, in column 1)"]
        );
        // Latin-1 and Windows-1252 titles are text.
        let set = parse_set(Path::new("t.xsb"), b"Title: Caf\xe9\n#####\n#@$.#\n#####\n");
        assert_eq!(set.levels[0].as_ref().unwrap().title.as_deref(), Some("Caf\u{e9}"));
    }

    #[test]
    fn reads_every_square_kind() {
        let set = parse("Title: One\n#######\n#@$ .*#\n#-_+  #\n#######\n");
        // `+` is a second pusher: that level is refused.
        assert!(set.levels[0].is_err());
        let set = parse("; a comment\nTitle: One\nAuthor: Me\n######\n#@$.*#\n#-_  #\n######\n");
        let level = set.levels[0].as_ref().unwrap();
        assert_eq!((level.width, level.height), (6, 4));
        assert_eq!(level.title.as_deref(), Some("One"));
        assert_eq!(level.author.as_deref(), Some("Me"));
        assert_eq!(level.player, 7);
        assert_eq!(level.boxes, [8, 10]);
        assert!(level.is_goal(9) && level.is_goal(10) && !level.is_goal(8));
        assert!(level.is_wall(0) && !level.is_wall(13));
        assert!(level.is_inside(13) && !level.is_inside(0));
        assert_eq!(level.line, 4);
        assert_eq!(level.rows(&level.box_grid(), level.player), ["######", "#@$.*#", "#    #", "######"]);
    }

    #[test]
    fn blank_lines_separate_levels_and_metadata_finds_its_board() {
        let text = "#####\n#@$.#\n#####\nTitle: First\n\nTitle: Second\n\n#####\n#.$@#\n#####\n\
                    \n#####\n#@$.#\n#####\nAuthor: Last\n";
        let set = parse(text);
        let titles: Vec<Option<&str>> = set.levels.iter().map(|l| l.as_ref().unwrap().title.as_deref()).collect();
        assert_eq!(titles, [Some("First"), Some("Second"), None]);
        assert_eq!(set.levels[2].as_ref().unwrap().author.as_deref(), Some("Last"));
        assert_eq!(set.levels[1].as_ref().unwrap().line, 8);
    }

    #[test]
    fn every_fault_is_named_with_its_line() {
        assert_eq!(error("\n\n####\n#  #\n####\n"), "t.xsb:3: the level has no pusher (`@` or `+`)");
        assert_eq!(error("######\n#@$. #\n#  @ #\n######\n"), "t.xsb:3: a second pusher: a level has one `@` or `+`");
        assert_eq!(error("######\n#@$$.#\n######\n"), "t.xsb:1: 2 cans but 1 goal: they must match");
        assert_eq!(error("######\n#@$..#\n######\n"), "t.xsb:1: 1 can but 2 goals: they must match");
        assert_eq!(error("#####\n#@..#\n#####\n"), "t.xsb:1: the level has no cans");
        assert_eq!(error("#####\n#@* #\n#####\n"), "t.xsb:1: every can is on a goal already: there is nothing to do");
        assert_eq!(error("; x\n######\n#@$.x#\n######\n"), "t.xsb:3: unknown character `x` in column 5");
        assert_eq!(
            error("######\n#@$. #\n#### #\n   # #\n"),
            "t.xsb:4: the level is not closed by walls: column 5 leads outside"
        );
        // A short row leaves its end open.
        assert_eq!(error("#####\n#@$.\n#####\n"), "t.xsb:2: the level is not closed by walls: column 5 leads outside");
        assert_eq!(error("\t#\n"), "t.xsb:1: a tab in column 1: floor is written as a space, `-` or `_`");
    }

    #[test]
    fn good_levels_of_a_broken_file_still_load() {
        let set = parse("#####\n#@$.#\n#####\n\n#####\n#@$x#\n#####\n\n#####\n#.$@#\n#####\n");
        assert_eq!(set.levels.len(), 3);
        assert!(set.levels[0].is_ok() && set.levels[2].is_ok());
        assert_eq!(set.errors().count(), 1);
    }

    /// Each broken level is numbered as in the file, beside the good ones:
    /// two pushers, no pusher, an open wall and a stray character.
    #[test]
    fn the_left_out_levels_are_numbered_with_their_problems() {
        let text = "#####\n#@$.#\n#####\n\n######\n#@$.@#\n######\n\n#####\n#.$@#\n#####\n\n\
                    #####\n# $.#\n#####\n\n#####\n#@$. \n#####\n\n#####\n#@$.?\n#####\n";
        let set = parse(text);
        assert_eq!(set.good(), [1, 3]);
        let left_out: Vec<(usize, String)> =
            set.left_out().into_iter().map(|l| (l.number, l.problem.to_string())).collect();
        assert_eq!(
            left_out,
            [
                (2, "t.xsb:6: a second pusher: a level has one `@` or `+`".to_string()),
                (4, "t.xsb:13: the level has no pusher (`@` or `+`)".to_string()),
                (5, "t.xsb:18: the level is not closed by walls: column 5 leads outside".to_string()),
                (6, "t.xsb:22: unknown character `?` in column 5".to_string()),
            ]
        );
        assert!(parse("#\n").good().is_empty());
    }

    /// Collections write rows run-length encoded and several to a line;
    /// such a level reads as its plain spelling does, and a count with
    /// nothing to repeat, or of 0, is named with its line.
    #[test]
    fn run_length_rows_and_bars_read_as_plain_rows() {
        let plain = parse("#######\n#@$ .*#\n#  -  #\n#######\n");
        let coded = parse("; coded\n7#\n#@$-.*#|#5-#\n7#\n");
        let (plain, coded) = (plain.levels[0].as_ref().unwrap(), coded.levels[0].as_ref().unwrap());
        assert_eq!(coded.rows(&coded.box_grid(), coded.player), plain.rows(&plain.box_grid(), plain.player));
        assert_eq!((coded.width, coded.height, coded.line), (7, 4, 2));
        assert_eq!(error("4#\n#@$.3\n4#\n"), "t.xsb:2: the count at the end of the row has nothing to repeat");
        assert_eq!(
            error("4#|#@$.2|4#\n"),
            "t.xsb:1: the count before column 9 has nothing to repeat: `|` ends the row"
        );
        assert_eq!(error("4#|#@$2x|4#\n"), "t.xsb:1: unknown character `x` in column 8");
        // A count of 0 is a wrong count, not a row cut short (an open
        // level), nor a square left out of a row that reads closed.
        assert_eq!(
            error("#####\n#@$.0#\n#####\n"),
            "t.xsb:2: the count before `#` (column 6) is 0, which repeats nothing"
        );
        assert_eq!(error("5#\n#@$.#\n0#5#\n"), "t.xsb:3: the count before `#` (column 2) is 0, which repeats nothing");
        assert_eq!(error("5#|#@$.0#|5#\n"), "t.xsb:1: the count before `#` (column 9) is 0, which repeats nothing");
        assert!(error("999999999999999999999#\n").contains("at most"));
        assert_eq!(error("4#|#@$.|3#\n"), "t.xsb:1: the level is not closed by walls: column 7 leads outside");
        let solved = parse("#####\n#@$.#\n#####\nSolution: 1R\n\n#######\n#@ $ .#\n#######\nSolution: r 2r\n");
        let solutions: Vec<Option<&str>> =
            solved.levels.iter().map(|l| l.as_ref().unwrap().solution.as_deref()).collect();
        assert_eq!(solutions, [Some("R"), Some("rRR")], "counts spelled out, pushes in upper case");
        assert!(solved.problems().is_empty());
    }

    /// Solution lines and `sokoban check --moves` are read by one reader:
    /// letters in either case, counts before them, spaces ignored; what
    /// it cannot read is named with its character.
    #[test]
    fn moves_are_read_with_their_counts_or_refused_in_words() {
        use Dir::{Down, Left, Right, Up};
        assert_eq!(parse_moves("3L u 2r1D"), Ok(vec![Left, Left, Left, Up, Right, Right, Down]));
        assert_eq!(parse_moves(""), Ok(vec![]));
        assert_eq!(parse_moves("RXQ").unwrap_err(), "`X` (character 2) is not one of l, u, r, d");
        assert_eq!(parse_moves("0r").unwrap_err(), "the count before `r` (character 2) is 0, which repeats nothing");
        assert_eq!(parse_moves("r3").unwrap_err(), "the count at the end has nothing to repeat");
        assert_eq!(parse_moves("3 r").unwrap_err(), "the count before character 2 has nothing to repeat");
        assert_eq!(parse_moves("r\u{1b}").unwrap_err(), "'\\u{1b}' (character 2) is not one of l, u, r, d");
        assert!(parse_moves("99999999999r").unwrap_err().contains("makes more than"));
    }

    /// A Solution line that cannot be read, or that is no solution of its
    /// level (a step into a wall, cans left off their goals), is reported
    /// at its line and left out; its level still plays, with no solution.
    #[test]
    fn a_solution_that_is_none_is_reported_at_its_line_and_left_out() {
        let level = "#######\n#@ $ .#\n#######\n";
        let text = format!(
            "{level}Solution: RXQ\n\n{level}Solution: 0r\n\n{level}Solution: rR\n\n{level}Solution: rRRR\n\n\
             {level}Solution: 2rR\n\n######\n#@$.@#\n######\nSolution: R\n"
        );
        let set = parse(&text);
        assert_eq!(set.good(), [1, 2, 3, 4, 5]);
        assert!(set.levels[..4].iter().all(|l| l.as_ref().unwrap().solution.is_none()));
        assert_eq!(set.levels[4].as_ref().unwrap().solution.as_deref(), Some("rRR"));
        let problems: Vec<String> = set.problems().iter().map(ToString::to_string).collect();
        assert_eq!(
            problems,
            [
                "t.xsb:4: the solution cannot be read: `X` (character 2) is not one of l, u, r, d",
                "t.xsb:9: the solution cannot be read: the count before `r` (character 2) is 0, which repeats nothing",
                "t.xsb:14: the solution does not solve the level: it leaves 1 can off the goals",
                "t.xsb:19: the solution's step 4 cannot be made: the can cannot go into the wall",
                // A broken level's solution is not looked at.
                "t.xsb:27: a second pusher: a level has one `@` or `+`",
            ]
        );
        let parts: Vec<(usize, Part)> = set.left_out().iter().map(|l| (l.number, l.part)).collect();
        assert_eq!(
            parts,
            [(1, Part::Solution), (2, Part::Solution), (3, Part::Solution), (4, Part::Solution), (6, Part::Level)]
        );
    }

    #[test]
    fn outside_floor_and_latin1_are_fine() {
        let set = parse_set(Path::new("t.xsb"), b"; caf\xe9\n  #####\n  #@$.#\n  #####\n");
        let level = set.levels[0].as_ref().unwrap();
        assert!(!level.is_inside(0), "the floor outside the walls is not inside");
        assert_eq!(level.width, 7);
    }

    #[test]
    fn odd_input_gives_playable_levels_or_errors_on_its_lines() {
        for text in
            ["", "\n\n", "@", "#", "$.@", "Title:\n", "::::\n#@\n", "é#@$.#", "#\r\n#@$.#\r\n", "#####\n#@$.#\n#####"]
        {
            for level in parse(text).levels {
                match level {
                    // A level read is closed, with its player inside and a
                    // goal for every box.
                    Ok(l) => {
                        assert!(l.is_inside(l.player) && !l.boxes.is_empty(), "{text:?}");
                        assert_eq!(l.boxes.len(), l.goal_count(), "{text:?}");
                        assert!(l.boxes.iter().all(|&b| l.is_inside(b)), "{text:?}");
                    }
                    Err(e) => assert!(e.points_into(text.as_bytes()) && e.is_error(), "{text:?}: {e}"),
                }
            }
        }
        let big = format!("{}\n", "#".repeat(MAX_SIDE + 1));
        assert!(error(&big).contains("at most"));
    }
}
