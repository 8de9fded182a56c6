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
 */
public record ShardEntry(long lines, long dataBytes, long dataCrc32c, long indexBytes, long indexCrc32c) {
}
