//! --version, arguments that are not UTF-8, and failures to read or write that must be said,
//! never reported as success.

use crate::common;

use common::{sudoku, PUZZLE, SOLVED};
use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};

/// Runs the built program through sh, for redirections a test cannot make otherwise.
fn shell(script: &str) -> (i32, String) {
	let output = Command::new("sh")
		.arg("-c")
		.arg(script)
		.arg(env!("CARGO_BIN_EXE_sudoku"))
		.current_dir(env!("CARGO_TARGET_TMPDIR"))
		.output()
		.expect("sh runs");
	let err = String::from_utf8_lossy(&output.stderr).into_owned();
	(output.status.code().unwrap_or(-1), err)
}

#[test]
fn version_is_the_crates() {
	let manifest = include_str!("../Cargo.toml");
	let version = manifest
		.lines()
		.find_map(|l| l.strip_prefix("version = \""))
		.and_then(|v| v.strip_suffix('"'))
		.expect("Cargo.toml has a version");
	for flag in ["-V", "--version"] {
		let run = sudoku(&[flag], b"");
		assert_eq!(run.stdout(), format!("sudoku {}\n", version));
		assert_eq!((run.status, run.stderr.as_str()), (0, ""));
	}
}

#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8_and_starts_with_a_dash_is_an_unknown_option() {
	use std::ffi::OsStr;
	use std::os::unix::ffi::OsStrExt;
	let output = Command::new(env!("CARGO_BIN_EXE_sudoku"))
		.arg(OsStr::from_bytes(b"-\xff"))
		.output()
		.expect("it runs");
	let err = String::from_utf8_lossy(&output.stderr);
	assert_eq!(
		err,
		"sudoku: unknown option '-\u{fffd}' (try sudoku --help)\n"
	);
	assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_full_disk_is_said_for_help_and_answers_alike() {
	for args in ["--help", "--version", ""] {
		let script = format!("echo {} | \"$0\" {} > /dev/full", PUZZLE, args);
		let (status, err) = shell(&script);
		assert_eq!(status, 2, "{}: {}", args, err);
		assert_eq!(
			err, "sudoku: cannot write the output: No space left on device\n",
			"{}",
			args
		);
	}
}

#[test]
fn a_closed_input_is_no_puzzle_and_a_closed_output_nothing_worse_than_dev_null() {
	// Rust's runtime puts /dev/null on a closed standard stream: a closed input reads as empty,
	// which is an error said; a closed output is /dev/null, whose writes succeed.
	let (status, err) = shell("\"$0\" <&- > /dev/null");
	assert_eq!(
		(status, err.as_str()),
		(2, "sudoku: <stdin>:1:1: no puzzle in the input\n")
	);
	std::fs::write(format!("{}/one.txt", env!("CARGO_TARGET_TMPDIR")), PUZZLE).expect("written");
	assert_eq!(shell("\"$0\" one.txt >&-"), (0, String::new()));
}

#[cfg(unix)]
#[test]
fn an_input_that_is_the_output_is_refused_and_the_rest_still_read() {
	let dir = env!("CARGO_TARGET_TMPDIR");
	std::fs::write(format!("{}/loop.txt", dir), format!("{}\n", PUZZLE)).expect("written");
	std::fs::write(format!("{}/other.txt", dir), format!("{}\n", PUZZLE)).expect("written");
	let (status, err) = shell("\"$0\" loop.txt other.txt >> loop.txt");
	assert_eq!(
		(status, err.as_str()),
		(2, "sudoku: loop.txt: input file is output file\n")
	);
	let after = std::fs::read_to_string(format!("{}/loop.txt", dir)).expect("read");
	assert_eq!(after, format!("{}\n{}\n", PUZZLE, SOLVED));
}

#[cfg(unix)]
#[test]
fn standard_input_that_is_the_output_is_refused_too() {
	let dir = env!("CARGO_TARGET_TMPDIR");
	for script in [
		"\"$0\" < self.txt >> self.txt",
		"\"$0\" - < self.txt >> self.txt",
	] {
		std::fs::write(format!("{}/self.txt", dir), format!("{}\n", PUZZLE)).expect("written");
		let (status, err) = shell(script);
		assert_eq!(
			(status, err.as_str()),
			(2, "sudoku: <stdin>: input file is output file\n"),
			"{}",
			script
		);
		let after = std::fs::read_to_string(format!("{}/self.txt", dir)).expect("read");
		assert_eq!(after, format!("{}\n", PUZZLE));
	}
}

#[test]
fn a_directory_is_named_as_the_usual_tools_name_it() {
	let dir = env!("CARGO_TARGET_TMPDIR");
	let run = sudoku(&[dir], b"");
	assert_eq!(run.stderr, format!("sudoku: {}: Is a directory\n", dir));
	assert_eq!((run.status, run.stdout()), (2, String::new()));
}

/// Starts `sudoku --generate N --size 16 --seed 2` with `-j`, its output piped; the child and
/// the lines of its output as they come.
fn generating(puzzles: &str, jobs: &str) -> (std::process::Child, std::io::Lines<impl BufRead>) {
	let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
		.args([
			"--generate",
			puzzles,
			"--size",
			"16",
			"--seed",
			"2",
			"-j",
			jobs,
		])
		.stdout(Stdio::piped())
		.stderr(Stdio::piped())
		.spawn()
		.expect("it starts");
	let out = BufReader::new(child.stdout.take().expect("its output"));
	(child, out.lines())
}

#[test]
fn each_puzzle_made_goes_out_as_it_is_made_and_a_run_cut_short_keeps_them() {
	for jobs in ["1", "2"] {
		// 100 puzzles of 16x16 take seconds; the first line comes long before the last.
		let (mut child, mut lines) = generating("100", jobs);
		let first = lines.next().expect("a line").expect("read");
		assert_eq!(first.len(), 256, "{first}");
		child.kill().expect("it is still running, and killed");
		let _ = child.wait();
		let kept = 1 + lines.count();
		assert!(kept < 100, "-j {jobs}: {kept} lines came only at the end");
	}
}

#[test]
fn a_reader_that_goes_away_ends_a_slow_run_quietly() {
	// `| head -1`: once the pipe is closed, the next puzzle written ends the run, status 0.
	let (mut child, mut lines) = generating("100000", "2");
	assert!(lines.next().is_some());
	drop(lines);
	let ended = (0..600).find_map(|_| {
		std::thread::sleep(std::time::Duration::from_millis(100));
		child.try_wait().expect("it can be waited for")
	});
	let _ = child.kill(); // if it did not end: the test fails below
	assert_eq!(ended.and_then(|status| status.code()), Some(0));
	let mut said = String::new();
	child
		.stderr
		.take()
		.expect("its messages")
		.read_to_string(&mut said)
		.expect("read");
	assert_eq!(said, "");
}
