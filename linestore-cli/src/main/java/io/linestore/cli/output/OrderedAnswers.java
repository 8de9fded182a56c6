package io.linestore.cli.output;

import io.linestore.LineStore;
import java.io.ByteArrayOutputStream;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * Answers to range requests against a store whose reads wait on the network (object storage) or
 * on decompression: several reads run at once, and their lines are written in the order the
 * requests came, exactly as one {@link LinePrinter#print} per request would write them. A request
 * of more than {@link #MAX_LINES} lines is answered alone, straight to the output, after the ones
 * before it, so memory stays bounded. A read that fails is thrown when its turn to be written
 * comes, after the answers before it. Not thread-safe: one caller; close it.
 */
public final class OrderedAnswers implements AutoCloseable {

    /** Reads running at once against a store whose reads wait on the network. */
    public static final int REMOTE_IN_FLIGHT = 8;

    /** The most lines of a request answered alongside others. */
    public static final long MAX_LINES = 10_000;

    private final LineStore store;
    private final LinePrinter printer;
    private final ThreadLocal<Renderer> renderers;
    private final int inFlight;
    private final ExecutorService pool;
    private final Deque<Future<byte[]>> pending = new ArrayDeque<>();

    /**
     * Makes the answers.
     *
     * @param store the store, read from several threads
     * @param printer where the answers go, in order
     * @param numbered whether each line gets its number and a tab before it
     * @param mapped as for {@link LinePrinter}
     * @param inFlight reads running at once: {@link #REMOTE_IN_FLIGHT} for a store whose reads wait on
     *     the network, the cores for one whose reads decompress
     */
    public OrderedAnswers(LineStore store, LinePrinter printer, boolean numbered, Supplier<LineStore> mapped,
            int inFlight) {
        this.store = store;
        this.printer = printer;
        this.renderers = ThreadLocal.withInitial(() -> new Renderer(numbered, mapped));
        this.inFlight = inFlight;
        this.pool = Executors.newFixedThreadPool(inFlight, Thread.ofPlatform().daemon().name("linestore-read-", 0)
                .factory());
    }

    /**
     * Answers lines {@code [offset, offset + size)}, now or when the answers before it are written.
     *
     * @param offset the first line
     * @param size the most lines
     */
    public void answer(long offset, long size) {
        if (size > MAX_LINES) {
            drain();
            printer.print(store, offset, size);
            return;
        }
        pending.add(pool.submit(() -> renderers.get().render(store, offset, size)));
        if (pending.size() >= inFlight) {
            writeOldest();
        }
    }

    /** Writes every answer not yet written, in order. */
    public void drain() {
        while (!pending.isEmpty()) {
            writeOldest();
        }
    }

    private void writeOldest() {
        byte[] answer;
        try {
            answer = pending.removeFirst().get();
        } catch (ExecutionException e) {
            pending.forEach(later -> later.cancel(true));
            pending.clear();
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted while waiting for a read");
        }
        printer.write(answer);
    }

    /** Stops the reads not yet written; their answers are dropped. */
    @Override
    public void close() {
        pending.forEach(later -> later.cancel(true));
        pending.clear();
        pool.shutdownNow();
    }

    /** One thread's printer into memory, reused from request to request. */
    private static final class Renderer {

        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final LinePrinter printer;

        Renderer(boolean numbered, Supplier<LineStore> mapped) {
            this.printer = new LinePrinter(bytes, numbered, false, mapped);
        }

        byte[] render(LineStore store, long offset, long size) {
            bytes.reset();
            printer.print(store, offset, size);
            printer.flush();
            return bytes.toByteArray();
        }
    }
}
