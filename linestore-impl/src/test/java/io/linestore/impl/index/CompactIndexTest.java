package io.linestore.impl.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.linestore.CorruptStoreException;
import io.linestore.IndexKind;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A compact index written in one pass, or in several appends, reads back exactly the line starts of
 * a plain {@code long[]}: random gaps from 0 to past 2^32, counts at block and segment boundaries,
 * and every committed snapshot still reads right after later appends. Seeded; a failure names its
 * seed.
 */
class CompactIndexTest {

    private static final int CASES = 300;

    private static final IndexFormat.Identity IDENTITY = new IndexFormat.Identity(IndexFormat.VERSION, 3, 0x5eed, 7);

    @TempDir
    Path dir;

    @Test
    void randomSequencesWrittenInOnePassOrInAppendsReadBackExactly() throws IOException {
        long seeds = new SplittableRandom().nextLong();
        for (int c = 0; c < CASES; c++) {
            long seed = seeds + c;
            try {
                checkCase(new SplittableRandom(seed), dir.resolve("case" + c + ".idx"));
            } catch (AssertionError | RuntimeException | IOException e) {
                throw new AssertionError("failed for seed " + seed + ": " + e.getMessage(), e);
            }
        }
    }

    private static void checkCase(SplittableRandom random, Path file) throws IOException {
        int blockLines = 1 << random.nextInt(1, 8);
        long[] starts = starts(random, lineCount(random, blockLines));
        List<Integer> commits = commitPoints(random, starts.length);
        List<Snapshot> snapshots = new ArrayList<>();
        long crc = 0;
        long size = 0;
        int from = 0;
        for (int to : commits) {
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE)) {
                CompactIndexWriter writer = from == 0
                        ? CompactIndexWriter.create(channel, IDENTITY, blockLines, random.nextInt(1, 64))
                        : CompactIndexWriter.resume(file, channel, IDENTITY, blockLines, random.nextInt(1, 64), from,
                                size, crc);
                for (int i = from; i < to; i++) {
                    writer.add(starts[i]);
                }
                size = writer.finish(to, 0);
                crc = writer.entriesCrc();
                if (writer.headerPending()) {
                    CompactIndexWriter.commitHeader(file, IDENTITY, blockLines, to, size, false);
                }
            }
            assertThat(crc).as("checksum of %s line starts", to).isEqualTo(crcOfLongs(starts, to));
            snapshots.add(new Snapshot(to, size));
            from = to;
        }
        long dataBytes = starts.length == 0 ? 0 : starts[starts.length - 1] + 1 + random.nextInt(100);
        try (Arena arena = Arena.ofConfined(); FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            for (Snapshot snapshot : snapshots) {
                long snapshotEnd = snapshot.lines() == starts.length ? dataBytes : starts[snapshot.lines()];
                CompactIndex index = CompactIndex.open(file,
                        channel.map(FileChannel.MapMode.READ_ONLY, 0, snapshot.bytes(), arena), IDENTITY, blockLines,
                        snapshot.lines(), snapshotEnd, snapshot.bytes());
                for (int i = 0; i < snapshot.lines(); i++) {
                    if (index.entry(i) != starts[i]) {
                        throw new AssertionError("line " + i + " of " + snapshot.lines() + " (blocks of " + blockLines
                                + ", commits at " + commits + "): " + index.entry(i) + ", expected " + starts[i]);
                    }
                }
                assertThat(index.entry(snapshot.lines())).isEqualTo(snapshotEnd);
                checkBulkEntries(random, index, snapshot.lines());
            }
            Snapshot last = snapshots.getLast();
            CompactIndex.open(file, channel.map(FileChannel.MapMode.READ_ONLY, 0, last.bytes(), arena), IDENTITY,
                    blockLines, last.lines(), dataBytes, last.bytes()).checkWhole();
        }
    }

    /** Runs of entries decoded in bulk, across blocks and into the raw tail, equal the entries one by one. */
    private static void checkBulkEntries(SplittableRandom random, CompactIndex index, int lines) {
        for (int run = 0; run < 20; run++) {
            int first = random.nextInt(lines + 1);
            int count = run == 0 ? lines + 1 - first : random.nextInt(lines + 2 - first);
            long[] bulk = new long[count];
            index.entries(first, bulk, count);
            for (int k = 0; k < count; k++) {
                if (bulk[k] != index.entry(first + k)) {
                    throw new AssertionError("entries(" + first + ", " + count + ")[" + k + "] = " + bulk[k]
                            + ", entry(" + (first + k) + ") = " + index.entry(first + k));
                }
            }
        }
    }

    /** Counts near a block or segment boundary, or anywhere. */
    private static int lineCount(SplittableRandom random, int blockLines) {
        return switch (random.nextInt(4)) {
            case 0 -> random.nextInt(3 * blockLines);
            case 1 -> Math.max(0, (int) ((CompactIndex.firstBlock(random.nextInt(1, 9)) * blockLines))
                    + random.nextInt(-2, 3));
            case 2 -> blockLines * random.nextInt(1, 20) + random.nextInt(-1, 2);
            default -> random.nextInt(4000);
        };
    }

    /** Line starts from 0 with gaps of one kind: short lines, equal lengths, wild or huge ones past 2^32. */
    private static long[] starts(SplittableRandom random, int count) {
        long[] starts = new long[count];
        int kind = random.nextInt(5);
        long gapLimit = 1L << random.nextInt(1, 50);
        for (int i = 1; i < count; i++) {
            long gap = switch (kind) {
                case 0 -> random.nextLong(1, 4);
                case 1 -> 100;
                case 2 -> random.nextLong(1, gapLimit + 1);
                case 3 -> random.nextInt(10) == 0 ? random.nextLong(1L << 33) : random.nextLong(2);
                default -> random.nextLong(1L << 40, 1L << 41);
            };
            starts[i] = starts[i - 1] + gap;
        }
        return starts;
    }

    /** Where appends end: one pass, or a few appends of random sizes (some adding nothing). */
    private static List<Integer> commitPoints(SplittableRandom random, int count) {
        List<Integer> points = new ArrayList<>();
        int at = 0;
        while (random.nextInt(3) > 0 && at < count) {
            at = random.nextInt(at, count + 1);
            points.add(at);
        }
        points.add(count);
        return points;
    }

    private static long crcOfLongs(long[] values, int count) {
        ByteBuffer bytes = ByteBuffer.allocate(count * Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < count; i++) {
            bytes.putLong(values[i]);
        }
        CRC32C crc = new CRC32C();
        crc.update(bytes.flip());
        return crc.getValue();
    }

    private record Snapshot(int lines, long bytes) {
    }

    @ParameterizedTest
    @ValueSource(longs = {2, 100, 65_536, 1L << 40})
    void aCompleteBlockNeverTakesMoreThanEightBytesPerLine(long lineLength) throws IOException {
        Path file = dir.resolve("even.idx");
        long[] starts = new long[IndexKind.DEFAULT_BLOCK_LINES * 64];
        for (int i = 1; i < starts.length; i++) {
            starts[i] = starts[i - 1] + lineLength;
        }
        long size = write(file, starts);
        assertThat((double) (size - CompactIndex.HEADER_BYTES) / starts.length).isLessThan(8);
    }

    @Test
    void linesOfAboutOneHundredBytesTakeAboutOneAndAQuarterBytes() throws IOException {
        SplittableRandom random = new SplittableRandom(14);
        long[] starts = new long[1 << 20];
        for (int i = 1; i < starts.length; i++) {
            starts[i] = starts[i - 1] + random.nextInt(50, 151);
        }
        long size = write(dir.resolve("hundred.idx"), starts);
        assertThat((double) size / starts.length).isLessThan(1.5);
    }

    @Test
    void aDamagedBlockPositionIsACorruptStoreNamingTheFile() throws IOException {
        Path file = dir.resolve("damaged.idx");
        long[] starts = new long[IndexKind.DEFAULT_BLOCK_LINES * 3];
        for (int i = 1; i < starts.length; i++) {
            starts[i] = starts[i - 1] + 7;
        }
        long size = write(file, starts);
        long directory = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN)
                .getLong((int) CompactIndex.SEGMENTS_OFFSET + Long.BYTES);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN).putLong(size - 3).flip(),
                    directory);
        }
        try (Arena arena = Arena.ofConfined(); FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            CompactIndex index = CompactIndex.open(file, channel.map(FileChannel.MapMode.READ_ONLY, 0, size, arena),
                    IDENTITY, IndexKind.DEFAULT_BLOCK_LINES, starts.length, starts[starts.length - 1] + 7, size);
            assertThat(index.entry(5)).isEqualTo(35);
            assertThatThrownBy(() -> index.entry(IndexKind.DEFAULT_BLOCK_LINES + 1))
                    .isInstanceOf(CorruptStoreException.class)
                    .hasMessageContaining(file.toString())
                    .hasMessageContaining("block 1");
        }
    }

    /**
     * Upper bits with too few set bits (a block damaged where a position check cannot see it) are a
     * damaged block, one value at a time and in bulk; the block after it still reads.
     */
    @Test
    void upperBitsWithTooFewSetBitsAreACorruptStore() throws IOException {
        Path file = dir.resolve("cleared.idx");
        int blockLines = IndexKind.DEFAULT_BLOCK_LINES;
        long[] starts = new long[blockLines * 3];
        for (int i = 1; i < starts.length; i++) {
            starts[i] = starts[i - 1] + 90 + i % 17;
        }
        long size = write(file, starts);
        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        long directory = bytes.getLong((int) CompactIndex.SEGMENTS_OFFSET);
        int block = (int) bytes.getLong((int) directory);
        int l = bytes.get(block + 8);
        int words = bytes.getShort(block + 9);
        long upper = block + EliasFanoBlock.HEADER_BYTES + Math.ceilDiv((long) blockLines * l, Byte.SIZE);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            // Keep the first 40 set bits of block 0's upper bits, clear the rest.
            ByteBuffer kept = ByteBuffer.allocate(words * Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            int left = 40;
            for (int w = 0; w < words; w++) {
                long word = bytes.getLong((int) upper + w * Long.BYTES);
                long keep = 0;
                for (; word != 0 && left > 0; left--) {
                    keep |= Long.lowestOneBit(word);
                    word &= word - 1;
                }
                kept.putLong(keep);
            }
            channel.write(kept.flip(), upper);
        }
        try (Arena arena = Arena.ofConfined(); FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            CompactIndex index = CompactIndex.open(file, channel.map(FileChannel.MapMode.READ_ONLY, 0, size, arena),
                    IDENTITY, blockLines, starts.length, starts[starts.length - 1] + 7, size);
            assertThat(index.entry(39)).isEqualTo(starts[39]);
            assertThatThrownBy(() -> index.entry(40)).isInstanceOf(CorruptStoreException.class)
                    .hasMessageContaining(file.toString()).hasMessageContaining("block 0");
            assertThatThrownBy(() -> index.entries(38, new long[4], 4)).isInstanceOf(CorruptStoreException.class)
                    .hasMessageContaining("block 0");
            long[] next = new long[blockLines];
            index.entries(blockLines, next, blockLines);
            assertThat(next).containsExactly(Arrays.copyOfRange(starts, blockLines, 2 * blockLines));
        }
    }

    @Test
    void aFileWithAnotherMagicIsRefused() throws IOException {
        Path file = dir.resolve("dense.idx");
        long size = write(file, new long[] {0, 5});
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.allocate(Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN)
                    .putInt(IndexFormat.MAGIC).flip(), 0);
        }
        try (Arena arena = Arena.ofConfined(); FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            MemorySegment mapped = channel.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
            assertThatThrownBy(() -> CompactIndex.open(file, mapped, IDENTITY, IndexKind.DEFAULT_BLOCK_LINES, 2, 9,
                    size))
                    .isInstanceOf(CorruptStoreException.class)
                    .hasMessageContaining("bad magic");
        }
    }

    @Test
    void aCompactIndexOfAnotherStoreGenerationOrShardIsRefusedOnOpen() throws IOException {
        Path file = dir.resolve("foreign.idx");
        long size = write(file, new long[] {0, 5, 9});
        List<IndexFormat.Identity> others = List.of(
                new IndexFormat.Identity(IndexFormat.VERSION, 4, IDENTITY.storeId(), IDENTITY.generation()),
                new IndexFormat.Identity(IndexFormat.VERSION, 3, 0x0ddba11, IDENTITY.generation()),
                new IndexFormat.Identity(IndexFormat.VERSION, 3, IDENTITY.storeId(), 8));
        try (Arena arena = Arena.ofConfined(); FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            MemorySegment mapped = channel.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
            assertThat(CompactIndex.open(file, mapped, IDENTITY, IndexKind.DEFAULT_BLOCK_LINES, 3, 12, size).entry(2))
                    .isEqualTo(9);
            for (IndexFormat.Identity other : others) {
                assertThatThrownBy(() -> CompactIndex.open(file, mapped, other, IndexKind.DEFAULT_BLOCK_LINES, 3, 12,
                        size))
                        .as(other.toString())
                        .isInstanceOf(CorruptStoreException.class)
                        .hasMessageContaining(file.toString())
                        .hasMessageContaining("another store or shard");
            }
            assertThatThrownBy(() -> CompactIndex.open(file, mapped, IDENTITY, 64, 3, 12, size))
                    .isInstanceOf(CorruptStoreException.class)
                    .hasMessageContaining("128 lines per block, the manifest 64");
        }
    }

    private static long write(Path file, long[] starts) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            CompactIndexWriter writer = CompactIndexWriter.create(channel, IDENTITY, IndexKind.DEFAULT_BLOCK_LINES,
                    1 << 16);
            for (long start : starts) {
                writer.add(start);
            }
            return writer.finish(starts.length, 0);
        }
    }
}
