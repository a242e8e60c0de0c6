//! The answering loop, one for every mode that answers puzzles one by one and every size: each
//! input's pieces read on this thread, each puzzle's work done by the workers meanwhile, and
//! every piece written in input order, as its mode writes it.

use super::all::{Blocks, Coming};
use super::cores::{with_workers, Workers, AHEAD, AHEAD_BYTES};
use super::explain;
use super::inputs::{inputs, misread, Input, Io};
use super::judge::{fail, finish, output_failed, whole_lines, Stop};
use super::progress::Progress;
use super::puzzles::{
	smallest, solutions, solve, Found, Grid, LineReader, Output, Part, Recent, Squares,
};
use std::collections::VecDeque;
use std::ffi::OsString;
use std::io::{self, Write};
use std::mem::{replace, take};
use std::sync::Arc;

/// A puzzle to be worked on: its side and givens, or (--solve) the puzzle itself, filled in by
/// the worker (off the thread that reads and writes) and handed back.
pub(crate) enum Job {
	Givens(usize, Grid),
	Puzzle(Box<dyn Squares>),
}

/// What is asked of each puzzle.
#[derive(Clone, Copy)]
pub(crate) enum Mode {
	/// Its blanks filled in with its smallest solution, the classic's answer.
	Solve,
	/// The steps a person can follow, then the puzzle solved.
	Explain,
	/// Its number of solutions, up to a limit.
	Count(u64),
	/// Its level and steps.
	Rate,
	/// Every solution, up to a limit.
	All(u64),
}

impl Mode {
	/// The work on a puzzle: what it finds, handed to `found` in turn.
	fn work(self, job: Job, found: &mut dyn FnMut(Found) -> bool) {
		let (side, givens) = match job {
			Job::Givens(side, givens) => (side, givens),
			Job::Puzzle(mut puzzle) => {
				let solution = smallest::<Grid>(puzzle.side(), puzzle.givens());
				if let Some(grid) = &solution {
					puzzle.fill_in(grid);
				}
				found(Found::Filled(puzzle, solution.is_some()));
				return;
			}
		};
		let givens = &givens[..];
		match self {
			Mode::Solve => {
				if let Some(grid) = smallest(side, givens) {
					found(Found::Solution(grid));
				}
			}
			Mode::Explain => {
				let (steps, answer) = explain::explain(givens);
				let _ = found(Found::Said(steps, answer.is_some()))
					&& answer.is_some_and(|grid| found(Found::Solution(Grid::from(&grid[..]))));
			}
			Mode::Count(limit) => {
				let count = solutions(side, givens, limit);
				found(Found::Said(count.to_string(), count > 0));
			}
			Mode::Rate => {
				let (line, solvable) = explain::rated(givens);
				found(Found::Said(line, solvable));
			}
			Mode::All(limit) => {
				let mut count = 0;
				solve(side, givens, &mut |grid| {
					count += 1;
					found(Found::Solution(Grid::from(grid))) && count < limit
				});
			}
		}
	}
}

/// Answers each file in turn (standard input for `-`, or when none is named) as `mode` asks,
/// `jobs` puzzles at a time; the exit status.
pub(crate) fn answer_each(
	files: &[&OsString],
	side: Option<usize>,
	mode: Mode,
	jobs: usize,
	io: Io,
	progress: &Progress,
) -> i32 {
	let (several, mut between) = (files.len() > 1, Between::default());
	let work = move |job: Job, found: &mut dyn FnMut(Found) -> bool| mode.work(job, found);
	// Small puzzles go to the workers in batches; larger ones, slower, one at a time.
	let batch = match side {
		Some(1..=9) => 32,
		_ => 1,
	};
	with_workers((jobs, batch), Arc::new(work), |workers| {
		let mut status = 0;
		for input in inputs(files, io.stdin) {
			let (name, mut opened) = match input.opened {
				Ok(opened) => (input.name, opened),
				Err(why) => {
					status = fail(io.err, format!("sudoku: {}: {why}\n", input.name));
					continue;
				}
			};
			let tag = if several {
				format!("{name}:")
			} else {
				String::new()
			};
			let mut writer = Writer::new(mode, tag, &between);
			let mut solved = true;
			let to = Output {
				out: &mut *io.out,
				err: &mut *io.err,
				name: &name,
				solved: &mut solved,
			};
			let sends = matches!(mode, Mode::Solve);
			let answered = answer(
				&mut opened,
				(side, sends),
				workers,
				&mut writer,
				to,
				progress,
			);
			writer.leaves(&mut between);
			status = status.max(!solved as i32);
			match answered {
				Ok(()) => {}
				Err(Stop::Read(why)) => status = fail(io.err, misread(&name, &why)),
				Err(Stop::Write(e)) => return output_failed(io.err, e, status),
			}
		}
		finish(io.out, io.err, status)
	})
}

/// Answers one input: reads it a line at a time, hands each puzzle to the workers (the puzzle
/// itself if `sends`) and writes each piece once what comes before it is written; the pieces
/// read ahead stay few.
fn answer<'w>(
	input: &mut Input,
	(side, sends): (Option<usize>, bool),
	workers: &'w Workers<Job, Found>,
	writer: &mut Writer<'w>,
	to: Output,
	progress: &Progress,
) -> Result<(), Stop> {
	let (mut read, may_wait) = (Recent::new(&mut *input.read), input.may_wait);
	let (mut reader, mut parts) = (LineReader::new(&mut read, side), Vec::new());
	let (most, most_bytes) = match workers.ahead(AHEAD) {
		0 => (0, 0),
		most => (most, AHEAD_BYTES),
	};
	let mut waiting = Waiting {
		pieces: VecDeque::new(),
		bytes: 0,
		// The reader flushes when its next read may wait: then everything read goes out, unless
		// the input is a file, which does not wait.
		sends_all: may_wait || most == 0,
		sends,
		writer,
		to,
		progress,
	};
	let read = loop {
		match reader.next(&mut waiting, &mut parts) {
			Ok(true) => parts.drain(..).for_each(|part| waiting.add(part, workers)),
			Ok(false) => break Ok(()),
			Err(stop) => break Err(stop),
		}
		while waiting.pieces.len() > most || waiting.bytes > most_bytes {
			waiting.write_first()?;
		}
	};
	waiting.write_all_waiting()?;
	waiting.writer.end(read.is_ok(), &mut waiting.to)?;
	read
}

/// The pieces read and not written yet, each puzzle with its work coming.
struct Waiting<'a, 'o, 'w> {
	pieces: VecDeque<Item<'w>>,
	bytes: usize,
	sends_all: bool,
	/// Each puzzle goes with its job (--solve).
	sends: bool,
	writer: &'a mut Writer<'w>,
	to: Output<'o>,
	progress: &'a Progress,
}

enum Item<'w> {
	Text(Vec<u8>),
	/// A puzzle (None: it went with its job, and comes back), its text's length, its work.
	Puzzle(Option<Box<dyn Squares>>, usize, Coming<'w>),
}

impl<'w> Waiting<'_, '_, 'w> {
	fn add(&mut self, part: Part, workers: &'w Workers<Job, Found>) {
		let item = match part {
			Part::Text(text) => {
				self.bytes += text.len();
				Item::Text(text)
			}
			Part::Puzzle(puzzle) => {
				let bytes = puzzle.text().len();
				self.bytes += bytes;
				let (job, kept) = match self.sends {
					true => (Job::Puzzle(puzzle), None),
					false => {
						let givens = Grid::from(puzzle.givens());
						(Job::Givens(puzzle.side(), givens), Some(puzzle))
					}
				};
				Item::Puzzle(kept, bytes, workers.hand(job))
			}
		};
		self.pieces.push_back(item);
	}

	fn write_all_waiting(&mut self) -> io::Result<()> {
		while !self.pieces.is_empty() {
			self.write_first()?;
		}
		Ok(())
	}

	/// Writes the first piece waiting (once its work is done).
	fn write_first(&mut self) -> io::Result<()> {
		match self.pieces.pop_front() {
			Some(Item::Text(text)) => {
				self.bytes -= text.len();
				self.writer.text(text, &mut self.to)
			}
			Some(Item::Puzzle(puzzle, bytes, coming)) => {
				self.bytes -= bytes;
				self.progress.one_more();
				self.writer.puzzle(puzzle, coming, &mut self.to)
			}
			None => Ok(()),
		}
	}
}

/// What the reader writes goes out after every piece read so far; a flush (the reader's next
/// read may wait for input) sends out every answer to what it read, if it `sends_all`.
impl Write for Waiting<'_, '_, '_> {
	fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
		self.write_all_waiting()?;
		self.to.out.write(bytes)
	}

	fn flush(&mut self) -> io::Result<()> {
		match self.sends_all {
			true => self.write_all_waiting().and_then(|()| self.to.out.flush()),
			false => Ok(()),
		}
	}
}

/// How a mode writes each piece of an input.
enum Writer<'w> {
	/// The input back with each puzzle's blanks filled in, whole lines at a time (a line's rest
	/// after a puzzle waits for the next piece: a line that breaks never goes); and whether
	/// steps were written (--explain), so that an empty line comes before the next puzzle's.
	InPlace(Vec<u8>, bool),
	/// One line per puzzle, after its file's name (several files, as `grep -c` writes).
	Lines(String),
	/// Every solution of each puzzle, each as its block.
	Blocks(Blocks<'w>),
}

/// What an input's writing leaves for the next input's.
#[derive(Default)]
struct Between {
	/// A line break owed after a block that ended mid-line (--all).
	owed: &'static [u8],
	/// A puzzle's steps were written (--explain): an empty line before the next puzzle's.
	explained: bool,
}

impl<'w> Writer<'w> {
	/// How `mode` writes an input, its lines after `tag` (a file's name, or nothing).
	fn new(mode: Mode, tag: String, between: &Between) -> Writer<'w> {
		match mode {
			Mode::Solve | Mode::Explain => Writer::InPlace(Vec::new(), between.explained),
			Mode::Count(_) | Mode::Rate => Writer::Lines(tag),
			Mode::All(_) => Writer::Blocks(Blocks::new(between.owed)),
		}
	}

	/// Says what the input's writing leaves for the next input's.
	fn leaves(&self, between: &mut Between) {
		match self {
			Writer::Blocks(blocks) => between.owed = blocks.owed,
			Writer::InPlace(_, explained) => between.explained = *explained,
			Writer::Lines(_) => {}
		}
	}
	fn text(&mut self, text: Vec<u8>, to: &mut Output) -> io::Result<()> {
		match self {
			Writer::InPlace(held, _) => whole_lines(to.out, held, &text),
			Writer::Lines(_) => Ok(()),
			Writer::Blocks(blocks) => blocks.text(text, to),
		}
	}

	/// Writes a puzzle (None: it went with its job, and comes back with what it finds).
	fn puzzle(
		&mut self,
		mut puzzle: Option<Box<dyn Squares>>,
		coming: Coming<'w>,
		to: &mut Output,
	) -> io::Result<()> {
		let kept = |puzzle: Option<_>| puzzle.expect("only --solve hands its puzzles on");
		let (held, explained) = match self {
			Writer::InPlace(held, explained) => (held, explained),
			Writer::Lines(tag) => return line(tag, &*kept(puzzle), coming, to),
			Writer::Blocks(blocks) => return blocks.puzzle(kept(puzzle), coming, to),
		};
		let (mut solved, mut said) = (false, Ok(()));
		coming.take(&mut |found| match found {
			Found::Said(steps, _) => {
				let before = if replace(explained, true) { "\n" } else { "" };
				said = to.out.write_all([before, &steps].concat().as_bytes());
				said.is_ok()
			}
			Found::Solution(grid) => {
				if let Some(puzzle) = puzzle.as_mut() {
					puzzle.fill_in(&grid);
				}
				solved = true;
				false
			}
			Found::Filled(filled, solution) => {
				(puzzle, solved) = (Some(filled), solution);
				false
			}
		});
		said?;
		// None only if its worker is gone (it panicked, and said so): the run fails, no puzzle
		// left out in silence.
		let Some(mut puzzle) = puzzle else {
			return Err(io::Error::other("a worker stopped"));
		};
		if !solved && !puzzle.says_none() {
			to.unsolved(&*puzzle);
		}
		whole_lines(to.out, held, puzzle.label())?;
		whole_lines(to.out, held, puzzle.text())
	}

	/// The input ended, `whole` or at a reading error (then what waits for the rest of its line
	/// is not written).
	fn end(&mut self, whole: bool, to: &mut Output) -> io::Result<()> {
		match self {
			Writer::InPlace(held, _) if whole => to.out.write_all(&take(held)),
			Writer::InPlace(..) | Writer::Lines(_) => Ok(()),
			Writer::Blocks(blocks) => blocks.end(whole, to),
		}
	}
}

/// Writes a puzzle's line, `tag` first, as its work says it.
fn line(tag: &str, puzzle: &dyn Squares, coming: Coming, to: &mut Output) -> io::Result<()> {
	let mut said = (String::new(), false);
	coming.take(&mut |found| {
		if let Found::Said(line, solvable) = found {
			said = (line, solvable);
		}
		false
	});
	to.out.write_all(format!("{tag}{}\n", said.0).as_bytes())?;
	if !said.1 {
		to.unsolved(puzzle);
	}
	Ok(())
}
