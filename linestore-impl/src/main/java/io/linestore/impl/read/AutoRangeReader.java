package io.linestore.impl.read;

import io.linestore.SegmentBatch;
import io.linestore.impl.io.ChunkSink;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;

/**
 * {@link io.linestore.ReadMethod#AUTO}: the mapping for ranges below a threshold, the channel for
 * the rest, because a mapping saves the system call that dominates small reads, while a channel
 * streams large ranges with fewer page faults.
 */
public final class AutoRangeReader implements RangeReader {

    private final RangeReader small;
    private final RangeReader large;
    private final long thresholdBytes;

    /**
     * Chooses between two readers of the same file; owns both.
     *
     * @param small the reader for ranges below the threshold (the mapping)
     * @param large the reader for the others (the channel)
     * @param thresholdBytes the range size at which {@code large} takes over
     */
    public AutoRangeReader(RangeReader small, RangeReader large, long thresholdBytes) {
        this.small = small;
        this.large = large;
        this.thresholdBytes = thresholdBytes;
    }

    @Override
    public void read(long from, long to, ChunkSink sink) throws IOException {
        choose(to - from).read(from, to, sink);
    }

    /**
     * Through the channel, whatever the size: a transfer is one system call either way, and the
     * channel's moves no byte through a mapping.
     */
    @Override
    public void transferTo(long from, long to, WritableByteChannel target) throws IOException {
        large.transferTo(from, to, target);
    }

    /** A view of the mapping, whatever the size: it copies nothing, so a large range costs no more. */
    @Override
    public MemorySegment segment(long from, long length, long firstStart, SegmentBatch batch, Scratch scratch)
            throws IOException {
        return small.segment(from, length, firstStart, batch, scratch);
    }

    @Override
    public void readFully(long from, byte[] into, int at, int length) throws IOException {
        choose(length).readFully(from, into, at, length);
    }

    @Override
    public ByteBuffer bytes(long from, int length, Scratch scratch) throws IOException {
        return choose(length).bytes(from, length, scratch);
    }

    private RangeReader choose(long length) {
        return length < thresholdBytes ? small : large;
    }

    @Override
    public void close() throws IOException {
        try (large) {
            small.close();
        }
    }
}
