//! The `sudoku` command as a process. Everything it does is the library's (src/command/lib.rs),
//! which the tests and the benchmark link too. Not a judge file: those are src/main.rs and
//! src/every_size.rs, each built alone.

fn main() {
	std::process::exit(sudoku::process());
}
