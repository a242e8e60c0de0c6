//! A grid of any side as the tools see it: its units (rows, columns, boxes), how people name
//! them, its squares and its symbols, and the one check of the rules.

/// Square i of unit u of a grid of side `side` (rows 0 to side - 1, then columns, then boxes),
/// in reading order.
pub(crate) const fn unit_square(side: usize, u: usize, i: usize) -> usize {
	let (n, k) = (box_side(side), u % side);
	match u / side {
		0 => side * k + i,
		1 => side * i + k,
		_ => side * (k / n * n + i / n) + k % n * n + i % n,
	}
}

/// The side of a box of a grid of side `side`.
pub(crate) const fn box_side(side: usize) -> usize {
	let mut n = 1;
	while n * n < side {
		n += 1;
	}
	n
}

/// The squares of each unit of a 9x9 grid, in reading order.
pub(crate) const UNITS: [[usize; 9]; 27] = {
	let (mut units, mut u) = ([[0; 9]; 27], 0);
	while u < 27 {
		let mut i = 0;
		while i < 9 {
			units[u][i] = unit_square(9, u, i);
			i += 1;
		}
		u += 1;
	}
	units
};

/// The row, column and box of square p.
pub(crate) fn units_of(side: usize, p: usize) -> [usize; 3] {
	let (n, x, y) = (box_side(side), p / side, p % side);
	[x, side + y, 2 * side + x / n * n + y / n]
}

/// How people name a unit: `row 4`, `column 7`, `box 6`.
pub(crate) fn unit_name(side: usize, u: usize) -> String {
	format!("{} {}", ["row", "column", "box"][u / side], u % side + 1)
}

/// How people name squares: `r1c7 r1c8`.
pub(crate) fn squares_named(side: usize, squares: &[usize]) -> String {
	let named: Vec<String> = squares
		.iter()
		.map(|p| format!("r{}c{}", p / side + 1, p % side + 1))
		.collect();
	named.join(" ")
}

/// How a symbol is written (its number from 1; 0 a blank): digits up to side 9, letters past.
pub(crate) fn symbol(side: usize, value: u8) -> char {
	match (value, side) {
		(0, ..=9) => '.',
		(0, _) => '-',
		(_, ..=9) => (b'0' + value) as char,
		_ => (b'A' + value - 1) as char,
	}
}

/// The first unit (rows, then columns, then boxes) that holds a symbol twice, said as the tools
/// say it: `row 1 has 6 twice`.
pub(crate) fn broken_rule(side: usize, grid: &[u8]) -> Option<String> {
	(0..3 * side).find_map(|u| {
		let mut seen = [false; 26];
		let mut values = (0..side)
			.map(|i| grid[unit_square(side, u, i)])
			.filter(|&v| v != 0);
		let twice = values.find(|&v| std::mem::replace(&mut seen[v as usize], true));
		twice.map(|v| format!("{} has {} twice", unit_name(side, u), symbol(side, v)))
	})
}
