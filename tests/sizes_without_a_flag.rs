//! The command with no `--size` reads each puzzle at the size its text shows, as
//! `src/every_size.rs` does for a judge, and each 9x9 puzzle as `src/main.rs` reads it: the
//! command's own 16x16 puzzles and 25x25 ones in the same layout, SPOJ's 16x16 sample, a file
//! mixing sizes (each puzzle named by its number in the file), the names people write before a
//! puzzle on its line; `--size N` insists on one size and says what reads the others; labels
//! are never made of rows of squares. Answers are checked against the rules and the givens, or
//! against the tests' own plain search.

use crate::common;

use common::sized::{count, free, one_line, smallest, solved};
use common::{nine_lines, sudoku, Random, CLASH, PUZZLE, SOLVED};

/// A line of symbols as a grid (letters past 9x9, `-` or `.` a blank; digits up to it).
fn grid(side: usize, line: &str) -> Vec<u8> {
	line.bytes()
		.map(|c| match c {
			b'1'..=b'9' if side <= 9 => c - b'0',
			b'A'..=b'Y' if side > 9 => c - b'A' + 1,
			_ => 0,
		})
		.collect()
}

/// Whether `answer` solves `puzzle`: every given kept, every square filled with a symbol its
/// row, column and box leave it.
fn solves(side: usize, puzzle: &[u8], answer: &[u8]) -> bool {
	answer.len() == side * side
		&& (0..side * side).all(|p| {
			(puzzle[p] == 0 || puzzle[p] == answer[p])
				&& free(side, answer, p) >> answer[p] & 1 == 1
		})
}

/// A puzzle of the tests' own: a solved grid of `side` with `blanks` squares blanked at random.
fn puzzle(side: usize, blanks: usize, rng: &mut Random) -> Vec<u8> {
	let mut grid = solved(side, rng);
	for _ in 0..blanks {
		grid[rng.below(side * side)] = 0;
	}
	grid
}

/// The command's own 16x16 puzzles, `--generate 2 --size 16 --seed 1`, made once.
fn generated() -> &'static str {
	static MADE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
	MADE.get_or_init(|| {
		let made = sudoku(&["--generate", "2", "--size", "16", "--seed", "1"], b"");
		assert_eq!(made.status, 0, "{}", made.stderr);
		made.stdout()
	})
}

#[test]
fn the_commands_own_16x16_puzzles_and_25x25_ones_are_read_without_a_flag() {
	let puzzles = generated();
	let run = sudoku(&[], puzzles.as_bytes());
	assert_eq!((run.status, run.stderr.as_str()), (0, ""));
	let answers = run.stdout();
	assert_eq!(answers.lines().count(), 2, "{answers}");
	for (puzzle, answer) in puzzles.lines().zip(answers.lines()) {
		// Each line answered in place, none written back as a label.
		assert_eq!(answer.len(), 256);
		assert!(solves(16, &grid(16, puzzle), &grid(16, answer)), "{answer}");
	}
	// A 25x25 puzzle in the layout --generate writes (a minimal one takes minutes to make).
	let puzzle = puzzle(25, 30, &mut Random(25));
	let run = sudoku(&[], format!("{}\n", one_line(25, &puzzle)).as_bytes());
	let smallest = smallest(25, &puzzle).expect("a solution");
	assert_eq!(run.stdout(), format!("{}\n", one_line(25, &smallest)));
	assert_eq!((run.status, run.stderr.as_str()), (0, ""));
}

#[test]
fn spojs_16x16_sample_and_a_file_of_mixed_sizes_are_read_without_a_flag() {
	let read = |name: &str| std::fs::read_to_string(name).expect(name);
	let spoj = read("samples/sizes/spoj-sudoku.in");
	let run = sudoku(&[], spoj.as_bytes());
	assert_eq!(run.stdout(), read("samples/sizes/spoj-sudoku.out"));
	assert_eq!((run.status, run.stderr.as_str()), (0, ""));
	// A 9x9 on a line, AcWing 169's 16x16 in rows, a 4x4 in rows, a 9x9 in nine lines, a 9x9
	// without solution: each answered at its size, each named by its number in the file.
	let four = puzzle(4, 10, &mut Random(4));
	let rows = |grid: &[u8]| {
		let line = one_line(4, grid);
		(0..4)
			.map(|x| format!("{}\n", &line[4 * x..4 * x + 4]))
			.collect::<String>()
	};
	let input = format!(
		"# mixed sizes\n{PUZZLE}\n{}\n{}{}{CLASH}\n",
		read("samples/sizes/acwing169.in"),
		rows(&four),
		nine_lines(PUZZLE)
	);
	let expected = format!(
		"# mixed sizes\n{SOLVED}\n{}\n{}{}{CLASH}\n",
		read("samples/sizes/acwing169.out"),
		rows(&smallest(4, &four).expect("a solution")),
		nine_lines(SOLVED)
	);
	for jobs in ["1", "4"] {
		let run = sudoku(&["-j", jobs], input.as_bytes());
		assert_eq!(run.stdout(), expected);
		let said = "sudoku: <stdin>:33: puzzle 5 has no solution\n";
		assert_eq!((run.status, run.stderr.as_str()), (1, said));
		let counted = sudoku(&["--count", "-j", jobs], input.as_bytes());
		let fours = count(4, &mut four.clone(), usize::MAX);
		assert_eq!(counted.stdout(), format!("1\n1\n{fours}\n1\n0\n"));
	}
	// A reading error names its puzzle by its number in the file too, whichever reader read it.
	let cut = input.replacen("-C--------O-I-L-\n", "", 1);
	let run = sudoku(&[], cut.as_bytes());
	let said = "sudoku: <stdin>:18:1: an empty line inside puzzle 2 (line 3) with 15 of its 16 \
                rows\n";
	assert_eq!((run.status, run.stderr.as_str()), (2, said));
	let typo = input.replacen(".2738..1.\n", ".2738..1\n", 1);
	let run = sudoku(&[], typo.as_bytes());
	let said = "sudoku: <stdin>:24:9: 8 squares on this line, not whole rows of 9, for puzzle 4 \
                (line 24) with 8 of its 81 squares\n";
	assert_eq!((run.status, run.stderr.as_str()), (2, said));
}

#[test]
fn names_people_write_before_a_puzzle_are_kept_and_the_puzzle_solved_in_place() {
	let rng = &mut Random(12);
	let (sixteen, twenty_five) = (puzzle(16, 40, rng), puzzle(25, 30, rng));
	let puzzles = [
		(PUZZLE.to_string(), SOLVED.to_string()),
		(
			one_line(16, &sixteen),
			one_line(16, &smallest(16, &sixteen).expect("a solution")),
		),
		(
			one_line(25, &twenty_five),
			one_line(25, &smallest(25, &twenty_five).expect("a solution")),
		),
	];
	let counts = format!(
		"1\n{}\n{}\n",
		count(16, &mut sixteen.clone(), 2),
		count(25, &mut twenty_five.clone(), 2)
	);
	// Numbers a row of a 4x4 could be (`1000`) too: they are followed by more on the line.
	for name in [
		"Puzzle 12 ",
		"12 ",
		"12;",
		"1000\t",
		"2024 ",
		"Puzzle 3: ",
		"Famous One\t",
	] {
		let input: String = puzzles
			.iter()
			.map(|(puzzle, _)| format!("{name}{puzzle}\n"))
			.collect();
		let expected: String = puzzles
			.iter()
			.map(|(_, answer)| format!("{name}{answer}\n"))
			.collect();
		let run = sudoku(&[], input.as_bytes());
		assert_eq!(run.stdout(), expected, "{name:?}");
		assert_eq!((run.status, run.stderr.as_str()), (0, ""), "{name:?}");
		let counted = sudoku(&["--count", "--limit", "2"], input.as_bytes());
		assert_eq!(counted.stdout(), counts, "{name:?}");
		// --all writes the name once, before the solutions.
		let listed = sudoku(&["--all"], format!("{name}{PUZZLE}\n").as_bytes());
		assert_eq!(listed.stdout(), format!("{name}{SOLVED}\n"), "{name:?}");
	}
	// A number of nine digits is a name too; a puzzle before another whole one is none (the
	// second is text after it: its solution, say).
	let run = sudoku(&[], format!("123456789 {PUZZLE}\n").as_bytes());
	assert_eq!(run.stdout(), format!("123456789 {SOLVED}\n"));
	let run = sudoku(&[], format!("{PUZZLE} {PUZZLE}\n").as_bytes());
	assert_eq!(run.stdout(), format!("{SOLVED} {PUZZLE}\n"));
}

#[test]
fn size_n_insists_on_one_size_and_says_what_reads_the_others() {
	let made = generated().lines().next().expect("a puzzle").to_string() + "\n";
	// The 256 squares are no label: the puzzle is named, nothing is written.
	let run = sudoku(&["--size", "9"], made.as_bytes());
	let said = "sudoku: <stdin>:1:1: puzzle 1 is 16x16, not 9x9 (without --size, each puzzle is \
                read at the size its text shows)\n";
	assert_eq!(
		(run.status, run.stdout(), run.stderr.as_str()),
		(2, String::new(), said)
	);
	let run = sudoku(&["--size", "16"], made.as_bytes());
	assert_eq!((run.status, run.stdout().len()), (0, 257));
	let run = sudoku(&["--size", "any"], made.as_bytes());
	assert_eq!((run.status, run.stdout().len()), (0, 257));
	// --explain and --rate are for 9x9 puzzles: --size is none of theirs.
	let run = sudoku(&["--explain"], made.as_bytes());
	let said = "sudoku: <stdin>:1:1: puzzle 1 is 16x16, not 9x9 (--explain and --rate are for \
                9x9 puzzles only)\n";
	assert_eq!((run.status, run.stderr.as_str()), (2, said));
	for mode in ["--explain", "--rate"] {
		let why = format!("--size does not go with {mode}");
		common::refused(&[mode, "--size", "9"], &why);
	}
	common::refused(
		&["--generate", "1", "--difficulty", "2", "--size", "16"],
		"--difficulty is for 9x9 puzzles only",
	);
}

#[test]
fn a_line_of_dashes_is_read_as_the_line_after_it() {
	// A 16x16 in rows, its first row blank: the dashes are that row.
	let grid = solved(16, &mut Random(16));
	let line = one_line(16, &grid);
	let rows = |line: &str| -> String {
		(0..16)
			.map(|x| format!("{}\n", &line[16 * x..16 * x + 16]))
			.collect()
	};
	let blank = format!("{}{}", "-".repeat(16), &line[16..]);
	let run = sudoku(&[], rows(&blank).as_bytes());
	assert_eq!(run.stdout(), rows(&line));
	assert_eq!((run.status, run.stderr.as_str()), (0, ""));
	// Above a 9x9 puzzle, the same dashes are a border, written back as they are.
	let input = format!("{}\n{}", "-".repeat(16), nine_lines(PUZZLE));
	let run = sudoku(&[], input.as_bytes());
	assert_eq!(
		run.stdout(),
		format!("{}\n{}", "-".repeat(16), nine_lines(SOLVED))
	);
}
