//! The check of `src/every_size.rs`, its CDCL (conflict-driven clause learning), against the
//! test's own plain search, on seeded boards (4x4, sparse 9x9, 16x16): every clause it learns
//! holds in every solution; going back to a level leaves the board a fresh check builds from the
//! same decisions; a board it finds no solution for has none, and a solution it finds is one.
//! (The command's --check, which judges answers, is tests/check_answers.rs.)

use crate::common::sized::{count, free, one_line, smallest, solved};
use crate::common::{run, Random};
use sudoku::every_size::{Cdcl, Verdict, DONE};

/// Up to `limit` solutions of `grid` (0 a blank, else symbol + 1), plainly: the empty square
/// with fewest symbols free, each symbol in turn.
fn solutions(side: usize, grid: &mut Vec<u8>, limit: usize, found: &mut Vec<Vec<u8>>) {
	let blanks = (0..side * side).filter(|&p| grid[p] == 0);
	let fewest = blanks.min_by_key(|&p| free(side, grid, p).count_ones());
	let p = match fewest {
		None => return found.push(grid.clone()),
		Some(p) => p,
	};
	for v in 1..=side as u8 {
		if free(side, grid, p) >> v & 1 != 0 && found.len() < limit {
			grid[p] = v;
			solutions(side, grid, limit, found);
			grid[p] = 0;
		}
	}
}

/// A board of about `percent` % of a random solved grid's squares: it has a solution.
fn random_board<const S: usize>(percent: usize, rng: &mut Random) -> Vec<u8> {
	loop {
		let mut grid = vec![0; S * S];
		for _ in 0..S {
			let p = rng.below(S * S);
			let symbols: Vec<u8> = (1..=S as u8)
				.filter(|&v| grid[p] == 0 && free(S, &grid, p) >> v & 1 != 0)
				.collect();
			if !symbols.is_empty() {
				grid[p] = symbols[rng.below(symbols.len())];
			}
		}
		if let Verdict::Sat(mut model) = Cdcl::<S>::new(&grid).solve() {
			model
				.iter_mut()
				.for_each(|v| *v *= (rng.below(100) < percent) as u8);
			return model;
		}
	}
}

/// A literal: symbol v (from 1) at square p holds, or not.
type Literal = (usize, u8, bool);

/// The clauses in the check's arena (length, LBD, literals `2 * var + holds`): each one's LBD
/// (0: not learnt) and literals, each as (square, symbol + 1, holds).
fn clauses<const S: usize>(check: &Cdcl<S>) -> Vec<(u32, Vec<Literal>)> {
	let (arena, mut c, mut all) = (&check.arena, 0, Vec::new());
	while c < arena.len() {
		let length = arena[c] as usize;
		let literal = |&lit: &u32| {
			let v = lit as usize / 2;
			(v / S, (v % S) as u8 + 1, lit & 1 == 1)
		};
		all.push((
			arena[c + 1],
			arena[c + 2..c + 2 + length].iter().map(literal).collect(),
		));
		c += 2 + length;
	}
	all
}

/// A random var the board still allows (symbol d at square p: `S * p + d`), if any.
fn open_var<const S: usize>(check: &Cdcl<S>, rng: &mut Random) -> Option<usize> {
	let open: Vec<usize> = (0..S * S * S)
		.filter(|&v| check.board.rules[v / S] >> (v % S) & 1 != 0)
		.filter(|&v| check.board.rules[v / S] & DONE == 0)
		.collect();
	(!open.is_empty()).then(|| open[rng.below(open.len())])
}

/// The board with the first `count` of `decisions` placed too.
fn with(mut givens: Vec<u8>, decisions: &[usize], count: usize, side: usize) -> Vec<u8> {
	for &v in &decisions[..count] {
		givens[v / side] = (v % side) as u8 + 1;
	}
	givens
}

/// On each board: random decisions, then the check's search; its verdict against the plain
/// search, and every clause it holds (learnt, or a given) against the board's solutions (with
/// the decisions it made units, if any). The clauses learnt in all.
fn learns_only_what_holds<const S: usize>(boards: usize, percent: usize, seed: u64) -> usize {
	let (mut rng, mut learnt) = (Random(seed), 0);
	for _ in 0..boards {
		let board = random_board::<S>(percent, &mut rng);
		let mut check = Cdcl::<S>::new(&board);
		let mut decisions = Vec::new();
		for _ in 0..rng.below(4 * S) {
			match open_var(&check, &mut rng) {
				Some(v) if check.assume(v) => decisions.push(v),
				_ => {
					check.backjump(decisions.len()); // a conflict's level undone
					break;
				}
			}
		}
		let units = match rng.below(3) {
			0 if check.commit(decisions.len() / 2).is_ok() => decisions.len() / 2,
			0 => continue,
			_ => 0,
		};
		let before = with(board.clone(), &decisions, units, S);
		let (mut blocked, mut all_found): (Vec<Vec<u8>>, bool) = (Vec::new(), false);
		match check.solve() {
			Verdict::Sat(model) => {
				let all = with(before.clone(), &decisions, decisions.len(), S);
				assert!((0..S * S).all(|p| all[p] == 0 || all[p] == model[p]));
				// The next solutions, each blocked once found: searches that learn more.
				let mut model = Some(model);
				while let Some(solution) = model.take().filter(|_| blocked.len() < 8) {
					let valid = |p: usize| free(S, &solution, p) >> solution[p] & 1 != 0;
					assert!((0..S * S).all(valid), "not a solution: {solution:?}");
					assert!((0..S * S).all(|p| before[p] == 0 || before[p] == solution[p]));
					assert!(!blocked.contains(&solution), "found twice: {solution:?}");
					check.block(&solution);
					blocked.push(solution);
					match check.solve() {
						Verdict::Sat(next) => model = Some(next),
						Verdict::Unsat(_) => all_found = true,
					}
				}
			}
			Verdict::Unsat(level) => {
				let mut dead = with(before.clone(), &decisions, units + level, S);
				assert_eq!(
					count(S, &mut dead, 1),
					0,
					"{board:?}, {decisions:?} to {level}"
				);
			}
		}
		let mut found = Vec::new();
		solutions(S, &mut before.clone(), 30, &mut found);
		let clauses = clauses(&check);
		learnt += clauses.iter().filter(|(lbd, _)| *lbd > 0).count();
		if all_found {
			assert!(
				found.iter().all(|solution| blocked.contains(solution)),
				"{board:?}"
			);
		}
		for (_, clause) in &clauses {
			for solution in found.iter().filter(|&solution| !blocked.contains(solution)) {
				let true_in = |&(p, v, holds): &Literal| (solution[p] == v) == holds;
				assert!(
					clause.iter().any(true_in),
					"{clause:?} false in {solution:?}"
				);
			}
		}
	}
	learnt
}

#[test]
fn every_clause_learnt_holds_in_every_solution_and_each_verdict_is_right() {
	// Each size learns: the clauses checked are not none.
	assert!(learns_only_what_holds::<4>(300, 25, 1) > 100);
	assert!(learns_only_what_holds::<9>(200, 25, 2) > 500);
	assert!(learns_only_what_holds::<16>(6, 50, 3) > 10);
}

/// Random decisions and backjumps; after each backjump, the board is a fresh check's with the
/// same decisions kept.
fn backjumps_to_fresh_boards<const S: usize>(boards: usize, percent: usize, seed: u64) {
	let mut rng = Random(seed);
	for _ in 0..boards {
		let board = random_board::<S>(percent, &mut rng);
		let mut check = Cdcl::<S>::new(&board);
		let mut decisions = Vec::new();
		for _ in 0..6 * S {
			if rng.below(3) == 0 || check.level() > decisions.len() {
				let level = rng.below(decisions.len() + 1);
				check.backjump(level);
				decisions.truncate(level);
				let mut fresh = Cdcl::<S>::new(&board);
				assert!(
					decisions.iter().all(|&v| fresh.assume(v)),
					"{board:?} {decisions:?}"
				);
				assert!(
					fresh.board.rules == check.board.rules,
					"{board:?} {decisions:?}"
				);
			} else if let Some(v) = open_var(&check, &mut rng) {
				if check.assume(v) {
					decisions.push(v);
				}
			}
		}
	}
}

#[test]
fn going_back_to_a_level_leaves_the_board_a_fresh_check_builds() {
	backjumps_to_fresh_boards::<4>(100, 20, 4);
	backjumps_to_fresh_boards::<9>(40, 20, 5);
	backjumps_to_fresh_boards::<16>(6, 25, 6);
}

/// The judge file built with a restart every few conflicts, a tiny arena, room for a few learnt
/// clauses, the check asked after two steps and every search long after one conflict, so that
/// restarts, forgetting, the path decided again and made units happen all the time; its answers
/// against the plain search on seeded puzzles of sides 4, 9 and 16 (none, one and several
/// solutions; the sparse 9x9 make searches long, and the 9x9 with their top three rows empty
/// meet dead ends many placements below a choice, where the level a check is built anew at
/// matters).
#[test]
fn restarts_and_forgetting_at_every_turn_keep_every_answer() {
	let source = std::fs::read_to_string("src/every_size.rs").expect("the judge file");
	let mut variant = source.clone();
	let small = [
		("LUBY_UNIT: u64 = ", "2"),
		("KEPT: usize = ", "1 << 8"),
		("LEARNT: usize = ", "8"),
		("BUDGET: u64 = ", "2"),
		("LONG_SEARCH: u64 = ", "1"),
	];
	for (constant, small) in small {
		let at = variant.find(constant).expect("the constant") + constant.len();
		let end = at + variant[at..].find(';').expect("its end");
		variant.replace_range(at..end, small);
	}
	assert_ne!(variant, source);
	let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
	std::fs::write(dir.join("every_size_restarts.rs"), variant).expect("written");
	let built = std::process::Command::new("rustc")
		.args(["--edition", "2021", "every_size_restarts.rs"])
		.current_dir(dir)
		.output()
		.expect("rustc runs");
	let said = String::from_utf8_lossy(&built.stderr);
	assert!(built.status.success() && said.is_empty(), "{said}");
	let mut rng = Random(52);
	for (side, puzzles, blanks, top) in [
		(4, 100, 12, 0),
		(9, 40, 60, 0),
		(9, 40, 150, 0),
		(16, 8, 150, 0),
		(9, 40, 60, 3),
	] {
		let (mut input, mut expected) = (String::new(), String::new());
		for _ in 0..puzzles {
			let mut grid = solved(side, &mut rng);
			for _ in 0..blanks {
				grid[rng.below(side * side)] = 0;
			}
			grid[..side * top].fill(0);
			if rng.below(4) == 0 {
				grid[rng.below(side * side)] = 1 + rng.below(side) as u8;
			}
			let answer = smallest(side, &grid);
			input += &format!("{}\n", one_line(side, &grid));
			expected += &format!("{}\n", one_line(side, answer.as_ref().unwrap_or(&grid)));
		}
		let run = run(&dir.join("every_size_restarts"), &[], input.as_bytes());
		assert_eq!(
			run.stdout(),
			expected,
			"side {side}, blanks {blanks}, top rows {top}"
		);
	}
}
