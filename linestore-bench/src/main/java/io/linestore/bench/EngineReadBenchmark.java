package io.linestore.bench;

import io.linestore.LineStores;
import io.linestore.LineVisitor;
import io.linestore.ReadMethod;
import io.linestore.bench.config.Engine;
import io.linestore.bench.config.IndexStride;
import io.linestore.bench.config.StoreLayout;
import io.linestore.bench.data.BenchData;
import io.linestore.bench.data.DuckDbLines;
import io.linestore.bench.data.EngineLines;
import io.linestore.bench.data.LineRanges;
import io.linestore.bench.data.LmdbLines;
import io.linestore.bench.data.RocksDbLines;
import io.linestore.gen.LineCheck;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Param;

/**
 * The embedded engines a Java user would pick instead of linestore, reading the same generated lines
 * at the same starts as {@link SqliteReadBenchmark}, with linestore itself ({@link Engine#LINESTORE},
 * a dense single-file store, memory-mapped) as the reference row, so that one run gives the ratios.
 * {@link #read()} returns the lines as Strings; {@link #readBytes()} takes each engine's cheapest
 * bytes (LMDB's direct buffers into its mapping, RocksDB's values copied into one reused direct buffer,
 * DuckDB's lines as BLOBs, linestore's {@code readBytes}) without decoding them. Every line of the
 * first reads of both ways is checked against the generated lines before anything is measured.
 *
 * <p>lmdbjava reaches into {@code java.nio} internals, so this benchmark's forks, and only they, open
 * them. How each engine is loaded and tuned is in {@link LmdbLines}, {@link RocksDbLines} and
 * {@link DuckDbLines}; the load times and bytes on disk are {@link EngineLoad}'s.
 */
@Fork(value = 1, jvmArgsAppend = {"--add-opens", "java.base/java.nio=ALL-UNNAMED",
        "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED"})
public class EngineReadBenchmark extends RangeReads {

    /** How many reads of each way are checked line by line before measuring. */
    private static final int CHECKED_READS = 8;

    /** The engine that reads. */
    @Param
    public Engine engine;

    private EngineLines engineLines;
    private final SummingVisitor visitor = new SummingVisitor();

    /** Creates the benchmark state; JMH calls it. */
    public EngineReadBenchmark() {
    }

    /**
     * Opens the engine's copy of the lines, building it on first use.
     *
     * @throws IllegalStateException naming the files if the engine fails
     */
    @Override
    protected LineRanges open(long[] firstLines) {
        engineLines = open(data(), engine, lines);
        return engineLines;
    }

    /**
     * Opens an engine's copy of the generated lines, building it (and what it is built from) if needed.
     *
     * @param data where the copies are kept
     * @param engine the engine
     * @param lines the line count
     * @return the open copy; close it
     * @throws IllegalStateException naming the files if the engine fails
     * @throws UncheckedIOException naming the file if a copy cannot be written or measured
     */
    public static EngineLines open(BenchData data, Engine engine, long lines) {
        return switch (engine) {
            case LINESTORE -> EngineLines.of(
                    LineStores.open(data.store(lines, StoreLayout.SINGLE, IndexStride.DENSE), ReadMethod.MMAP));
            case LMDB -> LmdbLines.open(data.lmdb(lines), data.lmdbMapBytes(lines));
            case ROCKSDB -> {
                // Uncompressed block sizes bound what the cache must hold: the text's size, with room.
                long text = size(data.textFile(lines));
                yield RocksDbLines.open(data.rocksdb(lines), 2 * text + (8L << 20));
            }
            case DUCKDB -> DuckDbLines.openTable(data.duckdb(lines));
            case DUCKDB_PARQUET -> DuckDbLines.openParquet(data.parquet(lines));
        };
    }

    @Override
    protected void checkOtherWays() {
        for (int i = 0; i < CHECKED_READS; i++) {
            int read = nextRead();
            checkEveryLine(engineLines.read(offset(read), rangeSize), offset(read));
            read = nextRead();
            checkEveryByteLine(offset(read));
        }
    }

    /** Every line of a String read: the count, each line's content and number. */
    private void checkEveryLine(List<String> read, long offset) {
        expectCount(read.size(), offset, "read");
        for (int i = 0; i < read.size(); i++) {
            try {
                LineCheck.check(offset + i, read.get(i));
            } catch (IllegalStateException e) {
                throw failure(offset, "read", e.getMessage(), e);
            }
        }
    }

    /** Every line of a byte read: visited in order, without gaps, each line's bytes the generated ones. */
    private void checkEveryByteLine(long offset) {
        long[] next = {offset};
        engineLines.readBytes(offset, rangeSize, (lineNumber, line) -> {
            if (lineNumber != next[0]) {
                throw failure(offset, "readBytes", "visited line " + lineNumber + ", expected " + next[0], null);
            }
            try {
                LineCheck.check(lineNumber, line.duplicate());
            } catch (IllegalStateException e) {
                throw failure(offset, "readBytes", e.getMessage(), e);
            }
            next[0]++;
        });
        expectCount(next[0] - offset, offset, "readBytes");
    }

    private void expectCount(long count, long offset, String way) {
        long expected = Math.max(0, Math.min(rangeSize, lines - offset));
        if (count != expected) {
            throw failure(offset, way, "returned " + count + " lines, expected " + expected, null);
        }
    }

    private IllegalStateException failure(long offset, String way, String what, Exception cause) {
        return new IllegalStateException(reader() + " " + way + "(" + offset + ", " + rangeSize + "): " + what, cause);
    }

    @Override
    protected String reader() {
        return engine.toString();
    }

    /**
     * The lines' bytes as the engine hands them out, each looked at once (its length and last byte)
     * so that the read cannot be skipped, none decoded.
     *
     * @return a sum over the bytes seen
     */
    @Benchmark
    public long readBytes() {
        visitor.sum = 0;
        engineLines.readBytes(offset(nextRead()), rangeSize, visitor);
        return visitor.sum;
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the size of " + file, e);
        }
    }

    /** Adds each line's length and last byte: the least that makes every line's bytes matter. */
    private static final class SummingVisitor implements LineVisitor {

        private long sum;

        @Override
        public void visit(long lineNumber, ByteBuffer line) {
            sum += line.remaining();
            if (line.hasRemaining()) {
                sum += line.get(line.limit() - 1);
            }
        }
    }
}
