//! Sudoku of every size judges set (1x1, 4x4, 9x9, 16x16, 25x25): fills in the blanks with the
//! classic search of AcWing 166 and 169, and writes, for every puzzle, the answer the classic
//! writes: its smallest solution, rows first (what UVa 989 asks for).
//!
//! Glossary:
//! - side `s`: the squares of a row, 1, 4, 9, 16 or 25; `n`: a box's side, `s = n * n`.
//! - square: one of the `s * s` places of the grid; `x`, `y` its row and column from 0 at the top
//!   left, `p = s * x + y`; box: one of the `n * n` squares of squares; unit: a row, column or box.
//! - `d`: a symbol 0 to s - 1, standing for the (d + 1)th of its alphabet (`1`..., `A`... or the
//!   number d + 1), so that it indexes the arrays.
//! - `row[x][d]`, `col[y][d]`, `cell[x / n][y / n][d]`: symbol d is used in row x, in column y,
//!   in the box of square (x, y).
//! - `dfs(x, y)`: tries each symbol those arrays allow at (x, y), the first empty square in
//!   reading order, and searches on; `place` and `remove` put a symbol in and take it back.
//! - board: `can[p]`, the symbols square p can still take (bit d); it settles (fills what the
//!   rules force: a square's one symbol, a symbol's one square in a unit).
//! - the check: a second search, complete, that tells whether a board has a solution and hands
//!   one back (the witness), branching where the fewest ways are.
//! - piece: what the reader hands on, a line at a time: text, or a puzzle with its text.
//! - `// <shared: NAME>` to `// </shared: NAME>`: text src/main.rs has too, the same.

use std::io::{self, BufRead, BufReader, Read, Write};

/// Reads standard input, writes the answers to standard output and messages to standard error.
fn main() {
    refuse_arguments();
    // A 25x25 search goes hundreds of boards deep: a stack of its own, as large as it needs.
    let solver = std::thread::Builder::new().stack_size(1 << 28).spawn(|| {
        let (stdin, stdout, stderr) = (io::stdin(), io::stdout(), io::stderr());
        let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
        run(&mut stdin.lock(), &mut out, &mut stderr.lock())
    });
    let status = solver.map_or(2, |solver| solver.join().unwrap_or(2));
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
/// (offset, length, whether a number between spaces), and how many of its rows were read.
pub(crate) struct Puzzle {
    pub(crate) number: usize,
    pub(crate) line: usize,
    pub(crate) side: usize,
    pub(crate) givens: Vec<u8>,
    places: Vec<(u32, u32, bool)>,
    rows: usize,
    pub(crate) text: Vec<u8>,
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
    /// The line before was a lone number (a count or a size): a second is a 1x1 puzzle's row.
    lone: bool,
}

impl<'a> Reader<'a> {
    pub(crate) fn new(input: &'a mut dyn Read) -> Reader<'a> {
        Reader {
            input: BufReader::with_capacity(1 << 16, input),
            line: 0,
            puzzles: 0,
            current: None,
            lone: false,
        }
    }

    /// The next piece, once the answers so far went out (a read may wait); None: the end.
    pub(crate) fn next(&mut self, out: &mut dyn Write) -> Result<Option<Piece>, Stop> {
        loop {
            if self.input.buffer().is_empty() {
                out.flush()?;
            }
            let mut text = Vec::new();
            let newline = self.read_line(&mut text).map_err(Stop::Read)?;
            if text.is_empty() {
                return match (&self.current, self.puzzles) {
                    (Some(puzzle), _) => Err(self.cut_short(puzzle, "the input ends inside")),
                    (None, 0) => Err(Stop::Read(self.error(1, "no puzzle in the input"))),
                    (None, _) => Ok(None),
                };
            }
            let end = text.len() - newline as usize;
            let words = trim(&text[..end]);
            let lone = !words.is_empty() && words.iter().all(u8::is_ascii_digit);
            if let (Some(puzzle), true) = (&self.current, words.is_empty()) {
                return Err(self.cut_short(puzzle, "an empty line inside"));
            }
            if self.current.is_none() {
                if words.is_empty() {
                    return Ok(Some(Piece::Text(text)));
                }
                if lone && !self.lone && words.len() <= 3 {
                    self.lone = true; // a count of cases, or a size: not written
                    continue;
                }
            }
            self.lone = false;
            if let Some(puzzle) = self.row(text, end).map_err(Stop::Read)? {
                return Ok(Some(Piece::Puzzle(puzzle)));
            }
        }
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
        if let Some(at) = body
            .iter()
            .position(|c| !c.is_ascii_graphic() && !b" \t\r".contains(c))
        {
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

// ---- The search: the classic's arrays and dfs(x, y), and a board that fills forced squares.

/// The largest side, and its squares.
const MOST: usize = 25;
const SQUARES: usize = MOST * MOST;

/// The units of a side: the squares of each (rows, then columns, then boxes, `side` a unit),
/// the units of each square, and its peers (the other squares of its units, once each: as many
/// for every square, one after another).
struct Units {
    side: usize,
    n: usize,
    squares: Vec<usize>,
    of: Vec<[usize; 3]>,
    peers: Vec<usize>,
    /// For a row or column, the box row or box column it lies in.
    box_of: [usize; MOST],
}

impl Units {
    fn new(side: usize) -> Units {
        let n = (1..=5).find(|n| n * n == side).unwrap_or(1);
        let (mut squares, mut box_of) = (vec![0; 3 * side * side], [0; MOST]);
        (0..side).for_each(|i| box_of[i] = i / n);
        let of: Vec<[usize; 3]> = (0..side * side)
            .map(|p| {
                let (x, y) = (p / side, p % side);
                let units = [x, side + y, 2 * side + box_of[x] * n + box_of[y]];
                // Its place in each: its column in the row, its row in the column and the box.
                let at = [y, x, x % n * n + y % n];
                (0..3).for_each(|k| squares[side * units[k] + at[k]] = p);
                units
            })
            .collect();
        // The rest of p's row, of its column outside the row, of its box outside both.
        let mut peers = Vec::with_capacity(3 * side * side * side);
        for (p, units) in of.iter().enumerate() {
            let (x, y) = (p / side, p % side);
            for (k, &u) in units.iter().enumerate() {
                let unit = squares[side * u..side * u + side].iter();
                peers.extend(
                    unit.filter(|&&q| {
                        q != p && (k == 0 || q / side != x) && (k < 2 || q % side != y)
                    }),
                );
            }
        }
        Units {
            side,
            n,
            squares,
            of,
            peers,
            box_of,
        }
    }

    /// The peers of square p.
    fn peers_of(&self, p: usize) -> &[usize] {
        let count = self.peers.len() / (self.side * self.side);
        &self.peers[count * p..count * p + count]
    }

    /// The squares of unit u.
    fn of_unit(&self, u: usize) -> &[usize] {
        &self.squares[self.side * u..self.side * u + self.side]
    }
}

/// The classic's state (`grid`: symbol + 1, 0 while empty), and the board beside it.
pub(crate) struct Search {
    units: Units,
    row: [[bool; MOST]; MOST],
    col: [[bool; MOST]; MOST],
    cell: [[[bool; MOST]; 5]; 5],
    grid: Vec<u8>,
    board: Board,
    trail: Vec<usize>,
    /// Calls of dfs, and boards searched by the check.
    steps: u64,
    /// The steps when the last solution was found (0 before the first).
    found_at: u64,
    /// The board of the givens, and the squares where dfs placed a symbol, `path[1..=depth]`.
    start: Board,
    path: Vec<usize>,
    /// A solution of the board each dfs on the path started from, once the budget is spent.
    witness: Option<Board>,
    /// The depth of a symbol the check found no solution after: dfs goes back to it (0: the
    /// givens).
    dead: usize,
    /// The path has been checked since the budget was last spent.
    checked: bool,
}

/// The steps the classic may take without finding a solution before it checks each symbol.
const BUDGET: u64 = 100;

/// No depth: no symbol on the path is dead.
const NONE: usize = usize::MAX;

impl Search {
    /// Calls `found` with each solution (symbol + 1 for each square), smallest first, while it
    /// says go on; the steps taken.
    pub(crate) fn solve(side: usize, givens: &[u8], found: &mut dyn FnMut(&[u8]) -> bool) -> u64 {
        let board = Board::new(side);
        let mut search = Search {
            units: Units::new(side),
            row: [[false; MOST]; MOST],
            col: [[false; MOST]; MOST],
            cell: [[[false; MOST]; 5]; 5],
            grid: vec![0; side * side],
            board,
            trail: Vec::with_capacity(side * side),
            steps: 0,
            found_at: 0,
            start: board,
            path: vec![0], // the givens, at depth 0
            witness: None,
            dead: NONE,
            checked: false,
        };
        for (p, &given) in givens.iter().enumerate().filter(|&(_, &given)| given != 0) {
            let (x, y, d) = (p / side, p % side, given as usize - 1);
            if !search.free(x, y, d) {
                return 0; // clashing givens
            }
            search.place(x, y, d);
            if !search.board.set(&search.units, p, d) {
                return 0; // a square or a unit's symbol left with nowhere to go
            }
        }
        if search.place_forced() {
            search.start = search.board;
            match search.next_square(0) {
                Some((x, y)) => search.dfs(x, y, found),
                None => found(&search.grid),
            };
        }
        search.steps
    }

    /// Tries each symbol allowed at (x, y), as the classic does; false once told to stop.
    fn dfs(&mut self, x: usize, y: usize, found: &mut dyn FnMut(&[u8]) -> bool) -> bool {
        self.steps += 1;
        let side = self.units.side;
        let (p, saved, mark) = (side * x + y, self.board, self.trail.len());
        self.path.push(p);
        let depth = self.path.len() - 1;
        let mut go_on = true;
        for d in 0..side {
            // The classic's test, then the board's, which implies it and has ruled out more.
            if !self.free(x, y, d) || !saved.allows(p, d) {
                continue;
            }
            self.place(x, y, d);
            if self.board.set(&self.units, p, d) && self.place_forced() && self.may_lead_on() {
                go_on = match self.next_square(p) {
                    Some((x, y)) => self.dfs(x, y, found),
                    None => {
                        (self.found_at, self.checked) = (self.steps, false);
                        self.witness = Some(self.board);
                        found(&self.grid)
                    }
                };
            }
            while self.trail.len() > mark {
                self.remove();
            }
            self.board = saved;
            if self.dead == depth {
                self.dead = NONE; // this symbol leads to no solution: the next
            }
            if !go_on || self.dead < depth {
                break;
            }
        }
        self.path.pop();
        go_on
    }

    /// Past the budget, only boards the check finds a solution for, or the witness is one of: a
    /// dead end far below costs the budget once, not once per way of filling the squares above.
    fn may_lead_on(&mut self) -> bool {
        if self.steps - self.found_at <= BUDGET {
            return true;
        }
        let depth = self.path.len() - 1;
        if self.checked {
            let p = self.path[depth];
            let d = self.grid[p] as usize - 1;
            if self.witness.map_or(false, |w| w.allows(p, d)) {
                return true;
            }
            let solution = self.board.decide(&self.units, &mut self.steps);
            self.witness = solution.or(self.witness); // a solution of the boards above, still
            return solution.is_some();
        }
        // The first time since the budget was spent: the path from the top, each board the
        // witness is no solution of checked, up to the first that has none.
        self.checked = true;
        let (mut board, mut witness) = (self.start, self.witness);
        for j in 0..=depth {
            if j > 0 {
                let p = self.path[j];
                let d = self.grid[p] as usize - 1;
                if !board.set(&self.units, p, d) {
                    self.dead = j;
                    break;
                }
                if witness.map_or(false, |w| w.allows(p, d)) {
                    continue;
                }
            } else if witness.is_some() {
                continue; // a solution found is a solution of the givens
            }
            match board.decide(&self.units, &mut self.steps) {
                Some(solution) => witness = Some(solution),
                None => {
                    self.dead = j;
                    break;
                }
            }
        }
        self.witness = witness;
        self.dead == NONE
    }

    /// The classic's test: symbol d is free at (x, y).
    fn free(&self, x: usize, y: usize, d: usize) -> bool {
        let n = self.units.n;
        !self.row[x][d] && !self.col[y][d] && !self.cell[x / n][y / n][d]
    }

    /// The classic's move: symbol d goes to (x, y).
    fn place(&mut self, x: usize, y: usize, d: usize) {
        let n = self.units.n;
        self.row[x][d] = true;
        self.col[y][d] = true;
        self.cell[x / n][y / n][d] = true;
        self.grid[self.units.side * x + y] = d as u8 + 1;
        self.trail.push(self.units.side * x + y);
    }

    /// The mirror of `place`: takes the last symbol placed back.
    fn remove(&mut self) {
        let (side, n) = (self.units.side, self.units.n);
        let p = self.trail.pop().unwrap_or(0);
        let (x, y, d) = (p / side, p % side, self.grid[p] as usize - 1);
        self.row[x][d] = false;
        self.col[y][d] = false;
        self.cell[x / n][y / n][d] = false;
        self.grid[p] = 0;
    }

    /// Places what the board filled in the classic's arrays.
    fn place_forced(&mut self) -> bool {
        let side = self.units.side;
        for p in 0..side * side {
            let can = self.board.can[p];
            if can & FILLED != 0 && self.grid[p] == 0 {
                // The board excludes its peers' symbols: the classic's test would pass.
                let d = (can & !FILLED).trailing_zeros() as usize;
                self.place(p / side, p % side, d);
            }
        }
        true
    }

    /// The classic's next (x, y): the first empty square in reading order from p; None when full.
    fn next_square(&self, p: usize) -> Option<(usize, usize)> {
        let side = self.units.side;
        let q = (p..side * side).find(|&q| self.grid[q] == 0)?;
        Some((q / side, q % side))
    }
}

/// Bit d of `can[p]`: square p can take symbol d (`FILLED`: it holds it); `places[u][d]`: the
/// squares of unit u that can take or hold symbol d.
#[derive(Clone, Copy)]
struct Board {
    can: [u32; SQUARES],
    places: [[u8; MOST]; 3 * MOST],
}

/// A square that holds its symbol (its bit stays in `can`).
const FILLED: u32 = 1 << 31;

/// The boards each search of the check searches in its first turn: most checks end in it, and a
/// search on a bad first choice costs at most this before the other starts.
const FIRST_TURN: u64 = 4096;

/// What an elimination left to look at: a square with one symbol, or a unit's symbol with one
/// square.
enum News {
    Square(usize),
    Symbol(usize, usize),
}

impl Board {
    /// The empty board of a side.
    fn new(side: usize) -> Board {
        Board {
            can: [(1 << side) - 1; SQUARES],
            places: [[side as u8; MOST]; 3 * MOST],
        }
    }

    fn allows(&self, p: usize, d: usize) -> bool {
        self.can[p] >> d & 1 != 0
    }

    /// Symbol d goes to square p, and the board settles: a square with one symbol left takes it,
    /// a unit's symbol with one square left goes there, and a symbol locked in one line of a box
    /// (or one box of a line) leaves the rest of that line (or box); false at a dead end.
    fn set(&mut self, units: &Units, p: usize, d: usize) -> bool {
        if self.can[p] & FILLED != 0 {
            return self.allows(p, d); // filled by what an earlier symbol forced
        }
        let mut news = Vec::new();
        if !self.assign(units, p, d, &mut news) {
            return false;
        }
        loop {
            while let Some(new) = news.pop() {
                let (q, e) = match new {
                    News::Square(q) => (q, self.can[q].trailing_zeros() as usize),
                    News::Symbol(u, e) if self.places[u][e] == 1 => {
                        match units.of_unit(u).iter().find(|&&q| self.allows(q, e)) {
                            Some(&q) => (q, e),
                            None => return false,
                        }
                    }
                    News::Symbol(..) => continue,
                };
                if self.can[q] & FILLED == 0 && !self.assign(units, q, e, &mut news) {
                    return false;
                }
            }
            match self.locked(units, &mut news) {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// Symbol d goes to square p, which takes no other, and leaves p's peers; false at a dead end.
    fn assign(&mut self, units: &Units, p: usize, d: usize, news: &mut Vec<News>) -> bool {
        let mut others = self.can[p] & !(1 << d);
        while others != 0 {
            let e = others.trailing_zeros() as usize;
            others &= others - 1;
            if !self.eliminate(units, p, e, news) {
                return false;
            }
        }
        self.can[p] = FILLED | 1 << d;
        for &q in units.peers_of(p) {
            if self.allows(q, d)
                && (self.can[q] & FILLED != 0 || !self.eliminate(units, q, d, news))
            {
                return false;
            }
        }
        true
    }

    /// Symbol d leaves empty square p; what that leaves one way goes on `news`; false at a dead
    /// end (a square or a unit's symbol with nowhere to go).
    fn eliminate(&mut self, units: &Units, p: usize, d: usize, news: &mut Vec<News>) -> bool {
        let left = self.can[p] & !(1 << d);
        self.can[p] = left;
        match left {
            0 => return false,
            _ if left & (left - 1) == 0 => news.push(News::Square(p)),
            _ => {}
        }
        for u in units.of[p] {
            self.places[u][d] -= 1;
            match self.places[u][d] {
                0 => return false,
                1 => news.push(News::Symbol(u, d)),
                _ => {}
            }
        }
        true
    }

    /// A symbol whose squares in a box lie in one line leaves the rest of that line, and one
    /// whose squares in a line lie in one box leaves the rest of that box: whether any left;
    /// None at a dead end.
    fn locked(&mut self, units: &Units, news: &mut Vec<News>) -> Option<bool> {
        let (side, n, mut less) = (units.side, units.n, false);
        // For each line and box, the symbols found in one crossing or more, or two or more.
        for (columns, crossing) in self.crossings(units).iter().enumerate() {
            let square = |line: usize, i: usize| match columns {
                0 => side * line + i,
                _ => side * i + line,
            };
            let (mut line_once, mut line_twice) = ([0u32; MOST], [0u32; MOST]);
            let (mut box_once, mut box_twice) = ([[0u32; 5]; 5], [[0u32; 5]; 5]);
            for line in 0..side {
                let band = units.box_of[line];
                for (k, &here) in crossing[line][..n].iter().enumerate() {
                    line_twice[line] |= line_once[line] & here;
                    line_once[line] |= here;
                    box_twice[band][k] |= box_once[band][k] & here;
                    box_once[band][k] |= here;
                }
            }
            for line in 0..side {
                let band = units.box_of[line];
                for (k, &here) in crossing[line][..n].iter().enumerate() {
                    // In one crossing of the box but elsewhere in the line, or the other way.
                    let pointing = here & !box_twice[band][k] & line_twice[line];
                    let claimed = here & !line_twice[line] & box_twice[band][k];
                    if pointing != 0 {
                        less = true;
                        for i in (0..side).filter(|&i| units.box_of[i] != k) {
                            if !self.leave(units, square(line, i), pointing, news) {
                                return None;
                            }
                        }
                    }
                    if claimed != 0 {
                        less = true;
                        for l in (band * n..band * n + n).filter(|&l| l != line) {
                            for i in k * n..k * n + n {
                                if !self.leave(units, square(l, i), claimed, news) {
                                    return None;
                                }
                            }
                        }
                    }
                }
            }
        }
        Some(less)
    }

    /// The symbols each row (0) and column (1) can take in each box it crosses (its empty
    /// squares).
    fn crossings(&self, units: &Units) -> [[[u32; 5]; MOST]; 2] {
        let side = units.side;
        let mut crossing = [[[0u32; 5]; MOST]; 2];
        for x in 0..side {
            for y in 0..side {
                let can = self.can[side * x + y];
                if can & FILLED == 0 {
                    crossing[0][x][units.box_of[y]] |= can;
                    crossing[1][y][units.box_of[x]] |= can;
                }
            }
        }
        crossing
    }

    /// The symbols leave empty square p; false at a dead end.
    fn leave(&mut self, units: &Units, p: usize, symbols: u32, news: &mut Vec<News>) -> bool {
        let mut gone = if self.can[p] & FILLED == 0 {
            self.can[p] & symbols
        } else {
            0
        };
        while gone != 0 {
            let d = gone.trailing_zeros() as usize;
            gone &= gone - 1;
            if !self.eliminate(units, p, d, news) {
                return false;
            }
        }
        true
    }

    /// The check: a solution of the board, if it has one (the witness). Two searches take
    /// turns, `FIRST_TURN` boards each, then twice as many each round: alike but for which of
    /// two ways with as few choices they take, the first or the later, so that they are slow on
    /// different boards.
    fn decide(self, units: &Units, steps: &mut u64) -> Option<Board> {
        for turn in 0.. {
            let mut check = Check {
                units,
                fails: [0; SQUARES],
                last: *steps + (FIRST_TURN << (turn / 2)),
                steps,
                later: turn % 2 == 1,
                solution: None,
            };
            let answer = check.solvable(self);
            if *check.steps <= check.last {
                return if answer { check.solution } else { None };
            }
        }
        None // not reached: the turns go on until one ends within its boards
    }

    /// The fewest ways on: the empty square with the fewest symbols weighed by `fails`, or a
    /// unit's symbol with two or three squares left if fewer; the first (or `later`) of two
    /// alike. Its weight (none if the board is full), the square and the unit's symbol.
    fn fewest_ways(
        &self,
        units: &Units,
        fails: &[u32; SQUARES],
        later: bool,
    ) -> (u32, usize, Option<(usize, usize)>) {
        let (mut best, mut square, mut places) = (u32::MAX, 0, None);
        for (p, &can) in self.can[..units.side * units.side].iter().enumerate() {
            let weight = (can.count_ones() << 16) / (1 + fails[p]);
            if can & FILLED == 0 && (weight < best || later && weight == best) {
                (best, square) = (weight, p);
            }
        }
        for (u, counts) in self.places[..3 * units.side].iter().enumerate() {
            for (d, &count) in counts[..units.side].iter().enumerate() {
                let weight = (count as u32) << 16;
                if count > 1 && (weight < best || later && weight == best) {
                    (best, places) = (weight, Some((u, d)));
                }
            }
        }
        (best, square, places)
    }
}

/// A search of the check: the dead ends met at once at each square, the boards searched and the
/// last it may search, and the solution it found.
struct Check<'a> {
    units: &'a Units,
    fails: [u32; SQUARES],
    steps: &'a mut u64,
    last: u64,
    later: bool,
    solution: Option<Board>,
}

impl Check<'_> {
    /// Branches where the fewest ways are: a square's symbols, weighed by the dead ends met there,
    /// or a symbol's squares in a unit (as dancing links does); past `last` it stops as if it
    /// found a solution.
    fn solvable(&mut self, board: Board) -> bool {
        *self.steps += 1;
        if *self.steps > self.last {
            return true;
        }
        let (weight, p, places) = board.fewest_ways(self.units, &self.fails, self.later);
        if weight == u32::MAX {
            self.solution = Some(board);
            return true;
        }
        if let Some((u, d)) = places {
            let units = self.units;
            return units.of_unit(u).iter().any(|&q| {
                let mut copy = board;
                board.can[q] & FILLED == 0
                    && board.allows(q, d)
                    && copy.set(units, q, d)
                    && self.solvable(copy)
            });
        }
        for d in (0..self.units.side).filter(|&d| board.allows(p, d)) {
            let mut copy = board;
            if !copy.set(self.units, p, d) {
                self.fails[p] += 1; // a dead end at once
            } else if self.solvable(copy) {
                return true;
            }
        }
        false
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
                Search::solve(puzzle.side, &puzzle.givens, &mut |grid| {
                    smallest = Some(grid.to_vec());
                    false
                });
                match smallest {
                    Some(grid) => out.write_all(&filled(&puzzle, &grid))?,
                    None => {
                        *solved = false;
                        let (number, line) = (puzzle.number, puzzle.line);
                        let said = format!("puzzle {number} (line {line}): no solution\n");
                        let _ = err.write_all(said.as_bytes());
                        out.write_all(&puzzle.text)?;
                    }
                }
            }
        }
    }
    Ok(())
}

/// The puzzle's text with each blank filled in from `grid` (symbol + 1 for each square).
pub(crate) fn filled(puzzle: &Puzzle, grid: &[u8]) -> Vec<u8> {
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
