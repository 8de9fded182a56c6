package io.linestore.impl.io;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Reads a source to its end in chunks and scans each for its line ends on a second thread, while
 * the calling thread consumes the previous chunk (writes it, checksums it, indexes it): the two
 * halves of every write path overlap on two cores. Memory is bounded whatever the input's size: a
 * few direct buffers of the chunk size, which the two threads pass back and forth, so nothing is
 * copied onto the heap.
 *
 * <p>The buffers are direct {@link ByteBuffer}s freed by the garbage collector, not memory of an
 * {@code Arena}: a reader thread blocked on a stream that the consumer gave up on (standard input
 * that never ends) may still hold one, and closing an arena under it would fail.
 */
public final class ScanPipeline {

    /** Chunks in flight: one being filled, one being consumed, one ready between them. */
    private static final int BUFFERS = 3;
    /** The largest chunk; larger buffer sizes gain nothing and cost memory. */
    private static final int MAX_CHUNK = 8 << 20;
    /** Line ends recorded per chunk: lines shorter than this on average cut chunks short. */
    private static final int BYTES_PER_END = 8;

    private final ChunkSource source;
    private final int chunkSize;
    private final BlockingQueue<ScannedChunk> free = new ArrayBlockingQueue<>(BUFFERS);
    private final BlockingQueue<Handoff> full = new ArrayBlockingQueue<>(BUFFERS + 1);
    private volatile boolean stopped;

    private ScanPipeline(ChunkSource source, int chunkSize) {
        this.source = source;
        this.chunkSize = chunkSize;
    }

    /** Receives each scanned chunk, in order. */
    @FunctionalInterface
    public interface ChunkConsumer {
        /**
         * Consumes a chunk; it is valid only during the call.
         *
         * @param chunk the next bytes of the input, never empty
         * @throws IOException if writing them fails
         */
        void accept(ScannedChunk chunk) throws IOException;
    }

    /**
     * Reads the whole source and hands each chunk to the consumer on the calling thread. When the
     * consumer throws, reading stops and the exception is thrown on; a failure to read is thrown on
     * the calling thread as it was thrown on the reading one.
     *
     * @param source the input
     * @param chunkSize the largest chunk, {@code >= 1}; capped at 8 MiB
     * @param consumer receives the chunks
     * @return the bytes read
     * @throws IOException if reading fails, or the consumer throws it
     */
    public static long run(ChunkSource source, int chunkSize, ChunkConsumer consumer) throws IOException {
        return new ScanPipeline(source, Math.min(chunkSize, MAX_CHUNK)).run(consumer);
    }

    private long run(ChunkConsumer consumer) throws IOException {
        for (int i = 0; i < BUFFERS; i++) {
            free.add(new ScannedChunk(ByteBuffer.allocateDirect(chunkSize), chunkSize / BYTES_PER_END + BYTES_PER_END));
        }
        Thread reader = Thread.ofPlatform().name("linestore-scan").daemon().start(this::produce);
        long bytes = 0;
        boolean finished = false;
        ScannedChunk held = null;
        try {
            for (Handoff next = take(); next.chunk() != null; next = take()) {
                held = next.chunk();
                consumer.accept(held);
                bytes += held.length();
                free.add(held);
                held = null;
            }
            finished = true;
        } finally {
            if (!finished) {
                stopped = true;
                if (held != null) {
                    // The reader may be waiting for a buffer: it takes this one, sees the flag and stops.
                    free.add(held);
                }
            }
            if (finished || source.filePosition() >= 0) {
                // A file read ends soon; a stream may block for ever, and its reader exits when it returns.
                joinQuietly(reader);
            }
        }
        return bytes;
    }

    /** The reading thread: fills, scans and hands over chunks until the end or a failure. */
    private void produce() {
        try {
            ByteBuffer carry = null;
            while (true) {
                ScannedChunk chunk = free.take();
                if (stopped) {
                    return;
                }
                ByteBuffer buffer = chunk.buffer().clear();
                int carried = carry == null ? 0 : carry.flip().remaining();
                if (carried > 0) {
                    buffer.put(carry);
                }
                long position = source.filePosition() < 0 ? -1 : source.filePosition() - carried;
                source.read(buffer);
                int filled = buffer.position();
                if (filled == 0) {
                    full.add(Handoff.END);
                    return;
                }
                int length = chunk.scan(filled, position);
                if (carry != null) {
                    carry.clear();
                }
                if (length < filled) {
                    // More line ends than the chunk records: the rest starts the next chunk.
                    if (carry == null) {
                        carry = ByteBuffer.allocateDirect(chunkSize);
                    }
                    carry.put(buffer.duplicate().limit(filled).position(length));
                }
                full.add(new Handoff(chunk, null));
            }
        } catch (InterruptedException e) {
            full.add(new Handoff(null, new InterruptedIOException("interrupted while reading the input")));
        } catch (IOException | RuntimeException | Error e) {
            full.add(new Handoff(null, e));
        }
    }

    private Handoff take() throws IOException {
        Handoff next;
        try {
            next = full.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the input");
        }
        return switch (next.failure()) {
            case null -> next;
            case IOException e -> throw e;
            case RuntimeException e -> throw e;
            case Error e -> throw e;
            // Not reached: the reader hands over only the three kinds above.
            default -> throw new IllegalStateException(next.failure());
        };
    }

    private static void joinQuietly(Thread reader) {
        boolean interrupted = false;
        while (true) {
            try {
                reader.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** A chunk, the end of the input (neither), or a failure to read. */
    private record Handoff(ScannedChunk chunk, Throwable failure) {
        static final Handoff END = new Handoff(null, null);
    }
}
