//! The progress of a long run, when standard error is a terminal (and the answers go elsewhere):
//! from the run's first second on, one line on standard error, rewritten in place four times a
//! second (the puzzles done and how many a second; for --generate, the puzzle being made, its
//! givens tried and the time so far), cleared before each message and at the end.

use std::io::{self, Write};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{mpsc, Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

pub(crate) struct Progress {
	shown: bool,
	done: AtomicU64,
	/// The puzzles wanted (--generate), 0 for none.
	wanted: AtomicU64,
	/// The draw the output waits on (--generate).
	waited: Mutex<Arc<Tried>>,
	/// The length of the line on the screen (0: none), held while standard error is written.
	drawn: Mutex<usize>,
}

/// How many givens a draw has tried to take away (the high half), of how many (the low half).
#[derive(Default)]
pub(crate) struct Tried(AtomicU64);

impl Tried {
	/// `tried` givens of `of` tried, told by the thread making the draw.
	pub(crate) fn set(&self, tried: usize, of: usize) {
		self.0.store((tried as u64) << 32 | of as u64, Relaxed);
	}
}

impl Progress {
	/// The progress of a run, `shown` or not.
	pub(crate) fn new(shown: bool) -> Progress {
		Progress {
			shown,
			done: AtomicU64::new(0),
			wanted: AtomicU64::new(0),
			waited: Mutex::default(),
			drawn: Mutex::new(0),
		}
	}

	/// The output waits on the draw that tells `tried` now.
	pub(crate) fn waiting_on(&self, tried: Arc<Tried>) {
		*self.waited.lock().unwrap_or_else(PoisonError::into_inner) = tried;
	}

	/// One more puzzle done: answered, checked or made.
	pub(crate) fn one_more(&self) {
		self.done.fetch_add(1, Relaxed);
	}

	/// The puzzles wanted: the line says how many of them are made.
	pub(crate) fn wanted(&self, puzzles: u64) {
		self.wanted.store(puzzles, Relaxed);
	}

	/// Writes `bytes` on standard error, the line cleared first.
	fn say(&self, bytes: &[u8]) -> io::Result<()> {
		let mut drawn = self.drawn.lock().unwrap_or_else(PoisonError::into_inner);
		let mut err = io::stderr();
		if *drawn > 0 {
			err.write_all(format!("\r{:1$}\r", "", *drawn).as_bytes())?;
			*drawn = 0;
		}
		err.write_all(bytes)
	}

	/// Draws the line again, `elapsed` into the run.
	fn draw(&self, elapsed: Duration) {
		let done = self.done.load(Relaxed);
		let rate = done as f64 / elapsed.as_secs_f64();
		let rate = match rate < 10.0 {
			true => format!("{rate:.1}"),
			false => format!("{rate:.0}"),
		};
		let seconds = elapsed.as_secs();
		let clock = match seconds / 3600 {
			0 => format!("{}:{:02}", seconds / 60, seconds % 60),
			hours => format!("{hours}:{:02}:{:02}", seconds / 60 % 60, seconds % 60),
		};
		let told = self
			.waited
			.lock()
			.unwrap_or_else(PoisonError::into_inner)
			.0
			.load(Relaxed);
		let line = match (self.wanted.load(Relaxed), told >> 32, told as u32) {
			(0, ..) => format!("puzzles done: {done} ({rate} a second)"),
			(wanted, tried, of) => {
				let making = format!("making puzzle {} of {wanted}", (done + 1).min(wanted));
				match of {
					0 => format!("{making}, {clock}"),
					_ => format!("{making}: {tried} of {of} givens tried, {clock}"),
				}
			}
		};
		let mut drawn = self.drawn.lock().unwrap_or_else(PoisonError::into_inner);
		let text = format!("\r{line:0$}", *drawn);
		if io::stderr().write_all(text.as_bytes()).is_ok() {
			*drawn = line.len();
		}
	}
}

/// Messages on standard error, each written whole, the progress line cleared first.
pub(crate) struct Messages<'a>(pub(crate) &'a Progress);

impl Write for Messages<'_> {
	fn write(&mut self, message: &[u8]) -> io::Result<usize> {
		self.0.say(message)?;
		Ok(message.len())
	}

	fn flush(&mut self) -> io::Result<()> {
		Ok(())
	}
}

/// Runs `body` while another thread draws the line, if it is shown; it is cleared at the end.
pub(crate) fn showing<R>(progress: &Progress, body: impl FnOnce() -> R) -> R {
	let (over, ticks) = mpsc::channel::<()>();
	thread::scope(|scope| {
		if progress.shown {
			scope.spawn(move || {
				let start = Instant::now();
				let quarter = Duration::from_millis(250);
				while ticks.recv_timeout(quarter) == Err(mpsc::RecvTimeoutError::Timeout) {
					if start.elapsed() >= Duration::from_secs(1) {
						progress.draw(start.elapsed());
					}
				}
				let _ = progress.say(b"");
			});
		}
		let result = body();
		drop(over);
		result
	})
}
