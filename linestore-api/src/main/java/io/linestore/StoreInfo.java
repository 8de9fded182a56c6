package io.linestore;

/**
 * What a store's manifest says about it.
 *
 * @param formatVersion the on-disk format version
 * @param layout single file or shards
 * @param lineCount lines in the store
 * @param dataBytes bytes of all data files together (compressed, for a compressed store)
 * @param textBytes bytes of the lines as stored, uncompressed: {@code dataBytes} for an uncompressed
 *     store
 * @param indexBytes bytes of all index files together
 * @param index the index kind
 * @param linesPerShard lines per shard; for {@link Layout#SINGLE}, {@link Long#MAX_VALUE}
 * @param shardCount data files in the store
 * @param compression how the data files are compressed
 * @param loneNewlines whether every line is recorded to end in a lone {@code \n} (none in {@code \r\n},
 *     the last one terminated), so the stored text is byte for byte what a read prints; recorded when the
 *     store is built and appended to, {@code false} when a store predates the record
 */
public record StoreInfo(
        int formatVersion,
        Layout layout,
        long lineCount,
        long dataBytes,
        long textBytes,
        long indexBytes,
        IndexKind index,
        long linesPerShard,
        int shardCount,
        Compression compression,
        boolean loneNewlines) {

    /**
     * Lines per index entry.
     *
     * @return 0 none, 1 compact or dense, {@code K > 1} sparse
     */
    public int indexStride() {
        return index.stride();
    }

    /**
     * Index bytes per line: the space the index costs.
     *
     * @return {@code indexBytes / lineCount}, 0 for an empty store
     */
    public double indexBytesPerLine() {
        return lineCount == 0 ? 0 : (double) indexBytes / lineCount;
    }
}
