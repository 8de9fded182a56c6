package io.linestore.cli.demo;

import io.linestore.gen.Generator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The demo's text file: {@code lines-N.txt}, made by {@link Generator} with its defaults and seed
 * 1. Generated once; a later run finds it by name and size and reuses it.
 */
final class DemoData {

    private DemoData() {
    }

    /**
     * Makes sure the demo's data is in {@code directory}.
     *
     * @param directory the demo's directory, which exists
     * @param lines how many lines the data holds
     * @return the file, and whether it was reused
     * @throws IOException if it cannot be written
     */
    static Prepared prepare(Path directory, long lines) throws IOException {
        Generator generator = Generator.builder().lines(lines).seed(1).build();
        Path file = directory.resolve("lines-" + lines + ".txt");
        if (Files.isRegularFile(file) && Files.size(file) == generator.byteCount()) {
            return new Prepared(file, true);
        }
        // Generated under another name first: an interrupted run never leaves a file that looks whole.
        Path partial = directory.resolve(file.getFileName() + ".partial");
        generator.writeTo(partial);
        Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return new Prepared(file, false);
    }

    /**
     * The demo's data file.
     *
     * @param file the text file
     * @param reused whether an earlier run had made it
     */
    record Prepared(Path file, boolean reused) {
    }
}
