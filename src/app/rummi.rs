//! `parlour rummi best`: the Expert's play for a position given on the
//! command line or as JSON lines; and `parlour bench rummi`, which times
//! it (beside the HiGHS ILP solver, when asked and installed).

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use serde::Deserialize;

use crate::core::files::{check_writable, limits, read_capped, without_bom};
use crate::core::{GameRng, plural};
use crate::games::rummi::advice;
use crate::games::rummi::positions;
use crate::games::rummi::solver::{Play, Position};

/// One line of a batch file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Query {
    rack: Vec<String>,
    #[serde(default)]
    table: Vec<Vec<String>>,
    #[serde(default)]
    first: bool,
}

/// A play as the one JSON line `best` prints.
pub fn play_json(play: &Play) -> String {
    let quote = |k: &crate::games::rummi::tile::Kind| format!("\"{k}\"");
    let played: Vec<String> = play.played.kinds().iter().map(quote).collect();
    let sets: Vec<String> =
        play.sets.iter().map(|s| format!("[{}]", s.iter().map(quote).collect::<Vec<_>>().join(","))).collect();
    format!("{{\"played\":[{}],\"table\":[{}]}}", played.join(","), sets.join(","))
}

/// The position of `--rack "R1 B13" --table "R1 R2 R3 | B5 Y5 K5"`.
pub fn position_from_args(rack: &str, table: Option<&str>, first: bool) -> Result<Position, String> {
    let words = |t: &str| {
        t.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()).map(String::from).collect::<Vec<_>>()
    };
    let sets: Vec<Vec<String>> =
        table.map(|t| t.split('|').map(words).filter(|s| !s.is_empty()).collect()).unwrap_or_default();
    advice::position(&words(rack), &sets, first)
}

/// Reads every position of a batch file: one JSON object a line, blank
/// lines skipped; the first bad line is the error, with its number.
pub fn read_batch(path: &Path) -> Result<Vec<Position>, String> {
    let bytes = read_capped(path, limits::BATCH).map_err(|e| format!("{}: {e}", path.display()))?;
    let text = std::str::from_utf8(without_bom(&bytes)).map_err(|_| format!("{}: not UTF-8 text", path.display()))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let at = |why: String| format!("{}:{}: {why}", path.display(), i + 1);
        let q: Query = serde_json::from_str(line).map_err(|e| at(format!("malformed JSON: {e}")))?;
        out.push(advice::position(&q.rack, &q.table, q.first).map_err(at)?);
    }
    Ok(out)
}

/// A position as a batch line.
pub fn query_json(pos: &Position) -> String {
    let names = |kinds: Vec<crate::games::rummi::tile::Kind>| {
        kinds.iter().map(|k| format!("\"{k}\"")).collect::<Vec<_>>().join(",")
    };
    // The table's tiles as sets: the Expert's empty play lays them out.
    let sets = crate::games::rummi::solver::best(&Position { rack: Default::default(), ..pos.clone() }).sets;
    let table: Vec<String> = sets.into_iter().map(|s| format!("[{}]", names(s))).collect();
    format!("{{\"rack\":[{}],\"table\":[{}],\"first\":{}}}", names(pos.rack.kinds()), table.join(","), pos.first)
}

/// Sorted milliseconds: median, mean, 90th and 99th percentile, maximum.
fn summary(mut ms: Vec<f64>) -> String {
    ms.sort_by(f64::total_cmp);
    let at = |q: f64| ms[((ms.len() - 1) as f64 * q) as usize];
    let mean = ms.iter().sum::<f64>() / ms.len() as f64;
    format!(
        "median {:.3} ms, mean {mean:.3} ms, p90 {:.3} ms, p99 {:.3} ms, max {:.3} ms",
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0)
    )
}

/// Reads `--positions`: a count from 1 (no positions leave no times to
/// sum up) to the largest `--jobs` takes, in the same words.
pub fn positions_count(text: &str) -> Result<usize, String> {
    crate::app::solve_cmd::count_from_1(text, "positions", u64::from(u32::MAX)).map(|n| n as usize)
}

/// The benchmark's first line: how many positions `list` holds, from
/// which seed, their tables' sizes and how many are first plays.
fn described(list: &[Position], seed: u64) -> String {
    let tiles: Vec<usize> = list.iter().map(|p| p.table.total()).collect();
    let firsts = list.iter().filter(|p| p.first).count() as u64;
    format!(
        "{} from seed {seed}: tables of {}-{} tiles, racks of 5-20, {}",
        plural(list.len() as u64, "position", "positions"),
        tiles.iter().min().unwrap_or(&0),
        tiles.iter().max().unwrap_or(&0),
        plural(firsts, "first play", "first plays")
    )
}

/// The HiGHS comparison script, written out next to the positions.
const HIGHS_SCRIPT: &str = include_str!("../../tools/rummi_highs.py");

/// `parlour bench rummi`: `count` positions (tables of 0-80 tiles, racks of
/// 5-20, one in five a first play) from `seed`; the Expert timed in this
/// process, then the whole `rummi best --batch` process on them, then
/// (with `highs`) the HiGHS ILP solver on the same file.
pub fn bench(count: usize, seed: u64, keep: Option<&Path>, highs: bool) -> Result<String, String> {
    // Found out now, not after the whole benchmark has run.
    if let Some(file) = keep {
        check_writable(file)?;
    }
    let mut rng = GameRng::new(seed);
    let list: Vec<Position> = (0..count)
        .map(|_| {
            let (table, rack, first) = (rng.below(81) as usize, 5 + rng.below(16) as usize, rng.below(5) == 0);
            positions::random(&mut rng, table, rack, first)
        })
        .collect();
    let mut report = String::new();
    let mut line = |text: String| {
        say!("{text}");
        report.push_str(&text);
        report.push('\n');
    };
    line(described(&list, seed));
    let ms: Vec<f64> = list
        .iter()
        .map(|p| {
            let start = Instant::now();
            std::hint::black_box(advice::best(p));
            start.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    line(format!("expert, in process: {}", summary(ms)));

    let dir = tempfile_dir()?;
    let file = keep.map_or_else(|| dir.join("positions.jsonl"), Path::to_path_buf);
    let text: String = list.iter().map(|p| query_json(p) + "\n").collect();
    std::fs::write(&file, text).map_err(|e| crate::core::files::unwritable(&file, &e))?;
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let start = Instant::now();
    let out = Command::new(&exe)
        .args(["rummi", "best", "--batch"])
        .arg(&file)
        .output()
        .map_err(|e| format!("{}: {e}", exe.display()))?;
    let whole = start.elapsed().as_secs_f64() * 1000.0;
    if !out.status.success() {
        return Err(format!("rummi best --batch failed: {}", String::from_utf8_lossy(&out.stderr)));
    }
    line(format!(
        "expert, whole `parlour rummi best --batch` process: {whole:.1} ms for {count}, {:.3} ms a position",
        whole / count as f64
    ));
    if highs {
        let results = dir.join("results.jsonl");
        std::fs::write(&results, &out.stdout).map_err(|e| e.to_string())?;
        let script = dir.join("rummi_highs.py");
        std::fs::write(&script, HIGHS_SCRIPT).map_err(|e| e.to_string())?;
        let run = Command::new("python3").arg(&script).arg(&file).arg(&results).output();
        match run {
            Ok(o) if o.status.success() => {
                let text = String::from_utf8_lossy(&o.stdout);
                for l in text.lines().filter(|l| !l.starts_with(|c: char| c.is_ascii_digit())) {
                    line(l.to_string());
                }
            }
            Ok(o) => line(format!(
                "highs: skipped ({})",
                String::from_utf8_lossy(&o.stderr).trim().lines().last().unwrap_or("")
            )),
            Err(e) => line(format!("highs: skipped (python3: {e})")),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(report)
}

/// A fresh folder for the benchmark's files.
fn tempfile_dir() -> Result<std::path::PathBuf, String> {
    let dir = std::env::temp_dir().join(format!("parlour-bench-rummi-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_play_prints_as_one_json_line() {
        let pos = position_from_args("R1 B13, Y7", Some("R1 R2 R3 | B5 Y5 K5"), false).unwrap();
        assert_eq!(pos.rack.total(), 3);
        let json = play_json(&advice::best(&pos));
        assert_eq!(json, r#"{"played":[],"table":[["R1","R2","R3"],["B5","Y5","K5"]]}"#);
        let pos = position_from_args("R4 K5", Some("R1 R2 R3 | B5 Y5 R5"), false).unwrap();
        assert_eq!(
            play_json(&advice::best(&pos)),
            r#"{"played":["R4","K5"],"table":[["R1","R2","R3","R4"],["R5","B5","Y5","K5"]]}"#
        );
    }

    #[test]
    fn one_position_and_one_first_play_are_counted_in_the_singular() {
        let first = position_from_args("R1", None, true).unwrap();
        let said = described(std::slice::from_ref(&first), 1);
        assert_eq!(said, "1 position from seed 1: tables of 0-0 tiles, racks of 5-20, 1 first play");
        let later = position_from_args("R1", Some("B5 Y5 K5"), false).unwrap();
        let said = described(&[first, later], 7);
        assert_eq!(said, "2 positions from seed 7: tables of 0-3 tiles, racks of 5-20, 1 first play");
    }

    #[test]
    fn batch_lines_name_the_line_that_is_wrong() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("b.jsonl");
        std::fs::write(&file, "{\"rack\":[\"R1\"],\"table\":[],\"first\":false}\n\n{\"rack\":[\"R1\",}\n").unwrap();
        let e = read_batch(&file).unwrap_err();
        assert!(e.contains("b.jsonl:3: malformed JSON"), "{e}");
        std::fs::write(&file, "{\"rack\":[\"G5\"]}\n").unwrap();
        assert!(read_batch(&file).unwrap_err().contains("b.jsonl:1: `G5` is not a tile"));
        std::fs::write(&file, "{\"rack\":[],\"tabel\":[]}\n").unwrap();
        assert!(read_batch(&file).unwrap_err().contains("unknown field"));
    }

    #[test]
    fn a_batch_is_a_regular_file_of_limited_size() {
        let dir = tempfile::tempdir().unwrap();
        let e = read_batch(dir.path()).unwrap_err();
        assert!(e.contains("not a regular file"), "{e}");
        let file = dir.path().join("huge.jsonl");
        std::fs::File::create(&file).unwrap().set_len(crate::core::files::limits::BATCH + 1).unwrap();
        let e = read_batch(&file).unwrap_err();
        assert!(e.contains("huge.jsonl") && e.contains("more than the 16 MB"), "{e}");
    }
}
