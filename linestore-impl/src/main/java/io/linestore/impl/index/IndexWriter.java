package io.linestore.impl.index;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;

/**
 * Appends index entries to a new index file through a buffer, and writes the header once the line
 * count is known. Not thread-safe: one builder thread owns it.
 */
public final class IndexWriter {

    private final FileChannel channel;
    private final ByteBuffer buffer;
    private final int stride;
    private long entries;

    /**
     * Starts an index whose entries follow the header's space.
     *
     * @param channel an empty file opened for writing; the caller closes it
     * @param stride the stride, {@code >= 1}
     * @param bufferBytes buffer size; rounded up to hold at least one entry
     */
    public IndexWriter(FileChannel channel, int stride, int bufferBytes) {
        this.channel = channel;
        this.stride = stride;
        int capacity = Math.max(IndexFormat.ENTRY_BYTES, bufferBytes / IndexFormat.ENTRY_BYTES * IndexFormat.ENTRY_BYTES);
        this.buffer = ByteBuffer.allocate(capacity).order(ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * Records the byte offset of a line that starts an index stride.
     *
     * @param offset the line's first byte in the data file
     * @throws IOException if writing fails
     */
    public void add(long offset) throws IOException {
        if (!buffer.hasRemaining()) {
            flush();
        }
        buffer.putLong(offset);
        entries++;
    }

    /**
     * Adds the end entry (the data size), flushes, and writes the header.
     *
     * @param lines lines in the shard
     * @param dataBytes the data file's size
     * @return the index file's size
     * @throws IOException if writing fails
     * @throws IllegalStateException if the entries added do not match {@code lines}
     */
    public long finish(long lines, long dataBytes) throws IOException {
        add(dataBytes);
        flush();
        if (entries != IndexFormat.entryCount(lines, stride)) {
            throw new IllegalStateException("index has " + entries + " entries for " + lines + " lines at stride "
                    + stride);
        }
        ByteBuffer header = IndexFormat.header(stride, lines);
        long position = 0;
        while (header.hasRemaining()) {
            position += channel.write(header, position);
        }
        return IndexFormat.fileBytes(lines, stride);
    }

    private void flush() throws IOException {
        buffer.flip();
        long position = IndexFormat.HEADER_BYTES + (entries - buffer.remaining() / IndexFormat.ENTRY_BYTES)
                * (long) IndexFormat.ENTRY_BYTES;
        while (buffer.hasRemaining()) {
            position += channel.write(buffer, position);
        }
        buffer.clear();
    }
}
