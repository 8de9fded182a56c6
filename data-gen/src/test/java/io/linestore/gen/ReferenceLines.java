package io.linestore.gen;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The line semantics of docs/design.md written as plainly as possible, independently of the generator and
 * of every reader, to compare them with. Shared with other modules' tests through data-gen's test jar.
 */
public final class ReferenceLines {

    private ReferenceLines() {
    }

    /**
     * Splits on {@code \n}; a {@code \r} right before it belongs to the terminator; a final line
     * without {@code \n} counts; a trailing {@code \n} adds no empty line.
     *
     * @param input the bytes
     * @return each line's bytes, without its terminator
     */
    public static List<byte[]> split(byte[] input) {
        List<byte[]> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < input.length; i++) {
            if (input[i] == '\n') {
                int end = i > start && input[i - 1] == '\r' ? i - 1 : i;
                lines.add(Arrays.copyOfRange(input, start, end));
                start = i + 1;
            }
        }
        if (start < input.length) {
            lines.add(Arrays.copyOfRange(input, start, input.length));
        }
        return lines;
    }

    /**
     * Splits like {@link #split} and decodes each line as {@code new String(bytes, UTF_8)}.
     *
     * @param input the bytes
     * @return the lines
     */
    public static List<String> strings(byte[] input) {
        return split(input).stream().map(line -> new String(line, StandardCharsets.UTF_8)).toList();
    }

    /**
     * Takes the lines {@code [offset, min(offset + size, count))}, as {@code read(offset, size)} must.
     *
     * @param lines all lines
     * @param offset the first line, {@code >= 0}
     * @param size how many at most, {@code >= 0}
     * @param <T> the line type
     * @return the range, empty when {@code offset} is at or past the end
     */
    public static <T> List<T> range(List<T> lines, long offset, long size) {
        if (offset >= lines.size()) {
            return List.of();
        }
        return lines.subList((int) offset, (int) Math.min(lines.size(), offset + size));
    }
}
