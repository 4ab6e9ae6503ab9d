//! The viewer driven as a reader would drive it, on hand-made documents.

use std::path::PathBuf;

use super::*;
use crate::core::Diagnostic;
use crate::help::model::{Block, BlockKind, CommandKind, Style};
use crate::machines::{MachineChoice, MachineId, Modifiers};

fn text(t: &str) -> Span {
    Span::Text { text: t.into(), style: Style::default() }
}

fn link(label: &str, target: Target) -> Span {
    Span::Link { label: label.into(), target, style: Style::default() }
}

fn para(spans: Vec<Span>) -> Block {
    Block { spans, ..Block::paragraph(1) }
}

fn node(name: &str, blocks: Vec<Block>) -> Node {
    Node { name: name.into(), title: format!("The {name} node"), blocks, ..Node::default() }
}

/// MAIN with two links, a SYSTEM button and a web address; `two`; and a
/// long `three` to scroll through.
fn guide() -> Document {
    let system = Target::Command { kind: CommandKind::System, text: "rm -r SYS:".into() };
    let main = node(
        "MAIN",
        vec![
            para(vec![link(" Two ", Target::node("two")), text(" the second")]),
            para(vec![link(" Shell ", system), text(" never run")]),
            para(vec![link(" Web ", Target::Url("https://example.com".into()))]),
            para(vec![link(" Three ", Target::node("three"))]),
        ],
    );
    let two = node("two", vec![para(vec![text("Second.")])]);
    let three =
        node("three", (0..80).map(|i| Block { line: 100 + i, ..para(vec![text(&format!("Line {i}"))]) }).collect());
    Document {
        path: PathBuf::from("test.guide"),
        title: "Test".into(),
        nodes: vec![main, two, three],
        ..Document::default()
    }
}

fn machine(id: MachineId) -> (Machine, Rect) {
    let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
    let area = m.content();
    (m, area)
}

fn key(key: Key) -> Input {
    Input::Key { key, mods: Modifiers::default() }
}

fn click(v: &mut Viewer, m: &Machine, area: Rect, r: Rect) -> Outcome {
    let (x, y) = (r.x + r.w / 2, r.y + r.h / 2);
    v.input(&Input::MouseDown { x, y, button: Button::Left }, m, area);
    v.input(&Input::MouseUp { x, y, button: Button::Left }, m, area)
}

fn link_rect(v: &Viewer, m: &Machine, area: Rect, target: &Target) -> Rect {
    v.visible_links(m, area).into_iter().find(|(_, t)| t == target).unwrap().0
}

#[test]
fn a_link_click_opens_its_node_on_every_machine() {
    for id in MachineId::ALL {
        let (m, area) = machine(id);
        let mut v = Viewer::new(guide(), None);
        let r = link_rect(&v, &m, area, &Target::node("two"));
        assert_eq!(click(&mut v, &m, area, r), Outcome::Redraw, "{id}");
        assert_eq!(v.node_name(), "two", "{id}");
    }
}

/// Tab stops on every link, a SYSTEM button and a web address too, and
/// Return on one of those says why it is not followed, as a click does.
#[test]
fn tab_stops_on_every_link_and_return_follows_or_says_why() {
    let (m, area) = machine(MachineId::AmigaPal);
    let mut v = Viewer::new(guide(), None);
    v.input(&key(Key::Tab), &m, area);
    assert_eq!(v.focus(), Some(0));
    v.input(&key(Key::Tab), &m, area);
    assert_eq!(v.focus(), Some(1), "the SYSTEM button");
    v.input(&key(Key::Enter), &m, area);
    assert_eq!(v.node_name(), "MAIN");
    assert!(v.status().starts_with("Help never runs commands"), "{}", v.status());
    v.input(&key(Key::Tab), &m, area);
    assert_eq!(v.focus(), Some(2), "the web address");
    v.input(&Input::Key { key: Key::Tab, mods: Modifiers { shift: true, ..Modifiers::default() } }, &m, area);
    assert_eq!(v.focus(), Some(1));
    v.input(&key(Key::Tab), &m, area);
    v.input(&key(Key::Tab), &m, area);
    v.input(&key(Key::Enter), &m, area);
    assert_eq!(v.node_name(), "three");
    assert_eq!(v.focus(), None);
}

/// A link to a node the guide lacks, or to a file not beside it, leads
/// nowhere: it is drawn ghosted, and a click or Return on it says why.
/// Tab stops on it, marked as any link is, in every manner of viewer.
#[test]
fn links_that_lead_nowhere_are_greyed_and_say_why_to_a_click_or_return() {
    let mut doc = guide();
    doc.nodes[0].blocks = vec![
        para(vec![link(" Gone ", Target::node("nowhere"))]),
        para(vec![link(" Other ", Target::Node { file: Some("other.guide".into()), node: "main".into(), line: 0 })]),
        para(vec![link(" Two ", Target::node("two"))]),
    ];
    for id in [MachineId::AmigaPal, MachineId::MacSe30, MachineId::Yazzle] {
        let (m, area) = machine(id);
        let mut v = Viewer::new(doc.clone(), None);
        let drawn = |v: &Viewer| {
            let mut s = m.new_surface();
            v.draw(&mut s, &m, area);
            s
        };
        let unmarked = drawn(&v);
        v.input(&key(Key::Tab), &m, area);
        assert_eq!(v.focus(), Some(0), "{id}: Tab stops on the greyed link");
        assert!(drawn(&v) != unmarked, "{id}: the greyed link is marked");
        v.input(&key(Key::Enter), &m, area);
        assert_eq!(v.node_name(), "MAIN", "{id}");
        let said = v.status();
        assert!(said.contains("nowhere"), "{id}: {said}");
        v.input(&key(Key::Tab), &m, area);
        assert_eq!(v.focus(), Some(1), "{id}");
        v.input(&key(Key::Enter), &m, area);
        assert!(v.status().starts_with("That file is missing"), "{id}: {}", v.status());
        let mut clicked = Viewer::new(doc.clone(), None);
        let gone = link_rect(&clicked, &m, area, &Target::node("nowhere"));
        click(&mut clicked, &m, area, gone);
        assert_eq!((clicked.node_name(), clicked.status()), ("MAIN", said), "{id}: as Return says");
    }
}

/// A link out of the guide's folder says so in a plain sentence.
#[test]
fn a_link_out_of_the_folder_says_help_reads_only_its_own_folder() {
    let (m, area) = machine(MachineId::MacSe30);
    let out = Target::Node { file: Some("../../etc/passwd".into()), node: "MAIN".into(), line: 0 };
    let mut doc = guide();
    doc.nodes[0].blocks = vec![para(vec![link(" Out ", out.clone())])];
    let mut v = Viewer::new(doc, None);
    let r = link_rect(&v, &m, area, &out);
    click(&mut v, &m, area, r);
    assert_eq!(v.node_name(), "MAIN");
    assert_eq!(v.status(), "../../etc/passwd: help reads only files inside the guide's own folder.");
}

/// A link to a node another guide of the folder lacks leads nowhere, as
/// one to a node this guide lacks does: Tab passes it over and it is drawn
/// ghosted, where one to a node that guide has is not.
#[test]
fn a_link_to_a_node_another_guide_lacks_leads_nowhere() {
    let (m, area) = machine(MachineId::AmigaPal);
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("other.guide"), "@DATABASE o\n@NODE MAIN\nHi\n@ENDNODE\n").unwrap();
    let path = dir.path().join("main.guide");
    let text = "@DATABASE m\n@NODE MAIN\n@{\" Lacking \" link other.guide/NoNode}\n@{\" There \" link other.guide/main}\n@ENDNODE\n";
    std::fs::write(&path, text).unwrap();
    let doc = crate::help::read_file(&path).unwrap();
    let lacking = Target::Node { file: Some("other.guide".into()), node: "NoNode".into(), line: 0 };
    let there = Target::Node { file: Some("other.guide".into()), node: "main".into(), line: 0 };
    let mut v = Viewer::new(doc, None);
    assert!(!v.leads_somewhere(&lacking) && v.leads_somewhere(&there));
    v.input(&key(Key::Tab), &m, area);
    v.input(&key(Key::Enter), &m, area);
    assert!(v.status().contains("NoNode"), "{}", v.status());
    // Ghosted as a link to a node of this guide that is not there.
    let same_file = |target: Target| {
        let mut doc = crate::help::read_file(&path).unwrap();
        if let Span::Link { target: t, .. } = &mut doc.nodes[0].blocks[0].spans[0] {
            *t = target;
        }
        let mut s = m.new_surface();
        Viewer::new(doc, None).draw(&mut s, &m, area);
        s
    };
    assert!(same_file(lacking) == same_file(Target::node("nowhere")));
}

/// A nameless node (a reader may keep one) is never what the viewer
/// opens on: an empty name means the first node, as MAIN does.
#[test]
fn an_empty_node_name_opens_the_first_node() {
    let mut doc = guide();
    doc.nodes.insert(1, node("", vec![para(vec![text("nameless")])]));
    for name in ["", "  ", "main"] {
        assert_eq!(Viewer::new(doc.clone(), Some(name)).node_name(), "MAIN", "{name:?}");
    }
}

/// Columns a guide lines up with runs of spaces stay lined up in the
/// Mac's and YaZZle's proportional fonts: each run ends at the character
/// column it reaches, a figure's width a column, as an indent does.
#[test]
fn space_aligned_columns_line_up_in_proportional_fonts() {
    for id in [MachineId::MacSe30, MachineId::Yazzle, MachineId::AmigaPal] {
        let (m, area) = machine(id);
        let rows = ["  #    wall", "  @    the pusher", "  +    the pusher on a goal"];
        let blocks = rows.iter().map(|r| para(vec![text(r)])).collect();
        let v = Viewer::new(Document { nodes: vec![node("MAIN", blocks)], ..guide() }, None);
        let panes = v.panes(&m, area);
        let layout = v.layout(&panes);
        let cell = v.ty(panes.manner).cell();
        let columns: Vec<Vec<i32>> = layout.lines.iter().map(|l| l.items.iter().map(|i| i.x).collect()).collect();
        if id == MachineId::AmigaPal {
            // Topaz is on the grid already: each line is one run of text.
            assert_eq!(columns, [[0], [0], [0]]);
            continue;
        }
        assert!(columns.iter().all(|xs| xs[..] == [2 * cell, 7 * cell]), "{id}: {columns:?}");
    }
}

/// A line wider than the text pane is cut at its edge on purpose (the
/// reader scrolls sideways to it): the viewer names it by its source
/// line for `help --shot` to tell the guide's author.
#[test]
fn lines_wider_than_the_pane_are_named_by_their_source_lines() {
    let (m, area) = machine(MachineId::AmigaPal);
    let mut doc = guide();
    doc.nodes[1].blocks = vec![
        Block { line: 7, ..para(vec![text("short")]) },
        Block { wrap: false, line: 8, ..para(vec![text(&"wide ".repeat(30))]) },
        Block { line: 9, ..para(vec![text(&"wraps ".repeat(30))]) },
    ];
    let v = Viewer::new(doc, Some("two"));
    let (clip, lines) = v.wide_lines(&m, area);
    assert_eq!(lines, [8]);
    assert_eq!(clip, v.panes(&m, area).text_clip());
}

/// A key for a button that does nothing now says why.
#[test]
fn a_key_that_does_nothing_says_why() {
    let (m, area) = machine(MachineId::MacSe30);
    let mut v = Viewer::new(guide(), None);
    assert!(!v.can(Control::Index));
    assert_eq!(v.input(&key(Key::Char('i')), &m, area), Outcome::Redraw);
    assert_eq!(v.status(), "This help has no index.");
    v.input(&key(Key::Backspace), &m, area);
    assert_eq!(v.status(), "There is nothing to go back to.");
}

/// A button that does nothing (Contents, Retrace and Browse < as a guide
/// opens on its first page; Index and Help where it has none) is ghosted
/// inside its bevel: its edges stay whole, as an enabled button's are, and
/// never break into the dots of a keyboard focus frame. The keyboard is on
/// no button as the guide opens (Return presses none; Tab marks links, the
/// buttons have their letters). A link that leads nowhere (a SYSTEM
/// button) keeps its edges whole too.
#[test]
fn a_ghosted_button_keeps_whole_edges_and_shows_no_dotted_frame() {
    use crate::machines::Pen;
    for id in [MachineId::AmigaPal, MachineId::AmigaDblPal] {
        let (m, area) = machine(id);
        let drawn = |doc: Document| {
            let mut s = m.new_surface();
            Viewer::new(doc, None).draw(&mut s, &m, area);
            s
        };
        let mut v = Viewer::new(guide(), None);
        assert_eq!(v.input(&key(Key::Enter), &m, area), Outcome::Unchanged, "{id}: Return presses no button");
        assert_eq!((v.node_name(), v.focus()), ("MAIN", None), "{id}");
        let s = drawn(guide());
        let (shine, shadow) = (m.look().paint(Pen::Shine).fore(), m.look().paint(Pen::Shadow).fore());
        let panes = v.panes(&m, area);
        let ghosted: Vec<Control> = panes.buttons.iter().map(|&(c, _)| c).filter(|&c| !v.can(c)).collect();
        assert_eq!(
            ghosted,
            [Control::Contents, Control::Index, Control::Help, Control::Retrace, Control::Prev],
            "{id}"
        );
        for (c, r) in panes.buttons.iter().copied() {
            let row = |y: i32, xs: std::ops::Range<i32>| xs.map(|x| s.get(x, y).unwrap()).collect::<Vec<u32>>();
            let column = |x: i32, ys: std::ops::Range<i32>| ys.map(|y| s.get(x, y).unwrap()).collect::<Vec<u32>>();
            let lit = [row(r.y, r.x..r.right() - 1), column(r.x, r.y..r.bottom() - 1)].concat();
            let dark = [row(r.bottom() - 1, r.x..r.right()), column(r.right() - 1, r.y..r.bottom())].concat();
            assert!(lit.iter().all(|&p| p == shine), "{id}: {c:?}'s top and left edges are whole");
            assert!(dark.iter().all(|&p| p == shadow), "{id}: {c:?}'s bottom and right edges are whole");
        }
        // The same page with the SYSTEM button leading to a topic: every
        // lit pixel of its bevel is lit still where it leads nowhere.
        let mut working = guide();
        working.nodes[0].blocks[1] = para(vec![link(" Shell ", Target::node("two")), text(" never run")]);
        let (ghost, whole) = (s, drawn(working));
        assert!(ghost != whole, "{id}: the button that leads nowhere is ghosted");
        let (w, h) = (whole.width() as i32, whole.height() as i32);
        let lit = (0..h).flat_map(|y| (0..w).map(move |x| (x, y))).filter(|&(x, y)| whole.get(x, y) == Some(shine));
        for (x, y) in lit {
            assert_eq!(ghost.get(x, y), Some(shine), "{id}: ({x}, {y}) lit in the bevel of a link that leads nowhere");
        }
    }
}

#[test]
fn retrace_goes_back_through_every_step_and_browse_follows_the_file() {
    let (m, area) = machine(MachineId::AmigaDblPal);
    let mut v = Viewer::new(guide(), None);
    assert!(!v.can(Control::Retrace) && !v.can(Control::Prev) && !v.can(Control::Contents));
    assert_eq!(v.press(Control::Next), Outcome::Redraw);
    assert_eq!(v.node_name(), "two");
    let next = v.panes(&m, area).button(Control::Next).unwrap();
    click(&mut v, &m, area, next);
    assert_eq!(v.node_name(), "three");
    assert!(!v.can(Control::Next));
    v.input(&key(Key::End), &m, area);
    v.press(Control::Contents);
    assert_eq!((v.node_name(), v.history_len()), ("MAIN", 3));
    let retrace = v.panes(&m, area).button(Control::Retrace).unwrap();
    click(&mut v, &m, area, retrace);
    assert_eq!(v.node_name(), "three");
    // The place is kept with its scroll.
    assert!(v.first_line(&m, area) > 0);
    v.input(&key(Key::Backspace), &m, area);
    assert_eq!(v.node_name(), "two");
    v.press(Control::Retrace);
    assert_eq!((v.node_name(), v.history_len()), ("MAIN", 0));
    // Nothing more to go back to: it is said, and nothing moves.
    v.press(Control::Retrace);
    assert_eq!((v.node_name(), v.history_len()), ("MAIN", 0));
}

/// Browse goes by place in the file, so two topics of one name (which the
/// reader warns of) do not hide those after them: Next from the first
/// reaches the second and the one after it, and Prev comes back.
#[test]
fn browse_passes_topics_that_share_a_name() {
    let titled = |name: &str, title: &str| Node { title: title.into(), ..node(name, vec![para(vec![text("x")])]) };
    let doc = Document {
        path: PathBuf::from("test.guide"),
        nodes: vec![titled("Intro", "First"), titled("Intro", "Again"), titled("Last", "Last")],
        ..Document::default()
    };
    let mut v = Viewer::new(doc, None);
    let mut seen = vec![v.node_title().to_string()];
    while v.can(Control::Next) {
        v.press(Control::Next);
        seen.push(v.node_title().to_string());
    }
    assert_eq!(seen, ["First", "Again", "Last"]);
    v.press(Control::Prev);
    assert_eq!(v.node_title(), "Again");
    assert!(v.can(Control::Prev));
    v.press(Control::Prev);
    assert_eq!(v.node_title(), "First");
    assert!(!v.can(Control::Prev));
}

/// A web address is shown, not opened; a path out of the document's
/// folder (greyed as an address is) is said to be one, not a web address,
/// and named first, where the status line shows it.
#[test]
fn addresses_are_said_and_never_followed() {
    let (m, area) = machine(MachineId::AmigaPal);
    for (url, said) in [
        ("https://example.com", "Web addresses are not opened here. The address: https://example.com"),
        ("../Klondike/game.html", "../Klondike/game.html: help reads only files inside the guide's own folder."),
        ("JavaScript:alert(1)", "Help never runs scripts. This link would run: JavaScript:alert(1)"),
        ("file:///etc/passwd", "Help never opens file: addresses. The address: file:///etc/passwd"),
    ] {
        let mut doc = guide();
        if let Span::Link { target, .. } = &mut doc.nodes[0].blocks[2].spans[0] {
            *target = Target::Url(url.into());
        }
        let mut v = Viewer::new(doc, None);
        let web = v.visible_links(&m, area)[2].clone();
        click(&mut v, &m, area, web.0);
        assert_eq!((v.node_name(), v.status()), ("MAIN", said.to_string()));
    }
}

#[test]
fn a_system_button_does_nothing_and_is_drawn_ghosted() {
    let (m, area) = machine(MachineId::AmigaPal);
    let mut v = Viewer::new(guide(), None);
    let system = v.visible_links(&m, area)[1].clone();
    assert!(matches!(system.1, Target::Command { .. }));
    click(&mut v, &m, area, system.0);
    assert_eq!(v.node_name(), "MAIN");
    assert_eq!(v.history_len(), 0);
    assert!(v.status().contains("never runs"), "{}", v.status());
    // The same button leading to a node is drawn differently: ghosted.
    let mut enabled = guide();
    if let Span::Link { target, .. } = &mut enabled.nodes[0].blocks[1].spans[0] {
        *target = Target::node("two");
    }
    let mut a = m.new_surface();
    let mut b = m.new_surface();
    v.draw(&mut a, &m, area);
    Viewer::new(enabled, None).draw(&mut b, &m, area);
    let r = system.0;
    let differ =
        (r.y..r.bottom()).flat_map(|y| (r.x..r.right()).map(move |x| (x, y))).any(|(x, y)| a.get(x, y) != b.get(x, y));
    assert!(differ);
}

#[test]
fn keys_wheel_and_scroll_bar_move_the_first_line() {
    for id in [MachineId::AmigaPal, MachineId::MacSe30, MachineId::Yazzle] {
        let (m, area) = machine(id);
        let mut v = Viewer::new(guide(), Some("three"));
        assert_eq!(v.first_line(&m, area), 0);
        v.input(&key(Key::Down), &m, area);
        assert_eq!(v.first_line(&m, area), 1, "{id}");
        let text = v.panes(&m, area).text;
        v.input(&Input::Wheel { x: text.x + 5, y: text.y + 5, dy: 2 }, &m, area);
        assert_eq!(v.first_line(&m, area), 1 + 2 * WHEEL_LINES, "{id}");
        v.input(&key(Key::PageDown), &m, area);
        let paged = v.first_line(&m, area);
        assert!(paged > 10, "{id}: {paged}");
        v.input(&key(Key::PageUp), &m, area);
        assert!(v.first_line(&m, area) < paged, "{id}");
        v.input(&key(Key::End), &m, area);
        let end = v.first_line(&m, area);
        assert!(end > 40, "{id}: {end}");
        v.input(&key(Key::Down), &m, area);
        assert_eq!(v.first_line(&m, area), end, "{id}: scrolled past the end");
        v.input(&key(Key::Home), &m, area);
        assert_eq!(v.first_line(&m, area), 0, "{id}");
        // The down arrow, then dragging the knob to the bottom.
        let bar = v.panes(&m, area).bar;
        click(&mut v, &m, area, bar.down);
        assert_eq!(v.first_line(&m, area), 1, "{id}");
        let panes = v.panes(&m, area);
        let layout = v.layout(&panes);
        let knob = v.knob(&panes, &layout).unwrap();
        let (x, y) = (knob.x + knob.w / 2, knob.y + 1);
        v.input(&Input::MouseDown { x, y, button: Button::Left }, &m, area);
        v.input(&Input::MouseMove { x, y: bar.whole.bottom() + 50 }, &m, area);
        v.input(&Input::MouseUp { x, y: bar.whole.bottom() + 50, button: Button::Left }, &m, area);
        assert_eq!(v.first_line(&m, area), end, "{id}");
    }
}

/// A page that opens with a heading, set lower by the space above it, is
/// at its top when it shows its first line: its knob touches the top of
/// the track, and the knob dragged back up brings the first line back.
#[test]
fn a_page_opening_with_a_heading_has_its_knob_at_the_top() {
    let heading = Block { kind: BlockKind::Heading(2), ..para(vec![text("How to Play")]) };
    let blocks = std::iter::once(heading).chain((0..80).map(|i| para(vec![text(&format!("Line {i}"))]))).collect();
    // A page (not a guide, which spaces its text itself).
    let doc = Document { path: PathBuf::from("game.html"), nodes: vec![node("MAIN", blocks)], ..guide() };
    for id in [MachineId::AmigaPal, MachineId::MacSe30, MachineId::MacColor, MachineId::Yazzle] {
        let (m, area) = machine(id);
        let mut v = Viewer::new(doc.clone(), None);
        let panes = v.panes(&m, area);
        let layout = v.layout(&panes);
        assert!(layout.lines[0].y > 0, "{id}: the heading is set lower than the text's top");
        let knob = v.knob(&panes, &layout).unwrap();
        assert_eq!(knob.y, panes.bar.track.y, "{id}: the knob is not at the top");
        // Down one line, then the knob dragged above the track: line 0.
        v.input(&key(Key::Down), &m, area);
        let knob = v.knob(&panes, &layout).unwrap();
        assert!(knob.y > panes.bar.track.y, "{id}: the knob did not move");
        let (x, y) = (knob.x + knob.w / 2, knob.y + 1);
        v.input(&Input::MouseDown { x, y, button: Button::Left }, &m, area);
        v.input(&Input::MouseMove { x, y: panes.bar.track.y - 20 }, &m, area);
        v.input(&Input::MouseUp { x, y: panes.bar.track.y - 20, button: Button::Left }, &m, area);
        assert_eq!(v.first_line(&m, area), 0, "{id}");
    }
}

/// Page Down keeps the last line wholly in view as the new page's first,
/// and Page Up the old first line as the last wholly in view, on every
/// machine: the reader always has a line to go on from.
#[test]
fn a_page_keeps_a_line_of_the_last() {
    // Long enough to page down on the tallest screen.
    let lines = (0..400).map(|i| Block { line: 1 + i, ..para(vec![text(&format!("Line {i}"))]) }).collect();
    let doc = Document { path: PathBuf::from("long.guide"), nodes: vec![node("MAIN", lines)], ..Document::default() };
    for id in MachineId::ALL {
        let (m, area) = machine(id);
        let mut v = Viewer::new(doc.clone(), None);
        let (panes, layout) = v.framed(&m, area);
        let view = panes.text.h;
        let last_whole = |first: usize| {
            let top = layout.lines[first].y;
            layout.lines.iter().rposition(|l| l.y + l.height <= top + view).unwrap()
        };
        v.input(&key(Key::Down), &m, area);
        let kept = last_whole(1);
        v.input(&key(Key::PageDown), &m, area);
        assert_eq!(v.first_line(&m, area), kept, "{id}: paged down");
        v.input(&key(Key::PageUp), &m, area);
        let back = v.first_line(&m, area);
        assert_eq!(last_whole(back), kept, "{id}: paged up");
        assert_eq!(back, 1, "{id}: a page down and up comes back");
    }
}

/// Where the last line wholly in view is blank (a gap between
/// paragraphs), Page Down keeps the last line with words on it instead:
/// a page that began with the gap would keep nothing to go on from.
#[test]
fn a_page_keeps_a_line_with_words_not_a_gap() {
    let blocks = (0..400)
        .map(|i| if i % 3 == 2 { para(vec![]) } else { para(vec![text(&format!("Line {i}"))]) })
        .enumerate()
        .map(|(i, b)| Block { line: 1 + i, ..b })
        .collect();
    let doc = Document { path: PathBuf::from("gaps.guide"), nodes: vec![node("MAIN", blocks)], ..Document::default() };
    let mut met_a_gap = false;
    for id in MachineId::ALL {
        let (m, area) = machine(id);
        let mut v = Viewer::new(doc.clone(), None);
        let (panes, layout) = v.framed(&m, area);
        for _ in 0..4 {
            let first = v.first_line(&m, area);
            let top = layout.lines[first].y;
            let whole = layout.lines.iter().rposition(|l| l.y + l.height <= top + panes.text.h).unwrap();
            met_a_gap |= layout.lines[whole].is_blank();
            let kept = (first + 1..=whole).rev().find(|&i| !layout.lines[i].is_blank()).unwrap();
            v.input(&key(Key::PageDown), &m, area);
            assert_eq!(v.first_line(&m, area), kept, "{id}: paged down from line {first}");
        }
    }
    assert!(met_a_gap, "no page ended on a gap: the test shows nothing");
}

/// On a 640-pixel Mac the topic list shows every title of the manuals
/// whole ("Words used in this manual" was cut to "Words used in this...").
#[test]
fn the_mac_topic_list_shows_the_manuals_titles_whole_at_640() {
    let (m, area) = machine(MachineId::MacColor);
    let guides = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("guide");
    let mut titles = 0;
    for entry in std::fs::read_dir(guides).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "guide") {
            continue;
        }
        let doc = crate::help::amigaguide::read(&path, &std::fs::read(&path).unwrap());
        let (_, rows, _) = Viewer::new(doc.clone(), None).panes(&m, area).topics.unwrap();
        for node in &doc.nodes {
            let shown = paint::topic_shown(node, rows.w);
            assert!(shown == node.title || shown == node.name, "{}: {shown}", path.display());
            titles += 1;
        }
    }
    assert!(titles > 100, "{titles}");
}

/// Lines too long for the pane scroll sideways, by key and by the
/// horizontal scroll bar, on the Amiga, on the Mac, whose bar shows a
/// thumb once there is something to the right, and on YaZZle's page,
/// which has the bar only then.
#[test]
fn long_lines_scroll_sideways() {
    let (m, area) = machine(MachineId::Yazzle);
    let narrow = Viewer::new(guide(), Some("two")).panes(&m, area);
    assert_eq!(narrow.hbar, None, "the page has no horizontal bar while everything fits");
    assert_eq!(narrow.bar.whole.bottom(), area.bottom());
    for id in [MachineId::AmigaPal, MachineId::MacSe30, MachineId::Yazzle] {
        let (m, area) = machine(id);
        let mut wide = guide();
        wide.nodes[1].blocks[0] = Block { wrap: false, ..para(vec![text(&"wide ".repeat(30))]) };
        let mut v = Viewer::new(wide, Some("two"));
        assert_eq!(v.input(&key(Key::Right), &m, area), Outcome::Redraw, "{id}");
        assert!(v.shift > 0 && v.shift % SIDE_STEP == 0, "{id}: a step of whole cells, {}", v.shift);
        let panes = v.panes(&m, area);
        assert!(v.side_knob(&panes, &v.layout(&panes)).is_some(), "{id}: a knob shows");
        let hbar = panes.hbar.unwrap();
        // The bars meet (the Mac's share an edge line) but never cross.
        assert!(hbar.whole.right() <= panes.bar.whole.x + 1 && panes.bar.whole.bottom() <= hbar.whole.y + 1, "{id}");
        let right = hbar.down;
        for _ in 0..40 {
            click(&mut v, &m, area, right);
        }
        let panes = v.panes(&m, area);
        assert_eq!(v.shift, v.layout(&panes).width - panes.text.w, "{id}");
        v.input(&key(Key::Left), &m, area);
        assert!(v.shift < v.layout(&panes).width - panes.text.w, "{id}");
    }
}

#[test]
fn other_files_open_only_from_the_same_folder() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("other.guide"),
        "@DATABASE other\n@NODE MAIN \"Other\"\nHello\n@ENDNODE\n@NODE far \"Far\"\nThere\n@ENDNODE\n",
    )
    .unwrap();
    let mut doc = guide();
    doc.path = dir.path().join("test.guide");
    let mut v = Viewer::new(doc, None);
    let outside = Target::Node { file: Some("../other.guide".into()), node: "MAIN".into(), line: 0 };
    v.follow(&outside);
    assert_eq!(v.node_name(), "MAIN");
    assert!(v.status().contains("only files inside"), "{}", v.status());
    v.follow(&Target::Node { file: Some("other.guide".into()), node: "far".into(), line: 0 });
    assert_eq!((v.title().as_str(), v.node_name()), ("other", "far"));
    v.press(Control::Retrace);
    assert_eq!((v.title().as_str(), v.node_name()), ("Test", "MAIN"));
    v.follow(&Target::Node { file: Some("missing.guide".into()), node: "MAIN".into(), line: 0 });
    assert_eq!(v.status(), "That file is missing: there is no file missing.guide in the guide's folder.");
    assert_eq!(v.node_name(), "MAIN");
}

/// The pages of a help `parlour help --html` built link each other across
/// its folders, and the viewer follows them there, but not out of it.
#[test]
fn a_built_help_reaches_across_its_own_folders_only() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    std::fs::create_dir_all(out.join("Help")).unwrap();
    let page = |title: &str, body: &str| format!("<html><head><title>{title}</title></head><body>{body}</body></html>");
    std::fs::write(dir.path().join("secret.html"), page("Secret", "<p>no</p>")).unwrap();
    std::fs::write(out.join("klondike.html"), page("Klondike", "<p>Rules</p>")).unwrap();
    let index =
        page("Game Types", "<p><a href=\"../klondike.html\">Klondike</a> <a href=\"../../secret.html\">S</a></p>");
    std::fs::write(out.join("Help/gametypes.html"), &index).unwrap();
    let (m, area) = machine(MachineId::Yazzle);
    let open = || Viewer::new(crate::help::read_file(&out.join("Help/gametypes.html")).unwrap(), None);
    // Without the build's mark, the page's own folder is all it reaches.
    let v = open();
    assert!(v.visible_links(&m, area).iter().all(|(_, t)| !v.leads_somewhere(t)));
    std::fs::write(out.join(crate::help::source::BUILT_MARK), "").unwrap();
    let mut v = open();
    let links = v.visible_links(&m, area);
    assert_eq!(links.len(), 2, "{links:?}");
    assert!(v.leads_somewhere(&links[0].1) && !v.leads_somewhere(&links[1].1), "{links:?}");
    v.follow(&links[0].1);
    assert_eq!(v.title(), "Klondike", "{}", v.status());
    v.press(Control::Retrace);
    v.follow(&links[1].1);
    assert_eq!(v.title(), "Game Types");
}

/// A game type's page links another game type's page beside it, and the
/// viewer follows it there, as the built help does; never into a folder
/// that is no game type, nor to another of its files, and lint says
/// nothing of the one it follows.
#[test]
fn a_game_types_page_reaches_the_page_of_another_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    let page = |title: &str, body: &str| format!("<html><head><title>{title}</title></head><body>{body}</body></html>");
    for (folder, game_ini) in [("Twin Klondike", true), ("Double Klondike", true), ("Notes", false)] {
        let folder = dir.path().join(folder);
        std::fs::create_dir(&folder).unwrap();
        if game_ini {
            std::fs::write(folder.join("game.ini"), "[General]\n").unwrap();
        }
        std::fs::write(folder.join("game.html"), page(&file_name(&folder), "<p>Rules</p>")).unwrap();
        std::fs::write(folder.join("notes.html"), page("Notes", "<p>More</p>")).unwrap();
    }
    let links = "<p><a href=\"../Double Klondike/game.html\">D</a>\n<a href=\"../Notes/game.html\">N</a>\n\
        <a href=\"../Double Klondike/notes.html\">DN</a></p>";
    let twin = dir.path().join("Twin Klondike/game.html");
    std::fs::write(&twin, page("Twin Klondike", links)).unwrap();
    let doc = crate::help::read_file(&twin).unwrap();
    let warned: Vec<&str> = doc.diagnostics.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(warned.len(), 2, "{warned:?}");
    assert!(
        warned
            .iter()
            .all(|w| w.contains("leads out of the page's folder") && !w.contains("../Double Klondike/game.html"))
    );
    let (m, area) = machine(MachineId::Yazzle);
    let mut v = Viewer::new(doc, None);
    let links = v.visible_links(&m, area);
    let leads: Vec<bool> = links.iter().map(|(_, t)| v.leads_somewhere(t)).collect();
    assert_eq!(leads, [true, false, false], "{links:?}");
    v.follow(&links[0].1);
    assert_eq!(v.title(), "Double Klondike", "{}", v.status());
    v.press(Control::Retrace);
    v.follow(&links[1].1);
    assert_eq!(v.title(), "Twin Klondike");
}

/// A page in a folder of a game type's (sub/deep.html) reaches the rest
/// of the game type, its page and its pictures, as game.html reaches its
/// own, without a word from lint; nothing above the game type's folder,
/// nor anything of a folder that is no game type's.
#[test]
fn a_sub_page_reaches_the_rest_of_its_game_type_only() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("Clean Golf");
    std::fs::create_dir_all(game.join("sub")).unwrap();
    let page = |title: &str, body: &str| format!("<html><head><title>{title}</title></head><body>{body}</body></html>");
    std::fs::write(game.join("game.ini"), "[General]\n").unwrap();
    std::fs::write(game.join("game.html"), page("Clean Golf", "<p>Rules</p>")).unwrap();
    let mut red = crate::gfx::Surface::rgb(4, 3);
    red.clear(0xFF0000);
    std::fs::write(game.join("red.png"), crate::gfx::image_io::encode_bmp(&red)).unwrap();
    std::fs::write(dir.path().join("outside.html"), page("Outside", "<p>no</p>")).unwrap();
    let body = "<p><a href=\"../game.html\">main</a> <a href=\"../../outside.html\">out</a></p>\n\
        <p><img src=\"../red.png\" alt=\"red up\"></p>";
    let deep = game.join("sub/deep.html");
    std::fs::write(&deep, page("Deep", body)).unwrap();
    let warned: Vec<String> = crate::help::lint(&deep).iter().map(|d| d.message.clone()).collect();
    assert_eq!(warned.len(), 1, "{warned:?}");
    assert!(warned[0].contains("`../../outside.html` leads out"), "{warned:?}");
    assert!(crate::help::source::picture(&deep, "../red.png").is_ok());
    let (m, area) = machine(MachineId::Yazzle);
    let mut v = Viewer::new(crate::help::read_file(&deep).unwrap(), None);
    let links = v.visible_links(&m, area);
    let leads: Vec<bool> = links.iter().map(|(_, t)| v.leads_somewhere(t)).collect();
    assert_eq!(leads, [true, false], "{links:?}");
    v.follow(&links[0].1);
    assert_eq!(v.title(), "Clean Golf", "{}", v.status());
    // Out of a game type, a page's folder is all it reaches.
    std::fs::remove_file(game.join("game.ini")).unwrap();
    let v = Viewer::new(crate::help::read_file(&deep).unwrap(), None);
    assert!(v.visible_links(&m, area).iter().all(|(_, t)| !v.leads_somewhere(t)));
    assert!(crate::help::source::picture(&deep, "../red.png").is_err());
}

/// A link named inside the page's folder that is a symbolic link to
/// elsewhere (a file, or a folder on its way) is among the page's
/// problems, as lint tells it, and greyed; chosen, it says it leads
/// elsewhere through a link, not that it lies outside the folder.
#[cfg(unix)]
#[test]
fn a_link_to_elsewhere_through_a_symbolic_link_is_a_problem_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let (game, elsewhere) = (dir.path().join("Esc Golf"), dir.path().join("x"));
    std::fs::create_dir_all(game.join("sub")).unwrap();
    std::fs::create_dir(&elsewhere).unwrap();
    let page = |title: &str, body: &str| format!("<html><head><title>{title}</title></head><body>{body}</body></html>");
    std::fs::write(elsewhere.join("outside.html"), page("Outside", "<p>no</p>")).unwrap();
    std::fs::write(elsewhere.join("secret.txt"), "secret").unwrap();
    std::os::unix::fs::symlink(elsewhere.join("outside.html"), game.join("link.html")).unwrap();
    std::os::unix::fs::symlink(&elsewhere, game.join("sub/up")).unwrap();
    let body = "<p><a href=\"link.html\">L3</a>\n<a href=\"sub/up/outside.html\">L4</a>\n\
        <a href=\"sub/up/secret.txt\">L9</a></p>";
    let html = game.join("game.html");
    std::fs::write(&html, page("Esc Golf", body)).unwrap();
    let doc = crate::help::read_file(&html).unwrap();
    let told: Vec<(usize, &str)> = doc.diagnostics.iter().map(|d| (d.line, d.message.as_str())).collect();
    let through = |name: &str| {
        format!(
            "the link `{name}` leads out of the page's folder (through a link to elsewhere); help shows it greyed \
             and never follows it"
        )
    };
    let expected = [(1, through("link.html")), (2, through("sub/up/outside.html")), (3, through("sub/up/secret.txt"))];
    assert_eq!(told, expected.iter().map(|(l, m)| (*l, m.as_str())).collect::<Vec<_>>());
    assert_eq!(crate::help::lint(&html).len(), 3);
    let (m, area) = machine(MachineId::Yazzle);
    let mut v = Viewer::new(doc, None);
    let links = v.visible_links(&m, area);
    assert!(links.iter().all(|(_, t)| !v.leads_somewhere(t)), "{links:?}");
    v.follow(&links[0].1);
    assert_eq!(
        v.status(),
        "link.html leads elsewhere through a link, and help reads only files inside the page's own folder."
    );
}

/// Another game type's page, reached from a game's page, leads to the
/// manual's contents and to the page on using help as the first did:
/// its Contents button is there and C opens the manual, never "You are
/// reading it." on a page that is not the contents.
#[test]
fn a_page_reached_from_a_game_page_keeps_its_contents_and_help() {
    let dir = tempfile::tempdir().unwrap();
    for folder in ["Linker", "Other Golf"] {
        let folder = dir.path().join(folder);
        std::fs::create_dir(&folder).unwrap();
        std::fs::write(folder.join("game.ini"), "[General]\n").unwrap();
    }
    let linker = dir.path().join("Linker/game.html");
    std::fs::write(&linker, "<title>Linker</title><p><a href=\"../Other Golf/game.html\">Other Golf</a></p>").unwrap();
    std::fs::write(dir.path().join("Other Golf/game.html"), "<title>Other Golf</title><p>Rules</p>").unwrap();
    let manual = dir.path().join("manual.guide");
    std::fs::write(&manual, "@DATABASE m\n@NODE MAIN \"M\"\nx\n@ENDNODE\n@NODE Contents \"C\"\ny\n@ENDNODE\n").unwrap();
    let mut doc = crate::help::read_file(&linker).unwrap();
    doc.contents = Some(Target::File { path: manual.clone(), node: "Contents".into() });
    doc.help = Some(Target::File { path: manual.clone(), node: "MAIN".into() });
    let (m, area) = machine(MachineId::Yazzle);
    let mut v = Viewer::new(doc, None);
    let links = v.visible_links(&m, area);
    v.follow(&links[0].1);
    assert_eq!(v.title(), "Other Golf", "{}", v.status());
    assert!(v.can(Control::Contents) && v.can(Control::Help));
    assert!(v.panes(&m, area).button(Control::Contents).is_some());
    v.input(&key(Key::Char('c')), &m, area);
    assert_eq!((v.document().path.clone(), v.node_name()), (manual.clone(), "Contents"), "{}", v.status());
    v.press(Control::Retrace);
    v.input(&key(Key::Char('h')), &m, area);
    assert_eq!((v.document().path.clone(), v.node_name()), (manual, "MAIN"), "{}", v.status());
    // On the page it leads to, H says so.
    v.input(&key(Key::Char('h')), &m, area);
    assert_eq!(v.status(), "You are reading it.");
}

/// A guide opened from one with a Help page (Parlour's, on using help)
/// reaches that page too, where it names none of its own.
#[test]
fn a_guide_opened_from_another_shares_its_help_page() {
    let dir = tempfile::tempdir().unwrap();
    let first = dir.path().join("first.guide");
    std::fs::write(&first, "@DATABASE f\n@HELP Using\n@NODE MAIN \"F\"\n@{\" On \" link second.guide/MAIN}\n@ENDNODE\n@NODE Using \"U\"\nu\n@ENDNODE\n").unwrap();
    std::fs::write(
        dir.path().join("second.guide"),
        "@DATABASE s\n@NODE MAIN \"S\"\ns\n@ENDNODE\n@NODE Two \"T\"\nt\n@ENDNODE\n",
    )
    .unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let mut v = Viewer::new(crate::help::read_file(&first).unwrap(), None);
    let links = v.visible_links(&m, area);
    v.follow(&links[0].1);
    assert_eq!(v.title(), "s");
    // Its own contents is its first page still.
    assert!(!v.can(Control::Contents));
    v.press(Control::Help);
    assert_eq!((v.document().path.clone(), v.node_name()), (first, "Using"), "{}", v.status());
}

/// The status line tells the problem of the topic shown, not the
/// document's first problem on every topic (Mac SE/30's status line
/// kept "broken.guide:7: ..." wherever the reader went).
#[test]
fn the_status_line_tells_the_problems_of_the_topic_shown() {
    let mut doc = guide();
    for (n, line) in doc.nodes.iter_mut().zip([3, 10, 20]) {
        n.line = line;
    }
    doc.diagnostics.push(Diagnostic::error(&doc.path.clone(), 15, "a later problem found first"));
    doc.diagnostics.push(Diagnostic::warning(&doc.path.clone(), 1, "no @$VER"));
    doc.diagnostics.push(Diagnostic::error(&doc.path.clone(), 12, "links to node NoSuchNode"));
    let (m, area) = machine(MachineId::MacSe30);
    let mut v = Viewer::new(doc, None);
    assert_eq!(v.status(), "test.guide:1: no @$VER", "the file's header goes with its first topic");
    v.input(&key(Key::Char('n')), &m, area);
    assert_eq!((v.node_name(), v.status()), ("two", "test.guide:12: links to node NoSuchNode".to_string()));
    v.input(&key(Key::Char('n')), &m, area);
    assert_eq!((v.node_name(), v.status()), ("three", String::new()));
    v.input(&key(Key::Backspace), &m, area);
    assert_eq!(v.status(), "test.guide:12: links to node NoSuchNode");
}

/// A dead link on the 1-bit Mac is greyed legibly: a 50% dither left
/// too little of a 9-point "a" to read ("Passwd" read "P.sswd"). Its
/// label keeps every pixel of the live label's that ends a stroke or
/// stands alone, and only lightens the runs between.
#[test]
fn a_dead_link_on_the_one_bit_mac_keeps_every_stroke() {
    let (m, area) = machine(MachineId::MacSe30);
    let label_ink = |target: Target| {
        let doc = Document {
            path: PathBuf::from("t.imaj"),
            nodes: vec![node("MAIN", vec![para(vec![text("See "), link("Passwd", target)])])],
            ..Document::default()
        };
        let v = Viewer::new(doc, None);
        let mut s = m.new_surface();
        v.draw(&mut s, &m, area);
        let (r, _) = v.visible_links(&m, area)[0].clone();
        // Above the underline's row.
        let pixels = (r.y..r.bottom() - 1).flat_map(|y| (r.x..r.right()).map(move |x| (x, y)));
        let black = crate::gfx::Rgb::BLACK;
        pixels.filter(|&(x, y)| s.colour_at(x, y) == Some(black)).collect::<std::collections::HashSet<(i32, i32)>>()
    };
    let live = label_ink(Target::node("MAIN"));
    let dead = label_ink(Target::Url("https://example.com/".into()));
    assert!(dead.is_subset(&live) && dead.len() < live.len(), "{} of {}", dead.len(), live.len());
    let inside_run = |&(x, y): &(i32, i32)| {
        let has = |dx: i32, dy: i32| live.contains(&(x + dx, y + dy));
        (has(-1, 0) && has(1, 0)) || (has(0, -1) && has(0, 1))
    };
    let lost: Vec<&(i32, i32)> = live.iter().filter(|p| !inside_run(p) && !dead.contains(p)).collect();
    assert!(lost.is_empty(), "stroke ends and lone pixels lost: {lost:?}");
}

#[test]
fn escape_the_close_gadget_and_the_close_button_close() {
    let (m, area) = machine(MachineId::AmigaPal);
    let mut v = Viewer::new(guide(), None);
    assert_eq!(v.input(&key(Key::Escape), &m, area), Outcome::Close);
    let close = v.panes(&m, area).close.unwrap();
    assert_eq!(click(&mut v, &m, area, close), Outcome::Close);
    let (m, area) = machine(MachineId::Yazzle);
    let close = v.panes(&m, area).button(Control::Close).unwrap();
    assert_eq!(click(&mut v, &m, area, close), Outcome::Close);
    // Moving off a pressed button takes the press back.
    v.input(&Input::MouseDown { x: close.x + 2, y: close.y + 2, button: Button::Left }, &m, area);
    assert_eq!(v.input(&Input::MouseUp { x: 0, y: 0, button: Button::Left }, &m, area), Outcome::Redraw);
}

#[test]
fn the_mac_topic_list_shows_the_node_clicked() {
    let (m, area) = machine(MachineId::MacSe30);
    let mut v = Viewer::new(guide(), None);
    let (_, rows, _) = v.panes(&m, area).topics.unwrap();
    let third = Rect::new(rows.x, rows.y + 2 * panes::MAC_ROW, rows.w, panes::MAC_ROW);
    click(&mut v, &m, area, third);
    assert_eq!(v.node_name(), "three");
    let back = v.panes(&m, area).button(Control::Retrace).unwrap();
    click(&mut v, &m, area, back);
    assert_eq!(v.node_name(), "MAIN");
}

#[test]
fn a_broken_document_still_shows_with_its_first_problem() {
    let mut doc = guide();
    doc.diagnostics.push(Diagnostic::error(&doc.path.clone(), 7, "@ENDNODE missing"));
    let v = Viewer::new(doc, Some("no-such-node"));
    assert_eq!(v.node_name(), "MAIN");
    assert_eq!(v.status(), "test.guide:7: @ENDNODE missing");
    let empty = Viewer::new(Document { path: "empty.guide".into(), ..Document::default() }, None);
    for id in MachineId::ALL {
        let (m, area) = machine(id);
        let mut s = m.new_surface();
        v.draw(&mut s, &m, area);
        empty.draw(&mut s, &m, area);
    }
}

/// A guide in `dir` with a line of text, then `pic` (kept there as
/// pic.bmp), then `after` if given.
fn picture_page(dir: &std::path::Path, pic: &crate::gfx::Surface, after: Option<&str>) -> Document {
    std::fs::write(dir.join("pic.bmp"), crate::gfx::image_io::encode_bmp(pic)).unwrap();
    let mut blocks = vec![
        para(vec![text("Above the picture.")]),
        para(vec![Span::Image { path: "pic.bmp".into(), alt: "the picture".into() }]),
    ];
    blocks.extend(after.map(|words| para(vec![text(words)])));
    Document { path: dir.join("page.guide"), nodes: vec![node("main", blocks)], ..Document::default() }
}

/// A picture taller than the pane is scrolled through a line at a time,
/// on every machine: End brings its foot into view, under the text
/// above it scrolled away, and the text after it follows.
#[test]
fn a_picture_taller_than_the_pane_scrolls_to_its_foot() {
    let dir = tempfile::tempdir().unwrap();
    let (w, h) = (40, 900);
    let mut pic = crate::gfx::Surface::rgb(w, h);
    pic.clear(0xFFFFFF);
    pic.fill_rect(crate::gfx::Rect::new(0, h as i32 - 20, w as i32, 20), crate::gfx::Paint::Solid(0x000000));
    let doc = picture_page(dir.path(), &pic, Some("Below the picture."));
    for id in [MachineId::AmigaPal, MachineId::MacSe30, MachineId::Yazzle] {
        let (m, area) = machine(id);
        let mut v = Viewer::new(doc.clone(), None);
        v.input(&key(Key::End), &m, area);
        let first = v.first_line(&m, area);
        let panes = v.panes(&m, area);
        let layout = v.layout(&panes);
        assert!(layout.lines[first].strip, "{id}: the last page starts inside the picture");
        let mut s = m.new_surface();
        v.draw(&mut s, &m, area);
        // The picture's black foot is in view, at its place under the
        // part of the picture scrolled off the top.
        let foot = panes.text.y + layout.lines[1].y + h as i32 - 10 - layout.lines[first].y;
        assert!(foot < panes.text.bottom(), "{id}: the foot is below the pane");
        let x = panes.text.x + layout.lines[1].items[0].x + w as i32 / 2;
        assert_eq!(s.colour_at(x, foot), s.colour_at(x, foot + 1), "{id}");
        let dark = s.colour_at(x, foot).unwrap();
        assert!(dark.r < 0x40, "{id}: {dark:?} at the picture's foot");
    }
}

#[test]
fn pictures_come_from_the_documents_folder() {
    let dir = tempfile::tempdir().unwrap();
    let mut pic = crate::gfx::Surface::rgb(4, 3);
    pic.clear(0xFF0000);
    std::fs::write(dir.path().join("game.bmp"), crate::gfx::image_io::encode_bmp(&pic)).unwrap();
    let img = |path: &str| Span::Image { path: path.into(), alt: "the deal".into() };
    let doc = Document {
        path: dir.path().join("game.html"),
        nodes: vec![node("main", vec![para(vec![img("game.bmp")]), para(vec![img("../game.bmp")])])],
        ..Document::default()
    };
    let v = Viewer::new(doc, None);
    assert_eq!(v.pictures.len(), 1);
    let (m, area) = machine(MachineId::Yazzle);
    let mut s = m.new_surface();
    v.draw(&mut s, &m, area);
    let text = v.panes(&m, area).text;
    // Inside help.css's one-pixel border, the picture's red.
    assert_eq!(s.colour_at(text.x + 1, text.y + 1), Some(crate::gfx::Rgb::hex(0xFF0000)));
}

/// A picture the viewer cannot show is among the document's problems, as
/// lint tells it, and the status line tells the topic's first problem
/// by line, not the picture's because it was read last.
#[test]
fn a_picture_that_cannot_be_shown_is_among_the_documents_problems() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bad.png"), b"no picture at all").unwrap();
    let page = dir.path().join("t.imaj");
    std::fs::write(&page, "# First\n%bogus directive\n%picture bad.png a broken picture\n").unwrap();
    let doc = crate::help::read_file(&page).unwrap();
    let lines: Vec<usize> = doc.diagnostics.iter().map(|d| d.line).collect();
    assert_eq!(lines, [2, 3], "{:?}", doc.diagnostics);
    assert!(doc.diagnostics[1].message.contains("bad.png"), "{:?}", doc.diagnostics[1]);
    let v = Viewer::new(doc, None);
    assert!(v.status().starts_with("t.imaj:2:"), "{}", v.status());
}

/// A picture that starts in the pane and runs below it shows as far as
/// it is in view, dithered on a screen of few colours: a mid-grey on the
/// one-bit Mac is half black, half white, not all one or the other.
#[test]
fn a_picture_running_below_the_pane_shows_its_top_dithered() {
    let dir = tempfile::tempdir().unwrap();
    let (w, h) = (40, 600);
    let mut pic = crate::gfx::Surface::rgb(w, h);
    pic.clear(0x808080);
    let doc = picture_page(dir.path(), &pic, None);
    let v = Viewer::new(doc, None);
    let id = MachineId::MacSe30;
    let (m, area) = machine(id);
    let mut s = m.new_surface();
    v.draw(&mut s, &m, area);
    let panes = v.panes(&m, area);
    let layout = v.layout(&panes);
    let (line, item) = layout
        .lines
        .iter()
        .find_map(|l| {
            l.items.iter().find(|i| matches!(i.piece, crate::help::layout::Piece::Image { .. })).map(|i| (l, i))
        })
        .unwrap();
    let top = panes.text.y + line.y;
    assert!(top < panes.text.bottom() && top + h as i32 > panes.text.bottom(), "{id}: the picture runs below");
    let grey = crate::gfx::Rgb::hex(0x808080);
    let (mut dark, mut all) = (0, 0);
    for y in top + 2..panes.text.bottom() {
        for x in panes.text.x + item.x + 2..panes.text.x + item.x + w as i32 - 2 {
            let c = s.colour_at(x, y).unwrap();
            all += 1;
            dark += usize::from(c.r < grey.r);
        }
    }
    let share = dark * 100 / all;
    assert!((35..=65).contains(&share), "{id}: {share}% of the picture in view is darker than its grey");
}

/// Words beside a tall picture stand on its foot: where the picture runs
/// below the pane they are left for scrolling, never drawn under the
/// pane's edge (where the clip would cut them).
#[test]
fn words_beside_a_picture_running_below_the_pane_wait_for_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut pic = crate::gfx::Surface::rgb(40, 600);
    pic.clear(0x808080);
    let mut doc = picture_page(dir.path(), &pic, None);
    doc.nodes[0].blocks[1].spans.insert(0, text("Picture again: "));
    for id in [MachineId::AmigaPal, MachineId::MacSe30, MachineId::Yazzle] {
        let (m, area) = machine(id);
        let v = Viewer::new(doc.clone(), None);
        let mut s = m.new_surface();
        v.draw(&mut s, &m, area);
        let cut: Vec<String> = s.take_clipped_text().iter().map(|c| c.to_string()).collect();
        assert!(cut.is_empty(), "{id}: {cut:?}");
    }
}

/// Words beside a picture taller than the pane come into view as the
/// page scrolls down to the picture's foot, and are never cut on the way.
#[test]
fn words_beside_a_picture_taller_than_the_pane_show_at_its_foot() {
    let dir = tempfile::tempdir().unwrap();
    let mut pic = crate::gfx::Surface::rgb(40, 600);
    pic.clear(0x808080);
    let bare = picture_page(dir.path(), &pic, None);
    // The words after the picture, which stands where it stands without them.
    let mut worded = bare.clone();
    worded.nodes[0].blocks[1].spans.push(text(" beside the picture"));
    for id in [MachineId::AmigaPal, MachineId::MacSe30, MachineId::Yazzle] {
        let (m, area) = machine(id);
        let (mut with, mut without) = (Viewer::new(worded.clone(), None), Viewer::new(bare.clone(), None));
        let mut shown = false;
        for _ in 0..120 {
            let (mut a, mut b) = (m.new_surface(), m.new_surface());
            with.draw(&mut a, &m, area);
            without.draw(&mut b, &m, area);
            let cut: Vec<String> = a.take_clipped_text().iter().map(|c| c.to_string()).collect();
            assert!(cut.is_empty(), "{id}: {cut:?}");
            shown |= a != b;
            with.input(&key(Key::Down), &m, area);
            without.input(&key(Key::Down), &m, area);
        }
        assert!(shown, "{id}: the words never showed");
    }
}

#[test]
fn the_topic_list_keeps_the_current_topic_in_view() {
    let (m, area) = machine(MachineId::MacSe30);
    let mut doc = guide();
    for i in 0..40 {
        doc.nodes.push(node(&format!("n{i}"), vec![]));
    }
    let mut v = Viewer::new(doc, Some("n30"));
    let panes = v.panes(&m, area);
    let rows = Viewer::topic_rows(&panes);
    let top = v.topic_top(&panes);
    assert!(top <= 33 && 33 < top + rows, "top {top}, {rows} rows");
    // Scrolled by the reader, the list stays; a click on a row keeps it.
    let (list, rows_rect, _) = panes.topics.unwrap();
    v.input(&Input::Wheel { x: list.x + 4, y: list.y + 4, dy: -1 }, &m, area);
    let scrolled = v.topic_top(&v.panes(&m, area));
    assert_eq!(scrolled, top - WHEEL_LINES);
    click(&mut v, &m, area, Rect::new(rows_rect.x, rows_rect.y, rows_rect.w, panes::MAC_ROW));
    assert_eq!(v.node_name(), v.document().nodes[scrolled].name);
    assert_eq!(v.topic_top(&v.panes(&m, area)), scrolled);
}

/// A topic clicked on a colour Mac, whose list shows every topic, stays
/// in view when the machine switches to the SE/30, whose list shows
/// fewer: the list and its knob are as the viewer opened there at that
/// topic shows them (the rows kept from the top left it just below).
#[test]
fn a_machine_switch_keeps_the_topic_clicked_in_the_list() {
    let (color, color_area) = machine(MachineId::MacColor);
    let (se30, se30_area) = machine(MachineId::MacSe30);
    let mut doc = guide();
    for i in 0..20 {
        doc.nodes.push(node(&format!("n{i}"), vec![]));
    }
    let mut v = Viewer::new(doc.clone(), None);
    let (_, rows, _) = v.panes(&color, color_area).topics.unwrap();
    let at = Viewer::topic_rows(&v.panes(&se30, se30_area)) + 2;
    assert!(at < Viewer::topic_rows(&v.panes(&color, color_area)), "the colour Mac shows row {at}");
    click(&mut v, &color, color_area, Rect::new(rows.x, rows.y + at as i32 * panes::MAC_ROW, rows.w, panes::MAC_ROW));
    assert_eq!(v.here.node, at);
    let fresh = Viewer::new(doc, Some(v.node_name()));
    let list_drawn = |v: &Viewer| {
        let mut s = se30.new_surface();
        v.draw(&mut s, &se30, se30_area);
        let (list, ..) = v.panes(&se30, se30_area).topics.unwrap();
        (list.y..list.bottom())
            .flat_map(|y| (list.x..list.right()).map(move |x| (x, y)))
            .map(|(x, y)| s.get(x, y))
            .collect::<Vec<_>>()
    };
    let panes = v.panes(&se30, se30_area);
    assert_eq!(v.topic_top(&panes), fresh.topic_top(&panes));
    assert!(list_drawn(&v) == list_drawn(&fresh), "the list and its knob as a fresh open shows them");
    // Scrolled there, the list stays where the reader put it.
    let (list, ..) = panes.topics.unwrap();
    v.input(&Input::Wheel { x: list.x + 4, y: list.y + 4, dy: -1 }, &se30, se30_area);
    assert_eq!(v.topic_top(&panes), fresh.topic_top(&panes) - WHEEL_LINES);
}

/// Bold guide text is a pixel wider a letter, as the Amiga's algorithmic
/// bold set it: kept in Topaz's cells, the second stroke closed the gap
/// between letters ("Rummi" read as a block). Text after it moves along.
#[test]
fn bold_guide_text_is_a_pixel_wider_a_letter() {
    let text = "@DATABASE t\n@NODE MAIN\n@{\" A \" link MAIN}@{\" B \" link MAIN}@{\" C \" link MAIN}\n\
                @{b}@{\" A \" link MAIN}@{\" B \" link MAIN}@{ub}@{\" C \" link MAIN}\n@ENDNODE\n";
    let doc = crate::help::amigaguide::read(std::path::Path::new("grid.guide"), text.as_bytes());
    for id in [MachineId::AmigaPal, MachineId::AmigaDblPal] {
        let (m, area) = machine(id);
        let v = Viewer::new(doc.clone(), None);
        let rects: Vec<Rect> = v.visible_links(&m, area).into_iter().map(|(r, _)| r).collect();
        assert_eq!(rects.len(), 6, "{id}");
        let (plain, bold) = (&rects[..3], &rects[3..]);
        assert_eq!((bold[0].x, bold[0].w), (plain[0].x, plain[0].w + 3), "{id}: \" A \" in bold");
        assert_eq!((bold[1].x, bold[1].w), (plain[1].x + 3, plain[1].w + 3), "{id}: \" B \" in bold");
        assert_eq!((bold[2].x, bold[2].w), (plain[2].x + 6, plain[2].w), "{id}: \" C \" after them");
    }
}

/// Every node of every shipped guide reads on the Amiga's 320 x 256
/// screen: wrapped to the window, with no line running past its right
/// edge (nothing to scroll sideways for).
#[test]
fn every_shipped_guide_fits_a_lores_window() {
    let (m, area) = machine(MachineId::AmigaPal);
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("guide");
    let (mut guides, mut too_wide) = (0, Vec::new());
    for entry in std::fs::read_dir(&dir).unwrap().flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "guide") {
            continue;
        }
        guides += 1;
        let doc = crate::help::amigaguide::read(&path, &std::fs::read(&path).unwrap());
        for node in &doc.nodes {
            let v = Viewer::new(doc.clone(), Some(&node.name));
            let panes = v.panes(&m, area);
            let layout = v.layout(&panes);
            if layout.width > panes.text.w {
                too_wide.push(format!("{} {}: {} pixels", path.display(), node.name, layout.width));
            }
        }
    }
    assert!(guides >= 10, "the shipped guides were not found");
    assert!(
        too_wide.is_empty(),
        "wider than the {}-pixel pane: {too_wide:#?}",
        Viewer::new(guide(), None).panes(&m, area).text.w
    );
}

/// An AmigaGuide button's box stands a pixel outside its text: lines of
/// buttons are spaced so one box never overlaps the next.
#[test]
fn button_boxes_on_successive_lines_do_not_overlap() {
    let (m, area) = machine(MachineId::AmigaPal);
    let blocks = (0..3).map(|i| para(vec![link(&format!(" B{i} "), Target::node("two"))])).collect();
    let doc = Document { nodes: vec![node("MAIN", blocks), node("two", vec![])], ..guide() };
    let v = Viewer::new(doc, None);
    let panes = v.panes(&m, area);
    let layout = v.layout(&panes);
    let font_h = crate::gfx::font::topaz8().height() as i32;
    for pair in layout.lines.windows(2) {
        // The box takes the text's rows and one more above and below,
        // and a blank row parts it from the next line.
        assert!(pair[0].height >= font_h + 3);
        assert!(pair[1].y >= pair[0].y + font_h + 3);
    }
}

/// An AmigaGuide button's box touches none of the letters beside it: the
/// ")" after "(see [Rules])" and the "(" before it read as they do with no
/// box there (its sides stand in their cells' blank gap columns).
#[test]
fn a_button_box_leaves_the_letters_beside_it_whole() {
    for id in [MachineId::AmigaPal, MachineId::AmigaDblPal] {
        let (m, area) = machine(id);
        let drawn = |spans: Vec<Span>| {
            let doc = Document { nodes: vec![node("MAIN", vec![para(spans)]), node("two", vec![])], ..guide() };
            let v = Viewer::new(doc, None);
            let mut s = m.new_surface();
            v.draw(&mut s, &m, area);
            (s, v.panes(&m, area).text, v.layout(&v.panes(&m, area)).lines[0].clone())
        };
        // A button at the line's end in both gives the line the same rows.
        let end = || link(" ", Target::node("two"));
        let (boxed, pane, line) = drawn(vec![text("("), link("Rules", Target::node("two")), text(")"), end()]);
        let (bare, _, _) = drawn(vec![text("(Rules)"), end()]);
        let cell = m.look().text_font.text_width("(") as i32;
        let left = pane.x + line.items[0].x;
        for (name, x) in [("(", left), (")", left + 6 * cell)] {
            // A cell's last column is its blank gap, where a box may stand.
            let same =
                (pane.y..pane.y + line.height).all(|y| (x..x + cell - 1).all(|x| boxed.get(x, y) == bare.get(x, y)));
            assert!(same, "{id}: the box crosses the {name:?} beside it");
        }
    }
}

/// On the Mac a link is underlined words: a guide's button label loses
/// the spaces that pad it, which would stand as gaps in the sentence and
/// an underline under them as a stray rule.
#[test]
fn a_padded_label_is_underlined_under_its_words_only() {
    let (m, area) = machine(MachineId::MacSe30);
    let v = Viewer::new(guide(), None);
    let mut s = m.new_surface();
    v.draw(&mut s, &m, area);
    // " Two ": the link is as wide as the word, and ink starts at once.
    let r = v.visible_links(&m, area)[0].0;
    let font = m.look().text_font;
    assert!(r.w <= font.text_width("Two") as i32 + 1, "{} wide for \"Two\"", r.w);
    let paper = s.get(area.right() - 20, r.y);
    let ink_at = |x: i32| (r.y..r.bottom()).any(|y| s.get(x, y) != paper);
    assert!(ink_at(r.x + 1) && ink_at(r.x + r.w / 2), "the words are drawn and underlined");
}

/// The Mac's dotted link underline stands a row clear of the letters and
/// leaves the spaces between a link's words bare: a dot there reads as a
/// full stop ("Card.solitaire").
#[test]
fn a_mac_link_underline_is_clear_of_its_letters_and_its_spaces() {
    let (m, area) = machine(MachineId::MacSe30);
    let mut doc = guide();
    doc.nodes[0].blocks = vec![para(vec![link(" Card solitaire ", Target::node("two"))])];
    let v = Viewer::new(doc, None);
    let mut s = m.new_surface();
    v.draw(&mut s, &m, area);
    let r = v.visible_links(&m, area)[0].0;
    let paper = s.get(area.right() - 20, r.y);
    let inked = |x: i32, y: i32| s.get(x, y) != paper;
    let row_inked = |y: i32| (r.x..r.right()).any(|x| inked(x, y));
    let underline = (r.y..r.bottom()).rev().find(|&y| row_inked(y)).unwrap();
    assert!(!row_inked(underline - 1), "the underline touches the letters");
    let font = m.look().text_font;
    let space = r.x + font.text_width("Card") as i32..r.x + font.text_width("Card ") as i32;
    assert!(space.clone().all(|x| !inked(x, underline)), "a dot under the space");
    assert!((r.x..space.start).any(|x| inked(x, underline)), "the words are underlined");
}

/// A topic title too long for the Mac's list is shortened with "...", not
/// cut by the list's edge.
#[test]
fn a_long_topic_title_is_shortened_in_the_list() {
    let (m, area) = machine(MachineId::MacSe30);
    let mut doc = guide();
    doc.nodes[1].title = "A very long topic title that no list could show whole".into();
    let v = Viewer::new(doc, None);
    let mut s = m.new_surface();
    v.draw(&mut s, &m, area);
    let (list, rows, _) = v.panes(&m, area).topics.unwrap();
    // The row's last columns before the list's frame stay paper.
    let paper = s.get(list.right() - 2, rows.y + super::panes::MAC_ROW + 1);
    let row = rows.y + super::panes::MAC_ROW;
    for y in row..row + super::panes::MAC_ROW {
        assert_eq!(s.get(rows.right() - 1, y), paper, "text runs to the list's edge at y {y}");
    }
}

/// A node title too long for the AmigaGuide window's title bar is
/// shortened after a word with "...", as a game window's title is, never
/// cut through a word by the bar's end.
#[test]
fn a_long_node_title_is_shortened_in_the_guide_window() {
    let (m, area) = machine(MachineId::AmigaPal);
    let mut doc = guide();
    doc.nodes[0].title = "A node whose title is far too long for the little Amiga window".into();
    let v = Viewer::new(doc, None);
    let mut s = m.new_surface();
    v.draw(&mut s, &m, area);
    let cut: Vec<String> = s.take_clipped_text().iter().map(|c| c.to_string()).collect();
    assert!(cut.is_empty(), "{cut:?}");
}

/// Fixed-pitch text (a peg board drawn in letters) lines up in the Mac's
/// and YaZZle's fonts, whose letters differ in width: every character
/// takes a figure's width.
#[test]
fn code_text_takes_a_cell_a_character_in_proportional_fonts() {
    let code = |t: &str| Span::Text { text: t.into(), style: Style { code: true, ..Style::default() } };
    for id in [MachineId::MacSe30, MachineId::Yazzle] {
        let (m, area) = machine(id);
        let doc =
            Document { nodes: vec![node("MAIN", vec![para(vec![code("i.i")]), para(vec![code("m.m")])])], ..guide() };
        let v = Viewer::new(doc, None);
        let panes = v.panes(&m, area);
        let layout = v.layout(&panes);
        let widths: Vec<i32> = layout.lines.iter().map(|l| l.items.iter().map(|i| i.width).sum()).collect();
        assert_eq!(widths[0], widths[1], "{id:?}: {widths:?}");
        assert!(widths[0] > 0);
    }
}

/// On the Mac, Tab goes round the page's links and then to the topic
/// list, which wears a focus ring; there Up and Down choose the topic,
/// and Tab goes back to the page's links.
#[test]
fn tab_reaches_the_mac_topic_list_and_the_arrows_choose_topics() {
    let (m, area) = machine(MachineId::MacSe30);
    let mut v = Viewer::new(guide(), None);
    let panes = v.panes(&m, area);
    // Every link is a stop, those greyed too.
    let usable = v.layout(&panes).links.len();
    assert!(usable > 0);
    let mut before = m.new_surface();
    v.draw(&mut before, &m, area);
    for _ in 0..usable {
        v.input(&key(Key::Tab), &m, area);
    }
    assert!(!v.list_focused(), "the links first");
    assert_eq!(v.input(&key(Key::Tab), &m, area), Outcome::Redraw);
    assert!(v.list_focused() && v.focus().is_none());
    let mut ringed = m.new_surface();
    v.draw(&mut ringed, &m, area);
    let (list, _, _) = panes.topics.unwrap();
    let ring = list.inset(-3, -3);
    assert_ne!(before.colour_at(ring.x, ring.y + 10), ringed.colour_at(ring.x, ring.y + 10), "a focus ring");
    v.input(&key(Key::Down), &m, area);
    assert_eq!(v.node_name(), "two");
    v.input(&key(Key::Down), &m, area);
    assert_eq!(v.node_name(), "three");
    assert_eq!(v.input(&key(Key::Down), &m, area), Outcome::Unchanged, "the last topic");
    v.input(&key(Key::Home), &m, area);
    assert_eq!(v.node_name(), "MAIN");
    v.input(&key(Key::Tab), &m, area);
    assert!(!v.list_focused());
    assert_eq!(v.focus(), Some(0), "back to the page's first link");
    // Elsewhere there is no list to reach: Tab goes round the links.
    let (y, y_area) = machine(MachineId::Yazzle);
    let mut w = Viewer::new(guide(), None);
    for _ in 0..=usable {
        w.input(&key(Key::Tab), &y, y_area);
    }
    assert!(!w.list_focused());
}

/// MAIN with a link at its top, eighty lines, and a link at its end.
fn long_page() -> Document {
    let mut blocks = vec![para(vec![link(" Top ", Target::node("two"))])];
    blocks.extend((0..80).map(|i| Block { line: 2 + i, ..para(vec![text(&format!("Line {i}"))]) }));
    blocks.push(para(vec![link(" End ", Target::node("three"))]));
    let mut doc = guide();
    doc.nodes[0].blocks = blocks;
    doc
}

fn back_tab() -> Input {
    Input::Key { key: Key::Tab, mods: Modifiers { shift: true, ..Modifiers::default() } }
}

/// A link scrolled out of view is no longer chosen: Return then follows
/// nothing, and the next Tab starts from the page in view.
#[test]
fn scrolling_a_chosen_link_out_of_view_lets_it_go() {
    let (m, area) = machine(MachineId::AmigaPal);
    let mut v = Viewer::new(long_page(), None);
    // Scrolled to the end, Tab chooses the link there, not the one at the top.
    v.input(&key(Key::End), &m, area);
    let first = v.first_line(&m, area);
    v.input(&key(Key::Tab), &m, area);
    assert_eq!((v.focus(), v.first_line(&m, area)), (Some(1), first));
    v.input(&key(Key::Home), &m, area);
    assert_eq!(v.focus(), None);
    v.input(&key(Key::Enter), &m, area);
    assert_eq!(v.node_name(), "MAIN", "Return follows no link out of sight");
    v.input(&back_tab(), &m, area);
    assert_eq!((v.focus(), v.first_line(&m, area)), (Some(0), 0), "the last link in view");
}

/// Retrace comes back to the link that was followed, as well as to the
/// scroll: the next Tab goes on from there.
#[test]
fn retrace_gives_back_the_link_that_was_followed() {
    let (m, area) = machine(MachineId::AmigaPal);
    let mut v = Viewer::new(long_page(), None);
    v.input(&key(Key::End), &m, area);
    v.input(&key(Key::Tab), &m, area);
    let first = v.first_line(&m, area);
    v.input(&key(Key::Enter), &m, area);
    assert_eq!((v.node_name(), v.focus()), ("three", None));
    v.input(&key(Key::Backspace), &m, area);
    assert_eq!((v.node_name(), v.focus(), v.first_line(&m, area)), ("MAIN", Some(1), first));
    v.input(&back_tab(), &m, area);
    assert_eq!(v.focus(), Some(0), "Shift+Tab goes on from the link given back");
}

/// A document with no page to show (an empty file, one that is no guide)
/// shows what is wrong with it, file and line, wrapped to the window on
/// every machine: no blank page.
#[test]
fn a_document_with_nothing_to_show_lists_its_problems() {
    let path = PathBuf::from("/far/away/empty.guide");
    let mut doc = Document { path: path.clone(), title: "empty.guide".into(), ..Document::default() };
    doc.diagnostics.push(Diagnostic::warning(&path, 3, "text outside @NODE ... @ENDNODE is not shown"));
    doc.diagnostics.push(Diagnostic::error(&path, 1, "a guide must start with @DATABASE"));
    let v = Viewer::new(doc, None);
    let said: Vec<String> = v.node().blocks.iter().map(|b| b.plain_text()).collect();
    assert_eq!(
        said,
        [
            "empty.guide has no page to show. What is wrong with it:",
            "empty.guide:1: a guide must start with @DATABASE",
            "empty.guide:3: text outside @NODE ... @ENDNODE is not shown",
        ]
    );
    for id in MachineId::ALL {
        let (m, area) = machine(id);
        let (panes, layout) = v.framed(&m, area);
        assert!(layout.width <= panes.text.w, "{id}: wrapped to the pane");
        let narrow = id == MachineId::AmigaPal;
        assert!(!narrow || layout.lines.len() > said.len(), "{id}: the long lines wrap");
    }
    // Binary junk has a problem a line: the first few are listed.
    let mut junk = Document { path: path.clone(), ..Document::default() };
    junk.diagnostics = (1..=50).map(|n| Diagnostic::warning(&path, n, "control character 0x00 ignored")).collect();
    let v = Viewer::new(junk, None);
    let last = v.node().blocks.last().unwrap().plain_text();
    assert_eq!(last, "And 30 more: parlour lint empty.guide lists them all.");
}

/// A page's link to a file of its folder that is no help file (a picture,
/// plain text, a game type's rules) leads nowhere the viewer can go: it is
/// among the page's problems on its line, greyed, and chosen says so on
/// the page's line, not on line 1 of the file it names.
#[test]
fn a_pages_link_to_a_file_that_is_no_help_file_is_greyed_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in [("game.ini", "[General]\n"), ("notes.txt", "Notes.\n"), ("wide.png", "not a picture")] {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    std::fs::write(dir.path().join("more.html"), "<title>More</title><p>More.</p>").unwrap();
    let page = dir.path().join("t4.html");
    let body = "<title>T4</title>\n<p><a href=\"game.ini\">rules</a>\n<a href=\"notes.txt\">notes</a>\n\
        <a href=\"wide.png\">picture</a>\n<a href=\"more.html\">more</a></p>\n";
    std::fs::write(&page, body).unwrap();
    let told = |name: &str| {
        format!("the link `{name}` leads to a file help cannot show: not a help file (.guide, .imaj or .html)")
    };
    let linted: Vec<(usize, String)> = crate::help::lint(&page).iter().map(|d| (d.line, d.message.clone())).collect();
    assert_eq!(linted, [(2, told("game.ini")), (3, told("notes.txt")), (4, told("wide.png"))]);
    let (m, area) = machine(MachineId::Yazzle);
    let mut v = Viewer::new(crate::help::read_file(&page).unwrap(), None);
    let links = v.visible_links(&m, area);
    let leads: Vec<bool> = links.iter().map(|(_, t)| v.leads_somewhere(t)).collect();
    assert_eq!(leads, [false, false, false, true], "{links:?}");
    // Marked by Tab and followed, it says why on the page's line.
    v.input(&key(Key::Tab), &m, area);
    v.input(&key(Key::Enter), &m, area);
    assert_eq!(v.title(), "T4");
    assert_eq!(v.status(), format!("t4.html:2: {}", told("game.ini")));
    v.follow(&links[3].1);
    assert_eq!(v.title(), "More", "{}", v.status());
}
