//! The judge program's `run` and the command's, called in memory as the benchmark calls them:
//! input that fails to read, output that fails to write; and the tables the search reads,
//! against their definitions.

use sudoku::judge;

use crate::common;
use sudoku::every_size::{Cdcl, Verdict};

use common::{PUZZLE, SOLVED};
use std::ffi::OsString;
use std::io::{self, Read, Write};

/// Gives `data`, then fails.
struct Failing<'a>(&'a [u8]);

impl Read for Failing<'_> {
	fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
		if self.0.is_empty() {
			return Err(io::Error::other("the disk is gone"));
		}
		let k = self.0.len().min(buf.len()).min(7);
		buf[..k].copy_from_slice(&self.0[..k]);
		self.0 = &self.0[k..];
		Ok(k)
	}
}

/// Takes `room` bytes, then fails with `kind`.
struct Full(usize, io::ErrorKind);

impl Write for Full {
	fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
		if self.0 == 0 {
			return Err(io::Error::new(self.1, "no room"));
		}
		let k = buf.len().min(self.0);
		self.0 -= k;
		Ok(k)
	}
	fn flush(&mut self) -> io::Result<()> {
		Ok(())
	}
}

/// The judge program's `run` on `input`: its status and what it said.
fn judge(input: &mut dyn Read, out: &mut dyn Write) -> (i32, String) {
	let mut err = Vec::new();
	let status = judge::run(input, out, &mut err);
	(status, String::from_utf8_lossy(&err).into_owned())
}

/// The command's `run` with `args`, `input` as its standard input.
fn command(args: &[&str], input: &mut dyn Read, out: &mut dyn Write) -> (i32, String) {
	let args: Vec<OsString> = args.iter().map(OsString::from).collect();
	let mut err = Vec::new();
	let status = sudoku::run(&args, input, out, &mut err);
	(status, String::from_utf8_lossy(&err).into_owned())
}

#[test]
fn run_reads_and_writes_in_memory() {
	let input = format!("Grid 1\n{}\n", PUZZLE);
	let mut out = Vec::new();
	assert_eq!(judge(&mut input.as_bytes(), &mut out), (0, String::new()));
	assert_eq!(out, format!("Grid 1\n{}\n", SOLVED).into_bytes());
	let mut out = Vec::new();
	let said = command(&["--count"], &mut input.as_bytes(), &mut out);
	assert_eq!((said, out), ((0, String::new()), b"1\n".to_vec()));
}

#[test]
fn a_failed_read_is_named_where_it_stopped_after_the_whole_pieces_before_it() {
	let input = format!("{}\n# a comment\n{}", PUZZLE, &PUZZLE[..12]);
	let mut out = Vec::new();
	let said = judge(&mut Failing(input.as_bytes()), &mut out);
	let why = "line 3, column 13: cannot read: the disk is gone\n";
	assert_eq!(said, (2, String::from(why)));
	assert_eq!(out, format!("{}\n# a comment\n", SOLVED).into_bytes());
	// The command reads ahead of its judge files' readers: the same place, in other words. A
	// line of another size is read further (its next line is looked at) and fails the same.
	let lone = format!("{PUZZLE}\n# a comment\n1\n1.3.");
	for (input, at) in [(input.clone(), "3:13"), (lone, "4:5")] {
		let mut out = Vec::new();
		let said = command(&["-j", "1"], &mut Failing(input.as_bytes()), &mut out);
		let why = format!("sudoku: <stdin>:{at}: cannot read: the disk is gone\n");
		assert_eq!(said, (2, why));
	}
}

#[test]
fn a_failed_write_is_said_and_a_reader_gone_is_not() {
	let input = format!("{}\n", PUZZLE).repeat(3000);
	let said = judge(
		&mut input.as_bytes(),
		&mut Full(100_000, io::ErrorKind::Other),
	);
	let why = "sudoku: cannot write the output: no room\n";
	assert_eq!(said, (2, String::from(why)));
	let gone = io::ErrorKind::BrokenPipe;
	let said = judge(&mut input.as_bytes(), &mut Full(100_000, gone));
	assert_eq!(said, (0, String::new()));
}

#[test]
fn when_the_reader_goes_the_status_of_what_was_answered_stands() {
	// Nine rows of 123456789: no solution, each said before the reader goes.
	let input = "123456789\n".repeat(9 * 3000);
	let gone = || Full(100_000, io::ErrorKind::BrokenPipe);
	let (status, said) = judge(&mut input.as_bytes(), &mut gone());
	assert_eq!(status, 1);
	assert!(
		said.starts_with("puzzle 1 (line 1): no solution\n"),
		"{}",
		said
	);
	let four = ["-j", "4"];
	for args in [
		&[][..],
		&["--count"],
		&["--all"],
		&["-"],
		&four,
		&["--all", "-j", "4"],
	] {
		let (status, _) = command(args, &mut input.as_bytes(), &mut gone());
		assert_eq!(status, 1, "{:?}", args);
	}
}

#[test]
fn each_square_has_twenty_peers_as_the_tables_say() {
	// A band's bit 9r + c is its row r, column c; BAND_PEERS_OUT keeps what is not a peer.
	for x in 0..9 {
		for y in 0..9 {
			let i = 9 * (x % 3) + y;
			let in_band = 0o777_777_777 & !judge::BAND_PEERS_OUT[i];
			let mut peers = Vec::new();
			for j in 0..27 {
				if in_band >> j & 1 == 1 {
					peers.push((x / 3 * 3 + j / 9, j % 9));
				}
			}
			// The column beyond the band, which the search clears digit by digit.
			peers.extend((0..9).filter(|&u| u / 3 != x / 3).map(|u| (u, y)));
			peers.sort_unstable();
			let mut plain: Vec<(usize, usize)> = (0..81)
				.map(|q| (q / 9, q % 9))
				.filter(|&(u, v)| (u, v) != (x, y))
				.filter(|&(u, v)| u == x || v == y || (u / 3, v / 3) == (x / 3, y / 3))
				.collect();
			plain.sort_unstable();
			assert_eq!(peers.len(), 20);
			assert_eq!(peers, plain, "square ({}, {})", x, y);
		}
	}
}

#[test]
fn boxes_of_row_names_the_boxes_a_row_of_candidates_touches() {
	for line in 0..512usize {
		let touched = (0..3).filter(|k| line >> (3 * k) & 7 != 0);
		let expected: u32 = touched.map(|k| 1 << k).sum();
		assert_eq!(judge::BOXES_OF_ROW[line], expected, "row {:09b}", line);
	}
}

#[test]
fn a_solution_blocked_before_the_board_propagates_leaves_no_other_where_none_is() {
	// A puzzle `--generate 30 --size 16 --seed 1` met on its way: one solution, which the
	// generator, knowing it (the grid it drew), blocks at once. A restart of the check on
	// level 0 once dropped what waited to be implied there, and "found" another.
	let puzzle = ".LM.E.J.O.G....HB......ADHMP.L..P..HB.F.J.AL..C....A.....F...K.J..K....C.A.M.ND.FMI.HO...C.G..A......A...N.....O..L.J.E.I.BD...P\
                  NB......H..OPE.F..PL......K......FA.KJN..........JD..POGNLF.MA.C.C.O..GMF.D....KM.......C...G..LJ.E...LB...ND.FM...GPEC.B.L.N.O.";
	let givens: Vec<u8> = puzzle.bytes().map(|c| c.saturating_sub(b'A' - 1)).collect();
	let solution = match Cdcl::<16>::new(&givens).solve() {
		Verdict::Sat(model) => model,
		Verdict::Unsat(_) => panic!("the puzzle has a solution"),
	};
	let mut listed = 0;
	sudoku::every_size::solve(16, &givens, &mut |grid| {
		listed += 1;
		assert_eq!(grid, &solution[..]);
		true
	});
	assert_eq!(listed, 1, "the classic's order lists one solution");
	let mut besides = Cdcl::<16>::new(&givens);
	besides.block(&solution);
	assert!(matches!(besides.solve(), Verdict::Unsat(0)));
}

#[test]
fn a_check_names_the_first_decision_that_leaves_no_solution_and_keeps_those_below() {
	// The nearly empty 16x16 sample, its smallest solution's first 149 squares decided, then D
	// at the next: no solution there.
	let symbols = |text: &str| {
		text.trim()
			.bytes()
			.map(|c| c.saturating_sub(b'A' - 1))
			.collect()
	};
	let givens: Vec<u8> = symbols(include_str!("../samples/sizes/nearly-empty-16x16.in"));
	let smallest: Vec<u8> = symbols(include_str!("../samples/sizes/nearly-empty-16x16.out"));
	let mut check = Cdcl::<16>::new(&givens);
	for (p, &symbol) in smallest[..149].iter().enumerate() {
		assert!(check.assume(16 * p + symbol as usize - 1));
	}
	assert!(check.assume(16 * 149 + 3), "D is free at square 149");
	assert!(
		matches!(check.solve(), Verdict::Unsat(150)),
		"the 150th decision leaves none"
	);
	assert_eq!(check.level(), 149, "the levels below it stay");
	assert!(
		matches!(check.solve(), Verdict::Sat(_)),
		"and have a solution"
	);
}
