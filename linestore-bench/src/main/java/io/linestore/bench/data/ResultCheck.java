package io.linestore.bench.data;

import io.linestore.gen.LineCheck;
import java.util.List;

/**
 * Checks a benchmark's result against the generated data, so that a fast wrong answer cannot win:
 * the number of lines, and the first and last line through data-gen's {@link LineCheck}.
 */
public final class ResultCheck {

    private ResultCheck() {
    }

    /**
     * Checks the lines a read of {@code (offset, size)} returned from a store of
     * {@code lineCount} generated lines.
     *
     * @param lines what the read returned
     * @param offset the read's first line number
     * @param size the read's size
     * @param lineCount the lines in the store
     * @param reader what read them, for the message
     * @throws IllegalStateException naming the reader, the read and what is wrong if the lines
     *     are not the expected ones
     */
    public static void lines(List<String> lines, long offset, int size, long lineCount, String reader) {
        long expected = Math.max(0, Math.min(size, lineCount - offset));
        if (lines.size() != expected) {
            throw new IllegalStateException(reader + " read(" + offset + ", " + size + ") returned " + lines.size()
                    + " lines, expected " + expected);
        }
        try {
            if (!lines.isEmpty()) {
                LineCheck.check(offset, lines.getFirst());
                LineCheck.check(offset + lines.size() - 1, lines.getLast());
            }
        } catch (IllegalStateException e) {
            throw new IllegalStateException(reader + " read(" + offset + ", " + size + "): " + e.getMessage(), e);
        }
    }
}
