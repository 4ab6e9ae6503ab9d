//! Tests that need something from outside the repository: an X server
//! (Xvfb, xwd), a browser (Chromium), Python with the HiGHS solver, the
//! compatibility files in ../shared. They run where their tool is; where it is missing they are
//! reported as ignored with the reason, never as passed; and under
//! `CI=true` a missing tool that `.ci/run` installs fails the test. The
//! files in ../shared are not the repository's and no install brings them,
//! so without them their test is ignored, with the reason, even in CI.
//!
//! A harness of our own (libtest-mimic) because the standard one can only
//! ignore a test when it is compiled, not when a tool turns out missing.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use libtest_mimic::{Arguments, Failed, Trial};

mod browser;
mod compat;
mod highs;
// The integration tests' helpers (a data folder per run, a game opened as
// the app opens it); not every one is used here.
#[allow(dead_code)]
#[path = "../all/support.rs"]
mod support;
mod window;

/// A test and what it needs: `None` if that is at hand, else why not.
pub struct Needs {
    pub name: &'static str,
    pub missing: Option<String>,
    /// Whether `.ci/run` installs what the test needs.
    pub installed_by_ci: bool,
    pub run: fn(),
}

impl Needs {
    /// A test that needs `programs` on the PATH, each with the Debian
    /// package that has it.
    pub fn programs(name: &'static str, programs: &[(&str, &str)], run: fn()) -> Needs {
        let missing = programs
            .iter()
            .find(|(program, _)| !found(program))
            .map(|(program, package)| format!("{program} is not installed (apt-get install {package})"));
        Needs { name, missing, installed_by_ci: true, run }
    }
}

fn main() -> ExitCode {
    let args = Arguments::from_args();
    let ci = std::env::var("CI").is_ok_and(|v| v == "true");
    let mut needs = window::tests();
    needs.extend([browser::test(), compat::test(), highs::test()]);
    let mut trials: Vec<Trial> = needs.into_iter().map(|n| trial(n, ci)).collect();
    trials.push(Trial::test("harness::a_missing_tool_shows", || {
        a_missing_tool_shows();
        Ok(())
    }));
    libtest_mimic::run(&args, trials).exit_code()
}

fn trial(needs: Needs, ci: bool) -> Trial {
    let Needs { name, missing, installed_by_ci, run } = needs;
    match missing {
        None => Trial::test(name, move || {
            run();
            Ok(())
        }),
        Some(why) if ci && installed_by_ci => {
            Trial::test(name, move || Err(Failed::from(format!("{why}; under CI=true it must be there"))))
        }
        Some(why) => {
            eprintln!("skipped {name}: {why}");
            Trial::test(name, || Ok(())).with_ignored_flag(true)
        }
    }
}

/// A test whose tool is missing is reported as ignored, never as passed,
/// and under CI=true it fails if CI installs that tool; either way it is
/// not run.
fn a_missing_tool_shows() {
    let needs = || Needs {
        name: "harness::a_pretend_test",
        missing: Some("nothing is installed".into()),
        installed_by_ci: true,
        run: || panic!("run"),
    };
    // The inner runs report to a file of their own, not among our results.
    let log = tempfile::NamedTempFile::new().unwrap();
    let logfile = Some(log.path().to_string_lossy().into_owned());
    let args = Arguments { quiet: true, test_threads: Some(1), logfile, ..Arguments::default() };
    let outside = libtest_mimic::run(&args, vec![trial(needs(), false)]);
    assert_eq!((outside.num_ignored, outside.num_passed, outside.num_failed), (1, 0, 0));
    let under_ci = libtest_mimic::run(&args, vec![trial(needs(), true)]);
    assert_eq!((under_ci.num_ignored, under_ci.num_passed, under_ci.num_failed), (0, 0, 1));
    let not_installable = Needs { installed_by_ci: false, ..needs() };
    let under_ci = libtest_mimic::run(&args, vec![trial(not_installable, true)]);
    assert_eq!((under_ci.num_ignored, under_ci.num_passed, under_ci.num_failed), (1, 0, 0));
}

/// Whether `program` is on the PATH.
pub fn found(program: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(program).is_file()))
}

pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The folder of compatibility files beside the project.
pub fn shared() -> PathBuf {
    root().join("../shared/compat")
}
