package io.linestore.impl;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.IndexKind;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.StoreInfo;
import io.linestore.WriteOptions;
import io.linestore.gen.ReferenceLines;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Stores of format version 1, written by the code before the manifest named its index kind (kept as
 * fixtures in {@code src/test/resources/format-v1}, built from {@code lines.txt} with
 * {@code build}, {@code --layout sharded --shard-lines 3 --index-stride 2} and
 * {@code --index-stride 0}), open, read, verify and take appends unchanged, and stay version 1.
 */
class FormatVersion1Test {

    private static final Map<String, IndexKind> STORES = Map.of(
            "single", IndexKind.DENSE, "sharded", IndexKind.sparse(2), "none", IndexKind.NONE);

    @TempDir
    Path tmp;

    @ParameterizedTest
    @EnumSource(ReadMethod.class)
    void version1StoresReadAndVerifyAsBefore(ReadMethod method) throws IOException {
        Path fixtures = copyFixtures();
        List<String> expected = ReferenceLines.strings(Files.readAllBytes(fixtures.resolve("lines.txt")));
        for (Map.Entry<String, IndexKind> store : STORES.entrySet()) {
            try (LineStore opened = LineStores.open(fixtures.resolve(store.getKey()), method)) {
                StoreInfo info = opened.info();
                assertThat(info.formatVersion()).as(store.getKey()).isEqualTo(1);
                assertThat(info.index()).as(store.getKey()).isEqualTo(store.getValue());
                assertThat(opened.read(0, 100)).as(store.getKey()).isEqualTo(expected);
                assertThat(opened.read(3, 2)).as(store.getKey()).isEqualTo(expected.subList(3, 5));
                assertThat(opened.verify().problems()).as(store.getKey()).isEmpty();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = ReadMethod.class, names = {"MMAP", "FILE_CHANNEL"})
    void anAppendKeepsAVersion1StoreVersion1(ReadMethod method) throws IOException {
        Path fixtures = copyFixtures();
        List<String> expected = new ArrayList<>(
                ReferenceLines.strings(Files.readAllBytes(fixtures.resolve("lines.txt"))));
        expected.addAll(List.of("more", "x", "y"));
        for (String name : STORES.keySet()) {
            Path store = fixtures.resolve(name);
            LineStores.append(store, new ByteArrayInputStream("more\nx\ny\n".getBytes(StandardCharsets.UTF_8)),
                    WriteOptions.defaults());
            try (LineStore opened = LineStores.open(store, method)) {
                assertThat(opened.info().formatVersion()).as(name).isEqualTo(1);
                assertThat(opened.info().index()).as(name).isEqualTo(STORES.get(name));
                assertThat(opened.read(0, 100)).as(name).isEqualTo(expected);
                assertThat(opened.verify().problems()).as(name).isEmpty();
            }
            assertThat(Files.readString(store.resolve("manifest.json"))).contains("\"version\" : 1", "\"indexStride\"");
        }
    }

    private Path copyFixtures() throws IOException {
        Path source;
        try {
            source = Path.of(FormatVersion1Test.class.getResource("/format-v1").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        Path target = tmp.resolve("format-v1");
        try (Stream<Path> files = Files.walk(source)) {
            files.forEach(file -> {
                try {
                    Files.copy(file, target.resolve(source.relativize(file).toString()));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
        return target;
    }
}
