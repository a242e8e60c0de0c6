//! --all: every solution of each puzzle, each written as its puzzle's block (the puzzle with the
//! border lines right around it, a drawn grid's).

use super::answer::Job;
use super::cores::Ticket;
use super::puzzles::{Found, Output, Squares};
use std::io::{self, Write};
use std::mem::take;

/// What a puzzle's work finds, to be taken.
pub(crate) type Coming<'w> = Ticket<'w, Job, Found>;

/// Writes the blocks of an input: a puzzle waits, with the lines before it, for those after it.
pub(crate) struct Blocks<'w> {
	/// A line break owed once more follows a block that ended mid-line (the next input's too).
	pub(crate) owed: &'static [u8],
	lines: Vec<u8>,
	puzzle: Option<(Box<dyn Squares>, Coming<'w>, Vec<u8>)>,
}

/// Layout-only lines past this many bytes in a row are no part of a block: memory stays bounded.
const BORDERS_MOST: usize = 1 << 20;

impl<'w> Blocks<'w> {
	pub(crate) fn new(owed: &'static [u8]) -> Blocks<'w> {
		Blocks {
			owed,
			lines: Vec::new(),
			puzzle: None,
		}
	}

	/// A line without squares: a border joins the block, anything else closes it.
	pub(crate) fn text(&mut self, text: Vec<u8>, to: &mut Output) -> io::Result<()> {
		if border(&text) && self.lines.len() < BORDERS_MOST {
			self.lines.extend_from_slice(&text);
			return Ok(());
		}
		self.close(false, to)?;
		self.write(to.out, &text)
	}

	/// A puzzle, and its solutions to come: it closes the block before, whose lines after it
	/// are this one's lines before.
	pub(crate) fn puzzle(
		&mut self,
		puzzle: Box<dyn Squares>,
		coming: Coming<'w>,
		to: &mut Output,
	) -> io::Result<()> {
		self.close(true, to)?;
		self.puzzle = Some((puzzle, coming, take(&mut self.lines)));
		Ok(())
	}

	/// The input ended, `whole` or at a reading error: after one, a puzzle that ends mid-line
	/// shares that line with the broken one, and none of it is written.
	pub(crate) fn end(&mut self, whole: bool, to: &mut Output) -> io::Result<()> {
		if let (false, Some((puzzle, ..)), true) = (whole, &self.puzzle, self.lines.is_empty()) {
			if !puzzle.text().ends_with(b"\n") {
				self.puzzle = None;
			}
		}
		self.close(false, to)
	}

	fn write(&mut self, out: &mut dyn Write, bytes: &[u8]) -> io::Result<()> {
		out.write_all(take(&mut self.owed))?;
		out.write_all(bytes)
	}

	/// Answers the waiting puzzle; its lines after stay on for the next if `shared`.
	fn close(&mut self, shared: bool, to: &mut Output) -> io::Result<()> {
		let after = match shared {
			true => self.lines.clone(),
			false => take(&mut self.lines),
		};
		match self.puzzle.take() {
			Some((mut puzzle, coming, before)) => {
				if self.write_solutions(&mut *puzzle, coming, &before, &after, to.out)? == 0 {
					to.unsolved(&*puzzle);
				}
				Ok(())
			}
			None if shared => Ok(()),
			None => self.write(to.out, &after),
		}
	}

	/// Writes the block of each solution as it comes; the number written.
	fn write_solutions(
		&mut self,
		puzzle: &mut dyn Squares,
		coming: Coming,
		before: &[u8],
		after: &[u8],
		out: &mut dyn Write,
	) -> io::Result<u64> {
		let (between, owed) = separators(&[before, puzzle.text(), after].concat());
		let (mut solutions, mut failed) = (0, Ok(()));
		coming.take(&mut |found| {
			if let Found::Solution(grid) = found {
				solutions += 1;
				puzzle.fill_in(&grid);
				let first = if solutions == 1 {
					puzzle.label()
				} else {
					&between
				};
				failed = [first, before, puzzle.text(), after]
					.iter()
					.try_for_each(|part| self.write(out, part));
			}
			failed.is_ok()
		});
		failed?;
		if solutions > 0 {
			self.owed = owed;
		}
		Ok(solutions)
	}
}

/// A line of layout only (a drawn grid's border), of the lines without squares the reader hands
/// on: not white space, no label (a letter), no comment (`#`).
fn border(text: &[u8]) -> bool {
	let white = text.iter().all(u8::is_ascii_whitespace);
	!white && !text.iter().any(|&c| c.is_ascii_alphabetic() || c == b'#')
}

/// Between two solutions of a block: its missing line break, and an empty line if it spans
/// several lines; and the line break owed after the last.
fn separators(block: &[u8]) -> (Vec<u8>, &'static [u8]) {
	let eol: &'static [u8] = if block.windows(2).any(|w| w == b"\r\n") {
		b"\r\n"
	} else {
		b"\n"
	};
	let (ends, breaks) = (
		block.ends_with(b"\n"),
		block.iter().filter(|&&c| c == b'\n').count(),
	);
	let owed = if ends { &b""[..] } else { eol };
	(
		if breaks > ends as usize {
			[owed, eol].concat()
		} else {
			owed.to_vec()
		},
		owed,
	)
}
