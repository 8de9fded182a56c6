package io.linestore.bench.recommend;

import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.bench.config.Position;
import io.linestore.bench.data.BenchData;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * {@code read(offset, size)} on a candidate store built from a sample of the user's own file, for
 * {@code recommend}. Which stores, readers, positions and sizes run is set by {@link Recommender};
 * the {@link Recommender} checks every candidate's lines against the others before measuring, so
 * setup here only checks the number of lines a read returns.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class SampleReadBenchmark {

    /** The candidate store's directory. */
    @Param({""})
    public String store;

    /** How the store reads byte ranges. */
    @Param
    public ReadMethod method;

    /** Where in the store the reads start. */
    @Param
    public Position position;

    /** Lines per read. */
    @Param({"1", "100", "10000"})
    public int rangeSize;

    private LineStore open;
    private long[] offsets;
    private int next;

    /** Creates the benchmark state; JMH calls it. */
    public SampleReadBenchmark() {
    }

    /**
     * Opens the store and checks one read's line count.
     *
     * @throws IllegalStateException if the read returns the wrong number of lines
     */
    @Setup(Level.Trial)
    public void open() {
        open = LineStores.open(Path.of(store), method);
        offsets = position.offsets(Math.max(1, open.lineCount()), rangeSize, BenchData.SEED);
        long offset = offsets[0];
        long expected = Math.max(0, Math.min(rangeSize, open.lineCount() - offset));
        int lines = read().size();
        if (lines != expected) {
            throw new IllegalStateException(method + " read(" + offset + ", " + rangeSize + ") of " + store
                    + " returned " + lines + " lines, expected " + expected);
        }
    }

    /**
     * Reads {@code rangeSize} lines at the next offset.
     *
     * @return the lines
     */
    @Benchmark
    public List<String> read() {
        return open.read(offsets[next++ & Position.MASK], rangeSize);
    }

    /** Closes the store. */
    @TearDown(Level.Trial)
    public void close() {
        open.close();
    }
}
