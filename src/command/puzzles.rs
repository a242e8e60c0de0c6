//! The puzzles the tools read: 9x9 by the judge program's rule (`src/main.rs`), or another size
//! (`--size N`) by the rule of the judge program for every size (`src/every_size.rs`); each
//! searched by its judge file's engine; and where their answers go.

use super::every_size;
use super::inputs::{at, place};
use super::judge::{self, Stop};
use std::cell::RefCell;
use std::io::{self, Read, Write};
use std::rc::Rc;

/// What a reader hands on: a line without squares, or a puzzle.
pub(crate) enum Piece {
    Text(Vec<u8>),
    Puzzle(Puzzle),
}

/// A puzzle of either judge file, and its text with the blanks filled in once they are.
pub(crate) struct Puzzle {
    read: Read9OrSized,
    filled: Vec<u8>,
}

enum Read9OrSized {
    Nine(Box<judge::Puzzle>),
    Sized(Box<every_size::Puzzle>),
}

impl Puzzle {
    pub(crate) fn side(&self) -> usize {
        match &self.read {
            Read9OrSized::Nine(_) => 9,
            Read9OrSized::Sized(puzzle) => puzzle.side,
        }
    }

    /// Its givens, square by square: 0 a blank, else the symbol's number from 1.
    pub(crate) fn givens(&self) -> &[u8] {
        match &self.read {
            Read9OrSized::Nine(puzzle) => &puzzle.givens,
            Read9OrSized::Sized(puzzle) => &puzzle.givens,
        }
    }

    /// Its number in its input, and the line it starts on.
    pub(crate) fn place(&self) -> (usize, usize) {
        match &self.read {
            Read9OrSized::Nine(puzzle) => (puzzle.number, puzzle.line),
            Read9OrSized::Sized(puzzle) => (puzzle.number, puzzle.line),
        }
    }

    /// The label written before it (`Grid 01`, `board = `), if any.
    pub(crate) fn label(&self) -> &[u8] {
        match &self.read {
            Read9OrSized::Nine(puzzle) => &puzzle.label,
            Read9OrSized::Sized(_) => b"",
        }
    }

    /// Its text: as read, or with the blanks filled in.
    pub(crate) fn text(&self) -> &[u8] {
        match &self.read {
            Read9OrSized::Nine(puzzle) => &puzzle.text,
            Read9OrSized::Sized(puzzle) if self.filled.is_empty() => &puzzle.text,
            Read9OrSized::Sized(_) => &self.filled,
        }
    }

    /// Answers it `NO SOLUTION` if it has none and came in UVa 989's layout (its text becomes
    /// that, nothing is said); whether it does.
    pub(crate) fn says_none(&mut self) -> bool {
        match &self.read {
            Read9OrSized::Sized(puzzle) if puzzle.says_none => {
                self.filled = every_size::NO_SOLUTION.to_vec();
                true
            }
            _ => false,
        }
    }

    /// Fills its blanks in from `grid` (each square's number from 1).
    pub(crate) fn fill_in(&mut self, grid: &[u8]) {
        match &mut self.read {
            Read9OrSized::Nine(puzzle) => {
                let mut nine = [0; 81];
                nine.copy_from_slice(grid);
                judge::fill_in(puzzle, &nine);
            }
            Read9OrSized::Sized(puzzle) => self.filled = every_size::filled(puzzle, grid),
        }
    }
}

/// The smallest solution of `givens` (a side's squares), the classic's, if it has one.
pub(crate) fn smallest(side: usize, givens: &[u8]) -> Option<Vec<u8>> {
    let mut smallest = None;
    solve(side, givens, &mut |grid| {
        smallest = Some(grid.to_vec());
        false
    });
    smallest
}

/// Calls `found` with each solution of `givens` (a side's squares), smallest first, while it
/// says go on: the search of the judge file of that side.
pub(crate) fn solve(side: usize, givens: &[u8], found: &mut dyn FnMut(&[u8]) -> bool) {
    match side {
        9 => {
            let mut nine = [0; 81];
            nine.copy_from_slice(givens);
            judge::Search::solve(&nine, &mut |grid| found(grid));
        }
        _ => every_size::solve(side, givens, found),
    }
}

/// The solutions of `givens`, counted up to `limit`: in the classic's order up to 9x9 or for
/// many, else as the check finds them, each left out of the next search.
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
        16 => excluding::<16>(givens, limit),
        _ => excluding::<25>(givens, limit),
    }
}

/// The most solutions counted by leaving each out of the next search (each makes the search
/// larger by a clause as long as the puzzle's blanks).
const EXCLUDED: u64 = 64;

/// The solutions of `givens` at side S up to `limit`, each found by the check and left out.
fn excluding<const S: usize>(givens: &[u8], limit: u64) -> u64 {
    let (mut check, mut found) = (every_size::Check::<S>::new(givens), 0);
    while found < limit {
        match check.solvable(i64::MAX) {
            Ok(solution) => check.exclude(&solution),
            Err(_) => break,
        }
        found += 1;
    }
    found
}

/// What the work on a puzzle finds.
pub(crate) enum Found {
    /// A solution, each square's symbol from 1; the smallest first.
    Solution(Vec<u8>),
    /// A line said of the puzzle (its count, its rating), or said before it (--explain's
    /// steps), and whether it has a solution.
    Said(String, bool),
}

/// Where the answers to an input go: the output, the messages about it, its name in them, and
/// whether every puzzle so far has a solution.
pub(crate) struct Output<'a> {
    pub(crate) out: &'a mut dyn Write,
    pub(crate) err: &'a mut dyn Write,
    pub(crate) name: &'a str,
    pub(crate) solved: &'a mut bool,
}

impl Output<'_> {
    /// Says that the puzzle has no solution.
    pub(crate) fn unsolved(&mut self, puzzle: &Puzzle) {
        *self.solved = false;
        let (number, line) = puzzle.place();
        let said = at(
            self.name,
            line,
            None,
            &format!("puzzle {number} has no solution"),
        );
        let _ = self.err.write_all(said.as_bytes());
    }
}

/// Reads the puzzles of one side (None: each of its own) from an input.
pub(crate) struct Reader<'a> {
    by: By<'a>,
    side: Option<usize>,
    /// The input's first bytes: a reading error on its first line of squares says which other
    /// side reads that line.
    kept: Rc<RefCell<Vec<u8>>>,
}

/// The judge file's reader of the side.
enum By<'a> {
    Nine(judge::Reader<'a>),
    Sized(every_size::Reader<'a>),
}

impl<'a> Reader<'a> {
    pub(crate) fn new(input: &'a mut Recent, side: Option<usize>) -> Reader<'a> {
        let kept = input.kept.clone();
        let input: &'a mut dyn Read = input;
        let by = match side {
            Some(9) => By::Nine(judge::Reader::new(input)),
            _ => By::Sized(every_size::Reader::new(input)),
        };
        Reader { by, side, kept }
    }

    /// The next line's pieces, once the answers so far went out; None: the end. A puzzle of
    /// another side is an error.
    pub(crate) fn next(&mut self, out: &mut dyn Write) -> Result<Option<Vec<Piece>>, Stop> {
        match self.pieces(out) {
            Err(Stop::Read(why)) => {
                let hint = hint(&why, &self.kept.borrow(), self.side);
                Err(Stop::Read(why + &hint))
            }
            read => read,
        }
    }

    fn pieces(&mut self, out: &mut dyn Write) -> Result<Option<Vec<Piece>>, Stop> {
        let puzzle = |read| {
            Piece::Puzzle(Puzzle {
                read,
                filled: Vec::new(),
            })
        };
        let side = self.side;
        match &mut self.by {
            By::Nine(reader) => Ok(reader.next(out)?.map(|pieces| {
                let pieces = pieces.map(|piece| match piece {
                    judge::Piece::Text(text) => Piece::Text(text),
                    judge::Piece::Puzzle(nine) => puzzle(Read9OrSized::Nine(nine)),
                });
                pieces.collect()
            })),
            By::Sized(reader) => match reader.next(out) {
                Err(every_size::Stop::Read(why)) => Err(Stop::Read(why)),
                Err(every_size::Stop::Write(e)) => Err(Stop::Write(e)),
                Ok(None) => Ok(None),
                Ok(Some(every_size::Piece::Text(text))) => Ok(Some(vec![Piece::Text(text)])),
                Ok(Some(every_size::Piece::Puzzle(sized)))
                    if side.is_some_and(|side| sized.side != side) =>
                {
                    let (s, line, number) = (sized.side, sized.line, sized.number);
                    // The first puzzle's line gets the hint of the side that reads it.
                    let any = match number {
                        1 => "",
                        _ => " (--size any reads each puzzle at its own size)",
                    };
                    let side = side.unwrap_or(s);
                    let what = format!("puzzle {number} is {s}x{s}, not {side}x{side}{any}");
                    Err(Stop::Read(format!("line {line}, column 1: {what}")))
                }
                Ok(Some(every_size::Piece::Puzzle(sized))) => {
                    Ok(Some(vec![puzzle(Read9OrSized::Sized(sized))]))
                }
            },
        }
    }
}

// ---- The line a reading error names, read as another side would read it.

/// An input whose first bytes are kept, so that the line a reading error names there can be
/// read again.
pub(crate) struct Recent<'a> {
    input: &'a mut dyn Read,
    kept: Rc<RefCell<Vec<u8>>>,
}

/// The bytes kept at the start of an input: a line of squares after more is read as no other
/// side's.
const KEPT: usize = 1 << 16;

impl<'a> Recent<'a> {
    pub(crate) fn new(input: &'a mut dyn Read) -> Recent<'a> {
        let kept = Rc::new(RefCell::new(Vec::new()));
        Recent { input, kept }
    }
}

impl Read for Recent<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.input.read(buf)?;
        let kept = &mut *self.kept.borrow_mut();
        kept.extend_from_slice(&buf[..n.min(KEPT - kept.len().min(KEPT))]);
        Ok(n)
    }
}

/// What a reading error `why` ends with, when the line it names is the input's first with
/// squares: which other side reads that line, as a row of a puzzle or a whole puzzle
/// (` (--size 16 reads this line: a row of a 16x16 puzzle)`); nothing if none does.
fn hint(why: &str, kept: &[u8], side: Option<usize>) -> String {
    let number = place(why).map(|(line, ..)| line);
    let mut lines = kept.split(|&c| c == b'\n');
    let before = |line: &[u8]| {
        let words: Vec<&[u8]> = line
            .split(u8::is_ascii_whitespace)
            .filter(|w| !w.is_empty())
            .collect();
        words.is_empty()
            || words[0][0] == b'#'
            || words.len() == 1 && words[0].iter().all(u8::is_ascii_digit)
    };
    let line = match number {
        Some(number) if lines.by_ref().take(number - 1).all(before) => lines.next(),
        _ => None,
    };
    // Whole: a line break follows it, or the input ended before `KEPT`.
    let line = match line {
        Some(line) if kept.len() < KEPT || line.as_ptr_range().end < kept.as_ptr_range().end => {
            line
        }
        _ => return String::new(),
    };
    for other in [4, 9, 16, 25]
        .into_iter()
        .filter(|&other| Some(other) != side)
    {
        for (times, what) in [(1, "a"), (other, "a row of a")] {
            if reads_as(&[line, b"\n"].concat().repeat(times), other) {
                return format!(" (--size {other} reads this line: {what} {other}x{other} puzzle)");
            }
        }
    }
    String::new()
}

/// Whether the first puzzle in `text` is one of side `side`, as that side's judge file reads.
fn reads_as(mut text: &[u8], side: usize) -> bool {
    if side == 9 {
        let mut reader = judge::Reader::new(&mut text);
        while let Ok(Some(mut pieces)) = reader.next(&mut io::sink()) {
            if pieces.any(|piece| matches!(piece, judge::Piece::Puzzle(_))) {
                return true;
            }
        }
        return false;
    }
    let mut reader = every_size::Reader::new(&mut text);
    loop {
        match reader.next(&mut io::sink()) {
            Ok(Some(every_size::Piece::Text(_))) => continue,
            Ok(Some(every_size::Piece::Puzzle(puzzle))) => return puzzle.side == side,
            _ => return false,
        }
    }
}
