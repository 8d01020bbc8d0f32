//! The threads that help a kernel's dispatches (`Dispatch::threads`): kept
//! parked between dispatches instead of started per dispatch.
//!
//! A dispatch offers its work to `helpers` threads and runs it on the
//! calling thread too. The work is a loop taking batches of workgroups from
//! a shared counter until none is left, so a helper that starts late finds
//! less to do, or nothing, and no helper has to start at all: when the
//! caller's own loop ends it withdraws the offer and waits only for the
//! helpers that took it. A thread started per dispatch
//! (`std::thread::scope`) had to be waited for even when it found no work:
//! on a busy machine it waits for a core first, and a dispatch of a few
//! workgroups took 1-2 ms at two threads against 16 us at one
//! (docs/performance.md, "Session 21 (h6)"). Parked threads also keep what
//! they allocated per thread (the barrier kernels' frame arena,
//! `jit::frames`) from one dispatch to the next.
//!
//! A panic in the work, on a helper or on the caller, is caught, every
//! helper that took the work is waited for, and then the panic goes on in
//! the caller, as `std::thread::scope` does; the helpers stay usable.
//! Dropping the pool stops and joins its threads.

use std::{
    any::Any,
    collections::VecDeque,
    panic::{self, AssertUnwindSafe},
    sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError},
    thread::JoinHandle,
};

/// The work of one dispatch: run by the caller and by each helper that
/// takes it; it owns (or points at, for as long as [`Pool::run`] lasts)
/// what it needs.
pub(crate) type Work = Arc<dyn Fn() + Send + Sync>;

/// Threads parked between the dispatches of one kernel.
pub(crate) struct Pool {
    shared: Arc<Shared>,
    /// The helpers, started as dispatches ask for more of them.
    threads: Mutex<Vec<JoinHandle<()>>>,
}

/// What the pool and its threads share.
struct Shared {
    state: Mutex<State>,
    /// Signalled when work is offered and at shutdown.
    wake: Condvar,
}

#[derive(Default)]
struct State {
    /// Work not yet taken by as many helpers as offered, oldest first.
    offers: VecDeque<Offer>,
    /// Set by `Drop`: the threads return.
    shutdown: bool,
}

/// Work offered to `left` more helpers.
struct Offer {
    task: Arc<Task>,
    left: usize,
}

/// One offered piece of work and who runs it.
struct Task {
    work: Work,
    state: Mutex<TaskState>,
    /// Signalled when a helper finishes the work.
    done: Condvar,
}

#[derive(Default)]
struct TaskState {
    /// Helpers that took the work and have not finished it.
    running: usize,
    /// The first panic of a helper running the work.
    panic: Option<Box<dyn Any + Send>>,
}

/// A lock that a panic elsewhere does not make unusable: no work runs while
/// a lock is held, so the state behind it is always consistent.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Pool {
    /// A pool without threads; [`Self::run`] starts them when first asked.
    pub(crate) fn new() -> Self {
        Self { shared: Arc::new(Shared { state: Mutex::new(State::default()), wake: Condvar::new() }), threads: Mutex::default() }
    }

    /// How many helper threads the pool has.
    #[cfg(test)]
    pub(crate) fn threads(&self) -> usize {
        lock(&self.threads).len()
    }

    /// Runs `work` on the calling thread and offers it to `helpers` parked
    /// threads (started if the pool has fewer); returns when the caller's
    /// run has returned and every helper that took the work has finished
    /// it. A panic of any of them is resumed here, after that.
    pub(crate) fn run(&self, helpers: usize, work: Work) {
        if helpers == 0 {
            work();
            return;
        }
        self.grow(helpers);
        let task = Arc::new(Task { work, state: Mutex::default(), done: Condvar::new() });
        lock(&self.shared.state).offers.push_back(Offer { task: Arc::clone(&task), left: helpers });
        if helpers == 1 {
            self.shared.wake.notify_one();
        } else {
            self.shared.wake.notify_all();
        }
        let mine = panic::catch_unwind(AssertUnwindSafe(|| (task.work)()));
        // No helper takes the work after this; those that took it are
        // counted in `running` (a helper counts itself before it lets go of
        // the pool's lock).
        lock(&self.shared.state).offers.retain(|offer| !Arc::ptr_eq(&offer.task, &task));
        let mut state = lock(&task.state);
        while state.running > 0 {
            state = task.done.wait(state).unwrap_or_else(PoisonError::into_inner);
        }
        let theirs = state.panic.take();
        drop(state);
        if let Err(payload) = mine {
            panic::resume_unwind(payload);
        }
        if let Some(payload) = theirs {
            panic::resume_unwind(payload);
        }
    }

    /// Starts threads until the pool has `count`. One that cannot be
    /// started (the system's limit) is left out: the caller runs the work.
    fn grow(&self, count: usize) {
        let mut threads = lock(&self.threads);
        while threads.len() < count {
            let shared = Arc::clone(&self.shared);
            let started =
                std::thread::Builder::new().name("spirv-run worker".into()).spawn(move || helper(&shared));
            match started {
                Ok(thread) => threads.push(thread),
                Err(_) => break,
            }
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        lock(&self.shared.state).shutdown = true;
        self.shared.wake.notify_all();
        for thread in lock(&self.threads).drain(..) {
            // A helper's panics are caught around the work: it returns.
            let _ = thread.join();
        }
    }
}

/// A helper thread: takes offered work until the pool is dropped.
fn helper(shared: &Shared) {
    let mut state = lock(&shared.state);
    loop {
        if let Some(offer) = state.offers.front_mut() {
            let task = Arc::clone(&offer.task);
            offer.left -= 1;
            if offer.left == 0 {
                state.offers.pop_front();
            }
            lock(&task.state).running += 1;
            drop(state);
            let result = panic::catch_unwind(AssertUnwindSafe(|| (task.work)()));
            let mut task_state = lock(&task.state);
            task_state.running -= 1;
            if let Err(payload) = result {
                task_state.panic.get_or_insert(payload);
            }
            drop(task_state);
            task.done.notify_all();
            // The work (and what it holds) is let go of before parking.
            drop(task);
            state = lock(&shared.state);
        } else if state.shutdown {
            return;
        } else {
            state = shared.wake.wait(state).unwrap_or_else(PoisonError::into_inner);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Work that counts its runs and, once, panics on whichever thread runs
    /// it second.
    #[test]
    fn panics_reach_the_caller_and_the_pool_goes_on() {
        let pool = Pool::new();
        for round in 0..200 {
            let helpers = round % 4;
            let items = Arc::new(AtomicUsize::new(0));
            let done = Arc::new(AtomicUsize::new(0));
            let work: Work = {
                let (items, done) = (Arc::clone(&items), Arc::clone(&done));
                Arc::new(move || {
                    while items.fetch_add(1, Ordering::Relaxed) < 1000 {
                        done.fetch_add(1, Ordering::Relaxed);
                    }
                })
            };
            pool.run(helpers, work);
            assert_eq!(done.load(Ordering::Relaxed), 1000, "round {round}: every item once");
        }
        assert_eq!(pool.threads(), 3);
        for helpers in [0, 1, 3] {
            let calls = Arc::new(AtomicUsize::new(0));
            let work: Work = {
                let calls = Arc::clone(&calls);
                Arc::new(move || {
                    // The first thread to run it panics: the caller or a
                    // helper, whichever comes first.
                    if calls.fetch_add(1, Ordering::SeqCst) == 0 {
                        panic!("work failed");
                    }
                })
            };
            let caught = panic::catch_unwind(AssertUnwindSafe(|| pool.run(helpers, work)));
            let payload = caught.expect_err("the panic reaches the caller");
            assert_eq!(payload.downcast_ref::<&str>(), Some(&"work failed"));
        }
        let ran = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&ran);
        pool.run(2, Arc::new(move || _ = counter.fetch_add(1, Ordering::SeqCst)));
        assert!(ran.load(Ordering::SeqCst) >= 1, "the pool still runs work after the panics");
        drop(pool);
    }

    /// Several callers share one pool at once; each gets its own work's
    /// results, and dropping the pool joins its threads.
    #[test]
    fn concurrent_callers() {
        let pool = Pool::new();
        std::thread::scope(|scope| {
            for caller in 0..4usize {
                let pool = &pool;
                scope.spawn(move || {
                    for round in 0..100 {
                        let sum = Arc::new(AtomicUsize::new(0));
                        let next = Arc::new(AtomicUsize::new(0));
                        let work: Work = {
                            let (sum, next) = (Arc::clone(&sum), Arc::clone(&next));
                            Arc::new(move || loop {
                                let item = next.fetch_add(1, Ordering::Relaxed);
                                if item >= 100 {
                                    break;
                                }
                                sum.fetch_add(item, Ordering::Relaxed);
                            })
                        };
                        pool.run(1 + (caller + round) % 3, work);
                        assert_eq!(sum.load(Ordering::Relaxed), 4950);
                    }
                });
            }
        });
        let threads = pool.threads();
        assert_eq!(threads, 3);
        drop(pool);
    }
}
