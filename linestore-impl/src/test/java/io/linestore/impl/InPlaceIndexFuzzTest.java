package io.linestore.impl;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.github.luben.zstd.ZstdInputStream;
import io.linestore.Compression;
import io.linestore.IndexOptions;
import io.linestore.LineStore;
import io.linestore.LineStoreException;
import io.linestore.LineStores;
import io.linestore.WriteOptions;
import io.linestore.gen.ReferenceLines;
import io.linestore.impl.build.CompressedInput;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file indexed in place, whatever its bytes, reads as its text or is refused naming it. Indexed with
 * a checkpoint every {@link Compression#MIN_BLOCK_BYTES} bytes of text (so that reads start at many
 * of them, and cross members and frames), it counts the lines of the text a reference decoder gives
 * ({@link GZIPInputStream} for gzip, zstd-jni's {@link ZstdInputStream} for zstd, the bytes
 * themselves for a file that starts with neither magic number), split as {@link ReferenceLines}
 * splits, and short reads from lines spread over the text give those lines; or indexing fails with a
 * {@link LineStoreException} or an {@link UncheckedIOException} whose message names the file. The
 * references are laxer than the index: GZIPInputStream ignores bytes after a member that are not
 * another member, and reserved header flags, where indexing refuses them; so a refused file may be one
 * they read, but a file they refuse is never read. Inputs whose text passes {@link #MOST_TEXT} bytes
 * are left out.
 */
class InPlaceIndexFuzzTest {

    private static final IndexOptions EVERY_FEW_LINES =
            IndexOptions.builder().spanBytes(Compression.MIN_BLOCK_BYTES).build();

    /**
     * The most text an input may decode to: a few bytes of zstd say megabytes of zeros, which would
     * take the time of many small inputs.
     */
    private static final int MOST_TEXT = 1 << 17;

    @TempDir(factory = MemoryTempDirs.class)
    Path dir;

    @FuzzTest
    void aGzipFileReadsAsGzipInputStreamDecodesIt(byte[] file) throws IOException {
        readsAsItsTextOrIsRefused(file, "input.gz");
    }

    @FuzzTest
    void aZstdFileReadsAsZstdDecodesIt(byte[] file) throws IOException {
        readsAsItsTextOrIsRefused(file, "input.zst");
    }

    private void readsAsItsTextOrIsRefused(byte[] bytes, String name) throws IOException {
        byte[] text = text(bytes);
        if (text != null && text.length > MOST_TEXT) {
            return;
        }
        // While fuzzing, one folder serves every input: each gets its own, removed after it.
        Path folder = Files.createTempDirectory(dir, "input");
        try {
            Path file = Files.write(folder.resolve(name), bytes);
            try {
                LineStores.index(file, EVERY_FEW_LINES, WriteOptions.defaults());
            } catch (LineStoreException | UncheckedIOException e) {
                assertThat(e.getMessage()).as("refusal").contains(file.toString());
                return;
            }
            assertThat(text).as("text of a file indexed that the reference refuses").isNotNull();
            List<byte[]> expected = ReferenceLines.split(text);
            try (LineStore store = LineStores.open(file)) {
                assertThat(store.lineCount()).isEqualTo(expected.size());
                // Short reads from lines spread over the text: each starts decoding at the checkpoint before it.
                int step = Math.max(3, expected.size() / 100);
                for (int from = 0; from < expected.size(); from += step) {
                    assertThat(lines(store, from, 5)).as("lines from %d", from)
                            .containsExactlyElementsOf(ReferenceLines.range(expected, from, 5));
                }
            }
        } finally {
            try (Stream<Path> paths = Files.walk(folder)) {
                for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
    }

    private static List<byte[]> lines(LineStore store, long from, long size) {
        List<byte[]> lines = new ArrayList<>();
        store.readBytes(from, size, (number, line) -> {
            byte[] copy = new byte[line.remaining()];
            line.get(copy);
            lines.add(copy);
        });
        return lines;
    }

    /**
     * The file's text as the reference decoder of its format gives it, up to one byte more than
     * {@link #MOST_TEXT}; {@code null} if the reference refuses the file.
     */
    private static byte[] text(byte[] file) {
        String codec = CompressedInput.codecOf(file, Math.min(file.length, CompressedInput.MAGIC_BYTES));
        if (codec == null) {
            return file;
        }
        try (InputStream in = codec.equals("gzip") ? new GZIPInputStream(new ByteArrayInputStream(file))
                : new ZstdInputStream(new ByteArrayInputStream(file))) {
            return in.readNBytes(MOST_TEXT + 1);
        } catch (IOException e) {
            return null;
        }
    }
}
