//! --explain and --rate: the steps a person can follow, one per line, and the hardest kind of
//! step a puzzle needs. A person's method, in the order people reach for it: a square with one
//! digit left takes it; a digit with one square left in a row, column or box goes there; a
//! digit locked in one line of a box (or one box of a line) leaves the rest of that line (or
//! box); two squares of a unit with the same two digits (or two digits with the same two
//! squares) keep them to themselves; and only when none of those applies, a guess, in the
//! classic's order, so that the explanation ends at the classic's answer.

use super::judge::Search;
use super::rules::{broken_rule, squares_named, unit_name, units_of, UNITS};
use super::search::nine;

/// The steps a wrong guess may take to fail before the explanation says only that it fails.
const SHOWN: usize = 200;

/// Every digit, bit d for digit d.
const ALL: u16 = 0b11_1111_1110;

/// The digits of a mask (bit d for digit d): `3 6 9`.
fn digits_named(mask: u16) -> String {
	let digits: Vec<String> = (1..=9)
		.filter(|d| mask >> d & 1 != 0)
		.map(|d| d.to_string())
		.collect();
	digits.join(" ")
}

/// Why a board has no solution.
#[derive(Clone, Copy)]
enum DeadEnd {
	/// This square has no digit left.
	NoDigit(usize),
	/// This digit has no square left in this unit.
	NoSquare(u8, usize),
	/// Every way on fails, in more steps than are shown.
	TooLong,
}

/// One step of the explanation.
enum Step {
	/// Digit d goes to square p: its only digit left (None), or its only square in a unit.
	Place(usize, u8, Option<usize>),
	/// Digit d of the first unit lies in the second: it leaves these squares of the second.
	Locked(Vec<usize>, u8, usize, usize),
	/// Two squares hold the same two digits (a mask): they leave these squares of their unit.
	Pair(Vec<usize>, u16, [usize; 2]),
	/// Two digits have the same two squares in a unit: these other digits leave those squares.
	HiddenPair([usize; 2], u16, u16, usize),
	/// Digit d tried at square p, of the digits it has left.
	Guess(usize, u8, u16),
	/// The guess of digit d at square p fails.
	Fails(usize, u8, DeadEnd),
}

impl DeadEnd {
	fn said(self) -> String {
		match self {
			DeadEnd::NoDigit(p) => format!("{} has no digit left", squares_named(9, &[p])),
			DeadEnd::NoSquare(d, u) => format!("no square for {} in {}", d, unit_name(9, u)),
			DeadEnd::TooLong => "it leads to no solution (too many steps to show)".into(),
		}
	}
}

impl Step {
	fn said(&self) -> String {
		match self {
			Step::Place(p, d, None) => {
				format!("{} = {}: only digit left", squares_named(9, &[*p]), d)
			}
			Step::Place(p, d, Some(u)) => format!(
				"{} = {}: only square for {} in {}",
				squares_named(9, &[*p]),
				d,
				d,
				unit_name(9, *u)
			),
			Step::Locked(gone, d, from, into) => format!(
				"{} <> {}: {} of {} lies in {}",
				squares_named(9, gone),
				d,
				d,
				unit_name(9, *from),
				unit_name(9, *into)
			),
			Step::Pair(gone, pair, two) => format!(
				"{} <> {}: pair {} in {}",
				squares_named(9, gone),
				digits_named(*pair),
				digits_named(*pair),
				squares_named(9, two)
			),
			Step::HiddenPair(two, gone, pair, u) => format!(
				"{} <> {}: hidden pair {} in {}",
				squares_named(9, two),
				digits_named(*gone),
				digits_named(*pair),
				unit_name(9, *u)
			),
			Step::Guess(p, d, of) => format!(
				"guess {} = {} (of {})",
				squares_named(9, &[*p]),
				d,
				digits_named(*of)
			),
			Step::Fails(p, d, why) => {
				format!("{} = {} fails: {}", squares_named(9, &[*p]), d, why.said())
			}
		}
	}
}

/// A person's grid in pencil: the digits placed (0: none yet), the marks of those each empty
/// square can still take (bit d), and those each unit holds.
#[derive(Clone)]
struct Marks {
	digits: [u8; 81],
	can: [u16; 81],
	holds: [u16; 27],
}

impl Marks {
	/// The marks of the givens, or the unit that holds a digit twice.
	fn new(givens: &[u8; 81]) -> Result<Marks, String> {
		if let Some(why) = broken_rule(9, givens) {
			return Err(why);
		}
		let mut marks = Marks {
			digits: [0; 81],
			can: [ALL; 81],
			holds: [0; 27],
		};
		for (p, &d) in givens.iter().enumerate().filter(|&(_, &d)| d != 0) {
			marks.place(p, d);
		}
		Ok(marks)
	}

	/// Digit d goes to square p: it leaves p's row, column and box.
	fn place(&mut self, p: usize, d: u8) {
		self.digits[p] = d;
		self.can[p] = 0;
		for u in units_of(9, p) {
			self.holds[u] |= 1 << d;
			for q in UNITS[u] {
				self.can[q] &= !(1 << d);
			}
		}
	}

	/// The digits of unit u that can go in one of its squares (bit d), and in two or more.
	fn once_twice(&self, u: usize) -> (u16, u16) {
		UNITS[u].iter().fold((0, 0), |(once, twice), &q| {
			(once | self.can[q], twice | once & self.can[q])
		})
	}

	/// An empty square with no digit left, or a digit with no square left in a unit.
	fn dead_end(&self) -> Option<DeadEnd> {
		let empty = |p: &usize| self.digits[*p] == 0 && self.can[*p] == 0;
		if let Some(p) = (0..81).find(empty) {
			return Some(DeadEnd::NoDigit(p));
		}
		for u in 0..27 {
			let nowhere = ALL & !self.once_twice(u).0 & !self.holds[u];
			if nowhere != 0 {
				return Some(DeadEnd::NoSquare(nowhere.trailing_zeros() as u8, u));
			}
		}
		None
	}

	/// The simplest step there is, None if only a guess is left.
	fn next_step(&self) -> Option<Step> {
		if let Some(p) = (0..81).find(|&p| self.can[p].count_ones() == 1) {
			return Some(Step::Place(p, self.can[p].trailing_zeros() as u8, None));
		}
		for u in 0..27 {
			let (once, twice) = self.once_twice(u);
			let single = once & !twice;
			if single != 0 {
				let d = single.trailing_zeros() as u8;
				let p = Marks::in_mask(u, self.place_mask(u, d))[0];
				return Some(Step::Place(p, d, Some(u)));
			}
		}
		self.locked().or_else(|| self.pair())
	}

	/// The squares of unit u that can take digit d, as a mask: bit i for its square i.
	fn place_mask(&self, u: usize, d: u8) -> u16 {
		let places = UNITS[u].iter().enumerate();
		places.fold(0, |mask, (i, &q)| mask | (self.can[q] >> d & 1) << i)
	}

	/// The squares of unit u in a mask of them.
	fn in_mask(u: usize, mask: u16) -> Vec<usize> {
		(0..9)
			.filter(|i| mask >> i & 1 != 0)
			.map(|i| UNITS[u][i])
			.collect()
	}

	/// A digit whose squares in a box lie in one line (or in a line, in one box) that can
	/// still go elsewhere in the other.
	fn locked(&self) -> Option<Step> {
		// Boxes first (a digit pointing along a line), then lines (a digit claiming a box).
		let units = (18..27).chain(0..18);
		for (from, d) in units.flat_map(|u| (1..=9).map(move |d| (u, d))) {
			let mask = self.place_mask(from, d);
			// Within a box, its rows and then its columns; within a line, its boxes.
			let parts: &[u16] = match from {
				18.. => &[0o7, 0o70, 0o700, 0o111, 0o222, 0o444],
				_ => &[0o7, 0o70, 0o700],
			};
			if mask.count_ones() < 2 || !parts.iter().any(|&part| mask & part == mask) {
				continue;
			}
			let places = Marks::in_mask(from, mask);
			let shared = units_of(9, places[0])
				.into_iter()
				.filter(|&u| u != from && (u < 18) != (from < 18))
				.find(|&u| places.iter().all(|&q| units_of(9, q).contains(&u)));
			if let Some(into) = shared {
				let gone: Vec<usize> = Marks::in_mask(into, self.place_mask(into, d))
					.into_iter()
					.filter(|q| !places.contains(q))
					.collect();
				if !gone.is_empty() {
					return Some(Step::Locked(gone, d, from, into));
				}
			}
		}
		None
	}

	/// Two squares of a unit with the same two digits, or two digits with the same two
	/// squares, that take something away.
	fn pair(&self) -> Option<Step> {
		for (u, units) in UNITS.iter().enumerate() {
			for (i, &a) in units.iter().enumerate() {
				let pair = self.can[a];
				if pair.count_ones() != 2 {
					continue;
				}
				for &b in units[i + 1..].iter().filter(|&&b| self.can[b] == pair) {
					let gone: Vec<usize> = units
						.iter()
						.copied()
						.filter(|&q| q != a && q != b && self.can[q] & pair != 0)
						.collect();
					if !gone.is_empty() {
						return Some(Step::Pair(gone, pair, [a, b]));
					}
				}
			}
			let masks = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(|d| self.place_mask(u, d as u8));
			for (d, e) in (1..=9).flat_map(|d| (d + 1..=9).map(move |e| (d, e))) {
				if masks[d].count_ones() == 2 && masks[d] == masks[e] {
					let two = Marks::in_mask(u, masks[d]);
					let pair = 1 << d | 1 << e;
					let gone = (self.can[two[0]] | self.can[two[1]]) & !pair;
					if gone != 0 {
						return Some(Step::HiddenPair([two[0], two[1]], gone, pair, u));
					}
				}
			}
		}
		None
	}

	/// Makes a step's change.
	fn apply(&mut self, step: &Step) {
		match step {
			Step::Place(p, d, _) => self.place(*p, *d),
			Step::Locked(gone, d, _, _) => gone.iter().for_each(|&q| self.can[q] &= !(1 << d)),
			Step::Pair(gone, pair, _) => gone.iter().for_each(|&q| self.can[q] &= !pair),
			Step::HiddenPair(two, gone, _, _) => two.iter().for_each(|&q| self.can[q] &= !gone),
			Step::Guess(..) | Step::Fails(..) => {}
		}
	}
}

/// How a search of the explanation ended.
enum Outcome {
	Solved,
	Dead(DeadEnd),
	TooLong,
}

/// The explanation so far (each step with its depth: how many wrong guesses it lies under) and
/// the steps a wrong guess has left to fail in.
struct Explanation {
	steps: Steps,
	left: usize,
}

impl Explanation {
	/// Steps until `marks` is solved or dead; guesses in the classic's order (the first empty
	/// square, its smallest digit first). `answer`, the classic's, tells a right guess from a
	/// wrong one, which is then followed on a copy until it fails.
	fn search(&mut self, marks: &mut Marks, answer: Option<&[u8; 81]>, depth: usize) -> Outcome {
		loop {
			if let Some(why) = marks.dead_end() {
				return Outcome::Dead(why);
			}
			if depth > 0 {
				if self.left == 0 {
					return Outcome::TooLong;
				}
				self.left -= 1;
			}
			if let Some(step) = marks.next_step() {
				marks.apply(&step);
				self.steps.push((depth, step));
				continue;
			}
			let p = match marks.digits.iter().position(|&d| d == 0) {
				Some(p) => p,
				None => return Outcome::Solved,
			};
			let d = marks.can[p].trailing_zeros() as u8;
			self.steps.push((depth, Step::Guess(p, d, marks.can[p])));
			if answer.is_some_and(|answer| answer[p] == d) {
				marks.place(p, d);
				continue;
			}
			let (mut trial, shown) = (marks.clone(), self.steps.len());
			trial.place(p, d);
			if depth == 0 {
				self.left = SHOWN;
			}
			let why = match self.search(&mut trial, None, depth + 1) {
				Outcome::Solved => {
					*marks = trial;
					return Outcome::Solved;
				}
				Outcome::Dead(why) => why,
				Outcome::TooLong if depth == 0 => {
					self.steps.truncate(shown);
					DeadEnd::TooLong
				}
				Outcome::TooLong => return Outcome::TooLong,
			};
			self.steps.push((depth, Step::Fails(p, d, why)));
			marks.can[p] &= !(1 << d);
		}
	}
}

/// Steps, each with its depth (how many wrong guesses it lies under).
type Steps = Vec<(usize, Step)>;

/// The explanation of a puzzle, one line a step, and the classic's answer if it has one (else
/// why there is none).
fn explained(givens: &[u8; 81]) -> (Steps, Result<[u8; 81], String>) {
	let mut marks = match Marks::new(givens) {
		Ok(marks) => marks,
		Err(why) => return (Vec::new(), Err(why)),
	};
	let mut answer = None;
	Search::solve(givens, &mut |solved| {
		answer = Some(*solved);
		false
	});
	let mut explanation = Explanation {
		steps: Vec::new(),
		left: SHOWN,
	};
	match explanation.search(&mut marks, answer.as_ref(), 0) {
		Outcome::Solved => (explanation.steps, Ok(marks.digits)),
		Outcome::Dead(why) => (explanation.steps, Err(why.said())),
		Outcome::TooLong => (explanation.steps, Err(DeadEnd::TooLong.said())),
	}
}

/// The kinds of step, easiest first: level k + 1 is that of `LEVELS[k]`.
pub(crate) const LEVELS: [&str; 5] = ["simple", "easy", "intermediate", "hard", "expert"];

/// How many steps of each kind an explanation takes: singles, hidden singles, locked digits,
/// pairs, guesses; and its level, 1 to 5, from the hardest kind it needs.
pub(crate) fn rating(givens: &[u8; 81]) -> Option<(usize, [usize; 5])> {
	let (steps, answer) = explained(givens);
	answer.ok().map(|_| counted(&steps))
}

/// The level of an explanation and its steps of each kind.
fn counted(steps: &[(usize, Step)]) -> (usize, [usize; 5]) {
	let mut counts = [0; 5];
	for (_, step) in steps {
		let kind = match step {
			Step::Place(_, _, None) => 0,
			Step::Place(_, _, Some(_)) => 1,
			Step::Locked(..) => 2,
			Step::Pair(..) | Step::HiddenPair(..) => 3,
			Step::Guess(..) => 4,
			Step::Fails(..) => continue,
		};
		counts[kind] += 1;
	}
	let level = 1 + (0..5).rev().find(|&k| counts[k] > 0).unwrap_or(0);
	(level, counts)
}

/// --rate's line for a puzzle (its givens): its level and its steps of each kind, or `no
/// solution`; and whether it has one.
pub(crate) fn rated(givens: &[u8]) -> (String, bool) {
	match rating(&nine(givens)) {
		None => ("no solution".into(), false),
		Some((level, [singles, hidden, locked, pairs, guesses])) => {
			let name = LEVELS[level - 1];
			let steps = format!(
                "singles {singles}, hidden {hidden}, locked {locked}, pairs {pairs}, guesses {guesses}"
            );
			(format!("{level} {name} ({steps})"), true)
		}
	}
}

/// --explain: a puzzle's steps (its givens), one per line, ending with why it has no solution
/// if it has none; and the answer they end at.
pub(crate) fn explain(givens: &[u8]) -> (String, Option<[u8; 81]>) {
	let (steps, answer) = explained(&nine(givens));
	let mut lines = String::new();
	for (depth, step) in &steps {
		lines += &format!("{}{}\n", "  ".repeat(*depth), step.said());
	}
	if let Err(why) = &answer {
		lines += &format!("no solution: {why}\n");
	}
	(lines, answer.ok())
}
