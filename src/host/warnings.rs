//! Trouble with the player's own files found outside any game: a
//! settings.ini or prefs.ini that is damaged or holds a value that names
//! nothing Parlour has, a data folder that is a file. Each is said once a
//! run: on standard error at once, and in a box the window shows when it
//! can ([`take`]), as trouble with a game's own files is, so a player who
//! started Parlour from a menu, with no terminal, sees it too.
//!
//! Kept per thread: the window, and everything that reads these files for
//! it, runs on one thread, and each test runs on its own, so no test takes
//! another's box.

use std::cell::RefCell;
use std::collections::{HashSet, VecDeque};

use crate::core::sentence;
use crate::machines::Requester;

/// The title of the box that tells of trouble with settings.ini or
/// prefs.ini.
pub const SETTINGS: &str = "Settings";

/// The title of the box that tells of trouble with the data folder.
pub const DATA_FOLDER: &str = "Data Folder";

#[derive(Default)]
struct Told {
    /// Everything said this run, so that a file read again (prefs.ini
    /// is read by every game opened) is not told of again.
    said: HashSet<String>,
    /// The boxes the window has yet to show.
    waiting: VecDeque<Requester>,
}

thread_local! {
    static TOLD: RefCell<Told> = RefCell::default();
}

/// Tells of `text` (a clause, as standard error's `warning: ...` lines
/// have it) under `title`, unless it was told already this run.
pub fn warn(title: &str, text: String) {
    TOLD.with_borrow_mut(|told| {
        if told.said.insert(text.clone()) {
            tell!("warning: {text}");
            let req = Requester { title: title.into(), lines: vec![sentence(&text)], buttons: vec!["OK".into()] };
            told.waiting.push_back(req);
        }
    });
}

/// The next box to show, oldest first.
pub fn take() -> Option<Requester> {
    TOLD.with_borrow_mut(|told| told.waiting.pop_front())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_trouble_is_told_once_a_run_in_the_order_found() {
        warn(SETTINGS, "a.ini:1: first".into());
        warn(SETTINGS, "a.ini:1: first".into());
        warn(DATA_FOLDER, "second".into());
        let first = take().unwrap();
        assert_eq!((first.title.as_str(), first.lines), (SETTINGS, vec!["a.ini:1: first.".to_string()]));
        assert_eq!(take().unwrap().lines, ["Second."]);
        assert!(take().is_none());
        warn(SETTINGS, "a.ini:1: first".into());
        assert!(take().is_none(), "told again");
    }
}
