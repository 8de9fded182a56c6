package io.linestore.impl.read;

import java.io.IOException;
import java.io.InputStream;

/**
 * An {@link InputStream} over the bytes {@code [from, to)} of something read by position: each read
 * fills the caller's array from the current position with {@link #fill}, never past {@code to}. Not
 * thread-safe itself.
 */
public abstract class RangeInputStream extends InputStream {

    private final long to;
    private long position;

    /**
     * A stream of the bytes {@code [from, to)}.
     *
     * @param from the first byte
     * @param to the end, exclusive
     */
    protected RangeInputStream(long from, long to) {
        this.position = from;
        this.to = to;
    }

    /**
     * Copies exactly {@code length} bytes from {@code position} into the array.
     *
     * @param position the first byte, below the range's end
     * @param into the array
     * @param at where in {@code into} the first byte goes
     * @param length bytes to copy, {@code >= 1}, not past the range's end
     * @throws IOException if reading fails or the source ends first
     */
    protected abstract void fill(long position, byte[] into, int at, int length) throws IOException;

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (position >= to) {
            return -1;
        }
        if (len == 0) {
            return 0;
        }
        int n = (int) Math.min(len, to - position);
        fill(position, b, off, n);
        position += n;
        return n;
    }
}
