//! The tools of the full build: counting solutions, writing every solution, generating
//! puzzles, checking answers, explaining and rating puzzles. They reach the judge's file through its reader (`Reader`,
//! `Piece`, `Puzzle`), its search (`Search::solve`), its writer (`fill_in`) and its messages; a
//! judge compiles `src/main.rs` alone, without them.

mod check;
mod count;
mod explain;
mod generate;

use super::{each_input, finish, output_failed, usage_error, Io};
use check::check;
use count::{count, every_solution, Writer};
use explain::explain;
use generate::{clock_seed, generate};
use std::ffi::OsString;

pub(crate) const USAGE: &str = "
The full build's tools count and list solutions, make puzzles, check answers, and explain:
usage: sudoku --count | --all [--limit N] [FILE ...]
       sudoku --explain | --rate [FILE ...]
       sudoku --generate N [--solutions K | --difficulty LEVEL] [--seed S]
       sudoku --check [--smallest] PUZZLES ANSWERS

  --count         write one line per puzzle: its number of solutions
  --all           write every solution of every puzzle, smallest first
  --limit N       with --count or --all: at most N solutions of each puzzle
  --generate N    write N puzzles, all different, one line each: proper and minimal, or
  --solutions K   with exactly K solutions each (0: givens that break no rule, no solution)
  --seed S        with --generate: the same S gives the same puzzles
  --check         say each answer that is wrong, and why: it must keep the givens, break
                  no rule and fill every blank (a puzzle without solution comes back as is)
  --smallest      with --check: the answer must be the smallest solution, the classic's
  --explain       write the steps a person can follow, then the puzzle solved
  --rate          write one line per puzzle: its level (1 simple, 2 easy, 3 intermediate,
                  4 hard, 5 expert) and its steps of each kind
  --difficulty L  with --generate: proper, minimal puzzles of level L (1 to 5, or its name)
";

/// Runs the tools the command line names (it holds one of their options); the exit status.
pub(crate) fn run(_: &str, args: &[OsString], io: Io) -> i32 {
    match what(args) {
        Ok(Work::Show(text)) => finish(io.out, io.err, text.as_bytes(), 0),
        Ok(Work::Generate(wanted, solutions, level, seed)) => {
            match generate(wanted, solutions, level, seed, io.out) {
                Ok(()) => finish(io.out, io.err, b"", 0),
                Err(e) => output_failed(io.err, e, 0),
            }
        }
        Ok(Work::Count(files, limit)) => {
            let several = files.len() > 1;
            each_input(&files, io, &mut |input, out, err, name| {
                // With several files, each count line names its file.
                let tag = if several { name.trim_end() } else { "" };
                count(input, out, err, name, tag, limit)
            })
        }
        Ok(Work::Explain(files, rate)) => {
            let several = files.len() > 1;
            each_input(&files, io, &mut |input, out, err, name| {
                let tag = if several && rate { name.trim_end() } else { "" };
                explain(input, out, err, name, tag, rate)
            })
        }
        Ok(Work::All(files, limit)) => {
            let mut owed: &[u8] = b""; // a line break owed after a block that ended mid-line
            each_input(&files, io, &mut |input, out, err, name| {
                let mut writer = Writer { out, owed };
                let all = every_solution(input, &mut writer, err, name, limit);
                owed = writer.owed;
                all
            })
        }
        Ok(Work::Check(files, smallest)) => check(&files, smallest, io),
        Err(why) => usage_error(io.err, &why),
    }
}

/// The work a command line with tools asks for.
enum Work<'a> {
    Show(String),
    Count(Vec<&'a OsString>, u64),
    All(Vec<&'a OsString>, u64),
    /// Puzzles, solutions each, level, seed.
    Generate(u64, u64, Option<usize>, u64),
    Check(Vec<&'a OsString>, bool),
    /// Rate (true) or explain.
    Explain(Vec<&'a OsString>, bool),
}

/// Reads the whole command line as the full build reads it: the judge's arguments (files, `-`,
/// `--`, `--help`, `--version`) and the tools' options, each value after a space or an `=`.
/// Err says why it is not a valid one.
fn what(args: &[OsString]) -> Result<Work<'_>, String> {
    let (mut files, mut options_end) = (Vec::new(), false);
    let (mut count, mut all, mut limit, mut generate, mut seed) = (false, false, None, None, None);
    let (mut solutions, mut check, mut smallest) = (None, false, false);
    let (mut explain, mut rate, mut level) = (false, false, None);
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let text = arg.to_string_lossy();
        if options_end || !text.starts_with('-') || text == "-" {
            files.push(arg);
            continue;
        }
        let (name, inline) = match text.split_once('=') {
            Some((name, value)) => (name, Some(value.to_string())),
            None => (&*text, None),
        };
        let next = || {
            args.next()
                .map(|value| value.to_string_lossy().into_owned())
        };
        let value = || inline.clone().or_else(next);
        match name {
            "-h" | "--help" => return Ok(Work::Show(format!("{}{}", super::USAGE, USAGE))),
            "-V" | "--version" => return Ok(Work::Show(format!("sudoku {}\n", super::VERSION))),
            "--" => options_end = true,
            "--count" | "--all" | "--check" | "--smallest" | "--explain" | "--rate"
                if inline.is_some() =>
            {
                return Err(format!("{} takes no value", name))
            }
            "--count" => count = true,
            "--all" => all = true,
            "--check" => check = true,
            "--smallest" => smallest = true,
            "--explain" => explain = true,
            "--rate" => rate = true,
            "--difficulty" => match value().as_deref().map(explain::level) {
                Some(Some(named)) => level = Some(named),
                _ => return Err("--difficulty takes a level: 1 to 5, or simple, easy, intermediate, hard or expert".into()),
            },
            "--limit" => limit = Some(number(name, &value())?),
            "--generate" => generate = Some(number(name, &value())?),
            "--seed" => seed = Some(number(name, &value())?),
            "--solutions" => solutions = Some(number(name, &value())?),
            _ => return Err(format!("unknown option '{}'", text)),
        }
    }
    let rules = [
        (limit == Some(0), "--limit takes a whole number from 1 up"),
        (
            limit.is_some() && !count && !all,
            "--limit goes with --count or --all",
        ),
        (
            (seed.is_some() || solutions.is_some()) && generate.is_none(),
            "--seed and --solutions go with --generate",
        ),
        (
            generate.is_some() && (count || all || explain || rate || !files.is_empty()),
            "--generate takes no other option but --seed, --solutions and --difficulty, and no file",
        ),
        (
            level.is_some() && (generate.is_none() || solutions.unwrap_or(1) != 1),
            "--difficulty goes with --generate, for proper puzzles (one solution)",
        ),
        (
            [count, all, explain, rate, check].iter().filter(|&&x| x).count() > 1,
            "--count, --all, --explain, --rate and --check do not go together",
        ),
        (
            files.iter().filter(|f| **f == "-").count() > 1,
            "- is named twice: standard input is read once",
        ),
        (
            check && files.len() != 2,
            "--check takes two files, the puzzles and the answers, and no other option",
        ),
        (smallest && !check, "--smallest goes with --check"),
        // It counts up to K + 1 solutions for each given: K = 1000 takes seconds a puzzle.
        (
            solutions > Some(1000),
            "--solutions takes a whole number up to 1000",
        ),
    ];
    if let Some((_, why)) = rules.iter().find(|rule| rule.0) {
        return Err(why.to_string());
    }
    let limit = limit.unwrap_or(u64::MAX);
    Ok(match generate {
        Some(wanted) => Work::Generate(
            wanted,
            solutions.unwrap_or(1),
            level,
            seed.unwrap_or_else(clock_seed),
        ),
        None if check => Work::Check(files, smallest),
        None if explain || rate => Work::Explain(files, rate),
        None if count => Work::Count(files, limit),
        None => Work::All(files, limit),
    })
}

/// The whole number an option takes: digits only, up to the largest a u64 holds.
fn number(name: &str, value: &Option<String>) -> Result<u64, String> {
    match value {
        None => Err(format!("{} takes a whole number", name)),
        Some(v) if v.is_empty() || !v.bytes().all(|c| c.is_ascii_digit()) => {
            Err(format!("{} takes a whole number, not '{}'", name, v))
        }
        Some(v) => v.parse().map_err(|_| {
            format!(
                "{} takes a whole number up to {}, not {}",
                name,
                u64::MAX,
                v
            )
        }),
    }
}
