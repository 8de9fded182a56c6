package io.linestore.impl.format;

/**
 * One shard's line in the manifest: how many lines and bytes it holds and the checksums of its
 * files.
 *
 * @param lines lines in the shard
 * @param dataBytes size of the data file
 * @param dataCrc32c CRC32C of the whole data file
 * @param indexBytes size of the index file; 0 when the store has no index (stride 0)
 * @param indexCrc32c CRC32C of the whole index file; 0 when the store has no index
 */
public record ShardEntry(long lines, long dataBytes, long dataCrc32c, long indexBytes, long indexCrc32c) {
}
