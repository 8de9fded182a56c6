package io.linestore.impl.build;

import com.google.common.io.MoreFiles;
import com.google.common.io.RecursiveDeleteOption;
import io.linestore.BuildSummary;
import io.linestore.Layout;
import io.linestore.StoreOptions;
import io.linestore.WriteOptions;
import io.linestore.impl.format.Manifest;
import io.linestore.impl.format.ManifestCodec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Builds a store from a stream of text in one pass: splits it on {@code \n}, writes each shard's data
 * and index together through large buffers, and publishes the manifest last. Memory use is bounded
 * by the buffers, whatever the input's size. A build that fails removes what it wrote.
 */
public final class StoreBuilder {

    private StoreBuilder() {
    }

    /**
     * Builds a store.
     *
     * @param input the text, read to its end and not closed
     * @param dir the store directory: must not exist, or be an empty directory
     * @param options layout, shard size, stride, AUTO threshold
     * @param write buffer size, fsync, progress
     * @return what was written
     * @throws IllegalArgumentException if {@code dir} is a file or a directory that is not empty
     * @throws UncheckedIOException if reading or writing fails; nothing of the store remains
     */
    public static BuildSummary build(InputStream input, Path dir, StoreOptions options, WriteOptions write) {
        boolean created = prepare(dir);
        long started = System.nanoTime();
        long linesPerShard = options.layout() == Layout.SINGLE ? Long.MAX_VALUE : options.linesPerShard();
        try {
            ShardSequence.Written written;
            try (ShardSequence sequence = new ShardSequence(dir, options.layout(), linesPerShard,
                    options.index(), write.writeBufferSize(), write.fsync(), List.of())) {
                written = sequence.writeAll(input, write.writeBufferSize(), write.progress());
            }
            Manifest manifest = new Manifest(Manifest.FORMAT, Manifest.VERSION, options.layout(), 0, 0, 0,
                    options.index(), linesPerShard, options.autoThresholdBytes(), List.of(), null)
                    .withShards(written.shards(), null);
            ManifestCodec.publish(dir, manifest, write.fsync());
            return new BuildSummary(manifest.lineCount(), written.inputBytes(), manifest.dataBytes(),
                    manifest.shards().size(), Duration.ofNanos(System.nanoTime() - started));
        } catch (IOException e) {
            removeAll(dir, created, e);
            throw new UncheckedIOException("cannot build store " + dir + ": " + e.getMessage(), e);
        } catch (RuntimeException | Error e) {
            removeAll(dir, created, e);
            throw e;
        }
    }

    /** Creates the directory if needed; returns whether it did. */
    private static boolean prepare(Path dir) {
        try {
            if (Files.exists(dir)) {
                if (!Files.isDirectory(dir)) {
                    throw new IllegalArgumentException("store path is a file, not a directory: " + dir);
                }
                try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
                    if (entries.iterator().hasNext()) {
                        throw new IllegalArgumentException("store directory is not empty: " + dir);
                    }
                }
                return false;
            }
            Files.createDirectories(dir);
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create store directory " + dir + ": " + e.getMessage(), e);
        }
    }

    /** Removes a failed build: the directory was empty or absent before, so all in it is ours. */
    private static void removeAll(Path dir, boolean created, Throwable failure) {
        try {
            if (created) {
                MoreFiles.deleteRecursively(dir, RecursiveDeleteOption.ALLOW_INSECURE);
            } else {
                MoreFiles.deleteDirectoryContents(dir, RecursiveDeleteOption.ALLOW_INSECURE);
            }
        } catch (IOException e) {
            failure.addSuppressed(e);
        }
    }
}
