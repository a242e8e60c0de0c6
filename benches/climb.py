"""Climbs 16x16 and 25x25 puzzles with several solutions towards slow ones for a build.

    python3 benches/climb.py BUILD SECONDS START_FILE ... [--seed S] [--cap C]

Starting from each puzzle of the START_FILEs in turn (and from nearly empty grids of four to
eight givens), it changes a given (adds, takes away or replaces one, keeping the rules) or the
orientation, and keeps the change when BUILD (a judge program: one puzzle on standard input)
took longer in CPU time (capped at C seconds, default 60) and the puzzle still has two solutions
or more (`sudoku --count --limit 2 --size any`, the command of this repository, from $SUDOKU or
target/release/sudoku). Each climb stops after 40 tries; at the end, the slowest puzzle of each
climb, slowest first, one a line with its time: time them again against CaDiCaL with pool.py.
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pool  # noqa: E402
import pools  # noqa: E402


def several(puzzle):
    command = os.environ.get("SUDOKU", os.path.join(pools.HERE, "..", "target", "release", "sudoku"))
    import subprocess

    out = subprocess.run(
        [command, "--count", "--limit", "2", "--size", "any"],
        input=puzzle + "\n",
        capture_output=True,
        text=True,
    ).stdout.split()
    return out[:1] == ["2"]


def mutated(grid, s, rng):
    if rng.random() < 0.1:
        return pools.oriented(grid, s, rng)
    grid = list(grid)
    p = rng.randrange(s * s)
    if grid[p] and rng.random() < 0.5:
        grid[p] = 0
    else:
        grid[p] = rng.randint(1, s)
    return grid if pools.breaks_no_rule(grid, s) else None


def main():
    args = sys.argv[1:]
    seed, cap = pool.option(args, "--seed", 1), pool.option(args, "--cap", 60)
    build, seconds, files = args[0], float(args[1]), args[2:]
    rng = random.Random(seed)
    starts = [line.strip() for f in files for line in open(f) if line.strip()]
    spent, found, turn = 0.0, [], 0
    while spent < seconds:
        if turn % 3 == 2 or not starts:
            s = rng.choice([16, 25])
            grid = [0] * (s * s)
            for p in rng.sample(range(s * s), rng.randint(4, 8)):
                grid[p] = rng.randint(1, s)
            if not pools.breaks_no_rule(grid, s):
                continue
        else:
            puzzle = starts[turn % len(starts)]
            s = int(round(len(puzzle) ** 0.5))
            grid = pools.grid_of(puzzle)
        turn += 1
        best, _ = pool.run(build, pools.line(grid, s), cap, 0)
        spent += best
        for _ in range(40):
            if spent >= seconds or best >= cap:
                break
            nxt = mutated(grid, s, rng)
            if nxt is None:
                continue
            line = pools.line(nxt, s)
            took, _ = pool.run(build, line, cap, 0)
            spent += took
            if took > best and several(line):
                grid, best = nxt, took
        found.append((best, pools.line(grid, s)))
        print(f"climb {turn}: {best:.2f} s", file=sys.stderr, flush=True)
    for took, line in sorted(found, reverse=True):
        print(f"{took:.2f}\t{line}")


if __name__ == "__main__":
    main()
