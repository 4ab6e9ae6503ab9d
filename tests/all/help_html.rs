//! YaZZle's HTML help: every shipped page reads cleanly, and the cached
//! help built from them works in a browser.

use std::path::{Path, PathBuf};
use std::process::Command;

use parlour::gfx::image_io::decode_png;
use parlour::help::html;
use parlour::help::html_build::{HelpGame, build};
use parlour::help::model::BlockKind;
use parlour::solitaire::library::{GameType, discover};
use parlour::solitaire::lint::HEADINGS;

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
    let written = build(&games, &root().join("guide/Help"), out.path()).unwrap();
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

/// The headless browser, if one is installed.
fn chromium() -> Option<&'static str> {
    ["chromium", "chromium-browser"]
        .into_iter()
        .find(|name| Command::new(name).arg("--version").output().is_ok_and(|o| o.status.success()))
}

#[test]
fn a_built_page_renders_in_chromium() {
    let Some(browser) = chromium() else {
        println!("skipped: chromium not installed (apt-get install chromium)");
        return;
    };
    let games: Vec<HelpGame> = games().into_iter().filter(|g| g.id == "klondike").collect();
    let out = tempfile::tempdir().unwrap();
    build(&games, &root().join("guide/Help"), out.path()).unwrap();
    let page = std::path::absolute(out.path().join("klondike.html")).unwrap();
    let shot = out.path().join("shot.png");
    let run = Command::new(browser)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=800,600"])
        .arg(format!("--screenshot={}", shot.display()))
        .arg(format!("file://{}", page.display()))
        .output()
        .unwrap();
    assert!(shot.is_file(), "no screenshot: {}", String::from_utf8_lossy(&run.stderr));
    let image = decode_png("shot", &std::fs::read(&shot).unwrap()).unwrap();
    assert_eq!((image.width, image.height), (800, 600));
    // The menu's colour on the left, the page's white and black text: a
    // page that failed to load would be one flat colour.
    let first = image.pixels[0].0;
    let colours: std::collections::HashSet<_> = image.pixels.iter().map(|p| p.0).collect();
    assert!(colours.len() > 10, "{} colours, first {first:?}", colours.len());
    let menu = image.pixels[300 * 800 + 20].0;
    let content = image.pixels[300 * 800 + 600].0;
    assert_ne!(menu, content, "the menu column is not drawn beside the content");
}
