#!/usr/bin/env bash
# Times reads of a store in object storage against the same store on local disk, side by side in
# one run, against a SeaweedFS server this script starts on 127.0.0.1 (scripts/seaweedfs.sh).
#
#   scripts/s3-reads-vs-local.sh [DIR]     (LINES=1000000 RUNS=20 RANGES=1000 by default)
#
# It generates LINES JSON lines with `linestore gen`, builds a store with a dense index and pushes
# it to s3://reads/store (all kept in DIR, by default linestore-s3-reads in the temporary
# directory), then times, warm page cache:
#   ./linestore read STORE N 1                 the local read, the whole command
#   ./linestore read s3://reads/store N 1      the same line from the server, index cache emptied
#                                              before each run (a reader's first read), then with
#                                              the index an earlier reader's --ranges run cached,
#                                              and with LINESTORE_S3_MANIFEST_TTL=60 too
#   floor: JVM + S3 client + one GET           the least such a read costs (io.linestore.s3.OneGet)
#   ./linestore read ... --ranges FILE         RANGES random one-line requests, local and remote
# and checks that the remote answers equal the local ones. With BASELINE=PATH/linestore (the
# launcher of another checkout, built) the remote rows are timed with it too, in the same run, on a
# copy of the store that it pushes itself.
# Uses hyperfine (installed with apt-get when missing).
set -euo pipefail

LINES=${LINES:-1000000}
RUNS=${RUNS:-20}
RANGES=${RANGES:-1000}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
LINESTORE="$ROOT/linestore"
DIR=${1:-${TMPDIR:-/tmp}/linestore-s3-reads}
. "$ROOT/scripts/need.sh"
need hyperfine hyperfine
command -v hyperfine >/dev/null || exit 1
mkdir -p "$DIR"

. "$ROOT/scripts/serve-s3.sh"
serve_s3 "$DIR" reads

file="$DIR/lines-$LINES.json" store="$DIR/store-$LINES"
[[ -f $file ]] || "$LINESTORE" gen --lines "$LINES" --content json -o "$file" > /dev/null
[[ -d $store ]] || "$LINESTORE" build "$file" "$store" --index dense > /dev/null
"$LINESTORE" push "$store" s3://reads/store > /dev/null
cat "$file" > /dev/null
find "$store" -type f -exec cat {} + > /dev/null

offset=$((LINES / 2 + 12345))
requests="$DIR/requests.txt"
awk -v n="$RANGES" -v lines="$LINES" 'BEGIN { srand(11); for (i = 0; i < n; i++) printf "%d 1\n", int(rand() * lines) }' \
  > "$requests"
"$LINESTORE" read "$store" --ranges "$requests" > "$DIR/local.out"
rm -rf "$DIR/cache"
"$LINESTORE" read s3://reads/store --ranges "$requests" > "$DIR/remote.out"
cmp -s "$DIR/local.out" "$DIR/remote.out" || { echo "s3-reads-vs-local.sh: remote answers differ" >&2; exit 1; }

printf 'linestore reads from SeaweedFS (weed mini on 127.0.0.1) vs local disk, %s processors, load average: %s\n' \
  "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%s: %s lines, %s bytes; line %s; %s random one-line ranges\n' "$file" "$LINES" "$(stat -c %s "$file")" \
  "$offset" "$RANGES"
one=(--command-name "local read N 1" "$LINESTORE read $store $offset 1"
  --command-name "s3 read N 1 (first read)" "$LINESTORE read s3://reads/store $offset 1")
# The floor of an s3:// read: a JVM with the launcher's options for reads and a start-up cache of its
# own, the same S3 client, and one ranged GET of 100 bytes (io.linestore.s3.OneGet); no manifest, no
# index, no checks.
jdk=$(sed -n 3p "$ROOT/linestore-cli/target/.jdk")
floor_cp="$ROOT/linestore-cli/target/linestore.jar:$ROOT/linestore-s3/target/linestore-s3.jar:$ROOT/linestore-s3/target/lib/*"
floor_java="$jdk/bin/java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xlog:disable"
floor_get="io.linestore.s3.OneGet s3://reads/store/manifest.json 0 100"
rm -f "$DIR/one-get.aot"
$floor_java -XX:AOTCacheOutput="$DIR/one-get.aot" -cp "$floor_cp" $floor_get > /dev/null 2>&1
[[ $($floor_java -XX:AOTCache="$DIR/one-get.aot" -cp "$floor_cp" $floor_get | wc -c) == 100 ]] ||
  { echo "s3-reads-vs-local.sh: the one-GET floor did not fetch 100 bytes" >&2; exit 1; }
one+=(--command-name "floor: JVM + S3 client + one GET" "$floor_java -XX:AOTCache=$DIR/one-get.aot -cp $floor_cp $floor_get")
ranges=(--command-name "local --ranges" "$LINESTORE read $store --ranges $requests"
  --command-name "s3 --ranges (first reader)" "$LINESTORE read s3://reads/store --ranges $requests")
if [[ -n ${BASELINE:-} ]]; then
  # Pushed by the baseline itself: its reader may not know the objects this build's push writes.
  "$BASELINE" push "$store" s3://reads/baseline > /dev/null
  one+=(--command-name "baseline s3 read N 1 (first read)" "$BASELINE read s3://reads/baseline $offset 1")
  ranges+=(--command-name "baseline s3 --ranges (first reader)" "$BASELINE read s3://reads/baseline --ranges $requests")
fi
hyperfine --shell=none --warmup 2 --runs "$RUNS" --prepare "rm -rf $DIR/cache" --style basic "${one[@]}" \
  --export-json "$DIR/one-line.json" 2>&1 | grep -v '^ *$'
# A reader whose index an earlier one cached: after 16 scattered reads of a shard a reader downloads
# its whole index into the cache, and later processes read it there (the manifest's conditional GET,
# answered 304, and the line's GET); with LINESTORE_S3_MANIFEST_TTL the cached manifest is used
# without asking (the line's GET only).
"$LINESTORE" read s3://reads/store --ranges "$requests" > /dev/null
hyperfine --shell=none --warmup 2 --runs "$RUNS" --style basic --command-name "local read N 1" \
  "$LINESTORE read $store $offset 1" --command-name "s3 read N 1 (index cached by an earlier reader)" \
  "$LINESTORE read s3://reads/store $offset 1" \
  --command-name "s3 read N 1 (index cached, manifest used for 60 s without asking)" \
  "env LINESTORE_S3_MANIFEST_TTL=60 $LINESTORE read s3://reads/store $offset 1" \
  --export-json "$DIR/one-line-cached.json" 2>&1 | grep -v '^ *$'
hyperfine --shell=none --warmup 1 --runs "$((RUNS / 4 > 3 ? RUNS / 4 : 3))" --prepare "rm -rf $DIR/cache" \
  --style basic "${ranges[@]}" --export-json "$DIR/ranges.json" 2>&1 | grep -v '^ *$'
printf 'load average at end: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
