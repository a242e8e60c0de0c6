//! `cargo bench [-- FILE ...]`: solves each puzzle set (one 81-character puzzle per line) with
//! the program's own `run`, as a batch from memory to memory, checks every answer, and prints the
//! puzzles per second (median of the batches run in 2 seconds, 5 at least), the median and the
//! slowest puzzle's time (each puzzle solved 3 times, its best time kept: a machine's noise only
//! ever adds). Beside it, the classic row-major `dfs(x, y)` of the AcWing solution on a sample of
//! each set, with a cap on its nodes.
//!
//! Without FILE, it reads the sets in ../shared/puzzles (the project's shared folder, beside the
//! repository: `SOURCES.md` there says where each set comes from). This is a benchmark, not a
//! test: it asserts no timing.

#[path = "../src/main.rs"]
#[allow(dead_code)]
mod sudoku;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const SETS: [&str; 5] = [
    "top1465.txt",
    "17clue.txt",
    "forum_hardest_1905_11plus.txt",
    "forum_hardest_1106.txt",
    "kaggle3m_sample.txt",
];
/// Puzzles of each set given to the classic search, and the nodes it may spend on each.
const CLASSIC_SAMPLE: usize = 100;
const CLASSIC_CAP: u64 = 2_000_000;
const BATCHES: usize = 5;
const BATCH_TIME: Duration = Duration::from_secs(2);
const TRIES: usize = 3;

fn main() {
    let named: Vec<PathBuf> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--")) // cargo bench passes --bench
        .map(PathBuf::from)
        .collect();
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/puzzles");
    let files = if named.is_empty() {
        SETS.iter().map(|name| shared.join(name)).collect()
    } else {
        named
    };
    println!(
        "{:<31} {:>7} {:>11} {:>10} {:>10}   {:>17}",
        "set", "puzzles", "puzzles/s", "median", "slowest", "classic (sample)"
    );
    let mut missing = Vec::new();
    for file in &files {
        match std::fs::read(file) {
            Ok(text) => bench(file, &text),
            Err(_) => missing.push(file.display().to_string()),
        }
    }
    if !missing.is_empty() {
        println!(
            "\nnot found: {}\nThe sets live in the project's shared folder (shared/puzzles, beside this \
             repository; its SOURCES.md says where each comes from). Get them there, or name files of \
             81-character puzzles: cargo bench -- FILE ...",
            missing.join(", ")
        );
    }
}

fn bench(file: &Path, text: &[u8]) {
    let puzzles: Vec<[u8; 81]> = text
        .split(|&b| b == b'\n')
        .filter(|line| line.len() >= 81)
        .map(|line| {
            let mut cells = [0; 81];
            for (cell, &c) in cells.iter_mut().zip(line) {
                *cell = if c.is_ascii_digit() { c - b'0' } else { 0 };
            }
            cells
        })
        .collect();

    // The whole program's work, as a judge runs it: read every line, solve, write every answer.
    let mut out = Vec::with_capacity(text.len());
    let mut batches = Vec::new();
    let mut valid = true;
    let all = Instant::now();
    while batches.len() < BATCHES || all.elapsed() < BATCH_TIME {
        out.clear();
        let started = Instant::now();
        let status = sudoku::run(&[], &mut &text[..], &mut out, &mut Vec::new());
        batches.push(started.elapsed());
        let answers: Vec<&[u8]> = out
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .collect();
        valid &= status == 0
            && answers.len() == puzzles.len()
            && puzzles.iter().zip(&answers).all(|(p, a)| solves(p, a));
    }
    batches.sort();
    let batch = batches[batches.len() / 2];

    // Each puzzle alone, for the median and the slowest.
    let mut search = sudoku::Search::new();
    let mut times: Vec<Duration> = puzzles
        .iter()
        .map(|puzzle| {
            let mut best = Duration::MAX;
            for _ in 0..TRIES {
                let started = Instant::now();
                search.solve(puzzle, &mut |_| false);
                best = best.min(started.elapsed());
            }
            best
        })
        .collect();
    times.sort();

    let sample: Vec<&[u8; 81]> = puzzles
        .iter()
        .step_by((puzzles.len() / CLASSIC_SAMPLE).max(1))
        .take(CLASSIC_SAMPLE)
        .collect();
    let started = Instant::now();
    let capped = sample.iter().filter(|p| !classic(p)).count();
    let classic_rate = sample.len() as f64 / started.elapsed().as_secs_f64();

    let name = file
        .file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned());
    println!(
        "{:<31} {:>7} {:>11.0} {:>10} {:>10}   {:>10.0}/s{}{}",
        name,
        puzzles.len(),
        puzzles.len() as f64 / batch.as_secs_f64(),
        micros(times[times.len() / 2]),
        micros(times[times.len() - 1]),
        classic_rate,
        if capped > 0 {
            format!(" ({} capped)", capped)
        } else {
            String::new()
        },
        if valid { "" } else { "   WRONG ANSWERS" },
    );
}

fn micros(t: Duration) -> String {
    format!("{:.1} us", t.as_secs_f64() * 1e6)
}

/// `answer` is `puzzle` filled in by the rules.
fn solves(puzzle: &[u8; 81], answer: &[u8]) -> bool {
    if answer.len() != 81 || !answer.iter().all(|c| (b'1'..=b'9').contains(c)) {
        return false;
    }
    let digit = |p: usize| answer[p] - b'0';
    let keeps = (0..81).all(|p| puzzle[p] == 0 || puzzle[p] == digit(p));
    keeps
        && (0..27).all(|u| {
            let mut seen = [false; 10];
            (0..9).all(|i| {
                let p = match u {
                    0..=8 => 9 * u + i,
                    9..=17 => 9 * i + u - 9,
                    _ => 9 * ((u - 18) / 3 * 3 + i / 3) + (u - 18) % 3 * 3 + i % 3,
                };
                !std::mem::replace(&mut seen[digit(p) as usize], true)
            })
        })
}

/// The classic AcWing search: cells in row-major order, each allowed digit in turn.
struct Classic {
    row: [[bool; 9]; 9],
    col: [[bool; 9]; 9],
    cell: [[[bool; 9]; 3]; 3],
    grid: [u8; 81],
    nodes: u64,
}

/// Solves `puzzle` the classic way; false if it gave up at the cap (or found no solution).
fn classic(puzzle: &[u8; 81]) -> bool {
    let mut s = Classic {
        row: [[false; 9]; 9],
        col: [[false; 9]; 9],
        cell: [[[false; 9]; 3]; 3],
        grid: *puzzle,
        nodes: 0,
    };
    for (p, &g) in puzzle.iter().enumerate() {
        if g != 0 {
            let (x, y, d) = (p / 9, p % 9, g as usize - 1);
            s.row[x][d] = true;
            s.col[y][d] = true;
            s.cell[x / 3][y / 3][d] = true;
        }
    }
    s.dfs(0, 0) == Some(true)
}

impl Classic {
    /// Some(true) once solved, Some(false) when this branch fails, None at the cap.
    fn dfs(&mut self, x: usize, y: usize) -> Option<bool> {
        let (x, y) = if y == 9 { (x + 1, 0) } else { (x, y) };
        if x == 9 {
            return Some(true);
        }
        if self.grid[9 * x + y] != 0 {
            return self.dfs(x, y + 1);
        }
        self.nodes += 1;
        if self.nodes > CLASSIC_CAP {
            return None;
        }
        for d in 0..9 {
            if !self.row[x][d] && !self.col[y][d] && !self.cell[x / 3][y / 3][d] {
                self.grid[9 * x + y] = d as u8 + 1;
                self.row[x][d] = true;
                self.col[y][d] = true;
                self.cell[x / 3][y / 3][d] = true;
                let found = self.dfs(x, y + 1);
                self.row[x][d] = false;
                self.col[y][d] = false;
                self.cell[x / 3][y / 3][d] = false;
                self.grid[9 * x + y] = 0;
                if found != Some(false) {
                    return found;
                }
            }
        }
        Some(false)
    }
}
