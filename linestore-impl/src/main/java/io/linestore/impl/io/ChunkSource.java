package io.linestore.impl.io;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Path;

/**
 * Bytes to be split into lines, read in order into chunk buffers: a byte range of a file, read
 * positionally (so other threads may share the channel), or a stream. Not thread-safe: one thread
 * reads a source.
 */
public sealed interface ChunkSource {

    /**
     * The bytes {@code [from, to)} of a file; the channel's position is never moved.
     *
     * @param channel the open file; the caller closes it
     * @param file the file, for messages
     * @param from the first byte
     * @param to the end, exclusive, {@code >= from}
     * @return the source
     */
    static ChunkSource of(FileChannel channel, Path file, long from, long to) {
        return new FileRange(channel, file, from, to);
    }

    /**
     * A stream, read to its end.
     *
     * @param input the bytes; the caller closes it
     * @return the source
     */
    static ChunkSource of(InputStream input) {
        return new Stream(Channels.newChannel(input));
    }

    /**
     * Reads the next bytes into a buffer, from its position up to its limit, blocking until it is
     * full or the source ends.
     *
     * @param buffer where the bytes go
     * @throws EOFException naming the file if a file ends before the range does
     * @throws IOException if reading fails
     */
    void read(ByteBuffer buffer) throws IOException;

    /**
     * Where the next byte {@link #read} returns is in the file, for a file range.
     *
     * @return the file position, or -1 for a stream
     */
    long filePosition();

    /** A byte range of a file. */
    final class FileRange implements ChunkSource {
        private final FileChannel channel;
        private final Path file;
        private final long to;
        private long position;

        FileRange(FileChannel channel, Path file, long from, long to) {
            this.channel = channel;
            this.file = file;
            this.position = from;
            this.to = to;
        }

        @Override
        public void read(ByteBuffer buffer) throws IOException {
            int n = (int) Math.min(buffer.remaining(), to - position);
            ChannelChunks.readFully(channel, buffer.slice().limit(n), position, file);
            buffer.position(buffer.position() + n);
            position += n;
        }

        @Override
        public long filePosition() {
            return position;
        }
    }

    /** A stream. */
    final class Stream implements ChunkSource {
        private final ReadableByteChannel channel;

        Stream(ReadableByteChannel channel) {
            this.channel = channel;
        }

        @Override
        public void read(ByteBuffer buffer) throws IOException {
            // read() of a blocking channel returns at least one byte, or -1 at the end.
            int n;
            do {
                n = channel.read(buffer);
            } while (n >= 0 && buffer.hasRemaining());
        }

        @Override
        public long filePosition() {
            return -1;
        }
    }
}
