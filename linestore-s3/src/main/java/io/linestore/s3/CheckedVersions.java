package io.linestore.s3;

import com.google.common.io.ByteStreams;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import java.util.zip.CRC32C;
import java.util.zip.CheckedInputStream;

/**
 * Checks of an object's whole content against what a manifest records for it, its size and CRC32C,
 * for an object whose version is not the one recorded at push or index: a store copied by a tool
 * that writes new ETags, a store copied as files (no ETags recorded), a file on a web server served
 * with another date than the one it was indexed with. Such an object is read only once the check
 * passes, and the check is made once per version: a reader keeps the version it checked for its
 * reads, and a passed check is kept in the index cache's directory for the processes that follow.
 *
 * <p>File: {@code checked-C-N} ({@link IndexCache#recordFile}), holding one line: the server,
 * bucket and key of the object, the version checked, and the size and CRC32C it has. A version the
 * server names by neither ETag nor date cannot be told from the next one: it is checked every time.
 * The index cache's trim removes these files like index files. Thread-safe.
 */
final class CheckedVersions {

    private static final String PREFIX = "checked-";

    private final IndexCache files;

    /**
     * Makes the record of checks.
     *
     * @param files the directory's cache, whose folder and trim it shares
     */
    CheckedVersions(IndexCache files) {
        this.files = files;
    }

    /**
     * What differs between a version of an object and the content a manifest records for it: nothing
     * at once if a check of that version passed before; else the whole object is read in one GET
     * that asks for that version, and a check that passes is kept.
     *
     * @param objects the client
     * @param bucket the bucket (or the web server)
     * @param key the key
     * @param version the version to check (an ETag, or a web server's date), or {@code null} if the
     *     server gives none
     * @param size the size the manifest records
     * @param crc32c the CRC32C of those bytes the manifest records
     * @return empty if the object has that content; else what it has, in words
     * @throws S3StoreException if the request fails, or the object no longer has that version
     */
    Optional<String> mismatch(ObjectReads objects, String bucket, String key, String version, long size,
            long crc32c) {
        String record = objects.origin() + " " + bucket + "/" + key + " " + version + " " + size + " " + crc32c;
        boolean keep = version != null && record.indexOf('\n') < 0 && record.indexOf('\r') < 0;
        Path file = keep ? files.recordFile(PREFIX, record, "") : null;
        byte[] line = (record + "\n").getBytes(StandardCharsets.UTF_8);
        if (keep && Arrays.equals(read(file), line)) {
            return Optional.empty();
        }
        CRC32C crc = new CRC32C();
        long read;
        try (InputStream in = new CheckedInputStream(objects.stream(bucket, key, version).in(), crc)) {
            read = ByteStreams.exhaust(in);
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + bucket + "/" + key + " failed: " + e.getMessage(), e);
        }
        if (read != size || crc.getValue() != crc32c) {
            return Optional.of("it is " + read + " bytes of CRC32C " + crc.getValue() + ", the manifest records " + size
                    + " bytes of CRC32C " + crc32c);
        }
        if (keep) {
            files.putRecord(file, line);
        }
        return Optional.empty();
    }

    /** The record's bytes, or none if it is missing or unreadable (the object is then checked again). */
    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            return new byte[0];
        }
    }
}
