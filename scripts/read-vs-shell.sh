#!/usr/bin/env bash
# Times `linestore read` of large ranges, whole commands, against what a shell user has for the same
# bytes, side by side in one run, warm page cache:
#
#   scripts/read-vs-shell.sh [DIR]     (LINES=10000000 PART=1000000 RUNS=10 by default)
#
# It generates LINES lines with `linestore gen` and builds a store with a dense index from them (both
# kept in DIR, by default linestore-read-vs-shell in the temporary directory). For PART lines from
# the middle, and for all LINES lines, it times
#   linestore read S OFFSET N | wc -c    against  tail -c +B DATA | head -c BYTES | wc -c
#   linestore read S OFFSET N > FILE     against  tail -c +B DATA | head -c BYTES > FILE
# where DATA is the store's data file and [B, B + BYTES) the lines' bytes in it, and, for all lines,
# against `cat DATA | wc -c` and `cp DATA FILE`; `linestore read S OFFSET 1 > /dev/null` gives what
# the start of the command costs, the floor under every linestore row. It first checks that each read
# prints exactly those bytes. Output files are written next to the store and removed (and the disk synced) before each run.
# Uses hyperfine (installed with apt-get when missing).
set -euo pipefail

LINES=${LINES:-10000000}
PART=${PART:-1000000}
RUNS=${RUNS:-10}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
LINESTORE="$ROOT/linestore"
DIR=${1:-${TMPDIR:-/tmp}/linestore-read-vs-shell}
. "$ROOT/scripts/need.sh"
need hyperfine hyperfine
command -v hyperfine >/dev/null || exit 1
mkdir -p "$DIR"

file="$DIR/lines-$LINES.txt" store="$DIR/store-$LINES"
[[ -f $file ]] || "$LINESTORE" gen --lines "$LINES" -o "$file" > /dev/null
[[ -d $store ]] || "$LINESTORE" build "$file" "$store" --index dense > /dev/null
data=$(ls "$store"/g*/data.lines)
cat "$data" > /dev/null
find "$store" -type f -exec cat {} + > /dev/null
out="$DIR/out.lines"

offset=$(((LINES - PART) / 2))
# The byte where line OFFSET starts: every line ends in a lone \n, so it is what the lines before print.
first=$(("$("$LINESTORE" read "$store" 0 "$offset" | wc -c)" + 1))
bytes=$("$LINESTORE" read "$store" "$offset" "$PART" | wc -c)
cmp -s <("$LINESTORE" read "$store" "$offset" "$PART") <(tail -c +"$first" "$data" | head -c "$bytes") \
  || { echo "read-vs-shell.sh: read $offset $PART differs from the data's bytes" >&2; exit 1; }
cmp -s <("$LINESTORE" read "$store" 0 "$LINES") "$data" \
  || { echo "read-vs-shell.sh: read 0 $LINES differs from the data file" >&2; exit 1; }
total=$(stat -c %s "$data")

printf 'linestore read vs the shell, %s processors, load average: %s\n' "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%s: %s lines, %s bytes; part: %s lines from line %s, bytes [%s, %s)\n' "$data" "$LINES" "$total" "$PART" \
  "$offset" "$((first - 1))" "$((first - 1 + bytes))"
hyperfine --warmup 2 --runs "$RUNS" --style basic \
  --command-name "start: read 1 line > /dev/null" "$LINESTORE read $store $offset 1 > /dev/null" \
  --command-name "read part | wc -c" "$LINESTORE read $store $offset $PART | wc -c" \
  --command-name "tail -c | head -c part | wc -c" "tail -c +$first $data | head -c $bytes | wc -c" \
  --command-name "read all | wc -c" "$LINESTORE read $store 0 $LINES | wc -c" \
  --command-name "tail -c | head -c all | wc -c" "tail -c +1 $data | head -c $total | wc -c" \
  --command-name "cat all | wc -c" "cat $data | wc -c" \
  --export-json "$DIR/pipe.json" 2>&1 | grep -v '^ *$'
hyperfine --warmup 2 --runs "$RUNS" --style basic --prepare "rm -f $out; sync" \
  --command-name "read part > file" "$LINESTORE read $store $offset $PART > $out" \
  --command-name "tail -c | head -c part > file" "tail -c +$first $data | head -c $bytes > $out" \
  --command-name "read all > file" "$LINESTORE read $store 0 $LINES > $out" \
  --command-name "tail -c | head -c all > file" "tail -c +1 $data | head -c $total > $out" \
  --command-name "cp all" "cp $data $out" \
  --export-json "$DIR/file.json" 2>&1 | grep -v '^ *$'
rm -f "$out"
printf 'load average at end: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
