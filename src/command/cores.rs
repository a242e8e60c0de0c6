//! Work on every core: jobs handed to worker threads a batch at a time, what each finds taken
//! back in the order the jobs came, so that the output is the same for any number of threads.
//! With one job at a time there is no thread: a job is worked on when what it finds is taken.
//! The workers are not waited for: once the answers are written (or cannot be), the run ends at
//! once, a job begun or not. Here too are the jobs of the modes that answer puzzles (a puzzle,
//! and what its work finds), and the one look-ahead: how far the jobs handed on run ahead of
//! what is taken.

use super::puzzles::Squares;
use super::search::Grid;
use std::cell::RefCell;
use std::collections::VecDeque;
use std::io;
use std::mem::replace;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread;

/// The stack of each thread that searches, with room to spare: the deepest search of every
/// size, an empty 25x25 grid's, takes less than 256 KiB (a thread gets 2 MiB unless told).
pub(crate) const STACK: usize = 64 << 20;

/// Pieces read ahead of the one written, for each worker: enough that none waits for work.
pub(crate) const AHEAD: usize = 128;

/// Bytes of text read ahead of the piece written, at most (besides that piece): memory stays
/// bounded whatever the input.
pub(crate) const AHEAD_BYTES: usize = 1 << 18;

/// The things a batch's jobs have found that go back together, at most, besides three for each
/// job (a puzzle, --explain's steps, the end): a worker far ahead waits on more (--all's
/// solutions), and memory stays bounded.
const WAITING: usize = 16;

/// A job of the modes that answer puzzles: the puzzle itself, which goes to a worker and comes
/// back, first of what its work finds.
pub(crate) type Job = Box<dyn Squares>;

/// What the work on a puzzle finds, in this order: the puzzle, then what its mode says of it.
pub(crate) enum Found {
	/// The puzzle back, first; its blanks filled in where its mode writes it solved.
	Puzzle(Box<dyn Squares>),
	/// A line said of it (its count, its rating), or before it (--explain's steps).
	Said(String),
	/// One of its solutions (--all), smallest first, each square's symbol from 1.
	Solution(Grid),
	/// It has no solution: the last thing found.
	Unsolvable,
}

/// What the work on a puzzle finds, to be taken.
pub(crate) type Coming<'w> = Ticket<'w, Job, Found>;

/// Why a puzzle whose worker is gone (it panicked, and said so) is not answered: the run fails,
/// no puzzle left out in silence.
pub(crate) fn worker_gone() -> io::Error {
	io::Error::other("a worker stopped")
}

/// A job's work: it hands each thing it finds to `found` while `found` says go on.
pub(crate) type Work<J, T> = Arc<dyn Fn(J, &mut dyn FnMut(T) -> bool) + Send + Sync>;

/// Jobs sent to a worker together, where what they find goes (each job's findings, then None;
/// many at a time: one wake-up a batch, not one a finding), and the job told to stop (k + 1 for
/// job k; 0 none).
type Batch<J, T> = (Vec<J>, SyncSender<Vec<Option<T>>>, Arc<AtomicUsize>);

/// What a batch's jobs find, coming back: the messages to come, the rest of the last one taken,
/// and the job told to stop.
pub(crate) struct Returns<T> {
	found: Receiver<Vec<Option<T>>>,
	taken: RefCell<std::vec::IntoIter<Option<T>>>,
	stop: Arc<AtomicUsize>,
}

impl<T> Returns<T> {
	/// The next thing found, None at a job's end (or when the worker is gone).
	fn next(&self) -> Option<T> {
		let mut taken = self.taken.borrow_mut();
		loop {
			match taken.next() {
				Some(found) => return found,
				None => *taken = self.found.recv().ok()?.into_iter(),
			}
		}
	}
}

/// The workers, or none: then each job is worked on, on this thread, when it is taken.
pub(crate) struct Workers<J, T> {
	hand: Option<Sender<Batch<J, T>>>,
	work: Work<J, T>,
	threads: usize,
	/// Jobs in a batch at most (small jobs go together: less to wait on).
	batch: usize,
	gathered: RefCell<Gathered<J, T>>,
}

/// The batch being gathered, if any, and where what it finds comes.
type Gathered<J, T> = Option<(Batch<J, T>, Rc<Returns<T>>)>;

/// What a job finds, to be taken: worked on then (no workers), or coming from a worker.
pub(crate) enum Ticket<'a, J, T> {
	Later(J, &'a Workers<J, T>),
	/// Sent with its batch, whose findings come back; its place in it.
	Sent(&'a Workers<J, T>, Rc<Returns<T>>, usize),
}

impl<J: Send, T: Send> Ticket<'_, J, T> {
	/// Hands each thing the job finds to `found`, in turn, while it says go on (waiting for it).
	pub(crate) fn take(self, found: &mut dyn FnMut(T) -> bool) {
		match self {
			Ticket::Later(job, workers) => (workers.work)(job, found),
			Ticket::Sent(workers, returns, k) => {
				workers.send(Some(&returns));
				let mut going = true;
				while let Some(t) = returns.next() {
					if going && !found(t) {
						going = false;
						returns.stop.store(k + 1, Ordering::Relaxed);
					}
				}
			}
		}
	}
}

impl<J: Send, T: Send> Workers<J, T> {
	/// Hands a job on; what it finds comes with the ticket.
	pub(crate) fn hand(&self, job: J) -> Ticket<'_, J, T> {
		if self.hand.is_none() {
			return Ticket::Later(job, self);
		}
		let mut gathered = self.gathered.borrow_mut();
		let ((jobs, ..), returns) = gathered.get_or_insert_with(|| {
			// Room for a job alone's finding and its end: its worker goes on to the next job
			// without waiting for the taker.
			let (sender, found) = mpsc::sync_channel(2);
			let stop = Arc::new(AtomicUsize::new(0));
			let batch = (Vec::with_capacity(self.batch), sender, stop.clone());
			let taken = RefCell::new(Vec::new().into_iter());
			(batch, Rc::new(Returns { found, taken, stop }))
		});
		jobs.push(job);
		let (k, returns) = (jobs.len() - 1, returns.clone());
		drop(gathered);
		if k + 1 == self.batch {
			self.send(None);
		}
		Ticket::Sent(self, returns, k)
	}

	/// Hands on a job in a batch of its own, after the batch gathered (a large puzzle, slower:
	/// what it finds comes back as it is found).
	pub(crate) fn hand_alone(&self, job: J) -> Ticket<'_, J, T> {
		self.send(None);
		let ticket = self.hand(job);
		self.send(None);
		ticket
	}

	/// Sends the batch gathered, if it is the one of `returns` (or any, for None).
	fn send(&self, returns: Option<&Rc<Returns<T>>>) {
		let mut gathered = self.gathered.borrow_mut();
		let theirs =
			|(_, mine): &(_, Rc<_>)| returns.map_or(true, |returns| Rc::ptr_eq(returns, mine));
		if gathered.as_ref().is_some_and(theirs) {
			if let (Some((batch, _)), Some(hand)) = (gathered.take(), &self.hand) {
				let _ = hand.send(batch); // no worker left: the tickets find nothing
			}
		}
	}
}

/// The one look-ahead: what is handed on waits in order, each thing with its bytes of text, and
/// is due once more than `each` things a worker, or `AHEAD_BYTES` bytes, wait behind it. With no
/// worker, each is due at once: each job is worked on as it comes, as one thread does.
pub(crate) struct Ahead<W> {
	waiting: VecDeque<(W, usize)>,
	bytes: usize,
	/// The things that may wait (0: none).
	most: usize,
}

impl<W> Ahead<W> {
	pub(crate) fn new<J, T>(workers: &Workers<J, T>, each: usize) -> Ahead<W> {
		Ahead {
			waiting: VecDeque::new(),
			bytes: 0,
			most: each * workers.threads,
		}
	}

	/// Adds `waits`, which holds `bytes` bytes of text, after those waiting.
	pub(crate) fn push(&mut self, waits: W, bytes: usize) {
		self.bytes += bytes;
		self.waiting.push_back((waits, bytes));
	}

	/// The first thing waiting, if it is due.
	pub(crate) fn due(&mut self) -> Option<W> {
		match self.waiting.len() > self.most || self.most > 0 && self.bytes > AHEAD_BYTES {
			true => self.first(),
			false => None,
		}
	}

	/// The first thing waiting, due or not (at the end, or before a read that may wait).
	pub(crate) fn first(&mut self) -> Option<W> {
		let (waits, bytes) = self.waiting.pop_front()?;
		self.bytes -= bytes;
		Some(waits)
	}
}

/// Runs `body` with `jobs` workers doing `work`, `batch` jobs at a time (none for one job at a
/// time: then no thread starts); the workers end after `body`, a job begun or not (they are
/// not waited for). Fewer start if the system will not start them all.
pub(crate) fn with_workers<J: Send + 'static, T: Send + 'static, R>(
	(jobs, batch): (usize, usize),
	work: Work<J, T>,
	body: impl FnOnce(&Workers<J, T>) -> R,
) -> R {
	let (hand, queue) = mpsc::channel();
	let (queue, over) = (
		Arc::new(Mutex::new(queue)),
		Arc::new(AtomicBool::new(false)),
	);
	let threads = if jobs > 1 { jobs } else { 0 };
	let started = (0..threads)
		.filter(|_| {
			let (queue, over, work) = (queue.clone(), over.clone(), work.clone());
			let worker = thread::Builder::new().stack_size(STACK);
			let serving = worker.spawn(move || serve(&queue, &over, work));
			serving.is_ok()
		})
		.count();
	let workers = Workers {
		hand: Some(hand).filter(|_| started > 0),
		work,
		threads: started,
		batch,
		gathered: RefCell::new(None),
	};
	let result = body(&workers);
	over.store(true, Ordering::Relaxed);
	result
}

/// A worker: takes each batch in turn and hands on what its jobs find, until the batches end.
fn serve<J, T>(queue: &Mutex<Receiver<Batch<J, T>>>, over: &AtomicBool, work: Work<J, T>) {
	loop {
		let next = match queue.lock() {
			Ok(queue) => queue.recv(),
			Err(_) => return,
		};
		let (jobs, found, stop) = match next {
			Ok(batch) if !over.load(Ordering::Relaxed) => batch,
			_ => return,
		};
		// A job alone (a large puzzle, slower) hands back each thing as it comes.
		let most = match jobs.len() {
			1 => 1,
			n => 3 * n + WAITING,
		};
		let (mut held, mut gone) = (Vec::with_capacity(most), false);
		let mut hand_back = |held: &mut Vec<_>, t| {
			held.push(t);
			let full = held.len() >= most;
			gone = gone || full && found.send(replace(held, Vec::with_capacity(most))).is_err();
			!gone // the taker gone: nothing to hand back to
		};
		for (k, job) in jobs.into_iter().enumerate() {
			let stopped = || stop.load(Ordering::Relaxed) == k + 1;
			work(job, &mut |t| !stopped() && hand_back(&mut held, Some(t)));
			if !hand_back(&mut held, None) {
				break;
			}
		}
		if !held.is_empty() {
			let _ = found.send(held);
		}
	}
}
