# Sourced by the scripts that time a command against a plain tool over the same page-cached file
# (index-vs-wc.sh, build-vs-cp.sh): sets DIR and FILE, generates FILE (SIZE bytes, `linestore gen`)
# unless it exists, reads it once into the page cache, and defines `seconds` and `median`.
#
# DIR is the script's first argument, or a fresh temporary directory removed on exit.

SIZE=${SIZE:-1GiB}
RUNS=${RUNS:-3}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
LINESTORE="$ROOT/linestore"

if [[ $# -ge 1 ]]; then DIR=$1; mkdir -p "$DIR"; else DIR=$(mktemp -d); trap 'rm -rf "$DIR"' EXIT; fi
FILE="$DIR/lines.txt"

# Wall-clock seconds of a command; its standard output is kept in $DIR/last.out.
seconds() { local start end; start=$(date +%s.%N); "$@" > "$DIR/last.out"; end=$(date +%s.%N); echo "$end - $start" | bc -l; }
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

[[ -f $FILE ]] || "$LINESTORE" gen --size "$SIZE" -o "$FILE" > /dev/null
cat "$FILE" > /dev/null
