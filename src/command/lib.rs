//! The `sudoku` command: the judge programs' reading, search and writing (`src/main.rs` for 9x9
//! and `src/every_size.rs` for every size, included as modules, reached through what they mark
//! `pub`) over files, on every core, and the tools: counting solutions, writing every solution,
//! generating puzzles, checking answers, explaining and rating puzzles.
//!
//! The package's library: the command (bin/sudoku.rs), the tests and the benchmark link
//! it, so each judge file is built once for all three.

#[path = "../main.rs"]
#[allow(dead_code)] // the judge program's own `main`, which reads standard input only
pub mod judge;

#[path = "../every_size.rs"]
#[allow(dead_code)] // the judge program's own `main`
pub mod every_size;

mod all;
mod answer;
mod checker;
mod cores;
mod explain;
mod flushed;
mod generate;
mod inputs;
mod manual;
mod options;
mod progress;
mod puzzles;
mod random;
mod reading;
mod rules;
mod search;

// For the tests: the generator's pass (against their plain one) and splitmix64.
pub use generate::proper;
pub use random::Random;

use answer::Mode;
use flushed::Flushed;
use inputs::{fail, finish, output_failed, Io};
use options::{Given, Name};
use progress::{Messages, Progress};
use reading::Only;
use std::ffi::OsString;
use std::io::{self, IsTerminal, Read, Write};

/// Runs the command on the process's arguments and standard streams; the exit status.
pub fn process() -> i32 {
	let args: Vec<OsString> = std::env::args_os().skip(1).collect();
	let shown = io::stderr().is_terminal() && !io::stdout().is_terminal();
	let typed = io::stdin().is_terminal();
	// With one job at a time, the searches run on this thread: it gets a worker's stack.
	let command = std::thread::Builder::new()
		.stack_size(cores::STACK)
		.spawn(move || {
			let progress = Progress::new(shown);
			progress::showing(&progress, || {
				let mut stdin = Typed {
					stdin: io::stdin().lock(),
					typed,
				};
				let mut out = Flushed::stdout();
				let err = &mut Messages(&progress);
				command(
					&args,
					Io {
						stdin: &mut stdin,
						out: &mut out,
						err,
					},
					&progress,
				)
			})
		});
	command.map_or(2, |command| command.join().unwrap_or(2))
}

/// Standard input; when it is a terminal, its first read says first that the puzzles are read
/// there, where a person would wait on a silent program.
struct Typed {
	stdin: io::StdinLock<'static>,
	typed: bool,
}

impl Read for Typed {
	fn read(&mut self, bytes: &mut [u8]) -> io::Result<usize> {
		if std::mem::take(&mut self.typed) {
			let said =
				"sudoku: reading puzzles from standard input (Ctrl-D ends it; sudoku --help \
                        tells more)\n";
			let _ = io::stderr().write_all(said.as_bytes());
		}
		self.stdin.read(bytes)
	}
}

/// Runs the command on `args` (without its name), as it runs with standard error a file; the
/// exit status.
pub fn run(
	args: &[OsString],
	stdin: &mut dyn Read,
	out: &mut dyn Write,
	err: &mut dyn Write,
) -> i32 {
	command(args, Io { stdin, out, err }, &Progress::new(false))
}

/// Runs the command on `args`, its progress told to `progress`; the exit status.
fn command(args: &[OsString], io: Io, progress: &Progress) -> i32 {
	let given = match options::parse(args).and_then(|given| match options::clash(&given) {
		Some(why) => Err(why),
		None => Ok(given),
	}) {
		Ok(given) => given,
		Err(why) => return fail(io.err, format!("sudoku: {why} (try sudoku --help)\n")),
	};
	let value = |name| given.value(name).unwrap_or(0);
	// A side asked for, or none (`--size any`, the default): each puzzle's own.
	let files = &given.files;
	let only = Some(value(Name::Size) as usize)
		.filter(|&side| side > 0)
		.map(|side| Only {
			side,
			why: " (without --size, each puzzle is read at the size its text shows)",
		});
	let nine = Some(Only {
		side: 9,
		why: " (--explain and --rate are for 9x9 puzzles only)",
	});
	let jobs = match value(Name::Jobs) {
		0 => std::thread::available_parallelism().map_or(1, |cores| cores.get()),
		jobs => jobs as usize,
	};
	let limit = value(Name::Limit);
	let (mode, only) = match given.mode() {
		_ if given.has(Name::Help) => return show(io, options::usage()),
		_ if given.has(Name::Manual) => return show(io, manual::man_page()),
		_ if given.has(Name::Completions) => {
			return show(io, manual::completions(value(Name::Completions)))
		}
		_ if given.has(Name::Version) => {
			return show(io, format!("sudoku {}\n", env!("CARGO_PKG_VERSION")))
		}
		Some(Name::Generate) => {
			// 9 unless asked; never `any` (0): the rules refuse it with --generate.
			let side = given.value(Name::Size).unwrap_or(9) as usize;
			return generate(&given, side, jobs, io, progress);
		}
		Some(Name::Check) => {
			let form = match given.form() {
				Some(Name::Testlib) => checker::Form::Testlib,
				Some(Name::Kattis) => checker::Form::Kattis,
				_ => checker::Form::Own,
			};
			let smallest = given.has(Name::Smallest);
			let how = checker::How {
				only,
				smallest,
				jobs,
			};
			return checker::check_answers(files, form, how, io, progress);
		}
		Some(Name::Explain) => (Mode::Explain, nine),
		Some(Name::Rate) => (Mode::Rate, nine),
		Some(Name::Count) => (Mode::Count(limit), only),
		Some(Name::All) => (Mode::All(limit), only),
		_ => (Mode::Solve, only),
	};
	answer::answer_each(files, only, mode, jobs, io, progress)
}

/// Generates the puzzles `given` asks for, of side `side`; the exit status. Without a seed, it
/// says the one it takes from the clock.
fn generate(given: &Given, side: usize, jobs: usize, io: Io, progress: &Progress) -> i32 {
	let wanted = generate::Wanted {
		puzzles: given.value(Name::Generate).unwrap_or_default(),
		side,
		solutions: given.value(Name::Solutions).unwrap_or_default(),
		level: given.value(Name::Difficulty).map(|level| level as usize),
	};
	let seed = given.value(Name::Seed).unwrap_or_else(|| {
		let seed = generate::clock_seed();
		let said = format!("sudoku: --seed {seed} makes these puzzles again\n");
		let _ = io.err.write_all(said.as_bytes());
		seed
	});
	generate::generate(&wanted, seed, jobs, (io.out, io.err), progress)
}

/// Writes `text` (the usage, the version); the exit status.
fn show(io: Io, text: String) -> i32 {
	match io.out.write_all(text.as_bytes()) {
		Ok(()) => finish(io.out, io.err, 0),
		Err(e) => output_failed(io.err, e, 0),
	}
}
