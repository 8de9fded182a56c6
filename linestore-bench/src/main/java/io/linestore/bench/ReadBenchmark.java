package io.linestore.bench;

import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.bench.config.IndexStride;
import io.linestore.bench.config.StoreLayout;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * linestore's {@code read(offset, size)} for every layout, index stride and read method, at the
 * start, middle and end of the store. Warm page cache: the store is read in setup and never
 * dropped from the cache.
 */
@State(Scope.Benchmark)
@BenchmarkMode({Mode.Throughput, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class ReadBenchmark extends RangeReads {

    /** One file, or shards of a given size. */
    @Param
    public StoreLayout layout;

    /** Dense, sparse or no index. */
    @Param
    public IndexStride stride;

    /** How the store reads byte ranges. */
    @Param
    public ReadMethod method;

    private LineStore store;

    /** Creates the benchmark state; JMH calls it. */
    public ReadBenchmark() {
    }

    /** Opens the store (building it on first use) and checks one read. */
    @Setup(Level.Trial)
    public void open() {
        store = LineStores.open(data().store(lines, layout, stride), method);
        drawOffsets(store.lineCount());
        checkRead(this::read, store.lineCount(), "linestore " + layout + "/" + stride + "/" + method);
    }

    /**
     * Reads {@code rangeSize} lines at the next offset.
     *
     * @return the lines
     */
    @Benchmark
    public List<String> read() {
        return store.read(nextOffset(), rangeSize);
    }

    /** Closes the store. */
    @TearDown(Level.Trial)
    public void close() {
        store.close();
    }
}
