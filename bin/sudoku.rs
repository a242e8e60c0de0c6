//! The `sudoku` command as a process. Everything it does is the library's (src/command/lib.rs),
//! which the tests and the benchmark link too. Outside src/: a file there with a `main` is a
//! judge file, built alone (src/main.rs and src/every_size.rs), and this one links the library.

fn main() {
	std::process::exit(sudoku::process());
}
