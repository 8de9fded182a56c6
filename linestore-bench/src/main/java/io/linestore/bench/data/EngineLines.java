package io.linestore.bench.data;

import io.linestore.LineStore;
import io.linestore.LineVisitor;
import java.util.List;

/**
 * An engine's lines read two ways: into Strings, as {@link LineStore#read} returns them, and as the
 * cheapest bytes the engine hands out, undecoded, as {@link LineStore#readBytes} hands them to a
 * visitor. Not thread-safe.
 */
public interface EngineLines extends LineRanges {

    /**
     * Hands the bytes of lines {@code [offset, offset + size)}, as far as they exist, to the
     * visitor in order, each without its line end; the buffer is valid only during the call.
     *
     * @param offset the first line number, {@code >= 0}
     * @param size the most lines to visit, {@code >= 0}
     * @param visitor receives each line
     * @throws RuntimeException naming the files if reading fails
     */
    void readBytes(long offset, int size, LineVisitor visitor);

    /**
     * Reads through a store, the reference the engines are compared with.
     *
     * @param store the open store, closed by {@link #close()}
     * @return the store's lines
     */
    static EngineLines of(LineStore store) {
        return new EngineLines() {
            @Override
            public List<String> read(long offset, int size) {
                return store.read(offset, size);
            }

            @Override
            public void readBytes(long offset, int size, LineVisitor visitor) {
                store.readBytes(offset, size, visitor);
            }

            @Override
            public void close() {
                store.close();
            }
        };
    }
}
