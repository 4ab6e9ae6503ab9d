//! YaZZle's HTML help: every shipped page reads cleanly, and the cached
//! help built from them links every page (tests/external shows one in a
//! browser).

use parlour::help::html;
use parlour::help::html_build::{HelpGame, build};
use parlour::help::model::BlockKind;
use parlour::solitaire::library::{GameType, discover};
use parlour::solitaire::lint::HEADINGS;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The shipped game types, as `parlour help --html` lists them.
fn games() -> Vec<HelpGame> {
    discover(&[root().join("game-types")])
        .iter()
        .map(|folder| {
            let gt = GameType::load(folder).unwrap_or_else(|e| panic!("{}: {e:?}", folder.display()));
            HelpGame { id: gt.id, name: gt.name, folder: gt.folder }
        })
        .collect()
}

#[test]
fn every_shipped_page_reads_without_problems() {
    let games = games();
    assert!(games.len() >= 20, "only {} game types found", games.len());
    for g in &games {
        let path = g.folder.join("game.html");
        let doc = html::read(&path, &std::fs::read(&path).unwrap());
        let problems: Vec<String> = doc.diagnostics.iter().map(|d| d.to_string()).collect();
        assert!(problems.is_empty(), "{problems:#?}");
        assert_eq!(doc.title, g.name, "{}", path.display());
        let headings: Vec<String> =
            doc.nodes[0].blocks.iter().filter(|b| b.kind == BlockKind::Heading(2)).map(|b| b.plain_text()).collect();
        assert_eq!(headings, HEADINGS, "{}", path.display());
    }
    for page in ["intro.html", "playing.html", "menu.html"] {
        let path = root().join("guide/Help").join(page);
        let doc = html::read(&path, &std::fs::read(&path).unwrap());
        assert!(doc.diagnostics.is_empty(), "{:#?}", doc.diagnostics);
    }
}

/// Every `href="..."` and `src="..."` in a page.
fn addresses(page: &str) -> Vec<String> {
    let mut found = Vec::new();
    for attr in [" href=\"", " src=\""] {
        let mut rest = page;
        while let Some(at) = rest.find(attr) {
            rest = &rest[at + attr.len()..];
            let end = rest.find('"').expect("a closing quote");
            found.push(rest[..end].to_string());
            rest = &rest[end..];
        }
    }
    found
}

fn percent_decoded(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%'
            && let Some(byte) = s.get(i + 1..i + 3).and_then(|h| u8::from_str_radix(h, 16).ok())
        {
            out.push(byte);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

#[test]
fn the_cache_links_every_page_and_picture() {
    let games = games();
    let out = tempfile::tempdir().unwrap();
    let built = build(&games, &root().join("guide/Help"), out.path()).unwrap();
    assert!(built.left_out.is_empty(), "{:?}", built.left_out);
    let written = built.written;
    let out = out.path();
    assert!(out.join("Help/help.css").is_file());
    for page in ["intro.html", "playing.html", "menu.html", "gametypes.html"] {
        assert!(out.join("Help").join(page).is_file(), "{page}");
    }
    for g in &games {
        assert!(out.join(format!("{}.html", g.id)).is_file(), "{}", g.id);
        assert!(out.join(format!("{}_files/game.bmp", g.id)).is_file(), "{}", g.id);
    }
    let pages: Vec<&PathBuf> = written.iter().filter(|p| p.extension().is_some_and(|e| e == "html")).collect();
    assert_eq!(pages.len(), games.len() + 4);
    for page in pages {
        let text = std::fs::read_to_string(page).unwrap();
        let dir = page.parent().unwrap();
        assert!(text.contains("<div id=\"menu\">") && text.contains("<div id=\"content\">"), "{}", page.display());
        let list = text.contains("<div id=\"gametypes\">");
        assert_eq!(list, !page.ends_with("Help/gametypes.html"), "{}", page.display());
        let addresses = addresses(&text);
        assert!(addresses.iter().any(|a| a.ends_with("help.css")), "{}: no stylesheet", page.display());
        for address in addresses {
            assert!(!address.contains(':'), "{}: `{address}` leaves the cache", page.display());
            let file = percent_decoded(address.split('#').next().unwrap());
            assert!(dir.join(&file).is_file(), "{}: `{address}` leads nowhere", page.display());
        }
        // A game type's page marks its own entry in the list, once.
        if page.parent() == Some(out) {
            assert_eq!(text.matches("aria-current=\"page\"").count(), 1, "{}", page.display());
        }
    }
}

/// Help over a game type opened by its folder is that folder's game.html,
/// whether its id is a shipped game's (an author's own Klondike) or no
/// installed game's at all.
#[test]
fn help_over_a_game_opened_by_its_folder_is_that_folders_page() {
    use parlour::app::shell::Shell;
    use parlour::host::{Opening, Places};
    use parlour::machines::{Command, Machine, MachineChoice, MachineId};
    let shipped = root().join("game-types/Klondike");
    for name in ["Klondike", "Klondike (Vegas, Draw Three)"] {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join(name);
        std::fs::create_dir(&folder).unwrap();
        for entry in std::fs::read_dir(&shipped).unwrap() {
            let entry = entry.unwrap();
            std::fs::copy(entry.path(), folder.join(entry.file_name())).unwrap();
        }
        let ini = std::fs::read_to_string(folder.join("game.ini")).unwrap();
        std::fs::write(folder.join("game.ini"), ini.replace("Name=Klondike", &format!("Name={name}"))).unwrap();
        let page = std::fs::read_to_string(folder.join("game.html")).unwrap();
        std::fs::write(folder.join("game.html"), page.replace("<title>Klondike</title>", "<title>My Own</title>"))
            .unwrap();

        let game = parlour::app::catalog::find(folder.to_str().unwrap()).unwrap();
        let places = Places { data_dir: dir.path().join("data"), ..parlour::app::catalog::places() };
        let view = parlour::host::open(&game, &places, &Opening { seed: Some(1), fresh_seed: 1, ..Default::default() })
            .unwrap();
        let id = MachineId::Yazzle;
        let machine = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
        let mut shell = Shell::new(machine, view, 1).showing(game);
        shell.command(&Command::Help);
        assert!(shell.requester().is_none(), "{name}: {:?}", shell.requester());
        assert_eq!(shell.title(), "My Own", "{name}");
    }
}

/// On the YaZZle window the launcher's help is Parlour's manual, as on
/// every machine, and a game type's page is no dead end: its Contents
/// (a button and the Navigate menu) leads to the solitaire guide's.
#[test]
fn yazzle_help_reaches_the_manual_and_a_game_page_has_contents() {
    use parlour::app::help_source::{document_for, game_document};
    use parlour::help::viewer::Viewer;
    use parlour::help::viewer::panes::Control;
    use parlour::machines::MachineId;
    let (manual, _) = document_for(None, None, MachineId::Yazzle).unwrap();
    assert!(manual.path.ends_with("parlour.guide"), "{}", manual.path.display());

    let klondike = parlour::app::catalog::find("klondike").unwrap();
    let (page, node) = game_document(&klondike, MachineId::Yazzle).unwrap();
    assert!(page.path.ends_with("game.html"), "{}", page.path.display());
    let mut viewer = Viewer::new(page, Some(&node));
    assert!(viewer.can(Control::Contents));
    viewer.press(Control::Contents);
    assert!(viewer.document().path.ends_with("solitaire.guide"), "{}", viewer.document().path.display());
    assert_eq!(viewer.node_name(), "MAIN");
    assert!(viewer.can(Control::Retrace));
}

/// A guide of Parlour's own opens by its name alone, where no game has
/// that name (`parlour help game-ini` said "unknown game"); a game's name
/// still opens the game's help.
#[test]
fn a_guide_opens_by_its_name_without_its_ending() {
    use parlour::app::help_source::document_for;
    use parlour::machines::MachineId;
    let (doc, _) = document_for(Some("game-ini"), None, MachineId::AmigaPal).unwrap();
    assert!(doc.path.ends_with("game-ini.guide"), "{}", doc.path.display());
    let (pegs, _) = document_for(Some("pegs"), None, MachineId::AmigaPal).unwrap();
    assert!(pegs.path.ends_with("pegs.guide"), "{}", pegs.path.display());
    assert!(document_for(Some("no-such-guide"), None, MachineId::AmigaPal).is_err());
}

/// A game type of the player's own has no node in the solitaire guide:
/// on the Amiga and the Mac its help is its own game.html (with the
/// guide as its Contents), not the guide's front page; a shipped game
/// type keeps its node.
#[test]
fn a_game_type_of_ones_own_shows_its_page_on_every_machine() {
    use parlour::app::help_source::game_document;
    use parlour::machines::MachineId;
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("Corner Klondike");
    std::fs::create_dir(&folder).unwrap();
    for entry in std::fs::read_dir(root().join("game-types/Klondike")).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), folder.join(entry.file_name())).unwrap();
    }
    let ini = std::fs::read_to_string(folder.join("game.ini")).unwrap();
    std::fs::write(folder.join("game.ini"), ini.replace("Name=Klondike", "Name=Corner Klondike")).unwrap();
    let own = parlour::app::catalog::find(folder.to_str().unwrap()).unwrap();
    let shipped = parlour::app::catalog::find("klondike").unwrap();
    for machine in [MachineId::AmigaPal, MachineId::AmigaDblPal, MachineId::MacSe30, MachineId::MacColor] {
        let (page, node) = game_document(&own, machine).unwrap();
        assert!(
            page.path.starts_with(&folder) && page.path.ends_with("game.html"),
            "{machine:?}: {}",
            page.path.display()
        );
        assert!(page.node(&node).is_some() && page.contents.is_some(), "{machine:?}");
        let (guide, node) = game_document(&shipped, machine).unwrap();
        assert!(guide.path.ends_with("solitaire.guide"), "{machine:?}: {}", guide.path.display());
        assert_eq!(node, "klondike");
    }
}

/// The game's help read over a game follows a machine switch: on the
/// Amiga it is the guide's page, as F1 there would open, not YaZZle's
/// game.html in Amiga dress; closing it returns to the game.
#[test]
fn the_games_help_follows_a_machine_switch() {
    use parlour::app::shell::Shell;
    use parlour::host::{Opening, Places};
    use parlour::machines::{Command, Machine, MachineChoice, MachineId};
    let dir = tempfile::tempdir().unwrap();
    let shell_on = |id: MachineId| {
        let game = parlour::app::catalog::find("klondike").unwrap();
        let places = Places { data_dir: dir.path().to_path_buf(), ..parlour::app::catalog::places() };
        let view = parlour::host::open(&game, &places, &Opening { seed: Some(1), fresh_seed: 1, ..Default::default() })
            .unwrap();
        let machine = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
        Shell::new(machine, view, 1).showing(game)
    };
    let mut amiga = shell_on(MachineId::AmigaPal);
    amiga.command(&Command::Help);
    let on_the_amiga = amiga.title();
    let mut shell = shell_on(MachineId::Yazzle);
    let the_game = shell.title();
    shell.command(&Command::Help);
    assert_ne!(shell.title(), on_the_amiga, "the two machines' help differ");
    shell.command(&Command::Machine(MachineId::AmigaPal));
    assert_eq!(shell.title(), on_the_amiga);
    shell.command(&Command::Close);
    assert_eq!(shell.title(), the_game, "back at the game");
    // A reader gone on from the page the help opened at (here to the
    // guide's contents) keeps their place through a switch, as long as the
    // help is open; retraced back to that page, the help follows the
    // machine again.
    let contents = parlour::machines::ViewCommand("help-contents");
    let screen = |shell: &Shell| {
        let mut s = shell.machine().new_surface();
        shell.render(&mut s);
        s.pixels().to_vec()
    };
    let on_the_mac = |read_on: bool| {
        let mut mac = shell_on(MachineId::MacSe30);
        mac.command(&Command::Help);
        if read_on {
            mac.command(&Command::View(contents));
        }
        screen(&mac)
    };
    let (mac_contents, mac_game_page) = (on_the_mac(true), on_the_mac(false));
    assert_ne!(mac_contents, mac_game_page, "the contents are another page");
    shell.command(&Command::Help);
    shell.command(&Command::View(contents));
    assert_eq!(shell.title(), "solitaire.guide", "the Amiga names the document");
    shell.command(&Command::Machine(MachineId::MacSe30));
    assert!(screen(&shell) == mac_contents, "the reader's place is kept on the Mac");
    shell.command(&Command::Machine(MachineId::Yazzle));
    // YaZZle's window names the topic shown: the guide's contents still.
    assert_eq!(shell.title(), "Game types", "and on YaZZle, whose own help for the game is its game.html");
    shell.command(&Command::View(parlour::machines::ViewCommand("help-retrace")));
    shell.command(&Command::Machine(MachineId::MacSe30));
    assert!(screen(&shell) == mac_game_page, "back on the page it opened at, the help follows");
}

/// Every shipped game type's page (F1 at the table on YaZZle) says how it
/// plays from the keyboard, in its Game Play section: Pyramid, Golf, Aces
/// Up, Yukon and Baker's Dozen play with the arrows and Space as well as
/// any, and no page said so.
#[test]
fn every_shipped_page_says_its_keys() {
    for g in &games() {
        let path = g.folder.join("game.html");
        let doc = html::read(&path, &std::fs::read(&path).unwrap());
        let blocks = &doc.nodes[0].blocks;
        let section = |b: &&parlour::help::model::Block| b.kind == BlockKind::Heading(2);
        let play = blocks.iter().position(|b| section(&b) && b.plain_text() == "Game Play").expect("Game Play");
        let end = blocks[play + 1..].iter().position(|b| section(&b)).map_or(blocks.len(), |i| play + 1 + i);
        let text: String = blocks[play..end].iter().map(|b| b.plain_text()).collect::<Vec<_>>().join(" ");
        assert!(text.contains("arrow keys") && text.contains("Space"), "{}: no keys in Game Play", path.display());
    }
}

/// The help's own pages (Help/intro.html, Help/playing.html) name every
/// command of a solitaire game's Game and Solver menus on the YaZZle
/// window, the machine this help is YaZZle's for, each with its key where
/// it has one ("N for New Game" or "Hint (Ctrl+T"). The File and Machine
/// menus are Parlour's, told of in its manual. Playing once told of
/// neither Hint nor the keyboard, and said Pyramid was played by clicking.
#[test]
fn the_help_pages_name_the_game_and_solver_menus_with_their_keys() {
    use parlour::machines::MachineId;
    let text: String = ["intro.html", "playing.html"]
        .iter()
        .map(|page| std::fs::read_to_string(root().join("guide/Help").join(page)).unwrap())
        .collect();
    // The pages' words, tags left out, on one line.
    let mut words = String::new();
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            _ if in_tag => {}
            _ => words.push(c),
        }
    }
    let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
    let items = super::support::menu_items("klondike", &[MachineId::Yazzle]);
    let mut wrong = Vec::new();
    for (title, item) in items.iter().filter(|(title, _)| ["Game", "Solver"].contains(&title.as_str())) {
        let label = item.label.trim_end_matches("...");
        if !words.contains(label) {
            wrong.push(format!("{title} > {label}: not named"));
        } else if let Some(key) = item.key.map(|k| k.to_ascii_uppercase())
            && !words.contains(&format!("{key} for {label}"))
            && !words.contains(&format!("{} (Ctrl+{key}", item.label))
        {
            wrong.push(format!("{title} > {label}: its key, Ctrl+{key}, not given"));
        }
    }
    assert!(items.len() >= 20, "only {} items found", items.len());
    if !words.contains("Playing by Keyboard") {
        wrong.push("no page tells of the keyboard".into());
    }
    if words.contains("play by clicking") {
        wrong.push("a page says a game is played by clicking only".into());
    }
    assert!(wrong.is_empty(), "the help's pages and the menus differ:\n{}", wrong.join("\n"));
}

/// `parlour lint .` run inside a game type's folder lets its page link to
/// another game type's page beside it, as lint of the folder named any
/// other way does (the folder `.` has no name of its own to go up from).
#[test]
fn lint_run_inside_a_game_type_lets_its_page_reach_another_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    let klondike = Path::new(env!("CARGO_MANIFEST_DIR")).join("game-types/Klondike");
    for name in ["Mine", "Other"] {
        let to = dir.path().join(name);
        std::fs::create_dir(&to).unwrap();
        for file in ["game.ini", "game.html", "game.bmp"] {
            std::fs::copy(klondike.join(file), to.join(file)).unwrap();
        }
    }
    let page = dir.path().join("Mine/game.html");
    let linked = std::fs::read_to_string(&page).unwrap().replacen(
        "<h2>",
        "<p>See <a href=\"../Other/game.html\">the other game</a>.</p>\n<h2>",
        1,
    );
    std::fs::write(&page, linked).unwrap();
    for (at, target) in [(dir.path().join("Mine"), "."), (dir.path().to_path_buf(), "Mine")] {
        let out = super::support::parlour().current_dir(&at).args(["lint", target]).output().unwrap();
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success() && !said.contains("leads out"), "lint {target}: {said}");
    }
}

/// A game type's page, and a page linted alone, linking a file beside it
/// that is no help file (its rules, a text file) are warned of on the
/// link's line, once, as are a javascript: and a file: address: the help
/// greys them all (lint said nothing of the first two, and of the page
/// alone nothing of the addresses either).
#[test]
fn lint_warns_of_links_the_help_greys_on_their_lines() {
    let dir = tempfile::tempdir().unwrap();
    let klondike = Path::new(env!("CARGO_MANIFEST_DIR")).join("game-types/Klondike");
    let mine = dir.path().join("Mine");
    std::fs::create_dir(&mine).unwrap();
    for file in ["game.ini", "game.html", "game.bmp"] {
        std::fs::copy(klondike.join(file), mine.join(file)).unwrap();
    }
    std::fs::write(mine.join("notes.txt"), "Notes.\n").unwrap();
    let links = "<p><a href=\"game.ini\">rules</a> <a href=\"notes.txt\">notes</a>\n\
        <a href=\"javascript:go()\">go</a> <a href=\"file:///etc/passwd\">x</a></p>\n";
    let page = mine.join("game.html");
    let text = std::fs::read_to_string(&page).unwrap();
    let at = text.find("<h2>").unwrap();
    let line = text[..at].matches('\n').count() + 1;
    std::fs::write(&page, format!("{}{links}{}", &text[..at], &text[at..])).unwrap();
    let plain = mine.join("t4.html");
    std::fs::write(&plain, format!("<title>T4</title>\n{links}")).unwrap();
    let no_help = |name: &str| {
        format!("the link `{name}` leads to a file help cannot show: not a help file (.guide, .imaj or .html)")
    };
    let expected = |page: &str, line: usize| {
        [
            format!("{page}:{line}: warning: {}", no_help("game.ini")),
            format!("{page}:{line}: warning: {}", no_help("notes.txt")),
            format!("{page}:{}: warning: a javascript: address is never run by the help; leave it out", line + 1),
            format!(
                "{page}:{}: warning: a file: address is never opened by the help; name a file in the page's folder instead",
                line + 1
            ),
        ]
    };
    for (target, page, line) in [("Mine", "Mine/game.html", line), ("Mine/t4.html", "Mine/t4.html", 2)] {
        let out = super::support::parlour().current_dir(dir.path()).args(["lint", target]).output().unwrap();
        let said = String::from_utf8_lossy(&out.stdout);
        // Only the lines of the links: a copied page has its own warnings.
        let of_links = |l: &&str| [line, line + 1].iter().any(|n| l.starts_with(&format!("{page}:{n}:")));
        let told: Vec<&str> = said.lines().filter(of_links).collect();
        assert_eq!(told, expected(page, line), "lint {target}: {said}");
    }
}
