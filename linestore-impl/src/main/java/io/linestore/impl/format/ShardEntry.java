package io.linestore.impl.format;

/**
 * One shard's line in the manifest: how many lines and bytes it holds and the checksums of its
 * files.
 *
 * @param lines lines in the shard
 * @param dataBytes size of the data file
 * @param dataCrc32c CRC32C of the data file's committed bytes, {@code [0, dataBytes)} (bytes past them,
 *     from an append that did not commit or a file that grew, are not covered)
 * @param indexBytes size of the index file; 0 when the store has no index (stride 0)
 * @param indexCrc32c CRC32C of the index's line-start entries only, not its header or end entry (see
 *     {@link io.linestore.impl.index.IndexFormat}); 0 when the store has no index
 * @param dataHeadCrc32c CRC32C of the data file's first {@code min(dataBytes, 4096)} bytes, which a
 *     reader checks when it opens the shard ({@link DataFileIdentity}); {@link DataFileIdentity#UNRECORDED}
 *     in a manifest written before the field existed
 * @param textBytes bytes of the shard's lines as stored, uncompressed, in which its index entries are
 *     offsets: {@code dataBytes} unless the store is compressed
 * @param loneNewlines whether every line of the text ends in a lone {@code \n}: none ends in
 *     {@code \r\n} and the last one is terminated, so the text is, byte for byte, what a read prints
 *     and a range of it can be sent as it is; {@code false} also when unknown (a manifest written
 *     before the field existed, a shard appended to from such a one)
 */
public record ShardEntry(long lines, long dataBytes, long dataCrc32c, long indexBytes, long indexCrc32c,
        long dataHeadCrc32c, long textBytes, boolean loneNewlines) {

    /** Nothing yet: the entry a new shard is written from; an empty text has no line that ends otherwise. */
    public static final ShardEntry EMPTY = new ShardEntry(0, 0, 0, 0, 0, 0, 0, true);

    /**
     * The entry of an uncompressed shard, whose text is its data file.
     *
     * @param lines lines in the shard
     * @param dataBytes size of the data file
     * @param dataCrc32c CRC32C of the data file's committed bytes
     * @param indexBytes size of the index file
     * @param indexCrc32c CRC32C of the index's line-start entries
     * @param dataHeadCrc32c CRC32C of the data file's head
     * @param loneNewlines whether every line ends in a lone {@code \n}
     * @return the entry
     */
    public static ShardEntry plain(long lines, long dataBytes, long dataCrc32c, long indexBytes, long indexCrc32c,
            long dataHeadCrc32c, boolean loneNewlines) {
        return new ShardEntry(lines, dataBytes, dataCrc32c, indexBytes, indexCrc32c, dataHeadCrc32c, dataBytes,
                loneNewlines);
    }
}
