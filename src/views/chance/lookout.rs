//! Whether anything can still be laid off, judged after every move: a
//! quick search at once, which settles most positions, and when it cannot
//! tell, a thorough one on a thread of its own, so play never waits for
//! it. A new position drops the search of the old one.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use crate::solitaire::chance::{Prospect, lay_off_prospect};
use crate::solitaire::engine::Solitaire;

/// Positions the quick search may look at: a few milliseconds.
const QUICK: usize = 3_000;
/// Positions the thorough search may look at: a few seconds of one core
/// and some 40 MB at most. Positions that need more are left undecided:
/// the game simply goes on.
const THOROUGH: usize = 300_000;

/// A thorough search under way.
struct Pending {
    answer: Receiver<Prospect>,
    stop: Arc<AtomicBool>,
}

#[derive(Default)]
pub struct Lookout {
    pending: Option<Pending>,
}

impl Lookout {
    /// Starts judging `state`: the answer when the quick search has one,
    /// else `None` while the thorough search goes on (see [`poll`](Lookout::poll)).
    pub fn judge(&mut self, state: &Solitaire) -> Option<Prospect> {
        self.cancel();
        match lay_off_prospect(state, QUICK, &AtomicBool::new(false)) {
            Prospect::Unknown => {
                let (tx, answer) = channel();
                let stop = Arc::new(AtomicBool::new(false));
                let (state, flag) = (state.clone(), Arc::clone(&stop));
                let spawned = std::thread::Builder::new().name("lay-off search".into()).spawn(move || {
                    let _ = tx.send(lay_off_prospect(&state, THOROUGH, &flag));
                });
                // Without a thread the position stays undecided.
                self.pending = spawned.ok().map(|_| Pending { answer, stop });
                None
            }
            known => Some(known),
        }
    }

    /// The thorough search's answer, once (`None` while it runs, or when
    /// there is none).
    pub fn poll(&mut self) -> Option<Prospect> {
        let p = self.pending.as_ref()?;
        match p.answer.try_recv() {
            Ok(answer) => {
                self.pending = None;
                Some(answer)
            }
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => {
                self.pending = None;
                None
            }
        }
    }

    /// Whether a thorough search is under way.
    pub fn searching(&self) -> bool {
        self.pending.is_some()
    }

    /// Drops the search under way (the position changed).
    pub fn cancel(&mut self) {
        if let Some(p) = self.pending.take() {
            p.stop.store(true, Ordering::Relaxed);
        }
    }
}

impl Drop for Lookout {
    fn drop(&mut self) {
        self.cancel();
    }
}
