package io.linestore.gen;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * 1 MiB of random characters from which line payloads are copied, so that generating a payload is
 * an array copy rather than per-character work. The pool is read as a ring that holds only whole
 * characters (it is padded with ASCII to its exact size), so a copy that starts on a character
 * boundary stays on boundaries when it wraps around. Immutable and thread-safe.
 */
final class ContentPool {

    /** Size of the pool in bytes; a power of two. */
    static final int SIZE = 1 << 16;
    private static final int MASK = SIZE - 1;
    private static final byte FILLER = '~';

    /** Code point ranges, inclusive, by encoded length: 2, 3 and 4 bytes. */
    private static final int[][] TWO_BYTE = {{0x00A1, 0x024F}, {0x0391, 0x03C9}, {0x0410, 0x044F}};
    private static final int[][] THREE_BYTE = {{0x3041, 0x3096}, {0x4E00, 0x9FFF}, {0xAC00, 0xD7A3}};
    private static final int[][] FOUR_BYTE = {{0x1F300, 0x1F5FF}, {0x20000, 0x2A6DF}};

    private final byte[] bytes;

    private ContentPool(byte[] bytes) {
        this.bytes = bytes;
    }

    /** Returns the pool for {@code charset}, filled from the stream keyed by {@code key}. */
    static ContentPool create(ContentCharset charset, long key) {
        return new ContentPool(charset == ContentCharset.ASCII ? ascii(key) : utf8(key));
    }

    /**
     * Copies {@code length} bytes of whole characters into {@code dst} at {@code pos}, starting at
     * the first character boundary at or after {@code start} (taken modulo the pool size). A
     * character cut by the end is replaced by ASCII filler, so the copy is always valid text of
     * exactly {@code length} bytes.
     */
    void copy(long start, byte[] dst, int pos, int length) {
        if (length == 0) {
            return;
        }
        int from = (int) (start & MASK);
        while (isContinuation(bytes[from])) {
            from = (from + 1) & MASK;
        }
        int done = 0;
        while (done < length) {
            int n = Math.min(length - done, SIZE - from);
            System.arraycopy(bytes, from, dst, pos + done, n);
            done += n;
            from = 0;
        }
        int end = pos + length;
        int lead = end - 1;
        while (isContinuation(dst[lead])) {
            lead--;
        }
        if (lead + encodedLength(dst[lead]) > end) {
            Arrays.fill(dst, lead, end, FILLER);
        }
    }

    private static boolean isContinuation(byte b) {
        return (b & 0xC0) == 0x80;
    }

    private static int encodedLength(byte lead) {
        if (lead >= 0) {
            return 1;
        }
        return (lead & 0xE0) == 0xC0 ? 2 : (lead & 0xF0) == 0xE0 ? 3 : 4;
    }

    private static byte[] ascii(long key) {
        byte[] pool = new byte[SIZE];
        for (int i = 0; i < SIZE; i++) {
            pool[i] = printableAscii(Mix.at(key, i));
        }
        return pool;
    }

    private static byte[] utf8(long key) {
        StringBuilder text = new StringBuilder(SIZE);
        int encoded = 0;
        for (long i = 0; ; i++) {
            long bits = Mix.at(key, i);
            int codePoint = switch ((int) Long.remainderUnsigned(bits, 10)) {
                case 0, 1, 2, 3 -> printableAscii(bits >>> 8);
                case 4, 5 -> pick(TWO_BYTE, bits >>> 8);
                case 6, 7 -> pick(THREE_BYTE, bits >>> 8);
                default -> pick(FOUR_BYTE, bits >>> 8);
            };
            int length = codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
            if (encoded + length > SIZE) {
                break;
            }
            text.appendCodePoint(codePoint);
            encoded += length;
        }
        byte[] pool = Arrays.copyOf(text.toString().getBytes(StandardCharsets.UTF_8), SIZE);
        Arrays.fill(pool, encoded, SIZE, FILLER);
        return pool;
    }

    private static byte printableAscii(long bits) {
        return (byte) (0x20 + Long.remainderUnsigned(bits, 0x7F - 0x20));
    }

    private static int pick(int[][] ranges, long bits) {
        int[] range = ranges[(int) Long.remainderUnsigned(bits, ranges.length)];
        return range[0] + (int) Long.remainderUnsigned(bits >>> 8, range[1] - range[0] + 1);
    }
}
