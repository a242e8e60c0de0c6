//! Sudoku of every size judges set (1x1, 4x4, 9x9, 16x16, 25x25): fills in the blanks with the
//! classic search of AcWing 166 and 169, and writes, for every puzzle, the answer the classic
//! writes: its smallest solution, rows first (what UVa 989 asks for).
//!
//! Glossary:
//! - side `s`: the squares of a row, 1, 4, 9, 16 or 25; `n`: a box's side, `s = n * n`.
//! - square: one of the `s * s` places of the grid; `x`, `y` its row and column from 0 at the top
//!   left, `p = s * x + y`; box: one of the `n * n` squares of squares; unit: a row, column or box.
//! - `d`: a symbol as an index, 0 to s - 1: the (d + 1)th of its alphabet (`1`..., `A`... or the
//!   number d + 1).
//! - `row[x][d]`, `col[y][d]`, `cell[x / n][y / n][d]`: symbol d is used in row x, in column y,
//!   in the box of square (x, y).
//! - `dfs(x, y)`: tries each symbol those arrays allow at (x, y), the first empty square in
//!   reading order, and searches on; `place` and `remove` put a symbol in and take it back.
//! - the check: a complete second search, conflict-driven clause learning (CDCL) as SAT solvers
//!   do it, that finds a solution (the witness) or shows there is none; dfs asks it where its way
//!   would be long. Var `v = s * p + d`: symbol d at square p. Rule: square p has a symbol, or unit
//!   u has symbol d (exactly one); its ways: its vars not false. Level: a decision (placing a var)
//!   and what propagation implies after it, numbered from 1 (0: what holds before any decision);
//!   conflict: a constraint with every literal false; unit clause (the check's units): one
//!   literal, true from level 0.
//! - `// <shared: NAME>` to `// </shared: NAME>`: text src/main.rs has too, the same.

use std::collections::VecDeque;
use std::io::{self, BufRead, BufReader, Read, Write};

/// Reads standard input, writes the answers to standard output and messages to standard error.
fn main() {
	refuse_arguments();
	let (stdin, stdout, stderr) = (io::stdin(), io::stdout(), io::stderr());
	let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
	let status = run(&mut stdin.lock(), &mut out, &mut stderr.lock());
	std::process::exit(status);
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

/// A puzzle: its givens (0: blank, else d + 1), where each square stands in its text (offset,
/// length, whether a number), its rows read; `says_none`: after a size line, in numbers (UVa
/// 989), it is answered `NO SOLUTION` if need be.
pub struct Puzzle {
	pub number: usize,
	pub line: usize,
	pub side: usize,
	pub givens: Vec<u8>,
	places: Vec<(u32, u32, bool)>,
	rows: usize,
	pub text: Vec<u8>,
	pub says_none: bool,
}

impl Puzzle {
	/// How messages name it: its number, its first line, how many of its rows were read.
	fn named(&self) -> String {
		let (number, line, rows, side) = (self.number, self.line, self.rows, self.side);
		format!("puzzle {number} (line {line}) with {rows} of its {side} rows")
	}
}

pub struct Reader<'a> {
	input: BufReader<&'a mut dyn Read>,
	line: usize,
	puzzles: usize,
	current: Option<Box<Puzzle>>,
	/// The line of a lone number (a count or a size) before the next puzzle, 0 if none; its
	/// number if it is no first line, so a size: the next puzzle's box side.
	lone: usize,
	size: Option<usize>,
	/// A line with more than white space was read: a lone number is no count any more.
	begun: bool,
}

impl<'a> Reader<'a> {
	pub fn new(input: &'a mut dyn Read) -> Reader<'a> {
		Reader {
			input: BufReader::with_capacity(1 << 16, input),
			line: 0,
			puzzles: 0,
			current: None,
			lone: 0,
			size: None,
			begun: false,
		}
	}

	/// The next piece; None: the end.
	pub fn next(&mut self, out: &mut dyn Write) -> Result<Option<Piece>, Stop> {
		loop {
			let (text, newline) = self.line(out)?;
			let comment = text.iter().position(|&c| c == b'#'); // to the end of the line
			let mut end = comment.unwrap_or(text.len() - newline as usize);
			let words = trim(&text[..end]);
			// The `end` line (AcWing 166) ends the input as its end does: nothing after it read.
			if text.is_empty() || self.current.is_none() && words.eq_ignore_ascii_case(b"end") {
				return match (&self.current, self.puzzles, self.lone) {
					(Some(puzzle), ..) => Err(self.cut_short(puzzle, "the input ends inside")),
					(None, 0, _) => Err(Stop::Read(self.error(1, "no puzzle in the input"))),
					(None, _, 0) => Ok(None),
					(None, _, line) => Err(Stop::Read(format!(
						"line {line}, column 1: a count or size line, and no puzzle after it"
					))),
				};
			}
			let lone = !words.is_empty() && words.iter().all(u8::is_ascii_digit);
			let begun = self.begun;
			self.begun |= !trim(&text).is_empty();
			if words.is_empty() {
				match (self.current.take(), comment) {
					(None, _) => return Ok(Some(Piece::Text(text))),
					(Some(puzzle), None) => {
						return Err(self.cut_short(&puzzle, "an empty line inside"))
					}
					(Some(mut puzzle), Some(_)) => {
						puzzle.text.extend_from_slice(&text); // a comment line inside: kept
						self.current = Some(puzzle);
					}
				}
				continue;
			}
			if self.current.is_none() {
				// A count of cases, or a size (not written); after one, 0 or 1 is a 1x1's row.
				if lone && words.len() <= 3 && (self.lone == 0 || words != b"0" && words != b"1") {
					let number = words.iter().fold(0, |n, c| 10 * n + (c - b'0') as usize);
					(self.lone, self.size) = (self.line, begun.then_some(number));
					continue;
				}
				// A whole puzzle on one line: what follows it is trailing text (a rating).
				let lead = text.iter().take_while(|c| b" \t".contains(c)).count();
				let word = words.iter().take_while(|c| !b" \t".contains(c)).count();
				if [16, 81, 256, 625].contains(&word) {
					end = lead + word;
				}
			}
			let puzzle = self.row(text, end).map_err(Stop::Read)?;
			(self.lone, self.size) = (0, None);
			if let Some(puzzle) = puzzle {
				return Ok(Some(Piece::Puzzle(puzzle)));
			}
		}
	}

	/// The next line (empty at the end), whether a line break ends it; the answers so far go
	/// out first (a read may wait).
	fn line(&mut self, out: &mut dyn Write) -> Result<(Vec<u8>, bool), Stop> {
		if self.input.buffer().is_empty() {
			out.flush()?;
		}
		let mut text = Vec::new();
		let newline = self.read_line(&mut text).map_err(Stop::Read)?;
		if self.line == 1 && text.starts_with(b"\xEF\xBB\xBF") {
			text.drain(..3); // a byte-order mark
		}
		Ok((text, newline))
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

	/// Reads a row into its puzzle (a new one's first row tells its side); the puzzle once
	/// its last row is read.
	fn row(&mut self, text: Vec<u8>, end: usize) -> Result<Option<Box<Puzzle>>, String> {
		let body = &text[..end];
		let stray = |c: &u8| !c.is_ascii_graphic() && !b" \t\r".contains(c);
		if let Some(at) = body.iter().position(stray) {
			return Err(self.error(at + 1, &format!("unexpected byte 0x{:02X}", body[at])));
		}
		let (numbers, squares) = squares_of(body);
		let mut puzzle = match self.current.take() {
			Some(puzzle) => puzzle,
			None => self.begin(body, numbers, squares.len())?,
		};
		let side = puzzle.side;
		let whole = puzzle.rows == 0 && squares.len() == side * side && side > 1;
		if !whole && squares.len() != side {
			let (count, named) = (squares.len(), puzzle.named());
			let what = format!("{count} squares on this line, not {side}, for {named}");
			return Err(self.error(end + 1, &what));
		}
		let offset = puzzle.text.len();
		for &(at, length) in &squares {
			let symbol = &body[at..at + length];
			let given = given(symbol, side, numbers)
				.ok_or_else(|| self.error(at + 1, &not_a_square(symbol, side, numbers)))?;
			puzzle.givens.push(given);
			puzzle
				.places
				.push(((offset + at) as u32, length as u32, numbers));
		}
		puzzle.text.extend_from_slice(&text);
		puzzle.rows += if whole { side } else { 1 };
		if puzzle.text.len() > 2 * LONGEST {
			let what = format!("{} is longer than 2 MiB", puzzle.named());
			return Err(self.error(end + 1, &what));
		}
		if puzzle.rows < side {
			self.current = Some(puzzle);
			return Ok(None);
		}
		Ok(Some(puzzle))
	}

	/// A puzzle's side, from its first row: its number of squares (16, 81, 256 or 625 symbols
	/// are a whole puzzle, but 16 with a letter or `-` a 16x16's row).
	fn begin(&mut self, body: &[u8], numbers: bool, count: usize) -> Result<Box<Puzzle>, String> {
		let sixteen = |c: &u8| c.is_ascii_uppercase() || *c == b'-';
		let side = match count {
			16 if !numbers && !body.iter().any(sixteen) => 4,
			81 if !numbers => 9,
			256 if !numbers => 16,
			625 if !numbers => 25,
			1 | 4 | 9 | 16 | 25 => count,
			_ => {
				let what = format!(
					"{count} squares on this line: a row has 1, 4, 9, 16 or 25, a puzzle on one \
						line 16, 81, 256 or 625"
				);
				return Err(self.error(body.len() + 1, &what));
			}
		};
		if let Some(size) = self.size.filter(|&n| n * n != side) {
			let line = self.lone;
			return Err(format!(
				"line {line}, column 1: {size} alone on a line is no size line of the {side}x{side} \
					puzzle after it (only a first line is a count)"
			));
		}
		self.puzzles += 1;
		Ok(Box::new(Puzzle {
			number: self.puzzles,
			line: self.line,
			side,
			givens: Vec::with_capacity(side * side),
			places: Vec::with_capacity(side * side),
			rows: 0,
			text: Vec::new(),
			says_none: self.lone > 0 && numbers,
		}))
	}

	/// The puzzle stops before its last row.
	fn cut_short(&self, puzzle: &Puzzle, how: &str) -> Stop {
		Stop::Read(self.error(1, &format!("{how} {}", puzzle.named())))
	}

	/// A reading error, where it was found (line and column from 1, columns in bytes).
	fn error(&self, column: usize, what: &str) -> String {
		format!("line {}, column {}: {}", self.line, column, what)
	}
}

/// Whether a row is numbers between spaces (else symbols side by side); where each square
/// stands (offset, length).
fn squares_of(body: &[u8]) -> (bool, Vec<(usize, usize)>) {
	let numbers = trim(body).iter().any(|&c| c == b' ' || c == b'\t');
	let (mut squares, mut at, graphic) = (Vec::new(), 0, |c: &&u8| c.is_ascii_graphic());
	while at < body.len() {
		let length = match body[at] {
			b' ' | b'\t' | b'\r' => 0,
			_ if numbers => body[at..].iter().take_while(graphic).count(),
			_ => 1,
		};
		if length > 0 {
			squares.push((at, length));
		}
		at += length.max(1);
	}
	(numbers, squares)
}

/// A square's given (0 a blank, d + 1 symbol d); None if not of the side's alphabet.
fn given(symbol: &[u8], side: usize, numbers: bool) -> Option<u8> {
	let value = match (numbers, symbol) {
		(true, _) if symbol.len() <= 2 && symbol.iter().all(u8::is_ascii_digit) => {
			symbol.iter().fold(0, |n, c| 10 * n + (c - b'0') as usize)
		}
		(true, _) => return None,
		(_, [b'.']) => 0,
		(_, [b'0']) if side <= 9 => 0,
		(_, [b'-']) if side > 9 => 0,
		(_, [c @ b'1'..=b'9']) if side <= 9 => (c - b'0') as usize,
		(_, [c @ b'A'..=b'Y']) if side > 9 => (c - b'A') as usize + 1,
		_ => return None,
	};
	(value <= side).then_some(value as u8)
}

/// Why a square's text is none of the side's alphabet.
fn not_a_square(symbol: &[u8], side: usize, numbers: bool) -> String {
	let alphabet = match (numbers, side) {
		(true, _) => format!("the numbers 1 to {side}, 0 a blank"),
		(_, 1) => "1, . or 0 a blank".into(),
		(_, 4 | 9) => format!("1 to {side}, . or 0 a blank"),
		_ => format!("A to {}, - or . a blank", (b'A' + side as u8 - 1) as char),
	};
	let text = String::from_utf8_lossy(symbol);
	format!("'{text}' is not a square of a {side}x{side} puzzle ({alphabet})")
}

// <shared: trimming a line>
fn trim(bytes: &[u8]) -> &[u8] {
	let white = |c: &&u8| b" \t\r\n".contains(c);
	let from = bytes.iter().take_while(white).count();
	let to = bytes.len() - bytes[from..].iter().rev().take_while(white).count();
	&bytes[from..to]
}
// </shared: trimming a line>

// ---- The search: the classic's arrays and dfs(x, y), asking the check where the way is long.

/// The classic's state (`grid`: symbol + 1, 0 while empty) and the check it searches on.
struct Search<const S: usize> {
	row: [[bool; S]; S],
	col: [[bool; S]; S],
	cell: [[[bool; S]; 5]; 5],
	grid: Vec<u8>,
	/// The check; how many placements of the path are its units (the rest: its decisions).
	check: Cdcl<S>,
	base: usize,
	/// The witness (the last solution found); how many of the path's placements, from the
	/// first, it agrees with; whether it is the puzzle's only solution.
	witness: Vec<u8>,
	agrees: usize,
	unique: bool,
	/// dfs's calls since the last solution.
	steps: u64,
	/// The depth of a decision with no solution after it: dfs goes back to it.
	dead: Option<usize>,
}

/// The steps the classic may take without a solution before it asks the check.
const BUDGET: u64 = 100;

/// The conflicts a search of the check may take with the path's placements as decisions.
const LONG_SEARCH: u64 = 1 << 14;

/// Calls `found` with each solution (a square's symbol + 1), smallest first, while it says go on.
pub fn solve(side: usize, givens: &[u8], found: &mut dyn FnMut(&[u8]) -> bool) {
	match side {
		1 => Search::<1>::solve(givens, found),
		4 => Search::<4>::solve(givens, found),
		9 => Search::<9>::solve(givens, found),
		16 => Search::<16>::solve(givens, found),
		_ => Search::<25>::solve(givens, found),
	}
}

impl<const S: usize> Search<S> {
	fn solve(givens: &[u8], found: &mut dyn FnMut(&[u8]) -> bool) {
		let mut search = Search::<S> {
			row: [[false; S]; S],
			col: [[false; S]; S],
			cell: [[[false; S]; 5]; 5],
			grid: vec![0; S * S],
			check: Cdcl::new(givens),
			base: 0,
			witness: Vec::new(),
			agrees: 0,
			unique: true,
			steps: 0,
			dead: None,
		};
		for (p, &given) in givens.iter().enumerate().filter(|&(_, &given)| given != 0) {
			search.place(p / S, p % S, given as usize - 1);
		}
		// Counts to two: with one solution dfs only walks it. The second search, on a copy,
		// blocks the first solution: what it learns needs the block, so the copy goes.
		search.witness = match search.check.solve() {
			Verdict::Sat(model) => model,
			_ => return,
		};
		search.unique = {
			let mut other = search.check.clone();
			other.block(&search.witness);
			!matches!(other.solve(), Verdict::Sat(_)) // gone before dfs: memory
		};
		match search.next_square(0) {
			Some((x, y)) => search.dfs(x, y, found),
			None => found(&search.grid),
		};
	}

	/// Tries each symbol allowed at (x, y), as the classic does; false once told to stop.
	fn dfs(&mut self, x: usize, y: usize, found: &mut dyn FnMut(&[u8]) -> bool) -> bool {
		self.steps += 1;
		let (p, depth) = (S * x + y, self.base + self.check.level() + 1);
		let mut go_on = true;
		for d in 0..S {
			// The classic's test, then the board's (which implies it); if unique, its symbol only.
			let agrees = self.agrees + 1 >= depth && self.witness[p] as usize == d + 1;
			if !self.free(x, y, d) || !self.check.board.allows(p, d) || self.unique && !agrees {
				continue;
			}
			self.place(x, y, d);
			if self.check.assume(S * p + d) && (agrees || self.may_lead_on(S * p + d)) {
				self.agrees = self.agrees.max(depth * agrees as usize);
				go_on = match self.next_square(p) {
					Some((x, y)) => self.dfs(x, y, found),
					None => {
						(self.witness, self.agrees, self.steps) = (self.grid.clone(), depth, 0);
						found(&self.grid)
					}
				};
			}
			self.remove(x, y, d);
			self.back_to(depth - 1);
			self.agrees = self.agrees.min(depth - 1);
			if self.dead == Some(depth) {
				self.dead = None; // this symbol leads to no solution: the next (else one above)
			}
			if !go_on || self.dead.is_some() {
				break;
			}
		}
		go_on
	}

	/// Past the budget, only boards the check finds a solution for: a dead end far below costs
	/// one search, not one for each way to fill the squares above. Placements the witness
	/// agrees with become units of the check (as a SAT solver asked square by square does).
	fn may_lead_on(&mut self, v: Var) -> bool {
		if self.steps <= BUDGET {
			return true;
		}
		if self.agrees > self.base && !self.commit(self.agrees) {
			return false;
		}
		// A long search goes on in a check built anew, the path's placements but v its units:
		// what it learns leaves their literals out; the old clauses hold there (those `reduce`
		// keeps stay), activity and phases (a trap) go. v a decision: no solution even without v,
		// dfs goes up.
		let verdict = match self.check.solve_within(LONG_SEARCH) {
			Some(verdict) => verdict,
			None => {
				let (mut grid, depth) = (self.grid.clone(), self.base + self.check.level());
				grid[v / S] = 0;
				let arena = std::mem::take(&mut self.check.arena);
				(self.check, self.base) = (Cdcl::new(&grid), depth - 1);
				self.check.arena = arena;
				self.check.reduce();
				self.check.assume(v); // true: the old check took it, with those clauses
				self.check.solve()
			}
		};
		match verdict {
			Verdict::Sat(model) => {
				(self.witness, self.agrees) = (model, self.base + self.check.level())
			}
			Verdict::Unsat(level) => self.dead = Some(self.base + level),
		}
		self.dead.is_none()
	}

	/// Makes the path's first `depth` placements units of the check; false if that leaves no
	/// solution (the level that shows it is dead).
	fn commit(&mut self, depth: usize) -> bool {
		let committed = self.check.commit(depth - self.base);
		self.base = depth;
		if let Err(level) = committed {
			self.dead = Some(self.base + level);
		}
		committed.is_ok()
	}

	/// The check back to the path's first `depth` placements (built anew to undo a unit).
	fn back_to(&mut self, depth: usize) {
		match depth.checked_sub(self.base) {
			Some(level) => self.check.backjump(level),
			None => (self.check, self.base) = (Cdcl::new(&self.grid), depth),
		}
	}

	/// The classic's test: symbol d is free at (x, y).
	fn free(&self, x: usize, y: usize, d: usize) -> bool {
		let n = Board::<S>::N;
		!self.row[x][d] && !self.col[y][d] && !self.cell[x / n][y / n][d]
	}

	/// The classic's move: symbol d goes to (x, y).
	fn place(&mut self, x: usize, y: usize, d: usize) {
		let n = Board::<S>::N;
		self.row[x][d] = true;
		self.col[y][d] = true;
		self.cell[x / n][y / n][d] = true;
		self.grid[S * x + y] = d as u8 + 1;
	}

	/// The mirror of `place`: symbol d leaves (x, y).
	fn remove(&mut self, x: usize, y: usize, d: usize) {
		let n = Board::<S>::N;
		self.row[x][d] = false;
		self.col[y][d] = false;
		self.cell[x / n][y / n][d] = false;
		self.grid[S * x + y] = 0;
	}

	/// The classic's next (x, y): the first empty square from p in reading order; None if full.
	fn next_square(&self, p: usize) -> Option<(usize, usize)> {
		let q = (p..S * S).find(|&q| self.grid[q] == 0)?;
		Some((q / S, q % S))
	}
}

// ---- The check: conflict-driven clause learning (CDCL, as in MiniSat and CaDiCaL) on a board.

// -- The constraints and the board.

/// A var: symbol `v % S` at square `v / S`.
type Var = usize;

/// A decision level: how many decisions stand.
type Level = usize;

/// A literal: var v holds (`2 * v + 1`: its symbol stands at its square) or not (`2 * v`);
/// MiniSat's is the other way round (`2 * v + 1` its negation).
#[derive(Clone, Copy, PartialEq)]
struct Lit(u32);

impl Lit {
	fn new(v: Var, holds: bool) -> Lit {
		Lit(2 * v as u32 + holds as u32)
	}

	fn var(self) -> Var {
		self.0 as usize / 2
	}

	fn holds(self) -> bool {
		self.0 & 1 == 1
	}
}

impl std::ops::Not for Lit {
	type Output = Lit;

	fn not(self) -> Lit {
		Lit(self.0 ^ 1)
	}
}

/// A constraint: the reason of a literal it implied, or a conflict (its literals all false).
#[derive(Clone, Copy)]
enum Constraint {
	/// Rule k: one of its ways holds.
	Rule(usize),
	/// A binary clause of the rules, by its other literal: a placement made this var false.
	Binary(Lit),
	/// The clause at this place in the arena.
	Clause(usize),
}

/// The check's answer: a solution (each square's symbol + 1), or none from this level on (0:
/// none at all).
pub enum Verdict {
	Sat(Vec<u8>),
	Unsat(Level),
}

/// `rules[k]`: rule k's ways whose var is not false (bit i for way i), `DONE` once one holds.
/// Rule k: square k has a symbol (k < S * S), or unit u has symbol d (`S * S * kind + S * u +
/// d`: rows, columns, boxes).
#[derive(Clone)]
pub struct Board<const S: usize> {
	pub rules: Vec<u32>,
}

/// A rule that holds.
pub const DONE: u32 = 1 << 31;

impl<const S: usize> Board<S> {
	/// A box's side.
	const N: usize = match S {
		1 => 1,
		4 => 2,
		9 => 3,
		16 => 4,
		_ => 5,
	};

	fn allows(&self, p: usize, d: usize) -> bool {
		self.rules[p] >> d & 1 != 0
	}

	fn filled(&self, p: usize) -> bool {
		self.rules[p] & DONE != 0
	}

	/// Whether `lit` is true or false, None while its var has no value: a var is false once its
	/// rules lost its way, true once its square is filled with it.
	fn value(&self, lit: Lit) -> Option<bool> {
		let (p, d) = (lit.var() / S, lit.var() % S);
		let holds = match (self.allows(p, d), self.filled(p)) {
			(false, _) => false,
			(true, true) => true,
			_ => return None,
		};
		Some(holds == lit.holds())
	}

	/// Rule k's ways not false, `!0` once one holds.
	fn ways(&self, k: usize) -> u32 {
		match self.rules[k] & DONE {
			0 => self.rules[k].count_ones(),
			_ => !0,
		}
	}

	/// The rules var v is a way of (its square's, its units'), its bit in each.
	fn of(v: Var) -> [(usize, u32); 4] {
		let (x, y, d, n) = (v / S / S, v / S % S, v % S, Self::N);
		let unit = |kind: usize, u: usize, i: usize| (kind * S * S + S * u + d, 1 << i);
		let (b, i) = (x / n * n + y / n, x % n * n + y % n);
		[(v / S, 1 << d), unit(1, x, y), unit(2, y, x), unit(3, b, i)]
	}

	/// The var of rule k's i-th way.
	fn way(k: usize, i: usize) -> Var {
		let (u, d, n) = (k / S % S, k % S, Self::N);
		let square = match k / S / S {
			0 => return S * k + i,
			1 => S * u + i,
			2 => S * i + u,
			_ => S * (u / n * n + i / n) + u % n * n + i % n,
		};
		S * square + d
	}

	/// The vars of rule k's ways in `bits`.
	fn vars(k: usize, mut bits: u32) -> impl Iterator<Item = Var> {
		bits &= !DONE;
		std::iter::from_fn(move || {
			let i = bits.trailing_zeros() as usize;
			bits &= bits.wrapping_sub(1);
			(i < 32).then(|| Self::way(k, i))
		})
	}
}

/// The check's state. Constraints: the rules, and clauses (learnt, or blocking a solution) one
/// after another in `arena`: length, LBD (0: never forgotten), literals.
#[derive(Clone)]
pub struct Cdcl<const S: usize> {
	pub board: Board<S>,
	/// The literals made true, in order; from `head` on, not yet propagated.
	trail: Vec<Lit>,
	head: usize,
	/// Each level above 0: its trail's start, its decision; the board before each: going back
	/// copies one (4 S^2 words) where undoing each literal would restore up to 4 S vars' 4 rules
	/// each: far more writes at 16x16 and 25x25.
	levels: Vec<(usize, Var)>,
	boards: Vec<u32>,
	/// Each var's level and reason (None: a decision, or level 0), while it has a value.
	level_of: Vec<Level>,
	reason: Vec<Option<Constraint>>,
	/// Rules left one way or none, for `propagate` to look at first in, first out (a stack made
	/// long chains of reasons, long clauses); `ok`: false once level 0 has a conflict: no
	/// solution (MiniSat's).
	forced: VecDeque<usize>,
	ok: bool,
	pub arena: Vec<u32>,
	/// The clauses watching each literal, with a blocker: while that is true, no look.
	watches: Vec<Vec<(usize, Lit)>>,
	/// VSIDS: each var's activity, raised by `bump` by `inc` (which grows; reasons' vars half).
	activity: Vec<f64>,
	inc: f64,
	/// Each square's symbol + 1 (0: none) in the last record trail that placed it: the levels
	/// below a conflict, longer than `longest`, reset at restarts (CaDiCaL's target phase).
	pub phase: Vec<u8>,
	longest: usize,
	seen: Vec<bool>,
	/// Whether a var's literal follows from the clause being learnt, once asked (`redundant`).
	removable: Vec<Option<bool>>,
	/// The learnt clauses in the arena.
	learnt: usize,
}

/// The arena's words past which clauses are forgotten at once: memory stays bounded.
const KEPT: usize = 1 << 20;

/// The learnt clauses past which they are forgotten too: a 16x16 clause is a fifth of a 25x25
/// one, and counting words alone kept five times as many.
const LEARNT: usize = 24_000;

/// Conflicts between restarts: this times the next number of the Luby sequence.
const LUBY_UNIT: u64 = 1024;

/// VSIDS's decay: each conflict's `inc` is the last one's divided by it.
const DECAY: f64 = 0.99;

impl<const S: usize> Cdcl<S> {
	/// The givens' board, each given a unit clause at level 0, propagated.
	pub fn new(givens: &[u8]) -> Cdcl<S> {
		let vars = S * S * S;
		let mut check = Cdcl {
			board: Board {
				rules: vec![(1 << S) - 1; 4 * S * S],
			},
			trail: Vec::new(),
			head: 0,
			levels: Vec::new(),
			boards: Vec::new(),
			level_of: vec![0; vars],
			reason: vec![None; vars],
			forced: VecDeque::new(),
			ok: true,
			arena: Vec::new(),
			watches: vec![Vec::new(); 2 * vars],
			activity: vec![0.0; vars],
			inc: 1.0,
			phase: vec![0; S * S],
			longest: 0,
			seen: vec![false; vars],
			removable: vec![None; vars],
			learnt: 0,
		};
		for (p, &given) in givens.iter().enumerate().filter(|&(_, &given)| given != 0) {
			check.unit(S * p + given as usize - 1, true);
		}
		let _ = check.propagate(); // a conflict at level 0 leaves it not `ok`
		check
	}

	pub fn level(&self) -> Level {
		self.levels.len()
	}

	// -- Propagation.

	/// Makes `lit` true: a symbol placed makes the other vars of its rules false, and a false
	/// var leaves its rules a way fewer.
	fn assign(&mut self, lit: Lit, reason: Option<Constraint>) {
		let v = lit.var();
		self.set(lit, reason);
		if !lit.holds() {
			return self.take_out(v);
		}
		for (k, _) in Board::<S>::of(v) {
			self.board.rules[k] |= DONE;
		}
		for (k, _) in Board::<S>::of(v) {
			for u in Board::<S>::vars(k, self.board.rules[k]).filter(|&u| u != v) {
				self.set(Lit::new(u, false), Some(Constraint::Binary(!lit)));
				self.take_out(u);
			}
		}
	}

	fn set(&mut self, lit: Lit, reason: Option<Constraint>) {
		(self.level_of[lit.var()], self.reason[lit.var()]) = (self.level(), reason);
		self.trail.push(lit);
	}

	/// Var u is false: its rules lose a way; one left one way or none is for `propagate`.
	fn take_out(&mut self, u: Var) {
		for (k, bit) in Board::<S>::of(u) {
			self.board.rules[k] &= !bit;
			if self.board.ways(k) < 2 {
				self.forced.push_back(k);
			}
		}
	}

	/// Unit propagation: rules left one way take it (none: a conflict), then each clause
	/// watching a literal made false watches another literal not false, or its other watched
	/// literal is implied (or false too: a conflict). The conflict's constraint, if any.
	fn propagate(&mut self) -> Result<(), Constraint> {
		let conflict = loop {
			if let Some(k) = self.forced.pop_front() {
				let last = Board::<S>::vars(k, self.board.rules[k]).next();
				match (self.board.ways(k), last) {
					(0, _) => break Constraint::Rule(k),
					(1, Some(u)) => self.assign(Lit::new(u, true), Some(Constraint::Rule(k))),
					_ => {}
				}
				continue;
			}
			if self.head == self.trail.len() {
				return Ok(());
			}
			let lit = !self.trail[self.head]; // made false: the clauses watching it look
			self.head += 1;
			let mut watching = std::mem::take(&mut self.watches[lit.0 as usize]);
			let (mut i, mut j, mut conflict) = (0, 0, None);
			while i < watching.len() && conflict.is_none() {
				let (c, blocker) = watching[i];
				(watching[j], i, j) = (watching[i], i + 1, j + 1);
				if self.board.value(blocker) == Some(true) {
					continue;
				}
				let (first, end) = (c + 2, c + 2 + self.arena[c] as usize);
				if self.arena[first] == lit.0 {
					self.arena.swap(first, first + 1);
				}
				let other = Lit(self.arena[first]);
				watching[j - 1] = (c, other);
				if other != blocker && self.board.value(other) == Some(true) {
					continue;
				}
				let open = |k: &usize| self.board.value(Lit(self.arena[*k])) != Some(false);
				match (first + 2..end).find(open) {
					Some(k) => {
						self.arena.swap(first + 1, k);
						self.watches[self.arena[first + 1] as usize].push((c, other));
						j -= 1;
					}
					None if self.board.value(other) == Some(false) => {
						conflict = Some(Constraint::Clause(c))
					}
					None => self.assign(other, Some(Constraint::Clause(c))),
				}
			}
			watching.copy_within(i.., j);
			watching.truncate(j + watching.len() - i);
			self.watches[lit.0 as usize] = watching;
			if let Some(conflict) = conflict {
				break conflict;
			}
		};
		self.ok &= self.level() > 0;
		Err(conflict)
	}

	/// Attaches clause c: its first two literals watch it, each with the other as blocker.
	fn watch(&mut self, c: usize) {
		let (a, b) = (self.arena[c + 2], self.arena[c + 3]);
		self.watches[a as usize].push((c, Lit(b)));
		self.watches[b as usize].push((c, Lit(a)));
	}

	/// `decide` between propagations (MiniSat's assumption); false on a conflict.
	pub fn assume(&mut self, v: Var) -> bool {
		self.ok && self.propagate().is_ok() && self.decide(v) && self.propagate().is_ok()
	}

	/// A new level deciding var v (placed if not yet); false, no level, if v is false.
	fn decide(&mut self, v: Var) -> bool {
		let value = self.board.value(Lit::new(v, true));
		if value == Some(false) {
			return false;
		}
		self.levels.push((self.trail.len(), v));
		self.boards.extend_from_slice(&self.board.rules);
		if value.is_none() {
			self.assign(Lit::new(v, true), None);
		}
		true
	}

	/// Back to the end of `level`.
	pub fn backjump(&mut self, level: Level) {
		if level < self.level() {
			let trail = self.levels[level].0;
			let (size, from) = (self.board.rules.len(), self.board.rules.len() * level);
			let saved = &self.boards[from..from + size];
			self.board.rules.copy_from_slice(saved);
			self.boards.truncate(from);
			self.head = trail;
			self.trail.truncate(trail);
			self.levels.truncate(level);
			self.forced.clear();
		}
	}

	/// Makes the first `k` decisions units, the rest decisions again, for a caller that never
	/// goes back above them (what is learnt then holds with them only); the first level with a
	/// conflict, if any.
	pub fn commit(&mut self, k: usize) -> Result<(), Level> {
		let path: Vec<Var> = self.levels.iter().map(|level| level.1).collect();
		self.backjump(0);
		for &v in &path[..k] {
			self.unit(v, true);
		}
		if !self.ok || self.propagate().is_err() {
			return Err(0);
		}
		for (i, &v) in path[k..].iter().enumerate() {
			if !self.assume(v) {
				return Err(i + 1);
			}
		}
		Ok(())
	}

	// -- Conflict analysis and learning.

	/// The clause a conflict teaches (first UIP): the negation of the current level's last
	/// literal all paths to the conflict go through, then the lower levels' literals that
	/// explain it, shrunk and minimized, highest level first; the level to backjump to, and its
	/// LBD (the levels it spans).
	fn analyze(&mut self, conflict: Constraint) -> (Vec<Lit>, Level, u32) {
		let (current, mut learnt, mut open) = (self.level(), vec![Lit(0)], 0);
		let (mut constraint, mut t, mut analyzed) = (conflict, self.trail.len(), Vec::new());
		loop {
			for i in 0..self.length(constraint) {
				let lit = self.literal(constraint, i);
				if self.mark(lit.var(), &mut analyzed, self.inc) {
					match self.level_of[lit.var()] == current {
						true => open += 1,
						false => learnt.push(lit),
					}
				}
			}
			t -= 1;
			while !self.seen[self.trail[t].var()] {
				t -= 1;
			}
			open -= 1;
			match self.reason[self.trail[t].var()] {
				Some(reason) if open > 0 => constraint = reason,
				_ => break,
			}
		}
		learnt[0] = !self.trail[t];
		let clause = self.shrink(learnt, &mut analyzed);
		// Reason-side bumping (CaDiCaL's, but by half): the vars that implied its literals too.
		for lit in &clause {
			if let Some(reason) = self.reason[lit.var()] {
				for i in 0..self.length(reason) {
					self.mark(self.literal(reason, i).var(), &mut analyzed, self.inc / 2.0);
				}
			}
		}
		self.unmark(&analyzed);
		self.inc /= DECAY;
		let level = |lit: &Lit| self.level_of[lit.var()];
		let apart = |pair: &&[Lit]| level(&pair[0]) != level(&pair[1]);
		let lbd = 1 + clause.windows(2).filter(apart).count();
		let back = clause.get(1).map_or(0, level);
		(clause, back, lbd as u32)
	}

	/// Shrinking (CaDiCaL's): a lower level's literals give way to its block UIP (`block_uip`);
	/// with none, each of them that follows from the clause (`redundant`) leaves it.
	fn shrink(&mut self, mut learnt: Vec<Lit>, analyzed: &mut Vec<Var>) -> Vec<Lit> {
		learnt[1..].sort_unstable_by_key(|lit| std::cmp::Reverse(self.level_of[lit.var()]));
		let (mut clause, mut i) = (vec![learnt[0]], 1);
		while i < learnt.len() {
			let level = self.level_of[learnt[i].var()];
			let same = |lit: &&Lit| self.level_of[lit.var()] == level;
			let count = learnt[i..].iter().take_while(same).count();
			match self.block_uip(level, count, analyzed) {
				Some(uip) => clause.push(uip),
				None => {
					let lits = learnt[i..i + count].iter();
					clause.extend(lits.filter(|lit| !self.redundant(lit.var(), analyzed)))
				}
			}
			i += count;
		}
		clause
	}

	/// Forgets that `vars` were seen, and whether they follow from the clause.
	fn unmark(&mut self, vars: &[Var]) {
		for &u in vars {
			(self.seen[u], self.removable[u]) = (false, None);
		}
	}

	/// Unless seen or of level 0, marks var u seen and bumps it; whether it did.
	fn mark(&mut self, u: Var, analyzed: &mut Vec<Var>, by: f64) -> bool {
		let new = !self.seen[u] && self.level_of[u] > 0;
		if new {
			self.seen[u] = true;
			analyzed.push(u);
			self.bump(u, by);
		}
		new
	}

	/// How many literals constraint `c` has, and its i-th (all false but one it implied).
	fn length(&self, c: Constraint) -> usize {
		match c {
			Constraint::Rule(_) => S,
			Constraint::Binary(_) => 1,
			Constraint::Clause(c) => self.arena[c] as usize,
		}
	}

	fn literal(&self, c: Constraint, i: usize) -> Lit {
		match c {
			Constraint::Rule(k) => Lit::new(Board::<S>::way(k, i), true),
			Constraint::Binary(lit) => lit,
			Constraint::Clause(c) => Lit(self.arena[c + 2 + i]),
		}
	}

	/// The block UIP: the literal of `level` all paths to the clause's `open` literals of it go
	/// through, if each literal of another level met on the way follows from the clause (then
	/// what the walk passes stays seen).
	fn block_uip(&mut self, level: Level, mut open: usize, analyzed: &mut Vec<Var>) -> Option<Lit> {
		let (from, start) = (self.levels[level - 1].0, analyzed.len());
		let next = self.levels.get(level);
		let mut t = next.map_or(self.trail.len(), |next| next.0);
		'walk: while t > from && open > 1 {
			t -= 1;
			let (u, reason) = (self.trail[t].var(), self.reason[self.trail[t].var()]);
			if !self.seen[u] {
				continue;
			}
			open -= 1;
			for i in 0..reason.map_or(0, |reason| self.length(reason)) {
				let w = reason.map_or(u, |reason| self.literal(reason, i).var());
				if w == u || self.seen[w] || self.level_of[w] == 0 {
					continue;
				}
				if self.level_of[w] == level {
					(self.seen[w], open) = (true, open + 1);
					analyzed.push(w);
				} else if !self.redundant(w, analyzed) {
					break 'walk; // it would join the clause
				}
			}
			if open == 1 {
				let mut lits = self.trail[from..t].iter().rev();
				return lits.find(|lit| self.seen[lit.var()]).map(|&lit| !lit);
			}
		}
		self.unmark(&analyzed[start..]);
		None
	}

	/// Whether var u's literal follows from the clause: each other literal of its reason is seen,
	/// of level 0, or follows in turn (MiniSat's and CaDiCaL's minimization); kept in `removable`.
	fn redundant(&mut self, u: Var, analyzed: &mut Vec<Var>) -> bool {
		if let Some(known) = self.removable[u] {
			return known;
		}
		let follows = match self.reason[u] {
			None => false, // a decision
			Some(reason) => (0..self.length(reason)).all(|i| {
				let w = self.literal(reason, i).var();
				w == u || self.seen[w] || self.level_of[w] == 0 || self.redundant(w, analyzed)
			}),
		};
		self.removable[u] = Some(follows);
		analyzed.push(u);
		follows
	}

	/// Raises var u's activity (all scaled down when too large).
	fn bump(&mut self, u: Var, by: f64) {
		self.activity[u] += by;
		if self.activity[u] > 1e100 {
			self.activity.iter_mut().for_each(|a| *a *= 1e-100);
			self.inc *= 1e-100;
		}
	}

	/// Adds a clause, watched by its first two literals; with none true and one not false, it
	/// is implied; all false (at level 0 only: a learnt clause implies its first), none at all.
	fn add(&mut self, clause: Vec<Lit>, lbd: u32) {
		let c = self.arena.len();
		self.learnt += (lbd > 0) as usize;
		self.arena.extend([clause.len() as u32, lbd]);
		self.arena.extend(clause.iter().map(|lit| lit.0));
		if clause.len() > 1 {
			self.watch(c);
		}
		let value = |lit: &&Lit| self.board.value(**lit);
		let mut open = clause.iter().filter(|lit| value(lit) != Some(false));
		match (open.next(), open.next()) {
			_ if clause.iter().any(|lit| value(&lit) == Some(true)) => {}
			(None, _) => self.ok = false,
			(Some(&lit), None) => self.assign(lit, Some(Constraint::Clause(c))),
			_ => {}
		}
	}

	/// A unit clause, var v placed (or false), at level 0: the levels above undone.
	pub fn unit(&mut self, v: Var, holds: bool) {
		self.backjump(0);
		self.add(vec![Lit::new(v, holds)], 0);
	}

	/// Blocks a solution at level 0: a clause that a square open there takes another symbol.
	pub fn block(&mut self, solution: &[u8]) {
		self.backjump(0);
		let open = (0..S * S).filter(|&p| !self.board.filled(p));
		let other = |p: usize| Lit::new(S * p + solution[p] as usize - 1, false);
		self.add(open.map(other).collect(), 0);
	}

	// -- The search: decisions, restarts, forgetting.

	/// A solution of the board at the top level, or a level whose decision leaves none.
	pub fn solve(&mut self) -> Verdict {
		loop {
			if let Some(verdict) = self.solve_within(u64::MAX) {
				return verdict; // always: no limit
			}
		}
	}

	/// `solve`, or None (back at the top level) after `limit` conflicts. Each conflict teaches
	/// a clause and backjumps; a restart goes back to the top.
	fn solve_within(&mut self, limit: u64) -> Option<Verdict> {
		let path: Vec<Var> = self.levels.iter().map(|level| level.1).collect();
		// Knuth's reluctant doubling: v runs through 1, 1, 2, 1, 1, 2, 4, ...
		let (top, mut conflicts, mut due, mut u, mut v) = (path.len(), 0, LUBY_UNIT, 1i64, 1i64);
		loop {
			match self.propagate() {
				_ if !self.ok => return Some(Verdict::Unsat(0)),
				Err(conflict) => {
					let stands = self.levels[self.level() - 1].0;
					if stands > self.longest {
						self.longest = stands;
						for lit in self.trail[..stands].iter().filter(|lit| lit.holds()) {
							self.phase[lit.var() / S] = (lit.var() % S) as u8 + 1;
						}
					}
					let (clause, back, lbd) = self.analyze(conflict);
					self.backjump(back);
					self.add(clause, lbd);
					conflicts += 1;
					if conflicts == due {
						(u, v) = if u & -u == v { (u + 1, 1) } else { (u, 2 * v) };
						(due, self.longest) = (due + LUBY_UNIT * v as u64, 0);
						self.backjump(top);
					}
					if self.arena.len() > KEPT || self.learnt > LEARNT {
						self.reduce();
					}
				}
				Ok(()) if self.level() < top => {
					// Back below the top after a conflict: the path's decisions again.
					if !self.decide(path[self.level()]) {
						return Some(Verdict::Unsat(self.level() + 1));
					}
				}
				Ok(()) if conflicts >= limit => {
					self.backjump(top);
					return None;
				}
				Ok(()) => match self.choose() {
					Some(v) => {
						self.decide(v);
					}
					None => {
						let symbol = |p: usize| self.board.rules[p].trailing_zeros() as u8 + 1;
						let model = (0..S * S).map(symbol).collect();
						self.backjump(top);
						return Some(Verdict::Sat(model));
					}
				},
			}
		}
	}

	/// The next decision: the most active var of the rules with fewest ways if two (a pair decides
	/// much), else of every open rule (many ways tell little: VSIDS refutes far sooner); of its
	/// rule with fewest ways, the var of its square's phase, else it. No heap (MiniSat's has one):
	/// the fewest ways change with each literal set; a pass over the 4 S^2 rules finds them.
	fn choose(&self) -> Option<Var> {
		let board = &self.board;
		// One pass: the fewest ways, and the most active var of the rules with that many.
		let (mut fewest, mut best) = (!0, None);
		for k in (0..board.rules.len()).filter(|&k| board.ways(k) != !0) {
			if board.ways(k) < fewest {
				(fewest, best) = (board.ways(k), None);
			}
			if board.ways(k) == fewest {
				best =
					self.most_active(best.into_iter().chain(Board::<S>::vars(k, board.rules[k])));
			}
		}
		if fewest > 2 {
			// Every open rule: each var is a way of its own (open) square, and squares come first.
			let squares = (0..S * S).filter(|&p| !board.filled(p));
			best = self.most_active(squares.flat_map(|p| Board::<S>::vars(p, board.rules[p])));
		}
		let v = best?; // None: every rule holds
		let rules = Board::<S>::of(v);
		let (k, _) = *rules.iter().min_by_key(|&&(k, _)| board.ways(k))?;
		let mut vars = Board::<S>::vars(k, board.rules[k]);
		vars.find(|&u| self.phase[u / S] as usize == u % S + 1)
			.or(Some(v))
	}

	/// The first of `vars` with the most activity.
	fn most_active(&self, vars: impl Iterator<Item = Var>) -> Option<Var> {
		vars.min_by(|&a, &b| self.activity[b].total_cmp(&self.activity[a]))
	}

	/// Forgets the learnt clauses but the lowest LBDs in a quarter of KEPT and of LEARNT, at
	/// level 0, simplifying the rest (a clause true goes, a literal false leaves it).
	fn reduce(&mut self) {
		self.backjump(0);
		let (arena, mut clauses, mut c) = (std::mem::take(&mut self.arena), Vec::new(), 0);
		while c < arena.len() {
			clauses.push((arena[c + 1], std::cmp::Reverse(c)));
			c += 2 + arena[c] as usize;
		}
		clauses.sort_unstable(); // LBD 0 (kept) first; ties: last added first
		let (mut room, mut count) = (KEPT / 4, LEARNT / 4);
		self.watches.iter_mut().for_each(Vec::clear);
		self.learnt = 0; // `add` counts the kept
		for (lbd, std::cmp::Reverse(c)) in clauses {
			let lits = arena[c + 2..c + 2 + arena[c] as usize].iter();
			let mut clause: Vec<Lit> = lits.map(|&lit| Lit(lit)).collect();
			let forgettable = (lbd > 0) as usize;
			let words = forgettable * (2 + clause.len());
			if words <= room
				&& forgettable <= count
				&& !clause
					.iter()
					.any(|&lit| self.board.value(lit) == Some(true))
			{
				(room, count) = (room - words, count - forgettable);
				clause.retain(|&lit| self.board.value(lit) != Some(false));
				self.add(clause, lbd);
			}
		}
		// Level 0's reasons are never asked for: none may name a clause that moved.
		for lit in &self.trail {
			self.reason[lit.var()] = None;
		}
	}
}

// ---- Answering: each puzzle solved, its text written back with the blanks filled in.

/// Writes an input back, each puzzle's blanks filled in from its smallest solution; `solved`
/// turns false when a puzzle has none.
fn answer(
	input: &mut dyn Read,
	out: &mut dyn Write,
	err: &mut dyn Write,
	solved: &mut bool,
) -> Result<(), Stop> {
	let mut reader = Reader::new(input);
	while let Some(piece) = reader.next(out)? {
		match piece {
			Piece::Text(text) => out.write_all(&text)?,
			Piece::Puzzle(puzzle) => {
				let mut smallest = None;
				solve(puzzle.side, &puzzle.givens, &mut |grid| {
					smallest = Some(grid.to_vec());
					false
				});
				match smallest {
					Some(grid) => out.write_all(&filled_in(&puzzle, &grid))?,
					None if puzzle.says_none => out.write_all(&no_solution(&puzzle))?,
					None => {
						*solved = false;
						let (number, line) = (puzzle.number, puzzle.line);
						fail(err, format!("puzzle {number} (line {line}): no solution\n"));
						out.write_all(&puzzle.text)?;
					}
				}
			}
		}
	}
	Ok(())
}

/// UVa 989's answer to a puzzle without solution, its last line's break kept (CRLF, LF, none).
pub fn no_solution(puzzle: &Puzzle) -> Vec<u8> {
	let text = &puzzle.text;
	let breaks = |c: &&u8| b"\r\n".contains(c);
	let ends = text.iter().rev().take_while(breaks).count();
	[b"NO SOLUTION", &text[text.len() - ends..]].concat()
}

/// The puzzle's text with each blank filled in from `grid` (symbol + 1 for each square).
pub fn filled_in(puzzle: &Puzzle, grid: &[u8]) -> Vec<u8> {
	let (mut text, mut from) = (Vec::with_capacity(puzzle.text.len() + 64), 0);
	for (p, &(at, length, number)) in puzzle.places.iter().enumerate() {
		if puzzle.givens[p] == 0 {
			text.extend_from_slice(&puzzle.text[from..at as usize]);
			let value = grid[p];
			match (number, puzzle.side) {
				(true, _) | (_, 1..=9) => text.extend_from_slice(value.to_string().as_bytes()),
				_ => text.push(b'A' + value - 1),
			}
			from = (at + length) as usize;
		}
	}
	text.extend_from_slice(&puzzle.text[from..]);
	text
}
