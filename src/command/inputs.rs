//! The inputs: each file named in turn (standard input for `-`, or when none is), opened and
//! refused as the usual tools refuse them; how messages name them and a place in them.

/// How the command says a failure and ends, as both judge files do (the same text in each, a
/// test keeps it so): src/every_size.rs's, which serves every size.
pub(crate) use super::every_size::{fail, finish, output_failed, worded};
use std::ffi::OsString;
use std::fs::File;
use std::io::Read;

/// Standard input, the output and the messages.
pub(crate) struct Io<'a> {
	pub(crate) stdin: &'a mut dyn Read,
	pub(crate) out: &'a mut dyn std::io::Write,
	pub(crate) err: &'a mut dyn std::io::Write,
}

/// An input opened: what reads it, and whether a read may wait for a writer (a pipe, a
/// terminal; not a regular file).
pub(crate) struct Input<'a> {
	pub(crate) read: Box<dyn Read + 'a>,
	pub(crate) may_wait: bool,
}

/// An input as the command line names it: its name in messages, and it opened, or why not.
pub(crate) struct Named<'a> {
	pub(crate) name: String,
	pub(crate) opened: Result<Input<'a>, String>,
}

/// Each file in turn, opened as it comes (standard input for `-`, named once at most, or when
/// none is named).
pub(crate) fn inputs<'a>(
	files: &[&OsString],
	stdin: &'a mut dyn Read,
) -> impl Iterator<Item = Named<'a>> + 'a {
	let mut files: Vec<OsString> = files.iter().map(|&file| file.clone()).collect();
	if files.is_empty() {
		files.push("-".into());
	}
	let mut stdin = Some(stdin);
	files.into_iter().map(move |file| Named {
		name: shown(&file),
		opened: open_input(&file, &mut stdin),
	})
}

/// A file as messages name it: `-` is `<stdin>`.
fn shown(file: &OsString) -> String {
	match file.to_str() {
		Some("-") => "<stdin>".into(),
		_ => file.to_string_lossy().into_owned(),
	}
}

/// A message about a place in an input, in the form editors jump to: `sudoku: NAME:LINE:COLUMN:
/// what`, or without a column `sudoku: NAME:LINE: what`.
pub(crate) fn at(name: &str, line: usize, column: Option<usize>, what: &str) -> String {
	match column {
		Some(column) => format!("sudoku: {name}:{line}:{column}: {what}\n"),
		None => format!("sudoku: {name}:{line}: {what}\n"),
	}
}

/// A reading error of a judge file's reader (`line L, column C: what`), said at its place in
/// the input `name`.
pub(crate) fn misread(name: &str, why: &str) -> String {
	match place(why) {
		Some((line, column, what)) => at(name, line, Some(column), what),
		None => format!("sudoku: {name}: {why}\n"),
	}
}

/// The line, the column and what of a judge file's reading error.
pub(crate) fn place(why: &str) -> Option<(usize, usize, &str)> {
	let (line, rest) = why.strip_prefix("line ")?.split_once(", column ")?;
	let (column, what) = rest.split_once(": ")?;
	Some((line.parse().ok()?, column.parse().ok()?, what))
}

/// Opens FILE (`-`: standard input, taken), refusing a directory and the output's file (`F >>
/// F`).
pub(crate) fn open_input<'a>(
	file: &OsString,
	stdin: &mut Option<&'a mut dyn Read>,
) -> Result<Input<'a>, String> {
	let (input, meta): (Box<dyn Read + 'a>, _) = if file == "-" {
		let stdin = stdin.take().ok_or("standard input is read once")?;
		(Box::new(stdin), std::fs::metadata("/dev/fd/0"))
	} else {
		let f = File::open(file).map_err(|e| worded(&e))?;
		let meta = f.metadata();
		(Box::new(f), meta)
	};
	match (meta, std::fs::metadata("/dev/fd/1")) {
		(Ok(m), _) if m.is_dir() => Err("Is a directory".into()),
		#[cfg(unix)]
		(Ok(m), Ok(o)) if same_file(&m, &o) => Err("input file is output file".into()),
		(meta, _) => Ok(Input {
			read: input,
			may_wait: !meta.is_ok_and(|m| m.is_file()),
		}),
	}
}

/// Both are the same regular file (checked on Unix).
#[cfg(unix)]
fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
	use std::os::unix::fs::MetadataExt;
	a.is_file() && (a.dev(), a.ino()) == (b.dev(), b.ino())
}
