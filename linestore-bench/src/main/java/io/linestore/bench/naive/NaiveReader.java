package io.linestore.bench.naive;

import java.util.List;

/** An open naive reader of a text file (see {@link NaiveRead}); not thread-safe. */
public interface NaiveReader extends AutoCloseable {

    /**
     * Reads up to {@code size} lines from {@code firstLine} on, fewer at the end of the file.
     *
     * @param firstLine one of the line numbers the reader was opened for
     * @param size the most lines to read, {@code >= 0}
     * @return the lines, in order
     * @throws IllegalArgumentException if the reader was not opened for {@code firstLine}
     * @throws java.io.UncheckedIOException naming the file if reading fails
     */
    List<String> read(long firstLine, int size);

    /**
     * Closes the file.
     *
     * @throws java.io.UncheckedIOException naming the file if closing fails
     */
    @Override
    void close();
}
