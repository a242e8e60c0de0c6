//! Sudoku: fills in the blanks of 9x9 puzzles with the classic search of AcWing 166 and 1613,
//! and writes, for every puzzle, the answer the classic writes: its smallest solution.
//!
//! Glossary:
//! - square: one of the 81 places of the grid; `x`, `y` its row and column, 0 to 8 from the top
//!   left, `p = 9 * x + y`; box: one of the nine 3x3 blocks.
//! - `d`: a digit 0 to 8, standing for `d + 1`, so that it indexes the arrays.
//! - `row[x][d]`, `col[y][d]`, `cell[x / 3][y / 3][d]`: digit d is used in row x, in column y,
//!   in the box of square (x, y).
//! - `dfs(x, y)`: tries each digit those arrays allow at (x, y), the first empty square in
//!   reading order, and searches on; `place` and `remove` put a digit in and take it back.
//! - band `b`: rows 3b to 3b + 2; `i`: a square's bit in its band, `9 * (x % 3) + y`.
//! - board: `open[d][b]`, the squares of band b that can still take digit d; it settles (fills
//!   what its rules force) and probes (tries both digits of a square with two left).
//! - piece: what the reader hands on, a line at a time: text, or a puzzle with its text.

use std::ffi::OsString;
use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::mem::{replace, take};

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
    let (stdin, stdout, stderr) = (io::stdin(), io::stdout(), io::stderr());
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let status = run(&args, &mut stdin.lock(), &mut out, &mut stderr.lock());
    std::process::exit(status);
}

// ---------------------------------------------------------------------------------------------
// The command line: what to do with which inputs, and the exit status.
// ---------------------------------------------------------------------------------------------

/// What to write for each puzzle.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// The input with the blanks filled in (the smallest solution).
    Solve,
    /// The number of solutions, one line per puzzle.
    Count,
    /// The puzzle's block filled in once for every solution.
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

enum Command<'a> {
    Help,
    Version,
    Work(Options<'a>),
}

/// Reads the command line; Err says why it is not a valid one.
fn parse<'a>(args: &'a [OsString]) -> Result<Command<'a>, String> {
    let (mut mode, mut limit, mut generate, mut seed) = (Mode::Solve, None, None, None);
    let (mut files, mut options_end) = (Vec::new(), false);
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let text = arg.to_string_lossy();
        if options_end || !text.starts_with('-') || text == "-" {
            files.push(arg);
            continue;
        }
        let mut number = |name: &str| match args.next().map(|v| v.to_string_lossy()) {
            Some(v) => v
                .parse::<u64>()
                .map_err(|_| format!("{} takes a whole number, not '{}'", name, v)),
            None => Err(format!("{} takes a whole number", name)),
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
                    return Err("--limit takes a whole number from 1 up".into());
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
            return Err("--count and --all do not go together".into());
        }
        mode = wanted;
    }
    if limit.is_some() && mode == Mode::Solve {
        return Err("--limit goes with --count or --all".into());
    }
    if seed.is_some() && generate.is_none() {
        return Err("--seed goes with --generate".into());
    }
    if generate.is_some() && (mode != Mode::Solve || !files.is_empty()) {
        return Err("--generate takes no other option but --seed, and no file".into());
    }
    if files.iter().filter(|f| **f == "-").count() > 1 {
        return Err("- is named twice: standard input is read once".into());
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
    let (mut status, mut search) = (0, Search::new());
    let dash = OsString::from("-");
    let named = !options.files.is_empty();
    let files = if named { options.files } else { vec![&dash] };
    let several = files.len() > 1;
    for file in files {
        let shown = match file.to_str() {
            Some("-") => "(standard input)".into(), // as grep names it
            _ => file.to_string_lossy(),
        };
        let task = Task {
            mode: options.mode,
            limit: options.limit,
            // Messages name the file when files are named; --count lines when there are several.
            name: if named {
                format!("{}: ", shown)
            } else {
                String::new()
            },
            label: if several {
                format!("{}:", shown)
            } else {
                String::new()
            },
        };
        let answered = match open(file, stdin) {
            Ok(mut input) => answer(&task, &mut *input, out, err, &mut search),
            Err(why) => {
                say(err, format!("sudoku: {}: {}\n", shown, why));
                status = 2;
                continue;
            }
        };
        match answered {
            Ok(true) => {}
            Ok(false) => status = status.max(1),
            Err(Stop::Read(e)) => {
                say(err, format!("{}{}\n", task.name, e));
                status = 2;
            }
            Err(Stop::Write(e)) => return output_failed(err, e, status),
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
        format!("sudoku: cannot write the output: {}\n", describe(&e)),
    );
    2
}

/// An error as the usual tools word it: "No such file or directory", not "... (os error 2)".
fn describe(e: &io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error ") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

/// Opens FILE, or standard input for `-`. A directory is refused, as the usual tools refuse it,
/// and so is the file the output goes to: `sudoku F >> F` would read its own output for ever.
fn open<'a>(file: &OsString, stdin: &'a mut dyn Read) -> Result<Box<dyn Read + 'a>, String> {
    let (input, meta): (Box<dyn Read>, _) = if file == "-" {
        (Box::new(stdin), std::fs::metadata("/dev/fd/0").ok())
    } else {
        let f = File::open(file).map_err(|e| describe(&e))?;
        let meta = f.metadata().ok();
        (Box::new(f), meta)
    };
    let output = std::fs::metadata("/dev/fd/1").ok();
    match (meta.as_ref(), output.as_ref()) {
        (Some(m), _) if m.is_dir() => Err("Is a directory".into()),
        (Some(m), Some(o)) if same_file(m, o) => Err("input file is output file".into()),
        _ => Ok(input),
    }
}

/// Both are the same regular file (on Unix; elsewhere the check passes).
// A closed standard stream cannot be told here: Rust's runtime puts /dev/null there before
// main, open both ways, as Python's subprocess.DEVNULL is; a check on that misreads harnesses.
#[cfg(unix)]
fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.is_file() && (a.dev(), a.ino()) == (b.dev(), b.ino())
}

#[cfg(not(unix))]
fn same_file(_: &std::fs::Metadata, _: &std::fs::Metadata) -> bool {
    false
}

// ---------------------------------------------------------------------------------------------
// Reading: bytes in, a line at a time, whole pieces out (text, or a puzzle with its text), so
// that nothing of a broken puzzle or line is ever written.
// ---------------------------------------------------------------------------------------------

/// A line longer than this, its line break left out, is refused, and so is a puzzle whose
/// lines together are: memory stays bounded.
const LONGEST: usize = 1 << 20;

/// A reading error, where it was found: line and column counted from 1, columns in bytes.
struct ReadError {
    line: usize,
    column: usize,
    what: String,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.what
        )
    }
}

/// What the reader hands on, all of a line at once.
enum Piece {
    /// A line that holds no square; true when it holds layout only (a drawn grid's border).
    Text(Vec<u8>, bool),
    Puzzle(Box<Puzzle>),
}

/// A puzzle as read: its squares in reading order (0 for a blank), its text and where each
/// square stands in it, and the label before it on its first line (`board =`), if any.
struct Puzzle {
    number: usize,
    line: usize,
    givens: [u8; 81],
    at: [u32; 81],
    /// How many squares are read.
    n: usize,
    label: Vec<u8>,
    text: Vec<u8>,
}

/// Puzzle `number` (line `line`) with `n` squares read, as messages name it.
fn named(number: usize, line: usize, n: usize) -> String {
    format!(
        "puzzle {} (line {}) with {} of its 81 squares",
        number, line, n
    )
}

/// What each byte is to the reader: a square's digit (0 for a blank), or one of the kinds below.
const CLASS: [u8; 256] = classes();
/// White space and layout: skipped when reading, kept when writing.
const LAYOUT: u8 = 10;
const HASH: u8 = 11;
const LETTER: u8 = 12;
/// The first byte of a box-drawing character, U+2500 to U+257F: E2 94|95 80..BF.
const BOX_DRAWING: u8 = 13;
const OTHER: u8 = 14;

const fn classes() -> [u8; 256] {
    let mut table = [OTHER; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = match b as u8 {
            c @ b'0'..=b'9' => c - b'0',
            b'.' | b'?' | b'_' | b'*' => 0,
            b' ' | b'\t' | b'\r' | b'\n' | b'|' | b'+' | b'-' | b'=' | b',' | b';' | b'['
            | b']' | b'{' | b'}' | b'"' | b'\'' => LAYOUT,
            b'#' => HASH,
            b'A'..=b'Z' | b'a'..=b'z' => LETTER,
            0xE2 => BOX_DRAWING,
            _ => OTHER,
        };
        b += 1;
    }
    table
}

/// Reads one input a line at a time and hands on its pieces.
struct Reader<'a> {
    input: BufReader<&'a mut dyn Read>,
    /// The line being read, its line break included, and its number.
    text: Vec<u8>,
    line: usize,
    /// A puzzle begun on an earlier line.
    open: Option<Box<Puzzle>>,
    puzzles: usize,
    /// A line with more than white space has been read: no count line any more.
    begun: bool,
    /// Where the input ended, once it has.
    over: Option<(usize, usize)>,
}

impl<'a> Reader<'a> {
    fn new(input: &'a mut dyn Read) -> Reader<'a> {
        Reader {
            input: BufReader::with_capacity(1 << 16, input),
            text: Vec::new(),
            line: 0,
            open: None,
            puzzles: 0,
            begun: false,
            over: None,
        }
    }

    /// Nothing read is waiting: the next line may have to wait for the input.
    fn waiting(&self) -> bool {
        self.input.buffer().is_empty()
    }

    /// Puts the pieces of the next line in `pieces` (none for the count line); false at the
    /// end of the input or at the `end` line.
    fn next(&mut self, pieces: &mut Vec<Piece>) -> Result<bool, ReadError> {
        pieces.clear();
        if let Some((line, column)) = self.over {
            return self.end(line, column);
        }
        let newline = self.read_line()?;
        if self.line == 1 && self.text.starts_with(b"\xEF\xBB\xBF") {
            self.text.drain(..3); // a byte-order mark
        }
        if !newline {
            self.over = Some((self.line, self.text.len() + 1));
            if self.text.is_empty() {
                return self.next(pieces);
            }
        }
        let text = take(&mut self.text);
        let body = text.len() - newline as usize;
        let words = trim(&text[..body]);
        let (mut label, mut from) = (Vec::new(), 0);
        if self.open.is_none() && !words.is_empty() {
            let first = !replace(&mut self.begun, true);
            if first && words.len() <= 8 && words.iter().all(u8::is_ascii_digit) {
                self.text = text;
                return Ok(true); // the count of test cases some judges send first
            }
            if words.eq_ignore_ascii_case(b"end") {
                return self.end(self.line, 1);
            }
            if words[0].is_ascii_alphabetic() {
                // A label, up to its last `=`: what follows is read.
                from = text[..body]
                    .iter()
                    .rposition(|&b| b == b'=')
                    .map_or(body, |at| at + 1);
                label = text[..from].to_vec();
            }
        }
        let squares = self.squares(&text, body, from, label, pieces)?;
        if squares == 0 && self.open.is_none() {
            // Layout only, as a drawn grid's border: no label, no comment, not empty.
            let layout = from == 0 && !text.contains(&b'#') && !trim(&text).is_empty();
            pieces.push(Piece::Text(text, layout));
        } else {
            self.text = text; // its buffer, for the next line
        }
        Ok(true)
    }

    /// Reads the squares of the line `text` (`body` bytes before its line break) from byte
    /// `from` on, the label before it going to the first puzzle it begins; returns how many.
    fn squares(
        &mut self,
        text: &[u8],
        body: usize,
        from: usize,
        mut label: Vec<u8>,
        pieces: &mut Vec<Piece>,
    ) -> Result<usize, ReadError> {
        let mut open = self.open.take();
        // Where the text not handed on yet starts; the first puzzle the line gives squares.
        let mut kept = if label.is_empty() { 0 } else { from };
        // The first puzzle the line gives squares, for a message.
        let first = match &open {
            Some(p) => (p.number, p.line, p.n),
            None => (self.puzzles + 1, self.line, 0),
        };
        let (line, mut squares, mut i) = (&text[..body], 0, from);
        while i < line.len() {
            let b = line[i];
            match CLASS[b as usize] {
                digit @ 0..=9 => {
                    squares += 1;
                    let p = match &mut open {
                        Some(p) => p,
                        None => {
                            self.puzzles += 1;
                            open.insert(Box::new(Puzzle {
                                number: self.puzzles,
                                line: self.line,
                                givens: [0; 81],
                                at: [0; 81],
                                n: 0,
                                label: take(&mut label),
                                text: Vec::with_capacity(text.len() - kept),
                            }))
                        }
                    };
                    // This square and those right after it, while the puzzle takes them.
                    let mut digit = digit;
                    loop {
                        p.givens[p.n] = digit;
                        p.at[p.n] = (p.text.len() + i - kept) as u32;
                        p.n += 1;
                        match line.get(i + 1).map(|&c| CLASS[c as usize]) {
                            Some(next @ 0..=9) if p.n < 81 => {
                                (digit, i, squares) = (next, i + 1, squares + 1)
                            }
                            _ => break,
                        }
                    }
                    if p.n == 81 {
                        // The rest of the line is trailing text, unless a square follows.
                        let square = text.get(i + 1).map_or(false, |&c| CLASS[c as usize] <= 9);
                        let end = if square { i + 1 } else { text.len() };
                        p.text.extend_from_slice(&text[kept..end]);
                        kept = end;
                        pieces.extend(open.take().map(Piece::Puzzle));
                        if !square {
                            break;
                        }
                    }
                }
                LAYOUT => {}
                HASH => break, // a comment, to the end of the line
                BOX_DRAWING if matches!(line[i + 1..], [0x94 | 0x95, 0x80..=0xBF, ..]) => {
                    i += 2;
                }
                LETTER if open.is_some() => {
                    let p = open
                        .as_ref()
                        .map_or(String::new(), |p| named(p.number, p.line, p.n));
                    return Err(self.error(i + 1, format!("letter '{}' inside {}", b as char, p)));
                }
                _ if b.is_ascii_graphic() => {
                    return Err(self.error(i + 1, format!("unexpected character '{}'", b as char)));
                }
                _ => return Err(self.error(i + 1, format!("unexpected byte 0x{:02X}", b))),
            }
            i += 1;
        }
        if squares % 9 != 0 {
            let (number, line, had) = first;
            let s = if squares == 1 { "" } else { "s" };
            let whose = named(number, line, (had + squares).min(81));
            let what = format!(
                "{} square{} on this line, not whole rows of 9, for {}",
                squares, s, whose
            );
            return Err(self.error(body + 1, what));
        }
        if let Some(p) = &mut open {
            p.text.extend_from_slice(&text[kept..]);
            if p.text.len() > LONGEST {
                let what = format!("{} is longer than 1 MiB", named(p.number, p.line, p.n));
                return Err(self.error(body + 1, what));
            }
        }
        self.open = open;
        Ok(squares)
    }

    /// Reads the next line into `text`, its line break included; false if it has none (the
    /// input is over).
    fn read_line(&mut self) -> Result<bool, ReadError> {
        self.text.clear();
        self.line += 1;
        let most = LONGEST as u64 + 2;
        if let Err(e) = (&mut self.input)
            .take(most)
            .read_until(b'\n', &mut self.text)
        {
            let what = format!("cannot read: {}", describe(&e));
            return Err(self.error(self.text.len() + 1, what));
        }
        let newline = self.text.last() == Some(&b'\n');
        if self.text.len() > LONGEST + newline as usize {
            return Err(self.error(LONGEST + 1, "longer than 1 MiB".into()));
        }
        Ok(newline)
    }

    /// The input ends at (line, column): no puzzle may be open, and one must have been read.
    fn end(&self, line: usize, column: usize) -> Result<bool, ReadError> {
        let what = match &self.open {
            Some(p) => format!("the input ends inside {}", named(p.number, p.line, p.n)),
            None if self.puzzles == 0 => "no puzzle in the input".into(),
            None => return Ok(false),
        };
        Err(ReadError { line, column, what })
    }

    fn error(&self, column: usize, what: String) -> ReadError {
        ReadError {
            line: self.line,
            column,
            what,
        }
    }
}

/// `bytes` without the white space around them.
fn trim(bytes: &[u8]) -> &[u8] {
    let white = |b: &u8| b" \t\r\n".contains(b);
    let from = bytes.iter().position(|b| !white(b)).unwrap_or(bytes.len());
    let to = bytes
        .iter()
        .rposition(|b| !white(b))
        .map_or(from, |k| k + 1);
    &bytes[from..to]
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
    /// The squares filled so far, in order (`trail[..filled]`), to take them back.
    trail: [u8; 81],
    filled: usize,
    /// Calls of dfs, squares probed and boards sifted for this puzzle: the measure of guessing.
    steps: u64,
    credit: Credit,
}

/// What probing may still spend: a square probed with both digits alive costs one, a dead end
/// found (by a digit dfs tries or one a probe tries) earns two, up to 30; no credit, no probing.
/// Puzzles with many solutions, where both digits nearly always live, so stop paying for it.
#[derive(Clone, Copy)]
struct Credit(u32);

/// The steps a square may cost without a solution before it checks each digit it tries.
const BUDGET: u64 = 2000;

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
            credit: Credit(1),
        }
    }

    /// Calls `found` with every solution of `givens` (0 for a blank, 1 to 9 for a given), in
    /// ascending order, until it returns false; returns how many steps it took.
    pub(crate) fn solve(
        &mut self,
        givens: &[u8; 81],
        found: &mut dyn FnMut(&[u8; 81]) -> bool,
    ) -> u64 {
        *self = Search::new();
        for (p, &given) in givens.iter().enumerate() {
            if given != 0 {
                let (x, y, d) = (p / 9, p % 9, given as usize - 1);
                if !self.free(x, y, d) {
                    return 0; // clashing givens
                }
                self.place(x, y, d);
                self.board.fill(p, d);
            }
        }
        if self.settle() {
            match self.next_square() {
                Some((x, y)) => self.dfs(x, y, found),
                None => found(&self.grid),
            };
        }
        self.steps
    }

    /// Tries each digit allowed at (x, y), the first empty square in reading order, settles what
    /// it forces and searches on; true once `found` asked to stop. Digits go up and squares in
    /// reading order, as in the classic, so solutions come smallest first.
    fn dfs(&mut self, x: usize, y: usize, found: &mut dyn FnMut(&[u8; 81]) -> bool) -> bool {
        debug_assert!(self.agrees());
        self.steps += 1;
        let (p, saved, mark, start) = (9 * x + y, self.board, self.filled, self.steps);
        for d in 0..9 {
            if !self.free(x, y, d) || !saved.allows(p, d) {
                continue;
            }
            // Reading order can spend millions of steps on a dead end whose cause lies far
            // below (under empty top rows): past its budget without a solution, this square
            // first sifts the board each digit leads to, and skips the digit if that dead-ends.
            let spent = self.steps - start;
            self.place(x, y, d);
            self.board.fill(p, d);
            let mut stop = false;
            if self.settle() && (spent <= BUDGET || self.board.survives_sifting(&mut self.steps)) {
                stop = match self.next_square() {
                    Some((x, y)) => self.dfs(x, y, found),
                    None => !found(&self.grid),
                };
            } else {
                self.credit.earn();
            }
            while self.filled > mark {
                self.remove();
            }
            self.board = saved;
            if stop {
                return true;
            }
        }
        false
    }

    /// The classic's test: digit d is in none of the row, the column and the box of (x, y).
    fn free(&self, x: usize, y: usize, d: usize) -> bool {
        !self.row[x][d] && !self.col[y][d] && !self.cell[x / 3][y / 3][d]
    }

    /// The classic move: digit d goes to (x, y).
    fn place(&mut self, x: usize, y: usize, d: usize) {
        self.row[x][d] = true;
        self.col[y][d] = true;
        self.cell[x / 3][y / 3][d] = true;
        self.grid[9 * x + y] = d as u8 + 1;
        self.trail[self.filled] = (9 * x + y) as u8;
        self.filled += 1;
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

    /// Fills every square the board forces, by its rules and then by probing, and places them
    /// in the arrays; false at a dead end. The arrays catch up only once the board has settled:
    /// most trials die on the way.
    fn settle(&mut self) -> bool {
        let empty = self.board.empty;
        self.board.settle()
            && self.board.probe(&mut self.steps, &mut self.credit)
            && self.catch_up(empty)
    }

    /// Places in the arrays every square the board filled since it had `empty` left; false if
    /// one breaks the classic's rule.
    fn catch_up(&mut self, empty: [u32; 3]) -> bool {
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
                    if !self.free(p / 9, p % 9, d) {
                        return false;
                    }
                    self.place(p / 9, p % 9, d);
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
            if !filled || (0..9).any(|e| self.board.allows(p, e) != (e == d)) {
                return false;
            }
        }
        used == (self.row, self.col, self.cell)
    }
}

/// Candidates by digit and band: bit `9 * (x % 3) + y` of `open[d][x / 3]` says square (x, y)
/// can still hold digit d (a filled square keeps only its own digit).
#[derive(Clone, Copy)]
struct Board {
    open: [[u32; 3]; 9],
    /// `open` as `update` last worked it through: a band that differs has news.
    seen: [[u32; 3]; 9],
    /// The empty squares of each band.
    empty: [u32; 3],
}

/// All 27 squares of a band.
const BAND: u32 = 0o777_777_777;

impl Board {
    /// Works the board through `update` and naked singles until neither finds anything; false
    /// at a dead end.
    fn settle(&mut self) -> bool {
        loop {
            if !self.update() {
                return false;
            }
            if self.empty == [0; 3] {
                return true;
            }
            match self.naked_singles() {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// Tries both digits of the last square in reading order with two left, where dfs comes
    /// last, each on a copy of the board: a digit that dead-ends leaves the other, and the probe
    /// goes on; both dead-end, a dead end; both live, a candidate neither copy keeps is gone, and
    /// the probe goes on before that square, until three squares have been found live both
    /// ways; all of it while credit lasts.
    fn probe(&mut self, steps: &mut u64, credit: &mut Credit) -> bool {
        let (mut before, mut live) = (81, 0);
        while credit.0 > 0 {
            let (p, first, second) = match self.last_pair(before) {
                Some(pair) => pair,
                None => return true,
            };
            *steps += 1;
            let (mut one, mut two) = (*self, *self);
            one.fill(p, first);
            two.fill(p, second);
            let lives = (one.settle(), two.settle());
            if lives == (true, true) {
                credit.0 -= 1;
            } else {
                credit.earn();
            }
            match lives {
                (false, false) => return false,
                (true, false) => *self = one,
                (false, true) => *self = two,
                (true, true) => {
                    if self.keep_any(&[one, two]) && !self.settle() {
                        return false;
                    }
                    live += 1;
                    if live == 3 {
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

    /// The last empty square before square `before` in reading order with two digits left, and
    /// those two.
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

    /// Keeps only the candidates that one of `copies` keeps; true if that took any away.
    fn keep_any(&mut self, copies: &[Board]) -> bool {
        let mut less = false;
        for d in 0..9 {
            for b in 0..3 {
                let kept = copies.iter().fold(0, |kept, copy| kept | copy.open[d][b]);
                less |= self.open[d][b] & !kept != 0;
                self.open[d][b] &= kept;
            }
        }
        less
    }

    /// Works every band with news through `update_band` until none has; false at a dead end.
    /// Each round takes the bands that have news as it starts (bit 4d + b), built without a
    /// branch per band (those mispredict), and works them in order.
    fn update(&mut self) -> bool {
        loop {
            let mut news: u64 = 0;
            for d in 0..9 {
                for b in 0..3 {
                    news |= ((self.open[d][b] != self.seen[d][b]) as u64) << (4 * d + b);
                }
            }
            if news == 0 {
                return true;
            }
            while news != 0 {
                let bit = news.trailing_zeros() as usize;
                news &= news - 1;
                if !self.update_band(bit / 4, bit % 4) {
                    return false;
                }
            }
        }
    }

    /// What band b alone says of digit d: each of its rows and boxes takes d once, in one of its
    /// three squares where they cross (a triad), so only triads that can be matched up stay
    /// (locked candidates); a box whose one column is left claims that column from the other
    /// bands, and a column with none left is a dead end; a row with one square left is that
    /// square (hidden singles), filled on the board.
    #[inline(always)]
    fn update_band(&mut self, d: usize, b: usize) -> bool {
        let old = self.open[d][b];
        // Each index masked to 9 bits, even where it cannot be more: no bounds checks.
        let triads = BOXES_OF_ROW[(old & 0o777) as usize]
            | BOXES_OF_ROW[(old >> 9 & 0o777) as usize] << 3
            | BOXES_OF_ROW[(old >> 18 & 0o777) as usize] << 6;
        let open = old & MATCHED[(triads & 0o777) as usize];
        if open == 0 {
            return false;
        }
        let columns = (open | open >> 9 | open >> 18) & 0o777;
        let others = OTHER_BANDS[columns as usize];
        for band in &mut self.open[d] {
            *band &= others; // band b's own squares are put back just below
        }
        self.open[d][b] = open;
        self.seen[d][b] = open;
        let all = self.open[d][0] | self.open[d][1] | self.open[d][2];
        if (all | all >> 9 | all >> 18) & 0o777 != 0o777 {
            return false;
        }
        let solved = SINGLE[(open & 0o777) as usize]
            | SINGLE[(open >> 9 & 0o777) as usize] << 9
            | SINGLE[(open >> 18 & 0o777) as usize] << 18;
        let new = solved & self.empty[b];
        if new != 0 {
            self.empty[b] &= !new;
            for digit in &mut self.open {
                digit[b] &= !new;
            }
            self.open[d][b] = open;
        }
        true
    }

    /// Tries each digit of each empty square on a copy of the board, and keeps only what the
    /// copies that live keep; false at a dead end.
    fn survives_sifting(mut self, steps: &mut u64) -> bool {
        for p in 0..81 {
            if self.empty[p / 27] & 1 << (p % 27) == 0 {
                continue;
            }
            let mut copies = Vec::new();
            for d in (0..9).filter(|&d| self.allows(p, d)) {
                *steps += 1;
                let mut copy = self;
                copy.fill(p, d);
                if copy.settle() {
                    copies.push(copy);
                }
            }
            if self.keep_any(&copies) && !self.settle() {
                return false;
            }
        }
        true
    }

    /// Square p can still take digit d.
    fn allows(&self, p: usize, d: usize) -> bool {
        self.open[d][p / 27] & 1 << (p % 27) != 0
    }

    /// Digit d fills square p: its peers lose d, p loses every other digit.
    #[inline(always)]
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

impl Credit {
    fn earn(&mut self) {
        self.0 = (self.0 + 2).min(30);
    }
}

// The tables the board reads, worked out at compile time. A band's bit 9r + c is its row r,
// column c; a triad is the three squares where a row of the band crosses a box, bit 3r + k.

/// For the nine squares of a row, the boxes (bit k) it has any in.
pub(crate) const BOXES_OF_ROW: [u32; 512] = boxes_of_rows();
/// For a set of triads, the squares of those that some matching keeps: a matching gives each
/// row of the band one triad and each box one, as a digit fills the band. 0 if there is none.
const MATCHED: [u32; 512] = matched_triads();
/// For the columns a digit can take in a band, the squares the other bands keep: a column that
/// is the only one left in its box is the digit's there, so the other bands lose it.
const OTHER_BANDS: [u32; 512] = other_bands();
/// For square i of a band, the band without i's row and box, i itself kept.
pub(crate) const BAND_PEERS_OUT: [u32; 27] = band_peers_out();
/// A row's squares if it has one only, else 0.
const SINGLE: [u32; 512] = singles();

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

const fn singles() -> [u32; 512] {
    let mut table = [0; 512];
    let mut line: u32 = 1;
    while line < 512 {
        if line & (line - 1) == 0 {
            table[line as usize] = line;
        }
        line += 1;
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
// Answering: the pieces of an input, each puzzle solved, written as the mode asks.
// ---------------------------------------------------------------------------------------------

/// What to do with the puzzles of one input, and how to name it.
struct Task {
    mode: Mode,
    limit: u64,
    /// Starts each message about the input: `FILE: ` when files are named.
    name: String,
    /// Starts each `--count` line: `FILE:` when several files are named.
    label: String,
}

/// Why answering an input stopped early.
enum Stop {
    Read(ReadError),
    Write(io::Error),
}

impl From<io::Error> for Stop {
    fn from(e: io::Error) -> Stop {
        Stop::Write(e)
    }
}

/// The output, and a line break owed to it: `--all` ends a solution written mid-line with one,
/// once more follows.
struct Writer<'a> {
    out: &'a mut dyn Write,
    owed: &'static [u8],
}

impl Writer<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.out.write_all(take(&mut self.owed))?;
        self.out.write_all(bytes)
    }
}

/// `--all` writes each solution as the puzzle's whole block: its text with the layout-only
/// lines right before and after it (a drawn grid's borders), so a puzzle waits for the lines
/// after it.
#[derive(Default)]
struct Block {
    /// Layout-only lines since the last other piece.
    lines: Vec<u8>,
    /// The puzzle waiting for the lines after it, and the lines before it.
    waiting: Option<(Box<Puzzle>, Vec<u8>)>,
}

/// Reads one input and writes it back answered; Ok(false) when some puzzle has no solution.
fn answer(
    task: &Task,
    input: &mut dyn Read,
    out: &mut dyn Write,
    err: &mut dyn Write,
    search: &mut Search,
) -> Result<bool, Stop> {
    let mut reader = Reader::new(input);
    let mut writer = Writer { out, owed: b"" };
    let (mut block, mut solved, mut pieces) = (Block::default(), true, Vec::new());
    let read = loop {
        if reader.waiting() {
            writer.out.flush()?; // answers found go out before a read that may wait
        }
        match reader.next(&mut pieces) {
            Ok(true) => {}
            Ok(false) => break Ok(()),
            Err(e) => break Err(e),
        }
        for piece in pieces.drain(..) {
            let puzzle = match (task.mode, piece) {
                (Mode::All, Piece::Text(text, true)) if block.lines.len() < LONGEST => {
                    block.lines.extend_from_slice(&text);
                    continue;
                }
                (Mode::All, Piece::Text(text, _)) => {
                    solved &= close(task, &mut block, false, &mut writer, err, search)?;
                    writer.write(&text)?;
                    continue;
                }
                (Mode::All, Piece::Puzzle(puzzle)) => {
                    // The lines between two puzzles are right after one and right before the other.
                    solved &= close(task, &mut block, true, &mut writer, err, search)?;
                    block.waiting = Some((puzzle, take(&mut block.lines)));
                    continue;
                }
                (Mode::Count, Piece::Text(..)) => continue,
                (Mode::Solve, Piece::Text(text, _)) => {
                    writer.write(&text)?;
                    continue;
                }
                (_, Piece::Puzzle(puzzle)) => puzzle,
            };
            let (mut solutions, givens, mut puzzle) = (0, puzzle.givens, puzzle);
            search.solve(&givens, &mut |grid| {
                solutions += 1;
                if task.mode == Mode::Solve {
                    fill_in(&mut puzzle, &givens, grid);
                }
                task.mode == Mode::Count && solutions < task.limit
            });
            if task.mode == Mode::Count {
                writer.write(format!("{}{}\n", task.label, solutions).as_bytes())?;
            } else {
                writer.write(&puzzle.label)?;
                writer.write(&puzzle.text)?;
            }
            solved &= unsolved(task, err, &puzzle, solutions);
        }
    };
    solved &= close(task, &mut block, false, &mut writer, err, search)?;
    read.map_err(Stop::Read)?;
    Ok(solved)
}

/// `--all`: writes every solution of the waiting puzzle, each as its whole block; the lines
/// after it stay as the lines before the next puzzle when `shared`, else they are done with
/// (written as they are if no puzzle was waiting). False if the puzzle had no solution.
fn close(
    task: &Task,
    block: &mut Block,
    shared: bool,
    writer: &mut Writer,
    err: &mut dyn Write,
    search: &mut Search,
) -> io::Result<bool> {
    let after = if shared {
        block.lines.clone()
    } else {
        take(&mut block.lines)
    };
    let (puzzle, before) = match block.waiting.take() {
        Some(waiting) => waiting,
        None if shared => return Ok(true),
        None => return writer.write(&after).map(|()| true),
    };
    let (givens, mut puzzle) = (puzzle.givens, puzzle);
    let whole = [&before[..], &puzzle.text, &after].concat();
    let crlf = whole.windows(2).any(|w| w == b"\r\n");
    let eol: &'static [u8] = if crlf { b"\r\n" } else { b"\n" };
    let ends = whole.ends_with(b"\n");
    let breaks = whole.iter().filter(|&&b| b == b'\n').count();
    // Between two solutions: the line break a block ending mid-line lacks, and an empty line
    // where the block spans several lines.
    let between = [
        if ends { &b""[..] } else { eol },
        if breaks > ends as usize { eol } else { b"" },
    ]
    .concat();
    let (mut solutions, mut failed) = (0, Ok(()));
    search.solve(&givens, &mut |grid| {
        solutions += 1;
        fill_in(&mut puzzle, &givens, grid);
        let first = if solutions == 1 {
            &puzzle.label[..]
        } else {
            &between[..]
        };
        failed = [first, &before, &puzzle.text, &after]
            .iter()
            .try_for_each(|part| writer.write(part));
        failed.is_ok() && solutions < task.limit
    });
    failed?;
    if solutions > 0 && !ends {
        writer.owed = eol;
    }
    Ok(unsolved(task, err, &puzzle, solutions))
}

/// Writes the digits of `grid` into the blanks of the puzzle's text.
fn fill_in(puzzle: &mut Puzzle, givens: &[u8; 81], grid: &[u8; 81]) {
    for p in (0..81).filter(|&p| givens[p] == 0) {
        puzzle.text[puzzle.at[p] as usize] = b'0' + grid[p];
    }
}

/// Says so when the puzzle had no solution; false then.
fn unsolved(task: &Task, err: &mut dyn Write, puzzle: &Puzzle, solutions: u64) -> bool {
    if solutions == 0 {
        let line = format!(
            "{}puzzle {} (line {}): no solution\n",
            task.name, puzzle.number, puzzle.line
        );
        say(err, line);
    }
    solutions > 0
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
