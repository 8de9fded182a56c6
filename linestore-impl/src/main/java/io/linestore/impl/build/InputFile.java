package io.linestore.impl.build;

import com.google.common.io.ByteStreams;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * A text file to build or append from, opened so that writing the store can never feed it: a file
 * inside the store is refused (appending a store's own data file to it would read its own output
 * forever), and a regular file is read only up to the size it had when it was opened, so a file
 * that grows meanwhile (a log being written) ends where it ended then.
 */
public final class InputFile {

    private InputFile() {
    }

    /**
     * Opens an input for a write into a store.
     *
     * @param input the text file
     * @param storeDir the store being written, which may not exist yet
     * @return the stream, bounded to the file's size now for a regular file; close it
     * @throws IllegalArgumentException if {@code input} is a directory or lies inside {@code storeDir}
     * @throws UncheckedIOException if the file does not exist or cannot be opened
     */
    public static InputStream open(Path input, Path storeDir) {
        try {
            if (Files.isDirectory(input)) {
                throw new IllegalArgumentException("input " + input + " is a directory, not a text file");
            }
            Path real = input.toRealPath();
            if (Files.exists(storeDir) && real.startsWith(storeDir.toRealPath())) {
                throw new IllegalArgumentException("input " + input + " is a file of the store " + storeDir
                        + " itself; copy it elsewhere first");
            }
            InputStream stream = Files.newInputStream(input);
            return Files.isRegularFile(real) ? ByteStreams.limit(stream, Files.size(real)) : stream;
        } catch (NoSuchFileException e) {
            throw new UncheckedIOException("no such file or directory: " + input + " (the input)", e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read input " + input + ": " + e.getMessage(), e);
        }
    }
}
