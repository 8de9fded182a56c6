package io.linestore.example;

import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.StoreOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.LongStream;
import java.util.stream.Stream;

/** Stores the numbers 1 to 1,000,000, one per line, and reads them back three ways. */
public final class ReadNumbers {

    public static void main(String[] args) throws IOException {
        Path text = Files.write(Path.of("numbers.txt"),
                LongStream.rangeClosed(1, 1_000_000).mapToObj(Long::toString).toList());
        LineStores.build(text, Path.of("numbers"), StoreOptions.defaults());

        try (LineStore store = LineStores.open(Path.of("numbers"), ReadMethod.MMAP)) {
            // Lines 500000 to 500002, numbered from 0, like LIMIT 500000, 3.
            // Prints [500001, 500002, 500003]
            System.out.println(store.read(500_000, 3));

            // The stored bytes of each line, valid during the call only.
            // Prints 999998: 999999 and 999999: 1000000
            store.readBytes(999_998, 2, (number, bytes) ->
                    System.out.println(number + ": " + StandardCharsets.UTF_8.decode(bytes)));

            // A lazy stream, for ranges too large for one list.
            // Prints 500000500000
            try (Stream<String> lines = store.lines(0, store.lineCount())) {
                System.out.println(lines.mapToLong(Long::parseLong).sum());
            }
        }
    }
}
