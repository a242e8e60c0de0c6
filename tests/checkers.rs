//! `--check` in the judges' own interfaces, made as the README's recipes make them (the `sh`
//! blocks of "Checking answers in a judge") and called in each system's order: testlib's
//! checker, `check INPUT OUTPUT ANSWER` (0 ok, 1 wrong answer, 2 presentation error, 3 the
//! checker's failure, one line on standard error), and Kattis's output validator, `run INPUT
//! JUDGE_ANSWER FEEDBACK_DIR [FLAG ...] < TEAM_OUTPUT` (42 accepted, 43 rejected, why in
//! FEEDBACK_DIR/judgemessage.txt), each given a right output, a wrong one, one cut off, one with
//! output after its last answer, and a wrong jury's answer. Unix only: the recipes run in `sh`.
#![cfg(unix)]

use crate::common;

use common::sized::{count, one_line, solved};
use common::{Random, PUZZLE, SOLVED};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The `sh` blocks of the README's section on checking answers in a judge.
fn recipes() -> Vec<String> {
	common::readme_sh_blocks("Checking answers in a judge")
}

/// The PATH with the `sudoku` cargo built first, as if installed.
fn path() -> String {
	let bin = Path::new(env!("CARGO_BIN_EXE_sudoku"));
	let folder = bin.parent().expect("a folder").display();
	format!("{folder}:{}", std::env::var("PATH").unwrap_or_default())
}

/// A folder where the recipes were run, and the test's files: the input (a 9x9, a 16x16 and a
/// 4x4 puzzle), the jury's answer, a wrong one, and the teams' outputs.
fn judge_folder(name: &str) -> PathBuf {
	let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
	let _ = std::fs::remove_dir_all(&dir);
	std::fs::create_dir_all(dir.join("data/feedback")).expect("a folder for the judge");
	for recipe in recipes() {
		let run = Command::new("sh")
			.arg("-c")
			.arg(&recipe)
			.env("PATH", path())
			.current_dir(&dir)
			.output()
			.expect("sh runs");
		assert!(run.status.success(), "{recipe}: {run:?}");
	}
	// The test's own 16x16 grid, 64 of its squares blanked at random: its one solution.
	let rng = &mut Random(42);
	let grid = solved(16, rng);
	let mut puzzle = grid.clone();
	for _ in 0..64 {
		puzzle[rng.below(256)] = 0;
	}
	assert_eq!(count(16, &mut puzzle, 2), 1);
	let (puzzle, grid) = (one_line(16, &puzzle), one_line(16, &grid));
	// The empty 4x4 grid: its smallest solution, and another.
	let (smallest, other) = ("1234341221434321", "2143341212344321");
	let jury = format!("{SOLVED}\n{grid}\n{smallest}\n");
	let right = format!("{SOLVED}\n{grid}\n{other}\n");
	// Squares r1c6 and r1c7 swapped: row 1 keeps its digits, column 6 has 4 twice.
	let wrong = right.replacen("527389416", "527384916", 1);
	let rows: String = (0..5)
		.map(|x| format!("{}\n", &grid[16 * x..16 * x + 16]))
		.collect();
	let files = [
		(
			"data/1.in",
			format!("{PUZZLE}\n{puzzle}\n{}\n", ".".repeat(16)),
		),
		("data/1.ans", jury),
		("data/wrong.ans", wrong.clone()),
		("right.out", right.clone()),
		("wrong.out", wrong),
		("cut.out", format!("{SOLVED}\n{rows}")),
		("trailing.out", format!("{right}garbage!\n")),
	];
	for (name, text) in files {
		std::fs::write(dir.join(name), text).expect("a file of the test");
	}
	dir
}

/// Runs `program` (a path in `dir`) with `args`, `input` on its standard input: its status and
/// what it said on standard error; it writes nothing on standard output.
fn call(dir: &Path, program: &str, args: &[&str], input: &str) -> (i32, String) {
	let run = Command::new(dir.join(program))
		.args(args)
		.env("PATH", path())
		.current_dir(dir)
		.stdin(std::fs::File::open(dir.join(input)).expect("the input"))
		.stdout(Stdio::piped())
		.stderr(Stdio::piped())
		.output()
		.expect("the program runs");
	assert!(run.stdout.is_empty(), "{program} {args:?}");
	let said = String::from_utf8_lossy(&run.stderr).into_owned();
	(run.status.code().expect("a status"), said)
}

#[test]
fn the_testlib_checker_gives_each_output_the_status_testlib_gives_it() {
	let dir = judge_folder("testlib");
	let check = |output: &str, answer: &str| {
		call(&dir, "check", &["data/1.in", output, answer], "right.out")
	};
	let (ok, answer) = (check("right.out", "data/1.ans"), "data/1.ans");
	assert_eq!(ok, (0, "ok 3 answers accepted\n".to_string()));
	let said = "wrong answer wrong.out:1: answer 1 (to data/1.in:1): column 6 has 4 twice\n";
	assert_eq!(check("wrong.out", answer), (1, said.to_string()));
	let said = "wrong output format cut.out:7:1: the input ends inside puzzle 2 (line 2) with 5 \
                of its 16 rows\n";
	assert_eq!(check("cut.out", answer), (2, said.to_string()));
	let said = "wrong output format trailing.out:4: output after the last answer: garbage!\n";
	assert_eq!(check("trailing.out", answer), (2, said.to_string()));
	let said = "FAIL the jury's answer is wrong: data/wrong.ans:1: answer 1 (to data/1.in:1): \
                column 6 has 4 twice\n";
	assert_eq!(check("right.out", "data/wrong.ans"), (3, said.to_string()));
	let said = "FAIL missing.in: No such file or directory\n";
	let run = call(
		&dir,
		"check",
		&["missing.in", "right.out", answer],
		"right.out",
	);
	assert_eq!(run, (3, said.to_string()));
}

#[test]
fn the_kattis_validator_gives_each_output_the_status_kattis_asks_and_says_why() {
	let dir = judge_folder("kattis");
	let run = "output_validators/sudoku/run";
	// As Kattis calls it: the feedback folder ends with a slash, the problem's flags follow.
	let args = [
		"data/1.in",
		"data/1.ans",
		"data/feedback/",
		"case_sensitive",
		"space_change_sensitive",
	];
	let message = || std::fs::read_to_string(dir.join("data/feedback/judgemessage.txt"));
	assert_eq!(call(&dir, run, &args, "right.out"), (42, String::new()));
	assert_eq!(message().expect("a message"), "3 answers accepted\n");
	assert_eq!(call(&dir, run, &args, "wrong.out"), (43, String::new()));
	let said = "sudoku: <stdin>:1: answer 1 (to data/1.in:1): column 6 has 4 twice\n";
	assert_eq!(message().expect("a message"), said);
	assert_eq!(call(&dir, run, &args, "cut.out"), (43, String::new()));
	let said =
		"sudoku: <stdin>:7:1: the input ends inside puzzle 2 (line 2) with 5 of its 16 rows\n\
                sudoku: data/1.in:2: puzzle 2 has no answer\n\
                sudoku: data/1.in:3: puzzle 3 has no answer\n";
	assert_eq!(message().expect("a message"), said);
	assert_eq!(call(&dir, run, &args, "trailing.out"), (43, String::new()));
	let said = "sudoku: <stdin>:4: output after the last answer: garbage!\n";
	assert_eq!(message().expect("a message"), said);
	// A wrong judge's answer is the validator's failure: neither 42 nor 43.
	let wrong_jury = ["data/1.in", "data/wrong.ans", "data/feedback/"];
	let said = "sudoku: the jury's answer is wrong: data/wrong.ans:1: answer 1 (to data/1.in:1): \
                column 6 has 4 twice\n";
	assert_eq!(
		call(&dir, run, &wrong_jury, "right.out"),
		(2, said.to_string())
	);
	// --smallest among the flags is read: the 4x4 answer is right, but not the smallest.
	let smallest = [&args[..], &["--smallest"]].concat();
	assert_eq!(call(&dir, run, &smallest, "right.out"), (43, String::new()));
	let said = "sudoku: <stdin>:3: answer 3 (to data/1.in:3): not the smallest: r1c1 is 2, the \
                smallest has 1\n";
	assert_eq!(message().expect("a message"), said);
}
