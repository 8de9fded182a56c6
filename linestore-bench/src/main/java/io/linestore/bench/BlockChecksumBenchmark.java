package io.linestore.bench;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.SplittableRandom;
import java.util.zip.CRC32C;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a per-read block checksum would cost: CRC32C of one block of the store's data file, mapped and
 * in warm page cache, at a random block. A read that checked its bytes against stored block checksums
 * would checksum every block its range touches: one or two for a single line, the whole range for
 * 10,000 lines. Compare with {@link ReadBenchmark} in the same run; {@code docs/design.md} records the
 * figures and the decision they led to.
 */
@BenchmarkMode(Mode.Throughput)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class BlockChecksumBenchmark extends DataBenchmark {

    /** Lines in the data file: 10,000,000 (about 1 GiB), the size of {@link ReadBenchmark}'s store. */
    @Param({"10000000"})
    public long lines;

    /** Bytes per checksummed block: 4 KiB, 64 KiB, 1 MiB. */
    @Param({"4096", "65536", "1048576"})
    public int blockBytes;

    private static final int BLOCKS_DRAWN = 1 << 12;

    private Arena arena;
    private MemorySegment data;
    private long[] blockStarts;
    private int next;

    /** Creates the benchmark state; JMH calls it. */
    public BlockChecksumBenchmark() {
    }

    /**
     * Maps the generated text file and draws the blocks to checksum.
     *
     * @throws IOException if the file cannot be mapped
     * @throws IllegalStateException if the file is smaller than one block
     */
    @Setup(Level.Trial)
    public void map() throws IOException {
        Path file = data().textFile(lines);
        arena = Arena.ofShared();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            data = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size(), arena);
        }
        long blocks = data.byteSize() / blockBytes;
        if (blocks == 0) {
            throw new IllegalStateException(file + " holds " + data.byteSize() + " bytes, less than one block of "
                    + blockBytes);
        }
        SplittableRandom random = new SplittableRandom(lines);
        blockStarts = new long[BLOCKS_DRAWN];
        for (int i = 0; i < BLOCKS_DRAWN; i++) {
            blockStarts[i] = random.nextLong(blocks) * blockBytes;
        }
    }

    /**
     * Checksums the next block.
     *
     * @return its CRC32C
     */
    @Benchmark
    public long checksumBlock() {
        CRC32C crc = new CRC32C();
        crc.update(data.asSlice(blockStarts[next++ & (BLOCKS_DRAWN - 1)], blockBytes).asByteBuffer());
        return crc.getValue();
    }

    /** Unmaps the file. */
    @TearDown(Level.Trial)
    public void unmap() {
        arena.close();
    }
}
