#!/usr/bin/env bash
# Times a gzip file indexed in place and read from object storage against the same file on local
# disk, side by side in one run, against a SeaweedFS server this script starts on 127.0.0.1
# (scripts/seaweedfs.sh).
#
#   scripts/s3-gzip-vs-local.sh FILE.gz [DIR]      (RUNS=10 by default)
#
# It copies FILE.gz into DIR (by default linestore-s3-gzip in the temporary directory) and uploads it
# to s3://gzip/FILE.gz (curl, AWS signature v4), then times, warm page cache:
#   ./linestore index COPY.gz                  the local index (its sidecar removed before each run)
#   ./linestore index s3://gzip/FILE.gz        the same file indexed in its one GET
#   ./linestore read COPY.gz N 10              10 lines at a random N, the whole command
#   ./linestore read s3://gzip/FILE.gz N 10    the same lines: a first reader (index cache emptied
#                                              before each run: the checkpoint table is downloaded),
#                                              and one whose table and manifest an earlier one cached
# and checks that both indexes count the same lines and every read prints the same lines as the
# local one and as `zcat | sed -n`. Uses hyperfine and curl (installed with apt-get when missing).
set -euo pipefail

RUNS=${RUNS:-10}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
LINESTORE="$ROOT/linestore"
[[ $# -ge 1 && -f $1 ]] || { echo "usage: $0 FILE.gz [DIR]" >&2; exit 2; }
SOURCE=$1
DIR=${2:-${TMPDIR:-/tmp}/linestore-s3-gzip}
. "$ROOT/scripts/need.sh"
need hyperfine hyperfine
need curl curl
command -v hyperfine >/dev/null && command -v curl >/dev/null || exit 1
mkdir -p "$DIR"

. "$ROOT/scripts/serve-s3.sh"
serve_s3 "$DIR" gzip

name=$(basename "$SOURCE")
file="$DIR/$name"
object="s3://gzip/$name"
cp "$SOURCE" "$file"
curl -fsS --aws-sigv4 "aws:amz:us-east-1:s3" --user "$AWS_ACCESS_KEY_ID:$AWS_SECRET_ACCESS_KEY" \
  -T "$file" "$LINESTORE_S3_ENDPOINT/gzip/$name" > /dev/null

rm -rf "$file.lsidx"
"$LINESTORE" index "$file" > /dev/null
"$LINESTORE" index "$object" > /dev/null
lines=$("$LINESTORE" info "$file" | awk '/^lines/ { gsub(",", "", $2); print $2 }')
remote_lines=$("$LINESTORE" info "$object" | awk '/^lines/ { gsub(",", "", $2); print $2 }')
[[ -n $lines && $lines == "$remote_lines" ]] ||
  { echo "s3-gzip-vs-local.sh: local index counts '$lines' lines, the object's '$remote_lines'" >&2; exit 1; }
offset=$(awk -v lines="$lines" 'BEGIN { srand(29); print int(rand() * (lines - 10)) }')
"$LINESTORE" read "$file" "$offset" 10 > "$DIR/local.out"
rm -rf "$DIR/cache"
"$LINESTORE" read "$object" "$offset" 10 > "$DIR/remote.out"
# sed quits after the last line; zcat's broken pipe is expected (the lines are compared below).
{ zcat "$file" | sed -n "$((offset + 1)),$((offset + 10))p;$((offset + 10))q" > "$DIR/sed.out"; } || true
cmp -s "$DIR/local.out" "$DIR/remote.out" && cmp -s "$DIR/local.out" "$DIR/sed.out" ||
  { echo "s3-gzip-vs-local.sh: the reads of line $offset differ" >&2; exit 1; }
cat "$file" > /dev/null

printf 'a gzip file indexed in place, on SeaweedFS (weed mini on 127.0.0.1) vs local disk, %s processors, load average: %s\n' \
  "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%s: %s bytes, %s lines; line %s\n' "$name" "$(stat -c %s "$file")" "$lines" "$offset"
hyperfine --shell=none --warmup 1 --runs "$((RUNS / 2 > 3 ? RUNS / 2 : 3))" --style basic \
  --command-name "local index" --prepare "rm -rf $file.lsidx" "$LINESTORE index $file" \
  --command-name "s3 index (one GET)" --prepare "true" "$LINESTORE index $object" \
  --export-json "$DIR/index.json" 2>&1 | grep -v '^ *$'
hyperfine --shell=none --warmup 2 --runs "$RUNS" --style basic \
  --command-name "local read N 10" --prepare "true" "$LINESTORE read $file $offset 10" \
  --command-name "s3 read N 10 (first reader: table downloaded)" --prepare "rm -rf $DIR/cache" \
  "$LINESTORE read $object $offset 10" \
  --export-json "$DIR/read.json" 2>&1 | grep -v '^ *$'
"$LINESTORE" read "$object" "$offset" 10 > /dev/null
hyperfine --shell=none --warmup 2 --runs "$RUNS" --style basic \
  --command-name "local read N 10" "$LINESTORE read $file $offset 10" \
  --command-name "s3 read N 10 (table cached by an earlier reader)" "$LINESTORE read $object $offset 10" \
  --export-json "$DIR/read-cached.json" 2>&1 | grep -v '^ *$'
printf "sidecar: %s bytes (checkpoints %s), the same files locally and beside the object\n" \
  "$(du -cb "$file.lsidx" | tail -1 | cut -f1)" "$(stat -c %s "$file".lsidx/g*/checkpoints)"
printf 'load average at end: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
