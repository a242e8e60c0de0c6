//! Each reading rule and each error of docs/reading.md, in the default mode.

use crate::common;

use common::{judge, CLASH, DEAD, PUZZLE, SOLVED};

fn nine_lines(s: &str, eol: &str) -> String {
	(0..9)
		.map(|x| format!("{}{}", &s[9 * x..9 * x + 9], eol))
		.collect()
}

fn solves(input: &str, expected: &str) {
	let run = judge(input.as_bytes());
	assert_eq!(run.stderr, "", "input {:?}", input);
	assert_eq!(run.stdout(), expected, "input {:?}", input);
	assert_eq!(run.status, 0, "input {:?}", input);
}

fn fails(input: &[u8], status: i32, stdout: &str, stderr: &str) {
	let run = judge(input);
	assert_eq!(
		run.stdout(),
		stdout,
		"input {:?}",
		String::from_utf8_lossy(input)
	);
	assert_eq!(
		run.stderr,
		stderr,
		"input {:?}",
		String::from_utf8_lossy(input)
	);
	assert_eq!(run.status, status);
}

#[test]
fn nine_lines_give_nine_solved_lines_and_one_line_gives_one() {
	solves(&nine_lines(PUZZLE, "\n"), &nine_lines(SOLVED, "\n"));
	solves(&format!("{}\n", PUZZLE), &format!("{}\n", SOLVED));
	solves(PUZZLE, SOLVED);
}

#[test]
fn every_blank_character_is_filled() {
	for blank in [".", "0", "?", "_", "*"] {
		solves(&PUZZLE.replace('.', blank), SOLVED);
	}
}

#[test]
fn layout_bytes_are_kept_where_they_stand() {
	// Before each cell, one of the layout bytes in turn.
	let decorate = |s: &str| -> String {
		let layout: Vec<char> = " \t|+-,;[]{}\"'\r".chars().collect();
		s.chars()
			.enumerate()
			.map(|(i, c)| format!("{}{}", layout[i % layout.len()], c))
			.collect()
	};
	let (decorated, expected) = (decorate(PUZZLE), decorate(SOLVED));
	solves(&decorated, &expected);
}

#[test]
fn windows_line_endings_are_kept() {
	solves(&nine_lines(PUZZLE, "\r\n"), &nine_lines(SOLVED, "\r\n"));
}

#[test]
fn a_byte_order_mark_is_skipped() {
	solves(&format!("\u{feff}{}\n", PUZZLE), &format!("{}\n", SOLVED));
}

#[test]
fn labels_comments_and_empty_lines_are_written_back() {
	let input = format!(
		"# two puzzles\nGrid 01\n{}  # first\n\n  Grid 02\nendgame is a label\n{}",
		PUZZLE, PUZZLE
	);
	let expected = format!(
		"# two puzzles\nGrid 01\n{}  # first\n\n  Grid 02\nendgame is a label\n{}",
		SOLVED, SOLVED
	);
	solves(&input, &expected);
}

#[test]
fn a_name_before_a_puzzle_on_its_line_is_its_label() {
	for (name, after) in [
		("Famous One\t", ""),
		("Name: ", ""),
		("AI Escargot ", " 10.5"),
		("1,", ",2.3"),
		("12345678\t", ""),
	] {
		solves(
			&format!("{name}{PUZZLE}{after}\n"),
			&format!("{name}{SOLVED}{after}\n"),
		);
	}
	// Not a name: a number of nine digits or more (a puzzle), a label with no whole rows.
	let zeros = PUZZLE.replace('.', "0");
	solves(
		&format!("{zeros},{SOLVED}\n"),
		&format!("{SOLVED},{SOLVED}\n"),
	);
	solves(
		&format!("Grid 01\n{PUZZLE}\n"),
		&format!("Grid 01\n{SOLVED}\n"),
	);
	solves(
		&format!("Level 9 hard\n{PUZZLE}\n"),
		&format!("Level 9 hard\n{SOLVED}\n"),
	);
}

#[test]
fn the_count_line_is_dropped_only_as_the_first_line_that_is_not_empty() {
	solves(
		&format!("2\n{}\n{}\n", PUZZLE, PUZZLE),
		&format!("{}\n{}\n", SOLVED, SOLVED),
	);
	solves(
		&format!("\n \r\n 12345678 \r\n{}\n", PUZZLE),
		&format!("\n \r\n{}\n", SOLVED),
	);
	// Nine digits are a row of cells, not a count.
	let poj = nine_lines(&PUZZLE.replace('.', "0"), "\n");
	assert!(poj.starts_with("027380010\n"));
	solves(&poj, &nine_lines(SOLVED, "\n"));
	// A lone number after the first line is a cell: here, a line of one cell.
	fails(
		format!("{}\n7\n", PUZZLE).as_bytes(),
		2,
		&format!("{}\n", SOLVED),
		"line 2, column 2: 1 square on this line, not whole rows of 9, for puzzle 2 (line 2) \
         with 1 of its 81 squares\n",
	);
}

#[test]
fn the_end_line_ends_the_input_in_any_case() {
	let after = "anything at all: @@@\n";
	solves(
		&format!("{}\n  End \r\n{}", PUZZLE, after),
		&format!("{}\n", SOLVED),
	);
	solves(&format!("{}\nEND", PUZZLE), &format!("{}\n", SOLVED));
	solves(
		&format!("1\n{}\nend\n{}", PUZZLE, after),
		&format!("{}\n", SOLVED),
	);
}

#[test]
fn two_puzzles_on_one_line_are_both_solved() {
	solves(
		&format!("{}{}\n", PUZZLE, PUZZLE),
		&format!("{}{}\n", SOLVED, SOLVED),
	);
}

#[test]
fn a_puzzle_may_take_any_number_of_lines_of_whole_rows() {
	let input = format!("{}\n{}\n{}\n", &PUZZLE[..9], &PUZZLE[9..63], &PUZZLE[63..]);
	let expected = format!("{}\n{}\n{}\n", &SOLVED[..9], &SOLVED[9..63], &SOLVED[63..]);
	solves(&input, &expected);
}

#[test]
fn a_line_that_gives_a_puzzle_part_of_a_row_is_named() {
	// A blank moved across a line break: row 3 has 10 cells, row 4 has 8.
	let mut rows: Vec<String> = nine_lines(PUZZLE, "\n").lines().map(String::from).collect();
	rows[2].push('.');
	rows[3].pop();
	let typo = rows.join("\n") + "\n";
	fails(
		format!("{}\n{}", PUZZLE, typo).as_bytes(),
		2,
		&format!("{}\n", SOLVED),
		"line 4, column 11: 10 squares on this line, not whole rows of 9, for puzzle 2 (line 2) \
         with 28 of its 81 squares\n",
	);
	// A row of 8 alone is named on its own line, not at the end of the input.
	let short = nine_lines(PUZZLE, "\n").replacen(".1...6735\n", ".1...673\n", 1);
	fails(
		short.as_bytes(),
		2,
		"",
		"line 2, column 9: 8 squares on this line, not whole rows of 9, for puzzle 1 (line 1) \
         with 17 of its 81 squares\n",
	);
	// One line of 80, at the end of the input.
	fails(
		&PUZZLE.as_bytes()[..80],
		2,
		"",
		"line 1, column 81: 80 squares on this line, not whole rows of 9, for puzzle 1 (line 1) \
         with 80 of its 81 squares\n",
	);
}

#[test]
fn a_letter_inside_a_puzzle_is_named_where_it_stands() {
	// A letter opening a row is not a label inside a puzzle.
	let lines = nine_lines(PUZZLE, "\n").replacen("\n.........\n", "\nx........\n", 1);
	fails(
		lines.as_bytes(),
		2,
		"",
		"line 5, column 1: letter 'x' inside puzzle 1 (line 1) with 36 of its 81 squares\n",
	);
	// So is the `end` line.
	let end = format!("{}end\n", &nine_lines(PUZZLE, "\n")[..80]);
	fails(
		end.as_bytes(),
		2,
		"",
		"line 9, column 1: letter 'e' inside puzzle 1 (line 1) with 72 of its 81 squares\n",
	);
}

#[test]
fn a_wrong_character_is_named_by_line_and_column_after_what_came_before_is_written() {
	let broken = format!("{}\n{}\n{}x\n{}\n", PUZZLE, PUZZLE, &PUZZLE[..7], PUZZLE);
	fails(
		broken.as_bytes(),
		2,
		&format!("{}\n{}\n", SOLVED, SOLVED),
		"line 3, column 8: letter 'x' inside puzzle 3 (line 3) with 7 of its 81 squares\n",
	);
	// Nothing of the broken puzzle is written, even the lines of it that were complete.
	let nine = format!("{}\n{}", nine_lines(PUZZLE, "\n"), nine_lines(PUZZLE, "\n"));
	let broken = nine.replacen("9518...7.", "9518..!7.", 2);
	let broken = broken.replacen("9518..!7.", "9518...7.", 1);
	fails(
		broken.as_bytes(),
		2,
		&format!("{}\n", nine_lines(SOLVED, "\n")),
		"line 18, column 7: unexpected character '!'\n",
	);
}

#[test]
fn bytes_that_are_not_characters_are_named_in_hex() {
	fails(b"12\xff", 2, "", "line 1, column 3: unexpected byte 0xFF\n");
	fails(
		b"\xef\xbb",
		2,
		"",
		"line 1, column 1: unexpected byte 0xEF\n",
	);
}

#[test]
fn an_input_that_ends_inside_a_puzzle_is_an_error() {
	fails(
		format!("{}\n{}", PUZZLE, &PUZZLE[..45]).as_bytes(),
		2,
		&format!("{}\n", SOLVED),
		"line 2, column 46: the input ends inside puzzle 2 (line 2) with 45 of its 81 squares\n",
	);
	// On a last line without a line break, nothing of that line goes out either.
	fails(
		format!("{}{}", PUZZLE, &PUZZLE[..45]).as_bytes(),
		2,
		"",
		"line 1, column 127: the input ends inside puzzle 2 (line 1) with 45 of its 81 squares\n",
	);
	fails(
		&nine_lines(PUZZLE, "\n").as_bytes()[..80],
		2,
		"",
		"line 9, column 1: the input ends inside puzzle 1 (line 1) with 72 of its 81 squares\n",
	);
}

#[test]
fn an_input_without_a_puzzle_is_an_error() {
	fails(b"", 2, "", "line 1, column 1: no puzzle in the input\n");
	fails(
		b"# nothing\n",
		2,
		"# nothing\n",
		"line 2, column 1: no puzzle in the input\n",
	);
	fails(b"3\n", 2, "", "line 2, column 1: no puzzle in the input\n");
	fails(
		b"\nend\n",
		2,
		"\n",
		"line 2, column 1: no puzzle in the input\n",
	);
}

#[test]
fn puzzles_without_a_solution_are_written_back_and_named_and_the_rest_solved() {
	let input = format!("{}\n{}\n{}\n{}\n{}\n", PUZZLE, CLASH, PUZZLE, DEAD, PUZZLE);
	let expected = format!("{}\n{}\n{}\n{}\n{}\n", SOLVED, CLASH, SOLVED, DEAD, SOLVED);
	fails(
		input.as_bytes(),
		1,
		&expected,
		"puzzle 2 (line 2): no solution\npuzzle 4 (line 4): no solution\n",
	);
	let nine = format!("{}\n{}", nine_lines(CLASH, "\n"), nine_lines(PUZZLE, "\n"));
	fails(
		nine.as_bytes(),
		1,
		&format!("{}\n{}", nine_lines(CLASH, "\n"), nine_lines(SOLVED, "\n")),
		"puzzle 1 (line 1): no solution\n",
	);
}

#[test]
fn answers_come_out_before_the_input_ends() {
	// Standard input is still open: the answer must not wait for its end.
	let answer = common::first_line_while_open(&common::judge_program(), &[], PUZZLE);
	assert_eq!(
		answer.expect("an answer while the input is open"),
		format!("{}\n", SOLVED)
	);
}

#[test]
fn a_line_of_thousands_of_puzzles_is_solved_and_its_errors_placed() {
	// 162 KB on one line: the program forgets what it wrote as it goes, puzzles open or not.
	let line = PUZZLE.repeat(2000);
	solves(
		&format!("{}\n", line),
		&format!("{}\n", SOLVED.repeat(2000)),
	);
	// Nothing of the broken line goes out, not even the puzzles it finished.
	fails(
		format!("{}{}x", line, &PUZZLE[..10]).as_bytes(),
		2,
		"",
		&format!(
			"line 1, column {}: letter 'x' inside puzzle 2001 (line 1) with 10 of its 81 squares\n",
			2000 * 81 + 11
		),
	);
}

#[test]
fn a_line_that_overruns_a_puzzle_is_a_typo_of_that_puzzle_and_nothing_of_it_is_written() {
	// 83 blanks: puzzle 2 takes 81, and the 2 after them are no puzzle of their own.
	fails(
		format!("{}\n{}\n", PUZZLE, ".".repeat(83)).as_bytes(),
		2,
		&format!("{}\n", SOLVED),
		"line 2, column 84: 83 squares on this line, not whole rows of 9, for puzzle 2 (line 2) \
         with 81 of its 81 squares\n",
	);
	fails(
		format!("{}.\n", PUZZLE).as_bytes(),
		2,
		"",
		"line 1, column 83: 82 squares on this line, not whole rows of 9, for puzzle 1 (line 1) \
         with 81 of its 81 squares\n",
	);
	// A ninth row of 10.
	let rows = nine_lines(PUZZLE, "\n").replacen("\n.8..6534.\n", "\n.8..6534..\n", 1);
	fails(
		rows.as_bytes(),
		2,
		"",
		"line 9, column 11: 10 squares on this line, not whole rows of 9, for puzzle 1 (line 1) \
         with 81 of its 81 squares\n",
	);
}

#[test]
fn no_puzzle_is_named_at_the_end_line_whatever_its_line_break() {
	for end in ["end\n", "end\r\n", "end", " END \r\n"] {
		fails(
			format!("\n{}", end).as_bytes(),
			2,
			"\n",
			"line 2, column 1: no puzzle in the input\n",
		);
	}
}

#[test]
fn a_line_shared_by_a_broken_puzzle_is_not_written_even_where_an_answered_one_ends_on_it() {
	// Puzzle 1 ends 72 squares into line 2, where puzzle 2 starts and the input then ends.
	let input = format!("123456789\n{}\n", PUZZLE);
	fails(
		input.as_bytes(),
		2,
		"123456789\n",
		"puzzle 1 (line 1): no solution\n\
         line 3, column 1: the input ends inside puzzle 2 (line 2) with 9 of its 81 squares\n",
	);
	// Answered, the shared line goes out whole with the next puzzle.
	let input = format!(
		"{}\n{}{}\n{}\n",
		&PUZZLE[..9],
		&PUZZLE[9..],
		&PUZZLE[..9],
		&PUZZLE[9..]
	);
	let expected = format!(
		"{}\n{}{}\n{}\n",
		&SOLVED[..9],
		&SOLVED[9..],
		&SOLVED[..9],
		&SOLVED[9..]
	);
	fails(input.as_bytes(), 0, &expected, "");
}

#[test]
fn a_letter_in_front_of_a_row_is_a_typo_named_on_its_line_not_a_label() {
	let rows: Vec<&str> = (0..9).map(|x| &PUZZLE[9 * x..9 * x + 9]).collect();
	for first in [
		format!("x{}", &rows[0][1..]),
		format!("x {}", rows[0][1..].replace("", " ").trim()),
	] {
		let input = format!("{}\n{}\n", first, rows[1..].join("\n"));
		fails(
			input.as_bytes(),
			2,
			"",
			"line 1, column 1: letter 'x' in a row of squares (a blank is . 0 ? _ or *)\n",
		);
	}
	// A label whose words hold digits is still a label.
	let input = format!("Grid 12345678\n{}\n", PUZZLE);
	fails(
		input.as_bytes(),
		0,
		&format!("Grid 12345678\n{}\n", SOLVED),
		"",
	);
}
