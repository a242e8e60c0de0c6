//! Reading an input: the puzzles of one side (or each of its own), as each judge file reads
//! its side, in pieces; and what a reading error adds: which other side reads the line it
//! names.

use super::every_size;
use super::inputs::place;
use super::judge;
use super::puzzles::{sized, Piece, Squares};
use std::cell::RefCell;
use std::io::{self, Read, Write};
use std::rc::Rc;

/// Why an input stopped being read: a reading error (`line L, column C: what`, as the judge
/// files say it), or the output failed (answers sent before a read that may wait).
pub(crate) enum Stop {
	Read(String),
	Write(io::Error),
}

impl From<io::Error> for Stop {
	fn from(e: io::Error) -> Stop {
		Stop::Write(e)
	}
}

impl From<judge::Stop> for Stop {
	fn from(stop: judge::Stop) -> Stop {
		match stop {
			judge::Stop::Read(why) => Stop::Read(why),
			judge::Stop::Write(e) => Stop::Write(e),
		}
	}
}

impl From<every_size::Stop> for Stop {
	fn from(stop: every_size::Stop) -> Stop {
		match stop {
			every_size::Stop::Read(why) => Stop::Read(why),
			every_size::Stop::Write(e) => Stop::Write(e),
		}
	}
}

/// The judge files' readers, each handing on the pieces of each line it reads.
trait Reads {
	/// Adds the next line's pieces to `pieces`, `out` flushed first if the read may wait;
	/// false: the end.
	fn pieces(&mut self, out: &mut dyn Write, pieces: &mut Vec<Piece>) -> Result<bool, Stop>;
}

impl Reads for judge::Reader<'_> {
	fn pieces(&mut self, out: &mut dyn Write, pieces: &mut Vec<Piece>) -> Result<bool, Stop> {
		let Some(read) = self.next(out)? else {
			return Ok(false);
		};
		pieces.extend(read.map(|piece| match piece {
			judge::Piece::Text(text) => Piece::Text(text),
			judge::Piece::Puzzle(puzzle) => Piece::Puzzle(puzzle as Box<dyn Squares>),
		}));
		Ok(true)
	}
}

impl Reads for every_size::Reader<'_> {
	fn pieces(&mut self, out: &mut dyn Write, pieces: &mut Vec<Piece>) -> Result<bool, Stop> {
		pieces.push(match self.next(out)? {
			None => return Ok(false),
			Some(every_size::Piece::Text(text)) => Piece::Text(text),
			Some(every_size::Piece::Puzzle(read)) => Piece::Puzzle(sized(read)),
		});
		Ok(true)
	}
}

/// What a judge file's reader flushes before a read that may wait (and writes nothing to):
/// the flush is `send`, which sends out the answers to what was read.
struct BeforeWait<'a>(&'a mut dyn FnMut() -> io::Result<()>);

impl Write for BeforeWait<'_> {
	fn write(&mut self, _: &[u8]) -> io::Result<usize> {
		Err(io::Error::other("the readers write nothing"))
	}

	fn flush(&mut self) -> io::Result<()> {
		(self.0)()
	}
}

/// Reads the puzzles of one side (None: each of its own) from an input, a line at a time: 9x9
/// by src/main.rs's rule, the others by src/every_size.rs's.
pub(crate) struct LineReader<'a> {
	reads: Box<dyn Reads + 'a>,
	side: Option<usize>,
	/// The input's first bytes: a reading error on its first line of squares says which other
	/// side reads that line.
	first: Rc<RefCell<Vec<u8>>>,
}

impl<'a> LineReader<'a> {
	pub(crate) fn new(input: &'a mut Remembered, side: Option<usize>) -> LineReader<'a> {
		let first = input.first.clone();
		let input: &'a mut dyn Read = input;
		let reads: Box<dyn Reads + 'a> = match side {
			Some(9) => Box::new(judge::Reader::new(input)),
			_ => Box::new(every_size::Reader::new(input)),
		};
		LineReader { reads, side, first }
	}

	/// Adds the next line's pieces to `pieces`; before a read that may wait, `send` sends out
	/// the answers so far. False: the end. A puzzle of another side is an error.
	pub(crate) fn next(
		&mut self,
		pieces: &mut Vec<Piece>,
		send: &mut dyn FnMut() -> io::Result<()>,
	) -> Result<bool, Stop> {
		let from = pieces.len();
		let read = self.reads.pieces(&mut BeforeWait(send), pieces);
		let read = read.and_then(|more| {
			for piece in &pieces[from..] {
				if let Piece::Puzzle(puzzle) = piece {
					self.of_the_side(&**puzzle)?;
				}
			}
			Ok(more)
		});
		read.map_err(|stop| match stop {
			Stop::Read(why) => {
				let hint = hint(&why, &self.first.borrow(), self.side);
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

// ---- The line a reading error names, read as another side would read it.

/// An input whose first bytes are remembered, so that the line a reading error names there can
/// be read again.
pub(crate) struct Remembered<'a> {
	input: &'a mut dyn Read,
	first: Rc<RefCell<Vec<u8>>>,
}

/// The bytes remembered at the start of an input: a line of squares after more is read as no
/// other side's.
const REMEMBERED: usize = 1 << 16;

impl<'a> Remembered<'a> {
	pub(crate) fn new(input: &'a mut dyn Read) -> Remembered<'a> {
		let first = Rc::new(RefCell::new(Vec::new()));
		Remembered { input, first }
	}
}

impl Read for Remembered<'_> {
	fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
		let n = self.input.read(buf)?;
		let first = &mut *self.first.borrow_mut();
		first.extend_from_slice(&buf[..n.min(REMEMBERED - first.len().min(REMEMBERED))]);
		Ok(n)
	}
}

/// What a reading error `why` ends with, when the line it names is the input's first with
/// squares: which other side reads that line, as a row of a puzzle or a whole puzzle
/// (` (--size 16 reads this line: a row of a 16x16 puzzle)`); nothing if none does.
fn hint(why: &str, first: &[u8], side: Option<usize>) -> String {
	let number = place(why).map(|(line, ..)| line);
	let mut lines = first.split(|&c| c == b'\n');
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
	// Whole: a line break follows it, or the input ended before `REMEMBERED`.
	let line = match line {
		Some(line)
			if first.len() < REMEMBERED || line.as_ptr_range().end < first.as_ptr_range().end =>
		{
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
