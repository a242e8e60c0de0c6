"""Each 9x9 puzzle alone, as a whole process: CPU milliseconds (user + system), the best of RUNS
runs less the same program's run on an already solved grid (its start and its reading).

    python3 benches/alone9.py RUNS JUDGE SUDOKU [NAME=COMMAND ...] < PUZZLES

PUZZLES holds one puzzle a line (81 squares). JUDGE is `src/main.rs` built alone (`rustc -O
src/main.rs -o judge`); SUDOKU the command (`target/release/sudoku`), run with `-j 1` in four
modes: the answer, `--count --limit 2`, `--all --limit 2` and `--check` of the judge's answer.
Each NAME=COMMAND (run by the shell, the puzzle on its standard input) is timed beside: a peer,
such as tdoku's solver or `src/every_size.rs` built alone. The runs of one puzzle go in turn,
program after program, so that the machine's load falls on all alike. Prints a row a puzzle:
its solutions as the judge counts them to two (0, 1, 2: two or more), then each figure.
"""
import os
import resource
import subprocess
import sys
import tempfile

SOLVED = b"123456789456789123789123456214365897365897214897214365531642978642978531978531642\n"


def cpu(command, text, shell=False):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, input=text, shell=shell, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000


def main():
    runs, judge, sudoku = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    peers = [arg.split("=", 1) for arg in sys.argv[4:]]
    files = tempfile.mkdtemp()
    puzzles, answers = os.path.join(files, "puzzle.txt"), os.path.join(files, "answer.txt")
    programs = [
        ("judge", [judge], False),
        ("answer", [sudoku, "-j", "1"], False),
        ("count", [sudoku, "-j", "1", "--count", "--limit", "2"], False),
        ("all", [sudoku, "-j", "1", "--all", "--limit", "2"], False),
        ("check", [sudoku, "-j", "1", "--check", puzzles, answers], False),
    ] + [(name, command, True) for name, command in peers]

    def times(text, answer):
        with open(puzzles, "wb") as f:
            f.write(text)
        with open(answers, "wb") as f:
            f.write(answer)
        best = [float("inf")] * len(programs)
        for _ in range(runs):
            for i, (_, command, shell) in enumerate(programs):
                best[i] = min(best[i], cpu(command, text, shell))
        return best

    empty = times(SOLVED, SOLVED)
    print("solutions " + " ".join("%7s" % name for name, _, _ in programs) + "  puzzle")
    for line in sys.stdin:
        text = (line.strip() + "\n").encode()
        if len(text) != 82:
            continue
        answer = subprocess.run([judge], input=text, capture_output=True).stdout
        count = subprocess.run([sudoku, "--count", "--limit", "2"], input=text, capture_output=True)
        found = count.stdout.decode().strip() or "?"
        row = [t - e for t, e in zip(times(text, answer), empty)]
        print("%9s " % found + " ".join("%7.2f" % t for t in row) + "  " + line.strip())


main()
