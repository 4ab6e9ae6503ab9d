#!/bin/sh
# The solitaire solver's benchmark: `parlour survey` on each game, beside
# Freecell Solver (Debian's freecell-solver-bin) on the same deals where it
# plays the game, in one run. Not a test: it only prints figures.
#
#   tools/solver-bench.sh OUT_DIR
#
# Ranges and limits come from the environment (defaults in brackets):
# FREECELL_TO [32000], FREECELL_CHUNK [4000], FC_LIKE_TO [1000] (Baker's
# Game, Seahaven Towers, Eight Off), OTHER_TO [100] (Forty Thieves, Klondike
# Draw Three, Spider One Suit), OTHER_NODES [200000], JOBS [1], PARTS
# ["fc-like others freecell": which groups to run].
set -eu
OUT=${1:?usage: tools/solver-bench.sh OUT_DIR}
P=${PARLOUR:-target/release/parlour}
FREECELL_TO=${FREECELL_TO:-32000}
FREECELL_CHUNK=${FREECELL_CHUNK:-4000}
FC_LIKE_TO=${FC_LIKE_TO:-1000}
OTHER_TO=${OTHER_TO:-100}
OTHER_NODES=${OTHER_NODES:-200000}
JOBS=${JOBS:-1}
PARTS=${PARTS:-fc-like others freecell}
part() { case " $PARTS " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
mkdir -p "$OUT"
have_fcs=$(command -v fc-solve >/dev/null && echo yes || echo no)

now() { date +%s.%N; }
elapsed() { echo "$1 $2" | awk '{printf "%.2f", $2 - $1}'; }

# Freecell Solver on the exported deals of one game: solved, unsolved,
# intractable and the seconds its runs took. Its `-l lg` preset starts
# scans of its own that fill empty columns with any card, whatever `-g`
# says (Seahaven Towers deal 265 comes out solved with a 6 put into an
# empty column), so the games where only kings fill them run fc-solve's
# default scan, each deal given at most FCS_SECONDS [60].
fcs_game() { # game fcs-game to
    dir="$OUT/boards-$1"; mkdir -p "$dir"
    n=1; while [ "$n" -le "$3" ]; do "$P" deal "$1" --seed "$n" --format fcs > "$dir/$n.txt"; n=$((n + 1)); done
    case "$2" in seahaven_towers | eight_off) preset="" ;; *) preset="-l lg" ;; esac
    t0=$(now); n=1; : > "$OUT/fcs-$1.txt"
    while [ "$n" -le "$3" ]; do
        printf '%s ' "$n" >> "$OUT/fcs-$1.txt"
        # shellcheck disable=SC2086 # the preset is two words or none
        timeout "${FCS_SECONDS:-60}" fc-solve -g "$2" $preset "$dir/$n.txt" | grep -E -m1 'solveable|could not|exceeded|Intractable' >> "$OUT/fcs-$1.txt" || echo unknown >> "$OUT/fcs-$1.txt"
        n=$((n + 1))
    done
    t1=$(now)
    echo "fc-solve $1 1..$3: solved $(grep -c solveable "$OUT/fcs-$1.txt"), unsolved $(grep -c 'could not' "$OUT/fcs-$1.txt"), other $(grep -v -c -E 'solveable|could not' "$OUT/fcs-$1.txt"); $(elapsed "$t0" "$t1") s"
}

part fc-like && for game in bakers-game:bakers_game seahaven-towers:seahaven_towers eight-off:eight_off; do
    id=${game%%:*}
    echo "== $id"
    "$P" survey "$id" --mode hard --from 1 --to "$FC_LIKE_TO" --jobs "$JOBS" --csv "$OUT/$id.csv" 2>/dev/null
    [ "$have_fcs" = yes ] && fcs_game "$id" "${game##*:}" "$FC_LIKE_TO"
done

part others && for id in spider-one-suit klondike-draw-three forty-thieves; do
    echo "== $id (nodes $OTHER_NODES)"
    "$P" survey "$id" --mode hard --from 1 --to "$OTHER_TO" --nodes "$OTHER_NODES" --jobs "$JOBS" --csv "$OUT/$id.csv" 2>/dev/null
done

part freecell || exit 0
echo "== freecell (Microsoft deals, hard)"
if [ "$have_fcs" = yes ]; then
    t0=$(now)
    freecell-solver-range-parallel-solve 1 "$FREECELL_TO" 1000 -l lg > "$OUT/fcs-freecell.txt" 2>&1
    t1=$(now)
    echo "fc-solve freecell 1..$FREECELL_TO: unsolved $(grep -c Unsolved "$OUT/fcs-freecell.txt"), intractable $(grep -c -i intractable "$OUT/fcs-freecell.txt"); $(elapsed "$t0" "$t1") s"
fi
from=1
while [ "$from" -le "$FREECELL_TO" ]; do
    to=$((from + FREECELL_CHUNK - 1)); [ "$to" -gt "$FREECELL_TO" ] && to=$FREECELL_TO
    "$P" survey freecell --ms --mode hard --from "$from" --to "$to" --jobs "$JOBS" --csv "$OUT/freecell-$from-$to.csv" 2>/dev/null
    from=$((to + 1))
done
