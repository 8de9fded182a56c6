package io.linestore.s3;

import java.net.URI;
import java.nio.file.Path;

/**
 * Where a store or an object lives: a bucket and a key, from an {@code s3://bucket/key} URI. The key
 * of a store is its prefix, without a trailing slash; the store's files are the keys below it.
 *
 * @param bucket the bucket
 * @param key the key (a store's prefix, or an object's key); empty for a store at the bucket's root
 */
record S3Location(String bucket, String key) {

    /** The URI scheme this module serves. */
    static final String SCHEME = "s3";

    /**
     * Parses an {@code s3://bucket/key} URI.
     *
     * @param uri the URI
     * @return the location
     * @throws IllegalArgumentException if the URI is not {@code s3://} or names no bucket
     */
    static S3Location of(URI uri) {
        if (!SCHEME.equalsIgnoreCase(uri.getScheme())) {
            throw new IllegalArgumentException("not an s3:// URI: " + uri);
        }
        String bucket = uri.getAuthority();
        if (bucket == null || bucket.isEmpty()) {
            throw new IllegalArgumentException("no bucket in " + uri + ": expected s3://bucket/prefix");
        }
        String path = uri.getPath() == null ? "" : uri.getPath();
        while (path.startsWith("/")) {
            path = path.substring(1);
        }
        while (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        return new S3Location(bucket, path);
    }

    /**
     * The key of a file below this location.
     *
     * @param relative a path relative to the store, with {@code /} separators
     * @return the key
     */
    String resolve(String relative) {
        return key.isEmpty() ? relative : key + "/" + relative;
    }

    /**
     * A sibling location: this key with a suffix ({@code train.jsonl} to {@code train.jsonl.lsidx}).
     *
     * @param suffix what to add
     * @return the location
     */
    S3Location withSuffix(String suffix) {
        return new S3Location(bucket, key + suffix);
    }

    /**
     * The location below this one.
     *
     * @param relative a path relative to this location
     * @return the location
     */
    S3Location child(String relative) {
        return new S3Location(bucket, resolve(relative));
    }

    /**
     * A path that names the object in messages and exceptions that take a path.
     *
     * @param relative a path relative to this location, or empty for the location itself
     * @return {@code bucket/key/relative}
     */
    Path path(String relative) {
        return Path.of(bucket, relative.isEmpty() ? key : resolve(relative));
    }

    /**
     * The key's last part: an object's file name.
     *
     * @return the part after the last {@code /}
     */
    String name() {
        return key.substring(key.lastIndexOf('/') + 1);
    }

    @Override
    public String toString() {
        return SCHEME + "://" + bucket + "/" + key;
    }
}
