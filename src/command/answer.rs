//! The answering loop, one for every mode that answers puzzles one by one and every size: each
//! input's pieces read on this thread, each puzzle worked on by the workers meanwhile, and
//! every piece written in input order, as its mode writes it.

use super::all::Blocks;
use super::cores::{with_workers, worker_gone, Ahead, Coming, Found, Job, Workers, AHEAD};
use super::explain;
use super::inputs::{fail, finish, inputs, misread, output_failed, Input, Io};
use super::progress::Progress;
use super::puzzles::{Output, Piece, Squares};
use super::reading::{LineReader, Only, Stop, Taps};
use super::search::{smallest, solutions, solve, Grid};
use std::ffi::OsString;
use std::io;
use std::mem::{replace, take};
use std::sync::Arc;

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
	/// The work on a puzzle: the puzzle back (solved, where the mode writes it so), then what
	/// the mode says of it, each handed to `found` in turn while it says go on.
	fn work(self, mut puzzle: Job, found: &mut dyn FnMut(Found) -> bool) {
		let (side, givens) = (puzzle.side(), puzzle.givens());
		let (said, solvable) = match self {
			Mode::Solve => {
				let solution = smallest::<Grid>(side, givens);
				(None, solution.map(|grid| puzzle.fill_in(&grid)).is_some())
			}
			Mode::Explain => {
				let (steps, answer) = explain::explain(givens);
				(
					Some(steps),
					answer.map(|grid| puzzle.fill_in(&grid)).is_some(),
				)
			}
			Mode::Count(limit) => {
				let count = solutions(side, givens, limit);
				(Some(count.to_string()), count > 0)
			}
			Mode::Rate => {
				let (line, solvable) = explain::rated(givens);
				(Some(line), solvable)
			}
			Mode::All(limit) => return every_solution(puzzle, limit, found),
		};
		let _ = found(Found::Puzzle(puzzle))
			&& said.into_iter().all(|said| found(Found::Said(said)))
			&& (solvable || found(Found::Unsolvable));
	}
}

/// --all's work: the puzzle back, then each solution up to `limit`, smallest first.
fn every_solution(puzzle: Job, limit: u64, found: &mut dyn FnMut(Found) -> bool) {
	let (side, givens) = (puzzle.side(), Grid::from(puzzle.givens()));
	if !found(Found::Puzzle(puzzle)) {
		return;
	}
	let mut count = 0;
	solve(side, &givens, &mut |grid| {
		count += 1;
		found(Found::Solution(Grid::from(grid))) && count < limit
	});
	if count == 0 {
		found(Found::Unsolvable);
	}
}

/// Answers each file in turn (standard input for `-`, or when none is named) as `mode` asks,
/// `jobs` puzzles at a time; the exit status.
pub(crate) fn answer_each(
	files: &[&OsString],
	only: Option<Only>,
	mode: Mode,
	jobs: usize,
	io: Io,
	progress: &Progress,
) -> i32 {
	let work = move |puzzle: Job, found: &mut dyn FnMut(Found) -> bool| mode.work(puzzle, found);
	// Puzzles up to 9x9 go to the workers 32 at a time; larger ones, slower, alone.
	with_workers((jobs, 32), Arc::new(work), |workers| {
		let (mut status, mut between, several) = (0, Between::default(), files.len() > 1);
		for input in inputs(files, io.stdin) {
			let (name, opened) = (input.name, input.opened);
			let opened = match opened {
				Ok(opened) => opened,
				Err(why) => {
					status = fail(io.err, format!("sudoku: {name}: {why}\n"));
					continue;
				}
			};
			let named = several.then_some(&name[..]);
			let (mut writer, mut solved) = (Writer::new(mode, named, &between), true);
			let to = Output {
				out: &mut *io.out,
				err: &mut *io.err,
				name: &name,
				solved: &mut solved,
			};
			let answered = answer(opened, only, workers, &mut writer, to, progress);
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

/// Answers one input: reads it a line at a time, hands each puzzle on to the workers, and
/// writes each piece once what comes before it is written; before a read that may wait (a
/// pipe, a terminal), every piece read. The pieces read ahead stay few.
fn answer<'w>(
	mut input: Input,
	only: Option<Only>,
	workers: &'w Workers<Job, Found>,
	writer: &mut Writer<'w>,
	to: Output,
	progress: &Progress,
) -> Result<(), Stop> {
	let mut taps = Taps::new(&mut *input.read);
	let (mut reader, mut read) = (LineReader::new(&mut taps, only), Vec::new());
	let mut waiting = Waiting {
		ahead: Ahead::new(workers, AHEAD),
		writer,
		to,
		progress,
	};
	let may_wait = input.may_wait;
	let ended = loop {
		// Before a read that may wait (a pipe, a terminal), every answer to what was read goes
		// out: a file's reads do not wait.
		let mut send = || match may_wait {
			true => waiting.write_all().and_then(|()| waiting.to.out.flush()),
			false => Ok(()),
		};
		match reader.next(&mut read, &mut send) {
			Ok(true) => {}
			Ok(false) => break Ok(()),
			Err(stop) => break Err(stop),
		}
		for piece in read.drain(..) {
			let bytes = piece.bytes();
			let coming = piece.map(|puzzle| match puzzle.side() {
				..=9 => workers.hand(puzzle),
				_ => workers.hand_alone(puzzle),
			});
			waiting.ahead.push(coming, bytes);
		}
		while let Some(piece) = waiting.ahead.due() {
			waiting.write(piece)?;
		}
	};
	waiting.write_all()?;
	waiting.writer.end(ended.is_ok(), &mut waiting.to)?;
	ended
}

/// The pieces read and not written yet, each puzzle with its work coming, and where they go.
struct Waiting<'a, 'o, 'w> {
	ahead: Ahead<Piece<Coming<'w>>>,
	writer: &'a mut Writer<'w>,
	to: Output<'o>,
	progress: &'a Progress,
}

impl<'w> Waiting<'_, '_, 'w> {
	fn write(&mut self, piece: Piece<Coming<'w>>) -> io::Result<()> {
		if let Piece::Puzzle(_) = piece {
			self.progress.one_more();
		}
		self.writer.piece(piece, &mut self.to)
	}

	/// Writes every piece waiting.
	fn write_all(&mut self) -> io::Result<()> {
		while let Some(piece) = self.ahead.first() {
			self.write(piece)?;
		}
		Ok(())
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
	/// How `mode` writes an input, its lines after its file's name if `named` (several files).
	fn new(mode: Mode, named: Option<&str>, between: &Between) -> Writer<'w> {
		match mode {
			Mode::Solve | Mode::Explain => Writer::InPlace(Vec::new(), between.explained),
			Mode::Count(_) | Mode::Rate => {
				Writer::Lines(named.map_or(String::new(), |name| format!("{name}:")))
			}
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

	/// Writes a piece (a puzzle once its work is done).
	fn piece(&mut self, piece: Piece<Coming<'w>>, to: &mut Output) -> io::Result<()> {
		match (self, piece) {
			(Writer::InPlace(held, _), Piece::Text(text)) => whole_lines(to, held, &text),
			(Writer::InPlace(held, explained), Piece::Puzzle(coming)) => {
				let Gathered(mut puzzle, steps, solvable) = gather(coming)?;
				if let Some(steps) = steps {
					let before = if replace(explained, true) { "\n" } else { "" };
					to.out.write_all([before, &steps].concat().as_bytes())?;
				}
				if !solvable && !puzzle.says_none() {
					to.unsolved(&*puzzle);
				}
				whole_lines(to, held, puzzle.label())?;
				whole_lines(to, held, puzzle.text())
			}
			(Writer::Lines(_), Piece::Text(_)) => Ok(()),
			(Writer::Lines(tag), Piece::Puzzle(coming)) => {
				let Gathered(puzzle, line, solvable) = gather(coming)?;
				to.out
					.write_all(format!("{tag}{}\n", line.unwrap_or_default()).as_bytes())?;
				if !solvable {
					to.unsolved(&*puzzle);
				}
				Ok(())
			}
			(Writer::Blocks(blocks), Piece::Text(text)) => blocks.text(text, to),
			(Writer::Blocks(blocks), Piece::Puzzle(coming)) => blocks.puzzle(coming, to),
		}
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

/// What a puzzle's work found, all of it (every mode but --all): the puzzle back, the line
/// said of it or before it, and whether it has a solution.
struct Gathered(Box<dyn Squares>, Option<String>, bool);

fn gather(coming: Coming) -> io::Result<Gathered> {
	let (mut puzzle, mut said, mut solvable) = (None, None, true);
	coming.take(&mut |found| {
		match found {
			Found::Puzzle(back) => puzzle = Some(back),
			Found::Said(line) => said = Some(line),
			Found::Unsolvable => solvable = false,
			Found::Solution(_) => {}
		}
		true
	});
	Ok(Gathered(puzzle.ok_or_else(worker_gone)?, said, solvable))
}

/// Writes what `held` holds and `bytes` up to their last line break; holds what follows it.
fn whole_lines(to: &mut Output, held: &mut Vec<u8>, bytes: &[u8]) -> io::Result<()> {
	match bytes.iter().rposition(|&c| c == b'\n') {
		None => held.extend_from_slice(bytes),
		Some(last) => {
			to.out.write_all(&take(held))?;
			to.out.write_all(&bytes[..=last])?;
			held.extend_from_slice(&bytes[last + 1..]);
		}
	}
	Ok(())
}
