package io.linestore.impl.io;

import com.google.common.util.concurrent.Uninterruptibles;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Reads a channel to its end on a thread of its own, a few buffers ahead of the caller: put in front
 * of a source that costs CPU to read (a decompressor), it lets that source run on one core while the
 * {@link ScanPipeline} scans and its consumer indexes on the others. A failure of the source is thrown
 * to the caller as it was thrown. Memory is bounded: {@value #BUFFERS} buffers of the chunk size.
 * Read by one thread; {@link #close()} stops the reading thread and closes the source.
 */
public final class ReadAheadChannel implements ReadableByteChannel {

    private static final int BUFFERS = 3;

    private final ReadableByteChannel source;
    private final BlockingQueue<ByteBuffer> free = new ArrayBlockingQueue<>(BUFFERS);
    private final BlockingQueue<Handoff> full = new ArrayBlockingQueue<>(BUFFERS + 1);
    private final Thread thread;
    private volatile boolean stopped;
    private ByteBuffer current;
    private boolean ended;

    /**
     * Starts reading.
     *
     * @param source the channel, owned from now on
     * @param chunkBytes bytes per buffer
     * @param name the reading thread's name
     */
    public ReadAheadChannel(ReadableByteChannel source, int chunkBytes, String name) {
        this.source = source;
        for (int i = 0; i < BUFFERS; i++) {
            free.add(ByteBuffer.allocate(chunkBytes));
        }
        this.thread = Thread.ofPlatform().name(name).daemon().start(this::produce);
    }

    private void produce() {
        try {
            while (true) {
                ByteBuffer buffer = free.take().clear();
                if (stopped) {
                    return;
                }
                int n = 0;
                while (buffer.hasRemaining() && (n = source.read(buffer)) >= 0) {
                    // fills the buffer, or reads to the end
                }
                if (buffer.position() > 0) {
                    full.add(new Handoff(buffer.flip(), null));
                }
                if (n < 0) {
                    full.add(Handoff.END);
                    return;
                }
            }
        } catch (InterruptedException e) {
            full.add(new Handoff(null, new InterruptedIOException("interrupted while reading ahead")));
        } catch (IOException | RuntimeException | Error e) {
            full.add(new Handoff(null, e));
        }
    }

    @Override
    public int read(ByteBuffer into) throws IOException {
        if (current == null || !current.hasRemaining()) {
            if (current != null) {
                free.add(current);
                current = null;
            }
            if (ended) {
                return -1;
            }
            Handoff next;
            try {
                next = full.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while waiting for the input");
            }
            switch (next.failure()) {
                case null -> {
                    if (next.buffer() == null) {
                        ended = true;
                        return -1;
                    }
                    current = next.buffer();
                }
                case IOException e -> throw e;
                case RuntimeException e -> throw e;
                case Error e -> throw e;
                // Not reached: the reading thread hands over only the three kinds above.
                default -> throw new IllegalStateException(next.failure());
            }
        }
        int n = Math.min(into.remaining(), current.remaining());
        into.put(into.position(), current, current.position(), n);
        into.position(into.position() + n);
        current.position(current.position() + n);
        return n;
    }

    @Override
    public boolean isOpen() {
        return !stopped;
    }

    /** Stops the reading thread (once it finishes the read it is in) and closes the source. */
    @Override
    public void close() throws IOException {
        stopped = true;
        for (Handoff waiting; (waiting = full.poll()) != null; ) {
            if (waiting.buffer() != null) {
                free.add(waiting.buffer());
            }
        }
        if (current != null) {
            free.add(current);
            current = null;
        }
        Uninterruptibles.joinUninterruptibly(thread);
        source.close();
    }

    /** A buffer of bytes, the end (neither), or a failure. */
    private record Handoff(ByteBuffer buffer, Throwable failure) {
        static final Handoff END = new Handoff(null, null);
    }
}
