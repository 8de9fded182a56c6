package io.linestore.impl.format;

/**
 * What a sidecar index knows of the file it indexes, to tell on open whether the file is as it was
 * (fresh), only longer (grown: the old bytes are untouched, the new ones can be indexed on their own),
 * or changed in any other way (the index is stale and must not be used).
 *
 * @param name the file's name; the sidecar directory is this name plus {@value StoreFiles#SIDECAR_SUFFIX},
 *     next to it
 * @param modifiedMillis the file's modification time when it was last indexed
 * @param headCrc32c CRC32C of the indexed bytes' first {@value StoreFiles#PROBE_BYTES} (or fewer)
 * @param tailCrc32c CRC32C of the indexed bytes' last {@value StoreFiles#PROBE_BYTES} (or fewer)
 * @param checkpointsBytes for a gzip or zstd file, the size of its checkpoint table
 *     ({@link io.linestore.impl.blocks.CheckpointTable}); 0 for text
 * @param checkpointsCrc32c for a gzip or zstd file, the CRC32C of its checkpoint table; 0 for text
 */
public record SourceFile(String name, long modifiedMillis, long headCrc32c, long tailCrc32c, long checkpointsBytes,
        long checkpointsCrc32c) {

    /**
     * What a sidecar knows of a text file.
     *
     * @param name the file's name
     * @param modifiedMillis its modification time
     * @param headCrc32c CRC32C of its head
     * @param tailCrc32c CRC32C of its tail
     */
    public SourceFile(String name, long modifiedMillis, long headCrc32c, long tailCrc32c) {
        this(name, modifiedMillis, headCrc32c, tailCrc32c, 0, 0);
    }

    /**
     * The same file with the checkpoint table of its compressed text.
     *
     * @param bytes the table's size
     * @param crc32c the table's CRC32C
     * @return the record
     */
    public SourceFile withCheckpoints(long bytes, long crc32c) {
        return new SourceFile(name, modifiedMillis, headCrc32c, tailCrc32c, bytes, crc32c);
    }
}
