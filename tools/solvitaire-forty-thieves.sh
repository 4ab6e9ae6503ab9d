#!/bin/bash
# Solvitaire (Blake & Gent's general solver, github.com/thecharlieblake/
# Solvitaire) on Parlour's own Forty Thieves deals, Hard rules, to set
# beside `parlour survey forty-thieves --mode hard`: each deal is written
# out by `parlour deal` and given to Solvitaire's forty-thieves preset
# (ten piles of four, build down in suit, one card at a time, any card to
# a space, 64 cards dealt once to the waste) with the same time limit.
#
# Usage: tools/solvitaire-forty-thieves.sh SOLVITAIRE FROM TO [SECONDS]
#   SOLVITAIRE  the solvitaire binary; from its source (Boost's
#               program_options installed), without CMake:
#               g++ -std=c++14 -O3 -DNDEBUG -march=native -Ilib \
#                   -Ilib/rapidjson $(find src/main -name '*.cpp') \
#                   -o solvitaire -lboost_program_options -lpthread
#   FROM TO     the deal numbers, as `parlour survey --from --to` takes them
#   SECONDS     the time each deal may take (default 10)
# Prints a line a deal (its number, Solvitaire's verdict, seconds and peak
# memory) and the counts. PARLOUR names the parlour binary (default: the
# one on PATH).
set -euo pipefail
solvitaire=$1 from=$2 to=$3 seconds=${4:-10}
parlour=${PARLOUR:-parlour}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# `parlour deal` prints a pile a line, bottom card first ("Tableau1: QS
# 4D 6C 4C", the stock's cards face down in brackets); Solvitaire reads
# JSON piles bottom first too, "10" for a ten.
to_json() {
    awk '
        function card(c) { gsub(/[()]/, "", c); sub(/^T/, "10", c); return "\"" c "\"" }
        function pile(    i, s) { s = ""; for (i = 2; i <= NF; i++) s = s (i > 2 ? "," : "") card($i); return "[" s "]" }
        /^Tableau[0-9]+:/ { n = substr($1, 8) + 0; tab[n] = pile(); if (n > piles) piles = n }
        /^Stock1:/ { stock = pile() }
        END {
            printf "{\"tableau piles\":["
            for (i = 1; i <= piles; i++) printf "%s%s", (i > 1 ? "," : ""), tab[i]
            printf "],\"stock\":%s}\n", stock
        }'
}

declare -A count=([solved]=0 [unsolvable]=0 [timed-out]=0)
peak=0
for n in $(seq "$from" "$to"); do
    "$parlour" deal forty-thieves --mode hard --seed "$n" | to_json > "$work/deal.json"
    # Solvitaire's --timeout is in milliseconds; `timeout` stops a run
    # that overshoots it by far.
    /usr/bin/time -f "%e %M" -o "$work/time" timeout $((seconds * 3 + 30)) \
        "$solvitaire" --type forty-thieves --classify --timeout $((seconds * 1000)) "$work/deal.json" \
        > "$work/out" 2>/dev/null || true
    verdict=$(grep -o -E 'solved|unsolvable|timed-out' "$work/out" | tail -1 || true)
    verdict=${verdict:-failed}
    read -r took kb < "$work/time"
    echo "$n $verdict ${took}s $((kb / 1024)) MB"
    count[$verdict]=$((${count[$verdict]:-0} + 1))
    peak=$((kb > peak ? kb : peak))
done
echo "Solvitaire forty-thieves deals $from..$to at ${seconds} s:" \
    "solved ${count[solved]}  unsolvable ${count[unsolvable]}  timed out ${count[timed-out]}" \
    "(peak $((peak / 1024)) MB)"
