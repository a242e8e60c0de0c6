//! The puzzles the tools read, 9x9 by the judge program's rule (`src/main.rs`) or another size
//! by the rule of the judge program for every size (`src/every_size.rs`): what the tools ask of
//! each, the pieces of an input from reader to writer, and where their answers go.

use super::every_size;
use super::inputs::at;
use super::judge;
use std::io::Write;

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

/// A puzzle src/every_size.rs read.
pub(crate) fn sized(read: Box<every_size::Puzzle>) -> Box<dyn Squares> {
	Box::new(Sized {
		read,
		filled: Vec::new(),
	})
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

/// A puzzle with a name before it on its line (`Puzzle 12 `, `12 `, `12;`): its reader read the
/// line with the name blanked out, and the name is written back as its label.
struct Named {
	name: Vec<u8>,
	puzzle: Box<dyn Squares>,
}

/// The puzzle, with the name blanked before it (if any) as its label.
pub(crate) fn named(name: Option<Vec<u8>>, puzzle: Box<dyn Squares>) -> Box<dyn Squares> {
	match name {
		Some(name) => Box::new(Named { name, puzzle }),
		None => puzzle,
	}
}

impl Squares for Named {
	fn side(&self) -> usize {
		self.puzzle.side()
	}

	fn givens(&self) -> &[u8] {
		self.puzzle.givens()
	}

	fn place(&self) -> (usize, usize) {
		self.puzzle.place()
	}

	fn label(&self) -> &[u8] {
		&self.name
	}

	/// Its text after the blanks where its name stood (all of it once it says `NO SOLUTION`).
	fn text(&self) -> &[u8] {
		let text = self.puzzle.text();
		text.get(self.name.len()..).unwrap_or(text)
	}

	fn fill_in(&mut self, grid: &[u8]) {
		self.puzzle.fill_in(grid);
	}

	fn says_none(&mut self) -> bool {
		self.puzzle.says_none()
	}
}

/// Whether a line without squares holds words (a letter: a label, a name; or a comment), not
/// only layout (a drawn grid's border, `};`) and white space.
pub(crate) fn has_words(text: &[u8]) -> bool {
	text.iter().any(|&c| c.is_ascii_alphabetic() || c == b'#')
}

/// A piece of an input, from the reader to the writer: text without squares, or a puzzle (as
/// read, then with its work coming: `Piece<Coming>`).
pub(crate) enum Piece<P = Box<dyn Squares>> {
	Text(Vec<u8>),
	Puzzle(P),
}

impl<P> Piece<P> {
	/// The same piece, its puzzle made `Q`.
	pub(crate) fn map<Q>(self, f: impl FnOnce(P) -> Q) -> Piece<Q> {
		match self {
			Piece::Text(text) => Piece::Text(text),
			Piece::Puzzle(puzzle) => Piece::Puzzle(f(puzzle)),
		}
	}
}

impl Piece {
	/// Its bytes of text.
	pub(crate) fn bytes(&self) -> usize {
		match self {
			Piece::Text(text) => text.len(),
			Piece::Puzzle(puzzle) => puzzle.text().len(),
		}
	}
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
