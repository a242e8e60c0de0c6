//! --count and --all: each puzzle's number of solutions, or every solution written as its
//! puzzle's block.

use super::judge::Stop;
use super::puzzles::{no_solution, solve, Piece, Puzzle, Reader};
use std::io::{self, Read, Write};
use std::mem::take;

// ---- One line per puzzle: its number of solutions (--count), or its rating (--rate). -------

/// Writes one line per puzzle, `tag` first, as `said` says it (with whether the puzzle has a
/// solution); `solved` turns false when one has none.
pub(crate) fn line_each(
    input: &mut dyn Read,
    side: usize,
    out: &mut dyn Write,
    err: &mut dyn Write,
    tag: &str,
    solved: &mut bool,
    said: &mut dyn FnMut(&Puzzle) -> (String, bool),
) -> Result<(), Stop> {
    let mut reader = Reader::new(input, side);
    while let Some(pieces) = reader.next(out)? {
        for piece in pieces {
            if let Piece::Puzzle(puzzle) = piece {
                let (line, solvable) = said(&puzzle);
                out.write_all(format!("{tag}{line}\n").as_bytes())?;
                if !solvable {
                    *solved = false;
                    no_solution(err, &puzzle);
                }
            }
        }
    }
    Ok(())
}

/// The default mode for sizes other than 9x9: writes an input back with each puzzle's blanks
/// filled in with its smallest solution (the puzzles there are whole lines); `solved` turns false
/// when a puzzle has none.
pub(crate) fn answer(
    input: &mut dyn Read,
    side: usize,
    out: &mut dyn Write,
    err: &mut dyn Write,
    solved: &mut bool,
) -> Result<(), Stop> {
    let mut reader = Reader::new(input, side);
    while let Some(pieces) = reader.next(out)? {
        for piece in pieces {
            match piece {
                Piece::Text(text) => out.write_all(&text)?,
                Piece::Puzzle(mut puzzle) => {
                    match puzzle.smallest() {
                        Some(grid) => puzzle.fill_in(&grid),
                        None => {
                            *solved = false;
                            no_solution(err, &puzzle);
                        }
                    }
                    out.write_all(puzzle.text())?;
                }
            }
        }
    }
    Ok(())
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
    puzzle: Option<(Puzzle, Vec<u8>)>,
}

/// Layout-only lines past this many bytes in a row are no part of a block: memory stays bounded.
const BORDERS_MOST: usize = 1 << 20;

/// Writes every solution of each puzzle of one input, up to `limit` each; `solved` turns false
/// when a puzzle has none.
pub(crate) fn every_solution(
    input: &mut dyn Read,
    side: usize,
    writer: &mut Writer,
    err: &mut dyn Write,
    limit: u64,
    solved: &mut bool,
) -> Result<(), Stop> {
    let (mut reader, mut block) = (Reader::new(input, side), Block::default());
    let read = loop {
        let pieces = match reader.next(writer.out) {
            Ok(Some(pieces)) => pieces,
            Ok(None) => break Ok(()),
            Err(stop) => break Err(stop),
        };
        for piece in pieces {
            match piece {
                Piece::Text(text) if border(&text) && block.lines.len() < BORDERS_MOST => {
                    block.lines.extend_from_slice(&text)
                }
                Piece::Text(text) => {
                    *solved &= close(&mut block, false, writer, err, limit)?;
                    writer.write(&text)?;
                }
                Piece::Puzzle(puzzle) => {
                    // Lines between two puzzles belong to both blocks.
                    *solved &= close(&mut block, true, writer, err, limit)?;
                    block.puzzle = Some((puzzle, take(&mut block.lines)));
                }
            }
        }
    };
    // After a reading error, a puzzle that ends mid-line shares that line with the broken one:
    // none of it is written.
    if let (Err(_), Some((puzzle, _)), true) = (&read, &block.puzzle, block.lines.is_empty()) {
        if !puzzle.text().ends_with(b"\n") {
            block.puzzle = None;
        }
    }
    *solved &= close(&mut block, false, writer, err, limit)?;
    read
}

/// A line of layout only (a drawn grid's border), of the lines without squares the reader hands
/// on: not white space, no label (a letter), no comment (`#`).
fn border(text: &[u8]) -> bool {
    let white = text.iter().all(u8::is_ascii_whitespace);
    !white && !text.iter().any(|&c| c.is_ascii_alphabetic() || c == b'#')
}

/// Answers the waiting puzzle; its lines after stay on for the next if `shared`.
fn close(
    block: &mut Block,
    shared: bool,
    writer: &mut Writer,
    err: &mut dyn Write,
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
                no_solution(err, &puzzle);
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
    let (between, owed) = separators(&[before, puzzle.text(), after].concat());
    let (givens, mut solutions, mut failed) = (puzzle.givens().to_vec(), 0, Ok(()));
    solve(puzzle.side(), &givens, &mut |grid| {
        solutions += 1;
        puzzle.fill_in(grid);
        let first = if solutions == 1 {
            puzzle.label()
        } else {
            &between
        };
        failed = [first, before, puzzle.text(), after]
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
