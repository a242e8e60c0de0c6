//! The man page and the shells' completions, made from the option table: each lists every option
//! the help lists; the man page renders with `man -l` and `groff` without a warning, and bash,
//! zsh and fish read their completions and complete an option and its values with them. Each
//! of those programs must be installed (`bash .ci/run` installs them): a test fails, saying
//! which is missing, rather than pass without it.

use crate::common;

use common::sudoku;
use std::path::PathBuf;
use std::process::Command;

/// Every name of every option, as `--help` lists them: `--count`, `-j`, `--jobs`, ...
fn every_option() -> Vec<String> {
	let help = sudoku(&["--help"], b"").stdout();
	let names = help.lines().filter_map(|line| {
		let line = line.strip_prefix("  -")?;
		let names = line.split("  ").next()?;
		Some(format!("-{names}"))
	});
	let names: Vec<String> = names
		.flat_map(|names| {
			let names: Vec<String> = names.split(", ").map(String::from).collect();
			names
		})
		.map(|name| name.split(' ').next().unwrap_or_default().to_string())
		.collect();
	assert!(
		names.len() >= 17 && names.contains(&"-j".into()),
		"{names:?}"
	);
	names
}

/// What `args` writes, in a file of its own.
fn written(args: &[&str], name: &str) -> (String, PathBuf) {
	let run = sudoku(args, b"");
	assert_eq!((run.status, run.stderr.as_str()), (0, ""), "{args:?}");
	let path = common::temp_file(name, &run.stdout());
	(run.stdout(), path)
}

/// Runs `program` with `args`: its standard output; it must succeed and say nothing else.
fn output(program: &str, args: &[&str]) -> String {
	let run = Command::new(program)
		.args(args)
		.env("MANWIDTH", "80")
		.env("MANPAGER", "cat")
		.output()
		.unwrap_or_else(|e| {
			panic!("{program} is needed, and not here ({e}): bash .ci/run installs it")
		});
	let err = String::from_utf8_lossy(&run.stderr);
	assert!(
		run.status.success() && err.is_empty(),
		"{program} {args:?}: {err}"
	);
	String::from_utf8_lossy(&run.stdout).into_owned()
}

#[test]
fn the_man_page_renders_and_lists_every_option() {
	let (page, path) = written(&["--manual"], "sudoku.1");
	assert!(page.starts_with(".TH SUDOKU 1 "), "{page}");
	let path = path.to_str().expect("a UTF-8 path");
	let shown = output("man", &["-l", path]).replace('\u{2010}', "-");
	for name in every_option() {
		assert!(shown.contains(&name), "{name} in\n{shown}");
	}
	assert!(shown.contains("EXIT STATUS"), "{shown}");
	output("groff", &["-man", "-ww", "-z", path]); // no warning
}

#[test]
fn each_shells_completions_list_every_option() {
	for shell in ["bash", "zsh", "fish"] {
		let (text, _) = written(&["--completions", shell], &format!("sudoku.{shell}"));
		for name in every_option() {
			let named = match (shell, name.strip_prefix("--")) {
				("fish", Some(long)) => format!("-l {long} "),
				("fish", None) => format!("-s {} ", &name[1..]),
				_ => name.clone(),
			};
			assert!(text.contains(&named), "{shell}: {name} in\n{text}");
		}
	}
	common::refused(
		&["--completions", "ksh"],
		"--completions takes bash, zsh or fish",
	);
}

#[test]
fn bash_completes_an_option_and_its_values() {
	let (_, path) = written(&["--completions", "bash"], "complete.bash");
	let script = format!(
		"source '{}'; for line in 'sudoku --si' 'sudoku --size ' 'sudoku --difficulty e'; do \
         read -ra COMP_WORDS <<< \"$line\"; [ \"${{line: -1}}\" = ' ' ] && COMP_WORDS+=(''); \
         COMP_CWORD=$((${{#COMP_WORDS[@]}} - 1)); _sudoku; echo \"${{COMPREPLY[*]}}\"; done",
		path.display()
	);
	let said = output("bash", &["-c", &script]);
	assert_eq!(said, "--size\n1 4 9 16 25 any\neasy expert\n");
}

#[test]
fn fish_completes_an_option() {
	let (_, path) = written(&["--completions", "fish"], "complete.fish");
	let script = format!("source '{}'; complete -C 'sudoku --si'", path.display());
	let said = output("fish", &["-c", &script]);
	assert!(said.starts_with("--size\t"), "{said}");
}

#[test]
fn zsh_reads_its_completions() {
	let (_, path) = written(&["--completions", "zsh"], "_sudoku");
	output("zsh", &["-n", path.to_str().expect("a UTF-8 path")]);
}
