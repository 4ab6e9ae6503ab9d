#!/usr/bin/env bash
# Runs one fuzz target on the shared corpus with the limits Parlour holds
# to: no input over 1 s, no more than 256 MB. Extra arguments go to
# libFuzzer (e.g. -runs=1000000 or -max_total_time=1800).
# Usage: fuzz/run.sh TARGET [LIBFUZZER-ARGS...]
set -euo pipefail
cd "$(dirname "$0")"
target=$1
shift
[ -d corpus/shared ] || ./seed.sh
# AddressSanitizer keeps up to 256 MB of freed memory aside to catch use
# after free, which alone would pass the 256 MB limit; a small quarantine
# lets the limit measure the readers themselves.
export ASAN_OPTIONS=${ASAN_OPTIONS:-quarantine_size_mb=8}
mkdir -p "artifacts/$target"
exec cargo +nightly fuzz run "$target" corpus/shared -- \
  -rss_limit_mb=256 -timeout=1 -max_len=8192 -jobs=1 -workers=1 \
  -print_final_stats=1 "$@"
