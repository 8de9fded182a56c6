package io.linestore.gen;

import java.util.Arrays;

/** A growable byte buffer that a run of generated lines is written into. Not thread-safe. */
final class Block {

    /** The initial capacity: the 1 MiB a block of lines aims at. */
    static final int TARGET_BYTES = 1 << 20;

    private byte[] bytes;
    private int length;

    /** Makes a block of {@link #TARGET_BYTES}, the size the writer's blocks aim at. */
    Block() {
        this(TARGET_BYTES);
    }

    /** Makes a block that holds {@code capacity} bytes before it grows. */
    Block(int capacity) {
        this.bytes = new byte[capacity];
    }

    /** Returns the buffer; bytes {@code [0, length())} are valid. */
    byte[] bytes() {
        return bytes;
    }

    /** Returns how many bytes are valid. */
    int length() {
        return length;
    }

    /** Empties the block for reuse. */
    void clear() {
        length = 0;
    }

    /** Makes room for {@code extra} more bytes and returns the buffer to write them at {@code length()}. */
    byte[] reserve(int extra) {
        int needed = length + extra;
        if (needed > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(needed, bytes.length * 2));
        }
        return bytes;
    }

    /** Marks {@code [0, length)} as valid. */
    void setLength(int length) {
        this.length = length;
    }
}
