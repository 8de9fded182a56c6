package io.linestore.impl.zstd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdInputStream;
import io.linestore.Compression;
import io.linestore.CorruptStoreException;
import io.linestore.IndexKind;
import io.linestore.LineBatch;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import io.linestore.StoreOptions;
import io.linestore.VerifyReport;
import io.linestore.impl.format.Manifest;
import io.linestore.impl.format.ManifestCodec;
import io.linestore.impl.format.StoreFiles;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What a compressed store's files are (a multi-frame zstd stream of the stored lines, blocks that end
 * at line ends, a seek table) and what damage to them gives: an error naming the file and block, never
 * other lines. Reads of every range on every configuration are the contract suite's.
 */
class CompressedStoreTest {

    private static final Compression SMALL_BLOCKS = Compression.zstd(3, 256);

    @TempDir
    Path tmp;

    /** Lines of seeded random lengths (0 to 600 bytes, some longer than a block) of compressible words. */
    private static byte[] text(long seed, int lines) {
        Random random = new Random(seed);
        String[] words = {"alpha", "beta", "gamma", "delta", "error", "request", "user=", "42", "ok", "\t"};
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < lines; i++) {
            int length = random.nextInt(10) == 0 ? 300 + random.nextInt(300) : random.nextInt(80);
            StringBuilder line = new StringBuilder();
            while (line.length() < length) {
                line.append(words[random.nextInt(words.length)]).append(' ');
            }
            out.append(line, 0, length).append(random.nextInt(20) == 0 ? "\r\n" : "\n");
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    private Path build(byte[] input, Compression compression) {
        Path store = tmp.resolve("store");
        LineStores.build(new ByteArrayInputStream(input), store, StoreOptions.builder().compression(compression)
                .index(IndexKind.COMPACT).build());
        return store;
    }

    private static Path dataFile(Path store) {
        return StoreFiles.dataPath(store, ManifestCodec.read(store), 0);
    }

    private static byte[] zstdDecode(Path file) throws IOException {
        try (InputStream in = new ZstdInputStream(Files.newInputStream(file))) {
            return in.readAllBytes();
        }
    }

    @Test
    void theDataFileIsAZstdStreamOfTheStoredLinesAfterBuildAndAppend() throws IOException {
        byte[] input = text(1, 2_000);
        Path store = build(input, SMALL_BLOCKS);
        assertThat(zstdDecode(dataFile(store))).isEqualTo(input);
        byte[] more = text(2, 500);
        LineStores.append(store, new ByteArrayInputStream(more));
        byte[] whole = new byte[input.length + more.length];
        System.arraycopy(input, 0, whole, 0, input.length);
        System.arraycopy(more, 0, whole, input.length, more.length);
        // The first seek table is now a skippable frame between the old blocks and the new.
        assertThat(zstdDecode(dataFile(store))).isEqualTo(whole);
        try (LineStore lines = LineStores.open(store)) {
            assertThat(lines.verify().problems()).isEmpty();
            assertThat(lines.lineCount()).isEqualTo(2_500);
        }
    }

    @Test
    void blocksEndAtLineEndsButInsideLinesLongerThanABlock() throws IOException {
        byte[] input = text(3, 1_000);
        Path file = dataFile(build(input, SMALL_BLOCKS));
        Manifest manifest = ManifestCodec.read(tmp.resolve("store"));
        SeekTable table;
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
            table = SeekTable.read(file, (from, into) -> {
                raf.seek(from);
                raf.readFully(into);
            }, manifest.dataBytes(), manifest.textBytes());
        }
        assertThat(table.textStart(table.blocks())).isEqualTo(input.length);
        int insideLongLines = 0;
        for (int i = 1; i < table.blocks(); i++) {
            long start = table.textStart(i);
            assertThat(start - table.textStart(i - 1)).isBetween(1L, 256L);
            if (input[(int) start - 1] != '\n') {
                // Cut inside a line: only where the line before the cut is longer than a block.
                int lineStart = (int) start - 1;
                while (lineStart > 0 && input[lineStart - 1] != '\n') {
                    lineStart--;
                }
                int lineEnd = (int) start;
                while (input[lineEnd] != '\n') {
                    lineEnd++;
                }
                assertThat(lineEnd - lineStart).as("line cut at " + start).isGreaterThan(256);
                insideLongLines++;
            }
        }
        assertThat(insideLongLines).as("long lines cross blocks").isPositive();
    }

    @Test
    void compressedStoreIsSmallerThanItsText() {
        byte[] input = text(4, 20_000);
        Path store = build(input, Compression.zstd());
        Manifest manifest = ManifestCodec.read(store);
        assertThat(manifest.version()).isEqualTo(Manifest.VERSION_COMPRESSED);
        assertThat(manifest.textBytes()).isEqualTo(input.length);
        assertThat(manifest.dataBytes()).isLessThan(input.length / 4);
    }

    @ParameterizedTest
    @EnumSource(ReadMethod.class)
    void aFlippedByteInABlockIsAnErrorNamingFileAndBlockNeverOtherLines(ReadMethod method) throws IOException {
        byte[] input = text(5, 400);
        Path store = build(input, SMALL_BLOCKS);
        Path file = dataFile(store);
        // A byte in the middle of the file lies inside some frame: its checksum or its structure fails.
        long at = Files.size(file) / 2;
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(at);
            int b = raf.read();
            raf.seek(at);
            raf.write(b ^ 0x10);
        }
        List<String> reference = new String(input, StandardCharsets.UTF_8).lines().toList();
        try (LineStore lines = LineStores.open(store, ReadOptions.builder().method(method).blockCacheBytes(0).build())) {
            int failed = 0;
            for (int offset = 0; offset < reference.size(); offset += 7) {
                try {
                    assertThat(lines.read(offset, 7)).isEqualTo(reference.subList(offset,
                            Math.min(reference.size(), offset + 7)));
                    LineBatch batch = new LineBatch();
                    lines.read(offset, 7, batch);
                    assertThat(batch.size()).isEqualTo(Math.min(7, reference.size() - offset));
                } catch (CorruptStoreException e) {
                    assertThat(e).hasMessageContaining(file.toString()).hasMessageContaining("block ");
                    failed++;
                }
            }
            assertThat(failed).as("reads of the damaged block").isPositive();
            VerifyReport report = lines.verify();
            assertThat(report.problems()).isNotEmpty();
            assertThat(report.problems().toString()).contains("CRC32C").contains("block ");
        }
    }

    @Test
    void aDamagedSeekTableIsAnErrorNamingTheFile() throws IOException {
        Path store = build(text(6, 300), SMALL_BLOCKS);
        Path file = dataFile(store);
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            // The frame count in the footer: the table then does not fit the file.
            raf.seek(raf.length() - 9);
            raf.write(0x7F);
        }
        try (LineStore lines = LineStores.open(store)) {
            assertThatThrownBy(() -> lines.read(0, 1)).isInstanceOf(CorruptStoreException.class)
                    .hasMessageContaining(file.toString()).hasMessageContaining("seek table");
            assertThat(lines.verify().problems().toString()).contains("seek table");
        }
    }

    @Test
    void aBlockCacheServesReadsOfManyThreadsAlike() throws Exception {
        byte[] input = text(7, 3_000);
        Path store = build(input, SMALL_BLOCKS);
        List<String> reference = new String(input, StandardCharsets.UTF_8).lines().toList();
        try (LineStore lines = LineStores.open(store, ReadOptions.builder().blockCacheBytes(4_096).build())) {
            List<Thread> threads = new ArrayList<>();
            List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
            for (int t = 0; t < 4; t++) {
                long seed = t;
                threads.add(Thread.ofPlatform().start(() -> {
                    Random random = new Random(seed);
                    try {
                        for (int i = 0; i < 2_000; i++) {
                            int offset = random.nextInt(reference.size());
                            int size = 1 + random.nextInt(30);
                            assertThat(lines.read(offset, size)).isEqualTo(reference.subList(offset,
                                    Math.min(reference.size(), offset + size)));
                        }
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                }));
            }
            for (Thread thread : threads) {
                thread.join();
            }
            assertThat(failures).isEmpty();
        }
    }

    private static byte[] gzip(byte[] text, int members) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int step = Math.ceilDiv(text.length, members);
        for (int from = 0; from < text.length; from += step) {
            try (GZIPOutputStream member = new GZIPOutputStream(out) {
                @Override
                public void close() throws IOException {
                    finish();
                }
            }) {
                member.write(text, from, Math.min(step, text.length - from));
            }
        }
        return out.toByteArray();
    }

    @Test
    void gzipAndZstdInputIsToldByItsBytesAndBuiltAsItsText() throws IOException {
        byte[] text = text(8, 3_000);
        List<String> reference = new String(text, StandardCharsets.UTF_8).lines().toList();
        // Named as if it were text: the first bytes decide.
        Path gz = Files.write(tmp.resolve("members.txt"), gzip(text, 3));
        Path zst = Files.write(tmp.resolve("frames.log"), Zstd.compress(text, 3));
        for (Path input : List.of(gz, zst)) {
            Path store = tmp.resolve("from-" + input.getFileName());
            LineStores.build(input, store, StoreOptions.builder().compression(Compression.zstd()).build());
            try (LineStore lines = LineStores.open(store)) {
                assertThat(lines.read(0, Long.MAX_VALUE)).as(input.toString()).isEqualTo(reference);
            }
        }
        Path fromStream = tmp.resolve("from-stream");
        LineStores.build(new ByteArrayInputStream(gzip(text, 1)), fromStream, StoreOptions.defaults());
        LineStores.append(fromStream, new ByteArrayInputStream(Zstd.compress(text, 1)));
        try (LineStore lines = LineStores.open(fromStream)) {
            assertThat(lines.lineCount()).isEqualTo(2L * reference.size());
            assertThat(lines.read(reference.size(), Long.MAX_VALUE)).isEqualTo(reference);
        }
    }

    @Test
    void aCutGzipInputIsAnErrorNamingItAndLeavesNoStore() throws IOException {
        byte[] whole = gzip(text(9, 2_000), 1);
        Path cut = Files.write(tmp.resolve("cut.gz"), Arrays.copyOf(whole, whole.length / 2));
        Path store = tmp.resolve("never");
        assertThatThrownBy(() -> LineStores.build(cut, store, StoreOptions.builder()
                .compression(Compression.zstd()).build()))
                .hasMessageContaining(cut.toString()).hasMessageContaining("gzip");
        assertThat(store).doesNotExist();
    }
}
