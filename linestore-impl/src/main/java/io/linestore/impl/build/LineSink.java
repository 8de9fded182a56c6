package io.linestore.impl.build;

import java.io.IOException;
import java.nio.ByteBuffer;

/** Receives input split into lines by {@link LineFeeder}: each line's start, bytes, and end. */
interface LineSink {

    /**
     * A line starts at the current end of the data.
     *
     * @throws IOException if writing fails
     */
    void startLine() throws IOException;

    /**
     * Bytes of the current line, its {@code \n} included when it comes. The chunk's content may
     * change once this returns: copy what you keep, or finish with it before the feeder reads again
     * ({@link #endOfChunk()}).
     *
     * @param chunk the source; its position and limit mean nothing here and must not be relied on
     * @param from the first byte, an absolute index
     * @param to the end, exclusive
     * @throws IOException if writing fails
     */
    void write(ByteBuffer chunk, int from, int to) throws IOException;

    /**
     * The current line's {@code \n} has been written.
     *
     * @throws IOException if writing fails
     */
    void endLine() throws IOException;

    /**
     * The feeder is about to reuse its buffer for the next chunk: whatever was deferred from it must
     * be taken now.
     *
     * @throws IOException if writing fails
     */
    void endOfChunk() throws IOException;
}
