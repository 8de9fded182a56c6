package io.linestore.s3;

import java.net.URI;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;

/**
 * Where a store or an object lives: a bucket and a key, from an {@code s3://bucket/key} URI, or a
 * server and a path, from an {@code https://host[:port]/path} URL (the "bucket" is then the host and
 * port, the key the path, still percent-encoded as the URL has it, and the query of a presigned URL),
 * or a local folder holding a sidecar index ({@link #local}: the "bucket" {@code /}, the key the
 * absolute path without its first {@code /}). The key of a store is its prefix, without a trailing
 * slash; the store's files are the keys below it.
 *
 * @param scheme {@value #SCHEME}, {@code https}, {@code http} or {@value #LOCAL}
 * @param bucket the bucket, or the server's host and port
 * @param key the key (a store's prefix, or an object's key); empty for a store at the bucket's root
 */
record ObjectLocation(String scheme, String bucket, String key) {

    /** The URI scheme of object storage. */
    static final String SCHEME = "s3";

    /** The schemes of plain web servers that answer range requests. */
    static final Set<String> HTTP_SCHEMES = Set.of("https", "http");

    /** The scheme of a local folder, whose bucket is {@code /}. */
    static final String LOCAL = "file";

    /**
     * A location in object storage.
     *
     * @param bucket the bucket
     * @param key the key
     */
    ObjectLocation(String bucket, String key) {
        this(SCHEME, bucket, key);
    }

    /**
     * Parses an {@code s3://bucket/key} URI or an {@code https://host/path} URL without a query.
     *
     * @param uri the URI
     * @return the location
     * @throws IllegalArgumentException if the URI is of another scheme, names no bucket or host, or
     *     (a URL) has a query or fragment
     */
    static ObjectLocation of(URI uri) {
        return of(uri, false);
    }

    /**
     * A local folder, as the location of a sidecar index.
     *
     * @param dir the folder
     * @return the location
     */
    static ObjectLocation local(Path dir) {
        return new ObjectLocation(LOCAL, "/", dir.toAbsolutePath().normalize().toString().substring(1));
    }

    /**
     * Parses an {@code s3://bucket/key} URI or an {@code https://host/path} URL.
     *
     * @param uri the URI
     * @param signed whether a URL may have a query (a presigned URL's signature, kept in the key), as
     *     when its index is given elsewhere
     * @return the location
     * @throws IllegalArgumentException if the URI is of another scheme, names no bucket or host, or
     *     (a URL) has a fragment, or a query unless {@code signed}
     */
    static ObjectLocation of(URI uri, boolean signed) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals(SCHEME) && !HTTP_SCHEMES.contains(scheme)) {
            throw new IllegalArgumentException("not an s3:// URI or an https:// URL: " + uri);
        }
        String bucket = scheme.equals(SCHEME) ? uri.getAuthority() : uri.getRawAuthority();
        if (bucket == null || bucket.isEmpty()) {
            throw new IllegalArgumentException(scheme.equals(SCHEME) ? "no bucket in " + uri
                    + ": expected s3://bucket/prefix" : "no host in " + uri + ": expected " + scheme + "://host/path");
        }
        if (!scheme.equals(SCHEME) && ((uri.getRawQuery() != null && !signed) || uri.getRawFragment() != null)) {
            // The index lies at the URL plus ".lsidx/": a query (a presigned URL's signature) would not sign it.
            throw new IllegalArgumentException("a URL with a query or fragment cannot be read with the index beside it"
                    + " (at the URL plus .lsidx/; --index URL|DIR gives it elsewhere): " + uri);
        }
        String path = scheme.equals(SCHEME) ? (uri.getPath() == null ? "" : uri.getPath())
                : (uri.getRawPath() == null ? "" : uri.getRawPath());
        while (path.startsWith("/")) {
            path = path.substring(1);
        }
        while (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        if (!scheme.equals(SCHEME) && uri.getRawQuery() != null) {
            path += "?" + uri.getRawQuery();
        }
        return new ObjectLocation(scheme, bucket, path);
    }

    /**
     * Whether this is a file on a web server rather than in object storage.
     *
     * @return {@code true} for {@code https://} and {@code http://}
     */
    boolean isHttp() {
        return HTTP_SCHEMES.contains(scheme);
    }

    /**
     * Another key in the same bucket (or on the same server).
     *
     * @param otherKey the key
     * @return the location
     */
    ObjectLocation withKey(String otherKey) {
        return new ObjectLocation(scheme, bucket, otherKey);
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
    ObjectLocation withSuffix(String suffix) {
        return withKey(key + suffix);
    }

    /**
     * The location below this one.
     *
     * @param relative a path relative to this location
     * @return the location
     */
    ObjectLocation child(String relative) {
        return withKey(resolve(relative));
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
        return scheme.equals(LOCAL) ? "/" + key : scheme + "://" + bucket + "/" + key;
    }
}
