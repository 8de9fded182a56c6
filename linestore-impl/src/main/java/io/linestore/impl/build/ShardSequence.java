package io.linestore.impl.build;

import io.linestore.Layout;
import io.linestore.ProgressListener;
import io.linestore.impl.format.Manifest;
import io.linestore.impl.format.ManifestCodec;
import io.linestore.impl.format.ShardEntry;
import io.linestore.impl.format.StoreFiles;
import io.linestore.impl.index.IndexFormat;
import io.linestore.impl.index.IndexFiles;
import io.linestore.impl.io.ChunkSource;
import io.linestore.impl.io.ScannedChunk;
import io.linestore.impl.zstd.FrameCompressor;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes lines into a store's shards in order: continues the last committed shard while it has room,
 * then starts new ones of {@code linesPerShard} lines each. Serves both building and appending. Not
 * thread-safe.
 */
final class ShardSequence implements LineSink, Closeable {

    private final Path dir;
    private final Manifest store;
    private final Layout layout;
    private final long linesPerShard;
    private final int bufferSize;
    private final boolean fsync;
    private final List<ShardEntry> shards;
    /** Compresses the data files of a compressed store; {@code null} for an uncompressed one. */
    private final FrameCompressor compressor;
    private ShardWriter shard;
    private int headerPending = -1;
    private boolean created;

    /**
     * Prepares to write after the committed shards.
     *
     * @param dir the folder of the store's files ({@link StoreFiles#filesDir})
     * @param store the store's committed manifest, or the empty one of a new store: its shape, its
     *     shards, and the identity every index header records
     * @param bufferSize write buffer size per file
     * @param fsync whether finished shards are forced to the device
     * @throws IOException if the last shard cannot be opened, or a single store's file created
     */
    ShardSequence(Path dir, Manifest store, int bufferSize, boolean fsync) throws IOException {
        this.dir = dir;
        this.store = store;
        this.layout = store.layout();
        this.linesPerShard = store.linesPerShard();
        this.bufferSize = bufferSize;
        this.fsync = fsync;
        this.shards = new ArrayList<>(store.shards());
        this.compressor = store.compression().compressed() ? new FrameCompressor(store.compression()) : null;
        if (!shards.isEmpty() && shards.getLast().lines() < linesPerShard) {
            ShardEntry last = shards.removeLast();
            int number = shards.size();
            shard = ShardWriter.resume(dir.resolve(StoreFiles.dataFile(layout, number)),
                    dir.resolve(StoreFiles.indexFile(layout, number)), store.index(),
                    IndexFormat.Identity.of(store, number), bufferSize, fsync, last, compressor);
        } else if (layout == Layout.SINGLE && shards.isEmpty()) {
            open();
        } else if (layout == Layout.SHARDED) {
            Files.createDirectories(StoreFiles.shardsDir(dir));
        }
    }

    /** Passes the bytes to the shard being written, finishing each shard as its last line ends. */
    @Override
    public void write(ScannedChunk chunk, int from, int to, int firstEnd, int endCount) throws IOException {
        int start = from;
        int first = firstEnd;
        int count = endCount;
        while (start < to) {
            if (shard == null) {
                open();
            }
            long room = linesPerShard - shard.lines();
            if (count < room) {
                shard.write(chunk, start, to, first, count);
                return;
            }
            int cut = chunk.ends().end(first + (int) room - 1);
            shard.write(chunk, start, cut, first, (int) room);
            finishShard();
            start = cut;
            first += (int) room;
            count -= (int) room;
        }
    }

    /**
     * Writes a whole input of lines, ending an unterminated last line, and finishes.
     *
     * @param input the lines, read to the end and not closed
     * @param bufferSize the chunk size
     * @param progress told after each chunk
     * @return every shard of the store, and the bytes read
     * @throws IOException if reading or writing fails
     */
    Written writeAll(ChunkSource input, int bufferSize, ProgressListener progress) throws IOException {
        LineFeeder feeder = new LineFeeder(this, bufferSize, true, progress);
        feeder.feed(input);
        feeder.terminate();
        return new Written(finish(), feeder.inputBytes(), headerPending);
    }

    /**
     * What {@link #writeAll} wrote.
     *
     * @param shards every shard of the store, committed and new
     * @param inputBytes bytes read from the input
     * @param headerPending the shard whose index header waits for the manifest, or -1
     */
    record Written(List<ShardEntry> shards, long inputBytes, int headerPending) {
    }

    /**
     * Completes a write once its manifest is published: writes the header of the continued index,
     * which stayed marked in progress until the new lines were committed.
     *
     * @param dir the folder of the store's files
     * @param store the store's manifest
     * @param written what {@link #writeAll} wrote
     * @param fsync whether to force the header to the device
     * @throws IOException if writing fails (readers accept the in-progress mark meanwhile)
     */
    static void commit(Path dir, Manifest store, Written written, boolean fsync) throws IOException {
        int pending = written.headerPending();
        if (pending >= 0) {
            ShardEntry shard = written.shards().get(pending);
            IndexFiles.commitHeader(store.index(), dir.resolve(StoreFiles.indexFile(store.layout(), pending)),
                    IndexFormat.Identity.of(store, pending), shard.lines(), shard.indexBytes(), fsync);
        }
    }

    /**
     * Finishes the shard being written.
     *
     * @return every shard of the store, committed and new
     * @throws IOException if writing fails
     */
    List<ShardEntry> finish() throws IOException {
        if (shard != null) {
            finishShard();
        }
        if (fsync && created && layout == Layout.SHARDED) {
            // New shard files are entries of shards/: force it too, or a power loss could keep the
            // manifest but lose the files it names.
            ManifestCodec.forceDirectory(StoreFiles.shardsDir(dir));
        }
        return List.copyOf(shards);
    }

    private void open() throws IOException {
        int number = shards.size();
        Path data = dir.resolve(StoreFiles.dataFile(layout, number));
        Path index = dir.resolve(StoreFiles.indexFile(layout, number));
        // Left by an append that never committed: no manifest lists them, so no reader has them open.
        Files.deleteIfExists(data);
        Files.deleteIfExists(index);
        shard = ShardWriter.create(data, index, store.index(), IndexFormat.Identity.of(store, number), bufferSize,
                fsync, compressor);
        created = true;
    }

    private void finishShard() throws IOException {
        try (ShardWriter done = shard) {
            shard = null;
            if (done.headerPending()) {
                headerPending = shards.size();
            }
            shards.add(done.finish(0));
        }
    }

    @Override
    public void close() throws IOException {
        try (compressor) {
            if (shard != null) {
                shard.close();
            }
        }
    }
}
