package io.linestore.impl.build;

import io.linestore.Compression;
import io.linestore.CorruptStoreException;
import io.linestore.Layout;
import io.linestore.IndexOptions;
import io.linestore.IndexSummary;
import io.linestore.StoreLockedException;
import io.linestore.WriteOptions;
import io.linestore.UnsupportedFormatException;
import io.linestore.impl.format.Manifest;
import io.linestore.impl.format.ManifestCodec;
import io.linestore.impl.format.ShardEntry;
import io.linestore.impl.format.SourceCheck;
import io.linestore.impl.format.StoreFiles;
import io.linestore.impl.index.IndexFormat;
import io.linestore.impl.index.IndexFiles;
import io.linestore.impl.io.ChunkSource;
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
 * had no {@code \n}; indexes a file that changed otherwise, or with another index kind, from the start
 * into a new generation, which replaces the old index only when its manifest is renamed into place
 * (until then the old index stays valid). Indexes the bytes present when it starts: a file still
 * being written is indexed up to there, its partial last line included. An index that fails gives back
 * what it wrote; a first one, the sidecar directory and its lock file too, so that the file reads as
 * one never indexed.
 */
public final class SidecarIndexer {

    private SidecarIndexer() {
    }

    /**
     * Indexes a file, or brings its index up to date.
     *
     * @param file the text file
     * @param options index kind and AUTO threshold
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
        StoreFiles.refuseInsideStore(file, "file");
        Path sidecar = StoreFiles.sidecarDir(file);
        refuseStoreAt(sidecar, file);
        boolean created = !Files.exists(sidecar);
        try {
            Files.createDirectories(sidecar);
            try (WriteLock lock = WriteLock.acquire(sidecar.resolve(StoreFiles.WRITE_LOCK))) {
                return indexLocked(file, sidecar, options, write, started);
            }
        } catch (IOException e) {
            StoreJanitor.removeCreated(sidecar, created, e);
            throw new UncheckedIOException("cannot index " + file + ": " + e.getMessage(), e);
        } catch (RuntimeException | Error e) {
            if (!(e instanceof StoreLockedException)) {
                StoreJanitor.removeCreated(sidecar, created, e);
            }
            throw e;
        }
    }

    /**
     * Indexes under the sidecar's write lock. A failure that leaves no manifest (a first index, or one
     * after an index that was killed) removes the lock file too, while the lock is held, as a failed
     * first build does: a sidecar that indexes nothing is no sidecar.
     */
    private static IndexSummary indexLocked(Path file, Path sidecar, IndexOptions options, WriteOptions write,
            long started) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            StoreJanitor.reclaim(sidecar);
            Manifest old = readQuietly(sidecar);
            SourceCheck.Result state = old == null ? null : SourceCheck.check(file, old);
            boolean sameKind = old != null && old.index().equals(options.index());
            if (sameKind && state.state() == SourceCheck.State.FRESH) {
                return summary(old, 0, started);
            }
            boolean grown = sameKind && state.state() == SourceCheck.State.GROWN && old.lineCount() > 0;
            Manifest manifest;
            try {
                manifest = grown ? extend(file, sidecar, channel, old, write)
                        : rebuild(file, sidecar, channel, old, options, write);
                if (write.fsync()) {
                    // The sidecar is an entry of the file's directory: without this, a power cut
                    // could lose the index this run commits, however well its own files are forced.
                    ManifestCodec.forceDirectory(sidecar.toAbsolutePath().getParent());
                }
                ManifestCodec.publish(sidecar, manifest, write.fsync());
            } catch (IOException | RuntimeException | Error e) {
                StoreJanitor.reclaimAfter(sidecar, e);
                throw e;
            }
            if (grown) {
                IndexFiles.commitHeader(manifest.index(), StoreFiles.indexPath(sidecar, manifest, 0),
                        IndexFormat.Identity.of(manifest, 0), manifest.lineCount(), manifest.indexBytes(),
                        write.fsync());
            } else {
                StoreJanitor.reclaimQuietly(sidecar);
            }
            long read = grown ? manifest.dataBytes() - old.dataBytes() : manifest.dataBytes();
            return summary(manifest, read, started);
        } catch (IOException | RuntimeException | Error e) {
            if (!Files.exists(sidecar.resolve(StoreFiles.MANIFEST))) {
                StoreJanitor.deleteQuietly(sidecar.resolve(StoreFiles.WRITE_LOCK), e);
            }
            throw e;
        }
    }

    /**
     * Indexes the whole file anew, into a new generation: the old index stays whole, and in use, until
     * the caller publishes the new manifest.
     */
    private static Manifest rebuild(Path file, Path sidecar, FileChannel channel, Manifest old, IndexOptions options,
            WriteOptions write) throws IOException {
        Manifest empty = Manifest.empty(StoreJanitor.nextGeneration(sidecar, old), Layout.SINGLE,
                options.index(), Long.MAX_VALUE, options.autoThresholdBytes(), Compression.NONE);
        Path files = Files.createDirectory(StoreFiles.filesDir(sidecar, empty));
        Manifest manifest = index(file, channel, files.resolve(StoreFiles.indexFile(Layout.SINGLE, 0)), empty,
                ShardEntry.EMPTY, 0, write);
        if (write.fsync()) {
            ManifestCodec.forceDirectory(files);
            ManifestCodec.forceDirectory(sidecar);
        }
        return manifest;
    }

    /** Indexes the bytes after the indexed ones, continuing the index and the checksums. */
    private static Manifest extend(Path file, Path sidecar, FileChannel channel, Manifest old,
            WriteOptions write) throws IOException {
        ShardEntry committed = old.shards().getFirst();
        int unterminated = SourceCheck.endsInsideLine(channel, committed.dataBytes()) ? 1 : 0;
        return index(file, channel, StoreFiles.indexPath(sidecar, old, 0), old, committed, unterminated, write);
    }

    private static Manifest index(Path file, FileChannel channel, Path indexFile, Manifest base,
            ShardEntry committed, int unterminated, WriteOptions write) throws IOException {
        // Size and time first: bytes written after this are left for the next run.
        long modified = Files.getLastModifiedTime(file).toMillis();
        long size = channel.size();
        ShardEntry entry;
        try (ShardWriter writer = ShardWriter.indexOnly(indexFile, base.index(),
                IndexFormat.Identity.of(base, 0), write.writeBufferSize(), write.fsync(), committed, unterminated)) {
            LineFeeder feeder = new LineFeeder(writer, write.writeBufferSize(), unterminated == 0, write.progress());
            feeder.feed(ChunkSource.of(channel, file, committed.dataBytes(), size));
            entry = writer.finish(feeder.endsInsideLine() ? 1 : 0);
        }
        return base.withShards(List.of(entry), SourceCheck.identify(file, channel, size, modified));
    }

    /**
     * Refuses to index over a store (a manifest without a source file) found where the index
     * belongs, before anything there is cleaned up: it is someone's store, not a stale index.
     */
    private static void refuseStoreAt(Path sidecar, Path file) {
        if (Files.exists(sidecar.resolve(StoreFiles.MANIFEST))) {
            Manifest manifest;
            try {
                manifest = ManifestCodec.read(sidecar);
            } catch (CorruptStoreException | UnsupportedFormatException e) {
                return;
            }
            if (manifest.source() == null) {
                throw new IllegalArgumentException(sidecar + " holds a store, not the index of " + file
                        + "; move it away to index the file");
            }
        }
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
