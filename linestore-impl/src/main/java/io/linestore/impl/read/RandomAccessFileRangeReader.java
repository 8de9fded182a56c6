package io.linestore.impl.read;

import io.linestore.SegmentBatch;
import io.linestore.impl.io.ChannelChunks;
import io.linestore.impl.io.ChunkSink;
import java.io.EOFException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.foreign.MemorySegment;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;

/**
 * {@link io.linestore.ReadMethod#RANDOM_ACCESS_FILE}: {@code seek} then {@code readFully} of whole
 * ranges (never {@code readLine}, which costs a system call per byte), into the reading thread's
 * {@link Scratch} array or the caller's. The file pointer is shared state, so the seek and the read
 * hold the file's lock together; reads of one file take turns.
 */
public final class RandomAccessFileRangeReader implements RangeReader {

    private final Path path;
    private final RandomAccessFile file;
    private final int bufferSize;

    /**
     * Reads through a file it then owns.
     *
     * @param path the file's path, for messages
     * @param file the open file; closed by {@link #close()}
     * @param bufferSize the largest chunk, {@code >= 1}
     */
    public RandomAccessFileRangeReader(Path path, RandomAccessFile file, int bufferSize) {
        this.path = path;
        this.file = file;
        this.bufferSize = bufferSize;
    }

    @Override
    public void read(long from, long to, ChunkSink sink) throws IOException {
        RangeReader.readInChunks(this, from, to, bufferSize, sink);
    }

    /** Sends the range through the file's channel, positionally: the file pointer is not moved, so no lock. */
    @Override
    public void transferTo(long from, long to, WritableByteChannel target) throws IOException {
        ChannelChunks.transfer(file.getChannel(), path, from, to, target);
    }

    /** One positional read of the file's channel into the batch's native memory: the file pointer is not moved. */
    @Override
    public MemorySegment segment(long from, long length, long firstStart, SegmentBatch batch, Scratch scratch)
            throws IOException {
        return ChannelChunks.readInto(file.getChannel(), path, from, batch.reserve(length, firstStart));
    }

    @Override
    public void readFully(long from, byte[] into, int at, int length) throws IOException {
        synchronized (file) {
            file.seek(from);
            try {
                file.readFully(into, at, length);
            } catch (EOFException e) {
                // readFully's own exception has no message: say where the file ends.
                throw new EOFException("the file is " + file.length() + " bytes, it ends before byte "
                        + (from + length));
            }
        }
    }

    @Override
    public void close() throws IOException {
        file.close();
    }
}
