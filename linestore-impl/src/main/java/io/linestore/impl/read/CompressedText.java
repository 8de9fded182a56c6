package io.linestore.impl.read;

import io.linestore.impl.blocks.BlockCache;
import io.linestore.impl.blocks.BlockReader;
import io.linestore.impl.blocks.CheckpointTable;
import io.linestore.impl.gzip.GzipSpans;
import io.linestore.impl.zstd.SeekTable;
import io.linestore.impl.zstd.ZstdContexts;
import io.linestore.impl.zstd.ZstdFrames;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Opens the text of a compressed data file for reads and {@code verify} alike: a store's data file
 * through the seek table at its end, a gzip or zstd file indexed in place through its sidecar's
 * checkpoint table.
 */
public final class CompressedText {

    private CompressedText() {
    }

    /**
     * Opens a compressed file's text.
     *
     * @param file the data file
     * @param shard the shard's number, the cache's key
     * @param raw reads the file's bytes; owned by the result (closed here if opening fails)
     * @param fileBytes the file's committed size
     * @param textBytes the text's size
     * @param checkpoints the sidecar's checkpoint table, or {@code null} for a store's data file
     * @param cache the store's block cache
     * @param windows where a gzip file's decoded frames of windows are kept: loaded while a block
     *     loads, they cannot share the block cache's map
     * @param contexts the store's zstd contexts
     * @return the text, by text offset
     * @throws IOException if reading fails
     * @throws io.linestore.CorruptStoreException if a table is damaged or disagrees with the manifest
     */
    public static BlockReader open(Path file, int shard, RangeReader raw, long fileBytes, long textBytes,
            CheckpointTable.Location checkpoints, BlockCache cache, BlockCache windows, ZstdContexts contexts)
            throws IOException {
        try {
            if (checkpoints == null) {
                SeekTable table = SeekTable.read(file, (from, into) -> raw.readFully(from, into, 0, into.length),
                        fileBytes, textBytes);
                return new BlockReader(file, shard, raw, table, new ZstdFrames(contexts), cache);
            }
            CheckpointTable table = checkpoints.open(textBytes, fileBytes);
            if (table.codec() == CheckpointTable.GZIP) {
                return new BlockReader(file, shard, raw, table, new GzipSpans(table, windows), cache);
            }
            // Only gzip windows are read after opening.
            table.close();
            return new BlockReader(file, shard, raw, table, new ZstdFrames(contexts), cache);
        } catch (IOException | RuntimeException e) {
            raw.close();
            throw e;
        }
    }
}
