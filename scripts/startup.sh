#!/usr/bin/env bash
# Times a short linestore command against the JVM's own start-up and against sed and tail, side by
# side in one run, and the query stream's throughput.
#
#   scripts/startup.sh [DIR]        (SIZES="300MB 1GB" RUNS=20 by default)
#
# For each size it generates a text file with `linestore gen` and builds a store from it (both kept
# in DIR, by default linestore-startup in the temporary directory ($TMPDIR or the system's), and
# reused by the next run), then times, warm page cache, reading the file's last 10 lines these ways:
#   ./linestore read STORE OFFSET 10     the whole command, as a user runs it (launcher included)
#   ./linestore info STORE
#   java ... Hello                       the JVM floor: the launcher's JVM flags, its own AOT cache
#   sed -n 'A,Bp;Bq' FILE                and tail -n +A FILE | head -n 10
#   sqlite3 DB 'SELECT ... rowid ...'    the same rows by rowid from a table of the file's lines
#                                        (when sqlite3 is on PATH; the database is kept in DIR too)
# and prints each median with its ratio to the floor. Then it sends 100,000 ten-line requests to
# one `linestore read STORE --ranges FILE` and prints requests per second (wall and CPU), after
# checking that the answers equal one `read` per request for the first 20.
#
# Uses hyperfine (https://github.com/sharkdp/hyperfine; Debian/Ubuntu: apt-get install hyperfine)
# when it is on PATH, for error bars; otherwise a plain loop and medians. It installs nothing.
# Absolute times mean little on a loaded machine: read the ratios, and the load average printed.
set -euo pipefail

SIZES=${SIZES:-300MB 1GB}
RUNS=${RUNS:-20}
REQUESTS=${REQUESTS:-100000}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
LINESTORE="$ROOT/linestore"
DIR=${1:-${TMPDIR:-/tmp}/linestore-startup}
mkdir -p "$DIR"

# The JDK the launcher would pick when JAVA_HOME names none: the newest 25+ under /usr/lib/jvm.
find_java() {
  local home version best='' best_major=0
  for home in ${JAVA_HOME:+"$JAVA_HOME"} /usr/lib/jvm/*; do
    [[ -x $home/bin/java && -r $home/release ]] || continue
    version=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$home/release")
    [[ -n ${JAVA_HOME:-} && $home == "$JAVA_HOME" && ${version:-0} -ge 25 ]] && { echo "$home/bin/java"; return; }
    if ((${version:-0} >= 25 && version > best_major)); then best=$home best_major=$version; fi
  done
  [[ -n $best ]] || { echo "startup.sh: needs a JDK 25 (JAVA_HOME or /usr/lib/jvm)" >&2; exit 1; }
  echo "$best/bin/java"
}
JAVA=$(find_java)
# The launcher's flags for a short command (see ../linestore).
FLAGS=(-Dlinestore.stderr.terminal=false --enable-native-access=ALL-UNNAMED -XX:TieredStopAtLevel=1 -XX:+UseSerialGC)

# The floor: a class that prints one line, with an AOT cache of its own, as the launcher has one.
mkdir -p "$DIR/floor"
cat > "$DIR/floor/Hello.java" <<'JAVA'
public class Hello { public static void main(String[] args) { System.out.println("hello"); } }
JAVA
# Trained anew on every run, with these flags and this JDK: a cache made under other options (a JVM
# that enables native access, say) is one the JVM silently refuses, and the floor would run without.
rm -f "$DIR/floor/hello.aot"
# In a jar: the JDK makes no AOT cache for a class path with a non-empty directory.
"${JAVA%/java}/javac" -d "$DIR/floor/classes" "$DIR/floor/Hello.java"
"${JAVA%/java}/jar" --create --file "$DIR/floor/hello.jar" -C "$DIR/floor/classes" .
"$JAVA" "${FLAGS[@]}" -XX:AOTCacheOutput="$DIR/floor/hello.aot" -cp "$DIR/floor/hello.jar" Hello > /dev/null 2>&1 ||
  echo "startup.sh: could not make the floor's AOT cache; the floor runs without one" >&2
FLOOR="$JAVA ${FLAGS[*]} -XX:AOTCache=$DIR/floor/hello.aot -Xlog:aot=off -Xlog:cds=off -cp $DIR/floor/hello.jar Hello"
# A cache the JVM refuses would make the floor look slow without a word: check it once, loudly.
if "$JAVA" "${FLAGS[@]}" -XX:AOTCache="$DIR/floor/hello.aot" -cp "$DIR/floor/hello.jar" Hello 2>&1 | grep -q 'error'; then
  echo "startup.sh: the JVM refuses the floor's AOT cache; the floor runs without one" >&2
fi

if command -v hyperfine > /dev/null; then
  timer=hyperfine
else
  timer=loop
  echo "hyperfine is not installed (Debian/Ubuntu: apt-get install hyperfine); timing with a plain loop." >&2
fi

median_ms() { # command... : median wall time of RUNS runs, in milliseconds
  local run start times=()
  for run in $(seq "$RUNS"); do
    start=$(date +%s%N)
    bash -c "$1" > /dev/null 2>&1
    times+=($(( ($(date +%s%N) - start) / 1000 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{ v[NR] = $1 } END { printf "%.1f", v[int((NR + 1) / 2)] / 1000 }'
}

# Prints one line per command: name, median ms, ratio to the first command (the floor). Names
# hold no commas: hyperfine's CSV is read with awk -F,.
time_side_by_side() {
  local names=("$@") commands=() name
  for name in "${names[@]}"; do commands+=("${COMMANDS[$name]}"); done
  if [[ $timer == hyperfine ]]; then
    local args=() i
    for i in "${!names[@]}"; do args+=(--command-name "${names[$i]}" "${commands[$i]}"); done
    local csv="$DIR/times-$size.csv"
    hyperfine --shell=none --warmup 3 --runs "$RUNS" --export-csv "$csv" --style basic \
      "${args[@]}" > "$DIR/hyperfine-$size.txt" 2>&1 || { cat "$DIR/hyperfine-$size.txt" >&2; exit 1; }
    # command,mean,stddev,median,user,system,min,max (seconds). CPU time (user + system, children
    # included) says more than wall time on a machine that other work keeps busy.
    awk -F, 'NR == 2 { floor = $4; floor_cpu = $5 + $6 } NR > 1 {
      printf "  %-30s median %7.1f ms (mean %7.1f ± %6.1f)  %5.2fx the floor;  CPU %6.1f ms  %5.2fx\n",
        $1, $4 * 1000, $2 * 1000, $3 * 1000, $4 / floor, ($5 + $6) * 1000, ($5 + $6) / floor_cpu }' "$csv"
  else
    local floor='' ms i
    for i in "${!names[@]}"; do
      bash -c "${commands[$i]}" > /dev/null 2>&1 # warm up
      ms=$(median_ms "${commands[$i]}")
      [[ -n $floor ]] || floor=$ms
      printf '  %-30s median %7.1f ms  %5.2fx the floor\n' "${names[$i]}" "$ms" "$(echo "$ms / $floor" | bc -l)"
    done
  fi
}

printf 'linestore start-up, %s processors, load average at start: %s\n' "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf 'JVM: %s\n' "$JAVA"
"$LINESTORE" --version > /dev/null # builds the jar and its start-up cache if needed, before timing

declare -A COMMANDS
for size in $SIZES; do
  file="$DIR/lines-$size.txt" store="$DIR/store-$size"
  [[ -f $file ]] || "$LINESTORE" gen --size "$size" -o "$file" > /dev/null
  [[ -d $store ]] || "$LINESTORE" build "$file" "$store" > /dev/null
  lines=$(wc -l < "$file")
  # Into the page cache, the store too: a VM that reclaims idle pages (DAMON) may have evicted it.
  cat "$file" > /dev/null
  find "$store" -type f -exec cat {} + > /dev/null
  offset=$((lines - 10)) first=$((lines - 9))
  COMMANDS=(
    ["JVM floor (java Hello)"]="$FLOOR"
    ["linestore read (last 10 lines)"]="$LINESTORE read $store $offset 10"
    ["linestore info"]="$LINESTORE info $store"
    ["sed -n A..B (then quits)"]="sed -n '${first},${lines}p;${lines}q' $file"
    ["tail -n +A | head -n 10"]="bash -c 'tail -n +$first $file | head -n 10'"
  )
  names=("JVM floor (java Hello)" "linestore read (last 10 lines)" "linestore info" \
    "sed -n A..B (then quits)" "tail -n +A | head -n 10")
  if command -v sqlite3 > /dev/null; then
    database="$DIR/lines-$size.db"
    if [[ ! -f $database ]]; then
      # One row per line, rowid = line number + 1; \037 never occurs in the generated lines.
      sqlite3 "$database.partial" 'CREATE TABLE lines(line TEXT)' '.mode ascii' \
        '.separator "\037" "\n"' ".import $file lines"
      mv "$database.partial" "$database"
    fi
    cat "$database" > /dev/null
    COMMANDS["sqlite3 (same rows by rowid)"]="sqlite3 $database 'SELECT line FROM lines WHERE rowid BETWEEN $first AND $lines'"
    names+=("sqlite3 (same rows by rowid)")
  fi
  printf '\n%s: %s bytes, %s lines; reading lines %s..%s\n' "$file" "$(stat -c %s "$file")" "$lines" "$first" "$lines"
  time_side_by_side "${names[@]}"
done

# The query stream, on the last (largest) store: REQUESTS random ten-line reads for one start.
requests="$DIR/requests.txt"
awk -v n="$REQUESTS" -v lines="$lines" 'BEGIN { srand(7); for (i = 0; i < n; i++) printf "%d 10\n", int(rand() * lines) }' > "$requests"
head -n 20 "$requests" | while read -r offset size; do "$LINESTORE" read "$store" "$offset" "$size"; done > "$DIR/one-by-one.out"
"$LINESTORE" read "$store" --ranges <(head -n 20 "$requests") > "$DIR/stream-20.out"
cmp -s "$DIR/one-by-one.out" "$DIR/stream-20.out" ||
  { echo "startup.sh: the query stream's answers differ from one read per request" >&2; exit 1; }
TIMEFORMAT='%R %U %S'
find "$store" -type f -exec cat {} + > /dev/null # read it into the page cache again: timing a disk is not the point
times=$( { time "$LINESTORE" read "$store" --ranges "$requests" > "$DIR/stream.out" 2> "$DIR/stream.err"; } 2>&1 )
read -r wall user system <<< "$times"
printf '\nquery stream: %d ten-line requests in %.2f s wall, %.2f s CPU: %.0f requests/s, %.0f per CPU-second\n' \
  "$REQUESTS" "$wall" "$(echo "$user + $system" | bc -l)" "$(echo "$REQUESTS / $wall" | bc -l)" \
  "$(echo "$REQUESTS / ($user + $system)" | bc -l)"
printf '(one process, JVM start included, output to a file; answers checked)\n'
printf 'load average at end: %s (timer: %s, %s runs, warm page cache)\n' "$(cut -d' ' -f1-3 /proc/loadavg)" "$timer" "$RUNS"
