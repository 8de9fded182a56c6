package io.linestore.bench.data;

import io.linestore.LineStore;
import java.util.List;

/** What a read benchmark reads ranges of lines through: a store, a naive reader, SQLite. Not thread-safe. */
public interface LineRanges extends AutoCloseable {

    /**
     * Reads up to {@code size} lines from {@code offset} on, fewer at the end, as
     * {@link LineStore#read} does.
     *
     * @param offset the first line number, {@code >= 0}
     * @param size the most lines to read, {@code >= 0}
     * @return the lines, in order
     * @throws RuntimeException naming the file if reading fails
     */
    List<String> read(long offset, int size);

    /**
     * Releases the files.
     *
     * @throws RuntimeException naming the file if closing fails
     */
    @Override
    void close();

    /**
     * Reads through a store.
     *
     * @param store the open store, closed by {@link #close()}
     * @return the store's ranges
     */
    static LineRanges of(LineStore store) {
        return new LineRanges() {
            @Override
            public List<String> read(long offset, int size) {
                return store.read(offset, size);
            }

            @Override
            public void close() {
                store.close();
            }
        };
    }
}
