package io.linestore.impl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.linestore.ExistingStore;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.StoreOptions;
import io.linestore.WriteOptions;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * For the writers that copy their input: build and append refuse a line longer
 * than a reader can hand out, after copying 2 GiB of it, and give that space back. In the
 * {@code big} profile ({@code ./mvnw -Pbig verify}); {@link LineTooLongIT} checks index in every build.
 */
class LineTooLongBigIT {

    @TempDir
    static Path tmp;

    private static Path huge;

    @BeforeAll
    static void sparseInput() throws IOException {
        huge = LineTooLongIT.oneHugeLine(tmp.resolve("one-huge-line.txt"));
    }

    @Test
    void buildRefusesItAndLeavesNoStore() throws IOException {
        Path store = tmp.resolve("built");
        assertThatThrownBy(() -> LineStores.build(huge, store, StoreOptions.defaults()))
                .hasMessageContaining(huge.toString()).hasMessageContaining("longer than");
        assertThat(store.resolve("manifest.json")).doesNotExist();
        assertThat(sizeOf(store)).as("bytes left in " + store).isLessThan(1 << 20);
    }

    @Test
    void appendRefusesItAndLeavesTheStoreAsItWas() throws IOException {
        Path store = tmp.resolve("appended");
        LineStores.build(new ByteArrayInputStream("a\nb\n".getBytes(StandardCharsets.US_ASCII)), store, StoreOptions.defaults(),
                WriteOptions.defaults(), ExistingStore.REFUSE);
        assertThatThrownBy(() -> LineStores.append(store, huge, WriteOptions.defaults()))
                .hasMessageContaining(huge.toString()).hasMessageContaining("longer than");
        try (LineStore reader = LineStores.open(store)) {
            assertThat(reader.read(0, 10)).containsExactly("a", "b");
            assertThat(reader.verify().problems()).isEmpty();
        }
        assertThat(sizeOf(store)).as("bytes left in " + store).isLessThan(1 << 20);
    }

    private static long sizeOf(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(file -> file.toFile().length()).sum();
        }
    }
}
