#!/usr/bin/env bash
# Sizes and whole-command times of a compressed linestore against zstd, gzip and bgzip on one text
# file, warm page cache, in one run.
#
#   scripts/compressed-vs-peers.sh FILE [DIR]      (RUNS=10 by default)
#
# Compresses FILE with `zstd -3` (one frame), `gzip -6` and `bgzip` (64 KiB gzip blocks), and builds
# a plain and a `--compress zstd` store of it (all kept in DIR, by default linestore-peers in the
# temporary directory), printing each one's bytes, its ratio to the text and to `zstd -3`, and the
# time it took. Then it times reading 10 lines in the middle and at the end: `linestore read` of both
# stores, against `zstd -dc | sed -n` and `gzip -dc | sed -n` (what a shell user without an index
# does), after checking that every way prints the same lines. Uses hyperfine when it is on PATH.
# Installs zstd, gzip, bgzip (Debian: tabix) and hyperfine with apt-get when they are missing and
# apt-get is there.
set -euo pipefail

FILE=${1:?usage: scripts/compressed-vs-peers.sh FILE [DIR]}
RUNS=${RUNS:-10}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
LINESTORE="$ROOT/linestore"
DIR=${2:-${TMPDIR:-/tmp}/linestore-peers}
mkdir -p "$DIR"

# shellcheck source=scripts/need.sh
source "$ROOT/scripts/need.sh"
need zstd zstd
need gzip gzip
need bgzip tabix
need hyperfine hyperfine

text_bytes=$(wc -c < "$FILE")
lines=$(wc -l < "$FILE")
echo "text: $FILE, $text_bytes bytes, $lines lines; load $(cut -d' ' -f1-3 /proc/loadavg)"

timed() { # NAME OUTPUT COMMAND...: runs the command, prints its output's size and time
  local name=$1 out=$2 start end
  shift 2
  start=$(date +%s.%N)
  "$@"
  end=$(date +%s.%N)
  local bytes
  bytes=$(du -sb "$out" | cut -f1)
  printf '%-28s %14d bytes  %.3f of the text  %6.2f s\n' "$name" "$bytes" \
    "$(echo "$bytes / $text_bytes" | bc -l)" "$(echo "$end - $start" | bc -l)"
  echo "$bytes" > "$out.bytes"
}

cat "$FILE" > /dev/null
command -v zstd >/dev/null && timed "zstd -3 (one frame)" "$DIR/text.zst" sh -c "zstd -3 -q -f -c '$FILE' > '$DIR/text.zst'"
command -v gzip >/dev/null && timed "gzip -6" "$DIR/text.gz" sh -c "gzip -6 -c '$FILE' > '$DIR/text.gz'"
command -v bgzip >/dev/null && timed "bgzip (64 KiB blocks)" "$DIR/text.bgz" sh -c "bgzip -c '$FILE' > '$DIR/text.bgz'"
rm -rf "$DIR/plain" "$DIR/zstd"
# Once, so that the timed builds do not include the launcher's one-time start-up cache.
"$LINESTORE" --version > /dev/null 2>&1
timed "linestore build (plain)" "$DIR/plain" sh -c "'$LINESTORE' build '$FILE' '$DIR/plain' > /dev/null"
timed "linestore build --compress zstd" "$DIR/zstd" \
  sh -c "'$LINESTORE' build '$FILE' '$DIR/zstd' --compress zstd > /dev/null"
data=$(stat -c %s "$DIR"/zstd/g1/data.lines)
if [[ -f $DIR/text.zst ]]; then
  printf 'compressed data file: %d bytes, %.3fx zstd -3 of the whole file\n' "$data" \
    "$(echo "$data / $(cat "$DIR/text.zst.bytes")" | bc -l)"
fi

for at in $((lines / 2)) $((lines - 10)); do
  first=$((at + 1)) last=$((at + 10))
  expected=$(sed -n "${first},${last}p" "$FILE")
  [[ $("$LINESTORE" read "$DIR/zstd" "$at" 10) == "$expected" ]] || { echo "compressed store differs at $at" >&2; exit 1; }
  [[ $("$LINESTORE" read "$DIR/plain" "$at" 10) == "$expected" ]] || { echo "plain store differs at $at" >&2; exit 1; }
  commands=("$LINESTORE read $DIR/plain $at 10" "$LINESTORE read $DIR/zstd $at 10")
  [[ -f $DIR/text.zst ]] && commands+=("zstd -dc $DIR/text.zst | sed -n '${first},${last}p;${last}q'")
  [[ -f $DIR/text.gz ]] && commands+=("gzip -dc $DIR/text.gz | sed -n '${first},${last}p;${last}q'")
  echo "10 lines from line $at (load $(cut -d' ' -f1-3 /proc/loadavg)):"
  if command -v hyperfine >/dev/null; then
    hyperfine -w 2 -r "$RUNS" -S bash "${commands[@]}" 2>/dev/null | grep -E 'Benchmark|Time'
  else
    for command in "${commands[@]}"; do
      start=$(date +%s.%N)
      for _ in $(seq "$RUNS"); do bash -c "$command" > /dev/null; done
      end=$(date +%s.%N)
      printf '  %-70s %.1f ms\n' "$command" "$(echo "($end - $start) * 1000 / $RUNS" | bc -l)"
    done
  fi
done
