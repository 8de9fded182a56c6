package io.linestore;

/**
 * What {@link LineStores#index} records for a file indexed in place. Immutable; made with
 * {@link #builder()}. How the sidecar is written is {@link WriteOptions}.
 *
 * <p>Defaults: the index kind for the file ({@link #indexFor}: {@link IndexKind#DENSE dense} for text,
 * {@link #COMPRESSED_INDEX} for a gzip or zstd file, whose sidecar should stay a small part of it),
 * the {@link ReadMethod#AUTO} threshold {@value StoreOptions#DEFAULT_AUTO_THRESHOLD_BYTES} bytes, and
 * checkpoints every {@value Compression#DEFAULT_SPAN_BYTES} bytes of text in a compressed file.
 *
 * @param index the index kind, as by {@link StoreOptions#index()}, or {@code null} for the file's
 *     default; a file indexed in place always has an index, so not {@link IndexKind#NONE}
 * @param autoThresholdBytes recorded in the sidecar's manifest, as by
 *     {@link StoreOptions#autoThresholdBytes()}, {@code >= 0}
 * @param spanBytes for a gzip or zstd file, the text between checkpoints (a read decodes up to this
 *     much before its first line), {@value Compression#MIN_BLOCK_BYTES} to
 *     {@value Compression#MAX_BLOCK_BYTES}
 */
public record IndexOptions(IndexKind index, long autoThresholdBytes, int spanBytes) {

    /** The index kind of a compressed file when none is given: an entry every 1,024 lines. */
    public static final IndexKind COMPRESSED_INDEX = IndexKind.sparse(1024);

    /**
     * Checks the options.
     *
     * @throws IllegalArgumentException if a value is out of range (the message names it)
     */
    public IndexOptions {
        if (IndexKind.NONE.equals(index)) {
            throw new IllegalArgumentException("a file indexed in place needs an index, not " + index);
        }
        if (autoThresholdBytes < 0) {
            throw new IllegalArgumentException("autoThresholdBytes must be >= 0: " + autoThresholdBytes);
        }
        if (spanBytes < Compression.MIN_BLOCK_BYTES || spanBytes > Compression.MAX_BLOCK_BYTES) {
            throw new IllegalArgumentException("span must be " + Compression.MIN_BLOCK_BYTES + " to "
                    + Compression.MAX_BLOCK_BYTES + " bytes: " + spanBytes);
        }
    }

    /**
     * The index kind a file gets.
     *
     * @param compressed whether the file is gzip or zstd
     * @return {@link #index()} if set, else dense for text and {@link #COMPRESSED_INDEX} for a compressed file
     */
    public IndexKind indexFor(boolean compressed) {
        return index != null ? index : compressed ? COMPRESSED_INDEX : IndexKind.DENSE;
    }

    /**
     * Returns the default options.
     *
     * @return the file's default index, the default AUTO threshold and span
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
        private IndexKind index;
        private long autoThresholdBytes = StoreOptions.DEFAULT_AUTO_THRESHOLD_BYTES;
        private int spanBytes = Compression.DEFAULT_SPAN_BYTES;

        private Builder() {
        }

        /**
         * Sets the index kind.
         *
         * @param index the kind, not {@link IndexKind#NONE}; {@code null} for the file's default
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
         * Sets the text between checkpoints of a gzip or zstd file.
         *
         * @param spanBytes bytes, {@value Compression#MIN_BLOCK_BYTES} to {@value Compression#MAX_BLOCK_BYTES}
         * @return this builder
         */
        public Builder spanBytes(int spanBytes) {
            this.spanBytes = spanBytes;
            return this;
        }

        /**
         * Makes the options.
         *
         * @return the options
         * @throws IllegalArgumentException if a value is out of range
         */
        public IndexOptions build() {
            return new IndexOptions(index, autoThresholdBytes, spanBytes);
        }
    }
}
