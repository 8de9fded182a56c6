package io.linestore.cli.output;

import io.linestore.LineVisitor;
import io.linestore.cli.common.OutputClosedException;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Writes each visited line's stored bytes exactly, followed by {@code \n}, optionally after its
 * line number and a tab, through a large buffer. Not thread-safe; one read at a time.
 *
 * <p>Write failures are thrown as {@link OutputClosedException#of classified} unchecked
 * exceptions, since a {@link LineVisitor} cannot throw {@link IOException}.
 */
public final class LinePrinter implements LineVisitor {

    private static final int BUFFER_SIZE = 1 << 16;

    private final OutputStream out;
    private final boolean numbered;
    private final byte[] copy = new byte[BUFFER_SIZE];

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

    @Override
    public void visit(long lineNumber, ByteBuffer line) {
        try {
            if (numbered) {
                out.write(Long.toString(lineNumber).getBytes(StandardCharsets.US_ASCII));
                out.write('\t');
            }
            write(line.duplicate());
            out.write('\n');
        } catch (IOException e) {
            throw OutputClosedException.of(e);
        }
    }

    /** Copies through an array in chunks: the buffer may be a view of a memory mapping. */
    private void write(ByteBuffer line) throws IOException {
        if (line.hasArray()) {
            out.write(line.array(), line.arrayOffset() + line.position(), line.remaining());
            return;
        }
        while (line.hasRemaining()) {
            int chunk = Math.min(copy.length, line.remaining());
            line.get(copy, 0, chunk);
            out.write(copy, 0, chunk);
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
