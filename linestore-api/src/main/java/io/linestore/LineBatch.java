package io.linestore;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A reusable block of lines in one byte array, the way Apache Arrow lays out variable-width values:
 * the stored bytes of every line, each followed by one {@code \n}, back to back, and an array of
 * offsets. Line {@code i} is {@code bytes()[start(i), end(i))}, without its terminator, and
 * {@code bytes()[end(i)]} is its {@code \n}; {@code end(i) + 1 == start(i + 1)}. A store fills it with
 * {@link LineStore#read(long, long, LineBatch)} in one pass, with no object per line, and the next read
 * reuses its arrays: a batch that has grown to the size of the reads allocates nothing more.
 *
 * <p>The lines' bytes are the stored ones, undecoded; a {@code \r\n} terminator in the store is a
 * {@code \n} here (the {@code \r} belonged to the terminator), and a store's last line that has no
 * terminator gets one. So {@link #writeTo} writes what {@code linestore read} prints, in one write.
 *
 * <p>Not thread-safe: one thread fills and reads a batch at a time. The arrays {@link #bytes()} and
 * the offsets behind {@link #start}/{@link #end} are the batch's own and change with the next fill;
 * copy what you keep.
 *
 * <h2>Filling</h2>
 * Implementations of {@link LineStore} fill a batch with {@link #clear(long)}, then either
 * {@link #add(ByteBuffer)} per line, or, to copy many lines at once, {@link #reserve(int, long)},
 * writing into {@link #bytes()} from {@link #byteEnd()} on, and {@link #addLine(int)} per line.
 */
public final class LineBatch {

    /** The most bytes a batch holds: the largest array every JDK allocates. */
    public static final int MAX_BYTES = Integer.MAX_VALUE - 8;

    private static final int DEFAULT_BYTES = 1 << 16;
    private static final int DEFAULT_LINES = 1 << 10;

    private byte[] bytes;
    private int[] offsets;
    private int size;
    private long firstLine;

    /** Makes an empty batch with room for about 64 KiB of lines; it grows as reads need. */
    public LineBatch() {
        this(DEFAULT_BYTES, DEFAULT_LINES);
    }

    /**
     * Makes an empty batch with room for the given bytes and lines; it grows as reads need.
     *
     * @param initialBytes bytes of lines (terminators included) it holds before growing, {@code >= 0}
     * @param initialLines lines it holds before growing, {@code >= 0}
     * @throws IllegalArgumentException if a size is negative or {@code initialBytes} is more than
     *     {@link #MAX_BYTES}
     */
    public LineBatch(int initialBytes, int initialLines) {
        if (initialBytes < 0 || initialBytes > MAX_BYTES - 1 || initialLines < 0 || initialLines > MAX_BYTES - 1) {
            throw new IllegalArgumentException("initialBytes=" + initialBytes + ", initialLines=" + initialLines
                    + ": each must be in [0, " + (MAX_BYTES - 1) + "]");
        }
        // Byte 0 is never a line's: a store may read the byte before its first line there, to check that
        // it is a line end, without a second read.
        this.bytes = new byte[1 + initialBytes];
        this.offsets = new int[1 + initialLines];
        clear(0);
    }

    /**
     * Lines in the batch.
     *
     * @return the count, {@code >= 0}
     */
    public int size() {
        return size;
    }

    /**
     * The store's number of the batch's first line (line 0 of the batch).
     *
     * @return the line number given to the last {@link #clear(long)}
     */
    public long firstLine() {
        return firstLine;
    }

    /**
     * The array that holds the lines; valid between {@link #byteStart()} and {@link #byteEnd()}.
     *
     * @return the batch's own array, not a copy
     */
    public byte[] bytes() {
        return bytes;
    }

    /**
     * Where line {@code i} starts in {@link #bytes()}.
     *
     * @param i the line, {@code [0, size())}
     * @return its first byte's index
     * @throws IndexOutOfBoundsException if {@code i} is out of range
     */
    public int start(int i) {
        return offsets[checkLine(i)];
    }

    /**
     * Where line {@code i} ends in {@link #bytes()}: the index of its {@code \n}.
     *
     * @param i the line, {@code [0, size())}
     * @return the end of its bytes, exclusive
     * @throws IndexOutOfBoundsException if {@code i} is out of range
     */
    public int end(int i) {
        return offsets[checkLine(i) + 1] - 1;
    }

    /**
     * Decodes line {@code i} as UTF-8, malformed bytes as U+FFFD.
     *
     * @param i the line, {@code [0, size())}
     * @return its text
     * @throws IndexOutOfBoundsException if {@code i} is out of range
     */
    public String line(int i) {
        int start = start(i);
        return new String(bytes, start, offsets[i + 1] - 1 - start, StandardCharsets.UTF_8);
    }

    /**
     * Where the first line starts in {@link #bytes()}.
     *
     * @return the index of the block's first byte
     */
    public int byteStart() {
        return offsets[0];
    }

    /**
     * Where the last line's {@code \n} ends in {@link #bytes()}.
     *
     * @return the index past the block's last byte
     */
    public int byteEnd() {
        return offsets[size];
    }

    /**
     * Writes every line, each followed by {@code \n}, in one write.
     *
     * @param out where to write; not flushed, not closed
     * @throws IOException if writing fails
     */
    public void writeTo(OutputStream out) throws IOException {
        out.write(bytes, byteStart(), byteEnd() - byteStart());
    }

    /**
     * Empties the batch for a read that starts at a line.
     *
     * @param firstLine the store's number of the line that will be line 0
     */
    public void clear(long firstLine) {
        this.firstLine = firstLine;
        this.size = 0;
        this.offsets[0] = 1;
    }

    /**
     * Makes room for more lines and bytes after {@link #byteEnd()}, keeping what the batch holds.
     *
     * @param lines lines about to be added, {@code >= 0}
     * @param moreBytes bytes about to be written from {@link #byteEnd()} on, {@code >= 0}
     * @return {@link #bytes()}, which may be a new array
     * @throws IllegalArgumentException if the batch would hold more than {@link #MAX_BYTES} bytes or lines
     */
    public byte[] reserve(int lines, long moreBytes) {
        long needBytes = (long) byteEnd() + moreBytes;
        long needOffsets = (long) size + 1 + lines;
        if (lines < 0 || moreBytes < 0 || needBytes > MAX_BYTES || needOffsets > MAX_BYTES) {
            throw new IllegalArgumentException("a batch of " + size + " lines in " + (byteEnd() - byteStart())
                    + " bytes cannot take " + lines + " more lines in " + moreBytes + " more bytes: at most "
                    + MAX_BYTES + " of each; read fewer lines at a time");
        }
        if (needBytes > bytes.length) {
            bytes = Arrays.copyOf(bytes, (int) Math.min(MAX_BYTES, Math.max(needBytes, 2L * bytes.length)));
        }
        if (needOffsets > offsets.length) {
            offsets = Arrays.copyOf(offsets, (int) Math.min(MAX_BYTES, Math.max(needOffsets, 2L * offsets.length)));
        }
        return bytes;
    }

    /**
     * Adds the line whose bytes, terminated by {@code \n}, were written into {@link #bytes()} from
     * {@link #byteEnd()} on; room must have been {@link #reserve reserved}.
     *
     * @param end the index past the line's {@code \n}, {@code > byteEnd()}
     */
    public void addLine(int end) {
        offsets[++size] = end;
    }

    /**
     * Copies one line's bytes (between the buffer's position and limit, without a terminator) into the
     * batch and adds a {@code \n}; the buffer is untouched.
     *
     * @param line the line's stored bytes
     * @throws IllegalArgumentException if the batch would hold more than {@link #MAX_BYTES} bytes
     */
    public void add(ByteBuffer line) {
        int length = line.remaining();
        byte[] into = reserve(1, length + 1L);
        int at = byteEnd();
        line.get(line.position(), into, at, length);
        into[at + length] = '\n';
        addLine(at + length + 1);
    }

    private int checkLine(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("line " + i + " of a batch of " + size);
        }
        return i;
    }

    @Override
    public String toString() {
        return "LineBatch(firstLine=" + firstLine + ", lines=" + size + ", bytes=" + (byteEnd() - byteStart()) + ")";
    }
}
