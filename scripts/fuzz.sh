#!/usr/bin/env bash
# Fuzzes one parser, coverage-guided, for a number of minutes:
#
#   scripts/fuzz.sh TARGET MINUTES        (scripts/fuzz.sh with no arguments lists the targets)
#
# A target is one @FuzzTest method (see docs/guarantees.md, "Fuzzing"). The build runs each one's
# inputs (src/test/resources/<package>/<Class>Inputs/<method>/) as regression tests; this script runs
# Jazzer's JUnit integration in fuzzing mode (JAZZER_FUZZ=1) on one of them instead, through Maven
# (offline, nothing installed), starting from those inputs and from what earlier runs found
# (MODULE/.cifuzz-corpus/, kept between runs and ignored by git). It prints the executions per second
# and the coverage reached (libFuzzer's edge count, "cov"), and where a crashing input was saved: Jazzer
# writes it beside the inputs, so that the next build runs it as a regression test. The whole log is
# in MODULE/target/fuzz-TARGET.log.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)

# name, module, test class, method
TARGETS=(
  "gzip-header linestore-impl io.linestore.impl.gzip.GzipHeaderFuzzTest aSkippedHeaderIsTheOneGzipInputStreamReads"
  "gzip-file linestore-impl io.linestore.impl.InPlaceIndexFuzzTest aGzipFileReadsAsGzipInputStreamDecodesIt"
  "zstd-file linestore-impl io.linestore.impl.InPlaceIndexFuzzTest aZstdFileReadsAsZstdDecodesIt"
  "checkpoint-table linestore-impl io.linestore.impl.blocks.CheckpointTableFuzzTest aTableOpensAsItsClassPromisesOrIsRefusedNamingIt"
  "seek-table linestore-impl io.linestore.impl.zstd.SeekTableFuzzTest aSeekTableTilesItsFileOrIsRefusedNamingIt"
  "index-file linestore-impl io.linestore.impl.index.IndexFilesFuzzTest anIndexOpensToEntriesThatDecodeOrIsRefusedNamingIt"
  "manifest linestore-impl io.linestore.impl.format.ManifestCodecFuzzTest aManifestReadsBackAsWrittenOrIsRefusedNamingIt"
  "request-lines linestore-cli io.linestore.cli.command.RequestStreamFuzzTest requestLinesAreTheStreamSplitAtNewlines"
  "range-request linestore-cli io.linestore.cli.command.RequestStreamFuzzTest aRequestReadsAsItsCountsOrIsRefused"
  "http-answer linestore-s3 io.linestore.s3.HttpAnswerFuzzTest aRangeAnswerReadsAsTheRangeAskedForOrIsRefusedNamingTheFile"
)

usage() {
  echo "usage: scripts/fuzz.sh TARGET MINUTES" >&2
  echo "targets:" >&2
  for target in "${TARGETS[@]}"; do
    read -r name module class method <<<"$target"
    printf '  %-17s %s#%s (%s)\n' "$name" "${class##*.}" "$method" "$module" >&2
  done
  exit 2
}

(($# == 2)) && [[ $2 =~ ^[0-9]+$ ]] && (($2 > 0)) || usage
module=''
for target in "${TARGETS[@]}"; do
  read -r name module class method <<<"$target"
  [[ $name == "$1" ]] && break
  module=''
done
[[ -n $module ]] || usage
seconds=$(($2 * 60))
log="$ROOT/$module/target/fuzz-$1.log"
mkdir -p "$ROOT/$module/target"

echo "fuzzing $class#$method for $2 min; log in ${log#"$ROOT/"}" >&2
# libFuzzer's own flags come last and win over the annotation's (jazzer.internal.arg.0 is its argv[0]).
# The main classes sit on the module path, out of the class path Jazzer instruments by default: name them.
status=0
(cd "$ROOT" && JAZZER_FUZZ=1 ./mvnw -B -o test -pl "$module" -am \
  -Dtest="$class#$method" -Dsurefire.failIfNoSpecifiedTests=false \
  -Djazzer.instrument='io.linestore.**' \
  -Djazzer.internal.arg.0=fuzz -Djazzer.internal.arg.1=-max_total_time=$seconds \
  -Djazzer.internal.arg.2=-print_final_stats=1) >"$log" 2>&1 || status=$?

# libFuzzer's last status line: "#RUNS DONE cov: EDGES ft: FEATURES corp: N/SIZE ... exec/s: E rss: M".
last=$(grep -E '^#[0-9]+[[:space:]]+(DONE|pulse|NEW|REDUCE|INITED)' "$log" | tail -n 1 || true)
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
echo "target:     $1 ($class#$method)"
# A run that finds a crash stops there, before its minutes are up.
echo "executions: ${runs:-?}, ${rate:-?} per second"
echo "coverage:   $(grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+/[0-9a-zA-Z]+' <<<"$last" || echo '?')"
if grep -q 'Test unit written to' "$log"; then
  echo "crash:      $(sed -n 's/.*Test unit written to //p' "$log" | tail -n 1)"
  grep -m 1 -A 30 -E '== Java Exception|FuzzTestFindingException' "$log" || true
elif ((status != 0)); then
  echo "the run failed (exit $status) without a crash input; see ${log#"$ROOT/"}" >&2
fi
exit "$status"
