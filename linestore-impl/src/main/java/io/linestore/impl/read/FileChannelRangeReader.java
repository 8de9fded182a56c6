package io.linestore.impl.read;

import io.linestore.SegmentBatch;
import io.linestore.impl.io.ChannelChunks;
import io.linestore.impl.io.ChunkSink;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;

/**
 * {@link io.linestore.ReadMethod#FILE_CHANNEL}: positional {@link FileChannel#read(ByteBuffer, long)}
 * into the reading thread's own direct buffer, then one copy into the caller's array
 * ({@link ChannelChunks#copy}). No shared position, so no lock; nothing allocated per read.
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
        RangeReader.readInChunks(this, from, to, bufferSize, sink);
    }

    @Override
    public void transferTo(long from, long to, WritableByteChannel target) throws IOException {
        ChannelChunks.transfer(channel, file, from, to, target);
    }

    /** One positional read straight into the batch's native memory: no direct buffer between, no heap copy. */
    @Override
    public MemorySegment segment(long from, long length, long firstStart, SegmentBatch batch, Scratch scratch)
            throws IOException {
        return ChannelChunks.readInto(channel, file, from, batch.reserve(length, firstStart));
    }

    @Override
    public void readFully(long from, byte[] into, int at, int length) throws IOException {
        ChannelChunks.copy(channel, file, from, into, at, length);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
