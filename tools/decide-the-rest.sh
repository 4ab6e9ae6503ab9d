#!/bin/sh
# A survey at the default limits, then every deal it leaves undecided
# solved again with a larger budget, two at a time: how the Klondike Draw
# Three figures in the README were measured. Not a test: it only prints
# figures, a line a deal solved again and the sums.
#
#   tools/decide-the-rest.sh OUT_DIR GAME FROM TO [SECONDS (900)] [MEGABYTES (9000)]
#
# MODE [hard], JOBS [2] and LONG_JOBS [JOBS], how many long deals run at
# once, come from the environment. Two long deals at once need up to twice
# MEGABYTES of memory.
set -eu
OUT=${1:?usage: tools/decide-the-rest.sh OUT_DIR GAME FROM TO [SECONDS] [MEGABYTES]}
GAME=${2:?game}
FROM=${3:?from}
TO=${4:?to}
SECONDS_EACH=${5:-900}
MEGABYTES=${6:-9000}
MODE=${MODE:-hard}
JOBS=${JOBS:-2}
LONG_JOBS=${LONG_JOBS:-$JOBS}
P=${PARLOUR:-target/release/parlour}
mkdir -p "$OUT"

"$P" survey "$GAME" --mode "$MODE" --from "$FROM" --to "$TO" --jobs "$JOBS" --csv "$OUT/survey.csv" \
    > "$OUT/survey.txt" 2>/dev/null
cat "$OUT/survey.txt"
grep ',undecided,' "$OUT/survey.csv" | cut -d, -f1 > "$OUT/undecided.txt" || true
: > "$OUT/again.txt"
export P GAME MODE SECONDS_EACH MEGABYTES OUT
# One line a deal: its number, then the solver's JSON without the moves.
xargs -P "$LONG_JOBS" -I SEED sh -c '
    line=$("$P" solve "$GAME" --mode "$MODE" --seed SEED --nodes 1000000000 --seconds "$SECONDS_EACH" \
        --memory "$MEGABYTES" --json 2>/dev/null | sed "s/\"moves\":\[[^]]*\],//")
    echo "SEED $line" | tee -a "$OUT/again.txt"
' < "$OUT/undecided.txt"
for result in won lost undecided; do
    echo "solved again, $result: $(grep -c "\"result\":\"$result\"" "$OUT/again.txt" || true)"
done
