package io.linestore.impl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.linestore.CorruptStoreException;
import io.linestore.IndexKind;
import io.linestore.Layout;
import io.linestore.LineBatch;
import io.linestore.LineStore;
import io.linestore.LineStoreException;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.StoreNotFoundException;
import io.linestore.StoreOptions;
import io.linestore.UnsupportedFormatException;
import io.linestore.VerifyReport;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BiPredicate;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Damaged stores give a specific exception on open or read, and verify names every damaged file. */
class DamagedStoreTest {

    private static final String TEXT = "alpha\nbeta\ngamma\ndelta\nepsilon\nzeta\neta\ntheta\n";

    @TempDir
    Path tmp;

    @Test
    void noDirectoryOrNoManifestIsNotAStore() {
        assertThatThrownBy(() -> LineStores.open(tmp.resolve("absent")))
                .isInstanceOf(StoreNotFoundException.class).hasMessageContaining("absent");
        assertThatThrownBy(() -> LineStores.open(tmp))
                .isInstanceOf(StoreNotFoundException.class).hasMessageContaining("manifest.json");
    }

    /** A way to damage the manifest, and what opening the store must then throw. */
    record ManifestDamage(String what, Layout layout, UnaryOperator<String> edit,
            Class<? extends LineStoreException> thrown, String message) {
        @Override
        public String toString() {
            return what;
        }
    }

    static Stream<ManifestDamage> manifestDamages() {
        return Stream.of(
                new ManifestDamage("not JSON", Layout.SHARDED, text -> "{ this is not json",
                        CorruptStoreException.class, "manifest.json"),
                new ManifestDamage("numbers that disagree", Layout.SHARDED,
                        text -> text.replace("\"lineCount\": 8", "\"lineCount\": 9"),
                        CorruptStoreException.class, "lineCount=9"),
                new ManifestDamage("a shard of fewer bytes than lines", Layout.SINGLE,
                        text -> text.replace("\"dataBytes\": 46", "\"dataBytes\": 5"),
                        CorruptStoreException.class, "shard 0 has lines=8 but dataBytes=5"),
                new ManifestDamage("a field of the wrong type", Layout.SINGLE,
                        text -> text.replace("\"lineCount\": 8", "\"lineCount\": \"eight\""),
                        CorruptStoreException.class, "'lineCount' is not a whole number"),
                new ManifestDamage("a missing field", Layout.SINGLE, text -> text.replace("\"indexStride\": 1,", ""),
                        CorruptStoreException.class, "'indexStride' is missing"),
                new ManifestDamage("an unknown index kind", Layout.SINGLE,
                        text -> text.replace("\"index\": \"dense\"", "\"index\": \"btree\""),
                        CorruptStoreException.class, "index 'btree' is not one of"),
                new ManifestDamage("an index kind the stride denies", Layout.SINGLE,
                        text -> text.replace("\"index\": \"dense\"", "\"index\": \"sparse:4\""),
                        CorruptStoreException.class, "index \"sparse:4\" has 4 lines per entry, but indexStride=1"),
                new ManifestDamage("an unknown layout", Layout.SINGLE, text -> text.replace("\"SINGLE\"", "\"DIAGONAL\""),
                        CorruptStoreException.class, "DIAGONAL"),
                new ManifestDamage("not an object", Layout.SINGLE, text -> "[1, 2]",
                        CorruptStoreException.class, "not a JSON object"),
                new ManifestDamage("an unknown format version", Layout.SINGLE,
                        text -> text.replaceFirst("\"version\": \\d+", "\"version\": 7"),
                        UnsupportedFormatException.class, "7"));
    }

    @ParameterizedTest
    @MethodSource("manifestDamages")
    void damagedManifestFailsTheOpenSayingWhatIsWrong(ManifestDamage damage) throws IOException {
        Path store = build(damage.layout(), 1);
        Path manifest = store.resolve("manifest.json");
        String original = Files.readString(manifest);
        String damaged = damage.edit().apply(original);
        assertThat(damaged).as("the damage changes the manifest").isNotEqualTo(original);
        Files.writeString(manifest, damaged);
        assertThatThrownBy(() -> LineStores.open(store)).isInstanceOf(damage.thrown())
                .hasMessageContaining(damage.message())
                // Values in words, never a record's toString.
                .hasMessageNotContaining("Entry[");
    }

    @Test
    void truncatedIndexIsCorruptOnOpen() throws IOException {
        Path store = build(Layout.SHARDED, 1);
        Path index = StorePaths.index(store, 3);
        try (RandomAccessFile file = new RandomAccessFile(index.toFile(), "rw")) {
            file.setLength(file.length() - 3);
        }
        assertThatThrownBy(() -> LineStores.open(store)).isInstanceOf(CorruptStoreException.class)
                .hasMessageContaining("00000003.idx");
    }

    @Test
    void missingShardIsCorruptOnOpen() throws IOException {
        Path store = build(Layout.SHARDED, 3);
        Files.delete(StorePaths.data(store, 1));
        assertThatThrownBy(() -> LineStores.open(store)).isInstanceOf(CorruptStoreException.class)
                .hasMessageContaining("00000001.lines").hasMessageContaining("missing");
    }

    @ParameterizedTest
    @EnumSource(Layout.class)
    void flippedByteAnywhereInAnyFileIsReportedByVerify(Layout layout) throws IOException {
        Path store = build(layout, 3);
        List<Path> files;
        try (Stream<Path> walk = Files.walk(store)) {
            files = walk.filter(Files::isRegularFile)
                    .filter(file -> file.toString().endsWith(".lines") || file.toString().endsWith(".idx")).toList();
        }
        assertThat(files).hasSize(layout == Layout.SINGLE ? 2 : 6);
        assertEveryFlipIsFound(store, files, (file, at) -> false);
    }

    @ParameterizedTest
    @EnumSource(Layout.class)
    void flippedByteAnywhereACompactIndexUsesIsReportedByVerify(Layout layout) throws IOException {
        Path store = build(layout, 3, IndexKind.compact(2));
        List<Path> files;
        try (Stream<Path> walk = Files.walk(store)) {
            files = walk.filter(file -> file.getFileName().toString().endsWith(".idx")).toList();
        }
        assertThat(files).hasSize(layout == Layout.SINGLE ? 1 : 3);
        assertEveryFlipIsFound(store, files, DamagedStoreTest::unusedByCompactIndex);
    }

    /** Flips each byte of the files but the skipped ones in turn: open or verify must name the file. */
    private static void assertEveryFlipIsFound(Path store, List<Path> files, BiPredicate<Path, Long> skipped)
            throws IOException {
        for (Path file : files) {
            for (long at = 0; at < Files.size(file); at++) {
                if (skipped.test(file, at)) {
                    continue;
                }
                flip(file, at);
                String where = file + " byte " + at;
                try (LineStore opened = LineStores.open(store)) {
                    VerifyReport report = opened.verify();
                    assertThat(report.problems()).as(where)
                            .anySatisfy(problem -> assertThat(store.resolve(problem.file())).isEqualTo(file));
                } catch (CorruptStoreException e) {
                    // A damaged header is caught even before verify, on open; the message names the file.
                    assertThat(e.file()).as(where).isEqualTo(file);
                }
                flip(file, at);
            }
        }
        try (LineStore opened = LineStores.open(store)) {
            assertThat(opened.verify().problems()).isEmpty();
        }
    }

    /**
     * Whether a byte of a compact index is one its format leaves unused: a segment table entry of a
     * segment not started, or a directory entry of a block not written (see CompactIndex).
     */
    private static boolean unusedByCompactIndex(Path file, long at) {
        ByteBuffer header;
        try {
            header = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        long blocks = header.getLong(16) / header.getInt(8);
        int segments = blocks == 0 ? 0 : 64 - Long.numberOfLeadingZeros(blocks);
        if (at >= 48 + 8L * segments && at < 48 + 8L * 40) {
            return true;
        }
        if (segments == 0) {
            return false;
        }
        int last = segments - 1;
        long directory = header.getLong(48 + 8 * last);
        long used = blocks - ((1L << last) - 1);
        return at >= directory + 8 * used && at < directory + (8L << last);
    }

    @ParameterizedTest
    @EnumSource(ReadMethod.class)
    void indexEntryPointingInsideALineFailsTheRead(ReadMethod method) throws IOException {
        Path store = build(Layout.SINGLE, 1);
        // Entry 2 is the start of "gamma" (byte 11); moving it one byte into the line must not yield "amma".
        writeEntry(StorePaths.index(store, 0), 2, 12);
        try (LineStore opened = LineStores.open(store, method)) {
            assertThat(opened.read(0, 1)).containsExactly("alpha");
            assertThat(opened.read(3, 5)).containsExactly("delta", "epsilon", "zeta", "eta", "theta");
            assertThatThrownBy(() -> opened.read(2, 1)).isInstanceOf(CorruptStoreException.class)
                    .hasMessageContaining("data.lines");
            assertThatThrownBy(() -> opened.read(1, 1)).isInstanceOf(CorruptStoreException.class)
                    .hasMessageContaining("data.lines");
            assertThat(opened.verify().problems()).anySatisfy(problem -> {
                assertThat(problem.file()).endsWith("data.idx");
                assertThat(problem.message()).contains("entry 2");
            });
        }
    }

    /**
     * A store whose lines all end in a lone \n has its ranges sent as stored bytes: the entries at a
     * range's ends are still checked against the bytes around them, so a moved one is an error, never
     * a range that starts or ends inside a line.
     */
    @ParameterizedTest
    @EnumSource(ReadMethod.class)
    void transferOfARangeWhoseEndEntryMovedIntoALineFails(ReadMethod method) throws IOException {
        Path store = build(Layout.SINGLE, 1);
        writeEntry(StorePaths.index(store, 0), 2, 12);
        writeEntry(StorePaths.index(store, 0), 6, 1 << 20);
        try (LineStore opened = LineStores.open(store, method)) {
            java.io.ByteArrayOutputStream sent = new java.io.ByteArrayOutputStream();
            java.nio.channels.WritableByteChannel target = java.nio.channels.Channels.newChannel(sent);
            assertThat(opened.transferTo(3, 2, target)).isEqualTo(2);
            assertThat(sent.toString(StandardCharsets.US_ASCII)).isEqualTo("delta\nepsilon\n");
            for (long[] range : new long[][] {{0, 2}, {2, 1}, {5, 1}, {6, 1}}) {
                assertThatThrownBy(() -> opened.transferTo(range[0], range[1], target))
                        .as("lines %d+%d", range[0], range[1]).isInstanceOf(CorruptStoreException.class);
            }
        }
    }

    /** A segment batch keeps lines where they lie: an entry moved into a line or past the data fails it, views or not. */
    @ParameterizedTest
    @EnumSource(ReadMethod.class)
    void segmentBatchOfLinesWithAMovedEntryFails(ReadMethod method) throws IOException {
        Path store = build(Layout.SINGLE, 1);
        writeEntry(StorePaths.index(store, 0), 2, 12);
        writeEntry(StorePaths.index(store, 0), 6, 1 << 20);
        try (LineStore opened = LineStores.open(store, method); io.linestore.SegmentBatch batch = new io.linestore.SegmentBatch()) {
            assertThat(opened.read(3, 2, batch)).isEqualTo(2);
            assertThat(List.of(batch.string(0), batch.string(1))).containsExactly("delta", "epsilon");
            for (long[] range : new long[][] {{0, 8}, {1, 1}, {2, 1}, {4, 3}, {6, 1}}) {
                assertThatThrownBy(() -> opened.read(range[0], range[1], batch))
                        .as("lines %d+%d", range[0], range[1]).isInstanceOf(CorruptStoreException.class);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(ReadMethod.class)
    void indexEntryPointingAtAnotherLineFailsTheRead(ReadMethod method) throws IOException {
        Path store = build(Layout.SINGLE, 1);
        // Entry 2 moved to the start of "delta" (byte 17): [entry 1, entry 2) now holds two lines, and
        // entries 2 and 3 are equal. A read of line 1 alone cannot tell [entry 1, entry 2) from one
        // line (see entriesThatSkipALineStartInStepAreSeenByVerifyAlone); a read of line 2 can.
        writeEntry(StorePaths.index(store, 0), 2, 17);
        try (LineStore opened = LineStores.open(store, method)) {
            assertThatThrownBy(() -> opened.read(2, 1)).isInstanceOf(CorruptStoreException.class);
            assertThatThrownBy(() -> opened.readBytes(2, 1, (number, line) -> { }))
                    .isInstanceOf(CorruptStoreException.class);
            assertThatThrownBy(() -> opened.read(0, 8, new LineBatch())).isInstanceOf(CorruptStoreException.class);
            assertThat(opened.verify().problems()).anySatisfy(problem -> assertThat(problem.file()).endsWith("data.idx"));
        }
    }

    @ParameterizedTest
    @EnumSource(ReadMethod.class)
    void indexEntryPastTheDataOrBehindTheOneBeforeFailsEveryRead(ReadMethod method) throws IOException {
        Path store = build(Layout.SINGLE, 1);
        writeEntry(StorePaths.index(store, 0), 5, 4);
        writeEntry(StorePaths.index(store, 0), 6, 1 << 20);
        try (LineStore opened = LineStores.open(store, method)) {
            assertThat(opened.read(0, 4)).containsExactly("alpha", "beta", "gamma", "delta");
            assertThat(opened.read(7, 1)).containsExactly("theta");
            for (long line = 4; line < 7; line++) {
                long first = line;
                assertThatThrownBy(() -> opened.read(first, 1)).isInstanceOf(CorruptStoreException.class);
                assertThatThrownBy(() -> opened.readBytes(first, 1, (number, bytes) -> { }))
                        .isInstanceOf(CorruptStoreException.class);
                assertThatThrownBy(() -> opened.read(first, 1, new LineBatch()))
                        .isInstanceOf(CorruptStoreException.class);
            }
        }
    }

    /**
     * What only {@code verify} sees: reads of a dense index check the entries of the lines they read and
     * the byte before each, not every byte, so entries that skip a line start in step join two lines
     * there, in every way of reading.
     */
    @ParameterizedTest
    @EnumSource(value = ReadMethod.class, names = {"RANDOM_ACCESS_FILE", "FILE_CHANNEL", "MMAP", "AUTO"})
    void entriesThatSkipALineStartInStepAreSeenByVerifyAlone(ReadMethod method) throws IOException {
        Path store = build(Layout.SINGLE, 1);
        // Entries 1 and 2 moved one line on: line 0 spans "alpha\nbeta", line 1 is "gamma".
        writeEntry(StorePaths.index(store, 0), 1, 11);
        writeEntry(StorePaths.index(store, 0), 2, 17);
        try (LineStore opened = LineStores.open(store, method)) {
            List<String> joined = new java.util.ArrayList<>();
            opened.readBytes(0, 1, (number, line) -> joined.add(StandardCharsets.UTF_8.decode(line).toString()));
            assertThat(joined).containsExactly("alpha\nbeta");
            assertThat(opened.read(0, 2)).containsExactly("alpha\nbeta", "gamma");
            assertThat(opened.verify().problems()).anySatisfy(problem -> assertThat(problem.file()).endsWith("data.idx"));
        }
    }

    @Test
    void dataTruncatedAfterOpenIsCorruptNotWrong() throws IOException {
        Path store = build(Layout.SINGLE, 1);
        try (LineStore opened = LineStores.open(store, ReadMethod.FILE_CHANNEL)) {
            try (RandomAccessFile file = new RandomAccessFile(StorePaths.data(store, 0).toFile(), "rw")) {
                file.setLength(20);
            }
            assertThatThrownBy(() -> opened.read(6, 2)).isInstanceOf(CorruptStoreException.class)
                    .hasMessageContaining("data.lines");
        }
    }

    /** A store with a dense index, whose entries the tests overwrite. */
    private Path build(Layout layout, long linesPerShard) {
        return build(layout, linesPerShard, IndexKind.DENSE);
    }

    private Path build(Layout layout, long linesPerShard, IndexKind index) {
        Path store = tmp.resolve("store-" + layout + "-" + linesPerShard + "-" + index.toString().replace(':', '-'));
        LineStores.build(new java.io.ByteArrayInputStream(TEXT.getBytes(StandardCharsets.US_ASCII)), store,
                StoreOptions.builder().layout(layout).linesPerShard(linesPerShard).index(index).build());
        return store;
    }

    private static void flip(Path file, long at) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(at);
            int b = raf.read();
            raf.seek(at);
            raf.write(b ^ 0x01);
        }
    }

    private static void writeEntry(Path index, long entry, long value) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(index.toFile(), "rw")) {
            raf.seek(48 + entry * 8);
            raf.write(java.nio.ByteBuffer.allocate(8).order(java.nio.ByteOrder.LITTLE_ENDIAN).putLong(value).array());
        }
    }
}
