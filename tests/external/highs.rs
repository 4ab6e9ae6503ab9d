//! The Rummi Expert against the HiGHS ILP solver (Python's highspy, which
//! `.ci/run` installs): both find the same best play.

use parlour::core::GameRng;

use super::{Needs, root};

/// Whether Python with the HiGHS solver (`pip install highspy`) is here.
fn highs() -> bool {
    std::process::Command::new("python3").args(["-c", "import highspy"]).output().is_ok_and(|o| o.status.success())
}

pub fn test() -> Needs {
    let missing = (!highs()).then(|| "python3 with highspy is not installed (pip install highspy)".to_string());
    Needs {
        name: "highs::the_expert_agrees_with_the_highs_ilp_solver",
        missing,
        installed_by_ci: true,
        run: the_expert_agrees_with_the_highs_ilp_solver,
    }
}

fn the_expert_agrees_with_the_highs_ilp_solver() {
    let dir = tempfile::tempdir().unwrap();
    let positions = dir.path().join("positions.jsonl");
    let mut rng = GameRng::new(11);
    let lines: String = (0..60)
        .map(|i| {
            let pos = parlour::games::rummi::positions::random(&mut rng, i + 10, 5 + i % 16, i % 4 == 0);
            parlour::app::rummi::query_json(&pos) + "\n"
        })
        .collect();
    std::fs::write(&positions, lines).unwrap();
    let ours = super::support::run(&["rummi", "best", "--batch", &positions.to_string_lossy()]);
    assert!(ours.status.success(), "{}", String::from_utf8_lossy(&ours.stderr));
    let results = dir.path().join("results.jsonl");
    std::fs::write(&results, &ours.stdout).unwrap();
    let script = root().join("tools/rummi_highs.py");
    let theirs = std::process::Command::new("python3").arg(script).arg(&positions).arg(&results).output().unwrap();
    let text = String::from_utf8_lossy(&theirs.stdout);
    assert!(text.contains("agreement: 60 of 60"), "{text}{}", String::from_utf8_lossy(&theirs.stderr));
}
