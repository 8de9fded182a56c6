package io.linestore.impl.read;

import io.linestore.impl.io.ChannelChunks;
import io.linestore.impl.io.ChunkSink;
import java.io.Closeable;
import io.linestore.SegmentBatch;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;

/**
 * Reads byte ranges of one data file in one {@link io.linestore.ReadMethod} way. Implementations are
 * thread-safe; {@link #close()} must not run while a read does (the handle cache guarantees it).
 */
public interface RangeReader extends Closeable {

    /**
     * Hands the bytes {@code [from, to)} to the sink in order, in one or more chunks, until the range
     * ends or the sink asks to stop. An empty range hands nothing.
     *
     * @param from the first byte, {@code >= 0}
     * @param to the end, exclusive, {@code <=} the file's size
     * @param sink receives the chunks
     * @throws IOException if reading fails, or the file ends before {@code to}
     */
    void read(long from, long to, ChunkSink sink) throws IOException;

    /**
     * Writes the bytes {@code [from, to)} to a channel: by the operating system, without passing through
     * the JVM, where the reader has a file channel; else chunk by chunk as {@link #read} hands them out
     * (views of a mapping are written without a copy in the JVM).
     *
     * @param from the first byte, {@code >= 0}
     * @param to the end, exclusive, {@code <=} the file's size
     * @param target where the bytes go
     * @throws IOException if reading or writing fails, or the file ends before {@code to}
     */
    default void transferTo(long from, long to, WritableByteChannel target) throws IOException {
        read(from, to, chunk -> {
            ChannelChunks.writeFully(target, chunk);
            return true;
        });
    }

    /**
     * Copies the bytes {@code [from, from + length)} into an array, in one read where the method
     * allows it.
     *
     * @param from the first byte, {@code >= 0}
     * @param into the array
     * @param at where in {@code into} the first byte goes
     * @param length bytes to copy, {@code from + length <=} the file's size
     * @throws IOException if reading fails, or the file ends first
     */
    void readFully(long from, byte[] into, int at, int length) throws IOException;

    /**
     * Reads {@code [from, to)} in chunks of at most {@code chunkBytes}, each copied with
     * {@link #readFully} into the reading thread's {@link Scratch} array: the {@link #read} of a reader
     * that copies.
     *
     * @param reader the reader
     * @param from the first byte
     * @param to the end, exclusive
     * @param chunkBytes the largest chunk, {@code >= 1}
     * @param sink receives the chunks
     * @throws IOException if reading fails, or the file ends before {@code to}
     */
    static void readInChunks(RangeReader reader, long from, long to, int chunkBytes, ChunkSink sink)
            throws IOException {
        Scratch scratch = Scratch.take();
        try {
            int chunk = (int) Math.min(to - from, chunkBytes);
            byte[] buffer = scratch.bytes(chunk);
            for (long position = from; position < to; ) {
                int length = (int) Math.min(chunk, to - position);
                reader.readFully(position, buffer, 0, length);
                position += length;
                if (!sink.accept(ByteBuffer.wrap(buffer, 0, length))) {
                    return;
                }
            }
        } finally {
            scratch.release();
        }
    }

    /**
     * The bytes {@code [from, from + length)} as a buffer from index 0 to its limit: a view without a
     * copy where the method has one (memory mapping), else the bytes read into the scratch array.
     * Valid until the scratch is released or the reader closed.
     *
     * @param from the first byte, {@code >= 0}
     * @param length bytes wanted, {@code from + length <=} the file's size
     * @param scratch the read's scratch, which may hold the bytes
     * @return the bytes, position 0, limit {@code length}
     * @throws IOException if reading fails, or the file ends first
     */
    default ByteBuffer bytes(long from, int length, Scratch scratch) throws IOException {
        byte[] into = scratch.bytes(length);
        readFully(from, into, 0, length);
        return ByteBuffer.wrap(into, 0, length);
    }

    /**
     * The bytes {@code [from, from + length)} as a batch's bytes: a view without a copy where the method
     * has one (memory mapping), else read into the batch's own memory, in one read where the method
     * allows it.
     *
     * @param from the first byte, {@code >= 0}
     * @param length bytes wanted, {@code from + length <=} the file's size
     * @param firstStart where the batch's line 0 starts in them
     * @param batch the batch whose bytes they become
     * @param scratch the read's scratch, whose byte array a reader that copies reads through
     * @return the bytes, which {@link SegmentBatch#bytes()} now is
     * @throws IOException if reading fails, or the file ends first
     */
    default MemorySegment segment(long from, long length, long firstStart, SegmentBatch batch, Scratch scratch)
            throws IOException {
        MemorySegment into = batch.reserve(length, firstStart);
        int piece = (int) Math.min(length, Scratch.RETAINED_BYTES);
        byte[] buffer = scratch.bytes(piece);
        for (long done = 0; done < length; done += piece) {
            int n = (int) Math.min(piece, length - done);
            readFully(from + done, buffer, 0, n);
            MemorySegment.copy(MemorySegment.ofArray(buffer), 0, into, done, n);
        }
        return into;
    }

    /**
     * Releases the file (and mapping) behind this reader.
     *
     * @throws IOException if closing fails
     */
    @Override
    void close() throws IOException;
}
