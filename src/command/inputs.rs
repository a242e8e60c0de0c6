//! The inputs: each file named in turn (standard input for `-`, or when none is), opened and
//! refused as the usual tools refuse them, and the messages about each after its name.

use super::judge::{fail, finish, output_failed, worded, Stop};
use std::ffi::OsString;
use std::fs::File;
use std::io::{self, Read, Write};

/// Standard input, the output and the messages.
pub(crate) struct Io<'a> {
    pub(crate) stdin: &'a mut dyn Read,
    pub(crate) out: &'a mut dyn Write,
    pub(crate) err: &'a mut dyn Write,
}

/// An input opened: what reads it, and whether a read may wait for a writer (a pipe, a
/// terminal; not a regular file).
pub(crate) struct Input<'a> {
    pub(crate) read: Box<dyn Read + 'a>,
    pub(crate) may_wait: bool,
}

/// Answers an input: its name as messages start (`FILE: `, or nothing when no file is named);
/// `solved` turns false when a puzzle has no solution.
pub(crate) type Answer<'a> = &'a mut dyn FnMut(
    &mut Input,
    &mut dyn Write,
    &mut dyn Write,
    &str,
    &mut bool,
) -> Result<(), Stop>;

/// Answers each file in turn (standard input for `-`, or when none is named); the exit status.
pub(crate) fn each_input(files: &[&OsString], io: Io, answer: Answer) -> i32 {
    let (mut status, dash) = (0, OsString::from("-"));
    let named = !files.is_empty();
    for file in if named { files.to_vec() } else { vec![&dash] } {
        let name = match named {
            true => format!("{}: ", shown(file)),
            false => String::new(),
        };
        let mut input = match open_input(file, &mut *io.stdin) {
            Ok(input) => input,
            Err(why) => {
                status = fail(io.err, format!("sudoku: {}: {why}\n", shown(file)));
                continue;
            }
        };
        let mut solved = true;
        let mut err = Named {
            err: &mut *io.err,
            name: &name,
        };
        let answered = answer(&mut input, &mut *io.out, &mut err, &name, &mut solved);
        status = status.max(!solved as i32);
        match answered {
            Ok(()) => {}
            Err(Stop::Read(e)) => status = fail(&mut err, format!("{e}\n")),
            Err(Stop::Write(e)) => return output_failed(io.err, e, status),
        }
    }
    finish(io.out, io.err, status)
}

/// Messages about one input, each after its name (`FILE: `), in one write.
struct Named<'a> {
    err: &'a mut dyn Write,
    name: &'a str,
}

impl Write for Named<'_> {
    fn write(&mut self, message: &[u8]) -> io::Result<usize> {
        self.err
            .write_all(&[self.name.as_bytes(), message].concat())?;
        Ok(message.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.err.flush()
    }
}

/// A file as messages name it: `-` is `(standard input)`, as grep names it.
pub(crate) fn shown(file: &OsString) -> String {
    match file.to_str() {
        Some("-") => "(standard input)".into(),
        _ => file.to_string_lossy().into_owned(),
    }
}

/// Opens FILE (`-`: standard input), refusing a directory and the output's file (`F >> F`).
pub(crate) fn open_input<'a>(
    file: &OsString,
    stdin: &'a mut dyn Read,
) -> Result<Input<'a>, String> {
    let (input, meta): (Box<dyn Read + 'a>, _) = if file == "-" {
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
            may_wait: !meta.map_or(false, |m| m.is_file()),
        }),
    }
}

/// Both are the same regular file (checked on Unix).
#[cfg(unix)]
fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.is_file() && (a.dev(), a.ino()) == (b.dev(), b.ino())
}
