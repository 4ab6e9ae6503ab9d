#!/usr/bin/env bash
# Fills fuzz/corpus/shared, the one corpus every fuzz target shares, with
# the files Parlour ships (game types, boards, level sets, guides, help
# pages, pictures) and the seeds in fuzz/seeds (a save, settings, statistics). Each
# target then starts from every kind of input, and what one target finds
# the others read too. Run it once before the first `cargo fuzz run`;
# running it again only adds files.
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p corpus/shared
find ../game-types ../boards ../guide ../roms-like-assets/pictures seeds -type f \
  \( -iname '*.ini' -o -iname '*.html' -o -iname '*.brd' -o -iname '*.xsb' \
     -o -iname '*.guide' -o -iname '*.imaj' -o -iname '*.save' -o -iname '*.bmp' \
     -o -iname '*.png' -o -iname '*.iff' \) -print0 |
  while IFS= read -r -d '' file; do
    cp "$file" "corpus/shared/seed-$(sha1sum "$file" | cut -c1-16)"
  done
echo "$(ls corpus/shared | wc -l) inputs in fuzz/corpus/shared"
