package io.linestore.impl.io;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The newline scan that building, appending, indexing in place and verifying share: finds every
 * {@code \n} of a chunk of bytes and records, as one block, the offset just past each (where the
 * next line starts), instead of one call per line. Reads the chunk 64 bytes at a time: per word, an
 * exact SWAR zero-byte test (on {@code word ^ 0x0A..}) and a multiplication put its {@code \n} bytes
 * into eight bits of one 64-bit mask, whose set bits are then stored in order. A block's first two
 * ends are stored whether or not it has them, so lines longer than about 32 bytes take no branch
 * that the processor cannot predict; the scan before this one (a cheap test per word, the exact one
 * only for a word with a {@code \n}) mispredicted once per line and ran a fifth slower on 100-byte
 * lines, half as fast on 7-byte ones (docs/benchmarks.md has the variants tried). Heap arrays read
 * through a {@link VarHandle}, because measured on JDK 25 this scans about half again as fast as the
 * same loop over a {@code MemorySegment}, more than the copy that reading into a direct buffer would
 * save. {@code IndexBenchmark} in linestore-bench measures indexing in place, mostly this scan,
 * against a plain newline count and a plain read of the same bytes. Not thread-safe: each scanning
 * thread owns one.
 */
public final class LineEnds {

    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);
    private static final long NEWLINES = 0x0A0A0A0A0A0A0A0AL;
    private static final long LOW_SEVEN = 0x7F7F7F7F7F7F7F7FL;
    /** Bit {@code 7j} for {@code j} in 0..7: moves bit 7 of byte k to bit {@code 56 + k}. */
    private static final long GATHER = 0x0002040810204081L;
    /** Bytes scanned per step. */
    private static final int BLOCK = Long.SIZE;

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
        // A block at a time while a block's up to 64 ends fit.
        for (; i + BLOCK <= to && n + BLOCK <= capacity; i += BLOCK) {
            long marks = newlines(chunk, i) | newlines(chunk, i + 8) << 8 | newlines(chunk, i + 16) << 16
                    | newlines(chunk, i + 24) << 24 | newlines(chunk, i + 32) << 32
                    | newlines(chunk, i + 40) << 40 | newlines(chunk, i + 48) << 48 | newlines(chunk, i + 56) << 56;
            // The first two ends are stored whether or not they exist (a store past the count is
            // overwritten later): a block of longer lines then takes no branch it cannot predict.
            int marked = Long.bitCount(marks);
            found[n] = i + Long.numberOfTrailingZeros(marks) + 1;
            marks &= marks - 1;
            found[n + 1] = i + Long.numberOfTrailingZeros(marks) + 1;
            for (int k = n + 2; k < n + marked; k++) {
                marks &= marks - 1;
                found[k] = i + Long.numberOfTrailingZeros(marks) + 1;
            }
            n += marked;
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
     * The {@code \n} bytes among the eight at {@code at}, as the low eight bits of the result: bit
     * {@code k} set if byte {@code k} is one. The exact zero-byte test on the word XOR
     * {@code 0x0A0A...} lets no borrow or carry cross bytes and leaves {@code 0x80} in each {@code \n}
     * byte; the multiplication moves bit 7 of byte {@code k} to bit {@code 56 + k}, and no two of its
     * partial products meet, so nothing carries.
     */
    private static long newlines(byte[] chunk, int at) {
        long x = (long) WORDS.get(chunk, at) ^ NEWLINES;
        long marks = ~(((x & LOW_SEVEN) + LOW_SEVEN) | x | LOW_SEVEN);
        return (marks * GATHER) >>> 56;
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
