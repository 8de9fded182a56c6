package io.linestore.bench;

import io.linestore.Compression;
import io.linestore.IndexOptions;
import io.linestore.LineBatch;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import io.linestore.WriteOptions;
import io.linestore.bench.config.Position;
import io.linestore.bench.data.BenchData;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * A gzip file ({@code gzip -6}'s deflate) of generated log lines indexed in place, against the same
 * lines as a text file indexed in place, read at RANDOM positions through every reader into a batch,
 * with no block cache: each gzip read decodes from the checkpoint before its first line (the page
 * cache warm), as the first read of a span does. Before it is measured, each gzip read is checked
 * against the text file's read of the same lines.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class GzipInPlaceReadBenchmark extends DataBenchmark {

    /** Lines in the file. */
    @Param({"2000000"})
    public long lines;

    /** {@code text} or {@code gzip}. */
    @Param({"text", "gzip"})
    public String file;

    /** Text between checkpoints of the gzip file. */
    @Param({"1048576"})
    public int spanBytes;

    /** How the file's bytes are read. */
    @Param({"MMAP", "FILE_CHANNEL", "RANDOM_ACCESS_FILE", "BUFFERED_READER"})
    public ReadMethod method;

    /** Lines per read. */
    @Param({"10"})
    public int rangeSize;

    private LineStore store;
    private long[] offsets;
    private LineBatch batch;
    private int next;

    /** Creates the benchmark state; JMH calls it. */
    public GzipInPlaceReadBenchmark() {
    }

    /** Opens the file (writing and indexing both on first use) and checks gzip reads against text ones. */
    @Setup
    public void setUp() {
        Path text = data().logText(lines);
        if (!Files.exists(text.resolveSibling(text.getFileName() + ".lsidx"))) {
            LineStores.index(text, IndexOptions.defaults(), WriteOptions.defaults());
        }
        Path gzip = data().logGzip(lines, spanBytes);
        store = LineStores.open(file.equals("gzip") ? gzip : text,
                ReadOptions.builder().method(method).blockCacheBytes(0).build());
        if (file.equals("gzip") && !store.info().compression().equals(Compression.inPlace("gzip", spanBytes))) {
            throw new IllegalStateException(gzip + " is not indexed with a " + spanBytes + "-byte span");
        }
        offsets = Position.RANDOM.offsets(lines, rangeSize, BenchData.SEED);
        batch = new LineBatch();
        try (LineStore plain = LineStores.open(text)) {
            for (int i = 0; i < 16; i++) {
                List<String> expected = plain.read(offsets[i], rangeSize);
                if (!store.read(offsets[i], rangeSize).equals(expected)) {
                    throw new IllegalStateException(file + " lines " + offsets[i] + " to " + (offsets[i] + rangeSize)
                            + " differ from the text file's");
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

    /** Closes the file. */
    @TearDown
    public void close() {
        store.close();
    }
}
