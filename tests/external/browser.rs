//! A page of the built HTML help, as headless Chromium draws it: the
//! cached help must work in a real browser, not only in Parlour.

use std::process::Command;

use parlour::gfx::image_io::decode_png;
use parlour::help::html_build::{HelpGame, build};
use parlour::solitaire::library::GameType;

use super::{Needs, root};

/// The headless browser, if one is installed.
fn chromium() -> Option<&'static str> {
    ["chromium", "chromium-browser"]
        .into_iter()
        .find(|name| Command::new(name).arg("--version").output().is_ok_and(|o| o.status.success()))
}

pub fn test() -> Needs {
    let missing = chromium().is_none().then(|| "chromium is not installed (apt-get install chromium)".to_string());
    Needs {
        name: "browser::a_built_page_renders_in_chromium",
        missing,
        installed_by_ci: true,
        run: a_built_page_renders_in_chromium,
    }
}

fn a_built_page_renders_in_chromium() {
    let browser = chromium().expect("checked before the test ran");
    let klondike = GameType::load(&root().join("game-types/Klondike")).unwrap();
    let games = [HelpGame { id: klondike.id, name: klondike.name, folder: klondike.folder }];
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
