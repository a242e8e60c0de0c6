//! The searches the tools ask for, of any side: each by its judge file's engine (src/main.rs's
//! at 9x9, src/every_size.rs's at the others), and the grids they find.

use super::every_size::{self, Verdict};
use super::judge;

/// A grid's squares, each a symbol's number from 1 (0 a blank): a 9x9 grid's held in place (no
/// allocation a puzzle), another's on the heap.
pub(crate) enum Grid {
	Nine([u8; 81]),
	Other(Vec<u8>),
}

impl From<&[u8]> for Grid {
	fn from(squares: &[u8]) -> Grid {
		match squares.try_into() {
			Ok(nine) => Grid::Nine(nine),
			Err(_) => Grid::Other(squares.to_vec()),
		}
	}
}

impl std::ops::Deref for Grid {
	type Target = [u8];

	fn deref(&self) -> &[u8] {
		match self {
			Grid::Nine(nine) => nine,
			Grid::Other(squares) => squares,
		}
	}
}

/// A 9x9 puzzle's squares, as the judge program holds them.
pub(crate) fn nine(squares: &[u8]) -> [u8; 81] {
	let mut nine = [0; 81];
	nine.copy_from_slice(squares);
	nine
}

/// The smallest solution of `givens` (a side's squares), the classic's, if it has one.
pub(crate) fn smallest<G: for<'g> From<&'g [u8]>>(side: usize, givens: &[u8]) -> Option<G> {
	let mut smallest = None;
	solve(side, givens, &mut |grid| {
		smallest = Some(G::from(grid));
		false
	});
	smallest
}

/// Calls `found` with each solution of `givens` (a side's squares), smallest first, while it
/// says go on: the search of the judge file of that side.
pub(crate) fn solve(side: usize, givens: &[u8], found: &mut dyn FnMut(&[u8]) -> bool) {
	match side {
		9 => {
			let givens = givens.try_into().expect("a 9x9 grid");
			judge::Search::solve(givens, &mut |grid| found(grid));
		}
		_ => every_size::solve(side, givens, found),
	}
}

/// The solutions of `givens`, counted up to `limit`: in the classic's order up to 9x9 or for
/// many, else as src/every_size.rs's CDCL finds them, each left out of the next search.
pub(crate) fn solutions(side: usize, givens: &[u8], limit: u64) -> u64 {
	match side {
		_ if side <= 9 || limit > EXCLUDED => {
			let mut found = 0;
			solve(side, givens, &mut |_| {
				found += 1;
				found < limit
			});
			found
		}
		_ => excluding(side, givens, limit),
	}
}

/// The most solutions counted by leaving each out of the next search (each makes the search
/// larger by a clause as long as the puzzle's blanks).
const EXCLUDED: u64 = 64;

/// The solutions of `givens` up to `limit`, each found by CDCL and left out.
fn excluding(side: usize, givens: &[u8], limit: u64) -> u64 {
	let (mut cdcl, mut found) = (cdcl(side, givens), 0);
	while found < limit {
		match cdcl.solve() {
			Verdict::Sat(solution) => cdcl.block(&solution),
			Verdict::Unsat(_) => break,
		}
		found += 1;
	}
	found
}

/// What the tools ask of src/every_size.rs's CDCL (its check), whose side is a constant there.
pub(crate) trait Cdcl {
	fn solve(&mut self) -> Verdict;
	fn block(&mut self, solution: &[u8]);
	/// A unit clause, var v placed (or false): back to level 0 first, propagated by `solve`.
	fn unit(&mut self, v: usize, holds: bool);
	/// A level deciding var v, propagated; false on a conflict.
	fn assume(&mut self, v: usize) -> bool;
	fn backjump(&mut self, level: usize);
	fn level(&self) -> usize;
	/// The phases (the symbols decisions take first, till a conflict records others): each
	/// square's in `grid` (symbol + 1; S * S of them).
	fn phases(&mut self, grid: &[u8]);
}

impl<const S: usize> Cdcl for every_size::Cdcl<S> {
	fn solve(&mut self) -> Verdict {
		every_size::Cdcl::solve(self)
	}

	fn block(&mut self, solution: &[u8]) {
		every_size::Cdcl::block(self, solution)
	}

	fn unit(&mut self, v: usize, holds: bool) {
		every_size::Cdcl::unit(self, v, holds)
	}

	fn assume(&mut self, v: usize) -> bool {
		every_size::Cdcl::assume(self, v)
	}

	fn backjump(&mut self, level: usize) {
		every_size::Cdcl::backjump(self, level)
	}

	fn level(&self) -> usize {
		every_size::Cdcl::level(self)
	}

	fn phases(&mut self, grid: &[u8]) {
		self.phase.copy_from_slice(grid);
	}
}

/// src/every_size.rs's CDCL of side `side` (1, 4, 16 or 25) on `givens`: the one place a side
/// becomes a constant in the command.
pub(crate) fn cdcl(side: usize, givens: &[u8]) -> Box<dyn Cdcl> {
	match side {
		1 => Box::new(every_size::Cdcl::<1>::new(givens)),
		4 => Box::new(every_size::Cdcl::<4>::new(givens)),
		16 => Box::new(every_size::Cdcl::<16>::new(givens)),
		_ => Box::new(every_size::Cdcl::<25>::new(givens)),
	}
}
