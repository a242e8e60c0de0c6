//! Seeded random tests: solved grids emptied at random and written in every layout, each answer
//! checked against the rules and the givens; random mutations of valid inputs, never a panic.

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
