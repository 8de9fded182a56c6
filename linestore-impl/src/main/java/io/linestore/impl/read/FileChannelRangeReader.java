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
 * into the reading thread's own direct buffer, then one copy into the caller's array (the JDK would
 * otherwise read a heap buffer through a temporary direct one of its own, and the read would allocate
 * a buffer to wrap the array). No shared position, so no lock; nothing allocated per read.
 */
public final class FileChannelRangeReader implements RangeReader {

    /** The largest direct buffer a thread keeps; longer ranges are read through it in pieces. */
    private static final int DIRECT_BYTES = 1 << 20;

    private static final ThreadLocal<ByteBuffer> DIRECT = ThreadLocal.withInitial(() -> ByteBuffer.allocateDirect(0));

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
        ByteBuffer direct = direct(length);
        for (int done = 0; done < length; ) {
            int piece = Math.min(length - done, direct.capacity());
            direct.clear().limit(piece);
            ChannelChunks.readFully(channel, direct, from + done, file);
            direct.flip().get(into, at + done, piece);
            done += piece;
        }
    }

    /** The thread's direct buffer, grown towards {@code length} up to {@link #DIRECT_BYTES}. */
    private static ByteBuffer direct(int length) {
        ByteBuffer direct = DIRECT.get();
        if (direct.capacity() < Math.min(length, DIRECT_BYTES)) {
            direct = ByteBuffer.allocateDirect(Math.min(DIRECT_BYTES, Math.max(length, 2 * direct.capacity())));
            DIRECT.set(direct);
        }
        return direct;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
