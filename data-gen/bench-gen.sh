#!/usr/bin/env bash
# Times `data-gen` writing SIZE (default 1GiB) to a file against `cp` of a page-cached file of the
# same size, RUNS times each (default 3), and prints the ratio of the medians.
#
#   ./mvnw -B -q -pl data-gen -am package -DskipTests && data-gen/bench-gen.sh [DIR]
#
# DIR (default: a fresh temporary directory, removed afterwards) must have room for 3 x SIZE.
# Both sides write a new file into the page cache (the target is deleted before each run); the
# generator's time includes JVM start-up, as a user of `java -jar data-gen.jar` sees it. A second
# figure times the library alone (`Generator.writeTo(Path)` warm, in one JVM, RUNS + 1 runs with
# the first dropped), which is what tests and benchmarks pay. Warm page cache, no fsync: this
# measures CPU and memory bandwidth, not the disk.
set -euo pipefail

SIZE=${SIZE:-1GiB}
RUNS=${RUNS:-3}
HERE=$(cd "$(dirname "$0")" && pwd)
JAR="$HERE/target/data-gen.jar"
# A JDK 25: $JAVA if set, else the usual install folder, else the java on the PATH.
JDK25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
if [[ -z "${JAVA:-}" ]]; then if [[ -x "$JDK25" ]]; then JAVA=$JDK25; else JAVA=java; fi; fi
[[ -f "$JAR" ]] || { echo "bench-gen: $JAR is missing; run ./mvnw -B -q -pl data-gen -am package -DskipTests" >&2; exit 1; }

if [[ $# -ge 1 ]]; then DIR=$1; mkdir -p "$DIR"; else DIR=$(mktemp -d); trap 'rm -rf "$DIR"' EXIT; fi

seconds() { local start end; start=$(date +%s.%N); "$@" > /dev/null; end=$(date +%s.%N); echo "$end - $start" | bc -l; }
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# The source for cp: a generated file of the same size, read once so it sits in the page cache.
"$JAVA" -jar "$JAR" --size "$SIZE" -o "$DIR/source.txt" > /dev/null
cat "$DIR/source.txt" > /dev/null

gen=() cp=()
for run in $(seq "$RUNS"); do
    rm -f "$DIR/gen.txt" "$DIR/copy.txt"
    gen+=("$(seconds "$JAVA" -jar "$JAR" --size "$SIZE" --seed "$run" -o "$DIR/gen.txt")")
    cp+=("$(seconds cp "$DIR/source.txt" "$DIR/copy.txt")")
    printf 'run %d: gen %.3f s, cp %.3f s\n' "$run" "${gen[-1]}" "${cp[-1]}"
done
g=$(median "${gen[@]}")
c=$(median "${cp[@]}")
printf 'median of %d: gen %.3f s, cp %.3f s, gen/cp = %.2f (bytes: %s, processors: %s, load: %s)\n' \
    "$RUNS" "$g" "$c" "$(echo "$g / $c" | bc -l)" "$(stat -c %s "$DIR/gen.txt")" "$(nproc)" \
    "$(cut -d' ' -f1-3 /proc/loadavg)"

cat > "$DIR/InProcess.java" <<'JAVA'
import io.linestore.gen.Generator;
import io.linestore.gen.Sizes;
import java.nio.file.Files;
import java.nio.file.Path;

class InProcess {
    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        for (int run = 0; run <= Integer.parseInt(args[2]); run++) {
            Files.deleteIfExists(file);
            long start = System.nanoTime();
            Generator.builder().size(Sizes.parseBytes(args[1])).seed(run).build().writeTo(file);
            if (run > 0) {
                System.out.println((System.nanoTime() - start) / 1e9);
            }
        }
    }
}
JAVA
mapfile -t warm < <("$JAVA" -cp "$JAR" "$DIR/InProcess.java" "$DIR/gen.txt" "$SIZE" "$RUNS")
w=$(median "${warm[@]}")
printf 'library alone, warm, median of %d: writeTo %.3f s, cp %.3f s, writeTo/cp = %.2f\n' \
    "$RUNS" "$w" "$c" "$(echo "$w / $c" | bc -l)"
