package io.linestore.impl.gzip;

/**
 * Input that brings a raw inflater to a deflate block which starts inside a byte, for an inflater
 * that can only be fed whole bytes (the JDK's {@link java.util.zip.Inflater} has no
 * {@code inflatePrime}): empty deflate blocks, which produce no text, then the block's first bits
 * (the high bits of the byte it starts in), ending on a byte boundary, so that the file's next byte
 * follows. zlib's {@code zran} example describes the method.
 *
 * <p>Deflate (RFC 1951) packs fields from the low bit of each byte up, Huffman codes from their high
 * bit. An empty fixed-Huffman block is 10 bits: {@code BFINAL} 0, {@code BTYPE} 01, and the
 * end-of-block code 0000000. Fixed blocks only move the bit count by even steps, so an odd count of
 * bits is first made even by one empty dynamic-Huffman block of 93 bits: 257 literal/length codes
 * of which only end-of-block has a length (1), one distance code of length 0, told with a
 * code-length code of three symbols (18: repeat a zero 11 to 138 times, as {@code 11}; 1 as
 * {@code 0}; 0 as {@code 10}).
 */
final class DeflatePreface {

    /** The order code-length code lengths are sent in (RFC 1951, 3.2.7). */
    private static final int[] CODE_LENGTH_ORDER = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

    private DeflatePreface() {
    }

    /**
     * The preface for a block whose first {@code bits} bits are the high bits of the byte before.
     *
     * @param bits how many, 1 to 7
     * @param value those bits, in the low {@code bits} bits
     * @return whole bytes to feed the inflater before the byte after
     */
    static byte[] of(int bits, int value) {
        Bits out = new Bits();
        if ((bits & 1) != 0) {
            emptyDynamicBlock(out);
        }
        while ((out.count + bits) % 8 != 0) {
            out.field(0b010, 3); // BFINAL 0, BTYPE 01 (fixed Huffman), low bit first
            out.code(0, 7); // end of block
        }
        out.field(value, bits);
        return out.bytes();
    }

    private static void emptyDynamicBlock(Bits out) {
        out.field(0b100, 3); // BFINAL 0, BTYPE 10 (dynamic Huffman)
        out.field(0, 5); // HLIT: 257 literal/length codes
        out.field(0, 5); // HDIST: 1 distance code
        int sent = 18; // up to code-length symbol 1, the 18th in CODE_LENGTH_ORDER
        out.field(sent - 4, 4); // HCLEN
        for (int i = 0; i < sent; i++) {
            int symbol = CODE_LENGTH_ORDER[i];
            out.field(symbol == 1 ? 1 : symbol == 0 || symbol == 18 ? 2 : 0, 3);
        }
        // Canonical codes of lengths {0: 2, 1: 1, 18: 2}: 1 -> 0, 0 -> 10, 18 -> 11.
        out.code(0b11, 2); // 18: 138 zeros (literals 0 to 137)
        out.field(138 - 11, 7);
        out.code(0b11, 2); // 18: 118 zeros (literals 138 to 255)
        out.field(118 - 11, 7);
        out.code(0b0, 1); // 1: end-of-block (256) has length 1
        out.code(0b10, 2); // 0: the one distance code is unused
        out.code(0, 1); // end of block: the only literal/length code, 0
    }

    /** Bits packed as deflate packs them. */
    private static final class Bits {
        private final byte[] buffer = new byte[32];
        private int count;

        /** A field, low bit first. */
        void field(int value, int length) {
            for (int i = 0; i < length; i++) {
                bit((value >>> i) & 1);
            }
        }

        /** A Huffman code, high bit first. */
        void code(int value, int length) {
            for (int i = length - 1; i >= 0; i--) {
                bit((value >>> i) & 1);
            }
        }

        private void bit(int bit) {
            buffer[count >>> 3] |= (byte) (bit << (count & 7));
            count++;
        }

        byte[] bytes() {
            return java.util.Arrays.copyOf(buffer, count >>> 3);
        }
    }
}
