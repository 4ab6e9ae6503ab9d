//! Where long work (judging a position, finding a winnable deal) is done,
//! for the interface running on this thread. The window hands it to
//! threads of their own; headless runs do it on their own thread, because
//! their frames must not depend on how soon a thread answers: `parlour
//! shot` and `parlour sheet` all of it at once, tests and pictures only
//! what is asked for.

use std::cell::{Cell, RefCell};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

/// Where this thread's views do long work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Work {
    /// On threads of their own: the window, which never waits for it.
    Threads,
    /// At once, on this thread: a shot shows what the window shows once
    /// its threads have answered (the solver's verdict).
    AtOnce,
    /// Only what is asked for (a hint, a deal), at once: a picture of a
    /// game's opening (`parlour capture`, the launcher's picture of a game
    /// without one) shows no verdict and waits for none, and tests wait
    /// for no search they are not about.
    WhenAsked,
}

thread_local! {
    static WORK: Cell<Work> = const { Cell::new(Work::WhenAsked) };
    static PROGRESS: RefCell<Option<Arc<AtomicU64>>> = const { RefCell::new(None) };
}

/// Has the searches this thread does at once ([`Work::AtOnce`]) publish
/// the positions they expand in `counter`, for another thread to show
/// (`parlour shot` on a terminal); `None` stops it.
pub fn publish_progress(counter: Option<Arc<AtomicU64>>) {
    PROGRESS.set(counter);
}

/// Where this thread's searches publish their progress, if anywhere (see
/// [`publish_progress`]).
pub fn progress() -> Option<Arc<AtomicU64>> {
    PROGRESS.with_borrow(Clone::clone)
}

/// Sets where this thread's views do long work.
pub fn set(work: Work) {
    WORK.set(work);
}

/// Where this thread's views do long work.
pub fn work() -> Work {
    WORK.get()
}

/// Lets this thread's views hand long work to threads of their own, or
/// has them do only what is asked for.
pub fn allow(on: bool) {
    set(if on { Work::Threads } else { Work::WhenAsked });
}

/// Whether this thread's views may hand long work to other threads.
pub fn allowed() -> bool {
    work() == Work::Threads
}

/// What a status line says while a hint is searched for on a [`Job`].
pub const THINKING: &str = "Thinking...";

/// Long work on a thread of its own, which a view polls at its ticks so
/// no frame waits for it. Dropping the job stops the work (the flag it
/// was handed is raised), so an answer nobody wants any more is not
/// worked out.
pub struct Job<T> {
    answer: Receiver<T>,
    stop: Arc<AtomicBool>,
}

impl<T: Send + 'static> Job<T> {
    /// Starts `work` on a thread called `name`, handing it the flag that
    /// asks it to stop; `None` where no thread can be made.
    pub fn spawn(name: &str, work: impl FnOnce(Arc<AtomicBool>) -> T + Send + 'static) -> Option<Job<T>> {
        let (tx, answer) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let spawned = std::thread::Builder::new().name(name.into()).spawn(move || {
            let _ = tx.send(work(flag));
        });
        spawned.ok().map(|_| Job { answer, stop })
    }

    /// The answer, once it has come: `Empty` while the work goes on,
    /// `Disconnected` if it ended without one.
    pub fn poll(&self) -> Result<T, TryRecvError> {
        self.answer.try_recv()
    }
}

impl<T> Drop for Job<T> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}
