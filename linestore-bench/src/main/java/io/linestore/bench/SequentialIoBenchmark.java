package io.linestore.bench;

import io.linestore.bench.seqio.SequentialIo;
import java.nio.file.Path;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Writing and reading a whole file with each {@link SequentialIo} method and buffer size, and the
 * cost of forcing a write to the device ({@code writeForced}). Reads are warm page cache; writes
 * end in the page cache unless forced. One operation is the whole file: MB/s is ops/s times
 * {@code fileBytes}.
 */
public class SequentialIoBenchmark extends FileWrites {

    /** How the file is written and read. */
    @Param
    public SequentialIo io;

    /** The buffer size, 4 KiB to 1 MiB. */
    @Param({"4096", "65536", "1048576"})
    public int bufferSize;

    /** The file's size: 256 MiB. */
    @Param({"268435456"})
    public long fileBytes;

    private byte[] chunk;
    private Path source;
    private Path target;

    /** Creates the benchmark state; JMH calls it. */
    public SequentialIoBenchmark() {
    }

    /** Writes the file to read and checks one write and one read. */
    @Setup(Level.Trial)
    public void create() {
        chunk = SequentialIo.chunk(bufferSize);
        Path directory = scratch("sequential-io");
        source = directory.resolve("source");
        target = directory.resolve("target");
        io.write(source, fileBytes, chunk, false);
        long expected = SequentialIo.expectedChecksum(chunk, fileBytes);
        check(read(), expected, "read");
        write();
        check(SequentialIo.RANDOM_ACCESS_FILE.read(target, bufferSize), expected, "write");
    }

    /**
     * Reads the whole file.
     *
     * @return its checksum
     */
    @Benchmark
    public long read() {
        return io.read(source, bufferSize);
    }

    /**
     * Writes the whole file, leaving it in the page cache.
     *
     * @return the file
     */
    @Benchmark
    public Path write() {
        io.write(target, fileBytes, chunk, false);
        return target;
    }

    /**
     * Writes the whole file and forces it to the device.
     *
     * @return the file
     */
    @Benchmark
    public Path writeForced() {
        io.write(target, fileBytes, chunk, true);
        return target;
    }

    private void check(long checksum, long expected, String operation) {
        if (checksum != expected) {
            throw new IllegalStateException(io + " " + operation + " of " + fileBytes + " bytes with a "
                    + bufferSize + "-byte buffer gave checksum " + checksum + ", expected " + expected);
        }
    }
}
