package io.linestore.impl.blocks;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;

/**
 * The bytes of a compressed file arriving as a stream (one GET of an object): read once in order, and
 * kept in the chunks they arrived in from the oldest byte not {@linkplain #release released} on, so
 * that a checkpointer can read a stretch of them again. What is kept is bounded by how far behind the
 * reading its oldest need lies (for gzip, a window's size of text after the oldest checkpoint waiting
 * for its window to be made sparse). Thread-safe: one thread reads in order while another reads again.
 */
public final class StreamedBytes implements CompressedBytes {

    private final InputStream in;
    private final ArrayDeque<Chunk> kept = new ArrayDeque<>();
    private long streamed;
    private long released;

    /**
     * Reads a stream.
     *
     * @param in the bytes from the file's first; not closed
     */
    public StreamedBytes(InputStream in) {
        this.in = in;
    }

    @Override
    public int read(ByteBuffer into, long position) throws IOException {
        if (position != streamed) {
            throw new IllegalStateException("a stream is read in order: byte " + position + " asked, " + streamed
                    + " next");
        }
        byte[] bytes = new byte[into.remaining()];
        // Whole chunks: a stream that arrives in small pieces would otherwise keep many mostly empty arrays.
        int n = in.readNBytes(bytes, 0, bytes.length);
        if (n == 0) {
            return bytes.length == 0 ? 0 : -1;
        }
        into.put(bytes, 0, n);
        synchronized (this) {
            kept.add(new Chunk(streamed, bytes, n));
            streamed += n;
        }
        return n;
    }

    @Override
    public synchronized void readAgain(long from, ByteBuffer into) throws IOException {
        if (from < released || from + into.remaining() > streamed) {
            throw new IOException("bytes [" + from + ", " + (from + into.remaining()) + ") are not kept (kept: ["
                    + released + ", " + streamed + "))");
        }
        long next = from;
        for (Chunk chunk : kept) {
            if (!into.hasRemaining()) {
                break;
            }
            if (chunk.from() + chunk.length() <= next) {
                continue;
            }
            int offset = (int) (next - chunk.from());
            int n = Math.min(chunk.length() - offset, into.remaining());
            into.put(chunk.bytes(), offset, n);
            next += n;
        }
    }

    @Override
    public synchronized void release(long before) {
        while (!kept.isEmpty() && kept.peek().from() + kept.peek().length() <= before) {
            kept.poll();
        }
        released = Math.max(released, before);
    }

    /** Bytes that arrived together, from file offset {@code from}. */
    private record Chunk(long from, byte[] bytes, int length) {
    }
}
