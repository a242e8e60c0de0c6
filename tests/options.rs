//! The FILE arguments and `-`, --help and usage errors of the `sudoku` command; the judge
//! program's refusal of any argument.

use crate::common;

use common::{judge_program, nine_lines, sudoku, temp_file};
use common::{CLASH, PUZZLE, SOLVED};
use std::path::PathBuf;

#[test]
fn files_are_read_in_turn_each_an_input_of_its_own_with_dash_for_standard_input() {
	let a = temp_file("a.txt", &format!("1\n{}\nend\nnot read\n", PUZZLE));
	let b = temp_file("b.txt", &format!("# b\n{}", nine_lines(PUZZLE)));
	let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
	let run = sudoku(&[a, "-", b], format!("{}\n", PUZZLE).as_bytes());
	let expected = format!("{}\n{}\n# b\n{}", SOLVED, SOLVED, nine_lines(SOLVED));
	assert_eq!((run.status, run.stderr.as_str()), (0, ""));
	assert_eq!(run.stdout(), expected);
}

#[test]
fn a_missing_or_broken_file_is_named_and_the_next_still_read() {
	let half = temp_file("half.txt", &PUZZLE[..36]);
	let bad = temp_file("bad.txt", &format!("{}\n12!\n", PUZZLE));
	let good = temp_file("good.txt", PUZZLE);
	let missing = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("missing.txt");
	let names = [&half, &bad, &missing, &good].map(|p| p.to_str().unwrap().to_string());
	let args: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
	let run = sudoku(&args, b"");
	assert_eq!(run.stdout(), format!("{}\n{}", SOLVED, SOLVED));
	let said: Vec<&str> = run.stderr.lines().collect();
	assert_eq!(said.len(), 3, "{}", run.stderr);
	assert_eq!(
		said[0],
		format!(
			"sudoku: {}:1:37: the input ends inside puzzle 1 (line 1) with 36 of its 81 squares",
			names[0]
		)
	);
	assert_eq!(
		said[1],
		format!("sudoku: {}:2:3: unexpected character '!'", names[1])
	);
	assert_eq!(
		said[2],
		format!("sudoku: {}: No such file or directory", names[2])
	);
	assert_eq!(run.status, 2);
}

#[test]
fn help_goes_to_standard_output_and_lists_every_option() {
	for flag in ["-h", "--help"] {
		let run = sudoku(&[flag], b"");
		assert!(run
			.stdout()
			.starts_with("usage: sudoku [--size N] [-j N] [FILE ...]\n"));
		for option in [
			"--count",
			"--all",
			"--limit N",
			"--generate N",
			"--solutions K",
			"--difficulty L",
			"--seed S",
			"--check",
			"--smallest",
			"--explain",
			"--rate",
			"-j, --jobs N",
			"-V, --version",
			"-h, --help",
		] {
			let line = format!("\n  {} ", option);
			assert!(run.stdout().contains(&line), "{}: {}", option, run.stdout());
		}
		assert_eq!((run.status, run.stderr.as_str()), (0, ""));
	}
}

#[test]
fn a_usage_error_says_why_in_one_line() {
	for (args, why) in [
		(&["--bogus"][..], "sudoku: unknown option '--bogus'\n"),
		(&["-x", "file"][..], "sudoku: unknown option '-x'\n"),
		(&["--bogus=1"][..], "sudoku: unknown option '--bogus=1'\n"),
		(&["--help=3"][..], "sudoku: --help takes no value\n"),
		(
			&["--count", "--help=3"][..],
			"sudoku: --help takes no value\n",
		),
		(&["-h=3"][..], "sudoku: --help takes no value\n"),
		(&["--version=9"][..], "sudoku: --version takes no value\n"),
		(&["--count=1"][..], "sudoku: --count takes no value\n"),
		(
			&["-", "-"][..],
			"sudoku: - is named twice: standard input is read once\n",
		),
		(
			&["-j", "1025"][..],
			"--jobs takes a whole number up to 1024",
		),
		(&["-jx"][..], "--jobs takes a whole number, not 'x'"),
		(&["-hx"][..], "unknown option '-x'"),
		(&["-xh"][..], "unknown option '-x'"),
	] {
		common::refused(args, why.strip_prefix("sudoku: ").unwrap_or(why).trim_end());
	}
}

#[test]
fn options_are_read_as_getopt_reads_them() {
	let empty = format!("{}\n", ".".repeat(81));
	// A short option's value right after it, or after `=`; short options together.
	for args in [
		&["-j4"][..],
		&["-j", "4"],
		&["-j=4"],
		&["--jobs=4"],
		&["-j0"],
		&["-j", "0"],
	] {
		let run = sudoku(args, empty.as_bytes());
		assert_eq!((run.status, run.stderr.as_str()), (0, ""), "{args:?}");
		assert!(run.stdout().starts_with("123456789"), "{args:?}");
	}
	let help = sudoku(&["--help"], b"").stdout();
	for (args, shows) in [
		(&["-hV"][..], &help),
		(&["-Vh"], &format!("sudoku {}\n", env!("CARGO_PKG_VERSION"))),
	] {
		let run = sudoku(args, b"");
		assert_eq!((run.status, &run.stdout()), (0, shows), "{args:?}");
	}
	// After `--`, every argument is a file.
	let run = sudoku(&["--", "-j4"], b"");
	assert_eq!(run.stderr, "sudoku: -j4: No such file or directory\n");
}

#[test]
fn the_help_fits_80_columns_and_names_no_file_of_the_source() {
	let help = sudoku(&["--help"], b"").stdout();
	for line in help.lines() {
		assert!(line.chars().count() <= 80, "{line}");
		assert!(!line.contains("src/"), "{line}");
	}
}

#[test]
fn the_judge_program_refuses_any_argument_in_one_line() {
	for args in [
		&["--count"][..],
		&["--help"],
		&["file.txt"],
		&["-"],
		&["--"],
	] {
		let run = common::run(&judge_program(), args, PUZZLE.as_bytes());
		let said = "sudoku: this program reads standard input only; the sudoku command (cargo \
                    install --path .) reads files and has the tools\n";
		assert_eq!(run.stderr, said, "{:?}", args);
		assert_eq!((run.status, run.stdout().as_str()), (2, ""), "{:?}", args);
	}
}

#[test]
fn a_later_file_with_an_unsolved_puzzle_keeps_status_2() {
	let broken = temp_file("broken.txt", &format!("{}\n12x\n", PUZZLE));
	let unsolved = temp_file("unsolved.txt", &format!("{}\n", CLASH));
	let (broken, unsolved) = (broken.to_str().unwrap(), unsolved.to_str().unwrap());
	let run = sudoku(&[broken, unsolved], b"");
	assert_eq!(run.status, 2, "{}", run.stderr);
	let run = sudoku(&[unsolved, broken], b"");
	assert_eq!(run.status, 2, "{}", run.stderr);
}

#[test]
fn a_label_ending_the_input_after_its_equals_sign_is_written() {
	let run = sudoku(&[], format!("{}\nx=", PUZZLE).as_bytes());
	assert_eq!((run.status, run.stdout()), (0, format!("{}\nx=", SOLVED)));
}
