package io.linestore.impl.io;

import java.util.SplittableRandom;

/**
 * Bytes near {@code \n} (0x0A) in the low seven bits or in all eight, where a word-at-a-time newline
 * test could go wrong (a wrong borrow, or a high bit taken for a match), for the tests of every
 * newline scan.
 */
public final class NewlineNeighbours {

    private static final byte[] BYTES = {0x00, 0x08, 0x09, 0x0B, 0x0C, (byte) 0x80, (byte) 0x8A, (byte) 0x8B,
            (byte) 0xFF, 0x7F, 0x4A};

    private NewlineNeighbours() {
    }

    /**
     * Draws a byte that is {@code \n} once in {@code spacing} draws on average, else a neighbour.
     *
     * @param random the test's seeded source
     * @param spacing the mean distance between newlines, {@code >= 1}
     * @return the byte
     */
    public static byte draw(SplittableRandom random, int spacing) {
        return random.nextInt(spacing) == 0 ? (byte) '\n' : BYTES[random.nextInt(BYTES.length)];
    }
}
