//! Work on every core: jobs handed to worker threads as they come, what each finds taken back in
//! the order the jobs came, so that the output is the same for any number of threads. With one
//! job at a time there is no thread: a job is worked on when what it finds is taken.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, SyncSender};
use std::sync::Mutex;
use std::thread;

/// The stack of each thread that searches. The deepest search of every size, a 25x25 grid with
/// its 625 squares each a board deep, takes about 8 MiB (a thread gets 2 MiB unless told).
pub(crate) const STACK: usize = 64 << 20;

/// The things a job has found that wait to be taken, at most (--all's solutions): a worker
/// far ahead waits, and memory stays bounded.
const WAITING: usize = 16;

/// Puzzles read ahead of the one written, for each worker: enough that none waits for work.
pub(crate) const AHEAD: usize = 64;

/// Bytes of text read ahead of the piece written, at most (besides that piece): memory stays
/// bounded whatever the input.
pub(crate) const AHEAD_BYTES: usize = 1 << 20;

/// A job's work: it hands each thing it finds to `found` while `found` says go on.
pub(crate) type Work<'w, J, T> = &'w (dyn Fn(J, &mut dyn FnMut(T) -> bool) + Sync);

/// The workers, or none: then each job is worked on, on this thread, when it is taken.
pub(crate) struct Workers<'w, J, T> {
    hand: Option<Sender<(J, SyncSender<T>)>>,
    work: Work<'w, J, T>,
    threads: usize,
}

/// What a job finds, to be taken: worked on then (no workers), or coming from a worker.
pub(crate) enum Ticket<'w, J, T> {
    Later(J, Work<'w, J, T>),
    Coming(Receiver<T>),
}

impl<J, T> Ticket<'_, J, T> {
    /// Hands each thing the job finds to `found`, in turn, while it says go on (waiting for it).
    pub(crate) fn take(self, found: &mut dyn FnMut(T) -> bool) {
        match self {
            Ticket::Later(job, work) => work(job, found),
            Ticket::Coming(coming) => {
                let _ = coming.iter().try_for_each(|t| found(t).then_some(()));
            }
        }
    }
}

impl<'w, J: Send, T: Send> Workers<'w, J, T> {
    /// Hands a job on; what it finds comes with the ticket.
    pub(crate) fn hand(&self, job: J) -> Ticket<'w, J, T> {
        let (found, coming) = mpsc::sync_channel(WAITING);
        match &self.hand {
            Some(hand) => match hand.send((job, found)) {
                Ok(()) => Ticket::Coming(coming),
                Err(mpsc::SendError((job, _))) => Ticket::Later(job, self.work),
            },
            None => Ticket::Later(job, self.work),
        }
    }

    /// How many jobs to hand on ahead of the one taken, `each` a worker: none without workers
    /// (each job is worked on as it comes, as one thread does).
    pub(crate) fn ahead(&self, each: usize) -> usize {
        each * self.threads
    }
}

/// Runs `body` with `jobs` workers doing `work` (none for one job at a time: then no thread
/// starts); the workers end with `body`, jobs not begun dropped. Fewer start if the system
/// will not start them all.
pub(crate) fn with_workers<J: Send, T: Send, R>(
    jobs: usize,
    work: Work<J, T>,
    body: impl FnOnce(&Workers<J, T>) -> R,
) -> R {
    let (hand, queue) = mpsc::channel();
    let (queue, over) = (Mutex::new(queue), AtomicBool::new(false));
    thread::scope(|scope| {
        let threads = if jobs > 1 { jobs } else { 0 };
        let started = (0..threads)
            .filter(|_| {
                let worker = thread::Builder::new().stack_size(STACK);
                let serving = worker.spawn_scoped(scope, || serve(&queue, &over, work));
                serving.is_ok()
            })
            .count();
        let workers = Workers {
            hand: Some(hand).filter(|_| started > 0),
            work,
            threads: started,
        };
        let result = body(&workers);
        over.store(true, Ordering::Relaxed);
        result
    })
}

/// A worker: takes each job in turn and hands on what it finds, until the jobs end.
fn serve<J, T>(queue: &Mutex<Receiver<(J, SyncSender<T>)>>, over: &AtomicBool, work: Work<J, T>) {
    loop {
        let next = match queue.lock() {
            Ok(queue) => queue.recv(),
            Err(_) => return,
        };
        match next {
            Ok((job, found)) if !over.load(Ordering::Relaxed) => {
                work(job, &mut |t| found.send(t).is_ok())
            }
            _ => return,
        }
    }
}
