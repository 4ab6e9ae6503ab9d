//! The AmigaGuide reader (`parlour::help::amigaguide`) on whole guides: one
//! using every command and inline action, one laid out like a period game
//! guide, broken guides with the line of each problem, arbitrary bytes, and
//! `parlour lint` on guides.

use std::path::{Path, PathBuf};

use parlour::help::amigaguide::read;
use parlour::help::lint;
use parlour::help::model::{Align, CommandKind, Document, Node, Pen, Span, Style, Target};
use proptest::prelude::*;

use super::support::{menu_items, run};

/// The machines a game's commands are gathered on: the Amiga and the Mac,
/// whose menus hold them differently.
const SMALL: &[parlour::machines::MachineId] =
    &[parlour::machines::MachineId::AmigaPal, parlour::machines::MachineId::MacSe30];

/// Every global command, every node command and every inline action.
const EVERYTHING: &str = r#"@DATABASE everything.guide
@$VER: everything.guide 1.0 (01.02.93)
@(C) 1993 Nobody in particular
@AUTHOR Nobody in particular
@MASTER Work:docs/everything.doc
@FONT topaz.font 8
@HEIGHT 30
@WIDTH 76
@TOC MAIN
@INDEX Index
@HELP Help
@DNODE never-used
@REM a comment
@REMARK another comment
@TAB 4
@MACRO hot "@{b}$1@{ub} ($2)"
@ONOPEN startup.rexx
@ONCLOSE cleanup.rexx

@NODE MAIN "Everything"
@TITLE "Every command"
@TOC MAIN
@NEXT Styles
@INDEX Index
@HELP Help
@FONT topaz.font 8
@KEYWORDS all "every command"
@PROPORTIONAL
@TAB 8
@MACRO local "<$1>"
@ONOPEN node.rexx
@ONCLOSE node.rexx
Welcome to @{amigaguide}: @{hot Pegs game} and @{local x}.
@{" Styles " link Styles}  @{" Paragraphs " ALINK Paragraphs 1}
@{" Elsewhere " link other.guide/MAIN}  @{" Close " close}  @{" Quit " quit}
@{" Script " rx "script.rexx"}  @{" Say " rxs "say hi"}  @{" List " system list}
@ENDNODE

@NODE Styles "Text styles"
@PREV MAIN
@NEXT Paragraphs
@WORDWRAP
@{b}bold@{ub} @{i}italic@{ui} @{u}underlined@{uu} @{b}@{i}both@{plain} plain
@{apen 2}@{bpen 1}pens@{fg text}@{bg background} @{fg shine}shine @{fg shadow}shadow @{fg fill}fill
@{fg filltext}filltext @{fg highlight}highlight @{bg back}back@{fg text}
mail\@example.org and a backslash \\
@ENDNODE

@NODE Paragraphs "Paragraph settings"
@SMARTWRAP
@{jcenter}A centred heading

@{jleft}@{lindent 2}@{pari -2}A hanging paragraph
joined from two lines.

@{settabs 6 12}a@{tab}b	c@{line}d@{cleartabs}@{par}@{jright}right@{pard}
@{code}
  fixed lines
  stay apart
@{body}
@ENDNODE

@NODE Index "Index"
@{" Everything " link MAIN}
@ENDNODE

@NODE Help "Help"
@{" Everything " link main}
@ENDNODE
"#;

fn guide(text: &str) -> Document {
    read(Path::new("t.guide"), text.as_bytes())
}

fn texts(node: &Node) -> Vec<String> {
    node.blocks.iter().map(|b| b.plain_text()).collect()
}

fn links(node: &Node) -> Vec<(String, Target)> {
    let spans = node.blocks.iter().flat_map(|b| &b.spans);
    spans
        .filter_map(|s| match s {
            Span::Link { label, target, .. } => Some((label.clone(), target.clone())),
            _ => None,
        })
        .collect()
}

/// The style of the first text span that contains `text`.
fn style_of(node: &Node, text: &str) -> Style {
    let mut spans = node.blocks.iter().flat_map(|b| &b.spans);
    spans
        .find_map(|s| match s {
            Span::Text { text: t, style } if t.contains(text) => Some(*style),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no text {text:?} in {}", node.name))
}

#[test]
fn a_guide_using_every_command_reads_without_errors() {
    let doc = guide(EVERYTHING);
    let warnings: Vec<String> = doc.diagnostics.iter().map(|d| d.to_string()).collect();
    assert!(!doc.has_errors(), "{warnings:?}");
    assert_eq!(warnings.len(), 7, "only the never-run scripts and buttons draw warnings: {warnings:?}");
    let never_run = |w: &String| w.contains("ONOPEN") || w.contains("ONCLOSE") || w.contains("button");
    assert!(warnings.iter().all(never_run), "{warnings:?}");
    assert!(
        warnings.iter().any(|w| w.contains("t.guide:36: warning: the SYSTEM button \"List\" runs a shell command"))
    );

    assert_eq!(doc.title, "everything.guide");
    assert_eq!((doc.contents.clone(), doc.index.clone()), (Some(Target::node("MAIN")), Some(Target::node("Index"))));
    let names: Vec<&str> = doc.nodes.iter().map(|n| n.name.as_str()).collect();
    assert_eq!(names, ["MAIN", "Styles", "Paragraphs", "Index", "Help"]);

    let main = &doc.nodes[0];
    assert_eq!(main.title, "Every command");
    assert_eq!((main.next.clone(), main.help.clone()), (Some(Target::node("Styles")), Some(Target::node("Help"))));
    assert_eq!(main.keywords, ["all", "every command"]);
    assert_eq!(texts(main)[0], "Welcome to Amigaguide: Pegs (game) and <x>.");
    assert!(style_of(main, "Amigaguide").bold && style_of(main, "Pegs").bold);
    let paragraphs = doc.node("Paragraphs").unwrap().line;
    let expected = [
        (" Styles ", Target::node("Styles")),
        // Line 1 of the node, counted from 0 at the line after @NODE.
        (" Paragraphs ", Target::Node { file: None, node: "Paragraphs".into(), line: paragraphs + 2 }),
        (" Elsewhere ", Target::Node { file: Some("other.guide".into()), node: "MAIN".into(), line: 0 }),
        (" Close ", Target::Close),
        (" Quit ", Target::Quit),
        (" Script ", Target::Command { kind: CommandKind::Rx, text: "\"script.rexx\"".into() }),
        (" Say ", Target::Command { kind: CommandKind::Rxs, text: "\"say hi\"".into() }),
        (" List ", Target::Command { kind: CommandKind::System, text: "list".into() }),
    ];
    let expected: Vec<_> = expected.into_iter().map(|(l, t)| (l.to_string(), t)).collect();
    assert_eq!(links(main), expected);
    assert_eq!(links(main).iter().filter(|(_, t)| !t.is_enabled()).count(), 3, "commands are disabled");

    let styles = &doc.nodes[1];
    assert!(styles.blocks.iter().all(|b| b.wrap), "@WORDWRAP");
    assert!(style_of(styles, "bold").bold && style_of(styles, "italic").italic);
    assert!(style_of(styles, "underlined").underline);
    let both = style_of(styles, "both");
    assert!(both.bold && both.italic && !style_of(styles, " plain").bold);
    assert_eq!((style_of(styles, "pens").fg, style_of(styles, "pens").bg), (Pen::Number(2), Pen::Number(1)));
    for (text, pen) in [("shine", Pen::Shine), ("shadow", Pen::Shadow), ("filltext", Pen::FillText)] {
        assert_eq!(style_of(styles, text).fg, pen, "{text}");
    }
    assert_eq!(style_of(styles, "highlight").fg, Pen::Highlight);
    assert_eq!(style_of(styles, "back").bg, Pen::Background);
    assert_eq!(texts(styles)[3], "mail@example.org and a backslash \\");

    let para = &doc.nodes[2];
    assert_eq!(
        texts(para),
        [
            "A centred heading",
            "",
            "A hanging paragraph joined from two lines.",
            "",
            "a\tb\tc\nd",
            "",
            "right",
            "",
            "  fixed lines",
            "  stay apart"
        ]
    );
    let layout: Vec<_> = para.blocks.iter().map(|b| (b.align, b.indent, b.first_indent, b.wrap)).collect();
    assert_eq!(layout[0], (Align::Center, 0, 0, true));
    assert_eq!(layout[2], (Align::Left, 2, -2, true));
    assert_eq!(para.blocks[4].tabs, [6, 12]);
    assert_eq!(layout[6], (Align::Right, 2, -2, true));
    assert_eq!(layout[8], (Align::Left, 0, 0, false), "pard, then code lines are not wrapped");
    assert!(style_of(para, "fixed").code);
}

/// A game guide laid out the way Amiga games of the mid-1990s wrote them:
/// a contents page of buttons whose labels are padded with spaces,
/// underlined headings, bold words in running text and an e-mail address.
const GAME_GUIDE: &str = "@DATABASE marbles.guide
@$VER: marbles.guide 2.1 (03.04.96)
@NODE Main \"Contents\"

 Marbles 2.1 - a game of sliding stones
 --------------------------------------

 @{u}Contents:@{uu}

   @{\" What it is           \" link About}
   @{\" Playing the game     \" link Play}
   @{\" Who wrote it         \" link Writer}

@ENDNODE
@NODE About \"What it is\"
@{u}What it is@{uu}

 Marbles is @{b}free@{ub} to copy. Slide every stone home to win;
 see @{\" playing \" link Play} for the rules.
@ENDNODE
@NODE Play \"Playing the game\"
@{u}Playing the game@{uu}

 @{b}Moving@{ub}   Click a stone, then the hole it should slide to.
 @{b}Undo@{ub}     Take back the last slide from the Game menu.
@ENDNODE
@NODE Writer \"Who wrote it\"
@{u}Who wrote it@{uu}

 Questions and bug reports go to marbles@example.org.
@ENDNODE
";

#[test]
fn a_period_game_guide() {
    let doc = guide(GAME_GUIDE);
    assert!(doc.diagnostics.is_empty(), "{:?}", doc.diagnostics);
    assert_eq!(
        doc.nodes.iter().map(|n| n.title.as_str()).collect::<Vec<_>>(),
        ["Contents", "What it is", "Playing the game", "Who wrote it"]
    );
    let main = &doc.nodes[0];
    let labels: Vec<String> = links(main).into_iter().map(|(label, _)| label).collect();
    assert_eq!(labels, [" What it is           ", " Playing the game     ", " Who wrote it         "]);
    assert_eq!(links(main)[2].1, Target::node("Writer"));
    assert!(style_of(main, "Contents:").underline);
    assert_eq!(texts(main)[1], " Marbles 2.1 - a game of sliding stones", "leading spaces are kept");
    for node in &doc.nodes[1..] {
        let heading = &node.blocks[0];
        assert_eq!(heading.plain_text(), node.title);
        assert!(matches!(&heading.spans[..], [Span::Text { style, .. }] if style.underline), "{}", node.name);
    }
    assert!(style_of(&doc.nodes[2], "Moving").bold && !style_of(&doc.nodes[2], "   Click").bold);
    assert_eq!(texts(&doc.nodes[3])[2], " Questions and bug reports go to marbles@example.org.");
}

#[test]
fn latin1_text() {
    let bytes = b"@DATABASE t\n@NODE MAIN \"R\xE9sum\xE9\"\nCaf\xE9 cr\xE8me, 5 \xD7 3, \xA9 1994\n@ENDNODE\n";
    let doc = read(Path::new("t.guide"), bytes);
    assert!(doc.diagnostics.is_empty(), "{:?}", doc.diagnostics);
    assert_eq!(doc.nodes[0].title, "Résumé");
    assert_eq!(texts(&doc.nodes[0]), ["Café crème, 5 × 3, © 1994"]);
}

#[test]
fn broken_guides_name_the_line() {
    let cases: [(&str, &str, usize, bool); 8] = [
        ("no @DATABASE", "@NODE MAIN\n@ENDNODE\n", 1, true),
        ("no MAIN", "@DATABASE t\n@NODE Start\n@ENDNODE\n", 2, true),
        ("never closed", "@DATABASE t\n@NODE MAIN\ntext\n", 2, true),
        ("unclosed @{", "@DATABASE t\n@NODE MAIN\nfine\n@{b bold\n@ENDNODE\n", 4, true),
        ("missing node", "@DATABASE t\n@NODE MAIN\n\n\n@{\" go \" link Nowhere}\n@ENDNODE\n", 5, true),
        ("leaves folder", "@DATABASE t\n@NODE MAIN\n@{\" up \" link ../x.guide/MAIN}\n@ENDNODE\n", 3, true),
        ("unknown command", "@DATABASE t\n@NODE MAIN\n@BLINK\n@ENDNODE\n", 3, false),
        ("unknown inline", "@DATABASE t\n@NODE MAIN\n@{blink}x\n@ENDNODE\n", 3, false),
    ];
    for (what, text, line, error) in cases {
        let doc = guide(text);
        let found: Vec<String> = doc.diagnostics.iter().map(|d| d.to_string()).collect();
        assert_eq!(found.len(), 1, "{what}: {found:?}");
        let prefix = if error { format!("t.guide:{line}: ") } else { format!("t.guide:{line}: warning: ") };
        assert!(found[0].starts_with(&prefix), "{what}: {found:?}");
        assert!(!doc.nodes.is_empty(), "{what}: what could be read is kept");
    }
}

/// Pieces of guide syntax, for random guides that hit the reader's corners.
const PIECES: &[&str] = &[
    "@DATABASE x\n",
    "@NODE ",
    "MAIN",
    "@ENDNODE\n",
    "\n",
    " ",
    "\"",
    "@{",
    "}",
    "\\",
    "@",
    "b",
    "link ",
    "alink ",
    "rx ",
    "/",
    "..",
    ":",
    "@MACRO m \"@{m $1}$1$2\"\n",
    "@MACRO n \"@{n}@{n}\"\n",
    "@{m a b}",
    "@{n}",
    "@SMARTWRAP\n",
    "@WORDWRAP\n",
    "@{code}",
    "@{body}",
    "@{par}",
    "@{line}",
    "@{lindent -3}",
    "@{pari 99999}",
    "@{settabs 1 x}",
    "@TAB 0\n",
    "@TAB 1\n",
    "@TAB 65535\n",
    "@{apen 256}",
    "@{fg}",
    "\t",
    "\r",
    "\0",
    "\u{e9}",
    "@TOC ",
    "@PREV\n",
    "@TITLE\n",
    "@KEYWORDS\n",
    "99999999999999999999",
];

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig { cases, ..ProptestConfig::default() }
}

/// Every diagnostic is on a line of the file (or line 1).
fn lines_are_sane(doc: &Document, bytes: &[u8]) {
    let lines = bytes.iter().filter(|&&b| b == b'\n').count() + 1;
    for d in &doc.diagnostics {
        assert!(d.line >= 1 && d.line <= lines, "{d} in a file of {lines} lines");
    }
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        let doc = read(Path::new("r.guide"), &bytes);
        lines_are_sane(&doc, &bytes);
    }

    #[test]
    fn mutated_guides_never_panic(edits in proptest::collection::vec((any::<usize>(), any::<u8>(), 0..3u8), 1..40)) {
        let mut bytes = EVERYTHING.as_bytes().to_vec();
        for (at, byte, kind) in edits {
            let at = at % (bytes.len() + 1);
            match kind {
                0 => bytes.insert(at, byte),
                1 if at < bytes.len() => { bytes.remove(at); }
                _ if at < bytes.len() => bytes[at] = byte,
                _ => bytes.push(byte),
            }
        }
        let doc = read(Path::new("m.guide"), &bytes);
        lines_are_sane(&doc, &bytes);
    }

    #[test]
    fn guides_made_of_syntax_never_panic(picks in proptest::collection::vec(0..PIECES.len(), 0..300)) {
        let text: String = picks.iter().map(|&i| PIECES[i]).collect();
        let doc = read(Path::new("s.guide"), text.as_bytes());
        lines_are_sane(&doc, text.as_bytes());
    }
}

fn write_guide(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn parlour_lint_checks_guides() {
    let dir = tempfile::tempdir().unwrap();
    let clean = write_guide(dir.path(), "clean.guide", GAME_GUIDE);
    let out = run(&["lint", clean.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
    assert_eq!(String::from_utf8_lossy(&out.stdout), format!("{}: no problems found\n", clean.display()));

    let broken = write_guide(dir.path(), "Broken.GUIDE", "@DATABASE b\n@NODE MAIN\n@{\" x \" link clean.guide/Nope}\n");
    let out = run(&["lint", broken.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let shown = broken.display().to_string();
    assert!(stdout.contains(&format!("{shown}:2: error: node MAIN")), "{stdout}");
    assert!(stdout.contains(&format!("{shown}:3: error: links to clean.guide/Nope")), "{stdout}");

    let warned = write_guide(dir.path(), "warned.guide", "@DATABASE w\n@NODE MAIN\n@BLINK\n@ENDNODE\n");
    let out = run(&["lint", warned.to_str().unwrap()]);
    assert!(out.status.success(), "warnings alone pass");
    assert!(String::from_utf8_lossy(&out.stdout).contains(":3: warning: unknown command @BLINK"));
}

/// A link to a guide of the folder that is a link out of it is told by
/// `parlour lint` and as `parlour help` opens the guide, as a link by
/// `..` is, also for a guide named from the folder it is in.
#[cfg(unix)]
#[test]
fn a_link_to_a_guide_linked_from_outside_the_folder_is_told() {
    let outside = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("outside.guide"), "@DATABASE o\n@NODE MAIN\n@ENDNODE\n").unwrap();
    std::os::unix::fs::symlink(outside.path().join("outside.guide"), dir.path().join("link.guide")).unwrap();
    write_guide(dir.path(), "t.guide", "@DATABASE t\n@NODE MAIN\n@{\" b \" link link.guide/MAIN}\n@ENDNODE\n");
    let told = "t.guide:3: error: link to link.guide/MAIN leaves the guide's folder (link.guide is a link to elsewhere); \
                Parlour will not follow it";
    let path = dir.path().join("t.guide");
    for named in [path.to_str().unwrap(), "t.guide"] {
        let out = super::support::parlour().current_dir(dir.path()).args(["lint", named]).output().unwrap();
        let said = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{named}: {said}");
        assert!(said.contains(told), "{named}: {said}");
        let shot = dir.path().join("t.png");
        let help = ["help", named, "--machine", "amiga-pal", "--shot", shot.to_str().unwrap()];
        let out = super::support::parlour().current_dir(dir.path()).args(help).output().unwrap();
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(told),
            "{named}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// Every button of the shipped guides pads its label with a space each
/// side, as period guides did: on the Amiga the box is drawn round the
/// label, and a full stop after an unpadded one touches its border.
#[test]
fn the_shipped_guides_pad_their_button_labels() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("guide");
    let mut unpadded = Vec::new();
    for path in std::fs::read_dir(&folder).unwrap().map(|e| e.unwrap().path()) {
        if path.extension().is_none_or(|e| e != "guide") {
            continue;
        }
        let doc = read(&path, &std::fs::read(&path).unwrap());
        for node in &doc.nodes {
            for (label, _) in links(node) {
                if !(label.starts_with(' ') && label.ends_with(' ')) {
                    unpadded.push(format!("{} {}: \"{label}\"", path.display(), node.name));
                }
            }
        }
    }
    assert!(unpadded.is_empty(), "{unpadded:#?}");
}

/// The guides Parlour ships, in guide/.
fn shipped_guides() -> Vec<PathBuf> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("guide");
    let guides: Vec<PathBuf> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("guide")))
        .collect();
    assert!(guides.iter().any(|p| p.ends_with("game-ini.guide")), "{guides:?}");
    guides
}

/// Each shipped guide's Index lists its entries in alphabetical order,
/// whatever their case ("Move notation" before "new-type") and leaving
/// out an option's dashes ("--assets" under A). An entry is a line's
/// first link: game-ini.guide's keys are followed by their sections'.
/// A group set apart by a blank line is in order of its own.
#[test]
fn the_shipped_guides_indexes_are_in_order() {
    let (mut indexes, mut out_of_order) = (0, Vec::new());
    for path in shipped_guides() {
        let doc = read(&path, &std::fs::read(&path).unwrap());
        let Some(index) = doc.nodes.iter().find(|n| n.name.eq_ignore_ascii_case("index")) else { continue };
        indexes += 1;
        let groups = index.blocks.split(|b| b.plain_text().trim().is_empty());
        for group in groups {
            let mut keys = Vec::new();
            for block in group {
                let mut line_starts = true;
                for span in &block.spans {
                    match span {
                        Span::Link { label, .. } if line_starts => {
                            keys.push(label.trim().trim_start_matches('-').to_lowercase());
                            line_starts = false;
                        }
                        Span::Break => line_starts = true,
                        Span::Text { text, .. } if text.contains('\n') => {
                            line_starts = text.rsplit('\n').next().is_some_and(|rest| rest.trim().is_empty());
                        }
                        Span::Text { text, .. } if text.trim().is_empty() => {}
                        _ => line_starts = false,
                    }
                }
            }
            let misplaced = keys.windows(2).filter(|w| w[0] > w[1]);
            out_of_order.extend(misplaced.map(|w| format!("{}: {:?} before {:?}", path.display(), w[0], w[1])));
        }
    }
    assert!(indexes > 0, "no guide has an index");
    assert!(out_of_order.is_empty(), "{out_of_order:#?}");
}

#[test]
fn the_shipped_guides_lint_clean() {
    for path in shipped_guides() {
        let found = lint(&path);
        assert!(found.is_empty(), "{}: {:?}", path.display(), found.iter().map(|d| d.to_string()).collect::<Vec<_>>());
    }
}

/// Every page's heading, its first line, starts flush left in every
/// guide, as Mines' and CardGames' do (Rummi's were indented two spaces).
#[test]
fn the_shipped_guides_headings_start_flush_left() {
    for path in shipped_guides() {
        let text: String = std::fs::read(&path).unwrap().iter().map(|&b| char::from(b)).collect();
        let mut lines = text.lines();
        while let Some(line) = lines.next() {
            if !line.starts_with("@NODE") {
                continue;
            }
            let heading = lines.by_ref().find(|l| !l.trim().is_empty()).unwrap_or_default();
            assert!(!heading.starts_with(' '), "{}: {line}: heading {heading:?} is indented", path.display());
        }
    }
}

/// Each family with a guide of its own, by a game of it and its guide
/// (the card solitaires by Klondike and FreeCell, whose menus differ by
/// their modes; the CardGames panel and its three games share one guide).
const GAMES_AND_GUIDES: [(&str, &str); 12] = [
    ("mines", "mines.guide"),
    ("pegs", "pegs.guide"),
    ("scramble", "scramble.guide"),
    ("sokoban", "sokoban.guide"),
    ("tetris", "tetris.guide"),
    ("rummi", "rummi.guide"),
    ("klondike", "solitaire.guide"),
    ("freecell", "solitaire.guide"),
    ("cardgames", "cardgames.guide"),
    ("cardgames/solitaire", "cardgames.guide"),
    ("cardgames/spider", "cardgames.guide"),
    ("cardgames/freecell", "cardgames.guide"),
];

/// Every command in a game's own menus (the Game menu, the Mac's Edit
/// menu with the game's steps back and forth, the game's other menus) is
/// named on its guide's Menus page, on the Amiga and on the Mac, whose
/// menus hold them differently. The application's menus (File or Project,
/// Machine) and the Mac's dimmed clipboard commands are Parlour's manual's.
#[test]
fn each_game_s_menus_page_names_every_command_of_its_menus() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("guide");
    let mut missing = Vec::new();
    for (game, file) in GAMES_AND_GUIDES {
        let doc = read(&root.join(file), &std::fs::read(root.join(file)).unwrap());
        let page = doc.node("Menus").map(|node| texts(node).join("\n")).unwrap_or_else(|| {
            missing.push(format!("{file}: no Menus node"));
            String::new()
        });
        let own = menu_items(game, SMALL)
            .into_iter()
            .filter(|(title, _)| !["@", "File", "Project", "Machine"].contains(&title.as_str()));
        for (title, item) in own {
            let label = item.label.trim_end_matches("...");
            if !page.contains(label) {
                missing.push(format!("{file} ({game}): {title} > {label}"));
            }
        }
    }
    missing.dedup();
    assert!(missing.is_empty(), "Menus pages that do not name a command of their menus:\n{}", missing.join("\n"));
}

/// The other way round: every item a guide's Menus page lists under a
/// menu is in the menus of one of its games, on the Amiga or the Mac, with
/// the shortcut the page gives it in brackets ("(Z, Y)" for "Undo, Redo").
/// Tetris's page listed Undo and Redo, "always greyed", in menus that
/// have none.
#[test]
fn each_game_s_menus_page_lists_only_commands_its_menus_have() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("guide");
    // Labels Scramble's items take in another state than a game's first:
    // Pause reads Resume while paused, Show Numbers Show Picture while
    // the numbers are up.
    let other_states = ["Resume", "Show Picture"];
    let mut items: std::collections::HashMap<&str, Vec<(String, Option<char>)>> = std::collections::HashMap::new();
    for (game, file) in GAMES_AND_GUIDES {
        let labelled =
            menu_items(game, SMALL).into_iter().map(|(_, i)| (i.label.trim_end_matches("...").to_string(), i.key));
        items.entry(file).or_default().extend(labelled);
    }
    let mut wrong = Vec::new();
    for (file, items) in &items {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        let start = text.find("@NODE Menus ").unwrap_or_else(|| panic!("{file}: no Menus node"));
        let lines: Vec<&str> = text[start..start + text[start..].find("@ENDNODE").unwrap()].lines().collect();
        // An entry is a line two spaces in under a menu's underlined
        // heading; the Keys heading lists keys, not items. Its shortcuts
        // open the line below it, in brackets.
        let mut menu: Option<&str> = None;
        let mut entries = 0;
        for (at, line) in lines.iter().enumerate() {
            if let Some(heading) = line.strip_prefix("@{u}").and_then(|l| l.split_once("@{uu}")) {
                menu = Some(heading.0).filter(|h| !h.contains("Keys"));
                continue;
            }
            let Some(entry) = line.strip_prefix("  ").filter(|e| menu.is_some() && !e.starts_with([' ', '@'])) else {
                continue;
            };
            let keys: Vec<Option<char>> = lines
                .get(at + 1)
                .and_then(|next| next.strip_prefix("@{lindent 6}("))
                .and_then(|next| next.split_once(')'))
                .filter(|(keys, _)| keys.split(", ").all(|k| k.len() == 1))
                .map(|(keys, _)| keys.split(", ").map(|k| k.chars().next()).collect())
                .unwrap_or_default();
            let names: Vec<&str> = entry.split(", ").map(|n| n.trim_end_matches("...")).collect();
            for (n, name) in names.iter().enumerate() {
                entries += 1;
                let key = keys.get(n).copied().flatten();
                if other_states.contains(name) {
                    continue;
                }
                let menu = menu.unwrap_or_default();
                let labelled: Vec<&Option<char>> = items.iter().filter(|(l, _)| l == name).map(|(_, k)| k).collect();
                let has_key = |k: &&Option<char>| key.is_none_or(|key| k.is_some_and(|k| k.eq_ignore_ascii_case(&key)));
                if labelled.is_empty() {
                    wrong.push(format!("{file}: {menu} > {name}: no such item"));
                } else if !labelled.iter().any(has_key) {
                    wrong.push(format!("{file}: {menu} > {name}: its shortcut is not {}", key.unwrap_or(' ')));
                }
            }
        }
        assert!(entries >= 5, "{file}: only {entries} items found under its Menus page's menu headings");
    }
    wrong.sort();
    assert!(wrong.is_empty(), "Menus pages that do not match their menus:\n{}", wrong.join("\n"));
}

/// The Chance's help is a classic-Mac one (the-chance.imaj), so the
/// checks above, which read AmigaGuide Menus pages, pass it by. Its Menus
/// page must name every command of The Chance's menus on the Amiga and the
/// Mac (the Machine menu's machines aside), and every shortcut it gives,
/// "Label (Ctrl+K", must follow the label of an item whose key is K.
#[test]
fn the_chance_s_menus_page_names_its_commands_with_their_keys() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/guide/the-chance.imaj")).unwrap();
    let start = text.find("\n# The Menus\n").expect("a Menus page");
    let page = &text[start..start + 1 + text[start + 1..].find("\n# ").expect("a page after it")];
    let items: Vec<_> = menu_items("the-chance", SMALL).into_iter().filter(|(title, _)| title != "Machine").collect();
    let mut wrong = Vec::new();
    for (title, item) in &items {
        if !page.contains(item.label.as_str()) {
            wrong.push(format!("{title} > {}: not named", item.label));
        }
        if let Some(key) = item.key
            && !page.contains(&format!("{} (Ctrl+{}", item.label, key.to_ascii_uppercase()))
        {
            wrong.push(format!("{title} > {}: its key, Ctrl+{key}, is not named with it", item.label));
        }
    }
    let mut shortcuts = 0;
    for (at, _) in page.match_indices(" (Ctrl+") {
        shortcuts += 1;
        let key = page[at + " (Ctrl+".len()..].chars().next().unwrap();
        let before = &page[..at];
        let keyed = items.iter().any(|(_, item)| {
            before.ends_with(item.label.as_str()) && item.key.is_some_and(|k| k.eq_ignore_ascii_case(&key))
        });
        if !keyed {
            let line = before.rsplit('\n').next().unwrap_or_default();
            wrong.push(format!("\"{line} (Ctrl+{key}\": no item before it has the key {key}"));
        }
    }
    assert!(shortcuts >= 10, "only {shortcuts} shortcuts found on the Menus page");
    assert!(wrong.is_empty(), "the-chance.imaj's Menus page does not match the menus:\n{}", wrong.join("\n"));
}

/// Solitaire's guide says what the program does with a game Solve played
/// in: counted as lost (as the status line says), and scoring nothing.
#[test]
fn the_solitaire_guide_counts_a_game_solve_helped_as_the_program_does() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/guide/solitaire.guide")).unwrap();
    let node = |name: &str| {
        let start = text.find(&format!("@NODE {name} ")).unwrap_or_else(|| panic!("no node {name}"));
        let end = start + text[start..].find("@ENDNODE").expect("the node ends");
        text[start..end].to_string()
    };
    let hints = node("Hints");
    assert!(hints.contains("counts in your statistics as lost"), "{hints}");
    assert!(!hints.contains("played, not won"), "{hints}");
    let statistics = node("Statistics");
    assert!(statistics.contains("Solve has played adds nothing"), "{statistics}");
}

/// The solitaire guide says the keys of the games it said were played by
/// clicking: Pyramid (Space picks, pairs, removes a king) and Golf (Space
/// lifts, Space plays), on the contents, the Pairing games page and each
/// game's page.
#[test]
fn the_solitaire_guide_says_the_keys_of_pyramid_and_golf() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/guide/solitaire.guide")).unwrap();
    assert!(!text.contains("played by clicking"), "a page still says Pyramid is played by clicking only");
    let node = |name: &str| {
        let start = text.find(&format!("@NODE {name} ")).unwrap_or_else(|| panic!("no node {name}"));
        let end = start + text[start..].find("@ENDNODE").expect("the node ends");
        text[start..end].to_string()
    };
    for name in ["Pairs", "pyramid", "golf"] {
        let page = node(name);
        assert!(page.contains("Space"), "{name}: no keys\n{page}");
    }
    assert!(node("MAIN").contains("Pyramid and Golf, by mouse or keys"));
}

/// The command in Rummi's Advice page is typed whole from the page on
/// every screen: on the narrowest (the one-bit Mac, the Amiga's PAL) it
/// once broke inside a quoted argument ("R1 B13 / Y7"). Each line of it
/// holds whole arguments, so its quotes pair up.
#[test]
fn rummis_advice_breaks_its_command_only_between_arguments() {
    use parlour::help::viewer::Viewer;
    use parlour::machines::{Machine, MachineChoice, MachineId};
    let text = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("guide/rummi.guide")).unwrap();
    for id in [MachineId::MacSe30, MachineId::AmigaPal] {
        let machine = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
        let viewer = Viewer::new(read(Path::new("rummi.guide"), &text), Some("Advice"));
        let lines = viewer.wrapped_text(&machine, machine.content());
        let start = lines.iter().position(|l| l.contains("parlour rummi best")).expect("the command");
        let command = lines[start..].iter().take_while(|l| !l.trim().is_empty() && !l.contains("prints"));
        for line in command {
            assert_eq!(line.matches('"').count() % 2, 0, "{id:?}: {line:?} breaks inside an argument: {lines:#?}");
        }
    }
}
