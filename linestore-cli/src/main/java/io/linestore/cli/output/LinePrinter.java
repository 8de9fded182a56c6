package io.linestore.cli.output;

import io.linestore.LineBatch;
import io.linestore.LineStore;
import io.linestore.cli.common.OutputClosedException;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

/**
 * Writes lines of a store, each line's stored bytes exactly, followed by {@code \n}, optionally after
 * its line number and a tab. Reads them in {@link LineBatch}es of a bounded number of lines, reused from
 * read to read, and writes a whole batch with one write when lines are not numbered. Not thread-safe;
 * one read at a time.
 *
 * <p>A batch too large for the heap (a line of hundreds of megabytes in a small heap) is streamed
 * instead: its lines are read again through a memory mapping, as views that are never copied whole, and
 * written in pieces of 64 KiB.
 *
 * <p>Write failures are thrown as {@link OutputClosedException#of classified} unchecked exceptions.
 */
public final class LinePrinter {

    /** Lines per batch: bounds memory for any range, and is large enough that a write moves many lines. */
    private static final int BATCH_LINES = 1 << 12;

    private static final int BUFFER_SIZE = 1 << 16;

    private final OutputStream out;
    private final boolean numbered;
    private final Supplier<LineStore> mapped;
    private final LineBatch batch = new LineBatch();
    private final byte[] piece = new byte[BUFFER_SIZE];

    /**
     * Makes a printer.
     *
     * @param out where the bytes go; flushed by {@link #flush()}, never closed
     * @param numbered whether to put the line number and a tab before each line
     * @param mapped opens the same store read through {@link io.linestore.ReadMethod#MMAP}, for lines too
     *     large for the heap; the printer closes what it returns
     */
    public LinePrinter(OutputStream out, boolean numbered, Supplier<LineStore> mapped) {
        this.out = new BufferedOutputStream(out, BUFFER_SIZE);
        this.numbered = numbered;
        this.mapped = mapped;
    }

    /**
     * Writes lines {@code [from, from + count)} of a store, those that exist.
     *
     * @param store the store
     * @param from the first line, {@code >= 0}
     * @param count the most lines, {@code >= 0}
     * @throws OutputClosedException if the reader of the output has gone
     * @throws java.io.UncheckedIOException if writing fails otherwise
     */
    public void print(LineStore store, long from, long count) {
        long end = from >= store.lineCount() ? from : from + Math.min(count, store.lineCount() - from);
        try {
            for (long first = from; first < end; first += BATCH_LINES) {
                long lines = Math.min(BATCH_LINES, end - first);
                try {
                    store.read(first, lines, batch);
                } catch (OutOfMemoryError tooLarge) {
                    stream(first, lines, tooLarge);
                    continue;
                }
                write(batch);
            }
        } catch (IOException e) {
            throw OutputClosedException.of(e);
        }
    }

    private void write(LineBatch lines) throws IOException {
        if (!numbered) {
            lines.writeTo(out);
            return;
        }
        byte[] bytes = lines.bytes();
        for (int i = 0; i < lines.size(); i++) {
            out.write(Long.toString(lines.firstLine() + i).getBytes(StandardCharsets.US_ASCII));
            out.write('\t');
            out.write(bytes, lines.start(i), lines.end(i) + 1 - lines.start(i));
        }
    }

    /** Writes lines too large for the heap from views of a mapping, in pieces. */
    private void stream(long first, long lines, OutOfMemoryError tooLarge) {
        try (LineStore store = mapped.get()) {
            store.readBytes(first, lines, (number, line) -> {
                try {
                    if (numbered) {
                        out.write(Long.toString(number).getBytes(StandardCharsets.US_ASCII));
                        out.write('\t');
                    }
                    ByteBuffer rest = line.duplicate();
                    while (rest.hasRemaining()) {
                        int length = Math.min(piece.length, rest.remaining());
                        rest.get(piece, 0, length);
                        out.write(piece, 0, length);
                    }
                    out.write('\n');
                } catch (IOException e) {
                    throw OutputClosedException.of(e);
                }
            });
        } catch (OutOfMemoryError again) {
            tooLarge.addSuppressed(again);
            throw tooLarge;
        }
    }

    /**
     * Writes bytes another printer made (an answer printed into memory), as they are.
     *
     * @param answer the bytes
     * @throws OutputClosedException if the reader of the output has gone
     */
    public void write(byte[] answer) {
        try {
            out.write(answer);
        } catch (IOException e) {
            throw OutputClosedException.of(e);
        }
    }

    /**
     * Writes out what is buffered.
     *
     * @throws OutputClosedException if the reader of the output has gone
     * @throws java.io.UncheckedIOException if writing fails otherwise
     */
    public void flush() {
        try {
            out.flush();
        } catch (IOException e) {
            throw OutputClosedException.of(e);
        }
    }
}
