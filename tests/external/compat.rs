//! Real files from other programs, kept in ../shared/compat: Parlour reads
//! them as their own programs do.

use parlour::games::pegs::board::Board;

use super::{Needs, shared};

pub fn test() -> Needs {
    let dir = shared().join("jumper-boards");
    let missing = (!dir.is_dir()).then(|| format!("{} is not beside the project", dir.display()));
    Needs { name: "compat::every_jumper_board_reads", missing, installed_by_ci: false, run: every_jumper_board_reads }
}

/// Every board Jumper shipped reads, and plays: each has stones to jump.
fn every_jumper_board_reads() {
    let dir = shared().join("jumper-boards");
    let mut read = 0;
    for path in std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()) {
        if path.extension().is_some_and(|x| x == "brd") {
            let bytes = std::fs::read(&path).unwrap();
            let board = Board::parse(&path.display().to_string(), &bytes).unwrap_or_else(|e| panic!("{e}"));
            let game = parlour::games::pegs::rules::Pegs::new(board);
            assert!(game.stones() > 1, "{}: {} stones", path.display(), game.stones());
            read += 1;
        }
    }
    assert!(read >= 25, "only {read} boards");
}
