//! `parlour tetris run`: a recorded game played without a window.

use std::path::{Path, PathBuf};

use clap::Subcommand;

use crate::core::save;
use crate::games::tetris::log::{self, play};
use crate::games::tetris::rules::TetrisVariant;

use super::cli::{Failure, fail};

#[derive(Subcommand, Debug)]
pub enum TetrisCommand {
    /// Play an input log (one line per event: frame count and key) or a
    /// kept game, and print `score:`, `rows:`, `level:` and `pieces:`.
    /// The same log always prints the same figures.
    Run {
        /// The seed (default: the log's `seed` line).
        #[arg(long, value_name = "S")]
        seed: Option<u64>,
        /// The input log, or a kept game (a .save file).
        #[arg(long, value_name = "FILE")]
        inputs: PathBuf,
        /// Also keep the game played, for `parlour play tetris --replay`.
        #[arg(long, value_name = "FILE")]
        save: Option<PathBuf>,
    },
}

pub fn run(command: TetrisCommand) -> Result<(), Failure> {
    match command {
        TetrisCommand::Run { seed, inputs, save } => run_log(seed, &inputs, save.as_deref()),
    }
}

fn run_log(seed: Option<u64>, inputs: &Path, keep: Option<&Path>) -> Result<(), Failure> {
    let bytes = crate::core::files::read_capped(inputs, crate::core::files::limits::SAVE)
        .map_err(|e| fail(format!("{}: cannot be read ({e})", inputs.display())))?;
    let bytes = crate::core::files::without_bom(&bytes);
    let session = if bytes.starts_with(save::MAGIC.as_bytes()) {
        save::decode(bytes, &TetrisVariant).map_err(|e| fail(format!("{}:{e}", inputs.display())))?
    } else {
        let text = String::from_utf8_lossy(bytes);
        let parsed = log::parse(inputs, &text).map_err(|d| Failure { message: d.to_string(), code: 2 })?;
        let seed = seed.or(parsed.seed).ok_or_else(|| fail("no seed: give --seed S or a `seed S` line in the log"))?;
        play(seed, &parsed)
    };
    let g = session.state();
    let mut out = String::new();
    for (name, value) in
        [("score", g.points()), ("rows", g.rows().into()), ("level", g.level().into()), ("pieces", g.pieces().into())]
    {
        out.push_str(&format!("{name}: {value}\n"));
    }
    {
        use std::io::Write as _;
        let _ = std::io::stdout().lock().write_all(out.as_bytes());
    }
    if let Some(path) = keep {
        save::save(&session, path).map_err(|e| fail(e.to_string()))?;
    }
    Ok(())
}
