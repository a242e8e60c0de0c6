//! The `sudoku` command: the judge programs' reading, search and writing (`src/main.rs` for 9x9
//! and `src/every_size.rs` for every size, included as modules, reached through what they mark
//! `pub(crate)`) over files, on every core, and the tools: counting solutions, writing every
//! solution, generating puzzles, checking answers, explaining and rating puzzles.

#[path = "../main.rs"]
#[allow(dead_code)] // the judge program's own `main`, which reads standard input only
pub(crate) mod judge;

#[path = "../every_size.rs"]
#[allow(dead_code)] // the judge program's own `main`
pub(crate) mod every_size;

mod all;
mod answer;
mod check;
mod cores;
mod explain;
mod generate;
mod inputs;
mod options;
mod progress;
mod puzzles;
mod rules;

use answer::Mode;
use inputs::Io;
use judge::{fail, finish, output_failed};
use options::{Given, Name};
use progress::{Messages, Progress};
use std::ffi::OsString;
use std::io::{self, IsTerminal, Read, Write};

#[clippy::msrv = "1.70"] // std::io::IsTerminal: the command needs Rust 1.70, its judge files 1.63
fn main() {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let shown = io::stderr().is_terminal() && !io::stdout().is_terminal();
    // With one job at a time, the searches run on this thread: it gets a worker's stack.
    let command = std::thread::Builder::new()
        .stack_size(cores::STACK)
        .spawn(move || {
            let progress = Progress::new(shown);
            progress::showing(&progress, || {
                let (stdin, stdout) = (io::stdin(), io::stdout());
                let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
                let err = &mut Messages(&progress);
                command(
                    &args,
                    Io {
                        stdin: &mut stdin.lock(),
                        out: &mut out,
                        err,
                    },
                    &progress,
                )
            })
        });
    std::process::exit(command.map_or(2, |command| command.join().unwrap_or(2)));
}

/// Runs the command on `args` (without its name), as it runs with standard error a file; the
/// exit status.
#[allow(dead_code)] // called in memory by the tests and the benchmark
pub(crate) fn run(
    args: &[OsString],
    stdin: &mut dyn Read,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    command(args, Io { stdin, out, err }, &Progress::new(false))
}

/// Runs the command on `args`, its progress told to `progress`; the exit status.
fn command(args: &[OsString], io: Io, progress: &Progress) -> i32 {
    let (work, given) = match options::parse(args).and_then(|given| Ok((work(&given)?, given))) {
        Ok(read) => read,
        Err(why) => return fail(io.err, format!("sudoku: {why}\n{}", options::usage())),
    };
    let (files, side) = (&given.files, given.value(Name::Size).unwrap_or(9) as usize);
    let jobs = match given.value(Name::Jobs) {
        Some(jobs) => jobs as usize,
        None => std::thread::available_parallelism().map_or(1, |cores| cores.get()),
    };
    match work {
        Work::Show(text) => match io.out.write_all(text.as_bytes()) {
            Ok(()) => finish(io.out, io.err, 0),
            Err(e) => output_failed(io.err, e, 0),
        },
        Work::Answer(mode) => answer::answer_each(files, side, mode, jobs, io, progress),
        Work::Check(smallest) => check::check(files, side, smallest, jobs, io, progress),
        Work::Generate(wanted, seed) => {
            generate::generate(&wanted, seed, jobs, (io.out, io.err), progress)
        }
    }
}

/// What a command line asks for (its files aside).
enum Work {
    Show(String),
    Answer(Mode),
    /// With --smallest or not.
    Check(bool),
    /// The puzzles wanted, and the seed.
    Generate(generate::Wanted, u64),
}

/// The work the options given ask for; Err says why they do not go together.
fn work(given: &Given) -> Result<Work, String> {
    if let Some(why) = options::clash(given) {
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
        _ if has(Name::Explain) => Work::Answer(Mode::Explain),
        _ if has(Name::Rate) => Work::Answer(Mode::Rate),
        _ if has(Name::Count) => Work::Answer(Mode::Count(limit)),
        _ if has(Name::All) => Work::Answer(Mode::All(limit)),
        _ => Work::Answer(Mode::Solve),
    })
}
