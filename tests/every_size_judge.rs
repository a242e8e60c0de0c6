//! The judge program for every size, `src/every_size.rs`: the judges' samples, each layout of its
//! reading rule, each error, the statuses, and its answers against the test's own plain search
//! (the smallest solution, square by square in reading order) on seeded random puzzles of every
//! side, with no solution, one and several.

use crate::common;

use common::sized::{count, one_line, smallest, solved};
use common::{every_size_program, Random, Run};
use std::path::Path;

/// Runs the program for every size on `input`.
fn every_size(input: &str) -> Run {
	common::run(&every_size_program(), &[], input.as_bytes())
}

/// `input` is answered with `output`, nothing said, status 0.
fn solves(input: &str, output: &str) {
	let run = every_size(input);
	assert_eq!(
		(run.status, run.stderr.as_str(), run.stdout().as_str()),
		(0, "", output),
		"{input}"
	);
}

/// `input` is refused: `written` goes out, `said` is the message, status 2.
fn refuses(input: &str, written: &str, said: &str) {
	let run = every_size(input);
	assert_eq!(
		(run.status, run.stdout().as_str(), run.stderr.as_str()),
		(2, written, said),
		"{input}"
	);
}

/// The AcWing 169 sample: sixteen rows of letters, and its answer.
const ACWING169: [&str; 16] = [
	"--A----C-----O-I",
	"-J--A-B-P-CGF-H-",
	"--D--F-I-E----P-",
	"-G-EL-H----M-J--",
	"----E----C--G---",
	"-I--K-GA-B---E-J",
	"D-GP--J-F----A--",
	"-E---C-B--DP--O-",
	"E--F-M--D--L-K-A",
	"-C--------O-I-L-",
	"H-P-C--F-A--B---",
	"---G-OD---J----H",
	"K---J----H-A-P-L",
	"--B--P--E--K--A-",
	"-H--B--K--FI-C--",
	"--F---C--D--H-N-",
];
const ACWING169_SOLVED: [&str; 16] = [
	"FPAHMJECNLBDKOGI",
	"OJMIANBDPKCGFLHE",
	"LNDKGFOIJEAHMBPC",
	"BGCELKHPOFIMAJDN",
	"MFHBELPOACKJGNID",
	"CILNKDGAHBMOPEFJ",
	"DOGPIHJMFNLECAKB",
	"JEKAFCNBGIDPLHOM",
	"EBOFPMIJDGHLNKCA",
	"NCJDHBAEKMOFIGLP",
	"HMPLCGKFIAENBDJO",
	"AKIGNODLBPJCEFMH",
	"KDEMJIFNCHGAOPBL",
	"GLBCDPMHEONKJIAF",
	"PHNOBALKMJFIDCEG",
	"IAFJOECGLDPBHMNK",
];

fn lines(rows: &[&str]) -> String {
	rows.iter().map(|row| format!("{row}\n")).collect()
}

#[test]
fn every_judges_sample_gives_its_output_byte_for_byte() {
	let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/sizes");
	let mut checked = 0;
	for entry in std::fs::read_dir(&dir).expect("samples/sizes/ is there") {
		let path = entry.expect("an entry").path();
		if path.extension().map_or(true, |e| e != "in") {
			continue;
		}
		let input = std::fs::read_to_string(&path).expect("the input reads");
		let output = std::fs::read_to_string(path.with_extension("out")).expect("its .out");
		solves(&input, &output);
		checked += 1;
	}
	assert!(checked >= 4, "only {checked} sample pairs");
}

#[test]
fn the_samples_are_the_judges_answers_up_to_trailing_white_space() {
	// SPOJ's page writes a space after each answer row but the last; AcWing asks for an empty
	// line after each answer: white space judges ignore at the end of a line and of the output.
	let run = every_size(&format!(
		"1\n{}",
		lines(&ACWING169).replace("-I\n", "-I \n")
	));
	let written = run.stdout();
	let trimmed: Vec<&str> = written.lines().map(str::trim_end).collect();
	assert_eq!(trimmed, ACWING169_SOLVED);
	assert_eq!(run.status, 0);
}

#[test]
fn cases_keep_their_layout_and_lose_count_and_size_lines() {
	let (puzzle, solved) = (lines(&ACWING169), lines(&ACWING169_SOLVED));
	// AcWing 169 and POJ 3076: cases separated by an empty line, to the end of the input.
	solves(
		&format!("{puzzle}\n{puzzle}"),
		&format!("{solved}\n{solved}"),
	);
	// SPOJ SUDOKU: a count of cases first; CRLF line endings kept.
	let crlf = |text: &str| text.replace('\n', "\r\n");
	solves(
		&crlf(&format!("2\n{puzzle}\n{puzzle}")),
		&crlf(&format!("{solved}\n{solved}")),
	);
	// One line of 256 symbols.
	solves(
		&format!("{}\n", ACWING169.concat()),
		&format!("{}\n", ACWING169_SOLVED.concat()),
	);
}

#[test]
fn uva_989_sizes_one_to_three_with_their_size_lines() {
	solves("1\n0\n\n1\n1\n", "1\n\n1\n");
	// Not 3 4 1 2 in the second row: the 2 given at the end of the fourth row takes that column.
	solves(
		"2\n1 0 3 0\n0 0 0 0\n0 0 0 0\n0 0 0 2\n",
		"1 2 3 4\n3 4 2 1\n2 1 4 3\n4 3 1 2\n",
	);
	// Digits side by side, one line of 16, `.` blanks.
	solves("1.3.\n....\n....\n...2\n", "1234\n3421\n2143\n4312\n");
	solves("1.3............2\n", "1234342121434312\n");
}

#[test]
fn uva_989_answers_a_puzzle_without_solution_in_words_and_status_0() {
	// A clashing given, then n = 1 with 0 and with 1, then a 4x4: cases separated by an empty
	// line, the answers too; nothing said, status 0.
	solves(
        "2\n1 1 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n\n1\n0\n\n1\n1\n\n2\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n",
        "NO SOLUTION\n\n1\n\n1\n\n1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n",
    );
	// A puzzle that breaks no rule and has no solution (the second row's first two squares can
	// take only 1 and 2, which their box has): in words too.
	solves("2\n1 2 0 0\n0 0 3 4\n0 0 0 0\n0 0 0 0\n", "NO SOLUTION\n");
	// Without a size line it is written back, named, status 1, as at other judges.
	let run = every_size("1 1 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n");
	assert_eq!(
		(run.status, run.stdout().as_str()),
		(1, "1 1 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n")
	);
}

#[test]
fn sixteen_symbols_are_a_whole_4x4_unless_a_letter_or_dash_makes_them_a_16x16_row() {
	let empty = "................";
	solves(&format!("{empty}\n"), "1234341221434321\n");
	solves(empty, "1234341221434321");
	solves(
		&format!("{empty}\n{empty}\n\n{empty}\n1.3.\n....\n....\n...2\n"),
		"1234341221434321\n1234341221434321\n\n1234341221434321\n1234\n3421\n2143\n4312\n",
	);
	// A 16x16 whose first row is empty: with `-`, its row; with `.`, a 4x4 and a 16x16 short.
	let run = every_size(&format!("{}\n{}", "-".repeat(16), lines(&ACWING169[1..])));
	assert_eq!((run.status, run.stderr.as_str()), (0, ""));
	assert_eq!(run.stdout().lines().count(), 16);
	refuses(
		&format!("{empty}\n{}", lines(&ACWING169[1..])),
		"1234341221434321\n",
		"line 17, column 1: the input ends inside puzzle 2 (line 2) with 15 of its 16 rows\n",
	);
	refuses(
		"----------------\n",
		"",
		"line 2, column 1: the input ends inside puzzle 1 (line 1) with 1 of its 16 rows\n",
	);
}

#[test]
fn no_solution_ends_as_the_puzzle_s_last_line_does() {
	let none = ["2", "1 2 0 0", "0 0 3 4", "0 0 0 0", "0 0 0 0"];
	solves(&none.join("\r\n"), "NO SOLUTION");
	solves(&(none.join("\r\n") + "\r\n"), "NO SOLUTION\r\n");
	solves(&(none.join("\n") + "\n"), "NO SOLUTION\n");
}

#[test]
fn a_count_line_then_a_size_line_then_the_rows() {
	solves(
		"2\n2\n1 0 3 0\n0 0 0 0\n0 0 0 0\n0 0 0 2\n\n1\n1\n",
		"1 2 3 4\n3 4 2 1\n2 1 4 3\n4 3 1 2\n\n1\n",
	);
	solves(
		"1\n2\n1 2 0 0\n0 0 3 4\n0 0 0 0\n0 0 0 0\n",
		"NO SOLUTION\n",
	);
}

#[test]
fn a_byte_order_mark_is_skipped_and_a_count_with_no_puzzle_after_it_is_said() {
	solves(
		"\u{feff}1.3.\n....\n....\n...2\n",
		"1234\n3421\n2143\n4312\n",
	);
	refuses(
		"1\n1\n1\n",
		"1\n",
		"line 3, column 1: a count or size line, and no puzzle after it\n",
	);
}

#[test]
fn numbers_between_spaces_go_past_nine_in_place_of_their_zeros() {
	let numbers = |rows: &[&str]| -> String {
		let number = |c: u8| if c == b'-' { 0 } else { c - b'A' + 1 }.to_string();
		let row = |row: &&str| row.bytes().map(number).collect::<Vec<_>>().join(" ") + "\n";
		rows.iter().map(row).collect()
	};
	// MindCoding's layout: a size line (n = 4), then the rows; written without it.
	solves(
		&format!("4\n{}", numbers(&ACWING169)),
		&numbers(&ACWING169_SOLVED),
	);
	// Without a size line too, and with a tab and spaces around; a row's zeros take its numbers
	// in place, the rest of the line as it was.
	solves(
		"\t0  2 3\t0 \n3 0 0 0\n0 0 0 0\n0 0 0 2\n",
		"\t1  2 3\t4 \n3 4 2 1\n2 1 4 3\n4 3 1 2\n",
	);
}

#[test]
fn a_puzzle_without_solution_is_written_back_and_named_and_the_rest_solved() {
	let clash = "11..\n....\n....\n....\n";
	let run = every_size(&format!("{clash}\n1.3.\n....\n....\n...2\n"));
	assert_eq!(run.stdout(), format!("{clash}\n1234\n3421\n2143\n4312\n"));
	assert_eq!(run.stderr, "puzzle 1 (line 1): no solution\n");
	assert_eq!(run.status, 1);
}

#[test]
fn each_reading_error_is_named_by_line_and_column() {
	let row16 = ACWING169[0];
	refuses(
		&format!("{}Q{}\n", &row16[..5], &row16[6..]),
		"",
		"line 1, column 6: 'Q' is not a square of a 16x16 puzzle (A to P, - or . a blank)\n",
	);
	refuses(
		"1.35\n",
		"",
		"line 1, column 4: '5' is not a square of a 4x4 puzzle (1 to 4, . or 0 a blank)\n",
	);
	refuses(
		"2\n1 0 3 0\n0 0 5 0\n",
		"",
		"line 3, column 5: '5' is not a square of a 4x4 puzzle (the numbers 1 to 4, 0 a blank)\n",
	);
	refuses(
        "1.3.\n....\n...\n",
        "",
        "line 3, column 4: 3 squares on this line, not 4, for puzzle 1 (line 1) with 2 of its 4 rows\n",
    );
	refuses(
		"1.3.\n....\n\n",
		"",
		"line 3, column 1: an empty line inside puzzle 1 (line 1) with 2 of its 4 rows\n",
	);
	refuses(
		"1234\n3412\n2143\n4321\n\n1.3.\n",
		"1234\n3412\n2143\n4321\n\n",
		"line 7, column 1: the input ends inside puzzle 2 (line 6) with 1 of its 4 rows\n",
	);
	refuses("\n\n", "\n\n", "line 3, column 1: no puzzle in the input\n");
	refuses(
        "1234567890\n",
        "",
        "line 1, column 11: 10 squares on this line: a row has 1, 4, 9, 16 or 25, a puzzle on one line 16, 81, 256 or 625\n",
    );
	refuses(
		"1.\u{1}3.\n",
		"",
		"line 1, column 3: unexpected byte 0x01\n",
	);
}

#[test]
fn the_end_line_ends_the_input_as_acwing_166_sends_it() {
	// Nothing after it is read, not even what would be an error.
	solves(
		"1.3.\n....\n....\n...2\nEnd \n1.3.\nQ\n",
		"1234\n3421\n2143\n4312\n",
	);
	solves("1.3.............\n  end\n", "1234341221434321\n");
	refuses(
		"end\n1.3.\n",
		"",
		"line 1, column 1: no puzzle in the input\n",
	);
	// Inside a puzzle it is a row, as in the 9x9 program.
	refuses(
		"1.3.\n....\nend\n",
		"",
		"line 3, column 4: 3 squares on this line, not 4, for puzzle 1 (line 1) with 2 of its 4 rows\n",
	);
}

#[test]
fn comments_and_a_rating_after_a_puzzle_are_written_back() {
	solves(
		"# two\n1.3.\n# its second row\n....\n....\n...2 # the last\n\n1.3.............\t4.5/1.2\n",
		"# two\n1234\n# its second row\n3421\n2143\n4312 # the last\n\n1234341221434321\t4.5/1.2\n",
	);
	let (row, blanks) = (ACWING169[0], "-".repeat(256 - 16));
	let run = every_size(&format!("{row}{blanks} rated 9.1\n"));
	assert_eq!((run.status, run.stderr.as_str()), (0, ""));
	let (solution, rest) = run.stdout.split_at(256);
	assert!(!solution.contains(&b'-') && solution[2] == b'A');
	assert_eq!(rest, b" rated 9.1\n");
}

#[test]
fn a_lone_number_after_the_first_line_is_a_size_line_or_an_error() {
	let puzzle = "1.3.\n....\n....\n...2\n";
	let solved = "1234\n3421\n2143\n4312\n";
	solves(
		&format!("2\n{puzzle}\n2\n{puzzle}"),
		&format!("{solved}\n{solved}"),
	);
	refuses(
		&format!("{puzzle}\n3\n{puzzle}"),
		&format!("{solved}\n"),
		"line 6, column 1: 3 alone on a line is no size line of the 4x4 puzzle after it (only a \
         first line is a count)\n",
	);
}

#[test]
fn arguments_are_refused_in_one_line() {
	let run = common::run(&every_size_program(), &["--size", "16"], b"");
	let said = "sudoku: this program reads standard input only; the sudoku command (cargo install \
                --path .) reads files and has the tools\n";
	assert_eq!((run.status, run.stderr.as_str()), (2, said));
}

#[test]
fn random_puzzles_of_every_side_get_the_smallest_solution_or_none() {
	let mut rng = Random(169);
	let mut kinds = [0; 3];
	for (side, puzzles, blanks) in [(4, 200, 12), (9, 60, 50), (16, 12, 120)] {
		let mut input = String::new();
		let mut expected = Vec::new();
		for _ in 0..puzzles {
			let mut grid = solved(side, &mut rng);
			for _ in 0..blanks.min(side * side) {
				grid[rng.below(side * side)] = 0;
			}
			// Now and then a given changed to another symbol: often no solution.
			if rng.below(4) == 0 {
				let p = rng.below(side * side);
				grid[p] = 1 + rng.below(side) as u8;
			}
			let answer = smallest(side, &grid);
			let clash = answer.is_none();
			kinds[if clash {
				0
			} else {
				count(side, &mut grid.clone(), 2)
			}] += 1;
			input += &format!("{}\n", one_line(side, &grid));
			expected.push(one_line(side, answer.as_ref().unwrap_or(&grid)));
		}
		let run = every_size(&input);
		let got: Vec<&str> = run
			.stdout
			.split(|&c| c == b'\n')
			.filter(|l| !l.is_empty())
			.map(|l| std::str::from_utf8(l).expect("text"))
			.collect();
		assert_eq!(got, expected, "side {side}");
	}
	assert!(
		kinds.iter().all(|&k| k > 10),
		"none, one and several: {kinds:?}"
	);
}
