//! The tools of the full build: counting solutions, writing every solution, generating
//! puzzles. They reach the judge's file through its reader (`Reader`, `Piece`, `Puzzle`), its
//! search (`Search::solve`), its writer (`fill_in`) and its messages; a judge compiles
//! `src/main.rs` alone, without them.

use super::{each_input, fill_in, finish, no_solution, output_failed, usage_error};
use super::{trim, Io, Piece, Puzzle, Reader, Search, Stop, CLASS, HASH, LETTER, LONGEST};
use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::mem::{replace, take};

pub(crate) const USAGE: &str = "
The full build also counts and lists solutions and makes puzzles:
usage: sudoku --count | --all [--limit N] [FILE ...]
       sudoku --generate N [--seed S]

  --count         write one line per puzzle: its number of solutions
  --all           write every solution of every puzzle, smallest first
  --limit N       with --count or --all: at most N solutions of each puzzle
  --generate N    write N puzzles with exactly one solution each, minimal, one line each
  --seed S        with --generate: the same S gives the same puzzles
";

/// Runs the tools the command line names (it holds one of their options); the exit status.
pub(crate) fn run(_: &str, args: &[OsString], io: Io) -> i32 {
    match what(args) {
        Ok(Work::Show(text)) => finish(io.out, io.err, text.as_bytes(), 0),
        Ok(Work::Generate(wanted, seed)) => match generate(wanted, seed, io.out) {
            Ok(()) => finish(io.out, io.err, b"", 0),
            Err(e) => output_failed(io.err, e, 0),
        },
        Ok(Work::Count(files, limit)) => {
            let several = files.len() > 1;
            each_input(&files, io, &mut |input, out, err, name| {
                // With several files, each count line names its file.
                let tag = if several { name.trim_end() } else { "" };
                count(input, out, err, name, tag, limit)
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
        Err(why) => usage_error(io.err, &why),
    }
}

/// The work a command line with tools asks for.
enum Work<'a> {
    Show(String),
    Count(Vec<&'a OsString>, u64),
    All(Vec<&'a OsString>, u64),
    Generate(u64, u64),
}

/// Reads the whole command line as the full build reads it: the judge's arguments (files, `-`,
/// `--`, `--help`, `--version`) and the tools' options, each value after a space or an `=`.
/// Err says why it is not a valid one.
fn what(args: &[OsString]) -> Result<Work<'_>, String> {
    let (mut files, mut options_end) = (Vec::new(), false);
    let (mut count, mut all, mut limit, mut generate, mut seed) = (false, false, None, None, None);
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
            "--count" | "--all" if inline.is_some() => {
                return Err(format!("{} takes no value", name))
            }
            "--count" => count = true,
            "--all" => all = true,
            "--limit" => limit = Some(number(name, &value())?),
            "--generate" => generate = Some(number(name, &value())?),
            "--seed" => seed = Some(number(name, &value())?),
            _ => return Err(format!("unknown option '{}'", text)),
        }
    }
    let rules = [
        (count && all, "--count and --all do not go together"),
        (limit == Some(0), "--limit takes a whole number from 1 up"),
        (
            limit.is_some() && !count && !all,
            "--limit goes with --count or --all",
        ),
        (
            seed.is_some() && generate.is_none(),
            "--seed goes with --generate",
        ),
        (
            generate.is_some() && (count || all || !files.is_empty()),
            "--generate takes no other option but --seed, and no file",
        ),
        (
            files.iter().filter(|f| **f == "-").count() > 1,
            "- is named twice: standard input is read once",
        ),
    ];
    if let Some((_, why)) = rules.iter().find(|rule| rule.0) {
        return Err(why.to_string());
    }
    let limit = limit.unwrap_or(u64::MAX);
    Ok(match generate {
        Some(wanted) => Work::Generate(wanted, seed.unwrap_or_else(clock_seed)),
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

// ---- Counting: one line per puzzle, its number of solutions. --------------------------------

fn count(
    input: &mut dyn Read,
    out: &mut dyn Write,
    err: &mut dyn Write,
    name: &str,
    tag: &str,
    limit: u64,
) -> Result<bool, Stop> {
    let (mut reader, mut solved) = (Reader::new(input), true);
    while let Some(pieces) = reader.next(out)? {
        for piece in pieces {
            if let Piece::Puzzle(puzzle) = piece {
                let mut solutions = 0;
                Search::solve(&puzzle.givens, &mut |_| {
                    solutions += 1;
                    solutions < limit
                });
                out.write_all(format!("{}{}\n", tag, solutions).as_bytes())?;
                if solutions == 0 {
                    solved = false;
                    no_solution(err, name, &puzzle);
                }
            }
        }
    }
    Ok(solved)
}

// ---- Every solution: each written as its puzzle's block, with the borders around it. -------

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

/// A puzzle's block: the border lines right around it (a drawn grid's), so a puzzle waits,
/// with the lines before it, for those after it.
#[derive(Default)]
struct Block {
    lines: Vec<u8>,
    puzzle: Option<(Box<Puzzle>, Vec<u8>)>,
}

/// Writes every solution of each puzzle of one input, up to `limit` each; Ok(false) when some
/// puzzle has none.
fn every_solution(
    input: &mut dyn Read,
    writer: &mut Writer,
    err: &mut dyn Write,
    name: &str,
    limit: u64,
) -> Result<bool, Stop> {
    let (mut reader, mut block, mut solved) = (Reader::new(input), Block::default(), true);
    let read = loop {
        let pieces = match reader.next(writer.out) {
            Ok(Some(pieces)) => pieces,
            Ok(None) => break Ok(()),
            Err(stop) => break Err(stop),
        };
        for piece in pieces {
            match piece {
                Piece::Text(text) if border(&text) && block.lines.len() < LONGEST => {
                    block.lines.extend_from_slice(&text)
                }
                Piece::Text(text) => {
                    solved &= close(&mut block, false, writer, err, name, limit)?;
                    writer.write(&text)?;
                }
                Piece::Puzzle(puzzle) => {
                    // Lines between two puzzles belong to both blocks.
                    solved &= close(&mut block, true, writer, err, name, limit)?;
                    block.puzzle = Some((puzzle, take(&mut block.lines)));
                }
            }
        }
    };
    solved &= close(&mut block, false, writer, err, name, limit)?;
    read?;
    Ok(solved)
}

/// A line of layout only (a drawn grid's border): no label, no comment, not white space.
fn border(text: &[u8]) -> bool {
    let words = |c: &u8| matches!(CLASS[*c as usize], LETTER | HASH);
    !trim(text).is_empty() && !text.iter().any(words)
}

/// Answers the waiting puzzle; its lines after stay on for the next if `shared`.
fn close(
    block: &mut Block,
    shared: bool,
    writer: &mut Writer,
    err: &mut dyn Write,
    name: &str,
    limit: u64,
) -> io::Result<bool> {
    let after = if shared {
        block.lines.clone()
    } else {
        take(&mut block.lines)
    };
    match block.puzzle.take() {
        Some((mut puzzle, before)) => {
            let solutions = write_solutions(&mut puzzle, &before, &after, writer, limit)?;
            if solutions == 0 {
                no_solution(err, name, &puzzle);
            }
            Ok(solutions > 0)
        }
        None if shared => Ok(true),
        None => writer.write(&after).map(|()| true),
    }
}

/// Writes the block of each solution, up to `limit`; the number written.
fn write_solutions(
    puzzle: &mut Puzzle,
    before: &[u8],
    after: &[u8],
    writer: &mut Writer,
    limit: u64,
) -> io::Result<u64> {
    let (between, owed) = separators(&[before, &puzzle.text, after].concat());
    let (givens, mut solutions, mut failed) = (puzzle.givens, 0, Ok(()));
    Search::solve(&givens, &mut |grid| {
        solutions += 1;
        fill_in(puzzle, grid);
        let first = if solutions == 1 {
            &puzzle.label[..]
        } else {
            &between
        };
        failed = [first, before, &puzzle.text, after]
            .iter()
            .try_for_each(|part| writer.write(part));
        failed.is_ok() && solutions < limit
    });
    failed?;
    if solutions > 0 {
        writer.owed = owed;
    }
    Ok(solutions)
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
