//! `parlour tetris run`: a recorded game played without a window.

use std::path::{Path, PathBuf};

use clap::Subcommand;

use crate::core::{Diagnostic, Game, Session, Status, decode_text, save};
use crate::games::tetris::log::{self, play};
use crate::games::tetris::rules::TetrisVariant;

use super::cli::{Failure, fail, usage};

#[derive(Subcommand, Debug)]
pub enum TetrisCommand {
    /// Play an input log (one line per event: frame count and key) or a
    /// kept game, and print `score:`, `rows:`, `level:`, `pieces:` and
    /// `game:` (over, topped out, or running). The same log always prints
    /// the same figures. A file that cannot be read, or does not read as
    /// a log or a kept game, exits 2 with its line named; a missing seed,
    /// or one against a kept game's own, exits 64; a save that cannot be
    /// written exits 1.
    Run {
        /// The seed (default: the log's `seed` line, which this replaces,
        /// with a warning). A kept game plays its own seed.
        #[arg(long, value_name = "S", value_parser = super::cli::seed_number, allow_negative_numbers = true)]
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
    // Told before the game is played and its figures printed.
    if let Some(path) = keep {
        crate::core::files::check_can_make(path).map_err(fail)?;
    }
    let session = session_of(seed, inputs)?;
    let g = session.state();
    let game = if g.status() == Status::Lost { "over (topped out)" } else { "running" };
    let mut out = String::new();
    for (name, value) in [
        ("score", g.points().to_string()),
        ("rows", g.rows().to_string()),
        ("level", g.level().to_string()),
        ("pieces", g.pieces().to_string()),
        ("game", game.to_string()),
    ] {
        out.push_str(&format!("{name}: {value}\n"));
    }
    say_raw!("{out}");
    if let Some(path) = keep {
        save::save(&session, path)
            .map_err(|e| fail(format!("{}: cannot be written ({})", path.display(), e.reason)))?;
    }
    Ok(())
}

/// The game `inputs` plays: a kept game as it was kept, or a log played
/// from `seed`. A seed that disagrees with the file's own is told of: a
/// log's is replaced (with a warning on standard error), a kept game's
/// cannot be (its moves were made on its pieces), so that is refused as
/// a usage error.
fn session_of(seed: Option<u64>, inputs: &Path) -> Result<Session<TetrisVariant>, Failure> {
    // Input that cannot be used exits 2, as `sokoban check` does, apart
    // from the 1 of a run that went wrong and the 64 of a usage error.
    let bad_input = |message: String| Failure { message, code: 2 };
    let bytes = crate::core::files::read_capped(inputs, crate::core::files::limits::SAVE)
        .map_err(|e| bad_input(format!("{}: cannot be read ({e})", inputs.display())))?;
    let bytes = crate::core::files::without_bom(&bytes);
    if bytes.starts_with(save::MAGIC.as_bytes()) {
        // FILE:LINE: reason, as every other file's error reads.
        let session = save::decode(bytes, &TetrisVariant)
            .map_err(|e| bad_input(Diagnostic::error(inputs, e.line, e.reason).to_string()))?;
        if let Some(given) = seed.filter(|&s| s != session.seed()) {
            return Err(usage(format!(
                "--seed {given}: {} is a kept game, which plays its own seed ({}); leave --seed out",
                inputs.display(),
                session.seed()
            )));
        }
        return Ok(session);
    }
    // A file that is no text (a program, a picture) is told so, not
    // quoted back byte by byte as a line that does not read.
    let bad_log = |d: Diagnostic| bad_input(d.to_string());
    let text = decode_text(bytes).map_err(|e| bad_log(Diagnostic::error(inputs, e.line, e.message)))?;
    let parsed = log::parse(inputs, &text).map_err(bad_log)?;
    if let (Some(given), Some(own)) = (seed, parsed.seed)
        && given != own
    {
        tell!("parlour: warning: --seed {given} is played, not the seed {own} of {}", inputs.display());
    }
    let seed = seed.or(parsed.seed).ok_or_else(|| usage("no seed: give --seed S or a `seed S` line in the log"))?;
    Ok(play(seed, &parsed))
}
