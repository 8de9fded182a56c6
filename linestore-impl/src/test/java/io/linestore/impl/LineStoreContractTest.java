package io.linestore.impl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.linestore.CorruptStoreException;
import io.linestore.Layout;
import io.linestore.LineBatch;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.SegmentBatch;
import io.linestore.StoreClosedException;
import io.linestore.StoreInfo;
import io.linestore.gen.ReferenceLines;
import io.linestore.impl.format.Manifest;
import io.linestore.impl.format.ManifestCodec;
import io.linestore.impl.format.ShardEntry;
import io.linestore.impl.format.StoreFiles;
import io.linestore.impl.index.IndexFormat;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The one contract every layout x index kind x read method obeys: the line semantics of
 * docs/design.md, read by {@code read}, {@code readBytes} and {@code lines} alike, for every offset and
 * size around the edges. Add a case here, not to one implementation.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("io.linestore.impl.StoreConfig#all")
// Each test builds its own stores in its own folder: they may run side by side.
@Execution(ExecutionMode.CONCURRENT)
class LineStoreContractTest {

    /** Lines are compared as hex: the bytes exactly, in less time and memory than {@code Arrays.toString}. */
    private static final HexFormat HEX = HexFormat.of();
    /**
     * Lines of kilobytes are read through buffers of 509 bytes, not the suite's 5: each line still
     * crosses dozens of buffer ends (at a different place in each line, 509 being prime), without
     * thousands of system calls per read.
     */
    private static final int LONG_LINE_READ_BUFFER = 509;

    private final StoreConfig config;

    @TempDir(factory = MemoryTempDirs.class)
    Path tmp;

    private int stores;

    LineStoreContractTest(StoreConfig config) {
        this.config = config;
    }

    @Test
    void emptyInputHasNoLines() {
        assertMatchesReference(new byte[0]);
    }

    @Test
    void oneLineWithAndWithoutFinalNewline() {
        assertMatchesReference(ascii("hello\n"));
        assertMatchesReference(ascii("hello"));
    }

    @Test
    void onlyNewlinesAreEmptyLines() {
        assertMatchesReference(ascii("\n"));
        assertMatchesReference(ascii("\n\n\n\n\n\n\n\n"));
        assertMatchesReference(ascii("a\n\nb"));
    }

    @Test
    void crlfIsOneTerminator() {
        assertMatchesReference(ascii("a\r\nb\r\n\r\nc\r\n"));
        assertMatchesReference(ascii("\r\n\r\n"));
        assertMatchesReference(ascii("mixed\r\nline\nends\r\n"));
    }

    @Test
    void loneCarriageReturnIsContent() {
        assertMatchesReference(ascii("a\rb\nc\r\rd\n\r\n\r"));
        assertMatchesReference(ascii("last line ends in a carriage return\r"));
        assertMatchesReference(ascii("\r"));
    }

    @Test
    void utf8OfOneToFourBytes() {
        assertMatchesReference(utf8("a\né\n€ euro\n😀 grin\nmixed aé€😀\n"));
    }

    @Test
    void malformedUtf8DecodesAsNewString() {
        byte[] input = {'a', (byte) 0xFF, '\n', (byte) 0xE2, (byte) 0x82, '\n', (byte) 0xC3, '\r', '\n',
                (byte) 0xF0, (byte) 0x9F, (byte) 0x98, '\n', (byte) 0x80, (byte) 0x80, 'z', '\n', (byte) 0xED,
                (byte) 0xA0, (byte) 0x80, '\n'};
        assertMatchesReference(input);
    }

    @Test
    void nulBytesAreContent() {
        assertMatchesReference(new byte[] {0, '\n', 'a', 0, 'b', '\n', 0, 0, 0});
    }

    @Test
    void lineLongerThanEveryBuffer() {
        byte[] longLine = repeat('x', 20_000);
        assertMatchesReference(concat(ascii("short\n"), longLine, ascii("\nafter\n"), longLine), LONG_LINE_READ_BUFFER);
    }

    @Test
    void linesAroundEightKilobytes() {
        assertMatchesReference(concat(repeat('a', 8191), ascii("\n"), repeat('b', 8192), ascii("\n"),
                repeat('c', 8193), ascii("\n"), repeat('d', 8192), ascii("\r\n")), LONG_LINE_READ_BUFFER);
    }

    @Test
    void everyRangeOfThirteenLinesAcrossShards() {
        StringBuilder text = new StringBuilder();
        // Four shard ends at 3 lines a shard, and several 64-byte blocks and spans: every read way crosses them.
        for (int i = 0; i < 13; i++) {
            text.append("line ").append(i).append(i % 4 == 0 ? "" : " with some more text").append('\n');
        }
        assertMatchesReference(ascii(text.toString()));
    }

    @Test
    void streamReadsRangesLargerThanABatch() {
        StringBuilder text = new StringBuilder();
        // More than a stream's batch of 256 lines, so that whole and partial batches follow each other.
        for (int i = 0; i < 270; i++) {
            text.append(i).append('\n');
        }
        byte[] input = ascii(text.toString());
        List<String> expected = ReferenceLines.strings(input);
        try (LineStore store = open(input)) {
            assertThat(store.lines(0, Long.MAX_VALUE).toList()).isEqualTo(expected);
            assertThat(store.lines(5, 260).toList()).isEqualTo(expected.subList(5, 265));
            assertThat(store.read(265, 100)).isEqualTo(expected.subList(265, 270));
        }
    }

    @Test
    void negativeOffsetOrSizeIsRejectedNamingTheValue() {
        try (LineStore store = open(ascii("a\nb\n"))) {
            assertThatThrownBy(() -> store.read(-1, 1)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("offset").hasMessageContaining("-1");
            assertThatThrownBy(() -> store.read(0, -5)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("size").hasMessageContaining("-5");
            assertThatThrownBy(() -> store.readBytes(-7, 1, (n, line) -> { }))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-7");
            assertThatThrownBy(() -> store.lines(0, -2)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("-2");
            assertThatThrownBy(() -> store.read(-3, 1, new LineBatch())).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("-3");
        }
    }

    @Test
    void hugeSizeAndOffsetDoNotOverflow() {
        try (LineStore store = open(ascii("a\nb\n"))) {
            assertThat(store.read(1, Long.MAX_VALUE)).containsExactly("b");
            assertThat(store.read(Long.MAX_VALUE, Long.MAX_VALUE)).isEmpty();
            List<String> visited = new ArrayList<>();
            store.readBytes(1, Long.MAX_VALUE, (n, line) -> visited.add(n + ":" + line.remaining()));
            assertThat(visited).containsExactly("1:1");
            assertThat(store.lines(Long.MAX_VALUE - 1, Long.MAX_VALUE).toList()).isEmpty();
            LineBatch batch = new LineBatch();
            assertThat(store.read(1, Long.MAX_VALUE, batch)).isEqualTo(1);
            assertThat(batch.line(0)).isEqualTo("b");
            assertThat(store.read(Long.MAX_VALUE, Long.MAX_VALUE, batch)).isZero();
        }
    }

    @Test
    void everyReadAfterCloseThrowsClosed() {
        LineStore store = open(ascii("a\nb\n"));
        assertThat(store.read(0, 1)).containsExactly("a");
        store.close();
        store.close();
        assertThatThrownBy(() -> store.read(0, 1)).isInstanceOf(StoreClosedException.class)
                .hasMessageContaining(tmp.toString());
        assertThatThrownBy(() -> store.readBytes(0, 1, (n, line) -> { })).isInstanceOf(StoreClosedException.class);
        assertThatThrownBy(() -> store.lines(0, 1)).isInstanceOf(StoreClosedException.class);
        assertThatThrownBy(() -> store.read(0, 1, new LineBatch())).isInstanceOf(StoreClosedException.class);
        assertThatThrownBy(store::info).isInstanceOf(StoreClosedException.class);
        assertThatThrownBy(store::verify).isInstanceOf(StoreClosedException.class);
    }

    @Test
    void infoDescribesTheStore() {
        byte[] input = ascii("one\ntwo\nthree\nfour\nfive\n");
        try (LineStore store = open(input)) {
            StoreInfo info = store.info();
            assertThat(info.lineCount()).isEqualTo(5);
            assertThat(info.layout()).isEqualTo(config.layout());
            assertThat(info.index()).isEqualTo(config.index());
            assertThat(info.textBytes()).isEqualTo(input.length);
            assertThat(info.compression()).isEqualTo(config.compression());
            if (!config.compression().compressed()) {
                assertThat(info.dataBytes()).isEqualTo(input.length);
            }
            assertThat(info.shardCount()).isEqualTo(config.layout() == Layout.SINGLE ? 1
                    : (int) Math.ceilDiv(5, config.linesPerShard()));
            assertThat(info.indexBytes() > 0).isEqualTo(config.index().stride() > 0);
            assertThat(store.readMethod()).isEqualTo(config.method());
        }
    }

    @Test
    void freshStoreVerifies() {
        try (LineStore store = open(ascii("a\nbb\r\nccc\n\nd"))) {
            assertThat(store.verify().problems()).isEmpty();
        }
    }

    /**
     * A manifest that counts one line fewer than the store holds: its line count and its last shard's
     * lines lowered together, so that its numbers still add up, with the index's committed size as it
     * was or lowered to match. The last shard's data then ends with a line the manifest does not count,
     * which a read of the shard's last line would return joined to it. With an index, the shard's first
     * use finds that the index header counts another number of lines and fails naming the index and
     * both counts, in O(1); without one, the read that reaches the shard's end finds the extra line.
     * Never a joined line; the other shards read as before.
     */
    @Test
    void aManifestCountingOneLineFewerIsAnErrorNeverTwoLinesJoined() throws IOException {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 11; i++) {
            text.append("line ").append(i).append('\n');
        }
        byte[] input = ascii(text.toString());
        List<String> expected = ReferenceLines.strings(input);
        for (boolean lowerIndexBytes : new boolean[] {false, true}) {
            Path path = tmp.resolve("store" + stores++);
            config.build(input, path).close();
            Path dir = config.sidecar() ? StoreFiles.sidecarDir(path) : path;
            Manifest manifest = ManifestCodec.read(dir);
            int last = manifest.shards().size() - 1;
            ShardEntry shard = manifest.shards().get(last);
            long lines = shard.lines();
            long indexBytes = lowerIndexBytes && config.index().stride() > 0 && !config.index().isCompact()
                    ? IndexFormat.Identity.of(manifest, last).fileBytes(lines - 1, config.index().stride())
                    : shard.indexBytes();
            List<ShardEntry> shards = new ArrayList<>(manifest.shards());
            shards.set(last, new ShardEntry(lines - 1, shard.dataBytes(), shard.dataCrc32c(), indexBytes,
                    shard.indexCrc32c(), shard.dataHeadCrc32c(), shard.textBytes(), shard.loneNewlines()));
            ManifestCodec.publish(dir, manifest.withShards(shards, manifest.source()), false);
            String where = config + (lowerIndexBytes ? ", index bytes lowered too" : ", index bytes as they were");
            if (lines == 1 && config.layout() == Layout.SHARDED) {
                // A shard of no lines ends no sharded store: the manifest itself is refused.
                assertThatThrownBy(() -> LineStores.open(path, config.readOptions())).as(where)
                        .isInstanceOf(CorruptStoreException.class).hasMessageContaining("manifest.json");
                continue;
            }
            long shardFirst = last * Math.min(manifest.linesPerShard(), expected.size());
            Path index = StoreFiles.indexPath(dir, manifest, last);
            Path data = StoreFiles.dataPath(dir, manifest, last);
            try (LineStore store = LineStores.open(path, config.readOptions())) {
                assertThat(store.lineCount()).as(where).isEqualTo(expected.size() - 1);
                assertThat(store.read(0, shardFirst)).as(where).isEqualTo(expected.subList(0, (int) shardFirst));
                long lastLine = expected.size() - 2;
                if (config.index().stride() == 0) {
                    assertThat(store.read(shardFirst, lastLine - shardFirst)).as(where)
                            .isEqualTo(expected.subList((int) shardFirst, (int) lastLine));
                    assertThat(corruption(store, lastLine, where)).as(where).isEqualTo(data);
                } else {
                    // The last line first: it is the one that would hold the line the manifest lost.
                    for (long line = lastLine; line >= shardFirst; line--) {
                        assertThat(corruption(store, line, where)).as(where + ", line " + line).isEqualTo(index);
                    }
                    assertThatThrownBy(() -> store.read(lastLine, 1)).isInstanceOf(CorruptStoreException.class)
                            .hasMessageContaining("lines=" + lines).hasMessageContaining("lines=" + (lines - 1));
                    assertThatThrownBy(() -> store.readBytes(lastLine, 1, (n, line) -> { })).as(where)
                            .isInstanceOf(CorruptStoreException.class);
                    assertThatThrownBy(() -> store.read(lastLine, 1, new LineBatch())).as(where)
                            .isInstanceOf(CorruptStoreException.class);
                }
            }
        }
    }

    /** The file a read of one line finds damaged; fails saying what it returned if it finds nothing. */
    private static Path corruption(LineStore store, long line, String where) {
        List<String> returned = new ArrayList<>();
        Throwable thrown = catchThrowable(() -> returned.addAll(store.read(line, 1)));
        assertThat(thrown).as(where + ": read(" + line + ", 1) returned " + returned)
                .isInstanceOf(CorruptStoreException.class);
        return ((CorruptStoreException) thrown).file();
    }

    private void assertMatchesReference(byte[] input) {
        assertMatchesReference(input, StoreConfig.READ_BUFFER);
    }

    private void assertMatchesReference(byte[] input, int readBufferSize) {
        List<byte[]> expectedBytes = ReferenceLines.split(input);
        List<String> expected = ReferenceLines.strings(input);
        int n = expected.size();
        // One batch for every read, tiny at first: reads reuse it and make it grow.
        LineBatch batch = new LineBatch(0, 0);
        try (SegmentBatch segments = new SegmentBatch();
                LineStore store = config.build(input, tmp.resolve("store" + stores++), readBufferSize); FileChannel sent = FileChannel.open(tmp.resolve("sent" + stores),
                StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            assertThat(store.lineCount()).isEqualTo(n);
            for (int offset = 0; offset <= n + 1; offset++) {
                int rest = n - offset;
                for (int size = 0; size <= rest + 2; size++) {
                    String where = config + " offset=" + offset + " size=" + size;
                    assertThat(store.read(offset, size)).as(where)
                            .isEqualTo(ReferenceLines.range(expected, offset, size));
                    // Bytes and batches share the String read's lookups and checks: their own paths are
                    // crossed by short ranges and by those that reach or pass the end.
                    if (size <= 3 || size >= rest - 1) {
                        assertThat(readBytes(store, offset, size)).as(where)
                                .containsExactlyElementsOf(numbered(expectedBytes, offset, size));
                        assertThat(batch(store, batch, offset, size)).as(where)
                                .containsExactlyElementsOf(numbered(expectedBytes, offset, size));
                    }
                    // Segment batches and transfers share the batch's lookups and checks too.
                    if (size <= 1 || size >= rest - 1) {
                        assertThat(segments(store, segments, offset, size)).as(where)
                                .containsExactlyElementsOf(numbered(expectedBytes, offset, size));
                        assertThat(transferred(store, offset, size, (offset & 3) == 0 ? sent : null)).as(where)
                                .isEqualTo(terminated(expectedBytes, offset, size));
                    }
                }
                assertThat(store.lines(offset, n).toList()).isEqualTo(ReferenceLines.range(expected, offset, n));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private LineStore open(byte[] input) {
        return config.build(input, tmp.resolve("store" + stores++));
    }

    /** Each visited line with its number, so that line numbers are checked too. */
    private static List<NumberedLine> readBytes(LineStore store, long offset, long size) {
        List<NumberedLine> lines = new ArrayList<>();
        store.readBytes(offset, size, (number, line) -> {
            byte[] copy = new byte[line.remaining()];
            line.duplicate().get(copy);
            lines.add(new NumberedLine(number, copy));
        });
        return lines;
    }

    /**
     * A batch read, each line with its number; checks that the lines lie back to back, each
     * followed by one \n, so that {@code writeTo} writes them all.
     */
    private static List<NumberedLine> batch(LineStore store, LineBatch batch, long offset, long size) {
        int read = store.read(offset, size, batch);
        assertThat(read).isEqualTo(batch.size());
        assertThat(batch.firstLine()).isEqualTo(offset);
        List<NumberedLine> lines = new ArrayList<>();
        ByteArrayOutputStream expectedBlock = new ByteArrayOutputStream();
        for (int i = 0; i < batch.size(); i++) {
            byte[] line = Arrays.copyOfRange(batch.bytes(), batch.start(i), batch.end(i));
            lines.add(new NumberedLine(offset + i, line));
            assertThat(batch.line(i)).isEqualTo(new String(line, StandardCharsets.UTF_8));
            expectedBlock.writeBytes(line);
            expectedBlock.write('\n');
        }
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        try {
            batch.writeTo(written);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertThat(written.toByteArray()).isEqualTo(expectedBlock.toByteArray());
        return lines;
    }

    /**
     * A segment batch read, each line with its number, read on from where each read ends (a read
     * stops at a shard's end). A store mapped with an entry for every line hands out views of its mapping.
     */
    private List<NumberedLine> segments(LineStore store, SegmentBatch batch, long offset, long size) {
        List<NumberedLine> lines = new ArrayList<>();
        boolean views = (config.method() == ReadMethod.MMAP || config.method() == ReadMethod.AUTO)
                && config.index().stride() == 1 && !config.compression().compressed();
        long wanted = Math.max(0, Math.min(size, store.lineCount() - offset));
        for (long line = offset; line < offset + wanted; ) {
            int read = store.read(line, offset + size - line, batch);
            assertThat(read).isEqualTo(batch.size()).isPositive();
            assertThat(batch.firstLine()).isEqualTo(line);
            assertThat(batch.bytes().isMapped()).as("a view of the mapping").isEqualTo(views);
            for (int i = 0; i < read; i++) {
                byte[] bytes = batch.line(i).toArray(ValueLayout.JAVA_BYTE);
                lines.add(new NumberedLine(line + i, bytes));
                assertThat(batch.string(i)).isEqualTo(new String(bytes, StandardCharsets.UTF_8));
            }
            line += read;
        }
        assertThat(store.read(offset + wanted, size - wanted, batch)).isZero();
        return lines;
    }

    /**
     * What {@code transferTo} writes: into a file, where the operating system may send the bytes,
     * or, without one, into memory through a channel that is no file.
     */
    private static byte[] transferred(LineStore store, long offset, long size, FileChannel file) {
        try {
            ByteArrayOutputStream memory = new ByteArrayOutputStream();
            if (file != null) {
                file.truncate(0).position(0);
            }
            long lines = store.transferTo(offset, size, file != null ? file : Channels.newChannel(memory));
            assertThat(lines).isEqualTo(Math.max(0, Math.min(size, store.lineCount() - offset)));
            if (file == null) {
                return memory.toByteArray();
            }
            ByteBuffer bytes = ByteBuffer.allocate(Math.toIntExact(file.size()));
            file.read(bytes, 0);
            return bytes.array();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The lines of a range, each followed by one \n. */
    private static byte[] terminated(List<byte[]> lines, long offset, long size) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] line : ReferenceLines.range(lines, offset, size)) {
            out.writeBytes(line);
            out.write('\n');
        }
        return out.toByteArray();
    }

    private static List<NumberedLine> numbered(List<byte[]> lines, long offset, long size) {
        List<NumberedLine> numbered = new ArrayList<>();
        List<byte[]> range = ReferenceLines.range(lines, offset, size);
        for (int i = 0; i < range.size(); i++) {
            numbered.add(new NumberedLine(offset + i, range.get(i)));
        }
        return numbered;
    }

    /**
     * A line's number and bytes, equal by content; shown as "number:hex bytes" in a failure. Compared
     * as bytes, not as text, since the suite compares hundreds of thousands of lines.
     */
    private record NumberedLine(long number, byte[] bytes) {
        @Override
        public boolean equals(Object other) {
            return other instanceof NumberedLine line && line.number == number && Arrays.equals(line.bytes, bytes);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(number) * 31 + Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return number + ":" + HEX.formatHex(bytes);
        }
    }

    static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    static byte[] repeat(char c, int count) {
        byte[] bytes = new byte[count];
        Arrays.fill(bytes, (byte) c);
        return bytes;
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }
}
