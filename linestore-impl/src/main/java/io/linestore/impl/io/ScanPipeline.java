package io.linestore.impl.io;

import com.google.common.util.concurrent.Uninterruptibles;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Reads a source to its end in chunks and scans and checksums each on reader threads, while the
 * calling thread consumes the chunks in order (writes and indexes them): the halves of every
 * write path overlap on two cores. A source that decodes (a decompressor) fills direct buffers, and
 * the calling thread copies each into the heap and scans it, so that decoding has a core to itself. A
 * file range is read by two readers, each taking every other chunk at its own positions; a stream by
 * one. Memory is bounded whatever the input's size: two buffers of the chunk size per reader (and two
 * direct ones for a decoder), passed back and forth. When {@link #run} returns or throws, no reader of
 * a file range or a decoder is still reading it.
 */
public final class ScanPipeline {

    /** Chunks per reader: one being filled while the other waits for or is with the consumer. */
    private static final int BUFFERS = 2;
    /** The largest chunk; larger ones gain nothing and cost memory. */
    private static final int MAX_CHUNK = 8 << 20;
    /** Line ends recorded per scan: lines shorter than this on average take the consumer a rescan. */
    private static final int BYTES_PER_END = 8;

    private final ChunkSource source;
    private final int chunkSize;
    private final Lane[] lanes;
    private volatile boolean stopped;

    private ScanPipeline(ChunkSource source, int chunkSize) {
        this.source = source;
        this.chunkSize = chunkSize;
        this.lanes = new Lane[source.readers()];
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
     * the calling thread as the reader threw it.
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
        for (int t = 0; t < lanes.length; t++) {
            lanes[t] = new Lane(t);
        }
        for (Lane lane : lanes) {
            lane.start();
        }
        long bytes = 0;
        boolean finished = false;
        try {
            for (long k = 0; ; k++) {
                Lane lane = lanes[(int) (k % lanes.length)];
                ScannedChunk chunk = lane.take();
                if (chunk == null) {
                    break;
                }
                bytes += chunk.length();
                try {
                    if (source.scannedByConsumer()) {
                        chunk.scanFilled();
                    }
                    consumer.accept(chunk);
                } finally {
                    // From here on the reader may be filling it again.
                    lane.free.add(chunk);
                }
            }
            finished = true;
        } finally {
            if (!finished) {
                stopped = true;
                for (Lane lane : lanes) {
                    lane.release();
                }
            }
            if (finished || source.filePosition(0) >= 0 || source.scannedByConsumer()) {
                // A file read or a decode ends soon, and a decoder's state must not be freed while it decodes
                // (its caller closes it next); a stream may block for ever, and its reader exits when it returns.
                for (Lane lane : lanes) {
                    lane.join();
                }
            }
        }
        return bytes;
    }

    /** One reader thread and its buffers: it reads chunks {@code t, t + R, t + 2R, ...} of R readers. */
    private final class Lane {
        private final int first;
        private final BlockingQueue<ScannedChunk> free = new ArrayBlockingQueue<>(BUFFERS);
        private final BlockingQueue<Handoff> full = new ArrayBlockingQueue<>(BUFFERS + 1);
        private Thread thread;

        Lane(int first) {
            this.first = first;
            for (int i = 0; i < BUFFERS; i++) {
                free.add(new ScannedChunk(ByteBuffer.allocate(chunkSize),
                        source.scannedByConsumer() ? ByteBuffer.allocateDirect(chunkSize) : null,
                        chunkSize / BYTES_PER_END + BYTES_PER_END));
            }
        }

        void start() {
            thread = Thread.ofPlatform().name("linestore-scan-" + first).daemon().start(this::produce);
        }

        /** Fills, scans and hands over chunks until the end, a failure, or the consumer stops. */
        private void produce() {
            try {
                for (long k = first; ; k += lanes.length) {
                    ScannedChunk chunk = free.take();
                    if (stopped) {
                        return;
                    }
                    long offset = k * chunkSize;
                    ByteBuffer buffer = chunk.storage().clear();
                    source.read(buffer, offset);
                    if (buffer.position() == 0) {
                        full.add(Handoff.END);
                        return;
                    }
                    if (source.scannedByConsumer()) {
                        chunk.fill(buffer.position(), null, -1);
                    } else {
                        chunk.scan(buffer.position(), source.file().orElse(null), source.filePosition(offset));
                    }
                    full.add(new Handoff(chunk, null));
                }
            } catch (InterruptedException e) {
                full.add(new Handoff(null, new InterruptedIOException("interrupted while reading the input")));
            } catch (IOException | RuntimeException | Error e) {
                full.add(new Handoff(null, e));
            }
        }

        /** The next chunk of this lane, or {@code null} at the end of the input. */
        ScannedChunk take() throws IOException {
            Handoff next;
            try {
                next = full.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while waiting for the input");
            }
            return switch (next.failure()) {
                case null -> next.chunk();
                case IOException e -> throw e;
                case RuntimeException e -> throw e;
                case Error e -> throw e;
                // Not reached: a reader hands over only the three kinds above.
                default -> throw new IllegalStateException(next.failure());
            };
        }

        /** Gives the reader its buffers back so that it is not left waiting for one, once stopped. */
        void release() {
            for (Handoff waiting; (waiting = full.poll()) != null; ) {
                if (waiting.chunk() != null) {
                    free.add(waiting.chunk());
                }
            }
        }

        void join() {
            Uninterruptibles.joinUninterruptibly(thread);
        }
    }

    /** A chunk, the end of the input (neither), or a failure to read. */
    private record Handoff(ScannedChunk chunk, Throwable failure) {
        static final Handoff END = new Handoff(null, null);
    }
}
