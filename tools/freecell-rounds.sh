#!/bin/sh
# FreeCell against Freecell Solver in rounds, one after the other: each
# round times `freecell-solver-range-parallel-solve 1 TO 1000 -l lg`, then
# `parlour survey freecell --ms --mode hard --from 1 --to TO --jobs 1`, both
# as whole processes. The machine's speed drifts over minutes, so rounds in
# turn compare the two better than one run of each. Not a test: it only
# prints figures, a line a round and the sums.
#
#   tools/freecell-rounds.sh OUT_DIR [ROUNDS (6)] [TO (32000)]
set -eu
OUT=${1:?usage: tools/freecell-rounds.sh OUT_DIR [ROUNDS] [TO]}
ROUNDS=${2:-6}
TO=${3:-32000}
P=${PARLOUR:-target/release/parlour}
command -v freecell-solver-range-parallel-solve >/dev/null || {
    echo "freecell-solver-range-parallel-solve not found: apt-get install freecell-solver-bin" >&2
    exit 1
}
mkdir -p "$OUT"

now() { date +%s.%N; }
elapsed() { echo "$1 $2" | awk '{printf "%.2f", $2 - $1}'; }

fcs_sum=0
parlour_sum=0
for round in $(seq 1 "$ROUNDS"); do
    t0=$(now)
    freecell-solver-range-parallel-solve 1 "$TO" 1000 -l lg > "$OUT/fcs-$round.txt" 2>&1
    t1=$(now)
    "$P" survey freecell --ms --mode hard --from 1 --to "$TO" --jobs 1 --csv "$OUT/parlour-$round.csv" \
        > "$OUT/parlour-$round.txt" 2>/dev/null
    t2=$(now)
    fcs=$(elapsed "$t0" "$t1")
    parlour=$(elapsed "$t1" "$t2")
    echo "round $round: fc-solve $fcs s (unsolved $(grep -c Unsolved "$OUT/fcs-$round.txt")), parlour $parlour s ($(grep -E '^won' "$OUT/parlour-$round.txt"); $(grep -o 'total [0-9.]* s' "$OUT/parlour-$round.txt") solving)"
    fcs_sum=$(echo "$fcs_sum $fcs" | awk '{print $1 + $2}')
    parlour_sum=$(echo "$parlour_sum $parlour" | awk '{print $1 + $2}')
done
echo "$ROUNDS rounds: fc-solve $fcs_sum s, parlour $parlour_sum s, $(echo "$parlour_sum $fcs_sum" | awk '{printf "%.2f", $1 / $2}') times"
