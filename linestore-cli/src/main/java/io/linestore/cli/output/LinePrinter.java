package io.linestore.cli.output;

import io.linestore.LineBatch;
import io.linestore.LineStore;
import io.linestore.cli.common.OutputClosedException;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Writes lines of a store, each line's stored bytes exactly, followed by {@code \n}, optionally after
 * its line number and a tab. Reads them in {@link LineBatch}es of a bounded number of lines, reused from
 * read to read, and writes a whole batch with one write when lines are not numbered. Not thread-safe;
 * one read at a time.
 *
 * <p>Write failures are thrown as {@link OutputClosedException#of classified} unchecked exceptions.
 */
public final class LinePrinter {

    /** Lines per batch: bounds memory for any range, and is large enough that a write moves many lines. */
    private static final int BATCH_LINES = 1 << 12;

    private static final int BUFFER_SIZE = 1 << 16;

    private final OutputStream out;
    private final boolean numbered;
    private final LineBatch batch = new LineBatch();

    /**
     * Makes a printer.
     *
     * @param out where the bytes go; flushed by {@link #flush()}, never closed
     * @param numbered whether to put the line number and a tab before each line
     */
    public LinePrinter(OutputStream out, boolean numbered) {
        this.out = new BufferedOutputStream(out, BUFFER_SIZE);
        this.numbered = numbered;
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
                store.read(first, Math.min(BATCH_LINES, end - first), batch);
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
