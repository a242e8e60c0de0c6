//! --check: judges each answer as a judge's checker would, where any solution is accepted (with
//! --smallest, only the classic's). In its own form (PUZZLES ANSWERS: a line for each answer
//! that is wrong), as a testlib checker (INPUT OUTPUT ANSWER: Polygon, Codeforces) and as a
//! Kattis or DOMjudge output validator (INPUT JUDGE_ANSWER FEEDBACK_DIR, the team's output on
//! standard input).

use super::cores::{with_workers, Ahead, Ticket, AHEAD};
use super::inputs::{at, fail, inputs, misread, worded, Io};
use super::progress::Progress;
use super::puzzles::{has_words, Piece, Squares};
use super::reading::{trim, LineReader, Only, Stop, Taps};
use super::rules::{broken_rule, squares_named, symbol};
use super::search::smallest;
use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::sync::Arc;

/// How --check says its verdict.
pub(crate) enum Form {
	/// A line on standard error for each answer that is wrong; status 0 all accepted, 1 not.
	Own,
	/// testlib's checker: status 0 ok, 1 wrong answer, 2 presentation error, 3 the checker's
	/// failure, one line on standard error.
	Testlib,
	/// Kattis's output validator: status 42 accepted, 43 rejected, each thing wrong in
	/// FEEDBACK_DIR/judgemessage.txt.
	Kattis,
}

/// How the answers are judged: at one side only, if asked; the smallest solution only, if
/// asked; so many pairs at a time.
pub(crate) struct How {
	pub(crate) only: Option<Only>,
	pub(crate) smallest: bool,
	pub(crate) jobs: usize,
}

/// What is wrong: an answer itself (a wrong answer), or the output's form (an answer missing,
/// or that does not read as one, or output after the last answer: testlib's presentation error).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Wrong {
	Answer,
	Form,
}

/// A file of answers judged: how many answers it holds, and the first thing wrong, if any.
struct Judged {
	answers: usize,
	first: Option<(Wrong, String)>,
}

impl Judged {
	/// What is said of answers all accepted: `3 answers accepted`.
	fn accepted(&self) -> String {
		let s = if self.answers == 1 { "" } else { "s" };
		format!("{} answer{s} accepted", self.answers)
	}
}

/// Why a file of answers was not judged: the puzzles cannot be read, or a file cannot be
/// opened (the answers' if `answers`).
struct Failed {
	answers: bool,
	why: String,
}

/// Judges the answers in `files` as `form` asks; the exit status.
pub(crate) fn check_answers(
	files: &[&OsString],
	form: Form,
	how: How,
	io: Io,
	progress: &Progress,
) -> i32 {
	match form {
		Form::Own => match judge([files[0], files[1]], &how, io.stdin, io.err, progress) {
			Ok(judged) => judged.first.is_some() as i32,
			Err(failed) => fail(io.err, failed.why),
		},
		Form::Testlib => testlib(files, &how, io, progress),
		Form::Kattis => kattis(files, &how, io, progress),
	}
}

/// A message of the command as a judging system shows it: without `sudoku: `, on one line.
fn shown(message: &str) -> &str {
	let message = message.strip_prefix("sudoku: ").unwrap_or(message);
	message.lines().next().unwrap_or("")
}

/// The jury's answer checked against the input before anything else: where it is wrong, the
/// checker cannot judge. Err says why.
fn jury(
	files: [&OsString; 2],
	how: &How,
	stdin: &mut dyn Read,
	progress: &Progress,
) -> Result<(), String> {
	match judge(files, how, stdin, &mut io::sink(), progress) {
		Ok(Judged { first: None, .. }) => Ok(()),
		Ok(Judged {
			first: Some((_, why)),
			..
		}) => Err(format!("the jury's answer is wrong: {}", shown(&why))),
		Err(failed) => Err(shown(&failed.why).to_string()),
	}
}

/// testlib's checker: `INPUT OUTPUT ANSWER`, a verdict on one line of standard error.
fn testlib(files: &[&OsString], how: &How, io: Io, progress: &Progress) -> i32 {
	let (input, output, answer) = (files[0], files[1], files[2]);
	let (verdict, status) = match jury([input, answer], how, io.stdin, progress) {
		Err(why) => (format!("FAIL {why}"), 3),
		Ok(()) => match judge([input, output], how, io.stdin, &mut io::sink(), progress) {
			Ok(judged @ Judged { first: None, .. }) => (format!("ok {}", judged.accepted()), 0),
			Ok(Judged {
				first: Some((Wrong::Answer, why)),
				..
			}) => (format!("wrong answer {}", shown(&why)), 1),
			// As testlib's: an output that cannot be read, or more after the answers.
			Ok(Judged {
				first: Some((Wrong::Form, why)),
				..
			}) => (format!("wrong output format {}", shown(&why)), 2),
			Err(Failed { answers: true, why }) => {
				(format!("wrong output format {}", shown(&why)), 2)
			}
			Err(Failed { why, .. }) => (format!("FAIL {}", shown(&why)), 3),
		},
	};
	let _ = io.err.write_all(format!("{verdict}\n").as_bytes());
	status
}

/// Kattis's output validator: `INPUT JUDGE_ANSWER FEEDBACK_DIR [FLAG ...] < TEAM_OUTPUT`, the
/// reasons in FEEDBACK_DIR/judgemessage.txt; a status other than 42 and 43 is the validator's
/// failure (2, said on standard error).
fn kattis(files: &[&OsString], how: &How, io: Io, progress: &Progress) -> i32 {
	let (input, answer) = (files[0], files[1]);
	let path = std::path::Path::new(files[2]).join("judgemessage.txt");
	let named = path.display();
	let mut message = match std::fs::File::create(&path) {
		Ok(file) => io::BufWriter::new(file),
		Err(e) => return fail(io.err, format!("sudoku: {named}: {}\n", worded(&e))),
	};
	let team: OsString = "-".into();
	let judged = jury([input, answer], how, io.stdin, progress)
		.map_err(|why| format!("sudoku: {why}\n"))
		.and_then(|()| {
			let judged = judge([input, &team], how, io.stdin, &mut message, progress);
			judged.map_err(|failed| failed.why)
		});
	let status = match judged {
		Err(why) => {
			let _ = message.write_all(why.as_bytes());
			fail(io.err, why)
		}
		Ok(judged @ Judged { first: None, .. }) => {
			let _ = writeln!(message, "{}", judged.accepted());
			42
		}
		Ok(_) => 43,
	};
	match message.flush() {
		Ok(()) => status,
		Err(e) => fail(io.err, format!("sudoku: {named}: {}\n", worded(&e))),
	}
}

/// What an input holds in a puzzle's place: its number there and first line, and the puzzle
/// (None: `NO SOLUTION`, UVa 989's answer to a puzzle without solution).
struct Entry {
	number: usize,
	line: usize,
	puzzle: Option<Box<dyn Squares>>,
}

/// The text after an input's last puzzle that holds words (a letter, a comment), at most this
/// many bytes of it: output after the last answer is wrong unless it is the puzzles' own.
const AFTER_MOST: usize = 1 << 20;

/// A line of an input, and its number.
type Line = (usize, Vec<u8>);

/// The puzzles of one input (or its answers), one at a time.
struct Puzzles<'t, 'a> {
	reader: LineReader<'t, 'a>,
	read: Vec<Piece>,
	over: bool,
	/// The answers, where `NO SOLUTION` is one.
	answers: bool,
	/// The puzzles (or answers) so far.
	count: usize,
	/// The lines with words since the last puzzle, each with its number, `AFTER_MOST` bytes
	/// at most.
	after: Vec<Line>,
}

impl Puzzles<'_, '_> {
	/// The next puzzle (or answer), None after the last.
	fn next(&mut self) -> Result<Option<Entry>, Stop> {
		loop {
			while let Some(piece) = self.read.pop() {
				let puzzle = match piece {
					Piece::Puzzle(puzzle) => Some(puzzle),
					Piece::Text(text) if self.answers && trim(&text) == b"NO SOLUTION" => {
						self.reader.taken_as_a_puzzle();
						None
					}
					Piece::Text(text) => {
						let room = self.after.iter().map(|(_, t)| t.len()).sum::<usize>();
						if has_words(&text) && room + text.len() <= AFTER_MOST {
							self.after.push((self.reader.line(), text));
						}
						continue;
					}
				};
				self.count += 1;
				self.after.clear();
				let line = puzzle.as_ref().map_or(self.reader.line(), |p| p.place().1);
				return Ok(Some(Entry {
					number: self.count,
					line,
					puzzle,
				}));
			}
			if self.over || !self.reader.next(&mut self.read, &mut || Ok(()))? {
				self.over = true;
				return Ok(None);
			}
			self.read.reverse(); // taken from the end
		}
	}
}

/// Pairs puzzle k of `files[0]` with answer k of `files[1]` and says, one line each to `said`,
/// each answer that is wrong and the first thing wrong with it (answers that do not read as
/// puzzles included, and output after the last answer), `how.jobs` pairs at a time.
fn judge(
	files: [&OsString; 2],
	how: &How,
	stdin: &mut dyn Read,
	said: &mut dyn Write,
	progress: &Progress,
) -> Result<Judged, Failed> {
	let (mut names, mut opened) = (Vec::new(), Vec::new());
	for (k, input) in inputs(&files, stdin).enumerate() {
		let why = |why| Failed {
			answers: k == 1,
			why: format!("sudoku: {}: {why}\n", input.name),
		};
		opened.push(input.opened.map_err(why));
		names.push(input.name);
	}
	let (mut puzzles, mut answers) = match (opened.remove(0), opened.remove(0)) {
		(Ok(puzzles), Ok(answers)) => (puzzles, answers),
		(Err(failed), _) | (_, Err(failed)) => return Err(failed),
	};
	let mut taps = [Taps::new(&mut *puzzles.read), Taps::new(&mut *answers.read)];
	let [puzzles, answers] = &mut taps;
	let [puzzles, answers] = [(puzzles, false), (answers, true)].map(|(taps, answers)| Puzzles {
		reader: LineReader::new(taps, how.only),
		read: Vec::new(),
		over: false,
		answers,
		count: 0,
		after: Vec::new(),
	});
	let said = Said {
		said,
		judged: Judged {
			answers: 0,
			first: None,
		},
		progress,
	};
	let names = [names.remove(0), names.remove(0)];
	judge_each([puzzles, answers], names, how, said)
}

/// Judges each answer in turn, `how.jobs` at a time, the verdicts said in order.
fn judge_each(
	mut inputs: [Puzzles; 2],
	names: [String; 2],
	how: &How,
	mut said: Said,
) -> Result<Judged, Failed> {
	let (named, smallest) = (names.clone(), how.smallest);
	let work = move |(puzzle, answer): Pair, found: &mut dyn FnMut(Verdict) -> bool| {
		found(verdict(puzzle.as_ref(), answer.as_ref(), smallest, &named));
	};
	with_workers((how.jobs, 32), Arc::new(work), |workers| {
		let mut ahead = Ahead::new(workers, AHEAD);
		let unread = loop {
			let (pair, before) = match next_pair(&mut inputs, &names) {
				Ok(Some(read)) => read,
				Ok(None) => break None,
				Err(why) => break Some(why),
			};
			let text = |entry: &Option<Entry>| {
				let puzzle = entry.as_ref().and_then(|entry| entry.puzzle.as_ref());
				puzzle.map_or(0, |puzzle| puzzle.text().len())
			};
			let bytes = text(&pair.0) + text(&pair.1);
			ahead.push((before, workers.hand(pair)), bytes);
			while let Some(waits) = ahead.due() {
				said.say(waits);
			}
		};
		while let Some(waits) = ahead.first() {
			said.say(waits);
		}
		if let Some(why) = unread {
			return Err(Failed {
				answers: false,
				why,
			});
		}
		let [puzzles, answers] = &inputs;
		said.after(&puzzles.after, &answers.after, &names[1]);
		Ok(said.judged)
	})
}

/// A puzzle and its answer, as the check needs them; either may be missing.
type Pair = (Option<Entry>, Option<Entry>);

/// What is wrong with an answer, if anything: of which kind, said how.
type Verdict = Option<(Wrong, String)>;

/// What is said before a pair's verdict (why the answers broke off), and its verdict to come.
type Waits<'w> = (Option<String>, Ticket<'w, Pair, Verdict>);

/// The next puzzle and answer, and why the answers broke off if they just did; None after the
/// last of both, Err why the puzzles cannot be read.
fn next_pair(
	inputs: &mut [Puzzles; 2],
	names: &[String; 2],
) -> Result<Option<(Pair, Option<String>)>, String> {
	let mut next = |k: usize| {
		inputs[k].next().map_err(|stop| match stop {
			Stop::Read(e) => misread(&names[k], &e),
			Stop::Write(e) => format!("sudoku: {e}\n"), // nothing is sent before a read
		})
	};
	let puzzle = next(0)?;
	let one = puzzle.as_ref().and_then(|entry| entry.puzzle.as_ref());
	let one = one.is_some_and(|puzzle| puzzle.side() == 1);
	inputs[1].reader.one_by_one(one);
	let (answer, before) = match inputs[1].next().map_err(|stop| match stop {
		Stop::Read(e) => misread(&names[1], &e),
		Stop::Write(e) => format!("sudoku: {e}\n"),
	}) {
		Ok(answer) => (answer, None),
		// Answers that break off are wrong from there on: the puzzles left miss theirs.
		Err(why) => {
			(inputs[1].over, inputs[1].after) = (true, Vec::new());
			(None, Some(why))
		}
	};
	match (&puzzle, &answer, &before) {
		(None, None, None) => Ok(None),
		_ => Ok(Some(((puzzle, answer), before))),
	}
}

/// Where the verdicts are said, in order, and what they make.
struct Said<'a> {
	said: &'a mut dyn Write,
	judged: Judged,
	progress: &'a Progress,
}

impl Said<'_> {
	/// Says one thing wrong, of kind `wrong`.
	fn wrong(&mut self, wrong: Wrong, why: String) {
		let _ = self.said.write_all(why.as_bytes());
		self.judged.first.get_or_insert((wrong, why));
	}

	/// Says what is said before a pair, and its verdict if the answer is wrong.
	fn say(&mut self, (before, verdict): Waits) {
		if let Some(why) = before {
			self.wrong(Wrong::Form, why);
		}
		verdict.take(&mut |verdict| {
			if let Some((wrong, why)) = verdict {
				self.wrong(wrong, why);
			}
			false
		});
		self.judged.answers += 1;
		self.progress.one_more();
	}

	/// Says the first line with words after the last answer, unless the puzzles end with the
	/// same lines (an answer written in place of its puzzle, the rest kept).
	fn after(&mut self, puzzles: &[Line], answers: &[Line], name: &str) {
		let same = |(a, p): (&Line, &Line)| trim(&a.1) == trim(&p.1);
		let differs = answers.iter().zip(puzzles).position(|pair| !same(pair));
		let first = match differs {
			Some(k) => &answers[k],
			None if answers.len() > puzzles.len() => &answers[puzzles.len()],
			None => return,
		};
		let text = String::from_utf8_lossy(trim(&first.1));
		let what = format!("output after the last answer: {text}");
		self.wrong(Wrong::Form, at(name, first.0, None, &what));
	}
}

/// What is wrong with the answer to a puzzle (either may be missing), said at the answer's
/// place in its file (the puzzle's, if it has none); None if it is accepted.
fn verdict(
	puzzle: Option<&Entry>,
	answer: Option<&Entry>,
	smallest: bool,
	[puzzles, answers]: &[String; 2],
) -> Verdict {
	match (puzzle, answer) {
		(Some(puzzle), None) => {
			let what = format!("puzzle {} has no answer", puzzle.number);
			Some((Wrong::Form, at(puzzles, puzzle.line, None, &what)))
		}
		(None, Some(answer)) => {
			let what = format!("answer {} has no puzzle", answer.number);
			Some((Wrong::Form, at(answers, answer.line, None, &what)))
		}
		(Some(entry), Some(answer)) => {
			let puzzle = entry.puzzle.as_deref().expect("the puzzles are puzzles");
			wrong(puzzle, answer.puzzle.as_deref(), smallest).map(|why| {
				let (number, line) = (entry.number, entry.line);
				let what = format!("answer {number} (to {puzzles}:{line}): {why}");
				(Wrong::Answer, at(answers, answer.line, None, &what))
			})
		}
		(None, None) => None,
	}
}

/// The first thing wrong with `answer` to `puzzle` (None: `NO SOLUTION`), if any: a grid of
/// another size; a given changed; where the puzzle has no solution, a blank filled; else a
/// symbol twice in a row, column or box, a blank left, or (with `only_smallest`) a symbol other
/// than the smallest solution's.
fn wrong(
	puzzle: &dyn Squares,
	answer: Option<&dyn Squares>,
	only_smallest: bool,
) -> Option<String> {
	let (side, givens) = (puzzle.side(), puzzle.givens());
	let got = match answer {
		None => {
			let solution = smallest::<Vec<u8>>(side, givens);
			return solution.map(|_| "NO SOLUTION, but the puzzle has a solution".into());
		}
		Some(answer) if answer.side() != side => {
			let s = answer.side();
			return Some(format!("a {s}x{s} grid, not {side}x{side}"));
		}
		Some(answer) => answer.givens(),
	};
	let (squares, named) = (0..side * side, |p| squares_named(side, &[p]));
	let said = |v| symbol(side, v);
	if let Some(p) = squares
		.clone()
		.find(|&p| givens[p] != 0 && got[p] != givens[p])
	{
		return Some(format!(
			"{} was {}, is {}",
			named(p),
			said(givens[p]),
			said(got[p])
		));
	}
	// A full grid that breaks no rule proves the puzzle solvable: no search unless the answer
	// must be the smallest.
	let full_and_sound = || !got.contains(&0) && broken_rule(side, got).is_none();
	if !only_smallest && full_and_sound() {
		return None;
	}
	let solution = match smallest::<Vec<u8>>(side, givens) {
		Some(solution) if solution == got => return None,
		Some(solution) => solution,
		None => {
			let filled = squares.clone().find(|&p| got[p] != 0 && givens[p] == 0);
			return filled.map(|p| format!("no solution, but {} is {}", named(p), said(got[p])));
		}
	};
	if let Some(why) = broken_rule(side, got) {
		return Some(why);
	}
	match squares.clone().find(|&p| got[p] == 0) {
		Some(p) => Some(format!("{} is blank", named(p))),
		None => squares.clone().find(|&p| got[p] != solution[p]).map(|p| {
			let (is, has) = (said(got[p]), said(solution[p]));
			format!(
				"not the smallest: {} is {is}, the smallest has {has}",
				named(p)
			)
		}),
	}
}
