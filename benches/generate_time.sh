#!/bin/sh
# --generate timed as the issues ask: two builds of `sudoku` alternated, -j 1, CPU seconds (user +
# system) of each run, $RUNS pairs (default 3), the outputs compared (a build must write the same
# puzzles); then qqwing's generator for 1000 puzzles, if installed, beside the new build.
#     [RUNS=3] sh benches/generate_time.sh OLD NEW [CASE ...]
# CASE: 9 (--generate 1000 --seed 1), 16 (--generate 100 --size 16 --seed 1), 25:SEED
# (--generate 1 --size 25 --seed SEED); default: 9 16 25:3 25:4 (about half an hour here).
old=$1 new=$2 runs=${RUNS:-3}
shift 2
cases=${*:-9 16 25:3 25:4}
dir=$(mktemp -d)
trap 'rm -r "$dir"' EXIT
cpu() { # prints the CPU seconds of one run, its output in $dir/$2
	/usr/bin/time -f "%U %S" -o "$dir/time" "$1" -j 1 $3 > "$dir/$2" 2> /dev/null
	awk '{ print $1 + $2 }' "$dir/time"
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
for c in $cases; do
	case $c in
	9) args="--generate 1000 --seed 1" ;;
	16) args="--generate 100 --size 16 --seed 1" ;;
	25:*) args="--generate 1 --size 25 --seed ${c#25:}" ;;
	*) echo "unknown case $c (9, 16 or 25:SEED)" >&2 && exit 2 ;;
	esac
	: > "$dir/old.s"
	: > "$dir/new.s"
	same=yes
	for r in $(seq "$runs"); do
		cpu "$old" old "$args" >> "$dir/old.s"
		cpu "$new" new "$args" >> "$dir/new.s"
		cmp -s "$dir/old" "$dir/new" || same=NO
	done
	o=$(median < "$dir/old.s") n=$(median < "$dir/new.s")
	echo "$args: old $o s, new $n s (medians of $runs; runs $(tr '\n' ' ' < "$dir/old.s")/ $(tr '\n' ' ' < "$dir/new.s")), $(echo "$o $n" | awk '{ printf "%.2f", $1 / $2 }')x, same puzzles: $same"
done
if command -v qqwing > /dev/null; then
	q=$( { /usr/bin/time -f "%U %S" qqwing --generate 1000 --one-line > /dev/null; } 2>&1 | awk '{ print $1 + $2 }')
	n=$( { /usr/bin/time -f "%U %S" "$new" -j 1 --generate 1000 --seed 1 > /dev/null; } 2>&1 | awk '{ print $1 + $2 }')
	echo "qqwing --generate 1000 --one-line: $q s; --generate 1000 --seed 1: $n s; $(echo "$q $n" | awk '{ printf "%.1f", $1 / $2 }') times qqwing's pace"
fi
