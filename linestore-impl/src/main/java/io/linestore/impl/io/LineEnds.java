package io.linestore.impl.io;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * The newline scan that building, appending, indexing in place and verifying share: finds every
 * {@code \n} of a chunk of bytes and records, as one block, the offset just past each (where the
 * next line starts), instead of one call per line. Reads the chunk eight bytes at a time
 * ({@code long} reads of a {@link MemorySegment}, usually off-heap, so a chunk read from a file is
 * never copied onto the heap) and tests each word with the exact SWAR zero-byte test on
 * {@code word ^ 0x0A0A...}, which marks every {@code \n} of the word with no false match; a word
 * without one costs a handful of instructions. {@code LineEndsBenchmark} in linestore-bench chose it
 * against a byte loop and a scan of heap arrays. Not thread-safe: each scanning thread owns one.
 */
public final class LineEnds {

    private static final ValueLayout.OfLong WORD = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final long NEWLINES = 0x0A0A0A0A0A0A0A0AL;
    private static final long LOW_SEVEN = 0x7F7F7F7F7F7F7F7FL;

    private final int[] ends;
    private int count;

    /**
     * Makes an empty block.
     *
     * @param capacity the most line ends one {@link #scan} records, {@code >= 1}
     * @throws IllegalArgumentException if {@code capacity < 1}
     */
    public LineEnds(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity " + capacity + " is less than 1");
        }
        this.ends = new int[capacity];
    }

    /**
     * Replaces the block with the line ends of {@code [from, to)} of a chunk, in order: the offset
     * just past each {@code \n}. Stops early when the block is full.
     *
     * @param chunk the bytes; offsets are relative to its start
     * @param from the first byte to scan, {@code >= 0}
     * @param to the end, exclusive, {@code <= chunk.byteSize()}
     * @return where scanning stopped: {@code to}, or the last recorded end when the block filled up
     *     (scan again from there for the rest)
     * @throws IndexOutOfBoundsException if the range is outside the chunk
     */
    public int scan(MemorySegment chunk, int from, int to) {
        int n = 0;
        int capacity = ends.length;
        int i = from;
        // A word marks at most eight ends: take the word-wise path only while they all fit.
        for (; i + Long.BYTES <= to && n + Long.BYTES <= capacity; i += Long.BYTES) {
            long x = chunk.get(WORD, i) ^ NEWLINES;
            // High bit of each byte of x that is zero: no borrow or carry crosses bytes.
            long found = ~(((x & LOW_SEVEN) + LOW_SEVEN) | x | LOW_SEVEN);
            while (found != 0) {
                ends[n++] = i + (Long.numberOfTrailingZeros(found) >>> 3) + 1;
                found &= found - 1;
            }
        }
        for (; i < to; i++) {
            if (chunk.get(ValueLayout.JAVA_BYTE, i) == '\n') {
                if (n == capacity) {
                    count = n;
                    return ends[n - 1];
                }
                ends[n++] = i + 1;
            }
        }
        count = n;
        return to;
    }

    /**
     * How many ends the last {@link #scan} recorded.
     *
     * @return the count
     */
    public int count() {
        return count;
    }

    /**
     * One recorded end.
     *
     * @param i which, in {@code [0, count())}
     * @return the offset just past the {@code i}-th {@code \n}, relative to the chunk
     */
    public int end(int i) {
        return ends[i];
    }
}
