package io.linestore.bench;

import io.linestore.bench.config.Position;
import io.linestore.bench.data.BenchData;
import io.linestore.bench.data.ResultCheck;
import java.util.List;
import java.util.function.Supplier;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The parameters and read offsets every read benchmark shares: the store size, the position of
 * the reads, their size in lines and the data directory. Offsets are drawn once per trial and taken
 * with {@code i++ & MASK}.
 */
@State(Scope.Benchmark)
public abstract class RangeReads {

    /** Lines in the store: at least 10,000,000 (about 1 GiB) so the end is far from the start. */
    @Param({"10000000"})
    public long lines;

    /** Where in the store the reads start. */
    @Param
    public Position position;

    /** Lines per read. */
    @Param({"1", "100", "10000"})
    public int rangeSize;

    /** Where generated data, stores and the SQLite database are kept; blank for the default. */
    @Param({""})
    public String dataDir;

    private long[] offsets;
    private int next;

    /** Only subclasses are benchmarks. */
    protected RangeReads() {
    }

    /**
     * Returns the data directory the {@link #dataDir} parameter names.
     *
     * @return the benchmark data
     */
    protected final BenchData data() {
        return BenchData.in(dataDir);
    }

    /**
     * Draws the read offsets; call once per trial, before the first read.
     *
     * @param lineCount the lines in the store
     */
    protected final void drawOffsets(long lineCount) {
        offsets = position.offsets(lineCount, rangeSize, BenchData.SEED);
        next = 0;
    }

    /**
     * Returns the offsets {@link #drawOffsets} drew.
     *
     * @return the offsets, in the order reads take them
     */
    protected final long[] offsets() {
        return offsets;
    }

    /**
     * Returns the next read's first line.
     *
     * @return a line number from the drawn offsets
     */
    protected final long nextOffset() {
        return offsets[next++ & Position.MASK];
    }

    /**
     * Runs the benchmark's read once and checks what it returned.
     *
     * @param read the benchmark method
     * @param lineCount the lines in the store
     * @param reader what reads, for the message
     * @throws IllegalStateException if the read returned the wrong lines
     */
    protected final void checkRead(Supplier<List<String>> read, long lineCount, String reader) {
        long offset = offsets[next & Position.MASK];
        ResultCheck.lines(read.get(), offset, rangeSize, lineCount, reader);
    }
}
