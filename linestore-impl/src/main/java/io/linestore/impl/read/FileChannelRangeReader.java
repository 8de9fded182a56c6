package io.linestore.impl.read;

import io.linestore.impl.io.ChannelChunks;
import io.linestore.impl.io.ChunkSink;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * {@link io.linestore.ReadMethod#FILE_CHANNEL}: positional {@link FileChannel#read(ByteBuffer, long)}
 * into the reading thread's {@link Scratch} array (or straight into the caller's array); no shared
 * position, so no lock, and no buffer allocated per read.
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
    public void readFully(long from, byte[] into, int at, int length) throws IOException {
        ChannelChunks.readFully(channel, ByteBuffer.wrap(into, at, length), from, file);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
