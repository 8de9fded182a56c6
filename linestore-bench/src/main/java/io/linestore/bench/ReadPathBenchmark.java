package io.linestore.bench;

import io.linestore.LineBatch;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.bench.config.IndexStride;
import io.linestore.bench.config.StoreLayout;
import io.linestore.bench.data.ByteRanges;
import io.linestore.bench.data.LineRanges;
import io.linestore.bench.data.RawCopy;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What each way of reading lines costs against the floor of its read method, on one dense single-file
 * store: {@link #floor()} copies the same byte range the plainest way the method allows
 * ({@link RawCopy}), {@link #batch()} reads the lines into a reused {@link LineBatch}, {@link #readBytes()}
 * hands them to a visitor that copies each line, and the inherited {@link #read()} returns them as
 * {@code String}s. Run with {@code -prof gc} for the bytes each allocates per read.
 */
public class ReadPathBenchmark extends RangeReads {

    /** How the store reads; the floor copies the same way (the channel's for BUFFERED_READER). */
    @Param({"FILE_CHANNEL", "MMAP", "RANDOM_ACCESS_FILE", "BUFFERED_READER"})
    public ReadMethod method;

    private LineStore store;
    private ByteRanges ranges;
    private RawCopy floor;
    private final LineBatch batch = new LineBatch();
    private byte[] line = new byte[1 << 16];

    /** Creates the benchmark state; JMH calls it. */
    public ReadPathBenchmark() {
    }

    /** Opens the store and the floor's file (the text the store was built from: the same bytes). */
    @Override
    protected LineRanges open(long[] firstLines) {
        store = LineStores.open(data().store(lines, StoreLayout.SINGLE, IndexStride.DENSE), method);
        ranges = ByteRanges.scan(data().textFile(lines), firstLines, rangeSize);
        floor = RawCopy.open(method, data().textFile(lines), ranges.longest());
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
        long[] copied = {0};
        store.readBytes(offset(nextRead()), rangeSize, (number, bytes) -> {
            int length = bytes.remaining();
            if (length > line.length) {
                line = new byte[length];
            }
            bytes.get(bytes.position(), line, 0, length);
            copied[0] += length;
        });
        return copied[0];
    }
}
