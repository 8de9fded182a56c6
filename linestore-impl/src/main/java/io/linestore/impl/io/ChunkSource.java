package io.linestore.impl.io;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Path;
import java.util.Optional;

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
     * A channel that spends a core of its own producing its bytes (a decompressor), read to its end:
     * its reader thread only decodes, into direct buffers, and the consumer's thread copies each chunk
     * into the heap and scans it before using it.
     *
     * @param input the bytes, read into direct buffers; the caller closes it
     * @return the source
     */
    static ChunkSource decoding(ReadableByteChannel input) {
        return new Stream(input, true);
    }

    /**
     * Reads the source's bytes from {@code offset} on into a buffer, from its position up to its
     * limit, blocking until it is full or the source ends.
     *
     * @param buffer where the bytes go
     * @param offset where in the source the bytes start, counted from its first byte; a stream is read
     *     in order only, so for a stream it must be the count of bytes read so far
     * @throws EOFException naming the file if a file ends before the range does
     * @throws IOException if reading fails
     */
    void read(ByteBuffer buffer, long offset) throws IOException;

    /**
     * Where a byte of the source is in its file.
     *
     * @param offset the byte, counted from the source's first byte
     * @return its file position, or -1 for a stream
     */
    long filePosition(long offset);

    /**
     * The file a file range is read from.
     *
     * @return the open channel, or empty for a stream
     */
    Optional<FileChannel> file();

    /**
     * How many threads may read the source at once, each at its own offsets.
     *
     * @return 1 for a stream; more for a file range, which is read positionally
     */
    int readers();

    /**
     * Whether reading the source costs as much as scanning it, so that the consumer's thread, not the
     * reader's, scans each chunk.
     *
     * @return {@code true} for a decoding channel
     */
    default boolean scannedByConsumer() {
        return false;
    }

    /** A byte range of a file. */
    final class FileRange implements ChunkSource {
        private static final int READERS = 2;
        private final FileChannel channel;
        private final Path file;
        private final long from;
        private final long to;

        FileRange(FileChannel channel, Path file, long from, long to) {
            this.channel = channel;
            this.file = file;
            this.from = from;
            this.to = to;
        }

        @Override
        public void read(ByteBuffer buffer, long offset) throws IOException {
            long position = from + offset;
            int n = (int) Math.max(0, Math.min(buffer.remaining(), to - position));
            ChannelChunks.readFully(channel, buffer.slice().limit(n), position, file);
            buffer.position(buffer.position() + n);
        }

        @Override
        public long filePosition(long offset) {
            return from + offset;
        }

        @Override
        public Optional<FileChannel> file() {
            return Optional.of(channel);
        }

        @Override
        public int readers() {
            return READERS;
        }
    }

    /** A stream. */
    final class Stream implements ChunkSource {
        private final ReadableByteChannel channel;
        private final boolean decoding;

        Stream(ReadableByteChannel channel) {
            this(channel, false);
        }

        Stream(ReadableByteChannel channel, boolean decoding) {
            this.channel = channel;
            this.decoding = decoding;
        }

        @Override
        public boolean scannedByConsumer() {
            return decoding;
        }

        @Override
        public void read(ByteBuffer buffer, long offset) throws IOException {
            // read() of a blocking channel returns at least one byte, or -1 at the end.
            int n;
            do {
                n = channel.read(buffer);
            } while (n >= 0 && buffer.hasRemaining());
        }

        @Override
        public long filePosition(long offset) {
            return -1;
        }

        @Override
        public Optional<FileChannel> file() {
            return Optional.empty();
        }

        @Override
        public int readers() {
            return 1;
        }
    }
}
