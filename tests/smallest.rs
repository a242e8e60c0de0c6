//! The classic's answer: on puzzles with several solutions the program writes the smallest (what
//! the classic row-major dfs(x, y) finds first), and `--all` writes them in the classic's order.
//! The oracle is the classic itself, written plainly here, with a cap on its nodes.

use crate::common;

use common::{allows, cells, judge, line, solved_grid, sudoku, Rng};

/// The classic AcWing search: squares in reading order, digits 1 to 9; calls `found` with each
/// solution in turn until it returns false. None if it gave up at the cap.
fn classic(
    grid: &mut [u8; 81],
    p: usize,
    nodes: &mut u64,
    found: &mut dyn FnMut(&[u8; 81]) -> bool,
) -> Option<bool> {
    if p == 81 {
        return Some(!found(grid));
    }
    if grid[p] != 0 {
        return classic(grid, p + 1, nodes, found);
    }
    *nodes += 1;
    if *nodes > 100_000 {
        return None;
    }
    for d in 1..=9 {
        if allows(grid, p, d) {
            grid[p] = d;
            let stop = classic(grid, p + 1, nodes, found);
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
    classic(&mut grid, 0, &mut 0, &mut |g| {
        solutions.push(line(g));
        solutions.len() < limit
    })?;
    Some(solutions)
}

/// Puzzles with several solutions: solved grids with many squares emptied, or with a few givens.
fn open_puzzles(rng: &mut Rng, count: usize, givens: &[usize]) -> Vec<[u8; 81]> {
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
    let mut rng = Rng::new(2239);
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
    let mut rng = Rng::new(989);
    let mut checked = 0;
    for puzzle in open_puzzles(&mut rng, 200, &[26, 28, 30, 32])
        .into_iter()
        .skip(2)
    {
        // Puzzles with more than 50 solutions are left out: --all would write them all.
        let solutions = match classic_solutions(&puzzle, 51) {
            Some(s) if s.len() <= 50 => s,
            _ => continue,
        };
        let run = sudoku(&["--all"], format!("{}\n", line(&puzzle)).as_bytes());
        let got: Vec<String> = run
            .stdout()
            .lines()
            .take(solutions.len())
            .map(String::from)
            .collect();
        assert_eq!(got, solutions, "{}", line(&puzzle));
        checked += 1;
    }
    assert!(checked >= 60, "only {} puzzles checked", checked);
}

#[test]
fn a_puzzle_made_smaller_keeps_answering_smallest_first() {
    // A unique puzzle loses givens one by one: each step widens the set of solutions, and the
    // answer must be the classic's at every step.
    let mut rng = Rng::new(37);
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
