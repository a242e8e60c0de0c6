//! What the integration tests share: running the built binary, a seeded generator of solved
//! grids, and the rules an answer must follow.
#![allow(dead_code)]

pub mod inputs;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// The AcWing 1613 sample as one line, and its published answer.
pub const PUZZLE: &str =
	".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
pub const SOLVED: &str =
	"527389416819426735436751829375692184194538267268174593643217958951843672782965341";
/// Givens that clash: two 1s in the first row.
pub const CLASH: &str =
	"11...............................................................................";
/// No clash, but the last cell of the first row can take no digit (1-8 in its row, 9 below).
pub const DEAD: &str =
	"12345678.........9...............................................................";

/// What one run of the program gave.
pub struct Run {
	pub status: i32,
	pub stdout: Vec<u8>,
	pub stderr: String,
}

impl Run {
	pub fn stdout(&self) -> String {
		String::from_utf8_lossy(&self.stdout).into_owned()
	}
}

/// The `sudoku` command, as cargo built it.
pub const SUDOKU: &str = env!("CARGO_BIN_EXE_sudoku");

/// The judge program, `src/main.rs` alone, which `cargo test` builds as the example `judge`.
pub fn judge_program() -> PathBuf {
	example("judge")
}

/// The judge program for every size, `src/every_size.rs` alone (the example `every_size`).
pub fn every_size_program() -> PathBuf {
	example("every_size")
}

/// An example `cargo test` builds: target/<profile>/examples/NAME, beside the test's own
/// target/<profile>/deps/<test>.
fn example(name: &str) -> PathBuf {
	let test = std::env::current_exe().expect("the test's own path");
	let profile = test.parent().and_then(Path::parent);
	let example = profile
		.expect("target/<profile>")
		.join("examples")
		.join(name);
	assert!(
		example.exists(),
		"{} is built by `cargo test`",
		example.display()
	);
	example
}

/// Starts `program` with `args`, its three streams piped.
pub fn spawn(program: &Path, args: &[&str]) -> Child {
	Command::new(program)
		.args(args)
		.stdin(Stdio::piped())
		.stdout(Stdio::piped())
		.stderr(Stdio::piped())
		.spawn()
		.expect("the program starts")
}

/// Starts `program` with `args`, writes `input` and a line break, and reads the first line of
/// its answer while its standard input is still open; None if none comes within 20 s.
pub fn first_line_while_open(program: &Path, args: &[&str], input: &str) -> Option<String> {
	use std::io::{BufRead, BufReader};
	let mut child = spawn(program, args);
	let mut stdin = child.stdin.take().expect("its input");
	let stdout = child.stdout.take().expect("its output");
	writeln!(stdin, "{input}").expect("the puzzle is written");
	stdin.flush().expect("and sent");
	let (sender, receiver) = std::sync::mpsc::channel();
	std::thread::spawn(move || {
		let mut line = String::new();
		let _ = BufReader::new(stdout).read_line(&mut line);
		let _ = sender.send(line);
	});
	let answer = receiver.recv_timeout(std::time::Duration::from_secs(20));
	drop(stdin);
	let _ = child.wait();
	answer.ok()
}

/// Runs the `sudoku` command with `args`, `input` on its standard input.
pub fn sudoku(args: &[&str], input: &[u8]) -> Run {
	run(Path::new(SUDOKU), args, input)
}

/// Checks that the `sudoku` command refuses `args` in one line, `sudoku: WHY (try sudoku
/// --help)`, status 2, writing nothing else.
pub fn refused(args: &[&str], why: &str) {
	let run = sudoku(args, PUZZLE.as_bytes());
	let said = format!("sudoku: {why} (try sudoku --help)\n");
	assert_eq!(run.stderr, said, "{args:?}");
	assert_eq!((run.status, run.stdout().as_str()), (2, ""), "{args:?}");
}

/// Runs the judge program, `input` on its standard input.
pub fn judge(input: &[u8]) -> Run {
	run(&judge_program(), &[], input)
}

/// Runs `program` with `args`, `input` on its standard input.
pub fn run(program: &Path, args: &[&str], input: &[u8]) -> Run {
	let mut child = spawn(program, args);
	let mut stdin = child.stdin.take().expect("a pipe to its input");
	let input = input.to_vec();
	// Written from a thread: the program may answer before it has read everything.
	let writer = std::thread::spawn(move || {
		let _ = stdin.write_all(&input);
	});
	let output = child.wait_with_output().expect("the run ends");
	writer.join().expect("the writer ends");
	Run {
		status: output.status.code().expect("an exit status, not a signal"),
		stdout: output.stdout,
		stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
	}
}

/// The peak memory of `program` run with `args` (VmHWM, kB) while `body` goes to its input
/// `times` times after `head`, then `tail` (or until it stops reading); and its status.
#[cfg(target_os = "linux")]
pub fn peak_memory(
	program: &Path,
	args: &[&str],
	(head, body, times, tail): (&str, &[u8], usize, &str),
) -> (u64, i32) {
	use std::io::Read;
	let mut child = spawn(program, args);
	let mut stdin = child.stdin.take().expect("its input");
	let mut stdout = child.stdout.take().expect("its output");
	let drain = std::thread::spawn(move || {
		let mut sink = Vec::new();
		let _ = stdout.read_to_end(&mut sink);
	});
	let status_file = format!("/proc/{}/status", child.id());
	let mut peak = 0;
	let chunks = std::iter::once(head.as_bytes()).chain(std::iter::repeat(body).take(times));
	for chunk in chunks.chain(std::iter::once(tail.as_bytes())) {
		// Once the program has stopped reading, writing fails: it has read all it will.
		if stdin.write_all(chunk).and_then(|()| stdin.flush()).is_err() {
			break;
		}
		// A pipe holds 64 KiB at most: all but that much has been read by now.
		let status = std::fs::read_to_string(&status_file).unwrap_or_default();
		let hwm = status.lines().find_map(|l| l.strip_prefix("VmHWM:"));
		let kb = hwm.and_then(|v| v.trim().trim_end_matches(" kB").parse().ok());
		peak = peak.max(kb.unwrap_or(0));
	}
	drop(stdin);
	let code = child.wait().expect("it ends").code().expect("a status");
	drain.join().expect("drained");
	(peak, code)
}

/// The `sh` blocks of the README's section whose title starts with `title`, each as its text.
pub fn readme_sh_blocks(title: &str) -> Vec<String> {
	let root = Path::new(env!("CARGO_MANIFEST_DIR"));
	let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md reads");
	let section = readme
		.split("\n## ")
		.find(|section| section.starts_with(title));
	let section = section.unwrap_or_else(|| panic!("a section of the README on {title}"));
	let mut blocks: Vec<String> = Vec::new();
	let mut in_block = false;
	for line in section.lines() {
		match line {
			"```sh" => {
				in_block = true;
				blocks.push(String::new());
			}
			"```" => in_block = false,
			_ if in_block => {
				let block = blocks.last_mut().expect("a block");
				block.push_str(line);
				block.push('\n');
			}
			_ => {}
		}
	}
	blocks
}

/// The command's splitmix64, seeded: every failure can be run again.
pub use sudoku::Random;

/// A random solved grid (digits 1 to 9): the three diagonal boxes shuffled (they share no
/// row or column), the rest completed by backtracking with digits in random order.
pub fn solved_grid(rng: &mut Random) -> [u8; 81] {
	let mut grid = [0; 81];
	for b in 0..3 {
		let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
		rng.shuffle(&mut digits);
		for (i, &d) in digits.iter().enumerate() {
			grid[9 * (3 * b + i / 3) + 3 * b + i % 3] = d;
		}
	}
	// The digits each unit holds, bit d for digit d, as count_solutions keeps them.
	let mut holds = [0u16; 27];
	for p in (0..81).filter(|&p| grid[p] != 0) {
		for u in units_of(p) {
			holds[u] |= 1 << grid[p];
		}
	}
	let filled = complete(&mut grid, &mut holds, 0, rng);
	assert!(filled, "three diagonal boxes always complete");
	grid
}

fn complete(grid: &mut [u8; 81], holds: &mut [u16; 27], p: usize, rng: &mut Random) -> bool {
	if p == 81 {
		return true;
	}
	if grid[p] != 0 {
		return complete(grid, holds, p + 1, rng);
	}
	let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
	rng.shuffle(&mut digits);
	let units = units_of(p);
	for &d in &digits {
		if units.iter().all(|&u| holds[u] >> d & 1 == 0) {
			grid[p] = d;
			units.iter().for_each(|&u| holds[u] |= 1 << d);
			if complete(grid, holds, p + 1, rng) {
				return true;
			}
			units.iter().for_each(|&u| holds[u] &= !(1 << d));
			grid[p] = 0;
		}
	}
	false
}

/// Digit d is in none of the row, column and box of cell p.
pub fn allows(grid: &[u8; 81], p: usize, d: u8) -> bool {
	let (x, y) = (p / 9, p % 9);
	(0..9).all(|i| {
		let (bx, by) = (x / 3 * 3 + i / 3, y / 3 * 3 + i % 3);
		grid[9 * x + i] != d && grid[9 * i + y] != d && grid[9 * bx + by] != d
	})
}

/// The grid (digits 1 to 9) breaks no rule: each row, column and box holds each digit once.
pub fn follows_rules(grid: &[u8]) -> bool {
	if grid.len() != 81 || grid.iter().any(|&d| !(1..=9).contains(&d)) {
		return false;
	}
	(0..27).all(|u| {
		let mut seen = [false; 10];
		(0..9).all(|i| {
			let p = match u {
				0..=8 => 9 * u + i,
				9..=17 => 9 * i + (u - 9),
				_ => 9 * ((u - 18) / 3 * 3 + i / 3) + (u - 18) % 3 * 3 + i % 3,
			};
			!std::mem::replace(&mut seen[grid[p] as usize], true)
		})
	})
}

/// The cells of a puzzle written as 81 characters, digits and `.`: 0 for a blank.
pub fn cells(line: &str) -> [u8; 81] {
	let mut grid = [0; 81];
	for (p, c) in line.bytes().enumerate().take(81) {
		grid[p] = if c.is_ascii_digit() { c - b'0' } else { 0 };
	}
	grid
}

/// `grid` as 81 characters, `.` for a blank.
pub fn line(grid: &[u8; 81]) -> String {
	grid.iter()
		.map(|&d| if d == 0 { '.' } else { (b'0' + d) as char })
		.collect()
}

/// The puzzle `s` (81 characters) as nine lines of nine.
pub fn nine_lines(s: &str) -> String {
	(0..9)
		.map(|x| format!("{}\n", &s[9 * x..9 * x + 9]))
		.collect()
}

/// A file of the tests' own, holding `text`: written whole under another name, then renamed,
/// so that a test reading a file of the same name, written by another, never finds it half
/// written.
pub fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
	static WRITTEN: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
	let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
	let k = WRITTEN.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
	let writing = dir.join(format!("{name}.{}.{k}", std::process::id()));
	std::fs::write(&writing, text).expect("a temporary file");
	let path = dir.join(name);
	std::fs::rename(&writing, &path).expect("a temporary file");
	path
}

/// The puzzle `s` (81 characters) as a drawn grid: `bar` between the boxes of a row, and the
/// `borders` above the grid, between its bands and below it, each a line of its own.
pub fn drawn(s: &str, bar: &str, borders: [&str; 3]) -> String {
	let mut text = format!("{}\n", borders[0]);
	for x in 0..9 {
		let r: Vec<String> = s[9 * x..9 * x + 9].chars().map(String::from).collect();
		let boxes = [r[..3].join(" "), r[3..6].join(" "), r[6..].join(" ")];
		text += &format!(
			"{0} {1} {0} {2} {0} {3} {0}\n",
			bar, boxes[0], boxes[1], boxes[2]
		);
		if x == 2 || x == 5 {
			text += &format!("{}\n", borders[1]);
		}
	}
	text + borders[2] + "\n"
}

/// The squares of each unit, `unit` worked out once: the plain search reads them at every step.
const UNITS: [[usize; 9]; 27] = {
	let mut units = [[0; 9]; 27];
	let mut u = 0;
	while u < 27 {
		let mut i = 0;
		while i < 9 {
			units[u][i] = unit(u, i);
			i += 1;
		}
		u += 1;
	}
	units
};

/// The square of unit u (rows, columns, boxes) at place i.
pub const fn unit(u: usize, i: usize) -> usize {
	match u / 9 {
		0 => 9 * u + i,
		1 => 9 * i + u % 9,
		_ => 9 * (u % 9 / 3 * 3 + i / 3) + u % 3 * 3 + i % 3,
	}
}

/// The solutions of `grid`, counted up to `limit`: a plain search, independent of the program,
/// that branches where the fewest ways are (the digits of one empty square, or the empty squares
/// of one digit in one row, column or box: either way each solution is met once). Its givens
/// must break no rule.
pub fn count_solutions(grid: &mut [u8; 81], limit: u64) -> u64 {
	// The digits each unit holds, bit d for digit d.
	let mut holds = [0u16; 27];
	for p in (0..81).filter(|&p| grid[p] != 0) {
		for u in units_of(p) {
			holds[u] |= 1 << grid[p];
		}
	}
	count(grid, &mut holds, limit)
}

/// The row, column and box of square p: units 0 to 8, 9 to 17, 18 to 26, as `unit` numbers them.
pub fn units_of(p: usize) -> [usize; 3] {
	[p / 9, 9 + p % 9, 18 + p / 27 * 3 + p % 9 / 3]
}

fn count(grid: &mut [u8; 81], holds: &mut [u16; 27], limit: u64) -> u64 {
	let ways = match fewest_ways(grid, holds) {
		None => return 1,
		Some(ways) => ways,
	};
	let mut found = 0;
	for &(p, d) in &ways.ways[..ways.len] {
		grid[p] = d;
		units_of(p).iter().for_each(|&u| holds[u] |= 1 << d);
		found += count(grid, holds, limit - found);
		units_of(p).iter().for_each(|&u| holds[u] &= !(1 << d));
		grid[p] = 0;
		if found >= limit {
			break;
		}
	}
	found
}

/// At most nine ways on, each a (square, digit): kept in an array, not allocated, as the search
/// makes one at every step.
struct Ways {
	len: usize,
	ways: [(usize, u8); 9],
}

/// The fewest ways on, each a (square, digit): the digits of one empty square, or the squares
/// of one digit in one unit; None when the grid is full. A way of one or none ends the look.
fn fewest_ways(grid: &[u8; 81], holds: &[u16; 27]) -> Option<Ways> {
	// The digits each empty square still allows, bit d for digit d.
	let mut free = [0u16; 81];
	let mut best: Option<Ways> = None;
	let fewer = |best: &Option<Ways>, len: usize| best.as_ref().map_or(true, |b| len < b.len);
	for p in (0..81).filter(|&p| grid[p] == 0) {
		let [r, c, b] = units_of(p);
		free[p] = 0b11_1111_1110 & !(holds[r] | holds[c] | holds[b]);
		let len = free[p].count_ones() as usize;
		if fewer(&best, len) {
			let mut ways = Ways {
				len: 0,
				ways: [(0, 0); 9],
			};
			for d in (1..=9).filter(|&d| free[p] >> d & 1 == 1) {
				ways.ways[ways.len] = (p, d);
				ways.len += 1;
			}
			best = Some(ways);
			if len <= 1 {
				return best;
			}
		}
	}
	for (u, held) in holds.iter().enumerate() {
		for d in (1..=9).filter(|&d| held >> d & 1 == 0) {
			let mut ways = Ways {
				len: 0,
				ways: [(0, 0); 9],
			};
			for &p in &UNITS[u] {
				if grid[p] == 0 && free[p] >> d & 1 == 1 {
					ways.ways[ways.len] = (p, d);
					ways.len += 1;
				}
			}
			if fewer(&best, ways.len) {
				let len = ways.len;
				best = Some(ways);
				if len <= 1 {
					return best;
				}
			}
		}
	}
	best
}

/// The smallest solution of `puzzle` (the classic's answer): square by square in reading order,
/// the smallest digit that still leaves a solution; None if it has none (or givens clash).
pub fn smallest_solution(puzzle: &[u8; 81]) -> Option<[u8; 81]> {
	let mut grid = *puzzle;
	let clash = (0..81).any(|p| {
		let mut without = grid;
		without[p] = 0;
		grid[p] != 0 && !allows(&without, p, grid[p])
	});
	if clash || count_solutions(&mut grid, 1) == 0 {
		return None;
	}
	for p in 0..81 {
		if grid[p] == 0 {
			grid[p] = (1..=9)
				.find(|&d| {
					allows(&grid, p, d) && {
						let mut trial = grid;
						trial[p] = d;
						count_solutions(&mut trial, 1) == 1
					}
				})
				.expect("a digit that leaves a solution");
		}
	}
	Some(grid)
}

/// The tests' own plain search for a grid of any side (1, 4, 9, 16, 25), and the grids it makes.
pub mod sized {
	use super::Random;

	/// The box side of a side.
	pub fn box_side(side: usize) -> usize {
		(1..=5).find(|n| n * n == side).expect("a square side")
	}

	/// The symbols (bit v) that square p of `grid` may take: none of its row, column or box holds
	/// them.
	pub fn free(side: usize, grid: &[u8], p: usize) -> u32 {
		let (n, x, y) = (box_side(side), p / side, p % side);
		let mut used = 0u32;
		for i in 0..side {
			let in_box = side * (x / n * n + i / n) + y / n * n + i % n;
			for q in [side * x + i, side * i + y, in_box] {
				if q != p {
					used |= 1 << grid[q];
				}
			}
		}
		!used & ((1 << (side + 1)) - 2)
	}

	/// The solutions of `grid`, counted up to `limit`: branch where the fewest ways are.
	pub fn count(side: usize, grid: &mut Vec<u8>, limit: usize) -> usize {
		// The symbols each row, column and box holds, bit v for symbol v.
		let mut holds = vec![0u32; 3 * side];
		for p in (0..side * side).filter(|&p| grid[p] != 0) {
			for u in units_of(side, p) {
				holds[u] |= 1 << grid[p];
			}
		}
		search(side, grid, &mut holds, limit)
	}

	/// The row, column and box of square p: units 0 to side - 1, then the columns, then the boxes.
	fn units_of(side: usize, p: usize) -> [usize; 3] {
		let (n, x, y) = (box_side(side), p / side, p % side);
		[x, side + y, 2 * side + x / n * n + y / n]
	}

	/// The square of unit u (rows, columns, boxes) at place i.
	fn square(side: usize, u: usize, i: usize) -> usize {
		let n = box_side(side);
		match u / side {
			0 => side * (u % side) + i,
			1 => side * i + u % side,
			_ => side * (u % side / n * n + i / n) + u % side % n * n + i % n,
		}
	}

	fn search(side: usize, grid: &mut Vec<u8>, holds: &mut [u32], limit: usize) -> usize {
		// Each way as (square, symbol): the symbols of one empty square, or the squares of one
		// symbol in one row, column or box; either way each solution is met once. A choice of
		// one way or none ends the look.
		let every = (1u32 << (side + 1)) - 2;
		let mut free = [0u32; 625];
		let (mut best, mut best_len) = ([(0, 0); 25], usize::MAX);
		let mut ways = [(0, 0); 25];
		'look: {
			for p in (0..side * side).filter(|&p| grid[p] == 0) {
				let [r, c, b] = units_of(side, p);
				free[p] = every & !(holds[r] | holds[c] | holds[b]);
				let len = free[p].count_ones() as usize;
				if len < best_len {
					let symbols = (1..=side as u8).filter(|&v| free[p] >> v & 1 != 0);
					for (k, v) in symbols.enumerate() {
						best[k] = (p, v);
					}
					best_len = len;
					if len <= 1 {
						break 'look;
					}
				}
			}
			for (u, &held) in holds.iter().enumerate() {
				for v in (1..=side as u8).filter(|&v| held >> v & 1 == 0) {
					let mut len = 0;
					for p in (0..side).map(|i| square(side, u, i)) {
						if grid[p] == 0 && free[p] >> v & 1 != 0 {
							ways[len] = (p, v);
							len += 1;
						}
					}
					if len < best_len {
						best[..len].copy_from_slice(&ways[..len]);
						best_len = len;
						if len <= 1 {
							break 'look;
						}
					}
				}
			}
		}
		if best_len == usize::MAX {
			return 1;
		}
		let mut found = 0;
		for &(p, v) in &best[..best_len] {
			grid[p] = v;
			units_of(side, p).iter().for_each(|&u| holds[u] |= 1 << v);
			found += search(side, grid, holds, limit - found);
			units_of(side, p)
				.iter()
				.for_each(|&u| holds[u] &= !(1 << v));
			grid[p] = 0;
			if found >= limit {
				break;
			}
		}
		found
	}

	/// The smallest solution: square by square in reading order, the smallest symbol that leaves a
	/// solution; None if there is none (or givens clash).
	pub fn smallest(side: usize, puzzle: &[u8]) -> Option<Vec<u8>> {
		let mut grid = puzzle.to_vec();
		let clash =
			(0..side * side).any(|p| grid[p] != 0 && free(side, &grid, p) >> grid[p] & 1 == 0);
		if clash || count(side, &mut grid, 1) == 0 {
			return None;
		}
		for p in 0..side * side {
			if grid[p] == 0 {
				grid[p] = (1..=side as u8)
					.find(|&v| {
						free(side, &grid, p) >> v & 1 != 0 && {
							grid[p] = v;
							let yes = count(side, &mut grid, 1) == 1;
							grid[p] = 0;
							yes
						}
					})
					.expect("a symbol that leaves a solution");
			}
		}
		Some(grid)
	}

	/// A solved grid of a side: the pattern grid, its symbols, rows within bands, bands, columns
	/// within stacks and stacks shuffled.
	pub fn solved(side: usize, rng: &mut Random) -> Vec<u8> {
		let n = box_side(side);
		let mut symbols: Vec<u8> = (1..=side as u8).collect();
		rng.shuffle(&mut symbols);
		let mut order = || {
			let mut bands: Vec<usize> = (0..n).collect();
			rng.shuffle(&mut bands);
			let mut lines = Vec::new();
			for band in bands {
				let mut within: Vec<usize> = (0..n).collect();
				rng.shuffle(&mut within);
				lines.extend(within.iter().map(|k| band * n + k));
			}
			lines
		};
		let (rows, columns) = (order(), order());
		(0..side * side)
			.map(|p| {
				let (x, y) = (rows[p / side], columns[p % side]);
				symbols[(n * (x % n) + x / n + y) % side]
			})
			.collect()
	}

	/// A puzzle as one line of its symbols (`.` a blank for sides up to 9, `-` past them).
	pub fn one_line(side: usize, grid: &[u8]) -> String {
		grid.iter()
			.map(|&v| match (v, side) {
				(0, 1..=9) => '.',
				(0, _) => '-',
				(v, 1..=9) => (b'0' + v) as char,
				(v, _) => (b'A' + v - 1) as char,
			})
			.collect()
	}

	/// Every solution of `grid`, smallest first (rows first), up to `limit`: the classic, square
	/// by square in reading order, each symbol that breaks no rule.
	pub fn all(side: usize, grid: &mut Vec<u8>, limit: usize) -> Vec<Vec<u8>> {
		let mut found = Vec::new();
		every(side, grid, 0, limit, &mut found);
		found
	}

	fn every(side: usize, grid: &mut Vec<u8>, p: usize, limit: usize, found: &mut Vec<Vec<u8>>) {
		if found.len() >= limit {
			return;
		}
		if p == side * side {
			found.push(grid.clone());
			return;
		}
		if grid[p] != 0 {
			return every(side, grid, p + 1, limit, found);
		}
		let values = free(side, grid, p);
		for v in (1..=side as u8).filter(|&v| values >> v & 1 != 0) {
			grid[p] = v;
			every(side, grid, p + 1, limit, found);
		}
		grid[p] = 0;
	}
}
