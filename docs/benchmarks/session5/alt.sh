#!/usr/bin/env bash
# Alternates compact and dense, one fork each, ROUNDS times per size; prints score per run.
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
D=/tmp/meas/jmh; JAR=${JAR:-/tmp/meas/bench5.jar}; O=${O:-/tmp/meas5/alt}
mkdir -p $O
echo "== start $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg) jar $JAR"
for size in ${SIZES:-1 100 10000}; do
  for r in $(seq ${ROUNDS:-4}); do
    for s in COMPACT DENSE; do
      $J -Djmh.ignoreLock=true -jar $JAR '^io.linestore.bench.ReadBenchmark' -p stride=$s -p layout=SINGLE -p method=MMAP -p position=RANDOM -p rangeSize=$size -p dataDir=$D -p lines=10000000 -bm thrpt -f 1 -wi 3 -w 1s -i 5 -r 1s -rf json -rff $O/$size-$r-$s.json > $O/$size-$r-$s.log 2>&1
      echo "$size $r $s $(grep -A1 '^Benchmark ' $O/$size-$r-$s.log | tail -1 | awk '{print $(NF-3), $(NF-1)}') load $(cut -d' ' -f1 /proc/loadavg)"
    done
  done
done
echo "== end $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)"
