package io.linestore.impl.build;

import java.io.IOException;

/** Receives input split into lines by {@link LineFeeder}: each line's start, bytes, and end. */
interface LineSink {

    /**
     * A line starts at the current end of the data.
     *
     * @throws IOException if writing fails
     */
    void startLine() throws IOException;

    /**
     * Bytes of the current line, its {@code \n} included when it comes.
     *
     * @param bytes the source
     * @param offset the first byte
     * @param length how many bytes
     * @throws IOException if writing fails
     */
    void write(byte[] bytes, int offset, int length) throws IOException;

    /**
     * The current line's {@code \n} has been written.
     *
     * @throws IOException if writing fails
     */
    void endLine() throws IOException;
}
