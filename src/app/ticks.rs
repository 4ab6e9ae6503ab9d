//! The window's tick schedule: ticks at a fixed rate (50 for a PAL Amiga,
//! 60 for a Mac, 10 for a clock) that never drift. Tick k falls due at
//! `start + k / hz`, however late the loop runs, and carries whole
//! milliseconds rounded so that the ticks so far always add up to
//! `ceil(k * 1000 / hz)`: at 60 Hz they come as 17, 17, 16, 17, 17, 16...

use std::time::{Duration, Instant};

/// Frames the loop may fall behind before the schedule gives up catching
/// up (the machine slept, a debugger stopped it) and starts again.
const MAX_LATE_SECONDS: u64 = 1;

/// A running schedule at one rate.
#[derive(Clone, Debug)]
pub struct TickSchedule {
    hz: u32,
    start: Instant,
    /// Frames already sent.
    frames: u64,
    /// Milliseconds already sent.
    sent_ms: u64,
}

impl TickSchedule {
    /// A schedule at `hz` (at least 1) starting `now`.
    pub fn new(hz: u32, now: Instant) -> TickSchedule {
        TickSchedule { hz: hz.max(1), start: now, frames: 0, sent_ms: 0 }
    }

    pub fn hz(&self) -> u32 {
        self.hz
    }

    /// The whole milliseconds of the first `frames` frames, rounded up.
    fn ms_of(&self, frames: u64) -> u64 {
        (frames * 1000).div_ceil(u64::from(self.hz))
    }

    /// The tick due at `now`, as its milliseconds, if one is due. Frames
    /// that fell due together (the loop was late) come as one tick of their
    /// total length.
    pub fn due(&mut self, now: Instant) -> Option<u32> {
        let elapsed = now.saturating_duration_since(self.start).as_nanos();
        let frames = (elapsed * u128::from(self.hz) / 1_000_000_000) as u64;
        if frames <= self.frames {
            return None;
        }
        if frames - self.frames > MAX_LATE_SECONDS * u64::from(self.hz) {
            // Start again from here, with one frame sent.
            *self = TickSchedule::new(self.hz, now);
            self.frames = 1;
            self.start = now.checked_sub(self.period()).unwrap_or(now);
            self.sent_ms = self.ms_of(1);
            return Some(self.sent_ms as u32);
        }
        let total = self.ms_of(frames);
        let ms = total - self.sent_ms;
        self.frames = frames;
        self.sent_ms = total;
        Some(ms as u32)
    }

    /// When the next tick falls due.
    pub fn next_due(&self) -> Instant {
        let nanos = (u128::from(self.frames + 1) * 1_000_000_000).div_ceil(u128::from(self.hz));
        self.start + Duration::from_nanos(nanos as u64)
    }

    fn period(&self) -> Duration {
        Duration::from_nanos(1_000_000_000 / u64::from(self.hz))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixty_hertz_comes_as_whole_milliseconds_that_never_drift() {
        let t0 = Instant::now();
        let mut s = TickSchedule::new(60, t0);
        assert_eq!(s.due(t0), None);
        let mut ms = Vec::new();
        let mut at = t0;
        for _ in 0..600 {
            at = s.next_due();
            ms.push(s.due(at).expect("a tick is due when it says"));
        }
        assert_eq!(&ms[..6], [17, 17, 16, 17, 17, 16]);
        assert_eq!(ms.iter().map(|&m| u64::from(m)).sum::<u64>(), 10_000, "ten seconds exactly");
        assert!(at.duration_since(t0) - Duration::from_secs(10) < Duration::from_micros(1));
    }

    #[test]
    fn a_late_loop_gets_the_frames_it_missed_in_one_tick() {
        let t0 = Instant::now();
        let mut s = TickSchedule::new(50, t0);
        assert_eq!(s.due(t0 + Duration::from_millis(19)), None);
        assert_eq!(s.due(t0 + Duration::from_millis(20)), Some(20));
        assert_eq!(s.due(t0 + Duration::from_millis(95)), Some(60), "three frames at once");
        assert_eq!(s.due(t0 + Duration::from_millis(99)), None);
        assert_eq!(s.next_due(), t0 + Duration::from_millis(100));
    }

    #[test]
    fn a_long_stall_starts_the_schedule_again() {
        let t0 = Instant::now();
        let mut s = TickSchedule::new(50, t0);
        let later = t0 + Duration::from_secs(30);
        assert_eq!(s.due(later), Some(20), "one frame, not thirty seconds of them");
        assert_eq!(s.due(later + Duration::from_millis(19)), None);
        assert_eq!(s.due(later + Duration::from_millis(20)), Some(20));
    }
}
