//! Sudoku: fills in the blanks of 9x9 puzzles with the classic search of AcWing 166 and 1613,
//! and writes, for every puzzle, the answer the classic writes: its smallest solution.
//!
//! Glossary:
//! - square: one of the 81 places of the grid; `x`, `y` its row and column, 0 to 8 from the top
//!   left, `p = 9 * x + y`; box: one of the nine 3x3 squares of squares.
//! - `d`: a digit 0 to 8, standing for `d + 1`, so that it indexes the arrays.
//! - `row[x][d]`, `col[y][d]`, `cell[x / 3][y / 3][d]`: digit d is used in row x, in column y,
//!   in the box of square (x, y).
//! - `dfs(x, y)`: tries each digit those arrays allow at (x, y), the first empty square in
//!   reading order, and searches on; `place` and `remove` put a digit in and take it back.
//! - band `b`: rows 3b to 3b + 2; `i`: a square's bit in its band, `9 * (x % 3) + y`.
//! - board: `open[d][b]`, the squares of band b that can still take digit d; it settles (fills
//!   what its rules force) and probes (tries both digits of a square with two left).
//! - piece: what the reader hands on, a line at a time: text, or a puzzle with its text.
//! - `// <shared: NAME>` to `// </shared: NAME>`: text src/every_size.rs has too, the same.

use std::fmt;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::mem::{replace, take};

/// A table worked out when compiling: `n` entries, entry i given by `f`.
macro_rules! table {
	($zero:expr; $n:expr, |$i:ident| $f:expr) => {{
		let (mut table, mut $i) = ([$zero; $n], 0);
		while $i < $n {
			table[$i] = $f;
			$i += 1;
		}
		table
	}};
}

/// Reads standard input, writes the answers to standard output and messages to standard error.
fn main() {
	refuse_arguments();
	let (stdin, stdout, stderr) = (io::stdin(), io::stdout(), io::stderr());
	let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
	std::process::exit(run(&mut stdin.lock(), &mut out, &mut stderr.lock()));
}

// <shared: refusing arguments>
/// Refuses any argument in one line, status 2: a judge passes none.
fn refuse_arguments() {
	if std::env::args_os().len() > 1 {
		let why = "sudoku: this program reads standard input only; the sudoku command (cargo \
                   install --path .) reads files and has the tools\n";
		std::process::exit(fail(&mut io::stderr(), why.into()));
	}
}
// </shared: refusing arguments>

// <shared: the run and I/O failures>
/// Answers `input`; the exit status: 0 every puzzle solved, 1 some puzzle has no solution, 2 bad
/// input or a failure to read or write.
pub fn run(input: &mut dyn Read, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
	let mut solved = true;
	let status = match answer(input, out, err, &mut solved) {
		Ok(()) => !solved as i32,
		Err(Stop::Read(e)) => fail(err, format!("{e}\n")),
		Err(Stop::Write(e)) => return output_failed(err, e, !solved as i32),
	};
	finish(out, err, status)
}

/// Why an input stopped being answered.
pub enum Stop {
	Read(String),
	Write(io::Error),
}

impl From<io::Error> for Stop {
	fn from(e: io::Error) -> Stop {
		Stop::Write(e)
	}
}

/// Flushes the output; `status`, or what its failure makes it.
pub fn finish(out: &mut dyn Write, err: &mut dyn Write, status: i32) -> i32 {
	match out.flush() {
		Ok(()) => status,
		Err(e) => output_failed(err, e, status),
	}
}

/// Says `message` in one write (lines of parallel runs do not mix); 2, a failure's status.
pub fn fail(err: &mut dyn Write, message: String) -> i32 {
	let _ = err.write_all(message.as_bytes());
	2
}

/// A reader of the output that went away (`| head`) is normal: `status` stands; any other
/// failure is said.
pub fn output_failed(err: &mut dyn Write, e: io::Error, status: i32) -> i32 {
	if e.kind() == io::ErrorKind::BrokenPipe {
		return status;
	}
	let why = worded(&e);
	fail(err, format!("sudoku: cannot write the output: {why}\n"))
}

/// An error as the usual tools word it: "No such file or directory", not "... (os error 2)".
pub fn worded(e: &io::Error) -> String {
	let text = e.to_string();
	text[..text.find(" (os error ").unwrap_or(text.len())].to_string()
}
// </shared: the run and I/O failures>

// ---- Reading: a line at a time, whole pieces out (no broken line is ever written).

/// Longer lines (line break left out) are refused, and puzzles twice as long: memory stays bounded.
const LONGEST: usize = 1 << 20;

/// What the reader hands on: a line without squares, or a puzzle.
pub enum Piece {
	Text(Vec<u8>),
	Puzzle(Box<Puzzle>),
}

/// A puzzle: its givens (0: blank), where its `n` squares read stand in its text, its label.
pub struct Puzzle {
	pub number: usize,
	pub line: usize,
	pub givens: [u8; 81],
	places: [u32; 81],
	n: usize,
	pub label: Vec<u8>,
	pub text: Vec<u8>,
}

impl Puzzle {
	/// Takes the squares at the start of `body` (at `at` in its text) while it has room; how many.
	fn take_squares(&mut self, body: &[u8], at: usize) -> usize {
		let (n, mut taken) = (self.n, 0);
		let room = self.givens[n..].iter_mut().zip(&mut self.places[n..]);
		for ((given, place), &c) in room.zip(body) {
			match CLASS[c as usize] {
				class @ 0..=9 => (*given, *place) = (class, (at + taken) as u32),
				_ => break,
			}
			taken += 1;
		}
		self.n += taken;
		taken
	}
}

/// A puzzle being read, as reading errors name it: how many of its squares were read.
impl fmt::Display for Puzzle {
	fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
		f.write_str(&squares_read(self.number, self.line, self.n))
	}
}

/// How messages name a puzzle: its number and first line, and `more` said of it there.
pub fn puzzle_name(number: usize, line: usize, more: &str) -> String {
	format!("puzzle {number} (line {line}{more})")
}

/// A puzzle named with how many of its squares were read.
fn squares_read(number: usize, line: usize, n: usize) -> String {
	puzzle_name(number, line, "") + &format!(" with {n} of its 81 squares")
}

/// What each byte is: a square's given (0 for a blank), or one of these kinds.
const CLASS: [u8; 256] = table!(0; 256, |c| match c as u8 {
	given @ b'0'..=b'9' => given - b'0',
	b'.' | b'?' | b'_' | b'*' => 0,
	b' ' | b'\t' | b'\r' | b'\n' | b'|' | b'+' | b'-' | b'=' | b',' | b';' | b'[' | b']' | b'{'
	| b'}' | b'"' | b'\'' => LAYOUT,
	b'#' => HASH,
	b'A'..=b'Z' | b'a'..=b'z' => LETTER,
	0xE2 => BOX_DRAWING,
	_ => OTHER,
});
const LAYOUT: u8 = 10;
const HASH: u8 = 11;
const LETTER: u8 = 12;
/// U+2500 to U+257F: E2 94|95 80..BF.
const BOX_DRAWING: u8 = 13;
const OTHER: u8 = 14;

pub struct Reader<'a> {
	input: BufReader<&'a mut dyn Read>,
	/// The line read, and its room for the next.
	text: Vec<u8>,
	line: usize,
	pieces: Vec<Piece>,
	current: Option<Box<Puzzle>>,
	puzzles: usize,
	/// A line with more than white space was read: no count line after it.
	begun: bool,
	/// The column where the input ended, on the last line, once it has.
	ended_at: Option<usize>,
}

impl<'a> Reader<'a> {
	pub fn new(input: &'a mut dyn Read) -> Reader<'a> {
		Reader {
			input: BufReader::with_capacity(1 << 16, input),
			text: Vec::new(),
			line: 0,
			pieces: Vec::new(),
			current: None,
			puzzles: 0,
			begun: false,
			ended_at: None,
		}
	}

	/// The next line's pieces, once the answers so far went out (a read may wait); None: the end.
	pub fn next(
		&mut self,
		out: &mut dyn Write,
	) -> Result<Option<std::vec::Drain<'_, Piece>>, Stop> {
		if self.input.buffer().is_empty() {
			out.flush()?;
		}
		self.pieces.clear();
		match self.read().map_err(Stop::Read)? {
			true => Ok(Some(self.pieces.drain(..))),
			false => Ok(None),
		}
	}

	/// Reads the next line into `pieces`; false at the end of the input or the `end` line.
	fn read(&mut self) -> Result<bool, String> {
		if let Some(column) = self.ended_at {
			return self.end(column);
		}
		let mut line = take(&mut self.text);
		let newline = self.read_line(&mut line)?;
		if self.line == 1 && line.starts_with(b"\xEF\xBB\xBF") {
			line.drain(..3); // a byte-order mark
		}
		if !newline {
			self.ended_at = Some(line.len() + 1);
			if line.is_empty() {
				return self.read();
			}
		}
		let end = line.len() - newline as usize;
		let words = trim(&line[..end]);
		let mut start = 0;
		if self.current.is_none() && !words.is_empty() {
			let count = words.len() <= 8 && words.iter().all(u8::is_ascii_digit);
			if !replace(&mut self.begun, true) && count {
				return Ok(true); // the count of test cases some judges send first
			}
			if words.eq_ignore_ascii_case(b"end") {
				return self.end(1);
			}
			let number = words.iter().take_while(|c| c.is_ascii_digit()).count();
			if words[0].is_ascii_alphabetic()
				|| (1..9).contains(&number) && matches!(words.get(number), Some(b',' | b'\t'))
			{
				start = self.label(&line[..end])?;
			}
		}
		let count = self.squares(&line, end, start)?;
		if let (Some(column), Some(_)) = (self.ended_at, &self.current) {
			return self.end(column); // the input ends inside a puzzle: nothing of the line goes
		}
		if count == 0 && self.current.is_none() {
			self.pieces.push(Piece::Text(line));
		} else {
			self.text = line;
		}
		Ok(true)
	}

	/// Where squares start after a label: a line of letters' last `=`, else the end of a name
	/// with a puzzle or whole rows after it (`Name:`, `AI Escargot<TAB>`, a number of fewer than
	/// nine digits and `,` or tab), else
	/// nowhere (a line of letters is all label); a letter before a row is a typo.
	fn label(&self, body: &[u8]) -> Result<usize, String> {
		let class = |c: &u8| CLASS[*c as usize];
		let squares = |at: usize| body[at..].iter().filter(|c| class(c) < 10).count();
		let rows = |at| matches!(squares(at), n if n >= 81 || n % 9 == 0 && n > 0);
		let letter = match body.iter().position(u8::is_ascii_alphabetic) {
			Some(letter) => letter,
			None => {
				let name = body.iter().position(|c| b",\t".contains(c));
				let name = name.filter(|&at| rows(at + 1));
				return Ok(name.map_or(0, |at| at + 1));
			}
		};
		let equals = body.iter().rposition(|&c| c == b'=');
		let layout = body[letter + 1..].iter().all(|c| class(c) <= LAYOUT);
		if equals.is_none() && layout && squares(letter + 1) % 9 == 8 {
			let what = format!("letter '{}' in a row of squares", body[letter] as char);
			return Err(self.error(letter + 1, &(what + " (a blank is . 0 ? _ or *)")));
		}
		let name = 1 + body
			.iter()
			.rposition(|c| class(c) > LAYOUT)
			.unwrap_or(letter);
		Ok(equals.map_or(if rows(name) { name } else { body.len() }, |at| at + 1))
	}

	/// Reads the squares of `line[start..end]` (`..start`: the label of a puzzle begun); how many.
	fn squares(&mut self, line: &[u8], end: usize, start: usize) -> Result<usize, String> {
		let (mut current, mut label) = (self.current.take(), line[..start].to_vec());
		let whose = match &current {
			Some(puzzle) => (puzzle.number, puzzle.line, puzzle.n),
			None => (self.puzzles + 1, self.line, 0),
		};
		// `from`: where the text not handed on yet starts; `body`: the line without its break.
		let (body, mut from, mut count, mut i) = (&line[..end], start, 0, start);
		while i < body.len() {
			match CLASS[body[i] as usize] {
				0..=9 => {
					// Through a &mut Puzzle, not its box: no reload of the box for each square.
					let puzzle: &mut Puzzle = match &mut current {
						Some(puzzle) => puzzle,
						None => current.insert(self.begin(take(&mut label))),
					};
					let taken = puzzle.take_squares(&body[i..], puzzle.text.len() + i - from);
					(i, count) = (i + taken - 1, count + taken);
					if puzzle.n == 81 {
						// The rest of the line is trailing text, unless a square follows.
						let more = body.get(i + 1).map_or(false, |&c| CLASS[c as usize] <= 9);
						let to = if more { i + 1 } else { line.len() };
						self.grow(puzzle, &line[from..to], end)?;
						self.pieces.extend(current.take().map(Piece::Puzzle));
						from = to;
						if !more {
							break;
						}
					}
				}
				LAYOUT => {}
				HASH => break, // a comment, to the end of the line
				BOX_DRAWING if matches!(body[i + 1..], [0x94 | 0x95, 0x80..=0xBF, ..]) => i += 2,
				_ => return Err(self.unexpected(body[i], i, &current)),
			}
			i += 1;
		}
		if count % 9 != 0 {
			return Err(self.not_whole_rows(count, whose, end));
		}
		if let Some(puzzle) = &mut current {
			self.grow(puzzle, &line[from..], end)?;
		}
		self.current = current;
		Ok(count)
	}

	/// The line gives the puzzle (`whose`: number, line, squares before) part of a row.
	#[cold]
	fn not_whole_rows(&self, count: usize, whose: (usize, usize, usize), end: usize) -> String {
		let (number, line, had) = whose;
		let whose = squares_read(number, line, (had + count).min(81));
		let s = if count == 1 { "" } else { "s" };
		let what = format!("{count} square{s} on this line, not whole rows of 9, for {whose}");
		self.error(end + 1, &what)
	}

	/// A puzzle's first square is read.
	fn begin(&mut self, label: Vec<u8>) -> Box<Puzzle> {
		self.puzzles += 1;
		Box::new(Puzzle {
			number: self.puzzles,
			line: self.line,
			givens: [0; 81],
			places: [0; 81],
			n: 0,
			label,
			text: Vec::new(),
		})
	}

	/// More of the puzzle's text, up to twice the longest line.
	fn grow(&self, puzzle: &mut Puzzle, more: &[u8], end: usize) -> Result<(), String> {
		puzzle.text.extend_from_slice(more);
		match puzzle.text.len() > 2 * LONGEST {
			true => Err(self.error(end + 1, &format!("{puzzle} is longer than 2 MiB"))),
			false => Ok(()),
		}
	}

	/// Byte `c` at `at` is none the line may hold there.
	#[cold]
	fn unexpected(&self, c: u8, at: usize, current: &Option<Box<Puzzle>>) -> String {
		let what = match (CLASS[c as usize], current) {
			(LETTER, Some(puzzle)) => format!("letter '{}' inside {}", c as char, puzzle),
			_ if c.is_ascii_graphic() => format!("unexpected character '{}'", c as char),
			_ => format!("unexpected byte 0x{:02X}", c),
		};
		self.error(at + 1, &what)
	}

	// <shared: reading a line>
	/// Reads the next line into `text`; whether it ends with a line break.
	fn read_line(&mut self, text: &mut Vec<u8>) -> Result<bool, String> {
		text.clear();
		self.line += 1;
		let most = LONGEST as u64 + 2;
		if let Err(e) = (&mut self.input).take(most).read_until(b'\n', text) {
			let column = text.len() + 1;
			return Err(self.error(column, &format!("cannot read: {}", worded(&e))));
		}
		let newline = text.last() == Some(&b'\n');
		if text.len() > LONGEST + newline as usize {
			return Err(self.error(LONGEST + 1, "longer than 1 MiB"));
		}
		Ok(newline)
	}
	// </shared: reading a line>

	/// The input ends at `column` of the line: no puzzle may be open, and one must have been read.
	fn end(&self, column: usize) -> Result<bool, String> {
		match &self.current {
			Some(puzzle) => Err(self.error(column, &format!("the input ends inside {puzzle}"))),
			None if self.puzzles == 0 => Err(self.error(column, "no puzzle in the input")),
			None => Ok(false),
		}
	}

	/// A reading error, where it was found (line and column from 1, columns in bytes).
	fn error(&self, column: usize, what: &str) -> String {
		format!("line {}, column {}: {}", self.line, column, what)
	}
}

// <shared: trimming a line>
fn trim(bytes: &[u8]) -> &[u8] {
	let white = |c: &&u8| b" \t\r\n".contains(c);
	let from = bytes.iter().take_while(white).count();
	let to = bytes.len() - bytes[from..].iter().rev().take_while(white).count();
	&bytes[from..to]
}
// </shared: trimming a line>

// ---- The search: the classic's arrays and dfs(x, y), and a board that fills forced squares.

/// The classic's state (`grid`: digits 1 to 9, 0 while empty), and the board beside it.
pub struct Search {
	row: [[bool; 9]; 9],
	col: [[bool; 9]; 9],
	cell: [[[bool; 9]; 3]; 3],
	grid: [u8; 81],
	board: Board,
	trail: [u8; 81],
	placed: usize,
	/// Calls of dfs, squares probed and boards searched by the check.
	steps: u64,
	/// Probes cost one where both digits live, dead ends earn `EARNED`: many solutions, few probes.
	credit: u32,
	/// The steps when the last solution was found (0 before the first).
	found_at: u64,
	/// The board of the givens (what they force settled), and how many squares it fills.
	start: Board,
	first: usize,
	/// A solution of each board on the way to the current one, once the budget is spent.
	witness: Option<Board>,
	/// Where dfs goes back to: 0 if the givens have no solution, i + 1 if the digit placed at
	/// `trail[i]` leads to none.
	dead: usize,
	/// The way here has been checked since the budget was last spent.
	checked: bool,
}

/// The steps the classic may take without finding a solution before it checks each digit.
const BUDGET: u64 = 2000;

/// No digit is dead.
const NONE: usize = usize::MAX;

/// The credit a dead end earns for probes, up to `MOST_CREDIT`: where dead ends are many, probes
/// pay; where solutions are many, probes find both digits live and stop when the credit is spent.
const EARNED: u32 = 2;
const MOST_CREDIT: u32 = 30;

/// A dead end earns probes credit.
fn earn(credit: &mut u32) {
	*credit = (*credit + EARNED).min(MOST_CREDIT);
}

impl Search {
	/// Calls `found` with each solution, smallest first, while it says go on; the steps taken.
	pub fn solve(givens: &[u8; 81], found: &mut dyn FnMut(&[u8; 81]) -> bool) -> u64 {
		let mut search = Search {
			row: [[false; 9]; 9],
			col: [[false; 9]; 9],
			cell: [[[false; 9]; 3]; 3],
			grid: [0; 81],
			board: EMPTY,
			trail: [0; 81],
			placed: 0,
			steps: 0,
			credit: 1,
			found_at: 0,
			start: EMPTY,
			first: 0,
			witness: None,
			dead: NONE,
			checked: false,
		};
		for (p, &given) in givens.iter().enumerate() {
			if given != 0 {
				let (x, y, d) = (p / 9, p % 9, given as usize - 1);
				if !search.free(x, y, d) {
					return 0; // clashing givens
				}
				search.place(x, y, d);
				search.board.assign(p, d);
			}
		}
		if search.place_forced() {
			(search.start, search.first) = (search.board, search.placed);
			match search.next_square() {
				Some((x, y)) => search.dfs(x, y, found),
				None => found(&search.grid),
			};
		}
		search.steps
	}

	/// Tries each digit allowed at (x, y), as the classic does; false once told to stop.
	fn dfs(&mut self, x: usize, y: usize, found: &mut dyn FnMut(&[u8; 81]) -> bool) -> bool {
		self.steps += 1;
		let (p, saved, mark) = (9 * x + y, self.board, self.placed);
		let mut go_on = true;
		for d in 0..9 {
			// The classic's test, then the board's, which implies it (a digit the row, column or
			// box holds is gone from the board) and has ruled out more.
			if !self.free(x, y, d) || !saved.allows(p, d) {
				continue;
			}
			self.place(x, y, d);
			self.board.assign(p, d);
			if self.place_forced() && self.may_lead_on(mark) {
				go_on = match self.next_square() {
					Some((x, y)) => self.dfs(x, y, found),
					None => {
						(self.found_at, self.checked) = (self.steps, false);
						self.witness = Some(self.board);
						found(&self.grid)
					}
				};
			} else {
				earn(&mut self.credit);
			}
			while self.placed > mark {
				self.remove();
			}
			self.board = saved;
			if self.dead == mark + 1 {
				self.dead = NONE; // this digit leads to no solution: the next
			}
			if !go_on || self.dead <= mark {
				break;
			}
		}
		go_on
	}

	/// Past the budget, only boards the check finds a solution for, or the witness is one of: a
	/// dead end far below costs the budget once, not once per way of filling the squares above.
	/// The first time, the way here from the givens (to the first board without a solution,
	/// where dfs goes back); then the digit tried at `trail[mark]` only.
	fn may_lead_on(&mut self, mark: usize) -> bool {
		if self.steps - self.found_at <= BUDGET {
			return true;
		}
		let (mut board, mut witness) = (self.start, self.witness);
		if witness.is_none() {
			witness = board.decide(&mut self.steps);
			self.dead = if witness.is_none() { 0 } else { NONE };
		}
		let from = if self.checked { mark } else { self.first };
		self.checked = true;
		for i in self.first..self.placed {
			if self.dead != NONE {
				break;
			}
			let p = self.trail[i] as usize;
			let d = self.grid[p] as usize - 1;
			board.assign(p, d);
			// A solution found is one of each board on the way to it.
			if i < from || witness.map_or(false, |w| w.allows(p, d)) {
				continue;
			}
			match board.decide(&mut self.steps) {
				Some(solution) => witness = Some(solution),
				None => self.dead = i + 1,
			}
		}
		self.witness = witness;
		self.dead == NONE
	}

	/// The classic's test (the board knows more; the classic keeps its own): d free at (x, y).
	fn free(&self, x: usize, y: usize, d: usize) -> bool {
		!self.row[x][d] && !self.col[y][d] && !self.cell[x / 3][y / 3][d]
	}

	/// The classic's move: digit d goes to (x, y).
	fn place(&mut self, x: usize, y: usize, d: usize) {
		self.row[x][d] = true;
		self.col[y][d] = true;
		self.cell[x / 3][y / 3][d] = true;
		self.grid[9 * x + y] = d as u8 + 1;
		self.trail[self.placed] = (9 * x + y) as u8;
		self.placed += 1;
	}

	/// The mirror of `place`: takes the last digit placed back.
	fn remove(&mut self) {
		self.placed -= 1;
		let p = self.trail[self.placed] as usize;
		let (x, y, d) = (p / 9, p % 9, self.grid[p] as usize - 1);
		self.row[x][d] = false;
		self.col[y][d] = false;
		self.cell[x / 3][y / 3][d] = false;
		self.grid[p] = 0;
	}

	/// Settles and probes the board, then places what it filled (most trials die before).
	fn place_forced(&mut self) -> bool {
		let empty = self.board.empty;
		if !self.board.settle() || !self.board.probe(&mut self.steps, &mut self.credit, 3) {
			return false;
		}
		for (b, before) in empty.iter().enumerate() {
			let new = before & !self.board.empty[b];
			if new == 0 {
				continue;
			}
			for d in 0..9 {
				let mut mine = self.board.open[d][b] & new;
				while mine != 0 {
					let p = 27 * b + mine.trailing_zeros() as usize;
					mine &= mine - 1;
					self.place(p / 9, p % 9, d); // the board excludes its peers' digits
				}
			}
		}
		true
	}

	/// The classic's next (x, y): the first empty square in reading order; None when full.
	fn next_square(&self) -> Option<(usize, usize)> {
		let b = self.board.empty.iter().position(|&e| e != 0)?;
		let p = 27 * b + self.board.empty[b].trailing_zeros() as usize;
		Some((p / 9, p % 9))
	}
}

/// The boards each search of the check searches in its first turn.
const FIRST_TURN: u64 = 256;

/// Bit `i` of `open[d][b]`: square i can take d (a filled one has its own); `seen`: at `update`.
#[derive(Clone, Copy)]
struct Board {
	open: [[u32; 3]; 9],
	seen: [[u32; 3]; 9],
	empty: [u32; 3],
}

const BAND: u32 = 0o777_777_777;
const COLUMN: u32 = 0o001_001_001;

/// The board before any given: every square can take every digit.
const EMPTY: Board = Board {
	open: [[BAND; 3]; 9],
	seen: [[0; 3]; 9],
	empty: [BAND; 3],
};

impl Board {
	/// Runs `update` and naked singles until neither finds more; false at a dead end.
	fn settle(&mut self) -> bool {
		while self.update() {
			if self.empty == [0; 3] {
				return true;
			}
			match self.naked_singles() {
				None => return false,
				Some(false) => return true,
				Some(true) => {}
			}
		}
		false
	}
	/// Tries both digits of the last square with two (dfs comes there last), keeps what either
	/// keeps; then the squares before it, to `most` that live both ways.
	fn probe(&mut self, steps: &mut u64, credit: &mut u32, most: u32) -> bool {
		if *credit == 0 {
			return true;
		}
		let (mut before, mut live) = (81, 0);
		while let Some((p, one, other)) = self.last_pair(before) {
			*steps += 1;
			let (mut first, mut second) = (*self, *self);
			first.assign(p, one);
			second.assign(p, other);
			let lives = (first.settle(), second.settle());
			if lives == (true, true) {
				*credit -= 1;
			} else {
				earn(credit);
			}
			match lives {
				(false, false) => return false,
				(true, false) => *self = first,
				(false, true) => *self = second,
				(true, true) => {
					if self.keep_either(&first, &second) && !self.settle() {
						return false;
					}
					live += 1;
					if live == most || *credit == 0 {
						return true;
					}
					before = p;
				}
			}
			if self.empty == [0; 3] {
				return true;
			}
		}
		true
	}

	/// The last empty square before `before` with two digits left, and those two.
	fn last_pair(&self, before: usize) -> Option<(usize, usize, usize)> {
		for b in (0..3).rev().filter(|&b| 27 * b < before) {
			let (mut once, mut twice, mut thrice) = (0, 0, 0);
			for d in 0..9 {
				thrice |= twice & self.open[d][b];
				twice |= once & self.open[d][b];
				once |= self.open[d][b];
			}
			let ahead = BAND >> (27 - (before - 27 * b).min(27));
			let pairs = twice & !thrice & self.empty[b] & ahead;
			if pairs != 0 {
				let i = 31 - pairs.leading_zeros() as usize;
				let mut digits = (0..9).filter(|&d| self.open[d][b] & 1 << i != 0);
				return Some((27 * b + i, digits.next()?, digits.next()?));
			}
		}
		None
	}

	/// Keeps what one of two boards keeps; true if that took anything away.
	fn keep_either(&mut self, one: &Board, other: &Board) -> bool {
		let before = self.open;
		for (d, bands) in self.open.iter_mut().enumerate() {
			for (b, band) in bands.iter_mut().enumerate() {
				*band &= one.open[d][b] | other.open[d][b];
			}
		}
		self.open != before
	}

	/// The check: a solution of the board, if it has one. A search in turns of `FIRST_TURN`
	/// boards, twice as many every two turns, each ordering ways alike anew (`mixed`): a board
	/// one order is slow on does not hold up the others.
	fn decide(self, steps: &mut u64) -> Option<Board> {
		let (mut turn, start) = (0, *steps as usize);
		loop {
			let (last, mut solution) = (*steps + (FIRST_TURN << (turn / 2)), self);
			let answer = self.solvable(steps, last, start + turn, &mut solution);
			if *steps <= last {
				return if answer { Some(solution) } else { None };
			}
			turn += 1;
		}
	}

	/// Branches where the ways are fewest, a digit's matchings in a band or stack or a square's
	/// digits; past `last` it stops as if it found a solution.
	fn solvable(mut self, steps: &mut u64, last: u64, turn: usize, solution: &mut Board) -> bool {
		*steps += 1;
		if *steps > last {
			return true;
		}
		let mut before = [[0; 3]; 9];
		while self.open != before {
			before = self.open;
			if !self.settle() || !self.triads() {
				return false;
			}
		}
		let mut credit = MOST_CREDIT; // the check probes every square with two digits
		if !self.probe(&mut 0, &mut credit, 81) {
			return false;
		}
		let (digits, p) = match self.fewest_digits(turn) {
			Some(ways) => ways,
			None => {
				*solution = self;
				return true;
			}
		};
		let (count, d, at) = self.fewest_matchings(turn);
		if count <= digits.count_ones() || turn % 2 == 0 && count < 7 {
			let triads = self.triads_at(d, at);
			return MATCHINGS.iter().filter(|m| triads & m[0] == m[0]).any(|m| {
				let mut copy = self;
				copy.keep_matching(d, at, m);
				copy.solvable(steps, last, turn, solution)
			});
		}
		(0..9).filter(|&d| digits >> d & 1 != 0).any(|d| {
			let mut copy = self;
			copy.assign(p, d);
			copy.solvable(steps, last, turn, solution)
		})
	}

	/// The empty square with the fewest digits, of those alike the one the turn puts first: its
	/// digits and place.
	fn fewest_digits(&self, turn: usize) -> Option<(u32, usize)> {
		let empty = (0..81).filter(|&p| self.empty[p / 27] >> (p % 27) & 1 != 0);
		let digits = |p: usize| (0..9).map(|d| (self.allows(p, d) as u32) << d).sum::<u32>();
		let p = empty.min_by_key(|&p| (digits(p).count_ones(), !mixed(p, turn)))?;
		Some((digits(p), p))
	}

	/// The digit's matchings to branch on, in band or stack `at` (0 to 2, 3 to 5): in even
	/// turns tdoku's (in the band or stack with the fewest over its digits, not one each), in odd
	/// ones the fewest anywhere, one in a band or a stack first by turns; of those alike the one
	/// the turn puts first. Their number (7 for none), the digit and where.
	fn fewest_matchings(&self, turn: usize) -> (u32, usize, usize) {
		let all = [0, 1, 2, 3, 4, 5, 6, 7, 8];
		let counts = [0, 1, 2, 3, 4, 5].map(|at| all.map(|d| self.matchings(d, at)));
		let total = |at: usize| counts[at].iter().sum::<u32>();
		let open = (0..6).filter(|&at| total(at) > 9);
		let tdoku = open.min_by_key(|&at| (total(at), !mixed(135 + at, turn)));
		let key = |&(d, at): &(usize, usize)| {
			let taken = turn % 2 == 1 || Some(at) == tdoku;
			let first = (at < 3) == (turn % 4 == 1);
			(!taken, counts[at][d], !first, !mixed(81 + 9 * at + d, turn))
		};
		let ways = (0..54)
			.map(|k| (k % 9, k / 9))
			.filter(|&(d, at)| counts[at][d] > 1);
		ways.min_by_key(key)
			.map_or((7, 0, 0), |(d, at)| (counts[at][d], d, at))
	}

	/// The matchings left to digit d in band or stack `at`.
	fn matchings(&self, d: usize, at: usize) -> u32 {
		let triads = self.triads_at(d, at);
		MATCHINGS.iter().filter(|m| triads & m[0] == m[0]).count() as u32
	}

	/// Where digit d can go in band `at` (bit 3r + k: its row r in box k), or in stack `at` - 3
	/// (bit 3k + c: band k, the stack's column c); a matching takes one such place each way.
	fn triads_at(&self, d: usize, at: usize) -> u32 {
		if at < 3 {
			return triads_of(self.open[d][at]);
		}
		let columns = |band: u32| (band | band >> 9 | band >> 18) >> (3 * (at - 3)) & 7;
		(0..3).map(|k| columns(self.open[d][k]) << (3 * k)).sum()
	}

	/// Keeps digit d to matching m of band or stack `at`.
	fn keep_matching(&mut self, d: usize, at: usize, m: &[u32; 2]) {
		if at < 3 {
			self.open[d][at] &= m[1];
			return;
		}
		let stack = 3 * (at - 3);
		for (k, band) in self.open[d].iter_mut().enumerate() {
			let c = (m[0] >> (3 * k) & 7).trailing_zeros();
			*band &= !((COLUMN * 7) << stack) | COLUMN << (stack as u32 + c);
		}
	}

	/// A triad (a line's squares in a box) holds three digits: fewer that can, or more that must
	/// (nowhere else in the line or box), is a dead end; three that can must; one that must
	/// leaves the rest of the line and box, three leave the triad to no other.
	fn triads(&mut self) -> bool {
		for (b, t) in (0..54).map(|t| (t / 18, t % 18)) {
			// Row t / 3 of band b in box t % 3, then column t - 9 (`away`: in the other bands).
			let (line, away, area) = if t < 9 {
				(0o777 << (9 * (t / 3)), 0, 0o007_007_007 << (3 * (t % 3)))
			} else {
				let column = COLUMN << (t - 9);
				(column, column, 0o007_007_007 << (t / 3 * 3 - 9))
			};
			let triad = line & area;
			let (mut can, mut must) = (0u32, 0u32);
			for (d, open) in self.open.iter().enumerate() {
				if open[b] & triad != 0 {
					can |= 1 << d;
					let far = (open[(b + 1) % 3] | open[(b + 2) % 3]) & away;
					let only = open[b] & line & !triad | far == 0 || open[b] & area & !triad == 0;
					must |= (only as u32) << d;
				}
			}
			if can.count_ones() < 3 || must.count_ones() > 3 {
				return false;
			}
			if can.count_ones() == 3 {
				must = can;
			}
			for (d, open) in self.open.iter_mut().enumerate() {
				if must >> d & 1 != 0 {
					open[b] &= !((line | area) & !triad);
					open[(b + 1) % 3] &= !away;
					open[(b + 2) % 3] &= !away;
				} else if must.count_ones() == 3 {
					open[b] &= !triad;
				}
			}
		}
		true
	}

	/// Works each band with news through `update_band`, band by band, until none has news; false
	/// at a dead end. Unrolled: each band's digit and band are known when compiling.
	fn update(&mut self) -> bool {
		loop {
			let mut news = false;
			macro_rules! band {
                ($b:literal: $($d:literal)*) => {$(
                    if self.open[$d][$b] != self.seen[$d][$b] {
                        news = true;
                        if !self.update_band($d, $b) {
                            return false;
                        }
                    }
                )*};
            }
			band!(0: 0 1 2 3 4 5 6 7 8);
			band!(1: 0 1 2 3 4 5 6 7 8);
			band!(2: 0 1 2 3 4 5 6 7 8);
			if !news {
				return true;
			}
		}
	}

	/// Band b of digit d: unmatched triads go, a box's one column is its own, a column without
	/// d is a dead end, a row's one square is filled.
	#[inline(always)]
	fn update_band(&mut self, d: usize, b: usize) -> bool {
		let old = self.open[d][b];
		// Each index masked to 9 bits (even one that fits): no bounds checks.
		let open = old & MATCHED[(triads_of(old) & 0o777) as usize];
		if open == 0 {
			return false;
		}
		let others = OTHER_BANDS[((open | open >> 9 | open >> 18) & 0o777) as usize];
		self.open[d][(b + 1) % 3] &= others;
		self.open[d][(b + 2) % 3] &= others;
		self.open[d][b] = open;
		self.seen[d][b] = open;
		let anywhere = self.open[d][0] | self.open[d][1] | self.open[d][2];
		if (anywhere | anywhere >> 9 | anywhere >> 18) & 0o777 != 0o777 {
			return false;
		}
		let hidden = SINGLE[(open & 0o777) as usize]
			| SINGLE[(open >> 9 & 0o777) as usize] << 9
			| SINGLE[(open >> 18 & 0o777) as usize] << 18;
		let new = hidden & self.empty[b];
		if new != 0 {
			self.empty[b] &= !new;
			for digit in &mut self.open {
				digit[b] &= !new;
			}
			self.open[d][b] = open;
		}
		true
	}

	fn allows(&self, p: usize, d: usize) -> bool {
		self.open[d][p / 27] & 1 << (p % 27) != 0
	}

	/// Digit d goes to square p: its peers lose d, and p every other digit.
	#[inline(always)]
	fn assign(&mut self, p: usize, d: usize) {
		let (b, i) = (p / 27, p % 27);
		for e in 0..9 {
			self.open[e][b] &= !(1 << i);
		}
		self.open[d][b] = self.open[d][b] & BAND_PEERS_OUT[i] | 1 << i;
		let column = !(COLUMN << (i % 9));
		self.open[d][(b + 1) % 3] &= column;
		self.open[d][(b + 2) % 3] &= column;
		self.empty[b] &= !(1 << i);
	}

	/// Squares with one digit left take it; None if one has none, else whether any was found.
	fn naked_singles(&mut self) -> Option<bool> {
		let mut any = false;
		for b in 0..3 {
			let (mut once, mut twice) = (0, 0);
			for d in 0..9 {
				twice |= once & self.open[d][b];
				once |= self.open[d][b];
			}
			if once != BAND {
				return None;
			}
			let mut singles = once & !twice & self.empty[b];
			any |= singles != 0;
			while singles != 0 {
				let i = singles.trailing_zeros() as usize;
				singles &= singles - 1;
				// An earlier single of this round may have taken the last digit.
				let d = (0..9).find(|&d| self.open[d][b] & 1 << i != 0)?;
				self.open[d][b] &= BAND_PEERS_OUT[i];
			}
		}
		Some(any)
	}
}

// The board's tables. A band's bit 9r + y is its row r, column y; a triad (bit 3r + k) is where
// its row r crosses its box k: a digit takes one triad in each row and each box of the band.

/// The boxes (bit k) a row's squares touch.
pub const BOXES_OF_ROW: [u32; 512] = table!(0; 512, |row| {
	(row & 0o7 != 0) as u32 | ((row & 0o70 != 0) as u32) << 1 | ((row & 0o700 != 0) as u32) << 2
});

/// A number from square or way `x` that orders those alike in another way each turn
/// (splitmix64).
fn mixed(x: usize, turn: usize) -> u32 {
	let mut z = (x as u64 + 200 * turn as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
	z = (z ^ z >> 30).wrapping_mul(0xBF58_476D_1CE4_E5B9);
	z = (z ^ z >> 27).wrapping_mul(0x94D0_49BB_1331_11EB);
	(z ^ z >> 31) as u32
}

/// The triads (bit 3r + k) where `band` has squares.
fn triads_of(band: u32) -> u32 {
	BOXES_OF_ROW[(band & 0o777) as usize]
		| BOXES_OF_ROW[(band >> 9 & 0o777) as usize] << 3
		| BOXES_OF_ROW[(band >> 18 & 0o777) as usize] << 6
}

/// A band's rows 0, 1, 2 matched to boxes k0, k1, 3 - k0 - k1 (six ways): triads, squares.
const MATCHINGS: [[u32; 2]; 6] = table!([0; 2]; 6, |m| {
	let (k0, k1) = (m / 2, (m / 2 + 1 + m % 2) % 3);
	[
		1 << k0 | 1 << (3 + k1) | 1 << (9 - k0 - k1),
		0o7 << (3 * k0) | 0o7 << (9 + 3 * k1) | 0o7 << (27 - 3 * k0 - 3 * k1),
	]
});

/// For a set of triads, the squares of the matchings it holds.
const MATCHED: [u32; 512] = table!(0; 512, |triads| {
	let (mut squares, mut m) = (0, 0);
	while m < 6 {
		if triads as u32 & MATCHINGS[m][0] == MATCHINGS[m][0] {
			squares |= MATCHINGS[m][1];
		}
		m += 1;
	}
	squares
});

/// For a band's columns, what the other bands keep: a box's only column is not theirs.
const OTHER_BANDS: [u32; 512] = table!(0; 512, |columns| {
	let (mut keep, mut k) = (BAND, 0);
	while k < 3 {
		let in_box = columns as u32 >> (3 * k) & 7;
		if in_box.count_ones() == 1 {
			keep &= !(COLUMN * (in_box << (3 * k)));
		}
		k += 1;
	}
	keep
});

/// For square i, its band less i's row and box, i kept.
pub const BAND_PEERS_OUT: [u32; 27] = table!(0; 27, |i| {
	let (row, in_box) = (0o777 << (9 * (i / 9)), 0o007_007_007 << (3 * (i % 9 / 3)));
	BAND & !row & !in_box | 1 << i
});

/// A row with one square: that square.
const SINGLE: [u32; 512] = table!(0; 512, |row| (row.count_ones() == 1) as u32 * row as u32);

// ---- Answering: each puzzle solved, its text written back with the blanks filled in.

/// Writes an input back with each puzzle's blanks filled in with its smallest solution, whole
/// lines at a time (a line's rest after a puzzle waits for the next piece: a line that breaks
/// never goes); `solved` turns false when a puzzle has none.
fn answer(
	input: &mut dyn Read,
	out: &mut dyn Write,
	err: &mut dyn Write,
	solved: &mut bool,
) -> Result<(), Stop> {
	let (mut reader, mut held) = (Reader::new(input), Vec::new());
	while let Some(pieces) = reader.next(out)? {
		for piece in pieces {
			match piece {
				Piece::Text(text) => whole_lines(out, &mut held, &text)?,
				Piece::Puzzle(mut puzzle) => {
					let (givens, mut found) = (puzzle.givens, false);
					Search::solve(&givens, &mut |grid| {
						fill_in(&mut puzzle, grid);
						found = true;
						false
					});
					if !found {
						*solved = false;
						let name = puzzle_name(puzzle.number, puzzle.line, "");
						let _ = err.write_all(format!("{name}: no solution\n").as_bytes());
					}
					whole_lines(out, &mut held, &puzzle.label)?;
					whole_lines(out, &mut held, &puzzle.text)?;
				}
			}
		}
	}
	out.write_all(&held)?;
	Ok(())
}

/// Writes `held` and `bytes` up to their last line break; holds what follows it.
pub fn whole_lines(out: &mut dyn Write, held: &mut Vec<u8>, bytes: &[u8]) -> io::Result<()> {
	if let Some(last) = bytes.iter().rposition(|&c| c == b'\n') {
		out.write_all(held)?;
		out.write_all(&bytes[..=last])?;
		held.clear();
		held.extend_from_slice(&bytes[last + 1..]);
	} else {
		held.extend_from_slice(bytes);
	}
	Ok(())
}

/// Writes the digits of `grid` into the blanks of the puzzle's text.
pub fn fill_in(puzzle: &mut Puzzle, grid: &[u8; 81]) {
	for (p, digit) in grid.iter().enumerate() {
		if puzzle.givens[p] == 0 {
			puzzle.text[puzzle.places[p] as usize] = b'0' + digit;
		}
	}
}
