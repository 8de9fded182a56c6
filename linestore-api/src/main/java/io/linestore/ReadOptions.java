package io.linestore;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;

/**
 * How {@link LineStores#open(java.nio.file.Path, ReadOptions)} reads a store. Immutable; made with
 * {@link #builder()}.
 *
 * @param method how byte ranges are read from disk
 * @param handleCacheSize the most shards whose files (channels, mappings) are open at once,
 *     {@code >= 1}; bounds file descriptors and {@code vm.max_map_count} for stores of many shards
 * @param readBufferSize the largest buffer one read call fills, {@code >= 1}; larger ranges are
 *     read in chunks of this size
 * @param autoThresholdBytes for {@link ReadMethod#AUTO}: ranges smaller than this many bytes are
 *     read through the memory mapping, others through the file channel, {@code >= 0}; or
 *     {@link #STORE_AUTO_THRESHOLD} to use the threshold recorded in the store's manifest
 * @param blockCacheBytes for a compressed store, the most decompressed bytes its block cache keeps,
 *     {@code >= 0} (0 keeps none: every read decompresses its blocks); shared by the store's threads
 * @param remoteTimeout for a store or file reached over the network ({@code s3://}, {@code https://}):
 *     how long one try of a request waits to connect and for each next piece of the answer, positive;
 *     or {@code null} for the provider's setting ({@code LINESTORE_S3_TIMEOUT}, else 4 s); a server
 *     that trickles its answer is bounded by {@code remoteDeadline} instead
 * @param remoteRetries for a store or file reached over the network: how often a request that timed
 *     out or failed in a way worth trying again is tried again, {@code >= 0}; or
 *     {@link #SETTINGS_RETRIES} for the provider's setting ({@code LINESTORE_S3_RETRIES}, else 2)
 * @param sidecarIndex for a file on a web server ({@code https://}) indexed in place: where the
 *     sidecar {@code linestore index} made of it lies, an {@code https://} URL or a local folder's
 *     {@code file:} URI, when it is not served beside the file (as for a presigned URL, whose query
 *     signs the file alone); {@code null} for beside the file ({@code URL.lsidx/}), the default
 * @param remoteDeadline for a store or file reached over the network: the most one try of a read
 *     may take, from connecting to the answer's last byte (an answer longer than 8 MiB gets it again
 *     for each further 8 MiB), positive; or {@code null} for the provider's setting
 *     ({@code LINESTORE_S3_DEADLINE}, else 8 s)
 */
public record ReadOptions(ReadMethod method, int handleCacheSize, int readBufferSize, long autoThresholdBytes,
        long blockCacheBytes, Duration remoteTimeout, int remoteRetries, URI sidecarIndex, Duration remoteDeadline) {

    /** Open shards cached when none is given. */
    public static final int DEFAULT_HANDLE_CACHE_SIZE = 128;

    /** Read buffer size when none is given: 1 MiB. */
    public static final int DEFAULT_READ_BUFFER_SIZE = 1 << 20;

    /** Decompressed bytes a compressed store keeps in memory when none is given: 64 MiB. */
    public static final long DEFAULT_BLOCK_CACHE_BYTES = 64L << 20;

    /**
     * The {@code autoThresholdBytes} that means: use the threshold recorded in the store's manifest
     * (see {@link StoreOptions#autoThresholdBytes()}). The default.
     */
    public static final long STORE_AUTO_THRESHOLD = -1;

    /** The {@code remoteRetries} that means: as the provider's settings say. The default. */
    public static final int SETTINGS_RETRIES = -1;

    /**
     * Checks the options.
     *
     * @throws IllegalArgumentException if a value is out of range (the message names it)
     * @throws NullPointerException if {@code method} is null
     */
    public ReadOptions {
        Objects.requireNonNull(method, "method");
        if (handleCacheSize < 1) {
            throw new IllegalArgumentException("handleCacheSize must be >= 1: " + handleCacheSize);
        }
        if (readBufferSize < 1) {
            throw new IllegalArgumentException("readBufferSize must be >= 1: " + readBufferSize);
        }
        if (autoThresholdBytes < STORE_AUTO_THRESHOLD) {
            throw new IllegalArgumentException("autoThresholdBytes must be >= 0: " + autoThresholdBytes);
        }
        if (blockCacheBytes < 0) {
            throw new IllegalArgumentException("blockCacheBytes must be >= 0: " + blockCacheBytes);
        }
        if (remoteTimeout != null && (remoteTimeout.isNegative() || remoteTimeout.isZero())) {
            throw new IllegalArgumentException("remoteTimeout must be positive: " + remoteTimeout);
        }
        if (remoteRetries < SETTINGS_RETRIES) {
            throw new IllegalArgumentException("remoteRetries must be >= 0: " + remoteRetries);
        }
        if (remoteDeadline != null && (remoteDeadline.isNegative() || remoteDeadline.isZero())) {
            throw new IllegalArgumentException("remoteDeadline must be positive: " + remoteDeadline);
        }
    }

    /**
     * Returns the defaults for a read method.
     *
     * @param method the read method
     * @return options with that method and every other value at its default
     */
    public static ReadOptions of(ReadMethod method) {
        return builder().method(method).build();
    }

    /**
     * Starts a builder with the defaults ({@link ReadMethod#AUTO}).
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds {@link ReadOptions}; not thread-safe. Values are checked by {@link #build()}. */
    public static final class Builder {
        private ReadMethod method = ReadMethod.AUTO;
        private int handleCacheSize = DEFAULT_HANDLE_CACHE_SIZE;
        private int readBufferSize = DEFAULT_READ_BUFFER_SIZE;
        private long autoThresholdBytes = STORE_AUTO_THRESHOLD;
        private long blockCacheBytes = DEFAULT_BLOCK_CACHE_BYTES;
        private Duration remoteTimeout;
        private int remoteRetries = SETTINGS_RETRIES;
        private URI sidecarIndex;
        private Duration remoteDeadline;

        private Builder() {
        }

        /**
         * Sets the read method.
         *
         * @param method the read method
         * @return this builder
         */
        public Builder method(ReadMethod method) {
            this.method = method;
            return this;
        }

        /**
         * Sets how many shards may be open at once.
         *
         * @param handleCacheSize {@code >= 1}
         * @return this builder
         */
        public Builder handleCacheSize(int handleCacheSize) {
            this.handleCacheSize = handleCacheSize;
            return this;
        }

        /**
         * Sets the largest buffer one read call fills.
         *
         * @param readBufferSize bytes, {@code >= 1}
         * @return this builder
         */
        public Builder readBufferSize(int readBufferSize) {
            this.readBufferSize = readBufferSize;
            return this;
        }

        /**
         * Sets the range size at which {@link ReadMethod#AUTO} switches from mapping to channel.
         *
         * @param autoThresholdBytes bytes, {@code >= 0}, or {@link #STORE_AUTO_THRESHOLD}
         * @return this builder
         */
        public Builder autoThresholdBytes(long autoThresholdBytes) {
            this.autoThresholdBytes = autoThresholdBytes;
            return this;
        }

        /**
         * Sets how many decompressed bytes a compressed store keeps in memory.
         *
         * @param blockCacheBytes bytes, {@code >= 0}
         * @return this builder
         */
        public Builder blockCacheBytes(long blockCacheBytes) {
            this.blockCacheBytes = blockCacheBytes;
            return this;
        }

        /**
         * Sets how long one try of a network request waits, for stores and files on object storage
         * or web servers.
         *
         * @param remoteTimeout positive, or {@code null} for the provider's setting
         * @return this builder
         */
        public Builder remoteTimeout(Duration remoteTimeout) {
            this.remoteTimeout = remoteTimeout;
            return this;
        }

        /**
         * Sets the most one try of a network read may take, from connecting to the answer's last
         * byte, for stores and files on object storage or web servers.
         *
         * @param remoteDeadline positive, or {@code null} for the provider's setting
         * @return this builder
         */
        public Builder remoteDeadline(Duration remoteDeadline) {
            this.remoteDeadline = remoteDeadline;
            return this;
        }

        /**
         * Sets how often a failed network request is tried again, for stores and files on object
         * storage or web servers.
         *
         * @param remoteRetries {@code >= 0}, or {@link #SETTINGS_RETRIES} for the provider's setting
         * @return this builder
         */
        public Builder remoteRetries(int remoteRetries) {
            this.remoteRetries = remoteRetries;
            return this;
        }

        /**
         * Sets where the sidecar index of a file on a web server lies, when it is not served beside
         * the file.
         *
         * @param sidecarIndex an {@code https://} URL or a local folder's {@code file:} URI, or
         *     {@code null} for beside the file
         * @return this builder
         */
        public Builder sidecarIndex(URI sidecarIndex) {
            this.sidecarIndex = sidecarIndex;
            return this;
        }

        /**
         * Makes the options.
         *
         * @return the options
         * @throws IllegalArgumentException if a value is out of range
         */
        public ReadOptions build() {
            return new ReadOptions(method, handleCacheSize, readBufferSize, autoThresholdBytes, blockCacheBytes,
                    remoteTimeout, remoteRetries, sidecarIndex, remoteDeadline);
        }
    }
}
