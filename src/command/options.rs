//! The command line: one table of options, which the parser, the usage and the errors all read,
//! and beside it the rules of which options go together and which values do.

use super::explain::LEVELS;
use std::ffi::OsString;

/// What an option is for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Name {
    Count,
    All,
    Limit,
    Generate,
    Solutions,
    Difficulty,
    Seed,
    Size,
    Check,
    Smallest,
    Explain,
    Rate,
    Jobs,
    Version,
    Help,
}

/// What an option takes after a space or an `=`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Takes {
    Nothing,
    /// A whole number, named so in the usage.
    Number(&'static str),
    /// A level of --rate: 1 to 5, or its name.
    Level,
}

/// One option: its names, what it takes, and what it does, as the usage says it.
struct Opt {
    name: Name,
    short: &'static str,
    long: &'static str,
    takes: Takes,
    help: &'static str,
}

const fn opt(name: Name, short: &'static str, long: &'static str, takes: Takes) -> Opt {
    Opt {
        name,
        short,
        long,
        takes,
        help: "",
    }
}

impl Opt {
    const fn says(self, help: &'static str) -> Opt {
        Opt { help, ..self }
    }
}

use Name::*;
use Takes::{Level, Nothing, Number};

/// Every option, in the order the usage lists them.
const OPTIONS: [Opt; 15] = [
    opt(Count, "", "--count", Nothing).says("write one line per puzzle: its number of solutions"),
    opt(All, "", "--all", Nothing).says("write every solution of every puzzle, smallest first"),
    opt(Limit, "", "--limit", Number("N"))
        .says("with --count or --all: at most N solutions of each puzzle"),
    opt(Generate, "", "--generate", Number("N"))
        .says("write N puzzles, all different, one line each: proper and minimal, or"),
    opt(Solutions, "", "--solutions", Number("K"))
        .says("with exactly K solutions each (0: givens that break no rule, no solution)"),
    opt(Difficulty, "", "--difficulty", Level)
        .says("with --generate: proper, minimal puzzles of level L (1 to 5, or its name)"),
    opt(Seed, "", "--seed", Number("S")).says("with --generate: the same S gives the same puzzles"),
    opt(Size, "", "--size", Number("N")).says(
        "puzzles of side N: 1, 4, 16 or 25 as src/every_size.rs reads them, or 9,\n\
         the default, as src/main.rs does (--explain and --rate: 9 only)",
    ),
    opt(Check, "", "--check", Nothing).says(
        "say each answer that is wrong, and why: it must keep the givens, break\n\
         no rule and fill every blank (a puzzle without solution comes back as is)",
    ),
    opt(Smallest, "", "--smallest", Nothing)
        .says("with --check: the answer must be the smallest solution, the classic's"),
    opt(Explain, "", "--explain", Nothing)
        .says("write the steps a person can follow, then the puzzle solved"),
    opt(Rate, "", "--rate", Nothing).says(
        "write one line per puzzle: its level (1 simple, 2 easy, 3 intermediate,\n\
         4 hard, 5 expert) and its steps of each kind",
    ),
    opt(Jobs, "-j", "--jobs", Number("N")).says(
        "work on N puzzles at a time, one a thread, the output the same (default:\n\
         the cores the machine gives; 1: one thread, reading, answering, writing)",
    ),
    opt(Version, "-V", "--version", Nothing).says("show the version"),
    opt(Help, "-h", "--help", Nothing).says("show this help"),
];

/// The usage: the forms of the command line, then each option of the table.
pub(crate) fn usage() -> String {
    let mut text = String::from(
        "\
usage: sudoku [--size N] [-j N] [FILE ...]
       sudoku --count | --all [--limit N] [--size N] [-j N] [FILE ...]
       sudoku --explain | --rate [-j N] [FILE ...]
       sudoku --generate N [--solutions K | --difficulty L] [--seed S] [--size N] [-j N]
       sudoku --check [--smallest] [--size N] [-j N] PUZZLES ANSWERS

Solves the sudoku puzzles read from each FILE in turn (standard input when there is none,
or for -) and writes the input back with every blank (. 0 ? _ * for 9x9) filled in: with
several solutions, the smallest, as the classic row-by-row search finds it first.

",
    );
    for opt in &OPTIONS {
        let names = match opt.short {
            "" => opt.long.to_string(),
            short => format!("{short}, {}", opt.long),
        };
        let names = match opt.takes {
            Nothing => names,
            Number(value) => format!("{names} {value}"),
            Level => format!("{names} L"),
        };
        let help = opt.help.replace('\n', &format!("\n{:18}", ""));
        text += &format!("  {names:<16}{help}\n");
    }
    text + "\nExit status: 0 every puzzle solved, 1 some puzzle has no solution, 2 bad input or \
            usage,\nor a failure to read or write.\n"
}

/// A command line read against the table: the options given, each with its value (0 for
/// none), and the files.
pub(crate) struct Given<'a> {
    options: Vec<(Name, u64)>,
    pub(crate) files: Vec<&'a OsString>,
}

impl Given<'_> {
    /// Whether `name` is given.
    pub(crate) fn has(&self, name: Name) -> bool {
        self.value(name).is_some()
    }

    /// The value `name` is given with (its last, if given more than once).
    pub(crate) fn value(&self, name: Name) -> Option<u64> {
        let given = self.options.iter().rev().find(|(given, _)| *given == name);
        given.map(|&(_, value)| value)
    }
}

// ---- The rules: which options go together, and which values do.

/// The first rule of the command line that the options given break: why they do not go
/// together, or why a value does not do.
pub(crate) fn clash(given: &Given) -> Option<&'static str> {
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
            !matches!(given.value(Jobs), None | Some(1..=1024)),
            "--jobs takes a whole number from 1 to 1024",
        ),
        (
            size.unwrap_or(9) != 9
                && (given.has(Explain) || given.has(Rate) || given.has(Difficulty)),
            "--explain, --rate and --difficulty are for 9x9 puzzles only",
        ),
    ];
    rules.iter().find(|rule| rule.0).map(|rule| rule.1)
}

/// Reads the command line up to its end, or up to --help or --version (given then with
/// nothing else); Err says why it is not a valid one. `--` ends the options.
pub(crate) fn parse(args: &[OsString]) -> Result<Given<'_>, String> {
    let mut given = Given {
        options: Vec::new(),
        files: Vec::new(),
    };
    let (mut args, mut options_end) = (args.iter(), false);
    while let Some(arg) = args.next() {
        let text = arg.to_string_lossy();
        if options_end || !text.starts_with('-') || text == "-" {
            given.files.push(arg);
            continue;
        }
        if text == "--" {
            options_end = true;
            continue;
        }
        let (name, inline) = match text.split_once('=') {
            Some((name, value)) => (name, Some(value.to_string())),
            None => (&*text, None),
        };
        let known = OPTIONS.iter().find(|o| o.long == name || o.short == name);
        let opt = known.ok_or_else(|| format!("unknown option '{text}'"))?;
        let value = match (opt.takes, inline) {
            (Nothing, None) => 0,
            (Nothing, Some(_)) => return Err(format!("{} takes no value", opt.long)),
            (takes, inline) => {
                let next = || args.next().map(|v| v.to_string_lossy().into_owned());
                value(opt.long, takes, inline.or_else(next))?
            }
        };
        if matches!(opt.name, Help | Version) {
            given.options = vec![(opt.name, 0)];
            return Ok(given);
        }
        given.options.push((opt.name, value));
    }
    Ok(given)
}

/// The value of option `long`: a whole number, digits only, up to the largest a u64 holds; or
/// a level, by number or name.
fn value(long: &str, takes: Takes, value: Option<String>) -> Result<u64, String> {
    let value = value.unwrap_or_default();
    if takes == Level {
        let named = LEVELS
            .iter()
            .position(|&name| name == value)
            .map(|k| k as u64 + 1);
        let level = named.or_else(|| value.parse().ok().filter(|level| (1..=5).contains(level)));
        let levels = "1 to 5, or simple, easy, intermediate, hard or expert";
        return level.ok_or_else(|| format!("{long} takes a level: {levels}"));
    }
    match value.parse() {
        _ if value.is_empty() => Err(format!("{long} takes a whole number")),
        _ if !value.bytes().all(|c| c.is_ascii_digit()) => {
            Err(format!("{long} takes a whole number, not '{value}'"))
        }
        Ok(number) => Ok(number),
        Err(_) => Err(format!(
            "{long} takes a whole number up to {}, not {value}",
            u64::MAX
        )),
    }
}
