package io.linestore.impl.read;

import io.linestore.CorruptStoreException;
import java.nio.file.Path;

/**
 * What a byte range read from a data file must hold, so that every read checks the index against
 * the data for free: a line start where the range begins, {@code skip} lines to pass over, then
 * {@code count} whole lines, then {@code after} lines to pass over, and, when the range ends at an
 * index entry (or the data's end), nothing after them.
 *
 * <p>A range between two entries of an index must hold exactly the lines the index promises between
 * them; one that holds more or fewer means an entry is not at the start of the line it stands for, and
 * the error names the index. A range of a shard without index is checked against the manifest's line
 * count, and the error names the data file.
 *
 * @param file the data file, for messages
 * @param index the index file whose entries bound the range, or {@code null} for a shard without index
 * @param firstEntry the number of the entry the range starts at (unused without index)
 * @param endEntry the number of the entry the range ends at (unused without index)
 * @param from the first byte read
 * @param to the end of the bytes read, exclusive
 * @param leadingNewline whether the first byte is the {@code \n} that ends the line before the range
 *     (read to prove that the range starts at a line start)
 * @param skip lines to pass over before the first wanted line (sparse or no index)
 * @param firstLine the number of the first wanted line
 * @param count wanted lines
 * @param after lines to pass over after the wanted ones, up to the entry the range ends at
 * @param exactEnd whether the range must end right after those lines
 * @param unterminatedEnd whether the range ends the data inside its last line (a file indexed in
 *     place whose last line has no {@code \n}): that line ends at the end of the range instead, and
 *     a {@code \r} at its end is content
 */
public record ExpectedRange(
        Path file, Path index, long firstEntry, long endEntry, long from, long to, boolean leadingNewline, long skip,
        long firstLine, long count, long after, boolean exactEnd, boolean unterminatedEnd) {

    /** Lines the range must hold, passed over or wanted. */
    long promised() {
        return skip + count + after;
    }

    CorruptStoreException notLineStart() {
        return PromisedLines.notLineStart(file, from + 1, firstLine - skip);
    }

    CorruptStoreException tooFewLines(long found) {
        if (index != null) {
            return new CorruptStoreException(index, between() + ", which hold " + found + " whole lines where the"
                    + " index promises " + promised() + ": " + MOVED);
        }
        return new CorruptStoreException(file, "bytes [" + from + ", " + to + ") hold " + found
                + " whole lines, expected " + promised() + wanted() + ": the index does not match the data");
    }

    CorruptStoreException bytesAfterEnd() {
        if (index != null) {
            return new CorruptStoreException(index, between() + ", which hold more than the " + promised()
                    + " lines the index promises: " + MOVED);
        }
        return new CorruptStoreException(file, "bytes [" + from + ", " + to + ") hold more than the expected "
                + promised() + " lines" + wanted() + ": the index does not match the data");
    }

    private static final String MOVED = "an entry is not at the start of the line it stands for";

    private String between() {
        return "entries " + firstEntry + " and " + endEntry + " give the bytes [" + from + ", " + to + ") of " + file;
    }

    /** The wanted lines. */
    private String wanted() {
        return " (lines " + firstLine + " to " + (firstLine + count - 1) + ")";
    }
}
