package io.linestore.bench.config;

import io.linestore.IndexKind;

/**
 * The indexes the benchmarks compare, named as in format version 1 by how many lines share an entry.
 * Shared by the JMH {@code @Param}s and the tests.
 */
public enum IndexStride {

    /** Every line's offset in about 1.3 bytes, found in constant time (Elias–Fano blocks). */
    COMPACT(IndexKind.COMPACT),

    /** An 8-byte offset for every line: a read is one byte range. */
    DENSE(IndexKind.DENSE),

    /** An offset every 64 lines: a read scans at most 63 lines first. */
    SPARSE_64(IndexKind.sparse(64)),

    /** No index: a read scans from the start of its shard, the cost the naive approach pays. */
    NONE(IndexKind.NONE);

    private final IndexKind kind;

    IndexStride(IndexKind kind) {
        this.kind = kind;
    }

    /**
     * Returns the index as {@link io.linestore.StoreOptions#index()} takes it.
     *
     * @return the index kind
     */
    public IndexKind kind() {
        return kind;
    }

    /**
     * Tells whether reads find their lines in constant time, whatever their position.
     *
     * @return {@code true} for any index
     */
    public boolean indexed() {
        return kind.stride() > 0;
    }
}
