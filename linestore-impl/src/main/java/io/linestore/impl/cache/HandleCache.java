package io.linestore.impl.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.linestore.StoreClosedException;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.IntFunction;

/**
 * Keeps at most a fixed number of open handles (a shard's channels and mappings), so a store of
 * 100,000 shards never runs out of file descriptors or {@code vm.max_map_count}. Thread-safe.
 *
 * <p>When every key fits (no more keys than the bound, as for a single file or a store of a few
 * shards), handles live in an array slot per key, opened on first use and never evicted: a read looks
 * its handle up with one volatile load, and Caffeine is never set up (which a short command would pay
 * for at start). Otherwise a Caffeine cache bounded by count keeps them.
 *
 * <p>Handles are reference-counted: the cache holds one reference and every {@link Lease} another.
 * A handle that is evicted, or the whole cache closed, while a read uses it is closed only when
 * that read releases its lease, so eviction never makes a concurrent read fail.
 *
 * @param <T> the handle type
 */
public final class HandleCache<T extends Closeable> implements AutoCloseable {

    private final Cache<Integer, Lease<T>> cache;
    private final AtomicReferenceArray<Lease<T>> slots;
    private final IntFunction<T> opener;
    private final String description;
    private final AtomicBoolean closed = new AtomicBoolean();

    /**
     * Makes an empty cache.
     *
     * @param keys how many keys there are, {@code [0, keys)}
     * @param maximumSize the most handles kept open, {@code >= 1}
     * @param opener opens the handle of a key; may throw
     * @param description what the handles belong to, for messages (the store's path)
     */
    public HandleCache(int keys, int maximumSize, IntFunction<T> opener, String description) {
        this.opener = opener;
        this.description = description;
        if (keys <= maximumSize) {
            this.slots = new AtomicReferenceArray<>(keys);
            this.cache = null;
            return;
        }
        this.slots = null;
        this.cache = Caffeine.newBuilder()
                .maximumSize(maximumSize)
                // Run removal on the thread that caused it: a handle's files are released at once, not
                // some time later on a pool thread.
                .executor(Runnable::run)
                .<Integer, Lease<T>>removalListener((key, counted, cause) -> {
                    if (counted != null) {
                        counted.release();
                    }
                })
                .build();
    }

    /**
     * Leases the handle of a key, opening it if it is not cached.
     *
     * @param key the key (a shard number)
     * @return a lease; close it when the read ends
     * @throws StoreClosedException if the cache is closed
     */
    public Lease<T> acquire(int key) {
        while (true) {
            ensureOpen();
            Lease<T> counted = slots != null ? slot(key) : cache.get(key, k -> new Lease<>(opener.apply(k)));
            if (counted.retain()) {
                if (closed.get()) {
                    // close() ran between the check and the insert: drop what was inserted after it.
                    remove(key, counted);
                    counted.release();
                    throw new StoreClosedException(description);
                }
                return counted;
            }
            // Evicted and released between get and retain: replace it.
            remove(key, counted);
        }
    }

    /** The slot's handle, opened and put there by the first thread that needs it. */
    private Lease<T> slot(int key) {
        Lease<T> counted = slots.get(key);
        if (counted != null) {
            return counted;
        }
        Lease<T> opened = new Lease<>(opener.apply(key));
        if (slots.compareAndSet(key, null, opened)) {
            return opened;
        }
        opened.release();
        return slots.get(key);
    }

    private void remove(int key, Lease<T> counted) {
        if (slots != null) {
            slots.compareAndSet(key, counted, null);
        } else {
            cache.asMap().remove(key, counted);
        }
    }

    /**
     * How many handles are cached now (not counting evicted ones still leased).
     *
     * @return the count, after pending evictions
     */
    public long size() {
        if (slots != null) {
            long open = 0;
            for (int key = 0; key < slots.length(); key++) {
                open += slots.get(key) != null ? 1 : 0;
            }
            return open;
        }
        cache.cleanUp();
        return cache.estimatedSize();
    }

    /**
     * Whether {@link #close()} has run.
     *
     * @return {@code true} once closed
     */
    public boolean isClosed() {
        return closed.get();
    }

    /**
     * Releases every cached handle; leased ones close when their lease does. Idempotent.
     */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            if (slots != null) {
                for (int key = 0; key < slots.length(); key++) {
                    Lease<T> counted = slots.getAndSet(key, null);
                    if (counted != null) {
                        counted.release();
                    }
                }
                return;
            }
            cache.invalidateAll();
            cache.cleanUp();
        }
    }

    private void ensureOpen() {
        if (closed.get()) {
            throw new StoreClosedException(description);
        }
    }

    /**
     * A cached handle with its reference count; a read holds it as its lease between {@link #acquire}
     * and {@link #close()}. Not for sharing between threads: close it exactly once, in the thread that
     * acquired it.
     *
     * @param <T> the handle type
     */
    public static final class Lease<T extends Closeable> implements AutoCloseable {
        private final T handle;
        private final AtomicInteger references = new AtomicInteger(1);

        Lease(T handle) {
            this.handle = handle;
        }

        /**
         * The handle, open until this lease closes.
         *
         * @return the handle
         */
        public T get() {
            return handle;
        }

        /** Ends this read's use of the handle; the last user closes it. */
        @Override
        public void close() {
            release();
        }

        boolean retain() {
            for (int n = references.get(); n > 0; n = references.get()) {
                if (references.compareAndSet(n, n + 1)) {
                    return true;
                }
            }
            return false;
        }

        void release() {
            if (references.decrementAndGet() == 0) {
                try {
                    handle.close();
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot close " + handle, e);
                }
            }
        }
    }
}
