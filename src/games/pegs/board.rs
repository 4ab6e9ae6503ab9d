//! Reading .brd board files, both versions Jumper wrote.
//!
//! Version 2 (text): a `Version 2` line, a `Mode: Normal` or `Mode:
//! Diagonal` line (any case), then one row per line of elements `*`
//! (locked), `e` (empty slot), `r`/`y`/`g` (slot with a red, yellow or green
//! stone, worth 30/20/10 points); upper case marks a target slot. Dots at
//! the start of a row shift it right, at the end left, by half a block each
//! (display only). Spaces and blank lines are ignored.
//!
//! Version 1: header `1`, then `D` or `N` (diagonal moves or not), then
//! `~`; elements `X` (locked), `3`/`2`/`1` (red/yellow/green stone), `E`
//! (empty), `*` (a locked field of half the width: an element of the grid
//! like `X`, drawn half as wide, so stars before a row's slots shift them
//! left by half a block each — that is how triangles are written; after
//! the last slot they only pad the row, and one between two slots, which
//! would shift part of a row, is refused); `>` before an element marks
//! the target (once: `>>` is refused); one `!` after the first row fixes
//! the width, and the elements after it must fill whole rows. Line breaks
//! are optional.
//!
//! Jumps work on the element grid (row, index among the row's elements),
//! never on the drawn, shifted positions.

use std::fmt;

use crate::core::plural;

/// The most columns a board may have: jumps name a column by a letter,
/// `a` to `z` (`d2-d4`), and the table labels them so; a column beyond
/// `z` could be neither written, read back from a journal nor labelled.
pub const MAX_COLUMNS: usize = 26;
/// The most rows a board may have: as many as columns. Every machine's
/// table shows a board of 26 by 26 whole, in blocks of 8 pixels at least
/// (the Amiga's PAL screen and the Mac SE/30's), where a board far larger
/// drew as a blank table.
pub const MAX_ROWS: usize = 26;

/// Why a dot stands between a row's elements: only its ends shift it.
const DOT_INSIDE: &str = "a `.` inside a row: an empty hole is `e`; dots go only at a row's ends";

/// Why a board this wide cannot be played.
fn too_wide(columns: usize) -> String {
    format!(
        "the board is {columns} columns wide; a board has at most {MAX_COLUMNS} (a to z, the letters that name \
         columns in jumps)"
    )
}

/// Why a board this tall cannot be played.
fn too_tall() -> String {
    format!("a row past the {MAX_ROWS}th; a board has at most {MAX_ROWS} rows, which every screen can show")
}

/// A stone's colour, with the points a jump over it scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stone {
    Red,
    Yellow,
    Green,
}

impl Stone {
    pub fn points(self) -> u32 {
        match self {
            Stone::Red => 30,
            Stone::Yellow => 20,
            Stone::Green => 10,
        }
    }
}

/// One element of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    Locked,
    Slot { stone: Option<Stone>, target: bool },
}

/// A board as read from a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub width: usize,
    pub height: usize,
    /// Row by row.
    pub cells: Vec<Cell>,
    /// Jumps may also go diagonally.
    pub diagonal: bool,
    /// Per row, its display shift in half blocks (positive = right).
    pub shifts: Vec<i32>,
    /// The file format's version (1 or 2).
    pub version: u8,
}

/// Why a board file cannot be read, with the line at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardError {
    pub source: String,
    pub line: usize,
    pub message: String,
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.source, self.line, self.message)
    }
}

impl std::error::Error for BoardError {}

/// The characters of a first line that is no board header quoted back.
const HEADER_QUOTED: usize = 24;

impl Board {
    /// Reads a board; `source` names it in errors. Never panics.
    pub fn parse(source: &str, bytes: &[u8]) -> Result<Board, BoardError> {
        let err = |line: usize, message: String| BoardError { source: source.to_string(), line, message };
        let bytes = crate::core::files::without_bom(bytes);
        if let Some(at) = bytes.iter().position(|&b| b == 0) {
            // Its line counted as the lines are below, a lone CR ending one.
            let before = crate::core::lf_line_ends(&String::from_utf8_lossy(&bytes[..at]));
            return Err(err(before.matches('\n').count() + 1, "not a text file (it holds NUL bytes)".into()));
        }
        // Jumper's files are plain ASCII. One in UTF-8 (as editors save
        // now) is read as such, so an error names the letter the author
        // typed and a no-break space parts elements as a space does; any
        // other byte is read as Latin-1.
        let text: String = match std::str::from_utf8(bytes) {
            Ok(text) => text.to_string(),
            Err(_) => bytes.iter().map(|&b| b as char).collect(),
        };
        // An old Mac's lone CR ends a line as LF does.
        let text = crate::core::lf_line_ends(&text);
        let lines: Vec<(usize, &str)> = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())).collect();
        let first = lines.iter().find(|(_, l)| !l.is_empty()).ok_or_else(|| err(1, "the file is empty".into()))?;
        let (board, first_row) = if first.1.to_ascii_lowercase().starts_with("version") {
            parse_v2(&lines, &err)?
        } else if first.1.starts_with('1') {
            parse_v1(&text, &err)?
        } else {
            // Quoted in short: a file that is no board at all (a picture
            // renamed) would fill the screen with its bytes.
            let header = crate::core::shortened(first.1, HEADER_QUOTED);
            return Err(err(first.0, format!("`{header}` is not a board header (expected `Version 2` or `1`)")));
        };
        board.check(first_row, &err)?;
        Ok(board)
    }

    pub fn cell(&self, row: usize, col: usize) -> Cell {
        self.cells[row * self.width + col]
    }

    /// The number of stones on the board.
    pub fn stones(&self) -> usize {
        self.cells.iter().filter(|c| matches!(c, Cell::Slot { stone: Some(_), .. })).count()
    }

    /// Whether any slot is marked as the target.
    pub fn has_target(&self) -> bool {
        self.cells.iter().any(|c| matches!(c, Cell::Slot { target: true, .. }))
    }

    /// Whether the board can be played at all; what is wrong with it as a
    /// whole is told at its first row, on line `first_row`.
    fn check(&self, first_row: usize, err: &dyn Fn(usize, String) -> BoardError) -> Result<(), BoardError> {
        if self.stones() == 0 {
            return Err(err(first_row, "the board has no stones".into()));
        }
        if !self.cells.iter().any(|c| matches!(c, Cell::Slot { stone: None, .. })) {
            return Err(err(first_row, "the board has no empty slot, so no stone can ever jump".into()));
        }
        Ok(())
    }
}

impl Board {
    /// The board's slots, shifted as drawn, span no more columns than a
    /// board may have: every machine shows that many whole, where rows
    /// shifted far by their dots drew off the table. Told at the line of
    /// the row with the most dots, of `rows` (each row's line and dots).
    fn check_span(&self, rows: &[(usize, usize)], err: &dyn Fn(usize, String) -> BoardError) -> Result<(), BoardError> {
        // Each row's slots in half blocks across, as the table lays them.
        let extent = |r: usize| {
            let halves = (0..self.width)
                .filter(|&c| matches!(self.cell(r, c), Cell::Slot { .. }))
                .map(|c| 2 * c as i64 + i64::from(self.shifts[r]));
            halves.clone().min().zip(halves.max().map(|h| h + 2))
        };
        let extents: Vec<(i64, i64)> = (0..self.height).filter_map(extent).collect();
        let left = extents.iter().map(|e| e.0).min().unwrap_or(0);
        let right = extents.iter().map(|e| e.1).max().unwrap_or(0);
        if right - left <= 2 * MAX_COLUMNS as i64 {
            return Ok(());
        }
        let line = rows.iter().max_by_key(|&&(_, dots)| dots).map_or(1, |&(line, _)| line);
        Err(err(
            line,
            format!(
                "the dots at the rows' ends shift them so far apart that the board spans {} columns (a dot is half \
                 a column); it may span at most {MAX_COLUMNS}",
                (right - left + 1) / 2
            ),
        ))
    }
}

/// A version 2 board and the line of its first row.
fn parse_v2(lines: &[(usize, &str)], err: &dyn Fn(usize, String) -> BoardError) -> Result<(Board, usize), BoardError> {
    let mut rest = lines.iter().filter(|(_, l)| !l.is_empty());
    let (vline, version) = rest.next().expect("the caller found a first line");
    let v = version[7..].trim();
    match v {
        "2" => {}
        "" => return Err(err(*vline, "the version line names no version: write `Version 2`".into())),
        "1" => {
            return Err(err(
                *vline,
                "a version 1 board has no `Version` line (it begins `1N~` or `1D~`); a board with a `Mode:` line \
                 is version 2: write `Version 2`"
                    .into(),
            ));
        }
        _ if v.starts_with([':', '=']) => {
            return Err(err(*vline, format!("`{version}`: write `Version 2`, the number after a space alone")));
        }
        _ => return Err(err(*vline, format!("board version `{v}` is not supported (Parlour reads versions 1 and 2)"))),
    }
    let (mline, mode) = rest.next().ok_or_else(|| err(*vline, "no `Mode:` line after the version".into()))?;
    let lower = mode.to_ascii_lowercase();
    let diagonal = match lower.strip_prefix("mode:").map(str::trim) {
        Some("normal") => false,
        Some("diagonal") => true,
        Some(other) => return Err(err(*mline, format!("mode `{other}` is not supported (use Normal or Diagonal)"))),
        None => return Err(err(*mline, format!("expected `Mode: Normal` or `Mode: Diagonal`, found `{mode}`"))),
    };
    let (mut cells, mut shifts, mut width, mut first_row) = (Vec::new(), Vec::new(), None, None);
    let mut rows = Vec::new();
    for (n, line) in rest {
        first_row.get_or_insert(*n);
        let row: String = line.chars().filter(|c| !c.is_whitespace()).collect();
        let lead = row.len() - row.trim_start_matches('.').len();
        let trail = row.len() - row.trim_end_matches('.').len();
        let body = row.trim_matches('.');
        if body.is_empty() {
            return Err(err(*n, "this row has only dots, which shift a row and are none of its elements".into()));
        }
        rows.push((*n, lead + trail));
        let mut count = 0;
        for c in body.chars() {
            cells.push(match c {
                '*' => Cell::Locked,
                'e' | 'E' => Cell::Slot { stone: None, target: c == 'E' },
                'r' | 'R' => Cell::Slot { stone: Some(Stone::Red), target: c == 'R' },
                'y' | 'Y' => Cell::Slot { stone: Some(Stone::Yellow), target: c == 'Y' },
                'g' | 'G' => Cell::Slot { stone: Some(Stone::Green), target: c == 'G' },
                // The help's pictures draw an empty hole as a dot, and a
                // dot is an element at a row's ends, so this is the slip
                // an author makes most.
                '.' => return Err(err(*n, DOT_INSIDE.into())),
                other => {
                    return Err(err(
                        *n,
                        format!("`{other}` is not a board element (use * e r y g, upper case for the target)"),
                    ));
                }
            });
            count += 1;
        }
        match width {
            None if count > MAX_COLUMNS => return Err(err(*n, too_wide(count))),
            None => width = Some(count),
            Some(w) if w != count => {
                let elements = plural(count as u64, "element", "elements");
                return Err(err(*n, format!("this row has {elements} but the first row has {w}")));
            }
            _ => {}
        }
        if shifts.len() == MAX_ROWS {
            return Err(err(*n, too_tall()));
        }
        shifts.push(lead as i32 - trail as i32);
    }
    let width = width.ok_or_else(|| err(*mline, "the board has no rows".into()))?;
    let board = Board { width, height: shifts.len(), cells, diagonal, shifts, version: 2 };
    board.check_span(&rows, err)?;
    Ok((board, first_row.unwrap_or(*mline)))
}

/// A version 1 board and the line of its first row.
fn parse_v1(text: &str, err: &dyn Fn(usize, String) -> BoardError) -> Result<(Board, usize), BoardError> {
    // A stream of significant characters with their line numbers.
    let chars: Vec<(usize, char)> = text
        .lines()
        .enumerate()
        .flat_map(|(i, l)| l.chars().map(move |c| (i + 1, c)))
        .filter(|(_, c)| !c.is_whitespace())
        .collect();
    let mut it = chars.into_iter().peekable();
    let (_, one) = it.next().expect("the caller saw `1`");
    debug_assert_eq!(one, '1');
    let diagonal = match it.next() {
        Some((_, 'D' | 'd')) => true,
        Some((_, 'N' | 'n')) => false,
        Some((n, c)) => return Err(err(n, format!("`{c}` after the version: expected D (diagonal) or N (normal)"))),
        None => return Err(err(1, "the header ends after the version".into())),
    };
    match it.next() {
        Some((_, '~')) => {}
        Some((n, c)) => return Err(err(n, format!("`{c}` where the header should end with `~`"))),
        None => return Err(err(1, "the header has no closing `~`".into())),
    }
    let (mut cells, mut width, mut target_next, mut last_line) = (Vec::new(), None, false, 1);
    // Whether each element is a half-width star (for the display shifts),
    // and its line.
    let mut half: Vec<bool> = Vec::new();
    let mut lines: Vec<usize> = Vec::new();
    for (n, c) in it {
        last_line = n;
        let cell = match c {
            '!' if cells.is_empty() => {
                return Err(err(n, "`!` comes before any place: write it after the first row".into()));
            }
            '!' if width.is_none() => {
                if cells.len() > MAX_COLUMNS {
                    return Err(err(n, too_wide(cells.len())));
                }
                width = Some(cells.len());
                continue;
            }
            '!' => return Err(err(n, "a second `!`: only one, after the first row, is allowed".into())),
            '>' if target_next => {
                return Err(err(n, "a second `>` in a row: one `>` marks the place after it as the target".into()));
            }
            '>' => {
                target_next = true;
                continue;
            }
            '*' => Cell::Locked,
            'X' | 'x' => Cell::Locked,
            'E' | 'e' => Cell::Slot { stone: None, target: false },
            '3' => Cell::Slot { stone: Some(Stone::Red), target: false },
            '2' => Cell::Slot { stone: Some(Stone::Yellow), target: false },
            '1' => Cell::Slot { stone: Some(Stone::Green), target: false },
            other => return Err(err(n, format!("`{other}` is not a version 1 board element (use X E 1 2 3 * > !)"))),
        };
        let cell = match (cell, target_next) {
            (Cell::Slot { stone, .. }, true) => Cell::Slot { stone, target: true },
            (Cell::Locked, true) => return Err(err(n, "`>` must stand before a slot, not a locked field".into())),
            (c, false) => c,
        };
        target_next = false;
        match width {
            Some(w) if w > 0 && cells.len() == w * MAX_ROWS => return Err(err(n, too_tall())),
            _ => {}
        }
        cells.push(cell);
        half.push(c == '*');
        lines.push(n);
    }
    if target_next {
        return Err(err(last_line, "the file ends after a `>`, which marks no place as the target".into()));
    }
    let width = width.ok_or_else(|| err(last_line, "no `!` after the first row, so the width is unknown".into()))?;
    if cells.len() % width != 0 {
        return Err(err(
            last_line,
            format!("{} elements do not fill whole rows of {width} (the width set by `!`)", cells.len()),
        ));
    }
    if let Some(star) = star_between_slots(&cells, &half, width) {
        return Err(err(
            lines[star],
            "a `*` between two slots of a row: a half-width field shifts the row, so it stands before the \
             row's first slot or after its last"
                .into(),
        ));
    }
    let height = cells.len() / width;
    // A row's slots are drawn half a block to the left for each star before
    // the first of them; rows shift right from the most-starred one.
    let stars_before_slots = |r: usize| {
        let row = r * width..(r + 1) * width;
        let first_slot = row.clone().find(|&i| matches!(cells[i], Cell::Slot { .. })).unwrap_or(row.end);
        half[row.start..first_slot].iter().filter(|&&h| h).count() as i32
    };
    let most = (0..height).map(stars_before_slots).max().unwrap_or(0);
    let shifts = (0..height).map(|r| most - stars_before_slots(r)).collect();
    Ok((Board { width, height, cells, diagonal, shifts, version: 1 }, lines[0]))
}

/// The first half-width star standing between two slots of its row, if
/// any: a star shifts the slots after it by half a place, which the
/// board can show only for a whole row (stars before its first slot).
fn star_between_slots(cells: &[Cell], half: &[bool], width: usize) -> Option<usize> {
    (0..cells.len()).step_by(width).find_map(|start| {
        let row = start..start + width;
        let is_slot = |i: &usize| matches!(cells[*i], Cell::Slot { .. });
        let (first, last) = (row.clone().find(is_slot)?, row.rev().find(is_slot)?);
        (first..last).find(|&i| half[i])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const ENGLISH: &str = "Version 2\r\nMode: Normal\r\n* * y y y * *\r\n* * y y y * *\r\ny y y y y y y\r\ny y y E y y y\r\ny y y y y y y\r\n* * y y y * *\r\n* * y y y * *\r\n";

    #[test]
    fn reads_a_version_2_board() {
        let b = Board::parse("english.brd", ENGLISH.as_bytes()).unwrap();
        assert_eq!((b.width, b.height, b.diagonal, b.version), (7, 7, false, 2));
        assert_eq!(b.stones(), 32);
        assert_eq!(b.cell(3, 3), Cell::Slot { stone: None, target: true });
        assert_eq!(b.cell(0, 0), Cell::Locked);
    }

    /// A Windows editor's byte-order mark before the header is no part of
    /// the board.
    #[test]
    fn a_byte_order_mark_is_skipped() {
        let with_bom = [b"\xEF\xBB\xBF".as_slice(), ENGLISH.as_bytes()].concat();
        assert_eq!(
            Board::parse("english.brd", &with_bom).unwrap(),
            Board::parse("english.brd", ENGLISH.as_bytes()).unwrap()
        );
    }

    /// Rows shifted by dots may span no more columns than a board may
    /// have (a row behind 60 dots drew off the table, and lint passed
    /// it); a row of dots alone is told at its own line, not as the next
    /// row's count against a first row of none.
    #[test]
    fn dots_that_shift_a_board_off_the_table_are_refused() {
        let dots = ".".repeat(60);
        let far = format!("Version 2\nMode: Normal\ny y e\n{dots}y y e\n");
        let e = Board::parse("far.brd", far.as_bytes()).unwrap_err();
        assert_eq!(e.line, 4, "the row with the dots: {e}");
        assert!(e.message.contains("spans 33 columns"), "{e}");
        // As far as a board may span, it is read.
        let edge = format!("Version 2\nMode: Normal\ny y e\n{}y y e\n", ".".repeat(46));
        assert_eq!(Board::parse("edge.brd", edge.as_bytes()).unwrap().shifts, [0, 46]);
        let e = Board::parse("d.brd", b"Version 2\nMode: Normal\n....\ny y e\n").unwrap_err();
        assert_eq!(
            (e.line, e.message.as_str()),
            (3, "this row has only dots, which shift a row and are none of its elements")
        );
    }

    /// A version line that is not `Version 2` is told what to write.
    #[test]
    fn a_version_line_slipped_says_what_to_write() {
        let message = |text: &str| Board::parse("v.brd", text.as_bytes()).unwrap_err().message;
        assert!(message("Version 1\nMode: Normal\ny e y\n").contains("it begins `1N~` or `1D~`"));
        assert!(
            message("Version: 2\nMode: Normal\ny e y\n").ends_with("write `Version 2`, the number after a space alone")
        );
        assert_eq!(message("Version\nMode: Normal\ny e y\n"), "the version line names no version: write `Version 2`");
        assert!(message("Version 3\nMode: Normal\ny e y\n").contains("`3` is not supported"));
    }

    #[test]
    fn dots_shift_rows_for_display_only() {
        let b = Board::parse("t.brd", b"Version 2\nmode: diagonal\n..e *\n.y y.\ny Y\n").unwrap();
        assert_eq!(b.shifts, [2, 0, 0]);
        assert_eq!(b.width, 2);
        assert!(b.diagonal);
    }

    #[test]
    fn reads_a_version_1_board() {
        let text = "1N~\nXX222XX!\nXX222XX\n2222222\n222>E222\n2222222\nXX222XX\nXX222XX";
        let b = Board::parse("v1.brd", text.as_bytes()).unwrap();
        assert_eq!((b.width, b.height, b.diagonal, b.version), (7, 7, false, 1));
        assert_eq!(b.stones(), 32);
        assert_eq!(b.cell(3, 3), Cell::Slot { stone: None, target: true });
        // Line breaks are optional.
        let flat = Board::parse("v1.brd", text.replace('\n', "").as_bytes()).unwrap();
        assert_eq!(flat.cells, b.cells);
    }

    /// Boards past 26 columns (a to z) or 26 rows are refused, on the line
    /// of the row too wide or of the first row too many, in both versions.
    #[test]
    fn boards_too_big_to_name_or_show_are_refused() {
        let row = |w: usize| format!("{}\n", "y".repeat(w - 1) + "e");
        let v2 = |w: usize, h: usize| format!("Version 2\nMode: Normal\n{}", row(w).repeat(h));
        let v1 = |w: usize, h: usize| {
            let first = "2".repeat(w - 1) + "E!\n";
            format!("1N~\n{first}{}", format!("{}\n", "2".repeat(w)).repeat(h - 1))
        };
        let refused = |text: String| Board::parse("big.brd", text.as_bytes()).unwrap_err().to_string();
        for ok in [v2(26, 26), v1(26, 26)] {
            let b = Board::parse("big.brd", ok.as_bytes()).unwrap();
            assert_eq!((b.width, b.height), (MAX_COLUMNS, MAX_ROWS));
        }
        let wide =
            "the board is 27 columns wide; a board has at most 26 (a to z, the letters that name columns in jumps)";
        assert_eq!(refused(v2(27, 3)), format!("big.brd:3: {wide}"));
        assert_eq!(refused(v1(27, 3)), format!("big.brd:2: {wide}"));
        let wider = refused(v2(5000, 3));
        assert!(wider.starts_with("big.brd:3: the board is 5000 columns wide"), "{wider}");
        let tall = "a row past the 26th; a board has at most 26 rows, which every screen can show";
        assert_eq!(refused(v2(3, 27)), format!("big.brd:29: {tall}"));
        assert_eq!(refused(v1(3, 27)), format!("big.brd:28: {tall}"));
    }

    /// A 15-hole triangle written as the 2010 version 1 files write one:
    /// half-width stars before each row's slots, locked fields after.
    pub const V1_TRIANGLE: &str = "1D~\r\n****E****!\r\n***22****\r\n**222****\r\n*2222****\r\n22222****\r\n";

    #[test]
    fn version_1_stars_are_half_width_locked_fields() {
        let b = Board::parse("triangle.brd", V1_TRIANGLE.as_bytes()).unwrap();
        assert_eq!((b.width, b.height), (9, 5), "the stars are elements of the grid");
        assert_eq!(b.stones(), 14);
        assert_eq!(b.cell(0, 4), Cell::Slot { stone: None, target: false });
        assert_eq!(b.cell(0, 0), Cell::Locked);
        assert_eq!(b.cell(4, 0), Cell::Slot { stone: Some(Stone::Yellow), target: false });
        // Each row's slots sit half a block further left than the row above.
        assert_eq!(b.shifts, [0, 1, 2, 3, 4]);
        // Read this way, the triangle plays as a triangle and can be won.
        let report = crate::games::pegs::solver::solve(&crate::games::pegs::rules::Pegs::new(b.clone()), None);
        assert!(matches!(report.verdict, crate::games::pegs::solver::Verdict::Solvable(_)), "{:?}", report.verdict);
        // A row that does not add up is an error, not another reading.
        let e = Board::parse("t.brd", b"1D~\n*E1*!\n*11").unwrap_err();
        assert!(e.message.contains("do not fill whole rows"), "{e}");
    }

    /// A board saved on an old Mac (lines ended by CR alone) or in UTF-8
    /// reads as the author wrote it, where the whole file had been one
    /// line, and a UTF-8 letter two Latin-1 ones the file does not hold.
    #[test]
    fn old_mac_line_ends_and_utf8_read_as_written() {
        let mac = Board::parse("t.brd", b"Version 2\rMode: Normal\ry y e\r").unwrap();
        assert_eq!((mac.width, mac.height, mac.stones()), (3, 1, 2));
        let e = Board::parse("t.brd", "Version 2\nMode: Normal\ny \u{e9} e\n".as_bytes()).unwrap_err();
        assert!(e.to_string().starts_with("t.brd:3: `\u{e9}` is not a board element"), "{e}");
        let no_break = Board::parse("t.brd", "Version 2\nMode: Normal\ny\u{a0}y e\n".as_bytes()).unwrap();
        assert_eq!(no_break.stones(), 2);
        let latin1 = Board::parse("t.brd", b"Version 2\nMode: Normal\ny \xe9 e\n").unwrap_err();
        assert!(latin1.to_string().starts_with("t.brd:3: `\u{e9}` is not a board element"), "{latin1}");
    }

    #[test]
    fn errors_name_the_line() {
        let cases: [(&str, usize, &str); 19] = [
            ("Version 2\nMode: Normal\ny e\ny q\n", 4, "`q` is not a board element"),
            ("Version 2\nMode: Normal\ny e\ny e y\n", 4, "this row has 3 elements but the first row has 2"),
            ("Version 2\nMode: Normal\ny e\ny\n", 4, "this row has 1 element but the first row has 2"),
            ("Version 2\nMode: Normal\n* g g *\ng g . g\n", 4, "a `.` inside a row: an empty hole is `e`"),
            ("Version 3\nMode: Normal\ny e\n", 1, "version `3`"),
            ("Version 2\nMode: Sideways\ny e\n", 2, "mode `sideways`"),
            // What is wrong with the whole board is told at its first row.
            ("Version 2\nMode: Normal\n\ne e\n", 4, "no stones"),
            ("Version 2\nMode: Normal\ny y\n", 3, "no empty slot"),
            ("1N~\n\nEE!\n", 3, "no stones"),
            ("1N~\n1E1!\n1E\n", 3, "do not fill whole rows"),
            ("1N~\n!11E\n", 2, "`!` comes before any place"),
            ("1N~\n>>11E!\n111\n", 2, "a second `>`"),
            ("1N~\n1E!\n1>\n", 3, "the file ends after a `>`"),
            ("1N~\n1*1E!\n1*11\n", 2, "a `*` between two slots of a row"),
            ("1Q~\n1E!\n", 1, "`Q` after the version"),
            ("hello\n", 1, "not a board header"),
            ("PNG picture data, not a board at all\n", 1, "`PNG picture data, not...` is not a board header"),
            ("Version 2\nMode: Normal\ng g e\n\0\n", 4, "NUL bytes"),
            ("Version 2\r\rg g e\r\0\r", 4, "NUL bytes"),
        ];
        for (text, line, words) in cases {
            let e = Board::parse("t.brd", text.as_bytes()).unwrap_err();
            assert_eq!(e.line, line, "{text:?}: {e}");
            assert!(e.to_string().contains(words), "{text:?}: {e}");
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic() {
        let mut seed = 7u32;
        for _ in 0..3000 {
            let len = (seed % 40) as usize;
            let bytes: Vec<u8> = (0..len)
                .map(|_| {
                    seed = seed.wrapping_mul(1103515245).wrapping_add(12345);
                    b"Version 2\nMode: Diagonal\n1ND~!>*XE23 .eryg\r"[(seed >> 16) as usize % 41]
                })
                .collect();
            // A board read has stones to play; a board refused says where.
            match Board::parse("fuzz", &bytes) {
                Ok(board) => {
                    let rules = crate::games::pegs::rules::Pegs::new(board);
                    assert!(rules.stones() > 0, "{bytes:?}");
                }
                Err(e) => assert!(crate::core::is_line_of(e.line, &bytes) && !e.message.is_empty(), "{e}"),
            }
        }
    }
}
