package io.linestore.impl.build;

import io.linestore.AppendSummary;
import io.linestore.WriteOptions;
import io.linestore.impl.format.Manifest;
import io.linestore.impl.format.ManifestCodec;
import io.linestore.impl.format.StoreFiles;
import io.linestore.impl.io.ChunkSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Appends lines to a store under its write lock: continues the last shard past its committed bytes
 * (dropping any left by an append that never committed), opens new shards as needed, and publishes
 * the new manifest last. Until that rename, readers and a crash see only the committed lines. An
 * append that fails gives back what it wrote: the shards are cut back to their committed sizes and
 * new shard files removed.
 */
public final class StoreAppender {

    private StoreAppender() {
    }

    /**
     * Appends to a store.
     *
     * @param dir the store directory
     * @param input the lines, read to the end and not closed
     * @param write buffer size, fsync, progress
     * @return the lines and bytes appended, and the store's new size
     * @throws io.linestore.StoreNotFoundException if there is no store at {@code dir}
     * @throws io.linestore.StoreLockedException if another writer holds the store
     * @throws IllegalArgumentException if {@code dir} is a sidecar index (index its file instead)
     * @throws UncheckedIOException if reading or writing fails; the store keeps its committed lines
     */
    @SuppressWarnings("try") // the write lock is held across the block, not used in it
    public static AppendSummary append(Path dir, ChunkSource input, WriteOptions write) {
        long started = System.nanoTime();
        Manifest before = ManifestCodec.read(dir);
        if (before.source() != null) {
            throw new IllegalArgumentException(dir + " indexes the file " + before.source().name()
                    + " in place; append to that file and index it again");
        }
        try (WriteLock lock = WriteLock.acquire(dir.resolve(StoreFiles.WRITE_LOCK))) {
            StoreJanitor.reclaim(dir);
            // Read again under the lock: another writer may have committed since.
            Manifest committed = ManifestCodec.read(dir);
            Path files = StoreFiles.filesDir(dir, committed);
            ShardSequence.Written written;
            Manifest after;
            try {
                try (ShardSequence sequence = new ShardSequence(files, committed, write.writeBufferSize(),
                        write.fsync())) {
                    written = sequence.writeAll(input, write.writeBufferSize(), write.progress());
                }
                after = committed.withShards(written.shards(), null);
                ManifestCodec.publish(dir, after, write.fsync());
            } catch (IOException | RuntimeException | Error e) {
                StoreJanitor.reclaimAfter(dir, e);
                throw e;
            }
            ShardSequence.commit(files, after, written, write.fsync());
            return new AppendSummary(after.lineCount() - committed.lineCount(), written.inputBytes(),
                    after.textBytes() - committed.textBytes(), after.lineCount(), after.shards().size(),
                    Duration.ofNanos(System.nanoTime() - started));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to " + dir + ": " + e.getMessage(), e);
        }
    }
}
