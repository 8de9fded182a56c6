package io.linestore.impl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.linestore.IndexOptions;
import io.linestore.IndexSummary;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.StaleIndexException;
import io.linestore.StoreNotFoundException;
import io.linestore.WriteOptions;
import io.linestore.impl.format.ManifestCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A file indexed in place: never modified, refused once it changed, brought up to date by indexing
 * only its new tail when it grew. (The read contract itself runs in {@link LineStoreContractTest}.)
 */
class SidecarIndexTest {

    @TempDir
    Path tmp;

    @Test
    void indexingWritesASidecarAndLeavesTheFileUntouched() throws IOException {
        Path log = write("app.log", "one\ntwo\nthree\n");
        FileTime before = Files.getLastModifiedTime(log);
        IndexSummary summary = LineStores.index(log);
        assertThat(summary.lineCount()).isEqualTo(3);
        assertThat(log).hasContent("one\ntwo\nthree\n");
        assertThat(Files.getLastModifiedTime(log)).isEqualTo(before);
        assertThat(tmp.resolve("app.log.lsidx/manifest.json")).exists();
        assertThat(tmp.resolve("app.log.lsidx/g1/data.idx")).exists();
        try (LineStore store = LineStores.open(log)) {
            assertThat(store.read(1, 5)).containsExactly("two", "three");
            assertThat(store.verify().ok()).isTrue();
        }
    }

    @Test
    void unindexedFileIsNotAStoreAndSaysHowToIndexIt() throws IOException {
        Path log = write("plain.txt", "x\n");
        assertThatThrownBy(() -> LineStores.open(log)).isInstanceOf(StoreNotFoundException.class)
                .hasMessageContaining("linestore index " + log);
    }

    /**
     * An index that fails (here its progress listener throws, as a full disk would fail a write) gives
     * back what it made, the sidecar directory and its lock file included: the file then reads exactly
     * as one never indexed, "not indexed", not as a store whose build did not finish.
     */
    @Test
    void aFailedFirstIndexLeavesNoSidecarAndTheFileReadsAsNeverIndexed() throws IOException {
        StringBuilder text = new StringBuilder();
        for (int n = 0; n < 2_000; n++) {
            text.append("line ").append(n).append('\n');
        }
        Path log = write("a.log", text.toString());
        String neverIndexed = notIndexedMessage(log);
        WriteOptions failing = WriteOptions.builder().writeBufferSize(64).progress((lines, bytes) -> {
            if (bytes > 1_000) {
                throw new UncheckedIOException(new IOException("disk on fire"));
            }
        }).build();
        assertThatThrownBy(() -> LineStores.index(log, IndexOptions.defaults(), failing))
                .hasMessageContaining("disk on fire");
        assertThat(tmp.resolve("a.log.lsidx")).doesNotExist();
        assertThat(notIndexedMessage(log)).isEqualTo(neverIndexed);
        LineStores.index(log);
        try (LineStore store = LineStores.open(log)) {
            assertThat(store.read(1_999, 1)).containsExactly("line 1999");
        }
    }

    /**
     * A sidecar directory that holds no manifest (only what an index killed before its commit left: the
     * lock file, a generation folder) indexes nothing: the file reads as one never indexed.
     */
    @Test
    void aSidecarWithoutManifestReadsAsNeverIndexed() throws IOException {
        Path log = write("a.log", "x\ny\n");
        String neverIndexed = notIndexedMessage(log);
        Files.createDirectories(tmp.resolve("a.log.lsidx/g1"));
        Files.createFile(tmp.resolve("a.log.lsidx/write.lock"));
        assertThat(notIndexedMessage(log)).isEqualTo(neverIndexed).doesNotContain("did not finish");
        LineStores.index(log);
        try (LineStore store = LineStores.open(log)) {
            assertThat(store.read(0, 5)).containsExactly("x", "y");
        }
    }

    private static String notIndexedMessage(Path file) {
        try (LineStore store = LineStores.open(file)) {
            throw new AssertionError("opened " + store);
        } catch (StoreNotFoundException e) {
            assertThat(e.getMessage()).contains("not indexed").contains("linestore index " + file);
            return e.getMessage();
        }
    }

    @Test
    void strideZeroIsRefused() throws IOException {
        Path log = write("a.log", "x\n");
        assertThatThrownBy(() -> LineStores.index(log, IndexOptions.builder().indexStride(0).build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs an index");
    }

    @Test
    void modifiedTruncatedOrReplacedFileIsStale() throws IOException {
        Path log = write("a.log", "alpha\nbeta\ngamma\n");
        LineStores.index(log);

        Files.writeString(log, "alphX\nbeta\ngamma\n");
        assertStale(log, "changed");

        LineStores.index(log);
        Files.writeString(log, "alphX\nbeta\n");
        assertStale(log, "shorter");

        LineStores.index(log);
        Files.writeString(log, "ALPHA\nBETA\nGAMMA\nDELTA\n");
        assertStale(log, "changed");
    }

    @Test
    void sameSizeWithANewModificationTimeIsStale() throws IOException {
        Path log = write("a.log", "alpha\nbeta\n");
        LineStores.index(log);
        Files.setLastModifiedTime(log, FileTime.from(Instant.now().plusSeconds(60)));
        assertStale(log, "modified");
    }

    @Test
    void staleIndexIsRebuiltByIndexingAgain() throws IOException {
        Path log = write("a.log", "alpha\nbeta\n");
        LineStores.index(log);
        Files.writeString(log, "new\ncontent\nhere\n");
        IndexSummary summary = LineStores.index(log);
        assertThat(summary.bytesRead()).isEqualTo(Files.size(log));
        try (LineStore store = LineStores.open(log)) {
            assertThat(store.read(0, 10)).containsExactly("new", "content", "here");
        }
    }

    @ParameterizedTest
    @EnumSource(ReadMethod.class)
    void grownFileKeepsItsOldLinesUntilIndexedAgainThenIndexesOnlyTheTail(ReadMethod method) throws IOException {
        Path log = write("a.log", "one\ntwo\n");
        LineStores.index(log, IndexOptions.builder().indexStride(3).build());
        append(log, "three\nfour\nfive\n");
        Path manifest = tmp.resolve("a.log.lsidx/manifest.json");
        byte[] manifestBefore = Files.readAllBytes(manifest);
        try (LineStore old = LineStores.open(log, method)) {
            assertThat(old.lineCount()).isEqualTo(2);
            assertThat(old.read(0, 10)).containsExactly("one", "two");
        }
        assertThat(Files.readAllBytes(manifest)).as("open never writes").isEqualTo(manifestBefore);
        IndexSummary tail = LineStores.index(log, IndexOptions.builder().indexStride(3).build());
        assertThat(tail.bytesRead()).isEqualTo("three\nfour\nfive\n".length());
        try (LineStore fresh = LineStores.open(log, method)) {
            assertThat(fresh.read(0, 10)).containsExactly("one", "two", "three", "four", "five");
            assertThat(fresh.verify().problems()).isEmpty();
        }
        append(log, "six\n");
        IndexSummary summary = LineStores.index(log, IndexOptions.builder().indexStride(3).build());
        assertThat(summary.bytesRead()).isEqualTo(4);
        assertThat(summary.lineCount()).isEqualTo(6);
        assertThat(summary.indexedBytes()).isEqualTo(Files.size(log));
        try (LineStore store = LineStores.open(log, method)) {
            assertThat(store.read(4, 10)).containsExactly("five", "six");
        }
    }

    @ParameterizedTest
    @EnumSource(ReadMethod.class)
    void unterminatedLastLineThatIsCompletedLater(ReadMethod method) throws IOException {
        Path log = write("a.log", "one\ntw");
        LineStores.index(log);
        try (LineStore store = LineStores.open(log, method)) {
            assertThat(store.read(0, 10)).containsExactly("one", "tw");
        }
        append(log, "o\nthree\r");
        LineStores.index(log);
        try (LineStore store = LineStores.open(log, method)) {
            assertThat(store.read(0, 10)).containsExactly("one", "two", "three\r");
            assertThat(store.verify().problems()).isEmpty();
        }
        append(log, "\nfour\n");
        LineStores.index(log);
        try (LineStore store = LineStores.open(log, method)) {
            assertThat(store.read(0, 10)).containsExactly("one", "two", "three", "four");
            assertThat(store.verify().problems()).isEmpty();
        }
    }

    @Test
    void sidecarDirectoryOpensAsItsFile() throws IOException {
        Path log = write("a.log", "one\ntwo\nthree");
        LineStores.index(log);
        try (LineStore store = LineStores.open(tmp.resolve("a.log.lsidx"))) {
            assertThat(store.read(0, 10)).containsExactly("one", "two", "three");
            assertThat(store.verify().problems()).isEmpty();
        }
        Files.writeString(log, "ONE\ntwo\nthree");
        assertThatThrownBy(() -> LineStores.open(tmp.resolve("a.log.lsidx"))).isInstanceOf(StaleIndexException.class);
    }

    @Test
    void grownFileOpenedWithoutRefreshVerifiesItsIndexedPart() throws IOException {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 40_000; i++) {
            text.append("a line of some forty bytes, number ").append(i).append('\n');
        }
        Path log = write("big.log", text.toString());
        LineStores.index(log, IndexOptions.builder().indexStride(5).build());
        append(log, "one more\n");
        try (LineStore store = LineStores.open(log)) {
            assertThat(store.lineCount()).isEqualTo(40_000);
            assertThat(store.verify().problems()).isEmpty();
        }
    }

    @Test
    void indexingAnUnchangedFileAgainReadsNothing() throws IOException {
        Path log = write("a.log", "one\ntwo\n");
        LineStores.index(log);
        assertThat(LineStores.index(log).bytesRead()).isZero();
    }

    /**
     * A failed re-index leaves neither a partial {@code data.idx} nor a {@code manifest.json.tmp}. Whether it rewrites the index (another stride) or extends it (a grown
     * file), a re-index that fails keeps the old index whole and leaves no file behind.
     */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aFailedReIndexKeepsTheOldIndexAndLeavesNothingBehind(boolean otherStride) throws IOException {
        StringBuilder text = new StringBuilder();
        for (int n = 0; n < 2_000; n++) {
            text.append("line ").append(n).append('\n');
        }
        Path log = write("a.log", text.toString());
        LineStores.index(log, IndexOptions.builder().indexStride(1).build());
        if (!otherStride) {
            append(log, "line 2000\n".repeat(2_000));
        }
        WriteOptions failing = WriteOptions.builder().writeBufferSize(64).progress((lines, bytes) -> {
            if (bytes > 1_000) {
                throw new UncheckedIOException(new IOException("disk on fire"));
            }
        }).build();
        IndexOptions again = IndexOptions.builder().indexStride(otherStride ? 4 : 1).build();
        assertThatThrownBy(() -> LineStores.index(log, again, failing)).hasMessageContaining("disk on fire");
        try (LineStore store = LineStores.open(log)) {
            assertThat(store.lineCount()).isEqualTo(2_000);
            assertThat(store.read(1_998, 5)).containsExactly("line 1998", "line 1999");
            assertThat(store.verify().problems()).isEmpty();
        }
        try (Stream<Path> entries = Files.list(tmp.resolve("a.log.lsidx"))) {
            assertThat(entries.map(entry -> entry.getFileName().toString()))
                    .containsExactlyInAnyOrder("manifest.json", "write.lock", "g1");
        }
        try (Stream<Path> entries = Files.list(tmp.resolve("a.log.lsidx/g1"))) {
            assertThat(entries.map(entry -> entry.getFileName().toString())).containsExactly("data.idx");
        }
        // An extended index gives back the entries it wrote past its committed end.
        assertThat(Files.size(tmp.resolve("a.log.lsidx/g1/data.idx")))
                .isEqualTo(ManifestCodec.read(tmp.resolve("a.log.lsidx")).indexBytes());
    }

    private void assertStale(Path log, String change) {
        assertThatThrownBy(() -> LineStores.open(log)).isInstanceOf(StaleIndexException.class)
                .hasMessageContaining(log.toString()).hasMessageContaining(change)
                .hasMessageContaining("linestore index");
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(tmp.resolve(name), text);
    }

    private static void append(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardOpenOption.APPEND);
    }
}
