package io.linestore.impl.read;

import java.io.IOException;
import java.io.Reader;
import java.util.function.Consumer;

/**
 * Splits decoded text from a {@link Reader} into lines on {@code \n} (a {@code \r} right before it
 * belongs to the terminator, any other {@code \r} is content: unlike
 * {@link java.io.BufferedReader#readLine()}), checking the text against its {@link ExpectedRange} with
 * the same {@link SplitProgress} as the byte splitter.
 */
public final class ReaderLineSplitter {

    private static final int CHUNK_CHARS = 8192;

    private ReaderLineSplitter() {
    }

    /**
     * Reads the reader to the end of the wanted lines and hands each to the consumer.
     *
     * @param reader the decoded range; not closed
     * @param range what the range must hold
     * @param consumer receives the wanted lines in order
     * @throws IOException if reading fails
     * @throws io.linestore.CorruptStoreException if the text does not hold the expected lines
     */
    public static void split(Reader reader, ExpectedRange range, Consumer<String> consumer) throws IOException {
        SplitProgress progress = new SplitProgress(range);
        char[] chunk = new char[(int) Math.min(CHUNK_CHARS, Math.max(1, range.to() - range.from()))];
        StringBuilder carry = new StringBuilder();
        // Whether text came after the last line end, kept or not.
        boolean open = false;
        for (int n; (n = reader.read(chunk)) >= 0; ) {
            int position = 0;
            if (progress.awaitsLeadingNewline() && n > 0) {
                progress.leadingNewline(chunk[0] == '\n');
                position = 1;
            }
            while (position < n) {
                if (progress.doneBeforeMore()) {
                    return;
                }
                int newline = indexOf(chunk, position, n);
                if (newline < 0) {
                    if (progress.keeping()) {
                        carry.append(chunk, position, n - position);
                    }
                    open = true;
                    break;
                }
                open = false;
                if (progress.lineEnded()) {
                    consumer.accept(line(carry, chunk, position, newline));
                }
                carry.setLength(0);
                position = newline + 1;
            }
        }
        if (progress.unterminatedLastLine(open)) {
            consumer.accept(carry.toString());
        }
        progress.finish();
    }

    /** The line that ends at {@code newline}: what was carried, then the chunk's chars, less a final {@code \r}. */
    private static String line(StringBuilder carry, char[] chunk, int from, int newline) {
        int end = newline > from && chunk[newline - 1] == '\r' ? newline - 1 : newline;
        if (carry.isEmpty()) {
            return new String(chunk, from, end - from);
        }
        carry.append(chunk, from, newline - from);
        int length = carry.length();
        if (length > 0 && carry.charAt(length - 1) == '\r') {
            carry.setLength(length - 1);
        }
        return carry.toString();
    }

    /**
     * The first {@code \n} in {@code chars[from, to)}, or -1. Eight chars at a time, one branch for
     * all eight: a loop with a branch per char took a third of a read's time.
     */
    private static int indexOf(char[] chars, int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            if ((chars[i] == '\n' | chars[i + 1] == '\n' | chars[i + 2] == '\n' | chars[i + 3] == '\n'
                    | chars[i + 4] == '\n' | chars[i + 5] == '\n' | chars[i + 6] == '\n' | chars[i + 7] == '\n')) {
                break;
            }
        }
        for (; i < to; i++) {
            if (chars[i] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
