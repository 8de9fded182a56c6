package io.linestore.bench;

import io.linestore.IndexSummary;
import io.linestore.LineStores;
import io.linestore.bench.data.BenchData;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Indexing a file in place, in this JVM, against its two floors over the same bytes: a plain read of
 * the file through a 1 MiB buffer, and that read plus a newline count (what {@code wc -l} does).
 * Indexing is a newline scan that also checksums the bytes and writes an 8-byte entry per line.
 * Input in warm page cache, index not forced.
 */
public class IndexBenchmark extends FileWrites {

    private static final int BUFFER = 1 << 20;
    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);

    /** Lines in the file: 1,000,000 (about 100 MB). */
    @Param({"1000000"})
    public long lines;

    private Path file;
    private Path sidecar;

    /** Creates the benchmark state; JMH calls it. */
    public IndexBenchmark() {
    }

    /**
     * Copies the generated text into the scratch directory (its index goes next to it) and checks
     * that indexing and counting find every line.
     *
     * @throws IOException if the copy fails
     */
    @Setup(Level.Trial)
    public void prepare() throws IOException {
        file = Files.copy(data().textFile(lines), scratch("index").resolve("lines.txt"),
                StandardCopyOption.REPLACE_EXISTING);
        sidecar = file.resolveSibling("lines.txt.lsidx");
        index();
        clean();
        if (count() != lines) {
            throw new IllegalStateException("counted " + count() + " newlines in " + file + ", expected " + lines);
        }
    }

    /** Removes the index the last run wrote, so that each run indexes the whole file. */
    @Setup(Level.Invocation)
    public void clean() {
        BenchData.deleteTree(sidecar);
    }

    /**
     * Indexes the file in place.
     *
     * @return what was indexed
     * @throws IllegalStateException if the index does not hold every line
     */
    @Benchmark
    public IndexSummary index() {
        IndexSummary summary = LineStores.index(file);
        if (summary.lineCount() != lines) {
            throw new IllegalStateException("indexed " + summary.lineCount() + " lines, expected " + lines);
        }
        return summary;
    }

    /**
     * Reads the file and counts its {@code \n} bytes, eight at a time.
     *
     * @return the count
     * @throws IOException if reading fails
     */
    @Benchmark
    public long count() throws IOException {
        return eachChunk(IndexBenchmark::count);
    }

    /**
     * Reads the file and does nothing with its bytes.
     *
     * @return the bytes read
     * @throws IOException if reading fails
     */
    @Benchmark
    public long read() throws IOException {
        return eachChunk((bytes, n) -> n);
    }

    /** Reads the file through one buffer and sums what {@code fold} makes of each chunk. */
    private long eachChunk(ChunkFold fold) throws IOException {
        long sum = 0;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer buffer = ByteBuffer.allocate(BUFFER);
            for (int n; (n = channel.read(buffer.clear())) > 0; ) {
                sum += fold.apply(buffer.array(), n);
            }
        }
        return sum;
    }

    /** What a floor does with a chunk. */
    @FunctionalInterface
    private interface ChunkFold {
        long apply(byte[] bytes, int n);
    }

    /** The {@code \n} bytes of {@code bytes[0, n)}: the exact SWAR zero-byte test, one popcount a word. */
    private static long count(byte[] bytes, int n) {
        long count = 0;
        int i = 0;
        for (; i + Long.BYTES <= n; i += Long.BYTES) {
            long x = (long) WORDS.get(bytes, i) ^ 0x0A0A0A0A0A0A0A0AL;
            count += Long.bitCount(~(((x & 0x7F7F7F7F7F7F7F7FL) + 0x7F7F7F7F7F7F7F7FL) | x | 0x7F7F7F7F7F7F7F7FL));
        }
        for (; i < n; i++) {
            count += bytes[i] == '\n' ? 1 : 0;
        }
        return count;
    }
}
