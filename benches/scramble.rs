//! How long a Scramble hint takes: the whole solution of a freshly
//! shuffled puzzle at each square size. A benchmark, never a test.
//!
//!     cargo bench --bench scramble

use std::time::Instant;

use parlour::games::scramble::rules::shuffle;
use parlour::games::scramble::solver::solve;

fn main() {
    for size in 2..=6 {
        let mut times = Vec::new();
        let (mut moves, mut optimal) = (0, 0);
        for seed in 0..20u64 {
            let p = shuffle(size, size, seed);
            let start = Instant::now();
            let plan = solve(&p);
            times.push(start.elapsed().as_secs_f64() * 1000.0);
            moves += plan.steps.len();
            optimal += usize::from(plan.optimal);
        }
        times.sort_by(f64::total_cmp);
        let mean = times.iter().sum::<f64>() / times.len() as f64;
        println!(
            "{size} x {size} hint: mean {mean:.1} ms, worst {:.1} ms, {:.1} moves on average, {optimal} of 20 optimal",
            times[times.len() - 1],
            moves as f64 / 20.0
        );
    }
}
