//! The progress line: drawn on standard error when it is a terminal and the answers go elsewhere,
//! once a run has gone on for a second, then cleared; never when standard error is a pipe, nor
//! when the answers go to the same terminal. The terminal is a pseudo-terminal that `script`
//! (util-linux) opens.

use crate::common;

use common::PUZZLE;
use std::io::Write;
use std::process::Command;

/// A shell command that gives the command a puzzle, then another 1.6 s later.
fn slow_input() -> String {
	format!("(echo {PUZZLE}; sleep 1.6; echo {PUZZLE})")
}

/// What `script` shows of `shell` run under a pseudo-terminal: standard error, and standard
/// output where it is not sent elsewhere.
fn on_a_terminal(shell: &str) -> String {
	let run = Command::new("script")
		.args(["-qec", &format!("sh -c '{shell}'"), "/dev/null"])
		.output()
		.expect("script (util-linux) runs");
	assert!(run.status.success(), "{shell}: {:?}", run.status);
	String::from_utf8_lossy(&run.stdout).into_owned()
}

#[test]
fn a_run_of_over_a_second_draws_the_line_on_a_terminal_and_clears_it() {
	let shown = on_a_terminal(&format!(
		"{} | {} > /dev/null",
		slow_input(),
		common::SUDOKU
	));
	assert!(shown.starts_with("\rpuzzles done: 1 ("), "{shown:?}");
	assert!(shown.contains(" a second)"), "{shown:?}");
	// Cleared: the line's width in spaces, between carriage returns, last.
	let cleared = shown
		.trim_end_matches('\r')
		.rsplit('\r')
		.next()
		.unwrap_or("");
	assert!(
		!cleared.is_empty() && cleared.trim().is_empty(),
		"{shown:?}"
	);
}

#[test]
fn generating_says_the_puzzle_being_made_its_givens_tried_and_the_time() {
	// 16x16 puzzles take tens of milliseconds each (one at a time: the pipe never fills); the
	// reader goes away after 1.5 s.
	let shell = format!(
		"{} -j 1 --generate 1000 --size 16 --seed 1 | (sleep 1.5; head -c 1 > /dev/null)",
		common::SUDOKU
	);
	let shown = on_a_terminal(&shell);
	let line = shown
		.split('\r')
		.find(|line| line.starts_with("making puzzle "));
	let words: Vec<&str> = line
		.unwrap_or_else(|| panic!("{shown:?}"))
		.split_whitespace()
		.collect();
	// making puzzle K of 1000: T of 256 givens tried, M:SS
	let number = |k: usize| {
		words[k]
			.parse::<usize>()
			.unwrap_or_else(|_| panic!("{words:?}"))
	};
	assert!(number(2) >= 1 && number(5) <= 256, "{words:?}");
	let said = [3, 4, 6, 7, 8, 9].map(|k| words.get(k).copied().unwrap_or(""));
	assert_eq!(said, ["of", "1000:", "of", "256", "givens", "tried,"]);
	// The time so far: minutes and seconds.
	let clock: Vec<&str> = words
		.get(10)
		.map_or(vec![], |clock| clock.split(':').collect());
	let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
	assert!(
		clock.len() == 2 && clock[1].len() == 2 && clock.iter().all(|&part| digits(part)),
		"{words:?}"
	);
}

#[test]
fn no_line_when_the_answers_go_to_the_terminal_too_or_messages_to_a_pipe() {
	// The two runs wait 1.6 s each: side by side.
	let terminal =
		std::thread::spawn(|| on_a_terminal(&format!("{} | {}", slow_input(), common::SUDOKU)));
	// Standard error a pipe (the tests' own runs): only the answers' messages.
	let mut child = common::spawn(std::path::Path::new(common::SUDOKU), &[]);
	let mut stdin = child.stdin.take().expect("its input");
	writeln!(stdin, "{PUZZLE}").expect("a puzzle");
	std::thread::sleep(std::time::Duration::from_millis(1600));
	writeln!(stdin, "{}", common::CLASH).expect("a puzzle");
	drop(stdin);
	let run = child.wait_with_output().expect("it ends");
	let said = String::from_utf8_lossy(&run.stderr);
	assert_eq!(said, "sudoku: <stdin>:2: puzzle 2 has no solution\n");
	let shown = terminal.join().expect("the run on a terminal");
	assert!(!shown.contains("puzzles done"), "{shown:?}");
	assert_eq!(shown.matches(&common::SOLVED[..81]).count(), 2, "{shown:?}");
}

#[test]
fn standard_input_read_from_a_terminal_is_said_first() {
	let said =
		"sudoku: reading puzzles from standard input (Ctrl-D ends it; sudoku --help tells more)";
	let typed = on_a_terminal(&format!(
		"echo {PUZZLE} | script -qec {} /dev/null",
		common::SUDOKU
	));
	assert!(typed.contains(said), "{typed:?}");
	// Not from a pipe or a file, nor when standard input is not read.
	for args in ["", "samples/acwing1613.in", "--generate 1 --seed 1"] {
		let shown = on_a_terminal(&format!("echo {PUZZLE} | {} {args}", common::SUDOKU));
		assert!(!shown.contains(said), "{args}: {shown:?}");
		let shown = on_a_terminal(&format!("{} {args} < /dev/null; true", common::SUDOKU));
		assert!(!shown.contains("reading puzzles"), "{args}: {shown:?}");
	}
}
