package io.linestore.impl.io;

import java.io.IOException;
import java.nio.ByteBuffer;

/** Receives the bytes of a range, chunk by chunk, in order. */
@FunctionalInterface
public interface ChunkSink {

    /**
     * Receives the next chunk: the bytes between its position and limit, never none. The buffer is
     * valid only during the call; the sink must not write to it.
     *
     * @param chunk the next bytes of the range
     * @return {@code true} for more, {@code false} to stop reading the range
     * @throws IOException if the sink passes the bytes on and that fails
     */
    boolean accept(ByteBuffer chunk) throws IOException;
}
