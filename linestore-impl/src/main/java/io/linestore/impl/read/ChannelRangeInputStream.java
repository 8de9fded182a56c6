package io.linestore.impl.read;

import io.linestore.impl.io.ChannelChunks;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * An {@link InputStream} over the bytes {@code [from, to)} of a channel, read positionally, so
 * many streams can share one channel. Not thread-safe itself; closing it leaves the channel open.
 */
final class ChannelRangeInputStream extends InputStream {

    private final Path file;
    private final FileChannel channel;
    private final long to;
    private long position;

    ChannelRangeInputStream(Path file, FileChannel channel, long from, long to) {
        this.file = file;
        this.channel = channel;
        this.position = from;
        this.to = to;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (position >= to) {
            return -1;
        }
        if (len == 0) {
            return 0;
        }
        ByteBuffer buffer = ByteBuffer.wrap(b, off, (int) Math.min(len, to - position));
        ChannelChunks.readFully(channel, buffer, position, file);
        int n = buffer.position() - off;
        position += n;
        return n;
    }
}
