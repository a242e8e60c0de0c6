#!/bin/sh
# Every core against one: the default -j and -j 1 run in turn on the same work, wall seconds of
# each run, and the median of the pairs' ratios (-j 1's time over the default's: how many times
# as fast). Quote it from a quiet machine: another job on a core takes it from the default.
#     [PAIRS=9] [SUDOKU_PUZZLES=../shared/puzzles] sh benches/every_core.sh SUDOKU
sudoku=$1 pairs=${PAIRS:-9} sets=${SUDOKU_PUZZLES:-../shared/puzzles}
wall() { # wall nanoseconds of one run (GNU date), its output thrown away
	start=$(date +%s%N)
	"$@" > /dev/null 2>&1
	echo $(($(date +%s%N) - start))
}
dir=$(mktemp -d)
trap 'rm -r "$dir"' EXIT
for work in "$sets/17clue.txt" "$sets/forum_hardest_1905_11plus.txt" \
	"--generate 40 --size 16 --seed 1"; do
	: > "$dir/ratios"
	for _ in $(seq "$pairs"); do
		every=$(wall "$sudoku" $work)
		one=$(wall "$sudoku" -j 1 $work)
		echo "$one $every" | awk '{ print $1 / $2 }' >> "$dir/ratios"
	done
	sort -n "$dir/ratios" | awk -v work="$work" -v n="$pairs" \
		'{ r[NR] = $1 } END { printf "%s: %.2fx (median of %d pairs; %.2f to %.2f)\n", work, r[int((NR + 1) / 2)], n, r[1], r[NR] }'
done
