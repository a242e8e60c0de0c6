//! -j: four threads write what one thread writes, byte for byte, with the same messages and
//! status, in every mode that answers puzzles one by one and at every size, on the seeded random
//! inputs of tests/random.rs made long (hundreds of puzzles, so that pieces are read far ahead of
//! those written), mutated (reading errors mid-file) or not; and answers still come out before
//! the input ends.

use crate::common;

use common::inputs::{mutate, random_puzzle, render, LAYOUTS};
use common::sized::{one_line, solved};
use common::{sudoku, Random, Run, CLASH, PUZZLE, SOLVED};

/// Runs the command with `args` and `-j 1`, then `-j 4`: the same output, messages and status.
fn same(args: &[&str], input: &[u8], round: usize) -> Run {
	let one = sudoku(&[args, &["-j", "1"]].concat(), input);
	let four = sudoku(&[args, &["-j", "4"]].concat(), input);
	let shown = || {
		format!(
			"round {round}: {args:?}\n{}",
			String::from_utf8_lossy(input)
		)
	};
	assert_eq!(one.status, four.status, "{}", shown());
	assert!(one.stdout == four.stdout, "output differs: {}", shown());
	assert_eq!(one.stderr, four.stderr, "{}", shown());
	one
}

/// Long inputs of random puzzles, each few in a random layout, every other one mutated.
fn long_inputs(rng: &mut Random, count: usize) -> Vec<Vec<u8>> {
	(0..count)
		.map(|k| {
			let mut input = Vec::new();
			for _ in 0..40 + rng.below(80) {
				let puzzles: Vec<[u8; 81]> =
					(0..1 + rng.below(3)).map(|_| random_puzzle(rng)).collect();
				let layout = [0, 1, 3, 4, 5, 6, 7, 8][rng.below(LAYOUTS - 1)];
				let piece = render(rng, layout, &puzzles).input;
				// A byte-order mark is one only at the very start.
				let mark = !input.is_empty() && piece.starts_with("\u{feff}".as_bytes());
				input.extend(&piece[if mark { 3 } else { 0 }..]);
			}
			if k % 3 == 0 {
				input.extend(format!("{CLASH}\n").bytes()); // no solution: status 1
			}
			if k % 2 == 1 {
				for _ in 0..1 + rng.below(3) {
					mutate(rng, &mut input);
				}
			}
			input
		})
		.collect()
}

#[test]
fn every_mode_writes_with_four_threads_what_it_writes_with_one() {
	let mut rng = Random(41);
	let mut statuses = [0; 3];
	for (round, input) in long_inputs(&mut rng, 12).iter().enumerate() {
		let answered = same(&[], input, round);
		statuses[answered.status as usize] += 1;
		for args in [
			&["--count", "--limit", "3"][..],
			&["--all", "--limit", "2"],
			&["--explain"],
			&["--rate"],
		] {
			same(args, input, round);
		}
		// The answers checked against the puzzles, and against the puzzles less a line.
		let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
		let (puzzles, answers) = (dir.join(format!("jobs{round}.in")), dir.join("jobs.out"));
		std::fs::write(&puzzles, input).expect("a file");
		// A file is read ahead further than a pipe: the same again.
		let file = puzzles.to_str().expect("a path");
		let from_file = same(&[file], b"", round);
		let named = |said: &str| said.replace(&format!("sudoku: {file}:"), "sudoku: <stdin>:");
		assert_eq!(from_file.stdout, answered.stdout);
		assert_eq!(named(&from_file.stderr), answered.stderr);
		same(&["--all", "--limit", "2", file], b"", round);
		let shorter = input
			.iter()
			.position(|&c| c == b'\n')
			.map_or(0, |at| at + 1);
		for answer in [&answered.stdout[..], &answered.stdout[shorter..]] {
			std::fs::write(&answers, answer).expect("a file");
			let files = [puzzles.to_str().unwrap(), answers.to_str().unwrap()];
			same(&["--check", files[0], files[1]], b"", round);
			same(&["--check", "--smallest", files[0], files[1]], b"", round);
		}
	}
	// Solved, some without solution, some broken: every outcome is compared.
	assert!(statuses.iter().all(|&n| n > 0), "statuses {statuses:?}");
}

#[test]
fn other_sizes_write_with_four_threads_what_they_write_with_one() {
	let mut rng = Random(169);
	for (round, side) in [4, 4, 4, 16, 16, 25].into_iter().enumerate() {
		let mut input = Vec::new();
		for _ in 0..if side == 4 { 300 } else { 12 } {
			let mut grid = solved(side, &mut rng);
			let blanks = side * side * (2 + rng.below(5)) / 10;
			for _ in 0..blanks {
				grid[rng.below(side * side)] = 0;
			}
			input.extend(one_line(side, &grid).bytes().chain([b'\n']));
		}
		if round % 3 == 1 {
			mutate(&mut rng, &mut input);
		}
		let size = side.to_string();
		for args in [
			&[][..],
			&["--count", "--limit", "3"],
			&["--all", "--limit", "2"],
		] {
			same(&[args, &["--size", &size]].concat(), &input, round);
		}
	}
}

#[test]
fn generated_puzzles_are_the_same_for_every_number_of_threads() {
	for (round, args) in [
		&["--generate", "40", "--seed", "1"][..],
		&["--generate", "20", "--seed", "2", "--solutions", "3"],
		&["--generate", "10", "--seed", "3", "--solutions", "0"],
		&["--generate", "5", "--seed", "4", "--difficulty", "4"],
		&["--generate", "30", "--seed", "5", "--size", "4"],
		&["--generate", "2", "--seed", "6", "--size", "16"],
		// What cannot be made (a second 1x1 puzzle): the same puzzle made, the same message.
		&["--generate", "3", "--seed", "7", "--size", "1"],
	]
	.into_iter()
	.enumerate()
	{
		let run = same(args, b"", round);
		assert!(run.status == 2 || !run.stdout.is_empty(), "{args:?}");
	}
}

#[test]
fn answers_come_out_before_the_input_ends_with_four_threads() {
	// (--all is not among them: a puzzle's block waits for the line after it, a border or not.)
	for mode in [&[][..], &["--count"], &["--rate"]] {
		let args = [mode, &["-j", "4"]].concat();
		let sudoku = std::path::Path::new(common::SUDOKU);
		// Standard input is still open: the answer must not wait for its end.
		let answer = common::first_line_while_open(sudoku, &args, PUZZLE);
		let expected = match mode {
			["--count"] => "1",
			["--rate"] => "1 simple (singles 45, hidden 0, locked 0, pairs 0, guesses 0)",
			_ => SOLVED,
		};
		let answer = answer.expect("an answer while the input is open");
		assert_eq!(answer, format!("{expected}\n"), "{mode:?}");
	}
}

#[cfg(target_os = "linux")]
#[test]
fn four_threads_take_at_most_twice_the_memory_of_one_over_a_long_stream() {
	// 32 MiB of puzzles, and of 64 KiB comment lines each followed by a puzzle.
	let puzzles = format!("{PUZZLE}\n").repeat(800);
	let mut comment = format!("# {}", "abc def, 123! ".repeat(5000)).into_bytes();
	comment.truncate((1 << 16) - 1);
	comment.extend(format!("\n{PUZZLE}\n").bytes());
	for (body, times) in [(puzzles.as_bytes(), 512), (&comment[..], 512)] {
		let peak = |jobs: &str| {
			let sudoku = std::path::Path::new(common::SUDOKU);
			let (peak, status) = common::peak_memory(sudoku, &["-j", jobs], ("", body, times, ""));
			assert_eq!(status, 0);
			peak
		};
		let (one, four) = (peak("1"), peak("4"));
		assert!(four <= 2 * one, "{four} kB with -j 4, {one} kB with -j 1");
	}
}
