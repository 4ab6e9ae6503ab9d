//! What each reader of the files Parlour is given promises, whatever the
//! bytes: it does not panic or run away, every problem it reports is on a
//! line of the input, and what loads saves again and reads back the same.
//!
//! The fuzz targets (fuzz/, run by cargo fuzz) and the quick proptest pass
//! in `cargo test` (tests/all/fuzz_seeds.rs) call these on the same inputs,
//! seeded from the shipped files. Each panics when a promise is broken.

use std::path::Path;
use std::sync::OnceLock;

use crate::core::{Diagnostic, Variant, save};
use crate::help::layout::{Face, Measure, layout};
use crate::help::model::Document;

/// Every problem on a line of `bytes`, with words.
fn assert_points_into(diagnostics: &[Diagnostic], bytes: &[u8]) {
    for d in diagnostics {
        assert!(d.points_into(bytes), "{d}");
    }
}

/// game.ini: rules with warnings only, or at least one error. Rules read
/// clean build a game type that deals: what `parlour lint` passes, the
/// game plays.
pub fn game_ini(bytes: &[u8]) {
    use crate::solitaire::engine::SolitaireVariant;
    use crate::solitaire::spec::GameSpec;
    match GameSpec::parse(Path::new("game.ini"), bytes) {
        Ok((spec, warnings)) => {
            assert!(warnings.iter().all(|w| !w.is_error()));
            assert_points_into(&warnings, bytes);
            match SolitaireVariant::from_spec("fuzz", &spec) {
                Ok(variant) => drop(variant.deal(1)),
                Err(e) => panic!("read clean but does not play: {e}"),
            }
        }
        Err(problems) => {
            assert!(problems.iter().any(Diagnostic::is_error));
            assert_points_into(&problems, bytes);
        }
    }
}

/// A .brd board: a board with stones, searched a little; or an error on a
/// line of the file.
pub fn board(bytes: &[u8]) {
    use crate::games::pegs::board::Board;
    use crate::games::pegs::{rules::Pegs, solver};
    match Board::parse("fuzz.brd", bytes) {
        Ok(board) => {
            let game = Pegs::new(board);
            assert!(game.stones() > 0);
            let _report = solver::solve(&game, Some(200));
        }
        Err(e) => assert!(crate::core::is_line_of(e.line, bytes) && !e.message.is_empty(), "{e}"),
    }
}

/// A Sokoban level set (.xsb): each level a level or an error on a line of
/// the file; levels read are searched a little.
pub fn xsb(bytes: &[u8]) {
    use crate::games::sokoban::{level::parse_set, rules::Sokoban, solver};
    for level in parse_set(Path::new("fuzz.xsb"), bytes).levels {
        match level {
            Ok(level) => {
                let _report = solver::solve(&Sokoban::new(std::sync::Arc::new(level)), &solver::Limits::positions(200));
            }
            Err(e) => assert!(e.points_into(bytes), "{e}"),
        }
    }
}

/// Every node of a help document laid out, in a narrow pane and a wide one.
fn lay_out(doc: &Document) {
    struct Cells;
    impl Measure for Cells {
        fn text_width(&self, text: &str, face: Face) -> i32 {
            text.chars().count() as i32 * (8 + i32::from(face.style.bold))
        }
        fn line_height(&self, face: Face) -> i32 {
            if face.heading.is_some() { 16 } else { 10 }
        }
        fn ascent(&self, _: Face) -> i32 {
            8
        }
        fn cell(&self) -> i32 {
            8
        }
        fn image_size(&self, _: &str) -> Option<(i32, i32)> {
            Some((20, 30))
        }
    }
    for node in &doc.nodes {
        for width in [40, 640] {
            let laid = layout(node, width, &Cells);
            assert!(laid.lines.windows(2).all(|w| w[0].y <= w[1].y), "lines go down the page");
        }
    }
}

/// An AmigaGuide: a document whatever the bytes, problems on its lines.
pub fn guide(bytes: &[u8]) {
    let doc = crate::help::amigaguide::read(Path::new("fuzz.guide"), bytes);
    assert_points_into(&doc.diagnostics, bytes);
    // A node without a name is kept (it can still be browsed to), and is
    // an error.
    assert!(doc.nodes.iter().all(|n| !n.name.is_empty()) || doc.has_errors());
    lay_out(&doc);
}

/// Pages cut short or garbled in the ways that trip HTML scanners; the
/// tests of both readers of game.html (the help's and lint's) run them.
pub const BROKEN_HTML: &[&str] = &[
    "",
    "<",
    "<<",
    "</",
    "<a",
    "<a href='",
    "<!--",
    "<!",
    "<?",
    "&",
    "&#xFFFFFFFF;",
    "&#99999999999;",
    "<html",
    "</html></html>",
    "<title>",
    "<html><head><title>",
    "<a =b>",
    "<a b=>",
    "<é>",
    "é<é",
    "<h1>&amp",
    "<script>",
    "<pre>",
    "<li>",
    "</p></li></ul>",
    "<a href=#><a href=#>",
    "<img src=>",
    "<p/><a/><b/>",
];

/// A game.html, as the help reads it (one node, `main`, or none and an
/// error where the page shows nothing) and as lint checks it.
pub fn html(bytes: &[u8]) {
    use crate::help::html::{MAIN, read};
    let doc = read(Path::new("game.html"), bytes);
    match doc.nodes.as_slice() {
        [] => assert!(doc.diagnostics.iter().any(|d| d.is_error()), "an empty page is told of"),
        [node] => assert_eq!(node.name, MAIN),
        more => panic!("{} nodes", more.len()),
    }
    assert_points_into(&doc.diagnostics, bytes);
    lay_out(&doc);
    assert_points_into(&crate::solitaire::lint::lint_html(Path::new("game.html"), bytes), bytes);
}

/// A picture: Scramble's (PNG, BMP or IFF ILBM) and a game type's
/// game.bmp. It decodes to as many pixels as its size says, or is refused
/// with words; game.bmp's own checks put every problem on line 1.
pub fn picture(bytes: &[u8]) {
    match crate::gfx::image_io::decode_picture("fuzz", bytes) {
        Ok(image) => {
            let size = u64::from(image.width) * u64::from(image.height);
            assert!(size > 0 && image.pixels.len() as u64 == size, "{} x {}", image.width, image.height);
        }
        Err(e) => assert!(!e.message.trim().is_empty()),
    }
    assert_points_into(&crate::solitaire::lint::lint_bmp(Path::new("game.bmp"), bytes), bytes);
}

/// An Imaj-style help file.
pub fn imaj(bytes: &[u8]) {
    let doc = crate::help::imaj::read(Path::new("fuzz.imaj"), bytes);
    assert_points_into(&doc.diagnostics, bytes);
    lay_out(&doc);
}

/// A saved game of Klondike: a game that replays, saves again and reads
/// back the same; or an error on a line of the file.
pub fn saved_game(bytes: &[u8]) {
    use crate::solitaire::engine::SolitaireVariant;
    static KLONDIKE: OnceLock<SolitaireVariant> = OnceLock::new();
    let klondike = KLONDIKE.get_or_init(|| {
        let ini = include_bytes!("../game-types/Klondike/game.ini");
        let (spec, _) = crate::solitaire::spec::GameSpec::parse(Path::new("game.ini"), ini).expect("Klondike reads");
        let rules = |mode| crate::solitaire::rules::Rules::from_spec(&spec, mode).expect("Klondike's rules");
        use crate::solitaire::rules::Mode;
        SolitaireVariant::new("klondike", spec.hash, rules(Mode::Easy), rules(Mode::Hard)).expect("Klondike plays")
    });
    let _header = save::read_header(bytes);
    match save::decode(bytes, klondike) {
        Ok(session) => {
            let text = save::encode(&session).expect("what loads saves");
            let again = save::decode(text.as_bytes(), klondike).expect("what saves loads");
            assert_eq!(save::encode(&again).as_ref(), Ok(&text), "it reads back the same");
        }
        Err(e) => assert!(crate::core::is_line_of(e.line, bytes) && !e.reason.is_empty(), "{e}"),
    }
}

/// settings.ini: whatever it holds, the machine it leaves can be built.
pub fn settings(bytes: &[u8]) {
    use crate::machines::{Machine, MachineId};
    let Ok(settings) = crate::host::prefs::SettingsFile::parse(Path::new("settings.ini"), bytes) else { return };
    let choice = crate::app::settings::choice_kept(&settings, None);
    // Nothing chosen is Parlour's plain start, built by every other test.
    if choice != crate::machines::MachineChoice::default() {
        assert!(Machine::new(&choice, MachineId::Yazzle).is_ok(), "{choice:?}");
    }
}

/// stats.ini: statistics that save and read back the same, or an error.
pub fn stats(bytes: &[u8]) {
    use crate::core::Stats;
    match Stats::from_text(bytes) {
        Ok(stats) => {
            let text = stats.to_text().expect("whatever loads must save");
            assert_eq!(Stats::from_text(text.as_bytes()), Ok(stats), "it reads back the same");
        }
        Err((line, reason)) => {
            assert!(line.is_none_or(|l| crate::core::is_line_of(l, bytes)) && !reason.is_empty(), "{reason}");
        }
    }
}
