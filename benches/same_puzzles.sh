#!/bin/sh
# Whether two builds of `sudoku` write the same puzzles: seeds 1-20 at 9x9 (200 puzzles each) and
# 16x16 (10 each), 16x16 and 4x4 with 0, 2 and 3 solutions (seeds 1-5), and the 25x25 seeds given.
#     sh benches/same_puzzles.sh OLD NEW [25x25 SEED ...]
# Prints one line for each run that differs or fails, then how many runs were compared.
old=$1 new=$2
shift 2
runs=0
dir=$(mktemp -d)
trap 'rm -r "$dir"' EXIT
same() {
	runs=$((runs + 1))
	"$old" "$@" > "$dir/old" 2> /dev/null || echo "failed: $old $*"
	"$new" "$@" > "$dir/new" 2> /dev/null || echo "failed: $new $*"
	cmp -s "$dir/old" "$dir/new" || echo "differ: $*"
}
for seed in $(seq 1 20); do
	same --generate 200 --seed "$seed"
	same --generate 10 --size 16 --seed "$seed"
done
for seed in $(seq 1 5); do
	for k in 0 2 3; do
		same --generate 3 --size 16 --solutions "$k" --seed "$seed"
		same --generate 100 --size 4 --solutions "$k" --seed "$seed"
	done
	same --generate 1 --size 4 --seed "$seed"
	same --generate 1 --size 1 --seed "$seed"
done
for seed in "$@"; do
	same --generate 1 --size 25 --seed "$seed" -j 1
done
echo "$runs runs compared"
