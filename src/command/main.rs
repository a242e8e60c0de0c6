//! The `sudoku` command as a process. Everything it does is the library's (src/command/lib.rs),
//! which the tests and the benchmark link too.

fn main() {
	std::process::exit(sudoku::process());
}
