#!/usr/bin/env bash
# Compressed files indexed in place against the tools people use for them, on one text file, warm
# page cache, in one run.
#
#   scripts/gzip-in-place-vs-peers.sh FILE [DIR]      (RUNS=10, RANGES=1000 by default)
#
# Compresses FILE with `gzip -6` (and with bgzip and pzstd when they are there) into DIR (by default
# linestore-gzip-peers in the temporary directory), then prints one table:
#   - the index: `linestore index FILE.gz` against `gztool -x` (line numbers, its 10 MiB span), with
#     `gzip -dc > /dev/null` (what any gzip index must spend once with zlib) and `igzip -dc > /dev/null`
#     (with ISA-L's inflate, when the isal package is there), and each index's size;
#   - a read of 10 lines at a random line N, whole command: `linestore read FILE.gz N 10` against the
#     same read of FILE indexed in place, `gztool -L N -R 10` and `gzip -dc | sed -n`;
#   - RANGES random 10-line requests: one `linestore read FILE.gz --ranges` against one `gztool -L`
#     command per request;
#   - bgzip and multi-frame zstd files: index and read, checked.
# rapidgzip (its index has no line numbers: a read of lines decompresses from the start with all cores)
# is timed for the index. Every way's lines are checked against `sed -n` of FILE first. Installs gzip,
# gztool, bgzip (Debian: tabix), zstd (pzstd), igzip (isal) and hyperfine with apt-get when they are missing and
# apt-get is there, and rapidgzip from PyPI into a virtual environment in DIR.
set -euo pipefail

FILE=${1:?usage: scripts/gzip-in-place-vs-peers.sh FILE [DIR]}
RUNS=${RUNS:-10}
RANGES=${RANGES:-1000}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
LINESTORE="$ROOT/linestore"
DIR=${2:-${TMPDIR:-/tmp}/linestore-gzip-peers}
mkdir -p "$DIR"

# shellcheck source=scripts/need.sh
source "$ROOT/scripts/need.sh"
need gzip gzip
need gztool gztool
need bgzip tabix
need pzstd zstd
need igzip isal
need hyperfine hyperfine
command -v hyperfine >/dev/null || { echo "gzip-in-place-vs-peers.sh: needs hyperfine" >&2; exit 1; }
rapidgzip="$DIR/venv/bin/rapidgzip"
if [[ ! -x $rapidgzip ]]; then
  echo "installing rapidgzip from PyPI into $DIR/venv..." >&2
  { python3 -m venv "$DIR/venv" && "$DIR/venv/bin/pip" install -q rapidgzip; } >/dev/null 2>&1 \
    || echo "gzip-in-place-vs-peers.sh: rapidgzip could not be installed; its rows are skipped" >&2
fi

name=$(basename "$FILE")
text="$DIR/$name"
[[ -f $text && $(stat -c %s "$text") == $(stat -c %s "$FILE") ]] || cp "$FILE" "$text"
[[ -f $text.gz ]] || gzip -6 -c "$text" > "$text.gz"
lines=$(wc -l < "$text")
echo "text: $name, $(stat -c %s "$text") bytes, $lines lines; gzip -6: $(stat -c %s "$text.gz") bytes; load $(cut -d' ' -f1-3 /proc/loadavg)"
"$LINESTORE" --version > /dev/null 2>&1 # the launcher's one-time start-up cache, outside the timings
[[ -d $text.lsidx ]] || "$LINESTORE" index "$text" > /dev/null

sidecar_bytes() { du -sb "$1" | cut -f1; }

# Runs commands in turn, one untimed round and then RUNS timed rounds (every other round in reverse
# order), each after the preparing command $1; prints each command's mean and standard deviation and
# each other command's time over the second's, taken round by round. hyperfine runs one command's runs
# together: where the machine's speed drifts (a shared host), a ratio of rounds holds better than one
# of two blocks. A command that fails stops the script, naming it.
interleaved() {
  local prepare=$1 round k start
  shift
  local commands=("$@") order
  for ((round = 0; round <= RUNS; round++)); do
    order=("${!commands[@]}")
    ((round % 2)) && order=($(printf '%s\n' "${order[@]}" | tac))
    for k in "${order[@]}"; do
      bash -c "$prepare"
      start=$EPOCHREALTIME
      bash -c "${commands[k]}" > /dev/null 2>&1 || { echo "interleaved: failed: ${commands[k]}" >&2; return 1; }
      ((round > 0)) && echo "$round $k $start $EPOCHREALTIME"
    done
  done > "$DIR/interleaved.times"
  COMMANDS=$(printf '%s\n' "${commands[@]}") awk '
    BEGIN { n = split(ENVIRON["COMMANDS"], name, "\n") }
    function report(label, s, ss, rounds) {
      m = s / rounds
      printf "%s%.3f ± %.3f", label, m, (rounds > 1 ? sqrt((ss - rounds * m * m) / (rounds - 1)) : 0)
    }
    { t[$1, $2] = $4 - $3; rounds = $1 > rounds ? $1 : rounds }
    END {
      for (k = 0; k < n; k++) {
        s = 0; ss = 0
        for (r = 1; r <= rounds; r++) { s += t[r, k]; ss += t[r, k] ^ 2 }
        report(sprintf("  [%d] ", k + 1), s, ss, rounds)
        printf " s  %s\n", name[k + 1]
      }
      for (k = 0; k < n; k++) {
        if (k == 1) continue
        s = 0; ss = 0
        for (r = 1; r <= rounds; r++) { x = t[r, k] / t[r, 1]; s += x; ss += x * x }
        report(sprintf("  [%d] over [2], round by round: ", k + 1), s, ss, rounds)
        printf "\n"
      }
    }' "$DIR/interleaved.times"
}

echo
echo "== index (hyperfine, $RUNS runs)"
hyperfine -N -w 1 -r "$RUNS" "gzip -dc $text.gz" 2>/dev/null | grep -E 'Time' | sed 's/^/gzip -dc > \/dev\/null   /'
# ISA-L's inflate (igzip), the fastest on x86: what an index could cost with it.
if command -v igzip >/dev/null; then
  hyperfine -N -w 1 -r "$RUNS" "igzip -dc $text.gz" 2>/dev/null | grep -E 'Time' | sed 's/^/igzip -dc > \/dev\/null  /'
fi
# The floor of an index: a JVM that links zlib as linestore does and inflates the file block by block.
jdk=$(sed -n 3p "$ROOT/linestore-cli/target/.jdk") # the JDK the launcher runs
floor=("$jdk/bin/java" --enable-native-access=ALL-UNNAMED -cp "$ROOT/linestore-cli/target/linestore.jar"
  io.linestore.impl.gzip.InflateFloor)
hyperfine -w 1 -r "$RUNS" -p "rm -rf $text.gz.lsidx $text.gzi" \
  "$LINESTORE index $text.gz" \
  "gztool -x -f $text.gz" \
  "${floor[*]} $text.gz" 2>/dev/null | grep -E 'Benchmark|Time|faster'
echo "-- the same, interleaved ($RUNS rounds; load $(cut -d' ' -f1-3 /proc/loadavg))"
interleaved "rm -rf $text.gz.lsidx $text.gzi" \
  "$LINESTORE index $text.gz" \
  "gztool -x -f $text.gz" \
  "${floor[*]} $text.gz"
if [[ -x $rapidgzip ]]; then
  hyperfine -w 1 -r "$RUNS" -p "rm -f $DIR/rapidgzip.index" \
    "$rapidgzip --export-index $DIR/rapidgzip.index $text.gz" 2>/dev/null | grep -E 'Benchmark|Time'
  printf 'rapidgzip index: %d bytes\n' "$(stat -c %s "$DIR/rapidgzip.index")"
fi
"$LINESTORE" index "$text.gz" > /dev/null
gztool -x -f "$text.gz" 2>/dev/null
printf 'sidecar %s.lsidx: %d bytes (%.2f%% of the .gz); gztool %s.gzi: %d bytes\n' "$name.gz" \
  "$(sidecar_bytes "$text.gz.lsidx")" \
  "$(echo "100 * $(sidecar_bytes "$text.gz.lsidx") / $(stat -c %s "$text.gz")" | bc -l)" "$name" \
  "$(stat -c %s "$text.gzi")"

at=$(( (RANDOM * 32768 + RANDOM) % (lines - 10) ))
first=$((at + 1)) last=$((at + 10))
# linestore prints a line's content and \n; sed and gztool print the stored bytes: \r\n stays. The
# checks compare the lines without \r.
lines_of() { tr -d '\r'; }
expected=$(sed -n "${first},${last}p" "$text" | lines_of)
[[ $("$LINESTORE" read "$text.gz" "$at" 10) == "$expected" ]] || { echo "linestore read $name.gz differs at $at" >&2; exit 1; }
[[ $("$LINESTORE" read "$text" "$at" 10) == "$expected" ]] || { echo "linestore read $name differs at $at" >&2; exit 1; }
[[ $(gztool -v 0 -L "$first" -R 10 "$text.gz" | lines_of) == "$expected" ]] || { echo "gztool differs at $at" >&2; exit 1; }
echo
echo "== 10 lines from line $at, whole command (hyperfine, $RUNS runs; load $(cut -d' ' -f1-3 /proc/loadavg))"
hyperfine -N -w 3 -r "$RUNS" \
  "$LINESTORE read $text.gz $at 10" \
  "$LINESTORE read $text $at 10" \
  "gztool -v 0 -L $first -R 10 $text.gz" 2>/dev/null | grep -E 'Benchmark|Time'
hyperfine -w 1 -r 3 -S bash "gzip -dc $text.gz | sed -n '${first},${last}p;${last}q'" 2>/dev/null | grep -E 'Benchmark|Time'

echo
echo "== $RANGES random 10-line requests"
awk -v n="$RANGES" -v lines="$lines" 'BEGIN { srand(7); for (i = 0; i < n; i++) printf "%d 10\n", int(rand() * (lines - 10)) }' \
  > "$DIR/ranges.txt"
"$LINESTORE" read "$text.gz" --ranges "$DIR/ranges.txt" > "$DIR/ranges.linestore"
"$LINESTORE" read "$text" --ranges "$DIR/ranges.txt" > "$DIR/ranges.text"
cmp -s "$DIR/ranges.linestore" "$DIR/ranges.text" || { echo "--ranges on $name.gz differs from $name" >&2; exit 1; }
awk '{ printf "gztool -v 0 -L %d -R 10 %s\n", $1 + 1, FILE }' FILE="$text.gz" "$DIR/ranges.txt" > "$DIR/ranges.gztool.sh"
bash "$DIR/ranges.gztool.sh" > "$DIR/ranges.gztool"
cmp -s <(lines_of < "$DIR/ranges.gztool") <(lines_of < "$DIR/ranges.text") \
  || { echo "gztool's lines differ from $name" >&2; exit 1; }
hyperfine -w 1 -r 3 \
  "$LINESTORE read $text.gz --ranges $DIR/ranges.txt" \
  "bash $DIR/ranges.gztool.sh" 2>/dev/null | grep -E 'Benchmark|Time|faster'

echo
echo "== other compressed files, indexed in place and read"
if command -v bgzip >/dev/null; then
  [[ -f $text.bgz ]] || bgzip -c "$text" > "$text.bgz"
  hyperfine -w 0 -r 1 -p "rm -rf $text.bgz.lsidx" "$LINESTORE index $text.bgz" 2>/dev/null | grep -E 'Benchmark|Time'
  [[ $("$LINESTORE" read "$text.bgz" "$at" 10) == "$expected" ]] || { echo "bgzip file differs at $at" >&2; exit 1; }
  printf 'bgzip: %d bytes, sidecar %d bytes, lines at %d checked\n' "$(stat -c %s "$text.bgz")" \
    "$(sidecar_bytes "$text.bgz.lsidx")" "$at"
fi
if command -v pzstd >/dev/null; then
  [[ -f $text.zst ]] || pzstd -q -3 -p 2 -c "$text" > "$text.zst"
  hyperfine -w 0 -r 1 -p "rm -rf $text.zst.lsidx" "$LINESTORE index $text.zst" 2>/dev/null | grep -E 'Benchmark|Time'
  [[ $("$LINESTORE" read "$text.zst" "$at" 10) == "$expected" ]] || { echo "pzstd file differs at $at" >&2; exit 1; }
  printf 'pzstd frames: %d bytes, sidecar %d bytes, lines at %d checked\n' "$(stat -c %s "$text.zst")" \
    "$(sidecar_bytes "$text.zst.lsidx")" "$at"
  hyperfine -N -w 3 -r "$RUNS" "$LINESTORE read $text.zst $at 10" 2>/dev/null | grep -E 'Benchmark|Time'
fi
