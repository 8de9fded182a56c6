#!/usr/bin/env bash
# Times a short read from the release archive against a bare `java Hello` of the archive's own
# runtime, side by side in one hyperfine run:
#
#   scripts/archive-startup.sh ARCHIVE [DIR]        (RUNS=200, LINES=1000000 by default)
#
# Unpacks ARCHIVE (linestore-VERSION-linux-x86_64.tar.gz, from `./mvnw -Pdist package`) into DIR (by
# default linestore-archive-startup in the temporary directory), makes it read-only as an
# installation may be, generates LINES lines and builds a store with the installation itself, runs
# the read twice (the first run makes the start-up cache in DIR/cache, the launcher's
# $XDG_CACHE_HOME), then times, warm page cache:
#   runtime/bin/java -cp DIR/floor Hello     the floor: the same runtime, no options, its default CDS
#   bin/linestore read STORE OFFSET 10       the last 10 lines, launcher included
# and prints hyperfine's means, error bars and ratio, with the load average at the start and the end.
# Needs hyperfine (Debian/Ubuntu: apt-get install hyperfine) and a javac; installs nothing.
set -euo pipefail

(($# >= 1)) || { echo "usage: scripts/archive-startup.sh ARCHIVE [DIR]" >&2; exit 2; }
archive=$(realpath "$1")
dir=${2:-${TMPDIR:-/tmp}/linestore-archive-startup}
runs=${RUNS:-200} lines=${LINES:-1000000}
command -v hyperfine > /dev/null || { echo "archive-startup.sh: needs hyperfine on PATH" >&2; exit 1; }

[[ -d $dir/installation ]] && chmod -R u+w "$dir/installation"
rm -rf -- "$dir/installation" "$dir/cache"
mkdir -p "$dir/installation" "$dir/floor" "$dir/cache"
tar -C "$dir/installation" -xzf "$archive"
home=$(echo "$dir"/installation/*/)
home=${home%/}
chmod -R a-w "$home"
export XDG_CACHE_HOME=$dir/cache
linestore=$home/bin/linestore java=$home/runtime/bin/java

cat > "$dir/floor/Hello.java" << 'JAVA'
public class Hello { public static void main(String[] args) { System.out.println("hello"); } }
JAVA
# The runtime holds no compiler: any javac on PATH makes a class it runs.
command -v javac > /dev/null || { echo "archive-startup.sh: needs javac on PATH for the floor's class" >&2; exit 1; }
javac -d "$dir/floor" "$dir/floor/Hello.java"

store=$dir/store-$lines
if [[ ! -d $store ]]; then
  "$linestore" gen --lines "$lines" -o "$dir/lines-$lines.txt" > /dev/null
  "$linestore" build "$dir/lines-$lines.txt" "$store" > /dev/null
fi
offset=$((lines - 10))
"$linestore" read "$store" "$offset" 10 > /dev/null # makes the start-up cache
"$linestore" read "$store" "$offset" 10 > /dev/null
find "$store" -type f -exec cat {} + > /dev/null

printf 'linestore archive start-up: %s, %s processors, load average at start: %s\n' \
  "${archive##*/}" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
hyperfine -N -w 10 -r "$runs" --export-json "$dir/hyperfine.json" \
  -n "java Hello (the archive's runtime)" "$java -cp $dir/floor Hello" \
  -n "bin/linestore read STORE $offset 10" "$linestore read $store $offset 10"
printf 'load average at end: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
