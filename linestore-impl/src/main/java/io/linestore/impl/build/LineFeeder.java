package io.linestore.impl.build;

import io.linestore.ProgressListener;
import io.linestore.impl.io.ChunkSource;
import io.linestore.impl.io.ScanPipeline;
import io.linestore.impl.io.ScannedChunk;
import java.io.IOException;

/**
 * Reads an input once and feeds it to a {@link LineSink} a scanned chunk at a time: the one loop
 * behind building a store, appending to it, and indexing a file in place. Reading and scanning run
 * on a second thread ({@link ScanPipeline}) while the sink writes on the calling one. Not
 * thread-safe.
 */
final class LineFeeder {

    private final LineSink sink;
    private final ProgressListener progress;
    private final int bufferSize;
    private boolean atLineStart;
    private byte lastByte = '\n';
    private long lines;
    private long inputBytes;
    /** Where in the input the line being fed started. */
    private long lineStart;

    /**
     * Prepares a feed.
     *
     * @param sink receives the lines
     * @param bufferSize chunk size (capped at 8 MiB)
     * @param atLineStart whether the first byte fed starts a line ({@code false} when continuing a
     *     file whose last line had no {@code \n})
     * @param progress told after each chunk
     */
    LineFeeder(LineSink sink, int bufferSize, boolean atLineStart, ProgressListener progress) {
        this.sink = sink;
        this.progress = progress;
        this.bufferSize = bufferSize;
        this.atLineStart = atLineStart;
    }

    /**
     * Feeds the input to its end; the input is not closed.
     *
     * @param input the bytes
     * @throws IOException if reading or writing fails, or a file ends before the range does
     */
    void feed(ChunkSource input) throws IOException {
        ScanPipeline.run(input, bufferSize, this::split);
    }

    private void split(ScannedChunk chunk) throws IOException {
        int n = chunk.length();
        for (int from = 0; ; chunk.scanOn()) {
            int to = chunk.scanned();
            int ended = chunk.ends().count();
            try {
                sink.write(chunk, from, to, 0, ended);
            } catch (LineTooLongException e) {
                // A line too long started in an earlier chunk (a chunk is far shorter than the limit),
                // so it is the first line of this one: the line counted and started before it.
                throw e.atInput(lines, lineStart);
            }
            lines += ended;
            if (ended > 0) {
                lineStart = inputBytes + chunk.ends().end(ended - 1);
            }
            if (to == n) {
                atLineStart = ended > 0 && chunk.ends().end(ended - 1) == n;
                break;
            }
            from = to;
        }
        inputBytes += n;
        lastByte = chunk.byteAt(n - 1);
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
            ScannedChunk terminator = ScannedChunk.of(lastByte == '\r' ? new byte[] {'\r', '\n'} : new byte[] {'\n'});
            sink.write(terminator, 0, terminator.length(), 0, 1);
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
