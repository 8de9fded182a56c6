package io.linestore.gen;

import java.util.zip.CRC32C;

/**
 * Per-thread working state for writing lines: a checksum and the digits of the last line number,
 * which the next consecutive number reuses by incrementing them instead of formatting anew. Not
 * thread-safe: each writing thread owns one.
 */
final class LineScratch {

    private final CRC32C crc = new CRC32C();
    private final byte[] digits = new byte[20];
    private long number = -2;
    private int length;

    /** Returns the checksum, reset, for the caller's exclusive use until its next call. */
    CRC32C crc() {
        crc.reset();
        return crc;
    }

    /**
     * Writes line number {@code n} and the space after it at {@code pos}, exactly as
     * {@link LineFrame#writeNumber(long, byte[], int)} does; returns the end.
     */
    int writeNumber(long n, byte[] dst, int pos) {
        if (n != number + 1 || !increment()) {
            length = LineFrame.writeNumber(n, digits, 0);
        }
        number = n;
        System.arraycopy(digits, 0, dst, pos, length);
        return pos + length;
    }

    /** Adds one to the held digits; false when that needs another digit. */
    private boolean increment() {
        for (int p = length - 2; p >= 0; p--) {
            if (digits[p] != '9') {
                digits[p]++;
                return true;
            }
            digits[p] = '0';
        }
        return false;
    }
}
