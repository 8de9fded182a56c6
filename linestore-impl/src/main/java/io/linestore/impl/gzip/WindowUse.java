package io.linestore.impl.gzip;

import java.util.Arrays;
import java.util.zip.DataFormatException;

/**
 * Finds which bytes of a checkpoint's 32 KiB window the text after it copies from, and zeroes the
 * others, so that the window deflates to a fraction of its size (text copies from a few thousand of
 * its bytes; zeros cost almost nothing) and a read that sets it as the dictionary gets the same text.
 *
 * <p>Deflate's control flow does not depend on the bytes it copies, so the text after a checkpoint,
 * inflated with any dictionary of the window's length, copies from the same window positions. It is
 * inflated twice, over at most the window's size (no byte further on can reach back into it): once
 * with a dictionary whose byte {@code p} is the low 8 bits of {@code p}, once with one whose byte is
 * {@code 0x80} plus the high 7 bits. A text byte copied from the window, directly or through other
 * copies, then shows its position in the two outputs and has the high bit set in the second; a
 * literal with the high bit set names some position too, which only keeps a byte that could have
 * been dropped. Not thread-safe: one per indexing thread.
 */
final class WindowUse {

    private static final byte[] LOW = new byte[Inflate.WINDOW];
    private static final byte[] HIGH = new byte[Inflate.WINDOW];

    static {
        for (int p = 0; p < Inflate.WINDOW; p++) {
            LOW[p] = (byte) p;
            HIGH[p] = (byte) (0x80 | p >>> 8);
        }
    }

    private final byte[] low = new byte[Inflate.WINDOW];
    private final byte[] high = new byte[Inflate.WINDOW];
    private final boolean[] used = new boolean[Inflate.WINDOW];

    /**
     * Zeroes the bytes of a window that the text after its checkpoint does not copy from.
     *
     * @param window the window, changed in place
     * @param length its bytes, at most 32 KiB
     * @param bits how many high bits of {@code compressed[0]} start the checkpoint's block, 0 to 7
     * @param compressed the file's bytes from the checkpoint's first byte up to where 32 KiB of text
     *     after it end, or its member does
     * @param compressedLength how many of them
     * @return how many bytes of the window were kept
     * @throws DataFormatException if the deflate data is damaged
     */
    int keepUsed(byte[] window, int length, int bits, byte[] compressed, int compressedLength)
            throws DataFormatException {
        byte[] lowDictionary = Arrays.copyOf(LOW, length);
        byte[] highDictionary = Arrays.copyOf(HIGH, length);
        int n = GzipSpans.inflate(lowDictionary, bits, compressed, compressedLength, low, false);
        GzipSpans.inflate(highDictionary, bits, compressed, compressedLength, high, false);
        Arrays.fill(used, 0, length, false);
        for (int j = 0; j < n; j++) {
            if (high[j] < 0) {
                int p = (high[j] & 0x7F) << 8 | low[j] & 0xFF;
                if (p < length) {
                    used[p] = true;
                }
            }
        }
        int kept = 0;
        for (int p = 0; p < length; p++) {
            if (used[p]) {
                kept++;
            } else {
                window[p] = 0;
            }
        }
        return kept;
    }
}
