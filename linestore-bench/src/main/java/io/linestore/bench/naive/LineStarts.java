package io.linestore.bench.naive;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Where some lines of a text file start, counted in bytes and in UTF-16 characters of its UTF-8
 * decoding, found by one scan of the file (a {@code \n} byte always decodes to a {@code \n}
 * character, so both counts split on the same lines). Immutable.
 */
final class LineStarts {

    private final Path file;
    private final long[] lines;
    private final long[] byteOffsets;
    private final long[] charOffsets;

    private LineStarts(Path file, long[] lines, long[] byteOffsets, long[] charOffsets) {
        this.file = file;
        this.lines = lines;
        this.byteOffsets = byteOffsets;
        this.charOffsets = charOffsets;
    }

    /**
     * Scans {@code file} up to the last of {@code wanted}.
     *
     * @throws IllegalArgumentException naming the file if a wanted line is past its end
     */
    static LineStarts scan(Path file, long[] wanted) {
        long[] lines = Arrays.stream(wanted).sorted().distinct().toArray();
        try {
            return new LineStarts(file, lines, offsets(file, lines, StandardCharsets.ISO_8859_1),
                    offsets(file, lines, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot scan " + file, e);
        }
    }

    /** Returns the index of {@code line} among the scanned lines. */
    int indexOf(long line) {
        int index = Arrays.binarySearch(lines, line);
        if (index < 0) {
            throw new IllegalArgumentException("line " + line + " of " + file + " was not scanned");
        }
        return index;
    }

    long byteOffset(int index) {
        return byteOffsets[index];
    }

    long charOffset(int index) {
        return charOffsets[index];
    }

    /**
     * Finds where the lines start, counted in the chars the charset decodes; ISO-8859-1 decodes each
     * byte to one char, so it counts bytes.
     */
    private static long[] offsets(Path file, long[] lines, Charset charset) throws IOException {
        long[] offsets = new long[lines.length];
        char[] buffer = new char[1 << 16];
        try (Reader in = new InputStreamReader(Files.newInputStream(file), charset)) {
            Cursor cursor = new Cursor(file, lines, offsets);
            int read;
            while (!cursor.done() && (read = in.read(buffer)) > 0) {
                for (int i = 0; i < read && !cursor.done(); i++) {
                    cursor.advance(buffer[i] == '\n');
                }
            }
            cursor.requireDone();
        }
        return offsets;
    }

    /** Walks a file one unit (byte or char) at a time and records where the wanted lines start. */
    private static final class Cursor {
        private final Path file;
        private final long[] lines;
        private final long[] offsets;
        private long position;
        private long line;
        private int next;

        Cursor(Path file, long[] lines, long[] offsets) {
            this.file = file;
            this.lines = lines;
            this.offsets = offsets;
            record();
        }

        boolean done() {
            return next == lines.length;
        }

        void advance(boolean endOfLine) {
            position++;
            if (endOfLine) {
                line++;
                record();
            }
        }

        void requireDone() {
            if (!done()) {
                throw new IllegalArgumentException("line " + lines[next] + " is past the end of " + file
                        + " (" + line + " lines)");
            }
        }

        private void record() {
            while (next < lines.length && lines[next] == line) {
                offsets[next++] = position;
            }
        }
    }
}
