//! The puzzles the tools read: 9x9 by the judge program's rule (`src/main.rs`), or another size
//! (`--size N`) by the rule of the judge program for every size (`src/every_size.rs`); each
//! searched by its judge file's engine; and where their answers go.

use super::every_size::{self, Verdict};
use super::inputs::{at, place};
use super::judge::{self, Stop};
use std::cell::RefCell;
use std::io::{self, Read, Write};
use std::rc::Rc;

/// A puzzle as a judge file read it, and what the tools ask of it.
pub(crate) trait Squares: Send {
	fn side(&self) -> usize;

	/// Its givens, square by square: 0 a blank, else the symbol's number from 1.
	fn givens(&self) -> &[u8];

	/// Its number in its input, and the line it starts on.
	fn place(&self) -> (usize, usize);

	/// The label written before it (`Grid 01`, `board = `), if any.
	fn label(&self) -> &[u8] {
		b""
	}

	/// Its text: as read, or with the blanks filled in.
	fn text(&self) -> &[u8];

	/// Fills its blanks in from `grid` (each square's number from 1).
	fn fill_in(&mut self, grid: &[u8]);

	/// Answers it `NO SOLUTION` if it has none and came in UVa 989's layout (its text becomes
	/// that, nothing is said); whether it does.
	fn says_none(&mut self) -> bool {
		false
	}
}

impl Squares for judge::Puzzle {
	fn side(&self) -> usize {
		9
	}

	fn givens(&self) -> &[u8] {
		&self.givens
	}

	fn place(&self) -> (usize, usize) {
		(self.number, self.line)
	}

	fn label(&self) -> &[u8] {
		&self.label
	}

	fn text(&self) -> &[u8] {
		&self.text
	}

	fn fill_in(&mut self, grid: &[u8]) {
		judge::fill_in(self, grid.try_into().expect("a 9x9 grid"));
	}
}

/// A puzzle of src/every_size.rs, and its text with the blanks filled in once they are (a
/// number may be longer than its blank).
struct Sized {
	read: Box<every_size::Puzzle>,
	filled: Vec<u8>,
}

impl Squares for Sized {
	fn side(&self) -> usize {
		self.read.side
	}

	fn givens(&self) -> &[u8] {
		&self.read.givens
	}

	fn place(&self) -> (usize, usize) {
		(self.read.number, self.read.line)
	}

	fn text(&self) -> &[u8] {
		match self.filled.is_empty() {
			true => &self.read.text,
			false => &self.filled,
		}
	}

	fn fill_in(&mut self, grid: &[u8]) {
		self.filled = every_size::filled_in(&self.read, grid);
	}

	fn says_none(&mut self) -> bool {
		if self.read.says_none {
			self.filled = every_size::no_solution(&self.read);
		}
		self.read.says_none
	}
}

/// A 9x9 puzzle's squares, as the judge program holds them.
pub(crate) fn nine(squares: &[u8]) -> [u8; 81] {
	let mut nine = [0; 81];
	nine.copy_from_slice(squares);
	nine
}

/// A part of a line the reader hands on: text without squares, or a puzzle.
pub(crate) enum Part {
	Text(Vec<u8>),
	Puzzle(Box<dyn Squares>),
}

/// The judge files' readers, each handing on the parts of each line it reads.
trait Reads {
	/// Adds the next line's parts to `parts`, once the answers so far went out; false: the end.
	fn parts(&mut self, out: &mut dyn Write, parts: &mut Vec<Part>) -> Result<bool, Stop>;
}

impl Reads for judge::Reader<'_> {
	fn parts(&mut self, out: &mut dyn Write, parts: &mut Vec<Part>) -> Result<bool, Stop> {
		let Some(read) = self.next(out)? else {
			return Ok(false);
		};
		parts.extend(read.map(|piece| match piece {
			judge::Piece::Text(text) => Part::Text(text),
			judge::Piece::Puzzle(puzzle) => Part::Puzzle(puzzle),
		}));
		Ok(true)
	}
}

impl Reads for every_size::Reader<'_> {
	fn parts(&mut self, out: &mut dyn Write, parts: &mut Vec<Part>) -> Result<bool, Stop> {
		parts.push(match self.next(out)? {
			None => return Ok(false),
			Some(every_size::Piece::Text(text)) => Part::Text(text),
			Some(every_size::Piece::Puzzle(read)) => Part::Puzzle(Box::new(Sized {
				read,
				filled: Vec::new(),
			})),
		});
		Ok(true)
	}
}

/// The same words, each judge file's own: one stands for the other.
impl From<every_size::Stop> for Stop {
	fn from(stop: every_size::Stop) -> Stop {
		match stop {
			every_size::Stop::Read(why) => Stop::Read(why),
			every_size::Stop::Write(e) => Stop::Write(e),
		}
	}
}

/// Reads the puzzles of one side (None: each of its own) from an input, a line at a time: 9x9
/// by src/main.rs's rule, the others by src/every_size.rs's.
pub(crate) struct LineReader<'a> {
	reads: Box<dyn Reads + 'a>,
	side: Option<usize>,
	/// The input's first bytes: a reading error on its first line of squares says which other
	/// side reads that line.
	kept: Rc<RefCell<Vec<u8>>>,
}

impl<'a> LineReader<'a> {
	pub(crate) fn new(input: &'a mut Recent, side: Option<usize>) -> LineReader<'a> {
		let kept = input.kept.clone();
		let input: &'a mut dyn Read = input;
		let reads: Box<dyn Reads + 'a> = match side {
			Some(9) => Box::new(judge::Reader::new(input)),
			_ => Box::new(every_size::Reader::new(input)),
		};
		LineReader { reads, side, kept }
	}

	/// Adds the next line's parts to `parts`, once the answers so far went out; false: the
	/// end. A puzzle of another side is an error.
	pub(crate) fn next(
		&mut self,
		out: &mut dyn Write,
		parts: &mut Vec<Part>,
	) -> Result<bool, Stop> {
		let from = parts.len();
		let read = self.reads.parts(out, parts).and_then(|more| {
			for part in &parts[from..] {
				if let Part::Puzzle(puzzle) = part {
					self.of_the_side(&**puzzle)?;
				}
			}
			Ok(more)
		});
		read.map_err(|stop| match stop {
			Stop::Read(why) => {
				let hint = hint(&why, &self.kept.borrow(), self.side);
				Stop::Read(why + &hint)
			}
			write => write,
		})
	}

	/// Err if the puzzle is not of the side read.
	fn of_the_side(&self, puzzle: &dyn Squares) -> Result<(), Stop> {
		let (s, (number, line)) = (puzzle.side(), puzzle.place());
		let side = match self.side {
			Some(side) if side != s => side,
			_ => return Ok(()),
		};
		// The first puzzle's line gets the hint of the side that reads it.
		let any = match number {
			1 => "",
			_ => " (--size any reads each puzzle at its own size)",
		};
		let what = format!("puzzle {number} is {s}x{s}, not {side}x{side}{any}");
		Err(Stop::Read(format!("line {line}, column 1: {what}")))
	}
}

/// A grid's squares, each a symbol's number from 1 (0 a blank): a 9x9 grid's held in place (no
/// allocation a puzzle), another's on the heap.
pub(crate) enum Grid {
	Nine([u8; 81]),
	Other(Vec<u8>),
}

impl From<&[u8]> for Grid {
	fn from(squares: &[u8]) -> Grid {
		match squares.try_into() {
			Ok(nine) => Grid::Nine(nine),
			Err(_) => Grid::Other(squares.to_vec()),
		}
	}
}

impl std::ops::Deref for Grid {
	type Target = [u8];

	fn deref(&self) -> &[u8] {
		match self {
			Grid::Nine(nine) => nine,
			Grid::Other(squares) => squares,
		}
	}
}

/// The smallest solution of `givens` (a side's squares), the classic's, if it has one.
pub(crate) fn smallest<G: for<'g> From<&'g [u8]>>(side: usize, givens: &[u8]) -> Option<G> {
	let mut smallest = None;
	solve(side, givens, &mut |grid| {
		smallest = Some(G::from(grid));
		false
	});
	smallest
}

/// Calls `found` with each solution of `givens` (a side's squares), smallest first, while it
/// says go on: the search of the judge file of that side.
pub(crate) fn solve(side: usize, givens: &[u8], found: &mut dyn FnMut(&[u8]) -> bool) {
	match side {
		9 => {
			let givens = givens.try_into().expect("a 9x9 grid");
			judge::Search::solve(givens, &mut |grid| found(grid));
		}
		_ => every_size::solve(side, givens, found),
	}
}

/// The solutions of `givens`, counted up to `limit`: in the classic's order up to 9x9 or for
/// many, else as the check finds them, each left out of the next search.
pub(crate) fn solutions(side: usize, givens: &[u8], limit: u64) -> u64 {
	match side {
		_ if side <= 9 || limit > EXCLUDED => {
			let mut found = 0;
			solve(side, givens, &mut |_| {
				found += 1;
				found < limit
			});
			found
		}
		_ => excluding(side, givens, limit),
	}
}

/// The most solutions counted by leaving each out of the next search (each makes the search
/// larger by a clause as long as the puzzle's blanks).
const EXCLUDED: u64 = 64;

/// The solutions of `givens` up to `limit`, each found by the check and left out.
fn excluding(side: usize, givens: &[u8], limit: u64) -> u64 {
	let (mut check, mut found) = (check_of(side, givens), 0);
	while found < limit {
		match check.solve() {
			Verdict::Sat(solution) => check.block(&solution),
			Verdict::Unsat(_) => break,
		}
		found += 1;
	}
	found
}

/// What the tools ask of src/every_size.rs's check, whose side is a constant.
pub(crate) trait Checks {
	fn solve(&mut self) -> Verdict;
	fn block(&mut self, solution: &[u8]);
}

impl<const S: usize> Checks for every_size::Cdcl<S> {
	fn solve(&mut self) -> Verdict {
		every_size::Cdcl::solve(self)
	}

	fn block(&mut self, solution: &[u8]) {
		every_size::Cdcl::block(self, solution)
	}
}

/// The check of side `side` (1, 4, 16 or 25) on `givens`: the one place a side becomes a
/// constant in the command.
pub(crate) fn check_of(side: usize, givens: &[u8]) -> Box<dyn Checks> {
	match side {
		1 => Box::new(every_size::Cdcl::<1>::new(givens)),
		4 => Box::new(every_size::Cdcl::<4>::new(givens)),
		16 => Box::new(every_size::Cdcl::<16>::new(givens)),
		_ => Box::new(every_size::Cdcl::<25>::new(givens)),
	}
}

/// What the work on a puzzle finds.
pub(crate) enum Found {
	/// A solution, each square's symbol from 1; the smallest first.
	Solution(Grid),
	/// A line said of the puzzle (its count, its rating), or said before it (--explain's
	/// steps), and whether it has a solution.
	Said(String, bool),
	/// The puzzle worked on (--solve), back with its blanks filled in if it has a solution, and
	/// whether it has.
	Filled(Box<dyn Squares>, bool),
}

/// Where the answers to an input go: the output, the messages about it, its name in them, and
/// whether every puzzle so far has a solution.
pub(crate) struct Output<'a> {
	pub(crate) out: &'a mut dyn Write,
	pub(crate) err: &'a mut dyn Write,
	pub(crate) name: &'a str,
	pub(crate) solved: &'a mut bool,
}

impl Output<'_> {
	/// Says that the puzzle has no solution.
	pub(crate) fn unsolved(&mut self, puzzle: &dyn Squares) {
		*self.solved = false;
		let (number, line) = puzzle.place();
		let said = at(
			self.name,
			line,
			None,
			&format!("puzzle {number} has no solution"),
		);
		let _ = self.err.write_all(said.as_bytes());
	}
}

// ---- The line a reading error names, read as another side would read it.

/// An input whose first bytes are kept, so that the line a reading error names there can be
/// read again.
pub(crate) struct Recent<'a> {
	input: &'a mut dyn Read,
	kept: Rc<RefCell<Vec<u8>>>,
}

/// The bytes kept at the start of an input: a line of squares after more is read as no other
/// side's.
const KEPT: usize = 1 << 16;

impl<'a> Recent<'a> {
	pub(crate) fn new(input: &'a mut dyn Read) -> Recent<'a> {
		let kept = Rc::new(RefCell::new(Vec::new()));
		Recent { input, kept }
	}
}

impl Read for Recent<'_> {
	fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
		let n = self.input.read(buf)?;
		let kept = &mut *self.kept.borrow_mut();
		kept.extend_from_slice(&buf[..n.min(KEPT - kept.len().min(KEPT))]);
		Ok(n)
	}
}

/// What a reading error `why` ends with, when the line it names is the input's first with
/// squares: which other side reads that line, as a row of a puzzle or a whole puzzle
/// (` (--size 16 reads this line: a row of a 16x16 puzzle)`); nothing if none does.
fn hint(why: &str, kept: &[u8], side: Option<usize>) -> String {
	let number = place(why).map(|(line, ..)| line);
	let mut lines = kept.split(|&c| c == b'\n');
	let before = |line: &[u8]| {
		let words: Vec<&[u8]> = line
			.split(u8::is_ascii_whitespace)
			.filter(|w| !w.is_empty())
			.collect();
		words.is_empty()
			|| words[0][0] == b'#'
			|| words.len() == 1 && words[0].iter().all(u8::is_ascii_digit)
	};
	let line = match number {
		Some(number) if lines.by_ref().take(number - 1).all(before) => lines.next(),
		_ => None,
	};
	// Whole: a line break follows it, or the input ended before `KEPT`.
	let line = match line {
		Some(line) if kept.len() < KEPT || line.as_ptr_range().end < kept.as_ptr_range().end => {
			line
		}
		_ => return String::new(),
	};
	for other in [4, 9, 16, 25]
		.into_iter()
		.filter(|&other| Some(other) != side)
	{
		for (times, what) in [(1, "a"), (other, "a row of a")] {
			if reads_as(&[line, b"\n"].concat().repeat(times), other) {
				return format!(" (--size {other} reads this line: {what} {other}x{other} puzzle)");
			}
		}
	}
	String::new()
}

/// Whether the first puzzle in `text` is one of side `side`, as that side's judge file reads.
fn reads_as(mut text: &[u8], side: usize) -> bool {
	if side == 9 {
		let mut reader = judge::Reader::new(&mut text);
		while let Ok(Some(mut pieces)) = reader.next(&mut io::sink()) {
			if pieces.any(|piece| matches!(piece, judge::Piece::Puzzle(_))) {
				return true;
			}
		}
		return false;
	}
	let mut reader = every_size::Reader::new(&mut text);
	loop {
		match reader.next(&mut io::sink()) {
			Ok(Some(every_size::Piece::Text(_))) => continue,
			Ok(Some(every_size::Piece::Puzzle(puzzle))) => return puzzle.side == side,
			_ => return false,
		}
	}
}
