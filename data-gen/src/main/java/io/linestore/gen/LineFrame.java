package io.linestore.gen;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The frame around every non-empty generated line, shared by the writer and {@link LineCheck}:
 *
 * <pre>{@code <number> <payload> #<checksum>}</pre>
 *
 * <ul>
 *   <li>{@code number}: the line number in decimal, zero-padded to {@value #MIN_NUMBER_DIGITS}
 *       digits (more digits only from line 10^10 on);
 *   <li>one space, the payload (any characters but {@code \r} and {@code \n}; may be empty), one
 *       space and {@code #};
 *   <li>{@code checksum}: the CRC32C of every byte before the {@code " #"} (number, space, payload),
 *       as {@value #CHECKSUM_DIGITS} lower-case hex digits.
 * </ul>
 */
final class LineFrame {

    /** Digits of the line number, at least. */
    static final int MIN_NUMBER_DIGITS = 10;
    /** Hex digits of the checksum. */
    static final int CHECKSUM_DIGITS = 8;
    /** Bytes from the end of the payload to the end of the line: {@code " #"} and the checksum. */
    static final int SUFFIX_BYTES = 2 + CHECKSUM_DIGITS;

    private static final VarHandle BIG_ENDIAN_LONG =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final long[] POWERS_OF_TEN = powersOfTen();
    private static final int CHUNK_DIGITS = 8;
    private static final long CHUNK = 100_000_000;

    private LineFrame() {
    }

    /** Returns how many digits line number {@code n} (not negative) is written with. */
    static int numberDigits(long n) {
        int digits = MIN_NUMBER_DIGITS;
        while (digits < POWERS_OF_TEN.length && n >= POWERS_OF_TEN[digits]) {
            digits++;
        }
        return digits;
    }

    /** Returns the length of line {@code n} with an empty payload, the shortest it can be. */
    static int minimumLength(long n) {
        return numberDigits(n) + 1 + SUFFIX_BYTES;
    }

    /** Writes line number {@code n} and the space after it at {@code pos}; returns the end. */
    static int writeNumber(long n, byte[] dst, int pos) {
        int end = pos + numberDigits(n);
        int p = end;
        long rest = n;
        // Eight digits at a time in int arithmetic: far cheaper than a long division per digit.
        while (p > pos) {
            int chunk = (int) (rest % CHUNK);
            rest /= CHUNK;
            for (int stop = Math.max(pos, p - CHUNK_DIGITS); p > stop; p--) {
                dst[p - 1] = (byte) ('0' + chunk % 10);
                chunk /= 10;
            }
        }
        dst[end] = ' ';
        return end + 1;
    }

    /** Writes {@code " #"} and {@code checksum} in hex at {@code pos}; returns the end. */
    static int writeSuffix(int checksum, byte[] dst, int pos) {
        dst[pos] = ' ';
        dst[pos + 1] = '#';
        BIG_ENDIAN_LONG.set(dst, pos + 2, hex(checksum));
        return pos + SUFFIX_BYTES;
    }

    /**
     * Returns the 8 lower-case hex digits of {@code checksum} as the bytes of a long, most
     * significant digit in the most significant byte. Branch-free: it spreads the nibbles into
     * bytes and adds {@code '0'}, or {@code 'a' - 10} to the nibbles above 9.
     */
    static long hex(int checksum) {
        long x = checksum & 0xFFFF_FFFFL;
        x = (x & 0xFFFF_0000L) << 16 | (x & 0xFFFFL);
        x = (x & 0x0000_FF00_0000_FF00L) << 8 | (x & 0x0000_00FF_0000_00FFL);
        x = (x & 0x00F0_00F0_00F0_00F0L) << 4 | (x & 0x000F_000F_000F_000FL);
        long above9 = ((x + 0x0606_0606_0606_0606L) >>> 4) & 0x0101_0101_0101_0101L;
        return x + 0x3030_3030_3030_3030L + above9 * ('a' - 10 - '0');
    }

    private static long[] powersOfTen() {
        long[] powers = new long[19];
        powers[0] = 1;
        for (int i = 1; i < powers.length; i++) {
            powers[i] = powers[i - 1] * 10;
        }
        return powers;
    }
}
