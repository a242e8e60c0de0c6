//! The texts made from the option table besides the usage: the man page (`--manual`) and the
//! shells' completions (`--completions bash|zsh|fish`).

use super::options::{forms, Opt, ABOUT, OPTIONS, STATUS};

/// The man page, in roff (`man -l` shows it).
pub(crate) fn man_page() -> String {
	let version = env!("CARGO_PKG_VERSION");
	let mut page = format!(
		".TH SUDOKU 1 \"\" \"sudoku {version}\" \"User Commands\"\n\
         .SH NAME\n\
         sudoku \\- solves sudoku puzzles as the classic search does, fast\n\
         .SH SYNOPSIS\n"
	);
	for form in forms() {
		let form: Vec<String> = form.iter().map(|part| roff(part)).collect();
		page += &format!(".B {}\n.br\n", form.join(" "));
	}
	page += &format!(".SH DESCRIPTION\n{}\n.SH OPTIONS\n", roff(ABOUT));
	for opt in &OPTIONS {
		page += &format!(".TP\n.B {}\n{}\n", roff(&opt.names()), roff(opt.help));
	}
	page += ".SH INPUT FORMATS\n";
	page += &INPUT.map(roff).join("\n.PP\n");
	page + &format!(
		"\n.SH EXIT STATUS\n{}\n\
         .SH EXAMPLES\n\
         .nf\n\
         sudoku puzzles.txt\n\
         sudoku \\-\\-count \\-\\-limit 2 puzzles.txt\n\
         sudoku \\-\\-generate 100 \\-\\-seed 1 > cases.txt\n\
         sudoku \\-\\-check cases.txt answers.txt\n\
         .fi\n\
         .SH SEE ALSO\n{}\n",
		roff(STATUS),
		roff(SEE_ALSO)
	)
}

/// What the manual says of the input, a paragraph each (docs/reading.md says it in full).
const INPUT: [&str; 4] = [
	"Each FILE holds puzzles, each read at the size its text shows (with --size N, only \
     puzzles of side N). A 9x9 puzzle is the next 81 squares in reading order, across as many \
     lines as they take: digits 1 to 9, and . 0 ? _ or * for a blank; spaces, tabs and | + - \
     = , ; [ ] { } \" ' and the box-drawing characters are layout. So one rule reads 81 \
     characters on a line, nine lines of nine, digits between spaces, a drawn grid, a board \
     literal or a C array.",
	"A puzzle of another size (1x1, 4x4, 16x16, 25x25) is a row per line, or whole on one \
     line: symbols side by side (1 to 9 with . or 0 blanks up to 9x9; A, B, ... with - or . \
     blanks past it), or numbers between spaces with 0 blanks (UVa 989).",
	"Around the puzzles: a count of cases on the first line, or a size line before a puzzle, is \
     read and not written; a line reading end ends the input; # starts a comment; a line of words \
     is a label; a name before a puzzle on its line (Name: , Name<TAB>, Puzzle 12 , 12 , \
     12;) is its label; text after a puzzle on its line is kept. The output is the input with \
     every blank filled in: all of these are written back where they stand.",
	"--check reads the answers the same way, and NO SOLUTION as the answer to a puzzle that \
     has none (UVa 989).",
];

/// Where the rest is said.
const SEE_ALSO: &str = "The sudoku sources: README.md (a guide), docs/reading.md (every layout \
    and reading error), docs/writing.md (the output and every message), docs/command.md (every \
    option, and the checkers for Polygon and Kattis), docs/every-size.md, docs/explaining.md.";

/// Text as roff shows it: backslashes and dashes escaped, no line starting with a request.
fn roff(text: &str) -> String {
	let text = text.replace('\\', "\\e").replace('-', "\\-");
	match text.starts_with(['.', '\'']) {
		true => format!("\\&{text}"),
		false => text,
	}
}

/// The completions of `shell` (its number in `SHELLS`): every option of the table, each with
/// what it does and the values it takes where they are few.
pub(crate) fn completions(shell: u64) -> String {
	match shell {
		0 => bash(),
		1 => zsh(),
		_ => fish(),
	}
}

/// Every name of every option: `-j`, `--jobs`.
fn names(opt: &Opt) -> Vec<String> {
	let short = opt.short.map(|short| format!("-{short}"));
	short.into_iter().chain([opt.long.to_string()]).collect()
}

fn bash() -> String {
	let mut values = String::new();
	for opt in OPTIONS.iter().filter(|opt| opt.value_name().is_some()) {
		let words = opt.values().join(" ");
		values += &format!(
			"        {}) COMPREPLY=($(compgen -W '{words}' -- \"$cur\")); return ;;\n",
			names(opt).join("|")
		);
	}
	let all: Vec<String> = OPTIONS.iter().flat_map(names).collect();
	format!(
		"# bash completion for sudoku\n\
         _sudoku() {{\n    \
             local cur=\"${{COMP_WORDS[COMP_CWORD]}}\" prev=\"${{COMP_WORDS[COMP_CWORD-1]}}\"\n    \
             case \"$prev\" in\n{values}    \
             esac\n    \
             case \"$cur\" in\n        \
                 -*) COMPREPLY=($(compgen -W '{}' -- \"$cur\")) ;;\n        \
                 *) COMPREPLY=($(compgen -f -- \"$cur\")) ;;\n    \
             esac\n\
         }}\n\
         complete -o filenames -F _sudoku sudoku\n",
		all.join(" ")
	)
}

fn zsh() -> String {
	let quoted = |text: &str| {
		let text = text.replace('\'', "'\\''");
		text.replace('[', "\\[")
			.replace(']', "\\]")
			.replace(':', "\\:")
	};
	let mut specs = String::new();
	for opt in &OPTIONS {
		// `'(-j --jobs)'{-j,--jobs}'...'`, or `'--count...'`.
		let names = match &names(opt)[..] {
			[short, long] => format!("'({short} {long})'{{{short},{long}}}'"),
			names => format!("'{}", names.join(",")),
		};
		let value = match (opt.value_name(), opt.values()) {
			(None, _) => String::new(),
			(Some(name), values) if values.is_empty() => format!(":{name}:"),
			(Some(name), values) => format!(":{name}:({})", values.join(" ")),
		};
		let takes = if value.is_empty() { "" } else { "=" };
		let help = quoted(opt.help);
		specs += &format!("  {names}{takes}[{help}]{value}' \\\n");
	}
	format!("#compdef sudoku\n\n_arguments -s \\\n{specs}  '*:file:_files'\n")
}

fn fish() -> String {
	let mut lines = String::from("# fish completion for sudoku\n");
	for opt in &OPTIONS {
		let short = opt
			.short
			.map_or(String::new(), |short| format!(" -s {short}"));
		let value = match opt.value_name() {
			Some(_) => format!(" -x -a '{}'", opt.values().join(" ")),
			None => String::new(),
		};
		let help = opt.help.replace('\'', "\\'");
		let long = &opt.long[2..];
		lines += &format!("complete -c sudoku{short} -l {long}{value} -d '{help}'\n");
	}
	lines
}
