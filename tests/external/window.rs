//! Opens the real window under Xvfb, screenshots the X screen with xwd and
//! checks the window shows exactly the framebuffer, also once uncovered;
//! drives it with xdotool (menus, machine switches, resizing, another
//! window taking the keyboard) and ends it with SIGTERM.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use parlour::app::driver::Driver;
use parlour::app::launcher::Launcher;
use parlour::app::shell::Shell;
use parlour::gfx::Rgb;
use parlour::machines::{Machine, MachineChoice, MachineId};

use super::support::parlour;
use super::{Needs, found};

/// The window tests, each with the programs it needs.
pub fn tests() -> Vec<Needs> {
    vec![
        Needs::programs(
            "window::window_shows_the_framebuffer_under_xvfb",
            &[("Xvfb", "xvfb"), ("xwd", "x11-apps")],
            window_shows_the_framebuffer_under_xvfb,
        ),
        Needs::programs(
            "window::switching_machine_opens_the_new_window_first_and_keeps_playing",
            &[("Xvfb", "xvfb"), ("xdotool", "xdotool")],
            switching_machine_opens_the_new_window_first_and_keeps_playing,
        ),
        Needs::programs(
            "window::the_window_tells_the_window_manager_its_least_size_class_and_title",
            &[("Xvfb", "xvfb"), ("xdotool", "xdotool"), ("xprop", "x11-utils")],
            the_window_tells_the_window_manager_its_least_size_class_and_title,
        ),
        Needs::programs(
            "window::f11_twice_brings_the_window_back_where_it_was",
            &[("Xvfb", "xvfb"), ("xdotool", "xdotool")],
            f11_twice_brings_the_window_back_where_it_was,
        ),
        Needs::programs(
            "window::an_uncovered_window_shows_its_frame_again",
            &[("Xvfb", "xvfb"), ("xwd", "x11-apps"), ("xclock", "x11-apps"), ("xdotool", "xdotool")],
            an_uncovered_window_shows_its_frame_again,
        ),
        Needs::programs(
            "window::turning_to_another_window_pauses_tetris",
            &[("Xvfb", "xvfb"), ("xclock", "x11-apps"), ("xdotool", "xdotool")],
            turning_to_another_window_pauses_tetris,
        ),
        Needs::programs(
            "window::sigterm_keeps_the_game_as_closing_the_window_does",
            &[("Xvfb", "xvfb"), ("xdotool", "xdotool")],
            sigterm_keeps_the_game_as_closing_the_window_does,
        ),
        Needs::programs(
            "window::the_machine_chosen_on_the_command_line_is_kept_even_killed",
            &[("Xvfb", "xvfb"), ("xdotool", "xdotool")],
            the_machine_chosen_on_the_command_line_is_kept_even_killed,
        ),
        Needs::programs(
            "window::the_help_key_opens_the_help_as_f1_does",
            &[("Xvfb", "xvfb"), ("xdotool", "xdotool"), ("xprop", "x11-utils")],
            the_help_key_opens_the_help_as_f1_does,
        ),
        Needs::programs(
            "window::the_wheel_scrolls_the_launcher_list",
            &[("Xvfb", "xvfb"), ("xdotool", "xdotool"), ("xwd", "x11-apps")],
            the_wheel_scrolls_the_launcher_list,
        ),
        Needs::programs(
            "window::a_title_bar_dragged_first_thing_moves_the_window_as_far_as_the_pointer",
            &[("Xvfb", "xvfb"), ("xdotool", "xdotool"), ("xwd", "x11-apps")],
            a_title_bar_dragged_first_thing_moves_the_window_as_far_as_the_pointer,
        ),
    ]
}

/// Kills a child process when dropped, so a failing assertion leaves no
/// X server or window behind.
struct Reaped(Child);

impl Drop for Reaped {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A decoded XWD screenshot (ZPixmap, 24/32 bits per pixel).
struct Screenshot {
    width: usize,
    height: usize,
    pixels: Vec<Rgb>,
}

fn parse_xwd(b: &[u8]) -> Screenshot {
    let field = |i: usize| u32::from_be_bytes(b[i * 4..i * 4 + 4].try_into().unwrap()) as usize;
    let (header_size, width, height) = (field(0), field(4), field(5));
    let (byte_order, bits_per_pixel, bytes_per_line) = (field(7), field(11), field(12));
    let (red_mask, green_mask, blue_mask, ncolors) = (field(14), field(15), field(16), field(19));
    assert!(bits_per_pixel == 32 || bits_per_pixel == 24, "xwd gave {bits_per_pixel} bits per pixel");
    let data = &b[header_size + ncolors * 12..];
    let bpp = bits_per_pixel / 8;
    let channel = |v: usize, mask: usize| ((v & mask) >> mask.trailing_zeros()) as u8;
    let mut pixels = Vec::with_capacity(width * height);
    for y in 0..height {
        for x in 0..width {
            let p = &data[y * bytes_per_line + x * bpp..][..bpp];
            let mut v = 0usize;
            for k in 0..bpp {
                let byte = if byte_order == 0 { p[bpp - 1 - k] } else { p[k] };
                v = (v << 8) | byte as usize;
            }
            pixels.push(Rgb::new(channel(v, red_mask), channel(v, green_mask), channel(v, blue_mask)));
        }
    }
    Screenshot { width, height, pixels }
}

/// Where the frame appears in the screenshot, if anywhere.
fn locate(shot: &Screenshot, frame: &[Rgb], fw: usize, fh: usize) -> Option<(usize, usize)> {
    for oy in 0..=shot.height.saturating_sub(fh) {
        for ox in 0..=shot.width.saturating_sub(fw) {
            let matches = |x: usize, y: usize| shot.pixels[(oy + y) * shot.width + ox + x] == frame[y * fw + x];
            if matches(0, 0) && matches(fw - 1, fh - 1) && matches(fw / 2, fh / 2) && (0..fw).all(|x| matches(x, 0)) {
                return Some((ox, oy));
            }
        }
    }
    None
}

/// Starts Xvfb on a display of its own (`extra` arguments added), waiting
/// until it listens.
fn xvfb(offset: u32, extra: &[&str]) -> (String, Reaped) {
    // A display nobody has: no lock file, or one a server killed long ago
    // left behind, with its socket (both are cleared, so that the wait for
    // the socket below waits for the new server).
    let free = |n: u32| {
        let (lock, socket) = (format!("/tmp/.X{n}-lock"), format!("/tmp/.X11-unix/X{n}"));
        let owner = std::fs::read_to_string(&lock).ok().and_then(|pid| pid.trim().parse::<u32>().ok());
        match owner {
            Some(pid) if Path::new(&format!("/proc/{pid}")).exists() => false,
            Some(_) => {
                // The socket may be gone already; the lock must go for the
                // new server to start.
                let _ = std::fs::remove_file(&socket);
                std::fs::remove_file(&lock).is_ok()
            }
            None => !Path::new(&lock).exists() && !Path::new(&socket).exists(),
        }
    };
    // A server that exits at once (another took the display between the
    // check and its start) hands over to the next free display; one that
    // lives is given time, as a loaded machine starts it slowly.
    let candidates = (0..400).map(|i| 200 + (std::process::id() * 2 + offset + i * 2) % 400);
    for n in candidates.filter(|&n| free(n)).take(5) {
        let display = format!(":{n}");
        let mut server = Reaped(
            Command::new("Xvfb")
                .args([display.as_str(), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"])
                .args(extra)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("Xvfb starts"),
        );
        let socket = format!("/tmp/.X11-unix/X{n}");
        let start = Instant::now();
        while !Path::new(&socket).exists() {
            if server.0.try_wait().expect("Xvfb can be waited for").is_some() {
                break;
            }
            assert!(start.elapsed() < Duration::from_secs(60), "Xvfb on {display} did not come up in 60 s");
            sleep(Duration::from_millis(50));
        }
        let alive = server.0.try_wait().expect("Xvfb can be waited for").is_none();
        if alive && Path::new(&socket).exists() {
            return (display, server);
        }
    }
    panic!("Xvfb exited at once on five free displays");
}

/// The X screen as xwd takes it.
fn screenshot(display: &str) -> Screenshot {
    let out = Command::new("xwd").args(["-root", "-silent", "-display", display]).output().expect("xwd runs");
    assert!(out.status.success(), "xwd failed");
    parse_xwd(&out.stdout)
}

fn window_shows_the_framebuffer_under_xvfb() {
    let (display, _server) = xvfb(0, &[]);
    // A data folder of its own: another test writing the shared one (a
    // game played last, built-in files unpacked) would change the frame.
    let data = tempfile::tempdir().unwrap();
    let _app = launch(&display, data.path(), &["--machine", "mac-se30", "--scale", "1"]);
    // The window may take a moment to map and draw.
    wait_until_shown(&display, &se30_launcher(data.path()), Duration::from_secs(60));
}

/// The frame of the launcher on the SE/30 as the app draws it from the
/// data folder `data` (its choices, such as winnable deals only, and the
/// game played last show in the frame).
fn se30_launcher(data: &Path) -> Frame {
    let machine =
        Machine::new(&MachineChoice { id: Some(MachineId::MacSe30), ..Default::default() }, MachineId::MacSe30)
            .unwrap();
    let launcher = Launcher::in_data_dir(data.to_path_buf());
    let driver = Driver::new(Shell::new(machine, Box::new(launcher), 1));
    let f = driver.frame();
    let (width, height) = (f.width() as usize, f.height() as usize);
    let pixels = (0..height)
        .flat_map(|y| (0..width).map(move |x| (x, y)))
        .map(|(x, y)| f.colour_at(x as i32, y as i32).unwrap())
        .collect();
    Frame { width, height, pixels }
}

/// A frame's colours, row by row.
struct Frame {
    width: usize,
    height: usize,
    pixels: Vec<Rgb>,
}

/// The pixels of `frame` the screenshot shows otherwise, the frame's
/// top left being at `at` in it.
fn differing(shot: &Screenshot, frame: &Frame, (ox, oy): (usize, usize)) -> usize {
    (0..frame.height)
        .flat_map(|y| (0..frame.width).map(move |x| (x, y)))
        .filter(|&(x, y)| shot.pixels[(oy + y) * shot.width + ox + x] != frame.pixels[y * frame.width + x])
        .count()
}

/// Waits until the X screen shows every pixel of `frame`; fails after
/// `patience`, saying how many it showed otherwise.
fn wait_until_shown(display: &str, frame: &Frame, patience: Duration) {
    let start = Instant::now();
    loop {
        let shot = screenshot(display);
        let wrong = locate(&shot, &frame.pixels, frame.width, frame.height).map(|at| differing(&shot, frame, at));
        if wrong == Some(0) {
            return;
        }
        if start.elapsed() > patience {
            let seen = match wrong {
                Some(n) => format!("it differs in {n} pixels"),
                None => "it shows nowhere".into(),
            };
            panic!("the Parlour window never showed the framebuffer: {seen} ({})", keep_for_looking(Some(&shot)));
        }
        sleep(Duration::from_millis(200));
    }
}

/// xclock on `display` at `geometry`, once its window shows; its id.
fn xclock(display: &str, geometry: &str) -> (Reaped, String) {
    let clock = Reaped(
        Command::new("xclock")
            .args(["-display", display, "-geometry", geometry])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("xclock starts"),
    );
    let start = Instant::now();
    loop {
        if let Some(id) = xdotool(display, &["search", "--onlyvisible", "--name", "xclock"]).lines().next() {
            return (clock, id.to_string());
        }
        assert!(start.elapsed() < Duration::from_secs(10), "xclock never showed");
        sleep(Duration::from_millis(100));
    }
}

/// An idle window covered by another shows its frame again once
/// uncovered: with no compositor the X server blanks what comes to light,
/// and the window stayed black there until the game changed.
fn an_uncovered_window_shows_its_frame_again() {
    let (display, _server) = xvfb(5, &[]);
    let data = tempfile::tempdir().unwrap();
    let mut app = launch(&display, data.path(), &["--machine", "mac-se30", "--scale", "1"]);
    let id = wait_for_window(&display, (512, 342), &mut app);
    let frame = se30_launcher(data.path());
    wait_until_shown(&display, &frame, Duration::from_secs(60));
    let (x, y) = window_position(&display, &id);
    let (clock, _) = xclock(&display, &format!("300x200+{}+{}", x + 100, y + 50));
    sleep(Duration::from_millis(500));
    // The frame's top left is the window's (at scale 1, as large).
    let covered = differing(&screenshot(&display), &frame, (x as usize, y as usize));
    assert!(covered > 0, "the clock covers none of the window");
    drop(clock);
    wait_until_shown(&display, &frame, Duration::from_secs(5));
}

/// Another window taking the keyboard pauses a running Tetris (and keeps
/// the game so, at once); it fell on until it topped out.
fn turning_to_another_window_pauses_tetris() {
    let (display, _server) = xvfb(6, &[]);
    let data = tempfile::tempdir().unwrap();
    let mut app = launch(&display, data.path(), &["play", "tetris", "--machine", "mac-se30", "--scale", "1"]);
    let id = wait_for_window(&display, (512, 342), &mut app);
    xdotool(&display, &["windowfocus", &id]);
    sleep(Duration::from_millis(500));
    let (_clock, clock) = xclock(&display, "100x100+900+800");
    xdotool(&display, &["windowfocus", &clock]);
    let journal = data.path().join("journals/tetris.save");
    let kept = || std::fs::read_to_string(&journal).unwrap_or_default();
    let start = Instant::now();
    while !kept().lines().any(|l| l == "move pause") {
        assert!(start.elapsed() < Duration::from_secs(10), "never paused:\n{}", kept());
        sleep(Duration::from_millis(100));
    }
}

/// SIGTERM ends Parlour as closing its window does: the game is kept as
/// it was, not as last kept (every five seconds of Tetris), and the
/// program ends well.
fn sigterm_keeps_the_game_as_closing_the_window_does() {
    let (display, _server) = xvfb(7, &[]);
    let data = tempfile::tempdir().unwrap();
    let mut app = launch(&display, data.path(), &["play", "tetris", "--machine", "mac-se30", "--scale", "1"]);
    wait_for_window(&display, (512, 342), &mut app);
    sleep(Duration::from_secs(2));
    // SAFETY: signalling a child of ours, not yet waited for.
    assert_eq!(unsafe { libc::kill(app.0.id() as libc::pid_t, libc::SIGTERM) }, 0);
    let start = Instant::now();
    let ended = loop {
        if let Some(status) = app.0.try_wait().unwrap() {
            break status;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "Parlour did not end on SIGTERM");
        sleep(Duration::from_millis(50));
    };
    assert!(ended.success(), "{ended}");
    let kept = std::fs::read_to_string(data.path().join("journals/tetris.save")).unwrap();
    let frames: u32 =
        kept.lines().filter_map(|l| l.strip_prefix("move tick")).map(|n| n.trim().parse().unwrap_or(1)).sum();
    // Two seconds at the Mac's 60 frames, give or take a slow start.
    assert!(frames >= 60, "{frames} frames kept:\n{kept}");
}

/// The machine chosen on the command line is kept in the settings as
/// the window opens, as one chosen in the window is: a run killed with
/// no chance to end well (SIGKILL) still opens on it next time.
fn the_machine_chosen_on_the_command_line_is_kept_even_killed() {
    let (display, _server) = xvfb(9, &[]);
    let data = tempfile::tempdir().unwrap();
    let mut app = launch(&display, data.path(), &["play", "scramble", "--machine", "mac-se30", "--scale", "1"]);
    wait_for_window(&display, (512, 342), &mut app);
    let settings = data.path().join("settings.ini");
    let kept = || parlour::app::settings::machine_in(&parlour::host::prefs::read_settings(&settings)).id;
    // Written just after the window opens, which xdotool may see first.
    let start = Instant::now();
    while kept() != Some(MachineId::MacSe30) && start.elapsed() < Duration::from_secs(10) {
        sleep(Duration::from_millis(100));
    }
    app.0.kill().unwrap();
    app.0.wait().unwrap();
    assert_eq!(kept(), Some(MachineId::MacSe30), "{}", std::fs::read_to_string(&settings).unwrap_or_default());
}

/// Parlour started with `args` on `display`, keeping its files in `data`.
fn launch(display: &str, data: &Path, args: &[&str]) -> Reaped {
    Reaped(
        parlour()
            .args(args)
            .env("DISPLAY", display)
            .env("PARLOUR_DATA_DIR", data)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("parlour starts"),
    )
}

/// Writes the last screenshot where a failure can be looked into; what
/// became of it, for the failure message.
fn keep_for_looking(shot: Option<&Screenshot>) -> String {
    let Some(shot) = shot else { return "xwd never gave a screenshot".into() };
    let mut surface = parlour::gfx::Surface::rgb(shot.width as u32, shot.height as u32);
    for (i, &c) in shot.pixels.iter().enumerate() {
        let value = surface.value_for(c);
        surface.put((i % shot.width) as i32, (i / shot.width) as i32, value);
    }
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("window-last-shot.png");
    match std::fs::write(&path, parlour::gfx::image_io::encode_png(&surface)) {
        Ok(()) => format!("the last screenshot is {}", path.display()),
        Err(e) => format!("the last screenshot could not be written: {e}"),
    }
}

/// xdotool on a display; its standard output.
fn xdotool(display: &str, args: &[&str]) -> String {
    let out = Command::new("xdotool").args(args).env("DISPLAY", display).output().expect("xdotool runs");
    String::from_utf8_lossy(&out.stdout).to_string()
}

/// The Parlour window's id and size, once one is mapped.
fn parlour_window(display: &str) -> Option<(String, (u32, u32))> {
    let id = xdotool(display, &["search", "--onlyvisible", "--name", "Parlour"]).lines().next()?.to_string();
    let geometry = xdotool(display, &["getwindowgeometry", &id]);
    let size = geometry.lines().find_map(|l| l.trim().strip_prefix("Geometry: "))?;
    let (w, h) = size.split_once('x')?;
    Some((id, (w.trim().parse().ok()?, h.trim().parse().ok()?)))
}

/// Where window `id` is on the screen.
fn window_position(display: &str, id: &str) -> (i32, i32) {
    let geometry = xdotool(display, &["getwindowgeometry", id]);
    let pos = geometry.lines().find_map(|l| l.trim().strip_prefix("Position: ")).unwrap();
    let (px, py) = pos.split_once(',').unwrap();
    (px.parse().unwrap(), py.split_whitespace().next().unwrap().parse().unwrap())
}

/// Waits until the Parlour window has `size`; its id.
fn wait_for_window(display: &str, size: (u32, u32), app: &mut Reaped) -> String {
    let start = Instant::now();
    loop {
        assert!(app.0.try_wait().unwrap().is_none(), "Parlour ended while waiting for a {size:?} window");
        if let Some((id, got)) = parlour_window(display)
            && got == size
        {
            return id;
        }
        assert!(start.elapsed() < Duration::from_secs(30), "no {size:?} window: {:?}", parlour_window(display));
        sleep(Duration::from_millis(100));
    }
}

/// Chooses a menu item as a hand does: `button` pressed on the menu's
/// `title`, dragged onto its `item` (a pixel short first, so the move is
/// seen) and released there.
fn press_drag_release(display: &str, id: &str, button: &str, (title, item): ((i32, i32), (i32, i32))) {
    let step = |args: &[&str]| {
        xdotool(display, args);
        sleep(Duration::from_millis(150));
    };
    step(&["mousemove", "--window", id, &title.0.to_string(), &title.1.to_string()]);
    step(&["mousedown", button]);
    step(&["mousemove", "--window", id, &item.0.to_string(), &(item.1 - 1).to_string()]);
    step(&["mousemove", "--window", id, &item.0.to_string(), &item.1.to_string()]);
    step(&["mouseup", button]);
}

/// The centre of a menu's title and of one of its items, found by the
/// labels, on a machine (klondike's menus).
fn menu_spot(id: MachineId, title: &str, item: &str) -> ((i32, i32), (i32, i32)) {
    let machine = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
    let (view, _data) = super::support::open_game("klondike", 1);
    let shell = Shell::new(machine, view, 1);
    let menus = shell.menus();
    let m = shell.machine();
    let geometry = m.chrome().menu_geometry(m.look());
    let index = menus.iter().position(|m| m.title == title).unwrap();
    let t = geometry.titles(&menus)[index];
    let (_, items) = geometry.panel(&menus, index);
    let i = menus[index].items.iter().position(|i| i.label.starts_with(item)).unwrap();
    ((t.x + t.w / 2, t.y + t.h / 2), (items[i].x + items[i].w / 2, items[i].y + items[i].h / 2))
}

/// Switching machine replaces the window with one of the new size, and the
/// program (and its game) survives it even on an X server that ends when
/// its last client goes, as a bare server without a window manager may.
/// Clicks are xdotool's instant ones: the window sees a press and release
/// that fall between two polls. The window also letterboxes when resized.
fn switching_machine_opens_the_new_window_first_and_keeps_playing() {
    let (display, _server) = xvfb(1, &["-terminate"]);
    let data = tempfile::tempdir().unwrap();
    let mut app =
        launch(&display, data.path(), &["play", "klondike", "--machine", "yazzle", "--seed", "1", "--scale", "1"]);
    // The server ends when its last client goes: no xdotool (a client too)
    // before Parlour holds its own connection.
    sleep(Duration::from_secs(3));
    let click = |id: &str, (x, y): (i32, i32)| {
        xdotool(&display, &["mousemove", "--window", id, &x.to_string(), &y.to_string(), "click", "1"]);
        sleep(Duration::from_millis(300));
    };
    // YaZZle: a click opens the Machine menu, another chooses Amiga PAL.
    let id = wait_for_window(&display, (698, 523), &mut app);
    let (title, item) = menu_spot(MachineId::Yazzle, "Machine", "Amiga PAL");
    click(&id, title);
    click(&id, item);
    let id = wait_for_window(&display, (320, 256), &mut app);
    // The Amiga: hold the right button, pick from the strip, release.
    let (title, item) = menu_spot(MachineId::AmigaPal, "Machine", "Macintosh SE/30");
    press_drag_release(&display, &id, "3", (title, item));
    let id = wait_for_window(&display, (512, 342), &mut app);
    // The Mac: the pull-down menu, pressed, dragged and released.
    let (title, item) = menu_spot(MachineId::MacSe30, "Machine", "YaZZle");
    press_drag_release(&display, &id, "1", (title, item));
    let id = wait_for_window(&display, (698, 523), &mut app);

    // Resized, the window keeps the frame at a whole scale, centred, and
    // clicks land where the frame shows them.
    xdotool(&display, &["windowsize", &id, "1000", "700"]);
    let (ox, oy) = ((1000 - 698) / 2, (700 - 523) / 2);
    let (title, _) = menu_spot(MachineId::Yazzle, "Machine", "Amiga PAL");
    sleep(Duration::from_millis(500));
    click(&id, (title.0 + ox, title.1 + oy));
    if found("xwd") {
        let start = Instant::now();
        loop {
            let out = Command::new("xwd").args(["-root", "-silent", "-display", &display]).output().expect("xwd runs");
            let shot = parse_xwd(&out.stdout);
            let (px, py) = window_position(&display, &id);
            let at = |x: i32, y: i32| {
                let (sx, sy) = (px + x, py + y);
                (sx >= 0 && sy >= 0 && (sx as usize) < shot.width && (sy as usize) < shot.height)
                    .then(|| shot.pixels[sy as usize * shot.width + sx as usize])
            };
            // Black around the frame; the menu bar's face inside it; the
            // Machine menu open below its title.
            let border_black = at(ox / 2, oy / 2) == Some(Rgb::BLACK) && at(ox + 698 + 5, oy + 100) == Some(Rgb::BLACK);
            let bar = at(ox + 400, oy + 5);
            let menu_open = at(title.0 + ox, title.1 + oy + 30) != at(title.0 + ox, title.1 + oy + 200);
            if border_black && bar.is_some_and(|c| c != Rgb::BLACK) && menu_open {
                break;
            }
            assert!(start.elapsed() < Duration::from_secs(20), "the resized window is not letterboxed");
            sleep(Duration::from_millis(200));
        }
    }
    assert!(app.0.try_wait().unwrap().is_none(), "Parlour is still running");
}

/// The mouse wheel turned over the launcher's list scrolls it. The wheel
/// comes as X buttons 4 and 5, sent through XTEST as a real mouse sends
/// them (the window watches buttons itself, which takes them from minifb).
fn the_wheel_scrolls_the_launcher_list() {
    let (display, _server) = xvfb(2, &[]);
    let data = tempfile::tempdir().unwrap();
    let mut app = launch(&display, data.path(), &["--machine", "yazzle", "--scale", "1"]);
    let id = wait_for_window(&display, (698, 523), &mut app);
    // Over the list (the launcher's left half), then still for a moment.
    xdotool(&display, &["mousemove", "--window", &id, "200", "200"]);
    sleep(Duration::from_millis(800));
    let before = screenshot(&display);
    for _ in 0..5 {
        xdotool(&display, &["click", "5"]);
        sleep(Duration::from_millis(100));
    }
    let start = Instant::now();
    loop {
        let after = screenshot(&display);
        if after.pixels != before.pixels {
            return;
        }
        if start.elapsed() > Duration::from_secs(10) {
            panic!("the wheel scrolled nothing ({})", keep_for_looking(Some(&after)));
        }
        sleep(Duration::from_millis(200));
    }
}

/// xprop's report of some of a window's properties.
fn xprop(display: &str, id: &str, properties: &[&str]) -> String {
    let out = Command::new("xprop").args(["-id", id]).args(properties).env("DISPLAY", display).output();
    String::from_utf8_lossy(&out.expect("xprop runs").stdout).to_string()
}

/// Waits until `said` (asked again and again) has `wanted` in it.
fn wait_until_said(said: impl Fn() -> String, wanted: &str) {
    let start = Instant::now();
    loop {
        let now = said();
        if now.contains(wanted) {
            return;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "never {wanted:?}, last {now:?}");
        sleep(Duration::from_millis(100));
    }
}

/// The window asks the window manager to keep it no smaller than the
/// machine's screen (each machine's, after a switch), has the class
/// "parlour", "Parlour", and is titled after what it shows.
fn the_window_tells_the_window_manager_its_least_size_class_and_title() {
    let (display, _server) = xvfb(3, &[]);
    let data = tempfile::tempdir().unwrap();
    let mut app = launch(
        &display,
        data.path(),
        &["play", "klondike", "--machine", "amiga-dblpal", "--seed", "1", "--scale", "1"],
    );
    let id = wait_for_window(&display, (640, 512), &mut app);
    let said = || xprop(&display, &id, &["WM_CLASS", "WM_NORMAL_HINTS", "WM_NAME"]);
    wait_until_said(said, "\"Klondike #1 - Parlour\"");
    let said = said();
    assert!(said.contains("WM_CLASS(STRING) = \"parlour\", \"Parlour\""), "{said}");
    assert!(said.contains("minimum size: 640 by 512"), "{said}");
    // Switched to the Amiga PAL: its screen's size is the least.
    let (title, item) = menu_spot(MachineId::AmigaDblPal, "Machine", "Amiga PAL");
    press_drag_release(&display, &id, "3", (title, item));
    let id = wait_for_window(&display, (320, 256), &mut app);
    wait_until_said(|| xprop(&display, &id, &["WM_NORMAL_HINTS"]), "minimum size: 320 by 256");
    // F1: the title names the help and its game.
    xdotool(&display, &["key", "--window", &id, "F1"]);
    wait_until_said(|| xprop(&display, &id, &["WM_NAME"]), "\"Help: Klondike - Parlour\"");
}

/// The keyboard's Help key (X's Help keysym, which minifb does not know)
/// opens the game's help, as F1, which stands for it, does.
fn the_help_key_opens_the_help_as_f1_does() {
    let (display, _server) = xvfb(8, &[]);
    let data = tempfile::tempdir().unwrap();
    let mut app =
        launch(&display, data.path(), &["play", "klondike", "--machine", "amiga-pal", "--seed", "1", "--scale", "1"]);
    let id = wait_for_window(&display, (320, 256), &mut app);
    wait_until_said(|| xprop(&display, &id, &["WM_NAME"]), "\"Klondike #1 - Parlour\"");
    // The keysym by its number: xdotool reads the word Help as its own
    // help command.
    xdotool(&display, &["key", "--window", &id, "0xff6a"]);
    wait_until_said(|| xprop(&display, &id, &["WM_NAME"]), "\"Help: Klondike - Parlour\"");
}

/// F11 twice: full screen and back to the window as large as it was and
/// where it was.
fn f11_twice_brings_the_window_back_where_it_was() {
    let (display, _server) = xvfb(4, &[]);
    let data = tempfile::tempdir().unwrap();
    let mut app = launch(&display, data.path(), &["--machine", "amiga-dblpal", "--scale", "1"]);
    let id = wait_for_window(&display, (640, 512), &mut app);
    xdotool(&display, &["windowmove", &id, "10", "10", "windowsize", &id, "1000", "760"]);
    // The window takes in its new size at its next poll.
    let id = wait_for_window(&display, (1000, 760), &mut app);
    sleep(Duration::from_millis(500));
    xdotool(&display, &["key", "--window", &id, "F11"]);
    let id = wait_for_window(&display, (1280, 1024), &mut app);
    sleep(Duration::from_millis(500));
    xdotool(&display, &["key", "--window", &id, "F11"]);
    let id = wait_for_window(&display, (1000, 760), &mut app);
    let geometry = xdotool(&display, &["getwindowgeometry", &id]);
    assert!(geometry.contains("Position: 10,10"), "{geometry}");
}

/// The Chance's window on the colour Mac, dragged by its title bar before
/// the pointer did anything else, moves as far as the pointer did. The
/// press is taken where the X server says it was, and a pointer place
/// the window had not caught up with yet (where it stood when the window
/// opened) does not drag the window there first.
fn a_title_bar_dragged_first_thing_moves_the_window_as_far_as_the_pointer() {
    let (display, _server) = xvfb(10, &[]);
    let data = tempfile::tempdir().unwrap();
    let args = ["play", "the-chance", "--machine", "mac-color", "--seed", "1", "--scale", "1"];
    let mut app = launch(&display, data.path(), &args);
    let id = wait_for_window(&display, (640, 480), &mut app);
    let mut machine =
        Machine::new(&MachineChoice { id: Some(MachineId::MacColor), ..Default::default() }, MachineId::MacColor)
            .unwrap();
    machine.fit_window(Some((512, 342)));
    let bar = machine.chrome().drag_bar().expect("the Card Shell's window has a title bar");
    let (wx, wy) = window_position(&display, &id);
    let strip = |shot: &Screenshot, (dx, dy): (i32, i32)| -> Vec<Rgb> {
        let (x0, y0) = ((wx + bar.x + dx) as usize, (wy + bar.y + dy) as usize);
        (0..bar.h as usize)
            .flat_map(|y| (0..bar.w as usize).map(move |x| (x, y)))
            .map(|(x, y)| shot.pixels[(y0 + y) * shot.width + x0 + x])
            .collect()
    };
    // The title bar as drawn once the window shows (striped: more than
    // one colour), before anything moved.
    let start = Instant::now();
    let before = loop {
        let drawn = strip(&screenshot(&display), (0, 0));
        if drawn.iter().any(|&c| c != drawn[0]) {
            break drawn;
        }
        assert!(start.elapsed() < Duration::from_secs(30), "the title bar never showed");
        sleep(Duration::from_millis(200));
    };
    let (gx, gy) = (bar.x + bar.w / 3, bar.y + bar.h / 2);
    let step = |args: &[&str]| {
        xdotool(&display, args);
        sleep(Duration::from_millis(150));
    };
    step(&["mousemove", "--window", &id, &gx.to_string(), &gy.to_string(), "mousedown", "1"]);
    step(&["mousemove", "--window", &id, &(gx + 50).to_string(), &(gy + 40).to_string()]);
    step(&["mouseup", "1"]);
    let start = Instant::now();
    loop {
        let shot = screenshot(&display);
        if strip(&shot, (50, 40)) == before {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the title bar is not 50 right and 40 down of where it was ({})",
            keep_for_looking(Some(&shot))
        );
        sleep(Duration::from_millis(200));
    }
}
