package io.linestore.impl;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.IndexKind;
import io.linestore.Layout;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.StoreOptions;
import io.linestore.impl.format.StoreFiles;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A version-2 store as main wrote it before the compact index: its manifest has no {@code "index"}
 * field, only {@code "indexStride"}, and otherwise the same files. It opens, reads, verifies and
 * takes appends as a dense, sparse or unindexed store, exactly as before.
 */
class Version2WithoutIndexKindTest {

    private static final List<String> LINES = IntStream.range(0, 10).mapToObj(n -> "v2 line " + n).toList();

    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"dense", "sparse:3", "none"})
    void readsVerifiesAndAppendsByTheStrideAlone(String kind) throws IOException {
        IndexKind index = IndexKind.parse(kind);
        Path store = tmp.resolve("store");
        LineStores.build(text(LINES), store, StoreOptions.builder().layout(Layout.SHARDED).linesPerShard(4)
                .index(index).build());
        Path manifest = store.resolve(StoreFiles.MANIFEST);
        String json = Files.readString(manifest);
        Files.writeString(manifest, json.replace("\"index\": \"" + kind + "\",", ""));
        assertThat(Files.readString(manifest)).doesNotContain("\"index\"").contains("\"version\": 2");

        try (LineStore reader = LineStores.open(store)) {
            assertThat(reader.info().formatVersion()).isEqualTo(2);
            assertThat(reader.info().index()).isEqualTo(index);
            assertThat(reader.read(0, 20)).isEqualTo(LINES);
            assertThat(reader.read(5, 3)).isEqualTo(LINES.subList(5, 8));
            assertThat(reader.verify().problems()).isEmpty();
        }
        LineStores.append(store, text(List.of("v2 line 10")));
        try (LineStore reader = LineStores.open(store)) {
            assertThat(reader.info().index()).isEqualTo(index);
            assertThat(reader.read(8, 5)).containsExactly("v2 line 8", "v2 line 9", "v2 line 10");
            assertThat(reader.verify().problems()).isEmpty();
        }
    }

    private static InputStream text(List<String> lines) {
        return new ByteArrayInputStream((String.join("\n", lines) + "\n").getBytes(StandardCharsets.US_ASCII));
    }
}
