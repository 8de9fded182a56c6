package io.linestore.bench.config;

/**
 * The index strides the benchmarks compare. Shared by the JMH {@code @Param}s and the tests.
 */
public enum IndexStride {

    /** An offset for every line: a read is one byte range. */
    DENSE(1),

    /** An offset every 64 lines: a read scans at most 63 lines first. */
    SPARSE_64(64),

    /** No index: a read scans from the start of its shard, the cost the naive approach pays. */
    NONE(0);

    private final int stride;

    IndexStride(int stride) {
        this.stride = stride;
    }

    /**
     * Returns the stride as {@link io.linestore.StoreOptions#indexStride()} takes it.
     *
     * @return 1, 64 or 0
     */
    public int stride() {
        return stride;
    }

    /**
     * Tells whether reads find their lines in constant time, whatever their position.
     *
     * @return {@code true} for a dense or sparse index
     */
    public boolean indexed() {
        return stride > 0;
    }
}
