package io.linestore.impl.read;

import io.linestore.impl.io.ChunkSink;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.BufferedReader;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * {@link io.linestore.ReadMethod#BUFFERED_READER}: a stream positioned at the range's first byte,
 * read through a {@link BufferedReader} for text ({@link #openReader}) and through the
 * {@link BufferedInputStream} under it for bytes ({@link #read}). Each read opens its own stream
 * over the shared channel, read positionally, so reads do not wait for each other.
 */
public final class BufferedStreamRangeReader implements RangeReader {

    private final Path file;
    private final FileChannel channel;
    private final int bufferSize;

    /**
     * Reads through a channel it then owns.
     *
     * @param file the file, for messages
     * @param channel the open channel; closed by {@link #close()}
     * @param bufferSize the stream's buffer size, {@code >= 1}
     */
    public BufferedStreamRangeReader(Path file, FileChannel channel, int bufferSize) {
        this.file = file;
        this.channel = channel;
        this.bufferSize = bufferSize;
    }

    @Override
    public void read(long from, long to, ChunkSink sink) throws IOException {
        try (InputStream in = new BufferedInputStream(new ChannelRangeInputStream(file, channel, from, to),
                bufferFor(from, to))) {
            byte[] chunk = new byte[(int) Math.min(to - from, bufferSize)];
            for (int n; (n = in.read(chunk)) > 0; ) {
                if (!sink.accept(ByteBuffer.wrap(chunk, 0, n))) {
                    return;
                }
            }
        }
    }

    /**
     * Opens a reader of the bytes {@code [from, to)} decoded as UTF-8, malformed bytes replaced by
     * U+FFFD.
     *
     * @param from the first byte
     * @param to the end, exclusive
     * @return a buffered reader; the caller closes it (the channel stays open)
     */
    public Reader openReader(long from, long to) {
        return new BufferedReader(new InputStreamReader(new ChannelRangeInputStream(file, channel, from, to),
                StandardCharsets.UTF_8), bufferFor(from, to));
    }

    /**
     * A buffer no larger than the range: a single-line read must not pay for allocating the whole
     * read buffer size (1 MiB by default, as chars 2 MiB), which the benchmarks showed dominating it.
     */
    private int bufferFor(long from, long to) {
        return (int) Math.max(1, Math.min(bufferSize, to - from));
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
