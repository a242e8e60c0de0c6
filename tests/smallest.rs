//! The classic's answer: on puzzles with several solutions the program writes the smallest (what
//! the classic row-major dfs(x, y) finds first), and `--all` writes them in the classic's order.
//! The oracle is the classic itself, written plainly here, with a cap on its nodes.

use crate::common;

use common::{cells, judge, line, solved_grid, sudoku, units_of, Random};

/// The classic AcWing search: squares in reading order, digits 1 to 9; calls `found` with each
/// solution in turn until it returns false. None if it gave up at the cap. `held` counts each
/// digit in each unit (`units_of`), so that a digit is allowed where the three counts are 0.
fn classic(
	grid: &mut [u8; 81],
	held: &mut [[u8; 10]; 27],
	p: usize,
	nodes: &mut u64,
	found: &mut dyn FnMut(&[u8; 81]) -> bool,
) -> Option<bool> {
	if p == 81 {
		return Some(!found(grid));
	}
	if grid[p] != 0 {
		return classic(grid, held, p + 1, nodes, found);
	}
	*nodes += 1;
	if *nodes > 100_000 {
		return None;
	}
	let units = units_of(p);
	for d in 1..=9 {
		if units.iter().all(|&u| held[u][d] == 0) {
			grid[p] = d as u8;
			units.iter().for_each(|&u| held[u][d] += 1);
			let stop = classic(grid, held, p + 1, nodes, found);
			units.iter().for_each(|&u| held[u][d] -= 1);
			grid[p] = 0;
			if stop != Some(false) {
				return stop;
			}
		}
	}
	Some(false)
}

/// The classic's first `limit` solutions of `puzzle`, None if it gave up.
fn classic_solutions(puzzle: &[u8; 81], limit: usize) -> Option<Vec<String>> {
	let mut solutions = Vec::new();
	let mut grid = *puzzle;
	let mut held = [[0; 10]; 27];
	for p in (0..81).filter(|&p| grid[p] != 0) {
		units_of(p)
			.iter()
			.for_each(|&u| held[u][grid[p] as usize] += 1);
	}
	classic(&mut grid, &mut held, 0, &mut 0, &mut |g| {
		solutions.push(line(g));
		solutions.len() < limit
	})?;
	Some(solutions)
}

/// Puzzles with several solutions: solved grids with many squares emptied, or with a few givens.
fn open_puzzles(rng: &mut Random, count: usize, givens: &[usize]) -> Vec<[u8; 81]> {
	let mut puzzles = vec![[0; 81]]; // the empty grid
	let mut one = [0; 81];
	one[40] = 5;
	puzzles.push(one);
	while puzzles.len() < count {
		let mut grid = solved_grid(rng);
		let mut order: Vec<usize> = (0..81).collect();
		rng.shuffle(&mut order);
		let keep = givens[rng.below(givens.len())];
		for &p in &order[keep..] {
			grid[p] = 0;
		}
		puzzles.push(grid);
	}
	puzzles
}

#[test]
fn the_empty_grid_gives_the_classic_answer() {
	let run = judge(format!("{}\n", ".".repeat(81)).as_bytes());
	assert_eq!(
		run.stdout(),
		"123456789456789123789123456214365897365897214897214365531642978642978531978531642\n"
	);
}

#[test]
fn every_puzzle_gets_the_classic_first_solution() {
	let mut rng = Random(2239);
	let mut input = String::new();
	let mut expected = String::new();
	let mut checked = 0;
	for puzzle in open_puzzles(&mut rng, 400, &[3, 8, 16, 20, 24, 28]) {
		// Puzzles the classic gives up on are left out, not guessed at.
		if let Some(solutions) = classic_solutions(&puzzle, 1) {
			input += &format!("{}\n", line(&puzzle));
			expected += &format!(
				"{}\n",
				solutions.first().map_or(line(&puzzle), String::clone)
			);
			checked += 1;
		}
	}
	let run = judge(input.as_bytes());
	assert_eq!(run.status, 0, "{}", run.stderr);
	for (k, (got, want)) in run.stdout().lines().zip(expected.lines()).enumerate() {
		assert_eq!(
			got,
			want,
			"puzzle {}: {}",
			k + 1,
			input.lines().nth(k).unwrap_or("")
		);
	}
	assert_eq!(run.stdout(), expected);
	assert!(checked >= 300, "only {} puzzles checked", checked);
}

#[test]
fn all_writes_the_solutions_in_the_classic_order() {
	let mut rng = Random(989);
	let (mut input, mut expected) = (String::new(), Vec::new());
	for puzzle in open_puzzles(&mut rng, 200, &[26, 28, 30, 32])
		.into_iter()
		.skip(2)
	{
		// Puzzles with more than 50 solutions are left out: --all would write them all.
		let solutions = match classic_solutions(&puzzle, 51) {
			Some(s) if s.len() <= 50 => s,
			_ => continue,
		};
		input += &format!("{}\n", line(&puzzle));
		expected.push(solutions);
	}
	// One run for them all: each puzzle's solutions, all of them, one after the other.
	let run = sudoku(&["--all"], input.as_bytes());
	assert_eq!(run.status, 0, "{}", run.stderr);
	let stdout = run.stdout();
	let mut got = stdout.lines();
	for (puzzle, solutions) in input.lines().zip(&expected) {
		let some: Vec<&str> = got.by_ref().take(solutions.len()).collect();
		assert_eq!(some, *solutions, "{}", puzzle);
	}
	assert_eq!(got.next(), None, "no more solutions than the classic's");
	assert!(
		expected.len() >= 60,
		"only {} puzzles checked",
		expected.len()
	);
}

#[test]
fn a_puzzle_made_smaller_keeps_answering_smallest_first() {
	// A unique puzzle loses givens one by one: each step widens the set of solutions, and the
	// answer must be the classic's at every step.
	let mut rng = Random(37);
	let puzzle = cells(common::PUZZLE);
	let mut grid = puzzle;
	let mut order: Vec<usize> = (0..81).filter(|&p| puzzle[p] != 0).collect();
	rng.shuffle(&mut order);
	let mut input = String::new();
	let mut expected = String::new();
	for &p in order.iter().take(12) {
		grid[p] = 0;
		let first = classic_solutions(&grid, 1).expect("the classic is quick here");
		input += &format!("{}\n", line(&grid));
		expected += &format!("{}\n", first[0]);
	}
	let run = judge(input.as_bytes());
	assert_eq!((run.status, run.stdout()), (0, expected));
}
