//! --generate, --solutions and --seed.

use crate::common;

use common::{cells, sudoku};
use std::process::Command;

/// The solutions of `grid` up to `limit`, by the tests' own plain search.
fn count(grid: &mut [u8; 81], limit: u64) -> u64 {
	common::count_solutions(grid, limit)
}

#[test]
fn generated_puzzles_are_proper_minimal_and_all_different() {
	let run = sudoku(&["--generate", "30", "--seed", "96"], b"");
	assert_eq!((run.status, run.stderr.as_str()), (0, ""));
	let lines: Vec<String> = run.stdout().lines().map(String::from).collect();
	assert_eq!(lines.len(), 30);
	let mut seen = lines.clone();
	seen.sort();
	seen.dedup();
	assert_eq!(seen.len(), 30, "all different");
	for puzzle in &lines {
		assert_eq!(puzzle.len(), 81);
		assert!(
			puzzle
				.bytes()
				.all(|c| c == b'.' || (b'1'..=b'9').contains(&c)),
			"{}",
			puzzle
		);
		let mut grid = cells(puzzle);
		assert_eq!(count(&mut grid, 2), 1, "proper: {}", puzzle);
		let givens: Vec<usize> = (0..81).filter(|&p| grid[p] != 0).collect();
		for p in givens {
			let given = std::mem::replace(&mut grid[p], 0);
			assert_eq!(
				count(&mut grid, 2),
				2,
				"minimal: {} without square {}",
				puzzle,
				p
			);
			grid[p] = given;
		}
	}
	// Its output is valid input.
	let run = sudoku(&["--count"], run.stdout.as_slice());
	assert_eq!(run.stdout(), "1\n".repeat(30));
}

#[test]
fn a_seed_gives_the_same_puzzles_and_another_seed_others() {
	let first = sudoku(&["--generate", "5", "--seed", "7"], b"").stdout;
	let again = sudoku(&["--seed", "7", "--generate", "5"], b"").stdout;
	let other = sudoku(&["--generate", "5", "--seed", "8"], b"").stdout;
	assert_eq!(first, again);
	assert_ne!(first, other);
	assert_eq!(first.len(), 5 * 82);
	// Without a seed, the clock's.
	let unseeded = sudoku(&["--generate", "1"], b"");
	assert_eq!((unseeded.status, unseeded.stdout.len()), (0, 82));
	assert_eq!(sudoku(&["--generate", "0"], b"").stdout, b"");
}

#[test]
fn a_full_disk_is_said_when_generating() {
	let output = Command::new("sh")
		.arg("-c")
		.arg("\"$0\" --generate 3 --seed 1 > /dev/full")
		.arg(env!("CARGO_BIN_EXE_sudoku"))
		.output()
		.expect("sh runs");
	assert_eq!(output.status.code(), Some(2));
	let err = String::from_utf8_lossy(&output.stderr);
	assert_eq!(
		err,
		"sudoku: cannot write the output: No space left on device\n"
	);
}

#[test]
fn generate_and_seed_take_whole_numbers_and_go_with_nothing_else() {
	for (args, why) in [
		(&["--generate"][..], "--generate takes a whole number"),
		(
			&["--generate", "x"][..],
			"--generate takes a whole number, not 'x'",
		),
		(
			&["--generate", "-1"][..],
			"--generate takes a whole number, not '-1'",
		),
		(&["--seed", "5"][..], "--seed goes with --generate"),
		(&["--solutions=2"][..], "--solutions goes with --generate"),
		(
			&["--generate", "2", "--count"][..],
			"--count does not go with --generate",
		),
		(
			&["--generate", "2", "--limit", "2"][..],
			"--limit goes with --count or --all",
		),
		(&["--generate=2", "file"][..], "--generate takes no file"),
		(
			&["--generate", "2", "--solutions", "x"][..],
			"--solutions takes a whole number, not 'x'",
		),
		(
			&["--generate", "2", "--solutions", "1001"][..],
			"--solutions takes a whole number up to 1000",
		),
		(
			&["--generate", "2", "--solutions=18446744073709551615"][..],
			"--solutions takes a whole number up to 1000",
		),
	] {
		common::refused(args, why);
	}
}

/// The generated puzzles of `args`, each checked to be 81 squares of digits and dots whose
/// givens break no rule, and all different.
fn generated(args: &[&str]) -> Vec<[u8; 81]> {
	let run = sudoku(args, b"");
	assert_eq!((run.status, run.stderr.as_str()), (0, ""), "{:?}", args);
	let lines: Vec<String> = run.stdout().lines().map(String::from).collect();
	let mut seen = lines.clone();
	seen.sort();
	seen.dedup();
	assert_eq!(seen.len(), lines.len(), "all different: {:?}", args);
	lines
		.iter()
		.map(|line| {
			assert!(line.len() == 81 && line.bytes().all(|c| c == b'.' || c.is_ascii_digit()));
			let grid = cells(line);
			let clash = (0..81).any(|p| {
				let mut without = grid;
				without[p] = 0;
				grid[p] != 0 && !common::allows(&without, p, grid[p])
			});
			assert!(!clash, "givens that break no rule: {}", line);
			grid
		})
		.collect()
}

#[test]
fn puzzles_with_a_chosen_number_of_solutions_have_exactly_that_many_and_are_minimal() {
	for wanted in [0, 2, 3, 7, 12] {
		let seed = (10 + wanted).to_string();
		let solutions = wanted.to_string();
		let args = [
			"--generate",
			"12",
			"--seed",
			&seed,
			"--solutions",
			&solutions,
		];
		let puzzles = generated(&args);
		assert_eq!(puzzles.len(), 12);
		for mut puzzle in puzzles {
			let shown = common::line(&puzzle);
			let givens: Vec<usize> = (0..81).filter(|&p| puzzle[p] != 0).collect();
			let clash = givens.iter().any(|&p| {
				let given = std::mem::replace(&mut puzzle[p], 0);
				let allowed = common::allows(&puzzle, p, given);
				puzzle[p] = given;
				!allowed
			});
			assert!(!clash, "no rule broken: {}", shown);
			assert_eq!(count(&mut puzzle, wanted + 1), wanted, "{}", shown);
			// Minimal: no given can go without more solutions.
			for p in givens {
				let given = std::mem::replace(&mut puzzle[p], 0);
				let more = count(&mut puzzle, wanted + 1);
				assert_eq!(more, wanted + 1, "minimal: {} without square {}", shown, p);
				puzzle[p] = given;
			}
		}
	}
}

#[test]
fn the_same_seed_gives_the_same_bytes_for_every_number_of_solutions() {
	for solutions in ["0", "1", "2", "10"] {
		let args = ["--generate", "4", "--seed", "99", "--solutions", solutions];
		let (first, again) = (sudoku(&args, b""), sudoku(&args, b""));
		assert_eq!(first.stdout, again.stdout, "--solutions {}", solutions);
		assert_eq!(first.stdout.len(), 4 * 82);
	}
}

#[test]
fn every_digit_is_as_likely_as_any_other_at_every_square() {
	// The solutions of 2000 generated puzzles: each digit at each square about 2000 / 9 times,
	// within what chance gives (a binomial's standard deviation is 14 here: 5 of them is a
	// tolerance a random grid meets; the generator that took the classic's smallest completion
	// put 879 ones at row 1, column 4).
	let run = sudoku(&["--generate", "2000", "--seed", "7"], b"");
	let solved = sudoku(&[], &run.stdout);
	assert_eq!(solved.status, 0);
	let mut seen = [[0u32; 10]; 81];
	let mut ascending = 0;
	for (puzzle, line) in run.stdout().lines().zip(solved.stdout().lines()) {
		let (givens, grid) = (cells(puzzle), cells(line));
		assert!(common::follows_rules(&grid), "{}", line);
		assert!(
			(0..81).all(|p| givens[p] == 0 || givens[p] == grid[p]),
			"{}",
			line
		);
		for (p, &d) in grid.iter().enumerate() {
			seen[p][d as usize] += 1;
		}
		ascending += grid[3..9].windows(2).all(|w| w[0] < w[1]) as u32;
	}
	let (expected, deviation) = (2000.0 / 9.0, (2000.0_f64 * 8.0 / 81.0).sqrt());
	for (p, counts) in seen.iter().enumerate() {
		for (d, &count) in counts.iter().enumerate().skip(1) {
			let off = (count as f64 - expected).abs() / deviation;
			assert!(off < 5.0, "square {}, digit {}: {} times", p, d, count);
		}
	}
	// Row 1, columns 4 to 9 in ascending order: 1 grid in 720 at random (about 3 of 2000).
	assert!(ascending < 15, "{} of 2000 ascending", ascending);
}

#[test]
fn without_a_seed_the_seed_taken_is_said_and_makes_the_same_puzzles() {
	let run = sudoku(&["--generate", "3"], b"");
	assert_eq!(run.status, 0);
	let seed = run
		.stderr
		.strip_prefix("sudoku: --seed ")
		.and_then(|rest| rest.strip_suffix(" makes these puzzles again\n"))
		.unwrap_or_else(|| panic!("the seed is said: {:?}", run.stderr));
	let again = sudoku(&["--generate", "3", "--seed", seed], b"");
	assert_eq!((again.stdout(), again.stderr.as_str()), (run.stdout(), ""));
}
