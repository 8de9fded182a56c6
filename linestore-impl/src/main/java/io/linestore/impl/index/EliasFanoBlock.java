package io.linestore.impl.index;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * One block of a non-decreasing sequence of {@code B} longs in Elias–Fano coding (Vigna,
 * "Quasi-succinct indices", WSDM 2013), relative to the block's first value. All numbers little-endian.
 *
 * <pre>
 * offset     size        field
 *      0        8        base: the first value, v[0]
 *      8        1        l, the low bits kept per value (0..{@value #MAX_LOW_BITS})
 *      9        2        u, the upper bits' length in 8-byte words
 *     11  ceil(B*l/8)    low bits: bits [j*l, (j+1)*l) hold the low l bits of v[j] - base, LSB first
 *      .      8*u        upper bits, LSB first: bit ((v[j] - base) &gt;&gt;&gt; l) + j is set for every j,
 *                        and no other
 * </pre>
 *
 * <p>{@code l} is {@code floor(log2((v[B-1] - v[0]) / B))} (0 when that quotient is 0), at most
 * {@value #MAX_LOW_BITS}, so the upper bits are at most {@code 3 * B} bits long, or {@code B + 128}
 * when {@code l} is capped: value {@code j} is found by counting set bits over at most
 * {@code ceil(3 * B / 64)} words (6 for 128 values), never by a scan that grows with the data. A
 * block costs at most {@code l + 3} bits per value, about {@code 2 + log2(average gap)}, plus its 11
 * header bytes; with {@code l} capped it is at most {@code 11 + 7 * B + 8 * ceil((B + 128) / 64)} bytes
 * (under 8 bytes per value for {@code B >= 128}).
 *
 * <p>Stateless; {@link #get} only reads its segment, so it is thread-safe over a shared mapping.
 */
public final class EliasFanoBlock {

    /** Bytes before the low bits. */
    public static final int HEADER_BYTES = 11;

    /** The most low bits a value keeps: one unaligned 8-byte read then holds any value's low bits. */
    public static final int MAX_LOW_BITS = 56;

    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfShort SHORT =
            ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private EliasFanoBlock() {
    }

    /**
     * Bytes the block of {@code values} takes.
     *
     * @param values the block's values, non-decreasing, at least one
     * @return its encoded size
     */
    public static int encodedBytes(long[] values) {
        int l = lowBits(values);
        return HEADER_BYTES + lowBytes(values.length, l) + Long.BYTES * upperWords(values, l);
    }

    /**
     * The most bytes a block of {@code blockValues} values can take, whatever they are.
     *
     * @param blockValues values in the block
     * @return an upper bound of {@link #encodedBytes}
     */
    public static int maxEncodedBytes(int blockValues) {
        return HEADER_BYTES + MAX_LOW_BITS / Byte.SIZE * blockValues
                + Long.BYTES * (int) Math.ceilDiv(3L * blockValues + 128, Long.SIZE);
    }

    /**
     * Encodes a block at the buffer's position, advancing it.
     *
     * @param values the block's values, non-decreasing, at least one
     * @param out a buffer with {@link #encodedBytes} bytes remaining; its byte order is ignored
     * @throws IllegalArgumentException if the values decrease
     */
    public static void encode(long[] values, ByteBuffer out) {
        for (int j = 1; j < values.length; j++) {
            if (values[j] < values[j - 1]) {
                throw new IllegalArgumentException("values decrease at " + j + ": " + values[j - 1] + " then "
                        + values[j]);
            }
        }
        int l = lowBits(values);
        int words = upperWords(values, l);
        ByteBuffer block = out.slice(out.position(), HEADER_BYTES + lowBytes(values.length, l) + Long.BYTES * words)
                .order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < block.capacity(); i++) {
            block.put(i, (byte) 0);
        }
        block.putLong(0, values[0]).put(8, (byte) l).putShort(9, (short) words);
        long base = values[0];
        long lowMask = (1L << l) - 1;
        for (int j = 0; j < values.length; j++) {
            long x = values[j] - base;
            if (l > 0) {
                orBits(block, HEADER_BYTES, (long) j * l, x & lowMask, l);
            }
            long upperBit = (x >>> l) + j;
            int at = HEADER_BYTES + lowBytes(values.length, l) + (int) (upperBit >>> 3);
            block.put(at, (byte) (block.get(at) | (1 << (upperBit & 7))));
        }
        out.position(out.position() + block.capacity());
    }

    /**
     * Value {@code j} of the block at {@code position}.
     *
     * @param segment the segment holding the block
     * @param position where the block starts
     * @param blockValues values in the block, {@code B}
     * @param j the value, {@code [0, B)}
     * @return the value, or -1 if the block's upper bits do not hold a {@code j}-th set bit (a damaged
     *     block)
     * @throws IndexOutOfBoundsException if the block runs past the segment
     */
    public static long get(MemorySegment segment, long position, int blockValues, int j) {
        long base = segment.get(LONG, position);
        int l = segment.get(ValueLayout.JAVA_BYTE, position + 8);
        int words = segment.get(SHORT, position + 9) & 0xFFFF;
        long low = 0;
        if (l > 0) {
            long bit = (long) j * l;
            low = (segment.get(LONG, position + HEADER_BYTES + (bit >>> 3)) >>> (bit & 7)) & ((1L << l) - 1);
        }
        long upper = position + HEADER_BYTES + lowBytes(blockValues, l);
        int rank = j;
        for (int w = 0; w < words; w++) {
            long word = segment.get(LONG, upper + (long) w * Long.BYTES);
            int ones = Long.bitCount(word);
            if (rank < ones) {
                long high = (long) w * Long.SIZE + Long.numberOfTrailingZeros(nthSetBit(word, rank)) - j;
                return base + (high << l | low);
            }
            rank -= ones;
        }
        return -1;
    }

    /**
     * Values {@code [j, j + count)} of the block at {@code position}, decoded in one pass: the set bits of
     * the upper bits are walked in order rather than found one rank at a time.
     *
     * @param segment the segment holding the block
     * @param position where the block starts
     * @param blockValues values in the block, {@code B}
     * @param j the first value wanted, {@code [0, B)}
     * @param into receives the values
     * @param at where in {@code into} the first goes
     * @param count values wanted, {@code j + count <= B}
     * @return {@code false} if the block's upper bits hold fewer set bits than needed (a damaged block)
     * @throws IndexOutOfBoundsException if the block runs past the segment
     */
    public static boolean decode(MemorySegment segment, long position, int blockValues, int j, long[] into, int at,
            int count) {
        long base = segment.get(LONG, position);
        int l = segment.get(ValueLayout.JAVA_BYTE, position + 8);
        int words = segment.get(SHORT, position + 9) & 0xFFFF;
        long lowStart = position + HEADER_BYTES;
        long mask = (1L << l) - 1;
        long upper = lowStart + lowBytes(blockValues, l);
        int w = 0;
        long word = 0;
        int rank = j;
        // Find the word that holds the j-th set bit, and clear the set bits before it.
        for (; w < words; w++) {
            word = segment.get(LONG, upper + (long) w * Long.BYTES);
            int ones = Long.bitCount(word);
            if (rank < ones) {
                break;
            }
            rank -= ones;
        }
        if (w == words) {
            return false;
        }
        word &= -nthSetBit(word, rank);
        for (int v = 0; v < count; v++) {
            while (word == 0) {
                if (++w == words) {
                    return false;
                }
                word = segment.get(LONG, upper + (long) w * Long.BYTES);
            }
            long high = (long) w * Long.SIZE + Long.numberOfTrailingZeros(word) - (j + v);
            word &= word - 1;
            long low = 0;
            if (l > 0) {
                long bit = (long) (j + v) * l;
                low = (segment.get(LONG, lowStart + (bit >>> 3)) >>> (bit & 7)) & mask;
            }
            into[at + v] = base + (high << l | low);
        }
        return true;
    }

    /**
     * The bytes a block takes, from its header, without decoding it.
     *
     * @param segment the segment holding the block
     * @param position where the block starts
     * @param blockValues values in the block
     * @return the block's size in bytes
     */
    public static long storedBytes(MemorySegment segment, long position, int blockValues) {
        int l = segment.get(ValueLayout.JAVA_BYTE, position + 8);
        int words = segment.get(SHORT, position + 9) & 0xFFFF;
        return HEADER_BYTES + lowBytes(blockValues, l) + (long) Long.BYTES * words;
    }

    /**
     * The set bit of rank {@code rank} (from 0) of {@code word}, alone: {@code Long.expand} deposits bit
     * {@code rank} of its source at that position, one PDEP instruction where the CPU has BMI2 (C2
     * intrinsic) instead of a loop that clears up to 63 lower bits one by one. 0 if {@code word} has
     * {@code rank} set bits or fewer.
     */
    private static long nthSetBit(long word, int rank) {
        return Long.expand(1L << rank, word);
    }

    private static int lowBits(long[] values) {
        long perValue = (values[values.length - 1] - values[0]) / values.length;
        return perValue == 0 ? 0 : Math.min(63 - Long.numberOfLeadingZeros(perValue), MAX_LOW_BITS);
    }

    private static int lowBytes(int blockValues, int l) {
        return (int) Math.ceilDiv((long) blockValues * l, Byte.SIZE);
    }

    private static int upperWords(long[] values, int l) {
        long bits = ((values[values.length - 1] - values[0]) >>> l) + values.length;
        return (int) Math.ceilDiv(bits, Long.SIZE);
    }

    /** ORs the low {@code width} bits of {@code bits} into the buffer at bit {@code bit} past {@code from}. */
    private static void orBits(ByteBuffer block, int from, long bit, long bits, int width) {
        for (int done = 0; done < width; ) {
            int at = from + (int) ((bit + done) >>> 3);
            int offset = (int) ((bit + done) & 7);
            int take = Math.min(8 - offset, width - done);
            int piece = (int) ((bits >>> done) & ((1 << take) - 1));
            block.put(at, (byte) (block.get(at) | (piece << offset)));
            done += take;
        }
    }
}
