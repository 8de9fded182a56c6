package io.linestore.bench;

import com.github.luben.zstd.ZstdOutputStreamNoFinalizer;
import io.linestore.BuildSummary;
import io.linestore.Compression;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.StoreOptions;
import io.linestore.bench.data.BenchData;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code build --compress zstd} with the default block size and level, against its floor: zstd-jni
 * compressing the same bytes at the same level into one frame on one thread, read from the same file
 * (warm page cache) through a 1 MiB buffer and written nowhere. The build also splits and indexes the
 * lines, frames blocks at line ends and writes data and index, on every core it has; the ratio of the
 * two times is the build's throughput against zstd's.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
public class CompressedBuildBenchmark extends FileWrites {

    /** Generated log lines in the input (2,000,000: about 190 MB). */
    @Param({"2000000"})
    public long lines;

    private Path input;
    private Path store;
    private final StoreOptions options = StoreOptions.builder().compression(Compression.zstd()).build();

    /** Creates the benchmark state; JMH calls it. */
    public CompressedBuildBenchmark() {
    }

    /** Generates the input on first use, then builds once and checks the store. */
    @Setup(Level.Trial)
    public void prepare() {
        input = data().logText(lines);
        store = scratch("compressed-build").resolve("store");
        build();
        try (LineStore built = LineStores.open(store, ReadMethod.FILE_CHANNEL)) {
            if (built.lineCount() != lines || !built.verify().ok()) {
                throw new IllegalStateException("the compressed store of " + input + " does not verify");
            }
        }
    }

    /** Removes the store the last build wrote: a build needs an empty directory. */
    @Setup(Level.Invocation)
    public void clean() {
        BenchData.deleteTree(store);
    }

    /**
     * Builds the compressed store.
     *
     * @return what the build wrote
     * @throws IllegalStateException if the store does not hold every input line
     */
    @Benchmark
    public BuildSummary build() {
        return buildChecked(input, store, options, lines);
    }

    /**
     * The floor: zstd-jni at the default level, one frame, one thread.
     *
     * @return the compressed size
     * @throws UncheckedIOException if the input cannot be read
     */
    @Benchmark
    public long zstdOneThread() {
        CountingSink sink = new CountingSink();
        try (InputStream in = Files.newInputStream(input);
                OutputStream zstd = new ZstdOutputStreamNoFinalizer(sink, Compression.DEFAULT_ZSTD_LEVEL)) {
            byte[] buffer = new byte[1 << 20];
            for (int n; (n = in.read(buffer)) > 0; ) {
                zstd.write(buffer, 0, n);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (sink.bytes == 0) {
            throw new IllegalStateException("zstd wrote nothing for " + input);
        }
        return sink.bytes;
    }

    /** Counts the bytes written to it and keeps none. */
    private static final class CountingSink extends OutputStream {

        private long bytes;

        @Override
        public void write(int b) {
            bytes++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            bytes += len;
        }
    }
}
