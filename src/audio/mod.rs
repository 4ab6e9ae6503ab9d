//! Short sound effects, as the Card Shell games made them: a card laid off,
//! the deal, a win. The sounds are Parlour's own, made here from sine
//! waves and noise, 16-bit mono at 22,050 Hz.
//!
//! Only the real window turns output on ([`enable`]); headless runs and
//! tests stay silent. Output goes to the system's sound library, loaded
//! when the first sound plays (see `alsa`), on a thread of its own so a
//! sound never holds up a frame. With no library or no sound device the
//! sounds are dropped without a word.

mod alsa;

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Sender, channel};
use std::sync::{Mutex, OnceLock};

/// Samples per second of every sound.
pub const RATE: u32 = 22_050;

/// The effects there are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sound {
    /// A card goes up to a foundation: a short tap.
    LayOff,
    /// Cards dealt from the stock: three quick flicks.
    Deal,
    /// A game won: a rising fanfare of four notes.
    Win,
}

/// The most recent sounds asked for on this thread, for tests.
const LOG_LENGTH: usize = 16;

thread_local! {
    static HEARD: RefCell<Vec<Sound>> = const { RefCell::new(Vec::new()) };
}

static ENABLED: AtomicBool = AtomicBool::new(false);

/// Lets sounds reach the speakers from now on (the window calls it).
pub fn enable() {
    ENABLED.store(true, Ordering::Relaxed);
}

/// Plays a sound, if output is enabled and a device is there.
pub fn play(sound: Sound) {
    HEARD.with(|h| {
        let mut h = h.borrow_mut();
        if h.len() == LOG_LENGTH {
            h.remove(0);
        }
        h.push(sound);
    });
    if ENABLED.load(Ordering::Relaxed)
        && let Some(player) = player()
    {
        // A closed channel means the player thread has given up: silence.
        let _ = player.lock().map(|p| p.send(sound));
    }
}

/// The sounds asked for on this thread since the last call, oldest first
/// (at most the last 16).
pub fn heard() -> Vec<Sound> {
    HEARD.with(|h| std::mem::take(&mut *h.borrow_mut()))
}

/// The player thread's mailbox, started on first use.
fn player() -> Option<&'static Mutex<Sender<Sound>>> {
    static PLAYER: OnceLock<Option<Mutex<Sender<Sound>>>> = OnceLock::new();
    PLAYER
        .get_or_init(|| {
            let (tx, rx) = channel::<Sound>();
            let spawned = std::thread::Builder::new().name("sound".into()).spawn(move || {
                let Some(mut out) = alsa::Output::open(RATE) else { return };
                for sound in rx {
                    if out.write(&samples(sound)).is_err() {
                        return;
                    }
                }
            });
            spawned.ok().map(|_| Mutex::new(tx))
        })
        .as_ref()
}

/// The samples of a sound.
pub fn samples(sound: Sound) -> Vec<i16> {
    let mut out = Vec::new();
    match sound {
        Sound::LayOff => tap(&mut out, 0.0, 1_320.0, 0.045),
        Sound::Deal => {
            for k in 0..3 {
                flick(&mut out, 0.055 * k as f32, 0.03);
            }
        }
        Sound::Win => {
            // C, E, G and the C above, each ringing on under the next.
            for (k, freq) in [523.25, 659.25, 783.99, 1046.5].into_iter().enumerate() {
                let length = if k == 3 { 0.45 } else { 0.2 };
                bell(&mut out, 0.12 * k as f32, freq, length);
            }
        }
    }
    out
}

/// Adds `f(t)` (in -1..1, t in seconds from `start`) for `length` seconds,
/// at 0.4 of full scale.
fn mix(out: &mut Vec<i16>, start: f32, length: f32, f: impl Fn(f32) -> f32) {
    let first = (start * RATE as f32) as usize;
    let n = (length * RATE as f32) as usize;
    if out.len() < first + n {
        out.resize(first + n, 0);
    }
    for i in 0..n {
        let t = i as f32 / RATE as f32;
        let v = f32::from(out[first + i]) + f(t).clamp(-1.0, 1.0) * 0.4 * f32::from(i16::MAX);
        out[first + i] = v.clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16;
    }
}

/// A tone that dies away quickly: a card tapped on the table.
fn tap(out: &mut Vec<i16>, start: f32, freq: f32, length: f32) {
    mix(out, start, length, |t| (std::f32::consts::TAU * freq * t).sin() * (-t * 90.0).exp());
}

/// A burst of soft noise: a card flicked off the stock.
fn flick(out: &mut Vec<i16>, start: f32, length: f32) {
    // A fixed generator, so the sound is the same every time; smoothed
    // by a running average to take off the hiss.
    let noise: Vec<f32> = {
        let mut x: u32 = 0x2545_f491;
        let raw: Vec<f32> = (0..(length * RATE as f32) as usize + 4)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                (x as f32 / u32::MAX as f32) * 2.0 - 1.0
            })
            .collect();
        raw.windows(4).map(|w| w.iter().sum::<f32>() / 2.0).collect()
    };
    mix(out, start, length, |t| {
        let i = ((t * RATE as f32) as usize).min(noise.len() - 1);
        noise[i] * (-t * 120.0).exp()
    });
}

/// A bell-like note: a sine with a quieter octave, fading out.
fn bell(out: &mut Vec<i16>, start: f32, freq: f32, length: f32) {
    mix(out, start, length, |t| {
        let w = std::f32::consts::TAU * freq * t;
        (w.sin() + 0.3 * (2.0 * w).sin()) * (-t * 6.0).exp() * 0.7
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_sound_is_short_loud_enough_and_unclipped() {
        for (sound, max_ms) in [(Sound::LayOff, 60), (Sound::Deal, 200), (Sound::Win, 900)] {
            let s = samples(sound);
            let ms = s.len() as u32 * 1000 / RATE;
            assert!(ms > 10 && ms <= max_ms, "{sound:?}: {ms} ms");
            let peak = s.iter().map(|v| v.unsigned_abs()).max().unwrap();
            assert!(peak > 3_000, "{sound:?} is too quiet: {peak}");
            assert!(peak < i16::MAX as u16, "{sound:?} clips");
            // It fades out rather than stopping with a click.
            let tail = s[s.len() - 20..].iter().map(|v| v.unsigned_abs()).max().unwrap();
            assert!(tail < peak / 4, "{sound:?} ends abruptly: {tail} of {peak}");
        }
        assert_ne!(samples(Sound::LayOff), samples(Sound::Deal));
        assert_eq!(samples(Sound::Deal), samples(Sound::Deal), "the same every time");
    }

    #[test]
    fn sounds_asked_for_are_heard_on_their_thread() {
        heard();
        play(Sound::Deal);
        play(Sound::LayOff);
        assert_eq!(heard(), [Sound::Deal, Sound::LayOff]);
        assert!(heard().is_empty());
        for _ in 0..40 {
            play(Sound::Win);
        }
        assert_eq!(heard().len(), LOG_LENGTH);
    }
}
