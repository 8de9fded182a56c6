package io.linestore.cli.command;

import io.linestore.cli.common.Sizes;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * The lines of a {@code read --ranges} request stream: split at {@code \n} only (a {@code \r} before
 * it is dropped, a lone {@code \r} is part of the line, as a request parser then says), and bounded
 * as they arrive: a line is refused as soon as it passes {@value #LONGEST} bytes, so a stream of one
 * endless line costs neither memory nor time; the next call skips the rest of that line. Not
 * thread-safe.
 */
final class RequestLines implements AutoCloseable {

    /** The longest request kept: two counts of any size with blanks around them fit many times. */
    static final int LONGEST = 1024;
    /** How much of a request too long its message quotes. */
    private static final int QUOTED_BYTES = 60;

    private final String name;
    private final InputStream in;
    private final byte[] line = new byte[LONGEST];
    /** Whether the line read last was refused before its end, which the next call skips. */
    private boolean skipping;

    /**
     * Reads lines from {@code in}, which this closes.
     *
     * @param name what the stream is, for messages: a file name or "standard input"
     * @param in the request stream
     */
    RequestLines(String name, InputStream in) {
        this.name = name;
        this.in = new BufferedInputStream(in, 1 << 16);
    }

    /**
     * The next line.
     *
     * @return the line, without its terminator; {@code null} at the end of the stream
     * @throws IOException naming the stream if reading fails
     * @throws IllegalArgumentException quoting its start once a line passes {@value #LONGEST} bytes;
     *     the next call skips the rest of that line and returns the line after it
     */
    String next() throws IOException {
        try {
            return read();
        } catch (IOException e) {
            throw new IOException("cannot read requests from " + name + ": " + e.getMessage(), e);
        }
    }

    private String read() throws IOException {
        if (skipping) {
            int b;
            do {
                b = in.read();
            } while (b >= 0 && b != '\n');
            skipping = false;
            if (b < 0) {
                return null;
            }
        }
        int length = 0;
        int b = in.read();
        if (b < 0) {
            return null;
        }
        for (; b >= 0 && b != '\n'; b = in.read()) {
            if (length == LONGEST) {
                skipping = true;
                throw new IllegalArgumentException("request longer than " + LONGEST + " bytes, starting "
                        + Sizes.quote(new String(line, 0, QUOTED_BYTES, StandardCharsets.UTF_8)));
            }
            line[length++] = (byte) b;
        }
        if (length > 0 && line[length - 1] == '\r') {
            length--;
        }
        return new String(line, 0, length, StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
