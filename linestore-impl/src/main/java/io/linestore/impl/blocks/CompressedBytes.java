package io.linestore.impl.blocks;

import io.linestore.impl.io.ChannelChunks;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * The bytes of a compressed file as a {@link Checkpointer} reads them: once in order, from start to
 * end, and again in short stretches it read before (the bytes after a gzip checkpoint, to find which
 * of its window's bytes they use). A local file is read at any offset; a stream, such as the body of
 * one GET of an object, keeps the bytes it passed until they are {@linkplain #release released}.
 */
public interface CompressedBytes {

    /**
     * Reads the next bytes, in order.
     *
     * @param into filled from its position towards its limit (a stream may fill less)
     * @param position the offset of the first byte wanted: the count of bytes read so far
     * @return bytes read, or -1 at the end
     * @throws IOException if reading fails
     */
    int read(ByteBuffer into, long position) throws IOException;

    /**
     * Reads bytes read before, again.
     *
     * @param from the offset of the first, not before the last {@linkplain #release release}
     * @param into filled from its position to its limit
     * @throws IOException if reading fails, or the bytes were not read yet
     */
    void readAgain(long from, ByteBuffer into) throws IOException;

    /**
     * Says that no byte before an offset will be read again: a stream may drop them.
     *
     * @param before the first byte still needed
     */
    void release(long before);

    /**
     * A local file's bytes, read by offset; nothing is kept.
     *
     * @param channel the file; not closed
     * @param file its name, for messages
     * @return the bytes
     */
    static CompressedBytes of(FileChannel channel, Path file) {
        return new CompressedBytes() {
            @Override
            public int read(ByteBuffer into, long position) throws IOException {
                return channel.read(into, position);
            }

            @Override
            public void readAgain(long from, ByteBuffer into) throws IOException {
                ChannelChunks.readFully(channel, into, from, file);
            }

            @Override
            public void release(long before) {
                // A file is read again from the disk.
            }
        };
    }
}
