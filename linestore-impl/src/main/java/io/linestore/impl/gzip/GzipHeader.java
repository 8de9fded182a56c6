package io.linestore.impl.gzip;

import java.util.zip.DataFormatException;

/** Skips a gzip member's header (RFC 1952, 2.3), for a raw inflater going on into the next member. */
final class GzipHeader {

    private static final int FHCRC = 2;
    private static final int FEXTRA = 4;
    private static final int FNAME = 8;
    private static final int FCOMMENT = 16;
    private static final int RESERVED = 0xE0;

    private GzipHeader() {
    }

    /**
     * Where the deflate data of the member whose header starts at {@code at} begins.
     *
     * @param bytes the compressed bytes
     * @param at where the header starts
     * @param end the end of the bytes at hand, exclusive
     * @return the offset of the member's first deflate byte
     * @throws DataFormatException if the bytes are not a gzip header, or it does not end before {@code end}
     */
    static int skip(byte[] bytes, int at, int end) throws DataFormatException {
        if (at + 10 > end || bytes[at] != 0x1F || bytes[at + 1] != (byte) 0x8B || bytes[at + 2] != 8
                || (bytes[at + 3] & RESERVED) != 0) {
            throw new DataFormatException("no gzip member header where a member should start");
        }
        int flags = bytes[at + 3];
        int p = at + 10;
        if ((flags & FEXTRA) != 0) {
            if (p + 2 > end) {
                throw cut();
            }
            p += 2 + ((bytes[p] & 0xFF) | (bytes[p + 1] & 0xFF) << 8);
        }
        if ((flags & FNAME) != 0) {
            p = afterZero(bytes, p, end);
        }
        if ((flags & FCOMMENT) != 0) {
            p = afterZero(bytes, p, end);
        }
        if ((flags & FHCRC) != 0) {
            p += 2;
        }
        if (p > end) {
            throw cut();
        }
        return p;
    }

    private static int afterZero(byte[] bytes, int p, int end) throws DataFormatException {
        while (p < end && bytes[p] != 0) {
            p++;
        }
        if (p == end) {
            throw cut();
        }
        return p + 1;
    }

    private static DataFormatException cut() {
        return new DataFormatException("a gzip member header runs past the checkpoint's bytes");
    }
}
