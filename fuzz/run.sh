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
# The readers fuzzed here are safe Rust (the only unsafe code is the
# window's and the sound's), so AddressSanitizer has nothing to find in
# them and would cost most of the speed; the build keeps debug assertions,
# so an overflow is still a crash. SANITIZER=address brings ASan back (keep
# ASAN_OPTIONS=quarantine_size_mb=8 then, or its quarantine of freed memory
# alone passes the 256 MB limit).
sanitizer=${SANITIZER:-none}
export ASAN_OPTIONS=${ASAN_OPTIONS:-quarantine_size_mb=8}
mkdir -p "artifacts/$target"
exec cargo +nightly fuzz run -s "$sanitizer" "$target" corpus/shared -- \
  -rss_limit_mb=256 -timeout=1 -max_len=8192 \
  -print_final_stats=1 "$@"
