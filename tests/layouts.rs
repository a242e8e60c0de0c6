//! The reading rules for text around and after puzzles: labels up to their last `=`, trailing
//! text, `=` and box-drawing layout, long lines written whole or not at all, and flat memory.

use crate::common;

use common::{judge, sudoku, PUZZLE, SOLVED};

fn solves(input: &str, expected: &str) {
	let run = judge(input.as_bytes());
	assert_eq!(run.stderr, "", "input {:?}", input);
	assert_eq!(run.stdout(), expected, "input {:?}", input);
	assert_eq!(run.status, 0, "input {:?}", input);
}

fn fails(input: &[u8], stdout: &str, stderr: &str) {
	let run = judge(input);
	let shown = String::from_utf8_lossy(&input[..input.len().min(300)]).into_owned();
	assert_eq!(run.stdout(), stdout, "input {:?}", shown);
	assert_eq!(run.stderr, stderr, "input {:?}", shown);
	assert_eq!(run.status, 2, "input {:?}", shown);
}

/// The puzzle as a board literal: `[["5","3",...],...]`.
fn board(s: &str) -> String {
	let row = |x: usize| -> String {
		let cells: Vec<String> = s[9 * x..9 * x + 9]
			.chars()
			.map(|c| format!("\"{}\"", c))
			.collect();
		format!("[{}]", cells.join(","))
	};
	format!("[{}]", (0..9).map(row).collect::<Vec<_>>().join(","))
}

#[test]
fn a_label_ends_at_its_last_equals_sign_and_what_follows_is_read() {
	for label in ["board = ", "Input: board = ", "x == y = "] {
		solves(
			&format!("{}{}\n", label, board(PUZZLE)),
			&format!("{}{}\n", label, board(SOLVED)),
		);
	}
	// A C array over eleven lines; the 9s of `[9][9]` stand in the label.
	let rows = |s: &str| -> String {
		(0..9)
			.map(|x| format!("  {{{}}},\n", s[9 * x..9 * x + 9].replace('.', "0")))
			.collect()
	};
	let c = |s: &str| format!("int grid[9][9] = {{\n{}}};\n", rows(s));
	solves(&c(PUZZLE), &c(SOLVED));
	// A label without `=` holds no cells, digits or not.
	solves(
		&format!("Grid 01 of 50\n{}\n", PUZZLE),
		&format!("Grid 01 of 50\n{}\n", SOLVED),
	);
}

#[test]
fn what_follows_the_last_equals_sign_is_read_as_squares_and_errors_name_it() {
	fails(
		format!("title = Hard one\n{}\n", PUZZLE).as_bytes(),
		"",
		"line 1, column 9: unexpected character 'H'\n",
	);
	// Nothing of the broken line goes out, its label neither.
	fails(
		format!("{}\nboard = {}\n", PUZZLE, &board(PUZZLE)[..50]).as_bytes(),
		&format!("{}\n", SOLVED),
		"line 2, column 59: 12 squares on this line, not whole rows of 9, for puzzle 2 (line 2) \
         with 12 of its 81 squares\n",
	);
}

#[test]
fn the_rest_of_a_line_after_the_81st_square_is_trailing_text() {
	for rest in [
		" 11.9/11.9/11.3",
		";genlu",
		"  box duplicate",
		"\tSE 9.1 # hardest",
	] {
		solves(
			&format!("{}{}\n{}{}\n", PUZZLE, rest, PUZZLE, rest),
			&format!("{}{}\n{}{}\n", SOLVED, rest, SOLVED, rest),
		);
	}
	// A CSV's solution column: digits, but no cells.
	solves(
		&format!("{},{}\n", PUZZLE, SOLVED),
		&format!("{},{}\n", SOLVED, SOLVED),
	);
	// A cell right after the 81st starts the next puzzle; a space does not.
	solves(
		&format!("{}{}\n{} {}\n", PUZZLE, PUZZLE, PUZZLE, PUZZLE),
		&format!("{}{}\n{} {}\n", SOLVED, SOLVED, SOLVED, PUZZLE),
	);
}

#[test]
fn equals_signs_and_box_drawing_characters_are_layout() {
	let drawn = |s: &str| {
		let borders = [
			"┌───────┬───────┬───────┐",
			"╞═══════╪═══════╪═══════╡",
			"└───────┴───────┴───────┘",
		];
		common::drawn(s, "│", borders)
	};
	solves(&drawn(PUZZLE), &drawn(SOLVED));
	let equals = |s: &str| -> String {
		let row = |x: usize| format!("{}\n", &s[9 * x..9 * x + 9]);
		let band = |b: usize| (3 * b..3 * b + 3).map(row).collect::<String>();
		[band(0), band(1), band(2)].join("===+===+===\n")
	};
	solves(&equals(PUZZLE), &equals(SOLVED));
}

#[test]
fn other_characters_beyond_ascii_are_named_by_their_first_byte() {
	// U+2580, just past the box-drawing block, and an accented letter.
	fails(
		"▀\n".as_bytes(),
		"",
		"line 1, column 1: unexpected byte 0xE2\n",
	);
	fails(
		"é\n".as_bytes(),
		"",
		"line 1, column 1: unexpected byte 0xC3\n",
	);
	fails(
		b"| \xE2\x94\n",
		"",
		"line 1, column 3: unexpected byte 0xE2\n",
	);
	fails(
		format!("{}\n{}\n", PUZZLE, "▀").as_bytes(),
		&format!("{}\n", SOLVED),
		"line 2, column 1: unexpected byte 0xE2\n",
	);
}

#[test]
fn a_long_line_is_written_whole_or_not_at_all() {
	let layout = "-".repeat(70_000);
	// A broken puzzle after 70,000 bytes of layout on its line: nothing of that line goes out.
	fails(
		format!("{}\n{}{}!\n", PUZZLE, layout, &PUZZLE[..20]).as_bytes(),
		&format!("{}\n", SOLVED),
		&format!("line 2, column {}: unexpected character '!'\n", 70_021),
	);
}

#[test]
fn all_writes_a_long_line_whole_with_every_solution() {
	let layout = "-".repeat(70_000);
	let empty = format!("{}{}\n", layout, ".".repeat(81));
	let run = sudoku(&["--all", "--limit", "2"], empty.as_bytes());
	assert_eq!(run.status, 0, "{}", run.stderr);
	let written = run.stdout();
	let lines: Vec<&str> = written.lines().collect();
	assert_eq!(lines.len(), 2);
	for line in lines {
		assert!(line.starts_with(&layout) && line.len() == layout.len() + 81);
		assert!(line[layout.len()..].bytes().all(|b| b.is_ascii_digit()));
	}
}

#[test]
fn a_line_longer_than_a_mebibyte_is_an_error_and_nothing_of_it_is_written() {
	let puzzle_line = format!("{}{}", " ".repeat(1 << 20), PUZZLE);
	let label = format!("board = {}", "x".repeat(1 << 20));
	let comment = format!("# {}", "abc def, 123!".repeat(90_000));
	let layout = "-+".repeat(600_000);
	let spaces = " ".repeat(3 << 20);
	for (name, long) in [
		("spaces", &spaces),
		("layout", &layout),
		("a comment", &comment),
		("a label", &label),
		("a puzzle line", &puzzle_line),
	] {
		let run = sudoku(
			&[],
			format!("{}\n{}\n{}\n", PUZZLE, long, PUZZLE).as_bytes(),
		);
		assert_eq!(run.stdout(), format!("{}\n", SOLVED), "{}", name);
		assert_eq!(
			run.stderr, "sudoku: <stdin>:2:1048577: longer than 1 MiB\n",
			"{}",
			name
		);
		assert_eq!(run.status, 2, "{}", name);
	}
	// A mebibyte exactly, its line break left out, is a line like any other.
	let spaces = " ".repeat((1 << 20) - 81);
	solves(
		&format!("{}{}\n", spaces, PUZZLE),
		&format!("{}{}\n", spaces, SOLVED),
	);
}

#[cfg(target_os = "linux")]
#[test]
fn memory_stays_bounded_on_long_lines_and_long_inputs() {
	let puzzle = format!("{}\n", PUZZLE);
	let after = format!("\n{}\n", PUZZLE);
	let (spaces, dashes) = ([b' '; 1 << 16], [b'-'; 1 << 16]);
	let mut comment = [b'x'; 1 << 16];
	for (i, b) in comment.iter_mut().enumerate() {
		*b = b"abc def, 123!"[i % 13];
	}
	let mut comments = comment.to_vec(); // 64 KiB lines, one after another
	comments[..2].copy_from_slice(b"# ");
	comments[(1 << 16) - 1] = b'\n';
	let blanks = [b'0'; 81 * 800]; // 16 of these: a line of 12,800 puzzles
	let times = 512; // 32 MiB of each
	let cases: [(&str, &str, &[u8], &str, i32); 8] = [
		("a line of spaces", "", &spaces, "\n", 2),
		("the end line, then spaces", &puzzle, &spaces, "\n", 2),
		(
			"an open puzzle, then spaces",
			&PUZZLE[..45],
			&spaces,
			&PUZZLE[45..],
			2,
		),
		("a comment", "# ", &comment, &after, 2),
		("a border", "", &dashes, &after, 2),
		("a label", "Grid =", &spaces, &after, 2),
		("lines of comment", "", &comments, &after, 0),
		("a line of puzzles", "", &blanks, "\n", 0),
	];
	for (name, head, body, tail, status) in cases {
		let head = if name.starts_with("the end line") {
			format!("{}end", head)
		} else {
			head.to_string()
		};
		let times = if body.len() == blanks.len() {
			16
		} else {
			times
		};
		let (peak, code) =
			common::peak_memory(&common::judge_program(), &[], (&head, body, times, tail));
		assert!(peak < 16 << 10, "{}: {} kB at the peak", name, peak);
		assert_eq!(code, status, "{}", name);
	}
}

#[test]
fn a_puzzle_whose_lines_together_pass_two_mebibytes_is_an_error_and_nothing_of_it_is_written() {
	// 45 squares, then lines of 999 bars: line 2100 takes the puzzle's text past 2 MiB.
	let bars = ("|".repeat(999) + "\n").repeat(2200);
	let input = format!("{}\n{}\n{}{}\n", PUZZLE, &PUZZLE[..45], bars, &PUZZLE[45..]);
	fails(
        input.as_bytes(),
        &format!("{}\n", SOLVED),
        "line 2100, column 1000: puzzle 2 (line 2) with 45 of its 81 squares is longer than 2 MiB\n",
    );
}

#[test]
fn a_puzzle_passing_two_mebibytes_on_its_last_line_is_an_error_too() {
	// Nine rows, each with a comment of 240 KiB: the ninth takes the puzzle past 2 MiB.
	let comment = format!(" # {}\n", "x".repeat(240 << 10));
	let rows: String = (0..9)
		.map(|x| format!("{}{}", &PUZZLE[9 * x..9 * x + 9], comment))
		.collect();
	let column = 9 + comment.len();
	fails(
        format!("{}\n{}", PUZZLE, rows).as_bytes(),
        &format!("{}\n", SOLVED),
        &format!(
            "line 10, column {}: puzzle 2 (line 2) with 81 of its 81 squares is longer than 2 MiB\n",
            column
        ),
    );
}
