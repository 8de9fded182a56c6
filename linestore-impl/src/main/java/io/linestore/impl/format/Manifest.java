package io.linestore.impl.format;

import io.linestore.IndexKind;
import io.linestore.Layout;
import io.linestore.StoreInfo;
import java.util.List;

/**
 * A store's {@code manifest.json}: what the store holds and the checksum of every file. A store
 * exists once its manifest does; it is written last (see {@link ManifestCodec#publish}).
 *
 * @param format always {@value #FORMAT}
 * @param version the format version: {@value #VERSION}, or {@value #VERSION_1} for a store written
 *     before the manifest named its index kind (its index is dense, sparse or none)
 * @param layout single file or shards
 * @param lineCount lines in the store, the sum of the shards' lines
 * @param dataBytes bytes of all data files
 * @param indexBytes bytes of all index files
 * @param index how the shards' index files encode line offsets
 * @param linesPerShard lines in every shard but the last; {@link Long#MAX_VALUE} for
 *     {@link Layout#SINGLE}
 * @param autoThresholdBytes the range size at which {@code AUTO} reads switch from the mapping to
 *     the channel
 * @param shards one entry per shard, in order
 * @param source for a sidecar index, the indexed file; {@code null} for a store directory
 */
public record Manifest(
        String format,
        int version,
        Layout layout,
        long lineCount,
        long dataBytes,
        long indexBytes,
        IndexKind index,
        long linesPerShard,
        long autoThresholdBytes,
        List<ShardEntry> shards,
        SourceFile source) {

    /** The value of {@code format}. */
    public static final String FORMAT = "linestore";

    /** The format version this code writes. */
    public static final int VERSION = 2;

    /** The first format version, still read and appended to. */
    public static final int VERSION_1 = 1;

    /**
     * Copies the shard list.
     */
    public Manifest {
        shards = shards == null ? null : List.copyOf(shards);
    }

    /**
     * A copy with other shards and totals, for a store that grew.
     *
     * @param newShards the shards
     * @param newSource the source file, for a sidecar; {@code null} otherwise
     * @return the new manifest
     */
    public Manifest withShards(List<ShardEntry> newShards, SourceFile newSource) {
        return new Manifest(format, version, layout, newShards.stream().mapToLong(ShardEntry::lines).sum(),
                newShards.stream().mapToLong(ShardEntry::dataBytes).sum(),
                newShards.stream().mapToLong(ShardEntry::indexBytes).sum(), index, linesPerShard,
                autoThresholdBytes, newShards, newSource);
    }

    /**
     * Lines per index entry.
     *
     * @return 0 none, 1 compact or dense, {@code K > 1} sparse
     */
    public int indexStride() {
        return index.stride();
    }

    /**
     * Describes the store.
     *
     * @return the public description
     */
    public StoreInfo info() {
        return new StoreInfo(version, layout, lineCount, dataBytes, indexBytes, index, linesPerShard,
                shards.size());
    }
}
