package io.linestore.impl.read;

import io.linestore.impl.io.ChunkSink;
import java.io.Closeable;
import java.io.IOException;

/**
 * Reads byte ranges of one data file in one {@link io.linestore.ReadMethod} way. Implementations are
 * thread-safe; {@link #close()} must not run while a read does (the handle cache guarantees it).
 */
public interface RangeReader extends Closeable {

    /**
     * Hands the bytes {@code [from, to)} to the sink in order, in one or more chunks, until the range
     * ends or the sink asks to stop. An empty range hands nothing.
     *
     * @param from the first byte, {@code >= 0}
     * @param to the end, exclusive, {@code <=} the file's size
     * @param sink receives the chunks
     * @throws IOException if reading fails, or the file ends before {@code to}
     */
    void read(long from, long to, ChunkSink sink) throws IOException;

    /**
     * Releases the file (and mapping) behind this reader.
     *
     * @throws IOException if closing fails
     */
    @Override
    void close() throws IOException;
}
