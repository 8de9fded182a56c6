package io.linestore.impl.index;

import io.linestore.impl.io.LineEnds;
import java.io.IOException;

/**
 * Where a shard writer puts the byte offsets of the lines that start an index entry, whatever the
 * index's encoding. Not thread-safe: one writer thread owns it.
 */
public interface IndexSink {

    /**
     * Records the byte offset of the next line that starts an entry.
     *
     * @param offset the line's first byte in the data file
     * @throws IOException if writing fails
     */
    void add(long offset) throws IOException;

    /**
     * Records the next lines, every one of which starts an entry (an index of stride 1), in order: line
     * {@code k} at {@code base + ends.end(k)} for {@code k} in {@code [from, to)}. The same as
     * {@link #add} for each, in one call, which a writer may fill its buffer with in one loop.
     *
     * @param base the data offset of the byte the ends count from
     * @param ends the block of line ends
     * @param from the first end, {@code >= 0}
     * @param to the end, exclusive, {@code <= ends.count()}
     * @throws IOException if writing fails
     */
    default void addAll(long base, LineEnds ends, int from, int to) throws IOException {
        for (int k = from; k < to; k++) {
            add(base + ends.end(k));
        }
    }

    /**
     * Writes what is buffered and completes the index, but for the header of a continued index (see
     * {@link #headerPending()}).
     *
     * @param lines lines in the shard
     * @param dataBytes the data file's committed size
     * @return the index file's committed size
     * @throws IOException if writing fails
     * @throws IllegalStateException if the entries added do not match {@code lines}
     */
    long finish(long lines, long dataBytes) throws IOException;

    /**
     * The CRC32C of every line-start entry as an 8-byte little-endian number, committed ones included.
     *
     * @return the checksum the manifest records as the index's
     */
    long entriesCrc();

    /**
     * Whether the header still has to be written once the manifest that commits the lines is
     * published (an index continued by an append).
     *
     * @return {@code true} if so
     */
    boolean headerPending();
}
