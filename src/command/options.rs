//! The command line: one table of options, which the parser, the usage, the errors and their
//! rules all read: each option's names, its value and default, and the modes it goes with.

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
	Check,
	Testlib,
	Kattis,
	Smallest,
	Explain,
	Rate,
	Size,
	Jobs,
	Manual,
	Completions,
	Version,
	Help,
}

/// What an option takes after a space or an `=` (a short one: right after it, `-j4`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Takes {
	Nothing,
	/// A whole number, named so in the usage, from the first bound to the second.
	Number(&'static str, u64, u64),
	/// A level of --rate: 1 to 5, or its name.
	Level,
	/// A puzzle's side, or `any` (0): each puzzle's own.
	Side,
	/// A shell: its number in `SHELLS`.
	Shell,
}

/// Where an option goes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Goes {
	/// It is a mode, the work asked for (without one: solving), and takes these files.
	Mode(Files),
	/// With one of these modes.
	With(&'static [Name]),
	/// With every mode.
	Anywhere,
	/// With every mode but these.
	Except(&'static [Name]),
	/// A form of a mode (its files the form's, not the mode's), with that mode.
	Form(Name, Files),
	/// Alone: it shows a text, whatever else is given after it.
	Alone,
}

/// The files a mode takes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Files {
	/// Any number: none is standard input.
	Any,
	None,
	/// These, as the usage names them, then what `then` says (if anything: any more words,
	/// which are not read).
	Named(&'static [&'static str], &'static str),
}

/// One option: its names, what it takes and its default, where it goes, what the usage says.
pub(crate) struct Opt {
	pub(crate) name: Name,
	pub(crate) short: Option<char>,
	pub(crate) long: &'static str,
	pub(crate) takes: Takes,
	pub(crate) default: Option<u64>,
	pub(crate) goes: Goes,
	pub(crate) help: &'static str,
}

const fn opt(name: Name, long: &'static str, takes: Takes, goes: Goes) -> Opt {
	Opt {
		name,
		short: None,
		long,
		takes,
		default: None,
		goes,
		help: "",
	}
}

impl Opt {
	const fn short(self, short: char) -> Opt {
		Opt {
			short: Some(short),
			..self
		}
	}

	const fn default(self, default: u64) -> Opt {
		Opt {
			default: Some(default),
			..self
		}
	}

	const fn says(self, help: &'static str) -> Opt {
		Opt { help, ..self }
	}
}

use Goes::{Alone, Anywhere, Except, Form, Mode, With};
use Name::*;
use Takes::{Level, Nothing, Number, Shell, Side};

/// A whole number of any size.
const ANY: Takes = Number("N", 0, u64::MAX);

/// Every option, in the order the usage lists them.
pub(crate) const OPTIONS: [Opt; 19] = [
	opt(Count, "--count", Nothing, Mode(Files::Any)).says(
		"write one line per puzzle: its number of solutions (for none, 0 and status 1, \
         as grep -c says it counted none)",
	),
	opt(All, "--all", Nothing, Mode(Files::Any))
		.says("write every solution of every puzzle, smallest first"),
	opt(
		Limit,
		"--limit",
		Number("N", 1, u64::MAX),
		With(&[Count, All]),
	)
	.default(u64::MAX)
	.says("at most N solutions of each puzzle (a count of N: N or more)"),
	opt(Generate, "--generate", ANY, Mode(Files::None)).says(
		"write N puzzles, all different, one line each: proper (one solution) and \
         minimal (no given can go without a second solution)",
	),
	opt(
		Solutions,
		"--solutions",
		Number("K", 0, 1000),
		With(&[Generate]),
	)
	.default(1)
	.says("puzzles with exactly K solutions (0: givens that break no rule, no solution)"),
	opt(Difficulty, "--difficulty", Level, With(&[Generate]))
		.says("proper puzzles of level L, as --rate says (1 to 5, or its name)"),
	opt(Seed, "--seed", Number("S", 0, u64::MAX), With(&[Generate]))
		.says("the same S gives the same puzzles (default: one from the clock, said)"),
	opt(Check, "--check", Nothing, Mode(PUZZLES_ANSWERS)).says(
		"say each answer that is wrong, and why: it must keep the givens, break no rule \
         and fill every blank (a puzzle without solution comes back as it is, or NO \
         SOLUTION); nothing may follow the last answer",
	),
	opt(Testlib, "--testlib", Nothing, Form(Check, TESTLIB)).says(
		"check as a testlib checker (Polygon): status 0 ok, 1 wrong answer, 2 \
         presentation error, 3 checker failure, one line on standard error",
	),
	opt(Kattis, "--kattis", Nothing, Form(Check, KATTIS)).says(
		"check as a Kattis or DOMjudge output validator, the team's output on standard \
         input: status 42 accepted, 43 rejected, why in FEEDBACK_DIR/judgemessage.txt",
	),
	opt(Smallest, "--smallest", Nothing, With(&[Check]))
		.says("the answer must be the smallest solution, the classic's"),
	opt(Explain, "--explain", Nothing, Mode(Files::Any))
		.says("write the steps a person can follow, then the puzzle solved (9x9 only)"),
	opt(Rate, "--rate", Nothing, Mode(Files::Any)).says(
		"write one line per puzzle: its level (1 simple, 2 easy, 3 intermediate, 4 hard, \
         5 expert) and its steps of each kind (9x9 only)",
	),
	opt(Size, "--size", Side, Except(&[Explain, Rate])).says(
		"read only puzzles of side N: 1, 4, 9, 16 or 25 (without it, or with any: each \
         puzzle at the size its text shows; --generate makes 9x9 puzzles without it)",
	),
	opt(Jobs, "--jobs", Number("N", 0, 1024), Anywhere)
		.short('j')
		.default(0)
		.says("work on N puzzles at a time, the output the same (default, 0: every core)"),
	opt(Manual, "--manual", Nothing, Alone).says("write this manual as a man page (roff)"),
	opt(Completions, "--completions", Shell, Alone)
		.says("write the completions of SHELL: bash, zsh or fish"),
	opt(Version, "--version", Nothing, Alone)
		.short('V')
		.says("show the version"),
	opt(Help, "--help", Nothing, Alone)
		.short('h')
		.says("show this help"),
];

/// The files of --check, of its testlib form and of its Kattis form.
const PUZZLES_ANSWERS: Files = Files::Named(&["PUZZLES", "ANSWERS"], "");
const TESTLIB: Files = Files::Named(&["INPUT", "OUTPUT", "ANSWER"], "");
const KATTIS: Files = Files::Named(
	&["INPUT", "JUDGE_ANSWER", "FEEDBACK_DIR"],
	"[FLAG ...] < TEAM_OUTPUT",
);

/// The sides --size takes.
const SIDES: [u64; 5] = [1, 4, 9, 16, 25];

/// The shells --completions writes for.
pub(crate) const SHELLS: [&str; 3] = ["bash", "zsh", "fish"];

/// What the usage and the manual say the command does.
pub(crate) const ABOUT: &str = "Solves the sudoku puzzles of each FILE in turn (standard input \
    when there is none, or for -) and writes the input back with every blank filled in: with \
    several solutions, the smallest, the one the classic row-by-row search finds first.";

/// What the usage and the manual say of the exit status.
pub(crate) const STATUS: &str = "0 every puzzle solved, 1 some puzzle has no solution \
    (--check: some answer is wrong), 2 bad input or usage, or a failure to read or write; \
    --testlib and --kattis as those systems ask.";

/// The option named `name`.
fn named(name: Name) -> &'static Opt {
	OPTIONS
		.iter()
		.find(|opt| opt.name == name)
		.expect("every name is in the table")
}

impl Opt {
	/// Its names and its value as the usage writes them: `-j, --jobs N`.
	pub(crate) fn names(&self) -> String {
		let names = match self.short {
			Some(short) => format!("-{short}, {}", self.long),
			None => self.long.to_string(),
		};
		match self.value_name() {
			Some(value) => format!("{names} {value}"),
			None => names,
		}
	}

	/// The name of its value in the usage, if it takes one.
	pub(crate) fn value_name(&self) -> Option<&'static str> {
		match self.takes {
			Nothing => None,
			Number(value, ..) => Some(value),
			Level => Some("L"),
			Side => Some("N"),
			Shell => Some("SHELL"),
		}
	}

	/// The values it takes, where they are few: for completions.
	pub(crate) fn values(&self) -> Vec<String> {
		let numbers = |n: std::ops::RangeInclusive<u64>| n.map(|n| n.to_string());
		match self.takes {
			Level => numbers(1..=5).chain(LEVELS.map(String::from)).collect(),
			Side => SIDES
				.iter()
				.map(u64::to_string)
				.chain(["any".into()])
				.collect(),
			Shell => SHELLS.map(String::from).to_vec(),
			Nothing | Number(..) => Vec::new(),
		}
	}

	/// How the usage names it in a form of the command line: `--limit N`, `-j N`.
	fn in_form(&self) -> String {
		let name = self
			.short
			.map_or(self.long.to_string(), |short| format!("-{short}"));
		match self.value_name() {
			Some(value) => format!("{name} {value}"),
			None => name,
		}
	}

	/// Whether it goes with the mode `mode` (None: solving).
	fn goes_with(&self, mode: Option<Name>) -> bool {
		match self.goes {
			Mode(_) => Some(self.name) == mode,
			With(modes) => mode.is_some_and(|mode| modes.contains(&mode)),
			Form(of, _) => mode == Some(of),
			Anywhere => true,
			Except(modes) => mode.map_or(true, |mode| !modes.contains(&mode)),
			Alone => false,
		}
	}
}

/// The usage: the forms of the command line, then each option of the table, within 80 columns.
pub(crate) fn usage() -> String {
	let mut text = String::new();
	for (k, form) in forms().iter().enumerate() {
		let start = if k == 0 { "usage:" } else { "      " };
		text += &wrapped(
			[start].into_iter().chain(form.iter().map(|part| &part[..])),
			14,
		);
	}
	text += &wrapped(format!("\n{ABOUT}").split(' '), 0);
	text += "\n";
	let width = OPTIONS
		.iter()
		.map(|opt| opt.names().len())
		.max()
		.unwrap_or(0)
		+ 1;
	for opt in &OPTIONS {
		let names = format!("  {:<width$}", opt.names());
		text += &wrapped(
			[&names[..]].into_iter().chain(opt.help.split(' ')),
			width + 3,
		);
	}
	text + &wrapped(format!("\nExit status: {STATUS}").split(' '), 0)
}

/// The forms of the command line, one for each mode (solving first) and each form of a mode,
/// each in parts: `sudoku`, `--count`, `[--limit N]`, `[--size N]`, `[-j N]`, `[FILE ...]`.
pub(crate) fn forms() -> Vec<Vec<String>> {
	let modes = OPTIONS.iter().filter_map(|opt| match opt.goes {
		Mode(files) => Some((Some(opt), None, files)),
		Form(mode, files) => Some((Some(named(mode)), Some(opt), files)),
		_ => None,
	});
	let forms =
		[(None, None, Files::Any)]
			.into_iter()
			.chain(modes)
			.map(|(mode, form_of, files)| {
				let mut form = vec!["sudoku".to_string()];
				form.extend(mode.iter().chain(&form_of).map(|opt| opt.in_form()));
				let others = OPTIONS.iter().filter(|opt| {
					!matches!(opt.goes, Mode(_) | Form(..) | Alone)
						&& opt.goes_with(mode.map(|mode| mode.name))
				});
				form.extend(others.map(|other| format!("[{}]", other.in_form())));
				match files {
					Files::Any => form.push("[FILE ...]".to_string()),
					Files::None => {}
					Files::Named(names, then) => {
						form.extend(names.iter().map(|name| name.to_string()));
						form.extend(then.split(' ').filter(|w| !w.is_empty()).map(String::from));
					}
				}
				form
			});
	forms.collect()
}

/// The words joined by spaces into lines of 80 columns at most, each line after the first
/// indented by `indent`; a line break at the end.
fn wrapped<'a>(words: impl Iterator<Item = &'a str>, indent: usize) -> String {
	let (mut text, mut column) = (String::new(), 0);
	for (k, word) in words.enumerate() {
		let fits = column + 1 + word.trim_end_matches('\n').len() <= 80;
		if k > 0 && fits {
			text.push(' ');
			column += 1;
		} else if k > 0 {
			text += &format!("\n{:indent$}", "");
			column = indent;
		}
		text += word;
		column = match word.rfind('\n') {
			Some(at) => word.len() - at - 1,
			None => column + word.len(),
		};
	}
	text + "\n"
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
		self.options.iter().any(|&(given, _)| given == name)
	}

	/// The value `name` is given with (its last, if given more than once), else its default.
	pub(crate) fn value(&self, name: Name) -> Option<u64> {
		let given = self.options.iter().rev().find(|(given, _)| *given == name);
		given.map(|&(_, value)| value).or(named(name).default)
	}

	/// The form of its mode given (`--testlib`, `--kattis`), if any.
	pub(crate) fn form(&self) -> Option<Name> {
		let form = self
			.options
			.iter()
			.find(|&&(name, _)| matches!(named(name).goes, Form(..)));
		form.map(|&(name, _)| name)
	}

	/// The mode given, if any (None: solving).
	pub(crate) fn mode(&self) -> Option<Name> {
		let mode = self
			.options
			.iter()
			.find(|&&(name, _)| matches!(named(name).goes, Mode(_)));
		mode.map(|&(name, _)| name)
	}
}

// ---- The rules: which options go together, and which values do.

/// `--a`, `--a or --b`, `--a, --b or --c`.
fn either(names: &[Name]) -> String {
	let longs: Vec<&str> = names.iter().map(|&name| named(name).long).collect();
	match longs.split_last() {
		Some((last, [])) => last.to_string(),
		Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
		None => String::new(),
	}
}

/// The first rule of the command line that the options given break: why they do not go
/// together (the table's modes, where each option goes, the files each mode takes), or why a
/// value does not do.
pub(crate) fn clash(given: &Given) -> Option<String> {
	let modes: Vec<Name> = OPTIONS
		.iter()
		.filter(|opt| matches!(opt.goes, Mode(_)) && given.has(opt.name))
		.map(|opt| opt.name)
		.collect();
	if let [first, second, ..] = modes[..] {
		return Some(format!(
			"{} does not go with {}",
			named(first).long,
			named(second).long
		));
	}
	let mode = given.mode();
	for opt in OPTIONS.iter().filter(|opt| given.has(opt.name)) {
		let goes = opt.goes_with(mode);
		match opt.goes {
			With(modes) if !goes => {
				return Some(format!("{} goes with {}", opt.long, either(modes)))
			}
			Form(of, _) if !goes => {
				return Some(format!("{} goes with {}", opt.long, named(of).long))
			}
			Except(_) if !goes => {
				let mode = mode.map_or("", |mode| named(mode).long);
				return Some(format!("{} does not go with {mode}", opt.long));
			}
			_ => {}
		}
	}
	let forms: Vec<&Opt> = OPTIONS
		.iter()
		.filter(|opt| matches!(opt.goes, Form(..)) && given.has(opt.name))
		.collect();
	if let [first, second, ..] = forms[..] {
		return Some(format!("{} does not go with {}", first.long, second.long));
	}
	let files = &given.files;
	let (used, files_taken) = match (mode.map(named), forms.first().map(|form| form.goes)) {
		(Some(mode), Some(Form(_, files))) => (format!("{} {}", mode.long, forms[0].long), files),
		(Some(mode), _) => match mode.goes {
			Mode(files) => (mode.long.to_string(), files),
			_ => (String::new(), Files::Any),
		},
		_ => (String::new(), Files::Any),
	};
	match files_taken {
		Files::None if !files.is_empty() => return Some(format!("{used} takes no file")),
		Files::Named(names, then)
			if files.len() < names.len() || files.len() > names.len() && then.is_empty() =>
		{
			let count = ["no", "one", "two", "three"][names.len().min(3)];
			let (last, rest) = names.split_last().expect("a file at least");
			let names = match rest {
				[] => last.to_string(),
				_ => format!("{} and {last}", rest.join(", ")),
			};
			let more = if then.is_empty() {
				""
			} else {
				" (then the system's flags)"
			};
			return Some(format!("{used} takes {count} files, {names}{more}"));
		}
		_ => {}
	}
	if files.iter().filter(|f| **f == "-").count() > 1 {
		return Some("- is named twice: standard input is read once".into());
	}
	value_clash(given)
}

/// Why values given do not go together, if they do not.
fn value_clash(given: &Given) -> Option<String> {
	let rules = [
		(
			given.has(Difficulty) && given.value(Solutions) != Some(1),
			"--difficulty makes proper puzzles: not with --solutions other than 1",
		),
		(
			given.has(Difficulty) && given.value(Size).is_some_and(|side| side != 9),
			"--difficulty is for 9x9 puzzles only",
		),
		(
			given.value(Size) == Some(0) && given.has(Generate),
			"--generate makes puzzles of one size: not --size any",
		),
	];
	let broken = rules.iter().find(|rule| rule.0);
	broken.map(|rule| rule.1.to_string())
}

/// Reads the command line up to its end, or up to an option that goes alone (--help, then
/// given with nothing else), as getopt does: `--limit 2`, `--limit=2`, `-j 4`, `-j4`, `-hV`;
/// `--` ends the options, and `-` is a file. Err says why it is not a valid one.
pub(crate) fn parse(args: &[OsString]) -> Result<Given<'_>, String> {
	let mut given = Given {
		options: Vec::new(),
		files: Vec::new(),
	};
	let mut args = args.iter();
	while let Some(arg) = args.next() {
		let text = arg.to_string_lossy();
		if text == "--" {
			given.files.extend(args);
			break;
		}
		if !text.starts_with('-') || text == "-" {
			given.files.push(arg);
			continue;
		}
		for (opt, inline) in options_in(&text)? {
			let value = match (opt.takes, inline) {
				(Nothing, None) => 0,
				(Nothing, Some(_)) => return Err(format!("{} takes no value", opt.long)),
				(takes, inline) => {
					let next = || args.next().map(|v| v.to_string_lossy().into_owned());
					value(opt.long, takes, inline.or_else(next))?
				}
			};
			if opt.goes == Alone {
				given.options = vec![(opt.name, value)];
				given.files.clear();
				return Ok(given);
			}
			given.options.push((opt.name, value));
		}
	}
	Ok(given)
}

/// The options an argument names, each with the value written in it, if any: `--limit=2`,
/// `--count`; short ones side by side, the first that takes a value taking the rest (`-hV`,
/// `-j4`, `-j=4`).
fn options_in(text: &str) -> Result<Vec<(&'static Opt, Option<String>)>, String> {
	if let Some(long) = text.strip_prefix("--") {
		let (name, inline) = match long.split_once('=') {
			Some((name, value)) => (name, Some(value.to_string())),
			None => (long, None),
		};
		let known = OPTIONS.iter().find(|opt| opt.long[2..] == *name);
		let opt = known.ok_or_else(|| format!("unknown option '{text}'"))?;
		return Ok(vec![(opt, inline)]);
	}
	let mut found = Vec::new();
	for (at, short) in text[1..].char_indices() {
		let known = OPTIONS.iter().find(|opt| opt.short == Some(short));
		let opt = known.ok_or_else(|| format!("unknown option '-{short}'"))?;
		let rest = &text[1 + at + short.len_utf8()..];
		match (opt.takes, rest.strip_prefix('=')) {
			(Nothing, Some(_)) => found.push((opt, Some(rest.into()))),
			(Nothing, None) => {
				found.push((opt, None));
				continue;
			}
			(_, _) if rest.is_empty() => found.push((opt, None)),
			(_, inline) => found.push((opt, Some(inline.unwrap_or(rest).into()))),
		}
		break;
	}
	Ok(found)
}

/// The value of option `long`: a whole number, digits only, within its bounds; a level, by
/// number or name; a side.
fn value(long: &str, takes: Takes, value: Option<String>) -> Result<u64, String> {
	let value = value.unwrap_or_default();
	let (least, most) = match takes {
		Level => {
			let named = LEVELS.iter().position(|&name| name == value);
			let level = named
				.map(|k| k as u64 + 1)
				.or_else(|| value.parse().ok().filter(|level| (1..=5).contains(level)));
			let levels = "1 to 5, or simple, easy, intermediate, hard or expert";
			return level.ok_or_else(|| format!("{long} takes a level: {levels}"));
		}
		Side => {
			let side = match &*value {
				"any" => Some(0),
				value => value.parse().ok().filter(|side| SIDES.contains(side)),
			};
			return side.ok_or_else(|| format!("{long} takes 1, 4, 9, 16, 25 or any"));
		}
		Shell => {
			let shell = SHELLS.iter().position(|&shell| shell == value);
			return shell
				.map(|k| k as u64)
				.ok_or_else(|| format!("{long} takes bash, zsh or fish"));
		}
		Number(_, least, most) => (least, most),
		Nothing => (0, 0),
	};
	let number = match value.parse() {
		_ if value.is_empty() => return Err(format!("{long} takes a whole number")),
		_ if !value.bytes().all(|c| c.is_ascii_digit()) => {
			return Err(format!("{long} takes a whole number, not '{value}'"))
		}
		Ok(number) => number,
		Err(_) => {
			let most = u64::MAX;
			return Err(format!(
				"{long} takes a whole number up to {most}, not {value}"
			));
		}
	};
	match (least, most) {
		_ if (least..=most).contains(&number) => Ok(number),
		(0, most) => Err(format!("{long} takes a whole number up to {most}")),
		(least, u64::MAX) => Err(format!("{long} takes a whole number from {least} up")),
		(least, most) => Err(format!(
			"{long} takes a whole number from {least} to {most}"
		)),
	}
}
