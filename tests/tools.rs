//! The command's tools that answer puzzles: --count, --all and --limit, their options and their
//! usage errors.

use crate::common;

use common::{
	allows, cells, follows_rules, line, nine_lines, solved_grid, sudoku, temp_file, Random,
};
use common::{CLASH, PUZZLE, SOLVED};

/// Counts the solutions the plain way: row-major, every digit, no cleverness.
fn brute_force_count(grid: &mut [u8; 81], p: usize) -> u64 {
	if p == 81 {
		return 1;
	}
	if grid[p] != 0 {
		return brute_force_count(grid, p + 1);
	}
	let mut count = 0;
	for d in 1..=9 {
		if allows(grid, p, d) {
			grid[p] = d;
			count += brute_force_count(grid, p + 1);
			grid[p] = 0;
		}
	}
	count
}

/// A solved grid with the four cells of an unavoidable rectangle emptied (two rows of one band,
/// two columns of different stacks, digits a b / b a): exactly its two solutions.
fn rectangle(rng: &mut Random) -> ([u8; 81], [u8; 81], [u8; 81]) {
	loop {
		let grid = solved_grid(rng);
		for r1 in 0..9 {
			for r2 in (r1 + 1)..(r1 / 3 * 3 + 3) {
				for c1 in 0..9 {
					for c2 in (c1 / 3 * 3 + 3)..9 {
						let corners = [9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2];
						let g = |k: usize| grid[corners[k]];
						if g(0) == g(3) && g(1) == g(2) {
							let (mut puzzle, mut other) = (grid, grid);
							for (k, &p) in corners.iter().enumerate() {
								puzzle[p] = 0;
								other[p] = g(k ^ 1);
							}
							return (puzzle, grid, other);
						}
					}
				}
			}
		}
	}
}

#[test]
fn limit_caps_counts_and_solutions_even_on_the_empty_grid() {
	let empty = format!("{}\n", ".".repeat(81));
	let run = sudoku(&["--count", "--limit", "2"], empty.as_bytes());
	assert_eq!((run.status, run.stdout()), (0, String::from("2\n")));
	let input = format!("{}\n{}", empty, PUZZLE);
	let run = sudoku(&["--count", "--limit", "2"], input.as_bytes());
	assert_eq!(run.stdout(), "2\n1\n");
	let run = sudoku(&["--all", "--limit", "3"], empty.as_bytes());
	let solutions: Vec<String> = run.stdout().lines().map(String::from).collect();
	assert_eq!(solutions.len(), 3);
	assert_eq!(
		solutions[0],
		"123456789456789123789123456214365897365897214897214365531642978642978531978531642"
	);
	assert!(solutions.windows(2).all(|w| w[0] < w[1]), "ascending");
	assert_eq!(run.status, 0);
}

#[test]
fn count_gives_one_line_per_puzzle_with_its_number_of_solutions() {
	let mut rng = Random(37);
	let (rect, _, _) = rectangle(&mut rng);
	let mut wrong = cells(SOLVED);
	wrong[0] = wrong[1];
	let input = format!(
		"{}\n{}\n{}\n{}\n{}\n",
		PUZZLE,
		line(&rect),
		SOLVED,
		line(&wrong),
		CLASH
	);
	let run = sudoku(&["--count"], input.as_bytes());
	assert_eq!(run.stdout(), "1\n2\n1\n0\n0\n");
	assert_eq!(run.status, 1, "some puzzle has no solution");
	assert_eq!(
        run.stderr,
        "sudoku: <stdin>:4: puzzle 4 has no solution\nsudoku: <stdin>:5: puzzle 5 has no solution\n"
    );
	let run = sudoku(&["--count"], format!("{}\n", SOLVED).as_bytes());
	assert_eq!((run.status, run.stdout().as_str()), (0, "1\n"));
}

#[test]
fn count_matches_a_brute_force_count_on_puzzles_with_dozens_of_solutions() {
	let mut rng = Random(1784);
	let mut puzzles = Vec::new();
	let mut counts = Vec::new();
	while puzzles.len() < 12 {
		let mut grid = solved_grid(&mut rng);
		let mut order: Vec<usize> = (0..81).collect();
		rng.shuffle(&mut order);
		for &p in &order {
			let kept = grid[p];
			grid[p] = 0;
			let count = brute_force_count(&mut grid.clone(), 0);
			if count > 200 {
				grid[p] = kept;
			} else if count >= 24 {
				puzzles.push(grid);
				counts.push(count);
				break;
			}
		}
	}
	let input: String = puzzles.iter().map(|g| format!("{}\n", line(g))).collect();
	let run = sudoku(&["--count"], input.as_bytes());
	let expected: String = counts.iter().map(|c| format!("{}\n", c)).collect();
	assert_eq!((run.status, run.stdout()), (0, expected));

	// --all gives as many solutions, all different, each by the rules and keeping the givens.
	let run = sudoku(&["--all"], input.as_bytes());
	assert_eq!(run.status, 0);
	let mut lines = run
		.stdout()
		.lines()
		.map(String::from)
		.collect::<Vec<_>>()
		.into_iter();
	for (puzzle, &count) in puzzles.iter().zip(&counts) {
		let mut seen: Vec<String> = (0..count)
			.map(|_| lines.next().expect("a solution"))
			.collect();
		for solution in &seen {
			let grid = cells(solution);
			assert!(follows_rules(&grid), "{}", solution);
			assert!(
				(0..81).all(|p| puzzle[p] == 0 || puzzle[p] == grid[p]),
				"{}",
				solution
			);
		}
		seen.sort();
		seen.dedup();
		assert_eq!(seen.len() as u64, count, "solutions of {}", line(puzzle));
	}
	assert_eq!(lines.next(), None);
}

#[test]
fn all_writes_each_solution_as_the_puzzles_own_text() {
	let mut rng = Random(166);
	let (rect, one, other) = rectangle(&mut rng);
	let run = sudoku(
		&["--all"],
		format!("Grid 01\n{}", nine_lines(&line(&rect))).as_bytes(),
	);
	let (one, other) = (nine_lines(&line(&one)), nine_lines(&line(&other)));
	let both = [
		format!("Grid 01\n{}\n{}", one, other),
		format!("Grid 01\n{}\n{}", other, one),
	];
	assert!(both.contains(&run.stdout()), "{}", run.stdout());
	assert_eq!(run.status, 0);

	// One line each for a one-line puzzle, and none for a puzzle without solution.
	let input = format!("{}\n{}\n{}\n", PUZZLE, CLASH, line(&rect));
	let run = sudoku(&["--all"], input.as_bytes());
	let got = run.stdout();
	let got: Vec<&str> = got.lines().collect();
	assert_eq!(got.len(), 3, "{:?}", got);
	assert_eq!(got[0], SOLVED);
	assert!(follows_rules(&cells(got[1])) && follows_rules(&cells(got[2])) && got[1] != got[2]);
	assert_eq!(run.stderr, "sudoku: <stdin>:2: puzzle 2 has no solution\n");
	assert_eq!(run.status, 1);
}

/// A drawn grid in ASCII: borders above, between the bands and below.
fn drawn(s: &str) -> String {
	let border = "+-------+-------+-------+";
	common::drawn(s, "|", [border, border, border])
}

#[test]
fn all_repeats_a_drawn_grid_whole_with_its_borders_but_not_its_labels() {
	let mut rng = Random(37);
	let (rect, one, other) = rectangle(&mut rng);
	let (rect, one, other) = (line(&rect), line(&one), line(&other));
	let (one, other) = if one < other {
		(one, other)
	} else {
		(other, one)
	};
	let input = format!("# two grids\nGrid 1\n{}\n{}\n", drawn(&rect), drawn(PUZZLE));
	let run = sudoku(&["--all"], input.as_bytes());
	assert_eq!(
		run.stdout(),
		format!(
			"# two grids\nGrid 1\n{}\n{}\n{}\n",
			drawn(&one),
			drawn(&other),
			drawn(SOLVED)
		)
	);
	assert_eq!(run.status, 0);
	// Two grids sharing a border: it belongs to the block of each.
	let shared = format!("{}{}", drawn(&rect), &drawn(PUZZLE)[26..]);
	let run = sudoku(&["--all"], shared.as_bytes());
	assert_eq!(
		run.stdout(),
		format!("{}\n{}{}", drawn(&one), drawn(&other), drawn(SOLVED))
	);
	// The default writes the input once, filled in.
	let run = sudoku(&[], shared.as_bytes());
	assert_eq!(
		run.stdout(),
		format!("{}{}", drawn(&one), &drawn(SOLVED)[26..])
	);
}

#[test]
fn all_on_the_empty_grid_streams_and_stops_quietly_when_the_reader_goes() {
	use std::io::{BufRead, BufReader, Write};
	use std::sync::mpsc;
	use std::time::Duration;

	let mut child = common::spawn(std::path::Path::new(common::SUDOKU), &["--all"]);
	let mut stdin = child.stdin.take().expect("its input");
	stdin
		.write_all(".".repeat(81).as_bytes())
		.expect("the empty grid is written");
	drop(stdin);
	let stdout = child.stdout.take().expect("its output");
	let first: Vec<String> = BufReader::new(stdout)
		.lines()
		.take(10)
		.map(|l| l.expect("a line"))
		.collect();
	// The reader is gone, like `| head`: the program must notice and stop by itself.
	let (sender, receiver) = mpsc::channel();
	std::thread::spawn(move || {
		let _ = sender.send(child.wait_with_output());
	});
	let output = receiver
		.recv_timeout(Duration::from_secs(60))
		.expect("the program stops once its reader is gone")
		.expect("an exit");
	assert_eq!(first.len(), 10);
	assert!(
		first.iter().all(|l| follows_rules(&cells(l))),
		"{:?}",
		first
	);
	assert_eq!(
		String::from_utf8_lossy(&output.stderr),
		"",
		"it stops quietly"
	);
	assert_eq!(output.status.code(), Some(0));
}

#[test]
fn all_separates_solutions_with_the_puzzles_own_line_ending() {
	let mut rng = Random(1426);
	let (rect, one, other) = rectangle(&mut rng);
	// --all writes them smallest first.
	let (one, other) = (line(&one).min(line(&other)), line(&one).max(line(&other)));
	let nine = |s: &str, eol: &str| -> String {
		(0..9)
			.map(|x| format!("{}{}", &s[9 * x..9 * x + 9], eol))
			.collect()
	};
	let cases = [
		// One line with CRLF: one solution a line, nothing between.
		(
			format!("{}\r\n", line(&rect)),
			format!("{}\r\n{}\r\n", one, other),
		),
		// One line without a line break: a line break between.
		(line(&rect), format!("{}\n{}", one, other)),
		// Nine lines with CRLF: an empty CRLF line between.
		(
			nine(&line(&rect), "\r\n"),
			format!("{}\r\n{}", nine(&one, "\r\n"), nine(&other, "\r\n")),
		),
		// Nine lines with CRLF, the last without one: CRLF and an empty CRLF line between.
		(
			nine(&line(&rect), "\r\n").trim_end().to_string(),
			format!(
				"{}\r\n\r\n{}",
				nine(&one, "\r\n").trim_end(),
				nine(&other, "\r\n").trim_end()
			),
		),
		// Nine lines, the last without a line break: a line break and an empty line between.
		(
			nine(&line(&rect), "\n").trim_end().to_string(),
			format!(
				"{}\n\n{}",
				nine(&one, "\n").trim_end(),
				nine(&other, "\n").trim_end()
			),
		),
	];
	for (input, expected) in &cases {
		let run = sudoku(&["--all"], input.as_bytes());
		assert_eq!((run.status, &run.stdout()), (0, expected), "{:?}", input);
	}
}

#[test]
fn all_writes_whole_lines_around_a_puzzle_without_a_solution() {
	let mut rng = Random(2580);
	let (rect, one, other) = rectangle(&mut rng);
	let (one, other) = (line(&one).min(line(&other)), line(&one).max(line(&other)));
	// Its label on its own first line goes with it: nothing of it is written.
	let input = format!("b = {}\nGrid 2\n{}\n", CLASH, PUZZLE);
	let run = sudoku(&["--all"], input.as_bytes());
	assert_eq!(run.stdout(), format!("Grid 2\n{}\n", SOLVED));
	assert_eq!(run.status, 1);
	// Two puzzles on one line, the second without a solution: the first's solutions end their
	// line, and what follows starts its own.
	let input = format!("{}{}\n{}\n", line(&rect), CLASH, PUZZLE);
	let run = sudoku(&["--all"], input.as_bytes());
	assert_eq!(run.stdout(), format!("{}\n{}\n{}\n", one, other, SOLVED));
	let again = sudoku(&["--count"], run.stdout.as_slice());
	assert_eq!(again.stdout(), "1\n1\n1\n", "the output reads back");
}

#[test]
fn all_writes_nothing_of_a_line_that_holds_a_broken_puzzle() {
	// A puzzle, then the first row of another on its line, and the input ends: the line holds
	// part of the broken puzzle, so nothing of it goes out (as in the default mode).
	for ending in ["\n", "\nend\n", "\r\n", "\n!\n"] {
		let input = format!("{}{}{}", PUZZLE, &PUZZLE[..9], ending);
		let run = sudoku(&["--all"], input.as_bytes());
		assert_eq!(
			(run.status, run.stdout()),
			(2, String::new()),
			"{:?}",
			input
		);
	}
	// On a line of its own, the puzzle before the broken one is written whole.
	let input = format!("{}\n{}\n", PUZZLE, &PUZZLE[..9]);
	let run = sudoku(&["--all"], input.as_bytes());
	assert_eq!((run.status, run.stdout()), (2, format!("{}\n", SOLVED)));
}

#[test]
fn all_holds_a_long_run_of_border_lines_without_slowing_down() {
	// 600,000 lines of layout after a puzzle (1.2 MB): the block takes in 1 MiB of them, the
	// rest goes out as it is. Each line costs the same, however many came before it.
	let input = format!("{}\n{}", PUZZLE, "|\n".repeat(600_000));
	let run = sudoku(&["--all"], input.as_bytes());
	assert_eq!(run.status, 0, "{}", run.stderr);
	assert_eq!(
		run.stdout(),
		format!("{}\n{}", SOLVED, "|\n".repeat(600_000))
	);
}

#[test]
fn all_ends_a_file_that_ends_mid_line_before_the_next_file() {
	let grid = temp_file("open_grid.txt", &".".repeat(81));
	let grid = grid.to_str().unwrap();
	let run = sudoku(&["--all", "--limit", "2", grid, grid], b"");
	let lines: Vec<String> = run.stdout().lines().map(String::from).collect();
	assert_eq!(lines.len(), 4, "{}", run.stdout());
	assert!(lines.iter().all(|l| l.len() == 81), "{}", run.stdout());
}

#[test]
fn count_lines_name_their_file_when_several_are_read() {
	let a = temp_file("count_a.txt", &format!("1\n{}\nend\nnot read\n", PUZZLE));
	let b = temp_file("count_b.txt", &format!("# b\n{}", nine_lines(PUZZLE)));
	let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
	let run = sudoku(
		&["--count", b, a, "--", "-"],
		format!("{}\n", CLASH).as_bytes(),
	);
	// With several files, each count line names its file, as grep -c does.
	assert_eq!(run.stdout(), format!("{}:1\n{}:1\n<stdin>:0\n", b, a));
	assert_eq!(run.stderr, "sudoku: <stdin>:1: puzzle 1 has no solution\n");
	assert_eq!(run.status, 1);
	// One file: the counts alone.
	let run = sudoku(&["--count", b], b"");
	assert_eq!((run.status, run.stdout()), (0, String::from("1\n")));
}

#[test]
fn the_tools_usage_errors_say_why_in_one_line() {
	for (args, why) in [
		(&["--count", "--all"][..], "--count does not go with --all"),
		(&["--limit", "2"][..], "--limit goes with --count or --all"),
		(
			&["--count", "--limit", "0"][..],
			"--limit takes a whole number from 1 up",
		),
		(
			&["--all", "--limit", "x"][..],
			"--limit takes a whole number, not 'x'",
		),
		(
			&["--all", "--limit", "+3"][..],
			"--limit takes a whole number, not '+3'",
		),
		(
			&["--all", "--limit=-1"][..],
			"--limit takes a whole number, not '-1'",
		),
		(&["--all", "--limit"][..], "--limit takes a whole number"),
		(
			&["--count", "--limit", "18446744073709551616"][..],
			"--limit takes a whole number up to 18446744073709551615, not 18446744073709551616",
		),
		(&["--count=3"][..], "--count takes no value"),
	] {
		common::refused(args, why);
	}
}

#[test]
fn an_option_takes_its_value_after_an_equals_sign_too() {
	let empty = format!("{}\n", ".".repeat(81));
	for args in [
		&["--count", "--limit=2"][..],
		&["--count", "--limit", "2"][..],
	] {
		let run = sudoku(args, empty.as_bytes());
		assert_eq!(
			(run.status, run.stdout()),
			(0, String::from("2\n")),
			"{:?}",
			args
		);
	}
}

#[test]
fn all_writes_a_label_ending_the_input_after_its_equals_sign() {
	let run = sudoku(&["--all"], format!("{}\nx=", PUZZLE).as_bytes());
	assert_eq!((run.status, run.stdout()), (0, format!("{}\nx=", SOLVED)));
}
