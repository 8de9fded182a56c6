package io.linestore.s3;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.linestore.CorruptStoreException;
import io.linestore.impl.format.Manifest;
import io.linestore.impl.format.ShardEntry;
import io.linestore.impl.index.IndexFiles;
import io.linestore.impl.index.IndexFormat;
import io.linestore.impl.index.LineIndex;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The index of each shard of an S3 store. A pushed store's dense or sparse index is read in pages
 * by ranged GETs ({@link RangedEntries}), the object's pushed ETag standing for its identity. A
 * compact index, or the index of a store copied to the bucket as files, is downloaded once into the
 * {@link IndexCache} (one GET), checked and mapped read-only, then kept until the store closes; it
 * is cached only if its header names this store, generation and shard and the CRC32C of its entries
 * is the manifest's, so a cached index is always the manifest's. Thread-safe.
 */
final class ShardIndexes implements AutoCloseable {

    /** Bytes of index entries fetched by ranged GETs that a store keeps: 16 MiB, two million entries. */
    static final long PAGE_CACHE_BYTES = 16L << 20;

    /**
     * GETs of entries of one shard for scattered reads (not continuing the previous one) after which
     * its whole index is downloaded, cached and mapped.
     */
    static final int WHOLE_AFTER_FETCHES = 16;

    private final ObjectReads objects;
    private final StoreObjects store;
    private final IndexCache cache;
    private final Arena arena = Arena.ofShared();
    private final Map<Integer, LineIndex> open = new ConcurrentHashMap<>();
    private final Map<Integer, ShardEntries> entries = new ConcurrentHashMap<>();
    private final Cache<RangedEntries.Page, long[]> pages = Caffeine.newBuilder()
            .maximumWeight(PAGE_CACHE_BYTES)
            .weigher((RangedEntries.Page page, long[] values) -> 16 + values.length * Long.BYTES)
            .build();

    ShardIndexes(ObjectReads objects, StoreObjects store, IndexCache cache) {
        this.objects = objects;
        this.store = store;
        this.cache = cache;
    }

    /**
     * The index entries of a shard as reads use them: for a pushed store with a dense or sparse
     * index that no process has cached, fetched by ranged GETs of its index object as reads need
     * them ({@link RangedEntries}) until {@value #WHOLE_AFTER_FETCHES} GETs have been spent on scattered reads;
     * then, and otherwise, the whole index, downloaded once into the cache and mapped ({@link #index}).
     *
     * @param shard the shard
     * @return the entries
     */
    ShardEntries entries(int shard) {
        ShardEntries current = entries.computeIfAbsent(shard, this::openEntries);
        if (current instanceof RangedEntries ranged && ranged.scatteredFetches() >= WHOLE_AFTER_FETCHES) {
            // Many scattered reads of one shard: its whole index once beats a GET of entries per read.
            ShardEntries whole = mapped(shard);
            entries.replace(shard, current, whole);
            return whole;
        }
        return current;
    }

    private ShardEntries openEntries(int shard) {
        Manifest manifest = store.manifest();
        if (store.pushed() == null || manifest.index().isCompact() || cache.holds(cacheName(shard))) {
            return mapped(shard);
        }
        ShardEntry entry = manifest.shards().get(shard);
        IndexFormat.Identity identity = IndexFormat.Identity.of(manifest, shard);
        String eTag = store.pushed().shards().get(shard).indexETag();
        return new RangedEntries(store.indexPath(shard), shard, identity.headerBytes(),
                Math.ceilDiv(entry.lines(), manifest.indexStride()) + 1, store.textBytes(shard), (from, to) -> {
                    ObjectReads.Range range = objects.getRange(store.indexBucket(), store.indexKey(shard), from, to, eTag);
                    return range != null ? range.bytes() : downloadedBytes(shard, identity.headerBytes(), from, to);
                }, pages);
    }

    /** The whole index of a shard, downloaded once (or found in the cache) and mapped, as entries. */
    private ShardEntries mapped(int shard) {
        LineIndex index = index(shard);
        return new ShardEntries() {
            @Override
            public long entryCount() {
                return index.entryCount();
            }

            @Override
            public void load(long first, long last) {
                // Mapped whole: every entry is there.
            }

            @Override
            public long entry(long e) {
                return index.entry(e);
            }
        };
    }

    /**
     * Entries as the bytes of index {@code [from, to)}, from the whole index downloaded and checked:
     * the object is not the one pushed (a copy with other ETags), so its header and checksum decide.
     */
    private byte[] downloadedBytes(int shard, int headerBytes, long from, long to) {
        LineIndex whole = index(shard);
        ByteBuffer bytes = ByteBuffer.allocate(Math.toIntExact(to - from)).order(ByteOrder.LITTLE_ENDIAN);
        for (long e = (from - headerBytes) / 8; e < (to - headerBytes) / 8; e++) {
            bytes.putLong(whole.entry(e));
        }
        return bytes.array();
    }

    /**
     * The mapped index of a shard, downloaded first if no process has cached it.
     *
     * @param shard the shard
     * @return the index
     * @throws CorruptStoreException if the index object is not the manifest's
     */
    LineIndex index(int shard) {
        return open.computeIfAbsent(shard, this::load);
    }

    /**
     * A shard's index fetched from the bucket now, whatever the cache holds, as {@code verify} needs
     * it: downloaded into a scratch file, mapped into the caller's arena, the file deleted (the
     * mapping stays readable). Its entries are not checked here: the caller reports what is wrong.
     *
     * @param shard the shard
     * @param into the arena that owns the mapping
     * @return the index
     * @throws CorruptStoreException if the object is shorter than committed or its header is not this shard's
     */
    LineIndex fetch(int shard, Arena into) {
        Path file = cache.scratch(cacheName(shard));
        try {
            objects.download(store.indexBucket(), store.indexKey(shard), file);
            return map(shard, file, into);
        } finally {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // A later trim of the cache deletes it.
            }
        }
    }

    private LineIndex load(int shard) {
        for (int attempt = 0; ; attempt++) {
            Path file = cache.get(cacheName(shard), target -> {
                objects.download(store.indexBucket(), store.indexKey(shard), target);
                try (Arena check = Arena.ofConfined()) {
                    LineIndex index = map(shard, target, check);
                    long crc = index.entriesCrc32c();
                    long expected = store.manifest().shards().get(shard).indexCrc32c();
                    if (crc != expected) {
                        throw new CorruptStoreException(store.indexPath(shard), "the CRC32C of its entries is "
                                + crc + ", the manifest records " + expected);
                    }
                }
            });
            try {
                return map(shard, file, arena);
            } catch (UncheckedIOException e) {
                // Another process trimmed the cache between our download and our mapping: fetch again.
                if (!(e.getCause() instanceof NoSuchFileException) || attempt > 0) {
                    throw e;
                }
            }
        }
    }

    private LineIndex map(int shard, Path file, Arena into) {
        Manifest manifest = store.manifest();
        ShardEntry entry = manifest.shards().get(shard);
        IndexFormat.Identity identity = IndexFormat.Identity.of(manifest, shard);
        long committed = IndexFiles.committedBytes(manifest.index(), identity, entry.lines(), entry.indexBytes());
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            if (channel.size() < committed) {
                throw new CorruptStoreException(store.indexPath(shard), "the object is " + channel.size()
                        + " bytes, the manifest commits " + committed);
            }
            MemorySegment segment = channel.map(FileChannel.MapMode.READ_ONLY, 0, committed, into);
            return IndexFiles.open(manifest.index(), store.indexPath(shard), segment, identity, entry.lines(),
                    store.textBytes(shard), entry.indexBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot map the cached index " + file + " of " + store.indexName(shard), e);
        }
    }

    /** Unique to the index's content: store id, generation, shard, entries' checksum and size. */
    private String cacheName(int shard) {
        Manifest manifest = store.manifest();
        ShardEntry entry = manifest.shards().get(shard);
        return String.format(Locale.ROOT, "%08x-%016x-g%d-s%d-%08x-%d.idx", store.indexName(shard).hashCode(),
                manifest.storeId(), manifest.generation(), shard, entry.indexCrc32c(), entry.indexBytes());
    }

    /**
     * Unmaps every index; the store is closed and no read runs.
     */
    @Override
    public void close() {
        arena.close();
    }
}
