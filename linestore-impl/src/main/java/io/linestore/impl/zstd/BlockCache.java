package io.linestore.impl.zstd;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.function.IntFunction;

/**
 * The decompressed blocks of one open compressed store, bounded by their bytes, shared by its shards
 * and threads: a read of many lines decompresses each block once, and hot lines are served from
 * memory. A block is loaded once however many threads ask for it at the same time. Cached arrays are
 * never written after they are loaded, so readers may hand out views of them. Caffeine, set up on the
 * first load (a store that is opened and never read pays nothing). Thread-safe.
 */
public final class BlockCache {

    /** Frames per shard the key has room for: 2^40. */
    private static final int FRAME_BITS = 40;

    private final long maximumBytes;
    private volatile Cache<Long, byte[]> cache;

    /**
     * A cache of at most {@code maximumBytes} decompressed bytes; 0 keeps none.
     *
     * @param maximumBytes the bound, {@code >= 0}
     */
    public BlockCache(long maximumBytes) {
        this.maximumBytes = maximumBytes;
    }

    /**
     * The decompressed bytes of a block, loaded if they are not cached.
     *
     * @param shard the shard
     * @param frame the frame in the shard's data file
     * @param loader decompresses the frame; may throw
     * @return the block's bytes; not to be written
     */
    byte[] get(int shard, int frame, IntFunction<byte[]> loader) {
        if (maximumBytes == 0) {
            return loader.apply(frame);
        }
        long key = (long) shard << FRAME_BITS | frame;
        return cache().get(key, k -> loader.apply(frame));
    }

    private Cache<Long, byte[]> cache() {
        Cache<Long, byte[]> c = cache;
        if (c == null) {
            synchronized (this) {
                c = cache;
                if (c == null) {
                    c = Caffeine.newBuilder()
                            .maximumWeight(maximumBytes)
                            .<Long, byte[]>weigher((key, block) -> block.length)
                            // Eviction runs on the reading thread: no pool thread for a short command.
                            .executor(Runnable::run)
                            .build();
                    cache = c;
                }
            }
        }
        return c;
    }

    /** Empties the cache: a closed store's blocks are garbage. */
    public void clear() {
        Cache<Long, byte[]> c = cache;
        if (c != null) {
            c.invalidateAll();
        }
    }
}
