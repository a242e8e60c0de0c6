//! --generate: random solved grids, givens taken away while the solutions asked for stay.

use super::cores::{with_workers, Ahead};
use super::every_size::Verdict;
use super::explain::rating;
use super::inputs::{fail, finish, output_failed};
use super::progress::{Progress, Tried};
use super::random::Random;
use super::rules::{box_side, broken_rule, symbol, units_of};
use super::search::{cdcl, nine, solutions};
use std::collections::HashSet;
use std::io::{self, Write};
use std::mem::replace;
use std::sync::Arc;

pub(crate) fn clock_seed() -> u64 {
	let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
	now.map_or(0, |t| t.as_secs() ^ u64::from(t.subsec_nanos()) << 32)
}

/// What to make: puzzles of a side with so many solutions (0: givens that break no rule and have
/// none), of a level if one is given (as --rate says, 9x9 only).
#[derive(Clone)]
pub(crate) struct Wanted {
	pub(crate) puzzles: u64,
	pub(crate) side: usize,
	pub(crate) solutions: u64,
	pub(crate) level: Option<usize>,
}

/// Draws in a row that may give no new puzzle before the generator stops: what is asked cannot
/// be made (a 4x4 puzzle with 11 solutions), or no more of it (a second 1x1 puzzle).
pub(crate) const TRIES: u64 = 10_000;

/// Writes the puzzles wanted, `jobs` draws at a time; the exit status: 2 if fewer could be made
/// (said), or if the output fails.
pub(crate) fn generate(
	wanted: &Wanted,
	seed: u64,
	jobs: usize,
	(out, err): (&mut dyn Write, &mut dyn Write),
	progress: &Progress,
) -> i32 {
	progress.wanted(wanted.puzzles);
	match made(wanted, seed, jobs, out, progress) {
		Ok(made) if made == wanted.puzzles => finish(out, err, 0),
		Ok(made) => {
			let (asked, tries) = (wanted.puzzles, TRIES);
			let why = format!(
                "sudoku: {made} of the {asked} puzzles asked for: none new in {tries} draws in a row\n"
            );
			finish(out, err, 2).max(fail(err, why))
		}
		Err(e) => output_failed(err, e, 0),
	}
}

/// Writes the puzzles wanted, minimal for their number of solutions, all different, one line each, or fewer if `TRIES` draws in a row give
/// none; the number written. Draw k has a generator of its own, seeded with the kth number of
/// the seed's: the puzzles are the same for any number of jobs. Puzzles made are remembered by
/// a fingerprint of 8 bytes: a rare repeat of a fingerprint only skips a puzzle.
fn made(
	wanted: &Wanted,
	seed: u64,
	jobs: usize,
	out: &mut dyn Write,
	progress: &Progress,
) -> io::Result<u64> {
	let asked = wanted.clone();
	// Each draw tells its own count of givens tried, for the progress line.
	let work = move |(seed, told): (u64, Arc<Tried>), found: &mut dyn FnMut(_) -> bool| {
		found(draw(&asked, &mut Random(seed), &mut |tried, of| {
			told.set(tried, of)
		}));
	};
	with_workers((jobs, 1), Arc::new(work), |workers| {
		let (mut seeds, mut made, mut tries) = (Random(seed), HashSet::new(), 0);
		// Many draws ahead: a draw ten times slower than most holds up one worker, not both.
		let mut ahead = Ahead::new(workers, 16);
		while (made.len() as u64) < wanted.puzzles && tries < TRIES {
			let told = Arc::new(Tried::default());
			ahead.push((told.clone(), workers.hand((seeds.next_u64(), told))), 0);
			let Some((told, draw)) = ahead.due() else {
				continue;
			};
			progress.waiting_on(told);
			tries += 1;
			let mut drawn = None;
			draw.take(&mut |puzzle| {
				drawn = puzzle;
				false
			});
			let puzzle = match drawn {
				Some(puzzle) if made.insert(fingerprint(&puzzle)) => puzzle,
				_ => continue,
			};
			let mut text: Vec<u8> = puzzle
				.iter()
				.map(|&v| symbol(wanted.side, v) as u8)
				.collect();
			text.push(b'\n');
			out.write_all(&text)?;
			progress.one_more();
			tries = 0;
		}
		Ok(made.len() as u64)
	})
}

/// One draw: a puzzle with the solutions wanted, of the level wanted if one is; `tried` hears
/// how many givens it has tried to take away, of how many.
fn draw(
	wanted: &Wanted,
	random: &mut Random,
	tried: &mut dyn FnMut(usize, usize),
) -> Option<Vec<u8>> {
	let puzzle = with_solutions(wanted.side, wanted.solutions, random, tried)?;
	let level = |puzzle: &[u8]| rating(&nine(puzzle)).map(|(at, _)| at);
	match wanted.level {
		Some(at) if level(&puzzle) != Some(at) => None,
		_ => Some(puzzle),
	}
}

/// 64 bits that tell puzzles apart (splitmix64 over the squares, eight at a time).
fn fingerprint(puzzle: &[u8]) -> u64 {
	let mut hash = Random(puzzle.len() as u64);
	for eight in puzzle.chunks(8) {
		let word = eight
			.iter()
			.fold(0, |word, &given| word << 8 | u64::from(given));
		hash.0 ^= hash.next_u64() ^ word;
	}
	hash.next_u64()
}

/// A solved grid drawn at random: the diagonal boxes shuffled (they share no row or column),
/// then square by square, the one with the fewest symbols left first, each trying its symbols
/// in a random order; drawn again if that takes more than `side * side * 8` tries (a rare dead
/// end deep down). Every solved grid can come, and every symbol is as likely as any other at
/// every square (a relabelling of the symbols draws each grid's relabelling as often).
fn solved_grid(side: usize, random: &mut Random) -> Vec<u8> {
	loop {
		let (n, mut grid) = (box_side(side), vec![0; side * side]);
		for k in 0..n {
			let mut symbols: Vec<u8> = (1..=side as u8).collect();
			random.shuffle(&mut symbols);
			for (j, &symbol) in symbols.iter().enumerate() {
				grid[side * (n * k + j / n) + n * k + j % n] = symbol;
			}
		}
		// The symbols used (bit v) in each row, column and box.
		let mut used = vec![0u32; 3 * side];
		for (p, &v) in grid.iter().enumerate().filter(|&(_, &v)| v != 0) {
			for unit in units_of(side, p) {
				used[unit] |= 1 << v;
			}
		}
		if fill(side, &mut grid, &mut used, random, &mut (side * side * 8)) {
			return grid;
		}
	}
}

/// Fills the empty squares, the one with the fewest symbols left first, each trying its symbols
/// in a random order, `tries` at most; false at a dead end, or when the tries are spent.
fn fill(
	side: usize,
	grid: &mut [u8],
	used: &mut [u32],
	random: &mut Random,
	tries: &mut usize,
) -> bool {
	let free = |p: usize, used: &[u32]| {
		let taken = units_of(side, p)
			.iter()
			.fold(0, |taken, &unit| taken | used[unit]);
		!taken & ((2 << side) - 2)
	};
	let empty = (0..side * side).filter(|&p| grid[p] == 0);
	let fewest = empty.min_by_key(|&p| free(p, used).count_ones());
	let p = match fewest {
		None => return true,
		Some(p) => p,
	};
	let (mut symbols, left) = ((1..=side as u8).collect::<Vec<_>>(), free(p, used));
	random.shuffle(&mut symbols);
	let units = units_of(side, p);
	for v in symbols.into_iter().filter(|&v| left >> v & 1 != 0) {
		if *tries == 0 {
			return false;
		}
		*tries -= 1;
		grid[p] = v;
		units.iter().for_each(|&unit| used[unit] |= 1 << v);
		if fill(side, grid, used, random, tries) {
			return true;
		}
		units.iter().for_each(|&unit| used[unit] &= !(1 << v));
	}
	grid[p] = 0;
	false
}

/// A minimal puzzle, a symbol that breaks no rule put in an empty square at random again and
/// again (each keeps it solvable, or leaves it none: then it is done); none if it fills up.
fn unsolvable_puzzle(
	side: usize,
	random: &mut Random,
	tried: &mut dyn FnMut(usize, usize),
) -> Option<Vec<u8>> {
	let mut puzzle = with_solutions(side, 1, random, tried)?;
	loop {
		let (p, v) = (random.below(side * side), 1 + random.below(side) as u8);
		if !puzzle.contains(&0) {
			return None;
		} else if puzzle[p] == 0 {
			puzzle[p] = v;
			if broken_rule(side, &puzzle).is_some() {
				puzzle[p] = 0;
			} else if solutions(side, &puzzle, 1) == 0 {
				return Some(puzzle);
			}
		}
	}
}

/// A puzzle with `wanted` solutions, minimal for that number: a random solved grid (for none,
/// an unsolvable puzzle), its givens taken away in a random order, each kept if taking it away
/// would make more than `wanted`; none if that ends with fewer. `tried` hears how many givens
/// are tried, of how many.
fn with_solutions(
	side: usize,
	wanted: u64,
	random: &mut Random,
	tried: &mut dyn FnMut(usize, usize),
) -> Option<Vec<u8>> {
	let mut grid = match wanted {
		0 => unsolvable_puzzle(side, random, tried)?,
		_ => solved_grid(side, random),
	};
	let mut order: Vec<usize> = (0..side * side).collect();
	random.shuffle(&mut order);
	order.retain(|&p| grid[p] != 0);
	let keep = |side, grid: &[u8]| solutions(side, grid, wanted + 1) > wanted;
	match (wanted, side) {
		(1, 1 | 4 | 16 | 25) => proper(side, &mut grid, &order, tried),
		_ => {
			for (i, &p) in order.iter().enumerate() {
				let given = replace(&mut grid[p], 0);
				if keep(side, &grid) {
					grid[p] = given;
				}
				tried(i + 1, order.len());
			}
		}
	}
	Some(grid).filter(|grid| wanted == 1 || solutions(side, grid, wanted + 1) == wanted)
}

/// Tries in a row that share one check below 25x25: the more assumptions, the longer what it
/// learns (the notebook has one check for all of a grid's tries).
const SHARED: usize = 32;

/// Takes the givens of `grid`, a solved grid, away in `order`, each kept if the puzzle without
/// it has another solution; `tried` hears how many are tried, of how many. Which stay is a fact
/// about the grid: the checks asked change the time, never the puzzle.
pub fn proper(side: usize, grid: &mut [u8], order: &[usize], tried: &mut dyn FnMut(usize, usize)) {
	let solution = grid.to_vec();
	let var = |p: usize| side * p + solution[p] as usize - 1;
	if side == 25 {
		// Each try a long search, slower under assumptions: a check afresh, its unit clauses
		// the givens left and another symbol at the square (the puzzle with the given has one
		// solution, so another differs there), the solution its phases: the search starts near it.
		for (i, &p) in order.iter().enumerate() {
			grid[p] = 0;
			let mut cdcl = cdcl(side, grid);
			cdcl.phases(&solution);
			cdcl.unit(var(p), false);
			if matches!(cdcl.solve(), Verdict::Sat(_)) {
				grid[p] = solution[p];
			}
			tried(i + 1, order.len());
		}
		return;
	}
	for (k, chunk) in order.chunks(SHARED).enumerate() {
		// The chunk's check: the grid blocked, the givens after it unit clauses, the givens not yet
		// tried assumptions, the last first. A given taken away is not assumed again; a given
		// kept becomes a unit clause, back at level 0, and the rest are assumed again. The
		// assumptions are decisions, so every clause learnt follows from the clauses alone and
		// holds for the tries after.
		let mut givens = grid.to_vec();
		chunk.iter().for_each(|&p| givens[p] = 0);
		let mut cdcl = cdcl(side, &givens);
		cdcl.block(&solution);
		let mut assumed = 0; // the levels standing: the givens of `chunk`, back from its end
		for (i, &p) in chunk.iter().enumerate() {
			let untried = &chunk[i + 1..];
			assumed = assumed.min(untried.len());
			cdcl.backjump(assumed);
			while assumed < untried.len() && cdcl.assume(var(untried[untried.len() - 1 - assumed]))
			{
				assumed += 1;
			}
			match assumed == untried.len() && matches!(cdcl.solve(), Verdict::Sat(_)) {
				true => cdcl.unit(var(p), true),
				false => grid[p] = 0,
			}
			assumed = assumed.min(cdcl.level());
			tried(SHARED * k + i + 1, order.len());
		}
	}
}
