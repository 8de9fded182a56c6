package io.linestore.impl;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.ExistingStore;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.StoreOptions;
import io.linestore.WriteOptions;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Stores of format version 1, written by the code before generations (the fixtures in
 * {@code src/test/resources/format-v1}, ten lines "v1 line N": {@code single} with a dense index,
 * {@code sharded} with 4 lines per shard and stride 2), open, read and verify as they did, take
 * appends in their own format, and are replaced by a version-2 store without a trace.
 */
class Version1StoreTest {

    private static final List<String> LINES = IntStream.range(0, 10).mapToObj(n -> "v1 line " + n).toList();

    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"single", "sharded"})
    void readsAndVerifiesWithEveryMethod(String fixture) {
        Path store = copy(fixture);
        for (ReadMethod method : ReadMethod.values()) {
            try (LineStore reader = LineStores.open(store, method)) {
                assertThat(reader.info().formatVersion()).isEqualTo(1);
                assertThat(reader.read(0, 20)).as(method.toString()).isEqualTo(LINES);
                assertThat(reader.read(3, 4)).as(method.toString()).isEqualTo(LINES.subList(3, 7));
                assertThat(reader.verify().problems()).isEmpty();
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"single", "sharded"})
    void takesAppendsInVersion1(String fixture) throws IOException {
        Path store = copy(fixture);
        List<String> before = listFiles(store);
        LineStores.append(store, text("v1 line 10\nv1 line 11\n"));
        try (LineStore reader = LineStores.open(store)) {
            assertThat(reader.info().formatVersion()).isEqualTo(1);
            assertThat(reader.read(0, 20)).isEqualTo(IntStream.range(0, 12).mapToObj(n -> "v1 line " + n).toList());
            assertThat(reader.verify().problems()).isEmpty();
        }
        assertThat(listFiles(store)).containsAll(before);
    }

    @ParameterizedTest
    @ValueSource(strings = {"single", "sharded"})
    void isReplacedByAVersion2StoreThatKeepsNoneOfItsFiles(String fixture) throws IOException {
        Path store = copy(fixture);
        LineStores.build(text("new\n"), store, StoreOptions.defaults(), WriteOptions.defaults(), ExistingStore.REPLACE);
        try (LineStore reader = LineStores.open(store)) {
            assertThat(reader.info().formatVersion()).isEqualTo(2);
            assertThat(reader.read(0, 20)).containsExactly("new");
        }
        assertThat(listFiles(store)).containsExactlyInAnyOrder("manifest.json", "write.lock", "g1/data.lines",
                "g1/data.idx");
    }

    private Path copy(String fixture) {
        try {
            Path source = Path.of(getClass().getResource("/format-v1/" + fixture).toURI());
            Path target = tmp.resolve(fixture);
            try (Stream<Path> files = Files.walk(source)) {
                for (Path file : files.toList()) {
                    Files.copy(file, target.resolve(source.relativize(file).toString()));
                }
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> listFiles(Path store) throws IOException {
        try (Stream<Path> files = Files.walk(store)) {
            return files.filter(Files::isRegularFile).map(file -> store.relativize(file).toString()).toList();
        }
    }

    private static InputStream text(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.US_ASCII));
    }
}
