//! --count and --all: each puzzle's number of solutions, or every solution written as its
//! puzzle's block.

use super::super::{fill_in, no_solution, trim, Piece, Puzzle, Reader, Search, Stop};
use super::super::{CLASS, HASH, LETTER, LONGEST};
use std::io::{self, Read, Write};
use std::mem::take;

// ---- Counting: one line per puzzle, its number of solutions. --------------------------------

pub(crate) fn count(
    input: &mut dyn Read,
    out: &mut dyn Write,
    err: &mut dyn Write,
    name: &str,
    tag: &str,
    limit: u64,
) -> Result<bool, Stop> {
    let (mut reader, mut solved) = (Reader::new(input), true);
    while let Some(pieces) = reader.next(out)? {
        for piece in pieces {
            if let Piece::Puzzle(puzzle) = piece {
                let mut solutions = 0;
                Search::solve(&puzzle.givens, &mut |_| {
                    solutions += 1;
                    solutions < limit
                });
                out.write_all(format!("{}{}\n", tag, solutions).as_bytes())?;
                if solutions == 0 {
                    solved = false;
                    no_solution(err, name, &puzzle);
                }
            }
        }
    }
    Ok(solved)
}

// ---- Every solution: each written as its puzzle's block, with the borders around it. -------

/// The output, and a line break owed once more follows a block that ended mid-line.
pub(crate) struct Writer<'a> {
    pub(crate) out: &'a mut dyn Write,
    pub(crate) owed: &'static [u8],
}

impl Writer<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.out.write_all(take(&mut self.owed))?;
        self.out.write_all(bytes)
    }
}

/// A puzzle's block: the border lines right around it (a drawn grid's), so a puzzle waits,
/// with the lines before it, for those after it.
#[derive(Default)]
struct Block {
    lines: Vec<u8>,
    puzzle: Option<(Box<Puzzle>, Vec<u8>)>,
}

/// Writes every solution of each puzzle of one input, up to `limit` each; Ok(false) when some
/// puzzle has none.
pub(crate) fn every_solution(
    input: &mut dyn Read,
    writer: &mut Writer,
    err: &mut dyn Write,
    name: &str,
    limit: u64,
) -> Result<bool, Stop> {
    let (mut reader, mut block, mut solved) = (Reader::new(input), Block::default(), true);
    let read = loop {
        let pieces = match reader.next(writer.out) {
            Ok(Some(pieces)) => pieces,
            Ok(None) => break Ok(()),
            Err(stop) => break Err(stop),
        };
        for piece in pieces {
            match piece {
                Piece::Text(text) if border(&text) && block.lines.len() < LONGEST => {
                    block.lines.extend_from_slice(&text)
                }
                Piece::Text(text) => {
                    solved &= close(&mut block, false, writer, err, name, limit)?;
                    writer.write(&text)?;
                }
                Piece::Puzzle(puzzle) => {
                    // Lines between two puzzles belong to both blocks.
                    solved &= close(&mut block, true, writer, err, name, limit)?;
                    block.puzzle = Some((puzzle, take(&mut block.lines)));
                }
            }
        }
    };
    // After a reading error, a puzzle that ends mid-line shares that line with the broken one:
    // none of it is written.
    if let (Err(_), Some((puzzle, _)), true) = (&read, &block.puzzle, block.lines.is_empty()) {
        if !puzzle.text.ends_with(b"\n") {
            block.puzzle = None;
        }
    }
    solved &= close(&mut block, false, writer, err, name, limit)?;
    read?;
    Ok(solved)
}

/// A line of layout only (a drawn grid's border): no label, no comment, not white space.
fn border(text: &[u8]) -> bool {
    let words = |c: &u8| matches!(CLASS[*c as usize], LETTER | HASH);
    !trim(text).is_empty() && !text.iter().any(words)
}

/// Answers the waiting puzzle; its lines after stay on for the next if `shared`.
fn close(
    block: &mut Block,
    shared: bool,
    writer: &mut Writer,
    err: &mut dyn Write,
    name: &str,
    limit: u64,
) -> io::Result<bool> {
    let after = if shared {
        block.lines.clone()
    } else {
        take(&mut block.lines)
    };
    match block.puzzle.take() {
        Some((mut puzzle, before)) => {
            let solutions = write_solutions(&mut puzzle, &before, &after, writer, limit)?;
            if solutions == 0 {
                no_solution(err, name, &puzzle);
            }
            Ok(solutions > 0)
        }
        None if shared => Ok(true),
        None => writer.write(&after).map(|()| true),
    }
}

/// Writes the block of each solution, up to `limit`; the number written.
fn write_solutions(
    puzzle: &mut Puzzle,
    before: &[u8],
    after: &[u8],
    writer: &mut Writer,
    limit: u64,
) -> io::Result<u64> {
    let (between, owed) = separators(&[before, &puzzle.text, after].concat());
    let (givens, mut solutions, mut failed) = (puzzle.givens, 0, Ok(()));
    Search::solve(&givens, &mut |grid| {
        solutions += 1;
        fill_in(puzzle, grid);
        let first = if solutions == 1 {
            &puzzle.label[..]
        } else {
            &between
        };
        failed = [first, before, &puzzle.text, after]
            .iter()
            .try_for_each(|part| writer.write(part));
        failed.is_ok() && solutions < limit
    });
    failed?;
    if solutions > 0 {
        writer.owed = owed;
    }
    Ok(solutions)
}

/// Between two solutions of a block: its missing line break, and an empty line if it spans
/// several lines; and the line break owed after the last.
fn separators(block: &[u8]) -> (Vec<u8>, &'static [u8]) {
    let eol: &'static [u8] = if block.windows(2).any(|w| w == b"\r\n") {
        b"\r\n"
    } else {
        b"\n"
    };
    let (ends, breaks) = (
        block.ends_with(b"\n"),
        block.iter().filter(|&&c| c == b'\n').count(),
    );
    let owed = if ends { &b""[..] } else { eol };
    (
        if breaks > ends as usize {
            [owed, eol].concat()
        } else {
            owed.to_vec()
        },
        owed,
    )
}
