package io.linestore.impl.build;

import com.google.common.io.MoreFiles;
import com.google.common.io.RecursiveDeleteOption;
import io.linestore.Layout;
import io.linestore.LineStoreException;
import io.linestore.impl.format.Manifest;
import io.linestore.impl.format.ManifestCodec;
import io.linestore.impl.format.ShardEntry;
import io.linestore.impl.format.StoreFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Gives back the space of writes that did not commit: a writer that failed, or one that was killed.
 * Runs only under the store's write lock, so no other writer is at work; readers never see what it
 * removes, since no committed manifest names it (or, for a replaced generation, no longer names it:
 * a reader still on it gets {@link io.linestore.StoreReplacedException} for a file it had not opened).
 *
 * <p>What it removes, judged from the manifest on disk (the one truth of what is committed):
 * <ul>
 *   <li>{@code manifest.json.tmp}, a manifest that was never renamed into place;
 *   <li>every generation folder {@code gN} the manifest does not name (all of them when there is no
 *       manifest), and in a version-2 store the version-1 files its replacement left;
 *   <li>in the committed generation, shard files past the manifest's last shard, and the bytes of the
 *       last shard's data and index past their committed sizes (an append that did not commit);
 *       never the data of a sidecar, which is the user's file.
 * </ul>
 * A manifest that exists but cannot be read leaves everything but the temporary manifest alone: what
 * it names is unknown.
 */
final class StoreJanitor {

    private StoreJanitor() {
    }

    /**
     * Removes every left-over of an uncommitted write.
     *
     * @param dir the store (or sidecar) directory, locked by the caller
     * @throws UncheckedIOException if a left-over cannot be removed
     */
    static void reclaim(Path dir) {
        try {
            Files.deleteIfExists(dir.resolve(StoreFiles.MANIFEST_TEMP));
            Manifest committed;
            if (!Files.exists(dir.resolve(StoreFiles.MANIFEST))) {
                committed = null;
            } else {
                try {
                    committed = ManifestCodec.read(dir);
                } catch (LineStoreException e) {
                    return;
                }
            }
            removeOtherGenerations(dir, committed);
            if (committed != null) {
                trimCommittedGeneration(dir, committed);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove the left-overs of an earlier write in " + dir + ": "
                    + e.getMessage(), e);
        }
    }

    /**
     * {@link #reclaim} after a write failed: whatever goes wrong here is added to that failure, which
     * stays the one reported.
     *
     * @param dir the store (or sidecar) directory, locked by the caller
     * @param failure the write's failure
     */
    static void reclaimAfter(Path dir, Throwable failure) {
        try {
            reclaim(dir);
        } catch (RuntimeException e) {
            failure.addSuppressed(e);
        }
    }

    /**
     * {@link #reclaim} after a commit: the commit stands whatever happens here, and the next writer
     * tries again.
     *
     * @param dir the store (or sidecar) directory, locked by the caller
     */
    static void reclaimQuietly(Path dir) {
        try {
            reclaim(dir);
        } catch (RuntimeException e) {
            // The write committed; the next writer removes what is left.
        }
    }

    /**
     * The generation a new write should use: past every generation folder in the directory and the
     * committed one.
     *
     * @param dir the store (or sidecar) directory
     * @param committed its manifest, or {@code null}
     * @return a generation no file of the directory has
     * @throws IOException if the directory cannot be listed
     */
    static long nextGeneration(Path dir, Manifest committed) throws IOException {
        long highest = committed == null ? 0 : committed.generation();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                highest = Math.max(highest, StoreFiles.generationOf(entry.getFileName().toString()));
            }
        }
        return highest + 1;
    }

    private static void removeOtherGenerations(Path dir, Manifest committed) throws IOException {
        boolean version1 = committed != null && committed.version() == Manifest.VERSION_1;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                long generation = StoreFiles.generationOf(entry.getFileName().toString());
                boolean oldGeneration = generation >= 0 && (committed == null || version1
                        || generation != committed.generation());
                boolean replacedVersion1 = committed != null && !version1
                        && StoreFiles.version1Names().contains(entry.getFileName().toString());
                if (oldGeneration || replacedVersion1) {
                    MoreFiles.deleteRecursively(entry, RecursiveDeleteOption.ALLOW_INSECURE);
                }
            }
        }
    }

    private static void trimCommittedGeneration(Path dir, Manifest committed) throws IOException {
        int shardCount = committed.shards().size();
        if (committed.layout() == Layout.SHARDED) {
            Path files = StoreFiles.filesDir(dir, committed);
            // Shards are written in order, so the uncommitted ones are a run after the last committed one.
            for (int k = shardCount; ; k++) {
                boolean data = Files.deleteIfExists(files.resolve(StoreFiles.dataFile(Layout.SHARDED, k)));
                boolean index = Files.deleteIfExists(files.resolve(StoreFiles.indexFile(Layout.SHARDED, k)));
                if (!data && !index) {
                    break;
                }
            }
        }
        if (shardCount == 0) {
            return;
        }
        int last = shardCount - 1;
        ShardEntry shard = committed.shards().get(last);
        if (committed.source() == null) {
            truncate(StoreFiles.dataPath(dir, committed, last), shard.dataBytes());
        }
        if (committed.indexStride() > 0) {
            truncate(StoreFiles.indexPath(dir, committed, last), shard.indexBytes());
        }
    }

    /** Cuts a file back to its committed size; readers never look past it. */
    private static void truncate(Path file, long committedBytes) throws IOException {
        if (Files.exists(file) && Files.size(file) > committedBytes) {
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
                channel.truncate(committedBytes);
            }
        }
    }

    /**
     * Removes the directory a failed write made, once empty: another writer may have started in it
     * meanwhile, and then keeps it.
     *
     * @param dir the store or sidecar directory
     * @param created whether the failed write made it
     * @param failure what failed, to which a failure to remove is added
     */
    static void removeCreated(Path dir, boolean created, Throwable failure) {
        if (created) {
            try {
                Files.deleteIfExists(dir);
            } catch (DirectoryNotEmptyException e) {
                // Another writer took the directory over.
            } catch (IOException e) {
                failure.addSuppressed(e);
            }
        }
    }

    /**
     * Deletes a file after a failure, adding a failure to delete to it.
     *
     * @param file the file
     * @param failure what failed
     */
    static void deleteQuietly(Path file, Throwable failure) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            failure.addSuppressed(e);
        }
    }
}
