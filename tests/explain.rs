//! --explain and --rate, tools of the command. Every step of an explanation is replayed by a
//! checker written here from the rules alone (the digits each square can still take, and each
//! claim true where it is made), on generated and hand-made puzzles, and must end at the
//! classic's answer; a step made false on purpose is caught; the levels of --rate are checked
//! against solvers of one kind of step written here; --generate --difficulty is rated as asked.

use crate::common;

use common::{cells, count_solutions, line, smallest_solution, sudoku, unit, CLASH, DEAD, PUZZLE};

/// The digits placed, and those each empty square can still take (bit d; 0 once filled).
#[derive(Clone)]
struct State {
	digits: [u8; 81],
	can: [u16; 81],
}

/// Squares p and q share a row, column or box.
fn peers(p: usize, q: usize) -> bool {
	p != q && (p / 9 == q / 9 || p % 9 == q % 9 || (p / 27, p % 9 / 3) == (q / 27, q % 9 / 3))
}

impl State {
	fn new(givens: &[u8; 81]) -> State {
		let mut can = [0; 81];
		for p in (0..81).filter(|&p| givens[p] == 0) {
			for d in 1..=9 {
				if !(0..81).any(|q| peers(p, q) && givens[q] == d) {
					can[p] |= 1 << d;
				}
			}
		}
		State {
			digits: *givens,
			can,
		}
	}

	fn place(&mut self, p: usize, d: u8) -> Result<(), String> {
		if self.can[p] >> d & 1 == 0 {
			return Err(format!("square {} cannot take {}", p, d));
		}
		self.digits[p] = d;
		self.can[p] = 0;
		for q in (0..81).filter(|&q| peers(p, q)) {
			self.can[q] &= !(1 << d);
		}
		Ok(())
	}

	/// Takes `digits` from each of `squares`, each of which must lose one at least.
	fn remove(&mut self, squares: &[usize], digits: u16) -> Result<(), String> {
		for &q in squares {
			if self.can[q] & digits == 0 {
				return Err(format!("square {} loses nothing", q));
			}
			self.can[q] &= !digits;
		}
		Ok(())
	}

	/// The squares of unit u that can take d.
	fn places(&self, u: usize, d: u8) -> Vec<usize> {
		let squares = (0..9).map(|i| unit(u, i));
		squares.filter(|&q| self.can[q] >> d & 1 != 0).collect()
	}

	fn holds(&self, u: usize, d: u8) -> bool {
		(0..9).any(|i| self.digits[unit(u, i)] == d)
	}

	/// Whether `reason`, as the explanation words it, is true of this state.
	fn dead(&self, reason: &str) -> bool {
		let words: Vec<&str> = reason.split(' ').collect();
		match words[..] {
			[square, "has", "no", "digit", "left"] => {
				let q = named_square(square);
				self.digits[q] == 0 && self.can[q] == 0
			}
			["no", "square", "for", d, "in", kind, n] => {
				let (u, d) = (named_unit(kind, n), d.parse().unwrap());
				!self.holds(u, d) && self.places(u, d).is_empty()
			}
			_ => false,
		}
	}
}

fn named_square(name: &str) -> usize {
	let b = name.as_bytes();
	assert!(
		b.len() == 4 && b[0] == b'r' && b[2] == b'c',
		"a square: {}",
		name
	);
	9 * (b[1] - b'1') as usize + (b[3] - b'1') as usize
}

fn named_unit(kind: &str, n: &str) -> usize {
	let n: usize = n.parse().unwrap();
	let kinds = ["row", "column", "box"];
	9 * kinds.iter().position(|&k| k == kind).unwrap() + n - 1
}

fn named_digits(words: &str) -> u16 {
	words
		.split(' ')
		.fold(0, |mask, d| mask | 1 << d.parse::<u8>().unwrap())
}

/// The unit's squares hold all of `squares`.
fn unit_holds(u: usize, squares: &[usize]) -> bool {
	squares.iter().all(|q| (0..9).any(|i| unit(u, i) == *q))
}

/// Replays an explanation from the givens: each step must be true where it stands. The
/// solution it ends at, or None where it ends at "no solution".
fn replay(givens: &[u8; 81], steps: &[String]) -> Result<Option<[u8; 81]>, String> {
	let mut state = State::new(givens);
	// The states under wrong guesses: the state before, the square and digit guessed.
	let mut trials: Vec<(State, usize, u8)> = Vec::new();
	for (k, step) in steps.iter().enumerate() {
		let text = step.trim_start();
		let depth = (step.len() - text.len()) / 2;
		let wrong = |why: String| Err(format!("step {} '{}': {}", k + 1, step, why));
		let (claim, reason) = text.split_once(": ").unwrap_or((text, ""));
		let words: Vec<&str> = claim.split(' ').collect();
		if let [square, "=", d, "fails"] = words[..] {
			let (p, d) = (named_square(square), d.parse::<u8>().unwrap());
			if reason == "it leads to no solution (too many steps to show)" {
				let mut trial = state.digits;
				trial[p] = d;
				if depth != trials.len() || count_solutions(&mut trial, 1) != 0 {
					return wrong("it has a solution".into());
				}
			} else {
				match trials.pop() {
					Some((before, q, e)) if (q, e) == (p, d) && depth == trials.len() => {
						if !state.dead(reason) {
							return wrong("no such dead end".into());
						}
						state = before;
					}
					_ => return wrong("no such guess open".into()),
				}
			}
			if let Err(why) = state.remove(&[p], 1 << d) {
				return wrong(why);
			}
			continue;
		}
		if depth != trials.len() {
			return wrong(format!("depth {} under {} guesses", depth, trials.len()));
		}
		let because: Vec<&str> = reason.split(' ').collect();
		let done = match (&words[..], &because[..]) {
			(["no", "solution"], _) => {
				let clash = match because[..] {
					[kind, n, "has", d, "twice"] => {
						let (u, d) = (named_unit(kind, n), d.parse::<u8>().unwrap());
						(0..9).filter(|&i| givens[unit(u, i)] == d).count() >= 2
					}
					_ => false,
				};
				if trials.is_empty() && (clash || state.dead(reason)) && k + 1 == steps.len() {
					return Ok(None);
				}
				return wrong("no such dead end".into());
			}
			(["guess", square, "=", d, ..], _) => {
				let (p, d) = (named_square(square), d.parse::<u8>().unwrap());
				let first = state.digits.iter().position(|&e| e == 0);
				let all = &text[text.find("(of ").unwrap() + 4..text.len() - 1];
				if first != Some(p) || state.can[p] != named_digits(all) {
					return wrong("not the first empty square, or not its digits".into());
				}
				if state.can[p].trailing_zeros() != d as u32 {
					return wrong("not its smallest digit".into());
				}
				let next = steps.get(k + 1).map_or("", |s| s.as_str());
				let next_depth = (next.len() - next.trim_start().len()) / 2;
				if next_depth == depth + 1 {
					trials.push((state.clone(), p, d));
					state.place(p, d)
				} else if next
					.trim_start()
					.starts_with(&format!("{} = {} fails", square, d))
				{
					Ok(())
				} else {
					state.place(p, d)
				}
			}
			([square, "=", d], ["only", "digit", "left"]) => {
				let (p, d) = (named_square(square), d.parse::<u8>().unwrap());
				if state.can[p] != 1 << d {
					return wrong("not its only digit".into());
				}
				state.place(p, d)
			}
			([square, "=", d], ["only", "square", "for", e, "in", kind, n]) => {
				let (p, d, u) = (
					named_square(square),
					d.parse::<u8>().unwrap(),
					named_unit(kind, n),
				);
				if e.parse::<u8>() != Ok(d) || state.holds(u, d) || state.places(u, d) != [p] {
					return wrong("not its only square".into());
				}
				state.place(p, d)
			}
			(_, [d, "of", k1, n1, "lies", "in", k2, n2]) => {
				let (from, into) = (named_unit(k1, n1), named_unit(k2, n2));
				let d: u8 = d.parse().unwrap();
				let gone: Vec<usize> = words[..words.len() - 2]
					.iter()
					.map(|w| named_square(w))
					.collect();
				let places = state.places(from, d);
				let locked = !places.is_empty() && unit_holds(into, &places);
				let outside = gone
					.iter()
					.all(|&q| unit_holds(into, &[q]) && !unit_holds(from, &[q]));
				if !locked || !outside || words[words.len() - 1] != d.to_string() {
					return wrong("not locked there".into());
				}
				state.remove(&gone, 1 << d)
			}
			(_, ["pair", a, b, "in", s1, s2]) => {
				let pair = named_digits(&format!("{} {}", a, b));
				let (s1, s2) = (named_square(s1), named_square(s2));
				let at = words.iter().position(|&w| w == "<>").unwrap();
				let gone: Vec<usize> = words[..at].iter().map(|w| named_square(w)).collect();
				let mut all = gone.clone();
				all.extend([s1, s2]);
				let shared = (0..27).any(|u| unit_holds(u, &all));
				if state.can[s1] != pair || state.can[s2] != pair || !shared {
					return wrong("not a pair there".into());
				}
				if named_digits(&words[at + 1..].join(" ")) != pair {
					return wrong("takes other digits".into());
				}
				state.remove(&gone, pair)
			}
			([s1, s2, "<>", ..], ["hidden", "pair", a, b, "in", kind, n]) => {
				let (s1, s2, u) = (named_square(s1), named_square(s2), named_unit(kind, n));
				let (a, b): (u8, u8) = (a.parse().unwrap(), b.parse().unwrap());
				let gone = named_digits(&words[3..].join(" "));
				let two = vec![s1.min(s2), s1.max(s2)];
				if state.places(u, a) != two || state.places(u, b) != two {
					return wrong("not a hidden pair there".into());
				}
				if gone & (1 << a | 1 << b) != 0 {
					return wrong("takes the pair's own digits".into());
				}
				let mut result = Ok(());
				for q in two {
					state.can[q] &= !gone;
				}
				if (state.can[s1] | state.can[s2]) & gone != 0 {
					result = Err("left a digit".into());
				}
				result
			}
			_ => return wrong("not a step".into()),
		};
		if let Err(why) = done {
			return wrong(why);
		}
	}
	if !trials.is_empty() || state.digits.contains(&0) {
		return Err("the explanation stops before the end".into());
	}
	Ok(Some(state.digits))
}

/// The explanations of one-line puzzles: each puzzle's steps, and the line written after them.
fn explanations(puzzles: &[[u8; 81]]) -> Vec<(Vec<String>, String)> {
	let input: String = puzzles.iter().map(|p| format!("{}\n", line(p))).collect();
	let run = sudoku(&["--explain"], input.as_bytes());
	let solvable = puzzles.iter().all(|p| smallest_solution(p).is_some());
	assert_eq!(run.status, if solvable { 0 } else { 1 }, "{}", run.stderr);
	let (mut all, mut steps) = (Vec::new(), Vec::new());
	// Each puzzle's steps after the first's start after an empty line.
	let stdout = run.stdout().replace("\n\n", "\n");
	for text in stdout.lines() {
		let grid = text.len() == 81 && text.bytes().all(|c| c == b'.' || c.is_ascii_digit());
		if grid {
			all.push((std::mem::take(&mut steps), text.to_string()));
		} else {
			steps.push(text.to_string());
		}
	}
	assert!(steps.is_empty(), "steps after the last puzzle");
	assert_eq!(all.len(), puzzles.len());
	all
}

fn generated(args: &[&str]) -> Vec<[u8; 81]> {
	let run = sudoku(args, b"");
	assert_eq!(run.status, 0, "{}", run.stderr);
	run.stdout().lines().map(cells).collect()
}

/// Puzzles of every kind: proper ones, with several solutions, with none (clashing givens
/// too), nearly full and nearly empty.
fn puzzles() -> Vec<[u8; 81]> {
	let mut puzzles = generated(&["--generate", "150", "--seed", "1"]);
	puzzles.extend(generated(&[
		"--generate",
		"30",
		"--seed",
		"2",
		"--solutions",
		"2",
	]));
	puzzles.extend(generated(&[
		"--generate",
		"10",
		"--seed",
		"3",
		"--solutions",
		"30",
	]));
	puzzles.extend(generated(&[
		"--generate",
		"30",
		"--seed",
		"4",
		"--solutions",
		"0",
	]));
	let solved = cells(common::SOLVED);
	let mut one_blank = solved;
	one_blank[40] = 0;
	puzzles.extend([cells(PUZZLE), cells(CLASH), cells(DEAD), one_blank, [0; 81]]);
	puzzles
}

#[test]
fn every_step_replays_by_the_rules_and_ends_at_the_classics_answer() {
	let puzzles = puzzles();
	for (puzzle, (steps, written)) in puzzles.iter().zip(explanations(&puzzles)) {
		let smallest = smallest_solution(puzzle);
		let replayed = replay(puzzle, &steps);
		assert_eq!(
			replayed,
			Ok(smallest),
			"{}\n{}",
			line(puzzle),
			steps.join("\n")
		);
		// Then the puzzle as the default mode writes it: solved, or as it was.
		assert_eq!(written, line(&smallest.unwrap_or(*puzzle)));
	}
}

#[test]
fn a_step_made_false_is_caught() {
	// Puzzles whose explanations hold every kind of step.
	let puzzles = generated(&["--generate", "40", "--seed", "8", "--difficulty", "5"]);
	let mut kinds_broken = [0; 6];
	for (puzzle, (steps, _)) in puzzles.iter().zip(explanations(&puzzles)) {
		assert!(replay(puzzle, &steps).is_ok());
		for (k, step) in steps.iter().enumerate() {
			// Each kind once: a digit changed in the claim, or a square moved.
			let kind = [
				"only digit",
				"only square",
				"lies in",
				": pair",
				"hidden pair",
				"guess",
			]
			.iter()
			.position(|kind| step.contains(kind));
			let kind = match kind {
				Some(kind) if kinds_broken[kind] < 3 => kind,
				_ => continue,
			};
			let broken = if kind == 5 {
				// The guess of a digit other than the smallest (under a wrong guess, indented).
				let d = step.trim_start().split(' ').nth(3).unwrap();
				let all = &step[step.find("(of ").unwrap()..];
				let other = all
					.split(|c: char| !c.is_ascii_digit())
					.find(|e| !e.is_empty() && *e != d);
				match other {
					Some(other) => step.replacen(&format!("= {}", d), &format!("= {}", other), 1),
					None => continue,
				}
			} else {
				// The first digit of the claim, one more.
				let at = step.find(|c: char| c.is_ascii_digit()).unwrap();
				let digit = step.as_bytes()[at];
				let other = if digit == b'9' {
					'1'
				} else {
					(digit + 1) as char
				};
				format!("{}{}{}", &step[..at], other, &step[at + 1..])
			};
			let mut wrong = steps.clone();
			wrong[k] = broken;
			assert!(
				replay(puzzle, &wrong).is_err(),
				"a false step passed: {}\n{}",
				wrong[k],
				line(puzzle)
			);
			kinds_broken[kind] += 1;
		}
	}
	assert!(kinds_broken.iter().all(|&n| n > 0), "{:?}", kinds_broken);
}

/// Places what squares with one digit left (and, with `hidden`, digits with one square left in
/// a unit) force, until nothing more; whether that fills the grid.
fn solved_by_singles(givens: &[u8; 81], hidden: bool) -> bool {
	let mut state = State::new(givens);
	loop {
		let single = (0..81).find(|&p| state.can[p].count_ones() == 1);
		if let Some(p) = single {
			let d = state.can[p].trailing_zeros() as u8;
			state.place(p, d).unwrap();
			continue;
		}
		let only = (0..27)
			.flat_map(|u| (1..=9).map(move |d| (u, d)))
			.find(|&(u, d)| hidden && state.places(u, d).len() == 1);
		match only {
			Some((u, d)) => {
				let p = state.places(u, d)[0];
				state.place(p, d).unwrap();
			}
			None => return !state.digits.contains(&0),
		}
	}
}

#[test]
fn rate_counts_the_explanations_steps_and_names_the_hardest_kind() {
	let puzzles = puzzles();
	let input: String = puzzles.iter().map(|p| format!("{}\n", line(p))).collect();
	let run = sudoku(&["--rate"], input.as_bytes());
	let rated: Vec<String> = run.stdout().lines().map(String::from).collect();
	assert_eq!(rated.len(), puzzles.len());
	let names = ["simple", "easy", "intermediate", "hard", "expert"];
	for ((puzzle, (steps, _)), rating) in puzzles.iter().zip(explanations(&puzzles)).zip(&rated) {
		if smallest_solution(puzzle).is_none() {
			assert_eq!(rating, "no solution");
			continue;
		}
		let count = |kind: &dyn Fn(&str) -> bool| steps.iter().filter(|s| kind(s)).count();
		let counts = [
			count(&|s| s.ends_with("only digit left")),
			count(&|s| s.contains(": only square for")),
			count(&|s| s.contains(" lies in ")),
			count(&|s| s.contains(": pair ") || s.contains(": hidden pair ")),
			count(&|s| s.trim_start().starts_with("guess ")),
		];
		let level = 1 + (0..5).rev().find(|&k| counts[k] > 0).unwrap_or(0);
		let expected = format!(
			"{} {} (singles {}, hidden {}, locked {}, pairs {}, guesses {})",
			level,
			names[level - 1],
			counts[0],
			counts[1],
			counts[2],
			counts[3],
			counts[4]
		);
		assert_eq!(*rating, expected, "{}", line(puzzle));
		// Against solvers of the easiest kinds, written here.
		assert_eq!(
			level == 1,
			solved_by_singles(puzzle, false),
			"{}",
			line(puzzle)
		);
		assert_eq!(
			level <= 2,
			solved_by_singles(puzzle, true),
			"{}",
			line(puzzle)
		);
		// A puzzle with several solutions needs a guess.
		if count_solutions(&mut puzzle.clone(), 2) == 2 {
			assert_eq!(level, 5);
		}
	}
}

#[test]
fn generate_with_a_difficulty_makes_puzzles_of_that_level() {
	for (level, name) in ["simple", "easy", "intermediate", "hard", "expert"]
		.iter()
		.enumerate()
	{
		let number = (level + 1).to_string();
		for given in [number.as_str(), name] {
			let args = ["--generate", "3", "--seed", "5", "--difficulty", given];
			let puzzles = generated(&args);
			assert_eq!(puzzles.len(), 3);
			let input: String = puzzles.iter().map(|p| format!("{}\n", line(p))).collect();
			let run = sudoku(&["--rate"], input.as_bytes());
			for rating in run.stdout().lines() {
				assert!(
					rating.starts_with(&format!("{} {} (", level + 1, name)),
					"{}",
					rating
				);
			}
			for mut puzzle in puzzles {
				assert_eq!(count_solutions(&mut puzzle, 2), 1, "proper");
			}
		}
	}
}

#[test]
fn explain_and_rate_usage_errors_say_why() {
	let cases: [(&[&str], &str); 4] = [
		(
			&["--generate", "2", "--difficulty", "6"],
			"--difficulty takes a level: 1 to 5, or simple, easy, intermediate, hard or expert",
		),
		(
			&["--generate", "2", "--difficulty", "2", "--solutions", "2"],
			"--difficulty makes proper puzzles: not with --solutions other than 1",
		),
		(
			&["--explain", "--count"],
			"--count does not go with --explain",
		),
		(
			&["--rate", "--difficulty", "2"],
			"--difficulty goes with --generate",
		),
	];
	for (args, said) in cases {
		common::refused(args, said);
	}
}

#[test]
fn each_puzzle_explained_after_the_first_starts_after_an_empty_line() {
	let one = sudoku(&["--explain"], format!("{PUZZLE}\n").as_bytes()).stdout();
	assert!(!one.starts_with('\n') && !one.contains("\n\n"), "{one}");
	let two = sudoku(&["--explain"], format!("{PUZZLE}\n{PUZZLE}\n").as_bytes()).stdout();
	assert_eq!(two, format!("{one}\n{one}"));
}
