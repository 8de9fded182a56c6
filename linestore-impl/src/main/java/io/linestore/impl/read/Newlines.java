package io.linestore.impl.read;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Finds line terminators in bytes, eight at a time: each 8-byte word is tested for a {@code \n} byte
 * with the SWAR zero-byte test ({@code (x - 0x01..) & ~x & 0x80..} on {@code word ^ 0x0A..}), whose
 * lowest set bit marks the first match exactly. Scanning is what building, indexing in place and every
 * read spend their time on.
 */
public final class Newlines {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);
    private static final long NEWLINES = 0x0A0A0A0A0A0A0A0AL;
    private static final long LOW_BITS = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;

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
        // The buffer's own reads for heap buffers too: as fast once compiled, and a short command, which
        // runs this interpreted, does not pay for linking the array view's method handles.
        boolean littleEndian = buffer.order() == ByteOrder.LITTLE_ENDIAN;
        int i = from;
        for (; i + Long.BYTES <= to; i += Long.BYTES) {
            long word = buffer.getLong(i);
            long found = newlineBits(littleEndian ? word : Long.reverseBytes(word));
            if (found != 0) {
                return i + (Long.numberOfTrailingZeros(found) >>> 3);
            }
        }
        for (; i < to; i++) {
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
        int i = from;
        for (; i + Long.BYTES <= to; i += Long.BYTES) {
            long found = newlineBits((long) LONGS.get(bytes, i));
            if (found != 0) {
                return i + (Long.numberOfTrailingZeros(found) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (bytes[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** The high bit of each byte of the word that equals {@code \n} (and maybe of later bytes). */
    private static long newlineBits(long word) {
        long x = word ^ NEWLINES;
        return (x - LOW_BITS) & ~x & HIGH_BITS;
    }
}
