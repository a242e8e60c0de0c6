//! Standard output as it is made: buffered, and flushed by a thread of its own once what is
//! written has waited `WAIT`, so that a slow run's answers reach the file or the pipe one by one
//! (a run cut short keeps them) while a fast run's go out in large writes.

use std::io::{self, BufWriter, Stdout, Write};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

/// How long written bytes may wait for more before they are flushed.
const WAIT: Duration = Duration::from_millis(100);

/// The output, shared with the thread that flushes it.
pub(crate) struct Flushed(Arc<(Mutex<Held>, Condvar)>);

struct Held {
	out: BufWriter<Stdout>,
	/// When the bytes waiting began to wait, if any do.
	since: Option<Instant>,
	/// Why the flusher's last flush failed (a closed pipe): the next write says it.
	failed: Option<io::Error>,
}

impl Flushed {
	/// Standard output, with a thread that flushes it (it ends with the process).
	pub(crate) fn stdout() -> Flushed {
		let held = Held {
			out: BufWriter::with_capacity(1 << 16, io::stdout()),
			since: None,
			failed: None,
		};
		let shared = Arc::new((Mutex::new(held), Condvar::new()));
		let flusher = shared.clone();
		// Without the thread (the system will not start one), the output is flushed when full.
		let _ = thread::Builder::new().spawn(move || flush_when_due(&flusher));
		Flushed(shared)
	}

	fn held(&self) -> MutexGuard<'_, Held> {
		self.0 .0.lock().unwrap_or_else(PoisonError::into_inner)
	}
}

/// Waits for bytes to be written, then `WAIT` longer, and flushes them; for ever.
fn flush_when_due(shared: &(Mutex<Held>, Condvar)) {
	let (held, written) = shared;
	let mut held = held.lock().unwrap_or_else(PoisonError::into_inner);
	loop {
		let wait = match held.since {
			None => None,
			Some(since) => WAIT.checked_sub(since.elapsed()),
		};
		held = match (held.since, wait) {
			(None, _) => written.wait(held).unwrap_or_else(PoisonError::into_inner),
			(Some(_), Some(wait)) => {
				let waited = written.wait_timeout(held, wait);
				waited.unwrap_or_else(PoisonError::into_inner).0
			}
			(Some(_), None) => {
				held.since = None;
				if let Err(e) = held.out.flush() {
					held.failed = Some(e);
				}
				held
			}
		};
	}
}

impl Write for Flushed {
	fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
		let mut held = self.held();
		if let Some(e) = held.failed.take() {
			return Err(e);
		}
		let written = held.out.write(bytes)?;
		if held.since.is_none() {
			held.since = Some(Instant::now());
			self.0 .1.notify_one();
		}
		Ok(written)
	}

	fn flush(&mut self) -> io::Result<()> {
		let mut held = self.held();
		held.since = None;
		match held.failed.take() {
			Some(e) => Err(e),
			None => held.out.flush(),
		}
	}
}
