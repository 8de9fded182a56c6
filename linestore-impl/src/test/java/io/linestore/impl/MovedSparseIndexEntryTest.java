package io.linestore.impl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.linestore.CorruptStoreException;
import io.linestore.IndexKind;
import io.linestore.Layout;
import io.linestore.LineBatch;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import io.linestore.StoreOptions;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.stream.LongStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A sparse index whose entries were moved to other line starts. A read scans from the entry at or
 * before its first line to the entry at or after its end and counts every line start it passes, so
 * the lines between two entries it uses must be exactly what the index promises (the stride, fewer
 * at the shard's end). An entry moved alone makes every read that starts or ends at it fail, naming
 * the index, in every way of reading; a read that passes it by counts from entries that are right,
 * and returns the right lines. Entries moved in step (each group between two of them still holding
 * its stride of lines) fail the reads at the edges of the run; a read between two of them sees no
 * sign of it, which only {@code verify} finds.
 *
 * <p>Each case is drawn from its seed: the stride, the layout, the line lengths, the entries moved and
 * by how many lines, the reads. The seed is in every assertion's description.
 */
class MovedSparseIndexEntryTest {

    private static final int[] STRIDES = {2, 3, 7, 16};
    private static final int RANDOM_READS = 24;

    @TempDir
    Path tmp;

    static LongStream seeds() {
        return LongStream.range(0, 40);
    }

    /**
     * One entry moved to another line start, up to a stride's lines before or after its own: the reads
     * at it, just before it and just after it fail in every way of reading, naming the index; every
     * other read returns the lines the store holds.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void anEntryMovedToAnotherLineStartIsAnErrorNamingTheIndexNeverAWrongLine(long seed) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        Store store = Store.draw(random, tmp.resolve("store"));
        Move move = store.drawMove(random, 1);
        move.apply(store);
        String replay = "seed " + seed + ": " + store + ", " + move;
        long at = move.firstLine(store);
        for (ReadMethod method : ReadMethod.values()) {
            try (LineStore opened = store.open(method, random)) {
                String where = replay + ", " + method;
                // At the entry, the line before it (the end of the group before) and the line after it.
                long[][] reads = {{at, 1}, {at, 1 + random.nextInt(3 * store.stride)}, {at - 1, 1}, {at + 1, 1}};
                for (long[] read : reads) {
                    if (move.inShard(store, read[0])) {
                        assertThat(move.fails(store, read[0], read[1])).as(where).isTrue();
                        assertFailsNamingTheIndex(opened, read[0], read[1], move.index(store), where);
                    }
                }
                for (int r = 0; r < RANDOM_READS; r++) {
                    long offset = Math.max(0, at - 3L * store.stride + random.nextInt(6 * store.stride));
                    long size = random.nextInt(3 * store.stride + 1);
                    if (move.fails(store, offset, size)) {
                        assertFailsNamingTheIndex(opened, offset, size, move.index(store), where);
                    } else {
                        assertReads(opened, offset, size, store.lines(offset, size), where);
                    }
                }
            }
        }
        assertVerifyNamesTheIndex(store, move, replay);
    }

    /**
     * Two to four neighbouring entries moved by the same number of lines: the reads that start or end
     * at the run's edges fail, naming the index; a read whose two entries both moved finds each group
     * holding its stride of lines and returns the lines that many lines on (or back), a damage that
     * only {@code verify} finds, as for entries of a dense index that skip line starts in step.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void entriesMovedInStepFailTheReadsAtTheEdgesOfTheRunAndAreSeenByVerify(long seed) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        Store store = Store.draw(random, tmp.resolve("store"));
        Move move = store.drawMove(random, 2 + random.nextInt(3));
        move.apply(store);
        String replay = "seed " + seed + ": " + store + ", " + move;
        long first = move.firstLine(store);
        long last = first + (long) (move.count - 1) * store.stride;
        for (ReadMethod method : ReadMethod.values()) {
            try (LineStore opened = store.open(method, random)) {
                String where = replay + ", " + method;
                for (long offset : new long[] {first - 1, last, last + 1}) {
                    if (move.inShard(store, offset)) {
                        assertThat(move.fails(store, offset, 1)).as(where).isTrue();
                        assertFailsNamingTheIndex(opened, offset, 1, move.index(store), where);
                    }
                }
                // Inside the run: both entries moved, each group holds its stride of lines.
                assertThat(move.fails(store, first, 1)).as(where).isFalse();
                assertReads(opened, first, 1, store.lines(first + move.lines, 1), where);
                for (int r = 0; r < RANDOM_READS; r++) {
                    long offset = Math.max(0, first - 2L * store.stride
                            + random.nextInt((move.count + 3) * store.stride));
                    long size = random.nextInt(2 * store.stride + 1);
                    if (move.fails(store, offset, size)) {
                        assertFailsNamingTheIndex(opened, offset, size, move.index(store), where);
                    } else {
                        assertReads(opened, offset, size, move.linesRead(store, offset, size), where);
                    }
                }
            }
        }
        assertVerifyNamesTheIndex(store, move, replay);
    }

    private static void assertFailsNamingTheIndex(LineStore store, long offset, long size, Path index, String where) {
        String read = where + ", read(" + offset + ", " + size + ")";
        List<Function<LineStore, Object>> ways = List.of(
                s -> s.read(offset, size),
                s -> readBytes(s, offset, size),
                s -> {
                    LineBatch batch = new LineBatch();
                    s.read(offset, size, batch);
                    return batch.size();
                });
        for (Function<LineStore, Object> way : ways) {
            Object[] returned = new Object[1];
            Throwable thrown = catchThrowable(() -> returned[0] = way.apply(store));
            assertThat(thrown).as(read + " returned " + returned[0]).isInstanceOf(CorruptStoreException.class);
            assertThat(((CorruptStoreException) thrown).file()).as(read + ": " + thrown.getMessage()).isEqualTo(index);
        }
    }

    private static void assertReads(LineStore store, long offset, long size, List<String> expected, String where) {
        String read = where + ", read(" + offset + ", " + size + ")";
        assertThat(store.read(offset, size)).as(read).isEqualTo(expected);
        List<String> numbered = new ArrayList<>();
        for (int i = 0; i < expected.size(); i++) {
            numbered.add((offset + i) + ":" + expected.get(i));
        }
        assertThat(readBytes(store, offset, size)).as(read).isEqualTo(numbered);
        LineBatch batch = new LineBatch();
        store.read(offset, size, batch);
        List<String> batched = new ArrayList<>();
        for (int i = 0; i < batch.size(); i++) {
            batched.add(batch.line(i));
        }
        assertThat(batched).as(read).isEqualTo(expected);
    }

    private static List<String> readBytes(LineStore store, long offset, long size) {
        List<String> lines = new ArrayList<>();
        store.readBytes(offset, size,
                (number, line) -> lines.add(number + ":" + StandardCharsets.UTF_8.decode(line.duplicate())));
        return lines;
    }

    private static void assertVerifyNamesTheIndex(Store store, Move move, String replay) {
        try (LineStore opened = LineStores.open(store.path)) {
            assertThat(opened.verify().problems()).as(replay).anySatisfy(problem ->
                    assertThat(store.path.resolve(problem.file())).isEqualTo(move.index(store)));
        }
    }

    /** A sparse store drawn from a seed, and the lines it holds. */
    private static final class Store {
        final Path path;
        final int stride;
        final long linesPerShard;
        final List<String> lines;

        private Store(Path path, int stride, long linesPerShard, List<String> lines) {
            this.path = path;
            this.stride = stride;
            this.linesPerShard = linesPerShard;
            this.lines = lines;
        }

        /** Lines of 6 to 30 bytes, so that line starts do not fall at regular offsets. */
        static Store draw(SplittableRandom random, Path path) {
            int stride = STRIDES[random.nextInt(STRIDES.length)];
            int count = 120 + random.nextInt(280);
            long linesPerShard = random.nextBoolean() ? Long.MAX_VALUE : 5L * stride + random.nextInt(60);
            List<String> lines = new ArrayList<>();
            StringBuilder text = new StringBuilder();
            for (int n = 0; n < count; n++) {
                String line = "line " + n + " " + "x".repeat(random.nextInt(20));
                lines.add(line);
                text.append(line).append('\n');
            }
            StoreOptions options = StoreOptions.builder()
                    .layout(linesPerShard == Long.MAX_VALUE ? Layout.SINGLE : Layout.SHARDED)
                    .linesPerShard(linesPerShard == Long.MAX_VALUE ? StoreOptions.DEFAULT_LINES_PER_SHARD : linesPerShard)
                    .index(IndexKind.sparse(stride))
                    .build();
            LineStores.build(new ByteArrayInputStream(text.toString().getBytes(StandardCharsets.US_ASCII)), path,
                    options);
            return new Store(path, stride, linesPerShard, lines);
        }

        int shards() {
            return (int) Math.ceilDiv((long) lines.size(), linesPerShard);
        }

        long shardFirst(int shard) {
            return shard * linesPerShard;
        }

        long shardLines(int shard) {
            return Math.min(linesPerShard, lines.size() - shardFirst(shard));
        }

        /** The byte where a line of a shard starts in its data file. */
        long lineStart(int shard, long line) {
            long offset = 0;
            for (long n = shardFirst(shard); n < shardFirst(shard) + line; n++) {
                offset += lines.get((int) n).length() + 1;
            }
            return offset;
        }

        /** Line starts the shard's index stores an entry for, the end entry aside. */
        long storedEntries(int shard) {
            return Math.ceilDiv(shardLines(shard), stride);
        }

        List<String> lines(long offset, long size) {
            long end = Math.min(lines.size(), offset + size);
            return offset >= end ? List.of() : lines.subList((int) offset, (int) end);
        }

        /**
         * Draws a run of {@code count} neighbouring entries of one shard, never its first (which must be
         * 0) nor its end entry, and a number of lines to move them by, less than a stride either way.
         */
        Move drawMove(SplittableRandom random, int count) {
            List<Integer> candidates = new ArrayList<>();
            for (int shard = 0; shard < shards(); shard++) {
                if (storedEntries(shard) - 1 >= count) {
                    candidates.add(shard);
                }
            }
            int shard = candidates.get(random.nextInt(candidates.size()));
            long first = 1 + random.nextLong(storedEntries(shard) - count);
            long lastLine = (first + count - 1) * stride;
            int most = (int) Math.min(stride - 1, shardLines(shard) - 1 - lastLine);
            int by = most == 0 || random.nextBoolean() ? -1 - random.nextInt(stride - 1) : 1 + random.nextInt(most);
            return new Move(shard, first, count, by);
        }

        LineStore open(ReadMethod method, SplittableRandom random) {
            // Tiny buffers now and then, so that the scan crosses chunks.
            int buffer = random.nextBoolean() ? 5 : ReadOptions.DEFAULT_READ_BUFFER_SIZE;
            return LineStores.open(path, ReadOptions.builder().method(method).readBufferSize(buffer).build());
        }

        @Override
        public String toString() {
            return lines.size() + " lines, sparse:" + stride + ", "
                    + (linesPerShard == Long.MAX_VALUE ? "single" : "shards of " + linesPerShard + " lines");
        }
    }

    /**
     * Entries {@code [first, first + count)} of a shard's index moved {@code lines} lines on (back when
     * negative), each to the start of another line.
     */
    private record Move(int shard, long first, int count, int lines) {

        void apply(Store store) throws IOException {
            try (RandomAccessFile index = new RandomAccessFile(index(store).toFile(), "rw")) {
                for (long entry = first; entry < first + count; entry++) {
                    index.seek(48 + 8 * entry);
                    index.write(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN)
                            .putLong(store.lineStart(shard, entry * store.stride + lines)).array());
                }
            }
        }

        Path index(Store store) {
            return StorePaths.index(store.path, shard);
        }

        /** Whether a store-wide line lies in the damaged shard. */
        boolean inShard(Store store, long line) {
            return line >= store.shardFirst(shard) && line < store.shardFirst(shard) + store.shardLines(shard);
        }

        /** The store-wide number of the line the first moved entry stands for. */
        long firstLine(Store store) {
            return store.shardFirst(shard) + first * store.stride;
        }

        /** How many lines on the line an entry of the damaged shard points at lies. */
        private long shift(long entry) {
            return entry >= first && entry < first + count ? lines : 0;
        }

        /** The part of a read that falls in the damaged shard, relative to it, or {@code null}. */
        private long[] part(Store store, long offset, long size) {
            long from = Math.max(offset, store.shardFirst(shard));
            long to = Math.min(Math.min(offset + size, store.lines.size()),
                    store.shardFirst(shard) + store.shardLines(shard));
            return from >= to ? null : new long[] {from - store.shardFirst(shard), to - store.shardFirst(shard)};
        }

        /**
         * Whether the lines between the two entries a read of the damaged shard uses are not what the
         * index promises: one of the two entries moved and the other did not.
         */
        boolean fails(Store store, long offset, long size) {
            long[] part = part(store, offset, size);
            if (part == null) {
                return false;
            }
            long startEntry = part[0] / store.stride;
            long endEntry = Math.ceilDiv(part[1], store.stride);
            return shift(startEntry) != shift(endEntry);
        }

        /** What a read that does not fail returns: in the damaged shard, counted from its first entry. */
        List<String> linesRead(Store store, long offset, long size) {
            long[] part = part(store, offset, size);
            if (part == null) {
                return store.lines(offset, size);
            }
            long from = store.shardFirst(shard) + part[0];
            long to = store.shardFirst(shard) + part[1];
            long shift = shift(part[0] / store.stride);
            List<String> read = new ArrayList<>(store.lines(offset, from - offset));
            read.addAll(store.lines(from + shift, to - from));
            read.addAll(store.lines(to, offset + size - to));
            return read;
        }

        @Override
        public String toString() {
            return (count == 1 ? "entry " + first : "entries " + first + " to " + (first + count - 1)) + " of shard "
                    + shard + " moved " + lines + " lines";
        }
    }
}
