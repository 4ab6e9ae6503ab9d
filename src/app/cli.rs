//! The command line: `parlour`, `list`, `play`, `shot`, `bench`.

use std::path::{Path, PathBuf};

use clap::{Args, Parser, Subcommand};

use crate::gfx::image_io::{encode_bmp, encode_png};
use crate::machines::{Depth, Machine, MachineChoice, MachineId};

use super::catalog;
use super::driver::Driver;
use super::settings;
use super::shell::Shell;

#[derive(Parser, Debug)]
#[command(
    name = "parlour",
    version,
    about = "Period card and puzzle games on software framebuffers that mimic the machines they came from.",
    long_about = "Period card and puzzle games on software framebuffers that mimic the machines they came from.\n\n\
        With no command, opens the launcher in a window.\n\n\
        Machines: yazzle (698x523, 24-bit, skins), amiga-pal (320x256, 32 colours), amiga-dblpal \
        (640x512, 16 colours), mac-se30 (512x342, 1-bit), mac-color (640x480 at depth 1, 4, 16, 256, \
        thousands or millions)."
)]
pub struct Cli {
    /// Read built-in assets (fonts, skins, art) from this folder first.
    #[arg(long, value_name = "DIR", global = true)]
    assets: Option<PathBuf>,
    #[command(flatten)]
    screen: ScreenArgs,
    #[command(subcommand)]
    command: Option<Command>,
}

/// Which screen to use.
#[derive(Args, Debug, Clone, Default)]
struct ScreenArgs {
    /// Machine: yazzle, amiga-pal, amiga-dblpal, mac-se30 or mac-color.
    #[arg(long, value_name = "M")]
    machine: Option<String>,
    /// Mac screen depth: 1, 4, 16, 256, thousands or millions.
    #[arg(long, value_name = "D")]
    depth: Option<String>,
    /// YaZZle skin (a folder name under roms-like-assets/skins).
    #[arg(long, value_name = "S")]
    skin: Option<String>,
    /// Window scale in whole pixels (default: the largest that fits 1280x1024).
    #[arg(long, value_name = "K")]
    scale: Option<u32>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the games: one per line, id and name.
    List,
    /// Play a game in a window.
    Play {
        /// A game id from `parlour list`.
        game: String,
        #[command(flatten)]
        screen: ScreenArgs,
        /// Deal number: the same seed gives the same game everywhere.
        #[arg(long, value_name = "N")]
        seed: Option<u64>,
    },
    /// Render a screen headless at the machine's native resolution.
    Shot {
        /// `launcher`, or anything `play` takes.
        target: String,
        #[command(flatten)]
        screen: ScreenArgs,
        /// Deal number (default 1).
        #[arg(long, value_name = "N", default_value_t = 1)]
        seed: u64,
        /// Output file: .png, or .bmp for a Windows bitmap.
        #[arg(short = 'o', long = "output", value_name = "FILE")]
        output: PathBuf,
    },
    /// Measure drawing and presenting a frame on every machine.
    Bench {
        /// Measuring time per figure, in milliseconds.
        #[arg(long, value_name = "MS", default_value_t = 300)]
        ms: u64,
    },
}

/// A command-line failure: the message and the exit code.
pub struct Failure {
    pub message: String,
    pub code: i32,
}

fn fail(message: impl Into<String>) -> Failure {
    Failure { message: message.into(), code: 1 }
}

impl ScreenArgs {
    fn choice(&self) -> Result<MachineChoice, Failure> {
        Ok(MachineChoice {
            id: self.machine.as_deref().map(MachineId::parse).transpose().map_err(fail)?,
            depth: self.depth.as_deref().map(Depth::parse).transpose().map_err(fail)?,
            skin: self.skin.clone(),
        })
    }

    /// Where an explicit choice is missing, fills in the machine last used
    /// in the window (only when the machine itself was not named).
    fn choice_or_last(&self) -> Result<MachineChoice, Failure> {
        let mut c = self.choice()?;
        if c.id.is_none() {
            let last = settings::last_machine();
            c.id = last.id;
            c.depth = c.depth.or(last.depth);
            c.skin = c.skin.or(last.skin);
        }
        Ok(c)
    }
}

/// Parses the arguments and runs the command.
pub fn main_with_args(args: Vec<String>) -> Result<(), Failure> {
    let cli = Cli::try_parse_from(args).map_err(|e| {
        let code = if e.use_stderr() { 2 } else { 0 };
        let _ = e.print();
        Failure { message: String::new(), code }
    })?;
    if let Some(dir) = cli.assets {
        crate::assets::set_override_dir(dir);
    }
    match cli.command {
        None => open_window(&cli.screen, "launcher", None),
        Some(Command::List) => {
            for g in catalog::games() {
                println!("{}\t{}", g.id, g.name);
            }
            Ok(())
        }
        Some(Command::Play { game, screen, seed }) => open_window(&screen, &game, seed),
        Some(Command::Shot { target, screen, seed, output }) => shot(&target, &screen.choice()?, seed, &output),
        Some(Command::Bench { ms }) => super::bench::run(ms).map(|_| ()).map_err(fail),
    }
}

/// Builds a shell showing `target` (`launcher` or a game id).
fn shell_for(target: &str, choice: &MachineChoice, seed: u64) -> Result<Shell, Failure> {
    if target.eq_ignore_ascii_case("launcher") {
        let machine = Machine::new(choice, MachineId::Yazzle).map_err(|e| fail(e.0))?;
        return Ok(Shell::launcher(machine, seed));
    }
    let game = catalog::find(target)
        .ok_or_else(|| fail(format!("unknown game `{target}`: `parlour list` shows the games there are")))?;
    let machine = Machine::new(choice, game.default_machine.unwrap_or(MachineId::Yazzle)).map_err(|e| fail(e.0))?;
    Ok(Shell::new(machine, (game.open)(seed), seed))
}

fn shot(target: &str, choice: &MachineChoice, seed: u64, output: &Path) -> Result<(), Failure> {
    let driver = Driver::new(shell_for(target, choice, seed)?);
    let bytes = match output.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
        Some("bmp") => encode_bmp(driver.frame()),
        _ => encode_png(driver.frame()),
    };
    std::fs::write(output, bytes).map_err(|e| fail(format!("{}: {e}", output.display())))
}

fn open_window(screen: &ScreenArgs, target: &str, seed: Option<u64>) -> Result<(), Failure> {
    let seed = seed.unwrap_or_else(clock_seed);
    let driver = Driver::new(shell_for(target, &screen.choice_or_last()?, seed)?);
    let result = super::window::run(driver, screen.scale);
    result.map_err(fail)
}

/// A seed for a fresh game when none was asked for.
fn clock_seed() -> u64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(1, |d| d.as_secs() ^ u64::from(d.subsec_nanos()))
}
