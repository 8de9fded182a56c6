package io.linestore.s3;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Optional;

/**
 * Manifests read from object storage or a web server, kept in the index cache's directory so that a
 * later process opening the same store does not fetch its manifest again: it asks whether the
 * manifest changed ({@link ObjectReads#getIfChanged}: a web server answers 304 without a body; from
 * object storage the first 64 KiB come in any case, and no more while the ETag is the one held) or,
 * within a settable time after the last answer ({@code LINESTORE_S3_MANIFEST_TTL}, none by default),
 * uses the one it holds without asking. A manifest names objects that a push never overwrites, and
 * every read asks for the version of each object the manifest records, so a manifest used within
 * that time reads the store as it was when it was last checked, never a mix; a store pushed (or an
 * object indexed) again meanwhile is seen by a reader that finds an object its manifest names gone
 * or changed: it asks about the manifest once more ({@link IndexCache#asking()}), which keeps the
 * new one here for the next open.
 *
 * <p>File: {@code manifest-C-N.json} in the cache directory ({@link IndexCache#recordFile}: {@code C}
 * and {@code N} from the manifest's name, the server, bucket and key); its first line that name (a
 * file of another name is not this manifest's), its second line the ETag (empty if the server gives
 * none: such a manifest is fetched whole on every open after its time to live), then the manifest's
 * bytes. A name with a line break is not cached. Its modification time is the last answer. It is
 * written under a temporary name and renamed into place, so processes sharing the directory read a
 * whole file or none; the index cache's trim removes it like an index
 * file when it is least recently used. A directory that cannot be written caches nothing; reads go
 * on. Thread-safe.
 */
final class ManifestCache {

    private static final String PREFIX = "manifest-";
    private static final String SUFFIX = ".json";

    private final IndexCache files;
    private final Duration timeToLive;

    /**
     * Makes the cache.
     *
     * @param files the directory's cache, whose folder and trim it shares
     * @param timeToLive how long after the last answer a manifest is used without asking; zero asks on
     *     every open
     */
    ManifestCache(IndexCache files, Duration timeToLive) {
        this.files = files;
        this.timeToLive = timeToLive;
    }

    /**
     * Whether a manifest is used without asking the server within a time to live: one so used may be
     * older than the store.
     *
     * @return {@code true} if there is a time to live
     */
    boolean trusted() {
        return !timeToLive.isZero();
    }

    /**
     * A manifest as the server has it: the cached one if it was checked within the time to live or the
     * server says it is unchanged, else the server's, which is cached.
     *
     * @param objects the client
     * @param bucket the bucket (or the web server)
     * @param key the manifest's key
     * @return its bytes, or empty if there is no such object
     * @throws S3StoreException if the request fails
     */
    Optional<byte[]> get(ObjectReads objects, String bucket, String key) {
        String name = objects.origin() + " " + bucket + "/" + key;
        if (name.indexOf('\n') >= 0 || name.indexOf('\r') >= 0) {
            return objects.getIfExists(bucket, key);
        }
        Path file = files.recordFile(PREFIX, name, SUFFIX);
        Cached cached = read(file, name);
        if (cached != null && !timeToLive.isZero() && cached.checked().plus(timeToLive).isAfter(Instant.now())) {
            return Optional.of(cached.bytes());
        }
        Optional<ObjectReads.Versioned> answer = objects.getIfChanged(bucket, key,
                cached == null || cached.version().isEmpty() ? null : cached.version());
        if (answer.isEmpty()) {
            if (cached != null) {
                delete(file);
            }
            return Optional.empty();
        }
        if (answer.get().unchanged()) {
            touch(file);
            return Optional.of(cached.bytes());
        }
        write(file, name, answer.get());
        return Optional.of(answer.get().bytes());
    }

    private record Cached(String version, byte[] bytes, Instant checked) {
    }

    /** The cached manifest of this name, or {@code null} if the file is missing, cut or another name's. */
    private static Cached read(Path file, String name) {
        try {
            byte[] content = Files.readAllBytes(file);
            FileTime checked = Files.getLastModifiedTime(file);
            int first = indexOf(content, 0);
            int second = first < 0 ? -1 : indexOf(content, first + 1);
            if (second < 0 || !new String(content, 0, first, StandardCharsets.UTF_8).equals(name)) {
                return null;
            }
            return new Cached(new String(content, first + 1, second - first - 1, StandardCharsets.UTF_8),
                    Arrays.copyOfRange(content, second + 1, content.length), checked.toInstant());
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            // An unreadable cached manifest is fetched again.
            return null;
        }
    }

    private void write(Path file, String name, ObjectReads.Versioned answer) {
        // Only an ETag is asked about: a date has whole seconds, and a manifest written again within
        // the second it was read would be answered "not modified" until it changes again.
        String version = answer.version() == null || answer.version().startsWith(HttpObjects.LAST_MODIFIED)
                || answer.version().contains("\n") ? "" : answer.version();
        byte[] head = (name + "\n" + version + "\n").getBytes(StandardCharsets.UTF_8);
        byte[] content = Arrays.copyOf(head, head.length + answer.bytes().length);
        System.arraycopy(answer.bytes(), 0, content, head.length, answer.bytes().length);
        // Only the next open suffers if it cannot be written: it fetches the whole manifest again.
        files.putRecord(file, content);
    }

    private static void touch(Path file) {
        try {
            Files.setLastModifiedTime(file, FileTime.from(Instant.now()));
        } catch (IOException e) {
            // The next open asks again: no harm.
        }
    }

    private static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // The next open finds it and asks again: no harm.
        }
    }

    /** The index of the first line break at or after {@code from}, or -1. */
    private static int indexOf(byte[] bytes, int from) {
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
