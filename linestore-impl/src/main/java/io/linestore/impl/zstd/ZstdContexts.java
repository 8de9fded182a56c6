package io.linestore.impl.zstd;

import com.github.luben.zstd.ZstdDecompressCtx;
import java.util.ArrayDeque;

/**
 * The zstd decompression contexts of one owner (a store, a verify run): a context is native memory
 * that zstd-jni frees only on {@code close()}, so contexts belong to an object with a lifetime, never
 * to threads (a thread-local context would live as long as its thread, one per virtual thread that
 * ever read). A decode takes an idle context or makes one, and gives it back after; at most
 * {@link #MAX_IDLE} are kept idle, others are freed when given back. {@link #close()} frees the idle
 * ones, and any given back after it. Thread-safe; a context is used by one thread at a time.
 */
public final class ZstdContexts implements AutoCloseable {

    /** Idle contexts kept: as many as threads that can decode at once without waiting for a core. */
    static final int MAX_IDLE = Math.max(1, Runtime.getRuntime().availableProcessors());

    private final ArrayDeque<ZstdDecompressCtx> idle = new ArrayDeque<>();
    private int open;
    private boolean closed;

    /** An empty pool. */
    public ZstdContexts() {
    }

    /**
     * Runs a decode with a context of this pool's.
     *
     * @param decode what to do with the context
     * @param <T> what the decode gives
     * @param <E> what it throws
     * @return what the decode gave
     * @throws E what the decode threw
     * @throws IllegalStateException if the pool is closed
     */
    public <T, E extends Exception> T with(ContextUse<T, E> decode) throws E {
        ZstdDecompressCtx context = take();
        try {
            return decode.apply(context);
        } finally {
            giveBack(context);
        }
    }

    /**
     * What a decode does with a context.
     *
     * @param <T> what it gives
     * @param <E> what it throws
     */
    @FunctionalInterface
    public interface ContextUse<T, E extends Exception> {

        /**
         * Decodes with the context, which no other thread uses meanwhile.
         *
         * @param context the context
         * @return the result
         * @throws E on failure
         */
        T apply(ZstdDecompressCtx context) throws E;
    }

    /**
     * Contexts made and not yet freed: in use or idle.
     *
     * @return the count
     */
    public synchronized int open() {
        return open;
    }

    /** Frees the idle contexts, and from now on every context given back; again does nothing. */
    @Override
    public void close() {
        ArrayDeque<ZstdDecompressCtx> freed;
        synchronized (this) {
            closed = true;
            freed = new ArrayDeque<>(idle);
            open -= idle.size();
            idle.clear();
        }
        freed.forEach(ZstdDecompressCtx::close);
    }

    private ZstdDecompressCtx take() {
        synchronized (this) {
            if (closed) {
                throw new IllegalStateException("the zstd contexts are closed (the store was closed)");
            }
            ZstdDecompressCtx context = idle.pollFirst();
            if (context != null) {
                return context;
            }
            open++;
        }
        try {
            return new ZstdDecompressCtx();
        } catch (RuntimeException | Error e) {
            synchronized (this) {
                open--;
            }
            throw e;
        }
    }

    private void giveBack(ZstdDecompressCtx context) {
        synchronized (this) {
            if (!closed && idle.size() < MAX_IDLE) {
                idle.addFirst(context);
                return;
            }
            open--;
        }
        context.close();
    }
}
