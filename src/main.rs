//! Sudoku: fills in the blanks of 9x9 puzzles with the classic search of AcWing 166 and 1613,
//! and writes, for every puzzle, the answer the classic writes: its smallest solution.
//!
//! Glossary:
//! - `x`, `y`: the row and column of a square, 0 to 8 from the top left; `p = 9 * x + y`.
//! - `d`, `e`: digits 0 to 8, standing for `d + 1`, so that they index the arrays below.
//! - `row[x][d]`, `col[y][d]`: digit d is already used in row x, in column y.
//! - `cell[x / 3][y / 3][d]`: digit d is already used in the 3x3 box holding square (x, y).
//! - `dfs(x, y)`: tries each digit still allowed at (x, y), and searches on from there.
//! - `b`, band: three rows of boxes, rows 3b to 3b + 2; `i`: a square's bit in its band.
//! - `open[d][b]`: the squares of band b that can still take digit d (the candidate board).
//! - `r`, `k`: a row of a band (0 to 2) and a box of a band (0 to 2); a triad is where they cross.
//!
//! Input: puzzles of 81 squares in reading order, across as many lines as they take, from
//! standard input or the files named: `1`-`9` are givens, `.` `0` `?` `_` `*` blanks; spaces and
//! `|+-,;[]{}"'` are layout, `#` starts a comment, a line starting with a letter is a label, a
//! line `end` ends the input, and a first line holding a lone number (a test count) is skipped.
//! Output: the input again with every blank filled in (`--count`, `--all`, `--generate`: see
//! `USAGE`). Exit status: 0 every puzzle solved, 1 some puzzle has no solution, 2 bad input or
//! usage, or a failure to read or write.

use std::ffi::OsString;
use std::fmt;
use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::mem::replace;

const VERSION: &str = "0.2.0";

const USAGE: &str = "\
usage: sudoku [--count | --all] [--limit N] [FILE ...]
       sudoku --generate N [--seed S]

Solves the 9x9 sudoku puzzles read from each FILE in turn (standard input when there is
none, or for -) and writes the input back with every blank (. 0 ? _ *) filled in: with
several solutions, the smallest, as the classic row-by-row search finds it first.

  --count         write one line per puzzle: its number of solutions
  --all           write every solution of every puzzle, smallest first
  --limit N       with --count or --all: at most N solutions of each puzzle
  --generate N    write N puzzles with exactly one solution each, minimal, one line each
  --seed S        with --generate: the same S gives the same puzzles
  -V, --version   show the version
  -h, --help      show this help

Exit status: 0 every puzzle solved, 1 some puzzle has no solution, 2 bad input or usage,
or a failure to read or write.
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
    /// The input with the blanks filled in (the smallest solution).
    Solve,
    /// The number of solutions, one line per puzzle.
    Count,
    /// The puzzle's text filled in once for every solution.
    All,
}

/// The command line, read.
struct Options<'a> {
    mode: Mode,
    /// At most this many solutions of each puzzle are counted or written.
    limit: u64,
    /// `--generate N` and its seed, if given.
    generate: Option<(u64, Option<u64>)>,
    files: Vec<&'a OsString>,
}

/// What the command line asks for.
enum Command<'a> {
    Help,
    Version,
    Work(Options<'a>),
}

/// Reads the command line; Err says why it is not a valid one.
fn parse<'a>(args: &'a [OsString]) -> Result<Command<'a>, String> {
    let (mut mode, mut limit, mut generate, mut seed) = (Mode::Solve, None, None, None);
    let mut files = Vec::new();
    let mut args = args.iter();
    let mut options_end = false;
    while let Some(arg) = args.next() {
        let text = arg.to_string_lossy();
        if options_end || !text.starts_with('-') || text == "-" {
            files.push(arg);
            continue;
        }
        let mut number = |name: &str| -> Result<u64, String> {
            let value = args.next().map(|v| v.to_string_lossy().into_owned());
            match value.as_deref().map(str::parse::<u64>) {
                Some(Ok(n)) => Ok(n),
                Some(Err(_)) => Err(format!(
                    "{} takes a whole number, not '{}'",
                    name,
                    value.unwrap_or_default()
                )),
                None => Err(format!("{} takes a whole number", name)),
            }
        };
        let wanted = match &*text {
            "-h" | "--help" => return Ok(Command::Help),
            "-V" | "--version" => return Ok(Command::Version),
            "--" => {
                options_end = true;
                continue;
            }
            "--count" => Mode::Count,
            "--all" => Mode::All,
            "--limit" => {
                limit = Some(number("--limit")?).filter(|&n| n > 0);
                if limit.is_none() {
                    return Err(String::from("--limit takes a whole number from 1 up"));
                }
                continue;
            }
            "--generate" => {
                generate = Some(number("--generate")?);
                continue;
            }
            "--seed" => {
                seed = Some(number("--seed")?);
                continue;
            }
            _ => return Err(format!("unknown option '{}'", text)),
        };
        if mode != Mode::Solve && mode != wanted {
            return Err(String::from("--count and --all do not go together"));
        }
        mode = wanted;
    }
    if limit.is_some() && mode == Mode::Solve {
        return Err(String::from("--limit goes with --count or --all"));
    }
    if seed.is_some() && generate.is_none() {
        return Err(String::from("--seed goes with --generate"));
    }
    if generate.is_some() && (mode != Mode::Solve || !files.is_empty()) {
        return Err(String::from(
            "--generate takes no other option but --seed, and no file",
        ));
    }
    if files.iter().filter(|f| **f == "-").count() > 1 {
        return Err(String::from(
            "- is named twice: standard input is read once",
        ));
    }
    Ok(Command::Work(Options {
        mode,
        limit: limit.unwrap_or(u64::MAX),
        generate: generate.map(|n| (n, seed)),
        files,
    }))
}

/// Runs the program on `args` (without the program's name); returns the exit status.
pub(crate) fn run(
    args: &[OsString],
    stdin: &mut dyn Read,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let options = match parse(args) {
        Ok(Command::Work(options)) => options,
        Ok(Command::Help) => return finish(out, err, USAGE.as_bytes(), 0),
        Ok(Command::Version) => {
            return finish(out, err, format!("sudoku {}\n", VERSION).as_bytes(), 0)
        }
        Err(why) => {
            say(err, format!("sudoku: {}\n{}", why, USAGE));
            return 2;
        }
    };
    if let Some((count, seed)) = options.generate {
        return match generate(count, seed.unwrap_or_else(clock_seed), out) {
            Ok(()) => finish(out, err, b"", 0),
            Err(e) => output_failed(err, e, 0),
        };
    }

    let output = streams::output();
    let mut status = 0;
    let named = !options.files.is_empty();
    let stdin_name = OsString::from("-");
    let inputs = if named {
        options.files.clone()
    } else {
        vec![&stdin_name]
    };
    for file in inputs {
        let shown = if file == "-" {
            "(standard input)".into() // as grep names it
        } else {
            file.to_string_lossy()
        };
        // Messages name the file when files are named; --count lines too when there are several.
        let name = if named {
            format!("{}: ", shown)
        } else {
            String::new()
        };
        let label = if options.files.len() > 1 {
            format!("{}:", shown)
        } else {
            String::new()
        };
        let task = Task {
            mode: options.mode,
            limit: options.limit,
            name: &name,
            label: &label,
        };
        let result = if file == "-" {
            Scanner::new(task, out, err).read_from(stdin)
        } else {
            match File::open(file) {
                Ok(mut f) => match streams::not_the_output(&f, output) {
                    Ok(()) => Scanner::new(task, out, err).read_from(&mut f),
                    Err(why) => Err(Stop::Unread(why)),
                },
                Err(e) => Err(Stop::Unread(streams::describe(&e))),
            }
        };
        match result {
            Ok(true) => {}
            Ok(false) => status = status.max(1),
            Err(Stop::Input(e)) => {
                say(err, format!("{}{}\n", name, e));
                status = 2;
            }
            Err(Stop::Unread(why)) => {
                say(err, format!("sudoku: {}: {}\n", shown, why));
                status = 2;
            }
            Err(Stop::Output(e)) => return output_failed(err, e, status),
        }
    }
    finish(out, err, b"", status)
}

/// Writes `last` and flushes the output; `status`, or 2 if that fails.
fn finish(out: &mut dyn Write, err: &mut dyn Write, last: &[u8], status: i32) -> i32 {
    match out.write_all(last).and_then(|_| out.flush()) {
        Ok(()) => status,
        Err(e) => output_failed(err, e, status),
    }
}

/// Writes one message to standard error in one write, so that parallel runs do not mix lines;
/// standard error going away is no reason to stop.
fn say(err: &mut dyn Write, message: String) {
    let _ = err.write_all(message.as_bytes());
}

/// Standard output failed: a reader that went away (`| head`) is normal, anything else is said.
fn output_failed(err: &mut dyn Write, e: io::Error, status: i32) -> i32 {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return status;
    }
    say(
        err,
        format!(
            "sudoku: cannot write the output: {}\n",
            streams::describe(&e)
        ),
    );
    2
}

/// What the operating system can tell of the streams: `sudoku F >> F` would read its own output
/// for ever, so an input that is the output is refused (on Unix; elsewhere the checks pass).
// A closed standard stream cannot be told here: Rust's runtime puts /dev/null there before
// main, open both ways, as Python's subprocess.DEVNULL is; a check on that misread harnesses.
mod streams {
    use std::fs::File;
    use std::io;

    /// An error as the usual tools word it: "No such file or directory", not "... (os error 2)".
    pub fn describe(e: &io::Error) -> String {
        let text = e.to_string();
        match text.find(" (os error ") {
            Some(at) => text[..at].to_string(),
            None => text,
        }
    }

    /// The regular file standard output goes to, if it does, as (device, inode).
    pub type Output = Option<(u64, u64)>;

    #[cfg(unix)]
    pub fn output() -> Output {
        use std::os::unix::fs::MetadataExt;
        let m = std::fs::metadata("/dev/fd/1").ok()?;
        Some((m.dev(), m.ino())).filter(|_| m.is_file())
    }

    /// Err when `file` is the file the output goes to.
    #[cfg(unix)]
    pub fn not_the_output(file: &File, output: Output) -> Result<(), String> {
        use std::os::unix::fs::MetadataExt;
        match (file.metadata(), output) {
            (Ok(m), Some(output)) if (m.dev(), m.ino()) == output => {
                Err(String::from("input file is output file"))
            }
            _ => Ok(()),
        }
    }

    #[cfg(not(unix))]
    pub fn output() -> Output {
        None
    }

    #[cfg(not(unix))]
    pub fn not_the_output(_: &File, _: Output) -> Result<(), String> {
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// Reading: a byte at a time, so that memory stays flat whatever the layout and the line lengths.
// ---------------------------------------------------------------------------------------------

/// Why a run over one input stopped early.
enum Stop {
    /// The input could not be read, or is not puzzles: reported, and the next input is read.
    Input(ReadError),
    /// The input cannot be read at all (missing, unreadable, the output itself): reported as the
    /// usual tools do, and the next input is read.
    Unread(String),
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
            Problem::Read(ref e) => write!(f, "{}: cannot read: {}", at, streams::describe(e)),
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

/// What to do with the puzzles of one input, and how to name it.
struct Task<'a> {
    mode: Mode,
    limit: u64,
    /// Starts each message about the input: `FILE: ` when files are named.
    name: &'a str,
    /// Starts each `--count` line: `FILE:` when several files are named.
    label: &'a str,
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
    task: Task<'a>,
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
    fn new(task: Task<'a>, out: &'a mut dyn Write, err: &'a mut dyn Write) -> Self {
        Scanner {
            task,
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
// The search: the classic row/col/cell arrays and dfs(x, y), with a candidate board beside them
// that fills forced squares between the steps of dfs, so that it guesses far less.
// ---------------------------------------------------------------------------------------------

/// The search state: `row`, `col`, `cell` say which digits are used, `grid` what stands where,
/// exactly as in the classic; `board` is kept beside them and copied whole before a guess.
pub(crate) struct Search {
    row: [[bool; 9]; 9],
    col: [[bool; 9]; 9],
    cell: [[[bool; 9]; 3]; 3],
    /// The digit 1 to 9 at each square, 0 while empty.
    grid: [u8; 81],
    board: Board,
    /// The squares filled so far, in order (`trail[..filled]`), to take them back: a square is
    /// filled once on the way to a solution, so 81 places are enough.
    trail: [u8; 81],
    filled: usize,
    /// How many times dfs has been called for this puzzle: the benchmark's measure of guessing.
    steps: u64,
}

/// Candidates by digit and band: bit `9 * (x % 3) + y` of `open[d][x / 3]` says square (x, y)
/// can still hold digit d (a filled square keeps only its own digit).
#[derive(Clone, Copy)]
struct Board {
    open: [[u32; 3]; 9],
    /// `open` as `update` last worked it through: a band that differs has news. (A mask of
    /// bands with news, set on each change, was measured: 20% more instructions.)
    seen: [[u32; 3]; 9],
    /// The empty squares of each band.
    empty: [u32; 3],
}

/// All 27 squares of a band.
const BAND: u32 = 0o777_777_777;

impl Search {
    pub(crate) fn new() -> Search {
        Search {
            row: [[false; 9]; 9],
            col: [[false; 9]; 9],
            cell: [[[false; 9]; 3]; 3],
            grid: [0; 81],
            board: Board {
                open: [[BAND; 3]; 9],
                seen: [[0; 3]; 9],
                empty: [BAND; 3],
            },
            trail: [0; 81],
            filled: 0,
            steps: 0,
        }
    }

    /// Calls `found` with every solution of `givens` (0 for a blank, 1 to 9 for a given), in
    /// ascending order, until it returns false; returns how many steps dfs took.
    pub(crate) fn solve(
        &mut self,
        givens: &[u8; 81],
        found: &mut dyn FnMut(&[u8; 81]) -> bool,
    ) -> u64 {
        *self = Search::new();
        for (p, &given) in givens.iter().enumerate() {
            if given != 0 {
                let (x, y, d) = (p / 9, p % 9, given as usize - 1);
                if !self.place(x, y, d) {
                    return 0; // clashing givens
                }
                self.board.fill(p, d);
            }
        }
        if self.settle() {
            match self.next_square() {
                Some((x, y)) => {
                    self.dfs(x, y, found);
                }
                None => {
                    found(&self.grid);
                }
            }
        }
        self.steps
    }

    /// Tries each digit allowed at (x, y), the first empty square in reading order, settles what
    /// it forces and searches on; true once `found` asked to stop. Digits go up and squares in
    /// reading order, as in the classic, so solutions come smallest first.
    // Measured and left out: finding any solution the fewest-options way, then refuting in
    // reading order the digits below it (x1.6 instructions on top1465, and slower tails).
    fn dfs(&mut self, x: usize, y: usize, found: &mut dyn FnMut(&[u8; 81]) -> bool) -> bool {
        debug_assert!(self.agrees());
        self.steps += 1;
        let p = 9 * x + y;
        let saved = self.board;
        let mark = self.filled;
        for d in 0..9 {
            if !self.row[x][d]
                && !self.col[y][d]
                && !self.cell[x / 3][y / 3][d]
                && saved.allows(p, d)
            {
                let mut stop = false;
                if self.place(x, y, d) {
                    self.board.fill(p, d);
                    if self.settle() {
                        stop = match self.next_square() {
                            Some((x, y)) => self.dfs(x, y, found),
                            None => !found(&self.grid),
                        };
                    }
                }
                while self.filled > mark {
                    self.remove();
                }
                self.board = saved;
                if stop {
                    return true;
                }
            }
        }
        false
    }

    /// The classic move: digit d goes to (x, y) if neither its row, its column nor its box uses
    /// it yet; false otherwise.
    fn place(&mut self, x: usize, y: usize, d: usize) -> bool {
        if self.row[x][d] || self.col[y][d] || self.cell[x / 3][y / 3][d] {
            return false;
        }
        self.row[x][d] = true;
        self.col[y][d] = true;
        self.cell[x / 3][y / 3][d] = true;
        self.grid[9 * x + y] = d as u8 + 1;
        self.trail[self.filled] = (9 * x + y) as u8;
        self.filled += 1;
        true
    }

    /// The mirror of `place`: takes the last digit placed back.
    fn remove(&mut self) {
        self.filled -= 1;
        let p = self.trail[self.filled] as usize;
        let (x, y, d) = (p / 9, p % 9, self.grid[p] as usize - 1);
        self.row[x][d] = false;
        self.col[y][d] = false;
        self.cell[x / 3][y / 3][d] = false;
        self.grid[p] = 0;
    }

    /// Fills every square the board forces, until none is, then places them in the arrays;
    /// false at a dead end. The arrays catch up only once the board has settled: most trials
    /// die on the way, and placing as the board goes cost 20% more instructions.
    fn settle(&mut self) -> bool {
        let empty = self.board.empty;
        loop {
            if !self.update() {
                return false;
            }
            if self.board.empty == [0; 3] {
                return self.catch_up(empty);
            }
            // Claiming from columns (a digit's column left in one band only) was measured here:
            // 12% fewer trials, but 1% more instructions.
            match self.board.naked_singles() {
                None => return false,
                Some(false) => return self.catch_up(empty),
                Some(true) => {}
            }
        }
    }

    /// Works every band with news through `update_band` until none has; false at a dead end.
    fn update(&mut self) -> bool {
        loop {
            let mut news = false;
            for d in 0..9 {
                for b in 0..3 {
                    if self.board.open[d][b] != self.board.seen[d][b] {
                        news = true;
                        if !self.update_band(d, b) {
                            return false;
                        }
                    }
                }
            }
            if !news {
                return true;
            }
        }
    }

    /// What band b alone says of digit d: each of its rows and boxes takes d once, in one of its
    /// three squares where they cross (a triad), so only triads that can be matched up stay
    /// (locked candidates); a box whose one column is left claims that column from the other
    /// bands; a row with one square left is that square (hidden singles), filled on the board.
    #[inline(never)] // inlined 27 times into `update`, it cost 17% more instructions
    fn update_band(&mut self, d: usize, b: usize) -> bool {
        let old = self.board.open[d][b];
        let triads = BOXES_OF_ROW[(old & 0o777) as usize]
            | BOXES_OF_ROW[(old >> 9 & 0o777) as usize] << 3
            | BOXES_OF_ROW[(old >> 18) as usize] << 6;
        let open = old & MATCHED[triads as usize];
        if open == 0 {
            return false;
        }
        self.board.open[d][b] = open;
        self.board.seen[d][b] = open;
        let columns = (open | open >> 9 | open >> 18) & 0o777;
        let others = OTHER_BANDS[columns as usize];
        self.board.open[d][(b + 1) % 3] &= others;
        self.board.open[d][(b + 2) % 3] &= others;

        let mut solved = 0;
        for r in 0..3 {
            let line = open >> (9 * r) & 0o777;
            if line & (line - 1) == 0 {
                solved |= line << (9 * r);
            }
        }
        let new = solved & self.board.empty[b];
        if new != 0 {
            self.board.empty[b] &= !new;
            for digit in &mut self.board.open {
                digit[b] &= !new;
            }
            self.board.open[d][b] = open;
        }
        true
    }

    /// Places in the arrays every square the board filled since it had `empty` left; false if
    /// one breaks the classic rule.
    fn catch_up(&mut self, empty: [u32; 3]) -> bool {
        for (b, &before) in empty.iter().enumerate() {
            let new = before & !self.board.empty[b];
            if new == 0 {
                continue;
            }
            for d in 0..9 {
                let mut mine = self.board.open[d][b] & new;
                while mine != 0 {
                    let p = 27 * b + mine.trailing_zeros() as usize;
                    mine &= mine - 1;
                    if !self.place(p / 9, p % 9, d) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// The first empty square in reading order, None when the grid is full.
    fn next_square(&self) -> Option<(usize, usize)> {
        let b = self.board.empty.iter().position(|&e| e != 0)?;
        let p = 27 * b + self.board.empty[b].trailing_zeros() as usize;
        Some((p / 9, p % 9))
    }

    /// The arrays and the board say the same: each digit placed is used in its row, column and
    /// box, and nothing else is; its square is filled on the board and holds only that digit.
    fn agrees(&self) -> bool {
        let mut used = ([[false; 9]; 9], [[false; 9]; 9], [[[false; 9]; 3]; 3]);
        for p in 0..81 {
            let (x, y, b, bit) = (p / 9, p % 9, p / 27, 1 << (p % 27));
            let filled = self.board.empty[b] & bit == 0;
            if self.grid[p] == 0 {
                if filled {
                    return false;
                }
                continue;
            }
            let d = self.grid[p] as usize - 1;
            used.0[x][d] = true;
            used.1[y][d] = true;
            used.2[x / 3][y / 3][d] = true;
            let only = (0..9).all(|e| (self.board.open[e][b] & bit != 0) == (e == d));
            if !filled || !only {
                return false;
            }
        }
        used == (self.row, self.col, self.cell)
    }
}

impl Board {
    /// Square p can still take digit d.
    fn allows(&self, p: usize, d: usize) -> bool {
        self.open[d][p / 27] & 1 << (p % 27) != 0
    }

    /// Digit d fills square p: its peers lose d, p loses every other digit.
    fn fill(&mut self, p: usize, d: usize) {
        let (b, i) = (p / 27, p % 27);
        for e in 0..9 {
            self.open[e][b] &= !(1 << i);
        }
        self.open[d][b] = self.open[d][b] & BAND_PEERS_OUT[i] | 1 << i;
        let column = !(0o001_001_001 << (i % 9));
        self.open[d][(b + 1) % 3] &= column;
        self.open[d][(b + 2) % 3] &= column;
        self.empty[b] &= !(1 << i);
    }

    /// Squares with one digit left take it (`update_band` then marks them filled); None when
    /// some square has no digit left, else whether any square was found.
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

// The tables the board reads, worked out at compile time. A band's bit 9r + c is its row r,
// column c; a triad is the three squares where a row of the band crosses a box, bit 3r + k.

/// For the nine squares of a row, the boxes (bit k) it has any in.
const BOXES_OF_ROW: [u32; 512] = boxes_of_rows();
/// For a set of triads, the squares of those that some matching keeps: a matching gives each
/// row of the band one triad and each box one, as a digit fills the band. 0 if there is none.
const MATCHED: [u32; 512] = matched_triads();
/// For the columns a digit can take in a band, the squares the other bands keep: a column that
/// is the only one left in its box is the digit's there, so the other bands lose it.
const OTHER_BANDS: [u32; 512] = other_bands();
/// For square i of a band, the band without i's row and box, i itself kept.
const BAND_PEERS_OUT: [u32; 27] = band_peers_out();

const fn boxes_of_rows() -> [u32; 512] {
    let mut table = [0; 512];
    let mut line = 0;
    while line < 512 {
        let mut k = 0;
        while k < 3 {
            if line >> (3 * k) & 7 != 0 {
                table[line] |= 1 << k;
            }
            k += 1;
        }
        line += 1;
    }
    table
}

const fn matched_triads() -> [u32; 512] {
    const MATCHINGS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0; 512];
    let mut triads: usize = 0;
    while triads < 512 {
        let mut m = 0;
        while m < 6 {
            let k = MATCHINGS[m];
            let chosen = 1 << k[0] | 1 << (3 + k[1]) | 1 << (6 + k[2]);
            if triads & chosen == chosen {
                let mut r = 0;
                while r < 3 {
                    table[triads] |= 0o7 << (9 * r + 3 * k[r]);
                    r += 1;
                }
            }
            m += 1;
        }
        triads += 1;
    }
    table
}

const fn other_bands() -> [u32; 512] {
    let mut table = [0; 512];
    let mut columns: u32 = 0;
    while columns < 512 {
        let mut keep = BAND;
        let mut k = 0;
        while k < 3 {
            let in_box = columns >> (3 * k) & 7;
            if in_box.count_ones() == 1 {
                keep &= !(0o001_001_001 * (in_box << (3 * k)));
            }
            k += 1;
        }
        table[columns as usize] = keep;
        columns += 1;
    }
    table
}

const fn band_peers_out() -> [u32; 27] {
    let mut table = [0; 27];
    let mut i = 0;
    while i < 27 {
        let (r, c) = (i / 9, i % 9);
        let row = 0o777 << (9 * r);
        let in_box = 0o007_007_007 << (3 * (c / 3));
        table[i] = BAND & !row & !in_box | 1 << i;
        i += 1;
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
            if self.task.mode != Mode::Count {
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
            let (copy, out, task) = (&mut self.copy, &mut *self.out, &self.task);
            self.search.solve(cells, &mut |grid| {
                solutions += 1;
                if task.mode == Mode::Count {
                    return solutions < task.limit;
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
                task.mode == Mode::All && failed.is_ok() && solutions < task.limit
            });
        }
        failed?;
        match self.task.mode {
            Mode::Count => writeln!(self.out, "{}{}", self.task.label, solutions)?,
            Mode::Solve if solutions == 0 => self.out.write_all(&self.text[start..end])?,
            _ => {}
        }
        self.written = end;
        if solutions == 0 {
            self.unsolved = true;
            let message = format!(
                "{}puzzle {} (line {}): no solution\n",
                self.task.name, self.puzzles, self.puzzle_line
            );
            say(self.err, message);
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

// ---------------------------------------------------------------------------------------------
// Generating: random solved grids from dfs, givens taken away while the puzzle stays proper.
// ---------------------------------------------------------------------------------------------

/// splitmix64: small, and the same numbers on every platform (u64 arithmetic only).
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Puts `items` in a random order (Fisher-Yates).
    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, (self.next() % (i as u64 + 1)) as usize);
        }
    }
}

fn clock_seed() -> u64 {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    now.map_or(0, |t| t.as_secs() ^ u64::from(t.subsec_nanos()) << 32)
}

/// Writes `count` proper, minimal puzzles, all different, one 81-character line each.
fn generate(count: u64, seed: u64, out: &mut dyn Write) -> io::Result<()> {
    let mut random = Random(seed);
    let mut search = Search::new();
    let mut made = std::collections::HashSet::new();
    let mut line = [b'.'; 82];
    line[81] = b'\n';
    while (made.len() as u64) < count {
        let puzzle = minimal_puzzle(&mut random, &mut search);
        if made.insert(puzzle) {
            for (c, &given) in line.iter_mut().zip(&puzzle) {
                *c = if given == 0 { b'.' } else { b'0' + given };
            }
            out.write_all(&line)?;
        }
    }
    Ok(())
}

/// A random solved grid (its three diagonal boxes shuffled, the rest the smallest completion
/// dfs finds), then its givens taken away in random order while one solution stays: what is
/// left is minimal, as taking a given away never removes solutions.
fn minimal_puzzle(random: &mut Random, search: &mut Search) -> [u8; 81] {
    let mut grid = [0; 81];
    for b in 0..3 {
        let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        random.shuffle(&mut digits);
        for (i, &d) in digits.iter().enumerate() {
            grid[9 * (3 * b + i / 3) + 3 * b + i % 3] = d;
        }
    }
    search.solve(&grid.clone(), &mut |solved| {
        grid = *solved;
        false
    });
    let mut order: Vec<usize> = (0..81).collect();
    random.shuffle(&mut order);
    for p in order {
        let given = replace(&mut grid[p], 0);
        let mut solutions = 0;
        search.solve(&grid, &mut |_| {
            solutions += 1;
            solutions < 2
        });
        if solutions > 1 {
            grid[p] = given;
        }
    }
    grid
}
