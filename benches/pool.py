"""Each puzzle of a pool alone, as a whole process, for each program in turn: CPU seconds.

    python3 benches/pool.py FILE TIMEOUT NAME=COMMAND [NAME=COMMAND ...] [--memory KB] [--tsv OUT]

FILE holds one puzzle a line; each COMMAND (run by the shell) reads one line on standard input
and writes its answer: `ours=target/release/examples/every_size`, `cad="python3
../shared/peers/sat_smallest.py"`, `dlx=/work/peers/dlx`. For each puzzle the programs run one
after another (alternated, so the machine's load falls on all alike), each its child's CPU time
(user + system) measured, capped at TIMEOUT CPU seconds; with `--memory KB`, the first program
under that limit of address space (`ulimit -v`; not the others: Python and pysat alone come
near 64 MB). Every answer (a line of the solution, or NO SOLUTION) is compared
with the first program's; dancing links (a name starting `dlx`) writes a solution, not the
smallest, and is not compared. Prints each puzzle's times, then for each program the sum (a
time-out as TIMEOUT), median, slowest, how many over 5 s, and against the second program how
many puzzles took more than 1.5 and 3 times its time. `--tsv OUT` keeps the times.
"""
import os
import resource
import subprocess
import sys


def run(command, puzzle, timeout, memory):
    def limits():
        resource.setrlimit(resource.RLIMIT_CPU, (timeout, timeout + 1))
        if memory:
            resource.setrlimit(resource.RLIMIT_AS, (memory * 1024, memory * 1024))

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    child = subprocess.Popen(
        command,
        shell=True,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        preexec_fn=limits,
    )
    try:
        out, _ = child.communicate(puzzle.encode() + b"\n", timeout=4 * timeout + 10)
    except subprocess.TimeoutExpired:
        child.kill()
        out, _ = child.communicate()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    words = out.decode(errors="replace").split()
    answer = words[0] if words else ""
    if answer == "NO" or any(c in answer for c in ".-0") or len(answer) != len(puzzle):
        answer = "NO SOLUTION" if answer == "NO" or (answer and child.returncode == 1) else ""
    finished = child.returncode in (0, 1) and answer != "" and cpu < timeout
    return cpu, (answer if finished else None)


def option(args, name, default):
    """The value after `name` in `args` (both taken out of it), else `default`."""
    if name not in args:
        return default
    at = args.index(name)
    value = args[at + 1]
    del args[at : at + 2]
    return type(default)(value) if default is not None else value


def main():
    args = sys.argv[1:]
    memory, tsv = option(args, "--memory", 0), option(args, "--tsv", None)
    if len(args) < 3:
        raise SystemExit(__doc__)
    file, timeout = args[0], int(args[1])
    programs = [a.split("=", 1) for a in args[2:]]
    puzzles = [line.strip() for line in open(file) if line.strip()]
    times = {name: [] for name, _ in programs}
    wrong = 0
    rows = []
    for i, puzzle in enumerate(puzzles, 1):
        answers, row = {}, [str(i)]
        for name, command in programs:
            cpu, answer = run(command, puzzle, timeout, memory if name == programs[0][0] else 0)
            times[name].append(cpu if answer is not None else float(timeout))
            answers[name] = answer
            row.append(f"{cpu:.3f}" if answer is not None else f">{timeout}")
        first = programs[0][0]
        for name, _ in programs[1:]:
            a, b = answers[first], answers[name]
            if not name.startswith("dlx") and a is not None and b is not None and a != b:
                wrong += 1
                row.append(f"DIFFERENT({first},{name})")
        rows.append(row)
        print("\t".join(row), flush=True)
    if tsv:
        with open(tsv, "w") as f:
            f.write("\t".join(["#"] + [name for name, _ in programs]) + "\n")
            f.writelines("\t".join(row) + "\n" for row in rows)
    print(f"{file}: {len(puzzles)} puzzles, time-out {timeout} s, load {os.getloadavg()[0]:.1f}")
    peer = programs[1][0] if len(programs) > 1 else None
    for name, _ in programs:
        t = sorted(times[name])
        over5 = sum(x > 5 for x in t)
        line = f"  {name}: sum {sum(t):.2f} s, median {t[len(t) // 2]:.3f} s, slowest {t[-1]:.2f} s"
        line += f", over 5 s {over5}"
        if peer and name != peer:
            pairs = list(zip(times[name], times[peer]))
            line += f"; over 1.5x {peer} {sum(a > 1.5 * b for a, b in pairs)}"
            line += f", over 3x {sum(a > 3 * b for a, b in pairs)}"
        print(line)
    if wrong:
        print(f"  DIFFERENT answers: {wrong}")


if __name__ == "__main__":
    main()
