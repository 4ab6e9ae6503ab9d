//! Helpers shared by the integration tests.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use parlour::gfx::Surface;
use parlour::gfx::image_io::{decode_png, encode_png};

/// The `parlour` binary Cargo built for these tests, keeping its data in
/// the calling test's own folder.
pub fn parlour() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_parlour"));
    // Never read or write the developer's own settings, nor another
    // test's: a game open in one test's run would be refused to another
    // (one window at a time on a game's journals).
    c.env("PARLOUR_DATA_DIR", test_data_dir());
    c
}

/// The data folder of the calling test in this run of the tests: one per
/// test (by its thread's name, which the test harness gives), all made
/// afresh under Cargo's scratch folder for tests (target/tmp), so two
/// runs at once never share one. They are kept after the run, for
/// looking into a failure.
pub fn test_data_dir() -> PathBuf {
    static RUN: OnceLock<PathBuf> = OnceLock::new();
    let run = RUN.get_or_init(|| {
        let made = tempfile::Builder::new().prefix("parlour-data-").tempdir_in(env!("CARGO_TARGET_TMPDIR"));
        made.expect("a scratch folder for the tests").keep()
    });
    let thread = std::thread::current();
    // A thread the test started itself has no name: a folder of its own.
    let name = thread.name().map_or_else(|| format!("{:?}", thread.id()), |n| n.replace("::", "-"));
    let dir = run.join(name.replace(|c: char| !c.is_ascii_alphanumeric() && c != '-' && c != '_', "_"));
    std::fs::create_dir_all(&dir).expect("a test's data folder");
    dir
}

/// Opens game `id` dealt with `seed` as the app would, keeping its journal,
/// statistics and preferences in a folder of its own (returned, so it lives
/// as long as the view).
pub fn open_game(id: &str, seed: u64) -> (Box<dyn parlour::views::View>, tempfile::TempDir) {
    use parlour::host::{self, Opening, Places};
    let data = tempfile::tempdir().unwrap();
    let game = parlour::app::catalog::find(id).unwrap();
    let places = Places { data_dir: data.path().to_path_buf(), ..parlour::app::catalog::places() };
    let view =
        host::open(&game, &places, &Opening { seed: Some(seed), fresh_seed: seed, ..Default::default() }).unwrap();
    (view, data)
}

/// The menus of `game` as it opens on each of `machines`, whose menus
/// hold its commands differently: (menu title, item), items that are
/// commands only.
pub fn menu_items(game: &str, machines: &[parlour::machines::MachineId]) -> Vec<(String, parlour::machines::MenuItem)> {
    use parlour::app::driver::Driver;
    use parlour::app::shell::Shell;
    use parlour::machines::{Command, Machine, MachineChoice};
    let mut items = Vec::new();
    for &id in machines {
        let (view, _data) = open_game(game, 1);
        let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
        let d = Driver::new(Shell::new(m, view, 1));
        for menu in d.shell().menus() {
            let commands = menu.items.iter().filter(|i| i.command != Command::Nothing);
            items.extend(commands.map(|item| (menu.title.clone(), item.clone())));
        }
    }
    items
}

pub fn run(args: &[&str]) -> Output {
    parlour().args(args).output().expect("the parlour binary runs")
}

/// Runs `parlour ARGS` with its data in `data` and `input` on standard
/// input (a shot's `--events -`).
pub fn run_fed(data: &Path, args: &[&str], input: &str) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = parlour()
        .env("PARLOUR_DATA_DIR", data)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the parlour binary runs");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

/// [`run_fed`], which must succeed: its standard output.
pub fn run_fed_ok(data: &Path, args: &[&str], input: &str) -> Vec<u8> {
    let done = run_fed(data, args, input);
    assert!(done.status.success(), "{args:?}: {}", String::from_utf8_lossy(&done.stderr));
    done.stdout
}

pub fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// Compares a surface with `tests/golden/<name>.png` pixel for pixel by
/// colour. With `PARLOUR_BLESS=1` the golden is (re)written instead; a
/// mismatch writes the actual picture under target/golden-actual/.
pub fn assert_golden(name: &str, surface: &Surface) {
    let path = golden_dir().join(format!("{name}.png"));
    if std::env::var_os("PARLOUR_BLESS").is_some() {
        std::fs::create_dir_all(golden_dir()).unwrap();
        std::fs::write(&path, encode_png(surface)).unwrap();
        return;
    }
    let bytes = std::fs::read(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run with PARLOUR_BLESS=1 to create it)", path.display()));
    let golden = decode_png(name, &bytes).unwrap();
    let same_size = (golden.width, golden.height) == (surface.width(), surface.height());
    let mut differing = 0;
    let mut first = None;
    if same_size {
        for y in 0..surface.height() as i32 {
            for x in 0..surface.width() as i32 {
                let want = golden.pixels[(y as u32 * golden.width + x as u32) as usize].0;
                if surface.colour_at(x, y) != Some(want) {
                    differing += 1;
                    first.get_or_insert((x, y));
                }
            }
        }
    }
    if !same_size || differing > 0 {
        let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/golden-actual");
        std::fs::create_dir_all(&out).unwrap();
        let actual = out.join(format!("{name}.png"));
        std::fs::write(&actual, encode_png(surface)).unwrap();
        panic!(
            "{name}: {} (golden {}x{}, actual {}x{}); actual picture written to {}",
            if same_size {
                format!("{differing} pixels differ, first at {:?}", first.unwrap())
            } else {
                "size differs".into()
            },
            golden.width,
            golden.height,
            surface.width(),
            surface.height(),
            actual.display()
        );
    }
}

/// A player's run of `parlour ARGS` with its data in `data`, from a copy
/// of the binary anyone may run in `top`, a folder opened to all: as
/// user nobody where the tests run as root, who reads any folder, so that
/// a folder closed to players is closed to the run too.
#[cfg(unix)]
pub fn run_as_player(top: &Path, data: &Path, args: &[&str]) -> Output {
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::process::CommandExt;
    let open_to_all = |path: &Path, mode| std::fs::set_permissions(path, PermissionsExt::from_mode(mode)).unwrap();
    open_to_all(top, 0o777);
    let bin = top.join("parlour");
    if !bin.exists() {
        std::fs::copy(env!("CARGO_BIN_EXE_parlour"), &bin).unwrap();
        open_to_all(&bin, 0o755);
    }
    let mut run = Command::new(&bin);
    run.env("PARLOUR_DATA_DIR", data).env_remove("PARLOUR_GAME_TYPES").current_dir(top).args(args);
    // SAFETY: getuid has no preconditions and cannot fail.
    if unsafe { libc::getuid() } == 0 {
        run.uid(65534).gid(65534);
    }
    output_of_copy(&mut run)
}

/// Runs `command`, a copy of the binary, for its output. A binary copied
/// a moment ago may be refused as busy ("Text file busy"): another test
/// thread that forked while the copy was being written holds it open
/// until its child execs. That passes in a moment, so the run is tried
/// again.
pub fn output_of_copy(command: &mut Command) -> Output {
    for _ in 0..50 {
        match command.output() {
            Err(e) if e.kind() == std::io::ErrorKind::ExecutableFileBusy => {
                std::thread::sleep(std::time::Duration::from_millis(100))
            }
            result => return result.unwrap(),
        }
    }
    panic!("the copied binary stayed busy for 5 s")
}
