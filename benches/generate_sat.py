"""The peer of `sudoku --generate` at 16x16 and 25x25: CaDiCaL (pysat) takes the givens of a solved
grid away in a random order of its own, each kept if the puzzle without it has another solution, one
solver for the whole pass (the rules, each given kept a unit clause, the givens not yet tried
assumptions), as incremental SAT solvers are asked.

    python3 benches/generate_sat.py MODE SEED < GRID

GRID: a solved grid on one line (`A`... symbols past 9x9), e.g. `sudoku --size 25` on a generated
puzzle. MODE: `block` (the grid blocked by a clause: some square differs), `other` (no block: the
given tried has another symbol, assumed beside the untried givens), or `fresh` (a solver afresh
for each try, as `sudoku` does at 25x25: the givens left units, another symbol at the square).
Prints the puzzle; on standard error the givens kept, the CPU seconds of the pass and CaDiCaL's
conflicts."""
import random
import sys
import time
from pysat.solvers import Solver


def main():
    mode, seed = sys.argv[1], int(sys.argv[2])
    if mode not in ("block", "other", "fresh"):
        sys.exit(f"MODE: block, other or fresh, not {mode}")
    line = sys.stdin.readline().strip()
    size = len(line)
    s = int(round(size ** 0.5))
    n = int(round(s ** 0.5))
    alphabet = "123456789"[:s] if s <= 9 else "ABCDEFGHIJKLMNOPQRSTUVWXY"[:s]
    grid = [alphabet.index(c) for c in line]
    units = [[x * s + y for y in range(s)] for x in range(s)] + [[y * s + x for y in range(s)] for x in range(s)]
    units += [[(bx * n + i) * s + by * n + j for i in range(n) for j in range(n)] for bx in range(n) for by in range(n)]

    def var(p, d):
        return p * s + d + 1

    rules = []

    def exactly_one(lits):
        rules.append(lits)
        rules.extend([-lits[i], -lits[j]] for i in range(len(lits)) for j in range(i + 1, len(lits)))

    for p in range(size):
        exactly_one([var(p, d) for d in range(s)])
    for u in units:
        for d in range(s):
            exactly_one([var(p, d) for p in u])
    given = [var(p, grid[p]) for p in range(size)]
    order = list(range(size))
    random.Random(seed).shuffle(order)
    present = [True] * size
    solver = Solver(name="cadical195", bootstrap_with=rules)
    if mode == "block":
        solver.add_clause([-g for g in given])
    started = time.process_time()
    conflicts, solving = 0, 0.0
    for i, p in enumerate(order):
        if mode == "fresh":
            fresh = Solver(name="cadical195", bootstrap_with=rules)
            for q in range(size):
                if present[q] and q != p:
                    fresh.add_clause([given[q]])
            fresh.add_clause([-given[p]])
            began = time.process_time()
            present[p] = fresh.solve()
            solving += time.process_time() - began
            conflicts += fresh.accum_stats().get("conflicts", 0)
            fresh.delete()
            continue
        untried = [given[q] for q in order[i + 1:]]
        if solver.solve(assumptions=untried if mode == "block" else untried + [-given[p]]):
            solver.add_clause([given[p]])
        else:
            present[p] = False
    seconds = time.process_time() - started
    print("".join(alphabet[grid[p]] if present[p] else "-" for p in range(size)))
    conflicts += solver.accum_stats().get("conflicts", 0)
    solved = f" ({solving:.1f} s in solve(), the rest building each solver)" if mode == "fresh" else ""
    print(f"{mode}: {sum(present)} givens kept of {size}, {seconds:.1f} s CPU{solved}, {conflicts} conflicts", file=sys.stderr)


main()
