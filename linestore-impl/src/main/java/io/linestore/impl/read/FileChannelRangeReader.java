package io.linestore.impl.read;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * {@link io.linestore.ReadMethod#FILE_CHANNEL}: positional {@link FileChannel#read(ByteBuffer, long)}
 * into a heap buffer of at most the read buffer size; no shared position, so no lock.
 */
public final class FileChannelRangeReader implements RangeReader {

    private final Path file;
    private final FileChannel channel;
    private final int bufferSize;

    /**
     * Reads through a channel it then owns.
     *
     * @param file the file, for messages
     * @param channel the open channel; closed by {@link #close()}
     * @param bufferSize the largest chunk, {@code >= 1}
     */
    public FileChannelRangeReader(Path file, FileChannel channel, int bufferSize) {
        this.file = file;
        this.channel = channel;
        this.bufferSize = bufferSize;
    }

    @Override
    public void read(long from, long to, ChunkSink sink) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(to - from, bufferSize));
        for (long position = from; position < to; ) {
            buffer.clear().limit((int) Math.min(buffer.capacity(), to - position));
            readFully(channel, buffer, position, file);
            buffer.flip();
            position += buffer.remaining();
            if (!sink.accept(buffer)) {
                return;
            }
        }
    }

    /**
     * Fills the buffer from the channel at a position.
     *
     * @param channel the channel
     * @param buffer filled from its position to its limit
     * @param position the file position of the first byte
     * @param file the file, for messages
     * @throws EOFException if the file ends first
     * @throws IOException if reading fails
     */
    static void readFully(FileChannel channel, ByteBuffer buffer, long position, Path file) throws IOException {
        long at = position;
        while (buffer.hasRemaining()) {
            int n = channel.read(buffer, at);
            if (n < 0) {
                throw new EOFException(file + " is " + channel.size() + " bytes, it ends before byte "
                        + (position + buffer.limit()));
            }
            at += n;
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
