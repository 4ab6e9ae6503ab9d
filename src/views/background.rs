//! Whether long work (judging a position, finding a winnable deal) runs on
//! threads of its own, for the interface running on this thread. The window
//! turns it on; headless runs (`parlour shot`, tests) leave it off, because
//! their frames must not depend on how soon a thread answers, so they do
//! the work at once or only when asked.

use std::cell::Cell;

thread_local! {
    static ON: Cell<bool> = const { Cell::new(false) };
}

/// Lets this thread's views hand long work to threads of their own.
pub fn allow(on: bool) {
    ON.set(on);
}

/// Whether this thread's views may hand long work to other threads.
pub fn allowed() -> bool {
    ON.get()
}
