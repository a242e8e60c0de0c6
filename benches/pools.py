"""The every-size pools of benches/NOTEBOOK.md, made again the same way from named seeds.

    python3 benches/pools.py DIR [POOL ...]

writes DIR/POOL.txt, one puzzle a line (16x16 and 25x25: letters, `-` blanks), for each POOL
(all without one):

  several25  41: 40 one-solution 25x25 with 1 to 10 givens taken away (random orientations
             of the minimal puzzle below with 5 to 15 givens of its solution put back), then
             the puzzle of issue 52
  minimal25  16: `sudoku --generate 1 --size 25 --seed 3 -j 1` (about two CPU minutes), then
             15 random orientations and relabellings of it (an orientation keeps a puzzle's
             count of solutions and its minimality); `unique_from` makes others with CaDiCaL
             (about five CPU minutes each on a quiet machine, far more on some grids)
  minimal12  12: 3 random orientations of each of `--generate 1 --size 25 --seed K`'s minimal
             puzzle, K = 4 to 7 (other grids than the two pools above: nothing was tuned on them)
  several24  24: 6 puzzles near each of those, made as several25's are
  sparse25   40: 5 to 25 givens kept from a random orientation and relabelling of a solved
             grid (seed 2611)
  sparse11   11: the climbed sparse puzzles with several solutions the notebook lists
             (16x16 of 4 to 7 givens, 25x25 of 15 to 17)
  hour8      8: the slowest of the hour against issue 52's build, from benches/README.md
  climb62    8: the slowest of the hour against issue 62's build, from benches/README.md
  climb-target  8: the slowest of the hour against target phases' build, from benches/README.md
  climb-kept  8: the slowest of the hour against the build keeping clauses, from benches/README.md
  climb62-oriented, hour8-oriented  16 each: two random orientations and relabellings of each
             of climb62's and of hour8's (seeds 70 and 71)
  gen16-one, gen16-two, gen16-none  30, 10, 10: `sudoku --generate 30|10|10 --size 16
             --solutions 1|2|0 --seed 1 -j 1`
  random16   1,000: 16x16 with 3 to 12 givens at random squares, each breaking no rule (seed 62)

`unique_from` makes one-solution and minimal puzzles with CaDiCaL (pysat): a solved grid from
random givens, then givens taken away in a random order while no second solution exists (the
first solution blocked by a clause, the kept givens as assumptions). `sudoku` is the command built
from this repository (`cargo build --release`), taken from $SUDOKU or target/release/sudoku.
"""
import functools
import os
import random
import re
import subprocess
import sys

from pysat.solvers import Solver

HERE = os.path.dirname(os.path.abspath(__file__))
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXY"
ISSUE_52 = (
    "KES..A....O..F....UTW..RX.X.P....E..N..IQ.O.Y..S..R.....KH.J...WLVDP....B.F.JDAB...VTY.X.HF...."
    "LO..E..G...PD.XC.BSTW.R.KH...A..A.VR...SJKE....F.NDWGH...P.NVC.........O.M.ER.....Q..GM.U.R....E"
    ".D.L.N.VYYB...E.K.DT....HQ..I..JUSJTH....F....WV...SP.........M..HL...D.U..B.WF.V..T..Y.D...O..."
    "VBRK.G.E.SLCQ..JS...N.B...GCYH...XPW...RI.T..U...XQ.N.P......O.O..G...PSIH....D..Q........T..HA."
    "..EQ.D...VNWF.CY.F....J..I.L.C.A.U.K..GV..IM.....Q.W..H..T.C..J...K..BNG.....I..O.LY....D..W..XR"
    "..NCL..Y.P.G.ID.Q.M..HO.K.W.JQMBT..GCNE....D..M...P.O.KC.RU.V....S...E.X..IS..V..KO.N..G.B...R.J"
    "T.V.RB.AG..CS.PO.U....X.H.WE..S......F...XK..P..Q."
)


def units(s):
    n = int(round(s**0.5))
    rows = [[x * s + y for y in range(s)] for x in range(s)]
    cols = [[y * s + x for y in range(s)] for x in range(s)]
    boxes = [
        [(bx * n + i) * s + by * n + j for i in range(n) for j in range(n)]
        for bx in range(n)
        for by in range(n)
    ]
    return rows + cols + boxes


def cnf(s):
    """Var s*p + d + 1: symbol d at square p; each square one symbol, each unit each symbol once."""
    clauses = []

    def exactly_one(lits):
        clauses.append(lits)
        clauses.extend([-a, -b] for i, a in enumerate(lits) for b in lits[i + 1 :])

    for p in range(s * s):
        exactly_one([s * p + d + 1 for d in range(s)])
    for u in units(s):
        for d in range(s):
            exactly_one([s * p + d + 1 for p in u])
    return clauses


def line(grid, s):
    blank = "-" if s > 9 else "."
    return "".join(ALPHABET[v - 1] if s > 9 and v else str(v) if v else blank for v in grid)


def grid_of(puzzle):
    """The grid of a puzzle line of 16x16 or 25x25 (letters, `-` or `.` blanks): `line`'s inverse."""
    return [0 if c in "-." else ALPHABET.index(c) + 1 for c in puzzle]


def breaks_no_rule(grid, s):
    for u in units(s):
        seen = [v for v in (grid[p] for p in u) if v]
        if len(seen) != len(set(seen)):
            return False
    return True


def solved_grid(s, rng):
    """A solved grid: a random first row and random diagonal boxes, completed by CaDiCaL, then
    randomly relabelled and oriented (no bias to small symbols early)."""
    n = int(round(s**0.5))
    with Solver(name="cadical195", bootstrap_with=cnf(s)) as solver:
        givens = []
        for b in range(n):
            symbols = rng.sample(range(s), s)
            for i in range(s):
                p = (b * n + i // n) * s + b * n + i % n
                givens.append(s * p + symbols[i] + 1)
        if not solver.solve(assumptions=givens):
            raise SystemExit("diagonal boxes: no grid")
        model = set(v for v in solver.get_model() if v > 0)
    grid = [next(d + 1 for d in range(s) if s * p + d + 1 in model) for p in range(s * s)]
    return oriented(grid, s, rng)


def oriented(grid, s, rng):
    """Symbols relabelled; rows within bands, bands, columns within stacks, stacks permuted; maybe
    transposed."""
    n = int(round(s**0.5))
    label = [0] + [v + 1 for v in rng.sample(range(s), s)]

    def order():
        bands = rng.sample(range(n), n)
        return [b * n + i for b in bands for i in rng.sample(range(n), n)]

    rows, cols, flip = order(), order(), rng.random() < 0.5
    out = []
    for x in range(s):
        for y in range(s):
            a, b = (cols[y], rows[x]) if flip else (rows[x], cols[y])
            out.append(label[grid[a * s + b]])
    return out


def unique_from(grid, s, rng, stop=None):
    """Givens taken away from a solved grid in a random order while the solution stays alone;
    minimal when stop is None, else it stops at `stop` givens."""
    keep = [True] * (s * s)
    lit = lambda p: s * p + grid[p]
    with Solver(name="cadical195", bootstrap_with=cnf(s)) as solver:
        solver.add_clause([-lit(p) for p in range(s * s)])  # another solution
        left = s * s
        for p in rng.sample(range(s * s), s * s):
            if stop is not None and left <= stop:
                break
            keep[p] = False
            if solver.solve(assumptions=[lit(q) for q in range(s * s) if keep[q]]):
                keep[p] = True
            else:
                left -= 1
    return [grid[p] if keep[p] else 0 for p in range(s * s)]


@functools.lru_cache(None)
def minimal_made(seed=3):
    """`sudoku --generate 1 --size 25 --seed 3 -j 1` (about two CPU minutes) and its solution
    (or another seed's)."""
    made = sudoku(["--generate", "1", "--size", "25", "--seed", str(seed), "-j", "1"])[0]
    puzzle = grid_of(made)
    with Solver(name="cadical195", bootstrap_with=cnf(25)) as solver:
        solver.solve(assumptions=[25 * p + v for p, v in enumerate(puzzle) if v])
        model = set(v for v in solver.get_model() if v > 0)
    return puzzle, [next(d + 1 for d in range(25) if 25 * p + d + 1 in model) for p in range(625)]


def near_minimal(puzzle, solution, rng):
    """A random orientation and relabelling of a minimal 25x25 puzzle with 5 to 15 givens of its
    solution put back, then 1 to 10 givens taken away (one solution or several)."""
    grid = list(puzzle)
    for p in rng.sample([p for p in range(625) if not grid[p]], rng.randint(5, 15)):
        grid[p] = solution[p]
    for p in rng.sample([p for p in range(625) if grid[p]], rng.randint(1, 10)):
        grid[p] = 0
    return line(oriented(grid, 25, rng), 25)


def several25():
    """40 one-solution puzzles with 1 to 10 givens taken away: each a random orientation and
    relabelling of the minimal puzzle with 5 to 15 givens of its solution put back; then the
    puzzle of issue 52."""
    rng, (puzzle, solution) = random.Random(2625), minimal_made()
    for _ in range(40):
        yield near_minimal(puzzle, solution, rng)
    yield ISSUE_52.replace(".", "-")


def minimal25():
    """The minimal puzzle, then 15 random orientations and relabellings of it."""
    rng, (puzzle, _) = random.Random(101), minimal_made()
    yield line(puzzle, 25)
    for _ in range(15):
        yield line(oriented(puzzle, 25, rng), 25)


@functools.lru_cache(None)
def other_grids():
    """For each of `--generate 1 --size 25 --seed K`, K = 4 to 7 (other grids than the pools
    above come from): 3 orientations of its minimal puzzle, and 6 puzzles near it."""
    minimal, several = [], []
    for seed in range(4, 8):
        (puzzle, solution), rng = minimal_made(seed), random.Random(1000 + seed)
        minimal += [line(oriented(puzzle, 25, rng), 25) for _ in range(3)]
        for _ in range(6):
            several.append(near_minimal(puzzle, solution, rng))
    return minimal, several


def sparse25():
    rng, out = random.Random(2611), []
    grid = solved_grid(25, rng)
    for _ in range(40):
        g = oriented(grid, 25, rng)
        kept = set(rng.sample(range(625), rng.randint(5, 25)))
        out.append(line([g[p] if p in kept else 0 for p in range(625)], 25))
    return out


def notebook_puzzles(path, pattern):
    return re.findall(pattern, open(os.path.join(HERE, path)).read())


def sparse11():
    found = []
    for p in notebook_puzzles("NOTEBOOK.md", r"`([-A-Y]{256}|[-A-Y]{625})`"):
        givens = sum(c != "-" for c in p)
        sparse = givens <= 7 if len(p) == 256 else givens <= 17
        if sparse and p not in found:
            found.append(p)
    return sorted(found, key=len)


def listed(title):
    text = open(os.path.join(HERE, "README.md")).read()
    block = text.split(title)[1].split("```text")[1]
    return [p.replace(".", "-") for p in block.split("```")[0].split()]


def hour8():
    return listed("## The slowest found at 16x16 and 25x25")


def climb62():
    return listed("## The slowest found against issue 62's build")


def climb_target():
    return listed("## The slowest found against target phases' build")


def climb_kept():
    return listed("## The slowest found against the build keeping clauses")


def oriented_twice(puzzles, seed):
    """Two random orientations and relabellings of each puzzle, one after the other."""
    rng, out = random.Random(seed), []
    for p in puzzles:
        s = int(round(len(p) ** 0.5))
        out += [line(oriented(grid_of(p), s, rng), s) for _ in range(2)]
    return out


def sudoku(args):
    command = os.environ.get("SUDOKU", os.path.join(HERE, "..", "target", "release", "sudoku"))
    made = subprocess.run([command] + args, capture_output=True, text=True, check=True)
    return made.stdout.split()


def gen16(count, k):
    args = ["--generate", count, "--size", "16", "--solutions", k, "--seed", "1", "-j", "1"]
    return lambda: sudoku(args)


def random16():
    rng, out = random.Random(62), []
    while len(out) < 1000:
        grid = [0] * 256
        for p in rng.sample(range(256), rng.randint(3, 12)):
            grid[p] = rng.randint(1, 16)
        if breaks_no_rule(grid, 16):
            out.append(line(grid, 16))
    return out


POOLS = {
    "several25": several25,
    "minimal25": minimal25,
    "sparse25": sparse25,
    "minimal12": lambda: other_grids()[0],
    "several24": lambda: other_grids()[1],
    "sparse11": sparse11,
    "hour8": hour8,
    "climb62": climb62,
    "climb-target": climb_target,
    "climb-kept": climb_kept,
    "climb62-oriented": lambda: oriented_twice(climb62(), 70),
    "hour8-oriented": lambda: oriented_twice(hour8(), 71),
    "gen16-one": gen16("30", "1"),
    "gen16-two": gen16("10", "2"),
    "gen16-none": gen16("10", "0"),
    "random16": random16,
}


def main():
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    folder, names = sys.argv[1], sys.argv[2:] or list(POOLS)
    os.makedirs(folder, exist_ok=True)
    for name in names:
        with open(os.path.join(folder, name + ".txt"), "w") as f:
            for count, puzzle in enumerate(POOLS[name](), 1):
                f.write(puzzle + "\n")
                f.flush()  # the slow pools can be used as far as they are made
        print(f"{name}: {count} puzzles", file=sys.stderr)


if __name__ == "__main__":
    main()
