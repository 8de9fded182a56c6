package io.linestore.impl.blocks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A frame's windows packed as runs and kept bytes unpack to the same windows, each on its own,
 * whatever their lengths and runs; a window of a frame that is cut or padded, or whose runs do not
 * cover it exactly, is refused.
 */
class SparseWindowsTest {

    /** Seeded random windows: empty of kept bytes, all kept, runs of one byte, runs past 127 bytes. */
    @Test
    void packedWindowsUnpackToTheSameBytes() {
        for (long seed = 1; seed <= 200; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            int count = 1 + random.nextInt(CheckpointEntries.WINDOWS_PER_FRAME);
            int[] lengths = new int[count];
            byte[] windows = windows(random, lengths);

            byte[] text = SparseWindows.pack(windows, lengths, count);

            byte[] unpacked = new byte[windows.length];
            for (int w = count - 1, at = windows.length; w >= 0; w--) {
                at -= lengths[w];
                SparseWindows.unpack(text, count, w, unpacked, at, lengths[w]);
            }
            assertThat(unpacked).as("seed %d", seed).isEqualTo(windows);
        }
    }

    /**
     * The last window of a cut frame or of one with a byte more at its end, a window shorter or longer
     * than its runs, and a window whose table entry points elsewhere are refused (or, where the entry
     * changed is another window's and still holds, unpacked right), never another exception.
     */
    @Test
    void aCutOrPaddedFrameIsRefused() {
        SplittableRandom random = new SplittableRandom(42);
        int[] lengths = new int[3];
        byte[] windows = windows(random, lengths);
        byte[] packed = SparseWindows.pack(windows, lengths, 3);
        byte[] into = new byte[1 << 16];
        for (int cut = 0; cut < packed.length; cut += 1 + cut / 8) {
            byte[] cutFrame = Arrays.copyOf(packed, cut);
            assertThatThrownBy(() -> SparseWindows.unpack(cutFrame, 3, 2, into, 0, lengths[2])).as("cut at %d", cut)
                    .isInstanceOf(IllegalArgumentException.class);
        }
        byte[] padded = Arrays.copyOf(packed, packed.length + 1);
        assertThatThrownBy(() -> SparseWindows.unpack(padded, 3, 2, into, 0, lengths[2]))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SparseWindows.unpack(packed, 3, 2, into, 0, lengths[2] + 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SparseWindows.unpack(packed, 3, 1, into, 0, lengths[1] - 1))
                .isInstanceOf(IllegalArgumentException.class);
        for (int field = 0; field < 6; field++) {
            for (int value : new int[] {-1, 0, packed.length + 1}) {
                byte[] table = packed.clone();
                java.nio.ByteBuffer.wrap(table).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(4 * field, value);
                for (int w = 0; w < 3; w++) {
                    int window = w;
                    byte[] got = new byte[lengths[window]];
                    try {
                        SparseWindows.unpack(table, 3, window, got, 0, lengths[window]);
                    } catch (IllegalArgumentException e) {
                        continue; // refused: what a table pointing elsewhere must give, or the window
                    }
                    byte[] expected = new byte[lengths[window]];
                    SparseWindows.unpack(packed, 3, window, expected, 0, lengths[window]);
                    assertThat(got).as("field %d = %d, window %d", field, value, w)
                            .isEqualTo(expected);
                }
            }
        }
    }

    /** Windows of 1 byte to 32 KiB, one after another, with random runs of zero and kept bytes. */
    private static byte[] windows(SplittableRandom random, int[] lengths) {
        int total = 0;
        for (int w = 0; w < lengths.length; w++) {
            lengths[w] = random.nextInt(8) == 0 ? 1 + random.nextInt(4) : 1 + random.nextInt(1 << 15);
            total += lengths[w];
        }
        byte[] windows = new byte[total];
        for (int at = 0; at < total; ) {
            int run = Math.min(total - at, random.nextInt(4) == 0 ? 1 : 1 + random.nextInt(300));
            if (random.nextBoolean()) {
                for (int i = at; i < at + run; i++) {
                    windows[i] = (byte) (1 + random.nextInt(255));
                }
            }
            at += run;
        }
        return windows;
    }
}
