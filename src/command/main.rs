//! The `sudoku` command: the judge program's reading, search and writing (`src/main.rs`,
//! included as a module, reached through what it marks `pub(crate)`) over files, and the tools:
//! counting solutions, writing every solution, generating puzzles, checking answers, explaining
//! and rating puzzles.

#[path = "../main.rs"]
#[allow(dead_code)] // the judge program's own `main`, which reads standard input only
pub(crate) mod judge;

#[path = "../every_size.rs"]
#[allow(dead_code)] // the judge program's own `main`
pub(crate) mod every_size;

mod check;
mod count;
mod explain;
mod generate;
mod options;
mod puzzles;
mod rules;

use judge::{fail, finish, output_failed, worded, Stop};
use options::{Given, Name};
use puzzles::Puzzle;
use std::ffi::OsString;
use std::fs::File;
use std::io::{self, Read, Write};

fn main() {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let (stdin, stdout, stderr) = (io::stdin(), io::stdout(), io::stderr());
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let status = run(&args, &mut stdin.lock(), &mut out, &mut stderr.lock());
    std::process::exit(status);
}

/// Standard input, the output and the messages.
pub(crate) struct Io<'a> {
    stdin: &'a mut dyn Read,
    out: &'a mut dyn Write,
    err: &'a mut dyn Write,
}

/// Runs the command on `args` (without its name); the exit status.
pub(crate) fn run(
    args: &[OsString],
    stdin: &mut dyn Read,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let io = Io { stdin, out, err };
    let (work, given) = match options::parse(args).and_then(|given| Ok((work(&given)?, given))) {
        Ok(read) => read,
        Err(why) => return fail(io.err, format!("sudoku: {why}\n{}", options::usage())),
    };
    let (files, side) = (&given.files, given.value(Name::Size).unwrap_or(9) as usize);
    match work {
        Work::Show(text) => match io.out.write_all(text.as_bytes()) {
            Ok(()) => finish(io.out, io.err, 0),
            Err(e) => output_failed(io.err, e, 0),
        },
        Work::Solve if side == 9 => each_input(files, io, &mut |input, out, err, _, solved| {
            judge::answer(input, out, err, solved, &mut judge::smallest)
        }),
        Work::Solve => each_input(files, io, &mut |input, out, err, _, solved| {
            count::answer(input, side, out, err, solved)
        }),
        Work::Explain => each_input(files, io, &mut |input, out, err, _, solved| {
            judge::answer(input, out, err, solved, &mut explain::explain)
        }),
        Work::Count(limit) => line_each(files, side, io, &mut |puzzle| {
            let found = puzzles::solutions(side, puzzle.givens(), limit);
            (found.to_string(), found > 0)
        }),
        Work::Rate => line_each(files, side, io, &mut explain::rated),
        Work::All(limit) => {
            let mut owed: &[u8] = b""; // a line break owed after a block that ended mid-line
            each_input(files, io, &mut |input, out, err, _, solved| {
                let mut writer = count::Writer { out, owed };
                let all = count::every_solution(input, side, &mut writer, err, limit, solved);
                owed = writer.owed;
                all
            })
        }
        Work::Check(smallest) => check::check(files, side, smallest, io),
        Work::Generate(wanted, seed) => match generate::generate(&wanted, seed, io.out) {
            Ok(made) if made == wanted.puzzles => finish(io.out, io.err, 0),
            Ok(made) => {
                let (asked, tries) = (wanted.puzzles, generate::TRIES);
                let why = format!("sudoku: {made} of the {asked} puzzles asked for: none new in {tries} draws in a row\n");
                finish(io.out, io.err, 2).max(fail(io.err, why))
            }
            Err(e) => output_failed(io.err, e, 0),
        },
    }
}

/// What a command line asks for (its files aside).
enum Work {
    Show(String),
    Solve,
    Count(u64),
    All(u64),
    Explain,
    Rate,
    Check(bool),
    /// The puzzles wanted, and the seed.
    Generate(generate::Wanted, u64),
}

/// The work the options given ask for; Err says why they do not go together.
fn work(given: &Given) -> Result<Work, String> {
    if let Some(why) = clash(given) {
        return Err(why.to_string());
    }
    let has = |name| given.has(name);
    let limit = given.value(Name::Limit).unwrap_or(u64::MAX);
    Ok(match () {
        _ if has(Name::Help) => Work::Show(options::usage()),
        _ if has(Name::Version) => Work::Show(format!("sudoku {}\n", env!("CARGO_PKG_VERSION"))),
        _ if has(Name::Generate) => Work::Generate(
            generate::Wanted {
                puzzles: given.value(Name::Generate).unwrap_or(0),
                side: given.value(Name::Size).unwrap_or(9) as usize,
                solutions: given.value(Name::Solutions).unwrap_or(1),
                level: given.value(Name::Difficulty).map(|level| level as usize),
            },
            given.value(Name::Seed).unwrap_or_else(generate::clock_seed),
        ),
        _ if has(Name::Check) => Work::Check(has(Name::Smallest)),
        _ if has(Name::Explain) => Work::Explain,
        _ if has(Name::Rate) => Work::Rate,
        _ if has(Name::Count) => Work::Count(limit),
        _ if has(Name::All) => Work::All(limit),
        _ => Work::Solve,
    })
}

/// The first rule of the command line that the options given break: why they do not go
/// together, or why a value does not do.
fn clash(given: &Given) -> Option<&'static str> {
    use Name::*;
    let has = |name| given.has(name);
    let files = &given.files;
    let solutions = given.value(Solutions);
    let modes = [Count, All, Explain, Rate, Check];
    let rules = [
        (
            has(Limit) && !has(Count) && !has(All),
            "--limit goes with --count or --all",
        ),
        (
            (has(Seed) || has(Solutions)) && !has(Generate),
            "--seed and --solutions go with --generate",
        ),
        (
            has(Generate) && (modes.iter().any(|&mode| has(mode)) || !files.is_empty()),
            "--generate takes no other option but --seed, --solutions and --difficulty, and no file",
        ),
        (
            has(Difficulty) && (!has(Generate) || solutions.unwrap_or(1) != 1),
            "--difficulty goes with --generate, for proper puzzles (one solution)",
        ),
        (
            modes.iter().filter(|&&mode| has(mode)).count() > 1,
            "--count, --all, --explain, --rate and --check do not go together",
        ),
        (
            files.iter().filter(|f| **f == "-").count() > 1,
            "- is named twice: standard input is read once",
        ),
        (
            has(Check) && files.len() != 2,
            "--check takes two files, the puzzles and the answers, and no other option",
        ),
        (has(Smallest) && !has(Check), "--smallest goes with --check"),
    ];
    let broken = rules.iter().find(|rule| rule.0).map(|rule| rule.1);
    broken.or_else(|| value_clash(given))
}

/// Why a value given does not do, if one does not.
fn value_clash(given: &Given) -> Option<&'static str> {
    use Name::*;
    let size = given.value(Size);
    let rules = [
        (
            given.value(Limit) == Some(0),
            "--limit takes a whole number from 1 up",
        ),
        // It counts up to K + 1 solutions for each given: K = 1000 takes seconds a puzzle.
        (
            given.value(Solutions) > Some(1000),
            "--solutions takes a whole number up to 1000",
        ),
        (
            !matches!(size, None | Some(1 | 4 | 9 | 16 | 25)),
            "--size takes 1, 4, 9, 16 or 25",
        ),
        (
            size.unwrap_or(9) != 9
                && (given.has(Explain) || given.has(Rate) || given.has(Difficulty)),
            "--explain, --rate and --difficulty are for 9x9 puzzles only",
        ),
    ];
    rules.iter().find(|rule| rule.0).map(|rule| rule.1)
}

// ---- Inputs: each file in turn, or standard input.

/// Writes one line per puzzle of each input, as `said` says it (with whether the puzzle has a
/// solution); with several files, each line starts with its file's name, as `grep -c` does.
fn line_each(
    files: &[&OsString],
    side: usize,
    io: Io,
    said: &mut dyn FnMut(&Puzzle) -> (String, bool),
) -> i32 {
    let several = files.len() > 1;
    each_input(files, io, &mut |input, out, err, name, solved| {
        let tag = if several { name.trim_end() } else { "" };
        count::line_each(input, side, out, err, tag, solved, said)
    })
}

/// Answers an input: its name as messages start (`FILE: `, or nothing when no file is named);
/// `solved` turns false when a puzzle has no solution.
type Answer<'a> = &'a mut dyn FnMut(
    &mut dyn Read,
    &mut dyn Write,
    &mut dyn Write,
    &str,
    &mut bool,
) -> Result<(), Stop>;

/// Answers each file in turn (standard input for `-`, or when none is named); the exit status.
fn each_input(files: &[&OsString], io: Io, answer: Answer) -> i32 {
    let (mut status, dash) = (0, OsString::from("-"));
    let named = !files.is_empty();
    for file in if named { files.to_vec() } else { vec![&dash] } {
        let name = match named {
            true => format!("{}: ", shown(file)),
            false => String::new(),
        };
        let mut input = match open_input(file, &mut *io.stdin) {
            Ok(input) => input,
            Err(why) => {
                status = fail(io.err, format!("sudoku: {}: {why}\n", shown(file)));
                continue;
            }
        };
        let mut solved = true;
        let mut err = Named {
            err: &mut *io.err,
            name: &name,
        };
        let answered = answer(&mut *input, &mut *io.out, &mut err, &name, &mut solved);
        status = status.max(!solved as i32);
        match answered {
            Ok(()) => {}
            Err(Stop::Read(e)) => status = fail(&mut err, format!("{e}\n")),
            Err(Stop::Write(e)) => return output_failed(io.err, e, status),
        }
    }
    finish(io.out, io.err, status)
}

/// Messages about one input, each after its name (`FILE: `), in one write.
struct Named<'a> {
    err: &'a mut dyn Write,
    name: &'a str,
}

impl Write for Named<'_> {
    fn write(&mut self, message: &[u8]) -> io::Result<usize> {
        self.err
            .write_all(&[self.name.as_bytes(), message].concat())?;
        Ok(message.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.err.flush()
    }
}

/// A file as messages name it: `-` is `(standard input)`, as grep names it.
pub(crate) fn shown(file: &OsString) -> String {
    match file.to_str() {
        Some("-") => "(standard input)".into(),
        _ => file.to_string_lossy().into_owned(),
    }
}

/// Opens FILE (`-`: standard input), refusing a directory and the output's file (`F >> F`).
pub(crate) fn open_input<'a>(
    file: &OsString,
    stdin: &'a mut dyn Read,
) -> Result<Box<dyn Read + 'a>, String> {
    let (input, meta): (Box<dyn Read + 'a>, _) = if file == "-" {
        (Box::new(stdin), std::fs::metadata("/dev/fd/0"))
    } else {
        let f = File::open(file).map_err(|e| worded(&e))?;
        let meta = f.metadata();
        (Box::new(f), meta)
    };
    match (meta, std::fs::metadata("/dev/fd/1")) {
        (Ok(m), _) if m.is_dir() => Err("Is a directory".into()),
        #[cfg(unix)]
        (Ok(m), Ok(o)) if same_file(&m, &o) => Err("input file is output file".into()),
        _ => Ok(input),
    }
}

/// Both are the same regular file (checked on Unix).
#[cfg(unix)]
fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.is_file() && (a.dev(), a.ino()) == (b.dev(), b.ino())
}
