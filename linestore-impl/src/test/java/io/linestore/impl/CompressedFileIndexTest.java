package io.linestore.impl;

import static io.linestore.impl.CompressedFiles.member;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDictTrainer;
import io.linestore.Compression;
import io.linestore.CorruptStoreException;
import io.linestore.IndexOptions;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import io.linestore.StaleIndexException;
import io.linestore.UnsupportedFormatException;
import io.linestore.WriteOptions;
import io.linestore.gen.ReferenceLines;
import io.linestore.impl.blocks.CheckpointTable;
import io.linestore.impl.format.Manifest;
import io.linestore.impl.format.ManifestCodec;
import io.linestore.impl.format.StoreFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * gzip and zstd files indexed in place, where the contract suite does not reach: files that are cut,
 * damaged, followed by other bytes, or one zstd frame are refused with a message naming the file and
 * where it went wrong, and leave no sidecar; a file changed after indexing is refused until indexed
 * again; a gzip file that grew by a member reads as before until indexed again, then whole; checkpoints
 * a megabyte apart in a file of many megabytes give every line (the 32 KiB windows and the bit
 * positions of real deflate streams); a text's unterminated last line is read whatever byte ends the
 * compressed file.
 */
class CompressedFileIndexTest {

    @TempDir
    Path dir;

    @Test
    void aCutGzipFileIsRefusedNamingItAndLeavesNoSidecar() throws IOException {
        byte[] gz = member(text(2_000, 1));
        Path file = Files.write(dir.resolve("cut.gz"), Arrays.copyOf(gz, gz.length - 20));

        assertThatThrownBy(() -> index(file)).hasMessageContaining("cut.gz").hasMessageContaining("truncated");
        assertThat(StoreFiles.sidecarDir(file)).doesNotExist();
    }

    @Test
    void aFlippedByteIsRefusedNamingWhereItWasFound() throws IOException {
        byte[] gz = member(text(2_000, 2));
        gz[gz.length / 2] ^= 0x20;
        Path file = Files.write(dir.resolve("flipped.gz"), gz);

        assertThatThrownBy(() -> index(file)).hasMessageContaining("flipped.gz").hasMessageMatching(
                "(?s).*(damaged near byte \\d+|ends inside a gzip member).*");
        assertThat(StoreFiles.sidecarDir(file)).doesNotExist();
    }

    @Test
    void aWrongCrcInTheTrailerIsRefused() throws IOException {
        byte[] gz = member(text(2_000, 3));
        gz[gz.length - 6] ^= 0x01;
        Path file = Files.write(dir.resolve("crc.gz"), gz);

        assertThatThrownBy(() -> index(file)).hasMessageContaining("crc.gz").hasMessageContaining("incorrect data check");
    }

    @ParameterizedTest(name = "{0} trailing bytes")
    @ValueSource(ints = {1, 2, 9, 100})
    void bytesAfterTheLastMemberThatAreNotGzipAreRefusedNamingTheMembersEnd(int trailing) throws IOException {
        byte[] gz = member(text(500, 4));
        byte[] withGarbage = Arrays.copyOf(gz, gz.length + trailing);
        Arrays.fill(withGarbage, gz.length, withGarbage.length, (byte) 'x');
        Path file = Files.write(dir.resolve("trailing.gz"), withGarbage);

        assertThatThrownBy(() -> index(file)).hasMessageContaining("trailing.gz")
                .hasMessageContaining("after the gzip member that ends at byte " + gz.length);
        assertThat(StoreFiles.sidecarDir(file)).doesNotExist();
    }

    @Test
    void garbageBetweenMembersIsRefused() throws IOException {
        byte[] first = member(text(300, 5));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(first);
        out.writeBytes("not gzip at all".getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(member(text(300, 6)));
        Path file = Files.write(dir.resolve("between.gz"), out.toByteArray());

        assertThatThrownBy(() -> index(file)).hasMessageContaining("ends at byte " + first.length);
    }

    @Test
    void aZstdFileOfOneLargeFrameIsRefusedNamingTheWaysOut() throws IOException {
        byte[] text = text(5_000, 7);
        Path file = Files.write(dir.resolve("one.zst"), Zstd.compress(text, 3));

        assertThatThrownBy(() -> LineStores.index(file, IndexOptions.builder().spanBytes(1024).build(),
                WriteOptions.defaults()))
                .isInstanceOf(UnsupportedFormatException.class).hasMessageContaining("one.zst")
                .hasMessageContaining("one zstd frame").hasMessageContaining("--compress zstd")
                .hasMessageContaining("pzstd");
        assertThat(StoreFiles.sidecarDir(file)).doesNotExist();
    }

    /** Valid zstd that needs a dictionary: unsupported, saying so, not damaged. */
    @Test
    void aZstdFrameThatNeedsADictionaryIsUnsupportedNotDamaged() throws IOException {
        byte[][] samples = new byte[2_000][];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = ("{\"id\": " + i + ", \"name\": \"user" + i % 97 + "\", \"tags\": [\"a\", \"b\"]}\n")
                    .getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        }
        byte[] dictionary = trainedDictionary(samples);
        byte[] frame = Zstd.compressUsingDict(text(3_000, 8), dictionary, 3);
        Path file = Files.write(dir.resolve("dict.zst"), frame);

        assertThatThrownBy(() -> index(file)).isInstanceOf(UnsupportedFormatException.class)
                .hasMessageContaining("dict.zst").hasMessageContaining("needs a dictionary");
        assertThat(StoreFiles.sidecarDir(file)).doesNotExist();
    }

    /** Valid zstd whose window is 2 GiB (zstd --long=31 on a stream): unsupported, naming the window. */
    @Test
    void aZstdFrameWithAWindowOverZstdsLimitIsUnsupportedNamingTheWindow() throws IOException {
        byte[] frame;
        try (ZstdCompressCtx compressor = new ZstdCompressCtx()) {
            frame = compressor.setLevel(3).setContentSize(false).compress(text(3_000, 9));
        }
        // The window descriptor after the frame header descriptor (a frame of no single segment), as
        // zstd --long=31 writes it on a stream: exponent 21, 2^(10 + 21) bytes.
        assertThat(frame[4] & 0x20).as("single segment").isZero();
        frame[5] = (byte) (21 << 3);
        Path file = Files.write(dir.resolve("long.zst"), frame);

        assertThatThrownBy(() -> index(file)).isInstanceOf(UnsupportedFormatException.class)
                .hasMessageContaining("long.zst").hasMessageContaining("needs a window of " + (1L << 31) + " bytes")
                .hasMessageContaining("zstd -d --long=31");
        assertThat(StoreFiles.sidecarDir(file)).doesNotExist();
    }

    private static byte[] trainedDictionary(byte[][] samples) {
        ZstdDictTrainer trainer = new ZstdDictTrainer(1 << 20, 2 << 10);
        for (byte[] sample : samples) {
            trainer.addSample(sample);
        }
        return trainer.trainSamples();
    }

    /**
     * A reader interrupted while it reads a window (a read cancelled with others) fails alone: the
     * windows read after it, by any thread, are whole, although the interrupt closed the table's file.
     */
    @Test
    void anInterruptedWindowReadFailsAloneAndTheWindowsAfterItRead() throws IOException {
        Path file = indexedGzip("interrupted.gz", text(2_000, 23), 4_096);
        Manifest manifest = ManifestCodec.read(StoreFiles.sidecarDir(file));
        CheckpointTable.Location location = StoreFiles.checkpoints(StoreFiles.sidecarDir(file), manifest);
        int block;
        byte[] window;
        try (CheckpointTable other = location.open(manifest.textBytes(), manifest.dataBytes())) {
            block = other.blocks() - 1;
            while (other.window(block).length == 0) {
                block--;
            }
            window = other.window(block);
        }
        // A table that has read no window yet: a window's frame, once read, is served from memory.
        try (CheckpointTable table = location.open(manifest.textBytes(), manifest.dataBytes())) {
            Thread.currentThread().interrupt();
            int interrupted = block;
            assertThatThrownBy(() -> table.window(interrupted)).isInstanceOf(UncheckedIOException.class);
            assertThat(Thread.interrupted()).isTrue();
            assertThat(table.window(block)).isEqualTo(window);
        }
    }

    /**
     * Checkpoints at every bit offset (so that every preface a read enters a block through is used), at
     * member starts and after stored blocks, and reads from each of them give the lines.
     */
    @Test
    void checkpointsAtEveryBitOffsetReadBackTheLines() throws IOException {
        byte[] text = text(400, 17);
        Path file = Files.write(dir.resolve("bits.gz"), CompressedFiles.gzip(text, 17));
        LineStores.index(file, IndexOptions.builder().spanBytes(Compression.MIN_BLOCK_BYTES).build(),
                WriteOptions.defaults());

        Manifest manifest = ManifestCodec.read(StoreFiles.sidecarDir(file));
        java.util.Set<Integer> bits = new java.util.TreeSet<>();
        try (CheckpointTable table = StoreFiles.checkpoints(StoreFiles.sidecarDir(file), manifest)
                .open(manifest.textBytes(), manifest.dataBytes())) {
            for (int b = 0; b < table.blocks(); b++) {
                bits.add(table.bits(b));
            }
        }
        assertThat(bits).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
        List<String> expected = lines(text);
        try (LineStore store = LineStores.open(file, ReadOptions.builder().blockCacheBytes(0).build())) {
            for (int offset = 0; offset < expected.size(); offset += 7) {
                assertThat(store.read(offset, 3)).as("offset %d", offset)
                        .isEqualTo(expected.subList(offset, Math.min(expected.size(), offset + 3)));
            }
        }
    }

    /** pzstd writes a skippable frame before every frame: such a file is zstd, not text. */
    @Test
    void aZstdFileThatStartsWithASkippableFrameIsIndexedAsZstd() throws IOException {
        byte[] text = text(3_000, 16);
        ByteArrayOutputStream zst = new ByteArrayOutputStream();
        zst.writeBytes(new byte[] {0x5E, 0x2A, 0x4D, 0x18, 4, 0, 0, 0, 9, 9, 9, 9});
        zst.writeBytes(CompressedFiles.zstd(text, 2_000, 16));
        Path file = Files.write(dir.resolve("pzstd.zst"), zst.toByteArray());
        LineStores.index(file, IndexOptions.builder().spanBytes(4_096).build(), WriteOptions.defaults());

        try (LineStore store = LineStores.open(file)) {
            assertThat(store.info().compression().codec()).isEqualTo("zstd");
            assertThat(store.read(0, 3_000)).isEqualTo(lines(text));
        }
    }

    /**
     * A compressed file's last byte is not its text's: a zstd file that happens to end in the byte
     * {@code \n} while its text's last line has none reads that line and verifies.
     */
    @Test
    void aTextWithoutAFinalNewlineReadsWholeWhenItsCompressedFileEndsInTheByteNewline() throws IOException {
        byte[] zst;
        byte[] text;
        int variant = 0;
        try (ZstdCompressCtx zstd = new ZstdCompressCtx().setChecksum(true)) {
            do {
                // The frame ends in 4 bytes of checksum: one text in 256 ends the file in '\n'.
                assertThat(variant).isLessThan(100_000);
                text = ("alpha\nbeta " + variant++ + "\ngamma").getBytes(StandardCharsets.US_ASCII);
                zst = zstd.compress(text);
            } while (zst[zst.length - 1] != '\n');
        }
        Path file = Files.write(dir.resolve("newline-at-end.zst"), zst);
        index(file);

        try (LineStore store = LineStores.open(file)) {
            assertThat(store.read(0, 5)).isEqualTo(lines(text));
            assertThat(store.verify().ok()).isTrue();
        }
    }

    @Test
    void aCutZstdFileIsRefused() throws IOException {
        byte[] zst = CompressedFiles.zstd(text(2_000, 8), 1_000, 8);
        Path file = Files.write(dir.resolve("cut.zst"), Arrays.copyOf(zst, zst.length - 3));

        assertThatThrownBy(() -> index(file)).hasMessageContaining("cut.zst").hasMessageContaining("truncated");
        assertThat(StoreFiles.sidecarDir(file)).doesNotExist();
    }

    @Test
    void aGzipFileChangedAfterIndexingIsRefusedUntilIndexedAgain() throws IOException {
        Path file = Files.write(dir.resolve("changed.gz"), member(text(1_000, 9)));
        index(file);
        byte[] other = member(text(1_000, 10));
        Files.write(file, other);

        assertThatThrownBy(() -> LineStores.open(file)).isInstanceOf(StaleIndexException.class);
        index(file);
        try (LineStore store = LineStores.open(file)) {
            assertThat(store.read(0, 1_000)).isEqualTo(lines(text(1_000, 10)));
        }
    }

    @Test
    void aGzipFileGrownByAMemberReadsAsBeforeUntilIndexedAgain() throws IOException {
        byte[] first = text(700, 11);
        byte[] more = text(300, 12);
        Path file = Files.write(dir.resolve("grown.gz"), member(first));
        index(file);
        Files.write(file, member(more), StandardOpenOption.APPEND);

        try (LineStore store = LineStores.open(file)) {
            assertThat(store.lineCount()).isEqualTo(700);
            assertThat(store.read(690, 100)).isEqualTo(lines(first).subList(690, 700));
        }
        index(file);
        try (LineStore store = LineStores.open(file)) {
            assertThat(store.lineCount()).isEqualTo(1_000);
            assertThat(store.read(695, 10)).isEqualTo(
                    java.util.stream.Stream.concat(lines(first).stream(), lines(more).stream()).toList().subList(695, 705));
        }
    }

    /**
     * A byte flipped in the middle, size and modification time kept: the change time shows it, so the
     * file is refused when opened, and indexing it again finds the damage and names the file.
     */
    @Test
    void aGzipFileDamagedAfterIndexingWithItsSizeAndTimeKeptIsRefused() throws IOException {
        Path file = Files.write(dir.resolve("damaged.gz"), member(text(20_000, 13)));
        index(file);
        FileTime time = Files.getLastModifiedTime(file);
        byte[] gz = Files.readAllBytes(file);
        gz[gz.length / 2] ^= 0x04;
        Files.write(file, gz);
        Files.setLastModifiedTime(file, time);

        assertThatThrownBy(() -> LineStores.open(file)).isInstanceOf(StaleIndexException.class)
                .hasMessageContaining(file.toString());
        assertThatThrownBy(() -> index(file)).hasMessageContaining(file.toString());
    }

    /**
     * Real deflate streams (level 6, as {@code gzip} writes) with checkpoints a megabyte of text apart:
     * every read way returns the lines at random places, across checkpoints and a member boundary.
     */
    @Test
    void readsAcrossCheckpointsOfRealDeflateStreamsGiveTheLines() throws IOException {
        byte[] text = text(120_000, 14);
        byte[] half = Arrays.copyOf(text, text.length / 2);
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        gz.writeBytes(member(half));
        gz.writeBytes(member(Arrays.copyOfRange(text, half.length, text.length)));
        Path file = Files.write(dir.resolve("big.gz"), gz.toByteArray());
        LineStores.index(file, IndexOptions.builder().spanBytes(256 << 10).build(), WriteOptions.defaults());
        List<String> expected = lines(text);
        SplittableRandom random = new SplittableRandom(15);
        for (ReadMethod method : ReadMethod.values()) {
            try (LineStore store = LineStores.open(file, ReadOptions.builder().method(method).build())) {
                assertThat(store.info().indexBytes()).isGreaterThan(4 * 1024);
                for (int k = 0; k < 50; k++) {
                    int offset = random.nextInt(expected.size());
                    int size = 1 + random.nextInt(3_000);
                    assertThat(store.read(offset, size)).as("%s %d %d", method, offset, size)
                            .isEqualTo(expected.subList(offset, Math.min(expected.size(), offset + size)));
                }
                assertThat(store.verify().ok()).isTrue();
            }
        }
    }

    /**
     * A byte flipped anywhere in the checkpoint table's frames of windows makes reads of the text
     * after those checkpoints fail naming the table, or read the lines unchanged: never other lines.
     */
    @Test
    void aFlippedByteInAFrameOfWindowsIsAnErrorNamingTheTableNotOtherLines() throws IOException {
        byte[] text = text(3_000, 31);
        Path file = indexedGzip("frames.gz", text, 2_048);
        Manifest manifest = ManifestCodec.read(StoreFiles.sidecarDir(file));
        Path table = StoreFiles.checkpoints(StoreFiles.sidecarDir(file), manifest).path();
        byte[] good = Files.readAllBytes(table);
        long framesEnd = java.nio.ByteBuffer.wrap(good).order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong(24);
        List<String> expected = lines(text);
        SplittableRandom random = new SplittableRandom(32);
        int refused = 0;
        for (int k = 0; k < 40; k++) {
            byte[] damaged = good.clone();
            int at = 32 + random.nextInt((int) framesEnd - 32);
            damaged[at] ^= (byte) (1 << random.nextInt(8));
            Files.write(table, damaged);
            try (LineStore store = LineStores.open(file)) {
                assertThat(store.read(0, expected.size())).as("byte %d flipped", at).isEqualTo(expected);
            } catch (CorruptStoreException e) {
                assertThat(e.getMessage()).as("byte %d flipped", at).contains(table.toString());
                refused++;
            }
        }
        Files.write(table, good);
        assertThat(refused).isGreaterThan(30);
    }

    /**
     * A table in the earlier layout, each window a raw deflate stream of its own ("LSCHKPT1"), opens
     * and gives the same windows as the table it was made from.
     */
    @Test
    void aTableWhoseWindowsAreEachADeflateStreamGivesTheSameWindows() throws IOException {
        Path file = indexedGzip("deflated-windows.gz", text(2_000, 33), 2_048);
        Manifest manifest = ManifestCodec.read(StoreFiles.sidecarDir(file));
        CheckpointTable.Location location = StoreFiles.checkpoints(StoreFiles.sidecarDir(file), manifest);
        try (CheckpointTable table = location.open(manifest.textBytes(), manifest.dataBytes())) {
            int n = table.blocks();
            ByteArrayOutputStream windows = new ByteArrayOutputStream();
            java.nio.ByteBuffer entries = java.nio.ByteBuffer.allocate(40 * n + 16)
                    .order(java.nio.ByteOrder.LITTLE_ENDIAN);
            for (int b = 0; b < n; b++) {
                byte[] window = table.window(b);
                byte[] deflated = new byte[0];
                if (window.length > 0) {
                    java.util.zip.Deflater deflater = new java.util.zip.Deflater(1, true);
                    deflater.setInput(window);
                    deflater.finish();
                    byte[] out = new byte[window.length + 1024];
                    deflated = Arrays.copyOf(out, deflater.deflate(out));
                    deflater.end();
                }
                entries.putLong(table.textStart(b)).putLong(table.fileFrom(b) + (table.bits(b) > 0 ? 1 : 0))
                        .putLong(deflated.length > 0 ? 32 + windows.size() : 0).putInt(deflated.length)
                        .putInt(window.length).put((byte) table.bits(b)).put(new byte[7]);
                windows.writeBytes(deflated);
            }
            assertThat(windows.size()).as("deflated windows").isPositive();
            entries.putLong(table.textStart(n)).putLong(table.fileTo(n - 1));
            java.nio.ByteBuffer header = java.nio.ByteBuffer.allocate(32).order(java.nio.ByteOrder.LITTLE_ENDIAN)
                    .put("LSCHKPT1".getBytes(StandardCharsets.US_ASCII)).putLong(location.storeId())
                    .putInt(CheckpointTable.GZIP).putInt(n).putLong(32 + windows.size());
            ByteArrayOutputStream old = new ByteArrayOutputStream();
            old.writeBytes(header.array());
            old.writeBytes(windows.toByteArray());
            old.writeBytes(entries.array());
            Path oldTable = Files.write(dir.resolve("old-checkpoints"), old.toByteArray());
            try (CheckpointTable deflatedWindows = CheckpointTable.open(oldTable, location.storeId(), old.size(),
                    manifest.textBytes(), manifest.dataBytes())) {
                assertThat(deflatedWindows.blocks()).isEqualTo(n);
                for (int b = 0; b < n; b++) {
                    assertThat(deflatedWindows.window(b)).as("window %d", b).isEqualTo(table.window(b));
                }
            }
        }
    }

    /**
     * Preparing to index never fails, whatever the path names (a gzip file, text, a directory,
     * nothing), and a gzip file indexed while its zlib link runs in the background reads its lines.
     */
    @Test
    void preparingAnIndexNeverFailsAndTheIndexAfterItReadsTheLines() throws IOException {
        byte[] text = text(5_000, 41);
        Path gz = Files.write(dir.resolve("prepared.gz"), member(text));
        Path plain = Files.write(dir.resolve("prepared.txt"), text);
        for (Path path : List.of(plain, dir, dir.resolve("missing.gz"), gz)) {
            LineStores.prepareIndex(path);
        }
        index(gz);
        try (LineStore store = LineStores.open(gz)) {
            assertThat(store.read(0, 5_000)).isEqualTo(lines(text));
        }
    }

    /** A gzip file of members whose deflate blocks are a few bytes each, indexed with the span given. */
    private Path indexedGzip(String name, byte[] text, int span) throws IOException {
        Path file = Files.write(dir.resolve(name), CompressedFiles.gzip(text, text.length));
        LineStores.index(file, IndexOptions.builder().spanBytes(span).build(), WriteOptions.defaults());
        return file;
    }

    private static void index(Path file) {
        LineStores.index(file, IndexOptions.defaults(), WriteOptions.defaults());
    }

    /** Lines of varied words, the same for the same seed. */
    private static byte[] text(int lines, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        StringBuilder text = new StringBuilder();
        String[] words = {"alpha", "beta", "gamma", "delta", "log", "GET", "/index.html", "200", "404", "user"};
        for (int i = 0; i < lines; i++) {
            text.append(i);
            for (int w = random.nextInt(12); w > 0; w--) {
                text.append(' ').append(words[random.nextInt(words.length)]).append(random.nextInt(1000));
            }
            text.append('\n');
        }
        return text.toString().getBytes(StandardCharsets.US_ASCII);
    }

    private static List<String> lines(byte[] text) {
        return ReferenceLines.strings(text);
    }

}
