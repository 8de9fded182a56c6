package io.linestore.impl.gzip;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A window with the bytes the text after it does not copy from zeroed still inflates that text
 * exactly, and keeps only part of its bytes; at every bit offset a block can start at.
 */
class WindowUseTest {

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void aSparseWindowInflatesTheSameTextAndKeepsPartOfItsBytes(long seed) throws DataFormatException {
        SplittableRandom random = new SplittableRandom(seed);
        byte[] window = text(Inflate.WINDOW, random);
        byte[] text = text(Inflate.WINDOW + random.nextInt(Inflate.WINDOW), random);
        int bits = (int) (seed % 8);
        byte[] compressed = deflate(window, text, bits, random);
        byte[] sparse = window.clone();

        int kept = new WindowUse().keepUsed(sparse, sparse.length, bits, compressed, compressed.length);

        assertThat(inflate(sparse, bits, compressed, text.length)).isEqualTo(text);
        assertThat(kept).isPositive().isLessThan(window.length / 2);
        int zeroed = 0;
        for (int p = 0; p < window.length; p++) {
            zeroed += sparse[p] == 0 && window[p] != 0 ? 1 : 0;
        }
        assertThat(zeroed).isEqualTo(window.length - kept);
    }

    /** A window shorter than 32 KiB (the start of a member) keeps its positions. */
    @Test
    void aShortWindowIsMarkedByItsOwnPositions() throws DataFormatException {
        SplittableRandom random = new SplittableRandom(9);
        byte[] window = text(5_000, random);
        byte[] text = text(20_000, random);
        byte[] compressed = deflate(window, text, 0, random);
        byte[] sparse = window.clone();

        new WindowUse().keepUsed(sparse, sparse.length, 0, compressed, compressed.length);

        assertThat(inflate(sparse, 0, compressed, text.length)).isEqualTo(text);
        assertThat(sparse).isNotEqualTo(window);
    }

    private static byte[] inflate(byte[] window, int bits, byte[] compressed, int length) throws DataFormatException {
        byte[] out = new byte[length];
        assertThat(GzipSpans.inflate(window, bits, compressed, compressed.length, out, false)).isEqualTo(length);
        return out;
    }

    /**
     * A raw deflate stream of the text with the window as its dictionary, whose first block starts
     * {@code 8 - bits} bits into its first byte (as a checkpoint's block does): an empty stored
     * block's bits are cut from the front, and the rest shifted.
     */
    private static byte[] deflate(byte[] window, byte[] text, int bits, SplittableRandom random) {
        Deflater deflater = new Deflater(1 + random.nextInt(9), true);
        deflater.setDictionary(window);
        deflater.setInput(text);
        deflater.finish();
        byte[] out = new byte[text.length * 2 + 64];
        int n = deflater.deflate(out);
        deflater.end();
        byte[] stream = Arrays.copyOf(out, n);
        if (bits == 0) {
            return stream;
        }
        // Put the stream's bits after 8 - bits leading bits that belong to something else: the
        // checkpoint's first byte then holds the stream's first `bits` bits in its high bits.
        byte[] shifted = new byte[stream.length + 1];
        int shift = 8 - bits;
        for (int i = 0; i < stream.length; i++) {
            int value = (stream[i] & 0xFF) << shift;
            shifted[i] |= (byte) value;
            shifted[i + 1] |= (byte) (value >>> 8);
        }
        return shifted;
    }

    private static byte[] text(int length, SplittableRandom random) {
        String[] words = {"alpha", "beta", "gamma", "delta", "GET", "/index.html", "200", "404", "user", "cache"};
        StringBuilder text = new StringBuilder();
        while (text.length() < length) {
            text.append(words[random.nextInt(words.length)]).append(random.nextInt(100_000))
                    .append(random.nextInt(6) == 0 ? '\n' : ' ');
        }
        return text.substring(0, length).getBytes(StandardCharsets.US_ASCII);
    }
}
