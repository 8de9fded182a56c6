package io.linestore.impl.read;

import io.linestore.CorruptStoreException;
import io.linestore.LineBatch;
import io.linestore.LineVisitor;
import io.linestore.SegmentBatch;
import io.linestore.impl.index.LineIndex;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Reads lines of a shard whose index has an entry for every line (dense or compact): line {@code k}
 * is the bytes {@code [entry(k), entry(k + 1))} less its terminator, so the index splits the lines and
 * no byte is scanned for {@code \n}. A read copies each range once (none for views of a mapping) into
 * the thread's {@link Scratch} array or the caller's batch, in windows of at most the read buffer size
 * (or one line, if a line is longer), so it allocates nothing in proportion to the range.
 *
 * <p><b>The per-read check</b>, O(lines), on every read, is {@link PromisedLines}'s, applied window by
 * window: the entries of the lines read increase strictly, stay inside the committed data, and the byte
 * before the first line and the last byte of every line read is {@code \n} (but the unterminated last
 * line of a file indexed in place). So an entry moved into a line, past another entry, or beyond the
 * data is a {@link CorruptStoreException}, never a wrong line. What no read checks, since it would
 * take a look at every byte: a changed byte inside a line, and an index whose entries skip line starts
 * in step (two lines then read as one, with a {@code \n} inside); {@code verify} finds both (the CRC32C
 * of every committed byte, every entry against the data). A scan of each {@code String} for a
 * {@code \n} cost a third of a read into {@code String}s (14 of 44 ns per 100-byte line).
 *
 * <p>Thread-safe: no state but the shard's; each read uses its own thread's scratch.
 */
final class IndexedLines {

    /** A window longer than this cannot be one array, nor one buffer view. */
    private static final long MAX_WINDOW = Integer.MAX_VALUE - 8;

    /** The most lines in a window: bounds the thread's array of their index entries (32 KiB). */
    private static final int WINDOW_LINES = 4096;

    private final Path dataFile;
    private final LineIndex index;
    private final RangeReader reader;
    private final PromisedLines promised;
    private final int windowBytes;

    /**
     * Reads a shard through its index.
     *
     * @param dataFile the data file, for messages
     * @param index the shard's index, stride 1
     * @param reader reads the data file
     * @param promised checks and splits what is read
     * @param windowBytes the most bytes read into scratch at once, {@code >= 1}
     */
    IndexedLines(Path dataFile, LineIndex index, RangeReader reader, PromisedLines promised, int windowBytes) {
        this.dataFile = dataFile;
        this.index = index;
        this.reader = reader;
        this.promised = promised;
        this.windowBytes = windowBytes;
    }

    /** Receives a window: the bytes of lines {@code [i, j)} lie in it from {@code entries[0] - base} on. */
    @FunctionalInterface
    private interface WindowReader {
        void read(long i, long j, long[] entries, long base, int length) throws IOException;
    }

    /**
     * Hands lines {@code [start, end)} to a visitor as views of the window they were read into.
     *
     * @param start the first line of the shard
     * @param end the end line, exclusive
     * @param firstLine the store-wide number of line {@code start}
     * @param visitor receives each line
     */
    void visit(long start, long end, long firstLine, LineVisitor visitor) {
        Scratch scratch = Scratch.take();
        try {
            windows(start, end, scratch, (i, j, entries, base, length) -> {
                ByteBuffer window = reader.bytes(base, length, scratch);
                ByteBuffer view = window.duplicate();
                promised.split(window, base, i, j, entries, (line, s, contentEnd, e) -> {
                    view.clear().limit(contentEnd).position(s);
                    visitor.visit(firstLine + line - start, view);
                });
            });
        } finally {
            scratch.release();
        }
    }

    /**
     * Hands lines {@code [start, end)}, decoded as UTF-8, to a consumer: one copy of the bytes into the
     * window, one into each {@code String}.
     *
     * @param start the first line of the shard
     * @param end the end line, exclusive
     * @param consumer receives each line
     */
    void strings(long start, long end, Consumer<String> consumer) {
        Scratch scratch = Scratch.take();
        try {
            windows(start, end, scratch, (i, j, entries, base, length) -> {
                byte[] bytes = window(scratch, i, length);
                reader.readFully(base, bytes, 0, length);
                promised.split(ByteBuffer.wrap(bytes, 0, length), base, i, j, entries, (line, s, contentEnd, e) -> {
                    consumer.accept(new String(bytes, s, contentEnd - s, StandardCharsets.UTF_8));
                });
            });
        } finally {
            scratch.release();
        }
    }

    /**
     * Adds lines {@code [start, end)} to a batch with one copy of their bytes, each followed by one
     * {@code \n} (a {@code \r\n} terminator loses its {@code \r}, an unterminated last line gains a
     * {@code \n}: the lines after such a line move down in the batch).
     *
     * @param start the first line of the shard
     * @param end the end line, exclusive
     * @param batch receives the lines after those it holds
     */
    void batch(long start, long end, LineBatch batch) {
        if (start == end) {
            return;
        }
        Scratch scratch = Scratch.take();
        try {
            // The first window's entries give the range's start, and its end when the read fits in one
            // window (a short read then looks nothing up twice).
            long firstEnd = Math.min(end, start + WINDOW_LINES);
            long[] first = entries(scratch, start, firstEnd);
            long from = first[0];
            long to = firstEnd == end ? first[(int) (end - start)] : entry(end);
            promised.checkRange(start, end, from, to);
            fill(start, end, from, to, first, scratch, batch);
        } finally {
            scratch.release();
        }
    }

    /**
     * Makes lines {@code [start, end)} a segment batch's: their stored bytes, with the byte before them,
     * become its bytes (a view of a mapping, or one read into its memory), and each line's end is taken
     * from its entry as the check passes it ({@link PromisedLines#checkInto}). Terminators stay as stored.
     *
     * @param start the first line of the shard
     * @param end the end line, exclusive, {@code > start}
     * @param batch receives the lines; cleared by the caller
     */
    void segments(long start, long end, SegmentBatch batch) {
        Scratch scratch = Scratch.take();
        try {
            // As for a batch: the first window's entries give the range's start, and its end when the read
            // fits in one window.
            long firstEnd = Math.min(end, start + WINDOW_LINES);
            long[] entries = entries(scratch, start, firstEnd);
            long from = entries[0];
            long to = firstEnd == end ? entries[(int) (end - start)] : entry(end);
            promised.checkRange(start, end, from, to);
            long base = from > 0 ? from - 1 : 0;
            MemorySegment bytes = reader.segment(base, to - base, from - base, batch, scratch);
            batch.reserveLines(Math.toIntExact(end - start));
            for (long i = start; i < end; ) {
                long j = Math.min(end, i + WINDOW_LINES);
                promised.checkInto(bytes, base, i, j, i == start ? entries : entries(scratch, i, j), to, batch);
                i = j;
            }
        } catch (IOException e) {
            throw readFailed(e);
        } finally {
            scratch.release();
        }
    }

    /** {@link #batch}, once the range {@code [from, to)} is known and {@code first} holds the first window's entries. */
    private void fill(long start, long end, long from, long to, long[] first, Scratch scratch, LineBatch batch) {
        int lead = from > 0 ? 1 : 0;
        // The byte before the first line goes where the batch's last \n (or its unused byte 0) is, and is
        // put back after the check; an unterminated last line needs one byte more for its \n.
        byte[] bytes;
        try {
            bytes = batch.reserve(Math.toIntExact(end - start), to - from + 1);
        } catch (OutOfMemoryError e) {
            throw tooLargeForHeap(start, to - from, e);
        }
        int at = batch.byteEnd() - lead;
        byte kept = bytes[at];
        try {
            reader.readFully(from - lead, bytes, at, (int) (to - from + lead));
            ByteBuffer data = ByteBuffer.wrap(bytes);
            int[] written = {batch.byteEnd()};
            PromisedLines.LineTarget append = (line, s, contentEnd, e) -> {
                int w = written[0];
                if (w == s && contentEnd == e - 1) {
                    w = e;
                } else {
                    System.arraycopy(bytes, s, bytes, w, contentEnd - s);
                    w += contentEnd - s;
                    bytes[w++] = '\n';
                }
                written[0] = w;
                batch.addLine(w);
            };
            for (long i = start; i < end; ) {
                long j = Math.min(end, i + WINDOW_LINES);
                promised.split(data, from - lead - at, i, j, i == start ? first : entries(scratch, i, j), append);
                i = j;
            }
        } catch (IOException e) {
            throw readFailed(e);
        } finally {
            if (lead == 1) {
                bytes[at] = kept;
            }
        }
    }

    /**
     * Reads lines {@code [start, end)} window by window: each as many lines as fit in the window size
     * with the byte before them (at least one, at most {@link #WINDOW_LINES}), with their entries.
     */
    private void windows(long start, long end, Scratch scratch, WindowReader windowReader) {
        try {
            for (long i = start; i < end; ) {
                // The entries first, and the window cut from them: a lookup per entry would decode a
                // compact index's block again for each.
                long[] entries = entries(scratch, i, Math.min(end, i + WINDOW_LINES));
                long from = entries[0];
                long j = i + windowLines(entries, (int) (Math.min(end, i + WINDOW_LINES) - i), from);
                long to = entries[(int) (j - i)];
                long base = from > 0 ? from - 1 : 0;
                windowReader.read(i, j, entries, base, windowLength(i, j, from, base, to));
                i = j;
            }
        } catch (IOException e) {
            throw readFailed(e);
        }
    }

    /** The entries of lines {@code [i, j]}, the end included, in the scratch's array. */
    private long[] entries(Scratch scratch, long i, long j) {
        int count = (int) (j - i) + 1;
        long[] entries = scratch.entries(count);
        index.entries(i, entries, count);
        return entries;
    }

    /**
     * How many of the {@code lines} whose entries start {@code entries} fit in the window size with the
     * byte before them (line 0 at byte {@code from}): all, or the most that fit, at least one.
     */
    private int windowLines(long[] entries, int lines, long from) {
        if (entries[lines] - from + 1 <= windowBytes) {
            return lines;
        }
        int fits = 1;
        int over = lines;
        while (over - fits > 1) {
            int middle = (fits + over) >>> 1;
            if (entries[middle] - from + 1 <= windowBytes) {
                fits = middle;
            } else {
                over = middle;
            }
        }
        return fits;
    }

    /** The length of the window {@code [base, to)} of lines {@code [i, j)}, which start at {@code from}; checked. */
    private int windowLength(long i, long j, long from, long base, long to) {
        promised.checkRange(i, j, from, to);
        long length = to - base;
        if (length > MAX_WINDOW) {
            throw new CorruptStoreException(index.file(), "entries " + i + " and " + j + " give line " + i
                    + " of the shard " + (to - from) + " bytes, more than any line the format holds");
        }
        return (int) length;
    }

    /** The array for a window; a line too long for the heap is an error that says which and how long. */
    private byte[] window(Scratch scratch, long line, int length) {
        try {
            return scratch.bytes(length);
        } catch (OutOfMemoryError e) {
            throw tooLargeForHeap(line, length, e);
        }
    }

    private OutOfMemoryError tooLargeForHeap(long line, long bytes, OutOfMemoryError cause) {
        return HeapErrors.tooLarge(dataFile, "lines from " + line + " of the shard", bytes, cause);
    }

    private long entry(long e) {
        return index.entry(e);
    }

    private RuntimeException readFailed(IOException e) {
        if (e instanceof EOFException) {
            return new CorruptStoreException(dataFile, "truncated: " + e.getMessage(), e);
        }
        return new UncheckedIOException("cannot read " + dataFile, e);
    }
}
