//! Reading an input: each puzzle at the size its text shows (or only those of one side). The
//! input's lines are dealt out to the two judge files' readers, as each reads its side: the lines
//! of 9x9 puzzles, and every line around puzzles, to src/main.rs's; the lines of a puzzle of
//! another size to src/every_size.rs's. What the command adds to them: a name before a puzzle on
//! its line (`Puzzle 12 `, `12 `, `12;`), and a 1x1 answer alone on its line.

use super::every_size;
use super::inputs::worded;
use super::judge;
use super::puzzles::{named, sized, Piece, Squares};
use std::cell::RefCell;
use std::io::{self, Read, Write};
use std::rc::Rc;

/// Why an input stopped being read: a reading error (`line L, column C: what`, as the judge
/// files say it), or the output failed (answers sent before a read that may wait).
pub(crate) enum Stop {
	Read(String),
	Write(io::Error),
}

impl From<io::Error> for Stop {
	fn from(e: io::Error) -> Stop {
		Stop::Write(e)
	}
}

impl From<judge::Stop> for Stop {
	fn from(stop: judge::Stop) -> Stop {
		match stop {
			judge::Stop::Read(why) => Stop::Read(why),
			judge::Stop::Write(e) => Stop::Write(e),
		}
	}
}

impl From<every_size::Stop> for Stop {
	fn from(stop: every_size::Stop) -> Stop {
		match stop {
			every_size::Stop::Read(why) => Stop::Read(why),
			every_size::Stop::Write(e) => Stop::Write(e),
		}
	}
}

// ---- What a line is: which reader reads it.

/// What a line is, as far as it decides which judge file's reader reads it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
	/// src/main.rs's: squares of 9x9 puzzles in any layout, or a line without squares.
	Nine,
	/// src/every_size.rs's: a row of a 4x4, 16x16 or 25x25 puzzle, or one whole on the line.
	Other,
	/// A number alone (a count of cases, a size line, a 1x1's row): read as the line after it
	/// is, or, first in the input, as a count.
	Lone,
	/// Blanks only, as long as a row of a 16x16 or 25x25 (or a drawn grid's border): read as
	/// the line after it is.
	Blanks,
	/// The `end` line (AcWing 166, POJ 3074): the input ends there.
	End,
	/// A name these many bytes long, then a whole puzzle of these many squares: `Puzzle 12 `,
	/// `12 `, `12;`.
	Named(usize, usize),
}

/// The length of the usual puzzle file's line at the start of `bytes`, if it is one: 81
/// squares alone (no byte below `.`), then its line break. Such a line is src/main.rs's.
fn usual(bytes: &[u8]) -> Option<usize> {
	let eol = match bytes.get(81..) {
		Some([b'\n', ..]) => 1,
		Some([b'\r', b'\n', ..]) => 2,
		_ => return None,
	};
	plain(&bytes[..81]).then_some(81 + eol)
}

/// The length of the line at the start of `bytes` (its line break kept), if it is here whole,
/// and whether it is surely src/main.rs's without a closer look: one word (no space, tab, CR,
/// `;` or `#` in it), of no length that a number alone, `end` or a row of another size has (1
/// to 8, 16, 25, 256, 625). Eight bytes at a time.
fn seen(bytes: &[u8]) -> Option<(usize, bool)> {
	let (mut words, mut breaks) = (bytes.chunks_exact(8), 0);
	let surely =
		|length: usize, breaks| breaks == 0 && !matches!(length, 0..=8 | 16 | 25 | 256 | 625);
	for (k, word) in (&mut words).enumerate() {
		let x = u64::from_le_bytes(word.try_into().expect("eight bytes"));
		let below = x.wrapping_sub(each(b'!')) & !x & HIGH; // space, tab, CR, line break
		let others = zero_byte(x ^ each(b';')) | zero_byte(x ^ each(b'#'));
		let newline = zero_byte(x ^ each(b'\n'));
		if newline != 0 {
			let at = newline.trailing_zeros() as usize / 8;
			let before = (1u64 << (8 * at)) - 1; // the bytes before it, as bits
			let length = 8 * k + at;
			return Some((
				length + 1,
				surely(length, breaks | (below | others) & before),
			));
		}
		breaks |= below | others;
	}
	let tail = words.remainder();
	let at = tail.iter().position(|&c| c == b'\n')?;
	let tail_breaks = tail[..at]
		.iter()
		.any(|&c| c < 0x21 || c == b';' || c == b'#');
	let length = bytes.len() - tail.len() + at;
	Some((length + 1, surely(length, breaks | tail_breaks as u64)))
}

/// Eight bytes' top bits, and each byte one.
const HIGH: u64 = ONES * 0x80;
const ONES: u64 = u64::MAX / 255;

/// Eight bytes `c`.
const fn each(c: u8) -> u64 {
	ONES * c as u64
}

/// The top bit of the first zero byte of `x` (and maybe of bytes after it).
const fn zero_byte(x: u64) -> u64 {
	x.wrapping_sub(ONES) & !x & HIGH
}

/// What a line is (its line break kept).
fn kind(line: &[u8]) -> Kind {
	if usual(line).is_some() {
		return Kind::Nine;
	}
	let comment = line
		.contains(&b'#')
		.then(|| line.iter().position(|&c| c == b'#'));
	let body = &line[..comment.flatten().unwrap_or(line.len())];
	let words = trim(body);
	let first = words.split(|&c| matches!(c, b' ' | b'\t')).next();
	let first = first.unwrap_or_default();
	match words.len() {
		0 => return Kind::Nine,
		3 if words.eq_ignore_ascii_case(b"end") => return Kind::End,
		..=8 if words.iter().all(u8::is_ascii_digit) => return Kind::Lone,
		_ => {}
	}
	// A row alone on its line, or a whole puzzle (text may follow it: a rating).
	let alone = first.len() == words.len();
	match (first.len(), symbols(first), alone) {
		(4, Some(Symbols::Digits), true) if first.iter().all(|&c| c <= b'4') => return Kind::Other,
		(16 | 25, Some(Symbols::Letters), true) => return Kind::Other,
		(16 | 25, Some(Symbols::Blanks), true) => return Kind::Blanks,
		(16, Some(Symbols::Digits), _) | (256 | 625, Some(_), _) => return Kind::Other,
		_ => {}
	}
	if !alone && matches!(numbers(words), Some(4 | 16 | 25)) {
		return Kind::Other;
	}
	// A name: what comes before the first word that is a whole puzzle, if another word does
	// (16 squares at least, after a name and a break).
	if words.len() < 18 {
		return Kind::Nine;
	}
	let mut puzzles = split(body).enumerate();
	match puzzles.find(|(_, word)| whole(&body[word.clone()])) {
		Some((k, word)) if k > 0 => Kind::Named(word.start, word.len()),
		_ => Kind::Nine,
	}
}

/// Where each word of `body` stands, the words split at spaces, tabs, `;`, CR and LF.
fn split(body: &[u8]) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
	let mut at = 0;
	std::iter::from_fn(move || {
		let start = at + body[at..].iter().position(|&c| !BREAK[c as usize])?;
		let length = body[start..].iter().position(|&c| BREAK[c as usize]);
		at = start + length.unwrap_or(body.len() - start);
		Some(start..at)
	})
}

/// The bytes of squares of a 9x9, as src/main.rs reads them: digits, and `.` `?` `_` `*` blanks.
const SQUARE: [bool; 256] = set_of(b"0123456789.?_*");

/// The bytes that split words for `split`.
const BREAK: [bool; 256] = set_of(b" \t;\r\n");

/// The set of `bytes`, byte by byte.
const fn set_of(bytes: &[u8]) -> [bool; 256] {
	let (mut set, mut k) = ([false; 256], 0);
	while k < bytes.len() {
		set[bytes[k] as usize] = true;
		k += 1;
	}
	set
}

/// The symbols of a word of squares side by side.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Symbols {
	/// `0` to `9` and `.`: up to 9x9.
	Digits,
	/// `A` to `Z`, `-` and `.`, a letter among them: 16x16 and 25x25.
	Letters,
	/// `-` and `.` only, a dash among them.
	Blanks,
}

/// Which symbols `word` is made of, if it is squares side by side of another size than 9x9's
/// (4, 16, 25, 256 or 625 of them).
fn symbols(word: &[u8]) -> Option<Symbols> {
	if !matches!(word.len(), 4 | 16 | 25 | 256 | 625) {
		return None;
	}
	let digits = word.iter().all(|&c| c.is_ascii_digit() || c == b'.');
	let letters = word
		.iter()
		.all(|&c| c.is_ascii_uppercase() || c == b'-' || c == b'.');
	match (digits, letters) {
		(true, _) => Some(Symbols::Digits),
		(_, true) if word.iter().any(u8::is_ascii_uppercase) => Some(Symbols::Letters),
		(_, true) => Some(Symbols::Blanks),
		_ => None,
	}
}

/// How many numbers `words` is, if it is numbers of one or two digits between spaces or tabs.
fn numbers(words: &[u8]) -> Option<usize> {
	let mut count = 0;
	for number in words.split(|&c| matches!(c, b' ' | b'\t')) {
		match number.len() {
			0 => {}
			1 | 2 if number.iter().all(u8::is_ascii_digit) => count += 1,
			_ => return None,
		}
	}
	Some(count)
}

/// Whether `word` is a whole puzzle on its own: 81 squares (src/main.rs's symbols), 16 of a
/// 4x4, 256 or 625 letters.
fn whole(word: &[u8]) -> bool {
	match word.len() {
		81 => word.iter().all(|&c| SQUARE[c as usize]),
		16 => symbols(word) == Some(Symbols::Digits) && word.iter().all(|&c| c <= b'4'),
		256 | 625 => matches!(symbols(word), Some(Symbols::Letters | Symbols::Blanks)),
		_ => false,
	}
}

/// No byte below `.` among `squares` (no white space, no `#`, no `,`): eight at a time.
fn plain(squares: &[u8]) -> bool {
	let mut words = squares.chunks_exact(8);
	let mut below = 0;
	for word in &mut words {
		let x = u64::from_le_bytes(word.try_into().expect("eight bytes"));
		below |= x.wrapping_sub(each(b'.')) & !x; // a byte's top bit: below `.`
	}
	below & HIGH == 0 && words.remainder().iter().all(|&c| c >= b'.')
}

/// The line without white space (space, tab, CR, LF) around it.
pub(crate) fn trim(bytes: &[u8]) -> &[u8] {
	let white = |c: &&u8| matches!(c, b' ' | b'\t' | b'\r' | b'\n');
	let from = bytes.iter().take_while(white).count();
	let to = bytes.len() - bytes[from..].iter().rev().take_while(white).count();
	&bytes[from..to]
}

// ---- The lines, dealt out.

/// The longest line the judge files read, its line break left out (their `LONGEST`): a longer
/// one is theirs to refuse.
const LONGEST: usize = 1 << 20;

/// Bytes read from the input at a time, and dealt to src/main.rs's reader at most at a time.
const CHUNK: usize = 1 << 16;

/// Which judge file's reader.
#[derive(Clone, Copy, PartialEq, Eq)]
enum To {
	/// src/main.rs's.
	Nine = 0,
	/// src/every_size.rs's.
	Other = 1,
}

/// What a reader may take when it reads: empty lines first (lines the other one took, so that
/// its line numbers stay the input's), then bytes of whole lines (src/main.rs's), or each line
/// in turn (src/every_size.rs's, a puzzle of its own under way); and whether the end of the
/// input comes after them.
#[derive(Default)]
struct Deal {
	empty: usize,
	bytes: usize,
	each: bool,
	end: bool,
}

/// The input, read ahead a chunk at a time, and what each reader may take of it.
struct Lines<'a> {
	input: &'a mut dyn Read,
	/// Read and not dealt yet: `bytes[at..filled]`.
	bytes: Vec<u8>,
	at: usize,
	filled: usize,
	/// The input ended after `bytes`.
	ended: bool,
	/// The lines dealt, each counted as its first byte goes.
	dealt: usize,
	deals: [Deal; 2],
}

impl Lines<'_> {
	/// What is read and not dealt yet.
	fn rest(&self) -> &[u8] {
		&self.bytes[self.at..self.filled]
	}

	/// Whether a read for the next line may wait (a pipe, a terminal): none is here whole.
	fn would_wait(&self) -> bool {
		!self.ended && !self.rest().contains(&b'\n')
	}

	/// Reads more of the input, after the bytes not dealt (room made for them first).
	fn fill(&mut self) -> io::Result<()> {
		self.bytes.copy_within(self.at..self.filled, 0);
		(self.filled, self.at) = (self.filled - self.at, 0);
		if self.filled + CHUNK > self.bytes.len() {
			self.bytes.resize(self.filled + CHUNK, 0); // a long line
		}
		let read = loop {
			match self.input.read(&mut self.bytes[self.filled..]) {
				Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
				read => break read?,
			}
		};
		(self.filled, self.ended) = (self.filled + read, read == 0);
		Ok(())
	}

	/// Where the line `from` bytes into what is not dealt ends (after its line break), if it is
	/// here whole; a line longer than the judge files read ends where they stop reading it.
	fn line_end(&self, from: usize) -> Option<usize> {
		let rest = &self.rest()[from..];
		match rest.iter().position(|&c| c == b'\n') {
			Some(at) if at <= LONGEST + 1 => Some(from + at + 1),
			_ if rest.len() > LONGEST + 1 => Some(from + LONGEST + 2),
			None if self.ended => Some(from + rest.len()),
			_ => None,
		}
	}

	/// The line `from` bytes into what is not dealt: its end, once it is read whole (the input
	/// read further as needed, answers sent first if the read may wait); None after the last.
	fn peek(
		&mut self,
		from: usize,
		send: &mut dyn FnMut() -> io::Result<()>,
	) -> Result<Option<usize>, Stop> {
		loop {
			match self.line_end(from) {
				_ if self.at + from == self.filled && self.ended => return Ok(None),
				Some(end) => return Ok(Some(end)),
				None => {
					if self.would_wait() {
						send()?;
					}
					let column = self.filled - self.at - from + 1;
					self.fill().map_err(|e| {
						let line =
							self.dealt
								+ 1 + self.rest()[..from].iter().filter(|&&c| c == b'\n').count();
						let what = format!("cannot read: {}", worded(&e));
						Stop::Read(format!("line {line}, column {column}: {what}"))
					})?;
				}
			}
		}
	}

	/// Bytes for `to`'s reader, as its deal allows.
	fn take(&mut self, to: To, buf: &mut [u8]) -> io::Result<usize> {
		let deal = &mut self.deals[to as usize];
		if deal.empty > 0 {
			let n = deal.empty.min(buf.len());
			buf[..n].fill(b'\n');
			deal.empty -= n;
			return Ok(n);
		}
		if deal.each && deal.bytes == 0 {
			// The next line, whole: src/every_size.rs's reader has flushed before this read.
			let end = loop {
				match self.line_end(0) {
					_ if self.at == self.filled && self.ended => break 0,
					Some(end) => break end,
					None => self.fill()?,
				}
			};
			self.dealt += (end > 0) as usize;
			self.deals[to as usize].bytes = end;
		}
		let deal = &mut self.deals[to as usize];
		let n = deal.bytes.min(buf.len());
		if n == 0 && !deal.end && !deal.each {
			return Err(io::Error::other("no line was dealt to this reader"));
		}
		buf[..n].copy_from_slice(&self.bytes[self.at..self.at + n]);
		(self.at, deal.bytes) = (self.at + n, deal.bytes - n);
		Ok(n)
	}
}

/// One judge file's reader's input: the lines dealt to it.
pub(crate) struct Tap<'a> {
	lines: Rc<RefCell<Lines<'a>>>,
	to: To,
}

impl Read for Tap<'_> {
	fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
		self.lines.borrow_mut().take(self.to, buf)
	}
}

/// An input's lines, as the two judge files' readers read them (each from its tap).
pub(crate) struct Taps<'a> {
	nine: Tap<'a>,
	other: Tap<'a>,
}

impl<'a> Taps<'a> {
	pub(crate) fn new(input: &'a mut dyn Read) -> Taps<'a> {
		let lines = Rc::new(RefCell::new(Lines {
			input,
			bytes: vec![0; CHUNK],
			at: 0,
			filled: 0,
			ended: false,
			dealt: 0,
			deals: Default::default(),
		}));
		let tap = |to| Tap {
			lines: lines.clone(),
			to,
		};
		Taps {
			nine: tap(To::Nine),
			other: tap(To::Other),
		}
	}
}

/// What a judge file's reader flushes before a read that may wait (and writes nothing to): the
/// flush is `send`, which sends out the answers to what was read, if the read may wait.
struct BeforeWait<'s, 'l, 'a>(
	&'s mut dyn FnMut() -> io::Result<()>,
	&'l RefCell<Lines<'a>>,
);

impl Write for BeforeWait<'_, '_, '_> {
	fn write(&mut self, _: &[u8]) -> io::Result<usize> {
		Err(io::Error::other("the readers write nothing"))
	}

	fn flush(&mut self) -> io::Result<()> {
		match self.1.borrow().would_wait() {
			true => (self.0)(),
			false => Ok(()),
		}
	}
}

/// The only side read (`--size N`, `--explain`), and what a puzzle of another side is told.
#[derive(Clone, Copy)]
pub(crate) struct Only {
	pub(crate) side: usize,
	pub(crate) why: &'static str,
}

/// How the next line was dealt.
enum Dealt {
	/// To src/main.rs's reader, with the lines after it that are surely its.
	Nine,
	/// To src/every_size.rs's reader, for a piece.
	Other,
	/// Nowhere: a 1x1 answer alone (its line's end).
	One(usize),
	/// The input ends here.
	End,
}

/// Reads the puzzles of an input, each at the size its text shows (or those of one side only),
/// a line at a time.
pub(crate) struct LineReader<'t, 'a> {
	nine: judge::Reader<'t>,
	other: every_size::Reader<'t>,
	lines: Rc<RefCell<Lines<'a>>>,
	only: Option<Only>,
	/// The lines each reader has taken, empty ones included: the numbers of its lines.
	seen: [usize; 2],
	/// Lines dealt to src/main.rs's reader and not read by it yet: empty ones, then the input's.
	empty: usize,
	waiting: usize,
	/// A puzzle of src/main.rs's reader is open: the lines go on to it.
	open: bool,
	/// The line dealt to src/main.rs's reader first is a lone number (its count line, then).
	lone: bool,
	/// The puzzles each reader read, and all of them: each reader numbers its own, the command
	/// numbers them in the input.
	read: [usize; 2],
	puzzles: usize,
	/// The name blanked out on the line dealt, for its puzzle.
	name: Option<Vec<u8>>,
	/// The next puzzle is 1x1 (an answer to one): a line of one square is it.
	one: bool,
	/// The line the last pieces came from (their last line).
	line: usize,
	/// The kind of the line after the lines dealt last, where it was found.
	known: Option<Kind>,
}

impl<'t, 'a> LineReader<'t, 'a> {
	pub(crate) fn new(taps: &'t mut Taps<'a>, only: Option<Only>) -> LineReader<'t, 'a> {
		let lines = taps.nine.lines.clone();
		LineReader {
			nine: judge::Reader::new(&mut taps.nine),
			other: every_size::Reader::new(&mut taps.other),
			lines,
			only,
			seen: [0; 2],
			empty: 0,
			waiting: 0,
			open: false,
			lone: false,
			read: [0; 2],
			puzzles: 0,
			name: None,
			one: false,
			line: 0,
			known: None,
		}
	}

	/// The line the pieces read last came from (their last).
	pub(crate) fn line(&self) -> usize {
		self.line
	}

	/// Says that a line of text stood in a puzzle's place (`NO SOLUTION`, an answer): it is
	/// numbered as one, and the input holds one.
	pub(crate) fn taken_as_a_puzzle(&mut self) {
		self.puzzles += 1;
	}

	/// Says that the next puzzle is 1x1 (or not): a line of one square alone is it, though no
	/// size line comes before it (UVa 989's answers).
	pub(crate) fn one_by_one(&mut self, one: bool) {
		self.one = one;
	}

	/// Adds the next pieces to `pieces` (a line's, or a puzzle of another size than 9x9 and
	/// what comes before it); before a read that may wait, `send` sends out the answers so far.
	/// False: the end. A puzzle of another side than the one asked for is an error.
	pub(crate) fn next(
		&mut self,
		pieces: &mut Vec<Piece>,
		send: &mut dyn FnMut() -> io::Result<()>,
	) -> Result<bool, Stop> {
		let from = pieces.len();
		let more = self.read(pieces, send)?;
		for piece in &pieces[from..] {
			if let Piece::Puzzle(puzzle) = piece {
				self.of_the_side(&**puzzle)?;
			}
		}
		Ok(more)
	}

	fn read(
		&mut self,
		pieces: &mut Vec<Piece>,
		send: &mut dyn FnMut() -> io::Result<()>,
	) -> Result<bool, Stop> {
		if self.waiting == 0 {
			match self.deal(send)? {
				Dealt::Nine => {}
				Dealt::Other => return self.read_other(pieces, send),
				Dealt::One(end) => return Ok(self.one_square(end, pieces)),
				Dealt::End => return Ok(false),
			}
		}
		self.read_nine(pieces, send)
	}

	/// Deals the next line to the reader that reads it (with the lines after it that are
	/// surely src/main.rs's, to that one).
	fn deal(&mut self, send: &mut dyn FnMut() -> io::Result<()>) -> Result<Dealt, Stop> {
		let known = self.known.take();
		let shared = self.lines.clone();
		let lines = &mut *shared.borrow_mut();
		let Some(end) = lines.peek(0, send)? else {
			// The end of the input: src/main.rs's reader says what is missing, if anything is.
			if !self.open && self.puzzles > 0 {
				return Ok(Dealt::End);
			}
			self.deal_nine(lines, 0, 0, true);
			return Ok(Dealt::Nine);
		};
		let line = &lines.rest()[..end];
		let line = match lines.dealt {
			0 => line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line), // a byte-order mark
			_ => line,
		};
		if self.open {
			self.deal_nine(lines, end, 1, false);
			return Ok(Dealt::Nine);
		}
		if self.one && trim(line).len() == 1 {
			return Ok(Dealt::One(end));
		}
		let mut kind = known.unwrap_or_else(|| kind(line));
		if let Kind::Named(length, squares) = kind {
			let name = &mut lines.bytes[lines.at..][..length];
			self.name = Some(name.to_vec());
			name.fill(b' ');
			// The line is now that whole puzzle, and maybe text after it.
			kind = if squares == 81 {
				Kind::Nine
			} else {
				Kind::Other
			};
		}
		// A lone number or blanks are read as the line after them is.
		let after = match kind {
			Kind::Lone | Kind::Blanks => lines
				.peek(end, send)?
				.map(|next| lines.rest()[end..next].to_vec()),
			_ => None,
		};
		let after = after.as_deref().map(kind_and_numbers);
		let other = match kind {
			Kind::Other => true,
			Kind::Lone => matches!(after, Some((Kind::Other | Kind::Lone, _) | (_, true))),
			Kind::Blanks => matches!(after, Some((Kind::Other, _))),
			Kind::End if self.puzzles > 0 => return Ok(Dealt::End),
			_ => false,
		};
		if other {
			let deal = &mut lines.deals[To::Other as usize];
			(deal.empty, deal.each) = (lines.dealt - self.seen[To::Other as usize], true);
			return Ok(Dealt::Other);
		}
		self.lone = kind == Kind::Lone;
		self.deal_nine(lines, end, 1, false);
		Ok(Dealt::Nine)
	}

	/// Deals src/main.rs's reader the line ending at `end` (of `count` lines: 0 or 1), and the
	/// lines after it that are surely its; the end of the input too if `end`.
	fn deal_nine(&mut self, lines: &mut Lines, mut end: usize, mut count: usize, ended: bool) {
		while count > 0 && end < CHUNK {
			let rest = &lines.rest()[end..];
			let length = match usual(rest)
				.map(|length| (length, true))
				.or_else(|| seen(rest))
			{
				Some((length, true)) => length,
				Some((length, false)) => match kind(&rest[..length]) {
					Kind::Nine => length,
					other => {
						self.known = Some(other);
						break;
					}
				},
				None => break,
			};
			(end, count) = (end + length, count + 1);
		}
		let empty = lines.dealt - self.seen[To::Nine as usize];
		lines.dealt += count;
		let deal = &mut lines.deals[To::Nine as usize];
		let to_the_end = lines.ended && lines.at + end == lines.filled;
		(deal.empty, deal.bytes, deal.end) = (empty, end, ended || to_the_end);
		self.seen[To::Nine as usize] = lines.dealt;
		(self.empty, self.waiting) = (empty, count.max(1));
	}

	/// src/main.rs's reader reads the next line dealt to it (the empty ones first, unwritten).
	fn read_nine(
		&mut self,
		pieces: &mut Vec<Piece>,
		send: &mut dyn FnMut() -> io::Result<()>,
	) -> Result<bool, Stop> {
		let offset = self.puzzles - self.read[To::Nine as usize];
		let out = &mut BeforeWait(send, &self.lines);
		while self.empty > 0 {
			self.empty -= 1;
			self.nine
				.next(out)
				.map_err(|stop| renumbered(stop.into(), offset))?;
		}
		self.waiting -= 1;
		self.line = self.seen[To::Nine as usize] - self.waiting;
		let read = self.nine.next(out);
		let Some(read) = read.map_err(|stop| renumbered(stop.into(), offset))? else {
			return Ok(false);
		};
		let (mut count, mut name) = (0, self.name.take());
		// A puzzle is open after the line if the line read no whole puzzle, or one that ends
		// before the line does (another starts there).
		self.open = !std::mem::take(&mut self.lone);
		for piece in read {
			pieces.push(match piece {
				judge::Piece::Text(text) => {
					self.open = false;
					Piece::Text(text)
				}
				judge::Piece::Puzzle(mut puzzle) => {
					puzzle.number += offset;
					count += 1;
					self.open = !puzzle.text.ends_with(b"\n");
					Piece::Puzzle(named(name.take(), puzzle))
				}
			});
		}
		self.read[To::Nine as usize] += count;
		self.puzzles += count;
		Ok(true)
	}

	/// src/every_size.rs's reader reads a piece from the lines dealt to it.
	fn read_other(
		&mut self,
		pieces: &mut Vec<Piece>,
		send: &mut dyn FnMut() -> io::Result<()>,
	) -> Result<bool, Stop> {
		let offset = self.puzzles - self.read[To::Other as usize];
		let empty = self.lines.borrow().deals[To::Other as usize].empty;
		let out = &mut BeforeWait(send, &self.lines);
		let mut read = Ok(None);
		for _ in 0..=empty {
			read = self.other.next(out);
			if read.is_err() {
				break;
			}
		}
		let mut lines = self.lines.borrow_mut();
		lines.deals[To::Other as usize].each = false;
		(self.seen[To::Other as usize], self.line) = (lines.dealt, lines.dealt);
		drop(lines);
		match read.map_err(|stop| renumbered(stop.into(), offset))? {
			None => return Ok(false),
			Some(every_size::Piece::Text(text)) => pieces.push(Piece::Text(text)),
			Some(every_size::Piece::Puzzle(mut puzzle)) => {
				puzzle.number += offset;
				self.read[To::Other as usize] += 1;
				self.puzzles += 1;
				pieces.push(Piece::Puzzle(named(self.name.take(), sized(puzzle))));
			}
		}
		self.name = None;
		Ok(true)
	}

	/// A 1x1 answer alone on the line ending at `end`, read as src/every_size.rs reads one after
	/// its size line.
	fn one_square(&mut self, end: usize, pieces: &mut Vec<Piece>) -> bool {
		let mut lines = self.lines.borrow_mut();
		let text = [&b"1\n"[..], &lines.rest()[..end]].concat();
		lines.at += end;
		lines.dealt += 1;
		self.line = lines.dealt;
		drop(lines);
		let mut bytes = &text[..];
		let mut reader = every_size::Reader::new(&mut bytes);
		match reader.next(&mut io::sink()) {
			Ok(Some(every_size::Piece::Puzzle(mut puzzle))) => {
				(puzzle.number, puzzle.line) = (self.puzzles + 1, self.line);
				self.puzzles += 1;
				pieces.push(Piece::Puzzle(sized(puzzle)));
			}
			// Not a square of a 1x1 (`2`): a line without squares, for the checker to say.
			_ => pieces.push(Piece::Text(text[2..].to_vec())),
		}
		true
	}

	/// Err if the puzzle is not of the side read.
	fn of_the_side(&self, puzzle: &dyn Squares) -> Result<(), Stop> {
		let (s, (number, line)) = (puzzle.side(), puzzle.place());
		match self.only {
			Some(Only { side, why }) if side != s => {
				let what = format!("puzzle {number} is {s}x{s}, not {side}x{side}{why}");
				Err(Stop::Read(format!("line {line}, column 1: {what}")))
			}
			_ => Ok(()),
		}
	}
}

/// A line's kind, and whether it is numbers between spaces (a row of UVa 989's layout).
fn kind_and_numbers(line: &[u8]) -> (Kind, bool) {
	let words = trim(line);
	let spaced = words.iter().any(|&c| c == b' ' || c == b'\t');
	(kind(line), spaced && numbers(words).is_some())
}

/// A judge file's reading error, its puzzle named by its number in the input: each reader
/// numbers only the puzzles it reads, `offset` fewer than came before.
fn renumbered(stop: Stop, offset: usize) -> Stop {
	let why = match stop {
		Stop::Read(why) if offset > 0 => why,
		stop => return stop,
	};
	let Some((before, after)) = why.split_once("puzzle ") else {
		return Stop::Read(why);
	};
	let digits = after.bytes().take_while(u8::is_ascii_digit).count();
	match after[..digits].parse::<usize>() {
		Ok(number) if after[digits..].starts_with(" (line ") => {
			let rest = &after[digits..];
			Stop::Read(format!("{before}puzzle {}{rest}", number + offset))
		}
		_ => Stop::Read(why),
	}
}
