//! `parlour bench`: how long a full launcher frame takes to draw and to
//! present on each machine, as multiples of copying a framebuffer of the
//! same size (the physical floor).

use std::hint::black_box;
use std::time::{Duration, Instant};

use crate::machines::{Depth, Machine, MachineChoice, MachineId};

use super::present::{default_scale, present};
use super::shell::Shell;

/// Reads `--ms`: milliseconds from 1 (none would time no run, and make a
/// figure of nothing).
pub fn milliseconds(text: &str) -> Result<u64, String> {
    super::solve_cmd::count_from_1(text, "milliseconds", u64::from(u32::MAX))
}

/// Runs `f` repeatedly for about `budget` and returns the mean time per run.
fn time_per_run(budget: Duration, mut f: impl FnMut()) -> Duration {
    f();
    let start = Instant::now();
    let mut runs = 0u32;
    while start.elapsed() < budget {
        f();
        runs += 1;
    }
    start.elapsed() / runs.max(1)
}

/// Every machine and depth worth measuring.
fn configurations() -> Vec<MachineChoice> {
    let mut out = Vec::new();
    for id in MachineId::ALL {
        let depths: Vec<Option<Depth>> =
            if id == MachineId::MacColor { Depth::ALL.iter().map(|&d| Some(d)).collect() } else { vec![None] };
        for depth in depths {
            out.push(MachineChoice { id: Some(id), depth, skin: None });
        }
    }
    out
}

/// Prints one line per configuration; returns the report.
pub fn run(budget_ms: u64) -> Result<String, String> {
    let budget = Duration::from_millis(budget_ms);
    let mut report = String::from(
        "machine            depth      size      copy(us)  draw(us)  draw/copy  present(us)  present/copy  scale\n",
    );
    say_raw!("{report}");
    for choice in configurations() {
        let machine = Machine::new(&choice, MachineId::Yazzle).map_err(|e| e.0)?;
        let (name, depth) = (machine.id().name(), machine.depth().map_or("-", |d| d.name()));
        let shell = Shell::launcher(machine, 1);
        let mut surface = shell.machine().new_surface();
        let (w, h) = (surface.width(), surface.height());
        let src = vec![0u32; (w * h) as usize];
        let mut dst = vec![0u32; (w * h) as usize];
        let copy = time_per_run(budget, || {
            dst.copy_from_slice(black_box(&src));
            black_box(&dst);
        });
        let draw = time_per_run(budget, || shell.render(black_box(&mut surface)));
        let k = default_scale(w, h);
        let (mut rgb, mut out) = (Vec::new(), Vec::new());
        let show = time_per_run(budget, || {
            present(black_box(&surface), k, &mut rgb, &mut out);
            black_box(&out);
        });
        let us = |d: Duration| d.as_secs_f64() * 1e6;
        let line = format!(
            "{name:<18} {depth:<10} {:<9} {:>8.1}  {:>8.1}  {:>9.1}  {:>11.1}  {:>12.1}  x{k}\n",
            format!("{w}x{h}"),
            us(copy),
            us(draw),
            us(draw) / us(copy),
            us(show),
            us(show) / us(copy),
        );
        say_raw!("{line}");
        report.push_str(&line);
    }
    Ok(report)
}
