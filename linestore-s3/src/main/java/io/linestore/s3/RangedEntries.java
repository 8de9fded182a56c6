package io.linestore.s3;

import com.github.benmanes.caffeine.cache.Cache;
import io.linestore.CorruptStoreException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The entries of a pushed shard's dense or sparse index, fetched by ranged GETs of the index object
 * in pages of {@value #PAGE_ENTRIES} entries, so that a read costs a few KiB of index whatever the
 * store's size, and never a download of the whole index. Every GET asks for the index object's
 * ETag recorded at push ({@code If-Match}): the bytes are those of the index the manifest commits,
 * which stands in for the header and checksum checks a downloaded index gets. Entries must rise
 * and stay within the data; pages are kept in the store's page cache. A fetch that starts at the
 * page after the last one fetched reads ahead twice the pages of that fetch, at most
 * {@value #READ_AHEAD_PAGES}, for reads that walk a range in batches: ahead only as far as the reader
 * has shown it reads. Thread-safe.
 *
 * <p>The entry array starts after the header: entry {@code e} is the 8-byte little-endian number
 * at {@code headerBytes + 8e} (see {@code IndexFormat}); the end entry is the manifest's data size.
 */
final class RangedEntries implements ShardEntries {

    /** Entries per page: 4 KiB of index. */
    static final int PAGE_ENTRIES = 512;

    /** The most pages a sequential read fetches ahead: 1 MiB of index, 131,072 entries. */
    static final int READ_AHEAD_PAGES = 256;

    /** Key of a cached page. */
    record Page(int shard, long page) {
    }

    /** Reads index bytes {@code [from, to)}, or answers {@code null} if the object is not the pushed one. */
    @FunctionalInterface
    interface Fetch {

        /**
         * Fetches bytes of the index object.
         *
         * @param from the first byte
         * @param to one past the last
         * @return the bytes, or {@code null} if the object no longer has the ETag recorded at push
         */
        byte[] bytes(long from, long to);
    }

    private final Path object;
    private final int shard;
    private final int headerBytes;
    private final long entryCount;
    private final long dataBytes;
    private final Fetch fetch;
    private final Cache<Page, long[]> pages;
    /** The last fetch's pages, to tell a sequential read and how far it has read. */
    private volatile Fetched lastFetch = new Fetched(-1, 0);
    private final AtomicInteger scattered = new AtomicInteger();

    /**
     * Makes the view.
     *
     * @param object the index object, for messages
     * @param shard the shard, for the page keys
     * @param headerBytes bytes before entry 0
     * @param entryCount entries, the end entry included
     * @param dataBytes the shard's committed data size: the end entry, and the bound of every entry
     * @param fetch reads bytes of the index object
     * @param pages the store's page cache
     */
    RangedEntries(Path object, int shard, int headerBytes, long entryCount, long dataBytes, Fetch fetch,
            Cache<Page, long[]> pages) {
        this.object = object;
        this.shard = shard;
        this.headerBytes = headerBytes;
        this.entryCount = entryCount;
        this.dataBytes = dataBytes;
        this.fetch = fetch;
        this.pages = pages;
    }

    @Override
    public long entryCount() {
        return entryCount;
    }

    @Override
    public void load(long first, long last) {
        long firstPage = first / PAGE_ENTRIES;
        long lastPage = last / PAGE_ENTRIES;
        long missing = -1;
        for (long page = firstPage; page <= lastPage; page++) {
            if (pages.getIfPresent(new Page(shard, page)) == null) {
                missing = page;
                break;
            }
        }
        if (missing < 0) {
            return;
        }
        long lastMissing = lastPage;
        while (lastMissing > missing && pages.getIfPresent(new Page(shard, lastMissing)) != null) {
            lastMissing--;
        }
        Fetched previous = lastFetch;
        if (missing == previous.to()) {
            // Sequential: the pages after the last fetch are wanted; the next reads will want the ones
            // after, about as many again as this reader has read so far.
            long ahead = Math.min(READ_AHEAD_PAGES, 2 * previous.pages());
            lastMissing = Math.max(lastMissing, Math.min(missing + ahead - 1, (entryCount - 2) / PAGE_ENTRIES));
        } else {
            scattered.incrementAndGet();
        }
        fetchPages(missing, lastMissing);
    }

    /**
     * GETs this view has sent for loads that did not continue the previous one.
     *
     * @return the count
     */
    int scatteredFetches() {
        return scattered.get();
    }

    @Override
    public long entry(long e) {
        if (e < 0 || e >= entryCount) {
            throw new IndexOutOfBoundsException("entry " + e + " of " + entryCount);
        }
        if (e == entryCount - 1) {
            return dataBytes;
        }
        long page = e / PAGE_ENTRIES;
        long[] entries = pages.getIfPresent(new Page(shard, page));
        if (entries == null) {
            entries = fetchPages(page, page)[0];
        }
        return entries[(int) (e % PAGE_ENTRIES)];
    }

    /** Fetches pages {@code [first, last]} in one GET, checks and caches them. */
    private long[][] fetchPages(long first, long last) {
        long storedEntries = entryCount - 1;
        long fromEntry = first * PAGE_ENTRIES;
        long toEntry = Math.min(storedEntries, (last + 1) * PAGE_ENTRIES);
        if (fromEntry >= toEntry) {
            return new long[][] {new long[0]};
        }
        byte[] bytes = fetch.bytes(headerBytes + 8 * fromEntry, headerBytes + 8 * toEntry);
        if (bytes == null) {
            throw new CorruptStoreException(object, "the object is not the index pushed with the manifest (its ETag"
                    + " changed); open the store again, and if that fails push it again");
        }
        if (bytes.length != 8 * (toEntry - fromEntry)) {
            throw new CorruptStoreException(object, "a GET of entries [" + fromEntry + ", " + toEntry + ") returned "
                    + bytes.length + " bytes: the object is shorter than the manifest commits");
        }
        ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        long[][] fetched = new long[(int) (last - first + 1)][];
        long previous = -1;
        for (long page = first; page <= last; page++) {
            long start = page * PAGE_ENTRIES;
            int count = (int) Math.max(0, Math.min(PAGE_ENTRIES, toEntry - start));
            long[] entries = new long[count];
            for (int i = 0; i < count; i++) {
                long entry = buffer.getLong();
                if (entry < previous || entry > dataBytes || (start + i == 0 && entry != 0)) {
                    throw new CorruptStoreException(object, "entry " + (start + i) + " is " + entry
                            + ": entries start at 0, rise, and stay within the data's " + dataBytes + " bytes");
                }
                entries[i] = entry;
                previous = entry;
            }
            fetched[(int) (page - first)] = entries;
            pages.put(new Page(shard, page), entries);
        }
        lastFetch = new Fetched(last + 1, last - first + 1);
        return fetched;
    }

    /**
     * A fetch of pages.
     *
     * @param to one past its last page
     * @param pages how many pages it fetched
     */
    private record Fetched(long to, long pages) {
    }
}
