//! --version, --limit, --generate and --seed, usage errors, and failures to read or write that
//! must be said, never reported as success.

mod common;

use common::{cells, sudoku, PUZZLE, SOLVED};
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

fn usage_error(args: &[&str], why: &str) {
    let run = sudoku(args, PUZZLE.as_bytes());
    assert!(run.stderr.starts_with(why), "{:?}: {}", args, run.stderr);
    assert!(run.stderr.contains("\nusage: sudoku"), "{:?}", args);
    assert_eq!((run.status, run.stdout().as_str()), (2, ""), "{:?}", args);
}

/// Runs the built program through sh, for redirections a test cannot make otherwise.
fn shell(script: &str) -> (i32, String) {
    let output = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_sudoku"))
        .current_dir(env!("CARGO_TARGET_TMPDIR"))
        .output()
        .expect("sh runs");
    let err = String::from_utf8_lossy(&output.stderr).into_owned();
    (output.status.code().unwrap_or(-1), err)
}

#[test]
fn version_is_the_crates() {
    let manifest = include_str!("../Cargo.toml");
    let version = manifest
        .lines()
        .find_map(|l| l.strip_prefix("version = \""))
        .and_then(|v| v.strip_suffix('"'))
        .expect("Cargo.toml has a version");
    for flag in ["-V", "--version"] {
        let run = sudoku(&[flag], b"");
        assert_eq!(run.stdout(), format!("sudoku {}\n", version));
        assert_eq!((run.status, run.stderr.as_str()), (0, ""));
    }
}

#[test]
fn limit_caps_counts_and_solutions_even_on_the_empty_grid() {
    let empty = format!("{}\n", ".".repeat(81));
    let run = sudoku(&["--count", "--limit", "2"], empty.as_bytes());
    assert_eq!((run.status, run.stdout()), (0, String::from("2\n")));
    let input = format!("{}\n{}", empty, PUZZLE);
    let run = sudoku(&["--count", "--limit", "2"], input.as_bytes());
    assert_eq!(run.stdout(), "2\n1\n");
    let run = sudoku(&["--all", "--limit", "3"], empty.as_bytes());
    let solutions: Vec<String> = run.stdout().lines().map(String::from).collect();
    assert_eq!(solutions.len(), 3);
    assert_eq!(
        solutions[0],
        "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
    );
    assert!(solutions.windows(2).all(|w| w[0] < w[1]), "ascending");
    assert_eq!(run.status, 0);
}

#[test]
fn bad_command_lines_are_usage_errors() {
    usage_error(
        &["--limit", "2"],
        "sudoku: --limit goes with --count or --all\n",
    );
    usage_error(
        &["--count", "--limit", "0"],
        "sudoku: --limit takes a whole number from 1 up\n",
    );
    usage_error(
        &["--all", "--limit", "x"],
        "sudoku: --limit takes a whole number, not 'x'\n",
    );
    usage_error(&["--generate"], "sudoku: --generate takes a whole number\n");
    usage_error(
        &["--generate", "x"],
        "sudoku: --generate takes a whole number, not 'x'\n",
    );
    usage_error(
        &["--generate", "-1"],
        "sudoku: --generate takes a whole number, not '-1'\n",
    );
    usage_error(&["--seed", "5"], "sudoku: --seed goes with --generate\n");
    usage_error(
        &["--generate", "2", "--count"],
        "sudoku: --generate takes no other option but --seed, and no file\n",
    );
    usage_error(
        &["-", "-"],
        "sudoku: - is named twice: standard input is read once\n",
    );
}

#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8_and_starts_with_a_dash_is_an_unknown_option() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let output = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .arg(OsStr::from_bytes(b"-\xff"))
        .output()
        .expect("it runs");
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.starts_with("sudoku: unknown option '-\u{fffd}'\n"),
        "{}",
        err
    );
    assert_eq!(output.status.code(), Some(2));
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
fn a_full_disk_is_said_for_help_and_answers_alike() {
    for args in ["--help", "--version", "--generate 3", ""] {
        let script = format!("echo {} | \"$0\" {} > /dev/full", PUZZLE, args);
        let (status, err) = shell(&script);
        assert_eq!(status, 2, "{}: {}", args, err);
        assert_eq!(
            err, "sudoku: cannot write the output: No space left on device\n",
            "{}",
            args
        );
    }
}

#[test]
fn a_closed_input_is_no_puzzle_and_a_closed_output_nothing_worse_than_dev_null() {
    // Rust's runtime puts /dev/null on a closed standard stream: a closed input reads as empty,
    // which is an error said; a closed output is /dev/null, whose writes succeed.
    let (status, err) = shell("\"$0\" <&- > /dev/null");
    assert_eq!(
        (status, err.as_str()),
        (2, "line 1, column 1: no puzzle in the input\n")
    );
    std::fs::write(format!("{}/one.txt", env!("CARGO_TARGET_TMPDIR")), PUZZLE).expect("written");
    assert_eq!(shell("\"$0\" one.txt >&-"), (0, String::new()));
}

#[cfg(unix)]
#[test]
fn an_input_that_is_the_output_is_refused_and_the_rest_still_read() {
    let dir = env!("CARGO_TARGET_TMPDIR");
    std::fs::write(format!("{}/loop.txt", dir), format!("{}\n", PUZZLE)).expect("written");
    std::fs::write(format!("{}/other.txt", dir), format!("{}\n", PUZZLE)).expect("written");
    let (status, err) = shell("\"$0\" loop.txt other.txt >> loop.txt");
    assert_eq!(
        (status, err.as_str()),
        (2, "sudoku: loop.txt: input file is output file\n")
    );
    let after = std::fs::read_to_string(format!("{}/loop.txt", dir)).expect("read");
    assert_eq!(after, format!("{}\n{}\n", PUZZLE, SOLVED));
}

#[cfg(unix)]
#[test]
fn standard_input_that_is_the_output_is_refused_too() {
    let dir = env!("CARGO_TARGET_TMPDIR");
    for script in [
        "\"$0\" < self.txt >> self.txt",
        "\"$0\" - < self.txt >> self.txt",
    ] {
        std::fs::write(format!("{}/self.txt", dir), format!("{}\n", PUZZLE)).expect("written");
        let (status, err) = shell(script);
        assert_eq!(
            (status, err.as_str()),
            (2, "sudoku: (standard input): input file is output file\n"),
            "{}",
            script
        );
        let after = std::fs::read_to_string(format!("{}/self.txt", dir)).expect("read");
        assert_eq!(after, format!("{}\n", PUZZLE));
    }
}

#[test]
fn a_directory_is_named_as_the_usual_tools_name_it() {
    let dir = env!("CARGO_TARGET_TMPDIR");
    let run = sudoku(&[dir], b"");
    assert_eq!(run.stderr, format!("sudoku: {}: Is a directory\n", dir));
    assert_eq!((run.status, run.stdout()), (2, String::new()));
}
