//! Seeded random tests: solved grids emptied at random and written in every layout, each answer
//! checked against the rules and the givens; random mutations of valid inputs, never a panic,
//! in the judge program and in the command reading every size.

use crate::common;

use common::inputs::{mutate, random_puzzle, render, LAYOUTS};
use common::{follows_rules, judge, Random, Run};

#[test]
fn random_puzzles_in_every_layout_are_solved_by_the_rules() {
	let mut rng = Random(2676);
	let mut solved = 0;
	for round in 0..270 {
		let layout = round % LAYOUTS;
		let count = 1 + rng.below(12);
		let puzzles: Vec<[u8; 81]> = (0..count).map(|_| random_puzzle(&mut rng)).collect();
		let case = render(&mut rng, layout, &puzzles);
		let run = judge(&case.input);
		let shown = String::from_utf8_lossy(&case.input);
		assert_eq!(
			(run.status, run.stderr.as_str()),
			(0, ""),
			"round {}: {}",
			round,
			shown
		);
		assert_eq!(
			run.stdout.len(),
			case.output.len(),
			"round {}: {}",
			round,
			shown
		);
		let mut is_cell = vec![false; case.output.len()];
		for puzzle in case.cells.chunks(81) {
			let mut grid = [0; 81];
			for (p, &(at, given)) in puzzle.iter().enumerate() {
				is_cell[at] = true;
				grid[p] = run.stdout[at].wrapping_sub(b'0');
				assert!(
					given == 0 || grid[p] == given,
					"round {}: a given changed",
					round
				);
			}
			assert!(
				follows_rules(&grid),
				"round {}: {}\n{}",
				round,
				shown,
				run.stdout()
			);
			solved += 1;
		}
		for (at, &b) in case.output.iter().enumerate() {
			assert!(
				is_cell[at] || run.stdout[at] == b,
				"round {}: byte {} changed",
				round,
				at
			);
		}
	}
	assert!(solved > 1000, "only {} puzzles", solved);
}

#[test]
fn mutated_inputs_never_panic_and_every_failure_says_why() {
	let mut rng = Random(3074);
	let mut seen = [0; 3];
	let inputs: Vec<Vec<u8>> = (0..2500)
		.map(|_| {
			let puzzles: Vec<[u8; 81]> = (0..1 + rng.below(3))
				.map(|_| random_puzzle(&mut rng))
				.collect();
			let layout = rng.below(LAYOUTS);
			let mut input = render(&mut rng, layout, &puzzles).input;
			for _ in 0..1 + rng.below(4) {
				mutate(&mut rng, &mut input);
			}
			input
		})
		.collect();
	// The judge program's `run`, in memory: thousands of processes would take seconds.
	let runs = inputs.iter().map(|input| {
		let (mut stdout, mut err) = (Vec::new(), Vec::new());
		let status = sudoku::judge::run(&mut &input[..], &mut stdout, &mut err);
		let stderr = String::from_utf8_lossy(&err).into_owned();
		Run {
			status,
			stdout,
			stderr,
		}
	});
	for (round, (input, run)) in inputs.iter().zip(runs).enumerate() {
		let shown = String::from_utf8_lossy(input);
		match run.status {
			0 => assert_eq!(run.stderr, "", "round {}: {}", round, shown),
			1 => assert!(
				!run.stderr.is_empty()
					&& run
						.stderr
						.lines()
						.all(|l| l.starts_with("puzzle ") && l.ends_with(": no solution")),
				"round {}: {}\n{}",
				round,
				shown,
				run.stderr
			),
			2 => {
				let said = run.stderr.lines().last().unwrap_or("");
				assert!(
					said.starts_with("line "),
					"round {}: {}\n{}",
					round,
					shown,
					run.stderr
				);
				assert!(
					said.contains(", column "),
					"round {}: {}",
					round,
					run.stderr
				);
			}
			other => panic!(
				"round {}: status {}: {}\n{}",
				round, other, shown, run.stderr
			),
		}
		seen[run.status as usize] += 1;
	}
	// The mutations reach each outcome, or the test would not be testing much.
	assert!(seen.iter().all(|&n| n > 100), "outcomes {:?}", seen);
}

#[test]
fn mutated_inputs_of_every_size_never_panic_the_command_and_every_failure_says_why() {
	use common::sized::{one_line, solved};
	let mut rng = Random(989);
	let mut seen = [0; 3];
	for round in 0..300 {
		// 9x9 puzzles in a layout, then a 16x16 in rows or whole, a 4x4 in numbers after its
		// size line, a named 9x9: each, some or none, in a random order.
		let nine: Vec<[u8; 81]> = (0..1 + rng.below(2))
			.map(|_| random_puzzle(&mut rng))
			.collect();
		let layout = rng.below(LAYOUTS);
		let mut pieces = vec![render(&mut rng, layout, &nine).input];
		let blanked = |side: usize, blanks: usize, rng: &mut Random| {
			let mut grid = solved(side, rng);
			(0..blanks).for_each(|_| grid[rng.below(side * side)] = 0);
			one_line(side, &grid)
		};
		let sixteen = blanked(16, 20, &mut rng);
		pieces.push(
			match rng.below(2) {
				0 => format!("{sixteen}\n"),
				_ => (0..16)
					.map(|x| format!("{}\n", &sixteen[16 * x..16 * x + 16]))
					.collect(),
			}
			.into_bytes(),
		);
		let four: String = blanked(4, 6, &mut rng).replace('.', "0");
		let numbers: Vec<String> = four.chars().map(String::from).collect();
		let rows: String = numbers.chunks(4).map(|row| row.join(" ") + "\n").collect();
		pieces.push(format!("2\n{rows}").into_bytes());
		pieces.push(
			format!(
				"Puzzle {round} {}\n",
				common::line(&random_puzzle(&mut rng))
			)
			.into_bytes(),
		);
		rng.shuffle(&mut pieces);
		let mut input: Vec<u8> = pieces[..1 + rng.below(4)].concat();
		for _ in 0..rng.below(4) {
			mutate(&mut rng, &mut input);
		}
		let (mut out, mut err) = (Vec::new(), Vec::new());
		let args: Vec<std::ffi::OsString> = vec!["-j".into(), "1".into()];
		let status = sudoku::run(&args, &mut &input[..], &mut out, &mut err);
		let (said, shown) = (
			String::from_utf8_lossy(&err),
			String::from_utf8_lossy(&input),
		);
		let every = |test: &dyn Fn(&str) -> bool| said.lines().all(test);
		let fine = match status {
			0 => said.is_empty(),
			1 => !said.is_empty() && every(&|l| l.ends_with("has no solution")),
			2 => said.lines().last().is_some_and(|l| {
				let place = l.strip_prefix("sudoku: <stdin>:").unwrap_or_default();
				place.split(':').take(2).all(|n| n.parse::<usize>().is_ok())
			}),
			_ => false,
		};
		assert!(fine, "round {round}: status {status}\n{shown}\n{said}");
		seen[status as usize] += 1;
	}
	// The mutations reach each outcome, or the test would not be testing much.
	assert!(seen.iter().all(|&n| n > 15), "outcomes {seen:?}");
}
