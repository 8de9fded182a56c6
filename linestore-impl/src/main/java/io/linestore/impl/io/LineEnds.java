package io.linestore.impl.io;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The newline scan that building, appending, indexing in place and verifying share: finds every
 * {@code \n} of a chunk of bytes and records, as one block, the offset just past each (where the
 * next line starts), instead of one call per line. Reads the chunk eight bytes at a time: a word
 * without a {@code \n} costs one cheap SWAR test ({@code (x - 0x01..) & ~x & 0x80..} on
 * {@code word ^ 0x0A..}, which may mark extra bytes after a real match but never misses one), and
 * only a word with one gets the exact test, which marks every {@code \n} and nothing else. Heap
 * arrays read through a {@link VarHandle}, because measured on JDK 25 this scans about half again
 * as fast as the same loop over a {@code MemorySegment}, more than the copy that reading into a
 * direct buffer would save (docs/benchmarks.md has the variants tried). {@code IndexBenchmark} in
 * linestore-bench measures indexing in place, mostly this scan, against a plain newline count and a
 * plain read of the same bytes. Not thread-safe: each scanning thread owns one.
 */
public final class LineEnds {

    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);
    private static final long NEWLINES = 0x0A0A0A0A0A0A0A0AL;
    private static final long LOW_SEVEN = 0x7F7F7F7F7F7F7F7FL;
    private static final long LOW_BITS = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;

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
     * @param chunk the bytes
     * @param from the first byte to scan, {@code >= 0}
     * @param to the end, exclusive, {@code <= chunk.length}
     * @return where scanning stopped: {@code to}, or the last recorded end when the block filled up
     *     (scan again from there for the rest)
     * @throws IndexOutOfBoundsException if the range is outside the chunk
     */
    public int scan(byte[] chunk, int from, int to) {
        int[] found = ends;
        int capacity = found.length;
        int n = 0;
        int i = from;
        // Word by word while a word's up to eight ends fit.
        for (; i + Long.BYTES <= to && n + Long.BYTES <= capacity; i += Long.BYTES) {
            long x = (long) WORDS.get(chunk, i) ^ NEWLINES;
            if (((x - LOW_BITS) & ~x & HIGH_BITS) != 0) {
                n = record(x, i, n, found);
            }
        }
        for (; i < to; i++) {
            if (chunk[i] == '\n') {
                if (n == capacity) {
                    count = n;
                    return found[n - 1];
                }
                found[n++] = i + 1;
            }
        }
        count = n;
        return to;
    }

    /**
     * Records the ends marked in one word ({@code x}, the word XOR {@code 0x0A0A...}) at
     * {@code found[n...]}, which has room for eight; returns the new count. The exact zero-byte test
     * lets no borrow or carry cross bytes. The first two ends are stored unconditionally (a store
     * past the count is overwritten later) so that a word with one end takes no unpredictable branch.
     */
    private static int record(long x, int at, int n, int[] found) {
        long marks = ~(((x & LOW_SEVEN) + LOW_SEVEN) | x | LOW_SEVEN);
        int marked = Long.bitCount(marks);
        found[n] = at + (Long.numberOfTrailingZeros(marks) >>> 3) + 1;
        marks &= marks - 1;
        found[n + 1] = at + (Long.numberOfTrailingZeros(marks) >>> 3) + 1;
        for (int k = n + 2; k < n + marked; k++) {
            marks &= marks - 1;
            found[k] = at + (Long.numberOfTrailingZeros(marks) >>> 3) + 1;
        }
        return n + marked;
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
