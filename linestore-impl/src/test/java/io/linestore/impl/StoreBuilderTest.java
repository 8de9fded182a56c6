package io.linestore.impl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.linestore.BuildSummary;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.StoreOptions;
import io.linestore.WriteOptions;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoreBuilderTest {

    @TempDir
    Path tmp;

    @Test
    void fileAndStreamBuildTheSameStore() throws IOException {
        byte[] text = "one\ntwo\r\nthree".getBytes(StandardCharsets.UTF_8);
        Path input = Files.write(tmp.resolve("input.txt"), text);
        StoreOptions options = StoreOptions.builder().sharded(2).build();
        LineStores.build(input, tmp.resolve("from-file"), options);
        LineStores.build(new ByteArrayInputStream(text), tmp.resolve("from-stream"), options);
        for (String file : List.of("manifest.json", "shards/00000000.lines", "shards/00000000.idx",
                "shards/00000001.lines", "shards/00000001.idx")) {
            assertThat(tmp.resolve("from-file").resolve(file)).hasSameBinaryContentAs(
                    tmp.resolve("from-stream").resolve(file));
        }
    }

    @Test
    void summaryCountsLinesBytesAndShards() {
        BuildSummary summary = LineStores.build(stream("a\nbb\nccc\nd"), tmp.resolve("s"),
                StoreOptions.builder().sharded(3).build());
        assertThat(summary.lineCount()).isEqualTo(4);
        assertThat(summary.inputBytes()).isEqualTo(10);
        assertThat(summary.dataBytes()).isEqualTo(11);
        assertThat(summary.shardCount()).isEqualTo(2);
    }

    @Test
    void sparseIndexHoldsOneEntryPerStride() throws IOException {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            text.append(i).append('\n');
        }
        LineStores.build(stream(text.toString()), tmp.resolve("s"), StoreOptions.builder().indexStride(64).build());
        assertThat(Files.size(tmp.resolve("s/data.idx"))).isEqualTo(32 + 8 * (2 + 1));
        LineStores.build(stream(text.toString()), tmp.resolve("none"), StoreOptions.builder().indexStride(0).build());
        assertThat(tmp.resolve("none/data.idx")).doesNotExist();
    }

    @Test
    void refusesAFileOrANonEmptyDirectory() throws IOException {
        Path file = Files.writeString(tmp.resolve("file"), "x");
        assertThatThrownBy(() -> LineStores.build(stream("a\n"), file, StoreOptions.defaults()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(file.toString());
        Path full = Files.createDirectories(tmp.resolve("full"));
        Files.writeString(full.resolve("keep.txt"), "precious");
        assertThatThrownBy(() -> LineStores.build(stream("a\n"), full, StoreOptions.defaults()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not empty");
        assertThat(full.resolve("keep.txt")).hasContent("precious");
    }

    @Test
    void failedInputLeavesNoStoreBehind() throws IOException {
        Path created = tmp.resolve("created");
        assertThatThrownBy(() -> LineStores.build(failingAfter(5_000), created, StoreOptions.builder().sharded(10).build(),
                WriteOptions.builder().writeBufferSize(64).build())).isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("disk on fire");
        assertThat(created).doesNotExist();

        Path existing = Files.createDirectories(tmp.resolve("existing"));
        assertThatThrownBy(() -> LineStores.build(failingAfter(5_000), existing, StoreOptions.defaults()))
                .isInstanceOf(UncheckedIOException.class);
        try (Stream<Path> left = Files.list(existing)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void progressIsReportedUpToTheTotals() {
        List<long[]> updates = new ArrayList<>();
        LineStores.build(stream("a\nb\nc\nd\ne\n"), tmp.resolve("s"), StoreOptions.defaults(),
                WriteOptions.builder().writeBufferSize(4)
                        .progress((lines, bytes) -> updates.add(new long[] {lines, bytes})).build());
        assertThat(updates).hasSizeGreaterThan(1);
        assertThat(updates.getLast()).containsExactly(5, 10);
        for (int i = 1; i < updates.size(); i++) {
            assertThat(updates.get(i)[1]).isGreaterThan(updates.get(i - 1)[1]);
        }
    }

    @Test
    void fsyncBuildIsAWholeStore() {
        LineStores.build(stream("x\ny\n"), tmp.resolve("s"), StoreOptions.builder().sharded(1).build(),
                WriteOptions.builder().fsync(true).build());
        try (LineStore store = LineStores.open(tmp.resolve("s"))) {
            assertThat(store.verify().ok()).isTrue();
            assertThat(store.read(0, 5)).containsExactly("x", "y");
        }
        assertThat(tmp.resolve("s/manifest.json.tmp")).doesNotExist();
    }

    private static InputStream stream(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }

    /** Lines of text, then an I/O error, as a failing disk or a broken pipe would give. */
    private static InputStream failingAfter(int bytes) {
        return new InputStream() {
            private int read;

            @Override
            public int read() throws IOException {
                if (read++ >= bytes) {
                    throw new IOException("disk on fire");
                }
                return read % 10 == 0 ? '\n' : 'x';
            }
        };
    }
}
