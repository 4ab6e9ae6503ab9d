//! The real window (minifb): shows the framebuffer scaled by whole pixels
//! and turns mouse and keys into Parlour input. It presents only when the
//! frame (or the window's size) changed, or when some of the window was
//! uncovered (with no compositor the X server keeps no picture of it),
//! sends ticks at the rate the view asks for on a schedule that does not
//! drift (see [`TickSchedule`]), and sleeps between polls and ticks, so an
//! idle or paused window costs next to nothing. Another window taking the
//! keyboard tells the game its player has turned away (Tetris pauses);
//! SIGTERM, SIGHUP and SIGINT end the program as closing the window does
//! (see [`EndAsked`]).
//!
//! The window can be resized: the frame is drawn at the largest whole
//! scale that fits, centred, with black around it, and the pointer is
//! mapped back through the same letterbox. The window manager is told the
//! frame's size as the window's least (WM_NORMAL_HINTS) and the program's
//! name and class (WM_CLASS); the title names what is shown. F11 switches
//! to full screen and back to the window as it was, where it was. When the
//! frame changes size (a machine switch) the window is
//! replaced by one of the new size, opened before the old one closes: on
//! an X server without a window manager the last window closing can end
//! the server's session, and with it the game.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::{Duration, Instant};

use minifb::{InputCallback, Key as MfKey, MouseButton, MouseMode, ScaleMode, Window, WindowOptions};

use crate::machines::pointer::hand_pixels;
use crate::machines::{Button, Input, Key, Modifiers, Pointer as Shape};

use super::driver::Driver;
use super::present::{Letterbox, present_letterboxed, window_scale};
use super::signals::EndAsked;
use super::ticks::TickSchedule;

/// Polls per second: enough for smooth dragging, cheap when idle.
const POLL_HZ: u64 = 60;

/// Where a framed window's inside is on the screen, and its size, in
/// screen pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Geometry {
    x: i32,
    y: i32,
    w: u32,
    h: u32,
}

/// How the window shows the frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Placement {
    /// A framed window, `scale` times the frame when it opens, placed as
    /// new windows are.
    Windowed { scale: u32 },
    /// A framed window back where it was, as large as it was.
    Kept(Geometry),
    /// A borderless window covering the screen, and the window F11 goes
    /// back to.
    FullScreen { back: Back },
}

/// The window full screen gives way to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Back {
    /// The window it replaced, where and as large as it was.
    Left(Geometry),
    /// Once the machine changed in full screen, a window opened anew as a
    /// switch outside full screen opens it (at the scale asked, where that
    /// fits): the old window's size was the old machine's.
    Anew { scale: u32 },
}

impl Placement {
    /// The placement for a frame of a new size (a machine switch), a new
    /// window opening at `scale`: full screen stays full screen, going
    /// back to such a window.
    fn after_resize(self, scale: u32) -> Placement {
        match self {
            Placement::FullScreen { .. } => Placement::FullScreen { back: Back::Anew { scale } },
            Placement::Windowed { .. } | Placement::Kept(_) => Placement::Windowed { scale },
        }
    }

    /// The placement F11 switches to from this one, the window being at
    /// `here`: full screen from a window; from full screen, the window it
    /// goes back to.
    fn toggled(self, here: Geometry) -> Placement {
        match self {
            Placement::FullScreen { back: Back::Left(left) } => Placement::Kept(left),
            Placement::FullScreen { back: Back::Anew { scale } } => Placement::Windowed { scale },
            Placement::Windowed { .. } | Placement::Kept(_) => Placement::FullScreen { back: Back::Left(here) },
        }
    }
}

/// Why the event loop on one window stopped.
enum Stop {
    /// The window was closed or the user quit.
    Quit,
    /// The frame changed size: a window of the new size is wanted.
    Resized,
    /// F11: between full screen and a window.
    ToggleFullScreen,
}

/// Opens the window and runs until it is closed or the user quits.
/// `scale` of None picks the largest whole factor at which the window fits
/// the screen (see [`window_scale`]); one asked is a maximum there too.
/// `machine_chosen`: whether the command line chose the machine the
/// window opens on, which is then kept for next time.
pub fn run(mut driver: Driver, scale: Option<u32>, machine_chosen: bool) -> Result<(), String> {
    // Only a real window makes sounds.
    crate::audio::enable();
    // Killed, the program ends as if its window were closed.
    let end = EndAsked::watch();
    let frame_size = |d: &Driver| (d.frame().width(), d.frame().height());
    let new_scale = |d: &Driver| {
        let (w, h) = frame_size(d);
        window_scale(scale, w, h, x11::screen_size())
    };
    // The screen's size is asked on a connection held until the window is
    // open: were it the server's only client, closing it would reset the
    // server (a bare Xvfb), or end it (`-terminate`), under the window
    // about to open.
    let held = x11::Connection::open();
    let mut placement = {
        let (w, h) = frame_size(&driver);
        let screen = held.as_ref().and_then(x11::Connection::screen_size);
        let k = window_scale(scale, w, h, screen);
        if let Some(notice) = screen.and_then(|screen| scale_notice(scale, k, (w, h), screen)) {
            tell!("parlour: {notice}");
        }
        Placement::Windowed { scale: k }
    };
    let mut window = open(frame_size(&driver), placement)?;
    drop(held);
    // The machine the window opened on, where the command line chose it,
    // and each one switched to is the one to open with next time, kept at
    // once: a window may end without a clean quit (killed at logout).
    driver.save_machine_switches(machine_chosen);
    loop {
        let stop = pump(&mut window, &mut driver, &end);
        let next = match stop {
            Stop::Quit => break,
            Stop::Resized => placement.after_resize(new_scale(&driver)),
            Stop::ToggleFullScreen => placement.toggled(geometry(&window)),
        };
        // The new window opens before the old one closes (assigning drops
        // the old one); if it cannot open, play goes on in the old window,
        // letterboxed.
        match open(frame_size(&driver), next) {
            Ok(new) => {
                window = new;
                placement = next;
            }
            Err(e) => tell!("warning: {e}; staying in this window"),
        }
    }
    // The machine in use is the one to open with next time (kept at each
    // switch already; kept again should a save then have failed).
    if let Err(e) = driver.shell().keep_machine_left_unkept() {
        tell!("warning: {e}");
    }
    Ok(())
}

/// What the player is told of a window opening at scale `k` for a `w` x
/// `h` frame on a `screen` (`asked`: the `--scale` given): a scale asked
/// that does not fit, or a screen too small for even scale 1, where part
/// of the window lies off it.
fn scale_notice(asked: Option<u32>, k: u32, (w, h): (u32, u32), (sw, sh): (usize, usize)) -> Option<String> {
    if (w as usize) > sw || (h as usize) > sh {
        let dropped =
            asked.filter(|&asked| asked > 1).map_or(String::new(), |asked| format!("--scale {asked} is dropped: "));
        return Some(format!(
            "{dropped}the window is {w} x {h}, larger than the {sw} x {sh} screen: part of it lies off the screen; \
             a machine with a smaller screen (the Machine menu) fits whole"
        ));
    }
    asked.filter(|&asked| k < asked).map(|asked| {
        format!(
            "--scale {asked} would make the window {} x {}, larger than the {sw} x {sh} screen: {k} is used",
            w * asked,
            h * asked
        )
    })
}

/// Where `window` is and how large.
fn geometry(window: &Window) -> Geometry {
    let (w, h) = window.get_size();
    let (x, y) = x11::position(window).unwrap_or((0, 0));
    Geometry { x, y, w: w as u32, h: h as u32 }
}

/// Opens a window for a `w` x `h` frame as `placement` says. Its title is
/// the program's until the first frame shows (see [`pump`]).
fn open((w, h): (u32, u32), placement: Placement) -> Result<Window, String> {
    let options = WindowOptions { resize: true, scale_mode: ScaleMode::UpperLeft, ..WindowOptions::default() };
    let (size, options) = match placement {
        Placement::Windowed { scale } => (((w * scale) as usize, (h * scale) as usize), options),
        Placement::Kept(g) => ((g.w as usize, g.h as usize), options),
        Placement::FullScreen { .. } => {
            let screen = x11::screen_size().ok_or("cannot find the screen's size for full screen")?;
            (screen, WindowOptions { borderless: true, topmost: true, ..options })
        }
    };
    let mut window = Window::new(PROGRAM_TITLE, size.0, size.1, options)
        .map_err(|e| cannot_open(std::env::var("DISPLAY").ok().as_deref(), &e.to_string()))?;
    // The loop paces itself (see `pump`).
    window.set_target_fps(0);
    // Before any move: the hints also ask that a position be the inside's.
    x11::describe(&window, (w, h));
    match placement {
        Placement::Windowed { .. } => {}
        Placement::Kept(g) => window.set_position(g.x as isize, g.y as isize),
        Placement::FullScreen { .. } => {
            window.set_position(0, 0);
            x11::request_full_screen(&window);
        }
    }
    Ok(window)
}

/// The title of a window before it shows anything.
const PROGRAM_TITLE: &str = "Parlour";

/// Why no window opened, naming the display tried (`display`, from
/// $DISPLAY) or saying there was none to try; `error` is minifb's.
fn cannot_open(display: Option<&str>, error: &str) -> String {
    match display.filter(|d| !d.is_empty()) {
        Some(d) => format!("cannot open a window on display {d}: {error}"),
        None => "cannot open a window: DISPLAY is not set, so there is no X display to open it on".to_string(),
    }
}

/// Pointer, button and key state carried between polls so presses and
/// releases become events.
#[derive(Default)]
struct Pointer {
    pos: (i32, i32),
    /// Where minifb last said the pointer was, in the frame. Its word
    /// counts only when it changes: minifb learns of a move later than
    /// XInput tells of a press, so its stale place would otherwise undo
    /// the press's (a window's title bar, pressed first thing, dragged
    /// from where the pointer was before).
    sampled: Option<(i32, i32)>,
    down: [bool; 3],
    mods: Modifiers,
    /// Alt went down and nothing else happened since: its release is the
    /// Windows "Alt alone" that moves to the menu bar.
    alt_alone: bool,
}

/// Every key press and release and every character typed, in order, as
/// minifb reports them one by one (its key state alone would lose a key
/// pressed and released between two polls, as xdotool types).
#[derive(Clone, Default)]
struct KeyLog(Rc<RefCell<Vec<Logged>>>);

/// One thing the keyboard did.
#[derive(Clone, Copy, Debug)]
enum Logged {
    /// A key went down (true) or up.
    Key(MfKey, bool),
    /// A key press typed this character, in the keyboard's own layout
    /// (reported after the key).
    Typed(char),
}

impl InputCallback for KeyLog {
    fn add_char(&mut self, c: u32) {
        if let Some(c) = char::from_u32(c) {
            self.0.borrow_mut().push(Logged::Typed(c));
        }
    }

    fn set_key_state(&mut self, key: MfKey, down: bool) {
        self.0.borrow_mut().push(Logged::Key(key, down));
    }
}

/// Runs the event loop on one window until it closes, the user quits (or a
/// signal asks the program to end), the frame changes size or F11 is
/// pressed.
fn pump(window: &mut Window, driver: &mut Driver, end: &EndAsked) -> Stop {
    let size = (driver.frame().width(), driver.frame().height());
    let (mut rgb, mut scaled, mut out, mut composed) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut pointer = Pointer::default();
    let keys = KeyLog::default();
    window.set_input_callback(Box::new(keys.clone()));
    let mut watch = x11::Watch::new(window);
    // What the window shows (None: nothing yet).
    let mut shown: Option<Showing> = None;
    // The title last given the window: set again only when it changes.
    let mut titled = String::new();
    let mut ticks: Option<TickSchedule> = None;
    let mut focused = window.is_active();
    while window.is_open() && !driver.wants_quit() && !end.asked() {
        let polled = Instant::now();
        let win = window.get_size();
        let win = (win.0.max(1) as u32, win.1.max(1) as u32);
        let lb = Letterbox::fit(size.0, size.1, win.0, win.1);
        let seen = watch.as_mut().map(x11::Watch::drain);
        let exposed = seen.as_ref().is_some_and(|s| s.exposed);
        let help_presses = seen.as_ref().map_or(0, |s| s.help_presses);
        let presses = seen.and_then(|s| s.presses);
        let (mut events, full_screen) = collect_events(window, &mut pointer, &keys, presses, lb, size);
        // The Help key is the key F1 stands for (the Amiga's Help key).
        events.extend(std::iter::repeat_n(Input::Key { key: Key::Function(1), mods: pointer.mods }, help_presses));
        let hz = driver.tick_hz();
        if ticks.as_ref().map_or(0, TickSchedule::hz) != hz {
            ticks = (hz > 0).then(|| TickSchedule::new(hz, polled));
        }
        if let Some(ms) = ticks.as_mut().and_then(|t| t.due(polled)) {
            events.push(Input::Tick { ms });
        }
        // Another window took the keyboard: the player has turned away.
        if std::mem::replace(&mut focused, window.is_active()) && !focused {
            driver.focus_lost();
        }
        driver.feed(&events);
        if full_screen {
            return Stop::ToggleFullScreen;
        }
        let frame = driver.frame();
        if (frame.width(), frame.height()) != size {
            return Stop::Resized;
        }
        // The drawn hand, where the view asks for it.
        let hand = (driver.shell().pointer() == Shape::Hand)
            .then(|| window.get_mouse_pos(MouseMode::Clamp))
            .flatten()
            .map(|(mx, my)| (mx.max(0.0) as usize, my.max(0.0) as usize));
        if hand.is_some() != shown.is_some_and(|s| s.hand.is_some()) {
            window.set_cursor_visibility(hand.is_none());
        }
        let now = Showing { generation: driver.generation(), window: win, hand };
        let presenting = to_present(shown, now, exposed);
        if presenting == Present::Anew {
            present_letterboxed(frame, lb, win, &mut rgb, &mut scaled, &mut out);
            // Asked once a frame drawn (not once a poll).
            let title = driver.shell().window_title();
            if title != titled {
                window.set_title(&title);
                titled = title;
            }
        }
        if presenting == Present::Nothing {
            window.update();
        } else {
            shown = Some(now);
            let buffer = match hand {
                Some(at) => {
                    composed.clone_from(&out);
                    draw_hand(&mut composed, win.0 as usize, win.1 as usize, lb.scale as usize, at);
                    &composed
                }
                None => &out,
            };
            if window.update_with_buffer(buffer, win.0 as usize, win.1 as usize).is_err() {
                return Stop::Quit;
            }
        }
        // Sleep until the next poll or the next tick, whichever is first.
        let mut wake = polled + Duration::from_nanos(1_000_000_000 / POLL_HZ);
        if let Some(t) = &ticks {
            wake = wake.min(t.next_due());
        }
        std::thread::sleep(wake.saturating_duration_since(Instant::now()));
    }
    Stop::Quit
}

/// What the window shows: a frame drawn, at a window size, with the drawn
/// hand pointer at a place or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Showing {
    /// The frame's [`Driver::generation`].
    generation: u64,
    window: (u32, u32),
    hand: Option<(usize, usize)>,
}

/// What a poll puts in the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Present {
    /// Nothing: it shows what it showed.
    Nothing,
    /// The picture shown last, again: the hand moved, or some of the
    /// window was uncovered and blanked (see [`x11::Seen::exposed`]).
    Again,
    /// The frame scaled anew: a new frame, or a window of a new size.
    Anew,
}

/// What to present, the window showing `shown` and to show `now`;
/// `exposed`: some of it was uncovered since. Only what changed is done,
/// so an idle window costs next to nothing.
fn to_present(shown: Option<Showing>, now: Showing, exposed: bool) -> Present {
    match shown {
        Some(s) if (s.generation, s.window) == (now.generation, now.window) => {
            if s.hand != now.hand || exposed {
                Present::Again
            } else {
                Present::Nothing
            }
        }
        _ => Present::Anew,
    }
}

/// Draws the hand pointer into the window's picture `buffer` (`w` x `h`),
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

/// The notch an X button number stands for: button 4 is the wheel turned
/// up a notch (the page moves up, -1), button 5 down.
fn wheel_notch(button: u32) -> Option<i32> {
    match button {
        4 => Some(-1),
        5 => Some(1),
        _ => None,
    }
}

/// The input since the last poll, and whether F11 (full screen) was
/// pressed. `presses` are the button presses and releases one by one,
/// where the X server tells them (XInput 2); without them minifb's button
/// state is sampled, once a poll.
fn collect_events(
    window: &Window,
    pointer: &mut Pointer,
    keys: &KeyLog,
    presses: Option<Vec<x11::Press>>,
    lb: Letterbox,
    (w, h): (u32, u32),
) -> (Vec<Input>, bool) {
    let mut events = Vec::new();
    let moved = |pointer: &mut Pointer, events: &mut Vec<Input>, pos: (i32, i32)| {
        if pos != pointer.pos {
            pointer.pos = pos;
            events.push(Input::MouseMove { x: pos.0, y: pos.1 });
        }
    };
    let sampled = |pointer: &mut Pointer, events: &mut Vec<Input>| {
        let Some((mx, my)) = window.get_mouse_pos(MouseMode::Clamp) else { return };
        let pos = lb.to_frame(mx as i32, my as i32, w, h);
        if pointer.sampled.replace(pos) != Some(pos) {
            moved(pointer, events, pos);
        }
    };
    const BUTTONS: [(MouseButton, Button); 3] =
        [(MouseButton::Left, Button::Left), (MouseButton::Middle, Button::Middle), (MouseButton::Right, Button::Right)];
    match presses {
        Some(presses) => {
            for press in presses {
                // Watching the buttons takes the wheel from minifb too: X
                // sends each notch as a press of button 4 (up) or 5 (down).
                if let (true, Some(dy)) = (press.down, wheel_notch(press.button)) {
                    moved(pointer, &mut events, lb.to_frame(press.x, press.y, w, h));
                    let (x, y) = pointer.pos;
                    events.push(Input::Wheel { x, y, dy });
                    continue;
                }
                let Some(i) = (press.button as usize).checked_sub(1).filter(|&i| i < 3) else { continue };
                let button = BUTTONS[i].1;
                moved(pointer, &mut events, lb.to_frame(press.x, press.y, w, h));
                let (x, y) = pointer.pos;
                pointer.down[i] = press.down;
                pointer.alt_alone = false;
                events.push(if press.down {
                    Input::MouseDown { x, y, button }
                } else {
                    Input::MouseUp { x, y, button }
                });
            }
            sampled(pointer, &mut events);
        }
        None => {
            sampled(pointer, &mut events);
            let (x, y) = pointer.pos;
            // Sampled once a poll: a press and release within one poll is
            // not seen here.
            for (i, (mb, button)) in BUTTONS.into_iter().enumerate() {
                let down = window.get_mouse_down(mb);
                if down != pointer.down[i] {
                    pointer.down[i] = down;
                    pointer.alt_alone = false;
                    events.push(if down { Input::MouseDown { x, y, button } } else { Input::MouseUp { x, y, button } });
                }
            }
            if let Some((_, dy)) = window.get_scroll_wheel()
                && dy != 0.0
            {
                events.push(Input::Wheel { x, y, dy: if dy > 0.0 { -1 } else { 1 } });
            }
        }
    }
    let mut full_screen = false;
    // Whether the last key pressed gave a key of its own: the character it
    // types is then that key's (Shift+1 is the 1 key, not a second "!").
    let mut key_named = false;
    for logged in keys.0.borrow_mut().drain(..) {
        let (key, down) = match logged {
            Logged::Key(key, down) => (key, down),
            Logged::Typed(c) => {
                events.extend(typed_key(c, pointer.mods, key_named).map(|key| Input::Key { key, mods: pointer.mods }));
                continue;
            }
        };
        let m = &mut pointer.mods;
        match key {
            MfKey::LeftShift | MfKey::RightShift => m.shift = down,
            MfKey::LeftCtrl | MfKey::RightCtrl => m.ctrl = down,
            MfKey::LeftAlt | MfKey::RightAlt => {
                m.alt = down;
                if down {
                    pointer.alt_alone = true;
                } else if std::mem::take(&mut pointer.alt_alone) {
                    events.push(Input::Key { key: Key::Alt, mods: Modifiers::default() });
                }
            }
            _ if !down => {}
            MfKey::F11 => full_screen = true,
            _ => {
                pointer.alt_alone = false;
                let named = map_key(key, pointer.mods.shift);
                key_named = named.is_some();
                events.extend(named.map(|key| Input::Key { key, mods: pointer.mods }));
            }
        }
    }
    (events, full_screen)
}

/// The key for a character typed that no key of [`map_key`] gives:
/// punctuation and letters beyond A to Z (an apostrophe, a hyphen, an ë),
/// as the keyboard's layout types them. Letters, digits and the space come
/// from their keys, as does whatever a key [`map_key`] names types
/// (`key_named`: Shift+1 is the 1 key, not a "1" and a "!"), and with
/// Ctrl or Alt held a character belongs to a shortcut, not to text.
fn typed_key(c: char, mods: Modifiers, key_named: bool) -> Option<Key> {
    let from_its_key = key_named || c.is_ascii_alphanumeric() || c == ' ';
    (!from_its_key && !c.is_control() && !mods.ctrl && !mods.alt).then_some(Key::Char(c))
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
        F2 => Some(Key::Function(2)),
        F3 => Some(Key::Function(3)),
        F4 => Some(Key::Function(4)),
        F5 => Some(Key::Function(5)),
        F6 => Some(Key::Function(6)),
        F7 => Some(Key::Function(7)),
        F8 => Some(Key::Function(8)),
        F9 => Some(Key::Function(9)),
        F10 => Some(Key::Function(10)),
        // F11 is the window's own (full screen).
        F12 => Some(Key::Function(12)),
        _ => None,
    }
}

/// The little X11 that minifb does not offer: the screen's size, the
/// window's position, its hints and class for the window manager, and the
/// window manager's full-screen state. libX11 is loaded at run time, as
/// minifb loads it.
mod x11 {
    use std::os::raw::{c_int, c_long, c_ulong};

    use minifb::Window;
    use x11_dl::{keysym, xinput2, xlib};

    /// A short-lived connection to the display in $DISPLAY.
    pub struct Connection {
        lib: xlib::Xlib,
        display: *mut xlib::Display,
    }

    impl Connection {
        pub fn open() -> Option<Connection> {
            let lib = xlib::Xlib::open().ok()?;
            // SAFETY: a null name opens $DISPLAY; the result is checked.
            let display = unsafe { (lib.XOpenDisplay)(std::ptr::null()) };
            // (Built only for a display opened: dropping one closes it.)
            (!display.is_null()).then(|| Connection { lib, display })
        }
    }

    impl Drop for Connection {
        fn drop(&mut self) {
            // SAFETY: the display was opened by this connection.
            unsafe { (self.lib.XCloseDisplay)(self.display) };
        }
    }

    impl Connection {
        /// The default screen's size in pixels.
        pub fn screen_size(&self) -> Option<(usize, usize)> {
            // SAFETY: the display is open.
            unsafe {
                let screen = (self.lib.XDefaultScreen)(self.display);
                let (w, h) =
                    ((self.lib.XDisplayWidth)(self.display, screen), (self.lib.XDisplayHeight)(self.display, screen));
                (w > 0 && h > 0).then_some((w as usize, h as usize))
            }
        }
    }

    /// The default screen's size in pixels, asked on a connection of its
    /// own (while a window is open, so closing it leaves the server a
    /// client).
    pub fn screen_size() -> Option<(usize, usize)> {
        Connection::open()?.screen_size()
    }

    /// A button press or release in the window, in window pixels.
    pub struct Press {
        pub down: bool,
        pub button: u32,
        pub x: i32,
        pub y: i32,
    }

    /// What the window's X events tell that minifb does not pass on, read
    /// on a connection of our own: parts of the window uncovered (Expose;
    /// minifb asks for none), the Help key (minifb's keys have none: it
    /// comes to minifb as a key unknown), and button presses and releases
    /// one by one through XInput 2 (which lets several clients listen to
    /// one window's buttons; minifb listens with the core protocol).
    pub struct Watch {
        c: Connection,
        /// libXi, kept loaded to decode the events' data, and its events'
        /// opcode: None where the server or the library has no XInput 2.
        xi: Option<(xinput2::XInput2, c_int)>,
    }

    /// What the window's events told since the last look.
    pub struct Seen {
        /// The presses and releases, in order; None without XInput 2.
        pub presses: Option<Vec<Press>>,
        /// Some of the window was uncovered. With no compositor the X
        /// server keeps no picture of a covered window: it blanks what
        /// comes to light, and the picture must be shown again.
        pub exposed: bool,
        /// How many times the keyboard's Help key was pressed.
        pub help_presses: usize,
    }

    impl Watch {
        /// None where no connection opens.
        pub fn new(window: &Window) -> Option<Watch> {
            let c = Connection::open()?;
            let handle = window.get_window_handle() as c_ulong;
            // SAFETY: the display is open. (Any number of clients may ask
            // for a window's key presses, unlike its button presses.)
            unsafe { (c.lib.XSelectInput)(c.display, handle, xlib::ExposureMask | xlib::KeyPressMask) };
            let xi = watch_buttons(&c, handle);
            // SAFETY: the display is open.
            unsafe { (c.lib.XFlush)(c.display) };
            Some(Watch { c, xi })
        }

        /// What came since the last call.
        pub fn drain(&mut self) -> Seen {
            let mut seen = Seen { presses: self.xi.as_ref().map(|_| Vec::new()), exposed: false, help_presses: 0 };
            // SAFETY: the display is open; event data is fetched and freed
            // in pairs, and read only when fetched.
            unsafe {
                while (self.c.lib.XPending)(self.c.display) > 0 {
                    let mut event: xlib::XEvent = std::mem::zeroed();
                    (self.c.lib.XNextEvent)(self.c.display, &mut event);
                    if event.get_type() == xlib::Expose {
                        seen.exposed = true;
                        continue;
                    }
                    if event.get_type() == xlib::KeyPress {
                        let help = (self.c.lib.XLookupKeysym)(&mut event.key, 0) == c_ulong::from(keysym::XK_Help);
                        seen.help_presses += usize::from(help);
                        continue;
                    }
                    let (Some((_, opcode)), Some(presses)) = (&self.xi, seen.presses.as_mut()) else { continue };
                    let mut cookie = event.generic_event_cookie;
                    if cookie.type_ != xlib::GenericEvent || cookie.extension != *opcode {
                        continue;
                    }
                    if (self.c.lib.XGetEventData)(self.c.display, &mut cookie) == 0 {
                        continue;
                    }
                    let e = &*(cookie.data as *const xinput2::XIDeviceEvent);
                    if matches!(e.evtype, xinput2::XI_ButtonPress | xinput2::XI_ButtonRelease) {
                        presses.push(Press {
                            down: e.evtype == xinput2::XI_ButtonPress,
                            button: e.detail as u32,
                            x: e.event_x.floor() as i32,
                            y: e.event_y.floor() as i32,
                        });
                    }
                    (self.c.lib.XFreeEventData)(self.c.display, &mut cookie);
                }
            }
            seen
        }
    }

    /// Asks for the buttons of window `handle` through XInput 2 on `c`:
    /// libXi and the events' opcode, or None where there is no XInput 2.
    fn watch_buttons(c: &Connection, handle: c_ulong) -> Option<(xinput2::XInput2, c_int)> {
        let xi = xinput2::XInput2::open().ok()?;
        // SAFETY: the display is open; the mask outlives the call.
        unsafe {
            let (mut opcode, mut event, mut error) = (0, 0, 0);
            let name = c"XInputExtension";
            if (c.lib.XQueryExtension)(c.display, name.as_ptr(), &mut opcode, &mut event, &mut error) == 0 {
                return None;
            }
            let (mut major, mut minor) = (2, 0);
            if (xi.XIQueryVersion)(c.display, &mut major, &mut minor) != 0 {
                return None;
            }
            let mut bits = [0u8; 4];
            xinput2::XISetMask(&mut bits, xinput2::XI_ButtonPress);
            xinput2::XISetMask(&mut bits, xinput2::XI_ButtonRelease);
            let mut mask = xinput2::XIEventMask {
                deviceid: xinput2::XIAllMasterDevices,
                mask_len: bits.len() as c_int,
                mask: bits.as_mut_ptr(),
            };
            if (xi.XISelectEvents)(c.display, handle, &mut mask, 1) != 0 {
                return None;
            }
            Some((xi, opcode))
        }
    }

    /// Where the inside of `window` is on the screen (minifb's own
    /// position counts the window's offset twice).
    pub fn position(window: &Window) -> Option<(i32, i32)> {
        let c = Connection::open()?;
        let handle = window.get_window_handle() as c_ulong;
        let (mut x, mut y, mut child) = (0, 0, 0);
        // SAFETY: the display is open; the outputs are plain integers.
        let same_screen = unsafe {
            let root = (c.lib.XDefaultRootWindow)(c.display);
            (c.lib.XTranslateCoordinates)(c.display, handle, root, 0, 0, &mut x, &mut y, &mut child)
        };
        (same_screen != 0).then_some((x, y))
    }

    /// Tells the window manager about `window`: no smaller than the
    /// `least` size (the machine's screen at scale 1, all of it in view), a
    /// position meaning its inside's (static gravity, so a window put back
    /// where it was is not moved by its frame), and the class "parlour",
    /// "Parlour" (WM_CLASS) that desktops group and match windows by.
    pub fn describe(window: &Window, least: (u32, u32)) {
        let Some(c) = Connection::open() else { return };
        let handle = window.get_window_handle() as c_ulong;
        // SAFETY: the display is open; the hints and the names outlive the
        // calls, which copy them (Xlib takes the names as mutable but does
        // not write them).
        unsafe {
            let mut hints: xlib::XSizeHints = std::mem::zeroed();
            hints.flags = xlib::PMinSize | xlib::PWinGravity;
            hints.min_width = least.0 as c_int;
            hints.min_height = least.1 as c_int;
            hints.win_gravity = xlib::StaticGravity;
            (c.lib.XSetWMNormalHints)(c.display, handle, &mut hints);
            let mut class = xlib::XClassHint {
                res_name: c"parlour".as_ptr().cast_mut(),
                res_class: c"Parlour".as_ptr().cast_mut(),
            };
            (c.lib.XSetClassHint)(c.display, handle, &mut class);
            (c.lib.XFlush)(c.display);
        }
    }

    /// Asks the window manager, if there is one, to show `window` full
    /// screen (EWMH _NET_WM_STATE_FULLSCREEN); without one the borderless
    /// screen-sized window already is.
    pub fn request_full_screen(window: &Window) {
        let Some(c) = Connection::open() else { return };
        let handle = window.get_window_handle() as c_ulong;
        // SAFETY: the display is open; the event is fully initialised.
        unsafe {
            let state = (c.lib.XInternAtom)(c.display, c"_NET_WM_STATE".as_ptr(), xlib::False);
            let full = (c.lib.XInternAtom)(c.display, c"_NET_WM_STATE_FULLSCREEN".as_ptr(), xlib::False);
            let root = (c.lib.XDefaultRootWindow)(c.display);
            let mut event: xlib::XEvent = std::mem::zeroed();
            event.client_message = xlib::XClientMessageEvent {
                type_: xlib::ClientMessage,
                serial: 0,
                send_event: xlib::True,
                display: c.display,
                window: handle,
                message_type: state,
                format: 32,
                data: xlib::ClientMessageData::from([1 as c_long, full as c_long, 0, 1, 0]),
            };
            (c.lib.XSendEvent)(
                c.display,
                root,
                xlib::False,
                xlib::SubstructureRedirectMask | xlib::SubstructureNotifyMask,
                &mut event,
            );
            (c.lib.XFlush)(c.display);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn f11_twice_brings_the_window_back_where_and_as_large_as_it_was() {
        let here = Geometry { x: 10, y: 10, w: 1000, h: 760 };
        let full = Placement::Windowed { scale: 1 }.toggled(here);
        assert_eq!(full, Placement::FullScreen { back: Back::Left(here) });
        let back = full.toggled(Geometry { x: 0, y: 0, w: 1366, h: 768 });
        assert_eq!(back, Placement::Kept(here));
        // A window kept, switching machine, opens anew at its scale.
        assert_eq!(Placement::Kept(here).after_resize(2), Placement::Windowed { scale: 2 });
    }

    /// A machine switched in full screen stays full screen; F11 then opens
    /// the new machine's window as a switch outside full screen would, at
    /// the scale asked, not the old machine's window with the new screen
    /// at scale 1 in it.
    #[test]
    fn f11_after_a_machine_switch_in_full_screen_opens_the_new_machine_at_its_scale() {
        let amiga_at_three = Geometry { x: 320, y: 216, w: 960, h: 768 };
        let full = Placement::Windowed { scale: 3 }.toggled(amiga_at_three);
        let switched = full.after_resize(2);
        assert!(matches!(switched, Placement::FullScreen { .. }), "{switched:?}");
        assert_eq!(switched.toggled(Geometry { x: 0, y: 0, w: 1600, h: 1200 }), Placement::Windowed { scale: 2 });
    }

    /// A screen too small for the window even at scale 1 (YaZZle's 698 x
    /// 523 on 640 x 480) is told of, as a scale asked too large is.
    #[test]
    fn a_screen_too_small_for_the_window_is_told_of() {
        let said = scale_notice(None, 1, (698, 523), (640, 480)).expect("told");
        assert!(said.starts_with("the window is 698 x 523, larger than the 640 x 480 screen"), "{said}");
        assert_eq!(scale_notice(Some(1), 1, (698, 523), (640, 480)), Some(said.clone()));
        // A scale asked is said to be dropped too.
        assert_eq!(scale_notice(Some(2), 1, (698, 523), (640, 480)), Some(format!("--scale 2 is dropped: {said}")));
        let asked = scale_notice(Some(3), 1, (640, 480), (800, 600)).expect("told");
        assert!(asked.starts_with("--scale 3 would make the window 1920 x 1440"), "{asked}");
        assert_eq!(scale_notice(Some(1), 1, (640, 480), (800, 600)), None);
        assert_eq!(scale_notice(None, 1, (640, 480), (640, 480)), None);
    }

    /// An idle window presents nothing; uncovered, it shows its picture
    /// again (it stayed black where another window had been until the
    /// game changed), without drawing the frame anew.
    #[test]
    fn a_window_presents_what_changed_and_again_when_uncovered() {
        let shown = Showing { generation: 4, window: (640, 480), hand: None };
        assert_eq!(to_present(None, shown, false), Present::Anew, "the first frame");
        assert_eq!(to_present(Some(shown), shown, false), Present::Nothing, "idle");
        assert_eq!(to_present(Some(shown), shown, true), Present::Again, "uncovered");
        let hand = Showing { hand: Some((10, 20)), ..shown };
        assert_eq!(to_present(Some(shown), hand, false), Present::Again, "the hand moved");
        for changed in [Showing { generation: 5, ..shown }, Showing { window: (1280, 960), ..shown }] {
            assert_eq!(to_present(Some(shown), changed, false), Present::Anew, "{changed:?}");
            assert_eq!(to_present(Some(shown), changed, true), Present::Anew, "{changed:?}");
        }
    }

    #[test]
    fn a_window_that_cannot_open_names_the_display_or_says_there_is_none() {
        let error = "Failed to create window: XOpenDisplay failed";
        assert_eq!(
            cannot_open(Some(":99"), error),
            "cannot open a window on display :99: Failed to create window: XOpenDisplay failed"
        );
        for unset in [None, Some("")] {
            let said = cannot_open(unset, error);
            assert!(said.starts_with("cannot open a window: DISPLAY is not set"), "{said}");
        }
    }

    #[test]
    fn punctuation_and_accented_letters_are_typed_as_the_layout_types_them() {
        let plain = Modifiers::default();
        for c in ['\'', '-', '.', '"', 'ë', 'É', '€'] {
            assert_eq!(typed_key(c, plain, false), Some(Key::Char(c)), "{c:?}");
        }
        // These come from their keys already, shortcuts included.
        for c in ['a', 'Z', '7', ' '] {
            assert_eq!(typed_key(c, plain, false), None, "{c:?} twice");
        }
        assert_eq!(typed_key('!', plain, true), None, "Shift+1 is the 1 key's");
        assert_eq!(typed_key('\r', plain, false), None, "Return is its key's");
        let ctrl = Modifiers { ctrl: true, ..Modifiers::default() };
        assert_eq!(typed_key('-', ctrl, false), None, "a shortcut's");
    }
}
