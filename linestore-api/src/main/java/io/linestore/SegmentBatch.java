package io.linestore;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A reusable block of lines whose bytes are a {@link MemorySegment}: for a store read through
 * {@link ReadMethod#MMAP} (or {@link ReadMethod#AUTO}) with an entry for every line, a view of the
 * store's mapping, so a read copies no byte of the lines; for the other read methods one read of the
 * range into the batch's own native memory. Line {@code i} is {@code bytes()[start(i), end(i))},
 * without its terminator; what lies between one line's end and the next line's start is that
 * terminator ({@code \n}, or {@code \r\n} as stored), part of no line. A store fills it with
 * {@link LineStore#read(long, long, SegmentBatch)}.
 *
 * <p><b>Lifetime.</b> The bytes are valid until the batch is filled again or closed, and, for a view,
 * while the store is open and the shard's mapping is kept: a store with more shards than its handle
 * cache holds may close the mapping of one to open another. A view whose mapping was closed throws
 * {@link IllegalStateException} on access; it never reads freed memory. Copy what you keep.
 *
 * <p>Not thread-safe: one thread fills and reads a batch at a time. Close it to free its native
 * memory (a view's mapping belongs to the store).
 *
 * <h2>Filling</h2>
 * Implementations of {@link LineStore} fill a batch with {@link #clear(long)}, then either
 * {@link #view(MemorySegment, long)} or {@link #reserve(long, long)} (and write the bytes there), then
 * {@link #reserveLines(int)} and {@link #addLine(long)} per line; or {@link #add(ByteBuffer)} per line,
 * which copies it and a terminator into the batch's memory. Only line ends are kept, one {@code long}
 * per line: a line's end without its terminator is read from the bytes when asked for.
 */
public final class SegmentBatch implements AutoCloseable {

    private static final int DEFAULT_LINES = 1 << 10;

    /** Owns {@link #own}; replaced when it grows, so memory outgrown is freed at once. */
    private Arena arena = Arena.ofShared();
    private MemorySegment own = MemorySegment.NULL;
    private MemorySegment bytes = MemorySegment.NULL;
    /** Bytes of {@link #own} in use by lines added with {@link #add}. */
    private long used;
    /** {@code offsets[0]} is where line 0 starts, {@code offsets[i + 1]} where line {@code i}'s terminator ends. */
    private long[] offsets = new long[1 + DEFAULT_LINES];
    private int size;
    private long firstLine;

    /** Makes an empty batch; it allocates native memory only when a read copies into it. */
    public SegmentBatch() {
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
     * The store's number of the batch's first line.
     *
     * @return the line number given to the last {@link #clear(long)}
     */
    public long firstLine() {
        return firstLine;
    }

    /**
     * The bytes the lines lie in: a view of a mapping or the batch's own memory.
     *
     * @return the segment, not a copy; read-only in effect
     */
    public MemorySegment bytes() {
        return bytes;
    }

    /**
     * Where line {@code i} starts in {@link #bytes()}.
     *
     * @param i the line, {@code [0, size())}
     * @return its first byte's offset
     * @throws IndexOutOfBoundsException if {@code i} is out of range
     */
    public long start(int i) {
        return offsets[checkLine(i)];
    }

    /**
     * Where line {@code i}'s bytes end in {@link #bytes()}, its terminator excluded: the terminator is
     * read from the bytes ({@code \n} or {@code \r\n}; none for a file's unterminated last line).
     *
     * @param i the line, {@code [0, size())}
     * @return the end of its bytes, exclusive
     * @throws IndexOutOfBoundsException if {@code i} is out of range
     */
    public long end(int i) {
        long start = offsets[checkLine(i)];
        long end = offsets[i + 1];
        if (end > start && bytes.get(ValueLayout.JAVA_BYTE, end - 1) == '\n') {
            end--;
            if (end > start && bytes.get(ValueLayout.JAVA_BYTE, end - 1) == '\r') {
                end--;
            }
        }
        return end;
    }

    /**
     * Where the first line starts in {@link #bytes()}.
     *
     * @return the offset of the block's first byte
     */
    public long byteStart() {
        return offsets[0];
    }

    /**
     * Where the last line's terminator ends in {@link #bytes()}.
     *
     * @return the offset past the block's last byte
     */
    public long byteEnd() {
        return offsets[size];
    }

    /**
     * Line {@code i}'s bytes, as a slice of {@link #bytes()}.
     *
     * @param i the line, {@code [0, size())}
     * @return the slice, sharing the batch's bytes
     * @throws IndexOutOfBoundsException if {@code i} is out of range
     */
    public MemorySegment line(int i) {
        long start = start(i);
        return bytes.asSlice(start, end(i) - start);
    }

    /**
     * Decodes line {@code i} as UTF-8, malformed bytes as U+FFFD.
     *
     * @param i the line, {@code [0, size())}
     * @return its text
     * @throws IndexOutOfBoundsException if {@code i} is out of range
     */
    public String string(int i) {
        return new String(line(i).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8);
    }

    /**
     * Empties the batch for a read that starts at a line.
     *
     * @param firstLine the store's number of the line that will be line 0
     */
    public void clear(long firstLine) {
        this.firstLine = firstLine;
        this.size = 0;
        this.used = 0;
        this.offsets[0] = 0;
        this.bytes = MemorySegment.NULL;
    }

    /**
     * Makes the lines' bytes a view of memory the store owns; copies nothing.
     *
     * @param view the bytes the lines' offsets refer to
     * @param firstStart where line 0 starts in the view
     */
    public void view(MemorySegment view, long firstStart) {
        this.bytes = view;
        this.offsets[0] = firstStart;
    }

    /**
     * Makes the lines' bytes the batch's own memory, for the store to read the range into; its content
     * is undefined.
     *
     * @param length bytes needed, {@code >= 0}
     * @param firstStart where line 0 will start in them
     * @return the memory, exactly {@code length} bytes long, which {@link #bytes()} now is
     */
    public MemorySegment reserve(long length, long firstStart) {
        grow(length);
        bytes = own.asSlice(0, length);
        offsets[0] = firstStart;
        return bytes;
    }

    /**
     * Makes room for {@code lines} more lines, so that adding them allocates nothing more.
     *
     * @param lines lines about to be added, {@code >= 0}
     * @throws IllegalArgumentException if the batch would hold more lines than an array can
     */
    public void reserveLines(int lines) {
        long need = (long) size + 1 + lines;
        if (lines < 0 || need > LineBatch.MAX_BYTES) {
            throw new IllegalArgumentException("a batch of " + size + " lines cannot take " + lines + " more: at most "
                    + (LineBatch.MAX_BYTES - 1) + "; read fewer lines at a time");
        }
        if (need > offsets.length) {
            offsets = Arrays.copyOf(offsets, (int) Math.min(LineBatch.MAX_BYTES, Math.max(need, 2L * offsets.length)));
        }
    }

    /**
     * Adds the line that runs from the previous line's end (or line 0's start) to {@code end}, its
     * terminator included; room must have been {@link #reserveLines reserved}.
     *
     * @param end the offset past the line's terminator in {@link #bytes()}
     */
    public void addLine(long end) {
        offsets[++size] = end;
    }

    /**
     * Copies one line's bytes (between the buffer's position and limit, without a terminator) into the
     * batch's own memory, followed by a terminator, and adds it; the buffer is untouched. Lines added so
     * must not follow a {@link #view} or {@link #reserve} of the same fill.
     *
     * @param line the line's stored bytes
     */
    public void add(ByteBuffer line) {
        int length = line.remaining();
        // A line whose bytes end in \r gets \r\n, so that the \r stays its own (see end()).
        int terminator = length > 0 && line.get(line.limit() - 1) == '\r' ? 2 : 1;
        long at = used;
        grow(at + length + terminator);
        bytes = own;
        MemorySegment.copy(MemorySegment.ofBuffer(line), 0, own, at, length);
        if (terminator == 2) {
            own.set(ValueLayout.JAVA_BYTE, at + length, (byte) '\r');
        }
        own.set(ValueLayout.JAVA_BYTE, at + length + terminator - 1, (byte) '\n');
        used = at + length + terminator;
        reserveLines(1);
        addLine(used);
    }

    /** Grows the own memory to at least {@code length} bytes, keeping its first {@link #used} bytes. */
    private void grow(long length) {
        if (length <= own.byteSize()) {
            return;
        }
        Arena larger = Arena.ofShared();
        MemorySegment grown = larger.allocate(Math.max(length, 2 * own.byteSize()));
        MemorySegment.copy(own, 0, grown, 0, used);
        if (arena.scope().isAlive()) {
            arena.close();
        }
        arena = larger;
        own = grown;
    }

    private int checkLine(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("line " + i + " of a batch of " + size);
        }
        return i;
    }

    /** Frees the batch's own memory; a view's mapping belongs to the store. Idempotent. */
    @Override
    public void close() {
        if (arena.scope().isAlive()) {
            arena.close();
        }
        own = MemorySegment.NULL;
        bytes = MemorySegment.NULL;
        size = 0;
    }

    @Override
    public String toString() {
        return "SegmentBatch(firstLine=" + firstLine + ", lines=" + size + ")";
    }
}
