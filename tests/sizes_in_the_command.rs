//! The `sudoku` command at other sizes (`--size N`): each mode at 4x4 and 16x16 against the
//! test's own plain search (counts and the order of `--all` on small 4x4 puzzles, 16x16 puzzles
//! made from known grids), the checker accepting right answers and naming each kind of wrong
//! one, generated puzzles checked proper (or with K solutions) and minimal by the test's own
//! counter, and the usage errors of `--size`.

use crate::common;

use common::sized::{all, count, free, one_line, smallest, solved};
use common::{every_size_program, sudoku, temp_file, Random};

/// Each line of the output as a grid of numbers from 1 (0 for a blank).
fn grids(side: usize, text: &str) -> Vec<Vec<u8>> {
	let value = |c: u8| match c {
		b'1'..=b'9' if side <= 9 => c - b'0',
		b'A'..=b'Y' if side > 9 => c - b'A' + 1,
		_ => 0,
	};
	text.lines()
		.map(|line| line.bytes().map(value).collect())
		.collect()
}

/// `puzzles` puzzles of a side from the test's grids, `blanks` squares blanked at random each.
fn puzzles(side: usize, puzzles: usize, blanks: usize, rng: &mut Random) -> Vec<Vec<u8>> {
	(0..puzzles)
		.map(|_| {
			let mut grid = solved(side, rng);
			for _ in 0..blanks {
				grid[rng.below(side * side)] = 0;
			}
			grid
		})
		.collect()
}

/// The puzzles, one line each (`0` blanks for 4x4: a line of sixteen dots is a 16x16 row).
fn input(side: usize, puzzles: &[Vec<u8>]) -> String {
	let line = |p: &Vec<u8>| match side {
		4 => one_line(side, p).replace('.', "0") + "\n",
		_ => one_line(side, p) + "\n",
	};
	puzzles.iter().map(line).collect()
}

#[test]
fn each_size_gets_its_smallest_solution() {
	let mut rng = Random(34);
	for (side, count, blanks) in [(4, 60, 14), (16, 6, 100), (25, 1, 60)] {
		let puzzles = puzzles(side, count, blanks, &mut rng);
		let size = side.to_string();
		let run = sudoku(&["--size", &size], input(side, &puzzles).as_bytes());
		let expected: Vec<Vec<u8>> = puzzles
			.iter()
			.map(|p| smallest(side, p).expect("a solution"))
			.collect();
		assert_eq!(grids(side, &run.stdout()), expected, "side {side}");
		assert_eq!(run.status, 0, "{}", run.stderr);
	}
}

#[test]
fn counts_and_every_solution_in_order_on_small_4x4_puzzles() {
	let mut rng = Random(4);
	// From the empty grid (288 solutions; written with 0 blanks: sixteen dots would be a row of
	// a 16x16) to puzzles with one.
	let mut puzzles = vec![vec![0; 16]];
	for blanks in [16, 14, 12, 10, 8] {
		puzzles.extend(self::puzzles(4, 12, blanks, &mut rng));
	}
	let text = input(4, &puzzles);
	let counted = sudoku(&["--size", "4", "--count"], text.as_bytes()).stdout();
	let limited = sudoku(&["--size", "4", "--count", "--limit", "3"], text.as_bytes()).stdout();
	let listed = sudoku(&["--size", "4", "--all"], text.as_bytes()).stdout();
	let mut counts = Vec::new();
	let mut every = Vec::new();
	for puzzle in &puzzles {
		let n = count(4, &mut puzzle.clone(), usize::MAX);
		counts.push(n);
		every.extend(all(4, &mut puzzle.clone(), usize::MAX));
	}
	let numbers = |text: &str| -> Vec<usize> { text.lines().map(|l| l.parse().unwrap()).collect() };
	assert_eq!(numbers(&counted), counts);
	let capped: Vec<usize> = counts.iter().map(|&n| n.min(3)).collect();
	assert_eq!(numbers(&limited), capped);
	assert_eq!(grids(4, &listed), every);
	assert_eq!(counts[0], 288, "the empty 4x4 grid");
}

#[test]
fn sixteen_by_sixteen_counts_and_lists_against_known_grids() {
	let mut rng = Random(16);
	let puzzles = puzzles(16, 4, 140, &mut rng);
	let text = input(16, &puzzles);
	let counted = sudoku(
		&["--size", "16", "--count", "--limit", "2"],
		text.as_bytes(),
	);
	let listed = sudoku(&["--size", "16", "--all", "--limit", "2"], text.as_bytes());
	let mut counts = String::new();
	let mut every = Vec::new();
	for puzzle in &puzzles {
		counts += &format!("{}\n", count(16, &mut puzzle.clone(), 2));
		every.extend(all(16, &mut puzzle.clone(), 2));
	}
	assert_eq!(counted.stdout(), counts);
	assert_eq!(grids(16, &listed.stdout()), every);
}

#[test]
fn the_checker_accepts_any_solution_and_names_what_is_wrong() {
	let mut rng = Random(169);
	let grid = solved(16, &mut rng);
	let mut puzzle = grid.clone();
	for p in (0..256).step_by(3) {
		puzzle[p] = 0;
	}
	let puzzles = temp_file("sizes-puzzles.txt", &format!("{}\n", one_line(16, &puzzle)));
	let puzzles = puzzles.to_str().expect("a path");
	let check = |answer: &[u8], smallest: bool| {
		let mut args = vec!["--size", "16", "--check", puzzles, "-"];
		if smallest {
			args.push("--smallest");
		}
		let run = sudoku(&args, format!("{}\n", one_line(16, answer)).as_bytes());
		(run.status, run.stderr)
	};
	assert_eq!(check(&grid, true), (0, String::new()));
	let mut changed = grid.clone();
	changed[1] = grid[1] % 16 + 1; // a given of the puzzle's
	let said = |what: &str| format!("sudoku: <stdin>:1: answer 1 (to {puzzles}:1): {what}\n");
	let was = format!(
		"r1c2 was {}, is {}",
		(b'A' + grid[1] - 1) as char,
		(b'A' + changed[1] - 1) as char
	);
	assert_eq!(check(&changed, false), (1, said(&was)));
	let mut blank = grid.clone();
	blank[0] = 0;
	assert_eq!(check(&blank, false), (1, said("r1c1 is blank")));
	let mut twice = grid.clone();
	let other = (0..16)
		.find(|&p| grid[p] == grid[0] % 16 + 1)
		.expect("in the first row");
	twice[0] = grid[other]; // square 0 is blank in the puzzle: the first row holds it twice
	let symbol = (b'A' + grid[other] - 1) as char;
	assert_eq!(
		check(&twice, false),
		(1, said(&format!("row 1 has {symbol} twice")))
	);
}

#[test]
fn generated_puzzles_have_their_solutions_and_are_minimal() {
	for (side, wanted, solutions) in [(4, 30, 1), (4, 10, 2), (4, 6, 0), (16, 3, 1)] {
		let (size, n, k) = (side.to_string(), wanted.to_string(), solutions.to_string());
		let args = [
			"--generate",
			&n,
			"--size",
			&size,
			"--solutions",
			&k,
			"--seed",
			"7",
		];
		let run = sudoku(&args, b"");
		assert_eq!(run.status, 0, "{}", run.stderr);
		let again = sudoku(&args, b"");
		assert_eq!(run.stdout, again.stdout, "the same seed, the same puzzles");
		let made = grids(side, &run.stdout());
		assert_eq!(made.len(), wanted);
		let symbols = run.stdout().lines().all(|line| match side {
			4 => line
				.bytes()
				.all(|c| c == b'.' || (b'1'..=b'4').contains(&c)),
			_ => line
				.bytes()
				.all(|c| c == b'-' || (b'A'..=b'P').contains(&c)),
		});
		assert!(symbols, "the size's alphabet: {}", run.stdout());
		for (k, puzzle) in made.iter().enumerate() {
			assert!(made[..k].iter().all(|p| p != puzzle), "all different");
			if side == 16 {
				// The test's plain search takes seconds to minutes on a minimal 16x16: the count
				// is the command's (tested against the plain search above), minimality at 4x4.
				let text = format!("{}\n", one_line(16, puzzle));
				let counted = sudoku(
					&["--size", "16", "--count", "--limit", "2"],
					text.as_bytes(),
				);
				assert_eq!(counted.stdout(), "1\n");
				continue;
			}
			assert_eq!(count(side, &mut puzzle.clone(), 3), solutions);
			for p in (0..side * side).filter(|&p| puzzle[p] != 0) {
				let mut less = puzzle.clone();
				less[p] = 0;
				assert!(
					count(side, &mut less, solutions + 1) > solutions,
					"a given can go"
				);
			}
		}
	}
}

#[test]
fn the_givens_taken_away_are_those_a_plain_count_takes_away() {
	// `--generate`'s pass over a solved grid (tries sharing a check, or at 25x25 a check
	// afresh for each) against the plain one: each given in turn taken away, and put back if
	// the test's own count then finds two solutions. At 16x16 and 25x25 the first givens of
	// the order only: a plain count near a minimal puzzle takes minutes.
	let mut rng = Random(59);
	let (mut kept, mut taken) = ([0; 3], [0; 3]);
	for (k, (side, grids, tried)) in [(4, 300, 16), (16, 3, 150), (25, 2, 300)]
		.into_iter()
		.enumerate()
	{
		for _ in 0..grids {
			let solution = solved(side, &mut rng);
			let mut order: Vec<usize> = (0..side * side).collect();
			rng.shuffle(&mut order);
			order.truncate(tried);
			let (mut made, mut heard) = (solution.clone(), 0);
			sudoku::proper(side, &mut made, &order, &mut |tried, of| {
				assert_eq!((tried, of), (heard + 1, order.len()), "each try told");
				heard = tried;
			});
			assert_eq!(heard, order.len());
			let mut plain = solution.clone();
			for &p in &order {
				plain[p] = 0;
				if count(side, &mut plain.clone(), 2) == 2 {
					plain[p] = solution[p];
					kept[k] += 1;
				} else {
					taken[k] += 1;
				}
			}
			assert_eq!(made, plain, "{side}x{side}: {}", one_line(side, &solution));
		}
	}
	// Both kinds of try met at every size.
	assert!(
		kept.iter().chain(&taken).all(|&n| n > 0),
		"{kept:?} {taken:?}"
	);
}

/// Whether `grid` is a solution of `puzzle`: every given kept, every square's symbol one its
/// row, column and box leave it.
fn solves(side: usize, puzzle: &[u8], grid: &[u8]) -> bool {
	(0..side * side).all(|p| {
		(puzzle[p] == 0 || puzzle[p] == grid[p]) && free(side, grid, p) >> grid[p] & 1 == 1
	})
}

#[test]
fn near_minimal_16x16_puzzles_are_counted_listed_and_answered_alike() {
	// A minimal puzzle with one given taken away has two solutions or more. Its count (each
	// solution found left out of the next search), its solutions in the classic's order and the
	// judge file's answer must agree; each solution is checked here. Every other given is
	// taken away, one at a time: 46 puzzles, about 25 ms each to list and answer.
	let made = sudoku(&["--generate", "1", "--size", "16", "--seed", "11"], b"");
	let puzzle = &grids(16, &made.stdout())[0];
	let less: Vec<Vec<u8>> = (0..256)
		.filter(|&p| puzzle[p] != 0)
		.step_by(2)
		.map(|p| {
			(0..256)
				.map(|q| if q == p { 0 } else { puzzle[q] })
				.collect()
		})
		.collect();
	let text = input(16, &less);
	let counted = sudoku(
		&["--size", "16", "--count", "--limit", "3"],
		text.as_bytes(),
	);
	let listed = sudoku(&["--size", "16", "--all", "--limit", "3"], text.as_bytes());
	let answered = common::run(&every_size_program(), &[], text.as_bytes());
	let (listed, answered) = (grids(16, &listed.stdout()), grids(16, &answered.stdout()));
	let mut at = 0;
	for (k, count) in counted.stdout().lines().enumerate() {
		let count: usize = count.parse().expect("a count");
		assert!(
			count >= 2,
			"puzzle {k}: {count} solutions, and the puzzle was minimal"
		);
		let solutions = &listed[at..at + count];
		at += count;
		assert!(solutions.iter().all(|grid| solves(16, &less[k], grid)));
		assert!(
			solutions.windows(2).all(|two| two[0] < two[1]),
			"smallest first, all different"
		);
		assert_eq!(
			answered[k], solutions[0],
			"the judge file writes the smallest"
		);
	}
	assert_eq!((at, answered.len()), (listed.len(), less.len()));
}

#[test]
fn the_generator_stops_when_no_new_puzzle_can_be_made() {
	// There is one minimal 1x1 puzzle, with one solution, and no 1x1 puzzle with two.
	for (args, out, made) in [
		(
			&["--generate", "2", "--size", "1", "--seed", "1"][..],
			".\n",
			1,
		),
		(
			&[
				"--generate",
				"1",
				"--size",
				"1",
				"--seed",
				"1",
				"--solutions",
				"2",
			],
			"",
			0,
		),
		(
			&[
				"--generate",
				"1",
				"--size",
				"1",
				"--seed",
				"1",
				"--solutions",
				"0",
			],
			"",
			0,
		),
	] {
		let run = sudoku(args, b"");
		assert_eq!(run.status, 2, "{:?}", args);
		assert_eq!(run.stdout(), out, "{:?}", args);
		let asked = args[1];
		let said = format!(
			"sudoku: {made} of the {asked} puzzles asked for: none new in 10000 draws in a row\n"
		);
		assert_eq!(run.stderr, said, "{:?}", args);
	}
}

#[test]
fn size_goes_with_every_mode_but_explain_and_rate_and_names_a_puzzle_of_another_size() {
	common::refused(&["--size", "7"], "--size takes 1, 4, 9, 16, 25 or any");
	for option in ["--explain", "--rate"] {
		let said = format!("--size does not go with {option}");
		common::refused(&["--size", "16", option], &said);
	}
	let nine = format!("{}\n", ".".repeat(81));
	let run = sudoku(&["--size", "16"], nine.as_bytes());
	let said = "sudoku: <stdin>:1:1: puzzle 1 is 9x9, not 16x16 (without --size, each puzzle is \
                read at the size its text shows)\n";
	assert_eq!((run.status, run.stderr.as_str()), (2, said));
}

#[test]
fn a_line_no_size_reads_is_named_where_it_stands_and_nothing_more_is_offered() {
	let (typo, sevens) = ("--A----C-----O-Q\n", format!("{}\n", ["7"; 25].join(" ")));
	let cases: [(&[u8], &str); 4] = [
		// A letter no 16x16 has.
		(
			typo.as_bytes(),
			"1:16: 'Q' is not a square of a 16x16 puzzle (A to P, - or . a blank)",
		),
		// Inside a 9x9 puzzle, four squares are a typo of its, not a 4x4's row.
		(
			b".2738..1.\n1.3.\n",
			"2:5: 4 squares on this line, not whole rows of 9, for puzzle 1 (line 1) with 13 of \
             its 81 squares",
		),
		(
			b"1.3x\n",
			"1:4: letter 'x' inside puzzle 1 (line 1) with 3 of its 81 squares",
		),
		// Twenty-five numbers are a 25x25's row: the input ends inside that puzzle.
		(
			sevens.as_bytes(),
			"2:1: the input ends inside puzzle 1 (line 1) with 1 of its 25 rows",
		),
	];
	for (input, said) in cases {
		let run = sudoku(&[], input);
		let said = format!("sudoku: <stdin>:{said}\n");
		assert_eq!((run.status, run.stderr.as_str()), (2, &*said));
	}
}

#[test]
fn size_any_reads_each_puzzle_at_its_own_size_as_the_judge_file_does() {
	let mixed = std::fs::read("samples/sizes/uva989-extra.in").expect("the sample");
	let judged = common::run(&every_size_program(), &[], &mixed);
	for jobs in ["1", "4"] {
		let run = sudoku(&["--size", "any", "-j", jobs], &mixed);
		assert_eq!((run.status, &run.stdout), (judged.status, &judged.stdout));
		assert_eq!(run.stderr, "");
	}
	// A 4x4, a 9x9 and a 16x16 puzzle, one line each: counted each at its size.
	let rng = &mut Random(989);
	let lines: String = [4, 9, 16]
		.iter()
		.map(|&side| format!("{}\n", one_line(side, &solved(side, rng))))
		.collect();
	let run = sudoku(&["--size", "any", "--count"], lines.as_bytes());
	assert_eq!((run.status, run.stdout()), (0, "1\n1\n1\n".to_string()));
	// One size only: the puzzle of another size is named, and --size any offered.
	let run = sudoku(&["--size", "4"], &mixed);
	let said = "sudoku: <stdin>:8:1: puzzle 2 is 1x1, not 4x4 (without --size, each puzzle is \
                read at the size its text shows)\n";
	assert_eq!((run.status, run.stderr.as_str()), (2, said));
	common::refused(
		&["--size", "any", "--generate", "1"],
		"--generate makes puzzles of one size: not --size any",
	);
}
