package io.linestore.bench;

import io.linestore.LineBatch;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.LineVisitor;
import io.linestore.ReadMethod;
import io.linestore.SegmentBatch;
import io.linestore.bench.config.IndexStride;
import io.linestore.bench.config.StoreLayout;
import io.linestore.bench.data.ByteRanges;
import io.linestore.bench.data.LineRanges;
import io.linestore.bench.data.RawCopy;
import io.linestore.bench.data.ResultCheck;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
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
 * does: {@link #visitFloor()} calls the same visitor on a view of each line where the bytes already are
 * ({@link RawCopy#view}: the mapping itself for MMAP, the buffer one read filled for the others),
 * {@link #stringsFloor()} is the floor's copy into an array plus one {@code String} per line in a list,
 * both with every line's bounds known in advance (no index, no check, no scan). {@link #floor()} bounds
 * {@link #batch()}, {@link #visitFloor()} bounds {@link #readBytes()}, {@link #stringsFloor()} bounds
 * {@link #read()}.
 *
 * <p>Zero copy: {@link #segments()} reads the lines into a reused {@link SegmentBatch} (a view of the
 * mapping for MMAP, one read into native memory for the others); {@link #checkFloor()} is what it cannot
 * go below, the per-read check alone (each line's last byte compared with {@code \n}, where
 * {@link RawCopy#view} has the bytes, from line ends known in advance: no index lookup, no offsets
 * kept). {@link #transfer()} writes the lines to {@code /dev/null} with {@link LineStore#transferTo},
 * {@link #transferFloor()} has the operating system send the same byte range there directly. Every way
 * and floor is checked against the generated lines before it is measured. Run with {@code -prof gc} for
 * the bytes each allocates per read.
 */
public class ReadPathBenchmark extends RangeReads {

    /** How the store reads; the floor copies the same way (the channel's for BUFFERED_READER). */
    @Param({"FILE_CHANNEL", "MMAP", "RANDOM_ACCESS_FILE", "BUFFERED_READER"})
    public ReadMethod method;

    private LineStore store;
    private ByteRanges ranges;
    private RawCopy floor;
    private final LineBatch batch = new LineBatch();
    private final SegmentBatch segments = new SegmentBatch();
    private final CopyingVisitor visitor = new CopyingVisitor();
    /** Where transfers go: {@code /dev/null}, so that what is measured is the sending, not a destination. */
    private FileChannel sink;
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
        try {
            sink = FileChannel.open(Path.of("/dev/null"), StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open /dev/null", e);
        }
        lineEnds = new int[firstLines.length][];
        for (int read = 0; read < firstLines.length; read++) {
            lineEnds[read] = lineEnds(floor.copyToHeap(ranges.from(read), ranges.to(read)),
                    (int) (ranges.to(read) - ranges.from(read)));
        }
        return LineRanges.of(store);
    }

    @Override
    protected void checkOtherWays() {
        int read = nextRead();
        check("floor", read, strings(floor.copyToHeap(ranges.from(read), ranges.to(read)), lineEnds[read]));
        read = nextRead();
        store.read(offset(read), rangeSize, batch);
        List<String> batched = new ArrayList<>(batch.size());
        for (int i = 0; i < batch.size(); i++) {
            batched.add(batch.line(i));
        }
        check("batch", read, batched);
        read = nextRead();
        visitor.clear();
        store.readBytes(offset(read), rangeSize, visitor);
        checkVisits("readBytes", read);
        read = nextRead();
        visitFloor(read, visitor);
        checkVisits("visitFloor", read);
        read = nextRead();
        check("stringsFloor", read, stringsFloor(read));
        read = nextRead();
        store.read(offset(read), rangeSize, segments);
        List<String> viewed = new ArrayList<>(segments.size());
        for (int i = 0; i < segments.size(); i++) {
            viewed.add(segments.string(i));
        }
        check("segments", read, viewed);
        read = nextRead();
        if (checkFloor(read) != lineEnds[read].length) {
            throw new IllegalStateException(reader() + " checkFloor found a line that does not end in \\n");
        }
        read = nextRead();
        ByteArrayOutputStream sent = new ByteArrayOutputStream();
        try {
            store.transferTo(offset(read), rangeSize, Channels.newChannel(sent));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        byte[] text = floor.copyToHeap(ranges.from(read), ranges.to(read));
        if (!Arrays.equals(sent.toByteArray(), 0, sent.size(), text, 0, (int) (ranges.to(read) - ranges.from(read)))) {
            throw new IllegalStateException(reader() + " transfer of read(" + offset(read) + ", " + rangeSize
                    + ") wrote other bytes than the text holds");
        }
    }

    private void check(String way, int read, List<String> lines) {
        ResultCheck.lines(lines, offset(read), rangeSize, this.lines, reader() + " " + way);
    }

    /** What the visitor saw of a read: every line's bytes counted, the last line whole. */
    private void checkVisits(String way, int read) {
        String name = reader() + " " + way + " read(" + offset(read) + ", " + rangeSize + ")";
        int count = lineEnds[read].length;
        long bytes = ranges.to(read) - ranges.from(read) - count;
        if (visitor.visits != count || visitor.copied != bytes || visitor.lastNumber != offset(read) + count - 1) {
            throw new IllegalStateException(name + " visited " + visitor.visits + " lines of " + visitor.copied
                    + " bytes ending at line " + visitor.lastNumber + ", expected " + count + " lines of " + bytes
                    + " bytes ending at line " + (offset(read) + count - 1));
        }
        ResultCheck.lines(List.of(visitor.last()), visitor.lastNumber, 1, lines, name + ", its last line");
    }

    /**
     * Closes the floor's file, the segment batch and the sink (the store closes with the reads).
     *
     * @throws IOException if closing the sink fails
     */
    @TearDown(Level.Trial)
    public void closeFloor() throws IOException {
        try {
            floor.close();
            segments.close();
        } finally {
            sink.close();
        }
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
        visitor.clear();
        store.readBytes(offset(nextRead()), rangeSize, visitor);
        return visitor.copied;
    }

    /**
     * The visitor of {@link #readBytes()} on a view of each line where the read method has the bytes
     * ({@link RawCopy#view}): the least a copying visitor costs.
     *
     * @return the bytes copied
     */
    @Benchmark
    public long visitFloor() {
        return visitFloor(nextRead(), visitor);
    }

    private long visitFloor(int read, CopyingVisitor copier) {
        ByteBuffer view = floor.view(ranges.from(read), ranges.to(read));
        long number = offset(read);
        int base = view.position();
        int start = 0;
        copier.clear();
        for (int end : lineEnds[read]) {
            view.limit(base + end - 1).position(base + start);
            copier.visit(number++, view);
            start = end;
        }
        return copier.copied;
    }

    /**
     * The lines into a reused segment batch: views of the mapping for MMAP, one read into native memory
     * for the others.
     *
     * @return the batch
     */
    @Benchmark
    public SegmentBatch segments() {
        store.read(offset(nextRead()), rangeSize, segments);
        return segments;
    }

    /**
     * The per-read check alone: each line's last byte compared with {@code \n} where
     * {@link RawCopy#view} has the bytes (the mapping itself for MMAP), from line ends known in advance.
     *
     * @return the lines that end in {@code \n}
     */
    @Benchmark
    public int checkFloor() {
        return checkFloor(nextRead());
    }

    private int checkFloor(int read) {
        ByteBuffer view = floor.view(ranges.from(read), ranges.to(read));
        int base = view.position();
        int ended = 0;
        for (int end : lineEnds[read]) {
            ended += view.get(base + end - 1) == '\n' ? 1 : 0;
        }
        return ended;
    }

    /**
     * The lines to {@code /dev/null} with {@link LineStore#transferTo}.
     *
     * @return the lines written
     * @throws IOException if writing fails
     */
    @Benchmark
    public long transfer() throws IOException {
        return store.transferTo(offset(nextRead()), rangeSize, sink);
    }

    /**
     * The same byte range sent to {@code /dev/null} by the operating system directly.
     *
     * @return the bytes sent
     */
    @Benchmark
    public long transferFloor() {
        int read = nextRead();
        return floor.transfer(ranges.from(read), ranges.to(read), sink);
    }

    /**
     * The floor's copy, then one {@code String} per line in a list sized for them: the least a read
     * into {@code String}s costs.
     *
     * @return the lines
     */
    @Benchmark
    public List<String> stringsFloor() {
        return stringsFloor(nextRead());
    }

    private List<String> stringsFloor(int read) {
        byte[] bytes = floor.copyToHeap(ranges.from(read), ranges.to(read));
        return strings(bytes, lineEnds[read]);
    }

    /** One {@code String} per line of {@code bytes}, whose lines end just before {@code ends}. */
    private static List<String> strings(byte[] bytes, int[] ends) {
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

    /**
     * Copies each line it is shown into one reused array and counts the lines and bytes; the last
     * line stays in the array, so a read can be checked without a second visitor.
     */
    private static final class CopyingVisitor implements LineVisitor {
        private byte[] line = new byte[1 << 16];
        private int length;
        private long copied;
        private int visits;
        private long lastNumber;

        @Override
        public void visit(long number, ByteBuffer bytes) {
            length = bytes.remaining();
            if (length > line.length) {
                line = new byte[length];
            }
            bytes.get(bytes.position(), line, 0, length);
            copied += length;
            visits++;
            lastNumber = number;
        }

        void clear() {
            copied = 0;
            visits = 0;
            lastNumber = -1;
        }

        String last() {
            return new String(line, 0, length, StandardCharsets.UTF_8);
        }
    }
}
