package io.linestore.bench;

import io.linestore.bench.config.Position;
import io.linestore.bench.data.BenchData;
import io.linestore.bench.data.LineRanges;
import io.linestore.bench.data.ResultCheck;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The one read benchmark, {@link #read()}, over whatever a subclass opens: the store size, the position
 * of the reads and their size in lines are shared parameters. Offsets are drawn once per trial and
 * taken with {@code i++ & MASK}; one read of each way is checked against the generated data before
 * measuring.
 * Warm page cache: what is read is never dropped from the cache.
 */
@BenchmarkMode({Mode.Throughput, Mode.SampleTime})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public abstract class RangeReads extends DataBenchmark {

    /** Lines in the store: at least 10,000,000 (about 1 GiB) so the end is far from the start. */
    @Param({"10000000"})
    public long lines;

    /** Where in the store the reads start. */
    @Param
    public Position position;

    /** Lines per read. */
    @Param({"1", "100", "10000"})
    public int rangeSize;

    private LineRanges ranges;
    private long[] offsets;
    private int next;

    /** Only subclasses are benchmarks. */
    protected RangeReads() {
    }

    /**
     * Opens what this benchmark reads through (generating its data on first use).
     *
     * @param firstLines the line numbers reads will start at
     * @return the open reader, closed after the trial
     */
    protected abstract LineRanges open(long[] firstLines);

    /**
     * Names what reads, for a failed check.
     *
     * @return a name with the parameters that matter
     */
    protected abstract String reader();

    /**
     * Draws the offsets, opens the reader and checks one read.
     *
     * @throws IllegalStateException if the read returned the wrong lines
     */
    @Setup(Level.Trial)
    public void setUp() {
        offsets = position.offsets(lines, rangeSize, BenchData.SEED);
        next = 0;
        ranges = open(offsets);
        ResultCheck.lines(read(), offsets[0], rangeSize, lines, reader());
        checkOtherWays();
    }

    /**
     * Checks one result of each other way and floor a subclass measures, as {@link #setUp()} checks
     * {@link #read()}; each check takes its own {@link #nextRead()}.
     *
     * @throws IllegalStateException if a way returned the wrong lines
     */
    protected void checkOtherWays() {
    }

    /**
     * Reads {@code rangeSize} lines at the next offset.
     *
     * @return the lines
     */
    @Benchmark
    public List<String> read() {
        return ranges.read(offset(nextRead()), rangeSize);
    }

    /**
     * Takes the next read: an index into the offsets drawn for this trial.
     *
     * @return the read's index, {@code [0, Position.OFFSET_COUNT)}
     */
    protected final int nextRead() {
        return next++ & Position.MASK;
    }

    /**
     * The first line of a read.
     *
     * @param read the read's index, from {@link #nextRead()}
     * @return its first line number
     */
    protected final long offset(int read) {
        return offsets[read];
    }

    /** Closes the reader. */
    @TearDown(Level.Trial)
    public void close() {
        ranges.close();
    }
}
