//! `parlour capture`: YaZZle's game.bmp for a game type — the whole
//! 698 x 523 window with the plastique skin right after a new game starts,
//! reduced to 200 x 150 by area averaging and quantised to 256 colours,
//! written as an 8-bit BMP. The deal uses a fixed seed so a capture is
//! reproducible byte for byte.

use std::path::{Path, PathBuf};

use crate::gfx::image_io::encode_bmp;
use crate::gfx::reduce::{area_average, quantise};
use crate::machines::{Machine, MachineChoice, MachineId};

use super::catalog;
use super::driver::Driver;
use super::shell::Shell;

/// The deal every game.bmp shows.
pub const CAPTURE_SEED: u64 = 1;
pub const CAPTURE_SKIN: &str = "plastique";
pub const BMP_SIZE: (u32, u32) = (200, 150);

/// The game.bmp bytes for the game type at `folder`.
pub fn render(folder: &Path) -> Result<Vec<u8>, String> {
    let game = catalog::find(&folder.to_string_lossy())?;
    let choice = MachineChoice { id: Some(MachineId::Yazzle), depth: None, skin: Some(CAPTURE_SKIN.into()) };
    let machine = Machine::new(&choice, MachineId::Yazzle).map_err(|e| e.0)?;
    let driver = Driver::new(Shell::new(machine, game.open(CAPTURE_SEED), CAPTURE_SEED));
    let (w, h) = BMP_SIZE;
    let small = area_average(driver.frame(), w, h);
    Ok(encode_bmp(&quantise(&small, w, h)))
}

/// Writes `folder/game.bmp` and returns its path.
pub fn capture(folder: &Path) -> Result<PathBuf, String> {
    let bytes = render(folder)?;
    let out = folder.join("game.bmp");
    std::fs::write(&out, &bytes).map_err(|e| format!("{}: {e}", out.display()))?;
    Ok(out)
}
