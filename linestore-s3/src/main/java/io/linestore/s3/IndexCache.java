package io.linestore.s3;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;
import java.util.zip.CRC32C;

/**
 * Index files downloaded from the object store, kept in a local directory so that a read of a
 * store whose index is cached costs one GET. Safe for several threads and processes sharing the
 * directory: a file is downloaded under a temporary name unique to the download, checked, and
 * renamed into place atomically, so a cached name always holds a whole, checked file; two
 * processes downloading the same index each rename a whole copy. It also keeps small records: the
 * stores' manifests ({@link #manifests()}) and the object versions whose whole content was checked
 * against a manifest ({@link #checked()}).
 *
 * <p>Names are chosen by the caller from what identifies the file's content (store id, generation,
 * shard, the index's checksum and size from the manifest), so a cached file is never stale: a new
 * store or generation has new names. The directory is kept under a byte budget: after each
 * download the least recently used files are deleted until the rest fit (a file mapped by a reader
 * stays readable after its deletion, on POSIX systems).
 */
final class IndexCache {

    private static final String TEMP = ".tmp-";

    /** Writes a file's content; the cache then checks and renames it. */
    @FunctionalInterface
    interface Download {

        /**
         * Fills the file.
         *
         * @param target a new file to write
         */
        void into(Path target);
    }

    private final Path dir;
    private final long maxBytes;
    private final Duration manifestTtl;
    private final ManifestCache manifests;
    private final CheckedVersions checked;

    /**
     * Makes the cache, whose manifests are checked with the server on every open.
     *
     * @param dir its directory, made when needed
     * @param maxBytes the most bytes it keeps (a single larger file is still kept until the next one)
     */
    IndexCache(Path dir, long maxBytes) {
        this(dir, maxBytes, Duration.ZERO);
    }

    /**
     * Makes the cache.
     *
     * @param dir its directory, made when needed
     * @param maxBytes the most bytes it keeps (a single larger file is still kept until the next one)
     * @param manifestTtl how long after the server's last answer a cached manifest is used without
     *     asking again ({@link ManifestCache}); zero asks on every open
     */
    IndexCache(Path dir, long maxBytes, Duration manifestTtl) {
        this.dir = dir;
        this.maxBytes = maxBytes;
        this.manifestTtl = manifestTtl;
        this.manifests = new ManifestCache(this, manifestTtl);
        this.checked = new CheckedVersions(this);
    }

    /**
     * The manifests kept in the same directory.
     *
     * @return the manifest cache
     */
    ManifestCache manifests() {
        return manifests;
    }

    /**
     * The object versions checked whole against a manifest, recorded in the same directory.
     *
     * @return the record of checks
     */
    CheckedVersions checked() {
        return checked;
    }

    /**
     * The same directory, its manifests asked about on every use whatever their time to live: for a
     * reader that found an object its cached manifest names gone or changed.
     *
     * @return this cache, or one of the same directory that asks
     */
    IndexCache asking() {
        return manifestTtl.isZero() ? this : new IndexCache(dir, maxBytes, Duration.ZERO);
    }

    /**
     * The file of a small record in the cache's directory: {@code PREFIX C-N SUFFIX}, {@code C} the
     * CRC32C (hex) and {@code N} the length of the record's name in UTF-8. (A CRC and the name inside,
     * not a cryptographic hash: a short command would spend tens of milliseconds loading a security
     * provider.) Two names may share a file: the record keeps its name, to be compared on reading.
     *
     * @param prefix what the record is, {@code manifest-} say
     * @param name the record's name, without line breaks
     * @param suffix the file name's end
     * @return the file, which may not exist
     */
    Path recordFile(String prefix, String name, String suffix) {
        byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
        CRC32C crc = new CRC32C();
        crc.update(bytes);
        return dir.resolve(String.format(Locale.ROOT, "%s%08x-%d%s", prefix, crc.getValue(), bytes.length, suffix));
    }

    /**
     * Writes a small record whole: under a temporary name, renamed into place, so processes sharing
     * the directory read a whole record or none. A directory that cannot be written keeps nothing:
     * only later processes suffer, which do again what the record would have spared them.
     *
     * @param file its file, from {@link #recordFile}
     * @param content its bytes
     */
    void putRecord(Path file, byte[] content) {
        Path temp = null;
        try {
            temp = scratch(file.getFileName().toString());
            Files.write(temp, content);
            moveIntoPlace(temp, file);
        } catch (IOException | UncheckedIOException e) {
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException left) {
                    // A later trim of the cache deletes it after an hour.
                }
            }
        }
    }

    /**
     * The cache's directory, which may not exist yet.
     *
     * @return the directory
     */
    Path dir() {
        return dir;
    }

    /**
     * Returns the cached file of a name, downloading it first if it is not cached.
     *
     * @param name the file's name, unique to its content
     * @param download writes the content into a temporary file; it throws if the content is wrong,
     *     and nothing is cached
     * @return the cached file
     * @throws UncheckedIOException if the directory cannot be written
     */
    Path get(String name, Download download) {
        Path file = dir.resolve(name);
        if (Files.isRegularFile(file)) {
            touch(file);
            return file;
        }
        Path temp = null;
        try {
            temp = scratch(name);
            download.into(temp);
            moveIntoPlace(temp, file);
            temp = null;
            trim(file);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the index cache " + dir + ": " + e.getMessage(), e);
        } finally {
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException e) {
                    // A left-over temporary file is removed by the trim of a later download.
                }
            }
        }
    }

    /**
     * Renames a whole file over its cached name, atomically where the file system can, so that
     * readers of the name see the old file or the new one.
     *
     * @param temp the file written, in the cache's directory
     * @param file its name in the cache
     * @throws IOException if the rename fails
     */
    static void moveIntoPlace(Path temp, Path file) throws IOException {
        try {
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * Whether a file of this name is cached (by this process or another).
     *
     * @param name the file's name
     * @return {@code true} if it is
     */
    boolean holds(String name) {
        return Files.isRegularFile(dir.resolve(name));
    }

    /**
     * A new file name in the cache's directory for a file that is not to be cached (an index that
     * {@code verify} fetches afresh); the caller deletes it, or a later trim does after an hour.
     *
     * @param name what the file holds
     * @return a path no other download uses; the directory exists
     * @throws UncheckedIOException if the directory cannot be made
     */
    Path scratch(String name) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the index cache " + dir + ": " + e.getMessage(), e);
        }
        return dir.resolve(name + TEMP + ProcessHandle.current().pid() + "-"
                + Long.toHexString(ThreadLocalRandom.current().nextLong()));
    }

    /** Deletes the least recently used files, never {@code keep}, until the rest fit the budget. */
    private void trim(Path keep) throws IOException {
        List<Cached> files = new ArrayList<>();
        long total = 0;
        try (Stream<Path> list = Files.list(dir)) {
            for (Path path : (Iterable<Path>) list::iterator) {
                try {
                    long size = Files.size(path);
                    FileTime time = Files.getLastModifiedTime(path);
                    boolean staleTemp = path.getFileName().toString().contains(TEMP)
                            && time.toInstant().isBefore(Instant.now().minusSeconds(3600));
                    if (staleTemp) {
                        Files.deleteIfExists(path);
                        continue;
                    }
                    files.add(new Cached(path, size, time));
                    total += size;
                } catch (NoSuchFileException e) {
                    // Another process trimmed it meanwhile.
                }
            }
        }
        files.sort(Comparator.comparing(Cached::time));
        for (Cached cached : files) {
            if (total <= maxBytes) {
                break;
            }
            if (cached.path().equals(keep) || cached.path().getFileName().toString().contains(TEMP)) {
                continue;
            }
            Files.deleteIfExists(cached.path());
            total -= cached.size();
        }
    }

    /** Marks a file as used now, for the least-recently-used order. */
    private static void touch(Path file) {
        try {
            Files.setLastModifiedTime(file, FileTime.from(Instant.now()));
        } catch (IOException e) {
            // Only the eviction order suffers; the file is still good.
        }
    }

    private record Cached(Path path, long size, FileTime time) {
    }
}
