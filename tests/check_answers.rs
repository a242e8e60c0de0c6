//! --check PUZZLES ANSWERS, the command's checker of answers: right answers in every layout, and
//! answers made wrong on purpose in each way, each named with the first thing wrong.

use crate::common;

use common::{cells, drawn, line, nine_lines, sudoku, temp_file, CLASH, PUZZLE, SOLVED};

/// The checker on `puzzles` and `answers`, each written to a file named by what it holds (tests
/// that run side by side share none): status and standard error, the files named `PUZZLES` and
/// `ANSWERS` in it.
fn check(args: &[&str], puzzles: &str, answers: &str) -> (i32, String) {
	let file = |text: &str| {
		let hash = text
			.bytes()
			.fold(0u64, |h, c| h.wrapping_mul(31) ^ u64::from(c));
		let path = temp_file(&format!("check-{:016x}.txt", hash), text);
		path.to_str().expect("a UTF-8 path").to_string()
	};
	let (p, a) = (file(puzzles), file(answers));
	let mut all: Vec<&str> = args.to_vec();
	all.extend([p.as_str(), a.as_str()]);
	let run = sudoku(&all, b"");
	assert_eq!(run.stdout(), "", "nothing on standard output");
	let said = run.stderr.replace(&p, "PUZZLES").replace(&a, "ANSWERS");
	(run.status, said)
}

/// SOLVED with square p set to digit d (0: a blank).
fn changed(p: usize, d: u8) -> String {
	let mut grid = cells(SOLVED);
	grid[p] = d;
	line(&grid)
}

#[test]
fn right_answers_are_accepted_in_every_layout() {
	let puzzles = format!("{}\n{}\n", PUZZLE, PUZZLE);
	let border = "+-------+-------+-------+";
	for answers in [
		format!("{}\n{}\n", SOLVED, SOLVED),
		format!("{}{}", nine_lines(SOLVED), nine_lines(SOLVED)),
		format!("Grid 1\n{}\n{}", drawn(SOLVED, "|", [border; 3]), SOLVED),
		format!("{}{}\r\n", SOLVED, SOLVED), // a square right after the 81st: the next puzzle
	] {
		assert_eq!(check(&["--check"], &puzzles, &answers), (0, String::new()));
		assert_eq!(
			check(&["--check", "--smallest"], &puzzles, &answers),
			(0, String::new())
		);
	}
	// The puzzles in nine lines, the answers on one line each.
	let (status, said) = check(&["--check"], &nine_lines(PUZZLE), &format!("{}\n", SOLVED));
	assert_eq!((status, said), (0, String::new()));
}

#[test]
fn each_wrong_answer_is_named_with_the_first_thing_wrong() {
	let blank = PUZZLE.find('.').unwrap(); // r1c1
	let given = PUZZLE.find(|c: char| c.is_ascii_digit()).unwrap(); // r1c2, a 2
	let other = |p: usize| if SOLVED.as_bytes()[p] == b'9' { 8 } else { 9 };
	let answers = [
		changed(given, 5),            // a given changed (and a rule broken too)
		changed(blank, other(blank)), // a digit twice in row 1
		changed(blank, 0),            // a blank left
		SOLVED.to_string(),           // right
	];
	let puzzles = format!("{}\n", PUZZLE).repeat(5);
	let answers: String = answers.iter().map(|a| format!("{}\n", a)).collect();
	let (status, said) = check(&["--check"], &puzzles, &answers);
	let twice = other(blank);
	let expected = format!(
		"sudoku: ANSWERS:1: answer 1 (to PUZZLES:1): r1c2 was 2, is 5\n\
         sudoku: ANSWERS:2: answer 2 (to PUZZLES:2): row 1 has {} twice\n\
         sudoku: ANSWERS:3: answer 3 (to PUZZLES:3): r1c1 is blank\n\
         sudoku: PUZZLES:5: puzzle 5 has no answer\n",
		twice
	);
	assert_eq!((status, said), (1, expected.clone()));
	// The same with --smallest: the one solution is the smallest.
	let with_smallest = check(&["--check", "--smallest"], &puzzles, &answers);
	assert_eq!(with_smallest, (1, expected));
	// One answer more than there are puzzles.
	let (status, said) = check(&["--check"], &format!("{}\n", PUZZLE), &answers);
	assert_eq!(status, 1);
	assert!(
		said.ends_with("sudoku: ANSWERS:4: answer 4 has no puzzle\n"),
		"{}",
		said
	);
}

#[test]
fn a_puzzle_without_solution_must_come_back_as_it_is() {
	// DEAD: 1 to 8 in row 1 and a 9 below its last square, which can take no digit.
	let dead = common::DEAD;
	let clashing = format!("{}9{}", &dead[..8], &dead[9..]); // a 9 beside the 9 below it
	let filled = format!("{}4{}", &dead[..9], &dead[10..]); // r2c1, breaking no rule
	let puzzles = format!("{}\n{}\n{}\n{}\n", CLASH, dead, dead, dead);
	let answers = format!("{}\n{}\n{}\n{}\n", CLASH, dead, clashing, filled);
	let (status, said) = check(&["--check"], &puzzles, &answers);
	let expected = "sudoku: ANSWERS:3: answer 3 (to PUZZLES:3): no solution, but r1c9 is 9\n\
                    sudoku: ANSWERS:4: answer 4 (to PUZZLES:4): no solution, but r2c1 is 4\n";
	assert_eq!((status, said.as_str()), (1, expected));
}

#[test]
fn smallest_asks_for_the_classics_answer_where_there_are_several() {
	let run = sudoku(&["--generate", "1", "--seed", "5", "--solutions", "2"], b"");
	let puzzle = run.stdout();
	let all = sudoku(&["--all"], puzzle.as_bytes()).stdout();
	let both: Vec<&str> = all.lines().collect();
	assert_eq!(both.len(), 2);
	let (small, large) = (both[0].min(both[1]), both[0].max(both[1]));
	let p = (0..81)
		.find(|&p| small.as_bytes()[p] != large.as_bytes()[p])
		.unwrap();
	let (is, has) = (large.as_bytes()[p] as char, small.as_bytes()[p] as char);
	let answers = format!("{}\n", large);
	assert_eq!(check(&["--check"], &puzzle, &answers), (0, String::new()));
	let expected = format!(
        "sudoku: ANSWERS:1: answer 1 (to PUZZLES:1): not the smallest: r{}c{} is {}, the smallest has {}\n",
        p / 9 + 1,
        p % 9 + 1,
        is,
        has
    );
	assert_eq!(
		check(&["--check", "--smallest"], &puzzle, &answers),
		(1, expected)
	);
	let answers = format!("{}\n", small);
	assert_eq!(
		check(&["--check", "--smallest"], &puzzle, &answers),
		(0, String::new())
	);
}

#[test]
fn answers_that_do_not_read_as_puzzles_are_wrong_from_there_on() {
	let puzzles = format!("{}\n", PUZZLE).repeat(3);
	// Cut off in the second answer, empty, and a stray byte: each said, then the puzzles left.
	let cases = [
		(
			format!("{}\n{}\n", SOLVED, &SOLVED[..36]),
			"3:1: the input ends inside puzzle 2 (line 2) with 36 of its 81 squares",
			2,
		),
		(String::new(), "1:1: no puzzle in the input", 1),
		(
			format!("{}\n12!\n", SOLVED),
			"2:3: unexpected character '!'",
			2,
		),
	];
	for (answers, error, first_missing) in cases {
		let (status, said) = check(&["--check"], &puzzles, &answers);
		let missing: String = (first_missing..=3)
			.map(|k| format!("sudoku: PUZZLES:{k}: puzzle {k} has no answer\n"))
			.collect();
		assert_eq!(status, 1, "{}", said);
		let (message, rest) = said.split_once('\n').expect("two lines at least");
		assert_eq!(message, format!("sudoku: ANSWERS:{error}"), "{said}");
		assert_eq!(format!("{}\n", rest.trim_end()), missing, "{}", said);
	}
}

#[test]
fn an_input_that_cannot_be_read_is_status_2() {
	let (status, said) = check(&["--check"], "12!\n", &format!("{}\n", SOLVED));
	assert_eq!(status, 2);
	assert_eq!(said, "sudoku: PUZZLES:1:3: unexpected character '!'\n");
	let run = sudoku(&["--check", "missing-puzzles.txt", "-"], b"");
	assert_eq!(run.status, 2);
	assert_eq!(
		run.stderr,
		"sudoku: missing-puzzles.txt: No such file or directory\n"
	);
	let run = sudoku(&["--check", "one.txt"], b"");
	assert_eq!(run.status, 2);
	assert!(
		run.stderr.starts_with("sudoku: --check takes two files"),
		"{}",
		run.stderr
	);
}

#[test]
fn output_after_the_last_answer_is_wrong_unless_the_puzzles_end_with_it_too() {
	let puzzles = format!("{PUZZLE}\n{PUZZLE}\n");
	let right = format!("{SOLVED}\n{SOLVED}\n");
	let (status, said) = check(&["--check"], &puzzles, &format!("{right}garbage!\n"));
	let expected = "sudoku: ANSWERS:3: output after the last answer: garbage!\n";
	assert_eq!((status, said.as_str()), (1, expected));
	// A comment or a label too; white space and layout (a grid's border, `};`) are no output.
	let (status, said) = check(&["--check"], &puzzles, &format!("{right}\n# done\n"));
	let expected = "sudoku: ANSWERS:4: output after the last answer: # done\n";
	assert_eq!((status, said.as_str()), (1, expected));
	let answers = format!("{right}  \n+-------+\n}};\n\n");
	assert_eq!(check(&["--check"], &puzzles, &answers), (0, String::new()));
	// The puzzles' own last lines, written back in place as the command writes them.
	let (puzzles, answers) = (
		format!("{puzzles}# the end\n"),
		format!("{right}# the end\n"),
	);
	assert_eq!(check(&["--check"], &puzzles, &answers), (0, String::new()));
	// Labels between answers are the puzzles' kept: they are not after the last answer.
	let answers = format!("Grid 01\n{SOLVED}\nGrid 02\n{SOLVED}\n");
	assert_eq!(check(&["--check"], &puzzles, &answers), (0, String::new()));
}

#[test]
fn no_solution_answers_a_puzzle_that_has_none_and_only_such_a_puzzle() {
	let puzzles = format!("{PUZZLE}\n{CLASH}\n");
	for (answers, expected) in [
		(format!("{SOLVED}\nNO SOLUTION\n"), String::new()),
		(format!("{SOLVED}\n{CLASH}\n"), String::new()),
		(
			"NO SOLUTION\nNO SOLUTION\n".to_string(),
			"sudoku: ANSWERS:1: answer 1 (to PUZZLES:1): NO SOLUTION, but the puzzle has a \
             solution\n"
				.to_string(),
		),
	] {
		let status = if expected.is_empty() { 0 } else { 1 };
		assert_eq!(check(&["--check"], &puzzles, &answers), (status, expected));
	}
	// UVa 989's answers: NO SOLUTION, and a 1x1 answer alone on its line, no size line before it.
	let uva = |name: &str| std::fs::read_to_string(format!("samples/sizes/uva989-extra.{name}"));
	let (puzzles, answers) = (
		uva("in").expect("the sample"),
		uva("out").expect("its answers"),
	);
	assert_eq!(check(&["--check"], &puzzles, &answers), (0, String::new()));
	let wrong = answers.replacen("NO SOLUTION", "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1", 1);
	let (status, said) = check(&["--check"], &puzzles, &wrong);
	let expected = "sudoku: ANSWERS:1: answer 1 (to PUZZLES:2): r1c2 was 1, is 2\n";
	assert_eq!((status, said.as_str()), (1, expected));
}

#[test]
fn an_answer_of_another_size_is_wrong() {
	let puzzles = format!("{PUZZLE}\n");
	let (status, said) = check(&["--check"], &puzzles, "1234341221434321\n");
	let expected = "sudoku: ANSWERS:1: answer 1 (to PUZZLES:1): a 4x4 grid, not 9x9\n";
	assert_eq!((status, said.as_str()), (1, expected));
}
