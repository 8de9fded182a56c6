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
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code append S S/data.lines} would read back its own output and never stop: an input inside the
 * store is refused, and any input file is read only up to the size it had when the
 * write started, however it grows meanwhile.
 */
class InputFileTest {

    private static final List<String> LINES = IntStream.range(0, 2_000).mapToObj(n -> "line " + n).toList();
    /** Times the input grows while it is read: a few, so that a reader that follows it still ends. */
    private static final int GROWTHS = 20;

    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void anInputThatGrowsWhileItIsReadEndsWhereItEndedWhenTheWriteStarted(boolean append) throws IOException {
        Path input = Files.write(tmp.resolve("growing.log"), LINES);
        Path store = tmp.resolve("s");
        if (append) {
            LineStores.build(new ByteArrayInputStream(new byte[0]), store, StoreOptions.defaults());
        }
        AtomicInteger grown = new AtomicInteger();
        // Each chunk written makes the input longer, as a log being written would be.
        WriteOptions growing = WriteOptions.builder().writeBufferSize(256).progress((lines, bytes) -> {
            if (grown.getAndIncrement() < GROWTHS) {
                try {
                    Files.writeString(input, "written meanwhile\n", StandardOpenOption.APPEND);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }).build();

        if (append) {
            LineStores.append(store, input, growing);
        } else {
            LineStores.build(input, store, StoreOptions.defaults(), growing, ExistingStore.REFUSE);
        }

        assertThat(grown.get()).as("progress calls").isGreaterThan(GROWTHS);
        try (LineStore reader = LineStores.open(store)) {
            assertThat(reader.read(0, LINES.size() + GROWTHS + 1)).isEqualTo(LINES);
        }
    }

    @Test
    void aFileOfTheStoreIsRefusedAsInputAndTheStoreIsUnchanged() throws IOException {
        Path store = tmp.resolve("s");
        LineStores.build(Files.write(tmp.resolve("in.txt"), LINES), store, StoreOptions.defaults());
        Path data = StorePaths.data(store, 0);
        long before = Files.size(data);

        assertThatThrownBy(() -> LineStores.append(store, data, WriteOptions.defaults()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(data.toString())
                .hasMessageContaining("is a file of the store");

        assertThat(Files.size(data)).isEqualTo(before);
        try (LineStore reader = LineStores.open(store)) {
            assertThat(reader.read(0, LINES.size() + 1)).isEqualTo(LINES);
        }
    }
}
