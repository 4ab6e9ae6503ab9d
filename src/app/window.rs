//! The real window (minifb): shows the framebuffer scaled by whole pixels
//! and turns mouse and keys into Parlour input. It presents only when the
//! frame changed and lets minifb pace the loop, so an idle window sleeps.

use std::time::{Duration, Instant};

use minifb::{Key as MfKey, KeyRepeat, MouseButton, MouseMode, Window, WindowOptions};

use crate::machines::pointer::hand_pixels;
use crate::machines::{Button, Input, Key, Modifiers, Pointer as Shape};

use super::driver::Driver;
use super::present::{default_scale, present};
use super::settings;

/// Polls per second: enough for smooth dragging, cheap when idle.
const POLL_HZ: usize = 60;

/// Opens the window and runs until it is closed or the user quits.
/// `scale` of None picks the largest whole factor that fits a desktop.
pub fn run(mut driver: Driver, scale: Option<u32>) -> Result<(), String> {
    while !driver.wants_quit() {
        let (w, h) = (driver.frame().width(), driver.frame().height());
        let k = scale.unwrap_or_else(|| default_scale(w, h));
        let mut window = open(w, h, k)?;
        let reopen = pump(&mut window, &mut driver, k);
        // The machine in use is the one to open with next time.
        if let Err(e) = settings::remember_machine(&driver.shell().machine().choice()) {
            eprintln!("warning: could not save settings: {e}");
        }
        if !reopen {
            break;
        }
    }
    Ok(())
}

fn open(w: u32, h: u32, k: u32) -> Result<Window, String> {
    let mut window = Window::new("Parlour", (w * k) as usize, (h * k) as usize, WindowOptions::default())
        .map_err(|e| format!("cannot open a window: {e} (is DISPLAY set?)"))?;
    window.set_target_fps(POLL_HZ);
    Ok(window)
}

/// Pointer and button state carried between polls so presses and releases
/// become events.
#[derive(Default)]
struct Pointer {
    pos: (i32, i32),
    /// The position in window pixels (before dividing by the scale).
    window_pos: (usize, usize),
    down: [bool; 3],
}

/// Runs the event loop on one window; returns true if the framebuffer's
/// size changed (a machine switch) and the window must be reopened.
fn pump(window: &mut Window, driver: &mut Driver, k: u32) -> bool {
    let size = (driver.frame().width(), driver.frame().height());
    let (mut rgb, mut scaled, mut composed) = (Vec::new(), Vec::new(), Vec::new());
    let mut pointer = Pointer::default();
    let mut shown = 0;
    // Where the drawn hand pointer is, in window pixels (None: the
    // system's arrow shows).
    let mut hand_at: Option<(usize, usize)> = None;
    let mut last_tick = Instant::now();
    while window.is_open() && !driver.wants_quit() {
        let mut events = collect_events(window, &mut pointer, k);
        if driver.wants_ticks() && last_tick.elapsed() >= Duration::from_millis(100) {
            events.push(Input::Tick { ms: last_tick.elapsed().as_millis() as u32 });
            last_tick = Instant::now();
        }
        driver.feed(&events);
        let frame = driver.frame();
        if (frame.width(), frame.height()) != size {
            return true;
        }
        let hand = (driver.shell().pointer() == Shape::Hand).then_some(pointer.window_pos);
        if hand.is_some() != hand_at.is_some() {
            window.set_cursor_visibility(hand.is_none());
        }
        if driver.generation() != shown || hand != hand_at {
            if driver.generation() != shown {
                shown = driver.generation();
                present(frame, k, &mut rgb, &mut scaled);
            }
            hand_at = hand;
            let (w, h) = ((size.0 * k) as usize, (size.1 * k) as usize);
            let buffer = match hand {
                Some(at) => {
                    composed.clone_from(&scaled);
                    draw_hand(&mut composed, w, h, k as usize, at);
                    &composed
                }
                None => &scaled,
            };
            if window.update_with_buffer(buffer, w, h).is_err() {
                return false;
            }
        } else {
            window.update();
        }
    }
    false
}

/// Draws the hand pointer into the scaled picture `buffer` (`w` x `h`),
/// its hot spot at `at`, each of its pixels `k` window pixels square like
/// the machine's.
fn draw_hand(buffer: &mut [u32], w: usize, h: usize, k: usize, at: (usize, usize)) {
    for (dx, dy, colour) in hand_pixels() {
        let (x0, y0) = (at.0 as i64 + dx as i64 * k as i64, at.1 as i64 + dy as i64 * k as i64);
        for y in y0.max(0)..(y0 + k as i64).min(h as i64) {
            for x in x0.max(0)..(x0 + k as i64).min(w as i64) {
                buffer[y as usize * w + x as usize] = colour.to_u32();
            }
        }
    }
}

fn collect_events(window: &Window, pointer: &mut Pointer, k: u32) -> Vec<Input> {
    let mut events = Vec::new();
    if let Some((mx, my)) = window.get_mouse_pos(MouseMode::Clamp) {
        pointer.window_pos = (mx.max(0.0) as usize, my.max(0.0) as usize);
        let pos = ((mx as u32 / k) as i32, (my as u32 / k) as i32);
        if pos != pointer.pos {
            pointer.pos = pos;
            events.push(Input::MouseMove { x: pos.0, y: pos.1 });
        }
    }
    let (x, y) = pointer.pos;
    for (i, (mb, button)) in
        [(MouseButton::Left, Button::Left), (MouseButton::Middle, Button::Middle), (MouseButton::Right, Button::Right)]
            .into_iter()
            .enumerate()
    {
        let down = window.get_mouse_down(mb);
        if down != pointer.down[i] {
            pointer.down[i] = down;
            events.push(if down { Input::MouseDown { x, y, button } } else { Input::MouseUp { x, y, button } });
        }
    }
    if let Some((_, dy)) = window.get_scroll_wheel()
        && dy != 0.0
    {
        events.push(Input::Wheel { x, y, dy: if dy > 0.0 { -1 } else { 1 } });
    }
    let mods = Modifiers {
        shift: window.is_key_down(MfKey::LeftShift) || window.is_key_down(MfKey::RightShift),
        ctrl: window.is_key_down(MfKey::LeftCtrl) || window.is_key_down(MfKey::RightCtrl),
        alt: window.is_key_down(MfKey::LeftAlt) || window.is_key_down(MfKey::RightAlt),
    };
    for key in window.get_keys_pressed(KeyRepeat::Yes) {
        if let Some(key) = map_key(key, mods.shift) {
            events.push(Input::Key { key, mods });
        }
    }
    events
}

fn map_key(key: MfKey, shift: bool) -> Option<Key> {
    use MfKey::*;
    let letter = |c: char| Some(Key::Char(if shift { c.to_ascii_uppercase() } else { c }));
    match key {
        A => letter('a'),
        B => letter('b'),
        C => letter('c'),
        D => letter('d'),
        E => letter('e'),
        F => letter('f'),
        G => letter('g'),
        H => letter('h'),
        I => letter('i'),
        J => letter('j'),
        K => letter('k'),
        L => letter('l'),
        M => letter('m'),
        N => letter('n'),
        O => letter('o'),
        P => letter('p'),
        Q => letter('q'),
        R => letter('r'),
        S => letter('s'),
        T => letter('t'),
        U => letter('u'),
        V => letter('v'),
        W => letter('w'),
        X => letter('x'),
        Y => letter('y'),
        Z => letter('z'),
        Key0 | NumPad0 => Some(Key::Char('0')),
        Key1 | NumPad1 => Some(Key::Char('1')),
        Key2 | NumPad2 => Some(Key::Char('2')),
        Key3 | NumPad3 => Some(Key::Char('3')),
        Key4 | NumPad4 => Some(Key::Char('4')),
        Key5 | NumPad5 => Some(Key::Char('5')),
        Key6 | NumPad6 => Some(Key::Char('6')),
        Key7 | NumPad7 => Some(Key::Char('7')),
        Key8 | NumPad8 => Some(Key::Char('8')),
        Key9 | NumPad9 => Some(Key::Char('9')),
        Space => Some(Key::Char(' ')),
        Enter | NumPadEnter => Some(Key::Enter),
        Escape => Some(Key::Escape),
        Tab => Some(Key::Tab),
        Backspace => Some(Key::Backspace),
        Delete => Some(Key::Delete),
        Up => Some(Key::Up),
        Down => Some(Key::Down),
        Left => Some(Key::Left),
        Right => Some(Key::Right),
        PageUp => Some(Key::PageUp),
        PageDown => Some(Key::PageDown),
        Home => Some(Key::Home),
        End => Some(Key::End),
        F1 => Some(Key::Function(1)),
        _ => None,
    }
}
