package io.linestore;

/**
 * What {@link LineStores#index} records for a file indexed in place. Immutable; made with
 * {@link #builder()}. How the sidecar is written is {@link WriteOptions}.
 *
 * <p>Defaults: index stride 1 (dense) and the {@link ReadMethod#AUTO} threshold
 * {@value StoreOptions#DEFAULT_AUTO_THRESHOLD_BYTES} bytes.
 *
 * @param indexStride 1 for a dense index (one entry per line), {@code K > 1} for one entry every
 *     {@code K} lines (a read scans at most {@code K - 1} lines); a file indexed in place always has
 *     an index, so {@code >= 1}
 * @param autoThresholdBytes recorded in the sidecar's manifest, as by
 *     {@link StoreOptions#autoThresholdBytes()}, {@code >= 0}
 */
public record IndexOptions(int indexStride, long autoThresholdBytes) {

    /**
     * Checks the options.
     *
     * @throws IllegalArgumentException if a value is out of range (the message names it)
     */
    public IndexOptions {
        if (indexStride < 1) {
            throw new IllegalArgumentException("a file indexed in place needs an index stride >= 1: " + indexStride);
        }
        if (autoThresholdBytes < 0) {
            throw new IllegalArgumentException("autoThresholdBytes must be >= 0: " + autoThresholdBytes);
        }
    }

    /**
     * Returns the default options.
     *
     * @return a dense index and the default AUTO threshold
     */
    public static IndexOptions defaults() {
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

    /** Builds {@link IndexOptions}; not thread-safe. Values are checked by {@link #build()}. */
    public static final class Builder {
        private int indexStride = 1;
        private long autoThresholdBytes = StoreOptions.DEFAULT_AUTO_THRESHOLD_BYTES;

        private Builder() {
        }

        /**
         * Sets the index stride: 1 dense, {@code K > 1} sparse.
         *
         * @param indexStride {@code >= 1}
         * @return this builder
         */
        public Builder indexStride(int indexStride) {
            this.indexStride = indexStride;
            return this;
        }

        /**
         * Sets the {@link ReadMethod#AUTO} threshold recorded in the sidecar's manifest.
         *
         * @param autoThresholdBytes bytes, {@code >= 0}
         * @return this builder
         */
        public Builder autoThresholdBytes(long autoThresholdBytes) {
            this.autoThresholdBytes = autoThresholdBytes;
            return this;
        }

        /**
         * Makes the options.
         *
         * @return the options
         * @throws IllegalArgumentException if a value is out of range
         */
        public IndexOptions build() {
            return new IndexOptions(indexStride, autoThresholdBytes);
        }
    }
}
