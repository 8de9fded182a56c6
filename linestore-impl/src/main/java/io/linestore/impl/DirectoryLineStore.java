package io.linestore.impl;

import io.linestore.CorruptStoreException;
import io.linestore.LineBatch;
import io.linestore.LineStore;
import io.linestore.LineVisitor;
import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import io.linestore.SegmentBatch;
import io.linestore.StoreClosedException;
import io.linestore.StaleIndexException;
import io.linestore.StoreInfo;
import io.linestore.StoreNotFoundException;
import io.linestore.StoreReplacedException;
import io.linestore.VerifyReport;
import io.linestore.impl.cache.HandleCache;
import io.linestore.impl.blocks.BlockCache;
import io.linestore.impl.format.Manifest;
import io.linestore.impl.format.ManifestCodec;
import io.linestore.impl.format.ShardEntry;
import io.linestore.impl.format.SourceCheck;
import io.linestore.impl.format.StoreFiles;
import io.linestore.impl.index.IndexFormat;
import io.linestore.impl.read.ShardReader;
import io.linestore.impl.zstd.ZstdContexts;
import io.linestore.impl.verify.StoreVerifier;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;

/**
 * A store directory opened for reading: routes each line range to its shards (one division, since
 * every shard but the last holds exactly {@code linesPerShard} lines) and reads each part through
 * the shard's cached {@link ShardReader}. Thread-safe.
 */
public final class DirectoryLineStore implements LineStore {

    /** Lines per batch of {@link #lines}: large enough to amortize a read, small enough to bound memory. */
    private static final int STREAM_BATCH = 256;

    /** Opens tried while writers keep replacing the store under the opener, before giving up. */
    private static final int OPEN_ATTEMPTS = 5;

    private final Path dir;
    private final Manifest manifest;
    private final ReadMethod method;
    private final HandleCache<ShardReader> handles;
    /** The decompressed blocks of a compressed store; {@code null} for an uncompressed one. */
    private final BlockCache blocks;
    /** The zstd contexts of a compressed store's reads; {@code null} for an uncompressed one. */
    private final ZstdContexts zstd;
    private final boolean unterminatedEnd;
    /**
     * Of a file indexed in place that grew since its last line, unterminated, was indexed: why that
     * line may go on in the new bytes, and so is not served; else {@code null}.
     */
    private final String cutLastLine;
    private final String description;

    private DirectoryLineStore(Path dir, Manifest manifest, ReadOptions options, boolean unterminatedEnd,
            String cutLastLine) {
        this.dir = dir;
        this.manifest = manifest;
        this.method = options.method();
        this.unterminatedEnd = unterminatedEnd;
        this.cutLastLine = cutLastLine;
        this.description = manifest.source() == null ? dir.toString()
                : StoreFiles.dataPath(dir, manifest, 0).toString();
        long threshold = options.autoThresholdBytes() == ReadOptions.STORE_AUTO_THRESHOLD
                ? manifest.autoThresholdBytes() : options.autoThresholdBytes();
        int lastShard = manifest.shards().size() - 1;
        this.blocks = manifest.compression().compressed() ? new BlockCache(options.blockCacheBytes()) : null;
        this.zstd = manifest.compression().compressed() ? new ZstdContexts() : null;
        this.handles = new HandleCache<>(manifest.shards().size(), options.handleCacheSize(), shard -> openShard(new ShardReader.Spec(
                StoreFiles.dataPath(dir, manifest, shard),
                StoreFiles.indexPath(dir, manifest, shard),
                IndexFormat.Identity.of(manifest, shard),
                manifest.index(),
                manifest.shards().get(shard).lines(),
                manifest.shards().get(shard).dataBytes(),
                manifest.shards().get(shard).textBytes(),
                manifest.shards().get(shard).indexBytes(),
                manifest.shards().get(shard).dataHeadCrc32c(),
                method,
                options.readBufferSize(),
                threshold,
                unterminatedEnd && shard == lastShard,
                manifest.shards().get(shard).loneNewlines(),
                lines -> appendedSince(shard, lines),
                blocks,
                zstd,
                StoreFiles.checkpoints(dir, manifest))), description);
    }

    /**
     * Whether the manifest at the path, committed since this store's was read, is of the same store and
     * gives the shard at least {@code lines} lines: an append committed meanwhile, whose index header
     * counts its lines. Read only when a header counts more lines than this store's manifest.
     */
    private boolean appendedSince(int shard, long lines) {
        Manifest current = manifestAtPath();
        return current != null && !current.replaces(manifest) && shard < current.shards().size()
                && current.shards().get(shard).lines() >= lines;
    }

    /**
     * Opens a shard's files. A shard of a store that was replaced since this reader opened it may be
     * gone, or (in principle) be another store's: when the manifest at the path is no longer the one
     * this reader has, whatever went wrong is reported as that replacement.
     */
    private ShardReader openShard(ShardReader.Spec spec) {
        try {
            return ShardReader.open(spec);
        } catch (CorruptStoreException | UncheckedIOException e) {
            throw replacedOr(dir, manifest, e);
        }
    }

    /**
     * Opens a store: reads its manifest and checks that every file it names exists with at least the
     * size it commits (bytes past it, from an append that did not commit, are ignored); files are
     * opened lazily, per shard, on first read. A store replaced while it is being opened is opened
     * again, as the new store.
     *
     * @param dir the store directory
     * @param options how to read
     * @return the store
     * @throws io.linestore.StoreNotFoundException if there is no store at {@code dir}
     * @throws CorruptStoreException if the manifest is damaged or a file is missing or of the wrong size
     * @throws io.linestore.UnsupportedFormatException if the format version is unknown
     */
    public static DirectoryLineStore open(Path dir, ReadOptions options) {
        for (int attempt = 1; ; attempt++) {
            try {
                return openOnce(dir, options);
            } catch (StoreReplacedException e) {
                if (attempt == OPEN_ATTEMPTS) {
                    throw e;
                }
            }
        }
    }

    private static DirectoryLineStore openOnce(Path dir, ReadOptions options) {
        if (Files.isRegularFile(dir)) {
            return openSidecar(dir, options);
        }
        Manifest manifest = ManifestCodec.read(dir);
        if (manifest.source() != null) {
            // A sidecar directory: open through its file, so that staleness is checked.
            return openSidecar(StoreFiles.dataPath(dir, manifest, 0), options);
        }
        return open(dir, manifest, options, false, null);
    }

    /** Checks the files the manifest names; a file gone because the store was replaced meanwhile says so. */
    private static DirectoryLineStore open(Path dir, Manifest manifest, ReadOptions options,
            boolean unterminatedEnd, String cutLastLine) {
        try {
            for (int k = 0; k < manifest.shards().size(); k++) {
                ShardEntry shard = manifest.shards().get(k);
                checkFile(StoreFiles.dataPath(dir, manifest, k), shard.dataBytes());
                if (manifest.indexStride() > 0) {
                    checkFile(StoreFiles.indexPath(dir, manifest, k), shard.indexBytes());
                }
            }
        } catch (CorruptStoreException e) {
            throw replacedOr(dir, manifest, e);
        }
        return new DirectoryLineStore(dir, manifest, options, unterminatedEnd, cutLastLine);
    }

    /**
     * {@link StoreReplacedException} when the manifest at {@code dir} is no longer {@code opened} (the
     * failure came from reading a replaced store's files), else the failure itself.
     */
    private static RuntimeException replacedOr(Path dir, Manifest opened, RuntimeException failure) {
        Manifest current;
        try {
            current = ManifestCodec.read(dir);
        } catch (RuntimeException unreadable) {
            failure.addSuppressed(unreadable);
            return failure;
        }
        return current.replaces(opened)
                ? new StoreReplacedException(dir, opened.generation(), current.generation(), failure)
                : failure;
    }

    /**
     * Opens a file indexed in place: refuses a stale index, and a file modified or replaced at the same
     * size (its bytes would have to be read in full to trust it: {@code index} does that); of a file
     * that grew, reads the lines indexed so far, except a last one indexed without its end. A sidecar without a manifest (what an index killed before its commit left: a lock
     * file, a generation folder) indexes nothing: the file is not indexed, as if it had none.
     */
    private static DirectoryLineStore openSidecar(Path file, ReadOptions options) {
        Path sidecar = StoreFiles.sidecarDir(file);
        if (!Files.isRegularFile(sidecar.resolve(StoreFiles.MANIFEST))) {
            throw new StoreNotFoundException(file, "it is not indexed (no " + sidecar.getFileName() + "/"
                    + StoreFiles.MANIFEST + "); index it with `linestore index " + file + "`");
        }
        try {
            Manifest manifest = ManifestCodec.read(sidecar);
            if (manifest.source() == null) {
                throw new CorruptStoreException(sidecar.resolve(StoreFiles.MANIFEST), "holds a store, not the index of "
                        + file + "; move it away and index the file with `linestore index " + file + "`");
            }
            SourceCheck.Result state = SourceCheck.check(file, manifest);
            switch (state.state()) {
                case CHANGED -> throw new StaleIndexException(file, state.change());
                case RESTAMPED -> throw new StaleIndexException(file, state.change()
                        + ", so its bytes may differ from the ones indexed");
                case FRESH, GROWN -> {
                    // checked below
                }
            }
            boolean compressed = manifest.compression().inPlace();
            boolean endsInsideLine;
            if (compressed) {
                // A manifest that does not record it may still say the text ends in a \n.
                endsInsideLine = manifest.source().textEndsInsideLine() && !manifest.shards().getFirst().loneNewlines();
            } else {
                try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
                    endsInsideLine = SourceCheck.endsInsideLine(channel, manifest.dataBytes());
                }
            }
            String cut = state.state() == SourceCheck.State.GROWN && endsInsideLine
                    ? "it grew since it was indexed, and its last indexed line, " + (manifest.lineCount() - 1)
                            + ", had no end there: it may go on past the " + manifest.dataBytes() + " bytes indexed"
                    : null;
            // A compressed file's last byte says nothing of its text's: its last line may lack a \n.
            return open(sidecar, manifest, options, compressed || endsInsideLine, cut);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open " + file + ": " + e.getMessage(), e);
        }
    }


    private static void checkFile(Path file, long expectedBytes) {
        long size;
        try {
            size = Files.size(file);
        } catch (NoSuchFileException e) {
            throw new CorruptStoreException(file, "missing; the manifest lists it with " + expectedBytes + " bytes");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        if (size < expectedBytes) {
            throw new CorruptStoreException(file, "size " + size + " bytes, the manifest says " + expectedBytes
                    + " (truncated)");
        }
    }

    @Override
    public long lineCount() {
        return manifest.lineCount();
    }

    @Override
    public List<String> read(long offset, long size) {
        long end = end(offset, size);
        if (end - offset > MAX_READ_LINES) {
            throw new IllegalArgumentException("read(" + offset + ", " + size + ") of " + description + " would return "
                    + (end - offset) + " lines, more than a list holds (" + MAX_READ_LINES
                    + "); use lines() or readBytes()");
        }
        List<String> lines = new ArrayList<>((int) (end - offset));
        forEachShard(offset, end, (reader, part) -> reader.strings(part.start(), part.end(), part.firstLine(), lines::add));
        return lines;
    }

    @Override
    public void readBytes(long offset, long size, LineVisitor visitor) {
        long end = end(offset, size);
        forEachShard(offset, end, (reader, part) -> reader.visit(part.start(), part.end(), part.firstLine(), visitor));
    }

    @Override
    public int read(long offset, long size, LineBatch batch) {
        long end = end(offset, size);
        if (end - offset > LineBatch.MAX_BYTES) {
            throw new IllegalArgumentException("read(" + offset + ", " + size + ", batch) of " + description
                    + " would put " + (end - offset) + " lines in one batch, more than it holds ("
                    + LineBatch.MAX_BYTES + "); read fewer at a time");
        }
        batch.clear(offset);
        forEachShard(offset, end, (reader, part) -> reader.batch(part.start(), part.end(), batch));
        return batch.size();
    }

    @Override
    public int read(long offset, long size, SegmentBatch batch) {
        long end = end(offset, size);
        batch.clear(offset);
        if (offset == end) {
            return 0;
        }
        // One shard at most: a view cannot span two files.
        long perShard = manifest.linesPerShard();
        long partEnd = Math.min(end, Math.min(offset - offset % perShard + manifest.shards().get(
                Math.toIntExact(offset / perShard)).lines(), offset + LineBatch.MAX_BYTES));
        forEachShard(offset, partEnd, (reader, part) -> reader.segments(part.start(), part.end(), batch));
        return batch.size();
    }

    @Override
    public long transferTo(long offset, long size, WritableByteChannel target) throws IOException {
        long end = end(offset, size);
        forEachShard(offset, end, (reader, part) -> reader.transfer(part.start(), part.end(), target));
        return end - offset;
    }

    @Override
    public Stream<String> lines(long offset, long size) {
        long end = end(offset, size);
        long count = end - offset;
        return LongStream.range(0, Math.ceilDiv(count, STREAM_BATCH))
                .mapToObj(batch -> read(offset + batch * STREAM_BATCH,
                        (int) Math.min(STREAM_BATCH, count - batch * STREAM_BATCH)))
                .flatMap(List::stream);
    }

    @Override
    public StoreInfo info() {
        ensureOpen();
        return manifest.info();
    }

    /**
     * Verifies the files of the store this reader opened. A store replaced since it was opened, or while
     * verify reads it, has had those files removed under it (or changed, by a build after a removal): what
     * verify found of them says nothing of the store at the path, so the replacement is reported instead.
     */
    @Override
    public VerifyReport verify() {
        ensureOpen();
        Manifest before = manifestAtPath();
        if (before != null && before.replaces(manifest)) {
            throw new StoreReplacedException(dir, manifest.generation(), before.generation(), null);
        }
        VerifyReport report = StoreVerifier.verify(dir, manifest, unterminatedEnd);
        Manifest after = manifestAtPath();
        if (after != null && after.replaces(manifest)) {
            throw StoreReplacedException.whileVerified(dir, manifest.generation(), after.generation());
        }
        return report;
    }

    /** The manifest at the path now, or {@code null} if it cannot be read (then the report stands). */
    private Manifest manifestAtPath() {
        try {
            return ManifestCodec.read(dir);
        } catch (RuntimeException unreadable) {
            return null;
        }
    }

    @Override
    public ReadMethod readMethod() {
        return method;
    }

    @Override
    public void close() {
        handles.close();
        if (blocks != null) {
            blocks.clear();
            zstd.close();
        }
    }

    @Override
    public String toString() {
        return "DirectoryLineStore(path=\"" + description + "\", method=" + method + ", lines=" + manifest.lineCount() + ")";
    }

    /** Checks the arguments and the state; returns the end line of the read, exclusive. */
    private long end(long offset, long size) {
        if (offset < 0) {
            throw new IllegalArgumentException("offset must be >= 0: " + offset);
        }
        if (size < 0) {
            throw new IllegalArgumentException("size must be >= 0: " + size);
        }
        ensureOpen();
        long count = manifest.lineCount();
        long end = offset >= count ? offset : offset + Math.min(size, count - offset);
        if (cutLastLine != null && end == count && end > offset) {
            throw new StaleIndexException(StoreFiles.dataPath(dir, manifest, 0), cutLastLine);
        }
        return end;
    }

    private void ensureOpen() {
        if (handles.isClosed()) {
            throw new StoreClosedException(description);
        }
    }

    private <E extends Exception> void forEachShard(long start, long end, ShardPartReader<E> partReader) throws E {
        long perShard = manifest.linesPerShard();
        for (long line = start; line < end; ) {
            int shard = Math.toIntExact(line / perShard);
            long shardFirst = shard * perShard;
            long partEnd = Math.min(end, shardFirst + manifest.shards().get(shard).lines());
            try (HandleCache.Lease<ShardReader> lease = handles.acquire(shard)) {
                partReader.read(lease.get(), new Part(line - shardFirst, partEnd - shardFirst, line));
            }
            line = partEnd;
        }
    }

    /** Lines {@code [start, end)} of one shard, relative to it; {@code firstLine} is store-wide. */
    private record Part(long start, long end, long firstLine) {
    }

    /** Reads one shard's part; {@code E} is what it may throw besides the read's own errors (a write's). */
    @FunctionalInterface
    private interface ShardPartReader<E extends Exception> {
        void read(ShardReader reader, Part part) throws E;
    }
}
