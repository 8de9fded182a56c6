package io.linestore.impl.read;

import io.linestore.LineVisitor;
import io.linestore.impl.io.ChunkSink;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Splits the chunks of a byte range into lines by scanning for {@code \n} and hands the wanted ones
 * to a visitor, checking the range against its {@link ExpectedRange} ({@link SplitProgress}): for
 * stores whose index does not give every line's start (sparse, or none). A line that lies within one
 * chunk is handed out as a view of it, without a copy; one that crosses chunks is gathered in a carry
 * buffer first.
 *
 * <p>Lines end at {@code \n}; a {@code \r} right before it belongs to the terminator. Not
 * thread-safe: one per read.
 */
public final class LineSplitter implements ChunkSink {

    private static final int MIN_CARRY = 256;

    private final SplitProgress progress;
    private final LineVisitor visitor;
    private long lineNumber;
    private byte[] carry = new byte[0];
    private int carryLength;
    /** Whether bytes came after the last line end, kept or not. */
    private boolean open;

    /**
     * Starts a split.
     *
     * @param range what the range must hold
     * @param visitor receives the wanted lines
     */
    public LineSplitter(ExpectedRange range, LineVisitor visitor) {
        this.progress = new SplitProgress(range);
        this.visitor = visitor;
        this.lineNumber = range.firstLine();
    }

    @Override
    public boolean accept(ByteBuffer chunk) {
        int position = chunk.position();
        int limit = chunk.limit();
        if (progress.awaitsLeadingNewline()) {
            progress.leadingNewline(chunk.get(position) == '\n');
            position++;
        }
        ByteBuffer view = null;
        while (position < limit) {
            if (progress.doneBeforeMore()) {
                return false;
            }
            int newline = Newlines.indexOf(chunk, position, limit);
            if (newline < 0) {
                if (progress.keeping()) {
                    append(chunk, position, limit);
                }
                open = true;
                break;
            }
            open = false;
            if (!progress.lineEnded()) {
                carryLength = 0;
            } else if (carryLength > 0) {
                append(chunk, position, newline);
                emit(ByteBuffer.wrap(carry, 0, withoutCarriageReturn(carry, carryLength)));
                carryLength = 0;
            } else {
                if (view == null) {
                    view = chunk.duplicate();
                }
                int end = newline > position && chunk.get(newline - 1) == '\r' ? newline - 1 : newline;
                view.limit(end).position(position);
                emit(view);
                view.clear();
            }
            position = newline + 1;
        }
        return progress.wantsMore();
    }

    /**
     * Checks, once the range is read, that it held every wanted line.
     *
     * @throws io.linestore.CorruptStoreException if it held fewer
     */
    public void finish() {
        if (progress.unterminatedLastLine(open)) {
            visitor.visit(lineNumber++, ByteBuffer.wrap(carry, 0, carryLength));
        }
        progress.finish();
    }

    private void emit(ByteBuffer line) {
        visitor.visit(lineNumber++, line);
    }

    private void append(ByteBuffer chunk, int from, int to) {
        int length = to - from;
        if (carryLength + length > carry.length) {
            carry = Arrays.copyOf(carry, Math.max(MIN_CARRY, Math.max(carryLength + length, carry.length * 2)));
        }
        chunk.get(from, carry, carryLength, length);
        carryLength += length;
    }

    private static int withoutCarriageReturn(byte[] bytes, int length) {
        return length > 0 && bytes[length - 1] == '\r' ? length - 1 : length;
    }
}
