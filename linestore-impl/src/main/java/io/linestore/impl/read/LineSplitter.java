package io.linestore.impl.read;

import io.linestore.LineVisitor;
import io.linestore.impl.io.ChunkSink;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Splits the chunks of a byte range into lines and hands the wanted ones to a visitor, checking
 * the range against its {@link ExpectedRange}. A line that lies within one chunk is handed out as a
 * view of it, without a copy; one that crosses chunks is gathered in a carry buffer first.
 *
 * <p>Lines end at {@code \n}; a {@code \r} right before it belongs to the terminator. Not
 * thread-safe: one per read.
 */
public final class LineSplitter implements ChunkSink {

    private static final int MIN_CARRY = 256;

    private final ExpectedRange range;
    private final LineVisitor visitor;
    private boolean leadingNewline;
    private long toSkip;
    private long toEmit;
    private long lineNumber;
    private byte[] carry = new byte[0];
    private int carryLength;

    /**
     * Starts a split.
     *
     * @param range what the range must hold
     * @param visitor receives the wanted lines
     */
    public LineSplitter(ExpectedRange range, LineVisitor visitor) {
        this.range = range;
        this.visitor = visitor;
        this.leadingNewline = range.leadingNewline();
        this.toSkip = range.skip();
        this.toEmit = range.count();
        this.lineNumber = range.firstLine();
    }

    @Override
    public boolean accept(ByteBuffer chunk) {
        int position = chunk.position();
        int limit = chunk.limit();
        if (leadingNewline) {
            if (chunk.get(position) != '\n') {
                throw range.notLineStart();
            }
            leadingNewline = false;
            position++;
        }
        ByteBuffer view = null;
        while (position < limit) {
            if (done()) {
                if (range.exactEnd()) {
                    throw range.bytesAfterEnd();
                }
                return false;
            }
            int newline = Newlines.indexOf(chunk, position, limit);
            if (newline < 0) {
                if (toSkip == 0) {
                    append(chunk, position, limit);
                }
                break;
            }
            if (toSkip > 0) {
                toSkip--;
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
        return range.exactEnd() || !done();
    }

    /**
     * Checks, once the range is read, that it held every wanted line.
     *
     * @throws io.linestore.CorruptStoreException if it held fewer
     */
    public void finish() {
        if (range.unterminatedEnd() && !leadingNewline && toSkip == 0 && toEmit == 1 && carryLength > 0) {
            emit(ByteBuffer.wrap(carry, 0, carryLength));
        }
        if (leadingNewline || !done()) {
            throw range.tooFewLines(range.skip() - toSkip + range.count() - toEmit);
        }
    }

    private boolean done() {
        return toSkip == 0 && toEmit == 0;
    }

    private void emit(ByteBuffer line) {
        visitor.visit(lineNumber++, line);
        toEmit--;
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
