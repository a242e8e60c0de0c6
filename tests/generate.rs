//! --generate and --seed, tools of the full build. Gated: the judge build has neither.
#![cfg(feature = "tools")]

mod common;

use common::{cells, sudoku, PUZZLE};
use std::process::Command;

/// Counts the solutions of `grid`, stopping at `limit`: the empty square with the fewest digits
/// first, every digit tried; plain, and independent of the program.
fn count(grid: &mut [u8; 81], limit: u64) -> u64 {
    let mut best: Option<(usize, Vec<u8>)> = None;
    for p in (0..81).filter(|&p| grid[p] == 0) {
        let digits: Vec<u8> = (1..=9).filter(|&d| common::allows(grid, p, d)).collect();
        if best.as_ref().map_or(true, |(_, b)| digits.len() < b.len()) {
            best = Some((p, digits));
        }
    }
    let (p, digits) = match best {
        None => return 1,
        Some(b) => b,
    };
    let mut found = 0;
    for d in digits {
        grid[p] = d;
        found += count(grid, limit - found);
        grid[p] = 0;
        if found >= limit {
            break;
        }
    }
    found
}

#[test]
fn generated_puzzles_are_proper_minimal_and_all_different() {
    let run = sudoku(&["--generate", "30", "--seed", "96"], b"");
    assert_eq!((run.status, run.stderr.as_str()), (0, ""));
    let lines: Vec<String> = run.stdout().lines().map(String::from).collect();
    assert_eq!(lines.len(), 30);
    let mut seen = lines.clone();
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 30, "all different");
    for puzzle in &lines {
        assert_eq!(puzzle.len(), 81);
        assert!(
            puzzle
                .bytes()
                .all(|c| c == b'.' || (b'1'..=b'9').contains(&c)),
            "{}",
            puzzle
        );
        let mut grid = cells(puzzle);
        assert_eq!(count(&mut grid, 2), 1, "proper: {}", puzzle);
        let givens: Vec<usize> = (0..81).filter(|&p| grid[p] != 0).collect();
        for p in givens {
            let given = std::mem::replace(&mut grid[p], 0);
            assert_eq!(
                count(&mut grid, 2),
                2,
                "minimal: {} without square {}",
                puzzle,
                p
            );
            grid[p] = given;
        }
    }
    // Its output is valid input.
    let run = sudoku(&["--count"], run.stdout.as_slice());
    assert_eq!(run.stdout(), "1\n".repeat(30));
}

#[test]
fn a_seed_gives_the_same_puzzles_and_another_seed_others() {
    let first = sudoku(&["--generate", "5", "--seed", "7"], b"").stdout;
    let again = sudoku(&["--seed", "7", "--generate", "5"], b"").stdout;
    let other = sudoku(&["--generate", "5", "--seed", "8"], b"").stdout;
    assert_eq!(first, again);
    assert_ne!(first, other);
    assert_eq!(first.len(), 5 * 82);
    // Without a seed, the clock's.
    let unseeded = sudoku(&["--generate", "1"], b"");
    assert_eq!((unseeded.status, unseeded.stdout.len()), (0, 82));
    assert_eq!(sudoku(&["--generate", "0"], b"").stdout, b"");
}

#[test]
fn a_full_disk_is_said_when_generating() {
    let output = Command::new("sh")
        .arg("-c")
        .arg("\"$0\" --generate 3 > /dev/full")
        .arg(env!("CARGO_BIN_EXE_sudoku"))
        .output()
        .expect("sh runs");
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        err,
        "sudoku: cannot write the output: No space left on device\n"
    );
}

#[test]
fn generate_and_seed_take_whole_numbers_and_go_with_nothing_else() {
    for (args, why) in [
        (&["--generate"][..], "--generate takes a whole number"),
        (
            &["--generate", "x"][..],
            "--generate takes a whole number, not 'x'",
        ),
        (
            &["--generate", "-1"][..],
            "--generate takes a whole number, not '-1'",
        ),
        (&["--seed", "5"][..], "--seed goes with --generate"),
        (
            &["--generate", "2", "--count"][..],
            "--generate takes no other option but --seed, and no file",
        ),
        (
            &["--generate=2", "file"][..],
            "--generate takes no other option but --seed, and no file",
        ),
    ] {
        let run = sudoku(args, PUZZLE.as_bytes());
        let why = format!("sudoku: {}\n", why);
        assert!(run.stderr.starts_with(&why), "{:?}: {}", args, run.stderr);
        assert_eq!((run.status, run.stdout().as_str()), (2, ""), "{:?}", args);
    }
}
