package io.linestore.impl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.linestore.IndexKind;
import io.linestore.IndexOptions;
import io.linestore.IndexSummary;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import io.linestore.WriteOptions;
import io.linestore.gen.ReferenceLines;
import io.linestore.impl.blocks.CheckpointTable;
import io.linestore.impl.format.Manifest;
import io.linestore.impl.format.ManifestCodec;
import io.linestore.impl.format.ShardEntry;
import io.linestore.impl.format.StoreFiles;
import io.linestore.impl.index.IndexFormat;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Files indexed in place that grew: a gzip file that grew by whole members is indexed from where its
 * index ended, into an index equal to the one a first index of the whole file writes; a line cut
 * between the old end and the new bytes (also a CRLF cut between its {@code \r} and {@code \n}) reads
 * whole; bytes appended that are not gzip are refused and the index stays as it was; a zstd file that
 * grew is indexed anew.
 */
class GrownFileIndexTest {

    private static final int SPAN = 4_096;

    @TempDir
    Path dir;

    /**
     * Seeded random texts grown by random members (empty ones, cuts inside lines and between
     * {@code \r\n}, levels switched every few bytes): each index reads only the appended bytes, and the
     * checkpoints and line index are those of the whole file indexed at once.
     */
    @ParameterizedTest
    @ValueSource(strings = {"sparse:1024", "sparse:7", "dense", "compact:2"})
    void aGzipFileGrownByMembersIsIndexedFromItsOldEndAsAWholeIndexWouldBe(String kind) throws IOException {
        IndexOptions options = IndexOptions.builder().index(IndexKind.parse(kind)).spanBytes(SPAN).build();
        for (long seed = 1; seed <= 3; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            byte[] text = text(1_500 + random.nextInt(1_500), random);
            Path file = dir.resolve(kind.replace(':', '-') + "-" + seed + ".gz");
            int at = 1 + random.nextInt(text.length / 4);
            Files.write(file, CompressedFiles.gzip(Arrays.copyOf(text, at), seed));
            LineStores.index(file, options, WriteOptions.defaults());
            while (at < text.length) {
                int next = Math.min(text.length, at + 1 + random.nextInt(text.length / 3));
                byte[] members = CompressedFiles.gzip(Arrays.copyOfRange(text, at, next), seed + at);
                Files.write(file, members, StandardOpenOption.APPEND);
                long generation = manifest(file).generation();

                IndexSummary summary = LineStores.index(file, options, WriteOptions.defaults());

                assertThat(summary.bytesRead()).as("seed %d at %d", seed, at).isEqualTo(members.length);
                assertThat(manifest(file).generation()).isGreaterThan(generation);
                assertThat(StoreFiles.generationDir(StoreFiles.sidecarDir(file), generation)).doesNotExist();
                at = next;
                assertSameIndexAsAWholeIndex(file, options, Arrays.copyOf(text, at));
            }
        }
    }

    /**
     * A gzip file whose windows fill several frames of the checkpoint table (64 windows each), grown
     * twice: the last frame, full or not, is filled on as indexing the whole file at once fills it.
     */
    @Test
    void aGzipFileWhoseWindowsFillSeveralFramesGrowsAsAWholeIndexWould() throws IOException {
        IndexOptions options = IndexOptions.builder().index(IndexKind.parse("sparse:1024")).spanBytes(1_024).build();
        SplittableRandom random = new SplittableRandom(7);
        byte[] text = text(6_000, random);
        Path file = dir.resolve("frames.gz");
        int[] cuts = {text.length * 2 / 5, text.length * 3 / 4, text.length};
        Files.write(file, CompressedFiles.gzip(Arrays.copyOf(text, cuts[0]), 1));
        LineStores.index(file, options, WriteOptions.defaults());
        for (int i = 1; i < cuts.length; i++) {
            Files.write(file, CompressedFiles.gzip(Arrays.copyOfRange(text, cuts[i - 1], cuts[i]), i + 1),
                    StandardOpenOption.APPEND);
            LineStores.index(file, options, WriteOptions.defaults());
            assertSameIndexAsAWholeIndex(file, options, Arrays.copyOf(text, cuts[i]));
        }
        Manifest manifest = manifest(file);
        try (CheckpointTable table = StoreFiles.checkpoints(StoreFiles.sidecarDir(file), manifest)
                .open(manifest.textBytes(), manifest.dataBytes())) {
            long windows = IntStream.range(0, table.blocks()).filter(b -> table.window(b).length > 0).count();
            assertThat(windows).as("windows in the table").isGreaterThan(2L * 64);
        }
    }

    @Test
    void aCrlfCutBetweenItsTwoBytesByAMemberEndReadsAsOneLineEnd() throws IOException {
        Path file = dir.resolve("crlf.gz");
        byte[] first = "one\r\ntwo\r".getBytes(StandardCharsets.US_ASCII);
        byte[] second = "\nthree\r\n".getBytes(StandardCharsets.US_ASCII);
        IndexOptions dense = IndexOptions.builder().index(IndexKind.DENSE).spanBytes(SPAN).build();
        Files.write(file, CompressedFiles.gzip(first, 1));
        LineStores.index(file, dense, WriteOptions.defaults());
        Files.write(file, CompressedFiles.gzip(second, 2), StandardOpenOption.APPEND);
        LineStores.index(file, dense, WriteOptions.defaults());

        assertReadsAs(file, concat(first, second));
    }

    /** The same cut in a text file, whose index goes on in place. */
    @Test
    void aCrlfCutBetweenItsTwoBytesByAnAppendToATextFileReadsAsOneLineEnd() throws IOException {
        Path file = dir.resolve("crlf.txt");
        byte[] first = "one\ntwo\r".getBytes(StandardCharsets.US_ASCII);
        byte[] second = "\nthree\n".getBytes(StandardCharsets.US_ASCII);
        IndexOptions dense = IndexOptions.builder().index(IndexKind.DENSE).build();
        Files.write(file, first);
        LineStores.index(file, dense, WriteOptions.defaults());
        Files.write(file, second, StandardOpenOption.APPEND);
        LineStores.index(file, dense, WriteOptions.defaults());

        assertReadsAs(file, concat(first, second));
    }

    @Test
    void bytesAppendedThatAreNotGzipAreRefusedAndTheIndexStaysAsItWas() throws IOException {
        byte[] first = "alpha\nbeta\n".getBytes(StandardCharsets.US_ASCII);
        Path file = Files.write(dir.resolve("garbage.gz"), CompressedFiles.gzip(first, 3));
        LineStores.index(file, IndexOptions.defaults(), WriteOptions.defaults());
        long end = Files.size(file);
        Manifest before = manifest(file);
        Files.write(file, "not gzip at all".getBytes(StandardCharsets.US_ASCII), StandardOpenOption.APPEND);

        assertThatThrownBy(() -> LineStores.index(file, IndexOptions.defaults(), WriteOptions.defaults()))
                .hasMessageContaining("garbage.gz").hasMessageContaining("member that ends at byte " + end);

        assertThat(manifest(file)).isEqualTo(before);
        try (Stream<Path> entries = Files.list(StoreFiles.sidecarDir(file))) {
            assertThat(entries.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder(StoreFiles.MANIFEST, StoreFiles.WRITE_LOCK, "g" + before.generation());
        }
        try (LineStore store = LineStores.open(file)) {
            assertThat(store.read(0, 10)).containsExactly("alpha", "beta");
        }
    }

    @Test
    void aGrownZstdFileIsIndexedAnew() throws IOException {
        SplittableRandom random = new SplittableRandom(5);
        byte[] first = text(500, random);
        byte[] second = text(500, random);
        Path file = Files.write(dir.resolve("grown.zst"), CompressedFiles.zstd(first, 2_000, 5));
        LineStores.index(file, IndexOptions.defaults(), WriteOptions.defaults());
        Files.write(file, CompressedFiles.zstd(second, 2_000, 6), StandardOpenOption.APPEND);

        IndexSummary summary = LineStores.index(file, IndexOptions.defaults(), WriteOptions.defaults());

        assertThat(summary.bytesRead()).isEqualTo(Files.size(file));
        assertReadsAs(file, concat(first, second));
    }

    /**
     * The grown file's checkpoints and line index are byte for byte those of a copy indexed at once
     * (but for the store id and generation they carry), and every read way gives its lines.
     */
    private void assertSameIndexAsAWholeIndex(Path file, IndexOptions options, byte[] text) throws IOException {
        Path whole = Files.copy(file, dir.resolve(Files.size(file) + "-" + file.getFileName()));
        LineStores.index(whole, options, WriteOptions.defaults());
        Manifest grown = manifest(file);
        Manifest once = manifest(whole);
        assertThat(grown.source().checkpointsBytes()).isEqualTo(once.source().checkpointsBytes());
        assertThat(withoutStoreId(StoreFiles.checkpoints(StoreFiles.sidecarDir(file), grown).path()))
                .isEqualTo(withoutStoreId(StoreFiles.checkpoints(StoreFiles.sidecarDir(whole), once).path()));
        if (options.index().isCompact()) {
            // A continued compact index lays its blocks out as appends do: the same lines, not the same bytes.
            assertThat(withoutIndexBytes(grown.shards().getFirst())).isEqualTo(withoutIndexBytes(once.shards().getFirst()));
        } else {
            assertThat(grown.shards()).isEqualTo(once.shards());
            assertThat(entries(StoreFiles.indexPath(StoreFiles.sidecarDir(file), grown, 0), grown))
                    .isEqualTo(entries(StoreFiles.indexPath(StoreFiles.sidecarDir(whole), once, 0), once));
        }
        assertReadsAs(file, text);
    }

    private static void assertReadsAs(Path file, byte[] text) throws IOException {
        List<String> expected = ReferenceLines.strings(text);
        for (ReadMethod method : ReadMethod.values()) {
            try (LineStore store = LineStores.open(file, ReadOptions.builder().method(method).build())) {
                assertThat(store.lineCount()).as("%s", method).isEqualTo(expected.size());
                for (int offset = 0; offset < expected.size(); offset += 1 + expected.size() / 40) {
                    assertThat(store.read(offset, 25)).as("%s at %d", method, offset)
                            .isEqualTo(ReferenceLines.range(expected, offset, 25));
                }
                ByteArrayOutputStream sent = new ByteArrayOutputStream();
                store.transferTo(0, expected.size(), Channels.newChannel(sent));
                assertThat(sent.toString(StandardCharsets.UTF_8)).as("%s", method)
                        .isEqualTo(expected.stream().map(line -> line + "\n").reduce("", String::concat));
                assertThat(store.verify().ok()).as("%s", method).isTrue();
            }
        }
    }

    private static Manifest manifest(Path file) {
        return ManifestCodec.read(StoreFiles.sidecarDir(file));
    }

    private static ShardEntry withoutIndexBytes(ShardEntry e) {
        return new ShardEntry(e.lines(), e.dataBytes(), e.dataCrc32c(), 0, e.indexCrc32c(), e.dataHeadCrc32c(),
                e.textBytes(), e.loneNewlines());
    }

    /** A checkpoint table's bytes with its store id (bytes 8 to 15) zeroed. */
    private static byte[] withoutStoreId(Path table) throws IOException {
        byte[] bytes = Files.readAllBytes(table);
        Arrays.fill(bytes, 8, 16, (byte) 0);
        return bytes;
    }

    /** An index file's bytes after its header, which names the generation. */
    private static byte[] entries(Path index, Manifest manifest) throws IOException {
        byte[] bytes = Files.readAllBytes(index);
        int header = IndexFormat.Identity.of(manifest, 0).headerBytes();
        return Arrays.copyOfRange(bytes, header, bytes.length);
    }

    /** Lines of words, a tenth of them ending in CRLF, the last one without its end half the time. */
    private static byte[] text(int lines, SplittableRandom random) {
        StringBuilder text = new StringBuilder();
        String[] words = {"alpha", "beta", "gamma", "GET", "/index.html", "200", "404", "\u00e9t\u00e9"};
        for (int i = 0; i < lines; i++) {
            text.append(i);
            for (int w = random.nextInt(8); w > 0; w--) {
                text.append(' ').append(words[random.nextInt(words.length)]);
            }
            text.append(random.nextInt(10) == 0 ? "\r\n" : "\n");
        }
        if (random.nextBoolean()) {
            text.setLength(text.length() - 1);
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }
}
