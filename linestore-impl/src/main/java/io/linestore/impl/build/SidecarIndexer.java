package io.linestore.impl.build;

import io.linestore.CorruptStoreException;
import io.linestore.IndexOptions;
import io.linestore.IndexSummary;
import io.linestore.Layout;
import io.linestore.UnsupportedFormatException;
import io.linestore.WriteOptions;
import io.linestore.impl.format.Manifest;
import io.linestore.impl.format.ManifestCodec;
import io.linestore.impl.format.ShardEntry;
import io.linestore.impl.format.SourceCheck;
import io.linestore.impl.format.StoreFiles;
import io.linestore.impl.index.IndexFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;

/**
 * Indexes a text file in place: writes {@code FILE.lsidx/} (manifest and index) and never touches the
 * file. Indexes only the new tail of a file that grew, including the continuation of a last line that
 * had no {@code \n}; indexes a file that changed otherwise from the start. Indexes the bytes present
 * when it starts: a file still being written is indexed up to there, its partial last line included.
 */
public final class SidecarIndexer {

    private SidecarIndexer() {
    }

    /**
     * Indexes a file, or brings its index up to date.
     *
     * @param file the text file
     * @param options stride and AUTO threshold
     * @param write buffer size, fsync, progress
     * @return the lines and bytes indexed, and the bytes read this time
     * @throws IllegalArgumentException if {@code file} is not a regular file
     * @throws io.linestore.StoreLockedException if another writer is indexing the file
     * @throws UncheckedIOException if reading or writing fails
     */
    @SuppressWarnings("try") // the write lock is held across the block, not used in it
    public static IndexSummary index(Path file, IndexOptions options, WriteOptions write) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("not a regular file: " + file);
        }
        long started = System.nanoTime();
        Path sidecar = StoreFiles.sidecarDir(file);
        try {
            Files.createDirectories(sidecar);
            try (WriteLock lock = WriteLock.acquire(sidecar.resolve(StoreFiles.WRITE_LOCK));
                    FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
                Manifest old = readQuietly(sidecar);
                SourceCheck.Result state = old == null ? null : SourceCheck.check(file, old);
                boolean sameStride = old != null && old.index().equals(options.index());
                if (sameStride && state.state() == SourceCheck.State.FRESH) {
                    return summary(old, 0, started);
                }
                boolean grown = sameStride && state.state() == SourceCheck.State.GROWN && old.lineCount() > 0;
                Manifest manifest = grown ? extend(file, sidecar, channel, old, write)
                        : rebuild(file, sidecar, channel, options, write);
                ManifestCodec.publish(sidecar, manifest, write.fsync());
                if (grown) {
                    IndexFiles.commitHeader(manifest.index(), sidecar.resolve(StoreFiles.indexFile(Layout.SINGLE, 0)),
                            manifest.lineCount(), manifest.indexBytes(), write.fsync());
                }
                long read = grown ? manifest.dataBytes() - old.dataBytes() : manifest.dataBytes();
                return summary(manifest, read, started);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot index " + file + ": " + e.getMessage(), e);
        }
    }

    /** Indexes the whole file anew; the old manifest goes first, so a crash leaves no stale index. */
    private static Manifest rebuild(Path file, Path sidecar, FileChannel channel, IndexOptions options,
            WriteOptions write) throws IOException {
        Files.deleteIfExists(sidecar.resolve(StoreFiles.MANIFEST));
        Path index = sidecar.resolve(StoreFiles.indexFile(Layout.SINGLE, 0));
        Files.deleteIfExists(index);
        Manifest empty = new Manifest(Manifest.FORMAT, Manifest.VERSION, Layout.SINGLE, 0, 0, 0,
                options.index(), Long.MAX_VALUE, options.autoThresholdBytes(), List.of(), null);
        return index(file, channel, index, empty, new ShardEntry(0, 0, 0, 0, 0), 0, write);
    }

    /** Indexes the bytes after the indexed ones, continuing the index and the checksums. */
    private static Manifest extend(Path file, Path sidecar, FileChannel channel, Manifest old,
            WriteOptions write) throws IOException {
        ShardEntry committed = old.shards().getFirst();
        int unterminated = SourceCheck.endsInsideLine(channel, committed.dataBytes()) ? 1 : 0;
        return index(file, channel, sidecar.resolve(StoreFiles.indexFile(Layout.SINGLE, 0)), old, committed,
                unterminated, write);
    }

    private static Manifest index(Path file, FileChannel channel, Path indexFile, Manifest base,
            ShardEntry committed, int unterminated, WriteOptions write) throws IOException {
        // Size and time first: bytes written after this are left for the next run.
        long modified = Files.getLastModifiedTime(file).toMillis();
        long size = channel.size();
        ShardEntry entry;
        try (ShardWriter writer = ShardWriter.indexOnly(indexFile, base.index(), write.writeBufferSize(),
                write.fsync(), committed, unterminated)) {
            LineFeeder feeder = new LineFeeder(writer, write.writeBufferSize(), unterminated == 0, write.progress());
            feeder.feed(channel, file, committed.dataBytes(), size);
            entry = writer.finish(feeder.endsInsideLine() ? 1 : 0);
        }
        return base.withShards(List.of(entry), SourceCheck.identify(file, channel, size, modified));
    }

    /** The old manifest, or {@code null} when there is none or it cannot be used (then: index anew). */
    private static Manifest readQuietly(Path sidecar) {
        if (!Files.exists(sidecar.resolve(StoreFiles.MANIFEST))) {
            return null;
        }
        try {
            Manifest manifest = ManifestCodec.read(sidecar);
            return manifest.source() == null ? null : manifest;
        } catch (CorruptStoreException | UnsupportedFormatException e) {
            return null;
        }
    }

    private static IndexSummary summary(Manifest manifest, long read, long started) {
        return new IndexSummary(manifest.lineCount(), manifest.dataBytes(), read,
                Duration.ofNanos(System.nanoTime() - started));
    }
}
