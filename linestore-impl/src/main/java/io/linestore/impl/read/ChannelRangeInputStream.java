package io.linestore.impl.read;

import io.linestore.impl.io.ChannelChunks;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * An {@link InputStream} over the bytes {@code [from, to)} of a channel, read positionally, so
 * many streams can share one channel. Not thread-safe itself; closing it leaves the channel open.
 */
final class ChannelRangeInputStream extends RangeInputStream {

    private final Path file;
    private final FileChannel channel;

    ChannelRangeInputStream(Path file, FileChannel channel, long from, long to) {
        super(from, to);
        this.file = file;
        this.channel = channel;
    }

    @Override
    protected void fill(long position, byte[] into, int at, int length) throws IOException {
        ChannelChunks.copy(channel, file, position, into, at, length);
    }
}
