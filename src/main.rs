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
//! - probe: both digits of a square with two left tried on copies of the board, keeping what
//!   that proves (a digit that dead-ends is out).
//!
//! Input: puzzles of 81 squares in reading order, each line giving a puzzle whole rows, from
//! standard input or the files named: `1`-`9` are givens, `.` `0` `?` `_` `*` blanks; spaces,
//! `|+-=,;[]{}"'` and box-drawing characters are layout, `#` starts a comment, the rest of a line
//! after a puzzle's 81st square is trailing text, a line starting with a letter is a label up to
//! its last `=`, a line `end` ends the input, and a first line holding a lone number (a test
//! count) is skipped.
//! Output: the input again with every blank filled in (`--count`, `--all`, `--generate`: see
//! `USAGE`). Exit status: 0 every puzzle solved, 1 some puzzle has no solution, 2 bad input or
//! usage, or a failure to read or write.

use std::ffi::OsString;
use std::fmt;
use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
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
            solve_input(task, stdin, out, err)
        } else {
            match File::open(file) {
                Ok(mut f) => match streams::not_the_output(&f, output) {
                    Ok(()) => solve_input(task, &mut f, out, err),
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
// Reading: bytes in, whole pieces out (text to pass on, or a puzzle with its text), so that
// nothing of a broken puzzle or line is ever written.
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
    /// A letter after a puzzle's first square and before its last.
    Letter(u8, Opened),
    /// A line gave the puzzle this many squares, not whole rows.
    Rows(usize, Opened),
    EndsInside(Opened),
    TooLong,
    NoPuzzle,
}

/// Which puzzle was being read: its number, the line it starts on, the squares it has.
struct Opened(usize, usize, usize);

impl fmt::Display for Opened {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let Opened(number, line, squares) = *self;
        write!(
            f,
            "puzzle {} (line {}) with {} of its 81 squares",
            number, line, squares
        )
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "line {}, column {}: ", self.line, self.column)?;
        match self.problem {
            Problem::Read(ref e) => write!(f, "cannot read: {}", streams::describe(e)),
            Problem::Unexpected(b) if b.is_ascii_graphic() => {
                write!(f, "unexpected character '{}'", b as char)
            }
            Problem::Unexpected(b) => write!(f, "unexpected byte 0x{:02X}", b),
            Problem::Letter(b, ref p) => write!(f, "letter '{}' inside {}", b as char, p),
            Problem::Rows(squares, ref p) => write!(
                f,
                "{} square{} on this line, not whole rows of 9, for {}",
                squares,
                if squares == 1 { "" } else { "s" },
                p
            ),
            Problem::EndsInside(ref p) => write!(f, "the input ends inside {}", p),
            Problem::TooLong => write!(
                f,
                "over 1 MiB of text held back, waiting for its line or puzzle to end"
            ),
            Problem::NoPuzzle => write!(f, "no puzzle in the input"),
        }
    }
}

/// Text read and not written yet. A run of one byte is kept as the byte and a count, so that a
/// line of spaces of any length takes a few bytes; other text is kept as it is.
#[derive(Clone, Default)]
struct Held {
    bytes: Vec<u8>,
    /// `(i, n)`: `bytes[i]` stands `n` more times right after itself.
    runs: Vec<(usize, u64)>,
    /// How many times the last byte stands at the end of `bytes`; `RUN` once a run, 0 after a square.
    same: usize,
}

/// The length from which a run of one byte is counted instead of kept.
const RUN: usize = 8;

/// Held text beyond this is refused: only a line of mixed layout or labels runs so long.
const HOLD_MAX: usize = 1 << 20;

impl Held {
    fn push(&mut self, b: u8) {
        if self.same > 0 && self.bytes.last() == Some(&b) {
            if self.same == RUN {
                if let Some(run) = self.runs.last_mut() {
                    run.1 += 1;
                }
                return;
            }
            self.same += 1;
            if self.same == RUN {
                let i = self.bytes.len() + 1 - RUN;
                self.bytes.truncate(i + 1);
                self.runs.push((i, RUN as u64 - 1));
                return;
            }
        } else {
            self.same = 1;
        }
        self.bytes.push(b);
    }

    /// Pushes a square, which always stands alone (the writer puts its digit there); its index.
    fn push_square(&mut self, b: u8) -> usize {
        self.same = 0;
        self.bytes.push(b);
        self.bytes.len() - 1
    }

    fn size(&self) -> usize {
        self.bytes.len() + self.runs.len() * std::mem::size_of::<(usize, u64)>()
    }

    fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    fn clear(&mut self) {
        self.bytes.clear();
        self.runs.clear();
        self.same = 0;
    }

    /// The text from `at` on; `self` keeps what stands before it.
    fn split_off(&mut self, at: usize) -> Held {
        let k = self.runs.partition_point(|run| run.0 < at);
        let runs = self.runs.split_off(k);
        self.same = 0;
        Held {
            bytes: self.bytes.split_off(at),
            runs: runs.into_iter().map(|(i, n)| (i - at, n)).collect(),
            same: 0,
        }
    }

    /// Every byte, runs spelled out.
    fn iter(&self) -> impl Iterator<Item = u8> + '_ {
        let mut runs = self.runs.iter().peekable();
        self.bytes.iter().enumerate().flat_map(move |(i, &b)| {
            let more = runs.next_if(|run| run.0 == i).map_or(0, |run| run.1);
            std::iter::repeat(b).take(1 + more as usize)
        })
    }

    /// Writes the text with `bytes` in place of its own (the same text with digits filled in).
    fn write(&self, bytes: &[u8], out: &mut dyn Write) -> io::Result<()> {
        let mut from = 0;
        for &(i, n) in &self.runs {
            out.write_all(&bytes[from..=i])?;
            let chunk = [bytes[i]; 512];
            let mut left = n;
            while left > 0 {
                let k = left.min(chunk.len() as u64) as usize;
                out.write_all(&chunk[..k])?;
                left -= k as u64;
            }
            from = i + 1;
        }
        out.write_all(&bytes[from..])
    }
}

/// A puzzle as read: its squares in reading order (0 for a blank) and where they stand in its text.
#[derive(Clone)]
struct Puzzle {
    number: usize,
    line: usize,
    givens: [u8; 81],
    at: [usize; 81],
    /// How many squares are read.
    n: usize,
}

/// What a byte is to the reader.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    /// A given digit, or 0 for a blank.
    Square(u8),
    White,
    Newline,
    Layout,
    Hash,
    Letter,
    /// The first byte of a box-drawing character, U+2500 to U+257F: E2 94|95 80..BF.
    BoxDrawing,
    Other,
}

const CLASS: [Class; 256] = classes();

const fn classes() -> [Class; 256] {
    let mut table = [Class::Other; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = match b as u8 {
            c @ b'1'..=b'9' => Class::Square(c - b'0'),
            b'.' | b'0' | b'?' | b'_' | b'*' => Class::Square(0),
            b' ' | b'\t' | b'\r' => Class::White,
            b'\n' => Class::Newline,
            b'|' | b'+' | b'-' | b'=' | b',' | b';' | b'[' | b']' | b'{' | b'}' | b'"' | b'\'' => {
                Class::Layout
            }
            b'#' => Class::Hash,
            b'A'..=b'Z' | b'a'..=b'z' => Class::Letter,
            0xE2 => Class::BoxDrawing,
            _ => Class::Other,
        };
        b += 1;
    }
    table
}

/// What the line being read has shown so far.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Line {
    /// Only white space yet: maybe empty, the `end` line or the count line.
    Blank,
    /// So many letters of `end`, then white space: maybe the `end` line.
    End(usize),
    /// So many digits, then white space if true: maybe the count line.
    Count(usize, bool),
    /// A label; once it has an `=`, where the text after the last one starts in `held` and the
    /// column of that `=`.
    Label(Option<(usize, usize)>),
    /// After `#`.
    Comment,
    /// Cells and layout.
    Squares,
    /// So many bytes of a box-drawing character.
    BoxDrawing(usize),
    /// Right after a puzzle's 81st square, where a square starts the next puzzle.
    Full,
    /// The rest of the line after a puzzle's 81st square.
    Trailing,
}

/// Reads one input and hands each piece on to the writer once it is whole: the text of a line
/// that holds no puzzle, or a puzzle with its text, up to the end of its last line.
struct Reader {
    line: usize,
    /// Bytes of the line read so far.
    column: usize,
    state: Line,
    count_allowed: bool,
    /// The open puzzle's text, then the current line's, not handed on yet.
    held: Held,
    /// A label before the text read after its `=`, when the line holds the puzzle.
    lead: Held,
    puzzle: Puzzle,
    /// The squares the current line has given the open puzzle.
    row_squares: usize,
    puzzles: usize,
}

const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

impl Reader {
    fn new() -> Reader {
        Reader {
            line: 1,
            column: 0,
            state: Line::Blank,
            count_allowed: true,
            held: Held::default(),
            lead: Held::default(),
            puzzle: Puzzle {
                number: 0,
                line: 0,
                givens: [0; 81],
                at: [0; 81],
                n: 0,
            },
            row_squares: 0,
            puzzles: 0,
        }
    }

    /// Reads the whole input, or up to its `end` line.
    fn read(mut self, input: &mut dyn Read, w: &mut Writer) -> Result<(), Stop> {
        let mut buf = vec![0u8; 1 << 16];
        let mut head = 0;
        while head < BYTE_ORDER_MARK.len() {
            match input.read(&mut buf[head..BYTE_ORDER_MARK.len()]) {
                Ok(0) => break,
                Ok(k) => head += k,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(self.broken(self.column + 1, Problem::Read(e))),
            }
        }
        let skip = if &buf[..head] == BYTE_ORDER_MARK {
            head
        } else {
            0
        };
        let mut going = self.feed(&buf[skip..head], w)?;
        while going {
            // Answers already found go out before a read that may wait (a person at a terminal).
            w.flush()?;
            let k = match input.read(&mut buf) {
                Ok(0) => return self.finish(w),
                Ok(k) => k,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(self.broken(self.column + 1, Problem::Read(e))),
            };
            going = self.feed(&buf[..k], w)?;
        }
        match self.puzzles {
            0 => Err(self.broken(1, Problem::NoPuzzle)),
            _ => Ok(()),
        }
    }

    /// Reads some bytes; Ok(false) once the `end` line is read.
    fn feed(&mut self, bytes: &[u8], w: &mut Writer) -> Result<bool, Stop> {
        for &b in bytes {
            // The squares of a puzzle go straight in: most bytes are those.
            if let (Line::Squares, Class::Square(digit)) = (self.state, CLASS[b as usize]) {
                self.column += 1;
                self.square(b, digit);
            } else if !self.byte(b, w)? {
                return Ok(false);
            }
        }
        // A comment outside a puzzle cannot go wrong: it goes on as it comes, however long.
        if self.state == Line::Comment && self.puzzle.n == 0 {
            self.hand_on_text(false, w)?;
        }
        if self.held.size() + self.lead.size() > HOLD_MAX {
            return Err(self.broken(self.column, Problem::TooLong));
        }
        Ok(true)
    }

    /// Reads a byte; Ok(false) at the end of the `end` line.
    fn byte(&mut self, b: u8, w: &mut Writer) -> Result<bool, Stop> {
        self.column += 1;
        let class = CLASS[b as usize];
        if class == Class::Newline {
            return self.line_end(true, w);
        }
        match self.state {
            Line::Squares => self.squares(b, class)?,
            Line::Blank if class == Class::White => self.held.push(b),
            Line::Blank => self.first(b, class)?,
            Line::End(k) => self.end_word(k, b, class),
            Line::Count(k, spaced) => self.count(k, spaced, b, class)?,
            Line::Label(_) => self.label(b),
            Line::Comment | Line::Trailing => self.held.push(b),
            Line::BoxDrawing(k) => self.box_drawing(k, b)?,
            Line::Full if matches!(class, Class::Square(_)) => {
                self.hand_on_puzzle(w)?;
                self.state = Line::Squares;
                self.squares(b, class)?;
            }
            Line::Full => {
                self.state = Line::Trailing;
                self.held.push(b);
            }
        }
        Ok(true)
    }

    /// The first byte of a line other than white space: what the line is.
    fn first(&mut self, b: u8, class: Class) -> Result<(), Stop> {
        let count_allowed = replace(&mut self.count_allowed, false);
        self.state = match class {
            Class::Letter if self.puzzle.n > 0 => return Err(self.letter(b)),
            Class::Letter if b == b'e' || b == b'E' => Line::End(1),
            Class::Letter => Line::Label(None),
            _ if count_allowed && b.is_ascii_digit() => Line::Count(1, false),
            _ => {
                self.state = Line::Squares;
                return self.squares(b, class);
            }
        };
        self.held.push(b);
        Ok(())
    }

    fn end_word(&mut self, k: usize, b: u8, class: Class) {
        self.state = match k {
            0..=2 if b.to_ascii_lowercase() == b"end"[k] => Line::End(k + 1),
            3 if class == Class::White => Line::End(3),
            _ => {
                self.state = Line::Label(None);
                return self.label(b);
            }
        };
        self.held.push(b);
    }

    fn count(&mut self, k: usize, spaced: bool, b: u8, class: Class) -> Result<(), Stop> {
        if b.is_ascii_digit() && !spaced && k < 8 {
            self.state = Line::Count(k + 1, false);
        } else if class == Class::White {
            self.state = Line::Count(k, true);
        } else {
            // Not a count after all: its digits are squares.
            self.state = Line::Squares;
            for b in take(&mut self.held).iter() {
                self.squares(b, CLASS[b as usize])?;
            }
            return self.squares(b, class);
        }
        self.held.push(b);
        Ok(())
    }

    fn label(&mut self, b: u8) {
        self.held.push(b);
        if b == b'=' {
            self.state = Line::Label(Some((self.held.bytes.len(), self.column)));
        }
    }

    /// A byte of a line of squares and layout.
    fn squares(&mut self, b: u8, class: Class) -> Result<(), Stop> {
        match class {
            Class::Square(digit) => self.square(b, digit),
            Class::White | Class::Layout => self.held.push(b),
            Class::Hash => {
                self.state = Line::Comment;
                self.held.push(b);
            }
            Class::BoxDrawing => {
                self.state = Line::BoxDrawing(1);
                self.held.push(b);
            }
            Class::Letter if self.puzzle.n > 0 => return Err(self.letter(b)),
            _ => return Err(self.broken(self.column, Problem::Unexpected(b))),
        }
        Ok(())
    }

    fn box_drawing(&mut self, k: usize, b: u8) -> Result<(), Stop> {
        let fits = if k == 1 {
            b == 0x94 || b == 0x95
        } else {
            (0x80..=0xBF).contains(&b)
        };
        if !fits {
            return Err(self.broken(self.column - k, Problem::Unexpected(0xE2)));
        }
        self.state = if k == 1 {
            Line::BoxDrawing(2)
        } else {
            Line::Squares
        };
        self.held.push(b);
        Ok(())
    }

    #[inline]
    fn square(&mut self, b: u8, digit: u8) {
        let p = &mut self.puzzle;
        if p.n == 0 {
            self.puzzles += 1;
            p.number = self.puzzles;
            p.line = self.line;
            self.row_squares = 0;
        }
        p.givens[p.n] = digit;
        p.at[p.n] = self.held.push_square(b);
        p.n += 1;
        self.row_squares += 1;
        if p.n == 81 {
            self.state = Line::Full;
        }
    }

    /// The end of a line, or of the input (`newline` false): the line is whole, and says what it
    /// was. Ok(false) at the end of the `end` line.
    fn line_end(&mut self, newline: bool, w: &mut Writer) -> Result<bool, Stop> {
        let at = self.column + !newline as usize;
        match self.state {
            // The `end` line: neither it nor anything after it is read or written.
            Line::End(3) => return Ok(false),
            // The count of test cases: not written.
            Line::Count(..) => self.held.clear(),
            Line::Label(Some((after, column))) => {
                // A label up to its last `=`: what follows is read.
                let rest = self.held.split_off(after);
                self.lead = take(&mut self.held);
                self.state = Line::Squares;
                self.column = column;
                for b in rest.iter() {
                    self.byte(b, w)?;
                }
                self.column += newline as usize;
                return self.line_end(newline, w);
            }
            Line::BoxDrawing(k) => return Err(self.broken(at - k, Problem::Unexpected(0xE2))),
            _ => {
                if newline {
                    self.held.push(b'\n');
                }
                if self.puzzle.n > 0 {
                    self.row_end(at, w)?;
                } else if !self.held.is_empty() {
                    self.hand_on_text(self.state == Line::Squares, w)?;
                }
            }
        }
        self.line += 1;
        self.column = 0;
        self.state = Line::Blank;
        Ok(true)
    }

    /// The end of a line that gave the open puzzle squares: whole rows, or all 81.
    fn row_end(&mut self, at: usize, w: &mut Writer) -> Result<(), Stop> {
        if self.puzzle.n == 81 {
            self.hand_on_puzzle(w)?;
        } else if self.row_squares % 9 != 0 {
            let problem = Problem::Rows(self.row_squares, self.opened());
            return Err(self.broken(at, problem));
        }
        self.row_squares = 0;
        Ok(())
    }

    /// The input is over: the last line and the last puzzle must be whole.
    fn finish(&mut self, w: &mut Writer) -> Result<(), Stop> {
        let (line, column) = (self.line, self.column + 1);
        let problem = if self.line_end(false, w)? && self.puzzle.n > 0 {
            Problem::EndsInside(self.opened())
        } else if self.puzzles == 0 {
            Problem::NoPuzzle
        } else {
            return Ok(());
        };
        Err(Stop::Input(ReadError {
            line,
            column,
            problem,
        }))
    }

    /// A line without a puzzle is whole: it goes on, after the label before it if any; `layout`
    /// when it holds layout only, as a drawn grid's borders do.
    fn hand_on_text(&mut self, layout: bool, w: &mut Writer) -> Result<(), Stop> {
        let labelled = !self.lead.is_empty();
        if labelled {
            w.text(&self.lead, false)?;
            self.lead.clear();
        }
        w.text(&self.held, layout && !labelled)?;
        self.held.clear();
        Ok(())
    }

    fn hand_on_puzzle(&mut self, w: &mut Writer) -> Result<(), Stop> {
        w.puzzle(&self.lead, &self.held, &self.puzzle)?;
        self.lead.clear();
        self.held.clear();
        self.puzzle.n = 0;
        Ok(())
    }

    fn opened(&self) -> Opened {
        let p = &self.puzzle;
        Opened(p.number, p.line, p.n)
    }

    fn letter(&self, b: u8) -> Stop {
        self.broken(self.column, Problem::Letter(b, self.opened()))
    }

    fn broken(&self, column: usize, problem: Problem) -> Stop {
        Stop::Input(ReadError {
            line: self.line,
            column,
            problem,
        })
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
    /// How many times dfs has been called or a square probed for this puzzle (each tries
    /// digits on a guess): the benchmark's measure of guessing.
    steps: u64,
    /// What probing may still spend (see `Credit`).
    credit: Credit,
    /// `steps` when the last solution was found: a square's budget counts from then.
    found_at: u64,
}

/// What probing may still spend: a square probed with both digits alive costs one, a dead end
/// found (by a digit dfs tries or one a probe tries) earns two, up to 30; no credit, no probing.
/// Puzzles with many solutions, where both digits nearly always live, so stop paying for it.
// Probing whatever the credit: 1.4 to 1.6 times the time on puzzles with many solutions
// (generated ones with three givens taken away, 17clue with two), `--count` on the empty grid
// twice; 1% less on forum_hardest_1905.
#[derive(Clone, Copy)]
struct Credit(u32);

impl Credit {
    fn earn(&mut self) {
        self.0 = (self.0 + 2).min(30);
    }

    fn spend(&mut self) {
        self.0 -= 1;
    }

    fn left(self) -> bool {
        self.0 > 0
    }
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

/// The steps a square may cost without a solution before it checks each digit it tries.
const BUDGET: u64 = 2000;

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
            credit: Credit(1),
            found_at: 0,
        }
    }

    /// Calls `found` with every solution of `givens` (0 for a blank, 1 to 9 for a given), in
    /// ascending order, until it returns false; returns how many steps dfs and probes took.
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
    // Measured and left out: finding any solution the fewest-options way, then refuting the
    // digits below it, in reading order (x1.6 instructions on top1465) or the fewest-options way
    // too (x1.4 on top1465 and forum_hardest_1905; 15x fewer on 17clue line 45446, not on others).
    fn dfs(&mut self, x: usize, y: usize, found: &mut dyn FnMut(&[u8; 81]) -> bool) -> bool {
        debug_assert!(self.agrees());
        self.steps += 1;
        let p = 9 * x + y;
        let saved = self.board;
        let mark = self.filled;
        let start = self.steps;
        for d in 0..9 {
            if !self.row[x][d]
                && !self.col[y][d]
                && !self.cell[x / 3][y / 3][d]
                && saved.allows(p, d)
            {
                // Reading order can spend millions of steps on a dead end whose cause lies far
                // below (under empty top rows): past its budget without a solution, this square
                // first asks of each digit whether it leads to any solution at all, spending on
                // that an eighth of what the square has cost.
                let spent = self.steps - start.max(self.found_at);
                let mut stop = false;
                if self.place(x, y, d) {
                    self.board.fill(p, d);
                    if self.settle() && !(spent > BUDGET && self.hopeless(spent / 8)) {
                        stop = match self.next_square() {
                            Some((x, y)) => self.dfs(x, y, found),
                            None => {
                                self.found_at = self.steps;
                                !found(&self.grid)
                            }
                        };
                    } else {
                        self.credit.earn();
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

    /// The board has no solution, found out within `allowance` steps.
    fn hopeless(&mut self, allowance: u64) -> bool {
        let limit = self.steps + allowance;
        self.board.dead_end(&mut self.steps, limit)
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

    /// Fills every square the board forces, by its rules and then by probing, and places them
    /// in the arrays; false at a dead end. The arrays catch up only once the board has settled:
    /// most trials die on the way, and placing as the board goes cost 20% more instructions.
    fn settle(&mut self) -> bool {
        let empty = self.board.empty;
        self.board.settle()
            && self.board.probe(&mut self.steps, &mut self.credit)
            && self.catch_up(empty)
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
            // Claiming from columns (a digit's column left in one band only) was measured here:
            // 12% fewer trials, but 1% to 3.7% more instructions.
            // So were triads with three digits left keeping those: 10% fewer steps, 19% more.
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
    /// ways; all of it while `credit` lasts.
    // Always stopping at the first such square: 6% more time on forum_hardest_1905 and 17clue;
    // going on past it whatever the credit: 1.7 times the time on puzzles with many solutions;
    // at the second or the fifth square, the same; starting again from the last square after a
    // forced digit, or not counting the squares whose copies took candidates away: 5-6% more.
    // The first square with two instead of the last: 0.3% fewer instructions, not 20%. Probing
    // a square with three when none has two: 3% more; copies settled without naked singles: 19%
    // more; skipping a square an earlier probe found both digits of alive: 2.7% more.
    fn probe(&mut self, steps: &mut u64, credit: &mut Credit) -> bool {
        if !credit.left() {
            return true;
        }
        let (mut before, mut live) = (81, 0);
        while let Some((p, first, second)) = self.last_pair(before) {
            *steps += 1;
            let (mut one, mut two) = (*self, *self);
            one.fill(p, first);
            two.fill(p, second);
            let lives = (one.settle(), two.settle());
            if lives == (true, true) {
                credit.spend();
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
                    if live == 3 || !credit.left() {
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
    /// Each round takes the bands that have news as it starts (bit 4d + b) and works them in
    /// order; what those change waits for the next round.
    // A branch on each band instead, working what changes in the same round: 6-13% more time
    // for 2-3% fewer instructions (the 27 branches mispredict); a digit's three bands compared
    // at once, or bands before digits: more of both; a digit's three bands worked at once, side
    // by side: 10% more time; naked singles after each round: 2% more.
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
    #[inline(always)] // into its one call in `update`: 2.4% less time
    fn update_band(&mut self, d: usize, b: usize) -> bool {
        let old = self.open[d][b];
        // Each index masked to 9 bits, even where it cannot be more: no bounds checks, 0.8% fewer
        // instructions.
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
        // A column with no square left for d: a dead end found here rather than many steps on,
        // 10% less time on forum_hardest_1905. Matching each stack's columns to the bands
        // instead (as rows to boxes above): 12% more time; also keeping a band's box to a column
        // no other band has: 13% more.
        let all = self.open[d][0] | self.open[d][1] | self.open[d][2];
        if (all | all >> 9 | all >> 18) & 0o777 != 0o777 {
            return false;
        }

        // Rows of one square found by bit arithmetic instead of this table: no faster.
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

    /// Whether the board has no solution, found out by step `limit` (false if not found out by
    /// then). Whether there is one does not depend on the order of the search, so it goes where
    /// the fewest ways are, and sifts every square at each step.
    fn dead_end(mut self, steps: &mut u64, limit: u64) -> bool {
        if *steps >= limit {
            return false;
        }
        *steps += 1;
        if !self.settle() || !self.sift(steps) {
            return true;
        }
        let ways = self.fewest_ways();
        !ways.is_empty()
            && ways.into_iter().all(|(p, d)| {
                let mut next = self;
                next.fill(p, d);
                next.dead_end(steps, limit)
            })
    }

    /// Tries each digit of each empty square on a copy of the board: the board keeps only what
    /// the copies that live keep, until that takes nothing more away; false at a dead end.
    fn sift(&mut self, steps: &mut u64) -> bool {
        loop {
            let before = self.open;
            for p in 0..81 {
                if self.empty[p / 27] & 1 << (p % 27) == 0 {
                    continue;
                }
                let mut copies = Vec::new();
                for d in (0..9).filter(|&d| self.allows(p, d)) {
                    *steps += 1;
                    let mut copy = *self;
                    copy.fill(p, d);
                    if copy.settle() {
                        copies.push(copy);
                    }
                }
                if self.keep_any(&copies) && !self.settle() {
                    return false;
                }
            }
            if self.open == before {
                return true;
            }
        }
    }

    /// The fewest ways on, as (square, digit): the digits of one empty square, or the empty
    /// squares of one digit in one row, column or box; none when every square is filled.
    // Branching on squares alone: millions of steps on some boards where this takes dozens.
    fn fewest_ways(&self) -> Vec<(usize, usize)> {
        let open = |&(p, d): &(usize, usize)| {
            self.empty[p / 27] & self.open[d][p / 27] & 1 << (p % 27) != 0
        };
        let mut best = Vec::new();
        for group in 0..81 + 27 * 9 {
            let n = (0..9).map(|i| way(group, i)).filter(open).count();
            if n > 0 && (best.is_empty() || n < best.len()) {
                best = (0..9).map(|i| way(group, i)).filter(open).collect();
            }
        }
        best
    }

    /// Square p can still take digit d.
    fn allows(&self, p: usize, d: usize) -> bool {
        self.open[d][p / 27] & 1 << (p % 27) != 0
    }

    /// Digit d fills square p: its peers lose d, p loses every other digit.
    #[inline(always)] // into dfs: 1.2% fewer instructions on forum_hardest_1905
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

/// Way i of group g, as (square, digit): below 81, digit i of square g; above, square i of
/// unit (g - 81) / 9 (rows, then columns, then boxes) for digit (g - 81) % 9.
fn way(g: usize, i: usize) -> (usize, usize) {
    if g < 81 {
        return (g, i);
    }
    let (u, d) = ((g - 81) / 9, (g - 81) % 9);
    let p = match u / 9 {
        0 => 9 * u + i,
        1 => 9 * i + u % 9,
        _ => 27 * (u % 9 / 3) + 9 * (i / 3) + 3 * (u % 3) + i % 3,
    };
    (p, d)
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
// Writing: the pieces the reader hands on, each puzzle solved and filled in, or counted.
// ---------------------------------------------------------------------------------------------

/// What to do with the puzzles of one input, and how to name it.
struct Task<'a> {
    mode: Mode,
    limit: u64,
    /// Starts each message about the input: `FILE: ` when files are named.
    name: &'a str,
    /// Starts each `--count` line: `FILE:` when several files are named.
    label: &'a str,
}

/// Reads one input and writes it back solved; Ok(false) when some puzzle had no solution.
fn solve_input(
    task: Task,
    input: &mut dyn Read,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<bool, Stop> {
    let mut writer = Writer {
        task,
        out,
        err,
        search: Search::new(),
        filled: Vec::new(),
        unsolved: false,
        block: Block::default(),
    };
    match Reader::new().read(input, &mut writer) {
        Err(Stop::Output(e)) => Err(Stop::Output(e)),
        read => {
            // What the writer still holds was whole before whatever stopped the reading.
            writer.finish()?;
            read.map(|()| !writer.unsolved)
        }
    }
}

/// Owns the output, the error stream and the search: writes what the reader hands on.
struct Writer<'a> {
    task: Task<'a>,
    out: &'a mut dyn Write,
    err: &'a mut dyn Write,
    search: Search,
    /// A puzzle's text with a solution written into it.
    filled: Vec<u8>,
    unsolved: bool,
    block: Block,
}

/// `--all` writes each solution as the puzzle's whole block: its text with the layout-only lines
/// right before and after it (a drawn grid's borders), so the puzzle waits for the lines after it.
#[derive(Default)]
struct Block {
    before: Vec<Held>,
    puzzle: Option<(Held, Puzzle)>,
    after: Vec<Held>,
}

impl<'a> Writer<'a> {
    /// Text outside puzzles: written as it is (`--count` writes only counts).
    fn text(&mut self, text: &Held, layout: bool) -> Result<(), Stop> {
        match self.task.mode {
            Mode::Count => {}
            Mode::Solve => text.write(&text.bytes, self.out)?,
            Mode::All if layout => {
                let size = self.block.before.iter().chain(&self.block.after);
                if size.map(Held::size).sum::<usize>() > HOLD_MAX {
                    self.close_block(false)?; // a block takes in only so much
                    self.pass_before()?;
                }
                match self.block.puzzle {
                    Some(_) => self.block.after.push(text.clone()),
                    None => self.block.before.push(text.clone()),
                }
            }
            Mode::All => {
                self.close_block(false)?;
                self.pass_before()?;
                text.write(&text.bytes, self.out)?;
            }
        }
        Ok(())
    }

    /// A puzzle, with the label before it on its first line (`lead`, often empty).
    fn puzzle(&mut self, lead: &Held, text: &Held, puzzle: &Puzzle) -> Result<(), Stop> {
        match self.task.mode {
            Mode::Count => self.solve(text, puzzle),
            Mode::Solve => {
                lead.write(&lead.bytes, self.out)?;
                self.solve(text, puzzle)
            }
            Mode::All => {
                // The lines between two puzzles are right after one and right before the other.
                self.close_block(true)?;
                if !lead.is_empty() {
                    self.pass_before()?;
                    lead.write(&lead.bytes, self.out)?;
                }
                self.block.puzzle = Some((text.clone(), puzzle.clone()));
                Ok(())
            }
        }
    }

    /// `--all`: writes the waiting puzzle; the lines after it stay as the lines before the next
    /// puzzle when `shared`, else they went out with it.
    fn close_block(&mut self, shared: bool) -> Result<(), Stop> {
        if let Some((text, puzzle)) = self.block.puzzle.take() {
            self.solve(&text, &puzzle)?;
            let after = take(&mut self.block.after);
            self.block.before = if shared { after } else { Vec::new() };
        }
        Ok(())
    }

    /// Writes layout-only lines as they are: no puzzle came right after them.
    fn pass_before(&mut self) -> io::Result<()> {
        for text in take(&mut self.block.before) {
            text.write(&text.bytes, self.out)?;
        }
        Ok(())
    }

    /// Solves a puzzle and writes what the mode asks: its smallest solution filled in, its
    /// number of solutions, or each solution as its whole block.
    fn solve(&mut self, text: &Held, puzzle: &Puzzle) -> Result<(), Stop> {
        let (mode, limit) = (self.task.mode, self.task.limit);
        let (before, after) = (&self.block.before, &self.block.after);
        let between = match mode {
            Mode::All => separator(before.iter().chain(Some(text)).chain(after)),
            _ => b"",
        };
        let (filled, out) = (&mut self.filled, &mut *self.out);
        filled.clear();
        filled.extend_from_slice(&text.bytes);
        let mut solutions: u64 = 0;
        let mut failed = Ok(());
        self.search.solve(&puzzle.givens, &mut |grid| {
            solutions += 1;
            if mode == Mode::Count {
                return solutions < limit;
            }
            let sep = if solutions > 1 { between } else { b"" };
            for (i, &at) in puzzle.at.iter().enumerate() {
                if puzzle.givens[i] == 0 {
                    filled[at] = b'0' + grid[i];
                }
            }
            failed = write_block(out, sep, (before, text, after), filled);
            mode == Mode::All && failed.is_ok() && solutions < limit
        });
        failed?;
        match mode {
            Mode::Count => writeln!(self.out, "{}{}", self.task.label, solutions)?,
            Mode::Solve if solutions == 0 => text.write(&text.bytes, self.out)?,
            _ => {}
        }
        if solutions == 0 {
            self.unsolved = true;
            let message = format!(
                "{}puzzle {} (line {}): no solution\n",
                self.task.name, puzzle.number, puzzle.line
            );
            say(self.err, message);
        }
        Ok(())
    }

    /// Answers found so far go out.
    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// The input is over: what waits is written.
    fn finish(&mut self) -> Result<(), Stop> {
        self.close_block(false)?;
        Ok(self.pass_before()?)
    }
}

/// Writes a solution: after `between`, the lines before the puzzle, its text filled in, the
/// lines after it.
fn write_block(
    out: &mut dyn Write,
    between: &[u8],
    (before, text, after): (&[Held], &Held, &[Held]),
    filled: &[u8],
) -> io::Result<()> {
    out.write_all(between)?;
    for line in before {
        line.write(&line.bytes, out)?;
    }
    text.write(filled, out)?;
    for line in after {
        line.write(&line.bytes, out)?;
    }
    Ok(())
}

/// What goes between two solutions written out in full (`--all`): a line break where the block
/// does not end with one, and an empty line where it spans several lines.
fn separator<'t>(block: impl Iterator<Item = &'t Held>) -> &'static [u8] {
    let (mut crlf, mut breaks, mut ends) = (false, 0, false);
    for text in block.filter(|text| !text.is_empty()) {
        crlf |= text.bytes.windows(2).any(|w| w == b"\r\n");
        breaks += text.bytes.iter().filter(|&&b| b == b'\n').count();
        ends = text.bytes.ends_with(b"\n");
    }
    let several = breaks > 1 || (breaks == 1 && !ends);
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
