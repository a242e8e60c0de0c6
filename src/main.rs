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

// ---- The command line: what to do with which inputs, and the exit status. -------------------

/// What to write for each puzzle: its smallest solution, its count, or every solution.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Solve,
    Count,
    All,
}

/// The command line, read: a text to show (usage, version), or the work to do.
enum Command<'a> {
    Show(String),
    Work(Options<'a>),
}

struct Options<'a> {
    mode: Mode,
    limit: u64,
    generate: Option<(u64, Option<u64>)>,
    files: Vec<&'a OsString>,
}

/// Reads the command line; Err says why it is not a valid one.
fn parse<'a>(args: &'a [OsString]) -> Result<Command<'a>, String> {
    let (mut limit, mut generate, mut seed, mut files) = (None, None, None, Vec::new());
    let (mut count, mut all, mut options_end) = (false, false, false);
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let text = arg.to_string_lossy();
        if options_end || !text.starts_with('-') || text == "-" {
            files.push(arg);
            continue;
        }
        let mut number = |name: &str| match args.next().map(|v| v.to_string_lossy()) {
            Some(v) => v
                .parse()
                .map_err(|_| format!("{} takes a whole number, not '{}'", name, v)),
            None => Err(format!("{} takes a whole number", name)),
        };
        match &*text {
            "-h" | "--help" => return Ok(Command::Show(USAGE.into())),
            "-V" | "--version" => return Ok(Command::Show(format!("sudoku {}\n", VERSION))),
            "--" => options_end = true,
            "--limit" => limit = Some(number("--limit")?),
            "--generate" => generate = Some(number("--generate")?),
            "--seed" => seed = Some(number("--seed")?),
            "--count" => count = true,
            "--all" => all = true,
            _ => return Err(format!("unknown option '{}'", text)),
        }
    }
    let mode = match (count, all) {
        (true, _) => Mode::Count,
        (_, true) => Mode::All,
        _ => Mode::Solve,
    };
    let (solving, dashes) = (!count && !all, files.iter().filter(|f| **f == "-").count());
    let rules = [
        (count && all, "--count and --all do not go together"),
        (limit == Some(0), "--limit takes a whole number from 1 up"),
        (
            limit.is_some() && solving,
            "--limit goes with --count or --all",
        ),
        (
            seed.is_some() && generate.is_none(),
            "--seed goes with --generate",
        ),
        (
            generate.is_some() && !(solving && files.is_empty()),
            "--generate takes no other option but --seed, and no file",
        ),
        (dashes > 1, "- is named twice: standard input is read once"),
    ];
    match rules.iter().find(|rule| rule.0) {
        Some((_, why)) => Err(why.to_string()),
        None => Ok(Command::Work(Options {
            mode,
            limit: limit.unwrap_or(u64::MAX),
            generate: generate.map(|n| (n, seed)),
            files,
        })),
    }
}

/// Runs the program on `args` (without its name); returns the exit status.
pub(crate) fn run(
    args: &[OsString],
    stdin: &mut dyn Read,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let options = match parse(args) {
        Ok(Command::Work(options)) => options,
        Ok(Command::Show(text)) => return finish(out, err, text.as_bytes(), 0),
        Err(why) => {
            say(err, format!("sudoku: {}\n{}", why, USAGE));
            return 2;
        }
    };
    if let Some((wanted, seed)) = options.generate {
        return match generate(wanted, seed.unwrap_or_else(clock_seed), out) {
            Ok(()) => finish(out, err, b"", 0),
            Err(e) => output_failed(err, e, 0),
        };
    }
    let (mut status, dash) = (0, OsString::from("-"));
    let mut writer = Writer { out, owed: b"" };
    let named = !options.files.is_empty();
    let files = if named { options.files } else { vec![&dash] };
    let several = files.len() > 1;
    for file in files {
        let shown = match file.to_str() {
            Some("-") => "(standard input)".into(), // as grep names it
            _ => file.to_string_lossy(),
        };
        // Messages name the file when files are named; --count lines when there are several.
        let prefix = |on: bool, end: &str| {
            if on {
                format!("{}{}", shown, end)
            } else {
                String::new()
            }
        };
        let task = Task {
            mode: options.mode,
            limit: options.limit,
            name: prefix(named, ": "),
            tag: prefix(several, ":"),
        };
        let answered = match open_input(file, stdin) {
            Ok(mut input) => answer(&task, &mut *input, &mut writer, err),
            Err(why) => Err(Stop::Unopened(why)),
        };
        status = match answered {
            Ok(true) => status,
            Ok(false) => status.max(1),
            Err(Stop::Unopened(why)) => say(err, format!("sudoku: {}: {}\n", shown, why)),
            Err(Stop::Read(e)) => say(err, format!("{}{}\n", task.name, e)),
            Err(Stop::Write(e)) => return output_failed(err, e, status),
        };
    }
    finish(writer.out, err, b"", status)
}

/// Writes `last` and flushes the output; `status`, or 2 if that fails.
fn finish(out: &mut dyn Write, err: &mut dyn Write, last: &[u8], status: i32) -> i32 {
    match out.write_all(last).and_then(|_| out.flush()) {
        Ok(()) => status,
        Err(e) => output_failed(err, e, status),
    }
}

/// Says `message` in one write (lines of parallel runs do not mix); 2, the status it gives.
fn say(err: &mut dyn Write, message: String) -> i32 {
    let _ = err.write_all(message.as_bytes());
    2
}

/// A reader of the output that went away (`| head`) is normal; any other failure is said.
fn output_failed(err: &mut dyn Write, e: io::Error, status: i32) -> i32 {
    match e.kind() {
        io::ErrorKind::BrokenPipe => status,
        _ => say(
            err,
            format!("sudoku: cannot write the output: {}\n", describe(&e)),
        ),
    }
}

/// An error as the usual tools word it: "No such file or directory", not "... (os error 2)".
fn describe(e: &io::Error) -> String {
    let text = e.to_string();
    text.split(" (os error ")
        .next()
        .unwrap_or_default()
        .to_string()
}

/// Opens FILE (`-`: standard input), refusing a directory and the output's file (`F >> F`).
fn open_input<'a>(file: &OsString, stdin: &'a mut dyn Read) -> Result<Box<dyn Read + 'a>, String> {
    let (input, meta): (Box<dyn Read + 'a>, _) = if file == "-" {
        (Box::new(stdin), std::fs::metadata("/dev/fd/0"))
    } else {
        let f = File::open(file).map_err(|e| describe(&e))?;
        let meta = f.metadata();
        (Box::new(f), meta)
    };
    match (meta, std::fs::metadata("/dev/fd/1")) {
        (Ok(m), _) if m.is_dir() => Err("Is a directory".into()),
        (Ok(m), Ok(o)) if same_file(&m, &o) => Err("input file is output file".into()),
        _ => Ok(input),
    }
}

/// Both are the same regular file (on Unix; elsewhere the check passes).
#[cfg(unix)]
fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.is_file() && (a.dev(), a.ino()) == (b.dev(), b.ino())
}

#[cfg(not(unix))]
fn same_file(_: &std::fs::Metadata, _: &std::fs::Metadata) -> bool {
    false
}

// ---- Reading: a line at a time, whole pieces out, so that no broken line is ever written. ----

/// Longer lines (line break left out) are refused, and puzzles twice as long: memory stays bounded.
const LONGEST: usize = 1 << 20;

/// What the reader hands on: a line without squares (true: layout only), or a puzzle.
enum Piece {
    Text(Vec<u8>, bool),
    Puzzle(Box<Puzzle>),
}

/// A puzzle: its givens, where its `n` squares read stand in its text, its label (`board =`).
struct Puzzle {
    number: usize,
    line: usize,
    givens: [u8; 81],
    at: [u32; 81],
    n: usize,
    label: Vec<u8>,
    text: Vec<u8>,
}

impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&named(self.number, self.line, self.n))
    }
}

/// How messages name a puzzle: its number, its first line, how many of its squares were read.
fn named(number: usize, line: usize, n: usize) -> String {
    format!(
        "puzzle {} (line {}) with {} of its 81 squares",
        number, line, n
    )
}

/// What each byte is: a square's given (0 for a blank), or one of these kinds.
const CLASS: [u8; 256] = classes();
const LAYOUT: u8 = 10;
const HASH: u8 = 11;
const LETTER: u8 = 12;
/// U+2500 to U+257F: E2 94|95 80..BF.
const BOX_DRAWING: u8 = 13;
const OTHER: u8 = 14;

const fn classes() -> [u8; 256] {
    let (mut table, mut c) = ([0; 256], 0);
    while c < 256 {
        table[c] = match c as u8 {
            given @ b'0'..=b'9' => given - b'0',
            b'.' | b'?' | b'_' | b'*' => 0,
            b' ' | b'\t' | b'\r' | b'\n' | b'|' | b'+' | b'-' | b'=' | b',' | b';' | b'['
            | b']' | b'{' | b'}' | b'"' | b'\'' => LAYOUT,
            b'#' => HASH,
            b'A'..=b'Z' | b'a'..=b'z' => LETTER,
            0xE2 => BOX_DRAWING,
            _ => OTHER,
        };
        c += 1;
    }
    table
}

struct Reader<'a> {
    input: BufReader<&'a mut dyn Read>,
    text: Vec<u8>,
    line: usize,
    current: Option<Box<Puzzle>>,
    puzzles: usize,
    /// A line with more than white space was read: no count line after it.
    begun: bool,
    /// The column where the input ended, on the last line, once it has.
    over: Option<usize>,
}

impl<'a> Reader<'a> {
    fn new(input: &'a mut dyn Read) -> Reader<'a> {
        let input = BufReader::with_capacity(1 << 16, input);
        Reader {
            input,
            text: Vec::new(),
            line: 0,
            current: None,
            puzzles: 0,
            begun: false,
            over: None,
        }
    }

    /// Nothing read waits: the next line may wait for the input.
    fn waiting(&self) -> bool {
        self.input.buffer().is_empty()
    }

    /// Puts the next line's pieces in `pieces`; false at the end of the input or the `end` line.
    fn next(&mut self, pieces: &mut Vec<Piece>) -> Result<bool, String> {
        pieces.clear();
        if let Some(column) = self.over {
            return self.end(column);
        }
        let newline = self.read_line()?;
        if self.line == 1 && self.text.starts_with(b"\xEF\xBB\xBF") {
            self.text.drain(..3); // a byte-order mark
        }
        if !newline {
            self.over = Some(self.text.len() + 1);
            if self.text.is_empty() {
                return self.next(pieces);
            }
        }
        let text = take(&mut self.text);
        let body = text.len() - newline as usize;
        let words = trim(&text[..body]);
        let (mut label, mut start) = (Vec::new(), 0);
        if self.current.is_none() && !words.is_empty() {
            let count = words.len() <= 8 && words.iter().all(u8::is_ascii_digit);
            if !replace(&mut self.begun, true) && count {
                return Ok(true); // the count of test cases some judges send first
            }
            if words.eq_ignore_ascii_case(b"end") {
                return self.end(1);
            }
            if words[0].is_ascii_alphabetic() {
                // A label, up to its last `=`: what follows is read.
                let equals = text[..body].iter().rposition(|&c| c == b'=');
                start = equals.map_or(body, |at| at + 1);
                label = text[..start].to_vec();
            }
        }
        let squares = self.squares(&text, body, start, label, pieces)?;
        if let (Some(column), Some(_)) = (self.over, &self.current) {
            return self.end(column); // the input ends inside a puzzle: nothing of the line goes
        }
        if squares == 0 && self.current.is_none() {
            // Layout only: no label, no comment, not empty.
            let layout = start == 0 && !text.contains(&b'#') && !trim(&text).is_empty();
            pieces.push(Piece::Text(text, layout));
        } else {
            self.text = text; // its room, for the next line
        }
        Ok(true)
    }

    /// Reads the squares of `text[start..body]`, `label` going to the first puzzle it begins.
    fn squares(
        &mut self,
        text: &[u8],
        body: usize,
        start: usize,
        mut label: Vec<u8>,
        pieces: &mut Vec<Piece>,
    ) -> Result<usize, String> {
        let mut current = self.current.take();
        // Where the text not handed on yet starts, and the first puzzle the line gives squares.
        let mut rest = start;
        let first = match &current {
            Some(puzzle) => (puzzle.number, puzzle.line, puzzle.n),
            None => (self.puzzles + 1, self.line, 0),
        };
        let (bytes, mut squares, mut at) = (&text[..body], 0, start);
        while at < bytes.len() {
            let c = bytes[at];
            match CLASS[c as usize] {
                given @ 0..=9 => {
                    squares += 1;
                    let puzzle: &mut Puzzle = match &mut current {
                        Some(puzzle) => puzzle,
                        None => {
                            self.puzzles += 1;
                            current.insert(Box::new(Puzzle {
                                number: self.puzzles,
                                line: self.line,
                                givens: [0; 81],
                                at: [0; 81],
                                n: 0,
                                label: take(&mut label),
                                text: Vec::new(),
                            }))
                        }
                    };
                    // This square and those right after it, while the puzzle takes them.
                    let mut given = given;
                    loop {
                        puzzle.givens[puzzle.n] = given;
                        puzzle.at[puzzle.n] = (puzzle.text.len() + at - rest) as u32;
                        puzzle.n += 1;
                        match bytes.get(at + 1).map(|&c| CLASS[c as usize]) {
                            Some(next @ 0..=9) if puzzle.n < 81 => {
                                (given, at, squares) = (next, at + 1, squares + 1)
                            }
                            _ => break,
                        }
                    }
                    if puzzle.n == 81 {
                        // The rest of the line is trailing text, unless a square follows.
                        let square = text.get(at + 1).map_or(false, |&c| CLASS[c as usize] <= 9);
                        let end = if square { at + 1 } else { text.len() };
                        puzzle.text.extend_from_slice(&text[rest..end]);
                        if puzzle.text.len() > 2 * LONGEST {
                            return Err(self.too_long(puzzle, body + 1));
                        }
                        rest = end;
                        pieces.extend(current.take().map(Piece::Puzzle));
                        if !square {
                            break;
                        }
                    }
                }
                LAYOUT => {}
                HASH => break, // a comment, to the end of the line
                BOX_DRAWING if matches!(bytes[at + 1..], [0x94 | 0x95, 0x80..=0xBF, ..]) => {
                    at += 2;
                }
                _ => return Err(self.unexpected(c, at, &current)),
            }
            at += 1;
        }
        if squares % 9 != 0 {
            let (number, line, had) = first;
            let s = if squares == 1 { "" } else { "s" };
            let whose = named(number, line, (had + squares).min(81));
            let what = format!(
                "{} square{} on this line, not whole rows of 9, for {}",
                squares, s, whose
            );
            return Err(self.error(body + 1, &what));
        }
        if let Some(puzzle) = &mut current {
            puzzle.text.extend_from_slice(&text[rest..]);
            if puzzle.text.len() > 2 * LONGEST {
                return Err(self.too_long(puzzle, body + 1));
            }
        }
        self.current = current;
        Ok(squares)
    }

    /// The puzzle's lines together are longer than two of the longest lines.
    #[cold]
    fn too_long(&self, puzzle: &Puzzle, column: usize) -> String {
        self.error(column, &format!("{} is longer than 2 MiB", puzzle))
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

    fn read_line(&mut self) -> Result<bool, String> {
        let (text, most) = (&mut self.text, LONGEST as u64 + 2);
        text.clear();
        self.line += 1;
        if let Err(e) = (&mut self.input).take(most).read_until(b'\n', text) {
            let column = text.len() + 1;
            return Err(self.error(column, &format!("cannot read: {}", describe(&e))));
        }
        let newline = text.last() == Some(&b'\n');
        if text.len() > LONGEST + newline as usize {
            return Err(self.error(LONGEST + 1, "longer than 1 MiB"));
        }
        Ok(newline)
    }

    /// The input ends at `column` of the line: no puzzle may be open, and one must have been read.
    fn end(&self, column: usize) -> Result<bool, String> {
        match &self.current {
            Some(puzzle) => Err(self.error(column, &format!("the input ends inside {}", puzzle))),
            None if self.puzzles == 0 => Err(self.error(column, "no puzzle in the input")),
            None => Ok(false),
        }
    }

    /// A reading error, where it was found (line and column from 1, columns in bytes).
    fn error(&self, column: usize, what: &str) -> String {
        format!("line {}, column {}: {}", self.line, column, what)
    }
}

fn trim(bytes: &[u8]) -> &[u8] {
    let white = |c: &&u8| b" \t\r\n".contains(c);
    let from = bytes.iter().take_while(white).count();
    let to = bytes.len() - bytes[from..].iter().rev().take_while(white).count();
    &bytes[from..to]
}

// ---- The search: the classic's arrays and dfs(x, y), and a board that fills forced squares. ---

/// The classic's state (`grid`: digits 1 to 9, 0 while empty), and the board beside it.
pub(crate) struct Search {
    row: [[bool; 9]; 9],
    col: [[bool; 9]; 9],
    cell: [[[bool; 9]; 3]; 3],
    grid: [u8; 81],
    board: Board,
    trail: [u8; 81],
    placed: usize,
    /// Calls of dfs, squares probed and digits sifted.
    steps: u64,
    /// Probing costs one when both digits live, a dead end earns two (so puzzles with many
    /// solutions, where probes prove nothing, stop paying for it).
    credit: u32,
}

/// The steps a square may cost before it sifts each digit it tries.
const BUDGET: u64 = 2000;

impl Search {
    fn new() -> Search {
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
            placed: 0,
            steps: 0,
            credit: 1,
        }
    }

    /// Calls `found` with each solution of `givens`, smallest first, while it says go on;
    /// returns the steps taken.
    pub(crate) fn solve(givens: &[u8; 81], found: &mut dyn FnMut(&[u8; 81]) -> bool) -> u64 {
        let mut search = Search::new();
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
            match search.next_square() {
                Some((x, y)) => search.dfs(x, y, found),
                None => found(&search.grid),
            };
        }
        search.steps
    }

    /// Tries each digit allowed at (x, y) in turn, as the classic does; false once told to stop.
    fn dfs(&mut self, x: usize, y: usize, found: &mut dyn FnMut(&[u8; 81]) -> bool) -> bool {
        self.steps += 1;
        let (p, saved, mark, start) = (9 * x + y, self.board, self.placed, self.steps);
        for d in 0..9 {
            if !self.free(x, y, d) || !saved.allows(p, d) {
                continue;
            }
            // A dead end far below (under empty top rows) can cost reading order millions of
            // steps: past its budget, the square sifts what each digit leads to.
            let careful = self.steps - start > BUDGET;
            self.place(x, y, d);
            self.board.assign(p, d);
            let go_on = if self.place_forced()
                && (!careful || self.board.survives_sifting(&mut self.steps))
            {
                match self.next_square() {
                    Some((x, y)) => self.dfs(x, y, found),
                    None => found(&self.grid),
                }
            } else {
                self.credit = (self.credit + 2).min(30);
                true
            };
            while self.placed > mark {
                self.remove();
            }
            self.board = saved;
            if !go_on {
                return false;
            }
        }
        true
    }

    /// The classic's test: no digit d yet in the row, column or box of (x, y).
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
        if !self.board.settle() || !self.board.probe(&mut self.steps, &mut self.credit) {
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
                    if !self.free(p / 9, p % 9, d) {
                        return false;
                    }
                    self.place(p / 9, p % 9, d);
                }
            }
        }
        true
    }

    fn next_square(&self) -> Option<(usize, usize)> {
        let b = self.board.empty.iter().position(|&e| e != 0)?;
        let p = 27 * b + self.board.empty[b].trailing_zeros() as usize;
        Some((p / 9, p % 9))
    }
}

/// Bit `i` of `open[d][b]`: that square can take digit d (a filled one keeps its own); `seen`:
/// `open` as `update` last saw it.
#[derive(Clone, Copy)]
struct Board {
    open: [[u32; 3]; 9],
    seen: [[u32; 3]; 9],
    empty: [u32; 3],
}

const BAND: u32 = 0o777_777_777;

impl Board {
    /// Runs `update` and naked singles until neither finds more; false at a dead end.
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

    /// Tries both digits of the last square with two (where dfs comes last) on copies, and
    /// keeps what either keeps; on to the squares before it, up to three that live both ways.
    fn probe(&mut self, steps: &mut u64, credit: &mut u32) -> bool {
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
                *credit = (*credit + 2).min(30);
            }
            match lives {
                (false, false) => return false,
                (true, false) => *self = first,
                (false, true) => *self = second,
                (true, true) => {
                    if self.keep_any(&[first, second]) && !self.settle() {
                        return false;
                    }
                    live += 1;
                    if live == 3 || *credit == 0 {
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

    /// Keeps what one of `copies` keeps; true if that took anything away.
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

    /// Tries every digit of every empty square on a copy, keeping what the live copies keep.
    fn survives_sifting(mut self, steps: &mut u64) -> bool {
        for p in 0..81 {
            if self.empty[p / 27] & 1 << (p % 27) == 0 {
                continue;
            }
            let mut copies = Vec::new();
            for d in (0..9).filter(|&d| self.allows(p, d)) {
                *steps += 1;
                let mut copy = self;
                copy.assign(p, d);
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

    /// Works the bands with news through `update_band` until none has; false at a dead end.
    // The news of a round as a mask built without a branch per band (those mispredict).
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

    /// What band b says of digit d: triads that cannot be matched go (locked candidates), a box
    /// with one column left claims it from the other bands, a column with none is a dead end,
    /// and a row with one square left is filled (hidden singles).
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
        let others = OTHER_BANDS[((open | open >> 9 | open >> 18) & 0o777) as usize];
        for band in &mut self.open[d] {
            *band &= others; // band b's own squares are put back just below
        }
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
        let column = !(0o001_001_001 << (i % 9));
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
pub(crate) const BOXES_OF_ROW: [u32; 512] = boxes_of_rows();
/// For a set of triads, the squares of those that a matching of rows and boxes uses.
const MATCHED: [u32; 512] = matched_triads();
/// For a band's columns, what the other bands keep: a box's only column is not theirs.
const OTHER_BANDS: [u32; 512] = other_bands();
/// For square i, its band less i's row and box, i kept.
pub(crate) const BAND_PEERS_OUT: [u32; 27] = band_peers_out();
const SINGLE: [u32; 512] = singles();

const fn singles() -> [u32; 512] {
    let (mut table, mut row) = ([0; 512], 1u32);
    while row < 512 {
        if row & (row - 1) == 0 {
            table[row as usize] = row;
        }
        row += 1;
    }
    table
}

const fn boxes_of_rows() -> [u32; 512] {
    let (mut table, mut row) = ([0; 512], 0);
    while row < 512 {
        table[row] = (row & 0o7 != 0) as u32
            | ((row & 0o70 != 0) as u32) << 1
            | ((row & 0o700 != 0) as u32) << 2;
        row += 1;
    }
    table
}

const fn matched_triads() -> [u32; 512] {
    let (mut table, mut triads) = ([0; 512], 0);
    while triads < 512 {
        // Rows 0, 1 and 2 of the band take the digit in boxes k0, k1 and 3 - k0 - k1.
        let mut k = 0;
        while k < 9 {
            let (k0, k1) = (k / 3, k % 3);
            let chosen = 1 << k0 | 1 << (3 + k1) | 1 << (9 - k0 - k1);
            if k0 != k1 && triads & chosen == chosen {
                table[triads] |=
                    0o7 << (3 * k0) | 0o7 << (9 + 3 * k1) | 0o7 << (27 - 3 * k0 - 3 * k1);
            }
            k += 1;
        }
        triads += 1;
    }
    table
}

const fn other_bands() -> [u32; 512] {
    let (mut table, mut columns) = ([0; 512], 0u32);
    while columns < 512 {
        let (mut keep, mut k) = (BAND, 0);
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
    let (mut table, mut i) = ([0; 27], 0);
    while i < 27 {
        let (row, in_box) = (0o777 << (9 * (i / 9)), 0o007_007_007 << (3 * (i % 9 / 3)));
        table[i] = BAND & !row & !in_box | 1 << i;
        i += 1;
    }
    table
}

// ---- Answering: each piece written, each puzzle solved as the mode asks. ---------------------

/// An input's work; `name` starts its messages (`FILE: `), `tag` its count lines (`FILE:`).
struct Task {
    mode: Mode,
    limit: u64,
    name: String,
    tag: String,
}

enum Stop {
    Unopened(String),
    Read(String),
    Write(io::Error),
}

impl From<io::Error> for Stop {
    fn from(e: io::Error) -> Stop {
        Stop::Write(e)
    }
}

/// The output, and a line break owed once more follows a block that ended mid-line.
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

/// `--all` writes each solution as its puzzle's block: the layout-only lines right around it
/// (a drawn grid's borders), so a puzzle waits, with the lines before it, for those after it.
#[derive(Default)]
struct Block {
    lines: Vec<u8>,
    puzzle: Option<(Box<Puzzle>, Vec<u8>)>,
}

/// Writes one input back answered; Ok(false) when some puzzle has no solution.
fn answer(
    task: &Task,
    input: &mut dyn Read,
    writer: &mut Writer,
    err: &mut dyn Write,
) -> Result<bool, Stop> {
    let mut reader = Reader::new(input);
    let (mut block, mut solved, mut pieces) = (Block::default(), true, Vec::new());
    let all = task.mode == Mode::All;
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
            match piece {
                Piece::Text(text, true) if all && block.lines.len() < LONGEST => {
                    block.lines.extend_from_slice(&text)
                }
                Piece::Text(text, _) => {
                    solved &= close(task, &mut block, false, writer, err)?;
                    if task.mode != Mode::Count {
                        writer.write(&text)?;
                    }
                }
                Piece::Puzzle(puzzle) if all => {
                    // Lines between two puzzles belong to both blocks.
                    solved &= close(task, &mut block, true, writer, err)?;
                    block.puzzle = Some((puzzle, take(&mut block.lines)));
                }
                Piece::Puzzle(puzzle) => solved &= respond(task, puzzle, &[], &[], writer, err)?,
            }
        }
    };
    solved &= close(task, &mut block, false, writer, err)?;
    read.map_err(Stop::Read)?;
    Ok(solved)
}

/// `--all`: answers the waiting puzzle; its lines after stay on for the next if `shared`.
fn close(
    task: &Task,
    block: &mut Block,
    shared: bool,
    writer: &mut Writer,
    err: &mut dyn Write,
) -> io::Result<bool> {
    let after = if shared {
        block.lines.clone()
    } else {
        take(&mut block.lines)
    };
    match block.puzzle.take() {
        Some((puzzle, before)) => respond(task, puzzle, &before, &after, writer, err),
        None if shared => Ok(true),
        None => writer.write(&after).map(|()| true),
    }
}

/// Solves a puzzle and writes what the mode asks; false if it has no solution.
fn respond(
    task: &Task,
    mut puzzle: Box<Puzzle>,
    before: &[u8],
    after: &[u8],
    writer: &mut Writer,
    err: &mut dyn Write,
) -> io::Result<bool> {
    let (between, owed) = match task.mode {
        Mode::All => separators(&[before, &puzzle.text, after].concat()),
        _ => (Vec::new(), &b""[..]),
    };
    let (givens, mut solutions, mut failed) = (puzzle.givens, 0, Ok(()));
    Search::solve(&givens, &mut |grid| {
        solutions += 1;
        if task.mode == Mode::Count {
            return solutions < task.limit;
        }
        fill_in(&mut puzzle, &givens, grid);
        if task.mode == Mode::Solve {
            return false;
        }
        let first = if solutions == 1 {
            &puzzle.label[..]
        } else {
            &between
        };
        failed = [first, before, &puzzle.text, after]
            .iter()
            .try_for_each(|part| writer.write(part));
        failed.is_ok() && solutions < task.limit
    });
    failed?;
    match task.mode {
        Mode::Count => writer.write(format!("{}{}\n", task.tag, solutions).as_bytes())?,
        Mode::Solve => writer
            .write(&puzzle.label)
            .and_then(|()| writer.write(&puzzle.text))?,
        Mode::All if solutions > 0 => writer.owed = owed,
        Mode::All => {}
    }
    if solutions == 0 {
        let (name, number, line) = (&task.name, puzzle.number, puzzle.line);
        say(
            err,
            format!("{}puzzle {} (line {}): no solution\n", name, number, line),
        );
    }
    Ok(solutions > 0)
}

/// Writes the digits of `grid` into the blanks of the puzzle's text.
fn fill_in(puzzle: &mut Puzzle, givens: &[u8; 81], grid: &[u8; 81]) {
    for p in (0..81).filter(|&p| givens[p] == 0) {
        puzzle.text[puzzle.at[p] as usize] = b'0' + grid[p];
    }
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

// ---- Generating: random solved grids, givens taken away while one solution stays. -----------

/// splitmix64: the same numbers on every platform.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

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

/// Writes `wanted` proper, minimal puzzles, all different, one line each.
fn generate(wanted: u64, seed: u64, out: &mut dyn Write) -> io::Result<()> {
    let mut random = Random(seed);
    let (mut made, mut text) = (std::collections::HashSet::new(), [b'\n'; 82]);
    while (made.len() as u64) < wanted {
        let puzzle = minimal_puzzle(&mut random);
        if made.insert(puzzle) {
            for (c, &given) in text.iter_mut().zip(&puzzle) {
                *c = if given == 0 { b'.' } else { b'0' + given };
            }
            out.write_all(&text)?;
        }
    }
    Ok(())
}

/// Shuffled diagonal boxes completed, then givens taken away while one solution stays.
fn minimal_puzzle(random: &mut Random) -> [u8; 81] {
    let mut grid = [0; 81];
    for k in 0..3 {
        let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        random.shuffle(&mut digits);
        for (j, &digit) in digits.iter().enumerate() {
            grid[9 * (3 * k + j / 3) + 3 * k + j % 3] = digit;
        }
    }
    Search::solve(&grid.clone(), &mut |solved| {
        grid = *solved;
        false
    });
    let mut order: Vec<usize> = (0..81).collect();
    random.shuffle(&mut order);
    for p in order {
        let given = replace(&mut grid[p], 0);
        let mut solutions = 0;
        Search::solve(&grid, &mut |_| {
            solutions += 1;
            solutions < 2
        });
        if solutions > 1 {
            grid[p] = given;
        }
    }
    grid
}
