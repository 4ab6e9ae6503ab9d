//! How long a no-guess Expert board takes to deal (30 x 16, 99 mines),
//! over many seeds and first clicks, corners included. A benchmark, never
//! a test: it prints figures and asserts nothing about time.
//!
//!     cargo bench --bench mines

use std::time::Instant;

use parlour::games::mines::generate;
use parlour::games::mines::grid::Grid;
use parlour::games::mines::settings::{PRESETS, Settings};

fn main() {
    for preset in &PRESETS {
        let settings = Settings { no_guess: true, ..Settings::preset(preset) };
        let grid = Grid::new(settings.width as usize, settings.height as usize);
        let firsts = [0, grid.width - 1, grid.len() - 1, grid.index(grid.width / 2, grid.height / 2), grid.index(3, 5)];
        let mut times = Vec::new();
        for seed in 0..40u64 {
            for &first in &firsts {
                let start = Instant::now();
                generate::layout(&settings, seed, first).expect("presets always deal");
                times.push(start.elapsed().as_secs_f64() * 1000.0);
            }
        }
        times.sort_by(f64::total_cmp);
        let mean = times.iter().sum::<f64>() / times.len() as f64;
        let pct = |p: f64| times[((times.len() - 1) as f64 * p) as usize];
        println!(
            "{:<12} no-guess deal: mean {mean:.2} ms, median {:.2} ms, 95% {:.2} ms, worst {:.2} ms ({} deals)",
            preset.name,
            pct(0.5),
            pct(0.95),
            pct(1.0),
            times.len()
        );
    }
}
