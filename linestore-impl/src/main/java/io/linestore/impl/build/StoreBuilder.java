package io.linestore.impl.build;

import io.linestore.BuildSummary;
import io.linestore.Layout;
import io.linestore.LineStoreException;
import io.linestore.StoreExistsException;
import io.linestore.StoreLockedException;
import io.linestore.StoreOptions;
import io.linestore.WriteOptions;
import io.linestore.impl.format.Manifest;
import io.linestore.impl.format.ManifestCodec;
import io.linestore.impl.format.StoreFiles;
import io.linestore.impl.io.ChunkSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds a store from a stream of text in one pass: splits it on {@code \n}, writes each shard's data
 * and index together through large buffers into a new generation folder, and commits by renaming the
 * manifest into place. Memory use is bounded by the buffers, whatever the input's size.
 *
 * <p>Replacing a store is the same build: the new generation is written next to the old one, the
 * manifest rename switches readers from one to the other at once, and only then are the old files
 * removed. The path holds the old store or the new one at every moment, a crash included. With
 * fsync, the directories that hold the store are forced too, so that a build that returned outlives a
 * power cut even where it made the store's directory. The build holds the store's write lock
 * throughout, so no append or other build can write meanwhile. A build that fails removes what it
 * wrote (and the directory, if it made it).
 */
public final class StoreBuilder {

    private StoreBuilder() {
    }

    /**
     * Builds a store, or replaces one.
     *
     * @param input the text, read to its end and not closed
     * @param dir the store directory: absent, empty, holding the left-overs of a build that was killed,
     *     or (when {@code replace}) a store
     * @param options layout, shard size, index kind, AUTO threshold
     * @param write buffer size, fsync, progress
     * @param replace whether a store at {@code dir} may be replaced
     * @return what was written
     * @throws StoreExistsException if a store is at {@code dir} and {@code replace} is false
     * @throws io.linestore.StoreLockedException if another writer holds the store
     * @throws IllegalArgumentException if {@code dir} is a file, a directory holding something else,
     *     inside a store, or named like the index of a file in place
     * @throws UncheckedIOException if reading or writing fails; the store, if any, is as it was
     */
    @SuppressWarnings("try") // the write lock is held across the block, not used in it
    public static BuildSummary build(ChunkSource input, Path dir, StoreOptions options, WriteOptions write,
            boolean replace) {
        refuseSidecarName(dir);
        StoreFiles.refuseInsideStore(dir, "store directory");
        List<Path> parents = parentsToForce(dir);
        boolean created = createDirectory(dir);
        long started = System.nanoTime();
        Manifest manifest;
        ShardSequence.Written written;
        try (WriteLock lock = WriteLock.acquire(dir.resolve(StoreFiles.WRITE_LOCK))) {
            try {
                Manifest old = existingStore(dir, replace);
                StoreJanitor.reclaim(dir);
                long linesPerShard = options.layout() == Layout.SINGLE ? Long.MAX_VALUE : options.linesPerShard();
                Manifest empty = Manifest.empty(StoreJanitor.nextGeneration(dir, old), options.layout(),
                        options.index(), linesPerShard, options.autoThresholdBytes(), options.compression());
                Path files = Files.createDirectory(StoreFiles.filesDir(dir, empty));
                try (ShardSequence sequence = new ShardSequence(files, empty, write.writeBufferSize(), write.fsync())) {
                    written = sequence.writeAll(input, write.writeBufferSize(), write.progress());
                }
                manifest = empty.withShards(written.shards(), null);
                if (write.fsync()) {
                    ManifestCodec.forceDirectory(files);
                    ManifestCodec.forceDirectory(dir);
                    for (Path parent : parents) {
                        ManifestCodec.forceDirectory(parent);
                    }
                }
                ManifestCodec.publish(dir, manifest, write.fsync());
            } catch (IOException | RuntimeException | Error e) {
                StoreJanitor.reclaimAfter(dir, e);
                if (!Files.exists(dir.resolve(StoreFiles.MANIFEST))) {
                    // No store here, so no lock file either. Removed while the lock is held: a writer
                    // that opened the file after this one let go could otherwise lock a file no longer at
                    // the path, and a third one another.
                    StoreJanitor.deleteQuietly(dir.resolve(StoreFiles.WRITE_LOCK), e);
                }
                throw e;
            }
            StoreJanitor.reclaimQuietly(dir);
        } catch (IOException e) {
            StoreJanitor.removeCreated(dir, created, e);
            throw new UncheckedIOException("cannot build store " + dir + ": " + e.getMessage(), e);
        } catch (RuntimeException | Error e) {
            if (!(e instanceof StoreLockedException)) {
                StoreJanitor.removeCreated(dir, created, e);
            }
            throw e;
        }
        return new BuildSummary(manifest.lineCount(), written.inputBytes(), manifest.textBytes(),
                manifest.shards().size(), Duration.ofNanos(System.nanoTime() - started), manifest.dataBytes());
    }

    /** A store named like the index of a file in place would stand in for that index. */
    private static void refuseSidecarName(Path dir) {
        if (dir.getFileName() != null && dir.getFileName().toString().endsWith(StoreFiles.SIDECAR_SUFFIX)) {
            throw new IllegalArgumentException("store directory " + dir + " ends in " + StoreFiles.SIDECAR_SUFFIX
                    + ", the name of the index of a file in place; choose another name");
        }
    }

    /**
     * The directories that must be forced for the store to outlive a power cut once built: the one
     * that holds {@code dir} (made by an earlier build or by hand, it may not be on the device yet) and
     * each one above it that holds a directory this build is about to create.
     */
    private static List<Path> parentsToForce(Path dir) {
        List<Path> parents = new ArrayList<>();
        for (Path path = dir.toAbsolutePath(); path.getParent() != null; path = path.getParent()) {
            parents.add(path.getParent());
            if (Files.exists(path.getParent())) {
                break;
            }
        }
        return parents;
    }

    /** Creates the directory if needed; returns whether it did. */
    private static boolean createDirectory(Path dir) {
        if (Files.exists(dir)) {
            if (!Files.isDirectory(dir)) {
                throw new IllegalArgumentException("store path is a file, not a directory: " + dir);
            }
            return false;
        }
        try {
            Files.createDirectories(dir);
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create store directory " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * The store at {@code dir}, or {@code null} when there is none (an empty directory, or one holding
     * only what a killed build left). A manifest that cannot be read still marks a store.
     */
    private static Manifest existingStore(Path dir, boolean replace) throws IOException {
        if (Files.exists(dir.resolve(StoreFiles.MANIFEST))) {
            if (!replace) {
                throw new StoreExistsException(dir);
            }
            try {
                return ManifestCodec.read(dir);
            } catch (LineStoreException e) {
                return null;
            }
        }
        Path foreign = StoreFiles.foreignEntry(dir);
        if (foreign != null) {
            throw new IllegalArgumentException("store directory " + dir + " is not empty and holds no store (it has "
                    + dir.relativize(foreign) + "); not writing into it");
        }
        return null;
    }
}
