//! --all: every solution of each puzzle, each written as its puzzle's block (the puzzle with the
//! border lines right around it, a drawn grid's).

use super::cores::{worker_gone, Coming, Found};
use super::puzzles::{has_words, Output, Squares};
use std::io::{self, Write};
use std::mem::take;

/// Writes the blocks of an input: a puzzle waits, with the lines before it, for those after it.
pub(crate) struct Blocks<'w> {
	/// A line break owed once more follows a block that ended mid-line (the next input's too).
	pub(crate) owed: &'static [u8],
	lines: Vec<u8>,
	/// The puzzle waiting: its work coming, and its lines before.
	puzzle: Option<(Coming<'w>, Vec<u8>)>,
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
		self.close(false, false, to)?;
		self.write(to.out, &text)
	}

	/// A puzzle, its solutions to come: it closes the block before, whose lines after it are
	/// this one's lines before.
	pub(crate) fn puzzle(&mut self, coming: Coming<'w>, to: &mut Output) -> io::Result<()> {
		self.close(true, false, to)?;
		self.puzzle = Some((coming, take(&mut self.lines)));
		Ok(())
	}

	/// The input ended, `whole` or at a reading error: after one, a puzzle that ends mid-line
	/// shares that line with the broken one, and none of it is written.
	pub(crate) fn end(&mut self, whole: bool, to: &mut Output) -> io::Result<()> {
		let cut = !whole && self.lines.is_empty();
		self.close(false, cut, to)
	}

	fn write(&mut self, out: &mut dyn Write, bytes: &[u8]) -> io::Result<()> {
		out.write_all(take(&mut self.owed))?;
		out.write_all(bytes)
	}

	/// Answers the waiting puzzle (not if it is `cut` and ends mid-line); its lines after stay
	/// on for the next if `shared`.
	fn close(&mut self, shared: bool, cut: bool, to: &mut Output) -> io::Result<()> {
		let after = match shared {
			true => self.lines.clone(),
			false => take(&mut self.lines),
		};
		match self.puzzle.take() {
			Some((coming, before)) => self.write_solutions(coming, [&before, &after], cut, to),
			None if shared => Ok(()),
			None => self.write(to.out, &after),
		}
	}

	/// Writes the block of each solution of a puzzle as it comes, between its lines `around`
	/// (before, after); none if it is `cut` and ends mid-line.
	fn write_solutions(
		&mut self,
		coming: Coming,
		[before, after]: [&[u8]; 2],
		cut: bool,
		to: &mut Output,
	) -> io::Result<()> {
		let (mut puzzle, mut solutions, mut failed) = (None::<Box<dyn Squares>>, 0, Ok(()));
		let (mut between, mut owed, mut dropped) = (Vec::new(), &b""[..], false);
		coming.take(&mut |found| {
			match (found, &mut puzzle) {
				(Found::Puzzle(back), _) if cut && !back.text().ends_with(b"\n") => dropped = true,
				(Found::Puzzle(back), _) => {
					(between, owed) = separators(&[before, back.text(), after].concat());
					puzzle = Some(back);
				}
				(Found::Solution(grid), Some(puzzle)) => {
					solutions += 1;
					puzzle.fill_in(&grid);
					let first = if solutions == 1 {
						puzzle.label()
					} else {
						&between
					};
					failed = [first, before, puzzle.text(), after]
						.iter()
						.try_for_each(|part| self.write(to.out, part));
				}
				_ => {}
			}
			failed.is_ok() && !dropped
		});
		failed?;
		match puzzle {
			_ if dropped => self.write(to.out, after),
			None => Err(worker_gone()),
			Some(_) if solutions > 0 => {
				self.owed = owed;
				Ok(())
			}
			Some(puzzle) => {
				to.unsolved(&*puzzle);
				Ok(())
			}
		}
	}
}

/// A line of layout only (a drawn grid's border), of the lines without squares the reader hands
/// on: not white space, no label (a letter), no comment (`#`).
fn border(text: &[u8]) -> bool {
	let white = text.iter().all(u8::is_ascii_whitespace);
	!white && !has_words(text)
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
