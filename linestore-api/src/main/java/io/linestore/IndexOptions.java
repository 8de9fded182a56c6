package io.linestore;

/**
 * What {@link LineStores#index} records for a file indexed in place. Immutable; made with
 * {@link #builder()}. How the sidecar is written is {@link WriteOptions}.
 *
 * <p>Defaults: a {@link IndexKind#DENSE dense} index and the {@link ReadMethod#AUTO} threshold
 * {@value StoreOptions#DEFAULT_AUTO_THRESHOLD_BYTES} bytes.
 *
 * @param index the index kind, as by {@link StoreOptions#index()}; a file indexed in place always has
 *     an index, so not {@link IndexKind#NONE}
 * @param autoThresholdBytes recorded in the sidecar's manifest, as by
 *     {@link StoreOptions#autoThresholdBytes()}, {@code >= 0}
 */
public record IndexOptions(IndexKind index, long autoThresholdBytes) {

    /**
     * Checks the options.
     *
     * @throws IllegalArgumentException if a value is out of range (the message names it)
     * @throws NullPointerException if {@code index} is null
     */
    public IndexOptions {
        if (index.equals(IndexKind.NONE)) {
            throw new IllegalArgumentException("a file indexed in place needs an index, not " + index);
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
        private IndexKind index = IndexKind.DENSE;
        private long autoThresholdBytes = StoreOptions.DEFAULT_AUTO_THRESHOLD_BYTES;

        private Builder() {
        }

        /**
         * Sets the index kind.
         *
         * @param index the kind, not {@link IndexKind#NONE}
         * @return this builder
         */
        public Builder index(IndexKind index) {
            this.index = index;
            return this;
        }

        /**
         * Sets an 8-byte index by its stride: {@code index(IndexKind.ofStride(indexStride))}.
         *
         * @param indexStride 1 dense, {@code K > 1} sparse
         * @return this builder
         * @throws IllegalArgumentException if {@code indexStride < 0}
         */
        public Builder indexStride(int indexStride) {
            return index(IndexKind.ofStride(indexStride));
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
            return new IndexOptions(index, autoThresholdBytes);
        }
    }
}
