package io.linestore.impl.read;

import java.nio.ByteBuffer;

/** Finds line terminators in bytes. */
public final class Newlines {

    private Newlines() {
    }

    /**
     * Finds the first {@code \n} in {@code [from, to)} of a buffer, by absolute index.
     *
     * @param buffer the bytes; position and limit are ignored and untouched
     * @param from the first index to look at
     * @param to the end, exclusive
     * @return the index of the first {@code \n}, or -1
     */
    public static int indexOf(ByteBuffer buffer, int from, int to) {
        if (buffer.hasArray()) {
            return indexOf(buffer.array(), buffer.arrayOffset() + from, buffer.arrayOffset() + to, buffer.arrayOffset());
        }
        for (int i = from; i < to; i++) {
            if (buffer.get(i) == '\n') {
                return i;
            }
        }
        return -1;
    }

    /**
     * Finds the first {@code \n} in {@code [from, to)} of an array.
     *
     * @param bytes the bytes
     * @param from the first index to look at
     * @param to the end, exclusive
     * @return the index of the first {@code \n}, or -1
     */
    public static int indexOf(byte[] bytes, int from, int to) {
        return indexOf(bytes, from, to, 0);
    }

    private static int indexOf(byte[] bytes, int from, int to, int base) {
        for (int i = from; i < to; i++) {
            if (bytes[i] == '\n') {
                return i - base;
            }
        }
        return -1;
    }
}
