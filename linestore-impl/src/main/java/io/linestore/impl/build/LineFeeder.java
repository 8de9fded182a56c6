package io.linestore.impl.build;

import io.linestore.ProgressListener;
import io.linestore.impl.io.ChannelChunks;
import io.linestore.impl.read.Newlines;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * Reads a stream or a file once, through one buffer, and feeds it to a {@link LineSink} split on
 * {@code \n}: the one loop behind building a store, appending to it, and indexing a file in place.
 * Chunks are heap arrays: scanning an array eight bytes at a time is what makes indexing in place keep
 * up with {@code wc -l}, more than the copy that reading into a direct buffer would save. Not
 * thread-safe.
 */
final class LineFeeder {

    private static final int MAX_BUFFER = 8 << 20;

    private final LineSink sink;
    private final ProgressListener progress;
    private final int bufferSize;
    private boolean atLineStart;
    private byte lastByte = '\n';
    private long lines;
    private long inputBytes;

    /**
     * Prepares a feed.
     *
     * @param sink receives the lines
     * @param bufferSize read buffer size, capped at 8 MiB
     * @param atLineStart whether the first byte fed starts a line ({@code false} when continuing a
     *     file whose last line had no {@code \n})
     * @param progress told after each buffer
     */
    LineFeeder(LineSink sink, int bufferSize, boolean atLineStart, ProgressListener progress) {
        this.sink = sink;
        this.progress = progress;
        this.bufferSize = Math.min(bufferSize, MAX_BUFFER);
        this.atLineStart = atLineStart;
    }

    /**
     * Feeds the stream to its end; the stream is not closed.
     *
     * @param input the bytes
     * @throws IOException if reading or writing fails
     */
    void feed(InputStream input) throws IOException {
        byte[] array = new byte[bufferSize];
        ByteBuffer chunk = ByteBuffer.wrap(array);
        // read() of a non-empty array blocks until it returns at least one byte or -1.
        for (int n; (n = input.read(array)) > 0; ) {
            split(chunk, n);
        }
    }

    /**
     * Feeds the bytes {@code [from, to)} of a file.
     *
     * @param channel the file, read positionally
     * @param file the file, for messages
     * @param from the first byte
     * @param to the end, exclusive
     * @throws IOException if reading or writing fails, or the file ends before {@code to}
     */
    void feed(FileChannel channel, Path file, long from, long to) throws IOException {
        ChannelChunks.read(channel, file, from, to, bufferSize, chunk -> {
            split(chunk, chunk.limit());
            return true;
        });
    }

    /** Splits the first {@code n} bytes of a chunk into lines for the sink. */
    private void split(ByteBuffer chunk, int n) throws IOException {
        inputBytes += n;
        lastByte = chunk.get(n - 1);
        for (int position = 0; position < n; ) {
            if (atLineStart) {
                sink.startLine();
                atLineStart = false;
            }
            int newline = Newlines.indexOf(chunk.array(), position, n);
            int end = newline < 0 ? n : newline + 1;
            sink.write(chunk, position, end);
            position = end;
            if (newline >= 0) {
                sink.endLine();
                lines++;
                atLineStart = true;
            }
        }
        sink.endOfChunk();
        progress.update(lines, inputBytes);
    }

    /**
     * Whether the input fed so far ends inside a line (no {@code \n} after its last bytes).
     *
     * @return {@code true} if the last line is unterminated
     */
    boolean endsInsideLine() {
        return !atLineStart;
    }

    /**
     * Ends an unterminated last line with the terminator that keeps its content: {@code \n}, or
     * {@code \r\n} when the line ends in a {@code \r} (which, with no {@code \n} after it, is content).
     *
     * @throws IOException if writing fails
     */
    void terminate() throws IOException {
        if (!atLineStart) {
            ByteBuffer terminator = ByteBuffer.wrap(lastByte == '\r' ? new byte[] {'\r', '\n'} : new byte[] {'\n'});
            sink.write(terminator, 0, terminator.capacity());
            sink.endLine();
            lines++;
            atLineStart = true;
        }
    }

    /**
     * Input bytes read.
     *
     * @return the count
     */
    long inputBytes() {
        return inputBytes;
    }
}
