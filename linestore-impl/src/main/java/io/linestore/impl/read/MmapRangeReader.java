package io.linestore.impl.read;

import io.linestore.SegmentBatch;
import io.linestore.impl.io.ChunkSink;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;

/**
 * {@link io.linestore.ReadMethod#MMAP}: hands out views of a read-only memory mapping, without
 * copying and without a system call. The mapping belongs to the shard's arena, which the handle
 * closes, so {@link #close()} here has nothing to release.
 */
public final class MmapRangeReader implements RangeReader {

    // A ByteBuffer view is indexed by int: ranges beyond this are handed out in several views.
    private static final long MAX_VIEW = Integer.MAX_VALUE - 8;

    private final MemorySegment mapping;

    /**
     * Reads from a mapping of the whole file.
     *
     * @param mapping the mapped file; stays open while this reader is used
     */
    public MmapRangeReader(MemorySegment mapping) {
        this.mapping = mapping;
    }

    @Override
    public void read(long from, long to, ChunkSink sink) throws IOException {
        for (long position = from; position < to; ) {
            long length = Math.min(to - position, MAX_VIEW);
            if (!sink.accept(mapping.asSlice(position, length).asByteBuffer())) {
                return;
            }
            position += length;
        }
    }

    @Override
    public void readFully(long from, byte[] into, int at, int length) {
        // Segment to segment: the copy into an array picks the array's type with a pattern switch, whose
        // bootstrap the JDK's start-up cache does not keep (milliseconds of every short command).
        MemorySegment.copy(mapping, from, MemorySegment.ofArray(into), at, length);
    }

    @Override
    public ByteBuffer bytes(long from, int length, Scratch scratch) {
        return mapping.asSlice(from, length).asByteBuffer();
    }

    @Override
    public MemorySegment segment(long from, long length, long firstStart, SegmentBatch batch, Scratch scratch) {
        MemorySegment view = mapping.asSlice(from, length);
        batch.view(view, firstStart);
        return view;
    }

    @Override
    public void close() {
        // The arena that owns the mapping is closed by the shard handle.
    }
}
