//! Every sample pair in samples/ through the judge program and through the `sudoku` command,
//! byte for byte; and every pair of every size (samples/sizes/ too) through the command with no
//! flag, its `--check` accepting each `.out`.

use crate::common;

use std::fs;
use std::path::Path;

#[test]
fn every_sample_gives_its_output_byte_for_byte() {
	let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
	let mut checked = Vec::new();
	for entry in fs::read_dir(&dir).expect("samples/ is there") {
		let path = entry.expect("a directory entry").path();
		if path.extension().map_or(true, |e| e != "in") {
			continue;
		}
		let input = fs::read(&path).expect("the sample input reads");
		let expected = fs::read(path.with_extension("out")).expect("each .in has its .out");
		for run in [common::judge(&input), common::sudoku(&[], &input)] {
			let name = path.display();
			assert_eq!(run.status, 0, "{}: status, stderr {}", name, run.stderr);
			assert_eq!(run.stderr, "", "{}: nothing on standard error", name);
			assert!(
				run.stdout == expected,
				"{}: got\n{}\nexpected\n{}",
				name,
				run.stdout(),
				String::from_utf8_lossy(&expected)
			);
		}
		checked.push(path);
	}
	// One pair per layout of docs/reading.md's table.
	assert!(checked.len() >= 9, "only {} sample pairs", checked.len());
}

#[test]
fn the_command_answers_every_sample_of_every_size_without_a_flag_and_checks_it() {
	let root = Path::new(env!("CARGO_MANIFEST_DIR"));
	let mut checked = 0;
	for dir in [root.join("samples"), root.join("samples/sizes")] {
		for entry in fs::read_dir(&dir).expect("the samples are there") {
			let path = entry.expect("a directory entry").path();
			if path.extension().map_or(true, |e| e != "in") {
				continue;
			}
			let (name, answers) = (path.display(), path.with_extension("out"));
			// The 9x9 samples were answered above.
			if dir.ends_with("sizes") {
				let expected = fs::read(&answers).expect("each .in has its .out");
				let run = common::sudoku(&[], &fs::read(&path).expect("the sample reads"));
				assert_eq!((run.status, run.stderr.as_str()), (0, ""), "{name}");
				assert!(run.stdout == expected, "{name}: got\n{}", run.stdout());
			}
			let files = [
				path.to_str().expect("a path"),
				answers.to_str().expect("a path"),
			];
			let run = common::sudoku(&["--check", "-j", "1", files[0], files[1]], b"");
			assert_eq!((run.status, run.stderr.as_str()), (0, ""), "{name}");
			checked += 1;
		}
	}
	assert!(checked >= 20, "only {checked} sample pairs");
}
