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
//! - var `v = s * p + d`: symbol d at square p; its literals: it holds (`2 * v + 1`), it does not
//!   (`2 * v`). Constraint: one of its literals is true: square p has a symbol, unit u has
//!   symbol d (the rules), or a clause learned.
//! - board: the squares each symbol can still take (bits), each constraint's ways (literals not
//!   false); it settles: a constraint left one way takes it, one left none is a dead end.
//! - level: the board after a decision (a var placed), the classic's path first; the
//!   trail: what each level made true, in order.
//! - the check: a second search, complete, that finds a solution of the board (the witness) or
//!   none; it decides where the ways are fewest (asked by dfs, after a first run: the var
//!   hottest in dead ends) and learns a clause from each dead end.
//! - `// <shared: NAME>` to `// </shared: NAME>`: text src/main.rs has too, the same.

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
pub(crate) fn run(input: &mut dyn Read, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let mut solved = true;
    let status = match answer(input, out, err, &mut solved) {
        Ok(()) => !solved as i32,
        Err(Stop::Read(e)) => fail(err, format!("{e}\n")),
        Err(Stop::Write(e)) => return output_failed(err, e, !solved as i32),
    };
    finish(out, err, status)
}

/// Why an input stopped being answered.
pub(crate) enum Stop {
    Read(String),
    Write(io::Error),
}

impl From<io::Error> for Stop {
    fn from(e: io::Error) -> Stop {
        Stop::Write(e)
    }
}

/// Flushes the output; `status`, or what its failure makes it.
pub(crate) fn finish(out: &mut dyn Write, err: &mut dyn Write, status: i32) -> i32 {
    match out.flush() {
        Ok(()) => status,
        Err(e) => output_failed(err, e, status),
    }
}

/// Says `message` in one write (lines of parallel runs do not mix); 2, a failure's status.
pub(crate) fn fail(err: &mut dyn Write, message: String) -> i32 {
    let _ = err.write_all(message.as_bytes());
    2
}

/// A reader of the output that went away (`| head`) is normal: `status` stands; any other
/// failure is said.
pub(crate) fn output_failed(err: &mut dyn Write, e: io::Error, status: i32) -> i32 {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return status;
    }
    let why = worded(&e);
    fail(err, format!("sudoku: cannot write the output: {why}\n"))
}

/// An error as the usual tools word it: "No such file or directory", not "... (os error 2)".
pub(crate) fn worded(e: &io::Error) -> String {
    let text = e.to_string();
    text[..text.find(" (os error ").unwrap_or(text.len())].to_string()
}
// </shared: the run and I/O failures>

// ---- Reading: a line at a time, whole pieces out (no broken line is ever written).

/// Longer lines (line break left out) are refused, and puzzles twice as long: memory stays bounded.
const LONGEST: usize = 1 << 20;

/// What the reader hands on: a line without squares, or a puzzle.
pub(crate) enum Piece {
    Text(Vec<u8>),
    Puzzle(Box<Puzzle>),
}

/// A puzzle: its side, its givens (0: blank, else d + 1), where each square stands in its text
/// (offset, length, whether a number between spaces), how many of its rows were read; and
/// `says_none`: after a size line, in numbers (UVa 989), it is answered `NO SOLUTION` if need be.
pub(crate) struct Puzzle {
    pub(crate) number: usize,
    pub(crate) line: usize,
    pub(crate) side: usize,
    pub(crate) givens: Vec<u8>,
    places: Vec<(u32, u32, bool)>,
    rows: usize,
    pub(crate) text: Vec<u8>,
    pub(crate) says_none: bool,
}

impl Puzzle {
    /// How messages name it: its number, its first line, how many of its rows were read.
    fn named(&self) -> String {
        let (number, line, rows, side) = (self.number, self.line, self.rows, self.side);
        format!("puzzle {number} (line {line}) with {rows} of its {side} rows")
    }
}

pub(crate) struct Reader<'a> {
    input: BufReader<&'a mut dyn Read>,
    line: usize,
    puzzles: usize,
    current: Option<Box<Puzzle>>,
    /// The line of a lone number (a count or a size) before the next puzzle, 0 if none: a
    /// second right after is a 1x1 puzzle's row.
    lone: usize,
    /// A line read, and whether a line break ended it, to be read again.
    held: Option<(Vec<u8>, bool)>,
}

impl<'a> Reader<'a> {
    pub(crate) fn new(input: &'a mut dyn Read) -> Reader<'a> {
        Reader {
            input: BufReader::with_capacity(1 << 16, input),
            line: 0,
            puzzles: 0,
            current: None,
            lone: 0,
            held: None,
        }
    }

    /// The next piece; None: the end.
    pub(crate) fn next(&mut self, out: &mut dyn Write) -> Result<Option<Piece>, Stop> {
        loop {
            let (text, newline) = self.line(out)?;
            let end = text.len() - newline as usize;
            if let Some(four) = self.four(&text[..end]) {
                self.held = Some((text, newline));
                return Ok(Some(Piece::Puzzle(four)));
            }
            if text.is_empty() {
                return match (&self.current, self.puzzles, self.lone) {
                    (Some(puzzle), ..) => Err(self.cut_short(puzzle, "the input ends inside")),
                    (None, 0, _) => Err(Stop::Read(self.error(1, "no puzzle in the input"))),
                    (None, _, 0) => Ok(None),
                    (None, _, line) => Err(Stop::Read(format!(
                        "line {line}, column 1: a count or size line, and no puzzle after it"
                    ))),
                };
            }
            let words = trim(&text[..end]);
            let lone = !words.is_empty() && words.iter().all(u8::is_ascii_digit);
            if let (Some(puzzle), true) = (&self.current, words.is_empty()) {
                return Err(self.cut_short(puzzle, "an empty line inside"));
            }
            if self.current.is_none() {
                if words.is_empty() {
                    return Ok(Some(Piece::Text(text)));
                }
                if lone && self.lone == 0 && words.len() <= 3 {
                    self.lone = self.line; // a count of cases, or a size: not written
                    continue;
                }
            }
            let puzzle = self.row(text, end).map_err(Stop::Read)?;
            self.lone = 0;
            if let Some(puzzle) = puzzle {
                return Ok(Some(Piece::Puzzle(puzzle)));
            }
        }
    }

    /// The next line (empty at the end) and whether a line break ends it: the one held back,
    /// or one read once the answers so far went out (a read may wait).
    fn line(&mut self, out: &mut dyn Write) -> Result<(Vec<u8>, bool), Stop> {
        if let Some(held) = self.held.take() {
            return Ok(held);
        }
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

    /// Reads a row of squares into the puzzle it goes on (the first row of a new one tells its
    /// side); the puzzle once its last row is read.
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
            let place = ((offset + at) as u32, length as u32, numbers);
            puzzle.places.push(place);
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

    /// A puzzle's first row is read: its side is the number of its squares (one line of 16, 81,
    /// 256 or 625 symbols is a whole puzzle, but 16 without a digit are a row of a 16x16).
    fn begin(&mut self, body: &[u8], numbers: bool, count: usize) -> Result<Box<Puzzle>, String> {
        let side = match count {
            16 if !numbers && body.iter().any(u8::is_ascii_digit) => 4,
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

    /// An empty 4x4 puzzle on one line: a first row of sixteen `.` that the line after cannot
    /// go on with as a 16x16 (not 16 squares, or digits but not numbers).
    fn four(&mut self, line: &[u8]) -> Option<Box<Puzzle>> {
        let puzzle = self.current.as_ref().filter(|puzzle| puzzle.side == 16)?;
        let dots = puzzle.givens == [0; 16] && !puzzle.text.contains(&b'-');
        let (numbers, squares) = squares_of(line);
        let digits = !numbers && line.iter().any(u8::is_ascii_digit);
        if !dots || squares.len() == 16 && !digits {
            return None;
        }
        let mut four = self.current.take()?;
        (four.side, four.rows) = (4, 4);
        Some(four)
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

/// Where each square of a row stands (offset, length): numbers between spaces, or symbols side
/// by side; and whether they are numbers.
fn squares_of(body: &[u8]) -> (bool, Vec<(usize, usize)>) {
    let numbers = trim(body).iter().any(|&c| c == b' ' || c == b'\t');
    let mut squares = Vec::new();
    let mut at = 0;
    while at < body.len() {
        let length = match body[at] {
            b' ' | b'\t' | b'\r' => 0,
            _ if numbers => body[at..]
                .iter()
                .take_while(|c| c.is_ascii_graphic())
                .count(),
            _ => 1,
        };
        if length > 0 {
            squares.push((at, length));
        }
        at += length.max(1);
    }
    (numbers, squares)
}

/// The given a square's text stands for in a puzzle of side `side`: 0 a blank, d + 1 symbol d;
/// None if it is none of the side's alphabet.
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

// ---- The search: the classic's arrays and dfs(x, y), on the check's board of bit sets.

/// A board of side S: `can[d][x]` has bit y when square (x, y) can take symbol d or holds it;
/// the ways of each constraint of the rules (see `Check`).
#[derive(Clone, Copy)]
struct Board<const S: usize> {
    can: [[u32; S]; S],
    ways: [[[u8; S]; S]; 4],
}

/// The ways of a constraint that holds.
const DONE: u8 = u8::MAX;

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
        self.can[d][p / S] >> (p % S) & 1 != 0
    }

    fn take_out(&mut self, v: usize) {
        self.can[v % S][v / S / S] &= !(1 << (v / S % S));
    }

    fn filled(&self, p: usize) -> bool {
        self.ways[0][p / S][p % S] == DONE
    }

    /// Literal `lit` is false: its var placed for `2 * v`, taken out for `2 * v + 1`.
    fn is_false(&self, lit: usize) -> bool {
        let (p, d) = (lit / 2 / S, lit / 2 % S);
        match lit & 1 {
            0 => self.filled(p) && self.allows(p, d),
            _ => !self.allows(p, d),
        }
    }
}

/// A step of the trail: a literal made true, the constraint that left it no other way
/// (`DECIDED` for a decision), and at which level.
#[derive(Clone, Copy)]
struct Step {
    lit: usize,
    why: usize,
    level: usize,
}

/// No constraint: a decision (or a given).
const DECIDED: usize = usize::MAX;

/// The check's answer past its limit.
const UNSURE: usize = usize::MAX;

/// The board, its levels, the trail, the clauses learned from dead ends. Constraints are
/// numbered: square p has a symbol (p), unit u (rows, columns, boxes) has symbol d
/// (`S * S + S * u + d`), clause c (`4 * S * S + c`).
#[derive(Clone)]
pub(crate) struct Check<const S: usize> {
    board: Board<S>,
    /// Each level above 0: the board as it began, where on the trail, its decision.
    saved: Vec<(Board<S>, usize, usize)>,
    trail: Vec<Step>,
    /// The step of the trail that decided each var, placed it or took it out.
    at: Vec<usize>,
    /// Clauses true in every solution sought (empty once forgotten: a free place); the clauses
    /// watching each literal (their first two); literals left to make true, and why; a
    /// constraint with every literal false.
    clauses: Vec<Vec<u16>>,
    free: Vec<usize>,
    /// The clauses leaving a solution out (see `exclude`): never forgotten.
    excluded: Vec<usize>,
    watches: Vec<Vec<u32>>,
    pending: Vec<(usize, usize)>,
    conflict: Option<usize>,
    /// How often each var took part in a dead end lately (its heat), and what one more adds
    /// (more each time: older ones count less).
    activity: Vec<f64>,
    bump: f64,
    /// The last solution a check or dfs found: the witness.
    last: Vec<u8>,
}

/// Clauses kept at most before the longer half goes.
const KEPT: usize = 1 << 14;

impl<const S: usize> Check<S> {
    /// The constraints of the rules; clauses are numbered after them.
    const RULES: usize = 4 * S * S;

    /// The board of the givens at level 0 (a given that cannot go there: a dead end).
    pub(crate) fn new(givens: &[u8]) -> Check<S> {
        let mut check = Check {
            board: Board {
                can: [[(1 << S) - 1; S]; S],
                ways: [[[S as u8; S]; S]; 4],
            },
            saved: Vec::new(),
            trail: Vec::new(),
            at: vec![0; S * S * S],
            clauses: Vec::new(),
            free: Vec::new(),
            excluded: Vec::new(),
            watches: vec![Vec::new(); 2 * S * S * S],
            pending: Vec::new(),
            conflict: None,
            activity: vec![0.0; S * S * S],
            bump: 1.0,
            last: vec![0; S * S],
        };
        for (p, &given) in givens.iter().enumerate().filter(|&(_, &given)| given != 0) {
            match check.board.allows(p, given as usize - 1) {
                true => check.make(2 * (S * p + given as usize) - 1, DECIDED),
                false => check.conflict = Some(p),
            }
        }
        check
    }

    fn level(&self) -> usize {
        self.saved.len()
    }

    /// Makes literal `lit` true, constraint `why` leaving no other way: the vars it takes out
    /// leave their constraints; clauses watching a literal it makes false look again.
    fn make(&mut self, lit: usize, why: usize) {
        let (v, mut lost) = (lit / 2, Vec::with_capacity(4 * S));
        if lit & 1 == 0 {
            lost.push(v);
            self.board.take_out(v);
        } else {
            // The other open vars of its rules, each once: off the board as they come.
            for k in Self::constraints(v) {
                let from = lost.len();
                lost.extend(self.open(k).filter(|&u| u != v));
                lost[from..].iter().for_each(|&u| self.board.take_out(u));
                *self.ways(k) = DONE;
            }
        }
        // The board is as the literal leaves it: now what watches and counts it looks again.
        self.at[v] = self.trail.len();
        let level = self.level();
        self.trail.push(Step { lit, why, level });
        self.watch(lit ^ 1);
        for &u in &lost {
            self.at[u] = self.at[v];
            self.lose(u);
            self.watch(2 * u + 1);
        }
    }

    /// Var u is out: each of its constraints has a way fewer, the last made true, none a dead end.
    fn lose(&mut self, u: usize) {
        for k in Self::constraints(u) {
            let ways = self.ways(k);
            if *ways != DONE {
                *ways -= 1;
                match *ways {
                    0 => self.conflict = Some(k),
                    1 => {
                        let last = self.open(k).next();
                        self.pending.push((last.map_or(0, |u| 2 * u + 1), k));
                    }
                    _ => {}
                }
            }
        }
    }

    /// The constraints of the rules var v is a way of: its square's, its units' for its symbol.
    fn constraints(v: usize) -> [usize; 4] {
        let (x, y, d, n) = (v / S / S, v / S % S, v % S, Board::<S>::N);
        let unit = |kind: usize, i: usize| kind * S * S + S * i + d;
        [v / S, unit(1, x), unit(2, y), unit(3, x / n * n + y / n)]
    }

    fn ways(&mut self, k: usize) -> &mut u8 {
        &mut self.board.ways[k / S / S][k / S % S][k % S]
    }

    /// The i-th literal of rule k: square k's ith symbol, or symbol d at unit u's ith square.
    fn way(k: usize, i: usize) -> usize {
        let (u, d, n) = (k / S % S, k % S, Board::<S>::N);
        let square = match k / S / S {
            0 => return 2 * (S * k + i) + 1,
            1 => S * u + i,
            2 => S * i + u,
            _ => S * (u / n * n + i / n) + u % n * n + i % n,
        };
        2 * (S * square + d) + 1
    }

    /// The vars of rule k still open, in order (bit i of `left`: way i).
    fn open(&self, k: usize) -> impl Iterator<Item = usize> {
        let (u, d, n, can) = (k / S % S, k % S, Board::<S>::N, &self.board.can);
        let mut left = match k / S / S {
            0 => (0..S).fold(0, |m, e| m | (can[e][k / S] >> (k % S) & 1) << e),
            1 => can[d][u],
            2 => (0..S).fold(0, |m, x| m | (can[d][x] >> u & 1) << x),
            _ => (0..n).fold(0, |m, j| {
                m | (can[d][u / n * n + j] >> (u % n * n) & ((1 << n) - 1)) << (n * j)
            }),
        };
        std::iter::from_fn(move || {
            let i = left.trailing_zeros() as usize;
            left &= left.wrapping_sub(1);
            (i < S).then(|| Self::way(k, i) / 2)
        })
    }

    /// Literal `lit` turned false: each clause watching it watches another not false, or its
    /// other watched literal is left to make true (or all are false: a dead end).
    fn watch(&mut self, lit: usize) {
        let mut watching = std::mem::take(&mut self.watches[lit]);
        watching.retain(|&c| {
            let (c, board) = (c as usize, &self.board);
            let clause = &mut self.clauses[c];
            if clause.len() > 1 && clause[0] as usize == lit {
                clause.swap(0, 1);
            }
            if clause.len() < 2 || clause[1] as usize != lit {
                return false; // forgotten, its place taken by a clause that watches another
            }
            let other = clause[0] as usize;
            if !board.is_false(other ^ 1) && self.conflict.is_none() {
                // The other is not true: another literal to watch, or the other is the last.
                match (2..clause.len()).find(|&k| !board.is_false(clause[k] as usize)) {
                    Some(k) => {
                        clause.swap(1, k);
                        self.watches[clause[1] as usize].push(c as u32);
                        return false;
                    }
                    None if board.is_false(other) => self.conflict = Some(Self::RULES + c),
                    None => self.pending.push((other, Self::RULES + c)),
                }
            }
            true
        });
        self.watches[lit] = watching;
    }

    /// Makes true what the constraints leave one way, until none is left, or a dead end.
    pub(crate) fn settle(&mut self) -> Result<(), usize> {
        loop {
            if let Some(conflict) = self.conflict.take() {
                return Err(conflict);
            }
            match self.pending.pop() {
                Some((lit, why)) if self.board.is_false(lit) => return Err(why),
                Some((lit, why)) if !self.board.is_false(lit ^ 1) => self.make(lit, why),
                Some(_) => {} // true already
                None => return Ok(()),
            }
        }
    }

    /// A new level whose decision places var v (unless placed already); false, no level, if v
    /// is out.
    pub(crate) fn decide(&mut self, v: usize) -> bool {
        if !self.board.allows(v / S, v % S) {
            return false;
        }
        self.saved.push((self.board, self.trail.len(), v));
        if !self.board.filled(v / S) {
            self.make(2 * v + 1, DECIDED);
        }
        true
    }

    /// Back to the end of `level`: what the levels above did is undone.
    pub(crate) fn backjump(&mut self, level: usize) {
        if level < self.level() {
            self.board = self.saved[level].0;
            self.trail.truncate(self.saved[level].1);
            self.saved.truncate(level);
            self.pending.clear();
            self.conflict = None;
        }
    }

    /// Leaves a solution out at level 0: a clause that a square open there takes another symbol.
    pub(crate) fn exclude(&mut self, solution: &[u8]) {
        let open = (0..S * S).filter(|&p| !self.board.filled(p));
        let other = |p: usize| (2 * (S * p) + 2 * solution[p] as usize - 2) as u16;
        let clause: Vec<u16> = open.map(other).collect();
        if clause.len() < 2 {
            self.conflict = Some(0); // no other solution: a dead end at level 0
        }
        let c = self.keep(clause);
        self.excluded.push(Self::RULES + c);
    }

    /// The check: a solution of the board at the top level, or `UNSURE` past `limit` dead ends
    /// (the levels as they were), or the first level whose decision leaves none (those below it
    /// left). Each dead end teaches a clause; it starts again from the top after 64 dead ends
    /// times the Luby sequence's next number (with a limit, as dfs asks, the hottest var of all
    /// after the first run).
    pub(crate) fn solvable(&mut self, limit: i64) -> Result<Vec<u8>, usize> {
        let path: Vec<usize> = self.saved.iter().map(|level| level.2).collect();
        let top = path.len();
        let asked = limit < i64::MAX;
        // Knuth's reluctant doubling: v runs through 1, 1, 2, 1, 1, 2, 4, ...
        let (mut spent, mut due, mut u, mut v) = (0, 64, 1, 1);
        loop {
            if let Err(conflict) = self.settle() {
                if self.level() == 0 {
                    return Err(0);
                }
                let (clause, back) = self.analyze(conflict, asked);
                self.backjump(back);
                self.learn(clause);
                spent += 1;
                if spent == due {
                    (u, v) = if u & -u == v { (u + 1, 1) } else { (u, 2 * v) };
                    due += 64 * v;
                    self.backjump(top);
                    self.forget();
                }
            } else if self.level() < top {
                // Back below the top after a dead end: the path's decisions again.
                if !self.decide(path[self.level()]) {
                    return Err(self.level() + 1);
                }
            } else if spent >= limit {
                self.backjump(top);
                return Err(UNSURE);
            } else if let Some(v) = self.choice(asked && u > 1) {
                self.decide(v);
            } else {
                let symbol = |p| (0..S).find(|&d| self.board.allows(p, d)).unwrap_or(0);
                self.last = (0..S * S).map(|p| symbol(p) as u8 + 1).collect();
                self.backjump(top);
                return Ok(self.last.clone());
            }
        }
    }

    /// Where to decide next: the hottest var where the ways are fewest (a square's symbols, a
    /// unit's squares for a symbol), or of all if `hot` (the first of them); None if full.
    fn choice(&self, hot: bool) -> Option<usize> {
        let ways = self.board.ways.iter().flatten().flatten().enumerate();
        let fewest = ways.clone().map(|(_, &ways)| ways).min()?;
        let chosen = ways.filter(|&(k, &w)| w != DONE && if hot { k < S * S } else { w == fewest });
        let vars = chosen.flat_map(|(k, _)| self.open(k));
        vars.min_by(|&a, &b| self.activity[b].total_cmp(&self.activity[a]))
    }

    /// The clause a dead end teaches: the literal the current level made false last of those
    /// that explain it, then those made false below but those the others imply (if not `asked`,
    /// each as its step's negation: v out for all placing v took out); the level to go back to,
    /// their highest.
    fn analyze(&mut self, conflict: usize, asked: bool) -> (Vec<u16>, usize) {
        let mut seen = vec![0; self.trail.len()];
        let (mut open, mut taught, mut why) = (0, Vec::new(), Vec::new());
        self.because(conflict, usize::MAX, &mut why);
        let mut t = self.trail.len();
        loop {
            for lit in why.drain(..) {
                self.activity[lit / 2] += self.bump;
                let s = self.at[lit / 2];
                match self.trail[s].level {
                    0 => {}
                    level if level == self.level() => {
                        open += (seen[s] == 0) as usize;
                        seen[s] = 1;
                    }
                    _ => taught.push(if asked { lit } else { self.trail[s].lit ^ 1 }),
                }
            }
            t -= 1;
            while seen[t] != 1 {
                t -= 1;
            }
            open -= 1;
            if open == 0 {
                break;
            }
            self.because(self.trail[t].why, self.trail[t].lit, &mut why);
        }
        taught.sort_unstable();
        taught.dedup();
        let (mut clause, mut back) = (vec![(self.trail[t].lit ^ 1) as u16], 0);
        for &lit in &taught {
            let level = self.trail[self.at[lit / 2]].level;
            if !self.implied(lit, &taught, 64, &mut seen) {
                clause.insert(if level > back { 1 } else { clause.len() }, lit as u16);
                back = back.max(level);
            }
        }
        self.bump /= 0.95;
        if self.bump > 1e100 {
            self.activity.iter_mut().for_each(|a| *a *= 1e-100);
            self.bump *= 1e-100;
        }
        (clause, back)
    }

    /// Constraint k's literals but `lit`, all false if k is left `lit` or none (none if DECIDED).
    fn because(&self, k: usize, lit: usize, why: &mut Vec<usize>) {
        match k.checked_sub(Self::RULES) {
            _ if k == DECIDED => {}
            Some(c) => why.extend(self.clauses[c].iter().map(|&lit| lit as usize)),
            None => why.extend((0..S).map(|i| Self::way(k, i))),
        }
        why.retain(|&other| other != lit);
    }

    /// Whether false literal `lit` follows from those taught (and level 0), `depth` steps back
    /// at most: then the clause is as true without it. Each step's mark in `seen`: 1 if `analyze`
    /// met it at the dead end's level, 2 if implied, 3 if not.
    fn implied(&self, lit: usize, taught: &[usize], depth: usize, seen: &mut [u8]) -> bool {
        let (t, is_taught) = (self.at[lit / 2], |lit| taught.binary_search(&lit).is_ok());
        let step = self.trail[t];
        if step.level == 0 || step.lit ^ 1 != lit && is_taught(step.lit ^ 1) {
            return true;
        }
        if depth == 0 || step.why == DECIDED || seen[t] > 1 {
            return seen[t] == 2;
        }
        let mut why = Vec::new();
        self.because(step.why, step.lit, &mut why);
        let implied = why
            .into_iter()
            .all(|lit| is_taught(lit) || self.implied(lit, taught, depth - 1, seen));
        seen[t] = if implied { 2 } else { 3 };
        implied
    }

    /// Keeps a clause taught and makes its first literal true (the others are false).
    fn learn(&mut self, clause: Vec<u16>) {
        let first = clause[0] as usize;
        let c = self.keep(clause);
        self.make(first, Self::RULES + c);
    }

    /// Past `KEPT` clauses, forgets the longer half but those excluding or in use (by the trail,
    /// pending, the conflict): memory stays bounded.
    fn forget(&mut self) {
        let live = self.clauses.iter().map(Vec::len).filter(|&n| n > 0);
        let mut lengths: Vec<usize> = live.collect();
        if lengths.len() > KEPT {
            lengths.sort_unstable();
            let most = lengths[lengths.len() / 2].max(3);
            let mut used = self.excluded.clone();
            used.extend(self.trail.iter().map(|step| step.why));
            used.extend(self.pending.iter().map(|&(_, why)| why));
            used.extend(self.conflict);
            for (c, clause) in self.clauses.iter_mut().enumerate() {
                if clause.len() >= most && !used.contains(&(Self::RULES + c)) {
                    *clause = Vec::new();
                    self.free.push(c);
                }
            }
        }
    }

    /// Keeps a clause, watching its first two literals; its number.
    fn keep(&mut self, clause: Vec<u16>) -> usize {
        let c = self.free.pop().unwrap_or(self.clauses.len());
        if clause.len() > 1 {
            self.watches[clause[0] as usize].push(c as u32);
            self.watches[clause[1] as usize].push(c as u32);
        }
        match self.clauses.get_mut(c) {
            Some(place) => *place = clause,
            None => self.clauses.push(clause),
        }
        c
    }
}

/// The classic's state (`grid`: symbol + 1, 0 while empty) and the check it searches on.
struct Search<const S: usize> {
    row: [[bool; S]; S],
    col: [[bool; S]; S],
    cell: [[[bool; S]; 5]; 5],
    grid: Vec<u8>,
    check: Check<S>,
    /// Calls of dfs since the last solution was found.
    steps: u64,
    /// The levels of the path the witness (`check.last`) agrees with; whether unique.
    agrees: usize,
    unique: bool,
    /// The level of a decision the check found no solution after: dfs goes back to it.
    dead: Option<usize>,
}

/// The steps the classic may take without a solution before it asks the check.
const BUDGET: u64 = 100;

/// Calls `found` with each solution (a square's symbol + 1), smallest first, while it says go on.
pub(crate) fn solve(side: usize, givens: &[u8], found: &mut dyn FnMut(&[u8]) -> bool) {
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
            check: Check::new(givens),
            steps: 0,
            agrees: 0,
            unique: true,
            dead: None,
        };
        for (p, &given) in givens.iter().enumerate().filter(|&(_, &given)| given != 0) {
            search.place(p / S, p % S, given as usize - 1);
        }
        // Counts to two, fewest ways first: with one solution dfs only walks it. The second
        // search, on a copy, leaves out the first solution: what it learns holds for no other.
        if search.check.solvable(i64::MAX).is_err() {
            return;
        }
        search.unique = {
            let mut other = search.check.clone();
            other.exclude(&search.check.last);
            other.solvable(i64::MAX).is_err() // gone before dfs: memory for the checks it asks
        };
        match search.next_square(0) {
            Some((x, y)) => search.dfs(x, y, found),
            None => found(&search.grid),
        };
    }

    /// Tries each symbol allowed at (x, y), as the classic does; false once told to stop.
    fn dfs(&mut self, x: usize, y: usize, found: &mut dyn FnMut(&[u8]) -> bool) -> bool {
        self.steps += 1;
        let (p, depth) = (S * x + y, self.check.level() + 1);
        let mut go_on = true;
        for d in 0..S {
            // The classic's test, then the board's (which implies it); if unique, its symbol only.
            let agrees = self.agrees + 1 >= depth && self.check.last[p] as usize == d + 1;
            if !self.free(x, y, d) || !self.check.board.allows(p, d) || self.unique && !agrees {
                continue;
            }
            self.place(x, y, d);
            self.check.decide(S * p + d);
            if self.check.settle().is_ok() && (agrees || self.may_lead_on()) {
                self.agrees = self.agrees.max(depth * agrees as usize);
                go_on = match self.next_square(p) {
                    Some((x, y)) => self.dfs(x, y, found),
                    None => {
                        (self.check.last, self.agrees, self.steps) = (self.grid.clone(), depth, 0);
                        found(&self.grid)
                    }
                };
            }
            self.check.backjump(depth - 1);
            self.remove(x, y, d);
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
    /// one search, not one for each way to fill the squares above. It takes turns, twice the dead
    /// ends each round, with one afresh from the squares filled (four times as many, each cheaper):
    /// either may be 1,000 times slower.
    fn may_lead_on(&mut self) -> bool {
        if self.steps <= BUDGET {
            return true;
        }
        let (level, mut fresh) = (self.check.level(), None);
        for turn in 0.. {
            let check = match turn % 2 {
                0 => &mut self.check,
                _ => fresh.get_or_insert_with(|| Check::new(&self.grid)),
            };
            match check.solvable(1000 << (turn / 2 + turn % 2 * 2)) {
                Err(UNSURE) => continue,
                Ok(witness) => (self.check.last, self.agrees) = (witness, level),
                Err(dead) => self.dead = Some(if turn % 2 == 0 { dead } else { level }),
            }
            break;
        }
        self.dead.is_none()
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

    /// The classic's next (x, y): the first empty square in reading order from p; None when full.
    fn next_square(&self, p: usize) -> Option<(usize, usize)> {
        let q = (p..S * S).find(|&q| self.grid[q] == 0)?;
        Some((q / S, q % S))
    }
}

// ---- Answering: each puzzle solved, its text written back with the blanks filled in.

/// Writes an input back with each puzzle's blanks filled in with its smallest solution;
/// `solved` turns false when a puzzle has none.
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
                    None if puzzle.says_none => out.write_all(NO_SOLUTION)?,
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

/// UVa 989's answer to a puzzle without solution.
pub(crate) const NO_SOLUTION: &[u8] = b"NO SOLUTION\n";

/// The puzzle's text with each blank filled in from `grid` (symbol + 1 for each square).
pub(crate) fn filled_in(puzzle: &Puzzle, grid: &[u8]) -> Vec<u8> {
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
