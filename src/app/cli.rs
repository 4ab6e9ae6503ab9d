//! The command line: `parlour`, `list`, `play`, `shot`, `bench`, `lint`.

use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use clap::{Args, Parser, Subcommand};

use crate::core::files::{self, limits, read_capped, without_bom};
use crate::core::{escape_controls, escaped_path, shell_quoted};
use crate::games::pegs::board::Board;
use crate::gfx::image_io::{encode_bmp, encode_png};
use crate::gfx::{ClippedText, Rect, Surface};
use crate::help::model::{Document, loose_key};
use crate::help::viewer::Viewer;
use crate::machines::{Depth, Input, Machine, MachineChoice, MachineId};
use crate::solitaire::lint as solitaire_lint;
use crate::solitaire::spec::Diagnostic;

use crate::host::{Opening, Record, lint_game_type};

use super::catalog;
use super::contact::Screen;
use super::driver::Driver;
use super::settings;
use super::shell::Shell;

#[derive(Parser, Debug)]
#[command(disable_help_subcommand = true)]
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
    /// Screen depth of mac-color (the only machine with a choice): 1, 4, 16, 256, thousands or millions.
    #[arg(long, value_name = "D")]
    depth: Option<String>,
    /// Skin of yazzle (the only machine with skins): plastique, plastiquev2 or transcrippled.
    #[arg(long, value_name = "S")]
    skin: Option<String>,
    /// Window scale in whole pixels, 1 to 16, at most what the screen holds (default: the largest at
    /// which the window fits the screen, 64 lines left for its title bar and a panel; 1280x1024
    /// where the size is unknown).
    #[arg(long, value_name = "K", value_parser = window_scale, allow_negative_numbers = true)]
    scale: Option<u32>,
}

/// The most screen pixels a window gives one framebuffer pixel: the
/// Amiga PAL's 320 x 256 at 16 is 5120 x 4096, more than any screen;
/// much more would be larger than X allows a window to be.
const MAX_SCALE: u32 = 16;

/// `--scale`: a whole number from 1 to [`MAX_SCALE`], refused as the
/// command line is read (a window 0 pixels wide is an X error).
fn window_scale(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(k) if (1..=MAX_SCALE).contains(&k) => Ok(k),
        _ => Err(format!("the scale is a whole number of screen pixels to a pixel, from 1 to {MAX_SCALE}")),
    }
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the games: one per line, id and name.
    List,
    /// Play a game in a window.
    Play {
        /// A game id or name from `parlour list`, or a path: a game-type folder or
        /// its game.ini, a peg board (.brd), a Sokoban level set (.xsb,
        /// `FILE:N` for its level N) or a kept game (.save). With --replay it
        /// may be left out: the kept game names its game.
        #[arg(required_unless_present = "replay")]
        game: Option<String>,
        #[command(flatten)]
        screen: ScreenArgs,
        /// Deal number: the same seed gives the same game everywhere.
        #[arg(long, value_name = "N", value_parser = seed_number, allow_negative_numbers = true, conflicts_with = "replay")]
        seed: Option<u64>,
        /// Replay this kept game (Save a Copy, or `tetris run --save`) from its
        /// deal, frame by frame, instead of playing.
        #[arg(long, value_name = "FILE")]
        replay: Option<PathBuf>,
    },
    /// Render a screen headless at the machine's native resolution. It
    /// plays as `play` does, keeping the game's journal and statistics
    /// (set PARLOUR_DATA_DIR to keep a player's apart).
    Shot {
        /// `launcher`, or anything `play` takes.
        target: String,
        #[command(flatten)]
        screen: ScreenArgs,
        /// Deal number; without it the game resumes where it was left
        /// (or deals number 1).
        #[arg(long, value_name = "N", value_parser = seed_number, allow_negative_numbers = true)]
        seed: Option<u64>,
        /// Output file: .png, or .bmp for a Windows bitmap; another name is
        /// refused (with --all-machines, a folder).
        #[arg(short = 'o', long = "output", value_name = "FILE")]
        output: PathBuf,
        /// Render on every machine at every depth into the folder given
        /// by -o, one MACHINE[-DEPTH].png each.
        #[arg(long, conflicts_with_all = ["machine", "depth", "skin"])]
        all_machines: bool,
        /// Play these input events first, one a line (`-` reads standard
        /// input): click X Y [left|middle|right], double X Y, drag X1 Y1 X2 Y2,
        /// wheel X Y NOTCHES, key NAME (z, Return, Escape, Left, Space, ctrl+z...), menu TITLE > ITEM,
        /// wait MS. Coordinates are the machine's framebuffer pixels.
        #[arg(long, value_name = "FILE")]
        events: Option<PathBuf>,
    },
    /// Lay out every game on a row of machines in one labelled picture,
    /// to review the whole look at once; screens that cut text off are
    /// framed in red and listed on standard error (which names each game
    /// as it is laid out).
    Sheet {
        /// The picture to write: .png, or .bmp for a Windows bitmap.
        #[arg(short = 'o', long = "output", value_name = "FILE")]
        output: PathBuf,
        /// Only these games (ids, comma-separated).
        #[arg(long, value_name = "ID,...", value_delimiter = ',')]
        games: Vec<String>,
        /// These screens, in order (MACHINE or MACHINE:DEPTH, comma-separated;
        /// default yazzle, amiga-pal, amiga-dblpal, mac-se30, mac-color:4,
        /// mac-color:256).
        #[arg(long, value_name = "M,...", value_delimiter = ',')]
        screens: Vec<String>,
        /// Show each game's help instead of its table.
        #[arg(long)]
        help_pages: bool,
    },
    /// Show help: a game's (its id), a help file's (.guide, .imaj, .html),
    /// or Parlour's own manual; or build YaZZle's HTML help with --html.
    Help {
        /// A game id or name from `parlour list`, a game-type folder (its game.html), a help file, or the name of one of
        /// Parlour's guides (game-ini.guide).
        target: Option<String>,
        /// Open at this node (topic).
        #[arg(long, value_name = "NAME")]
        node: Option<String>,
        #[command(flatten)]
        screen: ScreenArgs,
        /// Render the viewer headless to this picture (.png, or .bmp for a
        /// Windows bitmap) instead of opening a window.
        #[arg(long, value_name = "FILE.png", conflicts_with = "html")]
        shot: Option<PathBuf>,
        /// Write YaZZle's cached HTML help (every game type's page with the
        /// menu and the game types list) into this folder.
        #[arg(long, value_name = "DIR", conflicts_with_all = ["target", "node"])]
        html: Option<PathBuf>,
    },
    /// Print the statistics of a game (or of every game played), one
    /// `key: value` a line.
    Stats {
        /// A game id or name from `parlour list`; without it, every game played.
        game: Option<String>,
        /// Clear the statistics of GAME (every size, board or level that
        /// `parlour stats GAME` shows), printing what was cleared.
        #[arg(long)]
        reset: bool,
    },
    /// Measure drawing and presenting a frame on every machine; with
    /// `rummi`, time the Rummi Expert on random positions.
    Bench {
        /// `rummi` for the Rummi Expert; nothing for the machines.
        #[arg(value_parser = ["rummi"])]
        what: Option<String>,
        /// Measuring time per figure, in milliseconds (default 300; the
        /// machines alone).
        #[arg(long, value_name = "MS", value_parser = super::bench::milliseconds, allow_negative_numbers = true)]
        ms: Option<u64>,
        /// Rummi: how many positions (default 1000).
        #[arg(long, value_name = "N", value_parser = super::rummi::positions_count, allow_negative_numbers = true)]
        positions: Option<usize>,
        /// Rummi: the seed the positions come from (default 1).
        #[arg(long, value_name = "N", value_parser = seed_number, allow_negative_numbers = true)]
        seed: Option<u64>,
        /// Rummi: keep the positions in this JSON-lines file.
        #[arg(long, value_name = "FILE")]
        keep: Option<PathBuf>,
        /// Rummi: time the HiGHS ILP solver on the same positions too
        /// (needs python3 with highspy).
        #[arg(long)]
        highs: bool,
    },
    /// Ask the Rummi Expert for its play on a position.
    Rummi {
        #[command(subcommand)]
        action: RummiAction,
    },
    /// Print the position right after the deal of a solitaire game type.
    ///
    /// Only card games deal: a game that is not a solitaire game type (a
    /// peg board, Tetris) exits 1, as does a deal that cannot be made.
    Deal {
        /// A game type id from `parlour list`, or its folder.
        game: String,
        /// Game number N, as a window deals it (default 1): deal N, or
        /// where deals are winnable only (the mode's Only=1, or Winnable
        /// Deals Only in a card game's Solver menu), the deal that game N is.
        #[arg(long, value_name = "N", value_parser = seed_number, allow_negative_numbers = true, conflicts_with = "ms")]
        seed: Option<u64>,
        /// Microsoft FreeCell deal number (FreeCell-family game types).
        #[arg(long, value_name = "N", value_parser = ms_deal_number, allow_negative_numbers = true)]
        ms: Option<u32>,
        /// The rules: easy or hard, as [EasyMode] and [HardMode] give them
        /// (default easy; CardGames Solitaire's, as its window plays it, is
        /// the panel's Draws: one card easy, three hard). The Chance has
        /// none: its window's Sequences rule stands.
        #[arg(long, value_name = "easy|hard", value_parser = super::solve_cmd::mode_named)]
        mode: Option<crate::solitaire::rules::Mode>,
        /// `fcs` prints the tableau in Freecell Solver's board format.
        #[arg(long, value_name = "FORMAT", value_parser = ["fcs"])]
        format: Option<String>,
    },
    /// Write game.bmp for game-type folders (200 x 150, 256 colours, as YaZZle wants it).
    ///
    /// The same picture is left alone; a different one is kept as
    /// game.bmp.bak (game.bmp.bak.1, .2... where that holds another). --all
    /// draws your own game types (the built-in ones come with their
    /// pictures) and names any it cannot read.
    // Folders or --all: either is enough, so a command line with neither
    // names both.
    #[command(group(clap::ArgGroup::new("what").args(["paths", "all"]).required(true)))]
    Capture {
        /// Game-type folders, their game.ini files, or the ids of game types of your own (required unless --all is given).
        #[arg(value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// Draw your own game types, in ./game-types and the data folder (the built-in ones come with
        /// their pictures).
        #[arg(long, conflicts_with = "paths")]
        all: bool,
    },
    /// Find a winning line for a solitaire deal or a peg board (.brd) and
    /// print its moves, or say it is unsolvable.
    ///
    /// Moves name piles by a letter and a number from 1 (S stock, W waste,
    /// F foundation, T tableau, R reserve or free cell): T3>F1 puts tableau
    /// 3's top card on foundation 1, T3:4>T7 its top four cards on tableau
    /// 7, S1 deals from the stock, R turns the waste over, T3+W1 takes off
    /// a pair (adding games), T12 one card alone. Peg jumps go from-to
    /// (d2-d4). See `parlour help parlour.guide --node Moves`.
    ///
    /// Exit codes: 0 won, 1 lost (proven), 2 undecided (a limit was
    /// reached), 3 a game it cannot find or solve (unknown, not a solitaire
    /// game type, a board that cannot be read, --ms for a game without
    /// Microsoft deals) or an option the game does not take (--seed for a
    /// peg board), 64 a command line that does not parse or an option
    /// given a value it cannot take (--mode medium, --seed abc, --nodes 0),
    /// 130 stopped by Ctrl+C (undecided, with the positions searched by
    /// then; a second Ctrl+C ends it at once).
    Solve(super::solve_cmd::SolveArgs),
    /// Solve a range of deals with a progress bar: won, lost and undecided
    /// counts, time per deal, peak memory, and a CSV of every deal.
    ///
    /// Exit codes: 0 done (whatever the deals' results), 3 a game it
    /// cannot find or solve, or a CSV file that cannot be written, 64 a
    /// command line that does not parse or an option given a value it
    /// cannot take (--mode medium, --to before --from, --jobs 0), 130
    /// stopped by Ctrl+C, the deals solved by then summed up and in the CSV.
    Survey(super::survey::SurveyArgs),
    /// Check moves on a Sokoban level, or solve it.
    Sokoban {
        #[command(subcommand)]
        action: super::sokoban_cmd::SokobanCommand,
    },
    /// Play Tetris from an input log without a window, and print the figures.
    Tetris {
        #[command(subcommand)]
        action: super::tetris_cmd::TetrisCommand,
    },
    /// Print a MineSweeper board as a game deals it: `parlour mines deal
    /// --width W --height H --mines M --seed S --first X,Y [--no-guess]`.
    ///
    /// Exit codes: 0 the board printed, 64 a command line that does not
    /// parse or a value past its limit (--width 31, --first 9,0 on a field
    /// 9 wide, a no-guess field too dense to deal).
    Mines {
        #[command(subcommand)]
        action: super::mines_cli::MinesCommand,
    },
    /// Check game data: a solitaire game-type folder (game.ini, game.html,
    /// game.bmp), a game.ini file, a game type by its id (`klondike`) or name
    /// (one left out for its errors too), a
    /// peg board, a Sokoban level set or a help file. Prints every problem as `file:line: message`; exits 1 if any is an
    /// error.
    ///
    /// Warnings alone exit 0. What passes gets one line saying so
    /// (`PATH: no problems found`, or `PATH: no errors (2 warnings)`),
    /// and in a folder with errors so does each file in it that passes,
    /// unless --quiet is given. Peg boards (.brd), Sokoban levels (.xsb)
    /// and help files (.guide, .imaj, .html) are checked too, and every one
    /// of them in a folder.
    Lint {
        /// Folders or files to check, or game ids (the game type played
        /// under that id). None checks every folder Parlour reads games
        /// from, as the launcher lists them.
        #[arg(value_name = "PATH|GAME")]
        paths: Vec<PathBuf>,
        /// Print only the problems: nothing for what passes.
        #[arg(long, short)]
        quiet: bool,
    },
    /// Copy a card solitaire game type to start a variant from: a folder
    /// of your own, its files writable, its [General] Name the new name.
    ///
    /// It goes into the game-types folder of your data folder, where
    /// Parlour finds it from any folder (or into --into), and its path is
    /// printed: edit its game.ini, then `parlour lint` and `parlour
    /// capture` it.
    NewType {
        /// The game type to copy: its id (`parlour list`) or its folder.
        from: String,
        /// The new game type's name, which is its folder's name too (one
        /// Windows takes as well: no `?`, `:` or `*`, no trailing dot; at
        /// most 100 bytes) and its game.ini's [General] Name (no `;` at
        /// its start or after a space, not wholly in quotes).
        name: String,
        /// The folder to put it in (default: the data folder's game-types).
        #[arg(long, value_name = "DIR")]
        into: Option<PathBuf>,
    },
}

#[derive(Subcommand, Debug)]
enum RummiAction {
    /// Print the Expert's play as one JSON line:
    /// {"played":[...],"table":[[...],...]}. Tiles are a colour letter (R
    /// red, B blue, Y yellow, K black) and a number 1-13. A rack or table
    /// that does not read exits 64; a batch file that cannot be read, or
    /// one of whose lines does not read, exits 2 with the line named.
    // One position or a file of them: either is enough, so a command line
    // with neither names both.
    #[command(group(clap::ArgGroup::new("position").args(["rack", "batch"]).required(true)))]
    Best {
        /// The rack: tiles separated by spaces, e.g. "R1 B13 Y7".
        #[arg(long, value_name = "TILES")]
        rack: Option<String>,
        /// The table's sets, separated by |, e.g. "R1 R2 R3 | B5 Y5 K5".
        #[arg(long, value_name = "SETS", conflicts_with = "batch")]
        table: Option<String>,
        /// A first play: it must total at least 30, or play nothing.
        #[arg(long, conflicts_with = "batch")]
        first: bool,
        /// Answer every line of FILE, each {"rack":[...],"table":[[...]],"first":false}.
        #[arg(long, value_name = "FILE")]
        batch: Option<PathBuf>,
    },
}

/// A command-line failure: the message and the exit code.
pub struct Failure {
    pub message: String,
    pub code: i32,
}

pub(super) fn fail(message: impl Into<String>) -> Failure {
    Failure { message: message.into(), code: 1 }
}

/// An option given a value it cannot take: exits as a command line that
/// does not parse does ([`USAGE_ERROR`]), `--machine vic20` as `--scale 17`.
pub(super) fn usage(message: impl Into<String>) -> Failure {
    Failure { message: message.into(), code: USAGE_ERROR }
}

impl ScreenArgs {
    fn is_empty(&self) -> bool {
        self.machine.is_none() && self.depth.is_none() && self.skin.is_none() && self.scale.is_none()
    }

    /// The screen a command names, where it leaves a choice out taking the
    /// one given before the command (`parlour --machine amiga-pal play
    /// klondike`, as `--help` lists the options there).
    fn or(self, before: &ScreenArgs) -> ScreenArgs {
        ScreenArgs {
            machine: self.machine.or_else(|| before.machine.clone()),
            depth: self.depth.or_else(|| before.depth.clone()),
            skin: self.skin.or_else(|| before.skin.clone()),
            scale: self.scale.or(before.scale),
        }
    }

    fn choice(&self) -> Result<MachineChoice, Failure> {
        Ok(MachineChoice {
            id: self.machine.as_deref().map(MachineId::parse).transpose().map_err(usage)?,
            depth: self.depth.as_deref().map(Depth::parse).transpose().map_err(usage)?,
            skin: self.skin.clone(),
        })
    }

    /// The screen typed, to be used as it is (`shot`: a picture does not
    /// depend on the machine last used in the window).
    fn picked(&self) -> Result<Picked, Failure> {
        let typed = self.choice()?;
        Ok(Picked { choice: typed.clone(), typed })
    }

    /// The screen typed, the rest as last used (see
    /// [`settings::typed_or_kept`]).
    fn picked_or_last(&self) -> Result<Picked, Failure> {
        let typed = self.choice()?;
        let choice = settings::typed_or_kept(&typed, &settings::data_dir());
        Ok(Picked { typed, choice })
    }
}

/// The screen a command is to use: what was typed, and the choice made of
/// it.
struct Picked {
    typed: MachineChoice,
    choice: MachineChoice,
}

impl Picked {
    /// A screen not typed (each of every machine and depth in turn).
    fn exactly(choice: MachineChoice) -> Picked {
        Picked { typed: MachineChoice::default(), choice }
    }

    /// The machine, `default` where none was chosen. A depth or skin typed
    /// for a machine that has none is refused, naming the machine that
    /// does (a remembered one never is: the settings keep only what works
    /// on the machine they keep it for).
    fn machine(&self, default: MachineId) -> Result<Machine, Failure> {
        let id = self.choice.id.unwrap_or(default);
        let (has_depths, has_skins) = (MachineId::MacColor, MachineId::Yazzle);
        let refused = |option: String, meant: MachineId, lacks: &str| {
            let why = if self.typed.id.is_some() {
                format!("{option} is for {meant} only: {id} has no {lacks}")
            } else {
                let whence =
                    if self.choice.id.is_some() { "the machine used last" } else { "the one it opens on unless told" };
                format!(
                    "{option} is for {meant} only, and without --machine this opens on {id} ({whence}): \
                     add --machine {meant}"
                )
            };
            usage(why)
        };
        if let Some(d) = self.typed.depth
            && id != has_depths
        {
            return Err(refused(format!("--depth {}", d.name()), has_depths, "depths to choose from"));
        }
        if let Some(skin) = &self.typed.skin
            && id != has_skins
        {
            return Err(refused(format!("--skin {skin}"), has_skins, "skins"));
        }
        // A skin that is not there is the player's typing; one that is
        // there but broken is not.
        if let Some(skin) = &self.typed.skin {
            crate::machines::skin::resolve(skin).map_err(usage)?;
        }
        Machine::new(&self.choice, default).map_err(|e| fail(e.0))
    }
}

/// The `--scale` asked of a command that renders a picture rather than
/// opening a window (`shot`, `help --shot`), which would ignore it.
fn picture_scale(command: Option<&Command>, before: &ScreenArgs) -> Option<u32> {
    match command {
        Some(Command::Shot { screen, .. }) | Some(Command::Help { screen, shot: Some(_), .. }) => {
            screen.scale.or(before.scale)
        }
        _ => None,
    }
}

/// The kinds of picture `shot`, `sheet` and `help --shot` write, chosen by
/// the file name's extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PictureFile {
    Png,
    Bmp,
}

impl PictureFile {
    /// The kind `path` names (.png or .bmp, in any case), or why it names
    /// none: told before anything is rendered, so that a picture is never
    /// written under a name that says it is something else. A device or a
    /// pipe (/dev/null, /dev/stdout) takes a PNG. A folder in the
    /// picture's place, or none to write it in, is told of before too (a
    /// sheet takes seconds), and exits as the writing would have failed
    /// (1), as a survey's CSV does (its 3): only a name that could never be
    /// a picture's is a usage error.
    fn of(path: &Path) -> Result<PictureFile, Failure> {
        let stream = std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir());
        files::check_can_make(path).map_err(fail)?;
        match path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
            Some("png") => Ok(PictureFile::Png),
            Some("bmp") => Ok(PictureFile::Bmp),
            _ if stream => Ok(PictureFile::Png),
            _ => Err(usage(format!(
                "{}: a picture is written as PNG or BMP: name the file .png or .bmp",
                path.display()
            ))),
        }
    }

    fn encode(self, surface: &Surface) -> Vec<u8> {
        match self {
            PictureFile::Png => encode_png(surface),
            PictureFile::Bmp => encode_bmp(surface),
        }
    }

    /// Writes `surface` to `path` in this kind.
    fn write(self, path: &Path, surface: &Surface) -> Result<(), Failure> {
        std::fs::write(path, self.encode(surface)).map_err(|e| fail(files::unwritable(path, &e)))
    }
}

/// The exit code of a command line that does not parse.
pub const USAGE_ERROR: i32 = 64;

/// The command line's definition, as parsed and as `--help` shows it.
pub fn command() -> clap::Command {
    // `shot` renders at the machine's native size: its --help leaves
    // --scale out, and a --scale given is refused with the reason.
    <Cli as clap::CommandFactory>::command()
        .mut_subcommand("shot", |shot| shot.mut_arg("scale", |scale| scale.hide(true)))
}

/// Parses the arguments and runs the command. They come as the system
/// gives them: a file's name need not be UTF-8 (a folder named in
/// Latin-1), and a word that must be is refused by the parser, never a
/// panic.
pub fn main_with_args<I, T>(args: I) -> Result<(), Failure>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = command()
        .try_get_matches_from(args)
        .and_then(|matches| <Cli as clap::FromArgMatches>::from_arg_matches(&matches))
        .map_err(|e| {
            // EX_USAGE (sysexits.h): never one of a command's own answers
            // (`solve --quiet` and `sokoban check` give 1 and 2 a meaning).
            let code = if e.use_stderr() { USAGE_ERROR } else { 0 };
            // `--help` and `--version` go to standard output.
            let printed = e.print();
            if !e.use_stderr() {
                crate::note_stdout(printed);
            }
            Failure { message: String::new(), code }
        })?;
    if let Some(dir) = cli.assets {
        if !dir.is_dir() {
            // Named as what it is, as a file where a folder belongs is
            // elsewhere, not as missing.
            let what = if dir.exists() { "it is a file, not a folder" } else { "no such folder" };
            // A usage error: exit 1 would read as `solve`'s "proved lost".
            return Err(usage(format!(
                "--assets {}: {what} (it takes the folder to read fonts, skins and art from)",
                dir.display()
            )));
        }
        crate::assets::set_override_dir(dir);
    }
    let before = cli.screen;
    let takes_a_screen = matches!(
        cli.command,
        None | Some(
            Command::Play { .. } | Command::Shot { all_machines: false, .. } | Command::Help { html: None, .. }
        )
    );
    if !takes_a_screen && !before.is_empty() {
        return Err(usage(
            "--machine, --depth, --skin and --scale choose the one screen of the launcher, play, shot or help; \
             this command takes no such choice",
        ));
    }
    if let Some(k) = picture_scale(cli.command.as_ref(), &before) {
        return Err(usage(format!(
            "--scale {k} sizes a window, and this draws no window: a picture is rendered at the machine's \
             native size (one framebuffer pixel a pixel)"
        )));
    }
    // Every command reads the data folder (the settings, Sokoban's level
    // last played, the mode CardGames plays): one that cannot be used is
    // told of as such, once, not as each file in it that cannot be read.
    // Held to the end of the command: the folder standing in for it is
    // removed then.
    settings::tell_if_data_dir_ignored();
    let _stand_in = settings::stand_in_for_unusable();
    // Held to the end too: a copy of the built-in games unpacked for this
    // run alone (no other folder would take it) is removed then.
    let _run_copy = super::data_dirs::RunCopyRemoved;
    run(cli.command, before).map_err(|f| Failure { message: builtin_named(&f.message), ..f })
}

/// Runs `command` (none: the launcher), on the screen `before` names where
/// the command leaves it out.
fn run(command: Option<Command>, before: ScreenArgs) -> Result<(), Failure> {
    match command {
        None => open_window(&before, "launcher", None),
        Some(Command::List) => {
            for g in catalog::games().iter() {
                say!("{}\t{}", g.id, escape_controls(&g.name));
            }
            for left in catalog::left_out().iter() {
                tell!("warning: {} is left out: {}", escape_controls(&left.name), escape_controls(&left.why));
            }
            // Those of the player's own that one searched first stands in
            // for are left out of the list too, and lint says so.
            for hidden in hidden_everywhere() {
                tell!("{}", as_lint_tells(&hidden));
            }
            Ok(())
        }
        Some(Command::Play { game, screen, replay: Some(file), .. }) => {
            // The kept game found by its own file, as `play FILE.save` finds it.
            let game = game.unwrap_or_else(|| file.to_string_lossy().into_owned());
            replay_window(&screen.or(&before), &game, &file)
        }
        Some(Command::Play { game: Some(game), screen, seed, replay: None }) => {
            open_window(&screen.or(&before), &game, seed)
        }
        Some(Command::Play { game: None, replay: None, .. }) => unreachable!("clap asks for a game without --replay"),
        Some(Command::Sokoban { action }) => super::sokoban_cmd::run(action),
        Some(Command::Tetris { action }) => super::tetris_cmd::run(action),
        Some(Command::Shot { target, screen: _, seed, output, events, all_machines: true }) => {
            shot_all_machines(&target, seed, &output, events.as_deref())
        }
        Some(Command::Shot { target, screen, seed, output, events, all_machines: false }) => {
            shot(&target, &screen.or(&before).picked()?, seed, &output, events.as_deref())
        }
        Some(Command::Sheet { output, games, screens, help_pages }) => sheet(&output, &games, &screens, help_pages),
        Some(Command::Stats { game, reset: false }) => stats(game.as_deref()),
        Some(Command::Stats { game, reset: true }) => reset_stats(game.as_deref()),
        Some(Command::Bench { what: Some(_), ms, positions, seed, keep, highs }) => {
            refuse_options_of("the machines' bench: parlour bench", &[("--ms", ms.is_some())])?;
            let positions = positions.unwrap_or(1000);
            super::rummi::bench(positions, seed.unwrap_or(1), keep.as_deref(), highs).map(|_| ()).map_err(fail)
        }
        Some(Command::Bench { what: None, ms, positions, seed, keep, highs }) => {
            let rummi_only = [
                ("--positions", positions.is_some()),
                ("--seed", seed.is_some()),
                ("--keep", keep.is_some()),
                ("--highs", highs),
            ];
            refuse_options_of("the Rummi Expert's bench: parlour bench rummi", &rummi_only)?;
            super::bench::run(ms.unwrap_or(300)).map(|_| ()).map_err(fail)
        }
        Some(Command::Rummi { action: RummiAction::Best { rack, table, first, batch } }) => {
            rummi_best(rack.as_deref(), table.as_deref(), first, batch.as_deref())
        }
        Some(Command::Lint { paths, quiet }) if paths.is_empty() => lint(&read_from(), quiet),
        Some(Command::Lint { paths, quiet }) => lint(&paths, quiet),
        Some(Command::NewType { from, name, into }) => {
            let folder = super::new_type::folder(into).map_err(fail)?;
            let made = super::new_type::copy(&from, &name, &folder).map_err(fail)?;
            say!("{}", made.display());
            say!("{}", super::new_type::how_named(&made, &folder, &name));
            Ok(())
        }
        Some(Command::Deal { game, seed, ms, mode, format }) => deal(&game, seed, ms, mode, format.as_deref()),
        Some(Command::Solve(args)) => super::solve_cmd::run(args),
        Some(Command::Survey(args)) => super::survey::run(&args),
        Some(Command::Capture { paths, all }) => capture(&paths, all),
        Some(Command::Mines { action }) => {
            super::mines_cli::run(&action).map(|board| say_raw!("{board}")).map_err(usage)
        }
        Some(Command::Help { html: Some(dir), .. }) => build_html_help(&dir),
        Some(Command::Help { target, node, screen, shot, html: None }) => {
            help(target.as_deref(), node.as_deref(), &screen.or(&before), shot.as_deref())
        }
    }
}

/// `parlour rummi best`: one position from the options, or every line of
/// a batch file (all read and checked before any is answered).
fn rummi_best(rack: Option<&str>, table: Option<&str>, first: bool, batch: Option<&Path>) -> Result<(), Failure> {
    use super::rummi::{play_json, position_from_args, read_batch};
    use crate::games::rummi::advice;
    // A batch file that does not read exits 2, as other input files do; a
    // rack or table that does not is an option's value refused (64).
    let positions = match batch {
        Some(file) => read_batch(file).map_err(|message| Failure { message, code: 2 })?,
        None => vec![position_from_args(rack.unwrap_or(""), table, first).map_err(usage)?],
    };
    let mut out = String::new();
    for pos in &positions {
        out.push_str(&play_json(&advice::best(pos)));
        out.push('\n');
    }
    say_raw!("{out}");
    Ok(())
}

/// Builds a shell showing `target` (`launcher`, a game id or path, or a
/// kept game's file). `seed` deals that game; without it the game resumes
/// where it was left, or deals `fresh_seed`.
fn shell_for(target: &str, screen: &Picked, seed: Option<u64>, fresh_seed: u64) -> Result<Shell, Failure> {
    if target.eq_ignore_ascii_case("launcher") {
        let machine = screen.machine(MachineId::Yazzle)?;
        return Ok(Shell::launcher(machine, seed.unwrap_or(fresh_seed)));
    }
    let game = catalog::find(target).map_err(fail)?;
    if seed.is_some() && crate::host::peg_board(&game).is_some() {
        // A seed would only deal the board again over the game left.
        return Err(usage("--seed deals a game: a peg board has no deals, its board is the game"));
    }
    let machine = screen.machine(game.default_machine.unwrap_or(MachineId::Yazzle))?;
    let file = Path::new(target);
    let is_save = file.is_file() && crate::host::journal::header_of(file).is_ok();
    let how = Opening {
        seed,
        fresh_seed: seed.unwrap_or(fresh_seed),
        file: is_save.then(|| file.to_path_buf()),
        replay: false,
        machine: Some(machine.id()),
        ..Opening::default()
    };
    let view = crate::host::open(&game, &catalog::places(), &how).map_err(fail)?;
    if let Some(why) = view.unopened() {
        return Err(fail(why));
    }
    if let Some(news) = view.record_changed() {
        tell!("parlour: {}: {}", escape_controls(&game.name), lower_first(&news));
    }
    Ok(Shell::new(machine, view, fresh_seed).showing(game))
}

/// `sentence` begun in lower case, to follow a name and a colon.
fn lower_first(sentence: &str) -> String {
    let mut chars = sentence.chars();
    chars.next().map_or_else(String::new, |first| first.to_lowercase().chain(chars).collect())
}

fn shot(target: &str, screen: &Picked, seed: Option<u64>, output: &Path, events: Option<&Path>) -> Result<(), Failure> {
    // Check the file's name and read the script before anything is built.
    PictureFile::of(output)?;
    seed_deals_something(target, seed, events)?;
    let script = events.map(read_script).transpose()?;
    shot_one(target, screen, seed, output, script.as_ref())
}

/// Refuses a `shot` of the launcher with `--seed` and no events: the seed
/// deals the game a script opens from it, and without one it would be
/// ignored without a word.
fn seed_deals_something(target: &str, seed: Option<u64>, events: Option<&Path>) -> Result<(), Failure> {
    if target.eq_ignore_ascii_case("launcher") && seed.is_some() && events.is_none() {
        return Err(usage(
            "--seed deals a game, and the launcher shows none: give a game id, or --events that open a game",
        ));
    }
    Ok(())
}

/// Renders one screen (after the script, if any) to `output`, and warns
/// on standard error of any text the screen had to cut off.
fn shot_one(
    target: &str,
    screen: &Picked,
    seed: Option<u64>,
    output: &Path,
    script: Option<&(String, Vec<super::script::Step>)>,
) -> Result<(), Failure> {
    use crate::views::background;
    // A shot shows what the window shows once its searches have answered.
    background::set(background::Work::AtOnce);
    let play = || -> Result<Driver, Failure> {
        let mut driver = Driver::new(shell_for(target, screen, seed, 1)?);
        if let Some((name, steps)) = script {
            super::script::run(&mut driver, name, steps).map_err(|e| fail(e.to_string()))?;
        }
        // The searches the script's last moves started answer, as a
        // window's would while its player looks (judged once, not after
        // every move).
        driver.feed(&[Input::Tick { ms: 0 }]);
        Ok(driver)
    };
    // Judging a deal for the status line may take a while (an undecided
    // Forty Thieves deal, half a minute): a terminal is shown its progress.
    let driver = if std::io::stderr().is_terminal() {
        let positions = Arc::new(AtomicU64::new(0));
        background::publish_progress(Some(Arc::clone(&positions)));
        let driver = super::solve_cmd::showing_progress(&positions, None, "Judging whether it can be won", play);
        background::publish_progress(None);
        driver?
    } else {
        play()?
    };
    warn_of_cut_text(&driver, output, None);
    PictureFile::of(output)?.write(output, driver.frame())
}

/// Warns on standard error of each text run the picture `output` of the
/// driver's screen had to cut off (`shot`, `help --shot`), but those in
/// `scrolled`, a pane that scrolls sideways to them.
fn warn_of_cut_text(driver: &Driver, output: &Path, scrolled: Option<Rect>) {
    let screen = screen_of(driver.shell().machine());
    let cut_on_purpose = |cut: &&ClippedText| scrolled.is_some_and(|pane| pane.intersect(&cut.clip) == cut.clip);
    for cut in driver.clipped_text().iter().filter(|cut| !cut_on_purpose(cut)) {
        tell!("parlour: {}: on {screen}, text {cut}", output.display());
    }
}

fn screen_of(machine: &Machine) -> Screen {
    let machine = machine.choice();
    Screen { id: machine.id.unwrap_or(MachineId::Yazzle), depth: machine.depth }
}

/// `help`: each line in view wider than the help window on `machine`
/// told to a guide's author as a warning among the document's other
/// problems, by its line, so that `help` prints them all in line order
/// and the viewer's problems box shows it with them (the viewer scrolls
/// sideways to the rest, so the cut is no fault of the viewer's).
fn with_wide_line_warnings(mut doc: Document, machine: &Machine, lines: &[usize]) -> Document {
    let screen = screen_of(machine);
    for &line in lines {
        let message =
            format!("on {screen} this line is wider than the help window; the reader scrolls sideways to see the rest");
        let warning = Diagnostic::warning(&doc.path, line, message);
        let at = doc.diagnostics.iter().position(|d| d.line > line).unwrap_or(doc.diagnostics.len());
        doc.diagnostics.insert(at, warning);
    }
    doc
}

/// `parlour shot --all-machines TARGET -o DIR`: the same screen on every
/// machine and depth, as DIR/MACHINE[-DEPTH].png; prints each file.
fn shot_all_machines(target: &str, seed: Option<u64>, dir: &Path, events: Option<&Path>) -> Result<(), Failure> {
    seed_deals_something(target, seed, events)?;
    refuse_picture_named_folder(dir)?;
    let script = events.map(read_script).transpose()?;
    files::make_output_folder(dir).map_err(fail)?;
    for screen in Screen::all() {
        let output = dir.join(format!("{}.png", screen.file_name()));
        shot_one(target, &Picked::exactly(screen.choice()), seed, &output, script.as_ref())
            .map_err(|f| fail(format!("on {screen}: {}", f.message)))?;
        say!("{}", output.display());
    }
    Ok(())
}

/// Refuses to make a folder for `--all-machines` whose name is a
/// picture's (`-o shots/x.png`, written as for one picture): it would be
/// a folder called x.png. A folder there already is the player's own.
fn refuse_picture_named_folder(dir: &Path) -> Result<(), Failure> {
    let ext = dir.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    if !dir.is_dir() && matches!(ext.as_deref(), Some("png" | "bmp")) {
        return Err(usage(format!(
            "{}: --all-machines writes a picture for each machine into the folder -o names, and this names a \
             picture: give a folder's name (such as {})",
            dir.display(),
            dir.with_extension("").display()
        )));
    }
    Ok(())
}

/// `parlour sheet -o FILE`: every game (or those named) on a row of
/// screens, dealt with seed 1 in a scratch data folder so the player's own
/// games are neither read nor touched.
fn sheet(output: &Path, games: &[String], screens: &[String], help_pages: bool) -> Result<(), Failure> {
    let kind = PictureFile::of(output)?;
    // Each screen shows what the window shows once its searches have answered.
    crate::views::background::set(crate::views::background::Work::AtOnce);
    use super::contact::{Show, sheet};
    let screens: Vec<Screen> = if screens.is_empty() {
        Screen::sheet_default()
    } else {
        // As `--machine vic20` is: a usage error.
        screens.iter().map(|s| Screen::parse(s)).collect::<Result<_, _>>().map_err(usage)?
    };
    let chosen: Vec<crate::host::GameEntry> = if games.is_empty() {
        catalog::games().to_vec()
    } else {
        games.iter().map(|g| catalog::find(g)).collect::<Result<_, _>>().map_err(fail)?
    };
    let scratch = std::env::temp_dir().join(format!("parlour-sheet-{}", std::process::id()));
    let places = crate::host::Places { data_dir: scratch.clone(), ..catalog::places() };
    let show = if help_pages { Show::Help } else { Show::Game };
    let made = sheet(&chosen, &screens, &places, show, |g| tell!("{}", escape_controls(&g.name)));
    let _ = std::fs::remove_dir_all(&scratch);
    let (picture, cuts) = made.map_err(fail)?;
    for cut in &cuts {
        tell!("parlour: {cut}");
    }
    kind.write(output, &picture)?;
    say!(
        "{} ({} on {}, {} cut off)",
        output.display(),
        crate::core::plural(chosen.len() as u64, "game", "games"),
        crate::core::plural(screens.len() as u64, "screen", "screens"),
        crate::core::plural(cuts.len() as u64, "text run", "text runs")
    );
    Ok(())
}

/// Reads and parses an events file (`-`: standard input), with the name
/// its errors are to carry.
fn read_script(path: &Path) -> Result<(String, Vec<super::script::Step>), Failure> {
    let (name, text) = if path == Path::new("-") {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::Read::take(std::io::stdin(), limits::SCRIPT), &mut text)
            .map_err(|e| fail(format!("standard input: {e}")))?;
        ("<stdin>".to_string(), text)
    } else {
        let bytes = read_capped(path, limits::SCRIPT).map_err(|e| fail(format!("{}: {e}", path.display())))?;
        let text = std::str::from_utf8(without_bom(&bytes))
            .map_err(|_| fail(format!("{}: not UTF-8 text", path.display())))?;
        (path.display().to_string(), text.to_string())
    };
    let steps = super::script::parse(&name, &text).map_err(|e| fail(e.to_string()))?;
    Ok((name, steps))
}

fn open_window(screen: &ScreenArgs, target: &str, seed: Option<u64>) -> Result<(), Failure> {
    // A window has real time: positions are judged while the player plays.
    crate::views::background::allow(true);
    let driver = Driver::new(shell_for(target, &screen.picked_or_last()?, seed, clock_seed())?);
    let what = if target == "launcher" { "the launcher" } else { "the game" };
    let headless = format!(
        "without a display, `parlour shot {} -o FILE.png` draws {what} into a picture.",
        as_command_word(target)
    );
    run_window(driver, screen, &headless)
}

/// Refuses the first of `options` (each with whether it was given) that
/// was given: they are `bench`'s alone, and the other bench would run
/// without them, its figures passing for ones that took them.
fn refuse_options_of(bench: &str, options: &[(&str, bool)]) -> Result<(), Failure> {
    match options.iter().find(|(_, given)| *given) {
        Some((option, _)) => Err(usage(format!("{option} is only for {bench}"))),
        None => Ok(()),
    }
}

/// `target` as a word of a command to type again: a game by its id,
/// which needs no quoting ("Baker's Dozen" as bakers-dozen), or else (a
/// path) quoted for the shell where it has to be.
fn as_command_word(target: &str) -> String {
    let game = (!Path::new(target).exists()).then(|| catalog::find(target).ok()).flatten();
    match game {
        Some(game) if !target.eq_ignore_ascii_case("launcher") => shell_quoted(&game.id),
        _ => shell_quoted(target),
    }
}

/// Runs `driver` in a window; if none can open, the error also says how
/// to get the same screen without a display (`headless`).
fn run_window(driver: Driver, screen: &ScreenArgs, headless: &str) -> Result<(), Failure> {
    let chosen = screen.choice()? != MachineChoice::default();
    super::window::run(driver, screen.scale, chosen).map_err(|e| fail(format!("{e}\n{headless}")))
}

/// `parlour play [GAME] --replay FILE`: the kept game in a window, replayed
/// from its deal.
fn replay_window(screen: &ScreenArgs, target: &str, file: &Path) -> Result<(), Failure> {
    let named = catalog::find(target).map_err(fail)?;
    let header = crate::host::journal::header_of(file).map_err(fail)?;
    // A family named by its id (`mines`) replays a game of any of its
    // boards or sizes (`mines/custom`), the one it opens being only the
    // last played.
    let of_family = named.id == named.family.id && header.game.starts_with(&format!("{}/", named.id));
    let game = if of_family { catalog::find(&header.game).map_err(fail)? } else { named };
    if header.game != game.game_id {
        return Err(fail(format!("{} is a kept game of {}, not of {}", file.display(), header.game, game.game_id)));
    }
    let machine = screen.picked_or_last()?.machine(game.default_machine.unwrap_or(MachineId::Yazzle))?;
    let how = Opening {
        seed: None,
        fresh_seed: 1,
        file: Some(file.to_path_buf()),
        replay: true,
        machine: Some(machine.id()),
        ..Opening::default()
    };
    let view = crate::host::open(&game, &catalog::places(), &how).map_err(fail)?;
    if let Some(why) = view.unopened() {
        return Err(fail(why));
    }
    let driver = Driver::new(Shell::new(machine, view, 1).showing(game));
    run_window(driver, screen, "a replay is shown only in a window.")
}

/// The name of the node `--node QUERY` means (see
/// [`Document::nodes_meant`]), or why there is none: no node, or more
/// than one, each named with its title so the player can pick.
fn node_meant(doc: &Document, query: &str, known: &Path) -> Result<String, Failure> {
    let meant = doc.nodes_meant(query);
    if let [one] = meant.as_slice() {
        return Ok(doc.nodes[*one].name.clone());
    }
    super::help_source::print_problems(doc);
    let file = known.display();
    // A node by its name and, where the viewer shows another, its title:
    // either finds it (a game.html page's one node is "main" inside).
    let named = |i: usize| {
        let node = &doc.nodes[i];
        let shown = node.title.trim();
        if shown.is_empty() || loose_key(shown) == loose_key(&node.name) {
            node.name.clone()
        } else {
            format!("{} (\"{shown}\")", node.name)
        }
    };
    if meant.is_empty() {
        let names: Vec<String> = (0..doc.nodes.len()).map(named).collect();
        return Err(fail(format!("{file}: no node {query} (it has {})", names.join(", "))));
    }
    let each: Vec<String> = meant.iter().map(|&i| named(i)).collect();
    Err(fail(format!("{file}: --node {query} could be any of {}: give one by its name", each.join(", "))))
}

/// `parlour help`: the viewer in a window, or rendered to `shot`.
fn help(target: Option<&str>, node: Option<&str>, screen: &ScreenArgs, shot: Option<&Path>) -> Result<(), Failure> {
    let kind = shot.map(PictureFile::of).transpose()?;
    let default = match target.map(catalog::find) {
        Some(Ok(game)) => game.default_machine.unwrap_or(MachineId::AmigaPal),
        _ => MachineId::AmigaPal,
    };
    let picked = if shot.is_some() { screen.picked()? } else { screen.picked_or_last()? };
    let machine = picked.machine(default)?;
    let (doc, node_name) = super::help_source::document_for(target, node, machine.id()).map_err(fail)?;
    let known = super::help_source::known_path(&doc.path);
    let node_name = match node {
        Some(query) => node_meant(&doc, query, &known)?,
        None => node_name,
    };
    // Shown all the same: the viewer's page says what is wrong with it.
    let shows_nothing = doc.nodes.is_empty();
    let node = node_name;
    // The lines too wide for this machine's window are among the
    // document's problems, in line order, which the viewer prints as it
    // reads the document (and each it opens by a link) and shows in its box.
    let (pane, wide) = Viewer::new(doc.clone(), Some(&node)).wide_lines(&machine, machine.content());
    let doc = with_wide_line_warnings(doc, &machine, &wide);
    let viewer = crate::views::help::HelpView::new(Viewer::new(doc, Some(&node)))
        .on(machine.id())
        .reporting(super::help_source::print_problems);
    let driver = Driver::new(Shell::new(machine, Box::new(viewer), 1));
    match shot.zip(kind) {
        Some((path, kind)) => {
            warn_of_cut_text(&driver, path, (!wide.is_empty()).then_some(pane));
            kind.write(path, driver.frame())
        }
        None => {
            let words: Vec<String> =
                ["parlour help".to_string()].into_iter().chain(target.map(as_command_word)).collect();
            let headless =
                format!("without a display, `{} --shot FILE.png` draws the page into a picture.", words.join(" "));
            run_window(driver, screen, &headless)
        }
    }?;
    if shows_nothing {
        return Err(fail(format!("{}: no page of help in it can be shown", known.display())));
    }
    Ok(())
}

/// `parlour help --html DIR`: every game type's page joined with the help
/// menu and the list of game types; prints the files written, the page
/// to start at and the files of an earlier build it removed, and fails
/// after building the rest if a game type or its page could not be read.
fn build_html_help(out: &Path) -> Result<(), Failure> {
    use crate::help::html_build::{HelpGame, build};
    let games: Vec<HelpGame> = catalog::games()
        .iter()
        .filter_map(catalog::game_type)
        .map(|gt| HelpGame { id: gt.id.clone(), name: gt.name.clone(), folder: gt.folder.clone() })
        .collect();
    let help_dir =
        super::data_dirs::help_pages_dir().ok_or_else(|| fail("no guide/Help folder with help.css found"))?;
    let built = build(&games, &help_dir, out).map_err(fail)?;
    for path in &built.written {
        say!("{}", path.display());
    }
    // Beside the list of files (standard output, for scripts), where a
    // reader begins.
    tell!("Open {} in a web browser to start.", out.join("Help").join("intro.html").display());
    for path in &built.removed {
        tell!("Removed {}: an earlier build made it, and this one does not.", path.display());
    }
    if built.earlier_unrecorded {
        tell!(
            "{}: an older Parlour built here and kept no list of its files, so any page it made that this build does not is left in place.",
            out.display()
        );
    }
    for (i, why) in &built.left_out {
        // Told as the game list tells a game type left out, with how many
        // more errors lint finds in it.
        let game = &games[*i];
        let why = crate::host::with_lint_count(why.clone(), &game.folder);
        let why = format!("{why}{}", links_shown_as_text(&built, *i, out));
        // A game's name (and a file's) is the player's text: an escape in
        // it must not drive the terminal.
        tell!("parlour: {} is left out: {}", escape_controls(&game.name), escape_controls(&why));
    }
    // A picture not made to YaZZle's spec is shown all the same, as
    // YaZZle's help would show it, but the author hears of it here too.
    for game in &games {
        let picture = files::in_any_case(&game.folder, "game.bmp");
        match files::read_capped(&picture, files::limits::PICTURE) {
            Ok(bytes) => {
                for problem in crate::solitaire::lint::lint_bmp(&picture, &bytes) {
                    tell!("parlour: warning: {problem} (`parlour capture` draws one to spec)");
                }
            }
            // One not there is told as its page links it, if it does.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => {
                tell!("parlour: warning: {}: cannot be read ({e})", escaped_path(&picture))
            }
        }
    }
    match built.left_out.len() + tell_unreadable_game_types() {
        0 => Ok(()),
        n => Err(fail(format!(
            "{} left out of the help (`parlour lint` checks a game type's folder)",
            crate::core::plural(n as u64, "game type was", "game types were")
        ))),
    }
}

/// What became of the links to the page of the game type `game`, left
/// out of the help built into `out`: they are shown as plain text on the
/// pages named (nothing where no page links to it).
fn links_shown_as_text(built: &crate::help::html_build::Built, game: usize, out: &Path) -> String {
    let pages: Vec<String> = built
        .shown_as_text
        .iter()
        .filter(|(i, _)| *i == game)
        .map(|(_, at)| out.join(at).display().to_string())
        .collect();
    if pages.is_empty() {
        return String::new();
    }
    format!("; the links to its page are shown as plain text in {}", pages.join(", "))
}

/// `parlour stats [GAME]`: a game's record, or every game's, each
/// beginning with its `game:` line; a game of levels ends with how far
/// the player has come through them. It is a query, which sets nothing
/// aside: a broken file is told of by its line and left for the next game
/// counted to set aside.
fn stats(target: Option<&str>) -> Result<(), Failure> {
    use crate::core::files::Loaded;
    use crate::core::{FileError, FileErrorKind, Stats};
    let told = |e: &FileError| left_for(e, "for the next game counted to set aside");
    // A file whose damaged lines nothing stands in for: the records on
    // them are not shown, not even as a game never played.
    let mut lines_lost = None;
    let all = match Stats::look(&settings::data_dir()) {
        Ok(Loaded { value, replaced: None, .. }) => value,
        Ok(Loaded { value, replaced: Some(e), from }) => {
            tell_shown_instead(&told(&e), &e, from);
            if from == crate::core::files::ReadFrom::KeptLines {
                lines_lost = Some(e.path);
            }
            value
        }
        // Nothing counted yet, or no folder to count in.
        Err(e) if e.kind == FileErrorKind::NotFound => Stats::default(),
        Err(e) => return Err(fail(told(&e))),
    };
    let places = catalog::places();
    // Records that could not be counted leave their line out, and the
    // command fails naming them once everything else is shown: one game's
    // damaged file hides no other game's figures.
    let mut not_counted = Vec::new();
    let mut line_of = |progress| progress_line(progress).map_err(|told| not_counted.push(told)).ok();
    let mut records_lost = None;
    let shown = match target {
        // A game that can no longer be opened (its game.ini broken) still
        // shows the figures kept for it, after why.
        Some(t) => match catalog::find(t) {
            Err(why) => {
                let kept = ids_kept_for(t);
                let id = all.counted().map(|(id, _)| id).find(|id| kept.iter().any(|k| k == id));
                let id = id.ok_or_else(|| fail(why.clone()))?.to_string();
                tell!("parlour: {why}");
                tell!("parlour: the figures stats.ini keeps for `{id}` are shown");
                vec![Shown::Game(id)]
            }
            Ok(entry) => {
                // A game whose levels, boards or sizes keep records of their
                // own shows every one played (`mines`: mines/beginner...), or
                // the one it opens on when none has been.
                let mut played: Vec<String> =
                    all.counted().map(|(id, _)| id.to_string()).filter(|id| counts_for(&entry, id)).collect();
                // Sokoban's level 10 after its level 2.
                played.sort_by(|a, b| crate::host::by_name(a, b));
                if let Some(path) = lines_lost.as_ref().filter(|_| played.is_empty()) {
                    records_lost = Some(format!(
                        "the figures of {} are not shown: they may be on the lines of {} that cannot be read",
                        escape_controls(&entry.name),
                        escaped_path(path)
                    ));
                } else if played.is_empty() {
                    // Moves alone count for nothing: a game in progress
                    // (half a Sokoban level) is not in the figures yet.
                    tell!(
                        "No game of {} has been counted yet: {}.",
                        escape_controls(&entry.name),
                        counts_once(entry.family.record)
                    );
                    played.push(entry.game_id.clone());
                }
                let progress = (entry.family.progress)(&entry, &places).and_then(&mut line_of);
                played.into_iter().map(Shown::Game).chain(progress.map(Shown::Progress)).collect()
            }
        },
        None => {
            if all.counted().next().is_none() {
                // Games in progress may be kept, but none is in the figures yet.
                tell!(
                    "No game has been counted yet: {} (a Tetris game, never won, once it ends).",
                    counts_once(Record::Full)
                );
            }
            if let Some(path) = &lines_lost {
                records_lost =
                    Some(format!("the games on the lines of {} that cannot be read are left out", escaped_path(path)));
            }
            every_game(&all, &places, line_of)
        }
    };
    not_counted.extend(records_lost);
    for (i, item) in shown.iter().enumerate() {
        if i > 0 {
            say!();
        }
        let id = match item {
            Shown::Game(id) => id,
            Shown::Progress(line) => {
                say!("{line}");
                continue;
            }
        };
        let g = all.game(id).cloned().unwrap_or_default();
        let streak = |n: u64| n.to_string();
        let current = match g.streak {
            n if n > 0 => format!("{n} won"),
            n if n < 0 => format!("{} lost", n.unsigned_abs()),
            _ => "none".into(),
        };
        let or_none = |v: Option<String>| v.unwrap_or_else(|| "none".into());
        // A game's own figures (The Chance's points), named with spaces,
        // and only the common ones that mean something for it; a game no
        // longer installed shows everything its record kept.
        let family = catalog::find(id).ok().map(|e| e.family);
        let figures = family.map_or(crate::host::kept_figures as fn(&_) -> _, |f| f.figures);
        let record = family.map_or(Record::Full, |f| f.record);
        say!("game: {id}");
        say!("played: {}", g.played);
        if record != Record::ScoreOnly {
            say!("won: {}", g.won);
            say!("lost: {}", g.lost);
            if g.helped > 0 {
                say!("lost with help: {}", g.helped);
            }
            say!("current streak: {current}");
            say!("longest winning streak: {}", streak(g.best_win_streak));
            say!("longest losing streak: {}", streak(g.worst_losing_streak));
            if record != Record::Untimed {
                say!("best time: {}", or_none(g.best_time_ms.map(|ms| crate::views::board::clock(ms / 1000))));
            }
            say!("fewest moves: {}", or_none(g.best_moves.map(|m| m.to_string())));
        }
        if matches!(record, Record::Full | Record::ScoreOnly) {
            say!("total score: {}", g.total_score);
            say!("best score: {}", or_none(g.best_score.map(|s| s.to_string())));
        }
        if record == Record::ScoreOnly {
            say!("average score: {}", or_none(g.average_score().map(|a| a.to_string())));
        } else {
            say!("winning percentage: {}%", g.win_percent());
            say!("average moves: {}", or_none(g.average_moves().map(|m| m.to_string())));
        }
        for (key, value) in figures(&g) {
            say!("{}: {value}", key.replace('-', " "));
        }
    }
    if not_counted.is_empty() { Ok(()) } else { Err(fail(not_counted.join("\n"))) }
}

/// `parlour stats GAME --reset`: clears the records `parlour stats GAME`
/// shows (every size, board or level of a game that keeps them apart),
/// as the Statistics box's Reset clears one, and says which. A stats.ini
/// that cannot be read whole, or written, fails the command, naming the
/// file, and is left as it was.
fn reset_stats(target: Option<&str>) -> Result<(), Failure> {
    let Some(target) = target else {
        return Err(fail("--reset clears the statistics of one game: name it (parlour stats klondike --reset)"));
    };
    let clear = |name: &str, ours: &dyn Fn(&str) -> bool| {
        crate::core::Stats::clear_saved(&settings::data_dir(), ours)
            .map_err(|e| fail(format!("the statistics of {name} were not cleared: {e}")))
    };
    let cleared = match catalog::find(target) {
        Ok(entry) => {
            let name = escape_controls(&entry.name);
            let cleared = clear(&name, &|id| counts_for(&entry, id))?;
            if cleared.is_empty() {
                say!("No game of {name} has been counted: there is nothing to clear.");
            }
            cleared
        }
        // A game that can no longer be opened (its game.ini broken) can
        // still have the figures kept for it cleared, as they are shown.
        Err(why) => {
            let kept = ids_kept_for(target);
            let cleared = clear(&escape_controls(target), &|id| kept.iter().any(|k| k == id))?;
            if cleared.is_empty() {
                return Err(fail(why));
            }
            tell!("parlour: {why}");
            cleared
        }
    };
    for (id, game) in &cleared {
        say!("cleared: {id} ({} played)", game.played);
    }
    Ok(())
}

/// The ids under which a game that can no longer be found (its game.ini
/// broken, its board unreadable) may have kept its statistics: the name
/// given, as an id, or a game type's folder name made an id.
fn ids_kept_for(target: &str) -> [String; 2] {
    [target.to_ascii_lowercase(), crate::solitaire::library::id_for(target)]
}

/// What `parlour stats` shows, each a block of its own.
enum Shown {
    /// A game's record, by the id its statistics carry.
    Game(String),
    /// How far the player has come through the levels of the game before
    /// ("levels solved: 3 of 24").
    Progress(String),
}

/// Whether statistics kept under `id` are of `entry`'s game: its own, or
/// those of one of its levels, boards or sizes (`sokoban/parlour/3` of
/// the launcher's `sokoban`).
fn counts_for(entry: &crate::host::GameEntry, id: &str) -> bool {
    id == entry.game_id || id.strip_prefix(entry.id.as_str()).is_some_and(|rest| rest.starts_with('/'))
}

/// Every game `all` counts, in its order, each of the launcher's games of
/// levels followed, after the last of its records, by how far the player
/// has come through them (`line_of` says it, or `None` where it is not
/// known). A game of levels with records (levels solved) but no figures,
/// as when stats.ini has started afresh since, is shown as
/// `parlour stats GAME` shows it: figures of nought, then its progress.
fn every_game(
    all: &crate::core::Stats,
    places: &crate::host::Places,
    mut line_of: impl FnMut(crate::host::Progress) -> Option<String>,
) -> Vec<Shown> {
    let listed = catalog::games();
    let progress: Vec<_> =
        listed.iter().filter_map(|g| (g.family.progress)(g, places).map(|p| (g, p.recorded, line_of(p)))).collect();
    let mut ids: Vec<String> = all.counted().map(|(id, _)| id.to_string()).collect();
    // Levels played that stats.ini no longer counts show their progress
    // under a block of their own; records that cannot be read have none
    // to show, only the error told after the figures.
    let uncounted: Vec<String> = progress
        .iter()
        .filter(|(g, recorded, line)| *recorded && line.is_some() && !ids.iter().any(|id| counts_for(g, id)))
        .map(|(g, ..)| g.game_id.clone())
        .collect();
    ids.extend(uncounted);
    // In the order stats.ini keeps them, those added among the others.
    ids.sort();
    let mut shown: Vec<Shown> = ids.into_iter().map(Shown::Game).collect();
    // A game of levels none of whose records is shown was never played:
    // nothing to follow, and no progress to tell of.
    for (game, _, line) in progress {
        let last = shown.iter().rposition(|s| matches!(s, Shown::Game(id) if counts_for(game, id)));
        if let Some(last) = last
            && let Some(line) = line
        {
            shown.insert(last + 1, Shown::Progress(line));
        }
    }
    shown
}

/// The line that ends a game of levels in `parlour stats`, its key in
/// lower case as the others' are ("levels solved: 3 of 24", as the game's
/// statistics box ends), counted from the records as they stand. A
/// damaged file is told of as the statistics are and counted from its
/// previous copy where that is good; else the figure is not known, and
/// what is wrong is returned for the command to fail with.
fn progress_line(progress: crate::host::Progress) -> Result<String, String> {
    use crate::core::files::ReadFrom;
    let told = |e: &crate::core::FileError| left_for(e, "for the game to set aside when it next opens");
    match (progress.figure.replaced, progress.figure.from) {
        (None, _) => {}
        (Some(e), ReadFrom::Backup) => tell_shown_instead(&told(&e), &e, ReadFrom::Backup),
        // Nothing to count from: the file could not be read, which is
        // told as a damaged statistics file is.
        (Some(e), _) => return Err(told(&e)),
    }
    Ok(format!("{}: {}", progress.name.to_lowercase(), progress.figure.value))
}

/// What `parlour stats` says of a file it could not read as it is: what
/// is wrong, and of a damaged one, which is only looked at, that it is
/// left for whatever reads it `next` to set aside.
fn left_for(e: &crate::core::FileError, next: &str) -> String {
    match e.kind {
        crate::core::FileErrorKind::Corrupt => format!("{e}; it is left where it is, {next}"),
        _ => e.to_string(),
    }
}

/// Tells (`told`, from [`left_for`]) what is shown of a file that could
/// not be read as it is, as it was read (`from`): its previous copy in
/// its place, or its lines that read, with what that copy held of the
/// others.
fn tell_shown_instead(told: &str, e: &crate::core::FileError, from: crate::core::files::ReadFrom) {
    use crate::core::files::ReadFrom;
    let backup = crate::core::files::backup_path(&e.path);
    let backup = backup.file_name().unwrap_or_default().to_string_lossy();
    match from {
        ReadFrom::KeptLines => tell!("parlour: {told}; the lines that read are shown"),
        ReadFrom::KeptLinesAndBackup => {
            tell!(
                "parlour: {told}; the lines that read are shown, and what its previous copy {backup} held of the others"
            )
        }
        _ => tell!("parlour: {told}; its previous copy {backup} is shown"),
    }
}

/// When a game of a kind that keeps `record` is counted in the statistics:
/// one that is never won (Tetris) counts when it ends.
fn counts_once(record: Record) -> &'static str {
    match record {
        Record::ScoreOnly => "a game counts once it ends",
        Record::Full | Record::Unscored | Record::Untimed => "a game counts once it is won or given up",
    }
}

/// Reads a seed or deal number given on the command line: a whole number
/// from 0 to the largest a seed holds, a minus sign and all read as the
/// value, so that `--seed -1` is told what a seed is.
pub fn seed_number(text: &str) -> Result<u64, String> {
    text.trim().parse().map_err(|_| format!("seeds are whole numbers from 0 to {}", u64::MAX))
}

/// `--ms N`: a Microsoft FreeCell deal number, refused in the words
/// `survey --ms` uses for its range.
pub fn ms_deal_number(text: &str) -> Result<u32, String> {
    match text.trim().parse::<u32>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(ms_deals_are_numbered()),
    }
}

/// What Microsoft's deal numbers are, for a number that is none of them.
pub fn ms_deals_are_numbered() -> String {
    format!("Microsoft deals are numbered from 1 to {}", u32::MAX)
}

/// A seed for a fresh game when none was asked for: a game number, as
/// New Game deals (see [`crate::core::short_number`]).
fn clock_seed() -> u64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    let now = SystemTime::now().duration_since(UNIX_EPOCH).map_or(1, |d| d.as_secs() ^ u64::from(d.subsec_nanos()));
    crate::core::short_number(now)
}

/// One kind of thing `parlour lint` checks.
struct Linter {
    /// What it checks, for the message about paths no linter takes.
    what: &'static str,
    /// Whether this linter takes the path.
    accepts: fn(&Path) -> bool,
    /// How it finds the problems.
    how: Check,
}

/// How a linter finds the problems of a path it takes.
#[derive(Clone, Copy)]
enum Check {
    /// With this check of one file, game type or help.
    Alone(fn(&Path) -> Vec<Diagnostic>),
    /// Entry by entry, as [`lint_each`] checks a folder: the entries that
    /// pass can be said one by one where others fail.
    Each,
}

impl Linter {
    /// The problems found in `path`.
    fn check(&self, path: &Path) -> Vec<Diagnostic> {
        match self.how {
            Check::Alone(check) => check(path),
            Check::Each => lint_each(path),
        }
    }
}

/// The linters, tried in order; the first that accepts a path checks it.
const LINTERS: &[Linter] = &[
    Linter { what: "a folder of game types (game-types)", accepts: is_game_types_folder, how: Check::Each },
    Linter {
        what: "a game of the CardGames panel or The Chance (its folder in card-games or card-shell)",
        accepts: |p| super::data_dirs::card_game_reader(p).is_some(),
        how: Check::Alone(lint_card_game),
    },
    Linter {
        what: "a solitaire game-type folder (holding game.ini) or a .ini file",
        accepts: solitaire_lint::accepts,
        how: Check::Alone(lint_game_type),
    },
    Linter { what: "a peg solitaire board (.brd)", accepts: is_board, how: Check::Alone(lint_board) },
    Linter {
        what: "a Sokoban level set (.xsb)",
        accepts: |p| p.is_file() && crate::games::sokoban::library::is_set_path(p),
        how: Check::Alone(lint_level_set),
    },
    Linter {
        what: "a help file (.guide, .imaj or .html)",
        accepts: crate::help::accepts,
        how: Check::Alone(crate::help::lint),
    },
    Linter { what: "a help `parlour help --html` built", accepts: is_built_help, how: Check::Alone(lint_built_help) },
    Linter { what: "a boards folder's folder of level sets (sokoban)", accepts: is_level_set_folder, how: Check::Each },
    Linter { what: "a folder of any of these (game-types, boards)", accepts: is_folder_of_these, how: Check::Each },
];

/// A game of the CardGames panel or The Chance by its folder: its game.ini
/// alone, as when it is named by its id (`cardgames/freecell`), since its
/// help is the panel's or the shell's guide and it has no picture.
fn lint_card_game(dir: &Path) -> Vec<Diagnostic> {
    lint_game_type(&files::in_any_case(dir, "game.ini"))
}

/// The `sokoban` folder of a boards folder, where the level sets are read
/// from (and where the guide tells players to put theirs): a folder's
/// entry, so that linting a boards folder checks its level sets too.
fn is_level_set_folder(path: &Path) -> bool {
    path.is_dir() && path.file_name().is_some_and(|n| n == crate::games::sokoban::library::FOLDER)
}

/// A folder that holds game types and a game.ini of its own too (saved a
/// folder too high): a searched game-types folder, or one whose folders
/// hold game types. It is checked as the game list reads it, each game
/// type in it, its game.ini told as left out, not taken for a game type
/// hiding the others.
fn is_game_types_folder(path: &Path) -> bool {
    if !path.is_dir() || !files::in_any_case(path, "game.ini").is_file() {
        return false;
    }
    let same = |dir: &PathBuf| dir.canonicalize().ok() == path.canonicalize().ok();
    super::data_dirs::game_type_dirs().iter().any(same)
        || !crate::solitaire::library::discover(&[path.to_path_buf()]).is_empty()
}

fn is_built_help(path: &Path) -> bool {
    path.is_dir() && path.join(crate::help::source::BUILT_MARK).is_file()
}

/// A built help's pages, as the help reads them: its game types' pages
/// and those of its Help folder (the folders of the files the pages use
/// are not game types).
fn lint_built_help(dir: &Path) -> Vec<Diagnostic> {
    let pages = |folder: &Path| -> Vec<PathBuf> {
        let entries = std::fs::read_dir(folder).into_iter().flatten().flatten().map(|e| e.path());
        let mut found: Vec<PathBuf> = entries.filter(|p| p.is_file() && crate::help::accepts(p)).collect();
        found.sort();
        found
    };
    let mut all = pages(dir);
    all.extend(pages(&dir.join("Help")));
    all.iter().flat_map(|p| crate::help::lint(p)).collect()
}

/// The linters a folder's entries are checked by: all but the folder's own.
fn entry_linter(path: &Path) -> Option<&'static Linter> {
    LINTERS[..LINTERS.len() - 1].iter().find(|l| (l.accepts)(path))
}

/// The entries of `dir` that a linter checks, in name order. A loose
/// .ini file is no game type (a game type is a folder): a game.ini among
/// game types is told as left out (see [`left_out_in`]), and any other is
/// some program's settings, such as the prefs.ini and stats.ini of
/// Parlour's own data folder, checked only when named.
fn checkable(dir: &Path) -> Vec<PathBuf> {
    let settings = |p: &Path| p.is_file() && p.extension().is_some_and(|e| e.eq_ignore_ascii_case("ini"));
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries.flatten().map(|e| e.path()).filter(|p| !settings(p) && entry_linter(p).is_some()).collect()
        })
        .unwrap_or_default();
    found.sort();
    found
}

fn holds_checkable(path: &Path) -> bool {
    path.is_dir() && !checkable(path).is_empty()
}

/// A folder lint checks entry by entry: one holding what it checks, or a
/// folder of game types or boards with nothing in it yet, which is no
/// mistake (a refused `new-type` made the data folder's game-types, and
/// a player may make ./game-types before the first game type in it).
fn is_folder_of_these(path: &Path) -> bool {
    holds_checkable(path) || holds_nothing_to_check(path)
}

/// Whether `path` is a folder of a kind lint knows (game-types, boards
/// or a boards folder's sokoban, by name or as a folder searched for
/// them) holding nothing it checks, but such folders as empty (a boards
/// folder whose sokoban folder is empty).
fn holds_nothing_to_check(path: &Path) -> bool {
    use super::data_dirs::{board_dirs, game_type_dirs};
    // A folder that cannot be read may hold anything: it is told of as
    // one that cannot be read, not as empty.
    if std::fs::read_dir(path).is_err() {
        return false;
    }
    let named = |name: &str| path.file_name().is_some_and(|n| n.eq_ignore_ascii_case(name));
    let same = |dir: &PathBuf| dir.canonicalize().ok() == path.canonicalize().ok();
    let known = ["game-types", "boards", crate::games::sokoban::library::FOLDER].into_iter().any(named)
        || [game_type_dirs(), board_dirs()].concat().iter().any(same);
    known && checkable(path).iter().all(|entry| holds_nothing_to_check(entry))
}

/// Each game type, board, level set or help file directly in a folder.
fn lint_each(dir: &Path) -> Vec<Diagnostic> {
    let entries = checkable(dir);
    let mut found: Vec<Diagnostic> =
        entries.iter().flat_map(|p| entry_linter(p).map(|l| l.check(p)).unwrap_or_default()).collect();
    found.extend(same_names(dir, &entries));
    found.extend(left_out_in(dir));
    found
}

/// A warning on what in `dir` looks meant for a game type and that the
/// game list leaves out, as it says: a game.ini of the folder's own, and
/// a folder's game.ini.txt.
fn left_out_in(dir: &Path) -> Vec<Diagnostic> {
    use crate::solitaire::library::{Searched, games_ini_as_text, own_folder_searched};
    let own = own_folder_searched(dir, Searched::GameTypes)
        .map(|why| Diagnostic::warning(&files::in_any_case(dir, "game.ini"), 1, format!("left out: {why}")));
    let texts = games_ini_as_text(dir).into_iter().map(|(_, text)| {
        let why = "the game list leaves its folder out: Windows hides the .txt of a file's name; rename it to game.ini";
        Diagnostic::warning(&text, 1, why)
    });
    own.into_iter().chain(texts).collect()
}

/// A warning on each game type in `dir` that the game list leaves out
/// because the folder beside it has its id, and on each named as one
/// before it in `entries`: the game list would show two games alike.
/// Only game types that load are compared: one the list leaves out for
/// its errors (no [Game]) shows no name there.
fn same_names(dir: &Path, entries: &[PathBuf]) -> Vec<Diagnostic> {
    use crate::solitaire::library::{GameType, general_name};
    let clashes = crate::solitaire::library::discover_all(&[dir.to_path_buf()]).beside;
    let mut seen: std::collections::HashMap<String, &Path> = std::collections::HashMap::new();
    let mut found = Vec::new();
    for folder in entries.iter().filter(|p| p.is_dir()) {
        let ini = crate::core::files::in_any_case(folder, "game.ini");
        if let Some(clash) = clashes.iter().find(|(left_out, _)| left_out == folder) {
            let (_, why) = crate::host::id_taken(clash);
            found.push(Diagnostic::warning(&ini, 1, format!("the game list leaves this game type out: {why}")));
            continue;
        }
        if GameType::load(folder).is_err() {
            continue;
        }
        let Some((name, line)) = general_name(folder) else { continue };
        match seen.get(&name.to_lowercase()) {
            Some(first) => {
                let first = first.file_name().unwrap_or_default().to_string_lossy();
                found.push(Diagnostic::warning(&ini, line, also_named(&name, &format!("`{first}`"))));
            }
            None => {
                seen.insert(name.to_lowercase(), folder);
            }
        }
    }
    found
}

/// What lint says of a game type whose [General] Name `name` is also that
/// of `other`.
fn also_named(name: &str, other: &str) -> String {
    format!("[General] Name={name} is also the name of {other}: the game list would show two games alike")
}

/// The game types' folders at `path` (a game type's folder or game.ini,
/// or a folder of them), and the folder of them where `path` is one.
fn game_types_at(path: &Path) -> Option<(Vec<PathBuf>, Option<PathBuf>)> {
    let is_ini = path.file_name().is_some_and(|n| n.eq_ignore_ascii_case("game.ini"));
    let folder = match path.parent() {
        Some(parent) if path.is_file() && is_ini => parent,
        _ if path.is_dir() => path,
        _ => return None,
    };
    let is_game_type = |p: &Path| files::in_any_case(p, "game.ini").is_file();
    if is_game_type(folder) && !is_game_types_folder(folder) {
        Some((vec![folder.to_path_buf()], None))
    } else if path.is_dir() {
        Some((checkable(path).into_iter().filter(|p| is_game_type(p)).collect(), Some(folder.to_path_buf())))
    } else {
        None
    }
}

/// A warning on each game type at `path` (as [`game_types_at`] finds
/// them) in a folder the game list searches, whose id a game type in a
/// folder searched before it has: the list plays that one under the id
/// (./game-types over the data folder's, which is how a copy there is
/// tried out in place of the other), and this one, edited and linted,
/// is never played from it.
fn hidden_by_one_searched_first(path: &Path) -> Vec<Diagnostic> {
    use crate::solitaire::library::{discover, folder_id};
    let Some((folders, _)) = game_types_at(path) else { return Vec::new() };
    let searched = super::data_dirs::game_type_dirs();
    let canonical = |p: &Path| p.canonicalize().ok();
    let played = discover(&searched);
    // The built-in copies stand behind the player's own on purpose: one
    // of the same id is how a built-in game type is changed.
    let builtin = super::data_dirs::builtin_dir().and_then(canonical);
    let mut found = Vec::new();
    for folder in folders {
        if canonical(&folder).zip(builtin.as_ref()).is_some_and(|(f, b)| f.starts_with(b)) {
            continue;
        }
        if !folder.parent().is_some_and(super::data_dirs::lists_game_types_from) {
            continue;
        }
        let id = folder_id(&folder);
        let Some(first) = played.iter().find(|p| folder_id(p) == id) else { continue };
        // A folder beside it with its id is told of by `same_names`.
        let beside = first.parent().and_then(canonical) == folder.parent().and_then(canonical);
        if canonical(first) == canonical(&folder) || beside {
            continue;
        }
        let ini = files::in_any_case(&folder, "game.ini");
        let why = format!(
            "the game list leaves this game type out: {} has its id {id} and is searched first, so the list \
             plays that one and its saved game and statistics are the ones kept (rename one of the two folders \
             to have both)",
            lint_name(first)
        );
        found.push(Diagnostic::warning(&ini, 1, why));
    }
    found
}

/// A warning on each game type of the player's own that the game list
/// leaves out for one of its id in a folder searched before it (see
/// [`hidden_by_one_searched_first`]), in every folder game types are
/// listed from: for the commands that go through the list (`list`,
/// `capture --all`) to name what they pass over, as lint does.
fn hidden_everywhere() -> Vec<Diagnostic> {
    let searched = super::data_dirs::game_type_dirs();
    searched.iter().filter(|dir| dir.is_dir()).flat_map(|dir| hidden_by_one_searched_first(dir)).collect()
}

/// A warning on each game type at `path` (a game type's folder or
/// game.ini, or a folder of them) whose [General] Name a game of the list
/// has, but for one of the same id (which is that game type, or one the
/// list leaves out for it, as [`same_names`] tells) and, for a folder of
/// game types, the folder's own (which [`same_names`] compares). As there,
/// only game types that load are compared: one the list would leave out
/// shows no name there.
fn named_as_listed(path: &Path) -> Vec<Diagnostic> {
    use crate::solitaire::library::{GameType, general_name};
    let Some((folders, apart)) = game_types_at(path) else { return Vec::new() };
    let apart = apart.and_then(|dir| dir.canonicalize().ok());
    let listed = catalog::games();
    let mut found = Vec::new();
    // A game type's id as the list gives it: a folder that is a link
    // takes the name of the folder it leads to.
    for (folder, id) in folders.into_iter().filter_map(|f| GameType::load(&f).ok().map(|t| (f, t.id))) {
        let Some((name, line)) = general_name(&folder) else { continue };
        let itself = folder.canonicalize().ok();
        let in_apart = |g: &crate::host::GameEntry| {
            let parent = catalog::game_type(g).and_then(|t| t.folder.parent()?.canonicalize().ok());
            apart.is_some() && parent == apart
        };
        let is_itself = |g: &crate::host::GameEntry| {
            itself.is_some() && catalog::game_type(g).and_then(|t| t.folder.canonicalize().ok()) == itself
        };
        let others =
            listed.iter().filter(|g| g.name.eq_ignore_ascii_case(&name) && g.id != id && !in_apart(g) && !is_itself(g));
        for other in others {
            let other = match catalog::game_type(other) {
                Some(t) => format!("the game type in {} (id {})", lint_name(&t.folder), t.id),
                None => format!("the game {} (id {})", other.name, other.id),
            };
            let ini = files::in_any_case(&folder, "game.ini");
            found.push(Diagnostic::warning(&ini, line, also_named(&name, &other)));
        }
    }
    found
}

fn is_board(path: &Path) -> bool {
    path.is_file() && path.extension().is_some_and(|e| e.eq_ignore_ascii_case("brd"))
}

/// A board's problem as a diagnostic (a board stops at its first error).
fn lint_board(path: &Path) -> Vec<Diagnostic> {
    use crate::games::pegs::board::Board;
    use crate::games::pegs::rules::Pegs;
    match read_capped(path, limits::RULES) {
        Ok(bytes) => match Board::parse(&path.display().to_string(), &bytes) {
            // Such a board plays, as Jumper would: every New Game on it is
            // counted, won or lost, with no jump made.
            Ok(board) if Pegs::new(board.clone()).jumps().is_empty() => {
                let why = "no stone can jump on the board as it is set up, so every game is over before it starts";
                vec![Diagnostic::error(path, 1, why)]
            }
            Ok(_) => Vec::new(),
            Err(e) => vec![Diagnostic::error(path, e.line, e.message)],
        },
        Err(e) => vec![Diagnostic::error(path, 1, format!("cannot be read ({e})"))],
    }
}

/// Every broken level of a Sokoban level set, or that it holds none.
fn lint_level_set(path: &Path) -> Vec<Diagnostic> {
    crate::games::sokoban::library::SetFile::load(path).problems()
}

/// What `lint` checks for `target`: the file or folder it names, or else
/// the game type of that id (or name, as the list shows it), in the folder `parlour play` plays it from
/// (for The Chance, the game.ini of its rules: its folder holds no help
/// page or picture).
fn lint_target(target: &Path) -> Result<PathBuf, String> {
    use super::data_dirs::{card_game_dirs, card_shell_dirs, game_type_dirs};
    use crate::solitaire::library::{discover, folder_id, general_name};
    if target.exists() {
        return Ok(target.to_path_buf());
    }
    if let Some(why) = behind_unreadable_folder(target) {
        return Err(why);
    }
    let id = target.to_string_lossy();
    let of_id =
        |dirs: Vec<PathBuf>, id: &str| discover(&dirs).into_iter().find(|f| folder_id(f).eq_ignore_ascii_case(id));
    if let Some(folder) = of_id(game_type_dirs(), &id) {
        return Ok(folder);
    }
    if let Some(folder) = of_id(card_shell_dirs(), &id) {
        return Ok(files::in_any_case(&folder, "game.ini"));
    }
    // A CardGames panel's game by its id (`cardgames/freecell`): its rules
    // alone, as The Chance's, since its help is the panel's guide.
    let panel_game = id.get(..10).filter(|p| p.eq_ignore_ascii_case("cardgames/")).map(|_| &id[10..]);
    if let Some(folder) = panel_game.and_then(|name| of_id(card_game_dirs(), name)) {
        return Ok(files::in_any_case(&folder, "game.ini"));
    }
    // A game type named as the list shows it, as `play` and `solve` take
    // it; and so a level's set (`sokoban/parlour/3`), which an installed
    // Parlour keeps in a folder of its own. The launcher's `sokoban` entry
    // opens a level that changes with play, so it names none.
    if let Ok(entry) = catalog::find(&id) {
        let file = catalog::game_type(&entry).map(|t| t.folder.clone());
        let named = id.contains('/');
        let file = file.or_else(|| crate::host::level_set_file(&entry).filter(|_| named).map(Path::to_path_buf));
        if let Some(file) = file {
            return Ok(file);
        }
    }
    // A game type the list leaves out, which lint is there to explain:
    // by its folder's name, as the list's warning names it and `play`
    // takes it, or by its [General] Name, as the list would show it.
    let named = |folder: &PathBuf| {
        crate::host::names(&files::file_name(folder), &id)
            || general_name(folder).is_some_and(|(name, _)| name.eq_ignore_ascii_case(id.trim()))
    };
    if let Some(folder) = discover(&game_type_dirs()).into_iter().find(named) {
        return Ok(folder);
    }
    // A board by its id (`pegs/english`), found in the board folders as
    // the list finds it, or, where it cannot be read and so is not
    // listed, as `solve` finds it to tell what is wrong.
    {
        use crate::games::pegs::library as boards;
        let of_id = |path: &PathBuf| {
            path.file_stem().is_some_and(|stem| boards::id_for(&stem.to_string_lossy()).eq_ignore_ascii_case(&id))
        };
        if let Some(path) = boards::discover(&super::data_dirs::board_dirs()).into_iter().find(of_id) {
            return Ok(path);
        }
    }
    // A help file of Parlour's own by its name, as `help` takes it.
    if crate::help::reader_named(&id)
        && let Some(path) = super::help_source::find_guide(&id)
    {
        return Ok(path);
    }
    let shown = escape_controls(&id);
    Err(match built_in_rules_named(&id) {
        Some(name) => format!(
            "{shown}: {name} has its rules built in, not in a game type: lint checks game types (a folder or an id), \
             boards (or an id, pegs/english), level sets (or a level's id, sokoban/parlour/1) and help files (or the \
             name of one of Parlour's, parlour.guide)"
        ),
        None => {
            let games = catalog::games();
            let types = games.iter().filter(|g| catalog::game_type(g).is_some()).map(|g| g.id.as_str());
            let hint =
                crate::core::nearest(&id, types).map(|near| format!(" (did you mean {near}?)")).unwrap_or_default();
            format!("{shown}: no such file or folder, nor a game type of that id or name{hint}")
        }
    })
}

/// Why `path` cannot be reached, where a folder on its way may not be
/// read: it is there, maybe, and is not to be told of as missing.
fn behind_unreadable_folder(path: &Path) -> Option<String> {
    let e = std::fs::metadata(path).err().filter(|e| e.kind() == std::io::ErrorKind::PermissionDenied)?;
    // The nearest folder that is there is the one that may not be read.
    let blocked = path.ancestors().skip(1).find(|folder| std::fs::metadata(folder).is_ok());
    let why = match blocked.and_then(|folder| Some((folder, files::folder_unreadable(folder)?))) {
        Some((folder, why)) => format!("the folder {} cannot be read ({why})", folder.display()),
        None => files::read_failure(&e),
    };
    Some(format!("{}: cannot be read: {why}", escaped_path(path)))
}

/// What `parlour lint` alone checks, so that it names whatever the
/// launcher left out: every folder there is of the game types and boards
/// Parlour reads, and the game.ini of each game the CardGames panel and
/// The Chance read (theirs are no YaZZle game-type folders, with no
/// game.html or game.bmp of their own), in the order they are searched.
fn read_from() -> Vec<PathBuf> {
    use super::data_dirs::{board_dirs, card_game_dirs, card_shell_dirs, game_type_dirs};
    let games_in = |dir: PathBuf| {
        let mut folders: Vec<PathBuf> = std::fs::read_dir(&dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|entry| entry.path())
            .filter(|folder| folder.is_dir())
            .collect();
        folders.sort();
        folders.into_iter().map(|folder| files::in_any_case(&folder, "game.ini")).filter(|ini| ini.is_file())
    };
    let rule_files = [card_game_dirs(), card_shell_dirs()].concat().into_iter().flat_map(games_in);
    // A boards folder is checked with its `sokoban` folder of level sets.
    let folders = [game_type_dirs(), board_dirs()].concat().into_iter().filter(|dir| dir.is_dir());
    folders.chain(rule_files).collect()
}

/// The linter for `path`, which is there, or why there is none.
fn linter_for(path: &Path) -> Result<&'static Linter, String> {
    LINTERS.iter().find(|l| (l.accepts)(path)).ok_or_else(|| {
        // A folder that cannot be read may be any kind lint takes.
        if let Some(why) = files::folder_unreadable(path) {
            return format!("{}: the folder cannot be read ({why})", path.display());
        }
        let kinds: Vec<&str> = LINTERS.iter().map(|l| l.what).collect();
        format!("don't know how to check {}: lint takes {}", path.display(), kinds.join("; "))
    })
}

/// `parlour lint PATH|GAME...`: problems on standard output, one per
/// line, and for each path that passes a line saying so (unless `quiet`);
/// exit code 1 when there is an error (or a path that cannot be checked).
fn lint(targets: &[PathBuf], quiet: bool) -> Result<(), Failure> {
    let mut failed = false;
    for target in targets {
        let checked = lint_target(target).and_then(|path| Ok((linter_for(&path)?, path)));
        match checked {
            Ok((linter, path)) => {
                let mut found = linter.check(&path);
                found.extend(named_as_listed(&path));
                found.extend(hidden_by_one_searched_first(&path));
                for d in &found {
                    say!("{}", as_lint_tells(d));
                }
                let errors = found.iter().any(Diagnostic::is_error);
                failed |= errors;
                let passes =
                    if errors { passed_within(&path, &found) } else { vec![passed(target, &path, found.len())] };
                for line in passes.iter().filter(|_| !quiet) {
                    say!("{line}");
                }
            }
            Err(message) => {
                tell!("parlour: {message}");
                failed = true;
            }
        }
    }
    if failed { Err(Failure { message: String::new(), code: 1 }) } else { Ok(()) }
}

/// What `lint` says of each entry that passes of a folder it checked
/// entry by entry and found errors in (`found`): where one file of a
/// variant author's folder fails, the others are said to pass as they
/// would alone. An entry folder with errors of its own is gone into
/// alike.
fn passed_within(path: &Path, found: &[Diagnostic]) -> Vec<String> {
    if !linter_for(path).is_ok_and(|l| matches!(l.how, Check::Each)) {
        return Vec::new();
    }
    let mut lines = Vec::new();
    for entry in checkable(path) {
        let its: Vec<&Diagnostic> = found.iter().filter(|d| d.path.starts_with(&entry)).collect();
        if its.iter().any(|d| d.is_error()) {
            lines.extend(passed_within(&entry, found));
        } else {
            lines.push(passed(&entry, &entry, its.len()));
        }
    }
    lines
}

/// What `lint` says of a path it found no error in, with its warnings.
/// A built-in game named by its id (`target`) is named so, and a built-in
/// folder `lint` alone checks by its place among the built-in data, not
/// by the folder it is unpacked in, which is Parlour's and not to be
/// edited.
fn passed(target: &Path, path: &Path, warnings: usize) -> String {
    let in_builtin = within_builtin(path);
    let by_id = in_builtin.is_some() && !target.exists();
    let shown = match in_builtin {
        _ if by_id => target,
        Some(inside) => inside,
        None => path,
    };
    let shown = shown.display().to_string();
    let shown = escape_controls(&shown);
    let verdict = match warnings {
        0 if holds_nothing_to_check(path) => format!("{shown}: holds nothing to check"),
        0 => format!("{shown}: no problems found"),
        n => format!("{shown}: no errors ({})", crate::core::plural(n as u64, "warning", "warnings")),
    };
    match in_builtin {
        // A game type's folder; The Chance's and CardGames' are rules alone.
        // The copy's command names it by its id, whatever name found it
        // ("spider two suits"), so that it can be pasted.
        Some(_) if by_id && path.is_dir() => {
            let id = shell_quoted(&crate::solitaire::library::folder_id(path));
            format!("{verdict} (built in: `parlour new-type {id} NAME` makes a copy of your own to change)")
        }
        Some(_) => format!("{verdict} (built in)"),
        None => verdict,
    }
}

/// `d` as lint prints it: a file of the built-in data named by
/// [`lint_name`].
fn as_lint_tells(d: &Diagnostic) -> String {
    Diagnostic { path: PathBuf::from(lint_name(&d.path)), ..d.clone() }.labelled()
}

/// Where `path` lies among the built-in data, if it does.
fn within_builtin(path: &Path) -> Option<&Path> {
    super::data_dirs::builtin_dir().and_then(|b| path.strip_prefix(b).ok())
}

/// `message` with each file of the built-in data named by its place there
/// ("built-in boards/sokoban/parlour.xsb"), as lint names it, never by the
/// folder Parlour unpacked it into, whose name means nothing to a player.
fn builtin_named(message: &str) -> String {
    match super::data_dirs::builtin_dir_if_unpacked() {
        Some(dir) => message.replace(&format!("{}{}", dir.display(), std::path::MAIN_SEPARATOR), "built-in "),
        None => message.to_string(),
    }
}

/// `path` as lint names it: a file of the built-in data by its place
/// there ("built-in game-types/Golf/game.ini"), never by the folder
/// Parlour unpacked it in, which is Parlour's own and not to be edited.
fn lint_name(path: &Path) -> String {
    match within_builtin(path) {
        Some(inside) => format!("built-in {}", inside.display()),
        None => path.display().to_string(),
    }
}

/// The variant and seed a `deal` or `solve` asks for.
fn deal(
    target: &str,
    seed: Option<u64>,
    ms: Option<u32>,
    mode: Option<crate::solitaire::rules::Mode>,
    format: Option<&str>,
) -> Result<(), Failure> {
    use super::solve_cmd::{game_seed, played};
    use crate::core::Variant;
    use crate::solitaire::deal::{print_fcs, print_position};
    let variant = played(target, mode, ms.is_some()).map_err(fail)?.variant;
    let seed = match ms {
        Some(n) => u64::from(n),
        None => game_seed(&variant, seed.unwrap_or(1), false),
    };
    let state = variant.deal(seed);
    let text = match format {
        Some("fcs") => print_fcs(&state).map_err(fail)?,
        _ => print_position(&state),
    };
    say_raw!("{text}");
    Ok(())
}

/// Tells of each game type left out (it cannot be read, or the folder
/// beside it has its id), on standard error as the launcher names it, for
/// a command that goes through every game type (capture --all, help
/// --html); returns how many there were.
fn tell_unreadable_game_types() -> usize {
    let game_types = crate::host::family("solitaire").map(|f| (f.variants)(&catalog::places(), None));
    let unreadable: Vec<(String, String)> = game_types.into_iter().flatten().filter_map(Result::err).collect();
    for (name, why) in &unreadable {
        tell!("parlour: {} is left out: {}", escape_controls(name), escape_controls(why));
    }
    unreadable.len()
}

/// The name of the game of that id whose rules are built in (not a game
/// type), such as MineSweeper.
fn built_in_rules_named(id: &str) -> Option<String> {
    let games = catalog::games();
    let game = games.iter().find(|g| g.id.eq_ignore_ascii_case(id) && catalog::game_type(g).is_none())?;
    Some(game.name.clone())
}

/// The folder of a game type of that id in the folders game types are
/// listed from, where the list leaves it out (its rules cannot be read):
/// found by its folder's name, as lint finds it.
fn unlisted_game_type_of_id(id: &str) -> Option<PathBuf> {
    use crate::solitaire::library::{discover, folder_id};
    let builtin = super::data_dirs::builtin_dir();
    let folders = discover(&super::data_dirs::game_type_dirs()).into_iter();
    folders.filter(|f| !builtin.is_some_and(|b| f.starts_with(b))).find(|f| folder_id(f).eq_ignore_ascii_case(id))
}

/// Every game type the launcher lists: its id, its folder, and whether it
/// is the player's own (in ./game-types or the data folder) rather than
/// built in. Only the player's own have their pictures drawn: the
/// built-in ones come with theirs.
fn game_type_folders() -> Vec<(String, PathBuf, bool)> {
    let builtin = super::data_dirs::builtin_dir();
    let games = catalog::games();
    let folders = games.iter().filter_map(|g| catalog::game_type(g).map(|gt| (g.id.clone(), gt.folder.clone())));
    folders
        .map(|(id, folder)| {
            let own = !builtin.is_some_and(|b| folder.starts_with(b));
            (id, folder, own)
        })
        .collect()
}

fn capture(paths: &[PathBuf], all: bool) -> Result<(), Failure> {
    use super::capture::Captured;
    let mut failed = false;
    let folders: Vec<PathBuf> = if all {
        let own: Vec<PathBuf> = game_type_folders().into_iter().filter(|(_, _, own)| *own).map(|(_, f, _)| f).collect();
        // A game type left out (one that cannot be read, one whose id is
        // taken) has no picture drawn: said, and the run fails.
        failed = tell_unreadable_game_types() > 0;
        // One of one's own that a game type of its id, searched first,
        // stands in for gets no picture either: said, as lint says it,
        // but no failure, as that is how a copy is tried out in its place.
        for hidden in hidden_everywhere() {
            tell!("parlour: {}", as_lint_tells(&hidden));
        }
        if own.is_empty() && !failed {
            say!("No game types of your own to capture: the built-in ones come with their pictures.");
        }
        own
    } else {
        // A game type of the player's own may be named by its id, as
        // `parlour new-type` prints it and lint takes it; a path wins
        // where both could be meant.
        let by_id = game_type_folders();
        let mut folders = Vec::new();
        for path in paths {
            let id = path.to_str().filter(|_| !path.exists());
            match id.and_then(|id| by_id.iter().find(|(known, _, _)| known == id)) {
                Some((_, folder, true)) => folders.push(folder.clone()),
                Some((id, _, false)) => {
                    tell!(
                        "parlour: {id} is built in and comes with its picture: copy it with `parlour new-type {id} NAME` to make a game type of your own"
                    );
                    failed = true;
                }
                // One of one's own that cannot be read is not listed, but
                // its id still finds its folder, so that capture tells
                // what is wrong in it, as lint does.
                None if let Some(folder) = id.and_then(unlisted_game_type_of_id) => folders.push(folder),
                None if let Some(name) = id.and_then(built_in_rules_named) => {
                    tell!(
                        "parlour: {}: {name} has its rules built in, not in a game type: capture draws the pictures of game types",
                        escaped_path(path)
                    );
                    failed = true;
                }
                None => {
                    match id.and_then(|id| {
                        crate::core::nearest(
                            id,
                            by_id.iter().filter(|(.., own)| *own).map(|(known, ..)| known.as_str()),
                        )
                    }) {
                        Some(near) => {
                            tell!(
                                "parlour: {}: there is no such folder, nor a game type of yours of that id (did you mean {near}?)",
                                escaped_path(path)
                            );
                            failed = true;
                        }
                        None => folders.push(path.clone()),
                    }
                }
            }
        }
        folders
    };
    for folder in &folders {
        // A folder's name may hold anything: it is printed escaped, as
        // lint and list print it, so no byte a terminal acts on gets out.
        match super::capture::capture(folder) {
            Ok((out, Captured::Written)) => say!("{}", escaped_path(&out)),
            Ok((out, Captured::LinkReplaced(to))) => {
                say!("{} (it was a link to {}, which is left as it was)", escaped_path(&out), escaped_path(&to))
            }
            Ok((out, Captured::Unchanged)) => say!("{} (unchanged)", escaped_path(&out)),
            Ok((out, Captured::Replaced(kept))) => {
                say!("{} (the picture before is kept as {kept})", escaped_path(&out))
            }
            Err(e) => {
                // A list of the folder's problems names the folder in
                // each line already (the folder of a game.ini given).
                let named = e.starts_with(&escaped_path(super::capture::folder_given(folder)));
                for line in e.lines().map(escape_controls) {
                    if named { tell!("parlour: {line}") } else { tell!("parlour: {}: {line}", escaped_path(folder)) }
                }
                failed = true;
            }
        }
    }
    if failed { Err(Failure { message: String::new(), code: 1 }) } else { Ok(()) }
}

/// Positions a board search looks at when `--nodes` is not given: a
/// 40-hole board with no end in sight stops in about 30 s, under 1 GB.
const BOARD_NODES: u64 = 4_000_000;

/// What a board search found: its jumps if solvable, whether it was
/// decided, and the positions it searched.
pub(super) struct BoardAnswer {
    pub jumps: Option<Vec<String>>,
    pub decided: bool,
    pub positions: u64,
}

/// Reads the peg board in `path`; the error names the file (and line).
pub(super) fn read_board(path: &Path) -> Result<Board, String> {
    let bytes = read_capped(path, limits::RULES).map_err(|e| format!("{}: cannot be read ({e})", path.display()))?;
    Board::parse(&path.display().to_string(), &bytes).map_err(|e| e.to_string())
}

/// Searches `board` (called `name` in an error) for a line of jumps that
/// wins it, within `limit` positions (default [`BOARD_NODES`]).
pub(super) fn solve_board(board: Board, name: &str, limit: Option<u64>) -> Result<BoardAnswer, String> {
    use crate::games::pegs::rules::Pegs;
    use crate::games::pegs::solver::{MAX_SLOTS, Verdict, solve};
    let report = solve(&Pegs::new(board), Some(limit.unwrap_or(BOARD_NODES)));
    let positions = report.positions;
    Ok(match report.verdict {
        Verdict::Solvable(jumps) => {
            BoardAnswer { jumps: Some(jumps.iter().map(|j| j.to_string()).collect()), decided: true, positions }
        }
        Verdict::Unsolvable => BoardAnswer { jumps: None, decided: true, positions },
        Verdict::TooLarge => return Err(format!("{name}: the solver handles boards of up to {MAX_SLOTS} slots")),
        Verdict::GaveUp => BoardAnswer { jumps: None, decided: false, positions },
    })
}

#[cfg(test)]
mod lint_tests {
    use super::*;

    /// A game type's id mistyped is answered with the nearest one.
    #[test]
    fn a_mistyped_id_is_answered_with_the_nearest() {
        let e = lint_target(Path::new("klondyk")).unwrap_err();
        assert!(e.ends_with("(did you mean klondike?)"), "{e}");
    }

    #[test]
    fn lint_dispatches_on_what_the_path_is() {
        let dir = tempfile::tempdir().unwrap();
        let ini = dir.path().join("rules.INI");
        std::fs::write(&ini, "[General]\n").unwrap();
        assert!(linter_for(&ini).is_ok());
        let folder = dir.path().join("Some Game");
        std::fs::create_dir(&folder).unwrap();
        let e = linter_for(&folder).err().unwrap();
        assert!(e.starts_with(&format!("don't know how to check {}", folder.display())), "{e}");
        std::fs::write(folder.join("game.ini"), "").unwrap();
        assert!(linter_for(&folder).is_ok());
        let txt = dir.path().join("notes.txt");
        std::fs::write(&txt, "").unwrap();
        assert!(linter_for(&txt).err().unwrap().starts_with("don't know how to check"));
        // A bad game.ini fails the command.
        assert_eq!(lint(&[ini], true).err().map(|f| f.code), Some(1));
    }

    /// A board on which no stone can jump as it is set up is an error: it
    /// plays, but every New Game on it is counted, over with no jump.
    #[test]
    fn a_board_over_before_a_jump_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let said = |text: &str| {
            let path = dir.path().join("b.brd");
            std::fs::write(&path, text).unwrap();
            lint_board(&path).iter().map(|d| format!("{}: {}", d.line, d.message)).collect::<Vec<_>>()
        };
        let over = "1: no stone can jump on the board as it is set up, so every game is over before it starts";
        assert_eq!(said("Version 2\nMode: Normal\ny e\n"), [over], "one stone");
        assert_eq!(said("Version 2\nMode: Normal\ny e y\n"), [over], "two stones apart");
        assert!(said("Version 2\nMode: Normal\ny y e\n").is_empty());
    }

    /// What passes is said in one line, with its warnings counted.
    #[test]
    fn a_path_that_passes_is_said_to() {
        let as_named = |p: &str, warnings| passed(Path::new(p), Path::new(p), warnings);
        assert_eq!(as_named("x/Klondike", 0), "x/Klondike: no problems found");
        assert_eq!(as_named("a.guide", 1), "a.guide: no errors (1 warning)");
        assert_eq!(as_named("b\x1b.guide", 2), "b\\x1b.guide: no errors (2 warnings)");
    }

    /// Klondike's folder copied, with `file` holding `bytes`; what lint says
    /// of it, each problem as printed, the folder's path left out.
    fn klondike_with(file: &str, bytes: &[u8]) -> Vec<String> {
        klondike_with_files(&[(file, bytes)])
    }

    /// [`klondike_with`] with several files written.
    fn klondike_with_files(files: &[(&str, &[u8])]) -> Vec<String> {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("game-types/Klondike");
        std::fs::create_dir_all(&folder).unwrap();
        // Laid out as shipped, so that the page's stylesheet is found.
        let shipped = Path::new(env!("CARGO_MANIFEST_DIR"));
        std::fs::create_dir_all(dir.path().join("guide/Help")).unwrap();
        std::fs::copy(shipped.join("guide/Help/help.css"), dir.path().join("guide/Help/help.css")).unwrap();
        for name in ["game.ini", "game.html", "game.bmp"] {
            std::fs::copy(shipped.join("game-types/Klondike").join(name), folder.join(name)).unwrap();
        }
        for (file, bytes) in files {
            std::fs::write(folder.join(file), bytes).unwrap();
        }
        let base = format!("{}/", folder.display());
        lint_game_type(&folder).iter().map(|d| d.to_string().replace(&base, "")).collect()
    }

    /// A bad game.bmp is told of once, as the folder's picture, in plain
    /// words; the page that shows it does not repeat it in the picture
    /// reader's words ("failed to fill whole buffer").
    #[test]
    fn a_bad_game_bmp_is_told_of_once() {
        let bmp = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("game-types/Klondike/game.bmp")).unwrap();
        let found = klondike_with("game.bmp", &bmp[..bmp.len() - 5000]);
        assert_eq!(
            found,
            ["game.bmp:1: is cut short: 5000 bytes of pixels are missing (`parlour capture` draws one to spec)"],
        );
    }

    /// The pages game.html links to in its folder, and those they link on
    /// to, are checked as the viewer reads them, with their own files and
    /// lines; a page no link leads to is not, nor game.html again.
    #[test]
    fn pages_game_html_links_to_are_checked_as_the_help_reads_them() {
        let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("game-types/Klondike/game.html");
        let page = std::fs::read_to_string(shipped).unwrap();
        let page =
            page.replacen("<div id=\"content\">", "<div id=\"content\"><p><a href=\"notes.html\">Notes</a></p>", 1);
        let notes = "<html>\n<head><title>Notes</title></head>\n<body>\n<h1>Notes</h3>\n\
            <p><a href=\"game.html\">Rules</a> <a href=\"more.html\">More</a></p>\n\
            <p><a href=\"../../../etc/passwd\">x</a></p>\n</body>\n</html>\n";
        let more = "<html><head><title>More</title></head><body>\n<p><img src=\"gone.png\"></p>\n</body></html>\n";
        let found = klondike_with_files(&[
            ("game.html", page.as_bytes()),
            ("notes.html", notes.as_bytes()),
            ("more.html", more.as_bytes()),
            ("orphan.html", b"<h1>Orphan</h3>"),
        ]);
        assert_eq!(
            found,
            [
                "more.html:2: there is no picture `gone.png` beside the page, so parlour help --html leaves the game type out",
                "notes.html:4: <h1> is closed by </h3>, not </h1>",
                "notes.html:6: the link `../../../etc/passwd` leads out of the game type's folder to no file of another game type or of the help, so parlour help --html leaves the game type out",
            ],
        );
    }

    /// A game.html that is not text is told of once: its bytes are not
    /// read on as tags and printed back.
    #[test]
    fn a_page_that_is_not_text_is_read_no_further() {
        let found = klondike_with("game.html", b"<html>\0\0<e\x1b[2J \xff\xfe junk>\n<title>");
        assert_eq!(found, ["game.html:1: not a text file (it holds NUL bytes)"]);
    }
}

#[cfg(test)]
mod help_tests {
    use super::*;

    /// The one-line help of `option` of `command`'s subcommand `sub` (or of
    /// `command` itself).
    fn option_help(sub: Option<&str>, option: &str) -> String {
        let root = command();
        let cmd = sub.map_or(&root, |s| root.find_subcommand(s).unwrap());
        let arg = cmd.get_arguments().find(|a| a.get_id() == option).unwrap();
        arg.get_help().unwrap().to_string()
    }

    /// `capture` with neither a folder nor --all names both.
    #[test]
    fn capture_without_a_folder_names_all() {
        let err = command().try_get_matches_from(["parlour", "capture"]).unwrap_err();
        let said = err.to_string();
        assert!(said.contains("<PATH|--all>"), "{said}");
        assert!(command().try_get_matches_from(["parlour", "capture", "--all"]).is_ok());
        assert!(command().try_get_matches_from(["parlour", "capture", "x", "--all"]).is_err(), "one or the other");
    }

    /// `rummi best` with neither a position nor a batch file names both
    /// ways of giving one, and is a usage error as any other.
    #[test]
    fn rummi_best_without_a_position_names_rack_and_batch() {
        let args = ["parlour", "rummi", "best"];
        let err = command().try_get_matches_from(args).unwrap_err();
        let said = err.to_string();
        assert!(said.contains("--rack") && said.contains("--batch"), "{said}");
        assert!(err.use_stderr());
        assert_eq!(main_with_args(args.map(String::from).to_vec()).unwrap_err().code, USAGE_ERROR);
        let both = ["parlour", "rummi", "best", "--rack", "R1", "--batch", "x"];
        assert!(command().try_get_matches_from(both).is_err(), "one or the other");
    }

    /// A rack that does not read is an option's value refused; a batch
    /// file that does not is bad input, told by its line.
    #[test]
    fn rummi_best_tells_a_bad_rack_from_a_bad_batch_file() {
        let rack = main_with_args(["parlour", "rummi", "best", "--rack", "R1 Q9"].map(String::from).to_vec());
        assert_eq!(rack.unwrap_err().code, USAGE_ERROR);
        let dir = tempfile::tempdir().unwrap();
        let batch = dir.path().join("batch.jsonl");
        std::fs::write(&batch, "{\"rack\":[\"R1\"],\"table\":[],\"first\":false}\nnot json\n").unwrap();
        let run = |file: &Path| {
            let args =
                vec!["parlour".into(), "rummi".into(), "best".into(), "--batch".into(), file.display().to_string()];
            main_with_args(args).unwrap_err()
        };
        let bad = run(&batch);
        assert_eq!(bad.code, 2, "{}", bad.message);
        assert!(bad.message.starts_with(&format!("{}:2: malformed JSON", batch.display())), "{}", bad.message);
        assert_eq!(run(&dir.path().join("none.jsonl")).code, 2, "a file that is not there");
    }

    /// `--skin` lists the skins there are, as `--machine` lists the
    /// machines: a player has no assets folder to look in.
    #[test]
    fn skin_help_lists_the_skins_there_are() {
        let mut ids = crate::machines::skin::ids();
        let last = ids.pop().unwrap();
        let listed = format!("{} or {last}", ids.join(", "));
        for sub in [None, Some("play"), Some("shot"), Some("help")] {
            let help = option_help(sub, "skin");
            assert_eq!(help, format!("Skin of yazzle (the only machine with skins): {listed}"), "{sub:?}");
        }
    }

    /// Each command's summary in `parlour --help` is a sentence saying
    /// what it does, its verb first (clap drops the full stop).
    #[test]
    fn command_summaries_say_what_each_command_does() {
        const VERBS: [&str; 13] = [
            "List", "Play", "Render", "Lay", "Show", "Print", "Measure", "Ask", "Write", "Find", "Solve", "Check",
            "Copy",
        ];
        for sub in command().get_subcommands() {
            let about = sub.get_about().unwrap().to_string();
            let verb = about.split_whitespace().next().unwrap();
            assert!(VERBS.contains(&verb), "{}: {about}", sub.get_name());
        }
    }

    /// `capture --all` draws what the command's own text says it draws.
    #[test]
    fn capture_all_is_said_to_draw_the_players_own_game_types() {
        let capture = command().find_subcommand("capture").unwrap().get_long_about().unwrap().to_string();
        assert!(capture.contains("--all draws your own game types"), "{capture}");
        assert!(option_help(Some("capture"), "all").starts_with("Draw your own game types"));
    }

    /// A number option given a negative number is refused in words, as
    /// any number out of its range is, not with clap's tip to write
    /// `-- -3` (which would make it no option at all).
    #[test]
    fn a_negative_number_is_refused_in_words() {
        let cases: [(&[&str], &str); 9] = [
            (&["solve", "freecell", "--ms", "-3"], "Microsoft deals are numbered from 1 to"),
            (&["deal", "freecell", "--ms", "-3"], "Microsoft deals are numbered from 1 to"),
            (&["play", "klondike", "--scale", "-3"], "the scale is a whole number"),
            (&["bench", "--ms", "-3"], "invalid value '-3' for '--ms <MS>'"),
            (&["bench", "rummi", "--positions", "-3"], "give a whole number of positions from 1 to"),
            (&["mines", "deal", "--width", "-3"], "invalid value '-3' for '--width <W>'"),
            (&["sokoban", "check", "x.xsb", "--level", "-3"], "invalid value '-3' for '--level <N>'"),
            (&["sokoban", "solve", "x.xsb", "--level", "-3"], "invalid value '-3' for '--level <N>'"),
            (&["tetris", "run", "--seed", "-3"], "seeds are whole numbers from 0 to"),
        ];
        for (args, words) in cases {
            let said = command().try_get_matches_from(["parlour"].iter().chain(args)).unwrap_err().to_string();
            assert!(said.contains(words) && !said.contains("tip:"), "{args:?}: {said}");
        }
    }

    /// A bench refuses --ms 0, which would time no run at all, and the
    /// options of the other bench, which it would run without, before it
    /// times anything.
    #[test]
    fn a_bench_refuses_no_time_and_the_other_bench_s_options() {
        let cases: [(&[&str], &str); 4] = [
            (&["bench", "--ms", "0"], "give a whole number of milliseconds from 1 to"),
            (&["bench", "--positions", "5"], "--positions is only for the Rummi Expert's bench: parlour bench rummi"),
            (&["bench", "--highs"], "--highs is only for the Rummi Expert's bench"),
            (&["bench", "rummi", "--ms", "5"], "--ms is only for the machines' bench: parlour bench"),
        ];
        for (args, words) in cases {
            let args: Vec<String> = ["parlour"].iter().chain(args).map(|a| a.to_string()).collect();
            let refused = main_with_args(args.clone()).unwrap_err();
            assert_eq!(refused.code, USAGE_ERROR, "{args:?}");
            let said = command().try_get_matches_from(&args).map_or_else(|e| e.to_string(), |_| refused.message);
            assert!(said.contains(words), "{args:?}: {said}");
        }
    }

    /// `bench rummi` refuses no positions, or a count that is no number,
    /// saying the range, before timing anything (no positions once made
    /// it panic summing up no times).
    #[test]
    fn a_rummi_bench_of_no_positions_is_refused_in_words() {
        for count in ["0", "abc"] {
            let args = ["parlour", "bench", "rummi", "--positions", count];
            let said = command().try_get_matches_from(args).unwrap_err().to_string();
            assert!(said.contains("give a whole number of positions from 1 to 4294967295"), "{count}: {said}");
            assert_eq!(main_with_args(args.map(String::from).to_vec()).unwrap_err().code, USAGE_ERROR);
        }
    }

    /// Every command's --help fits an 80-column terminal, its long
    /// descriptions wrapped at words (the usage line aside: clap keeps it
    /// whole, to be copied).
    #[test]
    fn help_is_wrapped_to_the_terminal() {
        let mut all = vec![command().term_width(80)];
        while let Some(mut cmd) = all.pop() {
            let help = cmd.render_long_help().to_string();
            let long: Vec<&str> = help.lines().filter(|l| l.chars().count() > 80 && !l.starts_with("Usage:")).collect();
            assert!(long.is_empty(), "{}: {long:#?}", cmd.get_name());
            all.extend(cmd.get_subcommands().map(|sub| sub.clone().term_width(80)));
        }
    }

    #[test]
    fn a_game_never_won_counts_once_it_ends() {
        let tetris = catalog::find("tetris").unwrap();
        assert_eq!(counts_once(tetris.family.record), "a game counts once it ends");
        let klondike = catalog::find("klondike").unwrap();
        assert_eq!(counts_once(klondike.family.record), "a game counts once it is won or given up");
    }

    /// The manual's page of each command names every option the command
    /// takes (the screen options and --assets have pages of their own), so
    /// that a reader of the manual meets what `--help` lists.
    #[test]
    fn the_manual_names_every_option_of_each_command() {
        let guide = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/guide/parlour.guide")).unwrap();
        let guide: String = guide.iter().map(|&b| b as char).collect(); // Latin-1
        let node = |name: &str| -> Option<&str> {
            let start = guide.find(&format!("@NODE {name} "))?;
            Some(&guide[start..start + guide[start..].find("@ENDNODE")?])
        };
        let own_pages = ["help", "assets", "machine", "depth", "skin", "scale"];
        let mut checked = 0;
        for sub in command().get_subcommands() {
            let camel: String = sub.get_name().split('-').map(|w| w[..1].to_uppercase() + &w[1..]).collect();
            let Some(page) = node(&format!("Cmd{camel}")) else { continue };
            checked += 1;
            for arg in sub.get_arguments().filter(|a| !a.is_hide_set()) {
                let Some(long) = arg.get_long().filter(|l| !own_pages.contains(l)) else { continue };
                let named = page.contains(&format!("--{long}"))
                    || arg.get_short().is_some_and(|short| page.contains(&format!("-{short} ")));
                assert!(named, "the manual's `{}` page leaves out --{long}", sub.get_name());
            }
        }
        assert!(checked >= 12, "only {checked} commands have a page");
        let screen = node("ScreenOptions").unwrap();
        for sub in ["play", "shot", "help"] {
            assert!(screen.contains(&format!("@{{b}}{sub}@{{ub}}")), "Screen options leaves out {sub}");
        }
    }
}
