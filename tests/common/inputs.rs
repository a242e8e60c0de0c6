//! Seeded random inputs: puzzles in every layout of docs/reading.md's table, and random changes to
//! them (a wrong digit, a byte replaced, added or removed, a piece repeated or cut).

use super::{solved_grid, Random};

/// An input being written, with the output it must give before its blanks are filled.
#[derive(Default)]
pub struct Case {
	pub input: Vec<u8>,
	pub output: Vec<u8>,
	/// Where each cell stands in `output`, and its given digit (0 for a blank).
	pub cells: Vec<(usize, u8)>,
}

impl Case {
	/// Text that is written back as it is.
	pub fn text(&mut self, s: &str) {
		self.input.extend_from_slice(s.as_bytes());
		self.output.extend_from_slice(s.as_bytes());
	}

	/// Text that is read but not written back (the count line, the `end` line and after).
	pub fn unwritten(&mut self, s: &str) {
		self.input.extend_from_slice(s.as_bytes());
	}

	pub fn cell(&mut self, digit: u8, blank: u8) {
		self.cells.push((self.output.len(), digit));
		let c = if digit == 0 { blank } else { b'0' + digit };
		self.input.push(c);
		self.output.push(c);
	}
}

pub const LAYOUTS: usize = 9;

/// Writes `puzzles` in layout `layout` (0 to 8, rows of docs/reading.md's table of layouts).
pub fn render(rng: &mut Random, layout: usize, puzzles: &[[u8; 81]]) -> Case {
	let mut case = Case::default();
	let eol = if rng.below(4) == 0 { "\r\n" } else { "\n" };
	let blank = b".0?_*"[rng.below(5)];
	if rng.below(8) == 0 {
		case.unwritten("\u{feff}");
	}
	if layout == 2 {
		case.unwritten(&format!("{}{}", puzzles.len(), eol));
	}
	for (k, grid) in puzzles.iter().enumerate() {
		match layout {
			// Nine lines of nine (AcWing 1613).
			0 => {
				for x in 0..9 {
					(0..9).for_each(|y| case.cell(grid[9 * x + y], blank));
					case.text(eol);
				}
			}
			// One line of 81 (AcWing 166, POJ 3074), several per input.
			1 => {
				grid.iter().for_each(|&d| case.cell(d, blank));
				case.text(eol);
			}
			// Nine lines of digits with 0 blanks, after a count (POJ 2676).
			2 => {
				for x in 0..9 {
					(0..9).for_each(|y| case.cell(grid[9 * x + y], b'0'));
					case.text(eol);
				}
			}
			// Cells separated by spaces, ? blanks, an empty line between puzzles (HDU 1426).
			3 => {
				if k > 0 {
					case.text(eol);
				}
				for x in 0..9 {
					for y in 0..9 {
						if y > 0 {
							case.text(" ");
						}
						case.cell(grid[9 * x + y], b'?');
					}
					case.text(eol);
				}
			}
			// Spaces with a trailing space (Luogu P1784).
			4 => {
				for x in 0..9 {
					for y in 0..9 {
						case.cell(grid[9 * x + y], b'0');
						case.text(" ");
					}
					case.text(eol);
				}
			}
			// A board literal (LeetCode 37).
			5 => {
				case.text("[");
				for x in 0..9 {
					case.text(if x > 0 { ",[" } else { "[" });
					for y in 0..9 {
						case.text(if y > 0 { ",\"" } else { "\"" });
						case.cell(grid[9 * x + y], b'.');
						case.text("\"");
					}
					case.text("]");
				}
				case.text("]");
				case.text(eol);
			}
			// A drawn grid.
			6 => {
				let bar = format!("+-------+-------+-------+{}", eol);
				for x in 0..9 {
					if x % 3 == 0 {
						case.text(&bar);
					}
					for y in 0..9 {
						case.text(if y % 3 == 0 { "| " } else { " " });
						case.cell(grid[9 * x + y], blank);
					}
					case.text(" |");
					case.text(eol);
				}
				case.text(&bar);
			}
			// Labelled grids (Project Euler 96).
			7 => {
				case.text(&format!("Grid {:02}{}", k + 1, eol));
				for x in 0..9 {
					(0..9).for_each(|y| case.cell(grid[9 * x + y], b'0'));
					case.text(eol);
				}
			}
			// A commented puzzle file.
			_ => {
				case.text(&format!("# puzzle {}{}", k + 1, eol));
				grid.iter().for_each(|&d| case.cell(d, blank));
				case.text(&format!(
					"  # {} givens{}",
					grid.iter().filter(|&&d| d > 0).count(),
					eol
				));
			}
		}
	}
	if layout == 1 && rng.below(2) == 0 {
		case.unwritten(&format!("end{}1 2 3 not read{}", eol, eol));
	}
	case
}

/// A solved grid with a random number of its cells emptied at random.
pub fn random_puzzle(rng: &mut Random) -> [u8; 81] {
	let mut grid = solved_grid(rng);
	let mut order: Vec<usize> = (0..81).collect();
	rng.shuffle(&mut order);
	let blanks = 20 + rng.below(62);
	for &p in &order[..blanks] {
		grid[p] = 0;
	}
	grid
}

/// One random change to an input: a wrong digit typed in, a byte replaced, added or removed, a
/// piece repeated or cut.
pub fn mutate(rng: &mut Random, input: &mut Vec<u8>) {
	let at = rng.below(input.len() + 1);
	let special: [&[u8]; 10] = [
		b"\n",
		b"end\n",
		b"\xEF\xBB\xBF",
		b"#",
		b"Grid",
		b"9\n",
		b"\r",
		b" ",
		b".",
		b"\xFF",
	];
	let cells: Vec<usize> = (0..input.len())
		.filter(|&i| input[i].is_ascii_digit())
		.collect();
	if rng.below(3) == 0 && !cells.is_empty() {
		input[cells[rng.below(cells.len())]] = b'1' + rng.below(9) as u8;
		return;
	}
	match rng.below(6) {
		0 if at < input.len() => input[at] = rng.below(256) as u8,
		1 => input.insert(at, rng.below(256) as u8),
		2 if at < input.len() => {
			input.remove(at);
		}
		3 => {
			let piece = special[rng.below(special.len())];
			input.splice(at..at, piece.iter().cloned());
		}
		4 => {
			let end = (at + rng.below(100)).min(input.len());
			let piece = input[at..end].to_vec();
			input.splice(at..at, piece);
		}
		_ => input.truncate(at),
	}
}
