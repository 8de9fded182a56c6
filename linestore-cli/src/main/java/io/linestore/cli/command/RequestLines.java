package io.linestore.cli.command;

import io.linestore.cli.common.Sizes;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * The lines of a {@code read --ranges} request stream: split at {@code \n} only (a {@code \r} before
 * it is dropped, a lone {@code \r} is part of the line, as a request parser then says), and bounded:
 * a line longer than {@value #LONGEST} bytes is not kept whole, only its start, so a stream of
 * one endless line costs neither memory nor time. Not thread-safe.
 */
final class RequestLines implements AutoCloseable {

    /** The longest request kept: two counts of any size with blanks around them fit many times. */
    static final int LONGEST = 1024;
    /** How much of a request too long its message quotes. */
    private static final int QUOTED_BYTES = 60;

    private final String name;
    private final InputStream in;
    private final byte[] line = new byte[LONGEST];

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
     * @throws IllegalArgumentException quoting its start if the line is longer than {@value #LONGEST}
     *     bytes; the rest of that line is skipped, so the next call returns the line after it
     */
    String next() throws IOException {
        try {
            return read();
        } catch (IOException e) {
            throw new IOException("cannot read requests from " + name + ": " + e.getMessage(), e);
        }
    }

    private String read() throws IOException {
        int length = 0;
        long skipped = 0;
        int b = in.read();
        if (b < 0) {
            return null;
        }
        for (; b >= 0 && b != '\n'; b = in.read()) {
            if (length < LONGEST) {
                line[length++] = (byte) b;
            } else {
                skipped++;
            }
        }
        if (skipped > 0) {
            throw new IllegalArgumentException("request longer than " + LONGEST + " bytes (" + (LONGEST + skipped)
                    + "), starting " + Sizes.quote(new String(line, 0, QUOTED_BYTES, StandardCharsets.UTF_8)));
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
