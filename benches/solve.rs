//! `cargo bench [-- FILE ...]`: the program's own `run` over each file, from memory to memory,
//! as a judge runs it; every answer checked; figures printed, nothing asserted.
//!
//! For each file: puzzles per second over the whole run (the median of the runs made in two
//! seconds, five at least); and, where the file holds one puzzle per line of 81 characters, the
//! median and the slowest puzzle (each solved three times, its best time kept: noise only ever
//! adds) and the steps (dfs calls and probes) per puzzle. Any file the program reads will do, in
//! any layout.
//!
//! Without FILE it looks for the public sets below in $SUDOKU_PUZZLES (default
//! ../shared/puzzles, beside the repository) and says where to download those it does not find;
//! then it solves generated puzzles with givens taken away, which have many solutions, and the
//! slowest puzzles found. Then it times `--generate`, and qqwing's generator beside it when
//! `qqwing` is installed.

#[path = "../src/main.rs"]
#[allow(dead_code)]
mod sudoku;

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
const RUNS: usize = 5;
const RUN_TIME: Duration = Duration::from_secs(2);
const TRIES: usize = 3;
const GENERATED: u64 = 300;

fn main() {
    let named: Vec<PathBuf> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--")) // cargo bench passes --bench
        .map(PathBuf::from)
        .collect();
    println!(
        "{:<31} {:>7} {:>10} {:>10} {:>22} {:>11}",
        "file", "puzzles", "puzzles/s", "median", "slowest", "steps/puz."
    );
    if named.is_empty() {
        let dir = std::env::var_os("SUDOKU_PUZZLES").map_or_else(
            || Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/puzzles"),
            PathBuf::from,
        );
        for (name, source) in SETS {
            match std::fs::read(dir.join(name)) {
                Ok(text) => {
                    bench(name, &text);
                    bench("  in random orientations", &oriented(&text, 1));
                }
                Err(_) => println!(
                    "{:<31} not in {}: download from {}",
                    name,
                    dir.display(),
                    source
                ),
            }
        }
        bench("generated, 3 givens taken away", &many_solutions());
        slowest();
        generate();
    } else {
        for file in &named {
            let name = file.display().to_string();
            match std::fs::read(file) {
                Ok(text) => bench(&name, &text),
                Err(e) => println!("{:<31} cannot be read: {}", name, e),
            }
        }
    }
}

/// Runs the program on `input` with `args`: its status and output.
fn run(args: &[&str], input: &[u8]) -> (i32, Vec<u8>) {
    let args: Vec<OsString> = args.iter().map(OsString::from).collect();
    let mut out = Vec::with_capacity(input.len() + 1024);
    let status = sudoku::run(&args, &mut &input[..], &mut out, &mut Vec::new());
    (status, out)
}

fn bench(name: &str, text: &[u8]) {
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
        Some(each) => per_puzzle(&each),
        None => (String::from("-"), String::from("-"), String::from("-")),
    };
    println!(
        "{:<31} {:>7} {:>10.0} {:>10} {:>22} {:>11}{}",
        name,
        puzzles,
        puzzles as f64 / times[times.len() / 2].as_secs_f64(),
        median,
        slowest,
        steps,
        verdict
    );
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
        if at_line_start
            && !counted
            && number
            && output.get(o..o + line_end - i) != Some(&input[i..line_end])
        {
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

/// The median and slowest time of a puzzle alone, and the steps (dfs calls, probes) per puzzle.
fn per_puzzle(puzzles: &[[u8; 81]]) -> (String, String, String) {
    let mut steps = 0;
    let mut times: Vec<(Duration, usize)> = puzzles
        .iter()
        .enumerate()
        .map(|(line, puzzle)| {
            let mut best = Duration::MAX;
            for _ in 0..TRIES {
                let started = Instant::now();
                steps += sudoku::Search::solve(puzzle, &mut |_| false);
                best = best.min(started.elapsed());
            }
            (best, line + 1)
        })
        .collect();
    times.sort();
    let micros = |t: Duration| format!("{:.1} us", t.as_secs_f64() * 1e6);
    let (slowest, line) = times[times.len() - 1];
    (
        micros(times[times.len() / 2].0),
        format!("{} (line {})", micros(slowest), line),
        format!("{:.2}", steps as f64 / (TRIES * puzzles.len()) as f64),
    )
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

/// The slowest puzzles found, with their number of solutions (2: two or more): puzzles with
/// empty top rows and givens below, and random orientations of the hardest sets, climbed towards
/// the slowest; the first took 238 s before the search checked digits past a budget.
const SLOWEST: [(&str, &[u8]); 6] = [
    (
        "........................................5...2......5.3........1...51.238...382..5",
        b"0",
    ),
    (
        ".........................................26.8.86..7..4..8...2..6.9..1.4..1.6.9...",
        b"0",
    ),
    (
        ".....................................9....4........39.......8..98....643364...9..",
        b"0",
    ),
    (
        "..7..68......3...6..6..82......1.5....58...2......5.68..2..16...7..4....9......7.",
        b"1",
    ),
    (
        "...........................52..8..41..........1......2..793.514.3.....2.2....4.6.",
        b"2",
    ),
    (
        ".....................................79.8.....8.6..19............8.....2197..5.8.",
        b"2",
    ),
];

/// The slowest puzzles found, one at a time, each counted to two to check it.
fn slowest() {
    let puzzles: Vec<[u8; 81]> = SLOWEST
        .iter()
        .filter_map(|(p, _)| lines_of_81(p.as_bytes()))
        .flatten()
        .collect();
    let input: String = SLOWEST.iter().map(|(p, _)| format!("{}\n", p)).collect();
    let expected: Vec<u8> = SLOWEST.iter().flat_map(|(_, n)| [n[0], b'\n']).collect();
    let counted = run(&["--count", "--limit", "2"], input.as_bytes()).1 == expected;
    let (median, slowest, steps) = per_puzzle(&puzzles);
    println!(
        "{:<31} {:>7} {:>10} {:>10} {:>22} {:>11}{}",
        "slowest found (0, 1, 2+ sol.)",
        puzzles.len(),
        "-",
        median,
        slowest,
        steps,
        if counted { "" } else { "   WRONG" }
    );
}

/// `--generate` against qqwing's generator, and what the puzzles look like.
fn generate() {
    let count = GENERATED.to_string();
    let started = Instant::now();
    let (status, out) = run(&["--generate", &count, "--seed", "1"], b"");
    let ours = GENERATED as f64 / started.elapsed().as_secs_f64();
    let givens: Vec<usize> = out
        .split(|&b| b == b'\n')
        .filter(|l| l.len() == 81)
        .map(|l| l.iter().filter(|c| c.is_ascii_digit()).count())
        .collect();
    let proper = run(&["--count", "--limit", "2"], &out).1 == b"1\n".repeat(givens.len());
    let mean = givens.iter().sum::<usize>() as f64 / givens.len().max(1) as f64;
    println!(
        "\n--generate {}: {:.0} puzzles/s, givens mean {:.1}, min {}, max {}{}",
        count,
        ours,
        mean,
        givens.iter().min().unwrap_or(&0),
        givens.iter().max().unwrap_or(&0),
        if status == 0 && proper && givens.len() == GENERATED as usize {
            ""
        } else {
            "   WRONG"
        }
    );
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
                ours / theirs
            );
        }
        _ => println!("qqwing is not installed (Debian: apt-get install qqwing): no comparison"),
    }
}
