package io.linestore.bench.data;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * The byte ranges that hold given runs of lines of a text file with {@code \n} line ends, found by one
 * scan of the file: what the floor benchmarks copy, the same bytes the store reads. Immutable.
 */
public final class ByteRanges {

    private final long[] from;
    private final long[] to;

    private ByteRanges(long[] from, long[] to) {
        this.from = from;
        this.to = to;
    }

    /**
     * Scans a file for the ranges of lines {@code [firstLines[i], firstLines[i] + size)}.
     *
     * @param file the text file
     * @param firstLines the first line of each range
     * @param size lines per range, {@code >= 0}; every range must end at or before the file's last line
     * @return the ranges, in the order of {@code firstLines}
     * @throws IllegalArgumentException naming the file if a range ends past its lines
     * @throws UncheckedIOException naming the file if it cannot be read
     */
    public static ByteRanges scan(Path file, long[] firstLines, int size) {
        long[] wanted = new long[2 * firstLines.length];
        for (int i = 0; i < firstLines.length; i++) {
            wanted[2 * i] = firstLines[i];
            wanted[2 * i + 1] = firstLines[i] + size;
        }
        long[] lines = Arrays.stream(wanted).sorted().distinct().toArray();
        long[] starts = lineStarts(file, lines);
        long[] from = new long[firstLines.length];
        long[] to = new long[firstLines.length];
        for (int i = 0; i < firstLines.length; i++) {
            from[i] = starts[Arrays.binarySearch(lines, firstLines[i])];
            to[i] = starts[Arrays.binarySearch(lines, firstLines[i] + size)];
        }
        return new ByteRanges(from, to);
    }

    /** Where each of the sorted {@code lines} starts; line {@code n} of an {@code n}-line file at its end. */
    private static long[] lineStarts(Path file, long[] lines) {
        long[] starts = new long[lines.length];
        int next = 0;
        long line = 0;
        long position = 0;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer buffer = ByteBuffer.allocate(1 << 20);
            byte[] bytes = buffer.array();
            while (next < lines.length && lines[next] == 0) {
                starts[next++] = 0;
            }
            for (int n; next < lines.length && (n = channel.read(buffer.clear(), position)) > 0; position += n) {
                for (int i = 0; i < n && next < lines.length; i++) {
                    if (bytes[i] == '\n') {
                        line++;
                        while (next < lines.length && lines[next] == line) {
                            starts[next++] = position + i + 1;
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot scan " + file, e);
        }
        if (next < lines.length) {
            throw new IllegalArgumentException(file + " has " + line + " lines; line " + lines[next] + " was wanted");
        }
        return starts;
    }

    /**
     * Where range {@code i} starts.
     *
     * @param i the range, as in the {@code firstLines} scanned
     * @return its first byte
     */
    public long from(int i) {
        return from[i];
    }

    /**
     * Where range {@code i} ends.
     *
     * @param i the range, as in the {@code firstLines} scanned
     * @return the end of its bytes, exclusive
     */
    public long to(int i) {
        return to[i];
    }

    /**
     * The longest range.
     *
     * @return its length in bytes
     */
    public int longest() {
        long longest = 0;
        for (int i = 0; i < from.length; i++) {
            longest = Math.max(longest, to[i] - from[i]);
        }
        return Math.toIntExact(longest);
    }
}
