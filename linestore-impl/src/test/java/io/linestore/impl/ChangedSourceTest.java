package io.linestore.impl;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.linestore.IndexOptions;
import io.linestore.IndexSummary;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import io.linestore.StaleIndexException;
import io.linestore.WriteOptions;
import io.linestore.impl.format.FileStamp;
import io.linestore.impl.format.Manifest;
import io.linestore.impl.format.ManifestCodec;
import io.linestore.impl.format.StoreFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A file indexed in place whose bytes changed after it was indexed is never read as the file that was
 * indexed: a log whose unterminated last line was completed, a same-size rewrite with its modification
 * time put back, a file replaced by another; and {@code index} again repairs every such change, and a
 * damaged sidecar, in one call, while it refuses a {@code FILE.lsidx} it did not make.
 */
class ChangedSourceTest {

    /** How each kind of file is written, and how it grows. */
    enum Kind {
        TEXT(".txt"), GZIP(".gz"), ZSTD(".zst");

        final String suffix;

        Kind(String suffix) {
            this.suffix = suffix;
        }

        byte[] encode(String text, long seed) {
            byte[] bytes = text.getBytes(UTF_8);
            return switch (this) {
                case TEXT -> bytes;
                case GZIP -> CompressedFiles.gzip(bytes, seed);
                case ZSTD -> CompressedFiles.zstd(bytes, 1 << 12, seed);
            };
        }
    }

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aLastLineIndexedBeforeItsEndIsNeverReadAsWholeOnceTheFileGrew(Kind kind) throws IOException {
        Path file = Files.write(dir.resolve("p" + kind.suffix), kind.encode("a\nb\npart", 1));
        LineStores.index(file);
        Files.write(file, kind.encode("ial\nc\n", 2), StandardOpenOption.APPEND);

        for (ReadMethod method : ReadMethod.values()) {
            try (LineStore store = LineStores.open(file, ReadOptions.builder().method(method).build())) {
                assertThat(store.read(0, 2)).as("%s", method).containsExactly("a", "b");
                assertThatThrownBy(() -> store.read(2, 1)).as("%s", method).isInstanceOf(StaleIndexException.class)
                        .hasMessageContaining(file.toString()).hasMessageContaining("grew")
                        .hasMessageContaining("linestore index");
                assertThatThrownBy(() -> store.read(0, 10)).as("%s", method)
                        .isInstanceOf(StaleIndexException.class);
            }
        }

        LineStores.index(file);
        try (LineStore store = LineStores.open(file)) {
            assertThat(store.read(0, 10)).containsExactly("a", "b", "partial", "c");
            assertThat(store.verify().problems()).isEmpty();
        }
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aLastLineIndexedWithItsEndStillReadsOnceTheFileGrew(Kind kind) throws IOException {
        Path file = Files.write(dir.resolve("p" + kind.suffix), kind.encode("a\nb\nwhole\n", 3));
        LineStores.index(file);
        Files.write(file, kind.encode("c\n", 4), StandardOpenOption.APPEND);
        try (LineStore store = LineStores.open(file)) {
            assertThat(store.read(0, 10)).containsExactly("a", "b", "whole");
        }
    }

    /**
     * A {@code \n} moved in the middle of a file, its size and modification time put back: the probes
     * of its head and tail agree, the change time does not.
     */
    @ParameterizedTest
    @ValueSource(strings = {"dense", "compact", "sparse:8"})
    void aSameSizeRewriteWithItsModificationTimePutBackIsRefusedThenIndexedAnew(String index) throws IOException {
        Path file = dir.resolve("re.txt");
        List<String> lines = numbered(100_000);
        Files.write(file, lines, UTF_8);
        IndexOptions options = IndexOptions.builder().index(io.linestore.IndexKind.parse(index)).build();
        LineStores.index(file, options, WriteOptions.defaults());
        FileTime modified = Files.getLastModifiedTime(file);

        // "line 50503\nline 50504" becomes "line 505\n03line 50504": the same bytes, one line end moved.
        String text = Files.readString(file);
        int at = text.indexOf("line 50503\n");
        String moved = text.substring(0, at) + "line 505\n03" + text.substring(at + "line 50503\n".length());
        assertThat(moved).hasSameSizeAs(text);
        rewriteInPlace(file, moved.getBytes(UTF_8));
        Files.setLastModifiedTime(file, modified);
        assumeChangeTimeRecorded(file);

        assertThatThrownBy(() -> LineStores.open(file)).isInstanceOf(StaleIndexException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining("change time")
                .hasMessageContaining("linestore index");

        IndexSummary summary = LineStores.index(file, options, WriteOptions.defaults());
        assertThat(summary.rebuiltBecause()).contains("CRC32C");
        List<String> now = Files.readAllLines(file, UTF_8);
        try (LineStore store = LineStores.open(file)) {
            assertThat(store.read(50_500, 6)).isEqualTo(now.subList(50_500, 50_506));
            assertThat(store.lineCount()).isEqualTo(now.size());
            assertThat(store.verify().problems()).isEmpty();
        }
    }

    /** Only the stamp changed: {@code index} reads the file once, finds its bytes as indexed, keeps the index. */
    @ParameterizedTest
    @EnumSource(Kind.class)
    void aFileTouchedOrReplacedByAnIdenticalCopyIsCheckedInFullAndKept(Kind kind) throws IOException {
        Path file = Files.write(dir.resolve("same" + kind.suffix), kind.encode(String.join("\n", numbered(5_000)), 7));
        LineStores.index(file);
        Manifest before = manifest(file);
        Path copy = Files.copy(file, dir.resolve("copy"));
        Files.move(copy, file, StandardCopyOption.REPLACE_EXISTING);
        Files.setLastModifiedTime(file, FileTime.fromMillis(before.source().modifiedMillis()));
        assumeChangeTimeRecorded(file);

        assertThatThrownBy(() -> LineStores.open(file)).isInstanceOf(StaleIndexException.class)
                .hasMessageContaining("another file");

        IndexSummary summary = LineStores.index(file);
        assertThat(summary.rebuiltBecause()).isEmpty();
        assertThat(summary.bytesRead()).isEqualTo(Files.size(file));
        assertThat(manifest(file).generation()).isEqualTo(before.generation());
        assertThat(LineStores.index(file).bytesRead()).as("trusted again").isZero();
        try (LineStore store = LineStores.open(file)) {
            assertThat(store.read(4_998, 5)).containsExactly("line 4998", "line 4999");
        }
    }

    /** Bytes flipped in the line index or in the checkpoint table: {@code index} finds them and indexes anew. */
    @ParameterizedTest
    @EnumSource(Kind.class)
    void aDamagedSidecarIsIndexedAnewByIndex(Kind kind) throws IOException {
        List<String> lines = numbered(20_000);
        Path file = Files.write(dir.resolve("d" + kind.suffix), kind.encode(String.join("\n", lines) + "\n", 9));
        IndexOptions options = IndexOptions.builder().spanBytes(io.linestore.Compression.MIN_BLOCK_BYTES).build();
        SplittableRandom random = new SplittableRandom(kind.ordinal());
        for (int round = 0; round < 4; round++) {
            LineStores.index(file, options, WriteOptions.defaults());
            Manifest manifest = manifest(file);
            Path sidecar = StoreFiles.sidecarDir(file);
            Path damaged = kind != Kind.TEXT && round % 2 == 1
                    ? StoreFiles.checkpoints(sidecar, manifest).path() : StoreFiles.indexPath(sidecar, manifest, 0);
            flipByte(damaged, random.nextLong(Files.size(damaged)), random);

            IndexSummary summary = LineStores.index(file, options, WriteOptions.defaults());

            assertThat(summary.rebuiltBecause()).as("round %d, %s", round, damaged).contains("damaged");
            try (LineStore store = LineStores.open(file)) {
                for (int offset = 0; offset < lines.size(); offset += 997) {
                    assertThat(store.read(offset, 3)).isEqualTo(lines.subList(offset, Math.min(offset + 3, lines.size())));
                }
                assertThat(store.verify().problems()).isEmpty();
            }
        }
    }

    @Test
    void anUnreadableManifestIsIndexedAnewByIndex() throws IOException {
        Path file = Files.writeString(dir.resolve("m.txt"), "one\ntwo\n");
        LineStores.index(file);
        Files.writeString(StoreFiles.sidecarDir(file).resolve(StoreFiles.MANIFEST), "{\"format\": ");

        IndexSummary summary = LineStores.index(file);

        assertThat(summary.rebuiltBecause()).contains("could not be read");
        try (LineStore store = LineStores.open(file)) {
            assertThat(store.read(0, 5)).containsExactly("one", "two");
        }
    }

    @Test
    void indexRefusesASidecarFolderHoldingWhatItDidNotWriteAndDeletesNothing() throws IOException {
        Path file = Files.writeString(dir.resolve("u.txt"), "one\ntwo\n");
        Path precious = Files.createDirectories(StoreFiles.sidecarDir(file).resolve("g3")).resolve("precious.txt");
        Files.writeString(precious, "keep me");

        assertThatThrownBy(() -> LineStores.index(file)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("g3/precious.txt").hasMessageContaining("move it away");

        assertThat(precious).hasContent("keep me");
        try (var entries = Files.list(StoreFiles.sidecarDir(file))) {
            assertThat(entries.map(entry -> entry.getFileName().toString())).containsExactly("g3");
        }
    }

    @Test
    void indexRefusesASymbolicLinkInPlaceOfItsSidecar() throws IOException {
        Path file = Files.writeString(dir.resolve("s.txt"), "one\n");
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        Files.writeString(elsewhere.resolve("notes"), "mine");
        Files.createSymbolicLink(StoreFiles.sidecarDir(file), elsewhere);

        assertThatThrownBy(() -> LineStores.index(file)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("symbolic link");

        try (var entries = Files.list(elsewhere)) {
            assertThat(entries.map(entry -> entry.getFileName().toString())).containsExactly("notes");
        }
    }

    /** What a killed first index leaves (a lock and a generation folder) is still cleaned up, not refused. */
    @Test
    void whatAKilledIndexLeftIsNoForeignEntry() throws IOException {
        Path file = Files.writeString(dir.resolve("k.txt"), "one\ntwo\n");
        Path sidecar = StoreFiles.sidecarDir(file);
        Files.createDirectories(sidecar.resolve("g1"));
        Files.writeString(sidecar.resolve("g1").resolve("data.idx"), "half");
        Files.writeString(sidecar.resolve(StoreFiles.WRITE_LOCK), "");

        assertThat(LineStores.index(file).lineCount()).isEqualTo(2);
        try (LineStore store = LineStores.open(file)) {
            assertThat(store.read(0, 5)).containsExactly("one", "two");
        }
    }

    private static List<String> numbered(int count) {
        List<String> lines = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            lines.add("line " + i);
        }
        return lines;
    }

    /** Writes over the file's bytes, keeping its inode, as an editor that saves in place does. */
    private static void rewriteInPlace(Path file, byte[] bytes) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                channel.write(buffer, buffer.position());
            }
        }
    }

    private static void flipByte(Path file, long at, SplittableRandom random) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer one = ByteBuffer.allocate(1);
            channel.read(one, at);
            one.put(0, (byte) (one.get(0) ^ (1 + random.nextInt(255))));
            channel.write(one.rewind(), at);
        }
    }

    private static Manifest manifest(Path file) {
        return ManifestCodec.read(StoreFiles.sidecarDir(file));
    }

    /** The cases that put the modification time back rely on a file system that gives change times. */
    private static void assumeChangeTimeRecorded(Path file) throws IOException {
        assumeThat(FileStamp.of(file).changedNanos()).isNotEqualTo(FileStamp.UNKNOWN);
    }
}
