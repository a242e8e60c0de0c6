//! The README's stress-test recipes (the `sh` blocks of "Stress testing with it"), run as a user
//! runs them, `./mine` being a solution of the test's own: each recipe must pass a right
//! solution and catch wrong ones. Unix only: the recipes run in `sh`.
#![cfg(unix)]

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;

/// The `sh` blocks of the README's section on stress testing.
fn recipes() -> Vec<String> {
	crate::common::readme_sh_blocks("Stress testing")
}

/// Runs `recipe` in a folder of its own where `./mine` is the shell script `mine`; what it
/// wrote on standard output, and its status if not 0.
fn run(recipe: &str, k: usize, mine: &str) -> String {
	let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("recipe-{}", k));
	std::fs::create_dir_all(&dir).expect("a folder for the recipe");
	let script = dir.join("mine");
	std::fs::write(&script, format!("#!/bin/sh\n{}\n", mine)).expect("./mine");
	let executable = std::fs::Permissions::from_mode(0o755);
	std::fs::set_permissions(&script, executable).expect("./mine runs");
	let bin = Path::new(env!("CARGO_BIN_EXE_sudoku"));
	let path = format!(
		"{}:{}",
		bin.parent().expect("a folder").display(),
		std::env::var("PATH").unwrap_or_default()
	);
	let run = Command::new("sh")
		.arg("-c")
		// Ten seeds where the README loops over a hundred: the same recipe, a tenth of the time.
		.arg(recipe.replace("$(seq 1 100)", "$(seq 1 10)"))
		.env("PATH", &path)
		.current_dir(&dir)
		.output()
		.expect("sh runs");
	let said = String::from_utf8_lossy(&run.stdout).into_owned();
	match run.status.success() {
		true => said,
		false => format!("{}(status {:?})\n", said, run.status.code()),
	}
}

#[test]
fn each_recipe_passes_a_right_solution_and_catches_wrong_ones() {
	let recipes = recipes();
	assert_eq!(recipes.len(), 4, "the four recipes");
	let passed = |said: &str| said.is_empty() || said == "same\n";
	// Right: the classic's answers (16x16 too, read as their text shows).
	let right = "exec sudoku \"$@\"";
	// Wrong: the input as it came, blanks and all.
	let unsolved = "exec cat \"$@\"";
	// Right only where any solution is accepted: the second smallest, for puzzles of nine lines
	// that have several.
	let second = "sudoku --all --limit 2 \"$@\" | tail -n 9";
	assert!(recipes.iter().any(|recipe| recipe.contains("$(seq 1 100)")));
	for (k, recipe) in recipes.iter().enumerate() {
		let said = run(recipe, k, right);
		assert!(passed(&said), "{}\nsaid {:?}", recipe, said);
		let said = run(recipe, k, unsolved);
		assert!(!passed(&said), "{}\nmissed the unsolved answers", recipe);
		if recipe.contains("--solutions") {
			let said = run(recipe, k, second);
			let any_accepted = recipe.contains("--check");
			assert_eq!(passed(&said), any_accepted, "{}\nsaid {:?}", recipe, said);
		}
	}
}
