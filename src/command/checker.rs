//! --check PUZZLES ANSWERS: judges each answer as a judge's checker would, where any solution
//! is accepted (with --smallest, only the classic's).

use super::cores::{with_workers, Ahead, Ticket, AHEAD};
use super::inputs::{at, fail, inputs, misread, Io};
use super::progress::Progress;
use super::puzzles::{Piece, Squares};
use super::reading::{LineReader, Only, Stop, Taps};
use super::rules::{broken_rule, squares_named, symbol};
use super::search::smallest;
use std::ffi::OsString;
use std::io;
use std::sync::Arc;

/// The puzzles of one input, one at a time.
struct Puzzles<'t, 'a> {
	reader: LineReader<'t, 'a>,
	read: Vec<Piece>,
	over: bool,
}

impl Puzzles<'_, '_> {
	/// The next puzzle, None after the last.
	fn next(&mut self) -> Result<Option<Box<dyn Squares>>, Stop> {
		loop {
			while let Some(piece) = self.read.pop() {
				if let Piece::Puzzle(puzzle) = piece {
					return Ok(Some(puzzle));
				}
			}
			if self.over || !self.reader.next(&mut self.read, &mut || Ok(()))? {
				self.over = true;
				return Ok(None);
			}
			self.read.reverse(); // taken from the end
		}
	}
}

/// Pairs puzzle k of `files[0]` with answer k of `files[1]` and says, one line each on standard
/// error, each answer that is wrong and the first thing wrong with it, `jobs` pairs at a time;
/// 0 when every answer is accepted, 1 when one is not (answers that do not read as puzzles
/// included), 2 when a file cannot be opened or the puzzles cannot be read.
pub(crate) fn check_answers(
	files: &[&OsString],
	only: Option<Only>,
	smallest: bool,
	jobs: usize,
	io: Io,
	progress: &Progress,
) -> i32 {
	let (mut names, mut opened) = (Vec::new(), Vec::new());
	for input in inputs(files, io.stdin) {
		let why = |why| format!("sudoku: {}: {why}\n", input.name);
		opened.push(input.opened.map_err(why));
		names.push(input.name);
	}
	let (mut puzzles, mut answers) = match (opened.remove(0), opened.remove(0)) {
		(Ok(puzzles), Ok(answers)) => (puzzles, answers),
		(Err(why), _) | (_, Err(why)) => return fail(io.err, why),
	};
	let mut taps = [Taps::new(&mut *puzzles.read), Taps::new(&mut *answers.read)];
	let [puzzles, answers] = &mut taps;
	let inputs = [puzzles, answers].map(|taps| Puzzles {
		reader: LineReader::new(taps, only),
		read: Vec::new(),
		over: false,
	});
	let said = Said {
		err: io.err,
		status: 0,
		progress,
	};
	let names = [names.remove(0), names.remove(0)];
	judge_each(inputs, names, smallest, jobs, said)
}

/// Judges each answer in turn, `jobs` at a time, the verdicts said in order; the exit status.
fn judge_each(
	mut inputs: [Puzzles; 2],
	names: [String; 2],
	smallest: bool,
	jobs: usize,
	mut said: Said,
) -> i32 {
	let named = names.clone();
	let work = move |(puzzle, answer): Pair, found: &mut dyn FnMut(Option<String>) -> bool| {
		found(verdict(
			puzzle.as_deref(),
			answer.as_deref(),
			smallest,
			&named,
		));
	};
	with_workers((jobs, 32), Arc::new(work), |workers| {
		let mut ahead = Ahead::new(workers, AHEAD);
		let unread = loop {
			let (pair, before) = match next_pair(&mut inputs, &names) {
				Ok(Some(read)) => read,
				Ok(None) => break None,
				Err(why) => break Some(why),
			};
			let bytes = pair.0.iter().chain(&pair.1).map(|p| p.text().len()).sum();
			ahead.push((before, workers.hand(pair)), bytes);
			while let Some(waits) = ahead.due() {
				said.say(waits);
			}
		};
		while let Some(waits) = ahead.first() {
			said.say(waits);
		}
		match unread {
			Some(why) => fail(said.err, why),
			None => said.status,
		}
	})
}

/// A puzzle and its answer, as the check needs them; either may be missing.
type Pair = (Option<Box<dyn Squares>>, Option<Box<dyn Squares>>);

/// What is said before a pair's verdict (why the answers broke off), and its verdict to come.
type Waits<'w> = (Option<String>, Ticket<'w, Pair, Option<String>>);

/// The next puzzle and answer, and why the answers broke off if they just did; None after the
/// last of both, Err why the puzzles cannot be read.
fn next_pair(
	inputs: &mut [Puzzles; 2],
	names: &[String; 2],
) -> Result<Option<(Pair, Option<String>)>, String> {
	let mut next = |k: usize| {
		inputs[k].next().map_err(|stop| match stop {
			Stop::Read(e) => misread(&names[k], &e),
			Stop::Write(e) => format!("sudoku: {e}\n"), // nothing is sent before a read
		})
	};
	let (puzzle, answer) = (next(0)?, next(1));
	let (answer, before) = match answer {
		Ok(answer) => (answer, None),
		// Answers that break off are wrong from there on: the puzzles left miss theirs.
		Err(why) => {
			inputs[1].over = true;
			(None, Some(why))
		}
	};
	match (&puzzle, &answer, &before) {
		(None, None, None) => Ok(None),
		_ => Ok(Some(((puzzle, answer), before))),
	}
}

/// The verdicts said, in order, and the status they make.
struct Said<'a> {
	err: &'a mut dyn io::Write,
	status: i32,
	progress: &'a Progress,
}

impl Said<'_> {
	/// Says what is said before a pair, and its verdict if the answer is wrong.
	fn say(&mut self, (before, verdict): Waits) {
		if let Some(why) = before {
			let _ = self.err.write_all(why.as_bytes());
			self.status = 1;
		}
		verdict.take(&mut |verdict| {
			if let Some(said) = verdict {
				let _ = self.err.write_all(said.as_bytes());
				self.status = 1;
			}
			false
		});
		self.progress.one_more();
	}
}

/// What is wrong with the answer to a puzzle (either may be missing), said at the answer's
/// place in its file (the puzzle's, if it has none); None if it is accepted.
fn verdict(
	puzzle: Option<&dyn Squares>,
	answer: Option<&dyn Squares>,
	smallest: bool,
	[puzzles, answers]: &[String; 2],
) -> Option<String> {
	match (puzzle, answer) {
		(Some(puzzle), None) => {
			let (number, line) = puzzle.place();
			Some(at(
				puzzles,
				line,
				None,
				&format!("puzzle {number} has no answer"),
			))
		}
		(None, Some(answer)) => {
			let (number, line) = answer.place();
			Some(at(
				answers,
				line,
				None,
				&format!("answer {number} has no puzzle"),
			))
		}
		(Some(puzzle), Some(answer)) => wrong(puzzle, answer, smallest).map(|why| {
			let ((number, line), (_, answer_line)) = (puzzle.place(), answer.place());
			let what = format!("answer {number} (to {puzzles}:{line}): {why}");
			at(answers, answer_line, None, &what)
		}),
		(None, None) => None,
	}
}

/// The first thing wrong with `answer` to `puzzle`, if any: a given changed; where the puzzle
/// has no solution, a blank filled; else a symbol twice in a row, column or box, a blank left,
/// or (with `only_smallest`) a symbol other than the smallest solution's.
fn wrong(puzzle: &dyn Squares, answer: &dyn Squares, only_smallest: bool) -> Option<String> {
	let (side, givens, got) = (puzzle.side(), puzzle.givens(), answer.givens());
	let (squares, named) = (0..side * side, |p| squares_named(side, &[p]));
	let said = |v| symbol(side, v);
	if let Some(p) = squares
		.clone()
		.find(|&p| givens[p] != 0 && got[p] != givens[p])
	{
		return Some(format!(
			"{} was {}, is {}",
			named(p),
			said(givens[p]),
			said(got[p])
		));
	}
	// A full grid that breaks no rule proves the puzzle solvable: no search unless the answer
	// must be the smallest.
	let full_and_sound = || !got.contains(&0) && broken_rule(side, got).is_none();
	if !only_smallest && full_and_sound() {
		return None;
	}
	let solution = match smallest::<Vec<u8>>(side, givens) {
		Some(solution) if solution == got => return None,
		Some(solution) => solution,
		None => {
			let filled = squares.clone().find(|&p| got[p] != 0 && givens[p] == 0);
			return filled.map(|p| format!("no solution, but {} is {}", named(p), said(got[p])));
		}
	};
	if let Some(why) = broken_rule(side, got) {
		return Some(why);
	}
	match squares.clone().find(|&p| got[p] == 0) {
		Some(p) => Some(format!("{} is blank", named(p))),
		None => squares.clone().find(|&p| got[p] != solution[p]).map(|p| {
			let (is, has) = (said(got[p]), said(solution[p]));
			format!(
				"not the smallest: {} is {is}, the smallest has {has}",
				named(p)
			)
		}),
	}
}
