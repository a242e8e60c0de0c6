//! --check PUZZLES ANSWERS: judges each answer as a judge's checker would, where any solution
//! is accepted (with --smallest, only the classic's).

use super::judge::{fail, puzzle_name, Stop};
use super::puzzles::{Piece, Puzzle, Reader};
use super::rules::{broken_rule, squares_named, symbol};
use super::{open_input, shown, Io};
use std::collections::VecDeque;
use std::ffi::OsString;
use std::io::{self, Read};

/// The puzzles of one input, one at a time.
struct Puzzles<'a> {
    reader: Reader<'a>,
    read: VecDeque<Puzzle>,
    over: bool,
}

impl Puzzles<'_> {
    /// The next puzzle, None after the last.
    fn next(&mut self) -> Result<Option<Puzzle>, Stop> {
        while self.read.is_empty() && !self.over {
            match self.reader.next(&mut io::sink())? {
                Some(pieces) => {
                    self.read
                        .extend(pieces.into_iter().filter_map(|piece| match piece {
                            Piece::Puzzle(puzzle) => Some(puzzle),
                            _ => None,
                        }))
                }
                None => self.over = true,
            }
        }
        Ok(self.read.pop_front())
    }
}

/// Pairs puzzle k of `files[0]` with answer k of `files[1]` and says, one line each on standard
/// error, each answer that is wrong and the first thing wrong with it; 0 when every answer is
/// accepted, 1 when one is not (answers that do not read as puzzles included), 2 when a file
/// cannot be opened or the puzzles cannot be read.
pub(crate) fn check(files: &[&OsString], side: usize, smallest: bool, io: Io) -> i32 {
    // Standard input goes to the one named `-` (`-` is named once at most).
    let mut none = io::empty();
    let (first, second): (&mut dyn Read, &mut dyn Read) = match *files[0] == *"-" {
        true => (io.stdin, &mut none),
        false => (&mut none, io.stdin),
    };
    let (mut puzzles, mut answers) =
        match (open_input(files[0], first), open_input(files[1], second)) {
            (Ok(puzzles), Ok(answers)) => (puzzles, answers),
            (Err(why), _) => return fail(io.err, format!("sudoku: {}: {why}\n", shown(files[0]))),
            (_, Err(why)) => return fail(io.err, format!("sudoku: {}: {why}\n", shown(files[1]))),
        };
    let mut inputs = [&mut *puzzles, &mut *answers].map(|input| Puzzles {
        reader: Reader::new(input, side),
        read: VecDeque::new(),
        over: false,
    });
    let mut status = 0;
    loop {
        let mut next = |k: usize| {
            inputs[k].next().map_err(|stop| match stop {
                Stop::Read(e) => format!("{}: {e}\n", shown(files[k])),
                Stop::Write(e) => format!("sudoku: {e}\n"), // the sink never fails
            })
        };
        let (puzzle, answer) = match (next(0), next(1)) {
            (Ok(puzzle), Ok(answer)) => (puzzle, answer),
            (Err(why), _) => return fail(io.err, why),
            // Answers that break off are wrong from there on: the puzzles left miss theirs.
            (Ok(puzzle), Err(why)) => {
                let _ = io.err.write_all(why.as_bytes());
                (status, inputs[1].over) = (1, true);
                (puzzle, None)
            }
        };
        if puzzle.is_none() && answer.is_none() {
            return status;
        }
        if let Some(said) = verdict(puzzle.as_ref(), answer.as_ref(), smallest) {
            status = 1;
            let _ = io.err.write_all(format!("{said}\n").as_bytes());
        }
    }
}

/// What is wrong with the answer to a puzzle (either may be missing), said with their names;
/// None if it is accepted.
fn verdict(puzzle: Option<&Puzzle>, answer: Option<&Puzzle>, smallest: bool) -> Option<String> {
    match (puzzle, answer) {
        (Some(puzzle), None) => {
            let (number, line) = puzzle.place();
            let name = puzzle_name(number, line, "");
            Some(format!("{name}: missing"))
        }
        (None, Some(answer)) => {
            let (number, line) = answer.place();
            Some(format!("answer {number} (line {line}): no puzzle for it"))
        }
        (Some(puzzle), Some(answer)) => wrong(puzzle, answer, smallest).map(|why| {
            let ((number, line), (_, answer_line)) = (puzzle.place(), answer.place());
            let with = format!(", answer line {answer_line}");
            format!("{}: {why}", puzzle_name(number, line, &with))
        }),
        (None, None) => None,
    }
}

/// The first thing wrong with `answer` to `puzzle`, if any: a given changed; where the puzzle
/// has no solution, a blank filled; else a symbol twice in a row, column or box, a blank left,
/// or (with `smallest`) a symbol other than the smallest solution's.
fn wrong(puzzle: &Puzzle, answer: &Puzzle, smallest: bool) -> Option<String> {
    let (side, givens, got) = (puzzle.side(), puzzle.givens(), answer.givens());
    let (squares, named) = (0..side * side, |p| squares_named(side, &[p]));
    let said = |v| symbol(side, v);
    if let Some(p) = squares
        .clone()
        .find(|&p| givens[p] != 0 && got[p] != givens[p])
    {
        return Some(format!(
            "{} was {}, is {}",
            named(p),
            said(givens[p]),
            said(got[p])
        ));
    }
    // A full grid that breaks no rule proves the puzzle solvable: no search unless the answer
    // must be the smallest.
    let full_and_sound = || !got.contains(&0) && broken_rule(side, got).is_none();
    if !smallest && full_and_sound() {
        return None;
    }
    let solution = match puzzle.smallest() {
        Some(solution) if solution == got => return None,
        Some(solution) => solution,
        None => {
            let filled = squares.clone().find(|&p| got[p] != 0 && givens[p] == 0);
            return filled.map(|p| format!("no solution, but {} is {}", named(p), said(got[p])));
        }
    };
    if let Some(why) = broken_rule(side, got) {
        return Some(why);
    }
    match squares.clone().find(|&p| got[p] == 0) {
        Some(p) => Some(format!("{} is blank", named(p))),
        None => squares.clone().find(|&p| got[p] != solution[p]).map(|p| {
            let (is, has) = (said(got[p]), said(solution[p]));
            format!(
                "not the smallest: {} is {is}, the smallest has {has}",
                named(p)
            )
        }),
    }
}
