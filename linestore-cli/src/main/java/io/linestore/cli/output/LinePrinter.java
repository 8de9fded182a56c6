package io.linestore.cli.output;

import io.linestore.LineBatch;
import io.linestore.LineStore;
import io.linestore.StoreInfo;
import io.linestore.cli.common.OutputClosedException;
import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

/**
 * Writes lines of a store, each line's stored bytes exactly, followed by {@code \n}, optionally after
 * its line number and a tab. Reads them in {@link LineBatch}es of a bounded number of lines, reused from
 * read to read, and writes a whole batch with one write when lines are not numbered. Not thread-safe;
 * one read at a time.
 *
 * <p>Unnumbered lines of a local store going to a file descriptor (standard output: a file, a pipe)
 * are handed to {@link LineStore#transferTo}: a store whose lines all end in a lone {@code \n} has the
 * operating system send their stored bytes there, one transfer per shard, without their passing
 * through the JVM; another store's lines are copied a batch at a time. Slices never cross a shard, so a batch whose
 * lines do not fit in the heap fails before any of its bytes is written.
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
    /** The file descriptor {@code out} writes to, for unnumbered lines; {@code null} if there is none. */
    private final FileChannel channel;
    private final boolean numbered;
    private final Supplier<LineStore> mapped;
    private final LineBatch batch = new LineBatch();
    private final byte[] piece = new byte[BUFFER_SIZE];

    /**
     * Makes a printer.
     *
     * @param out where the bytes go; flushed by {@link #flush()}, never closed
     * @param numbered whether to put the line number and a tab before each line
     * @param local whether the store is local: a remote one's transfer copies as a batch read does
     * @param mapped opens the same store read through {@link io.linestore.ReadMethod#MMAP}, for lines too
     *     large for the heap; the printer closes what it returns
     */
    public LinePrinter(OutputStream out, boolean numbered, boolean local, Supplier<LineStore> mapped) {
        this.out = new BufferedOutputStream(out, BUFFER_SIZE);
        this.channel = !numbered && local && out instanceof FileOutputStream file ? file.getChannel() : null;
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
        StoreInfo info = channel != null ? store.info() : null;
        long perShard = info != null ? info.linesPerShard() : Long.MAX_VALUE;
        // Stored bytes that are sent as they are go in one transfer per shard: a copy system call per
        // few megabytes made a 1 GB read into a file cost 1.59x cp instead of 1.24x.
        long slice = info != null && info.loneNewlines() ? Long.MAX_VALUE : BATCH_LINES;
        try {
            if (channel != null) {
                out.flush();
            }
            for (long first = from; first < end; ) {
                long lines = Math.min(Math.min(slice, end - first), perShard - first % perShard);
                try {
                    if (channel != null) {
                        store.transferTo(first, lines, channel);
                    } else {
                        store.read(first, lines, batch);
                        write(batch);
                    }
                } catch (OutOfMemoryError tooLarge) {
                    stream(first, lines, tooLarge);
                }
                first += lines;
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
