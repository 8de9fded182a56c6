package io.linestore.impl.read;

import io.linestore.impl.io.ChannelChunks;
import io.linestore.impl.io.ChunkSink;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * {@link io.linestore.ReadMethod#BUFFERED_READER}: a stream positioned at the range's first byte,
 * read through a {@link BufferedReader} for text ({@link #openReader}), through a
 * {@link BufferedInputStream} for chunks ({@link #read}), and for a range of known length
 * ({@link #readFully}) as the stream would read it, straight into the caller's array. Each read opens its own stream over
 * the shared channel, read positionally, so reads do not wait for each other. A read allocates its
 * stream's buffers, bounded: for chunks the JDK's default size; for text a byte buffer of up to 64 KiB
 * under the decoder (which reads 8 KiB at a time, a system call each without it) and a reader buffer of
 * up to the JDK's 8,192 chars, each no longer than the range. Bytes go into the reading thread's
 * {@link Scratch} array or the caller's.
 */
public final class BufferedStreamRangeReader implements RangeReader, TextRanges {

    /** The most bytes a text read takes per system call. */
    private static final int MAX_STREAM_BUFFER = 1 << 16;
    /** The JDK's default for a {@link BufferedReader}; a shorter range gets a buffer of its length. */
    private static final int READER_BUFFER_CHARS = 8192;

    private final Path file;
    private final FileChannel channel;
    private final int bufferSize;

    /**
     * Reads through a channel it then owns.
     *
     * @param file the file, for messages
     * @param channel the open channel; closed by {@link #close()}
     * @param bufferSize the largest chunk handed to a sink, {@code >= 1}
     */
    public BufferedStreamRangeReader(Path file, FileChannel channel, int bufferSize) {
        this.file = file;
        this.channel = channel;
        this.bufferSize = bufferSize;
    }

    @Override
    public void read(long from, long to, ChunkSink sink) throws IOException {
        Scratch scratch = Scratch.take();
        try (InputStream in = new BufferedInputStream(new ChannelRangeInputStream(file, channel, from, to))) {
            int size = (int) Math.min(to - from, bufferSize);
            byte[] chunk = scratch.bytes(size);
            for (int n; (n = in.read(chunk, 0, size)) > 0; ) {
                if (!sink.accept(ByteBuffer.wrap(chunk, 0, n))) {
                    return;
                }
            }
        } finally {
            scratch.release();
        }
    }

    @Override
    public void readFully(long from, byte[] into, int at, int length) throws IOException {
        // A range of known length needs no stream buffer: the bytes the stream under the buffers would
        // read, straight into the array, where a BufferedInputStream would allocate its 8 KiB and copy.
        ChannelChunks.copy(channel, file, from, into, at, length);
    }

    @Override
    public Reader openReader(long from, long to) {
        int length = (int) Math.max(1, Math.min(to - from, MAX_STREAM_BUFFER));
        InputStream bytes = new BufferedInputStream(new ChannelRangeInputStream(file, channel, from, to), length);
        return new BufferedReader(new InputStreamReader(bytes, StandardCharsets.UTF_8),
                Math.min(length, READER_BUFFER_CHARS));
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
