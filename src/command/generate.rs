//! --generate: random solved grids, givens taken away while the solutions asked for stay.

use super::count::solutions;
use super::explain::rating;
use super::rules::{broken_rule, units_of};
use std::collections::HashSet;
use std::io::{self, Write};
use std::mem::replace;

/// splitmix64: the same numbers on every platform.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n`.
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

pub(crate) fn clock_seed() -> u64 {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    now.map_or(0, |t| t.as_secs() ^ u64::from(t.subsec_nanos()) << 32)
}

/// Writes `wanted` puzzles with exactly `solutions` solutions each (0: givens that break no
/// rule and have none), minimal for that number, of `level` if one is given (as --rate says),
/// all different, one line each. Puzzles made are
/// remembered by a fingerprint of 8 bytes: a rare repeat of a fingerprint only skips a puzzle.
pub(crate) fn generate(
    wanted: u64,
    solutions: u64,
    level: Option<usize>,
    seed: u64,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (mut random, mut made, mut text) = (Random(seed), HashSet::new(), [b'\n'; 82]);
    while (made.len() as u64) < wanted {
        let puzzle = with_solutions(solutions, &mut random);
        if level.map_or(false, |level| {
            rating(&puzzle).map(|(at, _)| at) != Some(level)
        }) {
            continue;
        }
        if made.insert(fingerprint(&puzzle)) {
            for (c, &given) in text.iter_mut().zip(&puzzle) {
                *c = if given == 0 { b'.' } else { b'0' + given };
            }
            out.write_all(&text)?;
        }
    }
    Ok(())
}

/// 64 bits that tell puzzles apart (splitmix64 over the squares, eight at a time).
fn fingerprint(puzzle: &[u8; 81]) -> u64 {
    let mut hash = Random(81);
    for eight in puzzle.chunks(8) {
        let word = eight
            .iter()
            .fold(0, |word, &given| word << 8 | u64::from(given));
        hash.0 ^= hash.next() ^ word;
    }
    hash.next()
}

/// A solved grid drawn at random: the three diagonal boxes shuffled (they share no row or
/// column), then the other squares in reading order, each trying its digits in a random order.
/// Every solved grid can come, and every digit is as likely as any other at every square.
fn solved_grid(random: &mut Random) -> [u8; 81] {
    let mut grid = [0; 81];
    for k in 0..3 {
        let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        random.shuffle(&mut digits);
        for (j, &digit) in digits.iter().enumerate() {
            grid[9 * (3 * k + j / 3) + 3 * k + j % 3] = digit;
        }
    }
    // The digits used (bit d) in each row, column and box.
    let mut used = [0u16; 27];
    for (p, &d) in grid.iter().enumerate().filter(|&(_, &d)| d != 0) {
        for unit in units_of(p) {
            used[unit] |= 1 << d;
        }
    }
    fill(&mut grid, &mut used, 0, random);
    grid
}

/// Fills the empty squares from `p` on, each trying its digits in a random order; false at a
/// dead end.
fn fill(grid: &mut [u8; 81], used: &mut [u16; 27], p: usize, random: &mut Random) -> bool {
    match (p, grid.get(p)) {
        (81, _) => return true,
        (_, Some(&d)) if d != 0 => return fill(grid, used, p + 1, random),
        _ => {}
    }
    let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    random.shuffle(&mut digits);
    let units = units_of(p);
    for d in digits {
        if units.iter().all(|&unit| used[unit] & 1 << d == 0) {
            grid[p] = d;
            units.iter().for_each(|&unit| used[unit] |= 1 << d);
            if fill(grid, used, p + 1, random) {
                return true;
            }
            units.iter().for_each(|&unit| used[unit] &= !(1 << d));
        }
    }
    grid[p] = 0;
    false
}

/// A minimal puzzle with one of its givens changed to a digit that breaks no rule, until that
/// leaves it no solution.
fn unsolvable_puzzle(random: &mut Random) -> [u8; 81] {
    let mut puzzle = with_solutions(1, random);
    loop {
        let (p, d) = (random.below(81), 1 + random.below(9) as u8);
        let given = replace(&mut puzzle[p], d);
        let sound = given != 0 && given != d && broken_rule(&puzzle).is_none();
        if sound && solutions(&puzzle, 1) == 0 {
            return puzzle;
        }
        puzzle[p] = given;
    }
}

/// A puzzle with `wanted` solutions, minimal for that number: a random solved grid (for none,
/// an unsolvable puzzle), its givens taken away in a random order, each kept if taking it away
/// would make more than `wanted`; a new start if that ends with fewer.
fn with_solutions(wanted: u64, random: &mut Random) -> [u8; 81] {
    loop {
        let mut grid = match wanted {
            0 => unsolvable_puzzle(random),
            _ => solved_grid(random),
        };
        let mut order: Vec<usize> = (0..81).collect();
        random.shuffle(&mut order);
        order.retain(|&p| grid[p] != 0);
        let mut found = solutions(&grid, wanted + 1);
        for p in order {
            let given = replace(&mut grid[p], 0);
            match solutions(&grid, wanted + 1) {
                count if count > wanted => grid[p] = given,
                count => found = count,
            }
        }
        if found == wanted {
            return grid;
        }
    }
}
