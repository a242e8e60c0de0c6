//! Sudoku: fills in the blanks of 9x9 puzzles with the classic search of AcWing 166 and 1613.
//!
//! Glossary:
//! - `x`, `y`: the row and column of a cell, 0 to 8 from the top left; `p = 9 * x + y`.
//! - `d`: a digit 0 to 8, standing for `d + 1`, so that it indexes the arrays below.
//! - `row[x][d]`, `col[y][d]`: digit d is already used in row x, in column y.
//! - `cell[x / 3][y / 3][d]`: digit d is already used in the 3x3 box holding (x, y).
//! - `dfs(x, y)`: tries each digit still allowed at (x, y), and searches on from there.
//! - `options[p]`, `places[u][d]`: kept beside the arrays, the digits cell p still allows (bit d
//!   for digit d) and the empty cells of unit u where digit d can still go.
//! - unit: a row, a column or a box; units 0-8 are the rows, 9-17 the columns, 18-26 the boxes.
//!
//! Input: puzzles of 81 cells in reading order, across as many lines as they take, from standard
//! input or the files named: `1`-`9` are givens, `.` `0` `?` `_` `*` blanks; spaces and
//! `|+-,;[]{}"'` are layout, `#` starts a comment, a line starting with a letter is a label, a
//! line `end` ends the input, and a first line holding a lone number (a test count) is skipped.
//! Output: the input again with every blank filled in (`--count`, `--all`: see `USAGE`).
//! Exit status: 0 every puzzle solved, 1 some puzzle has no solution, 2 bad input or usage.

use std::ffi::OsString;
use std::fmt;
use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::mem::{replace, take};

const USAGE: &str = "\
usage: sudoku [--count | --all] [FILE ...]

Solves the 9x9 sudoku puzzles read from each FILE in turn (standard input when there is
none, or for -) and writes the input back with every blank (. 0 ? _ *) filled in.

  --count     write one line per puzzle: its number of solutions
  --all       write every solution of every puzzle
  -h, --help  show this help

Exit status: 0 every puzzle solved, 1 some puzzle has no solution, 2 bad input or usage.
";

fn main() {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let stdin = io::stdin();
    let stdout = io::stdout();
    let stderr = io::stderr();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let status = run(&args, &mut stdin.lock(), &mut out, &mut stderr.lock());
    std::process::exit(status);
}

/// What to write for each puzzle.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// The input with the blanks filled in (one solution).
    Solve,
    /// The number of solutions, one line per puzzle.
    Count,
    /// The puzzle's text filled in once for every solution.
    All,
}

/// Runs the program on `args` (without the program's name); returns the exit status.
pub(crate) fn run(
    args: &[OsString],
    stdin: &mut dyn Read,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let mut mode = Mode::Solve;
    let mut files = Vec::new();
    let mut options_end = false;
    for arg in args {
        let option = match arg.to_str() {
            Some(s) if !options_end && s.starts_with('-') && s != "-" => s,
            _ => {
                files.push(arg);
                continue;
            }
        };
        let wanted = match option {
            "-h" | "--help" => {
                // A closed standard output is no error here either.
                let _ = out.write_all(USAGE.as_bytes()).and_then(|_| out.flush());
                return 0;
            }
            "--" => {
                options_end = true;
                continue;
            }
            "--count" => Mode::Count,
            "--all" => Mode::All,
            _ => return usage_error(err, &format!("unknown option '{}'", option)),
        };
        if mode != Mode::Solve && mode != wanted {
            return usage_error(err, "--count and --all do not go together");
        }
        mode = wanted;
    }

    let mut status = 0;
    let named = !files.is_empty();
    let stdin_name = OsString::from("-");
    let inputs = if named { files } else { vec![&stdin_name] };
    for file in inputs {
        let name = if !named {
            String::new()
        } else if file == "-" {
            String::from("<stdin>: ")
        } else {
            format!("{}: ", file.to_string_lossy())
        };
        let result = if file == "-" {
            Scanner::new(mode, &name, out, err).read_from(stdin)
        } else {
            match File::open(file) {
                Ok(mut f) => Scanner::new(mode, &name, out, err).read_from(&mut f),
                Err(e) => Err(Stop::Input(ReadError::new(0, 0, Problem::Open(e)))),
            }
        };
        match result {
            Ok(true) => {}
            Ok(false) => status = status.max(1),
            Err(Stop::Input(e)) => {
                let _ = writeln!(err, "{}{}", name, e);
                status = 2;
            }
            Err(Stop::Output(e)) => return output_failed(err, e, status),
        }
    }
    match out.flush() {
        Ok(()) => status,
        Err(e) => output_failed(err, e, status),
    }
}

fn usage_error(err: &mut dyn Write, message: &str) -> i32 {
    let _ = write!(err, "sudoku: {}\n{}", message, USAGE);
    2
}

/// Standard output failed: a reader that went away (`| head`) is normal, anything else is said.
fn output_failed(err: &mut dyn Write, e: io::Error, status: i32) -> i32 {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return status;
    }
    let _ = writeln!(err, "sudoku: cannot write the output: {}", e);
    2
}

// ---------------------------------------------------------------------------------------------
// Reading: a byte at a time, so that memory stays flat whatever the layout and the line lengths.
// ---------------------------------------------------------------------------------------------

/// Why a run over one input stopped early.
enum Stop {
    /// The input could not be read, or is not puzzles: reported, and the next input is read.
    Input(ReadError),
    /// Standard output failed: nothing more can be done.
    Output(io::Error),
}

impl From<io::Error> for Stop {
    fn from(e: io::Error) -> Stop {
        Stop::Output(e)
    }
}

/// A reading error, where it was found: line and column counted from 1, columns in bytes.
struct ReadError {
    line: usize,
    column: usize,
    problem: Problem,
}

enum Problem {
    Open(io::Error),
    Read(io::Error),
    Unexpected(u8),
    EndsInside {
        puzzle: usize,
        line: usize,
        cells: usize,
    },
    NoPuzzle,
}

impl ReadError {
    fn new(line: usize, column: usize, problem: Problem) -> ReadError {
        ReadError {
            line,
            column,
            problem,
        }
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let at = format!("line {}, column {}", self.line, self.column);
        match self.problem {
            Problem::Open(ref e) => write!(f, "cannot open: {}", e),
            Problem::Read(ref e) => write!(f, "cannot read: {}", e),
            Problem::Unexpected(b) if b.is_ascii_graphic() => {
                write!(f, "{}: unexpected character '{}'", at, b as char)
            }
            Problem::Unexpected(b) => write!(f, "{}: unexpected byte 0x{:02X}", at, b),
            Problem::EndsInside {
                puzzle,
                line,
                cells,
            } => write!(
                f,
                "{}: the input ends inside puzzle {} (line {}): {} of its 81 cells",
                at, puzzle, line, cells
            ),
            Problem::NoPuzzle => write!(f, "{}: no puzzle in the input", at),
        }
    }
}

/// What the line being read has shown so far.
#[derive(Clone, Copy)]
enum Line {
    /// Only white space yet.
    Blank,
    /// So many letters of `end`, then white space: maybe the `end` line, held back.
    End(usize),
    /// So many digits, then white space or not: maybe the count line, held back.
    Count(usize, bool),
    /// A label: written back as it is.
    Label,
    /// After `#`: written back as it is.
    Comment,
    /// Cells and layout.
    Cells,
}

/// Reads one input and writes it back solved, puzzle by puzzle.
///
/// `text` holds what was read since it was last forgotten, `text[..written]` of it written out
/// already; the rest is the puzzle being read, or the start of a line that may still turn out to
/// be the `end` or count line.
struct Scanner<'a> {
    mode: Mode,
    name: &'a str,
    out: &'a mut dyn Write,
    err: &'a mut dyn Write,
    search: Search,
    text: Vec<u8>,
    written: usize,
    line_start: usize,
    line: usize,
    column: usize,
    kind: Line,
    count_line_allowed: bool,
    puzzles: usize,
    unsolved: bool,
    // The puzzle being read: its cells (0 for a blank), where they stand in `text`, its text.
    cells: [u8; 81],
    offsets: [usize; 81],
    n: usize,
    start: usize,
    end: usize,
    puzzle_line: usize,
    copy: Vec<u8>,
}

const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

impl<'a> Scanner<'a> {
    fn new(mode: Mode, name: &'a str, out: &'a mut dyn Write, err: &'a mut dyn Write) -> Self {
        Scanner {
            mode,
            name,
            out,
            err,
            search: Search::new(),
            text: Vec::new(),
            written: 0,
            line_start: 0,
            line: 1,
            column: 0,
            kind: Line::Blank,
            count_line_allowed: true,
            puzzles: 0,
            unsolved: false,
            cells: [0; 81],
            offsets: [0; 81],
            n: 0,
            start: 0,
            end: 0,
            puzzle_line: 0,
            copy: Vec::new(),
        }
    }

    /// Reads the whole input; Ok(false) when some puzzle had no solution.
    fn read_from(mut self, input: &mut dyn Read) -> Result<bool, Stop> {
        let mut buf = vec![0u8; 1 << 16];
        let mut head = 0;
        while head < BYTE_ORDER_MARK.len() {
            match input.read(&mut buf[head..BYTE_ORDER_MARK.len()]) {
                Ok(0) => break,
                Ok(k) => head += k,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(self.read_failed(e)),
            }
        }
        let skip = if &buf[..head] == BYTE_ORDER_MARK {
            head
        } else {
            0
        };
        let mut going = self.feed(&buf[skip..head])?;
        while going {
            // Answers already found go out before a read that may wait (a person at a terminal).
            self.out.flush()?;
            let k = match input.read(&mut buf) {
                Ok(0) => break,
                Ok(k) => k,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(self.read_failed(e)),
            };
            going = self.feed(&buf[..k])?;
        }
        self.finish()?;
        Ok(!self.unsolved)
    }

    fn read_failed(&mut self, e: io::Error) -> Stop {
        self.broken(self.line, self.column + 1, Problem::Read(e))
    }

    /// Reads some bytes; Ok(false) once the `end` line is read.
    fn feed(&mut self, bytes: &[u8]) -> Result<bool, Stop> {
        for &b in bytes {
            if !self.byte(b)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn byte(&mut self, b: u8) -> Result<bool, Stop> {
        self.column += 1;
        self.text.push(b);
        let white = b == b' ' || b == b'\t' || b == b'\r';
        match self.kind {
            Line::Blank if white => {}
            Line::Blank if b == b'\n' => self.end_of_line()?,
            Line::Blank => {
                let count_allowed = replace(&mut self.count_line_allowed, false);
                if b == b'e' || b == b'E' {
                    self.kind = Line::End(1);
                } else if b.is_ascii_alphabetic() {
                    self.kind = Line::Label;
                } else if count_allowed && b.is_ascii_digit() {
                    self.kind = Line::Count(1, false);
                } else {
                    self.kind = Line::Cells;
                    self.layout_or_cell(b)?;
                }
            }
            Line::End(3) if white => {}
            Line::End(3) if b == b'\n' => return Ok(false),
            Line::End(k) if k < 3 && b.to_ascii_lowercase() == b"end"[k] => {
                self.kind = Line::End(k + 1)
            }
            Line::End(_) => {
                self.kind = Line::Label;
                if b == b'\n' {
                    self.end_of_line()?;
                }
            }
            Line::Count(k, false) if k < 8 && b.is_ascii_digit() => {
                self.kind = Line::Count(k + 1, false)
            }
            Line::Count(k, _) if white => self.kind = Line::Count(k, true),
            Line::Count(..) if b == b'\n' => {
                // The count of test cases: neither a puzzle nor written back.
                self.text.truncate(self.line_start);
                self.end_of_line()?;
            }
            Line::Count(..) => {
                // Not a count after all: its digits are cells.
                self.kind = Line::Cells;
                let line = self.line_start..self.text.len() - 1;
                for offset in line {
                    let digit = self.text[offset];
                    if digit.is_ascii_digit() {
                        self.add_cell(digit - b'0', offset)?;
                    }
                }
                self.layout_or_cell(b)?;
            }
            Line::Label | Line::Comment if b == b'\n' => self.end_of_line()?,
            Line::Label | Line::Comment => {}
            Line::Cells => self.layout_or_cell(b)?,
        }
        // A very long line: what is decided goes out, and what went out is forgotten, so that
        // memory stays flat (a line may hold any number of puzzles).
        if self.n == 0 && self.decided() && self.text.len() - self.written >= 1 << 16 {
            self.pass(self.text.len())?;
        }
        if self.written >= 1 << 16 {
            self.forget_written();
        }
        Ok(true)
    }

    /// Drops the text already written; what stands after it moves to the front.
    fn forget_written(&mut self) {
        let gone = self.written;
        self.text.drain(..gone);
        self.written = 0;
        self.line_start = self.line_start.saturating_sub(gone);
        // The open puzzle, if any, starts at or after `written`.
        self.start = self.start.saturating_sub(gone);
        self.end = self.end.saturating_sub(gone);
        for offset in &mut self.offsets[..self.n] {
            *offset -= gone;
        }
    }

    /// The kind of the current line is known: nothing held back.
    fn decided(&self) -> bool {
        matches!(self.kind, Line::Label | Line::Comment | Line::Cells)
    }

    fn layout_or_cell(&mut self, b: u8) -> Result<(), Stop> {
        let offset = self.text.len() - 1;
        match b {
            b'1'..=b'9' => self.add_cell(b - b'0', offset),
            b'.' | b'0' | b'?' | b'_' | b'*' => self.add_cell(0, offset),
            b'\n' => self.end_of_line(),
            b'#' => {
                self.kind = Line::Comment;
                Ok(())
            }
            b' ' | b'\t' | b'\r' | b'|' | b'+' | b'-' | b',' | b';' | b'[' | b']' | b'{' | b'}'
            | b'"' | b'\'' => Ok(()),
            _ => Err(self.broken(self.line, self.column, Problem::Unexpected(b))),
        }
    }

    fn add_cell(&mut self, digit: u8, offset: usize) -> Result<(), Stop> {
        if self.n == 81 {
            // The next puzzle starts on the line where the last one ended.
            self.close()?;
        }
        if self.n == 0 {
            self.puzzles += 1;
            self.puzzle_line = self.line;
            self.start = self.line_start.max(self.written);
        }
        self.cells[self.n] = digit;
        self.offsets[self.n] = offset;
        self.n += 1;
        if self.n == 81 {
            self.end = offset + 1;
        }
        Ok(())
    }

    fn end_of_line(&mut self) -> Result<(), Stop> {
        self.line += 1;
        self.column = 0;
        self.kind = Line::Blank;
        if self.n == 81 {
            self.end = self.text.len();
            self.close()?;
        }
        if self.n == 0 {
            self.flush()?;
        }
        self.line_start = self.text.len();
        Ok(())
    }

    /// The input is over (its end, or its `end` line): the last puzzle must be complete.
    fn finish(&mut self) -> Result<(), Stop> {
        let (line, column) = match self.kind {
            Line::End(3) | Line::Count(..) => {
                self.text.truncate(self.line_start);
                (self.line, 1)
            }
            _ => (self.line, self.column + 1),
        };
        if self.n == 81 {
            self.end = self.text.len();
            self.close()?;
        }
        if self.n > 0 {
            let problem = Problem::EndsInside {
                puzzle: self.puzzles,
                line: self.puzzle_line,
                cells: self.n,
            };
            return Err(self.broken(line, column, problem));
        }
        self.flush()?;
        if self.puzzles == 0 {
            return Err(Stop::Input(ReadError::new(line, column, Problem::NoPuzzle)));
        }
        Ok(())
    }

    /// A reading error: what stands before the broken puzzle (or line) is written, nothing after.
    fn broken(&mut self, line: usize, column: usize, problem: Problem) -> Stop {
        let cut = if self.n > 0 {
            self.start
        } else {
            self.line_start
        };
        if let Err(e) = self.pass(cut) {
            return Stop::Output(e);
        }
        Stop::Input(ReadError::new(line, column, problem))
    }
}

// ---------------------------------------------------------------------------------------------
// The search: the classic row/col/cell arrays and dfs(x, y), with counts kept beside them so
// that dfs picks the cell with the fewest options and fills forced cells without guessing.
// ---------------------------------------------------------------------------------------------

/// A cell or a unit's digit whose count fell to one: maybe a forced move.
#[derive(Clone, Copy)]
enum Forced {
    /// An empty cell with one digit left.
    Cell(usize),
    /// A unit with one empty cell left for a digit.
    Digit(usize, usize),
}

/// The search state: `row`, `col`, `cell` say which digits are used, `grid` what stands where;
/// `options` and `places` are kept beside them: worked out once per puzzle, then kept up to date
/// by `place`, and copied whole before a guess (cheaper to copy back than to count back).
pub(crate) struct Search {
    row: [[bool; 9]; 9],
    col: [[bool; 9]; 9],
    cell: [[[bool; 9]; 3]; 3],
    /// The digit 1 to 9 at each cell, 0 while empty.
    grid: [u8; 81],
    /// The digits each cell still allows, as a set (bit d for digit d); none once filled.
    options: [u16; 81],
    /// For each unit and digit not yet used there, how many of its empty cells allow it.
    places: [[u8; 9]; 27],
    /// The cells filled by the search, in order, to take them back.
    trail: Vec<usize>,
    /// Counts that fell to one since the last `settle`.
    forced: Vec<Forced>,
}

impl Search {
    pub(crate) fn new() -> Search {
        Search {
            row: [[false; 9]; 9],
            col: [[false; 9]; 9],
            cell: [[[false; 9]; 3]; 3],
            grid: [0; 81],
            options: [0; 81],
            places: [[0; 9]; 27],
            trail: Vec::new(),
            forced: Vec::new(),
        }
    }

    /// Calls `found` with every solution of `givens` (0 for a blank, 1 to 9 for a given)
    /// until it returns false.
    pub(crate) fn solve(&mut self, givens: &[u8; 81], found: &mut dyn FnMut(&[u8; 81]) -> bool) {
        let (mut trail, mut forced) = (take(&mut self.trail), take(&mut self.forced));
        trail.clear();
        forced.clear();
        *self = Search {
            trail, // the vectors keep their room from one puzzle to the next
            forced,
            ..Search::new()
        };
        for (p, &given) in givens.iter().enumerate() {
            if given != 0 {
                let (x, y, d) = (p / 9, p % 9, given as usize - 1);
                if !self.allowed(x, y, d) {
                    return; // clashing givens
                }
                self.grid[p] = given;
                self.set(x, y, d, true);
            }
        }
        if self.count_all() && self.settle() {
            match self.next_cell() {
                Some((x, y)) => {
                    self.dfs(x, y, found);
                }
                None => {
                    found(&self.grid);
                }
            }
        }
    }

    /// Tries each digit allowed at (x, y), settles what it forces and searches on;
    /// true once `found` asked to stop.
    fn dfs(&mut self, x: usize, y: usize, found: &mut dyn FnMut(&[u8; 81]) -> bool) -> bool {
        let (options, places) = (self.options, self.places);
        for d in 0..9 {
            if !self.allowed(x, y, d) {
                continue;
            }
            let mark = self.trail.len();
            let mut stop = false;
            if self.place(9 * x + y, d) && self.settle() {
                stop = match self.next_cell() {
                    Some((x, y)) => self.dfs(x, y, found),
                    None => !found(&self.grid),
                };
            }
            self.forced.clear();
            while self.trail.len() > mark {
                self.remove();
            }
            self.options = options;
            self.places = places;
            if stop {
                return true;
            }
        }
        false
    }

    /// The classic test: d is used neither in row x, nor in column y, nor in their box.
    fn allowed(&self, x: usize, y: usize, d: usize) -> bool {
        !self.row[x][d] && !self.col[y][d] && !self.cell[x / 3][y / 3][d]
    }

    fn set(&mut self, x: usize, y: usize, d: usize, used: bool) {
        self.row[x][d] = used;
        self.col[y][d] = used;
        self.cell[x / 3][y / 3][d] = used;
    }

    /// Cell q still allows digit d (a filled cell allows none).
    fn open(&self, q: usize, d: usize) -> bool {
        self.options[q] & 1 << d != 0
    }

    /// Works out `options` and `places` from the arrays; false if some cell or digit has none.
    fn count_all(&mut self) -> bool {
        // The digits used in each unit, read off the arrays.
        let mut used = [0u16; 27];
        for i in 0..9 {
            for d in 0..9 {
                used[i] |= (self.row[i][d] as u16) << d;
                used[9 + i] |= (self.col[i][d] as u16) << d;
                used[18 + i] |= (self.cell[i / 3][i % 3][d] as u16) << d;
            }
        }
        for (p, units) in UNITS.iter().enumerate() {
            if self.grid[p] != 0 {
                continue;
            }
            let units = units.map(|u| u as usize);
            let set = 0x1FF & !(used[units[0]] | used[units[1]] | used[units[2]]);
            self.options[p] = set;
            for d in 0..9 {
                for &u in &units {
                    self.places[u][d] += (set >> d & 1) as u8;
                }
            }
            match SIZE[set as usize] {
                0 => return false,
                1 => self.forced.push(Forced::Cell(p)),
                _ => {}
            }
        }
        for (u, &used) in used.iter().enumerate() {
            for d in 0..9 {
                if used & 1 << d == 0 {
                    match self.places[u][d] {
                        0 => return false,
                        1 => self.forced.push(Forced::Digit(u, d)),
                        _ => {}
                    }
                }
            }
        }
        true
    }

    /// Puts digit d at empty cell p; false if that leaves a cell, or a unit's digit, no place.
    fn place(&mut self, p: usize, d: usize) -> bool {
        let mut alive = true;
        // p's other digits lose their place in p's units; p itself now allows nothing.
        let mut others = self.options[p] & !(1 << d);
        self.options[p] = 0;
        while others != 0 {
            let e = others.trailing_zeros() as usize;
            others &= others - 1;
            for &u in &UNITS[p] {
                alive &= self.take_place(u as usize, e);
            }
        }
        // Peers that allowed d lose it, and so do their units that p is not in (in p's units d
        // is now used: its count there is not read again before `dfs` copies it back).
        for &[q, u, v] in &PEERS_TWO[p] {
            alive &= self.lose(q as usize, d, [u, v]);
        }
        for &[q, u] in &PEERS_ONE[p] {
            alive &= self.lose(q as usize, d, [u]);
        }
        self.grid[p] = d as u8 + 1;
        self.set(p / 9, p % 9, d, true);
        self.trail.push(p);
        alive
    }

    /// Takes back the last digit placed, as the classic search does; the counts come back whole
    /// from the copy `dfs` took.
    fn remove(&mut self) {
        if let Some(p) = self.trail.pop() {
            let d = self.grid[p] as usize - 1;
            self.set(p / 9, p % 9, d, false);
            self.grid[p] = 0;
        }
    }

    /// Cell q no longer allows digit d, if it did, nor do `units` (its units that the cell
    /// just filled is not in) have it as a place there; false if that leaves no place.
    #[inline(always)] // twenty calls a placement: worth its code size
    fn lose<const N: usize>(&mut self, q: usize, d: usize, units: [u8; N]) -> bool {
        if !self.open(q, d) {
            return true;
        }
        self.options[q] ^= 1 << d;
        let mut alive = match SIZE[self.options[q] as usize] {
            0 => false,
            1 => {
                self.forced.push(Forced::Cell(q));
                true
            }
            _ => true,
        };
        for u in units {
            alive &= self.take_place(u as usize, d);
        }
        alive
    }

    /// One place fewer for digit d in unit u; false if none is left.
    fn take_place(&mut self, u: usize, d: usize) -> bool {
        self.places[u][d] -= 1;
        match self.places[u][d] {
            0 => false,
            1 => {
                self.forced.push(Forced::Digit(u, d));
                true
            }
            _ => true,
        }
    }

    /// Fills the cells that have one digit left and the digits that have one cell left in a
    /// unit, until none is; false at a dead end.
    fn settle(&mut self) -> bool {
        while let Some(forced) = self.forced.pop() {
            // A cell filled since, or a digit used in its unit since, allows nothing more: skip it
            // (a count that fell to zero otherwise has ended the settling already).
            let (p, d) = match forced {
                Forced::Cell(p) => match self.options[p] {
                    0 => continue,
                    set => (p, set.trailing_zeros() as usize),
                },
                Forced::Digit(u, d) => {
                    match UNIT_CELLS[u].iter().find(|&&q| self.open(q as usize, d)) {
                        Some(&q) => (q as usize, d),
                        None => continue,
                    }
                }
            };
            if !self.place(p, d) {
                return false;
            }
        }
        true
    }

    /// The empty cell with the fewest options, None when the grid is full; among those, the one
    /// with the most empty peers: a digit placed there settles the most.
    fn next_cell(&self) -> Option<(usize, usize)> {
        // A filled cell allows nothing; after `settle` an empty one allows two digits or more.
        let mut fewest = u8::MAX;
        for &set in &self.options {
            let size = SIZE[set as usize];
            if size != 0 && size < fewest {
                fewest = size;
                if size == 2 {
                    break;
                }
            }
        }
        let mut best = None;
        let mut reach = 0;
        for p in 0..81 {
            if SIZE[self.options[p] as usize] == fewest {
                let empty = self.empty_peers(p);
                if best.is_none() || empty > reach {
                    best = Some((p / 9, p % 9));
                    reach = empty;
                }
            }
        }
        best
    }

    /// How many cells that share a unit with p are still empty.
    fn empty_peers(&self, p: usize) -> u8 {
        let mut empty = 0;
        for &[q, _, _] in &PEERS_TWO[p] {
            empty += (self.options[q as usize] != 0) as u8;
        }
        for &[q, _] in &PEERS_ONE[p] {
            empty += (self.options[q as usize] != 0) as u8;
        }
        empty
    }
}

// The tables the search reads, worked out at compile time.

/// The three units of each cell: its row, its column, its box.
const UNITS: [[u8; 3]; 81] = units_of_cells();
/// The nine cells of each unit.
const UNIT_CELLS: [[u8; 9]; 27] = cells_of_units();
/// For each cell p, the twenty cells that share a unit with it, each with its units that p is
/// not in: two for the sixteen peers that share one unit with p, one for the four that share two.
const PEERS_TWO: [[[u8; 3]; 16]; 81] = peers_of_cells().0;
const PEERS_ONE: [[[u8; 2]; 4]; 81] = peers_of_cells().1;
const fn units_of_cells() -> [[u8; 3]; 81] {
    let mut table = [[0; 3]; 81];
    let mut p = 0;
    while p < 81 {
        let (x, y) = (p / 9, p % 9);
        table[p] = [x as u8, (9 + y) as u8, (18 + x / 3 * 3 + y / 3) as u8];
        p += 1;
    }
    table
}

const fn cells_of_units() -> [[u8; 9]; 27] {
    let mut table = [[0; 9]; 27];
    let mut filled = [0; 27];
    let mut p = 0;
    while p < 81 {
        let units = UNITS[p];
        let mut k = 0;
        while k < 3 {
            let u = units[k] as usize;
            table[u][filled[u]] = p as u8;
            filled[u] += 1;
            k += 1;
        }
        p += 1;
    }
    table
}

type Peers = ([[[u8; 3]; 16]; 81], [[[u8; 2]; 4]; 81]);

const fn peers_of_cells() -> Peers {
    let mut two = [[[0; 3]; 16]; 81];
    let mut one = [[[0; 2]; 4]; 81];
    let mut p = 0;
    while p < 81 {
        let (mut n2, mut n1) = (0, 0);
        let mut q = 0;
        while q < 81 {
            let (a, b) = (UNITS[p], UNITS[q]);
            let shared =
                (a[0] == b[0]) as usize + (a[1] == b[1]) as usize + (a[2] == b[2]) as usize;
            let mut other = [0; 2];
            let mut n = 0;
            let mut k = 0;
            while k < 3 {
                if a[k] != b[k] && n < 2 {
                    other[n] = b[k];
                    n += 1;
                }
                k += 1;
            }
            if q != p && shared == 1 {
                two[p][n2] = [q as u8, other[0], other[1]];
                n2 += 1;
            } else if q != p && shared == 2 {
                one[p][n1] = [q as u8, other[0]];
                n1 += 1;
            }
            q += 1;
        }
        p += 1;
    }
    (two, one)
}

/// How many digits a set of digits holds (bit d stands for digit d).
const SIZE: [u8; 512] = sizes_of_sets();

const fn sizes_of_sets() -> [u8; 512] {
    let mut table = [0; 512];
    let mut set = 1;
    while set < 512 {
        table[set] = table[set >> 1] + (set & 1) as u8;
        set += 1;
    }
    table
}

// ---------------------------------------------------------------------------------------------
// Writing: each puzzle as soon as its text is read, then the text around it as it was.
// ---------------------------------------------------------------------------------------------

impl<'a> Scanner<'a> {
    /// Writes the text read up to `upto` as it is (`--count` writes only counts).
    fn pass(&mut self, upto: usize) -> io::Result<()> {
        if upto > self.written {
            if self.mode != Mode::Count {
                self.out.write_all(&self.text[self.written..upto])?;
            }
            self.written = upto;
        }
        Ok(())
    }

    /// Writes all the text read so far and forgets it.
    fn flush(&mut self) -> io::Result<()> {
        self.pass(self.text.len())?;
        self.forget_written();
        Ok(())
    }

    /// Solves the puzzle just read and writes it: its text filled in, or its count.
    fn close(&mut self) -> Result<(), Stop> {
        self.n = 0;
        self.pass(self.start)?;
        let (start, end) = (self.start, self.end);
        let mut solutions: u64 = 0;
        let mut failed = Ok(());
        {
            let text = &self.text[start..end];
            let (cells, offsets) = (&self.cells, &self.offsets);
            let (copy, out, mode) = (&mut self.copy, &mut *self.out, self.mode);
            self.search.solve(cells, &mut |grid| {
                solutions += 1;
                if mode == Mode::Count {
                    return true;
                }
                copy.clear();
                if solutions > 1 {
                    copy.extend_from_slice(separator(text));
                }
                let at = copy.len();
                copy.extend_from_slice(text);
                for (i, &offset) in offsets.iter().enumerate() {
                    if cells[i] == 0 {
                        copy[at + offset - start] = b'0' + grid[i];
                    }
                }
                failed = out.write_all(copy);
                mode == Mode::All && failed.is_ok()
            });
        }
        failed?;
        match self.mode {
            Mode::Count => writeln!(self.out, "{}", solutions)?,
            Mode::Solve if solutions == 0 => self.out.write_all(&self.text[start..end])?,
            _ => {}
        }
        self.written = end;
        if solutions == 0 {
            self.unsolved = true;
            // Standard error going away is no reason to stop solving.
            let _ = writeln!(
                self.err,
                "{}puzzle {} (line {}): no solution",
                self.name, self.puzzles, self.puzzle_line
            );
        }
        Ok(())
    }
}

/// What goes between two solutions of a puzzle written out in full (`--all`): a line break
/// where the text does not end with one, and an empty line where it spans several lines.
fn separator(text: &[u8]) -> &'static [u8] {
    let crlf = text.windows(2).any(|w| w == b"\r\n");
    let body = text.strip_suffix(b"\n").unwrap_or(text);
    let several = body.contains(&b'\n');
    let ends = text.ends_with(b"\n");
    match (crlf, several, ends) {
        (_, false, true) => b"",
        (false, false, false) | (false, true, true) => b"\n",
        (false, true, false) => b"\n\n",
        (true, false, false) | (true, true, true) => b"\r\n",
        (true, true, false) => b"\r\n\r\n",
    }
}
