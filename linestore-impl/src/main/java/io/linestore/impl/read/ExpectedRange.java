package io.linestore.impl.read;

import io.linestore.CorruptStoreException;
import java.nio.file.Path;

/**
 * What a byte range read from a data file must hold, so that every read checks the index against
 * the data for free: a line start where the range begins, {@code skip} lines to pass over, then
 * {@code count} whole lines, and, when the index gave the exact end, nothing after them.
 *
 * @param file the data file, for messages
 * @param from the first byte read
 * @param to the end of the bytes read, exclusive
 * @param leadingNewline whether the first byte is the {@code \n} that ends the line before the range
 *     (read to prove that the range starts at a line start)
 * @param skip lines to pass over before the first wanted line (sparse or no index)
 * @param firstLine the number of the first wanted line
 * @param count wanted lines
 * @param exactEnd whether the range must end right after the last wanted line
 * @param unterminatedEnd whether the range ends the data inside its last line (a file indexed in
 *     place whose last line has no {@code \n}): that line ends at the end of the range instead, and
 *     a {@code \r} at its end is content
 */
public record ExpectedRange(
        Path file, long from, long to, boolean leadingNewline, long skip, long firstLine, long count,
        boolean exactEnd, boolean unterminatedEnd) {

    CorruptStoreException notLineStart() {
        return PromisedLines.notLineStart(file, from + 1, firstLine - skip);
    }

    CorruptStoreException tooFewLines(long found) {
        return new CorruptStoreException(file, "bytes [" + from + ", " + to + ") hold " + found
                + " whole lines, expected " + (skip + count) + " (lines " + firstLine + " to "
                + (firstLine + count - 1) + "): the index does not match the data");
    }

    CorruptStoreException bytesAfterEnd() {
        return new CorruptStoreException(file, "bytes [" + from + ", " + to + ") hold more than the expected "
                + (skip + count) + " lines (lines " + firstLine + " to " + (firstLine + count - 1)
                + "): the index does not match the data");
    }
}
