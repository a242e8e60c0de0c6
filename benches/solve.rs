//! `cargo bench [-- FILE ...]`: the program's own `run` over each file, from memory to memory,
//! as a judge runs it; every answer checked; figures printed, nothing asserted.
//!
//! For each file: puzzles per second over the whole run (the median of the runs made in two
//! seconds, three at least); and, where the file holds one puzzle per line of 81 characters, the
//! median and the slowest puzzle (each solved three times, its best time kept: noise only ever
//! adds) and the steps (dfs calls and probes) per puzzle. Any file the program reads will do, in
//! any layout.
//!
//! Without FILE, in about a minute on a two-core machine, it looks for the public sets below in
//! $SUDOKU_PUZZLES (default ../shared/puzzles, beside the repository) and says where to download
//! those it does not find; then it solves generated puzzles with givens taken away, which have
//! many solutions, and the slowest puzzles found, counted to two. Then it times `--generate` for
//! 0, 1, 2, 10 and 100 solutions, and qqwing's generator beside it when `qqwing` is installed;
//! for 4x4 and 16x16, `--generate --size` for 1, 0 and 2 solutions and the command solving what
//! it made. With `--long` (half an hour or more), 25x25 too, and `--check` on each public set
//! against solving it. It says first how long it takes, and last how long it took.
//!
//! `cargo bench --bench solve -- --climb SECONDS` looks for slow puzzles instead: from random starts (givens at
//! random, empty top rows over a solved grid's givens, minimal puzzles less a few givens, the
//! slowest found in random orientations) it changes a given or the orientation while the time to
//! count to two grows, and prints the slowest it found with no solution, one, and more.
//!
//! `cargo bench --bench solve -- --oriented FILE` writes FILE's puzzles in the random
//! orientations of the second row of each set, to time other solvers on the same puzzles.

use sudoku::{judge, Random};

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The public sets, one puzzle per line, and where each comes from.
const SETS: [(&str, &str); 5] = [
    (
        "top1465.txt",
        "https://github.com/t-dillon/tdoku (data.zip: puzzles3_magictour_top1465)",
    ),
    (
        "17clue.txt",
        "https://github.com/t-dillon/tdoku (data.zip: puzzles2_17_clue; Gordon Royle's 17-clue list)",
    ),
    (
        "forum_hardest_1905_11plus.txt",
        "https://github.com/t-dillon/tdoku (data.zip: puzzles5_forum_hardest_1905_11+)",
    ),
    (
        "forum_hardest_1106.txt",
        "https://github.com/t-dillon/tdoku (data.zip: puzzles6_forum_hardest_1106)",
    ),
    (
        "kaggle3m_sample.txt",
        "https://www.kaggle.com/datasets/radcliffe/3-million-sudoku-puzzles-with-ratings (first column; any 7000 lines)",
    ),
];
const RUNS: usize = 3;
const RUN_TIME: Duration = Duration::from_secs(2);
const TRIES: usize = 3;
const GENERATED: u64 = 300;

fn main() {
	let args: Vec<String> = std::env::args().skip(1).collect();
	if let Some(at) = args.iter().position(|a| a == "--climb") {
		let seconds = args.get(at + 1).and_then(|s| s.parse().ok()).unwrap_or(60);
		return climb(Duration::from_secs(seconds));
	}
	if let Some(at) = args.iter().position(|a| a == "--oriented") {
		// What other solvers are timed on beside this one: a set in the orientations the
		// benchmark's second row of each set uses.
		let file = args.get(at + 1).map_or("", String::as_str);
		let text = std::fs::read(file).unwrap_or_else(|e| panic!("{}: {}", file, e));
		return std::io::Write::write_all(&mut std::io::stdout(), &oriented(&text, 1))
			.expect("standard output");
	}
	let long = args.iter().any(|a| a == "--long");
	let named: Vec<PathBuf> = args
		.iter()
		.filter(|a| !a.starts_with("--")) // cargo bench passes --bench
		.map(PathBuf::from)
		.collect();
	let started = Instant::now();
	if named.is_empty() {
		let dir = std::env::var_os("SUDOKU_PUZZLES").map_or_else(
			|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/puzzles"),
			PathBuf::from,
		);
		println!("{}", if long { LONG } else { SHORT });
		let table = Table::new(SETS.iter().map(|(name, _)| *name).chain(LABELS));
		for (name, source) in SETS {
			match std::fs::read(dir.join(name)) {
				Ok(text) => {
					table.bench(name, &text);
					table.bench(LABELS[0], &oriented(&text, 1));
				}
				Err(_) => println!(
					"{:<3$} not in {}: download from {}",
					name,
					dir.display(),
					source,
					table.width
				),
			}
		}
		table.bench(LABELS[1], &many_solutions());
		table.slowest();
		generate();
		sizes(long);
		if long {
			println!();
			for (name, _) in SETS {
				if let Ok(text) = std::fs::read(dir.join(name)) {
					table.check_pace(name, &text);
				}
			}
		}
	} else {
		let names: Vec<String> = named.iter().map(|f| f.display().to_string()).collect();
		let table = Table::new(names.iter().map(String::as_str));
		for (file, name) in named.iter().zip(&names) {
			match std::fs::read(file) {
				Ok(text) => table.bench(name, &text),
				Err(e) => println!("{:<2$} cannot be read: {}", name, e, table.width),
			}
		}
	}
	println!(
		"\n(cargo bench took {:.0} s)",
		started.elapsed().as_secs_f64()
	);
}

/// What a bare `cargo bench` says first.
const SHORT: &str =
	"cargo bench: about a minute here (a two-core machine): the public sets, puzzles \
    with many solutions, the slowest found, --generate, 4x4 and 16x16; \
    `cargo bench --bench solve -- --long` adds 25x25 and --check (half an hour or more).";

/// What `cargo bench -- --long` says first.
const LONG: &str = "cargo bench -- --long: half an hour or more here (a 25x25 puzzle takes about \
    a minute to make): the public sets, puzzles with many solutions, the slowest found, --generate, \
    each other size, and --check on each public set.";

/// The rows of the table of files other than the sets' own.
const LABELS: [&str; 3] = [
	"  in random orientations",
	"generated, 3 givens taken away",
	"slowest found, counted to two",
];

/// The table of files: its names' column as wide as the longest.
struct Table {
	width: usize,
}

impl Table {
	/// The table of rows named `names`; its first line, the names of its columns.
	fn new<'a>(names: impl Iterator<Item = &'a str>) -> Table {
		let width = names.map(str::len).max().unwrap_or(0).max("file".len());
		println!(
			"{:<6$} {:>7} {:>10} {:>10} {:>22} {:>11}",
			"file", "puzzles", "puzzles/s", "median", "slowest", "steps/puz.", width
		);
		Table { width }
	}
}

/// Runs the judge program on `input` (no `args`), or the command with `args`: its status and
/// output.
fn run(args: &[&str], input: &[u8]) -> (i32, Vec<u8>) {
	let mut out = Vec::with_capacity(input.len() + 1024);
	let status = match args {
		[] => judge::run(&mut &input[..], &mut out, &mut Vec::new()),
		_ => {
			let args: Vec<OsString> = args.iter().map(OsString::from).collect();
			sudoku::run(&args, &mut &input[..], &mut out, &mut Vec::new())
		}
	};
	(status, out)
}

impl Table {
	fn bench(&self, name: &str, text: &[u8]) {
		let mut times = Vec::new();
		let (mut status, mut out) = (0, Vec::new());
		let started = Instant::now();
		while times.len() < RUNS || started.elapsed() < RUN_TIME {
			let one = Instant::now();
			let (s, o) = run(&[], text);
			times.push(one.elapsed());
			status = s;
			out = o;
		}
		times.sort();
		// One line a puzzle; counting past one solution would only cost (28M solutions on the
		// generated row).
		let counts = run(&["--count", "--limit", "1"], text).1;
		let puzzles = counts
			.split(|&b| b == b'\n')
			.filter(|l| !l.is_empty())
			.count();
		let verdict = match check(text, &out, puzzles) {
			_ if status == 2 => String::from("   (a reading error: the figures stop there)"),
			Ok(()) => String::new(),
			Err(why) => format!("   WRONG: {}", why),
		};
		let (median, slowest, steps) = match lines_of_81(text) {
			Some(each) => per_puzzle(&each, 1),
			None => (String::from("-"), String::from("-"), String::from("-")),
		};
		println!(
			"{:<7$} {:>7} {:>10.0} {:>10} {:>22} {:>11}{}",
			name,
			puzzles,
			puzzles as f64 / times[times.len() / 2].as_secs_f64(),
			median,
			slowest,
			steps,
			verdict,
			self.width
		);
	}
}

/// Each puzzle of a file of 81-character lines in a random orientation (seeded): digits
/// relabelled, rows moved within their bands and bands among themselves, columns and stacks
/// likewise, and half of them transposed. The same puzzles to the rules; reading order meets
/// them otherwise, and its cost depends on that.
fn oriented(text: &[u8], seed: u64) -> Vec<u8> {
	let mut random = seed;
	let mut next = |n: usize| {
		random = random
			.wrapping_mul(6364136223846793005)
			.wrapping_add(1442695040888963407);
		(random >> 33) as usize % n
	};
	let shuffled = |next: &mut dyn FnMut(usize) -> usize| {
		let mut order: Vec<usize> = Vec::new();
		let mut bands = [0, 1, 2];
		for i in (1..3).rev() {
			bands.swap(i, next(i + 1));
		}
		for band in bands {
			let mut rows = [0, 1, 2];
			for i in (1..3).rev() {
				rows.swap(i, next(i + 1));
			}
			order.extend(rows.iter().map(|r| 3 * band + r));
		}
		order
	};
	let mut out = Vec::with_capacity(text.len());
	for line in text.split(|&b| b == b'\n').filter(|l| l.len() >= 81) {
		let (rows, columns) = (shuffled(&mut next), shuffled(&mut next));
		let mut digits: Vec<u8> = (b'1'..=b'9').collect();
		for i in (1..9).rev() {
			digits.swap(i, next(i + 1));
		}
		let transpose = next(2) == 1;
		for x in 0..9 {
			for y in 0..9 {
				let (u, v) = if transpose { (y, x) } else { (x, y) };
				let c = line[9 * rows[u] + columns[v]];
				out.push(match c {
					b'1'..=b'9' => digits[(c - b'1') as usize],
					_ => b'.',
				});
			}
		}
		out.push(b'\n');
	}
	out
}

/// The output is the input with blanks filled in digits, and each filled puzzle has exactly
/// one solution, itself: it breaks no rule.
fn check(input: &[u8], output: &[u8], puzzles: usize) -> Result<(), String> {
	keeps_the_rest(input, output)?;
	let (status, counts) = run(&["--count"], output);
	let ones = counts.split(|&b| b == b'\n').filter(|l| *l == b"1").count();
	if status != 0 || ones != puzzles {
		return Err(format!("{} of {} answers follow the rules", ones, puzzles));
	}
	Ok(())
}

/// Byte for byte, the output is the input but for blanks turned into digits, a byte-order mark,
/// the count line and the `end` line with what follows it.
fn keeps_the_rest(input: &[u8], output: &[u8]) -> Result<(), String> {
	let input = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
	let (mut i, mut o, mut counted) = (0, 0, false);
	while i < input.len() {
		let at_line_start = i == 0 || input[i - 1] == b'\n';
		let line_end = input[i..]
			.iter()
			.position(|&b| b == b'\n')
			.map_or(input.len(), |k| i + k + 1);
		let line = String::from_utf8_lossy(&input[i..line_end]);
		if at_line_start && line.trim().eq_ignore_ascii_case("end") && o == output.len() {
			return Ok(());
		}
		let number = !line.trim().is_empty() && line.trim().bytes().all(|b| b.is_ascii_digit());
		let echoed = output.get(o..o + line_end - i) == Some(&input[i..line_end]);
		if at_line_start && !counted && number && !echoed {
			counted = true;
			i = line_end;
			continue;
		}
		counted |= !line.trim().is_empty();
		match (input[i], output.get(o)) {
			(a, Some(&b)) if a == b => {}
			(b'.' | b'0' | b'?' | b'_' | b'*', Some(b'1'..=b'9')) => {}
			_ => return Err(format!("byte {} of the input changed", i)),
		}
		i += 1;
		o += 1;
	}
	if o == output.len() {
		Ok(())
	} else {
		Err(String::from("the output is longer than the input"))
	}
}

/// The puzzles of a file with one puzzle per line of 81 characters, if it is one.
fn lines_of_81(text: &[u8]) -> Option<Vec<[u8; 81]>> {
	let mut puzzles = Vec::new();
	for line in text.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
		let line = line.strip_suffix(b"\r").unwrap_or(line);
		if line.len() != 81 {
			return None;
		}
		let mut cells = [0; 81];
		for (cell, &c) in cells.iter_mut().zip(line) {
			*cell = match c {
				b'1'..=b'9' => c - b'0',
				b'.' | b'0' => 0,
				_ => return None,
			};
		}
		puzzles.push(cells);
	}
	Some(puzzles).filter(|p| !p.is_empty())
}

/// The best of three times to count the solutions of `puzzle` up to `limit`, and the steps.
fn timed(puzzle: &[u8; 81], limit: u32) -> (Duration, u64, u32) {
	let (mut best, mut steps, mut found) = (Duration::MAX, 0, 0);
	for _ in 0..TRIES {
		let started = Instant::now();
		found = 0;
		steps = judge::Search::solve(puzzle, &mut |_| {
			found += 1;
			found < limit
		});
		best = best.min(started.elapsed());
	}
	(best, steps, found)
}

/// The median and slowest time of a puzzle alone, counting to `limit`, and the steps (dfs
/// calls, probes, boards checked) per puzzle.
fn per_puzzle(puzzles: &[[u8; 81]], limit: u32) -> (String, String, String) {
	let mut steps = 0;
	let mut times: Vec<(Duration, usize)> = puzzles
		.iter()
		.enumerate()
		.map(|(line, puzzle)| {
			let (best, taken, _) = timed(puzzle, limit);
			steps += taken;
			(best, line + 1)
		})
		.collect();
	times.sort();
	let (slowest, line) = times[times.len() - 1];
	(
		shown(times[times.len() / 2].0),
		format!("{} (line {})", shown(slowest), line),
		format!("{:.2}", steps as f64 / puzzles.len() as f64),
	)
}

/// A time as people read it: `2.3 us`, `962.6 ms`, `1.25 s`.
fn shown(t: Duration) -> String {
	match t.as_secs_f64() {
		s if s < 1e-3 => format!("{:.1} us", s * 1e6),
		s if s < 1.0 => format!("{:.1} ms", s * 1e3),
		s => format!("{:.2} s", s),
	}
}

/// Puzzles with many solutions, as random tests make them: 2000 generated ones (`--seed 2`),
/// each with its first, middle and last given taken away.
fn many_solutions() -> Vec<u8> {
	let (_, mut text) = run(&["--generate", "2000", "--seed", "2"], b"");
	for line in text.chunks_mut(82) {
		let givens: Vec<usize> = (0..81).filter(|&i| line[i] != b'.').collect();
		for k in [0, givens.len() / 2, givens.len() - 1] {
			line[givens[k]] = b'.';
		}
	}
	text
}

/// The slowest puzzles found, with their number of solutions (2: two or more): found by climbing
/// (`--climb`) from givens at random, empty top rows and minimal puzzles, and from the hardest sets
/// in random orientations. The first three are the slowest now with none, two and one (2.9 ms, 5.5
/// ms, 7.5 ms alone, benches/README.md's: an hour against issue 58's check); the next three, the
/// slowest before it (0.48 s, 0.22 s, 3.7 ms); the next two, of the issue of hard refutations (7.3
/// s and 0.5 s while the check branched on matchings in bands only); two of the fifth fuzzing run
/// (0.1 s, no solution); the next ran for minutes before the check past the budget; the last four
/// took 10 to 100 ms while the check's weights were kept from one check to the next.
const SLOWEST: [(&str, &[u8]); 22] = [
	(
		".5.....8.....1....2......7..........5....9.4........3................6..8.374....",
		b"0",
	),
	(
		"..................................23...7...1....9.....3.......1.5.....9..1.....32",
		b"2",
	),
	(
		"..39..1..........6..21..3.....7....5..7.9..1.....317...8..2....2.......4..93..5..",
		b"1",
	),
	(
		"..7.23.9...8........16..........7.....3...2.5..4.........41.783..................",
		b"0",
	),
	(
		"...4..5..4....63..1....9...3....5...6......8.............3.1264..................",
		b"2",
	),
	(
		"..1.3.8..........4..8.6.3......5...9..56...3....8.35..7..1.......6.8.9...1......2",
		b"1",
	),
	(
		".........6......4.1.....................69321.........9....24...........3....1...",
		b"2",
	),
	(
		".........6........2.....................69.21..3......9....24.....6..........1..5",
		b"2",
	),
	(
		".8.4..7.....6.............8.2.......7..1...9..3.5..............61....5.4....3....",
		b"0",
	),
	(
		"..8...5....9..7.34...............6....2..5.....17..................8192.3........",
		b"0",
	),
	(
		".....1...6......7.1.....2...............6.921..5......9...86.....................",
		b"2",
	),
	(
		"......................................................2..876............678.2....",
		b"0",
	),
	(
		"1.7...8..2..76....4.......2.8...9..3.....2.14..3....................3..........8.",
		b"0",
	),
	(
		"4...........5...3.6....7........582.................6.5..7....8.623...........7..",
		b"0",
	),
	(
		"..1..9..3....4..9...9..3..2....8...5.....593...53..2...1..7......2..8..96.....1..",
		b"1",
	),
	(
		"..32..6.......9..2..26..5.....1...26.....71....1.6..5..4.....3.3....8.....57..2..",
		b"1",
	),
	(
		".....................................8.3......73.......1........378.......8.3....",
		b"2",
	),
	(
		"9..............................9....5.3........7......385......7.....2...........",
		b"2",
	),
	(
		"..........8........7............562.....9...1.............82..73...4...6..4..6...",
		b"2",
	),
	(
		"1.7...8..2...5..3.4...1...2.8......3.....2.14..3..........4.........3..........2.",
		b"0",
	),
	(
		"...3......9...71.....21.8...31.58...........4.............4.....7....5.16.....3..",
		b"0",
	),
	(
		"..5..87....8..79.....4...8...1.7...9.....1.78...6..1...3......5..9..68..5..2.....",
		b"1",
	),
];

impl Table {
	/// The slowest puzzles found, one at a time, each counted to two to check it.
	fn slowest(&self) {
		let puzzles: Vec<[u8; 81]> = SLOWEST
			.iter()
			.filter_map(|(p, _)| lines_of_81(p.as_bytes()))
			.flatten()
			.collect();
		let input: String = SLOWEST.iter().map(|(p, _)| format!("{}\n", p)).collect();
		let expected: Vec<u8> = SLOWEST.iter().flat_map(|(_, n)| [n[0], b'\n']).collect();
		let counted = run(&["--count", "--limit", "2"], input.as_bytes()).1 == expected;
		let (median, slowest, steps) = per_puzzle(&puzzles, 2);
		println!(
			"{:<7$} {:>7} {:>10} {:>10} {:>22} {:>11}{}",
			LABELS[2],
			puzzles.len(),
			"-",
			median,
			slowest,
			steps,
			if counted { "" } else { "   WRONG" },
			self.width
		);
	}
}

/// `--generate` for each number of solutions against qqwing's generator (proper puzzles only),
/// and what the proper puzzles look like; each puzzle's solutions counted.
fn generate() {
	println!();
	let mut proper_pace = 0.0;
	for (solutions, wanted) in [
		(1, GENERATED),
		(0, GENERATED),
		(2, GENERATED),
		(10, 100),
		(100, 10),
	] {
		let (k, n) = (solutions.to_string(), wanted.to_string());
		let started = Instant::now();
		let (status, out) = run(&["--generate", &n, "--solutions", &k, "--seed", "1"], b"");
		let pace = wanted as f64 / started.elapsed().as_secs_f64();
		let givens: Vec<usize> = out
			.split(|&b| b == b'\n')
			.filter(|l| l.len() == 81)
			.map(|l| l.iter().filter(|c| c.is_ascii_digit()).count())
			.collect();
		let limit = (solutions + 1).to_string();
		let counts = run(&["--count", "--limit", &limit], &out).1;
		let exact = counts == format!("{}\n", solutions).repeat(givens.len()).into_bytes();
		let mean = givens.iter().sum::<usize>() as f64 / givens.len().max(1) as f64;
		println!(
            "--generate {} --solutions {:<3}: {:>5.0} puzzles/s, givens mean {:.1}, min {}, max {}{}",
            n,
            k,
            pace,
            mean,
            givens.iter().min().unwrap_or(&0),
            givens.iter().max().unwrap_or(&0),
            if status == 0 && exact && givens.len() as u64 == wanted {
                ""
            } else {
                "   WRONG"
            }
        );
		if solutions == 1 {
			proper_pace = pace;
		}
	}
	let count = GENERATED.to_string();
	let started = Instant::now();
	let qqwing = std::process::Command::new("qqwing")
		.args(["--generate", &count, "--one-line"])
		.output();
	match qqwing {
		Ok(o) if o.status.success() => {
			let theirs = GENERATED as f64 / started.elapsed().as_secs_f64();
			println!(
                "qqwing --generate {} --one-line: {:.0} puzzles/s; --generate is {:.1} times as fast",
                count,
                theirs,
                proper_pace / theirs
            );
		}
		_ => println!("qqwing is not installed (Debian: apt-get install qqwing): no comparison"),
	}
}

/// For each other size and 1, 0 and 2 solutions: puzzles a second `--generate --size` makes
/// (each puzzle's solutions counted), then the command solving them with `--size`: puzzles a
/// second over the file, and each puzzle alone (the best of three), the median and slowest.
/// 25x25 (with `--long`): one proper puzzle only (a minimal one takes about a minute to make).
fn sizes(long: bool) {
	println!();
	let sizes = [(4, 300, &[1, 0, 2][..]), (16, 5, &[1, 0, 2]), (25, 1, &[1])];
	for (side, wanted, kinds) in sizes.into_iter().filter(|&(side, ..)| long || side < 25) {
		let (size, n) = (side.to_string(), wanted.to_string());
		for &solutions in kinds {
			let k = solutions.to_string();
			let started = Instant::now();
			let made = [
				"--generate",
				&n,
				"--size",
				&size,
				"--solutions",
				&k,
				"--seed",
				"1",
			];
			let (status, out) = run(&made, b"");
			let pace = wanted as f64 / started.elapsed().as_secs_f64();
			let limit = (solutions + 1).to_string();
			let counts = run(&["--size", &size, "--count", "--limit", &limit], &out).1;
			let exact =
				status == 0 && counts == format!("{}\n", solutions).repeat(wanted).into_bytes();
			let lines: Vec<&[u8]> = out
				.split(|&b| b == b'\n')
				.filter(|l| !l.is_empty())
				.collect();
			let givens = lines
				.iter()
				.map(|l| l.iter().filter(|&&c| c != b'-' && c != b'.').count());
			let mut times: Vec<Duration> = lines
				.iter()
				.map(|line| {
					(0..TRIES)
						.map(|_| {
							let started = Instant::now();
							run(&["--size", &size], line);
							started.elapsed()
						})
						.min()
						.unwrap_or_default()
				})
				.collect();
			times.sort();
			let started = Instant::now();
			run(&["--size", &size], &out);
			let millis = |t: Duration| t.as_secs_f64() * 1e3;
			println!(
                "{}x{} --generate {} --solutions {}: {:>7.1} puzzles/s ({:.2} s a puzzle), givens mean {:.1}; solved {:>7.1} puzzles/s, median {:.2} ms, slowest {:.2} ms{}",
                side,
                side,
                n,
                k,
                pace,
                1.0 / pace,
                givens.sum::<usize>() as f64 / wanted as f64,
                wanted as f64 / started.elapsed().as_secs_f64(),
                millis(times.get(times.len() / 2).copied().unwrap_or_default()),
                millis(times.last().copied().unwrap_or_default()),
                if exact { "" } else { "   WRONG" }
            );
		}
	}
}

impl Table {
	/// The time of `--check` (and `--check --smallest`) on a file and its answers, against the time
	/// of solving it: the median of five runs each.
	fn check_pace(&self, name: &str, text: &[u8]) {
		let answers = run(&[], text).1;
		let dir = std::env::temp_dir();
		let (puzzles_file, answers_file) =
			(dir.join("bench-puzzles.txt"), dir.join("bench-answers.txt"));
		if std::fs::write(&puzzles_file, text)
			.and(std::fs::write(&answers_file, &answers))
			.is_err()
		{
			let width = self.width;
			return println!("{name:<width$} no temporary files in {}", dir.display());
		}
		let (p, a) = (
			puzzles_file.to_string_lossy(),
			answers_file.to_string_lossy(),
		);
		let median = |args: &[&str], input: &[u8]| {
			let mut times: Vec<Duration> = (0..RUNS)
				.map(|_| {
					let one = Instant::now();
					let (status, _) = run(args, input);
					if status == 0 {
						one.elapsed()
					} else {
						Duration::MAX
					}
				})
				.collect();
			times.sort();
			times[RUNS / 2].as_secs_f64()
		};
		let solving = median(&[], text);
		let checking = median(&["--check", &p, &a], b"");
		let smallest = median(&["--check", "--smallest", &p, &a], b"");
		println!(
			"{:<3$} --check {:.2} times the time of solving, --check --smallest {:.2}",
			name,
			checking / solving,
			smallest / solving,
			self.width
		);
	}
}

/// Digit `d` (1 to 9) breaks no rule at `p` of `grid`.
fn fits(grid: &[u8; 81], p: usize, d: u8) -> bool {
	(0..81).all(|q| {
		let peer = q / 9 == p / 9 || q % 9 == p % 9 || (q / 27, q % 9 / 3) == (p / 27, p % 9 / 3);
		q == p || !peer || grid[q] != d
	})
}

/// `grid` relabelled, its rows and columns moved within bands and stacks, bands and stacks
/// moved, and transposed half the time: the same puzzle to the rules.
fn reoriented(grid: &[u8; 81], random: &mut Random) -> [u8; 81] {
	let order = |random: &mut Random| {
		let mut bands = [0, 1, 2];
		random.shuffle(&mut bands);
		let mut lines = Vec::new();
		for band in bands {
			let mut rows = [0, 1, 2];
			random.shuffle(&mut rows);
			lines.extend(rows.iter().map(|r| 3 * band + r));
		}
		lines
	};
	let (rows, columns) = (order(random), order(random));
	let mut digits = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
	random.shuffle(&mut digits[1..]);
	let transpose = random.below(2) == 1;
	let mut out = [0; 81];
	for (p, square) in out.iter_mut().enumerate() {
		let (x, y) = if transpose {
			(p % 9, p / 9)
		} else {
			(p / 9, p % 9)
		};
		*square = digits[grid[9 * rows[x] + columns[y]] as usize];
	}
	out
}

/// A start for the climb: one of four kinds, in turn.
fn start(kind: usize, random: &mut Random) -> [u8; 81] {
	let mut grid = [0; 81];
	match kind % 4 {
		0 => {
			// Givens at random, clashing with none.
			for _ in 0..8 + random.below(20) {
				let (p, d) = (random.below(81), 1 + random.below(9) as u8);
				if fits(&grid, p, d) {
					grid[p] = d;
				}
			}
		}
		1 | 2 => {
			// A solved grid, then its givens below empty top rows, or a minimal puzzle.
			judge::Search::solve(&reoriented(&grid, random), &mut |solved| {
				grid = *solved;
				false
			});
			grid = reoriented(&grid, random);
			let mut order: Vec<usize> = (0..81).collect();
			random.shuffle(&mut order);
			if kind % 4 == 1 {
				let top = 9 * (2 + random.below(4));
				for (k, &p) in order.iter().enumerate() {
					if p < top || k > 14 + random.below(17) {
						grid[p] = 0;
					}
				}
			} else {
				for p in order {
					let given = std::mem::replace(&mut grid[p], 0);
					if timed(&grid, 2).2 > 1 {
						grid[p] = given;
					}
				}
				for _ in 0..random.below(4) {
					grid[random.below(81)] = 0;
				}
			}
		}
		_ => {
			let (puzzle, _) = SLOWEST[random.below(SLOWEST.len())];
			grid = reoriented(
				&lines_of_81(puzzle.as_bytes()).expect("81 squares")[0],
				random,
			);
		}
	}
	grid
}

/// Climbs for `time` towards the slowest puzzles to count to two, and prints them.
fn climb(time: Duration) {
	let (mut random, started) = (Random(time.as_secs()), Instant::now());
	let mut slowest: [(Duration, u64, [u8; 81]); 3] = [(Duration::ZERO, 0, [0; 81]); 3];
	let mut kind = 0;
	while started.elapsed() < time {
		let mut grid = start(kind, &mut random);
		kind += 1;
		let (mut best, _, found) = timed(&grid, 2);
		for _ in 0..200 {
			let mut next = grid;
			if random.below(10) == 0 {
				next = reoriented(&grid, &mut random);
			} else {
				let (p, d) = (random.below(81), 1 + random.below(9) as u8);
				next[p] = if next[p] != 0 && random.below(2) == 0 {
					0
				} else {
					d
				};
				if next[p] != 0 && !fits(&next, p, d) {
					continue;
				}
			}
			let (time, _, class) = timed(&next, 2);
			if class == found && time > best {
				(grid, best) = (next, time);
			}
		}
		let (time, steps, found) = timed(&grid, 2);
		let old = &mut slowest[found as usize];
		if time > old.0 {
			*old = (time, steps, grid);
		}
	}
	for (solutions, (time, steps, grid)) in slowest.iter().enumerate() {
		let line: String = grid
			.iter()
			.map(|&d| if d == 0 { '.' } else { (b'0' + d) as char })
			.collect();
		let of = ["no solution", "one solution", "two or more"][solutions];
		let ms = time.as_secs_f64() * 1e3;
		println!("{:<13} {:>8.3} ms {:>7} steps  {}", of, ms, steps, line);
	}
}
