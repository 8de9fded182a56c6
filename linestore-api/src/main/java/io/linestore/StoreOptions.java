package io.linestore;

import java.util.Objects;

/**
 * The shape of a store {@link LineStores#build} makes: layout, shard size, index kind, and the
 * {@link ReadMethod#AUTO} threshold recorded in its manifest. All of it is fixed for the life of
 * the store (an append keeps it); how the files are written is {@link WriteOptions}. Immutable;
 * made with {@link #builder()}.
 *
 * <p>Defaults: {@link Layout#SINGLE}, {@value #DEFAULT_LINES_PER_SHARD} lines per shard (used by
 * {@link Layout#SHARDED} only), a {@link IndexKind#DENSE dense} index, and the {@link ReadMethod#AUTO}
 * threshold {@value #DEFAULT_AUTO_THRESHOLD_BYTES} bytes, no compression.
 *
 * @param layout single file or fixed-size shards
 * @param linesPerShard lines per shard for {@link Layout#SHARDED}, {@code >= 1}
 * @param index how lines are found: {@link IndexKind#COMPACT} (every line in constant time, about 1.3
 *     bytes per line of 100 bytes), {@link IndexKind#DENSE} (8 bytes per line),
 *     {@link IndexKind#sparse sparse:K} (8 bytes per K lines; a read scans at most {@code K - 1}
 *     lines) or {@link IndexKind#NONE} (a read scans from the start of its shard)
 * @param autoThresholdBytes recorded in the manifest as the range size, in bytes, below which
 *     {@link ReadMethod#AUTO} reads through the memory mapping and at or above which through the
 *     file channel, {@code >= 0}; {@code linestore recommend} measures it on the user's machine
 * @param compression whether and how the data files are compressed ({@link Compression#NONE} by
 *     default; {@link Compression#zstd()} makes a store of zstd blocks)
 */
public record StoreOptions(
        Layout layout,
        long linesPerShard,
        IndexKind index,
        long autoThresholdBytes,
        Compression compression) {

    /** Lines per shard when none is given. */
    public static final long DEFAULT_LINES_PER_SHARD = 1_000_000L;

    /**
     * {@link ReadMethod#AUTO} threshold when none is given: 1 MiB, about where memory mapping stopped
     * being the faster way in the benchmarks of docs/benchmarks.md (reads of 10,000 lines of about
     * 100 bytes were even). {@code linestore recommend} measures it on the user's machine.
     */
    public static final long DEFAULT_AUTO_THRESHOLD_BYTES = 1 << 20;

    /**
     * Checks the options.
     *
     * @throws IllegalArgumentException if a value is out of range (the message names it)
     * @throws NullPointerException if {@code layout}, {@code index} or {@code compression} is null
     */
    public StoreOptions {
        Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(compression, "compression");
        if (compression.inPlace()) {
            throw new IllegalArgumentException(compression + " in place is read, not written: a store compresses"
                    + " with zstd");
        }
        if (linesPerShard < 1) {
            throw new IllegalArgumentException("linesPerShard must be >= 1: " + linesPerShard);
        }
        if (autoThresholdBytes < 0) {
            throw new IllegalArgumentException("autoThresholdBytes must be >= 0: " + autoThresholdBytes);
        }
    }

    /**
     * Lines per index entry.
     *
     * @return 0 none, 1 compact or dense, {@code K > 1} sparse
     */
    public int indexStride() {
        return index.stride();
    }

    /**
     * Returns the default options.
     *
     * @return a single-file store with a dense index
     */
    public static StoreOptions defaults() {
        return builder().build();
    }

    /**
     * Starts a builder with the defaults.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Starts a builder with these options.
     *
     * @return a new builder holding a copy of these options
     */
    public Builder toBuilder() {
        return new Builder()
                .layout(layout)
                .linesPerShard(linesPerShard)
                .index(index)
                .autoThresholdBytes(autoThresholdBytes)
                .compression(compression);
    }

    /** Builds {@link StoreOptions}; not thread-safe. Values are checked by {@link #build()}. */
    public static final class Builder {
        private Layout layout = Layout.SINGLE;
        private long linesPerShard = DEFAULT_LINES_PER_SHARD;
        private IndexKind index = IndexKind.DENSE;
        private long autoThresholdBytes = DEFAULT_AUTO_THRESHOLD_BYTES;
        private Compression compression = Compression.NONE;

        private Builder() {
        }

        /**
         * Sets the layout.
         *
         * @param layout the layout
         * @return this builder
         */
        public Builder layout(Layout layout) {
            this.layout = layout;
            return this;
        }

        /**
         * Sets the lines per shard, used by {@link Layout#SHARDED}.
         *
         * @param linesPerShard {@code >= 1}
         * @return this builder
         */
        public Builder linesPerShard(long linesPerShard) {
            this.linesPerShard = linesPerShard;
            return this;
        }

        /**
         * Shorthand for {@code layout(SHARDED).linesPerShard(linesPerShard)}.
         *
         * @param linesPerShard {@code >= 1}
         * @return this builder
         */
        public Builder sharded(long linesPerShard) {
            return layout(Layout.SHARDED).linesPerShard(linesPerShard);
        }

        /**
         * Sets the index kind.
         *
         * @param index the kind
         * @return this builder
         */
        public Builder index(IndexKind index) {
            this.index = index;
            return this;
        }

        /**
         * Sets an 8-byte index by its stride: {@code index(IndexKind.ofStride(indexStride))}.
         *
         * @param indexStride 1 dense, {@code K > 1} sparse, 0 none
         * @return this builder
         * @throws IllegalArgumentException if {@code indexStride < 0}
         */
        public Builder indexStride(int indexStride) {
            return index(IndexKind.ofStride(indexStride));
        }

        /**
         * Sets the {@link ReadMethod#AUTO} threshold recorded in the manifest.
         *
         * @param autoThresholdBytes bytes, {@code >= 0}
         * @return this builder
         */
        public Builder autoThresholdBytes(long autoThresholdBytes) {
            this.autoThresholdBytes = autoThresholdBytes;
            return this;
        }

        /**
         * Sets the compression of the data files.
         *
         * @param compression {@link Compression#NONE} or a zstd setting
         * @return this builder
         */
        public Builder compression(Compression compression) {
            this.compression = compression;
            return this;
        }

        /**
         * Makes the options.
         *
         * @return the options
         * @throws IllegalArgumentException if a value is out of range
         */
        public StoreOptions build() {
            return new StoreOptions(layout, linesPerShard, index, autoThresholdBytes, compression);
        }
    }
}
