package io.linestore.bench;

import io.linestore.LineBatch;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.LineVisitor;
import io.linestore.ReadMethod;
import io.linestore.bench.config.IndexStride;
import io.linestore.bench.config.StoreLayout;
import io.linestore.bench.data.ByteRanges;
import io.linestore.bench.data.LineRanges;
import io.linestore.bench.data.RawCopy;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What each way of reading lines costs against the floor of its read method, on one dense single-file
 * store: {@link #floor()} copies the same byte range the plainest way the method allows
 * ({@link RawCopy}), {@link #batch()} reads the lines into a reused {@link LineBatch}, {@link #readBytes()}
 * hands them to a visitor that copies each line, and the inherited {@link #read()} returns them as
 * {@code String}s. Two more floors say what the per-line ways cannot go below, whatever the store
 * does: {@link #visitFloor()} is the floor's copy plus the same visitor called on a view of each line,
 * {@link #stringsFloor()} the floor's copy plus one {@code String} per line in a list, both with every
 * line's bounds known in advance (no index, no check, no scan). Run with {@code -prof gc} for the
 * bytes each allocates per read.
 */
public class ReadPathBenchmark extends RangeReads {

    /** How the store reads; the floor copies the same way (the channel's for BUFFERED_READER). */
    @Param({"FILE_CHANNEL", "MMAP", "RANDOM_ACCESS_FILE", "BUFFERED_READER"})
    public ReadMethod method;

    private LineStore store;
    private ByteRanges ranges;
    private RawCopy floor;
    private final LineBatch batch = new LineBatch();
    private final CopyingVisitor visitor = new CopyingVisitor();
    /** For each read, the end of each of its lines (just past its {@code \n}), counted from the read's first byte. */
    private int[][] lineEnds;

    /** Creates the benchmark state; JMH calls it. */
    public ReadPathBenchmark() {
    }

    /** Opens the store and the floor's file (the text the store was built from: the same bytes). */
    @Override
    protected LineRanges open(long[] firstLines) {
        store = LineStores.open(data().store(lines, StoreLayout.SINGLE, IndexStride.DENSE), method);
        ranges = ByteRanges.scan(data().textFile(lines), firstLines, rangeSize);
        floor = RawCopy.open(method, data().textFile(lines), ranges.longest());
        lineEnds = new int[firstLines.length][];
        for (int read = 0; read < firstLines.length; read++) {
            lineEnds[read] = lineEnds(floor.copyToHeap(ranges.from(read), ranges.to(read)),
                    (int) (ranges.to(read) - ranges.from(read)));
        }
        return LineRanges.of(store);
    }

    /** Closes the floor's file (the store closes with the reads). */
    @TearDown(Level.Trial)
    public void closeFloor() {
        floor.close();
    }

    @Override
    protected String reader() {
        return "linestore SINGLE/DENSE/" + method;
    }

    /**
     * One copy of the read's bytes, the plainest way: the floor.
     *
     * @return the last byte copied
     */
    @Benchmark
    public byte floor() {
        int read = nextRead();
        return floor.copy(ranges.from(read), ranges.to(read));
    }

    /**
     * The lines into a reused batch.
     *
     * @return the batch
     */
    @Benchmark
    public LineBatch batch() {
        store.read(offset(nextRead()), rangeSize, batch);
        return batch;
    }

    /**
     * The lines to a visitor that copies each one out.
     *
     * @return the bytes copied
     */
    @Benchmark
    public long readBytes() {
        visitor.copied = 0;
        store.readBytes(offset(nextRead()), rangeSize, visitor);
        return visitor.copied;
    }

    /**
     * The floor's copy, then the visitor of {@link #readBytes()} on a view of each line: the least a
     * copying visitor costs.
     *
     * @return the bytes copied
     */
    @Benchmark
    public long visitFloor() {
        int read = nextRead();
        byte[] bytes = floor.copyToHeap(ranges.from(read), ranges.to(read));
        ByteBuffer view = ByteBuffer.wrap(bytes);
        long number = offset(read);
        int start = 0;
        visitor.copied = 0;
        for (int end : lineEnds[read]) {
            view.clear().limit(end - 1).position(start);
            visitor.visit(number++, view);
            start = end;
        }
        return visitor.copied;
    }

    /**
     * The floor's copy, then one {@code String} per line in a list sized for them: the least a read
     * into {@code String}s costs.
     *
     * @return the lines
     */
    @Benchmark
    public List<String> stringsFloor() {
        int read = nextRead();
        byte[] bytes = floor.copyToHeap(ranges.from(read), ranges.to(read));
        int[] ends = lineEnds[read];
        List<String> strings = new ArrayList<>(ends.length);
        int start = 0;
        for (int end : ends) {
            strings.add(new String(bytes, start, end - 1 - start, StandardCharsets.UTF_8));
            start = end;
        }
        return strings;
    }

    /** The end of each line of {@code bytes[0, length)}, just past its {@code \n}. */
    private static int[] lineEnds(byte[] bytes, int length) {
        int count = 0;
        for (int i = 0; i < length; i++) {
            count += bytes[i] == '\n' ? 1 : 0;
        }
        int[] ends = new int[count];
        for (int i = 0, k = 0; i < length; i++) {
            if (bytes[i] == '\n') {
                ends[k++] = i + 1;
            }
        }
        return ends;
    }

    /** Copies each line it is shown into one reused array and counts the bytes. */
    private static final class CopyingVisitor implements LineVisitor {
        private byte[] line = new byte[1 << 16];
        private long copied;

        @Override
        public void visit(long number, ByteBuffer bytes) {
            int length = bytes.remaining();
            if (length > line.length) {
                line = new byte[length];
            }
            bytes.get(bytes.position(), line, 0, length);
            copied += length;
        }
    }
}
