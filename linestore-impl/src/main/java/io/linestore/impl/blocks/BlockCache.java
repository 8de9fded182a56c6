package io.linestore.impl.blocks;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

/**
 * The decompressed blocks of one open compressed store, bounded by their bytes, shared by its shards
 * and threads: a read of many lines decompresses each block once, and hot lines are served from
 * memory. A block is loaded once however many threads ask for it at the same time. Cached arrays are
 * never written after they are loaded, so readers may hand out views of them. The first block is kept
 * on its own; Caffeine is set up when a second one is loaded (a store that is opened and read within
 * one block pays nothing for it). Thread-safe.
 */
public final class BlockCache {

    /** Blocks per shard the key has room for: 2^40. */
    private static final int BLOCK_BITS = 40;

    /** No block: keys are shard and block numbers, never negative. */
    private static final long NONE = -1;

    private final long maximumBytes;
    private volatile Cache<Long, byte[]> cache;
    /** The first block loaded, until a second one sets up the cache; guarded by {@code this}. */
    private long firstKey = NONE;
    private byte[] firstBytes;

    /**
     * A cache of at most {@code maximumBytes} decompressed bytes; 0 keeps none.
     *
     * @param maximumBytes the bound, {@code >= 0}
     */
    public BlockCache(long maximumBytes) {
        this.maximumBytes = maximumBytes;
    }

    /**
     * Another cache, for what decoding a block needs (a gzip file's frames of windows): loaded while
     * a block of this one loads, it cannot share its map.
     *
     * @param bytes the bound wanted
     * @return a cache of at most that many bytes, none if this one keeps none
     */
    public BlockCache beside(long bytes) {
        return new BlockCache(Math.min(bytes, maximumBytes));
    }

    /**
     * At least the first {@code need} decoded bytes of a block, loaded if the cache has fewer: the
     * first load decodes {@code need} bytes, a later one that needs more decodes the whole block.
     *
     * @param shard the shard
     * @param block the block in the shard's data file
     * @param need how many of its first bytes are wanted, at most all of them
     * @param loader decodes the block's first {@code n} bytes (all if it holds fewer); may throw
     * @return the block's first bytes, at least {@code need} of them; not to be written
     */
    byte[] get(int shard, int block, int need, Loader loader) {
        if (maximumBytes == 0) {
            return loader.load(block, need);
        }
        long key = (long) shard << BLOCK_BITS | block;
        Cache<Long, byte[]> c = cache;
        if (c == null) {
            synchronized (this) {
                c = cache;
                if (c == null) {
                    // A read that needs one block (most short commands) never sets up Caffeine, which
                    // costs tens of milliseconds the first time in a process.
                    if (firstKey == NONE || firstKey == key) {
                        if (firstKey == NONE || firstBytes.length < need) {
                            firstBytes = loader.load(block, wider(firstKey == NONE ? null : firstBytes, need));
                            firstKey = key;
                        }
                        return firstBytes;
                    }
                    c = newCache();
                    c.put(firstKey, firstBytes);
                    firstBytes = null;
                    cache = c;
                }
            }
        }
        byte[] cached = c.getIfPresent(key);
        if (cached != null && cached.length >= need) {
            return cached;
        }
        return c.asMap().compute(key, (k, old) -> old != null && old.length >= need ? old
                : loader.load(block, wider(old, need)));
    }

    /** What to decode when {@code need} bytes are wanted: all of a block whose first bytes did not do. */
    private static int wider(byte[] had, int need) {
        return had == null ? need : Integer.MAX_VALUE;
    }

    /** Decodes a block's first bytes. */
    @FunctionalInterface
    interface Loader {
        /**
         * Decodes a block.
         *
         * @param block the block
         * @param need its first bytes wanted; all if it holds fewer
         * @return the decoded bytes
         */
        byte[] load(int block, int need);
    }

    private Cache<Long, byte[]> newCache() {
        return Caffeine.newBuilder()
                .maximumWeight(maximumBytes)
                .<Long, byte[]>weigher((key, block) -> block.length)
                // Eviction runs on the reading thread: no pool thread for a short command.
                .executor(Runnable::run)
                .build();
    }

    /** Empties the cache: a closed store's blocks are garbage. */
    public void clear() {
        synchronized (this) {
            firstKey = NONE;
            firstBytes = null;
        }
        Cache<Long, byte[]> c = cache;
        if (c != null) {
            c.invalidateAll();
        }
    }
}
