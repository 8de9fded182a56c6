#!/usr/bin/env bash
# Quiet-window measurements, session 4: before (305a27f, /work/wt-before) against after (main, frozen copy /work/meas3).
set -u
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
B=/work/wt-before
A=/work/meas3
D=/tmp/meas/jmh
O=/tmp/meas3/out
mkdir -p $O
stamp() { echo "== $1 $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)"; }
jmh() { local name=$1 jar=$2; shift 2; stamp "$name"; $J -Djmh.ignoreLock=true -jar $jar "$@" -p dataDir=$D -p lines=10000000 -rf json -rff $O/$name.json > $O/$name.log 2>&1; stamp "$name done"; }
# Warm the JMH store and text file into the page cache (the VM's reclaim evicts idle pages).
cat $D/*.txt > /dev/null 2>&1; find $D -type f -name '*.lines' -exec cat {} + > /dev/null 2>&1
for round in 1; do
  jmh path-before $B/linestore-bench/target/benchmarks.jar 'ReadPathBenchmark' -p method=MMAP,BUFFERED_READER -p position=RANDOM -p rangeSize=1,100,10000 -bm thrpt -f 1 -wi 3 -w 1s -i 5 -r 1s -prof gc
  jmh path-after $A/linestore-bench/target/benchmarks.jar 'ReadPathBenchmark' -p method=MMAP,BUFFERED_READER,FILE_CHANNEL,RANDOM_ACCESS_FILE -p position=RANDOM -p rangeSize=1,100,10000 -bm thrpt -f 1 -wi 3 -w 1s -i 5 -r 1s -prof gc
done
jmh sqlite $A/linestore-bench/target/benchmarks.jar 'SqliteReadBenchmark' -p position=RANDOM -p rangeSize=1,100,10000 -bm thrpt -f 1 -wi 3 -w 1s -i 5 -r 1s
jmh endstart $A/linestore-bench/target/benchmarks.jar '^io.linestore.bench.ReadBenchmark' -p layout=SINGLE -p stride=DENSE -p position=START,END -p rangeSize=1,100,10000 -bm thrpt -f 1 -wi 2 -w 1s -i 6 -r 1s
jmh compact $A/linestore-bench/target/benchmarks.jar '^io.linestore.bench.ReadBenchmark' -p stride=COMPACT,DENSE -p layout=SINGLE -p method=MMAP -p position=RANDOM -p rangeSize=1,100,10000 -bm thrpt -f 1 -wi 3 -w 1s -i 5 -r 1s
stamp startup-before; (cd $B && LINESTORE_BUILD=never RUNS=20 SIZES=300MB REQUESTS=20000 scripts/startup.sh /tmp/meas/st > $O/startup-before.log 2>&1)
stamp startup-after; (cd $A && LINESTORE_BUILD=never RUNS=20 SIZES="300MB 1GB" scripts/startup.sh /tmp/meas/st > $O/startup-after.log 2>&1)
stamp writes; (cd $A && LINESTORE_BUILD=never RUNS=3 scripts/index-vs-wc.sh /tmp/meas/bc > $O/index.log 2>&1; LINESTORE_BUILD=never RUNS=3 scripts/build-vs-cp.sh /tmp/meas/bc > $O/build.log 2>&1)
stamp end
