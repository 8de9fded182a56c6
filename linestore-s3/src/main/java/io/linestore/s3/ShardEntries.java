package io.linestore.s3;

/**
 * A shard's index entries as a read of the shard needs them: entry {@code e} is the byte offset of
 * line {@code e * stride} in the data object, the last entry its committed size. Either a whole
 * index downloaded and mapped, or entries fetched by ranged GETs of the index object as reads ask
 * for them. Thread-safe.
 */
interface ShardEntries {

    /**
     * Entries, the end entry included.
     *
     * @return {@code ceil(lines / stride) + 1}
     */
    long entryCount();

    /**
     * Makes entries {@code [first, last]} available to {@link #entry} with at most one request.
     *
     * @param first the first entry
     * @param last the last entry, {@code >= first}, {@code < entryCount()}
     */
    void load(long first, long last);

    /**
     * Entry {@code e}, fetched if {@link #load} did not make it available.
     *
     * @param e the entry, {@code [0, entryCount())}
     * @return the byte offset
     */
    long entry(long e);
}
