package io.linestore.s3;

import java.io.InputStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * The reads a store needs from where its objects live: whole small objects, byte ranges, whole
 * objects as streams or files, and what an object's size and ETag are. Object storage
 * ({@link S3Objects}) and plain web servers that answer range requests ({@link HttpObjects}) serve
 * them alike; failures are {@link S3StoreException}s of one line naming the object. Implementations
 * are thread-safe; close one to release its connections.
 */
interface ObjectReads extends AutoCloseable {

    /**
     * A byte range read from an object, with what the answer said of the whole object.
     *
     * @param bytes the bytes
     * @param eTag the object's ETag, or {@code null} if the server gives none
     * @param objectSize the object's size; {@value #SHORTER} when the object ends before the range starts
     * @param modified the file's {@code Last-Modified} date from a web server, to the second; {@code null}
     *     if it gives none, and from object storage, whose dates are upload times
     */
    record Range(byte[] bytes, String eTag, long objectSize, Instant modified) {

        /** The {@code objectSize} of an answer that the range is past the object's end (status 416). */
        static final long SHORTER = -1;

        /**
         * A range whose answer gave no date that matters.
         *
         * @param bytes the bytes
         * @param eTag the object's ETag, or {@code null}
         * @param objectSize the object's size, or {@value #SHORTER}
         */
        Range(byte[] bytes, String eTag, long objectSize) {
            this(bytes, eTag, objectSize, null);
        }
    }

    /**
     * What a server says of an object without sending it.
     *
     * @param size its size in bytes
     * @param eTag its ETag, or {@code null} if the server gives none
     */
    record Head(long size, String eTag) {
    }

    /**
     * A whole object being read.
     *
     * @param in its bytes; close it
     * @param size its size as the answer gives it, or -1 if unknown
     */
    record Opened(InputStream in, long size) {
    }

    /**
     * A whole small object as the server has it now, or the server's word that it still has the
     * version the caller holds.
     *
     * @param bytes the object's bytes, or {@code null} if it is unchanged
     * @param version what identifies this version of it (its ETag, or from a web server without
     *     ETags its {@code Last-Modified} date), or {@code null} if the server gives neither
     */
    record Versioned(byte[] bytes, String version) {

        /**
         * Whether the server said the object still has the version asked about (status 304).
         *
         * @return {@code true} if so; {@link #bytes()} is then {@code null}
         */
        boolean unchanged() {
            return bytes == null;
        }
    }

    /**
     * Reads a whole small object (a manifest).
     *
     * @param bucket the bucket
     * @param key the key
     * @return its bytes, or empty if there is no such object
     * @throws S3StoreException if the request fails otherwise
     */
    default Optional<byte[]> getIfExists(String bucket, String key) {
        return getIfChanged(bucket, key, null).map(Versioned::bytes);
    }

    /**
     * Reads a whole small object unless it still has the ETag the caller holds: a conditional GET
     * ({@code If-None-Match}), or a GET of its first bytes (the whole object if it is small) and then,
     * if the ETag differs, of the rest.
     *
     * @param bucket the bucket
     * @param key the key
     * @param ifNoneMatch the ETag the caller holds, or {@code null} to read it whatever it is
     * @return empty if there is no such object; an {@linkplain Versioned#unchanged() unchanged}
     *     answer if it still has version {@code ifNoneMatch}; else its bytes and version
     * @throws S3StoreException if the request fails otherwise
     */
    Optional<Versioned> getIfChanged(String bucket, String key, String ifNoneMatch);

    /**
     * Names the server these reads go to, for keys of local caches: an endpoint's URL, or a scheme.
     *
     * @return the name; two clients of different servers give different names
     */
    String origin();

    /**
     * Reads bytes {@code [from, to)} of an object in one ranged GET.
     *
     * @param bucket the bucket
     * @param key the key
     * @param from the first byte
     * @param to one past the last byte, {@code > from}
     * @param ifMatch the ETag the object must still have, or {@code null}
     * @return the bytes, with the object's ETag and size (or {@link Range#SHORTER} if the object ends
     *     before {@code from}); or {@code null} if the object's ETag is no longer {@code ifMatch} (the
     *     object was replaced)
     * @throws S3StoreException if the request fails
     */
    Range getRange(String bucket, String key, long from, long to, String ifMatch);

    /**
     * Opens a whole object as a stream.
     *
     * @param bucket the bucket
     * @param key the key
     * @param ifMatch the ETag the object must have, or {@code null}
     * @return the stream and the object's size
     * @throws S3StoreException if the request fails, or the object no longer has the ETag asked for
     */
    Opened stream(String bucket, String key, String ifMatch);

    /**
     * Downloads a whole object into a file.
     *
     * @param bucket the bucket
     * @param key the key
     * @param target the file, replaced
     * @throws S3StoreException if the request fails
     * @throws java.io.UncheckedIOException if writing fails
     */
    void download(String bucket, String key, Path target);

    /**
     * Asks for an object's size and ETag.
     *
     * @param bucket the bucket
     * @param key the key
     * @return what the server says, or empty if there is no such object
     * @throws S3StoreException if the request fails otherwise
     */
    Optional<Head> head(String bucket, String key);

    @Override
    void close();
}
