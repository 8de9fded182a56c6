package io.linestore.bench;

import io.linestore.Compression;
import io.linestore.LineBatch;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import io.linestore.bench.config.Position;
import io.linestore.bench.data.BenchData;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A compressed store (zstd blocks of the default size and level) against the plain store of the same
 * generated log lines, at RANDOM positions, through every reader, into a batch. With the block cache
 * {@code COLD} (no cache: every read fetches and decompresses its blocks, the page cache warm) over the
 * whole store, and {@code HOT} (the default 64 MiB cache) over the first {@value #HOT_LINES} lines, whose
 * blocks all fit in it; the plain store reads the same positions. Before it is measured, each
 * compressed read is checked against the plain store's read of the same lines.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class CompressedReadBenchmark extends DataBenchmark {

    /** Lines read in the hot cache case: about 40 MB of text, whose blocks fit in 64 MiB. */
    static final long HOT_LINES = 400_000;

    /** Lines in the store. */
    @Param({"2000000"})
    public long lines;

    /** {@code none} or {@code zstd}. */
    @Param({"none", "zstd"})
    public String compression;

    /** Whether reads find their blocks in the cache. */
    @Param({"COLD", "HOT"})
    public String cache;

    /** How the store reads byte ranges. */
    @Param({"MMAP", "FILE_CHANNEL", "RANDOM_ACCESS_FILE", "BUFFERED_READER"})
    public ReadMethod method;

    /** Lines per read. */
    @Param({"1", "100", "10000"})
    public int rangeSize;

    private LineStore store;
    private long[] offsets;
    private LineBatch batch;
    private int next;

    /** Creates the benchmark state; JMH calls it. */
    public CompressedReadBenchmark() {
    }

    /** Opens the store (building both on first use) and checks a compressed read against the plain one. */
    @Setup
    public void setUp() {
        boolean hot = cache.equals("HOT");
        Compression setting = Compression.parse(compression);
        store = LineStores.open(data().logStore(lines, setting), ReadOptions.builder().method(method)
                .blockCacheBytes(hot ? ReadOptions.DEFAULT_BLOCK_CACHE_BYTES : 0).build());
        offsets = Position.RANDOM.offsets(hot ? Math.min(HOT_LINES, lines) : lines, rangeSize, BenchData.SEED);
        batch = new LineBatch();
        if (setting.compressed()) {
            try (LineStore plain = LineStores.open(data().logStore(lines, Compression.NONE))) {
                for (int i = 0; i < 16; i++) {
                    List<String> expected = plain.read(offsets[i], rangeSize);
                    if (!store.read(offsets[i], rangeSize).equals(expected)) {
                        throw new IllegalStateException("the compressed store's lines " + offsets[i] + " to "
                                + (offsets[i] + rangeSize) + " differ from the plain store's");
                    }
                }
            }
        }
    }

    /**
     * Reads the next range into the batch.
     *
     * @return the lines read
     */
    @Benchmark
    public int read() {
        return store.read(offsets[next++ & Position.MASK], rangeSize, batch);
    }

    /** Closes the store. */
    @TearDown
    public void close() {
        store.close();
    }
}
