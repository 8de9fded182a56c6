package io.linestore.impl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.common.io.MoreFiles;
import com.google.common.io.RecursiveDeleteOption;
import io.linestore.AppendSummary;
import io.linestore.CorruptStoreException;
import io.linestore.ExistingStore;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import io.linestore.StoreExistsException;
import io.linestore.StoreLockedException;
import io.linestore.StoreOptions;
import io.linestore.StoreReplacedException;
import io.linestore.VerifyReport;
import io.linestore.WriteOptions;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Replacing a store (a build over an existing one), the write lock every writer shares, and what a
 * reader of a replaced store sees: the old store's lines or a clear error, never lines of both.
 */
class ReplaceTest {

    private static final StoreOptions TEN_SHARDS = StoreOptions.builder().sharded(100).build();

    @TempDir
    Path tmp;

    @Test
    void replacingCommitsTheNewStoreAndRemovesTheOldFiles() throws IOException {
        Path store = tmp.resolve("s");
        build(store, "old", 3, StoreOptions.defaults(), false);
        build(store, "new", 5, TEN_SHARDS, true);
        assertLines(store, "new", 5);
        try (Stream<Path> entries = Files.list(store)) {
            assertThat(entries.map(entry -> entry.getFileName().toString()))
                    .containsExactlyInAnyOrder("manifest.json", "write.lock", "g2");
        }
    }

    @Test
    void buildingOverAStoreWithoutReplaceIsRefusedAndChangesNothing() {
        Path store = tmp.resolve("s");
        build(store, "old", 3, StoreOptions.defaults(), false);
        assertThatThrownBy(() -> build(store, "new", 5, StoreOptions.defaults(), false))
                .isInstanceOf(StoreExistsException.class).hasMessageContaining(store.toString());
        assertLines(store, "old", 3);
    }

    /** A shard opened after the store was replaced is never taken from the new store without an error. */
    @ParameterizedTest
    @EnumSource(ReadMethod.class)
    void aReaderOfAReplacedStoreGetsItsOldLinesOrAClearErrorNeverTheNewOnes(ReadMethod method) {
        Path store = tmp.resolve("s");
        build(store, "old", 1000, TEN_SHARDS, false);
        try (LineStore reader = LineStores.open(store, ReadOptions.builder().method(method).handleCacheSize(2)
                .build())) {
            assertThat(reader.read(5, 1)).containsExactly("old 5");
            build(store, "new", 1000, TEN_SHARDS, true);
            // Shard 0 was open before: it still reads the old store's lines.
            assertThat(reader.read(6, 2)).containsExactly("old 6", "old 7");
            assertThatThrownBy(() -> reader.read(998, 4)).isInstanceOf(StoreReplacedException.class)
                    .hasMessageContaining(store.toString()).hasMessageContaining("generation 1, now 2");
        }
        assertLines(store, "new", 1000);
    }

    @Test
    void aFailedReplacementLeavesTheOldStoreAndNothingElse() throws IOException {
        Path store = tmp.resolve("s");
        build(store, "old", 300, TEN_SHARDS, false);
        WriteOptions failing = WriteOptions.builder().writeBufferSize(64).progress((lineCount, bytes) -> {
            if (bytes > 1000) {
                throw new UncheckedIOException(new IOException("disk on fire"));
            }
        }).build();
        assertThatThrownBy(() -> LineStores.build(lines("new", 300), store, TEN_SHARDS, failing,
                ExistingStore.REPLACE))
                .hasMessageContaining("disk on fire");
        assertLines(store, "old", 300);
        try (Stream<Path> entries = Files.list(store)) {
            assertThat(entries.map(entry -> entry.getFileName().toString()))
                    .containsExactlyInAnyOrder("manifest.json", "write.lock", "g1");
        }
    }

    /** The next writer removes the hidden folders that killed builds left behind. */
    @Test
    void theNextWriterRemovesWhatKilledWritersLeft() throws IOException {
        Path store = tmp.resolve("s");
        build(store, "old", 3, TEN_SHARDS, false);
        Path killedBuild = Files.createDirectories(store.resolve("g7/shards"));
        Files.writeString(killedBuild.resolve("00000000.lines"), "half a line");
        Files.writeString(store.resolve("manifest.json.tmp"), "{ half a manifest");
        Path killedAppend = StorePaths.data(store, 0).resolveSibling("00000001.lines");
        Files.writeString(killedAppend, "never committed\n");
        try (InputStream none = lines("x", 0)) {
            LineStores.append(store, none);
        }
        assertThat(store.resolve("g7")).doesNotExist();
        assertThat(store.resolve("manifest.json.tmp")).doesNotExist();
        assertThat(killedAppend).doesNotExist();
        assertLines(store, "old", 3);
    }

    @Test
    void aBuildIntoWhatAKilledFirstBuildLeftSucceeds() throws IOException {
        Path store = Files.createDirectories(tmp.resolve("s"));
        Files.createFile(store.resolve("write.lock"));
        Path killed = Files.createDirectories(store.resolve("g1/shards")).resolve("00000005.lines");
        Files.writeString(killed, "left by a build that was killed\n");
        build(store, "new", 150, TEN_SHARDS, false);
        assertLines(store, "new", 150);
        assertThat(killed).doesNotExist();
    }

    /**
     * A build over a store takes the write lock, as append does: otherwise an append running meanwhile
     * would write into the old files and publish its manifest over the new store.
     */
    @Test
    void aReplacementWhileAnAppendRunsIsRefusedAndTheAppendCommits() throws Exception {
        Path store = tmp.resolve("s");
        build(store, "line", 3, StoreOptions.defaults(), false);
        CountDownLatch appending = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        InputStream slow = new InputStream() {
            private final InputStream text = lines("line", 6);
            private boolean started;

            @Override
            public int read() throws IOException {
                if (!started) {
                    started = true;
                    appending.countDown();
                    try {
                        finish.await();
                    } catch (InterruptedException e) {
                        throw new IOException(e);
                    }
                }
                return text.read();
            }
        };
        try (ExecutorService pool = Executors.newSingleThreadExecutor()) {
            Future<AppendSummary> append = pool.submit(() -> LineStores.append(store, slow));
            try {
                assertThat(appending.await(10, TimeUnit.SECONDS)).isTrue();
                assertThatThrownBy(() -> build(store, "new", 2, StoreOptions.defaults(), true))
                        .isInstanceOf(StoreLockedException.class).hasMessageContaining("write.lock");
            } finally {
                // Also when the replacement was not refused: the append must end for the pool to close,
                // or the test would hang instead of failing.
                finish.countDown();
            }
            assertThat(append.get().appendedLines()).isEqualTo(6);
        }
        try (LineStore reader = LineStores.open(store)) {
            assertThat(reader.read(0, 100)).containsExactly("line 0", "line 1", "line 2", "line 0", "line 1",
                    "line 2", "line 3", "line 4", "line 5");
            assertThat(reader.verify().problems()).isEmpty();
        }
    }

    /** An index swapped with another shard's is a damaged store on first use, never the other shard's lines. */
    @Test
    void anIndexSwappedWithAnotherShardsIsCorruptOnFirstUse() throws IOException {
        Path store = tmp.resolve("s");
        build(store, "line", 1000, TEN_SHARDS, false);
        Path four = StorePaths.index(store, 4);
        Path five = StorePaths.index(store, 5);
        Path aside = tmp.resolve("aside");
        Files.move(four, aside);
        Files.move(five, four);
        Files.move(aside, five, StandardCopyOption.ATOMIC_MOVE);
        try (LineStore reader = LineStores.open(store)) {
            assertThat(reader.read(399, 1)).containsExactly("line 399");
            assertThatThrownBy(() -> reader.read(400, 1)).isInstanceOf(CorruptStoreException.class)
                    .hasMessageContaining("00000004.idx").hasMessageContaining("belongs to shard 5");
        }
    }

    /**
     * Data files swapped alone: "line 400".."line 499" and "line 500".."line 599" have the same
     * lengths, so each index fits the other shard's data and every per-read check would pass, returning
     * shard 5's lines for shard 4's. The data file's head identifies it.
     */
    @ParameterizedTest
    @EnumSource(ReadMethod.class)
    void aDataFileSwappedWithAnotherShardsIsCorruptOnFirstUse(ReadMethod method) throws IOException {
        Path store = tmp.resolve("s");
        build(store, "line", 1000, TEN_SHARDS, false);
        Path four = StorePaths.data(store, 4);
        Path five = StorePaths.data(store, 5);
        assertThat(Files.size(four)).isEqualTo(Files.size(five));
        Path aside = tmp.resolve("aside");
        Files.move(four, aside);
        Files.move(five, four);
        Files.move(aside, five);
        try (LineStore reader = LineStores.open(store, ReadOptions.builder().method(method).build())) {
            assertThat(reader.read(399, 1)).containsExactly("line 399");
            assertThatThrownBy(() -> reader.read(400, 1)).isInstanceOf(CorruptStoreException.class)
                    .hasMessageContaining("00000004.lines").hasMessageContaining("not those shard 4 was written with")
                    .hasMessageContaining("belongs to another shard or store");
            assertThatThrownBy(() -> reader.read(599, 1)).isInstanceOf(CorruptStoreException.class)
                    .hasMessageContaining("00000005.lines");
            assertThat(reader.verify().problems()).anySatisfy(problem -> {
                assertThat(problem.file()).endsWith("00000004.lines");
                assertThat(problem.message()).contains("not those shard 4 was written with");
            });
        }
    }

    @Test
    void concurrentOpensDuringReplacementsAlwaysSeeOneWholeStore() throws Exception {
        Path store = tmp.resolve("s");
        build(store, "gen0", 500, TEN_SHARDS, false);
        try (ExecutorService pool = Executors.newSingleThreadExecutor()) {
            Future<Integer> readers = pool.submit(() -> {
                int reads = 0;
                for (int i = 0; i < 200; i++) {
                    try (LineStore reader = LineStores.open(store)) {
                        List<String> all = reader.read(0, 1000);
                        String prefix = all.getFirst().substring(0, all.getFirst().indexOf(' '));
                        assertThat(all).isEqualTo(IntStream.range(0, all.size()).mapToObj(n -> prefix + " " + n)
                                .toList());
                        reads++;
                    } catch (StoreReplacedException e) {
                        // A reader opened just before a replacement whose shard was then removed: clear, allowed.
                    }
                }
                return reads;
            });
            for (int generation = 1; generation <= 20; generation++) {
                build(store, "gen" + generation, 500, TEN_SHARDS, true);
            }
            assertThat(readers.get()).isPositive();
        }
    }

    /**
     * Verify of a store replaced since it was opened reads files of a store that is no longer there:
     * it says the store was replaced, never that the files are missing or corrupt.
     */
    @Test
    void verifyOfAStoreReplacedSinceItWasOpenedSaysSoInsteadOfReportingProblems() {
        Path store = tmp.resolve("s");
        build(store, "old", 1000, TEN_SHARDS, false);
        try (LineStore reader = LineStores.open(store)) {
            build(store, "new", 1000, TEN_SHARDS, true);
            assertThatThrownBy(reader::verify).isInstanceOf(StoreReplacedException.class)
                    .hasMessageContaining(store.toString()).hasMessageContaining("generation 1, now 2");
        }
        assertLines(store, "new", 1000);
    }

    /**
     * Verify racing replacements of a healthy store: each verify finds no problem, or says the store
     * was replaced (since it was opened, or while it was verified, then to verify it again); it never
     * reports the files of the generation it was verifying, removed under it, as missing or damaged.
     */
    @Test
    void verifyDuringReplacementsNeverReportsAHealthyStoreCorrupt() throws Exception {
        Path store = tmp.resolve("s");
        StoreOptions manyShards = StoreOptions.builder().sharded(20).build();
        build(store, "gen0", 1000, manyShards, false);
        AtomicBoolean replacing = new AtomicBoolean(true);
        List<String> outcomes = new ArrayList<>();
        try (ExecutorService pool = Executors.newSingleThreadExecutor()) {
            Future<?> verifier = pool.submit(() -> {
                while (replacing.get()) {
                    try (LineStore reader = LineStores.open(store)) {
                        VerifyReport report = reader.verify();
                        assertThat(report.problems()).as("verify of a healthy store while it is replaced").isEmpty();
                        outcomes.add("ok");
                    } catch (StoreReplacedException e) {
                        assertThat(e.getMessage()).contains(store.toString())
                                .containsAnyOf("while it was being verified", "since it was opened");
                        outcomes.add(e.getMessage().contains("verify it again") ? "replaced while verified"
                                : "replaced before");
                    }
                }
                return null;
            });
            try {
                for (int generation = 1; generation <= 15 && !verifier.isDone(); generation++) {
                    build(store, "gen" + generation, 1000, manyShards, true);
                }
            } finally {
                replacing.set(false);
            }
            verifier.get();
        }
        assertThat(outcomes).isNotEmpty();
    }

    /**
     * A store removed and built again starts again at generation 1: a reader of the old one is told
     * that the store was built again, not that generation 1 became generation 1.
     */
    @Test
    void aReaderOfAStoreRemovedAndBuiltAgainIsToldItWasBuiltAgain() throws IOException {
        Path store = tmp.resolve("s");
        build(store, "old", 1000, TEN_SHARDS, false);
        try (LineStore reader = LineStores.open(store)) {
            assertThat(reader.read(5, 1)).containsExactly("old 5");
            MoreFiles.deleteRecursively(store, RecursiveDeleteOption.ALLOW_INSECURE);
            build(store, "new", 1000, TEN_SHARDS, false);
            assertThatThrownBy(() -> reader.read(998, 1)).isInstanceOf(StoreReplacedException.class)
                    .hasMessageContaining(store.toString()).hasMessageContaining("removed and built again")
                    .hasMessageNotContaining("generation 1, now 1");
        }
    }

    private static void build(Path store, String prefix, int count, StoreOptions options, boolean replace) {
        LineStores.build(lines(prefix, count), store, options, WriteOptions.defaults(),
                replace ? ExistingStore.REPLACE : ExistingStore.REFUSE);
    }

    private static void assertLines(Path store, String prefix, int count) {
        try (LineStore reader = LineStores.open(store)) {
            assertThat(reader.read(0, count + 1)).isEqualTo(IntStream.range(0, count)
                    .mapToObj(n -> prefix + " " + n).toList());
            assertThat(reader.verify().problems()).isEmpty();
        }
    }

    private static InputStream lines(String prefix, int count) {
        StringBuilder text = new StringBuilder();
        for (int n = 0; n < count; n++) {
            text.append(prefix).append(' ').append(n).append('\n');
        }
        return new ByteArrayInputStream(text.toString().getBytes(StandardCharsets.US_ASCII));
    }
}
