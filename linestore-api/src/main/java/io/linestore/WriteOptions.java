package io.linestore;

import java.util.Objects;

/**
 * How {@link LineStores#build}, {@link LineStores#index} and {@link LineStores#append} write their
 * files; nothing here changes what is stored (that is {@link StoreOptions}). Immutable; made with
 * {@link #builder()}.
 *
 * <p>Defaults: a write buffer of {@value #DEFAULT_WRITE_BUFFER_SIZE} bytes, no fsync, no progress
 * reporting.
 *
 * @param writeBufferSize bytes read and written at a time, {@code >= 1}: the size of the input's
 *     chunks (at most 8 MiB are used) and of each index file's buffer; large buffers keep network file
 *     systems from paying a round trip per few kilobytes
 * @param fsync whether to force data and index to the device before the manifest is published
 * @param progress receives progress while the write runs; never {@code null}
 */
public record WriteOptions(int writeBufferSize, boolean fsync, ProgressListener progress) {

    /** Write buffer size when none is given: 1 MiB. */
    public static final int DEFAULT_WRITE_BUFFER_SIZE = 1 << 20;

    /**
     * Checks the options.
     *
     * @throws IllegalArgumentException if {@code writeBufferSize < 1} (the message names it)
     * @throws NullPointerException if {@code progress} is null
     */
    public WriteOptions {
        Objects.requireNonNull(progress, "progress");
        if (writeBufferSize < 1) {
            throw new IllegalArgumentException("writeBufferSize must be >= 1: " + writeBufferSize);
        }
    }

    /**
     * Returns the default options.
     *
     * @return a 1 MiB write buffer, no fsync, no progress
     */
    public static WriteOptions defaults() {
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
        return new Builder().writeBufferSize(writeBufferSize).fsync(fsync).progress(progress);
    }

    /** Builds {@link WriteOptions}; not thread-safe. Values are checked by {@link #build()}. */
    public static final class Builder {
        private int writeBufferSize = DEFAULT_WRITE_BUFFER_SIZE;
        private boolean fsync;
        private ProgressListener progress = ProgressListener.NONE;

        private Builder() {
        }

        /**
         * Sets the write buffer size per file.
         *
         * @param writeBufferSize bytes, {@code >= 1}
         * @return this builder
         */
        public Builder writeBufferSize(int writeBufferSize) {
            this.writeBufferSize = writeBufferSize;
            return this;
        }

        /**
         * Sets whether to force files to the device before publishing the manifest.
         *
         * @param fsync {@code true} to force
         * @return this builder
         */
        public Builder fsync(boolean fsync) {
            this.fsync = fsync;
            return this;
        }

        /**
         * Sets the progress listener.
         *
         * @param progress the listener; {@link ProgressListener#NONE} for none
         * @return this builder
         */
        public Builder progress(ProgressListener progress) {
            this.progress = progress;
            return this;
        }

        /**
         * Makes the options.
         *
         * @return the options
         * @throws IllegalArgumentException if a value is out of range
         * @throws NullPointerException if the progress listener is null
         */
        public WriteOptions build() {
            return new WriteOptions(writeBufferSize, fsync, progress);
        }
    }
}
