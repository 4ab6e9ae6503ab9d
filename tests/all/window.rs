//! Opens the real window under Xvfb, screenshots the X screen with xwd and
//! checks the window shows exactly the framebuffer. Skipped, with the
//! reason printed, where Xvfb or xwd is missing.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use parlour::app::driver::Driver;
use parlour::app::shell::Shell;
use parlour::gfx::Rgb;
use parlour::machines::{Machine, MachineChoice, MachineId};

use super::support::parlour;

fn found(program: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(program).is_file()))
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

#[test]
fn window_shows_the_framebuffer_under_xvfb() {
    for program in ["Xvfb", "xwd"] {
        if !found(program) {
            println!("skipped: {program} is not installed (apt-get install xvfb x11-apps)");
            return;
        }
    }
    let display = format!(":{}", 90 + std::process::id() % 100);
    let _server = Reaped(
        Command::new("Xvfb")
            .args([display.as_str(), "-screen", "0", "1024x768x24", "-nolisten", "tcp"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("Xvfb starts"),
    );
    let socket = format!("/tmp/.X11-unix/X{}", &display[1..]);
    let start = Instant::now();
    while !Path::new(&socket).exists() {
        assert!(start.elapsed() < Duration::from_secs(10), "Xvfb did not come up");
        sleep(Duration::from_millis(50));
    }
    let _app = Reaped(
        parlour()
            .args(["--machine", "mac-se30", "--scale", "1"])
            .env("DISPLAY", &display)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("parlour starts"),
    );
    let machine =
        Machine::new(&MachineChoice { id: Some(MachineId::MacSe30), ..Default::default() }, MachineId::MacSe30)
            .unwrap();
    let driver = Driver::new(Shell::launcher(machine, 1));
    let f = driver.frame();
    let (fw, fh) = (f.width() as usize, f.height() as usize);
    let frame: Vec<Rgb> = (0..fh)
        .flat_map(|y| (0..fw).map(move |x| (x, y)))
        .map(|(x, y)| f.colour_at(x as i32, y as i32).unwrap())
        .collect();

    // The window may take a moment to map and draw.
    let start = Instant::now();
    loop {
        let out = Command::new("xwd").args(["-root", "-silent", "-display", &display]).output().expect("xwd runs");
        if out.status.success() {
            let shot = parse_xwd(&out.stdout);
            if let Some((ox, oy)) = locate(&shot, &frame, fw, fh) {
                let differing = (0..fh)
                    .flat_map(|y| (0..fw).map(move |x| (x, y)))
                    .filter(|&(x, y)| shot.pixels[(oy + y) * shot.width + ox + x] != frame[y * fw + x])
                    .count();
                assert_eq!(differing, 0, "the window differs from the framebuffer in {differing} pixels");
                return;
            }
        }
        assert!(start.elapsed() < Duration::from_secs(60), "the Parlour window never showed the framebuffer");
        sleep(Duration::from_millis(200));
    }
}
