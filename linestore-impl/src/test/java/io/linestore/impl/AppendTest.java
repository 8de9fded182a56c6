package io.linestore.impl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.linestore.AppendSummary;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.StoreLockedException;
import io.linestore.StoreOptions;
import io.linestore.WriteOptions;
import io.linestore.gen.ReferenceLines;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class AppendTest {

    private static final WriteOptions SMALL_WRITES = WriteOptions.builder().writeBufferSize(3).build();

    @TempDir(factory = MemoryTempDirs.class)
    Path tmp;

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.linestore.impl.StoreConfig#stores")
    void appendedLinesReadLikeBuiltOnes(StoreConfig config) {
        Path dir = tmp.resolve("store");
        config.build(ascii("a\nbb\nccc\nd"), dir).close();
        AppendSummary first = LineStores.append(dir, stream("e\r\nff\n\ng"), SMALL_WRITES);
        assertThat(first.appendedLines()).isEqualTo(4);
        assertThat(first.inputBytes()).isEqualTo(8);
        assertThat(first.appendedDataBytes()).isEqualTo(9);
        assertThat(first.lineCount()).isEqualTo(8);
        LineStores.append(dir, stream(""), SMALL_WRITES);
        LineStores.append(dir, stream("hh\n"), SMALL_WRITES);
        byte[] whole = ascii("a\nbb\nccc\nd\ne\r\nff\n\ng\nhh\n");
        try (LineStore store = LineStores.open(dir, config.readOptions())) {
            List<String> expected = ReferenceLines.strings(whole);
            for (int offset = 0; offset <= expected.size(); offset++) {
                for (int size = 0; size <= expected.size() - offset + 1; size++) {
                    assertThat(store.read(offset, size)).as(config + " offset=" + offset + " size=" + size)
                            .isEqualTo(ReferenceLines.range(expected, offset, size));
                }
            }
            assertThat(store.verify().problems()).isEmpty();
            assertThat(store.info().shardCount()).isEqualTo(config.layout() == io.linestore.Layout.SINGLE ? 1
                    : (int) Math.ceilDiv(expected.size(), config.linesPerShard()));
        }
    }

    @Test
    void openStoreKeepsItsSnapshotWhileAppendsCommit() {
        Path dir = build("a\nb\n", StoreOptions.builder().sharded(2).build());
        try (LineStore before = LineStores.open(dir)) {
            LineStores.append(dir, stream("c\nd\ne\n"));
            assertThat(before.lineCount()).isEqualTo(2);
            assertThat(before.read(0, 10)).containsExactly("a", "b");
            try (LineStore after = LineStores.open(dir)) {
                assertThat(after.read(0, 10)).containsExactly("a", "b", "c", "d", "e");
            }
        }
    }

    @Test
    void failedAppendLeavesTheCommittedStoreAndTheNextAppendSucceeds() {
        Path dir = build("a\nb\nc\n", StoreOptions.builder().sharded(2).build());
        assertThatThrownBy(() -> LineStores.append(dir, failingAfter("x\ny\nz\nw\n"), SMALL_WRITES))
                .isInstanceOf(UncheckedIOException.class);
        assertStore(dir, "a", "b", "c");
        LineStores.append(dir, stream("d\ne\n"), SMALL_WRITES);
        assertStore(dir, "a", "b", "c", "d", "e");
    }

    @Test
    void interruptedAppendLeavesAStoreThatVerifiesWhole() {
        // Over 1 MiB of data and a sparse index: verify must stop at the committed bytes, and must not
        // hold the end entry, which the interrupted append overwrote, to the manifest.
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 40_000; i++) {
            text.append("a line of some forty bytes, number ").append(i).append('\n');
        }
        Path dir = build(text.toString(), StoreOptions.builder().indexStride(2).build());
        assertThatThrownBy(() -> LineStores.append(dir, failingAfter("x\ny\nz\nw\nv\nu\n"), SMALL_WRITES))
                .isInstanceOf(UncheckedIOException.class);
        try (LineStore store = LineStores.open(dir)) {
            assertThat(store.lineCount()).isEqualTo(40_000);
            assertThat(store.read(39_999, 5)).containsExactly("a line of some forty bytes, number 39999");
            assertThat(store.verify().problems()).isEmpty();
        }
        LineStores.append(dir, stream("last\n"), SMALL_WRITES);
        try (LineStore store = LineStores.open(dir)) {
            assertThat(store.read(40_000, 5)).containsExactly("last");
            assertThat(store.verify().problems()).isEmpty();
        }
    }

    @Test
    void failureBeforeTheManifestLeavesTheOldStoreGivesTheSpaceBackAndTheNextAppendSucceeds() throws IOException {
        Path dir = build("a\nb\nc\n", StoreOptions.builder().sharded(2).indexStride(1).build());
        Path lastShard = StorePaths.data(dir, 1);
        Path nextShard = lastShard.resolveSibling("00000002.lines");
        // The input fails after three lines: written into shard 1 and a new shard 2, never committed.
        InputStream failing = new java.io.SequenceInputStream(stream("lost-1\nlost-2\nlost-3\n"), new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("input on fire");
            }
        });
        assertThatThrownBy(() -> LineStores.append(dir, failing, SMALL_WRITES))
                .isInstanceOf(UncheckedIOException.class).hasMessageContaining("input on fire");
        assertThat(Files.size(lastShard)).isEqualTo(2);
        assertThat(nextShard).doesNotExist();
        assertStore(dir, "a", "b", "c");
        LineStores.append(dir, stream("d\ne\nf\n"), SMALL_WRITES);
        assertStore(dir, "a", "b", "c", "d", "e", "f");
    }

    @Test
    void secondConcurrentWriterIsRefused() throws Exception {
        Path dir = build("a\n", StoreOptions.defaults());
        CountDownLatch writing = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        InputStream slow = new InputStream() {
            private boolean sent;

            @Override
            public int read() throws IOException {
                if (!sent) {
                    sent = true;
                    writing.countDown();
                    return 'b';
                }
                try {
                    finish.await();
                } catch (InterruptedException e) {
                    throw new IOException(e);
                }
                return -1;
            }
        };
        try (ExecutorService pool = Executors.newSingleThreadExecutor()) {
            Future<AppendSummary> first = pool.submit(() -> LineStores.append(dir, slow));
            assertThat(writing.await(10, TimeUnit.SECONDS)).isTrue();
            assertThatThrownBy(() -> LineStores.append(dir, stream("c\n")))
                    .isInstanceOf(StoreLockedException.class).hasMessageContaining("write.lock");
            finish.countDown();
            assertThat(first.get().appendedLines()).isEqualTo(1);
        }
        LineStores.append(dir, stream("c\n"));
        assertStore(dir, "a", "b", "c");
    }

    @Test
    void readersDuringAppendsSeeWholeCommittedLinesOnly() throws Exception {
        Path dir = build("line 0\n", StoreOptions.builder().sharded(5).build());
        AtomicBoolean done = new AtomicBoolean();
        try (ExecutorService pool = Executors.newFixedThreadPool(3)) {
            List<Future<Long>> readers = new ArrayList<>();
            for (int r = 0; r < 2; r++) {
                readers.add(pool.submit(() -> {
                    long reads = 0;
                    while (!done.get()) {
                        try (LineStore store = LineStores.open(dir)) {
                            List<String> lines = store.read(0, Integer.MAX_VALUE);
                            assertThat(lines).hasSize((int) store.lineCount());
                            for (int i = 0; i < lines.size(); i++) {
                                assertThat(lines.get(i)).isEqualTo("line " + i);
                            }
                            reads++;
                        }
                    }
                    return reads;
                }));
            }
            for (int batch = 1; batch <= 60; batch++) {
                StringBuilder text = new StringBuilder();
                for (int i = 0; i < 3; i++) {
                    text.append("line ").append(batch * 3 - 2 + i).append('\n');
                }
                LineStores.append(dir, stream(text.toString()), SMALL_WRITES);
            }
            done.set(true);
            for (Future<Long> reader : readers) {
                assertThat(reader.get()).isPositive();
            }
        }
        try (LineStore store = LineStores.open(dir)) {
            assertThat(store.lineCount()).isEqualTo(181);
            assertThat(store.verify().problems()).isEmpty();
        }
    }

    private Path build(String text, StoreOptions options) {
        Path dir = tmp.resolve("store");
        LineStores.build(stream(text), dir, options);
        return dir;
    }

    private static void assertStore(Path dir, String... lines) {
        try (LineStore store = LineStores.open(dir)) {
            assertThat(store.read(0, 100)).containsExactly(lines);
            assertThat(store.verify().problems()).isEmpty();
        }
    }

    private static InputStream failingAfter(String text) {
        InputStream lines = stream(text);
        return new InputStream() {
            @Override
            public int read() throws IOException {
                int b = lines.read();
                if (b < 0) {
                    throw new IOException("connection reset");
                }
                return b;
            }
        };
    }

    private static InputStream stream(String text) {
        return new ByteArrayInputStream(ascii(text));
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
