"""The SAT peer: the smallest solution of one puzzle by CaDiCaL (pysat, `pip install
python-sat`), asked as the classic's answer is defined: square by square in reading order, the
smallest symbol with which the puzzle still has a solution.

    python3 benches/sat_smallest.py [SOLVER] [--block] [--dimacs] < PUZZLE

PUZZLE: one line of 16, 81, 256 or 625 squares (`.`, `-` or `0` blank; `1`... up to 9x9, `A`...
beyond). Prints the solution on one line, or NO SOLUTION. A var for each symbol each square may
hold, exactly one a square and a symbol once in each row, column and box, the givens unit
clauses; each model found is the witness for the squares after: a symbol below the model's is
tried under an assumption, and the symbol chosen becomes a unit clause. SOLVER: pysat's name of
another solver (`minisat22`, `glucose4`; CaDiCaL, `cadical195`, by default). On standard error,
the conflicts the solver met in all. `--block`: only the first solution, then one more search
with it blocked (a clause that an open square takes another symbol), as `src/every_size.rs`
counts to two; prints ONE or SEVERAL, and the conflicts of each search. `--dimacs`: prints the
clauses in DIMACS instead (with `--block`, the blocking clause too), for a solver's own binary
and its options (CaDiCaL's `cadical --sat`, `--unsat`: its modes)."""
import sys
from pysat.solvers import Solver


def main():
    line = sys.stdin.readline().strip()
    squares = len(line)
    side = round(squares ** 0.5)
    box = round(side ** 0.5)
    alphabet = "123456789"[:side] if side <= 9 else "ABCDEFGHIJKLMNOPQRSTUVWXY"[:side]
    given = [-1 if c in ".-0" else alphabet.index(c) for c in line]

    def var(p, d):
        return p * side + d + 1

    def unit_squares():
        for x in range(side):
            yield [x * side + y for y in range(side)]
            yield [y * side + x for y in range(side)]
        for bx in range(box):
            for by in range(box):
                yield [(bx * box + i) * side + by * box + j for i in range(box) for j in range(box)]

    args = [a for a in sys.argv[1:] if a not in ("--block", "--dimacs")]
    block, dimacs = "--block" in sys.argv, "--dimacs" in sys.argv
    solver = Solver(name=args[0] if args else "cadical195")
    clauses = []

    def add(clause):
        clauses.append(clause)
        solver.add_clause(clause)

    def write_dimacs():
        print("p cnf", squares * side, len(clauses))
        for clause in clauses:
            print(" ".join(map(str, clause)), 0)

    def exactly_one(lits):
        add(lits)
        for i in range(len(lits)):
            for j in range(i + 1, len(lits)):
                add([-lits[i], -lits[j]])

    for p in range(squares):
        exactly_one([var(p, d) for d in range(side)])
    for unit in unit_squares():
        for d in range(side):
            exactly_one([var(p, d) for p in unit])
    for p, d in enumerate(given):
        if d >= 0:
            add([var(p, d)])
    if dimacs and not block:
        return write_dimacs()
    if not solver.solve():
        print("NO SOLUTION")
        print("conflicts", solver.accum_stats()["conflicts"], file=sys.stderr)
        return
    model = set(v for v in solver.get_model() if v > 0)
    if block:
        first = solver.accum_stats()["conflicts"]
        add([-var(p, d) for p in range(squares) for d in range(side)
             if given[p] < 0 and var(p, d) in model])
        if dimacs:
            return write_dimacs()
        other = solver.solve()
        print("SEVERAL" if other else "ONE")
        print("conflicts", first, solver.accum_stats()["conflicts"] - first, file=sys.stderr)
        return
    answer = []
    for p in range(squares):
        chosen = next(d for d in range(side) if var(p, d) in model)
        for d in range(chosen):
            if solver.solve(assumptions=[var(p, d)]):
                chosen = d
                model = set(v for v in solver.get_model() if v > 0)
                break
        solver.add_clause([var(p, chosen)])
        answer.append(alphabet[chosen])
    print("".join(answer))
    print("conflicts", solver.accum_stats()["conflicts"], file=sys.stderr)


main()
