package io.linestore.impl.format;

import java.util.List;
import java.util.Objects;

/**
 * Where the files of a store pushed to object storage are, and what the server answered when each
 * was uploaded: the {@code objects} member of a pushed manifest, one element per shard. Keys are
 * relative to the store's prefix and differ from every key a committed manifest names, so a push
 * never overwrites an object under its readers; the ETags let a reader ask the server for exactly
 * the object the manifest names ({@code If-Match}), which a swapped or replaced object cannot pass.
 * A local manifest has none. Immutable.
 *
 * <pre>
 * "objects": [
 *   {"data": "g1/p0c4f9e2a81d3/data.lines", "dataETag": "\"5d41...\"",
 *    "index": "g1/p0c4f9e2a81d3/data.idx", "indexETag": "\"7b8f...\""}
 * ]
 * </pre>
 *
 * <p>{@code index} and {@code indexETag} are absent for a store without an index.
 *
 * @param shards one entry per shard of the manifest, in order
 */
public record PushedObjects(List<Shard> shards) {

    /**
     * Checks and copies.
     *
     * @throws NullPointerException if {@code shards} is null
     */
    public PushedObjects {
        shards = List.copyOf(shards);
    }

    /**
     * The objects of one shard.
     *
     * @param dataKey the data object's key, relative to the store's prefix
     * @param dataETag the data object's ETag as the server gave it at upload
     * @param indexKey the index object's key, relative to the store's prefix; {@code null} without index
     * @param indexETag the index object's ETag; {@code null} without index
     */
    public record Shard(String dataKey, String dataETag, String indexKey, String indexETag) {

        /**
         * Checks the fields.
         *
         * @throws NullPointerException if a data field is null
         * @throws IllegalArgumentException if a key is not a relative key inside the prefix, or only
         *     one of the index fields is given
         */
        public Shard {
            checkKey(Objects.requireNonNull(dataKey, "dataKey"));
            Objects.requireNonNull(dataETag, "dataETag");
            if ((indexKey == null) != (indexETag == null)) {
                throw new IllegalArgumentException("indexKey and indexETag go together: " + indexKey + ", " + indexETag);
            }
            if (indexKey != null) {
                checkKey(indexKey);
            }
        }

        private static void checkKey(String key) {
            if (key.isEmpty() || key.startsWith("/") || key.contains("//") || key.equals("..") || key.startsWith("../")
                    || key.contains("/../") || key.endsWith("/..")) {
                throw new IllegalArgumentException("not a key below the store's prefix: \"" + key + "\"");
            }
        }
    }
}
