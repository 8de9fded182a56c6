package io.linestore.impl.read;

/**
 * Where a split of a byte range into lines stands against its {@link ExpectedRange}: the one piece of
 * range bookkeeping that the byte splitter ({@link LineSplitter}) and the text splitter
 * ({@link ReaderLineSplitter}) share. It counts the {@code \n} that must open the range, the lines to
 * pass over, the lines to hand out and the lines to pass over after them, and says when the range
 * holds more or fewer than expected. Not thread-safe: one per read.
 */
final class SplitProgress {

    private final ExpectedRange range;
    private boolean leadingNewline;
    private long toSkip;
    private long toEmit;
    private long toPass;

    SplitProgress(ExpectedRange range) {
        this.range = range;
        this.leadingNewline = range.leadingNewline();
        this.toSkip = range.skip();
        this.toEmit = range.count();
        this.toPass = range.after();
    }

    /**
     * Whether the next unit read must be the {@code \n} that ends the line before the range.
     *
     * @return {@code true} until {@link #leadingNewline(boolean)} has seen it
     */
    boolean awaitsLeadingNewline() {
        return leadingNewline;
    }

    /**
     * Takes the range's first unit, which must be the {@code \n} before the first line.
     *
     * @param isNewline whether it is {@code \n}
     * @throws io.linestore.CorruptStoreException if it is not
     */
    void leadingNewline(boolean isNewline) {
        if (!isNewline) {
            throw range.notLineStart();
        }
        leadingNewline = false;
    }

    /**
     * Whether every line of the range has been counted (the wanted ones handed out, those after them
     * passed over); more text is then an error only when the range must end right after them.
     *
     * @return {@code true} when nothing more is wanted
     * @throws io.linestore.CorruptStoreException if more text follows where the range must end
     */
    boolean doneBeforeMore() {
        if (toSkip == 0 && toEmit == 0 && toPass == 0) {
            if (range.exactEnd()) {
                throw range.bytesAfterEnd();
            }
            return true;
        }
        return false;
    }

    /**
     * Whether the text read since the last line end belongs to a wanted line (is to be kept).
     *
     * @return {@code false} while lines are being passed over
     */
    boolean keeping() {
        return toSkip == 0 && toEmit > 0;
    }

    /**
     * Counts a line end.
     *
     * @return {@code true} if the line that ended is to be handed out
     */
    boolean lineEnded() {
        if (toSkip > 0) {
            toSkip--;
            return false;
        }
        if (toEmit > 0) {
            toEmit--;
            return true;
        }
        toPass--;
        return false;
    }

    /**
     * Whether more lines are to be counted after the last one read; with an exact end the splitter must
     * read on to prove there are no more.
     *
     * @return {@code true} to go on reading
     */
    boolean wantsMore() {
        return range.exactEnd() || toSkip > 0 || toEmit > 0 || toPass > 0;
    }

    /**
     * Counts the text after the range's last line end as its unterminated last line, when the range ends
     * the data inside a line; says whether that line is a wanted one, to be handed out.
     *
     * @param open whether any text came after the last line end
     * @return {@code true} if it is to be handed out (and counted by this call)
     */
    boolean unterminatedLastLine(boolean open) {
        if (!range.unterminatedEnd() || leadingNewline || toSkip > 0 || !open) {
            return false;
        }
        if (toEmit == 1 && toPass == 0) {
            toEmit--;
            return true;
        }
        if (toEmit == 0 && toPass == 1) {
            toPass--;
        }
        return false;
    }

    /**
     * Checks, once the range is read, that it held every wanted line.
     *
     * @throws io.linestore.CorruptStoreException if it held fewer
     */
    void finish() {
        if (leadingNewline || toSkip > 0 || toEmit > 0 || toPass > 0) {
            throw range.tooFewLines(range.promised() - toSkip - toEmit - toPass);
        }
    }
}
