package io.linestore.bench;

import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.bench.config.IndexStride;
import io.linestore.bench.config.Position;
import io.linestore.bench.config.StoreLayout;
import io.linestore.bench.data.BenchData;
import io.linestore.bench.data.ResultCheck;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Whether reads scale with threads: random reads of one store from one thread and from two, next to
 * the same two counts of threads doing pure CPU work, which shows what the machine allowed in the same
 * run (on two idle cores, two threads of CPU work run at 2x one). Scores are total reads per second of
 * all threads. Each thread keeps its own place in the offsets, so the benchmark shares nothing mutable
 * between threads but the store.
 */
@BenchmarkMode(Mode.Throughput)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ScalingBenchmark extends DataBenchmark {

    /** CPU work per operation of the baseline: a few microseconds, like a 100-line read. */
    private static final long TOKENS = 2_000;

    /** Lines in the store. */
    @Param({"10000000"})
    public long lines;

    /** Lines per read. */
    @Param({"100"})
    public int rangeSize;

    /** How the store reads. */
    @Param({"MMAP", "FILE_CHANNEL"})
    public ReadMethod method;

    private LineStore store;
    private long[] offsets;

    /** Creates the benchmark state; JMH calls it. */
    public ScalingBenchmark() {
    }

    /** One thread's place in the offsets, starting somewhere of its own. */
    @State(Scope.Thread)
    public static class Cursor {
        private int next;

        /** Creates a cursor; JMH calls it. */
        public Cursor() {
        }

        /** Starts at a random offset. */
        @Setup(Level.Trial)
        public void start() {
            next = ThreadLocalRandom.current().nextInt(Position.OFFSET_COUNT);
        }

        int next() {
            return next++ & Position.MASK;
        }
    }

    /** Opens the store (building it on first use) and draws offsets anywhere in it. */
    @Setup(Level.Trial)
    public void setUp() {
        offsets = Position.RANDOM.offsets(lines, rangeSize, BenchData.SEED);
        store = LineStores.open(data().store(lines, StoreLayout.SINGLE, IndexStride.DENSE), method);
        ResultCheck.lines(store.read(offsets[0], rangeSize), offsets[0], rangeSize, lines, "linestore " + method);
    }

    /** Closes the store. */
    @TearDown(Level.Trial)
    public void close() {
        store.close();
    }

    /**
     * Reads from one thread.
     *
     * @param cursor the thread's place
     * @return the lines
     */
    @Benchmark
    @Threads(1)
    public List<String> readOneThread(Cursor cursor) {
        return store.read(offsets[cursor.next()], rangeSize);
    }

    /**
     * Reads from two threads.
     *
     * @param cursor the thread's place
     * @return the lines
     */
    @Benchmark
    @Threads(2)
    public List<String> readTwoThreads(Cursor cursor) {
        return store.read(offsets[cursor.next()], rangeSize);
    }

    /** Pure CPU work in one thread: the baseline. */
    @Benchmark
    @Threads(1)
    public void cpuOneThread() {
        Blackhole.consumeCPU(TOKENS);
    }

    /** Pure CPU work in two threads: the baseline. */
    @Benchmark
    @Threads(2)
    public void cpuTwoThreads() {
        Blackhole.consumeCPU(TOKENS);
    }
}
