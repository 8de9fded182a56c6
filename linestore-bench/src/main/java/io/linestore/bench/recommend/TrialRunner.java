package io.linestore.bench.recommend;

import io.linestore.LineStore;
import io.linestore.bench.config.Position;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Measures reads per second of several targets in interleaved trials, in this JVM, within a time
 * budget. A JMH fork per target and trial would spend the budget starting JVMs; interleaving
 * instead makes drift (another process's load, the CPU's clock, the page cache) hit every target
 * alike: each trial runs every target for one slice, forwards in even trials and backwards in odd
 * ones, so drift within a trial also cancels out. A quarter of the budget warms every target up
 * first (compiling the read paths of all of them) and sizes its batches to about a millisecond, so
 * the clock is read once per batch, not per read. Not thread-safe.
 */
final class TrialRunner {

    /**
     * Fewest trials: nine, so the 95% interval of the median ({@link Interval}) leaves out the
     * lowest and the highest trial, and one burst of another process's load cannot make a tie.
     */
    static final int MIN_TRIALS = 9;

    private static final int MAX_TRIALS = 25;
    private static final Duration MIN_SLICE = Duration.ofMillis(20);
    private static final int WARMUP_ROUNDS = 3;
    private static final long BATCH_NANOS = 1_000_000;

    /**
     * One thing to measure: {@code linesPerRead} lines read from an open store at the offsets drawn
     * for a position.
     *
     * @param store the open store, read with its method
     * @param offsets first lines, {@link Position#OFFSET_COUNT} of them
     * @param linesPerRead lines per read
     */
    record Target(LineStore store, long[] offsets, int linesPerRead) {
    }

    private final List<Target> targets;
    private final long[] batches;
    private final Progress progress;
    /** Every read's result is used, so the compiler cannot drop a read. */
    private long linesRead;
    private int next;

    TrialRunner(List<Target> targets, Progress progress) {
        this.targets = List.copyOf(targets);
        this.batches = new long[targets.size()];
        this.progress = progress;
    }

    /**
     * Warms up and measures every target.
     *
     * @param budget the time to spend, warmup included
     * @return per target, its reads per second in each trial; at least {@link #MIN_TRIALS} trials
     */
    List<List<Double>> run(Duration budget) {
        long deadline = System.nanoTime() + budget.toNanos();
        int count = targets.size();
        long warmupSlice = Math.max(1, budget.toNanos() / 4 / WARMUP_ROUNDS / count);
        for (int round = 1; round <= WARMUP_ROUNDS; round++) {
            progress.step(String.format(Locale.ROOT, "warmup %d of %d", round, WARMUP_ROUNDS));
            for (int i = 0; i < count; i++) {
                batches[i] = 1;
                double nanosPerRead = 1e9 / measure(i, warmupSlice);
                batches[i] = Math.max(1, Math.round(BATCH_NANOS / nanosPerRead));
            }
        }
        int trials = Math.clamp(left(deadline) / ((long) count * MIN_SLICE.toNanos()), MIN_TRIALS, MAX_TRIALS);
        List<List<Double>> results = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            results.add(new ArrayList<>());
        }
        for (int trial = 0; trial < trials; trial++) {
            progress.step(String.format(Locale.ROOT, "trial %d of %d", trial + 1, trials));
            // Recomputed each trial: a slice that overran (a slow read, a pause) shortens the next
            // ones instead of the run overrunning its budget.
            long slice = Math.max(1, left(deadline) / ((long) (trials - trial) * count));
            for (int k = 0; k < count; k++) {
                int i = trial % 2 == 0 ? k : count - 1 - k;
                results.get(i).add(measure(i, slice));
            }
        }
        return results;
    }

    private static long left(long deadline) {
        return Math.max(0, deadline - System.nanoTime());
    }

    /** Reads whole batches until at least {@code nanos} passed; returns reads per second. */
    private double measure(int index, long nanos) {
        Target target = targets.get(index);
        long batch = batches[index];
        long reads = 0;
        long start = System.nanoTime();
        long elapsed;
        do {
            for (long b = 0; b < batch; b++) {
                linesRead += target.store().read(target.offsets()[next++ & Position.MASK], target.linesPerRead()).size();
            }
            reads += batch;
            elapsed = System.nanoTime() - start;
        } while (elapsed < nanos);
        return reads * 1e9 / elapsed;
    }
}
