package io.linestore;

import java.nio.ByteBuffer;

/**
 * Receives the stored bytes of each line of a {@link LineStore#readBytes byte read}.
 *
 * <p>The buffer holds exactly one line's bytes between its position and limit, without the line
 * terminator. It is read-only in effect (do not write to it) and valid only during the call: it
 * may be a view of a memory mapping or of a buffer that is reused for the next line, so copy what
 * you keep.
 */
@FunctionalInterface
public interface LineVisitor {

    /**
     * Receives one line.
     *
     * @param lineNumber the line's number in the store, from 0
     * @param line the line's stored bytes, between position and limit
     */
    void visit(long lineNumber, ByteBuffer line);
}
