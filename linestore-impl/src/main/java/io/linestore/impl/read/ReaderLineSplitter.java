package io.linestore.impl.read;

import java.io.IOException;
import java.io.Reader;
import java.util.function.Consumer;

/**
 * Splits decoded text from a {@link Reader} into lines on {@code \n} (a {@code \r} right before it
 * belongs to the terminator, any other {@code \r} is content: unlike
 * {@link java.io.BufferedReader#readLine()}), checking the text against its {@link ExpectedRange}.
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
        char[] chunk = new char[(int) Math.min(CHUNK_CHARS, Math.max(1, range.to() - range.from()))];
        StringBuilder carry = new StringBuilder();
        boolean leadingNewline = range.leadingNewline();
        long toSkip = range.skip();
        long toEmit = range.count();
        for (int n; (n = reader.read(chunk)) >= 0; ) {
            int position = 0;
            if (leadingNewline && n > 0) {
                if (chunk[0] != '\n') {
                    throw range.notLineStart();
                }
                leadingNewline = false;
                position = 1;
            }
            while (position < n) {
                if (toSkip == 0 && toEmit == 0) {
                    if (range.exactEnd()) {
                        throw range.bytesAfterEnd();
                    }
                    return;
                }
                int newline = indexOf(chunk, position, n);
                if (newline < 0) {
                    if (toSkip == 0) {
                        carry.append(chunk, position, n - position);
                    }
                    break;
                }
                if (toSkip > 0) {
                    toSkip--;
                } else {
                    carry.append(chunk, position, newline - position);
                    int length = carry.length();
                    if (length > 0 && carry.charAt(length - 1) == '\r') {
                        carry.setLength(length - 1);
                    }
                    consumer.accept(carry.toString());
                    toEmit--;
                }
                carry.setLength(0);
                position = newline + 1;
            }
        }
        if (range.unterminatedEnd() && !leadingNewline && toSkip == 0 && toEmit == 1 && !carry.isEmpty()) {
            consumer.accept(carry.toString());
            toEmit--;
        }
        if (leadingNewline || toSkip > 0 || toEmit > 0) {
            throw range.tooFewLines(range.skip() - toSkip + range.count() - toEmit);
        }
    }

    private static int indexOf(char[] chars, int from, int to) {
        for (int i = from; i < to; i++) {
            if (chars[i] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
