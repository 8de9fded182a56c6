package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.StoreOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's Java example, line for line, so the README cannot drift from the API. */
class ReadmeExampleTest {

    @TempDir
    Path tmp;

    @Test
    void readmeExampleReadsTheLinesItPromises() throws IOException {
        Path numbers = tmp.resolve("numbers.txt");
        Files.writeString(numbers, LongStream.rangeClosed(1, 1_000_000)
                .mapToObj(Long::toString).collect(Collectors.joining("\n", "", "\n")));
        List<String> printed = new ArrayList<>();

        LineStores.build(numbers, tmp.resolve("numbers"), StoreOptions.defaults());
        try (LineStore store = LineStores.open(tmp.resolve("numbers"), ReadMethod.MMAP)) {
            for (String line : store.read(500_000, 3)) {
                printed.add(line);
            }
        }

        assertThat(printed).containsExactly("500001", "500002", "500003");
    }
}
