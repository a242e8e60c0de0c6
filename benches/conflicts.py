"""The check's conflicts and its learnt clauses' length, for one build of the every-size judge
file on each puzzle: counts the judge file does not keep, so this builds a copy that does.

    python3 benches/conflicts.py [JUDGE_FILE] < PUZZLES

JUDGE_FILE: src/every_size.rs by default (give another revision's copy, e.g. from `git show
REV:src/every_size.rs`). PUZZLES: one puzzle a line. For each: the conflicts of all the check's
searches, the learnt clauses' mean length in literals, and the CPU seconds (the copy is built
with `rustc -O`; counting costs a few per cent). The two lines patched in are the conflict's
analysis and the exit: a judge file without them is refused.
"""
import os
import resource
import subprocess
import sys
import tempfile

COUNT = """
fn count(literals: usize) {
	use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
	static CONFLICTS: AtomicUsize = AtomicUsize::new(0);
	static LITERALS: AtomicUsize = AtomicUsize::new(0);
	match literals {
		0 => {
			let (c, l) = (CONFLICTS.load(Relaxed), LITERALS.load(Relaxed));
			eprintln!("conflicts {c} length {:.1}", l as f64 / c.max(1) as f64);
		}
		_ => {
			CONFLICTS.fetch_add(1, Relaxed);
			LITERALS.fetch_add(literals, Relaxed);
		}
	}
}
"""


def main():
    source = open(sys.argv[1] if len(sys.argv) > 1 else "src/every_size.rs").read()
    learnt = "let (clause, back, lbd) = self.analyze(conflict);"
    exit = "std::process::exit(status);"
    if learnt not in source or exit not in source:
        raise SystemExit("conflicts.py: the judge file has no analysis or exit line to count at")
    source = source.replace(learnt, learnt + " count(clause.len());", 1)
    source = source.replace(exit, "count(0); " + exit, 1) + COUNT
    with tempfile.TemporaryDirectory() as dir:
        path = os.path.join(dir, "counted.rs")
        open(path, "w").write(source)
        subprocess.run(["rustc", "-O", "--edition", "2021", "-o", path[:-3], path], check=True)
        for n, line in enumerate(sys.stdin, 1):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            run = subprocess.run([path[:-3]], input=line.encode(), capture_output=True)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            seconds = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
            said = [s for s in run.stderr.decode().splitlines() if s.startswith("conflicts")]
            print(n, said[-1] if said else "no count", f"{seconds:.2f} s", flush=True)


main()
