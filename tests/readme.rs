//! The examples of the README and of the reference in docs/, run as shown: each `console` block
//! holds `$ command` lines, each followed by the output it must write. An example that drifts
//! from the program fails here.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The README, then each page of docs/.
fn documents(root: &Path) -> Vec<PathBuf> {
	let docs = std::fs::read_dir(root.join("docs")).expect("docs/ reads");
	let mut pages: Vec<PathBuf> = docs.map(|entry| entry.expect("an entry").path()).collect();
	pages.retain(|page| page.extension().is_some_and(|e| e == "md"));
	pages.sort();
	[root.join("README.md")].into_iter().chain(pages).collect()
}

/// The `$ command` lines of the `console` blocks of `text`, each with the output it shows.
fn console_examples(text: &str) -> Vec<(String, String)> {
	let mut examples: Vec<(String, String)> = Vec::new();
	let mut in_block = false;
	for line in text.lines() {
		match line {
			"```console" => in_block = true,
			"```" => in_block = false,
			_ if in_block => match line.strip_prefix("$ ") {
				Some(command) => examples.push((command.to_string(), String::new())),
				None => {
					let (_, output) = examples.last_mut().expect("a command before its output");
					output.push_str(line);
					output.push('\n');
				}
			},
			_ => {}
		}
	}
	examples
}

#[test]
fn every_console_example_of_the_readme_and_docs_writes_what_it_shows() {
	let root = Path::new(env!("CARGO_MANIFEST_DIR"));
	let bin = Path::new(env!("CARGO_BIN_EXE_sudoku"));
	let path = format!(
		"{}:{}",
		bin.parent().expect("a folder").display(),
		std::env::var("PATH").unwrap_or_default()
	);
	let mut examples = Vec::new();
	for page in documents(root) {
		let text = std::fs::read_to_string(&page).expect("the page reads");
		let found = console_examples(&text).into_iter();
		examples.extend(found.map(|example| (page.clone(), example)));
	}
	assert!(examples.len() >= 14, "only {} examples", examples.len());
	for (page, (command, expected)) in &examples {
		let run = Command::new("sh")
			.arg("-c")
			.arg(command)
			.env("PATH", &path)
			.current_dir(root)
			.output()
			.expect("sh runs");
		let shown = format!("{}: $ {command}", page.display());
		assert_eq!(String::from_utf8_lossy(&run.stdout), *expected, "{shown}");
		assert!(run.status.success(), "{shown}: {:?}", run.status);
	}
}

#[test]
fn what_the_readme_builds_in_the_clone_is_ignored_by_git() {
	let root = Path::new(env!("CARGO_MANIFEST_DIR"));
	let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md reads");
	let ignored = std::fs::read_to_string(root.join(".gitignore")).expect(".gitignore reads");
	let built: Vec<&str> = readme
		.lines()
		.filter(|line| line.starts_with("rustc "))
		.filter_map(|line| line.split(" -o ").nth(1)?.split_whitespace().next())
		.collect();
	assert!(!built.is_empty(), "the README builds a judge program");
	for name in built {
		assert!(
			ignored.lines().any(|line| line == format!("/{name}")),
			"{name}"
		);
	}
}

#[test]
fn the_package_says_what_the_readme_and_the_license_say() {
	let root = Path::new(env!("CARGO_MANIFEST_DIR"));
	let read = |name: &str| std::fs::read_to_string(root.join(name)).expect(name);
	let (manifest, readme) = (read("Cargo.toml"), read("README.md"));
	let value = |key: &str| {
		let line = manifest
			.lines()
			.find_map(|l| l.strip_prefix(&format!("{key} = \"")));
		line.and_then(|v| v.strip_suffix('"'))
			.expect(key)
			.to_string()
	};
	// The command's Rust, which `cargo install` checks; the judge files' is 1.63.
	let rust = value("rust-version");
	assert!(
		readme.contains(&format!("(Rust {rust} or later)")),
		"{rust}"
	);
	assert!(readme.contains("Rust 1.63"));
	assert_eq!(value("license"), "MIT");
	assert!(read("LICENSE").starts_with("MIT License\n"));
	assert!(read("CHANGELOG.md").contains(&format!("## {}", value("version"))));
}
